#pragma once
// Input a person did not aim at a setting never changes it (issue 28), for every window of the application:
// - the mouse wheel turns a combo box, spin box or slider only while it has the keyboard focus; over an unfocused
//   one the wheel goes on to what holds it (the parameter panel scrolls), and the wheel never gives such a control
//   the focus;
// - Undo and Redo are the window's, even while a spin box has the focus (its line edit would otherwise take Ctrl+Z
//   for its own text).
// One application-wide event filter; install() adds it once.

#include <QObject>

namespace tl::ui {

class InputGuard : public QObject {
    Q_OBJECT
public:
    static void install(); // idempotent; needs a QApplication
    // Whether the guard treats w as a value control (combo box, spin box or slider that is not a scroll bar).
    static bool isValueControl(const QObject* w);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    using QObject::QObject;
};

} // namespace tl::ui
