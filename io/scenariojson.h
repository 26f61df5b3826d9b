#pragma once
// Scenario <-> JSON (docs/contract.md §1) and the --set key=value syntax. The only place that turns text
// into a Scenario: everything it returns has passed the engine's field table, or comes with a precise error.

#include "engine/fields.h"
#include "engine/ledger.h"
#include "engine/ledgerfields.h"
#include "engine/messages.h"
#include "engine/scenario.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace tl::io {

inline constexpr const char* kScenarioFormat = "trainledger.scenario";
inline constexpr int kScenarioVersion = 1;
inline constexpr qsizetype kMaxScenarioJsonBytes = 1 << 20; // 1 MiB: a scenario is a few KB

struct ScenarioResult {
    std::optional<engine::Scenario> scenario; // set on success
    engine::Diagnostic error;                 // one line: what is wrong and where
    QString category;                         // stable error class for tests: "json", "format", "version", ...
    std::vector<engine::Diagnostic> warnings; // unknown keys and the like: reported, not fatal
};

// Parse a scenario.json. requireHeader: a saved file must carry format and version; the CLI also accepts a bare
// object of keys. Missing keys take the defaults; the preset keys are applied before the keys that refine them.
ScenarioResult scenarioFromJson(const QByteArray& bytes, bool requireHeader = true);
ScenarioResult scenarioFromObject(const QJsonObject& object, bool requireHeader);

// Nested, human-readable JSON with format and version first-level keys; keys sorted, so bytes are stable.
QByteArray scenarioToJson(const engine::Scenario& s);
QJsonObject scenarioToObject(const engine::Scenario& s);

// Convert between JSON values and the engine's field values (numbers, bools, strings, integer lists, null).
std::optional<engine::FieldValue> toFieldValue(const QJsonValue& v);
QJsonValue fromFieldValue(const engine::FieldValue& v);

// "key=value": value parsed as JSON, else taken as a string. Returns the error line, or nullopt.
std::optional<engine::Diagnostic> applyAssignment(engine::Scenario& s, const QString& assignment);

// The ledger as docs/contract.md §2 nested JSON, with the evaluated scenario under "scenario".
QJsonObject ledgerToJson(const engine::Ledger& l, const engine::Scenario& s);
// One ledger value as JSON: a bool, an integer, a number, a string, or null (no value).
QJsonValue ledgerValueToJson(const engine::LedgerValue& v);

// Put value at a dotted key inside nested objects ("a.b.c").
void insertDotted(QJsonObject& root, const QString& dottedKey, const QJsonValue& value);

} // namespace tl::io
