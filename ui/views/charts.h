#pragma once
// What the Qt Charts views share (days against GPUs in the window and in Compare, memory, the planner, the scaling
// lab): the log axes, the view's setup, series attached to both axes, the cheap paint while dragging, and the
// flush that paints a change in the same frame as the rest of the window.

#include <QChartView>
#include <QLogValueAxis>
#include <QString>

#include <initializer_list>

namespace tl::ui {

// A chart that redraws at once (no animation: every slider tick is a new frame) with a title and small margins.
QChart* makeChart(const QString& title = {}, QMargins margins = QMargins(4, 4, 4, 4));

// GPUs on a base-2 log axis (1, 2, 4, ... 1024), no minor ticks.
QLogValueAxis* logGpuAxis(const QString& title);
// Days on a base-10 log axis, minor grid lines at 2..9 in light grey.
QLogValueAxis* logDaysAxis(const QString& title);

// Adds the series to the chart and attaches it to both axes (which the chart must already hold).
void attachSeries(QChart* chart, QAbstractSeries* series, QAbstractAxis* x, QAbstractAxis* y);
void attachSeries(QChart* chart, std::initializer_list<QAbstractSeries*> series, QAbstractAxis* x, QAbstractAxis* y);

// An antialiased view of the chart with an object name (tests and exports find it by name) and a minimum size.
// fullRepaint: every update changes most of the chart, so one full repaint is cheaper than many antialiased small
// regions (ui_latency_bench: p50 16 -> 7 ms for the time chart).
QChartView* makeChartView(QChart* chart, const QString& objectName, QSize minimum, QWidget* parent = nullptr,
                          bool fullRepaint = false);

} // namespace tl::ui
