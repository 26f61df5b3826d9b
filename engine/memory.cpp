#include "engine/memory.h"

#include "engine/layout.h"
#include "engine/steptime.h"

#include <algorithm>
#include <cmath>

namespace tl::engine {
namespace {

bool vShaped(Schedule schedule) {
    return schedule == Schedule::ZbV || schedule == Schedule::DualPipeV;
}

double activationBytes(const PrecisionSpec& p) {
    return p.weights == NumberFormat::Fp32 ? 4.0 : 2.0;
}

} // namespace

LayerActivations layerActivations(const ModelCounts& m, const Scenario& s) {
    const auto& par = s.parallel;
    const double a = activationBytes(s.precision);
    const double b = s.data.microBatch;
    const double sLocal = double(s.data.seqLen) / par.cp; // CP splits the sequence
    const double T = sLocal * b;                          // tokens one GPU holds per micro-batch
    const double t = par.tp;
    const double sp = par.sequenceParallel ? t : 1.0; // SP shards the per-token (replicated) tensors
    const double h = m.hidden, q = m.qDim, kv = m.kvDim, w = m.mlpWidth;

    // Tensors every TP rank holds in full unless SP shards them: two norm inputs and the two matmul inputs.
    double replicated = 4.0 * a * T * h;
    if (s.model.dropout)
        replicated += 2.0 * T * h; // the two residual-branch dropout masks, one byte per element
    if (m.experts > 0)
        replicated += 4.0 * T * m.experts; // router probabilities in FP32
    // Tensors split across TP ranks.
    double sharded = a * T * (q + 2.0 * kv); // Q, K, V kept for QK^T and AV backward
    if (m.qkNorm)
        sharded += a * T * (q + kv); // q/k norm inputs
    sharded += a * T * q;            // attention output, the O projection's input
    double mlpProduct = 0;
    if (m.gated) {
        sharded += 2.0 * a * T * w; // gate and up projections (SiLU backward needs the gate input)
        mlpProduct = a * T * w;     // SiLU(gate) * up, the down projection's input (seed 000 §6: cheap to redo)
    } else {
        sharded += a * T * w; // GeLU input
        mlpProduct = a * T * w;
    }
    // Attention core: flash attention keeps only the log-sum-exp; the naive path keeps the softmax matrix.
    const double lse = 4.0 * T * m.heads;
    // With dropout the probabilities' mask (one byte) and the dropped-out copy are kept too: 5 bytes per score in
    // 16-bit, Korthikanti et al. 2022's 5as/h term.
    const double scores = (s.model.dropout ? 2.0 * a + 1.0 : a) * b * m.heads * sLocal * s.data.seqLen;

    LayerActivations out;
    const double base = replicated / sp + sharded / t;
    out.working = base + (mlpProduct + (s.activations.flashAttention ? lse : scores)) / t;
    if (s.activations.recompute == Recompute::Full)
        out.stored = a * T * h / sp; // only the layer's input
    else if (s.activations.recompute == Recompute::Selective && s.model.dropout)
        out.stored = base + mlpProduct / t + (s.activations.flashAttention ? lse : 0.0) / t; // Megatron: core attention
    else if (s.activations.recompute == Recompute::Selective)
        out.stored = base + (s.activations.flashAttention ? lse : 0.0) / t; // core attention and the MLP product redone
    else
        out.stored = out.working;
    return out;
}

InFlight inFlightMicroBatches(PipelineSpec spec, int microBatches) {
    InFlight f;
    if (spec.stages <= 1)
        return f; // gradient accumulation runs micro-batches one after another
    const PeakInFlight peak = inFlightGrowth(spec).at(microBatches);
    f.first = peak.rank0;
    f.last = peak.lastRank;
    return f;
}

double offloadSlowdown(const OffloadSpec& o) {
    if (o.optimizer == Offload::Cpu)
        return 1.5;
    if (o.optimizer == Offload::Nvme)
        return 2.0;
    return 1.0;
}

MemoryModel::MemoryModel(const Scenario& s, const ModelCounts& m, const StateBytes& b) : m_scenario(s), m_bytes(b) {
    const auto& par = s.parallel;
    m_stages = std::max(1, par.pp);
    m_cp = par.cp;
    m_zero = par.zero;
    const bool vShape = vShaped(par.schedule) && m_stages > 1;
    m_offload = s.offload.optimizer != Offload::None;
    m_fullRecompute = s.activations.recompute == Recompute::Full;
    m_layersPerStage = heaviestStageLayers(m.layers, m_stages, par.virtualStages); // uneven: the heaviest rank
    if (m_stages > 1)
        m_inFlight = inFlightGrowth(pipelineSpecFor(s)); // else one micro-batch at a time (gradient accumulation)

    // Parameters a GPU of the first and of the last stage owns (TP splits every matrix, vocab-parallel head too).
    const double stageLayers = m_layersPerStage * m.layersTotal / std::max(1, m.layers);
    const double headOnLast = m.lmHead > 0 ? m.lmHead : (m_stages > 1 ? m.embedding : 0.0); // tied: a copy there
    double firstParams = stageLayers + m.embedding, lastParams = stageLayers + m.finalNorm + headOnLast;
    if (m_stages == 1) {
        firstParams = lastParams = m.total;
    } else if (vShape) {
        firstParams = stageLayers + m.embedding + m.lmHead + m.finalNorm; // the V brings the last chunk home
        lastParams = stageLayers;
    }
    m_first = end(0, firstParams, m_stages == 1 || vShape);
    m_last = end(m_stages - 1, lastParams, !vShape);

    m_layer = layerActivations(m, s);
    const double a = activationBytes(s.precision);
    const double tokensLocal = double(s.data.seqLen) / par.cp * s.data.microBatch;
    const double lossTokens = s.data.vocabOnSupervisedOnly ? s.data.supervisedFraction * tokensLocal : tokensLocal;
    // Logits in FP32 for the softmax-cross-entropy plus the head's input, vocab-parallel over TP.
    m_logits = (4.0 * lossTokens * m.vocab + a * tokensLocal * m.hidden) / par.tp;
    // Buffers: ZeRO-3's gathered layer and its prefetch, the TP/SP all-gather of one activation.
    if (par.zero >= 3)
        m_gather = 2.0 * (m.largestLayer / par.tp) * b.weights;
    if (par.tp > 1)
        m_tpGather = a * tokensLocal * m.hidden;
}

MemoryModel::End MemoryModel::end(int index, double params, bool holdsHead) const {
    const StateBytes& b = m_bytes;
    End e;
    e.index = index;
    e.params = params;
    const double local = params / m_scenario.parallel.tp;
    e.weights = b.weights * local;
    e.grads = b.grads * local;
    e.master = b.master * local;
    e.optimizer = b.optimizer * local;
    e.buckets = 2.0 * std::min(kGradBucketElements, local) * b.grads; // DP all-reduce / reduce-scatter
    e.holdsHead = holdsHead;
    return e;
}

// Inline in total(), which the memory gate calls on every probe: the operands kept for explanations are never stored.
inline MemoryBreakdown MemoryModel::stage(const End& e, double inFlightUnits, double shard) const {
    MemoryBreakdown mb;
    mb.stage = e.index;
    mb.inFlight = inFlightUnits;
    mb.params = e.params;
    mb.shard = shard;
    mb.layersOnStage = m_layersPerStage;
    mb.layerStored = m_layer.stored;
    mb.layerWorking = m_layer.working;
    mb.holdsHead = e.holdsHead;
    // ZeRO 1 shards the master copy and the optimizer state over dp x cp, ZeRO 2 the gradients too, ZeRO 3 the weights.
    mb.weights = m_zero >= 3 ? e.weights / shard : e.weights;
    mb.gradients = m_zero >= 2 ? e.grads / shard : e.grads;
    mb.master = m_zero >= 1 ? e.master / shard : e.master;
    mb.optimizer = m_zero >= 1 ? e.optimizer / shard : e.optimizer;
    if (m_offload) {
        mb.offloaded = mb.master + mb.optimizer;
        mb.master = mb.optimizer = 0;
    }
    mb.activationsLayers = inFlightUnits * m_layersPerStage * m_layer.stored;
    if (m_fullRecompute)
        mb.activationsLayers += m_layer.working; // one layer rebuilt during backward
    mb.activationsLogits = e.holdsHead ? m_logits : 0.0;
    // Buffers: runtime reserve, gradient buckets for the DP all-reduce / reduce-scatter, ZeRO-3's gathered layer and
    // its prefetch, the TP/SP all-gather of one activation, and allocator fragmentation.
    if (shard > 1) {
        mb.bufBuckets = e.buckets;
        mb.bufGather = m_gather;
    }
    mb.bufTpGather = m_tpGather;
    mb.buffers =
        kRuntimeReserveBytes + mb.bufBuckets + mb.bufGather + mb.bufTpGather + kAllocatorOverhead * mb.activations();
    return mb;
}

MemoryModel::Ends MemoryModel::ends(int dp) const {
    const double shard = double(dp) * m_cp; // ZeRO shards over the data-parallel group, CP included
    const PeakInFlight inFlight = m_inFlight.at(microBatchesPerPipeline(m_scenario, dp));
    const MemoryBreakdown first = stage(m_first, inFlight.rank0, shard);
    if (m_stages == 1)
        return {first, first};
    return {first, stage(m_last, inFlight.lastRank, shard)};
}

MemoryBreakdown MemoryModel::at(int dp) const {
    const Ends e = ends(dp);
    return e.last.total() > e.first.total() ? e.last : e.first;
}

int MemoryModel::steadyUpTo() const {
    // In flight stops growing at ceil(cap / slope) micro-batches on rank 0 and on the last rank.
    const InFlightGrowth& g = m_inFlight;
    const double full = std::ceil(std::max(g.cap0 / g.slope0, g.capLast / g.slopeLast));
    const double sequences = double(m_scenario.data.globalBatch) / m_scenario.data.microBatch;
    if (!(full <= sequences))
        return 0;
    int dp = int(sequences / full);
    while (dp > 0 && microBatchesPerPipeline(m_scenario, dp) < full) // the rounding of the quotient, never trusted
        --dp;
    return dp;
}

double MemoryModel::total(int dp) const {
    const double shard = double(dp) * m_cp;
    const PeakInFlight inFlight = m_inFlight.at(microBatchesPerPipeline(m_scenario, dp));
    const double first = stage(m_first, inFlight.rank0, shard).total();
    if (m_stages == 1)
        return first;
    const double last = stage(m_last, inFlight.lastRank, shard).total();
    return last > first ? last : first;
}

MemoryBreakdown perGpuMemory(const Scenario& s, const ModelCounts& m, const StateBytes& b, int dp) {
    return MemoryModel(s, m, b).at(dp);
}

} // namespace tl::engine
