#include "ui/document.h"

#include "ui/i18n/enginetext.h"

#include "engine/presets.h"
#include "io/archive.h"
#include "io/atomicfile.h"
#include "io/filekind.h"
#include "io/scenariojson.h"
#include "ui/controller.h"
#include "ui/dialogs.h"

#include <QBuffer>
#include <QCloseEvent>
#include <QDateTime>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLocale>
#include <QMimeData>
#include <QPixmap>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <QUrl>
#include <QWidget>

namespace tl::ui {

namespace {
const QString kRecentKey = QStringLiteral("files/recent");
const QString kRecoveryOriginKey = QStringLiteral("recovery/originalPath");

QString nativeName(const QString& path) {
    return QDir::toNativeSeparators(path);
}

bool isJsonName(const QString& path) {
    return QFileInfo(path).suffix().compare(QLatin1String("json"), Qt::CaseInsensitive) == 0;
}

// Save writes over a file only while it still reads as a scenario: a file replaced by something else since it was
// opened (a config.json, a script) is never overwritten without the user choosing it in Save As.
bool holdsAScenarioOrNothing(const QString& path) {
    return !QFileInfo::exists(path) || io::loadScenarioFile(path).archive.has_value();
}

} // namespace

Document::Document(Controller* controller, Dialogs* dialogs, QObject* parent)
    : QObject(parent), m_controller(controller), m_dialogs(dialogs), m_saved(controller->scenario()),
      m_autosave(new QTimer(this)) {
    setObjectName(QStringLiteral("document"));
    m_autosave->setObjectName(QStringLiteral("autosaveTimer"));
    m_autosave->setSingleShot(true);
    m_autosave->setInterval(kDefaultAutosaveMs);
    connect(m_autosave, &QTimer::timeout, this, [this] { writeRecovery(); });
    connect(controller, &Controller::scenarioChanged, this, [this] { refresh(); });
}

Document::~Document() = default;

void Document::setWindow(QWidget* window) {
    if (m_window)
        m_window->removeEventFilter(this);
    m_window = window;
    if (window) {
        window->setAcceptDrops(true);
        window->installEventFilter(this);
    }
    refresh();
}

QString Document::displayName() const {
    return m_path.isEmpty() ? tr("Untitled") : QFileInfo(m_path).fileName();
}

QString Document::windowTitle() const {
    return tr("%1[*] \u2014 TrainLedger").arg(displayName());
}

bool Document::isModified() const {
    return m_forcedModified || m_controller->scenario() != m_saved;
}

void Document::refresh() {
    const bool modified = isModified();
    if (m_window) {
        m_window->setWindowTitle(windowTitle());
        m_window->setWindowModified(modified);
    }
    if (modified && m_autosaveEnabled) {
        m_autosave->start(); // restarted by every change: written a few seconds after the last one
    } else {
        m_autosave->stop();
        if (m_lastModified)
            removeRecovery(); // saved, opened or undone back to the file: nothing to recover
    }
    m_lastModified = modified;
}

void Document::setPath(const QString& path) {
    const QString absolute = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    if (absolute == m_path)
        return;
    m_path = absolute;
    emit pathChanged(m_path);
}

void Document::load(const engine::Scenario& s, const QString& path, bool modified) {
    m_saved = s;
    m_forcedModified = modified;
    setPath(path);
    m_controller->setScenario(s); // clears the undo history; scenarioChanged refreshes the title
    refresh();
}

// ---- recent files --------------------------------------------------------------------------------------------------

QStringList Document::recentFiles() const {
    QSettings settings;
    const QStringList stored = settings.value(kRecentKey).toStringList();
    QStringList alive;
    for (const QString& f : stored)
        if (QFileInfo::exists(f) && !alive.contains(f))
            alive << f;
    while (alive.size() > kMaxRecentFiles)
        alive.removeLast();
    if (alive != stored)
        settings.setValue(kRecentKey, alive);
    return alive;
}

void Document::clearRecentFiles() {
    QSettings().remove(kRecentKey);
    emit recentFilesChanged({});
}

void Document::addRecent(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = recentFiles();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(kRecentKey, files);
    emit recentFilesChanged(files);
}

// The file's folder, else the last file's, else Documents, else home: the first that exists (a folder that does not
// exist, as Documents in a fresh home, made the file dialog offer its name as the file to open).
QString Document::startDir() const {
    QStringList candidates;
    if (!m_path.isEmpty())
        candidates << QFileInfo(m_path).absolutePath();
    const QStringList recent = recentFiles();
    if (!recent.isEmpty())
        candidates << QFileInfo(recent.front()).absolutePath();
    candidates << QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    for (const QString& dir : std::as_const(candidates))
        if (!dir.isEmpty() && QFileInfo(dir).isDir())
            return dir;
    return QDir::homePath();
}

QString Document::fileFilter() {
    // Both kinds open, so the first (default) filter shows both.
    return tr("Scenarios (*.trainledger *.json);;TrainLedger archives (*.trainledger);;Scenario JSON (*.json)");
}

// ---- actions -------------------------------------------------------------------------------------------------------

bool Document::maybeSave() {
    if (!isModified())
        return true;
    switch (m_dialogs->askSaveChanges(m_window, displayName())) {
    case Dialogs::SaveChoice::Save:
        return save();
    case Dialogs::SaveChoice::Discard:
        return true;
    case Dialogs::SaveChoice::Cancel:
        break;
    }
    return false;
}

bool Document::close() {
    if (!maybeSave())
        return false;
    m_autosave->stop();
    removeRecovery();
    return true;
}

bool Document::newFromPreset(const QString& modelPresetId) {
    engine::Scenario s;
    if (!modelPresetId.isEmpty() && modelPresetId.toStdString() != s.model.preset) {
        const engine::ModelPreset* preset = engine::findModelPreset(modelPresetId.toStdString());
        if (!preset || !engine::applyModelPreset(s, preset->id))
            return false;
    }
    if (!maybeSave())
        return false;
    load(s, QString(), false);
    emit statusMessage(tr("New scenario: %1").arg(scenarioTitle(s)), 5000);
    return true;
}

std::optional<engine::Scenario> Document::readFile(const QString& path) {
    const io::ArchiveResult r = io::loadScenarioFile(path);
    if (!r.archive) {
        m_dialogs->showError(
            m_window, tr("Cannot open the scenario"),
            tr("\u201c%1\u201d could not be opened.\n\n%2").arg(nativeName(path), diagnosticText(r.error)));
        return std::nullopt;
    }
    io::removeStaleTemporaries(path); // left by a save that was killed before its rename
    if (!r.warnings.empty()) {
        QStringList warnings;
        for (const engine::Diagnostic& w : r.warnings)
            warnings << diagnosticText(w);
        emit statusMessage(tr("%1: %2").arg(QFileInfo(path).fileName(), warnings.join(QStringLiteral("; "))), 15000);
    }
    return r.archive->scenario;
}

bool Document::open() {
    if (!maybeSave())
        return false;
    const QString path = m_dialogs->getOpenFileName(m_window, tr("Open Scenario"), startDir(), fileFilter());
    return !path.isEmpty() && openFileWithoutAsking(path);
}

bool Document::openFile(const QString& path) {
    return maybeSave() && openFileWithoutAsking(path);
}

bool Document::openFileWithoutAsking(const QString& path) {
    const std::optional<engine::Scenario> s = readFile(path);
    if (!s)
        return false;
    load(*s, path, false);
    addRecent(path);
    return true;
}

QString Document::importFilter() {
    return tr("Model and training configs (*.json *.toml *.sh *.txt *.args);;All files (*)");
}

bool Document::importConfig() {
    const QString path =
        m_dialogs->getOpenFileName(m_window, tr("Import Model or Training Config"), startDir(), importFilter());
    return !path.isEmpty() && importFile(path);
}

bool Document::importFile(const QString& path) {
    io::ImportResult r = io::importConfigFile(path, m_controller->scenario());
    if (!r.scenario) {
        m_dialogs->showError(
            m_window, tr("Cannot import the file"),
            tr("\u201c%1\u201d could not be imported.\n\n%2").arg(nativeName(path), diagnosticText(r.error)));
        return false;
    }
    if (!maybeSave())
        return false;
    load(*r.scenario, QString(), true);
    m_lastImport = r;
    QStringList details;
    for (const engine::Diagnostic& line : r.set)
        details << tr("set %1").arg(diagnosticText(line));
    for (const engine::Diagnostic& line : r.ignored)
        details << tr("ignored %1").arg(diagnosticText(line));
    const QString summary = tr("Imported %1 from \u201c%2\u201d: %n key(s) set", nullptr, int(r.set.size()))
                                .arg(diagnosticText(r.what), QFileInfo(path).fileName()) +
                            (r.ignored.empty() ? QString()
                                               : tr("; %n field(s) that change the cost could not be expressed or "
                                                    "were passed over (see the details)",
                                                    nullptr, int(r.ignored.size())));
    emit statusMessage(summary, 15000);
    m_dialogs->showInfo(m_window, tr("Import"), summary + QLatin1Char('.'), details.join(QLatin1Char('\n')));
    return true;
}

bool Document::adopt(const engine::Scenario& s, const QString& path, bool modified) {
    if (!maybeSave())
        return false;
    load(s, path, modified);
    return true;
}

bool Document::save() {
    if (m_path.isEmpty())
        return saveAs();
    if (!holdsAScenarioOrNothing(m_path)) {
        emit statusMessage(tr("%1 is no longer a scenario file: choose where to save").arg(displayName()), 15000);
        return saveAs();
    }
    return saveTo(m_path);
}

bool Document::saveAs() {
    QString suggested = holdsAScenarioOrNothing(m_path) ? m_path : QString();
    if (suggested.isEmpty()) {
        QString base = QString::fromStdString(engine::displayTitle(m_controller->scenario())).simplified();
        base.replace(QRegularExpression(QStringLiteral("[^\\w .,+-]+")), QStringLiteral("-"));
        if (base.isEmpty())
            base = tr("untitled");
        suggested = QDir(startDir()).filePath(base + QStringLiteral(".trainledger"));
    }
    QString path = m_dialogs->getSaveFileName(m_window, tr("Save Scenario As"), suggested, fileFilter());
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".trainledger");
    return saveTo(path);
}

