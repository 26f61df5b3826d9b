#include "ui/compare/comparewindow.h"

#include "engine/compare.h"
#include "engine/fields.h"
#include "engine/ledgerfields.h"
#include "engine/presets.h"
#include "engine/units.h"
#include "ui/i18n/enginetext.h"
#include "ui/onscreen.h"
#include "ui/views/charts.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QEvent>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPushButton>
#include <QScatterSeries>
#include <QSplitter>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

namespace tl::ui {

namespace {

constexpr int kCategories = int(engine::kMemoryParts) + 1; // the memory parts and their total
constexpr double kBarWidth = 0.8;                          // of a category; the sides' bars share it
constexpr int kMax = CompareWindow::kMaxSides;
constexpr const char* kFullName = "fullName";   // a deadline's legend name, and the shorter one for a narrow legend
constexpr const char* kShortName = "shortName"; // (QObject properties of its series)

const QColor kSideColours[kMax] = {QColor(0x3b, 0x75, 0xaf), QColor(0xef, 0x8a, 0x3c), QColor(0x3a, 0x9a, 0x5b),
                                   QColor(0x8e, 0x5a, 0xa8)};
// Curves that coincide stay visible: A is wide and solid, the others narrower and dashed on top of it.
const Qt::PenStyle kCurveStyles[kMax] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
const double kCurveWidths[kMax] = {4.5, 2.5, 2.5, 2.5};

QString str(const std::string& s) {
    return QString::fromStdString(s);
}

double memoryCategory(const engine::MemoryLedger& m, int c) {
    return size_t(c) < engine::kMemoryParts ? engine::memoryParts(m)[size_t(c)].bytes : m.total;
}

QPen pen(const QColor& c, double width, Qt::PenStyle style = Qt::SolidLine) {
    QPen p(c);
    p.setWidthF(width);
    p.setStyle(style);
    return p;
}

// Table cells are one line: a multi-line value (the notes) shows its line breaks as arrows; the tooltip has it all.
QString oneLine(const std::string& s) {
    QString text = QString::fromStdString(s);
    text.replace(QLatin1Char('\n'), QStringLiteral(" \u21b5 "));
    return text;
}

// A key's label as the window shows it ("Global batch", "Days to train"); the key itself when it has none.
QString labelFor(const std::string& key) {
    if (const engine::Field* f = engine::findField(key); f && f->ui.label[0])
        return engineText(f->ui.label);
    for (const engine::LedgerField& f : engine::ledgerFields())
        if (key == f.key)
            return engineLabel(f.label).trimmed();
    if (key == "title")
        return CompareWindow::tr("Title");
    if (key == "notes")
        return CompareWindow::tr("Notes");
    return QString::fromStdString(key);
}

// A number of a scenario key in the parameter panel's unit, where the panel shows one ("40%", not 0.4).
std::optional<QString> panelNumber(const engine::Field& f, double value) {
    if (f.ui.displayFactor == 1 || !f.ui.displayUnit[0])
        return std::nullopt;
    const QString unit = engineText(f.ui.displayUnit);
    const QString n =
        QString::fromStdString(engine::formatTrimmed(engine::toDisplay(f, value), std::max(2, f.ui.decimals)));
    return unit == QLatin1String("%") ? n + unit : n + QLatin1Char(' ') + unit;
}

// A scenario key's value as the panel shows it: a choice by its label ("1F1B"), a number in the panel's unit; other
// values (and ledger keys) as the engine wrote them.
QString shownValue(const std::string& key, const engine::Scenario& s, const std::string& written) {
    if (const engine::Field* f = engine::findField(key)) {
        const engine::FieldValue v = f->get(s);
        if (const auto* choice = std::get_if<std::string>(&v); choice && f->type == engine::FieldType::Choice)
            for (size_t i = 0; i < f->choices.size(); ++i)
                if (f->choices[i] == *choice)
                    return choiceText(*f, i);
        if (const auto* d = std::get_if<double>(&v))
            if (const auto shown = panelNumber(*f, *d))
                return *shown;
    }
    return QString::fromStdString(written);
}

// What a manager reads first: the days and the cost lead the table, whatever else differs.
constexpr const char* kHeadlineKeys[] = {"time.days", "cost.usd"};

QString helpFor(const std::string& key) {
    if (const engine::Field* f = engine::findField(key))
        return engineText(f->help);
    for (const engine::LedgerField& f : engine::ledgerFields())
        if (key == f.key)
            return engineText(f.help);
    return {};
}

} // namespace

CompareWindow::CompareWindow(QWidget* parent) : QWidget(parent, Qt::Window) {
    setObjectName(QStringLiteral("compareWindow"));
    m_texts.add([this] { setWindowTitle(tr("Compare Scenarios \u2014 TrainLedger")); });

    // Headers: which scenario is A and which is B, with the figures that decide a plan.
    auto* headers = new QVBoxLayout;
    headers->setSpacing(2);
    for (int i = 0; i < kMax; ++i) {
        m_headers[size_t(i)] = new QLabel(this);
        m_headers[size_t(i)]->setObjectName(QStringLiteral("compareHeader%1").arg(letter(i)));
        m_headers[size_t(i)]->setTextFormat(Qt::RichText);
        m_headers[size_t(i)]->setWordWrap(true);
        m_headers[size_t(i)]->setTextInteractionFlags(Qt::TextSelectableByMouse);
        headers->addWidget(m_headers[size_t(i)]);
    }

    // Memory: per category, A's bar beside B's; each side's capacity marks its total.
    m_memoryChart = makeChart(QString());
    m_bars = new QBarSeries;
    auto* bars = m_bars;
    bars->setBarWidth(kBarWidth);
    for (int i = 0; i < kMax; ++i) {
        auto* set = new QBarSet(letter(i), this); // appended to the series for the sides shown
        set->setColor(kSideColours[i]);
        set->setBorderColor(kSideColours[i].darker(130));
        for (int c = 0; c < kCategories; ++c)
            set->append(0.0);
        m_memorySets[size_t(i)] = set;
    }
    m_memoryChart->addSeries(bars);
    m_memoryX = new QBarCategoryAxis;
    QFont small = m_memoryX->labelsFont();
    small.setPointSizeF(small.pointSizeF() * 0.9); // "Activations" fits under its pair of bars
    m_memoryX->setLabelsFont(small);
    m_memoryY = new QValueAxis;
    m_memoryY->setLabelFormat(QStringLiteral("%g"));
    m_memoryChart->addAxis(m_memoryX, Qt::AlignBottom);
    m_memoryChart->addAxis(m_memoryY, Qt::AlignLeft);
    m_texts.add([this] {
        m_memoryChart->setTitle(tr("Memory per GPU by category; red: each GPU's capacity"));
        m_memoryX->setCategories({tr("Frozen"), tr("Weights"), tr("Gradients"), tr("Master"), tr("Optimizer"),
                                  tr("Activations"), tr("Buffers"), tr("Total")});
        m_memoryY->setTitleText(tr("GB per GPU"));
    });
    bars->attachAxis(m_memoryX);
    bars->attachAxis(m_memoryY);
    for (int i = 0; i < kMax; ++i) {
        auto* cap = new QLineSeries;
        m_texts.add([cap, i] { cap->setName(tr("%1 capacity").arg(letter(i))); });
        cap->setPen(pen(QColor(0xc6, 0x28, 0x28), 2.5, i == 0 ? Qt::SolidLine : Qt::DashLine));
        attachSeries(m_memoryChart, cap, m_memoryX, m_memoryY);
        m_capacity[size_t(i)] = cap;
    }
    m_memoryChart->legend()->setAlignment(Qt::AlignBottom);
    for (QLineSeries* cap : m_capacity)
        for (QLegendMarker* marker : m_memoryChart->legend()->markers(cap))
            marker->setVisible(false); // named in the title; the legend keeps to A and B
    auto* memoryView = m_memoryView = makeChartView(m_memoryChart, QStringLiteral("compareMemoryChart"), {360, 260});
    // Categories that do not fit side by side under their bars slant, rather than being cut ("Gradie...").
    const auto slant = [this] {
        const QFontMetrics fm(m_memoryX->labelsFont());
        int widest = 0;
        for (const QString& c : m_memoryX->categories())
            widest = std::max(widest, fm.horizontalAdvance(c));
        const double room = m_memoryChart->plotArea().width() / std::max<qsizetype>(1, m_memoryX->count());
        // Qt keeps a label well inside its category, and cuts a slanted one where the slant is too shallow.
        const int angle = widest + 2 * fm.height() <= room ? 0 : room >= widest ? -60 : -90;
        if (m_memoryX->labelsAngle() != angle)
            m_memoryX->setLabelsAngle(angle);
    };
    connect(m_memoryChart, &QChart::plotAreaChanged, this, slant);
    m_texts.add(slant);

    // Time: both curves of days against GPUs (only dp varies), each plan as a point, each deadline dashed.
    // Room on the right for the last GPU count under the axis end.
    m_timeChart = makeChart(QString(), QMargins(4, 4, 20, 4));
    m_timeX = logGpuAxis(QString());
    m_timeY = logDaysAxis(QString());
    m_texts.add([this] {
        m_timeChart->setTitle(tr("Days to train against the number of GPUs"));
        m_timeX->setTitleText(tr("GPUs (log)"));
        m_timeY->setTitleText(tr("Days (log)"));
    });
    m_timeChart->addAxis(m_timeX, Qt::AlignBottom);
    m_timeChart->addAxis(m_timeY, Qt::AlignLeft);
    for (int i = 0; i < kMax; ++i) {
        m_deadlines[size_t(i)] = new QLineSeries;
        m_deadlines[size_t(i)]->setPen(pen(kSideColours[i].darker(120), 1.5, Qt::DashLine));
        m_curves[size_t(i)] = new QLineSeries;
        m_curves[size_t(i)]->setPen(pen(kSideColours[i], kCurveWidths[i], kCurveStyles[i]));
        m_plans[size_t(i)] = new QScatterSeries;
        m_plans[size_t(i)]->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        m_plans[size_t(i)]->setMarkerSize(13);
        m_plans[size_t(i)]->setColor(kSideColours[i]);
        m_plans[size_t(i)]->setBorderColor(QColor(0x1a, 0x1a, 0x1a));
    }
    for (const auto* group : {&m_deadlines, &m_curves})
        for (QXYSeries* s : *group)
            attachSeries(m_timeChart, s, m_timeX, m_timeY);
    for (QXYSeries* s : m_plans)
        attachSeries(m_timeChart, s, m_timeX, m_timeY);
    m_timeChart->legend()->setAlignment(Qt::AlignBottom);
    m_timeChart->legend()->setShowToolTips(true); // an entry cut short shows its whole name
    connect(m_timeChart, &QChart::plotAreaChanged, this, [this] { fitTimeLegend(); });
    for (QLineSeries* s : m_deadlines) // a shortened deadline's tooltip gives its whole name
        for (QLegendMarker* marker : m_timeChart->legend()->markers(s))
            connect(marker, &QLegendMarker::hovered, this, [s](bool in) {
                if (in && s->name() != s->property(kFullName).toString())
                    QToolTip::showText(QCursor::pos(), s->property(kFullName).toString());
                else
                    QToolTip::hideText();
            });
    auto* timeView = m_timeView = makeChartView(m_timeChart, QStringLiteral("compareTimeChart"), {360, 260});

    auto* charts = new QSplitter(Qt::Horizontal);
    charts->addWidget(memoryView);
    charts->addWidget(timeView);
    charts->setChildrenCollapsible(false);
    charts->setStretchFactor(0, 1);
    charts->setStretchFactor(1, 1);
    charts->setSizes({700, 700});

    // What differs: scenario keys first, then ledger keys.
    auto* tableBox = new QWidget;
    auto* tableLayout = new QVBoxLayout(tableBox);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    m_tableCaption = new QLabel;
    m_tableCaption->setObjectName(QStringLiteral("compareTableCaption"));
    QFont bold = m_tableCaption->font();
    bold.setBold(true);
    m_tableCaption->setFont(bold);
    m_table = new QTableWidget(0, 3);
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    tableLayout->addWidget(m_tableCaption);
    tableLayout->addWidget(m_table, 1);

    auto* split = new QSplitter(Qt::Vertical);
    split->setObjectName(QStringLiteral("compareSplitter"));
    split->addWidget(charts);
    split->addWidget(tableBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    split->setSizes({560, 300});

    m_swap = new QPushButton;
    m_swap->setObjectName(QStringLiteral("compareSwap"));
    m_makeCurrent = new QPushButton;
    m_makeCurrent->setObjectName(QStringLiteral("compareMakeCurrent"));
    m_add = new QPushButton;
    m_add->setObjectName(QStringLiteral("compareAdd"));
    m_export = new QPushButton;
    m_export->setObjectName(QStringLiteral("compareExport"));
    connect(m_add, &QPushButton::clicked, this, &CompareWindow::addRequested);
    connect(m_export, &QPushButton::clicked, this, &CompareWindow::exportReportRequested);
    auto* close = new QPushButton;
    close->setObjectName(QStringLiteral("compareClose"));
    m_texts.add([this, close] {
        m_swap->setText(tr("&Swap A and B"));
        m_makeCurrent->setText(tr("&Make B Current"));
        m_makeCurrent->setToolTip(tr("Open B in the main window (you are asked about unsaved changes first)"));
        m_add->setText(tr("&Add Scenario\u2026"));
        m_add->setToolTip(tr("Compare up to four scenarios: add another file as C or D"));
        m_export->setText(tr("&Export Report\u2026"));
        m_export->setToolTip(tr("Write the comparison as a PDF report"));
        close->setText(tr("&Close"));
    });
    connect(m_swap, &QPushButton::clicked, this, &CompareWindow::swapSides);
    connect(m_makeCurrent, &QPushButton::clicked, this, [this] { emit makeCurrentRequested(m_sides[1]); });
    connect(close, &QPushButton::clicked, this, &QWidget::close);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_swap);
    buttons->addWidget(m_makeCurrent);
    buttons->addWidget(m_add);
    buttons->addWidget(m_export);
    buttons->addStretch(1);
    buttons->addWidget(close);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(headers);
    layout->addWidget(split, 1);
    layout->addLayout(buttons);
    // As large as the screen allows (1400 x 900 on a 1280 x 720 screen put the days chart and B - A out of sight).
    resize(screen() ? QSize(1400, 900).boundedTo(screen()->availableSize()) : QSize(1400, 900));
    setSides({}, {});
}

void CompareWindow::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    keepOnScreen(this);
}

