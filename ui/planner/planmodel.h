#pragma once
// The planner's results as a sortable table model: one row per plan, with the layout, GPUs, days, dollars, MFU,
// memory per GPU, headroom and the bottleneck. Qt::DisplayRole is text with units; Qt::UserRole the raw number
// (what sort() orders by), so a view or a proxy can sort numerically.

#include "engine/layoutplanner.h"

#include <QAbstractTableModel>

#include <vector>

namespace tl::ui {

class PlanModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Rank, Layout, Gpus, Days, Cost, Mfu, Memory, Headroom, Bottleneck, ColumnCount };

    explicit PlanModel(QObject* parent = nullptr);

    void setPlans(std::vector<engine::Plan> plans); // in the objective's order: Rank is that order
    void retranslate();                             // the headers and cells in the current language
    const engine::Plan* plan(int row) const;        // nullptr outside the rows
    int rowOfRank(int rank) const;                  // the row showing the plan ranked `rank` (1-based), or -1

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    QVariant sortValue(int row, int column) const;

    std::vector<engine::Plan> m_plans;
    std::vector<int> m_ranks; // rank (1-based) of each row's plan
};

} // namespace tl::ui