bool Document::saveTo(const QString& path) {
    // The save renames a new file over the old one, which would ignore a read-only mode: ask first.
    if (io::isReadOnlyFile(path) &&
        !m_dialogs->confirm(m_window, tr("Replace a Read-Only File"),
                            tr("\u201c%1\u201d is read-only. Replace it anyway?").arg(nativeName(path))))
        return false;
    const engine::Scenario s = m_controller->scenario();
    const std::optional<engine::Diagnostic> error =
        isJsonName(path) ? io::saveScenarioJson(path, s) : io::saveArchive(path, s, previewPng());
    if (error) {
        m_dialogs->showError(
            m_window, tr("Cannot save the scenario"),
            tr("\u201c%1\u201d could not be saved.\n\n%2").arg(nativeName(path), diagnosticText(*error)));
        return false;
    }
    m_saved = s;
    m_forcedModified = false;
    setPath(path);
    addRecent(path);
    refresh();
    removeRecovery();
    emit statusMessage(tr("Saved %1").arg(nativeName(m_path)), 5000);
    return true;
}

bool Document::revert() {
    if (m_path.isEmpty())
        return false;
    if (isModified() &&
        !m_dialogs->confirm(m_window, tr("Revert"),
                            tr("Discard your changes to \u201c%1\u201d and reload it from disk?").arg(displayName())))
        return false;
    const std::optional<engine::Scenario> s = readFile(m_path);
    if (!s)
        return false;
    load(*s, m_path, false);
    emit statusMessage(tr("Reverted to %1").arg(nativeName(m_path)), 5000);
    return true;
}

