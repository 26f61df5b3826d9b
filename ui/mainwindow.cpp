#include "ui/mainwindow.h"

#include "engine/presets.h"
#include "io/atomicfile.h"
#include "io/exportlaunch.h"
#include "io/scenariojson.h"
#include "ui/accuracy/accuracywindow.h"
#include "ui/accuracy/calibratedialog.h"
#include "ui/compare/comparewindow.h"
#include "ui/controller.h"
#include "ui/dialogs.h"
#include "ui/document.h"
#include "ui/explain/explaindialog.h"
#include "ui/export/render.h"
#include "ui/export/report.h"
#include "ui/i18n/enginetext.h"
#include "ui/i18n/language.h"
#include "ui/i18n/mnemonic.h"
#include "ui/inputguard.h"
#include "ui/lessons/classroom.h"
#include "ui/notesedit.h"
#include "ui/panels/parameterpanel.h"
#include "ui/planner/plannertab.h"
#include "ui/views/ledgertable.h"
#include "ui/views/registry.h"
#include "ui/views/timeview.h"
#include "ui/views/view.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
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
#include <QTextBrowser>
#include <QUndoStack>
#include <QVBoxLayout>

namespace tl::ui {

namespace {
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kScenario = QStringLiteral("scenario/last");
const QString kBinaryUnits = QStringLiteral("view/binaryUnits");
const QString kBestLayout = QStringLiteral("view/bestLayoutCurve");

// A menu entry as MainWindow declares it, once: its object name, its text with the Alt letter, its shortcut and tips.
// The texts are QT_TR_NOOP strings written in MainWindow's functions (context MainWindow), translated now and again
// on every language change.
struct MenuEntry {
    const char* name;
    const char* text;
    QKeySequence shortcut = {};
    const char* toolTip = nullptr;
    const char* statusTip = nullptr;
};

QAction* addEntry(QMenu* menu, Retranslator& texts, const MenuEntry& e) {
    QAction* a = menu->addAction(QString());
    a->setObjectName(QLatin1String(e.name));
    if (!e.shortcut.isEmpty())
        a->setShortcut(e.shortcut);
    texts.add([a, e] {
        a->setText(MainWindow::tr(e.text));
        if (e.toolTip)
            a->setToolTip(MainWindow::tr(e.toolTip));
        if (e.statusTip)
            a->setStatusTip(MainWindow::tr(e.statusTip));
    });
    return a;
}

// The entry, triggering `run` (a member of receiver, or a function).
template <class Receiver, class Run>
QAction* addEntry(QMenu* menu, Retranslator& texts, const MenuEntry& e, Receiver* receiver, Run run) {
    QAction* a = addEntry(menu, texts, e);
    QObject::connect(a, &QAction::triggered, receiver, std::move(run));
    return a;
}

// A menu (in the menu bar or in another menu) with its object name and its title (QT_TR_NOOP, context MainWindow).
template <class Parent> QMenu* addTitledMenu(Parent* parent, Retranslator& texts, const char* name, const char* title) {
    QMenu* menu = parent->addMenu(QString());
    menu->setObjectName(QLatin1String(name));
    texts.add([menu, title] { menu->setTitle(MainWindow::tr(title)); });
    return menu;
}
} // namespace

MainWindow::MainWindow(Controller* controller, QWidget* parent) : MainWindow(controller, Options{}, parent) {}

MainWindow::MainWindow(Controller* controller, const Options& options, QWidget* parent)
    : QMainWindow(parent), m_controller(controller), m_options(options) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("TrainLedger"));
    InputGuard::install(); // the wheel and Ctrl+Z reach what the person aims at (every window)

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
            if (const QScreen* screen = this->screen()) {
                // 85% of the screen, but never below the 1280 x 720 the layout is checked at (ui_clipping_test)
                // while the screen has that room. A screen with no more room than that (1280 x 720, or 1920 x 1080
                // at 150%) gets a maximized window: its frame and title bar then fit too.
                const QSize room = screen->availableSize();
                const QSize want = (room * 0.85).expandedTo(QSize(1280, 720));
                resize(want.boundedTo(room));
                if (want.width() >= room.width() || want.height() >= room.height())
                    setWindowState(Qt::WindowMaximized);
            }
        }
        m_stateRestored = restoreState(settings.value(kState).toByteArray());
        setBinaryUnits(settings.value(kBinaryUnits, false).toBool());
        if (TimeView* t = view<TimeView>())
            t->setBestLayoutShown(settings.value(kBestLayout, true).toBool()); // on: a curve takes ~0.15 s (bench_plan)
    }
}

