// Bad input gets an error naming the key, the value and what is allowed; dubious layouts get warnings.

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/flops.h"
#include "engine/model.h"
#include "engine/pipeline_sim.h"
#include "engine/scaling.h"
#include "engine/steptime.h"
#include "engine/validate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>
#include <vector>

namespace {

using namespace tl::engine;

struct BadRow {
    const char* key;
    FieldValue value;
    const char* expectedKey;
    const char* expectedText; // a fragment of the allowed range or rule
};

void PrintTo(const BadRow& row, std::ostream* os) {
    *os << row.key;
}

class BadInput : public ::testing::TestWithParam<BadRow> {};

TEST_P(BadInput, ErrorNamesKeyValueAndRange) {
    const BadRow& row = GetParam();
    Scenario s;
    const auto setError = setField(s, row.key, row.value);
    std::string message;
    std::string key;
    if (setError) {
        message = setError->message();
        key = setError->key;
    } else {
        const Ledger l = evaluate(s);
        ASSERT_FALSE(l.valid) << row.key;
        message = l.errors.front().message();
        key = l.errors.front().code;
    }
    EXPECT_EQ(key, row.expectedKey) << message;
    EXPECT_NE(message.find(row.expectedKey), std::string::npos) << message;
    EXPECT_NE(message.find(formatValue(row.value)), std::string::npos) << message;
    EXPECT_NE(message.find(row.expectedText), std::string::npos) << message;
}

INSTANTIATE_TEST_SUITE_P(
    Issue2, BadInput,
    ::testing::Values(
        BadRow{"parallel.tp", 3.0, "parallel.tp", "divisor of model.heads (32)"},
        BadRow{"parallel.tp", 16.0, "parallel.tp", "model.kv_heads (8)"},
        BadRow{"parallel.pp", 37.0, "parallel.pp", "at most model.layers (36)"},
        BadRow{
            "parallel.dp", 5.0, "parallel.dp",
            "divisor of data.global_batch / data.micro_batch = 384 (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, ..., 192, 384)"},
        BadRow{"efficiency.mfu", 1.5, "efficiency.mfu", "from 0.001 to 1"},
        BadRow{"efficiency.mfu", 0.0, "efficiency.mfu", "from 0.001 to 1"},
        BadRow{"parallel.zero", 4.0, "parallel.zero", "integer from 0 to 3"},
        BadRow{"data.seq_len", 0.0, "data.seq_len", "integer from 1"},
        BadRow{"data.seq_len", 1024.5, "data.seq_len", "an integer"},
        BadRow{"data.tokens", std::nan(""), "data.tokens", "a number from"},
        BadRow{"schedule.reserve_days", 30.0, "schedule.reserve_days", "less than schedule.deadline_days"},
        BadRow{"precision.optimizer", std::string("lion"), "precision.optimizer", "adam-8bit"},
        BadRow{"data.documents", std::vector<int>{4096, 1000}, "data.documents", "add up to data.seq_len"},
        BadRow{"parallel.cp", 3.0, "parallel.cp", "2 x cp equal chunks"},
        BadRow{"data.micro_batch", 500.0, "data.micro_batch", "at most data.global_batch (384)"},
        BadRow{"model.kv_heads", 5.0, "model.kv_heads", "divisor of model.heads (32)"},
        BadRow{"model.preset", std::string("gpt5"), "model.preset", "qwen3-8b"},
        BadRow{"parallel.virtual_stages", 2.0, "parallel.virtual_stages", "interleaved"},
        BadRow{"data.seq_len", true, "data.seq_len", "integer"}));

TEST(Validation, UnknownKey) {
    Scenario s;
    const auto e = setField(s, "model.wings", 2.0);
    ASSERT_TRUE(e.has_value());
    EXPECT_NE(e->message().find("unknown key"), std::string::npos);
}

TEST(Validation, InvalidLedgerHasNoNumbers) {
    Scenario s;
    s.parallel.tp = 3;
    const Ledger l = evaluate(s);
    EXPECT_FALSE(l.valid);
    EXPECT_EQ(l.params.total, 0);
    EXPECT_EQ(l.memory.total, 0);
}

struct WarnRow {
    const char* key;
    FieldValue value;
    const char* code;
};

void PrintTo(const WarnRow& row, std::ostream* os) {
    *os << row.code;
}

class Warnings : public ::testing::TestWithParam<WarnRow> {};

TEST_P(Warnings, CodeAndSentence) {
    const WarnRow& row = GetParam();
    Scenario s;
    ASSERT_FALSE(setField(s, row.key, row.value).has_value());
    if (std::string(row.code) == "few-microbatches") {
        s.parallel.pp = 4; // 16 sequences over dp 8: 2 micro-batches for 4 stages
    }
    const Ledger l = evaluate(s);
    ASSERT_TRUE(l.valid) << l.errors.front().message();
    bool found = false;
    for (const auto& w : l.warnings)
        found = found || (w.code == row.code && !w.message().empty());
    EXPECT_TRUE(found) << row.code;
}

INSTANTIATE_TEST_SUITE_P(Issue2, Warnings,
                         ::testing::Values(WarnRow{"efficiency.mfu", 0.7, "mfu-high"},
                                           WarnRow{"parallel.dp", 16.0, "zero3-across-nodes"},
                                           WarnRow{"data.global_batch", 16.0, "few-microbatches"},
                                           WarnRow{"model.params", 7e9, "derived-shape"},
                                           WarnRow{"precision.master", std::string("none"), "no-master-copy"}));

TEST(Warnings, TensorParallelAcrossNodes) {
    Scenario s;
    s.model.heads = 32;
    s.model.kvHeads = 16;
    s.parallel.tp = 16;
    s.parallel.dp = 1;
    const Ledger l = evaluate(s);
    ASSERT_TRUE(l.valid) << l.errors.front().message();
    EXPECT_EQ(l.warnings.empty() ? "" : l.warnings.front().code, "tp-across-nodes");
}

TEST(Warnings, DefaultScenarioIsClean) {
    const Ledger l = evaluate(Scenario{});
    std::string codes;
    for (const auto& w : l.warnings)
        codes += w.code + " ";
    // Seven GPUs (the time gate) do not divide 384 sequences: the one warning the seed's plan carries.
    EXPECT_EQ(codes, "gate-batch ");
}

} // namespace

