#include "engine/precision.h"

#include <algorithm>

namespace tl::engine {

double formatBytes(NumberFormat f) {
    switch (f) {
    case NumberFormat::Fp32:
        return 4;
    case NumberFormat::Bf16:
    case NumberFormat::Fp16:
        return 2;
    case NumberFormat::Fp8:
        return 1;
    case NumberFormat::None:
        return 0;
    }
    return 0;
}

double optimizerBytes(Optimizer o, int hidden) {
    switch (o) {
    case Optimizer::Adam:
        return 8;
    case Optimizer::Adam8bit:
        return 2;
    case Optimizer::SgdMomentum:
        return 4;
    case Optimizer::Adafactor:
        return hidden > 0 ? 8.0 / hidden : 0.0;
    case Optimizer::None:
        return 0;
    }
    return 0;
}

StateBytes stateBytes(const PrecisionSpec& p, int hidden) {
    StateBytes b;
    b.weights = formatBytes(p.weights);
    b.grads = formatBytes(p.grads);
    b.master = formatBytes(p.master);
    b.optimizer = optimizerBytes(p.optimizer, hidden);
    return b;
}

const std::vector<PrecisionRecipe>& precisionRecipes() {
    static const std::vector<PrecisionRecipe> recipes = {
        {"mixed-16",
         "Mixed BF16 + FP32 master, Adam (16 B/param)",
         {NumberFormat::Bf16, NumberFormat::Bf16, NumberFormat::Fp32, Optimizer::Adam},
         "Seed 000 §3: 2 + 2 + 4 + 4 + 4 bytes."},
        {"mixed-18",
         "Mixed BF16, FP32 grads + master, Adam (18 B/param)",
         {NumberFormat::Bf16, NumberFormat::Fp32, NumberFormat::Fp32, Optimizer::Adam},
         "Seed 003 §3: FP32 gradients make it 18 bytes."},
        {"fp16-12",
         "FP16 weights + grads, Adam, no master (12 B/param)",
         {NumberFormat::Fp16, NumberFormat::Fp16, NumberFormat::None, Optimizer::Adam},
         "Seed 004's calculator: its 'mixed' 84 GB for 7B has no FP32 master copy."},
        {"fp32-16",
         "FP32 weights + grads, Adam (16 B/param)",
         {NumberFormat::Fp32, NumberFormat::Fp32, NumberFormat::None, Optimizer::Adam},
         "Plain FP32 training: as large as mixed-16, because the master copy takes back what BF16 saved."},
    };
    return recipes;
}

const PrecisionRecipe* matchRecipe(const PrecisionSpec& p) {
    for (const auto& r : precisionRecipes())
        if (r.spec == p)
            return &r;
    return nullptr;
}

} // namespace tl::engine
