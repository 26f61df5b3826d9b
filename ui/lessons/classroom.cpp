#include "ui/lessons/classroom.h"

#include "ui/controller.h"
#include "ui/explain/explaindialog.h"
#include "ui/lessons/lessonplayer.h"
#include "ui/lessons/presentation.h"
#include "ui/mainwindow.h"
#include "ui/views/ledgertable.h"
#include "ui/views/memoryview.h"
#include "ui/views/pipelineview.h"
#include "ui/views/timeview.h"
#include "ui/views/verdictbanner.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QSplitter>
#include <QTabWidget>

namespace tl::ui {

namespace {

// The tab that shows a step's view (the banner is always on screen; memory and time share a tab).
QWidget* tabFor(MainWindow* w, const QString& view) {
    if (view == QLatin1String("pipeline"))
        return w->pipelineView();
    if (view == QLatin1String("ledger"))
        return w->ledgerTable();
    return w->memoryView()->parentWidget();
}

} // namespace

Classroom installClassroom(MainWindow* w) {
    Controller* controller = w->controller();
    Classroom c;
    c.player = new LessonPlayer(controller);
    auto* dock = new QDockWidget(MainWindow::tr("Lessons"), w);
    dock->setObjectName(QStringLiteral("lessonsDock"));
    dock->setWidget(c.player);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                      QDockWidget::DockWidgetClosable);
    w->addDockWidget(Qt::RightDockWidgetArea, dock);
    dock->hide(); // View > Lessons (Ctrl+L) or F5
    c.presentation = new Presentation(w, c.player, dock);

    auto explain = [w, controller](const QString& key) { explainNumber(w, controller, key); };
    QObject::connect(w->ledgerTable(), &LedgerTable::explainRequested, w, explain);
    QObject::connect(w->memoryView(), &MemoryView::explainRequested, w, explain);
    QObject::connect(w->timeView(), &TimeView::explainRequested, w, explain);
    QObject::connect(w->verdictBanner(), &VerdictBanner::explainRequested, w, explain);
    QObject::connect(c.player, &LessonPlayer::explainRequested, w, explain);

    // A step shows its view and its figure; presenting, the chart it is about gets the whole width.
    // The days curve shares a column with the step split under it: presenting hides or shows the whole column.
    const auto timeColumn = [w]() -> QWidget* {
        QWidget* parent = w->timeView()->parentWidget();
        return qobject_cast<QSplitter*>(parent) && parent->objectName().startsWith(QLatin1String("column:"))
                   ? parent
                   : w->timeView();
    };
    auto showStep = [w, c, timeColumn] {
        const io::LessonStep* step = c.player->step();
        const bool presenting = c.presentation->isActive();
        if (!step) {
            w->memoryView()->setVisible(true);
            timeColumn()->setVisible(true);
            return;
        }
        w->tabs()->setCurrentWidget(tabFor(w, step->view));
        w->ledgerTable()->highlightKey(step->figure);
        w->memoryView()->setStateOnly(step->figure == QLatin1String("memory.state") ||
                                      step->figure == QLatin1String("memory.state_per_param"));
        const bool memory = step->view == QLatin1String("memory");
        w->memoryView()->setVisible(!presenting || memory);
        timeColumn()->setVisible(!presenting || !memory);
    };
    QObject::connect(c.player, &LessonPlayer::stepShown, w, showStep);
    QObject::connect(c.presentation, &Presentation::activeChanged, w, [w, showStep, timeColumn](bool on) {
        showStep();
        if (!on) {
            w->memoryView()->setVisible(true);
            timeColumn()->setVisible(true);
        }
    });

    QMenu* view = w->menuBar()->findChild<QMenu*>(QStringLiteral("viewMenu"));
    if (!view)
        view = w->menuBar()->addMenu(MainWindow::tr("&View"));
    view->addSeparator();
    QAction* lessons = dock->toggleViewAction();
    lessons->setObjectName(QStringLiteral("lessonsAction"));
    lessons->setText(MainWindow::tr("&Lessons"));
    lessons->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    view->addAction(lessons);
    QAction* present = view->addAction(MainWindow::tr("&Present"));
    present->setObjectName(QStringLiteral("presentAction"));
    present->setCheckable(true);
    present->setShortcut(QKeySequence(Qt::Key_F5));
    present->setShortcutContext(Qt::ApplicationShortcut);
    present->setToolTip(MainWindow::tr("Large type and high contrast for a projector; Page Up / Page Down move "
                                       "through the lesson; Esc leaves"));
    QObject::connect(present, &QAction::toggled, c.presentation, &Presentation::setActive);
    QObject::connect(c.presentation, &Presentation::activeChanged, present, &QAction::setChecked);
    // The menu bar is hidden while presenting: the window keeps the shortcuts.
    w->addAction(present);
    QAction* explainAction = view->addAction(MainWindow::tr("&Explain This Number"));
    explainAction->setObjectName(QStringLiteral("explainAction"));
    explainAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    explainAction->setToolTip(MainWindow::tr("The formula, the values put in, the result and its source for the "
                                             "ledger row selected, or the lesson step's figure"));
    w->addAction(explainAction);
    QObject::connect(explainAction, &QAction::triggered, w, [w, c, explain] {
        QString key = w->tabs()->currentWidget() == w->ledgerTable() ? w->ledgerTable()->currentKey() : QString();
        if (key.isEmpty() && c.player->step())
            key = c.player->step()->figure;
        explain(key.isEmpty() ? QStringLiteral("memory.total") : key);
    });
    return c;
}

} // namespace tl::ui
