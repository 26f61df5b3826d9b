#pragma once
// Error and warning lines as a terminal shows them: one line, no raw control characters (a value may hold a newline
// or an escape sequence), and never longer than a screenful (long values are shortened in the middle).

#include <QString>

namespace tl::io {

inline constexpr qsizetype kMaxErrorLine = 300;

// Control characters (C0, DEL, C1), line and paragraph separators and bidirectional overrides become visible escapes
// (\n, \t, \x1b, \u202e); a result longer than max keeps its start and end around " ... ".
QString oneLine(const QString& text, qsizetype max = kMaxErrorLine);

} // namespace tl::io
