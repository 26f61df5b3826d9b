#include "ui/panels/parameterpanel.h"

#include "ui/i18n/enginetext.h"

#include "engine/fields.h"
#include "engine/ledgerfields.h"
#include "engine/model.h"
#include "engine/precision.h"
#include "engine/presets.h"
#include "engine/units.h"
#include "ui/panels/sliderfield.h"
#include "ui/views/textline.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

#include <variant>

namespace tl::ui {

namespace {

using Scale = SliderSpec::Scale;

SliderSpec spec(const char* key, double lo, double hi, Scale scale, bool integer, const QString& unit,
                double displayScale = 1, int decimals = 0) {
    SliderSpec s;
    s.key = QString::fromLatin1(key);
    s.uiMin = lo;
    s.uiMax = hi;
    s.scale = scale;
    s.integer = integer;
    s.unit = unit;
    s.displayScale = displayScale;
    s.decimals = decimals;
    return s;
}

QColor errorColour() {
    return QColor(0xc6, 0x28, 0x28);
}

double numberOf(const engine::FieldValue& v) {
    if (auto d = std::get_if<double>(&v))
        return *d;
    return 0;
}

const char* const kArchitectureKeys[] = {"model.layers",   "model.hidden",   "model.ffn_hidden", "model.heads",
                                         "model.kv_heads", "model.head_dim", "model.vocab"};
const char* const kHardwareKeys[] = {"hardware.memory_gb",       "hardware.peak_tflops", "hardware.usd_per_gpu_hour",
                                     "hardware.gpus_per_node",   "hardware.hbm_tbps",    "hardware.intra_node_gbps",
                                     "hardware.inter_node_gbps", "hardware.pcie_gbps"};

QGroupBox* group(const QString& title, QFormLayout*& form) {
    auto* box = new QGroupBox(title);
    form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::DontWrapRows);
    return box;
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
    QFormLayout* form = nullptr;

    // Model.
    column->addWidget(group(tr("Model"), form));
    {
        auto* presets = new QComboBox;
        presets->setObjectName(QStringLiteral("combo:model.preset"));
        for (const auto& p : engine::modelPresets())
            presets->addItem(QString::fromStdString(p.name), QString::fromStdString(p.id));
        presets->addItem(tr("Custom architecture"), QStringLiteral("custom"));
        presets->addItem(tr("From the parameter count"), QStringLiteral("params"));
        if (auto* f = engine::findField("model.preset"))
            presets->setToolTip(engineText(f->help));
        auto* label = new QLabel(tr("&Preset"));
        label->setBuddy(presets);
        form->addRow(label, presets);
        m_combos.insert(QStringLiteral("model.preset"), presets);
        addErrorLine(form, QStringLiteral("model.preset"));
        connect(presets, &QComboBox::activated, this, [this, presets](int index) {
            const QString id = presets->itemData(index).toString();
            if (id == QStringLiteral("params"))
                edit({{"model.preset", std::string("custom")},
                      {"model.params", double(m_controller->ledger().params.total)}});
            else if (id == QStringLiteral("custom"))
                edit({{"model.params", std::monostate{}}, {"model.preset", std::string("custom")}});
            else
                edit({{"model.preset", id.toStdString()}});
            if (id == QStringLiteral("custom"))
                m_archToggle->setChecked(true);
        });

        auto* params = addSlider(form, tr("Parameters"),
                                 spec("model.params", 1e7, 1e13, Scale::Log, false, tr("billion"), 1e-9, 3));
        params->setToolTip(params->toolTip() + tr("\nMoving it walks the documented Llama-style shape family; "
                                                  "choosing a preset clears it."));
        disconnect(params, &SliderField::valueEdited, this, nullptr);
        connect(params, &SliderField::valueEdited, this, [this](double v) {
            edit({{"model.preset", std::string("custom")}, {"model.params", v}});
        });

        m_archToggle = new QToolButton;
        m_archToggle->setObjectName(QStringLiteral("architectureToggle"));
        m_archToggle->setText(tr("&Architecture"));
        m_archToggle->setCheckable(true);
        m_archToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        m_archToggle->setArrowType(Qt::RightArrow);
        m_archToggle->setAutoRaise(true);
        form->addRow(m_archToggle);
        m_archEditor = new QWidget;
        m_archEditor->setObjectName(QStringLiteral("architectureEditor"));
        auto* archForm = new QFormLayout(m_archEditor);
        archForm->setContentsMargins(0, 0, 0, 0);
        archForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        m_archNote = new QLabel(tr("Derived from the parameter count by the documented shape rule; choose "
                                   "\"Custom architecture\" to edit."));
        m_archNote->setWordWrap(true);
        archForm->addRow(m_archNote);
        addSlider(archForm, tr("Layers"), spec("model.layers", 1, 200, Scale::Linear, true, tr("layers")));
        addSlider(archForm, tr("Hidden"), spec("model.hidden", 64, 65536, Scale::Log, true, QString()));
        addSlider(archForm, tr("FFN hidden"), spec("model.ffn_hidden", 64, 262144, Scale::Log, true, QString()));
        addSlider(archForm, tr("Heads"), spec("model.heads", 1, 256, Scale::Linear, true, tr("heads")));
        addSlider(archForm, tr("KV heads"), spec("model.kv_heads", 1, 256, Scale::Linear, true, tr("heads")));
        addSlider(archForm, tr("Head dim"), spec("model.head_dim", 16, 512, Scale::PowersOfTwo, true, QString()));
        addSlider(archForm, tr("Vocabulary"), spec("model.vocab", 1000, 1e6, Scale::Log, true, tr("tokens")));
        for (const char* key : kArchitectureKeys) {
            SliderField* f = m_fields.value(QString::fromLatin1(key));
            disconnect(f, &SliderField::valueEdited, this, nullptr);
            connect(f, &SliderField::valueEdited, this, [this, key](double v) {
                edit({{"model.params", std::monostate{}}, {"model.preset", std::string("custom")}, {key, v}});
            });
        }
        form->addRow(m_archEditor);
        m_archEditor->setVisible(false);
        connect(m_archToggle, &QToolButton::toggled, this, [this](bool open) {
            m_archEditor->setVisible(open);
            m_archToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        });
    }

