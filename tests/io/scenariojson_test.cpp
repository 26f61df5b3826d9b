// Scenario JSON round trips, the --set syntax, and the ledger JSON's contract keys.

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/presets.h"
#include "io/messagetext.h"
#include "io/scenariojson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <gtest/gtest.h>

namespace {

using namespace tl;

QJsonValue dotted(const QJsonObject& root, const QString& key) {
    QJsonValue v = root;
    for (const QString& part : key.split(QLatin1Char('.')))
        v = v.toObject().value(part);
    return v;
}

TEST(ScenarioJson, DefaultRoundTripsToIdenticalBytes) {
    const engine::Scenario s;
    const QByteArray bytes = io::scenarioToJson(s);
    const auto r = io::scenarioFromJson(bytes);
    ASSERT_TRUE(r.scenario.has_value()) << io::messageText(r.error).toStdString();
    EXPECT_EQ(*r.scenario, s);
    EXPECT_EQ(io::scenarioToJson(*r.scenario), bytes);
    EXPECT_TRUE(bytes.contains("\"format\": \"trainledger.scenario\""));
}

TEST(ScenarioJson, EveryPresetRoundTrips) {
    for (const auto& p : engine::modelPresets()) {
        engine::Scenario s;
        ASSERT_TRUE(engine::applyModelPreset(s, p.id));
        const auto r = io::scenarioFromJson(io::scenarioToJson(s));
        ASSERT_TRUE(r.scenario.has_value()) << p.id;
        EXPECT_EQ(*r.scenario, s) << p.id;
    }
}

TEST(ScenarioJson, PresetAppliesBeforeItsRefinements) {
    // Keys that refine a preset win, whatever their order in the file.
    const QByteArray json = R"({"format":"trainledger.scenario","version":1,
        "model":{"layers":40,"preset":"llama3-8b"}})";
    const auto r = io::scenarioFromJson(json);
    ASSERT_TRUE(r.scenario.has_value()) << io::messageText(r.error).toStdString();
    EXPECT_EQ(r.scenario->model.layers, 40);
    EXPECT_EQ(r.scenario->model.vocab, 128256);
}

TEST(ScenarioJson, FlatDottedKeysAreAccepted) {
    const auto r = io::scenarioFromJson(R"({"parallel.dp": 4, "model.preset": "llama2-7b"})", false);
    ASSERT_TRUE(r.scenario.has_value()) << io::messageText(r.error).toStdString();
    EXPECT_EQ(r.scenario->parallel.dp, 4);
    EXPECT_EQ(r.scenario->model.vocab, 32000);
}

// Issue 24: a JSON that is not a scenario is refused with one line saying what it looks like, never read as the
// defaults (which a later Save would write over it). A bare object of scenario keys, or an empty one, still reads.
TEST(ScenarioJson, ConfigsThatAreNotScenariosAreRefused) {
    struct Row {
        const char* bytes;
        const char* fragment;
    };
    for (const Row& row : {
             Row{R"({"model_type": "mistral", "hidden_size": 4096})",
                 "not a TrainLedger scenario but a Hugging Face model config (model_type \"mistral\"): use File > "
                 "Import Model"},
             Row{R"({"architectures": ["GPT2LMHeadModel"], "n_embd": 768})", "a Hugging Face model config"},
             Row{R"({"train_batch_size": 64, "zero_optimization": {"stage": 3}})",
                 "a DeepSpeed config: use File > Import Training Config"},
             Row{"// DeepSpeed reads HJSON\n{\"train_micro_batch_size_per_gpu\": 1}\n", "a DeepSpeed config"},
             Row{"[model]\nname = \"llama3\"\nflavor = \"8B\"\n\n[training]\nseq_len = 8192\n",
                 "a torchtitan TOML config"},
             Row{"torchrun pretrain_gpt.py \\\n  --num-layers 32 \\\n  --hidden-size 4096\n",
                 "a Megatron-LM argument list"},
             Row{R"({"hidden": 4096, "wings": 2})", "it has no \"format\": \"trainledger.scenario\" and none of its "
                                                    "keys (hidden, wings) is a scenario key"},
         }) {
        const auto r = io::scenarioFromJson(row.bytes, false);
        EXPECT_FALSE(r.scenario.has_value()) << row.bytes;
        EXPECT_EQ(r.category.toStdString(), "not-scenario") << row.bytes;
        EXPECT_TRUE(io::messageText(r.error).contains(QString::fromUtf8(row.fragment)))
            << io::messageText(r.error).toStdString();
        EXPECT_FALSE(io::messageText(r.error).contains(QLatin1Char('\n')));
    }
    EXPECT_TRUE(io::scenarioFromJson("{}", false).scenario.has_value());
    const auto bare = io::scenarioFromJson(R"({"parallel": {"dp": 4}, "wings": 2})", false);
    ASSERT_TRUE(bare.scenario.has_value());
    EXPECT_EQ(bare.warnings.size(), 1u);
}

