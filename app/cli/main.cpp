// trainledger-cli: the command-line front on the engine (docs/contract.md §3).
// Bad input exits with status 2 and one line on stderr naming the key, the value and what is allowed.

#include "app/cli/accuracy.h"
#include "app/cli/fitscaling.h"
#include "app/cli/pipelinesvg.h"
#include "app/cli/plan.h"
#include "app/cli/report.h"
#include "app/cli/sweep.h"
#include "app/cli/translation.h"
#include "app/version.h"
#include "engine/compare.h"
#include "engine/evaluate.h"
#include "engine/explain.h"
#include "engine/fields.h"
#include "engine/ledgerfields.h"
#include "engine/units.h"
#include "io/archive.h"
#include "io/atomicfile.h"
#include "io/errorline.h"
#include "io/exportlaunch.h"
#include "io/importconfig.h"
#include "io/messagetext.h"
#include "io/scenariojson.h"
#include "io/schema.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace {

using namespace tl;
using cli::Cli;

// One line on stderr, whatever the message holds (control characters escaped, long values shortened).
int fail(const QString& message) {
    QTextStream(stderr) << io::oneLine(QStringLiteral("trainledger-cli: ") + message) << Qt::endl;
    return 2;
}

// Qt's own warnings (QBuffer::seek, QFSFileEngine::open, ...) are about bytes the reader has already judged: they
// never reach stderr, which carries only this program's lines. TRAINLEDGER_QT_DEBUG=1 shows them.
void quietQtMessages(QtMsgType type, const QMessageLogContext& context, const QString& message) {
    static const bool show = qEnvironmentVariableIntValue("TRAINLEDGER_QT_DEBUG") != 0;
    if (show || type == QtFatalMsg)
        QTextStream(stderr) << qFormatLogMessage(type, context, message) << Qt::endl;
}

// One option of the command line: its name, its help line (marked with QT_TRANSLATE_NOOP, shown in the user's
// language) and, when it takes a value, the value's name.
QCommandLineOption option(const char* name, const char* help, const char* valueName = "") {
    return QCommandLineOption(QString::fromLatin1(name), Cli::tr(help), QString::fromLatin1(valueName));
}

int g_outputError = 0; // errno of the first failed write to stdout, checked at exit

void print(const QByteArray& bytes) {
    if (std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout) != size_t(bytes.size()) && !g_outputError)
        g_outputError = errno ? errno : EIO;
}

QByteArray csvCell(const engine::LedgerValue& v) {
    if (auto b = std::get_if<bool>(&v))
        return *b ? "true" : "false";
    if (auto i = std::get_if<std::int64_t>(&v))
        return QByteArray::number(qint64(*i));
    if (auto d = std::get_if<double>(&v))
        return QByteArray::number(*d, 'g', 17);
    if (auto s = std::get_if<std::string>(&v))
        return QByteArray::fromStdString(*s);
    return {};
}

// The ledger's errors in one line: in the user's language for people, in English for a CSV cell.
QByteArray errorsLine(const engine::Ledger& l, bool english = false) {
    QByteArray out;
    for (const auto& e : l.errors)
        out += (out.isEmpty() ? "" : "; ") +
               (english ? QByteArray::fromStdString(e.message()) : io::messageText(e).toUtf8());
    return out;
}

struct Loaded {
    std::optional<engine::Scenario> scenario;
    QString error;
};

// A .trainledger archive or a bare scenario.json; warnings go to stderr, errors name the file.
Loaded load(const QString& path) {
    const io::ArchiveResult r = io::loadScenarioFile(path);
    for (const auto& w : r.warnings)
        QTextStream(stderr) << io::oneLine(
                                   QStringLiteral("trainledger-cli: warning: %1: %2").arg(path, io::messageText(w)))
                            << Qt::endl;
    if (!r.archive)
        return {std::nullopt, QStringLiteral("%1: %2").arg(path, io::messageText(r.error))};
    return {r.archive->scenario, {}};
}

