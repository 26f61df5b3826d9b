#include "ui/screenshot.h"

#include "io/atomicfile.h"
#include "ui/controller.h"
#include "ui/mainwindow.h"
#include "ui/views/registry.h"
#include "ui/views/view.h"

#include <QApplication>
#include <QImageWriter>
#include <QPixmap>

#include <memory>

namespace tl::ui {

namespace {

QImage grabShown(QWidget* w, QSize size) {
    w->setAttribute(Qt::WA_DontShowOnScreen);
    w->resize(size);
    w->show();
    // Layout, chart geometry and the charts' deferred scene updates each take a turn of the event loop.
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
    QImage image = w->grab().toImage();
    w->hide();
    return image;
}

} // namespace

bool isScreenshotView(const QString& name) {
    return name == QLatin1String("all") || findView(name);
}

QString screenshotViewNames() {
    return (viewIds() << QStringLiteral("all")).join(QStringLiteral(", "));
}

QSize screenshotSize(const QString& view) {
    const ViewInfo* info = findView(view);
    return info ? info->screenshotSize : QSize(1600, 1000);
}

QImage renderScreenshot(const engine::Scenario& scenario, const QString& view) {
    Controller controller;
    controller.setScenario(scenario);
    const QSize size = screenshotSize(view);
    const ViewInfo* info = findView(view);
    if (!info) {
        MainWindow w(&controller, MainWindow::Options{false});
        return grabShown(&w, size);
    }
    std::unique_ptr<QWidget> w(info->create(&controller));
    if (EvaluationView* v = asView(w.get())) {
        v->setEvaluation(controller.evaluation());
        v->setErrors(controller.errors());
    }
    w->setAutoFillBackground(true);
    return grabShown(w.get(), size);
}

QString writeScreenshot(const engine::Scenario& scenario, const QString& view, const QString& path) {
    const QImage image = renderScreenshot(scenario, view);
    if (image.isNull())
        return QStringLiteral("could not render the view");
    // Through the checked writer: a full disk gives a message and leaves any old PNG as it was.
    const auto error = io::writeFileAtomically(path, [&](QIODevice& device) {
        QImageWriter writer(&device, "png");
        return writer.write(image);
    });
    return error ? QStringLiteral("%1: cannot write: %2").arg(path, *error) : QString();
}

} // namespace tl::ui
