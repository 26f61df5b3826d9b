// The derived step-time model (issue 10): the accounting rules it must keep (parts add up, fixed mode unchanged,
// Korthikanti et al. 2022 Table 2 activations, uneven stages, DP traffic once per step, ZeRO-3 per micro-batch).

#include "tests/engine/random_scenarios.h"

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/memory.h"
#include "engine/model.h"
#include "engine/presets.h"
#include "engine/steptime.h"
#include "engine/validate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using namespace tl::engine;

void set(Scenario& s, const char* key, const FieldValue& v) {
    const auto e = setField(s, key, v);
    ASSERT_FALSE(e.has_value()) << e->message();
}

// The validation setting of both papers: A100 80GB on Selene (NVLink in 8-GPU nodes, 8 x 200 Gb/s InfiniBand),
// seq 2048, vocab 51,200, fp16 with fp32 master weights and Adam, dropout on, no flash attention.
Scenario selene() {
    Scenario s;
    set(s, "hardware.preset", std::string("a100-80gb"));
    set(s, "efficiency.mode", std::string("derived"));
    set(s, "data.seq_len", 2048.0);
    set(s, "precision.weights", std::string("fp16"));
    set(s, "precision.grads", std::string("fp16"));
    set(s, "precision.master", std::string("fp32"));
    set(s, "precision.optimizer", std::string("adam"));
    set(s, "activations.flash_attention", false);
    set(s, "parallel.zero", 0.0);
    set(s, "parallel.cp", 1.0);
    return s;
}

// The 18 published Megatron-LM runs on A100 (Korthikanti et al. 2022 Table 5, Narayanan et al. 2021 Table 1) live
// in resources/validation/published_runs.csv with every other published run: tests/engine/published_test.cpp.

// Korthikanti et al. 2022 Table 2, per layer, 16-bit: with dropout the itemized accounting is the paper's formula.
TEST(StepTimeValidation, KorthikantiTable2Activations) {
    Scenario s = selene();
    set(s, "model.preset", std::string("gpt3-175b"));
    set(s, "data.micro_batch", 1.0);
    set(s, "data.global_batch", 8.0);
    const double sq = 2048, b = 1, h = 12288, a = 96, sbh = sq * b * h;
    const ModelCounts m = countModel(s.model);
    auto perLayer = [&](int tp, bool sp, Recompute recompute) {
        Scenario x = s;
        x.parallel.tp = tp;
        x.parallel.sequenceParallel = sp;
        x.activations.recompute = recompute;
        return layerActivations(m, x).stored;
    };
    const double t = 8;
    EXPECT_DOUBLE_EQ(perLayer(1, false, Recompute::None), sbh * (34 + 5 * a * sq / h));
    EXPECT_DOUBLE_EQ(perLayer(8, false, Recompute::None), sbh * (10 + 24 / t + 5 * a * sq / (h * t)));
    EXPECT_DOUBLE_EQ(perLayer(8, true, Recompute::None), sbh * (34 / t + 5 * a * sq / (h * t)));
    EXPECT_DOUBLE_EQ(perLayer(8, false, Recompute::Selective), sbh * (10 + 24 / t));
    EXPECT_DOUBLE_EQ(perLayer(8, true, Recompute::Selective), sbh * (34 / t));
    EXPECT_DOUBLE_EQ(perLayer(8, false, Recompute::Full), 2 * sbh);
    // Without dropout the masks and the dropped-out copy disappear: 32 sbh + 2as^2b.
    s.model.dropout = false;
    const ModelCounts m2 = countModel(s.model);
    Scenario x = s;
    x.parallel.tp = 1;
    x.activations.recompute = Recompute::None;
    EXPECT_DOUBLE_EQ(layerActivations(m2, x).stored, sbh * (32 + 2 * a * sq / h));
}

TEST(StepTime, PartsAddUpInBothModes) {
    for (const char* mode : {"fixed", "derived"}) {
        Scenario s;
        set(s, "efficiency.mode", std::string(mode));
        const Ledger l = evaluate(s);
        ASSERT_TRUE(l.valid);
        EXPECT_NEAR(l.time.breakdown.total(), l.time.stepTimeS, 1e-12 * l.time.stepTimeS) << mode;
        EXPECT_NEAR(l.time.days * 86400, l.time.stepTimeS * double(l.time.steps), 1e-6 * l.time.days * 86400);
    }
}

