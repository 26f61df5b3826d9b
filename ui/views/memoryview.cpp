#include "ui/views/memoryview.h"

#include "engine/units.h"
#include "ui/explain/explaindialog.h"
#include "ui/views/legendtext.h"
#include "ui/views/plot.h"
#include "ui/views/textline.h"

#include <QBarSet>
#include <QCheckBox>
#include <QContextMenuEvent>
#include <QCursor>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QSignalBlocker>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tl::ui {

namespace {

QString str(const std::string& s) {
    return QString::fromStdString(s);
}

double category(const engine::MemoryLedger& m, int c) {
    return engine::memoryParts(m)[size_t(c)].bytes;
}

// Colour-blind-friendly hues (Okabe-Ito order, softened); red stays free for the capacity line.
// The frozen base weights (LoRA, QLoRA) in a pale blue under the trained weights' blue: the same weights, not trained.
const QColor kColours[MemoryView::kCategories] = {
    QColor(0xa6, 0xc8, 0xe6), QColor(0x3b, 0x75, 0xaf), QColor(0xef, 0x8a, 0x3c), QColor(0x52, 0xa0, 0x6b),
    QColor(0x8e, 0x6b, 0xb8), QColor(0xd4, 0xb9, 0x4c), QColor(0x9a, 0x9a, 0x9a)};

// A round axis maximum: 1, 2, 2.5, 5 x 10^k at or above x.
double niceCeil(double x) {
    if (x <= 0)
        return 1;
    const double p = std::pow(10.0, std::floor(std::log10(x)));
    for (double m : {1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0})
        if (m * p >= x)
            return m * p;
    return 10 * p;
}

} // namespace

MemoryView::MemoryView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("memoryView"));
    m_plot = new Plot(this);
    m_plot->setObjectName(QStringLiteral("memoryChart"));
    m_plot->setMinimumSize(250, 180); // beside the days chart, the parameters and the lessons at 1280 x 720

    QList<QBarSet*> stack;
    for (int c = 0; c < kCategories; ++c) {
        auto* set = new QBarSet(QString(), this);
        set->setColor(kColours[c]);
        set->setBorderColor(kColours[c].darker(130));
        for (int b = 0; b < kBars; ++b)
            set->append(0.0);
        m_sets[size_t(c)] = set;
        stack << set;
    }
    m_plot->setBars(stack, 0.6);
    connect(m_plot, &Plot::barHovered, this, [this](int c, int bar, bool on) {
        m_hoveredCategory = on ? c : -1;
        m_hoveredBar = on ? bar : -1;
        if (on)
            QToolTip::showText(QCursor::pos(), hoverText(c, bar), m_plot);
        else
            QToolTip::hideText();
    });

    m_capacity = new QLineSeries(this);
    QPen pen(QColor(0xc6, 0x28, 0x28));
    pen.setWidthF(2.5);
    pen.setStyle(Qt::DashLine);
    m_capacity->setPen(pen);
    // The capacity line spans the category axis, which runs from -0.5 to 4.5 across all five bars.
    m_capacity->append(-0.5, 0);
    m_capacity->append(kBars - 0.5, 0);
    m_plot->addSeries(m_capacity);

    Plot::Axis x, y;
    x.scale = y.scale = Plot::Axis::Scale::Linear;
    x.min = -0.5;
    x.max = kBars - 0.5;
    y.min = 0;
    y.max = 1;
    m_plot->setXAxis(x);
    m_plot->setYAxis(y);
    connect(m_plot, &Plot::plotAreaChanged, this, [this] { placeTotals(); });

    m_caption = new TextLine(this);
    m_caption->setObjectName(QStringLiteral("memoryCaption"));
    m_caption->setPointSizeFactor(1.0, true);
    m_caption->setWrapping(true); // beside the toggles a narrow column wraps the caption rather than cutting it
    m_unitToggle = new QCheckBox(this);
    m_unitToggle->setObjectName(QStringLiteral("memoryUnitToggle"));
    connect(m_unitToggle, &QCheckBox::toggled, this, [this](bool on) {
        setBinaryUnits(on);
        askBinaryUnits(on); // for every view of the window
    });
    m_stateToggle = new QCheckBox(this);
    m_stateToggle->setObjectName(QStringLiteral("memoryStateOnly"));
    connect(m_stateToggle, &QCheckBox::toggled, this, &MemoryView::setStateOnly);

    m_legend = new QLabel(this);
    m_legend->setObjectName(QStringLiteral("memoryLegend"));
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);
    m_legend->setAlignment(Qt::AlignHCenter);

    auto* top = new QHBoxLayout;
    top->addWidget(m_caption, 1);
    top->addWidget(m_stateToggle);
    top->addWidget(m_unitToggle);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_legend);
    retranslate();
}