void CompareWindow::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        m_texts.retranslate();
        render(); // the headers, the series' names and the table
    }
    QWidget::changeEvent(event);
}

QString CompareWindow::letter(int i) {
    return QString(QChar(u'A' + i));
}

void CompareWindow::setSides(const CompareSide& a, const CompareSide& b) {
    setScenarios({a, b});
}

void CompareWindow::setScenarios(const std::vector<CompareSide>& sides) {
    m_sides.assign(sides.begin(), sides.begin() + std::min<ptrdiff_t>(ptrdiff_t(sides.size()), kMax));
    while (m_sides.size() < 2)
        m_sides.push_back({});
    render();
}

bool CompareWindow::addScenario(const CompareSide& side) {
    if (int(m_sides.size()) >= kMax)
        return false;
    m_sides.push_back(side);
    render();
    return true;
}

void CompareWindow::swapSides() {
    std::swap(m_sides[0], m_sides[1]);
    render();
}

void CompareWindow::render() {
    const int n = sideCount();
    m_evaluations.resize(size_t(n));
    m_add->setEnabled(n < kMax);
    // The bar series holds one set per side shown (take() keeps the sets for later).
    for (int i = 0; i < kMax; ++i) {
        const bool shown = m_bars->barSets().contains(m_memorySets[size_t(i)]);
        if (i < n && !shown)
            m_bars->append(m_memorySets[size_t(i)]);
        else if (i >= n && shown)
            m_bars->take(m_memorySets[size_t(i)]);
        m_headers[size_t(i)]->setVisible(i < n);
        for (QXYSeries* s : {static_cast<QXYSeries*>(m_curves[size_t(i)]), static_cast<QXYSeries*>(m_plans[size_t(i)]),
                             static_cast<QXYSeries*>(m_capacity[size_t(i)])}) {
            s->setVisible(i < n);
        }
        for (QLegendMarker* marker : m_timeChart->legend()->markers(m_curves[size_t(i)]))
            marker->setVisible(i < n);
        for (QLegendMarker* marker : m_timeChart->legend()->markers(m_plans[size_t(i)]))
            marker->setVisible(i < n);
        for (QLegendMarker* marker : m_memoryChart->legend()->markers(m_capacity[size_t(i)]))
            marker->setVisible(false);
    }
    for (int i = 0; i < n; ++i) {
        const engine::Scenario& s = m_sides[size_t(i)].scenario;
        m_evaluations[size_t(i)] = engine::evaluateAll(s);
        m_headers[size_t(i)]->setText(
            QStringLiteral("<span style=\"color:%1; font-size:large\">\u25a0</span> <b>%2: %3</b>%4<br>%5")
                .arg(kSideColours[i].name(), letter(i), m_sides[size_t(i)].name.toHtmlEscaped(),
                     m_sides[size_t(i)].modified ? tr(" (unsaved changes)") : QString(),
                     summaryText(i).toHtmlEscaped()));
        m_headers[size_t(i)]->setToolTip(m_sides[size_t(i)].path);
    }
    renderMemory();
    renderTime();
    renderTable();
}

