// The classroom features driven as a teacher drives them, offscreen: the lesson player walks every step of every
// lesson (each loads its scenario and shows its figure), Explain on the ledger table and from the views, the memory
// view's state-only bars in multiples of N, and presentation mode (F5, Page Up / Page Down, arrows, Esc; type at
// least twice the normal size, high contrast, only the step's controls, no clipped text at 1280x720 and 1920x1080).

#include "engine/evaluate.h"
#include "engine/ledgerfields.h"
#include "io/lessons.h"
#include "ui/controller.h"
#include "ui/explain/explaindialog.h"
#include "ui/lessons/lessonplayer.h"
#include "ui/lessons/presentation.h"
#include "ui/lessons/stepcontrols.h"
#include "ui/mainwindow.h"
#include "ui/views/ledgertable.h"
#include "ui/views/memoryview.h"
#include "ui/views/textline.h"

#include <QAction>
#include <QApplication>
#include <QBarSet>
#include <QCheckBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QtTest>

using namespace tl;

namespace {

struct Window {
    ui::Controller controller;
    ui::MainWindow window{&controller, ui::MainWindow::Options{false}};
    Window(QSize size = {1600, 1000}) {
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
    }
    ui::LessonPlayer* player() { return window.classroom().player; }
    ui::Presentation* presentation() { return window.classroom().presentation; }
};

// Text that does not fit its widget: a wrapping label or line shorter than the height its width needs.
QStringList clipped(QWidget* root) {
    QStringList out;
    for (const QLabel* l : root->findChildren<QLabel*>()) {
        if (!l->isVisible() || l->text().isEmpty())
            continue;
        const int need = l->wordWrap() ? l->heightForWidth(l->width()) : l->sizeHint().height();
        const bool tooNarrow = !l->wordWrap() && l->sizeHint().width() > l->width() + 1;
        if (need > l->height() + 1 || tooNarrow)
            out << QStringLiteral("%1 \"%2\" %3x%4 needs %5x%6")
                       .arg(l->objectName(), l->text().left(40))
                       .arg(l->width())
                       .arg(l->height())
                       .arg(l->sizeHint().width())
                       .arg(need);
    }
    for (const ui::TextLine* t : root->findChildren<ui::TextLine*>()) {
        if (!t->isVisible() || t->text().isEmpty())
            continue;
        if (!t->wrapping())
            out << QStringLiteral("%1 elides").arg(t->objectName());
        else if (t->heightForWidth(t->width()) > t->height() + 1)
            out << QStringLiteral("%1 \"%2\" is %3 high, needs %4")
                       .arg(t->objectName(), t->text().left(40))
                       .arg(t->height())
                       .arg(t->heightForWidth(t->width()));
    }
    return out;
}

} // namespace

class ClassroomTest : public QObject {
    Q_OBJECT
private slots:
    void everyStepLoadsItsScenarioAndFigure() {
        Window w;
        const auto& lessons = io::builtInLessons();
        QCOMPARE(int(lessons.size()), 4);
        int steps = 0;
        for (int l = 0; l < int(lessons.size()); ++l) {
            w.player()->setLesson(l);
            for (int s = 0; s < int(lessons[size_t(l)].steps.size()); ++s) {
                w.player()->setStep(s);
                const io::LessonStep& step = lessons[size_t(l)].steps[size_t(s)];
                QVERIFY(w.controller.validScenario() == step.scenario);
                // The figure shown is the engine's, with its unit, and the ledger table highlights its row.
                const auto& fields = engine::ledgerFields();
                const int row = w.window.ledgerTable()->rowOf(step.figure);
                QVERIFY(row >= 0);
                const QString value = QString::fromStdString(engine::formatLedgerValue(
                    fields[size_t(row)].get(w.controller.ledger()), fields[size_t(row)].unit));
                QString trimmed = value; // ratios read 5.5, not 5.5000
                if (fields[size_t(row)].unit == engine::Unit::Ratio && trimmed.contains(QLatin1Char('.'))) {
                    while (trimmed.endsWith(QLatin1Char('0')))
                        trimmed.chop(1);
                    if (trimmed.endsWith(QLatin1Char('.')))
                        trimmed.chop(1);
                }
                const QString shown = w.player()->figureText();
                QVERIFY2(shown.contains(QStringLiteral(">%1<").arg(trimmed.toHtmlEscaped())),
                         qPrintable(shown + QStringLiteral(" vs ") + trimmed));
                QCOMPARE(w.window.ledgerTable()->ledgerModel()->index(row, 0).data(Qt::FontRole).value<QFont>().bold(),
                         true);
                QCOMPARE(w.player()->controls()->keys(), step.controls);
                ++steps;
            }
        }
        QVERIFY(steps >= 40);
        // Next walks on into the next lesson; Back returns; each step is one undo step.
        w.player()->setLesson(0);
        w.player()->setStep(int(lessons[0].steps.size()) - 1);
        w.player()->next();
        QCOMPARE(w.player()->lessonIndex(), 1);
        QCOMPARE(w.player()->stepIndex(), 0);
        w.player()->previous();
        QCOMPARE(w.player()->lessonIndex(), 0);
        QCOMPARE(w.player()->stepIndex(), int(lessons[0].steps.size()) - 1);
    }

