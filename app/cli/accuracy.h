#pragma once
// --validate: every published run the derived step model is checked on, predicted against published.
// --calibrate RUNS.csv: fit the efficiency figures to the user's measured runs (engine/calibrate.h).

#include "engine/scenario.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace tl::cli {

QByteArray runValidate(bool json);

// RUNS.csv: header scenario,measured_step_s[,measured_memory_gib]; scenario is a .trainledger / scenario.json path
// (relative to the CSV) or KEY=VALUE pairs joined by ';' applied to `base`. With `saveOut`, writes base with the
// fitted figures. An error line, or nullopt with the report (or JSON) in `out`.
std::optional<QString> runCalibrate(const engine::Scenario& base, const QString& csvPath, bool json,
                                    const QString& saveOut, QByteArray& out);

} // namespace tl::cli
