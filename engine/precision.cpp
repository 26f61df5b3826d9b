#include "engine/precision.h"

#include <algorithm>

namespace tl::engine {

double formatBytes(std::string_view f) {
    if (f == "fp32")
        return 4;
    if (f == "bf16" || f == "fp16")
        return 2;
    if (f == "fp8")
        return 1;
    if (f == "none")
        return 0;
    return -1;
}

double optimizerBytes(std::string_view o, int hidden) {
    if (o == "adam")
        return 8;
    if (o == "adam-8bit")
        return 2;
    if (o == "sgd-momentum")
        return 4;
    if (o == "adafactor")
        return hidden > 0 ? 8.0 / hidden : 0.0;
    if (o == "none")
        return 0;
    return -1;
}

StateBytes stateBytes(const PrecisionSpec& p, int hidden) {
    StateBytes b;
    b.weights = std::max(0.0, formatBytes(p.weights));
    b.grads = std::max(0.0, formatBytes(p.grads));
    b.master = std::max(0.0, formatBytes(p.master));
    b.optimizer = std::max(0.0, optimizerBytes(p.optimizer, hidden));
    return b;
}

const std::vector<PrecisionRecipe>& precisionRecipes() {
    static const std::vector<PrecisionRecipe> recipes = {
        {"mixed-16",
         "Mixed BF16 + FP32 master, Adam (16 B/param)",
         {"bf16", "bf16", "fp32", "adam"},
         "Seed 000 §3: 2 + 2 + 4 + 4 + 4 bytes."},
        {"mixed-18",
         "Mixed BF16, FP32 grads + master, Adam (18 B/param)",
         {"bf16", "fp32", "fp32", "adam"},
         "Seed 003 §3: FP32 gradients make it 18 bytes."},
        {"fp16-12",
         "FP16 weights + grads, Adam, no master (12 B/param)",
         {"fp16", "fp16", "none", "adam"},
         "Seed 004's calculator: its 'mixed' 84 GB for 7B has no FP32 master copy."},
        {"fp32-16",
         "FP32 weights + grads, Adam (16 B/param)",
         {"fp32", "fp32", "none", "adam"},
         "Plain FP32 training: as large as mixed-16, because the master copy takes back what BF16 saved."},
    };
    return recipes;
}

const PrecisionRecipe* matchRecipe(const PrecisionSpec& p) {
    for (const auto& r : precisionRecipes())
        if (r.spec.weights == p.weights && r.spec.grads == p.grads && r.spec.master == p.master &&
            r.spec.optimizer == p.optimizer)
            return &r;
    return nullptr;
}

} // namespace tl::engine