QString CompareWindow::summaryText(int side) const {
    const engine::Ledger& l = m_evaluations[size_t(side)].ledger;
    const engine::Scenario& s = m_sides[size_t(side)].scenario;
    if (!l.valid)
        return tr("%1 \u2014 not valid: %2")
            .arg(scenarioTitle(s), l.errors.empty() ? QString() : diagnosticText(l.errors.front()));
    const auto fmt = [](const engine::LedgerValue& v, engine::Unit u) { return valueText(v, u); };
    return tr("%1 \u2014 %2 GPUs, %3, %4; %5 of %6 per GPU: %7")
        .arg(scenarioTitle(s), fmt(std::int64_t(l.time.gpus), engine::Unit::Count),
             fmt(l.time.days, engine::Unit::Days), fmt(l.cost.usd, engine::Unit::Usd),
             fmt(l.memory.total, engine::Unit::Bytes), fmt(l.memory.capacity, engine::Unit::Bytes),
             l.memory.fits ? tr("fits") : tr("does not fit"));
}

void CompareWindow::renderMemory() {
    using engine::kGB; // the axis unit, as GPUs are sold
    double top = 1;
    const int n = sideCount();
    for (int i = 0; i < n; ++i) {
        const engine::Ledger& l = m_evaluations[size_t(i)].ledger;
        QList<qreal> values;
        for (int c = 0; c < kCategories; ++c)
            values << (l.valid ? memoryCategory(l.memory, c) / kGB : 0.0);
        for (int c = 0; c < kCategories; ++c)
            m_memorySets[size_t(i)]->replace(c, values[c]);
        top = std::max({top, values.back(), l.valid ? l.memory.capacity / kGB : 0.0});
        // The capacity over this side's share of the Total group.
        const double x0 = kCategories - 1 - kBarWidth / 2 + kBarWidth * i / n, x1 = x0 + kBarWidth / n;
        const double cap = l.valid ? l.memory.capacity / kGB : 0.0;
        m_capacity[size_t(i)]->replace({QPointF(x0, cap), QPointF(x1, cap)});
    }
    m_memoryY->setRange(0, top * 1.1);
    m_memoryY->applyNiceNumbers();
}

