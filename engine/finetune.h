#pragma once
// Fine-tuning with frozen weights (docs/formulas.md, "Fine-tuning"): LoRA adapters (Hu et al. 2021) beside every
// target matrix, r x (in + out) parameters each, trained with their own gradients, master copy and optimizer state,
// while the base model's weights stay frozen in precision.base's format: 16-bit, 8-bit with one FP32 scale per row
// (Dettmers et al. 2022), or QLoRA's NF4 with 64-element blocks whose scales are themselves quantized to 8 bits in
// blocks of 256 (double quantization, Dettmers et al. 2023).

#include "engine/model.h"
#include "engine/scenario.h"

#include <array>

namespace tl::engine {

// Bytes one frozen matrix element takes in the base format, block scales included (hidden: a row's length, for the
// 8-bit format's per-row scale).
double baseFormatBytes(BaseFormat format, int hidden);

// The base format a scenario's frozen matrices use: precision.base, except that qlora reads bf16 as nf4.
BaseFormat effectiveBase(const FinetuneSpec& f);

// One adapted matrix shape of a layer, `count` times per layer (in -> out as the base matrix).
struct AdapterMatrix {
    double in = 0, out = 0, count = 0;
};

// One layer's adapters and frozen matrices.
struct LayerFinetune {
    double tensor = 0;       // adapter parameters TP splits (attention, dense MLP, shared experts)
    double routed = 0;       // adapter parameters of the routed experts (split over ep x etp)
    double active = 0;       // adapter multiply-adds one token passes (= parameters it passes)
    double passes = 0;       // adapted matrices one token passes (each keeps an r-wide activation)
    double linearTensor = 0; // frozen matrix elements TP splits (quantized under int8 / nf4)
    double linearRouted = 0; // frozen matrix elements of the routed experts
    double total() const { return tensor + routed; }
};

struct FinetuneCounts {
    bool frozen = false;    // lora or qlora: the base weights get no gradient
    bool quantized = false; // the base format is int8 or nf4: matrices are dequantized before each matmul
    double rank = 0;
    double baseBytes = 2;          // bytes per frozen matrix element
    double otherBytes = 2;         // bytes per other frozen parameter (embedding, LM head, norms, biases, router)
    LayerFinetune dense, moe, mtp; // mtp: one multi-token-prediction module (its layer and its projection)
    double adapters = 0;           // every adapter parameter of the model (params.trainable)
    double activePerToken = 0;     // adapter multiply-adds per token, all layers
    double frozenBytes = 0;        // the whole frozen model in its formats
    // The adapted matrices of one average layer as the step-time model sees it (the MLP at its active width).
    std::array<AdapterMatrix, 8> matrices = {};
    int matrixCount = 0;
};

FinetuneCounts finetuneCounts(const Scenario& s, const ModelCounts& m);

} // namespace tl::engine
