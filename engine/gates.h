#pragma once
// The two gates that decide every plan (does it fit in memory, does it finish in time) and the small rules around
// them that every front shows: which gate binds, how many GPUs the plan needs, the memory kept free.

#include <cstdint>
#include <optional>

namespace tl::engine {

// The gate that needs more GPUs; None when the model-parallel group alone fits and finishes.
enum class Gate : std::uint8_t { None, Memory, Time };
// "none", "memory", "time": the ledger's time.binding_gate.
const char* gateName(Gate g);

// minGpusMemory: fewest GPUs that fit when only dp varies (nullopt when none does); minGpusCompute: fewest that
// finish in time; modelParallel: tp x pp x cp, the fewest GPUs any dp has.
Gate bindingGate(std::optional<std::int64_t> minGpusMemory, std::int64_t minGpusCompute, int modelParallel);
// The GPUs both gates ask for (the binding gate's count); nullopt when no number of replicas fits.
std::optional<std::int64_t> gpusNeeded(std::optional<std::int64_t> minGpusMemory, std::int64_t minGpusCompute);

// The share of a GPU's memory left free: 1 - total / capacity (negative when it does not fit).
double memoryHeadroom(double total, double capacity);
// The memory a layout may use when `headroom` (0 to 1) of the capacity is kept free.
double memoryLimit(double capacity, double headroom);

// Tensor parallelism that does not stay inside one node: more ranks than a node has, or a group that does not tile it.
bool tpSpansNodes(int tp, int gpusPerNode);

} // namespace tl::engine
