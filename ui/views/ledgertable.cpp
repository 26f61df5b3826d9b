#include "ui/views/ledgertable.h"

#include "ui/i18n/enginetext.h"

#include "engine/ledgerfields.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QKeyEvent>

#include <algorithm>

namespace tl::ui {

LedgerTableModel::LedgerTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void LedgerTableModel::setLedger(const engine::Ledger& ledger) {
    m_ledger = ledger;
    if (rowCount() > 0)
        emit dataChanged(index(0, Value), index(rowCount() - 1, Value));
}

int LedgerTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(engine::ledgerFields().size());
}

int LedgerTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LedgerTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const engine::LedgerField& f = engine::ledgerFields()[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case Label:
            return engineLabel(f.label);
        case Value:
            return QString::fromStdString(engine::formatLedgerValue(f.get(m_ledger), f.unit));
        case Key:
            return QString::fromUtf8(f.key);
        }
        return {};
    case Qt::ToolTipRole:
        return engineText(f.help);
    case Qt::TextAlignmentRole:
        return index.column() == Value ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                       : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant LedgerTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Label:
        return tr("Quantity");
    case Value:
        return tr("Value");
    case Key:
        return tr("Ledger key");
    }
    return {};
}

LedgerTable::LedgerTable(QWidget* parent) : QTableView(parent), m_model(new LedgerTableModel(this)) {
    setObjectName(QStringLiteral("ledgerTable"));
    setModel(m_model);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setAlternatingRowColors(true);
    setWordWrap(false);
    verticalHeader()->hide();
    horizontalHeader()->setStretchLastSection(true);
    // Sized to the contents when shown, not on every update (ResizeToContents measured every cell on each step).
    horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
}

void LedgerTable::showEvent(QShowEvent* event) {
    QTableView::showEvent(event);
    resizeColumnToContents(LedgerTableModel::Label);
    resizeColumnToContents(LedgerTableModel::Value);
    setColumnWidth(LedgerTableModel::Value,
                   columnWidth(LedgerTableModel::Value) + fontMetrics().averageCharWidth() * 6);
}

QString LedgerTable::selectedText() const {
    QList<int> rows;
    for (const QModelIndex& i : selectionModel()->selectedRows())
        rows << i.row();
    std::sort(rows.begin(), rows.end());
    QStringList lines;
    for (int r : rows) {
        QStringList cells;
        for (int c = 0; c < LedgerTableModel::ColumnCount; ++c)
            cells << m_model->index(r, c).data().toString();
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.isEmpty() ? QString() : lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void LedgerTable::copySelection() const {
    const QString text = selectedText();
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

void LedgerTable::keyPressEvent(QKeyEvent* event) {
    if (event->matches(QKeySequence::Copy)) {
        copySelection();
        event->accept();
        return;
    }
    QTableView::keyPressEvent(event);
}

} // namespace tl::ui
