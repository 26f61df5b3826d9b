// Parameter counts of the presets against the published configs, MoE totals, and the shape rule.

#include "engine/memory.h"
#include "engine/model.h"
#include "engine/presets.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace tl::engine;

struct CountRow {
    const char* preset;
    long long total;
    long long active;
};

void PrintTo(const CountRow& row, std::ostream* os) {
    *os << row.preset;
}

class PresetCounts : public ::testing::TestWithParam<CountRow> {};

TEST_P(PresetCounts, Exact) {
    const CountRow& row = GetParam();
    const ModelPreset* p = findModelPreset(row.preset);
    ASSERT_NE(p, nullptr) << row.preset;
    const ModelCounts c = countModel(p->shape);
    EXPECT_EQ(std::llround(c.total), row.total) << row.preset;
    EXPECT_EQ(std::llround(c.active), row.active) << row.preset;
}

INSTANTIATE_TEST_SUITE_P(Issue2, PresetCounts,
                         ::testing::Values(CountRow{"qwen3-8b", 8'190'735'360, 8'190'735'360},
                                           CountRow{"llama3-8b", 8'030'261'248, 8'030'261'248},
                                           CountRow{"llama3-70b", 70'553'706'496, 70'553'706'496},
                                           CountRow{"llama3.1-405b", 405'853'388'800, 405'853'388'800},
                                           CountRow{"llama2-7b", 6'738'415'616, 6'738'415'616},
                                           CountRow{"gpt2-124m", 124'439'808, 124'439'808},
                                           // Mixtral: 8 experts, 2 active: 46.7B total, about 12.9B active.
                                           CountRow{"mixtral-8x7b", 46'702'792'704, 12'879'925'248}));

// The published configs' fields (config.json on Hugging Face), counted here the way the checkpoints store them,
// independently of the engine: every nn.Parameter of the model, multi-token-prediction modules aside.
struct Config {
    long long vocab, hidden, layers, heads, kvHeads, headDim, intermediate;
    long long experts, topK, shared, moeIntermediate, firstDense;
    bool qkNorm = false, linearBias = false, routerBias = false, sinks = false;
    long long qLora = 0, kvLora = 0, nope = 0, rope = 0, vHead = 0; // MLA when kvLora > 0
};

struct Counted {
    long long total, active, mtpModule;
};

Counted countConfig(const Config& c) {
    const long long h = c.hidden;
    long long attention = 0;
    if (c.kvLora > 0) {
        const long long qk = c.nope + c.rope;
        attention += c.qLora > 0 ? h * c.qLora + c.qLora + c.qLora * c.heads * qk : h * c.heads * qk; // q_a, norm, q_b
        attention += h * (c.kvLora + c.rope) + c.kvLora + c.kvLora * c.heads * (c.nope + c.vHead); // kv_a, norm, kv_b
        attention += c.heads * c.vHead * h;                                                        // o_proj
    } else {
        const long long q = c.heads * c.headDim, kv = c.kvHeads * c.headDim;
        attention = h * q + 2 * h * kv + q * h + (c.linearBias ? q + 2 * kv + h : 0) + (c.qkNorm ? 2 * c.headDim : 0);
    }
    attention += c.sinks ? c.heads : 0;
    const long long norms = 2 * h; // RMSNorm: input and post-attention
    auto mlp = [&](long long w) { return 3 * h * w + (c.linearBias ? 2 * w + h : 0); }; // gate_up (+ bias), down
    const long long router = c.experts * h + (c.routerBias ? c.experts : 0);
    const long long moeTotal = attention + norms + (c.experts + c.shared) * mlp(c.moeIntermediate) + router;
    const long long moeActive = attention + norms + (c.topK + c.shared) * mlp(c.moeIntermediate) + router;
    const long long dense = attention + norms + mlp(c.intermediate);
    const long long outside = 2 * c.vocab * h + h; // embed_tokens, lm_head, norm
    const long long moeLayers = c.layers - c.firstDense;
    return {outside + c.firstDense * dense + moeLayers * moeTotal,
            outside + c.firstDense * dense + moeLayers * moeActive,
            // enorm, hnorm, eh_proj (2h -> h), the layer, shared_head.norm
            2 * h + 2 * h * h + moeTotal + h};
}

