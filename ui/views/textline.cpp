#include "ui/views/textline.h"

#include <QEvent>
#include <QPainter>

#include <algorithm>

namespace tl::ui {

TextLine::TextLine(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
}

void TextLine::setText(const QString& text, const QString& shorter) {
    if (text == m_text && shorter == m_shorter)
        return;
    // A wrapping line relayouts the window only when the new text takes another number of lines at this width
    // (the memory caption wraps, and its text changes on nearly every edit).
    const int height = m_wrap ? heightForWidth(width()) : 0;
    m_text = text;
    m_shorter = shorter;
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
    return fontMetrics()
               .boundingRect(QRect(0, 0, std::max(1, width), 1 << 20), Qt::TextWordWrap, wrappedText(width))
               .height() +
           2;
}

QString TextLine::wrappedText(int width) const {
    const QFontMetrics fm = fontMetrics();
    if (!m_shorter.isEmpty() && fm.horizontalAdvance(m_text) > width && fm.horizontalAdvance(m_shorter) <= width)
        return m_shorter;
    return m_text;
}

void TextLine::setShrinkToFit(bool on) {
    m_shrink = on;
    update();
}

QFont TextLine::shrunkFont() const {
    if (!m_shrink || m_wrap || fontMetrics().horizontalAdvance(m_text) <= width())
        return font();
    for (double factor : {0.85, 0.75}) {
        QFont f = font();
        f.setPointSizeF(f.pointSizeF() * factor);
        const QRect r = QFontMetrics(f).boundingRect(QRect(0, 0, width(), 1 << 20), Qt::TextWordWrap, m_text);
        if (r.height() <= height() && r.width() <= width())
            return f;
    }
    return font();
}

QString TextLine::shownText() const {
    if (m_wrap)
        return wrappedText(width());
    if (shrunkFont() != font())
        return m_text;
    const QFontMetrics fm = fontMetrics();
    if (!m_shorter.isEmpty() && fm.horizontalAdvance(m_text) > width() && fm.horizontalAdvance(m_shorter) <= width())
        return m_shorter;
    return fm.elidedText(m_text, Qt::ElideRight, width());
}

bool TextLine::fits() const {
    if (m_wrap)
        return heightForWidth(width()) <= height() + 1;
    const QString shown = shownText();
    return shown == m_text || shown == m_shorter;
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

void TextLine::setAlignment(Qt::Alignment horizontal) {
    m_align = horizontal;
    update();
}

void TextLine::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setPen(palette().color(QPalette::WindowText));
    const int align = int(m_align & Qt::AlignHorizontal_Mask);
    if (m_wrap) {
        p.drawText(rect(), align | Qt::AlignTop | Qt::TextWordWrap, wrappedText(width()));
        return;
    }
    if (const QFont small = shrunkFont(); small != font()) {
        p.setFont(small);
        p.drawText(rect(), align | Qt::AlignVCenter | Qt::TextWordWrap, m_text);
        return;
    }
    p.drawText(rect(), align | Qt::AlignVCenter, shownText());
}

void TextLine::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange)
        updateGeometry(); // the line height follows the font (rare: a font change, not a text change)
    QWidget::changeEvent(event);
}

} // namespace tl::ui
