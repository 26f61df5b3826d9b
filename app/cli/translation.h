#pragma once
// trainledger-cli in the user's language: Simplified Chinese when the locale asks for it (LANGUAGE, LC_ALL,
// LC_MESSAGES or LANG names zh_CN before any English) and the window's trainledger_zh_CN.qm is found (the build
// tree's, or the one the package installs); English otherwise, byte for byte. --json, --csv and the keys never
// change with the language: scripts read them.

#include <QCoreApplication>
#include <QString>

namespace tl::cli {

// The context of the CLI's own sentences in the .ts file: Cli::tr("...").
struct Cli {
    Q_DECLARE_TR_FUNCTIONS(Cli)
};

// Installs the translator the locale asks for; the language code ("zh_CN"), or "en" when English stays.
QString installTranslation();

} // namespace tl::cli
