#pragma once
// Steppers that walk between accepted values (issue 28): an integer key with divisibility rules (data parallel
// against the global batch, the pipeline against the layers, ...) steps from one value validate() accepts to the next,
// so a spin box's arrow or a slider never lands on a refusal when an accepted value lies that way.

#include "engine/scenario.h"

#include <optional>
#include <string_view>

namespace tl::engine {

// The first value after `from` in `direction` (+1 up, -1 down), within [lo, hi], that makes the scenario (its other
// keys as they are) valid; nullopt when none does within maxTries values. An integer key only.
std::optional<long long> nextAccepted(const Scenario& s, std::string_view key, long long from, int direction,
                                      long long lo, long long hi, int maxTries = 20000);
// The accepted value of an integer key nearest to `target` within [lo, hi] (on a tie the larger); nullopt when none
// is found within maxTries values either side.
std::optional<long long> nearestAccepted(const Scenario& s, std::string_view key, long long target, long long lo,
                                         long long hi, int maxTries = 20000);

} // namespace tl::engine
