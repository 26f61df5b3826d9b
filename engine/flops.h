#pragma once
// Itemized training FLOPs (seed 003 §2 and §4): matmuls 2mkn, causal attention over packed documents (or within a
// sliding window), the LM head, multi-token-prediction modules, backward = 2 x forward, recompute as extra hardware
// FLOPs.

#include "engine/model.h"
#include "engine/scenario.h"

#include <array>
#include <vector>

namespace tl::engine {

// One layer's matmuls in the order a token passes them, as torchtitan's per-op selective recompute counts its mm
// calls (activations.recompute = selective_op): Q, K, V and the output projection (MLA: its projections in order), then
// the MLP's gate, up and down (ungated: up and down) on `mlpWidth`. Of these, the 2nd, 4th, ... run again in backward;
// the others' outputs are kept, the last one's not (only the residual add reads it).
struct LayerMatmulOrder {
    std::array<Matmul, 8> mm = {};
    int count = 0;
    static bool recomputed(int i) { return i % 2 == 1; }
    double recomputedMultiplyAdds() const; // per token, whole (before TP)
};
LayerMatmulOrder layerMatmulOrder(const ModelCounts& m, double mlpWidth);

// Causal attention pairs of documents packed into one sequence: sum of d(d+1)/2.
double causalPairs(const std::vector<int>& documents, int seqLen);
// The same when a token attends to at most `window` tokens, itself included: a document of d > w tokens has
// w(w+1)/2 + (d - w) w pairs.
double windowPairs(const std::vector<int>& documents, int seqLen, int window);

struct FlopsBreakdown {
    double layerMatmuls = 0;  // forward, per sequence
    double attention = 0;     // forward QK^T + AV over causal pairs (windowed layers: within the window), per sequence
    double attentionFull = 0; // the same over full s^2 (s x window on windowed layers: Megatron / PaLM MFU convention)
    double lmHead = 0;        // forward, per sequence
    double mtp = 0;           // multi-token-prediction modules: their layers, projections and LM-head passes
    double mtpLmHead = 0;     // the LM-head passes inside mtp
    double pairs = 0;         // causal pairs of one full-attention layer
    double windowPairs = 0;   // pairs of one windowed layer (0 without a window)
    double perOpMatmuls = 0;  // the matmuls per-op recompute runs again (layerMatmulOrder), forward, per sequence
    double forward() const { return layerMatmuls + attention + lmHead + mtp; }
};

FlopsBreakdown forwardFlops(const ModelCounts& m, const DataSpec& d);

// Extra forward work per sequence that activation recompute adds on the hardware (not model FLOPs).
double recomputeFlops(const FlopsBreakdown& f, const ActivationSpec& a);

} // namespace tl::engine