    // Data.
    column->addWidget(group(tr("Data"), form));
    addSlider(form, tr("&Tokens"), spec("data.tokens", 1e9, 1e14, Scale::Log, false, tr("billion"), 1e-9, 3));
    addSlider(form, tr("Sequence length"), spec("data.seq_len", 512, 1048576, Scale::PowersOfTwo, true, tr("tokens")));
    addSlider(form, tr("Global batch"), spec("data.global_batch", 1, 65536, Scale::Log, true, tr("sequences")));
    addSlider(form, tr("Micro-batch"), spec("data.micro_batch", 1, 256, Scale::Log, true, tr("sequences")));

    // Schedule.
    column->addWidget(group(tr("Schedule"), form));
    addSlider(form, tr("&Deadline"), spec("schedule.deadline_days", 1, 365, Scale::Linear, false, tr("days"), 1, 1));
    addSlider(form, tr("Reserve"), spec("schedule.reserve_days", 0, 60, Scale::Linear, false, tr("days"), 1, 1));

    // Precision.
    column->addWidget(group(tr("Precision"), form));
    {
        auto* recipes = new QComboBox;
        recipes->setObjectName(QStringLiteral("combo:precision.recipe"));
        for (const auto& r : engine::precisionRecipes()) {
            recipes->addItem(engineText(r.label), QString::fromUtf8(r.id));
            recipes->setItemData(recipes->count() - 1, engineText(r.note), Qt::ToolTipRole);
        }
        recipes->addItem(tr("Custom (from a file)"), QStringLiteral("custom"));
        auto* label = new QLabel(tr("Re&cipe"));
        label->setBuddy(recipes);
        form->addRow(label, recipes);
        m_combos.insert(QStringLiteral("precision.recipe"), recipes);
        connect(recipes, &QComboBox::activated, this, [this, recipes](int index) {
            const QString id = recipes->itemData(index).toString();
            for (const auto& r : engine::precisionRecipes())
                if (id == QString::fromUtf8(r.id))
                    edit({{"precision.weights", r.spec.weights},
                          {"precision.grads", r.spec.grads},
                          {"precision.master", r.spec.master},
                          {"precision.optimizer", r.spec.optimizer}});
        });
        m_bytesPerParam = new QLabel;
        m_bytesPerParam->setObjectName(QStringLiteral("bytesPerParam"));
        m_bytesPerParam->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        m_bytesPerParam->setMinimumWidth(1);
        form->addRow(tr("State"), m_bytesPerParam);
        for (const char* key : {"precision.weights", "precision.grads", "precision.master", "precision.optimizer"})
            addErrorLine(form, QString::fromLatin1(key));
    }

