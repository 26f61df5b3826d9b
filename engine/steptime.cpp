#include "engine/steptime.h"

#include "engine/finetune.h"
#include "engine/flops.h"
#include "engine/layout.h"
#include "engine/moetime.h"
#include "engine/pipeline_sim.h"
#include "engine/precision.h"
#include "engine/presets.h"
#include "engine/units.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace tl::engine {
namespace {

// A link a collective runs over: achieved bytes per second and the latency of one ring step.
struct Link {
    double bytesPerS = 1;
    double latencyS = 0;
};

// n ranks spaced `stride` GPUs apart (Megatron's rank order: tp innermost, then cp, dp, pp). Inside one node the ring
// runs on NVLink; across nodes each node's k members drive k NICs in parallel rings, so the ring gets k x the
// per-GPU network bandwidth, at most NVLink's.
Link groupLink(const HardwareSpec& hw, double n, double stride, double fraction) {
    if (stride * n <= hw.gpusPerNode)
        return {hw.intraNodeGbps * 1e9 * fraction, hw.intraNodeLatencyUs * 1e-6};
    const double perNode = std::clamp(std::floor(hw.gpusPerNode / stride), 1.0, n);
    return {std::min(hw.intraNodeGbps, perNode * hw.interNodeGbps) * 1e9 * fraction, hw.interNodeLatencyUs * 1e-6};
}

double allReduce(double bytes, double n, const Link& l) {
    return n <= 1 ? 0.0 : 2.0 * (n - 1) / n * bytes / l.bytesPerS + 2.0 * (n - 1) * l.latencyS;
}
double allGather(double bytes, double n, const Link& l) { // reduce-scatter costs the same
    return n <= 1 ? 0.0 : (n - 1) / n * bytes / l.bytesPerS + (n - 1) * l.latencyS;
}

// Matmul and memory-bound kernel timing on one GPU.
struct Gpu {
    double peak = 1;  // FLOP/s for this precision
    double hbm = 1;   // achieved bytes/s of memory-bound kernels
    double bytes = 2; // bytes of one activation element
    double fraction = 1, halfDim = 0;
    double linearPeak = 1, linearBytes = 2; // the layers' linear matmuls: FP8 peak x FP8 share, 1-byte operands

    // C[M x N] = A[M x K] B[K x N], `batch` times: compute at a share of peak that falls for thin shards, plus
    // reading the operands and writing the result once.
    double gemm(double M, double K, double N, double batch = 1) const {
        return batch * matmul(M, K, N, peak * fraction, bytes);
    }
    // A transformer layer's linear matmul: in FP8 with precision.compute = fp8, else as gemm().
    double linear(double M, double K, double N) const { return matmul(M, K, N, linearPeak, linearBytes); }
    double matmul(double M, double K, double N, double rate, double operandBytes) const {
        const double d = std::min({M, K, N});
        const double compute = 2.0 * M * K * N / (rate * d / (d + halfDim));
        const double traffic = (operandBytes * (M * K + K * N) + bytes * M * N) / hbm;
        return compute + traffic;
    }
};

// Fine-tuning with frozen weights, one layer and one micro-batch: the adapters' thin matmuls (x A, then B, each
// split over TP like the base matrix) forward, again for the input gradient and for their weight gradients, and the
// dequantization of a quantized base (read the packed matrix, write 16 bits) before the forward and the backward.
struct FrozenLayer {
    double adapters = 0, adapterWeightGrad = 0, dequant = 0;
};
FrozenLayer frozenLayer(const Gpu& gpu, const FinetuneCounts& ft, const ModelCounts& m, double T, double t) {
    FrozenLayer out;
    const double r = ft.rank;
    for (int i = 0; i < ft.matrixCount; ++i) {
        const AdapterMatrix& x = ft.matrices[size_t(i)];
        out.adapters += x.count * (gpu.gemm(T, x.in / t, r) + gpu.gemm(T, r, x.out / t));
        out.adapterWeightGrad += x.count * (gpu.gemm(x.in / t, T, r) + gpu.gemm(r, T, x.out / t));
    }
    if (ft.quantized)
        out.dequant = m.layerMatmuls / std::max(1, m.layers) / t * (ft.baseBytes + 2.0) / gpu.hbm;
    return out;
}

double peakFactor(NumberFormat weights) {
    if (weights == NumberFormat::Fp32)
        return 0.5; // TF32 tensor cores: half the dense BF16 rate (A100, H100, B200 datasheets)
    if (weights == NumberFormat::Fp8)
        return 2.0; // FP8 tensor cores: twice the dense BF16 rate (H100, B200, MI300X datasheets)
    return 1.0;
}

} // namespace

bool fp8GatherWeights(const Scenario& s) {
    return s.precision.compute == NumberFormat::Fp8 && s.precision.fp8Recipe == Fp8Recipe::Tensorwise &&
           s.parallel.zero >= 3;
}

double powerCapClock(double tdpW, double designW) {
    if (!(designW > 0 && tdpW > 0 && tdpW < designW))
        return 1.0;
    const double fixed = kStaticPowerShare * designW;
    return std::cbrt(std::max(0.05, (tdpW - fixed) / (designW - fixed)));
}

double flashKernelShare(double keys) {
    return keys > 0 ? keys / (keys + kFlashHalfKeys) : 1.0;
}

