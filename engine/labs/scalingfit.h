#pragma once
// Fit your own scaling law (seed 003 §6) with Hoffmann et al. 2022's approach 3 objective (as Besiroglu et al. 2024
// re-fitted it): minimise
//   sum_i Huber_delta( LSE(a - alpha log N_i, b - beta log D_i, e) - log L_i ),   delta = 1e-3,
// over (e, a, b, alpha, beta) with E = exp(e), A = exp(a), B = exp(b). The loss is linear in E, A, B once the
// exponents are fixed, so the starts come from a grid over (alpha, beta) alone, each with E, A, B >= 0 from a 3 x 3
// least-squares solve on the relative residuals; the grid's best local minima are then refined over all five
// constants by Levenberg-Marquardt (Eigen's unsupported NonLinearOptimization) on the residuals
// sign(r) sqrt(2 Huber(r)), whose sum of squares / 2 is the Huber loss. The work grows linearly with the points.
// Intervals come from a seeded bootstrap over the points. Everything is deterministic.

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

inline constexpr int kMinPilotRuns = 5;                     // five constants
inline constexpr int kMaxPilotRuns = 100000;                // the bootstrap's 200 refits stay within minutes
inline constexpr long long kMaxPilotRunsBytes = 16LL << 20; // the file, checked before it is read
// What a run's figures may be: at least one parameter and one token, a loss (nats) whose powers the fit forms stay
// finite; outside these (5e-324, 1e300) the fit's sums would overflow.
struct PilotRange {
    double lo, hi;
};
inline constexpr PilotRange kPilotRange[3] = {{1, 1e30}, {1, 1e30}, {1e-6, 1e6}}; // params, tokens, loss

// A CSV with a header naming params, tokens and loss (any order, other columns ignored; '#' lines and blank lines
// skipped; a UTF-8 byte order mark and \r\n or \r line ends accepted). On any problem `error` is one line naming the
// row: "row 3 (line 4): loss is -1; must be a positive finite number", and `runs` is empty.
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
    int starts = 0;                    // exponent pairs tried for the fit itself
    int refined = 0;                   // of those, refined over all five constants
    std::array<Interval, 5> intervals; // E, A, B, alpha, beta; [value, value] without a bootstrap
    int bootstrapSamples = 0;          // resamples that were fitted
    bool cancelled = false;
    bool failed = false; // no start reached a finite loss (the law is then meaningless)
};

// The exponent grid: alpha and beta each in {0.05, 0.1, ..., 2.5} (2,500 pairs), and how many of its local minima
// are refined.
inline constexpr int kExponentSteps = 50;
inline constexpr double kExponentMax = 2.5;
inline constexpr int kRefinedStarts = 6;
std::vector<double> exponentGrid();

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