void CompareWindow::renderTime() {
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    bool any = false;
    auto extend = [&](double x, double y) {
        if (!(x > 0 && y > 0))
            return;
        x0 = any ? std::min(x0, x) : x;
        x1 = any ? std::max(x1, x) : x;
        y0 = any ? std::min(y0, y) : y;
        y1 = any ? std::max(y1, y) : y;
        any = true;
    };
    const int n = sideCount();
    for (int i = 0; i < n; ++i) {
        QList<QPointF> points;
        for (const engine::ScalePoint& p : m_evaluations[size_t(i)].curve) {
            points << QPointF(double(p.gpus), p.days);
            extend(double(p.gpus), p.days);
        }
        m_curves[size_t(i)]->replace(points);
        m_curves[size_t(i)]->setName(tr("%1: days").arg(letter(i)));
        const engine::Ledger& l = m_evaluations[size_t(i)].ledger;
        m_plans[size_t(i)]->replace(l.valid ? QList<QPointF>{QPointF(double(l.time.gpus), l.time.days)}
                                            : QList<QPointF>{});
        m_plans[size_t(i)]->setName(tr("%1: this plan").arg(letter(i)));
        extend(double(l.time.gpus), m_sides[size_t(i)].scenario.schedule.deadlineDays);
    }
    if (!any) {
        x0 = 1, x1 = 2, y0 = 1, y1 = 10;
    }
    x1 = std::max(x1, x0 * 2);
    const double ylo = std::pow(10.0, std::floor(std::log10(y0)));
    const double yhi = std::pow(10.0, std::ceil(std::log10(y1 * 1.2)));
    m_timeX->setBase(x1 / x0 > 1024 ? 4 : 2); // at most about eight labels along the axis
    m_timeX->setRange(x0, x1);
    m_timeY->setRange(ylo, yhi);
    bool sameDeadline = true;
    for (int i = 1; i < n; ++i)
        sameDeadline = sameDeadline &&
                       m_sides[size_t(i)].scenario.schedule.deadlineDays == m_sides[0].scenario.schedule.deadlineDays;
    for (int i = 0; i < kMax; ++i) {
        const double d = m_sides[size_t(std::min(i, n - 1))].scenario.schedule.deadlineDays; // unused: hidden
        m_deadlines[size_t(i)]->replace({QPointF(x0, d), QPointF(x1, d)});
        m_deadlines[size_t(i)]->setPen(
            pen(sameDeadline ? QColor(0x30, 0x30, 0x30) : kSideColours[i].darker(120), 1.5, Qt::DashLine));
        m_deadlines[size_t(i)]->setProperty(kFullName, sameDeadline
                                                           ? (n == 2 ? tr("Deadline (both)") : tr("Deadline (all)"))
                                                           : tr("%1: deadline").arg(letter(i)));
        m_deadlines[size_t(i)]->setProperty(kShortName,
                                            sameDeadline ? tr("Deadline") : tr("%1: deadline").arg(letter(i)));
        // One deadline line and legend entry when all are the same.
        const bool visible = i < n && (i == 0 || !sameDeadline);
        m_deadlines[size_t(i)]->setVisible(visible);
        for (QLegendMarker* marker : m_timeChart->legend()->markers(m_deadlines[size_t(i)]))
            marker->setVisible(visible);
    }
    fitTimeLegend();
}

