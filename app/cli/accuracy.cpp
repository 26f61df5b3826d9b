#include "app/cli/accuracy.h"

#include "engine/calibrate.h"
#include "engine/published.h"
#include "engine/units.h"
#include "io/archive.h"
#include "io/calibrationruns.h"
#include "io/messagetext.h"
#include "io/scenariojson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>

#include <cmath>

namespace tl::cli {
namespace {

QString str(const std::string& s) {
    return QString::fromStdString(s);
}

QString percent(double x) {
    return QString::fromStdString((x >= 0 ? "+" : "") + engine::formatFixed(100 * x, 1) + "%");
}

// A value in its metric's unit, as the publication gives it.
QString metricValue(engine::RunMetric m, double v) {
    switch (m) {
    case engine::RunMetric::StepS:
        return QString::fromStdString(engine::formatFixed(v, v < 10 ? 3 : 2) + " s");
    case engine::RunMetric::TokensPerS:
        return QString::fromStdString(engine::groupDigits(std::round(v)) + " tokens/s/GPU");
    case engine::RunMetric::Mfu:
        return QString::fromStdString(engine::formatFixed(100 * v, 1) + "% MFU");
    case engine::RunMetric::MegatronTflops:
        return QString::fromStdString(engine::formatFixed(v, 1) + " TFLOP/s/GPU");
    case engine::RunMetric::MemoryGib:
        return QString::fromStdString(engine::formatFixed(v, 1) + " GiB");
    }
    return {};
}

const char* metricName(engine::RunMetric m) {
    switch (m) {
    case engine::RunMetric::StepS:
        return "step_s";
    case engine::RunMetric::TokensPerS:
        return "tokens_per_s";
    case engine::RunMetric::Mfu:
        return "mfu";
    case engine::RunMetric::MegatronTflops:
        return "megatron_tflops";
    case engine::RunMetric::MemoryGib:
        return "memory_gib";
    }
    return "";
}

QJsonObject efficiencyJson(const engine::EfficiencySpec& e) {
    return {{QStringLiteral("efficiency.gemm_fraction"), e.gemmFraction},
            {QStringLiteral("efficiency.hbm_fraction"), e.hbmFraction},
            {QStringLiteral("efficiency.link_fraction"), e.linkFraction},
            {QStringLiteral("efficiency.fp8_fraction"), e.fp8Fraction}};
}

} // namespace

QByteArray runValidate(bool json) {
    const engine::ValidationTable& t = engine::validationTable();
    if (json) {
        QJsonArray rows;
        for (const engine::RunCheck& r : t.rows) {
            QJsonObject o{{QStringLiteral("run"), str(r.run)},
                          {QStringLiteral("source"), str(r.source)},
                          {QStringLiteral("group"), str(r.group)},
                          {QStringLiteral("hardware"), str(r.gpuFamily)},
                          {QStringLiteral("parallelism"), str(r.parallelFamily)},
                          {QStringLiteral("metric"), QLatin1String(metricName(r.metric))},
                          {QStringLiteral("published"), r.published},
                          {QStringLiteral("predicted"), r.predicted},
                          {QStringLiteral("error"), r.error}};
            if (r.memory()) {
                o.insert(QStringLiteral("published_memory_gib"), r.publishedValue);
                o.insert(QStringLiteral("predicted_memory_gib"), r.predictedValue);
            } else {
                o.insert(QStringLiteral("published_s"), r.publishedValue);
                o.insert(QStringLiteral("predicted_s"), r.predictedValue);
            }
            if (!r.problem.empty())
                o.insert(QStringLiteral("problem"), str(r.problem.message()));
            rows.append(o);
        }
        QJsonObject groups;
        for (const engine::GroupStats& g : t.groups)
            groups.insert(str(g.group), QJsonObject{{QStringLiteral("runs"), g.count},
                                                    {QStringLiteral("mean_abs_error"), g.meanAbs},
                                                    {QStringLiteral("max_abs_error"), g.maxAbs}});
        return QJsonDocument(QJsonObject{{QStringLiteral("rows"), rows}, {QStringLiteral("groups"), groups}})
            .toJson(QJsonDocument::Indented);
    }
    // Columns as wide as the longest run name and group, so that every row lines up.
    int runWidth = 38, groupWidth = 13;
    for (const engine::RunCheck& r : t.rows) {
        runWidth = std::max(runWidth, int(r.run.size()));
        groupWidth = std::max(groupWidth, int(r.group.size()));
    }
    QString out = QStringLiteral("%1  %2  %3  %4  %5  %6\n")
                      .arg(QStringLiteral("run"), -runWidth)
                      .arg(QStringLiteral("group"), -groupWidth)
                      .arg(QStringLiteral("published"), 22)
                      .arg(QStringLiteral("predicted"), 22)
                      .arg(QStringLiteral("step or GiB, published -> predicted"), -36)
                      .arg(QStringLiteral("error"), 7);
    for (const engine::RunCheck& r : t.rows) {
        if (!r.problem.empty()) {
            out += QStringLiteral("%1  %2  refused: %3\n")
                       .arg(str(r.run), -runWidth)
                       .arg(str(r.group), -groupWidth)
                       .arg(str(r.problem.message()));
            continue;
        }
        const QString unit = r.memory() ? QStringLiteral(" GiB") : QStringLiteral(" s");
        const QString values = QString::fromStdString(engine::formatFixed(r.publishedValue, 2)) + unit +
                               QStringLiteral(" -> ") +
                               QString::fromStdString(engine::formatFixed(r.predictedValue, 2)) + unit;
        out += QStringLiteral("%1  %2  %3  %4  %5  %6\n")
                   .arg(str(r.run), -runWidth)
                   .arg(str(r.group), -groupWidth)
                   .arg(metricValue(r.metric, r.published), 22)
                   .arg(metricValue(r.metric, r.predicted), 22)
                   .arg(values, -36)
                   .arg(percent(r.error), 7);
    }
    out += QLatin1Char('\n');
    for (const engine::GroupStats& g : t.groups)
        out += QStringLiteral("%1  %2 runs: mean |error| %3%, worst %4%\n")
                   .arg(str(g.group), -groupWidth)
                   .arg(g.count, 3)
                   .arg(QString::fromStdString(engine::formatFixed(100 * g.meanAbs, 1)))
                   .arg(QString::fromStdString(engine::formatFixed(100 * g.maxAbs, 1)));
    out += QStringLiteral("error = predicted / published step time (memory rows: GiB) - 1; > 0: the model is slower.\n"
                          "Sources and known misses: docs/formulas.md, \"Checked against published runs\".\n");
    return out.toUtf8();
}

std::optional<QString> runCalibrate(const engine::Scenario& base, const QString& csvPath, bool json,
                                    const QString& saveOut, QByteArray& out) {
    std::vector<engine::MeasuredRun> runs;
    if (auto e = io::readCalibrationRuns(base, csvPath, runs))
        return io::messageText(*e);
    const engine::CalibrationResult c = engine::calibrate(base, runs);
    if (!c.ok)
        return QStringLiteral("%1: %2").arg(csvPath, io::messageText(c.problem));
    if (!saveOut.isEmpty()) {
        engine::Scenario fitted = engine::applyCalibration(base, c);
        const auto e = saveOut.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)
                           ? io::saveScenarioJson(saveOut, fitted)
                           : io::saveArchive(saveOut, fitted);
        if (e)
            return QStringLiteral("%1: cannot save: %2").arg(saveOut, io::messageText(*e));
    }
    if (json) {
        QJsonArray rows, moved, atBound;
        for (const engine::CalibratedRun& r : c.runs) {
            QJsonObject o{{QStringLiteral("run"), str(r.label)}, {QStringLiteral("measured_s"), r.measuredS}};
            if (r.problem.empty()) {
                o.insert(QStringLiteral("before_s"), r.beforeS);
                o.insert(QStringLiteral("after_s"), r.afterS);
                o.insert(QStringLiteral("error_before"), r.errorBefore);
                o.insert(QStringLiteral("error_after"), r.errorAfter);
                o.insert(QStringLiteral("predicted_memory_gib"), r.predictedMemoryGib);
                if (r.measuredMemoryGib > 0)
                    o.insert(QStringLiteral("measured_memory_gib"), r.measuredMemoryGib);
            } else {
                o.insert(QStringLiteral("problem"), io::messageText(r.problem));
            }
            rows.append(o);
        }
        for (const auto& k : c.moved)
            moved.append(str(k));
        for (const auto& k : c.atBound)
            atBound.append(str(k));
        out = QJsonDocument(QJsonObject{{QStringLiteral("before"), efficiencyJson(c.before)},
                                        {QStringLiteral("after"), efficiencyJson(c.after)},
                                        {QStringLiteral("moved"), moved},
                                        {QStringLiteral("at_bound"), atBound},
                                        {QStringLiteral("runs"), rows},
                                        {QStringLiteral("mean_abs_error_before"), c.meanAbsBefore},
                                        {QStringLiteral("mean_abs_error_after"), c.meanAbsAfter}})
                  .toJson(QJsonDocument::Indented);
        return std::nullopt;
    }
    QString t = QStringLiteral("Calibrated on %1 run(s); figures moved: %2\n")
                    .arg(runs.size())
                    .arg(c.moved.empty() ? QStringLiteral("none") : str([&] {
                        std::string s;
                        for (const auto& k : c.moved)
                            s += (s.empty() ? "" : ", ") + k;
                        return s;
                    }()));
    const engine::EfficiencySpec& b = c.before;
    const engine::EfficiencySpec& a = c.after;
    const std::pair<const char*, std::pair<double, double>> figures[] = {
        {"efficiency.gemm_fraction", {b.gemmFraction, a.gemmFraction}},
        {"efficiency.hbm_fraction", {b.hbmFraction, a.hbmFraction}},
        {"efficiency.link_fraction", {b.linkFraction, a.linkFraction}},
        {"efficiency.fp8_fraction", {b.fp8Fraction, a.fp8Fraction}}};
    for (const auto& [key, v] : figures)
        t += QStringLiteral("  %1 %2 -> %3\n")
                 .arg(QLatin1String(key), -26)
                 .arg(QString::fromStdString(engine::formatFixed(v.first, 4)))
                 .arg(QString::fromStdString(engine::formatFixed(v.second, 4)));
    for (const auto& k : c.atBound)
        t += QStringLiteral("  %1 ended on its bound: the runs are outside what the model explains\n").arg(str(k));
    t += QStringLiteral("\n%1  %2  %3  %4  %5  %6\n")
             .arg(QStringLiteral("run"), -40)
             .arg(QStringLiteral("measured"), 10)
             .arg(QStringLiteral("before"), 10)
             .arg(QStringLiteral("error"), 7)
             .arg(QStringLiteral("after"), 10)
             .arg(QStringLiteral("error"), 7);
    for (const engine::CalibratedRun& r : c.runs) {
        const QString label = str(r.label).left(40);
        if (!r.problem.empty()) {
            t += QStringLiteral("%1  not used: %2\n").arg(label, -40).arg(io::messageText(r.problem));
            continue;
        }
        auto sec = [](double s) { return QString::fromStdString(engine::formatFixed(s, s < 10 ? 3 : 2) + " s"); };
        t += QStringLiteral("%1  %2  %3  %4  %5  %6\n")
                 .arg(label, -40)
                 .arg(sec(r.measuredS), 10)
                 .arg(sec(r.beforeS), 10)
                 .arg(percent(r.errorBefore), 7)
                 .arg(sec(r.afterS), 10)
                 .arg(percent(r.errorAfter), 7);
    }
    t += QStringLiteral("mean |error| %1% before, %2% after\n")
             .arg(QString::fromStdString(engine::formatFixed(100 * c.meanAbsBefore, 1)))
             .arg(QString::fromStdString(engine::formatFixed(100 * c.meanAbsAfter, 1)));
    if (!saveOut.isEmpty())
        t += QStringLiteral("saved %1 with the fitted figures\n").arg(saveOut);
    out = t.toUtf8();
    return std::nullopt;
}

} // namespace tl::cli
