#include "io/importconfig.h"

#include "engine/fields.h"
#include "engine/presets.h"
#include "io/importkeys.h"
#include "io/messagetext.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QStringDecoder>

#include <cmath>
#include <string>
#include <vector>

namespace tl::io {
namespace {

using detail::Assignments;
using detail::freshShape;
using detail::jsonScalarText;
using detail::namePreset;
using engine::FieldValue;
using engine::Msg;

const char* const kModelTypes[] = {"llama",     "mistral",     "mixtral",     "qwen2", "qwen2_moe", "qwen3",
                                   "qwen3_moe", "deepseek_v2", "deepseek_v3", "gemma", "gemma2",    "gemma3_text",
                                   "phi3",      "gpt2",        "gpt_neox",    "olmo2", "gpt_oss"};

QString valueText(const QJsonValue& v) {
    if (v.isString())
        return QLatin1Char('"') + v.toString().left(60) + QLatin1Char('"');
    if (QString scalar = jsonScalarText(v); !scalar.isNull())
        return scalar;
    return QString::fromUtf8(QJsonDocument(v.isArray() ? QJsonDocument(v.toArray()) : QJsonDocument(v.toObject()))
                                 .toJson(QJsonDocument::Compact)
                                 .left(60));
}

// One Hugging Face config object: typed reads that remember the first field that is missing or of the wrong type.
class HfConfig {
public:
    explicit HfConfig(const QJsonObject& o) : o_(o) {}

    bool has(const char* name) const {
        const QJsonValue v = o_.value(QLatin1String(name));
        return !v.isUndefined() && !v.isNull();
    }
    QJsonValue value(const char* name) const { return o_.value(QLatin1String(name)); }

    // A number field: nullopt when absent or null; a non-number is an error.
    std::optional<double> number(const char* name) {
        if (!has(name))
            return std::nullopt;
        const QJsonValue v = value(name);
        if (!v.isDouble()) {
            fail(say(Msg::HfNotNumber, {textArg(QLatin1String(name)), textArg(valueText(v))}));
            return std::nullopt;
        }
        return v.toDouble();
    }
    double number(const char* name, double fallback) { return number(name).value_or(fallback); }
    double required(const char* name) {
        if (auto v = number(name))
            return *v;
        if (!has(name))
            fail(say(Msg::HfMissing, {textArg(QLatin1String(name)), textArg(type())}));
        return 0;
    }
    bool flag(const char* name, bool fallback) {
        if (!has(name))
            return fallback;
        const QJsonValue v = value(name);
        if (!v.isBool()) {
            fail(say(Msg::HfNotBool, {textArg(QLatin1String(name)), textArg(valueText(v))}));
            return fallback;
        }
        return v.toBool();
    }
    QString text(const char* name) const { return value(name).toString(); }
    QString type() const { return text("model_type").left(40); }

