#pragma once
// The pipeline a scenario describes: stages, micro-batches per step, chunks and schedule, with F = 1, B = 1, W = 1
// (a full backward costs twice the forward, seed 003 §2).

#include "engine/pipeline_sim.h"
#include "engine/scenario.h"

#include <algorithm>

namespace tl::engine {

// V-shaped schedules (ZB-V, DualPipeV): each rank holds two chunks, the first and the last meeting on rank 0.
inline bool vShaped(Schedule schedule) {
    return schedule == Schedule::ZbV || schedule == Schedule::DualPipeV;
}

// Micro-batches each pipeline runs per optimizer step: global_batch / (micro_batch x dp), at least 1.
inline int microBatchesPerPipeline(const Scenario& s, int dp) {
    return std::max(1, int(s.data.globalBatch / (double(s.data.microBatch) * dp)));
}

inline PipelineSpec pipelineSpecFor(const Scenario& s, int dp) {
    PipelineSpec spec;
    spec.stages = std::max(1, s.parallel.pp);
    spec.microBatches = microBatchesPerPipeline(s, dp);
    spec.virtualStages = std::max(1, s.parallel.virtualStages);
    spec.schedule = s.parallel.schedule;
    return spec;
}

inline PipelineSpec pipelineSpecFor(const Scenario& s) {
    return pipelineSpecFor(s, s.parallel.dp);
}

} // namespace tl::engine
