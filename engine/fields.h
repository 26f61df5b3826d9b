#pragma once
// The scenario key space of CONTRACT.md section 1, as one table: key, type, allowed range, unit and a
// one-sentence help. Files, --set, validation, tooltips and slider ranges all read this table.

#include "engine/scenario.h"

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tl::engine {

// null (monostate), bool, number, text, list of integers.
using FieldValue = std::variant<std::monostate, bool, double, std::string, std::vector<int>>;

enum class FieldType { Int, Real, Bool, Text, Choice, IntList, NullableReal };

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
    double (*number)(const Scenario&) =
        nullptr; // numeric fields: the value without a FieldValue (validate's fast path)
};

const std::vector<Field>& scenarioFields();
const Field* findField(std::string_view key);

struct FieldError {
    enum class Kind { UnknownKey, WrongType, OutOfRange };
    Kind kind = Kind::OutOfRange;
    std::string key;
    std::string message; // "<key>: <value> is not allowed; allowed: <range>"
};

// Type check, then assign. Ranges and cross-field rules are validate()'s job, so a file can carry a value
// that the engine then explains. Setting model.preset or hardware.preset copies the preset's figures.
std::optional<FieldError> setField(Scenario& s, std::string_view key, const FieldValue& value);

// The value's range check for one field; nullopt when allowed.
std::optional<FieldError> checkRange(const Field& f, const FieldValue& value);
// The same test for a numeric field's number, without building an error (true when allowed).
bool inRange(const Field& f, double x);

std::string describeAllowed(const Field& f);
std::string formatValue(const FieldValue& v);
// For error lines: long text and long lists shortened in the middle ("[1,1,...,1] (20000 values)").
std::string formatValueShort(const FieldValue& v);
std::string shortenMiddle(const std::string& text, std::size_t max = 80);

} // namespace tl::engine