MainWindow::~MainWindow() = default;

void MainWindow::buildUi() {
    m_panel = new ParameterPanel(m_controller);
    auto* dock = new QDockWidget(this);
    m_texts.add([dock] { dock->setWindowTitle(tr("Parameters")); });
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
        m_tabNames << info.tab;
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
    m_notesDock = new QDockWidget(this);
    m_texts.add([this] { m_notesDock->setWindowTitle(tr("Notes")); });
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

    // What each view asks of the window: Explain on its figures, its own GB / GiB switch for every view.
    for (QWidget* w : std::as_const(m_viewOrder))
        if (EvaluationView* v = asView(w))
            v->setHost({[this](const QString& key) { explain(key); }, [this](bool gib) { setBinaryUnits(gib); }});
    registerExports();
    buildMenus();
    m_classroom = installClassroom(this);
    // Presentation mode hides the menu bar, and a hidden menu's shortcuts are dead: the window holds them too.
    const std::function<void(const QMenu*)> keepShortcuts = [&](const QMenu* menu) {
        for (QAction* a : menu->actions())
            if (a->menu())
                keepShortcuts(a->menu());
            else if (!a->shortcut().isEmpty())
                addAction(a);
    };
    for (const QAction* top : menuBar()->actions())
        if (top->menu())
            keepShortcuts(top->menu());
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

void MainWindow::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

// The views, the panel, the docks' contents and the Compare window retranslate themselves (their changeEvent): here
// only what this class writes.
void MainWindow::retranslate() {
    setWindowTitle(m_document->windowTitle());
    for (int i = 0; i < m_tabs->count() && i < m_tabNames.size(); ++i)
        m_tabs->setTabText(i, QCoreApplication::translate("views", m_tabNames[i]));
    m_texts.retranslate();
    m_exports = ExportRegistry();
    registerExports();
    buildExportMenu();
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
    // Qt posts QEvent::LanguageChange to every window; delivered now, the texts change before this returns. Nothing
    // is deleted, so the menu whose action called this is still there when Qt finishes its click.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
}

void MainWindow::explain(const QString& key) {
    explainNumber(this, m_controller, key);
}

QByteArray MainWindow::savedScenario() {
    return QSettings().value(kScenario).toByteArray();
}

void MainWindow::buildMenus() {
    m_fileMenu = addTitledMenu(menuBar(), m_texts, "fileMenu", QT_TR_NOOP("&File"));
    buildFileMenu();
    addEntry(m_fileMenu, m_texts, {"resetAction", QT_TR_NOOP("Reset to the &Built-in Scenario")}, this,
             [this] { m_controller->replaceScenario(engine::Scenario{}); });
    m_fileMenu->addSeparator();
    addEntry(m_fileMenu, m_texts, {"quitAction", QT_TR_NOOP("&Quit"), QKeySequence::Quit}, this, &QWidget::close);

    QMenu* edit = addTitledMenu(menuBar(), m_texts, "editMenu", QT_TR_NOOP("&Edit"));
    // Undo and Redo are made here rather than by QUndoStack::createUndoAction, whose prefix is fixed in the language
    // of the moment it was made: these retranslate with the window.
    QUndoStack* stack = m_controller->undoStack();
    QAction* undo = edit->addAction(QString());
    undo->setObjectName(QStringLiteral("undoAction"));
    undo->setShortcut(QKeySequence::Undo);
    const auto undoText = [undo, stack] {
        undo->setText(stack->undoText().isEmpty() ? tr("&Undo") : tr("&Undo %1").arg(stack->undoText()));
    };
    QAction* redo = edit->addAction(QString());
    redo->setObjectName(QStringLiteral("redoAction"));
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    const auto redoText = [redo, stack] {
        redo->setText(stack->redoText().isEmpty() ? tr("&Redo") : tr("&Redo %1").arg(stack->redoText()));
    };
    m_texts.add(undoText);
    m_texts.add(redoText);
    connect(stack, &QUndoStack::undoTextChanged, undo, undoText);
    connect(stack, &QUndoStack::redoTextChanged, redo, redoText);
    connect(stack, &QUndoStack::canUndoChanged, undo, &QAction::setEnabled);
    connect(stack, &QUndoStack::canRedoChanged, redo, &QAction::setEnabled);
    undo->setEnabled(stack->canUndo());
    redo->setEnabled(stack->canRedo());
    connect(undo, &QAction::triggered, stack, &QUndoStack::undo);
    connect(redo, &QAction::triggered, stack, &QUndoStack::redo);
    edit->addSeparator();
    addEntry(edit, m_texts, {"copyAction", QT_TR_NOOP("&Copy Ledger Rows")}, this, [this] {
        if (auto* table = view<LedgerTable>())
            table->copySelection();
    });

    QMenu* viewMenu = addTitledMenu(menuBar(), m_texts, "viewMenu", QT_TR_NOOP("&View"));
    m_gibAction =
        addEntry(viewMenu, m_texts,
                 {"binaryUnitsAction", QT_TR_NOOP("&Binary Units (GiB)"), QKeySequence(Qt::CTRL | Qt::Key_B)});
    m_gibAction->setCheckable(true);
    connect(m_gibAction, &QAction::toggled, this, &MainWindow::setBinaryUnits);
    viewMenu->addSeparator();
    QAction* notes = m_notesDock->toggleViewAction();
    notes->setObjectName(QStringLiteral("notesAction"));
    notes->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    m_texts.add([notes] { notes->setText(tr("&Notes")); });
    viewMenu->addAction(notes);
    viewMenu->addSeparator();
    QMenu* language = addTitledMenu(viewMenu, m_texts, "languageMenu", QT_TR_NOOP("&Language"));
    auto* languages = new QActionGroup(language);
    const QString chosen = m_options.useSettings ? Language::saved() : Language::current();
    QAction* system = addEntry(language, m_texts, {"language:", QT_TR_NOOP("&System Default")}, this,
                               [this] { setLanguage(QString()); });
    system->setCheckable(true);
    system->setChecked(!Language::codes().contains(chosen));
    languages->addAction(system);
    language->addSeparator();
    for (const QString& code : Language::codes()) {
        QAction* a = language->addAction(Language::nativeName(code)); // each in its own language
        a->setObjectName(QStringLiteral("language:") + code);
        a->setCheckable(true);
        a->setChecked(chosen == code);
        languages->addAction(a);
        connect(a, &QAction::triggered, this, [this, code] { setLanguage(code); });
    }
    viewMenu->addSeparator();
    for (int i = 0; i < m_tabs->count(); ++i) {
        QAction* a = viewMenu->addAction(QString());
        a->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + i)));
        // The digit of its Alt+ shortcut is its letter: the tabs' own letters are taken by the menu's other entries.
        m_texts.add([this, a, i] {
            a->setText(
                tr("&%1 %2").arg(i + 1).arg(withoutMnemonic(QCoreApplication::translate("views", m_tabNames[i]))));
        });
        connect(a, &QAction::triggered, this, [this, i] { m_tabs->setCurrentIndex(i); });
    }

    // Tools > Calibrate to My Cluster: the efficiency figures fitted to the user's measured runs (window-modal).
    QMenu* tools = addTitledMenu(menuBar(), m_texts, "toolsMenu", QT_TR_NOOP("&Tools"));
    addEntry(tools, m_texts,
             {"calibrateAction", QT_TR_NOOP("&Calibrate to My Cluster\u2026"),
              QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), nullptr,
              QT_TR_NOOP("Fit the efficiency figures to step times you measured on your own GPUs")},
             this, &MainWindow::showCalibrate);

    QMenu* help = addTitledMenu(menuBar(), m_texts, "helpMenu", QT_TR_NOOP("&Help"));
    addEntry(help, m_texts, {"userGuideAction", QT_TR_NOOP("&User Guide"), QKeySequence::HelpContents}, this,
             &MainWindow::showUserGuide);
    addEntry(help, m_texts, {"shortcutsAction", QT_TR_NOOP("&Keyboard Shortcuts")}, this, &MainWindow::showShortcuts);
    addEntry(help, m_texts,
             {"accuracyAction", QT_TR_NOOP("&How Accurate Is This?"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A),
              nullptr,
              QT_TR_NOOP("Every published run the derived step time is checked on, predicted against published")},
             this, &MainWindow::showAccuracy);
    help->addSeparator();
    addEntry(help, m_texts, {"aboutAction", QT_TR_NOOP("&About TrainLedger")}, this, [this] {
        QMessageBox::about(this, tr("About TrainLedger"),
                           tr("<p><b>TrainLedger</b> %1</p><p>A what-if explorer for the cost of training a large "
                              "language model: does it fit in memory, does it finish in time, what does it cost.</p>"
                              "<p>Every number comes from one engine whose formulas are written down, with their "
                              "sources; the Ledger tab names each figure's formula in its tooltip.</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

void MainWindow::showAccuracy() {
    if (!m_accuracy)
        m_accuracy = new AccuracyWindow(m_options.useSettings, this);
    m_accuracy->show();
    m_accuracy->raise();
    m_accuracy->activateWindow();
}

void MainWindow::showCalibrate() {
    auto* dialog = new CalibrateDialog(m_controller, m_document->dialogs(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open(); // window-modal: the scenario it calibrates stays as it is until Apply or Close
}

void MainWindow::buildFileMenu() {
    addEntry(m_fileMenu, m_texts,
             {"newAction", QT_TR_NOOP("&New"), QKeySequence::New,
              QT_TR_NOOP("A new untitled scenario: the built-in Qwen3-8B example")},
             this, [this] { m_document->newFromPreset(QString()); });
    QMenu* presets = addTitledMenu(m_fileMenu, m_texts, "newFromPresetMenu", QT_TR_NOOP("New &from Preset"));
    for (const engine::ModelPreset& p : engine::modelPresets()) {
        QAction* a = presets->addAction(QString::fromStdString(p.name));
        a->setObjectName(QStringLiteral("newPreset:") + QString::fromStdString(p.id));
        connect(a, &QAction::triggered, this,
                [this, id = QString::fromStdString(p.id)] { m_document->newFromPreset(id); });
    }

    addEntry(m_fileMenu, m_texts, {"openAction", QT_TR_NOOP("&Open\u2026"), QKeySequence::Open}, this,
             [this] { m_document->open(); });
    m_recentMenu = m_fileMenu->addMenu(QString());
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    m_texts.add([this] {
        m_recentMenu->setTitle(tr("Open &Recent"));
        fillRecentMenu();
    });
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    connect(m_document, &Document::recentFilesChanged, m_fileMenu, [this] { fillRecentMenu(); });

    addEntry(m_fileMenu, m_texts,
             {"importModelAction", QT_TR_NOOP("&Import Model\u2026"), QKeySequence(Qt::CTRL | Qt::Key_I),
              QT_TR_NOOP("A Hugging Face config.json: every model key from it, the rest of the scenario kept")},
             this, [this] { m_document->importConfig(); });
    addEntry(m_fileMenu, m_texts,
             {"importTrainingAction",
              QT_TR_NOOP("Import &Training Config\u2026"),
              {},
              QT_TR_NOOP("A Megatron-LM argument list, a torchtitan .toml or a DeepSpeed .json: the layout, batch "
                         "and precision it sets")},
             this, [this] { m_document->importConfig(); });

    addEntry(m_fileMenu, m_texts, {"saveAction", QT_TR_NOOP("&Save"), QKeySequence::Save}, this,
             [this] { m_document->save(); });
    addEntry(m_fileMenu, m_texts,
             {"saveAsAction", QT_TR_NOOP("Save &As\u2026"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)}, this,
             [this] { m_document->saveAs(); });
    m_revert = addEntry(m_fileMenu, m_texts,
                        {"revertAction",
                         QT_TR_NOOP("Re&vert"),
                         {},
                         QT_TR_NOOP("Reload the file from disk, discarding unsaved changes")},
                        this, [this] { m_document->revert(); });
    const auto enableRevert = [this] { m_revert->setEnabled(!m_document->isUntitled()); };
    connect(m_document, &Document::pathChanged, m_fileMenu, enableRevert);
    enableRevert();
    m_fileMenu->addSeparator();

    addEntry(m_fileMenu, m_texts,
             {"compareAction", QT_TR_NOOP("&Compare With\u2026"), QKeySequence(Qt::CTRL | Qt::Key_D),
              QT_TR_NOOP("Show this scenario (A) beside a scenario file (B)")},
             this, [this] {
                 const QString path = m_document->dialogs()->getOpenFileName(
                     this, tr("Compare With"), QFileInfo(m_document->path()).absolutePath(), Document::fileFilter());
                 if (!path.isEmpty())
                     compareWith(path);
             });
    m_fileMenu->addSeparator();

    m_exportMenu = addTitledMenu(m_fileMenu, m_texts, "exportMenu", QT_TR_NOOP("E&xport"));
    buildExportMenu();
    addEntry(m_fileMenu, m_texts,
             {"exportReportAction", QT_TR_NOOP("&Export Report\u2026"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
              QT_TR_NOOP("A one- or two-page PDF: the verdict, the plan, both charts, the key figures and the "
                         "assumptions")},
             this, &MainWindow::askExportReport);
    addEntry(m_fileMenu, m_texts,
             {"exportLaunchAction",
              QT_TR_NOOP("Export &Launch Config\u2026"),
              {},
              QT_TR_NOOP("The model and layout as Megatron-LM flags (.sh), a torchtitan TOML (.toml) or a DeepSpeed "
                         "JSON (.json)")},
             this, [this] { askExportLaunch(m_controller->scenario()); });
    if (auto* planner = view<PlannerTab>())
        connect(planner, &PlannerTab::exportLayoutRequested, this, &MainWindow::askExportLaunch);
    addEntry(m_fileMenu, m_texts,
             {"printAction", QT_TR_NOOP("&Print\u2026"), QKeySequence::Print, QT_TR_NOOP("Print the report")}, this,
             &MainWindow::askPrint);
    m_fileMenu->addSeparator();
}

// What the registry says each view writes (ui/views/registry.h), and the whole window. The pictures are drawn by
// the same widgets as the window's, at a fixed size (ui/export/render.h), showing what the window's views show (the
// best-layout curve), so a file looks the same whoever makes it.
void MainWindow::registerExports() {
    const QStringList images{QStringLiteral("png"), QStringLiteral("svg")};
    const auto picture = [this](const QString& id, const QString& title) {
        return [this, id, title](const QString& suffix, QString&) -> std::optional<QByteArray> {
            const auto w = makeView(*m_controller, id, defaultViewSize(id));
            if (!w)
                return std::nullopt;
            auto* window = qobject_cast<MainWindow*>(w.get()); // "all": a window of its own
            for (const ViewInfo& info : viewRegistry()) {
                const QString viewId = QString::fromLatin1(info.id);
                QWidget* drawn = window ? window->view(viewId) : viewId == id ? w.get() : nullptr;
                EvaluationView* v = drawn ? asView(drawn) : nullptr;
                if (v && view(viewId))
                    v->showLike(*view(viewId));
            }
            QCoreApplication::processEvents();
            return suffix == QLatin1String("svg") ? widgetSvg(w.get(), title) : widgetPng(w.get());
        };
    };
    for (const ViewInfo& info : viewRegistry())
        if (info.picture) {
            const QString title = QCoreApplication::translate("views", info.picture);
            m_exports.add(
                {pictureExportId(info), title, images, picture(QString::fromLatin1(info.id), withoutMnemonic(title))});
        }
    m_exports.add(
        {QStringLiteral("window"), tr("&Whole Window"), images, picture(QStringLiteral("all"), tr("TrainLedger"))});
    for (const ViewInfo& info : viewRegistry())
        for (const ViewData& exported : info.data)
            m_exports.add({QString::fromLatin1(exported.id), QCoreApplication::translate("views", exported.title),
                           QString::fromLatin1(exported.suffixes).split(QLatin1Char(',')),
                           [this, exported, id = QString::fromLatin1(info.id)](const QString& suffix, QString&) {
                               return exported.write(*m_controller, view(id), suffix);
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

// An export's questions: where (the save dialog: caption, suggested name, filter), then how it went (the error in a
// box titled errorTitle, or `written`, %1 the path, in the status bar).
struct SaveQuestion {
    QString caption, suggested, filter, errorTitle, written;
};

// The window's scenario as the report shows it, with its file's name (none while untitled: the footer says so).
ReportInput reportOf(const Controller& controller, const Document& document) {
    return {controller.scenario(), document.isUntitled() ? QString() : QFileInfo(document.path()).fileName()};
}

// Ask, write there (`write` returns an error line, or ""), and say how it went.
void askAndWrite(QMainWindow* window, Dialogs* dialogs, const SaveQuestion& q,
                 const std::function<QString(const QString&)>& write) {
    const QString path = dialogs->getSaveFileName(window, q.caption, q.suggested, q.filter);
    if (path.isEmpty())
        return;
    const QString error = write(path);
    if (!error.isEmpty())
        dialogs->showError(window, q.errorTitle, error);
    else
        window->statusBar()->showMessage(q.written.arg(QDir::toNativeSeparators(path)), 5000);
}
} // namespace

void MainWindow::askExport(const ExportEntry& entry) {
    askAndWrite(this, m_document->dialogs(),
                {tr("Export %1").arg(withoutMnemonic(entry.title)),
                 suggestedName(m_document, entry.id, entry.suffixes.front()), exportFilter(entry.suffixes),
                 tr("Export"), tr("Exported %1")},
                [&entry](const QString& path) { return exportTo(entry, path); });
}

QString MainWindow::exportReport(const QString& path) const {
    return writeExportFile(path, reportPdf(reportOf(*m_controller, *m_document)));
}

int MainWindow::printReport(QPrinter& printer) const {
    printer.setResolution(96); // the report is laid out at the widgets' resolution
    printer.setDocName(scenarioTitle(m_controller->validScenario()));
    return paintReport(reportOf(*m_controller, *m_document), printer);
}

void MainWindow::askExportReport() {
    askAndWrite(this, m_document->dialogs(),
                {tr("Export Report"), suggestedName(m_document, QStringLiteral("report"), QStringLiteral("pdf")),
                 exportFilter({QStringLiteral("pdf")}), tr("Export Report"), tr("Report written to %1")},
                [this](const QString& path) { return exportReport(path); });
}

QString MainWindow::exportLaunchConfig(const engine::Scenario& s, const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    std::optional<io::LaunchFormat> format;
    for (const io::LaunchFormat f :
         {io::LaunchFormat::Megatron, io::LaunchFormat::Torchtitan, io::LaunchFormat::DeepSpeed})
        if (io::launchFileSuffix(f) == suffix)
            format = f;
    if (!format)
        return tr("\u201c%1\u201d: the name must end in .sh (Megatron-LM), .toml (torchtitan) or .json (DeepSpeed)")
            .arg(QFileInfo(path).fileName());
    if (auto e = io::writeFileAtomically(path, io::exportLaunch(s, *format)))
        return tr("%1: cannot save: %2").arg(QDir::toNativeSeparators(path), diagnosticText(*e));
    return {};
}

void MainWindow::askExportLaunch(const engine::Scenario& s) {
    askAndWrite(this, m_document->dialogs(),
                {tr("Export Launch Config"), suggestedName(m_document, QStringLiteral("launch"), QStringLiteral("sh")),
                 tr("Megatron-LM launch script (*.sh);;torchtitan config (*.toml);;DeepSpeed config (*.json)"),
                 tr("Export Launch Config"), tr("Launch config written to %1")},
                [&s](const QString& path) { return exportLaunchConfig(s, path); });
}

namespace {
// The documentation compiled in (ui/CMakeLists.txt, ":/docs/"): the README first, then docs/ in a reading order.
QString userGuideMarkdown() {
    QString text;
    for (const char* name : {"README.md", "scenario.md", "planner.md", "contract.md", "formulas.md", "lessons.md"}) {
        QFile f(QStringLiteral(":/docs/") + QLatin1String(name));
        if (f.open(QIODevice::ReadOnly))
            text += QString::fromUtf8(f.readAll()) + QStringLiteral("\n\n---\n\n");
    }
    return text;
}

QDialog* textDialog(QWidget* parent, const QString& objectName, const QString& title, QTextBrowser* browser) {
    auto* dialog = new QDialog(parent);
    dialog->setObjectName(objectName);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(title);
    auto* layout = new QVBoxLayout(dialog);
    browser->setParent(dialog);
    browser->setOpenExternalLinks(true);
    layout->addWidget(browser);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    layout->addWidget(buttons);
    dialog->resize(900, 700);
    return dialog;
}
} // namespace

void MainWindow::showUserGuide() {
    auto* browser = new QTextBrowser;
    browser->setObjectName(QStringLiteral("userGuideText"));
    browser->setMarkdown(userGuideMarkdown());
    textDialog(this, QStringLiteral("userGuide"), tr("TrainLedger User Guide"), browser)->show();
}

QString MainWindow::shortcutsText() const {
    QStringList lines;
    const std::function<void(const QMenu*, const QString&)> walk = [&](const QMenu* menu, const QString& path) {
        for (const QAction* a : menu->actions()) {
            const QString name = path + QStringLiteral(" > ") + withoutMnemonic(a->text());
            if (a->menu())
                walk(a->menu(), name);
            else if (!a->shortcut().isEmpty())
                lines << name + QLatin1Char('\t') + a->shortcut().toString(QKeySequence::NativeText);
        }
    };
    for (const QAction* top : menuBar()->actions())
        if (top->menu())
            walk(top->menu(), withoutMnemonic(top->text()));
    return lines.join(QLatin1Char('\n'));
}

void MainWindow::showShortcuts() {
    QString html = QStringLiteral("<table cellpadding=\"4\">");
    for (const QString& line : shortcutsText().split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        html += QStringLiteral("<tr><td>%1</td><td><b>%2</b></td></tr>")
                    .arg(line.section(QLatin1Char('\t'), 0, 0).toHtmlEscaped(),
                         line.section(QLatin1Char('\t'), 1).toHtmlEscaped());
    auto* browser = new QTextBrowser;
    browser->setObjectName(QStringLiteral("shortcutsText"));
    browser->setHtml(html + QStringLiteral("</table>"));
    textDialog(this, QStringLiteral("shortcuts"), tr("Keyboard Shortcuts"), browser)->show();
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
    // The question belongs to the Compare window, and Compare stays in front with the new side.
    const QString path = m_document->dialogs()->getOpenFileName(
        m_compare, tr("Add to the Comparison"), QFileInfo(m_document->path()).absolutePath(), Document::fileFilter());
    if (!path.isEmpty())
        if (const std::optional<engine::Scenario> s = m_document->readFile(path))
            m_compare->addScenario({*s, QFileInfo(path).fileName(), QFileInfo(path).absoluteFilePath(), false});
    m_compare->raise();
    m_compare->activateWindow();
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

void MainWindow::saveSettings() {
    if (!m_options.useSettings)
        return;
    QSettings settings;
    settings.setValue(kGeometry, saveGeometry());
    settings.setValue(kState, saveState());
    settings.setValue(kBinaryUnits, m_gibAction->isChecked());
    if (const TimeView* t = view<TimeView>())
        settings.setValue(kBestLayout, t->bestLayoutShown());
    // The scenario as last saved or opened: after Discard the discarded edits are gone, not remembered (issue 28).
    settings.setValue(kScenario, io::scenarioToJson(m_document->savedScenario()));
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
