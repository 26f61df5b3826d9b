// The layout planner against a brute force that knows nothing of its enumeration: every integer tuple, filtered by
// validate(), evaluated by evaluate(). Same feasible set, same order, same figures to the bit; pruning never drops
// a feasible layout; `set` reproduces each plan; the Pareto front holds no dominated point.

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/layoutplanner.h"
#include "engine/presets.h"
#include "engine/units.h"
#include "engine/validate.h"
#include "plannerfixture.h"
#include "random_scenarios.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <set>

namespace {

using namespace tl::engine;

using tl::test::tinyScenario;

// Hours between faults per GPU on a fleet where faults decide which GPU count finishes first (issue 25).
constexpr double kFaultyMtbfHours = 2.0;

bool canonical(const Layout& l) {
    if (l.pp == 1 && (l.schedule != Schedule::OneFOneB || l.virtualStages != 1))
        return false; // one stage: the schedule has no effect
    if (l.schedule == Schedule::Interleaved && l.virtualStages < 2)
        return false; // interleaved with one chunk is 1F1B
    if (l.tp == 1 && l.sequenceParallel)
        return false; // SP shards over the TP group
    if (l.dp * l.cp == 1 && l.zero != 0)
        return false; // nothing to shard
    if (l.tp % l.etp != 0)
        return false; // the planner offers etp among tp's divisors
    return true;
}

Plan planFromLedger(const Layout& layout, const Ledger& l) {
    Plan p;
    p.layout = layout;
    p.days = l.time.daysEffective; // the time gate's days: the planner ranks by them (issue 25)
    p.daysCompute = l.time.days;
    p.stepS = l.time.stepTimeS;
    p.usd = l.cost.usd;
    p.mfu = l.time.mfu;
    p.memoryTotal = l.memory.total;
    p.capacity = l.memory.capacity;
    p.finishes = l.time.finishes;
    return p;
}

// Every layout on minGpus..maxGpus by nested loops over plain integers and names.
std::vector<Plan> bruteForce(const Scenario& base, const PlanRequest& req) {
    std::vector<Plan> out;
    const long long n = req.maxGpus;
    const int node = base.hardware.gpusPerNode;
    const bool range = req.minGpus != req.maxGpus;
    for (int tp = 1; tp <= n; ++tp)
        for (int pp = 1; tp * pp <= n; ++pp)
            for (int cp = 1; tp * pp * cp <= n; ++cp)
                for (int dp = 1; tp * pp * cp * dp <= n; ++dp) {
                    const long long gpus = 1LL * tp * pp * cp * dp;
                    if (gpus < req.minGpus || (range && gpus > node && gpus % node != 0))
                        continue;
                    if (tp > node || node % tp != 0)
                        continue;
                    for (int zero = 0; zero <= 3; ++zero)
                        for (int seqPar = 0; seqPar <= 1; ++seqPar)
                            for (Schedule sc : allSchedules())
                                for (int v = 1; v <= base.model.layers; ++v)
                                    for (int mb = 1; mb <= base.data.globalBatch; ++mb)
                                        for (Recompute rc : {Recompute::None, Recompute::Selective, Recompute::Full})
                                            for (Offload off : {Offload::None, Offload::Cpu, Offload::Nvme})
                                                for (int ep = 1; ep <= std::max(1, base.model.moe.experts); ++ep)
                                                    for (int etp = 1; etp <= tp; ++etp) {
                                                        const Layout l{tp, pp, dp, cp,  zero, seqPar == 1, sc,
                                                                       v,  mb, rc, off, ep,   etp};
                                                        if (!canonical(l))
                                                            continue;
                                                        Scenario s = base;
                                                        if (req.forceDerived)
                                                            s.efficiency.mode = EfficiencyMode::Derived;
                                                        applyLayout(s, l);
                                                        if (!validate(s).empty())
                                                            continue;
                                                        const Ledger led = evaluate(s);
                                                        if (led.memory.total >
                                                            led.memory.capacity * (1.0 - req.headroom))
                                                            continue;
                                                        out.push_back(planFromLedger(l, led));
                                                    }
                }
    if (req.objective != Objective::Fastest)
        std::erase_if(out, [](const Plan& p) { return !p.finishes; });
    std::sort(out.begin(), out.end(), [&](const Plan& a, const Plan& b) { return ranksBefore(req.objective, a, b); });
    return out;
}

void expectSamePlans(const std::vector<Plan>& got, const std::vector<Plan>& want) {
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i) {
        SCOPED_TRACE(describeLayout(want[i].layout));
        EXPECT_TRUE(got[i].layout == want[i].layout) << "at " << i << ": " << describeLayout(got[i].layout);
        EXPECT_EQ(got[i].days, want[i].days);
        EXPECT_EQ(got[i].daysCompute, want[i].daysCompute);
        EXPECT_EQ(got[i].stepS, want[i].stepS);
        EXPECT_EQ(got[i].usd, want[i].usd);
        EXPECT_EQ(got[i].memoryTotal, want[i].memoryTotal);
        EXPECT_EQ(got[i].mfu, want[i].mfu);
    }
}

