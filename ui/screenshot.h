#pragma once
// `trainledger --export FILE [SCENARIO] [--view ID|all]` (and the older `--screenshot FILE.png`): render one
// registered view (ui/views/registry.cpp) or the whole window of a scenario offscreen at a fixed size with the
// window's own widgets (ui/export/render.h), or its PDF report, for documentation, handouts, scripts and tests.

#include "engine/scenario.h"
#include "ui/export/render.h"

#include <QImage>
#include <QSize>
#include <QString>

namespace tl::ui {

bool isScreenshotView(const QString& name); // a registered view id, or "all"
QString screenshotViewNames();              // "verdict, memory, time, pipeline, ledger, all"
QSize screenshotSize(const QString& view);  // the fixed size of each view

// Render and write a PNG; returns an error line, or an empty string on success.
QString writeScreenshot(const engine::Scenario& scenario, const QString& view, const QString& path);

// The whole window on a lesson step ("seed-000:7", steps counted from 1), at size, in presentation mode or not.
// Returns an error line ("--lesson: ...") or an empty string.
QString writeLessonScreenshot(const QString& lessonStep, bool present, QSize size, const QString& path);
QImage renderLessonScreenshot(int lesson, int step, bool present, QSize size);
// The format from path's extension: .png (the view's pixels), .svg (its drawing), .pdf (the report; the view is
// not used). scenarioFile is the name the report's footer shows. Any other extension is refused. Returns an error
// line, or an empty string on success; the file is written atomically.
QString exportScenario(const engine::Scenario& scenario, const QString& view, const QString& path,
                       const QString& scenarioFile);
QString exportExtensions(); // ".png, .svg, .pdf"

} // namespace tl::ui
