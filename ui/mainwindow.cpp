#include "ui/mainwindow.h"

#include "engine/presets.h"
#include "io/scenariojson.h"
#include "ui/compare/comparewindow.h"
#include "ui/controller.h"
#include "ui/dialogs.h"
#include "ui/document.h"
#include "ui/export/render.h"
#include "ui/export/report.h"
#include "ui/export/tables.h"
#include "ui/i18n/enginetext.h"
#include "ui/i18n/language.h"
#include "ui/labs/parallelismlab.h"
#include "ui/labs/scalinglab.h"
#include "ui/lessons/classroom.h"
#include "ui/notesedit.h"
#include "ui/panels/parameterpanel.h"
#include "ui/planner/plannertab.h"
#include "ui/views/bestlayoutsearch.h"
#include "ui/views/ledgertable.h"
#include "ui/views/memoryview.h"
#include "ui/views/pipelineview.h"
#include "ui/views/registry.h"
#include "ui/views/steptimeview.h"
#include "ui/views/timeview.h"
#include "ui/views/verdictbanner.h"
#include "ui/views/view.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QPrinter>
#include <QScreen>
#include <QSettings>
#include <QShowEvent>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace tl::ui {

namespace {
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kScenario = QStringLiteral("scenario/last");
const QString kBinaryUnits = QStringLiteral("view/binaryUnits");
const QString kBestLayout = QStringLiteral("view/bestLayoutCurve");
} // namespace

MainWindow::MainWindow(Controller* controller, QWidget* parent) : MainWindow(controller, Options{}, parent) {}

MainWindow::MainWindow(Controller* controller, const Options& options, QWidget* parent)
    : QMainWindow(parent), m_controller(controller), m_options(options) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("TrainLedger"));

    // The file behind the window.
    if (!m_options.dialogs)
        m_ownDialogs = std::make_unique<WidgetDialogs>();
    m_document = new Document(controller, m_options.dialogs ? m_options.dialogs : m_ownDialogs.get(), this);
    m_document->setWindow(this);
    m_document->setAutosaveEnabled(m_options.useSettings); // screenshots and benchmarks leave no recovery file
    connect(m_document, &Document::statusMessage, this,
            [this](const QString& text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });
    connect(controller, &Controller::evaluationChanged, this, [this] { onEvaluation(); });
    connect(controller, &Controller::errorsChanged, this, &MainWindow::showErrors);
    buildUi();

    resize(1400, 900);
    if (m_options.useSettings) {
        QSettings settings;
        if (!restoreGeometry(settings.value(kGeometry).toByteArray())) {
            if (const QScreen* screen = this->screen())
                // 85% of the screen, but never below the 1280 x 720 the layout is checked at (ui_clipping_test)
                // while the screen has that room: on a 1280 x 720 screen the window takes all of it.
                resize(
                    (screen->availableSize() * 0.85).expandedTo(QSize(1280, 720)).boundedTo(screen->availableSize()));
        }
        m_stateRestored = restoreState(settings.value(kState).toByteArray());
        setBinaryUnits(settings.value(kBinaryUnits, false).toBool());
        if (TimeView* t = timeView())
            t->setBestLayoutShown(settings.value(kBestLayout, false).toBool());
    }
}

MainWindow::~MainWindow() = default;