void MemoryView::retranslate() {
    const QString names[kCategories] = {tr("Frozen weights"),      tr("Weights"),         tr("Gradients"),
                                        tr("Master weights"),      tr("Optimizer state"), tr("Activations"),
                                        tr("Buffers and overhead")};
    for (int c = 0; c < kCategories; ++c)
        m_sets[size_t(c)]->setLabel(names[c]);
    m_unitToggle->setText(tr("&GiB"));
    m_unitToggle->setToolTip(tr("GB is 10\u2079 bytes (how GPU memory is sold); GiB is 2\u00b3\u2070 bytes (what "
                                "nvidia-smi and PyTorch report)."));
    m_stateToggle->setText(tr("&State only"));
    m_stateToggle->setToolTip(tr("Show only the training state (weights, gradients, master copy, optimizer) and "
                                 "label each bar in multiples of N parameters, as seed 000 §5 does: 16N, 7N, 5.5N, "
                                 "4N."));
    render(); // the captions, the axes and the legend
}

void MemoryView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void MemoryView::setPresenting(bool on) {
    // The lesson step sets state-only itself, and the window's View menu keeps GB / GiB.
    m_stateToggle->setVisible(!on);
    m_unitToggle->setVisible(!on);
}

double MemoryView::unitBytes() const {
    return m_gib ? engine::kGiB : engine::kGB;
}

void MemoryView::setEvaluation(const engine::Evaluation& e) {
    // Most edits (tokens, MFU, the deadline) leave every bar as it was: then the chart is not touched, and not
    // repainted (ui_latency_bench: a full repaint of this chart is 2-3 ms).
    const auto same = [](const engine::Ledger& a, const engine::Ledger& b) {
        return a.valid == b.valid && a.params.total == b.params.total && a.memory == b.memory;
    };
    bool unchanged = same(m_ledgers[0], e.ledger);
    for (size_t z = 0; z < e.zero.size(); ++z)
        unchanged = unchanged && same(m_ledgers[z + 1], e.zero[z]);
    m_ledgers[0] = e.ledger;
    for (size_t z = 0; z < e.zero.size(); ++z)
        m_ledgers[z + 1] = e.zero[z];
    if (!unchanged)
        render();
}

void MemoryView::setBinaryUnits(bool gib) {
    if (gib == m_gib)
        return;
    m_gib = gib;
    const QSignalBlocker block(m_unitToggle);
    m_unitToggle->setChecked(gib);
    render();
}

void MemoryView::setStateOnly(bool on) {
    if (on == m_stateOnly)
        return;
    m_stateOnly = on;
    const QSignalBlocker block(m_stateToggle);
    m_stateToggle->setChecked(on);
    render();
}

void MemoryView::contextMenuEvent(QContextMenuEvent* event) {
    QStringList wanted;
    if (m_hoveredCategory >= 0) {
        // Explain answers for the segment clicked: on a ZeRO bar, for this scenario at that stage (issue 28).
        QString key = QString::fromLatin1(engine::memoryParts({})[size_t(m_hoveredCategory)].key);
        if (m_hoveredBar >= 1 && m_hoveredBar < kBars)
            key += QStringLiteral("@zero=%1").arg(m_hoveredBar - 1);
        wanted << key;
    }
    wanted << QStringLiteral("memory.total") << QStringLiteral("memory.state")
           << QStringLiteral("memory.state_per_param") << QStringLiteral("memory.capacity")
           << QStringLiteral("memory.fits");
    const QString key = execExplainMenu(this, wanted, event->globalPos());
    if (!key.isEmpty())
        explain(key);
}

void MemoryView::render() {
    const double unit = unitBytes();
    double top = 0;
    for (int c = 0; c < kCategories; ++c)
        for (int b = 0; b < kBars; ++b)
            m_sets[size_t(c)]->replace(b, m_stateOnly && !engine::memoryParts({})[size_t(c)].state
                                              ? 0.0
                                              : category(m_ledgers[size_t(b)].memory, c) / unit);
    for (const auto& l : m_ledgers)
        top = std::max(top, m_stateOnly ? l.memory.state : l.memory.total);
    const engine::MemoryLedger& m = m_ledgers[0].memory;
    top = std::max(top, m.capacity);
    m_capacity->replace({QPointF(-0.5, m.capacity / unit), QPointF(kBars - 0.5, m.capacity / unit)});
    const QString capacity = str(m_gib ? engine::formatGiB(m.capacity) : engine::formatGB(m.capacity));
    m_capacity->setName(tr("GPU capacity"));
    // State only: room above the bars for their two-line labels (16N and the bytes).
    const double axisMax = niceCeil(top * (m_stateOnly ? 1.25 : 1.05) / unit);
    Plot::Axis y = m_plot->yAxis();
    y.max = axisMax;
    y.interval = engine::niceStep(axisMax / 8);
    y.title = m_gib ? tr("GiB per GPU (2\u00b3\u2070 B)") : tr("GB per GPU (10\u2079 B)");
    m_plot->setYAxis(y);

    placeTotals();
    if (m_ledgers[0].valid && m_stateOnly)
        m_caption->setText(tr("Training state per GPU, in multiples of N = %1 parameters (activations and buffers "
                              "hidden)")
                               .arg(str(engine::groupDigits(double(m_ledgers[0].params.total)))));
    else if (m_ledgers[0].valid)
        m_caption->setText(tr("This plan: %1 of %2 \u2014 %3")
                               .arg(str(m_gib ? engine::formatGiB(m.total) : engine::formatGB(m.total)), capacity,
                                    m.fits ? tr("fits") : tr("does not fit")));
    else
        m_caption->setText(tr("Memory per GPU: no valid plan"));

    QStringList legend;
    // The frozen weights only where a bar has them (LoRA, QLoRA): full training's legend stays as it was.
    bool frozen = false;
    for (const auto& l : m_ledgers)
        frozen = frozen || engine::memoryParts(l.memory)[0].bytes > 0;
    for (int c = 0; c < kCategories; ++c)
        if (c != 0 || frozen)
            legend << QStringLiteral("<span style=\"color:%1\">\u25a0</span>&nbsp;%2")
                          .arg(kColours[c].name(), keepTogether(m_sets[size_t(c)]->label()));
    legend << QStringLiteral("<span style=\"color:#c62828\"><b>\u2012 \u2012</b></span>&nbsp;%1")
                  .arg(keepTogether(m_capacity->name()));
    m_legend->setText(legend.join(QStringLiteral(" &nbsp; ")));
}

