#pragma once
// Rows and columns of widgets in one expression: a row layout (a tool bar of buttons, a label and its field) and a
// plain widget holding a column with no margins (a page's body, one side of a splitter). The items are widgets,
// layouts, and the markers below.

#include <QBoxLayout>
#include <QWidget>

namespace tl::ui {

struct Stretch { // empty space that takes what is left
    int factor = 1;
};
struct Spacing { // fixed empty space
    int pixels = 0;
};
struct Stretched { // a widget that takes what is left
    QWidget* widget = nullptr;
    int factor = 1;
};

inline void addTo(QBoxLayout* box, QWidget* widget) {
    box->addWidget(widget);
}
inline void addTo(QBoxLayout* box, QLayout* layout) {
    box->addLayout(layout);
}
inline void addTo(QBoxLayout* box, Stretch s) {
    box->addStretch(s.factor);
}
inline void addTo(QBoxLayout* box, Spacing s) {
    box->addSpacing(s.pixels);
}
inline void addTo(QBoxLayout* box, Stretched s) {
    box->addWidget(s.widget, s.factor);
}

template <class... Items> QHBoxLayout* rowOf(Items... items) {
    auto* box = new QHBoxLayout;
    (addTo(box, items), ...);
    return box;
}

template <class... Items> QWidget* bareColumn(Items... items) {
    auto* widget = new QWidget;
    auto* box = new QVBoxLayout(widget);
    box->setContentsMargins(0, 0, 0, 0);
    (addTo(box, items), ...);
    return widget;
}

} // namespace tl::ui
