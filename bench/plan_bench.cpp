// The layout planner's speed (issue 11): the whole search for Llama 3.1 405B on 16,384 H100s (seq 8192, global
// batch 2048 sequences), and Calculon's published problem (Turing-NLG 530B on 5,128 A100s at batch 2,520).
// The last line prints layouts per second and the 405B wall time (median of the runs).

#include "engine/layoutplanner.h"
#include "engine/presets.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

using namespace tl::engine;

Scenario llama405b() {
    Scenario s;
    applyModelPreset(s, "llama3.1-405b");
    applyGpuPreset(s, "h100-sxm");
    s.data.seqLen = 8192;
    s.data.globalBatch = 2048;
    s.data.tokens = 15.6e12;
    s.schedule.deadlineDays = 120;
    s.schedule.reserveDays = 10;
    return s;
}

// Turing-NLG / Megatron 530B (h 20480, 128 heads, 105 layers, vocab 51,200, seq 2048) on A100 80GB.
Scenario turing530b() {
    Scenario s;
    s.model.preset = "custom";
    s.model.layers = 105;
    s.model.hidden = 20480;
    s.model.ffnHidden = 4 * 20480;
    s.model.heads = 128;
    s.model.kvHeads = 128;
    s.model.headDim = 160;
    s.model.vocab = 51200;
    s.model.gatedMlp = false;
    s.model.qkNorm = false;
    s.model.bias = true;
    s.model.learnedPositions = 2048;
    applyGpuPreset(s, "a100-80gb");
    s.data.seqLen = 2048;
    s.data.globalBatch = 2520;
    s.data.tokens = 270e9;
    s.precision.weights = "fp16";
    s.precision.grads = "fp16";
    s.schedule.deadlineDays = 120;
    s.schedule.reserveDays = 10;
    return s;
}

struct Run {
    PlanResult result;
    double seconds = 0;
};

Run median(const Scenario& s, const PlanRequest& req, int runs) {
    std::vector<Run> all;
    for (int i = 0; i < runs; ++i)
        all.push_back({planLayouts(s, req), 0});
    for (auto& r : all)
        r.seconds = r.result.seconds;
    std::sort(all.begin(), all.end(), [](const Run& a, const Run& b) { return a.seconds < b.seconds; });
    return all[all.size() / 2];
}

void print(const char* name, const Run& r) {
    const auto& p = r.result;
    std::printf("%s: %lld evaluated + %lld pruned, %lld feasible, %.3f s on %d threads, %.0f layouts/s evaluated\n",
                name, p.evaluated, p.pruned, p.feasible, r.seconds, p.threads, double(p.evaluated) / r.seconds);
    if (!p.plans.empty())
        std::printf("  best: %s, %.1f days, %.2f s/step\n", describeLayout(p.plans.front().layout).c_str(),
                    p.plans.front().days, p.plans.front().stepS);
    else
        std::printf("  no plan: %s\n", p.reason.c_str());
}

} // namespace

int main() {
    PlanRequest req;
    req.minGpus = req.maxGpus = 5128;
    print("Turing-NLG 530B, 5,128 A100", median(turing530b(), req, 3));
    req.minGpus = req.maxGpus = 5120;
    print("Turing-NLG 530B, 5,120 A100", median(turing530b(), req, 3));
    req.minGpus = req.maxGpus = 16384;
    const Run big = median(llama405b(), req, 5);
    print("Llama 3.1 405B, 16,384 H100", big);
    std::printf("planner: %.0f layouts/s (%lld evaluated, %d threads), 405B on 16,384 GPUs in %.3f s\n",
                double(big.result.evaluated) / big.seconds, big.result.evaluated, big.result.threads, big.seconds);
    return 0;
}
