#pragma once
// One number a user tunes: a slider and a spin box kept in sync, a unit, a tooltip from the engine's field table and,
// when the engine rejects the value, its sentence in the slider's place (the row keeps its size, nothing moves; the
// refused number stays in the spin box, marked by the panel). Every figure of the row comes from the field's UI hints
// (engine::FieldUi): the slider covers a sensible range (linear, logarithmic or powers of two); the spin box accepts
// the engine's whole range, so the engine explains the rest.

#include "engine/fields.h"

#include <QString>
#include <QWidget>

#include <functional>
#include <optional>

class QDoubleSpinBox;
class QLabel;
class QSlider;
class QStackedWidget;

namespace tl::ui {

class TextLine;

class SliderField : public QWidget {
    Q_OBJECT
public:
    explicit SliderField(const engine::Field& field, QWidget* parent = nullptr);

    // Show an engine value without emitting valueEdited. A slider the user is dragging is left alone.
    void setValue(double engineValue);
    double value() const { return m_value; }
    // A sentence in the slider's place, or fewer words for it (shown; the slider's place holds about 15 letters),
    // the whole sentence in the tooltip; empty shows the slider again.
    void setError(const QString& message, const QString& shown = {});
    void setRefused(bool refused); // mark the spin box: it holds the value the engine refused

    // Keys with divisibility rules (issue 28): next(from, +1 or -1) is the next accepted value that way, nearest(v)
    // the accepted value nearest to v, both in engine units, nullopt when none. The spin box's steps and the slider
    // then land on accepted values (a plain step where none lies that way).
    using Stepper = std::function<std::optional<double>(double from, int direction)>;
    using Nearest = std::function<std::optional<double>(double target)>;
    void setAcceptedValues(Stepper next, Nearest nearest);

    const engine::Field& field() const { return m_field; }
    QSlider* slider() const { return m_slider; }
    QDoubleSpinBox* spinBox() const { return m_spin; }
    TextLine* errorLabel() const { return m_error; }

signals:
    void valueEdited(double engineValue);  // also a typed number out of range: the engine refuses it, saying why
    void textRefused(const QString& text); // typed text that is not a finite number (1e999, "abc")
    void dragging(bool down);              // the slider was pressed (true) or released (false)

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    int positionFor(double engineValue) const;
    double valueAt(int position) const;
    void onSlider(int position);
    void onSpin(double shown);

    const engine::Field& m_field;
    double m_lo = 0, m_hi = 1; // the slider's span in engine units
    QStackedWidget* m_stack;
    QSlider* m_slider;
    QDoubleSpinBox* m_spin; // a CompactSpinBox
    Stepper m_next;
    Nearest m_nearest;
    QLabel* m_unit;
    TextLine* m_error;
    double m_value = 0;
    int m_steps = 1000;
};

} // namespace tl::ui
