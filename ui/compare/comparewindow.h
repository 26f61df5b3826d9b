#pragma once
// Compare two scenarios side by side: A (the window's scenario when the comparison was opened) and B (a file).
// Per-GPU memory by category as paired bars, both days-against-GPUs curves on one chart, and a table of every
// scenario and ledger key that differs (engine::compareScenarios). Swap A and B; make B the window's scenario.
// Every number comes from engine::evaluateAll and engine::formatLedgerValue.

#include "engine/evaluate.h"
#include "engine/ledger.h"
#include "engine/scenario.h"

#include <QString>
#include <QStringList>
#include <QWidget>

#include <array>
#include <vector>

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
    explicit CompareWindow(QWidget* parent = nullptr); // a window of its own; objectName "compareWindow"

    void setSides(const CompareSide& a, const CompareSide& b);
    const CompareSide& sideA() const { return m_sides[0]; }
    const CompareSide& sideB() const { return m_sides[1]; }
    void swapSides();

    // For tests and screenshots.
    QStringList differenceKeys() const; // in table order: scenario keys, then ledger keys
    QTableWidget* differenceTable() const { return m_table; }
    QBarSet* memorySet(int side) const { return m_memorySets[size_t(side)]; }
    QLineSeries* curveSeries(int side) const { return m_curves[size_t(side)]; }
    QString summaryText(int side) const;
    QPushButton* swapButton() const { return m_swap; }
    QPushButton* makeCurrentButton() const { return m_makeCurrent; }

signals:
    void makeCurrentRequested(const tl::ui::CompareSide& b);

private:
    void render();
    void renderMemory();
    void renderTime();
    void renderTable();

    std::array<CompareSide, 2> m_sides;
    std::array<engine::Evaluation, 2> m_evaluations; // engine::evaluateAll of each side

    std::array<QLabel*, 2> m_headers{};
    QChart* m_memoryChart = nullptr;
    std::array<QBarSet*, 2> m_memorySets{};
    QBarCategoryAxis* m_memoryX = nullptr;
    QValueAxis* m_memoryY = nullptr;
    std::array<QLineSeries*, 2> m_capacity{};
    QChart* m_timeChart = nullptr;
    std::array<QLineSeries*, 2> m_curves{};
    std::array<QLineSeries*, 2> m_deadlines{};
    std::array<QScatterSeries*, 2> m_plans{};
    QLogValueAxis* m_timeX = nullptr;
    QLogValueAxis* m_timeY = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_tableCaption = nullptr;
    QPushButton* m_swap = nullptr;
    QPushButton* m_makeCurrent = nullptr;
};

} // namespace tl::ui
