#include "engine/compare.h"

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/ledgerfields.h"

#include <cmath>

namespace tl::engine {

std::vector<Difference> compareScenarios(const Scenario& a, const Scenario& b) {
    std::vector<Difference> out;
    for (const Field& f : scenarioFields()) {
        const FieldValue va = f.get(a), vb = f.get(b);
        if (va != vb)
            out.push_back({f.key, formatValue(va), formatValue(vb), true});
    }
    const Ledger la = evaluate(a), lb = evaluate(b);
    if (!la.valid || !lb.valid) {
        auto first = [](const Ledger& l) { return l.valid ? std::string("valid") : l.errors.front().message(); };
        if (first(la) != first(lb))
            out.push_back({"errors", first(la), first(lb), false});
        return out;
    }
    for (const LedgerField& f : ledgerFields()) {
        const std::string fa = formatLedgerValue(f.get(la), f.unit), fb = formatLedgerValue(f.get(lb), f.unit);
        if (fa != fb)
            out.push_back({f.key, fa, fb, false});
    }
    return out;
}

std::optional<double> numericValue(const std::string& key, const Scenario& s, const Ledger& l) {
    for (const LedgerField& f : ledgerFields())
        if (key == f.key) {
            if (!l.valid || f.unit == Unit::Bool || f.unit == Unit::Text)
                return std::nullopt;
            const LedgerValue v = f.get(l);
            if (auto i = std::get_if<std::int64_t>(&v))
                return double(*i);
            if (auto d = std::get_if<double>(&v))
                return *d;
            return std::nullopt;
        }
    if (const Field* f = findField(key)) {
        const FieldValue v = f->get(s);
        if (auto d = std::get_if<double>(&v))
            return *d;
    }
    return std::nullopt;
}

Change changeBetween(double a, double b) {
    Change c;
    c.delta = b - a;
    if (a != 0 && std::isfinite(a) && std::isfinite(b))
        c.percent = (b - a) / std::abs(a) * 100;
    return c;
}

} // namespace tl::engine