// The days chart's legend is one row under the plot, and Qt cuts every entry when the row is too narrow ("Deadline
// (bo..." in a 1000 px wide window): then a shared deadline is named "Deadline" and its tooltip says whose it is.
void CompareWindow::fitTimeLegend() {
    QLegend* legend = m_timeChart->legend();
    const QFontMetrics fm(legend->font());
    const auto needed = [&](bool full) {
        int width = 0;
        for (QLegendMarker* marker : legend->markers()) {
            if (!marker->isVisible())
                continue;
            const QVariant name = marker->series()->property(full ? kFullName : kShortName);
            const QString text = name.isValid() ? name.toString() : marker->label();
            width += fm.horizontalAdvance(text) + fm.height() + 3 * fm.averageCharWidth() + 8; // marker, spacing
        }
        return width;
    };
    qreal left = 0, top = 0, right = 0, bottom = 0;
    legend->getContentsMargins(&left, &top, &right, &bottom);
    const QMargins chart = m_timeChart->margins();
    const bool full = needed(true) <= m_timeChart->size().width() - chart.left() - chart.right() - left - right;
    for (QLineSeries* s : m_deadlines) {
        const QString shown = s->property(full ? kFullName : kShortName).toString();
        if (s->name() != shown)
            s->setName(shown);
    }
}

