#include "ui/panels/parameterpanel.h"

#include "ui/i18n/enginetext.h"

#include "engine/fields.h"
#include "engine/ledgerfields.h"
#include "engine/precision.h"
#include "engine/stepping.h"
#include "engine/units.h"
#include "ui/panels/documentseditor.h"
#include "ui/panels/refusedmark.h"
#include "ui/panels/sliderfield.h"
#include "ui/views/textline.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>
#include <variant>

namespace tl::ui {

namespace {

const QColor kErrorColour{QRgb(kRefusedRgb)};

QString keyOf(const engine::Field& f) {
    return QString::fromLatin1(f.key);
}

QString tip(const engine::Field& f) {
    return engineText(f.help) + QStringLiteral("\n") + keyOf(f);
}

QFormLayout* newForm(QWidget* parent) {
    auto* form = new QFormLayout(parent);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    return form;
}

// A long choice ("Mixed BF16 + FP32 master, Adam (16 B/param)") must not widen the whole panel: the closed box
// shows what fits, its open list shows it whole.
void narrow(QComboBox* combo) {
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(14);
}

void select(QComboBox* combo, const QString& id) {
    const QSignalBlocker block(combo);
    const int index = combo->findData(id);
    combo->setCurrentIndex(index >= 0 ? index : combo->findData(QStringLiteral("custom")));
}

} // namespace

ParameterPanel::ParameterPanel(Controller* controller, QWidget* parent) : QWidget(parent), m_controller(controller) {
    setObjectName(QStringLiteral("parameterPanel"));

    m_gpuCount = new TextLine(this);
    m_gpuCount->setObjectName(QStringLiteral("gpuCount"));
    m_gpuCount->setPointSizeFactor(1.15, true);

    auto* content = new QWidget;
    content->setObjectName(QStringLiteral("parameterContent"));
    auto* column = new QVBoxLayout(content);

    // One group box per group, in the table's order; advanced keys in a collapsed details section at its end.
    QStringList groups;
    for (const engine::Field& f : engine::scenarioFields())
        if (f.ui.control != engine::Control::None && !groups.contains(QString::fromLatin1(f.ui.group)))
            groups << QString::fromLatin1(f.ui.group);
    for (const QString& group : groups) {
        const QByteArray groupName = group.toLatin1();
        auto* box = new QGroupBox;
        box->setObjectName(QStringLiteral("group:") + group);
        m_texts.add([box, groupName] { box->setTitle(engineText(groupName.constData())); });
        auto* boxLayout = new QVBoxLayout(box);
        boxLayout->setContentsMargins(6, 6, 6, 6);
        auto* formHost = new QWidget;
        QFormLayout* form = newForm(formHost);
        form->setContentsMargins(0, 0, 0, 0);
        boxLayout->addWidget(formHost);
        if (group == QLatin1String("Precision"))
            addRecipeRows(form);
        QFormLayout* details = nullptr;
        for (const engine::Field& f : engine::scenarioFields()) {
            if (f.ui.control == engine::Control::None || group != QLatin1String(f.ui.group))
                continue;
            if (!f.ui.advanced) {
                addControl(form, f);
                continue;
            }
            if (!details) {
                auto* toggle = new QToolButton;
                toggle->setObjectName(QStringLiteral("details:") + group);
                m_texts.add([toggle, box] { toggle->setText(tr("%1 details").arg(box->title())); });
                toggle->setCheckable(true);
                toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
                toggle->setArrowType(Qt::RightArrow);
                toggle->setAutoRaise(true);
                boxLayout->addWidget(toggle);
                auto* host = new QWidget;
                host->setObjectName(QStringLiteral("detailsPane:") + group);
                details = newForm(host);
                details->setContentsMargins(0, 0, 0, 0);
                boxLayout->addWidget(host);
                host->setVisible(false);
                connect(toggle, &QToolButton::toggled, this, [toggle, host](bool open) {
                    host->setVisible(open);
                    toggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
                });
                m_detailsToggles.insert(group, toggle);
            }
            addControl(details, f);
        }
        column->addWidget(box);
    }
    column->addStretch(1);

    auto* scroll = m_scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("parameterScroll"));
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumWidth(content->sizeHint().width() + 24);

    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* countBox = new QHBoxLayout;
    countBox->setContentsMargins(8, 6, 8, 2);
    countBox->addWidget(m_gpuCount);
    outer->addLayout(countBox);
    outer->addWidget(scroll, 1);

