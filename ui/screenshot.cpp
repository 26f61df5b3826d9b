#include "ui/screenshot.h"

#include "engine/layout.h"
#include "io/atomicfile.h"
#include "ui/controller.h"
#include "ui/mainwindow.h"
#include "ui/views/memoryview.h"
#include "ui/views/pipelineview.h"
#include "ui/views/timeview.h"
#include "ui/views/verdictbanner.h"

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

std::optional<ScreenshotView> parseScreenshotView(const QString& name) {
    if (name == QLatin1String("memory"))
        return ScreenshotView::Memory;
    if (name == QLatin1String("time"))
        return ScreenshotView::Time;
    if (name == QLatin1String("verdict"))
        return ScreenshotView::Verdict;
    if (name == QLatin1String("pipeline"))
        return ScreenshotView::Pipeline;
    if (name == QLatin1String("all"))
        return ScreenshotView::All;
    return std::nullopt;
}

QString screenshotViewNames() {
    return QStringLiteral("memory, time, verdict, pipeline, all");
}

QSize screenshotSize(ScreenshotView view) {
    switch (view) {
    case ScreenshotView::Memory:
    case ScreenshotView::Time:
        return {1200, 750};
    case ScreenshotView::Verdict:
        return {1400, 160};
    case ScreenshotView::Pipeline:
        return {1400, 700};
    case ScreenshotView::All:
        return {1600, 1000};
    }
    return {1600, 1000};
}

QImage renderScreenshot(const engine::Scenario& scenario, ScreenshotView view) {
    Controller controller;
    controller.setScenario(scenario);
    const engine::Scenario& s = controller.validScenario();
    const engine::Ledger& l = controller.ledger();
    const QSize size = screenshotSize(view);
    switch (view) {
    case ScreenshotView::Memory: {
        MemoryView w;
        w.setLedgers(l, controller.zeroLedgers());
        return grabShown(&w, size);
    }
    case ScreenshotView::Time: {
        TimeView w;
        w.setData(l, controller.scaleCurve(), s.schedule.deadlineDays, s.schedule.reserveDays);
        return grabShown(&w, size);
    }
    case ScreenshotView::Verdict: {
        VerdictBanner w;
        w.setLedger(l, s.parallel.tp, s.parallel.pp, s.parallel.dp, s.parallel.cp);
        w.setErrors(controller.errors());
        w.setAutoFillBackground(true);
        return grabShown(&w, size);
    }
    case ScreenshotView::Pipeline: {
        PipelineView w;
        w.setSpec(engine::pipelineSpecFor(s));
        w.setAutoFillBackground(true);
        return grabShown(&w, size);
    }
    case ScreenshotView::All: {
        MainWindow w(&controller, MainWindow::Options{false});
        return grabShown(&w, size);
    }
    }
    return {};
}

QString writeScreenshot(const engine::Scenario& scenario, ScreenshotView view, const QString& path) {
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
