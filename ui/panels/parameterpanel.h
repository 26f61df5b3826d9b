#pragma once
// The inputs, built from the engine's key table (engine::scenarioFields() and each Field's FieldUi): one group box per
// group, in the table's order, a control per key (slider, choice, check box, text line, document list), the advanced
// keys of a group in a collapsed details section. Every control writes through the Controller and is refreshed from
// its scenario; the panel computes nothing. A refused value stays in the control the user edited, marked; the
// engine's sentence stands beside the key it names, in space the row always has, and that row is scrolled into view;
// when the two differ, the edited control's line names the field that refused it. The GPU count of the valid plan
// sits above the scroll area.

#include "engine/evaluate.h"
#include "engine/scenario.h"
#include "ui/controller.h"
#include "ui/i18n/retranslator.h"

#include <QHash>
#include <QString>
#include <QWidget>

#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QScrollArea;
class QToolButton;

namespace tl::ui {

class DocumentsEditor;
class SliderField;
class TextLine;

class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    explicit ParameterPanel(Controller* controller, QWidget* parent = nullptr);

    SliderField* field(const QString& key) const { return m_fields.value(key); }
    QComboBox* combo(const QString& key) const { return m_combos.value(key); }
    QList<SliderField*> fields() const { return m_fields.values(); }
    TextLine* gpuCountLabel() const { return m_gpuCount; }
    // Every scenario key that has a control in the panel (tests: every key of the table but the notes).
    QStringList controlledKeys() const;
    // The error line of a key (its sentence when the engine names that key).
    TextLine* errorLine(const QString& key) const { return m_errorLines.value(key); }
    QToolButton* detailsToggle(const QString& group) const { return m_detailsToggles.value(group); }
    // The control that holds a key's value (the spin box of a slider row), and whether it is marked as refused.
    QWidget* valueControl(const QString& key) const;
    bool isRefused(const QString& key) const;
    QScrollArea* scrollArea() const { return m_scroll; }

signals:
    void dragging(bool down); // a slider of the panel was pressed or released

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void addControl(QFormLayout* form, const engine::Field& f);
    QWidget* withErrorLine(QWidget* control, const QString& key);
    void addRecipeRows(QFormLayout* form);
    void edit(const QString& control, const std::vector<Controller::Assignment>& assignments);
    QWidget* visibleRow(const QString& key) const;           // the key's row, or its closed details section's toggle
    QString pointerTo(const QString& key) const;             // the edited control's line when the engine names key
    QString shortLabel(const QString& key) const;            // its acronym when the label ends in one: "DP"
    QString shortRefusal(const engine::Diagnostic& e) const; // "DP 480: a divisor of 384", or empty
    void syncFromScenario(const engine::Scenario& s);
    void syncFromEvaluation(const engine::Evaluation& e);
    void showErrors(const std::vector<engine::Diagnostic>& errors);

    Controller* m_controller;
    Retranslator m_texts; // labels, choices and tooltips
    QHash<QString, SliderField*> m_fields;
    QHash<QString, QComboBox*> m_combos;
    QHash<QString, QCheckBox*> m_checks;
    QHash<QString, QLineEdit*> m_lines;
    QHash<QString, DocumentsEditor*> m_lists;
    QHash<QString, TextLine*> m_errorLines; // every control's, sliders' included
    QHash<QString, QToolButton*> m_detailsToggles;
    QScrollArea* m_scroll = nullptr;
    QString m_editing; // the control whose edit is being applied (empty for undo, files, lessons)
    QString m_refused; // the control that was edited when the engine refused; marked until the scenario is valid
    TextLine* m_gpuCount = nullptr;
    QLabel* m_bytesPerParam = nullptr;
};

} // namespace tl::ui