TEST(Model, MoePresetsEqualTheirPublishedConfigs) {
    struct Case {
        const char* preset;
        Config config;
        double publishedTotal; // as the model card or paper rounds it
    };
    const Case cases[] = {
        // deepseek-ai/DeepSeek-V3 config.json: 671B total (arXiv 2412.19437); the router's e_score_correction_bias
        // is a parameter of the checkpoint.
        {"deepseek-v3",
         {129280, 7168,  61,    128,  128,   128,  18432, 256, 8,  1,  2048,
          3,      false, false, true, false, 1536, 512,   128, 64, 128},
         671e9},
        {"deepseek-v2-lite",
         {102400, 2048, 27, 16, 16, 128, 10944, 64, 6, 2, 1408, 1, false, false, false, false, 0, 512, 128, 64, 128},
         15.7e9},
        {"qwen3-235b-a22b", {151936, 4096, 94, 64, 4, 128, 12288, 128, 8, 0, 1536, 0, true}, 235e9},
        {"qwen3-30b-a3b", {151936, 2048, 48, 32, 4, 128, 6144, 128, 8, 0, 768, 0, true}, 30.5e9},
        // openai/gpt-oss-120b: attention and expert biases, a router bias, one sink per head; the model card
        // (arXiv 2508.10925) gives 116.83B.
        {"gpt-oss-120b", {201088, 2880, 36, 64, 8, 64, 2880, 128, 4, 0, 2880, 0, false, true, true, true}, 116.83e9},
        {"mixtral-8x22b", {32768, 6144, 56, 48, 8, 128, 16384, 8, 2, 0, 16384, 0}, 141e9},
    };
    for (const Case& k : cases) {
        const ModelPreset* p = findModelPreset(k.preset);
        ASSERT_NE(p, nullptr) << k.preset;
        const ModelCounts c = countModel(p->shape);
        const Counted want = countConfig(k.config);
        EXPECT_EQ(std::llround(c.total), want.total) << k.preset;
        EXPECT_EQ(std::llround(c.active), want.active) << k.preset;
        EXPECT_NEAR(c.total / k.publishedTotal, 1.0, 0.005) << k.preset;
        if (p->shape.mtpLayers > 0) {
            EXPECT_EQ(std::llround(c.mtp), p->shape.mtpLayers * want.mtpModule) << k.preset;
        }
    }
}