int runSweep(const engine::Scenario& base, const cli::Sweep& sweep, bool csv, bool json) {
    QByteArray out;
    QJsonArray rows;
    if (csv) {
        out += sweep.key.toUtf8() + ",valid,error";
        for (const auto& f : engine::ledgerFields())
            out += QByteArray(",") + f.key;
        out += '\n';
    } else if (!json) {
        out += QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                   .arg(sweep.key, 24)
                   .arg(QStringLiteral("GPUs"), 8)
                   .arg(QStringLiteral("days"), 10)
                   .arg(QStringLiteral("cost"), 16)
                   .arg(QStringLiteral("memory/GPU"), 24)
                   .arg(QStringLiteral("verdict"))
                   .toUtf8();
    }
    for (double v : sweep.values) {
        engine::Scenario s = base;
        if (auto e = engine::setField(s, sweep.key.toStdString(), engine::FieldValue(v)))
            return fail(io::messageText(e->diagnostic));
        const engine::Ledger l = engine::evaluate(s);
        const QByteArray value = QByteArray::number(v, 'g', 15);
        if (json) {
            rows.append(io::ledgerToJson(l, s));
        } else if (csv) {
            QByteArray err = errorsLine(l, true);
            err.replace('"', "\"\"");
            out += value + (l.valid ? ",true," : ",false,") + "\"" + err + "\"";
            for (const auto& f : engine::ledgerFields())
                out += "," + (l.valid ? csvCell(f.get(l)) : QByteArray());
            out += '\n';
        } else if (!l.valid) {
            out += QStringLiteral("%1  %2\n")
                       .arg(QString::fromUtf8(value), 24)
                       .arg(QString::fromUtf8(errorsLine(l)))
                       .toUtf8();
        } else {
            out += QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                       .arg(QString::fromUtf8(value), 24)
                       .arg(l.time.gpus, 8)
                       .arg(l.time.days, 10, 'f', 1)
                       .arg(QString::fromStdString("$" + engine::groupDigits(l.cost.usd)), 16)
                       .arg(QString::fromStdString(engine::formatBytesBoth(l.memory.total)), 24)
                       .arg(QStringLiteral("%1, %2").arg(
                           l.memory.fits ? QStringLiteral("fits") : QStringLiteral("does not fit"),
                           l.time.finishes ? QStringLiteral("finishes") : QStringLiteral("late")))
                       .toUtf8();
        }
    }
    if (json)
        out = QJsonDocument(rows).toJson(QJsonDocument::Indented);
    print(out);
    return 0;
}

// --explain KEY: the formula, the values put in, the result, the source (text, or JSON with --json).
int runExplain(const engine::Scenario& s, const QString& key, bool json) {
    const engine::Ledger l = engine::evaluate(s);
    if (!l.valid)
        return fail(QString::fromUtf8(errorsLine(l)));
    const auto e = engine::explain(s, key.toStdString());
    if (!e)
        return fail(Cli::tr("--explain: '%1' is not a ledger key; allowed: the keys --json prints, e.g. "
                            "time.steps, memory.total, cost.usd")
                        .arg(key));
    if (!json) {
        print(QByteArray::fromStdString(engine::formatExplanation(*e)));
        return 0;
    }
    auto str = [](const std::string& x) { return QString::fromStdString(x); };
    QJsonArray operands;
    for (const auto& o : e->operands)
        operands.append(QJsonObject{{QStringLiteral("symbol"), str(o.symbol)},
                                    {QStringLiteral("value"), o.value},
                                    {QStringLiteral("shown"), str(o.shown)},
                                    {QStringLiteral("unit"), str(o.unit)},
                                    {QStringLiteral("meaning"), str(o.meaning)}});
    const QJsonObject out{{QStringLiteral("key"), str(e->key)},
                          {QStringLiteral("label"), str(e->label).trimmed()},
                          {QStringLiteral("formula"), str(e->formula)},
                          {QStringLiteral("substituted"), str(engine::substituted(*e))},
                          {QStringLiteral("operands"), operands},
                          {QStringLiteral("result"), io::ledgerValueToJson(e->result)},
                          {QStringLiteral("result_text"), str(e->resultText)},
                          {QStringLiteral("source"), str(e->source)},
                          {QStringLiteral("note"), str(e->note)},
                          {QStringLiteral("reproduced"), e->reproduced}};
    print(QJsonDocument(out).toJson(QJsonDocument::Indented));
    return 0;
}

