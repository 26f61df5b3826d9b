#pragma once
// The ledger key space of CONTRACT.md section 2, as one table: key, unit, help and a reader.
// The CLI's --json and --diff and the window's ledger table all walk this table.

#include "engine/ledger.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace tl::engine {

// null (e.g. no dp fits), bool, integer count, number, text.
using LedgerValue = std::variant<std::monostate, bool, std::int64_t, double, std::string>;

enum class Unit {
    Count,
    Bytes,
    Flops,
    FlopsPerToken,
    Seconds,
    Days,
    Hours,
    Usd,
    TokensPerS,
    BytesPerParam,
    Ratio,
    Bool,
    Text
};

struct LedgerField {
    const char* key;
    Unit unit;
    const char* label; // short, for tables
    const char* help;  // one sentence, with the formula's name
    LedgerValue (*get)(const Ledger&);
    // The same figure is one evaluate() may hand out: finite, and not negative for a size or a count. Read without
    // building a LedgerValue, since evaluate() checks every key on every evaluation.
    bool (*admissible)(const Ledger&);
};

const std::vector<LedgerField>& ledgerFields();
// Every row's admissible() at once, inline (evaluate() runs it on every evaluation; the loop names the failing key).
bool ledgerAdmissible(const Ledger& l);

// A readable value with its unit: "131.1 GB (122.1 GiB)", "67.9 s", "$1,234,567", "5.27e+21 FLOPs".
std::string formatLedgerValue(const LedgerValue& v, Unit unit);

} // namespace tl::engine
