#include "app/cli/translation.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QTranslator>

namespace tl::cli {
namespace {

// QCommandLineParser's own words (--help's frame, its errors): Qt looks them up in the context
// "QCommandLineParser"; listed here so that lupdate puts them in our .ts (Debian has no qtbase_zh_CN.qm).
[[maybe_unused]] const char* const kParserStrings[] = {
    QT_TRANSLATE_NOOP("QCommandLineParser", "Usage: %1"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "[options]"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Options:"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Arguments:"),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays help on commandline options."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays help including Qt specific options."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Displays version information."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unknown option '%1'."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unknown options: %1."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Missing value after '%1'."),
    QT_TRANSLATE_NOOP("QCommandLineParser", "Unexpected value after '%1'."),
};

// The language the locale asks for first: zh_CN (Simplified Chinese), or en for English and anything else.
QString wantedLanguage() {
    for (const QString& name : QLocale::system().uiLanguages()) {
        const QLocale l(name);
        if (l.language() == QLocale::Chinese)
            return l.script() == QLocale::TraditionalChineseScript ? QStringLiteral("en") : QStringLiteral("zh_CN");
        if (l.language() != QLocale::C && l.language() != QLocale::AnyLanguage)
            return QStringLiteral("en");
    }
    return QStringLiteral("en");
}

// Where the .qm is: installed beside the program (bin/../share/trainledger/translations), else the build tree's.
QString translationsDir(const QString& code) {
    const QString file = QStringLiteral("/trainledger_") + code + QStringLiteral(".qm");
    const QString app = QCoreApplication::applicationDirPath();
    for (const QString& dir :
         {app + QStringLiteral("/../share/trainledger/translations"), QStringLiteral(TL_BUILD_TRANSLATIONS_DIR)})
        if (QFileInfo::exists(dir + file))
            return QDir::cleanPath(dir);
    return {};
}

} // namespace

QString installTranslation() {
    const QString code = wantedLanguage();
    if (code == QLatin1String("en"))
        return code;
    const QString dir = translationsDir(code);
    static QTranslator translator; // lives as long as the program
    if (dir.isEmpty() || !translator.load(QStringLiteral("trainledger_") + code, dir))
        return QStringLiteral("en");
    QCoreApplication::installTranslator(&translator);
    return code;
}

} // namespace tl::cli
