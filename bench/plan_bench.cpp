// The layout planner's speed (issue 11): the whole search for Llama 3.1 405B on 16,384 H100s (seq 8192, global
// batch 2048 sequences), and Calculon's published problem (Turing-NLG 530B on 5,128 A100s at batch 2,520).
// The last line prints layouts per second and the 405B wall time (median of the runs).

#include "engine/evaluate.h"
#include "engine/layoutplanner.h"
#include "engine/presets.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
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

// Turing-NLG / MT-NLG 530B (h 20480, 128 heads, 105 layers, vocab 51,200, seq 2048) on A100 80GB, fp16 with an
// fp32 master copy, dropout, no flash attention: Calculon's published search problem.
Scenario turing530b() {
    Scenario s;
    applyModelPreset(s, "mt-nlg-530b");
    applyGpuPreset(s, "a100-80gb");
    s.data.seqLen = 2048;
    s.data.globalBatch = 2520;
    s.data.tokens = 270e9;
    s.precision.weights = tl::engine::NumberFormat::Fp16;
    s.precision.grads = tl::engine::NumberFormat::Fp16;
    s.activations.flashAttention = false;
    s.schedule.deadlineDays = 120;
    s.schedule.reserveDays = 10;
    return s;
}

// DeepSeek-V3 (671B MoE, 256 routed experts) on 2,048 H800 as trained (seq 4096, 15,360 sequences, one MTP module,
// FP8 matmuls): the planner searches ep and etp beside tp, pp, dp and cp.
Scenario deepseekV3() {
    Scenario s;
    applyModelPreset(s, "deepseek-v3");
    applyGpuPreset(s, "h800");
    s.model.mtpLayers = 1;
    s.data.seqLen = 4096;
    s.data.documents = {4096};
    s.data.globalBatch = 15360;
    s.data.tokens = 14.8e12;
    s.precision.weights = tl::engine::NumberFormat::Fp8;
    s.schedule.deadlineDays = 90;
    s.schedule.reserveDays = 0;
    return s;
}

double cpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

struct Run {
    PlanResult result;
    double seconds = 0, cpu = 0;
};

Run median(const Scenario& s, const PlanRequest& req, int runs) {
    std::vector<Run> all;
    for (int i = 0; i < runs; ++i) {
        const double c0 = cpuSeconds();
        PlanResult r = planLayouts(s, req);
        const double cpu = cpuSeconds() - c0;
        all.push_back({std::move(r), 0, cpu});
    }
    for (auto& r : all)
        r.seconds = r.result.seconds;
    std::sort(all.begin(), all.end(), [](const Run& a, const Run& b) { return a.seconds < b.seconds; });
    return all[all.size() / 2];
}

void print(const char* name, const Run& r) {
    const auto& p = r.result;
    std::printf("%s: %lld evaluated + %lld pruned, %lld feasible, %.3f s wall (%.3f s CPU) on %d threads, %.0f "
                "layouts/s\n",
                name, p.evaluated, p.pruned, p.feasible, r.seconds, r.cpu, p.threads, double(p.evaluated) / r.seconds);
    if (!p.plans.empty())
        std::printf("  best: %s, %.1f days, %.2f s/step\n", describeLayout(p.plans.front().layout).c_str(),
                    p.plans.front().days, p.plans.front().stepS);
    else
        std::printf("  no plan: %s\n", p.reason.message().c_str());
}

} // namespace

// The time view's "best layout" curve: one search over every count of the days curve (derived mode). Target (issue
// 22): Llama 3.1 405B's, every count up to 16,384 GPUs, in under 150 ms wall.
void curve(const char* name, Scenario s) {
    s.efficiency.mode = EfficiencyMode::Derived;
    const Evaluation e = evaluateAll(s);
    const std::vector<CountRequest> counts = curveLayoutCounts(s, e.curve); // the counts the window searches
    std::vector<std::pair<double, double>> runs;                            // wall and CPU seconds
    CurveResult r;
    for (int i = 0; i < 3; ++i) {
        const double c0 = cpuSeconds();
        r = bestLayoutCurve(s, counts, PlanRequest{});
        runs.push_back({r.seconds, cpuSeconds() - c0});
    }
    std::sort(runs.begin(), runs.end());
    const auto found = std::count_if(r.points.begin(), r.points.end(), [](const CountBest& b) { return b.found; });
    std::printf("%s best-layout curve: %zu of the curve's %zu counts (%ld with a layout that fits), %lld evaluated + "
                "%lld pruned, %.3f s wall (%.3f s CPU) on %d threads (target for the 405B: < 0.150 s wall)\n",
                name, r.points.size(), e.curve.size(), long(found), r.evaluated, r.pruned, runs[1].first,
                runs[1].second, r.threads);
}

int main() {
    curve("Default scenario", Scenario{});
    Scenario window = llama405b();
    window.parallel.tp = 8;
    window.parallel.pp = 16;
    window.parallel.dp = 128;
    curve("Llama 3.1 405B on 16,384 H100", window);
    PlanRequest req;
    req.minGpus = req.maxGpus = 5128;
    print("Turing-NLG 530B, 5,128 A100", median(turing530b(), req, 3));
    req.minGpus = req.maxGpus = 5120;
    print("Turing-NLG 530B, 5,120 A100", median(turing530b(), req, 3));
    req.minGpus = req.maxGpus = 2048;
    print("DeepSeek-V3 (MoE, ep and etp searched), 2,048 H800", median(deepseekV3(), req, 3));
    req.minGpus = req.maxGpus = 16384;
    const Run big = median(llama405b(), req, 5);
    print("Llama 3.1 405B, 16,384 H100", big);
    double load[1] = {0};
    getloadavg(load, 1);
    std::printf("planner: %.0f layouts/s (%lld evaluated, %d threads, %.0f per CPU-second, load average %.1f), 405B on "
                "16,384 GPUs in %.3f s\n",
                double(big.result.evaluated) / big.seconds, big.result.evaluated, big.result.threads,
                double(big.result.evaluated) / big.cpu, load[0], big.seconds);
    return 0;
}
