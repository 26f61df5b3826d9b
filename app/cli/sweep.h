#pragma once
// --sweep KEY=FROM:TO[:STEP|xFACTOR]: the values a sweep visits.

#include <QString>
#include <optional>
#include <vector>

namespace tl::cli {

struct Sweep {
    QString key;
    std::vector<double> values;
};

inline constexpr int kMaxSweepPoints = 10000;

// nullopt with `error` set when the text is malformed or would visit too many points.
std::optional<Sweep> parseSweep(const QString& text, QString& error);

} // namespace tl::cli
