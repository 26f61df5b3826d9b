// trainledger: the explorer window. `trainledger [FILE]` opens a .trainledger archive or a scenario.json (default:
// the last scenario, else the seeds' Qwen3-8B example); a FILE that cannot be read is explained in a message box and
// the window starts on the built-in scenario. A recovery file left by a crash is offered first.
// `--export OUT [FILE] [--view V]` renders offscreen and exits, the format from OUT's extension (.png .svg .pdf);
// `--screenshot OUT.png` is the PNG-only older name. Bad arguments exit with status 2 and one line on stderr.

#include "app/version.h"
#include "io/archive.h"
#include "io/errorline.h"
#include "io/messagetext.h"
#include "io/scenariojson.h"
#include "ui/controller.h"
#include "ui/document.h"
#include "ui/i18n/language.h"
#include "ui/mainwindow.h"
#include "ui/screenshot.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTextStream>

#include <cstring>

namespace {

using namespace tl;

// The exit status rule of both programs: 0 done, 2 refused (one line on stderr says what to change: an option, a
// file, a target that cannot be written); trainledger-cli --diff also exits 1 when the files differ.
int fail(const QString& message) {
    QTextStream(stderr) << io::oneLine(QStringLiteral("trainledger: ") + message) << Qt::endl;
    return 2;
}

// Qt's own warnings never reach the terminal before (or instead of) this program's lines: they go, quietly, to
// trainledger-qt.log in the cache folder (TRAINLEDGER_QT_DEBUG=1 prints them instead).
void quietQtMessages(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    static const bool show = qEnvironmentVariableIntValue("TRAINLEDGER_QT_DEBUG") != 0;
    const QString line = qFormatLogMessage(type, context, message);
    if (show || type == QtFatalMsg) {
        QTextStream(stderr) << line << Qt::endl;
        return;
    }
    static QFile* log = [] {
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
        QDir().mkpath(dir);
        auto* f = new QFile(dir + QStringLiteral("/trainledger-qt.log")); // lives as long as the program
        if (f->size() > (1 << 20))
            f->remove(); // a log, not an archive
        f->open(QIODevice::Append | QIODevice::Text);
        return f;
    }();
    if (log->isOpen()) {
        log->write(line.toUtf8() + '\n');
        log->flush();
    }
}

// Reads a .trainledger archive or a scenario.json (or reports one line).
std::optional<engine::Scenario> loadScenario(const QString& path, QString& error) {
    const io::ArchiveResult r = io::loadScenarioFile(path);
    if (!r.archive) {
        error = QStringLiteral("%1: %2").arg(path, io::messageText(r.error));
        return std::nullopt;
    }
    for (const engine::Diagnostic& w : r.warnings)
        QTextStream(stderr) << io::oneLine(QStringLiteral("trainledger: %1: %2").arg(path, io::messageText(w)))
                            << Qt::endl;
    return r.archive->scenario;
}

} // namespace

