#pragma once
// The explorer window: the parameter panel (a dock), and the views of ui/views/registry.cpp: the verdict banner above
// tabs with the memory and time charts, the pipeline diagram and the ledger table. One slot, onEvaluation(), hands
// each new engine::Evaluation to every view; File > Export lists what the registry says each view writes. A change
// of language retranslates every text in place (changeEvent), so nothing is rebuilt and no state is lost.
// Files: a Document (New, Open, Save, Recent, Revert, title, prompts, drag and drop, autosave), the notes editor (a
// dock beside the charts) and File > Compare With (a CompareWindow).

#include "engine/ledger.h"
#include "engine/scenario.h"
#include "ui/export/exportregistry.h"
#include "ui/i18n/retranslator.h"
#include "ui/lessons/classroom.h"

#include <QMainWindow>

#include <QHash>
#include <QList>

#include <functional>
#include <memory>

class QAction;
class QDockWidget;
class QMenu;
class QPrinter;
class QTabWidget;

namespace tl::ui {

class AccuracyWindow;
class CompareWindow;
class Controller;
class Dialogs;
class Document;
class NotesEdit;
class ParameterPanel;

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
    Document* document() const { return m_document; }
    NotesEdit* notesEdit() const { return m_notes; }
    QDockWidget* notesDock() const { return m_notesDock; }
    CompareWindow* compareWindow() const { return m_compare; } // nullptr until the first comparison

    // Compare the window's scenario (A) with the scenario file at path (B). False when the file cannot be read
    // (the error was shown).
    bool compareWith(const QString& path);

    ParameterPanel* parameterPanel() const { return m_panel; }
    QWidget* view(const QString& id) const { return m_views.value(id); } // by registry id
    template <typename T> T* view() const {                              // the registered view of that type
        for (QWidget* w : m_viewOrder)
            if (auto* v = qobject_cast<T*>(w))
                return v;
        return nullptr;
    }
    QList<QWidget*> views() const { return m_viewOrder; } // in registry order
    QTabWidget* tabs() const { return m_tabs; }
    const Classroom& classroom() const { return m_classroom; } // lessons and presentation mode

    void setBinaryUnits(bool gib);

    // File > Export: every view's exports (charts as PNG and SVG, the curves and the ledger as CSV and Markdown).
    const ExportRegistry& exports() const { return m_exports; }
    QMenu* exportMenu() const { return m_exportMenu; }
    // File > Export Report: the PDF report of the window's scenario. Returns an error line, or "".
    QString exportReport(const QString& path) const;
    // File > Export Launch Config and the planner's "Export this layout": s as a Megatron-LM script (.sh), a
    // torchtitan TOML (.toml) or a DeepSpeed JSON (.json), the format chosen by the suffix. Returns an error line, or
    // "".
    static QString exportLaunchConfig(const engine::Scenario& s, const QString& path);
    void askExportLaunch(const engine::Scenario& s);
    // Help > User Guide (the documentation, compiled in) and Help > Keyboard Shortcuts (every menu action's).
    void showUserGuide();
    void showShortcuts();
    QString shortcutsText() const; // one "Menu > Action<TAB>shortcut" line each
    // Help > How Accurate Is This? (one window, created on first use) and Tools > Calibrate to My Cluster (a new
    // window-modal dialog each time).
    void showAccuracy();
    void showCalibrate();
    AccuracyWindow* accuracyWindow() const { return m_accuracy; } // nullptr until first shown
    // File > Print: the report on the printer (already set up). Returns the number of pages printed, 0 on failure.
    int printReport(QPrinter& printer) const;

    // View > Language: "" follows the system, "en" or "zh_CN"; remembered (with settings), applied at once: every
    // widget retranslates in place (the scenario, the file, the undo history and every view's state stay).
    void setLanguage(const QString& choice);
    // A text that follows the language: set now and again on every change (the classroom's menu entries).
    void addTexts(std::function<void()> setTexts) { m_texts.add(std::move(setTexts)); }
    // Explain a ledger key in the Explain dialog (every view's Explain, Ctrl+E, the lesson player).
    void explain(const QString& key);

    // The scenario JSON kept in QSettings between runs (io::scenarioToJson).
    static QByteArray savedScenario();

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void buildUi();
    void ensureCompareWindow();
    void retranslate(); // every text this class sets, in the current language
    void buildMenus();
    void buildFileMenu();
    void buildExportMenu();
    void registerExports();
    void askExport(const ExportEntry& entry);
    void askExportReport();
    void askPrint();
    void askAddToComparison();
    void askExportComparison();
    void fillRecentMenu();
    void onEvaluation();
    void showErrors(const std::vector<engine::Diagnostic>& errors);
    void saveSettings();
    void fitNotesDock(); // the notes' default height for the window's height

    Controller* m_controller;
    Options m_options;
    ParameterPanel* m_panel = nullptr;
    QHash<QString, QWidget*> m_views; // registry id -> view
    QList<QWidget*> m_viewOrder;
    QTabWidget* m_tabs = nullptr;
    QList<const char*> m_tabNames; // per tab, its registry name (translated in context "views")
    Retranslator m_texts;
    QMenu* m_fileMenu = nullptr;
    QMenu* m_recentMenu = nullptr;
    QAction* m_revert = nullptr;
    std::unique_ptr<Dialogs> m_ownDialogs;
    Document* m_document = nullptr;
    NotesEdit* m_notes = nullptr;
    QDockWidget* m_notesDock = nullptr;
    bool m_stateRestored = false; // the docks' sizes came from QSettings
    bool m_shown = false;
    CompareWindow* m_compare = nullptr;
    AccuracyWindow* m_accuracy = nullptr;
    QAction* m_gibAction = nullptr;
    Classroom m_classroom;
    ExportRegistry m_exports;
    QMenu* m_exportMenu = nullptr;
};

} // namespace tl::ui