    connect(controller, &Controller::scenarioChanged, this, &ParameterPanel::syncFromScenario);
    connect(controller, &Controller::evaluationChanged, this, &ParameterPanel::syncFromEvaluation);
    connect(controller, &Controller::errorsChanged, this, &ParameterPanel::showErrors);
    retranslate();
}

void ParameterPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

// The texts set once (labels, choices, tooltips), then those that follow the scenario.
void ParameterPanel::retranslate() {
    m_texts.retranslate();
    syncFromScenario(m_controller->scenario());
    syncFromEvaluation(m_controller->evaluation());
    showErrors(m_controller->errors());
}

QStringList ParameterPanel::controlledKeys() const {
    QStringList keys;
    for (const engine::Field& f : engine::scenarioFields()) {
        const QString key = keyOf(f);
        if (m_fields.contains(key) || m_combos.contains(key) || m_checks.contains(key) || m_lines.contains(key) ||
            m_lists.contains(key))
            keys << key;
    }
    return keys;
}

// A control and, to its right, the line where the engine's sentence appears: the row always has that room.
QWidget* ParameterPanel::withErrorLine(QWidget* control, const QString& key) {
    auto* row = new QWidget;
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(control);
    auto* error = new TextLine;
    error->setObjectName(QStringLiteral("error:") + key);
    error->setTextColor(kErrorColour);
    layout->addWidget(error, 1);
    m_errorLines.insert(key, error);
    return row;
}

