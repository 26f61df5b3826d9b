#pragma once
// Bytes of training state per parameter from the precision recipe (seed 000 §3, seed 003 §3, seed 004 Step 5).

#include "engine/scenario.h"

#include <string_view>
#include <vector>

namespace tl::engine {

struct StateBytes {
    double weights = 0, grads = 0, master = 0, optimizer = 0;
    double total() const { return weights + grads + master + optimizer; }
};

// Bytes of one element of a numeric format; none is 0.
double formatBytes(NumberFormat format);

// Optimizer state bytes per parameter. Adam keeps two FP32 moments (8 B); 8-bit Adam two 1-byte moments (2 B);
// SGD with momentum one FP32 buffer (4 B); Adafactor (no momentum) a factored second moment, one FP32 row and
// column vector per h x h matrix, about 8/h bytes per parameter; none 0.
double optimizerBytes(Optimizer optimizer, int hidden);

StateBytes stateBytes(const PrecisionSpec& p, int hidden);

// Named recipes: the seeds' three accountings and plain FP32 training.
struct PrecisionRecipe {
    const char* id;
    const char* label;
    PrecisionSpec spec;
    const char* note;
};
const std::vector<PrecisionRecipe>& precisionRecipes();
// The recipe whose four keys equal p, or nullptr.
const PrecisionRecipe* matchRecipe(const PrecisionSpec& p);

} // namespace tl::engine
