#pragma once
// .trainledger files: a zip archive with scenario.json, notes.md and an optional preview.png (docs/file-format.md).
// Reading is defensive: every limit below is checked against the bytes actually read, never the sizes the archive
// declares, and any problem gives one category and one sentence while the caller's scenario stays untouched.

#include "engine/messages.h"
#include "engine/scenario.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace tl::io {

inline constexpr qint64 kMaxArchiveBytes = 32LL << 20; // the whole file
inline constexpr qint64 kMaxTotalUncompressed = 24LL << 20;
inline constexpr qint64 kMaxScenarioEntry = 1LL << 20; // scenario.json
inline constexpr qint64 kMaxNotesEntry = 1LL << 20;    // notes.md
inline constexpr qint64 kMaxPreviewEntry = 8LL << 20;  // preview.png
inline constexpr int kMaxEntries = 16;
inline constexpr int kMaxPreviewSide = 4096; // pixels, from the PNG header

struct Archive {
    engine::Scenario scenario; // notes.md, when present, is scenario.notes
    QByteArray previewPng;     // may be empty
};

struct ArchiveResult {
    std::optional<Archive> archive;
    QString category; // "io", "not-zip", "corrupt", "crc", "encrypted", "too-large", "too-many-entries", "entry-name",
                      // "duplicate-entry", "missing-scenario", "preview", or a scenario.json category
                      // ("json", "encoding", "format", "version", "type", "value", "size")
    engine::Diagnostic error; // one sentence, without the file name (callers add it)
    std::vector<engine::Diagnostic> warnings;
};

// The archive as bytes: entries in a fixed order with fixed timestamps, so the same scenario gives the same bytes.
QByteArray archiveBytes(const engine::Scenario& s, const QByteArray& previewPng = {});

// Atomic save (io/atomicfile.h): a crash or a full disk leaves the old file as it was. Returns the error, or nullopt.
std::optional<engine::Diagnostic> saveArchive(const QString& path, const engine::Scenario& s,
                                              const QByteArray& previewPng = {});

// A bare scenario.json (with format and version), written just as atomically.
std::optional<engine::Diagnostic> saveScenarioJson(const QString& path, const engine::Scenario& s);

ArchiveResult readArchive(const QByteArray& bytes);
ArchiveResult loadArchive(const QString& path);

// A .trainledger archive or a bare scenario.json, told apart by content (zip magic), not by the name.
ArchiveResult loadScenarioFile(const QString& path);

} // namespace tl::io
