#pragma once
// After a chart's data changed: let the chart lay out and its scene hand the dirty items to the view now, so the
// change is painted in the same frame as the rest of the window. Left to the event loop, each chart's scene asks for
// one more window repaint after the widgets' own (ui_latency_bench measured three repaints per slider step).

#include <QChartView>
#include <QCoreApplication>
#include <QEvent>

namespace tl::ui {

inline void flushChart(QChartView* view) {
    QCoreApplication::sendPostedEvents(view->chart(), QEvent::LayoutRequest);
    QCoreApplication::sendPostedEvents(view->scene(), QEvent::MetaCall);
}

} // namespace tl::ui
