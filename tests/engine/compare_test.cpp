// engine/compare.cpp: what differs between two scenarios (the CLI's --diff, the Compare window's table).

#include "engine/compare.h"

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/ledgerfields.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace {

using namespace tl::engine;

const Difference* find(const std::vector<Difference>& d, const std::string& key) {
    const auto it = std::find_if(d.begin(), d.end(), [&](const Difference& x) { return x.key == key; });
    return it == d.end() ? nullptr : &*it;
}

TEST(Compare, SameScenarioHasNoDifference) {
    EXPECT_TRUE(compareScenarios(Scenario{}, Scenario{}).empty());
}

TEST(Compare, TextOnlyEditsChangeNoLedgerKey) {
    Scenario b;
    b.notes = "ask finance";
    const auto d = compareScenarios(Scenario{}, b);
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].key, "notes");
    EXPECT_TRUE(d[0].scenarioKey);
    EXPECT_EQ(d[0].a, "\"\"");
    EXPECT_EQ(d[0].b, "\"ask finance\"");
}

// The seeds' scenario on one node (dp 8: 19.3 days, $12,941) against two nodes (dp 16).
TEST(Compare, ScenarioKeysFirstThenTheLedgerFormattedWithUnits) {
    Scenario b;
    b.parallel.dp = 16;
    const auto d = compareScenarios(Scenario{}, b);
    ASSERT_FALSE(d.empty());
    EXPECT_EQ(d[0].key, "parallel.dp");
    EXPECT_TRUE(d[0].scenarioKey);
    EXPECT_EQ(d[0].a, "8");
    EXPECT_EQ(d[0].b, "16");
    // Every scenario key stands before every ledger key.
    const auto firstLedger = std::find_if(d.begin(), d.end(), [](const Difference& x) { return !x.scenarioKey; });
    EXPECT_TRUE(std::none_of(firstLedger, d.end(), [](const Difference& x) { return x.scenarioKey; }));

    const Difference* days = find(d, "time.days");
    ASSERT_TRUE(days);
    EXPECT_FALSE(days->scenarioKey);
    EXPECT_EQ(days->a, "19.3 days");
    EXPECT_EQ(days->b, formatLedgerValue(evaluate(b).time.days, Unit::Days));
    EXPECT_NE(days->a, days->b);
    const Difference* gpus = find(d, "time.gpus");
    ASSERT_TRUE(gpus);
    EXPECT_EQ(gpus->a, "8");
    EXPECT_EQ(gpus->b, "16");
    // Keys that do not change are not listed: the model is the same, and so are its parameters.
    ASSERT_TRUE(findField("model.preset"));
    EXPECT_FALSE(find(d, "model.preset"));
    EXPECT_FALSE(find(d, "params.total"));
    // The ledger side follows the ledger table's order.
    std::vector<std::string> order;
    for (const LedgerField& f : ledgerFields())
        if (find(d, f.key))
            order.push_back(f.key);
    std::vector<std::string> listed;
    for (auto it = firstLedger; it != d.end(); ++it)
        listed.push_back(it->key);
    EXPECT_EQ(listed, order);
}

TEST(Compare, AnInvalidSideComparesByItsError) {
    Scenario bad;
    bad.parallel.dp = 0; // refused by validation
    const Ledger l = evaluate(bad);
    ASSERT_FALSE(l.valid);
    const auto d = compareScenarios(Scenario{}, bad);
    const Difference* errors = find(d, "errors");
    ASSERT_TRUE(errors);
    EXPECT_FALSE(errors->scenarioKey);
    EXPECT_EQ(errors->a, "valid");
    EXPECT_EQ(errors->b, l.errors.front().message());
    EXPECT_EQ(d.back().key, "errors"); // and no ledger key: an invalid ledger's numbers are all zero
    EXPECT_FALSE(find(d, "time.days"));

    // Two scenarios refused for the same reason differ only in their keys.
    Scenario bad2 = bad;
    bad2.notes = "x";
    const auto same = compareScenarios(bad, bad2);
    ASSERT_EQ(same.size(), 1u);
    EXPECT_EQ(same[0].key, "notes");
}

} // namespace
