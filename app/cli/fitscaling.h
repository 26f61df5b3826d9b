#pragma once
// --fit-scaling RUNS.csv [--json]: fit L = E + A/N^alpha + B/D^beta to pilot runs (engine/labs/scalingfit.h).

#include <QByteArray>
#include <QString>

#include <optional>

namespace tl::cli {

// The fit of the CSV at path as text or JSON in `out`; nullopt on success, else one line naming the file and row.
std::optional<QString> fitScaling(const QString& path, bool json, QByteArray& out);

} // namespace tl::cli
