// .trainledger archives: round trips to identical ledgers and bytes, and every bad file rejected with its category.

#include "tests/engine/random_scenarios.h"
#include "tests/io/badfiles.h"

#include "engine/evaluate.h"
#include "engine/ledgerfields.h"
#include "engine/presets.h"
#include "io/archive.h"
#include "io/messagetext.h"

#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>

#include <gtest/gtest.h>

namespace {

using namespace tl;

// Two ledgers are identical when every ledger key formats and compares the same.
void expectSameLedger(const engine::Ledger& a, const engine::Ledger& b) {
    ASSERT_EQ(a.valid, b.valid);
    for (const auto& f : engine::ledgerFields())
        EXPECT_EQ(f.get(a), f.get(b)) << f.key;
}

engine::Scenario roundTrip(const engine::Scenario& s, QByteArray* bytesOut = nullptr) {
    const QByteArray bytes = io::archiveBytes(s);
    const io::ArchiveResult r = io::readArchive(bytes);
    EXPECT_TRUE(r.archive.has_value()) << io::messageText(r.error).toStdString();
    EXPECT_TRUE(r.warnings.empty());
    if (bytesOut)
        *bytesOut = bytes;
    return r.archive ? r.archive->scenario : engine::Scenario{};
}

TEST(Archive, EveryPresetRoundTripsToIdenticalLedgerAndBytes) {
    for (const auto& p : engine::modelPresets()) {
        engine::Scenario s;
        engine::applyModelPreset(s, p.id);
        s.parallel.tp = 1;
        s.notes = "Notes for " + p.id + ":\nline two, ünïcödé";
        QByteArray first;
        const engine::Scenario back = roundTrip(s, &first);
        EXPECT_EQ(back, s) << p.id;
        expectSameLedger(engine::evaluate(back), engine::evaluate(s));
        EXPECT_EQ(io::archiveBytes(back), first) << p.id; // saving the same scenario twice: identical bytes
    }
}

TEST(Archive, ThousandsOfRandomScenariosRoundTrip) {
    test::RandomScenarios g(7);
    for (int i = 0; i < 2000; ++i) {
        engine::Scenario s = g.next();
        s.title = "random " + std::to_string(i);
        QByteArray first;
        const engine::Scenario back = roundTrip(s, &first);
        ASSERT_EQ(back, s) << i;
        ASSERT_EQ(io::archiveBytes(back), first) << i;
        if (i % 10 == 0)
            expectSameLedger(engine::evaluate(back), engine::evaluate(s));
    }
}

TEST(Archive, PreviewIsKeptAndChecked) {
    const QByteArray png = test::pngHeader(640, 400);
    const io::ArchiveResult r = io::readArchive(io::archiveBytes(engine::Scenario{}, png));
    ASSERT_TRUE(r.archive.has_value()) << io::messageText(r.error).toStdString();
    EXPECT_EQ(r.archive->previewPng, png);
}

TEST(Archive, UnknownEntriesWarnAndContinue) {
    const QByteArray bytes = test::zipOf(
        {{QStringLiteral("scenario.json"), test::validScenarioJson()}, {QStringLiteral("thumbnail.jpg"), "x"}});
    const io::ArchiveResult r = io::readArchive(bytes);
    ASSERT_TRUE(r.archive.has_value());
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_TRUE(io::messageText(r.warnings.front()).contains(QStringLiteral("thumbnail.jpg")));
}

TEST(Archive, UnknownKeysWarnAndContinue) {
    const QByteArray bytes = test::zipOf(
        {{QStringLiteral("scenario.json"), test::scenarioWith("\"parallel\":{\"dp\":4},\"future\":{\"key\":1}")}});
    const io::ArchiveResult r = io::readArchive(bytes);
    ASSERT_TRUE(r.archive.has_value()) << io::messageText(r.error).toStdString();
    EXPECT_EQ(r.archive->scenario.parallel.dp, 4);
    EXPECT_EQ(r.warnings.size(), 1u);
}

class BadArchive : public ::testing::TestWithParam<test::BadFile> {};

// The window's "nothing changes" (its scenario, title, undo) is tests/ui/document_test.cpp's badFilesChangeNothing;
// here: the reader refuses the bytes, and opening the file from disk refuses it alike and writes nothing.
TEST_P(BadArchive, RejectedWithItsCategoryAndNothingChanges) {
    const test::BadFile& bad = GetParam();
    const io::ArchiveResult r = io::readArchive(bad.bytes);
    EXPECT_FALSE(r.archive.has_value()) << bad.name;
    EXPECT_EQ(r.category.toStdString(), bad.category) << bad.name << ": " << io::messageText(r.error).toStdString();
    EXPECT_FALSE(r.error.empty());
    EXPECT_FALSE(io::messageText(r.error).contains(QLatin1Char('\n'))) << "one line";

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.trainledger"));
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    ASSERT_EQ(f.write(bad.bytes), bad.bytes.size());
    f.close();
    const io::ArchiveResult fromDisk = io::loadScenarioFile(path);
    EXPECT_FALSE(fromDisk.archive.has_value()) << bad.name;
    EXPECT_EQ(fromDisk.category, r.category) << bad.name;
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_TRUE(f.readAll() == bad.bytes) << bad.name << ": the file was changed by reading it";
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("bad.trainledger")});
}