namespace {

// Expert parallelism: one line naming what divides what, with the nearest allowed values (issue 22).
std::string firstError(Scenario s, const std::vector<std::pair<std::string, FieldValue>>& set) {
    for (const auto& [k, v] : set)
        EXPECT_FALSE(setField(s, k, v).has_value()) << k;
    const Ledger l = evaluate(s);
    return l.valid ? std::string() : l.errors.front().message();
}

TEST(ExpertParallel, ErrorsNameWhatDividesWhat) {
    const Scenario d;
    const std::vector<std::pair<std::string, FieldValue>> v3 = {{"model.preset", std::string("deepseek-v3")},
                                                                {"parallel.pp", 16.0},
                                                                {"parallel.tp", 1.0},
                                                                {"parallel.dp", 128.0},
                                                                {"data.global_batch", 15360.0}};
    auto with = [&](std::vector<std::pair<std::string, FieldValue>> more) {
        auto all = v3;
        all.insert(all.end(), more.begin(), more.end());
        return firstError(d, all);
    };
    EXPECT_EQ(with({{"parallel.ep", 64.0}}), "");
    EXPECT_EQ(with({{"parallel.ep", 48.0}}),
              "parallel.ep: 48 is not allowed; allowed: a divisor of model.moe.experts (256) and of tp x cp x dp "
              "(128); nearest: 32, 64");
    EXPECT_EQ(with({{"parallel.ep", 256.0}}),
              "parallel.ep: 256 is not allowed; allowed: a divisor of model.moe.experts (256) and of tp x cp x dp "
              "(128); nearest: 128");
    EXPECT_EQ(with({{"parallel.ep", 64.0}, {"parallel.etp", 4.0}}),
              "parallel.etp: 4 is not allowed; allowed: a divisor of model.moe.expert_ffn_hidden (2048) whose "
              "product with parallel.ep (64) divides tp x cp x dp (128); nearest: 2");
    EXPECT_EQ(with({{"parallel.ep", 64.0}, {"parallel.etp", 2.0}}), "");
    // A dense model has no routed experts to split.
    EXPECT_EQ(firstError(d, {{"parallel.ep", 2.0}}),
              "parallel.ep: 2 is not allowed; allowed: 1 when model.moe.experts is 0 (no routed experts)");
}

TEST(ExpertParallel, ExpertsShardOverEpAndTheirOwnDataParallelGroup) {
    Scenario s;
    setField(s, "model.preset", std::string("qwen3-30b-a3b"));
    setField(s, "parallel.dp", 8.0);
    setField(s, "parallel.zero", 1.0);
    const Ledger one = evaluate(s);
    setField(s, "parallel.ep", 8.0);
    const Ledger eight = evaluate(s);
    ASSERT_TRUE(one.valid && eight.valid);
    // ep 8 holds an eighth of the routed experts' weights and gradients, and shards their optimizer state over the
    // expert data-parallel group of 8 / 8 = 1 GPU instead of 8: the same optimizer bytes per GPU.
    EXPECT_DOUBLE_EQ(eight.memory.expertWeights, one.memory.expertWeights / 8);
    EXPECT_DOUBLE_EQ(eight.memory.expertGradients, one.memory.expertGradients / 8);
    EXPECT_DOUBLE_EQ(eight.memory.expertOptimizer, one.memory.expertOptimizer);
    EXPECT_DOUBLE_EQ(eight.memory.weights - eight.memory.expertWeights, one.memory.weights - one.memory.expertWeights);
    // The routed experts are most of the state: 128 experts x 48 layers x 3 x 2048 x 768.
    EXPECT_EQ(one.params.routedExperts, 128LL * 48 * 3 * 2048 * 768);
    EXPECT_GT(one.memory.routedExperts, 0.9 * one.memory.state);
}

// validate() and evaluate() keep the last model's counts, forward FLOPs and scaling-law figures per thread: switching
// between two models (and two token counts) and back must give each its own figures, as a fresh count gives them.
TEST(Validate, KeptCountsAndScalingFiguresFollowEachModel) {
    Scenario small, large;
    ASSERT_FALSE(setField(large, "model.preset", FieldValue(std::string("llama3.1-405b"))));
    large.data.tokens = 15.6e12;
    for (int round = 0; round < 2; ++round)
        for (const Scenario* s : {&small, &large}) {
            ModelCounts counts;
            EXPECT_TRUE(validate(*s, counts).empty());
            const ModelCounts fresh = countModel(s->model);
            EXPECT_EQ(counts.total, fresh.total);
            EXPECT_EQ(counts.active, fresh.active);
            EXPECT_EQ(counts.layerMatmuls, fresh.layerMatmuls);
            const Ledger l = evaluate(*s);
            ASSERT_TRUE(l.valid);
            const Allocation c = chinchillaAllocation(6.0 * fresh.active * s->data.tokens);
            EXPECT_EQ(l.budget.chinchillaParams, c.params);
            EXPECT_EQ(l.budget.chinchillaLoss, c.loss);
            EXPECT_EQ(l.budget.planLossChinchilla, chinchillaLoss(fresh.active, s->data.tokens));
            EXPECT_EQ(l.budget.kaplanParams, kaplanParams(6.0 * fresh.active * s->data.tokens));
            EXPECT_EQ(l.flops.forwardPerSequence, forwardFlops(fresh, s->data).forward());
        }
}

// evaluate() keeps the last schedule's closed form for the pipeline.* keys: two layouts in turn each get their own.
TEST(Validate, KeptPipelineFiguresFollowEachLayout) {
    Scenario four, eight;
    four.parallel.pp = 4;
    eight.parallel.pp = 8;
    eight.data.globalBatch = 512;
    for (int round = 0; round < 2; ++round)
        for (const Scenario* s : {&four, &eight}) {
            const Ledger l = evaluate(*s);
            ASSERT_TRUE(l.valid);
            const PipelineClosedForm cf = closedForm(stepPipelineSpec(*s));
            EXPECT_EQ(l.pipeline.bubbleFraction, cf.bubbleFraction);
            EXPECT_EQ(l.pipeline.peakInFlightStage0, cf.peakInFlightStagesRank0);
        }
    EXPECT_NE(evaluate(four).pipeline.bubbleFraction, evaluate(eight).pipeline.bubbleFraction);
}

// validate() tests every number key through its slot without building a FieldValue (ints against whole-number
// bounds, doubles against bounds clamped to the finite doubles): at the edges of every key's range, and at the ends
// of the slot's type, it must refuse exactly the values checkRange refuses.
TEST(Validate, TheSlotChecksRefuseWhatCheckRangeRefuses) {
    const double inf = std::numeric_limits<double>::infinity();
    const std::set<Msg> rangeIds = {Msg::NotAllowedInt, Msg::NotAllowedRealAbove, Msg::NotAllowedReal,
                                    Msg::NotAllowedNullable};
    int checked = 0;
    for (const Field& f : scenarioFields()) {
        const auto kind = f.number.kind;
        if (kind != NumberSlot::Kind::Int && kind != NumberSlot::Kind::Double)
            continue;
        std::vector<double> values = {0.0, f.min, f.max};
        for (const double edge : {f.min, f.max})
            for (const double step : {-1.0, 1.0})
                values.push_back(kind == NumberSlot::Kind::Int ? edge + step : std::nextafter(edge, step * inf));
        if (kind == NumberSlot::Kind::Int) {
            values.insert(values.end(),
                          {double(std::numeric_limits<int>::min()), double(std::numeric_limits<int>::max())});
        } else {
            values.insert(values.end(), {inf, -inf, std::nan(""), std::numeric_limits<double>::max(),
                                         -std::numeric_limits<double>::max()});
        }
        for (const double v : values) {
            Scenario s;
            char* slot = reinterpret_cast<char*>(&s) + f.number.offset;
            if (kind == NumberSlot::Kind::Int) {
                if (!(v >= std::numeric_limits<int>::min() && v <= std::numeric_limits<int>::max()))
                    continue;
                const int x = int(v);
                std::memcpy(slot, &x, sizeof x);
            } else {
                std::memcpy(slot, &v, sizeof v);
            }
            const auto expected = checkRange(f, f.get(s));
            const auto errors = validate(s);
            const bool refused = std::any_of(errors.begin(), errors.end(), [&](const Diagnostic& d) {
                return d.code == f.key && rangeIds.count(d.id) > 0;
            });
            EXPECT_EQ(refused, expected.has_value()) << f.key << " = " << v;
            ++checked;
        }
    }
    EXPECT_GT(checked, 500);
}

} // namespace
