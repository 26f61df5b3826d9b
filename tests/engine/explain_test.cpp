// Every ledger key explains itself: a formula, its operands with units, the result and a source; substituting the
// shown operands into the shown formula gives the shown result. Walked over the default scenario, the seeds'
// set-ups and many random valid scenarios, so that a formula that drifts from the code fails here.

#include "engine/evaluate.h"
#include "engine/explain.h"
#include "engine/expr.h"
#include "engine/fields.h"
#include "random_scenarios.h"

#include <gtest/gtest.h>

#include <set>

namespace {

using namespace tl::engine;

void expectAllExplained(const Scenario& s, const std::string& where) {
    const auto all = explainAll(s);
    ASSERT_EQ(all.size(), ledgerFields().size()) << where;
    for (const Explanation& e : all) {
        SCOPED_TRACE(where + ": " + e.key);
        EXPECT_FALSE(e.formula.empty()) << e.checkError;
        EXPECT_FALSE(e.source.empty());
        EXPECT_FALSE(e.resultText.empty());
        for (const auto& o : e.operands) {
            EXPECT_FALSE(o.meaning.empty()) << o.symbol;
            EXPECT_EQ(o.shown, showOperand(o.value)) << o.symbol;
        }
        // Checked here again, independently of the flag explain() set.
        const auto err = checkExplanation(e);
        EXPECT_FALSE(err.has_value()) << e.formula << " = " << substituted(e) << " -> " << err.value_or("")
                                      << " (ledger " << e.resultText << ")";
        EXPECT_TRUE(e.reproduced);
    }
}

TEST(Explain, EveryKeyOnTheDefaultScenario) {
    expectAllExplained(Scenario{}, "default");
}

TEST(Explain, EveryKeyOnSeedSetUps) {
    auto with = [](Scenario s, const std::string& key, FieldValue v) {
        EXPECT_FALSE(setField(s, key, v).has_value()) << key;
        return s;
    };
    const Scenario d;
    expectAllExplained(with(d, "parallel.dp", 2.0), "dp 2");
    expectAllExplained(with(with(d, "model.params", 7e9), "parallel.zero", 0.0), "7B zero 0");
    expectAllExplained(with(d, "data.documents", std::vector<int>{7168, 1024}), "packing");
    expectAllExplained(with(with(d, "data.supervised_fraction", 0.25), "data.vocab_on_supervised_only", true), "SFT");
    expectAllExplained(with(d, "offload.optimizer", std::string("cpu")), "offload");
    expectAllExplained(with(d, "activations.recompute", std::string("selective")), "selective");
    expectAllExplained(with(d, "precision.optimizer", std::string("adafactor")), "adafactor");
    Scenario pipe =
        with(with(with(d, "model.preset", std::string("llama3-8b")), "parallel.pp", 4.0), "parallel.dp", 1.0);
    expectAllExplained(with(with(pipe, "parallel.schedule", std::string("gpipe")), "data.global_batch", 16.0), "gpipe");
    expectAllExplained(with(pipe, "data.global_batch", 16.0), "1f1b");
    // FP8 recipes that keep FP8 weight copies beside the 16-bit weights (on a pipeline stage with the embedding).
    Scenario fp8 = with(with(pipe, "precision.compute", std::string("fp8")), "data.global_batch", 16.0);
    fp8 = with(fp8, "parallel.zero", 1.0);
    expectAllExplained(with(fp8, "precision.fp8_recipe", std::string("blockwise")), "fp8 blockwise");
    // Mixture of experts with expert parallelism, latent attention, MTP and sliding windows (issue 22).
    Scenario v3 = with(with(d, "model.preset", std::string("deepseek-v3")), "hardware.preset", std::string("h800"));
    for (const auto& [k, v] : std::vector<std::pair<std::string, double>>{{"parallel.pp", 16},
                                                                          {"parallel.dp", 128},
                                                                          {"parallel.tp", 1},
                                                                          {"parallel.ep", 64},
                                                                          {"parallel.zero", 1},
                                                                          {"data.seq_len", 4096},
                                                                          {"data.global_batch", 15360}})
        v3 = with(v3, k, v);
    expectAllExplained(with(v3, "parallel.schedule", std::string("dualpipev")), "deepseek-v3 dualpipev");
    expectAllExplained(with(v3, "efficiency.mode", std::string("derived")), "deepseek-v3 derived");
    // DeepSeek-V3 as trained: FP8 block scaling, the MTP module, the ends' chunks lighter (rank 0 holds one layer and
    // the MTP module); and a 1F1B pipeline whose last stage gives up a layer.
    Scenario asTrained = with(with(v3, "parallel.schedule", std::string("dualpipev")), "model.mtp_layers", 1.0);
    asTrained = with(with(asTrained, "precision.compute", std::string("fp8")), "precision.fp8_recipe",
                     std::string("blockwise"));
    asTrained = with(with(asTrained, "parallel.balance_ends", true), "efficiency.mode", std::string("derived"));
    expectAllExplained(asTrained, "deepseek-v3 as trained");
    expectAllExplained(
        with(with(with(pipe, "parallel.pp", 3.0), "parallel.balance_ends", true), "data.global_batch", 16.0),
        "1f1b balanced ends");
    Scenario oss = with(with(d, "model.preset", std::string("gpt-oss-120b")), "parallel.pp", 4.0);
    oss = with(with(with(oss, "parallel.dp", 16.0), "parallel.ep", 8.0), "data.global_batch", 512.0);
    expectAllExplained(with(with(oss, "parallel.etp", 2.0), "parallel.zero", 3.0), "gpt-oss ep etp");
    // Fine-tuning with frozen weights (issue 26): LoRA, QLoRA with the derived step, and LoRA on an MoE with experts
    // over ep x etp and ZeRO-3.
    const Scenario lora = with(d, "finetune.method", std::string("lora"));
    expectAllExplained(lora, "lora");
    expectAllExplained(
        with(with(with(d, "finetune.method", std::string("qlora")), "efficiency.mode", std::string("derived")),
             "parallel.zero", 1.0),
        "qlora derived");
    expectAllExplained(with(with(with(oss, "parallel.etp", 2.0), "finetune.method", std::string("lora")),
                            "finetune.lora_targets", std::string("attention")),
                       "gpt-oss lora");
    // No dp fits: the memory gate is null and explained by the condition that makes it so.
    Scenario big = with(with(d, "model.preset", std::string("llama3.1-405b")), "parallel.zero", 0.0);
    ASSERT_FALSE(evaluate(big).time.minGpusMemory.has_value());
    expectAllExplained(big, "405B zero 0");
}

TEST(Explain, EveryKeyOnRandomScenarios) {
    tl::test::RandomScenarios gen(12);
    int checked = 0;
    for (int i = 0; i < 300; ++i) {
        const Scenario s = gen.next();
        if (!evaluate(s).valid)
            continue;
        expectAllExplained(s, "random " + std::to_string(i));
        ++checked;
        if (::testing::Test::HasFailure())
            break;
    }
    EXPECT_GT(checked, 100);
}

TEST(Explain, DerivedStepPartsShowTheirFormula) {
    // Issue 12: every part of the derived step is the step model's own expression with its operands, not "x = value".
    auto with = [](Scenario s, const std::string& key, FieldValue v) {
        EXPECT_FALSE(setField(s, key, v).has_value()) << key;
        return s;
    };
    Scenario d =
        with(with(Scenario{}, "efficiency.mode", std::string("derived")), "model.preset", std::string("llama3-70b"));
    d = with(with(with(d, "parallel.tp", 8.0), "parallel.pp", 4.0), "parallel.dp", 4.0);
    std::vector<Scenario> cases = {
        d,
        with(d, "parallel.zero", 0.0),
        with(d, "parallel.zero", 1.0),
        with(with(d, "parallel.cp", 2.0), "activations.recompute", std::string("full")),
        with(with(d, "parallel.schedule", std::string("interleaved")), "parallel.virtual_stages", 2.0),
        with(d, "offload.optimizer", std::string("cpu")),
        with(d, "offload.optimizer", std::string("nvme"))};
    for (size_t i = 0; i < cases.size(); ++i) {
        expectAllExplained(cases[i], "derived case " + std::to_string(i));
        for (const char* part :
             {"compute", "recompute", "tp_comm", "cp_comm", "pp_p2p", "pp_bubble", "dp_comm", "optimizer", "offload"}) {
            const auto e = explain(cases[i], std::string("time.breakdown.") + part + "_s");
            ASSERT_TRUE(e.has_value()) << part;
            EXPECT_GE(e->operands.size(), 3u) << part << ": " << e->formula;
            EXPECT_NE(e->formula, "x") << part;
        }
    }
    // The parts the layout switches on are non-zero and still reproduce.
    const auto tp = explain(d, "time.breakdown.tp_comm_s");
    EXPECT_GT(std::get<double>(tp->result), 0.0);
    const auto cp = explain(cases[3], "time.breakdown.cp_comm_s");
    EXPECT_NE(cp->formula.find("t_ring"), std::string::npos);
    const auto off = explain(cases[6], "time.breakdown.offload_s");
    EXPECT_GT(std::get<double>(off->result), 0.0);
    EXPECT_NE(off->formula.find("BW_nvme"), std::string::npos);
}

TEST(Explain, TheIssuesExample) {
    // steps = ceil(D / (B x s)) = ceil(1e11 / (384 x 8,192)) = 31,790 (seed 000 §2).
    const auto e = explain(Scenario{}, "time.steps");
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ(e->formula, "ceil(D / (B × s))");
    EXPECT_EQ(substituted(*e), "ceil(100,000,000,000 / (384 × 8,192))");
    EXPECT_EQ(e->resultText, "31,790");
    EXPECT_NE(e->source.find("seed 000 §2"), std::string::npos);
    EXPECT_NE(formatExplanation(*e).find("D = 100,000,000,000 tokens"), std::string::npos);
}

TEST(Explain, UnknownKeyAndInvalidScenario) {
    EXPECT_FALSE(explain(Scenario{}, "time.nonsense").has_value());
    Scenario bad;
    bad.efficiency.mfu = 2;
    EXPECT_FALSE(explain(bad, "time.steps").has_value());
    EXPECT_TRUE(explainAll(bad).empty());
}

TEST(Explain, ACheckCatchesADriftedFormula) {
    auto e = *explain(Scenario{}, "time.steps");
    e.formula = "ceil(D / (B × s)) + 1";
    EXPECT_TRUE(checkExplanation(e).has_value());
    e.formula = "floor(D / (B × s))";
    EXPECT_TRUE(checkExplanation(e).has_value());
}

TEST(Expr, Arithmetic) {
    const std::map<std::string, double> ops{{"a", 2}, {"b", 3}};
    auto num = [&](const char* f) { return std::get<double>(*evaluateExpr(f, ops).value); };
    EXPECT_DOUBLE_EQ(num("a + b × 2"), 8);
    EXPECT_DOUBLE_EQ(num("(a + b) * 2 - 1"), 9);
    EXPECT_DOUBLE_EQ(num("a ^ b ^ 2"), 512);
    EXPECT_DOUBLE_EQ(num("ceil(7 / a) + floor(-1.5) + max(a, b) + min(a, b)"), 4 - 2 + 3 + 2);
    EXPECT_DOUBLE_EQ(num("1e9 / 4"), 2.5e8);
    EXPECT_DOUBLE_EQ(num("a <= b"), 1);
    EXPECT_EQ(std::get<std::string>(*evaluateExpr("a > b ? \"x\" : \"y\"", ops).value), "y");
    EXPECT_FALSE(evaluateExpr("a +", ops).value.has_value());
    EXPECT_FALSE(evaluateExpr("c", ops).value.has_value());
    EXPECT_FALSE(evaluateExpr("foo(1)", ops).value.has_value());
}

} // namespace

