// BackgroundJob and JobProgress: results by value, Cancel, superseded work dropped, progress only after the delay,
// wait() for exports, destruction while running. Work that must stay running waits on a gate the test opens, so no
// test depends on how long anything takes.

#include "ui/jobs/backgroundjob.h"
#include "ui/jobs/jobprogress.h"

#include <QProgressBar>
#include <QPushButton>
#include <QtTest>

#include <atomic>
#include <memory>
#include <thread>

using namespace tl;

namespace {

// Work that runs until the test opens the gate (or the job cancels it, when it listens).
struct Gate {
    std::atomic<bool> open{false};
    std::atomic<bool> done{false}; // the work has returned
    void waitOpen(const ui::JobToken* token = nullptr) const {
        while (!open.load() && !(token && token->cancelled()))
            std::this_thread::yield();
    }
};

} // namespace

class BackgroundJobTest : public QObject {
    Q_OBJECT

private slots:
    void theResultComesBackByValue() {
        ui::BackgroundJob job;
        std::unique_ptr<int> got; // a move-only result: handed over, never copied
        QSignalSpy finished(&job, &ui::BackgroundJob::finished);
        job.start([](const ui::JobToken&) { return std::make_unique<int>(42); },
                  [&](std::unique_ptr<int> r) { got = std::move(r); });
        QVERIFY(job.isRunning());
        QVERIFY(finished.wait());
        QVERIFY(got);
        QCOMPARE(*got, 42);
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.front().front().toBool(), false);
        QVERIFY(!job.isRunning());
    }

    void cancelStopsTheWorkAndStillDelivers() {
        ui::BackgroundJob job;
        int got = 0;
        QSignalSpy finished(&job, &ui::BackgroundJob::finished);
        job.start(
            [](const ui::JobToken& t) {
                while (!t.cancelled())
                    std::this_thread::yield();
                return 7;
            },
            [&](int r) { got = r; });
        job.cancel();
        QVERIFY(finished.wait());
        QCOMPARE(got, 7);
        QCOMPARE(finished.front().front().toBool(), true);
        QVERIFY(job.cancelled());
    }

    void startingAgainDropsTheSupersededResult() {
        ui::BackgroundJob job;
        auto gate = std::make_shared<Gate>();
        QStringList delivered;
        QSignalSpy finished(&job, &ui::BackgroundJob::finished);
        // The first work ignores its token until the gate opens: it returns after the second started.
        job.start(
            [gate](const ui::JobToken&) {
                gate->waitOpen();
                gate->done = true;
                return QStringLiteral("first");
            },
            [&](QString r) { delivered << r; });
        job.start([](const ui::JobToken&) { return QStringLiteral("second"); }, [&](QString r) { delivered << r; });
        gate->open = true;
        QVERIFY(finished.wait());
        QTRY_VERIFY(gate->done.load());
        QCoreApplication::processEvents();
        QCOMPARE(delivered, QStringList{QStringLiteral("second")});
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.front().front().toBool(), false);
    }

    void progressAndCancelAppearAfterTheDelay() {
        ui::BackgroundJob job;
        job.setProgressDelay(0); // at once: the work below runs until cancelled
        QWidget window;
        auto* progress = new ui::JobProgress(&job, &window);
        window.show();
        QVERIFY(!progress->isVisible());
        QSignalSpy finished(&job, &ui::BackgroundJob::finished);
        job.start(
            [](const ui::JobToken& t) {
                t.setProgress(0.5);
                while (!t.cancelled())
                    std::this_thread::yield();
                return 0;
            },
            [](int) {});
        QTRY_VERIFY(progress->isVisible());
        QTRY_COMPARE(progress->bar()->value(), 500);
        QVERIFY(job.progressShown());
        QTest::mouseClick(progress->cancelButton(), Qt::LeftButton);
        QVERIFY(finished.wait());
        QCOMPARE(finished.front().front().toBool(), true);
        QVERIFY(!progress->isVisible());
        QVERIFY(!job.progressShown());
    }

    void quickWorkNeverShowsProgress() {
        ui::BackgroundJob job;
        job.setProgressDelay(3600 * 1000); // longer than any work here
        QWidget window;
        auto* progress = new ui::JobProgress(&job, &window);
        window.show();
        QSignalSpy shown(&job, &ui::BackgroundJob::progressShownChanged);
        QSignalSpy finished(&job, &ui::BackgroundJob::finished);
        job.start([](const ui::JobToken& t) { return t.cancelled(); }, [](bool) {});
        QVERIFY(finished.wait());
        QCOMPARE(shown.size(), 0);
        QVERIFY(!progress->isVisible());
    }

    void waitDeliversAtOnceAndOnlyOnce() {
        ui::BackgroundJob job;
        auto gate = std::make_shared<Gate>();
        int calls = 0;
        job.start(
            [gate](const ui::JobToken&) {
                gate->waitOpen();
                return 3;
            },
            [&](int r) { calls += r; });
        gate->open = true;
        job.wait(); // no event loop: the result is there when wait() returns
        QCOMPARE(calls, 3);
        QVERIFY(!job.isRunning());
        QCoreApplication::processEvents(); // the watcher's own signal comes later and delivers nothing more
        QCOMPARE(calls, 3);
    }

    void aBurstOfStartsRunsTheLastWorkOnce() {
        ui::BackgroundJob job;
        auto runs = std::make_shared<std::atomic<int>>(0);
        QStringList delivered;
        const int pause = 3600 * 1000; // the pause never ends by itself here: wait() and cancel() end it
        for (const QString& name : {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")})
            job.start(
                [runs, name](const ui::JobToken&) {
                    ++*runs;
                    return name;
                },
                [&](QString r) { delivered << r; }, pause);
        QVERIFY(job.isRunning());
        QCOMPARE(runs->load(), 0);
        job.wait();
        QCOMPARE(runs->load(), 1);
        QCOMPARE(delivered, QStringList{QStringLiteral("c")});

        // Cancelled in its pause, the work starts at once with the token already cancelled.
        QSignalSpy finished(&job, &ui::BackgroundJob::finished);
        job.start([](const ui::JobToken& t) { return t.cancelled(); }, [&](bool c) { delivered << QString::number(c); },
                  pause);
        job.cancel();
        QVERIFY(finished.wait());
        QCOMPARE(delivered.back(), QStringLiteral("1"));
        QCOMPARE(finished.front().front().toBool(), true);
    }

    void stopSaysNothing() {
        ui::BackgroundJob job;
        job.setProgressDelay(0);
        auto gate = std::make_shared<Gate>();
        bool delivered = false;
        QSignalSpy finished(&job, &ui::BackgroundJob::finished);
        job.start(
            [gate](const ui::JobToken& t) {
                gate->waitOpen(&t);
                gate->done = true;
                return 0;
            },
            [&](int) { delivered = true; });
        QTRY_VERIFY(job.progressShown());
        job.stop();
        QVERIFY(!job.progressShown());
        QVERIFY(!job.isRunning());
        QTRY_VERIFY(gate->done.load()); // stopped by its token
        QCoreApplication::processEvents();
        QVERIFY(!delivered);
        QCOMPARE(finished.size(), 0);
    }

    void destroyingTheJobCancelsAndWaits() {
        auto gate = std::make_shared<Gate>();
        bool delivered = false;
        {
            ui::BackgroundJob job;
            job.start(
                [gate](const ui::JobToken& t) {
                    gate->waitOpen(&t); // returns when the job is destroyed (cancelled)
                    gate->done = true;
                    return 1;
                },
                [&](int) { delivered = true; });
        }
        QVERIFY(gate->done.load()); // the destructor waited for the work
        QCoreApplication::processEvents();
        QVERIFY(!delivered);
    }
};

QTEST_MAIN(BackgroundJobTest)
#include "backgroundjob_test.moc"
