#pragma once
// The layout planner: every valid layout of the scenario's model on a GPU count (or a range of counts), those that
// fit in memory, ranked by an objective, with the Pareto front of days against dollars (docs/planner.md).
//
// A layout is the set of keys a training framework lets you choose without changing the model, the data or the
// hardware: tp, pp, dp, cp, ZeRO stage, sequence parallelism, schedule and virtual stages, micro-batch, recompute,
// optimizer offload. Each is evaluated with the same engine code evaluate() runs, so a plan's figures and a fresh
// evaluation of its `set` keys agree exactly.

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/gates.h"
#include "engine/messages.h"
#include "engine/pipeline_sim.h"
#include "engine/planlayout.h"
#include "engine/scenario.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace tl::engine {

const char* recomputeName(Recompute r);
const char* offloadName(Offload o);

// The scenario's current layout, and the scenario with a layout put in.
Layout layoutOf(const Scenario& s);
void applyLayout(Scenario& s, const Layout& layout);
// The --set keys that make a scenario this layout, in a fixed order (parallel.*, data.micro_batch, recompute,
// offload). Applied with setField to the planner's scenario they give applyLayout's result.
std::vector<std::pair<std::string, FieldValue>> layoutAssignments(const Layout& layout);

// What the planner's results for a scenario depend on: everything but the layout keys, the title, the notes and
// the efficiency mode (the planner ranks in derived mode), and whether tp may span nodes (the best-layout curve
// allows it when the scenario's own tp does). Two scenarios with equal problems have the same plans.
struct LayoutProblem {
    Scenario scenario;
    bool tpAcrossNodes = false;
    bool operator==(const LayoutProblem&) const = default;
};
LayoutProblem layoutProblem(Scenario s);

// The most plans one result lists (top = 0 means "all" up to this; PlanResult::ranked says how many there were).
inline constexpr int kMaxListedPlans = 100000;

enum class Objective { Fastest, Cheapest, Fewest };
const char* objectiveName(Objective o);
bool parseObjective(const std::string& name, Objective& out);

struct PlanRequest {
    long long minGpus = 1, maxGpus = 1; // one count when equal; a range keeps the counts the node size admits
    Objective objective = Objective::Fastest;
    double headroom = 0;        // keep this share of memory free: fits when total <= capacity x (1 - headroom)
    double budgetUsd = 0;       // > 0: list only plans that cost at most this many dollars (fastest within $X)
    int top = 10;               // plans returned; 0 = every feasible layout up to kMaxListedPlans
    bool tpAcrossNodes = false; // allow tp beyond one node (off: tp divides hardware.gpus_per_node)
    int threads = 0;            // 0 = std::thread::hardware_concurrency()
    // Rank by the derived step time (engine/steptime): with a fixed MFU every layout on a count takes the same days,
    // so a ranking would say nothing. Off: follow the scenario's efficiency.mode.
    bool forceDerived = true;
    bool prune = true;                         // false evaluates every layout (the tests check that pruning is sound)
    const std::atomic<bool>* cancel = nullptr; // checked between layout groups
    std::function<void(double)> progress;      // share of groups done; called from the worker threads
};

// One evaluated layout: the ledger's figures for it.
struct Plan {
    Layout layout;
    double days = 0;        // with checkpoints, lost work and restarts (time.days_effective): what the planner ranks
    double daysCompute = 0; // compute only (time.days)
    double stepS = 0, mfu = 0, usd = 0;
    double memoryTotal = 0; // bytes per GPU on the most loaded stage
    double capacity = 0;    // bytes per GPU
    bool finishes = false;  // inside the deadline less reserve
    bool derived = false;   // ranked by the derived step time: the assignments set efficiency.mode = "derived"
    std::string bottleneck; // what limits the step: "compute at the fixed MFU", "optimizer offload", ...
    long long gpus() const { return layout.gpus(); }
    double headroom() const { return memoryHeadroom(memoryTotal, capacity); } // share of memory left free
};

// The fixed phrases a Plan's bottleneck can be; otherwise it is a step part's label and its share, "data-parallel
// gradient sync 12%" (the window translates both).
enum class Bottleneck { FixedMfu, FixedOffload, ComputeBound };
const char* bottleneckPhrase(Bottleneck b);

// The keys that reproduce a plan: its layout, and efficiency.mode when the plan was ranked in derived mode.
std::vector<std::pair<std::string, FieldValue>> planAssignments(const Plan& plan);

struct PlanResult {
    long long evaluated = 0; // layouts whose memory (and, when they fit, time) the planner computed
    long long pruned = 0;    // layouts proven not to fit without computing them (the rules in docs/planner.md)
    long long feasible = 0;  // layouts that fit (with the headroom)
    long long meeting = 0;   // feasible layouts that also finish inside the deadline less reserve
    long long ranked = 0;    // layouts the objective ranks (plans holds the best of them, at most the request's top)
    double seconds = 0;
    int threads = 1;
    bool cancelled = false;
    std::vector<Plan> plans;  // sorted by the objective; cheapest and fewest keep only layouts that finish in time
    std::vector<Plan> pareto; // feasible layouts no other beats on both days and dollars, by days ascending
    Diagnostic reason;        // when plans is empty: the closest miss, in one sentence (id Msg::Count otherwise)
};

