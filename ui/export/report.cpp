#include "ui/export/report.h"

#include "app/version.h"
#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/ledgerfields.h"
#include "engine/presets.h"
#include "engine/units.h"
#include "ui/compare/comparewindow.h"
#include "ui/controller.h"
#include "ui/export/render.h"
#include "ui/i18n/enginetext.h"
#include "ui/i18n/mnemonic.h"
#include "ui/views/ledgertable.h"
#include "ui/views/registry.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLegend>
#include <QLocale>
#include <QPagedPaintDevice>
#include <QPainter>
#include <QPdfWriter>
#include <QTextDocument>

#include <algorithm>
#include <cmath>
#include <functional>

namespace tl::ui {

namespace {

// The report is laid out in units of 1/96 inch, the resolution the widgets are drawn at.
constexpr int kDpi = 96;
const QColor kGood(0x2e, 0x7d, 0x32);
const QColor kBad(0xc6, 0x28, 0x28);
const QColor kGrey(0x55, 0x5f, 0x6a);

// lupdate files a free function's tr() under the enclosing namespace: the same context here.
QString tr(const char* text, const char* disambiguation = nullptr, int n = -1) {
    return QCoreApplication::translate("tl::ui", text, disambiguation, n);
}
QString str(const std::string& s) {
    return QString::fromStdString(s);
}
QString esc(const QString& s) {
    return s.toHtmlEscaped();
}
QString fmt(const engine::LedgerValue& v, engine::Unit u) {
    return valueText(v, u);
}
QString days(double d) {
    return fmt(d, engine::Unit::Days);
}
QString bytes(double b) {
    return str(engine::formatGB(b));
}

QString scheduleName(engine::Schedule s) {
    switch (s) {
    case engine::Schedule::GPipe:
        return QStringLiteral("GPipe");
    case engine::Schedule::OneFOneB:
        return QStringLiteral("1F1B");
    case engine::Schedule::Interleaved:
        return tr("interleaved 1F1B");
    case engine::Schedule::ZbH1:
        return QStringLiteral("ZB-H1");
    default:
        return QString::fromUtf8(engine::choiceName(s));
    }
}

QString name(const auto choice) {
    return QString::fromUtf8(engine::choiceName(choice));
}

// A choice as the panel shows it (its translated label: "Full", not the key value "full").
QString choiceLabel(const char* key, const auto choice) {
    if (const engine::Field* f = engine::findField(key))
        for (size_t i = 0; i < f->choices.size(); ++i)
            if (f->choices[i] == engine::choiceName(choice))
                return choiceText(*f, i);
    return name(choice);
}

QString gpuName(const engine::Scenario& s) {
    if (const engine::GpuPreset* g = engine::findGpuPreset(s.hardware.preset))
        return str(g->name);
    return tr("custom GPU");
}

QString layoutText(const engine::Scenario& s) {
    const auto& p = s.parallel;
    QString text =
        tr("TP %1 \u00d7 PP %2 \u00d7 DP %3 \u00d7 CP %4, ZeRO-%5").arg(p.tp).arg(p.pp).arg(p.dp).arg(p.cp).arg(p.zero);
    if (p.pp > 1)
        text += tr(", %1 schedule").arg(scheduleName(p.schedule));
    return text;
}

QString row(const QString& label, const QString& value, bool shade) {
    return QStringLiteral("<tr%1><td width=\"28%\"><b>%2</b></td><td>%3</td></tr>")
        .arg(shade ? QStringLiteral(" bgcolor=\"#eef2f6\"") : QString(), esc(label), esc(value));
}

const engine::LedgerField* ledgerField(const char* key);
QString fieldLabel(const engine::LedgerField& f);

} // namespace

QString reportPlanTable(const engine::Scenario& s, const engine::Ledger& l) {
    const auto& t = l.time;
    const int nodes = int(std::ceil(double(t.gpus) / std::max(1, s.hardware.gpusPerNode)));
    QString html = QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"4\">");
    html += row(tr("Layout"), layoutText(s), true);
    const QString gpus = str(engine::groupDigits(t.gpus));
    html += row(tr("GPUs"),
                nodes == 1
                    ? tr("%1 \u00d7 %2 (one node of %3)").arg(gpus, gpuName(s)).arg(s.hardware.gpusPerNode)
                    : tr("%1 \u00d7 %2 (%3 nodes of %4)").arg(gpus, gpuName(s)).arg(nodes).arg(s.hardware.gpusPerNode),
                false);
    // The time gate's days: checkpoints, lost work and restarts counted (time.days_effective).
    html += row(tr("Days"),
                tr("%1 of the %2 allowed (deadline %3 days, %4 kept in reserve)")
                    .arg(days(t.daysEffective), str(engine::formatFixed(t.trainingDays, 1)),
                         str(engine::formatFixed(s.schedule.deadlineDays, 0)),
                         str(engine::formatFixed(s.schedule.reserveDays, 0))),
                true);
    // What the reserve covers (issue 25): the engine's sentence, and the run's faults and checkpoints as the step view
    // and the command line's report list them (engine::kFaultFigures). On the first page, whose charts take the rest.
    QStringList faults;
    for (const char* key : engine::kFaultFigures)
        if (const engine::LedgerField* f = ledgerField(key))
            faults << tr("%1 %2").arg(fieldLabel(*f), fieldValueText(*f, l));
    html +=
        row(tr("Faults and checkpoints"),
            diagnosticText(engine::reserveSentence(s, l)) + QLatin1Char(' ') + faults.join(QStringLiteral(" \u00b7 ")),
            false);
    html += row(tr("GPU-hours"), fmt(t.gpuHours, engine::Unit::Hours), false);
    html += row(tr("Dollars"),
                tr("%1 at %2 per GPU-hour")
                    .arg(fmt(l.cost.usd, engine::Unit::Usd),
                         QStringLiteral("$") + str(engine::formatFixed(s.hardware.usdPerGpuHour, 2))),
                true);
    html += QStringLiteral("</table>");
    return html;
}

