#pragma once
// Calibration to the user's own cluster: fit the derived model's efficiency figures (efficiency.gemm_fraction,
// .fp8_fraction, .link_fraction, .hbm_fraction) to measured step times, within documented bounds, so that every
// later what-if on that hardware uses them. docs/formulas.md, "Calibration".

#include "engine/messages.h"
#include "engine/scenario.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tl::engine {

// One run the user measured: its scenario (any efficiency.mode: it is timed in derived mode) and what it took.
struct MeasuredRun {
    std::string label; // what the user called it: a file name or the settings
    Scenario scenario;
    double measuredStepS = 0;     // seconds per optimizer step
    double measuredMemoryGib = 0; // peak memory per GPU, GiB (0: not measured)
};

// The range each figure may take: below it a run is broken rather than slow, above it no public microbenchmark goes.
struct CalibrationBound {
    const char* key;
    double low, high;
};
const std::vector<CalibrationBound>& calibrationBounds();

struct CalibratedRun {
    std::string label;
    double measuredS = 0, beforeS = 0, afterS = 0;        // step seconds
    double errorBefore = 0, errorAfter = 0;               // predicted / measured - 1
    double measuredMemoryGib = 0, predictedMemoryGib = 0; // memory does not depend on the figures
    Diagnostic problem; // not empty(): why the run is not used (its scenario refused, another GPU, ...)
};

struct CalibrationResult {
    bool ok = false;
    Diagnostic problem;               // why nothing was fitted (no usable run, runs on different GPUs, ...)
    EfficiencySpec before, after;     // the figures before and after (mode and MFU untouched)
    std::vector<std::string> moved;   // the keys the fit moved, in the order they were fitted
    std::vector<std::string> atBound; // the keys that ended on a bound (the run is outside what the model explains)
    std::vector<CalibratedRun> runs;
    double meanAbsBefore = 0, meanAbsAfter = 0;
};

// Fit the figures of `base` (its hardware) to the runs, every run timed with the same figures. One run moves one
// figure: the share of its matmuls' format (GEMM for BF16, FP8 for FP8); two or more runs may move the other matmul
// share, then the link share and the HBM share, one more per run, each only while it lowers the error.
CalibrationResult calibrate(const Scenario& base, const std::vector<MeasuredRun>& runs);

// base with the fitted figures (efficiency.* keys).
Scenario applyCalibration(Scenario base, const CalibrationResult& r);

// The figure an efficiency.* key names (efficiency.gemm_fraction for any other key).
double efficiencyFigure(const EfficiencySpec& e, std::string_view key);

// One CSV line's fields "scenario,measured_step_s[,measured_memory_gib]" after the CLI resolved the scenario
// column: the settings form (KEY=VALUE pairs joined by ';') is applied to `base` here. The first refusal, or nullopt.
std::optional<Diagnostic> measuredRunFromSettings(const Scenario& base, std::string_view settings, double stepS,
                                                  double memoryGib, MeasuredRun& out);

} // namespace tl::engine