// Issue 25: the planner ranks by the effective days (checkpoints, lost work and restarts counted). On a faulty fleet
// more GPUs compute faster but stop more often: the fastest plan is then not the one with the fewest compute days,
// and the days it shows are the evaluated plan's time.days_effective.
TEST(LayoutPlanner, RanksByTheDaysWithFaults) {
    Scenario s = tinyScenario();
    s.reliability.gpuMtbfHours = kFaultyMtbfHours;
    PlanRequest req;
    req.minGpus = 1;
    req.maxGpus = 32;
    req.top = 0;
    const PlanResult r = planLayouts(s, req);
    ASSERT_GT(r.plans.size(), 10u);
    for (size_t i = 1; i < r.plans.size(); ++i)
        EXPECT_LE(r.plans[i - 1].days, r.plans[i].days) << i;
    const Plan& fastest = r.plans.front();
    const auto computeFastest = std::min_element(
        r.plans.begin(), r.plans.end(), [](const Plan& a, const Plan& b) { return a.daysCompute < b.daysCompute; });
    EXPECT_LT(fastest.gpus(), computeFastest->gpus());
    EXPECT_LT(computeFastest->daysCompute, fastest.daysCompute);
    EXPECT_GT(computeFastest->days, fastest.days);
    // The figures shown are the evaluated plan's.
    for (const Plan* p : {&fastest, &*computeFastest}) {
        Scenario at = s;
        for (const auto& [key, value] : planAssignments(*p))
            ASSERT_FALSE(setField(at, key, value)) << key;
        const Ledger l = evaluate(at);
        ASSERT_TRUE(l.valid);
        EXPECT_EQ(p->days, l.time.daysEffective);
        EXPECT_EQ(p->daysCompute, l.time.days);
        EXPECT_GT(l.time.daysEffective, l.time.days);
    }
}

TEST(LayoutPlanner, MatchesBruteForceOnOneCount) {
    const Scenario s = tinyScenario();
    for (Objective o : {Objective::Fastest, Objective::Cheapest, Objective::Fewest}) {
        PlanRequest req;
        req.minGpus = req.maxGpus = 8;
        req.objective = o;
        req.top = 0;
        const PlanResult r = planLayouts(s, req);
        const auto want = bruteForce(s, req);
        ASSERT_GT(want.size(), 20u); // the case has something to rank
        expectSamePlans(r.plans, want);
        EXPECT_GT(r.pruned, 0); // and something to prune
    }
}

// Mixture of experts: ep and etp are searched too, with the same pruning, and the planner's set is the brute force's.
TEST(LayoutPlanner, MatchesBruteForceWithExperts) {
    Scenario s = tinyScenario();
    s.model.moe.experts = 8;
    s.model.moe.activeExperts = 2;
    s.model.moe.expertFfnHidden = 512;
    PlanRequest req;
    req.minGpus = req.maxGpus = 8;
    req.top = 0;
    const PlanResult r = planLayouts(s, req);
    const auto want = bruteForce(s, req);
    ASSERT_GT(want.size(), 20u);
    expectSamePlans(r.plans, want);
    EXPECT_GT(r.pruned, 0);
    const auto splits = std::count_if(want.begin(), want.end(), [](const Plan& p) { return p.layout.ep > 1; });
    EXPECT_GT(splits, 0); // expert-parallel layouts fit and are ranked
    EXPECT_TRUE(std::any_of(want.begin(), want.end(), [](const Plan& p) { return p.layout.etp > 1; }));
}