namespace {

// The figures behind the verdict, with units (the ledger table's labels and formatting).
const char* const kKeyFigures[] = {"params.total",
                                   "params.active",
                                   "flops.training_per_token",
                                   "flops.total",
                                   "state.bytes_per_param",
                                   "state.total_bytes",
                                   "memory.weights",
                                   "memory.gradients",
                                   "memory.master_weights",
                                   "memory.optimizer",
                                   "memory.activations",
                                   "memory.buffers",
                                   "memory.total",
                                   "memory.capacity",
                                   "time.tokens_per_step",
                                   "time.steps",
                                   "time.step_s",
                                   "time.mfu",
                                   "time.tokens_per_s_per_gpu",
                                   "time.required_tokens_per_s",
                                   "time.min_gpus_memory",
                                   "time.min_gpus_compute",
                                   "pipeline.bubble_fraction"};

const engine::LedgerField* ledgerField(const char* key) {
    for (const engine::LedgerField& f : engine::ledgerFields())
        if (std::string_view(f.key) == key)
            return &f;
    return nullptr;
}

QString fieldLabel(const engine::LedgerField& f) {
    return engineText(QByteArray(f.label).trimmed().constData());
}

} // namespace

QString reportKeyFigures(const engine::Ledger& l) {
    QString html =
        QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"2\">"
                       "<tr bgcolor=\"#1f3b57\"><td><font color=\"white\"><b>%1</b></font></td>"
                       "<td align=\"right\"><font color=\"white\"><b>%2</b></font></td><td width=\"16\"></td>"
                       "<td><font color=\"white\"><b>%3</b></font></td></tr>")
            .arg(esc(tr("Figure")), esc(tr("Value")), esc(tr("Key")));
    int i = 0;
    for (const char* key : kKeyFigures) {
        const engine::LedgerField* f = ledgerField(key);
        if (!f)
            continue;
        // An empty column keeps the right-aligned value apart from the key ("Value Key" ran together).
        html += QStringLiteral("<tr%1><td>%2</td><td align=\"right\">%3</td><td></td><td><font color=\"#555f6a\">"
                               "%4</font></td></tr>")
                    .arg(i++ % 2 ? QStringLiteral(" bgcolor=\"#eef2f6\"") : QString(), esc(fieldLabel(*f)),
                         esc(fieldValueText(*f, l)), esc(QString::fromLatin1(f->key)));
    }
    return html + QStringLiteral("</table>");
}

