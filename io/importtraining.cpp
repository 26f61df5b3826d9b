// The training configs: a Megatron-LM argument list, a torchtitan TOML, a DeepSpeed JSON. Each sets the keys it knows
// (one line each, with the flag or field it came from) and lists every flag or field it passed over, one line each.

#include "engine/presets.h"
#include "io/importkeys.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <toml++/toml.h>

#include <cmath>
#include <functional>
#include <map>

namespace tl::io::detail {

using engine::Msg;

std::optional<engine::Diagnostic> Assignments::apply(engine::Scenario& s,
                                                     std::vector<engine::Diagnostic>& lines) const {
    for (const Item& item : items_) {
        const engine::Field* f = engine::findField(item.key);
        if (!f)
            return say(Msg::NotScenarioKey, {engine::MessageArg::ofText(item.key)});
        auto e = engine::checkRange(*f, item.value);
        if (!e)
            e = engine::setField(s, item.key, item.value);
        if (e)
            return say(Msg::InFile, {item.from.arg, sentenceArg(e->diagnostic)});
        // The key as files and --set write it, in either language: the summary lists assignments.
        lines.push_back(
            say(Msg::ImportSet, {engine::MessageArg::ofText(item.key),
                                 engine::MessageArg::ofText(engine::formatValue(item.value)), item.from.arg}));
    }
    return std::nullopt;
}

engine::Diagnostic presetLine(const std::string& preset) {
    return say(Msg::ImportPreset, {engine::MessageArg::ofText("model.preset"), engine::MessageArg::ofText(preset)});
}

QString numberText(double v) {
    return QString::number(v, 'g', 15);
}

QString jsonScalarText(const QJsonValue& v) {
    if (v.isDouble())
        return numberText(v.toDouble());
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isNull())
        return QStringLiteral("null");
    return QString();
}

namespace {

// fresh: the file gives the model's sizes, so the shape starts anew and is named after its preset if it is one.
ImportResult finish(ImportResult r, const Assignments& a, const engine::Scenario& base, bool fresh = false) {
    engine::Scenario s = base;
    if (fresh) {
        s.model = freshShape(base.model);
        s.model.vocab = base.model.vocab; // unless the file names it: the tokenizer decides
    }
    if (auto e = a.apply(s, r.set)) {
        r.set.clear();
        r.error = *e;
        return r;
    }
    if (a.empty())
        r.ignored.push_back(say(Msg::NothingModelled));
    if (fresh) {
        s.model.preset = "custom";
        namePreset(s.model);
        if (s.model.preset != "custom")
            r.set.push_back(presetLine(s.model.preset));
    }
    r.scenario = s;
    return r;
}

// ---- Megatron-LM ---------------------------------------------------------------------------------------------------

// The words of a shell command line or script: line continuations joined, comments dropped, quotes removed.
QStringList shellWords(const QString& text) {
    QStringList words;
    QString word;
    bool inWord = false;
    QChar quote;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            else
                word += c;
            continue;
        }
        if (c == QLatin1Char('\\') && i + 1 < text.size() && text[i + 1] == QLatin1Char('\n')) {
            ++i;
            continue;
        }
        if (c == QLatin1Char('#') && !inWord) {
            while (i < text.size() && text[i] != QLatin1Char('\n'))
                ++i;
            continue;
        }
        if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            quote = c;
            inWord = true;
            continue;
        }
        if (c.isSpace() || c == QLatin1Char('(') || c == QLatin1Char(')')) {
            if (inWord)
                words << word;
            word.clear();
            inWord = false;
            continue;
        }
        word += c;
        inWord = true;
    }
    if (inWord)
        words << word;
    return words;
}

struct Flag {
    QString name; // without the dashes
    QString value;
    bool hasValue = false;
};

