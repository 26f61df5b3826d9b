#include "engine/pipeline_sim.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <ostream>
#include <random>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace tl::engine {

// Readable parameter names in gtest output (found by argument-dependent lookup).
static void PrintTo(Schedule schedule, std::ostream* os) {
    *os << scheduleName(schedule);
}

namespace {

constexpr double kEps = 1e-9;

PipelineSpec makeSpec(Schedule schedule, int p, int m, int v = 1, double f = 1, double b = 1, double w = 1,
                      double p2p = 0) {
    return PipelineSpec{
        .stages = p, .microBatches = m, .virtualStages = v, .schedule = schedule, .f = f, .b = b, .w = w, .p2p = p2p};
}

std::string describe(const PipelineSpec& s) {
    return std::string(scheduleName(s.schedule)) + " p=" + std::to_string(s.stages) +
           " m=" + std::to_string(s.microBatches) + " v=" + std::to_string(s.virtualStages) +
           " f=" + std::to_string(s.f) + " b=" + std::to_string(s.b) + " w=" + std::to_string(s.w) +
           " p2p=" + std::to_string(s.p2p);
}

// ----------------------------------------------------------------------------------------------------------------
// Names

TEST(PipelineSchedule, NamesRoundTrip) {
    const std::vector<std::pair<Schedule, std::string>> table = {
        {Schedule::GPipe, "gpipe"},         {Schedule::OneFOneB, "1f1b"}, {Schedule::Interleaved, "interleaved"},
        {Schedule::ZbH1, "zb-h1"},          {Schedule::ZbH2, "zb-h2"},    {Schedule::ZbV, "zb-v"},
        {Schedule::DualPipeV, "dualpipev"},
    };
    ASSERT_EQ(table.size(), allSchedules().size());
    for (const auto& [schedule, name] : table) {
        EXPECT_EQ(name, scheduleName(schedule));
        Schedule parsed = Schedule::GPipe;
        ASSERT_TRUE(parseSchedule(name, parsed)) << name;
        EXPECT_EQ(schedule, parsed);
    }
    Schedule untouched = Schedule::ZbV;
    EXPECT_FALSE(parseSchedule("1F1B", untouched));
    EXPECT_FALSE(parseSchedule("", untouched));
    EXPECT_EQ(Schedule::ZbV, untouched);
}

// ----------------------------------------------------------------------------------------------------------------
// The checked numbers from docs/pipeline.md (F = B = W = 1, no p2p delay).

struct KnownRow {
    Schedule schedule;
    int p, m, v;
    double makespan;        // NaN: not checked
    double bubbleFraction;  // NaN: not checked
    double bubbleOverIdeal; // NaN: not checked
    double tolerance;
};

constexpr double kUnset = std::numeric_limits<double>::quiet_NaN();

TEST(PipelineKnownValues, Table) {
    const std::vector<KnownRow> rows = {
        {Schedule::GPipe, 4, 8, 1, 33, 3.0 / 11.0, 0.375, kEps},
        {Schedule::OneFOneB, 4, 8, 1, 33, 3.0 / 11.0, 0.375, kEps},
        {Schedule::GPipe, 4, 8, 1, kUnset, 0.2727, kUnset, 1e-4},
        {Schedule::GPipe, 4, 16, 1, 57, 9.0 / 57.0, 0.1875, kEps},
        {Schedule::OneFOneB, 4, 16, 1, 57, 9.0 / 57.0, 0.1875, kEps},
        {Schedule::OneFOneB, 4, 16, 1, kUnset, 0.1579, 3.0 / 16.0, 1e-4},
        {Schedule::Interleaved, 4, 16, 2, 105, kUnset, 0.09375, kEps},
        {Schedule::ZbH1, 4, 8, 1, 27, kUnset, 3.0 / 24.0, kEps},
        {Schedule::GPipe, 4, 1, 1, 12, 0.75, 3.0, kEps},
        {Schedule::ZbH2, 4, 8, 1, 27, kUnset, 3.0 / 24.0, kEps},
        {Schedule::ZbV, 4, 8, 2, 51, kUnset, 3.0 / 48.0, kEps},
        {Schedule::GPipe, 4, 16, 1, kUnset, kUnset, 3.0 / 16.0, kEps},
    };
    for (const KnownRow& row : rows) {
        const PipelineSpec spec = makeSpec(row.schedule, row.p, row.m, row.v);
        SCOPED_TRACE(describe(spec));
        const PipelineMetrics metrics = simulate(spec).metrics;
        if (!std::isnan(row.makespan)) {
            EXPECT_NEAR(row.makespan, metrics.makespan, row.tolerance);
        }
        if (!std::isnan(row.bubbleFraction)) {
            EXPECT_NEAR(row.bubbleFraction, metrics.bubbleFraction, row.tolerance);
        }
        if (!std::isnan(row.bubbleOverIdeal)) {
            EXPECT_NEAR(row.bubbleOverIdeal, metrics.bubbleOverIdeal, row.tolerance);
        }
    }
}

TEST(PipelineKnownValues, PeakInFlight) {
    struct Row {
        Schedule schedule;
        int p, m, v;
        std::vector<int> peak;
    };
    const std::vector<Row> rows = {
        {Schedule::OneFOneB, 4, 8, 1, {4, 3, 2, 1}},   {Schedule::GPipe, 4, 8, 1, {8, 8, 8, 8}},
        {Schedule::GPipe, 4, 16, 1, {16, 16, 16, 16}}, {Schedule::GPipe, 4, 1, 1, {1, 1, 1, 1}},
        {Schedule::DualPipeV, 4, 8, 2, {9, 9, 9, 9}},  {Schedule::ZbH1, 4, 8, 1, {4, 4, 4, 4}},
        {Schedule::ZbH2, 4, 8, 1, {7, 7, 7, 7}},       {Schedule::Interleaved, 4, 16, 2, {11, 9, 7, 5}},
        {Schedule::ZbV, 4, 8, 2, {8, 8, 8, 8}},
    };
    for (const Row& row : rows) {
        const PipelineSpec spec = makeSpec(row.schedule, row.p, row.m, row.v);
        SCOPED_TRACE(describe(spec));
        const PipelineMetrics metrics = simulate(spec).metrics;
        EXPECT_EQ(row.peak, metrics.peakInFlight);
        for (std::size_t r = 0; r < row.peak.size(); ++r)
            EXPECT_DOUBLE_EQ(static_cast<double>(row.peak[r]) / row.v, metrics.peakInFlightStages[r]);
    }
}

// Interleaved v=2, p=4 peak on rank 0: p + (p-1)/v = 5.5 stage units (Megatron's 1 + (p-1)/(p v) memory factor).
TEST(PipelineKnownValues, InterleavedMemoryPenalty) {
    const PipelineMetrics metrics = simulate(makeSpec(Schedule::Interleaved, 4, 16, 2)).metrics;
    EXPECT_DOUBLE_EQ(5.5, metrics.peakInFlightStages[0]);
    EXPECT_DOUBLE_EQ(1.0 + 3.0 / 8.0, metrics.peakInFlightStages[0] / 4.0);
}

// ZB-H1 p=4 m=8: each rank is idle (p-1)(F+B-W) = 3 units of the makespan.
TEST(PipelineKnownValues, ZbH1BubblePerRank) {
    const Timeline timeline = simulate(makeSpec(Schedule::ZbH1, 4, 8));
    std::vector<double> busy(4, 0.0);
    for (const Block& blk : timeline.blocks)
        busy[blk.rank] += blk.end - blk.start;
    for (int r = 0; r < 4; ++r)
        EXPECT_NEAR(3.0, timeline.metrics.makespan - busy[r], kEps) << "rank " << r;
}

// ----------------------------------------------------------------------------------------------------------------
// Orders: spot checks of the rules that define each schedule.

std::vector<std::vector<Block>> byRank(const Timeline& timeline) {
    std::vector<std::vector<Block>> out(timeline.spec.stages);
    for (const Block& blk : timeline.blocks)
        out[blk.rank].push_back(blk);
    return out;
}

int leadingForwards(const std::vector<Block>& blocks) {
    int n = 0;
    while (n < static_cast<int>(blocks.size()) && blocks[n].kind == BlockKind::Forward)
        ++n;
    return n;
}

TEST(PipelineOrder, WarmupForwardsPerRank) {
    struct Row {
        Schedule schedule;
        int p, m, v;
        std::vector<int> forwardsBeforeFirstBackward;
    };
    const std::vector<Row> rows = {
        {Schedule::GPipe, 4, 8, 1, {8, 8, 8, 8}},
        {Schedule::OneFOneB, 4, 8, 1, {4, 3, 2, 1}}, // p-1-r warm-up forwards plus the steady-state forward
        {Schedule::OneFOneB, 4, 2, 1, {2, 2, 2, 1}}, // warm-up capped by m
        {Schedule::ZbH1, 4, 8, 1, {4, 3, 2, 1}},
        {Schedule::ZbH2, 4, 16, 1, {7, 5, 3, 1}},        // 2(p-1-r)+1
        {Schedule::Interleaved, 4, 8, 2, {11, 9, 7, 5}}, // 2(p-1-r) + (v-1)p + 1
        {Schedule::ZbV, 4, 8, 2, {8, 8, 8, 8}},          // 2(p-r)-1 chunk-0 + r pairs + 1 chunk-1 forward
    };
    for (const Row& row : rows) {
        const PipelineSpec spec = makeSpec(row.schedule, row.p, row.m, row.v);
        SCOPED_TRACE(describe(spec));
        const auto ranks = byRank(simulate(spec));
        for (int r = 0; r < row.p; ++r)
            EXPECT_EQ(row.forwardsBeforeFirstBackward[r], leadingForwards(ranks[r])) << "rank " << r;
    }
}

TEST(PipelineOrder, InterleavedWithOneChunkIsOneFOneB) {
    const Timeline a = simulate(makeSpec(Schedule::Interleaved, 5, 7, 1, 1.0, 2.0, 0.5, 0.25));
    const Timeline b = simulate(makeSpec(Schedule::OneFOneB, 5, 7, 1, 1.0, 2.0, 0.5, 0.25));
    ASSERT_EQ(a.blocks.size(), b.blocks.size());
    for (std::size_t i = 0; i < a.blocks.size(); ++i) {
        EXPECT_EQ(a.blocks[i].micro, b.blocks[i].micro);
        EXPECT_EQ(a.blocks[i].kind, b.blocks[i].kind);
        EXPECT_DOUBLE_EQ(a.blocks[i].start, b.blocks[i].start);
    }
}

TEST(PipelineOrder, SplitSchedulesEmitWeightBlocks) {
    for (Schedule schedule : allSchedules()) {
        const int p = 3, m = 6;
        const Timeline timeline = simulate(makeSpec(schedule, p, m, schedule == Schedule::Interleaved ? 2 : 1));
        const auto w = std::count_if(timeline.blocks.begin(), timeline.blocks.end(),
                                     [](const Block& blk) { return blk.kind == BlockKind::WeightGrad; });
        const long expected = splitsWeightGrad(schedule) ? static_cast<long>(p) * timeline.spec.virtualStages * m : 0;
        EXPECT_EQ(expected, w) << scheduleName(schedule);
    }
}

// V-shape: chunk 0 runs down ranks 0..p-1, chunk 1 back up; the turn at rank p-1 is not a hop.
TEST(PipelineOrder, VShapeTurnHasNoHop) {
    for (Schedule schedule : {Schedule::ZbV, Schedule::DualPipeV}) {
        const int p = 4;
        const PipelineSpec spec = makeSpec(schedule, p, 8, 2, 1, 1, 1, 0.5);
        const Timeline timeline = simulate(spec);
        EXPECT_EQ(2, timeline.spec.virtualStages);
        EXPECT_EQ(p - 1, pipelinePosition(schedule, p, p - 1, 0));
        EXPECT_EQ(p, pipelinePosition(schedule, p, p - 1, 1));
        EXPECT_EQ(2 * p - 1, pipelinePosition(schedule, p, 0, 1));
        double chunk0End = -1, chunk1Start = -1;
        for (const Block& blk : timeline.blocks) {
            if (blk.rank != p - 1 || blk.micro != 0 || blk.kind != BlockKind::Forward)
                continue;
            if (blk.chunk == 0)
                chunk0End = blk.end;
            else
                chunk1Start = blk.start;
        }
        EXPECT_DOUBLE_EQ(3 * 1.5 + 1.0, chunk0End) << scheduleName(schedule); // three hops, four forwards
        EXPECT_DOUBLE_EQ(chunk0End, chunk1Start) << scheduleName(schedule);
    }
}

// ZB-H2 and ZB-V fill each rank's own window completely when F = B = W (the paper's "zero bubble").
TEST(PipelineOrder, ZeroBubbleInsideEachRankWindow) {
    for (Schedule schedule : {Schedule::ZbH2, Schedule::ZbV}) {
        for (int p : {2, 4, 7}) {
            const PipelineSpec spec = makeSpec(schedule, p, 2 * p + 3);
            SCOPED_TRACE(describe(spec));
            for (double idle : simulate(spec).metrics.idlePerRank)
                EXPECT_NEAR(0.0, idle, kEps);
        }
    }
}

// ----------------------------------------------------------------------------------------------------------------
// Invariants over a fixed-seed random grid of specs, for every schedule.

struct Checked {
    int missing = 0, duplicated = 0, overlaps = 0, depViolations = 0;
};

Checked checkTimeline(const Timeline& timeline) {
    const PipelineSpec& s = timeline.spec;
    const int p = s.stages, m = s.microBatches, v = s.virtualStages, positions = p * v;
    const bool split = splitsWeightGrad(s.schedule);
    Checked out;

    // Exactly one block per (rank, chunk, micro, kind).
    std::vector<int> seen(static_cast<std::size_t>(p) * v * m * 3, 0);
    auto slot = [&](int r, int c, int j, BlockKind k) {
        return ((static_cast<std::size_t>(r) * v + c) * m + j) * 3 + static_cast<int>(k);
    };
    for (const Block& blk : timeline.blocks)
        ++seen[slot(blk.rank, blk.chunk, blk.micro, blk.kind)];
    for (int r = 0; r < p; ++r)
        for (int c = 0; c < v; ++c)
            for (int j = 0; j < m; ++j)
                for (BlockKind k : {BlockKind::Forward, BlockKind::Backward, BlockKind::WeightGrad}) {
                    const int expected = (k != BlockKind::WeightGrad || split) ? 1 : 0;
                    const int got = seen[slot(r, c, j, k)];
                    out.missing += got < expected;
                    out.duplicated += got > expected;
                }

    // No rank runs two blocks at once.
    auto ranks = byRank(timeline);
    for (auto& blocks : ranks) {
        std::sort(blocks.begin(), blocks.end(),
                  [](const Block& a, const Block& b) { return std::tie(a.start, a.end) < std::tie(b.start, b.end); });
        for (std::size_t i = 1; i < blocks.size(); ++i)
            out.overlaps += blocks[i].start < blocks[i - 1].end - kEps;
    }

    // Dependencies, including the p2p delay between different ranks.
    auto owner = [&](int pos) {
        for (int r = 0; r < p; ++r)
            for (int c = 0; c < v; ++c)
                if (pipelinePosition(s.schedule, p, r, c) == pos)
                    return r;
        return -1;
    };
    std::vector<int> ownerOf(positions);
    for (int pos = 0; pos < positions; ++pos)
        ownerOf[pos] = owner(pos);
    std::map<std::tuple<int, int, int>, const Block*> at; // (position, micro, kind) -> block
    for (const Block& blk : timeline.blocks)
        at[{pipelinePosition(s.schedule, p, blk.rank, blk.chunk), blk.micro, static_cast<int>(blk.kind)}] = &blk;
    auto needs = [&](const Block& blk, int pos, int j, BlockKind kind) {
        const Block* dep = at.at({pos, j, static_cast<int>(kind)});
        const double hop = ownerOf[pos] == blk.rank ? 0.0 : s.p2p;
        out.depViolations += blk.start < dep->end + hop - kEps;
    };
    for (const Block& blk : timeline.blocks) {
        const int pos = pipelinePosition(s.schedule, p, blk.rank, blk.chunk);
        if (blk.kind == BlockKind::Forward && pos > 0)
            needs(blk, pos - 1, blk.micro, BlockKind::Forward);
        if (blk.kind == BlockKind::Backward) {
            needs(blk, pos, blk.micro, BlockKind::Forward);
            if (pos + 1 < positions)
                needs(blk, pos + 1, blk.micro, BlockKind::Backward);
        }
        if (blk.kind == BlockKind::WeightGrad)
            needs(blk, pos, blk.micro, BlockKind::Backward);
    }
    return out;
}

PipelineSpec randomSpec(Schedule schedule, std::mt19937& rng) {
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    const double durations[] = {0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0};
    const double delays[] = {0.0, 0.0, 0.1, 0.5, 2.0};
    PipelineSpec spec = makeSpec(schedule, pick(1, 8), pick(1, 24));
    spec.f = durations[pick(0, 6)];
    spec.b = durations[pick(0, 6)];
    spec.w = durations[pick(0, 6)];
    if (spec.f + spec.b + spec.w == 0.0)
        spec.f = 1.0;
    spec.p2p = delays[pick(0, 4)];
    if (schedule == Schedule::Interleaved) {
        spec.virtualStages = pick(1, 4);
        if (spec.virtualStages > 1)
            spec.microBatches = spec.stages * pick(1, 4);
    }
    if (schedule == Schedule::DualPipeV)
        spec.microBatches = std::max(spec.microBatches, 2 * spec.stages);
    return spec;
}

class PipelineProperties : public ::testing::TestWithParam<Schedule> {};

TEST_P(PipelineProperties, RandomGridInvariants) {
    std::mt19937 rng(20240601u + static_cast<unsigned>(GetParam()));
    for (int i = 0; i < 60; ++i) {
        const PipelineSpec spec = randomSpec(GetParam(), rng);
        SCOPED_TRACE(describe(spec));
        const Timeline timeline = simulate(spec);
        const PipelineMetrics& metrics = timeline.metrics;
        const Checked checked = checkTimeline(timeline);
        EXPECT_EQ(0, checked.missing);
        EXPECT_EQ(0, checked.duplicated);
        EXPECT_EQ(0, checked.overlaps);
        EXPECT_EQ(0, checked.depViolations);

        EXPECT_GE(metrics.makespan, metrics.ideal - kEps);
        EXPECT_GE(metrics.bubbleFraction, 0.0);
        EXPECT_LT(metrics.bubbleFraction, 1.0);
        EXPECT_GE(metrics.bubbleOverIdeal, -kEps);
        for (double x : {metrics.makespan, metrics.ideal, metrics.bubbleFraction, metrics.bubbleOverIdeal})
            EXPECT_TRUE(std::isfinite(x));
        ASSERT_EQ(static_cast<std::size_t>(spec.stages), metrics.idlePerRank.size());
        for (int r = 0; r < spec.stages; ++r) {
            EXPECT_TRUE(std::isfinite(metrics.idlePerRank[r]));
            EXPECT_GE(metrics.idlePerRank[r], 0.0);
            EXPECT_GE(metrics.peakInFlight[r], 1);
            EXPECT_LE(metrics.peakInFlight[r], spec.microBatches * timeline.spec.virtualStages);
        }

        // The closed form is exact where it says so, otherwise a lower bound on the makespan and an upper bound on
        // the peak.
        const PipelineClosedForm cf = closedForm(spec);
        const double tol = 1e-9 * std::max(1.0, metrics.makespan);
        if (cf.makespanExact) {
            EXPECT_NEAR(cf.makespan, metrics.makespan, tol);
            EXPECT_NEAR(cf.bubbleOverIdeal, metrics.bubbleOverIdeal, 1e-9);
            EXPECT_NEAR(cf.bubbleFraction, metrics.bubbleFraction, 1e-9);
        } else {
            EXPECT_LE(cf.makespan, metrics.makespan + tol);
            EXPECT_LE(cf.bubbleOverIdeal, metrics.bubbleOverIdeal + 1e-9);
        }
        if (cf.peakExact) {
            EXPECT_DOUBLE_EQ(cf.peakInFlightStagesRank0, metrics.peakInFlightStages[0]);
        } else {
            EXPECT_GE(cf.peakInFlightStagesRank0, metrics.peakInFlightStages[0]);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(AllSchedules, PipelineProperties, ::testing::ValuesIn(allSchedules()),
                         [](const ::testing::TestParamInfo<Schedule>& param) {
                             std::string name = scheduleName(param.param);
                             name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
                             return name == "1f1b" ? std::string("OneFOneB") : name;
                         });

// ----------------------------------------------------------------------------------------------------------------
// simulate() against closedForm() on a regular grid. Each row states where the closed form must be exact.

struct ClosedFormRow {
    Schedule schedule;
    double f, b, w;
    int minM; // exact for m >= minM (within the schedule's valid m)
};

TEST(PipelineClosedForm, AgreesWithSimulationOnGrid) {
    const std::vector<ClosedFormRow> rows = {
        {Schedule::GPipe, 1, 1, 1, 1},       {Schedule::GPipe, 0.5, 2, 1, 1},
        {Schedule::OneFOneB, 1, 1, 1, 1},    {Schedule::OneFOneB, 2, 0.5, 1.5, 1},
        {Schedule::Interleaved, 1, 1, 1, 1}, {Schedule::Interleaved, 0.5, 1.5, 1, 1},
        {Schedule::ZbH1, 1, 1, 1, 0},        {Schedule::ZbH1, 2, 1.5, 0.5, 0}, // w <= min(f, b): exact for m >= p
        {Schedule::ZbH2, 1, 1, 1, 0},        {Schedule::ZbV, 1, 1, 1, 0},
        {Schedule::DualPipeV, 1, 1, 1, 0},
    };
    int exactChecked = 0;
    for (const ClosedFormRow& row : rows) {
        for (int p : {1, 2, 3, 4, 6, 8}) {
            const std::vector<int> vs =
                row.schedule == Schedule::Interleaved ? std::vector<int>{2, 3, 4} : std::vector<int>{1};
            for (int v : vs) {
                for (int m = 1; m <= 40; ++m) {
                    PipelineSpec spec = makeSpec(row.schedule, p, m, v, row.f, row.b, row.w);
                    try {
                        validate(spec);
                    } catch (const std::invalid_argument&) {
                        continue; // m not allowed for this schedule
                    }
                    SCOPED_TRACE(describe(spec));
                    const PipelineMetrics metrics = simulate(spec).metrics;
                    const PipelineClosedForm cf = closedForm(spec);
                    int threshold = row.minM;
                    if (row.schedule == Schedule::ZbH1 || row.schedule == Schedule::ZbH2)
                        threshold = p;
                    if (row.schedule == Schedule::ZbV)
                        threshold = 2 * p - 1;
                    if (m >= threshold) {
                        EXPECT_TRUE(cf.makespanExact);
                        EXPECT_TRUE(cf.peakExact);
                    }
                    if (cf.makespanExact) {
                        ++exactChecked;
                        EXPECT_NEAR(cf.makespan, metrics.makespan, 1e-9);
                        EXPECT_NEAR(cf.bubbleOverIdeal, metrics.bubbleOverIdeal, 1e-12);
                        EXPECT_NEAR(cf.bubbleFraction, metrics.bubbleFraction, 1e-12);
                    } else {
                        EXPECT_LE(cf.makespan, metrics.makespan + 1e-9);
                    }
                    if (cf.peakExact) {
                        EXPECT_DOUBLE_EQ(cf.peakInFlightStagesRank0, metrics.peakInFlightStages[0]);
                    } else {
                        EXPECT_GE(cf.peakInFlightStagesRank0, metrics.peakInFlightStages[0]);
                    }
                }
            }
        }
    }
    EXPECT_GT(exactChecked, 1000);
}

TEST(PipelineClosedForm, InFlightGrowthIsThePeakAndNeverFalls) {
    // The memory gate checks a spec once and then asks the growth for any m: it must be peakInFlight at every m, and
    // never fall as m rises (the gate's search assumes memory never rises with dp).
    int checked = 0;
    for (Schedule schedule : allSchedules())
        for (int p : {1, 2, 3, 5, 8, 14})
            for (int v : schedule == Schedule::Interleaved ? std::vector<int>{1, 2, 3, 4} : std::vector<int>{1}) {
                const PipelineSpec base = makeSpec(schedule, p, 1, v);
                const InFlightGrowth growth = inFlightGrowth(base);
                PeakInFlight previous = growth.at(1);
                for (int m = 1; m <= 64; ++m) {
                    PipelineSpec spec = base;
                    spec.microBatches = m;
                    SCOPED_TRACE(describe(spec));
                    const PeakInFlight at = growth.at(m), peak = peakInFlight(spec);
                    EXPECT_EQ(at.rank0, peak.rank0);
                    EXPECT_EQ(at.lastRank, peak.lastRank);
                    EXPECT_GE(at.rank0, previous.rank0);
                    EXPECT_GE(at.lastRank, previous.lastRank);
                    previous = at;
                    ++checked;
                }
            }
    EXPECT_GT(checked, 2000);
    EXPECT_THROW(inFlightGrowth(makeSpec(Schedule::OneFOneB, 0, 4)), std::invalid_argument);
}

TEST(PipelineClosedForm, TextbookFormulas) {
    // gpipe / 1f1b: (p-1)/m; interleaved: (p-1)/(v m); zb-h1: (p-1)(F+B-W) per rank, i.e. (p-1)/(3m) when F=B=W.
    for (int p : {2, 4, 8}) {
        for (int k : {1, 2, 4}) {
            const int m = p * k;
            EXPECT_NEAR(double(p - 1) / m, closedForm(makeSpec(Schedule::GPipe, p, m)).bubbleOverIdeal, 1e-12);
            EXPECT_NEAR(double(p - 1) / m, closedForm(makeSpec(Schedule::OneFOneB, p, m)).bubbleOverIdeal, 1e-12);
            for (int v : {2, 4})
                EXPECT_NEAR(double(p - 1) / (v * m),
                            closedForm(makeSpec(Schedule::Interleaved, p, m, v)).bubbleOverIdeal, 1e-12);
            EXPECT_NEAR(double(p - 1) / (3 * m), closedForm(makeSpec(Schedule::ZbH1, p, m)).bubbleOverIdeal, 1e-12);
            EXPECT_DOUBLE_EQ(m, closedForm(makeSpec(Schedule::GPipe, p, m)).peakInFlightStagesRank0);
            EXPECT_DOUBLE_EQ(std::min(m, p), closedForm(makeSpec(Schedule::OneFOneB, p, m)).peakInFlightStagesRank0);
            if (k >= 2) { // enough micro-batches for the full warm-up
                EXPECT_DOUBLE_EQ(p + (p - 1) / 2.0,
                                 closedForm(makeSpec(Schedule::Interleaved, p, m, 2)).peakInFlightStagesRank0);
            }
        }
    }
    EXPECT_NEAR(0.09375, closedForm(makeSpec(Schedule::Interleaved, 4, 16, 2)).bubbleOverIdeal, 1e-12);
    EXPECT_NEAR(0.75, closedForm(makeSpec(Schedule::GPipe, 4, 1)).bubbleFraction, 1e-12);
}

// ----------------------------------------------------------------------------------------------------------------
// Rejected specs: std::invalid_argument naming the field.

TEST(PipelineValidation, RejectsBadSpecs) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    struct Row {
        PipelineSpec spec;
        std::string field;
        bool closedFormToo; // false: only simulate() rejects it (size cap, schedule-specific micro-batch rules)
    };
    const std::vector<Row> rows = {
        {makeSpec(Schedule::OneFOneB, 0, 8), "stages = 0", true},
        {makeSpec(Schedule::OneFOneB, -3, 8), "stages = -3", true},
        {makeSpec(Schedule::OneFOneB, 4, 0), "microBatches = 0", true},
        {makeSpec(Schedule::Interleaved, 4, 8, 0), "virtualStages = 0", true},
        {makeSpec(Schedule::GPipe, 4, 8, 1, -1.0), "f = -1", true},
        {makeSpec(Schedule::GPipe, 4, 8, 1, 1.0, nan), "b = nan", true},
        {makeSpec(Schedule::ZbH1, 4, 8, 1, 1.0, 1.0, inf), "w = inf", true},
        {makeSpec(Schedule::ZbH1, 4, 8, 1, 1.0, 1.0, 1.0, -0.5), "p2p = -0.5", true},
        {makeSpec(Schedule::ZbH2, 4, 8, 1, 0.0, 0.0, 0.0), "f + b + w = 0", true},
        {makeSpec(Schedule::Interleaved, 4, 6, 2), "microBatches = 6", false},
        {makeSpec(Schedule::Interleaved, 4, 2, 2), "microBatches = 2", false},
        {makeSpec(Schedule::DualPipeV, 4, 7), "microBatches = 7", false},
        {makeSpec(Schedule::OneFOneB, 1000, 5000), "blocks", false},
        {makeSpec(Schedule::Interleaved, 64, 512, 100), "blocks", false},
        {makeSpec(Schedule::GPipe, 4, 2'000'000'000), "microBatches=2000000000", false},
    };
    for (const Row& row : rows) {
        SCOPED_TRACE(describe(row.spec));
        try {
            simulate(row.spec);
            ADD_FAILURE() << "expected std::invalid_argument";
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string::npos, std::string(e.what()).find(row.field)) << e.what();
            EXPECT_NE(std::string::npos, std::string(e.what()).find("allowed")) << e.what();
        }
        if (row.closedFormToo) {
            EXPECT_THROW(closedForm(row.spec), std::invalid_argument);
        } else {
            // The ledger may ask about any size; the answer is then an estimate, not a simulated value.
            const PipelineClosedForm cf = closedForm(row.spec);
            EXPECT_TRUE(std::isfinite(cf.bubbleOverIdeal));
            EXPECT_GE(cf.bubbleFraction, 0.0);
            EXPECT_LT(cf.bubbleFraction, 1.0);
        }
    }
}

TEST(PipelineValidation, AcceptsEdgeSpecs) {
    EXPECT_NO_THROW(simulate(makeSpec(Schedule::ZbV, 1, 1, 2)));
    EXPECT_NO_THROW(simulate(makeSpec(Schedule::ZbH2, 8, 1)));
    EXPECT_NO_THROW(simulate(makeSpec(Schedule::DualPipeV, 1, 2)));
    EXPECT_NO_THROW(simulate(makeSpec(Schedule::OneFOneB, 4, 8, 1, 0.0, 1.0, 0.0)));
    // Schedules with a fixed number of chunks ignore virtualStages.
    EXPECT_EQ(1, simulate(makeSpec(Schedule::OneFOneB, 4, 8, 3)).spec.virtualStages);
    EXPECT_EQ(2, simulate(makeSpec(Schedule::ZbV, 4, 8, 5)).spec.virtualStages);
}

TEST(PipelineScale, LargeInterleavedSpecRuns) {
    const Timeline timeline = simulate(makeSpec(Schedule::Interleaved, 64, 512, 4));
    EXPECT_EQ(64u * 4u * 512u * 2u, timeline.blocks.size());
    EXPECT_NEAR(63.0 / (4 * 512), timeline.metrics.bubbleOverIdeal, 1e-12);
}

} // namespace
} // namespace tl::engine

// The ledger's stage-0 activation count follows the simulated schedule (issue 4: "the ledger's activation memory
// on the first stage follows the schedule's peak in-flight count").
#include "engine/evaluate.h"
#include "engine/layout.h"
#include "engine/presets.h"

namespace {

TEST(LedgerPipeline, InFlightAndBubbleMatchTheSimulator) {
    for (tl::engine::Schedule schedule : tl::engine::allSchedules()) {
        tl::engine::Scenario s;
        tl::engine::applyModelPreset(s, "llama3-8b"); // 32 layers: 4 stages x 2 chunks
        s.parallel.pp = 4;
        s.parallel.dp = 2;
        s.parallel.schedule = schedule;
        s.parallel.virtualStages = schedule == tl::engine::Schedule::Interleaved ? 2 : 1;
        s.data.globalBatch = 32; // 16 micro-batches per pipeline
        const tl::engine::Ledger l = tl::engine::evaluate(s);
        ASSERT_TRUE(l.valid) << tl::engine::scheduleName(schedule) << ": " << l.errors.front().message();
        const tl::engine::Timeline t = tl::engine::simulate(tl::engine::pipelineSpecFor(s));
        EXPECT_DOUBLE_EQ(l.pipeline.peakInFlightStage0, t.metrics.peakInFlightStages[0])
            << tl::engine::scheduleName(schedule);
        EXPECT_NEAR(l.pipeline.bubbleFraction, t.metrics.bubbleFraction, 1e-12) << tl::engine::scheduleName(schedule);
        // The most loaded stage's activations use that stage's simulated in-flight count.
        EXPECT_DOUBLE_EQ(l.memory.inFlightMicroBatches, t.metrics.peakInFlightStages[size_t(l.memory.stage)])
            << tl::engine::scheduleName(schedule) << " stage " << l.memory.stage;
    }
}

TEST(LedgerPipeline, LastRankPeakMatchesTheSimulator) {
    for (tl::engine::Schedule schedule : tl::engine::allSchedules())
        for (int p : {2, 3, 4, 6})
            for (int m : {1, 3, 8, 12, 24}) {
                tl::engine::PipelineSpec spec;
                spec.stages = p;
                spec.microBatches = m;
                spec.schedule = schedule;
                spec.virtualStages = schedule == tl::engine::Schedule::Interleaved ? 2 : 1;
                tl::engine::Timeline t;
                try {
                    t = tl::engine::simulate(spec);
                } catch (const std::invalid_argument&) {
                    continue; // m outside the schedule's rule
                }
                const tl::engine::PipelineClosedForm cf = tl::engine::closedForm(spec);
                if (cf.peakExact)
                    EXPECT_DOUBLE_EQ(cf.peakInFlightStagesLastRank, t.metrics.peakInFlightStages.back())
                        << tl::engine::scheduleName(schedule) << " p=" << p << " m=" << m;
                else
                    EXPECT_GE(cf.peakInFlightStagesLastRank, t.metrics.peakInFlightStages.back())
                        << tl::engine::scheduleName(schedule) << " p=" << p << " m=" << m;
            }
}

} // namespace
