#pragma once
// The explorer window: the parameter panel (a dock), the verdict banner, and tabs with the memory and time charts,
// the pipeline diagram and the ledger table. One slot, onLedger(), pushes each new Ledger into every view.
// Files: a Document (New, Open, Save, Recent, Revert, title, prompts, drag and drop, autosave), the notes editor (a
// dock beside the charts) and File > Compare With (a CompareWindow).

#include "engine/ledger.h"

#include <QMainWindow>

#include <memory>

class QAction;
class QDockWidget;
class QMenu;
class QTabWidget;

namespace tl::ui {
namespace labs {
class ParallelismLab;
class ScalingLab;
} // namespace labs

class CompareWindow;
class Controller;
class Dialogs;
class Document;
class LedgerTable;
class MemoryView;
class NotesEdit;
class ParameterPanel;
class PipelineView;
class StepTimeView;
class TimeView;
class VerdictBanner;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    struct Options {
        bool useSettings = true;    // restore and save geometry, state and the last scenario (off in tests/screenshots)
        Dialogs* dialogs = nullptr; // the file questions (tests inject answers); nullptr: message boxes and dialogs
    };
    explicit MainWindow(Controller* controller, QWidget* parent = nullptr);
    MainWindow(Controller* controller, const Options& options, QWidget* parent = nullptr);
    ~MainWindow() override;

    Controller* controller() const { return m_controller; }
    QMenu* fileMenu() const { return m_fileMenu; }
    QMenu* recentMenu() const { return m_recentMenu; }
    QAction* quitAction() const { return m_quit; }
    Document* document() const { return m_document; }
    NotesEdit* notesEdit() const { return m_notes; }
    QDockWidget* notesDock() const { return m_notesDock; }
    CompareWindow* compareWindow() const { return m_compare; } // nullptr until the first comparison

    // Compare the window's scenario (A) with the scenario file at path (B). False when the file cannot be read
    // (the error was shown).
    bool compareWith(const QString& path);

    ParameterPanel* parameterPanel() const { return m_panel; }
    VerdictBanner* verdictBanner() const { return m_banner; }
    MemoryView* memoryView() const { return m_memory; }
    TimeView* timeView() const { return m_time; }
    PipelineView* pipelineView() const { return m_pipeline; }
    StepTimeView* stepTimeView() const { return m_step; }
    LedgerTable* ledgerTable() const { return m_table; }
    QTabWidget* tabs() const { return m_tabs; }
    labs::ParallelismLab* parallelismLab() const { return m_parallelismLab; }
    labs::ScalingLab* scalingLab() const { return m_scalingLab; }

    void setBinaryUnits(bool gib);

    // The scenario JSON kept in QSettings between runs (io::scenarioToJson).
    static QByteArray savedScenario();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildMenus();
    void buildFileMenu();
    void fillRecentMenu();
    void onLedger();
    void saveSettings();

    Controller* m_controller;
    Options m_options;
    ParameterPanel* m_panel = nullptr;
    VerdictBanner* m_banner = nullptr;
    MemoryView* m_memory = nullptr;
    TimeView* m_time = nullptr;
    PipelineView* m_pipeline = nullptr;
    StepTimeView* m_step = nullptr;
    LedgerTable* m_table = nullptr;
    labs::ParallelismLab* m_parallelismLab = nullptr;
    labs::ScalingLab* m_scalingLab = nullptr;
    QTabWidget* m_tabs = nullptr;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QAction* m_quit = nullptr;
    QAction* m_revert = nullptr;
    std::unique_ptr<Dialogs> m_ownDialogs;
    Document* m_document = nullptr;
    NotesEdit* m_notes = nullptr;
    QDockWidget* m_notesDock = nullptr;
    CompareWindow* m_compare = nullptr;
    QAction* m_gibAction = nullptr;
};

} // namespace tl::ui