void ParameterPanel::addControl(QFormLayout* form, const engine::Field& f) {
    const QString key = keyOf(f);
    const std::string k = f.key;
    const engine::Field* field = &f; // the key table's: it outlives the panel
    const auto newLabel = [this, field] {
        auto* label = new QLabel;
        m_texts.add([label, field] {
            label->setText(engineText(field->ui.label));
            label->setToolTip(tip(*field));
        });
        return label;
    };
    switch (f.ui.control) {
    case engine::Control::Slider: {
        auto* slider = new SliderField(f);
        QLabel* label = newLabel();
        label->setBuddy(slider->spinBox());
        form->addRow(label, slider);
        m_fields.insert(key, slider);
        m_errorLines.insert(key, slider->errorLabel());
        connect(slider, &SliderField::dragging, this, &ParameterPanel::dragging);
        connect(slider, &SliderField::valueEdited, this, [this, key, k](double v) { edit(key, {{k, v}}); });
        connect(slider, &SliderField::textRefused, this, [this, key, k](const QString& text) {
            edit(key, {{k, engine::FieldValue(text.toStdString())}});
        });
        if (f.type == engine::FieldType::Int) {
            // Steps and the slider land on values the engine accepts with the other keys as they are (issue 28).
            const auto lo = static_cast<long long>(f.min), hi = static_cast<long long>(f.max);
            slider->setAcceptedValues(
                [this, k, lo, hi](double from, int direction) -> std::optional<double> {
                    const auto v =
                        engine::nextAccepted(m_controller->scenario(), k, std::llround(from), direction, lo, hi);
                    return v ? std::optional<double>(double(*v)) : std::nullopt;
                },
                [this, k, lo, hi](double target) -> std::optional<double> {
                    const auto v = engine::nearestAccepted(m_controller->scenario(), k, std::llround(target), lo, hi);
                    return v ? std::optional<double>(double(*v)) : std::nullopt;
                });
        }
        return;
    }
    case engine::Control::Combo: {
        auto* combo = new QComboBox;
        narrow(combo);
        combo->setObjectName(QStringLiteral("combo:") + key);
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        // The named choices first, "custom" (the table's first choice for presets) last.
        for (size_t i = 0; i < f.choices.size(); ++i) {
            const QString id = QString::fromStdString(f.choices[i]);
            if (id == QLatin1String("custom"))
                continue;
            combo->addItem(QString(), id);
        }
        if (f.choices.front() == "custom")
            combo->addItem(QString(), QStringLiteral("custom"));
        if (key == QLatin1String("model.preset"))
            combo->addItem(QString(), QStringLiteral("params"));
        m_texts.add([combo, field] {
            combo->setToolTip(tip(*field));
            for (int item = 0; item < combo->count(); ++item) {
                const std::string id = combo->itemData(item).toString().toStdString();
                const auto at = std::find(field->choices.begin(), field->choices.end(), id);
                combo->setItemText(item, at != field->choices.end()
                                             ? choiceText(*field, size_t(at - field->choices.begin()))
                                             : tr("From the parameter count"));
            }
        });
        QLabel* label = newLabel();
        label->setBuddy(combo);
        form->addRow(label, withErrorLine(combo, key));
        m_combos.insert(key, combo);
        connect(combo, &QComboBox::activated, this, [this, combo, key, k](int index) {
            const QString id = combo->itemData(index).toString();
            if (id == QLatin1String("params")) // the preset's count, now as a raw count: its shape comes from the rule
                edit(key, {{"model.params", double(m_controller->ledger().params.total)}});
            else
                edit(key, {{k, id.toStdString()}});
        });
        return;
    }
    case engine::Control::Check: {
        auto* check = new QCheckBox;
        check->setObjectName(QStringLiteral("check:") + key);
        m_texts.add([check, field] {
            check->setText(engineText(field->ui.label));
            check->setToolTip(tip(*field));
        });
        form->addRow(QString(), withErrorLine(check, key));
        m_checks.insert(key, check);
        connect(check, &QCheckBox::toggled, this, [this, key, k](bool on) { edit(key, {{k, on}}); });
        return;
    }
    case engine::Control::Line: {
        auto* line = new QLineEdit;
        line->setObjectName(QStringLiteral("line:") + key);
        m_texts.add([line, field] { line->setToolTip(tip(*field)); });
        QLabel* label = newLabel();
        label->setBuddy(line);
        form->addRow(label, line);
        m_lines.insert(key, line);
        connect(line, &QLineEdit::editingFinished, this, [this, line, key, k] {
            edit(key, {{k, line->text().toStdString()}});
        });
        return;
    }
    case engine::Control::List: {
        auto* list = new DocumentsEditor;
        m_texts.add([list, field] { list->setToolTip(tip(*field)); });
        QLabel* label = newLabel();
        label->setBuddy(list->lineEdit());
        auto* cell = new QWidget;
        auto* cellLayout = new QVBoxLayout(cell);
        cellLayout->setContentsMargins(0, 0, 0, 0);
        cellLayout->setSpacing(2);
        cellLayout->addWidget(list);
        auto* error = new TextLine;
        error->setObjectName(QStringLiteral("error:") + key);
        error->setTextColor(kErrorColour);
        cellLayout->addWidget(error);
        m_errorLines.insert(key, error);
        form->addRow(label, cell);
        m_lists.insert(key, list);
        connect(list, &DocumentsEditor::documentsEdited, this, [this, key, k](const std::vector<int>& lengths) {
            edit(key, {{k, lengths}});
        });
        connect(list, &DocumentsEditor::packingChosen, this, [this, key](const std::vector<int>& lengths) {
            edit(key, engine::packingAssignments(m_controller->scenario(), lengths));
        });
        return;
    }
    case engine::Control::None:
        return;
    }
}

