#include "ui/inputguard.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QKeySequence>
#include <QScrollBar>
#include <QWheelEvent>

namespace tl::ui {

void InputGuard::install() {
    if (!qApp || qApp->findChild<InputGuard*>(QString(), Qt::FindDirectChildrenOnly))
        return;
    auto* guard = new InputGuard(qApp);
    qApp->installEventFilter(guard);
}

bool InputGuard::isValueControl(const QObject* w) {
    if (qobject_cast<const QScrollBar*>(w))
        return false;
    return qobject_cast<const QComboBox*>(w) || qobject_cast<const QAbstractSpinBox*>(w) ||
           qobject_cast<const QAbstractSlider*>(w);
}

namespace {
// The value control a widget belongs to: itself, or the spin box or combo box whose line edit it is.
QWidget* valueControlOf(QObject* o) {
    auto* w = qobject_cast<QWidget*>(o);
    if (!w)
        return nullptr;
    if (InputGuard::isValueControl(w))
        return w;
    if (QWidget* p = w->parentWidget(); p && InputGuard::isValueControl(p) && !qobject_cast<QAbstractSlider*>(p))
        return p;
    return nullptr;
}
} // namespace

bool InputGuard::eventFilter(QObject* watched, QEvent* event) {
    switch (event->type()) {
    case QEvent::Polish:
        // The wheel gives no focus: a control the pointer passes over while the panel scrolls stays unfocused.
        if (auto* w = qobject_cast<QWidget*>(watched); w && isValueControl(w) && w->focusPolicy() == Qt::WheelFocus)
            w->setFocusPolicy(Qt::StrongFocus);
        break;
    case QEvent::Wheel:
        if (QWidget* control = valueControlOf(watched); control && !control->hasFocus()) {
            // Not the control's: offered to its parents in turn, as Qt does with a wheel a widget ignores, until one
            // takes it (the panel's scroll area scrolls).
            const auto* wheel = static_cast<QWheelEvent*>(event);
            QPointF at = wheel->position();
            if (watched != control) // a spin box's line edit
                at += static_cast<QWidget*>(watched)->pos();
            for (QWidget* w = control; !w->isWindow() && w->parentWidget();) {
                at += w->pos();
                w = w->parentWidget();
                QWheelEvent passed(at, wheel->globalPosition(), wheel->pixelDelta(), wheel->angleDelta(),
                                   wheel->buttons(), wheel->modifiers(), wheel->phase(), wheel->inverted(),
                                   wheel->source(), wheel->pointingDevice());
                passed.setTimestamp(wheel->timestamp());
                if (QCoreApplication::sendEvent(w, &passed) && passed.isAccepted())
                    break;
            }
            return true; // the control itself never turns
        }
        break;
    case QEvent::ShortcutOverride: {
        auto* key = static_cast<QKeyEvent*>(event);
        if ((key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo)) && valueControlOf(watched)) {
            event->ignore(); // not the line edit's: the window's Edit > Undo / Redo shortcut runs
            return true;
        }
        break;
    }
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace tl::ui
