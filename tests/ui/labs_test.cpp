// The two labs in the window (ui/labs), offscreen: the parallelism lab's result lines come from engine/labs, the
// ZeRO grid shows the memory view's figures and follows parallel.zero, the scaling lab reproduces the issue's
// allocation, "Use this allocation" is one undo step, the fit of the sample runs fills the table and the chart, a bad
// CSV names its row. With TL_SCREENSHOT_DIR set, it also writes the labs' screenshots there.

#include "engine/evaluate.h"
#include "engine/labs/allocation.h"
#include "engine/units.h"
#include "ui/controller.h"
#include "ui/labs/parallelismlab.h"
#include "ui/labs/scalinglab.h"
#include "ui/labs/zerogridview.h"
#include "ui/mainwindow.h"

#include <QApplication>
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QUndoStack>
#include <QtTest>

using namespace tl;

namespace {

void shoot(QWidget* w, const QString& name) {
    const QString dir = qEnvironmentVariable("TL_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QCoreApplication::processEvents();
    QVERIFY(w->grab().save(dir + QLatin1Char('/') + name));
}

} // namespace

class LabsTest : public QObject {
    Q_OBJECT
private slots:
    void init() {
        m_controller = std::make_unique<ui::Controller>();
        ui::MainWindow::Options o;
        o.useSettings = false;
        m_window = std::make_unique<ui::MainWindow>(m_controller.get(), o);
        m_window->resize(1500, 950);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup() {
        m_window.reset();
        m_controller.reset();
    }

    void tensorParallelLines() {
        m_window->tabs()->setCurrentWidget(m_window->view<ui::labs::ParallelismLab>());
        ui::labs::TensorParallelPage* page = m_window->view<ui::labs::ParallelismLab>()->tensorPage();
        QVERIFY(page->rightLine()->text().startsWith(QStringLiteral("\u2714")));
        QVERIFY(page->rightLine()->text().contains(QStringLiteral("zero to rounding")));
        QVERIFY(page->wrongLine()->text().startsWith(QStringLiteral("\u2718")));
        QVERIFY(page->wrongLine()->text().contains(QStringLiteral("misses by")));
        QVERIFY(page->matrices()->toPlainText().contains(QStringLiteral("GPU 1")));
        page->tpSpin()->setValue(4);
        QVERIFY(page->rightLine()->text().startsWith(QStringLiteral("\u2714")));
        QVERIFY(page->matrices()->toPlainText().contains(QStringLiteral("GPU 3")));
        shoot(m_window.get(), QStringLiteral("lab-tensor-parallel.png"));
        page->blockCombo()->setCurrentIndex(1); // attention by heads
        QVERIFY(page->rightLine()->text().contains(QStringLiteral("Heads split over 4 GPUs")));
        QVERIFY(page->rightLine()->text().startsWith(QStringLiteral("\u2714")));
        page->tpSpin()->setValue(8); // more GPUs than the 4 heads: refused with the field named
        QVERIFY(page->rightLine()->text().isEmpty());
    }

    void dataParallelLines() {
        m_window->tabs()->setCurrentWidget(m_window->view<ui::labs::ParallelismLab>());
        m_window->view<ui::labs::ParallelismLab>()->pages()->setCurrentIndex(1);
        ui::labs::DataParallelPage* page = m_window->view<ui::labs::ParallelismLab>()->dataPage();
        QVERIFY(page->plainLine()->text().startsWith(QStringLiteral("\u2714"))); // 12 samples over 3: equal
        page->unequalCheck()->setChecked(true);
        QVERIFY(page->weightedLine()->text().startsWith(QStringLiteral("\u2714")));
        QVERIFY(page->plainLine()->text().startsWith(QStringLiteral("\u2718")));
        QVERIFY(page->details()->toPlainText().contains(QStringLiteral("Weighted average")));
        shoot(m_window.get(), QStringLiteral("lab-data-parallel.png"));
    }

    void zeroGridIsTheMemoryViewsFigures() {
        m_window->tabs()->setCurrentWidget(m_window->view<ui::labs::ParallelismLab>());
        m_window->view<ui::labs::ParallelismLab>()->pages()->setCurrentIndex(2);
        ui::labs::ZeroGridView* z = m_window->view<ui::labs::ParallelismLab>()->zeroGrid();
        const engine::Ledger& l = m_controller->ledger(); // ZeRO-3, dp 8
        QCOMPARE(z->stageCombo()->currentIndex(), 3);
        QCOMPARE(z->table()->columnCount(), 8);
        QVERIFY(z->table()->item(0, 0)->text().contains(QStringLiteral("shard 1/8")));
        QVERIFY(z->table()->item(0, 0)->text().contains(QString::fromStdString(engine::formatGB(l.memory.weights, 2))));
        QVERIFY(z->table()->item(3, 7)->text().contains(QStringLiteral("shard 8/8")));
        QVERIFY(m_controller->setValue("parallel.zero", 1.0));
        QCOMPARE(z->stageCombo()->currentIndex(), 1);
        const engine::Ledger& l1 = m_controller->ledger();
        QVERIFY(z->table()->item(0, 2)->text().contains(QStringLiteral("full copy")));
        QVERIFY(
            z->table()->item(0, 2)->text().contains(QString::fromStdString(engine::formatGB(l1.memory.weights, 1))));
        QVERIFY(z->table()->item(2, 2)->text().contains(QStringLiteral("shard 3/8")));
        QVERIFY(m_controller->setValue("parallel.dp", 64.0));
        QCOMPARE(z->table()->columnCount(), 10); // 8 ranks, an ellipsis, the last rank
        QCOMPARE(z->table()->horizontalHeaderItem(9)->text(), QStringLiteral("Rank 63"));
        QVERIFY(z->table()->item(3, 9)->text().contains(QStringLiteral("shard 64/64")));
        shoot(m_window.get(), QStringLiteral("lab-zero-grid.png"));
    }

    void allocationAndUseIt() {
        m_window->tabs()->setCurrentWidget(m_window->view<ui::labs::ScalingLab>());
        ui::labs::ScalingLab* lab = m_window->view<ui::labs::ScalingLab>();
        lab->budgetEdit()->setText(QStringLiteral("1e24"));
        QTableWidget* t = lab->allocationTable();
        QCOMPARE(t->item(0, 0)->text(), QStringLiteral("41.3B"));
        QCOMPARE(t->item(1, 0)->text(), QStringLiteral("4.04T"));
        QCOMPARE(t->item(3, 0)->text(), QStringLiteral("1.911"));
        QCOMPARE(t->item(2, 2)->text(), QStringLiteral("20.0"));
        QCOMPARE(t->item(0, 2)->text(), QStringLiteral("91.3B"));
        lab->budgetEdit()->setText(QStringLiteral("1e22"));
        QCOMPARE(t->item(0, 0)->text(), QStringLiteral("5.16B"));
        QCOMPARE(t->item(1, 0)->text(), QStringLiteral("323B"));
        QCOMPARE(t->item(3, 0)->text(), QStringLiteral("2.139"));
        QVERIFY(lab->isoFlopChart()->series().size() >= 7);

        const engine::Scenario before = m_controller->scenario();
        const int steps = m_controller->undoStack()->count();
        QVERIFY(lab->useAllocation(0));
        QCOMPARE(m_controller->undoStack()->count(), steps + 1);
        QCOMPARE(m_controller->scenario().model.params, std::round(lab->split().chinchilla.params));
        QCOMPARE(m_controller->scenario().data.tokens, std::round(lab->split().chinchilla.tokens));
        m_controller->undoStack()->undo();
        QCOMPARE(m_controller->scenario(), before);

        lab->pastSlider()->setValue(25);
        QVERIFY(lab->pastLine()->text().contains(QStringLiteral("above the optimum")));
        lab->budgetEdit()->setText(QStringLiteral("not a number"));
        QVERIFY(!lab->budgetFlops());
        QVERIFY(!lab->useAllocation(0));
        QCOMPARE(m_controller->scenario(), before);
        lab->budgetUnit()->setCurrentIndex(1); // dollars: the plan's cost
        QCOMPARE(*lab->budgetFlops(), engine::labs::flopsForDollars(m_controller->validScenario(),
                                                                    std::round(m_controller->ledger().cost.usd)));
        lab->budgetUnit()->setCurrentIndex(0);
        lab->budgetEdit()->setText(QStringLiteral("1e24"));
        lab->pastSlider()->setValue(40);
        shoot(m_window.get(), QStringLiteral("lab-scaling-optimal.png"));
    }

    void fitSampleRunsAndBadCsv() {
        m_window->tabs()->setCurrentWidget(m_window->view<ui::labs::ScalingLab>());
        ui::labs::ScalingLab* lab = m_window->view<ui::labs::ScalingLab>();
        lab->pages()->setCurrentIndex(1);
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.csv"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("params,tokens,loss\n1e8,2e9,3\n1e8,-5,3\n");
        f.close();
        QCOMPARE(lab->importCsv(bad, true),
                 QStringLiteral("bad.csv: row 2 (line 3): tokens is -5; must be a positive finite number"));
        QVERIFY(!lab->fit());
        lab->budgetEdit()->setText(QStringLiteral("1e22"));
        lab->loadSampleRuns(true);
        QVERIFY(lab->fit());
        QCOMPARE(lab->fit()->points, 35);
        QVERIFY(std::fabs(lab->fit()->law.alpha - 0.34) < 0.05);
        QCOMPARE(lab->fitTable()->rowCount(), 9);
        QVERIFY(lab->fitTable()->item(0, 1)->text().startsWith(QLatin1Char('[')));
        QVERIFY(lab->fitChart()->series().size() >= 10); // a line and the points for each of 5 token counts
        const int steps = m_controller->undoStack()->count();
        QVERIFY(lab->useAllocation(4));
        QCOMPARE(m_controller->undoStack()->count(), steps + 1);
        shoot(m_window.get(), QStringLiteral("lab-scaling-fit.png"));
    }

private:
    std::unique_ptr<ui::Controller> m_controller;
    std::unique_ptr<ui::MainWindow> m_window;
};

QTEST_MAIN(LabsTest)
#include "labs_test.moc"
