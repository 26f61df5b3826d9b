// Extreme but valid scenarios (issue 9 item 3): every key at the ends of its range, repaired only as far as the
// cross-field rules demand, gives finite, non-negative figures. Built with the "asan" preset, UBSan (with
// float-cast-overflow) turns any int overflow or out-of-range conversion on the way into a failure.

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/layout.h"
#include "engine/ledgerfields.h"
#include "engine/pipeline_sim.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <utility>

namespace {

using namespace tl::engine;

void expectSane(const Ledger& l, const std::string& what) {
    for (const auto& f : ledgerFields()) {
        const LedgerValue v = f.get(l);
        const bool sized = f.unit == Unit::Bytes || f.unit == Unit::Count;
        if (auto d = std::get_if<double>(&v)) {
            ASSERT_TRUE(std::isfinite(*d)) << what << ": " << f.key;
            if (sized) {
                ASSERT_GE(*d, 0) << what << ": " << f.key;
            }
        }
        if (auto i = std::get_if<std::int64_t>(&v); i && sized) {
            ASSERT_GE(*i, 0) << what << ": " << f.key;
        }
    }
}

void set(Scenario& s, const char* key, FieldValue v) {
    ASSERT_FALSE(setField(s, key, v).has_value()) << key;
}

// The case: 4096 x 1,048,576 overflowed int and printed negative activations.
TEST(Extremes, WideMixtureOfExpertsHasPositiveActivations) {
    Scenario s;
    set(s, "model.moe.experts", 4096.0);
    set(s, "model.moe.active_experts", 4096.0);
    set(s, "model.moe.expert_ffn_hidden", 524288.0);
    const Ledger l = evaluate(s);
    ASSERT_TRUE(l.valid) << (l.errors.empty() ? "" : l.errors[0].message());
    EXPECT_GT(l.memory.activations, 0);
    expectSane(l, "moe");
}

TEST(Extremes, GpuCountOfTheLargestDegreesDoesNotOverflow) {
    Scenario s;
    s.parallel.tp = s.parallel.pp = s.parallel.cp = 65536;
    s.parallel.dp = 1048576;
    EXPECT_EQ(gpuCount(s), std::int64_t(1e15));
    EXPECT_FALSE(evaluate(s).valid);
}

TEST(Extremes, ShortDeadlinesAreRefusedNotInfinite) {
    Scenario s;
    s.data.tokens = 1e6;
    s.schedule.reserveDays = 0;
    s.schedule.deadlineDays = 5e-324;
    const Ledger l = evaluate(s);
    ASSERT_FALSE(l.valid);
    EXPECT_EQ(l.errors[0].code, "schedule.deadline_days");
    s.schedule.deadlineDays = 0.0417; // about an hour: the shortest deadline
    expectSane(evaluate(s), "an hour");
    EXPECT_TRUE(evaluate(s).valid);
}

// Every numeric key at its minimum, its maximum or in between (log scale), then the cross-field rules repaired.
TEST(Extremes, KeysAtTheEndsOfTheirRanges) {
    std::mt19937_64 rng(9);
    std::vector<const Field*> numeric;
    for (const auto& f : scenarioFields())
        if ((f.type == FieldType::Int || f.type == FieldType::Real) &&
            std::string_view(f.key) != "schedule.reserve_days")
            numeric.push_back(&f);
    int valid = 0;
    const int cases = 3000;
    for (int i = 0; i < cases; ++i) {
        Scenario s;
        for (const Field* f : numeric) {
            const int pick = std::uniform_int_distribution<int>(0, 3)(rng);
            if (pick == 3)
                continue; // the default
            const double lo = f->minExclusive ? std::nextafter(f->min, f->max) : f->min;
            double x = pick == 0 ? lo : f->max;
            if (pick == 2) {
                const double a = std::log(std::max(lo, 1e-3)), b = std::log(f->max);
                x = std::exp(std::uniform_real_distribution<double>(a, b)(rng));
            }
            if (f->type == FieldType::Int)
                x = std::clamp(std::round(x), f->min, f->max);
            f->set(s, x);
        }
        // Repairs: only what validate() demands, so the arithmetic still sees the extremes.
        auto& m = s.model;
        auto& p = s.parallel;
        m.kvHeads = m.heads;
        if (m.moe.experts > 0) {
            m.moe.activeExperts = std::clamp(m.moe.activeExperts, 1, m.moe.experts);
            m.moe.expertFfnHidden = std::max(1, m.moe.expertFfnHidden);
            m.moe.denseLayers = std::min(m.moe.denseLayers, m.layers);
        }
        p.tp = m.heads % p.tp == 0 ? p.tp : 1;
        p.pp = m.layers % p.pp == 0 ? p.pp : 1;
        p.cp = s.data.seqLen % (2 * p.cp) == 0 ? p.cp : 1;
        p.virtualStages = 1;
        if (p.schedule != Schedule::OneFOneB)
            p.schedule = Schedule::OneFOneB;
        s.data.microBatch = std::min(s.data.microBatch, s.data.globalBatch);
        if (s.data.globalBatch % s.data.microBatch != 0)
            s.data.microBatch = 1;
        if ((s.data.globalBatch / s.data.microBatch) % p.dp != 0)
            p.dp = 1;
        if (double(p.tp) * p.pp * p.dp * p.cp > 1e7)
            p.tp = p.pp = p.cp = 1;
        const double group = double(p.tp) * p.cp * p.dp;
        if (m.moe.experts == 0 || m.moe.experts % p.ep != 0 || std::fmod(group, p.ep) != 0)
            p.ep = 1;
        if (m.moe.experts == 0 || m.moe.expertFfnHidden % p.etp != 0 || std::fmod(group, double(p.ep) * p.etp) != 0)
            p.etp = 1;
        s.schedule.reserveDays = s.schedule.deadlineDays / 2;
        const Ledger l = evaluate(s);
        if (l.valid) {
            ++valid;
            expectSane(l, "case " + std::to_string(i));
            // The pipeline's closed form at these sizes too.
            if (p.pp > 1) {
                const PipelineClosedForm cf = closedForm(pipelineSpecFor(s));
                ASSERT_TRUE(std::isfinite(cf.bubbleFraction)) << i;
            }
            const auto curve = scaleCurve(s, 4LL * gpuCount(s));
            for (const auto& pt : curve)
                ASSERT_TRUE(std::isfinite(pt.days) && pt.memoryTotal >= 0) << i;
        } else {
            // Invalid only through the size cap or the hardware/time rules, never through a crash.
            ASSERT_FALSE(l.errors.empty());
        }
    }
    // Meaningful only when most extreme cases are really evaluated.
    EXPECT_GT(valid, cases / 2) << valid << " of " << cases << " valid";
    std::printf("extreme scenarios: %d of %d valid and evaluated\n", valid, cases);
}

TEST(Extremes, RoundedCountsAreRefusedJustWhereTheirCountWouldBeNegative) {
    // Six count keys show a double rounded to a whole number. evaluate() refuses such a ledger when the count would
    // be negative, as llround gives it: at -0.5 and below, and for NaN, infinities and figures of 2^63 and more
    // (INT64_MIN). Its check does not call llround.
    Scenario s;
    s.efficiency.mode = EfficiencyMode::Derived;
    const Ledger good = evaluate(s);
    ASSERT_TRUE(good.valid);
    ASSERT_TRUE(ledgerAdmissible(good));
    struct Case {
        const char* key;
        double* (*slot)(Ledger&);
    };
    const Case cases[] = {
        {"flops.attention_pairs_per_sequence", [](Ledger& l) { return &l.flops.attentionPairsPerSequence; }},
        {"time.tokens_processed", [](Ledger& l) { return &l.time.tokensProcessed; }},
        {"budget.chinchilla_params", [](Ledger& l) { return &l.budget.chinchillaParams; }},
        {"budget.chinchilla_tokens", [](Ledger& l) { return &l.budget.chinchillaTokens; }},
        {"budget.kaplan_params", [](Ledger& l) { return &l.budget.kaplanParams; }},
        {"budget.kaplan_tokens", [](Ledger& l) { return &l.budget.kaplanTokens; }},
    };
    const double inf = std::numeric_limits<double>::infinity(), below2p63 = std::nextafter(0x1p63, 0.0);
    const std::pair<double, bool> values[] = {
        {0, true},     {0.4, true},       {-0.49, true},         {-0.5, false},  {-1, false},
        {1e18, true},  {below2p63, true}, {0x1p63, false},       {1e300, false}, {inf, false},
        {-inf, false}, {-1e300, false},   {std::nan(""), false},
    };
    for (const Case& c : cases) {
        const auto field = std::find_if(ledgerFields().begin(), ledgerFields().end(),
                                        [&](const LedgerField& f) { return std::string(f.key) == c.key; });
        ASSERT_NE(field, ledgerFields().end()) << c.key;
        for (const auto& [x, admissible] : values) {
            Ledger l = good;
            *c.slot(l) = x;
            EXPECT_EQ(field->admissible(l), admissible) << c.key << " = " << x;
            EXPECT_EQ(ledgerAdmissible(l), admissible) << c.key << " = " << x;
            EXPECT_EQ(std::get<std::int64_t>(field->get(l)) >= 0, admissible) << c.key << " = " << x;
        }
    }
}

TEST(Extremes, TextKeysHoldWordsOrNothing) {
    // The admissibility check passes the Text keys without reading them: they hold words (or null), never a number.
    for (const EfficiencyMode mode : {EfficiencyMode::Fixed, EfficiencyMode::Derived}) {
        Scenario s;
        s.efficiency.mode = mode;
        const Ledger l = evaluate(s);
        ASSERT_TRUE(l.valid);
        int text = 0;
        for (const auto& f : ledgerFields())
            if (f.unit == Unit::Text) {
                const LedgerValue v = f.get(l);
                EXPECT_TRUE(std::holds_alternative<std::string>(v) || std::holds_alternative<std::monostate>(v))
                    << f.key;
                ++text;
            }
        EXPECT_GE(text, 2);
    }
}

} // namespace
