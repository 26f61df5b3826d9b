#include "ui/accuracy/calibratedialog.h"

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/units.h"
#include "io/calibrationruns.h"
#include "ui/controller.h"
#include "ui/dialogs.h"
#include "ui/i18n/enginetext.h"
#include "ui/views/textline.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace tl::ui {
namespace {

QString str(const std::string& s) {
    return QString::fromStdString(s);
}

QString signedPercent(double x) {
    return str((x >= 0 ? "+" : "") + engine::formatFixed(100 * x, 1) + "%");
}

QString seconds(double s) {
    return CalibrateDialog::tr("%1 s").arg(str(engine::formatFixed(s, s < 10 ? 3 : 2)));
}

QTableWidgetItem* item(const QString& text, bool right = false) {
    auto* it = new QTableWidgetItem(text);
    it->setTextAlignment((right ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    it->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return it;
}

// The layout keys a run may change, in the order the entry shows them.
constexpr const char* kLayoutKeys[] = {"parallel.tp", "parallel.pp", "parallel.dp", "data.micro_batch",
                                       "data.global_batch"};

QSpinBox* layoutBox(const char* key, const engine::Scenario& s) {
    auto* box = new QSpinBox;
    box->setObjectName(QStringLiteral("calibrate:") + QLatin1String(key));
    const engine::Field* f = engine::findField(key);
    box->setRange(int(f->min), int(std::min(f->max, 1e9)));
    box->setValue(int(std::get<double>(f->get(s))));
    box->setAccelerated(true);
    return box;
}

} // namespace

CalibrateDialog::CalibrateDialog(Controller* controller, Dialogs* dialogs, QWidget* parent)
    : QDialog(parent), m_controller(controller), m_dialogs(dialogs), m_base(controller->validScenario()) {
    setObjectName(QStringLiteral("calibrateDialog"));
    setSizeGripEnabled(true);
    m_result.before = m_result.after = m_base.efficiency;

    m_intro = new QLabel;
    m_intro->setWordWrap(true);
    m_tp = layoutBox(kLayoutKeys[0], m_base);
    m_pp = layoutBox(kLayoutKeys[1], m_base);
    m_dp = layoutBox(kLayoutKeys[2], m_base);
    m_micro = layoutBox(kLayoutKeys[3], m_base);
    m_global = layoutBox(kLayoutKeys[4], m_base);
    m_step = new QLineEdit;
    m_step->setObjectName(QStringLiteral("calibrateStep"));
    m_memory = new QLineEdit;
    m_memory->setObjectName(QStringLiteral("calibrateMemory"));
    m_tpLabel = new QLabel;
    m_ppLabel = new QLabel;
    m_dpLabel = new QLabel;
    m_microLabel = new QLabel;
    m_globalLabel = new QLabel;
    m_stepLabel = new QLabel;
    m_memoryLabel = new QLabel;
    const std::pair<QLabel*, QWidget*> entry[] = {
        {m_tpLabel, m_tp},         {m_ppLabel, m_pp},     {m_dpLabel, m_dp},        {m_microLabel, m_micro},
        {m_globalLabel, m_global}, {m_stepLabel, m_step}, {m_memoryLabel, m_memory}};
    auto* grid = new QGridLayout;
    int i = 0;
    for (const auto& [label, field] : entry) {
        label->setBuddy(field);
        grid->addWidget(label, i / 4 * 2, i % 4);
        grid->addWidget(field, i / 4 * 2 + 1, i % 4);
        ++i;
    }
    for (int c = 0; c < 4; ++c)
        grid->setColumnStretch(c, 1);
    m_add = new QPushButton;
    m_add->setObjectName(QStringLiteral("calibrateAdd"));
    m_add->setDefault(true);
    grid->addWidget(m_add, 3, 3);
    connect(m_add, &QPushButton::clicked, this, &CalibrateDialog::addRun);
    // Enter in a field presses Add Run (the default button).

    m_problem = new TextLine;
    m_problem->setObjectName(QStringLiteral("calibrateProblem"));
    m_problem->setTextColor(QColor(0xb0, 0x1e, 0x1e));

    m_runsTable = new QTableWidget(0, 7);
    m_runsTable->setObjectName(QStringLiteral("calibrateRuns"));
    m_runsTable->verticalHeader()->hide();
    m_runsTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_runsTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_runsTable->horizontalHeader()->setStretchLastSection(true);
    m_load = new QPushButton;
    m_load->setObjectName(QStringLiteral("calibrateLoad"));
    m_load->setAutoDefault(false);
    connect(m_load, &QPushButton::clicked, this, [this] {
        const QString path = m_dialogs->getOpenFileName(this, tr("Load Measured Runs"), QString(),
                                                        tr("Runs CSV (*.csv);;All files (*)"));
        if (!path.isEmpty())
            loadRuns(path);
    });
    m_remove = new QPushButton;
    m_remove->setObjectName(QStringLiteral("calibrateRemove"));
    m_remove->setAutoDefault(false);
    connect(m_remove, &QPushButton::clicked, this, &CalibrateDialog::removeSelectedRun);
    auto* runButtons = new QHBoxLayout;
    runButtons->addWidget(m_load);
    runButtons->addWidget(m_remove);
    runButtons->addStretch(1);

    m_figures = new QTableWidget(int(engine::calibrationBounds().size()), 4);
    m_figures->setObjectName(QStringLiteral("calibrateFigures"));
    m_figures->verticalHeader()->hide();
    m_figures->setSelectionMode(QAbstractItemView::NoSelection);
    m_figures->setFocusPolicy(Qt::NoFocus);
    m_figures->horizontalHeader()->setStretchLastSection(true);
    // One line of the type per row; every figure shows without scrolling.
    for (QTableWidget* t : {m_runsTable, m_figures}) {
        t->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
        t->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    }
    m_figures->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_figures->setFixedHeight(m_figures->horizontalHeader()->sizeHint().height() + 2 * m_figures->frameWidth() +
                              m_figures->verticalHeader()->defaultSectionSize() * m_figures->rowCount() + 2);
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("calibrateSummary"));
    m_summary->setWordWrap(true);

    auto* buttons = new QDialogButtonBox;
    m_apply = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_apply->setObjectName(QStringLiteral("calibrateApply"));
    m_apply->setAutoDefault(false);
    m_close = buttons->addButton(QDialogButtonBox::Close);
    m_close->setAutoDefault(false);
    connect(m_apply, &QPushButton::clicked, this, &CalibrateDialog::apply);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addLayout(grid);
    layout->addWidget(m_problem);
    layout->addWidget(m_runsTable, 1);
    layout->addLayout(runButtons);
    layout->addWidget(m_figures);
    layout->addWidget(m_summary);
    layout->addWidget(buttons);
    retranslate();
    resize(900, 620);
    m_step->setFocus();
}

void CalibrateDialog::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}

