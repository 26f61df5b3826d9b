#include "ui/panels/refusedmark.h"

#include <QAbstractSpinBox>
#include <QEvent>
#include <QLineEdit>
#include <QPainter>
#include <QWidget>

namespace tl::ui {

namespace {

const char* const kFrameName = "refusedMark";

// Paints the frame on top of its parent and follows the parent's size; clicks go through to the control.
class RefusedFrame : public QWidget {
public:
    explicit RefusedFrame(QWidget* control) : QWidget(control) {
        setObjectName(QLatin1String(kFrameName));
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setFocusPolicy(Qt::NoFocus);
        setGeometry(control->rect());
        control->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (watched == parent() && event->type() == QEvent::Resize) {
            setGeometry(parentWidget()->rect());
            raise();
        }
        return false;
    }
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        const qreal w = 2;
        p.setPen(QPen(QColor(QRgb(kRefusedRgb)), w));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(QRectF(rect()).adjusted(w / 2, w / 2, -w / 2, -w / 2), 2, 2);
    }
};

} // namespace

void markRefused(QWidget* control, bool refused) {
    if (!control || isMarkedRefused(control) == refused)
        return;
    auto* frame = control->findChild<RefusedFrame*>(QLatin1String(kFrameName), Qt::FindDirectChildrenOnly);
    if (refused) {
        if (!frame)
            frame = new RefusedFrame(control);
        frame->setGeometry(control->rect());
        frame->raise();
        frame->show();
    } else if (frame) {
        frame->hide();
    }
    control->setProperty("refused", refused);
    // The text itself: a spin box paints its line edit, which takes the spin box's palette.
    if (qobject_cast<QAbstractSpinBox*>(control) || qobject_cast<QLineEdit*>(control)) {
        if (refused) {
            QPalette pal = control->palette();
            pal.setColor(QPalette::Base, QColor(0xfd, 0xe4, 0xe4));
            pal.setColor(QPalette::Text, QColor(0x7f, 0x00, 0x00));
            control->setPalette(pal);
        } else {
            control->setPalette(QPalette()); // the window's palette again, whichever it is by now
        }
    }
}

bool isMarkedRefused(const QWidget* control) {
    return control && control->property("refused").toBool();
}

} // namespace tl::ui
