#pragma once
// The engine's one entry point: a pure function from a Scenario to its Ledger.

#include "engine/ledger.h"
#include "engine/scenario.h"

#include <vector>

namespace tl::engine {

Ledger evaluate(const Scenario& s);

// Days, dollars and per-GPU memory when only dp varies: the time view's curve and the CLI's sweeps.
struct ScalePoint {
    int dp = 0;
    long long gpus = 0;
    double days = 0;
    double usd = 0;
    double tokensPerS = 0;  // whole-cluster throughput at efficiency.mfu
    double memoryTotal = 0; // bytes per GPU on the most loaded stage
    bool fits = false;
    double stepS = 0;        // seconds per optimizer step at this dp
    StepBreakdown breakdown; // its exposed parts (fixed mode: the plan's split, rescaled)
};
// dp from 1 up to maxGpus / (tp x pp x cp), on a roughly logarithmic grid that contains every power of two
// and every integer up to 64. Returns nothing for an invalid scenario.
std::vector<ScalePoint> scaleCurve(const Scenario& s, long long maxGpus);

} // namespace tl::engine
