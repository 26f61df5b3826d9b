#pragma once
// The controls of one lesson step: a compact editor per scenario key the step names (number, switch, choice,
// list), built from the engine's field table and writing through the controller like the parameter panel. In
// presentation mode this is the whole parameter panel.

#include <QStringList>
#include <QWidget>

#include <functional>
#include <vector>

class QFormLayout;

namespace tl::ui {

class Controller;

class StepControls : public QWidget {
    Q_OBJECT
public:
    explicit StepControls(Controller* controller, QWidget* parent = nullptr); // objectName "stepControls"

    void setKeys(const QStringList& keys);
    QStringList keys() const { return m_keys; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void sync();

    Controller* m_controller;
    QFormLayout* m_form;
    QStringList m_keys;
    std::vector<std::function<void()>> m_syncs; // each editor re-reads the scenario
};

} // namespace tl::ui
