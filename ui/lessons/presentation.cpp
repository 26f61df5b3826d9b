#include "ui/lessons/presentation.h"

#include "ui/lessons/lessonplayer.h"
#include "ui/views/plot.h"
#include "ui/views/textline.h"

#include <QAbstractAxis>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenuBar>
#include <QSlider>
#include <QTabBar>
#include <QTabWidget>

#include <algorithm>

namespace tl::ui {

Presentation::Presentation(QMainWindow* window, QTabWidget* tabs, LessonPlayer* player, QDockWidget* lessonDock)
    : QObject(window), m_window(window), m_tabs(tabs), m_player(player), m_lessonDock(lessonDock) {
    setObjectName(QStringLiteral("presentation"));
}

QPalette Presentation::highContrastPalette() {
    // Black on white with saturated, dark accents: a projector washes out light tints and mid greys first.
    QPalette p;
    const QColor black(Qt::black), white(Qt::white);
    for (auto group : {QPalette::Active, QPalette::Inactive}) {
        p.setColor(group, QPalette::Window, white);
        p.setColor(group, QPalette::WindowText, black);
        p.setColor(group, QPalette::Base, white);
        p.setColor(group, QPalette::AlternateBase, QColor(0xee, 0xee, 0xee));
        p.setColor(group, QPalette::Text, black);
        p.setColor(group, QPalette::Button, QColor(0xe6, 0xe6, 0xe6));
        p.setColor(group, QPalette::ButtonText, black);
        p.setColor(group, QPalette::Highlight, QColor(0x00, 0x2b, 0x8f));
        p.setColor(group, QPalette::HighlightedText, white);
        p.setColor(group, QPalette::ToolTipBase, QColor(0xff, 0xff, 0xe0));
        p.setColor(group, QPalette::ToolTipText, black);
        p.setColor(group, QPalette::PlaceholderText, QColor(0x44, 0x44, 0x44));
        p.setColor(group, QPalette::Link, QColor(0x00, 0x2b, 0x8f));
    }
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x55, 0x55, 0x55));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x55, 0x55, 0x55));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x55, 0x55, 0x55));
    return p;
}

void Presentation::enter(bool fullScreen) {
    if (m_active)
        return;
    m_active = true;
    m_state = m_window->saveState();
    m_font = m_window->font();
    m_palette = m_window->palette();
    m_windowState = m_window->windowState();
    m_menuVisible = m_window->menuBar()->isVisible();
    m_tabBarVisible = m_tabs->tabBar()->isVisible();

    // Only the lesson dock stays: its step controls are the parameter panel of a presentation.
    for (QDockWidget* dock : m_window->findChildren<QDockWidget*>())
        if (dock != m_lessonDock && dock->parentWidget() == m_window)
            dock->hide();
    m_lessonDock->show();
    m_window->resizeDocks({m_lessonDock}, {m_window->width() / 3}, Qt::Horizontal);
    m_window->menuBar()->hide(); // F5 and Esc still leave (window shortcuts)
    m_tabs->tabBar()->hide();    // the step chooses the tab

    QFont big = m_font;
    big.setPointSizeF(QApplication::font().pointSizeF() * kFontScale);
    big.setWeight(QFont::DemiBold);
    // Widgets that chose their own size (headings, captions) keep their proportion, twice as large.
    m_explicitFonts.clear();
    for (QWidget* child : m_window->findChildren<QWidget*>()) {
        if (!child->testAttribute(Qt::WA_SetFont))
            continue;
        m_explicitFonts.append({child, child->font()});
        QFont f = child->font();
        f.setPointSizeF(f.pointSizeF() * kFontScale);
        f.setWeight(std::max(f.weight(), QFont::DemiBold));
        child->setFont(f);
    }
    m_unwrapped.clear();
    for (TextLine* line : m_window->findChildren<TextLine*>())
        if (!line->wrapping()) {
            m_unwrapped << line;
            line->setWrapping(true);
        }
    m_window->setFont(big);
    m_window->setPalette(highContrastPalette());
    scaleCharts(kFontScale);
    if (!m_player->step())
        m_player->setLesson(m_player->lessonIndex());
    qApp->installEventFilter(this);
    if (fullScreen)
        m_window->showFullScreen();
    emit activeChanged(true);
}