std::vector<Flag> megatronFlags(const QStringList& words) {
    std::vector<Flag> flags;
    for (qsizetype i = 0; i < words.size(); ++i) {
        const QString& w = words[i];
        if (!w.startsWith(QLatin1String("--")) || w.size() < 3)
            continue;
        Flag f;
        const qsizetype eq = w.indexOf(QLatin1Char('='));
        if (eq > 0) {
            f.name = w.mid(2, eq - 2);
            f.value = w.mid(eq + 1);
            f.hasValue = true;
        } else {
            f.name = w.mid(2);
            static const QRegularExpression assignment(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*=$"));
            if (i + 1 < words.size() && !words[i + 1].startsWith(QLatin1String("--")) &&
                !assignment.match(words[i + 1]).hasMatch()) {
                f.value = words[i + 1];
                f.hasValue = true;
                ++i;
            }
        }
        f.name.replace(QLatin1Char('_'), QLatin1Char('-'));
        flags.push_back(f);
    }
    return flags;
}

// An import of a training config of this kind, before anything is read: it names what kind of file it reads.
ImportResult importOf(FileKind kind) {
    ImportResult r;
    r.kind = kind;
    r.what = describeKind(kind);
    return r;
}

} // namespace

ImportResult importMegatron(const QByteArray& bytes, const engine::Scenario& base) {
    ImportResult r = importOf(FileKind::Megatron);
    const std::vector<Flag> flags = megatronFlags(shellWords(QString::fromUtf8(bytes)));
    std::map<QString, Flag> byName;
    for (const Flag& f : flags)
        byName[f.name] = f; // the last one wins, as argparse does
    const auto has = [&](const char* name) { return byName.count(QLatin1String(name)) > 0; };
    std::map<QString, bool> used;
    // A number flag: nullopt (and an ignored line) when its value is not a number, such as a shell variable.
    const auto number = [&](const char* name) -> std::optional<double> {
        const auto it = byName.find(QLatin1String(name));
        if (it == byName.end())
            return std::nullopt;
        used[it->first] = true;
        bool ok = false;
        const double v = it->second.value.toDouble(&ok);
        if (!ok || !std::isfinite(v)) {
            r.ignored.push_back(say(Msg::FlagNotNumber, {textArg(it->first, 60), textArg(it->second.value, 40)}));
            return std::nullopt;
        }
        return v;
    };
    const auto text = [&](const char* name) {
        const auto it = byName.find(QLatin1String(name));
        if (it == byName.end())
            return QString();
        used[it->first] = true;
        return it->second.value;
    };
    const auto flag = [&](const char* name) {
        const bool on = has(name);
        if (on)
            used[QLatin1String(name)] = true;
        return on;
    };
    const auto from = [](const char* name) { return QStringLiteral("--%1").arg(QLatin1String(name)); };
    Assignments a;
    const auto setNumber = [&](const char* key, const char* name) {
        if (auto v = number(name))
            a.set(key, *v, from(name));
    };

    // The model, when the list gives its sizes.
    const auto layers = number("num-layers");
    const auto hidden = number("hidden-size");
    const auto heads = number("num-attention-heads");
    if (layers)
        a.set("model.layers", *layers, from("num-layers"));
    if (hidden && heads) {
        const bool swiglu = flag("swiglu");
        a.set("model.hidden", *hidden, from("hidden-size"));
        a.set("model.heads", *heads, from("num-attention-heads"));
        if (auto ffn = number("ffn-hidden-size"))
            a.set("model.ffn_hidden", *ffn, from("ffn-hidden-size"));
        else // Megatron's defaults: 4h, or 2/3 of it rounded down to a multiple of 64 with SwiGLU
            a.set("model.ffn_hidden", swiglu ? std::floor(4 * *hidden * 2 / 3 / 64) * 64 : 4 * *hidden,
                  swiglu ? Assignments::From(say(Msg::FromSwigluWidth))
                         : Assignments::From(QStringLiteral("4 x --hidden-size")));
        const bool gqa = flag("group-query-attention");
        const auto groups = number("num-query-groups");
        a.set("model.kv_heads", gqa && groups ? *groups : *heads,
              gqa && groups ? from("num-query-groups") : from("num-attention-heads"));
        if (auto kv = number("kv-channels"))
            a.set("model.head_dim", *kv, from("kv-channels"));
        else if (*heads >= 1 && std::fmod(*hidden, *heads) == 0)
            a.set("model.head_dim", *hidden / *heads, QStringLiteral("--hidden-size / --num-attention-heads"));
        a.setBool("model.gated_mlp", swiglu, from("swiglu"));
        a.setBool("model.tied_embeddings", !flag("untie-embeddings-and-output-weights"),
                  from("untie-embeddings-and-output-weights"));
        const bool bias = !flag("disable-bias-linear");
        a.setBool("model.bias", bias, from("disable-bias-linear"));
        const QString norm = text("normalization");
        if (bias) // without linear biases the key says nothing
            a.setBool("model.norm_bias", norm != QLatin1String("RMSNorm"), from("normalization"));
        if (!bias && norm != QLatin1String("RMSNorm"))
            r.ignored.push_back(say(Msg::NormBiases));
        a.setBool("model.qk_norm", flag("qk-layernorm"), from("qk-layernorm"));
        const QString positions = text("position-embedding-type");
        if (positions.isEmpty() || positions == QLatin1String("learned_absolute"))
            setNumber("model.learned_positions", "max-position-embeddings");
        else
            a.set("model.learned_positions", 0.0, from("position-embedding-type"));
        a.setBool("model.qkv_bias", flag("add-qkv-bias") && !bias, from("add-qkv-bias"));
        if (has("vocab-size"))
            setNumber("model.vocab", "vocab-size");
        else
            r.ignored.push_back(say(Msg::NoVocabSize));
        if (auto experts = number("num-experts")) {
            a.set("model.moe.experts", *experts, from("num-experts"));
            setNumber("model.moe.active_experts", "moe-router-topk");
            if (auto width = number("moe-ffn-hidden-size"))
                a.set("model.moe.expert_ffn_hidden", *width, from("moe-ffn-hidden-size"));
            if (auto shared = number("moe-shared-expert-intermediate-size")) {
                const double width = number("moe-ffn-hidden-size").value_or(0);
                if (width >= 1 && std::fmod(*shared, width) == 0)
                    a.set("model.moe.shared_experts", *shared / width,
                          QStringLiteral("--moe-shared-expert-intermediate-size / --moe-ffn-hidden-size"));
            }
            // Leading dense layers: --moe-layer-freq '([0]*k+[1]*n)'.
            static const QRegularExpression pattern(QStringLiteral("^\\(?\\[0\\]\\*(\\d+)\\+\\[1\\]\\*(\\d+)\\)?$"));
            const QString frequency = text("moe-layer-freq");
            if (const auto match = pattern.match(frequency); match.hasMatch())
                a.set("model.moe.dense_layers", match.captured(1).toDouble(), from("moe-layer-freq"));
            else if (!frequency.isEmpty() && frequency != QLatin1String("1"))
                r.ignored.push_back(say(Msg::FlagMoeLayerFreq, {textArg(frequency, 40)}));
            if (flag("moe-router-enable-expert-bias"))
                a.setBool("model.moe.router_bias", true, from("moe-router-enable-expert-bias"));
        }
        if (flag("multi-latent-attention")) {
            a.setText("model.attention", QStringLiteral("mla"), from("multi-latent-attention"));
            setNumber("model.mla.q_lora_rank", "q-lora-rank");
            setNumber("model.mla.kv_lora_rank", "kv-lora-rank");
            setNumber("model.mla.qk_nope_head_dim", "qk-head-dim");
            setNumber("model.mla.qk_rope_head_dim", "qk-pos-emb-head-dim");
            setNumber("model.mla.v_head_dim", "v-head-dim");
        }
        setNumber("model.mtp_layers", "mtp-num-layers");
        // Megatron-LM's dropout defaults to 0.1 on both.
        const double attentionDropout = number("attention-dropout").value_or(0.1);
        const double hiddenDropout = number("hidden-dropout").value_or(0.1);
        a.setBool("model.dropout", attentionDropout > 0 || hiddenDropout > 0,
                  QStringLiteral("--attention-dropout %1, --hidden-dropout %2")
                      .arg(numberText(attentionDropout), numberText(hiddenDropout)));
    }

    // The layout.
    setNumber("parallel.tp", "tensor-model-parallel-size");
    setNumber("parallel.pp", "pipeline-model-parallel-size");
    setNumber("parallel.cp", "context-parallel-size");
    setNumber("parallel.ep", "expert-model-parallel-size");
    setNumber("parallel.etp", "expert-tensor-parallel-size");
    if (flag("sequence-parallel"))
        a.setBool("parallel.sequence_parallel", true, from("sequence-parallel"));
    const auto vpp = number("virtual-pipeline-model-parallel-size");
    const auto perStage = number("num-layers-per-virtual-pipeline-stage");
    const double pp = number("pipeline-model-parallel-size").value_or(base.parallel.pp);
    const double depth = layers.value_or(base.model.layers);
    double chunks = vpp.value_or(0);
    if (!vpp && perStage && *perStage >= 1 && pp >= 1)
        chunks = depth / pp / *perStage;
    if (chunks > 1) {
        a.setText("parallel.schedule", QStringLiteral("interleaved"),
                  vpp ? from("virtual-pipeline-model-parallel-size") : from("num-layers-per-virtual-pipeline-stage"));
        a.set("parallel.virtual_stages", chunks,
              vpp ? from("virtual-pipeline-model-parallel-size")
                  : QStringLiteral("--num-layers / --pipeline-model-parallel-size / "
                                   "--num-layers-per-virtual-pipeline-stage"));
    } else if (has("pipeline-model-parallel-size")) { // Megatron-LM's one other schedule
        a.setText("parallel.schedule", QStringLiteral("1f1b"), say(Msg::FromNoVirtualStages));
        a.set("parallel.virtual_stages", 1.0, say(Msg::FromNoVirtualStages));
    }
    // Data parallelism is what the launcher's GPUs leave: torchrun's --nnodes x --nproc-per-node.
    const auto nodes = number("nnodes");
    const auto perNode = has("nproc-per-node") ? number("nproc-per-node") : std::nullopt;
    if (nodes && perNode) {
        const double model =
            number("tensor-model-parallel-size").value_or(1) * pp * number("context-parallel-size").value_or(1);
        const double gpus = *nodes * *perNode;
        if (model >= 1 && std::fmod(gpus, model) == 0)
            a.set("parallel.dp", gpus / model,
                  QStringLiteral("--nnodes x --nproc-per-node / (tp x pp x cp) = %1 / %2")
                      .arg(numberText(gpus), numberText(model)));
        else
            r.ignored.push_back(say(Msg::GpusNotMultiple, {numberArg(gpus), numberArg(model)}));
    } else {
        r.ignored.push_back(say(Msg::NoTorchrun));
    }
    used[QStringLiteral("nproc-per-node")] = true;
    const bool distributed = flag("use-distributed-optimizer");
    a.set("parallel.zero", distributed ? 1.0 : 0.0, from("use-distributed-optimizer"));

    // The batch and the run.
    setNumber("data.micro_batch", "micro-batch-size");
    setNumber("data.global_batch", "global-batch-size");
    setNumber("data.seq_len", "seq-length");
    const auto iters = number("train-iters");
    const auto samples = number("train-samples");
    const double seq = number("seq-length").value_or(base.data.seqLen);
    const double batch = number("global-batch-size").value_or(base.data.globalBatch);
    if (samples)
        a.set("data.tokens", *samples * seq, QStringLiteral("--train-samples x --seq-length"));
    else if (iters)
        a.set("data.tokens", *iters * batch * seq,
              QStringLiteral("--train-iters x --global-batch-size x --seq-length"));
    const QString granularity = text("recompute-granularity");
    if (granularity == QLatin1String("full") || granularity == QLatin1String("selective"))
        a.setText("activations.recompute", granularity, from("recompute-granularity"));
    else if (flag("recompute-activations"))
        a.setText("activations.recompute", QStringLiteral("selective"), from("recompute-activations"));
    else
        a.setText("activations.recompute", QStringLiteral("none"), say(Msg::FromNoRecompute));
    if (flag("use-flash-attn"))
        a.setBool("activations.flash_attention", true, from("use-flash-attn"));
    // Precision: BF16 keeps its gradients in FP32 unless told otherwise; FP16 in FP16.
    const bool fp8 = has("fp8-format");
    if (fp8)
        text("fp8-format");
    if (flag("bf16") || fp8) {
        a.setText("precision.weights", fp8 ? QStringLiteral("fp8") : QStringLiteral("bf16"),
                  fp8 ? from("fp8-format") : from("bf16"));
        const bool bf16Grads = flag("grad-reduce-in-bf16");
        a.setText("precision.grads", bf16Grads ? QStringLiteral("bf16") : QStringLiteral("fp32"),
                  bf16Grads ? Assignments::From(from("grad-reduce-in-bf16")) : say(Msg::FromBf16Grads));
        a.setText("precision.master", QStringLiteral("fp32"), from("bf16"));
    } else if (flag("fp16")) {
        a.setText("precision.weights", QStringLiteral("fp16"), from("fp16"));
        a.setText("precision.grads", QStringLiteral("fp16"), from("fp16"));
        a.setText("precision.master", QStringLiteral("fp32"), from("fp16"));
    }
    if (flag("optimizer-cpu-offload"))
        a.setText("offload.optimizer", QStringLiteral("cpu"), from("optimizer-cpu-offload"));
    const QString optimizer = text("optimizer");
    if (optimizer == QLatin1String("sgd"))
        a.setText("precision.optimizer", QStringLiteral("sgd-momentum"), from("optimizer"));
    else if (optimizer.isEmpty() || optimizer == QLatin1String("adam"))
        a.setText("precision.optimizer", QStringLiteral("adam"), from("optimizer"));

    for (const Flag& f : flags)
        if (!used.count(f.name)) {
            used[f.name] = true;
            r.ignored.push_back(
                say(Msg::FlagNotCostKey,
                    {textArg(f.name.left(60) + (f.hasValue ? QLatin1Char(' ') + f.value.left(40) : QString()))}));
        }
    return finish(r, a, base, hidden && heads);
}

