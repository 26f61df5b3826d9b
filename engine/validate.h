#pragma once
// Every input checked before any number is computed: ranges, integrality and divisibility give errors naming the
// key, the value and what is allowed; legal but dubious layouts give warnings with a code and a sentence.

#include "engine/ledger.h"
#include "engine/scenario.h"

#include <vector>

namespace tl::engine {

// Errors only; empty when the scenario can be evaluated. Each Diagnostic's code is the offending key.
std::vector<Diagnostic> validate(const Scenario& s);

} // namespace tl::engine
