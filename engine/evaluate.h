#pragma once
// The engine's entry points: a pure function from a Scenario to its Ledger, and the Evaluation every view, the
// report and the CLI read (the ledger, the ZeRO variants, the days curve, in one call).

#include "engine/ledger.h"
#include "engine/scenario.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tl::engine {

Ledger evaluate(const Scenario& s);

// Days, dollars and per-GPU memory when only dp varies: the time view's curve and the CLI's sweeps.
struct ScalePoint {
    int dp = 0;
    int tp = 1, pp = 1, cp = 1; // the layout of this point (beyond the replica limit the curve raises one of them)
    int globalBatch = 0;        // sequences per step (raised when no model-parallel step can go further)
    long long gpus = 0;
    double days = 0;          // compute only
    double daysEffective = 0; // with checkpoints, lost work and restarts (the time gate's days)
    double goodput = 1;       // days / daysEffective
    double interruptions = 0; // expected job-stopping faults over the effective days
    double usd = 0;
    double tokensPerS = 0;  // whole-cluster throughput at efficiency.mfu
    double memoryTotal = 0; // bytes per GPU on the most loaded stage
    bool fits = false;
    bool finishes = false;             // inside the deadline less reserve
    bool finishesFullDeadline = false; // inside the whole deadline (spending the reserve)
    double stepS = 0;                  // seconds per optimizer step at this dp
    StepBreakdown breakdown;           // its exposed parts (fixed mode: the plan's split, rescaled)
};
// The scenario with a curve point's layout and batch: what "only dp varies" means at that point.
Scenario scenarioAt(const Scenario& s, const ScalePoint& p);
// dp from 1 up to maxGpus / (tp x pp x cp), on a roughly logarithmic grid that contains every power of two
// and every integer up to 64. Returns nothing for an invalid scenario.
// includeGpus: GPU counts that get a point of their own when they are a whole number of replicas in range (the gates).
std::vector<ScalePoint> scaleCurve(const Scenario& s, long long maxGpus,
                                   const std::vector<long long>& includeGpus = {});

} // namespace tl::engine

namespace tl::engine {

inline constexpr long long kCurveMinGpus = 16384; // the days curve reaches at least this many GPUs

// Everything the window, Compare, screenshots, the report and the CLI show about one scenario.
struct Evaluation {
    Scenario scenario; // the scenario these figures describe
    Ledger ledger;
    std::array<Ledger, 4> zero; // the same scenario with parallel.zero = 0, 1, 2, 3 (seed 000 §5's bars)
    // Days against GPUs up to max(kCurveMinGpus, 4 x the plan's GPUs). When only raising dp cannot reach the time
    // gate (the batch's replica limit), the curve goes on with the smallest model-parallel step that is valid (TP,
    // then PP, then CP doubled) or, failing that, a doubled global batch; curveNote says which, in one sentence.
    std::vector<ScalePoint> curve;
    Diagnostic curveNote; // empty() when the curve is dp alone
    // The curve's point at this plan (at its count, else the first beyond), and the first points that finish, finish
    // spending the reserve, and fit: the verdict's and the callouts' gate counts; nullopt when no point of it does.
    // fewestDays: the point with the fewest effective days when more GPUs beyond it take longer (faults grow with the
    // GPU count: where more GPUs stop paying); nullopt when the curve's last point is the fastest.
    struct Marks {
        std::optional<std::size_t> plan, time, timeFullDeadline, memory, fewestDays;
    } marks;
    // The same dollars at every GPU count of the curve (a fixed MFU: the GPU-hours do not depend on how many GPUs
    // share the work); false when the cost changes along it (derived from the hardware).
    bool costFlat = false;

    bool valid() const { return ledger.valid; }
};

Evaluation evaluateAll(const Scenario& s);

// What the schedule's reserve covers (docs/formulas.md §13): "Faults and checkpoints need 0.02 days of the 5-day
// reserve", or more than it, or that faults outpace the run. Empty for an invalid ledger.
Diagnostic reserveSentence(const Scenario& s, const Ledger& l);

// The index of the curve's point at `gpus`, else of the first beyond it; nullopt when the curve ends before.
std::optional<std::size_t> curvePointAt(const std::vector<ScalePoint>& curve, long long gpus);

} // namespace tl::engine
