#pragma once
// Step time from the hardware (efficiency.mode = "derived"): every layer's matmuls, attention core and memory-bound
// kernels on the heaviest pipeline stage, the tensor-, context-, pipeline- and data-parallel traffic, the pipeline
// bubble from the schedule's closed form with these durations, the optimizer step and offload. docs/formulas.md,
// "Step time from the hardware", gives every formula, constant and source.

#include "engine/ledger.h"
#include "engine/model.h"
#include "engine/scenario.h"

#include <string>
#include <vector>

namespace tl::engine {

// The calibrated efficiency figures (docs/formulas.md lists what each was fitted on).
struct StepConstants {
    double gemmFraction;   // share of peak a large dense matmul reaches
    double gemmHalfDim;    // a matmul whose smallest dimension is this wide runs at half of gemmFraction's speed
                           // on its wide part: the tile and wave quantisation of small shards
    double memoryFraction; // share of HBM bandwidth memory-bound kernels reach
    double linkFraction;   // share of link bandwidth a ring collective or point-to-point transfer reaches
    double flashFraction;  // share of peak flash attention reaches (FlashAttention-2 paper; not fitted here)
};
const StepConstants& stepConstants();

struct StepTime {
    StepBreakdown parts;
    double stepS = 0;
    double stageForwardS = 0, stageBackwardS = 0; // one micro-batch through the heaviest stage (all its chunks)
    int stageLayers = 0;                          // transformer layers on the heaviest stage
};

// The heaviest pipeline rank's layer count when layers are spread as evenly as possible over pp x v chunks.
int heaviestStageLayers(int layers, int pp, int virtualStages);

// The derived step for this scenario with `dp` replicas (the scale curve varies dp). The scenario must be valid.
StepTime derivedStepTime(const Scenario& s, const ModelCounts& m, int dp, const StepConstants& k = stepConstants());

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