TEST(LayoutPlanner, MatchesBruteForceInFixedMode) {
    const Scenario s = tinyScenario(); // efficiency.mode fixed: the planner follows it when not forced
    PlanRequest req;
    req.minGpus = req.maxGpus = 8;
    req.forceDerived = false;
    req.top = 0;
    const PlanResult r = planLayouts(s, req);
    const auto want = bruteForce(s, req);
    ASSERT_GT(want.size(), 20u);
    expectSamePlans(r.plans, want);
    EXPECT_FALSE(r.plans.front().derived);
}

TEST(LayoutPlanner, MatchesBruteForceOnARangeWithHeadroom) {
    Scenario s = tinyScenario();
    s.offload.optimizer = Offload::Cpu; // the scenario's own layout plays no part
    PlanRequest req;
    req.minGpus = 1;
    req.maxGpus = 16;
    req.headroom = 0.1;
    req.top = 0;
    const PlanResult r = planLayouts(s, req);
    const auto want = bruteForce(s, req);
    ASSERT_GT(want.size(), 100u);
    expectSamePlans(r.plans, want);
    EXPECT_EQ(r.feasible, (long long)want.size());
    // Counts 12 and 16 are whole 4-GPU nodes, 5 to 7 and 9 to 11 are not: a range keeps whole nodes.
    std::set<long long> counts;
    for (const auto& p : r.plans)
        counts.insert(p.gpus());
    EXPECT_FALSE(counts.count(6));
    EXPECT_TRUE(counts.count(16));
}

TEST(LayoutPlanner, TopKIsThePrefixOfTheFullRanking) {
    const Scenario s = tinyScenario();
    PlanRequest req;
    req.minGpus = 1;
    req.maxGpus = 16;
    req.top = 0;
    const PlanResult all = planLayouts(s, req);
    req.top = 7;
    const PlanResult top = planLayouts(s, req);
    ASSERT_EQ(top.plans.size(), 7u);
    expectSamePlans(top.plans, std::vector<Plan>(all.plans.begin(), all.plans.begin() + 7));
}

// Issue 28: a budget lists the full ranking's plans that cost at most the budget, in the same order (the fastest
// within $X first); when every plan costs more, the reason names the cheapest and its cost.
TEST(LayoutPlanner, BudgetKeepsThePlansWithinIt) {
    const Scenario s = tinyScenario();
    for (Objective o : {Objective::Fastest, Objective::Cheapest, Objective::Fewest}) {
        PlanRequest req;
        req.minGpus = 1;
        req.maxGpus = 16;
        req.top = 0;
        req.objective = o;
        const PlanResult all = planLayouts(s, req);
        ASSERT_GT(all.plans.size(), 10u);
        // A budget below the fastest plan's cost and above the cheapest's.
        double cheapest = all.plans.front().usd;
        for (const Plan& p : all.plans)
            cheapest = std::min(cheapest, p.usd);
        req.budgetUsd = (cheapest + all.plans.front().usd) / 2;
        if (o == Objective::Cheapest)
            req.budgetUsd = cheapest * 1.5;
        std::vector<Plan> want;
        for (const Plan& p : all.plans)
            if (p.usd <= req.budgetUsd)
                want.push_back(p);
        ASSERT_FALSE(want.empty());
        ASSERT_LT(want.size(), all.plans.size());
        const PlanResult within = planLayouts(s, req);
        expectSamePlans(within.plans, want);
        for (const Plan& p : within.plans)
            EXPECT_LE(p.usd, req.budgetUsd);
        req.top = 3;
        const auto three = want.begin() + std::ptrdiff_t(std::min<size_t>(3, want.size()));
        expectSamePlans(planLayouts(s, req).plans, std::vector<Plan>(want.begin(), three));
        // The counts and the front do not depend on the budget.
        EXPECT_EQ(within.feasible, all.feasible);
        EXPECT_EQ(within.pareto.size(), all.pareto.size());
    }
    PlanRequest req;
    req.minGpus = 1;
    req.maxGpus = 16;
    req.budgetUsd = 1e-3;
    const PlanResult none = planLayouts(s, req);
    EXPECT_TRUE(none.plans.empty());
    EXPECT_EQ(none.reason.id, Msg::OverBudget);
    EXPECT_NE(none.reason.message().find("no plan costs at most $0: the cheapest"), std::string::npos)
        << none.reason.message();
}