struct BadJson {
    const char* json;
    const char* category;
    const char* fragment;
};

void PrintTo(const BadJson& row, std::ostream* os) {
    *os << row.category;
}

class BadScenarioJson : public ::testing::TestWithParam<BadJson> {};

TEST_P(BadScenarioJson, Rejected) {
    const auto r = io::scenarioFromJson(GetParam().json);
    EXPECT_FALSE(r.scenario.has_value());
    EXPECT_EQ(r.category.toStdString(), GetParam().category);
    EXPECT_NE(io::messageText(r.error).toStdString().find(GetParam().fragment), std::string::npos)
        << io::messageText(r.error).toStdString();
}

INSTANTIATE_TEST_SUITE_P(
    Issue2, BadScenarioJson,
    ::testing::Values(BadJson{"{\"format\":\"trainledger.scenario\",\n\"version\":1,,}", "json", "line 2, column 14"},
                      BadJson{R"({"format":"other","version":1})", "format", "expected \"trainledger.scenario\""},
                      BadJson{R"({"version":1})", "format", "found no format string"},
                      BadJson{R"({"format":"trainledger.scenario","version":7})", "version", "version 7"},
                      BadJson{R"({"format":"trainledger.scenario","version":1,"parallel":{"dp":"four"}})", "type",
                              "parallel.dp: \"four\" is not an integer"},
                      BadJson{R"({"format":"trainledger.scenario","version":1,"parallel":{"zero":9}})", "value",
                              "integer from 0 to 3"},
                      BadJson{R"([1,2])", "json", "expected a JSON object"}));

TEST(ScenarioJson, UnknownKeysWarnAndContinue) {
    const auto r = io::scenarioFromJson(R"({"format":"trainledger.scenario","version":1,"model":{"wings":2}})");
    ASSERT_TRUE(r.scenario.has_value());
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_TRUE(io::messageText(r.warnings.front()).contains(QStringLiteral("model.wings")));
}

TEST(SetSyntax, JsonOrString) {
    engine::Scenario s;
    EXPECT_FALSE(io::applyAssignment(s, QStringLiteral("parallel.dp=4")).has_value());
    EXPECT_EQ(s.parallel.dp, 4);
    EXPECT_FALSE(io::applyAssignment(s, QStringLiteral("title=My plan")).has_value());
    EXPECT_EQ(s.title, "My plan");
    EXPECT_FALSE(io::applyAssignment(s, QStringLiteral("data.documents=[4096,4096]")).has_value());
    EXPECT_EQ(s.data.documents, (std::vector<int>{4096, 4096}));
    EXPECT_FALSE(io::applyAssignment(s, QStringLiteral("model.params=null")).has_value());
    const auto e = io::applyAssignment(s, QStringLiteral("parallel.zero=7"));
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ(io::messageText(*e).toStdString(), "parallel.zero: 7 is not allowed; allowed: an integer from 0 to 3");
}

// A value of each key that differs from the default and keeps the scenario valid.
engine::FieldValue alternative(const engine::Field& f, const engine::Scenario& s) {
    const engine::FieldValue now = f.get(s);
    switch (f.type) {
    case engine::FieldType::Bool:
        return !std::get<bool>(now);
    case engine::FieldType::Choice:
        for (const auto& c : f.choices)
            if (engine::FieldValue(c) != now && c != "custom")
                return c;
        return now;
    case engine::FieldType::Text:
        return std::string("changed");
    case engine::FieldType::IntList:
        return std::vector<int>{4096, 4096};
    case engine::FieldType::NullableReal:
        return 3e9;
    default:
        break;
    }
    const double x = std::get<double>(now);
    return x + 1 <= f.max ? x + 1 : x - 1;
}

