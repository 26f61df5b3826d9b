#pragma once
// Per-GPU memory: training state sharded by TP, PP and ZeRO over DP x CP (seed 000 §5 and §7, seed 001),
// transformer activations after Korthikanti et al. 2022, LM-head logits, and a buffers allowance (docs/formulas.md).

#include "engine/layout.h"
#include "engine/model.h"
#include "engine/pipeline_sim.h"
#include "engine/precision.h"
#include "engine/scenario.h"

namespace tl::engine {

struct MemoryBreakdown {
    double weights = 0, gradients = 0, master = 0, optimizer = 0;
    double activationsLayers = 0, activationsLogits = 0, buffers = 0;
    double offloaded = 0; // optimizer state (and master copy) moved off the GPU
    double inFlight = 0;  // micro-batches held, in units of one stage's layers
    int stage = 0;
    // The operands the figures above were computed from, kept for explanations (engine/explain.cpp).
    double params = 0;        // parameters this stage owns before TP splits them
    double shard = 1;         // ZeRO's data-parallel group, dp x cp
    double layersOnStage = 0; // transformer layers on this stage
    double layerStored = 0, layerWorking = 0;
    bool holdsHead = false;
    double bufBuckets = 0, bufGather = 0, bufTpGather = 0;
    double activations() const { return activationsLayers + activationsLogits; }
    double total() const { return weights + gradients + master + optimizer + activations() + buffers; }
};

// Bytes one transformer layer keeps for the backward pass of one micro-batch on one GPU.
struct LayerActivations {
    double stored = 0;  // what the layer keeps between forward and backward under the recompute policy
    double working = 0; // everything the layer holds at once without recompute (its peak while recomputing)
};
LayerActivations layerActivations(const ModelCounts& m, const Scenario& s);

// Peak in-flight micro-batches (in stage units) for the schedule on rank 0 and on the last rank.
struct InFlight {
    double first = 1, last = 1;
};
InFlight inFlightMicroBatches(PipelineSpec spec, int microBatches);

// Per-GPU memory as a function of dp: what does not depend on dp is worked out once, so that the memory gate can
// try many data-parallel degrees cheaply.
class MemoryModel {
public:
    MemoryModel(const Scenario& s, const ModelCounts& m, const StateBytes& b);
    MemoryBreakdown at(int dp) const; // the most loaded stage
    double total(int dp) const;       // at(dp).total(), for searches that need only the figure
    struct Ends {
        MemoryBreakdown first, last; // last == first without a pipeline
    };
    Ends ends(int dp) const;
    // The largest dp whose pipelines still hold the schedule's full in-flight count (every dp up to it has enough
    // micro-batches per replica): up to it each end stage's memory is F + S / dp. 0 when even one replica falls
    // short (always for GPipe, whose count grows with every micro-batch).
    int steadyUpTo() const;

private:
    // A first or last stage's figures that do not depend on dp.
    struct End {
        int index = 0;
        double params = 0;                                        // before TP splits them
        double weights = 0, grads = 0, master = 0, optimizer = 0; // bytes before ZeRO shards them
        double buckets = 0;                                       // the gradient buckets once dp x cp > 1
        bool holdsHead = false;
    };
    End end(int index, double params, bool holdsHead) const;
    MemoryBreakdown stage(const End& e, double inFlightUnits, double shard) const;

    const Scenario& m_scenario;
    StateBytes m_bytes;
    LayerActivations m_layer;
    InFlightGrowth m_inFlight;
    End m_first, m_last;
    double m_layersPerStage = 0, m_logits = 0, m_gather = 0, m_tpGather = 0;
    int m_stages = 1, m_cp = 1, m_zero = 0;
    bool m_offload = false, m_fullRecompute = false;
};

// The most loaded pipeline stage's per-GPU memory when the data-parallel degree is dp (which also sets the
// micro-batches per pipeline, and so the schedule's in-flight count).
MemoryBreakdown perGpuMemory(const Scenario& s, const ModelCounts& m, const StateBytes& b, int dp);

// Buffers allowance constants (docs/formulas.md, "Buffers").
inline constexpr double kRuntimeReserveBytes = 1e9; // CUDA context, cuBLAS and NCCL workspaces
inline constexpr double kGradBucketElements = 40e6; // Megatron's default DDP bucket size
inline constexpr double kAllocatorOverhead = 0.05;  // of activations: caching-allocator fragmentation

// Offload slowdown factors on the step time (seed 004 exercise 5: "optimizer step 30-50% slower").
double offloadSlowdown(const OffloadSpec& o);

} // namespace tl::engine