INSTANTIATE_TEST_SUITE_P(Issue5, BadArchive, ::testing::ValuesIn(test::badFiles()), [](const auto& param) {
    std::string n = param.param.name;
    for (char& c : n)
        if (c == '-')
            c = '_';
    return n;
});

// Issue 9: long comments (unzip and Python open them), many unknown keys (summarised after a few).
TEST(Archive, UnusualButValidFilesOpen) {
    for (const auto& odd : test::unusualGoodFiles()) {
        const io::ArchiveResult r = io::readArchive(odd.bytes);
        ASSERT_TRUE(r.archive.has_value()) << odd.name << ": " << io::messageText(r.error).toStdString();
        EXPECT_LE(r.warnings.size(), 6u) << odd.name;
    }
    const io::ArchiveResult many = io::readArchive(test::unusualGoodFiles().back().bytes);
    EXPECT_EQ(many.warnings.size(), 6u);
    EXPECT_TRUE(io::messageText(many.warnings.back()).contains(QStringLiteral("1,996 more unknown keys")))
        << io::messageText(many.warnings.back()).toStdString();
}

TEST(Archive, Issue9MessagesSayWhatIsWrong) {
    const std::vector<test::BadFile> files = test::badFiles(); // built once: it holds a 64 MiB zip bomb
    auto errorOf = [&](const char* name) {
        for (const auto& bad : files)
            if (std::string_view(bad.name) == name)
                return io::messageText(io::readArchive(bad.bytes).error);
        return QStringLiteral("no such case");
    };
    EXPECT_TRUE(errorOf("zipcrypto").contains(QStringLiteral("encrypted files are not supported")));
    EXPECT_TRUE(errorOf("encryption-flag").contains(QStringLiteral("encrypted files are not supported")));
    EXPECT_TRUE(errorOf("utf16-bom").contains(QStringLiteral("must be UTF-8")));
    EXPECT_TRUE(errorOf("utf16-no-bom").contains(QStringLiteral("must be UTF-8")));
    const QString documents = errorOf("too-many-documents");
    EXPECT_TRUE(documents.contains(QStringLiteral("too long"))) << documents.toStdString();
    EXPECT_LE(documents.size(), 300);
}

TEST(Archive, JsonErrorsSayLineAndColumn) {
    const io::ArchiveResult r =
        io::readArchive(test::zipOf({{QStringLiteral("scenario.json"), "{\n  \"format\": \n  oops}"}}));
    EXPECT_TRUE(io::messageText(r.error).contains(QStringLiteral("line 3"))) << io::messageText(r.error).toStdString();
}

TEST(Archive, NewerVersionSaysWhichIsNeeded) {
    const io::ArchiveResult r = io::readArchive(
        test::zipOf({{QStringLiteral("scenario.json"), "{\"format\":\"trainledger.scenario\",\"version\":3}"}}));
    EXPECT_TRUE(io::messageText(r.error).contains(QStringLiteral("version 3")))
        << io::messageText(r.error).toStdString();
}

TEST(Archive, BareScenarioJsonAlsoLoads) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("plan.json"));
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("{\"parallel.dp\": 2}");
    f.close();
    const io::ArchiveResult r = io::loadScenarioFile(path);
    ASSERT_TRUE(r.archive.has_value()) << io::messageText(r.error).toStdString();
    EXPECT_EQ(r.archive->scenario.parallel.dp, 2);
}

// Waits for the child's next "saved" line (tests/io/save_loop.cpp prints one after each save).
bool nextSave(QProcess& child) {
    while (!child.canReadLine())
        if (!child.waitForReadyRead(10000))
            return false;
    return child.readLine() == "saved\n";
}

// A child process saves in a loop and is killed at fixed points of a save: at (i + 0.5) / 15 of its duration (timed
// by the child's own previous save) after a save completes, i = 0..14. The file on disk always loads.
TEST(AtomicSave, KilledChildLeavesALoadableFile) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("plan.trainledger"));
    ASSERT_FALSE(io::saveArchive(path, engine::Scenario{}).has_value());
    constexpr int kKills = 15;
    for (int i = 0; i < kKills; ++i) {
        QProcess child;
        child.start(QStringLiteral(TL_SAVE_LOOP), {path});
        ASSERT_TRUE(child.waitForStarted());
        ASSERT_TRUE(nextSave(child));
        QElapsedTimer save;
        save.start();
        ASSERT_TRUE(nextSave(child));
        const qint64 saveNs = save.nsecsElapsed(); // the next save starts now
        QThread::usleep(static_cast<unsigned long>(saveNs / 1000 * (i + 0.5) / kKills));
        ASSERT_EQ(child.state(), QProcess::Running) << "save_loop never stops by itself";
        child.kill();
        ASSERT_TRUE(child.waitForFinished());
        const io::ArchiveResult r = io::loadArchive(path);
        ASSERT_TRUE(r.archive.has_value()) << i << ": " << io::messageText(r.error).toStdString();
    }
    // Kills mid-write leave temporaries; the next save removes them, and only them (issue 9 item 11).
    QFile keep(dir.filePath(QStringLiteral("plan.trainledger.backup")));
    ASSERT_TRUE(keep.open(QIODevice::WriteOnly));
    keep.close();
    ASSERT_FALSE(io::saveArchive(path, engine::Scenario{}).has_value());
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
              (QStringList{QStringLiteral("plan.trainledger"), QStringLiteral("plan.trainledger.backup")}));
}

} // namespace