namespace {
using namespace tl::engine;

// Issue 28: a part of a few milliseconds read "0.0 s" in the ledger and its explanation. Seconds below 10 show three
// significant digits; above, one decimal. The derived default's optimizer step and gradient sync are such parts, and
// their explanations still reproduce from operands shown to 7 digits.
TEST(Explain, SmallSecondsKeepTheirDigits) {
    EXPECT_EQ(formatLedgerValue(0.0213, Unit::Seconds), "0.0213 s");
    EXPECT_EQ(formatLedgerValue(0.000456, Unit::Seconds), "0.000456 s");
    EXPECT_EQ(formatLedgerValue(1.234, Unit::Seconds), "1.23 s");
    EXPECT_EQ(formatLedgerValue(9.94, Unit::Seconds), "9.94 s");
    EXPECT_EQ(formatLedgerValue(9.96, Unit::Seconds), "10.0 s");
    EXPECT_EQ(formatLedgerValue(67.9, Unit::Seconds), "67.9 s");
    EXPECT_EQ(formatLedgerValue(0.0, Unit::Seconds), "0.0 s");
    EXPECT_EQ(formatLedgerValue(4e-13, Unit::Seconds), "0.0 s"); // below a microsecond
    Scenario s;
    s.efficiency.mode = EfficiencyMode::Derived;
    const Ledger l = evaluate(s);
    ASSERT_TRUE(l.valid);
    int small = 0;
    for (const char* key : {"time.breakdown.optimizer_s", "time.breakdown.dp_comm_s"}) {
        const auto e = explain(s, key);
        ASSERT_TRUE(e.has_value()) << key;
        const double x = std::get<double>(e->result);
        ASSERT_GT(x, 0.0) << key;
        if (x < 0.1) {
            ++small;
            EXPECT_NE(e->resultText, "0.0 s") << key;
            const double shown = std::stod(e->resultText);
            EXPECT_NEAR(shown, x, 0.005 * x) << key << ": " << e->resultText;
        }
        EXPECT_FALSE(checkExplanation(*e).has_value()) << key << ": " << checkExplanation(*e).value_or("");
        EXPECT_TRUE(e->reproduced) << key;
    }
    EXPECT_GE(small, 1);
}
} // namespace
