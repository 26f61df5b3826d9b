#pragma once
// Bringing a user's own files in: a Hugging Face model config.json sets the model keys; a Megatron-LM argument list,
// a torchtitan TOML or a DeepSpeed JSON set the training keys they know. Each import says, one line each, which keys
// it set (and from which field) and which fields that change the cost it could not express. A refused file changes
// nothing: the result carries one error line and no scenario. Every line is a message id with its arguments
// (engine/messages.h): the CLI prints them in English (io/messagetext.h), the window in its language.

#include "engine/messages.h"
#include "engine/scenario.h"
#include "io/filekind.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace tl::io {

inline constexpr qsizetype kMaxImportBytes = 4 << 20; // 4 MiB: the largest config is a few hundred KB

struct ImportResult {
    std::optional<engine::Scenario> scenario; // set on success
    engine::Diagnostic error;                 // one line when refused (empty() otherwise)
    FileKind kind = FileKind::Unknown;
    engine::Diagnostic what;                 // "a Hugging Face model config (model_type \"mistral\")"
    std::vector<engine::Diagnostic> set;     // "model.layers = 32 (num_hidden_layers)"
    std::vector<engine::Diagnostic> ignored; // "attention_bias: true: ... (not counted)"
};

// The model_type values importModel reads, in the order the refusal lists them.
QStringList supportedModelTypes();

// Any of the four formats, told from its content (fileKind). `base` keeps every key the file does not set; `name`
// (the file's name) titles a model that names nothing better.
ImportResult importConfig(const QByteArray& bytes, const engine::Scenario& base, const QString& name = {});

// Reads the file (at most kMaxImportBytes) and imports it; errors name the path.
ImportResult importConfigFile(const QString& path, const engine::Scenario& base);

} // namespace tl::io
