#pragma once
// One export machinery: each view registers what it can write (a chart as PNG and SVG, a table as CSV or
// Markdown) under a title; File > Export lists the registry, asks for a file name and calls the writer. Every writer
// produces bytes, and writeExportFile() puts them on disk atomically, so a failed export never leaves half a file.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace tl::ui {

struct ExportEntry {
    QString id;           // stable, for tests and the command line: "memory-chart", "ledger"
    QString title;        // the menu text: "Memory Chart"
    QStringList suffixes; // the formats it writes, without the dot: {"png", "svg"}
    // The file's bytes in the format of the suffix, or nullopt with error set.
    std::function<std::optional<QByteArray>(const QString& suffix, QString& error)> render;
};

class ExportRegistry {
public:
    void add(ExportEntry entry);
    const std::vector<ExportEntry>& entries() const { return m_entries; }
    const ExportEntry* find(const QString& id) const;

private:
    std::vector<ExportEntry> m_entries;
};

// A file-dialog filter for the suffixes: "PNG image (*.png);;SVG drawing (*.svg)".
QString exportFilter(const QStringList& suffixes);
QString suffixName(const QString& suffix); // "PNG image", "CSV table"

// Writes bytes to path with io::writeFileAtomically (every write checked, the old file survives a failure).
// Returns an error line naming the file, or "".
QString writeExportFile(const QString& path, const QByteArray& bytes);

// Renders the entry in the format of path's suffix and writes it. Returns an error line or "".
QString exportTo(const ExportEntry& entry, const QString& path);

} // namespace tl::ui