PlanResult planLayouts(const Scenario& base, const PlanRequest& request);

// The time view's second curve: per GPU count, the fastest layout that uses exactly that many GPUs (on one count
// dollars are proportional to days, so it is also the cheapest). One planner search over all the counts.
struct CountRequest {
    long long gpus = 0;
    int globalBatch = 0; // sequences per step; 0 = the scenario's (the days curve raises it beyond its replica limit)
};
struct CountBest {
    long long gpus = 0;
    int globalBatch = 0;
    bool found = false; // false: no layout on this count fits, and `reason` says why
    Plan plan;
    Diagnostic reason;
};
struct CurveResult {
    std::vector<CountBest> points; // one per distinct request, in the requests' order; empty when cancelled
    long long evaluated = 0, pruned = 0, feasible = 0;
    double seconds = 0;
    int threads = 1;
    bool cancelled = false;
};
// Uses the request's headroom, threads, forceDerived, prune, cancel and progress (its counts, objective and top are
// not used). When the scenario's own tp spans nodes, tp across nodes is allowed, so that "only dp varies" is one of
// the layouts searched: the best is never slower than it where it fits.
CurveResult bestLayoutCurve(const Scenario& base, const std::vector<CountRequest>& counts, const PlanRequest& request);
// The days curve's points where "only dp varies" is itself a valid layout (dp splits the batch into whole
// micro-batches): the counts the time view searches. Elsewhere that curve is an idealisation no layout reaches.
std::vector<CountRequest> curveLayoutCounts(const Scenario& s, const std::vector<ScalePoint>& curve);

// When no count of the scenario's own layout finishes (issue 28): the fewest GPUs on which the planner's fastest
// layout finishes inside the deadline less reserve. The counts are whole nodes on the days curve's grid (every node
// count up to 64, then 8 per doubling), from compute's bound at full peak (no layout runs faster) up to 16 times it,
// searched a few at a time with bestLayoutCurve so that the first that finishes ends the search. found = false (and
// gpus = the last count searched) when none does; empty points when cancelled.
struct FinishingLayout {
    bool found = false, cancelled = false;
    long long fromGpus = 0, toGpus = 0; // the counts searched
    Plan plan;                          // found: the planner's fastest layout on its fewest GPUs that finish
};
FinishingLayout fewestGpusAnyLayout(const Scenario& base, const PlanRequest& request);

// "N" or "MIN:MAX" as --gpus and the Planner tab take it: whole numbers, 1 <= MIN <= MAX <= 10,000,000. False with a
// one-line error naming `label` (the CLI option or the window's field).
bool parseGpuRange(const std::string& text, const std::string& label, long long& minGpus, long long& maxGpus,
                   Diagnostic& error);

// What a search costs before it runs: the layouts it would consider (evaluated or pruned; the loops' sizes, an upper
// bound), and the widest range from the request's minimum that stays within kMaxSearchedLayouts (0: none does). The
// planner takes about a microsecond per layout and thread, so the cap keeps a search within about a minute; the
// widest ranges take many minutes (1:10000000 of Llama 3.1 405B: 374 million layouts).
inline constexpr double kMaxSearchedLayouts = 60e6;
struct SearchSize {
    double layouts = 0;
    long long widestMaxGpus = 0;
};
SearchSize searchSize(const Scenario& scenario, const PlanRequest& request);
// A range over kMaxSearchedLayouts refused in one line naming `label` and `text` (as the user typed the range), with
// the widest range that is searched; nullopt when it is within (a single count is always searched).
std::optional<Diagnostic> checkSearchSize(const Scenario& scenario, const PlanRequest& request,
                                          const std::string& label, const std::string& text);

// The objective's order on plans (the planner's sort); true when a ranks before b.
bool ranksBefore(Objective o, const Plan& a, const Plan& b);

// Why a layout the user names does not work (or that it does), and the nearest layouts that do.
struct WhyNot {
    bool works = false;
    std::string rule;          // the key that refuses it ("parallel.dp", "hardware.gpus_per_node", "memory", ...)
    Diagnostic reason;         // one sentence
    std::vector<Plan> nearest; // feasible layouts closest to it (fewest changed keys, then the objective)
};
// `pinned` are the keys the user named (parallel.*, data.micro_batch, activations.recompute, offload.optimizer);
// the rest of the layout comes from the scenario.
WhyNot whyNot(const Scenario& base, const PlanRequest& request,
              const std::vector<std::pair<std::string, FieldValue>>& pinned);

} // namespace tl::engine
