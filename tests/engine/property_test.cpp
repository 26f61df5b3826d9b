// Properties over 10,000 random valid scenarios (fixed seed), plus random invalid ones.

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/ledgerfields.h"
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

struct Generator {
    std::mt19937_64 rng{20261129};

    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }
    double logUniform(double lo, double hi) {
        return std::exp(std::uniform_real_distribution<double>(std::log(lo), std::log(hi))(rng));
    }
    template <typename T> const T& choose(const std::vector<T>& v) { return v[size_t(pick(0, int(v.size()) - 1))]; }
    int divisorUpTo(int n, int cap) {
        std::vector<int> ds;
        for (int d = 1; d <= std::min(n, cap); ++d)
            if (n % d == 0)
                ds.push_back(d);
        return choose(ds);
    }

    Scenario next() {
        Scenario s;
        if (pick(0, 4) == 0) {
            setField(s, "model.params", logUniform(1e7, 1e13));
        } else {
            applyModelPreset(s, choose(modelPresets()).id);
        }
        applyGpuPreset(s, choose(gpuPresets()).id);
        const ModelShape shape = s.model;
        auto& p = s.parallel;
        p.tp = divisorUpTo(std::gcd(shape.heads, shape.kvHeads), 16);
        p.pp = divisorUpTo(shape.layers, 16);
        p.schedule =
            choose(std::vector<std::string>{"gpipe", "1f1b", "interleaved", "zb-h1", "zb-h2", "zb-v", "dualpipev"});
        p.virtualStages = p.schedule == "interleaved" ? divisorUpTo(shape.layers / p.pp, 4) : 1;
        p.dp = pick(1, 64);
        p.zero = pick(0, 3);
        p.sequenceParallel = pick(0, 1) == 1;
        s.data.seqLen = 1 << pick(9, 17);
        p.cp = 1 << pick(0, 2);
        s.data.microBatch = 1 << pick(0, 2);
        // Interleaved needs micro-batches in multiples of pp, dualpipev at least 2 x pp (Megatron, DualPipe).
        const int unit = p.schedule == "interleaved" ? p.pp : (p.schedule == "dualpipev" ? 2 * p.pp : 1);
        s.data.globalBatch = s.data.microBatch * p.dp * unit * pick(1, 64);
        s.data.tokens = logUniform(1e8, 1e13);
        s.data.supervisedFraction = std::uniform_real_distribution<double>(0.05, 1.0)(rng);
        s.data.vocabOnSupervisedOnly = pick(0, 1) == 1;
        if (pick(0, 3) == 0) {
            const int first = pick(1, s.data.seqLen - 1);
            s.data.documents = {first, s.data.seqLen - first};
        }
        s.precision = choose(precisionRecipes()).spec;
        s.activations.recompute = choose(std::vector<std::string>{"none", "selective", "full"});
        s.activations.flashAttention = pick(0, 3) != 0;
        s.offload.optimizer = choose(std::vector<std::string>{"none", "none", "cpu", "nvme"});
        s.efficiency.mfu = std::uniform_real_distribution<double>(0.05, 0.8)(rng);
        s.schedule.deadlineDays = pick(1, 365);
        s.schedule.reserveDays = std::uniform_real_distribution<double>(0, 0.9)(rng) * s.schedule.deadlineDays;
        return s;
    }
};

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
    Generator g;
    int evaluated = 0;
    for (int i = 0; i < kScenarios; ++i) {
        const Scenario s = g.next();
        const Ledger l = evaluate(s);
        ASSERT_TRUE(l.valid) << i << ": " << l.errors.front().message;
        ++evaluated;
        ASSERT_TRUE(allFinite(l)) << i;
        const auto& m = l.memory;
        const double sum = m.weights + m.gradients + m.masterWeights + m.optimizer + m.activations + m.buffers;
        ASSERT_NEAR(m.total, sum, 1e-9 * sum) << i;
        ASSERT_NEAR(m.activations, m.activationsLayers + m.activationsLogits, 1e-9 * m.activations) << i;
        ASSERT_GT(l.flops.trainingPerToken, 0) << i;
        ASSERT_GE(l.time.minGpusCompute, l.time.minGpusComputeFullDeadline) << i;
        ASSERT_GE(l.pipeline.bubbleFraction, 0) << i;
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

TEST(Properties, DaysFallAsGpusRise) {
    Generator g;
    for (int i = 0; i < 300; ++i) {
        const Scenario s = g.next();
        const auto curve = scaleCurve(s, 4096);
        ASSERT_FALSE(curve.empty());
        for (size_t k = 1; k < curve.size(); ++k) {
            ASSERT_GT(curve[k].gpus, curve[k - 1].gpus);
            ASSERT_LT(curve[k].days, curve[k - 1].days) << i;
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
            ASSERT_FALSE(l.errors.front().message.empty());
        }
    }
    EXPECT_GT(explained, 0);
}

} // namespace
