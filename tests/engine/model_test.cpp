// Parameter counts of the presets against the published configs, MoE totals, and the shape rule.

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

TEST(Model, MixtralActiveIsAbout12Point9B) {
    const ModelCounts c = countModel(findModelPreset("mixtral-8x7b")->shape);
    EXPECT_DOUBLE_EQ(std::round(c.active / 1e8) / 10, 12.9);
}

TEST(Model, TiedEmbeddingsHaveNoSeparateHeadButStillProject) {
    const ModelCounts c = countModel(findModelPreset("gpt2-124m")->shape);
    EXPECT_EQ(c.lmHead, 0);
    EXPECT_EQ(c.lmHeadMatmul, 50257.0 * 768);
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
