#include "engine/timecost.h"

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
    trained_ = m.total + m.mtp; // multi-token-prediction modules are trained and saved too
    const double experts = m.routedTotal();
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

std::int64_t fewestGpusThatFinish(const Scenario& s, const ModelCounts& m, double flops, double seconds,
                                  double ratePerGpu, int modelParallel) {
    constexpr double kMaxGpus = 1e15;
    const double mp = modelParallel;
    const double maxK = std::max(1.0, std::floor(kMaxGpus / mp));
    const auto capped = [&](double k) { return std::int64_t(std::min(kMaxGpus, k * mp)); };
    const FaultModel model(s, m);
    // The run with k model replicas (dp = k), at this plan's rate per GPU.
    const auto run = [&](double k) {
        const double gpus = k * mp;
        return model.wall(model.checkpoint(int(std::min(k, 2e9))), flops / (gpus * ratePerGpu), gpus);
    };
    const auto wall = [&](double k) { return run(k).effectiveS; };
    const auto finishes = [&](double k) { return wall(k) <= seconds; };
    // No count from k1 to k2 finishes when even the most favourable mix of their figures does not: with more GPUs
    // the compute time falls, the blocking time and the interval do not rise, and the share of time lost to faults
    // (lost per fault x GPUs / GPU MTBF) does not fall. So compute(k2) x (1 + blocking(k2) / interval(k1)) /
    // (1 - lost(k1) / job MTBF(k1)) is at most every effective time in between; a margin covers rounding.
    const auto noneFinishes = [&](const Faults& f1, double k2, const Faults& f2) {
        const double left = 1.0 - f1.lostPerFaultS / f1.jobMtbfS;
        if (left < -1e-9) // every count from k1 on is outpaced (capped far beyond any deadline)
            return true;
        if (left < 1e-9)
            return false;
        const double compute = flops / (k2 * mp * ratePerGpu);
        const double bound = compute * (1.0 + (f1.intervalS > 0 ? f2.blockingS / f1.intervalS : 0.0)) / left;
        return bound > seconds * (1 + 1e-9);
    };
    // Compute alone is a lower bound: effective time is never shorter.
    double k = std::min(maxK, std::max(1.0, std::ceil(flops / (seconds * ratePerGpu) / mp - 1e-9)));
    Faults at = run(k);
    if (at.effectiveS <= seconds)
        return capped(k);
    // When nothing finishes (faults outpace the run before compute is short enough), the bound over spans of
    // counts (doublings, narrowed where the bound is too loose) usually says so in a few steps, where the walk below
    // would cross the valley and search it. The answer is the same: the walk only ever returns a count that
    // finishes, and otherwise the cap.
    {
        double k1 = k, ratio = 2;
        Faults f1 = at;
        for (int probe = 0; probe < 10; ++probe) {
            const double k2 = std::min(maxK, std::max(k1 + 1, std::floor(k1 * ratio)));
            const Faults f2 = run(k2);
            if (!noneFinishes(f1, k2, f2)) {
                if (ratio < 1.2)
                    break; // something may finish: walk
                ratio = std::sqrt(ratio);
                continue;
            }
            if (k2 >= maxK || 1.0 - f2.lostPerFaultS / f2.jobMtbfS < -1e-9) // the rest is outpaced
                return std::int64_t(kMaxGpus);
            k1 = k2;
            f1 = f2;
        }
    }
    // Smallest finishing k in (lo, hi], where lo does not finish and hi does.
    const auto bisect = [&](double lo, double hi) {
        while (hi - lo > 1) {
            const double mid = std::floor(lo + (hi - lo) / 2);
            (finishes(mid) ? hi : lo) = mid;
        }
        return capped(hi);
    };
    // Wall time falls with k while compute dominates and rises once faults do: walk up by 10% until it finishes,
    // or until it rises, then look for the minimum between the last three counts.
    double before = k;
    Faults atBefore = at;
    while (k < maxK) {
        const double next = std::min(maxK, std::max(k + 1, std::ceil(k * 1.1)));
        const Faults atNext = run(next);
        const double t = atNext.effectiveS;
        if (t <= seconds)
            return bisect(k, next);
        if (t > at.effectiveS) {
            double lo = before, hi = next; // the minimum of a valley-shaped wall time lies in [lo, hi]
            if (noneFinishes(atBefore, hi, atNext))
                return std::int64_t(kMaxGpus);
            while (hi - lo > 2) {
                const double a = std::floor(lo + (hi - lo) / 3), b = std::ceil(hi - (hi - lo) / 3);
                if (wall(a) <= wall(b))
                    hi = b;
                else
                    lo = a;
            }
            for (double c = lo; c <= hi; ++c)
                if (finishes(c))
                    return bisect(before, c);
            return std::int64_t(kMaxGpus);
        }
        before = k;
        atBefore = at;
        k = next;
        at = atNext;
    }
    return std::int64_t(kMaxGpus);
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
        t.parts.recompute = std::max(0.0, busy - t.parts.compute);
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