namespace {

QStringList assumptions(const engine::Scenario& s, const engine::Ledger& l) {
    const auto& h = s.hardware;
    QStringList a;
    if (s.efficiency.mode == engine::EfficiencyMode::Derived)
        a << tr("Efficiency: step time derived from the hardware (efficiency.mode = derived): compute, tensor-, "
                "pipeline-, context- and data-parallel traffic, the bubble and the optimizer step; MFU %1% is the "
                "result.")
                 .arg(str(engine::formatFixed(l.time.mfu * 100, 1)));
    else
        a << tr("Efficiency: MFU fixed at %1% (efficiency.mfu); step time = training FLOPs per step / (GPUs \u00d7 "
                "peak "
                "TFLOP/s \u00d7 MFU).")
                 .arg(str(engine::formatFixed(s.efficiency.mfu * 100, 0)));
    a << tr("GPU: %1, %2 GB of memory, %3 dense BF16 TFLOP/s, %4 per node, $%5 per GPU-hour.")
             .arg(gpuName(s), str(engine::formatFixed(h.memoryGb, 0)), str(engine::formatFixed(h.peakTflops, 0)))
             .arg(h.gpusPerNode)
             .arg(str(engine::formatFixed(h.usdPerGpuHour, 2)));
    a << tr("Precision: weights %1, gradients %2, master weights %3, optimizer %4; activation recompute: %5; "
            "FlashAttention: %6.")
             .arg(name(s.precision.weights), name(s.precision.grads), name(s.precision.master),
                  name(s.precision.optimizer), choiceLabel("activations.recompute", s.activations.recompute),
                  s.activations.flashAttention ? tr("on") : tr("off"));
    a << tr("Buffer allowance %1 per GPU: a 1 GB runtime reserve, gradient buckets, ZeRO-3 prefetch, the tensor-"
            "parallel gather buffer and 5% of the activations for fragmentation. These are allowances, not "
            "measurements.")
             .arg(bytes(l.memory.buffers));
    a << tr("Deadline %1 days with %2 kept in reserve for checkpoints and failures: training has %3 days.")
             .arg(str(engine::formatFixed(s.schedule.deadlineDays, 0)),
                  str(engine::formatFixed(s.schedule.reserveDays, 0)),
                  str(engine::formatFixed(l.time.trainingDays, 1)));
    // A document's name, not where this build keeps it: the page travels, the build tree does not.
    a << tr("GB means 10\u2079 bytes. Only data parallelism varies along the days curve. Every formula and its source: "
            "formulas.md in the TrainLedger documentation; trainledger-cli --explain KEY shows one figure's.");
    return a;
}

QString bullets(const QStringList& items) {
    QString html = QStringLiteral("<ul style=\"margin-left:-20px\">");
    for (const QString& item : items)
        html += QStringLiteral("<li>%1</li>").arg(esc(item));
    return html + QStringLiteral("</ul>");
}

// Paints blocks top-down on pages of the device, with a footer line on each.
class PageWriter {
public:
    // total: the number of pages the report has (from a first pass that counts them), for "page N of M".
    PageWriter(QPagedPaintDevice& device, QString footer, int total)
        : m_device(device), m_painter(&device), m_footer(std::move(footer)), m_total(total) {
        m_painter.setRenderHint(QPainter::Antialiasing);
        m_painter.setRenderHint(QPainter::TextAntialiasing);
        m_width = device.width();
        m_bottom = device.height() - footerHeight();
        m_font = QGuiApplication::font();
        m_font.setPointSizeF(9.5);
    }
    ~PageWriter() {
        finishPage();
        m_painter.end();
    }
    QPainter& painter() { return m_painter; }
    double width() const { return m_width; }
    double y() const { return m_y; }
    double remaining() const { return m_bottom - m_y; }
    int pages() const { return m_page; }

