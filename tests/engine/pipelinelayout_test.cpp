// engine::layoutPipeline and binPipeline: the diagram's layout shared by the window and --pipeline-svg.

#include "engine/pipelinelayout.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <tuple>

namespace tl::engine {
namespace {

PipelineSpec makeSpec(Schedule schedule, int p, int m, int v = 1) {
    PipelineSpec spec;
    spec.schedule = schedule;
    spec.stages = p;
    spec.microBatches = m;
    spec.virtualStages = v;
    return spec;
}

std::tuple<int, int, int> rgbKey(Rgb c) {
    return {c.r, c.g, c.b};
}

TEST(PipelineLayout, OneFOneBHasOneBoxPerStageMicroBatchAndPhase) {
    const Timeline t = simulate(makeSpec(Schedule::OneFOneB, 4, 8));
    const PipelineLayout l = layoutPipeline(t);
    // 1f1b fuses W into B: two phases (F, B+W) per micro-batch on every stage.
    ASSERT_EQ(l.boxes.size(), size_t(4 * 8 * 2));
    std::map<std::tuple<int, int, int>, int> seen; // (rank, micro, kind)
    for (const PipelineBox& b : l.boxes) {
        ++seen[{b.rank, b.micro, int(b.kind)}];
        EXPECT_NE(b.kind, BlockKind::WeightGrad);
        EXPECT_GE(b.start, 0.0);
        EXPECT_LE(b.end, l.makespan + 1e-9);
    }
    EXPECT_EQ(seen.size(), size_t(64));
    EXPECT_EQ(l.ranks, 4);
    EXPECT_FALSE(l.splitsWeightGrad);
    EXPECT_DOUBLE_EQ(l.origin, 0.0);
    EXPECT_DOUBLE_EQ(l.makespan, 33.0); // (m + p - 1) * (f + b + w) = 11 * 3
    EXPECT_DOUBLE_EQ(l.shortestBlock, 1.0);
}

TEST(PipelineLayout, SplitScheduleHasThreePhasesAndDistinctColours) {
    const PipelineLayout l = layoutPipeline(simulate(makeSpec(Schedule::ZbH1, 4, 8)));
    EXPECT_EQ(l.boxes.size(), size_t(4 * 8 * 3));
    std::set<std::tuple<int, int, int>> colours;
    for (const PipelineBox& b : l.boxes) {
        EXPECT_EQ(b.fill, kindColour(b.kind));
        colours.insert(rgbKey(b.fill));
    }
    EXPECT_EQ(colours.size(), size_t(3));
    // The three kinds and idle are four different colours.
    colours.insert(rgbKey(kPipelineIdle));
    EXPECT_EQ(colours.size(), size_t(4));
}

TEST(PipelineLayout, LaterChunksAreLighterAndLabelled) {
    const PipelineLayout l = layoutPipeline(simulate(makeSpec(Schedule::Interleaved, 4, 16, 2)));
    EXPECT_EQ(l.chunks, 2);
    EXPECT_EQ(l.boxes.size(), size_t(4 * 16 * 2 * 2));
    bool sawLater = false;
    for (const PipelineBox& b : l.boxes) {
        const Rgb base = kindColour(b.kind);
        if (b.chunk == 0) {
            EXPECT_EQ(b.fill, base);
        } else {
            sawLater = true;
            EXPECT_GT(int(b.fill.r) + b.fill.g + b.fill.b, int(base.r) + base.g + base.b);
        }
        if (b.micro == 3 && b.chunk == 1) {
            EXPECT_EQ(boxLabel(b, l.chunks), "3b");
        }
    }
    EXPECT_TRUE(sawLater);
    EXPECT_EQ(l.caption.head(), "interleaved, p = 4, m = 16, v = 2");
    EXPECT_EQ(l.caption.peaks, "11, 9, 7, 5");
}

TEST(PipelineLayout, CaptionCarriesTheEngineFigures) {
    const PipelineCaption c = layoutPipeline(simulate(makeSpec(Schedule::OneFOneB, 4, 8))).caption;
    EXPECT_EQ(c.bubblePercent, "27.3");
    EXPECT_EQ(c.overIdealPercent, "37.5");
    EXPECT_EQ(c.makespan, "33");
    EXPECT_EQ(c.ideal, "24");
    EXPECT_EQ(c.peaks, "4, 3, 2, 1");
    EXPECT_EQ(c.bubbleLine(),
              "1f1b, p = 4, m = 8: bubble 27.3% of total time, 37.5% over ideal; makespan 33 units (ideal 24)");
    EXPECT_EQ(c.peakLine(), "peak micro-batches in flight per rank: 4, 3, 2, 1");
}

// The first six ranks and the last two.
TEST(PipelineLayout, PeakListIsElidedPastSixteenRanks) {
    const PipelineCaption c = layoutPipeline(simulate(makeSpec(Schedule::OneFOneB, 20, 40))).caption;
    EXPECT_EQ(c.peaks, "20, 19, 18, 17, 16, 15, \u2026, 2, 1");
}

TEST(PipelineLayout, LegendFollowsTheSchedule) {
    const auto fused = pipelineLegend(false, true, false, false);
    ASSERT_EQ(fused.size(), size_t(3));
    EXPECT_EQ(fused[1].entry, LegendEntry::BackwardFused);
    EXPECT_TRUE(fused[2].hatched);
    const auto split = pipelineLegend(true, false, true, false);
    ASSERT_EQ(split.size(), size_t(5));
    EXPECT_EQ(split[2].entry, LegendEntry::WeightGradient);
    EXPECT_EQ(split[4].entry, LegendEntry::LaterChunk);
    const auto summary = pipelineLegend(true, false, true, true);
    EXPECT_EQ(summary.back().entry, LegendEntry::Summarised);
    EXPECT_FALSE(summary.back().hasSwatch);
}

// Over all bins, each rank's F, B and W shares add up to its busy time in the step: m * v * (f + b + w).
TEST(PipelineLayout, BinsSumToTheStep) {
    for (Schedule s : allSchedules()) {
        const Timeline t = simulate(makeSpec(s, 4, 8, s == Schedule::Interleaved ? 2 : 1));
        const PipelineLayout l = layoutPipeline(t);
        for (double binLength : {0.25, 1.0, 3.0, 7.5}) {
            const int bins = int(std::ceil(l.makespan / binLength));
            const PipelineBins b = binPipeline(t, l.origin, binLength, bins);
            ASSERT_EQ(b.share.size(), size_t(4 * bins * 3));
            for (int r = 0; r < 4; ++r) {
                double busy = 0;
                for (int k = 0; k < bins; ++k) {
                    EXPECT_LE(b.busy(r, k), 1.0 + 1e-5) << scheduleName(s);
                    busy += b.busy(r, k) * binLength;
                }
                EXPECT_NEAR(busy, t.metrics.ideal, 1e-4) << scheduleName(s) << " rank " << r << " bin " << binLength;
            }
        }
    }
}

TEST(PipelineLayout, StackRoundsCumulativeShares) {
    const Timeline t = simulate(makeSpec(Schedule::OneFOneB, 2, 2));
    const PipelineBins b = binPipeline(t, 0.0, t.metrics.makespan, 1); // one bin: the whole step
    const auto stack = b.stack(0, 0, 12);
    EXPECT_LE(stack[0], stack[1]);
    EXPECT_LE(stack[1], stack[2]);
    // Rank 0 runs F 2 of the makespan, B+W 4: 2 / 9 and 6 / 9 of twelve levels.
    EXPECT_EQ(t.metrics.makespan, 9.0);
    EXPECT_EQ(stack[0], 3);
    EXPECT_EQ(stack[1], 8);
    EXPECT_EQ(stack[2], 8);
}

TEST(PipelineLayout, OneStageIsNoPipeline) {
    const PipelineLayout l = layoutPipeline(simulate(makeSpec(Schedule::OneFOneB, 1, 8)));
    EXPECT_TRUE(l.noPipeline());
}

} // namespace
} // namespace tl::engine
