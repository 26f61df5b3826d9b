#include "engine/compare.h"

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/ledgerfields.h"

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

} // namespace tl::engine
