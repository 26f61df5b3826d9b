// Importing training configs: a Megatron-LM launch script, a torchtitan TOML and a DeepSpeed JSON set the keys they
// know and list every flag or field they passed over, one line each; bad ones are refused in one line.

#include "io/importconfig.h"
#include "io/messagetext.h"

#include <QFile>

#include <gtest/gtest.h>

namespace {

using namespace tl;

QByteArray readConfig(const char* name) {
    QFile f(QStringLiteral(TL_SOURCE_DIR "/tests/io/configs/") + QLatin1String(name));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << name;
    return f.readAll();
}

bool mentions(const std::vector<engine::Diagnostic>& lines, const char* text) {
    for (const QString& line : io::messageTexts(lines))
        if (line.contains(QLatin1String(text)))
            return true;
    return false;
}

TEST(ImportTraining, MegatronLaunchScript) {
    engine::Scenario base;
    const io::ImportResult r = io::importConfig(readConfig("megatron/llama3-8b.sh"), base);
    ASSERT_TRUE(r.scenario) << io::messageText(r.error).toStdString();
    EXPECT_EQ(r.kind, io::FileKind::Megatron);
    const engine::Scenario& s = *r.scenario;
    EXPECT_EQ(s.model.preset, "llama3-8b") << "the sizes are Llama 3 8B's";
    EXPECT_EQ(s.parallel.tp, 2);
    EXPECT_EQ(s.parallel.pp, 2);
    EXPECT_EQ(s.parallel.dp, 16); // 8 nodes x 8 GPUs / (tp 2 x pp 2)
    EXPECT_TRUE(s.parallel.sequenceParallel);
    EXPECT_EQ(s.parallel.zero, 1);
    EXPECT_EQ(s.data.microBatch, 1);
    EXPECT_EQ(s.data.globalBatch, 512);
    EXPECT_EQ(s.data.seqLen, 8192);
    EXPECT_EQ(s.data.tokens, 25000.0 * 512 * 8192);
    EXPECT_EQ(s.activations.recompute, engine::Recompute::Selective);
    EXPECT_EQ(s.precision.weights, engine::NumberFormat::Bf16);
    EXPECT_EQ(s.precision.grads, engine::NumberFormat::Fp32);
    EXPECT_TRUE(mentions(r.set, "parallel.tp = 2 (--tensor-model-parallel-size)"));
    for (const char* passed :
         {"--lr 3e-4", "--weight-decay 0.1", "--data-path $DATA_PATH", "--overlap-grad-reduce", "--master-port 6000"})
        EXPECT_TRUE(mentions(r.ignored, passed))
            << passed << " in " << io::messageTexts(r.ignored).join(QLatin1Char('|')).toStdString();
    EXPECT_FALSE(mentions(r.ignored, "--num-layers"));
}

TEST(ImportTraining, MegatronShellVariablesAreNamedAndKept) {
    engine::Scenario base;
    base.parallel.tp = 4;
    const io::ImportResult r = io::importConfig(
        "python pretrain_gpt.py --tensor-model-parallel-size $TP --pipeline-model-parallel-size=4 --seq-length 4096",
        base);
    ASSERT_TRUE(r.scenario) << io::messageText(r.error).toStdString();
    EXPECT_EQ(r.scenario->parallel.tp, 4);
    EXPECT_EQ(r.scenario->parallel.pp, 4);
    EXPECT_EQ(r.scenario->data.seqLen, 4096);
    EXPECT_TRUE(mentions(r.ignored, "--tensor-model-parallel-size $TP: not a number"));
}

TEST(ImportTraining, TorchtitanToml) {
    const io::ImportResult r = io::importConfig(readConfig("torchtitan/llama3_8b.toml"), engine::Scenario{});
    ASSERT_TRUE(r.scenario) << io::messageText(r.error).toStdString();
    EXPECT_EQ(r.kind, io::FileKind::Torchtitan);
    const engine::Scenario& s = *r.scenario;
    EXPECT_EQ(s.model.preset, "llama3-8b");
    EXPECT_EQ(s.parallel.tp, 2);
    EXPECT_EQ(s.parallel.dp, 8);
    EXPECT_EQ(s.parallel.zero, 3);
    EXPECT_EQ(s.data.microBatch, 1);
    EXPECT_EQ(s.data.globalBatch, 8);
    EXPECT_EQ(s.data.seqLen, 8192);
    EXPECT_EQ(s.data.tokens, 1000.0 * 8 * 8192);
    EXPECT_EQ(s.activations.recompute, engine::Recompute::PerOp); // mode selective, selective_ac_option op
    EXPECT_EQ(s.precision.grads, engine::NumberFormat::Fp32);
    for (const char* passed : {"optimizer.lr = 0.0003", "training.dataset = c4", "job.dump_folder", "compile.enable"})
        EXPECT_TRUE(mentions(r.ignored, passed))
            << passed << " in " << io::messageTexts(r.ignored).join(QLatin1Char('|')).toStdString();
}

TEST(ImportTraining, DeepSpeedJson) {
    const io::ImportResult r = io::importConfig(readConfig("deepspeed/zero3-offload.json"), engine::Scenario{});
    ASSERT_TRUE(r.scenario) << io::messageText(r.error).toStdString();
    EXPECT_EQ(r.kind, io::FileKind::DeepSpeed);
    const engine::Scenario& s = *r.scenario;
    EXPECT_EQ(s.parallel.zero, 3);
    EXPECT_EQ(s.offload.optimizer, engine::Offload::Cpu);
    EXPECT_EQ(s.data.microBatch, 2);
    EXPECT_EQ(s.data.globalBatch, 256);
    EXPECT_EQ(s.parallel.dp, 32); // 256 / (2 x 4)
    EXPECT_EQ(s.precision.weights, engine::NumberFormat::Bf16);
    EXPECT_EQ(s.model, engine::Scenario{}.model) << "a DeepSpeed config says nothing of the model";
    for (const char* passed :
         {"optimizer.params.lr = 3e-05", "zero_optimization.overlap_comm = true", "gradient_clipping = 1"})
        EXPECT_TRUE(mentions(r.ignored, passed))
            << passed << " in " << io::messageTexts(r.ignored).join(QLatin1Char('|')).toStdString();
}

TEST(ImportTraining, DeepSpeedAutoValuesAreNamed) {
    const io::ImportResult r = io::importConfig(
        R"({"train_micro_batch_size_per_gpu": "auto", "zero_optimization": {"stage": 2}})", engine::Scenario{});
    ASSERT_TRUE(r.scenario) << io::messageText(r.error).toStdString();
    EXPECT_EQ(r.scenario->parallel.zero, 2);
    EXPECT_TRUE(mentions(r.ignored, "train_micro_batch_size_per_gpu = auto: not a number"));
}

TEST(ImportTraining, BadTrainingConfigsAreRefusedInOneLine) {
    const auto refused = [](const QByteArray& bytes, const char* says) {
        const io::ImportResult r = io::importConfig(bytes, engine::Scenario{});
        EXPECT_FALSE(r.scenario) << says;
        EXPECT_TRUE(io::messageText(r.error).contains(QLatin1String(says))) << io::messageText(r.error).toStdString();
        EXPECT_FALSE(io::messageText(r.error).contains(QLatin1Char('\n')));
    };
    refused(R"({"zero_optimization": {"stage": 7}})", "parallel.zero");
    refused("pretrain_gpt.py --tensor-model-parallel-size 0", "parallel.tp");
    refused("pretrain_gpt.py --num-layers 1e9 --hidden-size 4096 --num-attention-heads 32", "model.layers");
    refused("[parallelism]\ntensor_parallel_degree = -2\n", "parallel.tp");
}

} // namespace
