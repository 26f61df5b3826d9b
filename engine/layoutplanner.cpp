#include "engine/layoutplanner.h"

#include "engine/evaluate.h"
#include "engine/layout.h"
#include "engine/memory.h"
#include "engine/model.h"
#include "engine/precision.h"
#include "engine/steptime.h"
#include "engine/timecost.h"
#include "engine/units.h"
#include "engine/validate.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>
#include <numeric>
#include <optional>
#include <string_view>
#include <thread>
#include <tuple>

namespace tl::engine {
namespace {

constexpr double kMaxGpus = 10'000'000; // validate()'s cap on tp x pp x dp x cp

const Recompute kRecomputes[] = {Recompute::None, Recompute::Selective, Recompute::Full};

std::vector<int> divisorsOf(int n) {
    std::vector<int> small, large;
    for (int d = 1; 1LL * d * d <= n; ++d)
        if (n % d == 0) {
            small.push_back(d);
            if (d != n / d)
                large.push_back(n / d);
        }
    small.insert(small.end(), large.rbegin(), large.rend());
    return small;
}

// The rules of validate() that involve the layout, in the planner's terms (the brute-force test checks that the
// planner's layouts are exactly those validate() accepts). Layers that pp x v does not divide are spread as evenly
// as possible: every chunk needs one layer.
bool ppAllowed(const ModelShape& m, int pp) {
    return pp <= m.layers;
}
bool virtualAllowed(const ModelShape& m, int pp, int v) {
    return pp * v <= m.layers;
}

// What limits a layout's step: the largest part besides the model's own compute, with its share of the step.
std::string bottleneckText(const StepBreakdown& b, int zero, bool derived, bool offload) {
    if (!derived)
        return bottleneckPhrase(offload ? Bottleneck::FixedOffload : Bottleneck::FixedMfu);
    const double total = b.total();
    const StepPart* worst = nullptr;
    const std::vector<StepPart> parts = stepParts(b, zero);
    for (const StepPart& p : parts)
        if (std::string_view(p.key) != "compute" && (!worst || p.seconds > worst->seconds))
            worst = &p;
    if (!worst || !(total > 0) || worst->seconds < 0.05 * total)
        return bottleneckPhrase(Bottleneck::ComputeBound);
    return std::string(worst->label) + " " + std::to_string(std::lround(100.0 * worst->seconds / total)) + "%";
}

// A plan while searching: no strings, so that keeping it is cheap.
struct Rec {
    Layout layout;
    double days = 0; // effective: checkpoints, lost work and restarts counted (what every objective ranks)
    double daysCompute = 0, stepS = 0, mfu = 0, usd = 0, memory = 0;
    bool finishes = false;
    StepBreakdown parts;
};

Plan toPlan(const Rec& r, double capacity, bool derived) {
    Plan p;
    p.layout = r.layout;
    p.days = r.days;
    p.daysCompute = r.daysCompute;
    p.stepS = r.stepS;
    p.mfu = r.mfu;
    p.usd = r.usd;
    p.memoryTotal = r.memory;
    p.capacity = capacity;
    p.finishes = r.finishes;
    p.derived = derived;
    p.bottleneck = bottleneckText(r.parts, r.layout.zero, derived, r.layout.offload != Offload::None);
    return p;
}

bool before(Objective o, const Rec& a, const Rec& b) {
    auto key = [o](const Rec& x) {
        const double gpus = double(x.layout.gpus());
        switch (o) {
        case Objective::Cheapest:
            return std::tuple(x.usd, x.days, gpus);
        case Objective::Fewest:
            return std::tuple(gpus, x.days, x.usd);
        case Objective::Fastest:
            break;
        }
        return std::tuple(x.days, x.usd, gpus);
    };
    const auto ka = key(a), kb = key(b);
    if (ka != kb)
        return ka < kb;
    if (a.memory != b.memory)
        return a.memory < b.memory; // more headroom first
    return a.layout < b.layout;
}

// Pareto front of (days, dollars), both minimised: days ascending with dollars strictly falling. Equal points keep
// the smallest layout, so the front does not depend on the order of insertion.
class Skyline {
public:
    void insert(const Rec& r) {
        auto it = m_points.upper_bound(r.days);
        if (it != m_points.begin()) {
            auto prev = std::prev(it);
            // Something at most as slow is at most as dear: r is dominated, or equal and kept if its layout is smaller.
            if (prev->second.usd < r.usd || (prev->second.usd == r.usd && prev->second.days < r.days))
                return;
            if (prev->second.usd == r.usd && prev->second.days == r.days) {
                if (!(r.layout < prev->second.layout))
                    return;
                prev->second = r;
                return;
            }
        }
        // Remove what r dominates: as slow or slower and as dear or dearer.
        auto first = m_points.lower_bound(r.days);
        auto last = first;
        while (last != m_points.end() && last->second.usd >= r.usd)
            ++last;
        m_points.erase(first, last);
        m_points.emplace(r.days, r);
    }
    void merge(const Skyline& o) {
        for (const auto& [d, r] : o.m_points)
            insert(r);
    }
    std::vector<Rec> points() const {
        std::vector<Rec> out;
        for (const auto& [d, r] : m_points)
            out.push_back(r);
        return out;
    }

private:
    std::map<double, Rec> m_points;
};

// The search's fixed inputs: the model, its state and work, and the lists the layouts are drawn from.
struct Space {
    Scenario base; // the scenario with a neutral layout (every degree 1), in the mode the search ranks by
    ModelCounts counts;
    StateBytes bytes;
    Work work;
    StepConstants step{};    // the derived step's efficiency figures (no layout key changes them)
    double trainingDays = 0; // deadline less reserve
    double capacity = 0, limit = 0;
    std::vector<int> tps, cps, pps, batchDivisors;
    std::vector<int> eps; // divisors of the routed experts ({1} for a dense model)
    int expertWidth = 0;  // model.moe.expert_ffn_hidden: etp divides it

    // Expert splits a (tp, cp, dp) group admits: ep divides the experts and ep x etp divides tp x cp x dp, as
    // validate() requires; etp is searched among the divisors of tp (1 or a TP-sized split, as frameworks offer).
    std::vector<std::pair<int, int>> expertSplits(int tp, int cp, int dp) const {
        std::vector<std::pair<int, int>> out;
        const long long group = 1LL * tp * cp * dp;
        for (int etp : divisorsOf(tp)) {
            if (etp > 1 && (eps.size() <= 1 || expertWidth % etp != 0))
                continue;
            for (int ep : eps)
                if (group % (1LL * ep * etp) == 0)
                    out.push_back({ep, etp});
        }
        return out;
    }
    bool offloadMatters = true;
    long long minGpus = 1, maxGpus = 1;
    bool range = false;
    std::vector<long long> only; // sorted: the counts of a per-count search (bestLayoutCurve); empty otherwise

    // The count's index in `only`, or -1.
    int slotOf(long long n) const {
        const auto it = std::lower_bound(only.begin(), only.end(), n);
        return it != only.end() && *it == n ? int(it - only.begin()) : -1;
    }
    bool countAdmitted(long long n) const {
        if (n < minGpus || n > maxGpus || double(n) > kMaxGpus)
            return false;
        if (!only.empty())
            return slotOf(n) >= 0;
        // A range keeps whole nodes beyond one node; a single count is taken as asked.
        return !range || n <= base.hardware.gpusPerNode || n % base.hardware.gpusPerNode == 0;
    }
};

struct Group {
    int tp, cp, pp;
};

// A per-count search keeps, for each count, the fastest feasible layout and the one nearest to fitting.
struct Slot {
    std::optional<Rec> best, closest;
    bool tried = false; // some layout uses the count (evaluated or pruned)
};

struct ThreadState {
    Scenario work;
    int slot = -1;           // the count being searched, in a per-count search
    std::vector<Slot> slots; // one per Space::only
    std::vector<Rec> kept;   // top-K heap (K = kMaxListedPlans when top = 0)
    long long ranked = 0;    // layouts offered to the heap
    Skyline front;
    long long evaluated = 0, pruned = 0, feasible = 0, meeting = 0;
    std::optional<Rec> closest;  // the layout nearest to fitting (smallest memory over the limit)
    std::optional<Rec> fastest;  // the fastest feasible layout (for "none finishes in time")
    std::optional<Rec> cheapest; // the cheapest layout the objective ranks, budget aside (for "none within budget")
    // The best-layout curve's branch and bound (curveSearch): the one count searched (0: every count) and the days
    // of a layout known to be feasible on it (its incumbent; infinity: none, nothing is skipped on time).
    long long onlyCount = 0;
    double incumbent = std::numeric_limits<double>::infinity();
};

// Whether run() enumerates this layout: its loops' lists and skips, one by one.
bool searched(const Space& sp, const Layout& l) {
    auto in = [](const std::vector<int>& list, int x) { return std::find(list.begin(), list.end(), x) != list.end(); };
    const int batch = sp.base.data.globalBatch;
    if (!in(sp.tps, l.tp) || !in(sp.cps, l.cp) || !in(sp.pps, l.pp) || !in(sp.batchDivisors, l.dp) ||
        !in(sp.batchDivisors, l.microBatch) || !sp.countAdmitted(l.gpus()) || (batch / l.microBatch) % l.dp != 0)
        return false;
    const int m = batch / (l.microBatch * l.dp);
    if (l.pp == 1 ? (l.schedule != Schedule::OneFOneB || l.virtualStages != 1)
                  : (l.schedule == Schedule::Interleaved
                         ? l.virtualStages < 2 || l.virtualStages * l.pp > sp.base.model.layers || m % l.pp != 0
                         : l.virtualStages != 1))
        return false;
    if (l.pp > 1 && l.schedule == Schedule::DualPipeV && m < 2 * l.pp)
        return false;
    if (l.sequenceParallel && l.tp == 1)
        return false;
    if (l.zero < 0 || l.zero > (l.dp * l.cp > 1 ? 3 : 0))
        return false;
    if (!sp.offloadMatters && l.offload != Offload::None)
        return false;
    if (std::find(std::begin(kRecomputes), std::end(kRecomputes), l.recompute) == std::end(kRecomputes))
        return false;
    const auto splits = sp.expertSplits(l.tp, l.cp, l.dp);
    return std::find(splits.begin(), splits.end(), std::pair<int, int>{l.ep, l.etp}) != splits.end();
}

class Search {
public:
    Search(const Space& space, const PlanRequest& req, const Layout* target)
        : m_space(space), m_req(req), m_target(target) {}

