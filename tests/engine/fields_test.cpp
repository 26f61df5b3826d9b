// The key table as the window reads it (issue 8): every key has a label and a control, a refining edit makes a
// preset custom for every front, sentences for people carry labels, the panel's numbers round-trip to what was typed,
// warnings carry no seed references, and the days curve reaches the time gate beyond the replica limit.

#include "engine/evaluate.h"
#include "engine/fields.h"

#include <gtest/gtest.h>

#include <limits>
#include <set>
#include <string>
#include <type_traits>

using namespace tl::engine;

TEST(FieldTable, EveryKeyHasALabelAGroupAndAControl) {
    std::set<std::string> labels;
    for (const Field& f : scenarioFields()) {
        SCOPED_TRACE(f.key);
        EXPECT_STRNE(f.ui.label, "");
        EXPECT_TRUE(labels.insert(f.ui.label).second) << "two keys share the label " << f.ui.label;
        if (std::string(f.key) == "notes") {
            EXPECT_EQ(f.ui.control, Control::None); // the notes dock edits it
            continue;
        }
        EXPECT_NE(f.ui.control, Control::None);
        EXPECT_STRNE(f.ui.group, "");
        switch (f.type) {
        case FieldType::Int:
        case FieldType::Real:
        case FieldType::NullableReal:
            EXPECT_EQ(f.ui.control, Control::Slider);
            EXPECT_LT(f.ui.sliderMin, f.ui.sliderMax);
            EXPECT_GT(f.ui.displayFactor, 0);
            break;
        case FieldType::Choice:
            EXPECT_EQ(f.ui.control, Control::Combo);
            EXPECT_EQ(f.ui.choiceLabels.size(), f.choices.size());
            break;
        case FieldType::Bool:
            EXPECT_EQ(f.ui.control, Control::Check);
            break;
        case FieldType::IntList:
            EXPECT_EQ(f.ui.control, Control::List);
            break;
        case FieldType::Text:
            EXPECT_EQ(f.ui.control, Control::Line);
            break;
        }
    }
}

TEST(FieldTable, ARefiningEditMakesThePresetCustom) {
    Scenario s;
    ASSERT_FALSE(setField(s, "hardware.memory_gb", 100.0));
    EXPECT_EQ(s.hardware.preset, "custom");
    EXPECT_EQ(s.hardware.memoryGb, 100);
    EXPECT_EQ(s.hardware.peakTflops, 989); // the rest of the GPU stays

    Scenario same;
    ASSERT_FALSE(setField(same, "hardware.memory_gb", 80.0)); // the preset's own figure: still the preset
    EXPECT_EQ(same.hardware.preset, "h100-sxm");

    Scenario m;
    ASSERT_FALSE(setField(m, "model.params", 70e9));
    ASSERT_FALSE(setField(m, "model.layers", double(m.model.layers + 2)));
    EXPECT_EQ(m.model.preset, "custom");
    EXPECT_EQ(m.model.params, 0); // the derived shape is now a custom one of its own

    Scenario p;
    ASSERT_FALSE(setField(p, "model.preset", std::string("llama3-70b")));
    ASSERT_FALSE(setField(p, "model.moe.experts", 8.0));
    EXPECT_EQ(p.model.preset, "custom");
    ASSERT_FALSE(setField(p, "parallel.tp", 2.0)); // not a model key: the preset is not touched
}

TEST(FieldTable, SentencesForPeopleCarryLabels) {
    EXPECT_EQ(withLabels("raise data.global_batch or the model parallelism."),
              "raise global batch or the model parallelism.");
    EXPECT_EQ(withLabels("parallel.tp: 3 is not allowed; allowed: a divisor of model.heads (32)"),
              "Tensor parallel (TP): 3 is not allowed; allowed: a divisor of attention heads (32)");
    EXPECT_EQ(withLabels("set parallel.zero."), "set ZeRO stage.");
    EXPECT_EQ(withLabels("model.kv_heads must divide model.heads"), "Key/value heads must divide attention heads");
    EXPECT_EQ(withLabels("no keys here: 3.5 GB"), "no keys here: 3.5 GB");
    EXPECT_EQ(labelOf("data.global_batch"), "Global batch");
    EXPECT_EQ(labelOf("no.such.key"), "no.such.key");
}

