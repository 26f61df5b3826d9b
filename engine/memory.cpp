#include "engine/memory.h"

#include "engine/layout.h"
#include "engine/steptime.h"

#include <algorithm>

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
    spec.microBatches = microBatches;
    const PeakInFlight peak = peakInFlight(spec);
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

MemoryModel::MemoryModel(const Scenario& s, const ModelCounts& m, const StateBytes& b)
    : m_scenario(s), m_bytes(b), m_largestLayer(m.largestLayer) {
    const auto& par = s.parallel;
    m_stages = std::max(1, par.pp);
    m_vShape = vShaped(par.schedule) && m_stages > 1;
    m_offload = s.offload.optimizer != Offload::None;
    m_fullRecompute = s.activations.recompute == Recompute::Full;
    m_layersPerStage = heaviestStageLayers(m.layers, m_stages, par.virtualStages); // uneven: the heaviest rank
    m_pipeline = pipelineSpecFor(s);

    // Parameters a GPU of the first and of the last stage owns (TP splits every matrix, vocab-parallel head too).
    const double stageLayers = m_layersPerStage * m.layersTotal / std::max(1, m.layers);
    const double headOnLast = m.lmHead > 0 ? m.lmHead : (m_stages > 1 ? m.embedding : 0.0); // tied: a copy there
    m_firstParams = stageLayers + m.embedding;
    m_lastParams = stageLayers + m.finalNorm + headOnLast;
    if (m_stages == 1) {
        m_firstParams = m_lastParams = m.total;
    } else if (m_vShape) {
        m_firstParams = stageLayers + m.embedding + m.lmHead + m.finalNorm; // the V brings the last chunk home
        m_lastParams = stageLayers;
    }

    m_layer = layerActivations(m, s);
    m_activationBytes = activationBytes(s.precision);
    m_tokensLocal = double(s.data.seqLen) / par.cp * s.data.microBatch;
    m_hidden = m.hidden;
    const double lossTokens = s.data.vocabOnSupervisedOnly ? s.data.supervisedFraction * m_tokensLocal : m_tokensLocal;
    // Logits in FP32 for the softmax-cross-entropy plus the head's input, vocab-parallel over TP.
    m_logits = (4.0 * lossTokens * m.vocab + m_activationBytes * m_tokensLocal * m.hidden) / par.tp;
}

MemoryBreakdown MemoryModel::stage(int index, double params, double inFlightUnits, bool holdsHead, double shard) const {
    const auto& par = m_scenario.parallel;
    const StateBytes& b = m_bytes;
    MemoryBreakdown mb;
    mb.stage = index;
    mb.inFlight = inFlightUnits;
    mb.params = params;
    mb.shard = shard;
    mb.layersOnStage = m_layersPerStage;
    mb.layerStored = m_layer.stored;
    mb.layerWorking = m_layer.working;
    mb.holdsHead = holdsHead;
    const double local = params / par.tp;
    mb.weights = b.weights * local / (par.zero >= 3 ? shard : 1.0);
    mb.gradients = b.grads * local / (par.zero >= 2 ? shard : 1.0);
    mb.master = b.master * local / (par.zero >= 1 ? shard : 1.0);
    mb.optimizer = b.optimizer * local / (par.zero >= 1 ? shard : 1.0);
    if (m_offload) {
        mb.offloaded = mb.master + mb.optimizer;
        mb.master = mb.optimizer = 0;
    }
    mb.activationsLayers = inFlightUnits * m_layersPerStage * m_layer.stored;
    if (m_fullRecompute)
        mb.activationsLayers += m_layer.working; // one layer rebuilt during backward
    mb.activationsLogits = holdsHead ? m_logits : 0.0;
    // Buffers: runtime reserve, gradient buckets for the DP all-reduce / reduce-scatter, ZeRO-3's gathered layer and
    // its prefetch, the TP/SP all-gather of one activation, and allocator fragmentation.
    if (shard > 1)
        mb.bufBuckets = 2.0 * std::min(kGradBucketElements, local) * b.grads;
    if (par.zero >= 3 && shard > 1)
        mb.bufGather = 2.0 * (m_largestLayer / par.tp) * b.weights;
    if (par.tp > 1)
        mb.bufTpGather = m_activationBytes * m_tokensLocal * m_hidden;
    mb.buffers =
        kRuntimeReserveBytes + mb.bufBuckets + mb.bufGather + mb.bufTpGather + kAllocatorOverhead * mb.activations();
    return mb;
}

MemoryModel::Ends MemoryModel::ends(int dp) const {
    const double shard = double(dp) * m_scenario.parallel.cp; // ZeRO shards over the data-parallel group, CP included
    const InFlight inflight = inFlightMicroBatches(m_pipeline, microBatchesPerPipeline(m_scenario, dp));
    const MemoryBreakdown first = stage(0, m_firstParams, inflight.first, m_stages == 1 || m_vShape, shard);
    if (m_stages == 1)
        return {first, first};
    return {first, stage(m_stages - 1, m_lastParams, inflight.last, !m_vShape, shard)};
}

MemoryBreakdown MemoryModel::at(int dp) const {
    const Ends e = ends(dp);
    return e.last.total() > e.first.total() ? e.last : e.first;
}

// Flattened: ends() and stage() inline here, so the operands kept for explanations are never stored.
[[gnu::flatten]] double MemoryModel::total(int dp) const {
    const Ends e = ends(dp);
    const double first = e.first.total(), last = e.last.total();
    return last > first ? last : first;
}

MemoryBreakdown perGpuMemory(const Scenario& s, const ModelCounts& m, const StateBytes& b, int dp) {
    return MemoryModel(s, m, b).at(dp);
}

} // namespace tl::engine
