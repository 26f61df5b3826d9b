#include "ui/mainwindow.h"

#include "engine/layout.h"
#include "io/scenariojson.h"
#include "ui/controller.h"
#include "ui/panels/parameterpanel.h"
#include "ui/views/ledgertable.h"
#include "ui/views/memoryview.h"
#include "ui/views/pipelineview.h"
#include "ui/views/timeview.h"
#include "ui/views/verdictbanner.h"

#include <QAction>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDockWidget>
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

    m_banner = new VerdictBanner;
    m_memory = new MemoryView;
    m_time = new TimeView;
    m_pipeline = new PipelineView;
    m_table = new LedgerTable;

    auto* charts = new QSplitter(Qt::Horizontal);
    charts->setObjectName(QStringLiteral("chartSplitter"));
    charts->addWidget(m_memory);
    charts->addWidget(m_time);
    charts->setStretchFactor(0, 2);
    charts->setStretchFactor(1, 3);
    charts->setChildrenCollapsible(false);

    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("viewTabs"));
    m_tabs->addTab(charts, tr("&Memory and time"));
    m_tabs->addTab(m_pipeline, tr("Pip&eline"));
    m_tabs->addTab(m_table, tr("&Ledger"));

    auto* central = new QWidget;
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_banner);
    layout->addWidget(m_tabs, 1);
    setCentralWidget(central);

    buildMenus();
    connect(m_memory, &MemoryView::binaryUnitsToggled, this, &MainWindow::setBinaryUnits);
    connect(m_panel, &ParameterPanel::dragging, this, [this](bool down) {
        m_memory->setDragging(down);
        m_time->setDragging(down);
    });
    connect(controller, &Controller::ledgerChanged, this, [this] { onLedger(); });
    connect(controller, &Controller::errorsChanged, m_banner, &VerdictBanner::setErrors);
    onLedger();
    m_banner->setErrors(controller->errors());

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
    connect(copy, &QAction::triggered, this, [this] { m_table->copySelection(); });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    m_gibAction = view->addAction(tr("&Binary Units (GiB)"));
    m_gibAction->setObjectName(QStringLiteral("binaryUnitsAction"));
    m_gibAction->setCheckable(true);
    m_gibAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    connect(m_gibAction, &QAction::toggled, this, &MainWindow::setBinaryUnits);
    view->addSeparator();
    const QString tabNames[] = {tr("&Memory and Time"), tr("&Pipeline"), tr("&Ledger Table")};
    for (int i = 0; i < 3; ++i) {
        QAction* a = view->addAction(tabNames[i]);
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
                              "<p>Every number comes from one engine whose formulas are written down, with sources, "
                              "in docs/formulas.md.</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

void MainWindow::setBinaryUnits(bool gib) {
    if (m_gibAction->isChecked() != gib)
        m_gibAction->setChecked(gib); // re-enters through toggled
    m_memory->setBinaryUnits(gib);
    m_banner->setBinaryUnits(gib);
}

void MainWindow::onLedger() {
    const engine::Scenario& s = m_controller->validScenario();
    const engine::Ledger& l = m_controller->ledger();
    const QByteArray x = qgetenv("TL_EXP");
    if (!x.contains("banner"))
        m_banner->setLedger(l, s.parallel.tp, s.parallel.pp, s.parallel.dp, s.parallel.cp);
    if (!x.contains("memory"))
        m_memory->setLedgers(l, m_controller->zeroLedgers());
    if (!x.contains("time"))
        m_time->setData(l, m_controller->scaleCurve(), s.schedule.deadlineDays, s.schedule.reserveDays);
    if (!x.contains("pipe"))
        m_pipeline->setSpec(engine::pipelineSpecFor(s));
    if (!x.contains("table"))
        m_table->ledgerModel()->setLedger(l);
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
