#pragma once
// The data behind the charts and the ledger as text files: CSV for spreadsheets (ledger keys and base units, as
// `trainledger-cli --json`), Markdown for notes and tickets (labels and readable values with units).

#include "engine/evaluate.h"
#include "engine/layoutplanner.h"
#include "engine/ledger.h"

#include <QByteArray>

#include <array>
#include <optional>
#include <vector>

namespace tl::ui {

// Days (and dollars, throughput, memory) against the number of GPUs: one row per point of engine::scaleCurve.
// With `best` (one entry per point, the time view's best-layout curve): three more columns, best_days, best_usd and
// best_layout, empty where the count has no layout that fits.
QByteArray daysCurveCsv(const std::vector<engine::ScalePoint>& curve,
                        const std::vector<std::optional<engine::CountBest>>* best = nullptr);
// Per-GPU memory by category for ZeRO 0-3 (the memory chart's comparison bars), in bytes.
QByteArray zeroSweepCsv(const std::array<engine::Ledger, 4>& zero);
// Every ledger key: key, value (base units), unit, label.
QByteArray ledgerCsv(const engine::Ledger& ledger);
QByteArray ledgerMarkdown(const engine::Ledger& ledger, const QString& title);

} // namespace tl::ui