    void languages() {
        Window w;
        w.player()->setLesson(0);
        w.player()->setLanguage(QStringLiteral("zh"));
        QVERIFY(w.player()->stepText().contains(QStringLiteral("每迭代")));
        w.player()->setLanguage(QStringLiteral("en"));
        QVERIFY(w.player()->stepText().contains(QStringLiteral("Tokens per step")));
    }

    void stepControlsEditTheScenario() {
        Window w;
        w.player()->setLesson(0);
        w.player()->setStep(9); // ZeRO-0 on 4 GPUs
        auto* zero = w.window.findChild<QDoubleSpinBox*>(QStringLiteral("stepControl:parallel.zero"));
        QVERIFY(zero);
        zero->setValue(2);
        QCOMPARE(w.controller.validScenario().parallel.zero, 2);
        QCOMPARE(w.controller.ledger().memory.statePerParam, 5.5);
        QVERIFY(w.player()->figureText().contains(QStringLiteral("5.5")));
    }

    void explainFromTheLedgerTable() {
        Window w;
        ui::LedgerTable* table = w.window.ledgerTable();
        w.window.tabs()->setCurrentWidget(table);
        table->setCurrentIndex(table->ledgerModel()->index(table->rowOf(QStringLiteral("time.steps")), 1));
        table->setFocus();
        QTest::keyClick(table, Qt::Key_E, Qt::ControlModifier);
        auto* dialog = w.window.findChild<ui::ExplainDialog*>(QStringLiteral("explainDialog"));
        QVERIFY(dialog && dialog->isVisible());
        QCOMPARE(dialog->key(), QStringLiteral("time.steps"));
        QVERIFY(dialog->text().contains(QStringLiteral("ceil(D / (B × s))")));
        QVERIFY(dialog->text().contains(QStringLiteral("ceil(100,000,000,000 / (384 × 8,192))")));
        QVERIFY(dialog->text().contains(QStringLiteral("31,790")));
        QVERIFY(dialog->text().contains(QStringLiteral("seed 000 §2")));
        // It follows the scenario.
        w.controller.setValue("data.global_batch", 768.0);
        QVERIFY(dialog->text().contains(QStringLiteral("15,895")));
        // The window action explains the lesson step's figure when the table is not in front.
        w.player()->setLesson(1);
        w.window.findChild<QAction*>(QStringLiteral("explainAction"))->trigger();
        QCOMPARE(dialog->key(), QStringLiteral("memory.state"));
        QVERIFY(dialog->text().contains(QStringLiteral("104.31 GiB")) ||
                dialog->text().contains(QStringLiteral("112.0 GB")));
    }

    void explainFromTheViews() {
        Window w;
        QSignalSpy memory(w.window.memoryView(), &ui::MemoryView::explainRequested);
        QSignalSpy player(w.player(), &ui::LessonPlayer::explainRequested);
        w.player()->setLesson(0);
        w.player()->findChild<QPushButton*>(QStringLiteral("lessonExplain"))->click();
        QCOMPARE(player.count(), 1);
        QCOMPARE(player.first().first().toString(), QStringLiteral("time.tokens_per_step"));
        auto* dialog = w.window.findChild<ui::ExplainDialog*>(QStringLiteral("explainDialog"));
        QVERIFY(dialog && dialog->text().contains(QStringLiteral("3,145,728")));
        // Every key that a view's menu offers has an explanation.
        for (const auto& f : engine::ledgerFields())
            QVERIFY2(!ui::ExplainDialog::html(w.controller.validScenario(), QString::fromUtf8(f.key)).isEmpty(), f.key);
        Q_UNUSED(memory);
    }

