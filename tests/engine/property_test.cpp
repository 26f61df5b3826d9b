// Properties over 10,000 random valid scenarios (fixed seed), plus random invalid ones.

#include "tests/engine/random_scenarios.h"

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/ledgerfields.h"
#include "engine/memory.h"
#include "engine/model.h"
#include "engine/precision.h"
#include "engine/presets.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <random>

namespace {

using namespace tl::engine;

constexpr int kScenarios = 10000;

bool allFinite(const Ledger& l) {
    for (const auto& f : ledgerFields()) {
        const LedgerValue v = f.get(l);
        if (auto d = std::get_if<double>(&v); d && !std::isfinite(*d))
            return false;
    }
    return true;
}

double state(const Ledger& l) {
    return l.memory.weights + l.memory.gradients + l.memory.masterWeights + l.memory.optimizer;
}

TEST(Properties, RandomValidScenarios) {
    tl::test::RandomScenarios g;
    int evaluated = 0;
    for (int i = 0; i < kScenarios; ++i) {
        const Scenario s = g.next();
        const Ledger l = evaluate(s);
        ASSERT_TRUE(l.valid) << i << ": " << l.errors.front().message();
        ++evaluated;
        ASSERT_TRUE(allFinite(l)) << i;
        const auto& m = l.memory;
        const double sum = m.weights + m.gradients + m.masterWeights + m.optimizer + m.activations + m.buffers;
        ASSERT_NEAR(m.total, sum, 1e-9 * sum) << i;
        ASSERT_NEAR(m.activations, m.activationsLayers + m.activationsLogits, 1e-9 * m.activations) << i;
        ASSERT_GT(l.flops.trainingPerToken, 0) << i;
        ASSERT_GE(l.time.minGpusCompute, l.time.minGpusComputeFullDeadline) << i;
        ASSERT_GE(l.pipeline.bubbleFraction, 0) << i;
        // The step's parts are exposed seconds: none negative, and they add up to the step (both modes).
        const auto& b = l.time.breakdown;
        for (double part :
             {b.compute, b.recompute, b.tpComm, b.cpComm, b.ppP2p, b.ppBubble, b.dpComm, b.optimizer, b.offload})
            ASSERT_GE(part, 0) << i;
        ASSERT_NEAR(b.total(), l.time.stepTimeS, 1e-9 * l.time.stepTimeS) << i;
        ASSERT_GT(l.time.mfu, 0) << i;
        ASSERT_LE(l.time.mfu, 1) << i;
        ASSERT_GE(l.time.hfu, l.time.mfu * (1 - 1e-12)) << i;
        ASSERT_LT(l.pipeline.bubbleFraction, 1) << i;

        // Per-GPU state never rises as dp rises under ZeRO >= 1.
        if (s.parallel.zero >= 1) {
            Scenario wider = s;
            wider.parallel.dp *= 2;
            wider.data.globalBatch *= 2;
            const Ledger lw = evaluate(wider);
            ASSERT_TRUE(lw.valid) << i;
            ASSERT_LE(state(lw), state(l) * (1 + 1e-12)) << i;
        }
    }
    EXPECT_EQ(evaluated, kScenarios);
}

TEST(Properties, MemoryGateIsTheFewestDpThatFits) {
    tl::test::RandomScenarios g(99);
    int withGate = 0;
    for (int i = 0; i < 6000; ++i) {
        Scenario s = g.next();
        if (i % 2 == 1) { // larger batches: pipelines that hold their full in-flight count up to a large dp, then less
            Scenario larger = s;
            larger.data.globalBatch *= 1 << g.pick(1, 8);
            if (evaluate(larger).valid)
                s = larger;
        }
        const Ledger l = evaluate(s);
        ASSERT_TRUE(l.valid);
        if (!l.time.minGpusMemory)
            continue;
        ++withGate;
        const int mp = s.parallel.tp * s.parallel.pp * s.parallel.cp;
        const int dp = int(*l.time.minGpusMemory / mp);
        const ModelCounts m = countModel(s.model);
        const StateBytes b = stateBytes(s.precision, m.hidden);
        ASSERT_LE(perGpuMemory(s, m, b, dp).total(), l.memory.capacity) << i;
        if (dp > 1) {
            ASSERT_GT(perGpuMemory(s, m, b, dp - 1).total(), l.memory.capacity) << i;
        }
    }
    EXPECT_GT(withGate, 2000);
}

TEST(Properties, MemoryTotalIsTheBreakdownsTotalAndNeverRisesWithDp) {
    // total(dp), the memory gate's probe, skips the breakdown: it must give at(dp).total() to the bit. From dp = 2
    // (dp = 1 has no gradient buckets) memory never rises as dp rises, which the gate's search relies on.
    tl::test::RandomScenarios g(5);
    int checked = 0;
    for (int i = 0; i < 1000; ++i) {
        const Scenario s = g.next();
        const ModelCounts m = countModel(s.model);
        const MemoryModel memory(s, m, stateBytes(s.precision, m.hidden));
        const int replicas = s.data.globalBatch / s.data.microBatch;
        double previous = memory.total(2);
        for (int dp = 1; dp <= replicas; dp += 1 + dp / 8) {
            const double total = memory.total(dp);
            ASSERT_EQ(total, memory.at(dp).total()) << i << " dp " << dp;
            if (dp >= 2) {
                ASSERT_LE(total, previous) << i << " dp " << dp;
                previous = total;
            }
            ++checked;
        }
    }
    EXPECT_GT(checked, 10000);
}

TEST(Properties, SteadyInFlightEndsWhereTheMicroBatchesRunShort) {
    // Up to steadyUpTo() every dp holds the pipeline's full in-flight count on both end stages (the memory gate skips
    // that range at once when the line through two probes says none of it fits); one dp more holds fewer.
    tl::test::RandomScenarios g(17);
    int ended = 0;
    for (int i = 0; i < 2000; ++i) {
        Scenario s = g.next();
        s.data.globalBatch *= 1 << g.pick(0, 6);
        const ModelCounts m = countModel(s.model);
        const MemoryModel memory(s, m, stateBytes(s.precision, m.hidden));
        const int steady = memory.steadyUpTo(), replicas = s.data.globalBatch / s.data.microBatch;
        if (steady == 0) { // GPipe, or too few micro-batches for even one replica's warm-up
            ASSERT_TRUE(s.parallel.schedule == Schedule::GPipe || replicas < 2 * s.parallel.pp + 1) << i;
            continue;
        }
        const MemoryModel::Ends full = memory.ends(1);
        for (int dp : {1, 2, steady / 2, steady - 1, steady}) {
            if (dp < 1 || dp > steady)
                continue;
            const MemoryModel::Ends e = memory.ends(dp);
            ASSERT_EQ(e.first.inFlight, full.first.inFlight) << i << " dp " << dp;
            ASSERT_EQ(e.last.inFlight, full.last.inFlight) << i << " dp " << dp;
        }
        if (steady < replicas) {
            const MemoryModel::Ends past = memory.ends(steady + 1);
            ASSERT_TRUE(past.first.inFlight < full.first.inFlight || past.last.inFlight < full.last.inFlight) << i;
            ++ended;
        }
    }
    EXPECT_GT(ended, 100);
}

TEST(Properties, DaysFallAsGpusRise) {
    tl::test::RandomScenarios g;
    for (int i = 0; i < 300; ++i) {
        const Scenario s = g.next();
        const auto curve = scaleCurve(s, 4096);
        ASSERT_FALSE(curve.empty());
        for (size_t k = 1; k < curve.size(); ++k) {
            ASSERT_GT(curve[k].gpus, curve[k - 1].gpus);
            // Fixed mode: days fall as 1 / GPUs. Derived mode may rise when a replica's work no longer shrinks (the
            // micro-batches per replica round down) while its traffic grows: only finite and positive then.
            if (s.efficiency.mode == EfficiencyMode::Fixed) {
                ASSERT_LT(curve[k].days, curve[k - 1].days) << i;
            }
            ASSERT_TRUE(std::isfinite(curve[k].days) && curve[k].days > 0) << i;
            ASSERT_TRUE(std::isfinite(curve[k].usd));
        }
    }
}

TEST(Properties, RandomFieldValuesNeverCrashOrGiveNaN) {
    // Any value of any key, in range or not: evaluate() either explains or gives finite numbers.
    std::mt19937_64 rng(7);
    const std::vector<double> numbers = {-1, 0, 0.5, 1, 3, 7, 1e3, 1e9, 1e300, -1e300, std::nan(""), INFINITY};
    const auto& fields = scenarioFields();
    int explained = 0;
    for (int i = 0; i < 5000; ++i) {
        Scenario s;
        if (i % 2 == 1)
            s.efficiency.mode = EfficiencyMode::Derived; // the hardware step model sees the same values
        for (int k = 0; k < 3; ++k) {
            const Field& f = fields[rng() % fields.size()];
            const double x = numbers[rng() % numbers.size()];
            FieldValue v = x;
            if (f.type == FieldType::Bool)
                v = (rng() % 2) == 0;
            else if (f.type == FieldType::Text || f.type == FieldType::Choice)
                v = std::string(rng() % 2 ? "bogus" : "none");
            else if (f.type == FieldType::IntList)
                v = std::vector<int>{int(rng() % 9000), -3};
            (void)setField(s, f.key, v);
        }
        const Ledger l = evaluate(s);
        ASSERT_TRUE(allFinite(l));
        if (!l.valid) {
            ++explained;
            ASSERT_FALSE(l.errors.empty());
            ASSERT_FALSE(l.errors.front().message().empty());
        }
    }
    EXPECT_GT(explained, 0);
}

} // namespace
