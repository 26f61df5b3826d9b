// The time view's "best layout" curve (engine::bestLayoutCurve): per GPU count it equals the planner run on that
// count alone, it is never slower than "only dp varies" where that layout fits, counts without a layout say why,
// and cancelling leaves no half-filled curve.

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/layoutplanner.h"
#include "engine/presets.h"
#include "engine/timecost.h"
#include "engine/validate.h"
#include "plannerfixture.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>

namespace {

using namespace tl::engine;

// The planner test's small model, in derived mode (the curve is searched there only).
Scenario tinyScenario() {
    Scenario s = tl::test::tinyScenario();
    s.efficiency.mode = EfficiencyMode::Derived;
    return s;
}

std::vector<CountRequest> curveCounts(const Evaluation& e) {
    std::vector<CountRequest> out;
    for (const ScalePoint& p : e.curve)
        out.push_back({p.gpus, p.globalBatch});
    return out;
}

// The planner on one count, as the Planner tab or `--plan --gpus N` runs it.
PlanResult planAlone(Scenario s, long long gpus, int batch, const PlanRequest& like) {
    s.data.globalBatch = batch;
    PlanRequest req = like;
    req.minGpus = req.maxGpus = gpus;
    req.top = 1;
    return planLayouts(s, req);
}

void expectEqualsPlannerAlone(const Scenario& s, const std::vector<CountRequest>& counts, const PlanRequest& req) {
    const CurveResult r = bestLayoutCurve(s, counts, req);
    ASSERT_FALSE(r.cancelled);
    ASSERT_FALSE(r.points.empty());
    int found = 0, missing = 0;
    for (const CountBest& b : r.points) {
        const PlanResult alone = planAlone(s, b.gpus, b.globalBatch, req);
        SCOPED_TRACE(std::to_string(b.gpus) + " GPUs, batch " + std::to_string(b.globalBatch));
        ASSERT_EQ(b.found, !alone.plans.empty()) << b.reason.message();
        if (!b.found) {
            ++missing;
            EXPECT_EQ(b.reason.message(), alone.reason.message());
            EXPECT_FALSE(b.reason.empty());
            continue;
        }
        ++found;
        const Plan& p = alone.plans.front();
        EXPECT_TRUE(b.plan.layout == p.layout) << describeLayout(b.plan.layout) << " vs " << describeLayout(p.layout);
        EXPECT_EQ(b.plan.days, p.days);
        EXPECT_EQ(b.plan.usd, p.usd);
        EXPECT_EQ(b.plan.stepS, p.stepS);
        EXPECT_EQ(b.plan.memoryTotal, p.memoryTotal);
        EXPECT_EQ(b.plan.bottleneck, p.bottleneck);
        EXPECT_EQ(b.plan.gpus(), b.gpus);
    }
    // The cases have both kinds of count.
    EXPECT_GT(found, 3);
    EXPECT_GT(missing, 0);
}

TEST(BestLayoutCurve, EachCountEqualsThePlannerOnThatCountAlone) {
    const Scenario s = tinyScenario();
    // Counts with layouts, and counts no layout makes (11 and 13: pp <= 8, tp <= 4, dp | 8, cp a power of two).
    std::vector<CountRequest> counts;
    for (long long n : {1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 16, 24, 32, 64})
        counts.push_back({n, 0});
    PlanRequest req;
    expectEqualsPlannerAlone(s, counts, req);
    req.headroom = 0.2;
    req.threads = 1;
    expectEqualsPlannerAlone(s, counts, req);
}

TEST(BestLayoutCurve, TheDaysCurvesCountsIncludingARaisedBatch) {
    Scenario s = tinyScenario();
    s.hardware.memoryGb = 6;
    s.data.tokens = 1e15; // the time gate lies beyond the replica limit: the curve raises the layout, then the batch
    const Evaluation e = evaluateAll(s);
    ASSERT_FALSE(e.curve.empty());
    const bool raised = std::any_of(e.curve.begin(), e.curve.end(),
                                    [&](const ScalePoint& p) { return p.globalBatch != s.data.globalBatch; });
    EXPECT_TRUE(raised) << e.curveNote.message();
    expectEqualsPlannerAlone(s, curveCounts(e), PlanRequest{});
}

// Where "only dp varies" is itself a layout the planner searches (valid, fits), the best is at least as fast.
void expectNeverSlowerThanOnlyDp(const Scenario& s) {
    const Evaluation e = evaluateAll(s);
    ASSERT_TRUE(e.valid());
    const CurveResult r = bestLayoutCurve(s, curveCounts(e), PlanRequest{});
    ASSERT_EQ(r.points.size(), e.curve.size()); // every curve count is distinct
    int compared = 0;
    for (size_t i = 0; i < e.curve.size(); ++i) {
        const ScalePoint& p = e.curve[i];
        const CountBest& b = r.points[i];
        ASSERT_EQ(b.gpus, p.gpus);
        const Scenario only = scenarioAt(s, p);
        const Ledger l = evaluate(only);
        if (!l.valid || !l.memory.fits)
            continue;
        ++compared;
        SCOPED_TRACE(std::to_string(p.gpus) + " GPUs");
        ASSERT_TRUE(b.found) << b.reason.message();
        // Days with faults and checkpoints on both sides: what the planner ranks (issue 25).
        EXPECT_LE(b.plan.days, l.time.daysEffective * (1 + 1e-12)) << describeLayout(b.plan.layout);
        EXPECT_LE(b.plan.days, p.daysEffective * (1 + 1e-9)) << describeLayout(b.plan.layout);
    }
    EXPECT_GT(compared, 3);
}

TEST(BestLayoutCurve, NeverSlowerThanOnlyDpWhereThatLayoutFits) {
    expectNeverSlowerThanOnlyDp(tinyScenario());
    Scenario wide = tinyScenario(); // the scenario's tp spans nodes: the search allows that too
    wide.hardware.memoryGb = 8;
    wide.hardware.gpusPerNode = 2;
    wide.parallel.tp = 4;
    expectNeverSlowerThanOnlyDp(wide);
    Scenario qwen; // the default scenario, Qwen3-8B, with a smaller batch so that the case stays quick
    qwen.efficiency.mode = EfficiencyMode::Derived;
    qwen.data.globalBatch = 96;
    expectNeverSlowerThanOnlyDp(qwen);
}

TEST(BestLayoutCurve, APlanReEvaluatesToItsFigures) {
    Scenario s = tinyScenario();
    s.hardware.memoryGb = 6;
    const Evaluation e = evaluateAll(s);
    const CurveResult r = bestLayoutCurve(s, curveCounts(e), PlanRequest{});
    for (const CountBest& b : r.points) {
        if (!b.found)
            continue;
        Scenario again = s;
        again.data.globalBatch = b.globalBatch;
        for (const auto& [key, value] : planAssignments(b.plan))
            ASSERT_FALSE(setField(again, key, value).has_value()) << key;
        const Ledger l = evaluate(again);
        ASSERT_TRUE(l.valid);
        EXPECT_EQ(l.time.daysEffective, b.plan.days);
        EXPECT_EQ(l.time.days, b.plan.daysCompute);
        EXPECT_EQ(l.time.gpus, b.gpus);
        EXPECT_EQ(l.memory.total, b.plan.memoryTotal);
    }
}

TEST(BestLayoutCurve, CountsWithoutALayoutSayWhy) {
    Scenario s;
    applyModelPreset(s, "llama3.1-405b");
    s.efficiency.mode = EfficiencyMode::Derived;
    const CurveResult r = bestLayoutCurve(s, {{8, 0}, {0, 0}}, PlanRequest{});
    ASSERT_EQ(r.points.size(), 2u);
    EXPECT_FALSE(r.points[0].found);
    EXPECT_NE(r.points[0].reason.message().find("the state alone needs"), std::string::npos)
        << r.points[0].reason.message();
    EXPECT_FALSE(r.points[1].found);
    EXPECT_NE(r.points[1].reason.message().find("whole number"), std::string::npos) << r.points[1].reason.message();

    Scenario t = tinyScenario();
    t.data.globalBatch = 2520;
    const CurveResult u = bestLayoutCurve(t, {{5128, 0}}, PlanRequest{});
    ASSERT_EQ(u.points.size(), 1u);
    EXPECT_NE(u.points[0].reason.message().find("no layout uses exactly 5,128 GPUs"), std::string::npos)
        << u.points[0].reason.message();
}

// The curve's branch and bound (pruning on) against the exhaustive search (pruning off, every layout evaluated): per
// count the same best layout with the same figures, or the same reason; every layout is counted once, evaluated or
// skipped; and the counts do not depend on the threads.
CurveResult expectSameAsExhaustive(const Scenario& s, const std::vector<CountRequest>& counts, PlanRequest req) {
    req.prune = true;
    req.threads = 2;
    const CurveResult fast = bestLayoutCurve(s, counts, req);
    req.threads = 3;
    const CurveResult three = bestLayoutCurve(s, counts, req);
    req.prune = false;
    const CurveResult full = bestLayoutCurve(s, counts, req);
    EXPECT_EQ(fast.evaluated, three.evaluated);
    EXPECT_EQ(fast.pruned, three.pruned);
    EXPECT_EQ(fast.evaluated + fast.pruned, full.evaluated);
    EXPECT_EQ(full.pruned, 0);
    EXPECT_EQ(fast.points.size(), full.points.size());
    int found = 0;
    for (size_t i = 0; i < std::min(fast.points.size(), full.points.size()); ++i) {
        const CountBest& a = fast.points[i];
        const CountBest& b = full.points[i];
        SCOPED_TRACE(std::to_string(b.gpus) + " GPUs, batch " + std::to_string(b.globalBatch));
        EXPECT_EQ(a.gpus, b.gpus);
        EXPECT_EQ(a.found, b.found);
        if (!a.found || !b.found) {
            EXPECT_EQ(a.reason.message(), b.reason.message());
            continue;
        }
        ++found;
        EXPECT_TRUE(a.plan.layout == b.plan.layout)
            << describeLayout(a.plan.layout) << " vs " << describeLayout(b.plan.layout);
        EXPECT_EQ(a.plan.days, b.plan.days);
        EXPECT_EQ(a.plan.daysCompute, b.plan.daysCompute);
        EXPECT_EQ(a.plan.usd, b.plan.usd);
        EXPECT_EQ(a.plan.stepS, b.plan.stepS);
        EXPECT_EQ(a.plan.memoryTotal, b.plan.memoryTotal);
        EXPECT_EQ(a.plan.bottleneck, b.plan.bottleneck);
    }
    EXPECT_GT(found, 2);
    return fast;
}

std::vector<CountRequest> countsOf(std::initializer_list<long long> list) {
    std::vector<CountRequest> out;
    for (long long n : list)
        out.push_back({n, 0});
    return out;
}

TEST(BestLayoutCurve, TheBranchAndBoundFindsTheExhaustiveSearchsBest) {
    const std::vector<CountRequest> small = countsOf({1, 2, 3, 4, 6, 8, 11, 12, 16, 24, 32, 64});
    PlanRequest req;
    {
        SCOPED_TRACE("dense, derived");
        expectSameAsExhaustive(tinyScenario(), small, req);
        req.headroom = 0.2;
        expectSameAsExhaustive(tinyScenario(), small, req);
        req.headroom = 0;
    }
    {
        SCOPED_TRACE("the scenario in fixed mode (the curve ranks in derived mode), and followed in fixed mode");
        Scenario fixed = tinyScenario();
        fixed.efficiency.mode = EfficiencyMode::Fixed;
        fixed.hardware.memoryGb = 6;
        expectSameAsExhaustive(fixed, small, req);
        req.forceDerived = false;
        expectSameAsExhaustive(fixed, small, req);
        req.forceDerived = true;
    }
    {
        SCOPED_TRACE("mixture of experts with an MTP module, more micro-batches (DualPipeV's overlapped all-to-all)");
        Scenario moe = tinyScenario();
        moe.model.moe.experts = 8;
        moe.model.moe.activeExperts = 2;
        moe.model.moe.expertFfnHidden = 512;
        moe.model.mtpLayers = 1;
        moe.hardware.memoryGb = 8;
        moe.data.globalBatch = 32;
        expectSameAsExhaustive(moe, countsOf({4, 8, 16, 32, 64}), req);
    }
    {
        SCOPED_TRACE(
            "FP8 with per-tensor scaling (ZeRO-3 gathers FP8 weights) on H100, uneven splits with balanced ends");
        Scenario fp8 = tinyScenario();
        applyGpuPreset(fp8, "h100-sxm");
        fp8.hardware.gpusPerNode = 4;
        fp8.hardware.memoryGb = 3.2;
        fp8.precision.compute = NumberFormat::Fp8;
        fp8.precision.fp8Recipe = Fp8Recipe::Tensorwise;
        fp8.model.layers = 10;
        fp8.parallel.balanceEnds = true;
        fp8.data.globalBatch = 16;
        expectSameAsExhaustive(fp8, countsOf({2, 4, 8, 12, 16, 32, 64}), req);
    }
    {
        SCOPED_TRACE("Qwen3-8B (the default scenario) on its days curve's counts, a smaller batch");
        Scenario qwen;
        qwen.efficiency.mode = EfficiencyMode::Derived;
        qwen.data.globalBatch = 96;
        const Evaluation e = evaluateAll(qwen);
        const CurveResult fast = expectSameAsExhaustive(qwen, curveLayoutCounts(qwen, e.curve), req);
        // The bound does its work: most layouts are skipped without their memory or time.
        EXPECT_GT(fast.pruned, 4 * fast.evaluated);
    }
}

TEST(BestLayoutCurve, CancelLeavesNothingHalfFilled) {
    Scenario s;
    applyModelPreset(s, "llama3.1-405b");
    s.efficiency.mode = EfficiencyMode::Derived;
    std::vector<CountRequest> counts;
    for (long long n = 4096; n <= 16384; n *= 2)
        counts.push_back({n, 0});

    // Cancelled before it starts: nothing evaluated, no points.
    std::atomic<bool> cancel{true};
    PlanRequest req;
    req.cancel = &cancel;
    CurveResult r = bestLayoutCurve(s, counts, req);
    EXPECT_TRUE(r.cancelled);
    EXPECT_TRUE(r.points.empty());
    EXPECT_EQ(r.evaluated, 0);

    // Cancelled at the first progress report: each worker finishes at most the group it is in, and no points.
    cancel = false;
    std::mutex mutex;
    int reports = 0, afterCancel = 0;
    req.progress = [&](double) {
        std::lock_guard lock(mutex);
        ++reports;
        if (cancel)
            ++afterCancel;
        cancel = true;
    };
    r = bestLayoutCurve(s, counts, req);
    EXPECT_TRUE(r.cancelled);
    EXPECT_TRUE(r.points.empty());
    EXPECT_LE(afterCancel, r.threads);

    // Not cancelled: progress ends at 1 and every count has its point.
    cancel = false;
    double last = 0;
    req.progress = [&](double share) {
        std::lock_guard lock(mutex);
        last = std::max(last, share);
    };
    counts.push_back({512, 4096}); // a second batch: progress spans both searches
    r = bestLayoutCurve(s, counts, req);
    EXPECT_FALSE(r.cancelled);
    EXPECT_EQ(r.points.size(), counts.size());
    EXPECT_NEAR(last, 1.0, 1e-9);
}

} // namespace

