// trainledger: the explorer window. `trainledger [SCENARIO.json]` opens a scenario (default: the last one, else the
// seeds' Qwen3-8B example); `--screenshot FILE.png [--view V]` renders offscreen and exits. Bad arguments exit with
// status 2 and one line on stderr.

#include "io/scenariojson.h"
#include "ui/controller.h"
#include "ui/mainwindow.h"
#include "ui/screenshot.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QTextStream>

#include <cstring>

namespace {

using namespace tl;

int fail(const QString& message, int status = 2) {
    QTextStream(stderr) << "trainledger: " << message << Qt::endl;
    return status;
}

// Reads a scenario.json (or reports one line).
std::optional<engine::Scenario> loadScenario(const QString& path, QString& error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    const QByteArray bytes = file.read(io::kMaxScenarioJsonBytes + 1);
    if (bytes.size() > io::kMaxScenarioJsonBytes) {
        error = QStringLiteral("%1: larger than %2 bytes; not a scenario").arg(path).arg(io::kMaxScenarioJsonBytes);
        return std::nullopt;
    }
    io::ScenarioResult r = io::scenarioFromJson(bytes, false);
    if (!r.scenario) {
        error = QStringLiteral("%1: %2").arg(path, r.error);
        return std::nullopt;
    }
    for (const QString& w : r.warnings)
        QTextStream(stderr) << "trainledger: " << path << ": " << w << Qt::endl;
    return r.scenario;
}

} // namespace

int main(int argc, char** argv) {
    // The screenshot mode never needs a display: choose the offscreen platform before QApplication exists.
    for (int i = 1; i < argc; ++i)
        if (std::strcmp(argv[i], "--screenshot") == 0 || std::strncmp(argv[i], "--screenshot=", 13) == 0)
            qputenv("QT_QPA_PLATFORM", "offscreen");

    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TrainLedger"));
    QApplication::setApplicationName(QStringLiteral("TrainLedger"));
    QApplication::setApplicationVersion(QStringLiteral(TL_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("main", "What-if explorer for the cost of training a large language model."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"), QCoreApplication::translate("main", "Render offscreen to FILE.png and exit."),
        QStringLiteral("FILE.png"));
    const QCommandLineOption viewOption(
        QStringLiteral("view"),
        QCoreApplication::translate("main", "What --screenshot renders: %1 (default all).")
            .arg(ui::screenshotViewNames()),
        QStringLiteral("VIEW"), QStringLiteral("all"));
    parser.addOption(screenshotOption);
    parser.addOption(viewOption);
    parser.addPositionalArgument(QStringLiteral("scenario"),
                                 QCoreApplication::translate("main", "A scenario.json to open."),
                                 QStringLiteral("[SCENARIO.json]"));
    if (!parser.parse(QCoreApplication::arguments()))
        return fail(parser.errorText());
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();

    const QStringList positional = parser.positionalArguments();
    if (positional.size() > 1)
        return fail(QStringLiteral("expected at most one scenario file, got %1").arg(positional.size()));
    const std::optional<ui::ScreenshotView> view = ui::parseScreenshotView(parser.value(viewOption));
    if (!view)
        return fail(QStringLiteral("--view: \"%1\" is not allowed; allowed: %2")
                        .arg(parser.value(viewOption), ui::screenshotViewNames()));
    if (parser.isSet(viewOption) && !parser.isSet(screenshotOption))
        return fail(QStringLiteral("--view needs --screenshot FILE.png"));

    std::optional<engine::Scenario> scenario;
    if (!positional.isEmpty()) {
        QString error;
        scenario = loadScenario(positional.front(), error);
        if (!scenario)
            return fail(error);
    }

    if (parser.isSet(screenshotOption)) {
        const QString path = parser.value(screenshotOption);
        if (path.isEmpty())
            return fail(QStringLiteral("--screenshot: needs a file name"));
        const QString error = ui::writeScreenshot(scenario.value_or(engine::Scenario{}), *view, path);
        return error.isEmpty() ? 0 : fail(error, 1);
    }

    ui::Controller controller;
    if (scenario) {
        controller.setScenario(*scenario);
    } else if (const QByteArray saved = ui::MainWindow::savedScenario(); !saved.isEmpty()) {
        io::ScenarioResult r = io::scenarioFromJson(saved, false);
        if (r.scenario)
            controller.setScenario(*r.scenario);
    }
    ui::MainWindow window(&controller);
    window.show();
    return app.exec();
}