void CalibrateDialog::retranslate() {
    setWindowTitle(tr("Calibrate to My Cluster"));
    // The hardware by its preset's name ("H100 SXM"), or "custom".
    const engine::Field* hw = engine::findField("hardware.preset");
    const engine::FieldValue id = hw->get(m_base);
    QString gpu;
    if (const auto* text = std::get_if<std::string>(&id)) {
        const auto it = std::find(hw->choices.begin(), hw->choices.end(), *text);
        gpu = it != hw->choices.end() ? choiceText(*hw, size_t(it - hw->choices.begin())) : str(*text);
    }
    m_intro->setText(
        tr("Enter runs you measured on this hardware (%1): the scenario on screen with the layout you ran, "
           "and the step time you measured. One run fits the matmul share of peak; more runs may fit "
           "the link and memory shares too. Or load a runs CSV as trainledger-cli --calibrate reads it.")
            .arg(gpu));
    const std::pair<QLabel*, const char*> labels[] = {{m_tpLabel, kLayoutKeys[0]},
                                                      {m_ppLabel, kLayoutKeys[1]},
                                                      {m_dpLabel, kLayoutKeys[2]},
                                                      {m_microLabel, kLayoutKeys[3]},
                                                      {m_globalLabel, kLayoutKeys[4]}};
    for (const auto& [label, key] : labels)
        label->setText(engineLabel(engine::findField(key)->ui.label).trimmed());
    m_stepLabel->setText(tr("Measured &step time (s)"));
    m_memoryLabel->setText(tr("Measured peak &memory (GiB, optional)"));
    m_step->setPlaceholderText(tr("seconds per optimizer step"));
    m_memory->setPlaceholderText(tr("per GPU"));
    m_add->setText(tr("&Add Run"));
    m_load->setText(tr("&Load Runs CSV\u2026"));
    m_remove->setText(tr("&Remove Run"));
    m_apply->setText(tr("A&pply to Scenario"));
    m_apply->setToolTip(tr("Writes the fitted efficiency figures into the scenario as one step (Edit > Undo takes "
                           "it back); File > Save keeps them in the file."));
    m_runsTable->setHorizontalHeaderLabels(
        {tr("Run"), tr("GPUs"), tr("Measured"), tr("Before"), tr("Error before"), tr("After"), tr("Error after")});
    m_figures->setHorizontalHeaderLabels({tr("Figure"), tr("Before"), tr("After"), tr("Allowed")});
    refit();
}