TEST(LayoutPlanner, ThreadsDoNotChangeTheAnswer) {
    const Scenario s = tinyScenario();
    PlanRequest req;
    req.minGpus = 1;
    req.maxGpus = 16;
    req.top = 0;
    req.threads = 1;
    const PlanResult one = planLayouts(s, req);
    req.threads = 3;
    const PlanResult three = planLayouts(s, req);
    expectSamePlans(three.plans, one.plans);
    EXPECT_EQ(one.evaluated, three.evaluated);
    EXPECT_EQ(one.pruned, three.pruned);
    ASSERT_EQ(one.pareto.size(), three.pareto.size());
    for (size_t i = 0; i < one.pareto.size(); ++i)
        EXPECT_TRUE(one.pareto[i].layout == three.pareto[i].layout);
}

// The counts of evaluated and pruned layouts do not depend on which thread ran which group before: a mixture of
// experts with an MTP module on a range, where the heaviest stage's memory (which the state floor reads) follows the
// micro-batch, recompute and SP that the previous group's loops leave in a thread's scratch scenario.
TEST(LayoutPlanner, CountsDoNotDependOnTheThreads) {
    Scenario s = tinyScenario();
    s.model.moe.experts = 8;
    s.model.moe.activeExperts = 2;
    s.model.moe.expertFfnHidden = 512;
    s.model.mtpLayers = 1;
    s.data.globalBatch = 32;
    s.hardware.memoryGb = 6;
    PlanRequest req;
    req.minGpus = 1;
    req.maxGpus = 32;
    req.threads = 1;
    const PlanResult one = planLayouts(s, req);
    ASSERT_GT(one.pruned, 0);
    for (int threads : {2, 3, 4, 2}) {
        req.threads = threads;
        const PlanResult r = planLayouts(s, req);
        SCOPED_TRACE(std::to_string(threads) + " threads");
        EXPECT_EQ(r.evaluated, one.evaluated);
        EXPECT_EQ(r.pruned, one.pruned);
        expectSamePlans(r.plans, one.plans);
    }
}

// Pruning skips layouts without evaluating them; it must never skip one that fits.
TEST(LayoutPlanner, PruningNeverDropsAFeasibleLayout) {
    tl::test::RandomScenarios random(11);
    int withPruning = 0;
    for (int i = 0; i < 40; ++i) {
        Scenario s = random.next();
        PlanRequest req;
        req.top = 0;
        req.headroom = (i % 3) * 0.05;
        req.minGpus = 1 + random.pick(0, 4) * 8;
        req.maxGpus = req.minGpus + random.pick(0, 16);
        req.prune = true;
        const PlanResult pruned = planLayouts(s, req);
        req.prune = false;
        const PlanResult full = planLayouts(s, req);
        SCOPED_TRACE(s.model.preset + " on " + std::to_string(req.minGpus) + ":" + std::to_string(req.maxGpus));
        EXPECT_EQ(pruned.feasible, full.feasible);
        EXPECT_EQ(pruned.evaluated + pruned.pruned, full.evaluated);
        EXPECT_EQ(full.pruned, 0);
        expectSamePlans(pruned.plans, full.plans);
        withPruning += pruned.pruned > 0;
    }
    EXPECT_GT(withPruning, 8); // the property was exercised
}

TEST(LayoutPlanner, SetReproducesEachPlanExactly) {
    Scenario s;
    applyModelPreset(s, "llama3.1-405b");
    s.data.seqLen = 8192;
    s.data.globalBatch = 2048;
    s.data.tokens = 15.6e12;
    PlanRequest req;
    req.minGpus = req.maxGpus = 16384;
    req.top = 25;
    const PlanResult r = planLayouts(s, req);
    ASSERT_EQ(r.plans.size(), 25u);
    for (const Plan& p : r.plans) {
        Scenario again = s;
        for (const auto& [key, value] : planAssignments(p))
            ASSERT_FALSE(setField(again, key, value).has_value()) << key;
        Scenario direct = s;
        applyLayout(direct, p.layout);
        direct.efficiency.mode = EfficiencyMode::Derived;
        EXPECT_TRUE(again == direct);
        const Ledger l = evaluate(again);
        ASSERT_TRUE(l.valid) << describeLayout(p.layout);
        EXPECT_EQ(l.time.daysEffective, p.days); // the time gate's days (issue 25)
        EXPECT_EQ(l.time.days, p.daysCompute);
        EXPECT_EQ(l.time.stepTimeS, p.stepS);
        EXPECT_EQ(l.cost.usd, p.usd);
        EXPECT_EQ(l.memory.total, p.memoryTotal);
        EXPECT_EQ(l.time.gpus, p.gpus());
        EXPECT_EQ(l.time.mfu, p.mfu);
        EXPECT_TRUE(l.memory.fits);
        EXPECT_TRUE(layoutOf(again) == p.layout);
    }
}

