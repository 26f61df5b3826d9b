// The time view's "Best layout" curve, offscreen: switched on in derived mode it draws engine::bestLayoutCurve's
// result; an edit during the search cancels it and the final curve is the final scenario's; Cancel leaves no
// half-drawn curve; fixed mode says why there is none; the hover text, the CSV export and QSettings carry it.

#include "engine/evaluate.h"
#include "engine/layoutplanner.h"
#include "engine/ledgerfields.h"
#include "engine/presets.h"
#include "engine/units.h"
#include "engine/validate.h"
#include "ui/controller.h"
#include "ui/export/exportregistry.h"
#include "ui/export/tables.h"
#include "ui/jobs/backgroundjob.h"
#include "ui/mainwindow.h"
#include "ui/views/bestlayoutsearch.h"
#include "ui/views/textline.h"
#include "ui/views/timeview.h"

#include <QCheckBox>
#include <QImage>
#include <QLabel>
#include <QLineSeries>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

#include <memory>
#include <mutex>
#include <thread>
#include <vector>

using namespace tl;

namespace {

// Qwen3-8B in derived mode with a small batch: a search of a second or so.
engine::Scenario quick(double tokens = 100e9) {
    engine::Scenario s;
    s.efficiency.mode = engine::EfficiencyMode::Derived;
    s.data.globalBatch = 96;
    s.data.tokens = tokens;
    return s;
}

// Llama 3.1 405B on 16,384 H100 in derived mode: a search of several seconds.
engine::Scenario slow() {
    engine::Scenario s;
    engine::applyModelPreset(s, "llama3.1-405b");
    engine::applyGpuPreset(s, "h100-sxm");
    s.data.seqLen = 8192;
    s.data.globalBatch = 2048;
    s.parallel.tp = 8;
    s.parallel.pp = 16;
    s.parallel.dp = 128;
    s.efficiency.mode = engine::EfficiencyMode::Derived;
    return s;
}

// What the view should draw, worked out here: the engine's best layout at every curve point where only dp varying
// is a valid layout.
QList<QPointF> expected(const engine::Scenario& s) {
    const engine::Evaluation e = engine::evaluateAll(s);
    // Worked out here rather than with engine::curveLayoutCounts, which the view uses.
    std::vector<engine::CountRequest> counts;
    for (const engine::ScalePoint& p : e.curve) {
        if (engine::validate(engine::scenarioAt(s, p)).empty())
            counts.push_back({p.gpus, p.globalBatch});
    }
    const engine::CurveResult r = engine::bestLayoutCurve(s, counts, engine::PlanRequest{});
    QList<QPointF> out;
    for (const engine::CountBest& b : r.points)
        if (b.found)
            out << QPointF(double(b.gpus), b.plan.days);
    return out;
}

// Pixels of the best-layout curve's purple (#7b1fa2) in a PNG.
int purplePixels(const QByteArray& png) {
    const QImage image = QImage::fromData(png).convertToFormat(QImage::Format_RGB32);
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            n += std::abs(c.red() - 0x7b) < 12 && std::abs(c.green() - 0x1f) < 12 && std::abs(c.blue() - 0xa2) < 12;
        }
    return n;
}

bool finished(ui::TimeView& v, bool cancelled, int ms = 120000) {
    QSignalSpy spy(&v, &ui::TimeView::bestLayoutsFinished);
    if (!spy.wait(ms))
        return false;
    return spy.last().at(0).toBool() == cancelled;
}

} // namespace

class TimeBestTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void switchedOnItDrawsTheEngineResult() {
        ui::TimeView v;
        v.resize(900, 600);
        v.show();
        const engine::Scenario s = quick();
        v.setEvaluation(engine::evaluateAll(s));
        QCOMPARE(v.bestSeries()->count(), 0); // off by default
        QVERIFY(!v.isSearching());
        v.setBestLayoutShown(true);
        QVERIFY(v.isSearching());
        QVERIFY(finished(v, false));
        const QList<QPointF> want = expected(s);
        QVERIFY(want.size() > 5);
        QCOMPARE(v.bestSeries()->points(), want);
        // Never above "only dp varies" where both are drawn, and the legend names the curve.
        const engine::Evaluation e = engine::evaluateAll(s);
        int compared = 0;
        for (size_t i = 0; i < e.curve.size(); ++i)
            if (const auto& b = v.bestLayouts()[i]) {
                QVERIFY(b->plan.days <= e.curve[i].daysEffective * (1 + 1e-9)); // both with faults
                ++compared;
            }
        QCOMPARE(compared, int(want.size()));
        QVERIFY(v.findChild<QLabel*>(QStringLiteral("timeLegend"))->text().contains(QStringLiteral("Best")));

