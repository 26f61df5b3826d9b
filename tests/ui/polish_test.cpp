// A demanding new user's walk through the window, offscreen, driven by menus, keys and the wheel:
// - every menu gives each entry its own Alt letter (English and Chinese), so a letter opens the entry it names;
// - the entries added last (Help > How Accurate Is This?, Tools > Calibrate to My Cluster) have shortcuts like the
//   rest, listed in Help > Keyboard Shortcuts, and the shortcut opens them;
// - the accuracy window keeps every column readable and the plot large in presentation mode at 1280 x 720;
// - the planner says what a LoRA / QLoRA run changes about the layouts it ranks.

#include "engine/evaluate.h"
#include "engine/units.h"
#include "io/archive.h"
#include "tests/ui/scripteddialogs.h"
#include "ui/accuracy/accuracywindow.h"
#include "ui/accuracy/calibratedialog.h"
#include "ui/compare/comparewindow.h"
#include "ui/controller.h"
#include "ui/i18n/language.h"
#include "ui/labs/parallelismlab.h"
#include "ui/labs/scalinglab.h"
#include "ui/lessons/classroom.h"
#include "ui/lessons/lessonplayer.h"
#include "ui/lessons/presentation.h"
#include "ui/mainwindow.h"
#include "ui/planner/planchart.h"
#include "ui/planner/planmodel.h"
#include "ui/planner/plannertab.h"
#include "ui/views/plot.h"
#include "ui/views/timeview.h"

#include <QAbstractAxis>
#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QFontMetrics>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLogValueAxis>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <memory>

using namespace tl;

namespace {

void settle() {
    for (int i = 0; i < 5; ++i)
        QApplication::processEvents();
}

// The Alt letter of a menu text ("&File" -> 'f', "文件(&F)" -> 'f'), 0 when it has none.
QChar mnemonic(const QString& text) {
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != QLatin1Char('&'))
            continue;
        if (text[i + 1] == QLatin1Char('&')) {
            ++i;
            continue;
        }
        return text[i + 1].toLower();
    }
    return QChar();
}

// Every menu of the menu bar (and the bar itself): entries without a letter and letters used twice. Lists the user
// fills (recent files, presets, languages) are left out: their entries are names.
QStringList mnemonicProblems(QMenuBar* bar) {
    QStringList problems;
    const auto check = [&](const QList<QAction*>& actions, const QString& where) {
        QHash<QChar, QString> seen;
        for (const QAction* a : actions) {
            if (a->isSeparator() || a->text().isEmpty() || !a->isVisible())
                continue;
            const QChar m = mnemonic(a->text());
            if (m.isNull())
                problems << where + QStringLiteral(": no Alt letter in \"") + a->text() + QLatin1Char('"');
            else if (seen.contains(m))
                problems << where + QStringLiteral(": '") + m + QStringLiteral("' in \"") + seen[m] +
                                QStringLiteral("\" and \"") + a->text() + QLatin1Char('"');
            else
                seen.insert(m, a->text());
        }
    };
    check(bar->actions(), QStringLiteral("menu bar"));
    const std::function<void(QMenu*, const QString&)> walk = [&](QMenu* menu, const QString& path) {
        static const QStringList names = {QStringLiteral("recentMenu"), QStringLiteral("newFromPresetMenu"),
                                          QStringLiteral("languageMenu")};
        if (names.contains(menu->objectName()))
            return;
        check(menu->actions(), path);
        for (QAction* a : menu->actions())
            if (a->menu())
                walk(a->menu(), path + QStringLiteral(" > ") + a->text());
    };
    for (QAction* top : bar->actions())
        if (top->menu())
            walk(top->menu(), top->text());
    return problems;
}

// Alt letters of the window's own widgets (tabs, labels with a buddy, buttons) that another takes where both are
// shown: the menu bar's and the tab bar's letters work wherever the focus is; the docks (parameters, lessons) are shown
// beside every tab; a tab's widgets beside each other. (Qt gives a letter taken twice to neither: it moves the focus.)
QStringList windowLetterClashes(ui::MainWindow& window) {
    struct Taken {
        QString text;
        int tab; // -1: on every tab
    };
    QHash<QChar, QList<Taken>> taken;
    QStringList problems;
    const auto take = [&](const QString& text, int tab) {
        const QChar m = mnemonic(text);
        if (m.isNull())
            return;
        for (const Taken& t : taken.value(m))
            if (t.tab < 0 || tab < 0 || t.tab == tab)
                problems << QStringLiteral("\"") + text + QStringLiteral("\" and \"") + t.text +
                                QStringLiteral("\" both take Alt+") + m.toUpper();
        taken[m] << Taken{text, tab};
    };
    for (const QAction* a : window.menuBar()->actions())
        take(a->text(), -1);
    for (int i = 0; i < window.tabs()->count(); ++i)
        take(window.tabs()->tabText(i), -1);
    const auto tabOf = [&](const QWidget* w) {
        for (; w; w = w->parentWidget())
            if (const int i = window.tabs()->indexOf(const_cast<QWidget*>(w)); i >= 0)
                return i;
        return -1;
    };
    for (const QLabel* l : window.findChildren<QLabel*>())
        if (l->buddy() && l->window() == &window)
            take(l->text(), tabOf(l));
    for (const QAbstractButton* b : window.findChildren<QAbstractButton*>())
        if (b->window() == &window && !b->text().isEmpty())
            take(b->text(), tabOf(b));
    return problems;
}

QAction* action(ui::MainWindow& window, const QString& name) {
    auto* a = window.findChild<QAction*>(name);
    if (!a)
        qFatal("no action %s", qPrintable(name));
    return a;
}

