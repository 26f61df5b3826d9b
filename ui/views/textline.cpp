#include "ui/views/textline.h"

#include <QEvent>
#include <QPainter>

#include <algorithm>

namespace tl::ui {

TextLine::TextLine(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
}

void TextLine::setText(const QString& text) {
    if (text == m_text)
        return;
    // A wrapping line relayouts the window only when the new text takes another number of lines at this width
    // (the memory caption wraps, and its text changes on nearly every edit).
    const int height = m_wrap ? heightForWidth(width()) : 0;
    m_text = text;
    setToolTip(text);
    setAccessibleName(text);
    if (m_wrap && heightForWidth(width()) != height)
        updateGeometry();
    update();
}

void TextLine::setWrapping(bool on) {
    if (on == m_wrap)
        return;
    m_wrap = on;
    QSizePolicy policy(QSizePolicy::Ignored, on ? QSizePolicy::Preferred : QSizePolicy::Fixed);
    policy.setHeightForWidth(on);
    setSizePolicy(policy);
    updateGeometry();
    update();
}

int TextLine::heightForWidth(int width) const {
    if (!m_wrap)
        return QWidget::heightForWidth(width);
    return fontMetrics().boundingRect(QRect(0, 0, std::max(1, width), 1 << 20), Qt::TextWordWrap, m_text).height() + 2;
}

void TextLine::setTextColor(const QColor& colour) {
    QPalette pal = palette();
    pal.setColor(QPalette::WindowText, colour);
    setPalette(pal);
}

void TextLine::setPointSizeFactor(double factor, bool bold) {
    QFont f = font();
    f.setBold(bold);
    f.setPointSizeF(f.pointSizeF() * factor);
    setFont(f);
}

QSize TextLine::sizeHint() const {
    const QFontMetrics fm = fontMetrics();
    if (m_wrap && width() > 0)
        return {fm.averageCharWidth() * 40, heightForWidth(width())};
    return {fm.averageCharWidth() * 40, fm.height() + 2};
}

QSize TextLine::minimumSizeHint() const {
    return {1, fontMetrics().height() + 2};
}

void TextLine::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setPen(palette().color(QPalette::WindowText));
    if (m_wrap) {
        p.drawText(rect(), int(Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap), m_text);
        return;
    }
    const QString shown = fontMetrics().elidedText(m_text, Qt::ElideRight, width());
    p.drawText(rect(), int(Qt::AlignLeft | Qt::AlignVCenter), shown);
}

void TextLine::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange)
        updateGeometry(); // the line height follows the font (rare: a font change, not a text change)
    QWidget::changeEvent(event);
}

} // namespace tl::ui
