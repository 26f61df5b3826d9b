#pragma once
// The mark on a control whose value the engine refused: a red frame drawn over the control (a child widget that
// follows its size, so the layout never moves) and, in a text field, dark red text on pale red. Explicit colours,
// readable under the window's palette and the presentation's high-contrast one alike.

class QWidget;

namespace tl::ui {

// The frame's colour, also the colour of the panel's error sentences.
inline constexpr unsigned kRefusedRgb = 0xc62828;

void markRefused(QWidget* control, bool refused);
bool isMarkedRefused(const QWidget* control); // tests

} // namespace tl::ui
