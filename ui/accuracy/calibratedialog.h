#pragma once
// Tools > Calibrate to my cluster: the user enters one to a few runs measured on their hardware (the scenario on
// screen, with the layout they ran: tp, pp, dp, micro-batch, global batch; the measured step time and, optionally,
// the peak memory), or loads a runs CSV in trainledger-cli --calibrate's format (io::readCalibrationRuns, the same
// reader). engine::calibrate fits the efficiency figures; the dialog shows every run's error before and after and
// the figures before and after. Apply writes the fitted efficiency.* keys into the scenario as one undoable step,
// so Save puts them in the file and every later what-if uses them.

#include "engine/calibrate.h"
#include "engine/scenario.h"

#include <QDialog>
#include <QString>

#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace tl::ui {

class Controller;
class Dialogs;
class TextLine;

class CalibrateDialog : public QDialog {
    Q_OBJECT
public:
    // dialogs: asks for the CSV file (tests answer in advance).
    CalibrateDialog(Controller* controller, Dialogs* dialogs, QWidget* parent = nullptr); // "calibrateDialog"

    // The entry's run (Add run): false with the refusal shown in problemText().
    bool addRun();
    // A runs CSV (Load runs CSV...): false with the reader's error line shown.
    bool loadRuns(const QString& path);
    void removeSelectedRun();
    // Apply: the fitted figures into the scenario, one undoable step. False when nothing is fitted.
    bool apply();

    const engine::CalibrationResult& result() const { return m_result; }
    int runCount() const { return int(m_runs.size()); }
    QString problemText() const;
    QTableWidget* runsTable() const { return m_runsTable; }
    QTableWidget* figuresTable() const { return m_figures; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void refit(); // calibrate on the runs and show the result
    void showProblem(const QString& line);

    Controller* m_controller;
    Dialogs* m_dialogs;
    engine::Scenario m_base;
    std::vector<engine::MeasuredRun> m_runs;
    std::vector<QString> m_labels; // per run, as the table names it
    engine::CalibrationResult m_result;

    QLabel* m_intro;
    QLabel* m_tpLabel;
    QLabel* m_ppLabel;
    QLabel* m_dpLabel;
    QLabel* m_microLabel;
    QLabel* m_globalLabel;
    QLabel* m_stepLabel;
    QLabel* m_memoryLabel;
    QSpinBox* m_tp;
    QSpinBox* m_pp;
    QSpinBox* m_dp;
    QSpinBox* m_micro;
    QSpinBox* m_global;
    QLineEdit* m_step;
    QLineEdit* m_memory;
    QPushButton* m_add;
    QPushButton* m_load;
    QPushButton* m_remove;
    QPushButton* m_apply;
    QPushButton* m_close;
    TextLine* m_problem;
    QTableWidget* m_runsTable;
    QTableWidget* m_figures;
    QLabel* m_summary;
};

} // namespace tl::ui
