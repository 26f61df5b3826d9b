#pragma once
// Itemized training FLOPs (seed 003 §2 and §4): matmuls 2mkn, causal attention over packed documents,
// the LM head, backward = 2 x forward, recompute as extra hardware FLOPs.

#include "engine/model.h"
#include "engine/scenario.h"

#include <vector>

namespace tl::engine {

// Causal attention pairs of documents packed into one sequence: sum of d(d+1)/2.
double causalPairs(const std::vector<int>& documents, int seqLen);

struct FlopsBreakdown {
    double layerMatmuls = 0;  // forward, per sequence
    double attention = 0;     // forward QK^T + AV over causal pairs, per sequence
    double attentionFull = 0; // the same over full s^2 (Megatron / PaLM MFU convention)
    double lmHead = 0;        // forward, per sequence
    double pairs = 0;
    double forward() const { return layerMatmuls + attention + lmHead; }
};

FlopsBreakdown forwardFlops(const ModelCounts& m, const DataSpec& d);

// Extra forward work per sequence that activation recompute adds on the hardware (not model FLOPs).
double recomputeFlops(const FlopsBreakdown& f, const ActivationSpec& a);

} // namespace tl::engine