void Presentation::leave() {
    if (!m_active)
        return;
    m_active = false;
    qApp->removeEventFilter(this);
    scaleCharts(1.0);
    for (const auto& [widget, font] : m_explicitFonts)
        if (widget)
            widget->setFont(font);
    m_explicitFonts.clear();
    for (const auto& line : std::as_const(m_unwrapped)) // the captions that always wrap keep wrapping
        if (line)
            line->setWrapping(false);
    m_unwrapped.clear();
    m_window->setFont(m_font);
    m_window->setPalette(m_palette);
    m_window->menuBar()->setVisible(m_menuVisible);
    m_tabs->tabBar()->setVisible(m_tabBarVisible);
    m_window->setWindowState(m_windowState); // maximized (or full screen) as it was
    m_window->restoreState(m_state);
    emit activeChanged(false);
}

void Presentation::scaleCharts(double factor) {
    for (Plot* plot : m_window->findChildren<Plot*>())
        plot->setPresentation(factor);
    for (QChartView* view : m_window->findChildren<QChartView*>()) {
        QChart* chart = view->chart();
        if (!chart)
            continue;
        if (factor == 1.0) {
            const auto it = m_chartFonts.constFind(chart);
            if (it == m_chartFonts.cend())
                continue;
            chart->setFont(it->chart);
            chart->setTitle(it->title);
            const auto axes = chart->axes();
            for (int i = 0; i < axes.size() && i < it->labels.size(); ++i) {
                axes[i]->setLabelsFont(it->labels[i]);
                axes[i]->setTitleFont(it->titles[i]);
                axes[i]->setTitleVisible(it->titleVisible[i]);
            }
            continue;
        }
        // Presenting, the step's title says what the chart is: its own title and the vertical axis title, which
        // large type cannot fit along a 720-pixel-high plot, give way; the bars and callouts carry the units.
        ChartFonts saved{chart->font(), chart->title(), {}, {}, {}};
        chart->setTitle(QString());
        auto scaled = [factor](QFont f) {
            f.setPointSizeF(QApplication::font().pointSizeF() * factor);
            f.setWeight(QFont::DemiBold);
            return f;
        };
        chart->setFont(scaled(chart->font()));
        for (QAbstractAxis* axis : chart->axes()) {
            saved.labels << axis->labelsFont();
            saved.titles << axis->titleFont();
            saved.titleVisible << axis->isTitleVisible();
            if (axis->orientation() == Qt::Vertical)
                axis->setTitleVisible(false);
            axis->setLabelsFont(scaled(axis->labelsFont()));
            axis->setTitleFont(scaled(axis->titleFont()));
            // Black on the projector, but a label drawn transparent (the planner's placeholder numbers before its
            // first search) stays transparent.
            QColor black(Qt::black);
            black.setAlpha(axis->labelsColor().alpha());
            axis->setLabelsColor(black);
            axis->setTitleBrush(Qt::black);
        }
        m_chartFonts.insert(chart, saved);
    }
}

bool Presentation::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::KeyPress)
        return QObject::eventFilter(watched, event);
    auto* key = static_cast<QKeyEvent*>(event);
    const auto* target = qobject_cast<const QWidget*>(watched);
    if (!target || target->window() != m_window)
        return QObject::eventFilter(watched, event); // a dialog's own keys (Esc closes it)
    // Arrows belong to an editor that has the focus; a clicker's Page Up / Page Down always move the lesson.
    const QWidget* focus = QApplication::focusWidget();
    const bool editing = qobject_cast<const QAbstractSpinBox*>(focus) || qobject_cast<const QLineEdit*>(focus) ||
                         qobject_cast<const QComboBox*>(focus) || qobject_cast<const QSlider*>(focus);
    switch (key->key()) {
    case Qt::Key_PageDown:
        m_player->next();
        return true;
    case Qt::Key_PageUp:
        m_player->previous();
        return true;
    case Qt::Key_Right:
    case Qt::Key_Down:
        if (editing)
            break;
        m_player->next();
        return true;
    case Qt::Key_Left:
    case Qt::Key_Up:
        if (editing)
            break;
        m_player->previous();
        return true;
    case Qt::Key_Escape:
        leave();
        return true;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace tl::ui
