#include "engine/evaluate.h"
#include "engine/published.h"

#include "engine/finetune.h"
#include "engine/flops.h"
#include "engine/lastanswer.h"
#include "engine/layout.h"
#include "engine/ledgerfields.h"
#include "engine/memory.h"
#include "engine/model.h"
#include "engine/precision.h"
#include "engine/scaling.h"
#include "engine/steptime.h"
#include "engine/timecost.h"
#include "engine/units.h"
#include "engine/validate.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <utility>

namespace tl::engine {
namespace {

constexpr double kMaxGpuCount = 1e15; // gates beyond this are reported at the cap, never as infinity
constexpr int kMaxDp = 1 << 20;

// std::llround (halves away from zero) without the library call, for the counts validate() bounds (below 2^63): the
// truncation is exact, and so is the fraction x - trunc(x) of a double.
std::int64_t roundCount(double x) {
    auto t = static_cast<std::int64_t>(x);
    const double fraction = x - double(t);
    if (fraction >= 0.5)
        ++t;
    else if (fraction <= -0.5)
        --t;
    return t;
}

// The smallest divisor of n that is at least k (1 <= k <= n). Walking up from k and, in step, down the co-divisors
// from n / k: whichever meets a divisor first has found it (n = 1792, k = 412: 448 = 1792 / 4 in one step).
int divisorAtLeast(int n, int k) {
    for (int up = k, down = n / k;; ++up, --down) {
        if (n % up == 0)
            return up;
        if (n % down == 0) // down reaches 1 (a divisor) before it could reach 0
            return n / down;
    }
}

// The scaling laws' figures of a plan depend on its active parameters and tokens alone, and their pow calls were a
// twelfth of a fixed-mode evaluation. Each thread keeps the last answer and gives it again while both inputs are the
// same bits: an edit of any other key (most edits) leaves them unchanged.
struct ScalingLaws {
    Allocation chinchilla;
    double planLoss = 0, kaplanParams = 0;
};
const ScalingLaws& scalingLaws(double active, double tokens) {
    thread_local LastAnswer<std::pair<std::uint64_t, std::uint64_t>, ScalingLaws> last;
    return last.get({std::bit_cast<std::uint64_t>(active), std::bit_cast<std::uint64_t>(tokens)}, [=] {
        const double compute6nd = 6.0 * active * tokens; // as evaluate() computes budget.compute6nd
        return ScalingLaws{chinchillaAllocation(compute6nd), chinchillaLoss(active, tokens), kaplanParams(compute6nd)};
    });
}

// forwardFlops() reads the model's counts, which its shape alone fixes, and the data keys: each thread keeps the
// last answer for an edit of any other key.
const FlopsBreakdown& keptForwardFlops(const Scenario& s, const ModelCounts& m) {
    thread_local LastAnswer<std::tuple<ModelShape, DataSpec>, FlopsBreakdown> last;
    return last.get(std::tie(s.model, s.data), [&] { return forwardFlops(m, s.data); });
}

// closedForm() of the last schedule this thread drew for the ledger's pipeline.* keys: it reads the spec alone (its
// durations compared as bits), which an edit of most keys leaves as it was.
const PipelineClosedForm& keptClosedForm(const PipelineSpec& spec) {
    using Bits = std::uint64_t;
    const auto bits = [](double x) { return std::bit_cast<Bits>(x); };
    thread_local LastAnswer<std::tuple<int, int, int, Schedule, Bits, Bits, Bits, Bits>, PipelineClosedForm> last;
    return last.get(std::tuple{spec.stages, spec.microBatches, spec.virtualStages, spec.schedule, bits(spec.f),
                               bits(spec.b), bits(spec.w), bits(spec.p2p)},
                    [&spec] { return closedForm(spec); });
}

// The warnings as templates with arguments (engine/messages.h): no text is built until someone asks for it, and
// evaluate() runs on every slider tick.
void addWarnings(const Scenario& s, const Ledger& l, std::vector<Diagnostic>& w) {
    using A = MessageArg;
    const auto r = [](double x) { return A::ofRounded(x); };
    const auto& p = s.parallel;
    if (s.model.params > 0)
        w.push_back({"derived-shape", "model.params", Msg::DerivedShape, {A::ofKey("model.params")}});
    if (p.tp > s.hardware.gpusPerNode)
        w.push_back({"tp-across-nodes", "parallel.tp", Msg::TpAcrossNodes, {r(p.tp), r(s.hardware.gpusPerNode)}});
    if (p.pp > 1 && l.time.microBatchesPerStep < p.pp)
        w.push_back({"few-microbatches",
                     "parallel.pp",
                     Msg::FewMicroBatches,
                     {r(double(l.time.microBatchesPerStep)), r(p.pp)}});
    if (s.efficiency.mode != EfficiencyMode::Derived && s.efficiency.mfu > 0.6)
        w.push_back({"mfu-high", "efficiency.mfu", Msg::MfuHigh, {r(std::round(s.efficiency.mfu * 100))}});
    if (p.zero >= 3 && double(p.dp) * p.cp * p.tp > s.hardware.gpusPerNode)
        w.push_back({"zero3-across-nodes", "parallel.zero", Msg::Zero3AcrossNodes, {}});
    if (p.cp > 1 && p.tp * p.cp > s.hardware.gpusPerNode)
        w.push_back({"cp-across-nodes", "parallel.cp", Msg::CpAcrossNodes, {}});
    if (s.model.learnedPositions > 0 && s.data.seqLen > s.model.learnedPositions)
        w.push_back({"seq-beyond-positions",
                     "data.seq_len",
                     Msg::SeqBeyondPositions,
                     {A::ofKey("data.seq_len"), r(s.data.seqLen), r(s.model.learnedPositions)}});
    if (l.memory.hostNeededPerNode > s.hardware.hostMemoryGb * 1e9)
        w.push_back({"host-memory",
                     s.offload.optimizer == Offload::Cpu ? "offload.optimizer" : "checkpoint.async",
                     Msg::HostMemory,
                     {r(std::ceil(l.memory.hostNeededPerNode / 1e9)), A::ofKey("hardware.host_memory_gb"),
                      r(s.hardware.hostMemoryGb)}});
    if (s.offload.optimizer == Offload::Nvme && l.memory.hostMemoryPerNode > s.hardware.nvmeTb * 1e12)
        w.push_back({"nvme-capacity",
                     "offload.optimizer",
                     Msg::NvmeCapacity,
                     {r(std::ceil(l.memory.hostMemoryPerNode / 1e10) / 100), A::ofKey("hardware.nvme_tb"),
                      r(s.hardware.nvmeTb)}});
    if (l.goodput.outpaced)
        w.push_back({"faults-outpace",
                     "reliability.gpu_mtbf_hours",
                     Msg::FaultsOutpace,
                     {r(double(l.time.gpus)), r(std::round(l.goodput.jobMtbfS / 60)),
                      r(std::round(l.goodput.lostPerFaultS / 60))}});
    if (s.precision.master == NumberFormat::None && s.precision.weights != NumberFormat::Fp32 &&
        s.precision.optimizer != Optimizer::None)
        w.push_back({"no-master-copy", "precision.master", Msg::NoMasterCopy, {}});
    if (l.time.minGpusCompute >= std::int64_t(kMaxGpuCount))
        w.push_back({"gpus-cap", "", Msg::GpusCap, {}});
    // The time gate is a throughput bound; a real layout also splits the step's sequences evenly over replicas.
    const int modelParallel = p.tp * p.pp * p.cp;
    const std::int64_t gateDp = l.time.minGpusCompute / modelParallel;
    const int sequences = s.data.globalBatch / s.data.microBatch;
    if (l.time.minGpusCompute >= std::int64_t(kMaxGpuCount)) {
        // No count finishes (gpus-cap): there is no gate to split the batch for.
    } else if (gateDp > sequences) {
        w.push_back({"gate-batch",
                     "data.global_batch",
                     Msg::GateBatchReplicas,
                     {r(double(gateDp)), r(sequences), A::ofKey("data.global_batch")}});
    } else if (gateDp > 0 && sequences % gateDp != 0) {
        const std::int64_t dp = divisorAtLeast(sequences, int(gateDp));
        w.push_back({"gate-batch",
                     "data.global_batch",
                     Msg::GateBatchSplit,
                     {r(double(l.time.minGpusCompute)), r(s.data.globalBatch), r(double(dp * modelParallel))}});
    }
}

// Fine-tuning with frozen weights (docs/formulas.md, "Fine-tuning"): the backward computes input gradients only, one
// pass of the frozen matmuls instead of two, while attention's core keeps its two (it has no weights); the adapters
// add 2 x r x (in + out) FLOPs per token forward and twice that backward.
void frozenFlops(const FlopsBreakdown& fb, const FinetuneCounts& ft, const ModelCounts& m, double seq, FlopsLedger& f) {
    f.forwardAdapters = 2.0 * ft.activePerToken * seq;
    f.forwardPerSequence = fb.forward() + f.forwardAdapters;
    f.backwardPerSequence = fb.layerMatmuls + fb.lmHead + fb.mtp + 2.0 * fb.attention + 2.0 * f.forwardAdapters;
    f.trainingPerToken = (f.forwardPerSequence + f.backwardPerSequence) / seq;
    f.sixNdGap = f.trainingPerToken / f.sixNdPerToken - 1.0;
    f.trainingPerTokenFullAttention =
        (2.0 * (fb.layerMatmuls + fb.lmHead + fb.mtp) + 3.0 * fb.attentionFull + 3.0 * f.forwardAdapters) / seq;
    f.finetuneRulePerToken = 4.0 * m.active + 6.0 * ft.activePerToken;
}

// The state with frozen weights: the base model in its formats, gradients, master copy and optimizer state for the
// adapters alone.
void frozenState(const StateBytes& sb, const FinetuneCounts& ft, StateLedger& st) {
    st.frozenWeightBytes = ft.frozenBytes;
    st.trainableWeightBytes = sb.weights * ft.adapters;
    st.weightBytes = ft.frozenBytes + st.trainableWeightBytes;
    st.gradBytes = sb.grads * ft.adapters;
    st.masterBytes = sb.master * ft.adapters;
    st.optimizerBytes = sb.optimizer * ft.adapters;
    st.totalBytes = st.weightBytes + st.gradBytes + st.masterBytes + st.optimizerBytes;
}

// More replicas than micro-batches per step would leave some idle: the most dp a layout can use.
int maxReplicas(const Scenario& s) {
    return std::min(kMaxDp, std::max(1, s.data.globalBatch / s.data.microBatch));
}

// Fewest dp whose per-GPU memory fits, or nullopt. Memory falls as dp rises, except that dp = 1 has no gradient
// buckets, so dp = 1 is tried alone. From dp = 2 up to MemoryModel::steadyUpTo() each end stage's memory is F + S/dp,
// a line in 1/dp, and the most loaded stage's is their maximum, convex in 1/dp. So the line through two probes gives
// a candidate, which is accepted only when it checks out (it fits, dp - 1 does not); and beyond the two probes the
// line lies below the memory, so where it is above capacity at the steady end, nothing up to there fits. Otherwise,
// gallop by doubling and bisect the last doubling.
std::optional<std::int64_t> memoryGate(const MemoryModel& memory, double capacity, int maxDp, int ownDp,
                                       double ownTotal) {
    // Every probe narrows the bracket: lo is the largest dp known not to fit, hi the smallest known to fit. The last
    // few probes are remembered: the candidate check often asks for a dp the fit has just measured.
    int lo = 0, hi = 0;
    std::pair<int, double> seen[4] = {}; // (dp, total); dp 0 is never asked
    int slot = 0;                        // the next entry of `seen` to overwrite
    auto probe = [&](int dp) {
        const auto* known =
            std::find_if(std::begin(seen), std::end(seen), [dp](const auto& e) { return e.first == dp; });
        const double total =
            known != std::end(seen) ? known->second : (seen[slot++ % 4] = {dp, memory.total(dp)}).second;
        if (total <= capacity)
            hi = hi == 0 ? dp : std::min(hi, dp);
        else
            lo = std::max(lo, dp);
        return total;
    };
    // The scenario's own dp, whose memory the ledger has just worked out, narrows the bracket from the start: any
    // probe inside it narrows it to the same count, memory falling as dp rises from dp = 2.
    if (ownDp >= 1 && ownDp <= maxDp) {
        seen[slot++] = {ownDp, ownTotal};
        probe(ownDp);
    }
    if (probe(1) <= capacity)
        return 1;
    if (maxDp < 2)
        return std::nullopt;
    // Fit F + S/dp through two probes (a, 2a) and try the candidate; refit near it when the in-flight count changed
    // between the probes (a pipeline with few micro-batches per replica).
    int a = 2;
    for (int round = 0; round < 3 && 2 * a <= maxDp; ++round) {
        const double m1 = probe(a), m2 = probe(2 * a);
        const double shardable = 2.0 * a * (m1 - m2), fixed = m1 - shardable / a;
        const double candidate =
            capacity > fixed && shardable > 0 ? std::ceil(shardable / (capacity - fixed) - 1e-9) : 0;
        if (candidate >= 2 && candidate <= maxDp) {
            const int dp = int(candidate);
            if (probe(dp) <= capacity && (dp == 2 || probe(dp - 1) > capacity))
                return dp;
            a = std::max(2, dp / 2);
            continue;
        }
        // Nothing fits on the line within reach: when it is above capacity at the steady end, nothing up to there fits
        // (a margin for rounding), and the search goes on past it.
        const int steady = std::min(maxDp, memory.steadyUpTo());
        if (2 * a <= steady && fixed + shardable / steady > capacity * (1 + 1e-9)) {
            if (steady == maxDp)
                return std::nullopt;
            lo = std::max(lo, steady);
        }
        break;
    }
    // Otherwise gallop up from the bracket until something fits, then bisect.
    while (hi == 0) {
        const int next = std::min(maxDp, std::max(2, lo * 2));
        if (probe(next) > capacity && next == maxDp)
            return std::nullopt;
    }
    while (hi - lo > 1)
        probe(lo + (hi - lo) / 2);
    return hi;
}

// The last line of defence: the key ranges keep every figure finite, and a figure that is not (or a negative size or
// count) makes the ledger invalid rather than reach --json, CSV, the report or the screen.
void refuseNonFinite(Ledger& l) {
    if (ledgerAdmissible(l))
        return;
    for (const auto& f : ledgerFields()) {
        if (!f.admissible(l)) {
            l.valid = false;
            l.errors.push_back({f.key, "", Msg::NotFinite, {MessageArg::ofKey(f.key)}});
            return;
        }
    }
}

} // namespace

Ledger evaluate(const Scenario& s) {
    Ledger l;
    ModelCounts m; // the parameters, counted once by validate()
    l.errors = validate(s, m);
    if (!l.errors.empty())
        return l;
    l.valid = true;

    // Parameters.
    l.params.total = roundCount(m.total);
    l.params.active = roundCount(m.active);
    l.params.embedding = roundCount(m.embedding);
    l.params.lmHead = roundCount(m.lmHead);
    l.params.routedExperts = roundCount(m.routedTotal());
    l.params.mtp = roundCount(m.mtp);
    l.params.derivedShape = m.derived;

    // FLOPs: itemized forward, backward = 2 x forward, model FLOPs per token, the 6N comparison.
    const FlopsBreakdown& fb = keptForwardFlops(s, m);
    const double seq = s.data.seqLen;
    auto& f = l.flops;
    f.forwardLayerMatmuls = fb.layerMatmuls;
    f.forwardAttention = fb.attention;
    f.forwardLmHead = fb.lmHead;
    f.forwardMtp = fb.mtp;
    f.forwardPerSequence = fb.forward();
    f.backwardPerSequence = 2.0 * f.forwardPerSequence;
    f.attentionPairsPerSequence = fb.pairs;
    f.trainingPerToken = 3.0 * f.forwardPerSequence / seq;
    f.sixNdPerToken = 6.0 * m.active;
    f.sixNdPerSequence = f.sixNdPerToken * seq;
    f.sixNdGap = f.trainingPerToken / f.sixNdPerToken - 1.0;
    f.trainingPerTokenFullAttention = 3.0 * (fb.layerMatmuls + fb.attentionFull + fb.lmHead + fb.mtp) / seq;
    // The training state's bytes per parameter and the memory model, whose fine-tuning counts the figures below read.
    const StateBytes sb = stateBytes(s.precision, m.hidden);
    const MemoryModel memoryModel(s, m, sb);
    const FinetuneCounts& ft = memoryModel.finetune();
    l.params.trainable = roundCount(ft.frozen ? ft.adapters : m.total + m.mtp);
    if (ft.frozen)
        frozenFlops(fb, ft, m, seq, f);
    f.recomputePerToken = recomputeFlops(fb, s.activations) / seq;
    f.hardwarePerToken = f.trainingPerToken + f.recomputePerToken;
    f.recomputeShare = f.recomputePerToken / f.trainingPerToken;

    // Training state.
    l.state.weightBytesPerParam = sb.weights;
    l.state.gradBytesPerParam = sb.grads;
    l.state.masterBytesPerParam = sb.master;
    l.state.optimizerBytesPerParam = sb.optimizer;
    l.state.bytesPerParam = sb.total();
    // MoE: every expert has state; multi-token-prediction modules are trained too.
    const double trained = m.total + m.mtp;
    l.state.weightBytes = sb.weights * trained;
    l.state.gradBytes = sb.grads * trained;
    l.state.masterBytes = sb.master * trained;
    l.state.optimizerBytes = sb.optimizer * trained;
    l.state.totalBytes = sb.total() * trained;
    l.state.trainableWeightBytes = l.state.weightBytes;
    if (ft.frozen)
        frozenState(sb, ft, l.state);

    // Steps.
    auto& t = l.time;
    const auto& d = s.data;
    const auto& p = s.parallel;
    t.tokensPerStep = std::int64_t(d.globalBatch) * d.seqLen;
    t.steps = std::int64_t(std::ceil(d.tokens / double(t.tokensPerStep)));
    t.tokensProcessed = double(t.steps) * double(t.tokensPerStep);
    t.microBatchesPerStep = microBatchesPerPipeline(s, p.dp);
    t.gradientAccumulation = t.microBatchesPerStep;
    f.total = f.trainingPerToken * t.tokensProcessed;

    // Memory on the most loaded stage.
    const double capacity = s.hardware.memoryGb * 1e9;
    const MemoryBreakdown mb = memoryModel.at(p.dp);
    auto& mem = l.memory;
    mem.weights = mb.weights;
    mem.gradients = mb.gradients;
    mem.masterWeights = mb.master;
    mem.optimizer = mb.optimizer;
    mem.activationsLayers = mb.activationsLayers;
    mem.activationsLogits = mb.activationsLogits;
    mem.activations = mb.activations();
    mem.buffers = mb.buffers;
    mem.total = mem.weights + mem.gradients + mem.masterWeights + mem.optimizer + mem.activations + mem.buffers;
    mem.state = mem.weights + mem.gradients + mem.masterWeights + mem.optimizer;
    mem.statePerParam = mem.state / m.total;
    mem.capacity = capacity;
    mem.fits = mem.total <= capacity;
    mem.stage = mb.stage;
    mem.inFlightMicroBatches = mb.inFlight;
    mem.offloadedPerGpu = mb.offloaded;
    mem.expertWeights = mb.expertWeights;
    mem.expertGradients = mb.expertGradients;
    mem.expertMaster = mb.expertMaster;
    mem.expertOptimizer = mb.expertOptimizer;
    mem.routedExperts = mb.expertState();
    mem.dispatchBuffers = mb.bufDispatch;
    mem.frozenWeights = mb.frozen;
    mem.dequantBuffer = mb.bufDequant;
    t.gpus = gpuCount(s);
    mem.hostMemoryPerNode = mb.offloaded * std::min(t.gpus, s.hardware.gpusPerNode);

    // Time and money (seed 000 §2 and §4): T = F / (gpus x peak x MFU); offload stretches the step.
    t.trainingDays = s.schedule.deadlineDays - s.schedule.reserveDays;
    const double budgetS = t.trainingDays * kSecondsPerDay;
    const double fullS = s.schedule.deadlineDays * kSecondsPerDay;
    t.stepBudgetS = budgetS / double(t.steps);
    t.requiredTokensPerS = t.tokensProcessed / budgetS;
    t.requiredTokensPerSFullDeadline = t.tokensProcessed / fullS;
    // The fault model and the step's efficiency figures are read once: the time gate's search uses them too.
    const FaultModel faults(s, m);
    const StepConstants stepFigures = s.efficiency.mode == EfficiencyMode::Derived ? stepConstants(s) : StepConstants{};
    const SharedStageStep sharedStage(s, m); // derived mode: the ledger's step and the gate's probes share a stage
    const Timing run = layoutTiming(s, m, workOf(l), p.dp, t.gpus, stepFigures, faults);
    t.derived = run.derived;
    t.breakdown = run.parts;
    t.offloadSlowdown = run.offloadSlowdown;
    t.mfu = run.mfu;
    t.hfu = t.mfu * f.hardwarePerToken / f.trainingPerToken;
    t.tokensPerSPerGpu = run.tokensPerSPerGpu;
    t.stepTimeS = run.stepS;
    t.days = run.days;
    t.gpuHours = run.gpuHours;
    l.cost.usd = run.usd;

    // Checkpoints, faults and restarts (docs/formulas.md §13): the time gate compares the effective days.
    auto& ck = l.checkpoint;
    ck.bytesWeights = run.checkpoint.weights;
    ck.bytesFull = run.checkpoint.full;
    ck.bytesPerGpu = run.checkpoint.perGpu;
    ck.writeS = run.faults.writeS;
    ck.blockingS = run.faults.blockingS;
    ck.intervalS = run.faults.intervalS;
    ck.hostPerNode = run.faults.hostPerNode;
    auto& gp = l.goodput;
    gp.jobMtbfS = run.faults.jobMtbfS;
    gp.lostPerFaultS = run.faults.lostPerFaultS;
    gp.interruptions = run.faults.interruptions;
    gp.fraction = run.faults.fraction;
    gp.outpaced = run.faults.outpaced;
    t.daysEffective = run.faults.effectiveDays;
    gp.reserveNeededDays = t.daysEffective - t.days;
    t.finishes = t.daysEffective <= t.trainingDays;
    mem.hostNeededPerNode = (s.offload.optimizer == Offload::Cpu ? mem.hostMemoryPerNode : 0.0) + ck.hostPerNode;
    mem.hostFits = mem.hostNeededPerNode <= s.hardware.hostMemoryGb * 1e9 &&
                   (s.offload.optimizer != Offload::Nvme || mem.hostMemoryPerNode <= s.hardware.nvmeTb * 1e12);

    // Gates: the time lower bound with checkpoints and faults, and the memory lower bound when only dp varies.
    const int modelParallel = p.tp * p.pp * p.cp;
    // Derived mode: replicas beyond the step's sequences would idle, so only dp up to there counts; fixed mode: the
    // time gate is a throughput bound (the warnings say when the batch cannot split that far).
    const long long gateDpLimit =
        s.efficiency.mode == EfficiencyMode::Derived ? maxReplicas(s) : static_cast<long long>(kMaxGpuCount);
    // The whole deadline first: no count below its gate finishes before the reserve either.
    FinishSearch gate(s, m, workOf(l), gateDpLimit, faults, stepFigures,
                      run.derived ? run.stageForwardS + run.stageBackwardS : -1.0);
    t.minGpusComputeFullDeadline = gate.fewest(s.schedule.deadlineDays);
    t.minGpusCompute = t.minGpusComputeFullDeadline >= std::int64_t(kMaxGpuCount)
                           ? t.minGpusComputeFullDeadline
                           : gate.fewest(t.trainingDays, t.minGpusComputeFullDeadline / modelParallel);
    t.minGpusState = std::int64_t(std::min(kMaxGpuCount, std::max(1.0, std::ceil(l.state.totalBytes / capacity))));
    t.minGpusMemory = memoryGate(memoryModel, capacity, maxReplicas(s), p.dp, mem.total);
    if (t.minGpusMemory)
        *t.minGpusMemory *= modelParallel;
    t.bindingGate = bindingGate(t.minGpusMemory, t.minGpusCompute, modelParallel);

    // Pipeline bubble: fixed mode with F = 1, B + W = 2 (backward is twice the forward); derived mode with the step's
    // own durations, so that it is the step split's bubble share.
    if (p.pp > 1) {
        const PipelineClosedForm& cf =
            keptClosedForm(stepPipelineSpec(s, run.stageForwardS, run.stageBackwardS, run.stageWeightGradS));
        l.pipeline.bubbleFraction = cf.bubbleFraction;
        l.pipeline.bubbleOverIdeal = cf.bubbleOverIdeal;
        l.pipeline.peakInFlightStage0 = cf.peakInFlightStagesRank0;
    } else {
        l.pipeline.peakInFlightStage0 = 1;
    }

    // Scaling-law allocation of this plan's compute (seed 003 §6).
    auto& bg = l.budget;
    bg.compute6nd = 6.0 * m.active * s.data.tokens;
    bg.tokensPerParam = s.data.tokens / m.active;
    const ScalingLaws& laws = scalingLaws(m.active, s.data.tokens);
    bg.chinchillaParams = laws.chinchilla.params;
    bg.chinchillaTokens = laws.chinchilla.tokens;
    bg.chinchillaLoss = laws.chinchilla.loss;
    bg.planLossChinchilla = laws.planLoss;
    bg.kaplanParams = laws.kaplanParams;
    bg.kaplanTokens = bg.compute6nd / (6.0 * bg.kaplanParams);
    bg.rlRollouts = s.rl.keep > 0 ? rolloutsToGenerate(s.rl.keep, s.rl.acceptance) : 0;

    // Derived mode: the error band of validated published runs like this one, and whether the efficiency figures
    // are the GPU preset's.
    if (s.efficiency.mode == EfficiencyMode::Derived)
        l.validation = validationBand(s);

    addWarnings(s, l, l.warnings);
    refuseNonFinite(l);
    return l;
}

Scenario scenarioAt(const Scenario& s, const ScalePoint& p) {
    Scenario out = s;
    out.parallel.tp = p.tp;
    out.parallel.pp = p.pp;
    out.parallel.cp = p.cp;
    out.parallel.dp = p.dp;
    out.data.globalBatch = p.globalBatch;
    return out;
}

std::vector<ScalePoint> scaleCurve(const Scenario& s, long long maxGpus, const std::vector<long long>& includeGpus) {
    std::vector<ScalePoint> out;
    const Ledger l = evaluate(s);
    if (!l.valid)
        return out;
    // Only dp varies. Fixed mode: the GPU-hours, and so the cost, stay the same; days scale as 1 / GPUs. Derived
    // mode: each dp has its own step (fewer micro-batches per replica, the same gradient traffic, a larger bubble
    // share), so days fall slower than 1 / GPUs and the GPU-hours (so the cost) rise.
    const ModelCounts m = countModel(s.model);
    const MemoryModel memoryModel(s, m, stateBytes(s.precision, m.hidden));
    const Work work = workOf(l);
    const SharedStageStep sharedStage(s, m); // derived mode: every point's step has the same stage
    const int modelParallel = s.parallel.tp * s.parallel.pp * s.parallel.cp;
    const long long maxDp = std::max(1LL, std::min<long long>(maxReplicas(s), maxGpus / modelParallel));
    auto point = [&](long long dp) {
        ScalePoint pt;
        pt.dp = int(dp);
        pt.tp = s.parallel.tp;
        pt.pp = s.parallel.pp;
        pt.cp = s.parallel.cp;
        pt.globalBatch = s.data.globalBatch;
        pt.gpus = dp * modelParallel;
        const Timing run = layoutTiming(s, m, work, int(dp), pt.gpus);
        pt.stepS = run.stepS;
        pt.breakdown = run.parts;
        pt.days = run.days;
        pt.daysEffective = run.faults.effectiveDays;
        pt.goodput = run.faults.fraction;
        pt.interruptions = run.faults.interruptions;
        pt.usd = run.usd;
        pt.tokensPerS = run.tokensPerSPerGpu * double(pt.gpus);
        pt.memoryTotal = memoryModel.total(int(dp));
        pt.fits = pt.memoryTotal <= l.memory.capacity;
        pt.finishes = pt.daysEffective <= l.time.trainingDays;
        pt.finishesFullDeadline = pt.daysEffective <= s.schedule.deadlineDays;
        return pt;
    };
    // Every integer up to 64, then about 8 points per doubling on powers of two, and the last usable dp.
    for (long long dp = 1; dp <= maxDp; dp = nextCurveDp(dp))
        out.push_back(point(dp));
    if (out.back().dp != maxDp)
        out.push_back(point(maxDp));
    for (long long g : includeGpus) {
        if (g % modelParallel != 0 || g / modelParallel < 1 || g / modelParallel > maxDp)
            continue;
        const auto at =
            std::lower_bound(out.begin(), out.end(), g, [](const ScalePoint& p, long long n) { return p.gpus < n; });
        if (at == out.end() || at->gpus != g)
            out.insert(at, point(g / modelParallel));
    }
    return out;
}

} // namespace tl::engine