    // Parallelism.
    column->addWidget(group(tr("Parallelism"), form));
    addSlider(form, tr("&ZeRO stage"), spec("parallel.zero", 0, 3, Scale::Linear, true, QString()));
    addSlider(form, tr("TP"), spec("parallel.tp", 1, 64, Scale::Linear, true, tr("GPUs")));
    addSlider(form, tr("PP"), spec("parallel.pp", 1, 64, Scale::Linear, true, tr("stages")));
    addSlider(form, tr("D&P"), spec("parallel.dp", 1, 16384, Scale::Log, true, tr("replicas")));
    addSlider(form, tr("CP"), spec("parallel.cp", 1, 64, Scale::Linear, true, tr("GPUs")));
    addCombo(form, tr("Pipeline schedule"), QStringLiteral("parallel.schedule"));
    addSlider(form, tr("Virtual stages"), spec("parallel.virtual_stages", 1, 16, Scale::Linear, true, tr("chunks")));
    addCheck(form, tr("Sequence parallel"), QStringLiteral("parallel.sequence_parallel"));
    addCombo(form, tr("&Recompute"), QStringLiteral("activations.recompute"));
    addCheck(form, tr("Flash attention"), QStringLiteral("activations.flash_attention"));
    addCheck(form, tr("Dropout masks kept"), QStringLiteral("model.dropout"));
    addCombo(form, tr("Optimizer offload"), QStringLiteral("offload.optimizer"));

    // Hardware and efficiency.
    column->addWidget(group(tr("Hardware and efficiency"), form));
    {
        auto* gpus = new QComboBox;
        gpus->setObjectName(QStringLiteral("combo:hardware.preset"));
        for (const auto& g : engine::gpuPresets())
            gpus->addItem(QString::fromStdString(g.name), QString::fromStdString(g.id));
        gpus->addItem(tr("Custom GPU"), QStringLiteral("custom"));
        if (auto* f = engine::findField("hardware.preset"))
            gpus->setToolTip(engineText(f->help));
        auto* label = new QLabel(tr("&GPU"));
        label->setBuddy(gpus);
        form->addRow(label, gpus);
        m_combos.insert(QStringLiteral("hardware.preset"), gpus);
        addErrorLine(form, QStringLiteral("hardware.preset"));
        connect(gpus, &QComboBox::activated, this, [this, gpus](int index) {
            edit({{"hardware.preset", gpus->itemData(index).toString().toStdString()}});
        });
    }
    addSlider(form, tr("Memory"), spec("hardware.memory_gb", 8, 400, Scale::Linear, false, tr("GB"), 1, 1));
    addSlider(form, tr("Peak"), spec("hardware.peak_tflops", 10, 10000, Scale::Log, false, tr("TFLOP/s"), 1, 1));
    addSlider(form, tr("Price"), spec("hardware.usd_per_gpu_hour", 0.1, 50, Scale::Log, false, tr("$/GPU-hour"), 1, 2));
    addSlider(form, tr("GPUs per node"), spec("hardware.gpus_per_node", 1, 72, Scale::Linear, true, tr("GPUs")));
    addSlider(form, tr("HBM"), spec("hardware.hbm_tbps", 0.5, 20, Scale::Log, false, tr("TB/s"), 1, 2));
    addSlider(form, tr("NVLink"), spec("hardware.intra_node_gbps", 10, 2000, Scale::Log, false, tr("GB/s"), 1, 1));
    addSlider(form, tr("Network"), spec("hardware.inter_node_gbps", 1, 400, Scale::Log, false, tr("GB/s"), 1, 1));
    addSlider(form, tr("PCIe"), spec("hardware.pcie_gbps", 4, 256, Scale::Log, false, tr("GB/s"), 1, 1));
    for (const char* key : kHardwareKeys) {
        SliderField* f = m_fields.value(QString::fromLatin1(key));
        disconnect(f, &SliderField::valueEdited, this, nullptr);
        connect(f, &SliderField::valueEdited, this, [this, key](double v) {
            edit({{"hardware.preset", std::string("custom")}, {key, v}});
        });
    }
    {
        // Fixed: the typed MFU; derived: the step comes from the hardware and the slider shows the computed MFU.
        QComboBox* mode = addCombo(form, tr("&Efficiency"), QStringLiteral("efficiency.mode"));
        mode->setItemText(mode->findData(QStringLiteral("fixed")), tr("fixed MFU"));
        mode->setItemText(mode->findData(QStringLiteral("derived")), tr("derived from hardware"));
    }
    addSlider(form, tr("&MFU"), spec("efficiency.mfu", 0.05, 0.8, Scale::Linear, false, tr("%"), 100, 1));
    column->addStretch(1);

