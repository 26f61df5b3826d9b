#pragma once
// The ledger key space of docs/contract.md §2, as one table: key, unit, help and a reader.
// The CLI's --json and --diff and the window's ledger table all walk this table.

#include "engine/ledger.h"

#include <array>
#include <cstddef>
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
    Share, // a ratio that is a share of a whole (MFU, goodput, the bubble): written in percent
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

// The memory categories of one GPU in the order every chart, table and report lists them (like stepParts() for the
// step); they add up to memory.total. state: part of the training state (memory.state is their sum). The weights come
// as the frozen base weights (LoRA, QLoRA; 0 in full training) and the weights training updates.
struct MemoryPart {
    const char* key;   // "memory.weights"
    const char* label; // "weights", "optimizer state", ...
    double bytes;
    bool state;
};
inline constexpr std::size_t kMemoryParts = 7;
std::array<MemoryPart, kMemoryParts> memoryParts(const MemoryLedger& m);

// The run's "Faults and checkpoints" (docs/formulas.md §13) in the order the step view, the report and the CLI list
// them: the checkpoint, its write and interval, the faults, goodput and the days they add. Ledger keys.
inline constexpr std::array<const char*, 10> kFaultFigures = {
    "checkpoint.bytes_full", "checkpoint.bytes_per_gpu", "checkpoint.write_s",    "checkpoint.blocking_s",
    "checkpoint.interval_s", "goodput.job_mtbf_s",       "goodput.interruptions", "goodput.lost_per_fault_s",
    "goodput.fraction",      "time.days_effective"};

// A readable value with its unit: "131.1 GB (122.1 GiB)", "67.9 s", "$1,234,567", "5.27e+21 FLOPs".
std::string formatLedgerValue(const LedgerValue& v, Unit unit);

// The same value as a unit template and its figures ("%1 days" with "77.0"): formatLedgerValue fills it in, the
// window translates the template first (context "tl::engine"). valueTemplates() lists every template.
struct ValueText {
    const char* pattern = "%1";
    std::string a, b; // %1, %2
};
ValueText ledgerValueText(const LedgerValue& v, Unit unit);
// A span of time in the unit that reads best: "11.5 s", "4.2 minutes", "6.3 hours" (a checkpoint's write, its
// interval, the job's time between faults).
ValueText spanText(double seconds);
const std::vector<const char*>& valueTemplates();

} // namespace tl::engine
