// The derived step-time model against published training runs (resources/validation/published_runs.csv, the one
// table trainledger-cli --validate prints): each step-time row within 15% and their mean within 8%, the 18 A100
// Megatron rows mean at most 5% and worst at most 10%, memory rows within 10%. The runs the model does not explain
// are listed below with the range their error is held to, and docs/formulas.md §8d says why.

#include "engine/calibrate.h"
#include "engine/evaluate.h"
#include "engine/model.h"
#include "engine/published.h"
#include "engine/steptime.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>
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
        // token-dropping in 25.09 and as the same model ran with later Megatron-Bridge (287-299 model TFLOP/s per GPU
        // on 16 H100s against 121); the model follows the hardware (docs/formulas.md, "Checked against published
        // runs"). HybridEP's blocking dispatch drains the compute stream, so its overlap hides 37% of the transfers
        // where Megatron-Core's pairs hide most of them.
        {"Megatron-Bridge Qwen3-30B-A3B 16 H100", {-0.65, -0.45}},
        {"Megatron-Bridge GPT-OSS-120B 64 H100", {-0.42, -0.25}},
        {"Qwen3-30B-A3B 16 H100 HybridEP overlap", {-0.32, -0.18}},
        // Breadth block (docs/formulas.md §8d, "Breadth check"). B200 runs Llama 3 8B 11-16% slower than the model
        // gives it; the B200 presets' attention share has no public training-kernel figure (§8c).
        {"Megatron-Bridge 25.11 8B 8 B200 MXFP8", {-0.25, -0.10}}, // -16.4%
        // GB200: on the same layouts it publishes what B200 does (Llama 3.1 405B, TP4 PP8 CP2 VP8 on 128 GPUs: 665
        // tokens/s against B200's 661-664) while the model, at GB200's measured matmul ceiling (4% above B200's, §8c),
        // gives it a 72-GPU NVLink domain; several rows also offload activations to the Grace CPU (no key).
        {"Megatron-Bridge 25.11 8B 8 GB200 MXFP8", {-0.30, -0.15}},       // -18.5%
        {"Megatron-Bridge 25.09 405B 128 GB200 FP8-CS", {-0.40, -0.25}},  // -28.8%
        {"Megatron-Bridge 25.09 405B 128 GB200 MXFP8", {-0.35, -0.20}},   // -26.0%
        {"Megatron-Bridge 25.09 70B 64 GB200 FP8-CS", {-0.35, -0.20}},    // -23.5%
        {"Megatron-Bridge 25.09 70B 64 GB200 MXFP8", {-0.35, -0.20}},     // -22.8%
        {"Megatron-Bridge 26.04.01 70B 64 GB200 FP8-CS", {-0.30, -0.15}}, // -19.0%
        {"Megatron-Bridge 26.04.01 70B 64 GB200 MXFP8", {-0.30, -0.15}},  // -20.7%
        {"NeMo 25.04 Llama3 70B 64 GB200 FP8-CS", {-0.30, -0.15}},        // -20.0%
        {"NeMo 25.04 Nemotron-15B 64 GB200 FP8-CS", {-0.35, -0.20}},      // -23.3%
        {"NeMo 25.04 Nemotron-340B 128 GB200 FP8-CS", {-0.30, -0.15}},    // -18.3%
        {"NeMo 25.07 Llama3 8B 8 GB200 MXFP8", {-0.30, -0.15}},           // -17.0%
        {"NeMo 25.07 Llama3 70B 64 GB200 FP8-CS", {-0.30, -0.15}},        // -19.3%
        {"NeMo 25.07 Llama3 70B 64 GB200 MXFP8", {-0.50, -0.35}},         // -40.7%
        {"NeMo 25.07 Llama3.1 405B 128 GB200 FP8-CS", {-0.40, -0.25}},    // -31.0%
        {"NeMo 25.07 Llama3.1 405B 128 GB200 MXFP8", {-0.30, -0.15}},     // -18.3%
        // GB300's 405B on 256 GPUs (PP 16): the model is slower on this layout on GB200 too (+7.6%).
        {"Megatron-Bridge 26.06 405B 256 GB300 FP8-CS", {0.10, 0.25}}, // +16.0%
        // NeMo 24.07 on H100: the 256K-vocabulary Nemotron-8B runs slower, Llama 2 13B (TP1 PP4 VP10) faster than the
        // model; no setting of the table explains either.
        {"NeMo 24.07 LLAMA2-13B 16 H100", {0.10, 0.25}},    // +16.4%
        {"NeMo 24.07 Nemotron-8B 64 H100", {-0.25, -0.10}}, // -16.8%
        // Long context on H100 (NeMo 24.03, Llama 2 7B with CP): the model is faster by 1% at 4K growing to 28% at 1M
        // tokens: the rows read as attention at FlashAttention-2's measured H100 rate, not the preset's flash share
        // (docs/formulas.md 8c, "Attention by kernel length").
        {"NeMo Llama2 7B H100 16K 16 GPUs", {-0.25, -0.10}},     // -16.6%
        {"NeMo Llama2 7B H100 32K 32 GPUs", {-0.30, -0.15}},     // -21.3%
        {"NeMo Llama2 7B H100 64K 64 GPUs", {-0.30, -0.15}},     // -24.0%
        {"NeMo Llama2 7B H100 128K 128 GPUs", {-0.35, -0.20}},   // -26.3%
        {"NeMo Llama2 7B H100 256K 256 GPUs", {-0.35, -0.20}},   // -26.9%
        {"NeMo Llama2 7B H100 512K 512 GPUs", {-0.35, -0.20}},   // -25.3%
        {"NeMo Llama2 7B H100 1024K 1024 GPUs", {-0.35, -0.20}}, // -27.7%
        // MT-NLG 530B as trained (DeepSpeed pipeline, TP8 PP35, 1F1B) is 22-25% slower than modelled while
        // Megatron-LM's own 530B layout (K22, interleaved) is within 4%.
        {"MT-NLG 530B 2240 A100", {-0.30, -0.15}}, // -21.6%
        {"MT-NLG 530B 2800 A100", {-0.30, -0.15}}, // -22.5%
        {"MT-NLG 530B 3360 A100", {-0.30, -0.15}}, // -24.6%
        // torchtitan's April 2024 FSDP2 runs on 64 A100 (eager) run 16-27% below the model, as its H100 runs (above)
        // and MosaicML's MPT (below): the PyTorch stacks' kernels, not the layout.
        {"torchtitan Llama 3 8B selective op 64 A100", {-0.30, -0.15}},  // -22.1%
        {"torchtitan Llama 3 70B full 64 A100", {-0.25, -0.10}},         // -15.7%
        {"torchtitan Llama 2 13B no recompute 64 A100", {-0.30, -0.15}}, // -22.0%
        {"torchtitan Llama 2 13B selective op 64 A100", {-0.30, -0.15}}, // -22.8%
        {"torchtitan Llama 2 70B selective op 64 A100", {-0.35, -0.20}}, // -26.7%
        {"torchtitan Llama 2 70B full 64 A100", {-0.25, -0.10}},         // -15.4%
        // MosaicML's MPT on PyTorch FSDP (Composer, January 2024) runs 10-40% below the model, on one node (7B: -30% on
        // H100, -16% on A100) as on 512 GPUs: mostly the stack's compute, not the per-layer collectives; from 128 to
        // 512 H100s the gap grows by 2.5-7.7% where the model stays flat (docs/formulas.md §8e).
        {"MPT 70B 512 H100", {-0.30, -0.15}},
        {"MPT 70B 256 H100", {-0.30, -0.15}},
        {"MPT 70B 128 H100", {-0.30, -0.15}},
        {"MPT 30B 512 H100", {-0.30, -0.15}},
        {"MPT 30B 128 H100", {-0.30, -0.15}},
        {"MPT 13B 512 H100", {-0.30, -0.15}},
        {"MPT 13B 128 H100", {-0.30, -0.15}},
        {"MPT 7B 512 H100", {-0.42, -0.25}},
        {"MPT 7B 128 H100", {-0.42, -0.25}},
        {"MPT 70B 128 A100 40GB", {-0.25, -0.10}},
        {"MPT 70B 64 A100 40GB", {-0.45, -0.30}},
        // IBM's compiled FSDP: within 3% on 128 A100 over 400 Gb/s a node, 23-25% below on 96 H100 (as above).
        {"fms-fsdp Llama 2 34B 96 H100", {-0.30, -0.15}},
        {"fms-fsdp Llama 2 70B 96 H100", {-0.30, -0.15}},
    };
    return misses;
}

