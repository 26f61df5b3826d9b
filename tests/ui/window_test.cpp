// The explorer window driven the way a user drives it (widgets found by object name), offscreen: each slider writes
// its scenario key, the numbers on screen equal the engine's, bad values are explained and change nothing else,
// undo and redo, the ledger table model, QSettings, and the --screenshot command line.

#include "tests/ui/imagecheck.h"

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/ledgerfields.h"
#include "engine/precision.h"
#include "engine/presets.h"
#include "engine/steptime.h"
#include "engine/units.h"
#include "io/scenariojson.h"
#include "tests/ui/scripteddialogs.h"
#include "ui/controller.h"
#include "ui/document.h"
#include "ui/lessons/presentation.h"
#include "ui/mainwindow.h"
#include "ui/panels/parameterpanel.h"
#include "ui/panels/sliderfield.h"
#include "ui/views/ledgertable.h"
#include "ui/views/memoryview.h"
#include "ui/views/steptimeview.h"
#include "ui/views/textline.h"
#include "ui/views/timeview.h"
#include "ui/views/verdictbanner.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QBarSet>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QMenu>
#include <QProcess>
#include <QScatterSeries>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSet>
#include <QSettings>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

#include <cmath>
#include <memory>

using namespace tl;

namespace {

QString str(const std::string& s) {
    return QString::fromStdString(s);
}

double scenarioNumber(const engine::Scenario& s, const QString& key) {
    const engine::FieldValue v = engine::findField(key.toStdString())->get(s);
    return std::holds_alternative<double>(v) ? std::get<double>(v) : 0.0;
}

double memoryCategory(const engine::MemoryLedger& m, int c) {
    const double values[] = {
        m.frozenWeights, m.weights - m.frozenWeights, m.gradients, m.masterWeights, m.optimizer, m.activations,
        m.buffers};
    return values[c];
}

} // namespace

class WindowTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<ui::Controller> m_controller;
    std::unique_ptr<ui::MainWindow> m_window;

    template <typename T> T* find(const QString& name) {
        T* w = m_window->findChild<T*>(name);
        if (!w)
            qWarning("no widget named %s", qPrintable(name));
        return w;
    }
    // Everything a user could read off the panel, other than the named key's own controls.
    QStringList controlStates(const QString& exceptKey) {
        QStringList out;
        for (auto* spin : m_window->findChildren<QDoubleSpinBox*>())
            if (spin->objectName() != QStringLiteral("spin:") + exceptKey)
                out << spin->objectName() + QLatin1Char('=') + spin->text();
        for (auto* slider : m_window->findChildren<QSlider*>())
            if (slider->objectName() != QStringLiteral("slider:") + exceptKey)
                out << slider->objectName() + QLatin1Char('=') + QString::number(slider->value());
        for (auto* combo : m_window->findChildren<QComboBox*>())
            out << combo->objectName() + QLatin1Char('=') + combo->currentText();
        for (auto* check : m_window->findChildren<QCheckBox*>())
            out << check->objectName() + QLatin1Char('=') + QString::number(check->isChecked());
        return out;
    }
    QStringList tableValues() {
        auto* table = find<ui::LedgerTable>(QStringLiteral("ledgerTable"));
        QStringList out;
        for (int r = 0; r < table->model()->rowCount(); ++r)
            out << table->model()->index(r, ui::LedgerTableModel::Value).data().toString();
        return out;
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TrainLedgerTest"));
        QCoreApplication::setApplicationName(QStringLiteral("window_test"));
        QSettings().clear();
    }

    void init() {
        m_controller = std::make_unique<ui::Controller>();
        m_window = std::make_unique<ui::MainWindow>(m_controller.get(), ui::MainWindow::Options{false});
        m_window->resize(1600, 1000);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void cleanup() {
        m_window.reset();
        m_controller.reset();
    }

    void opensOnTheSeedScenario() {
        QCOMPARE(m_controller->scenario(), engine::Scenario{});
        QVERIFY(m_controller->ledger().valid);
        auto* count = find<ui::TextLine>(QStringLiteral("gpuCount"));
        QVERIFY(count->text().startsWith(QStringLiteral("8 GPUs")));
        QCOMPARE(find<QComboBox>(QStringLiteral("combo:model.preset"))->currentData().toString(),
                 QStringLiteral("qwen3-8b"));
        QCOMPARE(find<QComboBox>(QStringLiteral("combo:hardware.preset"))->currentData().toString(),
                 QStringLiteral("h100-sxm"));
        QCOMPARE(find<QDoubleSpinBox>(QStringLiteral("spin:efficiency.mfu"))->value(), 40.0);
        QCOMPARE(find<QDoubleSpinBox>(QStringLiteral("spin:parallel.dp"))->value(), 8.0);
    }

    // Every slider on the panel writes its own key (the value the slider shows), table-driven over the panel.
    void eachSliderChangesItsKey() {
        const auto fields = m_window->findChildren<ui::SliderField*>();
        QVERIFY(fields.size() >= 25);
        for (ui::SliderField* field : fields) {
            const QString key = QString::fromLatin1(field->field().key);
            m_controller->setScenario(engine::Scenario{});
            find<QComboBox>(QStringLiteral("combo:model.preset")); // panel alive
            if (key.startsWith(QStringLiteral("model.")) && key != QStringLiteral("model.params"))
                QVERIFY(field->isEnabled());
            QSlider* slider = field->slider();
            const double before = scenarioNumber(m_controller->scenario(), key);
            const int target = slider->value() == slider->maximum()
                                   ? slider->minimum()
                                   : std::min(slider->maximum(), slider->value() + slider->pageStep());
            slider->setValue(target);
            const double after = scenarioNumber(m_controller->scenario(), key);
            QVERIFY2(after != before, qPrintable(key));
            QVERIFY2(std::abs(after - field->value()) <= 1e-9 * std::max(1.0, std::abs(after)), qPrintable(key));
            QCOMPARE(field->spinBox()->value(), engine::toDisplay(field->field(), field->value()));
            // The spin box too: typing a value writes it.
            const double typed = key == QStringLiteral("parallel.zero")  ? 1
                                 : before > 0                            ? before
                                 : key == QStringLiteral("model.params") ? 5e9
                                                                         : 1;
            field->spinBox()->setValue(engine::toDisplay(field->field(), typed));
            QVERIFY2(std::abs(scenarioNumber(m_controller->scenario(), key) - typed) <= 1e-9 * std::max(1.0, typed),
                     qPrintable(key));
        }
    }

    void parameterSliderDerivesTheShape() {
        auto* params = find<QDoubleSpinBox>(QStringLiteral("spin:model.params"));
        params->setValue(70); // billions
        QCOMPARE(m_controller->scenario().model.params, 70e9);
        QCOMPARE(m_controller->ledger().params.total, std::int64_t(70e9));
        QCOMPARE(find<QComboBox>(QStringLiteral("combo:model.preset"))->currentData().toString(),
                 QStringLiteral("params"));
        QCOMPARE(find<ui::SliderField>(QStringLiteral("field:model.layers"))->value(),
                 double(m_controller->scenario().model.layers));
        // Editing the derived shape makes it a custom architecture of its own (the engine's rule, not the panel's).
        find<QDoubleSpinBox>(QStringLiteral("spin:model.layers"))->setValue(m_controller->scenario().model.layers + 2);
        QCOMPARE(m_controller->scenario().model.params, 0.0);
        QCOMPARE(m_controller->scenario().model.preset, std::string("custom"));
        QCOMPARE(find<QComboBox>(QStringLiteral("combo:model.preset"))->currentData().toString(),
                 QStringLiteral("custom"));
        // A preset clears it.
        auto* presets = find<QComboBox>(QStringLiteral("combo:model.preset"));
        const int llama = presets->findData(QStringLiteral("llama3-70b"));
        QVERIFY(llama >= 0);
        presets->setCurrentIndex(llama);
        emit presets->activated(llama);
        QCOMPARE(m_controller->scenario().model.params, 0.0);
        QCOMPARE(m_controller->scenario().model.preset, std::string("llama3-70b"));
        QCOMPARE(m_controller->scenario().model.layers, 80);
        QCOMPARE(find<ui::SliderField>(QStringLiteral("field:model.layers"))->value(), 80.0);
    }

    void gpuAndRecipeCombos() {
        auto* gpus = find<QComboBox>(QStringLiteral("combo:hardware.preset"));
        const int a100 = gpus->findData(QStringLiteral("a100-80gb"));
        QVERIFY(a100 >= 0);
        emit gpus->activated(a100);
        engine::Scenario expected;
        QVERIFY(engine::applyGpuPreset(expected, "a100-80gb"));
        QCOMPARE(m_controller->scenario().hardware, expected.hardware);
        QCOMPARE(find<ui::SliderField>(QStringLiteral("field:hardware.peak_tflops"))->value(),
                 expected.hardware.peakTflops);
        // Its figures stay editable: editing one makes the GPU custom.
        find<QDoubleSpinBox>(QStringLiteral("spin:hardware.usd_per_gpu_hour"))->setValue(2.25);
        QCOMPARE(m_controller->scenario().hardware.usdPerGpuHour, 2.25);
        QCOMPARE(m_controller->scenario().hardware.preset, std::string("custom"));
        QCOMPARE(gpus->currentData().toString(), QStringLiteral("custom"));

        auto* recipes = find<QComboBox>(QStringLiteral("combo:precision.recipe"));
        for (const auto& r : engine::precisionRecipes()) {
            const int i = recipes->findData(QString::fromUtf8(r.id));
            QVERIFY(i >= 0);
            emit recipes->activated(i);
            QCOMPARE(m_controller->scenario().precision, r.spec);
            QCOMPARE(recipes->currentData().toString(), QString::fromUtf8(r.id));
        }
    }

    // 129.8B tokens take 24.997 days of compute but 25.022 with checkpoints and faults, in a 25-day window: late only
    // because of them. The verdict shows the time gate's (effective) days with the decimals that make "late" readable.
    void aJustLatePlanShowsWhyItIsLate() {
        auto* tokens = find<QDoubleSpinBox>(QStringLiteral("spin:data.tokens"));
        tokens->setValue(129.8);
        const engine::Ledger l = m_controller->ledger();
        QVERIFY(!l.time.finishes && l.time.days < 25 && l.time.daysEffective > 25);
        const QString banner = find<ui::VerdictBanner>(QStringLiteral("verdictBanner"))->text();
        QVERIFY2(banner.contains(QStringLiteral("Time: 25.02 of 25.00 days \u2014 late")), qPrintable(banner));
        tokens->setValue(100);
        QVERIFY(find<ui::VerdictBanner>(QStringLiteral("verdictBanner"))
                    ->text()
                    .contains(QStringLiteral("Time: 19.3 of 25.0 days \u2014 finishes")));
    }

    // Issue 25: the verdict says how many of the reserve days the plan's faults and checkpoints use (the engine's
    // sentence with the ledger's figure), whole at 1280 x 720.
    void theVerdictSaysWhatTheReserveCovers() {
        auto* banner = find<ui::VerdictBanner>(QStringLiteral("verdictBanner"));
        const engine::Ledger l = m_controller->ledger();
        QCOMPARE(str(engine::formatGeneral(l.goodput.reserveNeededDays, 2)), QStringLiteral("0.02"));
        const QString covers = QStringLiteral("Faults and checkpoints need 0.02 days of the 5-day reserve.");
        QVERIFY2(banner->text().contains(covers), qPrintable(banner->text()));
        auto* summary = find<ui::TextLine>(QStringLiteral("verdictSummary"));
        m_window->resize(1280, 720);
        QApplication::processEvents();
        QVERIFY2(summary->shownText().endsWith(covers), qPrintable(summary->shownText()));
        // No reserve: the sentence says so; two days of reserve still cover the plan's 0.02.
        auto* reserve = find<QDoubleSpinBox>(QStringLiteral("spin:schedule.reserve_days"));
        reserve->setValue(0);
        QVERIFY2(banner->text().contains(
                     QStringLiteral("Faults and checkpoints need 0.02 days, and no days are kept in reserve.")),
                 qPrintable(banner->text()));
        reserve->setValue(2);
        QVERIFY2(banner->text().contains(QStringLiteral("need 0.02 days of the 2-day reserve.")),
                 qPrintable(banner->text()));
    }

    // Issue 25: the days curve draws the effective days (checkpoints, lost work and restarts) beside the compute
    // days; the gap widens with the GPUs, and where more GPUs stop paying a callout says so.
    void timeViewDrawsTheDaysWithFaults() {
        auto* view = m_window->view<ui::TimeView>();
        // A faulty fleet (2,000 hours between faults per GPU): at hundreds of GPUs faults take a visible share.
        find<QDoubleSpinBox>(QStringLiteral("spin:reliability.gpu_mtbf_hours"))->setValue(2000);
        const engine::Evaluation& e = m_controller->evaluation();
        QCOMPARE(e.scenario.reliability.gpuMtbfHours, 2000.0);
        QList<QPointF> want;
        for (const auto& p : e.curve)
            if (p.goodput >= 0.01)
                want << QPointF(double(p.gpus), p.daysEffective);
        QVERIFY(want.size() > 10);
        QCOMPARE(view->effectiveSeries()->points(), want);
        // The gap grows with the GPU count: effective over compute days at the last point beyond the first's.
        const auto& first = e.curve.front();
        const auto& last = e.curve.back();
        QVERIFY(last.daysEffective / last.days > 1.05 * first.daysEffective / first.days);
        const QString legend =
            find<QLabel>(QStringLiteral("timeLegend"))->text().replace(QChar(0x00a0), QLatin1Char(' '));
        QVERIFY2(legend.contains(QStringLiteral("With faults and checkpoints")), qPrintable(legend));
        // Its tooltip: the effective days, the compute days, goodput and interruptions of the nearest point.
        const QString hover = view->effectiveHoverText(double(last.gpus));
        QVERIFY2(hover.contains(str(engine::formatLedgerValue(last.daysEffective, engine::Unit::Days))) &&
                     hover.contains(QStringLiteral("goodput %1%").arg(str(engine::formatFixed(last.goodput * 100, 1)))),
                 qPrintable(hover));
        // The time gate's square sits on the effective line; the fastest count with faults has its callout.
        QVERIFY(e.marks.time);
        QCOMPARE(view->gateSeries()->at(0).y(), e.curve[*e.marks.time].daysEffective);
        QVERIFY(!e.marks.fewestDays); // at 2,000 hours more GPUs still pay up to the curve's end
        QVERIFY(!view->calloutTexts().join(QLatin1Char('\n')).contains(QStringLiteral("Fewest days with faults")));
        // A fault every 50 GPU-hours: beyond some count more GPUs take longer, and a callout marks the fastest.
        find<QDoubleSpinBox>(QStringLiteral("spin:reliability.gpu_mtbf_hours"))->setValue(50);
        const engine::Evaluation& faulty = m_controller->evaluation();
        QVERIFY(faulty.marks.fewestDays);
        const auto& fastest = faulty.curve[*faulty.marks.fewestDays];
        const QString callouts = view->calloutTexts().join(QLatin1Char('\n'));
        QVERIFY2(callouts.contains(QStringLiteral("Fewest days with faults: %1 GPUs, %2")
                                       .arg(str(engine::groupDigits(double(fastest.gpus))),
                                            str(engine::formatLedgerValue(fastest.daysEffective, engine::Unit::Days)))),
                 qPrintable(callouts));
        // The step view names the run's faults and checkpoints: the checkpoint, its Young/Daly interval, goodput.
        auto* step = m_window->view<ui::StepTimeView>();
        find<QDoubleSpinBox>(QStringLiteral("spin:reliability.gpu_mtbf_hours"))->setValue(50000);
        const engine::Ledger& l = m_controller->ledger();
        QCOMPARE(step->faultsText(),
                 QStringLiteral("Faults and checkpoints: a 114.7 GB checkpoint written in 11.5 s every 6.3 hours "
                                "(Young/Daly: \u221a(2 \u00d7 11.5 s \u00d7 6,250 hours)); about 0.07 interruptions; "
                                "goodput 99.9%"));
        QCOMPARE(str(engine::formatGB(l.checkpoint.bytesFull)), QStringLiteral("114.7 GB"));
        const QStringList rows = step->faultRows();
        QCOMPARE(rows.size(), int(engine::kFaultFigures.size()) + 1);
        QVERIFY2(rows.join(QLatin1Char('\n'))
                     .contains(str(engine::formatLedgerValue(l.goodput.fraction, engine::Unit::Share))),
                 qPrintable(rows.join(QLatin1Char('\n'))));
        QVERIFY(step->toolTip().contains(QStringLiteral("Faults and checkpoints")));
    }

    void numbersOnScreenEqualTheLedger_data() {
        QTest::addColumn<int>("dp");
        QTest::newRow("dp 8") << 8;
        QTest::newRow("dp 2") << 2;
        QTest::newRow("dp 1 (does not fit)") << 1;
        QTest::newRow("dp 64") << 64;
    }
    void numbersOnScreenEqualTheLedger() {
        QFETCH(int, dp);
        find<QDoubleSpinBox>(QStringLiteral("spin:parallel.dp"))->setValue(dp);
        engine::Scenario s;
        s.parallel.dp = dp;
        const engine::Ledger l = engine::evaluate(s);
        QVERIFY(l.valid);
        QCOMPARE(m_controller->scenario(), s);

        const QString banner = find<ui::VerdictBanner>(QStringLiteral("verdictBanner"))->text();
        for (const std::string& figure : {engine::formatGB(l.memory.total), engine::formatGB(l.memory.capacity),
                                          "Time: " + engine::formatFixed(l.time.daysEffective, 1) + " of ",
                                          engine::formatLedgerValue(l.cost.usd, engine::Unit::Usd),
                                          engine::formatLedgerValue(l.time.gpuHours, engine::Unit::Hours)})
            QVERIFY2(banner.contains(str(figure)), qPrintable(str(figure) + QStringLiteral(" in ") + banner));
        QVERIFY(banner.contains(l.memory.fits ? QStringLiteral("\u2014 fits") : QStringLiteral("does not fit")));
        QVERIFY(banner.contains(l.time.finishes ? QStringLiteral("\u2014 finishes") : QStringLiteral("\u2014 late")));
        QVERIFY(banner.contains(QStringLiteral("Fewest GPUs that fit: %1").arg(*l.time.minGpusMemory)));
        QVERIFY(banner.contains(QStringLiteral("GPUs that finish: %1").arg(l.time.minGpusCompute)));
        QVERIFY(banner.contains(QStringLiteral("Time is the binding gate")));

        // Ledger table: every row, formatted by the engine.
        auto* table = find<ui::LedgerTable>(QStringLiteral("ledgerTable"));
        const auto& fields = engine::ledgerFields();
        QCOMPARE(table->model()->rowCount(), int(fields.size()));
        for (int r = 0; r < int(fields.size()); ++r) {
            const auto& f = fields[size_t(r)];
            QCOMPARE(table->model()->index(r, ui::LedgerTableModel::Key).data().toString(), QString::fromUtf8(f.key));
            QCOMPARE(table->model()->index(r, ui::LedgerTableModel::Label).data().toString(),
                     QString::fromUtf8(f.label));
            // The engine's text (a share in percent), but for ratios and long spans, which read as the window writes
            // them: a span in hours, no trailing zeros (ui::fieldValueText; export_test checks its figures).
            const QString shown = table->model()->index(r, ui::LedgerTableModel::Value).data().toString();
            if (shown != str(engine::formatLedgerValue(f.get(l), f.unit))) {
                QVERIFY2(f.unit == engine::Unit::Ratio || f.unit == engine::Unit::Seconds, f.key);
                QCOMPARE(shown, ui::fieldValueText(f, l));
            }
            QCOMPARE(table->model()->index(r, 0).data(Qt::ToolTipRole).toString(), QString::fromUtf8(f.help));
        }

        // GPU count.
        QVERIFY(find<ui::TextLine>(QStringLiteral("gpuCount"))->text().startsWith(QStringLiteral("%1 GPUs").arg(dp)));
    }

    void memoryBarsEqualTheLedger() {
        auto* view = find<ui::MemoryView>(QStringLiteral("memoryView"));
        for (bool gib : {false, true}) {
            m_window->setBinaryUnits(gib);
            const double unit = gib ? engine::kGiB : engine::kGB;
            engine::Scenario s;
            const engine::Ledger plan = engine::evaluate(s);
            for (int c = 0; c < ui::MemoryView::kCategories; ++c) {
                QBarSet* set = view->barSet(c);
                QCOMPARE(set->count(), ui::MemoryView::kBars);
                QCOMPARE(set->at(0), memoryCategory(plan.memory, c) / unit);
                for (int z = 0; z < 4; ++z) {
                    engine::Scenario copy = s;
                    copy.parallel.zero = z;
                    const engine::Ledger lz = engine::evaluate(copy);
                    QCOMPARE(set->at(z + 1), memoryCategory(lz.memory, c) / unit);
                }
            }
            QCOMPARE(view->capacitySeries()->at(0).y(), plan.memory.capacity / unit);
            QCOMPARE(view->totalTexts().at(0),
                     str(gib ? engine::formatGiB(plan.memory.total) : engine::formatGB(plan.memory.total)));
            QVERIFY(
                find<ui::VerdictBanner>(QStringLiteral("verdictBanner"))
                    ->text()
                    .contains(str(gib ? engine::formatGiB(plan.memory.total) : engine::formatGB(plan.memory.total))));
        }
        // The ZeRO slider moves the plan's bar: optimizer state grows when ZeRO drops to 0.
        find<QDoubleSpinBox>(QStringLiteral("spin:parallel.zero"))->setValue(0);
        engine::Scenario s;
        s.parallel.zero = 0;
        QCOMPARE(view->barSet(4)->at(0), engine::evaluate(s).memory.optimizer / engine::kGiB);
    }

    // Issue 26: the memory bars show the frozen base weights apart from the weights training updates; a LoRA plan's
    // bars are mostly frozen weights, and the legend names them only where a bar has them.
    void memoryBarsShowFrozenAndTrainableWeights() {
        auto* view = find<ui::MemoryView>(QStringLiteral("memoryView"));
        auto* legend = find<QLabel>(QStringLiteral("memoryLegend"));
        auto legendText = [legend] { return legend->text().replace(QChar(0x00a0), QLatin1Char(' ')); };
        QVERIFY2(!legendText().contains(QStringLiteral("Frozen weights")), qPrintable(legendText()));
        QCOMPARE(view->barSet(0)->at(0), 0.0); // full training freezes nothing
        auto* method = find<QComboBox>(QStringLiteral("combo:finetune.method"));
        method->setCurrentIndex(method->findData(QStringLiteral("lora")));
        emit method->activated(method->currentIndex());
        const engine::Ledger& l = m_controller->ledger();
        QCOMPARE(m_controller->scenario().finetune.method, engine::FinetuneMethod::Lora);
        QVERIFY(l.memory.frozenWeights > 0);
        const double unit = 1e9; // GB: the GiB box is off
        QCOMPARE(view->barSet(0)->at(0), l.memory.frozenWeights / unit);
        QCOMPARE(view->barSet(1)->at(0), (l.memory.weights - l.memory.frozenWeights) / unit);
        QVERIFY(view->barSet(0)->at(0) > 100 * view->barSet(1)->at(0)); // the adapters are a sliver
        QVERIFY2(legendText().contains(QStringLiteral("Frozen weights")), qPrintable(legendText()));
        QCOMPARE(view->barSet(0)->label(), QStringLiteral("Frozen weights"));
        // The ledger names the two parts; they add up to memory.weights.
        double trainable = -1;
        for (const auto& f : engine::ledgerFields())
            if (std::string_view(f.key) == "memory.trainable_weights")
                trainable = std::get<double>(f.get(l));
        QCOMPARE(trainable + l.memory.frozenWeights, l.memory.weights);
    }

    void timeViewShowsTheScaleCurve() {
        auto* view = find<ui::TimeView>(QStringLiteral("timeView"));
        const engine::Scenario s;
        const engine::Ledger l = engine::evaluate(s);
        const auto curve = engine::scaleCurve(s, 16384);
        QCOMPARE(curve.back().gpus, 384LL); // one replica per sequence at most: 384 sequences per step
        int fit = 0;
        for (const auto& p : curve)
            fit += p.fits;
        QCOMPARE(view->fitSeries()->count(), fit);
        QVERIFY(view->noFitSeries()->count() >= 1);
        QCOMPARE(view->noFitSeries()->at(0), QPointF(1, curve.front().days)); // 1 GPU does not fit
        // 2 GPUs fit and take about 77 days; the time gate is 7.
        QCOMPARE(view->fitSeries()->at(0).x(), 2.0);
        QVERIFY(std::abs(view->fitSeries()->at(0).y() - 77) < 1);
        QCOMPARE(view->currentSeries()->at(0), QPointF(8, l.time.days));
        QCOMPARE(view->deadlineSeries()->at(0).y(), 30.0);
        QCOMPARE(view->windowSeries()->at(0).y(), 25.0);
        const QString callouts = view->calloutTexts().join(QLatin1Char('\n'));
        QVERIFY2(callouts.contains(QStringLiteral("2 GPUs fit in memory: 77.0 days")), qPrintable(callouts));
        QVERIFY2(callouts.contains(QStringLiteral("7 GPUs finish in time: 22.0 days")), qPrintable(callouts));
        QVERIFY2(callouts.contains(QStringLiteral("6 GPUs only by spending the reserve: 25.7 days")),
                 qPrintable(callouts));
        QVERIFY(callouts.contains(str(engine::formatLedgerValue(l.cost.usd, engine::Unit::Usd))));
        QVERIFY(view->hoverText(2).contains(QStringLiteral("77.0 days")));
        QVERIFY(view->hoverText(1).contains(QStringLiteral("does not fit")));
        QVERIFY(!view->captionLabel()->isHidden());
        QVERIFY(view->captionLabel()->text().startsWith(QStringLiteral("Cost is the same at every GPU count")));

        // Crowded callouts (the user review's two scenarios): no box covers another box or a marker, all inside
        // the plot, and the end markers are not cut by the axes.
        const std::vector<std::vector<std::pair<std::string, engine::FieldValue>>> scenarios = {
            {{"model.preset", std::string("mixtral-8x7b")}},
            {{"model.preset", std::string("llama3-70b")},
             {"parallel.tp", 8.0},
             {"parallel.pp", 4.0},
             {"parallel.dp", 2.0},
             {"parallel.zero", 1.0}},
            {}};
        for (const auto& sets : scenarios) {
            engine::Scenario sc;
            for (const auto& [key, value] : sets)
                QVERIFY2(!engine::setField(sc, key, value), key.c_str());
            const engine::Ledger ledger = engine::evaluate(sc);
            ui::TimeView tv;
            tv.resize(1200, 750);
            tv.show();
            QVERIFY(QTest::qWaitForWindowExposed(&tv));
            tv.setEvaluation(engine::evaluateAll(sc));
            QApplication::processEvents();
            const QList<QRectF> boxes = tv.calloutRects(), markers = tv.markerRects();
            const QRectF plot = tv.plotRect();
            QVERIFY(boxes.size() >= 2);
            for (qsizetype i = 0; i < boxes.size(); ++i) {
                QVERIFY2(plot.contains(boxes[i]), qPrintable(tv.calloutTexts().join(QLatin1Char('|'))));
                for (qsizetype j = i + 1; j < boxes.size(); ++j)
                    QVERIFY2(!boxes[i].intersects(boxes[j]), qPrintable(tv.calloutTexts().join(QLatin1Char('|'))));
                for (const QRectF& m : markers)
                    QVERIFY2(!boxes[i].intersects(m), qPrintable(tv.calloutTexts().join(QLatin1Char('|'))));
            }
            for (const QRectF& m : markers)
                QVERIFY(plot.contains(m));
        }
    }

    // TP = 3 on 32 heads: the engine's sentence next to TP and in the banner; nothing else moves.
    // Issue 10: "fixed / derived from hardware"; derived shows the computed MFU, the step view splits the step, the
    // time caption says why the cost rises, the verdict names the bottleneck.
    void derivedModeShowsTheStep() {
        auto* mode = find<QComboBox>(QStringLiteral("combo:efficiency.mode"));
        QVERIFY(mode);
        QCOMPARE(mode->currentText(), QStringLiteral("Fixed MFU"));
        auto* mfu = find<ui::SliderField>(QStringLiteral("field:efficiency.mfu"));
        QVERIFY(mfu->isEnabled());
        auto* step = m_window->view<ui::StepTimeView>();
        QVERIFY(step->caption().startsWith(QStringLiteral("Fixed MFU 40.0%")));
        emit mode->activated(mode->findData(QStringLiteral("derived")));
        QCOMPARE(m_controller->scenario().efficiency.mode, engine::EfficiencyMode::Derived);
        const engine::Ledger& l = m_controller->ledger();
        QVERIFY(l.time.derived);
        QVERIFY(!mfu->isEnabled());
        QCOMPARE(mfu->value(), l.time.mfu);
        QCOMPARE(step->summary(), str(engine::stepSummary(l.time.breakdown, 3)));
        QVERIFY(step->summary().startsWith(QStringLiteral("step ")));
        QVERIFY(step->partRows().size() >= 3);
        QVERIFY(step->curvePoints() > 10);
        QVERIFY(step->caption().contains(QStringLiteral("MFU %1%").arg(l.time.mfu * 100, 0, 'f', 1)));
        auto* time = m_window->view<ui::TimeView>();
        QVERIFY(time->captionLabel()->text().startsWith(QStringLiteral("Derived from the hardware")));
        const QString banner = find<ui::VerdictBanner>(QStringLiteral("verdictBanner"))->text();
        QVERIFY2(banner.contains(step->summary()), qPrintable(banner));
        // The split reacts to the layout: a pipeline with few micro-batches is mostly bubble.
        QVERIFY(m_controller->setValues({{"parallel.pp", 4.0}, {"parallel.zero", 1.0}, {"data.global_batch", 32.0}}));
        QVERIFY(step->summary().contains(QStringLiteral("bubble")));
        // Back to fixed: the typed MFU returns and the slider moves again.
        emit mode->activated(mode->findData(QStringLiteral("fixed")));
        QVERIFY(mfu->isEnabled());
        QCOMPARE(mfu->value(), 0.40);
    }

    void invalidValueIsExplainedAndChangesNothingElse() {
        const engine::Ledger before = m_controller->ledger();
        const QStringList table = tableValues();
        const QStringList controls = controlStates(QStringLiteral("parallel.tp"));
        auto* memory = find<ui::MemoryView>(QStringLiteral("memoryView"));
        const double optimizerBar = memory->barSet(4)->at(0);
        const QString gpuCount = find<ui::TextLine>(QStringLiteral("gpuCount"))->text();
        (void)gpuCount;

        find<QDoubleSpinBox>(QStringLiteral("spin:parallel.tp"))->setValue(3);
        engine::Scenario bad;
        bad.parallel.tp = 3;
        const engine::Ledger rejected = engine::evaluate(bad);
        QVERIFY(!rejected.valid);
        const QString sentence = str(rejected.errors.front().message());
        QVERIFY(sentence.contains(QStringLiteral("divisor of model.heads")));

        auto* error = find<ui::TextLine>(QStringLiteral("error:parallel.tp"));
        QVERIFY(error->isVisible());
        // In the slider's place the field, the value and what is allowed; the whole sentence in the tooltip.
        QCOMPARE(error->text(), QStringLiteral("TP 3: a divisor of 32 and of 8"));
        QVERIFY(error->fits());
        QCOMPARE(error->toolTip(),
                 str(engine::withLabels(sentence.mid(QStringLiteral("parallel.tp: ").size()).toStdString())));
        QVERIFY(error->toolTip().contains(QStringLiteral("divisor of attention heads (32)")));
        QPalette pal = error->palette();
        QCOMPARE(pal.color(QPalette::WindowText), QColor(0xc6, 0x28, 0x28));
        QVERIFY(find<ui::VerdictBanner>(QStringLiteral("verdictBanner"))
                    ->text()
                    .contains(str(engine::withLabels(sentence.toStdString()))));

        QCOMPARE(m_controller->ledger().time.days, before.time.days);
        QCOMPARE(m_controller->ledger().memory.total, before.memory.total);
        QCOMPARE(tableValues(), table);
        QCOMPARE(controlStates(QStringLiteral("parallel.tp")), controls);
        QCOMPARE(memory->barSet(4)->at(0), optimizerBar);
        QCOMPARE(m_controller->validScenario(), engine::Scenario{});

        // A valid value clears the sentence and moves the numbers.
        find<QDoubleSpinBox>(QStringLiteral("spin:parallel.tp"))->setValue(2);
        QVERIFY(!error->isVisible());
        QVERIFY(m_controller->errors().empty());
        QCOMPARE(m_controller->scenario().parallel.tp, 2);
        QVERIFY(tableValues() != table);
    }

    // micro-batch 5 does not divide the global batch of 384: the sentence shows next to the moved control and next
    // to the key it names.
    void errorOnAnotherKeyShowsNextToTheMovedControl() {
        // A global batch of 385 breaks the split over dp = 8: the sentence stands beside the key the engine names,
        // not beside the control last moved, and the panel does not move.
        QApplication::processEvents(); // the layout the user sees before the edit
        auto* panel = find<QWidget>(QStringLiteral("parameterContent"));
        QWidget* tpRow = find<QWidget>(QStringLiteral("field:parallel.tp"));
        const QPoint tpBefore = tpRow->mapTo(panel, QPoint(0, 0));
        const QSize panelBefore = panel->size();
        find<QDoubleSpinBox>(QStringLiteral("spin:data.global_batch"))->setValue(385);
        QVERIFY(!m_controller->errors().empty());
        for (const auto& e : m_controller->errors()) {
            auto* line = find<ui::TextLine>(QStringLiteral("error:") + str(e.code));
            QVERIFY2(line && line->isVisible() && !line->text().isEmpty(), e.code.c_str());
        }
        if (const std::string named = m_controller->errors().front().code; named != "data.global_batch") {
            // Beside the edited field only a pointer to the named one, not the sentence again.
            const QString pointer = find<ui::TextLine>(QStringLiteral("error:data.global_batch"))->text();
            QVERIFY2(pointer.startsWith(QStringLiteral("\u2193 See ")) && !pointer.contains(QStringLiteral("385")),
                     qPrintable(pointer));
        }
        QApplication::processEvents();
        QCOMPARE(tpRow->mapTo(panel, QPoint(0, 0)), tpBefore);
        QCOMPARE(panel->size(), panelBefore);
        // dp = 7 does not divide 384: the engine names dp and lists the counts that work.
        find<QDoubleSpinBox>(QStringLiteral("spin:data.global_batch"))->setValue(384);
        find<QDoubleSpinBox>(QStringLiteral("spin:parallel.dp"))->setValue(7);
        auto* dpError = find<ui::TextLine>(QStringLiteral("error:parallel.dp"));
        QVERIFY(dpError->isVisible());
        QCOMPARE(dpError->text(), QStringLiteral("DP 7: a divisor of 384"));
        QVERIFY(dpError->toolTip().contains(QStringLiteral("1, 2, 3, 4, 6, 8")));
        QCOMPARE(m_controller->ledger().time.gpus, 8);
    }

    // Issue 8: the verdict cards' colour is a pure function of the verdict (it used to darken with every edit).
    void verdictCardsKeepTheirColour() {
        auto* banner = find<ui::VerdictBanner>(QStringLiteral("verdictBanner"));
        const QColor window = QApplication::palette(banner->memoryCard()).color(QPalette::Window);
        auto* tokens = find<QDoubleSpinBox>(QStringLiteral("spin:data.tokens"));
        for (int i = 0; i < 10; ++i)
            tokens->stepUp();
        for (int i = 0; i < 10; ++i)
            tokens->stepDown();
        QCOMPARE(m_controller->scenario().data.tokens, 1e11);
        QCOMPARE(banner->memoryCard()->palette().color(QPalette::Window),
                 ui::VerdictBanner::cardColour(m_controller->ledger().memory.fits, window));
        QCOMPARE(banner->timeCard()->palette().color(QPalette::Window),
                 ui::VerdictBanner::cardColour(m_controller->ledger().time.finishes, window));
    }

    // Issue 8: a refused DP stays in its field, marked, but every figure on screen describes the valid plan.
    void refusedValuesAreNeverShownAsReal() {
        find<QDoubleSpinBox>(QStringLiteral("spin:parallel.dp"))->setValue(480);
        QCOMPARE(m_controller->scenario().parallel.dp, 480);
        QVERIFY(!m_controller->errors().empty());
        QCOMPARE(find<QDoubleSpinBox>(QStringLiteral("spin:parallel.dp"))->value(), 480.0);
        QVERIFY(find<ui::TextLine>(QStringLiteral("error:parallel.dp"))->isVisible());
        const QString header = find<ui::TextLine>(QStringLiteral("gpuCount"))->text();
        QVERIFY2(header.startsWith(QStringLiteral("8 GPUs")) && header.contains(QStringLiteral("DP 8")),
                 qPrintable(header));
        QVERIFY(find<ui::VerdictBanner>(QStringLiteral("verdictBanner"))->text().contains(QStringLiteral("8 GPUs")));
    }

    // Issue 8: the refusal beside DP is read in full in the slider's place (it was "480 is not allow..."), with the
    // field, the value and the allowed range, at 1280x720 and in Chinese; nothing in the panel moves when it appears.
    void refusedSentenceIsReadableInItsPlace_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("language");
        QTest::newRow("1600x1000") << QSize(1600, 1000) << QStringLiteral("en");
        QTest::newRow("1280x720") << QSize(1280, 720) << QStringLiteral("en");
        QTest::newRow("1280x720 zh_CN") << QSize(1280, 720) << QStringLiteral("zh_CN");
    }
    void refusedSentenceIsReadableInItsPlace() {
        QFETCH(QSize, size);
        QFETCH(QString, language);
        if (language != QLatin1String("en"))
            m_window->setLanguage(language);
        m_window->resize(size);
        for (int i = 0; i < 3; ++i) // the texts of the new language laid out
            QApplication::processEvents();
        QWidget* content = find<QWidget>(QStringLiteral("parameterContent"));
        QList<QPoint> before;
        const QList<ui::SliderField*> rows = content->findChildren<ui::SliderField*>();
        for (ui::SliderField* f : rows)
            before << f->mapTo(content, QPoint(0, 0));
        auto* dp = find<QDoubleSpinBox>(QStringLiteral("spin:parallel.dp"));
        dp->setFocus();
        dp->selectAll();
        QTest::keyClicks(dp, QStringLiteral("480"));
        QTest::keyClick(dp, Qt::Key_Return);
        QApplication::processEvents();
        QCOMPARE(m_controller->scenario().parallel.dp, 480);
        auto* line = find<ui::TextLine>(QStringLiteral("error:parallel.dp"));
        QVERIFY(line->isVisible());
        const QString shown = line->shownText();
        QVERIFY2(line->fits(), qPrintable(shown));
        for (const QString& part : {QStringLiteral("DP"), QStringLiteral("480"), QStringLiteral("384")})
            QVERIFY2(shown.contains(part), qPrintable(shown));
        QVERIFY2(line->toolTip().contains(QStringLiteral("1, 2, 3, 4")), qPrintable(line->toolTip()));
        for (qsizetype i = 0; i < rows.size(); ++i)
            QCOMPARE(rows[i]->mapTo(content, QPoint(0, 0)), before[i]);
        if (language != QLatin1String("en"))
            m_window->setLanguage(QStringLiteral("en"));
    }

    // Issue 27: typing what the box cannot hold is refused with the field's sentence, not silently changed (1e12 in
    // Tokens (billion) applied 112, 1e999 applied 1999, -5 applied 5). The typed text stays, marked, and the engine
    // sees what was typed: a number (1e12 billion = 1e21 tokens, -5 billion) is refused by its range, text that is no
    // finite number by its type (the scenario keeps its value). A number in range afterwards applies and clears it.
    void numberFieldsRefuseWhatTheyCannotHold() {
        auto* tokens = find<QDoubleSpinBox>(QStringLiteral("spin:data.tokens"));
        auto* line = find<ui::TextLine>(QStringLiteral("error:data.tokens"));
        const double before = m_controller->scenario().data.tokens;
        const struct {
            QString typed, says;
            double tokens;
        } cases[] = {{QStringLiteral("1e12"), QStringLiteral("1e+21"), 1e21},
                     {QStringLiteral("1e999"), QStringLiteral("1e999"), 1e21},
                     {QStringLiteral("-5"), QStringLiteral("-5000000000"), -5e9}};
        for (const auto& c : cases) {
            tokens->setFocus();
            tokens->selectAll();
            QTest::keyClicks(tokens, c.typed);
            QCOMPARE(tokens->text(), c.typed); // nothing dropped while typing
            QTest::keyClick(tokens, Qt::Key_Return);
            QApplication::processEvents();
            QCOMPARE(m_controller->scenario().data.tokens, c.tokens);
            QVERIFY(!m_controller->errors().empty());
            QCOMPARE(tokens->text(), c.typed);
            QVERIFY(line->isVisible());
            QVERIFY2(line->toolTip().contains(c.says) && line->toolTip().contains(QStringLiteral("allowed")),
                     qPrintable(c.typed + QStringLiteral(": ") + line->toolTip()));
            QVERIFY(m_window->parameterPanel()->isRefused(QStringLiteral("data.tokens")));
        }
        tokens->selectAll();
        QTest::keyClicks(tokens, QStringLiteral("300"));
        QTest::keyClick(tokens, Qt::Key_Return);
        QApplication::processEvents();
        QCOMPARE(m_controller->scenario().data.tokens, 300e9);
        QVERIFY(m_controller->errors().empty());
        QVERIFY(!line->isVisible());
        QVERIFY(!m_window->parameterPanel()->isRefused(QStringLiteral("data.tokens")));
        QVERIFY(m_controller->setValue("data.tokens", before));
    }

    // Issue 8: from Llama 3 70B with TP 8, choosing Qwen3-30B-A3B (4 KV heads) breaks TP; the sentence is beside TP,
    // not beside the preset just edited. (The issue's PP 4 / 78 layers case is valid since uneven stages exist.)
    void errorsStandBesideTheKeyTheEngineNames() {
        auto* presets = find<QComboBox>(QStringLiteral("combo:model.preset"));
        emit presets->activated(presets->findData(QStringLiteral("llama3-70b")));
        find<QDoubleSpinBox>(QStringLiteral("spin:parallel.tp"))->setValue(8);
        QVERIFY(m_controller->errors().empty());
        QApplication::processEvents(); // the layout the user sees before the edit
        auto* panel = find<QWidget>(QStringLiteral("parameterContent"));
        QWidget* dp = find<QWidget>(QStringLiteral("field:parallel.dp"));
        const QPoint before = dp->mapTo(panel, QPoint(0, 0));
        emit presets->activated(presets->findData(QStringLiteral("qwen3-30b-a3b")));
        QApplication::processEvents();
        QVERIFY(!m_controller->errors().empty());
        const std::string key = m_controller->errors().front().code;
        QVERIFY2(key == "parallel.tp", key.c_str());
        QVERIFY(find<ui::TextLine>(QStringLiteral("error:parallel.tp"))->isVisible());
        // The preset just chosen is marked; its line says only where to look.
        QVERIFY(m_window->parameterPanel()->isRefused(QStringLiteral("model.preset")));
        const QString pointer = find<ui::TextLine>(QStringLiteral("error:model.preset"))->text();
        QVERIFY2(pointer == QStringLiteral("\u2193 See TP"), qPrintable(pointer));
        QCOMPARE(dp->mapTo(panel, QPoint(0, 0)), before);
    }

    // Issue 8: Global batch 434 with DP 8 is refused by the rule on DP (a divisor of the batch). The typed 434 stays
    // in Global batch, framed in red, with a line that says which field refused it; DP's row carries the sentence
    // and, scrolled out of view before, is scrolled into view; no row moves; fixing DP clears both.
    void refusedEditIsMarkedWhereItWasTyped() {
        ui::ParameterPanel* panel = m_window->parameterPanel();
        auto* scroll = find<QScrollArea>(QStringLiteral("parameterScroll"));
        QWidget* content = find<QWidget>(QStringLiteral("parameterContent"));
        QWidget* batchRow = find<QWidget>(QStringLiteral("field:data.global_batch"));
        QWidget* dpRow = find<QWidget>(QStringLiteral("field:parallel.dp"));
        m_window->resize(1280, 720); // a laptop: the panel scrolls
        QApplication::processEvents();
        auto inView = [scroll](const QWidget* w) {
            const QRect r(w->mapTo(scroll->viewport(), QPoint(0, 0)), w->size());
            return scroll->viewport()->rect().contains(r);
        };
        // Global batch at the bottom of the view, DP (further down the panel) out of it.
        scroll->verticalScrollBar()->setValue(batchRow->mapTo(content, QPoint(0, 0)).y() + batchRow->height() -
                                              scroll->viewport()->height() + 4);
        QApplication::processEvents();
        QVERIFY(inView(batchRow));
        QVERIFY2(!inView(dpRow), qPrintable(QStringLiteral("view %1 px, DP at %2")
                                                .arg(scroll->viewport()->height())
                                                .arg(dpRow->mapTo(scroll->viewport(), QPoint(0, 0)).y())));
        QList<QPoint> rowsBefore;
        QList<ui::SliderField*> rows; // those on screen (closed details sections are not laid out)
        for (ui::SliderField* f : content->findChildren<ui::SliderField*>())
            if (f->isVisible()) {
                rows << f;
                rowsBefore << f->mapTo(content, QPoint(0, 0));
            }

        auto* batch = find<QDoubleSpinBox>(QStringLiteral("spin:data.global_batch"));
        batch->setFocus();
        batch->selectAll();
        QTest::keyClicks(batch, QStringLiteral("434"));
        QTest::keyClick(batch, Qt::Key_Return);
        QApplication::processEvents();
        QCOMPARE(m_controller->scenario().data.globalBatch, 434);
        QVERIFY(!m_controller->errors().empty());
        QCOMPARE(m_controller->errors().front().code, std::string("parallel.dp"));

        // The refused text stays where it was typed, marked: a red frame and dark red on pale red.
        QCOMPARE(batch->text(), QStringLiteral("434"));
        QVERIFY(panel->isRefused(QStringLiteral("data.global_batch")));
        QVERIFY(!panel->isRefused(QStringLiteral("parallel.dp")));
        const QImage marked = batch->grab().toImage();
        int red = 0;
        for (int y = 0; y < marked.height(); ++y)
            for (int x : {0, 1, marked.width() - 2, marked.width() - 1})
                red += marked.pixelColor(x, y).red() > 150 && marked.pixelColor(x, y).green() < 90;
        QVERIFY2(red >= marked.height(), qPrintable(QString::number(red)));
        // The edited field's line names the field that refused it; DP's line has the engine's sentence.
        auto* pointer = find<ui::TextLine>(QStringLiteral("error:data.global_batch"));
        QVERIFY(pointer->isVisible());
        QCOMPARE(pointer->text(), QStringLiteral("\u2193 See DP")); // DP is further down
        QVERIFY(QFontMetrics(pointer->font()).horizontalAdvance(pointer->text()) <= pointer->width()); // not elided
        auto* sentence = find<ui::TextLine>(QStringLiteral("error:parallel.dp"));
        QVERIFY(sentence->isVisible());
        QVERIFY2(sentence->text().contains(QStringLiteral("434")), qPrintable(sentence->text()));
        QVERIFY(inView(dpRow));
        for (qsizetype i = 0; i < rows.size(); ++i)
            QVERIFY2(rows[i]->mapTo(content, QPoint(0, 0)) == rowsBefore[i], qPrintable(rows[i]->objectName()));

        // Readable under the presentation's high-contrast palette too: the mark keeps its own colours.
        const QPalette light = m_window->palette();
        for (const QPalette& pal : {light, ui::Presentation::highContrastPalette()}) {
            m_window->setPalette(pal);
            const QColor base = batch->palette().color(QPalette::Base), text = batch->palette().color(QPalette::Text);
            QVERIFY(base.red() > 240 && base.green() < 240);
            QVERIFY(std::abs(base.lightnessF() - text.lightnessF()) > 0.6);
        }
        m_window->setPalette(light);

        // DP 2 divides 434: valid again, nothing marked, every line empty, the spin box in the window's colours.
        find<QDoubleSpinBox>(QStringLiteral("spin:parallel.dp"))->setValue(2);
        QVERIFY(m_controller->errors().empty());
        QVERIFY(!panel->isRefused(QStringLiteral("data.global_batch")));
        QVERIFY(pointer->text().isEmpty() && sentence->text().isEmpty());
        QVERIFY(find<QSlider>(QStringLiteral("slider:data.global_batch"))->isVisible());
        QCOMPARE(batch->palette().color(QPalette::Base), m_window->palette().color(QPalette::Base));
    }

    // Issue 8: every scenario key has a control built from the table, and a restored scenario shows all of it.
    void everyKeyHasAControlAndRestoredStateIsShown() {
        QStringList expected;
        for (const engine::Field& f : engine::scenarioFields())
            if (f.ui.control != engine::Control::None)
                expected << QString::fromLatin1(f.key);
        QCOMPARE(m_window->parameterPanel()->controlledKeys(), expected);
        engine::Scenario packed;
        QVERIFY(!engine::setField(packed, "data.documents", std::vector<int>{7168, 1024}));
        QVERIFY(!engine::setField(packed, "data.supervised_fraction", 0.5));
        QVERIFY(!engine::setField(packed, "precision.optimizer", std::string("adam-8bit")));
        m_controller->setScenario(packed);
        QCOMPARE(find<QLineEdit>(QStringLiteral("line:data.documents"))->text(), QStringLiteral("7168, 1024"));
        QCOMPARE(find<QDoubleSpinBox>(QStringLiteral("spin:data.supervised_fraction"))->value(), 50.0);
        QCOMPARE(find<QComboBox>(QStringLiteral("combo:precision.optimizer"))->currentData().toString(),
                 QStringLiteral("adam-8bit"));
        // The packing menu: "4096 + 4096" sets both keys in one step.
        auto* menu = find<QToolButton>(QStringLiteral("documentPresets"))->menu();
        menu->actions().at(1)->trigger();
        QCOMPARE(m_controller->scenario().data.documents, (std::vector<int>{4096, 4096}));
        QCOMPARE(m_controller->scenario().data.seqLen, 8192);
        menu->actions().at(0)->trigger(); // one document
        QVERIFY(m_controller->scenario().data.documents.empty());
        // The undo menu speaks of labels.
        QVERIFY2(m_controller->undoStack()->undoText().contains(QStringLiteral("Packed documents")),
                 qPrintable(m_controller->undoStack()->undoText()));
    }

    // Issue 8: the answer is on the chart, with the layout step that reaches it named there.
    void theTimeGateIsOnTheChart() {
        auto* presets = find<QComboBox>(QStringLiteral("combo:model.preset"));
        emit presets->activated(presets->findData(QStringLiteral("llama3-70b")));
        find<QDoubleSpinBox>(QStringLiteral("spin:data.tokens"))->setValue(2000);
        QCOMPARE(m_controller->scenario().data.tokens, 2e12);
        find<QDoubleSpinBox>(QStringLiteral("spin:schedule.deadline_days"))->setValue(60);
        auto* view = find<ui::TimeView>(QStringLiteral("timeView"));
        const long long gate = m_controller->ledger().time.minGpusCompute;
        QVERIFY(gate > 384);
        QVERIFY(view->fitSeries()->count() + view->noFitSeries()->count() > 0);
        double right = 0;
        for (const QLineSeries* s : {view->fitSeries(), view->noFitSeries()})
            for (const QPointF& p : s->points())
                right = std::max(right, p.x());
        QVERIFY(right >= double(gate));
        QVERIFY(view->calloutTexts().join(QLatin1Char('\n')).contains(QStringLiteral("finish in time")));
        QVERIFY2(view->captionLabel()->text().contains(QStringLiteral("TP 2")),
                 qPrintable(view->captionLabel()->text()));
    }

    void undoRedoOfASliderEdit() {
        QUndoStack* stack = m_controller->undoStack();
        QCOMPARE(stack->count(), 0);
        auto* dp = find<QSlider>(QStringLiteral("slider:parallel.dp"));
        auto* dpSpin = find<QDoubleSpinBox>(QStringLiteral("spin:parallel.dp"));
        // A drag: many values of one key in quick succession merge into one step.
        dp->setSliderDown(true);
        for (int position : {286, 300, 357, 400, 429}) // 16, ..., 32, ..., 64 replicas on the log slider
            dp->setValue(position);
        dp->setSliderDown(false);
        const int dragged = m_controller->scenario().parallel.dp;
        QCOMPARE(dragged, 64);
        QCOMPARE(stack->count(), 1);
        find<QDoubleSpinBox>(QStringLiteral("spin:efficiency.mfu"))->setValue(50);
        QCOMPARE(stack->count(), 2);

        auto* undo = m_window->findChild<QAction*>(QStringLiteral("undoAction"));
        auto* redo = m_window->findChild<QAction*>(QStringLiteral("redoAction"));
        QVERIFY(undo && redo);
        QCOMPARE(undo->shortcut(), QKeySequence(QKeySequence::Undo));
        QVERIFY(redo->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)));
        undo->trigger();
        QCOMPARE(m_controller->scenario().efficiency.mfu, 0.40);
        undo->trigger();
        QCOMPARE(m_controller->scenario().parallel.dp, 8);
        QCOMPARE(dpSpin->value(), 8.0);
        QCOMPARE(m_controller->ledger().time.gpus, 8);
        redo->trigger();
        QCOMPARE(m_controller->scenario().parallel.dp, dragged);
        QCOMPARE(dpSpin->value(), double(dragged));
        QCOMPARE(m_controller->ledger().time.gpus, dragged);
    }

    void ledgerTableModelAndCopy() {
        auto* table = find<ui::LedgerTable>(QStringLiteral("ledgerTable"));
        QAbstractItemModelTester tester(table->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        find<QDoubleSpinBox>(QStringLiteral("spin:parallel.dp"))->setValue(16);
        find<QDoubleSpinBox>(QStringLiteral("spin:data.tokens"))->setValue(1000);
        m_window->tabs()->setCurrentWidget(table);
        table->selectRow(0);
        table->selectionModel()->select(table->model()->index(2, 0),
                                        QItemSelectionModel::Select | QItemSelectionModel::Rows);
        const QString text = table->selectedText();
        const QStringList lines = text.trimmed().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 2);
        const auto& f0 = engine::ledgerFields()[0];
        QCOMPARE(lines[0], QString::fromUtf8(f0.label) + QLatin1Char('\t') +
                               str(engine::formatLedgerValue(f0.get(m_controller->ledger()), f0.unit)) +
                               QLatin1Char('\t') + QString::fromUtf8(f0.key));
        table->setFocus();
        QTest::keySequence(table, QKeySequence::Copy);
        QCOMPARE(QApplication::clipboard()->text(), text);
    }

    void rememberedInSettings() {
        QSettings().clear();
        {
            ui::Controller c;
            QTemporaryDir dir;
            test::ScriptedDialogs dialogs;
            dialogs.saveChoices << ui::Dialogs::SaveChoice::Save; // closing over an unsaved change asks
            dialogs.saveNames << dir.filePath(QStringLiteral("remembered.trainledger"));
            ui::MainWindow w(&c, ui::MainWindow::Options{true, &dialogs});
            w.show();
            c.setValue("parallel.dp", 32.0);
            QVERIFY(w.close());
            QVERIFY(dialogs.allAnswered());
        }
        const QByteArray saved = ui::MainWindow::savedScenario();
        QVERIFY(!saved.isEmpty());
        const io::ScenarioResult r = io::scenarioFromJson(saved, false);
        QVERIFY(r.scenario);
        QCOMPARE(r.scenario->parallel.dp, 32);
        QVERIFY(!QSettings().value(QStringLiteral("window/geometry")).toByteArray().isEmpty());
        QSettings().clear();
    }

    // Issue 28: quit with unsaved changes and choose Discard: the next start does not bring them back, neither as
    // the remembered scenario nor from the recovery file (only a crash is recovered). Driven through File > Quit.
    void discardAtQuitIsHonoured() {
        QSettings().clear();
        QFile::remove(ui::Document::recoveryPath());
        const engine::Scenario before;
        {
            ui::Controller c;
            test::ScriptedDialogs dialogs;
            dialogs.saveChoices << ui::Dialogs::SaveChoice::Discard;
            ui::MainWindow w(&c, ui::MainWindow::Options{true, &dialogs});
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QVERIFY(c.setValue("parallel.dp", 32.0));
            QVERIFY(w.document()->writeRecovery()); // the autosave had run
            QVERIFY(QFileInfo::exists(ui::Document::recoveryPath()));
            w.findChild<QAction*>(QStringLiteral("quitAction"))->trigger();
            QVERIFY(!w.isVisible());
            QVERIFY(dialogs.allAnswered());
        }
        // The next start, as main() does it: the remembered scenario, then the recovery offer.
        ui::Controller c;
        const QByteArray saved = ui::MainWindow::savedScenario();
        if (!saved.isEmpty()) {
            const io::ScenarioResult r = io::scenarioFromJson(saved, false);
            QVERIFY(r.scenario);
            c.setScenario(*r.scenario);
        }
        test::ScriptedDialogs dialogs; // a recovery offer would be recorded as unexpected
        ui::MainWindow w(&c, ui::MainWindow::Options{true, &dialogs});
        w.show();
        QVERIFY(!w.document()->openAtStart(QString()));
        QVERIFY2(dialogs.unexpected.isEmpty(), qPrintable(dialogs.unexpected.join(QLatin1Char(','))));
        QCOMPARE(c.scenario().parallel.dp, before.parallel.dp);
        QVERIFY(c.scenario() == before);
        QVERIFY(!w.document()->isModified());
        w.document()->setAutosaveEnabled(false);
        QSettings().clear();
    }

    // Issue 28: the first start on a screen with no more room than the layout needs (1280 x 720; the offscreen
    // screen here is smaller still) opens maximized, so that the frame and the title bar fit on the screen too.
    void aSmallScreenStartsMaximized() {
        QSettings().clear();
        ui::Controller c;
        ui::MainWindow w(&c, ui::MainWindow::Options{true, nullptr});
        const QSize room = w.screen()->availableSize();
        QVERIFY(room.width() < 1280 / 0.85 || room.height() < 720 / 0.85); // the offscreen screen: 800 x 600
        QVERIFY(w.windowState() & Qt::WindowMaximized);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.isMaximized());
        QSettings().clear();
    }

    void readableAt1366x768() {
        m_window->resize(1366, 768);
        QTest::qWait(20);
        QVERIFY(m_window->width() <= 1366 && m_window->height() <= 768);
        auto* scroll = find<QScrollArea>(QStringLiteral("parameterScroll"));
        QVERIFY(scroll->verticalScrollBar()->maximum() > 0); // the panel scrolls instead of squeezing
        auto* panel = find<QWidget>(QStringLiteral("parameterPanel"));
        QVERIFY(panel->width() < 1366 / 2);
        QVERIFY(find<QWidget>(QStringLiteral("memoryChart"))->width() >= 300);
        QVERIFY(find<QWidget>(QStringLiteral("timeChart"))->width() >= 300);
    }

    void keyboardOperable() {
        // Labels carry mnemonics that focus their spin box; tab moves between panel controls.
        auto* dp = find<QDoubleSpinBox>(QStringLiteral("spin:parallel.dp"));
        QVERIFY(dp->focusPolicy() & Qt::TabFocus);
        QVERIFY(find<QSlider>(QStringLiteral("slider:parallel.dp"))->focusPolicy() & Qt::TabFocus);
        dp->setFocus();
        QTest::keyClick(dp, Qt::Key_Up);
        QTest::keyClick(dp, Qt::Key_Enter);
        QVERIFY(m_controller->scenario().parallel.dp > 8);
    }

    void screenshotCommand_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QSize>("size");
        QTest::newRow("all") << QStringLiteral("all") << QSize(1600, 1000);
        QTest::newRow("memory") << QStringLiteral("memory") << QSize(1200, 750);
        QTest::newRow("time") << QStringLiteral("time") << QSize(1200, 750);
        QTest::newRow("verdict") << QStringLiteral("verdict") << QSize(1400, 160);
        QTest::newRow("pipeline") << QStringLiteral("pipeline") << QSize(1400, 700);
    }
    void screenshotCommand() {
        QFETCH(QString, view);
        QFETCH(QSize, size);
        QTemporaryDir dir;
        const QString png = dir.filePath(view + QStringLiteral(".png"));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("QT_QPA_PLATFORM")); // --screenshot picks offscreen itself
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(TL_TRAINLEDGER), {QStringLiteral("--screenshot"), png, QStringLiteral("--view"), view});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), size);
        QVERIFY2(tl::test::distinctColours(image) > 8, qPrintable(QString::number(tl::test::distinctColours(image))));
    }

    void screenshotOfAScenarioFile() {
        QTemporaryDir dir;
        const QString json = dir.filePath(QStringLiteral("s.json"));
        QFile f(json);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"parallel": {"dp": 2}, "hardware": {"preset": "a100-80gb"}})");
        f.close();
        QProcess p;
        p.start(QStringLiteral(TL_TRAINLEDGER), {QStringLiteral("--screenshot"), dir.filePath(QStringLiteral("v.png")),
                                                 json, QStringLiteral("--view"), QStringLiteral("verdict")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(!QImage(dir.filePath(QStringLiteral("v.png"))).isNull());
    }

    void badArgumentsExit2_data() {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("unknown view") << QStringList{QStringLiteral("--screenshot"), QStringLiteral("x.png"),
                                                     QStringLiteral("--view"), QStringLiteral("sideways")};
        QTest::newRow("unknown option") << QStringList{QStringLiteral("--screenshot"), QStringLiteral("x.png"),
                                                       QStringLiteral("--frobnicate")};
        QTest::newRow("missing file") << QStringList{QStringLiteral("--screenshot"), QStringLiteral("x.png"),
                                                     QStringLiteral("/nonexistent/s.json")};
        QTest::newRow("two files") << QStringList{QStringLiteral("--screenshot"), QStringLiteral("x.png"),
                                                  QStringLiteral("a.json"), QStringLiteral("b.json")};
        QTest::newRow("view without screenshot") << QStringList{QStringLiteral("--view"), QStringLiteral("time")};
    }
    void badArgumentsExit2() {
        QFETCH(QStringList, args);
        QTemporaryDir dir;
        QProcess p;
        p.setWorkingDirectory(dir.path());
        p.start(QStringLiteral(TL_TRAINLEDGER), args);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        const QString err = QString::fromUtf8(p.readAllStandardError());
        const QStringList lines = err.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(!lines.isEmpty(), qPrintable(err));
        // Qt's platform chatter (XDG_RUNTIME_DIR) aside, one line from us.
        int ours = 0;
        for (const QString& line : lines)
            ours += line.startsWith(QStringLiteral("trainledger: "));
        QVERIFY2(ours == 1, qPrintable(err));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.png"))));
    }
};

QTEST_MAIN(WindowTest)
#include "window_test.moc"
