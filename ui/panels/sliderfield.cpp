#include "ui/panels/sliderfield.h"

#include "ui/i18n/enginetext.h"

#include "engine/fields.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tl::ui {

namespace {

// A spin box that drops trailing zeros ("40" rather than "40.000") and keeps group separators off.
class CompactSpinBox : public QDoubleSpinBox {
public:
    using QDoubleSpinBox::QDoubleSpinBox;
    QString textFromValue(double v) const override {
        QString s = locale().toString(v, 'f', decimals());
        s.remove(locale().groupSeparator());
        const QString point = locale().decimalPoint();
        if (decimals() > 0 && s.contains(point)) {
            while (s.endsWith(QLatin1Char('0')))
                s.chop(1);
            if (s.endsWith(point))
                s.chop(point.size());
        }
        return s;
    }
};

} // namespace

SliderField::SliderField(const SliderSpec& spec, QWidget* parent) : QWidget(parent), m_spec(spec) {
    const engine::Field* field = engine::findField(spec.key.toStdString());
    double lo = spec.uiMin, hi = spec.uiMax;
    double fieldMin = lo, fieldMax = hi;
    if (field) {
        fieldMin = field->min;
        fieldMax = field->max;
        lo = std::max(lo, field->min);
        hi = std::min(hi, field->max);
    }
    m_spec.uiMin = lo;
    m_spec.uiMax = std::max(hi, lo);

    setObjectName(QStringLiteral("field:") + spec.key);
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setObjectName(QStringLiteral("slider:") + spec.key);
    switch (m_spec.scale) {
    case SliderSpec::Scale::PowersOfTwo:
        m_steps = int(std::lround(std::log2(m_spec.uiMax / m_spec.uiMin)));
        break;
    case SliderSpec::Scale::Linear:
        m_steps = m_spec.integer && m_spec.uiMax - m_spec.uiMin <= 1000 ? int(m_spec.uiMax - m_spec.uiMin) : 1000;
        break;
    case SliderSpec::Scale::Log:
        m_steps = 1000;
        break;
    }
    m_steps = std::max(1, m_steps);
    m_slider->setRange(0, m_steps);
    m_slider->setPageStep(std::max(1, m_steps / 10));
    m_slider->setMinimumWidth(80);

    m_spin = new CompactSpinBox(this);
    m_spin->setObjectName(QStringLiteral("spin:") + spec.key);
    m_spin->setDecimals(spec.decimals);
    // The spin box accepts the field's whole range (a value the engine rejects is explained, not clamped away).
    m_spin->setRange(fieldMin * spec.displayScale, fieldMax * spec.displayScale);
    m_spin->setKeyboardTracking(false);
    m_spin->setAccelerated(true);
    if (m_spec.scale != SliderSpec::Scale::Linear)
        m_spin->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_spin->setAlignment(Qt::AlignRight);
    m_spin->setMinimumWidth(m_spin->fontMetrics().horizontalAdvance(QStringLiteral("0000000.00")));

    m_unit = new QLabel(spec.unit, this);
    m_unit->setMinimumWidth(m_unit->fontMetrics().horizontalAdvance(QStringLiteral("$/GPU-hour")));

    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("error:") + spec.key);
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette pal = m_error->palette();
    pal.setColor(QPalette::WindowText, QColor(0xc6, 0x28, 0x28));
    m_error->setPalette(pal);
    m_error->hide();

    if (field) {
        const QString tip = engineText(field->help) + QStringLiteral("\n") + spec.key;
        setToolTip(tip);
        m_slider->setToolTip(tip);
        m_spin->setToolTip(tip);
    }
    m_slider->setAccessibleName(spec.key);
    m_spin->setAccessibleName(spec.key);

    auto* row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_slider, 1);
    row->addWidget(m_spin);
    row->addWidget(m_unit);
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(2);
    column->addLayout(row);
    column->addWidget(m_error);
    setFocusProxy(m_spin);

    connect(m_slider, &QSlider::valueChanged, this, &SliderField::onSlider);
    connect(m_slider, &QSlider::sliderPressed, this, [this] { emit dragging(true); });
    connect(m_slider, &QSlider::sliderReleased, this, [this] { emit dragging(false); });
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, &SliderField::onSpin);
}

int SliderField::positionFor(double v) const {
    const double lo = m_spec.uiMin, hi = m_spec.uiMax;
    double t = 0;
    if (m_spec.scale == SliderSpec::Scale::Linear)
        t = hi > lo ? (v - lo) / (hi - lo) : 0;
    else
        t = v > 0 && hi > lo ? std::log(v / lo) / std::log(hi / lo) : 0;
    return int(std::lround(std::clamp(t, 0.0, 1.0) * m_steps));
}

double SliderField::valueAt(int position) const {
    const double t = double(position) / m_steps;
    const double lo = m_spec.uiMin, hi = m_spec.uiMax;
    double v = m_spec.scale == SliderSpec::Scale::Linear ? lo + t * (hi - lo) : lo * std::pow(hi / lo, t);
    if (m_spec.integer || m_spec.scale == SliderSpec::Scale::PowersOfTwo)
        return std::round(v);
    // Round to what the spin box shows, so the slider and the spin box agree on the value.
    const double q = std::pow(10.0, m_spec.decimals) * m_spec.displayScale;
    if (m_spec.scale == SliderSpec::Scale::Log) {
        // Three significant digits on a log scale.
        const double mag = std::pow(10.0, std::floor(std::log10(v)) - 2);
        return std::max(std::round(v / mag) * mag, 1.0 / q);
    }
    return std::round(v * q) / q;
}

void SliderField::setValue(double v) {
    m_value = v;
    const double shown = v * m_spec.displayScale;
    if (m_spin->value() != shown) {
        const QSignalBlocker block(m_spin);
        m_spin->setValue(shown);
    }
    if (!m_slider->isSliderDown()) {
        const int pos = positionFor(v);
        if (pos != m_slider->value()) {
            const QSignalBlocker block(m_slider);
            m_slider->setValue(pos);
        }
    }
}

void SliderField::setError(const QString& message) {
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
}

void SliderField::onSlider(int position) {
    const double v = valueAt(position);
    m_value = v;
    {
        const QSignalBlocker block(m_spin);
        m_spin->setValue(v * m_spec.displayScale);
    }
    emit valueEdited(v);
}

void SliderField::onSpin(double shown) {
    double v = shown / m_spec.displayScale;
    if (m_spec.integer)
        v = std::round(v);
    m_value = v;
    {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(positionFor(v));
    }
    emit valueEdited(v);
}

} // namespace tl::ui