// The breadth block of the table: groups added after the list, so that the groups keep their figures.
const std::set<std::string>& breadthGroups() {
    static const std::set<std::string> groups = {"h100-more", "b200-more",       "gb200",      "gb300",
                                                 "nemo-h100", "long-context",    "a100-other", "mpt-a100",
                                                 "mpt-h100",  "torchtitan-a100", "zero3"};
    return groups;
}

// MosaicML's MPT benchmarks (Composer with PyTorch FSDP, Triton flash attention, 2023) run below the model on almost
// every row, more on H100 than A100 and more at long sequence: each row is held to its group's range, and the group's
// mean signed error to a band, rather than 102 single-row entries.
const std::map<std::string, Range>& knownMissGroups() {
    static const std::map<std::string, Range> groups = {
        {"mpt-a100", {-0.50, 0.05}},
        {"mpt-h100", {-0.60, -0.10}},
    };
    return groups;
}
const std::map<std::string, Range>& knownMissGroupMeans() {
    static const std::map<std::string, Range> means = {
        {"mpt-a100", {-0.28, -0.18}},
        {"mpt-h100", {-0.40, -0.29}},
    };
    return means;
}

TEST(PublishedRuns, EveryRowReadsAndEvaluates) {
    const ValidationTable& t = validationTable();
    ASSERT_EQ(t.rows.size(), publishedRuns().size());
    int breadth = 0;
    for (const RunCheck& r : t.rows)
        breadth += breadthGroups().count(r.group) ? 1 : 0;
    ASSERT_EQ(t.rows.size() - breadth, 43u);
    ASSERT_EQ(breadth, 187 + 18); // the breadth block and the zero3 block
    for (const RunCheck& r : t.rows) {
        EXPECT_TRUE(r.problem.empty()) << r.run << ": " << r.problem.message();
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
        const auto group = knownMissGroups().find(r.group);
        if (group != knownMissGroups().end()) {
            EXPECT_GE(r.error, group->second.low) << r.run;
            EXPECT_LE(r.error, group->second.high) << r.run;
            continue;
        }
        EXPECT_LT(std::fabs(r.error), r.memory() ? 0.10 : 0.15) << r.run;
        if (!r.memory() && !breadthGroups().count(r.group)) {
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

TEST(PublishedRuns, BreadthCheck) {
    // The customers' check (issue 21): more than a hundred published runs beyond the list; aim: mean within
    // 10%, none beyond 25%. Printed per group; the rows are held above (within 15% or to their known-miss range).
    const ValidationTable& t = validationTable();
    std::map<std::string, std::pair<double, int>> signedByGroup;
    double sum = 0;
    int n = 0, beyond = 0;
    for (const RunCheck& r : t.rows) {
        if (!breadthGroups().count(r.group))
            continue;
        ASSERT_TRUE(r.problem.empty()) << r.run << ": " << r.problem.message();
        EXPECT_FALSE(r.memory()) << r.run;
        sum += std::fabs(r.error);
        beyond += std::fabs(r.error) > 0.25 ? 1 : 0;
        ++n;
        auto& [signedSum, count] = signedByGroup[r.group];
        signedSum += r.error;
        ++count;
    }
    EXPECT_EQ(n, 187 + 18); // the breadth and zero3 blocks
    for (const auto& [group, sc] : signedByGroup)
        std::printf("%-14s %3d rows: mean signed error %+.1f%%\n", group.c_str(), sc.second,
                    100 * sc.first / sc.second);
    std::printf("breadth rows %d: mean |error| %.1f%%, %d beyond 25%%\n", n, 100 * sum / n, beyond);
    for (const auto& [group, band] : knownMissGroupMeans()) {
        const auto it = signedByGroup.find(group);
        ASSERT_NE(it, signedByGroup.end()) << group;
        const double mean = it->second.first / it->second.second;
        EXPECT_GE(mean, band.low) << group;
        EXPECT_LE(mean, band.high) << group;
    }
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

// ZeRO-3 at scale apart from the stack: MPT 7B as MosaicML ran it on 8, 128 and 512 H100s (the same micro-batch,
// recompute and precision; only the GPU count differs). Calibrated on the one-node run, the model takes up the stack's
// compute and predicts 128 GPUs within 5%; at 512 the published run is 8-12% slower still, a cost of scale the model's
// hidden per-layer collectives do not show (docs/formulas.md §8e).
TEST(PublishedRuns, FsdpCalibratedOnOneNodeLeavesTheScaleCost) {
    auto measured = [](const std::string& name) {
        MeasuredRun m;
        for (const PublishedRun& r : publishedRuns()) {
            if (r.run != name)
                continue;
            m.label = r.run;
            m.scenario = *publishedScenario(r);
            m.measuredStepS = checkRun(r, m.scenario).publishedValue;
        }
        EXPECT_GT(m.measuredStepS, 0) << name;
        return m;
    };
    const MeasuredRun one = measured("MPT 7b 2K 8 H100"), wide = measured("MPT 7B 128 H100"),
                      widest = measured("MPT 7B 512 H100");
    const CalibrationResult c = calibrate(one.scenario, {one});
    ASSERT_TRUE(c.ok) << c.problem.message();
    EXPECT_LT(c.after.gemmFraction, 0.7 * c.before.gemmFraction); // the stack's compute: the larger part of the miss
    auto error = [&](const MeasuredRun& r) {
        return evaluate(applyCalibration(r.scenario, c)).time.stepTimeS / r.measuredStepS - 1;
    };
    std::printf("MPT 7B calibrated on 8 H100 (GEMM share %.3f): 128 GPUs %+.1f%%, 512 GPUs %+.1f%%\n",
                c.after.gemmFraction, 100 * error(wide), 100 * error(widest));
    EXPECT_LT(std::fabs(error(one)), 0.01);
    EXPECT_LT(std::fabs(error(wide)), 0.05);
    EXPECT_GT(error(widest), -0.12);
    EXPECT_LT(error(widest), -0.08);
}

// ZeRO-3 where the network matters: IBM's compiled FSDP of Llama 2 34B and 70B on 128 A100s with 400 Gb/s a node. The
// model's per-layer gathers take most of each forward (prefetched behind it) and with the reduce-scatters most of
// each backward; the step is within 5% of the published one, which it would miss by far with the collectives exposed.
TEST(PublishedRuns, FsdpOverASlowNetworkHidesItsGathers) {
    int checked = 0;
    for (const PublishedRun& r : publishedRuns()) {
        if (r.run != "fms-fsdp Llama 2 34B 128 A100" && r.run != "fms-fsdp Llama 2 70B 128 A100")
            continue;
        const Scenario s = *publishedScenario(r);
        const RunCheck c = checkRun(r, s);
        const StepTime st = derivedStepTime(s, countModel(s.model), s.parallel.dp);
        const StepTerms& x = st.terms;
        EXPECT_GT(x.dpGatherS, 0.8 * st.stageForwardS) << r.run;
        EXPECT_LT(x.dpGatherS, st.stageForwardS) << r.run;
        EXPECT_LT(x.dpGatherS + x.dpScatterS, st.stageBackwardS) << r.run;
        EXPECT_LT(std::fabs(c.error), 0.05) << r.run << ": " << c.error;
        const double exposed = st.stepS + x.microBatches * (2 * x.dpGatherS + x.dpScatterS);
        EXPECT_GT(exposed / c.publishedValue - 1, 0.4) << r.run;
        ++checked;
    }
    EXPECT_EQ(checked, 2);
}

} // namespace
