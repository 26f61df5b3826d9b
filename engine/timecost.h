#pragma once
// Time and money, once: a run's model FLOPs at a rate per GPU become step seconds, days, GPU-hours and dollars.
// evaluate(), the days curve and the layout planner all go through layoutTiming(), so that a plan's figures, a
// curve point's and the ledger's agree to the bit (docs/formulas.md §4).

#include "engine/ledger.h"
#include "engine/model.h"
#include "engine/precision.h"
#include "engine/scenario.h"
#include "engine/steptime.h"

#include <algorithm>
#include <cstdint>

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

// --- Checkpoints and faults (docs/formulas.md §13) ------------------------------------------------------------

// One checkpoint's bytes. Full: what resuming needs (weights, master copy, optimizer state; gradients are not saved:
// 14 B per parameter in BF16 with an FP32 master and Adam). Weights only: the weights in their training format.
// Per GPU: one GPU's share of the full checkpoint under the layout and ZeRO stage (the host copy an asynchronous
// checkpoint makes): a state ZeRO shards is spread over all GPUs; one it does not is split by pp x tp (routed
// experts by pp x ep x etp), each data-parallel replica holding the same.
struct CheckpointSize {
    double weights = 0, full = 0, perGpu = 0;
};

// The run with faults and checkpoints, first order in the fault rate (Young 1974, Daly 2006): the job stops on
// average every jobMtbfS = GPU MTBF / GPUs; every intervalS of training it blocks blockingS for a checkpoint; each
// fault loses half an interval of work (plus, with an asynchronous checkpoint, the write still in flight) and the
// restart. Wall time = compute x (1 + blocking / interval) / (1 - lost per fault / job MTBF).
struct Faults {
    double writeS = 0;        // a full checkpoint at checkpoint.storage_gbps
    double blockingS = 0;     // what training waits for: the write, or (async) the copy to host memory over PCIe
    double jobMtbfS = 0;      // the job's mean time between faults
    double intervalS = 0;     // training seconds between checkpoints (0 in the key: sqrt(2 x blocking x job MTBF))
    double lostPerFaultS = 0; // half an interval (+ the write in flight, async) + the restart
    double interruptions = 0; // expected faults over the wall time
    double fraction = 1;      // goodput: compute / wall time
    double effectiveS = 0, effectiveDays = 0; // wall time with checkpoints, lost work and restarts
    double hostPerNode = 0;                   // host memory an asynchronous checkpoint's copy takes per node
    bool outpaced = false; // faults come faster than the job recovers: it never finishes (effective days capped)
};

// A run's checkpoints and faults at any dp: what does not depend on dp is read once (the time gate tries many dp per
// evaluation), and every caller goes through it, so that they agree to the bit.
class FaultModel {
public:
    FaultModel(const Scenario& s, const ModelCounts& m);
    CheckpointSize checkpoint(int dp) const;
    // With `computeS` seconds of compute on `gpus` GPUs.
    Faults faults(const CheckpointSize& c, double computeS, double gpus) const;
    // The same up to effectiveS (and outpaced): what the time gate's search compares.
    Faults wall(const CheckpointSize& c, double computeS, double gpus) const;
    // What training waits for per checkpoint (wall(c, ...).blockingS, to the bit).
    double blockingS(const CheckpointSize& c) const;

private:
    StateBytes sb_;
    double trained_ = 0, unsharded_ = 0, modelParallel_ = 0;
    int zero_ = 0, gpusPerNode_ = 1;
    bool async_ = false;
    double pcieBytesPerS_ = 0, storageBytesPerS_ = 0, gpuMtbfS_ = 0, intervalS_ = 0, restartS_ = 0;
};

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
    // Derived mode: one micro-batch on the heaviest stage (no dp in it): forward, backward with W, and W seconds.
    double stageForwardS = 0, stageBackwardS = 0, stageWeightGradS = 0;
    CheckpointSize checkpoint;
    Faults faults; // checkpoints, faults and restarts over the run: effective days, goodput
};
Timing layoutTiming(const Scenario& s, const ModelCounts& m, const Work& w, int dp, long long gpus);
// The same with the step's efficiency figures read once (stepConstants(s); the planner times many layouts of one
// scenario): the same figures to the bit.
Timing layoutTiming(const Scenario& s, const ModelCounts& m, const Work& w, int dp, long long gpus,
                    const StepConstants& k);
