#pragma once
// The pipeline diagram's layout, computed once for every renderer (the window's PipelineView and
// `trainledger-cli --pipeline-svg`): boxes in time units and rank rows, their colours and labels, the legend, the
// caption's figures, and the per-bin F/B/W shares the summarised drawing stacks. Renderers only scale it to their
// pixels and fonts. Every number comes from engine::simulate().

#include "engine/pipeline_sim.h"

#include <array>
#include <string>
#include <vector>

namespace tl::engine {

struct Rgb {
    unsigned char r = 0, g = 0, b = 0;
    bool operator==(const Rgb&) const = default;
};

// Okabe-Ito colours (distinguishable with the common colour-vision deficiencies); idle time is hatched grey.
inline constexpr Rgb kPipelineForward{0x00, 0x72, 0xB2};
inline constexpr Rgb kPipelineBackward{0xE6, 0x9F, 0x00};
inline constexpr Rgb kPipelineWeightGrad{0x00, 0x9E, 0x73};
inline constexpr Rgb kPipelineIdle{0xE6, 0xE6, 0xE6};
inline constexpr Rgb kPipelineHatch{0xA0, 0xA0, 0xA0};

Rgb kindColour(BlockKind kind);
Rgb mixWithWhite(Rgb colour, double t);                 // t = 0: colour, t = 1: white
Rgb chunkColour(BlockKind kind, int chunk, int chunks); // later chunks of a rank get a lighter shade
bool wantsDarkText(Rgb fill);                           // relative luminance above 0.45

// One block of the schedule: row `rank`, from `start` to `end` in time units after the diagram's origin.
struct PipelineBox {
    int rank = 0;
    int micro = 0;
    int chunk = 0;
    BlockKind kind = BlockKind::Forward;
    double start = 0, end = 0;
    Rgb fill;
    bool darkText = false;
};
std::string boxLabel(const PipelineBox& box, int chunks); // "3", or "3b" (micro-batch 3, chunk b) when chunks > 1

enum class LegendEntry { Forward, BackwardFused, InputGradient, WeightGradient, Idle, LaterChunk, Summarised };
struct LegendItem {
    LegendEntry entry;
    Rgb swatch;
    bool hatched = false;
    bool hasSwatch = true;
};
// The legend for panels that use split B/W (anySplit) and/or fused backward (anyFused) schedules, chunks, and the
// summarised drawing.
std::vector<LegendItem> pipelineLegend(bool anySplit, bool anyFused, bool anyChunks, bool summarised);
const char* legendText(LegendEntry entry); // English; the window translates its own

// The caption's figures, formatted locale-independently: percentages to one decimal, times to six digits.
struct PipelineCaption {
    std::string schedule; // "1f1b"
    int stages = 0, microBatches = 0, virtualStages = 1;
    std::string bubblePercent;    // of total time
    std::string overIdealPercent; // (makespan - ideal) / ideal
    std::string makespan, ideal;  // time units
    std::string peaks;            // peak in flight per rank, "4, 3, 2, 1" (elided past 16 ranks)

    std::string head() const;       // "1f1b, p = 4, m = 8" (", v = 2" with chunks)
    std::string bubbleLine() const; // head + ": bubble 27.3% of total time, 37.5% over ideal; makespan 33 units (...)"
    std::string peakLine() const;   // "peak micro-batches in flight per rank: 4, 3, 2, 1"
};

// Above this many blocks the layout carries no boxes: every renderer draws the summarised bins.
inline constexpr size_t kMaxPipelineBoxes = 50000;

struct PipelineLayout {
    int ranks = 0;
    int chunks = 1; // model chunks per rank (effectiveVirtualStages)
    bool splitsWeightGrad = false;
    double origin = 0;   // first block start in the timeline: the diagram's time 0
    double makespan = 0; // width of the diagram in time units
    double shortestBlock = 0;
    std::vector<PipelineBox> boxes; // in the timeline's order; empty when there are more than kMaxPipelineBoxes
    PipelineCaption caption;

    bool noPipeline() const { return ranks <= 1; } // one rank runs every layer: nothing to draw
    bool hasBoxes() const { return !boxes.empty(); }
};
PipelineLayout layoutPipeline(const Timeline& timeline);

// The summarised drawing: the time after the origin cut into `bins` bins of `binLength`; share[(rank * bins + bin) * 3
// + kind] is the part of that bin the rank spends on F, B or W (0..1, idle is the rest).
struct PipelineBins {
    int ranks = 0, bins = 0;
    double binLength = 0;
    std::vector<float> share;

    // Cumulative F, F+B, F+B+W shares of one bin, rounded to whole levels out of `levels`: a small stacked bar.
    std::array<int, 3> stack(int rank, int bin, int levels) const;
    double busy(int rank, int bin) const; // F + B + W share
};
PipelineBins binPipeline(const Timeline& timeline, double origin, double binLength, int bins);

} // namespace tl::engine
