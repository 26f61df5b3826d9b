#pragma once
// Hand-made .trainledger archives, good and bad, for the reader's tests and as the fuzzer's seed corpus.

#include "engine/scenario.h"
#include "io/archive.h"
#include "io/scenariojson.h"

#include <QBuffer>
#include <QDateTime>
#include <QtEndian>

#include <quazip/quazip.h>
#include <quazip/quazipfile.h>
#include <quazip/quazipnewinfo.h>

#include <zlib.h>

#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace tl::test {

struct Entry {
    QString name;
    QByteArray data;
    bool stored = false;    // no compression: its bytes appear as they are, so a test can corrupt them
    const char* password{}; // set: real ZipCrypto encryption (minizip's)
};

inline QByteArray zipOf(const std::vector<Entry>& entries) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QuaZip zip(&buffer);
    zip.open(QuaZip::mdCreate);
    for (const auto& e : entries) {
        QuaZipNewInfo info(e.name);
        info.dateTime = QDateTime(QDate(2000, 1, 1), QTime(0, 0), Qt::UTC);
        QuaZipFile out(&zip);
        out.open(QIODevice::WriteOnly, info, e.password,
                 quint32(crc32(0, reinterpret_cast<const Bytef*>(e.data.constData()), uInt(e.data.size()))),
                 e.stored ? 0 : Z_DEFLATED, e.stored ? 0 : Z_DEFAULT_COMPRESSION);
        out.write(e.data);
        out.close();
    }
    zip.close();
    return buffer.data();
}

inline QByteArray validScenarioJson() {
    return io::scenarioToJson(engine::Scenario{});
}

inline QByteArray scenarioWith(const QByteArray& body) {
    return QByteArrayLiteral("{\"format\":\"trainledger.scenario\",\"version\":1,") + body + QByteArrayLiteral("}");
}

// A PNG header (signature + IHDR) claiming width x height; no image data follows.
inline QByteArray pngHeader(quint32 width, quint32 height) {
    QByteArray png = QByteArrayLiteral("\x89PNG\r\n\x1a\n");
    png += QByteArray("\x00\x00\x00\x0dIHDR", 8);
    char size[8];
    qToBigEndian(width, size);
    qToBigEndian(height, size + 4);
    png += QByteArray(size, 8);
    png += QByteArray("\x08\x06\x00\x00\x00", 5);
    png += QByteArray(4, '\0'); // CRC, not checked by the reader
    return png;
}

// Sets general-purpose flag bits in every local and central header (the encryption flag on plain data, say).
inline QByteArray withFlags(QByteArray zip, quint16 bits) {
    for (const auto& [signature, offset] :
         {std::pair{QByteArrayLiteral("PK\x03\x04"), 6}, std::pair{QByteArrayLiteral("PK\x01\x02"), 8}}) {
        for (qsizetype at = zip.indexOf(signature); at >= 0; at = zip.indexOf(signature, at + 4)) {
            const quint16 flags = qFromLittleEndian<quint16>(zip.constData() + at + offset) | bits;
            qToLittleEndian(flags, zip.data() + at + offset);
        }
    }
    return zip;
}

// Appends an archive comment of n bytes (the end record's last field); unzip and Python open up to 65,535.
inline QByteArray withComment(QByteArray zip, quint16 n) {
    const qsizetype end = zip.lastIndexOf(QByteArrayLiteral("PK\x05\x06"));
    qToLittleEndian(n, zip.data() + end + 20);
    return zip + QByteArray(n, 'c');
}

// Points the end record's central-directory offset somewhere else.
inline QByteArray withDirectoryAt(QByteArray zip, quint32 offset) {
    const qsizetype end = zip.lastIndexOf(QByteArrayLiteral("PK\x05\x06"));
    qToLittleEndian(offset, zip.data() + end + 16);
    return zip;
}

inline QByteArray utf16(const QByteArray& utf8, bool bom) {
    const QString text = QString::fromUtf8(utf8);
    QByteArray out = bom ? QByteArrayLiteral("\xff\xfe") : QByteArray();
    out.append(reinterpret_cast<const char*>(text.utf16()), text.size() * 2);
    return out;
}

struct BadFile {
    const char* name;
    const char* category; // what readArchive must answer
    QByteArray bytes;
};

inline void PrintTo(const BadFile& f, std::ostream* os) {
    *os << f.name;
}

