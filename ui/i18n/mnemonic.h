#pragma once
// A menu or tab text without its Alt letter, for a title or a list: "&File" -> "File", and the Chinese form with the
// letter in brackets after the words, "文件(&F)" -> "文件" (removing only the '&' would leave "文件(F)").

#include <QRegularExpression>
#include <QString>

namespace tl::ui {

inline QString withoutMnemonic(QString text) {
    static const QRegularExpression bracketed(QStringLiteral("\\s*[(\uff08]&[^&][)\uff09]"));
    text.remove(bracketed);
    text.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
    text.remove(QLatin1Char('&'));
    text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
    return text;
}

} // namespace tl::ui
