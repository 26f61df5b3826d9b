// engine/choices.h: every choice enum has one name table, and the key table reads and writes the same strings as
// before the enums (files and --set do not change).

#include "engine/choices.h"
#include "engine/fields.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace tl::engine {
namespace {

template <class E> void expectRoundTrip() {
    std::set<std::string> seen;
    for (E e : allChoices<E>()) {
        const std::string name = choiceName(e);
        EXPECT_TRUE(seen.insert(name).second) << name;
        ASSERT_TRUE(parseChoice<E>(name).has_value()) << name;
        EXPECT_EQ(*parseChoice<E>(name), e) << name;
    }
    EXPECT_FALSE(parseChoice<E>("").has_value());
    EXPECT_FALSE(parseChoice<E>("FULL").has_value());
}

TEST(Choices, EveryNameTableRoundTrips) {
    expectRoundTrip<Schedule>();
    expectRoundTrip<Recompute>();
    expectRoundTrip<Offload>();
    expectRoundTrip<EfficiencyMode>();
    expectRoundTrip<NumberFormat>();
    expectRoundTrip<Optimizer>();
    EXPECT_EQ(allChoices<Schedule>().size(), size_t(7));
}

TEST(Choices, DefaultsReadAsTheFileStrings) {
    const Scenario s;
    auto get = [&](const char* key) { return std::get<std::string>(findField(key)->get(s)); };
    EXPECT_EQ(get("parallel.schedule"), "1f1b");
    EXPECT_EQ(get("activations.recompute"), "full");
    EXPECT_EQ(get("offload.optimizer"), "none");
    EXPECT_EQ(get("efficiency.mode"), "fixed");
    EXPECT_EQ(get("precision.weights"), "bf16");
    EXPECT_EQ(get("precision.grads"), "bf16");
    EXPECT_EQ(get("precision.master"), "fp32");
    EXPECT_EQ(get("precision.optimizer"), "adam");
}

// Every allowed name of every enum-backed key is set and read back unchanged; each changes the struct.
TEST(Choices, EveryAllowedNameSetsAndReadsBack) {
    for (const Field& f : scenarioFields()) {
        if (f.type != FieldType::Choice || std::string(f.key).ends_with(".preset"))
            continue;
        ASSERT_FALSE(f.choices.empty()) << f.key;
        Scenario first;
        ASSERT_FALSE(setField(first, f.key, f.choices.front())) << f.key;
        for (const std::string& name : f.choices) {
            Scenario s;
            ASSERT_FALSE(setField(s, f.key, name)) << f.key << " = " << name;
            EXPECT_EQ(std::get<std::string>(f.get(s)), name) << f.key;
            EXPECT_EQ(s == first, name == f.choices.front()) << f.key << " = " << name;
        }
    }
}

TEST(Choices, UnknownOrDisallowedNameIsRefusedAndChangesNothing) {
    Scenario s;
    const Scenario before = s;
    const auto e = setField(s, "activations.recompute", std::string("sometimes"));
    ASSERT_TRUE(e);
    EXPECT_NE(e->message().find("activations.recompute"), std::string::npos) << e->message();
    EXPECT_NE(e->message().find("none, selective, full"), std::string::npos) << e->message();
    // fp8 is a NumberFormat name but not an allowed gradient format.
    EXPECT_TRUE(setField(s, "precision.grads", std::string("fp8")));
    EXPECT_TRUE(setField(s, "precision.master", std::string("bf16")));
    EXPECT_EQ(s, before);
}

} // namespace
} // namespace tl::engine
