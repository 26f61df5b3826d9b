// The hostile-file generator (issue 9): thousands of archives mutated from good and bad ones (flipped bytes, lying
// sizes and offsets, truncations, splices), read as the window and the CLI read them. Each is either a scenario
// whose ledger is sane or a refusal with a known category and one sentence; the caller's scenario is untouched.

#include "tests/io/badfiles.h"

#include "engine/evaluate.h"
#include "engine/ledgerfields.h"
#include "engine/presets.h"
#include "io/archive.h"
#include "io/errorline.h"
#include "io/messagetext.h"

#include <QSet>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace {

using namespace tl;

constexpr int kCases = 3000;

std::vector<QByteArray> bases() {
    std::vector<QByteArray> out;
    for (const auto& p : engine::modelPresets()) {
        engine::Scenario s;
        engine::applyModelPreset(s, p.id);
        s.notes = "notes for " + p.id;
        out.push_back(io::archiveBytes(s, p.id == "qwen3-8b" ? test::pngHeader(32, 32) : QByteArray()));
    }
    out.push_back(test::zipOf({{QStringLiteral("scenario.json"), test::validScenarioJson(), true},
                               {QStringLiteral("notes.md"), "stored notes", true}}));
    for (const auto& bad : test::badFiles())
        if (bad.bytes.size() < (256 << 10))
            out.push_back(bad.bytes);
    for (const auto& odd : test::unusualGoodFiles())
        out.push_back(odd.bytes);
    return out;
}

QByteArray mutate(QByteArray b, std::mt19937_64& rng) {
    auto pick = [&](qsizetype lo, qsizetype hi) { return std::uniform_int_distribution<qsizetype>(lo, hi)(rng); };
    const int edits = int(pick(1, 4));
    for (int e = 0; e < edits && !b.isEmpty(); ++e) {
        const qsizetype at = pick(0, b.size() - 1);
        switch (pick(0, 6)) {
        case 0: // a flipped bit
            b[at] = char(b[at] ^ (1 << pick(0, 7)));
            break;
        case 1: { // a 16- or 32-bit header field set to a lie
            static const quint32 lies[] = {0, 1, 0xffff, 0xffffffff, 0x7fffffff, 100000000, 65536};
            const quint32 lie = lies[pick(0, 6)];
            for (int k = 0; k < 4 && at + k < b.size(); ++k)
                b[at + k] = char(lie >> (8 * k));
            break;
        }
        case 2: // truncated
            b.truncate(at);
            break;
        case 3: // a chunk repeated (duplicated headers, overlapping entries)
            b.insert(at, b.mid(pick(0, b.size() - 1), pick(1, 512)));
            break;
        case 4: // bytes removed
            b.remove(at, pick(1, 64));
            break;
        case 5: { // a signature planted
            static const char* sigs[] = {"PK\x03\x04", "PK\x01\x02", "PK\x05\x06", "PK\x06\x06", "PK\x06\x07"};
            b.replace(at, 4, sigs[pick(0, 4)]);
            break;
        }
        default: // random garbage
            for (qsizetype k = at; k < std::min(b.size(), at + pick(1, 32)); ++k)
                b[k] = char(pick(0, 255));
        }
    }
    return b;
}

TEST(HostileFiles, MutatedArchivesAreReadOrRefusedInOneSentence) {
    static const QSet<QString> categories = {QStringLiteral("io"),
                                             QStringLiteral("not-zip"),
                                             QStringLiteral("corrupt"),
                                             QStringLiteral("crc"),
                                             QStringLiteral("encrypted"),
                                             QStringLiteral("too-large"),
                                             QStringLiteral("too-many-entries"),
                                             QStringLiteral("entry-name"),
                                             QStringLiteral("duplicate-entry"),
                                             QStringLiteral("missing-scenario"),
                                             QStringLiteral("preview"),
                                             QStringLiteral("json"),
                                             QStringLiteral("encoding"),
                                             QStringLiteral("format"),
                                             QStringLiteral("version"),
                                             QStringLiteral("type"),
                                             QStringLiteral("value"),
                                             QStringLiteral("size")};
    const std::vector<QByteArray> seeds = bases();
    std::mt19937_64 rng(99);
    int opened = 0, refused = 0;
    for (int i = 0; i < kCases; ++i) {
        const QByteArray bytes = mutate(seeds[size_t(i) % seeds.size()], rng);
        const io::ArchiveResult r = io::readArchive(bytes);
        ASSERT_LE(r.warnings.size(), 16u) << i;
        if (!r.archive) {
            ++refused;
            ASSERT_TRUE(categories.contains(r.category)) << i << ": " << r.category.toStdString();
            ASSERT_FALSE(r.error.empty()) << i;
            ASSERT_LE(io::oneLine(io::messageText(r.error)).size(), io::kMaxErrorLine) << i;
            continue;
        }
        ++opened;
        const engine::Ledger l = engine::evaluate(r.archive->scenario);
        for (const auto& f : engine::ledgerFields()) {
            const engine::LedgerValue v = f.get(l);
            if (auto d = std::get_if<double>(&v); d && l.valid) {
                ASSERT_TRUE(std::isfinite(*d)) << i << ": " << f.key;
            }
        }
    }
    std::printf("hostile files: %d generated from %zu seeds, %d opened, %d refused\n", kCases, seeds.size(), opened,
                refused);
    EXPECT_GT(refused, kCases / 4);
    EXPECT_GT(opened, 0);
}

} // namespace
