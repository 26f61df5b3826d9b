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
#include "ui/views/plot.h"
#include "ui/views/textline.h"

#include <QAction>
#include <QApplication>
#include <QBarSet>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QRegularExpression>
#include <QScreen>
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
                const int row = w.window.view<ui::LedgerTable>()->rowOf(step.figure);
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
                QCOMPARE(w.window.view<ui::LedgerTable>()
                             ->ledgerModel()
                             ->index(row, 0)
                             .data(Qt::FontRole)
                             .value<QFont>()
                             .bold(),
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
        w.player()->setStep(11); // ZeRO-0 on 4 GPUs
        auto* zero = w.window.findChild<QDoubleSpinBox*>(QStringLiteral("stepControl:parallel.zero"));
        QVERIFY(zero);
        zero->setValue(2);
        QCOMPARE(w.controller.validScenario().parallel.zero, 2);
        QCOMPARE(w.controller.ledger().memory.statePerParam, 5.5);
        QVERIFY(w.player()->figureText().contains(QStringLiteral("5.5")));
    }

    void explainFromTheLedgerTable() {
        Window w;
        ui::LedgerTable* table = w.window.view<ui::LedgerTable>();
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
    }

    void stateOnlyInMultiplesOfN() {
        Window w;
        w.controller.setValue("parallel.dp", 4.0);
        ui::MemoryView* m = w.window.view<ui::MemoryView>();
        auto* toggle = m->findChild<QCheckBox*>(QStringLiteral("memoryStateOnly"));
        QVERIFY(toggle);
        toggle->click();
        QVERIFY(m->stateOnly());
        const QStringList totals = m->totalTexts();
        QVERIFY2(totals.size() == 5 && totals[1].startsWith(QStringLiteral("16N")) &&
                     totals[2].startsWith(QStringLiteral("7N")) && totals[3].startsWith(QStringLiteral("5.5N")) &&
                     totals[4].startsWith(QStringLiteral("4N")),
                 qPrintable(totals.join(u'|')));
        QCOMPARE(m->barSet(5)->at(0), 0.0); // activations hidden
        toggle->click();
        QVERIFY(!m->totalTexts()[1].contains(QLatin1Char('N')));
        // The ZeRO steps switch it on by themselves.
        w.player()->setLesson(0);
        w.player()->setStep(12); // ZeRO-1
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

    // Issue 28: the lessons are named by their subject and speak of "the course text"; their numbers read as the
    // window writes numbers.
    void lessonsAreNamedBySubject() {
        Window w;
        auto* chooser = w.player()->findChild<QComboBox*>(QStringLiteral("lessonChooser"));
        QVERIFY(chooser);
        const QStringList subjects = {QStringLiteral("The two gates"), QStringLiteral("ZeRO"),
                                      QStringLiteral("The three accounts"), QStringLiteral("Distributed training")};
        QCOMPARE(chooser->count(), int(subjects.size()));
        for (int i = 0; i < chooser->count(); ++i) {
            QCOMPARE(chooser->itemText(i), QStringLiteral("Lesson %1: %2").arg(i + 1).arg(subjects[i]));
            QVERIFY(!chooser->itemText(i).contains(QStringLiteral("seed"), Qt::CaseInsensitive));
        }
        const QRegularExpression seed(QStringLiteral("\\bseed\\b"), QRegularExpression::CaseInsensitiveOption);
        const QRegularExpression programNumber(QStringLiteral("(?<![\\w.])\\d+(\\.\\d+)?e\\d+\\b"));
        for (int l = 0; l < int(io::builtInLessons().size()); ++l) {
            w.player()->setLesson(l);
            for (int s = 0; s < int(io::builtInLessons()[size_t(l)].steps.size()); ++s) {
                w.player()->setStep(s);
                const QString shown =
                    w.player()->stepText() + w.player()->findChild<QLabel*>(QStringLiteral("lessonChecks"))->text();
                QVERIFY2(!shown.contains(seed), qPrintable(shown));
                QVERIFY2(!shown.contains(QStringLiteral("_000")), qPrintable(shown));
                // Powers of ten as people write them (7 × 10⁹), not as programs do (7e9).
                QVERIFY2(!shown.contains(programNumber), qPrintable(shown));
            }
        }
        w.player()->setLesson(1);
        QVERIFY(w.player()
                    ->findChild<QLabel*>(QStringLiteral("lessonChecks"))
                    ->text()
                    .contains(QStringLiteral("112,000,000,000")));
    }

    // Issue 28: a step's controls show what the parameter panel shows: choices by name, MFU in percent, a unit
    // beside the number rather than "1 sequences".
    void stepControlsShowWhatThePanelShows() {
        Window w;
        const auto& lessons = io::builtInLessons();
        bool sawChoice = false, sawPercent = false, sawUnit = false;
        for (int l = 0; l < int(lessons.size()); ++l) {
            w.player()->setLesson(l);
            for (int s = 0; s < int(lessons[size_t(l)].steps.size()); ++s) {
                w.player()->setStep(s);
                for (const QString& key : lessons[size_t(l)].steps[size_t(s)].controls) {
                    QWidget* editor = w.window.findChild<QWidget*>(QStringLiteral("stepControl:") + key);
                    QVERIFY2(editor, qPrintable(key));
                    if (auto* combo = qobject_cast<QComboBox*>(editor)) {
                        const QString id = combo->currentData().toString();
                        QVERIFY2(!id.isEmpty(), qPrintable(key));
                        if (key.endsWith(QLatin1String(".preset")) && id != QLatin1String("custom")) {
                            QVERIFY2(combo->currentText() != id, qPrintable(combo->currentText())); // "H100 SXM"
                            sawChoice = true;
                        }
                    }
                    if (auto* spin = qobject_cast<QDoubleSpinBox*>(editor)) {
                        QVERIFY2(spin->suffix().isEmpty(), qPrintable(spin->suffix())); // the unit is a label
                        if (key == QLatin1String("efficiency.mfu")) {
                            QCOMPARE(spin->value(), w.controller.scenario().efficiency.mfu * 100);
                            sawPercent = true;
                        }
                        for (QLabel* unit : editor->parentWidget()->findChildren<QLabel*>())
                            sawUnit = sawUnit || unit->text() == QStringLiteral("sequences");
                    }
                }
            }
        }
        QVERIFY(sawChoice);
        QVERIFY(sawPercent);
        QVERIFY(sawUnit);
    }

    // Issue 28: F5, a refused edit (a bold red note), Escape: the note is back in the window's type, and a maximized
    // window is maximized again.
    void presentingGivesTheWindowBackAsItWas() {
        Window w;
        w.window.showMaximized();
        QApplication::processEvents();
        QVERIFY(w.window.isMaximized());
        const double normal = w.window.font().pointSizeF();
        QTest::keyClick(&w.window, Qt::Key_F5);
        QVERIFY(w.presentation()->isActive());
        QVERIFY(!w.controller.setValue("parallel.tp", 3.0)); // refused: the banner's note is an error, in bold
        QApplication::processEvents();
        auto* note = w.window.findChild<ui::TextLine*>(QStringLiteral("verdictNote0"));
        QVERIFY(note->text().contains(QStringLiteral("Not applied")));
        QVERIFY(note->font().bold());
        QTest::keyClick(&w.window, Qt::Key_Escape);
        QApplication::processEvents();
        QVERIFY(!w.presentation()->isActive());
        QVERIFY(w.window.isMaximized());
        QVERIFY(note->isVisible());
        QVERIFY(note->font().bold());
        QCOMPARE(note->font().pointSizeF(), normal);
        // The captions that always wrap still wrap.
        QVERIFY(w.window.findChild<ui::TextLine*>(QStringLiteral("timeCaption"))->wrapping());
    }

    // Issue 28: the Explain dialog opened while presenting is in the projector's type and has room for it; after
    // presenting it is as it was.
    void explainWhilePresentingIsLarge() {
        Window w({1280, 720});
        w.presentation()->enter(false);
        w.window.findChild<QAction*>(QStringLiteral("explainAction"))->trigger();
        auto* dialog = w.window.findChild<ui::ExplainDialog*>(QStringLiteral("explainDialog"));
        QVERIFY(dialog && dialog->isVisible());
        const double normal = QApplication::font().pointSizeF();
        QVERIFY(dialog->font().pointSizeF() >= ui::Presentation::kFontScale * normal);
        QCOMPARE(dialog->palette().color(QPalette::Window), QColor(Qt::white));
        const QSize large = dialog->size();
        w.presentation()->leave();
        QCOMPARE(dialog->font().pointSizeF(), normal);
        QVERIFY(dialog->width() < large.width() || large.width() >= dialog->screen()->availableSize().width());
    }

    // Issue 28: on a 1280 x 720 screen the window fits under a title bar and a panel, with the lessons open too.
    void lessonsFitA1280x720Screen() {
        Window w({1280, 720 - 64});
        const QSize room(1280, 720 - 64);
        QVERIFY2(w.window.minimumSizeHint().width() <= room.width() &&
                     w.window.minimumSizeHint().height() <= room.height(),
                 qPrintable(QStringLiteral("%1x%2")
                                .arg(w.window.minimumSizeHint().width())
                                .arg(w.window.minimumSizeHint().height())));
        w.window.findChild<QAction*>(QStringLiteral("lessonsAction"))->trigger();
        w.player()->setLesson(0);
        QApplication::processEvents();
        QVERIFY2(w.window.width() <= room.width() && w.window.height() <= room.height(),
                 qPrintable(QStringLiteral("%1x%2").arg(w.window.width()).arg(w.window.height())));
        auto* next = w.player()->findChild<QPushButton*>(QStringLiteral("lessonNext"));
        QVERIFY(next->isVisible());
        QVERIFY(next->mapTo(&w.window, QPoint(next->width(), next->height())).x() <= w.window.width());
    }

    // Issue 28: on a slide the totals above the memory bars keep off the capacity line (at 1280 x 720 the ZeRO
    // lesson's "5.5N 38.5 GB" sat on the 80 GB line).
    void memoryTotalsKeepOffTheCapacityLine() {
        for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)}) {
            Window w(size);
            w.presentation()->enter(false);
            const auto& lessons = io::builtInLessons();
            int checked = 0;
            for (int l = 0; l < int(lessons.size()); ++l) {
                w.player()->setLesson(l);
                for (int s = 0; s < int(lessons[size_t(l)].steps.size()); ++s) {
                    w.player()->setStep(s);
                    for (int i = 0; i < 3; ++i)
                        QCoreApplication::processEvents();
                    auto* memory = w.window.findChild<ui::MemoryView*>(QStringLiteral("memoryView"));
                    if (!memory || !memory->isVisible())
                        continue;
                    const ui::Plot* plot = memory->plot();
                    const double lineY = plot->map(QPointF(0, memory->capacitySeries()->at(0).y())).y();
                    for (const ui::Plot::Note& n : plot->notes()) {
                        if (n.text.isEmpty())
                            continue;
                        const QRectF r = plot->noteRect(n);
                        QVERIFY2(
                            r.bottom() < lineY - 1 || r.top() > lineY + 1,
                            qPrintable(QStringLiteral("%1x%2 %3/%4: \"%5\" %6..%7 over the line at %8")
                                           .arg(size.width())
                                           .arg(size.height())
                                           .arg(lessons[size_t(l)].id, lessons[size_t(l)].steps[size_t(s)].id, n.text)
                                           .arg(r.top())
                                           .arg(r.bottom())
                                           .arg(lineY)));
                        ++checked;
                    }
                }
            }
            QVERIFY(checked > 0);
        }
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
