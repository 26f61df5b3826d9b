#pragma once
// Random valid scenarios from a fixed seed, shared by the property tests and the file round-trip tests.

#include "engine/fields.h"
#include "engine/precision.h"
#include "engine/presets.h"
#include "engine/scenario.h"

#include <cmath>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace tl::test {

using namespace tl::engine;

struct RandomScenarios {
    std::mt19937_64 rng;
    explicit RandomScenarios(unsigned long long seed = 20261129) : rng(seed) {}

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
        p.schedule = choose(std::vector<Schedule>{Schedule::GPipe, Schedule::OneFOneB, Schedule::Interleaved,
                                                  Schedule::ZbH1, Schedule::ZbH2, Schedule::ZbV, Schedule::DualPipeV});
        p.virtualStages = p.schedule == Schedule::Interleaved ? divisorUpTo(shape.layers / p.pp, 4) : 1;
        p.dp = pick(1, 64);
        p.zero = pick(0, 3);
        p.sequenceParallel = pick(0, 1) == 1;
        s.data.seqLen = 1 << pick(9, 17);
        p.cp = 1 << pick(0, 2);
        s.data.microBatch = 1 << pick(0, 2);
        // Interleaved needs micro-batches in multiples of pp, dualpipev at least 2 x pp (Megatron, DualPipe).
        const int unit =
            p.schedule == Schedule::Interleaved ? p.pp : (p.schedule == Schedule::DualPipeV ? 2 * p.pp : 1);
        s.data.globalBatch = s.data.microBatch * p.dp * unit * pick(1, 64);
        s.data.tokens = logUniform(1e8, 1e13);
        s.data.supervisedFraction = std::uniform_real_distribution<double>(0.05, 1.0)(rng);
        s.data.vocabOnSupervisedOnly = pick(0, 1) == 1;
        if (pick(0, 3) == 0) {
            const int first = pick(1, s.data.seqLen - 1);
            s.data.documents = {first, s.data.seqLen - first};
        }
        s.precision = choose(precisionRecipes()).spec;
        s.activations.recompute =
            choose(std::vector<Recompute>{Recompute::None, Recompute::Selective, Recompute::Full});
        s.activations.flashAttention = pick(0, 3) != 0;
        s.offload.optimizer = choose(std::vector<Offload>{Offload::None, Offload::None, Offload::Cpu, Offload::Nvme});
        s.efficiency.mfu = std::uniform_real_distribution<double>(0.05, 0.8)(rng);
        s.schedule.deadlineDays = pick(1, 365);
        s.schedule.reserveDays = std::uniform_real_distribution<double>(0, 0.9)(rng) * s.schedule.deadlineDays;
        // Issue 10: the hardware step model and dropout's masks.
        s.efficiency.mode = pick(0, 1) == 1 ? EfficiencyMode::Derived : EfficiencyMode::Fixed;
        s.model.dropout = pick(0, 3) == 0;
        // Issue 22: expert parallelism (ep x etp divides tp x cp x dp) and uneven routing, for the MoE presets.
        if (s.model.moe.experts > 0 && pick(0, 1) == 1) {
            const int group = p.tp * p.cp * p.dp;
            p.ep = divisorUpTo(std::gcd(s.model.moe.experts, group), 64);
            p.etp = divisorUpTo(std::gcd(s.model.moe.expertFfnHidden, group / p.ep), 4);
            s.model.moe.routerBalance = std::uniform_real_distribution<double>(1.0, 2.0)(rng);
        }
        return s;
    }
};

} // namespace tl::test
