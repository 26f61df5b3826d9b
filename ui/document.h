#pragma once
// The file behind the window: its path (empty = untitled), whether the scenario differs from the file, the window
// title, recent files, New/Open/Save/Save As/Revert, the unsaved-changes prompt, drag and drop, and autosave to a
// recovery file. The Controller stays the only writer of the Scenario: the Document calls setScenario() when a
// file is opened and reads scenario() when saving. Every question goes through Dialogs (tests inject answers).
//
// Opening never changes anything until the file has been read completely and validated (io::loadScenarioFile):
// on any error the message names the file and the problem, and the scenario, path, modified flag and undo history
// stay as they were.

#include "engine/scenario.h"
#include "io/importconfig.h"

#include <QByteArray>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QMimeData;
class QTimer;
class QWidget;

namespace tl::ui {

class Controller;
class Dialogs;

class Document : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxRecentFiles = 8;
    static constexpr int kDefaultAutosaveMs = 3000;

    Document(Controller* controller, Dialogs* dialogs, QObject* parent = nullptr);
    ~Document() override;

    // The window whose title shows the file name and modified marker; dialogs are parented to it; files dropped on
    // it are opened; closing it asks about unsaved changes (an event filter: the window needs no code for this).
    void setWindow(QWidget* window);
    QWidget* window() const { return m_window; }
    // Saving grabs this widget (the charts) for preview.png, scaled to at most kPreviewWidth pixels wide.
    void setPreviewWidget(QWidget* widget) { m_preview = widget; }
    static constexpr int kPreviewWidth = 1200;
    QByteArray previewPng() const;

    Controller* controller() const { return m_controller; }
    Dialogs* dialogs() const { return m_dialogs; }

    const QString& path() const { return m_path; } // empty when untitled
    bool isUntitled() const { return m_path.isEmpty(); }
    QString displayName() const; // the file name, or "Untitled"
    QString windowTitle() const; // "name[*] — TrainLedger"
    bool isModified() const;
    // The scenario as last saved or opened (what isModified() compares with).
    const engine::Scenario& savedScenario() const { return m_saved; }

    // Recent files, newest first; entries whose file no longer exists are dropped when read.
    QStringList recentFiles() const;
    void clearRecentFiles();

    // Actions. Each returns true when it happened, false when cancelled or refused (the error was shown).
    bool newFromPreset(const QString& modelPresetId);
    bool open();                        // asks for a file
    bool openFile(const QString& path); // asks about unsaved changes first
    bool save();                        // Save As when untitled
    bool saveAs();
    bool saveTo(const QString& path); // .json: a bare scenario.json; anything else: a .trainledger archive
    bool revert();                    // reload from disk after a confirmation
    // Replace the scenario with one from elsewhere (Compare's "Make B current"), with the unsaved-changes prompt.
    // path may be empty (untitled); modified marks it as not matching its file.
    bool adopt(const engine::Scenario& s, const QString& path, bool modified);
    // Import a Hugging Face config.json or a Megatron-LM, torchtitan or DeepSpeed config into the current scenario
    // (io::importConfig). The result is untitled and modified, so Save asks where: the config is never written over.
    // A refused file is shown in one line and changes nothing; on success the summary (each key set, each field
    // passed over) is shown and kept in lastImport().
    bool importConfig(); // asks for a file
    bool importFile(const QString& path);
    const io::ImportResult& lastImport() const { return m_lastImport; }
    static QString importFilter();
    // Save / Discard / Cancel over unsaved changes; true means go ahead.
    bool maybeSave();
    // The window is closing: ask, and on yes remove the recovery file. False = keep the window open.
    bool close();

    // Read a scenario file through io::loadScenarioFile; on error show it (naming the file) and return nullopt.
    // Warnings go to statusMessage().
    std::optional<engine::Scenario> readFile(const QString& path);

    // Autosave: a few seconds after each change while modified, the scenario is written to recoveryPath().
    static QString recoveryPath(); // AppDataLocation/recovery/current.trainledger
    void setAutosaveInterval(int ms);
    // Off for windows that must leave no trace (screenshots, benchmarks): no recovery file is written.
    void setAutosaveEnabled(bool enabled);
    bool autosaveEnabled() const { return m_autosaveEnabled; }
    bool writeRecovery();
    void removeRecovery();
    // At start: when a recovery file exists, offer to restore it. Restored = modified, under its original path.
    bool offerRecovery();

    // `trainledger [FILE]`: offer the recovery file, then open FILE (a bad FILE shows its error and the scenario the
    // window started with stays). Returns whether FILE was opened.
    bool openAtStart(const QString& file);

    // For drag and drop: the one local scenario or config file the mime data carries, or an empty string.
    static QString droppedFile(const QMimeData* mime);
    static QString fileFilter();

    bool eventFilter(QObject* watched, QEvent* event) override;

signals:
    void pathChanged(const QString& path);
    void recentFilesChanged(const QStringList& files);
    void statusMessage(const QString& text, int timeoutMs);

private:
    bool openFileWithoutAsking(const QString& path); // read, load and remember: after the unsaved-changes prompt
    void load(const engine::Scenario& s, const QString& path, bool modified);
    void setPath(const QString& path);
    void refresh();
    void addRecent(const QString& path);
    QString startDir() const;

    Controller* m_controller;
    Dialogs* m_dialogs;
    QPointer<QWidget> m_window;
    QPointer<QWidget> m_preview;
    QString m_path;
    engine::Scenario m_saved;
    bool m_forcedModified = false; // restored or adopted: differs from its file whatever the comparison says
    bool m_lastModified = false;
    bool m_autosaveEnabled = true;
    QTimer* m_autosave;
    io::ImportResult m_lastImport;
};

} // namespace tl::ui
