#include "ui/planner/planchart.h"

#include "ui/views/charts.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tl::ui {

PlanChart::PlanChart(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("planChart"));
    m_chart = new QChart;
    // The tab gives the chart little height under the table (1280 x 720): the legend goes beside the plot, where the
    // tab has width to spare, and the margins are small, so that the axes' titles read in full (issue 28: the cost
    // axis's title was an ellipsis, in Chinese from the first plan).
    m_chart->legend()->setAlignment(Qt::AlignRight);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    m_chart->setBackgroundRoundness(0);
    m_plans = new QScatterSeries;
    m_plans->setMarkerSize(7);
    m_plans->setColor(QColor(0x9e, 0x9e, 0x9e));
    m_plans->setBorderColor(QColor(0x75, 0x75, 0x75));
    m_front = new QLineSeries;
    m_front->setPen(QPen(QColor(0x1f, 0x6f, 0xb4), 2));
    m_frontDots = new QScatterSeries;
    m_frontDots->setMarkerSize(9);
    m_frontDots->setColor(QColor(0x1f, 0x6f, 0xb4));
    m_frontDots->setBorderColor(QColor(0x1f, 0x6f, 0xb4));
    m_current = new QScatterSeries;
    m_current->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_current->setMarkerSize(12);
    m_current->setColor(QColor(0xe0, 0x8a, 0x00));
    m_current->setBorderColor(Qt::black);
    m_selected = new QScatterSeries;
    m_selected->setMarkerSize(15);
    m_selected->setColor(Qt::transparent);
    m_selected->setBorderColor(QColor(0xc6, 0x28, 0x28));
    m_selected->setPen(QPen(QColor(0xc6, 0x28, 0x28), 2.5));
    m_x = new QLogValueAxis;
    m_x->setLabelFormat(QStringLiteral("%.3g"));
    m_x->setMinorTickCount(-1);
    m_y = new QLogValueAxis;
    m_y->setLabelFormat(QStringLiteral("%.3g"));
    m_y->setMinorTickCount(-1);
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    attachSeries(m_chart, {m_plans, m_front, m_frontDots, m_current, m_selected}, m_x, m_y);
    m_chart->legend()->markers(m_frontDots).first()->setVisible(false);
    m_view = makeChartView(m_chart, QStringLiteral("planChartView"), {0, 0});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    retranslate();
}

void PlanChart::retranslate() {
    m_chart->setTitle(tr("Days against dollars"));
    m_plans->setName(tr("Listed plans"));
    m_front->setName(tr("Pareto front"));
    m_current->setName(tr("This plan"));
    m_selected->setName(tr("Selected"));
    m_x->setTitleText(tr("Days to train (log)"));
    rescale(); // the cost axis's title
}

void PlanChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void PlanChart::setData(const std::vector<engine::Plan>& plans, const std::vector<engine::Plan>& pareto,
                        std::optional<QPointF> current) {
    for (auto& r : m_raw)
        r.clear();
    for (const auto& p : plans)
        m_raw[0].push_back({p.days, p.usd});
    for (const auto& p : pareto)
        m_raw[1].push_back({p.days, p.usd});
    if (current)
        m_raw[2].push_back(*current);
    rescale();
}

void PlanChart::setSelected(const engine::Plan* plan) {
    m_raw[3].clear();
    if (plan)
        m_raw[3].push_back({plan->days, plan->usd});
    rescale();
}

void PlanChart::setCurrent(std::optional<QPointF> current) {
    m_raw[2].clear();
    if (current)
        m_raw[2].push_back(*current);
    rescale();
}

namespace {

// A log axis's base for a range: decades when the range spans them, otherwise a smaller base so that at least three
// ticks fall inside (a log axis labels only the base's powers).
double logBase(double lo, double hi) {
    const double ratio = hi / lo;
    if (ratio >= 30)
        return 10;
    if (ratio >= 6)
        return 2;
    return std::max(1.05, std::pow(ratio, 1.0 / 3));
}

} // namespace

// Dollars in $, thousands or millions so that tick labels stay short; both axes padded around every point by a
// share of the range on the log scale.
void PlanChart::rescale() {
    double xmin = 1e300, xmax = -1e300, ymax = 0, ymin = 1e300;
    for (const auto& r : m_raw)
        for (const QPointF& p : r) {
            if (!(p.x() > 0) || !(p.y() > 0))
                continue; // a log axis has no room for zero
            xmin = std::min(xmin, p.x());
            xmax = std::max(xmax, p.x());
            ymin = std::min(ymin, p.y());
            ymax = std::max(ymax, p.y());
        }
    const bool empty = xmax < xmin;
    if (empty) {
        xmin = 1, xmax = 10, ymin = 1, ymax = 10;
    }
    m_scale = ymax >= 2e6 ? 1e6 : ymax >= 2e3 ? 1e3 : 1;
    m_y->setTitleText(m_scale == 1e6   ? tr("Cost, M$ (log)")
                      : m_scale == 1e3 ? tr("Cost, k$ (log)")
                                       : tr("Cost, $ (log)"));
    auto scaled = [this](const std::vector<QPointF>& pts) {
        QList<QPointF> out;
        for (const QPointF& p : pts)
            if (p.x() > 0 && p.y() > 0)
                out << QPointF(p.x(), p.y() / m_scale);
        return out;
    };
    m_plans->replace(scaled(m_raw[0]));
    m_front->replace(scaled(m_raw[1]));
    m_frontDots->replace(scaled(m_raw[1]));
    m_current->replace(scaled(m_raw[2]));
    m_selected->replace(scaled(m_raw[3]));
    // At least a 1.2 x span on each axis, then 8% of the span in log units on either side.
    auto padded = [](double lo, double hi) {
        const double mid = std::sqrt(lo * hi);
        double span = std::max(std::log(hi / lo), std::log(1.2));
        lo = mid * std::exp(-span / 2);
        hi = mid * std::exp(span / 2);
        span *= 0.08;
        return std::pair{lo * std::exp(-span), hi * std::exp(span)};
    };
    const auto [x0, x1] = padded(xmin, xmax);
    const auto [y0, y1] = padded(ymin / m_scale, ymax / m_scale);
    m_x->setBase(logBase(x0, x1));
    m_y->setBase(logBase(y0, y1));
    m_x->setRange(x0, x1);
    m_y->setRange(y0, y1);
    // Before a search there is nothing to measure: no made-up days or dollars on the axes. The labels are drawn
    // transparent, not hidden: a hidden label still takes its height off the title's room and cuts it to "...".
    for (QAbstractAxis* axis : {static_cast<QAbstractAxis*>(m_x), static_cast<QAbstractAxis*>(m_y)}) {
        QColor colour = axis->labelsColor();
        colour.setAlpha(empty ? 0 : 255);
        axis->setLabelsColor(colour);
    }
}

} // namespace tl::ui
