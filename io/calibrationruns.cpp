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
QString refused(const QString& field, const QString& text, const QString& allowed) {
    return QStringLiteral("%1: \"%2\" is not allowed; allowed: %3").arg(field, text.trimmed(), allowed);
}
} // namespace

std::optional<QString> readCalibrationRuns(const engine::Scenario& base, const QString& csvPath,
                                           std::vector<engine::MeasuredRun>& runs) {
    runs.clear();
    QFile file(csvPath);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("%1: cannot read: %2").arg(csvPath, file.errorString());
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'));
    const QDir dir = QFileInfo(csvPath).absoluteDir();
    bool header = false;
    int lineNo = 0;
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
                return QStringLiteral("%1: line %2: the header must be scenario,measured_step_s[,measured_memory_gib]")
                    .arg(csvPath)
                    .arg(lineNo);
            header = true;
            continue;
        }
        if (cells.size() < 2 || cells.size() > 3)
            return QStringLiteral("%1: line %2: expected 2 or 3 cells, got %3")
                .arg(csvPath)
                .arg(lineNo)
                .arg(cells.size());
        const QString where = QStringLiteral("%1: line %2: ").arg(csvPath).arg(lineNo);
        double step = 0;
        if (!parseMeasured(cells[1], step))
            return where + refused(QStringLiteral("measured_step_s"), cells[1], QStringLiteral("seconds above 0"));
        double memory = 0;
        if (cells.size() == 3 && !cells[2].trimmed().isEmpty() && !parseMeasured(cells[2], memory))
            return where + refused(QStringLiteral("measured_memory_gib"), cells[2], QStringLiteral("GiB above 0"));
        const QString scenarioCell = cells[0].trimmed();
        engine::MeasuredRun run;
        if (scenarioCell.contains(QLatin1Char('='))) {
            if (auto e = engine::measuredRunFromSettings(base, scenarioCell.toStdString(), step, memory, run))
                return where + QString::fromStdString(*e);
        } else {
            const ArchiveResult r = loadScenarioFile(dir.absoluteFilePath(scenarioCell));
            if (!r.archive)
                return where + QStringLiteral("%1: %2").arg(scenarioCell, messageText(r.error));
            run.scenario = r.archive->scenario;
            run.label = scenarioCell.toStdString();
            run.measuredStepS = step;
            run.measuredMemoryGib = memory;
        }
        runs.push_back(std::move(run));
    }
    if (!header)
        return QStringLiteral("%1: no header scenario,measured_step_s[,measured_memory_gib]").arg(csvPath);
    if (runs.empty())
        return QStringLiteral("%1: no runs after the header").arg(csvPath);
    return std::nullopt;
}

} // namespace tl::io
