#pragma once
// A chart legend is a rich-text label that wraps between its entries, never inside one: spaces become no-break
// spaces, and a word joiner (U+2060) sits between CJK characters, since Chinese labels have no spaces to hold them.

#include <QString>

namespace tl::ui {

inline QString keepTogether(const QString& text) {
    QString joined;
    for (qsizetype i = 0; i < text.size(); ++i) {
        // Between CJK characters only: Latin words hold together by themselves, and stay searchable in SVG and PDF.
        if (i > 0 && (text[i - 1].unicode() >= 0x2e80 || text[i].unicode() >= 0x2e80))
            joined += QChar(0x2060);
        joined += text[i] == QLatin1Char(' ') ? QChar(0x00a0) : text[i];
    }
    return joined.toHtmlEscaped();
}

} // namespace tl::ui
