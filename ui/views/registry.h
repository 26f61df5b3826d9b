#pragma once
// The window's views, one line each (registry.cpp): the main window's tabs and View menu and the screenshot's
// --view list all come from this list. A new view costs its own file, its test and one line there.

#include <QSize>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <vector>

namespace tl::ui {

class Controller;
class EvaluationView;

struct ViewInfo {
    const char* id;  // the --screenshot --view name
    const char* tab; // the tab (translated in context "views"); views naming the same tab share it side by side;
                     // nullptr: above the tabs
    bool under;      // in its tab, under the view before it rather than beside it
    QSize screenshotSize;
    QWidget* (*create)(Controller*); // views that edit (the planner, the scaling lab) keep the controller
};

const std::vector<ViewInfo>& viewRegistry();
const ViewInfo* findView(const QString& id);
QStringList viewIds();              // in registry order
EvaluationView* asView(QWidget* w); // nullptr for a widget that reads the controller itself

} // namespace tl::ui
