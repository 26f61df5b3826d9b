#pragma once
// Time and money, once: a run's model FLOPs at a rate per GPU become step seconds, days, GPU-hours and dollars.
// evaluate(), the days curve and the layout planner all go through layoutTiming(), so that a plan's figures, a
// curve point's and the ledger's agree to the bit (docs/formulas.md §4).

#include "engine/ledger.h"
#include "engine/model.h"
#include "engine/scenario.h"

namespace tl::engine {

inline constexpr double kSecondsPerDay = 86400.0;
inline constexpr double kSecondsPerHour = 3600.0;

// What the run has to compute, fixed by the model and the data (not by the layout).
struct Work {
    double flopsTotal = 0;       // model FLOPs of the whole run
    double stepFlops = 0;        // model FLOPs of one step
    double steps = 1;            // optimizer steps
    double modelPerToken = 0;    // model FLOPs per token
    double hardwarePerToken = 0; // the same with recompute
};
Work workOf(const Ledger& l);

// The run at `ratePerGpu` model FLOP/s on each of `gpus` GPUs.
struct RunCost {
    double seconds = 0, stepS = 0, days = 0, gpuHours = 0, usd = 0;
};
RunCost runCost(const Work& w, double gpus, double ratePerGpu, double usdPerGpuHour);

// A layout's rate and what it costs. Fixed mode: the typed MFU, stretched by offload, sets the rate and the step
// splits only into the model's and recompute's FLOPs and the offload's stretch. Derived mode: the step comes from
// the hardware model (engine/steptime.h) at this dp, and the rate, and so the MFU, follow from it.
struct Timing : RunCost {
    double ratePerGpu = 0;       // model FLOP/s per GPU
    double mfu = 0;              // ratePerGpu / peak
    double tokensPerSPerGpu = 0; // ratePerGpu / model FLOPs per token
    double offloadSlowdown = 1;  // the step over the step without the offload's share
    bool derived = false;
    StepBreakdown parts; // exposed seconds per step; they add up to stepS
};
Timing layoutTiming(const Scenario& s, const ModelCounts& m, const Work& w, int dp, long long gpus);

} // namespace tl::engine
