#include "ui/views/memoryview.h"

#include "engine/units.h"
#include "ui/explain/explaindialog.h"
#include "ui/views/charts.h"
#include "ui/views/legendtext.h"
#include "ui/views/textline.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QContextMenuEvent>
#include <QCursor>
#include <QFontMetricsF>
#include <QGraphicsSimpleTextItem>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QLocale>
#include <QSignalBlocker>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tl::ui {

namespace {

QString str(const std::string& s) {
    return QString::fromStdString(s);
}

double category(const engine::MemoryLedger& m, int c) {
    switch (c) {
    case 0:
        return m.weights;
    case 1:
        return m.gradients;
    case 2:
        return m.masterWeights;
    case 3:
        return m.optimizer;
    case 4:
        return m.activations;
    default:
        return m.buffers;
    }
}

// Colour-blind-friendly hues (Okabe-Ito order, softened); red stays free for the capacity line.
const QColor kColours[MemoryView::kCategories] = {QColor(0x3b, 0x75, 0xaf), QColor(0xef, 0x8a, 0x3c),
                                                  QColor(0x52, 0xa0, 0x6b), QColor(0x8e, 0x6b, 0xb8),
                                                  QColor(0xd4, 0xb9, 0x4c), QColor(0x9a, 0x9a, 0x9a)};

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
    m_chart = makeChart();
    m_chart->legend()->hide(); // a wrapping legend below the chart never truncates names

    m_series = new QStackedBarSeries;
    const QString names[kCategories] = {tr("Weights"),         tr("Gradients"),   tr("Master weights"),
                                        tr("Optimizer state"), tr("Activations"), tr("Buffers and overhead")};
    for (int c = 0; c < kCategories; ++c) {
        auto* set = new QBarSet(names[c]);
        set->setColor(kColours[c]);
        set->setBorderColor(kColours[c].darker(130));
        for (int b = 0; b < kBars; ++b)
            set->append(0.0);
        m_sets[size_t(c)] = set;
        m_series->append(set);
        connect(set, &QBarSet::hovered, this, [this, c](bool on, int bar) {
            m_hoveredCategory = on ? c : -1;
            if (on)
                QToolTip::showText(QCursor::pos(), hoverText(c, bar), m_view);
            else
                QToolTip::hideText();
        });
    }
    m_series->setBarWidth(0.6);
    m_chart->addSeries(m_series);

    m_capacity = new QLineSeries;
    QPen pen(QColor(0xc6, 0x28, 0x28));
    pen.setWidthF(2.5);
    pen.setStyle(Qt::DashLine);
    m_capacity->setPen(pen);
    m_chart->addSeries(m_capacity);

    m_x = new QBarCategoryAxis;
    m_x->append({tr("Plan"), tr("ZeRO-0"), tr("ZeRO-1"), tr("ZeRO-2"), tr("ZeRO-3")});
    for (auto& t : m_totals) {
        t = new QGraphicsSimpleTextItem(m_chart);
        t->setZValue(20);
    }
    connect(m_chart, &QChart::plotAreaChanged, this, [this] { placeTotals(); });
    m_x->setTitleText(tr("This plan and its ZeRO stages"));
    m_y = new QValueAxis;
    m_y->setLabelFormat(QStringLiteral("%g"));
    m_y->setTickType(QValueAxis::TicksDynamic);
    m_y->setTickAnchor(0);
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    m_series->attachAxis(m_x);
    m_series->attachAxis(m_y);
    // The capacity line lives on the same category axis: x runs from -0.5 to 4.5 across all five bars.
    m_capacity->attachAxis(m_x);
    m_capacity->attachAxis(m_y);
    m_capacity->append(-0.5, 0);
    m_capacity->append(kBars - 0.5, 0);

    m_view = makeChartView(m_chart, QStringLiteral("memoryChart"), {300, 180}, this, true);

    m_caption = new TextLine(this);
    m_caption->setObjectName(QStringLiteral("memoryCaption"));
    m_caption->setPointSizeFactor(1.0, true);
    m_caption->setWrapping(true); // beside the toggles a narrow column wraps the caption rather than cutting it
    m_unitToggle = new QCheckBox(tr("&GiB"), this);
    m_unitToggle->setObjectName(QStringLiteral("memoryUnitToggle"));
    m_unitToggle->setToolTip(tr("GB is 10\u2079 bytes (how GPU memory is sold); GiB is 2\u00b3\u2070 bytes (what "
                                "nvidia-smi and PyTorch report)."));
    connect(m_unitToggle, &QCheckBox::toggled, this, [this](bool on) {
        setBinaryUnits(on);
        emit binaryUnitsToggled(on);
    });
    m_stateToggle = new QCheckBox(tr("&State only"), this);
    m_stateToggle->setObjectName(QStringLiteral("memoryStateOnly"));
    m_stateToggle->setToolTip(tr("Show only the training state (weights, gradients, master copy, optimizer) and "
                                 "label each bar in multiples of N parameters, as seed 000 §5 does: 16N, 7N, 5.5N, "
                                 "4N."));
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
    layout->addWidget(m_view, 1);
    layout->addWidget(m_legend);
    render();
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
    static const char* keys[kCategories] = {"memory.weights",   "memory.gradients",   "memory.master_weights",
                                            "memory.optimizer", "memory.activations", "memory.buffers"};
    QStringList wanted;
    if (m_hoveredCategory >= 0)
        wanted << QString::fromLatin1(keys[m_hoveredCategory]);
    wanted << QStringLiteral("memory.total") << QStringLiteral("memory.state")
           << QStringLiteral("memory.state_per_param") << QStringLiteral("memory.capacity")
           << QStringLiteral("memory.fits");
    const QString key = execExplainMenu(this, wanted, event->globalPos());
    if (!key.isEmpty())
        emit explainRequested(key);
}

