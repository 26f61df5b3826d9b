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
    static const MoeConstants k{0.9, 20.0 / 132.0, 0.86};
    return k;
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
    const double intraShare = (ep - 1.0) / ep;
    if (group > node) {
        const double nodes = ep / epPerNode, kk = std::max(1, m.activeExperts);
        out.offNodeShare = (nodes - 1.0) * (1.0 - std::pow(1.0 - 1.0 / nodes, kk)) / kk;
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
    out.overlapped = overlapsAllToAll(par.schedule) && ep > 1;
    if (out.overlapped) {
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
    return out;
}

} // namespace tl::engine