    auto* scroll = new QScrollArea(this);
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
    connect(controller, &Controller::ledgerChanged, this, &ParameterPanel::syncFromLedger);
    connect(controller, &Controller::errorsChanged, this, &ParameterPanel::showErrors);
    syncFromScenario(controller->scenario());
    syncFromLedger(controller->ledger());
    showErrors(controller->errors());
}

SliderField* ParameterPanel::addSlider(QFormLayout* form, const QString& label, const SliderSpec& s) {
    auto* field = new SliderField(s);
    auto* text = new QLabel(label);
    text->setBuddy(field->spinBox());
    text->setToolTip(field->toolTip());
    form->addRow(text, field);
    m_fields.insert(s.key, field);
    connect(field, &SliderField::dragging, this, &ParameterPanel::dragging);
    const std::string key = s.key.toStdString();
    connect(field, &SliderField::valueEdited, this, [this, key](double v) { edit({{key, v}}); });
    return field;
}

QComboBox* ParameterPanel::addCombo(QFormLayout* form, const QString& label, const QString& key) {
    auto* combo = new QComboBox;
    combo->setObjectName(QStringLiteral("combo:") + key);
    const engine::Field* f = engine::findField(key.toStdString());
    if (f) {
        for (const auto& c : f->choices)
            combo->addItem(QString::fromStdString(c), QString::fromStdString(c));
        combo->setToolTip(engineText(f->help) + QStringLiteral("\n") + key);
    }
    auto* text = new QLabel(label);
    text->setBuddy(combo);
    form->addRow(text, combo);
    m_combos.insert(key, combo);
    addErrorLine(form, key);
    const std::string k = key.toStdString();
    connect(combo, &QComboBox::activated, this, [this, combo, k](int index) {
        edit({{k, combo->itemData(index).toString().toStdString()}});
    });
    return combo;
}

QCheckBox* ParameterPanel::addCheck(QFormLayout* form, const QString& label, const QString& key) {
    auto* check = new QCheckBox(label);
    check->setObjectName(QStringLiteral("check:") + key);
    if (const engine::Field* f = engine::findField(key.toStdString()))
        check->setToolTip(engineText(f->help) + QStringLiteral("\n") + key);
    form->addRow(QString(), check);
    m_checks.insert(key, check);
    addErrorLine(form, key);
    const std::string k = key.toStdString();
    connect(check, &QCheckBox::toggled, this, [this, k](bool on) { edit({{k, on}}); });
    return check;
}

QLabel* ParameterPanel::addErrorLine(QFormLayout* form, const QString& key) {
    auto* line = new QLabel;
    line->setObjectName(QStringLiteral("error:") + key);
    line->setWordWrap(true);
    QPalette pal = line->palette();
    pal.setColor(QPalette::WindowText, errorColour());
    line->setPalette(pal);
    line->hide();
    form->addRow(line);
    m_errorLines.insert(key, line);
    return line;
}

void ParameterPanel::edit(const std::vector<Controller::Assignment>& assignments) {
    m_controller->setValues(assignments);
}

void ParameterPanel::syncFromScenario(const engine::Scenario& s) {
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
        const engine::Field* f = engine::findField(it.key().toStdString());
        if (!f)
            continue;
        const engine::FieldValue v = f->get(s);
        if (std::holds_alternative<double>(v))
            it.value()->setValue(std::get<double>(v));
    }
    // A derived shape: show the rule's architecture, read-only.
    const bool derived = s.model.params > 0;
    if (derived) {
        const engine::ModelShape shape = engine::shapeForParams(s.model.params);
        engine::Scenario copy = s;
        copy.model = shape;
        for (const char* key : kArchitectureKeys)
            m_fields.value(QString::fromLatin1(key))->setValue(numberOf(engine::findField(key)->get(copy)));
    }
    for (const char* key : kArchitectureKeys)
        m_fields.value(QString::fromLatin1(key))->setEnabled(!derived);
    m_archNote->setVisible(derived);