    // Ranking on records: the objective, or nearness to a named layout (why-not).
    bool better(const Rec& a, const Rec& b) const {
        if (m_target) {
            const auto da = distance(a.layout), db = distance(b.layout);
            if (da != db)
                return da < db;
        }
        return before(m_req.objective, a, b);
    }

    std::pair<int, double> distance(const Layout& l) const {
        const Layout& t = *m_target;
        const int changed = (l.tp != t.tp) + (l.pp != t.pp) + (l.dp != t.dp) + (l.cp != t.cp) + (l.zero != t.zero) +
                            (l.sequenceParallel != t.sequenceParallel) + (l.schedule != t.schedule) +
                            (l.virtualStages != t.virtualStages) + (l.microBatch != t.microBatch) +
                            (l.recompute != t.recompute) + (l.offload != t.offload) + (l.ep != t.ep) + (l.etp != t.etp);
        auto lg = [](int a, int b) { return std::fabs(std::log2(double(a) / double(b))); };
        return {changed, lg(l.tp, t.tp) + lg(l.pp, t.pp) + lg(l.dp, t.dp) + lg(l.cp, t.cp) +
                             lg(l.microBatch, t.microBatch) + lg(l.ep, t.ep) + lg(l.etp, t.etp)};
    }

    void keep(ThreadState& ts, const Rec& r) const {
        const bool ranked = m_target || m_req.objective == Objective::Fastest || r.finishes;
        if (!ranked)
            return;
        if (!m_target && m_req.budgetUsd > 0) {
            if (!ts.cheapest || before(Objective::Cheapest, r, *ts.cheapest))
                ts.cheapest = r;
            if (r.usd > m_req.budgetUsd)
                return; // over the budget
        }
        auto cmp = [this](const Rec& a, const Rec& b) { return better(a, b); };
        ++ts.ranked;
        // "All" (top = 0) keeps at most kMaxListedPlans: on a wide GPU range there are tens of millions of layouts,
        // and holding them all ran out of memory. The result says how many were ranked.
        const size_t top = m_req.top > 0 ? size_t(m_req.top) : size_t(kMaxListedPlans);
        if (ts.kept.size() < top) {
            ts.kept.push_back(r);
            std::push_heap(ts.kept.begin(), ts.kept.end(), cmp);
        } else if (better(r, ts.kept.front())) {
            std::pop_heap(ts.kept.begin(), ts.kept.end(), cmp);
            ts.kept.back() = r;
            std::push_heap(ts.kept.begin(), ts.kept.end(), cmp);
        }
    }

    // Lower bounds on the days of the layouts of one (tp, cp, pp, dp, ep, etp) set, for the best-layout curve's
    // branch and bound (derived mode, pruning on, an incumbent known). Proofs:
    // - Days from a step. layoutTiming takes rate = step FLOPs / (step x GPUs), seconds = run FLOPs / (GPUs x rate)
    //   and effective days = FaultModel::faults(checkpoint(dp), seconds, GPUs), where the fault figures do not depend
    //   on the seconds and effective seconds = min(cap, seconds x (1 + blocking / interval) / left) with cap =
    //   max(1e12 days, seconds x (...)): every step is a product, quotient or min/max of positive numbers, each
    //   monotone, and rounding is monotone, so `days` below, fed a step at most a layout's, gives at most its days.
    //   The fault figures depend on ZeRO (checkpoint) and the split, not on offload: one per ZeRO stage.
    // - The shared step (per micro-batch, recompute and SP; bound for every ZeRO stage and offload). The derived step
    //   is the sum compute + recompute + tp + cp + ep + p2p + bubble + dp + optimizer + offload (StepBreakdown::
    //   total, in that order). Only the last three read ZeRO and offload, and they are never negative; the first
    //   seven read ZeRO only through fp8GatherWeights (zero 3 gathers FP8 weights and casts none), so they are the
    //   same bits for every stage of one class (zero 3 with that gather, or the rest). Adding non-negative numbers
    //   never lowers a floating sum: the first seven parts' sum, in total()'s order, is at most every such step.
    // - The schedule bound (per micro-batch and schedule; bound for every recompute and SP too). The step is at least
    //   the makespan plus the pipeline sends (compute + recompute + tp + cp + ep is at least the busy time m x (F + B
    //   + W), and busy + bubble at least the makespan; 1e-9 covers the rounding). No recompute gives the smallest
    //   F, B and W of the heaviest stage (B adds the recomputed kernels and collectives, all non-negative), SP the
    //   smallest F and B (the per-token kernels on 1/tp of the tokens) and the smallest sends (no all-gather): for
    //   an even split (one heaviest stage for all) each of F, B, W is at its least. closedForm's makespan rises with
    //   each of f, b, w for gpipe, 1f1b, interleaved, zb-h2, zb-v and dualpipev (sums with positive coefficients,
    //   then a max with the busy time), so it is at its least too. Not for zb-h1 (its formula changes branch as w
    //   passes min(f, b)), nor for an uneven split (the heaviest stage may change), nor for DualPipe's overlapped
    //   all-to-all (less exposed forward when the backward grows): there the busy time m x (F + B + W) alone, whose
    //   sum does rise (every stage's does, and DualPipe's compute plus exposed all-to-all, min(compute + comm,
    //   max(compute / (1 - SM share), comm)), rises with compute).
    class TimeBounds {
    public:
        TimeBounds(const Search& search, const ThreadState& ts, Scenario& s, int dp, long long gpus, int zeroMax,
                   const std::optional<FaultModel> (&faults)[4])
            : m_sp(search.m_space), m_s(s), m_dp(dp), m_gpus(gpus), m_faults(faults), m_incumbent(ts.incumbent) {
            m_on = search.m_req.prune && std::isfinite(m_incumbent) &&
                   m_sp.base.efficiency.mode == EfficiencyMode::Derived;
            if (!m_on)
                return;
            for (int zero = 0; zero <= zeroMax; ++zero)
                m_checkpoints[zero] = faults[zero]->checkpoint(dp);
            const int zero = s.parallel.zero;
            s.parallel.zero = 3;
            m_gatherClass = zeroMax >= 3 && fp8GatherWeights(s);
            s.parallel.zero = zero;
        }
        void newSchedule(size_t micros) {
            if (!m_on)
                return;
            m_scheduleStep.assign(2 * micros, -1.0);
            m_scheduleDays.assign(4 * micros, -1.0);
            m_micros = micros;
            m_withSp.assign(kRecomputeValues * micros * 2, -1.0);
            const ParallelSpec& par = m_s.parallel;
            const bool even = pipelineSplit(m_sp.counts.layers + m_sp.counts.mtpLayers, par.pp, par.virtualStages,
                                            vShaped(par.schedule) && par.pp > 1, par.balanceEnds)
                                  .even;
            const bool overlapped = par.schedule == Schedule::DualPipeV && m_sp.counts.experts > 0 && par.ep > 1;
            m_spMonotone = par.tp > 1 && (par.pp == 1 || (even && par.schedule != Schedule::ZbH1 && !overlapped));
            if (m_interleavedStep.empty())
                m_interleavedStep.assign(2 * micros, -1.0);
        }
        void newMicroBatch(size_t index) {
            m_micro = index;
            m_shared[0] = m_shared[1] = -1.0;
            std::fill(std::begin(m_sharedDays), std::end(m_sharedDays), -1.0);
        }
        // True when no layout of the current (schedule, recompute, SP, micro-batch) at this ZeRO stage (any offload)
        // is as fast as the incumbent.
        bool slower(int zero) {
            if (!m_on)
                return false;
            if (scheduleSlower(zero))
                return true;
            const int c = classOf(zero);
            double& sharedDays = m_sharedDays[zero];
            if (sharedDays < 0 && m_spMonotone && !m_s.parallel.sequenceParallel) {
                // Without SP: at least the shared step with it (the step is the makespan plus the sends, and the
                // schedule's makespan rises with F, B and W, which SP lowers; see the schedule bound), 1e-9 for
                // the rounding.
                const double withSp = sequenceParallelStep(c);
                const double bound = days(withSp * (1.0 - 1e-9), zero);
                if (bound > m_incumbent)
                    sharedDays = bound;
            }
            if (sharedDays < 0) {
                if (m_shared[c] < 0)
                    m_shared[c] =
                        m_s.parallel.sequenceParallel && m_spMonotone ? sequenceParallelStep(c) : sharedStep(c);
                sharedDays = days(m_shared[c], zero);
            }
            return sharedDays > m_incumbent;
        }

