// enginestrings: prints ui/i18n/enginestrings.cpp, every engine string the interface shows (ledger labels and
// help, scenario help, units and panel labels, precision recipes, the units after figures, the templates of errors
// and warnings, and the explanations' texts as number patterns), as QT_TRANSLATE_NOOP entries for lupdate. Run by
// the update_translations target; the translations_engine_strings test fails when the committed file is stale.
#include "engine/explain.h"
#include "engine/fields.h"
#include "engine/layoutplanner.h"
#include "engine/ledgerfields.h"
#include "engine/messages.h"
#include "engine/precision.h"
#include "engine/steptime.h"
#include "ui/i18n/numberpattern.h"

#include <iostream>
#include <set>
#include <string>
#include <vector>

namespace {
std::string trimmed(std::string s) {
    const auto b = s.find_first_not_of(' ');
    return b == std::string::npos ? std::string() : s.substr(b, s.find_last_not_of(' ') - b + 1);
}
std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\')
            out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out + "\"";
}
// Scenarios that between them take every branch of every explanation: a few bases (small and 3D, fixed and derived,
// dense and MoE) and each with every choice, each switch flipped, every ZeRO stage, context parallelism, packing, SFT,
// RL and a raw count.
std::vector<tl::engine::Scenario> explanationScenarios() {
    using namespace tl::engine;
    auto with = [](Scenario s, std::initializer_list<std::pair<const char*, FieldValue>> values) {
        for (const auto& [key, value] : values)
            setField(s, key, value);
        return s;
    };
    const std::string derived = "derived";
    const Scenario small;
    const Scenario big = with(small, {{"model.preset", std::string("llama3-70b")},
                                      {"parallel.tp", 8.0},
                                      {"parallel.pp", 4.0},
                                      {"parallel.dp", 4.0}});
    const Scenario huge = with(small, {{"model.preset", std::string("llama3.1-405b")}, {"parallel.zero", 0.0}});
    const std::vector<Scenario> bases = {
        small,
        with(small, {{"efficiency.mode", derived}}),
        big,
        with(big, {{"efficiency.mode", derived}}),
        with(big, {{"parallel.schedule", std::string("interleaved")}, {"parallel.virtual_stages", 2.0}}),
        with(small, {{"model.preset", std::string("deepseek-v3")}}),
        with(small, {{"model.preset", std::string("deepseek-v3")},
                     {"efficiency.mode", derived},
                     {"parallel.pp", 2.0},
                     {"parallel.ep", 8.0},
                     {"parallel.schedule", std::string("dualpipev")}}),
        huge,
        with(huge, {{"efficiency.mode", derived}})};
    std::vector<Scenario> out = bases;
    for (const Scenario& b : bases) {
        for (const Field& f : scenarioFields()) {
            if (f.type == FieldType::Choice && f.choiceMask)
                for (const std::string& c : f.choices)
                    out.push_back(with(b, {{f.key, c}}));
            if (f.type == FieldType::Bool)
                out.push_back(with(b, {{f.key, !std::get<bool>(f.get(b))}}));
        }
        for (double zero : {0.0, 1.0, 2.0, 3.0})
            out.push_back(with(b, {{"parallel.zero", zero}}));
        out.push_back(with(b, {{"parallel.cp", 2.0}}));
        out.push_back(with(b, {{"parallel.dp", 1.0}}));
        out.push_back(with(b, {{"data.documents", std::vector<int>{7168, 1024}}}));
        out.push_back(with(b, {{"data.supervised_fraction", 0.25}, {"data.vocab_on_supervised_only", true}}));
        out.push_back(with(b, {{"rl.keep", 16.0}}));
        out.push_back(with(b, {{"model.params", 7e9}}));
    }
    // Faults that outpace the run: no GPU count finishes (the time gate's cap and its note).
    out.push_back(with(small, {{"reliability.gpu_mtbf_hours", 1.0}, {"reliability.restart_min", 1e5}}));
    return out;
}

} // namespace

int main() {
    std::vector<std::string> strings;
    std::set<std::string> seen;
    const auto add = [&](const char* s) {
        if (!s)
            return;
        const std::string t = trimmed(s);
        if (!t.empty() && seen.insert(t).second)
            strings.push_back(t);
    };
    for (const auto& f : tl::engine::ledgerFields()) {
        add(f.label);
        add(f.help);
    }
    for (const auto& f : tl::engine::scenarioFields()) {
        add(f.help);
        add(f.unit);
        add(f.ui.label); // the parameter panel: label, group box, unit after the spin box, choice names
        add(f.ui.group);
        add(f.ui.displayUnit);
        for (const auto& c : f.ui.choiceLabels)
            add(c.c_str());
    }
    for (int zero = 0; zero <= 3; ++zero) // the step's parts (their labels depend on the ZeRO stage)
        for (const auto& p : tl::engine::stepParts(tl::engine::StepBreakdown{}, zero))
            add(p.label);
    for (const auto& r : tl::engine::precisionRecipes()) {
        add(r.label);
        add(r.note);
    }
    for (const char* t : tl::engine::valueTemplates()) // units after figures ("%1 days")
        add(t);
    for (int id = 0; id < int(tl::engine::Msg::Count); ++id) // errors, warnings, reasons (ui/i18n diagnosticText)
        add(tl::engine::messageTemplate(tl::engine::Msg(id)));
    using tl::engine::Bottleneck; // the planner table's bottleneck column (ui/i18n bottleneckText)
    for (Bottleneck b : {Bottleneck::FixedMfu, Bottleneck::FixedOffload, Bottleneck::ComputeBound})
        add(tl::engine::bottleneckPhrase(b));
    // Explanations: meanings, units, sources, notes and results, as number patterns (ui/i18n/numberpattern.h).
    const auto addPattern = [&](const std::string& text) { add(tl::ui::numberPattern(text).text.c_str()); };
    for (const auto& scenario : explanationScenarios())
        for (const auto& e : tl::engine::explainAll(scenario)) {
            for (const auto& o : e.operands) {
                addPattern(o.meaning);
                addPattern(o.unit);
            }
            addPattern(e.source);
            addPattern(e.note);
            addPattern(e.resultText);
        }
    std::cout << "// Generated by the enginestrings tool (ui/i18n/enginestrings_gen.cpp): do not edit; run\n"
                 "// `cmake --build build --target update_translations`. Every engine string the interface shows,\n"
                 "// for lupdate; the interface translates them with engineText() (context \"tl::engine\").\n"
                 "// clang-format off\n"
                 "#include <QtGlobal>\n\n"
                 "namespace {\n"
                 "[[maybe_unused]] const char* const kEngineStrings[] = {\n";
    for (const auto& s : strings)
        std::cout << "    QT_TRANSLATE_NOOP(\"tl::engine\", " << quoted(s) << "),\n";
    std::cout << "};\n} // namespace\n";
    return 0;
}
