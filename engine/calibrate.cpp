#include "engine/calibrate.h"

#include "engine/evaluate.h"
#include "engine/published.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tl::engine {
namespace {

constexpr double kGib = 1073741824.0;

// The member an efficiency.* key names, writable or not as `e` is.
template <class Spec> auto& figureOf(Spec& e, std::string_view key) {
    if (key == "efficiency.fp8_fraction")
        return e.fp8Fraction;
    if (key == "efficiency.link_fraction")
        return e.linkFraction;
    if (key == "efficiency.hbm_fraction")
        return e.hbmFraction;
    return e.gemmFraction;
}

double& figure(EfficiencySpec& e, std::string_view key) {
    return figureOf(e, key);
}

} // namespace

double efficiencyFigure(const EfficiencySpec& e, std::string_view key) {
    return figureOf(e, key);
}

namespace {

const CalibrationBound& boundOf(std::string_view key) {
    for (const CalibrationBound& b : calibrationBounds())
        if (key == b.key)
            return b;
    return calibrationBounds().front();
}

// The run timed in derived mode with the figures `e`; NaN when its scenario is refused.
double stepWith(const MeasuredRun& r, const EfficiencySpec& e, double* memoryGib = nullptr) {
    Scenario s = r.scenario;
    s.efficiency.mode = EfficiencyMode::Derived;
    s.efficiency.gemmFraction = e.gemmFraction;
    s.efficiency.hbmFraction = e.hbmFraction;
    s.efficiency.linkFraction = e.linkFraction;
    s.efficiency.fp8Fraction = e.fp8Fraction;
    const Ledger l = evaluate(s);
    if (!l.valid)
        return std::numeric_limits<double>::quiet_NaN();
    if (memoryGib)
        *memoryGib = l.memory.total / kGib;
    return l.time.stepTimeS;
}

// Mean squared log error of the usable runs: a run twice too slow weighs as much as one twice too fast.
double objective(const std::vector<MeasuredRun>& runs, const EfficiencySpec& e) {
    double sum = 0;
    int n = 0;
    for (const MeasuredRun& r : runs) {
        const double step = stepWith(r, e);
        if (!std::isfinite(step))
            continue;
        const double d = std::log(step / r.measuredStepS);
        sum += d * d;
        ++n;
    }
    return n > 0 ? sum / n : 0.0;
}

// Golden-section search for the figure `key` in its bounds, the others held.
void fitOne(const std::vector<MeasuredRun>& runs, EfficiencySpec& e, std::string_view key) {
    const CalibrationBound& b = boundOf(key);
    const double g = (std::sqrt(5.0) - 1) / 2;
    double lo = b.low, hi = b.high;
    EfficiencySpec trial = e;
    auto at = [&](double x) {
        figure(trial, key) = x;
        return objective(runs, trial);
    };
    double x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
    double f1 = at(x1), f2 = at(x2);
    for (int i = 0; i < 48 && hi - lo > 1e-6; ++i) {
        if (f1 <= f2) {
            hi = x2;
            x2 = x1;
            f2 = f1;
            x1 = hi - g * (hi - lo);
            f1 = at(x1);
        } else {
            lo = x1;
            x1 = x2;
            f1 = f2;
            x2 = lo + g * (hi - lo);
            f2 = at(x2);
        }
    }
    // Four decimals: the figure is a share of peak, and a saved scenario should read as one.
    figure(e, key) = std::round((lo + hi) / 2 * 1e4) / 1e4;
}

} // namespace

const std::vector<CalibrationBound>& calibrationBounds() {
    // Below the lows a run is broken rather than slow (a matmul at a fifth of peak, links at a fifth of their rate);
    // above the highs no public microbenchmark goes (Maximum Achievable Matmul FLOPS: 78-86% of the BF16 peak;
    // STREAM-like copies: about 90% of HBM; nccl-tests bus bandwidth: about 90% of NVLink).
    static const std::vector<CalibrationBound> bounds = {{"efficiency.gemm_fraction", 0.20, 0.95},
                                                         {"efficiency.fp8_fraction", 0.20, 0.95},
                                                         {"efficiency.link_fraction", 0.20, 0.95},
                                                         {"efficiency.hbm_fraction", 0.30, 0.95}};
    return bounds;
}