    // Lays the HTML out at the page width; returns its height.
    std::unique_ptr<QTextDocument> document(const QString& html, double pointSize = 9.5) const {
        auto doc = std::make_unique<QTextDocument>();
        doc->documentLayout()->setPaintDevice(&m_device);
        QFont font = m_font;
        font.setPointSizeF(pointSize);
        doc->setDefaultFont(font);
        doc->setDocumentMargin(0);
        doc->setHtml(html);
        doc->setTextWidth(m_width);
        return doc;
    }
    // A block that does not fit below what is on the page starts the next one; only a block taller than a whole
    // page is cut at the footer.
    void html(const QString& html, double pointSize = 9.5, double gapAfter = 10) {
        auto doc = document(html, pointSize);
        const double h = doc->size().height();
        if (h > remaining() && m_y > 0)
            newPage();
        m_painter.save();
        m_painter.translate(0, m_y);
        const QRectF clip(0, 0, m_width, std::min(h, remaining()));
        doc->drawContents(&m_painter, clip); // never past the footer
        m_painter.restore();
        m_y += std::min(h, remaining()) + gapAfter;
    }
    // A heading and its block, kept on one page.
    void section(const QString& title, const QString& body, double pointSize, double gapAfter) {
        const QString heading = QStringLiteral("<b>%1</b>").arg(esc(title));
        const double h = document(heading, 12)->size().height() + 2 + document(body, pointSize)->size().height();
        if (h > remaining() && m_y > 0)
            newPage();
        html(heading, 12, 2);
        html(body, pointSize, gapAfter);
    }
    void box(const QString& text, const QColor& colour, double pointSize = 11.5) {
        auto doc = document(QStringLiteral("<b>%1</b>").arg(esc(text)), pointSize);
        doc->setTextWidth(m_width - 24);
        const double h = doc->size().height() + 16;
        QColor fill = colour;
        fill.setAlpha(30);
        m_painter.save();
        m_painter.setPen(QPen(colour, 1.5));
        m_painter.setBrush(fill);
        m_painter.drawRoundedRect(QRectF(0.75, m_y, m_width - 1.5, h), 6, 6);
        m_painter.translate(12, m_y + 8);
        QAbstractTextDocumentLayout::PaintContext ctx;
        ctx.palette.setColor(QPalette::Text, colour.darker(140));
        doc->documentLayout()->draw(&m_painter, ctx);
        m_painter.restore();
        m_y += h + 12;
    }
    void widget(QWidget* w, double gapAfter = 8) {
        const double h = m_width * w->height() / w->width();
        paintWidget(m_painter, w, QRectF(0, m_y, m_width, h));
        m_y += h + gapAfter;
    }
    void newPage() {
        finishPage();
        m_device.newPage();
        ++m_page;
        m_y = 0;
    }

private:
    double footerHeight() const { return 22; }
    void finishPage() {
        if (m_finished == m_page)
            return;
        m_finished = m_page;
        m_painter.save();
        QFont f = m_font;
        f.setPointSizeF(7.5);
        m_painter.setFont(f);
        m_painter.setPen(kGrey);
        const double top = m_device.height() - footerHeight() + 6;
        m_painter.drawLine(QPointF(0, top - 4), QPointF(m_width, top - 4));
        m_painter.drawText(QRectF(0, top, m_width, footerHeight() - 6), Qt::AlignLeft | Qt::AlignVCenter, m_footer);
        m_painter.drawText(
            QRectF(0, top, m_width, footerHeight() - 6), Qt::AlignRight | Qt::AlignVCenter,
            QCoreApplication::translate("tl::ui", "page %1 of %2").arg(m_page).arg(std::max(m_total, m_page)));
        m_painter.restore();
    }

