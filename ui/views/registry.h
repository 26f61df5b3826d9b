#pragma once
// The window's views, one line each (registry.cpp), and everything a view contributes: its place (above the tabs,
// a tab of its own or beside another view), its File > Export entries, its place in the PDF report and in
// presentation mode. MainWindow, the classroom, presentation mode, the report, --export and --screenshot loop over
// this list. A new view costs its .h, its .cpp, one CMake line and one line here.

#include <QByteArray>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <optional>
#include <vector>

namespace tl::ui {

class Controller;
class EvaluationView;

// A data file a view writes (File > Export): from the window's view (what it shows, such as the best-layout curve)
// and the controller's evaluation.
struct ViewData {
    const char* id;       // stable, for tests and scripts: "days-curve"
    const char* title;    // the menu text (translated in context "views")
    const char* suffixes; // the formats, comma-separated: "csv,md"
    std::optional<QByteArray> (*write)(const Controller& controller, QWidget* windowView, const QString& suffix);
};

// Where the PDF report draws a view: not at all, on its first page (such views share what the page has left), or
// later under its picture's title (derived efficiency only: in fixed mode a typed MFU is all the split says).
enum class ReportRole { None, FirstPage, DerivedSection };

struct ViewInfo {
    const char* id;  // the --export / --screenshot --view name
    const char* tab; // the tab (translated in context "views"); views naming the same tab share it side by side;
                     // nullptr: above the tabs
    bool under;      // in its tab, under the view before it rather than beside it
    QSize screenshotSize;
    QWidget* (*create)(Controller*); // views that edit (the planner, the scaling lab) keep the controller
    const char* picture = nullptr;   // File > Export's entry for its picture (PNG, SVG) as "<id>-chart"; nullptr: none
    std::vector<ViewData> data = {}; // its data files
    ReportRole report = ReportRole::None;
    bool presented = true; // shown in presentation mode (false: it gives its room to the large type)
};

const std::vector<ViewInfo>& viewRegistry();
const ViewInfo* findView(const QString& id);
QStringList viewIds();                         // in registry order
EvaluationView* asView(QWidget* w);            // nullptr for a widget that reads the controller itself
QString pictureExportId(const ViewInfo& view); // "memory-chart"

} // namespace tl::ui