TEST(StepTime, FixedModeKeepsTheTypedMfu) {
    Scenario s;
    const Ledger l = evaluate(s);
    EXPECT_DOUBLE_EQ(l.time.mfu, 0.40);
    EXPECT_FALSE(l.time.derived);
    // Seed 000: full recompute adds the forward again, so the hardware FLOPs are 4/3 of the model FLOPs (roughly:
    // the LM head is not recomputed).
    EXPECT_GT(l.time.hfu, 0.40 * 1.3);
    EXPECT_LT(l.time.hfu, 0.40 * 4 / 3);
    EXPECT_DOUBLE_EQ(l.time.breakdown.ppBubble, 0);
}

TEST(StepTime, DerivedModeMovesWithTheLayout) {
    // The complaint: at 256 GPUs every layout took 5.13 days. Now a 75%-bubble pipeline is slower.
    Scenario s;
    set(s, "efficiency.mode", std::string("derived"));
    set(s, "parallel.zero", 1.0);
    set(s, "parallel.dp", 32.0);
    set(s, "parallel.pp", 4.0);
    set(s, "parallel.tp", 2.0);
    set(s, "data.global_batch", 128.0); // 4 micro-batches per replica on 4 stages
    const Ledger few = evaluate(s);
    set(s, "data.global_batch", 2048.0); // 64 micro-batches per replica
    const Ledger many = evaluate(s);
    ASSERT_TRUE(few.valid && many.valid);
    const double fewBubble = few.time.breakdown.ppBubble / few.time.stepTimeS;
    const double manyBubble = many.time.breakdown.ppBubble / many.time.stepTimeS;
    EXPECT_GT(fewBubble, 0.3);
    EXPECT_LT(manyBubble, 0.06);
    EXPECT_GT(few.time.days, 1.3 * many.time.days);
    EXPECT_LT(few.time.mfu, many.time.mfu);
}

TEST(StepTime, DerivedCurveBendsAndCostRises) {
    // Qwen3-8B under ZeRO-3 with 1,024-token sequences: a micro-batch's compute no longer hides its gathers once
    // they cross nodes, and every replica pays them per micro-batch.
    Scenario s;
    set(s, "efficiency.mode", std::string("derived"));
    set(s, "data.seq_len", 1024.0);
    const auto curve = scaleCurve(s, 384);
    ASSERT_GT(curve.size(), 10u);
    EXPECT_EQ(curve[7].gpus, 8);
    EXPECT_LT(curve.back().days, curve.front().days);
    EXPECT_GT(curve.back().usd, 1.05 * curve[7].usd); // more GPUs, more GPU-hours
    // Days fall slower than 1 / GPUs: the curve bends.
    EXPECT_GT(curve.back().days * double(curve.back().gpus), 1.05 * curve[7].days * 8);
    // Fixed mode: cost stays flat.
    set(s, "efficiency.mode", std::string("fixed"));
    const auto flat = scaleCurve(s, 384 * 8);
    EXPECT_DOUBLE_EQ(flat.back().usd, flat.front().usd);
}

TEST(StepTime, DataParallelTrafficOncePerStep) {
    // Seed 004 exercise 3: with gradient accumulation K the DP traffic per sample falls by K.
    Scenario s;
    set(s, "efficiency.mode", std::string("derived"));
    set(s, "parallel.zero", 0.0);
    set(s, "parallel.dp", 16.0);
    set(s, "data.global_batch", 16.0);
    const Ledger k1 = evaluate(s);
    set(s, "data.global_batch", 128.0);
    const Ledger k8 = evaluate(s);
    ASSERT_TRUE(k1.valid && k8.valid);
    EXPECT_EQ(k8.time.gradientAccumulation, 8);
    // The same reduction per step (less of it hidden with one micro-batch): per sample at least 8 x less.
    EXPECT_GE(k1.time.breakdown.dpComm / 16.0, 8 * k8.time.breakdown.dpComm / 128.0 * 0.999);
}

TEST(StepTime, ZeroThreePaysPerMicroBatch) {
    Scenario s;
    set(s, "efficiency.mode", std::string("derived"));
    set(s, "parallel.dp", 64.0);
    set(s, "data.global_batch", 64.0);
    set(s, "parallel.zero", 3.0);
    set(s, "hardware.inter_node_gbps", 3.0); // a slow network: gathers no longer hide behind compute
    const Ledger z3 = evaluate(s);
    set(s, "data.global_batch", 512.0);
    const Ledger z3k8 = evaluate(s);
    ASSERT_TRUE(z3.valid && z3k8.valid);
    EXPECT_GT(z3k8.time.breakdown.dpComm, 6 * z3.time.breakdown.dpComm);
    set(s, "parallel.zero", 1.0);
    const Ledger z1k8 = evaluate(s);
    EXPECT_LT(z1k8.time.breakdown.dpComm, z3k8.time.breakdown.dpComm / 4);
}