void CalibrateDialog::showProblem(const QString& line) {
    m_problem->setText(line);
    m_problem->setToolTip(line);
}

QString CalibrateDialog::problemText() const {
    return m_problem->text();
}

bool CalibrateDialog::addRun() {
    double step = 0, memory = 0;
    auto refuse = [this](QLineEdit* field, const QString& label, const QString& allowed) {
        showProblem(tr("%1: \"%2\" is not allowed; allowed: %3").arg(label, field->text().trimmed(), allowed));
        field->setFocus();
        return false;
    };
    if (!io::parseMeasured(m_step->text(), step))
        return refuse(m_step, tr("Measured step time"), tr("seconds above 0"));
    if (!m_memory->text().trimmed().isEmpty() && !io::parseMeasured(m_memory->text(), memory))
        return refuse(m_memory, tr("Measured peak memory"), tr("GiB above 0"));
    // The run: the scenario on screen with the keys the user changed, as the CSV's settings form writes them.
    const QSpinBox* boxes[] = {m_tp, m_pp, m_dp, m_micro, m_global};
    std::string settings;
    for (int i = 0; i < 5; ++i) {
        const engine::Field* f = engine::findField(kLayoutKeys[i]);
        if (int(std::get<double>(f->get(m_base))) == boxes[i]->value())
            continue;
        settings +=
            (settings.empty() ? "" : ";") + std::string(kLayoutKeys[i]) + "=" + std::to_string(boxes[i]->value());
    }
    engine::MeasuredRun run;
    if (auto e = engine::measuredRunFromSettings(m_base, settings, step, memory, run)) {
        showProblem(diagnosticText(*e));
        return false;
    }
    m_runs.push_back(run);
    m_labels.push_back(settings.empty() ? tr("the scenario on screen")
                                        : str(settings).replace(QLatin1Char(';'), QStringLiteral("; ")));
    showProblem(QString());
    m_step->clear();
    m_memory->clear();
    refit();
    return true;
}

bool CalibrateDialog::loadRuns(const QString& path) {
    std::vector<engine::MeasuredRun> runs;
    if (auto e = io::readCalibrationRuns(m_base, path, runs)) {
        showProblem(diagnosticText(*e));
        return false;
    }
    for (engine::MeasuredRun& r : runs) {
        m_labels.push_back(QFileInfo(path).fileName() + QStringLiteral(": ") + str(r.label));
        m_runs.push_back(std::move(r));
    }
    showProblem(QString());
    refit();
    return true;
}

void CalibrateDialog::removeSelectedRun() {
    const int row = m_runsTable->currentRow();
    if (row < 0 || row >= int(m_runs.size()))
        return;
    m_runs.erase(m_runs.begin() + row);
    m_labels.erase(m_labels.begin() + row);
    refit();
}