void MemoryView::render() {
    const double unit = unitBytes();
    double top = 0;
    for (int c = 0; c < kCategories; ++c)
        for (int b = 0; b < kBars; ++b)
            m_sets[size_t(c)]->replace(b,
                                       m_stateOnly && c >= 4 ? 0.0 : category(m_ledgers[size_t(b)].memory, c) / unit);
    for (const auto& l : m_ledgers)
        top = std::max(top, m_stateOnly ? l.memory.state : l.memory.total);
    const engine::MemoryLedger& m = m_ledgers[0].memory;
    top = std::max(top, m.capacity);
    m_capacity->replace({QPointF(-0.5, m.capacity / unit), QPointF(kBars - 0.5, m.capacity / unit)});
    const QString capacity = str(m_gib ? engine::formatGiB(m.capacity) : engine::formatGB(m.capacity));
    m_capacity->setName(tr("GPU capacity"));
    // State only: room above the bars for their two-line labels (16N and the bytes).
    const double axisMax = niceCeil(top * (m_stateOnly ? 1.25 : 1.05) / unit);
    if (m_y->max() != axisMax) {
        m_y->setRange(0, axisMax);
        m_y->setTickInterval(niceCeil(axisMax / 8));
    }
    m_y->setTitleText(m_gib ? tr("GiB per GPU (2\u00b3\u2070 B)") : tr("GB per GPU (10\u2079 B)"));

    // Totals above each bar, so the comparison reads without hovering; state only: in multiples of N too.
    for (int b = 0; b < kBars; ++b) {
        const engine::Ledger& l = m_ledgers[size_t(b)];
        const double bytes = m_stateOnly ? l.memory.state : l.memory.total;
        QString text = str(m_gib ? engine::formatGiB(bytes) : engine::formatGB(bytes));
        if (m_stateOnly)
            text = tr("%1N\n%2").arg(QLocale::c().toString(l.memory.statePerParam, 'g', 4), text);
        m_totals[size_t(b)]->setText(l.valid ? text : QString());
    }
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
    for (int c = 0; c < kCategories; ++c)
        legend << QStringLiteral("<span style=\"color:%1\">\u25a0</span>&nbsp;%2")
                      .arg(kColours[c].name(), keepTogether(m_sets[size_t(c)]->label()));
    legend << QStringLiteral("<span style=\"color:#c62828\"><b>\u2012 \u2012</b></span>&nbsp;%1")
                  .arg(keepTogether(m_capacity->name()));
    m_legend->setText(legend.join(QStringLiteral(" &nbsp; ")));
    flushChart(m_view);
}

void MemoryView::placeTotals() {
    // Category names that fit their bar: "ZeRO-2" where there is room, "Z2" where there is not.
    const double perBar = m_chart->plotArea().width() / kBars;
    const bool shortNames = perBar < QFontMetricsF(m_x->labelsFont()).horizontalAdvance(tr("ZeRO-0")) +
                                         16; // Qt Charts elides with a margin
    if (shortNames != m_shortNames && m_chart->plotArea().width() > 0) {
        m_shortNames = shortNames;
        m_x->setCategories(shortNames
                               ? QStringList{tr("Plan", "short axis label"), tr("Z0"), tr("Z1"), tr("Z2"), tr("Z3")}
                               : QStringList{tr("Plan"), tr("ZeRO-0"), tr("ZeRO-1"), tr("ZeRO-2"), tr("ZeRO-3")});
        m_x->setTitleText(shortNames ? tr("Plan, then ZeRO 0 to 3") : tr("This plan and its ZeRO stages"));
    }
    for (int b = 0; b < kBars; ++b) {
        QGraphicsSimpleTextItem* t = m_totals[size_t(b)];
        QFont f = m_chart->font();
        f.setBold(b == 0);
        t->setFont(f);
        const engine::MemoryLedger& m = m_ledgers[size_t(b)].memory;
        const QPointF p = m_chart->mapToPosition(QPointF(b, (m_stateOnly ? m.state : m.total) / unitBytes()), m_series);
        const QRectF r = t->boundingRect();
        t->setPos(p.x() - r.width() / 2, p.y() - r.height() - 2);
    }
}

QStringList MemoryView::totalTexts() const {
    QStringList out;
    for (const auto* t : m_totals)
        out << t->text();
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
    const QString where = m_x->at(bar);
    return tr("%1 \u2014 %2\n%3 per GPU (%4)\nTotal %5 of %6, pipeline stage %7")
        .arg(where, what, str(engine::formatGB(bytes)), str(engine::formatGiB(bytes)),
             str(m_gib ? engine::formatGiB(l.memory.total) : engine::formatGB(l.memory.total)),
             str(m_gib ? engine::formatGiB(l.memory.capacity) : engine::formatGB(l.memory.capacity)))
        .arg(l.memory.stage);
}

void MemoryView::setDragging(bool dragging) {
    setChartDragging(m_view, dragging);
}

} // namespace tl::ui