TEST(LayoutPlanner, ParetoFrontHasNoDominatedPoint) {
    Scenario s = tinyScenario();
    PlanRequest req;
    req.minGpus = 1;
    req.maxGpus = 16;
    req.top = 0;
    const PlanResult r = planLayouts(s, req);
    ASSERT_GE(r.pareto.size(), 2u); // derived: more GPUs finish sooner but cost more GPU-hours
    auto dominates = [](const Plan& a, const Plan& b) {
        return a.days <= b.days && a.usd <= b.usd && (a.days < b.days || a.usd < b.usd);
    };
    for (const Plan& f : r.pareto)
        for (const Plan& p : r.plans)
            EXPECT_FALSE(dominates(p, f)) << describeLayout(p.layout) << " beats " << describeLayout(f.layout);
    for (const Plan& p : r.plans) // every feasible layout is matched or beaten by the front
        EXPECT_TRUE(std::any_of(r.pareto.begin(), r.pareto.end(), [&](const Plan& f) {
            return dominates(f, p) || (f.days == p.days && f.usd == p.usd);
        }));
    for (size_t i = 1; i < r.pareto.size(); ++i) {
        EXPECT_LT(r.pareto[i - 1].days, r.pareto[i].days);
        EXPECT_GT(r.pareto[i - 1].usd, r.pareto[i].usd);
    }
}

TEST(LayoutPlanner, NoPlanNamesTheClosestMiss) {
    Scenario s;
    applyModelPreset(s, "llama3.1-405b");
    PlanRequest req;
    req.minGpus = req.maxGpus = 8;
    PlanResult r = planLayouts(s, req);
    EXPECT_TRUE(r.plans.empty());
    EXPECT_NE(r.reason.message().find("the state alone needs"), std::string::npos) << r.reason.message();
    EXPECT_NE(r.reason.message().find("GPUs of 80.0 GB"), std::string::npos) << r.reason.message();

    // 5,128 = 8 x 641 and 641 divides no batch of 2,520: no layout uses exactly that count.
    Scenario t = tinyScenario();
    t.data.globalBatch = 2520;
    req.minGpus = req.maxGpus = 5128;
    r = planLayouts(t, req);
    EXPECT_EQ(r.evaluated + r.pruned, 0);
    EXPECT_NE(r.reason.message().find("no layout uses exactly 5,128 GPUs"), std::string::npos) << r.reason.message();
    EXPECT_NE(r.reason.message().find("5,120"), std::string::npos) << r.reason.message();

    // Everything fits but nothing finishes: cheapest-in-time names the fastest.
    Scenario u = tinyScenario();
    u.hardware.memoryGb = 80;
    u.data.tokens = 1e13;
    req.minGpus = req.maxGpus = 8;
    req.objective = Objective::Cheapest;
    r = planLayouts(u, req);
    EXPECT_GT(r.feasible, 0);
    EXPECT_TRUE(r.plans.empty());
    EXPECT_NE(r.reason.message().find("no layout finishes inside the 3.0 training days"), std::string::npos)
        << r.reason.message();
}

TEST(LayoutPlanner, WhyNotNamesTheRuleAndTheNearestLayouts) {
    Scenario s; // Qwen3-8B, batch 384 on 8 GPUs
    PlanRequest req;
    req.minGpus = req.maxGpus = 8;
    WhyNot w = whyNot(s, req, {{"parallel.dp", 5.0}});
    EXPECT_FALSE(w.works);
    EXPECT_EQ(w.rule, "parallel.dp");
    EXPECT_NE(w.reason.message().find("384"), std::string::npos) << w.reason.message();

    Scenario llama2;
    applyModelPreset(llama2, "llama2-7b"); // 32 kv heads: tp 16 divides them, but spans two 8-GPU nodes
    req.minGpus = req.maxGpus = 16;
    w = whyNot(llama2, req, {{"parallel.tp", 16.0}, {"parallel.dp", 1.0}});
    EXPECT_FALSE(w.works);
    EXPECT_EQ(w.rule, "parallel.tp");
    EXPECT_NE(w.reason.message().find("8-GPU node"), std::string::npos) << w.reason.message();
    ASSERT_FALSE(w.nearest.empty());
    for (const Plan& p : w.nearest) {
        EXPECT_LE(p.layout.tp, 8);
        EXPECT_EQ(p.gpus(), 16);
        EXPECT_LE(p.memoryTotal, p.capacity);
    }
    EXPECT_EQ(w.nearest.front().layout.tp, 8); // the nearest keeps as much tensor parallelism as a node allows

    req.tpAcrossNodes = true;
    w = whyNot(llama2, req, {{"parallel.tp", 16.0}, {"parallel.dp", 1.0}});
    EXPECT_TRUE(w.works) << w.reason.message();

    w = whyNot(s, req, {{"data.tokens", 1e9}});
    EXPECT_EQ(w.rule, "data.tokens");
}

