#include "ui/export/exportregistry.h"

#include "io/atomicfile.h"
#include "ui/i18n/enginetext.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace tl::ui {

void ExportRegistry::add(ExportEntry entry) {
    for (ExportEntry& e : m_entries)
        if (e.id == entry.id) {
            e = std::move(entry); // a view that registers again replaces its entry
            return;
        }
    m_entries.push_back(std::move(entry));
}

const ExportEntry* ExportRegistry::find(const QString& id) const {
    for (const ExportEntry& e : m_entries)
        if (e.id == id)
            return &e;
    return nullptr;
}

QString suffixName(const QString& suffix) {
    if (suffix == QLatin1String("png"))
        return QCoreApplication::translate("tl::ui::Export", "PNG image");
    if (suffix == QLatin1String("svg"))
        return QCoreApplication::translate("tl::ui::Export", "SVG drawing");
    if (suffix == QLatin1String("pdf"))
        return QCoreApplication::translate("tl::ui::Export", "PDF document");
    if (suffix == QLatin1String("csv"))
        return QCoreApplication::translate("tl::ui::Export", "CSV table");
    if (suffix == QLatin1String("md"))
        return QCoreApplication::translate("tl::ui::Export", "Markdown table");
    return suffix;
}

QString exportFilter(const QStringList& suffixes) {
    QStringList parts;
    for (const QString& s : suffixes)
        parts << QStringLiteral("%1 (*.%2)").arg(suffixName(s), s);
    return parts.join(QStringLiteral(";;"));
}

QString writeExportFile(const QString& path, const QByteArray& bytes) {
    const std::optional<engine::Diagnostic> error = io::writeFileAtomically(path, bytes); // the checked writer
    return error
               ? QCoreApplication::translate("tl::ui::Export", "%1: cannot write: %2").arg(path, diagnosticText(*error))
               : QString();
}

QString exportTo(const ExportEntry& entry, const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (!entry.suffixes.contains(suffix)) {
        QStringList allowed;
        for (const QString& s : entry.suffixes)
            allowed << QLatin1Char('.') + s;
        return QCoreApplication::translate("tl::ui::Export", "%1: unknown extension \"%2\"; allowed: %3")
            .arg(path, suffix.isEmpty() ? QString() : QLatin1Char('.') + suffix, allowed.join(QStringLiteral(", ")));
    }
    QString error;
    const std::optional<QByteArray> bytes = entry.render(suffix, error);
    if (!bytes)
        return QStringLiteral("%1: %2").arg(path, error);
    return writeExportFile(path, *bytes);
}

} // namespace tl::ui