        bool active() const { return m_on; }
        // The set's bound (every schedule, v, micro-batch, recompute, SP, ZeRO stage and offload): the least over
        // the micro-batches of the interleaved family's bound, which holds for every schedule (each makespan is at
        // least the busy time m (F + B + W), zb-v and dualpipev split the stage into two chunks of a rank holding
        // heaviestStageLayers(layers, pp, 1) slots and both ends as v = 1 does, and every schedule's sends are at
        // least v = 1's); not with DualPipe's overlapped all-to-all (its F + B + W is below 1f1b's) nor with
        // balance_ends (the heaviest rank may hold other slots). True when the set is slower than the incumbent.
        bool allSlower(const std::vector<int>& micros, int zeroMax) {
            const ParallelSpec& par = m_s.parallel;
            if (par.balanceEnds || (m_sp.counts.experts > 0 && par.ep > 1 && par.pp > 1))
                return false;
            if (m_interleavedStep.empty())
                m_interleavedStep.assign(2 * micros.size(), -1.0);
            const int microBatch = m_s.data.microBatch;
            bool slower = true;
            for (int zero = 0; zero <= zeroMax && slower; ++zero) {
                const int c = classOf(zero);
                double least = std::numeric_limits<double>::infinity();
                for (size_t i = 0; i < micros.size(); ++i) {
                    double& family = m_interleavedStep[2 * i + size_t(c)];
                    if (family < 0) {
                        m_s.data.microBatch = micros[i];
                        family = interleavedStep(c);
                    }
                    least = std::min(least, family);
                }
                slower = days(least, zero) > m_incumbent;
            }
            m_s.data.microBatch = microBatch;
            return slower;
        }
        // The schedule's bounds alone (no shared step): true when no layout of the current (schedule, micro-batch)
        // at this ZeRO stage, whatever the recompute, SP and offload, is as fast as the incumbent.
        bool scheduleSlower(int zero) {
            const int c = classOf(zero);
            double& scheduleDays = m_scheduleDays[4 * m_micro + size_t(zero)];
            if (scheduleDays < 0) {
                scheduleDays = 0;
                if (m_s.parallel.schedule == Schedule::Interleaved && !m_s.parallel.balanceEnds) {
                    double& family = m_interleavedStep[2 * m_micro + size_t(c)];
                    if (family < 0)
                        family = interleavedStep(c);
                    scheduleDays = days(family, zero);
                }
                if (!(scheduleDays > m_incumbent)) {
                    double& bound = m_scheduleStep[2 * m_micro + size_t(c)];
                    if (bound < 0)
                        bound = scheduleStep(c);
                    scheduleDays = days(bound, zero);
                }
            }
            return scheduleDays > m_incumbent;
        }

    private:
        int classOf(int zero) const { return m_gatherClass && zero >= 3 ? 1 : 0; }
        // The interleaved family's bound (every v >= 2 of this micro-batch, recompute and SP): the busy time with one
        // chunk per rank, plus its sends. Without balance_ends the heaviest rank holds heaviestStageLayers(layers,
        // pp, v) >= ceil(layers / pp) = heaviestStageLayers(layers, pp, 1) layer slots and both ends, and each slot
        // adds non-negative F, B and W, so F + B + W is least at v = 1 (and with no recompute and SP, as above);
        // interleaved's makespan (m v + p - 1) (F + B + W) / v is at least m (F + B + W), and its sends 2 (m v + p -
        // 1) x one send at least those of v = 1.
        double interleavedStep(int c) {
            ParallelSpec& par = m_s.parallel;
            const Schedule schedule = par.schedule;
            const int v = par.virtualStages;
            par.schedule = Schedule::OneFOneB;
            par.virtualStages = 1;
            const StepTime st = stepWith(Recompute::None, par.tp > 1, c);
            par.schedule = schedule;
            par.virtualStages = v;
            return (st.terms.microBatches * (st.stageForwardS + st.stageBackwardS) + st.parts.ppP2p) * (1.0 - 1e-9);
        }
        StepTime stepWith(Recompute rc, bool seqPar, int c) {
            Scenario& s = m_s;
            const Recompute recompute = s.activations.recompute;
            const bool sequenceParallel = s.parallel.sequenceParallel;
            const int zero = s.parallel.zero;
            const Offload offload = s.offload.optimizer;
            s.activations.recompute = rc;
            s.parallel.sequenceParallel = seqPar;
            s.parallel.zero = c == 1 ? 3 : 0;
            s.offload.optimizer = Offload::None;
            StepTime st = derivedStepTime(s, m_sp.counts, m_dp, m_sp.step);
            s.activations.recompute = recompute;
            s.parallel.sequenceParallel = sequenceParallel;
            s.parallel.zero = zero;
            s.offload.optimizer = offload;
            return st;
        }
        double scheduleStep(int c) {
            const ParallelSpec& par = m_s.parallel;
            const StepTime st = stepWith(Recompute::None, par.tp > 1, c);
            const bool vShape = vShaped(par.schedule) && par.pp > 1;
            const bool even = pipelineSplit(m_sp.counts.layers + m_sp.counts.mtpLayers, par.pp, par.virtualStages,
                                            vShape, par.balanceEnds)
                                  .even;
            const bool overlapped = par.schedule == Schedule::DualPipeV && m_sp.counts.experts > 0 && par.ep > 1;
            const bool monotone = par.pp == 1 || (even && par.schedule != Schedule::ZbH1 && !overlapped);
            const double makespan =
                monotone ? st.terms.makespanS : st.terms.microBatches * (st.stageForwardS + st.stageBackwardS);
            return (makespan + st.parts.ppP2p) * (1.0 - 1e-9);
        }
        double sharedStep(int c) { return sharedStep(m_s.parallel.sequenceParallel, c); }
        double sharedStep(bool seqPar, int c) {
            const StepBreakdown p = stepWith(m_s.activations.recompute, seqPar, c).parts;
            return p.compute + p.recompute + p.tpComm + p.cpComm + p.epComm + p.ppP2p + p.ppBubble;
        }
        // The shared step with SP of the current recompute and micro-batch, kept for the schedule.
        double sequenceParallelStep(int c) {
            double& step = m_withSp[(size_t(m_s.activations.recompute) * m_micros + m_micro) * 2 + size_t(c)];
            if (step < 0)
                step = sharedStep(true, c);
            return step;
        }
        double days(double stepS, int zero) const {
            const Work& w = m_sp.work;
            const double gpus = double(m_gpus);
            const double seconds = runCost(w, gpus, w.stepFlops / (stepS * gpus), 0.0).seconds;
            // FaultModel::faults' effective days, from the same wall figures.
            return m_faults[zero]->wall(m_checkpoints[zero], seconds, gpus).effectiveS / kSecondsPerDay;
        }

        const Space& m_sp;
        Scenario& m_s;
        int m_dp;
        long long m_gpus;
        const std::optional<FaultModel> (&m_faults)[4];
        double m_incumbent;
        bool m_on = false, m_gatherClass = false;
        size_t m_micro = 0;
        std::vector<double> m_scheduleStep;    // per micro-batch and class: the schedule bound (-1: not yet)
        std::vector<double> m_interleavedStep; // the same for the interleaved family (every v)
        static constexpr size_t kRecomputeValues = 4;
        std::vector<double> m_withSp; // per recompute, micro-batch and class: the shared step with SP (-1: not yet)
        size_t m_micros = 0;
        bool m_spMonotone = false;          // the schedule bound's monotone case, and tp > 1
        double m_shared[2] = {-1.0, -1.0};  // per class: the shared step of the current micro-batch (-1: not yet)
        std::vector<double> m_scheduleDays; // per micro-batch and ZeRO stage: days at the schedule bound
        double m_sharedDays[4] = {-1.0, -1.0, -1.0, -1.0}; // per ZeRO stage: days at the shared step
        CheckpointSize m_checkpoints[4];
    };

