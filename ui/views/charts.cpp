#include "ui/views/charts.h"

#include <QCoreApplication>
#include <QEvent>
#include <QGraphicsScene>
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

// Grid, tick and axis lines with a cosmetic pen: at width 1 they look the same, but the raster engine draws them with
// its line stroker instead of filling a stroked outline (callgrind over ui_latency_bench: 51,000 instructions per
// antialiased grid line, 15% of every frame, for the ~90 lines of the days chart).
void useCosmeticAxisPens(QChart* chart) {
    for (QAbstractAxis* axis : chart->axes()) {
        for (auto [get, set] : {std::pair{&QAbstractAxis::linePen, &QAbstractAxis::setLinePen},
                                std::pair{&QAbstractAxis::gridLinePen, &QAbstractAxis::setGridLinePen},
                                std::pair{&QAbstractAxis::minorGridLinePen, &QAbstractAxis::setMinorGridLinePen}}) {
            QPen pen = (axis->*get)();
            pen.setCosmetic(true);
            (axis->*set)(pen);
        }
    }
}

QChartView* makeChartView(QChart* chart, const QString& objectName, QSize minimum, QWidget* parent, bool fullRepaint) {
    useCosmeticAxisPens(chart);
    auto* view = new QChartView(chart, parent);
    view->setObjectName(objectName);
    view->setRenderHint(QPainter::Antialiasing);
    if (fullRepaint)
        view->setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    view->setMinimumSize(minimum);
    // A scene nobody listens to repaints the whole window at once each time it has processed its changes (once per
    // chart per slider step); with a receiver of changed() it asks the view for an update, and the window paints
    // every chart and widget of a step once, from the event loop (ui_latency_bench: 3 window paints per step -> 1).
    QObject::connect(view->scene(), &QGraphicsScene::changed, view, [] {});
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
