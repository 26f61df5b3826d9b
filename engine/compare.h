#pragma once
// What differs between two scenarios and their ledgers: the CLI's --diff and the window's A/B table.

#include "engine/ledger.h"
#include "engine/scenario.h"

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

} // namespace tl::engine
