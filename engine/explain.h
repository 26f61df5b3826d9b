#pragma once
// "Where does this number come from": for every ledger key, the formula, the values put into it with their units,
// the result and its source. The figure is the ledger's own (the field table's reader); the operands are the
// engine's intermediate values from the same functions evaluate() calls (countModel, forwardFlops, stateBytes,
// MemoryModel, closedForm). The formula is executable (engine/expr.h): explain() substitutes the shown operands and
// recomputes the figure, so a formula that drifted from the code that computes the number is flagged at once, and
// the tests walk every key over many scenarios.

#include "engine/ledgerfields.h"
#include "engine/scenario.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tl::engine {

struct ExplainOperand {
    std::string symbol;  // as it appears in the formula: "D"
    double value = 0;    // exact
    std::string shown;   // as shown: "100,000,000,000"
    std::string unit;    // "tokens"
    std::string meaning; // "data.tokens, training tokens"
};

struct Explanation {
    std::string key;
    std::string label;
    std::string formula; // executable: "ceil(D / (B × s))"
    std::vector<ExplainOperand> operands;
    LedgerValue result;
    Unit unit = Unit::Count;
    std::string resultText;  // as the ledger table shows it
    std::string source;      // "seed 000 §2", or the paper
    std::string note;        // optional: an assumption, a difference from a seed
    bool reproduced = false; // the shown operands in the formula give the shown result
    std::string checkError;  // why not, when !reproduced
};

// The number as an operand is shown: whole numbers up to 1e15 exactly with digit grouping ("8,192"), others to seven
// significant digits ("0.4", "5.273391e+21").
std::string showOperand(double x);
// The shown text back as a number (digit grouping removed).
double parseShown(const std::string& shown);

// nullopt for an unknown key or an invalid scenario.
std::optional<Explanation> explain(const Scenario& s, std::string_view key);
// Every ledger key, in the table's order (empty for an invalid scenario).
std::vector<Explanation> explainAll(const Scenario& s);

// Evaluate the formula with the operands as shown. Reproduced when the value formats as the shown result, or lies
// within 5e-6 relative of it (seven significant digits per operand cannot carry the last digit of a 9-digit dollar
// figure); a null result is explained by a condition that must hold (non-zero). Returns the error, or nullopt.
std::optional<std::string> checkExplanation(const Explanation& e);

// The formula with the shown values in place of the symbols: "ceil(100,000,000,000 / (384 × 8,192))".
std::string substituted(const Explanation& e);

// Plain text for the CLI: the key and label, "= formula", "= substituted", "= result", each operand, the source.
std::string formatExplanation(const Explanation& e);

} // namespace tl::engine
