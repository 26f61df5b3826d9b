#include "ui/lessons/stepcontrols.h"

#include "engine/fields.h"
#include "ui/controller.h"
#include "ui/i18n/enginetext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>

#include <cmath>

namespace tl::ui {

namespace {

QString str(const std::string& s) {
    return QString::fromStdString(s);
}

double number(const engine::FieldValue& v) {
    if (auto d = std::get_if<double>(&v))
        return *d;
    return 0;
}

QString listText(const engine::FieldValue& v) {
    QStringList parts;
    if (auto l = std::get_if<std::vector<int>>(&v))
        for (int x : *l)
            parts << QString::number(x);
    return parts.join(QStringLiteral(", "));
}

} // namespace

StepControls::StepControls(Controller* controller, QWidget* parent) : QWidget(parent), m_controller(controller) {
    setObjectName(QStringLiteral("stepControls"));
    m_form = new QFormLayout(this);
    m_form->setContentsMargins(0, 0, 0, 0);
    m_form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    connect(controller, &Controller::scenarioChanged, this, [this] { sync(); });
}

void StepControls::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange && !m_keys.isEmpty()) {
        const QStringList keys = m_keys; // the editors again, with their labels, units and choices translated
        m_keys.clear();
        setKeys(keys);
    }
    QWidget::changeEvent(event);
}

// Each key as the parameter panel shows it: its label, its choices by name, numbers in the unit the panel uses
// ("40 %", not 0.40) with group separators.
void StepControls::setKeys(const QStringList& keys) {
    if (keys == m_keys)
        return;
    m_keys = keys;
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    m_syncs.clear();
    for (const QString& key : keys) {
        const engine::Field* f = engine::findField(key.toStdString());
        if (!f)
            continue;
        const std::string k = f->key;
        QWidget* editor = nullptr;
        QWidget* row = nullptr; // the editor and its unit, as the panel shows them (a unit, not "1 sequences")
        switch (f->type) {
        case engine::FieldType::Bool: {
            auto* box = new QCheckBox;
            connect(box, &QCheckBox::toggled, this, [this, k](bool on) { m_controller->setValue(k, on); });
            m_syncs.push_back([this, box, f] {
                const QSignalBlocker b(box);
                box->setChecked(std::get<bool>(f->get(m_controller->scenario())));
            });
            editor = box;
            break;
        }
        case engine::FieldType::Choice:
        case engine::FieldType::Text: {
            if (f->choices.empty()) { // free text (a title)
                auto* line = new QLineEdit;
                connect(line, &QLineEdit::editingFinished, this,
                        [this, k, line] { m_controller->setValue(k, line->text().toStdString()); });
                m_syncs.push_back([this, line, f] {
                    const QSignalBlocker b(line);
                    const engine::FieldValue v = f->get(m_controller->scenario());
                    line->setText(std::holds_alternative<std::string>(v) ? str(std::get<std::string>(v)) : QString());
                });
                editor = line;
                break;
            }
            auto* combo = new QComboBox;
            for (size_t i = 0; i < f->choices.size(); ++i)
                combo->addItem(choiceText(*f, i), str(f->choices[i]));
            connect(combo, &QComboBox::activated, this, [this, k, combo](int index) {
                m_controller->setValue(k, combo->itemData(index).toString().toStdString());
            });
            m_syncs.push_back([this, combo, f] {
                const QSignalBlocker b(combo);
                const engine::FieldValue v = f->get(m_controller->scenario());
                combo->setCurrentIndex(combo->findData(
                    std::holds_alternative<std::string>(v) ? str(std::get<std::string>(v)) : QString()));
            });
            editor = combo;
            break;
        }
        case engine::FieldType::IntList: {
            auto* line = new QLineEdit;
            line->setPlaceholderText(tr("document lengths, e.g. 4096, 4096"));
            connect(line, &QLineEdit::editingFinished, this, [this, k, line] {
                std::vector<int> values;
                for (const QString& part : line->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
                    values.push_back(part.trimmed().toInt());
                m_controller->setValue(k, values);
            });
            m_syncs.push_back([this, line, f] {
                const QSignalBlocker b(line);
                line->setText(listText(f->get(m_controller->scenario())));
            });
            editor = line;
            break;
        }
        case engine::FieldType::Int:
        case engine::FieldType::Real:
        case engine::FieldType::NullableReal: {
            auto* spin = new QDoubleSpinBox;
            const bool integer = f->type == engine::FieldType::Int;
            spin->setDecimals(integer ? 0 : f->ui.decimals);
            spin->setRange(engine::toDisplay(*f, f->min), engine::toDisplay(*f, std::min(f->max, 1e15)));
            spin->setGroupSeparatorShown(true);
            spin->setKeyboardTracking(false);
            if (f->ui.scale != engine::SliderScale::Linear)
                spin->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
            connect(spin, &QDoubleSpinBox::valueChanged, this, [this, k, f, integer](double shown) {
                const double v = engine::fromDisplay(*f, shown);
                m_controller->setValue(k, integer ? std::round(v) : v);
            });
            m_syncs.push_back([this, spin, f] {
                const QSignalBlocker b(spin);
                spin->setValue(engine::toDisplay(*f, number(f->get(m_controller->scenario()))));
            });
            editor = spin;
            if (*f->ui.displayUnit) {
                row = new QWidget;
                auto* layout = new QHBoxLayout(row);
                layout->setContentsMargins(0, 0, 0, 0);
                layout->addWidget(spin, 1);
                layout->addWidget(new QLabel(engineText(f->ui.displayUnit)));
            }
            break;
        }
        }
        editor->setObjectName(QStringLiteral("stepControl:") + key);
        // The field's label for people; its key stays in the tooltip, as in the parameter panel.
        const QString tip = engineText(f->help) + QLatin1Char('\n') + key;
        editor->setToolTip(tip);
        auto* label = new QLabel(*f->ui.label ? engineText(f->ui.label) : key);
        label->setToolTip(tip);
        label->setBuddy(editor);
        m_form->addRow(label, row ? row : editor);
    }
    sync();
}

void StepControls::sync() {
    for (const auto& s : m_syncs)
        s();
}

} // namespace tl::ui
