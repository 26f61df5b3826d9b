#pragma once
// Compare two to four scenarios side by side: A (the window's scenario when the comparison was opened) and B, C, D
// (files). Per-GPU memory by category as grouped bars, every days-against-GPUs curve on one chart (each in its own
// colour and dash, so curves that coincide stay visible), and a table of every scenario and ledger key that differs
// from A (engine::compareScenarios) with, for two scenarios, the difference B - A and in percent. Swap A and B; make
// B the window's scenario; export the comparison as a PDF report.
// Every number comes from engine::evaluateAll and engine::formatLedgerValue.

#include "engine/evaluate.h"
#include "engine/ledger.h"
#include "engine/scenario.h"
#include "ui/i18n/retranslator.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <array>
#include <vector>

class QBarSeries;
class QBarSet;
class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QPushButton;
class QScatterSeries;
class QTableWidget;
class QValueAxis;
class QBarCategoryAxis;

namespace tl::ui {

struct CompareSide {
    engine::Scenario scenario;
    QString name;          // shown in the headers: a file name or "Untitled"
    QString path;          // empty when the scenario has no file
    bool modified = false; // differs from its file (unsaved changes)
};

class CompareWindow : public QWidget {
    Q_OBJECT
public:
    static constexpr int kMaxSides = 4;
    explicit CompareWindow(QWidget* parent = nullptr); // a window of its own; objectName "compareWindow"

    void setSides(const CompareSide& a, const CompareSide& b);
    void setScenarios(const std::vector<CompareSide>& sides); // 2 to kMaxSides (more are ignored)
    bool addScenario(const CompareSide& side);                // false when kMaxSides are shown
    int sideCount() const { return int(m_sides.size()); }
    const CompareSide& side(int i) const { return m_sides[size_t(i)]; }
    const CompareSide& sideA() const { return m_sides[0]; }
    const CompareSide& sideB() const { return m_sides[1]; }
    const engine::Ledger& ledger(int i) const { return m_evaluations[size_t(i)].ledger; }
    static QString letter(int i); // "A", "B", "C", "D"
    void swapSides();

    // The figures that decide a plan for every side (and B - A for two), as an HTML table for the report.
    QString figuresHtml() const;
    QList<QChartView*> chartViews() const { return {m_memoryView, m_timeView}; }
    // A chart's legend as HTML (a filled swatch in each entry's colour, then its name): the report prints it under
    // the chart in place of the chart's own legend, whose markers PDF viewers do not show.
    static QString legendHtml(QChartView* view);

    // For tests and screenshots.
    QStringList differenceKeys() const; // in table order: days and cost, scenario keys, then the other ledger keys
    QTableWidget* differenceTable() const { return m_table; }
    QBarSet* memorySet(int side) const { return m_memorySets[size_t(side)]; }
    QLineSeries* curveSeries(int side) const { return m_curves[size_t(side)]; }
    QString summaryText(int side) const;
    QPushButton* swapButton() const { return m_swap; }
    QPushButton* makeCurrentButton() const { return m_makeCurrent; }
    QPushButton* addButton() const { return m_add; }
    QPushButton* exportButton() const { return m_export; }

signals:
    void makeCurrentRequested(const tl::ui::CompareSide& b);
    void addRequested();          // the Add Scenario button: the owner asks for a file and calls addScenario
    void exportReportRequested(); // the Export Report button: the owner asks for a file name

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override; // on its screen

private:
    void render();
    void renderMemory();
    void renderTime();
    void fitTimeLegend(); // a shared deadline's legend entry shortened where the row is too narrow
    void renderTable();

    Retranslator m_texts;
    std::vector<CompareSide> m_sides;
    std::vector<engine::Evaluation> m_evaluations; // engine::evaluateAll of each side

    std::array<QLabel*, kMaxSides> m_headers{};
    QChart* m_memoryChart = nullptr;
    QChartView* m_memoryView = nullptr;
    QBarSeries* m_bars = nullptr;
    std::array<QBarSet*, kMaxSides> m_memorySets{};
    QBarCategoryAxis* m_memoryX = nullptr;
    QValueAxis* m_memoryY = nullptr;
    std::array<QLineSeries*, kMaxSides> m_capacity{};
    QChart* m_timeChart = nullptr;
    QChartView* m_timeView = nullptr;
    std::array<QLineSeries*, kMaxSides> m_curves{};
    std::array<QLineSeries*, kMaxSides> m_deadlines{};
    std::array<QScatterSeries*, kMaxSides> m_plans{};
    QLogValueAxis* m_timeX = nullptr;
    QLogValueAxis* m_timeY = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_tableCaption = nullptr;
    QPushButton* m_swap = nullptr;
    QPushButton* m_makeCurrent = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_export = nullptr;
};

} // namespace tl::ui
