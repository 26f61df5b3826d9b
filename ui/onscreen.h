#pragma once
// A window no larger than its screen's free area, title bar and borders included, and moved onto it: a window that
// grew with its type or was sized for a large screen keeps its edges and buttons in sight (1280 x 720, 150%).

#include <QScreen>
#include <QWidget>

#include <algorithm>

namespace tl::ui {

inline void keepOnScreen(QWidget* w) {
    const QScreen* screen = w->screen();
    if (!screen || w->testAttribute(Qt::WA_DontShowOnScreen)) // a picture for a report or a screenshot: its size
        return;
    const QRect room = screen->availableGeometry();
    const QSize frame = w->frameGeometry().size() - w->size(); // the title bar and borders, once shown
    if (w->width() + frame.width() > room.width() || w->height() + frame.height() > room.height())
        w->resize(w->size().boundedTo(room.size() - frame));
    QRect g = w->frameGeometry();
    g.moveRight(std::min(g.right(), room.right()));
    g.moveBottom(std::min(g.bottom(), room.bottom()));
    g.moveLeft(std::max(g.left(), room.left()));
    g.moveTop(std::max(g.top(), room.top()));
    if (g.topLeft() != w->frameGeometry().topLeft())
        w->move(g.topLeft());
}

} // namespace tl::ui
