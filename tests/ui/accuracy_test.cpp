// Issue 21 in the window, driven through the menus as a person does (offscreen):
// - Help > How Accurate Is This? shows every row of engine::validationTable() (the table trainledger-cli --validate
//   prints), the engine's group means, one plotted series per group, and closes with Esc;
// - Tools > Calibrate to My Cluster on the torchtitan 8B 8-GPU row: typing its measured step and applying moves
//   efficiency.gemm_fraction, which survives File > Save and reopening, and Edit > Undo takes back; a negative or
//   empty time is refused in one line naming the field; a runs CSV is read by the CLI's reader;
// - in derived mode the verdict and the step view say the band of published runs like this one, in fixed mode not.

#include "engine/calibrate.h"
#include "engine/published.h"
#include "engine/units.h"
#include "scripteddialogs.h"
#include "ui/accuracy/accuracywindow.h"
#include "ui/accuracy/calibratedialog.h"
#include "ui/controller.h"
#include "ui/document.h"
#include "ui/i18n/enginetext.h"
#include "ui/i18n/language.h"
#include "ui/mainwindow.h"
#include "ui/views/steptimeview.h"
#include "ui/views/verdictbanner.h"

#include <QAction>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <memory>
#include <set>
#include <tuple>

using namespace tl;

namespace {

void settle() {
    for (int i = 0; i < 5; ++i)
        QApplication::processEvents();
}

// Opens the menu bar's menu and clicks the action, as the mouse does.
void clickMenu(ui::MainWindow& w, const QString& menuName, const QString& actionName) {
    auto* menu = w.menuBar()->findChild<QMenu*>(menuName);
    QVERIFY2(menu, qPrintable(menuName));
    QAction* action = nullptr;
    for (QAction* a : menu->actions())
        if (a->objectName() == actionName)
            action = a;
    QVERIFY2(action, qPrintable(actionName));
    QSignalSpy triggered(action, &QAction::triggered);
    menu->popup(w.mapToGlobal(QPoint(10, 10)));
    QVERIFY(QTest::qWaitForWindowExposed(menu));
    QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(action).center());
    settle();
    QCOMPARE(triggered.count(), 1);
}

const engine::PublishedRun& row(const std::string& name) {
    for (const engine::PublishedRun& r : engine::publishedRuns())
        if (r.run == name)
            return r;
    qFatal("no published run %s", name.c_str());
}

const engine::RunCheck& check(const std::string& name) {
    for (const engine::RunCheck& r : engine::validationTable().rows)
        if (r.run == name)
            return r;
    qFatal("no validation row %s", name.c_str());
}

} // namespace

class AccuracyTest : public QObject {
    Q_OBJECT

private:
    test::ScriptedDialogs m_dialogs;
    std::unique_ptr<ui::Controller> m_controller;
    std::unique_ptr<ui::MainWindow> m_window;

    ui::CalibrateDialog* openCalibrate() {
        clickMenu(*m_window, QStringLiteral("toolsMenu"), QStringLiteral("calibrateAction"));
        for (auto* d : m_window->findChildren<ui::CalibrateDialog*>())
            if (d->isVisible())
                return d;
        return nullptr;
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TrainLedgerTest"));
        QCoreApplication::setApplicationName(QStringLiteral("accuracy_test"));
        QSettings().clear();
    }

