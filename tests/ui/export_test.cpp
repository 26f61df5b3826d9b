// Exports (ui/export/*): every registered export writes a file that its format's reader accepts, with the engine's
// numbers in it; the PDF report has its pages, sentence and figures; Print goes to a PDF printer; bad names and
// unwritable places fail with one line and leave nothing behind; the Compare window's difference columns, dashed
// curves and four scenarios. Offscreen.

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/ledgerfields.h"
#include "engine/presets.h"
#include "scripteddialogs.h"
#include "ui/compare/comparewindow.h"
#include "ui/controller.h"
#include "ui/export/exportregistry.h"
#include "ui/export/report.h"
#include "ui/export/tables.h"
#include "ui/i18n/enginetext.h"
#include "ui/i18n/language.h"
#include "ui/mainwindow.h"
#include "ui/screenshot.h"
#include "ui/views/ledgertable.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QBarSet>
#include <QBuffer>
#include <QImage>
#include <QLineSeries>
#include <QMenu>
#include <QPdfWriter>
#include <QPrinter>
#include <QProcess>
#include <QPushButton>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QtTest>

using namespace tl;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Pages of a PDF written by Qt: one "/Type /Page" object per page (and one "/Type /Pages" tree).
int pdfPages(const QByteArray& pdf) {
    return int(pdf.count("/Type /Page\n") + pdf.count("/Type /Page ") + pdf.count("/Type /Page/") +
               pdf.count("/Type /Page>"));
}

QString cell(QTableWidget* table, const QString& key, int column) {
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0) && table->item(r, 0)->data(Qt::UserRole).toString() == key)
            return table->item(r, column) ? table->item(r, column)->text() : QString();
    return QStringLiteral("<no row %1>").arg(key);
}

ui::CompareSide side(int dp, const QString& name) {
    ui::CompareSide s;
    s.scenario.parallel.dp = dp;
    s.name = name;
    return s;
}

} // namespace

class ExportTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