// Not a key: a recipe sets the four precision keys at once, and the line under it shows what they cost per parameter.
void ParameterPanel::addRecipeRows(QFormLayout* form) {
    auto* recipes = new QComboBox;
    narrow(recipes);
    recipes->setObjectName(QStringLiteral("combo:precision.recipe"));
    for (const auto& r : engine::precisionRecipes())
        recipes->addItem(QString(), QString::fromUtf8(r.id));
    recipes->addItem(QString(), QStringLiteral("custom"));
    auto* label = new QLabel;
    label->setBuddy(recipes);
    auto* stateLabel = new QLabel;
    m_texts.add([recipes, label, stateLabel] {
        int item = 0;
        for (const auto& r : engine::precisionRecipes()) {
            recipes->setItemText(item, engineText(r.label));
            recipes->setItemData(item++, engineText(r.note), Qt::ToolTipRole);
        }
        recipes->setItemText(item, tr("Custom (see the details)"));
        label->setText(tr("Re&cipe"));
        stateLabel->setText(tr("State"));
    });
    form->addRow(label, recipes);
    m_combos.insert(QStringLiteral("precision.recipe"), recipes);
    connect(recipes, &QComboBox::activated, this, [this, recipes](int index) {
        const QString id = recipes->itemData(index).toString();
        for (const auto& r : engine::precisionRecipes())
            if (id == QString::fromUtf8(r.id))
                edit(QStringLiteral("precision.recipe"),
                     {{"precision.weights", std::string(engine::choiceName(r.spec.weights))},
                      {"precision.grads", std::string(engine::choiceName(r.spec.grads))},
                      {"precision.master", std::string(engine::choiceName(r.spec.master))},
                      {"precision.optimizer", std::string(engine::choiceName(r.spec.optimizer))}});
    });
    m_bytesPerParam = new QLabel;
    m_bytesPerParam->setObjectName(QStringLiteral("bytesPerParam"));
    m_bytesPerParam->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_bytesPerParam->setMinimumWidth(1);
    m_bytesPerParam->setWordWrap(true); // "16.00 B/param, 131.1 GB (122.1 GiB) for the whole model" on narrow panels
    form->addRow(stateLabel, m_bytesPerParam);
}

void ParameterPanel::edit(const QString& control, const std::vector<Controller::Assignment>& assignments) {
    m_editing = control;
    m_controller->setValues(assignments); // showErrors runs inside, knowing which control was edited
    m_editing.clear();
}

QWidget* ParameterPanel::valueControl(const QString& key) const {
    if (SliderField* f = m_fields.value(key))
        return f->spinBox();
    if (DocumentsEditor* list = m_lists.value(key))
        return list->lineEdit();
    if (QWidget* w = m_combos.value(key))
        return w;
    if (QWidget* w = m_checks.value(key))
        return w;
    return m_lines.value(key);
}

bool ParameterPanel::isRefused(const QString& key) const {
    return isMarkedRefused(valueControl(key));
}

// "↓ See DP": where the field that refused the edit is, in few enough words for the slider's place (its acronym
// when its label ends in one, as "Data parallel (DP)" does).
QString ParameterPanel::pointerTo(const QString& key) const {
    const QString label = shortLabel(key);
    const QWidget* from = visibleRow(m_refused);
    const QWidget* to = visibleRow(key);
    const bool below =
        !from || !to ||
        to->mapTo(m_scroll->widget(), QPoint(0, 0)).y() > from->mapTo(m_scroll->widget(), QPoint(0, 0)).y();
    return (below ? QStringLiteral("\u2193 ") : QStringLiteral("\u2191 ")) + tr("See %1").arg(label);
}

QString ParameterPanel::shortLabel(const QString& key) const {
    QString label = engineText(engine::labelOf(key.toStdString()).c_str());
    static const QRegularExpression acronym(QStringLiteral("\\(([A-Za-z0-9-]{1,6})\\)$"));
    if (const QRegularExpressionMatch m = acronym.match(label); m.hasMatch())
        label = m.captured(1);
    return label;
}

// The refusal in few enough words for the slider's place: the field, the value typed and what is allowed, without
// the list of allowed values (the whole sentence is the line's tooltip). Empty for sentences without a short form.
QString ParameterPanel::shortRefusal(const engine::Diagnostic& e) const {
    using engine::Msg;
    auto arg = [&e](size_t i) {
        return i < e.args.size() ? QString::fromStdString(engine::formatArg(e.args[i])) : QString();
    };
    const QString field = shortLabel(QString::fromStdString(e.code)), value = arg(1);
    switch (e.id) {
    case Msg::NotAllowedInt:
    case Msg::NotAllowedReal:
    case Msg::WrongTypeInt:
    case Msg::WrongTypeReal:
        return tr("%1 %2: from %3 to %4").arg(field, value, arg(2), arg(3));
    case Msg::Divisor: // "a divisor of %3 (%4)": the key, then its value
        return tr("%1 %2: a divisor of %3").arg(field, value, arg(3));
    case Msg::DivisorOfBoth:
        return tr("%1 %2: a divisor of %3 and of %4").arg(field, value, arg(3), arg(5));
    case Msg::DivisorOfQuotient: // "a divisor of %3 / %4 = %5 (%6)"
        return tr("%1 %2: a divisor of %3").arg(field, value, arg(4));
    case Msg::ChunksPerRank: // "at most %3 / %4 (%5) chunks per rank"
        return tr("%1 %2: at most %3").arg(field, value, arg(4));
    default:
        return {};
    }
}

