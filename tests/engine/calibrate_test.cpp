// Calibration to one's own cluster: fitted on one torchtitan run, the model predicts the others of the same stack.

#include "engine/calibrate.h"
#include "engine/evaluate.h"
#include "engine/published.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

using namespace tl::engine;

MeasuredRun published(const std::string& name) {
    for (const PublishedRun& r : publishedRuns()) {
        if (r.run != name)
            continue;
        const RunCheck c = checkRun(r, *publishedScenario(r));
        MeasuredRun m;
        m.label = r.run;
        m.scenario = *publishedScenario(r);
        m.measuredStepS = c.publishedValue; // tokens per second per GPU turned into seconds per step
        return m;
    }
    ADD_FAILURE() << name;
    return {};
}

double errorAfter(const CalibrationResult& c, const MeasuredRun& r) {
    const Scenario s = applyCalibration(r.scenario, c);
    return evaluate(s).time.stepTimeS / r.measuredStepS - 1;
}

TEST(Calibrate, OneBf16RunMovesTheGemmShare) {
    const MeasuredRun eight = published("torchtitan 8B 8 GPUs");
    const CalibrationResult c = calibrate(eight.scenario, {eight});
    ASSERT_TRUE(c.ok) << c.problem.message();
    ASSERT_EQ(c.moved.size(), 1u);
    EXPECT_EQ(c.moved.front(), "efficiency.gemm_fraction");
    EXPECT_LT(c.after.gemmFraction, c.before.gemmFraction); // torchtitan runs below the model's stack
    EXPECT_EQ(c.after.hbmFraction, c.before.hbmFraction);
    EXPECT_EQ(c.after.linkFraction, c.before.linkFraction);
    EXPECT_EQ(c.after.fp8Fraction, c.before.fp8Fraction);
    ASSERT_EQ(c.runs.size(), 1u);
    EXPECT_GT(std::fabs(c.runs[0].errorBefore), 0.15);
    EXPECT_LT(std::fabs(c.runs[0].errorAfter), 0.01);
    // The calibrated scenario predicts the 128-GPU compiled run within 5%.
    const MeasuredRun wide = published("torchtitan 8B 128 GPUs");
    EXPECT_LT(std::fabs(errorAfter(c, wide)), 0.05) << errorAfter(c, wide);
    // And it says so.
    const Ledger l = evaluate(applyCalibration(wide.scenario, c));
    EXPECT_TRUE(l.validation.calibrated);
    EXPECT_FALSE(evaluate(wide.scenario).validation.calibrated);
}

TEST(Calibrate, OneFloat8RunMovesTheFp8Share) {
    const MeasuredRun eight = published("torchtitan 8B 8 GPUs Float8");
    const CalibrationResult c = calibrate(eight.scenario, {eight});
    ASSERT_TRUE(c.ok) << c.problem.message();
    ASSERT_EQ(c.moved.size(), 1u);
    EXPECT_EQ(c.moved.front(), "efficiency.fp8_fraction");
    for (const char* name : {"torchtitan 8B 8 GPUs Float8", "torchtitan 8B 128 GPUs Float8"}) {
        const MeasuredRun r = published(name);
        EXPECT_LT(std::fabs(errorAfter(c, r)), 0.10) << name << ": " << errorAfter(c, r);
    }
}

TEST(Calibrate, MoreRunsMayMoveMoreAndStayInBounds) {
    const std::vector<MeasuredRun> runs = {published("torchtitan 8B 8 GPUs"), published("torchtitan 8B 8 GPUs Float8")};
    const CalibrationResult c = calibrate(runs[0].scenario, runs);
    ASSERT_TRUE(c.ok) << c.problem.message();
    EXPECT_LE(c.moved.size(), 2u);
    EXPECT_LT(c.meanAbsAfter, c.meanAbsBefore);
    for (const CalibrationBound& b : calibrationBounds()) {
        Scenario s = applyCalibration(runs[0].scenario, c);
        const double v = b.key == std::string("efficiency.gemm_fraction")   ? s.efficiency.gemmFraction
                         : b.key == std::string("efficiency.fp8_fraction")  ? s.efficiency.fp8Fraction
                         : b.key == std::string("efficiency.link_fraction") ? s.efficiency.linkFraction
                                                                            : s.efficiency.hbmFraction;
        EXPECT_GE(v, b.low) << b.key;
        EXPECT_LE(v, b.high) << b.key;
    }
}

TEST(Calibrate, RefusesRunsOnOtherHardware) {
    const MeasuredRun h100 = published("torchtitan 8B 8 GPUs");
    const MeasuredRun b200 = published("Megatron-Bridge 8B 8 B200");
    const CalibrationResult c = calibrate(h100.scenario, {b200});
    EXPECT_FALSE(c.ok);
    ASSERT_EQ(c.runs.size(), 1u);
    // Refusals are message ids with typed arguments (the window translates them); their English is the sentence the
    // CLI has always printed.
    EXPECT_EQ(c.runs[0].problem.id, Msg::CalibrateOtherHardware);
    EXPECT_EQ(c.runs[0].problem.message(), "runs on B200, the scenario on H100/H200: calibrate one hardware at a time");
    EXPECT_EQ(c.problem.id, Msg::CalibrateNoUsableRun);
    EXPECT_EQ(c.problem.message(),
              "no run could be used: runs on B200, the scenario on H100/H200: calibrate one hardware at a time");
    MeasuredRun bad = h100;
    bad.measuredStepS = -1;
    const CalibrationResult refused = calibrate(h100.scenario, {bad});
    EXPECT_FALSE(refused.ok);
    ASSERT_EQ(refused.runs.size(), 1u);
    EXPECT_EQ(refused.runs[0].problem.message(), "measured_step_s must be a number above 0");
    EXPECT_EQ(calibrate(h100.scenario, {}).problem.message(), "no runs to calibrate on");
    // A run whose layout the rules refuse carries the rule's own diagnostic (its key, for the window's label).
    MeasuredRun odd = h100;
    odd.scenario.parallel.tp = 3;
    const CalibrationResult invalid = calibrate(h100.scenario, {odd});
    ASSERT_EQ(invalid.runs.size(), 1u);
    EXPECT_EQ(std::string(invalid.runs[0].problem.key), "parallel.tp");
    EXPECT_EQ(invalid.runs[0].problem.message().rfind("parallel.tp: 3 is not allowed", 0), 0u)
        << invalid.runs[0].problem.message();
}

TEST(Calibrate, SettingsForm) {
    Scenario base;
    MeasuredRun r;
    EXPECT_FALSE(measuredRunFromSettings(base, "hardware.preset=b200;parallel.dp=16", 2.0, 0, r).has_value());
    EXPECT_EQ(r.scenario.hardware.preset, "b200");
    EXPECT_EQ(r.scenario.parallel.dp, 16);
    const auto e = measuredRunFromSettings(base, "parallel.tp=abc", 2.0, 0, r);
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ(std::string(e->key), "parallel.tp") << e->message();
    EXPECT_EQ(e->message().rfind("parallel.tp: ", 0), 0u) << e->message();
    const auto noEquals = measuredRunFromSettings(base, "parallel.dp=8;oops", 2.0, 0, r);
    ASSERT_TRUE(noEquals.has_value());
    EXPECT_EQ(noEquals->id, Msg::SettingsExpectKeyValue);
    EXPECT_EQ(noEquals->message(), "oops: expected KEY=VALUE");
}

} // namespace
