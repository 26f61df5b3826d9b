// PipelineView: rows, caption figures from the engine, comparison mode, the time cursor, and non-blank drawings that
// change with the state. Set TL_SCREENSHOT_DIR to also write PNGs of the views it draws (see docs/pipeline.md).

#include "tests/ui/imagecheck.h"

#include "ui/views/pipelineview.h"

#include <QComboBox>
#include <QImage>
#include <QPushButton>
#include <QSlider>
#include <QtTest>

using tl::engine::PipelineSpec;
using tl::engine::Schedule;
using tl::ui::PipelineView;

namespace {

PipelineSpec spec(int p, int m, Schedule s, int v = 1) {
    PipelineSpec out;
    out.stages = p;
    out.microBatches = m;
    out.schedule = s;
    out.virtualStages = v;
    return out;
}

void maybeSave(QWidget& w, const char* name) {
    const QByteArray dir = qgetenv("TL_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        QVERIFY(w.grab().save(QString::fromUtf8(dir + '/' + name)));
}

} // namespace

class PipelineViewTest : public QObject {
    Q_OBJECT
private slots:
    void rowsAndCaption();
    void captionFollowsPpAndSchedule();
    void invalidSpecShowsMessage();
    void comparisonMode();
    void playAndStep();
    void drawsSomething();
    void screenshots();
    void bigPipelineSummarised();
    void noPipelineAtPpOne();
    void manyMicroBatchesSummariseAndFill();
};

void PipelineViewTest::rowsAndCaption() {
    PipelineView view;
    QCOMPARE(view.objectName(), QStringLiteral("pipelineView"));
    view.setSpec(spec(4, 8, Schedule::OneFOneB));
    QCOMPARE(view.rowCount(), 4);
    QCOMPARE(view.timeline().spec.stages, 4);
    QCOMPARE(view.timeline().blocks.size(), size_t(4 * 8 * 2));
    QVERIFY2(view.caption().contains(QStringLiteral("27.3%")), qPrintable(view.caption()));
    QVERIFY2(view.caption().contains(QStringLiteral("37.5%")), qPrintable(view.caption()));
    QVERIFY2(view.caption().contains(QStringLiteral("makespan 33 units")), qPrintable(view.caption()));
    QVERIFY2(view.caption().contains(QStringLiteral("4, 3, 2, 1")), qPrintable(view.caption()));
    QVERIFY(view.errorMessage().isEmpty());
}

void PipelineViewTest::captionFollowsPpAndSchedule() {
    PipelineView view;
    view.setSpec(spec(4, 8, Schedule::OneFOneB));
    view.setSpec(spec(8, 8, Schedule::OneFOneB));
    QCOMPARE(view.rowCount(), 8);
    // 1f1b p=8, m=8: bubble (p-1)/(m+p-1) = 7/15 = 46.7%, over ideal (p-1)/m = 87.5%, peaks 8..1.
    QVERIFY2(view.caption().contains(QStringLiteral("46.7%")), qPrintable(view.caption()));
    QVERIFY2(view.caption().contains(QStringLiteral("87.5%")), qPrintable(view.caption()));
    QVERIFY2(view.caption().contains(QStringLiteral("8, 7, 6, 5, 4, 3, 2, 1")), qPrintable(view.caption()));

    view.setSpec(spec(4, 8, Schedule::GPipe));
    QCOMPARE(view.rowCount(), 4);
    QVERIFY2(view.caption().startsWith(QStringLiteral("gpipe")), qPrintable(view.caption()));
    QVERIFY2(view.caption().contains(QStringLiteral("8, 8, 8, 8")), qPrintable(view.caption()));

    view.setSpec(spec(4, 8, Schedule::ZbH1));
    // zb-h1 p=4 m=8: makespan 27, ideal 24, bubble over ideal 12.5%.
    QVERIFY2(view.caption().contains(QStringLiteral("makespan 27 units")), qPrintable(view.caption()));
    QVERIFY2(view.caption().contains(QStringLiteral("12.5%")), qPrintable(view.caption()));

    view.setSpec(spec(4, 16, Schedule::Interleaved, 2));
    QVERIFY2(view.caption().contains(QStringLiteral("9.4%")), qPrintable(view.caption())); // 0.09375
    QVERIFY2(view.caption().contains(QStringLiteral("11, 9, 7, 5")), qPrintable(view.caption()));
}

void PipelineViewTest::invalidSpecShowsMessage() {
    PipelineView view;
    view.resize(800, 400);
    view.setSpec(spec(4, 6, Schedule::Interleaved, 2)); // m not a multiple of p
    QVERIFY(!view.errorMessage().isEmpty());
    QCOMPARE(view.rowCount(), 0);
    QVERIFY2(view.caption().contains(view.errorMessage()), qPrintable(view.caption()));
    QVERIFY(!view.grab().isNull());
    view.setSpec(spec(4, 8, Schedule::OneFOneB));
    QVERIFY(view.errorMessage().isEmpty());
    QCOMPARE(view.rowCount(), 4);
}

void PipelineViewTest::comparisonMode() {
    PipelineView view;
    view.setSpec(spec(4, 8, Schedule::OneFOneB));
    auto* combo = view.findChild<QComboBox*>(QStringLiteral("compareCombo"));
    QVERIFY(combo);
    QCOMPARE(combo->itemText(0), QStringLiteral("No comparison"));
    QVERIFY(!view.comparisonTimeline());

    combo->setCurrentIndex(combo->findText(QStringLiteral("gpipe")));
    QVERIFY(view.comparisonSchedule() == Schedule::GPipe);
    QVERIFY(view.comparisonTimeline());
    QCOMPARE(view.comparisonTimeline()->spec.microBatches, 8);
    QCOMPARE(view.rowCount(), 8);
    const QStringList lines = view.caption().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines[1].startsWith(QStringLiteral("gpipe")) && lines[1].contains(QStringLiteral("8, 8, 8, 8")),
             qPrintable(lines[1]));

