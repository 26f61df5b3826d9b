// Benchmarks simulate() on a large pipeline (p=64, m=512). The last printed line is the figure tracked over time:
// "pipeline-sim p=64 m=512 v=4 median X ms" (interleaved, median of 15 timed runs).

#include "engine/pipeline_sim.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

namespace {

using tl::engine::PipelineSpec;
using tl::engine::Schedule;

constexpr int kStages = 64;
constexpr int kMicroBatches = 512;
constexpr int kVirtualStages = 4;
constexpr int kTimedRuns = 15;

PipelineSpec largeSpec(Schedule schedule) {
    PipelineSpec spec;
    spec.schedule = schedule;
    spec.stages = kStages;
    spec.microBatches = kMicroBatches;
    spec.virtualStages = kVirtualStages; // zb-v always runs 2 chunks per rank
    spec.f = 1.0;
    spec.b = 1.0;
    spec.w = 1.0;
    spec.p2p = 0.05;
    return spec;
}

void runSimulation(benchmark::State& state, Schedule schedule) {
    const PipelineSpec spec = largeSpec(schedule);
    std::size_t blocks = 0;
    for (auto _ : state) {
        const tl::engine::Timeline timeline = tl::engine::simulate(spec);
        blocks = timeline.blocks.size();
        benchmark::DoNotOptimize(timeline.metrics.makespan);
    }
    state.counters["blocks"] = static_cast<double>(blocks);
    state.SetItemsProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(blocks));
}

void BM_SimulateInterleaved(benchmark::State& state) {
    runSimulation(state, Schedule::Interleaved);
}
void BM_SimulateZbV(benchmark::State& state) {
    runSimulation(state, Schedule::ZbV);
}
void BM_SimulateZbH2(benchmark::State& state) {
    runSimulation(state, Schedule::ZbH2);
}

void BM_ClosedForm(benchmark::State& state) {
    const PipelineSpec spec = largeSpec(Schedule::Interleaved);
    for (auto _ : state)
        benchmark::DoNotOptimize(tl::engine::closedForm(spec).bubbleOverIdeal);
}

BENCHMARK(BM_SimulateInterleaved)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SimulateZbV)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SimulateZbH2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ClosedForm);

// Median wall time of simulate() in milliseconds, measured outside the benchmark framework.
double medianMs(Schedule schedule) {
    const PipelineSpec spec = largeSpec(schedule);
    std::vector<double> ms;
    ms.reserve(kTimedRuns);
    for (int i = 0; i < kTimedRuns; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const tl::engine::Timeline timeline = tl::engine::simulate(spec);
        benchmark::DoNotOptimize(timeline.metrics.makespan);
        const auto stop = std::chrono::steady_clock::now();
        ms.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();

    std::printf("pipeline-sim zb-v p=%d m=%d median %.3f ms\n", kStages, kMicroBatches, medianMs(Schedule::ZbV));
    std::printf("pipeline-sim p=%d m=%d v=%d median %.3f ms\n", kStages, kMicroBatches, kVirtualStages,
                medianMs(Schedule::Interleaved));
    return 0;
}
