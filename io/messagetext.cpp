#include "io/messagetext.h"

#include "io/errorline.h"

#include <QCoreApplication>

namespace tl::io {

QString messageText(const engine::Diagnostic& d) {
    const QString text = QCoreApplication::translate("tl::engine", engine::messageTemplate(d.id));
    QString out;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const int n = i + 1 < text.size() ? text[i + 1].digitValue() : -1;
        if (text[i] != QLatin1Char('%') || n < 1 || size_t(n) > d.args.size()) {
            out += text[i];
            continue;
        }
        ++i;
        const engine::MessageArg& a = d.args[size_t(n - 1)];
        out += a.kind == engine::MessageArg::Kind::Sentence && a.sentence ? messageText(*a.sentence)
                                                                          : QString::fromStdString(formatArg(a));
    }
    return out;
}

QStringList messageTexts(const std::vector<engine::Diagnostic>& list) {
    QStringList out;
    for (const engine::Diagnostic& d : list)
        out << messageText(d);
    return out;
}

engine::MessageArg textArg(const QString& text, qsizetype max) {
    return engine::MessageArg::ofText(oneLine(text, max).toStdString());
}

engine::Diagnostic inFile(const QString& where, engine::Diagnostic d) {
    return say(engine::Msg::InFile, {textArg(where, kMaxErrorLine), sentenceArg(std::move(d))});
}

} // namespace tl::io
