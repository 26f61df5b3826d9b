#include "io/atomicfile.h"

#include "io/errorline.h"
#include "io/messagetext.h"

#include <QBuffer>
#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tl::io {
namespace {

const QString kTempInfix = QStringLiteral(".tlsave-");
constexpr int kTempSuffix = 6; // mkstemp's XXXXXX

std::atomic<WriteFunction> g_write{nullptr};

using engine::Msg;

// The system's reason: the common ones as sentences of their own (translated), any other in the system's words.
engine::Diagnostic errnoText(int error) {
    switch (error) {
    case ENOSPC:
        return say(Msg::DiskFull);
    case EACCES:
    case EPERM:
        return say(Msg::PermissionDenied);
    case ENOENT:
        return say(Msg::NoSuchFile);
    case EROFS:
        return say(Msg::ReadOnlyFileSystem);
    default:
        return say(Msg::SystemSays, {textArg(QString::fromLocal8Bit(std::strerror(error)))});
    }
}

engine::MessageArg kindOf(mode_t mode) {
    const Msg id = S_ISDIR(mode)                    ? Msg::KindDirectory
                   : S_ISCHR(mode) || S_ISBLK(mode) ? Msg::KindDevice
                   : S_ISFIFO(mode)                 ? Msg::KindNamedPipe
                   : S_ISSOCK(mode)                 ? Msg::KindSocket
                                                    : Msg::KindNotRegular;
    return sentenceArg(say(id));
}

// The file a save replaces: a symbolic link is followed, so that the link keeps pointing at the saved file.
QString resolveTarget(const QString& path) {
    QFileInfo info(path);
    for (int hops = 0; info.isSymLink() && hops < 16; ++hops)
        info = QFileInfo(info.symLinkTarget());
    return info.absoluteFilePath();
}

bool writeAll(int fd, const char* data, qint64 size, int& error) {
    const WriteFunction fn = g_write.load();
    while (size > 0) {
        const ssize_t n = fn ? fn(fd, data, size_t(size)) : ::write(fd, data, size_t(size));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            error = n < 0 ? errno : ENOSPC; // a write that makes no progress is a full disk
            return false;
        }
        data += n;
        size -= n;
    }
    return true;
}

void syncDirectory(const QString& dir) {
    const int fd = ::open(QFile::encodeName(dir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd); // best effort: the rename is already done, and some filesystems refuse this
        ::close(fd);
    }
}

} // namespace

bool isTemporaryFor(const QString& target, const QString& fileName) {
    const QString prefix = QFileInfo(target).fileName() + kTempInfix;
    if (fileName.size() != prefix.size() + kTempSuffix || !fileName.startsWith(prefix))
        return false;
    for (qsizetype i = prefix.size(); i < fileName.size(); ++i)
        if (!fileName[i].isLetterOrNumber() || fileName[i].unicode() > 127)
            return false;
    return true;
}

int removeStaleTemporaries(const QString& target) {
    const QFileInfo info(target);
    const QDir dir = info.absoluteDir();
    int removed = 0;
    const QStringList names = dir.entryList({info.fileName() + kTempInfix + QStringLiteral("*")},
                                            QDir::Files | QDir::Hidden | QDir::System | QDir::NoSymLinks);
    for (const QString& name : names) {
        if (!isTemporaryFor(target, name))
            continue;
        const QByteArray path = QFile::encodeName(dir.filePath(name));
        const int fd = ::open(path.constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
        if (fd < 0)
            continue;
        struct stat st {};
        // A live writer holds its lock until it has renamed or removed the file; a killed one holds nothing.
        if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && ::flock(fd, LOCK_EX | LOCK_NB) == 0 &&
            ::unlink(path.constData()) == 0)
            ++removed;
        ::close(fd);
    }
    return removed;
}

