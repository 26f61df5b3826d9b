#pragma once
// A lab page inside a frameless scroll area: on a small screen (1366 x 768) the page scrolls instead of making the
// whole window larger than the screen.

#include <QFrame>
#include <QScrollArea>

namespace tl::ui::labs {

inline QWidget* scrollable(QWidget* page) {
    auto* area = new QScrollArea;
    area->setObjectName(page->objectName() + QStringLiteral("Scroll"));
    area->setWidget(page);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    return area;
}

} // namespace tl::ui::labs
