#include "engine/timecost.h"

#include "engine/memory.h"
#include "engine/steptime.h"

#include <algorithm>

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
    return t;
}

} // namespace tl::engine
