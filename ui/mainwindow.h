#pragma once
// The explorer window: the parameter panel (a dock), the verdict banner, and tabs with the memory and time charts,
// the pipeline diagram and the ledger table. One slot, onLedger(), pushes each new Ledger into every view.

#include "engine/ledger.h"

#include <QMainWindow>

class QAction;
class QMenu;
class QTabWidget;

namespace tl::ui {

class Controller;
class LedgerTable;
class MemoryView;
class ParameterPanel;
class PipelineView;
class TimeView;
class VerdictBanner;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    struct Options {
        bool useSettings = true; // restore and save geometry, state and the last scenario (off in tests/screenshots)
    };
    explicit MainWindow(Controller* controller, QWidget* parent = nullptr);
    MainWindow(Controller* controller, const Options& options, QWidget* parent = nullptr);
    ~MainWindow() override;

    Controller* controller() const { return m_controller; }
    // The File menu; New, Open and Save are added above its separator by the archive issue.
    QMenu* fileMenu() const { return m_fileMenu; }
    QAction* quitAction() const { return m_quit; }

    ParameterPanel* parameterPanel() const { return m_panel; }
    VerdictBanner* verdictBanner() const { return m_banner; }
    MemoryView* memoryView() const { return m_memory; }
    TimeView* timeView() const { return m_time; }
    PipelineView* pipelineView() const { return m_pipeline; }
    LedgerTable* ledgerTable() const { return m_table; }
    QTabWidget* tabs() const { return m_tabs; }

    void setBinaryUnits(bool gib);

    // The scenario JSON kept in QSettings between runs (io::scenarioToJson).
    static QByteArray savedScenario();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildMenus();
    void onLedger();
    void saveSettings();

    Controller* m_controller;
    Options m_options;
    ParameterPanel* m_panel = nullptr;
    VerdictBanner* m_banner = nullptr;
    MemoryView* m_memory = nullptr;
    TimeView* m_time = nullptr;
    PipelineView* m_pipeline = nullptr;
    LedgerTable* m_table = nullptr;
    QTabWidget* m_tabs = nullptr;
    QMenu* m_fileMenu = nullptr;
    QAction* m_quit = nullptr;
    QAction* m_gibAction = nullptr;
};

} // namespace tl::ui