        // The hover text names the layout and the days of both curves.
        const QPointF p = want[want.size() / 2];
        const QString hover = v.bestHoverText(p.x());
        QVERIFY2(hover.contains(QStringLiteral("TP ")) && hover.contains(QStringLiteral("ZeRO")) &&
                     hover.contains(QStringLiteral("micro-batch")) && hover.contains(QStringLiteral("recompute")),
                 qPrintable(hover));
        QVERIFY2(hover.contains(QString::fromStdString(engine::formatLedgerValue(p.y(), engine::Unit::Days))),
                 qPrintable(hover));
        QVERIFY(v.hoverText(p.x()).contains(QStringLiteral("Best layout:")));

        // The CSV export carries the best layout as three more columns.
        const QList<QByteArray> csv = ui::daysCurveCsv(e.curve, &v.bestLayouts()).trimmed().split('\n');
        QVERIFY(csv.front().endsWith(",best_days,best_usd,best_layout"));
        QCOMPARE(csv.size(), int(e.curve.size()) + 1);
        int filled = 0;
        for (size_t i = 0; i < e.curve.size(); ++i)
            if (const auto& b = v.bestLayouts()[i]) {
                const QList<QByteArray> cells = csv[qsizetype(i) + 1].split(',');
                QVERIFY(std::abs(cells[7].toDouble() - b->plan.days) <= 1e-9 * b->plan.days); // 12 digits
                ++filled;
            }
        QCOMPARE(filled, int(want.size()));

