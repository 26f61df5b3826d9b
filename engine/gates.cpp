#include "engine/gates.h"

#include <algorithm>

namespace tl::engine {

const char* gateName(Gate g) {
    switch (g) {
    case Gate::Memory:
        return "memory";
    case Gate::Time:
        return "time";
    case Gate::None:
        break;
    }
    return "none";
}

Gate bindingGate(std::optional<std::int64_t> minGpusMemory, std::int64_t minGpusCompute, int modelParallel) {
    // No dp fits: memory needs more than any count (and more than the time gate's cap of 1e15).
    const double memoryNeed = minGpusMemory ? double(*minGpusMemory) : 1e16;
    const double timeNeed = double(minGpusCompute);
    if (std::max(memoryNeed, timeNeed) <= modelParallel)
        return Gate::None;
    return memoryNeed >= timeNeed ? Gate::Memory : Gate::Time;
}

std::optional<std::int64_t> gpusNeeded(std::optional<std::int64_t> minGpusMemory, std::int64_t minGpusCompute) {
    if (!minGpusMemory)
        return std::nullopt;
    return std::max(*minGpusMemory, minGpusCompute);
}

double memoryHeadroom(double total, double capacity) {
    return 1.0 - total / capacity;
}

double memoryLimit(double capacity, double headroom) {
    return capacity * (1.0 - headroom);
}

bool tpSpansNodes(int tp, int gpusPerNode) {
    return tp > gpusPerNode || (tp > 0 && gpusPerNode % tp != 0);
}

} // namespace tl::engine