QWidget* ParameterPanel::visibleRow(const QString& key) const {
    QWidget* row = m_fields.value(key);
    if (!row)
        if (TextLine* error = m_errorLines.value(key))
            row = error->parentWidget();
    if (!row)
        row = valueControl(key);
    if (!row)
        return nullptr;
    const engine::Field* f = engine::findField(key.toStdString());
    QToolButton* toggle = f && f->ui.advanced ? m_detailsToggles.value(QString::fromLatin1(f->ui.group)) : nullptr;
    return toggle && !toggle->isChecked() ? toggle : row;
}

// Every control shows the scenario as edited: a refused value stays where the user typed it (showErrors marks it).
void ParameterPanel::syncFromScenario(const engine::Scenario& s) {
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
        const engine::FieldValue v = it.value()->field().get(s);
        if (std::holds_alternative<double>(v))
            it.value()->setValue(std::get<double>(v));
    }
    for (auto it = m_combos.cbegin(); it != m_combos.cend(); ++it) {
        const engine::Field* f = engine::findField(it.key().toStdString());
        if (f)
            select(it.value(), QString::fromStdString(std::get<std::string>(f->get(s))));
    }
    if (s.model.params > 0)
        select(m_combos.value(QStringLiteral("model.preset")), QStringLiteral("params"));
    for (auto it = m_checks.cbegin(); it != m_checks.cend(); ++it) {
        const QSignalBlocker block(it.value());
        it.value()->setChecked(std::get<bool>(engine::findField(it.key().toStdString())->get(s)));
    }
    for (auto it = m_lines.cbegin(); it != m_lines.cend(); ++it) {
        const QString text =
            QString::fromStdString(std::get<std::string>(engine::findField(it.key().toStdString())->get(s)));
        if (it.value()->text() != text && !it.value()->hasFocus())
            it.value()->setText(text);
    }
    for (auto it = m_lists.cbegin(); it != m_lists.cend(); ++it)
        it.value()->setDocuments(std::get<std::vector<int>>(engine::findField(it.key().toStdString())->get(s)));

    const engine::PrecisionRecipe* recipe = engine::matchRecipe(s.precision);
    QComboBox* recipes = m_combos.value(QStringLiteral("precision.recipe"));
    select(recipes, recipe ? QString::fromUtf8(recipe->id) : QStringLiteral("custom"));
    recipes->setToolTip(recipe ? engineText(recipe->note)
                               : tr("Weights %1, gradients %2, master %3, "
                                    "optimizer %4")
                                     .arg(QString::fromUtf8(engine::choiceName(s.precision.weights)),
                                          QString::fromUtf8(engine::choiceName(s.precision.grads)),
                                          QString::fromUtf8(engine::choiceName(s.precision.master)),
                                          QString::fromUtf8(engine::choiceName(s.precision.optimizer))));
}

