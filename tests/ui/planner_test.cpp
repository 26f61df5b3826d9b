// The Planner tab (ui/planner/*), offscreen: the item model under QAbstractItemModelTester and numeric sorting, a
// search off the UI thread with its chart, Apply as one undo step, Cancel and stale results leaving the scenario
// untouched, a bad GPU count named beside its field.

#include "engine/layoutplanner.h"
#include "engine/presets.h"
#include "ui/controller.h"
#include "ui/i18n/enginetext.h"
#include "ui/jobs/backgroundjob.h"
#include "ui/planner/planchart.h"
#include "ui/planner/planmodel.h"
#include "ui/planner/plannertab.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

#include <thread>

using namespace tl;

namespace {

engine::Scenario llama70b() {
    engine::Scenario s;
    engine::applyModelPreset(s, "llama3-70b");
    s.parallel.tp = 8;
    s.parallel.dp = 4;
    s.data.globalBatch = 512;
    return s;
}

bool waitFinished(ui::PlannerTab& tab, int ms = 60000) {
    QSignalSpy spy(&tab, &ui::PlannerTab::finished);
    return spy.wait(ms);
}

} // namespace

class PlannerTest : public QObject {
    Q_OBJECT

private slots:
    // In English the table and the reasons name a layout in the CLI's words (engine::describeLayout), letter for
    // letter: every schedule, recompute and offload, with and without cp, SP and virtual stages.
    void shortLayoutTextIsTheCliText() {
        int checked = 0;
        for (int pp : {1, 4})
            for (auto schedule :
                 {engine::Schedule::GPipe, engine::Schedule::OneFOneB, engine::Schedule::Interleaved,
                  engine::Schedule::ZbH1, engine::Schedule::ZbH2, engine::Schedule::ZbV, engine::Schedule::DualPipeV})
                for (auto recompute : {engine::Recompute::None, engine::Recompute::Selective, engine::Recompute::Full})
                    for (auto offload : {engine::Offload::None, engine::Offload::Cpu, engine::Offload::Nvme}) {
                        engine::Layout l;
                        l.tp = 8;
                        l.pp = pp;
                        l.dp = 16;
                        l.cp = pp == 4 ? 2 : 1;
                        l.zero = pp == 4 ? 1 : 3;
                        l.sequenceParallel = pp == 4;
                        l.schedule = schedule;
                        l.virtualStages = schedule == engine::Schedule::Interleaved ? 2 : 1;
                        l.microBatch = 2;
                        l.recompute = recompute;
                        l.offload = offload;
                        QCOMPARE(ui::layoutText(l, ui::LayoutStyle::Short),
                                 QString::fromStdString(engine::describeLayout(l)));
                        ++checked;
                    }
        QCOMPARE(checked, 2 * 7 * 3 * 3);
    }