TEST(Contract, EveryScenarioKeyRoundTripsThroughSetAndJson) {
    for (const auto& f : engine::scenarioFields()) {
        engine::Scenario s;
        const engine::FieldValue v = alternative(f, s);
        const QString text =
            QString::fromUtf8(QJsonDocument(QJsonArray{io::fromFieldValue(v)}).toJson(QJsonDocument::Compact))
                .mid(1)
                .chopped(1);
        ASSERT_FALSE(io::applyAssignment(s, QString::fromLatin1(f.key) + QLatin1Char('=') + text).has_value()) << f.key;
        const QJsonObject json = io::ledgerToJson(engine::evaluate(s), s);
        const QJsonValue back = dotted(json.value(QStringLiteral("scenario")).toObject(), QString::fromLatin1(f.key));
        const auto parsed = io::toFieldValue(back);
        ASSERT_TRUE(parsed.has_value()) << f.key;
        if (std::string_view(f.key) == "model.preset" || std::string_view(f.key) == "hardware.preset")
            EXPECT_EQ(std::get<std::string>(*parsed), std::get<std::string>(v)) << f.key;
        else
            EXPECT_EQ(*parsed, v) << f.key << " " << text.toStdString();
    }
}

TEST(Contract, LedgerJsonHasEveryContractKey) {
    const engine::Scenario s;
    const QJsonObject json = io::ledgerToJson(engine::evaluate(s), s);
    // docs/contract.md §2, verbatim.
    const char* keys[] = {"params.total",
                          "params.active",
                          "flops.forward_per_sequence",
                          "flops.training_per_token",
                          "flops.six_nd_per_token",
                          "flops.attention_pairs_per_sequence",
                          "flops.total",
                          "state.bytes_per_param",
                          "state.total_bytes",
                          "memory.weights",
                          "memory.gradients",
                          "memory.master_weights",
                          "memory.optimizer",
                          "memory.activations",
                          "memory.buffers",
                          "memory.total",
                          "memory.capacity",
                          "memory.fits",
                          "time.tokens_per_step",
                          "time.steps",
                          "time.step_budget_s",
                          "time.required_tokens_per_s",
                          "time.tokens_per_s_per_gpu",
                          "time.gpus",
                          "time.days",
                          "time.gpu_hours",
                          "time.min_gpus_compute",
                          "time.min_gpus_memory",
                          "time.finishes",
                          "time.binding_gate",
                          "cost.usd",
                          "pipeline.bubble_fraction",
                          "warnings"};
    for (const char* key : keys)
        EXPECT_FALSE(dotted(json, QString::fromLatin1(key)).isUndefined()) << key;
    EXPECT_EQ(dotted(json, QStringLiteral("params.total")).toInteger(), 8'190'735'360);
    EXPECT_EQ(dotted(json, QStringLiteral("time.steps")).toInteger(), 31'790);
    EXPECT_EQ(dotted(json, QStringLiteral("time.binding_gate")).toString(), QStringLiteral("time"));
    EXPECT_TRUE(dotted(json, QStringLiteral("memory.fits")).isBool());
}

} // namespace

#include "io/schema.h"

#include <QFile>

namespace {

TEST(Schema, ShippedFileMatchesTheFieldTable) {
    // resources/scenario.schema.json is generated by `trainledger-cli --schema`; regenerate it when a key changes.
    QFile file(QStringLiteral(TL_SOURCE_DIR "/resources/scenario.schema.json"));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    EXPECT_EQ(bytes.toStdString(),
              QJsonDocument(tl::io::scenarioSchema()).toJson(QJsonDocument::Indented).toStdString());
    const QJsonObject shipped = QJsonDocument::fromJson(bytes).object();
    // Every scenario key is described, with its range.
    const QJsonObject tp = shipped[QStringLiteral("properties")][QStringLiteral("parallel")]
                                  [QStringLiteral("properties")][QStringLiteral("tp")]
                                      .toObject();
    EXPECT_EQ(tp[QStringLiteral("type")].toString(), QStringLiteral("integer"));
    EXPECT_EQ(tp[QStringLiteral("minimum")].toInt(), 1);
}

} // namespace