double flashLayoutShare(const std::vector<int>& documents, int seqLen, int cp) {
    if (cp > 1) {
        // Each rank holds chunks i and 2cp-1-i of length s/2cp: ring step 0 is causal over its s/cp tokens; each of
        // the other cp-1 steps is a full s/cp x s/2cp block, half of them over s/2cp keys, half over s/cp.
        const double local = double(seqLen) / cp, c = cp;
        const double inverse =
            1.0 / c / flashKernelShare(local) +
            (c - 1.0) / c * 0.5 * (1.0 / flashKernelShare(local / 2.0) + 1.0 / flashKernelShare(local));
        return 1.0 / inverse;
    }
    if (documents.empty())
        return flashKernelShare(seqLen);
    double pairs = 0, time = 0;
    for (int d : documents) {
        const double p = double(d) * (double(d) + 1.0) / 2.0;
        pairs += p;
        time += p / flashKernelShare(d);
    }
    return time > 0 ? pairs / time : 1.0;
}

StepConstants stepConstants(const Scenario& s) {
    const EfficiencySpec& e = s.efficiency;
    const GpuPreset* design = gpuPresetFor(s.hardware);
    // Flash attention follows the GEMM share: the preset's ratio of the two, scaled by an edited or calibrated GEMM
    // share; hardware no preset shares a compute die with takes the A100's ratio.
    const double flashOverGemm =
        design && design->gemmFraction > 0 ? design->flashFraction / design->gemmFraction : kFlashOverGemm;
    StepConstants k{e.gemmFraction, kGemmHalfDim, e.hbmFraction, e.linkFraction, e.gemmFraction * flashOverGemm,
                    e.fp8Fraction};
    k.clock = powerCapClock(s.hardware.tdpW, design ? design->tdpW : 0.0);
    return k;
}

StepTime derivedStepTime(const Scenario& s, const ModelCounts& m, int dp) {
    return derivedStepTime(s, m, dp, stepConstants(s));
}

int heaviestStageLayers(int layers, int pp, int virtualStages) {
    const int chunks = std::max(1, pp) * std::max(1, virtualStages);
    const int base = layers / chunks, extra = layers % chunks;
    // The first `extra` chunks take one layer more; rank 0 holds chunks 0, pp, 2pp, ...
    return base * std::max(1, virtualStages) + (extra + std::max(1, pp) - 1) / std::max(1, pp);
}

PipelineSplit pipelineSplit(int units, int pp, int chunksPerRank, bool vShape, bool balanceEnds) {
    PipelineSplit out;
    pp = std::max(1, pp);
    const int v = vShape ? 2 : std::max(1, chunksPerRank);
    const int chunks = pp * v, base = units / chunks, extra = units % chunks;
    if (!balanceEnds || pp == 1 || extra == 0) {
        out.first = {heaviestStageLayers(units, pp, chunksPerRank), true, true};
        out.last = out.middle = out.first;
        return out;
    }
    out.even = false;
    const int ceil = base + 1, shortfall = chunks - extra;
    const int lastChunk = base, firstChunk = shortfall >= 2 ? base : ceil;
    // The rest of the shortfall, one slot per chunk, spread over the ranks that hold no end.
    out.firstChunk = firstChunk;
    out.lastChunk = lastChunk;
    out.chunk = ceil;
    const int rest = std::max(0, shortfall - 2);
    const int middleRanks = vShape ? pp - 1 : pp - 2;
    const int middleCut = middleRanks > 0 ? std::min(v, rest / middleRanks) : 0; // one slot per chunk at most
    if (vShape) {
        out.first = {firstChunk + lastChunk, true, true};
        out.last = {};
    } else {
        out.first = {firstChunk + (v - 1) * ceil, true, false};
        out.last = {lastChunk + (v - 1) * ceil, false, true};
    }
    if (middleRanks > 0)
        out.middle = {std::max(0, v * ceil - middleCut), false, false};
    return out;
}