    void init() {
        m_dialogs = test::ScriptedDialogs();
        m_controller = std::make_unique<ui::Controller>();
        m_window = std::make_unique<ui::MainWindow>(m_controller.get(), ui::MainWindow::Options{false, &m_dialogs});
        m_window->resize(1280, 720);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup() {
        m_window.reset();
        m_controller.reset();
    }

    void accuracyWindowShowsTheEngineTable() {
        QVERIFY(!m_window->accuracyWindow());
        clickMenu(*m_window, QStringLiteral("helpMenu"), QStringLiteral("accuracyAction"));
        ui::AccuracyWindow* a = m_window->accuracyWindow();
        QVERIFY(a);
        QVERIFY(a->isVisible());
        const engine::ValidationTable& t = engine::validationTable();
        QVERIFY(t.rows.size() > 30);
        QCOMPARE(a->runsTable()->rowCount(), int(t.rows.size()));
        int plottable = 0;
        std::set<std::string> groups;
        for (int i = 0; i < int(t.rows.size()); ++i) {
            const engine::RunCheck& r = t.rows[size_t(i)];
            QCOMPARE(a->runsTable()->item(i, 0)->text(), QString::fromStdString(r.run));
            QCOMPARE(a->runsTable()->item(i, 1)->text(), QString::fromStdString(r.group));
            if (r.problem.empty()) {
                QCOMPARE(a->runsTable()->item(i, 2)->data(Qt::UserRole).toDouble(), r.error);
                ++plottable;
                groups.insert(r.group);
            }
        }
        // The group means and worsts are the engine's, and the text says them to a tenth of a percent.
        QCOMPARE(a->groupsTable()->rowCount(), int(t.groups.size()));
        for (int i = 0; i < int(t.groups.size()); ++i) {
            const engine::GroupStats& g = t.groups[size_t(i)];
            QCOMPARE(a->groupsTable()->item(i, 0)->text(), QString::fromStdString(g.group));
            QCOMPARE(a->groupsTable()->item(i, 1)->text().toInt(), g.count);
            QCOMPARE(a->groupsTable()->item(i, 2)->data(Qt::UserRole).toDouble(), g.meanAbs);
            QCOMPARE(a->groupsTable()->item(i, 2)->text(),
                     QString::fromStdString(engine::formatFixed(100 * g.meanAbs, 1)) + QLatin1Char('%'));
            QCOMPARE(a->groupsTable()->item(i, 3)->data(Qt::UserRole).toDouble(), g.maxAbs);
        }
        // One series per group, every plottable row a point; a point names its row.
        QCOMPARE(a->groupSeries().size(), qsizetype(groups.size()));
        int points = 0;
        for (QScatterSeries* s : a->groupSeries()) {
            points += s->count();
            for (int k = 0; k < s->count(); ++k) {
                const int r = a->rowAt(s, s->at(k));
                QVERIFY(r >= 0);
                QCOMPARE(s->at(k).x(), t.rows[size_t(r)].publishedValue);
                QCOMPARE(s->at(k).y(), t.rows[size_t(r)].predictedValue);
                QVERIFY(a->pointText(r).startsWith(QString::fromStdString(t.rows[size_t(r)].run)));
            }
        }
        QCOMPARE(points, plottable);
        // Every group looks different (colour, shape, filled or hollow): the table has more groups than colours.
        QVERIFY(a->groupSeries().size() > 6);
        std::set<std::tuple<QRgb, int, bool>> looks;
        for (QScatterSeries* s : a->groupSeries()) {
            const bool hollow = s->color().alpha() == 0;
            looks.insert({(hollow ? s->pen().color() : s->color()).rgba(), int(s->markerShape()), hollow});
        }
        QCOMPARE(qsizetype(looks.size()), a->groupSeries().size());
        // Selecting a row in the table rings its point.
        const int worst =
            int(std::max_element(t.rows.begin(), t.rows.end(),
                                 [](const auto& x, const auto& y) { return std::fabs(x.error) < std::fabs(y.error); }) -
                t.rows.begin());
        a->runsTable()->setFocus();
        a->runsTable()->selectRow(worst);
        QScatterSeries* ring = a->selectedSeries();
        QVERIFY(ring);
        QCOMPARE(ring->count(), 1);
        QCOMPARE(ring->at(0).x(), t.rows[size_t(worst)].publishedValue);
        // The known misses are said, not hidden; Esc closes the window.
        QVERIFY(a->note().contains(QStringLiteral("known misses")));
        QTest::keyClick(a, Qt::Key_Escape);
        settle();
        QVERIFY(!a->isVisible());
    }

    // The size the user gave the window comes back next time (with settings, as the application runs it).
    void accuracyWindowRemembersItsSize() {
        const QSize chosen(730, 560); // inside the 800 x 800 offscreen screen: the window stays on its screen
        {
            ui::AccuracyWindow first(true, m_window.get());
            first.show();
            QVERIFY(QTest::qWaitForWindowExposed(&first));
            QVERIFY(first.size() != chosen);
            first.resize(chosen);
            settle();
            QTest::keyClick(&first, Qt::Key_Escape);
            settle();
        }
        ui::AccuracyWindow second(true, m_window.get());
        second.show();
        QVERIFY(QTest::qWaitForWindowExposed(&second));
        QCOMPARE(second.size(), chosen);
    }

    // Presentation mode (View > Present) doubles the type: the open accuracy window follows, its chart too.
    void accuracyWindowFollowsPresentationType() {
        clickMenu(*m_window, QStringLiteral("helpMenu"), QStringLiteral("accuracyAction"));
        ui::AccuracyWindow* a = m_window->accuracyWindow();
        QVERIFY(a && a->isVisible());
        const double normal = a->font().pointSizeF();
        const double chart = a->chartView()->chart()->titleFont().pointSizeF();
        const QSize size = a->size();
        clickMenu(*m_window, QStringLiteral("viewMenu"), QStringLiteral("presentAction"));
        settle();
        QVERIFY2(a->font().pointSizeF() >= 1.9 * normal, qPrintable(QString::number(a->font().pointSizeF())));
        QVERIFY(a->chartView()->chart()->titleFont().pointSizeF() >= 1.9 * chart);
        QVERIFY(a->width() > size.width() || a->height() > size.height());
    }

    void calibrateOnTorchtitanRoundTrips() {
        const std::optional<engine::Scenario> s = engine::publishedScenario(row("torchtitan 8B 8 GPUs"));
        QVERIFY(s);
        m_controller->setScenario(*s);
        settle();
        const double before = m_controller->scenario().efficiency.gemmFraction;
        const double measured = check("torchtitan 8B 8 GPUs").publishedValue; // seconds per step, as published
        QVERIFY(measured > 1 && measured < 10);

        ui::CalibrateDialog* d = openCalibrate();
        QVERIFY(d);
        auto* step = d->findChild<QLineEdit*>(QStringLiteral("calibrateStep"));
        auto* add = d->findChild<QPushButton*>(QStringLiteral("calibrateAdd"));
        auto* apply = d->findChild<QPushButton*>(QStringLiteral("calibrateApply"));
        QVERIFY(step && add && apply);
        QVERIFY(!apply->isEnabled());

        // Refused: a negative time, then none; one line naming the field, nothing added.
        QTest::keyClicks(step, QStringLiteral("-2"));
        QTest::mouseClick(add, Qt::LeftButton);
        QCOMPARE(d->runCount(), 0);
        QVERIFY2(d->problemText().startsWith(QStringLiteral("Measured step time: \"-2\" is not allowed")),
                 qPrintable(d->problemText()));
        QVERIFY(!d->problemText().contains(QLatin1Char('\n')));
        step->clear();
        QTest::mouseClick(add, Qt::LeftButton);
        QCOMPARE(d->runCount(), 0);
        QVERIFY(d->problemText().startsWith(QStringLiteral("Measured step time: \"\" is not allowed")));

        // The measured step, typed; Enter adds the run.
        QTest::keyClicks(step, QString::number(measured, 'g', 10));
        QTest::keyClick(step, Qt::Key_Return);
        QCOMPARE(d->runCount(), 1);
        QVERIFY(d->problemText().isEmpty());
        const engine::CalibrationResult& r = d->result();
        QVERIFY(r.ok);
        QCOMPARE(r.runs.size(), size_t(1));
        QVERIFY(std::fabs(r.runs[0].errorBefore) > 0.1); // the model is far too fast on this row before
        QVERIFY(std::fabs(r.runs[0].errorAfter) < 0.01);
        QCOMPARE(d->runsTable()->item(0, 6)->data(Qt::UserRole).toDouble(), r.runs[0].errorAfter);
        const double fitted = r.after.gemmFraction;
        QVERIFY(std::fabs(fitted - before) > 0.05);
        QCOMPARE(d->figuresTable()->item(0, 2)->data(Qt::UserRole).toDouble(), fitted);

        // Apply: one undoable step that sets the figure.
        const int steps = m_controller->undoStack()->count();
        const QPointer<ui::CalibrateDialog> open = d; // closed, the dialog deletes itself
        QTest::mouseClick(apply, Qt::LeftButton);
        settle();
        QVERIFY(!open || !open->isVisible());
        QCOMPARE(m_controller->scenario().efficiency.gemmFraction, fitted);
        QCOMPARE(m_controller->undoStack()->count(), steps + 1);
        // The verdict says the figures are calibrated (the engine's sentence).
        const QString calibrated = ui::diagnosticText(
            engine::calibratedSentence(m_controller->validScenario(), m_controller->ledger().validation));
        QVERIFY(!calibrated.isEmpty());
        QVERIFY2(m_window->view<ui::VerdictBanner>()->text().contains(calibrated),
                 qPrintable(m_window->view<ui::VerdictBanner>()->text()));

        // File > Save As a file, Edit > Undo, reopen: the file keeps the fitted figure.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("calibrated.trainledger"));
        m_dialogs.saveNames << path;
        clickMenu(*m_window, QStringLiteral("fileMenu"), QStringLiteral("saveAction"));
        QVERIFY(QFile::exists(path));
        clickMenu(*m_window, QStringLiteral("editMenu"), QStringLiteral("undoAction"));
        QCOMPARE(m_controller->scenario().efficiency.gemmFraction, before);
        m_dialogs.saveChoices << ui::Dialogs::SaveChoice::Discard;
        QVERIFY(m_window->document()->openFile(path));
        settle();
        QCOMPARE(m_controller->scenario().efficiency.gemmFraction, fitted);
        QVERIFY(m_controller->ledger().validation.calibrated);
    }

    // A runs CSV in trainledger-cli --calibrate's format, loaded through the dialog: the same run as typed fits the
    // same figure (both go through engine::measuredRunFromSettings); a bad cell is refused naming line and column.
    void calibrateFromRunsCsv() {
        const engine::PublishedRun& published = row("torchtitan 8B 8 GPUs");
        m_controller->setScenario(*engine::publishedScenario(published));
        settle();
        const double measured = check("torchtitan 8B 8 GPUs").publishedValue;
        QTemporaryDir dir;
        const QString good = dir.filePath(QStringLiteral("runs.csv")), bad = dir.filePath(QStringLiteral("bad.csv"));
        auto write = [](const QString& path, const QByteArray& text) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        write(good, "scenario,measured_step_s\nparallel.dp=8," + QByteArray::number(measured, 'g', 10) + "\n");
        write(bad, "scenario,measured_step_s\nparallel.dp=8,-1\n");
        ui::CalibrateDialog* d = openCalibrate();
        QVERIFY(d);
        auto* load = d->findChild<QPushButton*>(QStringLiteral("calibrateLoad"));
        m_dialogs.openNames << bad << good;
        QTest::mouseClick(load, Qt::LeftButton);
        QCOMPARE(d->runCount(), 0);
        QVERIFY2(d->problemText().endsWith(
                     QStringLiteral("line 2: measured_step_s: \"-1\" is not allowed; allowed: seconds above 0")),
                 qPrintable(d->problemText()));
        QTest::mouseClick(load, Qt::LeftButton);
        QCOMPARE(d->runCount(), 1);
        std::vector<engine::MeasuredRun> typed(1);
        QVERIFY(!engine::measuredRunFromSettings(m_controller->validScenario(), "", measured, 0, typed[0]));
        QCOMPARE(d->result().after.gemmFraction,
                 engine::calibrate(m_controller->validScenario(), typed).after.gemmFraction);
        d->reject();
    }

    void bandInDerivedModeOnly() {
        auto* banner = m_window->view<ui::VerdictBanner>();
        auto* step = m_window->view<ui::StepTimeView>();
        QVERIFY(banner && step);
        // Fixed mode (the built-in scenario): no band anywhere.
        QCOMPARE(m_controller->scenario().efficiency.mode, engine::EfficiencyMode::Fixed);
        QVERIFY(!banner->text().contains(QStringLiteral("published runs like this")));
        QVERIFY(step->band().isEmpty());
        QVERIFY(!step->toolTip().contains(QStringLiteral("ublished runs like this")));
        // Efficiency: derived from the hardware, chosen in the panel's combo box with the keyboard.
        auto* mode = m_window->findChild<QComboBox*>(QStringLiteral("combo:efficiency.mode"));
        QVERIFY(mode);
        const int derived = mode->findData(QStringLiteral("derived"));
        QVERIFY(derived >= 0);
        mode->setFocus();
        for (int i = 0; i < 4 && mode->currentIndex() != derived; ++i)
            QTest::keyClick(mode, derived > mode->currentIndex() ? Qt::Key_Down : Qt::Key_Up);
        settle();
        QCOMPARE(m_controller->scenario().efficiency.mode, engine::EfficiencyMode::Derived);
        const engine::ValidationLedger& v = m_controller->ledger().validation;
        QVERIFY(v.present);
        const QString band = ui::diagnosticText(engine::bandSentence(v));
        QVERIFY(band.startsWith(QStringLiteral("published runs like this: ")));
        QVERIFY2(banner->text().contains(band), qPrintable(banner->text()));
        // The step view says it under its title ("Published runs like this: ..."), and in its tooltip.
        QCOMPARE(step->band().mid(1), band.mid(1));
        QVERIFY(step->toolTip().contains(step->band()));
        // Not calibrated: the preset's own figures.
        QVERIFY(!banner->text().contains(QStringLiteral("calibrated:")));
    }
    // A refused row's reason is an engine message id: in the Chinese window it reads in Chinese (it was the engine's
    // English sentence after "被拒绝："), in English it is the engine's sentence with the field's window label.
    void aRefusedRowSpeaksTheWindowsLanguage() {
        const engine::PublishedRun& r = engine::publishedRuns().front();
        std::optional<engine::Scenario> s = engine::publishedScenario(r);
        QVERIFY(s);
        s->parallel.tp = 0;
        const engine::RunCheck c = engine::checkRun(r, *s);
        QVERIFY(!c.problem.empty());
        const QString english = QString::fromStdString(c.problem.message());
        ui::Language::apply(QStringLiteral("zh_CN"));
        const QString zh = ui::AccuracyWindow::refusedText(c);
        ui::Language::apply(QStringLiteral("en"));
        const QString en = ui::AccuracyWindow::refusedText(c);
        QVERIFY2(zh.startsWith(QStringLiteral("被拒绝：")), qPrintable(zh));
        QVERIFY2(en.startsWith(QStringLiteral("refused: ")) && en.contains(QStringLiteral("0 is not allowed")),
                 qPrintable(en));
        // No English word of the engine's sentence ("parallel.tp: 0 is not allowed; allowed: an integer ...") is left.
        static const QRegularExpression word(QStringLiteral("\\b[a-z]{4,}\\b"));
        QStringList left;
        for (auto it = word.globalMatch(english); it.hasNext();)
            if (const QString w = it.next().captured(); zh.contains(w, Qt::CaseInsensitive))
                left << w;
        QVERIFY2(left.isEmpty(), qPrintable(zh + QStringLiteral(" | ") + left.join(QLatin1Char(','))));
    }
};

QTEST_MAIN(AccuracyTest)
#include "accuracy_test.moc"
