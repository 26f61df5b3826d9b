// Compare (ui/compare/comparewindow.*): the differing keys come from engine::compareScenarios, the paired memory
// bars and both time curves from the engine, Swap swaps, and Make B current hands B over. Offscreen.

#include "engine/compare.h"
#include "engine/evaluate.h"
#include "engine/ledgerfields.h"
#include "ui/compare/comparewindow.h"

#include <QBarSet>
#include <QDir>
#include <QLineSeries>
#include <QPushButton>
#include <QTableWidget>
#include <QtTest>

using namespace tl;

Q_DECLARE_METATYPE(tl::ui::CompareSide)

namespace {

ui::CompareSide side(int dp, const QString& name) {
    ui::CompareSide s;
    s.scenario.parallel.dp = dp;
    s.name = name;
    s.path = QStringLiteral("/tmp/") + name;
    return s;
}

QString cell(QTableWidget* table, const QString& key, int column) {
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0) && table->item(r, 0)->data(Qt::UserRole).toString() == key)
            return table->item(r, column)->text();
    return QStringLiteral("<no row %1>").arg(key);
}

} // namespace

class CompareTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { qRegisterMetaType<ui::CompareSide>(); }

    void showsTheDifferingKeys() {
        ui::CompareWindow w;
        w.setSides(side(8, QStringLiteral("a.trainledger")), side(16, QStringLiteral("b.trainledger")));
        const QStringList keys = w.differenceKeys();
        QVERIFY(keys.contains(QStringLiteral("parallel.dp")));
        QVERIFY(keys.contains(QStringLiteral("time.days")));
        QVERIFY(keys.contains(QStringLiteral("cost.usd")) || keys.contains(QStringLiteral("time.gpus")));
        QVERIFY(!keys.contains(QStringLiteral("model.layers")));
        // Exactly the engine's list, in its order (scenario keys first), with the days and the cost ahead of it.
        engine::Scenario a, b;
        b.parallel.dp = 16;
        QStringList expected;
        for (const engine::Difference& d : engine::compareScenarios(a, b))
            expected << QString::fromStdString(d.key);
        QVERIFY(expected.removeOne(QStringLiteral("time.days")));
        QVERIFY(!expected.removeOne(QStringLiteral("cost.usd"))); // the same dollars, shown all the same
        expected.prepend(QStringLiteral("cost.usd"));
        expected.prepend(QStringLiteral("time.days"));
        QCOMPARE(keys, expected);
        QCOMPARE(cell(w.differenceTable(), QStringLiteral("parallel.dp"), 1), QStringLiteral("8"));
        QCOMPARE(cell(w.differenceTable(), QStringLiteral("parallel.dp"), 2), QStringLiteral("16"));
        const engine::Ledger la = engine::evaluate(a), lb = engine::evaluate(b);
        QCOMPARE(cell(w.differenceTable(), QStringLiteral("time.days"), 1),
                 QString::fromStdString(engine::formatLedgerValue(la.time.days, engine::Unit::Days)));
        QCOMPARE(cell(w.differenceTable(), QStringLiteral("time.days"), 2),
                 QString::fromStdString(engine::formatLedgerValue(lb.time.days, engine::Unit::Days)));

        // Paired memory bars: per category A and B, in GB, from each ledger.
        QCOMPARE(w.memorySet(0)->count(), 8); // frozen and trained weights apart (issue 26), then the total
        QCOMPARE(w.memorySet(0)->at(0), la.memory.frozenWeights / 1e9);
        QCOMPARE(w.memorySet(0)->at(1), la.memory.weights / 1e9); // full training: every weight is trained
        QCOMPARE(w.memorySet(1)->at(4), lb.memory.optimizer / 1e9);
        QCOMPARE(w.memorySet(1)->at(7), lb.memory.total / 1e9);
        // Both time curves, each the engine's scale curve.
        QVERIFY(w.curveSeries(0)->count() > 10);
        QCOMPARE(w.curveSeries(0)->count(), w.curveSeries(1)->count());
        QVERIFY(w.summaryText(1).contains(QStringLiteral("16 GPUs")));
    }

    // Issue 28: the table reads as the window does: labels, not keys (the key is in the tooltip), and a manager's
    // two figures, the days and the cost, first.
    void tableShowsLabelsWithDaysAndCostFirst() {
        ui::CompareWindow w;
        ui::CompareSide b = side(16, QStringLiteral("b"));
        b.scenario.parallel.zero = b.scenario.parallel.zero == 0 ? 1 : 0;
        b.scenario.efficiency.mfu = 0.35;
        b.scenario.parallel.schedule = engine::Schedule::GPipe;
        w.setSides(side(8, QStringLiteral("a")), b);
        QTableWidget* table = w.differenceTable();
        QCOMPARE(table->horizontalHeaderItem(0)->text(), QStringLiteral("Figure"));
        QStringList firstColumn;
        for (int r = 0; r < table->rowCount(); ++r)
            firstColumn << table->item(r, 0)->text();
        for (const QString& text : firstColumn)
            QVERIFY2(!text.contains(QLatin1Char('.')) && !text.contains(QLatin1Char('_')), qPrintable(text));
        // A section title, then the days and the cost.
        QCOMPARE(firstColumn.mid(1, 2), (QStringList{QStringLiteral("Days to train"), QStringLiteral("Cost")}));
        QCOMPARE(w.differenceKeys().mid(0, 2), (QStringList{QStringLiteral("time.days"), QStringLiteral("cost.usd")}));
        for (int r = 0; r < table->rowCount(); ++r)
            if (table->item(r, 0)->data(Qt::UserRole).toString() == QLatin1String("time.min_gpus_compute")) {
                QCOMPARE(table->item(r, 0)->text(), QStringLiteral("Fewest GPUs for time"));
                QVERIFY(table->item(r, 0)->toolTip().startsWith(QStringLiteral("time.min_gpus_compute")));
            }
        QVERIFY2(firstColumn.contains(QStringLiteral("ZeRO stage")), qPrintable(firstColumn.join(QLatin1Char('|'))));
        // Values as the panel shows them: MFU in percent (its change in points), a schedule by its name.
        QCOMPARE(cell(table, QStringLiteral("efficiency.mfu"), 1), QStringLiteral("40%"));
        QCOMPARE(cell(table, QStringLiteral("efficiency.mfu"), 2), QStringLiteral("35%"));
        QCOMPARE(cell(table, QStringLiteral("efficiency.mfu"), 3), QStringLiteral("\u22125 pp"));
        QCOMPARE(cell(table, QStringLiteral("parallel.schedule"), 2), QStringLiteral("GPipe"));
        QCOMPARE(cell(table, QStringLiteral("parallel.schedule"), 1), QStringLiteral("1F1B"));
        // The cost is there even where it does not differ, and reads as the ledger writes it.
        engine::Scenario sa, sb = b.scenario;
        sa.parallel.dp = 8;
        const engine::Ledger lb = engine::evaluate(sb);
        QCOMPARE(cell(table, QStringLiteral("cost.usd"), 2),
                 QString::fromStdString(engine::formatLedgerValue(lb.cost.usd, engine::Unit::Usd)));
    }

    void swapSwaps() {
        ui::CompareWindow w;
        w.setSides(side(8, QStringLiteral("a.trainledger")), side(16, QStringLiteral("b.trainledger")));
        const double bDays = w.curveSeries(1)->at(0).y();
        QTest::mouseClick(w.swapButton(), Qt::LeftButton);
        QCOMPARE(w.sideA().scenario.parallel.dp, 16);
        QCOMPARE(w.sideB().scenario.parallel.dp, 8);
        QCOMPARE(w.sideA().name, QStringLiteral("b.trainledger"));
        QCOMPARE(cell(w.differenceTable(), QStringLiteral("parallel.dp"), 1), QStringLiteral("16"));
        QCOMPARE(cell(w.differenceTable(), QStringLiteral("parallel.dp"), 2), QStringLiteral("8"));
        QCOMPARE(w.curveSeries(0)->at(0).y(), bDays);
        QVERIFY(w.summaryText(0).contains(QStringLiteral("16 GPUs")));
    }

    void makeBCurrentHandsBOver() {
        ui::CompareWindow w;
        w.setSides(side(8, QStringLiteral("a.trainledger")), side(16, QStringLiteral("b.trainledger")));
        QSignalSpy spy(&w, &ui::CompareWindow::makeCurrentRequested);
        QTest::mouseClick(w.makeCurrentButton(), Qt::LeftButton);
        QCOMPARE(spy.count(), 1);
        const auto b = spy.at(0).at(0).value<ui::CompareSide>();
        QCOMPARE(b.scenario.parallel.dp, 16);
        QCOMPARE(b.path, QStringLiteral("/tmp/b.trainledger"));
    }

    void theSameScenarioHasNoDifferences() {
        ui::CompareWindow w;
        w.setSides(side(8, QStringLiteral("a")), side(8, QStringLiteral("b")));
        QVERIFY(w.differenceKeys().isEmpty());
        QCOMPARE(w.differenceTable()->rowCount(), 0);
    }

    void anInvalidSideShowsItsError() {
        ui::CompareSide bad = side(8, QStringLiteral("bad"));
        bad.scenario.parallel.tp = 3; // not a divisor of the heads
        ui::CompareWindow w;
        w.setSides(side(8, QStringLiteral("a")), bad);
        QVERIFY(w.summaryText(1).contains(QStringLiteral("not valid")));
        QCOMPARE(w.curveSeries(1)->count(), 0);
        QVERIFY(w.differenceKeys().contains(QStringLiteral("parallel.tp")));
    }

    // For people: the compare window as a picture (TL_SCREENSHOT_DIR, default the temp dir).
    void screenshot() {
        ui::CompareWindow w;
        ui::CompareSide a = side(8, QStringLiteral("qwen3-8b-one-node.trainledger"));
        ui::CompareSide b = side(16, QStringLiteral("qwen3-8b-two-nodes.trainledger"));
        b.scenario.parallel.zero = 3;
        b.scenario.efficiency.mfu = 0.35;
        b.modified = true;
        w.setSides(a, b);
        w.setAttribute(Qt::WA_DontShowOnScreen);
        w.resize(1400, 900);
        w.show();
        for (int i = 0; i < 5; ++i)
            QCoreApplication::processEvents();
        const QImage image = w.grab().toImage();
        QCOMPARE(image.size(), QSize(1400, 900));
        const QString dir = qEnvironmentVariable("TL_SCREENSHOT_DIR", QDir::tempPath());
        QVERIFY(image.save(QDir(dir).filePath(QStringLiteral("trainledger-compare.png"))));
    }
};

QTEST_MAIN(CompareTest)
#include "compare_test.moc"