template <typename T> T* shownChild(QWidget& window) {
    for (T* d : window.findChildren<T*>())
        if (d->isVisible())
            return d;
    return nullptr;
}

// The chart's title as drawn (Qt Charts elides a title that does not fit with "...").
QString titleShown(QChart* chart) {
    const QString start = chart->title().left(8);
    const std::function<QString(QGraphicsItem*)> find = [&](QGraphicsItem* item) -> QString {
        for (QGraphicsItem* child : item->childItems()) {
            if (auto* text = dynamic_cast<QGraphicsTextItem*>(child); text && text->isVisible())
                if (const QString plain = text->toPlainText(); plain.startsWith(start.left(4)))
                    return plain;
            if (QString found = find(child); !found.isEmpty())
                return found;
        }
        return {};
    };
    return find(chart);
}

// Every text the chart draws that Qt Charts cut short ("Gradie...").
QStringList elidedTexts(QChart* chart) {
    QStringList out;
    const std::function<void(QGraphicsItem*)> walk = [&](QGraphicsItem* item) {
        for (QGraphicsItem* child : item->childItems()) {
            if (auto* text = dynamic_cast<QGraphicsTextItem*>(child); text && text->isVisible())
                if (const QString plain = text->toPlainText();
                    plain.endsWith(QStringLiteral("...")) || plain.endsWith(QChar(0x2026)))
                    out << plain;
            walk(child);
        }
    };
    walk(chart);
    return out;
}

} // namespace

class PolishTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TrainLedgerTest"));
        QCoreApplication::setApplicationName(QStringLiteral("polish_test"));
        QSettings().clear();
    }
    void cleanup() { ui::Language::apply(QStringLiteral("en")); }

    // Alt+F, then a letter: each entry of each menu has its own letter, in English and in Chinese (a letter used
    // twice only moves the highlight, it opens nothing).
    void everyMenuEntryHasItsOwnAltLetter() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        settle();
        QStringList english = mnemonicProblems(window.menuBar());
        QVERIFY2(english.isEmpty(), qPrintable(QStringLiteral("\n") + english.join(QLatin1Char('\n'))));
        window.setLanguage(QStringLiteral("zh_CN"));
        settle();
        QCOMPARE(ui::Language::current(), QStringLiteral("zh_CN"));
        QStringList chinese = mnemonicProblems(window.menuBar());
        QVERIFY2(chinese.isEmpty(), qPrintable(QStringLiteral("\n") + chinese.join(QLatin1Char('\n'))));
        // A Chinese text whose letter is taken out for a title keeps no "(M)" behind: View > 1 显存与时间, the export
        // titles, Help > Keyboard Shortcuts.
        static const QRegularExpression stray(QStringLiteral("[(\uff08][A-Z][)\uff09]"));
        const std::function<void(QMenu*)> walk = [&](QMenu* menu) {
            for (QAction* a : menu->actions()) {
                QVERIFY2(!stray.match(a->text()).hasMatch(), qPrintable(a->text()));
                if (a->menu())
                    walk(a->menu());
            }
        };
        for (QAction* top : window.menuBar()->actions())
            walk(top->menu());
        QVERIFY2(!stray.match(window.shortcutsText()).hasMatch(), qPrintable(window.shortcutsText()));
    }
    // Alt+E opens the Edit menu, whichever tab is in front: no tab, label or button of the window takes a menu's
    // letter (the Pipeline tab took Alt+E, so the Edit menu could not be opened from the keyboard).
    void theMenuBarKeepsItsAltLetters() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        settle();
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            window.setLanguage(language);
            settle();
            const QStringList clashes = windowLetterClashes(window);
            QVERIFY2(clashes.isEmpty(), qPrintable(language + QLatin1Char('\n') + clashes.join(QLatin1Char('\n'))));
        }
        window.setLanguage(QStringLiteral("en"));
        settle();
        window.tabs()->setCurrentIndex(0);
        window.activateWindow();
        auto* edit = window.menuBar()->findChild<QMenu*>(QStringLiteral("editMenu"));
        QVERIFY(edit);
        QTest::keyClick(&window, Qt::Key_E, Qt::AltModifier);
        QTRY_VERIFY(edit->isVisible());
        QCOMPARE(window.tabs()->currentIndex(), 0);
        edit->close();
    }

    // The entries added last have shortcuts like the rest, Help > Keyboard Shortcuts lists them, and pressing them
    // opens the window and the dialog; no two actions share a shortcut.
    void theNewEntriesHaveShortcuts() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        settle();
        QAction* accuracy = action(window, QStringLiteral("accuracyAction"));
        QAction* calibrate = action(window, QStringLiteral("calibrateAction"));
        QCOMPARE(accuracy->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
        QCOMPARE(calibrate->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
        const QString listed = window.shortcutsText();
        QVERIFY2(listed.contains(QStringLiteral("How Accurate Is This?\tCtrl+Shift+A")), qPrintable(listed));
        QVERIFY2(listed.contains(QStringLiteral("Calibrate to My Cluster\u2026\tCtrl+Shift+C")), qPrintable(listed));
        QHash<QKeySequence, QString> seen;
        for (const QAction* a : window.findChildren<QAction*>())
            for (const QKeySequence& k : a->shortcuts()) {
                QVERIFY2(
                    !seen.contains(k) || seen[k] == a->objectName(),
                    qPrintable(k.toString() + QStringLiteral(": ") + seen[k] + QStringLiteral(", ") + a->objectName()));
                seen.insert(k, a->objectName());
            }

        QTest::keyClick(&window, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
        settle();
        QVERIFY(window.accuracyWindow() && window.accuracyWindow()->isVisible());
        window.accuracyWindow()->close();
        window.activateWindow();
        settle();
        QTest::keyClick(&window, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        settle();
        ui::CalibrateDialog* dialog = shownChild<ui::CalibrateDialog>(window);
        QVERIFY(dialog);
        dialog->close();
    }

    // Every menu entry MainWindow declares keeps its menu, object name, text (with its Alt letter), shortcuts, tooltip,
    // status tip and check box (ui/mainwindow.cpp declares each entry once, through one helper).
    void theMenuEntriesKeepTheirDeclarations() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        struct Entry {
            const char* menu;
            const char* name;
            const char* text;
            QList<QKeySequence> keys = {};
            const char* toolTip = nullptr; // nullptr: Qt's default (the text)
            const char* statusTip = "";
            bool checkable = false;
        };
        const Entry expected[] = {
            {"", "fileMenu", "&File"},
            {"fileMenu",
             "newAction",
             "&New",
             {QKeySequence::New},
             "A new untitled scenario: the built-in Qwen3-8B example"},
            {"fileMenu", "newFromPresetMenu", "New &from Preset"},
            {"fileMenu", "openAction", "&Open\u2026", {QKeySequence::Open}},
            {"fileMenu", "recentMenu", "Open &Recent"},
            {"fileMenu",
             "importModelAction",
             "&Import Model\u2026",
             {QKeySequence(Qt::CTRL | Qt::Key_I)},
             "A Hugging Face config.json: every model key from it, the rest of the scenario kept"},
            {"fileMenu",
             "importTrainingAction",
             "Import &Training Config\u2026",
             {},
             "A Megatron-LM argument list, a torchtitan .toml or a DeepSpeed .json: the layout, batch and precision it "
             "sets"},
            {"fileMenu", "saveAction", "&Save", {QKeySequence::Save}},
            {"fileMenu", "saveAsAction", "Save &As\u2026", {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)}},
            {"fileMenu", "revertAction", "Re&vert", {}, "Reload the file from disk, discarding unsaved changes"},
            {"fileMenu",
             "compareAction",
             "&Compare With\u2026",
             {QKeySequence(Qt::CTRL | Qt::Key_D)},
             "Show this scenario (A) beside a scenario file (B)"},
            {"fileMenu", "exportMenu", "E&xport"},
            {"fileMenu",
             "exportReportAction",
             "&Export Report\u2026",
             {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E)},
             "A one- or two-page PDF: the verdict, the plan, both charts, the key figures and the assumptions"},
            {"fileMenu",
             "exportLaunchAction",
             "Export &Launch Config\u2026",
             {},
             "The model and layout as Megatron-LM flags (.sh), a torchtitan TOML (.toml) or a DeepSpeed JSON (.json)"},
            {"fileMenu", "printAction", "&Print\u2026", {QKeySequence::Print}, "Print the report"},
            {"fileMenu", "resetAction", "Reset to the &Built-in Scenario"},
            {"fileMenu", "quitAction", "&Quit", {QKeySequence::Quit}},
            {"", "editMenu", "&Edit"},
            {"editMenu", "undoAction", "&Undo", {QKeySequence::Undo}},
            {"editMenu",
             "redoAction",
             "&Redo",
             {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)}},
            {"editMenu", "copyAction", "&Copy Ledger Rows"},
            {"", "viewMenu", "&View"},
            {"viewMenu",
             "binaryUnitsAction",
             "&Binary Units (GiB)",
             {QKeySequence(Qt::CTRL | Qt::Key_B)},
             nullptr,
             "",
             true},
            {"viewMenu", "notesAction", "&Notes", {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N)}, nullptr, "", true},
            {"viewMenu", "languageMenu", "&Language"},
            {"languageMenu", "language:", "&System Default", {}, nullptr, "", true},
            {"", "toolsMenu", "&Tools"},
            {"toolsMenu",
             "calibrateAction",
             "&Calibrate to My Cluster\u2026",
             {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C)},
             nullptr,
             "Fit the efficiency figures to step times you measured on your own GPUs"},
            {"", "helpMenu", "&Help"},
            {"helpMenu", "userGuideAction", "&User Guide", {QKeySequence::HelpContents}},
            {"helpMenu", "shortcutsAction", "&Keyboard Shortcuts"},
            {"helpMenu",
             "accuracyAction",
             "&How Accurate Is This?",
             {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A)},
             nullptr,
             "Every published run the derived step time is checked on, predicted against published"},
            {"helpMenu", "aboutAction", "&About TrainLedger"},
        };
        // Each entry with the menu that holds it, walking the menu bar as a person does.
        QHash<QString, std::pair<QString, QAction*>> found;
        const std::function<void(QMenu*)> walk = [&](QMenu* menu) {
            for (QAction* a : menu->actions()) {
                if (a->isSeparator())
                    continue;
                const QString name = a->menu() ? a->menu()->objectName() : a->objectName();
                if (!found.contains(name))
                    found.insert(name, {menu->objectName(), a});
                if (a->menu())
                    walk(a->menu());
            }
        };
        for (QAction* top : window.menuBar()->actions()) {
            found.insert(top->menu()->objectName(), {QString(), top});
            walk(top->menu());
        }
        for (const Entry& e : expected) {
            const QString name = QString::fromLatin1(e.name);
            QVERIFY2(found.contains(name), e.name);
            const auto& [menu, a] = found.value(name);
            QCOMPARE(menu, QString::fromLatin1(e.menu));
            QCOMPARE(a->text(), QString::fromUtf8(e.text));
            // A standard key the platform does not bind (Quit, offscreen) is no shortcut at all.
            const auto bound = [](QList<QKeySequence> keys) {
                keys.removeAll(QKeySequence());
                return keys;
            };
            QVERIFY2(bound(a->shortcuts()) == bound(e.keys),
                     qPrintable(name + QStringLiteral(": ") + QKeySequence::listToString(a->shortcuts())));
            QAction plain;
            plain.setText(a->text());
            QCOMPARE(a->toolTip(), e.toolTip ? QString::fromUtf8(e.toolTip) : plain.toolTip());
            QCOMPARE(a->statusTip(), QString::fromUtf8(e.statusTip));
            QCOMPARE(a->isCheckable(), e.checkable);
        }
    }

    // Presentation mode hides the menu bar; its shortcuts keep working: Ctrl+B switches the units, Ctrl+Z undoes,
    // Ctrl+Shift+A shows how accurate the step time is (before, every menu shortcut but F5 and Ctrl+E was dead).
    void menuShortcutsWorkWhilePresenting() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        settle();
        QTest::keyClick(&window, Qt::Key_F5);
        settle();
        QVERIFY(window.classroom().presentation->isActive());
        QVERIFY(!window.menuBar()->isVisible());
        QAction* gib = action(window, QStringLiteral("binaryUnitsAction"));
        QVERIFY(!gib->isChecked());
        QTest::keyClick(&window, Qt::Key_B, Qt::ControlModifier);
        settle();
        QVERIFY(gib->isChecked());
        QVERIFY(controller.setValue("parallel.dp", 16.0));
        QTest::keyClick(&window, Qt::Key_Z, Qt::ControlModifier);
        settle();
        QCOMPARE(controller.scenario().parallel.dp, 8);
        QTest::keyClick(&window, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
        settle();
        QVERIFY(window.accuracyWindow() && window.accuracyWindow()->isVisible());
        window.accuracyWindow()->close();
    }
    // Presentation mode at 1280 x 720 (F5, then Ctrl+Shift+A): the type doubles, so the runs and the plot become two
    // pages: every column of the runs table is readable without scrolling sideways (the error first of all), the plot
    // takes most of the window, Alt+P and Alt+R turn the pages, and the window stays on its screen. Leaving
    // presentation mode puts the table beside the plot again. (Before, both shared the width: three columns were cut
    // off, the axis titles elided, the plot 300 px wide.)
    void theAccuracyWindowIsReadableWhenPresenting() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        settle();
        QTest::keyClick(&window, Qt::Key_F5);
        settle();
        QVERIFY(window.classroom().presentation->isActive());
        QTest::keyClick(&window, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
        settle();
        ui::AccuracyWindow* a = window.accuracyWindow();
        QVERIFY(a && a->isVisible());
        QVERIFY(QTest::qWaitForWindowExposed(a));
        QVERIFY2(a->screen()->availableGeometry().contains(a->frameGeometry()),
                 qPrintable(QStringLiteral("%1,%2 %3 x %4").arg(a->x()).arg(a->y()).arg(a->width()).arg(a->height())));
        a->resize(1280, 720); // as large as a 1280 x 720 screen lets it grow
        settle();
        QVERIFY(a->isCompact());
        QTableWidget* runs = a->runsTable();
        QVERIFY(runs->isVisible());
        int columns = 0;
        for (int c = 0; c < runs->columnCount(); ++c)
            if (!runs->isColumnHidden(c))
                columns += runs->horizontalHeader()->sectionSize(c);
        QVERIFY2(columns <= runs->viewport()->width(),
                 qPrintable(QStringLiteral("%1 > %2").arg(columns).arg(runs->viewport()->width())));
        QVERIFY(!runs->isColumnHidden(2)); // the error
        const int errorWidth = runs->horizontalHeader()->sectionSize(2);
        int widestError = 0; // every error reads in full
        for (int r = 0; r < runs->rowCount(); ++r)
            widestError = std::max(widestError, runs->fontMetrics().horizontalAdvance(runs->item(r, 2)->text()));
        QVERIFY2(errorWidth >= widestError, qPrintable(QStringLiteral("%1 < %2").arg(errorWidth).arg(widestError)));

        QTest::keyClick(a, Qt::Key_P, Qt::AltModifier);
        settle();
        QVERIFY(a->chartView()->isVisible());
        QVERIFY(!runs->isVisible());
        const QRectF plot = a->chartView()->chart()->plotArea();
        for (QAbstractAxis* axis : a->chartView()->chart()->axes()) { // the axis titles read in full
            const int length = QFontMetrics(axis->titleFont()).horizontalAdvance(axis->titleText());
            const double room = axis->orientation() == Qt::Vertical ? plot.height() : plot.width();
            QVERIFY2(length <= room,
                     qPrintable(QStringLiteral("%1: %2 > %3").arg(axis->titleText()).arg(length).arg(room)));
        }
        const QString title = a->chartView()->chart()->title(); // the units are said once, in the chart's title
        QVERIFY2(QFontMetrics(a->chartView()->chart()->titleFont()).horizontalAdvance(title) <= a->chartView()->width(),
                 qPrintable(title));
        QVERIFY(title.contains(QStringLiteral("seconds per step")) && title.contains(QStringLiteral("GiB")));
        QVERIFY2(plot.width() >= 0.5 * a->width() && plot.height() >= 0.5 * a->height(),
                 qPrintable(QStringLiteral("plot %1 x %2 in %3 x %4")
                                .arg(plot.width())
                                .arg(plot.height())
                                .arg(a->width())
                                .arg(a->height())));
        QTest::keyClick(a, Qt::Key_R, Qt::AltModifier);
        settle();
        QVERIFY(runs->isVisible());

        QTest::keyClick(a, Qt::Key_F5); // presentation mode follows its key from the accuracy window too
        settle();
        QVERIFY(!window.classroom().presentation->isActive());
        a->resize(1200, 660);
        settle();
        QVERIFY(!a->isCompact());
        QVERIFY(runs->isVisible() && a->chartView()->isVisible());
        QVERIFY(!runs->isColumnHidden(2));
    }
    // View > Lessons (Ctrl+L) at 1280 x 720, not presenting, then Next: the lessons take no third column from the
    // charts; the days chart keeps a plot a person can read, and the parameters stay on screen beside it. (Before, the
    // lessons stood right of the tabs: the days chart's plot was about 200 x 100 px.)
    void theLessonsLeaveTheChartsTheirRoom() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        settle();
        QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
        settle();
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("lessonsDock"));
        QVERIFY(dock && dock->isVisible());
        auto* next = dock->findChild<QPushButton*>(QStringLiteral("lessonNext"));
        QVERIFY(next && next->isVisible());
        QTest::mouseClick(next, Qt::LeftButton);
        settle();
        QVERIFY(window.classroom().player->step());
        QTest::keyClick(&window, Qt::Key_1, Qt::AltModifier); // View > 1 Memory and time
        settle();
        auto* time = window.view<ui::TimeView>();
        QVERIFY(time && time->isVisible());
        const QRectF plot = time->plot()->plotArea();
        QVERIFY2(plot.width() >= 330 && plot.height() >= 150,
                 qPrintable(QStringLiteral("days plot %1 x %2").arg(plot.width()).arg(plot.height())));
        auto* parameters = window.findChild<QDockWidget*>(QStringLiteral("parametersDock"));
        QVERIFY(parameters && parameters->isVisible() && !parameters->visibleRegion().isEmpty());
        QVERIFY(next->isVisible() && !next->visibleRegion().isEmpty());
        QVERIFY(next->mapTo(&window, QPoint(next->width(), next->height())).x() <= window.width());
        // Closed and opened on a wide window, the lessons stand beside the tabs again.
        QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
        settle();
        QVERIFY(!dock->isVisible());
        window.resize(1900, 1000);
        settle();
        QTest::keyClick(&window, Qt::Key_L, Qt::ControlModifier);
        settle();
        QCOMPARE(window.dockWidgetArea(dock), Qt::RightDockWidgetArea);
        QVERIFY(time->plot()->plotArea().width() >= 330);
    }
    // Help > How Accurate Is This? (Ctrl+Shift+A) at 1280 x 720, not presenting, English and Chinese: the chart's
    // title says its units in full (it read "... (memory rows: GiB per ..." elided); it breaks into two lines where
    // one does not fit, and stays one line where it does. In Chinese the "memory" group is 显存 (it was English).
    void theAccuracyChartTitleKeepsItsUnits() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            window.setLanguage(language);
            settle();
            window.activateWindow();
            QApplication::setActiveWindow(&window);
            QTest::keyClick(&window, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
            settle();
            ui::AccuracyWindow* a = window.accuracyWindow();
            QVERIFY(a && a->isVisible());
            QVERIFY(QTest::qWaitForWindowExposed(a));
            // Every width the window can take on a 1280 x 720 screen with the plot beside the runs.
            int sideBySide = 0;
            for (int width = 960; width <= 1280; width += 40) {
                a->resize(width, 660);
                settle();
                if (a->isCompact())
                    continue;
                ++sideBySide;
                QChart* chart = a->chartView()->chart();
                const QString title = chart->title();
                QVERIFY2(title.contains(language == QLatin1String("en") ? QStringLiteral("GiB per GPU")
                                                                        : QStringLiteral("每 GPU 的 GiB")),
                         qPrintable(title));
                const QString shown = titleShown(chart);
                QVERIFY2(!shown.isEmpty() && !shown.contains(QStringLiteral("...")) && !shown.contains(QChar(0x2026)),
                         qPrintable(language + QStringLiteral(" at %1 px: \"%2\"").arg(width).arg(shown)));
            }
            QVERIFY(sideBySide >= 3);
            if (language != QLatin1String("en")) { // the groups' words in Chinese: the groups table and the legend
                auto* groups = a->findChild<QTableWidget*>(QStringLiteral("accuracyGroups"));
                QVERIFY(groups);
                QStringList names;
                for (int r = 0; r < groups->rowCount(); ++r)
                    names << groups->item(r, 0)->text();
                QVERIFY2(names.contains(QStringLiteral("显存")) && !names.contains(QStringLiteral("memory")),
                         qPrintable(names.join(QStringLiteral(", "))));
                for (QAbstractSeries* series : a->chartView()->chart()->series())
                    QVERIFY2(!series->name().startsWith(QStringLiteral("memory")), qPrintable(series->name()));
            }
            a->resize(1900, 1000); // wide: one line
            settle();
            QVERIFY2(!a->chartView()->chart()->title().contains(QStringLiteral("<br>")),
                     qPrintable(a->chartView()->chart()->title()));
            a->close();
        }
    }
    // Issue 26: the planner says what a LoRA run changes about the layouts it ranks, with the engine's trainable
    // parameters and frozen bytes; a full training run gets no such note.
    void thePlannerShowsItsRankingFiguresAndExplainsFineTuning() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        auto* planner = window.view<ui::PlannerTab>();
        QTest::keyClick(&window, Qt::Key_4, Qt::AltModifier); // View > 4 Planner
        settle();
        QCOMPARE(window.tabs()->currentWidget(), planner);
        const auto planOn8 = [&] {
            QLineEdit* gpus = planner->gpusEdit();
            gpus->setFocus();
            gpus->selectAll();
            QTest::keyClicks(gpus, QStringLiteral("8"));
            QSignalSpy finished(planner, &ui::PlannerTab::finished);
            QTest::keyClick(gpus, Qt::Key_Return);
            QVERIFY(finished.wait(60000));
            settle();
        };
        planOn8();
        QVERIFY(!planner->statusLabel()->text().contains(QStringLiteral("LoRA")));
        // At 1280 x 720 the figures the plans are ranked by (GPUs, days, dollars) show without scrolling sideways: the
        // layout column, elided in the middle, gives way (before, it pushed them out of sight).
        QTableView* table = planner->findChild<QTableView*>(QStringLiteral("plannerTable"));
        QVERIFY(table && table->isVisible());
        for (int c : {ui::PlanModel::Gpus, ui::PlanModel::Days, ui::PlanModel::Cost}) {
            const int right =
                table->horizontalHeader()->sectionViewportPosition(c) + table->horizontalHeader()->sectionSize(c);
            QVERIFY2(
                right <= table->viewport()->width(),
                qPrintable(
                    QStringLiteral("column %1 ends at %2 of %3").arg(c).arg(right).arg(table->viewport()->width())));
        }

        QVERIFY(controller.setValue("finetune.method", std::string("lora")));
        const engine::Ledger ledger = engine::evaluate(controller.scenario());
        QVERIFY(ledger.params.trainable > 0 && ledger.params.trainable < ledger.params.total / 100);
        planOn8();
        const QString status = planner->statusLabel()->text();
        QVERIFY2(status.contains(QStringLiteral("LoRA run: only the ") +
                                 QString::fromStdString(engine::groupDigits(double(ledger.params.trainable))) +
                                 QStringLiteral(" adapter parameters are trained")),
                 qPrintable(status));
        QVERIFY2(status.contains(QString::fromStdString(engine::formatGB(ledger.state.frozenWeightBytes))),
                 qPrintable(status));
    }
    // View > 4 Planner at 1280 x 720, English and Chinese: after a plan every column of the table shows without
    // scrolling sideways; each figure reads in full with its unit, the layout and the bottleneck give way (elided in
    // the middle, their tooltips say all). (Before, Memory, Free and Bottleneck were off to the right.)
    void thePlannerTableFitsTheWidth() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        auto* planner = window.view<ui::PlannerTab>();
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            window.setLanguage(language);
            settle();
            QTest::keyClick(&window, Qt::Key_4, Qt::AltModifier);
            settle();
            QCOMPARE(window.tabs()->currentWidget(), planner);
            QLineEdit* gpus = planner->gpusEdit();
            gpus->setFocus();
            gpus->selectAll();
            QTest::keyClicks(gpus, QStringLiteral("8:64"));
            QSignalSpy finished(planner, &ui::PlannerTab::finished);
            QTest::keyClick(gpus, Qt::Key_Return);
            QVERIFY(finished.wait(60000));
            settle();
            auto* table = planner->findChild<QTableView*>(QStringLiteral("plannerTable"));
            QVERIFY(table && table->model()->rowCount() > 0);
            QHeaderView* header = table->horizontalHeader();
            QCOMPARE(table->horizontalScrollBar()->maximum(), 0);
            const int last = ui::PlanModel::ColumnCount - 1;
            QVERIFY2(header->sectionViewportPosition(last) + header->sectionSize(last) <= table->viewport()->width(),
                     qPrintable(language + QStringLiteral(": the last column ends at %1 of %2")
                                               .arg(header->sectionViewportPosition(last) + header->sectionSize(last))
                                               .arg(table->viewport()->width())));
            const QFontMetrics fm(table->font());
            for (int c = 0; c < ui::PlanModel::ColumnCount; ++c) { // each title reads in full
                const QString title = table->model()->headerData(c, Qt::Horizontal).toString();
                const int arrow = c == header->sortIndicatorSection() ? header->height() : 0;
                QFont bold = header->font(); // a selected row's sections are drawn bold
                bold.setBold(true);
                QVERIFY2(QFontMetrics(bold).horizontalAdvance(title) + arrow + 4 <= header->sectionSize(c),
                         qPrintable(language +
                                    QStringLiteral(": title \"%1\" in %2 px").arg(title).arg(header->sectionSize(c))));
            }
            for (int c = 0; c < ui::PlanModel::ColumnCount; ++c) {
                if (c == ui::PlanModel::Layout || c == ui::PlanModel::Bottleneck) {
                    QVERIFY2(header->sectionSize(c) >= 60,
                             qPrintable(QStringLiteral("column %1: %2 px").arg(c).arg(header->sectionSize(c))));
                    QVERIFY(!table->model()->index(0, c).data(Qt::ToolTipRole).toString().isEmpty());
                    continue;
                }
                for (int r = 0; r < table->model()->rowCount(); ++r) {
                    const QString text = table->model()->index(r, c).data().toString();
                    QVERIFY2(fm.horizontalAdvance(text) + 6 <= header->sectionSize(c),
                             qPrintable(language +
                                        QStringLiteral(": \"%1\" in %2 px").arg(text).arg(header->sectionSize(c))));
                }
            }
        }
    }
    // File > Compare With (Ctrl+D) in the Chinese window: the Compare window fits its screen, and the figures in its
    // table are in Chinese with their units ("19.3 天", not "19.3 days"; B - A "+8 个副本", not "+8 replicas").
    void compareFitsTheScreenAndSpeaksTheLanguage() {
        QTemporaryDir dir;
        engine::Scenario b;
        b.parallel.dp = 16;
        const QString path = dir.filePath(QStringLiteral("b.trainledger"));
        QVERIFY(!io::saveArchive(path, b));
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.resize(800, 600);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setLanguage(QStringLiteral("zh_CN"));
        settle();
        QVERIFY(window.compareWith(path));
        ui::CompareWindow* compare = window.compareWindow();
        QVERIFY(compare && compare->isVisible());
        QVERIFY(QTest::qWaitForWindowExposed(compare));
        QVERIFY2(compare->screen()->availableGeometry().contains(compare->frameGeometry()),
                 qPrintable(QStringLiteral("%1 x %2").arg(compare->width()).arg(compare->height())));
        auto* table = compare->findChild<QTableWidget*>(QStringLiteral("compareTable"));
        QVERIFY(table);
        const engine::Ledger a = engine::evaluate(engine::Scenario{});
        const QString days = QString::fromStdString(engine::formatFixed(a.time.days, 1));
        bool seen = false;
        for (int r = 0; r < table->rowCount(); ++r)
            for (int c = 0; c < table->columnCount(); ++c)
                if (const QTableWidgetItem* item = table->item(r, c)) {
                    QVERIFY2(!item->text().contains(QStringLiteral("days")) &&
                                 !item->text().contains(QStringLiteral("replicas")),
                             qPrintable(item->text()));
                    seen = seen || item->text() == days + QStringLiteral(" 天");
                }
        QVERIFY2(seen, qPrintable(days));
    }
    // File > Compare With (Ctrl+D) on a 1280 x 720 screen, English and Chinese: no label of either chart is cut short
    // (the memory chart's categories read "Gradie...", "Optimi...", "Activat..."): where they do not fit side by
    // side they slant (steeper where the window is narrower: a 1000 px wide window's categories stand upright).
    void compareChartsCutNoLabel() {
        QTemporaryDir dir;
        engine::Scenario b;
        b.parallel.dp = 16;
        const QString path = dir.filePath(QStringLiteral("b.trainledger"));
        QVERIFY(!io::saveArchive(path, b));
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.compareWith(path));
        ui::CompareWindow* compare = window.compareWindow();
        QVERIFY(compare && QTest::qWaitForWindowExposed(compare));
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            window.setLanguage(language);
            for (const QSize size : {QSize(1280, 690), QSize(1900, 1000)}) {
                compare->resize(size);
                settle();
                for (QChartView* view : compare->chartViews()) {
                    const QStringList cut = elidedTexts(view->chart());
                    QVERIFY2(cut.isEmpty(),
                             qPrintable(language + QStringLiteral(" %1 x %2: ").arg(size.width()).arg(size.height()) +
                                        cut.join(QStringLiteral(", "))));
                }
            }
            // Wide, the shared deadline is named in full ...
            const auto legendLabels = [compare] {
                QStringList labels;
                for (QLegendMarker* marker : compare->chartViews().back()->chart()->legend()->markers())
                    if (marker->isVisible())
                        labels << marker->label();
                return labels;
            };
            const QString both = QCoreApplication::translate("CompareWindow", "Deadline (both)");
            QVERIFY2(legendLabels().contains(both), qPrintable(legendLabels().join(QLatin1Char('|'))));
            // ... and at 1000 px the memory chart's categories and the days chart's legend ("Deadline (bo...") read
            // in full: the deadline is "Deadline", with its whole name in a tooltip.
            compare->resize(1000, 690);
            settle();
            for (QChartView* view : compare->chartViews()) {
                const QStringList cut = elidedTexts(view->chart());
                QVERIFY2(cut.isEmpty(),
                         qPrintable(language + QStringLiteral(" 1000 x 690: ") + cut.join(QStringLiteral(", "))));
            }
            QVERIFY2(legendLabels().contains(QCoreApplication::translate("CompareWindow", "Deadline")),
                     qPrintable(legendLabels().join(QLatin1Char('|'))));
        }
    }
    // File > Open (Ctrl+O) in a fresh home without a Documents folder starts in a folder that exists (it started in
    // the missing Documents folder, which the file dialog offered as the name of the file to open).
    void openStartsInAFolderThatExists() {
        QTemporaryDir home;
        const QByteArray oldHome = qgetenv("HOME");
        qputenv("HOME", QFile::encodeName(home.path()));
        QSettings().clear(); // no recent files
        const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        QVERIFY2(!QFileInfo(documents).exists(), qPrintable(documents));
        test::ScriptedDialogs dialogs;
        dialogs.openNames << QString(); // cancelled
        {
            ui::Controller controller;
            ui::MainWindow window(&controller, ui::MainWindow::Options{false, &dialogs});
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.activateWindow();
            QTest::keyClick(&window, Qt::Key_O, Qt::ControlModifier);
            settle();
        }
        qputenv("HOME", oldHome);
        QCOMPARE(dialogs.asked, QStringList{QStringLiteral("open")});
        QVERIFY2(QFileInfo(dialogs.openDirs.value(0)).isDir(), qPrintable(dialogs.openDirs.value(0)));
    }
    // View > 5 Parallelism lab at 1280 x 720, each page (and the attention block): no page scrolls sideways, and the
    // headlines (the green and red result lines) read in full inside the page, wrapped; the matrices scroll in their
    // own box. (Before, the unwrapped "A by columns..." line made the whole page scroll sideways, cut at the right.)
    void theParallelismLabFitsTheWidth() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        QTest::keyClick(&window, Qt::Key_5, Qt::AltModifier);
        settle();
        auto* lab = window.view<ui::labs::ParallelismLab>();
        QVERIFY(lab && lab->isVisible());
        const auto check = [&](const QString& where) {
            auto* area = qobject_cast<QScrollArea*>(lab->pages()->currentWidget());
            QVERIFY(area);
            QVERIFY2(
                area->horizontalScrollBar()->maximum() == 0,
                qPrintable(where +
                           QStringLiteral(": scrolls %1 px sideways").arg(area->horizontalScrollBar()->maximum())));
            int lines = 0;
            for (QLabel* l : area->widget()->findChildren<QLabel*>()) {
                if (!l->isVisible() || l->text().isEmpty())
                    continue;
                ++lines;
                const int right = l->mapTo(area->viewport(), QPoint(l->width(), 0)).x();
                QVERIFY2(right <= area->viewport()->width(),
                         qPrintable(where + QStringLiteral(": \"%1\" ends at %2 of %3")
                                                .arg(l->text())
                                                .arg(right)
                                                .arg(area->viewport()->width())));
                const int needed = l->wordWrap() ? l->heightForWidth(l->width()) : l->sizeHint().height();
                QVERIFY2(needed <= l->height() && (l->wordWrap() || l->sizeHint().width() <= l->width()),
                         qPrintable(where + QStringLiteral(": \"%1\" cut").arg(l->text())));
            }
            QVERIFY(lines >= 2);
        };
        for (int page = 0; page < lab->pages()->count(); ++page) {
            lab->pages()->setCurrentIndex(page);
            settle();
            check(lab->pages()->tabText(page));
        }
        lab->pages()->setCurrentIndex(0);
        QComboBox* block = lab->tensorPage()->blockCombo();
        block->setFocus();
        QTest::keyClick(block, Qt::Key_Down); // Attention: split by heads
        settle();
        QCOMPARE(block->currentIndex(), 1);
        check(QStringLiteral("attention"));
    }
    // View > 6 Scaling laws at 1280 x 720: neither page scrolls sideways (the chart's title and legend were cut off
    // at the right); the chart goes under the table and the page scrolls down. Wider, they stand side by side again.
    void theScalingLabFitsTheWidth() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        QTest::keyClick(&window, Qt::Key_6, Qt::AltModifier);
        settle();
        auto* lab = window.view<ui::labs::ScalingLab>();
        QVERIFY(lab && lab->isVisible());
        for (int page = 0; page < lab->pages()->count(); ++page) {
            lab->pages()->setCurrentIndex(page);
            settle();
            auto* area = qobject_cast<QScrollArea*>(lab->pages()->currentWidget());
            QVERIFY(area);
            QCOMPARE(area->horizontalScrollBar()->maximum(), 0);
            auto* chart = area->widget()->findChild<QChartView*>();
            QVERIFY(chart && chart->isVisible());
            auto* table = area->widget()->findChild<QTableWidget*>(); // its rows all show, above the chart
            QVERIFY(table);
            if (table->rowCount() > 0) {
                const int last =
                    table->rowViewportPosition(table->rowCount() - 1) + table->rowHeight(table->rowCount() - 1);
                QVERIFY2(last <= table->viewport()->height(),
                         qPrintable(QStringLiteral("%1 > %2").arg(last).arg(table->viewport()->height())));
            }
            QVERIFY(chart->mapTo(area->viewport(), QPoint(chart->width(), 0)).x() <= area->viewport()->width());
        }
        window.resize(1900, 1000);
        settle();
        auto* area = qobject_cast<QScrollArea*>(lab->pages()->currentWidget());
        auto* chart = area->widget()->findChild<QChartView*>();
        auto* table = area->widget()->findChild<QTableWidget*>();
        QVERIFY(chart && table);
        QVERIFY(chart->mapTo(area->widget(), QPoint(0, 0)).x() > table->mapTo(area->widget(), QPoint(0, 0)).x());
    }
    // Presentation mode (F5) on the planner tab before its first search: the axes' placeholder numbers stay
    // transparent (presenting drew every chart's labels black, so made-up days and dollars showed); a search while
    // presenting shows its numbers, and they stay shown after F5 again.
    void presentingThePlannerShowsNoPlaceholderNumbers() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        settle();
        auto* planner = window.view<ui::PlannerTab>();
        QTest::keyClick(&window, Qt::Key_4, Qt::AltModifier); // View > 4 Planner
        settle();
        QCOMPARE(window.tabs()->currentWidget(), planner);
        QCOMPARE(planner->chart()->daysAxis()->labelsColor().alpha(), 0); // nothing searched yet
        QTest::keyClick(&window, Qt::Key_F5);
        settle();
        QVERIFY(window.classroom().presentation->isActive());
        QCOMPARE(planner->chart()->daysAxis()->labelsColor().alpha(), 0);
        QCOMPARE(planner->chart()->costAxis()->labelsColor().alpha(), 0);
        QLineEdit* gpus = planner->gpusEdit();
        gpus->setFocus();
        gpus->selectAll();
        QTest::keyClicks(gpus, QStringLiteral("8:64"));
        QSignalSpy finished(planner, &ui::PlannerTab::finished);
        QTest::keyClick(gpus, Qt::Key_Return);
        QVERIFY(finished.wait(60000));
        settle();
        QCOMPARE(planner->chart()->daysAxis()->labelsColor().alpha(), 255);
        QTest::keyClick(&window, Qt::Key_F5);
        settle();
        QVERIFY(!window.classroom().presentation->isActive());
        QCOMPARE(planner->chart()->daysAxis()->labelsColor().alpha(), 255);
        QCOMPARE(planner->chart()->costAxis()->labelsColor().alpha(), 255);
    }
};

QTEST_MAIN(PolishTest)
#include "polish_test.moc"
