#pragma once
// The JSON Schema (draft 2020-12) of a saved scenario, generated from the engine's field table so that it cannot
// drift from what the program accepts. resources/scenario.schema.json is this output; a test keeps them equal.

#include <QJsonObject>

namespace tl::io {

QJsonObject scenarioSchema();

} // namespace tl::io
