#pragma once
// The ZeRO grid of the current scenario: for ZeRO stage 0..3, which data-parallel rank holds which shard of the
// weights, gradients, FP32 master copy and optimizer state, and its bytes per rank (engine::labs::zeroGrid, read from
// the same Ledgers as the memory view's ZeRO comparison bars).

#include "engine/labs/zerogrid.h"

#include <QWidget>

#include <array>

class QComboBox;
class QLabel;
class QTableWidget;

namespace tl::ui::labs {

class ZeroGridView : public QWidget {
    Q_OBJECT
public:
    explicit ZeroGridView(QWidget* parent = nullptr); // objectName "zeroGridView"

    void setScenario(const engine::Scenario& s, const std::array<engine::Ledger, 4>& zeroLedgers);

    QTableWidget* table() const { return m_table; }
    QComboBox* stageCombo() const { return m_stage; }
    QLabel* caption() const { return m_caption; }
    const std::array<engine::labs::ZeroGrid, 4>& grids() const { return m_grids; }

    static constexpr int kShownRanks = 8; // then "…" and the last rank

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void fill();

    QComboBox* m_stage = nullptr;
    QLabel* m_stageLabel = nullptr;
    QLabel* m_caption = nullptr;
    QTableWidget* m_table = nullptr;
    std::array<engine::labs::ZeroGrid, 4> m_grids;
    int m_scenarioStage = -1;
    bool m_stale = false;
};

} // namespace tl::ui::labs
