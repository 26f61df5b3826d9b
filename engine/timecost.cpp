#include "engine/timecost.h"

#include "engine/finetune.h"

#include "engine/memory.h"
#include "engine/steptime.h"

#include <algorithm>
#include <cmath>

namespace tl::engine {

Work workOf(const Ledger& l) {
    Work w;
    w.flopsTotal = l.flops.total;
    w.stepFlops = l.flops.trainingPerToken * double(l.time.tokensPerStep);
    w.steps = double(l.time.steps);
    w.modelPerToken = l.flops.trainingPerToken;
    w.hardwarePerToken = l.flops.hardwarePerToken;
    return w;
}

RunCost runCost(const Work& w, double gpus, double ratePerGpu, double usdPerGpuHour) {
    RunCost c;
    c.seconds = w.flopsTotal / (gpus * ratePerGpu);
    c.stepS = c.seconds / w.steps;
    c.days = c.seconds / kSecondsPerDay;
    c.gpuHours = gpus * c.seconds / kSecondsPerHour;
    c.usd = c.gpuHours * usdPerGpuHour;
    return c;
}

FaultModel::FaultModel(const Scenario& s, const ModelCounts& m) : sb_(stateBytes(s.precision, m.hidden)) {
    const auto& p = s.parallel;
    // Multi-token-prediction modules are trained and saved too. LoRA and QLoRA save the adapters only: the frozen base
    // is read again from its own files on restart.
    const bool frozen = s.finetune.method != FinetuneMethod::Full;
    trained_ = frozen ? finetuneCounts(s, m).adapters : m.total + m.mtp;
    const double experts = frozen ? 0.0 : m.routedTotal();
    modelParallel_ = double(p.tp) * p.pp * p.cp;
    // A GPU's parameters of a state ZeRO does not shard (every replica holds them); sharded ones are trained / GPUs.
    unsharded_ = (trained_ - experts) / (double(p.pp) * p.tp) + experts / (double(p.pp) * p.ep * p.etp);
    zero_ = p.zero;
    gpusPerNode_ = s.hardware.gpusPerNode;
    async_ = s.checkpoint.async;
    pcieBytesPerS_ = s.hardware.pcieGbps * 1e9;
    storageBytesPerS_ = s.checkpoint.storageGbps * 1e9;
    gpuMtbfS_ = s.reliability.gpuMtbfHours * kSecondsPerHour;
    intervalS_ = s.checkpoint.intervalMin * 60.0;
    restartS_ = s.reliability.restartMin * 60.0;
}

CheckpointSize FaultModel::checkpoint(int dp) const {
    const double sharded = trained_ / (modelParallel_ * dp);
    CheckpointSize c;
    c.weights = sb_.weights * trained_;
    c.full = (sb_.weights + sb_.master + sb_.optimizer) * trained_;
    c.perGpu = sb_.weights * (zero_ >= 3 ? sharded : unsharded_) +
               (sb_.master + sb_.optimizer) * (zero_ >= 1 ? sharded : unsharded_);
    return c;
}

namespace {
// Effective time is capped here (about 2.7 billion years) when faults outpace recovery, so that it stays finite.
constexpr double kMaxEffectiveDays = 1e12;
} // namespace

Faults FaultModel::faults(const CheckpointSize& c, double computeS, double gpus) const {
    Faults f = wall(c, computeS, gpus);
    f.effectiveDays = f.effectiveS / kSecondsPerDay;
    f.interruptions = f.effectiveS / f.jobMtbfS;
    f.fraction = computeS / f.effectiveS;
    f.hostPerNode = async_ ? c.perGpu * std::min(gpus, double(gpusPerNode_)) : 0.0;
    return f;
}

namespace {
struct Blocking {
    double writeS, blockingS;
};
// Every GPU's share also crosses its own PCIe link on the way out: the write is never faster than that copy.
inline Blocking blocking(const CheckpointSize& c, double pcieBytesPerS, double storageBytesPerS, bool async) {
    const double copyS = c.perGpu / pcieBytesPerS;
    const double writeS = std::max(c.full / storageBytesPerS, copyS);
    return {writeS, async ? copyS : writeS};
}
} // namespace

double FaultModel::blockingS(const CheckpointSize& c) const {
    return blocking(c, pcieBytesPerS_, storageBytesPerS_, async_).blockingS;
}

Faults FaultModel::wall(const CheckpointSize& c, double computeS, double gpus) const {
    Faults f;
    const bool async = async_;
    const Blocking b = blocking(c, pcieBytesPerS_, storageBytesPerS_, async);
    f.writeS = b.writeS;
    f.blockingS = b.blockingS;
    f.jobMtbfS = gpuMtbfS_ / gpus;
    f.intervalS = intervalS_ > 0 ? intervalS_ : std::sqrt(2.0 * f.blockingS * f.jobMtbfS);
    if (async) // one write at a time: the next checkpoint waits for the last to reach storage
        f.intervalS = std::max(f.intervalS, f.writeS);
    f.lostPerFaultS = f.intervalS / 2.0 + (async ? f.writeS : 0.0) + restartS_;
    const double checkpointed = computeS * (1.0 + (f.intervalS > 0 ? f.blockingS / f.intervalS : 0.0));
    const double left = 1.0 - f.lostPerFaultS / f.jobMtbfS; // share of wall time not lost to faults
    const double cap = std::max(kMaxEffectiveDays * kSecondsPerDay, checkpointed);
    f.outpaced = !(left > 0);
    f.effectiveS = f.outpaced ? cap : std::min(cap, checkpointed / left);
    return f;
}

std::int64_t fewestGpusThatFinish(const Scenario& s, const ModelCounts& m, const Work& w, double days, long long maxDp,
                                  long long fromDp) {
    return FinishSearch(s, m, w, maxDp).fewest(days, fromDp);
}

namespace {
constexpr double kMaxGpus = 1e15;

// The days curve's grid point at or below x (the grid of nextCurveDp: every integer up to 64, then the multiples of
// an eighth of the power of two at or below x).
long long curveGridFloor(long long x) {
    if (x < 64)
        return x;
    const long long step = (1LL << (63 - __builtin_clzll(static_cast<unsigned long long>(x)))) / 8;
    return x / step * step;
}
} // namespace

FinishSearch::FinishSearch(const Scenario& s, const ModelCounts& m, const Work& w, long long maxDp, double stageBusyS)
    : FinishSearch(s, m, w, maxDp, FaultModel(s, m),
                   s.efficiency.mode == EfficiencyMode::Derived ? stepConstants(s) : StepConstants{}, stageBusyS) {}

FinishSearch::FinishSearch(const Scenario& s, const ModelCounts& m, const Work& w, long long maxDp,
                           const FaultModel& faults, const StepConstants& step, double stageBusyS)
    : s_(s), m_(m), w_(w), faults_(faults), step_(step), derived_(s.efficiency.mode == EfficiencyMode::Derived) {
    mp_ = static_cast<long long>(s.parallel.tp) * s.parallel.pp * s.parallel.cp;
    lastDp_ = std::max(1LL, std::min(maxDp, static_cast<long long>(kMaxGpus) / mp_));
    if (derived_) {
        stageBusyS_ = stageBusyS;
    } else {
        // layoutTiming's fixed-mode rate, the same expression.
        fixedRate_ = s.hardware.peakTflops * 1e12 * s.efficiency.mfu / offloadSlowdown(s.offload);
    }
    blockingFloor_ = faults_.blockingS(faults_.checkpoint(int(std::min<long long>(lastDp_, 2000000000LL))));
}

double FinishSearch::effectiveDays(long long dp) {
    for (const Probe& p : seen_)
        if (p.dp == dp)
            return p.effectiveDays;
    // layoutTiming(s, m, w, dp, dp x mp).faults.effectiveDays, step by step.
    const int dpArg = int(std::min<long long>(dp, 2000000000LL));
    const double gpus = double(dp * mp_);
    double rate = fixedRate_;
    if (derived_) {
        double stepS = 0;
        if (stageBusyS_ < 0) {
            const StepTime st = derivedStepTime(s_, m_, dpArg, step_);
            stepS = st.stepS;
            stageBusyS_ = st.stageForwardS + st.stageBackwardS;
        } else {
            stepS = derivedStepSeconds(s_, m_, dpArg, step_);
        }
        rate = w_.stepFlops / (stepS * gpus);
    }
    const double computeS = runCost(w_, gpus, rate, 0.0).seconds;
    const double days = faults_.faults(faults_.checkpoint(dpArg), computeS, gpus).effectiveDays;
    ++timed_;
    seen_[slot_] = {dp, days};
    slot_ = (slot_ + 1) % 4;
    return days;
}

Faults FinishSearch::faultsAt(long long dp) const {
    return faults_.wall(faults_.checkpoint(int(std::min<long long>(dp, 2000000000LL))), 0.0, double(dp * mp_));
}

double FinishSearch::computeLowerBound(long long dp) const {
    if (!derived_) // the same rate at every dp: compute falls as dp rises
        return runCost(w_, double(dp * mp_), fixedRate_, 0.0).seconds;
    if (stageBusyS_ < 0)
        return -1;
    // A derived step is at least its micro-batches' busy time on the heaviest stage (every other part of it is
    // non-negative), and the micro-batches per pipeline do not rise with dp.
    return w_.flopsTotal / w_.stepFlops * microBatchesPerPipeline(s_, int(dp)) * stageBusyS_;
}

// Proof. For dp k, effective wall time = compute(k) x (1 + blocking(k) / interval(k)) / left(k) with left(k) = 1 -
// lost(k) / job MTBF(k), or the cap (far beyond any deadline) when left(k) <= 0. As k rises (FaultModel::wall):
// blocking (the PCIe copy of a GPU's share, or the write, whose full part is fixed) does not rise; the interval
// (the key's, or sqrt(2 x blocking x GPU MTBF / GPUs), at least the write when asynchronous) does not rise; and
// lost(k) x GPUs does not fall (interval x GPUs = sqrt(2 x blocking x GPUs x GPU MTBF) and blocking x GPUs does
// not fall, since the sharded part of a GPU's share times GPUs is constant; the write and the restart times GPUs
// do not fall), so left(k) does not rise. Hence for k1 <= k <= k2 <= lastDp: effective(k) >= compute(k) x (1 +
// blocking(lastDp) / interval(k1)) / left(k1), and compute(k) >= computeLowerBound(k2). When that exceeds the
// deadline, no count in [k1, k2] finishes; when left(k1) < 0, no count from k1 on ever finishes. Margins of 1e-9
// cover the rounding. Returns the largest such k2 (lastDp when nothing from k1 on finishes), or k1 - 1.
long long FinishSearch::provenLateUpTo(long long k1, const Faults& f1, double seconds) const {
    const double left = 1.0 - f1.lostPerFaultS / f1.jobMtbfS;
    if (left < -1e-9 && seconds < kMaxEffectiveDays * kSecondsPerDay)
        return lastDp_;
    const double deadline = seconds * (1.0 + 1e-9);
    const double computeAtK1 = computeLowerBound(k1);
    if (!(left > 1e-9) || computeAtK1 < 0 ||
        !(computeAtK1 * (1.0 + (f1.intervalS > 0 ? f1.blockingS / f1.intervalS : 0.0)) / left > deadline))
        return k1 - 1;
    // From k1 on: the compute bound has to stay above `target`; solve for the last k2, then check it.
    const double factor = (1.0 + (f1.intervalS > 0 ? blockingFloor_ / f1.intervalS : 0.0)) / left;
    const double target = deadline / factor;
    double candidate = 0;
    if (!derived_) {
        candidate = std::ceil(w_.flopsTotal / (double(mp_) * fixedRate_ * target)) - 1.0;
    } else {
        const double need = std::floor(target / (w_.flopsTotal / w_.stepFlops * stageBusyS_)) + 1.0;
        candidate = need <= 1.0 ? double(lastDp_) : std::floor(s_.data.globalBatch / (s_.data.microBatch * need));
    }
    if (!(candidate >= double(k1)))
        candidate = double(k1);
    long long k2 = static_cast<long long>(std::min(candidate, double(lastDp_)));
    for (int tries = 0; k2 > k1 && !(computeLowerBound(k2) * factor > deadline); ++tries)
        k2 = tries < 3 ? k2 - 1 : k1;
    return k2;
}

std::int64_t FinishSearch::fewest(double days, long long fromDp) {
    const double seconds = days * kSecondsPerDay;
    long long dp = std::clamp(fromDp, 1LL, lastDp_);
    if (!derived_) {
        // Compute alone is a lower bound (effective time is never shorter), and the rate is the plan's at every dp.
        const double one = runCost(w_, double(mp_), fixedRate_, 0.0).seconds;
        const double bound = std::ceil(one / (days * kSecondsPerDay) - 1e-9);
        dp = std::max(dp, static_cast<long long>(std::clamp(bound, 1.0, double(lastDp_))));
    }
    // Walk the curve's grid to the first point that finishes, then the smallest count in the step before it (the
    // same probes as a walk over every grid point; those proven late are skipped, not probed).
    long long before = dp - 1;
    for (;;) {
        const long long proven = provenLateUpTo(dp, faultsAt(dp), seconds);
        if (proven >= lastDp_)
            return std::int64_t(kMaxGpus);
        if (proven < dp) {
            if (effectiveDays(dp) <= days) {
                long long lo = before, hi = dp;
                while (hi - lo > 1) {
                    const long long mid = lo + (hi - lo) / 2;
                    // Derived mode: a bound is far cheaper than a step.
                    const bool finishes =
                        !(derived_ && provenLateUpTo(mid, faultsAt(mid), seconds) >= mid) && effectiveDays(mid) <= days;
                    (finishes ? hi : lo) = mid;
                }
                return std::int64_t(hi * mp_);
            }
            if (dp == lastDp_)
                return std::int64_t(kMaxGpus);
            before = dp;
            dp = std::min(lastDp_, nextCurveDp(dp));
            continue;
        }
        // Every grid point up to `proven` is late: go on from the last of them.
        const long long next = nextCurveDp(dp);
        before = proven < next ? dp : curveGridFloor(proven);
        dp = std::min(lastDp_, nextCurveDp(before));
    }
}

Timing layoutTiming(const Scenario& s, const ModelCounts& m, const Work& w, int dp, long long gpus) {
    return s.efficiency.mode == EfficiencyMode::Derived ? layoutTiming(s, m, w, dp, gpus, stepConstants(s))
                                                        : layoutTiming(s, m, w, dp, gpus, StepConstants{});
}

Timing layoutTiming(const Scenario& s, const ModelCounts& m, const Work& w, int dp, long long gpus,
                    const StepConstants& k) {
    return layoutTiming(s, m, w, dp, gpus, k, FaultModel(s, m));
}

Timing layoutTiming(const Scenario& s, const ModelCounts& m, const Work& w, int dp, long long gpus,
                    const StepConstants& k, const FaultModel& faults) {
    Timing t;
    const double peak = s.hardware.peakTflops * 1e12;
    if (s.efficiency.mode == EfficiencyMode::Derived) {
        const StepTime st = derivedStepTime(s, m, dp, k);
        t.derived = true;
        t.parts = st.parts;
        t.offloadSlowdown = st.stepS / std::max(1e-300, st.stepS - st.parts.offload);
        t.ratePerGpu = w.stepFlops / (st.stepS * double(gpus));
        t.stageForwardS = st.stageForwardS;
        t.stageBackwardS = st.stageBackwardS;
        t.stageWeightGradS = st.stageWeightGradS;
    } else {
        t.offloadSlowdown = offloadSlowdown(s.offload);
        t.ratePerGpu = peak * s.efficiency.mfu / t.offloadSlowdown;
        // The typed MFU absorbs every overhead: the model's and recompute's FLOPs run at the same rate.
        const double step = w.stepFlops / (double(gpus) * t.ratePerGpu);
        const double busy = step / t.offloadSlowdown;
        t.parts.compute = busy * w.modelPerToken / w.hardwarePerToken;
        // Recompute's share directly (hardware = model + recompute FLOPs): exactly 0 without recompute, never the
        // rounding left by a difference of two equal figures.
        t.parts.recompute = std::max(0.0, busy * (w.hardwarePerToken - w.modelPerToken) / w.hardwarePerToken);
        t.parts.offload = std::max(0.0, step - busy);
    }
    t.mfu = t.ratePerGpu / peak;
    t.tokensPerSPerGpu = t.ratePerGpu / w.modelPerToken;
    static_cast<RunCost&>(t) = runCost(w, double(gpus), t.ratePerGpu, s.hardware.usdPerGpuHour);
    t.checkpoint = faults.checkpoint(dp);
    t.faults = faults.faults(t.checkpoint, t.seconds, double(gpus));
    return t;
}

} // namespace tl::engine
