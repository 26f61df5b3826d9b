#pragma once
// Parameter counts and per-token work of a transformer's parts (seed 003 §2-§3; exact for the presets' published
// configs): attention (MHA and GQA, or DeepSeek's multi-head latent attention with its decoupled rotary part), the
// dense MLP, an MoE layer's shared experts, routed experts and router, the embedding and LM head, and the
// multi-token-prediction modules. Each part says which GPUs split it: tensor parallelism the dense parts, ep x etp the
// routed experts; the router stays whole on every rank.

#include "engine/scenario.h"

#include <array>

namespace tl::engine {

// One weight matrix a token passes through, x[in] -> y[out], and the dimension tensor parallelism splits (None: every
// TP rank runs it whole, as MLA's down-projections).
struct Matmul {
    enum class Split : unsigned char { None, Out, In };
    double in = 0, out = 0;
    Split split = Split::None;
};

// One transformer layer's parameters and multiply-adds per token, by part.
struct LayerCounts {
    double attention = 0;    // projections (+ biases, MLA's latent norms, sinks)
    double norms = 0;        // the two pre-norms and the per-head q/k norms
    double mlp = 0;          // the dense MLP, or an MoE layer's shared experts
    double routed = 0;       // every routed expert (0 in a dense layer)
    double routedActive = 0; // the routed experts one token uses
    double router = 0;       // router weights (+ bias)
    double attentionMatmul = 0, mlpMatmul = 0, routedMatmul = 0, routerMatmul = 0;
    double total() const { return attention + norms + mlp + routed + router; }
    double active() const { return attention + norms + mlp + routedActive + router; }
    double matmul() const { return attentionMatmul + mlpMatmul + routedMatmul + routerMatmul; }
    double tensorParallel() const { return attention + norms + mlp; } // what TP splits
};

// Parameters of a run of consecutive layers (a pipeline stage), by the group that splits them.
struct StageParams {
    double tensor = 0;  // attention, norms, dense MLP and shared experts: split over tp
    double experts = 0; // routed experts: split over ep x etp
    double router = 0;  // whole on every rank
    double total() const { return tensor + experts + router; }
};

// Counts as doubles: a shape derived from a raw parameter count may spread a fractional remainder over layers.
struct ModelCounts {
    double total = 0;     // the model's parameters (multi-token-prediction modules not included: they are `mtp`)
    double active = 0;    // parameters one token passes through (MoE: routed experts only), embedding included
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
    bool postNorms = false; // two more norms per layer (Gemma 2, 3): their inputs are saved and read like the others
    int experts = 0, activeExperts = 0;
    bool derived = false; // shape came from model.params by the shape rule

    // By part. Dense layers come first (model.moe.dense_layers), then MoE layers.
    LayerCounts dense, moe; // moe == dense for a dense model
    int denseLayers = 0, moeLayers = 0;
    double ffnWidth = 0;                     // a dense layer's MLP width
    double expertWidth = 0, sharedWidth = 0; // one routed expert's MLP width; the shared experts' width together
    // Attention geometry per token: query and key widths (heads x the q/k head width), value and output widths, and
    // what MLA keeps per token besides them (its two latents before and after their norms, and the rotary key).
    int qkHeadDim = 0, vHeadDim = 0;
    double kDim = 0, vDim = 0, oDim = 0, latent = 0;
    std::array<Matmul, 5> attentionMatmuls = {};
    int attentionMatmulCount = 0;
    // Sliding windows: layers that attend to at most `window` tokens (0: none).
    int window = 0, windowLayers = 0;
    // Multi-token prediction (DeepSeek-V3 §2.2): each module owns a transformer layer, the projection of the joined
    // hidden state and next embedding (2h -> h) and three norms; the embedding and the LM head are the model's own.
    int mtpLayers = 0;
    LayerCounts mtpLayer;      // its transformer layer (an MoE layer when the model has experts)
    double mtpExtra = 0;       // per module: the projection and the norms
    double mtpExtraMatmul = 0; // per module, per token: the projection
    double mtp = 0;            // all modules' own parameters
    double mtpActive = 0;

    double routedTotal() const { return moeLayers * moe.routed; }
    // Parameters of `count` consecutive layers from layer `first` (dense layers first).
    StageParams layerRange(int first, int count) const;
};

// Exact counts for a shape; when shape.params > 0 (a raw count, whose shape setField derived with shapeForParams),
// the layers' counts are scaled so that the total equals the requested parameter count exactly.
ModelCounts countModel(const ModelShape& shape);

// The documented shape rule (docs/formulas.md, "Shape from a parameter count"): a Llama-style decoder family.
ModelShape shapeForParams(double params);

} // namespace tl::engine
