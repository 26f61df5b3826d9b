// The one checked writer (io/atomicfile.h): failures are reported and leave the old file as it was, targets that are
// not regular files are refused, and stale temporaries of killed saves are removed (issue 9 items 1, 2, 10, 11).
// The real full disk is tests/cli/full_disk.sh; here write(2) is replaced to fail on demand.

#include "io/archive.h"
#include "io/atomicfile.h"
#include "io/messagetext.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cerrno>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using namespace tl;

QByteArray contents(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

void put(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    ASSERT_EQ(f.write(bytes), bytes.size());
}

QStringList filesIn(const QString& dir) {
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System);
}

// Injected failures: the first write succeeds partly, then the disk is full (what tmpfs does), or an I/O error.
ssize_t fullAfter100(int fd, const void* data, size_t size) {
    static thread_local size_t written = 0;
    if (written >= 100) {
        written = 0;
        errno = ENOSPC;
        return -1;
    }
    const size_t n = std::min<size_t>(size, 100 - written);
    written += n;
    return ::write(fd, data, n);
}
ssize_t ioError(int, const void*, size_t) {
    errno = EIO;
    return -1;
}
ssize_t noProgress(int, const void*, size_t) {
    return 0;
}

struct InjectedWrite {
    explicit InjectedWrite(io::WriteFunction f) { io::setWriteFunctionForTesting(f); }
    ~InjectedWrite() { io::setWriteFunctionForTesting(nullptr); }
};

class FailingDisk : public ::testing::TestWithParam<io::WriteFunction> {};

TEST_P(FailingDisk, ReportsTheFailureAndKeepsTheOldFile) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("plan.trainledger"));
    engine::Scenario old;
    old.title = "old";
    ASSERT_FALSE(io::saveArchive(path, old).has_value());
    const QByteArray before = contents(path);
    engine::Scenario next;
    next.title = "new";
    {
        InjectedWrite inject(GetParam());
        const auto error = io::saveArchive(path, next);
        ASSERT_TRUE(error.has_value()) << "a failed write must not report success";
        EXPECT_FALSE(error->empty());
        EXPECT_TRUE(io::saveScenarioJson(dir.filePath(QStringLiteral("plan.json")), next).has_value());
    }
    EXPECT_EQ(contents(path), before);
    const io::ArchiveResult r = io::loadArchive(path);
    ASSERT_TRUE(r.archive.has_value()) << io::messageText(r.error).toStdString();
    EXPECT_EQ(r.archive->scenario.title, "old");
    EXPECT_EQ(filesIn(dir.path()), QStringList{QStringLiteral("plan.trainledger")}) << "no temporary left behind";
}

INSTANTIATE_TEST_SUITE_P(Issue9, FailingDisk, ::testing::Values(&fullAfter100, &ioError, &noProgress));

TEST(AtomicFile, FullDiskMessageSaysSo) {
    QTemporaryDir dir;
    InjectedWrite inject(&fullAfter100);
    const auto error = io::writeFileAtomically(dir.filePath(QStringLiteral("x.svg")), QByteArray(5000, 'x'));
    ASSERT_TRUE(error.has_value());
    EXPECT_TRUE(io::messageText(*error).contains(QStringLiteral("No space left")))
        << io::messageText(*error).toStdString();
    EXPECT_TRUE(filesIn(dir.path()).isEmpty()) << "a new file that failed is not left as a stub";
}

TEST(AtomicFile, DeviceWriterFailureWritesNothing) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shot.png"));
    put(path, "old png");
    EXPECT_TRUE(io::writeFileAtomically(path, [](QIODevice&) { return false; }).has_value());
    EXPECT_EQ(contents(path), QByteArray("old png"));
    EXPECT_FALSE(io::writeFileAtomically(path, [](QIODevice& d) { return d.write("new png") == 7; }).has_value());
    EXPECT_EQ(contents(path), QByteArray("new png"));
}

TEST(AtomicFile, RefusesTargetsThatAreNotRegularFiles) {
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("pipe"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString folder = dir.filePath(QStringLiteral("folder.trainledger"));
    ASSERT_TRUE(QDir().mkpath(folder));
    for (const QString& target : {fifo, folder, QStringLiteral("/dev/null"), QStringLiteral("/dev/full")}) {
        if (!QFileInfo::exists(target))
            continue;
        const auto error = io::saveArchive(target, engine::Scenario{});
        ASSERT_TRUE(error.has_value()) << target.toStdString();
        EXPECT_TRUE(io::messageText(*error).contains(QStringLiteral("not a regular file")))
            << io::messageText(*error).toStdString();
        struct stat st {};
        ASSERT_EQ(::stat(QFile::encodeName(target).constData(), &st), 0);
        EXPECT_FALSE(S_ISREG(st.st_mode)) << target.toStdString() << " was replaced";
    }
    EXPECT_TRUE(io::writeFileAtomically(QString(), "x").has_value());
}

TEST(AtomicFile, KeepsPermissionsAndFollowsSymlinks) {
    QTemporaryDir dir;
    const QString real = dir.filePath(QStringLiteral("real.trainledger"));
    const QString link = dir.filePath(QStringLiteral("link.trainledger"));
    put(real, "old");
    ASSERT_EQ(::chmod(QFile::encodeName(real).constData(), 0640), 0);
    ASSERT_TRUE(QFile::link(real, link));
    ASSERT_FALSE(io::writeFileAtomically(link, "new").has_value());
    EXPECT_TRUE(QFileInfo(link).isSymLink());
    EXPECT_EQ(contents(real), QByteArray("new"));
    struct stat st {};
    ASSERT_EQ(::stat(QFile::encodeName(real).constData(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0640u);
}

TEST(AtomicFile, RemovesOnlyItsOwnStaleTemporaries) {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("a.trainledger"));
    const QString stale = path + QStringLiteral(".tlsave-Ab12Cd");
    const QString live = path + QStringLiteral(".tlsave-LIVE01");
    const QStringList others = {path + QStringLiteral(".backup"), path + QStringLiteral(".tlsave-toolong1"),
                                dir.filePath(QStringLiteral("b.trainledger.tlsave-Ab12Cd")),
                                path + QStringLiteral(".Ab12Cd")};
    for (const QString& f : QStringList{stale, live} + others)
        put(f, "x");
    // Another save in progress holds a lock on its temporary: it must survive.
    const int fd = ::open(QFile::encodeName(live).constData(), O_RDONLY);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(::flock(fd, LOCK_EX), 0);
    EXPECT_TRUE(io::isTemporaryFor(path, QFileInfo(stale).fileName()));
    EXPECT_FALSE(io::isTemporaryFor(path, QStringLiteral("a.trainledger.backup")));
    ASSERT_FALSE(io::saveArchive(path, engine::Scenario{}).has_value());
    ::close(fd);
    EXPECT_FALSE(QFileInfo::exists(stale));
    EXPECT_TRUE(QFileInfo::exists(live));
    for (const QString& f : others)
        EXPECT_TRUE(QFileInfo::exists(f)) << f.toStdString();
    EXPECT_EQ(io::removeStaleTemporaries(path), 1); // the lock is gone now
}

} // namespace