void MemoryView::placeTotals() {
    // Category names that fit their bar: "ZeRO-2" where there is room, "Z2" where there is not.
    Plot::Axis x = m_plot->xAxis();
    const double perBar = m_plot->plotArea().width() / kBars;
    const bool shortNames = m_plot->plotArea().width() > 1 &&
                            perBar < QFontMetricsF(m_plot->labelFont()).horizontalAdvance(tr("ZeRO-0")) + 8;
    x.categories = shortNames ? QStringList{tr("Plan", "short axis label"), tr("Z0"), tr("Z1"), tr("Z2"), tr("Z3")}
                              : QStringList{tr("Plan"), tr("ZeRO-0"), tr("ZeRO-1"), tr("ZeRO-2"), tr("ZeRO-3")};
    x.title = shortNames ? tr("Plan, then ZeRO 0 to 3") : tr("This plan and its ZeRO stages");
    m_plot->setXAxis(x);
    // Totals above each bar, so the comparison reads without hovering; state only: in multiples of N too.
    std::vector<Plot::Note> notes;
    for (int b = 0; b < kBars; ++b) {
        const engine::Ledger& l = m_ledgers[size_t(b)];
        const double bytes = m_stateOnly ? l.memory.state : l.memory.total;
        QString text = str(m_gib ? engine::formatGiB(bytes) : engine::formatGB(bytes));
        if (m_stateOnly)
            text = tr("%1N\n%2").arg(QLocale::c().toString(l.memory.statePerParam, 'g', 4), text);
        notes.push_back({QPointF(b, bytes / unitBytes()), l.valid ? text : QString(), b == 0});
    }
    m_plot->setNotes(notes);
    // A total that would sit on the capacity line goes just above it, where the plot has room: both stay readable
    // (large type on a projector made the 38.5 GB of a 40 GB bar cross an 80 GB line).
    const double capacity = m_capacity->count() > 0 ? m_capacity->at(0).y() : 0;
    const QRectF area = m_plot->plotArea();
    const double lineY = m_plot->map(QPointF(0, capacity)).y();
    const double pxPerUnit = m_plot->map(QPointF(0, 0)).y() - m_plot->map(QPointF(0, 1)).y();
    if (!(capacity > 0) || !(pxPerUnit > 0) || area.height() <= 1)
        return;
    bool moved = false;
    for (Plot::Note& n : notes) {
        const QRectF r = m_plot->noteRect(n);
        if (n.text.isEmpty() || r.bottom() < lineY - 2 || r.top() > lineY + 2)
            continue;
        // Its bottom 4 px above the line (a note's bottom is 2 px above its point).
        const Plot::Note lifted{QPointF(n.at.x(), capacity + 2 / pxPerUnit), n.text, n.bold};
        if (m_plot->noteRect(lifted).top() >= area.top()) {
            n = lifted;
            moved = true;
        }
    }
    if (moved)
        m_plot->setNotes(notes);
}

QStringList MemoryView::totalTexts() const {
    QStringList out;
    for (const Plot::Note& n : m_plot->notes())
        out << n.text;
    return out;
}

QString MemoryView::caption() const {
    return m_caption->text();
}

QString MemoryView::hoverText(int c, int bar) const {
    if (bar < 0 || bar >= kBars)
        return {};
    const engine::Ledger& l = m_ledgers[size_t(bar)];
    const double bytes = category(l.memory, c);
    const QString what = m_sets[size_t(c)]->label();
    const QString where = m_plot->xAxis().categories.value(bar);
    return tr("%1 \u2014 %2\n%3 per GPU (%4)\nTotal %5 of %6, pipeline stage %7")
        .arg(where, what, str(engine::formatGB(bytes)), str(engine::formatGiB(bytes)),
             str(m_gib ? engine::formatGiB(l.memory.total) : engine::formatGB(l.memory.total)),
             str(m_gib ? engine::formatGiB(l.memory.capacity) : engine::formatGB(l.memory.capacity)))
        .arg(l.memory.stage);
}

void MemoryView::setDragging(bool dragging) {
    m_plot->setAntialiased(!dragging);
}

} // namespace tl::ui