int run() {
    QCoreApplication::setApplicationName(QStringLiteral("trainledger-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(TL_VERSION));
    cli::installTranslation();

    QCommandLineParser parser;
    parser.setApplicationDescription(Cli::tr("What-if ledger for the cost of training a large language model.") +
                                     QStringLiteral("\n") +
                                     Cli::tr("Exit status: 0 done; 1 --diff found differences; 2 refused (one line on "
                                             "stderr says what to change: an option, a value, a file, a target that "
                                             "cannot be written, output that could not be written)."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 Cli::tr("A .trainledger file or a scenario.json (default: the built-in scenario)."));
    const auto setOpt =
        option("set", QT_TRANSLATE_NOOP("Cli", "Set a scenario key: KEY=VALUE (JSON or text)."), "KEY=VALUE");
    const auto jsonOpt = option("json", QT_TRANSLATE_NOOP("Cli", "Print the ledger as JSON."));
    const auto reportOpt = option("report", QT_TRANSLATE_NOOP("Cli", "Print the human ledger (default)."));
    const auto sweepOpt = option("sweep", QT_TRANSLATE_NOOP("Cli", "Evaluate KEY over FROM:TO[:STEP|xFACTOR]."),
                                 "KEY=FROM:TO[:STEP|xFACTOR]");
    const auto csvOpt = option("csv", QT_TRANSLATE_NOOP("Cli", "With --sweep: CSV, one row per value."));
    const auto schemaOpt =
        option("schema", QT_TRANSLATE_NOOP("Cli", "Print the JSON Schema of a scenario file and exit."));
    const auto saveOpt =
        option("save", QT_TRANSLATE_NOOP("Cli", "Write the scenario (after --set) as a .trainledger archive."), "OUT");
    const auto forceOpt =
        option("force", QT_TRANSLATE_NOOP("Cli", "With --save: replace the file even if it is read-only."));
    const auto diffOpt = option(
        "diff",
        QT_TRANSLATE_NOOP("Cli", "Print the scenario and ledger keys that differ between two files: --diff A B."));
    const auto pipelineSvgOpt = option(
        "pipeline-svg", QT_TRANSLATE_NOOP("Cli", "Write the scenario's pipeline schedule diagram as SVG."), "FILE");
    const auto planOpt =
        option("plan", QT_TRANSLATE_NOOP("Cli", "Rank every valid layout of the scenario's model on --gpus, in the "
                                                "scenario's efficiency.mode (as the window's Planner tab)."));
    const auto gpusOpt = option(
        "gpus",
        QT_TRANSLATE_NOOP("Cli", "With --plan: a GPU count N or a range MIN:MAX (default: the scenario's count)."),
        "N|MIN:MAX");
    const auto objectiveOpt = option(
        "objective",
        QT_TRANSLATE_NOOP("Cli", "With --plan: fastest (default), cheapest or fewest (the last two among layouts "
                                 "that meet the deadline)."),
        "NAME");
    const auto topOpt =
        option("top", QT_TRANSLATE_NOOP("Cli", "With --plan: how many plans to print (default 10; 0 = all)."), "K");
    const auto headroomOpt = option(
        "headroom", QT_TRANSLATE_NOOP("Cli", "With --plan: memory share to keep free, 0 to 0.9 (default 0)."), "F");
    const auto budgetOpt =
        option("budget",
               QT_TRANSLATE_NOOP("Cli", "With --plan: list only plans that cost at most USD dollars (with --objective "
                                        "fastest: the fastest within the budget)."),
               "USD");
    const auto whyNotOpt = option(
        "why-not",
        QT_TRANSLATE_NOOP("Cli", "With --plan: name a layout key (repeatable); says which rule refuses the layout and "
                                 "the nearest that work."),
        "KEY=VALUE");
    const auto acrossOpt =
        option("tp-across-nodes", QT_TRANSLATE_NOOP("Cli", "With --plan: let tensor parallelism span nodes."));
    const auto fitOpt = option(
        "fit-scaling",
        QT_TRANSLATE_NOOP(
            "Cli",
            "Fit L = E + A/N^alpha + B/D^beta to pilot runs (CSV header params,tokens,loss); with --json as JSON."),
        "RUNS.csv");
    const auto explainOpt = option(
        "explain",
        QT_TRANSLATE_NOOP("Cli", "Explain a ledger key: the formula, the values put in, the result and its source."),
        "KEY");
    const auto validateOpt = option(
        "validate",
        QT_TRANSLATE_NOOP("Cli", "Print every published run the derived step model is checked on: published against "
                                 "predicted, the error, mean and worst per group; with --json as JSON."));
    const auto calibrateOpt =
        option("calibrate",
               QT_TRANSLATE_NOOP("Cli", "Fit the efficiency figures to measured runs (CSV header "
                                        "scenario,measured_step_s[,measured_memory_gib]); with --save OUT, write the "
                                        "scenario with them."),
               "RUNS.csv");
    const auto importOpt =
        option("import",
               QT_TRANSLATE_NOOP("Cli", "Import a Hugging Face config.json into the model of the scenario (FILE or the "
                                        "built-in one); what it set and what it ignored go to stderr, one line each."),
               "CONFIG");
    const auto exportLaunchOpt = option(
        "export-launch",
        QT_TRANSLATE_NOOP("Cli", "Print the scenario's model and layout as a launch config: megatron (pretrain_gpt.py "
                                 "flags), torchtitan (TOML) or deepspeed (JSON); what the format cannot express is a "
                                 "comment line."),
        "FORMAT");
    const auto outOpt =
        option("out", QT_TRANSLATE_NOOP("Cli", "With --export-launch: write to PATH instead of printing."), "PATH");
    const auto checkOpt = option(
        "check", QT_TRANSLATE_NOOP("Cli", "Exit 0 when the plan fits in memory and finishes in time, 3 when it does "
                                          "not; one line says why."));
    parser.addOptions({setOpt,       jsonOpt,        reportOpt,       sweepOpt, csvOpt,       schemaOpt, saveOpt,
                       diffOpt,      pipelineSvgOpt, planOpt,         gpusOpt,  objectiveOpt, topOpt,    headroomOpt,
                       budgetOpt,    whyNotOpt,      acrossOpt,       fitOpt,   explainOpt,   forceOpt,  validateOpt,
                       calibrateOpt, importOpt,      exportLaunchOpt, outOpt,   checkOpt});
    if (!parser.parse(QCoreApplication::arguments()))
        return fail(parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        print(parser.helpText().toUtf8());
        return 0;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        print("trainledger-cli " TL_VERSION "\n");
        return 0;
    }
    if (parser.isSet(schemaOpt)) {
        print(QJsonDocument(io::scenarioSchema()).toJson(QJsonDocument::Indented));
        return 0;
    }
    if (parser.isSet(validateOpt)) {
        if (parser.isSet(reportOpt) || parser.isSet(csvOpt) || !parser.positionalArguments().isEmpty() ||
            parser.isSet(setOpt))
            return fail(Cli::tr("--validate reads only the built-in table of published runs (and --json)"));
        print(cli::runValidate(parser.isSet(jsonOpt)));
        return 0;
    }
    if (parser.positionalArguments().size() > 1 && !parser.isSet(diffOpt))
        return fail(Cli::tr("expected at most one FILE, got %1").arg(parser.positionalArguments().size()));
    if (parser.isSet(jsonOpt) && parser.isSet(reportOpt))
        return fail(Cli::tr("--json and --report: choose one"));
    if (parser.isSet(csvOpt) && !parser.isSet(sweepOpt) && !parser.isSet(planOpt))
        return fail(Cli::tr("--csv goes with --sweep or --plan"));
    for (const auto* opt : {&gpusOpt, &objectiveOpt, &topOpt, &headroomOpt, &budgetOpt, &whyNotOpt, &acrossOpt})
        if (parser.isSet(*opt) && !parser.isSet(planOpt))
            return fail(Cli::tr("--%1 goes with --plan").arg(opt->names().constFirst()));
    if (parser.isSet(forceOpt) && !parser.isSet(saveOpt))
        return fail(Cli::tr("--force goes with --save"));
    // One action at a time, so that no option is silently ignored (--calibrate takes --save as its output).
    QStringList actions;
    if (parser.isSet(outOpt) && !parser.isSet(exportLaunchOpt))
        return fail(Cli::tr("--out goes with --export-launch"));
    for (const auto* opt : {&sweepOpt, &saveOpt, &diffOpt, &pipelineSvgOpt, &planOpt, &fitOpt, &explainOpt,
                            &exportLaunchOpt, &checkOpt, &calibrateOpt})
        if (parser.isSet(*opt) && !(opt == &saveOpt && parser.isSet(calibrateOpt)))
            actions << QStringLiteral("--") + opt->names().constFirst();
    if (actions.size() > 1)
        return fail(Cli::tr("%1: choose one").arg(actions.join(QStringLiteral(", "))));
    if (parser.isSet(csvOpt) && parser.isSet(jsonOpt))
        return fail(Cli::tr("--json and --csv: choose one"));
    if (parser.isSet(fitOpt)) {
        if (parser.isSet(reportOpt) || !parser.positionalArguments().isEmpty() || parser.isSet(setOpt))
            return fail(Cli::tr("--fit-scaling reads only RUNS.csv (and --json)"));
        QByteArray out;
        if (auto e = cli::fitScaling(parser.value(fitOpt), parser.isSet(jsonOpt), out))
            return fail(*e);
        print(out);
        return 0;
    }
    if ((parser.isSet(jsonOpt) || parser.isSet(reportOpt)) && !actions.isEmpty() && !parser.isSet(sweepOpt) &&
        !((parser.isSet(planOpt) || parser.isSet(explainOpt) || parser.isSet(calibrateOpt)) &&
          !parser.isSet(reportOpt)))
        return fail(Cli::tr("--json and --report print a ledger; %1 writes something else").arg(actions.first()));

    if (parser.isSet(diffOpt)) {
        if (parser.positionalArguments().size() != 2)
            return fail(Cli::tr("--diff takes two files: --diff A B"));
        const auto a = load(parser.positionalArguments().at(0));
        const auto b = load(parser.positionalArguments().at(1));
        if (!a.scenario)
            return fail(a.error);
        if (!b.scenario)
            return fail(b.error);
        QByteArray out;
        const auto differences = engine::compareScenarios(*a.scenario, *b.scenario);
        for (const auto& d : differences)
            out += QByteArray::fromStdString(d.key + ": " + d.a + " -> " + d.b + "\n");
        print(out.isEmpty() ? QByteArray("no differences\n") : out);
        return differences.empty() ? 0 : 1; // as diff(1): 1 when the files differ
    }
    engine::Scenario scenario;
    if (!parser.positionalArguments().isEmpty()) {
        const auto loaded = load(parser.positionalArguments().first());
        if (!loaded.scenario)
            return fail(loaded.error);
        scenario = *loaded.scenario;
    }
    if (parser.isSet(importOpt)) {
        const io::ImportResult imported = io::importConfigFile(parser.value(importOpt), scenario);
        if (!imported.scenario)
            return fail(io::oneLine(io::messageText(imported.error)));
        QTextStream err(stderr);
        err << io::oneLine(QStringLiteral("trainledger-cli: import %1: %2")
                               .arg(parser.value(importOpt), io::messageText(imported.what)))
            << Qt::endl;
        for (const QString& line : io::messageTexts(imported.set))
            err << io::oneLine(QStringLiteral("trainledger-cli: set %1").arg(line)) << Qt::endl;
        for (const QString& line : io::messageTexts(imported.ignored))
            err << io::oneLine(QStringLiteral("trainledger-cli: ignored %1").arg(line)) << Qt::endl;
        scenario = *imported.scenario;
    }
    for (const QString& assignment : parser.values(setOpt)) {
        if (auto e = io::applyAssignment(scenario, assignment))
            return fail(io::messageText(*e));
    }

    if (parser.isSet(calibrateOpt)) {
        QByteArray out;
        if (auto e = cli::runCalibrate(scenario, parser.value(calibrateOpt), parser.isSet(jsonOpt),
                                       parser.value(saveOpt), out))
            return fail(*e);
        print(out);
        return 0;
    }

    if (parser.isSet(pipelineSvgOpt)) {
        if (auto e = cli::writePipelineSvg(scenario, parser.value(pipelineSvgOpt)))
            return fail(*e);
        return 0;
    }

    if (parser.isSet(exportLaunchOpt)) {
        const auto format = io::parseLaunchFormat(parser.value(exportLaunchOpt));
        if (!format)
            return fail(Cli::tr("--export-launch: \"%1\" is not allowed; allowed: %2")
                            .arg(parser.value(exportLaunchOpt), io::launchFormatNames().join(QStringLiteral(", "))));
        const engine::Ledger l = engine::evaluate(scenario);
        if (!l.valid)
            return fail(QString::fromUtf8(errorsLine(l)));
        const QByteArray bytes = io::exportLaunch(scenario, *format);
        if (!parser.isSet(outOpt)) {
            print(bytes);
            return 0;
        }
        if (auto e = io::writeFileAtomically(parser.value(outOpt), bytes))
            return fail(Cli::tr("%1: cannot save: %2").arg(parser.value(outOpt), io::messageText(*e)));
        return 0;
    }

    if (parser.isSet(checkOpt)) {
        const engine::Ledger l = engine::evaluate(scenario);
        if (!l.valid)
            return fail(QString::fromUtf8(errorsLine(l)));
        const QString memory = Cli::tr("%1 per GPU of %2")
                                   .arg(QString::fromStdString(engine::formatBytesBoth(l.memory.total)),
                                        QString::fromStdString(engine::formatBytesBoth(l.memory.capacity)));
        const QString time = Cli::tr("%1 days of the %2 the deadline leaves")
                                 .arg(l.time.days, 0, 'f', 2)
                                 .arg(l.time.trainingDays, 0, 'f', 2);
        if (l.memory.fits && l.time.finishes) {
            print(Cli::tr("fits and finishes: %1; %2").arg(memory, time).toUtf8() + "\n");
            return 0;
        }
        QStringList why;
        if (!l.memory.fits)
            why << Cli::tr("does not fit: %1").arg(memory);
        if (!l.time.finishes)
            why << Cli::tr("late: %1").arg(time);
        QTextStream(stderr) << io::oneLine(QStringLiteral("trainledger-cli: ") + why.join(QStringLiteral("; ")))
                            << Qt::endl;
        return 3;
    }

    if (parser.isSet(explainOpt))
        return runExplain(scenario, parser.value(explainOpt), parser.isSet(jsonOpt));

    if (parser.isSet(planOpt)) {
        cli::PlanOptions options;
        options.json = parser.isSet(jsonOpt);
        options.csv = parser.isSet(csvOpt);
        options.whyNot = parser.values(whyNotOpt);
        auto& req = options.request;
        req.tpAcrossNodes = parser.isSet(acrossOpt);
        // The scenario's efficiency.mode, as the window's Planner tab ranks: a fixed MFU stays fixed (issue 28).
        req.forceDerived = false;
        QString error;
        if (parser.isSet(gpusOpt)) {
            const auto gpus = cli::parseGpus(parser.value(gpusOpt), error);
            if (!gpus)
                return fail(error);
            req.minGpus = gpus->first;
            req.maxGpus = gpus->second;
        } else {
            req.minGpus = req.maxGpus = engine::gpuCount(scenario);
        }
        if (parser.isSet(objectiveOpt) &&
            !engine::parseObjective(parser.value(objectiveOpt).toStdString(), req.objective))
            return fail(Cli::tr("--objective: \"%1\" is not allowed; allowed: fastest, cheapest, fewest")
                            .arg(parser.value(objectiveOpt)));
        if (parser.isSet(topOpt)) {
            bool ok = false;
            req.top = parser.value(topOpt).toInt(&ok);
            if (!ok || req.top < 0 || req.top > 100000)
                return fail(Cli::tr("--top: \"%1\" is not allowed; allowed: a whole number from 0 (all) to "
                                    "100000")
                                .arg(parser.value(topOpt)));
        }
        if (parser.isSet(headroomOpt)) {
            bool ok = false;
            req.headroom = parser.value(headroomOpt).toDouble(&ok);
            if (!ok || !(req.headroom >= 0 && req.headroom <= 0.9))
                return fail(Cli::tr("--headroom: \"%1\" is not allowed; allowed: a share from 0 to 0.9")
                                .arg(parser.value(headroomOpt)));
        }
        if (parser.isSet(budgetOpt)) {
            bool ok = false;
            req.budgetUsd = parser.value(budgetOpt).toDouble(&ok);
            if (!ok || !(req.budgetUsd > 0 && req.budgetUsd <= 1e15))
                return fail(Cli::tr("--budget: \"%1\" is not allowed; allowed: dollars, more than 0 and at most "
                                    "1e15")
                                .arg(parser.value(budgetOpt)));
        }
        if (parser.isSet(gpusOpt))
            if (auto tooWide = engine::checkSearchSize(scenario, req, "--gpus", parser.value(gpusOpt).toStdString()))
                return fail(io::messageText(*tooWide));
        QString warning;
        const QByteArray out = cli::runPlan(scenario, options, error, warning);
        if (!error.isEmpty())
            return fail(error);
        print(out);
        if (!warning.isEmpty())
            QTextStream(stderr) << io::oneLine(QStringLiteral("trainledger-cli: warning: ") + warning) << Qt::endl;
        return 0;
    }

    if (parser.isSet(sweepOpt)) {
        if (parser.values(sweepOpt).size() > 1)
            return fail(Cli::tr("--sweep: one key at a time; %1 given").arg(parser.values(sweepOpt).size()));
        QString error;
        const auto sweep = cli::parseSweep(parser.value(sweepOpt), error);
        if (!sweep)
            return fail(error);
        return runSweep(scenario, *sweep, parser.isSet(csvOpt), parser.isSet(jsonOpt));
    }

    if (parser.isSet(saveOpt)) {
        // The save renames a new file over the old one, which would ignore a read-only mode: only when told.
        if (io::isReadOnlyFile(parser.value(saveOpt)) && !parser.isSet(forceOpt))
            return fail(Cli::tr("%1: cannot save: the file is read-only; add --force to replace it")
                            .arg(parser.value(saveOpt)));
        // A .json name gets a bare scenario.json; anything else the .trainledger archive.
        if (parser.value(saveOpt).endsWith(QStringLiteral(".json"), Qt::CaseInsensitive)) {
            if (auto e = io::saveScenarioJson(parser.value(saveOpt), scenario))
                return fail(Cli::tr("%1: cannot save: %2").arg(parser.value(saveOpt), io::messageText(*e)));
            return 0;
        }
        if (auto e = io::saveArchive(parser.value(saveOpt), scenario))
            return fail(Cli::tr("%1: cannot save: %2").arg(parser.value(saveOpt), io::messageText(*e)));
        return 0;
    }

    const engine::Ledger ledger = engine::evaluate(scenario);
    if (!ledger.valid) {
        // A rule across keys of a loaded file names the file (with --set the mix of both is at fault).
        const QString file = parser.positionalArguments().isEmpty() ? QString() : parser.positionalArguments().first();
        if (file.isEmpty())
            return fail(QString::fromUtf8(errorsLine(ledger)));
        return fail(Cli::tr("%1%2: %3")
                        .arg(file, parser.isSet(setOpt) ? Cli::tr(" with --set") : QString(),
                             QString::fromUtf8(errorsLine(ledger))));
    }
    if (parser.isSet(jsonOpt))
        print(QJsonDocument(io::ledgerToJson(ledger, scenario)).toJson(QJsonDocument::Indented));
    else
        print(QByteArray::fromStdString(cli::renderReport(scenario)));
    return 0;
}

} // namespace

// Whatever the mode, the output is checked once it is all written: a full disk or a closed pipe behind stdout is one
// line on stderr and exit 2, never a silent exit 0 with nothing written.
int main(int argc, char** argv) {
    qInstallMessageHandler(quietQtMessages);
    QCoreApplication app(argc, argv);
    const int rc = run();
    errno = 0;
    if (std::fflush(stdout) != 0 && !g_outputError)
        g_outputError = errno ? errno : EIO;
    if (g_outputError || std::ferror(stdout))
        return fail(Cli::tr("cannot write the output: %1")
                        .arg(QString::fromLocal8Bit(std::strerror(g_outputError ? g_outputError : EIO))));
    return rc;
}