TEST(LayoutPlanner, CancelStopsEarly) {
    Scenario s;
    applyModelPreset(s, "llama3.1-405b");
    const Scenario before = s;
    std::atomic<bool> cancel{true};
    PlanRequest req;
    req.minGpus = req.maxGpus = 16384;
    req.cancel = &cancel;
    const PlanResult r = planLayouts(s, req);
    EXPECT_TRUE(r.cancelled);
    EXPECT_EQ(r.evaluated, 0);
    EXPECT_TRUE(s == before);
}

TEST(LayoutPlanner, ObjectivesParseAndName) {
    Objective o{};
    EXPECT_TRUE(parseObjective("fewest", o));
    EXPECT_EQ(o, Objective::Fewest);
    EXPECT_STREQ(objectiveName(Objective::Cheapest), "cheapest");
    EXPECT_FALSE(parseObjective("best", o));
}

} // namespace

namespace {

struct Published {
    const char* name;
    Scenario scenario;
    long long gpus;
    Layout layout;       // the published keys; the rest as marked below
    bool fullySpecified; // false: tp, pp, dp, cp and the micro-batch are published, the rest is the best we find
};

bool matches(const Published& p, const Layout& l) {
    if (p.fullySpecified)
        return l == p.layout;
    return l.tp == p.layout.tp && l.pp == p.layout.pp && l.dp == p.layout.dp && l.cp == p.layout.cp &&
           l.microBatch == p.layout.microBatch;
}

Scenario llama405b() {
    Scenario s;
    applyModelPreset(s, "llama3.1-405b");
    s.data.seqLen = 8192;
    s.data.globalBatch = 2048; // 16M tokens (Dubey et al. 2024, Table 4)
    s.data.tokens = 15.6e12;
    return s;
}

Scenario megatron(const char* preset, int batch) {
    Scenario s;
    applyModelPreset(s, preset);
    applyGpuPreset(s, "a100-80gb");
    s.data.seqLen = 2048;
    s.data.globalBatch = batch;
    s.precision.weights = NumberFormat::Fp16;
    s.precision.grads = NumberFormat::Fp16;
    s.activations.flashAttention = false;
    return s;
}

} // namespace

