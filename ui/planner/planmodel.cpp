#include "ui/planner/planmodel.h"

#include "engine/units.h"
#include "ui/i18n/enginetext.h"

#include <algorithm>
#include <numeric>

namespace tl::ui {

PlanModel::PlanModel(QObject* parent) : QAbstractTableModel(parent) {}

void PlanModel::retranslate() {
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    emit headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
}

void PlanModel::setPlans(std::vector<engine::Plan> plans) {
    beginResetModel();
    m_plans = std::move(plans);
    m_ranks.resize(m_plans.size());
    std::iota(m_ranks.begin(), m_ranks.end(), 1);
    endResetModel();
}

const engine::Plan* PlanModel::plan(int row) const {
    return row >= 0 && row < int(m_plans.size()) ? &m_plans[size_t(row)] : nullptr;
}

int PlanModel::rowOfRank(int rank) const {
    const auto it = std::find(m_ranks.begin(), m_ranks.end(), rank);
    return it == m_ranks.end() ? -1 : int(it - m_ranks.begin());
}

int PlanModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_plans.size());
}

int PlanModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PlanModel::sortValue(int row, int column) const {
    const engine::Plan& p = m_plans[size_t(row)];
    switch (column) {
    case Rank:
        return m_ranks[size_t(row)];
    case Layout:
        return layoutText(p.layout, LayoutStyle::Short);
    case Gpus:
        return qlonglong(p.gpus());
    case Days:
        return p.days;
    case Cost:
        return p.usd;
    case Mfu:
        return p.mfu;
    case Memory:
        return p.memoryTotal;
    case Headroom:
        return p.headroom();
    case Bottleneck:
        return bottleneckText(p.bottleneck);
    default:
        return {};
    }
}

QVariant PlanModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const engine::Plan& p = m_plans[size_t(index.row())];
    if (role == Qt::UserRole)
        return sortValue(index.row(), index.column());
    if (role == Qt::TextAlignmentRole)
        return index.column() == Layout || index.column() == Bottleneck ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                        : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Layout)
        return tr("Apply sets these keys: %1").arg(layoutText(p.layout, LayoutStyle::Short));
    if (role == Qt::ToolTipRole && index.column() == Days) // the ranked days count faults and checkpoints
        return tr("%1 with faults and checkpoints (time.days_effective), %2 of computing")
            .arg(valueText(p.days, engine::Unit::Days), valueText(p.daysCompute, engine::Unit::Days));
    if (role == Qt::ToolTipRole && index.column() == Bottleneck) // the column is the last and often elided
        return bottleneckText(p.bottleneck);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Rank:
        return m_ranks[size_t(index.row())];
    case Layout:
        return layoutText(p.layout, LayoutStyle::Short);
    case Gpus:
        return QString::fromStdString(engine::groupDigits(double(p.gpus())));
    case Days:
        return tr("%1 d").arg(p.days, 0, 'f', p.days < 10 ? 2 : 1);
    case Cost:
        return QString::fromStdString("$" + engine::groupDigits(p.usd));
    case Mfu:
        return tr("%1%").arg(p.mfu * 100, 0, 'f', 1);
    case Memory:
        return QString::fromStdString(engine::formatGB(p.memoryTotal));
    case Headroom:
        return tr("%1%").arg(p.headroom() * 100, 0, 'f', 0);
    case Bottleneck:
        return bottleneckText(p.bottleneck);
    default:
        return {};
    }
}

QVariant PlanModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == Days)
        return tr("Days with checkpoints, the work lost to faults and the restarts counted: the time gate's days, "
                  "by which the planner ranks");
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == Memory)
        return tr("Memory per GPU at its peak: weights, gradients, optimizer state, activations and buffers");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Rank:
        return tr("#");
    case Layout:
        return tr("Layout");
    case Gpus:
        return tr("GPUs");
    case Days:
        return tr("Days");
    case Cost:
        return tr("Cost");
    case Mfu:
        return tr("MFU");
    case Memory:
        return tr("Memory"); // per GPU: its tooltip, and the values' unit (GB)
    case Headroom:
        return tr("Free");
    case Bottleneck:
        return tr("Bottleneck");
    default:
        return {};
    }
}

void PlanModel::sort(int column, Qt::SortOrder order) {
    if (column < 0 || column >= ColumnCount)
        return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<int> rows(m_plans.size());
    std::iota(rows.begin(), rows.end(), 0);
    // Stable, with the rank as the tie-break: equal days keep the objective's order.
    std::stable_sort(rows.begin(), rows.end(), [&](int a, int b) {
        const QVariant va = sortValue(a, column), vb = sortValue(b, column);
        const QPartialOrdering c = QVariant::compare(va, vb);
        if (c == QPartialOrdering::Equivalent || c == QPartialOrdering::Unordered)
            return m_ranks[size_t(a)] < m_ranks[size_t(b)];
        return order == Qt::AscendingOrder ? c == QPartialOrdering::Less : c == QPartialOrdering::Greater;
    });
    std::vector<engine::Plan> plans;
    std::vector<int> ranks, newRowOf(rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        plans.push_back(m_plans[size_t(rows[i])]);
        ranks.push_back(m_ranks[size_t(rows[i])]);
        newRowOf[size_t(rows[i])] = int(i);
    }
    m_plans = std::move(plans);
    m_ranks = std::move(ranks);
    QModelIndexList after;
    for (const QModelIndex& i : before)
        after << index(newRowOf[size_t(i.row())], i.column());
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

} // namespace tl::ui
