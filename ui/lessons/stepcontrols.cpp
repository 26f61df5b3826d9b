#include "ui/lessons/stepcontrols.h"

#include "engine/fields.h"
#include "ui/controller.h"
#include "ui/i18n/enginetext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
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
            auto* combo = new QComboBox;
            combo->setEditable(f->choices.empty());
            for (const auto& c : f->choices)
                combo->addItem(str(c));
            connect(combo, &QComboBox::textActivated, this,
                    [this, k](const QString& text) { m_controller->setValue(k, text.toStdString()); });
            m_syncs.push_back([this, combo, f] {
                const QSignalBlocker b(combo);
                const engine::FieldValue v = f->get(m_controller->scenario());
                combo->setCurrentText(std::holds_alternative<std::string>(v) ? str(std::get<std::string>(v))
                                                                             : QString());
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
            spin->setDecimals(integer ? 0 : (f->max <= 1 ? 2 : 1));
            spin->setRange(f->min, std::min(f->max, 1e15));
            spin->setSingleStep(integer ? 1 : (f->max <= 1 ? 0.05 : 1));
            spin->setGroupSeparatorShown(true);
            spin->setKeyboardTracking(false);
            if (f->unit && *f->unit)
                spin->setSuffix(QLatin1Char(' ') + QString::fromUtf8(f->unit));
            connect(spin, &QDoubleSpinBox::valueChanged, this, [this, k](double v) { m_controller->setValue(k, v); });
            m_syncs.push_back([this, spin, f] {
                const QSignalBlocker b(spin);
                spin->setValue(number(f->get(m_controller->scenario())));
            });
            editor = spin;
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
        m_form->addRow(label, editor);
    }
    sync();
}

void StepControls::sync() {
    for (const auto& s : m_syncs)
        s();
}

} // namespace tl::ui
