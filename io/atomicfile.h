#pragma once
// The one checked way to write a file (scenarios, SVG, PNG and every export). The bytes go to a temporary beside the
// target, every write is checked, the temporary is fsynced and only then renamed over the target: a full disk, a
// kill or a crash leaves the old file as it was. Targets that exist and are not regular files (devices, FIFOs,
// directories) are refused rather than replaced. Stale temporaries of interrupted saves are removed on the next save.

#include "engine/messages.h"

#include <QByteArray>
#include <QString>

#include <sys/types.h>

#include <functional>
#include <optional>

class QIODevice;

namespace tl::io {

// Writes bytes to path; returns the reason on failure (one sentence, without the path: io/messagetext.h or the
// window's diagnosticText fill it), nullopt on success.
std::optional<engine::Diagnostic> writeFileAtomically(const QString& path, const QByteArray& bytes);

// For writers that take a QIODevice (QImageWriter, QSvgGenerator, QPdfWriter): produce writes into a memory buffer
// and returns false on failure; the bytes are then written as above. Nothing is written when produce fails.
std::optional<engine::Diagnostic> writeFileAtomically(const QString& path,
                                                      const std::function<bool(QIODevice&)>& produce);

// The temporaries the writer makes beside target: "<name>.tlsave-XXXXXX".
bool isTemporaryFor(const QString& target, const QString& fileName);

// Removes temporaries of target that no live writer holds (each writer keeps an flock on its own). Returns how many.
int removeStaleTemporaries(const QString& target);

// The one checked way to read a file the user names (scenarios, configs, pilot runs, the recovery file): only a
// regular file is read (a FIFO, a device or a directory is refused without blocking on it), and its size is checked
// against maxBytes before a byte is read (and again while reading: a file that grows is refused too). On failure
// `error` is one sentence without the path.
struct ReadResult {
    QByteArray bytes;
    std::optional<engine::Diagnostic> error;
};
ReadResult readRegularFile(const QString& path, qint64 maxBytes);

// Whether a save onto path would replace a file its permissions say is read-only (a 0444 scenario): the rename of
// the checked writer would ignore the mode, so callers ask (the window) or refuse unless forced (the CLI).
bool isReadOnlyFile(const QString& path);

// Tests: replace write(2) so that a full disk or an I/O error can be injected; nullptr restores the real one.
using WriteFunction = ssize_t (*)(int fd, const void* data, size_t size);
void setWriteFunctionForTesting(WriteFunction write);

} // namespace tl::io
