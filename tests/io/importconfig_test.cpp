// Importing a user's own files: Hugging Face config.json files written from the public model cards, one per supported
// model_type, give the published parameter totals to the parameter (dense models; the MoE ones their presets' exact
// counts); bad and hostile files are refused in one line with nothing changed.

#include "engine/evaluate.h"
#include "engine/model.h"
#include "engine/presets.h"
#include "io/importconfig.h"
#include "io/messagetext.h"

#include <QFile>

#include <gtest/gtest.h>

namespace {

using namespace tl;

QString configPath(const char* name) {
    return QStringLiteral(TL_SOURCE_DIR "/tests/io/configs/hf/") + QLatin1String(name);
}

QByteArray readConfig(const char* name) {
    QFile f(configPath(name));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << name;
    return f.readAll();
}

io::ImportResult importHf(const char* name) {
    return io::importConfigFile(configPath(name), engine::Scenario{});
}

double totalParams(const io::ImportResult& r) {
    return r.scenario ? engine::countModel(r.scenario->model).total : -1;
}

bool mentions(const std::vector<engine::Diagnostic>& lines, const char* text) {
    for (const QString& line : io::messageTexts(lines))
        if (line.contains(QLatin1String(text)))
            return true;
    return false;
}

// Published totals: the sum of the tensors in each model's released safetensors (the model card's "Model size").
struct Published {
    const char* file;
    const char* modelType;
    double total;
};

const Published kDense[] = {
    {"llama-3-8b.json", "llama", 8030261248.0},        // meta-llama/Meta-Llama-3-8B
    {"mistral-7b-v0.1.json", "mistral", 7241732096.0}, // mistralai/Mistral-7B-v0.1
    {"qwen3-8b.json", "qwen3", 8190735360.0},          // Qwen/Qwen3-8B
    {"gemma-7b.json", "gemma", 8537680896.0},          // google/gemma-7b
    {"phi-3-mini-4k.json", "phi3", 3821079552.0},      // microsoft/Phi-3-mini-4k-instruct
    {"gpt2.json", "gpt2", 124439808.0},                // openai-community/gpt2
    {"pythia-160m.json", "gpt_neox", 162322944.0},     // EleutherAI/pythia-160m
    {"qwen2-7b.json", "qwen2", 7615616512.0},          // Qwen/Qwen2-7B: biases on q, k and v only
    {"gemma-2-9b.json", "gemma2", 9241705984.0},       // google/gemma-2-9b: norms after attention and the MLP
    {"gemma-3-1b.json", "gemma3_text", 999885952.0},   // google/gemma-3-1b-pt: post-norms and per-head q/k norms
    {"olmo-2-1124-7b.json", "olmo2", 7298617344.0},    // allenai/OLMo-2-1124-7B: q/k norms over all heads
};

TEST(ImportHuggingFace, DenseModelsGiveThePublishedTotalToTheParameter) {
    for (const auto& p : kDense) {
        const io::ImportResult r = importHf(p.file);
        ASSERT_TRUE(r.scenario) << p.file << ": " << io::messageText(r.error).toStdString();
        EXPECT_EQ(totalParams(r), p.total) << p.file;
        EXPECT_TRUE(io::messageText(r.what).contains(QLatin1String(p.modelType)))
            << io::messageText(r.what).toStdString();
        EXPECT_TRUE(r.ignored.empty()) << p.file << ": "
                                       << io::messageTexts(r.ignored).join(QLatin1Char('|')).toStdString();
        EXPECT_TRUE(engine::evaluate(*r.scenario).valid) << p.file;
    }
}

// The MoE configs give their presets' shapes, which the model tests check against the published totals.
TEST(ImportHuggingFace, MoeModelsAreTheirPresets) {
    const std::pair<const char*, const char*> cases[] = {{"mixtral-8x7b-v0.1.json", "mixtral-8x7b"},
                                                         {"qwen3-30b-a3b.json", "qwen3-30b-a3b"},
                                                         {"deepseek-v2-lite.json", "deepseek-v2-lite"},
                                                         {"deepseek-v3.json", "deepseek-v3"},
                                                         {"gpt-oss-120b.json", "gpt-oss-120b"}};
    for (const auto& [file, preset] : cases) {
        const io::ImportResult r = importHf(file);
        ASSERT_TRUE(r.scenario) << file << ": " << io::messageText(r.error).toStdString();
        EXPECT_EQ(r.scenario->model.preset, preset) << file;
        EXPECT_EQ(totalParams(r), engine::countModel(engine::findModelPreset(preset)->shape).total) << file;
    }
    EXPECT_EQ(totalParams(importHf("mixtral-8x7b-v0.1.json")), 46702792704.0);
    EXPECT_EQ(totalParams(importHf("deepseek-v3.json")), 671026419200.0); // + 11.5B in the MTP module
    EXPECT_EQ(importHf("deepseek-v3.json").scenario->model.mtpLayers, 1);
    EXPECT_EQ(importHf("gpt-oss-120b.json").scenario->model.fullAttentionEvery, 2); // from layer_types
}

TEST(ImportHuggingFace, WhatCannotBeExpressedIsNamed) {
    // Qwen1.5-MoE-A2.7B: the shared expert is four experts wide; its gate is named, not counted.
    const io::ImportResult moe = importHf("qwen1.5-moe-a2.7b.json");
    ASSERT_TRUE(moe.scenario) << io::messageText(moe.error).toStdString();
    EXPECT_EQ(moe.scenario->model.moe.sharedExperts, 4);
    EXPECT_TRUE(mentions(moe.ignored, "shared_expert_gate"));
}

TEST(ImportHuggingFace, SlidingWindows) {
    const auto mistral = importHf("mistral-7b-v0.1.json").scenario;
    EXPECT_EQ(mistral->model.slidingWindow, 4096);
    EXPECT_EQ(mistral->model.fullAttentionEvery, 0);
    const auto gemma3 = importHf("gemma-3-1b.json").scenario;
    EXPECT_EQ(gemma3->model.slidingWindow, 512);
    EXPECT_EQ(gemma3->model.fullAttentionEvery, 6);
    const auto gemma2 = importHf("gemma-2-9b.json").scenario;
    EXPECT_EQ(gemma2->model.fullAttentionEvery, 2);
    EXPECT_EQ(importHf("qwen2-7b.json").scenario->model.slidingWindow, 0); // use_sliding_window false
}

TEST(ImportHuggingFace, KeepsTheBaseScenariosOtherKeys) {
    engine::Scenario base;
    base.parallel.tp = 4;
    base.data.seqLen = 4096;
    base.model.dropout = true;
    const io::ImportResult r = io::importConfigFile(configPath("llama-3-8b.json"), base);
    ASSERT_TRUE(r.scenario);
    EXPECT_EQ(r.scenario->parallel.tp, 4);
    EXPECT_EQ(r.scenario->data.seqLen, 4096);
    EXPECT_TRUE(r.scenario->model.dropout);
    EXPECT_TRUE(mentions(r.set, "model.layers = 32 (num_hidden_layers)"));
}

TEST(ImportHuggingFace, UnknownModelTypeIsRefusedWithTheSupportedList) {
    QByteArray bytes = readConfig("llama-3-8b.json");
    bytes.replace("\"llama\"", "\"mamba\"");
    const io::ImportResult r = io::importConfig(bytes, engine::Scenario{});
    EXPECT_FALSE(r.scenario);
    EXPECT_TRUE(io::messageText(r.error).contains(QLatin1String("\"mamba\" is not supported")));
    for (const QString& type : io::supportedModelTypes())
        EXPECT_TRUE(io::messageText(r.error).contains(type)) << type.toStdString();
    EXPECT_EQ(io::supportedModelTypes().size(), 17);
}

void expectRefused(const QByteArray& bytes, const char* what, const char* says = "") {
    const io::ImportResult r = io::importConfig(bytes, engine::Scenario{});
    EXPECT_FALSE(r.scenario) << what;
    EXPECT_FALSE(r.error.empty()) << what;
    EXPECT_FALSE(io::messageText(r.error).contains(QLatin1Char('\n'))) << what;
    EXPECT_LE(io::messageText(r.error).size(), 400) << what;
    EXPECT_TRUE(io::messageText(r.error).contains(QLatin1String(says)))
        << what << ": " << io::messageText(r.error).toStdString();
}

TEST(ImportHuggingFace, BadFilesAreRefusedInOneLine) {
    const QByteArray llama = readConfig("llama-3-8b.json");
    expectRefused(llama.left(llama.size() / 2), "truncated", "not valid JSON");
    expectRefused("{\"model_type\": \"llama\", \"hidden_size\": }", "malformed", "not valid JSON");
    expectRefused(QByteArray(10 << 20, ' ') + llama, "10 MB", "limit");
    QByteArray latin1 = llama;
    latin1.replace("\"silu\"", "\"s\xe9lu\"");
    expectRefused(latin1, "non-UTF-8", "UTF-8");
    expectRefused("", "empty", "empty");
    expectRefused(QByteArray("\x00\x01\x02", 3), "binary", "UTF-8");
    // Hostile values: out of range, of the wrong type, missing, absurd.
    QByteArray huge = llama;
    huge.replace("\"hidden_size\": 4096", "\"hidden_size\": 1e300");
    expectRefused(huge, "1e300", "model.hidden");
    QByteArray negative = llama;
    negative.replace("\"num_hidden_layers\": 32", "\"num_hidden_layers\": -32");
    expectRefused(negative, "negative", "num_hidden_layers");
    QByteArray text = llama;
    text.replace("\"num_attention_heads\": 32", "\"num_attention_heads\": \"32\"");
    expectRefused(text, "string", "is not a number");
    QByteArray missing = llama;
    missing.replace("\"intermediate_size\"", "\"intermediate_size_\"");
    expectRefused(missing, "missing", "has no intermediate_size");
    QByteArray fraction = llama;
    fraction.replace("\"vocab_size\": 128256", "\"vocab_size\": 128256.5");
    expectRefused(fraction, "fraction", "model.vocab");
    QByteArray zeroHeads = llama;
    zeroHeads.replace("\"num_attention_heads\": 32", "\"num_attention_heads\": 0");
    expectRefused(zeroHeads, "zero heads", "");
    expectRefused("{\"model_type\": \"\\u001b[31mllama\\nx" + QByteArray(5000, 'a') + "\"}", "escape", "");
    expectRefused("{\"model_type\": 7}", "number type", "model_type");
    expectRefused("[1, 2, 3]", "array", "");
    expectRefused(QByteArray(100000, '[') + QByteArray(100000, ']'), "deep", "");
}

TEST(ImportHuggingFace, AMultimodalConfigReadsItsLanguageModel) {
    const QByteArray text = readConfig("gemma-3-1b.json");
    const QByteArray wrapped =
        "{\"model_type\": \"gemma3\", \"vision_config\": {\"hidden_size\": 1152}, \"text_config\": " + text + "}";
    const io::ImportResult r = io::importConfig(wrapped, engine::Scenario{});
    ASSERT_TRUE(r.scenario) << io::messageText(r.error).toStdString();
    EXPECT_EQ(r.scenario->model.layers, 26);
    EXPECT_TRUE(mentions(r.ignored, "text_config"));
}

} // namespace
