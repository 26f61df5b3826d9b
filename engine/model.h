#pragma once
// Parameter counts from an architecture (seed 003 §2-§3; exact for the presets' published configs).

#include "engine/scenario.h"

namespace tl::engine {

// Counts as doubles: a shape derived from a raw parameter count may spread a fractional remainder over layers.
struct ModelCounts {
    double total = 0;
    double active = 0;    // parameters one token passes through (MoE: routed experts only)
    double embedding = 0; // token embedding + learned positions
    double lmHead = 0;    // separate output projection; 0 when tied
    double finalNorm = 0;
    double layersTotal = 0;  // all transformer layers together
    double layersActive = 0; // the same, counting only the experts a token uses
    double layerMatmuls = 0; // multiply-adds per token in all layers' matrices (active experts only)
    double lmHeadMatmul = 0; // multiply-adds per token in the LM head: vocab x hidden, tied or not
    double largestLayer = 0; // parameters of the largest layer (ZeRO-3 gathers a layer at a time)
    // Dimensions the attention and activation accounting needs.
    int layers = 0, hidden = 0, heads = 0, kvHeads = 0, headDim = 0, vocab = 0;
    int qDim = 0, kvDim = 0;
    double mlpWidth = 0; // per-token MLP intermediate width summed over active experts (+ shared): can pass 2^31
    bool gated = true, qkNorm = false;
    int experts = 0, activeExperts = 0;
    bool derived = false; // shape came from model.params by the shape rule
};

// Exact counts for a shape; when shape.params > 0 (a raw count, whose shape setField derived with shapeForParams),
// the layers' counts are scaled so that the total equals the requested parameter count exactly.
ModelCounts countModel(const ModelShape& shape);

// The documented shape rule (docs/formulas.md, "Shape from a parameter count"): a Llama-style decoder family.
ModelShape shapeForParams(double params);

} // namespace tl::engine
