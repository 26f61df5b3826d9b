// The derived step-time model against published training runs (resources/validation/published_runs.csv, the one
// table trainledger-cli --validate prints): each step-time row within 15% and their mean within 8%, the 18 A100
// Megatron rows mean at most 5% and worst at most 10%, memory rows within 10%. The runs the model does not explain
// are listed below with the range their error is held to, and docs/formulas.md §8d says why.

#include "engine/evaluate.h"
#include "engine/published.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace {

using namespace tl::engine;

struct Range {
    double low, high;
};
// Known misses: torchtitan's December 2024 stack on H100 at 500 W runs 15-30% below the step the model gives the same
// layout (its 70B run and Meta's and NVIDIA's stacks on the same GPUs are within 7%); its 405B 1F1B run holds 18% more
// memory than the model explains (docs/formulas.md §8d).
const std::map<std::string, Range>& knownMisses() {
    static const std::map<std::string, Range> misses = {
        {"torchtitan 8B 8 GPUs", {-0.30, -0.15}},
        {"torchtitan 8B 8 GPUs Float8", {-0.30, -0.15}},
        {"torchtitan 8B 128 GPUs", {-0.30, -0.15}},
        {"torchtitan 8B 128 GPUs Float8", {-0.30, -0.15}},
        {"torchtitan 405B 512 GPUs 1F1B", {-0.25, -0.10}},
        {"torchtitan 405B 512 GPUs interleaved", {-0.25, -0.10}},
        {"torchtitan 405B 1F1B memory", {-0.25, -0.12}},
        // Megatron-Bridge 25.11's dropless small-expert MoE runs on H100 are half as fast as the same layout ran
        // token-dropping in 25.09; the model follows the hardware (docs/formulas.md, "Checked against published runs").
        {"Megatron-Bridge Qwen3-30B-A3B 16 H100", {-0.65, -0.45}},
        {"Megatron-Bridge GPT-OSS-120B 64 H100", {-0.42, -0.25}},
    };
    return misses;
}

TEST(PublishedRuns, EveryRowReadsAndEvaluates) {
    const ValidationTable& t = validationTable();
    ASSERT_EQ(t.rows.size(), publishedRuns().size());
    ASSERT_EQ(t.rows.size(), 41u);
    for (const RunCheck& r : t.rows) {
        EXPECT_TRUE(r.problem.empty()) << r.run << ": " << r.problem;
        EXPECT_GT(r.publishedValue, 0) << r.run;
        EXPECT_TRUE(std::isfinite(r.error)) << r.run;
    }
    for (const auto& [run, range] : knownMisses()) {
        bool found = false;
        for (const RunCheck& r : t.rows)
            found = found || r.run == run;
        EXPECT_TRUE(found) << run;
    }
}

TEST(PublishedRuns, KeptBandFollowsEachLayoutAndGpu) {
    // The band is looked up once per (GPU family, parallelism family) and kept: layouts and GPUs in turn, and back,
    // each get the band of their own families' rows (else of the GPU family's rows), as the table gives it.
    auto expected = [](const Scenario& s) {
        const std::string gpu = gpuFamily(s.hardware), parallel = parallelFamily(s.parallel);
        ValidationLedger v;
        v.low = 1;
        v.high = -1;
        for (const bool ownParallel : {true, false}) {
            for (const RunCheck& r : validationTable().rows)
                if (bandRow(r) && r.gpuFamily == gpu && (!ownParallel || r.parallelFamily == parallel)) {
                    v.low = std::min(v.low, r.error);
                    v.high = std::max(v.high, r.error);
                    ++v.runs;
                }
            if (v.runs > 0)
                break;
        }
        return v;
    };
    Scenario s;
    s.efficiency.mode = EfficiencyMode::Derived;
    auto layout = [&s](int tp, int pp, int zero) {
        s.parallel.tp = tp;
        s.parallel.pp = pp;
        s.parallel.zero = zero;
    };
    std::vector<std::string> bases;
    for (const char* gpu : {"h100-sxm", "a100-80gb", "h100-sxm"}) {
        s.hardware.preset = gpu; // the GPU family follows the preset
        for (const auto& [tp, pp, zero] : {std::tuple{1, 4, 1}, {8, 1, 1}, {1, 1, 3}, {1, 1, 1}, {1, 4, 1}}) {
            layout(tp, pp, zero);
            const ValidationLedger want = expected(s);
            const ValidationLedger got = validationBand(s);
            const std::string label = std::string(gpu) + " " + parallelFamily(s.parallel);
            ASSERT_EQ(got.present, want.runs > 0) << label;
            if (!got.present)
                continue;
            EXPECT_EQ(got.runs, want.runs) << label;
            EXPECT_EQ(got.low, want.low) << label;
            EXPECT_EQ(got.high, want.high) << label;
            EXPECT_TRUE(got.basis.starts_with(gpuFamily(s.hardware))) << label << ": " << got.basis;
            bases.push_back(got.basis);
        }
    }
    // At least two GPU families and two parallelism families have bands of their own.
    std::sort(bases.begin(), bases.end());
    EXPECT_GE(std::unique(bases.begin(), bases.end()) - bases.begin(), 4);
}

