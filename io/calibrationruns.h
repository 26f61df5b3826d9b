#pragma once
// The runs a user measured on their own cluster, as trainledger-cli --calibrate and the window's Tools > Calibrate to
// my cluster read them: a CSV with the header scenario,measured_step_s[,measured_memory_gib]; the scenario cell is a
// .trainledger / scenario.json path (relative to the CSV) or KEY=VALUE pairs joined by ';' applied to the base
// scenario (engine::measuredRunFromSettings). One reader for both, so they accept and refuse the same files.

#include "engine/calibrate.h"
#include "engine/messages.h"
#include "engine/scenario.h"

#include <QString>

#include <optional>
#include <vector>

namespace tl::io {

// A measured figure typed or read as text: a finite number above 0 (seconds, GiB). False when it is not.
bool parseMeasured(const QString& text, double& out);

// Reads RUNS.csv. An error line naming the file, the line and the cell, or nullopt with the runs in `runs`.
std::optional<engine::Diagnostic> readCalibrationRuns(const engine::Scenario& base, const QString& csvPath,
                                                      std::vector<engine::MeasuredRun>& runs);

} // namespace tl::io