// Everything with text in it: rebuilt in place when the language changes (the controller and the document keep the
// scenario, the file and the undo history).
void MainWindow::buildUi() {
    m_panel = new ParameterPanel(m_controller);
    auto* dock = new QDockWidget(tr("Parameters"), this);
    dock->setObjectName(QStringLiteral("parametersDock"));
    dock->setWidget(m_panel);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, dock);

    // The views, as registered: those without a tab go above the tabs; views naming one tab share it side by side.
    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("viewTabs"));
    m_views.clear();
    m_viewOrder.clear();
    auto* above = new QVBoxLayout;
    above->setContentsMargins(0, 0, 0, 0);
    QHash<QString, QSplitter*> shared;
    for (const ViewInfo& info : viewRegistry()) {
        QWidget* w = info.create(m_controller);
        m_views.insert(QString::fromLatin1(info.id), w);
        m_viewOrder << w;
        if (!info.tab) {
            above->addWidget(w);
            continue;
        }
        const QString tab = QCoreApplication::translate("views", info.tab);
        if (QSplitter* split = shared.value(tab)) {
            if (info.under) { // under the previous view, in a column: the step's split under the days curve
                QWidget* last = split->widget(split->count() - 1);
                auto* column = qobject_cast<QSplitter*>(last);
                if (!column || column->orientation() != Qt::Vertical) {
                    column = new QSplitter(Qt::Vertical);
                    column->setObjectName(QStringLiteral("column:") + QLatin1String(info.id));
                    column->setChildrenCollapsible(false);
                    split->replaceWidget(split->count() - 1, column);
                    split->setStretchFactor(split->count() - 1, split->count() + 1); // the column keeps its share
                    column->addWidget(last);
                    column->setStretchFactor(0, 3);
                }
                column->addWidget(w);
                column->setStretchFactor(column->count() - 1, 1);
                continue;
            }
            split->addWidget(w);
            split->setStretchFactor(split->count() - 1, split->count() + 1); // memory 2 : time 3
            continue;
        }
        auto* split = new QSplitter(Qt::Horizontal);
        split->setObjectName(m_tabs->count() == 0 ? QStringLiteral("chartSplitter")
                                                  : QStringLiteral("split:") + QLatin1String(info.id));
        split->setChildrenCollapsible(false);
        split->addWidget(w);
        split->setStretchFactor(0, 2);
        shared.insert(tab, split);
        m_tabs->addTab(split, tab);
    }
    // Side by side, the first view takes two parts and each next one three (memory 2 : time 3), whatever their hints.
    for (QSplitter* split : std::as_const(shared)) {
        QList<int> parts;
        for (int i = 0; i < split->count(); ++i)
            parts << (i == 0 ? 2000 : 3000);
        split->setSizes(parts);
    }
    // A tab with one view holds the view itself (tabs()->setCurrentWidget(view) then works).
    for (int i = 0; i < m_tabs->count(); ++i) {
        auto* split = qobject_cast<QSplitter*>(m_tabs->widget(i));
        if (split && split->count() == 1) {
            const QString text = m_tabs->tabText(i);
            QWidget* only = split->widget(0);
            m_tabs->removeTab(i);
            m_tabs->insertTab(i, only, text); // reparents the view out of the splitter
            delete split;
        }
    }
    QWidget* charts = m_tabs->widget(0);

    // The notes under the charts, beside the parameters: free text saved with the scenario (notes.md). A strip at
    // the bottom keeps the charts their full width; the parameters keep the full height.
    m_notes = new NotesEdit(m_controller);
    m_notesDock = new QDockWidget(tr("Notes"), this);
    m_notesDock->setObjectName(QStringLiteral("notesDock"));
    m_notesDock->setWidget(m_notes);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    addDockWidget(Qt::BottomDockWidgetArea, m_notesDock);
    // Two lines at least (the dock can be that small on a short screen, see fitNotesDock).
    m_notes->setMinimumHeight(2 * m_notes->fontMetrics().lineSpacing() + 2 * m_notes->frameWidth() +
                              int(2 * m_notes->document()->documentMargin()));
    resizeDocks({m_notesDock}, {130}, Qt::Vertical);

    m_document->setPreviewWidget(charts);

    auto* central = new QWidget;
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(above);
    layout->addWidget(m_tabs, 1);
    setCentralWidget(central);

    registerExports();
    buildMenus();
    m_classroom = installClassroom(this);
    connect(memoryView(), &MemoryView::binaryUnitsToggled, this, &MainWindow::setBinaryUnits);
    connect(m_panel, &ParameterPanel::dragging, this, [this](bool down) {
        for (QWidget* w : std::as_const(m_viewOrder))
            if (EvaluationView* v = asView(w))
                v->setDragging(down);
    });
    onEvaluation();
    showErrors(m_controller->errors());
}

void MainWindow::showErrors(const std::vector<engine::Diagnostic>& errors) {
    for (QWidget* w : std::as_const(m_viewOrder))
        if (EvaluationView* v = asView(w))
            v->setErrors(errors);
}

