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

Faults FaultModel::wall(const CheckpointSize& c, double computeS, double gpus) const {
    Faults f;
    const bool async = async_;
    // Every GPU's share also crosses its own PCIe link on the way out: the write is never faster than that copy.
    const double copyS = c.perGpu / pcieBytesPerS_;
    f.writeS = std::max(c.full / storageBytesPerS_, copyS);
    f.blockingS = async ? copyS : f.writeS;
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
    constexpr double kMaxGpus = 1e15;
    const long long mp = static_cast<long long>(s.parallel.tp) * s.parallel.pp * s.parallel.cp;
    const long long lastDp = std::max(1LL, std::min(maxDp, static_cast<long long>(kMaxGpus) / mp));
    const auto finishes = [&](long long dp) {
        return layoutTiming(s, m, w, int(std::min<long long>(dp, 2000000000LL)), dp * mp).faults.effectiveDays <= days;
    };
    long long dp = std::clamp(fromDp, 1LL, lastDp);
    if (s.efficiency.mode != EfficiencyMode::Derived) {
        // Compute alone is a lower bound (effective time is never shorter), and the rate is the plan's at every dp.
        const Timing one = layoutTiming(s, m, w, 1, mp);
        const double bound = std::ceil(one.seconds / (days * kSecondsPerDay) - 1e-9);
        dp = std::max(dp, static_cast<long long>(std::clamp(bound, 1.0, double(lastDp))));
    }
    // Walk the curve's grid to the first point that finishes, then the smallest count in the step before it.
    for (long long before = dp - 1;; before = dp, dp = std::min(lastDp, nextCurveDp(dp))) {
        if (finishes(dp)) {
            long long lo = before, hi = dp;
            while (hi - lo > 1) {
                const long long mid = lo + (hi - lo) / 2;
                (finishes(mid) ? hi : lo) = mid;
            }
            return std::int64_t(hi * mp);
        }
        if (dp == lastDp)
            return std::int64_t(kMaxGpus);
    }
}

Timing layoutTiming(const Scenario& s, const ModelCounts& m, const Work& w, int dp, long long gpus) {
    Timing t;
    const double peak = s.hardware.peakTflops * 1e12;
    if (s.efficiency.mode == EfficiencyMode::Derived) {
        const StepTime st = derivedStepTime(s, m, dp);
        t.derived = true;
        t.parts = st.parts;
        t.offloadSlowdown = st.stepS / std::max(1e-300, st.stepS - st.parts.offload);
        t.ratePerGpu = w.stepFlops / (st.stepS * double(gpus));
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
    const FaultModel faults(s, m);
    t.checkpoint = faults.checkpoint(dp);
    t.faults = faults.faults(t.checkpoint, t.seconds, double(gpus));
    return t;
}

} // namespace tl::engine