QByteArray Document::previewPng() const {
    if (!m_preview)
        return {};
    QImage image = m_preview->grab().toImage();
    if (image.isNull())
        return {};
    if (image.width() > kPreviewWidth)
        image = image.scaledToWidth(kPreviewWidth, Qt::SmoothTransformation);
    image = image.convertToFormat(QImage::Format_RGB32); // no alpha: smaller, and previews are opaque anyway
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG") || png.size() > io::kMaxPreviewEntry)
        return {};
    return png;
}

// ---- autosave and recovery -----------------------------------------------------------------------------------------

QString Document::recoveryPath() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/recovery/current.trainledger");
}

void Document::setAutosaveInterval(int ms) {
    m_autosave->setInterval(ms);
}

void Document::setAutosaveEnabled(bool enabled) {
    m_autosaveEnabled = enabled;
    if (!enabled)
        m_autosave->stop();
}

bool Document::writeRecovery() {
    if (!isModified())
        return false;
    const QString path = recoveryPath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    if (const auto error = io::saveArchive(path, m_controller->scenario())) {
        emit statusMessage(tr("Autosave failed: %1").arg(diagnosticText(*error)), 10000);
        return false;
    }
    QSettings().setValue(kRecoveryOriginKey, m_path);
    return true;
}

void Document::removeRecovery() {
    QFile::remove(recoveryPath());
    QSettings().remove(kRecoveryOriginKey);
}

