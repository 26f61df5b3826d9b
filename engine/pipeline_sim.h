#pragma once

// Pipeline-parallel schedule simulator: builds the per-rank block order that defines each schedule, then replays it
// with list scheduling (a block starts when its rank is free and its inputs have arrived). See docs/pipeline.md for
// the orderings, their sources and the metric definitions.

#include "engine/choices.h"

#include <algorithm>
#include <string>
#include <vector>

namespace tl::engine {

// Names used in files and the CLI (engine/choices.h): "gpipe", "1f1b", "interleaved", "zb-h1", "zb-h2", "zb-v",
// "dualpipev".
const char* scheduleName(Schedule schedule);
bool parseSchedule(const std::string& name, Schedule& out);
const std::vector<Schedule>& allSchedules();

// True when the schedule runs B (input gradient) and W (weight gradient) as separate blocks.
bool splitsWeightGrad(Schedule schedule);

enum class BlockKind : unsigned char {
    Forward,
    Backward, // input-gradient B, or the full backward (duration b + w) when W is fused
    WeightGrad
};

struct PipelineSpec {
    int stages = 4;        // p (ranks)
    int microBatches = 8;  // m
    int virtualStages = 1; // v: model chunks per rank (interleaved; zb-v and dualpipev use 2 by definition)
    Schedule schedule = Schedule::OneFOneB;
    double f = 1.0, b = 1.0, w = 1.0; // durations of one chunk's forward, input-gradient and weight-gradient pass
    double p2p = 0.0;                 // point-to-point delay per hop between different ranks
};

// Upper bound on the number of blocks one simulation may produce.
inline constexpr long long kMaxPipelineBlocks = 5'000'000;

// Chunks per rank actually simulated: 1 for gpipe/1f1b/zb-h1/zb-h2, 2 for zb-v/dualpipev, v for interleaved.
int effectiveVirtualStages(const PipelineSpec& spec);

// The checks simulate() applies. Throws std::invalid_argument naming the field, its value and the allowed range:
// stages, microBatches, virtualStages >= 1; f, b, w, p2p finite and >= 0 with f + b + w > 0; interleaved with v >= 2
// needs microBatches a multiple of stages (Megatron-LM); dualpipev needs microBatches >= 2 * stages; at most
// kMaxPipelineBlocks blocks.
void validate(const PipelineSpec& spec);

struct Block {
    int rank;
    int chunk;
    int micro;
    BlockKind kind;
    double start;
    double end;
};

struct PipelineMetrics {
    double makespan = 0;                    // time from first block start to last block end
    double ideal = 0;                       // m * v * (f+b+w): busy time of one rank
    double bubbleFraction = 0;              // 1 - busy/(p*makespan): idle share of the pipeline's total time
    double bubbleOverIdeal = 0;             // (makespan-ideal)/ideal, the Megatron paper's (p-1)/m for 1f1b/gpipe
    std::vector<double> idlePerRank;        // idle time inside each rank's own window [first start, last end]
    std::vector<int> peakInFlight;          // per rank, in chunk units: a chunk's forward adds one micro-batch
                                            // activation unit, its W (or fused B+W) releases it
    std::vector<double> peakInFlightStages; // peakInFlight / v, in whole-stage units
};

struct Timeline {
    PipelineSpec spec;         // the spec as simulated (virtualStages replaced by effectiveVirtualStages)
    std::vector<Block> blocks; // grouped by rank (rank 0 first), each rank's blocks in execution order
    PipelineMetrics metrics;
};

// Pipeline position (0 = first layers) of chunk `chunk` on rank `rank`.
int pipelinePosition(Schedule schedule, int stages, int rank, int chunk);

Timeline simulate(const PipelineSpec& spec); // throws std::invalid_argument on a bad spec

// O(1) estimate for the fast ledger. makespanExact / peakExact say whether the value equals simulate() for this spec;
// when false the value is a lower bound on the makespan (and bubbles) or an upper bound on the peak. Only the field
// ranges are checked (no size cap, no schedule-specific micro-batch rule), so any configuration gets an answer.
struct PipelineClosedForm {
    double bubbleOverIdeal = 0;
    double bubbleFraction = 0;
    double peakInFlightStagesRank0 = 0;
    double peakInFlightStagesLastRank = 0; // the same on rank p-1, which holds the LM head unless V-shaped
    double makespan = 0;
    bool makespanExact = false;
    bool peakExact = false;
};
PipelineClosedForm closedForm(const PipelineSpec& spec); // throws std::invalid_argument on a bad field

// closedForm's two peak in-flight figures alone, without the makespan.
struct PeakInFlight {
    double rank0 = 0, lastRank = 0; // in whole stages' layers, as peakInFlightStagesRank0 / LastRank
};
PeakInFlight peakInFlight(const PipelineSpec& spec); // throws std::invalid_argument on a bad field

// How those peaks grow with the micro-batch count m, for every schedule: min(slope x m, cap) chunks on a rank, over
// the chunks per rank. Checked once, asked for any m >= 1 (the memory gate asks on every probe): at(spec.microBatches)
// is peakInFlight(spec).
struct InFlightGrowth {
    double slope0 = 1, cap0 = 1, slopeLast = 1, capLast = 1; // rank 0, rank p-1
    double chunks = 1;                                       // effectiveVirtualStages
    PeakInFlight at(int microBatches) const {
        const double m = microBatches;
        return {std::min(slope0 * m, cap0) / chunks, std::min(slopeLast * m, capLast) / chunks};
    }
};
InFlightGrowth inFlightGrowth(const PipelineSpec& spec); // throws std::invalid_argument on a bad field

} // namespace tl::engine