    QPagedPaintDevice& m_device;
    QPainter m_painter;
    QString m_footer;
    QFont m_font;
    double m_width = 0, m_bottom = 0, m_y = 0;
    int m_page = 1, m_finished = 0, m_total = 0;
};

// Reports are laid out twice: once on a scratch PDF of the device's page size and resolution to count the pages,
// then on the device with "page N of M" in each footer.
int countPages(QPagedPaintDevice& device, const std::function<int(QPagedPaintDevice&)>& paint) {
    QBuffer scratch;
    scratch.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&scratch);
    pdf.setResolution(device.logicalDpiY());
    pdf.setPageLayout(device.pageLayout());
    return paint(pdf);
}

QString footerFor(const QString& fileName, const QDateTime& when) {
    return tr("%1 \u00b7 %2 \u00b7 TrainLedger %3")
        .arg(fileName.isEmpty() ? tr("scenario not saved to a file") : fileName,
             QLocale().toString(when, QLocale::ShortFormat), QStringLiteral(TL_VERSION));
}

void prepare(QPagedPaintDevice& device) {
    device.setPageMargins(QMarginsF(16, 14, 16, 12), QPageLayout::Millimeter);
}

} // namespace

// The verdict in one sentence a director can repeat.
QString reportVerdict(const engine::Ledger& l) {
    if (!l.valid)
        return tr("No valid plan: %1").arg(l.errors.empty() ? QString() : diagnosticText(l.errors.front()));
    const auto& m = l.memory;
    const auto& t = l.time;
    const QString allowed = str(engine::formatFixed(t.trainingDays, 1));
    if (m.fits && t.finishes)
        return tr("This plan works: it fits in memory (%1 of %2 per GPU) and finishes in %3 of the %4 days allowed, "
                  "for %5.")
            .arg(bytes(m.total), bytes(m.capacity), days(t.daysEffective), allowed, fmt(l.cost.usd, engine::Unit::Usd));
    if (!m.fits && t.finishes)
        return tr("This plan does not work: it would finish in %1 of the %2 days allowed, but it needs %3 per GPU "
                  "and a GPU holds %4.")
            .arg(days(t.daysEffective), allowed, bytes(m.total), bytes(m.capacity));
    if (m.fits)
        return tr("This plan does not work: it fits in memory (%1 of %2 per GPU) but takes %3, more than the %4 days "
                  "allowed; at least %5 GPUs finish in time.")
            .arg(bytes(m.total), bytes(m.capacity), days(t.daysEffective), allowed,
                 str(engine::groupDigits(t.minGpusCompute)));
    return tr("This plan does not work: it needs %1 per GPU (a GPU holds %2) and takes %3, more than the %4 days "
              "allowed.")
        .arg(bytes(m.total), bytes(m.capacity), days(t.daysEffective), allowed);
}

QPageSize::PageSizeId defaultPaper() {
    // The C locale (no LANG) measures in inches too; only a real US (or Liberian) locale gets Letter.
    const QLocale locale;
    return locale.language() != QLocale::C && locale.measurementSystem() == QLocale::ImperialUSSystem
               ? QPageSize::Letter
               : QPageSize::A4;
}