bool Document::offerRecovery() {
    const QString path = recoveryPath();
    if (!QFileInfo::exists(path))
        return false;
    const io::ArchiveResult r = io::loadScenarioFile(path);
    if (!r.archive) {
        // Useless as it is; kept aside rather than deleted, and never offered again.
        const QString aside = path + QStringLiteral(".damaged");
        QFile::remove(aside);
        QFile::rename(path, aside);
        emit statusMessage(tr("The recovery file could not be read (%1); it was moved to %2")
                               .arg(diagnosticText(r.error), nativeName(aside)),
                           15000);
        return false;
    }
    const QString origin = QSettings().value(kRecoveryOriginKey).toString();
    const QString name = origin.isEmpty() ? tr("Untitled") : QFileInfo(origin).fileName();
    const QString when = QLocale().toString(QFileInfo(path).lastModified(), QLocale::ShortFormat);
    if (!m_dialogs->confirm(m_window, tr("Restore unsaved changes"),
                            tr("TrainLedger did not close normally. Restore the unsaved changes to \u201c%1\u201d "
                               "autosaved at %2?")
                                .arg(name, when))) {
        removeRecovery();
        return false;
    }
    load(r.archive->scenario, origin, true);
    emit statusMessage(tr("Restored unsaved changes to %1").arg(name), 10000);
    return true;
}

bool Document::openAtStart(const QString& file) {
    offerRecovery();
    return !file.isEmpty() && openFile(file);
}

// ---- window events -------------------------------------------------------------------------------------------------

QString Document::droppedFile(const QMimeData* mime) {
    if (!mime || !mime->hasUrls())
        return {};
    const QList<QUrl> urls = mime->urls();
    if (urls.size() != 1 || !urls.front().isLocalFile())
        return {};
    const QString path = urls.front().toLocalFile();
    const QString suffix = QFileInfo(path).suffix();
    for (const char* allowed : {"trainledger", "json", "toml", "sh"})
        if (suffix.compare(QLatin1String(allowed), Qt::CaseInsensitive) == 0)
            return path;
    return {};
}

bool Document::eventFilter(QObject* watched, QEvent* event) {
    if (watched != m_window)
        return QObject::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::Close:
        if (!close()) {
            event->ignore();
            return true;
        }
        break;
    case QEvent::DragEnter:
    case QEvent::DragMove: {
        auto* e = static_cast<QDragMoveEvent*>(event);
        if (!droppedFile(e->mimeData()).isEmpty()) {
            e->acceptProposedAction();
            return true;
        }
        break;
    }
    case QEvent::Drop: {
        auto* e = static_cast<QDropEvent*>(event);
        const QString file = droppedFile(e->mimeData());
        if (!file.isEmpty()) {
            e->acceptProposedAction();
            // After the drop has finished: the prompt and any error are modal, and the drag source waits meanwhile.
            // A scenario is opened; a model or training config is imported.
            QTimer::singleShot(0, this, [this, file] {
                QFile f(file);
                const io::FileKind kind =
                    f.open(QIODevice::ReadOnly) ? io::fileKind(f.read(io::kMaxImportBytes)) : io::FileKind::Scenario;
                if (kind == io::FileKind::Scenario || kind == io::FileKind::Unknown)
                    openFile(file);
                else
                    importFile(file);
            });
            return true;
        }
        break;
    }
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace tl::ui
