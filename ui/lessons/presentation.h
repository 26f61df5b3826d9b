#pragma once
// Presentation mode (View > Present, F5; Esc leaves): type at least twice the normal size, a high-contrast palette
// that survives a washed-out projector, the parameter panel reduced to the current lesson step's controls (the
// lesson player's), and Page Up / Page Down (what presentation clickers send) and the arrow keys moving through
// the lesson's steps. The views hide what a projector has no room for themselves (EvaluationView::setPresenting,
// called by the classroom on activeChanged). Leaving restores the window exactly as it was: its docks, fonts,
// palette and window state (maximized stays maximized).

#include <QByteArray>
#include <QFont>
#include <QHash>
#include <QObject>
#include <QPalette>
#include <QPointer>

class QChart;
class QDockWidget;
class QMainWindow;
class QTabWidget;

namespace tl::ui {

class LessonPlayer;
class TextLine;

class Presentation : public QObject {
    Q_OBJECT
public:
    static constexpr double kFontScale = 2.0; // at least twice the normal point size (issue 12)

    Presentation(QMainWindow* window, QTabWidget* tabs, LessonPlayer* player, QDockWidget* lessonDock);

    bool isActive() const { return m_active; }
    // fullScreen = false keeps the window's size (screenshots and tests render at a chosen resolution).
    void enter(bool fullScreen = true);
    void leave();
    void setActive(bool on) { on ? enter() : leave(); }

    static QPalette highContrastPalette();

signals:
    void activeChanged(bool active);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void scaleCharts(double factor);

    QMainWindow* m_window;
    QTabWidget* m_tabs;
    LessonPlayer* m_player;
    QDockWidget* m_lessonDock;
    bool m_active = false;
    QByteArray m_state;
    QFont m_font;
    QPalette m_palette;
    Qt::WindowStates m_windowState;
    bool m_menuVisible = true, m_tabBarVisible = true;
    struct ChartFonts {
        QFont chart;
        QString title;
        QList<QFont> labels, titles;
        QList<bool> titleVisible;
    };
    QHash<QChart*, ChartFonts> m_chartFonts;
    QList<QPair<QPointer<QWidget>, QFont>> m_explicitFonts; // widgets that set their own font, as they were
    QList<QPointer<TextLine>> m_unwrapped;                  // lines that wrap only while presenting
};

} // namespace tl::ui