TEST(StepTime, BalancedEndsGiveTheEndChunksFewerLayers) {
    // Llama 3 405B: 126 layers on 16 stages, one fewer on the first and the last (arXiv 2407.21783 §3.3.2).
    const PipelineSplit llama = pipelineSplit(126, 16, 1, false, true);
    EXPECT_FALSE(llama.even);
    EXPECT_EQ(llama.first.units, 7);
    EXPECT_TRUE(llama.first.embedding && !llama.first.head);
    EXPECT_EQ(llama.last.units, 7);
    EXPECT_TRUE(llama.last.head && !llama.last.embedding);
    EXPECT_EQ(llama.middle.units, 8);
    // DeepSeek-V3: 61 layers + 1 MTP module on 16 x 2 chunks of DualPipeV: rank 0 holds layer 0 and the MTP module
    // with both ends, the others four layers (Et|(tt|)*30mL).
    const PipelineSplit v3 = pipelineSplit(62, 16, 1, true, true);
    EXPECT_EQ(v3.first.units, 2);
    EXPECT_TRUE(v3.first.embedding && v3.first.head);
    EXPECT_EQ(v3.middle.units, 4);
    // A shortfall of 6 on 16 chunks: the two ends one each, four middle ranks one each; the heaviest middle keeps 8.
    const PipelineSplit deep = pipelineSplit(122, 16, 1, false, true);
    EXPECT_EQ(deep.first.units, 7);
    EXPECT_EQ(deep.last.units, 7);
    EXPECT_EQ(deep.middle.units, 8);
    // 40 layers on 4 ranks x 4 chunks: ceiling 3, shortfall 8; the ends' ranks 2 + 3 x 3 = 11, the other six cuts
    // three on each middle rank: 12 - 3 = 9 (11 + 9 + 9 + 11 = 40).
    const PipelineSplit interleaved = pipelineSplit(40, 4, 4, false, true);
    EXPECT_EQ(interleaved.first.units, 11);
    EXPECT_EQ(interleaved.last.units, 11);
    EXPECT_EQ(interleaved.middle.units, 9);
    // Even splits and the key off keep the heaviest count with both ends.
    const PipelineSplit even = pipelineSplit(128, 16, 1, false, true);
    EXPECT_TRUE(even.even);
    EXPECT_EQ(even.first.units, 8);
    EXPECT_TRUE(even.first.embedding && even.first.head);
    EXPECT_EQ(pipelineSplit(126, 16, 1, false, false).first.units, 8);
    // In the ledger: the 405B on 16 stages gets faster with the ends lighter, and no slower than the middle stage.
    Scenario s;
    set(s, "model.preset", std::string("llama3.1-405b"));
    set(s, "efficiency.mode", std::string("derived"));
    set(s, "parallel.tp", 8.0);
    set(s, "parallel.pp", 16.0);
    set(s, "parallel.dp", 8.0);
    set(s, "parallel.zero", 1.0);
    set(s, "data.global_batch", 256.0);
    const Ledger plain = evaluate(s);
    set(s, "parallel.balance_ends", true);
    const Ledger balanced = evaluate(s);
    ASSERT_TRUE(plain.valid && balanced.valid);
    EXPECT_LT(balanced.time.stepTimeS, plain.time.stepTimeS);
}

TEST(StepTime, UnevenStagesHeaviestDecides) {
    EXPECT_EQ(heaviestStageLayers(126, 16, 1), 8); // Llama 3 405B: 14 stages of 8, 2 of 7
    EXPECT_EQ(heaviestStageLayers(70, 12, 1), 6);  // BLOOM: 10 of 6, 2 of 5
    EXPECT_EQ(heaviestStageLayers(36, 4, 1), 9);
    EXPECT_EQ(heaviestStageLayers(36, 4, 3), 9);
    EXPECT_EQ(heaviestStageLayers(126, 16, 2), 8); // 32 chunks: 30 of 4, 2 of 3; rank 0 holds two 4s
    Scenario s;
    set(s, "model.preset", std::string("llama3.1-405b"));
    set(s, "parallel.tp", 8.0);
    set(s, "parallel.pp", 16.0);
    set(s, "parallel.dp", 8.0);
    set(s, "parallel.zero", 1.0);
    const Ledger l = evaluate(s);
    ASSERT_TRUE(l.valid) << l.errors.front().message();
    set(s, "parallel.pp", 18.0); // 126 = 18 x 7 divides: lighter stages
    const Ledger even = evaluate(s);
    ASSERT_TRUE(even.valid);
    EXPECT_GT(l.memory.activationsLayers, even.memory.activationsLayers);
}

