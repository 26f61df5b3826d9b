#include "ui/views/textline.h"

#include <QEvent>
#include <QPainter>

namespace tl::ui {

TextLine::TextLine(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    setAttribute(Qt::WA_OpaquePaintEvent, false);
}

void TextLine::setText(const QString& text) {
    if (text == m_text)
        return;
    m_text = text;
    setToolTip(text);
    setAccessibleName(text);
    update();
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
    return {fm.averageCharWidth() * 40, fm.height() + 2};
}

QSize TextLine::minimumSizeHint() const {
    return {1, fontMetrics().height() + 2};
}

void TextLine::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setPen(palette().color(QPalette::WindowText));
    const QString shown = fontMetrics().elidedText(m_text, Qt::ElideRight, width());
    p.drawText(rect(), int(Qt::AlignLeft | Qt::AlignVCenter), shown);
}

void TextLine::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange)
        updateGeometry(); // the line height follows the font (rare: a font change, not a text change)
    QWidget::changeEvent(event);
}

} // namespace tl::ui
