#include "app/cli/sweep.h"

#include <QStringList>
#include <cmath>

namespace tl::cli {

std::optional<Sweep> parseSweep(const QString& text, QString& error) {
    const qsizetype eq = text.indexOf(QLatin1Char('='));
    const QStringList parts = eq > 0 ? text.mid(eq + 1).split(QLatin1Char(':')) : QStringList();
    if (eq <= 0 || parts.size() < 2 || parts.size() > 3) {
        error = QStringLiteral("--sweep %1: expected KEY=FROM:TO[:STEP|xFACTOR]").arg(text);
        return std::nullopt;
    }
    bool okFrom = false, okTo = false, okStep = true;
    const double from = parts[0].toDouble(&okFrom);
    const double to = parts[1].toDouble(&okTo);
    double step = 1, factor = 0;
    const bool geometric = parts.size() == 3 && parts[2].startsWith(QLatin1Char('x'));
    if (parts.size() == 3) {
        if (geometric)
            factor = parts[2].mid(1).toDouble(&okStep);
        else
            step = parts[2].toDouble(&okStep);
    }
    const bool finite = std::isfinite(from) && std::isfinite(to) && std::isfinite(step) && std::isfinite(factor);
    // x0, x1 and x0.5 never grow (x0 once ran as a step of 1); neither does a step too small to move FROM.
    const bool grows = geometric ? factor > 1 && from * factor > from : step > 0 && from + step > from;
    if (!okFrom || !okTo || !okStep || !finite || !grows || (geometric && from <= 0) || to < from) {
        error = QStringLiteral("--sweep %1: FROM <= TO, a positive STEP or a factor above 1 (x2) from a positive "
                               "FROM")
                    .arg(text);
        return std::nullopt;
    }
    Sweep s;
    s.key = text.left(eq).trimmed();
    for (double v = from; v <= to * (1 + 1e-12); v = geometric ? v * factor : v + step) {
        if (int(s.values.size()) >= kMaxSweepPoints) {
            error = QStringLiteral("--sweep %1: more than %2 points").arg(text).arg(kMaxSweepPoints);
            return std::nullopt;
        }
        s.values.push_back(v);
    }
    return s;
}

} // namespace tl::cli