    // Changing p re-simulates both panels.
    view.setSpec(spec(2, 8, Schedule::OneFOneB));
    QCOMPARE(view.rowCount(), 4);
    QCOMPARE(view.comparisonTimeline()->spec.stages, 2);

    view.setComparisonSchedule(std::nullopt);
    QCOMPARE(combo->currentIndex(), 0);
    QCOMPARE(view.rowCount(), 2);
    QCOMPARE(view.caption().count(QLatin1Char('\n')), 0);
}

void PipelineViewTest::playAndStep() {
    PipelineView view;
    view.resize(900, 400);
    view.show();
    view.setSpec(spec(4, 8, Schedule::OneFOneB));
    QCOMPARE(view.cursorTime(), 33.0); // everything shown

    auto* stepButton = view.findChild<QPushButton*>(QStringLiteral("stepButton"));
    auto* playButton = view.findChild<QPushButton*>(QStringLiteral("playButton"));
    auto* slider = view.findChild<QSlider*>(QStringLiteral("timeSlider"));
    QVERIFY(stepButton && playButton && slider);

    view.setCursorTime(0);
    QCOMPARE(slider->value(), 0);
    QTest::mouseClick(stepButton, Qt::LeftButton);
    QCOMPARE(view.cursorTime(), 1.0); // rank 0's first forward ends
    QTest::mouseClick(stepButton, Qt::LeftButton);
    QCOMPARE(view.cursorTime(), 2.0);
    QVERIFY(slider->value() > 0);

    slider->setValue(500);
    QCOMPARE(view.cursorTime(), 16.5);

    QTest::mouseClick(playButton, Qt::LeftButton);
    QVERIFY(view.isPlaying());
    QTRY_VERIFY(view.cursorTime() > 16.5);
    QTest::mouseClick(playButton, Qt::LeftButton);
    QVERIFY(!view.isPlaying());
    const double paused = view.cursorTime();
    QTest::qWait(100);
    QCOMPARE(view.cursorTime(), paused);
}

void PipelineViewTest::drawsSomething() {
    PipelineView view;
    view.resize(1000, 500);
    view.setSpec(spec(4, 8, Schedule::OneFOneB));
    const QImage img = view.grab().toImage();
    QVERIFY(!img.isNull());
    QVERIFY2(tl::test::distinctColours(img) > 8, "the diagram looks blank");
    QVERIFY(!view.isSummarised());
}

// Each state the docs show (docs/pipeline.md, docs/screenshots/pipeline.png) draws its rows and caption, and what
// changes between states changes the picture: a comparison adds a panel, the cursor greys out what has not run.
void PipelineViewTest::screenshots() {
    PipelineView view;
    view.resize(1366, 560);
    auto check = [&](const char* name, int rows, const QStringList& captionStarts) -> QImage {
        const QImage img = view.grab().toImage();
        const QStringList lines = view.caption().split(QLatin1Char('\n'));
        [&] {
            QCOMPARE(view.rowCount(), rows);
            QVERIFY(view.errorMessage().isEmpty());
            QCOMPARE(lines.size(), captionStarts.size());
            for (qsizetype i = 0; i < lines.size(); ++i)
                QVERIFY2(lines[i].startsWith(captionStarts[i]),
                         qPrintable(QString::fromLatin1(name) + QStringLiteral(": ") + lines[i]));
            QVERIFY2(tl::test::distinctColours(img) > 8, name);
        }();
        maybeSave(view, name);
        return img;
    };
    view.setSpec(spec(4, 8, Schedule::OneFOneB));
    const QImage single = check("pipeline-1f1b.png", 4, {QStringLiteral("1f1b")});
    view.setComparisonSchedule(Schedule::GPipe);
    const QImage compared = check("pipeline-1f1b-vs-gpipe.png", 8, {QStringLiteral("1f1b"), QStringLiteral("gpipe")});
    QVERIFY(compared != single);
    view.setComparisonSchedule(std::nullopt);
    view.setSpec(spec(4, 16, Schedule::Interleaved, 2));
    const QImage interleaved = check("pipeline-interleaved.png", 4, {QStringLiteral("interleaved")});
    QCOMPARE(view.timeline().blocks.size(), size_t(4 * 16 * 2 * 2)); // p m v, forward and backward
    QVERIFY(interleaved != single);
    view.setSpec(spec(4, 8, Schedule::ZbH1));
    const QImage whole = check("pipeline-zbh1.png", 4, {QStringLiteral("zb-h1")});
    view.setCursorTime(12);
    QCOMPARE(view.cursorTime(), 12.0);
    QVERIFY2(check("pipeline-zbh1-cursor.png", 4, {QStringLiteral("zb-h1")}) != whole, "the cursor changes nothing");
    // docs/screenshots/pipeline.png: seed 004's exercise 2, 1F1B against GPipe, mid-step.
    view.resize(1366, 440);
    view.setSpec(spec(4, 8, Schedule::OneFOneB));
    view.setComparisonSchedule(Schedule::GPipe);
    view.setCursorTime(14);
    check("pipeline.png", 8, {QStringLiteral("1f1b"), QStringLiteral("gpipe")});
    view.setComparisonSchedule(std::nullopt);
    view.resize(1366, 560);
    view.setSpec(spec(4, 8, Schedule::ZbV));
    view.setComparisonSchedule(Schedule::DualPipeV);
    check("pipeline-zbv-vs-dualpipev.png", 8, {QStringLiteral("zb-v"), QStringLiteral("dualpipev")});
}