    void fail(engine::Diagnostic line) {
        if (error.empty())
            error = std::move(line);
    }
    engine::Diagnostic error;

private:
    const QJsonObject& o_;
};

bool oneOf(const QString& type, std::initializer_list<const char*> types) {
    for (const char* t : types)
        if (type == QLatin1String(t))
            return true;
    return false;
}

// layer_types (newer configs list each layer's attention): the period of its full-attention layers, when they are
// exactly every n-th layer (n-1, 2n-1, ...). 0: no full layer; -1: not periodic or not a list of names.
int fullAttentionPeriod(const QJsonArray& types) {
    std::vector<int> full;
    for (qsizetype i = 0; i < types.size(); ++i) {
        const QString t = types.at(i).toString();
        if (t == QLatin1String("full_attention"))
            full.push_back(int(i));
        else if (t != QLatin1String("sliding_attention"))
            return -1;
    }
    if (full.empty())
        return 0;
    const int n = full.front() + 1;
    for (size_t k = 0; k < full.size(); ++k)
        if (full[k] != int(k + 1) * n - 1)
            return -1;
    return int(types.size()) / n == int(full.size()) ? n : -1;
}

// The model keys from a Hugging Face config of a supported model_type. Every shape key is set (a key the format has
// no field for takes the value its architecture fixes), so nothing of the base scenario's model survives.
void readHuggingFace(HfConfig& c, Assignments& a, std::vector<engine::Diagnostic>& ignored) {
    const QString type = c.type();
    const bool gpt2 = type == QLatin1String("gpt2");
    const bool neox = type == QLatin1String("gpt_neox");
    const bool gemma = oneOf(type, {"gemma", "gemma2", "gemma3_text"});
    const bool deepseek = oneOf(type, {"deepseek_v2", "deepseek_v3"});
    const bool qwen2 = oneOf(type, {"qwen2", "qwen2_moe"});
    const auto from = [](const char* f) { return QLatin1String(f); };

    // Sizes.
    const char* layersName = gpt2 ? "n_layer" : "num_hidden_layers";
    const char* hiddenName = gpt2 ? "n_embd" : "hidden_size";
    const char* headsName = gpt2 ? "n_head" : "num_attention_heads";
    const double layers = c.required(layersName);
    const double hidden = c.required(hiddenName);
    const double heads = c.required(headsName);
    a.set("model.layers", layers, from(layersName));
    a.set("model.hidden", hidden, from(hiddenName));
    a.set("model.heads", heads, from(headsName));
    if (gpt2) {
        if (auto inner = c.number("n_inner"))
            a.set("model.ffn_hidden", *inner, from("n_inner"));
        else
            a.set("model.ffn_hidden", 4 * hidden, QStringLiteral("4 x n_embd"));
    } else {
        a.set("model.ffn_hidden", c.required("intermediate_size"), from("intermediate_size"));
    }
    if (auto kv = c.number("num_key_value_heads"))
        a.set("model.kv_heads", *kv, from("num_key_value_heads"));
    else
        a.set("model.kv_heads", heads, say(Msg::FromNoKvHeads, {textArg(from(headsName))}));
    if (auto d = c.number("head_dim"))
        a.set("model.head_dim", *d, from("head_dim"));
    else if (deepseek && c.has("qk_nope_head_dim"))
        a.set("model.head_dim", c.number("qk_nope_head_dim", 0), from("qk_nope_head_dim"));
    else if (heads >= 1 && std::fmod(hidden, heads) == 0)
        a.set("model.head_dim", hidden / heads, QStringLiteral("%1 / %2").arg(from(hiddenName), from(headsName)));
    else if (heads >= 1)
        c.fail(say(Msg::HfHeadDim,
                   {textArg(from(hiddenName)), numberArg(hidden), textArg(from(headsName)), numberArg(heads)}));
    a.set("model.vocab", gpt2 ? c.number("vocab_size", 50257) : c.required("vocab_size"), from("vocab_size"));
    const bool tiedDefault = gpt2 || gemma; // the model classes' defaults when the file does not say
    const bool tied = c.flag("tie_word_embeddings", tiedDefault);
    a.setBool("model.tied_embeddings", tied,
              c.has("tie_word_embeddings") ? Assignments::From(from("tie_word_embeddings"))
                                           : Assignments::From(say(Msg::FromTypeDefault, {textArg(type)})));

    // The MLP, biases and norms each architecture fixes.
    const QString arch = QStringLiteral("model_type %1").arg(type);
    a.setBool("model.gated_mlp", !(gpt2 || neox), arch);
    const bool olmo2 = type == QLatin1String("olmo2");
    const bool qkNorm = oneOf(type, {"qwen3", "qwen3_moe", "gemma3_text", "olmo2"});
    a.setBool("model.qk_norm", qkNorm, arch);
    a.setBool("model.qk_norm_all_heads", olmo2, arch); // OLMo 2 norms all heads' queries (keys) as one vector
    bool bias = gpt2 || neox || type == QLatin1String("gpt_oss");
    if (neox && !c.flag("attention_bias", true))
        ignored.push_back(say(Msg::AttentionBiasFalse));
    a.setBool("model.bias", bias, arch);
    if (type == QLatin1String("gpt_oss"))
        a.setBool("model.norm_bias", false, arch);
    a.setBool("model.qkv_bias", qwen2, arch); // Qwen2's query, key and value projections carry biases
    a.setBool("model.post_norms", oneOf(type, {"gemma2", "gemma3_text"}), arch);
    if (!bias && !qwen2 && c.flag("attention_bias", false))
        ignored.push_back(say(Msg::AttentionBiasOnly));
    if (!bias && c.flag("mlp_bias", false))
        ignored.push_back(say(Msg::MlpBiasOnly));
    if (gpt2)
        a.set("model.learned_positions", c.number("n_positions", 1024), from("n_positions"));

    // Mixture of experts.
    if (type == QLatin1String("mixtral") || type == QLatin1String("gpt_oss")) {
        a.set("model.moe.experts", c.required("num_local_experts"), from("num_local_experts"));
        const char* active = c.has("num_experts_per_tok") ? "num_experts_per_tok" : "experts_per_token";
        a.set("model.moe.active_experts", c.required(active), from(active));
        a.set("model.moe.expert_ffn_hidden", c.required("intermediate_size"), from("intermediate_size"));
        if (type == QLatin1String("gpt_oss")) {
            a.setBool("model.moe.router_bias", true, arch);
            a.setBool("model.attention_sinks", true, arch);
        }
    } else if (oneOf(type, {"qwen2_moe", "qwen3_moe"})) {
        const double expertWidth = c.required("moe_intermediate_size");
        a.set("model.moe.experts", c.required("num_experts"), from("num_experts"));
        a.set("model.moe.active_experts", c.required("num_experts_per_tok"), from("num_experts_per_tok"));
        a.set("model.moe.expert_ffn_hidden", expertWidth, from("moe_intermediate_size"));
        if (auto shared = c.number("shared_expert_intermediate_size"); shared && *shared > 0) {
            // One shared expert of a wider MLP: as many expert-wide shared experts as it is wide.
            if (expertWidth >= 1 && std::fmod(*shared, expertWidth) == 0)
                a.set("model.moe.shared_experts", *shared / expertWidth,
                      QStringLiteral("shared_expert_intermediate_size / moe_intermediate_size"));
            else
                ignored.push_back(say(Msg::SharedNotMultiple, {numberArg(*shared), numberArg(expertWidth)}));
            ignored.push_back(say(Msg::SharedExpertGate));
        }
        const double step = c.number("decoder_sparse_step", 1);
        const QJsonArray mlpOnly = c.value("mlp_only_layers").toArray();
        int leading = 0;
        while (leading < mlpOnly.size() && mlpOnly.at(leading).toInt(-1) == leading)
            ++leading;
        a.set("model.moe.dense_layers", leading, from("mlp_only_layers"));
        if (leading != mlpOnly.size() || step != 1)
            ignored.push_back(say(Msg::SparseStep, {numberArg(step), textArg(valueText(c.value("mlp_only_layers"))),
                                                    numberArg(leading)}));
    } else if (deepseek) {
        a.set("model.moe.experts", c.required("n_routed_experts"), from("n_routed_experts"));
        a.set("model.moe.active_experts", c.required("num_experts_per_tok"), from("num_experts_per_tok"));
        a.set("model.moe.shared_experts", c.number("n_shared_experts", 0), from("n_shared_experts"));
        a.set("model.moe.expert_ffn_hidden", c.required("moe_intermediate_size"), from("moe_intermediate_size"));
        a.set("model.moe.dense_layers", c.number("first_k_dense_replace", 0), from("first_k_dense_replace"));
        if (c.number("moe_layer_freq", 1) != 1)
            ignored.push_back(say(Msg::MoeLayerFreq, {numberArg(c.number("moe_layer_freq", 1))}));
        const bool balancingBias = c.text("topk_method") == QLatin1String("noaux_tc");
        a.setBool("model.moe.router_bias", balancingBias,
                  balancingBias ? QStringLiteral("topk_method \"noaux_tc\"") : arch);
        a.setText("model.attention", QStringLiteral("mla"), arch);
        a.set("model.mla.q_lora_rank", c.number("q_lora_rank", 0), from("q_lora_rank"));
        a.set("model.mla.kv_lora_rank", c.required("kv_lora_rank"), from("kv_lora_rank"));
        a.set("model.mla.qk_nope_head_dim", c.required("qk_nope_head_dim"), from("qk_nope_head_dim"));
        a.set("model.mla.qk_rope_head_dim", c.required("qk_rope_head_dim"), from("qk_rope_head_dim"));
        a.set("model.mla.v_head_dim", c.required("v_head_dim"), from("v_head_dim"));
        if (c.has("num_nextn_predict_layers"))
            a.set("model.mtp_layers", c.number("num_nextn_predict_layers", 0), from("num_nextn_predict_layers"));
    }

    // Sliding windows.
    const double window = c.number("sliding_window", 0);
    const QJsonArray layerTypes = c.value("layer_types").toArray();
    const bool optIn = qwen2 || oneOf(type, {"qwen3", "qwen3_moe"}); // Qwen: only with use_sliding_window
    if (optIn) {
        if (c.flag("use_sliding_window", false))
            ignored.push_back(say(Msg::SlidingPartWay, {numberArg(c.number("max_window_layers", 0))}));
    } else if (window > 0 &&
               !oneOf(type, {"gemma", "llama", "olmo2", "gpt2", "gpt_neox", "deepseek_v2", "deepseek_v3"})) {
        int every = 0; // mistral, mixtral, phi3: every layer windowed
        Assignments::From source = say(Msg::FromSlidingEveryLayer);
        if (!layerTypes.isEmpty()) {
            every = fullAttentionPeriod(layerTypes);
            source = from("layer_types");
            if (every < 0) {
                ignored.push_back(say(Msg::LayerTypesIrregular));
                every = 1;
            }
        } else if (type == QLatin1String("gemma2") || type == QLatin1String("gpt_oss")) {
            every = 2;
            source = say(Msg::FromEverySecondLayer, {textArg(arch)});
        } else if (type == QLatin1String("gemma3_text")) {
            every = int(c.number("sliding_window_pattern", 6));
            source = from("sliding_window_pattern");
        }
        a.set("model.sliding_window", window, from("sliding_window"));
        a.set("model.full_attention_every", every, source);
    }
    if (c.has("quantization_config"))
        ignored.push_back(say(Msg::QuantizedWeights));
}

ImportResult importHuggingFace(const QJsonObject& object, const engine::Scenario& base, const QString& name) {
    ImportResult r;
    r.kind = FileKind::HuggingFace;
    QJsonObject o = object;
    // A multimodal config whose language model is a supported type: its text_config, the rest named.
    const QJsonObject text = o.value(QStringLiteral("text_config")).toObject();
    if (!supportedModelTypes().contains(o.value(QStringLiteral("model_type")).toString()) &&
        supportedModelTypes().contains(text.value(QStringLiteral("model_type")).toString())) {
        r.ignored.push_back(say(Msg::TextConfigOnly, {textArg(o.value(QStringLiteral("model_type")).toString(), 40),
                                                      textArg(text.value(QStringLiteral("model_type")).toString())}));
        o = text;
    }
    r.what = describeKind(FileKind::HuggingFace, o);
    const auto refused = [&r](engine::Diagnostic line) {
        ImportResult out;
        out.kind = r.kind;
        out.what = r.what;
        out.error = std::move(line);
        return out;
    };
    HfConfig c(o);
    if (!c.value("model_type").isString())
        return refused(say(Msg::HfNoModelType, {textArg(supportedModelTypes().join(QStringLiteral(", ")), 400)}));
    if (!supportedModelTypes().contains(c.type()))
        return refused(say(Msg::HfTypeUnsupported,
                           {textArg(c.type()), textArg(supportedModelTypes().join(QStringLiteral(", ")), 400)}));
    Assignments a;
    QString title = c.text("_name_or_path").section(QLatin1Char('/'), -1).left(80);
    if (title.isEmpty())
        title = QStringLiteral("%1 (%2)").arg(c.type(), name.isEmpty() ? QStringLiteral("config.json") : name.left(60));
    readHuggingFace(c, a, r.ignored);
    if (!c.error.empty())
        return refused(c.error);
    engine::Scenario s = base;
    s.model = freshShape(base.model);
    s.title = title.toStdString();
    if (auto e = a.apply(s, r.set)) {
        r.set.clear();
        return refused(*e);
    }
    s.model.preset = "custom"; // setField keeps it custom; a matching preset names it
    namePreset(s.model);
    if (s.model.preset != "custom")
        r.set.push_back(detail::presetLine(s.model.preset));
    r.scenario = s;
    return r;
}

std::optional<engine::Diagnostic> notText(const QByteArray& bytes) {
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString text = decoder(bytes);
    if (decoder.hasError() || bytes.contains('\0'))
        return say(Msg::NotUtf8Text);
    return std::nullopt;
}

ImportResult importAny(const QByteArray& bytes, const engine::Scenario& base, const QString& name) {
    auto refuse = [](engine::Diagnostic line, FileKind kind = FileKind::Unknown) {
        ImportResult r;
        r.error = std::move(line);
        r.kind = kind;
        return r;
    };
    if (bytes.size() > kMaxImportBytes)
        return refuse(say(Msg::ImportTooLarge, {numberArg(double(bytes.size())), numberArg(kMaxImportBytes)}));
    if (bytes.trimmed().isEmpty())
        return refuse(say(Msg::FileEmpty));
    if (auto e = notText(bytes))
        return refuse(*e);
    const FileKind kind = fileKind(bytes);
    switch (kind) {
    case FileKind::HuggingFace: {
        const QJsonObject o = QJsonDocument::fromJson(bytes).object();
        return importHuggingFace(o, base, name);
    }
    case FileKind::Scenario:
        return refuse(say(Msg::IsScenarioOpenIt), kind);
    case FileKind::Megatron:
        return detail::importMegatron(bytes, base);
    case FileKind::Torchtitan:
        return detail::importTorchtitan(bytes, base);
    case FileKind::DeepSpeed: {
        QJsonObject o = QJsonDocument::fromJson(bytes).object();
        if (o.isEmpty())
            o = QJsonDocument::fromJson(withoutCommentLines(bytes)).object();
        return detail::importDeepSpeed(o, base);
    }
    case FileKind::Unknown:
        break;
    }
    QJsonParseError err;
    QJsonDocument::fromJson(bytes, &err);
    if (bytes.trimmed().startsWith('{') && err.error != QJsonParseError::NoError)
        return refuse(say(Msg::JsonErrorAtByte, {textArg(err.errorString()), numberArg(err.offset)}));
    return refuse(say(Msg::NotImportable));
}

} // namespace

namespace detail {

// Training choices of the base scenario that a model config does not speak of: they survive the new shape.
engine::ModelShape freshShape(const engine::ModelShape& old) {
    engine::ModelShape m;
    m.preset = "custom";
    m.dropout = old.dropout;
    m.moe.capacityFactor = old.moe.capacityFactor;
    m.moe.routerBalance = old.moe.routerBalance;
    return m;
}

// The preset whose shape the imported one is, so that the window shows its name; "custom" otherwise.
void namePreset(engine::ModelShape& m) {
    for (const auto& p : engine::modelPresets()) {
        engine::ModelShape shape = p.shape;
        shape.dropout = m.dropout;
        shape.moe.capacityFactor = m.moe.capacityFactor;
        shape.moe.routerBalance = m.moe.routerBalance;
        shape.preset = m.preset;
        if (shape == m) {
            m.preset = p.id;
            return;
        }
    }
}

} // namespace detail

QStringList supportedModelTypes() {
    QStringList out;
    for (const char* t : kModelTypes)
        out << QLatin1String(t);
    return out;
}

ImportResult importConfig(const QByteArray& bytes, const engine::Scenario& base, const QString& name) {
    return importAny(bytes, base, name); // every text argument is one line already (textArg)
}

ImportResult importConfigFile(const QString& path, const engine::Scenario& base) {
    QFile file(path);
    ImportResult r;
    if (QFileInfo(path).isDir() || !file.open(QIODevice::ReadOnly)) {
        r.error = inFile(path, say(Msg::CannotRead, {QFileInfo(path).isDir() ? sentenceArg(say(Msg::IsAFolder))
                                                                             : textArg(file.errorString())}));
        return r;
    }
    const QByteArray bytes = file.read(kMaxImportBytes + 1);
    r = importConfig(bytes, base, QFileInfo(path).fileName());
    if (!r.error.empty())
        r.error = inFile(path, std::move(r.error));
    return r;
}

} // namespace tl::io