namespace {

// What one micro-batch costs on the pipeline stage of a layout: the heaviest stage's work and the per-layer figures the
// step's parts are made of. None of it depends on dp, so that a step timed at several dp (evaluate(): the ledger's
// and the time gate's probes) works it out once (SharedStageStep).
struct StageWork {
    int layers = 0, mtp = 0;
    double heads = 0, embedding = 0, L = 0, Lmoe = 0, kernelsF = 0, kernelsB = 0, kernelsW = 0, recomputed = 0;
    double commLayers = 0, epLayers = 0, F = 0, B = 0, W = 0;
};
struct StageStep {
    StageStep() = default;
    StageStep(const Scenario& s, const ModelCounts& m) : ft(finetuneCounts(s, m)) {}
    Gpu gpu;
    double T = 0;
    bool sp = false;
    FinetuneCounts ft;
    Link tpLink;
    double attention = 0, attentionBackward = 0, cpStep = 0;
    double tpForward = 0, tpBackward = 0, tpRecompute = 0, cpForward = 0, cpBackward = 0;
    double epForward = 0, epBackward = 0, epRecompute = 0;
    double headForward = 0, headInputGrad = 0, headWeightGrad = 0, mtpProjection = 0;
    MoeLayerTime moeTime;
    StageWork heaviest;
    StateBytes sb;                            // the training state's bytes per parameter
    double denseParams = 0, expertParams = 0; // the heaviest stage's on this GPU: TP-split and router, routed experts
};

[[gnu::always_inline]] inline StageStep stageStep(const Scenario& s, const ModelCounts& m, const StepConstants& k) {
    StageStep out(s, m); // filled in place: the planner times every layout through here
    const auto& par = s.parallel;
    const auto& hw = s.hardware;
    const double t = par.tp, cp = par.cp;
    const double b = s.data.microBatch, seq = s.data.seqLen, sLocal = seq / cp;
    const double T = b * sLocal; // tokens one GPU works on per micro-batch
    const double h = m.hidden, q = m.qDim, kv = m.kvDim, dh = m.headDim;
    const double heads = m.heads / t;
    const bool sp = par.sequenceParallel && par.tp > 1;
    const bool flash = s.activations.flashAttention;
    const bool dropout = s.model.dropout;
    const Recompute recompute = s.activations.recompute;

    Gpu& gpu = out.gpu;
    gpu.peak = hw.peakTflops * 1e12 * peakFactor(s.precision.weights) * k.clock;
    gpu.hbm = hw.hbmTbps * 1e12 * k.memoryFraction;
    gpu.bytes = s.precision.weights == NumberFormat::Fp32 ? 4.0 : 2.0;
    gpu.fraction = k.gemmFraction;
    gpu.halfDim = k.gemmHalfDim;
    const bool fp8 = s.precision.compute == NumberFormat::Fp8;
    gpu.linearPeak = fp8 ? hw.peakFp8Tflops * 1e12 * k.clock * k.fp8Fraction : gpu.peak * gpu.fraction;
    gpu.linearBytes = fp8 ? 1.0 : gpu.bytes;
    const double a = gpu.bytes;

    // One layer, one micro-batch, forward. Matmuls: the attention projections (QKV and output, or MLA's low-rank
    // ones, those TP does not split whole on every rank), MLP up (gate + up when gated) and down on the layer's MLP
    // width: the dense MLP, or an MoE layer's shared experts (its routed experts: engine/moetime). In FP8 with
    // precision.compute = fp8.
    double attentionGemms = 0;
    for (int i = 0; i < m.attentionMatmulCount; ++i) {
        const Matmul& x = m.attentionMatmuls[size_t(i)];
        attentionGemms += gpu.linear(T, x.split == Matmul::Split::In ? x.in / t : x.in,
                                     x.split == Matmul::Split::Out ? x.out / t : x.out);
    }
    auto mlpGemms = [&](double w) {
        return w > 0 ? gpu.linear(T, h, (m.gated ? 2.0 : 1.0) * w / t) + gpu.linear(T, w / t, h) : 0.0;
    };
    // Attention core. Without flash: batched QK^T and AV over the full s x s scores (the mask is applied, not
    // skipped), then the fused scale-mask-softmax and the probabilities' dropout through HBM. With flash: causal
    // pairs only, one fused kernel per document (or per ring step with context parallelism) at the share its length
    // reaches; its backward does 2.5 x the forward's FLOPs (it recomputes the scores) at the same rate.
    double attention = 0, attentionBackward = 0;
    if (flash) {
        // Sliding windows: the stage's layers at their average share of full and windowed pairs.
        const double full = causalPairs(s.data.documents, s.data.seqLen);
        const double windowed = m.windowLayers > 0 ? windowPairs(s.data.documents, s.data.seqLen, m.window) : full;
        const double pairs = ((m.layers - m.windowLayers) * full + m.windowLayers * windowed) / m.layers / cp;
        const double flops = 2.0 * b * heads * (m.qkHeadDim + m.vHeadDim) * pairs;
        const double share = flashLayoutShare(s.data.documents, s.data.seqLen, par.cp);
        const double windowShare = m.windowLayers > 0 ? flashKernelShare(std::min(m.window, s.data.seqLen)) : share;
        const double dense = (m.layers - m.windowLayers) * full, slid = m.windowLayers * windowed;
        const double layerShare = (dense + slid) / (dense / share + slid / windowShare);
        attention = flops / (gpu.peak * k.flashFraction * layerShare);
        attentionBackward = 2.5 * attention;
    } else {
        const double batch = b * heads;
        const double scores = batch * sLocal * seq;
        const double bmm = gpu.gemm(sLocal, dh, seq, batch) + gpu.gemm(sLocal, seq, dh, batch);
        const double softmax = (2.0 * a + (dropout ? 2.0 * a + 1.0 : 0.0)) * scores / gpu.hbm;
        attention = bmm + softmax;
        attentionBackward = 2.0 * bmm + 1.5 * softmax;
    }
    // Memory-bound work per token: two norms (four with post-norms; read, write), two residual adds (read both, write;
    // dropout adds its 1-byte mask), on T / tp tokens with sequence parallelism, else on every TP rank; the MLP
    // activation on the sharded width; q/k norms. An elementwise backward reads the saved input and the gradient and
    // writes one gradient: 1.5 x the forward's traffic.
    const double norms = m.postNorms ? 4.0 : 2.0;
    const double tokenwise = (sp ? T / t : T) * h * (norms * 2.0 * a + 2.0 * (3.0 * a + (dropout ? 1.0 : 0.0)));
    const double qkNorm = m.qkNorm ? T * (q + kv) / t * 2.0 * a : 0.0;
    const FinetuneCounts& ft = out.ft;
    struct LayerKernels {
        double forward = 0, inputGrad = 0, weightGrad = 0, recompute = 0;
    };
    // FP8 casts, memory-bound: each linear's input and weight forward, its output gradient backward, read in BF16 and
    // written in FP8 (3 bytes an element), with per-tensor scaling one more BF16 read for the scale (amax); backward
    // also writes the transposed FP8 copies the weight-gradient and input-gradient matmuls read (2 bytes an element).
    // With FP8 all-gathers under ZeRO-3 the weights are cast on the 1/dp shard before the gather: no per-layer cost.
    struct Casts {
        double forward = 0, backward = 0;
    };
    auto castSeconds = [&](double inputs, double gradients, double weights) {
        Casts c;
        if (!fp8)
            return c;
        const bool perTensor =
            s.precision.fp8Recipe == Fp8Recipe::Tensorwise || s.precision.fp8Recipe == Fp8Recipe::Current;
        const double perElement = perTensor ? 5.0 : 3.0;
        weights = fp8GatherWeights(s) ? 0.0 : weights;
        c.forward = perElement * (inputs + weights) / gpu.hbm;
        c.backward = (perElement * gradients + 2.0 * (inputs + gradients + weights)) / gpu.hbm;
        return c;
    };
    auto fp8Casts = [&](double w) {
        const double upWidth = (m.gated ? 2.0 : 1.0) * w;
        const double inputs = T * (2.0 * h + q / t + w / t);
        const double gradients = T * ((q + 2 * kv) / t + 2.0 * h + upWidth / t);
        return castSeconds(inputs, gradients, h * ((q + 2 * kv) + q + upWidth + w) / t);
    };
    auto layerKernels = [&](double w) {
        const double act = T * (w / t) * (m.gated ? 3.0 : 2.0) * a;
        const double elementwise = (tokenwise + act + qkNorm) / gpu.hbm;
        const double gemms = attentionGemms + mlpGemms(w);
        const Casts casts = fp8Casts(w);
        LayerKernels x;
        x.forward = gemms + attention + elementwise + casts.forward;
        x.inputGrad = gemms + attentionBackward + 1.5 * elementwise + casts.backward;
        x.weightGrad = gemms;
        if (ft.frozen) {
            const FrozenLayer fl = frozenLayer(gpu, ft, m, T, t);
            x.forward += fl.adapters + fl.dequant;
            x.inputGrad += fl.adapters + fl.dequant;
            x.weightGrad = fl.adapterWeightGrad;
        }
        if (recompute == Recompute::Full) {
            x.recompute = x.forward;
        } else if (recompute == Recompute::Selective) {
            x.recompute = attention; // core attention runs again
        } else if (recompute == Recompute::PerOp) {
            // torchtitan's per-op policy: every second matmul, the norms, activations and FP8 casts run again;
            // attention's output and the other matmuls' outputs are kept.
            const LayerMatmulOrder order = layerMatmulOrder(m, w);
            for (int i = 0; i < order.count; ++i) {
                const Matmul& mm = order.mm[size_t(i)];
                if (LayerMatmulOrder::recomputed(i))
                    x.recompute += gpu.linear(T, mm.split == Matmul::Split::In ? mm.in / t : mm.in,
                                              mm.split == Matmul::Split::Out ? mm.out / t : mm.out);
            }
            x.recompute += elementwise + casts.forward;
        }
        return x;
    };
    const LayerKernels dense = layerKernels(m.ffnWidth);
    LayerKernels moe = m.experts > 0 ? layerKernels(m.sharedWidth) : dense;
    // An MoE layer adds its router, its routed experts on the busiest GPU and the all-to-all (engine/moetime).
    MoeLayerTime& moeTime = out.moeTime;
    if (m.experts > 0) {
        const GemmRate rate{fp8 ? hw.peakFp8Tflops * 1e12 * k.clock : gpu.peak, gpu.hbm, gpu.bytes,
                            fp8 ? k.fp8Fraction : gpu.fraction, gpu.halfDim};
        moeTime = moeLayerTime(s, m, rate, moe.forward, moe.inputGrad + moe.weightGrad);
        // The routed experts' FP8 casts, by the layers' rule (the overlap above does not count them: conservative).
        const Casts routed = castSeconds(moeTime.castInputs, moeTime.castGradients, moeTime.castWeights);
        moe.forward += moeTime.router + moeTime.expertForward + routed.forward;
        moe.inputGrad += 2.0 * moeTime.router + moeTime.expertInputGrad + routed.backward;
        if (!ft.frozen) // frozen routed experts get no weight gradient (their adapters are in the layer's)
            moe.weightGrad += moeTime.expertWeightGrad;
        if (recompute == Recompute::Full)
            moe.recompute = moe.forward;
    }
    const double epForward = moeTime.exposedForward, epBackward = moeTime.exposedBackward;
    const double epRecompute = recompute == Recompute::Full ? epForward : 0.0;

    // Tensor parallelism: two all-reduces forward and two backward per layer (or, with sequence parallelism, the
    // same ring volume as all-gather + reduce-scatter pairs), none overlapped; full recompute repeats the forward's.
    const Link tpLink = groupLink(hw, t, 1, k.linkFraction);
    const double tpCollective = allReduce(a * T * h, t, tpLink);
    // With the overlap on, the collectives run in chunks behind the layer's four matmuls: only what they do not cover
    // shows (backward: the input-gradient matmuls).
    const bool tpOverlap = par.tpCommOverlap && par.tp > 1;
    const double denseGemms = attentionGemms + mlpGemms(m.ffnWidth);
    const double tpForward = tpOverlap ? std::max(0.0, 2.0 * tpCollective - denseGemms) : 2.0 * tpCollective;
    const double tpBackward = tpForward;
    // Per-op recompute keeps the reduce-scatters' outputs and gathers the layer's two inputs again.
    const double tpRecompute = recompute == Recompute::Full    ? tpForward
                               : recompute == Recompute::PerOp ? 0.5 * tpForward
                                                               : 0.0;

    // Context parallelism: cp - 1 ring steps of this rank's K and V forward, K, V, dK, dV backward, hidden behind the
    // attention core as far as it lasts.
    double cpForward = 0, cpBackward = 0, cpStep = 0;
    if (par.cp > 1) {
        const Link cpLink = groupLink(hw, cp, t, k.linkFraction);
        cpStep = a * T * 2.0 * kv / t / cpLink.bytesPerS + cpLink.latencyS;
        cpForward = std::max(0.0, (cp - 1) * cpStep - attention);
        cpBackward = std::max(0.0, 2.0 * (cp - 1) * cpStep - attentionBackward);
    }

    // The heaviest stage: its layers, and the LM head (and its vocab-parallel cross-entropy in FP32) on the last
    // rank, the embedding on the first (both on rank 0 for V-shaped schedules, and with one stage). Multi-token-
    // prediction modules (each a layer, its 2h -> h projection and an LM-head pass) take layer slots on the last
    // chunk. An even split: the heaviest rank's slots with both ends. An uneven one: rank 0, the last rank and the
    // heaviest middle rank each with what it holds (pipelineSplit), the slowest of them. Of a stage's layers, as many
    // are MoE layers as the model has.
    const double logits = T * m.vocab / t;
    const double headForward = gpu.gemm(T, h, m.vocab / t) + 12.0 * logits / gpu.hbm;
    const double headInputGrad = gpu.gemm(T, h, m.vocab / t) + 12.0 * logits / gpu.hbm;
    const double headWeightGrad = ft.frozen ? 0.0 : gpu.gemm(T, h, m.vocab / t);
    const double embeddingPass = 3.0 * a * T * h / gpu.hbm;
    const double mtpProjection = gpu.gemm(T, 2.0 * h, h);
    const LayerKernels& mtpLayer = m.experts > 0 ? moe : dense;
    auto stageWork = [&](const StageLoad& load) {
        StageWork w;
        w.mtp = load.head ? std::min(m.mtpLayers, load.units) : 0;
        w.layers = std::max(0, load.units - w.mtp);
        w.heads = load.head ? 1.0 + w.mtp : 0.0;
        w.embedding = load.embedding ? embeddingPass : 0.0;
        w.L = w.layers;
        w.Lmoe = std::min(w.layers, m.moeLayers);
        const double Ldense = w.L - w.Lmoe, mtp = w.mtp;
        w.kernelsF = Ldense * dense.forward + w.Lmoe * moe.forward + mtp * (mtpLayer.forward + mtpProjection);
        w.kernelsB = Ldense * dense.inputGrad + w.Lmoe * moe.inputGrad + mtp * (mtpLayer.inputGrad + mtpProjection);
        w.kernelsW = Ldense * dense.weightGrad + w.Lmoe * moe.weightGrad + mtp * (mtpLayer.weightGrad + mtpProjection);
        w.recomputed = Ldense * dense.recompute + w.Lmoe * moe.recompute + mtp * mtpLayer.recompute;
        w.commLayers = w.L + mtp;
        w.epLayers = w.Lmoe + (m.experts > 0 ? mtp : 0.0); // MTP layers with their own all-to-all
        w.F = w.kernelsF + w.heads * headForward + w.embedding + w.commLayers * (tpForward + cpForward) +
              w.epLayers * epForward;
        w.B = w.kernelsB + w.recomputed + w.heads * headInputGrad +
              w.commLayers * (tpBackward + tpRecompute + cpBackward) + w.epLayers * (epBackward + epRecompute);
        w.W = w.kernelsW + w.heads * headWeightGrad;
        return w;
    };
    const PipelineSplit split = pipelineSplit(m.layers + m.mtpLayers, par.pp, par.virtualStages,
                                              vShaped(par.schedule) && par.pp > 1, par.balanceEnds);
    StageWork& heaviest = out.heaviest = stageWork(split.first);
    if (!split.even) {
        for (const StageLoad& other : {split.last, split.middle}) {
            const StageWork w = stageWork(other);
            if (other.units > 0 && w.F + w.B + w.W > heaviest.F + heaviest.B + heaviest.W)
                heaviest = w;
        }
    }
    // The heaviest stage's parameters on this GPU, which data parallelism synchronises (stepAt, per dp).
    {
        const int stageLayers = heaviest.layers;
        const double mtp = heaviest.mtp;
        const StateBytes sb = stateBytes(s.precision, m.hidden);
        const double headParams = heaviest.heads > 0 ? (m.lmHead > 0 ? m.lmHead : m.embedding) + m.finalNorm : 0.0;
        const StageParams layerParams = m.layerRange(m.layers - stageLayers, stageLayers);
        const double expertSplit = double(par.ep) * par.etp;
        out.sb = sb;
        out.denseParams = (layerParams.tensor + mtp * m.mtpLayer.tensorParallel() + headParams + mtp * m.mtpExtra) / t +
                          layerParams.router + mtp * m.mtpLayer.router;
        out.expertParams = (layerParams.experts + mtp * m.mtpLayer.routed) / expertSplit;
    }
    out.T = T;
    out.sp = sp;
    out.tpLink = tpLink;
    out.attention = attention;
    out.attentionBackward = attentionBackward;
    out.cpStep = cpStep;
    out.tpForward = tpForward;
    out.tpBackward = tpBackward;
    out.tpRecompute = tpRecompute;
    out.cpForward = cpForward;
    out.cpBackward = cpBackward;
    out.epForward = epForward;
    out.epBackward = epBackward;
    out.epRecompute = epRecompute;
    out.headForward = headForward;
    out.headInputGrad = headInputGrad;
    out.headWeightGrad = headWeightGrad;
    out.mtpProjection = mtpProjection;
    return out;
}

// The step at dp from its stage's figures.
[[gnu::always_inline]] inline StepTime stepAt(const StageStep& stage, const Scenario& s, const ModelCounts& m, int dp,
                                              const StepConstants& k) {
    const auto& par = s.parallel;
    const auto& hw = s.hardware;
    const double t = par.tp, cp = par.cp, pp = std::max(1, par.pp);
    const Gpu& gpu = stage.gpu;
    const double T = stage.T, h = m.hidden, a = gpu.bytes;
    const bool sp = stage.sp;
    const Recompute recompute = s.activations.recompute;
    const FinetuneCounts& ft = stage.ft;
    const Link& tpLink = stage.tpLink;
    const double attention = stage.attention, attentionBackward = stage.attentionBackward, cpStep = stage.cpStep;
    const double tpForward = stage.tpForward, tpBackward = stage.tpBackward, tpRecompute = stage.tpRecompute;
    const double cpForward = stage.cpForward, cpBackward = stage.cpBackward;
    const double epForward = stage.epForward, epBackward = stage.epBackward, epRecompute = stage.epRecompute;
    const double headForward = stage.headForward, headInputGrad = stage.headInputGrad;
    const double headWeightGrad = stage.headWeightGrad, mtpProjection = stage.mtpProjection;
    const MoeLayerTime& moeTime = stage.moeTime;
    const StageWork& heaviest = stage.heaviest;
    const int stageLayers = heaviest.layers;
    const double L = heaviest.L, mtp = heaviest.mtp;
    const double kernelsF = heaviest.kernelsF, kernelsB = heaviest.kernelsB, kernelsW = heaviest.kernelsW;
    const double recomputed = heaviest.recomputed, commLayers = heaviest.commLayers, epLayers = heaviest.epLayers;
    const double F = heaviest.F, B = heaviest.B, W = heaviest.W;
    const double microBatches = microBatchesPerPipeline(s, dp);

    // Pipeline: the schedule's closed form with these durations per chunk gives the makespan; the bubble is what it
    // adds to the busy time. Point-to-point: the activation (forward) and its gradient (backward) at every chunk
    // boundary, sent as 1/tp slices over the network and all-gathered inside the TP group (Narayanan et al. 2021).
    double makespan = microBatches * (F + B + W), p2p = 0, p2pChunks = 1, p2pSend = 0;
    if (par.pp > 1) {
        // The stage's work splits over the chunks each rank runs (zb-v and dualpipev: two, whatever the key says).
        PipelineSpec spec = pipelineSpecFor(s, dp);
        const double chunks = effectiveVirtualStages(spec);
        spec.f = F / chunks;
        spec.b = B / chunks;
        spec.w = W / chunks;
        makespan = closedForm(spec).makespan;
        const double stride = t * cp * dp;
        const Link hop = stride * pp <= hw.gpusPerNode
                             ? Link{hw.intraNodeGbps * 1e9 * k.linkFraction, hw.intraNodeLatencyUs * 1e-6}
                             : Link{hw.interNodeGbps * 1e9 * k.linkFraction, hw.interNodeLatencyUs * 1e-6};
        const double message = a * T * h;
        p2pSend = message / t / hop.bytesPerS + hop.latencyS + (sp ? 0.0 : allGather(message, t, tpLink));
        p2pChunks = spec.virtualStages;
        p2p = 2.0 * (microBatches * p2pChunks + pp - 1) * p2pSend;
    }

    // Data parallelism over dp x cp replicas of the heaviest stage's parameters on this GPU: the TP shard of the
    // dense parts and the router, and the routed experts' ep x etp shard, which the smaller expert data-parallel
    // group of tp x cp x dp / (ep x etp) GPUs (spaced ep x etp apart) reduces.
    const StateBytes& sb = stage.sb;
    const double expertSplit = double(par.ep) * par.etp;
    const double denseParams = stage.denseParams, expertParams = stage.expertParams;
    const double stageParams = denseParams + expertParams;
    const double replicas = double(dp) * cp;
    const double expertReplicas = replicas * t / expertSplit;
    // With frozen weights the data-parallel group synchronises and the optimizer updates the adapters alone (their
    // share of the stage's parameters); ZeRO-3 still gathers the frozen weights, in their format.
    const double trainShare = ft.frozen ? ft.adapters / std::max(1, m.layers) * L / t / stageParams : 1.0;
    const double frozenPerParam = ft.frozen ? ft.frozenBytes / (m.total + m.mtp) : 0.0;
    double dpExposed = 0, dpCollective = 0, dpLastBucket = 0, dpGather = 0, dpScatter = 0, dpFirst = 0;
    if (replicas > 1) {
        const Link dpLink = groupLink(hw, replicas, t, k.linkFraction);
        const Link edpLink = groupLink(hw, expertReplicas, expertSplit, k.linkFraction);
        auto gather = [&](double bytesPerParam) {
            return allGather(bytesPerParam * denseParams, replicas, dpLink) +
                   allGather(bytesPerParam * expertParams, expertReplicas, edpLink);
        };
        if (par.zero >= 3) {
            // Every micro-batch gathers the weights forward and backward and reduce-scatters the gradients, each
            // prefetched behind the previous layer's compute: only what compute does not cover shows.
            const double gatherBytes = fp8GatherWeights(s) ? 1.0 : sb.weights; // FP8 all-gather of the shards
            dpGather = gather(ft.frozen ? frozenPerParam + sb.weights * trainShare : gatherBytes);
            dpScatter = gather(sb.grads * trainShare);
            dpFirst = allGather((ft.frozen ? frozenPerParam : gatherBytes) * m.largestLayer / t, replicas, dpLink);
            dpExposed =
                microBatches * (std::max(0.0, dpGather - F) + std::max(0.0, dpGather + dpScatter - B - W) + dpFirst);
        } else {
            // Once per step: the gradient all-reduce (ZeRO 0) or reduce-scatter + parameter all-gather (ZeRO 1-2),
            // bucketed behind the last micro-batch's backward; the last bucket cannot hide.
            dpCollective = par.zero == 0 ? allReduce(sb.grads * denseParams, replicas, dpLink) +
                                               allReduce(sb.grads * expertParams, expertReplicas, edpLink)
                                         : gather(sb.grads) + gather(sb.weights);
            dpCollective *= trainShare;
            dpLastBucket = dpCollective * std::min(1.0, 40e6 / std::max(1.0, stageParams * trainShare));
            dpExposed = std::max(dpCollective - (B + W), dpLastBucket);
        }
    }

    // Optimizer step on this GPU's shard: read and write master weights and optimizer state, read the gradient,
    // write the compute weights. Offload moves it to the host: gradients down and weights up over PCIe, the step in
    // host memory, and with NVMe the state read and written from disk.
    const double shard =
        trainShare *
        (par.zero >= 1 ? denseParams / replicas + expertParams / std::max(1.0, expertReplicas) : stageParams);
    const double stateRw =
        2.0 * (sb.master + sb.optimizer) + sb.grads + (sb.master > 0 ? sb.weights : 2.0 * sb.weights);
    double optimizer = 0, offload = 0;
    if (s.offload.optimizer == Offload::None) {
        optimizer = shard * stateRw / gpu.hbm;
    } else {
        offload = shard * (sb.grads + sb.weights) / (hw.pcieGbps * 1e9 * k.linkFraction) +
                  shard * stateRw / (hw.hostGbps * 1e9 * k.memoryFraction);
        if (s.offload.optimizer == Offload::Nvme)
            offload += 2.0 * shard * (sb.master + sb.optimizer) / (hw.nvmeGbps * 1e9);
    }

    StepTime out;
    StepTerms& x = out.terms;
    x.microBatches = microBatches;
    const double layerSlots = std::max(1.0, L + mtp);
    x.layerKernelS = (kernelsF + kernelsB + kernelsW - 3.0 * mtp * mtpProjection) / layerSlots;
    x.endsKernelS = heaviest.heads * (headForward + headInputGrad + headWeightGrad) + heaviest.embedding +
                    3.0 * mtp * mtpProjection;
    x.layerRecomputeS = recomputed / layerSlots;
    x.moe = moeTime;
    x.moeLayers = epLayers;
    x.tpBytes = a * T * h;
    x.tpBandwidth = tpLink.bytesPerS;
    x.tpLatencyS = tpLink.latencyS;
    x.tpCollectives = recompute == Recompute::Full ? 6 : recompute == Recompute::PerOp ? 5 : 4;
    x.cpRingStepS = cpStep;
    x.attentionS = attention;
    x.attentionBackwardS = attentionBackward;
    x.makespanS = makespan;
    x.p2pChunks = p2pChunks;
    x.p2pSendS = p2pSend;
    x.dpCollectiveS = dpCollective;
    x.dpLastBucketS = dpLastBucket;
    x.dpGatherS = dpGather;
    x.dpScatterS = dpScatter;
    x.dpFirstS = dpFirst;
    x.shardParams = shard;
    x.stateRwBytes = stateRw;
    x.hbmBandwidth = gpu.hbm;
    x.pcieBytes = sb.grads + sb.weights;
    x.pcieBandwidth = hw.pcieGbps * 1e9 * k.linkFraction;
    x.hostBandwidth = hw.hostGbps * 1e9 * k.memoryFraction;
    x.nvmeBytes = s.offload.optimizer == Offload::Nvme ? 2.0 * (sb.master + sb.optimizer) : 0.0;
    x.nvmeBandwidth = hw.nvmeGbps * 1e9;
    out.stageLayers = stageLayers + heaviest.mtp; // MTP modules' layers counted
    out.stageForwardS = F;
    out.stageBackwardS = B + W;
    out.stageWeightGradS = W;
    auto& p = out.parts;
    const double mb = microBatches;
    p.recompute = mb * recomputed;
    p.tpComm = mb * commLayers * (tpForward + tpBackward + tpRecompute);
    p.cpComm = mb * commLayers * (cpForward + cpBackward);
    p.epComm = mb * epLayers * (epForward + epBackward + epRecompute);
    p.compute = std::max(0.0, mb * (F + B + W) - p.recompute - p.tpComm - p.cpComm - p.epComm);
    p.ppBubble = std::max(0.0, makespan - mb * (F + B + W)); // rounding aside, never below busy
    p.ppP2p = p2p;
    p.dpComm = dpExposed;
    p.optimizer = optimizer;
    p.offload = offload;
    out.stepS = p.total();
    return out;
}

// The stage's figures SharedStageStep keeps for one evaluation's scenario and model (by identity: both are const and
// outlive it), with the step constants they were worked out with.
struct KeptStage {
    const Scenario* s = nullptr;
    const ModelCounts* m = nullptr;
    bool ready = false;
    StepConstants k{};
    StageStep stage;
};
constinit thread_local KeptStage tKept;

bool sameBits(const StepConstants& x, const StepConstants& y) {
    return std::memcmp(&x, &y, sizeof x) == 0;
}

} // namespace

