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
#include <QChartView>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

#include <algorithm>
#include <cmath>
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

// The texts a person sees on the chart (its axis titles as drawn, elided or not).
void visibleTexts(QGraphicsItem* item, QStringList& out) {
    if (!item->isVisible())
        return;
    if (auto* t = dynamic_cast<QGraphicsSimpleTextItem*>(item))
        out << t->text();
    if (auto* t = dynamic_cast<QGraphicsTextItem*>(item))
        out << t->toPlainText();
    for (QGraphicsItem* child : item->childItems())
        visibleTexts(child, out);
}

QStringList chartTexts(ui::PlanChart* chart) {
    QStringList out;
    for (QGraphicsItem* item : chart->chartView()->scene()->items())
        if (!item->parentItem())
            visibleTexts(item, out);
    return out;
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
        QCOMPARE(controller.ledger().time.daysEffective, chosen.days); // the days the planner ranks
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

    // Issue 28: the planner ranked in derived mode while the window said a fixed MFU of 40% (its MFU column showed
    // 67.5%), and Apply switched the scenario to derived mode without a word. It ranks in the scenario's own mode:
    // in fixed mode every plan has the window's MFU and the status says why a count's layouts tie; Apply keeps the
    // mode, and the applied plan's figures are the table's.
    void theTableRanksInTheScenariosOwnMode() {
        for (const auto mode : {engine::EfficiencyMode::Fixed, engine::EfficiencyMode::Derived}) {
            ui::Controller controller;
            engine::Scenario s = llama70b();
            s.efficiency.mode = mode;
            controller.setScenario(s);
            ui::PlannerTab tab(&controller);
            tab.resize(1300, 800);
            tab.show();
            tab.gpusEdit()->setText(QStringLiteral("32"));
            QVERIFY(tab.plan());
            QVERIFY(waitFinished(tab));
            QVERIFY(tab.model()->rowCount() > 2);
            const bool fixed = mode == engine::EfficiencyMode::Fixed;
            for (const auto& p : tab.result().plans) {
                QCOMPARE(p.derived, !fixed);
                if (fixed)
                    QCOMPARE(p.mfu, s.efficiency.mfu);
            }
            QCOMPARE(tab.statusLabel()->text().contains(QStringLiteral("A fixed MFU makes every layout")), fixed);
            if (fixed) // most room first
                QVERIFY(tab.result().plans.front().memoryTotal <= tab.result().plans.back().memoryTotal);

            tab.table()->selectRow(2);
            const engine::Plan chosen = *tab.model()->plan(2);
            QVERIFY(tab.applyButton()->isEnabled());
            QTest::mouseClick(tab.applyButton(), Qt::LeftButton);
            QVERIFY(engine::layoutOf(controller.scenario()) == chosen.layout);
            QVERIFY(controller.scenario().efficiency.mode == mode); // never switched
            const engine::Ledger& l = controller.ledger();
            QCOMPARE(l.time.daysEffective, chosen.days);
            QCOMPARE(l.time.days, chosen.daysCompute);
            QCOMPARE(l.cost.usd, chosen.usd);
            QCOMPARE(l.time.mfu, chosen.mfu);
            QCOMPARE(l.memory.total, chosen.memoryTotal);
            // The table's cells show those figures.
            const int row = tab.model()->rowOfRank(3);
            // Days: the effective days the planner ranks (issue 25); the tooltip adds the compute days.
            const QModelIndex days = tab.model()->index(row, ui::PlanModel::Days);
            QCOMPARE(tab.model()->data(days, Qt::UserRole).toDouble(), l.time.daysEffective);
            const QString tip = tab.model()->data(days, Qt::ToolTipRole).toString();
            QVERIFY2(
                tip.contains(
                    QString::fromStdString(engine::formatLedgerValue(l.time.daysEffective, engine::Unit::Days))) &&
                    tip.contains(QString::fromStdString(engine::formatLedgerValue(l.time.days, engine::Unit::Days))),
                qPrintable(tip));
            QVERIFY(tab.applyButton()->isEnabled()); // the results stay current: the mode did not change
        }
    }

    // Issue 28: days against dollars on log axes (a far "this plan" no longer crowds the candidates into a corner),
    // and "this plan" follows Apply.
    void chartIsLogAndThisPlanFollowsApply() {
        ui::Controller controller;
        controller.setScenario(llama70b());
        ui::PlannerTab tab(&controller);
        tab.resize(1300, 800);
        tab.show();
        // Before any search the axes carry no numbers a person can see (nothing has been measured): the labels are
        // transparent, and the axis titles are whole, not cut to "..." for want of room.
        QCOMPARE(tab.chart()->daysAxis()->labelsColor().alpha(), 0);
        QCOMPARE(tab.chart()->costAxis()->labelsColor().alpha(), 0);
        QCoreApplication::processEvents();
        const QStringList titles = chartTexts(tab.chart());
        for (QAbstractAxis* axis : {static_cast<QAbstractAxis*>(tab.chart()->daysAxis()),
                                    static_cast<QAbstractAxis*>(tab.chart()->costAxis())})
            QVERIFY2(titles.contains(axis->titleText()), qPrintable(titles.join(QStringLiteral(" | "))));
        for (const QString& t : titles)
            QVERIFY2(!t.contains(QChar(0x2026)) && !t.contains(QChar(0x22ee)), qPrintable(t));
        tab.gpusEdit()->setText(QStringLiteral("32"));
        QVERIFY(tab.plan());
        QVERIFY(waitFinished(tab));
        QVERIFY(tab.model()->rowCount() > 2);
        ui::PlanChart* chart = tab.chart();
        QVERIFY(chart->daysAxis()->labelsVisible());
        QCOMPARE(chart->daysAxis()->labelsColor().alpha(), 255);
        QCOMPARE(chart->costAxis()->labelsColor().alpha(), 255);
        QCOMPARE(chart->daysAxis()->type(), QAbstractAxis::AxisTypeLogValue);
        QCOMPARE(chart->costAxis()->type(), QAbstractAxis::AxisTypeLogValue);
        // Every point inside the axes.
        for (QXYSeries* series :
             {static_cast<QXYSeries*>(chart->plansSeries()), static_cast<QXYSeries*>(chart->currentSeries())})
            for (const QPointF& p : series->points()) {
                QVERIFY(p.x() >= chart->daysAxis()->min() && p.x() <= chart->daysAxis()->max());
                QVERIFY(p.y() >= chart->costAxis()->min() && p.y() <= chart->costAxis()->max());
            }
        const engine::Plan chosen = *tab.model()->plan(2);
        QVERIFY(tab.applyRow(2));
        QCOMPARE(chart->currentSeries()->count(), 1);
        QCOMPARE(chart->currentSeries()->at(0).x(), chosen.days);
        QCOMPARE(chart->currentSeries()->at(0).y(), chosen.usd / chart->costScale());
    }

    // Issue 28: the planner keeps a memory margin by default, and the Budget field lists the fastest layouts within
    // $X (the engine's budgeted search, the same plans in the same order).
    void budgetAndDefaultHeadroom() {
        ui::Controller controller;
        // Derived efficiency: with a fixed MFU every count costs the same and the days-dollars front is one point.
        engine::Scenario derived = llama70b();
        derived.efficiency.mode = engine::EfficiencyMode::Derived;
        controller.setScenario(derived);
        ui::PlannerTab tab(&controller);
        tab.show();
        QCOMPARE(tab.headroomBox()->value(), ui::PlannerTab::kDefaultHeadroomPercent);
        QVERIFY(ui::PlannerTab::kDefaultHeadroomPercent > 0);
        tab.gpusEdit()->setText(QStringLiteral("16:128")); // on one count dollars follow days: a range to choose from
        QVERIFY(tab.plan());
        QVERIFY(waitFinished(tab));
        QVERIFY(tab.model()->rowCount() > 2);
        for (const auto& p : tab.result().plans)
            QVERIFY(p.memoryTotal <= p.capacity * 0.9 * (1 + 1e-12));
        // A budget between the cheapest and the fastest plan (the two ends of the Pareto front).
        const auto& front = tab.result().pareto;
        QVERIFY(front.size() >= 2);
        QVERIFY(front.back().usd < front.front().usd);
        const double budget = std::floor((front.back().usd + front.front().usd) / 2);
        QTest::keyClicks(tab.budgetEdit(), QStringLiteral("$") + QString::number(budget, 'f', 0));
        QVERIFY(tab.plan());
        QVERIFY(waitFinished(tab));
        QVERIFY(tab.model()->rowCount() > 0);
        for (const auto& p : tab.result().plans)
            QVERIFY(p.usd <= budget);
        QVERIFY(tab.result().plans.front().days > front.front().days); // not the fastest overall
        engine::PlanRequest req;
        req.minGpus = 16;
        req.maxGpus = 64;
        req.headroom = 0.1;
        req.top = 1;
        req.budgetUsd = budget;
        const engine::PlanResult want = engine::planLayouts(controller.validScenario(), req);
        QVERIFY(tab.result().plans.front().layout == want.plans.front().layout);
        // A bad budget is named beside the field; nothing runs.
        tab.budgetEdit()->setText(QStringLiteral("lots"));
        QVERIFY(!tab.plan());
        auto* error = tab.findChild<QLabel*>(QStringLiteral("plannerBudgetError"));
        QVERIFY(error->isVisible());
        QVERIFY(error->text().startsWith(QStringLiteral("Budget: \"lots\"")));
        // A budget below every plan: the reason names the cheapest.
        tab.budgetEdit()->setText(QStringLiteral("1"));
        QVERIFY(tab.plan());
        QVERIFY(waitFinished(tab));
        QCOMPARE(tab.model()->rowCount(), 0);
        QVERIFY2(tab.statusLabel()->text().contains(QStringLiteral("no plan costs at most $1")),
                 qPrintable(tab.statusLabel()->text()));
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