// 131,072 blocks are summarised and still drawn; their paint time is bench/pipeline_paint_bench.cpp's.
void PipelineViewTest::bigPipelineSummarised() {
    PipelineView view;
    view.resize(1366, 768);
    view.show();
    view.setSpec(spec(64, 512, Schedule::Interleaved, 4));
    QCOMPARE(view.rowCount(), 64);
    QCOMPARE(view.timeline().blocks.size(), size_t(64 * 512 * 4 * 2));
    QImage target(view.size(), QImage::Format_ARGB32_Premultiplied);
    view.render(&target);
    QVERIFY(view.isSummarised());
    QVERIFY2(tl::test::distinctColours(target) > 4, "the summarised diagram looks blank");
    // Repaints with the cached bands (cursor moves) still draw: a cursor at zero greys out the whole step.
    view.setCursorTime(0);
    QImage atZero(view.size(), QImage::Format_ARGB32_Premultiplied);
    view.render(&atZero);
    QVERIFY2(atZero != target, "the cursor changes nothing on the summarised diagram");
    maybeSave(view, "pipeline-p64-m512-v4.png");
}

void PipelineViewTest::noPipelineAtPpOne() {
    PipelineView view;
    view.resize(1000, 500);
    view.setSpec(spec(1, 48, Schedule::OneFOneB));
    QVERIFY(view.isNoPipeline());
    QVERIFY(view.errorMessage().isEmpty());
    QCOMPARE(view.rowCount(), 0);
    QCOMPARE(view.caption(), QStringLiteral("No pipeline: parallel.pp is 1. Set PP to 2 or more to see the schedule."));
    for (const char* name : {"playButton", "stepButton", "timeSlider", "compareCombo"})
        QVERIFY2(!view.findChild<QWidget*>(QString::fromLatin1(name))->isEnabled(), name);
    const QImage img = view.grab().toImage();
    QVERIFY2(tl::test::distinctColours(img) > 2, "the message is not drawn");
    QCOMPARE(view.rowHeight(), 0.0); // no rank row drawn
    maybeSave(view, "pipeline-pp1.png");

    view.setSpec(spec(4, 8, Schedule::OneFOneB));
    QVERIFY(!view.isNoPipeline());
    QCOMPARE(view.rowCount(), 4);
    QVERIFY(view.findChild<QWidget*>(QStringLiteral("playButton"))->isEnabled());
}

void PipelineViewTest::manyMicroBatchesSummariseAndFill() {
    // The user review's case: pp = 4, m = 192 in a window-sized panel. Blocks about 2 px wide are summarised, and
    // the four rows use most of the height instead of leaving it empty.
    PipelineView view;
    view.resize(1400, 680);
    view.setSpec(spec(4, 192, Schedule::OneFOneB));
    const QImage img = view.grab().toImage();
    QVERIFY(view.isSummarised());
    QVERIFY2(
        view.rowHeight() * 4 > view.canvasSize().height() * 0.6,
        qPrintable(QStringLiteral("row height %1 in %2 px").arg(view.rowHeight()).arg(view.canvasSize().height())));
    QVERIFY2(tl::test::distinctColours(img) > 4, "the summarised diagram looks blank");
    maybeSave(view, "pipeline-p4-m192.png");

    // Few micro-batches keep readable blocks.
    view.setSpec(spec(4, 8, Schedule::OneFOneB));
    view.grab();
    QVERIFY(!view.isSummarised());
}

QTEST_MAIN(PipelineViewTest)
#include "pipelineview_test.moc"
