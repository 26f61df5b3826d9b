#include "ui/screenshot.h"

#include "ui/controller.h"
#include "ui/export/exportregistry.h"
#include "ui/export/report.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QWidget>

namespace tl::ui {

std::optional<ScreenshotView> parseScreenshotView(const QString& name) {
    if (name == QLatin1String("memory"))
        return ScreenshotView::Memory;
    if (name == QLatin1String("time"))
        return ScreenshotView::Time;
    if (name == QLatin1String("step"))
        return ScreenshotView::Step;
    if (name == QLatin1String("verdict"))
        return ScreenshotView::Verdict;
    if (name == QLatin1String("pipeline"))
        return ScreenshotView::Pipeline;
    if (name == QLatin1String("all"))
        return ScreenshotView::All;
    return std::nullopt;
}

QString screenshotViewNames() {
    return QStringLiteral("memory, time, step, verdict, pipeline, all");
}

QSize screenshotSize(ScreenshotView view) {
    return defaultViewSize(view);
}

QImage renderScreenshot(const engine::Scenario& scenario, ScreenshotView view) {
    Controller controller;
    controller.setScenario(scenario);
    return makeView(controller, view, screenshotSize(view))->grab().toImage();
}

QString writeScreenshot(const engine::Scenario& scenario, ScreenshotView view, const QString& path) {
    Controller controller;
    controller.setScenario(scenario);
    return writeExportFile(path, widgetPng(makeView(controller, view, screenshotSize(view)).get()));
}

QString exportExtensions() {
    return QStringLiteral(".png, .svg, .pdf");
}

QString exportScenario(const engine::Scenario& scenario, ScreenshotView view, const QString& path,
                       const QString& scenarioFile) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("pdf"))
        return writeExportFile(path, reportPdf({scenario, scenarioFile}));
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg"))
        return QStringLiteral("%1: unknown extension \"%2\"; allowed: %3")
            .arg(path, suffix.isEmpty() ? QString() : QLatin1Char('.') + suffix, exportExtensions());
    Controller controller;
    controller.setScenario(scenario);
    const auto widget = makeView(controller, view, screenshotSize(view));
    return writeExportFile(path, suffix == QLatin1String("png")
                                     ? widgetPng(widget.get())
                                     : widgetSvg(widget.get(), QString::fromStdString(scenario.title)));
}

} // namespace tl::ui