SharedStageStep::SharedStageStep(const Scenario& s, const ModelCounts& m) : outerS_(tKept.s), outerM_(tKept.m) {
    tKept.s = &s;
    tKept.m = &m;
    tKept.ready = false;
}

SharedStageStep::~SharedStageStep() {
    tKept.s = outerS_;
    tKept.m = outerM_;
    tKept.ready = false; // an outer evaluation's figures were replaced: worked out again when next asked
}

// Hands `use` the stage's dp-free figures: a SharedStageStep scope's for its own scenario (worked out once), else
// worked out now.
template <class Use>
[[gnu::always_inline]] inline auto withStage(const Scenario& s, const ModelCounts& m, const StepConstants& k, Use use) {
    if (tKept.s != &s || tKept.m != &m)
        return use(stageStep(s, m, k));
    if (!tKept.ready || !sameBits(tKept.k, k)) {
        tKept.stage = stageStep(s, m, k);
        tKept.k = k;
        tKept.ready = true;
    }
    return use(tKept.stage);
}

StepTime derivedStepTime(const Scenario& s, const ModelCounts& m, int dp, const StepConstants& k) {
    return withStage(s, m, k, [&](const StageStep& stage) { return stepAt(stage, s, m, dp, k); });
}

double derivedStepSeconds(const Scenario& s, const ModelCounts& m, int dp, const StepConstants& k) {
    // stepAt inlined here with only its step kept: the compiler drops the terms and parts nobody reads.
    return withStage(s, m, k, [&](const StageStep& stage) { return stepAt(stage, s, m, dp, k).stepS; });
}

