#include "ui/export/render.h"

#include "engine/layout.h"
#include "ui/controller.h"
#include "ui/mainwindow.h"
#include "ui/views/memoryview.h"
#include "ui/views/pipelineview.h"
#include "ui/views/steptimeview.h"
#include "ui/views/timeview.h"
#include "ui/views/verdictbanner.h"

#include <QBuffer>
#include <QCheckBox>
#include <QCoreApplication>
#include <QPainter>
#include <QPixmap>
#include <QSvgGenerator>

namespace tl::ui {

QSize defaultViewSize(ViewKind view) {
    switch (view) {
    case ViewKind::Memory:
    case ViewKind::Time:
        return {1200, 750};
    case ViewKind::Step:
        return {1200, 500};
    case ViewKind::Verdict:
        return {1400, 160};
    case ViewKind::Pipeline:
        return {1400, 700};
    case ViewKind::All:
        return {1600, 1000};
    }
    return {1600, 1000};
}

std::unique_ptr<QWidget> makeView(const Controller& controller, ViewKind view, QSize size) {
    const engine::Scenario& s = controller.validScenario();
    const engine::Ledger& l = controller.ledger();
    std::unique_ptr<QWidget> w;
    switch (view) {
    case ViewKind::Memory: {
        auto v = std::make_unique<MemoryView>();
        v->setLedgers(l, controller.zeroLedgers());
        w = std::move(v);
        break;
    }
    case ViewKind::Time: {
        auto v = std::make_unique<TimeView>();
        v->setData(l, controller.scaleCurve(), s.schedule.deadlineDays, s.schedule.reserveDays);
        w = std::move(v);
        break;
    }
    case ViewKind::Verdict: {
        auto v = std::make_unique<VerdictBanner>();
        v->setZeroStage(s.parallel.zero);
        v->setLedger(l, s.parallel.tp, s.parallel.pp, s.parallel.dp, s.parallel.cp);
        v->setErrors(controller.errors());
        w = std::move(v);
        break;
    }
    case ViewKind::Step: {
        auto v = std::make_unique<StepTimeView>();
        v->setData(l, controller.scaleCurve(), s.parallel.zero);
        w = std::move(v);
        break;
    }
    case ViewKind::Pipeline: {
        auto v = std::make_unique<PipelineView>();
        v->setSpec(engine::pipelineSpecFor(s));
        w = std::move(v);
        break;
    }
    case ViewKind::All:
        // The window only reads the controller (no settings, no autosave): a const view of it is safe.
        w = std::make_unique<MainWindow>(const_cast<Controller*>(&controller), MainWindow::Options{false});
        break;
    }
    w->setAutoFillBackground(true);
    if (view != ViewKind::All) // a picture of a chart has no controls (the memory view's GiB box)
        for (QCheckBox* box : w->findChildren<QCheckBox*>())
            box->hide();
    w->setAttribute(Qt::WA_DontShowOnScreen);
    w->resize(size);
    w->show();
    // Layout, chart geometry and the charts' deferred scene updates each take a turn of the event loop.
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
    return w;
}

QByteArray widgetPng(QWidget* widget) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    widget->grab().toImage().save(&buffer, "PNG");
    return bytes;
}

QByteArray widgetSvg(QWidget* widget, const QString& title) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(widget->size());
    svg.setViewBox(QRect(QPoint(0, 0), widget->size()));
    svg.setTitle(title);
    svg.setDescription(QStringLiteral("TrainLedger %1").arg(QCoreApplication::applicationVersion()));
    QPainter painter(&svg);
    widget->render(&painter, QPoint(), QRegion(), QWidget::DrawWindowBackground | QWidget::DrawChildren);
    painter.end();
    return bytes;
}

void paintWidget(QPainter& painter, QWidget* widget, const QRectF& target) {
    painter.save();
    painter.translate(target.topLeft());
    const double scale = target.width() / widget->width();
    painter.scale(scale, scale);
    widget->render(&painter, QPoint(), QRegion(), QWidget::DrawWindowBackground | QWidget::DrawChildren);
    painter.restore();
}

} // namespace tl::ui