namespace {

// B - A with the key's unit and sign ("+8 GPUs", "-4.1 days", "+$1,234"); empty when either is not a number.
QString differenceText(const std::string& key, double a, double b) {
    const double d = engine::changeBetween(a, b).delta;
    if (d == 0)
        return QStringLiteral("0");
    const QString sign = d > 0 ? QStringLiteral("+") : QStringLiteral("\u2212");
    for (const engine::LedgerField& f : engine::ledgerFields())
        if (key == f.key) {
            if (f.unit == engine::Unit::Bytes) // "(1.0 GiB)" after a minus would read as positive
                return sign + QString::fromStdString(engine::formatGB(std::abs(d)));
            const engine::LedgerValue v = f.unit == engine::Unit::Count
                                              ? engine::LedgerValue(std::int64_t(std::llround(std::abs(d))))
                                              : engine::LedgerValue(std::abs(d));
            return sign + valueText(v, f.unit);
        }
    const engine::Field* f = engine::findField(key);
    if (f && QString::fromUtf8(f->ui.displayUnit) == QLatin1String("%")) // a change of a share, in points
        if (const auto shown = panelNumber(*f, std::abs(d)))
            return sign + CompareWindow::tr("%1 pp", "percentage points").arg(shown->chopped(1));
    const QString unit = f && f->unit && *f->unit ? QStringLiteral(" ") + engineText(f->unit) : QString();
    return sign + QString::fromStdString(engine::formatGeneral(std::abs(d), 6)) + unit;
}

// A ledger figure of one side in the interface language ("19.3 天"); nullopt for a key that is not one, or an invalid
// ledger (the engine's text is shown then).
std::optional<QString> ledgerText(const std::string& key, const engine::Ledger& ledger) {
    if (!ledger.valid)
        return std::nullopt;
    for (const engine::LedgerField& f : engine::ledgerFields())
        if (key == f.key)
            return valueText(f.get(ledger), f.unit);
    return std::nullopt;
}

QString percentText(double a, double b) {
    const std::optional<double> percent = engine::changeBetween(a, b).percent;
    if (!percent)
        return {};
    const double p = *percent;
    return (p > 0   ? QStringLiteral("+")
            : p < 0 ? QStringLiteral("\u2212")
                    : QString()) +
           QString::fromStdString(engine::formatFixed(std::abs(p), std::abs(p) < 10 ? 1 : 0)) + QStringLiteral("%");
}

} // namespace