TEST(FieldTable, ThePanelsNumbersAreWhatWasTyped) {
    const Field& tokens = *findField("data.tokens");
    EXPECT_EQ(fromDisplay(tokens, 2000), 2e12); // 2000 billion, not 1999999999999.9998
    EXPECT_EQ(toDisplay(tokens, 1e11), 100);
    const Field& mfu = *findField("efficiency.mfu");
    EXPECT_EQ(fromDisplay(mfu, 40), 0.4);
    EXPECT_EQ(fromDisplay(mfu, 38.5), 0.385);
    EXPECT_EQ(fromDisplay(*findField("model.params"), 8.19), 8.19e9);
}

TEST(FieldTable, WarningsCarryNoSeedReferences) {
    Scenario s;
    s.parallel.dp = 64; // ZeRO-3 across nodes
    s.offload.optimizer = Offload::Cpu;
    for (const Diagnostic& w : evaluate(s).warnings) {
        EXPECT_EQ(w.message().find("seed "), std::string::npos) << w.message();
        EXPECT_EQ(w.message().find("docs/"), std::string::npos) << w.message();
    }
    Scenario bad;
    EXPECT_EQ(setField(bad, "no.such", 1.0)->message().find("docs/"), std::string::npos);
}

TEST(FieldTable, OneDocumentFollowsTheSequenceLength) {
    Scenario s;
    ASSERT_FALSE(setField(s, "data.documents", std::vector<int>{7168, 1024}));
    EXPECT_EQ(s.data.documents, (std::vector<int>{7168, 1024}));
    ASSERT_FALSE(setField(s, "data.documents", std::vector<int>{s.data.seqLen}));
    EXPECT_TRUE(s.data.documents.empty());
}

// Llama 3 70B, 2T tokens, 60 days, H100: the time gate is beyond the 384 replicas a step can feed at TP 1; the curve
// goes on with TP 2 and has a point at or just past the gate, and says so.
TEST(Evaluation, TheCurveReachesTheTimeGate) {
    Scenario s;
    ASSERT_FALSE(setField(s, "model.preset", std::string("llama3-70b")));
    ASSERT_FALSE(setField(s, "data.tokens", 2e12));
    ASSERT_FALSE(setField(s, "schedule.deadline_days", 60.0));
    const Evaluation e = evaluateAll(s);
    ASSERT_TRUE(e.valid());
    const long long gate = e.ledger.time.minGpusCompute;
    ASSERT_GT(gate, 384);
    ASSERT_FALSE(e.curve.empty());
    EXPECT_GE(e.curve.back().gpus, gate);
    bool reached = false;
    for (const ScalePoint& p : e.curve)
        if (p.gpus >= gate) {
            reached = true;
            EXPECT_GT(p.tp * p.pp * p.cp, 1) << "dp alone cannot pass 384 replicas";
            EXPECT_LE(p.days, e.ledger.time.trainingDays + 1e-9);
            break;
        }
    EXPECT_TRUE(reached);
    EXPECT_NE(e.curveNote.message().find("TP 2"), std::string::npos) << e.curveNote.message();
    // The ZeRO variants are the same scenario under each stage.
    for (int z = 0; z < 4; ++z) {
        Scenario c = s;
        c.parallel.zero = z;
        EXPECT_EQ(e.zero[size_t(z)].memory.total, evaluate(c).memory.total);
    }
    // The built-in scenario needs no continuation.
    EXPECT_TRUE(evaluateAll(Scenario{}).curveNote.empty());
}

