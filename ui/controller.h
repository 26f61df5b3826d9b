#pragma once
// The only writer of the Scenario. Every edit goes through setValues(): the engine type-checks it (setField) and
// evaluates it; a valid result replaces the ledger on screen, an invalid one keeps the last valid ledger and
// reports the engine's sentences through errorsChanged(). Edits are undoable (a QUndoStack; consecutive edits of
// the same key within a short time, such as a slider drag, merge into one step).

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/ledger.h"
#include "engine/scenario.h"

#include <QObject>
#include <QString>

#include <string>
#include <utility>
#include <vector>

class QUndoStack;

namespace tl::ui {

class Controller : public QObject {
    Q_OBJECT
public:
    using Assignment = std::pair<std::string, engine::FieldValue>;

    explicit Controller(QObject* parent = nullptr);
    ~Controller() override;

    // The scenario as edited: it may hold a value the engine rejected (see errors()).
    const engine::Scenario& scenario() const { return m_scenario; }
    // The last scenario the engine accepted, evaluated (engine::evaluateAll): all the views show.
    const engine::Evaluation& evaluation() const { return m_evaluation; }
    const engine::Scenario& validScenario() const { return m_evaluation.scenario; }
    const engine::Ledger& ledger() const { return m_evaluation.ledger; }
    // Errors of the last edit: the engine's diagnostics (code = the offending key). Empty when the scenario is valid.
    const std::vector<engine::Diagnostic>& errors() const { return m_errors; }

    QUndoStack* undoStack() const { return m_undo; }

    // One undoable step that assigns every key in order. False when the engine refused a value's type (the
    // scenario is then unchanged) or when the result does not validate (the scenario holds it, the ledger does not).
    bool setValues(const std::vector<Assignment>& assignments);
    bool setValue(const std::string& key, const engine::FieldValue& value) { return setValues({{key, value}}); }

    // Several keys as one undoable step that never merges with the next edit (the Planner's Apply); `text` names it
    // in the Edit menu. False when a value's type is refused (nothing changes) or the result does not validate.
    bool applyStep(const std::vector<Assignment>& assignments, const QString& text);

    // Replace the whole scenario as one undoable step (File > Reset).
    void replaceScenario(const engine::Scenario& s);
    // Replace the whole scenario (a file was opened): clears the undo history.
    void setScenario(const engine::Scenario& s);

signals:
    void scenarioChanged(const tl::engine::Scenario& scenario);
    void evaluationChanged(const tl::engine::Evaluation& evaluation);
    void errorsChanged(const std::vector<tl::engine::Diagnostic>& errors);

private:
    friend class SetScenarioCommand;
    void apply(const engine::Scenario& s, const QString& key);
    // An edit: one undo step when the engine accepts it, shown without a step when it refuses it.
    void record(const QString& key, const engine::Scenario& next, const QString& text = {});

    engine::Scenario m_scenario;
    engine::Evaluation m_evaluation;
    std::vector<engine::Diagnostic> m_errors;
    QUndoStack* m_undo = nullptr;
};

} // namespace tl::ui
