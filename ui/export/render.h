#pragma once
// Drawing views outside the window, with the window's own widgets: a view is built for a scenario, laid out
// offscreen at a fixed size and painted into a PNG, an SVG (Qt SVG) or a page of the report. The window's File >
// Export, `trainledger --export` and the report all go through these functions, so a picture looks the same
// wherever it is made.

#include "engine/scenario.h"

#include <QByteArray>
#include <QRectF>
#include <QSize>
#include <QString>

#include <memory>

class QPainter;
class QWidget;

namespace tl::ui {

class Controller;

// A standalone view (a registry id of ui/views/registry.h, or "all" for the whole window) of the controller's valid
// scenario, shown offscreen (never on screen) at the given size and laid out. The caller owns it; nullptr for an
// unknown id.
std::unique_ptr<QWidget> makeView(Controller& controller, const QString& view, QSize size);
QSize defaultViewSize(const QString& view); // the registry's screenshot size; the whole window: 1600 x 1000

// The widget as PNG bytes (its pixels) or SVG bytes (its paint calls, titled).
QByteArray widgetPng(QWidget* widget);
QByteArray widgetSvg(QWidget* widget, const QString& title);

// Paints the widget scaled to target's width (height follows the widget's aspect ratio).
void paintWidget(QPainter& painter, QWidget* widget, const QRectF& target);

} // namespace tl::ui