TEST(Model, PublishedActiveCounts) {
    // DeepSeek-V3: 671,026,419,200 parameters and 36.6B activated without the input embedding (0.9B of them the
    // output head), 11.5B of its own in the MTP module (the DeepSeek-V3 repository's README_WEIGHTS.md); the paper
    // rounds the activated count to 37B.
    const ModelCounts v3 = countModel(findModelPreset("deepseek-v3")->shape);
    EXPECT_EQ(std::llround(v3.total), 671'026'419'200);
    EXPECT_DOUBLE_EQ(std::round((v3.active - v3.embedding) / 1e8) / 10, 36.6);
    EXPECT_DOUBLE_EQ(std::round(v3.lmHead / 1e8) / 10, 0.9);
    EXPECT_NEAR(v3.mtp / 1e9, 11.5, 0.15);
    // GPT-OSS-120B: 5.13B active without the embedding (model card); DeepSeek-V2-Lite 2.4B (arXiv 2405.04434, the
    // same convention); Qwen3-235B-A22B 22B and Mixtral 8x22B 39B (with it).
    const ModelCounts oss = countModel(findModelPreset("gpt-oss-120b")->shape);
    EXPECT_DOUBLE_EQ(std::round((oss.active - oss.embedding) / 1e7) / 100, 5.13);
    const ModelCounts lite = countModel(findModelPreset("deepseek-v2-lite")->shape);
    EXPECT_NEAR((lite.active - lite.embedding) / 1e9, 2.4, 0.06); // 2.45B: the paper's "2.4B" truncates
    EXPECT_DOUBLE_EQ(std::round(countModel(findModelPreset("qwen3-235b-a22b")->shape).active / 1e9), 22);
    EXPECT_DOUBLE_EQ(std::round(countModel(findModelPreset("mixtral-8x22b")->shape).active / 1e9), 39);
}

TEST(Model, MultiHeadLatentAttentionByHand) {
    // DeepSeek-V3's attention: q_a 7168 x 1536 + its norm + q_b 1536 x 128 x 192, kv_a 7168 x 576 + its norm + kv_b
    // 512 x 128 x 256, o 128 x 128 x 7168.
    const ModelCounts c = countModel(findModelPreset("deepseek-v3")->shape);
    const double expected =
        7168.0 * 1536 + 1536 + 1536.0 * 128 * 192 + 7168.0 * 576 + 512 + 512.0 * 128 * 256 + 128.0 * 128 * 7168;
    EXPECT_EQ(c.moe.attention, expected);
    EXPECT_EQ(c.qDim, 128 * 192);
    EXPECT_EQ(c.oDim, 128 * 128);
    EXPECT_EQ(c.attentionMatmulCount, 5);
    EXPECT_EQ(c.moe.attentionMatmul, expected - 1536 - 512);
}

TEST(Model, SlidingWindowLayers) {
    // GPT-OSS alternates windowed (128 tokens) and full layers: 18 of 36 are windowed.
    const ModelCounts c = countModel(findModelPreset("gpt-oss-120b")->shape);
    EXPECT_EQ(c.window, 128);
    EXPECT_EQ(c.windowLayers, 18);
    ModelShape gemma3 = findModelPreset("qwen3-8b")->shape; // any shape: 62 layers, 5 local : 1 global
    gemma3.layers = 62;
    gemma3.slidingWindow = 1024;
    gemma3.fullAttentionEvery = 6;
    EXPECT_EQ(countModel(gemma3).windowLayers, 52);
    gemma3.fullAttentionEvery = 0;
    EXPECT_EQ(countModel(gemma3).windowLayers, 62);
}

TEST(Model, StageParamsSplitDenseLayersFromExperts) {
    const ModelCounts c = countModel(findModelPreset("deepseek-v3")->shape);
    const StageParams first = c.layerRange(0, 4); // 3 dense layers and 1 MoE layer
    EXPECT_EQ(first.experts, c.moe.routed);
    EXPECT_EQ(first.tensor, 3 * c.dense.tensorParallel() + c.moe.tensorParallel());
    EXPECT_EQ(first.router, c.moe.router);
    const StageParams all = c.layerRange(0, c.layers);
    EXPECT_DOUBLE_EQ(all.total(), c.layersTotal);
    EXPECT_DOUBLE_EQ(all.experts, c.routedTotal());
}

TEST(Model, MixtralActiveIsAbout12Point9B) {
    const ModelCounts c = countModel(findModelPreset("mixtral-8x7b")->shape);
    EXPECT_DOUBLE_EQ(std::round(c.active / 1e8) / 10, 12.9);
}

TEST(Model, TiedEmbeddingsHaveNoSeparateHeadButStillProject) {
    const ModelCounts c = countModel(findModelPreset("gpt2-124m")->shape);
    EXPECT_EQ(c.lmHead, 0);
    EXPECT_EQ(c.lmHeadMatmul, 50257.0 * 768);
}

// Qwen2's biases on the fused query-key-value projection, Gemma's two extra norms and OLMo 2's norms over all heads,
// by hand on the default shape (36 layers, hidden 4096, 32 query heads and 8 key-value heads of 128).
TEST(Model, QkvBiasesPostNormsAndWholeQueryKeyNorms) {
    ModelShape m; // Qwen3-8B: per-head q/k norms, no biases
    const double base = countModel(m).total;
    const double q = 32 * 128, k = 8 * 128;
    m.qkvBias = true;
    EXPECT_EQ(countModel(m).total - base, 36 * (q + 2 * k));
    m.qkvBias = false;
    m.postNorms = true;
    EXPECT_EQ(countModel(m).total - base, 36 * 2 * 4096.0);
    m.postNorms = false;
    m.qkNormAllHeads = true;
    EXPECT_EQ(countModel(m).total - base, 36 * (q + k - 2 * 128));
    m.qkNorm = false; // without the norm the scope counts nothing
    EXPECT_EQ(countModel(m).total - base, -36 * 2 * 128.0);
    m = ModelShape{};
    m.bias = true;
    const double biased = countModel(m).total;
    m.qkvBias = true; // already counted by model.bias
    EXPECT_EQ(countModel(m).total, biased);
}

// The post-norms' inputs are saved for backward: two more 16-bit copies of the hidden state per token and layer.
TEST(Model, PostNormsSaveTheirInputs) {
    Scenario s; // 8,192 tokens, micro-batch 1, no TP
    const double before = layerActivations(countModel(s.model), s).working;
    s.model.postNorms = true;
    EXPECT_EQ(layerActivations(countModel(s.model), s).working - before, 2.0 * 2.0 * 8192 * 4096);
}

TEST(ShapeRule, HitsTheRequestedCountExactly) {
    for (double n : {1e7, 1.24e8, 7e9, 7e10, 4.05e11, 1e12, 1e13}) {
        const ModelCounts c = countModel(shapeForParams(n));
        EXPECT_TRUE(c.derived);
        EXPECT_DOUBLE_EQ(c.total, n);
        EXPECT_GE(c.layers, 1);
        EXPECT_EQ(c.heads % c.kvHeads, 0);
        EXPECT_GT(c.layersTotal, 0);
    }
}

TEST(ShapeRule, WalksAFamily) {
    // Within each vocabulary regime (32,000 tied below 1B, 128,256 untied from 1B) larger counts never give a
    // narrower model; every member keeps a believable aspect ratio and heads that TP 1, 2, 4 (8 from 2,048 wide)
    // divide.
    for (auto [from, to] : {std::pair{1e7, 9.9e8}, std::pair{1e9, 1e13}}) {
        int lastHidden = 0;
        for (double n = from; n <= to; n *= 1.25) {
            const ModelShape s = shapeForParams(n);
            EXPECT_GE(s.hidden, lastHidden) << n;
            const double aspect = double(s.hidden) / s.layers;
            EXPECT_GE(aspect, 32) << n;
            EXPECT_LE(aspect, 256) << n;
            EXPECT_EQ(s.heads % 2, 0) << n;
            EXPECT_EQ(s.heads % s.kvHeads, 0) << n;
            if (s.hidden >= 2048) {
                EXPECT_EQ(s.heads % 8, 0) << n;
            }
            lastHidden = s.hidden;
        }
    }
    // Near Llama 2 7B: 4096 wide and about 32 deep.
    const ModelShape seven = shapeForParams(7e9);
    EXPECT_EQ(seven.hidden, 4096);
    EXPECT_NEAR(seven.layers, 32, 3);
}

} // namespace
