#pragma once
// `trainledger --screenshot FILE.png [SCENARIO] [--view memory|time|verdict|pipeline|all]`: render one view (or the
// whole window) of a scenario offscreen at a fixed size, for documentation, handouts and tests.

#include "engine/scenario.h"

#include <QImage>
#include <QSize>
#include <QString>

#include <optional>

namespace tl::ui {

enum class ScreenshotView { Memory, Time, Verdict, Pipeline, All };

std::optional<ScreenshotView> parseScreenshotView(const QString& name); // nullopt for an unknown name
QString screenshotViewNames();                                          // "memory, time, verdict, pipeline, all"
QSize screenshotSize(ScreenshotView view);                              // the fixed size of each view

// Render the view of the scenario (a QApplication must exist). The image has screenshotSize(view) pixels.
QImage renderScreenshot(const engine::Scenario& scenario, ScreenshotView view);

// Render and write a PNG; returns an error line, or an empty string on success.
QString writeScreenshot(const engine::Scenario& scenario, ScreenshotView view, const QString& path);

// The whole window on a lesson step ("seed-000:7", steps counted from 1), at size, in presentation mode or not.
// Returns an error line ("--lesson: ...") or an empty string.
QString writeLessonScreenshot(const QString& lessonStep, bool present, QSize size, const QString& path);
QImage renderLessonScreenshot(int lesson, int step, bool present, QSize size);

} // namespace tl::ui
