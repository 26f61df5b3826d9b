#pragma once
// The planner tests' model (layoutplanner_test, bestcurve_test): small enough for a brute force to list its layouts,
// 8 layers, 8 heads (4 kv), 8-sequence batches on 4-GPU nodes, with memory where some layouts fit and many do not.

#include "engine/scenario.h"

namespace tl::test {

inline engine::Scenario tinyScenario() {
    engine::Scenario s;
    s.model.preset = "custom";
    s.model.layers = 8;
    s.model.hidden = 512;
    s.model.ffnHidden = 1536;
    s.model.heads = 8;
    s.model.kvHeads = 4;
    s.model.headDim = 64;
    s.model.vocab = 32000;
    s.data.seqLen = 4096;
    s.data.globalBatch = 8;
    s.data.tokens = 2e9;
    s.hardware.gpusPerNode = 4;
    s.hardware.memoryGb = 3.2; // some layouts fit, many do not
    s.schedule.deadlineDays = 4;
    s.schedule.reserveDays = 1;
    return s;
}

} // namespace tl::test
