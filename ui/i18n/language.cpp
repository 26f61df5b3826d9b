#include "ui/i18n/language.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

#include <cstring>
#include <memory>

namespace tl::ui {

namespace {

// lupdate's parser files the tr() strings of `namespace tl::ui { class X` under "X", while Qt looks them up under
// "tl::ui::X": try the full context first, then the class name alone.
class Translator : public QTranslator {
public:
    QString translate(const char* context, const char* source, const char* disambiguation, int n) const override {
        QString t = QTranslator::translate(context, source, disambiguation, n);
        if (t.isNull() && context) {
            const char* last = std::strrchr(context, ':');
            if (last && last[1])
                t = QTranslator::translate(last + 1, source, disambiguation, n);
        }
        return t;
    }
};

const QString kKey = QStringLiteral("view/language");
std::unique_ptr<QTranslator> g_ours, g_qt;
QString g_current = QStringLiteral("en");
} // namespace

QStringList Language::codes() {
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString Language::nativeName(const QString& code) {
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("\u7b80\u4f53\u4e2d\u6587"); // 简体中文, in its own script whatever the current language
    return QStringLiteral("English");
}

QString Language::saved() {
    return QSettings().value(kKey).toString();
}

void Language::save(const QString& code) {
    QSettings().setValue(kKey, code);
}

QString Language::resolve(const QString& choice) {
    if (codes().contains(choice))
        return choice;
    const QLocale system;
    if (system.language() == QLocale::Chinese && system.script() != QLocale::TraditionalChineseScript)
        return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

QString Language::translationsDir() {
    const QString app = QCoreApplication::applicationDirPath();
    for (const QString& dir : {app + QStringLiteral("/../share/trainledger/translations"),
                               app + QStringLiteral("/../translations"), QStringLiteral(TL_BUILD_TRANSLATIONS_DIR)})
        if (QFileInfo::exists(dir + QStringLiteral("/trainledger_zh_CN.qm")))
            return QDir::cleanPath(dir);
    return QDir::cleanPath(app + QStringLiteral("/../share/trainledger/translations"));
}

bool Language::apply(const QString& code) {
    for (auto* t : {&g_ours, &g_qt})
        if (*t) {
            QCoreApplication::removeTranslator(t->get());
            t->reset();
        }
    g_current = QStringLiteral("en");
    QLocale::setDefault(QLocale::system());
    if (code == QLatin1String("en"))
        return true;
    auto ours = std::make_unique<Translator>();
    if (!ours->load(QStringLiteral("trainledger_") + code, translationsDir()))
        return false;
    QCoreApplication::installTranslator(ours.get());
    g_ours = std::move(ours);
    // Qt's own strings (file and print dialogs, standard buttons), when qt6-translations-l10n is installed.
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        g_qt = std::move(qt);
    }
    QLocale::setDefault(QLocale(code));
    g_current = code;
    return true;
}

QString Language::current() {
    return g_current;
}

} // namespace tl::ui