namespace {

int paintReportPages(const ReportInput& input, QPagedPaintDevice& device, int total) {
    prepare(device);
    Controller controller;
    controller.setScenario(input.scenario);
    const engine::Scenario& s = controller.validScenario();
    const engine::Ledger& l = controller.ledger();

    PageWriter page(device, footerFor(input.fileName, input.when), total);
    page.html(QStringLiteral("<b>%1</b>").arg(esc(scenarioTitle(input.scenario))), 17, 2);
    page.html(QStringLiteral("<font color=\"#555f6a\">%1</font>")
                  .arg(esc(tr("Training plan report \u00b7 %1 \u00b7 %2")
                               .arg(input.fileName.isEmpty() ? tr("not saved") : input.fileName,
                                    QLocale().toString(input.when.date(), QLocale::LongFormat)))),
              9.5, 12);
    page.box(reportVerdict(l), l.valid && l.memory.fits && l.time.finishes ? kGood : kBad);
    if (!controller.errors().empty())
        page.html(QStringLiteral("<font color=\"#c62828\">%1</font>")
                      .arg(esc(tr("The scenario as edited is not valid (%1); this report shows the last valid plan.")
                                   .arg(diagnosticText(controller.errors().front())))));
    page.html(reportPlanTable(s, l), 9.5, 14);

    // The first page's charts (ui/views/registry.cpp) share what is left of it, at a widget size whose fonts stay
    // readable when scaled.
    std::vector<QString> charts;
    std::vector<const ViewInfo*> sections;
    for (const ViewInfo& v : viewRegistry()) {
        if (v.report == ReportRole::FirstPage)
            charts.push_back(QString::fromLatin1(v.id));
        else if (v.report == ReportRole::DerivedSection && s.efficiency.mode == engine::EfficiencyMode::Derived)
            sections.push_back(&v); // where the step's seconds go
    }
    const double chartHeight =
        (page.remaining() - 8.0 * double(charts.size())) / double(std::max<size_t>(1, charts.size()));
    const double widgetWidth = 900;
    const QSize size(int(widgetWidth), int(widgetWidth * chartHeight / page.width()));
    for (const QString& id : charts)
        page.widget(makeView(controller, id, size).get());

    page.newPage();
    // The second page's text first measured: the charts of the derived sections share what the text leaves, from
    // 330 down to 150 px high at 900 wide, so that warnings and notes keep the report on two pages.
    QStringList warnings;
    for (const auto& w : l.warnings)
        warnings << diagnosticText(w);
    const QString notes = str(input.scenario.notes).trimmed();
    const QString notesHtml = notes.isEmpty() ? QStringLiteral("<i>%1</i>").arg(esc(tr("No notes.")))
                                              : esc(notes).replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    const QString heading = QStringLiteral("<b>%1</b>");
    auto height = [&](const QString& html, double pointSize) {
        return page.document(html, pointSize)->size().height();
    };
    double text = height(heading.arg(esc(tr("Key figures"))), 12) + 4 + height(reportKeyFigures(l), 8) + 8;
    if (!warnings.isEmpty())
        text += height(heading.arg(esc(tr("Warnings"))), 12) + 2 + height(bullets(warnings), 9) + 8;
    text += height(heading.arg(esc(tr("Notes"))), 12) + 2 + height(notesHtml, 9.5) + 8;
    text += height(heading.arg(esc(tr("Assumptions"))), 12) + 2 + height(bullets(assumptions(s, l)), 9);
    double chartRoom = page.remaining() - text;
    // Each section's own title measured: a Chinese title stands taller than a Latin one and left the assumptions a
    // few pixels short of the second page.
    for (const ViewInfo* v : sections)
        chartRoom -=
            height(heading.arg(esc(withoutMnemonic(QCoreApplication::translate("views", v->picture)))), 12) + 2 + 12;
    const double perChart = sections.empty() ? 0 : chartRoom / double(sections.size());
    const int chartPx = std::clamp(int(900 * perChart / page.width()), 150, 330);
    for (const ViewInfo* v : sections) { // under its picture's title
        const QString title = withoutMnemonic(QCoreApplication::translate("views", v->picture));
        page.html(heading.arg(esc(title)), 12, 2);
        page.widget(makeView(controller, QString::fromLatin1(v->id), QSize(900, chartPx)).get(), 12);
    }
    page.html(heading.arg(esc(tr("Key figures"))), 12, 4);
    page.html(reportKeyFigures(l), 8, 8);
    if (!warnings.isEmpty())
        page.section(tr("Warnings"), bullets(warnings), 9, 8);
    page.section(tr("Notes"), notesHtml, 9.5, 8);
    page.section(tr("Assumptions"), bullets(assumptions(s, l)), 9, 0);
    return page.pages();
}

int paintComparisonPages(const std::vector<ReportInput>& inputs, QPagedPaintDevice& device, int total) {
    prepare(device);
    QStringList names;
    for (const ReportInput& in : inputs)
        names << (in.fileName.isEmpty() ? tr("not saved") : in.fileName);
    PageWriter page(device,
                    footerFor(names.join(QStringLiteral(" / ")),
                              inputs.empty() ? QDateTime::currentDateTime() : inputs.front().when),
                    total);
    page.html(QStringLiteral("<b>%1</b>").arg(esc(tr("Comparison of %1 scenarios").arg(inputs.size()))), 17, 2);
    page.html(QStringLiteral("<font color=\"#555f6a\">%1</font>")
                  .arg(esc(QLocale().toString(inputs.empty() ? QDate::currentDate() : inputs.front().when.date(),
                                              QLocale::LongFormat))),
              9.5, 12);

    std::vector<CompareSide> sides;
    for (size_t i = 0; i < inputs.size(); ++i)
        sides.push_back({inputs[i].scenario, names[int(i)], inputs[i].fileName, false});
    CompareWindow window;
    window.setScenarios(sides);
    for (size_t i = 0; i < sides.size(); ++i) {
        const engine::Ledger& l = window.ledger(int(i));
        page.box(QStringLiteral("%1 \u2014 %2: %3").arg(CompareWindow::letter(int(i)), names[int(i)], reportVerdict(l)),
                 l.valid && l.memory.fits && l.time.finishes ? kGood : kBad, 9.5);
    }
    page.html(window.figuresHtml(), 8.5, 14);
    // The charts as the window draws them: laid out at a wide window size, each painted at the page width.
    window.setAttribute(Qt::WA_DontShowOnScreen);
    window.resize(1900, 1000);
    window.show();
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
    // Each chart's legend as HTML under it: the charts' own legend markers do not survive into a PDF.
    for (QChartView* chart : window.chartViews()) {
        const QString legend = CompareWindow::legendHtml(chart);
        chart->chart()->legend()->hide();
        for (int i = 0; i < 3; ++i)
            QCoreApplication::processEvents();
        if (page.remaining() < page.width() * chart->height() / chart->width() + 30)
            page.newPage();
        page.widget(chart, 2);
        page.html(legend, 8.5, 12);
        chart->chart()->legend()->show();
    }
    window.hide();
    return page.pages();
}

} // namespace

