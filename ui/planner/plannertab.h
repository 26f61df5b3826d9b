#pragma once
// The Planner tab: GPU count or range, objective, headroom; the search (engine::planLayouts) runs off the UI thread
// (QtConcurrent), with a progress bar and Cancel once it has taken ~200 ms; results in a sortable table and a
// days-against-dollars chart with the Pareto front and this plan's point; Apply makes the selected layout the
// scenario in one undo step. Cancelling, or a search that finishes after the scenario changed, leaves the scenario
// untouched.

#include "engine/layoutplanner.h"

#include <QFutureWatcher>
#include <QWidget>

#include <atomic>
#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;
class QTimer;

namespace tl::ui {

class Controller;
class PlanChart;
class PlanModel;

class PlannerTab : public QWidget {
    Q_OBJECT
public:
    static constexpr int kProgressDelayMs = 200; // a search shorter than this shows no progress bar

    explicit PlannerTab(Controller* controller, QWidget* parent = nullptr); // objectName "plannerTab"
    ~PlannerTab() override;

    // Start a search with the controls' values; false (with the error shown beside the field) when they are bad.
    bool plan();
    void cancel();
    bool isRunning() const;
    // Apply the plan in the table's row (the current row when -1). False when there is none or the results are
    // stale.
    bool applyRow(int row = -1);

    // For tests.
    QLineEdit* gpusEdit() const { return m_gpus; }
    QComboBox* objectiveBox() const { return m_objective; }
    QDoubleSpinBox* headroomBox() const { return m_headroom; }
    QTableView* table() const { return m_table; }
    PlanModel* model() const { return m_model; }
    PlanChart* chart() const { return m_chart; }
    QProgressBar* progressBar() const { return m_progress; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* applyButton() const { return m_apply; }
    QLabel* statusLabel() const { return m_status; }
    const engine::PlanResult& result() const { return m_result; }

signals:
    void finished(bool cancelled);

private:
    void onFinished();
    void onScenarioChanged();
    void updateApply();
    bool stale() const;

    Controller* m_controller;
    QLineEdit* m_gpus;
    QLabel* m_gpusError;
    QComboBox* m_objective;
    QDoubleSpinBox* m_headroom;
    QSpinBox* m_top;
    QCheckBox* m_across;
    QPushButton* m_run;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    QLabel* m_status;
    QTableView* m_table;
    PlanModel* m_model;
    PlanChart* m_chart;
    QPushButton* m_apply;
    QTimer* m_showProgress;
    QTimer* m_poll;

    QFutureWatcher<engine::PlanResult> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancelFlag;
    std::shared_ptr<std::atomic<int>> m_permille; // progress from the engine's worker threads
    engine::Scenario m_searched;                  // the scenario the shown results belong to
    engine::PlanResult m_result;
    bool m_haveResult = false;
};

} // namespace tl::ui