    auto select = [](QComboBox* combo, const QString& id) {
        const QSignalBlocker block(combo);
        const int index = combo->findData(id);
        combo->setCurrentIndex(index >= 0 ? index : combo->findData(QStringLiteral("custom")));
    };
    select(m_combos.value(QStringLiteral("model.preset")),
           derived ? QStringLiteral("params") : QString::fromStdString(s.model.preset));
    select(m_combos.value(QStringLiteral("hardware.preset")), QString::fromStdString(s.hardware.preset));
    const engine::PrecisionRecipe* recipe = engine::matchRecipe(s.precision);
    QComboBox* recipes = m_combos.value(QStringLiteral("precision.recipe"));
    select(recipes, recipe ? QString::fromUtf8(recipe->id) : QStringLiteral("custom"));
    recipes->setToolTip(
        recipe ? engineText(recipe->note)
               : tr("weights %1, gradients %2, master %3, optimizer %4")
                     .arg(QString::fromStdString(s.precision.weights), QString::fromStdString(s.precision.grads),
                          QString::fromStdString(s.precision.master), QString::fromStdString(s.precision.optimizer)));
    for (const char* key : {"parallel.schedule", "activations.recompute", "offload.optimizer", "efficiency.mode"}) {
        const engine::FieldValue v = engine::findField(key)->get(s);
        select(m_combos.value(QString::fromLatin1(key)), QString::fromStdString(std::get<std::string>(v)));
    }
    for (auto it = m_checks.cbegin(); it != m_checks.cend(); ++it) {
        const engine::FieldValue v = engine::findField(it.key().toStdString())->get(s);
        const QSignalBlocker block(it.value());
        it.value()->setChecked(std::get<bool>(v));
    }

    m_gpuCount->setText(tr("%1 GPUs = TP %2 \u00d7 PP %3 \u00d7 DP %4 \u00d7 CP %5")
                            .arg(QString::fromStdString(engine::groupDigits(engine::gpuCount(s))))
                            .arg(s.parallel.tp)
                            .arg(s.parallel.pp)
                            .arg(s.parallel.dp)
                            .arg(s.parallel.cp));
}

void ParameterPanel::syncFromLedger(const engine::Ledger& l) {
    // model.params is null for a preset: the slider then shows the preset's count from the ledger.
    if (m_controller->scenario().model.params <= 0 && l.valid)
        m_fields.value(QStringLiteral("model.params"))->setValue(double(l.params.total));
    // Derived mode: the MFU is an output; the slider shows it and cannot be moved.
    SliderField* mfu = m_fields.value(QStringLiteral("efficiency.mfu"));
    const bool derivedMfu = m_controller->scenario().efficiency.mode == "derived";
    mfu->setEnabled(!derivedMfu);
    if (derivedMfu && l.valid)
        mfu->setValue(l.time.mfu);
    else if (!derivedMfu)
        mfu->setValue(m_controller->scenario().efficiency.mfu);
    m_bytesPerParam->setText(
        tr("%1, %2 for the whole model")
            .arg(QString::fromStdString(engine::formatLedgerValue(l.state.bytesPerParam, engine::Unit::BytesPerParam)),
                 QString::fromStdString(engine::formatLedgerValue(l.state.totalBytes, engine::Unit::Bytes))));
}

void ParameterPanel::showErrors(const std::vector<engine::Diagnostic>& errors) {
    QHash<QString, QStringList> byKey;
    QStringList unplaced;
    for (const auto& e : errors) {
        const QString key = QString::fromStdString(e.code);
        const QString text = QString::fromStdString(e.message);
        if (m_fields.contains(key) || m_errorLines.contains(key))
            byKey[key] << text;
        else
            unplaced << text;
    }
    // The control the user just moved also shows what its move broke elsewhere (dp = 7 breaks data.global_batch).
    const QString last = m_controller->lastEditedKey();
    if (!errors.empty() && !byKey.contains(last) && (m_fields.contains(last) || m_errorLines.contains(last))) {
        for (const auto& e : errors)
            byKey[last] << QString::fromStdString(e.message);
        unplaced.clear();
    }
    if (!unplaced.isEmpty() && !byKey.isEmpty())
        byKey.begin().value() << unplaced;
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it)
        it.value()->setError(byKey.value(it.key()).join(QLatin1Char('\n')));
    for (auto it = m_errorLines.cbegin(); it != m_errorLines.cend(); ++it) {
        const QString text = byKey.value(it.key()).join(QLatin1Char('\n'));
        it.value()->setText(text);
        it.value()->setVisible(!text.isEmpty());
    }
}

} // namespace tl::ui
