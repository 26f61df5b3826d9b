#pragma once
// The engine's output: a plain value struct mirroring docs/contract.md §2.
// Base units everywhere: bytes, FLOPs, seconds, days, US dollars. Memory is per GPU unless named otherwise.

#include "engine/gates.h"
#include "engine/messages.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tl::engine {

struct ParamsLedger {
    std::int64_t total = 0;
    std::int64_t active = 0;
    std::int64_t embedding = 0;     // input embedding (+ learned positions)
    std::int64_t lmHead = 0;        // separate output projection (0 when tied)
    std::int64_t routedExperts = 0; // every routed expert of every MoE layer (inside total)
    std::int64_t mtp = 0;           // multi-token-prediction modules' own parameters (beside total)
    bool derivedShape = false;      // model.params was set: the shape comes from the documented rule
    std::int64_t trainable = 0;     // parameters that receive gradients: all (+ mtp) in full, the adapters in lora
};

struct FlopsLedger {
    double forwardPerSequence = 0; // itemized: matmuls + causal attention pairs + LM head
    double forwardLayerMatmuls = 0;
    double forwardAttention = 0; // QK^T and AV over causal pairs
    double forwardLmHead = 0;
    double forwardMtp = 0;          // multi-token-prediction modules: layers, projections and LM-head passes
    double backwardPerSequence = 0; // 2 x forward
    double trainingPerToken = 0;    // model FLOPs: (forward + backward) / seq_len
    double sixNdPerToken = 0;       // 6 x active parameters
    double sixNdPerSequence = 0;    // the same x seq_len: seed 003 §4.2's 6ND with D = one sequence
    double sixNdGap = 0;            // trainingPerToken / sixNdPerToken - 1
    double attentionPairsPerSequence = 0;
    double trainingPerTokenFullAttention = 0; // Megatron/PaLM convention: full s^2 attention
    double recomputePerToken = 0;             // extra hardware FLOPs from activation recompute
    double recomputeShare = 0;                // recomputePerToken / trainingPerToken
    double hardwarePerToken = 0;              // model + recompute
    double total = 0;                         // model FLOPs for all processed tokens
    // Fine-tuning with frozen weights: the adapters' forward (inside forwardPerSequence), and the rule of thumb
    // 4 N + 6 N_trainable per token that replaces 6N (0 in full training).
    double forwardAdapters = 0;
    double finetuneRulePerToken = 0;
};

struct StateLedger {
    double bytesPerParam = 0;
    double weightBytesPerParam = 0, gradBytesPerParam = 0, masterBytesPerParam = 0, optimizerBytesPerParam = 0;
    double weightBytes = 0, gradBytes = 0, masterBytes = 0, optimizerBytes = 0; // whole model, unsharded
    double totalBytes = 0;                                                      // unsharded state of the whole model
    double trainableWeightBytes = 0; // the trained weights alone: all of them in full, the adapters in lora
    double frozenWeightBytes = 0;    // lora / qlora: the frozen base model in its formats (0 in full)
};

struct MemoryLedger {
    double weights = 0, gradients = 0, masterWeights = 0, optimizer = 0, activations = 0, buffers = 0;
    double total = 0;
    double capacity = 0;
    bool fits = false;
    double state = 0;             // weights + gradients + master + optimizer on this GPU (no activations, no buffers)
    double statePerParam = 0;     // state / params.total: seed 000 §5's 16N, 7N, 5.5N, 4N
    int stage = 0;                // the most loaded pipeline stage these figures belong to
    double activationsLayers = 0; // transformer layers' share of activations
    double activationsLogits = 0; // LM-head logits and loss share
    double inFlightMicroBatches = 0; // on that stage, in units of a whole stage's layers
    double offloadedPerGpu = 0;      // optimizer state moved to host or NVMe
    double hostMemoryPerNode = 0;    // bytes of host RAM (or NVMe) a node needs for the offload
    double hostNeededPerNode = 0;    // CPU memory a node needs: CPU offload + an asynchronous checkpoint's copy
    bool hostFits = true;            // that fits hardware.host_memory_gb (and NVMe offload hardware.nvme_tb)
    // The routed experts' share of weights, gradients, master weights and optimizer state (inside those four).
    double expertWeights = 0, expertGradients = 0, expertMaster = 0, expertOptimizer = 0;
    double routedExperts = 0;   // their sum: the routed experts' training state on this GPU
    double dispatchBuffers = 0; // one MoE layer's all-to-all send and receive buffers (inside buffers)
    double frozenWeights = 0;   // lora / qlora: the frozen base weights (inside weights)
    double dequantBuffer = 0;   // qlora: one layer's matrices dequantized to 16 bits (inside buffers)
    bool operator==(const MemoryLedger&) const = default;
};

// Exposed seconds per optimizer step, by cause; they add up to the step.
struct StepBreakdown {
    double compute = 0;   // model FLOPs' kernels: matmuls, attention, memory-bound work, per-layer overhead
    double recompute = 0; // activation recompute's extra forward
    double tpComm = 0;    // tensor-parallel all-reduce / reduce-scatter + all-gather
    double cpComm = 0;    // context-parallel K/V ring, the part attention does not hide
    double epComm = 0;    // expert-parallel all-to-all (dispatch and combine), the part compute does not hide
    double ppP2p = 0;     // activations and gradients sent between stages
    double ppBubble = 0;  // idle pipeline time, from the schedule's closed form
    double dpComm = 0;    // gradient reduction and ZeRO gathers, the part backward does not hide
    double optimizer = 0; // the optimizer step on the GPU
    double offload = 0;   // PCIe traffic and the host (or NVMe) optimizer step
    double total() const {
        return compute + recompute + tpComm + cpComm + epComm + ppP2p + ppBubble + dpComm + optimizer + offload;
    }
    bool operator==(const StepBreakdown&) const = default;
};

