#include "io/archive.h"

#include "io/atomicfile.h"
#include "io/messagetext.h"
#include "io/scenariojson.h"

#include <QBuffer>
#include <QDateTime>
#include <QFile>
#include <QJsonDocument>
#include <QSet>
#include <QtEndian>

#include <quazip/quazip.h>
#include <quazip/quazipfile.h>
#include <quazip/quazipfileinfo.h>
#include <quazip/quazipnewinfo.h>

namespace tl::io {
namespace {

const QString kScenarioEntry = QStringLiteral("scenario.json");
const QString kNotesEntry = QStringLiteral("notes.md");
const QString kPreviewEntry = QStringLiteral("preview.png");

using engine::Msg;

ArchiveResult fail(const QString& category, engine::Diagnostic error) {
    ArchiveResult r;
    r.category = category;
    r.error = std::move(error);
    return r;
}

bool isZip(const QByteArray& bytes) {
    return bytes.startsWith(QByteArrayLiteral("PK\x03\x04")) || bytes.startsWith(QByteArrayLiteral("PK\x05\x06"));
}

// Entry names are compared, never used as paths: anything with a directory part or a drive is refused.
bool pathLike(const QString& name) {
    return name.isEmpty() || name.contains(QLatin1Char('/')) || name.contains(QLatin1Char('\\')) ||
           name.contains(QLatin1Char(':')) || name.startsWith(QLatin1Char('.'));
}

qint64 limitFor(const QString& name) {
    if (name == kScenarioEntry)
        return kMaxScenarioEntry;
    if (name == kNotesEntry)
        return kMaxNotesEntry;
    return kMaxPreviewEntry;
}

// Width and height from a PNG's IHDR chunk, without decoding the image.
std::optional<engine::Diagnostic> checkPng(const QByteArray& png) {
    static const QByteArray signature = QByteArrayLiteral("\x89PNG\r\n\x1a\n");
    if (png.size() < 33 || !png.startsWith(signature) || png.mid(12, 4) != QByteArrayLiteral("IHDR"))
        return say(Msg::PreviewNotPng);
    const quint32 width = qFromBigEndian<quint32>(png.constData() + 16);
    const quint32 height = qFromBigEndian<quint32>(png.constData() + 20);
    if (width == 0 || height == 0 || width > quint32(kMaxPreviewSide) || height > quint32(kMaxPreviewSide))
        return say(Msg::PreviewSize, {numberArg(width), numberArg(height), numberArg(kMaxPreviewSide)});
    return std::nullopt;
}

// minizip looks for the end-of-central-directory record only in the last 65,535 bytes, so a valid archive whose
// comment is longer than 65,513 bytes looks truncated to it. The comment means nothing to TrainLedger: find the
// record as unzip does (its comment length reaches exactly the end of the file) and drop the comment.
void dropArchiveComment(QByteArray& bytes) {
    constexpr qsizetype kRecord = 22;
    const qsizetype last = bytes.size() - kRecord;
    for (qsizetype at = last; at >= 0 && at >= last - 0xffff; --at) {
        const char* p = bytes.constData() + at;
        if (p[0] != 'P' || p[1] != 'K' || p[2] != 5 || p[3] != 6)
            continue;
        const qsizetype comment = qFromLittleEndian<quint16>(p + 20);
        if (at + kRecord + comment != bytes.size())
            continue;
        if (comment > 0) {
            bytes.truncate(at + kRecord);
            bytes[at + 20] = bytes[at + 21] = '\0';
        }
        return;
    }
}

// Bit 0: ZipCrypto (or any) encryption; bit 6: PKWARE strong encryption; method 99: WinZip AES.
bool encrypted(const QuaZipFileInfo64& info) {
    return (info.flags & 0x41) != 0 || info.method == 99;
}

QDateTime fixedTimestamp() {
    return QDateTime(QDate(2000, 1, 1), QTime(0, 0), Qt::UTC);
}

} // namespace

QByteArray archiveBytes(const engine::Scenario& s, const QByteArray& previewPng) {
    // notes.md carries the notes, so scenario.json does not repeat them.
    QJsonObject json = scenarioToObject(s);
    json.remove(QStringLiteral("notes"));
    const QByteArray scenarioJson = QJsonDocument(json).toJson(QJsonDocument::Indented);

    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    {
        QuaZip zip(&buffer);
        if (!zip.open(QuaZip::mdCreate))
            return {};
        auto add = [&](const QString& name, const QByteArray& data) {
            QuaZipNewInfo info(name);
            info.dateTime = fixedTimestamp();
            info.externalAttr = 0644u << 16;
            QuaZipFile out(&zip);
            if (!out.open(QIODevice::WriteOnly, info))
                return false;
            out.write(data);
            out.close();
            return out.getZipError() == UNZ_OK;
        };
        bool ok = add(kScenarioEntry, scenarioJson) && add(kNotesEntry, QByteArray::fromStdString(s.notes));
        if (ok && !previewPng.isEmpty())
            ok = add(kPreviewEntry, previewPng);
        zip.close();
        if (!ok || zip.getZipError() != UNZ_OK)
            return {};
    }
    return buffer.data();
}

std::optional<engine::Diagnostic> saveArchive(const QString& path, const engine::Scenario& s,
                                              const QByteArray& previewPng) {
    // Never write what the reader would refuse.
    if (qint64(s.notes.size()) > kMaxNotesEntry)
        return say(Msg::NotesTooLarge, {numberArg(double(s.notes.size())), numberArg(kMaxNotesEntry)});
    if (qint64(previewPng.size()) > kMaxPreviewEntry)
        return say(Msg::PreviewTooLarge, {numberArg(double(previewPng.size())), numberArg(kMaxPreviewEntry)});
    const QByteArray bytes = archiveBytes(s, previewPng);
    if (bytes.isEmpty())
        return say(Msg::ArchiveNotBuilt);
    return writeFileAtomically(path, bytes);
}

std::optional<engine::Diagnostic> saveScenarioJson(const QString& path, const engine::Scenario& s) {
    return writeFileAtomically(path, scenarioToJson(s));
}

ArchiveResult readArchive(const QByteArray& bytes) {
    if (bytes.size() > kMaxArchiveBytes)
        return fail(QStringLiteral("too-large"),
                    say(Msg::FileTooLarge, {numberArg(double(bytes.size())), numberArg(double(kMaxArchiveBytes))}));
    if (!isZip(bytes))
        return fail(QStringLiteral("not-zip"), say(Msg::NotZip));

    QByteArray copy = bytes; // QBuffer needs a non-const array
    dropArchiveComment(copy);
    QBuffer buffer(&copy);
    QuaZip zip(&buffer);
    if (!zip.open(QuaZip::mdUnzip))
        return fail(QStringLiteral("corrupt"), say(Msg::ZipDamaged));
    if (zip.getEntriesCount() > kMaxEntries)
        return fail(QStringLiteral("too-many-entries"),
                    say(Msg::TooManyEntries, {numberArg(zip.getEntriesCount()), numberArg(kMaxEntries)}));

    ArchiveResult r;
    QSet<QString> seen;
    QByteArray scenarioJson, notes, preview;
    bool haveScenario = false, haveNotes = false;
    qint64 total = 0;
    for (bool more = zip.goToFirstFile(); more; more = zip.goToNextFile()) {
        QuaZipFileInfo64 info;
        if (!zip.getCurrentFileInfo(&info))
            return fail(QStringLiteral("corrupt"), say(Msg::EntryUnreadable));
        const QString name = info.name;
        if (pathLike(name))
            return fail(QStringLiteral("entry-name"), say(Msg::EntryPathLike, {textArg(name, 80)}));
        if (seen.contains(name))
            return fail(QStringLiteral("duplicate-entry"), say(Msg::EntryTwice, {textArg(name, 80)}));
        seen.insert(name);
        if (name != kScenarioEntry && name != kNotesEntry && name != kPreviewEntry) {
            r.warnings.push_back(say(Msg::EntryForeign, {textArg(name, 80)}));
            continue;
        }
        // minizip would read encrypted bytes as if they were plain (and then call them damaged).
        if (encrypted(info))
            return fail(QStringLiteral("encrypted"), say(Msg::EntryEncrypted, {textArg(name, 80)}));
        // Read at most the limit + 1 byte, whatever the header declares.
        const qint64 limit = limitFor(name);
        QuaZipFile entry(&zip);
        if (!entry.open(QIODevice::ReadOnly))
            return fail(QStringLiteral("corrupt"), say(Msg::EntryNotOpened, {textArg(name, 80)}));
        QByteArray data;
        char chunk[65536];
        for (;;) {
            const qint64 n = entry.read(chunk, sizeof chunk);
            if (n < 0) {
                entry.close();
                return fail(QStringLiteral("corrupt"), say(Msg::EntryDamaged, {textArg(name, 80)}));
            }
            if (n == 0)
                break;
            data.append(chunk, n);
            if (data.size() > limit || total + data.size() > kMaxTotalUncompressed) {
                entry.close();
                return fail(QStringLiteral("too-large"),
                            say(Msg::EntryTooLarge, {textArg(name, 80), numberArg(double(limit))}));
            }
        }
        entry.close();
        // The CRC is checked on close.
        if (entry.getZipError() != UNZ_OK)
            return fail(QStringLiteral("crc"), say(Msg::EntryCrc, {textArg(name, 80)}));
        if (quint64(data.size()) != info.uncompressedSize)
            return fail(QStringLiteral("corrupt"),
                        say(Msg::EntrySize, {textArg(name, 80), numberArg(double(info.uncompressedSize)),
                                             numberArg(double(data.size()))}));
        total += data.size();
        if (name == kScenarioEntry) {
            scenarioJson = data;
            haveScenario = true;
        } else if (name == kNotesEntry) {
            notes = data;
            haveNotes = true;
        } else {
            preview = data;
        }
    }
    if (zip.getZipError() != UNZ_OK)
        return fail(QStringLiteral("corrupt"), say(Msg::ZipDamaged));
    zip.close();
    if (!haveScenario)
        return fail(QStringLiteral("missing-scenario"), say(Msg::NoScenarioEntry));
    if (!preview.isEmpty()) {
        if (auto e = checkPng(preview))
            return fail(QStringLiteral("preview"), *e);
    }

    ScenarioResult parsed = scenarioFromJson(scenarioJson, true);
    if (!parsed.scenario)
        return fail(parsed.category, inFile(kScenarioEntry, std::move(parsed.error)));
    r.warnings.insert(r.warnings.end(), parsed.warnings.begin(), parsed.warnings.end());
    Archive a;
    a.scenario = *parsed.scenario;
    if (haveNotes)
        a.scenario.notes = QString::fromUtf8(notes).toStdString();
    a.previewPng = preview;
    r.archive = a;
    return r;
}

ArchiveResult loadArchive(const QString& path) {
    const ReadResult file = readRegularFile(path, kMaxArchiveBytes);
    if (file.error)
        return fail(QStringLiteral("io"), *file.error);
    return readArchive(file.bytes);
}

ArchiveResult loadScenarioFile(const QString& path) {
    const ReadResult file = readRegularFile(path, kMaxArchiveBytes);
    if (file.error)
        return fail(QStringLiteral("io"), *file.error);
    const QByteArray& bytes = file.bytes;
    if (isZip(bytes) || path.endsWith(QStringLiteral(".trainledger")))
        return readArchive(bytes);
    ScenarioResult parsed = scenarioFromJson(bytes, false);
    if (!parsed.scenario)
        return fail(parsed.category, std::move(parsed.error));
    ArchiveResult r;
    r.warnings = parsed.warnings;
    r.archive = Archive{*parsed.scenario, {}};
    return r;
}

} // namespace tl::io
