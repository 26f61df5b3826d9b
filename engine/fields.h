#pragma once
// The scenario key space of docs/contract.md §1, as one table: key, type, allowed range, unit, a one-sentence help
// and how the window shows it (label, group, control). Files, --set, validation, the schema and the window's
// parameter panel all read this table, so a new key costs scenario.h, one row here, its formula, a test and docs.

#include "engine/messages.h"
#include "engine/scenario.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tl::engine {

// null (monostate), bool, number, text, list of integers.
using FieldValue = std::variant<std::monostate, bool, double, std::string, std::vector<int>>;

enum class FieldType { Int, Real, Bool, Text, Choice, IntList, NullableReal };

// How the parameter panel shows a key. Labels are for people; the key itself stays in tooltips, the ledger table
// and the CLI. The window translates label, group and choice labels (context "fields").
enum class Control { Slider, Combo, Check, Line, List, None }; // None: edited elsewhere (the notes dock)
enum class SliderScale { Linear, Log, PowersOfTwo };

struct FieldUi {
    const char* label = "";
    const char* group = ""; // the panel's group box; groups appear in the table's order
    Control control = Control::None;
    SliderScale scale = SliderScale::Linear;
    double sliderMin = 0, sliderMax = 0;        // the slider's span in engine units; the spin box takes the whole range
    const char* displayUnit = "";               // after the spin box ("billion", "%")
    double displayFactor = 1;                   // shown = value / displayFactor (1e9: billions, 0.01: percent)
    int decimals = 0;                           // spin box decimals
    bool advanced = false;                      // in the group's collapsed details section
    std::vector<std::string> choiceLabels = {}; // Combo: one per choice, in the same order
};

// Where a plain number (an int, a double, or a choice's one-byte enum) sits inside Scenario: validate() reads every
// one of them on every evaluation, and reading through an offset costs no call (an indirect call per key was a
// sixth of evaluate()'s time).
struct NumberSlot {
    enum class Kind : unsigned char { None, Int, Double, Byte };
    Kind kind = Kind::None;
    unsigned offset = 0;
    double read(const Scenario& s) const {
        const char* at = reinterpret_cast<const char*>(&s) + offset;
        if (kind == Kind::Double) {
            double v;
            std::memcpy(&v, at, sizeof v);
            return v;
        }
        if (kind == Kind::Int) {
            int v;
            std::memcpy(&v, at, sizeof v);
            return v;
        }
        return double(static_cast<unsigned char>(*at));
    }
};

struct Field {
    const char* key;
    FieldType type;
    double min; // inclusive numeric range (list elements for IntList); unused for text
    double max;
    const char* unit;
    const char* help;
    std::vector<std::string> choices; // FieldType::Choice
    FieldValue (*get)(const Scenario&);
    void (*set)(Scenario&, const FieldValue&);
    bool minExclusive = false;
    NumberSlot number = {}; // numeric keys and choice enums: the value without a FieldValue (validate's fast path)
    FieldUi ui = {};
    std::uint64_t choiceMask = 0; // a choice held as an enum: bit i is set when enum value i is one of `choices`
};

const std::vector<Field>& scenarioFields();
const Field* findField(std::string_view key);

struct FieldError {
    enum class Kind { UnknownKey, WrongType, OutOfRange };
    Kind kind = Kind::OutOfRange;
    std::string key;
    Diagnostic diagnostic;                                       // its code is the key
    std::string message() const { return diagnostic.message(); } // "<key>: <value> is not allowed; allowed: <range>"
};

// Type check, then assign. Ranges and cross-field rules are validate()'s job, so a file can carry a value
// that the engine then explains. Setting model.preset or hardware.preset copies the preset's figures; a refining
// edit (a model.* or hardware.* key set to a different value) makes that preset "custom", for every front alike.
std::optional<FieldError> setField(Scenario& s, std::string_view key, const FieldValue& value);

// The value's range check for one field; nullopt when allowed.
std::optional<FieldError> checkRange(const Field& f, const FieldValue& value);

// x == floor(x) for a finite x, without the call to floor() (validate() checks every numeric key per evaluation):
// every double of magnitude 2^52 or more is whole, and below that the integer conversion is exact.
inline bool wholeNumber(double x) {
    return (x < 0 ? -x : x) >= 0x1p52 || double(static_cast<long long>(x)) == x;
}

// A number within the key's range (and whole for an integer key): checkRange's test, and validate()'s fast path.
inline bool numberInRange(const Field& f, double x) {
    const bool ok = std::isfinite(x) && (f.minExclusive ? x > f.min : x >= f.min) && x <= f.max;
    return ok && (f.type != FieldType::Int || wholeNumber(x));
}

std::string describeAllowed(const Field& f);
std::string formatValue(const FieldValue& v);
// For error lines: long text and long lists shortened in the middle ("[1,1,...,1] (20000 values)").
std::string formatValueShort(const FieldValue& v);
std::string shortenMiddle(const std::string& text, std::size_t max = 80);

// The keys a packing of documents sets: the lengths and data.seq_len as their sum, so that they fill the sequence.
// No lengths: one document filling the scenario's sequence.
std::vector<std::pair<std::string, FieldValue>> packingAssignments(const Scenario& s, const std::vector<int>& lengths);

// The panel's number for a value and back (value = shown x displayFactor). Back is rounded to 15 significant
// digits, so 2000 billion tokens is 2e12, not 1999999999999.9998.
double toDisplay(const Field& f, double value);
double fromDisplay(const Field& f, double shown);
// The human label of a key ("Global batch"); the key itself when the table has none.
std::string labelOf(std::string_view key);
// An engine sentence for people: every key in it replaced by its label, lower-cased inside a sentence ("raise
// data.global_batch" -> "raise global batch"; "ZeRO stage" and "TP" keep their capitals).
std::string withLabels(std::string_view text);

} // namespace tl::engine