private slots:
    void everyRegisteredExportWritesItsFormats() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        const auto& entries = window.exports().entries();
        QStringList ids;
        for (const ui::ExportEntry& e : entries)
            ids << e.id;
        for (const char* id : {"memory-chart", "time-chart", "pipeline-chart", "days-curve", "zero-sweep", "ledger"})
            QVERIFY2(ids.contains(QLatin1String(id)), id);
        // File > Export lists every entry.
        QCOMPARE(window.exportMenu()->actions().size(), int(entries.size()));
        for (const ui::ExportEntry& e : entries)
            for (const QString& suffix : e.suffixes) {
                const QString file = path(e.id + QLatin1Char('.') + suffix);
                QCOMPARE(ui::exportTo(e, file), QString());
                const QByteArray bytes = readAll(file);
                QVERIFY2(!bytes.isEmpty(), qPrintable(file));
                if (suffix == QLatin1String("png")) {
                    const QImage image = QImage::fromData(bytes, "PNG");
                    QVERIFY2(!image.isNull(), qPrintable(file));
                    QVERIFY(image.width() >= 1000);
                } else if (suffix == QLatin1String("svg")) {
                    QSvgRenderer svg(bytes);
                    QVERIFY2(svg.isValid(), qPrintable(file));
                    QVERIFY(svg.defaultSize().width() >= 1000);
                    QVERIFY(bytes.contains("<text") || bytes.contains("<path")); // drawn, not an embedded bitmap
                }
            }
        // The window's File > Export asks for a name and writes; the memory chart's SVG names the categories.
        const QByteArray svg = readAll(path(QStringLiteral("memory-chart.svg")));
        QVERIFY(svg.contains("Weights") || svg.contains("weights"));
    }

    void csvAndMarkdownCarryTheEngineNumbers() {
        ui::Controller controller;
        const engine::Ledger& l = controller.ledger();
        const QList<QByteArray> curve = ui::daysCurveCsv(controller.evaluation().curve).trimmed().split('\n');
        QCOMPARE(curve.size(), int(controller.evaluation().curve.size()) + 1);
        QCOMPARE(curve.front(), QByteArray("gpus,dp,days,usd,tokens_per_s,memory_total_bytes,fits"));
        const engine::ScalePoint& p = controller.evaluation().curve.front();
        const QList<QByteArray> first = curve[1].split(',');
        QCOMPARE(first[0].toLongLong(), p.gpus);
        QCOMPARE(first[2].toDouble(), p.days);

        const QList<QByteArray> zero = ui::zeroSweepCsv(controller.evaluation().zero).trimmed().split('\n');
        QCOMPARE(zero.size(), 5);
        QCOMPARE(zero[4].split(',')[8].toDouble(), controller.evaluation().zero[3].memory.total); // after 7 parts

        const QByteArray csv = ui::ledgerCsv(l);
        QVERIFY(csv.startsWith("key,value,unit,label\n"));
        QVERIFY(csv.contains("time.days," + QByteArray::number(l.time.days, 'g', 12) + ",days,"));
        QCOMPARE(csv.count('\n'), int(engine::ledgerFields().size()) + 1);

        const QByteArray md = ui::ledgerMarkdown(l, QStringLiteral("Plan"));
        QVERIFY(md.startsWith("# Plan\n"));
        QVERIFY(md.contains("| --- | ---: | --- |"));
        QVERIFY(md.contains(QByteArray::fromStdString(engine::formatLedgerValue(l.cost.usd, engine::Unit::Usd))));
        QVERIFY(md.contains("`cost.usd`"));
    }

    void theReportIsTwoPagesWithItsSentence() {
        engine::Scenario s;
        s.notes = "Budget approved for one node.";
        ui::ReportInput input{s, QStringLiteral("plan.trainledger")};
        const QByteArray pdf = ui::reportPdf(input, QPageSize::A4);
        QVERIFY(pdf.startsWith("%PDF-"));
        QCOMPARE(pdfPages(pdf), 2);
        const QByteArray letter = ui::reportPdf(input, QPageSize::Letter);
        QVERIFY(letter.contains("612")); // Letter: 612 x 792 points
        const engine::Ledger l = engine::evaluate(s);
        const QString verdict = ui::reportVerdict(l);
        QVERIFY(verdict.startsWith(QStringLiteral("This plan works")));
        QVERIFY(verdict.contains(QString::fromStdString(engine::formatLedgerValue(l.cost.usd, engine::Unit::Usd))));
        // A plan that does not fit says so, with both sizes.
        engine::Scenario tight = s;
        tight.parallel.zero = 0;
        tight.parallel.dp = 1;
        const QString no = ui::reportVerdict(engine::evaluate(tight));
        QVERIFY2(no.startsWith(QStringLiteral("This plan does not work")), qPrintable(no));
        QVERIFY(no.contains(QStringLiteral("GB")));
    }

    // Issue 25: the report's plan says what the reserve covers and its days count faults and checkpoints; its key
    // figures list engine::kFaultFigures, as the command line's report and the step view do.
    void theReportNamesFaultsAndCheckpoints() {
        const engine::Scenario s;
        const engine::Ledger l = engine::evaluate(s);
        const QString plan = ui::reportPlanTable(s, l);
        QVERIFY2(plan.contains(QStringLiteral("Faults and checkpoints need 0.02 days of the 5-day reserve.")),
                 qPrintable(plan));
        // Llama 3 405B on 16,384 H100s at 2 TB/s: the verdict's days are the effective ones (76.1, not 70.3).
        engine::Scenario big = s;
        for (const auto& [key, value] :
             std::vector<std::pair<const char*, engine::FieldValue>>{{"model.preset", std::string("llama3.1-405b")},
                                                                     {"data.seq_len", 8192.0},
                                                                     {"data.global_batch", 2048.0},
                                                                     {"data.tokens", 15.6e12},
                                                                     {"parallel.tp", 8.0},
                                                                     {"parallel.pp", 16.0},
                                                                     {"parallel.dp", 128.0},
                                                                     {"checkpoint.storage_gbps", 2000.0},
                                                                     {"schedule.deadline_days", 90.0}})
            QVERIFY(!engine::setField(big, key, value));
        const engine::Ledger bl = engine::evaluate(big);
        QVERIFY(bl.valid);
        const QString days =
            QString::fromStdString(engine::formatLedgerValue(bl.time.daysEffective, engine::Unit::Days));
        QVERIFY2(days != QString::fromStdString(engine::formatLedgerValue(bl.time.days, engine::Unit::Days)),
                 qPrintable(days));
        QVERIFY2(ui::reportVerdict(bl).contains(days), qPrintable(ui::reportVerdict(bl)));
        QVERIFY(ui::reportPlanTable(big, bl).contains(days));
        QVERIFY(ui::reportPlanTable(big, bl).contains(
            QStringLiteral("Faults and checkpoints need 5.8 days: more than the 5-day reserve.")));
        // Every figure of engine::kFaultFigures with its label and value, as the ledger table formats it.
        for (const char* key : engine::kFaultFigures)
            for (const engine::LedgerField& f : engine::ledgerFields())
                if (std::string_view(f.key) == key)
                    QVERIFY2(plan.contains((QString::fromUtf8(QByteArray(f.label).trimmed()) + QLatin1Char(' ') +
                                            ui::fieldValueText(f, l))
                                               .toHtmlEscaped()),
                             key);
    }

    // The report and the Ledger tab write figures as the window does: shares in percent, long spans in hours with
    // grouped digits, not "0.9990" or "22500000.0 s".
    void theReportWritesFiguresInTheWindowsUnits() {
        const engine::Scenario s;
        const engine::Ledger l = engine::evaluate(s);
        QVERIFY(l.valid);
        const QString plan = ui::reportPlanTable(s, l);
        // 8 GPUs at one fault per 50,000 GPU-hours: 6,250 hours between faults; goodput 99.9% (lesson 000).
        QVERIFY2(plan.contains(QStringLiteral("Job mean time between faults 6,250 hours")), qPrintable(plan));
        QVERIFY2(plan.contains(QStringLiteral("Goodput 99.9%")), qPrintable(plan));
        QVERIFY2(!plan.contains(QStringLiteral("22500000")) && !plan.contains(QStringLiteral("0.9990")),
                 qPrintable(plan));
        const QString figures = ui::reportKeyFigures(l);
        QVERIFY2(figures.contains(QStringLiteral(">40.0%<")), qPrintable(figures)); // MFU 0.4
        QVERIFY2(!figures.contains(QStringLiteral("0.4000")) && !figures.contains(QStringLiteral("0.0000")),
                 qPrintable(figures));
        // The Ledger tab of the window, as a person reads it.
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.resize(1280, 720);
        window.show();
        auto* table = window.findChild<ui::LedgerTable*>();
        QVERIFY(table);
        QCoreApplication::processEvents();
        QMap<QString, QString> shown;
        for (int r = 0; r < table->model()->rowCount(); ++r)
            shown[table->model()->index(r, ui::LedgerTableModel::Key).data().toString()] =
                table->model()->index(r, ui::LedgerTableModel::Value).data().toString();
        QCOMPARE(shown.value(QStringLiteral("goodput.fraction")), QStringLiteral("99.9%"));
        QCOMPARE(shown.value(QStringLiteral("time.mfu")), QStringLiteral("40.0%"));
        QCOMPARE(shown.value(QStringLiteral("goodput.job_mtbf_s")), QStringLiteral("6,250 hours"));
        QCOMPARE(shown.value(QStringLiteral("time.offload_slowdown")), QStringLiteral("1"));
    }

    // The key figures' heading: the right-aligned "Value" and the "Key" beside it stay apart (they read "Value Key").
    void theKeyFiguresHeadingKeepsItsWordsApart() {
        QTextDocument doc;
        doc.setHtml(ui::reportKeyFigures(engine::evaluate(engine::Scenario{})));
        doc.setTextWidth(700);
        doc.documentLayout();
        double valueEnd = -1, keyStart = -1;
        for (QTextBlock b = doc.begin(); b.isValid(); b = b.next()) {
            const QRectF box = doc.documentLayout()->blockBoundingRect(b);
            if (!b.layout() || b.layout()->lineCount() == 0)
                continue;
            const QRectF text = b.layout()->lineAt(0).naturalTextRect().translated(box.topLeft());
            if (b.text() == QStringLiteral("Value") && valueEnd < 0)
                valueEnd = text.right();
            if (b.text() == QStringLiteral("Key") && keyStart < 0)
                keyStart = text.left();
        }
        QVERIFY(valueEnd > 0 && keyStart > 0);
        QVERIFY2(keyStart - valueEnd >= 12, qPrintable(QStringLiteral("gap %1 px").arg(keyStart - valueEnd)));
    }

    // The Chinese report shows a choice by the label the panel uses ("完全"), not its key value ("full"), on two pages.
    void theChineseReportShowsChoiceLabels() {
        const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
        if (pdftotext.isEmpty())
            QSKIP("pdftotext is not installed");
        QVERIFY(ui::Language::apply(QStringLiteral("zh_CN")));
        engine::Scenario s;
        s.activations.recompute = engine::Recompute::Full;
        s.efficiency.mode = engine::EfficiencyMode::Derived;
        s.parallel.pp = 2;
        s.parallel.dp = 4;
        const QByteArray pdf = ui::reportPdf({s, QStringLiteral("plan.trainledger")}, QPageSize::A4);
        // Two pages in Chinese too: the step chart's taller Chinese title measured (it pushed the assumptions over).
        const int pages = pdfPages(pdf);
        const engine::Field* f = engine::findField("activations.recompute");
        QVERIFY(f);
        const auto full = std::ranges::find(f->choices, std::string("full")) - f->choices.begin();
        const QString label = ui::choiceText(*f, size_t(full));
        QVERIFY(ui::Language::apply(QStringLiteral("en")));
        QCOMPARE(label, QStringLiteral("完全"));
        QCOMPARE(pages, 2);
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("r.pdf"));
        QCOMPARE(ui::writeExportFile(file, pdf), QString());
        QProcess p;
        p.start(pdftotext, {file, QStringLiteral("-")});
        QVERIFY(p.waitForFinished(60000));
        const QString text = QString::fromUtf8(p.readAllStandardOutput()).simplified();
        QVERIFY2(text.contains(QStringLiteral("激活重计算：") + label), qPrintable(text.right(900)));
        QVERIFY2(!text.contains(QStringLiteral("：full")), qPrintable(text.right(900)));
    }

    // Issue 28: two pages as the README says, for the plans people print (fixed and derived efficiency, the course's
    // model and Llama 3 405B, with warnings and notes), and no path of the machine that wrote it.
    void theReportIsTwoPagesForEveryPlan() {
        std::vector<std::pair<QString, engine::Scenario>> plans;
        engine::Scenario s;
        s.notes = "Budget approved for one node.\nAsk for a second node in March.";
        plans.push_back({QStringLiteral("default"), s});
        s.efficiency.mode = engine::EfficiencyMode::Derived;
        plans.push_back({QStringLiteral("derived"), s});
        engine::Scenario big;
        engine::applyModelPreset(big, "llama3.1-405b");
        big.parallel.tp = 8;
        big.parallel.pp = 16;
        big.parallel.dp = 64;
        big.data.globalBatch = 2048;
        big.notes = "Infra review: 8,192 GPUs for 54 days.";
        plans.push_back({QStringLiteral("405b"), big});
        big.efficiency.mode = engine::EfficiencyMode::Derived;
        plans.push_back({QStringLiteral("405b derived"), big});
        const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
        for (const auto& [name, scenario] : plans) {
            const QByteArray pdf = ui::reportPdf({scenario, QStringLiteral("plan.trainledger")}, QPageSize::A4);
            QVERIFY2(pdfPages(pdf) == 2, qPrintable(name + QStringLiteral(": %1 pages").arg(pdfPages(pdf))));
            QVERIFY2(pdfPages(ui::reportPdf({scenario, QStringLiteral("plan.trainledger")}, QPageSize::Letter)) == 2,
                     qPrintable(name));
            if (pdftotext.isEmpty())
                continue;
            QTemporaryDir dir;
            const QString file = dir.filePath(QStringLiteral("r.pdf"));
            QCOMPARE(ui::writeExportFile(file, pdf), QString());
            QProcess p;
            p.start(pdftotext, {file, QStringLiteral("-")});
            QVERIFY(p.waitForFinished(60000));
            const QString text = QString::fromUtf8(p.readAllStandardOutput());
            QVERIFY2(text.contains(QStringLiteral("formulas.md")), qPrintable(name));
            QVERIFY2(!text.contains(QDir::currentPath()) && !text.contains(QStringLiteral("/docs/")),
                     qPrintable(name + QStringLiteral(": ") + text.right(400)));
        }
    }

    void exportReportAndPrintFromTheWindow() {
        test::ScriptedDialogs dialogs;
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false, &dialogs});
        dialogs.saveNames << path(QStringLiteral("report.pdf"));
        window.findChild<QAction*>(QStringLiteral("exportReportAction"))->trigger();
        QVERIFY(readAll(path(QStringLiteral("report.pdf"))).startsWith("%PDF-"));
        dialogs.printFiles << path(QStringLiteral("printed.pdf"));
        window.findChild<QAction*>(QStringLiteral("printAction"))->trigger();
        const QByteArray printed = readAll(path(QStringLiteral("printed.pdf")));
        QVERIFY(printed.startsWith("%PDF-"));
        QCOMPARE(pdfPages(printed), 2);
        dialogs.printFiles << QString(); // cancelled: nothing happens
        window.findChild<QAction*>(QStringLiteral("printAction"))->trigger();
        QVERIFY(dialogs.errors.isEmpty());
        QVERIFY(dialogs.allAnswered());
    }

    void badNamesAndPlacesFailInOneLine() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        const ui::ExportEntry* chart = window.exports().find(QStringLiteral("memory-chart"));
        QVERIFY(chart);
        const QString txt = path(QStringLiteral("chart.txt"));
        const QString error = ui::exportTo(*chart, txt);
        QVERIFY(error.contains(QStringLiteral("unknown extension")));
        QVERIFY(error.contains(QStringLiteral(".png, .svg")));
        QVERIFY(!error.contains(QLatin1Char('\n')));
        QVERIFY(!QFile::exists(txt));
        const QString nowhere = path(QStringLiteral("no/such/dir/chart.png"));
        const QString e2 = ui::exportTo(*chart, nowhere);
        QVERIFY(e2.startsWith(nowhere));
        QVERIFY(!e2.contains(QLatin1Char('\n')));
        // An existing file survives a failed export to it: a directory in its place cannot be replaced.
        QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("taken.png")));
        QVERIFY(!ui::exportTo(*chart, path(QStringLiteral("taken.png"))).isEmpty());
        QVERIFY(QFileInfo(path(QStringLiteral("taken.png"))).isDir());
        // The command line's renderer: the format from the extension.
        QVERIFY(ui::exportScenario({}, QStringLiteral("memory"), path(QStringLiteral("x.jpg")), {})
                    .contains(QStringLiteral("unknown extension")));
        QCOMPARE(ui::exportScenario({}, QStringLiteral("memory"), path(QStringLiteral("m.svg")), {}), QString());
        QVERIFY(QSvgRenderer(path(QStringLiteral("m.svg"))).isValid());
        QCOMPARE(ui::exportScenario({}, QStringLiteral("memory"), path(QStringLiteral("r.pdf")), {}), QString());
        QVERIFY(readAll(path(QStringLiteral("r.pdf"))).startsWith("%PDF-"));
    }

    void compareShowsDifferencesAndKeepsCoincidingCurvesVisible() {
        ui::CompareWindow w;
        w.setSides(side(8, QStringLiteral("a")), side(16, QStringLiteral("b")));
        QTableWidget* t = w.differenceTable();
        QCOMPARE(t->columnCount(), 5); // key, A, B, B - A, %
        QCOMPARE(cell(t, QStringLiteral("time.gpus"), 3), QStringLiteral("+8"));
        QCOMPARE(cell(t, QStringLiteral("time.gpus"), 4), QStringLiteral("+100%"));
        const engine::Ledger la = w.ledger(0), lb = w.ledger(1);
        const QString days = cell(t, QStringLiteral("time.days"), 3);
        QVERIFY2(days.startsWith(QStringLiteral("\u2212")), qPrintable(days)); // twice the GPUs: fewer days
        QVERIFY(days.contains(
            QString::fromStdString(engine::formatLedgerValue(la.time.days - lb.time.days, engine::Unit::Days))));
        QCOMPARE(cell(t, QStringLiteral("parallel.dp"), 3), QStringLiteral("+8 replicas"));
        // Coinciding curves: the same scenario twice draws B dashed over a wider solid A.
        w.setSides(side(8, QStringLiteral("a")), side(8, QStringLiteral("b")));
        QCOMPARE(w.curveSeries(0)->pen().style(), Qt::SolidLine);
        QCOMPARE(w.curveSeries(1)->pen().style(), Qt::DashLine);
        QVERIFY(w.curveSeries(0)->pen().widthF() > w.curveSeries(1)->pen().widthF());
        QCOMPARE(w.curveSeries(0)->points(), w.curveSeries(1)->points());
    }

    // Issue 28: on paper A and B can be told apart: each chart's legend is printed with a filled swatch in each
    // side's colour (the charts' own legend markers did not show in poppler or Ghostscript, and most of their
    // names were missing).
    void comparisonPdfHasLegends() {
        ui::CompareWindow w;
        w.setSides(side(8, QStringLiteral("a")), side(16, QStringLiteral("b")));
        w.setAttribute(Qt::WA_DontShowOnScreen); // laid out as the report lays it out
        w.resize(1900, 1000);
        w.show();
        for (int i = 0; i < 5; ++i)
            QCoreApplication::processEvents();
        const QString memory = ui::CompareWindow::legendHtml(w.chartViews().at(0));
        const QString time = ui::CompareWindow::legendHtml(w.chartViews().at(1));
        QVERIFY2(memory.contains(QStringLiteral("bgcolor=\"#3b75af\"")) &&
                     memory.contains(QStringLiteral("bgcolor=\"#ef8a3c\"")),
                 qPrintable(memory + QStringLiteral(" / ") + time));
        QVERIFY2(time.contains(QStringLiteral("B: days")) && time.contains(QStringLiteral("bgcolor=\"#ef8a3c\"")),
                 qPrintable(time));
        const QString pdftotext = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
        if (pdftotext.isEmpty())
            QSKIP("pdftotext is not installed");
        engine::Scenario a, b;
        b.parallel.dp = 16;
        const QString file = path(QStringLiteral("comparison.pdf"));
        QCOMPARE(ui::writeExportFile(file, ui::comparisonPdf({{a, QStringLiteral("a.trainledger")},
                                                              {b, QStringLiteral("b.trainledger")}})),
                 QString());
        QProcess p;
        p.start(pdftotext, {QStringLiteral("-raw"), file, QStringLiteral("-")});
        QVERIFY(p.waitForFinished(60000));
        const QString text = QString::fromUtf8(p.readAllStandardOutput());
        for (const char* name : {"A: days", "B: days", "A: this plan", "B: this plan", "Deadline (both)"})
            QVERIFY2(text.contains(QLatin1String(name)), name);
    }

    void compareTakesUpToFourScenarios() {
        ui::CompareWindow w;
        w.setSides(side(8, QStringLiteral("a")), side(16, QStringLiteral("b")));
        QVERIFY(w.addScenario(side(32, QStringLiteral("c"))));
        QVERIFY(w.addScenario(side(64, QStringLiteral("d"))));
        QVERIFY(!w.addScenario(side(128, QStringLiteral("e"))));
        QCOMPARE(w.sideCount(), 4);
        QVERIFY(!w.addButton()->isEnabled());
        QTableWidget* t = w.differenceTable();
        QCOMPARE(t->columnCount(), 5); // key, A, B, C, D
        QCOMPARE(cell(t, QStringLiteral("parallel.dp"), 3), QStringLiteral("32"));
        QCOMPARE(cell(t, QStringLiteral("parallel.dp"), 4), QStringLiteral("64"));
        for (int i = 0; i < 4; ++i)
            QVERIFY(w.curveSeries(i)->isVisible() && w.curveSeries(i)->count() > 10);
        QCOMPARE(w.memorySet(3)->at(7), w.ledger(3).memory.total / 1e9); // 7 parts, then the total
        // The comparison report: each verdict, the figures side by side.
        std::vector<ui::ReportInput> inputs;
        for (int i = 0; i < 4; ++i)
            inputs.push_back({w.side(i).scenario, w.side(i).name});
        const QByteArray pdf = ui::comparisonPdf(inputs, QPageSize::A4);
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY(pdfPages(pdf) >= 1 && pdfPages(pdf) <= 2);
        QVERIFY(w.figuresHtml().contains(QStringLiteral("<td align=\"right\"><font color=\"white\"><b>D</b>")));
    }

    // For people: the report's pages and an SVG chart (TL_SCREENSHOT_DIR, default the temp dir).
    void reportForPeople() {
        engine::Scenario s;
        s.title = "Qwen3-8B on one H100 node";
        s.notes = "One node of eight H100 GPUs for 100B tokens; ZeRO-3 keeps the state per GPU small.\n"
                  "Ask finance for 30 days of the node.";
        const QString dir = qEnvironmentVariable("TL_SCREENSHOT_DIR", QDir::tempPath());
        QCOMPARE(ui::writeExportFile(QDir(dir).filePath(QStringLiteral("trainledger-report.pdf")),
                                     ui::reportPdf({s, QStringLiteral("qwen3-8b-one-node.trainledger")})),
                 QString());
        std::vector<ui::ReportInput> inputs{{s, QStringLiteral("one-node.trainledger")}};
        engine::Scenario two = s;
        two.parallel.dp = 16;
        two.efficiency.mfu = 0.35;
        inputs.push_back({two, QStringLiteral("two-nodes.trainledger")});
        QCOMPARE(ui::writeExportFile(QDir(dir).filePath(QStringLiteral("trainledger-comparison.pdf")),
                                     ui::comparisonPdf(inputs)),
                 QString());
        QCOMPARE(ui::exportScenario(s, QStringLiteral("time"), QDir(dir).filePath(QStringLiteral("time.svg")), {}),
                 QString());
    }
};

QTEST_MAIN(ExportTest)
#include "export_test.moc"
