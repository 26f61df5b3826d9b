#include "io/calibrationruns.h"

#include "io/archive.h"
#include "io/messagetext.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <cmath>

namespace tl::io {

bool parseMeasured(const QString& text, double& out) {
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok || !(v > 0) || !std::isfinite(v))
        return false;
    out = v;
    return true;
}

namespace {
using engine::Msg;

engine::Diagnostic refused(const QString& field, const QString& text, Msg allowed) {
    return say(Msg::RunsRefused, {textArg(field), textArg(text.trimmed(), 60), sentenceArg(say(allowed))});
}
} // namespace

std::optional<engine::Diagnostic> readCalibrationRuns(const engine::Scenario& base, const QString& csvPath,
                                                      std::vector<engine::MeasuredRun>& runs) {
    runs.clear();
    QFile file(csvPath);
    if (!file.open(QIODevice::ReadOnly))
        return inFile(csvPath, say(Msg::CannotRead, {textArg(file.errorString())}));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    const QDir dir = QFileInfo(csvPath).absoluteDir();
    bool header = false;
    int lineNo = 0;
    // "<file>: line <n>: <what is wrong>"
    const auto atLine = [&](engine::Diagnostic d) {
        return inFile(csvPath, say(Msg::AtLine, {numberArg(lineNo), sentenceArg(std::move(d))}));
    };
    for (QString line : lines) {
        ++lineNo;
        line = line.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const QStringList cells = line.split(QLatin1Char(','));
        if (!header) {
            if (cells.size() < 2 || cells[0].trimmed() != QLatin1String("scenario") ||
                cells[1].trimmed() != QLatin1String("measured_step_s") ||
                (cells.size() > 2 && cells[2].trimmed() != QLatin1String("measured_memory_gib")) || cells.size() > 3)
                return atLine(say(Msg::RunsHeader));
            header = true;
            continue;
        }
        if (cells.size() < 2 || cells.size() > 3)
            return atLine(say(Msg::RunsCells, {numberArg(double(cells.size()))}));
        double step = 0;
        if (!parseMeasured(cells[1], step))
            return atLine(refused(QStringLiteral("measured_step_s"), cells[1], Msg::SecondsAboveZero));
        double memory = 0;
        if (cells.size() == 3 && !cells[2].trimmed().isEmpty() && !parseMeasured(cells[2], memory))
            return atLine(refused(QStringLiteral("measured_memory_gib"), cells[2], Msg::GibAboveZero));
        const QString scenarioCell = cells[0].trimmed();
        engine::MeasuredRun run;
        if (scenarioCell.contains(QLatin1Char('='))) {
            if (auto e = engine::measuredRunFromSettings(base, scenarioCell.toStdString(), step, memory, run))
                return atLine(std::move(*e));
        } else {
            const ArchiveResult r = loadScenarioFile(dir.absoluteFilePath(scenarioCell));
            if (!r.archive)
                return atLine(inFile(scenarioCell, r.error));
            run.scenario = r.archive->scenario;
            run.label = scenarioCell.toStdString();
            run.measuredStepS = step;
            run.measuredMemoryGib = memory;
        }
        runs.push_back(std::move(run));
    }
    if (!header)
        return inFile(csvPath, say(Msg::RunsNoHeader));
    if (runs.empty())
        return inFile(csvPath, say(Msg::RunsNone));
    return std::nullopt;
}

} // namespace tl::io