void CalibrateDialog::refit() {
    m_result = m_runs.empty() ? engine::CalibrationResult{} : engine::calibrate(m_base, m_runs);
    if (m_runs.empty())
        m_result.before = m_result.after = m_base.efficiency;
    m_runsTable->setRowCount(int(m_runs.size()));
    for (int i = 0; i < int(m_runs.size()); ++i) {
        m_runsTable->setItem(i, 0, item(m_labels[size_t(i)]));
        m_runsTable->item(i, 0)->setToolTip(m_labels[size_t(i)]);
        const engine::Ledger l = [&] {
            engine::Scenario s = m_runs[size_t(i)].scenario;
            s.efficiency.mode = engine::EfficiencyMode::Derived;
            return engine::evaluate(s);
        }();
        m_runsTable->setItem(i, 1, item(l.valid ? str(engine::groupDigits(double(l.time.gpus))) : QString(), true));
        m_runsTable->setItem(i, 2, item(seconds(m_runs[size_t(i)].measuredStepS), true));
        const engine::CalibratedRun* c = i < int(m_result.runs.size()) ? &m_result.runs[size_t(i)] : nullptr;
        if (!c || !c->problem.empty()) {
            const QString why = c ? tr("not used: %1").arg(diagnosticText(c->problem)) : QString();
            m_runsTable->setItem(i, 3, item(why));
            m_runsTable->item(i, 3)->setToolTip(why);
            for (int col = 4; col < 7; ++col)
                m_runsTable->setItem(i, col, item(QString()));
            continue;
        }
        m_runsTable->setItem(i, 3, item(seconds(c->beforeS), true));
        m_runsTable->setItem(i, 4, item(signedPercent(c->errorBefore), true));
        m_runsTable->setItem(i, 5, item(seconds(c->afterS), true));
        m_runsTable->setItem(i, 6, item(signedPercent(c->errorAfter), true));
        m_runsTable->item(i, 4)->setData(Qt::UserRole, c->errorBefore);
        m_runsTable->item(i, 6)->setData(Qt::UserRole, c->errorAfter);
        if (c->measuredMemoryGib > 0)
            m_runsTable->item(i, 2)->setToolTip(tr("peak memory: %1 GiB measured, %2 GiB predicted")
                                                    .arg(str(engine::formatFixed(c->measuredMemoryGib, 1)),
                                                         str(engine::formatFixed(c->predictedMemoryGib, 1))));
    }
    m_runsTable->resizeColumnsToContents();

    const auto& bounds = engine::calibrationBounds();
    for (int i = 0; i < int(bounds.size()); ++i) {
        const std::string key = bounds[size_t(i)].key;
        const engine::Field* f = engine::findField(key);
        QTableWidgetItem* name = item(engineLabel(f->ui.label).trimmed());
        name->setToolTip(str(key));
        const bool moved = std::find(m_result.moved.begin(), m_result.moved.end(), key) != m_result.moved.end();
        QFont bold = font();
        bold.setBold(moved);
        m_figures->setItem(i, 0, name);
        m_figures->setItem(i, 1,
                           item(str(engine::formatFixed(engine::efficiencyFigure(m_result.before, key), 4)), true));
        QTableWidgetItem* after =
            item(str(engine::formatFixed(engine::efficiencyFigure(m_result.after, key), 4)), true);
        after->setFont(bold);
        after->setData(Qt::UserRole, engine::efficiencyFigure(m_result.after, key));
        m_figures->setItem(i, 2, after);
        m_figures->setItem(i, 3,
                           item(tr("%1 to %2 of peak")
                                    .arg(str(engine::formatFixed(bounds[size_t(i)].low, 2)),
                                         str(engine::formatFixed(bounds[size_t(i)].high, 2)))));
    }
    m_figures->resizeColumnsToContents();

    QStringList summary;
    if (m_runs.empty()) {
        summary << tr("No runs yet: enter a measured step time and press Add Run.");
    } else if (!m_result.ok) {
        summary << tr("Nothing fitted: %1").arg(diagnosticText(m_result.problem));
    } else {
        QStringList moved;
        for (const std::string& k : m_result.moved)
            moved << engineLabel(engine::findField(k)->ui.label).trimmed();
        summary << tr("Mean |error| %1% before, %2% after; fitted: %3.")
                       .arg(str(engine::formatFixed(100 * m_result.meanAbsBefore, 1)),
                            str(engine::formatFixed(100 * m_result.meanAbsAfter, 1)), moved.join(tr(", ")));
        for (const std::string& k : m_result.atBound)
            summary << tr("%1 ended on its bound: the runs are outside what the model explains.")
                           .arg(engineLabel(engine::findField(k)->ui.label).trimmed());
        if (m_base.efficiency.mode != engine::EfficiencyMode::Derived)
            summary << tr("Apply also sets Efficiency to derived from the hardware: the figures only count there.");
    }
    m_summary->setText(summary.join(QLatin1Char(' ')));
    m_apply->setEnabled(m_result.ok);
    m_remove->setEnabled(!m_runs.empty());
}

bool CalibrateDialog::apply() {
    if (!m_result.ok)
        return false;
    const engine::Scenario fitted = engine::applyCalibration(m_base, m_result);
    std::vector<Controller::Assignment> a;
    for (const engine::CalibrationBound& b : engine::calibrationBounds())
        a.emplace_back(b.key, engine::findField(b.key)->get(fitted));
    if (m_base.efficiency.mode != engine::EfficiencyMode::Derived)
        a.emplace_back("efficiency.mode", engine::FieldValue(std::string("derived")));
    if (!m_controller->applyStep(a, tr("Calibrate to My Cluster")))
        return false;
    accept();
    return true;
}

} // namespace tl::ui
