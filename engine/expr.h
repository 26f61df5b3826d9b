#pragma once
// A small arithmetic language for the formulas that explanations show: numbers, named operands, + - × * / ^,
// parentheses, comparisons, "c ? a : b", string literals and ceil/floor/round/sqrt/min/max. The explanation's formula
// is this text, so a test (and explain() itself) can substitute the shown operands and recompute the shown result.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace tl::engine {

using ExprValue = std::variant<double, std::string>;

struct ExprResult {
    std::optional<ExprValue> value; // set on success
    std::string error;              // what went wrong and where
};

// Evaluate `formula` with the named operands. "×" and "·" multiply like "*".
ExprResult evaluateExpr(std::string_view formula, const std::map<std::string, double>& operands);

} // namespace tl::engine
