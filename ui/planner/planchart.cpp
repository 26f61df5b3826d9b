#include "ui/planner/planchart.h"

#include "ui/views/charts.h"

#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tl::ui {

PlanChart::PlanChart(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("planChart"));
    m_chart = new QChart;
    m_chart->legend()->setAlignment(Qt::AlignBottom);
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
    m_x = new QValueAxis;
    m_x->setLabelFormat(QStringLiteral("%.1f"));
    m_y = new QValueAxis;
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
    m_x->setTitleText(tr("Days to train"));
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

// Dollars in $, thousands or millions so that tick labels stay short; both axes padded around every point.
void PlanChart::rescale() {
    double xmin = 1e300, xmax = -1e300, ymax = 0, ymin = 1e300;
    for (const auto& r : m_raw)
        for (const QPointF& p : r) {
            xmin = std::min(xmin, p.x());
            xmax = std::max(xmax, p.x());
            ymin = std::min(ymin, p.y());
            ymax = std::max(ymax, p.y());
        }
    const bool empty = xmax < xmin;
    if (empty) {
        xmin = 0, xmax = 1, ymin = 0, ymax = 1;
    }
    m_scale = ymax >= 2e6 ? 1e6 : ymax >= 2e3 ? 1e3 : 1;
    m_y->setTitleText(m_scale == 1e6 ? tr("Cost, M$") : m_scale == 1e3 ? tr("Cost, k$") : tr("Cost, $"));
    m_y->setLabelFormat(QStringLiteral("%.1f"));
    auto scaled = [this](const std::vector<QPointF>& pts) {
        QList<QPointF> out;
        for (const QPointF& p : pts)
            out << QPointF(p.x(), p.y() / m_scale);
        return out;
    };
    m_plans->replace(scaled(m_raw[0]));
    m_front->replace(scaled(m_raw[1]));
    m_frontDots->replace(scaled(m_raw[1]));
    m_current->replace(scaled(m_raw[2]));
    m_selected->replace(scaled(m_raw[3]));
    const double dx = std::max((xmax - xmin) * 0.08, std::max(xmax, 1e-3) * 0.02);
    const double dy = std::max((ymax - ymin) * 0.08, std::max(ymax, 1e-3) * 0.02);
    m_x->setRange(std::max(0.0, xmin - dx), xmax + dx);
    m_y->setRange(std::max(0.0, (ymin - dy) / m_scale), (ymax + dy) / m_scale);
    m_x->applyNiceNumbers();
    m_y->applyNiceNumbers();
}

} // namespace tl::ui
