// The derived step-time model (issue 10): checked against published Megatron-LM training runs, plus the accounting
// rules it must keep (parts add up, fixed mode unchanged, Korthikanti et al. 2022 Table 2 activations, uneven
// stages, DP traffic once per step, ZeRO-3 per micro-batch).

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/memory.h"
#include "engine/model.h"
#include "engine/presets.h"
#include "engine/steptime.h"

#include <gtest/gtest.h>

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

struct PublishedRun {
    std::string name;
    Scenario scenario;
    double publishedS;
};

// GPT shape of Narayanan et al. 2021 Table 1: 4h MLP, learned positions, biases, tied embeddings.
void gptShape(Scenario& s, int h, int heads, int layers) {
    set(s, "model.preset", std::string("megatron-22b")); // the Megatron GPT family's switches
    set(s, "model.preset", std::string("custom"));
    set(s, "model.layers", double(layers));
    set(s, "model.hidden", double(h));
    set(s, "model.ffn_hidden", 4.0 * h);
    set(s, "model.heads", double(heads));
    set(s, "model.kv_heads", double(heads));
    set(s, "model.head_dim", double(h / heads));
}

void layout(Scenario& s, int tp, int pp, int gpus, int batch, int micro, int virtualStages) {
    set(s, "parallel.tp", double(tp));
    set(s, "parallel.pp", double(pp));
    set(s, "parallel.dp", double(gpus / (tp * pp)));
    set(s, "data.global_batch", double(batch));
    set(s, "data.micro_batch", double(micro));
    set(s, "parallel.schedule", std::string(virtualStages > 1 ? "interleaved" : "1f1b"));
    set(s, "parallel.virtual_stages", double(virtualStages));
}

std::vector<PublishedRun> publishedRuns() {
    std::vector<PublishedRun> runs;
    // Korthikanti et al. 2022, Table 5: full recompute, then sequence parallel + selective recompute. No DP.
    struct K {
        const char* preset;
        const char* name;
        int tp, pp, batch, micro, v;
        double full, present;
    };
    const K korthikanti[] = {{"megatron-22b", "22B", 8, 1, 4, 4, 1, 1.42, 1.10},
                             {"gpt3-175b", "175B", 8, 8, 64, 1, 3, 18.13, 13.75},
                             {"mt-nlg-530b", "530B", 8, 35, 280, 1, 3, 49.05, 37.83},
                             {"megatron-1t", "1T", 8, 64, 512, 1, 1, 94.42, 71.49}};
    for (const K& k : korthikanti) {
        for (int present = 0; present < 2; ++present) {
            Scenario s = selene();
            set(s, "model.preset", std::string(k.preset));
            layout(s, k.tp, k.pp, k.tp * k.pp, k.batch, k.micro, k.v);
            set(s, "activations.recompute", std::string(present ? "selective" : "full"));
            set(s, "parallel.sequence_parallel", present == 1);
            runs.push_back(
                {std::string("K22 ") + k.name + (present ? " sp+sel" : " full"), s, present ? k.present : k.full});
        }
    }
    // Narayanan et al. 2021, Table 1: full recompute, micro-batch 1, ZeRO 0; interleaved with 2 chunks where
    // layers / pp is even, else 1F1B. Iteration time = 96 B s l h^2 (1 + s/6h + V/16lh) / (TFLOP/s x GPUs).
    struct N {
        const char* name;
        int h, heads, layers, tp, pp, gpus, batch;
        double tflops;
    };
    const N narayanan[] = {
        {"1.7B", 2304, 24, 24, 1, 1, 32, 512, 137},          {"3.6B", 3072, 32, 30, 2, 1, 64, 512, 138},
        {"7.5B", 4096, 32, 36, 4, 1, 128, 512, 142},         {"18.4B", 6144, 48, 40, 8, 1, 256, 1024, 135},
        {"39.1B", 8192, 64, 48, 8, 2, 512, 1536, 138},       {"76.1B", 10240, 80, 60, 8, 4, 1024, 1792, 140},
        {"145.6B", 12288, 96, 80, 8, 8, 1536, 2304, 148},    {"310.1B", 16384, 128, 96, 8, 16, 1920, 2160, 155},
        {"529.6B", 20480, 128, 105, 8, 35, 2520, 2520, 163}, {"1008B", 25600, 160, 128, 8, 64, 3072, 3072, 163}};
    for (const N& n : narayanan) {
        Scenario s = selene();
        gptShape(s, n.h, n.heads, n.layers);
        const bool even = n.pp > 1 && (n.layers / n.pp) % 2 == 0;
        layout(s, n.tp, n.pp, n.gpus, n.batch, 1, even ? 2 : 1);
        set(s, "activations.recompute", std::string("full"));
        set(s, "parallel.sequence_parallel", false);
        const double B = n.batch, seq = 2048, l = n.layers, h = n.h, V = 51200;
        const double flops = 96.0 * B * seq * l * h * h * (1 + seq / (6 * h) + V / (16 * l * h));
        runs.push_back({std::string("N21 ") + n.name, s, flops / (n.tflops * 1e12 * n.gpus)});
    }
    return runs;
}

TEST(StepTimeValidation, PublishedMegatronRuns) {
    const std::vector<PublishedRun> runs = publishedRuns();
    ASSERT_EQ(runs.size(), 18u);
    double sumError = 0, worst = 0;
    std::printf("%-16s %10s %10s %8s   %s\n", "run", "published", "ours", "error", "ours, split");
    for (const PublishedRun& r : runs) {
        const Ledger l = evaluate(r.scenario);
        ASSERT_TRUE(l.valid) << r.name << ": " << l.errors.front().message();
        ASSERT_TRUE(l.time.derived);
        const double ours = l.time.stepTimeS;
        const double error = ours / r.publishedS - 1;
        sumError += std::fabs(error);
        worst = std::max(worst, std::fabs(error));
        std::printf("%-16s %9.2fs %9.2fs %+7.1f%%   %s\n", r.name.c_str(), r.publishedS, ours, 100 * error,
                    stepSummary(l.time.breakdown, r.scenario.parallel.zero).c_str());
        EXPECT_LT(std::fabs(error), 0.10) << r.name << ": published " << r.publishedS << " s, ours " << ours << " s";
    }
    const double mean = sumError / double(runs.size());
    std::printf("mean |error| %.2f%%, worst %.2f%% over %zu runs\n", 100 * mean, 100 * worst, runs.size());
    EXPECT_LE(mean, 0.05);
}

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

TEST(StepTime, SummaryNamesTheBottleneck) {
    StepBreakdown b;
    b.compute = 7.5;
    b.ppBubble = 2.7;
    b.dpComm = 1.5;
    b.optimizer = 0.6;
    EXPECT_EQ(stepSummary(b, 0), "step 12.3 s: 61% compute, 22% bubble, 12% gradient all-reduce");
}

} // namespace