// ---- torchtitan ----------------------------------------------------------------------------------------------------

namespace {

// torchtitan's model flavors that are presets here.
const std::map<QString, std::string> kTorchtitanFlavors = {
    {QStringLiteral("llama3/8B"), "llama3-8b"},
    {QStringLiteral("llama3/70B"), "llama3-70b"},
    {QStringLiteral("llama3/405B"), "llama3.1-405b"},
    {QStringLiteral("qwen3/0.6B"), "qwen3-0.6b"},
    {QStringLiteral("qwen3/8B"), "qwen3-8b"},
    {QStringLiteral("qwen3/32B"), "qwen3-32b"},
    {QStringLiteral("deepseek_v3/671B"), "deepseek-v3"},
};

void walk(const toml::table& table, const QString& prefix, std::vector<std::pair<QString, const toml::node*>>& out,
          int depth) {
    for (const auto& [key, node] : table) {
        const QString name = prefix + QString::fromUtf8(key.str().data(), qsizetype(key.str().size()));
        if (node.is_table() && depth < 8)
            walk(*node.as_table(), name + QLatin1Char('.'), out, depth + 1);
        else
            out.emplace_back(name, &node);
    }
}

QString tomlText(const toml::node& n) {
    if (auto s = n.value<std::string>())
        return QString::fromStdString(*s).left(40);
    if (auto i = n.value<std::int64_t>())
        return QString::number(*i);
    if (auto d = n.value<double>())
        return numberText(*d);
    if (auto b = n.value<bool>())
        return *b ? QStringLiteral("true") : QStringLiteral("false");
    return QStringLiteral("[...]");
}

} // namespace