// The best plan is at least as fast as the published layout by our own model, and the published layout ranks in
// the top 12% of the feasible ones (the figures are printed for the note). 12%, not 10%: since zb-v and dualpipev
// give each of their two chunks half a stage (they were timed at a whole stage per chunk), many V-shaped layouts
// pass Narayanan et al.'s 2021 layout with full recompute, which ranks 10.3%; the three others rank in the top 0.2%.
TEST(LayoutPlanner, PublishedLayoutsRankWell) {
    Scenario gpt145 = megatron("gpt3-175b", 2304);
    gpt145.model.preset = "custom";
    gpt145.model.layers = 80; // Narayanan et al. 2021 Table 1: the 145.6B row (h 12288, 96 heads, 80 layers)
    const std::vector<Published> cases = {
        {"Llama 3 405B, 8,192 H100 (tp 8, pp 16, dp 64)", llama405b(), 8192,
         Layout{8, 16, 64, 1, 1, true, Schedule::Interleaved, 2, 1, Recompute::None, Offload::None}, false},
        {"Llama 3 405B, 16,384 H100 (tp 8, pp 16, dp 128)", llama405b(), 16384,
         Layout{8, 16, 128, 1, 1, true, Schedule::Interleaved, 2, 1, Recompute::None, Offload::None}, false},
        {"Megatron GPT-3 175B, 64 A100 (Korthikanti Table 5: t8 p8, interleaved x3, SP + selective)",
         megatron("gpt3-175b", 64), 64,
         Layout{8, 8, 1, 1, 0, true, Schedule::Interleaved, 3, 1, Recompute::Selective, Offload::None}, true},
        {"Megatron 145.6B, 1,536 A100 (Narayanan Table 1: t8 p8 dp24, interleaved x2, full recompute)", gpt145, 1536,
         Layout{8, 8, 24, 1, 0, false, Schedule::Interleaved, 2, 1, Recompute::Full, Offload::None}, true},
    };
    for (const Published& p : cases) {
        SCOPED_TRACE(p.name);
        PlanRequest req;
        req.minGpus = req.maxGpus = p.gpus;
        req.top = 1;
        const PlanResult first = planLayouts(p.scenario, req);
        ASSERT_GT(first.feasible, 0) << first.reason.message();
        req.top = int(std::ceil(first.feasible * 0.12));
        const PlanResult top = planLayouts(p.scenario, req);
        const auto it =
            std::find_if(top.plans.begin(), top.plans.end(), [&](const Plan& plan) { return matches(p, plan.layout); });
        // Where the published layout is, by our own model, and how it compares with the best plan.
        Scenario published = p.scenario;
        applyLayout(published, p.layout);
        published.efficiency.mode = EfficiencyMode::Derived;
        const Ledger l = evaluate(published);
        std::printf("%s: %lld feasible; best %s %.2f s/step; as given %s %.2f s/step (%s); ", p.name, first.feasible,
                    describeLayout(first.plans.front().layout).c_str(), first.plans.front().stepS,
                    describeLayout(p.layout).c_str(), l.time.stepTimeS, l.memory.fits ? "fits" : "does not fit");
        if (it != top.plans.end())
            std::printf("rank %ld of %lld (top %.2f%%) as %s, %.2f s/step\n", long(it - top.plans.begin()) + 1,
                        first.feasible, 100.0 * double(it - top.plans.begin() + 1) / double(first.feasible),
                        describeLayout(it->layout).c_str(), it->stepS);
        else
            std::printf("not in the top 12%%\n");
        EXPECT_LE(first.plans.front().days, l.time.daysEffective); // both with faults and checkpoints
        EXPECT_NE(it, top.plans.end());
    }
}

// Issue 27: --plan --gpus 1:10000000 ran for many minutes. The size of a search is known before it runs: at least the
// layouts the search then considers (and not wildly more), and a range over the cap is refused naming the widest
// range from its start that stays under it.
TEST(LayoutPlanner, SearchSizeIsKnownBeforeTheSearch) {
    const Scenario s;
    PlanRequest req;
    req.minGpus = 1;
    req.maxGpus = 64;
    const SearchSize size = searchSize(s, req);
    const PlanResult r = planLayouts(s, req);
    const double searched = double(r.evaluated + r.pruned);
    EXPECT_GE(size.layouts, searched);
    EXPECT_LE(size.layouts, 1.5 * searched);
    EXPECT_EQ(size.widestMaxGpus, 64);
    EXPECT_FALSE(checkSearchSize(s, req, "--gpus", "1:64"));

    req.maxGpus = 10'000'000;
    const SearchSize wide = searchSize(s, req);
    ASSERT_GT(wide.layouts, kMaxSearchedLayouts);
    ASSERT_GE(wide.widestMaxGpus, 64);
    const auto refusal = checkSearchSize(s, req, "--gpus", "1:10000000");
    ASSERT_TRUE(refusal);
    EXPECT_EQ(refusal->message(), "--gpus: \"1:10000000\" is not allowed; allowed: a range of at most 60,000,000 "
                                  "layouts to search, here up to 1:" +
                                      std::to_string(wide.widestMaxGpus) + " (this one has " +
                                      groupDigits(wide.layouts) + ")");
    req.maxGpus = wide.widestMaxGpus;
    EXPECT_LE(searchSize(s, req).layouts, kMaxSearchedLayouts);
    EXPECT_FALSE(checkSearchSize(s, req, "--gpus", "widest"));
    req.minGpus = req.maxGpus = 10'000'000; // one count is always searched
    EXPECT_FALSE(checkSearchSize(s, req, "--gpus", "10000000"));
}