    // Every layout of one (tp, cp, pp) group.
    void run(const Group& g, ThreadState& ts) const {
        const Space& sp = m_space;
        Scenario& s = ts.work;
        const int modelParallel = g.tp * g.cp * g.pp;
        const int batch = s.data.globalBatch;
        s.parallel.tp = g.tp;
        s.parallel.cp = g.cp;
        s.parallel.pp = g.pp;

        // Schedules this pp admits: one for pp = 1 (the schedule then has no effect), else every schedule, with
        // every virtual-stage count that divides the layers for interleaved.
        std::vector<std::pair<Schedule, int>> schedules;
        schedules.reserve(allSchedules().size() + size_t(sp.base.model.layers / g.pp));
        if (g.pp == 1) {
            schedules.push_back({Schedule::OneFOneB, 1});
        } else {
            for (Schedule sc : allSchedules()) {
                if (sc != Schedule::Interleaved) {
                    schedules.push_back({sc, 1});
                    continue;
                }
                for (int v = 2; v * g.pp <= sp.base.model.layers; ++v)
                    if (virtualAllowed(sp.base.model, g.pp, v))
                        schedules.push_back({sc, v});
            }
        }
        const int sps = g.tp > 1 ? 2 : 1;

        for (int dp : sp.batchDivisors) {
            if (m_req.cancel && m_req.cancel->load(std::memory_order_relaxed))
                return;
            const long long gpus = 1LL * modelParallel * dp;
            if (gpus > sp.maxGpus)
                break;
            if (!sp.countAdmitted(gpus) || (ts.onlyCount > 0 && gpus != ts.onlyCount))
                continue;
            if (!sp.only.empty()) {
                ts.slot = sp.slotOf(gpus);
                ts.slots[size_t(ts.slot)].tried = true;
            }
            s.parallel.dp = dp;
            // Micro-batches that split the batch over dp replicas, ascending.
            std::vector<int> micros;
            for (int mb : sp.batchDivisors)
                if ((batch / mb) % dp == 0)
                    micros.push_back(mb);
            // Every expert split of this group: the state, memory and time depend on it, the rules below do not.
            for (const auto& [ep, etp] : sp.expertSplits(g.tp, g.cp, dp)) {
                s.parallel.ep = ep;
                s.parallel.etp = etp;
                const int zeroMax = dp * g.cp > 1 ? 3 : 0; // nothing to shard: every stage is ZeRO 0
                // Memory is the same whether the optimizer goes to the CPU or to NVMe (only where it goes differs), so
                // the inner loops evaluate memory for "kept" and "offloaded" and the time for each offload target.
                const int offloadClasses = sp.offloadMatters ? 2 : 1;
                // The training state of a stage does not depend on the schedule (within V-shaped or not), the virtual
                // stages' count (v = 1 gives the heaviest rank the fewest layers), micro-batch, recompute or SP: if it
                // alone (plus the runtime reserve) exceeds the limit, no layout of the class fits.
                bool stateFits[2][4][2] = {};
                // Checkpoints and faults depend on the split and the ZeRO stage, not on the rest of the layout: one
                // fault model per stage for every layout below.
                std::optional<FaultModel> faultModels[4];
                for (int zero = 0; zero <= zeroMax; ++zero) {
                    s.parallel.zero = zero;
                    faultModels[zero].emplace(s, sp.counts);
                }
                for (int zero = 0; zero <= zeroMax; ++zero)
                    for (int oc = 0; oc < offloadClasses; ++oc) {
                        s.parallel.zero = zero;
                        s.offload.optimizer = oc ? Offload::Cpu : Offload::None;
                        stateFits[0][zero][oc] = stateFloor(s, dp, false) <= sp.limit;
                        stateFits[1][zero][oc] = g.pp > 1 && stateFloor(s, dp, true) <= sp.limit;
                    }
                // Branch and bound on time (the best-layout curve, derived mode): lower bounds on the days of a set
                // of layouts, computed before their memory and time; a set whose bound exceeds the incumbent's days
                // holds no layout faster than it, nor one as fast (so no tie the objective's order could prefer).
                TimeBounds bounds(*this, ts, s, dp, gpus, zeroMax, faultModels);
                std::optional<Timing> zero1[3]; // per micro-batch below (reset there)
                if (bounds.active() && bounds.allSlower(micros, zeroMax)) {
                    // Every layout of the set slower than the incumbent: counted as the loops below would count
                    // them, without the loops.
                    long long layouts = 0;
                    for (const auto& [sched, v] : schedules)
                        for (int mb : micros) {
                            const int m = batch / (mb * dp);
                            layouts += !(g.pp > 1 && sched == Schedule::Interleaved && v > 1 && m % g.pp != 0) &&
                                       !(g.pp > 1 && sched == Schedule::DualPipeV && m < 2 * g.pp);
                        }
                    ts.pruned += layouts * static_cast<long long>(std::size(kRecomputes)) * sps * (zeroMax + 1) *
                                 (offloadClasses == 2 ? 3 : 1);
                    continue;
                }
                for (const auto& [sched, v] : schedules) {
                    const bool vshape = vShaped(sched) && g.pp > 1;
                    s.parallel.schedule = sched;
                    s.parallel.virtualStages = v;
                    bounds.newSchedule(micros.size());
                    for (Recompute rc : kRecomputes) {
                        s.activations.recompute = rc;
                        for (int seqPar = 0; seqPar < sps; ++seqPar) {
                            s.parallel.sequenceParallel = seqPar == 1;
                            // over[zero][offloaded]: a smaller micro-batch of this class already did not fit.
                            bool over[4][2] = {};
                            for (int zero = 0; zero <= zeroMax; ++zero)
                                for (int oc = 0; oc < offloadClasses; ++oc)
                                    over[zero][oc] = m_req.prune && !stateFits[vshape ? 1 : 0][zero][oc];
                            for (size_t mi = 0; mi < micros.size(); ++mi) {
                                const int mb = micros[mi];
                                const int m = batch / (mb * dp);
                                if (g.pp > 1 && sched == Schedule::Interleaved && v > 1 && m % g.pp != 0)
                                    continue;
                                if (g.pp > 1 && sched == Schedule::DualPipeV && m < 2 * g.pp)
                                    continue;
                                s.data.microBatch = mb;
                                bounds.newMicroBatch(mi);
                                if (bounds.active()) {
                                    // Every ZeRO stage and offload of this micro-batch slower than the incumbent:
                                    // counted as the loops below would count them, without the loops.
                                    bool open = false, slower = true;
                                    for (int zero = 0; zero <= zeroMax; ++zero) {
                                        bool stageOpen = false;
                                        for (int oc = 0; oc < offloadClasses; ++oc)
                                            stageOpen = stageOpen || !over[zero][oc];
                                        open = open || stageOpen;
                                        slower = slower && (!stageOpen || bounds.scheduleSlower(zero));
                                    }
                                    if (open && slower) {
                                        ts.pruned += (zeroMax + 1) * (offloadClasses == 2 ? 3 : 1);
                                        continue;
                                    }
                                }
                                // ZeRO 1 and 2 move the same bytes per step in the time model: their times are shared.
                                for (auto& t : zero1)
                                    t.reset();
                                for (int zero = 0; zero <= zeroMax; ++zero) {
                                    s.parallel.zero = zero;
                                    for (int oc = 0; oc < offloadClasses; ++oc) {
                                        const int targets = oc ? 2 : 1; // offloaded: cpu and nvme
                                        if (over[zero][oc]) {
                                            // Memory never falls as the micro-batch grows (docs/planner.md).
                                            ts.pruned += targets;
                                            continue;
                                        }
                                        if (bounds.slower(zero)) {
                                            ts.pruned += targets;
                                            continue;
                                        }
                                        s.offload.optimizer = oc ? Offload::Cpu : Offload::None;
                                        ts.evaluated += targets;
                                        const MemoryModel memory(s, sp.counts, sp.bytes);
                                        const double total = memory.total(dp);
                                        Rec r;
                                        r.layout = Layout{g.tp,
                                                          g.pp,
                                                          dp,
                                                          g.cp,
                                                          zero,
                                                          seqPar == 1,
                                                          sched,
                                                          v,
                                                          mb,
                                                          rc,
                                                          oc ? Offload::Cpu : Offload::None,
                                                          ep,
                                                          etp};
                                        r.memory = total;
                                        if (total > sp.limit) {
                                            over[zero][oc] = m_req.prune;
                                            nearer(ts.closest, r);
                                            if (ts.slot >= 0)
                                                nearer(ts.slots[size_t(ts.slot)].closest, r);
                                            continue;
                                        }
                                        for (int k = 0; k < targets; ++k) {
                                            const Offload off = oc == 0  ? Offload::None
                                                                : k == 0 ? Offload::Cpu
                                                                         : Offload::Nvme;
                                            s.offload.optimizer = off;
                                            r.layout.offload = off;
                                            // Recorded from where the timing lives (no copy of it).
                                            std::optional<Timing>& shared = zero1[int(off)];
                                            if (zero == 2 && shared) {
                                                record(ts, r, *shared);
                                            } else if (zero == 1) {
                                                shared.emplace(layoutTiming(s, sp.counts, sp.work, dp, gpus, sp.step,
                                                                            *faultModels[zero]));
                                                record(ts, r, *shared);
                                            } else {
                                                record(ts, r,
                                                       layoutTiming(s, sp.counts, sp.work, dp, gpus, sp.step,
                                                                    *faultModels[zero]));
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    void record(ThreadState& ts, Rec& r, const Timing& t) const {
        // The time gate's days (docs/formulas.md §13): faults grow with the GPU count, so a layout on more GPUs can
        // compute faster and still finish later.
        r.days = t.faults.effectiveDays;
        r.daysCompute = t.days;
        r.stepS = t.stepS;
        r.mfu = t.mfu;
        r.usd = t.usd;
        r.parts = t.parts;
        r.finishes = r.days <= m_space.trainingDays;
        ++ts.feasible;
        ts.meeting += r.finishes;
        if (ts.slot >= 0) {
            // On one count dollars are proportional to days: the fastest layout is also the cheapest.
            auto& best = ts.slots[size_t(ts.slot)].best;
            if (!best || before(Objective::Fastest, r, *best))
                best = r;
            return;
        }
        ts.front.insert(r);
        if (!ts.fastest || before(Objective::Fastest, r, *ts.fastest))
            ts.fastest = r;
        keep(ts, r);
    }

    // The days of a layout as run() would record them, when it is one run() searches on its count and fits; else
    // nullopt. `s` is scratch.
    std::optional<double> seedDays(Scenario& s, const Layout& l) const {
        const Space& sp = m_space;
        if (!searched(sp, l))
            return std::nullopt;
        applyLayout(s, l);
        if (!validate(s).empty())
            return std::nullopt;
        const MemoryModel memory(s, sp.counts, sp.bytes);
        if (memory.total(l.dp) > sp.limit)
            return std::nullopt;
        return layoutTiming(s, sp.counts, sp.work, l.dp, l.gpus(), sp.step, FaultModel(s, sp.counts))
            .faults.effectiveDays;
    }

    // Keep the layout nearest to fitting: the smallest memory over the limit, then the smallest layout.
    static void nearer(std::optional<Rec>& closest, const Rec& r) {
        if (!closest || r.memory < closest->memory || (r.memory == closest->memory && r.layout < closest->layout))
            closest = r;
    }

private:
    // The training state of the stage at(dp) reports, plus the runtime reserve: a lower bound on the per-GPU memory
    // of every layout that shares tp, pp, cp, dp, ZeRO, offload and V-shape (they give that stage the same state).
    // Which stage at(dp) reports depends on the activations, so the keys that size them (micro-batch, recompute,
    // sequence parallelism) are set to fixed values here: left as the previous group's loops left them, the floor
    // (and so the pruned count) depended on which group the thread had run before.
    double stateFloor(Scenario& s, int dp, bool vshape) const {
        const ParallelSpec parallel = s.parallel;
        const int microBatch = s.data.microBatch;
        const Recompute recompute = s.activations.recompute;
        s.parallel.schedule = vshape ? Schedule::ZbV : Schedule::OneFOneB;
        s.parallel.virtualStages = 1;
        s.parallel.sequenceParallel = false;
        s.data.microBatch = 1;
        s.activations.recompute = Recompute::None;
        const MemoryBreakdown b = MemoryModel(s, m_space.counts, m_space.bytes).at(dp);
        s.parallel = parallel;
        s.data.microBatch = microBatch;
        s.activations.recompute = recompute;
        return b.weights + b.gradients + b.master + b.optimizer + kRuntimeReserveBytes;
    }

    const Space& m_space;
    const PlanRequest& m_req;
    const Layout* m_target;
};

// A neutral layout: every degree 1, micro-batch 1, no recompute. Its evaluation checks the model and the data.
Scenario neutral(const Scenario& s) {
    Scenario n = s;
    applyLayout(n, Layout{});
    return n;
}

std::string gb(double bytes) {
    return formatGB(bytes);
}

// Counts near n that some layout can use (ignoring memory): for "no layout uses exactly n GPUs".
std::vector<long long> nearbyCounts(const Space& sp, long long n) {
    auto usable = [&](long long c) {
        for (int tp : sp.tps)
            for (int cp : sp.cps)
                for (int pp : sp.pps) {
                    const long long mp = 1LL * tp * cp * pp;
                    if (c % mp == 0 && sp.base.data.globalBatch % (c / mp) == 0)
                        return true;
                }
        return false;
    };
    std::vector<long long> out;
    for (long long c = n - 1; c >= 1 && c >= n - 100000; --c)
        if (usable(c)) {
            out.push_back(c);
            break;
        }
    for (long long c = n + 1; c <= n + 100000 && double(c) <= kMaxGpus; ++c)
        if (usable(c)) {
            out.push_back(c);
            break;
        }
    return out;
}

struct Prepared {
    std::optional<Space> space;
    Diagnostic error;
};

Prepared prepare(const Scenario& scenario, const PlanRequest& req) {
    Prepared out;
    Space sp;
    sp.base = neutral(scenario);
    if (req.forceDerived)
        sp.base.efficiency.mode = EfficiencyMode::Derived;
    const Ledger l = evaluate(sp.base);
    if (!l.valid) {
        out.error = l.errors.front();
        return out;
    }
    sp.counts = countModel(sp.base.model);
    sp.bytes = stateBytes(sp.base.precision, sp.counts.hidden);
    sp.work = workOf(l);
    sp.step = stepConstants(sp.base);
    sp.trainingDays = l.time.trainingDays;
    sp.capacity = l.memory.capacity;
    sp.limit = memoryLimit(sp.capacity, req.headroom);
    sp.minGpus = req.minGpus;
    sp.maxGpus = req.maxGpus;
    sp.range = req.minGpus != req.maxGpus;
    sp.offloadMatters = sp.bytes.master + sp.bytes.optimizer > 0;
    const auto& m = sp.base.model;
    const int node = sp.base.hardware.gpusPerNode;
    for (int tp : divisorsOf(std::gcd(m.heads, m.kvHeads)))
        if (req.tpAcrossNodes || !tpSpansNodes(tp, node))
            sp.tps.push_back(tp);
    sp.cps.push_back(1);
    for (int cp = 2; 2LL * cp <= sp.base.data.seqLen; ++cp)
        if (sp.base.data.seqLen % (2 * cp) == 0)
            sp.cps.push_back(cp);
    for (int pp = 1; pp <= m.layers; ++pp)
        if (ppAllowed(m, pp))
            sp.pps.push_back(pp);
    sp.batchDivisors = divisorsOf(sp.base.data.globalBatch);
    sp.eps = m.moe.experts > 0 ? divisorsOf(m.moe.experts) : std::vector<int>{1};
    sp.expertWidth = m.moe.expertFfnHidden;
    out.space = std::move(sp);
    return out;
}

struct Outcome {
    std::vector<Rec> kept;
    Skyline front;
    long long evaluated = 0, pruned = 0, feasible = 0, meeting = 0, ranked = 0;
    std::optional<Rec> closest, fastest, cheapest;
    std::vector<Slot> slots;
    bool cancelled = false;
    int threads = 1;
};

// The (tp, cp, pp) groups the searches share out between the threads: every one whose product fits the largest
// count.
std::vector<Group> groupsOf(const Space& sp) {
    std::vector<Group> groups;
    for (int tp : sp.tps)
        for (int cp : sp.cps)
            for (int pp : sp.pps)
                if (double(tp) * cp * pp <= double(sp.maxGpus))
                    groups.push_back({tp, cp, pp});
    return groups;
}

// The request's threads (0 = the hardware's), at least one and at most one per group.
int threadCount(const PlanRequest& req, size_t groups) {
    const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
    return std::max(1, std::min<int>(req.threads > 0 ? req.threads : int(hw), int(groups)));
}

Outcome runSearch(const Space& sp, const PlanRequest& req, const Layout* target) {
    const std::vector<Group> groups = groupsOf(sp);
    const Search search(sp, req, target);
    const int threads = threadCount(req, groups.size());
    std::vector<ThreadState> states(static_cast<size_t>(threads));
    std::atomic<size_t> next{0};
    std::atomic<size_t> done{0};
    auto worker = [&](ThreadState& ts) {
        ts.work = sp.base;
        ts.slots.resize(sp.only.size());
        for (size_t i; (i = next.fetch_add(1)) < groups.size();) {
            if (req.cancel && req.cancel->load(std::memory_order_relaxed))
                return;
            search.run(groups[i], ts);
            const size_t finished = done.fetch_add(1) + 1;
            if (req.progress)
                req.progress(double(finished) / double(groups.size()));
        }
    };
    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i)
        pool.emplace_back(worker, std::ref(states[size_t(i)]));
    worker(states[0]);
    for (auto& t : pool)
        t.join();

    Outcome out;
    out.threads = threads;
    out.cancelled = req.cancel && req.cancel->load();
    for (auto& ts : states) {
        out.evaluated += ts.evaluated;
        out.pruned += ts.pruned;
        out.feasible += ts.feasible;
        out.meeting += ts.meeting;
        out.ranked += ts.ranked;
        out.kept.insert(out.kept.end(), ts.kept.begin(), ts.kept.end());
        out.front.merge(ts.front);
        if (ts.closest)
            Search::nearer(out.closest, *ts.closest);
        if (ts.fastest && (!out.fastest || before(Objective::Fastest, *ts.fastest, *out.fastest)))
            out.fastest = ts.fastest;
        if (ts.cheapest && (!out.cheapest || before(Objective::Cheapest, *ts.cheapest, *out.cheapest)))
            out.cheapest = ts.cheapest;
        out.slots.resize(ts.slots.size());
        for (size_t i = 0; i < ts.slots.size(); ++i) {
            const Slot& from = ts.slots[i];
            Slot& to = out.slots[i];
            to.tried = to.tried || from.tried;
            if (from.best && (!to.best || before(Objective::Fastest, *from.best, *to.best)))
                to.best = from.best;
            if (from.closest)
                Search::nearer(to.closest, *from.closest);
        }
    }
    std::sort(out.kept.begin(), out.kept.end(), [&](const Rec& a, const Rec& b) { return search.better(a, b); });
    const size_t top = req.top > 0 ? size_t(req.top) : size_t(kMaxListedPlans);
    if (out.kept.size() > top)
        out.kept.resize(top);
    return out;
}

// The best-layout curve in derived mode with pruning: a branch and bound per count. The counts are searched one
// after another (each count's layouts are its own: dp = count / (tp x cp x pp), so nothing is shared between counts
// but the incumbents). A count's incumbent is the fastest of its seeds that run() searches and that fit: the fastest
// layouts of the counts before it with dp set for this count, and the scenario's own layout there. Every group is
// then searched with TimeBounds skipping what is slower than the incumbent; the seed is itself searched and not
// skipped (its bound is at most its days), so the count's best is at most the incumbent, and a layout skipped is
// slower than it: the best is the exhaustive search's. The incumbent is fixed while a count is searched, so the
// counts of evaluated and pruned layouts do not depend on the threads. (Should the best ever come out slower than
// the incumbent, the count is searched again without one.)
Outcome curveSearch(const Space& sp, const PlanRequest& req, const Layout& own) {
    const std::vector<Group> groups = groupsOf(sp);
    const Search search(sp, req, nullptr);
    const int threads = threadCount(req, groups.size());
    std::vector<ThreadState> states(static_cast<size_t>(threads));
    for (ThreadState& ts : states) {
        ts.work = sp.base;
        ts.slots.resize(sp.only.size());
    }
    Outcome out;
    out.threads = threads;
    out.slots.resize(sp.only.size());
    std::vector<Layout> bests; // the counts' fastest layouts so far
    Scenario scratch = sp.base;
    const double total = double(groups.size() * sp.only.size());
    std::atomic<size_t> done{0};
    auto cancelled = [&] { return req.cancel && req.cancel->load(std::memory_order_relaxed); };
    for (size_t i = 0; i < sp.only.size() && !cancelled(); ++i) {
        const long long n = sp.only[i];
        double incumbent = std::numeric_limits<double>::infinity();
        std::vector<Layout> seeds = bests;
        seeds.push_back(own);
        std::vector<char> first(groups.size(), 0); // the seeds' groups, searched first
        std::vector<size_t> firstOrder;
        for (Layout l : seeds) {
            const long long mp = 1LL * l.tp * l.cp * l.pp;
            if (n % mp != 0 || n / mp > std::numeric_limits<int>::max())
                continue;
            l.dp = int(n / mp);
            if (const auto days = search.seedDays(scratch, l))
                incumbent = std::min(incumbent, *days);
            for (size_t g = 0; g < groups.size(); ++g)
                if (groups[g].tp == l.tp && groups[g].cp == l.cp && groups[g].pp == l.pp && !first[g]) {
                    first[g] = 1;
                    firstOrder.push_back(g);
                }
        }
        const double seeded = incumbent;
        for (int attempt = 0; attempt < 2; ++attempt) {
            // The seeds' groups first, one after another on this thread, each with the best found so far as the
            // incumbent (a fixed order: the counts do not depend on the threads); then the rest with the best of them.
            if (attempt == 0) {
                ThreadState& ts = states[0];
                ts.onlyCount = n;
                for (size_t g : firstOrder) {
                    if (cancelled())
                        break;
                    ts.incumbent = incumbent;
                    search.run(groups[g], ts);
                    if (ts.slots[i].best)
                        incumbent = std::min(incumbent, ts.slots[i].best->days);
                    done.fetch_add(1);
                }
            }
            std::atomic<size_t> next{0};
            auto worker = [&](ThreadState& ts) {
                ts.onlyCount = n;
                ts.incumbent = incumbent;
                for (size_t g; (g = next.fetch_add(1)) < groups.size();) {
                    if (cancelled())
                        return;
                    if (attempt == 0 && first[g])
                        continue;
                    search.run(groups[g], ts);
                    const size_t finished = done.fetch_add(1) + 1;
                    if (req.progress)
                        req.progress(std::min(1.0, double(finished) / total));
                }
            };
            std::vector<std::thread> pool;
            for (int t = 1; t < threads; ++t)
                pool.emplace_back(worker, std::ref(states[size_t(t)]));
            worker(states[0]);
            for (auto& t : pool)
                t.join();
            Slot merged;
            for (const ThreadState& ts : states) {
                const Slot& from = ts.slots[i];
                merged.tried = merged.tried || from.tried;
                if (from.best && (!merged.best || before(Objective::Fastest, *from.best, *merged.best)))
                    merged.best = from.best;
                if (from.closest)
                    Search::nearer(merged.closest, *from.closest);
            }
            if (std::isfinite(seeded) && !cancelled() && (!merged.best || merged.best->days > seeded)) {
                incumbent = std::numeric_limits<double>::infinity(); // not reached: the seed is searched
                for (ThreadState& ts : states)
                    ts.slots[i] = Slot{};
                continue;
            }
            out.slots[i] = merged;
            break;
        }
        if (out.slots[i].best)
            bests.push_back(out.slots[i].best->layout);
    }
    out.cancelled = cancelled();
    for (const ThreadState& ts : states) {
        out.evaluated += ts.evaluated;
        out.pruned += ts.pruned;
        out.feasible += ts.feasible;
    }
    return out;
}

// A GPU count as the planner writes it, "5,120", and a count or a range of them, "1 to 8".
MessageArg countArg(double n) {
    return MessageArg::ofText(groupDigits(n));
}

MessageArg countsArg(long long a, long long b) {
    return a == b ? countArg(double(a))
                  : MessageArg::ofSentence(sentence(Msg::CountRange, {countArg(double(a)), countArg(double(b))}));
}

MessageArg bytesArg(double bytes) {
    return MessageArg::ofText(gb(bytes));
}

// Why a search of the counts lo to hi found no plan: the closest miss, in one sentence. `tried` layouts used the
// counts (evaluated or pruned), `feasible` of them fit.
Diagnostic noPlanReason(const Space& sp, const PlanRequest& req, long long lo, long long hi, bool range,
                        long long tried, long long feasible, const std::optional<Rec>& closest,
                        const std::optional<Rec>& fastest) {
    const MessageArg perGpu =
        req.headroom > 0
            ? MessageArg::ofSentence(sentence(
                  Msg::PerGpuHeadroom, {bytesArg(sp.capacity), MessageArg::ofText(formatFixed(req.headroom * 100, 0))}))
            : bytesArg(sp.capacity);
    const double stateAll = sp.bytes.total() * sp.counts.total;
    const double stateGpus = std::ceil(stateAll / sp.limit - 1e-12);
    const MessageArg batch = countArg(double(sp.base.data.globalBatch));
    if (tried == 0) {
        if (range)
            return sentence(req.tpAcrossNodes ? Msg::NoLayoutRangeAcross : Msg::NoLayoutRange,
                            {countArg(double(lo)), countArg(double(hi)), batch});
        const auto nearby = nearbyCounts(sp, lo);
        MessageArg near = MessageArg::ofText("");
        if (nearby.size() == 1)
            near = MessageArg::ofSentence(sentence(Msg::NearestCount, {countArg(double(nearby[0]))}));
        else if (nearby.size() >= 2)
            near = MessageArg::ofSentence(
                sentence(Msg::NearestCounts, {countArg(double(nearby[0])), countArg(double(nearby[1]))}));
        return sentence(req.tpAcrossNodes ? Msg::NoLayoutCountAcross : Msg::NoLayoutCount,
                        {countArg(double(lo)), batch, std::move(near)});
    }
    if (feasible == 0) {
        if (stateGpus > double(hi))
            return sentence(Msg::StateAlone,
                            {countArg(stateGpus), perGpu, MessageArg::ofText(formatGB(stateAll)), countsArg(lo, hi)});
        if (closest)
            return sentence(Msg::NoFitClosest,
                            {perGpu, MessageArg::ofLayout(closest->layout), bytesArg(closest->memory)});
        return sentence(Msg::NoFit, {perGpu});
    }
    if (fastest)
        return sentence(Msg::NoFinish,
                        {MessageArg::ofText(formatFixed(sp.trainingDays, 1)), MessageArg::ofLayout(fastest->layout),
                         MessageArg::ofText(formatFixed(fastest->days, 1))});
    return {};
}

} // namespace

const char* bottleneckPhrase(Bottleneck b) {
    switch (b) {
    case Bottleneck::FixedOffload:
        return "optimizer offload (fixed slowdown)";
    case Bottleneck::ComputeBound:
        return "compute-bound";
    case Bottleneck::FixedMfu:
        break;
    }
    return "compute at the fixed MFU";
}

const char* recomputeName(Recompute r) {
    return choiceName(r);
}

const char* offloadName(Offload o) {
    return choiceName(o);
}

const char* objectiveName(Objective o) {
    switch (o) {
    case Objective::Cheapest:
        return "cheapest";
    case Objective::Fewest:
        return "fewest";
    case Objective::Fastest:
        break;
    }
    return "fastest";
}

bool parseObjective(const std::string& name, Objective& out) {
    for (Objective o : {Objective::Fastest, Objective::Cheapest, Objective::Fewest})
        if (name == objectiveName(o)) {
            out = o;
            return true;
        }
    return false;
}

Layout layoutOf(const Scenario& s) {
    Layout l;
    l.tp = s.parallel.tp;
    l.pp = s.parallel.pp;
    l.dp = s.parallel.dp;
    l.cp = s.parallel.cp;
    l.zero = s.parallel.zero;
    l.sequenceParallel = s.parallel.sequenceParallel;
    l.schedule = s.parallel.schedule;
    l.virtualStages = s.parallel.virtualStages;
    l.microBatch = s.data.microBatch;
    l.recompute = s.activations.recompute;
    l.offload = s.offload.optimizer;
    l.ep = s.parallel.ep;
    l.etp = s.parallel.etp;
    return l;
}

void applyLayout(Scenario& s, const Layout& l) {
    s.parallel.tp = l.tp;
    s.parallel.pp = l.pp;
    s.parallel.dp = l.dp;
    s.parallel.cp = l.cp;
    s.parallel.zero = l.zero;
    s.parallel.sequenceParallel = l.sequenceParallel;
    s.parallel.schedule = l.schedule;
    s.parallel.virtualStages = l.virtualStages;
    s.data.microBatch = l.microBatch;
    s.activations.recompute = l.recompute;
    s.offload.optimizer = l.offload;
    s.parallel.ep = l.ep;
    s.parallel.etp = l.etp;
}

LayoutProblem layoutProblem(Scenario s) {
    const bool across = tpSpansNodes(s.parallel.tp, s.hardware.gpusPerNode);
    applyLayout(s, Layout{});
    s.title.clear();
    s.notes.clear();
    s.efficiency.mode = EfficiencyMode::Derived;
    return {std::move(s), across};
}

std::vector<std::pair<std::string, FieldValue>> layoutAssignments(const Layout& l) {
    return {
        {"parallel.tp", double(l.tp)},
        {"parallel.pp", double(l.pp)},
        {"parallel.dp", double(l.dp)},
        {"parallel.cp", double(l.cp)},
        {"parallel.zero", double(l.zero)},
        {"parallel.sequence_parallel", l.sequenceParallel},
        {"parallel.schedule", std::string(scheduleName(l.schedule))},
        {"parallel.virtual_stages", double(l.virtualStages)},
        {"data.micro_batch", double(l.microBatch)},
        {"activations.recompute", std::string(recomputeName(l.recompute))},
        {"offload.optimizer", std::string(offloadName(l.offload))},
        {"parallel.ep", double(l.ep)},
        {"parallel.etp", double(l.etp)},
    };
}

std::vector<std::pair<std::string, FieldValue>> planAssignments(const Plan& plan) {
    auto out = layoutAssignments(plan.layout);
    if (plan.derived)
        out.emplace_back("efficiency.mode", std::string("derived"));
    return out;
}

bool ranksBefore(Objective o, const Plan& a, const Plan& b) {
    auto rec = [](const Plan& p) {
        Rec r;
        r.layout = p.layout;
        r.days = p.days;
        r.daysCompute = p.daysCompute;
        r.usd = p.usd;
        r.memory = p.memoryTotal;
        return r;
    };
    return before(o, rec(a), rec(b));
}

PlanResult planLayouts(const Scenario& scenario, const PlanRequest& req) {
    const auto start = std::chrono::steady_clock::now();
    PlanResult result;
    const Prepared prep = prepare(scenario, req);
    if (!prep.space) {
        result.reason = sentence(Msg::PlanRefused, {MessageArg::ofSentence(prep.error)});
        return result;
    }
    const Space& sp = *prep.space;
    const Outcome o = runSearch(sp, req, nullptr);
    result.evaluated = o.evaluated;
    result.pruned = o.pruned;
    result.feasible = o.feasible;
    result.meeting = o.meeting;
    result.ranked = o.ranked;
    result.threads = o.threads;
    result.cancelled = o.cancelled;
    for (const Rec& r : o.kept)
        result.plans.push_back(toPlan(r, sp.capacity, sp.base.efficiency.mode == EfficiencyMode::Derived));
    for (const Rec& r : o.front.points())
        result.pareto.push_back(toPlan(r, sp.capacity, sp.base.efficiency.mode == EfficiencyMode::Derived));

    if (result.plans.empty() && !result.cancelled) {
        if (req.budgetUsd > 0 && o.cheapest) // plans there were, all over the budget
            result.reason = sentence(Msg::OverBudget, {MessageArg::ofText("$" + groupDigits(req.budgetUsd)),
                                                       MessageArg::ofLayout(o.cheapest->layout),
                                                       MessageArg::ofText("$" + groupDigits(o.cheapest->usd)),
                                                       MessageArg::ofText(formatFixed(o.cheapest->days, 1))});
        else
            result.reason = noPlanReason(sp, req, sp.minGpus, sp.maxGpus, sp.range, o.evaluated + o.pruned, o.feasible,
                                         o.closest, o.fastest);
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

CurveResult bestLayoutCurve(const Scenario& scenario, const std::vector<CountRequest>& counts,
                            const PlanRequest& request) {
    const auto start = std::chrono::steady_clock::now();
    CurveResult out;
    auto batchOf = [&](const CountRequest& c) { return c.globalBatch > 0 ? c.globalBatch : scenario.data.globalBatch; };
    // One search per global batch, over that batch's counts.
    std::map<int, std::vector<long long>> byBatch;
    size_t total = 0;
    for (const CountRequest& c : counts)
        if (c.gpus >= 1 && double(c.gpus) <= kMaxGpus)
            byBatch[batchOf(c)].push_back(c.gpus);
    for (auto& [batch, list] : byBatch) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
        total += list.size();
    }
    PlanRequest req = request;
    req.objective = Objective::Fastest;
    req.top = 1;
    req.tpAcrossNodes = request.tpAcrossNodes || layoutProblem(scenario).tpAcrossNodes;

    std::map<std::pair<long long, int>, CountBest> found;
    double done = 0; // share of the counts searched
    for (const auto& [batch, list] : byBatch) {
        const double share = double(list.size()) / double(total);
        if (request.progress)
            req.progress = [&request, done, share](double d) { request.progress(done + share * d); };
        done += share;
        Scenario s = scenario;
        s.data.globalBatch = batch;
        req.minGpus = list.front();
        req.maxGpus = list.back();
        Prepared prep = prepare(s, req);
        if (!prep.space) {
            // Filled in place: a temporary CountBest moved into the map trips GCC 12's -Wmaybe-uninitialized at -O3.
            const Diagnostic refused = sentence(Msg::PlanRefused, {MessageArg::ofSentence(prep.error)});
            for (long long n : list) {
                CountBest& b = found[{n, batch}];
                b.gpus = n;
                b.globalBatch = batch;
                b.reason = refused;
            }
            continue;
        }
        Space& sp = *prep.space;
        sp.only = list;
        const bool bounded = req.prune && sp.base.efficiency.mode == EfficiencyMode::Derived;
        const Outcome o = bounded ? curveSearch(sp, req, layoutOf(scenario)) : runSearch(sp, req, nullptr);
        out.threads = std::max(out.threads, o.threads);
        if (o.cancelled) {
            out.cancelled = true;
            break;
        }
        out.evaluated += o.evaluated;
        out.pruned += o.pruned;
        out.feasible += o.feasible;
        const bool derived = sp.base.efficiency.mode == EfficiencyMode::Derived;
        for (size_t i = 0; i < list.size(); ++i) {
            const Slot& slot = o.slots[i];
            CountBest& b = found[{list[i], batch}];
            b.gpus = list[i];
            b.globalBatch = batch;
            b.found = slot.best.has_value();
            if (b.found)
                b.plan = toPlan(*slot.best, sp.capacity, derived);
            else
                b.reason =
                    noPlanReason(sp, req, list[i], list[i], false, slot.tried ? 1 : 0, 0, slot.closest, std::nullopt);
        }
    }
    if (request.cancel && request.cancel->load())
        out.cancelled = true;
    if (!out.cancelled) {
        // In the requests' order, each (count, batch) once.
        for (const CountRequest& c : counts) {
            auto it = found.find({c.gpus, batchOf(c)});
            if (it == found.end()) {
                if (c.gpus >= 1 && double(c.gpus) <= kMaxGpus)
                    continue; // already listed
                out.points.push_back(CountBest{c.gpus, batchOf(c), false, {}, sentence(Msg::CurveCountRange)});
                continue;
            }
            out.points.push_back(std::move(it->second));
            found.erase(it);
        }
    }
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

std::vector<CountRequest> curveLayoutCounts(const Scenario& s, const std::vector<ScalePoint>& curve) {
    std::vector<CountRequest> out;
    for (const ScalePoint& p : curve) {
        if (validate(scenarioAt(s, p)).empty())
            out.push_back({p.gpus, p.globalBatch});
    }
    return out;
}

FinishingLayout fewestGpusAnyLayout(const Scenario& base, const PlanRequest& request) {
    FinishingLayout out;
    const Ledger l = evaluate(base);
    if (!l.valid)
        return out;
    // No layout beats every GPU at its peak (FP8's when the matmuls run in it).
    const auto& hw = base.hardware;
    const double peak =
        1e12 * std::max(hw.peakTflops, base.precision.compute == NumberFormat::Fp8 ? hw.peakFp8Tflops : 0.0);
    const long long node = std::max(1, hw.gpusPerNode);
    const double bound = l.flops.total / (l.time.trainingDays * kSecondsPerDay * peak);
    long long nodes = std::max(1LL, static_cast<long long>(std::ceil(bound / double(node))));
    const long long lastNodes = std::min(static_cast<long long>(kMaxGpus) / node, 16 * nodes);
    out.fromGpus = nodes * node;
    PlanRequest req = request;
    const int batchOf = 4; // counts per search: the first that finishes ends it
    while (nodes <= lastNodes) {
        std::vector<CountRequest> counts;
        for (; nodes <= lastNodes && int(counts.size()) < batchOf; nodes = nextCurveDp(nodes))
            counts.push_back({nodes * node, 0});
        const CurveResult r = bestLayoutCurve(base, counts, req);
        if (r.cancelled) {
            out.cancelled = true;
            return out;
        }
        for (const CountBest& b : r.points) {
            out.toGpus = b.gpus;
            if (b.found && b.plan.finishes) {
                out.found = true;
                out.plan = b.plan;
                return out;
            }
        }
    }
    return out;
}

bool parseGpuRange(const std::string& text, const std::string& label, long long& lo, long long& hi, Diagnostic& error) {
    auto number = [](std::string_view t, long long& out) {
        while (!t.empty() && t.front() == ' ')
            t.remove_prefix(1);
        while (!t.empty() && t.back() == ' ')
            t.remove_suffix(1);
        if (t.empty() || t.size() > 9 || !std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return false;
        out = std::stoll(std::string(t));
        return true;
    };
    const std::string_view all(text);
    const size_t colon = all.find(':');
    long long a = 0, b = 0;
    const bool ok = colon == std::string_view::npos
                        ? number(all, a) && (b = a, true)
                        : number(all.substr(0, colon), a) && number(all.substr(colon + 1), b);
    if (!ok || a < 1 || b < a || double(b) > kMaxGpus) {
        error = sentence(Msg::GpuRange, {MessageArg::ofText(label), MessageArg::ofText(text)});
        return false;
    }
    lo = a;
    hi = b;
    return true;
}

SearchSize searchSize(const Scenario& scenario, const PlanRequest& request) {
    SearchSize out;
    const Prepared prep = prepare(scenario, request);
    if (!prep.space)
        return out;
    const Space& sp = *prep.space;
    // Search::run's loops, counted: per (tp, cp, pp) group the schedules (with their virtual stages), recompute and
    // sequence parallelism; per dp the micro-batches, expert splits, ZeRO stages and offload targets.
    const int schedulesBeyondOne = int(allSchedules().size()) - 1; // interleaved is counted per virtual-stage count
    const double targets = sp.offloadMatters ? 3 : 1;
    std::vector<std::pair<long long, double>> byCount; // (GPUs, layouts)
    for (int tp : sp.tps)
        for (int cp : sp.cps)
            for (int pp : sp.pps) {
                const long long modelParallel = 1LL * tp * cp * pp;
                if (modelParallel > sp.maxGpus)
                    continue;
                double schedules = 1;
                if (pp > 1) {
                    schedules = schedulesBeyondOne;
                    for (int v = 2; v * pp <= sp.base.model.layers; ++v)
                        schedules += virtualAllowed(sp.base.model, pp, v);
                }
                const double perGroup = schedules * std::size(kRecomputes) * (tp > 1 ? 2 : 1);
                for (int dp : sp.batchDivisors) {
                    const long long gpus = modelParallel * dp;
                    if (gpus > sp.maxGpus)
                        break;
                    if (!sp.countAdmitted(gpus))
                        continue;
                    double micros = 0;
                    for (int mb : sp.batchDivisors)
                        micros += (sp.base.data.globalBatch / mb) % dp == 0;
                    const double zeros = dp * cp > 1 ? 4 : 1;
                    const double splits = double(sp.expertSplits(tp, cp, dp).size());
                    byCount.push_back({gpus, perGroup * micros * splits * zeros * targets});
                }
            }
    std::sort(byCount.begin(), byCount.end());
    for (size_t i = 0; i < byCount.size(); ++i) {
        out.layouts += byCount[i].second;
        // The widest range ends at a count whose layouts are all in (the next count starts after it).
        if (out.layouts <= kMaxSearchedLayouts && (i + 1 == byCount.size() || byCount[i + 1].first != byCount[i].first))
            out.widestMaxGpus = byCount[i].first;
    }
    if (out.layouts <= kMaxSearchedLayouts)
        out.widestMaxGpus = sp.maxGpus;
    return out;
}

std::optional<Diagnostic> checkSearchSize(const Scenario& scenario, const PlanRequest& request,
                                          const std::string& label, const std::string& text) {
    if (request.minGpus == request.maxGpus)
        return std::nullopt;
    const SearchSize size = searchSize(scenario, request);
    if (size.layouts <= kMaxSearchedLayouts)
        return std::nullopt;
    const std::string widest = size.widestMaxGpus >= request.minGpus
                                   ? std::to_string(request.minGpus) + ":" + std::to_string(size.widestMaxGpus)
                                   : std::to_string(request.minGpus);
    return sentence(Msg::SearchTooWide, {MessageArg::ofText(label), MessageArg::ofText(text),
                                         MessageArg::ofText(groupDigits(kMaxSearchedLayouts)),
                                         MessageArg::ofText(widest), MessageArg::ofText(groupDigits(size.layouts))});
}

WhyNot whyNot(const Scenario& scenario, const PlanRequest& req,
              const std::vector<std::pair<std::string, FieldValue>>& pinned) {
    WhyNot out;
    Scenario named = scenario;
    static const char* const kLayoutKeys[] = {"parallel.tp",       "parallel.pp",
                                              "parallel.dp",       "parallel.cp",
                                              "parallel.zero",     "parallel.sequence_parallel",
                                              "parallel.schedule", "parallel.virtual_stages",
                                              "data.micro_batch",  "activations.recompute",
                                              "offload.optimizer", "parallel.ep",
                                              "parallel.etp"};
    for (const auto& pin : pinned) {
        const std::string& key = pin.first; // a plain reference: clang 14 cannot capture a structured binding
        const FieldValue& value = pin.second;
        if (std::none_of(std::begin(kLayoutKeys), std::end(kLayoutKeys), [&](const char* k) { return key == k; })) {
            out.rule = key;
            out.reason = sentence(Msg::NotLayoutKey, {MessageArg::ofText(key)});
            return out;
        }
        if (auto e = setField(named, key, value)) {
            out.rule = key;
            out.reason = e->diagnostic;
            return out;
        }
    }
    const Layout target = layoutOf(named);
    const Ledger l = evaluate(named);
    const int node = named.hardware.gpusPerNode;
    const long long gpus = target.gpus();
    const double limit = memoryLimit(l.memory.capacity, req.headroom);
    if (!l.valid) {
        out.rule = l.errors.front().code;
        out.reason = l.errors.front();
    } else if (!req.tpAcrossNodes && tpSpansNodes(target.tp, node)) {
        out.rule = "parallel.tp";
        out.reason =
            sentence(target.tp > node ? Msg::TpSpansNodes : Msg::TpNotTiling,
                     {MessageArg::ofKey("parallel.tp"), MessageArg::ofNumber(target.tp), MessageArg::ofNumber(node)});
    } else if (gpus < req.minGpus || gpus > req.maxGpus) {
        out.rule = "time.gpus";
        out.reason = sentence(Msg::OutsideSearch, {countArg(double(gpus)), countsArg(req.minGpus, req.maxGpus)});
    } else if (l.memory.total > limit) {
        out.rule = "memory";
        out.reason = sentence(req.headroom > 0 ? Msg::OverMemoryHeadroom : Msg::OverMemory,
                              {MessageArg::ofText(formatGB(l.memory.total)), MessageArg::ofText(formatGB(limit))});
    } else {
        out.works = true;
        out.reason = sentence(Msg::LayoutWorks,
                              {MessageArg::ofText(formatGB(l.memory.total)), MessageArg::ofText(formatGB(limit)),
                               MessageArg::ofText(formatFixed(l.time.daysEffective, 1))});
    }
    const Prepared prep = prepare(scenario, req);
    if (!prep.space)
        return out;
    PlanRequest nearReq = req;
    nearReq.top = req.top > 0 ? std::min(req.top, 5) : 5;
    const Outcome o = runSearch(*prep.space, nearReq, &target);
    for (const Rec& r : o.kept)
        out.nearest.push_back(
            toPlan(r, prep.space->capacity, prep.space->base.efficiency.mode == EfficiencyMode::Derived));
    return out;
}

} // namespace tl::engine