        // Off again: the series goes, nothing searches.
        v.setBestLayoutShown(false);
        QCOMPARE(v.bestSeries()->count(), 0);
        QVERIFY(!v.isSearching());
    }

    void anEditDuringTheSearchCancelsItAndTheFinalCurveIsTheFinalScenarios() {
        ui::TimeView v;
        v.resize(900, 600);
        v.show();
        // The engine's search, except that the first one runs until it is superseded: the edits below come while
        // it runs, whatever the machine's speed.
        struct Searches {
            std::mutex mutex;
            std::vector<double> tokens; // of each search started
            std::vector<double> started() {
                const std::lock_guard<std::mutex> lock(mutex);
                return tokens;
            }
        };
        auto searches = std::make_shared<Searches>();
        v.bestLayoutSearch()->setSearch([searches](const engine::Scenario& s,
                                                   const std::vector<engine::CountRequest>& counts,
                                                   const engine::PlanRequest& req) {
            bool first = false;
            {
                const std::lock_guard<std::mutex> lock(searches->mutex);
                first = searches->tokens.empty();
                searches->tokens.push_back(s.data.tokens);
            }
            while (first && !req.cancel->load())
                std::this_thread::yield();
            return engine::bestLayoutCurve(s, counts, req);
        });
        v.bestLayoutSearch()->job()->setProgressDelay(0);
        v.setBestLayoutShown(true);
        v.setEvaluation(engine::evaluateAll(slow()));
        // The search has started (past the pause that gathers edits) and shows its progress; the window answers.
        QTRY_COMPARE(searches->started().size(), size_t(1));
        QTRY_VERIFY(v.bestProgress()->isVisible());
        QSignalSpy spy(&v, &ui::TimeView::bestLayoutsFinished);
        const engine::Scenario last = quick(200e9);
        v.setEvaluation(engine::evaluateAll(quick(150e9)));
        QVERIFY(v.bestProgress()->isVisible()); // the next search takes the bar over
        v.setEvaluation(engine::evaluateAll(last));
        QVERIFY(spy.wait(120000));
        QCOMPARE(spy.size(), 1); // the superseded searches report nothing
        QCOMPARE(spy.front().at(0).toBool(), false);
        QCOMPARE(v.bestSeries()->points(), expected(last));
        QVERIFY(!v.bestProgress()->isVisible());
        // The edit in between never started a search of its own: edits closer than the pause start one.
        QCOMPARE(searches->started(), (std::vector<double>{slow().data.tokens, last.data.tokens}));
    }

    void cancelLeavesNoHalfDrawnCurve() {
        ui::TimeView v;
        v.resize(900, 600);
        v.show();
        // A search that runs until it is cancelled, and then returns as the engine does.
        v.bestLayoutSearch()->setSearch([](const engine::Scenario& s, const std::vector<engine::CountRequest>& counts,
                                           const engine::PlanRequest& req) {
            while (!req.cancel->load())
                std::this_thread::yield();
            return engine::bestLayoutCurve(s, counts, req);
        });
        v.bestLayoutSearch()->job()->setProgressDelay(0);
        v.setBestLayoutShown(true);
        engine::Scenario s = slow();
        v.setEvaluation(engine::evaluateAll(s));
        QTRY_VERIFY(v.bestCancelButton()->isVisible());
        QTest::mouseClick(v.bestCancelButton(), Qt::LeftButton);
        QVERIFY(finished(v, true, 30000));
        QCOMPARE(v.bestSeries()->count(), 0);
        QVERIFY(!v.bestCancelButton()->isVisible());
        QVERIFY(v.captionLabel()->text().contains(QStringLiteral("cancelled")));
        // The same curve again (a redraw) keeps the Cancel; ticking the box again searches again.
        v.setEvaluation(engine::evaluateAll(s));
        QVERIFY(!v.isSearching());
        v.setBestLayoutShown(false);
        v.setBestLayoutShown(true);
        QVERIFY(v.isSearching());
        QTRY_VERIFY(v.bestCancelButton()->isVisible());
        v.cancelSearch();
        QVERIFY(finished(v, true, 30000));
        QCOMPARE(v.bestSeries()->count(), 0);
    }

    void fixedModeSaysWhyThereIsNoCurve() {
        ui::TimeView v;
        v.setBestLayoutShown(true);
        engine::Scenario s = quick();
        s.efficiency.mode = engine::EfficiencyMode::Fixed;
        v.setEvaluation(engine::evaluateAll(s));
        QVERIFY(!v.isSearching());
        QCOMPARE(v.bestSeries()->count(), 0);
        QVERIFY(v.captionLabel()->text().contains(QStringLiteral("fixed MFU")));
    }

    void theWindowsExportsCarryTheCurve() {
        ui::Controller controller;
        controller.setScenario(quick(120e9));
        ui::MainWindow w(&controller, ui::MainWindow::Options{false});
        w.view<ui::TimeView>()->setBestLayoutShown(true);
        QString error;
        const auto csv = w.exports().find(QStringLiteral("days-curve"))->render(QStringLiteral("csv"), error);
        QVERIFY(csv);
        QVERIFY(
            csv->startsWith("gpus,dp,days,usd,tokens_per_s,memory_total_bytes,fits,best_days,best_usd,best_layout\n"));
        QCOMPARE(w.view<ui::TimeView>()->bestSeries()->points(), expected(quick(120e9)));
        // The days chart's picture is drawn by a fresh view, which takes the kept results at once.
        const auto png = w.exports().find(QStringLiteral("time-chart"))->render(QStringLiteral("png"), error);
        QVERIFY(png && !png->isEmpty());
        QVERIFY(purplePixels(*png) > 200);
        w.view<ui::TimeView>()->setBestLayoutShown(false);
        const auto plain = w.exports().find(QStringLiteral("days-curve"))->render(QStringLiteral("csv"), error);
        QVERIFY(plain && plain->startsWith("gpus,dp,days,usd,tokens_per_s,memory_total_bytes,fits\n"));
        const auto without = w.exports().find(QStringLiteral("time-chart"))->render(QStringLiteral("png"), error);
        QVERIFY(without);
        QCOMPARE(purplePixels(*without), 0);
    }

    void theWindowRemembersTheCheckBox() {
        QSettings().clear();
        ui::Controller controller;
        {
            ui::MainWindow w(&controller);
            w.show();
            QVERIFY(w.view<ui::TimeView>()->bestLayoutShown()); // on by default (issue 22: fast enough since the
                                                                // curve is a branch and bound per count)
            w.view<ui::TimeView>()->bestLayoutBox()->setChecked(false);
            QVERIFY(w.close());
        }
        QCOMPARE(QSettings().value(QStringLiteral("view/bestLayoutCurve")).toBool(), false);
        ui::MainWindow again(&controller);
        again.show();
        QVERIFY(!again.view<ui::TimeView>()->bestLayoutShown());
        again.view<ui::TimeView>()->setBestLayoutShown(true);
        QVERIFY(again.close());
        QCOMPARE(QSettings().value(QStringLiteral("view/bestLayoutCurve")).toBool(), true);
    }
};

QTEST_MAIN(TimeBestTest)
#include "timebest_test.moc"