CalibrationResult calibrate(const Scenario& base, const std::vector<MeasuredRun>& runs) {
    CalibrationResult out;
    out.before = out.after = base.efficiency;
    std::vector<MeasuredRun> usable;
    int fp8Runs = 0, bf16Runs = 0;
    for (const MeasuredRun& r : runs) {
        CalibratedRun c;
        c.label = r.label;
        c.measuredS = r.measuredStepS;
        c.measuredMemoryGib = r.measuredMemoryGib;
        if (!(r.measuredStepS > 0) || !std::isfinite(r.measuredStepS)) {
            c.problem = sentence(Msg::CalibrateStepAboveZero);
        } else if (gpuFamily(r.scenario.hardware) != gpuFamily(base.hardware) ||
                   r.scenario.hardware.peakTflops != base.hardware.peakTflops) {
            c.problem = sentence(Msg::CalibrateOtherHardware, {MessageArg::ofText(gpuFamily(r.scenario.hardware)),
                                                               MessageArg::ofText(gpuFamily(base.hardware))});
        } else {
            const Ledger l = [&] {
                Scenario s = r.scenario;
                s.efficiency.mode = EfficiencyMode::Derived;
                return evaluate(s);
            }();
            if (!l.valid)
                c.problem = l.errors.empty() ? sentence(Msg::ScenarioNotValid) : l.errors.front();
        }
        if (c.problem.empty()) {
            usable.push_back(r);
            (r.scenario.precision.compute == NumberFormat::Fp8 ? fp8Runs : bf16Runs) += 1;
        }
        out.runs.push_back(c);
    }
    if (usable.empty()) {
        out.problem = runs.empty()
                          ? sentence(Msg::CalibrateNoRuns)
                          : sentence(Msg::CalibrateNoUsableRun, {MessageArg::ofSentence(out.runs.front().problem)});
        return out;
    }

    // The figures the runs can tell apart, most telling first: the matmul share of the runs' main format, the other
    // format's, then the links and HBM; one figure per run.
    std::vector<std::string> order;
    const bool mostlyFp8 = fp8Runs > bf16Runs;
    order.push_back(mostlyFp8 ? "efficiency.fp8_fraction" : "efficiency.gemm_fraction");
    if (fp8Runs > 0 && bf16Runs > 0)
        order.push_back(mostlyFp8 ? "efficiency.gemm_fraction" : "efficiency.fp8_fraction");
    order.push_back("efficiency.link_fraction");
    order.push_back("efficiency.hbm_fraction");
    order.resize(std::min(order.size(), usable.size()));

    EfficiencySpec e = base.efficiency;
    double best = objective(usable, e);
    for (const std::string& key : order) {
        EfficiencySpec trial = e;
        for (int sweep = 0; sweep < 3; ++sweep) { // coordinate descent over the figures moved so far and this one
            for (const std::string& k : out.moved)
                fitOne(usable, trial, k);
            fitOne(usable, trial, key);
        }
        const double f = objective(usable, trial);
        // A figure is moved only when it lowers the error (by more than rounding).
        if (out.moved.empty() || f < best * 0.98) {
            e = trial;
            best = f;
            out.moved.push_back(key);
        }
    }
    out.after = e;
    for (const std::string& key : out.moved) {
        const CalibrationBound& b = boundOf(key);
        const double v = figure(e, key);
        if (v <= b.low + 1e-3 || v >= b.high - 1e-3)
            out.atBound.push_back(key);
    }

    int n = 0;
    for (std::size_t i = 0, u = 0; i < out.runs.size(); ++i) {
        CalibratedRun& c = out.runs[i];
        if (!c.problem.empty())
            continue;
        const MeasuredRun& r = usable[u++];
        c.beforeS = stepWith(r, out.before);
        c.afterS = stepWith(r, out.after, &c.predictedMemoryGib);
        c.errorBefore = c.beforeS / c.measuredS - 1;
        c.errorAfter = c.afterS / c.measuredS - 1;
        out.meanAbsBefore += std::fabs(c.errorBefore);
        out.meanAbsAfter += std::fabs(c.errorAfter);
        ++n;
    }
    out.meanAbsBefore /= std::max(1, n);
    out.meanAbsAfter /= std::max(1, n);
    out.ok = true;
    return out;
}

Scenario applyCalibration(Scenario base, const CalibrationResult& r) {
    if (!r.ok)
        return base;
    base.efficiency.gemmFraction = r.after.gemmFraction;
    base.efficiency.hbmFraction = r.after.hbmFraction;
    base.efficiency.linkFraction = r.after.linkFraction;
    base.efficiency.fp8Fraction = r.after.fp8Fraction;
    return base;
}

std::optional<Diagnostic> measuredRunFromSettings(const Scenario& base, std::string_view settings, double stepS,
                                                  double memoryGib, MeasuredRun& out) {
    out = MeasuredRun{};
    out.scenario = base;
    out.label = std::string(settings);
    out.measuredStepS = stepS;
    out.measuredMemoryGib = memoryGib;
    return applySettings(out.scenario, settings);
}

} // namespace tl::engine