int paintReport(const ReportInput& input, QPagedPaintDevice& device) {
    const int total = countPages(device, [&](QPagedPaintDevice& d) { return paintReportPages(input, d, 0); });
    return paintReportPages(input, device, total);
}

int paintComparisonReport(const std::vector<ReportInput>& inputs, QPagedPaintDevice& device) {
    const int total = countPages(device, [&](QPagedPaintDevice& d) { return paintComparisonPages(inputs, d, 0); });
    return paintComparisonPages(inputs, device, total);
}

namespace {
QByteArray pdfOf(const std::function<void(QPagedPaintDevice&)>& paint, QPageSize::PageSizeId paper,
                 const QString& title) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        QPdfWriter pdf(&buffer);
        pdf.setResolution(kDpi);
        pdf.setPageSize(QPageSize(paper));
        pdf.setTitle(title);
        pdf.setCreator(QStringLiteral("TrainLedger " TL_VERSION));
        paint(pdf);
    }
    return bytes;
}
} // namespace

QByteArray reportPdf(const ReportInput& input, QPageSize::PageSizeId paper) {
    return pdfOf([&](QPagedPaintDevice& d) { paintReport(input, d); }, paper, scenarioTitle(input.scenario));
}

QByteArray comparisonPdf(const std::vector<ReportInput>& inputs, QPageSize::PageSizeId paper) {
    return pdfOf([&](QPagedPaintDevice& d) { paintComparisonReport(inputs, d); }, paper, tr("Comparison"));
}

} // namespace tl::ui
