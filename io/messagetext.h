#pragma once
// An engine sentence (error, warning, planner reason, and io's own: file refusals, save errors, import summaries) for
// the command line, in the language of the translator the program installed: its template translated (context
// "tl::engine", as in the window), keys left as keys and layouts in describeLayout's words, the words --set takes.
// With no translator, engine::Diagnostic::message(). io builds its sentences with say() and the argument helpers
// below, so that the window fills the same ids in its own language (ui/i18n diagnosticText).

#include "engine/messages.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace tl::io {

QString messageText(const engine::Diagnostic& d);
QStringList messageTexts(const std::vector<engine::Diagnostic>& list);

// A sentence io says: a message id and its arguments.
inline engine::Diagnostic say(engine::Msg id, std::vector<engine::MessageArg> args = {}) {
    return engine::sentence(id, std::move(args));
}

// Text from a file or the system, as an argument: one line, control characters made visible (io/errorline.h), at
// most `max` characters (shortened in the middle).
engine::MessageArg textArg(const QString& text, qsizetype max = 120);
inline engine::MessageArg numberArg(double x) {
    return engine::MessageArg::ofNumber(x);
}
inline engine::MessageArg sentenceArg(engine::Diagnostic d) {
    return engine::MessageArg::ofSentence(std::move(d));
}
// "<where>: <sentence>" (a path, an entry, the flag an imported value came from).
engine::Diagnostic inFile(const QString& where, engine::Diagnostic d);

} // namespace tl::io