namespace {
using namespace tl::engine;

// Issue 28: Llama 3 405B in derived mode against a 70-day deadline (65 days before the reserve): no count of its own
// layout (TP 8, PP 16, only dp varying up to one replica per sequence) finishes, and the verdict names the fewest GPUs
// on which the planner's fastest layout does. The answer finishes when evaluated afresh, and the count before it on the
// grid has no layout that finishes.
TEST(FewestGpusAnyLayout, NamesALayoutThatFinishesWhenThisOneCannot) {
    Scenario s;
    ASSERT_TRUE(applyModelPreset(s, "llama3.1-405b"));
    s.efficiency.mode = EfficiencyMode::Derived;
    s.parallel.tp = 8;
    s.parallel.pp = 16;
    s.parallel.dp = 16;
    s.data.globalBatch = 2048;
    s.data.tokens = 15e12;
    s.schedule.deadlineDays = 70;
    const Ledger own = evaluate(s);
    ASSERT_TRUE(own.valid);
    EXPECT_GE(own.time.minGpusCompute, std::int64_t(1e15)); // none of this layout
    const FinishingLayout any = fewestGpusAnyLayout(s, PlanRequest{});
    ASSERT_TRUE(any.found);
    EXPECT_FALSE(any.cancelled);
    EXPECT_EQ(any.plan.gpus() % s.hardware.gpusPerNode, 0);
    EXPECT_GE(any.plan.gpus(), any.fromGpus);
    EXPECT_EQ(any.toGpus, any.plan.gpus());
    EXPECT_TRUE(any.plan.finishes);
    Scenario applied = s;
    for (const auto& [key, value] : planAssignments(any.plan))
        ASSERT_FALSE(setField(applied, key, value)) << key;
    const Ledger l = evaluate(applied);
    ASSERT_TRUE(l.valid);
    EXPECT_EQ(l.time.gpus, any.plan.gpus());
    EXPECT_TRUE(l.time.finishes);
    EXPECT_EQ(l.time.daysEffective, any.plan.days); // the planner ranks the effective days
    EXPECT_EQ(l.time.days, any.plan.daysCompute);
    // The grid's count before it: the planner's fastest layout there is too slow (or there is none).
    const long long node = s.hardware.gpusPerNode;
    long long before = any.fromGpus / node;
    while (nextCurveDp(before) * node < any.plan.gpus())
        before = nextCurveDp(before);
    ASSERT_LT(before * node, any.plan.gpus());
    if (before * node >= any.fromGpus) {
        const CurveResult r = bestLayoutCurve(s, {{before * node, 0}}, PlanRequest{});
        ASSERT_EQ(r.points.size(), 1u);
        EXPECT_FALSE(r.points[0].found && r.points[0].plan.finishes) << before * node;
    }
    // Nothing to name when no layout up to 16 times the full-peak bound finishes: the planner's small model, whose
    // 8-sequence batch leaves most GPUs idle, against a deadline of 40 minutes.
    Scenario hopeless = tl::test::tinyScenario();
    hopeless.efficiency.mode = EfficiencyMode::Derived;
    hopeless.schedule.deadlineDays = 0.03;
    hopeless.schedule.reserveDays = 0;
    const FinishingLayout none = fewestGpusAnyLayout(hopeless, PlanRequest{});
    EXPECT_FALSE(none.found);
    EXPECT_FALSE(none.cancelled);
    EXPECT_GE(none.toGpus, 16 * none.fromGpus);
}
} // namespace