void CompareWindow::renderTable() {
    const int n = sideCount();
    const bool deltas = n == 2; // B - A and % columns
    // What differs from A, for every other side; a side that agrees with A on a key shows A's value.
    std::vector<std::string> order;
    std::vector<bool> isScenarioKey;
    std::vector<std::map<std::string, std::string>> values(static_cast<size_t>(n));
    for (int i = 1; i < n; ++i)
        for (const engine::Difference& d : engine::compareScenarios(m_sides[0].scenario, m_sides[size_t(i)].scenario)) {
            if (!values[0].count(d.key)) {
                order.push_back(d.key);
                isScenarioKey.push_back(d.scenarioKey);
            }
            values[0][d.key] = d.a;
            values[size_t(i)][d.key] = d.b;
        }
    if (n > 2) { // one order for all: the field tables', unknown keys last
        std::vector<std::string> sorted;
        std::vector<bool> sortedScenario;
        auto take = [&](const std::string& key, bool scenario) {
            if (auto it = std::find(order.begin(), order.end(), key); it != order.end()) {
                sorted.push_back(key);
                sortedScenario.push_back(scenario);
                isScenarioKey.erase(isScenarioKey.begin() + (it - order.begin()));
                order.erase(it);
            }
        };
        for (const engine::Field& f : engine::scenarioFields())
            take(f.key, true);
        take("title", true);
        take("notes", true);
        for (const engine::LedgerField& f : engine::ledgerFields())
            take(f.key, false);
        sorted.insert(sorted.end(), order.begin(), order.end());
        sortedScenario.insert(sortedScenario.end(), isScenarioKey.begin(), isScenarioKey.end());
        order = std::move(sorted);
        isScenarioKey = std::move(sortedScenario);
    }

    // Days and cost first, even when they agree (a manager reads "same cost" too), then the scenario keys, then the
    // other ledger keys.
    std::vector<std::string> headline;
    int sameHeadline = 0; // shown, not different
    const bool anyDifference = !order.empty();
    bool allValid = anyDifference;
    for (int i = 0; i < n; ++i)
        allValid = allValid && m_evaluations[size_t(i)].ledger.valid;
    for (const char* key : kHeadlineKeys) {
        if (auto it = std::find(order.begin(), order.end(), key); it != order.end()) {
            isScenarioKey.erase(isScenarioKey.begin() + (it - order.begin()));
            order.erase(it);
            headline.push_back(key);
        } else if (allValid && n > 1) {
            ++sameHeadline;
            for (const engine::LedgerField& f : engine::ledgerFields())
                if (std::string_view(f.key) == key)
                    for (int i = 0; i < n; ++i)
                        values[size_t(i)][key] =
                            engine::formatLedgerValue(f.get(m_evaluations[size_t(i)].ledger), f.unit);
            headline.push_back(key);
        }
    }
    order.insert(order.begin(), headline.begin(), headline.end());
    isScenarioKey.insert(isScenarioKey.begin(), headline.size(), false);

    const int columns = 1 + n + (deltas ? 2 : 0);
    m_table->setRowCount(0);
    m_table->clearSpans();
    m_table->setColumnCount(columns);
    QStringList headers{tr("Figure")};
    for (int i = 0; i < n; ++i)
        headers << letter(i);
    if (deltas)
        headers << tr("B \u2212 A") << tr("B vs A");
    m_table->setHorizontalHeaderLabels(headers);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    for (int c = 1; c < columns; ++c)
        m_table->horizontalHeader()->setSectionResizeMode(c, c <= n ? QHeaderView::Stretch
                                                                    : QHeaderView::ResizeToContents);

    int scenarioKeys = 0;
    bool ledgerSection = false, scenarioSection = false, headlineSection = false;
    QFont bold = m_table->font();
    bold.setBold(true);
    auto section = [&](const QString& title) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        auto* item = new QTableWidgetItem(title);
        item->setFont(bold);
        item->setBackground(palette().color(QPalette::Mid).lighter(150));
        item->setFlags(Qt::ItemIsEnabled);
        m_table->setItem(row, 0, item);
        m_table->setSpan(row, 0, 1, columns);
    };
    for (size_t k = 0; k < order.size(); ++k) {
        const std::string& key = order[k];
        const bool isHeadline = k < headline.size();
        if (isHeadline && !headlineSection) {
            section(tr("Days and cost"));
            headlineSection = true;
        }
        if (isScenarioKey[k] && !scenarioSection) {
            section(tr("Scenario keys"));
            scenarioSection = true;
        }
        if (!isHeadline && !isScenarioKey[k] && !ledgerSection) {
            section(tr("Ledger keys"));
            ledgerSection = true;
        }
        scenarioKeys += isScenarioKey[k] ? 1 : 0;
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        auto* keyItem = new QTableWidgetItem(labelFor(key));
        keyItem->setData(Qt::UserRole, str(key));
        keyItem->setToolTip(str(key) + QStringLiteral(": ") + helpFor(key)); // the key, for --set and --diff
        m_table->setItem(row, 0, keyItem);
        for (int i = 0; i < n; ++i) {
            const auto it = values[size_t(i)].find(key);
            const std::string& v = it != values[size_t(i)].end() ? it->second : values[0][key];
            const std::optional<QString> figure =
                isScenarioKey[k] ? std::nullopt : ledgerText(key, m_evaluations[size_t(i)].ledger);
            auto* item = new QTableWidgetItem(
                isScenarioKey[k] ? shownValue(key, m_sides[size_t(i)].scenario, oneLine(v).toStdString())
                                 : figure.value_or(oneLine(v)));
            item->setToolTip(str(v));
            m_table->setItem(row, 1 + i, item);
        }
        if (deltas) {
            const auto a = engine::numericValue(key, m_sides[0].scenario, m_evaluations[0].ledger);
            const auto b = engine::numericValue(key, m_sides[1].scenario, m_evaluations[1].ledger);
            auto* diff = new QTableWidgetItem(a && b ? differenceText(key, *a, *b) : QString());
            auto* pct = new QTableWidgetItem(a && b ? percentText(*a, *b) : QString());
            diff->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            pct->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(row, 1 + n, diff);
            m_table->setItem(row, 2 + n, pct);
        }
    }
    const int ledgerKeys = int(order.size()) - scenarioKeys - sameHeadline;
    m_tableCaption->setText(
        scenarioKeys + ledgerKeys == 0
            ? (n == 2 ? tr("A and B are the same scenario.") : tr("All %n scenarios are the same.", nullptr, n))
            : tr("What differs from A: %n scenario key(s)", nullptr, scenarioKeys) +
                  tr(", %n ledger key(s)", nullptr, ledgerKeys));
}

