#include "app/cli/plan.h"

#include "app/cli/progress.h"
#include "app/cli/translation.h"
#include "engine/units.h"
#include "io/messagetext.h"
#include "io/scenariojson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tl::cli {
namespace {

QJsonObject planJson(const engine::Plan& p) {
    QJsonObject set;
    for (const auto& [key, value] : engine::planAssignments(p))
        set.insert(QString::fromStdString(key), io::fromFieldValue(value));
    QJsonObject o;
    o.insert(QStringLiteral("set"), set);
    o.insert(QStringLiteral("layout"), QString::fromStdString(engine::describeLayout(p.layout)));
    o.insert(QStringLiteral("time.days"), p.daysCompute);
    o.insert(QStringLiteral("time.days_effective"), p.days); // what the planner ranks (faults and checkpoints counted)
    o.insert(QStringLiteral("time.step_s"), p.stepS);
    o.insert(QStringLiteral("time.mfu"), p.mfu);
    o.insert(QStringLiteral("time.gpus"), qint64(p.gpus()));
    o.insert(QStringLiteral("time.finishes"), p.finishes);
    o.insert(QStringLiteral("cost.usd"), p.usd);
    o.insert(QStringLiteral("memory.total"), p.memoryTotal);
    o.insert(QStringLiteral("memory.capacity"), p.capacity);
    o.insert(QStringLiteral("memory.headroom"), p.headroom());
    o.insert(QStringLiteral("bottleneck"), QString::fromStdString(p.bottleneck));
    return o;
}

QJsonArray plansJson(const std::vector<engine::Plan>& plans) {
    QJsonArray a;
    for (const auto& p : plans)
        a.append(planJson(p));
    return a;
}

QByteArray csvLine(const QStringList& cells) {
    return cells.join(QLatin1Char(',')).toUtf8() + '\n';
}

QByteArray csv(const engine::PlanResult& r) {
    QByteArray out = csvLine({QStringLiteral("rank"),
                              QStringLiteral("time.gpus"),
                              QStringLiteral("parallel.tp"),
                              QStringLiteral("parallel.pp"),
                              QStringLiteral("parallel.dp"),
                              QStringLiteral("parallel.cp"),
                              QStringLiteral("parallel.zero"),
                              QStringLiteral("parallel.sequence_parallel"),
                              QStringLiteral("parallel.schedule"),
                              QStringLiteral("parallel.virtual_stages"),
                              QStringLiteral("data.micro_batch"),
                              QStringLiteral("activations.recompute"),
                              QStringLiteral("offload.optimizer"),
                              QStringLiteral("time.days"),
                              QStringLiteral("time.days_effective"),
                              QStringLiteral("time.step_s"),
                              QStringLiteral("time.mfu"),
                              QStringLiteral("cost.usd"),
                              QStringLiteral("memory.total"),
                              QStringLiteral("time.finishes")});
    int rank = 0;
    for (const auto& p : r.plans) {
        const auto& l = p.layout;
        auto n = [](double x) { return QString::number(x, 'g', 17); };
        out += csvLine({QString::number(++rank),
                        QString::number(p.gpus()),
                        QString::number(l.tp),
                        QString::number(l.pp),
                        QString::number(l.dp),
                        QString::number(l.cp),
                        QString::number(l.zero),
                        l.sequenceParallel ? QStringLiteral("true") : QStringLiteral("false"),
                        QString::fromLatin1(engine::scheduleName(l.schedule)),
                        QString::number(l.virtualStages),
                        QString::number(l.microBatch),
                        QString::fromLatin1(engine::recomputeName(l.recompute)),
                        QString::fromLatin1(engine::offloadName(l.offload)),
                        n(p.daysCompute),
                        n(p.days),
                        n(p.stepS),
                        n(p.mfu),
                        n(p.usd),
                        n(p.memoryTotal),
                        p.finishes ? QStringLiteral("true") : QStringLiteral("false")});
    }
    return out;
}

QByteArray text(const engine::PlanResult& r, const engine::PlanRequest& req) {
    QByteArray out;
    out += Cli::tr("%1 layouts evaluated, %2 pruned, %3 fit, %4 finish in time (%5 s, %6 threads)\n")
               .arg(QString::fromStdString(engine::groupDigits(double(r.evaluated))),
                    QString::fromStdString(engine::groupDigits(double(r.pruned))),
                    QString::fromStdString(engine::groupDigits(double(r.feasible))),
                    QString::fromStdString(engine::groupDigits(double(r.meeting))))
               .arg(r.seconds, 0, 'f', 3)
               .arg(r.threads)
               .toUtf8();
    if (r.plans.empty())
        return out + Cli::tr("no plan: %1\n").arg(io::messageText(r.reason)).toUtf8();
    if (req.budgetUsd > 0)
        out += Cli::tr("budget: %1 at most\n")
                   .arg(QString::fromStdString("$" + engine::groupDigits(req.budgetUsd)))
                   .toUtf8();
    if (!r.plans.front().derived)
        out += Cli::tr("a fixed MFU makes every layout on a GPU count equally fast: on one count the plans rank by "
                       "memory per GPU (most room first), then by GPUs; --set efficiency.mode=derived ranks them by "
                       "the modelled step time\n")
                   .toUtf8();
    out += Cli::tr("%1 plans by %2:\n")
               .arg(r.plans.size())
               .arg(QLatin1String(engine::objectiveName(req.objective)))
               .toUtf8();
    int rank = 0;
    for (const auto& p : r.plans)
        out += Cli::tr("%1. %2\n     %3 GPUs, %4 days, %5, %6 per GPU (%7% free), MFU %8%\n")
                   .arg(++rank)
                   .arg(QString::fromStdString(engine::describeLayout(p.layout)))
                   .arg(QString::fromStdString(engine::groupDigits(double(p.gpus()))))
                   .arg(p.days, 0, 'f', 1)
                   .arg(QString::fromStdString("$" + engine::groupDigits(p.usd)))
                   .arg(QString::fromStdString(engine::formatGB(p.memoryTotal)))
                   .arg(p.headroom() * 100, 0, 'f', 0)
                   .arg(p.mfu * 100, 0, 'f', 1)
                   .toUtf8();
    return out;
}

} // namespace

