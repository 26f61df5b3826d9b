#pragma once
// One line of text that changes on every slider step (a verdict, a caption, the GPU count). Unlike a QLabel, setting
// its text never invalidates the window's layout: its size hint is one line of its font, whatever the text, so a
// change repaints this widget alone (ui_latency_bench: word-wrapped labels re-ran height-for-width of the whole
// window on each step). Too narrow a widget elides the text; the tooltip carries all of it.

#include <QString>
#include <QWidget>

namespace tl::ui {

class TextLine : public QWidget {
    Q_OBJECT
public:
    explicit TextLine(QWidget* parent = nullptr);

    // shorter: painted instead when the text does not fit the width and it does (a headline without its detail);
    // the tooltip keeps the text.
    void setText(const QString& text, const QString& shorter = QString());
    QString text() const { return m_text; }
    QString shownText() const; // what is painted: the text, or the part that fits followed by "…"
    bool fits() const;         // the whole text is painted
    // Too long for one line: word-wrapped in a smaller type (down to 75%) when that fits the widget's height, before
    // eliding (a sentence in a control's place, whose height is fixed).
    void setShrinkToFit(bool on);
    void setTextColor(const QColor& colour);     // default: the palette's WindowText
    void setAlignment(Qt::Alignment horizontal); // default: left
    void setPointSizeFactor(double factor, bool bold);
    // Wrap at word boundaries instead of eliding (presentation mode: large type, nothing clipped). A wrapping line
    // asks for its height for the width it gets, so a text that takes another number of lines relayouts the window.
    // It stays one line when the shorter text fits one line and the text does not.
    void setWrapping(bool on);
    bool wrapping() const { return m_wrap; }
    bool hasHeightForWidth() const override { return m_wrap; }
    int heightForWidth(int width) const override;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    QString m_text;
    QString m_shorter;
    bool m_wrap = false;
    bool m_shrink = false;
    Qt::Alignment m_align = Qt::AlignLeft;
    QFont shrunkFont() const; // the largest smaller type whose wrapped text fits, else the widget's own font
    QString wrappedText(int width) const; // wrapping: the shorter text when only it fits one line, else the text
};

} // namespace tl::ui
