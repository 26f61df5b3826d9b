#pragma once
// Where the user has the documentation: the installed copy (/usr/share/doc/trainledger beside the package's
// /usr/bin) when the program runs installed, else the source tree's docs/ (a developer build). Messages that point
// at a document name the path this returns.

#include <QString>

namespace tl::io {

// The absolute path of a document ("formulas.md", "scenario.md", "file-format.md", "pipeline.md").
QString docPath(const QString& fileName);

} // namespace tl::io
