#include "ui/panels/sliderfield.h"

#include "ui/i18n/enginetext.h"

#include "engine/fields.h"
#include "ui/panels/refusedmark.h"
#include "ui/views/textline.h"

#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSignalBlocker>
#include <QSlider>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

namespace tl::ui {

namespace {

// A spin box that drops trailing zeros ("40" rather than "40.000") and keeps group separators off. What is typed stays
// as typed until Enter or leaving the box: a number in range with no more decimals than the box shows is taken as
// usual; anything else (1e12 beyond the range, -5 below it, 1e999, letters, 8.5 in an integer box) goes to `refused`
// with the text, instead of QDoubleSpinBox's silent fix (dropping the characters it does not take, or clamping).
// With a stepper, its arrows, arrow keys and Page keys go from one accepted value to the next (DP 128 -> 64, not 118).
class CompactSpinBox : public QDoubleSpinBox {
public:
    using QDoubleSpinBox::QDoubleSpinBox;
    std::function<void(const QString&)> refused;
    std::function<void(double)> accepted; // the value before a refusal, typed again
    std::function<std::optional<double>(double shown, int direction)> stepper;
    void stepBy(int steps) override {
        if (!stepper || steps == 0)
            return QDoubleSpinBox::stepBy(steps);
        const int direction = steps > 0 ? 1 : -1;
        double v = value();
        for (int i = 0; i < std::abs(steps); ++i) {
            const std::optional<double> next = stepper(v, direction);
            if (!next)
                break;
            v = *next;
        }
        if (v == value())
            return QDoubleSpinBox::stepBy(steps); // no accepted value that way: the plain step, explained if refused
        setValue(v);
    }
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
    double valueFromText(const QString& text) const override { return parse(text).value_or(value()); }
    QValidator::State validate(QString& text, int&) const override {
        return taken(text) ? QValidator::Acceptable : QValidator::Intermediate;
    }

