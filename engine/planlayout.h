#pragma once
// A parallel layout: the keys a training framework lets you choose without changing the model, the data or the hardware
// (the layout planner's unit, engine/layoutplanner.h). Its own header so that the engine's messages can name one.

#include "engine/choices.h"

#include <compare>
#include <string>

namespace tl::engine {

struct Layout {
    int tp = 1, pp = 1, dp = 1, cp = 1;
    int zero = 0;
    bool sequenceParallel = false;
    Schedule schedule = Schedule::OneFOneB;
    int virtualStages = 1;
    int microBatch = 1;
    Recompute recompute = Recompute::None;
    Offload offload = Offload::None;
    int ep = 1, etp = 1; // expert parallelism, carved out of tp x cp x dp: no GPUs of its own

    long long gpus() const { return 1LL * tp * pp * dp * cp; }
    // Lexicographic in member order: the last tie-break of every ranking, so results never depend on threads.
    auto operator<=>(const Layout&) const = default;
};

// "tp 8 · pp 16 · dp 128 · ZeRO 1 · SP · interleaved x2 · micro-batch 1 · recompute selective" for tables and
// messages ("· ep 64", "· etp 2" when experts are split).
std::string describeLayout(const Layout& layout);

} // namespace tl::engine