int main(int argc, char** argv) {
    // The screenshot mode, --help and --version never need a display: choose the offscreen platform before
    // QApplication exists, so they also work on a headless machine.
    for (int i = 1; i < argc; ++i) {
        const char* a = argv[i];
        if (std::strcmp(a, "--screenshot") == 0 || std::strncmp(a, "--screenshot=", 13) == 0 ||
            std::strcmp(a, "--export") == 0 || std::strncmp(a, "--export=", 9) == 0 || std::strcmp(a, "--help") == 0 ||
            std::strcmp(a, "-h") == 0 || std::strcmp(a, "--help-all") == 0 || std::strcmp(a, "--version") == 0 ||
            std::strcmp(a, "-v") == 0)
            qputenv("QT_QPA_PLATFORM", "offscreen");
    }

    qInstallMessageHandler(quietQtMessages);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TrainLedger"));
    QApplication::setApplicationName(QStringLiteral("TrainLedger"));
    QApplication::setApplicationVersion(QStringLiteral(TL_VERSION));
    // The interface language: --language, else View > Language's remembered choice, else the system locale.
    QString language = ui::Language::saved();
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--language") == 0)
            language = QString::fromLocal8Bit(argv[i + 1]);
    ui::Language::apply(ui::Language::resolve(language));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "What-if explorer for the cost of training a large language model.") +
        QStringLiteral("\n") +
        QCoreApplication::translate("main", "Exit status: 0 done; 2 refused (one line on stderr says what to change: "
                                            "an option, a file, a target that cannot be written)."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"), QCoreApplication::translate("main", "Render offscreen to FILE.png and exit."),
        QStringLiteral("FILE.png"));
    const QCommandLineOption exportOption(
        QStringLiteral("export"),
        QCoreApplication::translate("main", "Render offscreen to FILE and exit; the format follows the extension: "
                                            ".png, .svg or .pdf (the report)."),
        QStringLiteral("FILE"));
    const QCommandLineOption viewOption(
        QStringLiteral("view"),
        QCoreApplication::translate("main", "What --export and --screenshot render: %1 (default all).")
            .arg(ui::screenshotViewNames()),
        QStringLiteral("VIEW"), QStringLiteral("all"));
    const QCommandLineOption languageOption(
        QStringLiteral("language"),
        QCoreApplication::translate("main", "Interface language for this run: %1 (default: the View > Language "
                                            "choice, else the system's).")
            .arg(ui::Language::codes().join(QStringLiteral(", "))),
        QStringLiteral("CODE"));
    parser.addOption(languageOption);
    parser.addOption(exportOption);
    parser.addOption(screenshotOption);
    parser.addOption(viewOption);
    const QCommandLineOption lessonOption(
        QStringLiteral("lesson"),
        QCoreApplication::translate("main", "With --screenshot: the window on a lesson step, ID:STEP (from 1)."),
        QStringLiteral("ID:STEP"));
    const QCommandLineOption presentOption(QStringLiteral("present"),
                                           QCoreApplication::translate("main", "With --lesson: presentation mode."));
    const QCommandLineOption sizeOption(QStringLiteral("size"),
                                        QCoreApplication::translate("main", "With --lesson: the window size, WxH."),
                                        QStringLiteral("WxH"), QStringLiteral("1920x1080"));
    parser.addOptions({lessonOption, presentOption, sizeOption});
    parser.addPositionalArgument(QStringLiteral("scenario"),
                                 QCoreApplication::translate("main", "A .trainledger file or scenario.json to open."),
                                 QStringLiteral("[FILE]"));
    if (!parser.parse(QCoreApplication::arguments()))
        return fail(parser.errorText());
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();

    if (parser.isSet(languageOption) && !ui::Language::codes().contains(parser.value(languageOption)))
        return fail(QStringLiteral("--language: \"%1\" is not allowed; allowed: %2")
                        .arg(parser.value(languageOption), ui::Language::codes().join(QStringLiteral(", "))));
    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return fail(QStringLiteral("expected at most one scenario file, got %1").arg(positional.size()));
    const QString view = parser.value(viewOption);
    if (!ui::isScreenshotView(view))
        return fail(QStringLiteral("--view: \"%1\" is not allowed; allowed: %2")
                        .arg(parser.value(viewOption), ui::screenshotViewNames()));
    if (parser.isSet(viewOption) && !parser.isSet(screenshotOption) && !parser.isSet(exportOption))
        return fail(QStringLiteral("--view needs --export FILE or --screenshot FILE.png"));
    if (parser.isSet(screenshotOption) && parser.isSet(exportOption))
        return fail(QStringLiteral("--export and --screenshot: choose one"));

    const QString file = positional.isEmpty() ? QString() : positional.front();
    // Offscreen renders read the scenario file first: a bad file is one line and exit 2 whatever is asked.
    std::optional<engine::Scenario> scenario;
    if (!file.isEmpty() && (parser.isSet(exportOption) || parser.isSet(screenshotOption))) {
        QString error;
        scenario = loadScenario(file, error);
        if (!scenario)
            return fail(error);
    }
    if (parser.isSet(exportOption)) {
        const QString path = parser.value(exportOption);
        const QString suffix = QFileInfo(path).suffix().toLower();
        if (suffix != QLatin1String("png") && suffix != QLatin1String("svg") && suffix != QLatin1String("pdf"))
            return fail(
                QStringLiteral("--export: \"%1\": unknown extension; allowed: %2").arg(path, ui::exportExtensions()));
        const QString error = ui::exportScenario(scenario.value_or(engine::Scenario{}), view, path,
                                                 file.isEmpty() ? QString() : QFileInfo(file).fileName());
        return error.isEmpty() ? 0 : fail(error); // exit 2, as the CLI refuses the same targets
    }
    if (parser.isSet(screenshotOption)) {
        const QString path = parser.value(screenshotOption);
        if (path.isEmpty())
            return fail(QStringLiteral("--screenshot: needs a file name"));
        if (QFileInfo(path).suffix().toLower() != QLatin1String("png"))
            return fail(QStringLiteral("--screenshot: \"%1\": unknown extension; allowed: .png (--export also writes "
                                       ".svg and .pdf)")
                            .arg(path));
        if (parser.isSet(lessonOption)) {
            const QStringList wh = parser.value(sizeOption).split(QLatin1Char('x'));
            const QSize size = wh.size() == 2 ? QSize(wh[0].toInt(), wh[1].toInt()) : QSize();
            if (size.width() < 640 || size.height() < 480 || size.width() > 7680 || size.height() > 4320)
                return fail(QStringLiteral("--size: \"%1\" is not allowed; allowed: WxH from 640x480 to 7680x4320")
                                .arg(parser.value(sizeOption)));
            const QString error =
                ui::writeLessonScreenshot(parser.value(lessonOption), parser.isSet(presentOption), size, path);
            return error.isEmpty() ? 0 : fail(error);
        }
        const QString error = ui::writeScreenshot(scenario.value_or(engine::Scenario{}), view, path);
        return error.isEmpty() ? 0 : fail(error); // exit 2, like every other failed write
    }

    ui::Controller controller;
    // With a FILE the window starts on the built-in scenario, which stays when FILE cannot be read.
    if (file.isEmpty()) {
        if (const QByteArray saved = ui::MainWindow::savedScenario(); !saved.isEmpty()) {
            io::ScenarioResult r = io::scenarioFromJson(saved, false);
            if (r.scenario)
                controller.setScenario(*r.scenario);
        }
    }
    ui::MainWindow window(&controller);
    window.show();
    window.document()->openAtStart(file); // the recovery offer, then FILE (errors in a message box)
    return app.exec();
}