ImportResult importTorchtitan(const QByteArray& bytes, const engine::Scenario& base) {
    ImportResult r = importOf(FileKind::Torchtitan);
    toml::table table;
    try {
        table = toml::parse(std::string_view(bytes.constData(), size_t(bytes.size())));
    } catch (const toml::parse_error& e) {
        r.error =
            say(Msg::TomlError, {textArg(QString::fromUtf8(e.description().data(), qsizetype(e.description().size()))),
                                 numberArg(double(e.source().begin.line))});
        return r;
    }
    std::vector<std::pair<QString, const toml::node*>> leaves;
    walk(table, QString(), leaves, 0);
    std::map<QString, const toml::node*> at;
    for (const auto& [k, n] : leaves)
        at[k] = n;
    std::map<QString, bool> used;
    Assignments a;
    const auto number = [&](const char* key) -> std::optional<double> {
        const auto it = at.find(QLatin1String(key));
        if (it == at.end())
            return std::nullopt;
        used[it->first] = true;
        if (auto v = it->second->value<double>())
            return *v;
        r.ignored.push_back(say(Msg::ValueNotNumber, {textArg(it->first, 60), textArg(tomlText(*it->second))}));
        return std::nullopt;
    };
    const auto text = [&](const char* key) {
        const auto it = at.find(QLatin1String(key));
        if (it == at.end())
            return QString();
        used[it->first] = true;
        return QString::fromStdString(it->second->value<std::string>().value_or(""));
    };
    const auto flag = [&](const char* key) -> std::optional<bool> {
        const auto it = at.find(QLatin1String(key));
        if (it == at.end())
            return std::nullopt;
        used[it->first] = true;
        return it->second->value<bool>();
    };
    const auto from = [](const char* key) { return QLatin1String(key); };

    const QString model = text("model.name") + QLatin1Char('/') + text("model.flavor");
    if (const auto it = kTorchtitanFlavors.find(model); it != kTorchtitanFlavors.end())
        a.setText("model.preset", QString::fromStdString(it->second),
                  QStringLiteral("model.name/flavor %1").arg(model));
    else if (model != QLatin1String("/"))
        r.ignored.push_back(say(Msg::NoFlavor, {textArg(model, 60)}));

    // The layout: FSDP shards (ZeRO-3) over dp_shard; dp is replicate x shard; -1 takes what is left of the GPUs.
    const double tp = number("parallelism.tensor_parallel_degree").value_or(1);
    const double pp = number("parallelism.pipeline_parallel_degree").value_or(1);
    const double cp = number("parallelism.context_parallel_degree").value_or(1);
    a.set("parallel.tp", tp, from("parallelism.tensor_parallel_degree"));
    a.set("parallel.pp", pp, from("parallelism.pipeline_parallel_degree"));
    a.set("parallel.cp", cp, from("parallelism.context_parallel_degree"));
    if (auto ep = number("parallelism.expert_parallel_degree"))
        a.set("parallel.ep", *ep, from("parallelism.expert_parallel_degree"));
    if (auto etp = number("parallelism.expert_tensor_parallel_degree"))
        a.set("parallel.etp", *etp, from("parallelism.expert_tensor_parallel_degree"));
    a.setBool("parallel.sequence_parallel", tp > 1, say(Msg::FromTorchtitanTp));
    const double replicate = number("parallelism.data_parallel_replicate_degree").value_or(1);
    const double shard = number("parallelism.data_parallel_shard_degree").value_or(-1);
    if (shard >= 1) {
        a.set("parallel.dp", replicate * shard,
              QStringLiteral("data_parallel_replicate_degree x data_parallel_shard_degree"));
    } else {
        r.ignored.push_back(say(Msg::ShardLeftover));
    }
    a.set("parallel.zero", shard == 1 ? 0.0 : 3.0, say(shard == 1 ? Msg::FromNoFsdp : Msg::FromFsdp));
    const QString schedule = text("parallelism.pipeline_parallel_schedule");
    static const std::map<QString, std::pair<const char*, int>> schedules = {
        {QStringLiteral("GPipe"), {"gpipe", 1}},
        {QStringLiteral("1F1B"), {"1f1b", 1}},
        {QStringLiteral("Interleaved1F1B"), {"interleaved", 2}},
        {QStringLiteral("ZBVZeroBubble"), {"zb-v", 2}},
        {QStringLiteral("DualPipeV"), {"dualpipev", 2}},
    };
    if (const auto it = schedules.find(schedule); it != schedules.end()) {
        a.setText("parallel.schedule", QLatin1String(it->second.first), from("parallelism.pipeline_parallel_schedule"));
        if (it->second.first == std::string_view("interleaved")) {
            const double perStage = number("parallelism.pipeline_parallel_layers_per_stage").value_or(0);
            const auto preset = kTorchtitanFlavors.find(model);
            const double layers = preset != kTorchtitanFlavors.end()
                                      ? engine::findModelPreset(preset->second)->shape.layers
                                      : base.model.layers;
            if (perStage >= 1)
                a.set("parallel.virtual_stages", layers / pp / perStage,
                      QStringLiteral("layers / pipeline_parallel_degree / pipeline_parallel_layers_per_stage"));
            else
                a.set("parallel.virtual_stages", 2.0, say(Msg::FromTwoStages));
        }
    } else if (!schedule.isEmpty()) {
        r.ignored.push_back(say(Msg::ScheduleUnknown, {textArg(schedule, 40)}));
    }

    // The batch and the run.
    const char* localName =
        at.count(QStringLiteral("training.local_batch_size")) ? "training.local_batch_size" : "training.batch_size";
    const auto local = number(localName);
    const auto globalBatch = number("training.global_batch_size");
    const auto seq = number("training.seq_len");
    if (seq)
        a.set("data.seq_len", *seq, from("training.seq_len"));
    if (local)
        a.set("data.micro_batch", *local, from(localName));
    if (globalBatch && *globalBatch > 0)
        a.set("data.global_batch", *globalBatch, from("training.global_batch_size"));
    else if (local && shard >= 1)
        a.set("data.global_batch", *local * replicate * shard, say(Msg::FromDpDegrees, {textArg(from(localName))}));
    if (auto steps = number("training.steps")) {
        const double batch = globalBatch && *globalBatch > 0 ? *globalBatch
                             : local && shard >= 1           ? *local * replicate * shard
                                                             : base.data.globalBatch;
        a.set("data.tokens", *steps * batch * seq.value_or(base.data.seqLen), say(Msg::FromStepsBatchSeq));
    }
    // Selective per op is torchtitan's own policy (selective_op); the others are the modes of the same names.
    const QString mode = text("activation_checkpoint.mode");
    if (mode == QLatin1String("selective") && text("activation_checkpoint.selective_ac_option") == QLatin1String("op"))
        a.setText("activations.recompute", QStringLiteral("selective_op"),
                  from("activation_checkpoint.selective_ac_option"));
    else if (mode == QLatin1String("full") || mode == QLatin1String("selective") || mode == QLatin1String("none"))
        a.setText("activations.recompute", mode, from("activation_checkpoint.mode"));
    const QString param = text("training.mixed_precision_param");
    if (param == QLatin1String("bfloat16") || param == QLatin1String("float32")) {
        a.setText("precision.weights",
                  param == QLatin1String("bfloat16") ? QStringLiteral("bf16") : QStringLiteral("fp32"),
                  from("training.mixed_precision_param"));
        const QString reduce = text("training.mixed_precision_reduce");
        a.setText("precision.grads",
                  reduce == QLatin1String("bfloat16") ? QStringLiteral("bf16") : QStringLiteral("fp32"),
                  reduce.isEmpty() ? Assignments::From(say(Msg::FromFp32Reduce))
                                   : Assignments::From(from("training.mixed_precision_reduce")));
    }
    if (auto fp8 = flag("float8.enable_fsdp_float8_all_gather"); fp8 && *fp8)
        r.ignored.push_back(say(Msg::Fp8Gathers));
    const QString optimizer = text("optimizer.name");
    if (optimizer == QLatin1String("AdamW") || optimizer == QLatin1String("Adam"))
        a.setText("precision.optimizer", QStringLiteral("adam"), from("optimizer.name"));
    if (auto offload = flag("training.enable_cpu_offload"); offload && *offload)
        a.setText("offload.optimizer", QStringLiteral("cpu"), from("training.enable_cpu_offload"));

    for (const auto& [key, node] : leaves)
        if (!used.count(key))
            r.ignored.push_back(say(Msg::ValueNotCostKey, {textArg(key, 60), textArg(tomlText(*node))}));
    return finish(r, a, base);
}

