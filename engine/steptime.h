#pragma once
// Step time from the hardware (efficiency.mode = "derived"): every layer's matmuls, attention core and memory-bound
// kernels on the heaviest pipeline stage, the tensor-, context-, pipeline- and data-parallel traffic, the pipeline
// bubble from the schedule's closed form with these durations, the optimizer step and offload. docs/formulas.md,
// "Step time from the hardware", gives every formula, constant and source.

#include "engine/ledger.h"
#include "engine/model.h"
#include "engine/moetime.h"
#include "engine/pipeline_sim.h"
#include "engine/scenario.h"

#include <string>
#include <vector>

namespace tl::engine {

// The efficiency figures one step is timed with: the scenario's efficiency.* keys (the GPU preset's figures unless
// edited or calibrated) and the named constants shared by every GPU (docs/formulas.md, "Per-GPU efficiency").
struct StepConstants {
    double gemmFraction;   // share of the BF16 (TF32) peak a large dense matmul reaches
    double gemmHalfDim;    // a matmul whose smallest dimension is this wide runs at half of gemmFraction's speed
                           // on its wide part: the tile and wave quantisation of small shards
    double memoryFraction; // share of HBM bandwidth memory-bound kernels reach
    double linkFraction;   // share of link bandwidth a ring collective or point-to-point transfer reaches
    double flashFraction;  // share of the BF16 peak flash attention reaches
    double fp8Fraction;    // share of the FP8 peak a large FP8 matmul reaches
    double clock = 1;      // sustained clock under a power cap over the clock at the design power (1 = uncapped)
};
// flashFraction over gemmFraction for hardware no preset describes: FlashAttention-2's share of A100 peak over
// cuBLAS's (docs/formulas.md).
inline constexpr double kFlashOverGemm = 0.60 / 0.84;
inline constexpr double kGemmHalfDim = 48.0;
// Flash attention kernels by length (FlashAttention-3 paper, Shah et al. 2024, H100, head dim 128): each query tile
// pays a fixed cost (loading its Q tile, the masked diagonal tile, writing O, the last wave) worth about this many
// keys of work, so a kernel over `keys` keys runs at keys / (keys + kFlashHalfKeys) of its long-sequence rate
// (docs/formulas.md 8c).
inline constexpr double kFlashHalfKeys = 400.0;
// The share of its long-sequence rate a flash kernel over `keys` keys reaches.
double flashKernelShare(double keys);
// The same, averaged over one rank's attention kernels by their pairs: one kernel per document, or with context
// parallelism the ring's cp chunk kernels (Megatron-Core's load-balanced split).
double flashLayoutShare(const std::vector<int>& documents, int seqLen, int cp);
StepConstants stepConstants(const Scenario& s);
// The sustained clock of a GPU capped at `tdpW` whose design power is `designW`. A share of the board power does not
// follow the clock (leakage, HBM, board: kStaticPowerShare of the design power); the rest, dynamic power, grows about
// as the cube of the clock (P ~ f V^2 with V ~ f), so f = ((cap - static) / (design - static))^(1/3), at most 1.
inline constexpr double kStaticPowerShare = 0.20;
double powerCapClock(double tdpW, double designW);
// FP8 matmuls with per-tensor scaling under ZeRO-3 gather the weight shards in FP8 (1 byte), cast before the gather.
bool fp8GatherWeights(const Scenario& s);

// The operands of each part, kept so that explanations show the formula the step model used (engine/explain.cpp).
// Seconds are per micro-batch through the heaviest stage unless named per step.
struct StepTerms {
    double microBatches = 0;    // m: micro-batches per pipeline per step
    double layerKernelS = 0;    // one layer's forward, input-gradient and weight-gradient kernels
    double endsKernelS = 0;     // embedding and LM head (forward and backward) on the heaviest stage
    double layerRecomputeS = 0; // one layer's recomputed forward (full) or attention core (selective)
    double tpBytes = 0, tpBandwidth = 0, tpLatencyS = 0; // one TP collective: bytes, achieved B/s, ring-step latency
    double tpCollectives = 0;                            // per layer: 2 forward + 2 backward (+2 recompute)
    double cpRingStepS = 0, attentionS = 0, attentionBackwardS = 0;
    double makespanS = 0;                        // the schedule's closed form with these durations, per step
    double p2pChunks = 1, p2pSendS = 0;          // chunks per rank, one activation or gradient send
    double dpCollectiveS = 0, dpLastBucketS = 0; // ZeRO 0-2: the step's collectives and the bucket that cannot hide
    double dpGatherS = 0, dpScatterS = 0, dpFirstS = 0;         // ZeRO-3, per micro-batch
    double shardParams = 0, stateRwBytes = 0, hbmBandwidth = 0; // optimizer step: params, B/param, achieved B/s
    double pcieBytes = 0, pcieBandwidth = 0, hostBandwidth = 0, nvmeBytes = 0, nvmeBandwidth = 0; // offload
    MoeLayerTime moe;     // one MoE layer's router, experts and all-to-all (engine/moetime)
    double moeLayers = 0; // MoE layers on the heaviest stage (MTP modules included)
};

struct StepTime {
    StepBreakdown parts;
    StepTerms terms;
    double stepS = 0;
    double stageForwardS = 0, stageBackwardS = 0; // one micro-batch through the heaviest stage (all its chunks)
    double stageWeightGradS = 0;                  // the weight-gradient part (W) of stageBackwardS
    int stageLayers = 0;                          // transformer layers on the heaviest stage
};

// The heaviest pipeline rank's layer count when layers are spread as evenly as possible over pp x v chunks.
int heaviestStageLayers(int layers, int pp, int virtualStages);

// What one pipeline rank holds: layer slots (multi-token-prediction modules are slots of the last chunk) and ends.
struct StageLoad {
    int units = 0;
    bool embedding = false, head = false;
};
// The split of `units` layer slots over pp ranks of `chunksPerRank` chunks each (V-shaped schedules: rank 0 holds
// the first and the last chunk). Even, or without `balanceEnds` (parallel.balance_ends): the heaviest rank's count
// (heaviestStageLayers), taken to hold both ends (`first`). Uneven with it: every chunk takes the ceiling but the
// chunks holding the ends give up the shortfall first (the last chunk one slot, then the first chunk one), the rest
// one slot each over the ranks that hold no end (docs/formulas.md §8b).
struct PipelineSplit {
    bool even = true;
    StageLoad first, last, middle; // rank 0, the last rank, the heaviest rank that holds no end (units 0: none)
    int firstChunk = 0, lastChunk = 0, chunk = 0; // uneven: slots on the first and last chunks, and on the others
};
PipelineSplit pipelineSplit(int units, int pp, int chunksPerRank, bool vShape, bool balanceEnds);

// The derived step for this scenario with `dp` replicas (the scale curve varies dp). The scenario must be valid.
StepTime derivedStepTime(const Scenario& s, const ModelCounts& m, int dp, const StepConstants& k);
StepTime derivedStepTime(const Scenario& s, const ModelCounts& m, int dp); // with stepConstants(s)
// derivedStepTime(s, m, dp, k).stepS to the bit, without the rest (the time gate's probes need only the step).
double derivedStepSeconds(const Scenario& s, const ModelCounts& m, int dp, const StepConstants& k);

// Within one evaluation the step of one scenario is timed at several dp (the ledger's, the time gate's probes). While
// a SharedStageStep for (s, m) lives on this thread, derivedStepTime(s, m, ...) works out what does not depend on dp
// (one micro-batch on the heaviest stage: its kernels and collectives) once and reuses it: the same figures to the
// bit. s and m must outlive it unchanged; evaluate() opens one.
class SharedStageStep {
public:
    SharedStageStep(const Scenario& s, const ModelCounts& m);
    ~SharedStageStep();
    SharedStageStep(const SharedStageStep&) = delete;
    SharedStageStep& operator=(const SharedStageStep&) = delete;

private:
    const Scenario* outerS_; // an enclosing evaluation's (nested evaluate() calls), restored on the way out
    const ModelCounts* outerM_;
};

// The pipeline schedule as the step is timed on it, for the diagram and the ledger's pipeline.* keys (one number with
// the step's bubble, issue 28): derived mode, the heaviest stage's forward, input-gradient and weight-gradient
// seconds per chunk in units of its forward (f = 1); fixed mode, f = b = w = 1 (backward twice the forward). The
// scenario must be valid.
PipelineSpec stepPipelineSpec(const Scenario& s);
// The same from the step already timed at the scenario's dp (its stage's forward, backward with W, and W seconds).
PipelineSpec stepPipelineSpec(const Scenario& s, double stageForwardS, double stageBackwardS, double stageWeightGradS);

// The parts of a step in the order the ledger lists them: key suffix, a label for people, the seconds.
struct StepPart {
    const char* key;   // "compute" -> time.breakdown.compute_s
    const char* label; // "compute", "bubble", "gradient all-reduce", ...
    double seconds;
};
std::vector<StepPart> stepParts(const StepBreakdown& b, int zeroStage);

// "step 12.3 s: 61% compute, 22% bubble, 12% gradient all-reduce": the largest parts (at least 1% each, at most 3).
std::string stepSummary(const StepBreakdown& b, int zeroStage);

} // namespace tl::engine