struct TimeLedger {
    std::int64_t tokensPerStep = 0;
    std::int64_t steps = 0;
    double tokensProcessed = 0; // steps x tokens per step
    int gradientAccumulation = 0;
    int microBatchesPerStep = 0; // per pipeline: global / (micro x dp)
    double trainingDays = 0;     // deadline less reserve
    double stepBudgetS = 0;
    double requiredTokensPerS = 0; // inside deadline less reserve
    double requiredTokensPerSFullDeadline = 0;
    double tokensPerSPerGpu = 0;
    int gpus = 0;
    double stepTimeS = 0;
    double days = 0;          // compute only: no checkpoint, no fault
    double daysEffective = 0; // with checkpoints, lost work and restarts: the time gate compares this
    double gpuHours = 0;
    double offloadSlowdown = 1;
    std::int64_t minGpusCompute = 0;             // inside deadline less reserve
    std::int64_t minGpusComputeFullDeadline = 0; // inside the whole deadline
    std::optional<std::int64_t> minGpusMemory;   // only dp varies; nullopt when no dp fits
    std::int64_t minGpusState = 0;               // state alone, fully sharded (the seeds' "fits" count)
    bool finishes = false;
    Gate bindingGate = Gate::None; // the ledger prints it as "memory" | "time" | "none" (gateName)
    // The step (docs/contract.md §2): in fixed mode as efficiency.mfu implies, in derived mode from the hardware model.
    bool derived = false;
    double mfu = 0, hfu = 0; // model / hardware (recompute included) FLOPs per second over GPUs x peak
    StepBreakdown breakdown; // exposed seconds per step; they add up to stepTimeS
};

// One checkpoint and the run's faults (docs/formulas.md §13).
struct CheckpointLedger {
    double bytesWeights = 0; // the model weights alone
    double bytesFull = 0;    // everything resuming needs: weights, master copy, optimizer state
    double bytesPerGpu = 0;  // one GPU's share of the full checkpoint under the layout and ZeRO stage
    double writeS = 0;       // a full checkpoint at checkpoint.storage_gbps
    double blockingS = 0;    // what training waits for per checkpoint (async: the copy to host memory)
    double intervalS = 0;    // training seconds between checkpoints
    double hostPerNode = 0;  // host memory an asynchronous checkpoint's copy takes per node
};

struct GoodputLedger {
    double jobMtbfS = 0;          // the job's mean seconds between faults: GPU MTBF / GPUs
    double lostPerFaultS = 0;     // half an interval (+ the write in flight, async) + the restart
    double interruptions = 0;     // expected job-stopping faults over the run
    double fraction = 1;          // compute / wall time
    double reserveNeededDays = 0; // effective days - compute days: what checkpoints and faults take
    bool outpaced = false;        // faults come faster than the job recovers
};

struct CostLedger {
    double usd = 0;
};

struct PipelineLedger {
    double bubbleFraction = 0;  // idle share of the pipeline's total time
    double bubbleOverIdeal = 0; // (makespan - ideal) / ideal
    double peakInFlightStage0 = 0;
};

// Seed 003 §6: how a compute budget of C = 6ND would be split by the two scaling-law fits.
struct BudgetLedger {
    double compute6nd = 0; // 6 x active parameters x tokens, FLOPs
    double tokensPerParam = 0;
    double chinchillaParams = 0, chinchillaTokens = 0, chinchillaLoss = 0, planLossChinchilla = 0;
    double kaplanParams = 0, kaplanTokens = 0;
    long long rlRollouts = 0; // samples to generate per RL update: ceil(rl.keep / rl.acceptance); 0 without RL
};

// Derived mode: how far the model's step time has been from published runs like this one (same GPU family, same
// parallelism family; resources/validation/published_runs.csv), and whether the efficiency figures are the GPU
// preset's own or edited (calibrated) ones.
struct ValidationLedger {
    bool present = false;     // a band exists: derived mode and validated runs of this kind
    double low = 0, high = 0; // the smallest and largest step-time error, predicted / published - 1
    int runs = 0;             // how many published runs the band spans
    std::string basis;        // "H100/H200, pipeline: 6 published runs"
    bool calibrated = false;  // efficiency.* differ from the hardware preset's figures
};

struct Ledger {
    bool valid = false;
    std::vector<Diagnostic> errors; // non-empty when invalid: every number below is then zero
    ParamsLedger params;
    FlopsLedger flops;
    StateLedger state;
    MemoryLedger memory;
    TimeLedger time;
    CostLedger cost;
    PipelineLedger pipeline;
    BudgetLedger budget;
    ValidationLedger validation;
    CheckpointLedger checkpoint;
    GoodputLedger goodput;
    std::vector<Diagnostic> warnings;
};

} // namespace tl::engine
