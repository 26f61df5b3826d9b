#pragma once
// One number a user tunes: a slider and a spin box kept in sync, a unit, a tooltip from the engine's field table and
// a red line for the engine's sentence when it rejects the value. The slider covers a sensible UI range (linear,
// logarithmic or powers of two); the spin box accepts the engine's whole range, so the engine explains the rest.

#include <QString>
#include <QWidget>

class QDoubleSpinBox;
class QLabel;
class QSlider;

namespace tl::ui {

struct SliderSpec {
    QString key;      // scenario key (engine::Field), also the object names' suffix
    double uiMin = 0; // slider range in engine units, clipped to the field's range
    double uiMax = 1;
    enum class Scale { Linear, Log, PowersOfTwo } scale = Scale::Linear;
    bool integer = false;    // engine value is a whole number
    double displayScale = 1; // spin box shows value x displayScale (MFU in %, tokens in billions)
    int decimals = 0;        // spin box decimals (trailing zeros are not shown)
    QString unit;            // shown after the spin box
};

class SliderField : public QWidget {
    Q_OBJECT
public:
    explicit SliderField(const SliderSpec& spec, QWidget* parent = nullptr);

    // Show an engine value without emitting valueEdited. A slider the user is dragging is left alone.
    void setValue(double engineValue);
    double value() const { return m_value; }
    void setError(const QString& message); // empty hides the line

    const SliderSpec& spec() const { return m_spec; }
    QSlider* slider() const { return m_slider; }
    QDoubleSpinBox* spinBox() const { return m_spin; }
    QLabel* errorLabel() const { return m_error; }

signals:
    void valueEdited(double engineValue);
    void dragging(bool down); // the slider was pressed (true) or released (false)

private:
    int positionFor(double engineValue) const;
    double valueAt(int position) const;
    void onSlider(int position);
    void onSpin(double shown);

    SliderSpec m_spec;
    QSlider* m_slider;
    QDoubleSpinBox* m_spin;
    QLabel* m_unit;
    QLabel* m_error;
    double m_value = 0;
    int m_steps = 1000;
};

} // namespace tl::ui
