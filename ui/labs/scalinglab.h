#pragma once
// The scaling-law lab (seed 003 §6). "Compute-optimal": a FLOP or dollar budget (dollars turned into FLOPs through
// the scenario's GPU, price and MFU) split by Chinchilla approach 3, by Kaplan et al. 2020 and by the 20-tokens rule,
// iso-FLOP curves with each optimum marked, and what training a smaller model past its optimum costs. "Fit your own
// law": pilot runs from a CSV, fitted as Hoffmann et al. did (engine/labs/scalingfit) in a worker thread with
// progress and Cancel, the fitted curves against the points. "Use this allocation" sets model.params and
// data.tokens through the controller as one undo step. Every number comes from engine/labs.

#include "engine/labs/allocation.h"
#include "engine/labs/scalingfit.h"
#include "engine/ledger.h"
#include "engine/scenario.h"
#include "ui/i18n/retranslator.h"
#include "ui/views/view.h"

#include <QWidget>

#include <array>
#include <atomic>
#include <functional>
#include <optional>

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QSplitter;
class QTabWidget;
class QTableWidget;
class QThread;

namespace tl::ui {
class Controller;
}

namespace tl::ui::labs {

class ScalingLab : public QWidget, public EvaluationView {
    Q_OBJECT
public:
    explicit ScalingLab(Controller* controller, QWidget* parent = nullptr); // objectName "scalingLab"
    ~ScalingLab() override;

    // The valid scenario and its ledger: the plan's budget, and the hardware that turns dollars into FLOPs.
    void setEvaluation(const engine::Evaluation& e) override { setScenario(e.scenario, e.ledger); }
    void setScenario(const engine::Scenario& s, const engine::Ledger& l);

    // The budget in FLOPs as entered (dollars converted); nullopt while the text is not a positive number.
    std::optional<double> budgetFlops() const;
    const engine::labs::BudgetSplit& split() const { return m_split; }

    // Fit runs (the pilot-run CSV) and wait for the result: for tests and the command line's screenshots.
    // Returns the parse error ("" on success). Without wait, the fit runs in the background with a progress dialog.
    QString loadRuns(const QString& csvText, bool wait);
    QString importCsv(const QString& path, bool wait); // reads the file, then loadRuns
    void loadSampleRuns(bool wait);                    // approach 3 constants, 1% noise, seeded
    const std::optional<engine::labs::ScalingFit>& fit() const { return m_fit; }

    QTabWidget* pages() const { return m_pages; }
    QLineEdit* budgetEdit() const { return m_budget; }
    QComboBox* budgetUnit() const { return m_unit; }
    QTableWidget* allocationTable() const { return m_table; }
    QSlider* pastSlider() const { return m_past; }
    QLabel* pastLine() const { return m_pastLine; }
    QChart* isoFlopChart() const { return m_isoChart; }
    QChart* fitChart() const { return m_fitChart; }
    QTableWidget* fitTable() const { return m_fitTable; }
    QLabel* fitStatus() const { return m_fitStatus; }

    // Sets model.params and data.tokens as one undo step. 0: approach 3, 1: Kaplan, 2: 20 tokens, 3: the smaller
    // model past the optimum, 4: the fitted law's optimum.
    bool useAllocation(int which);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void arrangePages(); // each page's table and chart side by side where both fit, else the chart under the table
    QWidget* buildOptimalPage();
    QWidget* buildFitPage();
    void recompute();
    void drawIsoFlops();
    void drawFit();
    void startFit(std::vector<engine::labs::PilotRun> runs, bool wait);
    void setFitStatus(std::function<QString()> text); // written again in another language

    Controller* m_controller;
    Retranslator m_texts;
    std::function<QString()> m_fitStatusText;
    engine::Scenario m_scenario;
    engine::Ledger m_ledger;
    engine::labs::BudgetSplit m_split;
    engine::labs::PastOptimum m_pastResult;
    std::optional<engine::labs::ScalingFit> m_fit;
    std::vector<engine::labs::PilotRun> m_runs;

    QTabWidget* m_pages = nullptr;
    QList<QSplitter*> m_splits; // per page: its table side and its chart
    QComboBox* m_unit = nullptr;
    QLineEdit* m_budget = nullptr;
    QLabel* m_budgetNote = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_ruleNote = nullptr;
    std::array<QPushButton*, 3> m_useButtons{};
    QSlider* m_past = nullptr;
    QLabel* m_pastLine = nullptr;
    QChart* m_isoChart = nullptr;
    QChartView* m_isoView = nullptr;
    QChart* m_fitChart = nullptr;
    QChartView* m_fitView = nullptr;
    QTableWidget* m_fitTable = nullptr;
    QLabel* m_fitStatus = nullptr;
    QPushButton* m_useFit = nullptr;
    QThread* m_worker = nullptr;
    std::atomic<bool> m_cancel{false};
    bool m_stale = false;
};

} // namespace tl::ui::labs