namespace tl::engine {
namespace {

// The next layout to continue the curve with once dp is at the replica limit: double TP (within a node), PP or CP,
// whichever is valid first, else double the batch. nullopt when nothing valid is left.
std::optional<std::pair<Scenario, Diagnostic>> nextStep(const Scenario& s) {
    auto valid = [](const Scenario& c) { return validate(c).empty(); };
    Scenario c = s;
    c.parallel.dp = 1;
    if (2 * s.parallel.tp <= s.hardware.gpusPerNode) {
        c.parallel.tp = 2 * s.parallel.tp;
        if (valid(c))
            return std::pair{c, sentence(Msg::CurveStepTp, {MessageArg::ofNumber(c.parallel.tp)})};
    }
    c.parallel.tp = s.parallel.tp;
    c.parallel.pp = 2 * s.parallel.pp;
    if (valid(c))
        return std::pair{c, sentence(Msg::CurveStepPp, {MessageArg::ofNumber(c.parallel.pp)})};
    c.parallel.pp = s.parallel.pp;
    if (s.data.globalBatch <= 5000000) {
        c.data.globalBatch = 2 * s.data.globalBatch;
        if (valid(c))
            return std::pair{c, sentence(Msg::CurveStepBatch, {MessageArg::ofText(groupDigits(c.data.globalBatch))})};
    }
    return std::nullopt;
}

} // namespace

Diagnostic reserveSentence(const Scenario& s, const Ledger& l) {
    if (!l.valid)
        return {};
    if (l.goodput.outpaced)
        return sentence(Msg::ReserveOutpaced, {MessageArg::ofRounded(double(l.time.gpus))});
    // The days with their significant digits: "0.02", "5.8", "12".
    const double need = l.goodput.reserveNeededDays;
    const std::string needed = need >= 10  ? formatFixed(need, 0)
                               : need >= 1 ? formatFixed(need, 1)
                                           : formatGeneral(need, 2);
    const double reserve = s.schedule.reserveDays;
    if (!(reserve > 0))
        return sentence(Msg::ReserveNone, {MessageArg::ofText(needed)});
    return sentence(need <= reserve ? Msg::ReserveCovers : Msg::ReserveShort,
                    {MessageArg::ofText(needed), MessageArg::ofNumber(reserve)});
}

std::optional<std::size_t> curvePointAt(const std::vector<ScalePoint>& curve, long long gpus) {
    const auto at = std::find_if(curve.begin(), curve.end(), [gpus](const ScalePoint& p) { return p.gpus >= gpus; });
    return at == curve.end() ? std::nullopt : std::optional<std::size_t>(std::size_t(at - curve.begin()));
}

Evaluation evaluateAll(const Scenario& s) {
    Evaluation e;
    e.scenario = s;
    e.ledger = evaluate(s);
    if (!e.ledger.valid)
        return e;
    for (int z = 0; z < 4; ++z) {
        Scenario copy = s;
        copy.parallel.zero = z;
        e.zero[size_t(z)] = z == s.parallel.zero ? e.ledger : evaluate(copy);
    }
    const auto& t = e.ledger.time;
    // The curve reaches the ledger's gates when this layout can (issue 28: the chart marks the ledger's counts).
    const int modelParallel = s.parallel.tp * s.parallel.pp * s.parallel.cp;
    const long long ownReach = static_cast<long long>(maxReplicas(s)) * modelParallel;
    long long maxGpus = std::max<long long>(kCurveMinGpus, 4LL * gpuCount(s));
    for (const long long gate : {t.minGpusCompute, t.minGpusComputeFullDeadline})
        if (gate <= ownReach)
            maxGpus = std::max(maxGpus, gate);
    std::vector<long long> marks = {t.minGpusCompute, t.minGpusComputeFullDeadline, t.gpus};
    if (t.minGpusMemory)
        marks.push_back(*t.minGpusMemory);
    e.curve = scaleCurve(s, maxGpus, marks);
    // The time gate beyond the replica limit: go on with a larger step until the curve reaches it.
    const long long gate = t.minGpusCompute;
    Scenario step = s;
    std::vector<Diagnostic> used;
    for (int round = 0; round < 8 && !e.curve.empty() && e.curve.back().gpus < std::min(gate, maxGpus); ++round) {
        auto next = nextStep(step);
        if (!next)
            break;
        step = next->first;
        used.push_back(next->second);
        const long long last = e.curve.back().gpus;
        for (const ScalePoint& p : scaleCurve(step, maxGpus, marks))
            if (p.gpus > last)
                e.curve.push_back(p);
    }
    if (!used.empty()) {
        // "TP 16, PP 8 and then a global batch of ..." as nested lists, so that each joint translates.
        Diagnostic steps = std::move(used.back());
        for (size_t i = used.size() - 1; i-- > 0;)
            steps = sentence(i + 2 == used.size() ? Msg::ListAndThen : Msg::ListComma,
                             {MessageArg::ofSentence(std::move(used[i])), MessageArg::ofSentence(std::move(steps))});
        e.curveNote = sentence(Msg::CurveNote, {MessageArg::ofText(groupDigits(s.data.globalBatch / s.data.microBatch)),
                                                MessageArg::ofSentence(std::move(steps))});
    }
    e.marks.plan = curvePointAt(e.curve, t.gpus);
    // The gates as the chart draws them (issue 28): the first point of the curve that finishes (fits), never a count
    // read off a straight line while the curve flattens (derived mode: the bubble grows with dp at a fixed batch).
    auto first = [&e](auto&& pass) -> std::optional<std::size_t> {
        const auto at = std::find_if(e.curve.begin(), e.curve.end(), pass);
        return at == e.curve.end() ? std::nullopt : std::optional<std::size_t>(std::size_t(at - e.curve.begin()));
    };
    // The time gates on this layout's own points (only dp varies), the points the ledger's gates walk
    // (fewestGpusThatFinish). Derived mode: the curve's continuation beyond the replica limit is another layout with
    // its own step. Fixed mode: every layout runs at the typed MFU, so the continuation goes on with this plan's rate
    // and reaches the ledger's throughput bound (its point is there when the larger step's replicas divide it).
    const bool derived = s.efficiency.mode == EfficiencyMode::Derived;
    const auto own = [&s, derived](const ScalePoint& p) {
        return !derived || (p.tp == s.parallel.tp && p.pp == s.parallel.pp && p.cp == s.parallel.cp &&
                            p.globalBatch == s.data.globalBatch);
    };
    e.marks.time = first([&own](const ScalePoint& p) { return own(p) && p.finishes; });
    e.marks.timeFullDeadline = first([&own](const ScalePoint& p) { return own(p) && p.finishesFullDeadline; });
    if (t.minGpusMemory)
        e.marks.memory = first([](const ScalePoint& p) { return p.fits; });
    if (!e.curve.empty()) {
        const auto fewest = std::min_element(e.curve.begin(), e.curve.end(), [](const auto& a, const auto& b) {
            return a.daysEffective < b.daysEffective;
        });
        if (fewest + 1 != e.curve.end())
            e.marks.fewestDays = std::size_t(fewest - e.curve.begin());
    }
    const double usd = e.curve.empty() ? 0 : e.curve.front().usd;
    e.costFlat = !e.curve.empty() && std::all_of(e.curve.begin(), e.curve.end(), [usd](const ScalePoint& p) {
        return std::abs(p.usd - usd) <= 1e-9 * std::max(1.0, std::abs(usd));
    });
    return e;
}

} // namespace tl::engine
