#pragma once
// "Where does this number come from": a window that shows engine::explain() for one ledger key of the scenario on
// screen (formula, values with units, result, source), and the helpers every view uses to offer it: a context-menu
// entry per figure and one shared, non-modal dialog per main window that follows the scenario as it changes.

#include "engine/scenario.h"

#include <QDialog>
#include <QString>
#include <QStringList>

class QMenu;
class QPoint;
class QTextBrowser;

namespace tl::ui {

class Controller;

class ExplainDialog : public QDialog {
    Q_OBJECT
public:
    explicit ExplainDialog(Controller* controller, QWidget* parent = nullptr); // objectName "explainDialog"

    void showKey(const QString& key);
    QString key() const { return m_key; }
    QString text() const; // the plain text shown (tests, Copy)

    // Rich text of an explanation (also used by the lesson player); empty for an unknown key.
    static QString html(const engine::Scenario& s, const QString& key);

private:
    void refresh();

    Controller* m_controller;
    QString m_key;
    QTextBrowser* m_body;
};

// The window's dialog (created on first use) showing key. parent: any widget inside the main window.
void explainNumber(QWidget* parent, Controller* controller, const QString& key);

// Add "Explain: <label>" entries for these ledger keys to a menu.
void addExplainActions(QMenu* menu, QWidget* parent, Controller* controller, const QStringList& keys);

// For views, which know no controller: a context menu of "Explain: <label>" entries for these keys at globalPos;
// returns the chosen key ("" when nothing was chosen).
QString execExplainMenu(QWidget* parent, const QStringList& keys, const QPoint& globalPos);
QString ledgerLabel(const QString& key);

} // namespace tl::ui