// Figures derived from the plan describe the valid plan the views show, never a refused edit.
void ParameterPanel::syncFromEvaluation(const engine::Evaluation& e) {
    const engine::Scenario& s = e.scenario;
    // model.params is null for a preset: the slider then shows the preset's count from the ledger.
    if (m_controller->scenario().model.params <= 0 && e.ledger.valid)
        m_fields.value(QStringLiteral("model.params"))->setValue(double(e.ledger.params.total));
    // Fixed: the typed MFU; derived: the step comes from the hardware and the slider shows the computed MFU.
    SliderField* mfu = m_fields.value(QStringLiteral("efficiency.mfu"));
    const bool derivedMfu = m_controller->scenario().efficiency.mode == engine::EfficiencyMode::Derived;
    mfu->setEnabled(!derivedMfu);
    if (derivedMfu && e.ledger.valid)
        mfu->setValue(e.ledger.time.mfu);
    m_bytesPerParam->setText(
        tr("%1, %2 for the whole model")
            .arg(QString::fromStdString(
                     engine::formatLedgerValue(e.ledger.state.bytesPerParam, engine::Unit::BytesPerParam)),
                 QString::fromStdString(engine::formatLedgerValue(e.ledger.state.totalBytes, engine::Unit::Bytes))));
    m_gpuCount->setText(tr("%1 GPUs = TP %2 \u00d7 PP %3 \u00d7 DP %4 "
                           "\u00d7 CP %5")
                            .arg(QString::fromStdString(engine::groupDigits(engine::gpuCount(s))))
                            .arg(s.parallel.tp)
                            .arg(s.parallel.pp)
                            .arg(s.parallel.dp)
                            .arg(s.parallel.cp));
}

// Each sentence beside the key the engine names; a sentence naming a key without a control goes to the banner only.
// The control the user edited keeps the refused value, marked, and when the engine names another key its line says
// which one; that key's row is scrolled into view.
void ParameterPanel::showErrors(const std::vector<engine::Diagnostic>& errors) {
    QHash<QString, QStringList> byKey, shortByKey;
    QStringList named; // in the engine's order
    for (const auto& e : errors) {
        const QString code = QString::fromStdString(e.code);
        byKey[code] << diagnosticText(e, true); // beside its own control a sentence need not name the key again
        const QString brief = shortRefusal(e);
        shortByKey[code] << (brief.isEmpty() ? byKey[code].back() : brief);
        if (!named.contains(code))
            named << code;
    }
    if (errors.empty())
        m_refused.clear();
    else if (!m_editing.isEmpty() && (m_refused.isEmpty() || named.contains(m_editing)))
        m_refused = m_editing;
    if (!m_refused.isEmpty() && !named.isEmpty() && !named.contains(m_refused)) {
        byKey[m_refused] << pointerTo(named.front());
        shortByKey[m_refused] << byKey[m_refused].back();
    }
    // Without an edit of the panel (undo, a lesson step) the keys the engine names are the ones marked.
    const QStringList marked = m_refused.isEmpty() ? named : QStringList{m_refused};

    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
        it.value()->setError(byKey.value(it.key()).join(QStringLiteral("; ")),
                             shortByKey.value(it.key()).join(QStringLiteral("; ")));
        it.value()->setRefused(marked.contains(it.key()));
    }
    for (auto it = m_errorLines.cbegin(); it != m_errorLines.cend(); ++it)
        if (!m_fields.contains(it.key()))
            it.value()->setText(byKey.value(it.key()).join(QStringLiteral("; ")));
    auto mark = [&marked](const auto& controls) {
        for (auto it = controls.cbegin(); it != controls.cend(); ++it)
            markRefused(it.value(), marked.contains(it.key()));
    };
    mark(m_combos);
    mark(m_checks);
    mark(m_lines);
    for (auto it = m_lists.cbegin(); it != m_lists.cend(); ++it)
        markRefused(it.value()->lineEdit(), marked.contains(it.key()));
    if (!m_editing.isEmpty() && !named.contains(m_editing))
        for (const QString& key : named)
            if (QWidget* row = visibleRow(key)) {
                m_scroll->ensureWidgetVisible(row, 0, 8);
                break;
            }
    // A sentence in a closed details section: the section's toggle turns red and carries it.
    for (auto it = m_detailsToggles.cbegin(); it != m_detailsToggles.cend(); ++it) {
        QStringList inside;
        for (const engine::Field& f : engine::scenarioFields())
            if (f.ui.advanced && it.key() == QLatin1String(f.ui.group))
                inside << byKey.value(keyOf(f));
        QPalette pal = it.value()->palette();
        pal.setColor(QPalette::ButtonText, inside.isEmpty() ? palette().color(QPalette::ButtonText) : kErrorColour);
        it.value()->setPalette(pal);
        it.value()->setToolTip(inside.join(QLatin1Char('\n')));
    }
}

} // namespace tl::ui