TEST(StepTime, NewKeysValidated) {
    Scenario s;
    EXPECT_TRUE(setField(s, "efficiency.mode", std::string("guess")).has_value());
    set(s, "hardware.hbm_tbps", -1.0);
    const Ledger l = evaluate(s);
    ASSERT_FALSE(l.valid);
    EXPECT_NE(l.errors.front().message().find("hardware.hbm_tbps: -1 is not allowed"), std::string::npos)
        << l.errors.front().message();
    Scenario p;
    set(p, "parallel.pp", 37.0);
    const Ledger tooMany = evaluate(p);
    ASSERT_FALSE(tooMany.valid);
    EXPECT_NE(tooMany.errors.front().message().find("at most model.layers (36)"), std::string::npos);
}

TEST(StepTime, GpuPresetsCarryBandwidths) {
    for (const auto& g : gpuPresets()) {
        EXPECT_GT(g.hbmTbps, 0) << g.id;
        EXPECT_GT(g.intraNodeGbps, 0) << g.id;
        EXPECT_GT(g.interNodeGbps, 0) << g.id;
        EXPECT_GT(g.pcieGbps, 0) << g.id;
    }
    Scenario s;
    set(s, "hardware.preset", std::string("a100-80gb"));
    EXPECT_DOUBLE_EQ(s.hardware.hbmTbps, 2.039);
    EXPECT_DOUBLE_EQ(s.hardware.interNodeGbps, 25);
}

// Flash attention's rate by kernel length (docs/formulas.md 8c): the FlashAttention-3 paper's H100 curves (Shah et al.
// 2024, Figure 5, BF16, causal, head dim 128, TFLOP/s at 512, 1K, 2K, 4K, 8K, 16K tokens) of FlashAttention-2, cuDNN
// and FlashAttention-3, each against its own 16K figure; the model's share (a query tile's fixed cost worth
// kFlashHalfKeys keys) lies within 0.02 of the three kernels' span at every length.
TEST(StepTime, FlashRateByKernelLength) {
    const double lengths[6] = {512, 1024, 2048, 4096, 8192, 16384};
    const double kernels[3][6] = {{191, 260, 298, 319, 333, 335},  // FlashAttention-2
                                  {315, 410, 484, 518, 529, 539},  // cuDNN
                                  {292, 423, 521, 579, 602, 616}}; // FlashAttention-3
    for (int i = 0; i < 6; ++i) {
        double low = 1, high = 0;
        for (const auto& k : kernels) {
            low = std::min(low, k[i] / k[5]);
            high = std::max(high, k[i] / k[5]);
        }
        const double model = flashKernelShare(lengths[i]) / flashKernelShare(16384);
        EXPECT_GE(model, low - 0.02) << lengths[i];
        EXPECT_LE(model, high + 0.02) << lengths[i];
    }
    EXPECT_NEAR(flashKernelShare(4096), 4096.0 / 4496.0, 1e-12);
    EXPECT_NEAR(flashKernelShare(131072), 131072.0 / 131472.0, 1e-12);
    // Packed documents: one kernel per document, weighted by its pairs; eight 512-token documents run at 512's share.
    EXPECT_NEAR(flashLayoutShare(std::vector<int>(8, 512), 4096, 1), flashKernelShare(512), 1e-12);
    EXPECT_NEAR(flashLayoutShare({}, 4096, 1), flashKernelShare(4096), 1e-12);
    // Context parallelism 4 at 128K: step 0 causal over the rank's 32K tokens, three 32K x 16K blocks, half over 16K
    // keys, half over 32K.
    const double expected = 1.0 / (0.25 / flashKernelShare(32768) +
                                   0.75 * 0.5 * (1 / flashKernelShare(16384) + 1 / flashKernelShare(32768)));
    EXPECT_NEAR(flashLayoutShare({}, 131072, 4), expected, 1e-12);
    EXPECT_LT(flashLayoutShare({}, 131072, 4), flashLayoutShare({}, 131072, 1));
}