// A message id is stored in Msg's underlying type: it holds every id there is with room for hundreds more, so the
// next block of sentences cannot wrap an id around to an existing one (uint8_t stopped at 255 with 228 used).
TEST(Messages, TheIdTypeHasRoomForManyMoreSentences) {
    using Id = std::underlying_type_t<Msg>;
    EXPECT_GE(std::size_t(std::numeric_limits<Id>::max()), std::size_t(Msg::Count) + 1000);
    // The last id still names its own template (no id wraps to an earlier one).
    const auto last = Msg(std::size_t(Msg::Count) - 1);
    EXPECT_EQ(std::size_t(last), std::size_t(Msg::Count) - 1);
    EXPECT_STRNE(messageTemplate(last), messageTemplate(Msg(0)));
}

// Errors and warnings are templates with arguments (engine/messages.h): each template uses exactly the arguments its
// diagnostics carry, and a range error reads as the key table describes the range (describeAllowed, the schema's).
TEST(Messages, TemplatesUseTheirArgumentsAndRangeErrorsMatchTheTable) {
    std::set<std::string> templates;
    for (int id = 0; id < int(Msg::Count); ++id) {
        const std::string t = messageTemplate(Msg(id));
        EXPECT_FALSE(t.empty()) << id;
        EXPECT_TRUE(templates.insert(t).second) << "twice: " << t;
    }
    auto placeholders = [](const std::string& t) {
        int most = 0;
        for (size_t i = 0; i + 1 < t.size(); ++i)
            if (t[i] == '%' && t[i + 1] >= '1' && t[i + 1] <= '9')
                most = std::max(most, t[i + 1] - '0');
        return most;
    };
    for (const Field& f : scenarioFields()) {
        if (f.type == FieldType::Bool || f.type == FieldType::Text)
            continue;
        Scenario s;
        const FieldValue bad = f.type == FieldType::Choice    ? FieldValue(std::string("zzz"))
                               : f.type == FieldType::IntList ? FieldValue(std::vector<int>{})
                                                              : FieldValue(1e300);
        const auto e = checkRange(f, bad);
        ASSERT_TRUE(e) << f.key;
        EXPECT_EQ(e->message(), std::string(f.key) + ": " + formatValueShort(bad) +
                                    " is not allowed; allowed: " + describeAllowed(f));
        EXPECT_EQ(placeholders(messageTemplate(e->diagnostic.id)), int(e->diagnostic.args.size())) << f.key;
        EXPECT_EQ(e->diagnostic.code, f.key);
        const auto wrong = setField(s, f.key, FieldValue(true));
        ASSERT_TRUE(wrong) << f.key;
        EXPECT_EQ(wrong->kind, FieldError::Kind::WrongType);
        EXPECT_NE(wrong->message().find("; allowed: " + describeAllowed(f)), std::string::npos) << wrong->message();
    }
    // Warnings and cross-key errors of real scenarios fill every placeholder.
    std::vector<Scenario> cases(4);
    cases[0].parallel.zero = 3, cases[0].parallel.dp = 64, cases[0].efficiency.mfu = 0.9;
    cases[1].parallel.tp = 3, cases[1].parallel.pp = 99, cases[1].data.microBatch = 7;
    cases[2].schedule.reserveDays = 40, cases[2].parallel.virtualStages = 2, cases[2].parallel.cp = 3;
    cases[3].model.params = 2e9;
    int seen = 0;
    for (const Scenario& s : cases) {
        const Ledger l = evaluate(s);
        for (const auto* list : {&l.errors, &l.warnings})
            for (const Diagnostic& d : *list) {
                ++seen;
                EXPECT_EQ(placeholders(messageTemplate(d.id)), int(d.args.size())) << d.code;
                EXPECT_EQ(d.message().find('%'), d.id == Msg::MfuHigh ? d.message().find("% ") : std::string::npos)
                    << d.message();
            }
    }
    EXPECT_GE(seen, 8);
}