// ---- DeepSpeed -----------------------------------------------------------------------------------------------------

namespace {

void flatten(const QJsonObject& o, const QString& prefix, std::vector<std::pair<QString, QJsonValue>>& out, int depth) {
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = prefix + it.key().left(60);
        if (it.value().isObject() && depth < 8)
            flatten(it.value().toObject(), key + QLatin1Char('.'), out, depth + 1);
        else
            out.emplace_back(key, it.value());
    }
}

QString jsonText(const QJsonValue& v) {
    if (v.isString())
        return v.toString().left(40);
    if (QString scalar = jsonScalarText(v); !scalar.isNull())
        return scalar;
    return QStringLiteral("[...]");
}

} // namespace

ImportResult importDeepSpeed(const QJsonObject& object, const engine::Scenario& base) {
    ImportResult r = importOf(FileKind::DeepSpeed);
    std::vector<std::pair<QString, QJsonValue>> leaves;
    flatten(object, QString(), leaves, 0);
    std::map<QString, QJsonValue> at(leaves.begin(), leaves.end());
    std::map<QString, bool> used;
    Assignments a;
    const auto value = [&](const char* key) {
        const auto it = at.find(QLatin1String(key));
        if (it == at.end())
            return QJsonValue(QJsonValue::Undefined);
        used[it->first] = true;
        return it->second;
    };
    // "auto" (filled in by the Hugging Face trainer) is not a number: passed over with a line.
    const auto number = [&](const char* key) -> std::optional<double> {
        const QJsonValue v = value(key);
        if (v.isUndefined())
            return std::nullopt;
        if (!v.isDouble()) {
            r.ignored.push_back(say(Msg::ValueNotNumberKept, {textArg(QLatin1String(key)), textArg(jsonText(v))}));
            return std::nullopt;
        }
        return v.toDouble();
    };
    const auto from = [](const char* key) { return QLatin1String(key); };

    const auto micro = number("train_micro_batch_size_per_gpu");
    const auto accumulation = number("gradient_accumulation_steps");
    const auto batch = number("train_batch_size");
    if (micro)
        a.set("data.micro_batch", *micro, from("train_micro_batch_size_per_gpu"));
    if (batch) {
        a.set("data.global_batch", *batch, from("train_batch_size"));
    } else if (micro && accumulation) {
        a.set("data.global_batch", *micro * *accumulation * base.parallel.dp,
              QStringLiteral("train_micro_batch_size_per_gpu x gradient_accumulation_steps x parallel.dp %1")
                  .arg(base.parallel.dp));
    }
    if (batch && micro && accumulation && *micro * *accumulation >= 1 && std::fmod(*batch, *micro * *accumulation) == 0)
        a.set("parallel.dp", *batch / (*micro * *accumulation),
              QStringLiteral("train_batch_size / (train_micro_batch_size_per_gpu x gradient_accumulation_steps)"));
    if (auto stage = number("zero_optimization.stage"))
        a.set("parallel.zero", *stage, from("zero_optimization.stage"));
    const QString device = value("zero_optimization.offload_optimizer.device").toString();
    if (device == QLatin1String("cpu") || device == QLatin1String("nvme") || device == QLatin1String("none"))
        a.setText("offload.optimizer", device, from("zero_optimization.offload_optimizer.device"));
    const QString paramDevice = value("zero_optimization.offload_param.device").toString();
    if (paramDevice == QLatin1String("cpu") || paramDevice == QLatin1String("nvme"))
        r.ignored.push_back(say(Msg::OffloadParam, {textArg(paramDevice)}));
    const bool bf16 = value("bf16.enabled").toBool();
    const bool fp16 = value("fp16.enabled").toBool();
    if (bf16 || fp16) {
        a.setText("precision.weights", bf16 ? QStringLiteral("bf16") : QStringLiteral("fp16"),
                  bf16 ? from("bf16.enabled") : from("fp16.enabled"));
        const bool fp32Grads = value("data_types.grad_accum_dtype").toString() == QLatin1String("fp32");
        a.setText("precision.grads",
                  fp32Grads ? QStringLiteral("fp32") : (bf16 ? QStringLiteral("bf16") : QStringLiteral("fp16")),
                  fp32Grads ? from("data_types.grad_accum_dtype")
                            : (bf16 ? from("bf16.enabled") : from("fp16.enabled")));
        a.setText("precision.master", QStringLiteral("fp32"), say(Msg::FromDeepSpeedMaster));
    }
    const QJsonValue optimizer = value("optimizer.type");
    if (optimizer.isString()) {
        const QString type = optimizer.toString().toLower();
        if (type == QLatin1String("adam") || type == QLatin1String("adamw") || type == QLatin1String("fusedadam"))
            a.setText("precision.optimizer", QStringLiteral("adam"), from("optimizer.type"));
        else
            r.ignored.push_back(say(Msg::OptimizerKept, {textArg(optimizer.toString(), 40)}));
    }
    if (value("activation_checkpointing.partition_activations").toBool())
        r.ignored.push_back(say(Msg::PartitionActivations));
    for (const auto& [key, v] : leaves)
        if (!used.count(key))
            r.ignored.push_back(say(Msg::ValueNotCostKey, {textArg(key), textArg(jsonText(v))}));
    return finish(r, a, base);
}

} // namespace tl::io::detail
