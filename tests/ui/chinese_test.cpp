// The Simplified Chinese interface: with trainledger_zh_CN.qm loaded, walk every widget, menu, action, tooltip,
// tab, dock, table header and chart (title, axis titles, legend) of the main window on each tab, and of the Compare
// window and the calibrate dialog, and fail on any text left in English. Numbers, units (GB, GiB, days, tokens/s...),
// key names (parallel.dp), model and GPU names and the field's acronyms (TP, ZeRO, MFU...) are allowed; unit words
// after a figure (days, hours, GPU-hours) are not. The engine's errors and warnings (the verdict's note lines, the
// panel's error lines) are checked on scenarios that raise them, and every template the engine has is checked on its
// own. Also: View > Language switches without a restart and back. Offscreen.

#include "../engine/random_scenarios.h"
#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/layoutplanner.h"
#include "engine/ledgerfields.h"
#include "engine/messages.h"
#include "engine/presets.h"
#include "io/archive.h"
#include "io/atomicfile.h"
#include "io/calibrationruns.h"
#include "io/lessons.h"
#include "tests/ui/scripteddialogs.h"
#include "ui/accuracy/calibratedialog.h"
#include "ui/compare/comparewindow.h"
#include "ui/controller.h"
#include "ui/explain/explaindialog.h"
#include "ui/i18n/enginetext.h"
#include "ui/i18n/language.h"
#include "ui/lessons/lessonplayer.h"
#include "ui/mainwindow.h"
#include "ui/planner/planmodel.h"
#include "ui/planner/plannertab.h"
#include "ui/views/plot.h"
#include "ui/views/textline.h"
#include "ui/views/timeview.h"

#include <QAbstractButton>
#include <QAbstractItemModel>
#include <QAbstractItemView>
#include <QAction>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLegendMarker>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPointer>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <set>
#include <tuple>

using namespace tl;

namespace {

// Words that stay as they are in a Chinese text: units, acronyms, names.
QSet<QString> allowedWords() {
    QSet<QString> words;
    for (const char* w :
         {"GB", "GiB", "MB", "MiB", "TB", "KB", "GPU", "GPUs", "TFLOP", "TFLOPs", "FLOPs", "FLOP", "GFLOPs", "PFLOPs",
          "EFLOPs", "MFU", "HFU", "TP", "PP", "DP", "CP", "EP", "SP", "ZeRO", "FSDP", "GPipe", "F1B", "ZB", "BF", "FP",
          "bf", "fp", "Adam", "AdamW", "SGD", "Adafactor", "SwiGLU", "LM", "MoE", "NVLink", "HBM", "CUDA", "NCCL",
          "Megatron", "DeepSpeed", "TrainLedger", "NVIDIA", "AMD", "SXM", "PCIe", "RTX", "PRO", "Chinchilla", "Kaplan",
          "tokens", "token", "FLOPs/token", "B/param", "param", "ms", "JSON", "CSV", "PNG", "SVG", "PDF", "MD",
          "Markdown", "Ctrl", "Shift", "Alt", "TB/s", "GB/s", "Gb/s", "QK", "AV", "RoPE", "KV", "MLP", "FlashAttention",
          "Flash", "ND", "N", "D", "s", "x", "e", "NVMe", "CPU", "RAM", "OK", "Qwen", "Llama", "Mixtral", "GPT",
          "DeepSeek", "English", "GiB/s", "Untitled.trainledger", "trainledger", "deb", "Linguist", "PaLM", "Dao",
          "Korthikanti", // authors of the cited papers
          "Narayanan", "Chowdhery", "cuBLAS", "GEMM", "A", "B", "C", "E", "T", "M", "k", "K", "usd", "USD", "MI",
          "nvidia-smi", "GeLU", "nat", "Besiroglu", "all-reduce", "reduce-scatter", "MIN", "MAX", "gpus",
          "budget", // the option --budget a tooltip names
          "Hoffmann", "PF-day", "PyTorch", "logits", "Transformer", "all-gather", "ceil", "null", "rank", "dropout",
          "softmax", "tp", "pp", "dp", "cp", "ep", "mfu", "hfu", "RL", "X",
          "all-to-all", // issue 22: expert parallelism, latent attention, multi-token prediction
          "ETP", "etp", "top-k", "MLA", "MTP", "Megatron-Core",
          // Training stacks named by the published runs the step model is checked on.
          "Megatron-Bridge", "torchtitan", "DeepEP", "arXiv",
          // issue 24: the frameworks and file formats a user imports and exports
          "Hugging", "Face", "TOML", "toml", "json", "sh",
          // issues 25 and 26: the checkpoint-interval authors, the fine-tuning methods and the 4-bit format
          "Young", "Daly", "Dubey", "Hu", "Dettmers", "goodput", "sqrt", "LoRA", "QLoRA", "NF",
          // issue 23: io's sentences quote the options, flags, fields and values of the files a user opens or
          // imports as they are written ("trainledger-cli --import", Megatron-LM's --swiglu, "format", true), and the
          // names of encodings and archive checks (UTF-8, zip, CRC), and the columns of a runs CSV ("scenario")
          "cli", "import", "set", "format", "version", "true", "false", "UTF", "zip", "CRC", "torchrun", "nnodes",
          "nproc-per-node", "swiglu", "disable-bias-linear", "moe-layer-freq", "recompute-granularity", "vocab-size",
          "LayerNorm", "Interleaved", "scenario",
          "calibrate"}) // the option trainledger-cli --calibrate the calibrate dialog names
        words.insert(QString::fromLatin1(w));
    // Keys without a dot ("title", "notes") stay in tooltips as every key does; Chinese technical text keeps
    // "Token" and "FlashAttention" as they are.
    for (const char* w : {"Token", "FlashAttention"})
        words.insert(QString::fromLatin1(w));
    for (const engine::Field& f : engine::scenarioFields())
        if (!QString::fromLatin1(f.key).contains(QLatin1Char('.')))
            words.insert(QString::fromLatin1(f.key));
    // Choice values are key values ("full", "1f1b"); one with an underscore ("per_op") is an identifier the text
    // filter drops whole, so its parts ("per") are not allowed words.
    for (const engine::Field& f : engine::scenarioFields())
        for (const std::string& c : f.choices)
            if (c.find('_') == std::string::npos)
                for (const QString& w :
                     QString::fromStdString(c).split(QRegularExpression(QStringLiteral("[^A-Za-z]+"))))
                    words.insert(w);
    for (const auto& p : engine::modelPresets())
        for (const QString& w : QString::fromStdString(p.name).split(QRegularExpression(QStringLiteral("[^A-Za-z]+"))))
            words.insert(w);
    for (const auto& p : engine::gpuPresets())
        for (const QString& w : QString::fromStdString(p.name).split(QRegularExpression(QStringLiteral("[^A-Za-z]+"))))
            words.insert(w);
    return words;
}

// The English words of a text, after dropping markup, key names (a.b), file names and allowed words.
QStringList englishWords(QString text) {
    static const QSet<QString> allowed = allowedWords();
    text.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
    text.remove(QRegularExpression(QStringLiteral("&[a-z]+;")));
    text.remove(
        QRegularExpression(QStringLiteral("[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*/[A-Za-z0-9_-]+\\.[a-z]+"))); // paths
    text.remove(QRegularExpression(QStringLiteral("[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)+"))); // keys, files, numbers
    text.remove(
        QRegularExpression(QStringLiteral("\\b[A-Za-z0-9]+_[A-Za-z0-9_]+\\b"))); // identifiers: seq_len, head_dim
    text.remove(QRegularExpression(QStringLiteral("\\(&[A-Za-z]\\)")));          // mnemonics "(&F)"
    text.remove(QLatin1Char('&'));
    QStringList found;
    const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z/-]*[A-Za-z]|[A-Za-z]"));
    for (auto it = word.globalMatch(text); it.hasNext();) {
        const QString w = it.next().captured(0);
        if (allowed.contains(w))
            continue;
        bool partsAllowed = true; // "GPU-hours", "tokens/s"
        for (const QString& part : w.split(QRegularExpression(QStringLiteral("[/-]")), Qt::SkipEmptyParts))
            partsAllowed = partsAllowed && (allowed.contains(part) || part.size() == 1);
        if (!partsAllowed)
            found << w;
    }
    return found;
}

