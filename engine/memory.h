#pragma once
// Per-GPU memory: training state sharded by TP, PP and ZeRO over DP x CP (seed 000 §5 and §7, seed 001),
// transformer activations after Korthikanti et al. 2022, LM-head logits, and a buffers allowance (docs/formulas.md).

#include "engine/finetune.h"
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
    // The routed experts' share of the four state figures above: they split over ep x etp, and ZeRO shards them over
    // the expert data-parallel group, tp x cp x dp / (ep x etp).
    double expertWeights = 0, expertGradients = 0, expertMaster = 0, expertOptimizer = 0;
    // The operands the figures above were computed from, kept for explanations (engine/explain.cpp).
    double params = 0;        // parameters this stage owns before TP and EP split them (routed experts included)
    double expertParams = 0;  // of which routed experts
    double routerParams = 0;  // and routers, whole on every TP rank (the rest TP splits)
    double shard = 1;         // ZeRO's data-parallel group, dp x cp
    double expertShard = 1;   // ZeRO's group for routed experts: tp x cp x dp / (ep x etp)
    double layersOnStage = 0; // transformer layers on this stage
    double layerStored = 0, layerWorking = 0; // one average layer of this stage, per micro-batch
    bool holdsHead = false;
    double bufBuckets = 0, bufGather = 0, bufTpGather = 0;
    double bufDispatch = 0; // one MoE layer's all-to-all send and receive buffers
    // Fine-tuning with frozen weights: the frozen base weights on this GPU (inside weights), and the 16-bit copy of
    // one quantized layer's matrices that the matmuls read (inside buffers).
    double frozen = 0, bufDequant = 0;
    double adapters = 0, expertAdapters = 0; // adapter parameters on this GPU before ZeRO (TP-split, routed experts)
    double frozenLocal = 0, expertFrozenLocal = 0; // frozen weight bytes on this GPU before ZeRO-3
    // FP8 copies (inside weights): bytes per parameter, and the linear-matmul parameters on this GPU they copy.
    double fp8CopyBytes = 0, fp8CopyParams = 0;
    double activations() const { return activationsLayers + activationsLogits; }
    double expertState() const { return expertWeights + expertGradients + expertMaster + expertOptimizer; }
    double total() const { return weights + gradients + master + optimizer + activations() + buffers; }
};

// Bytes one transformer layer keeps for the backward pass of one micro-batch on one GPU.
struct LayerActivations {
    double stored = 0;  // what the layer keeps between forward and backward under the recompute policy
    double working = 0; // everything the layer holds at once without recompute (its peak while recomputing)
};
// A dense layer, or an MoE layer (its shared experts, router and the routed experts' share of the tokens).
LayerActivations layerActivations(const ModelCounts& m, const Scenario& s, bool moeLayer = false);

// Bytes per logit the LM head keeps for the loss: 4 (FP32), or the activation format with a fused cross-entropy.
double logitBytes(const Scenario& s);
// Token copies the busiest GPU's routed experts take per micro-batch and per token of its own: top-k x the busiest
// expert's load over the mean (model.moe.router_balance, capped by model.moe.capacity_factor when it is set).
double routedLoad(const ModelCounts& m, const Scenario& s);

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
        // Stage 1 when the first stage holds dense layers of an MoE model (a stage of MoE layers alone may weigh
        // more), counted with stage 0's in-flight micro-batches (an upper bound); == first otherwise.
        MemoryBreakdown middle;
    };
    Ends ends(int dp) const;
    // The largest dp whose pipelines still hold the schedule's full in-flight count (every dp up to it has enough
    // micro-batches per replica): up to it each end stage's memory is F + S / dp. 0 when even one replica falls
    // short (always for GPipe, whose count grows with every micro-batch).
    int steadyUpTo() const;
    const FinetuneCounts& finetune() const { return m_ft; } // finetuneCounts(s, m)

private:
    // A pipeline stage's figures that do not depend on dp.
    struct End {
        int index = 0;
        StageParams params;                                       // before TP and EP split them
        double weights = 0, grads = 0, master = 0, optimizer = 0; // bytes of the TP-split parts and the router
        double expertWeights = 0, expertGrads = 0, expertMaster = 0, expertOptimizer = 0; // routed experts
        double buckets = 0;             // the gradient buckets once dp x cp > 1
        double layers = 0;              // transformer layers (and MTP modules)
        double stored = 0, working = 0; // activations of all its layers per micro-batch; the largest layer's peak
        bool holdsHead = false;
        bool used = false;
        double frozen = 0, expertFrozen = 0;     // frozen base weights (lora, qlora), inside weights / expertWeights
        double adapters = 0, expertAdapters = 0; // adapter parameters on this GPU before ZeRO
        double castLocal = 0; // linear-matmul parameters on this GPU (after TP and EP) that FP8 copies duplicate
    };
    // `castable`: the parameters of `params.tensor` in the layers' linear matmuls (not the embedding or the head),
    // which FP8 recipes that keep weight copies hold in FP8 too.
    End end(int index, StageParams params, double castable, int denseLayers, int moeLayers, int mtp,
            bool holdsHead) const;
    MemoryBreakdown stage(const End& e, double inFlightUnits, double shard) const;
    // lora / qlora: the stage's frozen weights in their formats and the adapters' training state.
    void frozenState(End& e, int denseLayers, int moeLayers, int mtp) const;

    const Scenario& m_scenario;
    StateBytes m_bytes;
    InFlightGrowth m_inFlight;
    LayerActivations m_dense, m_moe, m_mtp;
    End m_first, m_last, m_middle; // m_middle: a stage of MoE layers only, when the first one holds dense layers
    double m_layersPerStage = 0, m_logits = 0, m_gather = 0, m_tpGather = 0, m_dispatch = 0, m_expertSplit = 1;
    FinetuneCounts m_ft;
    double m_dequant = 0;
    double m_fp8Copies = 0; // bytes per parameter of FP8 weight copies kept across micro-batches
    int m_stages = 1, m_cp = 1, m_zero = 0;
    bool m_offload = false, m_fullRecompute = false;
    bool m_rebuildsLayer = false; // full and per-op recompute rebuild one layer's activations during its backward
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
