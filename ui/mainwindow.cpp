#include "ui/mainwindow.h"

#include "engine/presets.h"
#include "io/scenariojson.h"
#include "ui/compare/comparewindow.h"
#include "ui/controller.h"
#include "ui/dialogs.h"
#include "ui/document.h"
#include "ui/labs/parallelismlab.h"
#include "ui/labs/scalinglab.h"
#include "ui/notesedit.h"
#include "ui/panels/parameterpanel.h"
#include "ui/planner/plannertab.h"
#include "ui/views/ledgertable.h"
#include "ui/views/memoryview.h"
#include "ui/views/pipelineview.h"
#include "ui/views/registry.h"
#include "ui/views/steptimeview.h"
#include "ui/views/timeview.h"
#include "ui/views/verdictbanner.h"
#include "ui/views/view.h"

#include <QAction>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
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
} // namespace

MainWindow::MainWindow(Controller* controller, QWidget* parent) : MainWindow(controller, Options{}, parent) {}

MainWindow::MainWindow(Controller* controller, const Options& options, QWidget* parent)
    : QMainWindow(parent), m_controller(controller), m_options(options) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("TrainLedger"));

    m_panel = new ParameterPanel(controller);
    auto* dock = new QDockWidget(tr("Parameters"), this);
    dock->setObjectName(QStringLiteral("parametersDock"));
    dock->setWidget(m_panel);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, dock);

    // The views, as registered: those without a tab go above the tabs; views naming one tab share it side by side.
    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("viewTabs"));
    auto* above = new QVBoxLayout;
    above->setContentsMargins(0, 0, 0, 0);
    QHash<QString, QSplitter*> shared;
    for (const ViewInfo& info : viewRegistry()) {
        QWidget* w = info.create(controller);
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
                    column->addWidget(last);
                    column->setStretchFactor(0, 3);
                }
                column->addWidget(w);
                column->setStretchFactor(column->count() - 1, 2);
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
    QWidget* charts = m_tabs->widget(0);

    // The notes under the charts, beside the parameters: free text saved with the scenario (notes.md). A strip at
    // the bottom keeps the charts their full width; the parameters keep the full height.
    m_notes = new NotesEdit(controller);
    m_notesDock = new QDockWidget(tr("Notes"), this);
    m_notesDock->setObjectName(QStringLiteral("notesDock"));
    m_notesDock->setWidget(m_notes);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    addDockWidget(Qt::BottomDockWidgetArea, m_notesDock);
    resizeDocks({m_notesDock}, {130}, Qt::Vertical);

    // The file behind the window.
    if (!m_options.dialogs)
        m_ownDialogs = std::make_unique<WidgetDialogs>();
    m_document = new Document(controller, m_options.dialogs ? m_options.dialogs : m_ownDialogs.get(), this);
    m_document->setWindow(this);
    m_document->setPreviewWidget(charts);
    m_document->setAutosaveEnabled(m_options.useSettings); // screenshots and benchmarks leave no recovery file
    connect(m_document, &Document::statusMessage, this,
            [this](const QString& text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });

    auto* central = new QWidget;
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(above);
    layout->addWidget(m_tabs, 1);
    setCentralWidget(central);

    buildMenus();
    connect(memoryView(), &MemoryView::binaryUnitsToggled, this, &MainWindow::setBinaryUnits);
    connect(m_panel, &ParameterPanel::dragging, this, [this](bool down) {
        for (QWidget* w : std::as_const(m_viewOrder))
            if (EvaluationView* v = asView(w))
                v->setDragging(down);
    });
    connect(controller, &Controller::evaluationChanged, this, [this] { onEvaluation(); });
    const auto showErrors = [this](const std::vector<engine::Diagnostic>& errors) {
        for (QWidget* w : std::as_const(m_viewOrder))
            if (EvaluationView* v = asView(w))
                v->setErrors(errors);
    };
    connect(controller, &Controller::errorsChanged, this, showErrors);
    onEvaluation();
    showErrors(controller->errors());

    resize(1400, 900);
    if (m_options.useSettings) {
        QSettings settings;
        if (!restoreGeometry(settings.value(kGeometry).toByteArray())) {
            if (const QScreen* screen = this->screen())
                resize(screen->availableSize() * 0.85);
        }
        restoreState(settings.value(kState).toByteArray());
        setBinaryUnits(settings.value(kBinaryUnits, false).toBool());
    }
}

MainWindow::~MainWindow() = default;

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
    QAction* undo = m_controller->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setObjectName(QStringLiteral("undoAction"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_controller->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setObjectName(QStringLiteral("redoAction"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction* copy = edit->addAction(tr("&Copy Ledger Rows"));
    copy->setObjectName(QStringLiteral("copyAction"));
    connect(copy, &QAction::triggered, this, [this] { ledgerTable()->copySelection(); });

    QMenu* view = menuBar()->addMenu(tr("&View"));
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
    connect(m_document, &Document::recentFilesChanged, this, &MainWindow::fillRecentMenu);
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
    connect(m_document, &Document::pathChanged, this, enableRevert);
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
    if (!m_compare) {
        m_compare = new CompareWindow(this);
        connect(m_compare, &CompareWindow::makeCurrentRequested, this, [this](const CompareSide& side) {
            if (m_document->adopt(side.scenario, side.path, side.modified)) {
                statusBar()->showMessage(tr("%1 is now the current scenario").arg(side.name), 5000);
                activateWindow();
            }
        });
    }
    CompareSide a{m_controller->scenario(), m_document->displayName(), m_document->path(), m_document->isModified()};
    CompareSide bSide{*b, QFileInfo(path).fileName(), QFileInfo(path).absoluteFilePath(), false};
    m_compare->setSides(a, bSide);
    m_compare->show();
    m_compare->raise();
    m_compare->activateWindow();
    return true;
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
    settings.setValue(kScenario, io::scenarioToJson(m_controller->validScenario()));
}

void MainWindow::closeEvent(QCloseEvent* event) {
    saveSettings();
    event->accept();
}

} // namespace tl::ui
