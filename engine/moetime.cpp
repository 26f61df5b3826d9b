#include "engine/moetime.h"

#include "engine/memory.h"

#include <algorithm>
#include <cmath>

namespace tl::engine {
namespace {

// C[M x N] = A[M x K] B[K x N] for each of `groups` experts: compute at the grouped share of the matmul rate, which
// falls for thin shards as a dense matmul's does, plus reading every expert's operands and writing its result once.
double groupedGemm(const GemmRate& g, double groupedFraction, double M, double K, double N, double groups) {
    if (!(M > 0) || !(groups > 0))
        return 0.0;
    const double d = std::min({M, K, N});
    const double rate = g.peak * g.fraction * groupedFraction * d / (d + g.halfDim);
    return groups * (2.0 * M * K * N / rate + g.bytes * (M * K + K * N + M * N) / g.hbm);
}

} // namespace

const MoeConstants& moeConstants() {
    // groupedFraction: grouped matmuls of equal-sized experts run at 0.9 of a dense matmul of the same shape (an
    // assumption of this model, not fitted: docs/formulas.md). commSmShare: DeepSeek-V3 §3.2.2 keeps 20 of the
    // H800's 132 SMs for the all-to-all while DualPipe overlaps it with compute. linkFraction: DeepEP's published
    // H800 all-to-all figures, 153 of 160 GB/s on NVLink and 43 of 50 GB/s over 400 Gb/s InfiniBand, the lower.
    // hostSyncS: Megatron-Bridge's Nsight profile of Qwen3-30B-A3B on 16 H100s (dropless, EP16, one micro-batch of
    // 4,096 tokens, no overlap; docs/training/moe-optimization.md): the GPU was busy 22.821 s of a 24.714 s step,
    // 1.893 s idle over 48 layers x 64 micro-batches = 3,072 forward syncs: 0.6 ms each.
    static const MoeConstants k{0.9, 20.0 / 132.0, 0.86, 0.6e-3};
    return k;
}

AllToAllShares allToAllShares(EpDispatcher d, double ep, double epPerNode, int k) {
    AllToAllShares out;
    if (ep <= 1)
        return out;
    if (ep <= epPerNode) { // one node: every copy that leaves the GPU crosses NVLink
        out.nvlink = (ep - 1.0) / ep;
        return out;
    }
    if (d == EpDispatcher::AllToAll) { // each copy to its rank: NVLink to the node's other ranks, else the network
        out.nvlink = (epPerNode - 1.0) / ep;
        out.network = (ep - epPerNode) / ep;
        return out;
    }
    // Hierarchical: every copy that leaves the GPU crosses NVLink (directly or fanned out on the far node); a token
    // crosses the network once per other node holding one of its k experts.
    const double nodes = ep / epPerNode, kk = std::max(1, k);
    out.nvlink = (ep - 1.0) / ep;
    out.network = (nodes - 1.0) * (1.0 - std::pow(1.0 - 1.0 / nodes, kk)) / kk;
    return out;
}

bool overlapsAllToAll(Schedule schedule) {
    return schedule == Schedule::DualPipeV;
}

double dispatchElementBytes(const Scenario& s, double activationBytes) {
    const bool blockFp8 = s.precision.compute == NumberFormat::Fp8 && s.precision.fp8Recipe == Fp8Recipe::Blockwise;
    return s.precision.weights == NumberFormat::Fp8 || blockFp8 ? 1.0 + 4.0 / 128.0 : activationBytes;
}

MoeLayerTime moeLayerTime(const Scenario& s, const ModelCounts& m, const GemmRate& g, double otherForward,
                          double otherBackward, const MoeConstants& k) {
    const double linkFraction = k.linkFraction;
    MoeLayerTime out;
    if (m.experts <= 0)
        return out;
    const auto& par = s.parallel;
    const auto& hw = s.hardware;
    const double t = par.tp, ep = par.ep, etp = par.etp;
    const double T = double(s.data.microBatch) * s.data.seqLen / par.cp; // tokens one GPU attends over
    const double h = m.hidden, a = g.bytes;
    const double sent = T / t * m.activeExperts; // copies one GPU dispatches: its 1/tp share of the tokens
    const double load = routedLoad(m, s) / std::max(1, m.activeExperts); // busiest expert over the mean
    out.localExperts = double(m.experts) / ep;
    out.copies = sent * load * etp;
    out.tokensPerExpert = out.copies / out.localExperts;

    // Grouped matmuls: gate and up (or up alone), then down, on the expert width etp splits. Backward: input
    // gradient and weight gradient, each the forward's shape. The expert activation (SiLU x up, or GeLU) and the
    // permutes that sort copies by expert and back run at HBM speed.
    const double we = m.expertWidth / etp;
    const double up = (m.gated ? 2.0 : 1.0) * we;
    const double M = out.tokensPerExpert;
    const double gemms = groupedGemm(g, k.groupedFraction, M, h, up, out.localExperts) +
                         groupedGemm(g, k.groupedFraction, M, we, h, out.localExperts);
    const double activation = out.copies * we * (m.gated ? 3.0 : 2.0) * a / g.hbm;
    const double permute = 2.0 * 2.0 * out.copies * h * a / g.hbm;
    out.expertForward = gemms + activation + permute;
    out.expertInputGrad = gemms + 1.5 * (activation + permute);
    out.expertWeightGrad = gemms;
    out.castInputs = out.copies * (h + we);
    out.castGradients = out.copies * (h + up);
    out.castWeights = out.localExperts * (h * up + we * h);
    // Router: logits for every expert in FP32 over this GPU's tokens, softmax (or sigmoid) and top-k through HBM.
    const double tokens = T / t;
    out.router = 2.0 * tokens * h * m.experts / (g.peak * g.fraction) + 3.0 * 4.0 * tokens * m.experts / g.hbm;

    // All-to-all: each GPU sends its copies to the ep ranks of its expert group (etp innermost, then ep: a block of
    // ep x etp consecutive GPUs) and takes the busiest expert's share back; (ep - 1) / ep of them leave the GPU.
    // Forward: dispatch (FP8 when the matmuls are) and combine (16-bit); backward: the same two with gradients, in
    // 16-bit. Inside a node they run on NVLink. Across nodes a token crosses the network once per other node that
    // holds one of its experts and NVLink fans it out there (hierarchical dispatch, as DeepSeek-V3 §3.2.2 and
    // DeepEP do): with top-k experts spread evenly over n nodes that is (n - 1) x (1 - (1 - 1/n)^k) crossings per
    // token instead of k x (n - 1) / n. NVLink and the network work at once; the slower sets the time.
    const double ebytes = dispatchElementBytes(s, a);
    out.dispatchBytes = sent * h * ebytes;
    out.combineBytes = sent * h * a;
    const double group = ep * etp, node = hw.gpusPerNode;
    const double epPerNode = std::max(1.0, std::min(ep, std::floor(node / etp)));
    out.intraBandwidth = hw.intraNodeGbps * 1e9 * linkFraction;
    const AllToAllShares shares = allToAllShares(par.epDispatcher, ep, group > node ? epPerNode : ep, m.activeExperts);
    const double intraShare = shares.nvlink;
    if (group > node) {
        out.offNodeShare = shares.network;
        out.interBandwidth = hw.interNodeGbps * 1e9 * linkFraction;
        out.latencyS = hw.interNodeLatencyUs * 1e-6;
    } else {
        out.latencyS = hw.intraNodeLatencyUs * 1e-6;
    }
    auto allToAll = [&](double bytes) {
        if (ep <= 1)
            return 0.0;
        const double inside = bytes * load * intraShare / out.intraBandwidth;
        const double across = out.interBandwidth > 0 ? bytes * load * out.offNodeShare / out.interBandwidth : 0.0;
        return std::max(inside, across) + out.latencyS;
    };
    out.dispatchS = allToAll(out.dispatchBytes);
    out.combineS = allToAll(out.combineBytes);
    // Expert tensor parallelism: the etp ranks of an expert all take the same copies (an all-gather after the
    // dispatch, a reduce-scatter before the combine), on NVLink when the group fits in a node.
    if (etp > 1) {
        const double bw = etp <= node ? out.intraBandwidth : std::min(out.intraBandwidth, out.interBandwidth);
        out.etpS = (etp - 1.0) / etp * out.copies * h * a / bw + (etp - 1.0) * out.latencyS;
    }
    const double combineBackward = allToAll(out.combineBytes); // the combine's gradient goes out like a dispatch
    out.commForward = out.dispatchS + out.combineS + 2.0 * out.etpS;
    out.commBackward = combineBackward + out.combineS + 2.0 * out.etpS;

    // Overlap (DualPipe): a forward chunk of one micro-batch runs beside a backward chunk of another, so the pair's
    // all-to-all hides behind the pair's compute, which runs on the SMs the communication leaves. What shows is the
    // slower of the two less the compute alone, unless that costs more than not overlapping at all.
    const bool dualPipe = overlapsAllToAll(par.schedule);
    out.overlapped = (dualPipe || par.epCommOverlap) && ep > 1;
    if (out.overlapped && !dualPipe) {
        // Megatron-Core's overlap (overlap_moe_expert_parallel_comm, combined 1F1B) pairs one micro-batch's forward
        // layer with another's backward layer in three steps, communication on its own stream:
        //   combine gradient out         | attention + router forward
        //   dispatch forward, then the dispatch's gradient back | experts' input gradient, weight gradient, forward
        //   combine forward              | router + attention backward
        // Each pair takes the longer of its communication c and its compute w, the compute on the SMs the
        // communication leaves while both run: max(c, w + share x c). The second step's two transfers each wait
        // for their own compute (the forward experts for the dispatch, the gradient's dispatch for the input
        // gradient): two pairs.
        const double share = k.commSmShare;
        auto exposed = [&](double c, double w) { return std::max(c, w + share * c) - w; };
        const double gatherEtp = out.etpS; // the etp all-gather (or reduce-scatter) that follows each transfer
        const double b1 = exposed(combineBackward + gatherEtp, otherForward + out.router);
        const double f2 = exposed(out.dispatchS + gatherEtp, out.expertInputGrad);
        const double b2 = exposed(out.combineS + gatherEtp, out.expertWeightGrad + out.expertForward);
        const double f3 = exposed(out.combineS + gatherEtp, otherBackward + 2.0 * out.router);
        out.exposedForward = f2 + f3;
        out.exposedBackward = b1 + b2;
    } else if (out.overlapped) {
        const double compute = otherForward + otherBackward + out.router * 3.0 + out.expertForward +
                               out.expertInputGrad + out.expertWeightGrad;
        const double comm = out.commForward + out.commBackward;
        const double exposed = std::min(comm, std::max(compute / (1.0 - k.commSmShare), comm) - compute);
        out.exposedForward = exposed * out.commForward / comm;
        out.exposedBackward = exposed - out.exposedForward;
    } else {
        out.exposedForward = out.commForward;
        out.exposedBackward = out.commBackward;
    }
    // Dropless routing (no capacity factor): the host copies each layer's token counts from the GPU and waits for
    // them before it sizes the all-to-all and the grouped matmuls (Megatron-Core's alltoall dispatcher syncs
    // "before_ep_alltoall"; DeepEP's and HybridEP's normal dispatch likewise), so the GPU drains and idles until the
    // host has issued the next kernels. With an overlapping schedule the other micro-batch's backward is queued on
    // the GPU meanwhile: hidden. A capacity factor pads every expert to a known size: no sync.
    if (s.model.moe.capacityFactor <= 0 && !out.overlapped) {
        out.hostSyncS = k.hostSyncS;
        out.exposedForward += out.hostSyncS;
    }
    return out;
}

} // namespace tl::engine
