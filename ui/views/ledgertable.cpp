#include "ui/views/ledgertable.h"

#include "ui/i18n/enginetext.h"

#include "engine/ledgerfields.h"
#include "engine/units.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QEvent>
#include <QFont>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMenu>
#include <QPalette>
#include <QResizeEvent>

#include <algorithm>
#include <cmath>

namespace tl::ui {

QString fieldValueText(const engine::LedgerField& f, const engine::Ledger& l) {
    const engine::LedgerValue v = f.get(l);
    if (const double* x = std::get_if<double>(&v); x && std::isfinite(*x)) {
        if (f.unit == engine::Unit::Ratio)
            return QString::fromStdString(engine::formatTrimmed(*x, 4));
        if (f.unit == engine::Unit::Seconds && *x >= 120) {
            const engine::ValueText t = engine::spanText(*x);
            return engineText(t.pattern).arg(QString::fromStdString(t.a));
        }
    }
    return valueText(v, f.unit);
}

LedgerTableModel::LedgerTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void LedgerTableModel::setLedger(const engine::Ledger& ledger) {
    m_ledger = ledger;
    if (rowCount() > 0)
        emit dataChanged(index(0, Value), index(rowCount() - 1, Value));
}

void LedgerTableModel::retranslate() {
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

void LedgerTableModel::setHighlighted(int row) {
    if (row == m_highlighted)
        return;
    const int old = m_highlighted;
    m_highlighted = row;
    for (int r : {old, row})
        if (r >= 0 && r < rowCount())
            emit dataChanged(index(r, 0), index(r, ColumnCount - 1));
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
            return fieldValueText(f, m_ledger);
        case Key:
            return QString::fromUtf8(f.key);
        }
        return {};
    case Qt::ToolTipRole:
        return engineText(f.help); // the context menu and Ctrl+E explain the number
    case Qt::FontRole:
        if (index.row() == m_highlighted) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::BackgroundRole:
        return index.row() == m_highlighted ? QVariant(QColor(0xff, 0xe0, 0x82)) : QVariant();
    case Qt::ForegroundRole:
        return index.row() == m_highlighted ? QVariant(QColor(Qt::black)) : QVariant();
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
    fitColumns();
}

void LedgerTable::fitColumns() {
    resizeColumnToContents(LedgerTableModel::Label);
    resizeColumnToContents(LedgerTableModel::Value);
    const int spare = fontMetrics().averageCharWidth() * (isColumnHidden(LedgerTableModel::Key) ? 1 : 6);
    setColumnWidth(LedgerTableModel::Value, columnWidth(LedgerTableModel::Value) + spare);
    if (isColumnHidden(LedgerTableModel::Key)) {
        // Label and value share the width: the value whole, the label what is left.
        const int room = viewport()->width() - columnWidth(LedgerTableModel::Value);
        if (columnWidth(LedgerTableModel::Label) > room)
            setColumnWidth(LedgerTableModel::Label, std::max(fontMetrics().averageCharWidth() * 8, room));
    }
}

void LedgerTable::setPresenting(bool on) {
    setColumnHidden(LedgerTableModel::Key, on);
    fitColumns();
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

QString LedgerTable::currentKey() const {
    const int row = currentIndex().row();
    if (row < 0 || row >= m_model->rowCount())
        return {};
    return QString::fromUtf8(engine::ledgerFields()[size_t(row)].key);
}

int LedgerTable::rowOf(const QString& key) const {
    const auto& fields = engine::ledgerFields();
    for (size_t i = 0; i < fields.size(); ++i)
        if (key == QLatin1String(fields[i].key))
            return int(i);
    return -1;
}

void LedgerTable::highlightKey(const QString& key) {
    const int row = rowOf(key);
    m_model->setHighlighted(row);
    if (row >= 0) {
        setCurrentIndex(m_model->index(row, LedgerTableModel::Value));
        scrollTo(m_model->index(row, 0), QAbstractItemView::PositionAtCenter);
    }
}

void LedgerTable::contextMenuEvent(QContextMenuEvent* event) {
    const QModelIndex at = indexAt(viewport()->mapFromGlobal(event->globalPos()));
    if (at.isValid())
        setCurrentIndex(at);
    const QString key = currentKey();
    QMenu menu(this);
    QAction* explain = nullptr;
    if (!key.isEmpty()) {
        explain = menu.addAction(tr("&Explain this number"));
        explain->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    }
    QAction* copy = menu.addAction(tr("&Copy"));
    copy->setShortcut(QKeySequence::Copy);
    QAction* chosen = menu.exec(event->globalPos());
    if (chosen && chosen == explain)
        EvaluationView::explain(key);
    else if (chosen == copy)
        copySelection();
}

void LedgerTable::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        m_model->retranslate();
    QTableView::changeEvent(event);
    if (event->type() == QEvent::FontChange && isVisible())
        fitColumns(); // presentation mode's type, and back
}

void LedgerTable::resizeEvent(QResizeEvent* event) {
    QTableView::resizeEvent(event);
    if (isColumnHidden(LedgerTableModel::Key))
        fitColumns();
}

void LedgerTable::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_E && event->modifiers() == Qt::ControlModifier && !currentKey().isEmpty()) {
        EvaluationView::explain(currentKey());
        event->accept();
        return;
    }
    if (event->matches(QKeySequence::Copy)) {
        copySelection();
        event->accept();
        return;
    }
    QTableView::keyPressEvent(event);
}

} // namespace tl::ui
