#pragma once
// --plan: the layout planner on the command line (docs/contract.md §3). Parsing of --gpus, --objective, --top,
// --headroom and --why-not, and the three outputs (text, --json, --csv).

#include "engine/layoutplanner.h"
#include "engine/scenario.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace tl::cli {

struct PlanOptions {
    engine::PlanRequest request;
    QStringList whyNot; // KEY=VALUE assignments naming a layout
    bool json = false, csv = false;
};

// "N" or "MIN:MAX", whole numbers with 1 <= MIN <= MAX <= 10,000,000. nullopt with the error line.
std::optional<std::pair<long long, long long>> parseGpus(const QString& text, QString& error);

// The planner's output; `error` set (and nothing printed) when a --why-not assignment is malformed.
QByteArray runPlan(const engine::Scenario& scenario, const PlanOptions& options, QString& error);

} // namespace tl::cli
