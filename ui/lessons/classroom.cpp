#include "ui/lessons/classroom.h"

#include "ui/controller.h"
#include "ui/lessons/lessonplayer.h"
#include "ui/lessons/presentation.h"
#include "ui/mainwindow.h"
#include "ui/views/ledgertable.h"
#include "ui/views/memoryview.h"
#include "ui/views/registry.h"
#include "ui/views/view.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QSplitter>
#include <QTabWidget>

namespace tl::ui {

namespace {

// Narrower than this, the lessons beside the tabs would leave the two charts of "Memory and time" under ~450 px each.
constexpr int kLessonsBesideWidth = 1600;

// The widget that holds a registered view in its tab: the view, or the column it shares with a view under it.
QWidget* holder(QWidget* view) {
    QWidget* parent = view ? view->parentWidget() : nullptr;
    auto* column = qobject_cast<QSplitter*>(parent);
    return column && column->orientation() == Qt::Vertical ? parent : view;
}

// The tab page that shows a view; nullptr for a view above the tabs (the verdict is always on screen).
QWidget* tabOf(MainWindow* w, QWidget* view) {
    for (QWidget* p = view; p; p = p->parentWidget())
        if (w->tabs()->indexOf(p) >= 0)
            return p;
    return nullptr;
}

} // namespace

Classroom installClassroom(MainWindow* w) {
    Controller* controller = w->controller();
    Classroom c;
    c.player = new LessonPlayer(controller);
    auto* dock = new QDockWidget(w);
    dock->setObjectName(QStringLiteral("lessonsDock"));
    w->addTexts([dock] { dock->setWindowTitle(MainWindow::tr("Lessons")); });
    dock->setWidget(c.player);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                      QDockWidget::DockWidgetClosable);
    w->addDockWidget(Qt::RightDockWidgetArea, dock);
    dock->hide(); // View > Lessons (Ctrl+L) or F5
    c.presentation = new Presentation(w, w->tabs(), c.player, dock);
    QObject::connect(c.player, &LessonPlayer::explainRequested, w, &MainWindow::explain);
    QObject::connect(c.player, &LessonPlayer::languageRequested, w, &MainWindow::setLanguage);

    // A step shows its view's tab and its figure; presenting, the view it is about takes the whole tab (the views
    // sharing it give way), and views that give their room to the large type stay hidden.
    auto showStep = [w, c] {
        const io::LessonStep* step = c.player->step();
        const bool presenting = c.presentation->isActive();
        QWidget* about = step ? w->view(step->view) : nullptr;
        QWidget* tab = tabOf(w, about);
        if (step && tab)
            w->tabs()->setCurrentWidget(tab);
        for (const ViewInfo& info : viewRegistry()) {
            QWidget* v = w->view(QString::fromLatin1(info.id));
            if (!v || !info.tab || w->tabs()->indexOf(v) >= 0)
                continue; // above the tabs, or a tab of its own (the tab widget shows and hides it)
            const bool alone = presenting && about && tab && tabOf(w, v) == tab && holder(v) != holder(about);
            holder(v)->setVisible(!alone);
            if (!info.presented)
                v->setVisible(!presenting);
        }
        if (!step)
            return;
        if (auto* table = w->view<LedgerTable>())
            table->highlightKey(step->figure);
        if (auto* memory = w->view<MemoryView>())
            memory->setStateOnly(step->figure == QLatin1String("memory.state") ||
                                 step->figure == QLatin1String("memory.state_per_param"));
    };
    QObject::connect(c.player, &LessonPlayer::stepShown, w, showStep);
    QObject::connect(c.presentation, &Presentation::activeChanged, w, [w, showStep](bool on) {
        for (QWidget* v : w->views())
            if (EvaluationView* e = asView(v))
                e->setPresenting(on);
        showStep();
    });

    QMenu* view = w->menuBar()->findChild<QMenu*>(QStringLiteral("viewMenu"));
    if (!view)
        view = w->menuBar()->addMenu(MainWindow::tr("&View"));
    view->addSeparator();
    QAction* lessons = dock->toggleViewAction();
    lessons->setObjectName(QStringLiteral("lessonsAction"));
    // Opened on a narrow window (1280 x 720), the lessons go under the parameters instead of taking a third column:
    // the charts keep the width (the days chart's plot was about 200 x 100 px beside them); on a wide window they
    // stand right of the tabs. Only where the window put them: a dock the user moved or floated stays.
    QObject::connect(lessons, &QAction::triggered, w, [w, dock, c](bool shown) {
        if (!shown || dock->isFloating() || c.presentation->isActive())
            return;
        auto* parameters = w->findChild<QDockWidget*>(QStringLiteral("parametersDock"));
        if (!parameters || parameters->isFloating() || !parameters->isVisible() ||
            w->dockWidgetArea(parameters) != Qt::LeftDockWidgetArea)
            return;
        const bool narrow = w->width() < kLessonsBesideWidth;
        const Qt::DockWidgetArea area = w->dockWidgetArea(dock);
        if (narrow && area == Qt::RightDockWidgetArea) {
            w->splitDockWidget(parameters, dock, Qt::Vertical);
            // The lesson is what is read: it takes the larger part; the panel scrolls above it.
            const int height = parameters->height() + dock->height();
            w->resizeDocks({parameters, dock}, {height * 2 / 5, height - height * 2 / 5}, Qt::Vertical);
        } else if (!narrow && area == Qt::LeftDockWidgetArea) {
            w->addDockWidget(Qt::RightDockWidgetArea, dock);
        }
    });
    lessons->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    w->addTexts([lessons] { lessons->setText(MainWindow::tr("Le&ssons")); });
    view->addAction(lessons);
    QAction* present = view->addAction(QString());
    present->setObjectName(QStringLiteral("presentAction"));
    present->setCheckable(true);
    present->setShortcut(QKeySequence(Qt::Key_F5));
    present->setShortcutContext(Qt::ApplicationShortcut);
    w->addTexts([present] {
        present->setText(MainWindow::tr("&Present"));
        present->setToolTip(MainWindow::tr("Large type and high contrast for a projector; Page Up / Page Down move "
                                           "through the lesson; Esc leaves"));
    });
    QObject::connect(present, &QAction::toggled, c.presentation, &Presentation::setActive);
    QObject::connect(c.presentation, &Presentation::activeChanged, present, &QAction::setChecked);
    // The menu bar is hidden while presenting: the window keeps the shortcuts.
    w->addAction(present);
    QAction* explainAction = view->addAction(QString());
    explainAction->setObjectName(QStringLiteral("explainAction"));
    explainAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    w->addTexts([explainAction] {
        explainAction->setText(MainWindow::tr("&Explain This Number"));
        explainAction->setToolTip(MainWindow::tr("The formula, the values put in, the result and its source for the "
                                                 "ledger row selected, or the lesson step's figure"));
    });
    w->addAction(explainAction);
    QObject::connect(explainAction, &QAction::triggered, w, [w, c] {
        // The row selected in the view in front, else the lesson step's figure.
        QString key;
        for (QWidget* v : w->views())
            if (EvaluationView* e = asView(v);
                e && key.isEmpty() && v->isVisible() && tabOf(w, v) && tabOf(w, v) == w->tabs()->currentWidget())
                key = e->currentKey();
        if (key.isEmpty() && c.player->step())
            key = c.player->step()->figure;
        w->explain(key.isEmpty() ? QStringLiteral("memory.total") : key);
    });
    return c;
}

} // namespace tl::ui
