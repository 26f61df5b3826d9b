#pragma once
// Every input checked before any number is computed: ranges, integrality and divisibility give errors naming the
// key, the value and what is allowed; legal but dubious layouts give warnings with a code and a sentence.

#include "engine/ledger.h"
#include "engine/model.h"
#include "engine/scenario.h"

#include <vector>

namespace tl::engine {

// Errors only; empty when the scenario can be evaluated. Each Diagnostic's code is the offending key.
std::vector<Diagnostic> validate(const Scenario& s);
// The same, handing back the model's counts it works out on the way (evaluate() needs them next): filled whenever
// every key is in range, and so whenever the result is empty.
std::vector<Diagnostic> validate(const Scenario& s, ModelCounts& counts);

} // namespace tl::engine
