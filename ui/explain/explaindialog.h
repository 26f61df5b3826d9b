#pragma once
// "Where does this number come from": a window that shows engine::explain() for one ledger key of the scenario on
// screen (formula, values with units, result, source), and the helpers every view uses to offer it: a context-menu
// entry per figure and one shared, non-modal dialog per main window that follows the scenario as it changes.

#include "engine/scenario.h"

#include <QDialog>
#include <QSize>
#include <QString>
#include <QStringList>

class QMenu;
class QPushButton;
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

protected:
    void changeEvent(QEvent* event) override; // another language; another type (presentation mode)
    void showEvent(QShowEvent* event) override;

private:
    static constexpr QSize kSize{720, 520}; // at the normal type
    void retranslate();
    void refresh();
    void fitToType();

    Controller* m_controller;
    QPushButton* m_copy;
    double m_typeScale = 0; // the type's size over the application's, when it was last sized
    QString m_key;
    QTextBrowser* m_body;
};

// The window's dialog (created on first use) showing key. parent: any widget inside the main window.
void explainNumber(QWidget* parent, Controller* controller, const QString& key);

// For views, which know no controller: a context menu of "Explain: <label>" entries for these keys at globalPos;
// returns the chosen key ("" when nothing was chosen).
QString execExplainMenu(QWidget* parent, const QStringList& keys, const QPoint& globalPos);
QString ledgerLabel(const QString& key);

} // namespace tl::ui
