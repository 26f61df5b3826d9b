#pragma once
// The interface language: English (the source strings) or Simplified Chinese (translations/trainledger_zh_CN.qm,
// compiled from translations/trainledger_zh_CN.ts by CMake). By default it follows the system locale; View >
// Language picks one, which is remembered (QSettings "view/language") and applied without a restart: the window
// rebuilds its widgets, menus and charts in the new language.

#include <QString>
#include <QStringList>

namespace tl::ui {

class Language {
public:
    static QStringList codes();                     // {"en", "zh_CN"}
    static QString nativeName(const QString& code); // "English", "简体中文"
    // The remembered choice ("" = follow the system) and the language it means.
    static QString saved();
    static void save(const QString& code);
    static QString resolve(const QString& choice); // "" -> the system locale's, if translated, else "en"
    // Installs the translators of the language (ours and Qt's own dialogs); "en" removes them. False when the
    // translation file is missing.
    static bool apply(const QString& code);
    static QString current(); // the language applied last ("en" at start)
    // Where the .qm files are: beside the installed program (share/trainledger/translations) or in the build tree.
    static QString translationsDir();
};

} // namespace tl::ui