TEST(PublishedRuns, WithinTolerance) {
    const ValidationTable& t = validationTable();
    std::printf("%-40s %-14s %12s %12s %8s\n", "run", "group", "published", "predicted", "error");
    double sum = 0;
    int n = 0;
    for (const RunCheck& r : t.rows) {
        std::printf("%-40s %-14s %12.4g %12.4g %+7.1f%%\n", r.run.c_str(), r.group.c_str(), r.published, r.predicted,
                    100 * r.error);
        const auto miss = knownMisses().find(r.run);
        if (miss != knownMisses().end()) {
            EXPECT_GE(r.error, miss->second.low) << r.run;
            EXPECT_LE(r.error, miss->second.high) << r.run;
            continue;
        }
        EXPECT_LT(std::fabs(r.error), r.memory() ? 0.10 : 0.15) << r.run;
        if (!r.memory()) {
            sum += std::fabs(r.error);
            ++n;
        }
    }
    for (const GroupStats& g : t.groups)
        std::printf("%-14s %2d rows: mean %.1f%%, worst %.1f%%\n", g.group.c_str(), g.count, 100 * g.meanAbs,
                    100 * g.maxAbs);
    std::printf("step-time rows outside the known misses (%d): mean %.1f%%\n", n, 100 * sum / n);
    EXPECT_GE(n, 23);
    EXPECT_LE(sum / n, 0.08);
    bool a100 = false;
    for (const GroupStats& g : t.groups) {
        if (g.group != "a100-megatron")
            continue;
        a100 = true;
        EXPECT_EQ(g.count, 18);
        EXPECT_LE(g.meanAbs, 0.05);
        EXPECT_LE(g.maxAbs, 0.10);
    }
    EXPECT_TRUE(a100);
}

TEST(PublishedRuns, BandInDerivedMode) {
    // Meta's 405B layout on H100: the band spans the pipeline-parallel H100 runs.
    const PublishedRun* llama = nullptr;
    for (const PublishedRun& r : publishedRuns())
        if (r.run == "Llama 3 405B 8K 8192 GPUs")
            llama = &r;
    ASSERT_NE(llama, nullptr);
    const auto s = publishedScenario(*llama);
    ASSERT_TRUE(s.has_value());
    const Ledger l = evaluate(*s);
    ASSERT_TRUE(l.validation.present);
    EXPECT_LT(l.validation.low, l.validation.high);
    EXPECT_NE(l.validation.basis.find("H100/H200, pipeline"), std::string::npos) << l.validation.basis;
    double low = 1, high = -1;
    int runs = 0;
    for (const RunCheck& r : validationTable().rows)
        if (!r.memory() && r.group != "moe" && r.gpuFamily == "H100/H200" && r.parallelFamily == "pipeline") {
            EXPECT_TRUE(bandRow(r)) << r.run;
            low = std::min(low, r.error);
            high = std::max(high, r.error);
            ++runs;
        }
    EXPECT_EQ(l.validation.runs, runs);
    EXPECT_DOUBLE_EQ(l.validation.low, low);
    EXPECT_DOUBLE_EQ(l.validation.high, high);
    EXPECT_FALSE(l.validation.calibrated);
    // Fixed mode has no band: the MFU is typed, not modelled.
    Scenario fixed = *s;
    fixed.efficiency.mode = EfficiencyMode::Fixed;
    EXPECT_FALSE(evaluate(fixed).validation.present);
}

} // namespace
