// evaluate() speed: the window re-evaluates on every slider tick, so one evaluation must cost microseconds.
// Target (issue 21): median at most 1 us on the default scenario and on the 405B 3D layout, in fixed mode and in
// derived mode (the hardware step model). The last line prints the medians.

#include "engine/evaluate.h"
#include "engine/presets.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace {

using namespace tl::engine;

Scenario defaultScenario() {
    return Scenario{};
}

// Llama 3.1 405B on 14,336 H100s: TP 8 inside a node, PP 14 (126 layers divide into 14 stages), DP 128.
Scenario layout405b() {
    Scenario s;
    applyModelPreset(s, "llama3.1-405b");
    s.parallel.tp = 8;
    s.parallel.pp = 14;
    s.parallel.dp = 128;
    s.parallel.zero = 1;
    s.parallel.sequenceParallel = true;
    s.parallel.schedule = tl::engine::Schedule::Interleaved;
    s.parallel.virtualStages = 3;
    s.data.globalBatch = 1792; // 14 micro-batches per pipeline: the interleaved schedule needs a multiple of pp
    s.data.tokens = 15.6e12;
    s.activations.recompute = tl::engine::Recompute::Selective;
    return s;
}

void BM_EvaluateDefault(benchmark::State& state) {
    const Scenario s = defaultScenario();
    for (auto _ : state)
        benchmark::DoNotOptimize(evaluate(s));
}
BENCHMARK(BM_EvaluateDefault);

void BM_Evaluate405b3d(benchmark::State& state) {
    const Scenario s = layout405b();
    for (auto _ : state)
        benchmark::DoNotOptimize(evaluate(s));
}
BENCHMARK(BM_Evaluate405b3d);

Scenario derived(Scenario s) {
    s.efficiency.mode = tl::engine::EfficiencyMode::Derived;
    return s;
}

void BM_EvaluateDerivedDefault(benchmark::State& state) {
    const Scenario s = derived(defaultScenario());
    for (auto _ : state)
        benchmark::DoNotOptimize(evaluate(s));
}
BENCHMARK(BM_EvaluateDerivedDefault);

void BM_EvaluateDerived405b3d(benchmark::State& state) {
    const Scenario s = derived(layout405b());
    for (auto _ : state)
        benchmark::DoNotOptimize(evaluate(s));
}
BENCHMARK(BM_EvaluateDerived405b3d);

// Median over 15 batches of the per-call time, in microseconds.
double medianMicros(const Scenario& s) {
    constexpr int kBatch = 20000;
    std::vector<double> samples;
    for (int rep = 0; rep < 15; ++rep) {
        const auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < kBatch; ++i)
            benchmark::DoNotOptimize(evaluate(s));
        const auto t1 = std::chrono::steady_clock::now();
        samples.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / kBatch);
    }
    std::nth_element(samples.begin(), samples.begin() + 7, samples.end());
    return samples[7];
}

} // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    if (!evaluate(layout405b()).valid || !evaluate(derived(layout405b())).valid) {
        std::printf("405B layout is invalid\n");
        return 1;
    }
    const double fixedDefault = medianMicros(defaultScenario()), fixed405b = medianMicros(layout405b());
    const double derivedDefault = medianMicros(derived(defaultScenario()));
    const double derived405b = medianMicros(derived(layout405b()));
    std::printf("evaluate median fixed: default %.2f us, 405B 3D %.2f us; derived: default %.2f us, 405B 3D %.2f us "
                "(target <= 1 us each)\n",
                fixedDefault, fixed405b, derivedDefault, derived405b);
    return 0;
}