// The Chinese characters of a text (an English window has none but the language's own name and the 中 button).
QStringList chineseWords(QString text) {
    QStringList found;
    static const QRegularExpression han(QStringLiteral("[\\x{3000}-\\x{303f}\\x{4e00}-\\x{9fff}\\x{ff00}-\\x{ffef}]+"));
    for (auto it = han.globalMatch(text); it.hasNext();)
        if (const QString w = it.next().captured(0); w != QStringLiteral("简体中文") && w != QStringLiteral("中"))
            found << w;
    return found;
}

class Walker {
public:
    QStringList problems;
    QStringList (*find)(QString) = englishWords; // what must not be left
    QStringList skip;                            // object names not walked
    void check(const QString& where, const QString& text) {
        if (text.trimmed().isEmpty())
            return;
        const QStringList words = find(text);
        if (!words.isEmpty())
            problems << QStringLiteral("%1: \"%2\" (%3)").arg(where, text.left(160), words.join(QLatin1Char(' ')));
    }
    void menu(QMenu* m, const QString& path) {
        check(path, m->title());
        for (QAction* a : m->actions()) {
            if (a->isSeparator())
                continue;
            const QString here = path + QStringLiteral(" > ") + a->text();
            if (a->menu()) {
                menu(a->menu(), here);
                continue;
            }
            if (a->objectName().startsWith(QLatin1String("language:")) || skip.contains(a->objectName()) ||
                a->objectName().startsWith(QLatin1String("newPreset:")) || a->data().isValid())
                continue; // language names in their own script, preset names, recent file names
            check(here, a->text());
            if (a->toolTip() != QString(a->text()).remove(QLatin1Char('&')))
                check(here + QStringLiteral(" (tooltip)"), a->toolTip());
        }
    }
    void chart(QChart* c, const QString& where) {
        check(where + QStringLiteral(" title"), c->title());
        for (QAbstractAxis* axis : c->axes())
            check(where + QStringLiteral(" axis"), axis->titleText());
        for (QLegendMarker* marker : c->legend()->markers())
            if (marker->isVisible())
                check(where + QStringLiteral(" legend"), marker->label());
        for (QGraphicsItem* item : c->childItems()) // callouts and bar totals drawn on the chart
            text(item, where + QStringLiteral(" item"));
    }
    void text(QGraphicsItem* item, const QString& where) {
        if (!item->isVisible())
            return;
        if (auto* t = dynamic_cast<QGraphicsSimpleTextItem*>(item))
            check(where, t->text());
        if (auto* t = dynamic_cast<QGraphicsTextItem*>(item))
            check(where, t->toPlainText());
        for (QGraphicsItem* child : item->childItems())
            text(child, where);
    }
    void widgets(QWidget* root) {
        for (QWidget* w : root->findChildren<QWidget*>()) {
            if (!w->isVisibleTo(root) && !qobject_cast<QMenu*>(w))
                continue;
            if (skip.contains(w->objectName()))
                continue;
            const QString where =
                QStringLiteral("%1 %2").arg(QString::fromLatin1(w->metaObject()->className()), w->objectName());
            check(where + QStringLiteral(" tooltip"), w->toolTip());
            if (auto* l = qobject_cast<QLabel*>(w))
                check(where, l->text());
            if (auto* l = qobject_cast<ui::TextLine*>(w)) // the verdict's lines: headlines, plan, notes
                check(where, l->text());
            if (auto* b = qobject_cast<QAbstractButton*>(w))
                check(where, b->text());
            if (auto* g = qobject_cast<QGroupBox*>(w))
                check(where, g->title());
            if (auto* d = qobject_cast<QDockWidget*>(w))
                check(where, d->windowTitle());
            if (auto* e = qobject_cast<QLineEdit*>(w))
                check(where + QStringLiteral(" placeholder"), e->placeholderText());
            if (auto* t = qobject_cast<QTabWidget*>(w))
                for (int i = 0; i < t->count(); ++i) {
                    check(where + QStringLiteral(" tab"), t->tabText(i));
                    check(where + QStringLiteral(" tab tooltip"), t->tabToolTip(i));
                }
            if (auto* v = qobject_cast<QChartView*>(w))
                chart(v->chart(), where);
            if (auto* p = qobject_cast<ui::Plot*>(w)) {
                check(where + QStringLiteral(" title"), p->title());
                check(where + QStringLiteral(" x axis"), p->xAxis().title);
                check(where + QStringLiteral(" y axis"), p->yAxis().title);
                for (const ui::Plot::Callout& c : p->callouts())
                    check(where + QStringLiteral(" callout"), c.text);
            }
            if (auto* view = qobject_cast<QAbstractItemView*>(w); view && view->model()) {
                QAbstractItemModel* m = view->model();
                for (int c = 0; c < m->columnCount(); ++c)
                    check(where + QStringLiteral(" header"), m->headerData(c, Qt::Horizontal).toString());
                if (qobject_cast<QTableView*>(w) && w->objectName() == QLatin1String("ledgerTable"))
                    for (int r = 0; r < m->rowCount(); ++r) {
                        check(where + QStringLiteral(" label"), m->index(r, 0).data().toString());
                        check(where + QStringLiteral(" help"), m->index(r, 0).data(Qt::ToolTipRole).toString());
                        for (int c = 1; c < m->columnCount(); ++c) // values with their units ("77.0 days", "yes")
                            check(where + QStringLiteral(" value"), m->index(r, c).data().toString());
                    }
                if (w->objectName() == QLatin1String("compareTable")) // each side's values and B - A ("19.3 days")
                    for (int r = 0; r < m->rowCount(); ++r)
                        for (int c = 0; c < m->columnCount(); ++c)
                            check(where + QStringLiteral(" cell"), m->index(r, c).data().toString());
            }
        }
    }
};