void MainWindow::retranslate() {
    const QByteArray state = saveState();
    const int tab = m_tabs->currentIndex();
    const bool gib = m_gibAction->isChecked();
    for (QDockWidget* dock : findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly)) {
        removeDockWidget(dock);
        delete dock;
    }
    menuBar()->clear();
    for (QMenu* menu : menuBar()->findChildren<QMenu*>(Qt::FindDirectChildrenOnly))
        delete menu;
    buildUi(); // setCentralWidget deletes the old central widget
    restoreState(state);
    m_tabs->setCurrentIndex(tab);
    setBinaryUnits(gib);
    setWindowTitle(m_document->windowTitle());
    if (m_compare) { // a new comparison window in the new language, with the same scenarios
        std::vector<CompareSide> sides;
        for (int i = 0; i < m_compare->sideCount(); ++i)
            sides.push_back(m_compare->side(i));
        const bool visible = m_compare->isVisible();
        const QRect geometry = m_compare->geometry();
        delete m_compare;
        m_compare = nullptr;
        ensureCompareWindow();
        m_compare->setScenarios(sides);
        m_compare->setGeometry(geometry);
        m_compare->setVisible(visible);
    }
}

void MainWindow::setLanguage(const QString& choice) {
    if (m_options.useSettings)
        Language::save(choice);
    const QString code = Language::resolve(choice);
    if (!Language::apply(code))
        m_document->dialogs()->showError(
            this, tr("Language"),
            tr("The translation for %1 is not installed (looked in %2).")
                .arg(Language::nativeName(code), QDir::toNativeSeparators(Language::translationsDir())));
    retranslate();
}

QByteArray MainWindow::savedScenario() {
    return QSettings().value(kScenario).toByteArray();
}

