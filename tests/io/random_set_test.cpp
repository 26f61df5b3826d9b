// The random --set generator (issue 9): thousands of hostile KEY=VALUE lists, as a script or a fuzzer would type
// them, through the same path as trainledger-cli (io::applyAssignment, engine::evaluate, io::ledgerToJson). Nothing
// crashes; every error is one short line once io::oneLine has shown it; every printed figure is finite.

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "io/errorline.h"
#include "io/messagetext.h"
#include "io/scenariojson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace {

using namespace tl;

constexpr int kCases = 4000;

struct Generator {
    std::mt19937_64 rng{20261201};
    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

    QString key() {
        const auto& fields = engine::scenarioFields();
        switch (pick(0, 19)) {
        case 0:
            return QString(pick(1, 6000), QLatin1Char('k')); // long unknown keys
        case 1:
            return QStringLiteral("a\nb\x1b[2J\t");
        default:
            return QString::fromLatin1(fields[size_t(pick(0, int(fields.size()) - 1))].key);
        }
    }

    QString number() {
        static const char* specials[] = {"0",      "-0",     "1",   "-1",   "5e-324",     "1e-300",     "1e308",
                                         "-1e308", "1e999",  "NaN", "inf",  "2147483647", "2147483648", "4294967296",
                                         "9.2e18", "0.0416", "0.5", "1e16", "1e7",        "65536",      "1048576"};
        if (pick(0, 2) == 0)
            return QString::fromLatin1(specials[pick(0, int(std::size(specials)) - 1)]);
        const double x = std::exp(std::uniform_real_distribution<double>(-30, 45)(rng));
        return QString::number(pick(0, 5) == 0 ? -x : (pick(0, 1) ? std::round(x) : x), 'g', 17);
    }

    // A value the key's range allows (so that many lists evaluate), at its ends more often than not.
    QString inRange(const engine::Field& f) {
        switch (f.type) {
        case engine::FieldType::Bool:
            return pick(0, 1) ? QStringLiteral("true") : QStringLiteral("false");
        case engine::FieldType::Choice:
        case engine::FieldType::Text:
            if (f.choices.empty())
                return QStringLiteral("text \u4e2d\u6587");
            return QString::fromStdString(f.choices[size_t(pick(0, int(f.choices.size()) - 1))]);
        default: {
            const double lo = std::max(f.min, 1e-3), hi = f.max;
            double x = pick(0, 2) == 0
                           ? (pick(0, 1) ? f.min : f.max)
                           : std::exp(std::uniform_real_distribution<double>(std::log(lo), std::log(hi))(rng));
            if (f.type == engine::FieldType::Int || f.type == engine::FieldType::IntList)
                x = std::round(x);
            const QString n = QString::number(x, 'g', 17);
            return f.type == engine::FieldType::IntList ? QLatin1Char('[') + n + QLatin1Char(']') : n;
        }
        }
    }

    QString value(const QString& key) {
        const engine::Field* f = engine::findField(key.toStdString());
        switch (pick(0, 11)) {
        case 0: {
            QString list = QStringLiteral("[");
            const int n = pick(0, 9) == 0 ? pick(0, 120000) : pick(0, 8);
            for (int i = 0; i < n; ++i)
                list += (i ? QStringLiteral(",") : QString()) + QString::number(pick(-3, 70000));
            return list + QStringLiteral("]");
        }
        case 1:
            return QStringLiteral("\x1b[2J\n\r\x7f\u202e") + QString(pick(0, 3000), QLatin1Char('v'));
        case 2:
            return QStringLiteral("{\"a\":[1,{\"b\":null}]}");
        case 3:
            return pick(0, 1) ? QStringLiteral("true") : QStringLiteral("null");
        case 4:
        case 5:
            return number();
        default:
            return f ? inRange(*f) : number();
        }
    }
};

bool printable(const QString& line) {
    for (QChar c : line)
        if (c.unicode() < 0x20 || (c.unicode() >= 0x7f && c.unicode() <= 0x9f) || c.unicode() == 0x202e)
            return false;
    return true;
}

