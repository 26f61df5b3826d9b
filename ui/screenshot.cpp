#include "ui/screenshot.h"

#include "io/lessons.h"
#include "ui/controller.h"
#include "ui/export/exportregistry.h"
#include "ui/export/report.h"
#include "ui/lessons/lessonplayer.h"
#include "ui/lessons/presentation.h"
#include "ui/mainwindow.h"
#include "ui/views/registry.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QWidget>

namespace tl::ui {

bool isScreenshotView(const QString& name) {
    return name == QLatin1String("all") || findView(name);
}

QString screenshotViewNames() {
    return (viewIds() << QStringLiteral("all")).join(QStringLiteral(", "));
}

QSize screenshotSize(const QString& view) {
    return defaultViewSize(view);
}

QString writeScreenshot(const engine::Scenario& scenario, const QString& view, const QString& path) {
    Controller controller;
    controller.setScenario(scenario);
    const auto widget = makeView(controller, view, screenshotSize(view));
    if (!widget)
        return QStringLiteral("--view: \"%1\" is not allowed; allowed: %2").arg(view, screenshotViewNames());
    return writeExportFile(path, widgetPng(widget.get()));
}

QString exportExtensions() {
    return QStringLiteral(".png, .svg, .pdf");
}

QString exportScenario(const engine::Scenario& scenario, const QString& view, const QString& path,
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
    if (!widget)
        return QStringLiteral("--view: \"%1\" is not allowed; allowed: %2").arg(view, screenshotViewNames());
    return writeExportFile(path, suffix == QLatin1String("png")
                                     ? widgetPng(widget.get())
                                     : widgetSvg(widget.get(), QString::fromStdString(scenario.title)));
}

QImage renderLessonScreenshot(int lesson, int step, bool present, QSize size) {
    Controller controller;
    MainWindow w(&controller, MainWindow::Options{false});
    w.setAttribute(Qt::WA_DontShowOnScreen);
    w.resize(size);
    w.show();
    QCoreApplication::processEvents();
    const Classroom& c = w.classroom();
    c.player->setLesson(lesson);
    c.player->setStep(step);
    if (present)
        c.presentation->enter(false);
    else
        c.player->parentWidget()->show();
    w.resize(size);
    // Layout, chart geometry and the charts' deferred scene updates each take a turn of the event loop.
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
    return w.grab().toImage();
}

QString writeLessonScreenshot(const QString& lessonStep, bool present, QSize size, const QString& path) {
    const QString id = lessonStep.section(QLatin1Char(':'), 0, 0);
    const QString stepText = lessonStep.section(QLatin1Char(':'), 1);
    const auto& lessons = io::builtInLessons();
    int lesson = -1;
    QStringList ids;
    for (int i = 0; i < int(lessons.size()); ++i) {
        ids << lessons[size_t(i)].id;
        if (lessons[size_t(i)].id == id)
            lesson = i;
    }
    if (lesson < 0)
        return QStringLiteral("--lesson: \"%1\" is not a lesson; allowed: %2").arg(id, ids.join(u", "));
    bool ok = true;
    const int step = stepText.isEmpty() ? 1 : stepText.toInt(&ok);
    const int steps = int(lessons[size_t(lesson)].steps.size());
    if (!ok || step < 1 || step > steps)
        return QStringLiteral("--lesson: step \"%1\" is not allowed; allowed: 1 to %2").arg(stepText).arg(steps);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    renderLessonScreenshot(lesson, step - 1, present, size).save(&buffer, "PNG");
    return writeExportFile(path, png);
}

} // namespace tl::ui