void MainWindow::buildMenus() {
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    m_fileMenu->setObjectName(QStringLiteral("fileMenu"));
    buildFileMenu();
    auto* reset = m_fileMenu->addAction(tr("&Reset to the Built-in Scenario"));
    reset->setObjectName(QStringLiteral("resetAction"));
    connect(reset, &QAction::triggered, this, [this] { m_controller->replaceScenario(engine::Scenario{}); });
    m_fileMenu->addSeparator();
    m_quit = m_fileMenu->addAction(tr("&Quit"));
    m_quit->setObjectName(QStringLiteral("quitAction"));
    m_quit->setShortcut(QKeySequence::Quit);
    connect(m_quit, &QAction::triggered, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_controller->undoStack()->createUndoAction(edit, tr("&Undo"));
    undo->setObjectName(QStringLiteral("undoAction"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_controller->undoStack()->createRedoAction(edit, tr("&Redo"));
    redo->setObjectName(QStringLiteral("redoAction"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction* copy = edit->addAction(tr("&Copy Ledger Rows"));
    copy->setObjectName(QStringLiteral("copyAction"));
    connect(copy, &QAction::triggered, this, [this] { ledgerTable()->copySelection(); });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    m_gibAction = view->addAction(tr("&Binary Units (GiB)"));
    m_gibAction->setObjectName(QStringLiteral("binaryUnitsAction"));
    m_gibAction->setCheckable(true);
    m_gibAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    connect(m_gibAction, &QAction::toggled, this, &MainWindow::setBinaryUnits);
    view->addSeparator();
    QAction* notes = m_notesDock->toggleViewAction();
    notes->setObjectName(QStringLiteral("notesAction"));
    notes->setText(tr("&Notes"));
    notes->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    view->addAction(notes);
    view->addSeparator();
    QMenu* language = view->addMenu(tr("&Language"));
    language->setObjectName(QStringLiteral("languageMenu"));
    auto* languages = new QActionGroup(language);
    const QString chosen = m_options.useSettings ? Language::saved() : Language::current();
    QAction* system = language->addAction(tr("&System Default"));
    system->setObjectName(QStringLiteral("language:"));
    system->setCheckable(true);
    system->setChecked(!Language::codes().contains(chosen));
    languages->addAction(system);
    connect(system, &QAction::triggered, this, [this] { setLanguage(QString()); });
    language->addSeparator();
    for (const QString& code : Language::codes()) {
        QAction* a = language->addAction(Language::nativeName(code)); // each in its own language
        a->setObjectName(QStringLiteral("language:") + code);
        a->setCheckable(true);
        a->setChecked(chosen == code);
        languages->addAction(a);
        connect(a, &QAction::triggered, this, [this, code] { setLanguage(code); });
    }
    view->addSeparator();
    for (int i = 0; i < m_tabs->count(); ++i) {
        QAction* a = view->addAction(m_tabs->tabText(i));
        a->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + i)));
        connect(a, &QAction::triggered, this, [this, i] { m_tabs->setCurrentIndex(i); });
    }

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* about = help->addAction(tr("&About TrainLedger"));
    about->setObjectName(QStringLiteral("aboutAction"));
    connect(about, &QAction::triggered, this, [this] {
        QMessageBox::about(this, tr("About TrainLedger"),
                           tr("<p><b>TrainLedger</b> %1</p><p>A what-if explorer for the cost of training a large "
                              "language model: does it fit in memory, does it finish in time, what does it cost.</p>"
                              "<p>Every number comes from one engine whose formulas are written down, with their "
                              "sources; the Ledger tab names each figure's formula in its tooltip.</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

void MainWindow::buildFileMenu() {
    QAction* newAction = m_fileMenu->addAction(tr("&New"));
    newAction->setObjectName(QStringLiteral("newAction"));
    newAction->setShortcut(QKeySequence::New);
    newAction->setToolTip(tr("A new untitled scenario: the built-in Qwen3-8B example"));
    connect(newAction, &QAction::triggered, this, [this] { m_document->newFromPreset(QString()); });
    QMenu* presets = m_fileMenu->addMenu(tr("New from &Preset"));
    presets->setObjectName(QStringLiteral("newFromPresetMenu"));
    for (const engine::ModelPreset& p : engine::modelPresets()) {
        QAction* a = presets->addAction(QString::fromStdString(p.name));
        a->setObjectName(QStringLiteral("newPreset:") + QString::fromStdString(p.id));
        connect(a, &QAction::triggered, this,
                [this, id = QString::fromStdString(p.id)] { m_document->newFromPreset(id); });
    }

    QAction* open = m_fileMenu->addAction(tr("&Open\u2026"));
    open->setObjectName(QStringLiteral("openAction"));
    open->setShortcut(QKeySequence::Open);
    connect(open, &QAction::triggered, this, [this] { m_document->open(); });
    m_recentMenu = m_fileMenu->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    connect(m_document, &Document::recentFilesChanged, m_fileMenu, [this] { fillRecentMenu(); });
    fillRecentMenu();

    QAction* save = m_fileMenu->addAction(tr("&Save"));
    save->setObjectName(QStringLiteral("saveAction"));
    save->setShortcut(QKeySequence::Save);
    connect(save, &QAction::triggered, this, [this] { m_document->save(); });
    QAction* saveAs = m_fileMenu->addAction(tr("Save &As\u2026"));
    saveAs->setObjectName(QStringLiteral("saveAsAction"));
    saveAs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    connect(saveAs, &QAction::triggered, this, [this] { m_document->saveAs(); });
    m_revert = m_fileMenu->addAction(tr("Re&vert"));
    m_revert->setObjectName(QStringLiteral("revertAction"));
    m_revert->setToolTip(tr("Reload the file from disk, discarding unsaved changes"));
    const auto enableRevert = [this] { m_revert->setEnabled(!m_document->isUntitled()); };
    connect(m_document, &Document::pathChanged, m_fileMenu, enableRevert);
    enableRevert();
    connect(m_revert, &QAction::triggered, this, [this] { m_document->revert(); });
    m_fileMenu->addSeparator();

    QAction* compare = m_fileMenu->addAction(tr("&Compare With\u2026"));
    compare->setObjectName(QStringLiteral("compareAction"));
    compare->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    compare->setToolTip(tr("Show this scenario (A) beside a scenario file (B)"));
    connect(compare, &QAction::triggered, this, [this] {
        const QString path = m_document->dialogs()->getOpenFileName(
            this, tr("Compare With"), QFileInfo(m_document->path()).absolutePath(), Document::fileFilter());
        if (!path.isEmpty())
            compareWith(path);
    });
    m_fileMenu->addSeparator();

    m_exportMenu = m_fileMenu->addMenu(tr("&Export"));
    m_exportMenu->setObjectName(QStringLiteral("exportMenu"));
    buildExportMenu();
    QAction* report = m_fileMenu->addAction(tr("Export &Report\u2026"));
    report->setObjectName(QStringLiteral("exportReportAction"));
    report->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    report->setToolTip(tr("A one- or two-page PDF: the verdict, the plan, both charts, the key figures and the "
                          "assumptions"));
    connect(report, &QAction::triggered, this, &MainWindow::askExportReport);
    QAction* print = m_fileMenu->addAction(tr("&Print\u2026"));
    print->setObjectName(QStringLiteral("printAction"));
    print->setShortcut(QKeySequence::Print);
    print->setToolTip(tr("Print the report"));
    connect(print, &QAction::triggered, this, &MainWindow::askPrint);
    m_fileMenu->addSeparator();
}

// Each view registers what it can write; the menu lists them in order. The pictures are drawn by the same widgets
// as the window's, at a fixed size (ui/export/render.h), so a file looks the same whoever makes it.
void MainWindow::registerExports() {
    const auto chart = [this](const QString& view, const QString& title) {
        return [this, view, title](const QString& suffix, QString&) -> std::optional<QByteArray> {
            const auto w = makeView(*m_controller, view, defaultViewSize(view));
            // The days chart as the window shows it: with the best-layout curve when that is on.
            if (const TimeView* shown = timeView(); shown && shown->bestLayoutShown() && w) {
                QList<TimeView*> views = w->findChildren<TimeView*>();
                if (auto* t = qobject_cast<TimeView*>(w.get()))
                    views << t;
                for (TimeView* t : views) {
                    t->bestLayoutSearch()->copyResults(*shown->bestLayoutSearch()); // searched once
                    t->setBestLayoutShown(true);
                    t->waitForBestLayouts();
                }
                QCoreApplication::processEvents();
            }
            return suffix == QLatin1String("svg") ? widgetSvg(w.get(), title) : widgetPng(w.get());
        };
    };
    const QStringList images{QStringLiteral("png"), QStringLiteral("svg")};
    m_exports.add({QStringLiteral("memory-chart"), tr("&Memory Chart"), images,
                   chart(QStringLiteral("memory"), tr("Memory per GPU"))});
    m_exports.add({QStringLiteral("time-chart"), tr("&Days Chart"), images,
                   chart(QStringLiteral("time"), tr("Days to train against the number of GPUs"))});
    m_exports.add({QStringLiteral("step-chart"), tr("&Step Time Chart"), images,
                   chart(QStringLiteral("step"), tr("Step time split"))});
    m_exports.add({QStringLiteral("pipeline-chart"), tr("&Pipeline Diagram"), images,
                   chart(QStringLiteral("pipeline"), tr("Pipeline schedule"))});
    m_exports.add(
        {QStringLiteral("window"), tr("&Whole Window"), images, chart(QStringLiteral("all"), tr("TrainLedger"))});
    m_exports.add({QStringLiteral("days-curve"),
                   tr("Days &Curve Data"),
                   {QStringLiteral("csv")},
                   [this](const QString&, QString&) -> std::optional<QByteArray> {
                       // With the best layout per count when the days chart shows it.
                       TimeView* t = timeView();
                       if (!t || !t->bestLayoutShown())
                           return daysCurveCsv(m_controller->evaluation().curve);
                       t->waitForBestLayouts();
                       return daysCurveCsv(m_controller->evaluation().curve, &t->bestLayouts());
                   }});
    m_exports.add({QStringLiteral("zero-sweep"),
                   tr("Memory by &ZeRO Stage Data"),
                   {QStringLiteral("csv")},
                   [this](const QString&, QString&) -> std::optional<QByteArray> {
                       return zeroSweepCsv(m_controller->evaluation().zero);
                   }});
    m_exports.add({QStringLiteral("ledger"),
                   tr("&Ledger"),
                   {QStringLiteral("csv"), QStringLiteral("md")},
                   [this](const QString& suffix, QString&) -> std::optional<QByteArray> {
                       const engine::Ledger& l = m_controller->ledger();
                       return suffix == QLatin1String("md")
                                  ? ledgerMarkdown(l, scenarioTitle(m_controller->validScenario()))
                                  : ledgerCsv(l);
                   }});
}

void MainWindow::buildExportMenu() {
    m_exportMenu->clear();
    for (const ExportEntry& e : m_exports.entries()) {
        QStringList formats;
        for (const QString& s : e.suffixes)
            formats << s.toUpper();
        QAction* a = m_exportMenu->addAction(tr("%1 (%2)\u2026").arg(e.title, formats.join(QStringLiteral(", "))));
        a->setObjectName(QStringLiteral("export:") + e.id);
        connect(a, &QAction::triggered, this, [this, id = e.id] {
            if (const ExportEntry* entry = m_exports.find(id))
                askExport(*entry);
        });
    }
}

namespace {
// "plan-memory-chart.png" beside the scenario's file (or in the home folder).
QString suggestedName(const Document* document, const QString& what, const QString& suffix) {
    const QFileInfo file(document->path());
    const QString base = document->isUntitled() ? QStringLiteral("trainledger") : file.completeBaseName();
    const QString dir = document->isUntitled() ? QDir::homePath() : file.absolutePath();
    return QDir(dir).filePath(base + (what.isEmpty() ? QString() : QLatin1Char('-') + what) + QLatin1Char('.') +
                              suffix);
}
} // namespace

void MainWindow::askExport(const ExportEntry& entry) {
    const QString path = m_document->dialogs()->getSaveFileName(
        this, tr("Export %1").arg(QString(entry.title).remove(QLatin1Char('&'))),
        suggestedName(m_document, entry.id, entry.suffixes.front()), exportFilter(entry.suffixes));
    if (path.isEmpty())
        return;
    const QString error = exportTo(entry, path);
    if (!error.isEmpty())
        m_document->dialogs()->showError(this, tr("Export"), error);
    else
        statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 5000);
}

QString MainWindow::exportReport(const QString& path) const {
    const QString name = m_document->isUntitled() ? QString() : QFileInfo(m_document->path()).fileName();
    return writeExportFile(path, reportPdf({m_controller->scenario(), name}));
}

int MainWindow::printReport(QPrinter& printer) const {
    printer.setResolution(96); // the report is laid out at the widgets' resolution
    printer.setDocName(scenarioTitle(m_controller->validScenario()));
    const QString name = m_document->isUntitled() ? QString() : QFileInfo(m_document->path()).fileName();
    return paintReport({m_controller->scenario(), name}, printer);
}

void MainWindow::askExportReport() {
    const QString path = m_document->dialogs()->getSaveFileName(
        this, tr("Export Report"), suggestedName(m_document, QStringLiteral("report"), QStringLiteral("pdf")),
        exportFilter({QStringLiteral("pdf")}));
    if (path.isEmpty())
        return;
    const QString error = exportReport(path);
    if (!error.isEmpty())
        m_document->dialogs()->showError(this, tr("Export Report"), error);
    else
        statusBar()->showMessage(tr("Report written to %1").arg(QDir::toNativeSeparators(path)), 5000);
}

void MainWindow::askPrint() {
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageSize(QPageSize(defaultPaper()));
    if (!m_document->dialogs()->choosePrinter(this, printer))
        return;
    if (printReport(printer) == 0)
        m_document->dialogs()->showError(this, tr("Print"), tr("The report could not be printed."));
}

void MainWindow::askAddToComparison() {
    if (!m_compare)
        return;
    const QString path = m_document->dialogs()->getOpenFileName(
        this, tr("Add to the Comparison"), QFileInfo(m_document->path()).absolutePath(), Document::fileFilter());
    if (path.isEmpty())
        return;
    if (const std::optional<engine::Scenario> s = m_document->readFile(path))
        m_compare->addScenario({*s, QFileInfo(path).fileName(), QFileInfo(path).absoluteFilePath(), false});
}

void MainWindow::askExportComparison() {
    if (!m_compare)
        return;
    const QString path = m_document->dialogs()->getSaveFileName(
        m_compare, tr("Export Comparison"),
        suggestedName(m_document, QStringLiteral("comparison"), QStringLiteral("pdf")),
        exportFilter({QStringLiteral("pdf")}));
    if (path.isEmpty())
        return;
    std::vector<ReportInput> inputs;
    for (int i = 0; i < m_compare->sideCount(); ++i)
        inputs.push_back({m_compare->side(i).scenario, m_compare->side(i).name});
    const QString error = writeExportFile(path, comparisonPdf(inputs));
    if (!error.isEmpty())
        m_document->dialogs()->showError(m_compare, tr("Export Comparison"), error);
}

void MainWindow::fillRecentMenu() {
    m_recentMenu->clear();
    const QStringList files = m_document->recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        QAction* a = m_recentMenu->addAction(tr("&%1 %2").arg(i + 1).arg(
            QFileInfo(files[i]).fileName().replace(QLatin1Char('&'), QStringLiteral("&&"))));
        a->setToolTip(QDir::toNativeSeparators(files[i]));
        a->setData(files[i]);
        connect(a, &QAction::triggered, this, [this, file = files[i]] { m_document->openFile(file); });
    }
    if (!files.isEmpty())
        m_recentMenu->addSeparator();
    QAction* clear = m_recentMenu->addAction(tr("&Clear Recent Files"));
    clear->setEnabled(!files.isEmpty());
    connect(clear, &QAction::triggered, m_document, &Document::clearRecentFiles);
    m_recentMenu->setEnabled(!files.isEmpty());
}

bool MainWindow::compareWith(const QString& path) {
    const std::optional<engine::Scenario> b = m_document->readFile(path);
    if (!b)
        return false;
    ensureCompareWindow();
    CompareSide a{m_controller->scenario(), m_document->displayName(), m_document->path(), m_document->isModified()};
    CompareSide bSide{*b, QFileInfo(path).fileName(), QFileInfo(path).absoluteFilePath(), false};
    m_compare->setSides(a, bSide);
    m_compare->show();
    m_compare->raise();
    m_compare->activateWindow();
    return true;
}

void MainWindow::ensureCompareWindow() {
    if (!m_compare) {
        m_compare = new CompareWindow(this);
        connect(m_compare, &CompareWindow::makeCurrentRequested, this, [this](const CompareSide& side) {
            if (m_document->adopt(side.scenario, side.path, side.modified)) {
                statusBar()->showMessage(tr("%1 is now the current scenario").arg(side.name), 5000);
                activateWindow();
            }
        });
        connect(m_compare, &CompareWindow::addRequested, this, &MainWindow::askAddToComparison);
        connect(m_compare, &CompareWindow::exportReportRequested, this, &MainWindow::askExportComparison);
    }
}

void MainWindow::setBinaryUnits(bool gib) {
    if (m_gibAction->isChecked() != gib)
        m_gibAction->setChecked(gib); // re-enters through toggled
    for (QWidget* w : std::as_const(m_viewOrder))
        if (EvaluationView* v = asView(w))
            v->setBinaryUnits(gib);
}

void MainWindow::onEvaluation() {
    for (QWidget* w : std::as_const(m_viewOrder))
        if (EvaluationView* v = asView(w))
            v->setEvaluation(m_controller->evaluation());
}

labs::ParallelismLab* MainWindow::parallelismLab() const {
    return qobject_cast<labs::ParallelismLab*>(view(QStringLiteral("parallelism-lab")));
}
labs::ScalingLab* MainWindow::scalingLab() const {
    return qobject_cast<labs::ScalingLab*>(view(QStringLiteral("scaling-lab")));
}
StepTimeView* MainWindow::stepTimeView() const {
    return qobject_cast<StepTimeView*>(view(QStringLiteral("step")));
}
VerdictBanner* MainWindow::verdictBanner() const {
    return qobject_cast<VerdictBanner*>(view(QStringLiteral("verdict")));
}
MemoryView* MainWindow::memoryView() const {
    return qobject_cast<MemoryView*>(view(QStringLiteral("memory")));
}
TimeView* MainWindow::timeView() const {
    return qobject_cast<TimeView*>(view(QStringLiteral("time")));
}
PipelineView* MainWindow::pipelineView() const {
    return qobject_cast<PipelineView*>(view(QStringLiteral("pipeline")));
}
LedgerTable* MainWindow::ledgerTable() const {
    return qobject_cast<LedgerTable*>(view(QStringLiteral("ledger")));
}

void MainWindow::saveSettings() {
    if (!m_options.useSettings)
        return;
    QSettings settings;
    settings.setValue(kGeometry, saveGeometry());
    settings.setValue(kState, saveState());
    settings.setValue(kBinaryUnits, m_gibAction->isChecked());
    if (const TimeView* t = timeView())
        settings.setValue(kBestLayout, t->bestLayoutShown());
    settings.setValue(kScenario, io::scenarioToJson(m_controller->validScenario()));
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (!m_shown && !m_stateRestored)
        fitNotesDock();
    m_shown = true;
}

void MainWindow::fitNotesDock() {
    // A window shorter than 900 px (1280 x 720, or 1920 x 1080 at 150%) gives the charts the height: the notes
    // start at two lines (drag the dock's edge for more); taller windows show about six.
    resizeDocks({m_notesDock}, {height() >= 900 ? 130 : m_notesDock->minimumSizeHint().height()}, Qt::Vertical);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    saveSettings();
    event->accept();
}

} // namespace tl::ui
