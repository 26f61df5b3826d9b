#include "ui/views/charts.h"

#include <QCoreApplication>
#include <QEvent>
#include <QPen>

namespace tl::ui {

QChart* makeChart(const QString& title, QMargins margins) {
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTitle(title);
    chart->setMargins(margins);
    return chart;
}

QLogValueAxis* logGpuAxis(const QString& title) {
    auto* axis = new QLogValueAxis;
    axis->setBase(2);
    axis->setLabelFormat(QStringLiteral("%g"));
    axis->setTitleText(title);
    axis->setMinorTickCount(0);
    return axis;
}

QLogValueAxis* logDaysAxis(const QString& title) {
    auto* axis = new QLogValueAxis;
    axis->setBase(10);
    axis->setLabelFormat(QStringLiteral("%g"));
    axis->setTitleText(title);
    axis->setMinorTickCount(8);
    QPen minor = axis->minorGridLinePen();
    minor.setColor(QColor(0xe4, 0xe4, 0xe4));
    axis->setMinorGridLinePen(minor);
    return axis;
}

void attachSeries(QChart* chart, QAbstractSeries* series, QAbstractAxis* x, QAbstractAxis* y) {
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
}

void attachSeries(QChart* chart, std::initializer_list<QAbstractSeries*> series, QAbstractAxis* x, QAbstractAxis* y) {
    for (QAbstractSeries* s : series)
        attachSeries(chart, s, x, y);
}

QChartView* makeChartView(QChart* chart, const QString& objectName, QSize minimum, QWidget* parent, bool fullRepaint) {
    auto* view = new QChartView(chart, parent);
    view->setObjectName(objectName);
    view->setRenderHint(QPainter::Antialiasing);
    if (fullRepaint)
        view->setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    view->setMinimumSize(minimum);
    return view;
}

void setChartDragging(QChartView* view, bool dragging) {
    if (view->renderHints().testFlag(QPainter::Antialiasing) != dragging)
        return;
    view->setRenderHint(QPainter::Antialiasing, !dragging);
    view->viewport()->update();
}

void flushChart(QChartView* view) {
    QCoreApplication::sendPostedEvents(view->chart(), QEvent::LayoutRequest);
    QCoreApplication::sendPostedEvents(view->scene(), QEvent::MetaCall);
}

} // namespace tl::ui
