#include "io/exportlaunch.h"

#include "engine/presets.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <map>

namespace tl::io {
namespace {

using engine::Recompute;
using engine::Schedule;

QString num(double v) {
    return QString::number(v, 'g', 15);
}

QString title(const engine::Scenario& s) {
    QString t = QString::fromStdString(engine::displayTitle(s));
    t.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return t.left(120);
}

// The GPUs as torchrun launches them: whole nodes when the count allows.
std::pair<std::int64_t, std::int64_t> nodesAndPerNode(const engine::Scenario& s) {
    const std::int64_t gpus = engine::gpuCount(s);
    const std::int64_t perNode = std::max(1, s.hardware.gpusPerNode);
    if (gpus % perNode == 0)
        return {gpus / perNode, perNode};
    return {1, gpus};
}

std::int64_t trainSteps(const engine::Scenario& s) {
    const double perStep = double(s.data.globalBatch) * s.data.seqLen;
    return perStep > 0 ? std::int64_t(std::ceil(s.data.tokens / perStep)) : 0;
}

// torchtitan's model names and flavors of the presets it ships.
const std::map<std::string, std::pair<const char*, const char*>> kFlavors = {
    {"llama3-8b", {"llama3", "8B"}},          {"llama3-70b", {"llama3", "70B"}}, {"llama3.1-405b", {"llama3", "405B"}},
    {"qwen3-0.6b", {"qwen3", "0.6B"}},        {"qwen3-8b", {"qwen3", "8B"}},     {"qwen3-32b", {"qwen3", "32B"}},
    {"deepseek-v3", {"deepseek_v3", "671B"}},
};

class Lines {
public:
    explicit Lines(const char* commentMark) : mark_(QLatin1String(commentMark)) {}
    void comment(const QString& text) { comments_ << mark_ + QLatin1Char(' ') + text; }
    QByteArray header(const engine::Scenario& s, const char* format) const {
        QStringList out;
        out << mark_ + QStringLiteral(" %1 launch config written by TrainLedger for \"%2\": %3 GPUs (tp %4 x pp %5 x "
                                      "cp %6 x dp %7)")
                           .arg(QLatin1String(format), title(s))
                           .arg(engine::gpuCount(s))
                           .arg(s.parallel.tp)
                           .arg(s.parallel.pp)
                           .arg(s.parallel.cp)
                           .arg(s.parallel.dp);
        for (const QString& c : comments_)
            out << c;
        return out.join(QLatin1Char('\n')).toUtf8() + '\n';
    }

private:
    QString mark_;
    QStringList comments_;
};

QByteArray megatron(const engine::Scenario& s) {
    Lines notes("#");
    QStringList args;
    auto arg = [&](const QString& flag, const QString& value = {}) {
        args << (value.isEmpty() ? QStringLiteral("--") + flag : QStringLiteral("--%1 %2").arg(flag, value));
    };
    const engine::ModelShape& m = s.model;
    arg(QStringLiteral("num-layers"), num(m.layers));
    arg(QStringLiteral("hidden-size"), num(m.hidden));
    arg(QStringLiteral("ffn-hidden-size"), num(m.ffnHidden));
    arg(QStringLiteral("num-attention-heads"), num(m.heads));
    if (m.kvHeads != m.heads) {
        arg(QStringLiteral("group-query-attention"));
        arg(QStringLiteral("num-query-groups"), num(m.kvHeads));
    }
    arg(QStringLiteral("kv-channels"), num(m.headDim));
    arg(QStringLiteral("vocab-size"), num(m.vocab));
    if (m.gatedMlp)
        arg(QStringLiteral("swiglu"));
    if (!m.tiedEmbeddings)
        arg(QStringLiteral("untie-embeddings-and-output-weights"));
    if (!m.bias)
        arg(QStringLiteral("disable-bias-linear"));
    arg(QStringLiteral("normalization"),
        m.bias && m.normBias ? QStringLiteral("LayerNorm") : QStringLiteral("RMSNorm"));
    if (m.qkNorm)
        arg(QStringLiteral("qk-layernorm"));
    if (m.qkvBias && !m.bias)
        arg(QStringLiteral("add-qkv-bias"));
    if (m.learnedPositions > 0) {
        arg(QStringLiteral("position-embedding-type"), QStringLiteral("learned_absolute"));
        arg(QStringLiteral("max-position-embeddings"), num(m.learnedPositions));
    } else {
        arg(QStringLiteral("position-embedding-type"), QStringLiteral("rope"));
        arg(QStringLiteral("max-position-embeddings"), num(s.data.seqLen));
    }
    if (!m.dropout) {
        arg(QStringLiteral("attention-dropout"), QStringLiteral("0.0"));
        arg(QStringLiteral("hidden-dropout"), QStringLiteral("0.0"));
    }
    if (m.moe.experts > 0) {
        arg(QStringLiteral("num-experts"), num(m.moe.experts));
        arg(QStringLiteral("moe-router-topk"), num(m.moe.activeExperts));
        arg(QStringLiteral("moe-ffn-hidden-size"), num(m.moe.expertFfnHidden));
        if (m.moe.sharedExperts > 0)
            arg(QStringLiteral("moe-shared-expert-intermediate-size"),
                num(double(m.moe.sharedExperts) * m.moe.expertFfnHidden));
        if (m.moe.denseLayers > 0)
            arg(QStringLiteral("moe-layer-freq"), QStringLiteral("'([0]*%1+[1]*%2)'")
                                                      .arg(m.moe.denseLayers)
                                                      .arg(std::max(0, m.layers - m.moe.denseLayers)));
        if (m.moe.routerBias)
            arg(QStringLiteral("moe-router-enable-expert-bias"));
    }
    if (m.attention == engine::Attention::Mla) {
        arg(QStringLiteral("multi-latent-attention"));
        if (m.mla.qLoraRank > 0)
            arg(QStringLiteral("q-lora-rank"), num(m.mla.qLoraRank));
        arg(QStringLiteral("kv-lora-rank"), num(m.mla.kvLoraRank));
        arg(QStringLiteral("qk-head-dim"), num(m.mla.qkNopeHeadDim));
        arg(QStringLiteral("qk-pos-emb-head-dim"), num(m.mla.qkRopeHeadDim));
        arg(QStringLiteral("v-head-dim"), num(m.mla.vHeadDim));
    }
    if (m.mtpLayers > 0)
        arg(QStringLiteral("mtp-num-layers"), num(m.mtpLayers));
    if (m.slidingWindow > 0)
        notes.comment(QStringLiteral("not expressed: model.sliding_window %1 with full attention every %2 layers "
                                     "(set Megatron-LM's --window-size for your version)")
                          .arg(m.slidingWindow)
                          .arg(m.fullAttentionEvery));
    if (m.attentionSinks)
        notes.comment(QStringLiteral("not expressed: model.attention_sinks"));
    if (m.bias && !m.normBias)
        notes.comment(QStringLiteral("not expressed: linear biases with RMSNorm (model.norm_bias false)"));
    if (m.postNorms)
        notes.comment(QStringLiteral("not expressed: model.post_norms (norms after attention and after the MLP)"));
    if (m.qkNorm && m.qkNormAllHeads)
        notes.comment(QStringLiteral("not expressed: model.qk_norm_all_heads (Megatron-LM norms each head)"));

    const auto& p = s.parallel;
    arg(QStringLiteral("tensor-model-parallel-size"), num(p.tp));
    arg(QStringLiteral("pipeline-model-parallel-size"), num(p.pp));
    arg(QStringLiteral("context-parallel-size"), num(p.cp));
    if (m.moe.experts > 0) {
        arg(QStringLiteral("expert-model-parallel-size"), num(p.ep));
        arg(QStringLiteral("expert-tensor-parallel-size"), num(p.etp));
    }
    if (p.sequenceParallel)
        arg(QStringLiteral("sequence-parallel"));
    if (p.schedule == Schedule::Interleaved && p.virtualStages > 1) {
        if (m.layers % (p.pp * p.virtualStages) == 0)
            arg(QStringLiteral("num-layers-per-virtual-pipeline-stage"), num(m.layers / (p.pp * p.virtualStages)));
        else
            arg(QStringLiteral("virtual-pipeline-model-parallel-size"), num(p.virtualStages));
    } else if (p.schedule != Schedule::OneFOneB && p.pp > 1) {
        notes.comment(QStringLiteral("not expressed: parallel.schedule %1 (Megatron-LM runs 1F1B or interleaved)")
                          .arg(QLatin1String(engine::choiceName(p.schedule))));
    }
    if (p.zero >= 1)
        arg(QStringLiteral("use-distributed-optimizer"));
    if (p.zero >= 2)
        notes.comment(QStringLiteral("not expressed: ZeRO stage %1 (the distributed optimizer shards the optimizer "
                                     "state, as ZeRO-1)")
                          .arg(p.zero));

    arg(QStringLiteral("micro-batch-size"), num(s.data.microBatch));
    arg(QStringLiteral("global-batch-size"), num(s.data.globalBatch));
    arg(QStringLiteral("seq-length"), num(s.data.seqLen));
    arg(QStringLiteral("train-iters"), QString::number(trainSteps(s)));
    if (s.activations.recompute == Recompute::Full) {
        arg(QStringLiteral("recompute-granularity"), QStringLiteral("full"));
        arg(QStringLiteral("recompute-method"), QStringLiteral("uniform"));
        arg(QStringLiteral("recompute-num-layers"), QStringLiteral("1"));
    } else if (s.activations.recompute == Recompute::Selective) {
        arg(QStringLiteral("recompute-granularity"), QStringLiteral("selective"));
    } else if (s.activations.recompute == Recompute::PerOp) {
        notes.comment(
            QStringLiteral("not expressed: activations.recompute selective_op (torchtitan's per-op checkpointing)"));
    }
    if (s.activations.flashAttention)
        arg(QStringLiteral("use-flash-attn"));
    using engine::NumberFormat;
    switch (s.precision.weights) {
    case NumberFormat::Bf16:
        arg(QStringLiteral("bf16"));
        break;
    case NumberFormat::Fp16:
        arg(QStringLiteral("fp16"));
        break;
    case NumberFormat::Fp8:
        arg(QStringLiteral("bf16"));
        arg(QStringLiteral("fp8-format"), QStringLiteral("hybrid"));
        break;
    default:
        break;
    }
    if (s.precision.grads == NumberFormat::Bf16 && s.precision.weights != NumberFormat::Fp16)
        arg(QStringLiteral("grad-reduce-in-bf16"));
    if (s.precision.optimizer == engine::Optimizer::SgdMomentum)
        arg(QStringLiteral("optimizer"), QStringLiteral("sgd"));
    else if (s.precision.optimizer != engine::Optimizer::Adam)
        notes.comment(QStringLiteral("not expressed: precision.optimizer %1")
                          .arg(QLatin1String(engine::choiceName(s.precision.optimizer))));
    if (s.offload.optimizer == engine::Offload::Cpu)
        arg(QStringLiteral("optimizer-cpu-offload"));
    else if (s.offload.optimizer == engine::Offload::Nvme)
        notes.comment(QStringLiteral("not expressed: offload.optimizer nvme"));
    notes.comment(QStringLiteral("add your data, tokenizer, learning-rate schedule and checkpoint flags"));

    const auto [nodes, perNode] = nodesAndPerNode(s);
    QByteArray out = "#!/bin/bash\n" + notes.header(s, "Megatron-LM");
    out += QStringLiteral("torchrun --nnodes %1 --nproc_per_node %2 pretrain_gpt.py \\\n")
               .arg(nodes)
               .arg(perNode)
               .toUtf8();
    for (qsizetype i = 0; i < args.size(); ++i)
        out += "    " + args[i].toUtf8() + (i + 1 < args.size() ? " \\\n" : "\n");
    return out;
}

QByteArray torchtitan(const engine::Scenario& s) {
    Lines notes("#");
    const auto& p = s.parallel;
    QStringList body;
    body << QStringLiteral("[job]")
         << QStringLiteral("description = \"%1\"").arg(title(s).replace(QLatin1Char('"'), QLatin1Char('\'')));
    body << QString() << QStringLiteral("[model]");
    if (const auto it = kFlavors.find(s.model.preset); it != kFlavors.end()) {
        body << QStringLiteral("name = \"%1\"").arg(QLatin1String(it->second.first))
             << QStringLiteral("flavor = \"%1\"").arg(QLatin1String(it->second.second));
    } else {
        notes.comment(QStringLiteral("not expressed: the model (%1 layers, hidden %2): torchtitan names models by "
                                     "flavor; add one with this shape")
                          .arg(s.model.layers)
                          .arg(s.model.hidden));
    }
    body << QString() << QStringLiteral("[training]") << QStringLiteral("local_batch_size = %1").arg(s.data.microBatch)
         << QStringLiteral("global_batch_size = %1").arg(s.data.globalBatch)
         << QStringLiteral("seq_len = %1").arg(s.data.seqLen) << QStringLiteral("steps = %1").arg(trainSteps(s));
    using engine::NumberFormat;
    if (s.precision.weights == NumberFormat::Bf16 || s.precision.weights == NumberFormat::Fp32)
        body << QStringLiteral("mixed_precision_param = \"%1\"")
                    .arg(s.precision.weights == NumberFormat::Bf16 ? QStringLiteral("bfloat16")
                                                                   : QStringLiteral("float32"));
    else
        notes.comment(QStringLiteral("not expressed: precision.weights %1")
                          .arg(QLatin1String(engine::choiceName(s.precision.weights))));
    if (s.precision.grads == NumberFormat::Bf16 || s.precision.grads == NumberFormat::Fp32)
        body << QStringLiteral("mixed_precision_reduce = \"%1\"")
                    .arg(s.precision.grads == NumberFormat::Bf16 ? QStringLiteral("bfloat16")
                                                                 : QStringLiteral("float32"));
    if (s.offload.optimizer == engine::Offload::Cpu)
        body << QStringLiteral("enable_cpu_offload = true");
    else if (s.offload.optimizer == engine::Offload::Nvme)
        notes.comment(QStringLiteral("not expressed: offload.optimizer nvme"));

    body << QString() << QStringLiteral("[parallelism]");
    // FSDP (ZeRO-3) shards over dp; without it the replicas are plain data parallel.
    const bool fsdp = p.zero == 3;
    body << QStringLiteral("data_parallel_replicate_degree = %1").arg(fsdp ? 1 : p.dp)
         << QStringLiteral("data_parallel_shard_degree = %1").arg(fsdp ? p.dp : 1);
    if (p.zero == 1 || p.zero == 2)
        notes.comment(QStringLiteral("not expressed: ZeRO stage %1 (torchtitan shards everything with FSDP or "
                                     "nothing)")
                          .arg(p.zero));
    body << QStringLiteral("tensor_parallel_degree = %1").arg(p.tp)
         << QStringLiteral("pipeline_parallel_degree = %1").arg(p.pp)
         << QStringLiteral("context_parallel_degree = %1").arg(p.cp);
    if (s.model.moe.experts > 0)
        body << QStringLiteral("expert_parallel_degree = %1").arg(p.ep)
             << QStringLiteral("expert_tensor_parallel_degree = %1").arg(p.etp);
    static const std::map<Schedule, const char*> schedules = {{Schedule::GPipe, "GPipe"},
                                                              {Schedule::OneFOneB, "1F1B"},
                                                              {Schedule::Interleaved, "Interleaved1F1B"},
                                                              {Schedule::ZbV, "ZBVZeroBubble"},
                                                              {Schedule::DualPipeV, "DualPipeV"}};
    if (const auto it = schedules.find(p.schedule); it != schedules.end())
        body << QStringLiteral("pipeline_parallel_schedule = \"%1\"").arg(QLatin1String(it->second));
    else
        notes.comment(
            QStringLiteral("not expressed: parallel.schedule %1").arg(QLatin1String(engine::choiceName(p.schedule))));
    if (p.schedule == Schedule::Interleaved && s.model.layers % (p.pp * p.virtualStages) == 0)
        body
            << QStringLiteral("pipeline_parallel_layers_per_stage = %1").arg(s.model.layers / (p.pp * p.virtualStages));
    if (!p.sequenceParallel && p.tp > 1)
        notes.comment(QStringLiteral("not expressed: tensor parallelism without sequence parallelism (torchtitan's "
                                     "always shards the norms' activations)"));

    body << QString() << QStringLiteral("[activation_checkpoint]");
    if (s.activations.recompute == Recompute::PerOp) // torchtitan's own policy: selective, per op
        body << QStringLiteral("mode = \"selective\"") << QStringLiteral("selective_ac_option = \"op\"");
    else
        body << QStringLiteral("mode = \"%1\"").arg(QLatin1String(engine::choiceName(s.activations.recompute)));
    return notes.header(s, "torchtitan") + body.join(QLatin1Char('\n')).toUtf8() + '\n';
}

QByteArray deepspeed(const engine::Scenario& s) {
    Lines notes("//");
    const auto& p = s.parallel;
    const int accumulation = std::max(1, s.data.globalBatch / std::max(1, s.data.microBatch * p.dp));
    QJsonObject o;
    o.insert(QStringLiteral("train_batch_size"), s.data.globalBatch);
    o.insert(QStringLiteral("train_micro_batch_size_per_gpu"), s.data.microBatch);
    o.insert(QStringLiteral("gradient_accumulation_steps"), accumulation);
    QJsonObject zero{{QStringLiteral("stage"), p.zero}};
    if (s.offload.optimizer != engine::Offload::None)
        zero.insert(QStringLiteral("offload_optimizer"),
                    QJsonObject{{QStringLiteral("device"), QLatin1String(engine::choiceName(s.offload.optimizer))}});
    o.insert(QStringLiteral("zero_optimization"), zero);
    using engine::NumberFormat;
    o.insert(QStringLiteral("bf16"),
             QJsonObject{{QStringLiteral("enabled"), s.precision.weights == NumberFormat::Bf16}});
    o.insert(QStringLiteral("fp16"),
             QJsonObject{{QStringLiteral("enabled"), s.precision.weights == NumberFormat::Fp16}});
    if (s.precision.grads == NumberFormat::Fp32 && s.precision.weights != NumberFormat::Fp32)
        o.insert(QStringLiteral("data_types"),
                 QJsonObject{{QStringLiteral("grad_accum_dtype"), QStringLiteral("fp32")}});
    if (s.precision.optimizer == engine::Optimizer::Adam)
        o.insert(QStringLiteral("optimizer"), QJsonObject{{QStringLiteral("type"), QStringLiteral("AdamW")}});
    else
        notes.comment(QStringLiteral("not expressed: precision.optimizer %1")
                          .arg(QLatin1String(engine::choiceName(s.precision.optimizer))));
    if (p.tp > 1 || p.pp > 1 || p.cp > 1 || p.ep > 1)
        notes.comment(QStringLiteral("not expressed: tensor %1, pipeline %2, context %3 and expert %4 parallelism: "
                                     "DeepSpeed takes them from the model code (Megatron-DeepSpeed's flags)")
                          .arg(p.tp)
                          .arg(p.pp)
                          .arg(p.cp)
                          .arg(p.ep));
    notes.comment(QStringLiteral("not expressed: the model (%1) and data.seq_len %2: the training script sets them")
                      .arg(title(s))
                      .arg(s.data.seqLen));
    if (s.activations.recompute != Recompute::None)
        notes.comment(QStringLiteral("not expressed: activations.recompute %1: the model code checkpoints its layers")
                          .arg(QLatin1String(engine::choiceName(s.activations.recompute))));
    if (s.precision.weights == NumberFormat::Fp8)
        notes.comment(QStringLiteral("not expressed: precision.weights fp8"));
    return notes.header(s, "DeepSpeed") + QJsonDocument(o).toJson(QJsonDocument::Indented);
}

} // namespace

std::optional<LaunchFormat> parseLaunchFormat(const QString& name) {
    if (name == QLatin1String("megatron"))
        return LaunchFormat::Megatron;
    if (name == QLatin1String("torchtitan"))
        return LaunchFormat::Torchtitan;
    if (name == QLatin1String("deepspeed"))
        return LaunchFormat::DeepSpeed;
    return std::nullopt;
}

QStringList launchFormatNames() {
    return {QStringLiteral("megatron"), QStringLiteral("torchtitan"), QStringLiteral("deepspeed")};
}

QString launchFileSuffix(LaunchFormat format) {
    switch (format) {
    case LaunchFormat::Megatron:
        return QStringLiteral("sh");
    case LaunchFormat::Torchtitan:
        return QStringLiteral("toml");
    case LaunchFormat::DeepSpeed:
        break;
    }
    return QStringLiteral("json");
}

QByteArray exportLaunch(const engine::Scenario& s, LaunchFormat format) {
    switch (format) {
    case LaunchFormat::Megatron:
        return megatron(s);
    case LaunchFormat::Torchtitan:
        return torchtitan(s);
    case LaunchFormat::DeepSpeed:
        break;
    }
    return deepspeed(s);
}

} // namespace tl::io
