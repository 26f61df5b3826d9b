#pragma once
// Every ledger number with its unit: a table model over engine::ledgerFields() (label, value, key; the help sentence
// as tooltip) and a view that copies the selected rows as tab-separated text.

#include "engine/ledger.h"
#include "ui/views/view.h"

#include <QAbstractTableModel>
#include <QTableView>

namespace tl::engine {
struct LedgerField;
}

namespace tl::ui {

// A ledger figure as the window writes it, with its unit: a share in percent ("99.9%", as the step view's goodput
// and MFU), a span of two minutes or more in minutes or hours (engine::spanText, as the step view's checkpoint
// interval), another ratio without trailing zeros ("1", "5.5"), anything else as engine::ledgerValueText. The ledger
// table and the PDF report show figures through it.
QString fieldValueText(const engine::LedgerField& f, const engine::Ledger& l);

class LedgerTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Label, Value, Key, ColumnCount };

    explicit LedgerTableModel(QObject* parent = nullptr);

    void setLedger(const engine::Ledger& ledger); // values change in place: one dataChanged for the value column
    const engine::Ledger& ledger() const { return m_ledger; }
    void setHighlighted(int row); // drawn bold on a highlight background; -1 for none
    void retranslate();           // the labels, tooltips and headers in the current language

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    engine::Ledger m_ledger;
    int m_highlighted = -1;
};

class LedgerTable : public QTableView, public EvaluationView {
    Q_OBJECT
public:
    explicit LedgerTable(QWidget* parent = nullptr); // objectName "ledgerTable"

    LedgerTableModel* ledgerModel() const { return m_model; }
    void setEvaluation(const engine::Evaluation& evaluation) override { m_model->setLedger(evaluation.ledger); }
    // The selected rows as "label<TAB>value<TAB>key" lines (what Ctrl+C puts on the clipboard).
    QString selectedText() const;
    void copySelection() const;
    // The ledger key of the current row ("" when none), and the row of a key (-1 when none).
    QString currentKey() const override;
    int rowOf(const QString& key) const;
    // Mark one row (a lesson step's figure): selected, scrolled to and drawn bold. "" clears it.
    void highlightKey(const QString& key);
    // Presentation mode: the ledger key column gives its room to the figures (a projector's large type), and the
    // columns follow the font (issue 28: at 1280x720 the values were cut behind a scroll bar).
    void setPresenting(bool on) override;

protected:
    void keyPressEvent(QKeyEvent* event) override; // Ctrl+E explains the current row, Ctrl+C copies
    void changeEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override; // Explain this number, Copy
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void fitColumns(); // the values whole, the labels in the room left (their tooltip says the rest)
    LedgerTableModel* m_model;
};

} // namespace tl::ui
