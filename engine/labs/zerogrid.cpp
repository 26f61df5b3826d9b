#include "engine/labs/zerogrid.h"

namespace tl::engine::labs {

double ZeroGrid::statePerRank() const {
    double sum = 0;
    for (const ZeroRow& r : rows)
        sum += r.bytesPerRank;
    return sum;
}

ZeroGrid zeroGrid(const Scenario& s, const Ledger& l) {
    const ParallelSpec& p = s.parallel;
    ZeroGrid g;
    g.stage = p.zero;
    g.dp = p.dp;
    g.cp = p.cp;
    g.ranks = p.dp * p.cp;
    g.modelParallel = p.tp * p.pp;
    g.memoryStage = l.memory.stage;
    const auto shards = [&](int fromStage) { return p.zero >= fromStage ? g.ranks : 1; };
    const MemoryLedger& m = l.memory;
    g.rows[0] = {TrainingState::Weights, "memory.weights", shards(3), m.weights, 0};
    g.rows[1] = {TrainingState::Gradients, "memory.gradients", shards(2), m.gradients, 0};
    g.rows[2] = {TrainingState::Master, "memory.master_weights", shards(1), m.masterWeights, 0};
    g.rows[3] = {TrainingState::Optimizer, "memory.optimizer", shards(1), m.optimizer, 0};
    // Offload moves the master copy and optimizer state off the GPU; the Ledger carries their sum, split here in
    // proportion to their bytes per parameter.
    const double moved = l.state.masterBytesPerParam + l.state.optimizerBytesPerParam;
    if (m.offloadedPerGpu > 0 && moved > 0) {
        g.rows[2].hostBytesPerRank = m.offloadedPerGpu * l.state.masterBytesPerParam / moved;
        g.rows[3].hostBytesPerRank = m.offloadedPerGpu * l.state.optimizerBytesPerParam / moved;
    }
    return g;
}

std::array<ZeroGrid, 4> zeroGrids(const Scenario& s, const std::array<Ledger, 4>& ledgers) {
    std::array<ZeroGrid, 4> out;
    for (int k = 0; k < 4; ++k) {
        Scenario at = s;
        at.parallel.zero = k;
        out[k] = zeroGrid(at, ledgers[k]);
    }
    return out;
}

} // namespace tl::engine::labs
