#include "engine/timecost.h"

#include "engine/finetune.h"

#include "engine/memory.h"
#include "engine/precision.h"
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

CheckpointSize checkpointSize(const Scenario& s, const ModelCounts& m, int dp) {
    const StateBytes sb = stateBytes(s.precision, m.hidden);
    const auto& p = s.parallel;
    // Multi-token-prediction modules are trained and saved too. LoRA and QLoRA save the adapters only: the frozen base
    // is read again from its own files on restart.
    const bool frozen = s.finetune.method != FinetuneMethod::Full;
    const double trained = frozen ? finetuneCounts(s, m).adapters : m.total + m.mtp;
    const double experts = frozen ? 0.0 : m.routedTotal();
    const double gpus = double(p.tp) * p.pp * p.cp * dp;
    // A GPU's parameters of a state ZeRO does not shard (every replica holds them) and of one it does.
    const double unsharded = (trained - experts) / (double(p.pp) * p.tp) + experts / (double(p.pp) * p.ep * p.etp);
    const double sharded = trained / gpus;
    CheckpointSize c;
    c.weights = sb.weights * trained;
    c.full = (sb.weights + sb.master + sb.optimizer) * trained;
    c.perGpu = sb.weights * (p.zero >= 3 ? sharded : unsharded) +
               (sb.master + sb.optimizer) * (p.zero >= 1 ? sharded : unsharded);
    return c;
}

namespace {
// Effective time is capped here (about 2.7 billion years) when faults outpace recovery, so that it stays finite.
constexpr double kMaxEffectiveDays = 1e12;
} // namespace

Faults faultsOf(const Scenario& s, const CheckpointSize& c, double computeS, double gpus) {
    Faults f;
    const bool async = s.checkpoint.async;
    // Every GPU's share also crosses its own PCIe link on the way out: the write is never faster than that copy.
    const double copyS = c.perGpu / (s.hardware.pcieGbps * 1e9);
    f.writeS = std::max(c.full / (s.checkpoint.storageGbps * 1e9), copyS);
    f.blockingS = async ? copyS : f.writeS;
    f.jobMtbfS = s.reliability.gpuMtbfHours * kSecondsPerHour / gpus;
    f.intervalS =
        s.checkpoint.intervalMin > 0 ? s.checkpoint.intervalMin * 60.0 : std::sqrt(2.0 * f.blockingS * f.jobMtbfS);
    if (async) // one write at a time: the next checkpoint waits for the last to reach storage
        f.intervalS = std::max(f.intervalS, f.writeS);
    f.lostPerFaultS = f.intervalS / 2.0 + (async ? f.writeS : 0.0) + s.reliability.restartMin * 60.0;
    const double checkpointed = computeS * (1.0 + (f.intervalS > 0 ? f.blockingS / f.intervalS : 0.0));
    const double left = 1.0 - f.lostPerFaultS / f.jobMtbfS; // share of wall time not lost to faults
    const double cap = std::max(kMaxEffectiveDays * kSecondsPerDay, checkpointed);
    f.outpaced = !(left > 0);
    f.effectiveS = f.outpaced ? cap : std::min(cap, checkpointed / left);
    f.effectiveDays = f.effectiveS / kSecondsPerDay;
    f.interruptions = f.effectiveS / f.jobMtbfS;
    f.fraction = computeS / f.effectiveS;
    f.hostPerNode = async ? c.perGpu * std::min(gpus, double(s.hardware.gpusPerNode)) : 0.0;
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
    t.checkpoint = checkpointSize(s, m, dp);
    t.faults = faultsOf(s, t.checkpoint, t.seconds, double(gpus));
    return t;
}

} // namespace tl::engine