QString CompareWindow::legendHtml(QChartView* view) {
    QString cells;
    for (QLegendMarker* marker : view->chart()->legend()->markers()) {
        if (!marker->isVisible() || marker->label().isEmpty())
            continue;
        // A line's colour is its pen's; a bar's or a point's its brush's.
        QColor colour = marker->brush().style() != Qt::NoBrush && marker->brush().color().alpha() > 0
                            ? marker->brush().color()
                            : marker->pen().color();
        colour.setAlpha(255);
        cells += QStringLiteral("<td width=\"14\" bgcolor=\"%1\">&nbsp;</td><td>&nbsp;%2&nbsp;&nbsp;&nbsp;</td>")
                     .arg(colour.name(), marker->label().toHtmlEscaped());
    }
    return cells.isEmpty() ? QString()
                           : QStringLiteral("<table align=\"center\" cellspacing=\"0\" cellpadding=\"1\"><tr>%1</tr>"
                                            "</table>")
                                 .arg(cells);
}

QString CompareWindow::figuresHtml() const {
    const int n = sideCount();
    const char* const keys[] = {"time.days", // days and cost first, as in the window's table
                                "cost.usd",
                                "time.gpus",
                                "time.gpu_hours",
                                "memory.total",
                                "memory.capacity",
                                "time.step_s",
                                "time.tokens_per_s_per_gpu",
                                "time.min_gpus_compute",
                                "time.min_gpus_memory",
                                "pipeline.bubble_fraction"};
    QString html = QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"3\"><tr bgcolor=\"#1f3b57\">"
                                  "<td><font color=\"white\"><b>%1</b></font></td>")
                       .arg(tr("Figure").toHtmlEscaped());
    for (int i = 0; i < n; ++i)
        html += QStringLiteral("<td align=\"right\"><font color=\"white\"><b>%1</b></font></td>").arg(letter(i));
    if (n == 2)
        html += QStringLiteral("<td align=\"right\"><font color=\"white\"><b>%1</b></font></td>"
                               "<td align=\"right\"><font color=\"white\"><b>%2</b></font></td>")
                    .arg(tr("B \u2212 A").toHtmlEscaped(), tr("B vs A").toHtmlEscaped());
    html += QStringLiteral("</tr>");
    int r = 0;
    for (const char* key : keys) {
        const engine::LedgerField* field = nullptr;
        for (const engine::LedgerField& f : engine::ledgerFields())
            if (std::string_view(f.key) == key)
                field = &f;
        if (!field)
            continue;
        html += QStringLiteral("<tr%1><td>%2<br><font color=\"#555f6a\">%3</font></td>")
                    .arg(r++ % 2 ? QStringLiteral(" bgcolor=\"#eef2f6\"") : QString(),
                         engineText(QByteArray(field->label).trimmed().constData()).toHtmlEscaped(),
                         QString::fromLatin1(key));
        for (int i = 0; i < n; ++i)
            html += QStringLiteral("<td align=\"right\">%1</td>")
                        .arg(m_evaluations[size_t(i)].ledger.valid
                                 ? valueText(field->get(m_evaluations[size_t(i)].ledger), field->unit).toHtmlEscaped()
                                 : tr("not valid"));
        if (n == 2) {
            const auto a = engine::numericValue(key, m_sides[0].scenario, m_evaluations[0].ledger);
            const auto b = engine::numericValue(key, m_sides[1].scenario, m_evaluations[1].ledger);
            html += QStringLiteral("<td align=\"right\">%1</td><td align=\"right\">%2</td>")
                        .arg(a && b ? differenceText(key, *a, *b).toHtmlEscaped() : QString(),
                             a && b ? percentText(*a, *b) : QString());
        }
        html += QStringLiteral("</tr>");
    }
    return html + QStringLiteral("</table>");
}

QStringList CompareWindow::differenceKeys() const {
    QStringList keys;
    for (int r = 0; r < m_table->rowCount(); ++r)
        if (const QTableWidgetItem* item = m_table->item(r, 0); item && item->data(Qt::UserRole).isValid())
            keys << item->data(Qt::UserRole).toString();
    return keys;
}

} // namespace tl::ui
