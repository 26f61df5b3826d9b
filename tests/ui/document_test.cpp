// The file side of the window (ui/document.*, ui/notesedit.*), offscreen, with every dialog answered in advance
// (tests/ui/scripteddialogs.h): open, every bad file changes nothing, save and reopen, the unsaved-changes prompt,
// recent files, revert, autosave and the restore offer, the notes editor, drag and drop.

#include "engine/presets.h"
#include "io/archive.h"
#include "io/messagetext.h"
#include "io/scenariojson.h"
#include "tests/io/badfiles.h"
#include "tests/ui/scripteddialogs.h"
#include "ui/controller.h"
#include "ui/document.h"
#include "ui/i18n/enginetext.h"
#include "ui/notesedit.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QLabel>
#include <QMainWindow>
#include <QMimeData>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QUrl>
#include <QtTest>

#include <memory>

#include <sys/stat.h>

using namespace tl;

namespace {

engine::Scenario withDp(int dp, const char* notes = "") {
    engine::Scenario s;
    s.parallel.dp = dp;
    s.notes = notes;
    return s;
}

} // namespace

class DocumentTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<ui::Controller> m_controller;
    std::unique_ptr<test::ScriptedDialogs> m_dialogs;
    std::unique_ptr<QMainWindow> m_window;
    std::unique_ptr<ui::Document> m_doc;

    QString path(const QString& name) const { return m_dir.filePath(name); }
    QString write(const QString& name, const engine::Scenario& s) {
        const QString p = path(name);
        const auto error = io::saveArchive(p, s);
        if (error)
            qWarning("%s", qPrintable(io::messageText(*error)));
        return p;
    }
    int undoCount() const { return m_controller->undoStack()->count(); }

    // A state worth protecting: a file opened, then one unsaved edit.
    void openAndEdit() {
        QVERIFY(m_doc->openFile(write(QStringLiteral("base.trainledger"), withDp(8, "base notes"))));
        QVERIFY(m_controller->setValue("parallel.dp", 4.0));
        QVERIFY(m_doc->isModified());
        QCOMPARE(undoCount(), 1);
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TrainLedgerTest"));
        QCoreApplication::setApplicationName(QStringLiteral("document_test"));
        QVERIFY(m_dir.isValid());
    }

    void init() {
        QSettings().clear();
        QFile::remove(ui::Document::recoveryPath());
        m_controller = std::make_unique<ui::Controller>();
        m_dialogs = std::make_unique<test::ScriptedDialogs>();
        m_window = std::make_unique<QMainWindow>();
        m_window->setCentralWidget(new QLabel(QStringLiteral("charts")));
        m_doc = std::make_unique<ui::Document>(m_controller.get(), m_dialogs.get());
        m_doc->setWindow(m_window.get());
        m_doc->setPreviewWidget(m_window->centralWidget());
        m_doc->setAutosaveInterval(30);
        m_window->resize(800, 600);
        m_window->show();
    }

    void cleanup() {
        QVERIFY2(m_dialogs->unexpected.isEmpty(), qPrintable(m_dialogs->unexpected.join(QLatin1Char(','))));
        m_doc.reset();
        m_window.reset();
        m_dialogs.reset();
        m_controller.reset();
    }

    void startsUntitledAndClean() {
        QCOMPARE(m_window->windowTitle(), QStringLiteral("Untitled[*] \u2014 TrainLedger"));
        QVERIFY(!m_doc->isModified());
        QVERIFY(!m_window->isWindowModified());
        QVERIFY(m_doc->isUntitled());
        QVERIFY(m_controller->setValue("parallel.dp", 16.0));
        QVERIFY(m_doc->isModified());
        QVERIFY(m_window->isWindowModified());
        m_controller->undoStack()->undo();
        QVERIFY(!m_doc->isModified()); // derived: back to the saved scenario is clean
    }

    void opensAValidFile() {
        const QString file = write(QStringLiteral("plan.trainledger"), withDp(16, "two nodes"));
        QSignalSpy ledgers(m_controller.get(), &ui::Controller::evaluationChanged);
        QVERIFY(m_doc->openFile(file));
        QCOMPARE(m_doc->path(), QFileInfo(file).absoluteFilePath());
        QCOMPARE(m_window->windowTitle(), QStringLiteral("plan.trainledger[*] \u2014 TrainLedger"));
        QVERIFY(!m_window->isWindowModified());
        QCOMPARE(m_controller->scenario(), withDp(16, "two nodes"));
        QCOMPARE(m_controller->ledger().time.gpus, 16);
        QVERIFY(ledgers.count() >= 1);
        QCOMPARE(undoCount(), 0);
        QCOMPARE(m_doc->recentFiles(), QStringList{QFileInfo(file).absoluteFilePath()});
        QVERIFY(m_dialogs->asked.isEmpty()); // clean: nothing to ask
    }

    void opensABareJsonAndWarnsAboutUnknownKeys() {
        const QString file = path(QStringLiteral("bare.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(test::scenarioWith("\"parallel\":{\"dp\":2},\"colour\":\"blue\""));
        f.close();
        QSignalSpy status(m_doc.get(), &ui::Document::statusMessage);
        QVERIFY(m_doc->openFile(file));
        QCOMPARE(m_controller->scenario().parallel.dp, 2);
        QCOMPARE(status.count(), 1);
        QVERIFY(status.at(0).at(0).toString().contains(QStringLiteral("colour")));
        QVERIFY(m_dialogs->errors.isEmpty()); // a warning is not an error: no modal box
    }

    void badFilesChangeNothing_data() {
        QTest::addColumn<QByteArray>("bytes");
        for (const test::BadFile& bad : test::badFiles())
            QTest::newRow(bad.name) << bad.bytes;
    }

    void badFilesChangeNothing() {
        QFETCH(QByteArray, bytes);
        openAndEdit();
        const QString file = path(QString::fromLatin1(QTest::currentDataTag()) + QStringLiteral(".trainledger"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
        f.close();
        const QString expected = ui::diagnosticText(io::loadScenarioFile(file).error);
        QVERIFY(!expected.isEmpty());

        const engine::Scenario before = m_controller->scenario();
        const QString pathBefore = m_doc->path(), titleBefore = m_window->windowTitle();
        m_dialogs->saveChoices << ui::Dialogs::SaveChoice::Discard;
        QVERIFY(!m_doc->openFile(file));
        QCOMPARE(m_dialogs->errors.size(), 1);
        QVERIFY2(m_dialogs->errors.front().contains(QFileInfo(file).fileName()), qPrintable(m_dialogs->errors.front()));
        QVERIFY2(m_dialogs->errors.front().contains(expected), qPrintable(m_dialogs->errors.front()));
        QCOMPARE(m_controller->scenario(), before);
        QCOMPARE(m_doc->path(), pathBefore);
        QVERIFY(m_doc->isModified());
        QVERIFY(m_window->isWindowModified());
        QCOMPARE(m_window->windowTitle(), titleBefore);
        QCOMPARE(undoCount(), 1);
        QVERIFY(m_dialogs->allAnswered());
    }

    void aMissingFileChangesNothing() {
        openAndEdit();
        m_dialogs->saveChoices << ui::Dialogs::SaveChoice::Discard;
        QVERIFY(!m_doc->openFile(path(QStringLiteral("no-such-file.trainledger"))));
        QCOMPARE(m_dialogs->errors.size(), 1);
        QVERIFY(m_dialogs->errors.front().contains(QStringLiteral("no-such-file.trainledger")));
        QCOMPARE(m_controller->scenario().parallel.dp, 4);
        QCOMPARE(undoCount(), 1);
        QVERIFY(m_doc->isModified());
    }

    void saveAndReopenGiveTheSameScenario() {
        QVERIFY(m_controller->setValue("parallel.dp", 16.0));
        QVERIFY(m_controller->setValue("notes", std::string("Two nodes, ZeRO-1.\nSecond line.")));
        const engine::Scenario edited = m_controller->scenario();
        const QString file = path(QStringLiteral("saved"));
        m_dialogs->saveNames << file; // no suffix typed: .trainledger is added
        QVERIFY(m_doc->save());       // untitled: Save is Save As
        QCOMPARE(m_dialogs->asked, QStringList{QStringLiteral("save-as")});
        const QString saved = file + QStringLiteral(".trainledger");
        QVERIFY(QFile::exists(saved));
        QCOMPARE(m_doc->path(), saved);
        QVERIFY(!m_doc->isModified());
        QCOMPARE(m_window->windowTitle(), QStringLiteral("saved.trainledger[*] \u2014 TrainLedger"));

        const io::ArchiveResult r = io::loadScenarioFile(saved);
        QVERIFY2(r.archive, qPrintable(io::messageText(r.error)));
        QCOMPARE(r.archive->scenario, edited);
        QVERIFY(r.archive->previewPng.startsWith("\x89PNG"));
        QVERIFY(r.archive->previewPng.size() < 300 * 1024);

        // Open something else, then the saved file again.
        QVERIFY(m_doc->newFromPreset(QStringLiteral("llama3-70b")));
        QVERIFY(m_doc->isUntitled());
        QVERIFY(m_doc->openFile(saved));
        QCOMPARE(m_controller->scenario(), edited);
        QCOMPARE(undoCount(), 0);

        // Save again (not As): no question, same bytes (no preview difference: the widget did not change).
        const QByteArray first = [&] {
            QFile f(saved);
            f.open(QIODevice::ReadOnly);
            return f.readAll();
        }();
        m_dialogs->asked.clear();
        QVERIFY(m_doc->save());
        QVERIFY(m_dialogs->asked.isEmpty());
        QFile f(saved);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), first);
    }

    void saveAsJsonWritesABareScenario() {
        QVERIFY(m_controller->setValue("parallel.dp", 2.0));
        const QString file = path(QStringLiteral("plain.json"));
        QVERIFY(m_doc->saveTo(file));
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.peek(1) == "{");
        const io::ArchiveResult r = io::loadScenarioFile(file);
        QVERIFY(r.archive);
        QCOMPARE(r.archive->scenario, m_controller->scenario());
    }

    void aFailedSaveKeepsTheDocumentModified() {
        QVERIFY(m_controller->setValue("parallel.dp", 2.0));
        QVERIFY(!m_doc->saveTo(path(QStringLiteral("no-such-dir/x.trainledger"))));
        QCOMPARE(m_dialogs->errors.size(), 1);
        QVERIFY(m_dialogs->errors.front().contains(QStringLiteral("x.trainledger")));
        QVERIFY(m_doc->isModified());
        QVERIFY(m_doc->isUntitled());
    }

    void unsavedChangesPrompt() {
        openAndEdit();
        const engine::Scenario edited = m_controller->scenario();
        const QString base = m_doc->path();

        // Cancel keeps everything.
        m_dialogs->saveChoices << ui::Dialogs::SaveChoice::Cancel;
        QVERIFY(!m_doc->newFromPreset(QStringLiteral("llama3-8b")));
        QCOMPARE(m_dialogs->asked, QStringList{QStringLiteral("save:base.trainledger")});
        QCOMPARE(m_controller->scenario(), edited);
        QCOMPARE(m_doc->path(), base);
        QVERIFY(m_doc->isModified());
        QCOMPARE(undoCount(), 1);

        // Cancel before Open: the file chooser is never shown.
        m_dialogs->saveChoices << ui::Dialogs::SaveChoice::Cancel;
        QVERIFY(!m_doc->open());
        QVERIFY(!m_dialogs->asked.contains(QStringLiteral("open")));

        // Discard proceeds without writing.
        m_dialogs->saveChoices << ui::Dialogs::SaveChoice::Discard;
        QVERIFY(m_doc->newFromPreset(QStringLiteral("llama3-8b")));
        QCOMPARE(m_controller->scenario().model.preset, std::string("llama3-8b"));
        QVERIFY(m_doc->isUntitled());
        QVERIFY(!m_doc->isModified());
        QCOMPARE(io::loadScenarioFile(base).archive->scenario.parallel.dp, 8); // the file was not touched

        // Save saves, then proceeds.
        QVERIFY(m_controller->setValue("parallel.dp", 2.0));
        const engine::Scenario toSave = m_controller->scenario();
        const QString file = path(QStringLiteral("prompted.trainledger"));
        m_dialogs->saveChoices << ui::Dialogs::SaveChoice::Save;
        m_dialogs->saveNames << file;
        m_dialogs->openNames << base;
        QVERIFY(m_doc->open());
        QCOMPARE(io::loadScenarioFile(file).archive->scenario, toSave);
        QCOMPARE(m_doc->path(), base);
        QCOMPARE(m_controller->scenario().parallel.dp, 8);

        // Save, then cancelling the file name: nothing proceeds.
        QVERIFY(m_doc->newFromPreset(QString()));
        QVERIFY(m_controller->setValue("parallel.dp", 2.0));
        m_dialogs->saveChoices << ui::Dialogs::SaveChoice::Save;
        m_dialogs->saveNames << QString();
        QVERIFY(!m_doc->openFile(base));
        QVERIFY(m_doc->isUntitled());
        QCOMPARE(m_controller->scenario().parallel.dp, 2);
        QVERIFY(m_dialogs->allAnswered());
    }

    void closingAsksOverUnsavedChanges() {
        QVERIFY(m_controller->setValue("parallel.dp", 2.0));
        m_dialogs->saveChoices << ui::Dialogs::SaveChoice::Cancel;
        QVERIFY(!m_window->close());
        QVERIFY(m_window->isVisible());
        QCOMPARE(m_controller->scenario().parallel.dp, 2);
        m_dialogs->saveChoices << ui::Dialogs::SaveChoice::Discard;
        QVERIFY(m_window->close());
        QVERIFY(!m_window->isVisible());
    }

    void recentFiles() {
        QStringList written;
        for (int i = 0; i < 10; ++i) {
            written.prepend(
                QFileInfo(write(QStringLiteral("r%1.trainledger").arg(i), withDp(1 << (i % 5)))).absoluteFilePath());
            QVERIFY(m_doc->openFile(written.front()));
        }
        QCOMPARE(m_doc->recentFiles(), written.mid(0, ui::Document::kMaxRecentFiles));
        // Reopening moves a file to the top without duplicating it.
        QVERIFY(m_doc->openFile(written.at(3)));
        QCOMPARE(m_doc->recentFiles().front(), written.at(3));
        QCOMPARE(m_doc->recentFiles().count(written.at(3)), 1);
        // A file that disappeared is pruned.
        QVERIFY(QFile::remove(written.at(1)));
        QVERIFY(!m_doc->recentFiles().contains(written.at(1)));
        QCOMPARE(m_doc->recentFiles().size(), ui::Document::kMaxRecentFiles - 1);
        // Persisted in QSettings: another Document sees them.
        ui::Document other(m_controller.get(), m_dialogs.get());
        QCOMPARE(other.recentFiles(), m_doc->recentFiles());
        m_doc->clearRecentFiles();
        QVERIFY(other.recentFiles().isEmpty());
    }

    void revertReloadsFromDisk() {
        QVERIFY(!m_doc->revert()); // untitled: nothing to revert to
        openAndEdit();
        m_dialogs->confirmations << false;
        QVERIFY(!m_doc->revert());
        QCOMPARE(m_controller->scenario().parallel.dp, 4);
        m_dialogs->confirmations << true;
        QVERIFY(m_doc->revert());
        QCOMPARE(m_controller->scenario(), withDp(8, "base notes"));
        QVERIFY(!m_doc->isModified());
        QCOMPARE(undoCount(), 0);
        // A file damaged on disk since: the error, and the edits stay.
        QVERIFY(m_controller->setValue("parallel.dp", 4.0));
        QFile f(m_doc->path());
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("garbage");
        f.close();
        m_dialogs->confirmations << true;
        QVERIFY(!m_doc->revert());
        QCOMPARE(m_dialogs->errors.size(), 1);
        QCOMPARE(m_controller->scenario().parallel.dp, 4);
        QVERIFY(m_doc->isModified());
    }

    void autosaveWritesTheRecoveryFile() {
        const QString recovery = ui::Document::recoveryPath();
        QVERIFY(recovery.startsWith(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)));
        QVERIFY(recovery.endsWith(QStringLiteral("/recovery/current.trainledger")));
        QVERIFY(!QFile::exists(recovery));
        QVERIFY(m_controller->setValue("parallel.dp", 32.0));
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(recovery), 2000);
        const io::ArchiveResult r = io::loadScenarioFile(recovery);
        QVERIFY(r.archive);
        QCOMPARE(r.archive->scenario.parallel.dp, 32);
        // A clean save removes it.
        QVERIFY(m_doc->saveTo(path(QStringLiteral("clean.trainledger"))));
        QVERIFY(!QFile::exists(recovery));
        // Undoing back to the file removes it too (another key: edits of one key in a row merge into one step).
        QVERIFY(m_controller->setValue("efficiency.mfu", 0.3));
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(recovery), 2000);
        m_controller->undoStack()->undo();
        QVERIFY(!m_doc->isModified());
        QVERIFY(!QFile::exists(recovery));
    }

    // After a crash (the window gone without closing) the next start offers the autosaved scenario.
    void theNextStartOffersToRestore() {
        openAndEdit();
        const QString original = m_doc->path();
        const engine::Scenario edited = m_controller->scenario();
        QVERIFY(m_doc->writeRecovery());
        restart();
        QCOMPARE(m_controller->scenario(), engine::Scenario{});
        m_dialogs->confirmations << true;
        QVERIFY(m_doc->offerRecovery());
        QCOMPARE(m_dialogs->asked, QStringList{QStringLiteral("confirm:Restore unsaved changes")});
        QCOMPARE(m_controller->scenario(), edited);
        QCOMPARE(m_doc->path(), original);
        QVERIFY(m_doc->isModified());
        QVERIFY(m_window->isWindowModified());
        QCOMPARE(m_window->windowTitle(), QStringLiteral("base.trainledger[*] \u2014 TrainLedger"));
        QCOMPARE(undoCount(), 0);
        // Saving it writes the original file and ends the recovery.
        QVERIFY(m_doc->save());
        QCOMPARE(io::loadScenarioFile(original).archive->scenario, edited);
        QVERIFY(!QFile::exists(ui::Document::recoveryPath()));
        QVERIFY(!m_doc->isModified());
    }

    void theRestoreOfferCanBeDeclined() {
        QVERIFY(m_controller->setValue("parallel.dp", 2.0));
        QVERIFY(m_doc->writeRecovery());
        restart();
        m_dialogs->confirmations << false;
        QVERIFY(!m_doc->offerRecovery());
        QVERIFY(!QFile::exists(ui::Document::recoveryPath()));
        QCOMPARE(m_controller->scenario(), engine::Scenario{});
        QVERIFY(!m_doc->isModified());
        QVERIFY(!m_doc->offerRecovery()); // nothing left to offer
        QCOMPARE(m_dialogs->asked.size(), 1);
    }

    void aDamagedRecoveryFileIsSetAside() {
        QDir().mkpath(QFileInfo(ui::Document::recoveryPath()).absolutePath());
        QFile f(ui::Document::recoveryPath());
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a zip");
        f.close();
        QVERIFY(!m_doc->offerRecovery());
        QVERIFY(m_dialogs->asked.isEmpty());
        QVERIFY(!QFile::exists(ui::Document::recoveryPath()));
        QVERIFY(QFile::exists(ui::Document::recoveryPath() + QStringLiteral(".damaged")));
    }

    // Saving over a read-only (0444) scenario asks first (the rename replaced it without a word); no: untouched.
    void savingOverAReadOnlyFileAsks() {
        openAndEdit();
        const QString file = m_doc->path();
        const QByteArray before = [&] {
            QFile f(file);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        QVERIFY(QFile::setPermissions(file, QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther));
        m_dialogs->confirmations << false;
        QVERIFY(!m_doc->save());
        QCOMPARE(m_dialogs->asked, QStringList{QStringLiteral("confirm:Replace a Read-Only File")});
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
        f.close();
        QVERIFY(m_doc->isModified());
        m_dialogs->confirmations << true;
        QVERIFY(m_doc->save());
        QCOMPARE(io::loadScenarioFile(file).archive->scenario.parallel.dp, 4);
        QVERIFY(!m_doc->isModified());
    }

    // A FIFO at the recovery path (every start hung before the first paint): refused at once and set aside too.
    void aFifoAtTheRecoveryPathIsSetAside() {
        QDir().mkpath(QFileInfo(ui::Document::recoveryPath()).absolutePath());
        QFile::remove(ui::Document::recoveryPath() + QStringLiteral(".damaged"));
        QVERIFY(::mkfifo(QFile::encodeName(ui::Document::recoveryPath()).constData(), 0600) == 0);
        QElapsedTimer clock;
        clock.start();
        QVERIFY(!m_doc->offerRecovery());
        QVERIFY(clock.elapsed() < 5000);
        QVERIFY(m_dialogs->asked.isEmpty());
        QVERIFY(!QFile::exists(ui::Document::recoveryPath()));
        QVERIFY(QFileInfo(ui::Document::recoveryPath() + QStringLiteral(".damaged")).exists());
        QFile::remove(ui::Document::recoveryPath() + QStringLiteral(".damaged"));
    }

    void notesEditorEditsTheScenario() {
        ui::NotesEdit notes(m_controller.get());
        notes.show();
        QVERIFY(notes.toPlainText().isEmpty());
        notes.setFocus();
        QTest::keyClicks(&notes, QStringLiteral("Two nodes"));
        QCOMPARE(m_controller->scenario().notes, std::string("Two nodes"));
        QCOMPARE(undoCount(), 1); // a run of typing is one undo step
        QVERIFY(m_doc->isModified());
        // Undo goes through the controller, and the editor follows.
        m_controller->undoStack()->undo();
        QCOMPARE(m_controller->scenario().notes, std::string());
        QVERIFY(notes.toPlainText().isEmpty());
        m_controller->undoStack()->redo();
        QCOMPARE(notes.toPlainText(), QStringLiteral("Two nodes"));
        // Opening a file shows its notes.
        m_dialogs->saveChoices << ui::Dialogs::SaveChoice::Discard;
        QVERIFY(m_doc->openFile(write(QStringLiteral("noted.trainledger"), withDp(8, "From the file.\nLine 2"))));
        QCOMPARE(notes.toPlainText(), QStringLiteral("From the file.\nLine 2"));
        // Ctrl+Z in the editor is left to the window's Undo action.
        QKeyEvent override(QEvent::ShortcutOverride, Qt::Key_Z, Qt::ControlModifier);
        QApplication::sendEvent(&notes, &override);
        QVERIFY(!override.isAccepted());
        // A dropped file is not pasted as text.
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(path(QStringLiteral("noted.trainledger")))});
        QDragEnterEvent enter(QPoint(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(notes.viewport(), &enter);
        QVERIFY(!enter.isAccepted());
    }

    void droppingAFileOpensIt() {
        const QString file = write(QStringLiteral("dropped.trainledger"), withDp(64));
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(file)});
        QDragEnterEvent enter(QPoint(20, 20), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_window.get(), &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(20, 20), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_window.get(), &drop);
        QVERIFY(drop.isAccepted());
        QTRY_COMPARE(m_doc->path(), QFileInfo(file).absoluteFilePath());
        QCOMPARE(m_controller->scenario().parallel.dp, 64);

        // Over unsaved changes: the same prompt as Open (Cancel keeps them).
        QVERIFY(m_controller->setValue("parallel.dp", 2.0));
        m_dialogs->saveChoices << ui::Dialogs::SaveChoice::Cancel;
        const QString other = write(QStringLiteral("other.json"), withDp(16));
        QFile::remove(other);
        QFile json(other);
        QVERIFY(json.open(QIODevice::WriteOnly));
        json.write(io::scenarioToJson(withDp(16)));
        json.close();
        mime.setUrls({QUrl::fromLocalFile(other)});
        QDragEnterEvent enter2(QPoint(20, 20), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_window.get(), &enter2); // a drop goes where the drag was accepted
        QVERIFY(enter2.isAccepted());
        QDropEvent drop2(QPointF(20, 20), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_window.get(), &drop2);
        QTRY_VERIFY(m_dialogs->saveChoices.isEmpty());
        QCOMPARE(m_controller->scenario().parallel.dp, 2);
        QCOMPARE(m_doc->path(), QFileInfo(file).absoluteFilePath());

        // Other things are refused: two files, a non-scenario name, a remote URL.
        QMimeData many;
        many.setUrls({QUrl::fromLocalFile(file), QUrl::fromLocalFile(other)});
        QMimeData text;
        text.setUrls({QUrl::fromLocalFile(path(QStringLiteral("notes.txt")))});
        QMimeData remote;
        remote.setUrls({QUrl(QStringLiteral("https://example.com/a.trainledger"))});
        for (QMimeData* m : {&many, &text, &remote}) {
            QDragEnterEvent e(QPoint(20, 20), Qt::CopyAction, m, Qt::LeftButton, Qt::NoModifier);
            QApplication::sendEvent(m_window.get(), &e);
            QVERIFY(!e.isAccepted());
        }
    }

    // `trainledger FILE`: a good file opens; a bad one shows its error and the start scenario stays, untitled.
    void openAtStart() {
        const QString good = write(QStringLiteral("start.trainledger"), withDp(32));
        QVERIFY(m_doc->openAtStart(good));
        QCOMPARE(m_controller->scenario().parallel.dp, 32);
        QVERIFY(m_dialogs->asked.isEmpty());

        restart();
        const QString bad = path(QStringLiteral("start-bad.trainledger"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("PK\x03\x04 not really");
        f.close();
        QVERIFY(!m_doc->openAtStart(bad));
        QCOMPARE(m_dialogs->errors.size(), 1);
        QVERIFY(m_dialogs->errors.front().contains(QStringLiteral("start-bad.trainledger")));
        QCOMPARE(m_controller->scenario(), engine::Scenario{});
        QVERIFY(m_doc->isUntitled());
        QVERIFY(!m_doc->isModified());

        // With a recovery file: offered first, then FILE opens over it with the unsaved-changes prompt.
        QVERIFY(m_controller->setValue("parallel.dp", 2.0));
        QVERIFY(m_doc->writeRecovery());
        restart();
        m_dialogs->confirmations << true;
        m_dialogs->saveChoices << ui::Dialogs::SaveChoice::Cancel;
        QVERIFY(!m_doc->openAtStart(good));
        QCOMPARE(m_dialogs->asked,
                 (QStringList{QStringLiteral("confirm:Restore unsaved changes"), QStringLiteral("save:Untitled")}));
        QCOMPARE(m_controller->scenario().parallel.dp, 2);
        QVERIFY(m_doc->isModified());
    }

    void newFromAPreset() {
        QVERIFY(m_doc->newFromPreset(QStringLiteral("llama3-70b")));
        QCOMPARE(m_controller->scenario().model.preset, std::string("llama3-70b"));
        QVERIFY(m_controller->scenario().title.empty()); // shown as the description of the plan
        QCOMPARE(engine::displayTitle(m_controller->scenario()), std::string("Llama 3 70B, 100B tokens in 30 days"));
        QVERIFY(m_doc->isUntitled());
        QVERIFY(!m_doc->isModified());
        QVERIFY(!m_doc->newFromPreset(QStringLiteral("no-such-model")));
        QCOMPARE(m_controller->scenario().model.preset, std::string("llama3-70b"));
    }

private:
    // The process "crashes" (no close) and starts again with the same settings and files.
    void restart() {
        m_doc.reset();
        m_controller = std::make_unique<ui::Controller>();
        m_dialogs->reset();
        m_doc = std::make_unique<ui::Document>(m_controller.get(), m_dialogs.get());
        m_doc->setWindow(m_window.get());
        m_doc->setAutosaveInterval(30);
    }
};

QTEST_MAIN(DocumentTest)
#include "document_test.moc"