inline std::vector<BadFile> badFiles() {
    std::vector<BadFile> out;
    const QByteArray good = validScenarioJson();
    out.push_back({"not-a-zip", "not-zip", QByteArrayLiteral("hello, this is not a zip file")});
    const QByteArray whole = zipOf({{QStringLiteral("scenario.json"), good}});
    out.push_back({"truncated", "corrupt", whole.left(whole.size() / 2)});
    {
        QByteArray crc = zipOf({{QStringLiteral("scenario.json"), good, true}});
        const qsizetype at = crc.indexOf("trainledger.scenario");
        crc[at] = 'T'; // the stored bytes change, the recorded CRC does not
        out.push_back({"crc-mismatch", "crc", crc});
    }
    out.push_back({"missing-scenario", "missing-scenario", zipOf({{QStringLiteral("notes.md"), "hello"}})});
    out.push_back({"json-syntax", "json", zipOf({{QStringLiteral("scenario.json"), "{\"format\": \n  oops}"}})});
    out.push_back({"wrong-format", "format",
                   zipOf({{QStringLiteral("scenario.json"), "{\"format\":\"other.thing\",\"version\":1}"}})});
    out.push_back({"newer-version", "version",
                   zipOf({{QStringLiteral("scenario.json"), "{\"format\":\"trainledger.scenario\",\"version\":2}"}})});
    out.push_back({"wrong-type", "type",
                   zipOf({{QStringLiteral("scenario.json"), scenarioWith("\"parallel\":{\"dp\":\"eight\"}")}})});
    out.push_back({"out-of-range", "value",
                   zipOf({{QStringLiteral("scenario.json"), scenarioWith("\"parallel\":{\"zero\":5}")}})});
    out.push_back(
        {"infinity", "json", zipOf({{QStringLiteral("scenario.json"), scenarioWith("\"data\":{\"tokens\":1e999}")}})});
    out.push_back({"nan-literal", "json",
                   zipOf({{QStringLiteral("scenario.json"), scenarioWith("\"efficiency\":{\"mfu\":NaN}")}})});
    out.push_back({"huge-number", "value",
                   zipOf({{QStringLiteral("scenario.json"), scenarioWith("\"parallel\":{\"dp\":1e300}")}})});
    out.push_back({"deep-nesting", "json",
                   zipOf({{QStringLiteral("scenario.json"),
                           scenarioWith("\"x\":" + QByteArray(5000, '[') + QByteArray(5000, ']'))}})});
    out.push_back(
        {"huge-json", "too-large",
         zipOf({{QStringLiteral("scenario.json"), scenarioWith("\"notes\":\"" + QByteArray(2 << 20, 'a') + "\"")}})});
    out.push_back({"zip-bomb", "too-large",
                   zipOf({{QStringLiteral("scenario.json"), good},
                          {QStringLiteral("preview.png"), QByteArray(64 << 20, '\0')}})});
    out.push_back({"path-entry", "entry-name",
                   zipOf({{QStringLiteral("../scenario.json"), good}, {QStringLiteral("scenario.json"), good}})});
    out.push_back({"absolute-entry", "entry-name", zipOf({{QStringLiteral("/etc/passwd"), "root"}})});
    out.push_back({"duplicate-entry", "duplicate-entry",
                   zipOf({{QStringLiteral("scenario.json"), good}, {QStringLiteral("scenario.json"), good}})});
    {
        std::vector<Entry> many = {{QStringLiteral("scenario.json"), good}};
        for (int i = 0; i < 20; ++i)
            many.push_back({QStringLiteral("extra%1.txt").arg(i), "x"});
        out.push_back({"too-many-entries", "too-many-entries", zipOf(many)});
    }
    out.push_back(
        {"lying-png", "preview",
         zipOf({{QStringLiteral("scenario.json"), good}, {QStringLiteral("preview.png"), pngHeader(100000, 100000)}})});
    out.push_back({"not-a-png", "preview",
                   zipOf({{QStringLiteral("scenario.json"), good}, {QStringLiteral("preview.png"), "GIF89a......"}})});
    // Issue 9: what other tools accept or make.
    out.push_back({"zipcrypto", "encrypted", zipOf({{QStringLiteral("scenario.json"), good, false, "secret"}})});
    out.push_back({"encryption-flag", "encrypted", withFlags(zipOf({{QStringLiteral("scenario.json"), good}}), 1)});
    out.push_back(
        {"strong-encryption-flag", "encrypted", withFlags(zipOf({{QStringLiteral("scenario.json"), good}}), 0x41)});
    out.push_back({"utf16-bom", "encoding", zipOf({{QStringLiteral("scenario.json"), utf16(good, true)}})});
    out.push_back({"utf16-no-bom", "encoding", zipOf({{QStringLiteral("scenario.json"), utf16(good, false)}})});
    {
        QByteArray list = "[1";
        for (int i = 1; i < 100001; ++i)
            list += ",1";
        out.push_back(
            {"too-many-documents", "value",
             zipOf({{QStringLiteral("scenario.json"), scenarioWith("\"data\":{\"documents\":" + list + "]}")}})});
    }
    out.push_back({"far-central-directory", "corrupt",
                   withDirectoryAt(zipOf({{QStringLiteral("scenario.json"), good}}), 100000000)});
    return out;
}

// Valid files that look unusual: each must open.
inline std::vector<BadFile> unusualGoodFiles() {
    const QByteArray good = validScenarioJson();
    const QByteArray zip = zipOf({{QStringLiteral("scenario.json"), good}});
    std::vector<BadFile> out;
    for (quint16 n : {quint16(65513), quint16(65514), quint16(65535)})
        out.push_back(
            {n == 65513 ? "comment-65513" : (n == 65514 ? "comment-65514" : "comment-65535"), "", withComment(zip, n)});
    QByteArray keys;
    for (int i = 0; i < 2000; ++i)
        keys += "\"k" + QByteArray::number(i) + "\":0,";
    out.push_back({"many-unknown-keys", "",
                   zipOf({{QStringLiteral("scenario.json"), scenarioWith("\"future\":{" + keys + "\"last\":0}")}})});
    return out;
}

} // namespace tl::test
