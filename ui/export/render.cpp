#include "ui/export/render.h"

#include "ui/controller.h"
#include "ui/mainwindow.h"
#include "ui/views/registry.h"
#include "ui/views/view.h"

#include <QBuffer>
#include <QCheckBox>
#include <QCoreApplication>
#include <QPainter>
#include <QPixmap>
#include <QSvgGenerator>

namespace tl::ui {

QSize defaultViewSize(const QString& view) {
    const ViewInfo* info = findView(view);
    return info ? info->screenshotSize : QSize(1600, 1000);
}

std::unique_ptr<QWidget> makeView(Controller& controller, const QString& view, QSize size) {
    const bool all = view == QLatin1String("all");
    const ViewInfo* info = findView(view);
    if (!all && !info)
        return nullptr;
    std::unique_ptr<QWidget> w;
    if (all) {
        w = std::make_unique<MainWindow>(&controller, MainWindow::Options{false}); // no settings, no autosave
    } else {
        w.reset(info->create(&controller));
        if (EvaluationView* v = asView(w.get())) {
            v->setEvaluation(controller.evaluation());
            v->setErrors(controller.errors());
        }
    }
    w->setAutoFillBackground(true);
    if (!all) // a picture of a chart has no controls (the memory view's GiB box)
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
