#pragma once
// What differs between two scenarios and their ledgers: the CLI's --diff and the window's A/B table.

#include "engine/ledger.h"
#include "engine/scenario.h"

#include <optional>
#include <string>
#include <vector>

namespace tl::engine {

struct Difference {
    std::string key;  // a scenario key ("parallel.dp") or a ledger key ("time.days")
    std::string a, b; // formatted with units
    bool scenarioKey = false;
};

// Scenario keys first (in the field table's order), then ledger keys. Invalid ledgers compare by their errors.
std::vector<Difference> compareScenarios(const Scenario& a, const Scenario& b);

// A key's value as a number (a scenario or ledger key), for the difference columns; nullopt for text, yes/no and
// null, and for a ledger key of an invalid ledger.
std::optional<double> numericValue(const std::string& key, const Scenario& s, const Ledger& l);
// B - A, and the change in percent of |A| (nullopt when A is 0 or either is not finite).
struct Change {
    double delta = 0;
    std::optional<double> percent;
};
Change changeBetween(double a, double b);

} // namespace tl::engine
