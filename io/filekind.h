#pragma once
// What a file is, told from its content: a TrainLedger scenario, or one of the configs --import reads (a Hugging
// Face model config.json, a Megatron-LM argument list, a torchtitan TOML, a DeepSpeed JSON). The scenario reader asks
// this so that opening someone's config.json is refused with a line saying what it is, and the importer asks it which
// reader to use.

#include "engine/messages.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace tl::io {

enum class FileKind { Scenario, HuggingFace, Megatron, Torchtitan, DeepSpeed, Unknown };

// A JSON object: a scenario (a "format" key, or at least one scenario key), a Hugging Face model config (model_type
// or architectures), a DeepSpeed config (its batch or zero_optimization keys), or Unknown.
FileKind jsonKind(const QJsonObject& object);

// Any bytes: a zip is a scenario archive; a JSON object as jsonKind; a DeepSpeed JSON with comment lines (DeepSpeed
// reads HJSON); a TOML document with torchtitan's tables; text with Megatron-LM's flags.
FileKind fileKind(const QByteArray& bytes);

// "a Hugging Face model config (model_type \"mistral\")", "a DeepSpeed config", ...
engine::Diagnostic describeKind(FileKind kind, const QJsonObject& object = {});

// The one line that refuses to open a config as a scenario, or nullopt when kind is Scenario or Unknown.
std::optional<engine::Diagnostic> notAScenario(FileKind kind, const QJsonObject& object = {});

// JSON with its whole-line comments (// or #) removed: DeepSpeed reads its config as HJSON, which allows them.
QByteArray withoutCommentLines(const QByteArray& bytes);

} // namespace tl::io
