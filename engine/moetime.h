#pragma once
// A mixture-of-experts layer in the derived step time: the router, the routed experts' grouped matmuls on the
// busiest GPU, and the all-to-all that dispatches token copies to the experts' GPUs and combines them back, forward
// and backward, inside a node or across nodes, hidden behind compute where the schedule overlaps them.
// docs/formulas.md, "Mixture-of-experts step time", gives every formula, constant and source.

#include "engine/model.h"
#include "engine/scenario.h"

namespace tl::engine {

struct MoeConstants {
    double groupedFraction; // a grouped matmul of many small experts reaches this share of one dense matmul's rate
    double commSmShare;     // share of a GPU's SMs the all-to-all kernels take while compute overlaps them
    double linkFraction;    // share of NVLink and network bandwidth an all-to-all reaches
    double hostSyncS;       // GPU idle while the host waits for a dropless layer's token counts and issues its work
};
const MoeConstants& moeConstants();

// How the step model times a matmul on this GPU (engine/steptime.cpp hands in its own figures).
struct GemmRate {
    double peak = 1;     // FLOP/s at the matmuls' number format
    double hbm = 1;      // achieved bytes/s of memory-bound kernels
    double bytes = 2;    // bytes of one activation element
    double fraction = 1; // share of peak a large matmul reaches
    double halfDim = 0;  // the smallest dimension at which a matmul runs at half that share
};

// One MoE layer, one micro-batch, on the busiest GPU. Seconds unless named.
struct MoeLayerTime {
    double localExperts = 0;    // routed experts one GPU holds: experts / ep
    double copies = 0;          // token copies its experts take: T / tp x top-k x etp x the busiest expert's load
    double tokensPerExpert = 0; // copies / local experts: the grouped matmuls' M
    double expertForward = 0;   // grouped matmuls, expert activation, permute and unpermute
    double expertInputGrad = 0, expertWeightGrad = 0;
    double router = 0; // router matmul and top-k, forward (backward: 2 x)
    // Elements the grouped matmuls cast to FP8 when they run in FP8 (engine/steptime.cpp times them with the layers'
    // casts): their inputs and output gradients on the busiest GPU, and its local experts' weights.
    double castInputs = 0, castGradients = 0, castWeights = 0;
    // All-to-all: bytes one GPU sends per dispatch and per combine, the link and what one takes.
    double dispatchBytes = 0, combineBytes = 0;
    double intraBandwidth = 0, interBandwidth = 0; // achieved B/s inside a node and across nodes (0: not used)
    double offNodeShare = 0; // network crossings per token copy (hierarchical dispatch: one per other node)
    double latencyS = 0;
    double dispatchS = 0, combineS = 0;       // one forward dispatch, one forward combine
    double etpS = 0;                          // gathering the copies across the etp group (and scattering back), each
    double commForward = 0, commBackward = 0; // all-to-all (and etp) seconds per layer
    bool overlapped = false;                  // the schedule hides them behind another micro-batch's compute
    double exposedForward = 0, exposedBackward = 0; // what compute does not hide (with overlap: incl. the SMs lent)
    // Dropless routing: the host reads the token counts each forward before it can size the all-to-all and the
    // grouped matmuls; the GPU idles meanwhile unless another micro-batch's work is queued (overlap). In
    // exposedForward.
    double hostSyncS = 0;
};

// `otherForward` / `otherBackward`: the layer's remaining kernels (attention, shared experts, norms), forward and
// input + weight gradient, that an overlapping schedule can run beside the all-to-all.
MoeLayerTime moeLayerTime(const Scenario& s, const ModelCounts& m, const GemmRate& g, double otherForward,
                          double otherBackward, const MoeConstants& k = moeConstants());

// True when the schedule runs a forward and a backward chunk of two micro-batches side by side (DualPipe), so that
// one's all-to-all runs during the other's compute.
bool overlapsAllToAll(Schedule schedule);

// The network crossings (per token copy) and the NVLink share of an all-to-all over an expert group of `ep` ranks,
// `epPerNode` of them on each node: hierarchical dispatch crosses once per other node holding one of a token's k
// experts, alltoall sends each copy to its rank.
struct AllToAllShares {
    double nvlink = 0, network = 0;
};
AllToAllShares allToAllShares(EpDispatcher d, double ep, double epPerNode, int k);

// The bytes per element of a dispatched token copy: FP8 with one FP32 scale per 128 values when the matmuls run in
// FP8 with 1x128 block scaling (DeepSeek-V3 §3.3 quantizes before the dispatch) or the weights are FP8, else the
// activations' format (per-tensor, per-row and MX scaling quantize after it). The combine stays in 16-bit.
double dispatchElementBytes(const Scenario& s, double activationBytes);

} // namespace tl::engine
