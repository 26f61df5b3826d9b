#pragma once
// A scenario's model and layout as a file a training framework launches with: Megatron-LM's pretrain_gpt.py flags
// (behind a torchrun line that gives the GPU count), a torchtitan TOML, or a DeepSpeed JSON. What the format cannot
// express is said in a comment line at the top. importConfig reads each back to the same layout keys.

#include "engine/scenario.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace tl::io {

enum class LaunchFormat { Megatron, Torchtitan, DeepSpeed };

std::optional<LaunchFormat> parseLaunchFormat(const QString& name); // "megatron", "torchtitan", "deepspeed"
QStringList launchFormatNames();
QString launchFileSuffix(LaunchFormat format); // "sh", "toml", "json"

QByteArray exportLaunch(const engine::Scenario& s, LaunchFormat format);

} // namespace tl::io
