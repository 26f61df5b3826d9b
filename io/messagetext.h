#pragma once
// An engine sentence (error, warning, planner reason) for the command line, in the language of the translator the
// program installed: its template translated (context "tl::engine", as in the window), keys left as keys and
// layouts in describeLayout's words, the words --set takes. With no translator, engine::Diagnostic::message().

#include "engine/messages.h"

#include <QString>

namespace tl::io {

QString messageText(const engine::Diagnostic& d);

} // namespace tl::io
