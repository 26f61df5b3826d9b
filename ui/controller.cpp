#include "ui/controller.h"

#include "ui/i18n/enginetext.h"

#include "engine/validate.h"

#include <QElapsedTimer>
#include <QUndoCommand>
#include <QUndoStack>

namespace tl::ui {

namespace {
constexpr qint64 kMergeWindowMs = 1500; // edits of one key closer than this are one undo step (a slider drag)

// "Change Global batch": the undo menu speaks of labels, not keys.
QString editName(const QString& key) {
    if (key == QLatin1String("scenario"))
        return QObject::tr("Change Scenario");
    return QObject::tr("Change %1").arg(engineText(engine::labelOf(key.toStdString()).c_str()));
}
} // namespace

// One edit: the scenario before and after. Storing whole scenarios keeps preset changes (many keys) exact.
class SetScenarioCommand : public QUndoCommand {
public:
    SetScenarioCommand(Controller* c, const QString& key, engine::Scenario before, engine::Scenario after,
                       const QString& text = {})
        : m_controller(c), m_key(key), m_before(std::move(before)), m_after(std::move(after)),
          m_mergeable(text.isEmpty()) {
        setText(text.isEmpty() ? editName(key) : text);
        m_clock.start();
    }
    void undo() override { m_controller->apply(m_before, m_key); }
    void redo() override { m_controller->apply(m_after, m_key); }
    int id() const override { return 1; }
    bool mergeWith(const QUndoCommand* other) override {
        const auto* o = static_cast<const SetScenarioCommand*>(other);
        if (!m_mergeable || !o->m_mergeable || o->m_key != m_key || m_clock.elapsed() > kMergeWindowMs)
            return false;
        m_after = o->m_after;
        m_clock.restart();
        setObsolete(m_before == m_after);
        return true;
    }

private:
    Controller* m_controller;
    QString m_key;
    engine::Scenario m_before;
    engine::Scenario m_after;
    bool m_mergeable = true;
    QElapsedTimer m_clock;
};

Controller::Controller(QObject* parent) : QObject(parent), m_undo(new QUndoStack(this)) {
    m_undo->setObjectName(QStringLiteral("undoStack"));
    apply(engine::Scenario{}, QString());
}

Controller::~Controller() = default;

bool Controller::setValues(const std::vector<Assignment>& assignments) {
    if (assignments.empty())
        return true;
    engine::Scenario next = m_scenario;
    for (const auto& [key, value] : assignments) {
        if (auto e = engine::setField(next, key, value)) {
            m_errors = {e->diagnostic};
            emit errorsChanged(m_errors);
            return false;
        }
    }
    // The key a user touched is the last one (preset keys that accompany it come first).
    const QString key = QString::fromStdString(assignments.back().first);
    if (next == m_scenario)
        return m_errors.empty();
    record(key, next);
    return m_errors.empty();
}

void Controller::record(const QString& key, const engine::Scenario& next, const QString& text) {
    // The undo history holds applied states only (issue 28): a refused value is shown and explained but is no step,
    // and the next accepted edit is one step from the last accepted scenario, so no undo ever brings a refused
    // value back.
    if (!engine::validate(next).empty()) {
        apply(next, key);
        return;
    }
    m_undo->push(new SetScenarioCommand(this, key, validScenario(), next, text));
}

bool Controller::applyStep(const std::vector<Assignment>& assignments, const QString& text) {
    engine::Scenario next = m_scenario;
    for (const auto& [key, value] : assignments)
        if (engine::setField(next, key, value))
            return false; // a type the engine refuses: nothing changes
    if (next != m_scenario)
        record(QStringLiteral("step"), next, text);
    return m_errors.empty();
}

void Controller::replaceScenario(const engine::Scenario& s) {
    if (s != m_scenario)
        record(QStringLiteral("scenario"), s);
}

void Controller::setScenario(const engine::Scenario& s) {
    m_undo->clear();
    apply(s, QString());
}

void Controller::apply(const engine::Scenario& s, const QString& key) {
    m_scenario = s;
    engine::Evaluation e = engine::evaluateAll(s);
    if (!e.valid()) {
        m_errors = std::move(e.ledger.errors);
        emit scenarioChanged(m_scenario);
        emit errorsChanged(m_errors);
        return;
    }
    m_evaluation = std::move(e);
    const bool hadErrors = !m_errors.empty();
    m_errors.clear();
    emit scenarioChanged(m_scenario);
    emit evaluationChanged(m_evaluation);
    if (hadErrors || key.isEmpty())
        emit errorsChanged(m_errors);
}

} // namespace tl::ui