void expectFinite(const QJsonValue& v, int& numbers) {
    if (v.isDouble()) {
        ++numbers;
        ASSERT_TRUE(std::isfinite(v.toDouble()));
    } else if (v.isObject()) {
        for (const auto& x : v.toObject())
            expectFinite(x, numbers);
    } else if (v.isArray()) {
        for (const auto& x : v.toArray())
            expectFinite(x, numbers);
    }
}

TEST(RandomSet, HostileAssignmentsGiveOneLineOrFiniteFigures) {
    Generator g;
    int refused = 0, evaluated = 0, invalid = 0;
    for (int i = 0; i < kCases; ++i) {
        engine::Scenario s;
        std::optional<QString> error;
        const int n = g.pick(1, 4);
        for (int k = 0; k < n && !error; ++k) {
            const QString key = g.key();
            if (const auto e = io::applyAssignment(s, key + QLatin1Char('=') + g.value(key)))
                error = io::messageText(*e);
        }
        if (!error) {
            const engine::Ledger l = engine::evaluate(s);
            if (l.valid) {
                ++evaluated;
                int numbers = 0;
                expectFinite(io::ledgerToJson(l, s), numbers);
                ASSERT_GT(numbers, 50);
                continue;
            }
            ++invalid;
            error = QString::fromStdString(l.errors.front().message());
        } else {
            ++refused;
        }
        // The engine's own lines are already short; the CLI's line is one line of at most 300 characters.
        ASSERT_LE(error->size(), 1200) << i << ": " << error->left(300).toStdString();
        const QString line = io::oneLine(QStringLiteral("trainledger-cli: ") + *error);
        ASSERT_LE(line.size(), io::kMaxErrorLine) << i;
        ASSERT_TRUE(printable(line)) << i << ": " << line.toStdString();
    }
    std::printf("random --set lists: %d refused at --set, %d refused by validation, %d evaluated\n", refused, invalid,
                evaluated);
    EXPECT_GT(evaluated, kCases / 20);
    EXPECT_GT(refused + invalid, kCases / 2);
}

TEST(ErrorLine, EscapesAndShortensInTheMiddle) {
    EXPECT_EQ(io::oneLine(QStringLiteral("a\nb=\x1b[2J\t")), QStringLiteral("a\\nb=\\x1b[2J\\t"));
    const QString shortened =
        io::oneLine(QStringLiteral("start ") + QString(20000, QLatin1Char('x')) + QStringLiteral(" end"));
    EXPECT_EQ(shortened.size(), io::kMaxErrorLine);
    EXPECT_TRUE(shortened.startsWith(QStringLiteral("start x")));
    EXPECT_TRUE(shortened.endsWith(QStringLiteral("x end")));
    EXPECT_TRUE(shortened.contains(QStringLiteral(" ... ")));
    EXPECT_EQ(io::oneLine(QStringLiteral("\u202eevil")), QStringLiteral("\\u202eevil"));
}

TEST(ErrorLine, LongListsAndKeysAreShortenedAtTheSource) {
    engine::Scenario s;
    QString list = QStringLiteral("[1");
    for (int i = 1; i < 20000; ++i)
        list += QStringLiteral(",1");
    ASSERT_FALSE(io::applyAssignment(s, QStringLiteral("data.documents=") + list + QStringLiteral("]")));
    const engine::Ledger l = engine::evaluate(s);
    ASSERT_FALSE(l.valid);
    EXPECT_LT(l.errors.front().message().size(), 300u) << l.errors.front().message().substr(0, 400);
    EXPECT_NE(l.errors.front().message().find("(20000 values)"), std::string::npos);
    const auto e = io::applyAssignment(s, QString(5000, QLatin1Char('k')) + QStringLiteral("=1"));
    ASSERT_TRUE(e.has_value());
    EXPECT_LT(io::messageText(*e).size(), 200);
    const auto tooMany = io::applyAssignment(s, QStringLiteral("data.documents=[") +
                                                    QStringLiteral("1,").repeated(100000) + QStringLiteral("1]"));
    ASSERT_TRUE(tooMany.has_value());
    EXPECT_TRUE(io::messageText(*tooMany).contains(QStringLiteral("too long")))
        << io::messageText(*tooMany).toStdString();
}

} // namespace
