#pragma once
// The inputs, grouped as the seeds group them (Model, Data, Schedule, Precision, Parallelism, Hardware and
// efficiency). Every control writes through the Controller and is refreshed from its scenario; the panel computes
// nothing. The GPU count (tp x pp x dp x cp) sits above the scroll area, so it is always visible.

#include "engine/ledger.h"
#include "engine/scenario.h"
#include "ui/controller.h"

#include <QHash>
#include <QString>
#include <QWidget>

#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QToolButton;

namespace tl::ui {

class SliderField;
class TextLine;
struct SliderSpec;

class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    explicit ParameterPanel(Controller* controller, QWidget* parent = nullptr);

    SliderField* field(const QString& key) const { return m_fields.value(key); }
    QComboBox* combo(const QString& key) const { return m_combos.value(key); }
    QList<SliderField*> fields() const { return m_fields.values(); }
    TextLine* gpuCountLabel() const { return m_gpuCount; }

signals:
    void dragging(bool down); // a slider of the panel was pressed or released

private:
    SliderField* addSlider(QFormLayout* form, const QString& label, const SliderSpec& spec);
    QComboBox* addCombo(QFormLayout* form, const QString& label, const QString& key);
    QCheckBox* addCheck(QFormLayout* form, const QString& label, const QString& key);
    QLabel* addErrorLine(QFormLayout* form, const QString& key);
    // Hand the assignments to the controller as one undoable step.
    void edit(const std::vector<Controller::Assignment>& assignments);
    void syncFromScenario(const engine::Scenario& s);
    void syncFromLedger(const engine::Ledger& l);
    void showErrors(const std::vector<engine::Diagnostic>& errors);

    Controller* m_controller;
    QHash<QString, SliderField*> m_fields;
    QHash<QString, QComboBox*> m_combos;
    QHash<QString, QCheckBox*> m_checks;
    QHash<QString, QLabel*> m_errorLines; // for combos and check boxes
    TextLine* m_gpuCount = nullptr;
    QLabel* m_bytesPerParam = nullptr;
    QToolButton* m_archToggle = nullptr;
    QWidget* m_archEditor = nullptr;
    QLabel* m_archNote = nullptr;
};

} // namespace tl::ui
