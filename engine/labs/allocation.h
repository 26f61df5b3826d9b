#pragma once
// The scaling-law lab's budget side (seed 003 §6): a FLOP or dollar budget split between parameters and tokens by
// Chinchilla approach 3, by Kaplan et al. 2020 and by the 20-tokens-per-parameter rule; iso-FLOP curves; and what
// training a smaller model past its compute-optimal point costs in loss. The laws and their constants are
// engine/scaling.h's.

#include "engine/scaling.h"
#include "engine/scenario.h"

#include <vector>

namespace tl::engine::labs {

// Hoffmann et al.'s approaches 1 and 2 land near 20 tokens per parameter; approach 3's fitted constants do not
// (about 63 at 1e22 FLOPs and 98 at 1e24; Besiroglu et al. 2024 traced it to the fit).
inline constexpr double kTokensPerParamRule = 20.0;

struct BudgetSplit {
    double flops = 0;
    Allocation chinchilla;         // approach 3: minimum of the parametric law under C = 6ND
    Allocation kaplan;             // Kaplan et al. 2020 compute-efficient frontier (loss under their own law)
    Allocation twentyTokens;       // N = sqrt(C / 120), D = 20 N; loss under the approach 3 law
    double kaplanLossUnderLaw = 0; // Kaplan's split judged by the same law as the other two
};

inline double tokensPerParam(const Allocation& a) {
    return a.params > 0 ? a.tokens / a.params : 0.0;
}
BudgetSplit splitBudget(double flops);

// The same with any law (a fitted one): its optimum and the 20-tokens rule judged by that law.
BudgetSplit splitBudget(const ParametricLaw& law, double flops);

// Model FLOPs a dollar budget buys on the scenario's hardware: usd / hardware.usd_per_gpu_hour GPU-hours at
// hardware.peak_tflops x efficiency.mfu, slowed by offload as the Ledger's time is.
double flopsForDollars(const Scenario& s, double usd);

struct IsoFlopPoint {
    double params = 0, tokens = 0, loss = 0;
};
struct IsoFlopCurve {
    double flops = 0;
    std::vector<IsoFlopPoint> points; // params on a log grid around the optimum, tokens = C / (6 N)
    Allocation optimum;
};
// One curve per budget: `points` parameter counts spaced evenly in log from optimum / span to optimum x span.
std::vector<IsoFlopCurve> isoFlopCurves(const ParametricLaw& law, const std::vector<double>& budgets, int points = 61,
                                        double span = 30.0);

// The law's loss against parameters at a fixed token count: `points` counts evenly spaced in log over [lo, hi].
std::vector<IsoFlopPoint> lossAtTokens(const ParametricLaw& law, double tokens, double lo, double hi, int points = 41);

// A smaller model (params < N_opt) trained on the same budget, so on more tokens: its loss, the loss above the
// optimum, and the compute it would need to reach the optimum's loss (reachable only while E + A / N^alpha is
// below that loss).
struct PastOptimum {
    double params = 0, tokens = 0, loss = 0;
    double lossAboveOptimum = 0;
    bool reachable = false;
    double tokensForOptimumLoss = 0; // 0 when not reachable
    double computeMultiplier = 0;    // 6 N D' / C; 0 when not reachable
};
PastOptimum trainPastOptimum(const ParametricLaw& law, double flops, double params);

} // namespace tl::engine::labs