void settle() {
    for (int i = 0; i < 5; ++i)
        QCoreApplication::processEvents();
}

} // namespace

class ChineseTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY2(ui::Language::apply(QStringLiteral("zh_CN")), "trainledger_zh_CN.qm not found"); }
    void cleanupTestCase() { ui::Language::apply(QStringLiteral("en")); }

    void mainWindowHasNoEnglishLeft() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.setAttribute(Qt::WA_DontShowOnScreen);
        window.resize(1600, 1000);
        window.show();
        settle();
        Walker walk;
        walk.check(QStringLiteral("window title"), window.windowTitle());
        for (QMenu* m : window.menuBar()->findChildren<QMenu*>(Qt::FindDirectChildrenOnly))
            walk.menu(m, QStringLiteral("menu"));
        for (int tab = 0; tab < window.tabs()->count(); ++tab) {
            window.tabs()->setCurrentIndex(tab);
            settle();
            walk.widgets(&window);
        }
        walk.problems.removeDuplicates();
        QVERIFY2(walk.problems.isEmpty(), qPrintable(QStringLiteral("\n") + walk.problems.join(QLatin1Char('\n'))));
    }

    // The engine's warnings and errors as the window shows them: in the banner's note lines, beside the control, in
    // the tooltip of the last note line. Each scenario raises a few at once.
    void errorsAndWarningsAreChinese() {
        const std::vector<std::vector<ui::Controller::Assignment>> warnings = {
            {{"parallel.zero", 3.0}, {"parallel.dp", 64.0}, {"offload.optimizer", std::string("cpu")}},
            {{"efficiency.mfu", 0.9}, {"model.params", 2e9}},
            {{"parallel.pp", 4.0}, {"data.global_batch", 16.0}, {"parallel.dp", 8.0}},
            {{"model.kv_heads", 32.0}, {"parallel.tp", 16.0}, {"parallel.cp", 2.0}},
            {{"precision.master", std::string("none")}, {"data.global_batch", 96.0}},
            {{"efficiency.mode", std::string("derived")},
             {"parallel.pp", 4.0},
             {"parallel.zero", 3.0},
             {"parallel.dp", 16.0},
             {"data.global_batch", 64.0}}, // the time card names the step's parts
        };
        const std::vector<ui::Controller::Assignment> errors = {
            {"parallel.tp", 3.0},
            {"parallel.pp", 99.0},
            {"data.micro_batch", 7.0},
            {"parallel.dp", 7.0},
            {"schedule.reserve_days", 40.0},
            {"parallel.virtual_stages", 2.0},
            {"efficiency.mfu", 2.0},
            {"parallel.cp", 3.0},
            {"data.documents", std::vector<int>{10, 20}},
            {"model.kv_heads", 5.0},
        };
        int notes = 0, refused = 0;
        for (const auto& step : warnings) {
            ui::Controller controller;
            ui::MainWindow window(&controller, ui::MainWindow::Options{false});
            window.setAttribute(Qt::WA_DontShowOnScreen);
            window.resize(1600, 1000);
            window.show();
            QVERIFY(controller.setValues(step));
            settle();
            QVERIFY2(!controller.evaluation().ledger.warnings.empty(), step.front().first.c_str());
            notes += int(controller.evaluation().ledger.warnings.size());
            Walker walk;
            walk.widgets(&window);
            for (const auto& e : errors) { // a refused edit on top: the error line and the panel's
                if (!controller.setValue(e.first, e.second))
                    ++refused;
                settle();
                walk.widgets(&window);
            }
            walk.problems.removeDuplicates();
            QVERIFY2(walk.problems.isEmpty(), qPrintable(QStringLiteral("\n") + walk.problems.join(QLatin1Char('\n'))));
        }
        QVERIFY(notes >= 8);
        QCOMPARE(refused, int(warnings.size() * errors.size()));
    }

    // Every template, filled with keys and numbers, reads as Chinese.
    void everyEngineMessageIsTranslated() {
        Walker walk;
        for (int id = 0; id < int(engine::Msg::Count); ++id) {
            engine::Diagnostic d{"parallel.tp", "parallel.tp", engine::Msg(id), {}};
            for (int i = 0; i < 6; ++i)
                d.args.push_back(i % 2 ? engine::MessageArg::ofRounded(8.0 * i)
                                       : engine::MessageArg::ofKey(i ? "data.global_batch" : "parallel.tp"));
            if (d.id == engine::Msg::UnknownKey || d.id == engine::Msg::WrongTypeBool)
                continue; // only from a file or --set: "trainledger-cli --schema", "true or false" stay as typed
            if (d.id == engine::Msg::CurveStepTp || d.id == engine::Msg::CurveStepPp)
                continue; // "TP 16" reads the same in both languages
            const QString zh = ui::diagnosticText(d);
            QVERIFY(zh != QString::fromStdString(d.message()));
            walk.check(QString::fromLatin1(engine::messageTemplate(d.id)), zh);
            QVERIFY2(!zh.contains(QLatin1String("parallel.tp")), qPrintable(zh)); // keys show as labels
        }
        for (const char* pattern : engine::valueTemplates()) {
            const QString zh = ui::engineText(pattern);
            walk.check(QString::fromLatin1(pattern), QString(zh).replace(QLatin1String("%1"), QLatin1String("7")));
        }
        QVERIFY2(walk.problems.isEmpty(), qPrintable(QStringLiteral("\n") + walk.problems.join(QLatin1Char('\n'))));
        // Beside its own control the sentence drops the key it is about.
        const engine::Ledger l = engine::evaluate([] {
            engine::Scenario s;
            s.parallel.pp = 99;
            return s;
        }());
        QVERIFY(!l.errors.empty());
        const QString full = ui::diagnosticText(l.errors.front()), beside = ui::diagnosticText(l.errors.front(), true);
        QVERIFY2(full.endsWith(beside) && beside.size() < full.size() && beside.startsWith(QStringLiteral("不允许")),
                 qPrintable(full + QStringLiteral(" / ") + beside));
    }

    // The days curve beyond dp's replica limit: its note (which model-parallel step or batch continues it) in the
    // time view's caption, and the best-layout reasons for counts where no layout fits.
    void timeViewCurveNoteIsChinese() {
        const std::vector<ui::Controller::Assignment> bigRun = {{"model.preset", std::string("llama3-70b")},
                                                                {"hardware.preset", std::string("h100-sxm")},
                                                                {"data.tokens", 2e12},
                                                                {"schedule.deadline_days", 60.0}};
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.setAttribute(Qt::WA_DontShowOnScreen);
        window.resize(1600, 1000);
        window.show();
        QVERIFY(controller.setValues(bigRun));
        QVERIFY2(!controller.evaluation().curveNote.empty(), "this scenario's curve goes beyond dp alone");
        for (int tab = 0; tab < window.tabs()->count(); ++tab)
            if (window.tabs()->widget(tab)->findChild<ui::TextLine*>(QStringLiteral("timeCaption")))
                window.tabs()->setCurrentIndex(tab);
        settle();
        auto* caption = window.findChild<ui::TextLine*>(QStringLiteral("timeCaption"));
        QVERIFY(caption && caption->isVisibleTo(&window));
        QVERIFY2(caption->text().contains(ui::diagnosticText(controller.evaluation().curveNote)),
                 qPrintable(caption->text()));
        Walker walk;
        walk.widgets(&window);
        const QString dir = qEnvironmentVariable("TL_SCREENSHOT_DIR", QDir::tempPath());
        QVERIFY(window.grab().save(QDir(dir).filePath(QStringLiteral("trainledger-time-note-zh_CN.png"))));
        // Every way the note can end: TP, PP and a larger batch, in lists of one to three steps.
        for (const char* preset : {"llama3-70b", "llama3.1-405b", "qwen3-8b"})
            for (double batch : {64.0, 512.0}) {
                engine::Scenario s = controller.scenario();
                engine::setField(s, "model.preset", std::string(preset));
                engine::setField(s, "data.global_batch", batch);
                const engine::Evaluation e = engine::evaluateAll(s);
                if (!e.curveNote.empty())
                    walk.check(QString::fromStdString(e.curveNote.message()), ui::diagnosticText(e.curveNote));
            }
        // The tooltips' "Best layout: none; <reason>" for counts no layout fits, nor uses.
        engine::PlanRequest req;
        req.threads = 1;
        engine::Scenario huge = controller.scenario();
        engine::setField(huge, "model.preset", std::string("llama3.1-405b"));
        const engine::CurveResult r = engine::bestLayoutCurve(huge, {{8, 0}, {5128, 0}, {0, 0}}, req);
        QCOMPARE(r.points.size(), size_t(3));
        for (const auto& b : r.points) {
            QVERIFY2(!b.found && !b.reason.empty(), qPrintable(QString::number(b.gpus)));
            walk.check(QString::fromStdString(b.reason.message()), ui::diagnosticText(b.reason));
        }
        walk.problems.removeDuplicates();
        QVERIFY2(walk.problems.isEmpty(), qPrintable(QStringLiteral("\n") + walk.problems.join(QLatin1Char('\n'))));
    }

    // The planner window: its table (layouts, bottlenecks), the reason it found no plan, the GPU field's error.
    void plannerReasonsAreChinese() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.setAttribute(Qt::WA_DontShowOnScreen);
        window.resize(1600, 1000);
        window.show();
        auto* tab = window.findChild<ui::PlannerTab*>();
        QVERIFY(tab);
        window.tabs()->setCurrentIndex(window.tabs()->indexOf(tab));
        auto* gpus = tab->findChild<QLineEdit*>(QStringLiteral("plannerGpus"));
        auto* status = tab->findChild<QLabel*>(QStringLiteral("plannerStatus"));
        auto* table = tab->findChild<QTableView*>(QStringLiteral("plannerTable"));
        QVERIFY(gpus && status && table);
        Walker walk;
        int shot = 0;
        auto plan = [&](const std::vector<ui::Controller::Assignment>& values, const QString& count) {
            QVERIFY(controller.setValues(values));
            gpus->setText(count);
            QSignalSpy spy(tab, &ui::PlannerTab::finished);
            QVERIFY(tab->plan());
            QVERIFY(spy.wait(120000));
            settle();
            walk.widgets(tab);
            const QString dir = qEnvironmentVariable("TL_SCREENSHOT_DIR", QDir::tempPath());
            QVERIFY(
                window.grab().save(QDir(dir).filePath(QStringLiteral("trainledger-planner-%1-zh_CN.png").arg(++shot))));
            const QAbstractItemModel* m = table->model();
            for (int r = 0; r < m->rowCount(); ++r)
                for (int c = 0; c < m->columnCount(); ++c) {
                    walk.check(QStringLiteral("planner cell"), m->index(r, c).data().toString());
                    walk.check(QStringLiteral("planner tooltip"), m->index(r, c).data(Qt::ToolTipRole).toString());
                }
        };
        const std::vector<ui::Controller::Assignment> big = {{"model.preset", std::string("llama3-70b")},
                                                             {"parallel.tp", 8.0},
                                                             {"parallel.dp", 1.0},
                                                             {"data.global_batch", 64.0}};
        plan(big, QStringLiteral("16:64")); // plans: the table's layouts and bottlenecks
        QVERIFY(table->model()->rowCount() > 0);
        plan(big, QStringLiteral("5128")); // no layout uses the count: the nearest that do
        QVERIFY(status->text().contains(QStringLiteral("5,120")));
        plan({{"model.preset", std::string("llama3.1-405b")}}, QStringLiteral("8")); // the state alone is too large
        tab->findChild<QComboBox*>(QStringLiteral("plannerObjective"))->setCurrentIndex(1); // cheapest in time
        plan({{"model.preset", std::string("llama3-70b")},
              {"schedule.reserve_days", 0.0},
              {"schedule.deadline_days", 1.0}},
             QStringLiteral("64")); // none finishes in time
        QCOMPARE(table->model()->rowCount(), 0);
        gpus->setText(QStringLiteral("8:x")); // the field's own error
        QVERIFY(!tab->plan());
        walk.widgets(tab);
        walk.problems.removeDuplicates();
        QVERIFY2(walk.problems.isEmpty(), qPrintable(QStringLiteral("\n") + walk.problems.join(QLatin1Char('\n'))));
        // And each no-plan sentence the planner can say, through its own request.
        engine::PlanRequest req;
        req.threads = 1;
        engine::Scenario s; // the built-in scenario, as trainledger-cli --plan starts from
        std::set<engine::Msg> reasons;
        const std::string b70 = "llama3-70b", b405 = "llama3.1-405b";
        for (const auto& [preset, lo, hi, across, headroom] :
             {std::tuple{b70, 5128LL, 5128LL, false, 0.0}, std::tuple{b70, 5128LL, 5128LL, true, 0.1},
              std::tuple{b70, 5121LL, 5127LL, false, 0.0}, std::tuple{b70, 5121LL, 5127LL, true, 0.0},
              std::tuple{b405, 1LL, 7LL, false, 0.0}, std::tuple{b405, 1LL, 8LL, false, 0.2},
              std::tuple{b405, 85LL, 85LL, false, 0.0}}) {
            req.minGpus = lo;
            req.maxGpus = hi;
            req.tpAcrossNodes = across;
            req.headroom = headroom;
            engine::setField(s, "model.preset", preset);
            const engine::PlanResult r = engine::planLayouts(s, req);
            QVERIFY2(!r.reason.empty(), qPrintable(QStringLiteral("%1:%2").arg(lo).arg(hi)));
            walk.check(QString::fromStdString(r.reason.message()), ui::diagnosticText(r.reason));
            reasons.insert(r.reason.id);
        }
        QVERIFY2(reasons.size() >= 6, "the cases cover the planner's sentences");
        walk.problems.removeDuplicates();
        QVERIFY2(walk.problems.isEmpty(), qPrintable(QStringLiteral("\n") + walk.problems.join(QLatin1Char('\n'))));
    }

    void compareWindowHasNoEnglishLeft() {
        ui::CompareWindow w;
        ui::CompareSide a, b;
        a.name = QStringLiteral("a.trainledger");
        b.name = QStringLiteral("b.trainledger");
        b.scenario.parallel.dp = 16;
        b.modified = true;
        w.setSides(a, b);
        w.setAttribute(Qt::WA_DontShowOnScreen);
        w.show();
        settle();
        Walker walk;
        walk.check(QStringLiteral("compare title"), w.windowTitle());
        walk.widgets(&w);
        walk.problems.removeDuplicates();
        QVERIFY2(walk.problems.isEmpty(), qPrintable(QStringLiteral("\n") + walk.problems.join(QLatin1Char('\n'))));
    }

    // Every ledger key's explanation (issue 14: "lessons and explanations in both languages"): its meanings, units,
    // source, note and result in Chinese. Formulas, symbols and values are in <tt> and stay as they are.
    void explanationsHaveNoEnglishLeft() {
        std::vector<engine::Scenario> scenarios = {engine::Scenario{}};
        tl::test::RandomScenarios gen(14);
        while (scenarios.size() < 60) {
            const engine::Scenario s = gen.next();
            if (engine::evaluate(s).valid)
                scenarios.push_back(s);
        }
        Walker w;
        for (size_t i = 0; i < scenarios.size(); ++i)
            for (const auto& f : engine::ledgerFields()) {
                QString html = ui::ExplainDialog::html(scenarios[i], QString::fromUtf8(f.key));
                QVERIFY2(!html.isEmpty(), f.key);
                html.remove(QRegularExpression(QStringLiteral("<tt>.*?</tt>")));
                html.replace(QRegularExpression(QStringLiteral("<[^>]*>")), QStringLiteral(" "));
                w.check(QStringLiteral("scenario %1, %2").arg(i).arg(QString::fromUtf8(f.key)), html);
            }
        w.problems.removeDuplicates();
        QVERIFY2(w.problems.isEmpty(), qPrintable(w.problems.mid(0, 60).join(QLatin1Char('\n'))));
    }

    // Issue 28: View > Language > 简体中文 chosen with the mouse (the menu that was clicked stays alive: nothing is
    // rebuilt) and English chosen again with the keyboard; every widget retranslates in place and keeps its state: the
    // scenario, the tab, the window's maximized state, the lesson step, the planner's results and the Best layout box.
    void theLanguageMenuRetranslatesInPlace() {
        QVERIFY(ui::Language::apply(QStringLiteral("en")));
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.showMaximized();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        settle();
        QVERIFY(controller.setValue("parallel.dp", 16.0));
        window.findChild<QAction*>(QStringLiteral("lessonsAction"))->trigger();
        ui::LessonPlayer* player = window.classroom().player;
        player->setLesson(1);
        player->setStep(2);
        auto* time = window.view<ui::TimeView>();
        time->setBestLayoutShown(true);
        auto* planner = window.view<ui::PlannerTab>();
        planner->gpusEdit()->setText(QStringLiteral("8"));
        QSignalSpy planned(planner, &ui::PlannerTab::finished);
        QVERIFY(planner->plan());
        QVERIFY(planned.wait(60000));
        const int plans = planner->model()->rowCount();
        QVERIFY(plans > 0);
        window.tabs()->setCurrentWidget(planner);
        const int tab = window.tabs()->currentIndex();
        const engine::Scenario scenario = controller.scenario();
        const int undo = controller.undoStack()->count();
        const QPointer<QMenu> viewMenu = window.findChild<QMenu*>(QStringLiteral("viewMenu"));
        const QPointer<QMenu> languageMenu = window.findChild<QMenu*>(QStringLiteral("languageMenu"));

        // With the mouse: the menu bar's View, the Language submenu, then 简体中文.
        QMenuBar* bar = window.menuBar();
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->actionGeometry(viewMenu->menuAction()).center());
        QTRY_VERIFY(viewMenu->isVisible());
        QTest::mouseClick(viewMenu, Qt::LeftButton, {}, viewMenu->actionGeometry(languageMenu->menuAction()).center());
        QTRY_VERIFY(languageMenu->isVisible());
        QAction* zh = window.findChild<QAction*>(QStringLiteral("language:zh_CN"));
        QTest::mouseClick(languageMenu, Qt::LeftButton, {}, languageMenu->actionGeometry(zh).center());
        settle();
        QCOMPARE(ui::Language::current(), QStringLiteral("zh_CN"));
        QVERIFY(viewMenu && languageMenu); // the menus the click went through were not rebuilt

        const auto kept = [&] {
            QVERIFY(controller.scenario() == scenario);
            QCOMPARE(controller.undoStack()->count(), undo);
            QCOMPARE(window.tabs()->currentIndex(), tab);
            QVERIFY(window.isMaximized());
            QCOMPARE(player->lessonIndex(), 1);
            QCOMPARE(player->stepIndex(), 2);
            QCOMPARE(planner->model()->rowCount(), plans);
            QVERIFY(time->bestLayoutShown());
            QCOMPARE(window.view<ui::TimeView>(), time); // the same widgets, not new ones
        };
        kept();
        // Edit > Undo and Redo follow the language too (the undo stack's own actions kept the prefix they were made
        // with); the command after the prefix is written in the language of the edit.
        QVERIFY(window.findChild<QAction*>(QStringLiteral("undoAction"))->text().startsWith(QStringLiteral("撤销")));
        QVERIFY(window.findChild<QAction*>(QStringLiteral("redoAction"))->text().startsWith(QStringLiteral("重做")));
        QVERIFY(player->stepText().contains(io::builtInLessons()[1].steps[2].title.in(QStringLiteral("zh"))));
        // Nothing is left in English: the same walk as a window started in Chinese (the 中 / EN button names the other
        // language; the undo stack's command texts are written when each edit is made).
        Walker walk;
        walk.skip = {QStringLiteral("lessonLanguage"), QStringLiteral("undoAction"), QStringLiteral("redoAction")};
        walk.check(QStringLiteral("window title"), window.windowTitle());
        for (QMenu* m : window.menuBar()->findChildren<QMenu*>(Qt::FindDirectChildrenOnly))
            walk.menu(m, QStringLiteral("menu"));
        for (int i = 0; i < window.tabs()->count(); ++i) {
            window.tabs()->setCurrentIndex(i);
            settle();
            walk.widgets(&window);
        }
        walk.problems.removeDuplicates();
        QVERIFY2(walk.problems.isEmpty(), qPrintable(QStringLiteral("\n") + walk.problems.join(QLatin1Char('\n'))));
        window.tabs()->setCurrentIndex(tab);

        // With the keyboard: Alt+V, L for Language, down to English, Return.
        QTest::keyClick(&window, Qt::Key_V, Qt::AltModifier);
        QTRY_VERIFY(viewMenu->isVisible());
        QTest::keyClick(viewMenu, Qt::Key_L);
        QTRY_VERIFY(languageMenu->isVisible());
        QAction* en = window.findChild<QAction*>(QStringLiteral("language:en"));
        for (int i = 0; i < 5 && languageMenu->activeAction() != en; ++i)
            QTest::keyClick(languageMenu, Qt::Key_Down);
        QCOMPARE(languageMenu->activeAction(), en);
        QTest::keyClick(languageMenu, Qt::Key_Return);
        settle();
        QCOMPARE(ui::Language::current(), QStringLiteral("en"));
        kept();
        QCOMPARE(window.fileMenu()->title(), QStringLiteral("&File"));
        Walker english;
        english.find = chineseWords;
        english.skip = walk.skip;
        for (QMenu* m : window.menuBar()->findChildren<QMenu*>(Qt::FindDirectChildrenOnly))
            english.menu(m, QStringLiteral("menu"));
        for (int i = 0; i < window.tabs()->count(); ++i) {
            window.tabs()->setCurrentIndex(i);
            settle();
            english.widgets(&window);
        }
        english.problems.removeDuplicates();
        QVERIFY2(english.problems.isEmpty(),
                 qPrintable(QStringLiteral("\n") + english.problems.join(QLatin1Char('\n'))));
        QVERIFY(ui::Language::apply(QStringLiteral("zh_CN"))); // as the other tests expect
        settle();
    }

    // Files in the Chinese window, through the File menu as a user goes: opening someone's config.json is refused
    // naming the menu item to use, importing a Hugging Face config and a torchtitan TOML sums up what was set and
    // what was passed over, and a save into a missing folder says why - all in Chinese (io's sentences are engine
    // message ids, engine/messages.h). Without a translator (the CLI) the same ids read in English, as before.
    void filesAndImportsSpeakChinese() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString hf = dir.filePath(QStringLiteral("config.json")), titan = dir.filePath(QStringLiteral("t.toml"));
        QVERIFY(QFile::copy(QStringLiteral(TL_SOURCE_DIR "/tests/io/configs/hf/qwen1.5-moe-a2.7b.json"), hf));
        QVERIFY(QFile::copy(QStringLiteral(TL_SOURCE_DIR "/tests/io/configs/torchtitan/llama3_8b.toml"), titan));
        ui::Controller controller;
        test::ScriptedDialogs dialogs;
        ui::MainWindow::Options options;
        options.useSettings = false;
        options.dialogs = &dialogs;
        ui::MainWindow window(&controller, options);
        window.setAttribute(Qt::WA_DontShowOnScreen);
        window.show();
        const auto trigger = [&window](const char* name) {
            QAction* a = window.findChild<QAction*>(QLatin1String(name));
            QVERIFY2(a, name);
            a->trigger();
        };
        Walker walk;

        dialogs.openNames << hf;
        trigger("openAction");
        QCOMPARE(dialogs.errors.size(), 1);
        const QString refusal = dialogs.errors.front();
        QVERIFY2(refusal.contains(QStringLiteral("这不是 TrainLedger 场景，而是一个 Hugging Face 模型配置")) &&
                     refusal.contains(QStringLiteral("请用 文件 > 导入模型…")),
                 qPrintable(refusal));
        walk.check(QStringLiteral("File > Open config.json"), refusal);
        QCOMPARE(
            QString::fromStdString(io::loadScenarioFile(hf).error.message()),
            QStringLiteral("this is not a TrainLedger scenario but a Hugging Face model config (model_type "
                           "\"qwen2_moe\"): use File > Import Model\u2026 (trainledger-cli --import FILE) to bring "
                           "it in"));

        dialogs.openNames << hf;
        trigger("importModelAction");
        QCOMPARE(dialogs.infos.size(), 1);
        const QString model = dialogs.infos.front();
        QVERIFY2(
            model.contains(QStringLiteral("已从“config.json”导入一个 Hugging Face 模型配置（model_type "
                                          "\"qwen2_moe\"）")) &&
                model.contains(QStringLiteral("设置 model.layers = 24（num_hidden_layers）")) &&
                model.contains(QStringLiteral("忽略 shared_expert_gate：每层一个 hidden_size 长的权重向量：未计入")),
            qPrintable(model));
        // The summary is the window's; the detail lines quote the file's own fields and values as they are.
        walk.check(QStringLiteral("File > Import Model"), model.section(QLatin1Char('\n'), 0, 1));

        dialogs.saveChoices << ui::Dialogs::SaveChoice::Discard;
        dialogs.openNames << titan;
        trigger("importTrainingAction");
        QCOMPARE(dialogs.infos.size(), 2);
        const QString training = dialogs.infos.back();
        QVERIFY2(training.contains(QStringLiteral("一个 torchtitan TOML 配置")) &&
                     training.contains(QStringLiteral("torchtitan 的张量并行（序列并行的归一化）")),
                 qPrintable(training));
        walk.check(QStringLiteral("File > Import Training Config"), training.section(QLatin1Char('\n'), 0, 1));

        dialogs.saveNames << dir.filePath(QStringLiteral("no_such_folder/plan.trainledger"));
        trigger("saveAsAction");
        QCOMPARE(dialogs.errors.size(), 2);
        QVERIFY2(dialogs.errors.back().contains(QStringLiteral("no_such_folder 不存在")),
                 qPrintable(dialogs.errors.back()));
        walk.check(QStringLiteral("File > Save As"), QString(dialogs.errors.back()).remove(dir.path()));

        // A measured-runs CSV the calibrate dialog refuses (the dialog shows diagnosticText of the same result).
        const QString runs = dir.filePath(QStringLiteral("runs.csv"));
        QVERIFY(!io::writeFileAtomically(runs, "scenario,measured_step_s\nparallel.dp=8,-1\n"));
        std::vector<engine::MeasuredRun> measured;
        const auto refusedRuns = io::readCalibrationRuns(engine::Scenario{}, runs, measured);
        QVERIFY(refusedRuns);
        const QString runsText = ui::diagnosticText(*refusedRuns);
        QVERIFY2(runsText.endsWith(QStringLiteral("第 2 行：measured_step_s：不允许 \"-1\"；允许：大于 0 的秒数")),
                 qPrintable(runsText));
        walk.check(QStringLiteral("Tools > Calibrate runs"), QString(runsText).remove(dir.path()));
        QVERIFY2(walk.problems.isEmpty(), qPrintable(QStringLiteral("\n") + walk.problems.join(QLatin1Char('\n'))));
        QVERIFY2(dialogs.unexpected.isEmpty(), qPrintable(dialogs.unexpected.join(QLatin1Char('|'))));
    }

    // Tools > Calibrate to My Cluster in Chinese: a runs CSV the reader refuses, then runs on another GPU and with a
    // layout the rules refuse. The refusal line, each run's "not used" cell and "Nothing fitted" are Chinese: the
    // engine's reasons are message ids the dialog translates, not English sentences inside a Chinese frame.
    void calibrateDialogSpeaksChinese() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString bad = dir.filePath(QStringLiteral("bad.csv")), runs = dir.filePath(QStringLiteral("runs.csv"));
        QVERIFY(!io::writeFileAtomically(bad, "scenario,measured_step_s\nparallel.dp=8;parallel.tp,2.5\n"));
        QVERIFY(
            !io::writeFileAtomically(runs, "scenario,measured_step_s\nhardware.preset=b200,2.5\nparallel.tp=3,2.5\n"));
        ui::Controller controller;
        test::ScriptedDialogs dialogs;
        ui::MainWindow::Options options;
        options.useSettings = false;
        options.dialogs = &dialogs;
        ui::MainWindow window(&controller, options);
        window.setAttribute(Qt::WA_DontShowOnScreen);
        window.show();
        settle();
        QAction* calibrate = window.findChild<QAction*>(QStringLiteral("calibrateAction"));
        QVERIFY(calibrate);
        calibrate->trigger();
        settle();
        ui::CalibrateDialog* d = nullptr;
        for (auto* c : window.findChildren<ui::CalibrateDialog*>())
            if (c->isVisible())
                d = c;
        QVERIFY(d);
        auto* load = d->findChild<QPushButton*>(QStringLiteral("calibrateLoad"));
        QVERIFY(load);
        Walker walk;

        dialogs.openNames << bad << runs;
        QTest::mouseClick(load, Qt::LeftButton);
        QCOMPARE(d->runCount(), 0);
        const QString refusal = QString(d->problemText()).remove(dir.path());
        QVERIFY2(refusal.endsWith(QStringLiteral("第 2 行：parallel.tp：格式应为 键=值")), qPrintable(refusal));
        walk.check(QStringLiteral("Calibrate: bad.csv"), refusal);

        QTest::mouseClick(load, Qt::LeftButton);
        QCOMPARE(d->runCount(), 2);
        QVERIFY(!d->result().ok);
        const QString otherGpu = d->runsTable()->item(0, 3)->text(), refused = d->runsTable()->item(1, 3)->text();
        QCOMPARE(otherGpu, QStringLiteral("未使用：实测训练在 B200 上，场景在 H100/H200 上：一次只能校准一种硬件"));
        QVERIFY2(refused.startsWith(QStringLiteral("未使用：")), qPrintable(refused));
        walk.check(QStringLiteral("Calibrate: run on B200"), otherGpu);
        walk.check(QStringLiteral("Calibrate: run with tp 3"), refused);
        auto* summary = d->findChild<QLabel*>(QStringLiteral("calibrateSummary"));
        QVERIFY(summary);
        QVERIFY2(summary->text().startsWith(QStringLiteral("未拟合：没有可用的实测训练：实测训练在 B200 上")),
                 qPrintable(summary->text()));
        walk.widgets(d);
        QVERIFY2(walk.problems.isEmpty(), qPrintable(QStringLiteral("\n") + walk.problems.join(QLatin1Char('\n'))));
        QVERIFY2(dialogs.unexpected.isEmpty(), qPrintable(dialogs.unexpected.join(QLatin1Char('|'))));
        d->reject();
    }

    void theDetectorCatchesEnglish() {
        QCOMPARE(englishWords(QStringLiteral("Memory per GPU")),
                 QStringList({QStringLiteral("Memory"), QStringLiteral("per")}));
        QVERIFY(englishWords(QStringLiteral("显存：27.3 GB / 80.0 GB（每 GPU），parallel.dp = 8，19.3 天")).isEmpty());
        QCOMPARE(englishWords(QStringLiteral("19.3 days, 3,698 GPU-hours")),
                 QStringList({QStringLiteral("days"), QStringLiteral("GPU-hours")}));
    }

    void languageSwitchesWithoutRestart() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        controller.setValue("parallel.dp", 16.0);
        const QString zh = window.fileMenu()->title();
        QVERIFY(englishWords(zh).isEmpty());
        window.setLanguage(QStringLiteral("en"));
        QCOMPARE(window.fileMenu()->title(), QStringLiteral("&File"));
        QCOMPARE(controller.scenario().parallel.dp, 16); // the scenario survives the rebuild
        window.setLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(window.fileMenu()->title(), zh);
        QCOMPARE(ui::Language::current(), QStringLiteral("zh_CN"));
    }

    // For people: the Chinese window (TL_SCREENSHOT_DIR, default the temp dir).
    void explanationScreenshot() {
        ui::Controller controller;
        QVERIFY(controller.setValues({{"model.preset", std::string("llama3-70b")},
                                      {"efficiency.mode", std::string("derived")},
                                      {"parallel.tp", 8.0},
                                      {"parallel.pp", 4.0},
                                      {"parallel.dp", 4.0}}));
        ui::ExplainDialog dialog(&controller);
        dialog.setAttribute(Qt::WA_DontShowOnScreen);
        dialog.showKey(QStringLiteral("time.breakdown.tp_comm_s"));
        dialog.show();
        settle();
        QVERIFY(dialog.text().contains(QStringLiteral("张量并行"))); // the meaning column, translated
        const QString dir = qEnvironmentVariable("TL_SCREENSHOT_DIR", QDir::tempPath());
        QVERIFY(dialog.grab().save(QDir(dir).filePath(QStringLiteral("trainledger-explain-zh_CN.png"))));
    }

    void screenshot() {
        ui::Controller controller;
        ui::MainWindow window(&controller, ui::MainWindow::Options{false});
        window.setAttribute(Qt::WA_DontShowOnScreen);
        window.resize(1600, 1000);
        window.show();
        settle();
        const QString dir = qEnvironmentVariable("TL_SCREENSHOT_DIR", QDir::tempPath());
        QVERIFY(window.grab().save(QDir(dir).filePath(QStringLiteral("trainledger-window-zh_CN.png"))));
    }
};

QTEST_MAIN(ChineseTest)
#include "chinese_test.moc"
