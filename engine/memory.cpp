#include "engine/memory.h"

#include "engine/flops.h"
#include "engine/layout.h"
#include "engine/steptime.h"

#include <algorithm>
#include <cmath>

namespace tl::engine {
namespace {

double activationBytes(const PrecisionSpec& p) {
    return p.weights == NumberFormat::Fp32 ? 4.0 : 2.0;
}

// LoRA: every adapted matrix a token passes keeps its r-wide x A product for B's gradient (its input x is the base
// matmul's, already counted). Under full recompute only the working set holds them.
void addAdapterActivations(const FinetuneCounts& ft, const Scenario& s, LayerActivations& dense,
                           LayerActivations& moe) {
    const double T = double(s.data.seqLen) / s.parallel.cp * s.data.microBatch;
    const double a = activationBytes(s.precision);
    const bool full = s.activations.recompute == Recompute::Full;
    auto add = [&](LayerActivations& l, const LayerFinetune& f) {
        const double bytes = a * T * ft.rank * f.passes;
        l.working += bytes;
        if (!full)
            l.stored += bytes;
    };
    add(dense, ft.dense);
    add(moe, ft.moe);
}

// QLoRA: a quantized layer's matrices are dequantized to 16 bits for its matmuls, one layer at a time: the largest
// layer's share on this GPU.
double dequantBuffer(const FinetuneCounts& ft, const Scenario& s, double a) {
    const double t = s.parallel.tp, e = double(s.parallel.ep) * s.parallel.etp;
    return a * std::max(ft.dense.linearTensor / t + ft.dense.linearRouted / e,
                        ft.moe.linearTensor / t + ft.moe.linearRouted / e);
}

// FP8 recipes that keep the linear layers' inputs for backward in FP8 (Transformer Engine's block, MX and per-tensor
// current scaling); per-tensor and per-row scaling in torchao's Float8 training keep them in BF16 and cast again in
// backward.
bool savesFp8Inputs(const PrecisionSpec& p) {
    return p.compute == NumberFormat::Fp8 && (p.fp8Recipe == Fp8Recipe::Blockwise || p.fp8Recipe == Fp8Recipe::Mxfp8 ||
                                              p.fp8Recipe == Fp8Recipe::Current);
}

} // namespace

// Bytes each kept logit costs by activations.cross_entropy. Fp32Softmax (Megatron-LM's vocab-parallel
// cross-entropy): the FP32 softmax, its gradient formed in place. Fused (a fused loss kernel, Transformer Engine's):
// the head's 16-bit logits, their gradient written in their place. Unfused (PyTorch's cross_entropy on an FP32 copy,
// torchtitan): in the loss's backward the log-softmax output, its gradient and the logits' gradient at once.
double logitBytes(const Scenario& s) {
    switch (s.activations.crossEntropy) {
    case CrossEntropy::Fused:
        return activationBytes(s.precision);
    case CrossEntropy::Unfused:
        return 12.0;
    case CrossEntropy::Fp32Softmax:
        break;
    }
    return 4.0;
}

double routedLoad(const ModelCounts& m, const Scenario& s) {
    const auto& moe = s.model.moe;
    const double load = moe.capacityFactor > 0 ? std::min(moe.routerBalance, moe.capacityFactor) : moe.routerBalance;
    return m.activeExperts * load;
}

LayerActivations layerActivations(const ModelCounts& m, const Scenario& s, bool moeLayer) {
    const auto& par = s.parallel;
    const double a = activationBytes(s.precision);
    const double b = s.data.microBatch;
    const double sLocal = double(s.data.seqLen) / par.cp; // CP splits the sequence
    const double T = sLocal * b;                          // tokens one GPU holds per micro-batch
    const double t = par.tp;
    const double sp = par.sequenceParallel ? t : 1.0; // SP shards the per-token (replicated) tensors
    const double h = m.hidden;
    const bool moe = moeLayer && m.experts > 0;
    const double w = moe ? m.sharedWidth : m.ffnWidth; // what TP splits: the dense MLP or the shared experts

    // Tensors every TP rank holds in full unless SP shards them: two norm inputs and the two matmul inputs, and
    // MLA's latents (its down-projections are not split by TP).
    // FP8 recipes that save the linear layers' inputs in FP8 keep the two matmul inputs, the O projection's and the
    // down projection's input in one byte.
    const double li = savesFp8Inputs(s.precision) ? 1.0 : a;
    double replicated = (2.0 * a + 2.0 * li) * T * h + a * T * m.latent;
    if (m.postNorms)
        replicated += 2.0 * a * T * h; // the inputs of the norms after attention and after the MLP
    if (s.model.dropout)
        replicated += 2.0 * T * h; // the two residual-branch dropout masks, one byte per element
    if (moe)
        replicated += 4.0 * T * m.experts; // router probabilities in FP32
    // Tensors split across TP ranks.
    double sharded = a * T * (m.qDim + m.kDim + m.vDim); // Q, K, V kept for QK^T and AV backward
    if (m.qkNorm)
        sharded += a * T * (m.qDim + m.kDim); // q/k norm inputs
    sharded += li * T * m.oDim;               // attention output, the O projection's input
    double mlpProduct = 0;
    if (m.gated) {
        sharded += 2.0 * a * T * w; // gate and up projections (SiLU backward needs the gate input)
        mlpProduct = li * T * w;    // SiLU(gate) * up, the down projection's input (seed 000 §6: cheap to redo)
    } else {
        sharded += a * T * w; // GeLU input
        mlpProduct = li * T * w;
    }
    // Routed experts: the token copies this GPU's experts take (R per micro-batch), each kept as the expert's input
    // after the dispatch all-to-all, with the MLP's own tensors split over etp. The routing weight multiplies the
    // activation before the down projection (Megatron-Core's weighted SwiGLU), so the combine keeps nothing. With SP
    // an etp group gathers the tokens of etp / tp TP groups' slices.
    double routed = 0, routedProduct = 0;
    if (moe) {
        const double etp = par.etp;
        const double groups = par.sequenceParallel ? etp / t : std::max(1.0, etp / t);
        const double R = T * routedLoad(m, s) * groups;
        const double we = m.expertWidth / etp;
        routed = li * R * h + (m.gated ? 2.0 : 1.0) * a * R * we; // the expert's input like every linear input
        routedProduct = li * R * we; // the expert's down projection's input, like the dense MLP's
    }
    // Attention core: flash attention keeps only the log-sum-exp; the naive path keeps the softmax matrix.
    const double lse = 4.0 * T * m.heads;
    // With dropout the probabilities' mask (one byte) and the dropped-out copy are kept too: 5 bytes per score in
    // 16-bit, Korthikanti et al. 2022's 5as/h term.
    const double scores = (s.model.dropout ? 2.0 * a + 1.0 : a) * b * m.heads * sLocal * s.data.seqLen;

    // Selective recompute rebuilds MLA's queries, keys and values from the latents it keeps (Megatron-Core's
    // mla_up_proj, DeepSeek-V3 §3.2.3): the up-projections are small next to the attention core they feed.
    const double upProjected = m.latent > 0 ? a * T * (m.qDim + m.kDim + m.vDim) / t : 0.0;

    LayerActivations out;
    const double base = replicated / sp + sharded / t + routed;
    const double products = mlpProduct / t + routedProduct;
    out.working = base + products + (s.activations.flashAttention ? lse : scores) / t;
    if (s.activations.recompute == Recompute::Full) {
        out.stored = a * T * h / sp; // only the layer's input
    } else if (s.activations.recompute == Recompute::PerOp) {
        // torchtitan's per-op policy keeps the layer's input, the outputs of the 1st, 3rd, ... matmul but the last
        // (only the residual add reads it), attention's output and log-sum-exp, and with SP the output
        // projection's reduce-scatter; the rest is rebuilt during the layer's backward. Routed experts: kept whole.
        const LayerMatmulOrder order = layerMatmulOrder(m, w);
        double kept = a * T * h / sp + a * T * m.oDim / t + lse / t;
        for (int i = 0; i + 1 < order.count; ++i) {
            const Matmul& mm = order.mm[size_t(i)];
            if (!LayerMatmulOrder::recomputed(i))
                kept += a * T * (mm.split == Matmul::Split::Out ? mm.out / t : mm.out);
        }
        if (par.sequenceParallel && t > 1)
            kept += a * T * h / t;
        out.stored = kept + routed + routedProduct;
    } else if (s.activations.recompute == Recompute::Selective && s.model.dropout) {
        out.stored = base - upProjected + products + (s.activations.flashAttention ? lse : 0.0) / t; // core attention
    } else if (s.activations.recompute == Recompute::Selective) { // core attention and the MLP products redone
        out.stored = base - upProjected + (s.activations.flashAttention ? lse : 0.0) / t;
    } else {
        out.stored = out.working;
    }
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

MemoryModel::MemoryModel(const Scenario& s, const ModelCounts& m, const StateBytes& b)
    : m_scenario(s), m_bytes(b), m_ft(finetuneCounts(s, m)) {
    const auto& par = s.parallel;
    m_stages = std::max(1, par.pp);
    m_cp = par.cp;
    m_zero = par.zero;
    m_expertSplit = double(par.tp) / (double(par.ep) * par.etp); // expert data-parallel group over dp x cp
    const bool vShape = vShaped(par.schedule) && m_stages > 1;
    m_offload = s.offload.optimizer != Offload::None;
    m_fullRecompute = s.activations.recompute == Recompute::Full;
    m_rebuildsLayer = m_fullRecompute || s.activations.recompute == Recompute::PerOp;
    m_layersPerStage = heaviestStageLayers(m.layers, m_stages, par.virtualStages); // uneven: the heaviest rank
    if (m_stages > 1)
        m_inFlight = inFlightGrowth(pipelineSpecFor(s)); // else one micro-batch at a time (gradient accumulation)
    // FP8 copies of the linear weights (routed experts included; not the embedding, head, router or norms) kept
    // across micro-batches without ZeRO-3 by the recipes that save FP8 inputs (Transformer Engine's block, MX and
    // current scaling): the FP8 weight and its transpose, or MX's row- and column-scaled pair. torchao's per-tensor
    // and per-row scaling cast the weight at each use and keep no copy.
    if (savesFp8Inputs(s.precision) && par.zero < 3)
        m_fp8Copies = 2.0;
    m_dense = layerActivations(m, s, false);
    m_moe = m.experts > 0 ? layerActivations(m, s, true) : m_dense; // the same figures without routed experts
    if (m_ft.frozen)
        addAdapterActivations(m_ft, s, m_dense, m_moe);
    // A multi-token-prediction module: an MoE (or dense) layer, plus its two norms' inputs and the joined 2h vector.
    const double a = activationBytes(s.precision);
    const double tokensLocal = double(s.data.seqLen) / par.cp * s.data.microBatch;
    const double sp = par.sequenceParallel ? par.tp : 1.0;
    m_mtp = m.experts > 0 ? m_moe : m_dense;
    m_mtp.stored += a * tokensLocal * m.hidden * (m_fullRecompute ? 2.0 : 4.0) / sp;
    m_mtp.working += a * tokensLocal * m.hidden * 4.0 / sp;

    // Every stage holds the heaviest rank's layer count (uneven splits: the conservative side); dense layers come
    // first. The first stage has the embedding, the last the final norm, the LM head (tied: a copy there) and the
    // multi-token-prediction modules; V-shaped schedules bring the last chunk home to rank 0.
    const int L = int(m_layersPerStage);
    const StageParams firstLayers = m.layerRange(0, L), lastLayers = m.layerRange(m.layers - L, L);
    const int firstDense = std::min(m.denseLayers, L), lastDense = std::max(0, m.denseLayers - (m.layers - L));
    const double headOnLast = m.lmHead > 0 ? m.lmHead : (m_stages > 1 ? m.embedding : 0.0);
    StageParams mtp;
    mtp.tensor = m.mtpLayers * (m.mtpLayer.tensorParallel() + m.mtpExtra);
    mtp.experts = m.mtpLayers * m.mtpLayer.routed;
    mtp.router = m.mtpLayers * m.mtpLayer.router;
    auto plus = [](StageParams p, double tensor, const StageParams& more = {}) {
        p.tensor += tensor + more.tensor;
        p.experts += more.experts;
        p.router += more.router;
        return p;
    };
    if (m_stages == 1) {
        const StageParams layers = m.layerRange(0, m.layers);
        StageParams all = plus(layers, m.embedding + m.lmHead + m.finalNorm, mtp);
        m_first = m_last = end(0, all, layers.tensor + mtp.tensor, m.denseLayers, m.moeLayers, m.mtpLayers, true);
    } else if (vShape) {
        m_first = end(0, plus(firstLayers, m.embedding + m.lmHead + m.finalNorm, mtp), firstLayers.tensor + mtp.tensor,
                      firstDense, L - firstDense, m.mtpLayers, true);
        m_last = end(m_stages - 1, lastLayers, lastLayers.tensor, lastDense, L - lastDense, 0, false);
    } else {
        m_first = end(0, plus(firstLayers, m.embedding), firstLayers.tensor, firstDense, L - firstDense, 0, false);
        m_last = end(m_stages - 1, plus(lastLayers, m.finalNorm + headOnLast, mtp), lastLayers.tensor + mtp.tensor,
                     lastDense, L - lastDense, m.mtpLayers, true);
    }
    if (m_stages > 2 && firstDense > 0 && m.moeLayers > 0) {
        const int middleDense = std::max(0, std::min(m.denseLayers - L, L));
        const StageParams middle = m.layerRange(L, L);
        m_middle = end(1, middle, middle.tensor, middleDense, L - middleDense, 0, false);
        m_middle.used = true;
    }
    // parallel.balance_ends with an uneven split: each rank with the layers it holds (pipelineSplit). V-shaped: rank 0
    // holds the first chunk and the last (MTP modules, head); rank 1, the next chunk in from each end (with rank 0's
    // micro-batches in flight, the most); the last rank, two middle chunks. Otherwise rank 0 holds the embedding and
    // its layers, the last rank its layers and the head, rank 1 the heaviest middle count (rank 0's in flight).
    const PipelineSplit split =
        pipelineSplit(m.layers + m.mtpLayers, m_stages, par.virtualStages, vShape, par.balanceEnds);
    if (!split.even) {
        auto denseIn = [&](int from, int n) { return std::max(0, std::min(from + n, m.denseLayers) - from); };
        const int headLayers = std::max(0, split.lastChunk - m.mtpLayers); // real layers in the last chunk
        if (vShape) {
            const int front = split.firstChunk, c = split.chunk, back = m.layers - headLayers;
            const StageParams layers0 = plus(m.layerRange(0, front), 0.0, m.layerRange(back, headLayers));
            const int dense0 = denseIn(0, front) + denseIn(back, headLayers);
            m_first = end(0, plus(layers0, m.embedding + m.lmHead + m.finalNorm, mtp), layers0.tensor + mtp.tensor,
                          dense0, front + headLayers - dense0, m.mtpLayers, true);
            const StageParams layers1 = plus(m.layerRange(front, c), 0.0, m.layerRange(back - c, c));
            const int dense1 = denseIn(front, c) + denseIn(back - c, c);
            m_middle = end(1, layers1, layers1.tensor, dense1, 2 * c - dense1, 0, false);
            const int mid = split.middle.units, from = std::max(0, (m.layers - mid) / 2);
            const StageParams layersLast = m.layerRange(from, mid);
            m_last = end(m_stages - 1, layersLast, layersLast.tensor, denseIn(from, mid), mid - denseIn(from, mid), 0,
                         false);
        } else {
            const int front = split.first.units, mid = split.middle.units, back = m.layers - headLayers;
            const int layersOnLast = std::max(0, split.last.units - m.mtpLayers);
            const StageParams layers0 = m.layerRange(0, front);
            m_first = end(0, plus(layers0, m.embedding), layers0.tensor, denseIn(0, front), front - denseIn(0, front),
                          0, false);
            const StageParams layersN = m.layerRange(m.layers - layersOnLast, layersOnLast);
            const int denseN = denseIn(m.layers - layersOnLast, layersOnLast);
            m_last = end(m_stages - 1, plus(layersN, m.finalNorm + headOnLast, mtp), layersN.tensor + mtp.tensor,
                         denseN, layersOnLast - denseN, m.mtpLayers, true);
            const int from = std::min(split.firstChunk, std::max(0, back - mid));
            const StageParams layers1 = m.layerRange(from, mid);
            m_middle = end(1, layers1, layers1.tensor, denseIn(from, mid), mid - denseIn(from, mid), 0, false);
        }
        m_middle.used = m_stages > 2 || vShape;
    }

    // The kept logits (logitBytes) plus the head's input, vocab-parallel over TP; each multi-token-prediction module
    // runs the head again on its own prediction.
    const double logitsPerHead =
        logitBytes(s) * (s.data.vocabOnSupervisedOnly ? s.data.supervisedFraction : 1.0) * tokensLocal * m.vocab;
    m_logits = (1.0 + m.mtpLayers) * (logitsPerHead + a * tokensLocal * m.hidden) / par.tp;
    // Buffers: ZeRO-3's gathered layer and its prefetch, the TP/SP all-gather of one activation, an MoE layer's
    // dispatch (FP8 or 16-bit) and combine (16-bit) buffers for this GPU's token copies.
    const double largestLocal =
        std::max(m.dense.tensorParallel() / par.tp + m.dense.routed / (double(par.ep) * par.etp) + m.dense.router,
                 m.moe.tensorParallel() / par.tp + m.moe.routed / (double(par.ep) * par.etp) + m.moe.router);
    if (par.zero >= 3)
        m_gather = 2.0 * largestLocal * (m_ft.frozen ? m_ft.baseBytes : (fp8GatherWeights(s) ? 1.0 : b.weights));
    if (m_ft.quantized)
        m_dequant = dequantBuffer(m_ft, s, a);
    if (par.tp > 1)
        m_tpGather = a * tokensLocal * m.hidden;
    if (m.moeLayers > 0)
        m_dispatch = 2.0 * a * tokensLocal / sp * routedLoad(m, s) * m.hidden;
}

MemoryModel::End MemoryModel::end(int index, StageParams params, double castable, int denseLayers, int moeLayers,
                                  int mtp, bool holdsHead) const {
    const StateBytes& b = m_bytes;
    const auto& par = m_scenario.parallel;
    End e;
    e.index = index;
    e.params = params;
    // The TP-split parts on this GPU, and the router whole; the routed experts over ep x etp.
    const double local = params.tensor / par.tp + params.router;
    const double experts = params.experts / (double(par.ep) * par.etp);
    // FP8 copies of the linear weights only: the embedding, the head, the router and the norms stay in 16 bits.
    e.castLocal = castable / par.tp + experts;
    e.weights = b.weights * local + m_fp8Copies * castable / par.tp;
    e.grads = b.grads * local;
    e.master = b.master * local;
    e.optimizer = b.optimizer * local;
    e.expertWeights = (b.weights + m_fp8Copies) * experts;
    e.expertGrads = b.grads * experts;
    e.expertMaster = b.master * experts;
    e.expertOptimizer = b.optimizer * experts;
    e.buckets = 2.0 * std::min(kGradBucketElements, local + experts) * b.grads; // DP all-reduce / reduce-scatter
    e.holdsHead = holdsHead;
    if (m_ft.frozen)
        frozenState(e, denseLayers, moeLayers, mtp);
    e.layers = denseLayers + moeLayers + mtp;
    e.stored = denseLayers * m_dense.stored + moeLayers * m_moe.stored + mtp * m_mtp.stored;
    e.working = std::max(
        {denseLayers > 0 ? m_dense.working : 0.0, moeLayers > 0 ? m_moe.working : 0.0, mtp > 0 ? m_mtp.working : 0.0});
    e.used = true;
    return e;
}

// Inline in total(), which the memory gate calls on every probe: the operands kept for explanations are never stored.
inline MemoryBreakdown MemoryModel::stage(const End& e, double inFlightUnits, double shard) const {
    MemoryBreakdown mb;
    mb.stage = e.index;
    mb.inFlight = inFlightUnits;
    mb.params = e.params.total();
    mb.expertParams = e.params.experts;
    mb.routerParams = e.params.router;
    mb.shard = shard;
    // The expert data-parallel group: tp x cp x dp / (ep x etp) (validation keeps it whole; the memory gate, which
    // varies dp alone, needs every figure of the form F + S / dp, so it is not clamped here).
    const double expertShard = shard * m_expertSplit;
    mb.expertShard = expertShard;
    mb.layersOnStage = e.layers;
    mb.layerStored = e.layers > 0 ? e.stored / e.layers : 0.0;
    mb.layerWorking = e.working;
    mb.holdsHead = e.holdsHead;
    // ZeRO 1 shards the master copy and the optimizer state over dp x cp (routed experts over their own group),
    // ZeRO 2 the gradients too, ZeRO 3 the weights.
    mb.expertWeights = m_zero >= 3 ? e.expertWeights / expertShard : e.expertWeights;
    mb.expertGradients = m_zero >= 2 ? e.expertGrads / expertShard : e.expertGrads;
    mb.expertMaster = m_zero >= 1 ? e.expertMaster / expertShard : e.expertMaster;
    mb.expertOptimizer = m_zero >= 1 ? e.expertOptimizer / expertShard : e.expertOptimizer;
    mb.weights = (m_zero >= 3 ? e.weights / shard : e.weights) + mb.expertWeights;
    mb.fp8CopyBytes = m_fp8Copies;
    mb.fp8CopyParams = e.castLocal;
    mb.adapters = e.adapters;
    mb.frozenLocal = e.frozen;
    mb.expertFrozenLocal = e.expertFrozen;
    mb.expertAdapters = e.expertAdapters;
    mb.frozen = m_zero >= 3 ? e.frozen / shard + e.expertFrozen / expertShard : e.frozen + e.expertFrozen;
    mb.gradients = (m_zero >= 2 ? e.grads / shard : e.grads) + mb.expertGradients;
    mb.master = (m_zero >= 1 ? e.master / shard : e.master) + mb.expertMaster;
    mb.optimizer = (m_zero >= 1 ? e.optimizer / shard : e.optimizer) + mb.expertOptimizer;
    if (m_offload) {
        mb.offloaded = mb.master + mb.optimizer;
        mb.master = mb.optimizer = 0;
        mb.expertMaster = mb.expertOptimizer = 0;
    }
    // In units of a whole stage's layers: the stage's own layers (and MTP modules) x micro-batches in flight.
    mb.activationsLayers = inFlightUnits * e.stored;
    if (m_rebuildsLayer)
        mb.activationsLayers += e.working; // one layer rebuilt during backward
    mb.activationsLogits = e.holdsHead ? m_logits : 0.0;
    // Buffers: runtime reserve, gradient buckets for the DP all-reduce / reduce-scatter, ZeRO-3's gathered layer and
    // its prefetch, the TP/SP all-gather of one activation, the all-to-all buffers of one MoE layer, and allocator
    // fragmentation.
    if (shard > 1) {
        mb.bufBuckets = e.buckets;
        mb.bufGather = m_gather;
    }
    mb.bufTpGather = m_tpGather;
    mb.bufDispatch = m_dispatch;
    mb.bufDequant = m_dequant;
    mb.buffers = kRuntimeReserveBytes + mb.bufBuckets + mb.bufGather + mb.bufTpGather + mb.bufDispatch + mb.bufDequant +
                 kAllocatorOverhead * mb.activations();
    return mb;
}

MemoryModel::Ends MemoryModel::ends(int dp) const {
    const double shard = double(dp) * m_cp; // ZeRO shards over the data-parallel group, CP included
    const PeakInFlight inFlight = m_inFlight.at(microBatchesPerPipeline(m_scenario, dp));
    const MemoryBreakdown first = stage(m_first, inFlight.rank0, shard);
    const MemoryBreakdown middle = m_middle.used ? stage(m_middle, inFlight.rank0, shard) : first;
    if (m_stages == 1)
        return {first, first, first};
    return {first, stage(m_last, inFlight.lastRank, shard), middle};
}

MemoryBreakdown MemoryModel::at(int dp) const {
    // The ends as ends(dp) has them, compared by their totals first; only the most loaded one's breakdown is built.
    const double shard = double(dp) * m_cp;
    const PeakInFlight inFlight = m_inFlight.at(microBatchesPerPipeline(m_scenario, dp));
    if (m_stages == 1)
        return stage(m_first, inFlight.rank0, shard);
    const double first = stage(m_first, inFlight.rank0, shard).total();
    const double middle = m_middle.used ? stage(m_middle, inFlight.rank0, shard).total() : first;
    const bool middleHeavier = middle > first;
    const End& firstOrMiddle = middleHeavier ? m_middle : m_first;
    if (stage(m_last, inFlight.lastRank, shard).total() > (middleHeavier ? middle : first))
        return stage(m_last, inFlight.lastRank, shard);
    return stage(firstOrMiddle, inFlight.rank0, shard);
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
    const double middle = m_middle.used ? stage(m_middle, inFlight.rank0, shard).total() : 0.0;
    return std::max({first, last, middle});
}

MemoryBreakdown perGpuMemory(const Scenario& s, const ModelCounts& m, const StateBytes& b, int dp) {
    return MemoryModel(s, m, b).at(dp);
}

// Fine-tuning with frozen weights: the stage's matrices in the base format and its other parameters (embedding, LM
// head, norms, biases, router) in 16 bits, with no gradient, master copy or optimizer state; the adapters beside its
// layers carry all four, split like the layer they attach to.
void MemoryModel::frozenState(End& e, int denseLayers, int moeLayers, int mtp) const {
    const StateBytes& b = m_bytes;
    const auto& par = m_scenario.parallel;
    const FinetuneCounts& ft = m_ft;
    const double linearTensor =
        denseLayers * ft.dense.linearTensor + moeLayers * ft.moe.linearTensor + mtp * ft.mtp.linearTensor;
    const double linearRouted =
        denseLayers * ft.dense.linearRouted + moeLayers * ft.moe.linearRouted + mtp * ft.mtp.linearRouted;
    const double adapterTensor = denseLayers * ft.dense.tensor + moeLayers * ft.moe.tensor + mtp * ft.mtp.tensor;
    const double adapterRouted = denseLayers * ft.dense.routed + moeLayers * ft.moe.routed + mtp * ft.mtp.routed;
    const double t = par.tp, ep = double(par.ep) * par.etp;
    const double frozenTensor =
        (ft.baseBytes * linearTensor + ft.otherBytes * std::max(0.0, e.params.tensor - linearTensor)) / t +
        ft.otherBytes * e.params.router;
    const double frozenRouted =
        (ft.baseBytes * linearRouted + ft.otherBytes * std::max(0.0, e.params.experts - linearRouted)) / ep;
    const double local = adapterTensor / t, experts = adapterRouted / ep;
    e.frozen = frozenTensor;
    e.expertFrozen = frozenRouted;
    e.adapters = local;
    e.expertAdapters = experts;
    e.weights = frozenTensor + b.weights * local;
    e.grads = b.grads * local;
    e.master = b.master * local;
    e.optimizer = b.optimizer * local;
    e.expertWeights = frozenRouted + b.weights * experts;
    e.expertGrads = b.grads * experts;
    e.expertMaster = b.master * experts;
    e.expertOptimizer = b.optimizer * experts;
    e.buckets = 2.0 * std::min(kGradBucketElements, local + experts) * b.grads;
}

} // namespace tl::engine
