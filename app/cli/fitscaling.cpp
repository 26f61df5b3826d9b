#include "app/cli/fitscaling.h"

#include "app/cli/progress.h"
#include "engine/labs/allocation.h"
#include "engine/labs/scalingfit.h"
#include "io/atomicfile.h"
#include "io/messagetext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tl::cli {

std::optional<QString> fitScaling(const QString& path, bool json, QByteArray& out) {
    const io::ReadResult file = io::readRegularFile(path, engine::labs::kMaxPilotRunsBytes);
    if (file.error)
        return QStringLiteral("%1: cannot read: %2").arg(path, io::messageText(*file.error));
    const engine::labs::PilotRunsParse parsed =
        engine::labs::parsePilotRuns(std::string_view(file.bytes.constData(), std::size_t(file.bytes.size())));
    if (!parsed.error.empty())
        return QStringLiteral("%1: %2").arg(path, QString::fromStdString(parsed.error));

    const engine::labs::FitOptions options;
    ProgressLines progress(Cli::tr("fitting"));
    const engine::labs::ScalingFit fit = engine::labs::fitScalingLaw(parsed.runs, options, [&progress](double done) {
        progress.report(done);
        return true;
    });
    if (fit.failed)
        return QStringLiteral("%1: no law with a finite loss fits these %2 runs").arg(path).arg(fit.points);
    const engine::ParametricLaw& law = fit.law;
    const char* names[] = {"E", "A", "B", "alpha", "beta"};
    const double values[] = {law.E, law.A, law.B, law.alpha, law.beta};
    const bool allocatable = law.alpha > 0 && law.beta > 0;

    if (json) {
        QJsonObject o, intervals;
        for (int k = 0; k < 5; ++k) {
            o[QLatin1String(names[k])] = values[k];
            const auto& iv = fit.intervals[std::size_t(k)];
            intervals[QLatin1String(names[k])] = QJsonArray{iv.lo, iv.hi};
        }
        o[QStringLiteral("points")] = fit.points;
        o[QStringLiteral("huber_loss")] = fit.huberLoss;
        o[QStringLiteral("huber_delta")] = options.delta;
        o[QStringLiteral("starts")] = fit.starts;
        o[QStringLiteral("bootstrap_samples")] = fit.bootstrapSamples;
        o[QStringLiteral("confidence")] = options.confidence;
        o[QStringLiteral("intervals")] = intervals;
        if (allocatable) {
            QJsonArray allocations;
            for (double c : {1e22, 1e24}) {
                const engine::Allocation a = engine::lawAllocation(law, c);
                allocations.append(QJsonObject{{QStringLiteral("flops"), c},
                                               {QStringLiteral("params"), a.params},
                                               {QStringLiteral("tokens"), a.tokens},
                                               {QStringLiteral("loss"), a.loss}});
            }
            o[QStringLiteral("allocations")] = allocations;
        }
        out = QJsonDocument(o).toJson(QJsonDocument::Indented);
        return std::nullopt;
    }

    QString t = QStringLiteral("L = E + A / N^alpha + B / D^beta fitted to %1 runs (Huber delta %2 on log residuals, "
                               "%3 exponent pairs tried)\n")
                    .arg(fit.points)
                    .arg(options.delta)
                    .arg(fit.starts);
    for (int k = 0; k < 5; ++k) {
        const auto& iv = fit.intervals[std::size_t(k)];
        t += QStringLiteral("  %1 %2   %3% interval [%4, %5]\n")
                 .arg(QLatin1String(names[k]), -6)
                 .arg(values[k], 12, 'g', 6)
                 .arg(options.confidence * 100)
                 .arg(iv.lo, 0, 'g', 5)
                 .arg(iv.hi, 0, 'g', 5);
    }
    t += QStringLiteral("  huber loss %1 (sum over the runs); intervals from %2 bootstrap resamples\n")
             .arg(fit.huberLoss, 0, 'g', 4)
             .arg(fit.bootstrapSamples);
    if (allocatable) {
        for (double c : {1e22, 1e24}) {
            const engine::Allocation a = engine::lawAllocation(law, c);
            t += QStringLiteral("  compute-optimal at %1 FLOPs: %2B parameters, %3B tokens (%4 per parameter), "
                                "loss %5\n")
                     .arg(c, 0, 'g', 3)
                     .arg(a.params / 1e9, 0, 'f', 2)
                     .arg(a.tokens / 1e9, 0, 'f', 1)
                     .arg(a.tokens / a.params, 0, 'f', 0)
                     .arg(a.loss, 0, 'f', 3);
        }
    } else {
        t += QStringLiteral("  no compute-optimal allocation: it needs alpha > 0 and beta > 0\n");
    }
    out = t.toUtf8();
    return std::nullopt;
}

} // namespace tl::cli