ReadResult readRegularFile(const QString& path, qint64 maxBytes) {
    ReadResult r;
    if (path.isEmpty()) {
        r.error = say(Msg::FileNoName);
        return r;
    }
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever.
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        r.error = errnoText(errno);
        return r;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        r.error = errnoText(errno);
    } else if (!S_ISREG(st.st_mode)) {
        r.error = say(Msg::FileNotRegularRead, {kindOf(st.st_mode)});
    } else if (st.st_size > maxBytes) {
        r.error = say(Msg::FileTooLarge, {numberArg(double(st.st_size)), numberArg(double(maxBytes))});
    } else {
        r.bytes.resize(qsizetype(st.st_size));
        qint64 got = 0;
        for (;;) {
            if (got == r.bytes.size()) {
                if (got > maxBytes)
                    break;
                r.bytes.resize(qsizetype(std::min<qint64>(maxBytes + 1, got + 65536))); // a file that grew
                if (got == r.bytes.size())
                    break;
            }
            const ssize_t n = ::read(fd, r.bytes.data() + got, size_t(r.bytes.size() - got));
            if (n < 0 && errno == EINTR)
                continue;
            if (n < 0) {
                r.error = errnoText(errno);
                break;
            }
            if (n == 0)
                break;
            got += n;
        }
        r.bytes.resize(qsizetype(got));
        if (!r.error && got > maxBytes)
            r.error = say(Msg::FileGrew, {numberArg(double(maxBytes))});
    }
    ::close(fd);
    if (r.error)
        r.bytes.clear();
    return r;
}

bool isReadOnlyFile(const QString& path) {
    const QByteArray name = QFile::encodeName(resolveTarget(path));
    struct stat st {};
    if (::stat(name.constData(), &st) != 0 || !S_ISREG(st.st_mode))
        return false;
    return (st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0 || ::access(name.constData(), W_OK) != 0;
}

std::optional<engine::Diagnostic> writeFileAtomically(const QString& path, const QByteArray& bytes) {
    if (path.isEmpty())
        return say(Msg::FileNoName);
    const QString target = resolveTarget(path);
    const QByteArray targetName = QFile::encodeName(target);
    mode_t mode = 0;
    struct stat st {};
    if (::stat(targetName.constData(), &st) == 0) {
        if (!S_ISREG(st.st_mode))
            return say(Msg::FileNotRegularReplace, {kindOf(st.st_mode)});
        mode = st.st_mode & 07777; // the saved file keeps the old one's permissions
    } else if (errno != ENOENT) {
        return errnoText(errno);
    } else {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    const QString dir = QFileInfo(target).absolutePath();
    if (!QFileInfo(dir).isDir())
        return say(Msg::FolderMissing, {textArg(QDir::toNativeSeparators(dir), kMaxErrorLine)});
    removeStaleTemporaries(target);

    QByteArray temp = targetName + kTempInfix.toLatin1() + QByteArray(kTempSuffix, 'X');
    const int fd = ::mkostemp(temp.data(), O_CLOEXEC);
    if (fd < 0)
        return errnoText(errno);
    ::flock(fd, LOCK_EX); // marks the temporary as live for removeStaleTemporaries in other processes
    int error = 0;
    bool ok = ::fchmod(fd, mode) == 0 || (error = errno, false);
    ok = ok && writeAll(fd, bytes.constData(), bytes.size(), error);
    ok = ok && (::fsync(fd) == 0 || (error = errno, false));
    // Rename while the lock is held, so that no other save mistakes the temporary for a stale one; after a
    // successful fsync, close() has nothing left to report.
    ok = ok && (::rename(temp.constData(), targetName.constData()) == 0 || (error = errno, false));
    if (!ok)
        ::unlink(temp.constData());
    ::close(fd);
    if (!ok)
        return errnoText(error);
    syncDirectory(dir);
    return std::nullopt;
}

std::optional<engine::Diagnostic> writeFileAtomically(const QString& path,
                                                      const std::function<bool(QIODevice&)>& produce) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!produce(buffer) || bytes.isEmpty())
        return say(Msg::ContentsNotProduced);
    buffer.close();
    return writeFileAtomically(path, bytes);
}

void setWriteFunctionForTesting(WriteFunction write) {
    g_write.store(write);
}

} // namespace tl::io