    // The typed number (the locale's or C's notation, an exponent allowed), or nothing when it is not a finite number.
    std::optional<double> parse(const QString& text) const {
        const QString t = text.trimmed();
        bool ok = false;
        double v = locale().toDouble(t, &ok);
        if (!ok)
            v = QLocale::c().toDouble(t, &ok);
        if (!ok || !std::isfinite(v))
            return std::nullopt;
        return v;
    }
    bool taken(const QString& text) const {
        const auto v = parse(text);
        if (!v || *v < minimum() || *v > maximum())
            return false;
        const double scale = std::pow(10.0, decimals());
        return std::round(*v * scale) / scale == *v;
    }

protected:
    void keyPressEvent(QKeyEvent* event) override {
        const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
        if (enter && refuse()) {
            event->accept();
            return;
        }
        // After a refusal the box's value is still the one before it: typing that value again must apply it too
        // (QDoubleSpinBox emits nothing for an unchanged value).
        const bool retyped = enter && !m_lastRefused.isEmpty() && parse(lineEdit()->text()) == value();
        QDoubleSpinBox::keyPressEvent(event);
        if (retyped && accepted) {
            m_lastRefused.clear();
            accepted(value());
        }
    }
    void focusOutEvent(QFocusEvent* event) override {
        if (refuse()) {
            lineEdit()->event(event); // the caret stops; the text stays as typed
            QWidget::focusOutEvent(event);
            return;
        }
        QDoubleSpinBox::focusOutEvent(event);
    }

private:
    bool refuse() {
        const QString text = lineEdit()->text();
        if (taken(text) || text == textFromValue(value()))
            return false;
        if (refused && text != m_lastRefused) {
            m_lastRefused = text;
            refused(text);
        }
        return true;
    }
    QString m_lastRefused;

public:
    void forget() { m_lastRefused.clear(); }
};

} // namespace

SliderField::SliderField(const engine::Field& field, QWidget* parent) : QWidget(parent), m_field(field) {
    const engine::FieldUi& ui = field.ui;
    const QString key = QString::fromLatin1(field.key);
    m_lo = std::max(ui.sliderMin, field.min);
    m_hi = std::max(m_lo, std::min(ui.sliderMax, field.max));
    if (ui.scale != engine::SliderScale::Linear)
        m_lo = std::max(m_lo, 1e-9); // a log slider starts above zero

    setObjectName(QStringLiteral("field:") + key);
    m_slider = new QSlider(Qt::Horizontal);
    m_slider->setObjectName(QStringLiteral("slider:") + key);
    const bool integer = field.type == engine::FieldType::Int;
    switch (ui.scale) {
    case engine::SliderScale::PowersOfTwo:
        m_steps = int(std::lround(std::log2(m_hi / m_lo)));
        break;
    case engine::SliderScale::Linear:
        m_steps = integer && m_hi - m_lo <= 1000 ? int(m_hi - m_lo) : 1000;
        break;
    case engine::SliderScale::Log:
        m_steps = 1000;
        break;
    }
    m_steps = std::max(1, m_steps);
    m_slider->setRange(0, m_steps);
    m_slider->setPageStep(std::max(1, m_steps / 10));
    m_slider->setMinimumWidth(80);

    auto* spin = new CompactSpinBox(this);
    spin->refused = [this, spin](const QString& text) {
        // Out of range or not a number: the engine says why, beside the field, in its words; the value stays.
        if (const auto v = spin->parse(text))
            emit valueEdited(engine::fromDisplay(m_field, *v));
        else
            emit textRefused(text.trimmed());
    };
    spin->accepted = [this](double shown) { onSpin(shown); };
    m_spin = spin;
    m_spin->setObjectName(QStringLiteral("spin:") + key);
    m_spin->setDecimals(ui.decimals);
    // The spin box accepts the field's whole range (a value the engine rejects is explained, not clamped away).
    m_spin->setRange(engine::toDisplay(field, field.min), engine::toDisplay(field, field.max));
    m_spin->setKeyboardTracking(false);
    m_spin->setAccelerated(true);
    if (ui.scale != engine::SliderScale::Linear)
        m_spin->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_spin->setAlignment(Qt::AlignRight);
    m_spin->setMinimumWidth(m_spin->fontMetrics().horizontalAdvance(QStringLiteral("0000000.00")));

    m_unit = new QLabel(this);
    m_unit->setMinimumWidth(m_unit->fontMetrics().horizontalAdvance(QStringLiteral("$/GPU-hour")));

    // The engine's sentence takes the slider's place: same row, same height.
    m_error = new TextLine;
    m_error->setObjectName(QStringLiteral("error:") + key);
    m_error->setTextColor(QColor(QRgb(kRefusedRgb)));
    m_error->setShrinkToFit(true); // two lines of smaller type in the row's height
    m_stack = new QStackedWidget(this);
    m_stack->addWidget(m_slider);
    m_stack->addWidget(m_error);
    m_stack->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    m_stack->setFixedHeight(m_spin->sizeHint().height()); // the row's height, whichever of the two it shows

    retranslate();

    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_stack, 1);
    row->addWidget(m_spin);
    row->addWidget(m_unit);
    setFocusProxy(m_spin);

    connect(m_slider, &QSlider::valueChanged, this, &SliderField::onSlider);
    connect(m_slider, &QSlider::sliderPressed, this, [this] { emit dragging(true); });
    connect(m_slider, &QSlider::sliderReleased, this, [this] { emit dragging(false); });
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, &SliderField::onSpin);
}

void SliderField::retranslate() {
    m_unit->setText(engineText(m_field.ui.displayUnit));
    const QString tip = engineText(m_field.help) + QStringLiteral("\n") + QString::fromLatin1(m_field.key);
    setToolTip(tip);
    m_slider->setToolTip(tip);
    m_spin->setToolTip(tip);
    const QString label = engineText(m_field.ui.label);
    m_slider->setAccessibleName(label);
    m_spin->setAccessibleName(label);
}

void SliderField::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate(); // the panel sets the error line again
    QWidget::changeEvent(event);
}

int SliderField::positionFor(double v) const {
    const double lo = m_lo, hi = m_hi;
    double t = 0;
    if (m_field.ui.scale == engine::SliderScale::Linear)
        t = hi > lo ? (v - lo) / (hi - lo) : 0;
    else
        t = v > 0 && hi > lo ? std::log(v / lo) / std::log(hi / lo) : 0;
    return int(std::lround(std::clamp(t, 0.0, 1.0) * m_steps));
}