    void modelPassesTheTesterAndSortsNumerically() {
        engine::PlanRequest req;
        req.minGpus = 8;
        req.maxGpus = 64;
        req.top = 2000;
        const auto result = engine::planLayouts(llama70b(), req);
        QVERIFY(result.plans.size() > 50);
        ui::PlanModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setPlans(result.plans);
        QCOMPARE(model.rowCount(), int(result.plans.size()));
        QCOMPARE(model.data(model.index(0, ui::PlanModel::Rank)).toInt(), 1);
        for (int column = 0; column < ui::PlanModel::ColumnCount; ++column) {
            for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
                model.sort(column, order);
                for (int row = 1; row < model.rowCount(); ++row) {
                    const QVariant a = model.data(model.index(row - 1, column), Qt::UserRole);
                    const QVariant b = model.data(model.index(row, column), Qt::UserRole);
                    const auto c = QVariant::compare(a, b);
                    QVERIFY2(order == Qt::AscendingOrder ? c != QPartialOrdering::Greater : c != QPartialOrdering::Less,
                             qPrintable(QStringLiteral("column %1 row %2").arg(column).arg(row)));
                }
            }
        }
        // Memory sorts as a number, not as its text ("9.5 GB" after "10.1 GB").
        model.sort(ui::PlanModel::Memory, Qt::AscendingOrder);
        const auto least = std::min_element(result.plans.begin(), result.plans.end(),
                                            [](const auto& a, const auto& b) { return a.memoryTotal < b.memoryTotal; });
        QCOMPARE(model.plan(0)->memoryTotal, least->memoryTotal);
        model.sort(ui::PlanModel::Rank, Qt::AscendingOrder);
        QVERIFY(model.plan(0)->layout == result.plans.front().layout);
        QCOMPARE(model.rowOfRank(3), 2);
    }

    void searchChartAndApplyAsOneUndoStep() {
        ui::Controller controller;
        controller.setScenario(llama70b());
        ui::PlannerTab tab(&controller);
        tab.resize(1300, 800);
        tab.show();
        tab.gpusEdit()->setText(QStringLiteral("32"));
        QVERIFY(tab.plan());
        QVERIFY(tab.isRunning() || tab.model()->rowCount() >= 0);
        QVERIFY(waitFinished(tab));
        QVERIFY(tab.model()->rowCount() > 0);
        QVERIFY(tab.statusLabel()->text().contains(QStringLiteral("layouts evaluated")));
        QCOMPARE(tab.chart()->plansSeries()->count(), tab.model()->rowCount());
        QCOMPARE(tab.chart()->frontSeries()->count(), int(tab.result().pareto.size()));
        QCOMPARE(tab.chart()->currentSeries()->count(), 1); // this plan's point
        for (const auto& p : tab.result().plans)
            QCOMPARE(p.gpus(), 32LL);

        // The row's menu: "Export this layout..." hands the window the searched scenario with the row's layout.
        {
            std::optional<engine::Scenario> exported;
            connect(&tab, &ui::PlannerTab::exportLayoutRequested, this,
                    [&exported](const engine::Scenario& s) { exported = s; });
            std::unique_ptr<QMenu> menu(tab.rowMenu(1));
            auto* exportAction = menu->findChild<QAction*>(QStringLiteral("plannerRowExport"));
            QVERIFY(exportAction && exportAction->isEnabled());
            exportAction->trigger();
            QVERIFY(exported.has_value());
            QVERIFY(engine::layoutOf(*exported) == tab.model()->plan(1)->layout);
            QVERIFY(controller.scenario() == llama70b()); // nothing applied
        }

        // Apply the third plan: one undo step, the scenario is that layout, undo brings the old one back.
        const engine::Scenario before = controller.scenario();
        const int steps = controller.undoStack()->count();
        const engine::Plan chosen = *tab.model()->plan(2);
        QVERIFY(tab.applyRow(2));
        QCOMPARE(controller.undoStack()->count(), steps + 1);
        QVERIFY(engine::layoutOf(controller.scenario()) == chosen.layout);
        QCOMPARE(controller.ledger().time.days, chosen.days);
        QCOMPARE(controller.ledger().memory.total, chosen.memoryTotal);
        QVERIFY(controller.undoStack()->undoText().startsWith(QStringLiteral("apply layout")));
        // A second Apply right after is its own step, not merged into the first.
        QVERIFY(tab.applyRow(0));
        QCOMPARE(controller.undoStack()->count(), steps + 2);
        controller.undoStack()->undo();
        controller.undoStack()->undo();
        QVERIFY(controller.scenario() == before);

        // A change of model makes the results stale: Apply is refused until the next search.
        QVERIFY(controller.setValue("model.preset", std::string("qwen3-8b")));
        QVERIFY(!tab.applyButton()->isEnabled());
        QVERIFY(!tab.applyRow(0));
        QVERIFY(tab.statusLabel()->text().contains(QStringLiteral("changed")));

        const QString out = qEnvironmentVariable("TL_PLANNER_PNG");
        if (!out.isEmpty()) {
            controller.undoStack()->undo();
            QVERIFY(tab.plan());
            QVERIFY(waitFinished(tab));
            tab.table()->selectRow(4);
            QTest::qWait(50);
            QVERIFY(tab.grab().save(out));
        }
    }

    void cancelLeavesTheScenarioUntouched() {
        ui::Controller controller;
        engine::Scenario s;
        engine::applyModelPreset(s, "llama3.1-405b");
        s.data.globalBatch = 2048;
        controller.setScenario(s);
        const engine::Scenario before = controller.scenario();
        const int steps = controller.undoStack()->count();
        ui::PlannerTab tab(&controller);
        tab.show();
        // The engine's search, held at a third of the way until it is cancelled: Cancel is shown, whatever the
        // machine's speed.
        tab.setSearch([](const engine::Scenario& scenario, const engine::PlanRequest& req) {
            req.progress(1.0 / 3);
            while (!req.cancel->load())
                std::this_thread::yield();
            return engine::planLayouts(scenario, req);
        });
        tab.job()->setProgressDelay(0);
        tab.gpusEdit()->setText(QStringLiteral("1:16384"));
        QSignalSpy spy(&tab, &ui::PlannerTab::finished);
        QVERIFY(tab.plan());
        QVERIFY(tab.isRunning());
        QTRY_VERIFY(tab.cancelButton()->isVisible());
        QVERIFY(tab.progressBar()->isVisible());
        QTRY_COMPARE(tab.progressBar()->value(), 333);
        QTest::mouseClick(tab.cancelButton(), Qt::LeftButton);
        QVERIFY(spy.wait(60000));
        QCOMPARE(spy.first().first().toBool(), true);
        QVERIFY(tab.statusLabel()->text().contains(QStringLiteral("Cancelled")));
        QCOMPARE(tab.model()->rowCount(), 0);
        QVERIFY(!tab.progressBar()->isVisible());
        QVERIFY(!tab.cancelButton()->isVisible());
        QVERIFY(controller.scenario() == before);
        QCOMPARE(controller.undoStack()->count(), steps);
    }

    void badGpuCountIsNamedBesideTheField() {
        ui::Controller controller;
        ui::PlannerTab tab(&controller);
        for (const char* bad : {"0", "-8", "eight", "64:8", "2.5"}) {
            tab.gpusEdit()->setText(QString::fromLatin1(bad));
            QVERIFY(!tab.plan());
            const auto* error = tab.findChild<QLabel*>(QStringLiteral("plannerGpusError"));
            QVERIFY(error->text().startsWith(QStringLiteral("GPUs: \"")));
            QVERIFY(error->text().contains(QString::fromLatin1(bad)));
        }
        tab.gpusEdit()->setText(QStringLiteral("8"));
        QVERIFY(tab.plan());
        QVERIFY(waitFinished(tab));
        QVERIFY(tab.findChild<QLabel*>(QStringLiteral("plannerGpusError"))->text().isEmpty());
    }

    void noPlanShowsTheReason() {
        ui::Controller controller;
        engine::Scenario s;
        engine::applyModelPreset(s, "llama3.1-405b");
        controller.setScenario(s);
        ui::PlannerTab tab(&controller);
        tab.gpusEdit()->setText(QStringLiteral("8"));
        QVERIFY(tab.plan());
        QVERIFY(waitFinished(tab));
        QCOMPARE(tab.model()->rowCount(), 0);
        QVERIFY(tab.statusLabel()->text().contains(QStringLiteral("the state alone needs")));
        QVERIFY(!tab.applyButton()->isEnabled());
    }
};

QTEST_MAIN(PlannerTest)
#include "planner_test.moc"
