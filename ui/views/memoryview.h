#pragma once
// Per-GPU memory as stacked bars, one colour per category, for this plan and for the same scenario under ZeRO 0-3
// (seed 000 §5), with a line at the GPU's capacity. Values on hover; GB (1e9) or GiB (2^30) on the axis.
// Updates replace the bar values and the line's points in place: the chart is built once.

#include "engine/ledgerfields.h"
#include "ui/views/view.h"

#include <QString>
#include <QWidget>

#include <array>

class QCheckBox;
class QContextMenuEvent;
class QLabel;

class QBarSet;
class QLineSeries;

namespace tl::ui {

class Plot;
class TextLine;

class MemoryView : public QWidget, public EvaluationView {
    Q_OBJECT
public:
    static constexpr int kCategories = int(engine::kMemoryParts); // engine::memoryParts order
    static constexpr int kBars = 5;                               // this plan, ZeRO-0, -1, -2, -3

    explicit MemoryView(QWidget* parent = nullptr); // objectName "memoryView"

    // The plan's ledger and the same scenario under parallel.zero = 0..3 (Evaluation::zero).
    void setEvaluation(const engine::Evaluation& evaluation) override;
    void setBinaryUnits(bool gib) override;
    bool binaryUnits() const { return m_gib; }
    // State only (the ZeRO lesson): weights, gradients, master and optimizer, without activations and buffers, each
    // bar labelled in multiples of N as seed 000 §5 writes them (16N, 7N, 5.5N, 4N).
    void setStateOnly(bool on);
    bool stateOnly() const { return m_stateOnly; }

    // While a slider is dragged the chart draws without antialiasing (a frame in about half the time); releasing
    // it redraws smoothly.
    void setDragging(bool dragging) override;
    void setPresenting(bool on) override;

    // For tests: the bar set of one category (values in the axis unit, GB or GiB) and the capacity line.
    QBarSet* barSet(int category) const { return m_sets[size_t(category)]; }
    QLineSeries* capacitySeries() const { return m_capacity; }
    Plot* plot() const { return m_plot; }
    QString caption() const;
    QStringList totalTexts() const; // the totals printed above the bars
    double unitBytes() const;

protected:
    void contextMenuEvent(QContextMenuEvent* event) override; // Explain, on the bar segment clicked first
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void render();
    void placeTotals(); // the category names that fit, and the totals above the bars
    QString hoverText(int category, int bar) const;

    std::array<engine::Ledger, kBars> m_ledgers;
    bool m_gib = false;
    bool m_stateOnly = false;
    int m_hoveredCategory = -1; // the bar segment under the mouse, for the context menu
    int m_hoveredBar = -1;      // its bar: 0 the plan, 1 to 4 ZeRO 0 to 3
    QCheckBox* m_stateToggle;
    Plot* m_plot;
    std::array<QBarSet*, kCategories> m_sets{};
    QLineSeries* m_capacity;
    QCheckBox* m_unitToggle;
    TextLine* m_caption;
    QLabel* m_legend;
};

} // namespace tl::ui