    void stateOnlyInMultiplesOfN() {
        Window w;
        w.controller.setValue("parallel.dp", 4.0);
        ui::MemoryView* m = w.window.memoryView();
        auto* toggle = m->findChild<QCheckBox*>(QStringLiteral("memoryStateOnly"));
        QVERIFY(toggle);
        toggle->click();
        QVERIFY(m->stateOnly());
        const QStringList totals = m->totalTexts();
        QVERIFY2(totals.size() == 5 && totals[1].startsWith(QStringLiteral("16N")) &&
                     totals[2].startsWith(QStringLiteral("7N")) && totals[3].startsWith(QStringLiteral("5.5N")) &&
                     totals[4].startsWith(QStringLiteral("4N")),
                 qPrintable(totals.join(u'|')));
        QCOMPARE(m->barSet(4)->at(0), 0.0); // activations hidden
        toggle->click();
        QVERIFY(!m->totalTexts()[1].contains(QLatin1Char('N')));
        // The ZeRO steps switch it on by themselves.
        w.player()->setLesson(0);
        w.player()->setStep(10);
        QVERIFY(m->stateOnly());
    }

    void presentationMode() {
        Window w({1920, 1080});
        const double normal = w.window.font().pointSizeF();
        auto* present = w.window.findChild<QAction*>(QStringLiteral("presentAction"));
        QVERIFY(present);
        QCOMPARE(present->shortcut(), QKeySequence(Qt::Key_F5));
        w.presentation()->enter(false);
        QVERIFY(present->isChecked());
        QVERIFY(w.window.font().pointSizeF() >= 2 * QApplication::font().pointSizeF());
        QVERIFY(w.window.font().pointSizeF() >= 2 * normal);
        QCOMPARE(w.window.palette().color(QPalette::Window), QColor(Qt::white));
        QCOMPARE(w.window.palette().color(QPalette::WindowText), QColor(Qt::black));
        QVERIFY(!w.window.findChild<QDockWidget*>(QStringLiteral("parametersDock"))->isVisible());
        QVERIFY(w.window.findChild<QDockWidget*>(QStringLiteral("lessonsDock"))->isVisible());
        QVERIFY(w.player()->step());
        // Clicker keys and arrows move through the steps.
        const int start = w.player()->stepIndex();
        QTest::keyClick(&w.window, Qt::Key_PageDown);
        QCOMPARE(w.player()->stepIndex(), start + 1);
        QTest::keyClick(&w.window, Qt::Key_Right);
        QCOMPARE(w.player()->stepIndex(), start + 2);
        QTest::keyClick(&w.window, Qt::Key_PageUp);
        QTest::keyClick(&w.window, Qt::Key_Left);
        QCOMPARE(w.player()->stepIndex(), start);
        // Only the step's controls.
        QCOMPARE(w.player()->controls()->keys(), w.player()->step()->controls);
        QTest::keyClick(&w.window, Qt::Key_Escape);
        QVERIFY(!w.presentation()->isActive());
        QVERIFY(!present->isChecked());
        QCOMPARE(w.window.font().pointSizeF(), normal);
        QVERIFY(w.window.findChild<QDockWidget*>(QStringLiteral("parametersDock"))->isVisible());
    }

    void presentationHasNoClippedText_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x720") << QSize(1280, 720);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }

    void presentationHasNoClippedText() {
        QFETCH(QSize, size);
        Window w(size);
        w.presentation()->enter(false);
        QCoreApplication::processEvents();
        const auto& lessons = io::builtInLessons();
        for (int l = 0; l < int(lessons.size()); ++l) {
            w.player()->setLesson(l);
            for (int s = 0; s < int(lessons[size_t(l)].steps.size()); ++s) {
                w.player()->setStep(s);
                for (int i = 0; i < 3; ++i)
                    QCoreApplication::processEvents();
                // The lesson panel scrolls; everything else must fit.
                QStringList bad = clipped(w.window.centralWidget());
                for (const QString& c : clipped(w.player()))
                    if (!c.startsWith(QLatin1String("lessonText")) && !c.startsWith(QLatin1String("lessonChecks")))
                        bad << c;
                QVERIFY2(bad.isEmpty(),
                         qPrintable(lessons[size_t(l)].id + QLatin1Char('/') + lessons[size_t(l)].steps[size_t(s)].id +
                                    QStringLiteral(": ") + bad.join(QStringLiteral("; "))));
            }
        }
    }
};

QTEST_MAIN(ClassroomTest)
#include "classroom_test.moc"