PipelineSpec stepPipelineSpec(const Scenario& s) {
    if (s.efficiency.mode != EfficiencyMode::Derived || s.parallel.pp <= 1) // no step to time
        return pipelineSpecFor(s);
    const StepTime st = derivedStepTime(s, countModel(s.model), s.parallel.dp);
    return stepPipelineSpec(s, st.stageForwardS, st.stageBackwardS, st.stageWeightGradS);
}

PipelineSpec stepPipelineSpec(const Scenario& s, double stageForwardS, double stageBackwardS, double stageWeightGradS) {
    PipelineSpec spec = pipelineSpecFor(s);
    if (s.efficiency.mode != EfficiencyMode::Derived || s.parallel.pp <= 1)
        return spec;
    const double f = stageForwardS, w = stageWeightGradS, b = stageBackwardS - w;
    if (!(f > 0 && b >= 0 && w >= 0))
        return spec;
    spec.f = 1.0; // every chunk of the stage gets the same share: the ratios are the stage's
    spec.b = b / f;
    spec.w = w / f;
    return spec;
}

std::vector<StepPart> stepParts(const StepBreakdown& b, int zeroStage) {
    const char* dp = zeroStage == 0  ? "gradient all-reduce"
                     : zeroStage < 3 ? "reduce-scatter + all-gather"
                                     : "ZeRO-3 gathers";
    return {{"compute", "compute", b.compute},
            {"recompute", "recompute", b.recompute},
            {"tp_comm", "tensor-parallel comm.", b.tpComm},
            {"cp_comm", "context-parallel comm.", b.cpComm},
            {"ep_comm", "expert all-to-all", b.epComm},
            {"pp_p2p", "pipeline sends", b.ppP2p},
            {"pp_bubble", "bubble", b.ppBubble},
            {"dp_comm", dp, b.dpComm},
            {"optimizer", "optimizer step", b.optimizer},
            {"offload", "offload", b.offload}};
}

std::string stepSummary(const StepBreakdown& b, int zeroStage) {
    const double total = b.total();
    std::string out = "step " + formatFixed(total, total < 10 ? 2 : 1) + " s";
    if (!(total > 0))
        return out;
    std::vector<StepPart> parts = stepParts(b, zeroStage);
    std::stable_sort(parts.begin(), parts.end(),
                     [](const StepPart& x, const StepPart& y) { return x.seconds > y.seconds; });
    int shown = 0;
    for (const StepPart& p : parts) {
        const long share = std::lround(100.0 * p.seconds / total);
        if (shown == 3 || share < 1)
            break;
        out += (shown == 0 ? ": " : ", ") + std::to_string(share) + "% " + p.label;
        ++shown;
    }
    return out;
}

} // namespace tl::engine