double SliderField::valueAt(int position) const {
    const double t = double(position) / m_steps;
    const double lo = m_lo, hi = m_hi;
    const auto scale = m_field.ui.scale;
    double v = scale == engine::SliderScale::Linear ? lo + t * (hi - lo) : lo * std::pow(hi / lo, t);
    if (m_field.type == engine::FieldType::Int || scale == engine::SliderScale::PowersOfTwo)
        return std::round(v);
    // Round to what the spin box shows, so the slider and the spin box agree on the value.
    const double q = std::pow(10.0, m_field.ui.decimals) / m_field.ui.displayFactor;
    if (scale == engine::SliderScale::Log) {
        // Three significant digits on a log scale.
        const double mag = std::pow(10.0, std::floor(std::log10(v)) - 2);
        return std::max(std::round(v / mag) * mag, 1.0 / q);
    }
    return engine::fromDisplay(m_field, std::round(v * q) / std::pow(10.0, m_field.ui.decimals));
}

void SliderField::setValue(double v) {
    m_value = v;
    const double shown = engine::toDisplay(m_field, v);
    // The box holds the value rounded to its decimals: compare with that, or every call re-sets the same text and
    // repaints the box and its group (model.params on every edit, ui_latency_bench).
    // Also when the box still holds refused text: the scenario moved on, and the box shows its value again. A value
    // outside the box's range (one typed there, which the engine refuses) leaves the typed text as it is.
    auto* spin = static_cast<CompactSpinBox*>(m_spin);
    const bool inBox = shown >= m_spin->minimum() && shown <= m_spin->maximum();
    if (inBox && (m_spin->value() != QString::number(shown, 'f', m_spin->decimals()).toDouble() ||
                  m_spin->text() != spin->textFromValue(m_spin->value()))) {
        const QSignalBlocker block(m_spin);
        m_spin->setValue(shown);
        spin->forget();
    }
    if (!m_slider->isSliderDown()) {
        const int pos = positionFor(v);
        if (pos != m_slider->value()) {
            const QSignalBlocker block(m_slider);
            m_slider->setValue(pos);
        }
    }
}

void SliderField::setError(const QString& message, const QString& shown) {
    m_error->setText(shown.isEmpty() ? message : shown);
    m_error->setToolTip(message);
    m_stack->setCurrentWidget(message.isEmpty() ? static_cast<QWidget*>(m_slider) : m_error);
}

void SliderField::setRefused(bool refused) {
    markRefused(m_spin, refused);
}

void SliderField::setAcceptedValues(Stepper next, Nearest nearest) {
    static_cast<CompactSpinBox*>(m_spin)->stepper = [this, next](double shown, int direction) -> std::optional<double> {
        const std::optional<double> v = next(engine::fromDisplay(m_field, shown), direction);
        return v ? std::optional<double>(engine::toDisplay(m_field, *v)) : std::nullopt;
    };
    m_next = std::move(next);
    m_nearest = std::move(nearest);
}

void SliderField::onSlider(int position) {
    double v = valueAt(position);
    if (m_nearest && v != m_value) {
        // The accepted value nearest to where the slider points; one that stays put while the slider moved (a key
        // press, a short drag) gives way to the next accepted value in the slider's direction.
        std::optional<double> accepted = m_nearest(v);
        if (accepted && *accepted == m_value && m_next)
            accepted = m_next(m_value, v > m_value ? 1 : -1);
        if (accepted && *accepted >= m_lo && *accepted <= m_hi)
            v = *accepted;
        if (!m_slider->isSliderDown() && positionFor(v) != position) {
            const QSignalBlocker block(m_slider);
            m_slider->setValue(positionFor(v));
        }
        if (v == m_value)
            return;
    }
    m_value = v;
    {
        const QSignalBlocker block(m_spin);
        m_spin->setValue(engine::toDisplay(m_field, v));
    }
    emit valueEdited(v);
}

void SliderField::onSpin(double shown) {
    double v = engine::fromDisplay(m_field, shown);
    if (m_field.type == engine::FieldType::Int)
        v = std::round(v);
    m_value = v;
    {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(positionFor(v));
    }
    emit valueEdited(v);
}

} // namespace tl::ui
