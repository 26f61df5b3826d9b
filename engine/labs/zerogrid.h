#pragma once
// ZeRO as a grid (seed 000 §5, seed 004 step 5): which data-parallel rank holds which shard of the weights,
// gradients, FP32 master copy and optimizer state at a ZeRO stage, with the bytes per rank read from the scenario's
// Ledger, so that the grid and the memory view show the same figures from the same engine call.

#include "engine/ledger.h"
#include "engine/scenario.h"

#include <array>

namespace tl::engine::labs {

enum class TrainingState { Weights, Gradients, Master, Optimizer };

struct ZeroRow {
    TrainingState state = TrainingState::Weights;
    const char* key = "";        // the memory ledger key: "memory.weights", ...
    int shards = 1;              // 1: every rank holds the whole (TP x PP) slice; n: rank r holds shard r of n
    double bytesPerRank = 0;     // on the GPU: the Ledger's memory figure
    double hostBytesPerRank = 0; // moved to host memory or NVMe by offload.optimizer
};

struct ZeroGrid {
    int stage = 0; // parallel.zero
    int dp = 1, cp = 1;
    int ranks = 1;         // the data-parallel group ZeRO shards over: dp x cp
    int modelParallel = 1; // tp x pp: how many such groups, each sharding its own slice of the model
    int memoryStage = 0;   // the pipeline stage the Ledger's figures belong to (its most loaded one)
    std::array<ZeroRow, 4> rows;
    double statePerRank() const; // the four rows' GPU bytes
};

// The grid of scenario s at its own parallel.zero, from l = evaluate(s). Rank r of the group holds shard r of
// every sharded row; stage 1 shards the optimizer state and master copy, stage 2 also the gradients, stage 3 also
// the weights.
ZeroGrid zeroGrid(const Scenario& s, const Ledger& l);

// The grids at ZeRO 0..3: ledgers[k] must be evaluate(s with parallel.zero = k) (the memory view's comparison bars).
std::array<ZeroGrid, 4> zeroGrids(const Scenario& s, const std::array<Ledger, 4>& ledgers);

} // namespace tl::engine::labs