// The step model uses it: Llama 2 7B on one H100, the attention core's FLOP rate at 4K is 4096/4496 of the flash share
// of the peak, at 128K 131072/131472; a 4K window runs every layer at 4K's rate.
TEST(StepTime, AttentionRateFollowsTheSequence) {
    auto rate = [](double seq, double cp) {
        Scenario s;
        set(s, "model.preset", std::string("llama2-7b"));
        set(s, "hardware.preset", std::string("h100-sxm"));
        set(s, "efficiency.mode", std::string("derived"));
        set(s, "activations.flash_attention", true);
        set(s, "data.seq_len", seq);
        set(s, "data.micro_batch", 1.0);
        set(s, "parallel.cp", cp);
        const ModelCounts m = countModel(s.model);
        const StepConstants k = stepConstants(s);
        const StepTime t = derivedStepTime(s, m, 1, k);
        const double pairs = seq * (seq + 1) / 2 / cp;
        const double flops = 2.0 * m.heads * (m.qkHeadDim + m.vHeadDim) * pairs;
        return flops / t.terms.attentionS / (s.hardware.peakTflops * 1e12 * k.flashFraction);
    };
    EXPECT_NEAR(rate(4096, 1), 4096.0 / 4496.0, 1e-9);
    EXPECT_NEAR(rate(131072, 1), 131072.0 / 131472.0, 1e-9);
    EXPECT_NEAR(rate(131072, 4), flashLayoutShare({}, 131072, 4), 1e-9);
}

TEST(StepTime, SummaryNamesTheBottleneck) {
    StepBreakdown b;
    b.compute = 7.5;
    b.ppBubble = 2.7;
    b.dpComm = 1.5;
    b.optimizer = 0.6;
    EXPECT_EQ(stepSummary(b, 0), "step 12.3 s: 61% compute, 22% bubble, 12% gradient all-reduce");
}

// Inside a SharedStageStep (evaluate() opens one) the steps of its scenario share the stage's figures: they must be
// the figures a step timed alone has, at every dp; another scenario (a copy with another layout, a nested
// evaluation's) is timed with its own, and the outer scenario's figures are right again once the nested one ends.
TEST(StepTime, StepsSharingTheirStageAreTheStepsTimedAlone) {
    Scenario s;
    set(s, "efficiency.mode", std::string("derived"));
    set(s, "parallel.pp", 4.0);
    set(s, "data.global_batch", 256.0);
    Scenario other = s;
    set(other, "parallel.tp", 2.0);
    const ModelCounts m = countModel(s.model);
    auto same = [](const StepTime& a, const StepTime& b) {
        EXPECT_EQ(a.stepS, b.stepS);
        EXPECT_EQ(a.parts.ppBubble, b.parts.ppBubble);
        EXPECT_EQ(a.parts.dpComm, b.parts.dpComm);
        EXPECT_EQ(a.stageForwardS, b.stageForwardS);
    };
    const std::vector<int> dps = {1, 2, 8, 32};
    std::vector<StepTime> alone, otherAlone;
    for (int dp : dps) {
        alone.push_back(derivedStepTime(s, m, dp));
        otherAlone.push_back(derivedStepTime(other, m, dp));
    }
    ASSERT_NE(alone[0].stepS, otherAlone[0].stepS);
    const SharedStageStep shared(s, m);
    for (size_t i = 0; i < dps.size(); ++i) {
        same(derivedStepTime(s, m, dps[i]), alone[i]);
        same(derivedStepTime(other, m, dps[i]), otherAlone[i]);
    }
    {
        const SharedStageStep nested(other, m);
        same(derivedStepTime(other, m, 2), otherAlone[1]);
        same(derivedStepTime(s, m, 8), alone[2]);
    }
    for (size_t i = 0; i < dps.size(); ++i)
        same(derivedStepTime(s, m, dps[i]), alone[i]);
}

TEST(StepTime, StepSecondsAreTheStepsStepToTheBit) {
    // derivedStepSeconds (the time gate's probes) is derivedStepTime's stepS, alone and inside a shared stage, over
    // random derived scenarios, their own dp and a spread of others.
    tl::test::RandomScenarios g(31);
    int compared = 0;
    for (int i = 0; i < 400; ++i) {
        Scenario s = g.next();
        s.efficiency.mode = EfficiencyMode::Derived;
        ModelCounts m;
        if (!validate(s, m).empty())
            continue;
        const StepConstants k = stepConstants(s);
        const int replicas = std::max(1, s.data.globalBatch / s.data.microBatch);
        std::vector<int> dps = {1, 2, s.parallel.dp, replicas};
        for (int dp = 3; dp < replicas; dp = dp * 3 + 1)
            dps.push_back(dp);
        for (int dp : dps)
            ASSERT_EQ(derivedStepSeconds(s, m, dp, k), derivedStepTime(s, m, dp, k).stepS) << i << " dp " << dp;
        const SharedStageStep shared(s, m);
        for (int dp : dps) {
            ASSERT_EQ(derivedStepSeconds(s, m, dp, k), derivedStepTime(s, m, dp, k).stepS) << i << " dp " << dp;
            ++compared;
        }
    }
    EXPECT_GT(compared, 1000);
}

} // namespace
