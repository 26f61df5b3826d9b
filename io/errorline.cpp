#include "io/errorline.h"

#include <QList>

namespace tl::io {
namespace {

bool needsEscape(char32_t c) {
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029 || (c >= 0x202a && c <= 0x202e) ||
           (c >= 0x2066 && c <= 0x2069);
}

QString escape(char32_t c) {
    switch (c) {
    case '\n':
        return QStringLiteral("\\n");
    case '\r':
        return QStringLiteral("\\r");
    case '\t':
        return QStringLiteral("\\t");
    default:
        break;
    }
    if (c <= 0xff)
        return QStringLiteral("\\x%1").arg(uint(c), 2, 16, QLatin1Char('0'));
    return QStringLiteral("\\u%1").arg(uint(c), 4, 16, QLatin1Char('0'));
}

} // namespace

QString oneLine(const QString& text, qsizetype max) {
    QString out;
    out.reserve(qMin(text.size(), max + 16));
    for (const uint c : text.toUcs4()) {
        if (needsEscape(c))
            out += escape(c);
        else
            out += QString::fromUcs4(reinterpret_cast<const char32_t*>(&c), 1);
    }
    out = out.trimmed();
    if (out.size() <= max)
        return out;
    qsizetype head = (max - 5) * 2 / 3, tail = max - 5 - head;
    // Never split a surrogate pair.
    if (head > 0 && out[head - 1].isHighSurrogate())
        --head;
    if (tail > 0 && out[out.size() - tail].isLowSurrogate())
        --tail;
    return out.left(head) + QStringLiteral(" ... ") + out.right(tail);
}

} // namespace tl::io
