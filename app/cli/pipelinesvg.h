#pragma once
// `trainledger-cli --pipeline-svg FILE`: the pipeline schedule diagram as a standalone SVG. A pure string generator
// (no Qt) that draws engine::layoutPipeline, the layout ui/views/pipelineview also draws: one row per rank, F/B/W
// blocks, hatched idle time, a legend and the caption. Blocks thinner than a pixel are drawn as per-rank bands.

#include "engine/pipeline_sim.h"
#include "engine/scenario.h"

#include <QString>

#include <optional>
#include <string>

namespace tl::cli {

// The SVG of one simulated timeline. With one stage it is a small SVG that says there is no pipeline.
std::string renderPipelineSvg(const engine::Timeline& timeline);

// Simulates engine::pipelineSpecFor(scenario) and writes the SVG to path atomically (io/atomicfile.h). Returns the
// one-line error (the simulator's message, or the file error) on failure.
std::optional<QString> writePipelineSvg(const engine::Scenario& scenario, const QString& path);

} // namespace tl::cli
