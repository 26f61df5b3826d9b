#pragma once
// The Planner tab: GPU count or range, objective, headroom, budget (the fastest layout within $X); the search
// (engine::planLayouts) runs off the UI thread (a BackgroundJob), with a progress bar and Cancel once it has taken a
// moment; results in a sortable table and a days-against-dollars chart with the Pareto front and this plan's point;
// Apply makes the selected layout the scenario in one undo step. Cancelling, or a search that finishes after the
// scenario changed, leaves the scenario untouched.

#include "engine/layoutplanner.h"

#include <QWidget>

#include <QPointF>

#include <functional>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;

namespace tl::ui {

class BackgroundJob;
class Controller;
class JobProgress;
class PlanChart;
class PlanModel;

class PlannerTab : public QWidget {
    Q_OBJECT
public:
    explicit PlannerTab(Controller* controller, QWidget* parent = nullptr); // objectName "plannerTab"

    // The memory kept free by default, in percent of each GPU's capacity (docs/planner.md, "Headroom"): a plan that
    // fills the last gigabyte fails on the allocator's fragmentation and the runtime's own buffers.
    static constexpr double kDefaultHeadroomPercent = 10;
    ~PlannerTab() override;

    // Start a search with the controls' values; false (with the error shown beside the field) when they are bad.
    bool plan();
    void cancel();
    bool isRunning() const;
    // Apply the plan in the table's row (the current row when -1). False when there is none or the results are
    // stale.
    bool applyRow(int row = -1);
    // The searched scenario with the row's layout (the current row when -1); nullopt when there is none or the
    // results are stale. The row's menu offers "Export this layout..." with it.
    std::optional<engine::Scenario> rowScenario(int row = -1) const;
    QMenu* rowMenu(int row); // the table's context menu for a row (tests trigger its actions)

    // The search (engine::planLayouts); tests put in one that waits until they release it.
    using Search = std::function<engine::PlanResult(const engine::Scenario&, const engine::PlanRequest&)>;
    void setSearch(Search search) { m_search = std::move(search); }

    // For tests.
    QLineEdit* gpusEdit() const { return m_gpus; }
    QComboBox* objectiveBox() const { return m_objective; }
    QDoubleSpinBox* headroomBox() const { return m_headroom; }
    QLineEdit* budgetEdit() const { return m_budget; }
    QTableView* table() const { return m_table; }
    PlanModel* model() const { return m_model; }
    PlanChart* chart() const { return m_chart; }
    QProgressBar* progressBar() const;
    QPushButton* cancelButton() const;
    BackgroundJob* job() const { return m_job; }
    QPushButton* applyButton() const { return m_apply; }
    QLabel* statusLabel() const { return m_status; }
    QString finetuneNote() const; // after a search of a LoRA or QLoRA scenario: what frozen weights change
    const engine::PlanResult& result() const { return m_result; }

signals:
    void finished(bool cancelled);
    void exportLayoutRequested(const engine::Scenario& s);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override; // the table's viewport resized: fitColumns()

private:
    void retranslate();
    // The figures at their width, the layout and the bottleneck share what is left (elided in the middle, their
    // tooltips say all): no column is out of sight sideways.
    void fitColumns();
    void setStatus(std::function<QString()> text); // the status line, written again in another language
    void onFinished(engine::PlanResult result);
    void onScenarioChanged();
    void updateApply();
    bool stale() const;
    std::optional<QPointF> currentPoint() const;

    Controller* m_controller;
    QLabel* m_gpusLabel;
    QLabel* m_objectiveLabel;
    QLabel* m_headroomLabel;
    QLabel* m_budgetLabel;
    QLabel* m_topLabel;
    std::function<QString()> m_statusText;
    QLineEdit* m_gpus;
    QLabel* m_gpusError;
    QComboBox* m_objective;
    QDoubleSpinBox* m_headroom;
    QLineEdit* m_budget;
    QLabel* m_budgetError;
    QSpinBox* m_top;
    QCheckBox* m_across;
    QPushButton* m_run;
    BackgroundJob* m_job;
    JobProgress* m_progress;
    Search m_search = engine::planLayouts;
    QLabel* m_status;
    QTableView* m_table;
    PlanModel* m_model;
    PlanChart* m_chart;
    QPushButton* m_apply;
    engine::Scenario m_searched; // the scenario the shown results belong to
    engine::PlanResult m_result;
    bool m_haveResult = false;
};

} // namespace tl::ui
