#pragma once
// Fit your own scaling law (seed 003 §6) the way Hoffmann et al. 2022 fitted approach 3: minimise
//   sum_i Huber_delta( LSE(a - alpha log N_i, b - beta log D_i, e) - log L_i ),   delta = 1e-3,
// over (e, a, b, alpha, beta) with E = exp(e), A = exp(a), B = exp(b), from many starting points, keeping the best.
// Each start is a Levenberg-Marquardt run (Eigen's unsupported NonLinearOptimization) on the residuals
// sign(r) sqrt(2 Huber(r)), whose sum of squares / 2 is the Huber loss (Gauss-Newton on them is reweighted least
// squares). Intervals come from a seeded bootstrap over the points. Everything is deterministic.

#include "engine/scaling.h"

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace tl::engine::labs {

struct PilotRun {
    double params = 0, tokens = 0, loss = 0;
};

inline constexpr int kMinPilotRuns = 5; // five constants

// A CSV with a header naming params, tokens and loss (any order, other columns ignored; '#' lines and blank lines
// skipped). On any problem `error` is one line naming the row: "row 3 (line 4): loss is -1; must be a positive
// finite number", and `runs` is empty.
struct PilotRunsParse {
    std::vector<PilotRun> runs;
    std::string error;
};
PilotRunsParse parsePilotRuns(std::string_view csv);

struct FitOptions {
    double delta = 1e-3;
    int bootstrap = 200;      // resamples for the intervals (0: none)
    double confidence = 0.95; // central percentile interval
    std::uint64_t seed = 1;
};

struct Interval {
    double lo = 0, hi = 0;
};

struct ScalingFit {
    ParametricLaw law;
    double huberLoss = 0; // at the optimum, summed over the points
    int points = 0;
    int starts = 0;                    // starting points tried for the fit itself
    std::array<Interval, 5> intervals; // E, A, B, alpha, beta; [value, value] without a bootstrap
    int bootstrapSamples = 0;          // resamples that were fitted
    bool cancelled = false;
};

// The starting grid of Hoffmann et al. (appendix D.2): alpha, beta in {0, 0.5, ..., 2}, e in {-1, -0.5, ..., 1},
// a, b in {0, 5, ..., 25}: 4,500 points, each (e, a, b, alpha, beta).
std::vector<std::array<double, 5>> hoffmannStartGrid();

// The Huber loss of a law on the runs (log-space residuals).
double huberLoss(const ParametricLaw& law, const std::vector<PilotRun>& runs, double delta);

// Fits runs (at least kMinPilotRuns, all values positive and finite). `progress`, when given, is called with the
// fraction done and stops the work (cancelled = true, the result then meaningless) when it returns false.
ScalingFit fitScalingLaw(const std::vector<PilotRun>& runs, const FitOptions& options = {},
                         const std::function<bool(double)>& progress = {});

// Points on a law at every combination of the given parameter and token counts, each loss multiplied by
// exp(noise x z) with z seeded standard normal (noise = 0: exact): the fitting tests' and the lab's sample data.
std::vector<PilotRun> samplePilotRuns(const ParametricLaw& law, const std::vector<double>& params,
                                      const std::vector<double>& tokens, double noise, std::uint64_t seed);

} // namespace tl::engine::labs
