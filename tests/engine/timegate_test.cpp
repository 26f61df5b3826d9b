// The time gate's search (engine/timecost.h, fewestGpusThatFinish and FinishSearch) skips the GPU counts a bound
// proves late and stops where faults outpace every larger count. It must give the very count the plain walk gives:
// the first point of the days curve's grid whose layoutTiming() finishes, bisected in the step before it. Here the
// plain walk (every grid point timed, up to 10^15 GPUs) is the reference, over random scenarios in both modes, with
// fault and checkpoint keys, MoE and pipelines, tiny and huge deadlines.

#include "tests/engine/random_scenarios.h"

#include "engine/evaluate.h"
#include "engine/timecost.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

namespace {

using namespace tl::engine;

constexpr long long kCap = 1000000000000000LL; // 1e15: "no count finishes"

// Every grid point of the curve from fromDp (fixed mode: from compute's bound), timed by layoutTiming.
std::int64_t plainWalk(const Scenario& s, const ModelCounts& m, const Work& w, double days, long long maxDp,
                       long long fromDp) {
    const long long mp = static_cast<long long>(s.parallel.tp) * s.parallel.pp * s.parallel.cp;
    const long long lastDp = std::max(1LL, std::min(maxDp, kCap / mp));
    const auto finishes = [&](long long dp) {
        return layoutTiming(s, m, w, int(std::min<long long>(dp, 2000000000LL)), dp * mp).faults.effectiveDays <= days;
    };
    long long dp = std::clamp(fromDp, 1LL, lastDp);
    if (s.efficiency.mode != EfficiencyMode::Derived) {
        const Timing one = layoutTiming(s, m, w, 1, mp);
        const double bound = std::ceil(one.seconds / (days * kSecondsPerDay) - 1e-9);
        dp = std::max(dp, static_cast<long long>(std::clamp(bound, 1.0, double(lastDp))));
    }
    for (long long before = dp - 1;; before = dp, dp = std::min(lastDp, nextCurveDp(dp))) {
        if (finishes(dp)) {
            long long lo = before, hi = dp;
            while (hi - lo > 1) {
                const long long mid = lo + (hi - lo) / 2;
                (finishes(mid) ? hi : lo) = mid;
            }
            return std::int64_t(hi * mp);
        }
        if (dp == lastDp)
            return std::int64_t(kCap);
    }
}

long long replicaLimit(const Scenario& s) {
    return std::min(1LL << 20, std::max(1LL, static_cast<long long>(s.data.globalBatch / s.data.microBatch)));
}

TEST(TimeGate, TheBoundedSearchGivesThePlainWalksCountOnRandomScenarios) {
    tl::test::RandomScenarios gen(20261202);
    int checked = 0, none = 0, found = 0, derived = 0, async = 0;
    for (int i = 0; i < 20000 && checked < 3000; ++i) {
        Scenario s = gen.next();
        // Deadlines nobody meets and ones everybody meets; faults from rare to every hour; checkpoints of every kind.
        s.schedule.deadlineDays = gen.logUniform(0.0417, 3650);
        s.schedule.reserveDays = gen.pick(0, 2) == 0 ? 0.0 : gen.logUniform(1e-3, 1) * s.schedule.deadlineDays * 0.9;
        if (gen.pick(0, 1) == 1)
            s.reliability.gpuMtbfHours = gen.logUniform(1, 1e7);
        if (gen.pick(0, 2) == 0)
            s.reliability.restartMin = gen.logUniform(0.01, 1000);
        if (gen.pick(0, 2) == 0)
            s.checkpoint.intervalMin = gen.pick(0, 2) == 0 ? 0.0 : gen.logUniform(0.1, 1e4);
        if (gen.pick(0, 2) == 0)
            s.checkpoint.storageGbps = gen.logUniform(0.01, 1e4);
        s.checkpoint.async = gen.pick(0, 1) == 1;
        if (gen.pick(0, 3) == 0)
            s.data.tokens = gen.logUniform(1e6, 1e15);
        const Ledger l = evaluate(s);
        if (!l.valid)
            continue;
        ++checked;
        const ModelCounts m = countModel(s.model);
        const Work w = workOf(l);
        const bool isDerived = s.efficiency.mode == EfficiencyMode::Derived;
        const long long maxDp = isDerived ? replicaLimit(s) : kCap;
        const long long mp = static_cast<long long>(s.parallel.tp) * s.parallel.pp * s.parallel.cp;
        const std::int64_t full = plainWalk(s, m, w, s.schedule.deadlineDays, maxDp, 1);
        const std::int64_t training = full >= kCap ? full : plainWalk(s, m, w, l.time.trainingDays, maxDp, full / mp);
        ASSERT_EQ(fewestGpusThatFinish(s, m, w, s.schedule.deadlineDays, maxDp), full) << "scenario " << i;
        ASSERT_EQ(l.time.minGpusComputeFullDeadline, full) << "scenario " << i;
        ASSERT_EQ(l.time.minGpusCompute, training) << "scenario " << i;
        // A looser start and a lower deadline too (the same search object, its remembered probes).
        FinishSearch search(s, m, w, maxDp);
        const double tight = l.time.trainingDays * 0.5;
        ASSERT_EQ(search.fewest(tight, 1), plainWalk(s, m, w, tight, maxDp, 1)) << "scenario " << i;
        ASSERT_EQ(search.fewest(l.time.trainingDays, 1), plainWalk(s, m, w, l.time.trainingDays, maxDp, 1))
            << "scenario " << i;
        none += full >= kCap;
        found += full < kCap;
        derived += isDerived;
        async += s.checkpoint.async;
    }
    EXPECT_GE(checked, 3000);
    // Both answers, both modes and both checkpoint kinds are well represented.
    EXPECT_GT(none, 300);
    EXPECT_GT(found, 300);
    EXPECT_GT(derived, 1000);
    EXPECT_GT(async, 1000);
}

// Llama 3.1 405B with faults that no count of its layout outlasts (derived: up to its replica limit; fixed: up to
// 10^15 GPUs): the search proves it from the bound without timing the grid's points one by one.
TEST(TimeGate, NoneFinishesIsProvedWithoutTimingEveryPoint) {
    for (const EfficiencyMode mode : {EfficiencyMode::Fixed, EfficiencyMode::Derived}) {
        Scenario s;
        applyModelPreset(s, "llama3.1-405b");
        s.parallel.tp = 8;
        s.parallel.pp = 14;
        s.parallel.dp = 128;
        s.data.globalBatch = 1792;
        s.data.tokens = 15.6e12;
        s.efficiency.mode = mode;
        const Ledger l = evaluate(s);
        ASSERT_TRUE(l.valid);
        ASSERT_EQ(l.time.minGpusCompute, kCap); // 25 training days: none of this layout finishes
        const ModelCounts m = countModel(s.model);
        const long long maxDp = mode == EfficiencyMode::Derived ? replicaLimit(s) : kCap;
        FinishSearch search(s, m, workOf(l), maxDp);
        EXPECT_EQ(search.fewest(l.time.trainingDays), kCap);
        EXPECT_EQ(plainWalk(s, m, workOf(l), l.time.trainingDays, maxDp, 1), kCap);
        // The plain walk times about 100 (derived) or 300 (fixed) points; the search a handful.
        EXPECT_LE(search.stepsTimed(), 4) << "mode " << int(mode);
    }
}

} // namespace
