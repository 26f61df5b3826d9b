#pragma once
// The human ledger printed by `trainledger-cli --report`, laid out like the seeds' "reproduce" blocks.

#include "engine/scenario.h"

#include <string>

namespace tl::cli {

std::string renderReport(const engine::Scenario& s);

} // namespace tl::cli
