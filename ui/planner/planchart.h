#pragma once
// Days against dollars for the planner's results: every listed plan, the Pareto front (no layout is both faster
// and cheaper than a point on it) joined by a line, this scenario's own point, and the selected plan. Both axes are
// logarithmic: plans a few times apart (or this plan far from the list) keep their spread instead of crowding a
// corner.

#include "engine/layoutplanner.h"

#include <QWidget>

#include <optional>
#include <vector>

class QChart;
class QChartView;
class QLineSeries;
class QScatterSeries;
class QLogValueAxis;

namespace tl::ui {

class PlanChart : public QWidget {
    Q_OBJECT
public:
    explicit PlanChart(QWidget* parent = nullptr); // objectName "planChart"

    // current: this scenario's (days, dollars) when its ledger is valid.
    void setData(const std::vector<engine::Plan>& plans, const std::vector<engine::Plan>& pareto,
                 std::optional<QPointF> current);
    void setSelected(const engine::Plan* plan);
    // This scenario's point alone (after Apply, or any edit that leaves the search's results valid).
    void setCurrent(std::optional<QPointF> current);

    // For tests.
    QScatterSeries* plansSeries() const { return m_plans; }
    QLineSeries* frontSeries() const { return m_front; }
    QScatterSeries* currentSeries() const { return m_current; }
    QChartView* chartView() const { return m_view; }
    QLogValueAxis* daysAxis() const { return m_x; }
    QLogValueAxis* costAxis() const { return m_y; }
    double costScale() const { return m_scale; } // dollars per unit of the cost axis

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void rescale();

    QChart* m_chart;
    QChartView* m_view;
    QScatterSeries* m_plans;
    QLineSeries* m_front;
    QScatterSeries* m_frontDots;
    QScatterSeries* m_current;
    QScatterSeries* m_selected;
    QLogValueAxis* m_x;
    QLogValueAxis* m_y;
    double m_scale = 1; // dollars per axis unit
    std::vector<QPointF> m_raw[5];
};

} // namespace tl::ui