std::optional<std::pair<long long, long long>> parseGpus(const QString& value, QString& error) {
    long long lo = 0, hi = 0;
    engine::Diagnostic message;
    if (!engine::parseGpuRange(value.toStdString(), "--gpus", lo, hi, message)) {
        error = io::messageText(message);
        return std::nullopt;
    }
    return std::pair{lo, hi};
}

QByteArray runPlan(const engine::Scenario& scenario, const PlanOptions& options, QString& error, QString& warning) {
    std::vector<std::pair<std::string, engine::FieldValue>> pinned;
    for (const QString& assignment : options.whyNot) {
        // Parse through the same path as --set, then read the value back: the planner gets typed values.
        const qsizetype eq = assignment.indexOf(QLatin1Char('='));
        engine::Scenario probe = scenario;
        if (eq <= 0) {
            error = Cli::tr("--why-not: \"%1\" is not allowed; allowed: KEY=VALUE").arg(assignment);
            return {};
        }
        if (auto e = io::applyAssignment(probe, assignment)) {
            error = QStringLiteral("--why-not: ") + io::messageText(*e);
            return {};
        }
        const std::string key = assignment.left(eq).trimmed().toStdString();
        pinned.emplace_back(key, engine::findField(key)->get(probe));
    }
    engine::PlanRequest request = options.request;
    ProgressLines progress(Cli::tr("planning"));
    request.progress = [&progress](double done) { progress.report(done); };
    const engine::PlanResult r = engine::planLayouts(scenario, request);
    if (r.ranked > qint64(r.plans.size()) && options.request.top == 0)
        warning = Cli::tr("--top 0 lists at most %1 plans; the best %1 of %2 are shown (narrow --gpus for the rest)")
                      .arg(QString::fromStdString(engine::groupDigits(double(r.plans.size()))),
                           QString::fromStdString(engine::groupDigits(double(r.ranked))));
    if (options.csv)
        return csv(r);
    std::optional<engine::WhyNot> why;
    if (!pinned.empty())
        why = engine::whyNot(scenario, options.request, pinned);
    if (!options.json) {
        QByteArray out = text(r, options.request);
        if (why) {
            out += Cli::tr("\nwhy not: %1\n").arg(io::messageText(why->reason)).toUtf8();
            if (!why->nearest.empty())
                out += Cli::tr("nearest layouts that work:\n").toUtf8();
            for (const auto& p : why->nearest)
                out += "  " + QByteArray::fromStdString(engine::describeLayout(p.layout)) + '\n';
        }
        return out;
    }
    QJsonObject o;
    o.insert(QStringLiteral("evaluated"), qint64(r.evaluated));
    o.insert(QStringLiteral("pruned"), qint64(r.pruned));
    o.insert(QStringLiteral("feasible"), qint64(r.feasible));
    o.insert(QStringLiteral("meeting_deadline"), qint64(r.meeting));
    o.insert(QStringLiteral("ranked"), qint64(r.ranked));
    o.insert(QStringLiteral("seconds"), r.seconds);
    o.insert(QStringLiteral("threads"), r.threads);
    o.insert(QStringLiteral("objective"), QLatin1String(engine::objectiveName(options.request.objective)));
    o.insert(QStringLiteral("gpus"), QJsonObject{{QStringLiteral("min"), qint64(options.request.minGpus)},
                                                 {QStringLiteral("max"), qint64(options.request.maxGpus)}});
    o.insert(QStringLiteral("headroom"), options.request.headroom);
    if (options.request.budgetUsd > 0)
        o.insert(QStringLiteral("budget_usd"), options.request.budgetUsd);
    o.insert(QStringLiteral("plans"), plansJson(r.plans));
    o.insert(QStringLiteral("pareto"), plansJson(r.pareto));
    if (r.plans.empty())
        o.insert(QStringLiteral("reason"), QString::fromStdString(r.reason.message()));
    if (why) {
        QJsonObject w;
        w.insert(QStringLiteral("works"), why->works);
        w.insert(QStringLiteral("rule"), QString::fromStdString(why->rule));
        w.insert(QStringLiteral("message"), QString::fromStdString(why->reason.message()));
        w.insert(QStringLiteral("nearest"), plansJson(why->nearest));
        o.insert(QStringLiteral("why_not"), w);
    }
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

} // namespace tl::cli
