#include "engine/memory.h"

#include "engine/layout.h"

#include <algorithm>

namespace tl::engine {
namespace {

bool vShaped(const std::string& schedule) {
    return schedule == "zb-v" || schedule == "dualpipev";
}

double activationBytes(const PrecisionSpec& p) {
    return p.weights == "fp32" ? 4.0 : 2.0;
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
    const double scores = a * b * m.heads * sLocal * s.data.seqLen;

    LayerActivations out;
    const double base = replicated / sp + sharded / t;
    out.working = base + (mlpProduct + (s.activations.flashAttention ? lse : scores)) / t;
    if (s.activations.recompute == "full")
        out.stored = a * T * h / sp; // only the layer's input
    else if (s.activations.recompute == "selective")
        out.stored = base + (s.activations.flashAttention ? lse : 0.0) / t; // core attention and the MLP product redone
    else
        out.stored = out.working;
    return out;
}

InFlight inFlightMicroBatches(const Scenario& s, int dp) {
    InFlight f;
    if (s.parallel.pp <= 1)
        return f; // gradient accumulation runs micro-batches one after another
    const PipelineSpec spec = pipelineSpecFor(s, dp);
    f.first = closedForm(spec).peakInFlightStagesRank0;
    f.last = spec.schedule == Schedule::GPipe ? double(spec.microBatches) : 1.0;
    return f;
}

double offloadSlowdown(const OffloadSpec& o) {
    if (o.optimizer == "cpu")
        return 1.5;
    if (o.optimizer == "nvme")
        return 2.0;
    return 1.0;
}

MemoryBreakdown perGpuMemory(const Scenario& s, const ModelCounts& m, const StateBytes& b, int dp) {
    const auto& par = s.parallel;
    const double t = par.tp;
    const int p = std::max(1, par.pp);
    const double shard = double(dp) * par.cp; // ZeRO shards over the data-parallel group, CP included
    const double layersPerStage = double(m.layers) / p;
    const double perLayer = m.layersTotal / std::max(1, m.layers);
    const bool v = vShaped(par.schedule) && p > 1;

    // Parameters a GPU of the first and of the last stage owns (TP splits every matrix, vocab-parallel head too).
    const double stageLayers = layersPerStage * perLayer;
    const double headOnLast = m.lmHead > 0 ? m.lmHead : (p > 1 ? m.embedding : 0.0); // tied: a copy on the last stage
    double firstParams = stageLayers + m.embedding;
    double lastParams = stageLayers + m.finalNorm + headOnLast;
    if (p == 1) {
        firstParams = lastParams = m.total;
    } else if (v) {
        firstParams = stageLayers + m.embedding + m.lmHead + m.finalNorm; // the V brings the last chunk home
        lastParams = stageLayers;
    }

    const LayerActivations la = layerActivations(m, s);
    const InFlight inflight = inFlightMicroBatches(s, dp);
    const double a = activationBytes(s.precision);
    const double tokensLocal = double(s.data.seqLen) / par.cp * s.data.microBatch;
    const double lossTokens = s.data.vocabOnSupervisedOnly ? s.data.supervisedFraction * tokensLocal : tokensLocal;
    // Logits in FP32 for the softmax-cross-entropy plus the head's input, vocab-parallel over TP.
    const double logits = (4.0 * lossTokens * m.vocab + a * tokensLocal * m.hidden) / t;

    auto stageMemory = [&](int stage, double params, double inFlightUnits, bool holdsHead) {
        MemoryBreakdown mb;
        mb.stage = stage;
        mb.inFlight = inFlightUnits;
        const double local = params / t;
        mb.weights = b.weights * local / (par.zero >= 3 ? shard : 1.0);
        mb.gradients = b.grads * local / (par.zero >= 2 ? shard : 1.0);
        mb.master = b.master * local / (par.zero >= 1 ? shard : 1.0);
        mb.optimizer = b.optimizer * local / (par.zero >= 1 ? shard : 1.0);
        if (s.offload.optimizer != "none") {
            mb.offloaded = mb.master + mb.optimizer;
            mb.master = mb.optimizer = 0;
        }
        const double chunkLayers = layersPerStage; // in stage units already
        mb.activationsLayers = inFlightUnits * chunkLayers * la.stored;
        if (s.activations.recompute == "full")
            mb.activationsLayers += la.working; // one layer rebuilt during backward
        mb.activationsLogits = holdsHead ? logits : 0.0;
        // Buffers: runtime reserve, gradient buckets for the DP all-reduce / reduce-scatter, ZeRO-3's gathered
        // layer and its prefetch, the TP/SP all-gather of one activation, and allocator fragmentation.
        double buffers = kRuntimeReserveBytes;
        if (shard > 1)
            buffers += 2.0 * std::min(kGradBucketElements, local) * b.grads;
        if (par.zero >= 3 && shard > 1)
            buffers += 2.0 * (m.largestLayer / t) * b.weights;
        if (par.tp > 1)
            buffers += a * tokensLocal * m.hidden;
        buffers += kAllocatorOverhead * mb.activations();
        mb.buffers = buffers;
        return mb;
    };

    const MemoryBreakdown first = stageMemory(0, firstParams, inflight.first, p == 1 || v);
    if (p == 1)
        return first;
    const MemoryBreakdown last = stageMemory(p - 1, lastParams, inflight.last, !v);
    return last.total() > first.total() ? last : first;
}

} // namespace tl::engine
