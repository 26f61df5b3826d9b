#pragma once
// `trainledger --screenshot FILE.png [SCENARIO] [--view ID|all]`: render one registered view (ui/views/registry.cpp)
// or the whole window of a scenario offscreen at a fixed size, for documentation, handouts and tests.

#include "engine/scenario.h"

#include <QImage>
#include <QSize>
#include <QString>

namespace tl::ui {

bool isScreenshotView(const QString& name); // a registered view id, or "all"
QString screenshotViewNames();              // "verdict, memory, time, pipeline, ledger, all"
QSize screenshotSize(const QString& view);  // the fixed size of each view

// Render the view of the scenario (a QApplication must exist). The image has screenshotSize(view) pixels.
QImage renderScreenshot(const engine::Scenario& scenario, const QString& view);

// Render and write a PNG; returns an error line, or an empty string on success.
QString writeScreenshot(const engine::Scenario& scenario, const QString& view, const QString& path);

} // namespace tl::ui
