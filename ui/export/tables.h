#pragma once
// The data behind the charts and the ledger as text files: CSV for spreadsheets (ledger keys and base units, as
// `trainledger-cli --json`), Markdown for notes and tickets (labels and readable values with units).

#include "engine/evaluate.h"
#include "engine/ledger.h"

#include <QByteArray>

#include <array>
#include <vector>

namespace tl::ui {

// Days (and dollars, throughput, memory) against the number of GPUs: one row per point of engine::scaleCurve.
QByteArray daysCurveCsv(const std::vector<engine::ScalePoint>& curve);
// Per-GPU memory by category for ZeRO 0-3 (the memory chart's comparison bars), in bytes.
QByteArray zeroSweepCsv(const std::array<engine::Ledger, 4>& zero);
// Every ledger key: key, value (base units), unit, label.
QByteArray ledgerCsv(const engine::Ledger& ledger);
QByteArray ledgerMarkdown(const engine::Ledger& ledger, const QString& title);

} // namespace tl::ui
