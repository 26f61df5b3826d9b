// Launch configs: each format's export, imported again, gives back the layout keys it can express; what it cannot is
// a comment line in the file.

#include "engine/evaluate.h"
#include "engine/model.h"
#include "engine/presets.h"
#include "io/exportlaunch.h"
#include "io/importconfig.h"
#include "io/messagetext.h"

#include <gtest/gtest.h>

namespace {

using namespace tl;

// Llama 3 8B on 64 GPUs: tp 2, pp 4 interleaved over 2 chunks, dp 8, ZeRO-1, selective recompute, BF16 with FP32
// gradients.
engine::Scenario planned() {
    engine::Scenario s;
    engine::applyModelPreset(s, "llama3-8b");
    s.parallel.tp = 2;
    s.parallel.pp = 4;
    s.parallel.dp = 8;
    s.parallel.cp = 1;
    s.parallel.zero = 1;
    s.parallel.sequenceParallel = true;
    s.parallel.schedule = engine::Schedule::Interleaved;
    s.parallel.virtualStages = 2;
    s.data.microBatch = 2;
    s.data.globalBatch = 512;
    s.data.seqLen = 8192;
    s.activations.recompute = engine::Recompute::Selective;
    s.precision.grads = engine::NumberFormat::Fp32;
    EXPECT_TRUE(engine::evaluate(s).valid);
    return s;
}

io::ImportResult roundTrip(const engine::Scenario& s, io::LaunchFormat format) {
    const QByteArray bytes = io::exportLaunch(s, format);
    return io::importConfig(bytes, engine::Scenario{});
}

// The comment lines of an export (# or //).
QStringList comments(const QByteArray& bytes) {
    QStringList out;
    for (const QByteArray& line : bytes.split('\n'))
        if (line.startsWith('#') || line.startsWith("//"))
            out << QString::fromUtf8(line);
    return out;
}

bool mentions(const QStringList& lines, const char* text) {
    for (const QString& line : lines)
        if (line.contains(QLatin1String(text)))
            return true;
    return false;
}

TEST(ExportLaunch, MegatronRoundTrip) {
    const engine::Scenario s = planned();
    const io::ImportResult r = roundTrip(s, io::LaunchFormat::Megatron);
    ASSERT_TRUE(r.scenario) << io::messageText(r.error).toStdString();
    EXPECT_EQ(r.kind, io::FileKind::Megatron);
    const engine::Scenario& t = *r.scenario;
    EXPECT_EQ(t.model, s.model); // the whole shape, preset name included
    EXPECT_EQ(t.parallel, s.parallel);
    EXPECT_EQ(t.data.microBatch, s.data.microBatch);
    EXPECT_EQ(t.data.globalBatch, s.data.globalBatch);
    EXPECT_EQ(t.data.seqLen, s.data.seqLen);
    EXPECT_EQ(t.activations, s.activations);
    EXPECT_EQ(t.precision, s.precision);
}

TEST(ExportLaunch, MegatronRoundTripOfAnMoeWithLatentAttention) {
    engine::Scenario s;
    engine::applyModelPreset(s, "deepseek-v2-lite");
    s.parallel.tp = 1;
    s.parallel.pp = 1;
    s.parallel.dp = 16;
    s.parallel.ep = 8;
    s.parallel.zero = 1;
    s.data.globalBatch = 256;
    ASSERT_TRUE(engine::evaluate(s).valid);
    const io::ImportResult r = roundTrip(s, io::LaunchFormat::Megatron);
    ASSERT_TRUE(r.scenario) << io::messageText(r.error).toStdString();
    EXPECT_EQ(r.scenario->model, s.model);
    EXPECT_EQ(r.scenario->parallel.ep, 8);
    EXPECT_EQ(r.scenario->parallel.dp, 16);
}

// Qwen2-7B imported from its config: the query-key-value biases travel as --add-qkv-bias; Gemma 2's post-norms have
// no Megatron-LM flag and are named.
TEST(ExportLaunch, MegatronCarriesQkvBiasesAndNamesPostNorms) {
    engine::Scenario s = planned();
    const auto qwen2 = io::importConfigFile(QStringLiteral(TL_SOURCE_DIR "/tests/io/configs/hf/qwen2-7b.json"), s);
    ASSERT_TRUE(qwen2.scenario) << io::messageText(qwen2.error).toStdString();
    const QByteArray bytes = io::exportLaunch(*qwen2.scenario, io::LaunchFormat::Megatron);
    EXPECT_TRUE(bytes.contains("--add-qkv-bias"));
    const io::ImportResult back = io::importConfig(bytes, engine::Scenario{});
    ASSERT_TRUE(back.scenario) << io::messageText(back.error).toStdString();
    EXPECT_TRUE(back.scenario->model.qkvBias);
    EXPECT_EQ(engine::countModel(back.scenario->model).total, 7615616512.0);
    s.model.postNorms = true;
    EXPECT_TRUE(mentions(comments(io::exportLaunch(s, io::LaunchFormat::Megatron)), "not expressed: model.post_norms"));
}

TEST(ExportLaunch, MegatronSaysWhatItCannotExpress) {
    engine::Scenario s = planned();
    s.parallel.zero = 3;
    s.parallel.schedule = engine::Schedule::ZbH1;
    s.parallel.virtualStages = 1;
    const QStringList notes = comments(io::exportLaunch(s, io::LaunchFormat::Megatron));
    EXPECT_TRUE(mentions(notes, "not expressed: ZeRO stage 3"));
    EXPECT_TRUE(mentions(notes, "not expressed: parallel.schedule zb-h1"));
}

TEST(ExportLaunch, TorchtitanRoundTrip) {
    for (int zero : {0, 3}) {
        engine::Scenario s = planned();
        s.parallel.zero = zero;
        const io::ImportResult r = roundTrip(s, io::LaunchFormat::Torchtitan);
        ASSERT_TRUE(r.scenario) << io::messageText(r.error).toStdString();
        EXPECT_EQ(r.kind, io::FileKind::Torchtitan);
        const engine::Scenario& t = *r.scenario;
        EXPECT_EQ(t.model.preset, "llama3-8b");
        EXPECT_EQ(t.parallel, s.parallel) << "zero " << zero;
        EXPECT_EQ(t.data.microBatch, s.data.microBatch);
        EXPECT_EQ(t.data.globalBatch, s.data.globalBatch);
        EXPECT_EQ(t.data.seqLen, s.data.seqLen);
        EXPECT_EQ(t.activations.recompute, s.activations.recompute);
        EXPECT_EQ(t.precision.weights, s.precision.weights);
        EXPECT_EQ(t.precision.grads, s.precision.grads);
    }
    // torchtitan's per-op policy goes out as mode selective with selective_ac_option op and comes back as selective_op;
    // Megatron-LM has no such granularity and says so.
    engine::Scenario perOp = planned();
    perOp.activations.recompute = engine::Recompute::PerOp;
    EXPECT_TRUE(io::exportLaunch(perOp, io::LaunchFormat::Torchtitan).contains("selective_ac_option = \"op\""));
    const io::ImportResult back = roundTrip(perOp, io::LaunchFormat::Torchtitan);
    ASSERT_TRUE(back.scenario) << io::messageText(back.error).toStdString();
    EXPECT_EQ(back.scenario->activations.recompute, engine::Recompute::PerOp);
    EXPECT_TRUE(mentions(comments(io::exportLaunch(perOp, io::LaunchFormat::Megatron)),
                         "not expressed: activations.recompute selective_op"));
    engine::Scenario custom = planned();
    custom.model.layers = 40;
    custom.model.preset = "custom";
    custom.parallel.zero = 2;
    const QStringList notes = comments(io::exportLaunch(custom, io::LaunchFormat::Torchtitan));
    EXPECT_TRUE(mentions(notes, "not expressed: the model (40 layers"));
    EXPECT_TRUE(mentions(notes, "not expressed: ZeRO stage 2"));
}

TEST(ExportLaunch, DeepSpeedRoundTrip) {
    engine::Scenario s = planned();
    s.parallel.tp = 1;
    s.parallel.pp = 1;
    s.parallel.dp = 64;
    s.parallel.zero = 3;
    s.parallel.schedule = engine::Schedule::OneFOneB;
    s.parallel.virtualStages = 1;
    s.parallel.sequenceParallel = false;
    s.offload.optimizer = engine::Offload::Cpu;
    ASSERT_TRUE(engine::evaluate(s).valid);
    const io::ImportResult r = roundTrip(s, io::LaunchFormat::DeepSpeed);
    ASSERT_TRUE(r.scenario) << io::messageText(r.error).toStdString();
    EXPECT_EQ(r.kind, io::FileKind::DeepSpeed);
    const engine::Scenario& t = *r.scenario;
    EXPECT_EQ(t.parallel.dp, 64);
    EXPECT_EQ(t.parallel.zero, 3);
    EXPECT_EQ(t.offload.optimizer, engine::Offload::Cpu);
    EXPECT_EQ(t.data.microBatch, s.data.microBatch);
    EXPECT_EQ(t.data.globalBatch, s.data.globalBatch);
    EXPECT_EQ(t.precision.weights, s.precision.weights);
    EXPECT_EQ(t.precision.grads, s.precision.grads);
    const QStringList notes = comments(io::exportLaunch(planned(), io::LaunchFormat::DeepSpeed));
    EXPECT_TRUE(mentions(notes, "not expressed: tensor 2, pipeline 4"));
    EXPECT_TRUE(mentions(notes, "not expressed: activations.recompute selective"));
}

TEST(ExportLaunch, FormatNames) {
    EXPECT_EQ(io::parseLaunchFormat(QStringLiteral("megatron")), io::LaunchFormat::Megatron);
    EXPECT_EQ(io::parseLaunchFormat(QStringLiteral("torchtitan")), io::LaunchFormat::Torchtitan);
    EXPECT_EQ(io::parseLaunchFormat(QStringLiteral("deepspeed")), io::LaunchFormat::DeepSpeed);
    EXPECT_FALSE(io::parseLaunchFormat(QStringLiteral("slurm")));
}

} // namespace
