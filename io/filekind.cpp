#include "io/filekind.h"

#include "engine/fields.h"
#include "io/messagetext.h"

#include <QJsonDocument>
#include <QJsonParseError>
#include <QList>
#include <QRegularExpression>

#include <toml++/toml.h>

namespace tl::io {
namespace {

bool isZip(const QByteArray& bytes) {
    return bytes.startsWith("PK\x03\x04") || bytes.startsWith("PK\x05\x06");
}

std::optional<QJsonObject> jsonObject(const QByteArray& bytes) {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        return std::nullopt;
    return doc.object();
}

// Any key, at any depth, that the scenario key table knows ("parallel" + "dp", or a flat "parallel.dp").
bool hasScenarioKey(const QJsonObject& o, const QString& prefix = {}, int depth = 0) {
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + QLatin1Char('.') + it.key();
        if (engine::findField(key.toStdString()))
            return true;
        if (it.value().isObject() && depth < 8 && hasScenarioKey(it.value().toObject(), key, depth + 1))
            return true;
    }
    return false;
}

bool isTorchtitanToml(const QByteArray& bytes) {
    try {
        const toml::table table = toml::parse(std::string_view(bytes.constData(), size_t(bytes.size())));
        for (const char* section : {"model", "training", "parallelism", "job", "activation_checkpoint"})
            if (table[section].is_table())
                return true;
    } catch (const toml::parse_error&) {
    }
    return false;
}

bool isMegatronArguments(const QByteArray& bytes) {
    static const QRegularExpression flag(QStringLiteral(
        "(^|\\s)--(num-layers|hidden-size|num-attention-heads|tensor-model-parallel-size|pipeline-model-parallel-size|"
        "micro-batch-size|global-batch-size|seq-length)(\\s|=|$)|pretrain_gpt\\.py"));
    return flag.match(QString::fromUtf8(bytes)).hasMatch();
}

} // namespace

FileKind jsonKind(const QJsonObject& o) {
    if (o.contains(QStringLiteral("format")))
        return FileKind::Scenario;
    if (o.contains(QStringLiteral("model_type")) || o.contains(QStringLiteral("architectures")))
        return FileKind::HuggingFace;
    for (const char* key : {"zero_optimization", "train_batch_size", "train_micro_batch_size_per_gpu",
                            "gradient_accumulation_steps", "zero_allow_untested_optimizer"})
        if (o.contains(QLatin1String(key)))
            return FileKind::DeepSpeed;
    if (hasScenarioKey(o))
        return FileKind::Scenario;
    return FileKind::Unknown;
}

FileKind fileKind(const QByteArray& bytes) {
    if (isZip(bytes))
        return FileKind::Scenario;
    if (const auto o = jsonObject(bytes))
        return jsonKind(*o);
    if (const auto o = jsonObject(withoutCommentLines(bytes)); o && jsonKind(*o) == FileKind::DeepSpeed)
        return FileKind::DeepSpeed;
    if (isTorchtitanToml(bytes))
        return FileKind::Torchtitan;
    if (isMegatronArguments(bytes))
        return FileKind::Megatron;
    return FileKind::Unknown;
}

engine::Diagnostic describeKind(FileKind kind, const QJsonObject& object) {
    using engine::Msg;
    switch (kind) {
    case FileKind::Scenario:
        return say(Msg::KindScenario);
    case FileKind::HuggingFace: {
        const QString type = object.value(QStringLiteral("model_type")).toString();
        return type.isEmpty() ? say(Msg::KindHuggingFace) : say(Msg::KindHuggingFaceType, {textArg(type, 40)});
    }
    case FileKind::Megatron:
        return say(Msg::KindMegatron);
    case FileKind::Torchtitan:
        return say(Msg::KindTorchtitan);
    case FileKind::DeepSpeed:
        return say(Msg::KindDeepSpeed);
    case FileKind::Unknown:
        break;
    }
    return say(Msg::KindUnknown);
}

std::optional<engine::Diagnostic> notAScenario(FileKind kind, const QJsonObject& object) {
    if (kind == FileKind::Scenario || kind == FileKind::Unknown)
        return std::nullopt;
    // The menu item to use is part of the sentence, so that each language names its own menu.
    return say(kind == FileKind::HuggingFace ? engine::Msg::NotScenarioImportModel
                                             : engine::Msg::NotScenarioImportTraining,
               {sentenceArg(describeKind(kind, object))});
}

QByteArray withoutCommentLines(const QByteArray& bytes) {
    QList<QByteArray> kept;
    for (const QByteArray& line : bytes.split('\n')) {
        const QByteArray t = line.trimmed();
        kept << (t.startsWith("//") || t.startsWith('#') ? QByteArray() : line);
    }
    return kept.join('\n');
}

} // namespace tl::io