// And with the scenario's fault model built once (FaultModel(s, m)).
Timing layoutTiming(const Scenario& s, const ModelCounts& m, const Work& w, int dp, long long gpus,
                    const StepConstants& k, const FaultModel& faults);

// The days curve's grid of dp (engine/evaluate.h): every integer up to 64, then 8 points per doubling (the multiples
// of an eighth of the power of two below). The grid's next point after dp, which need not be on it.
inline long long nextCurveDp(long long dp) {
    if (dp < 64)
        return dp + 1;
    const long long step = (1LL << (63 - __builtin_clzll(static_cast<unsigned long long>(dp)))) / 8;
    return (dp / step + 1) * step;
}

// Fewest GPUs (whole model replicas of tp x pp x cp, only dp varying, up to maxDp replicas) whose run finishes inside
// `days` once checkpoints, lost work and restarts are counted: the first dp whose layoutTiming() finishes, the very
// test each point of the days curve makes, so the ledger's gates and the chart's marks are one count (issue 28).
// Derived mode: each dp has its own step (the bubble grows as dp rises at a fixed batch), so the walk follows the
// curve's grid from dp = 1 and bisects the last step of it. Fixed mode: the rate per GPU is the same at every dp, so
// compute alone gives a lower bound to start from. Faults grow with the GPU count, so beyond some count more GPUs
// take longer: when none finishes, the cap (1e15). fromDp: no dp below it finishes (a looser deadline's count).
// The walk skips the points a lower bound proves late (timecost.cpp) and stops where faults outpace every larger
// count: it probes fewer points and returns the same count.
std::int64_t fewestGpusThatFinish(const Scenario& s, const ModelCounts& m, const Work& w, double days, long long maxDp,
                                  long long fromDp = 1);

// The same search for several deadlines of one layout (evaluate(): the whole deadline, then the training days):
// the fault model and the step's dp-free figures are read once and the last probes are remembered.
class FinishSearch {
public:
    // stageBusyS: one micro-batch's F + B + W on the heaviest stage in derived mode (StepTime), if known; else the
    // first probe measures it.
    FinishSearch(const Scenario& s, const ModelCounts& m, const Work& w, long long maxDp, double stageBusyS = -1);
    // With the scenario's fault model and step constants (stepConstants(s) in derived mode) already built.
    FinishSearch(const Scenario& s, const ModelCounts& m, const Work& w, long long maxDp, const FaultModel& faults,
                 const StepConstants& step, double stageBusyS);
    std::int64_t fewest(double days, long long fromDp = 1);
    int stepsTimed() const { return timed_; } // the dp whose run was timed (remembered probes count once)

private:
    double effectiveDays(long long dp);           // layoutTiming(dp).faults.effectiveDays, to the bit
    Faults faultsAt(long long dp) const;          // the run's fault figures at dp that do not depend on compute
    double computeLowerBound(long long dp) const; // at most the compute seconds of every dp' <= dp
    // The largest k2 >= k1 such that no dp in [k1, k2] finishes within `seconds`, as a bound proves it from the
    // fault figures f1 at k1 (lastDp when none from k1 on finishes); k1 - 1 when not even k1 is proven late.
    long long provenLateUpTo(long long k1, const Faults& f1, double seconds) const;

    const Scenario& s_;
    const ModelCounts& m_;
    Work w_;
    FaultModel faults_;
    StepConstants step_{}; // derived mode: the step's efficiency figures, read once
    bool derived_ = false;
    long long mp_ = 1, lastDp_ = 1;
    double fixedRate_ = 0;     // fixed mode: model FLOP/s per GPU at every dp
    double blockingFloor_ = 0; // the checkpoint's blocking time at lastDp: no dp blocks less
    double stageBusyS_ = -1;   // derived mode: F + B + W of one micro-batch (dp-free), < 0 until known
    struct Probe {
        long long dp = 0;
        double effectiveDays = 0;
    };
    Probe seen_[4];
    int slot_ = 0, timed_ = 0;
};

} // namespace tl::engine
