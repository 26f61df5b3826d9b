#include "io/docpath.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace tl::io {

QString docPath(const QString& fileName) {
    // bin/ and share/doc/trainledger/ share the install prefix (TL_INSTALL_DOCDIR is relative to it).
    const QString installed = QDir::cleanPath(QCoreApplication::applicationDirPath() +
                                              QStringLiteral("/../" TL_INSTALL_DOCDIR "/") + fileName);
    if (QFileInfo::exists(installed))
        return installed;
    const QString source = QStringLiteral(TL_SOURCE_DIR "/docs/") + fileName;
    if (QFileInfo::exists(source))
        return source;
    return QStringLiteral(TL_FULL_DOCDIR "/") + fileName;
}

} // namespace tl::io
