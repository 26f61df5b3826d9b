#include "ui/planner/plannertab.h"

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/units.h"
#include "ui/controller.h"
#include "ui/i18n/enginetext.h"
#include "ui/jobs/backgroundjob.h"
#include "ui/jobs/jobprogress.h"
#include "ui/planner/planchart.h"
#include "ui/planner/planmodel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QStyleOptionHeader>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace tl::ui {
namespace {

// What a layout's results depend on, the efficiency mode included: the tab ranks in the scenario's own mode, so Apply
// never switches it (issue 28); whether tp may span nodes is the tab's own choice.
engine::Scenario problemOf(const engine::Scenario& s) {
    engine::Scenario p = engine::layoutProblem(s).scenario;
    p.efficiency.mode = s.efficiency.mode;
    return p;
}

// The layout column elides at its end: its parallel degrees come first and matter most (the tooltip says all).
class ElideRightDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override {
        QStyledItemDelegate::initStyleOption(option, index);
        option->textElideMode = Qt::ElideRight;
    }
};

QString count(long long n) {
    return QString::fromStdString(engine::groupDigits(double(n)));
}

} // namespace

PlannerTab::PlannerTab(Controller* controller, QWidget* parent) : QWidget(parent), m_controller(controller) {
    setObjectName(QStringLiteral("plannerTab"));

    m_gpus = new QLineEdit;
    m_gpus->setObjectName(QStringLiteral("plannerGpus"));
    m_gpus->setText(QString::number(engine::gpuCount(controller->validScenario())));
    m_gpusError = new QLabel;
    m_gpusError->setObjectName(QStringLiteral("plannerGpusError"));
    m_gpusError->setStyleSheet(QStringLiteral("color: #b71c1c"));
    m_gpusError->setWordWrap(true);
    m_objective = new QComboBox;
    m_objective->setObjectName(QStringLiteral("plannerObjective"));
    for (engine::Objective o : {engine::Objective::Fastest, engine::Objective::Cheapest, engine::Objective::Fewest})
        m_objective->addItem(QString(), int(o));
    m_headroom = new QDoubleSpinBox;
    m_headroom->setObjectName(QStringLiteral("plannerHeadroom"));
    m_headroom->setRange(0, 90);
    m_headroom->setDecimals(0);
    m_headroom->setValue(kDefaultHeadroomPercent);
    m_budget = new QLineEdit;
    m_budget->setObjectName(QStringLiteral("plannerBudget"));
    m_budgetError = new QLabel;
    m_budgetError->setObjectName(QStringLiteral("plannerBudgetError"));
    m_budgetError->setStyleSheet(QStringLiteral("color: #b71c1c"));
    m_budgetError->setWordWrap(true);
    m_budgetError->hide();
    m_top = new QSpinBox;
    m_top->setObjectName(QStringLiteral("plannerTop"));
    m_top->setRange(1, 5000);
    m_top->setValue(100);
    m_across = new QCheckBox;
    m_across->setObjectName(QStringLiteral("plannerAcross"));
    m_run = new QPushButton;
    m_run->setObjectName(QStringLiteral("plannerRun"));
    m_run->setDefault(true);
    m_job = new BackgroundJob(this);
    m_progress = new JobProgress(m_job);
    m_progress->bar()->setObjectName(QStringLiteral("plannerProgress"));
    m_progress->cancelButton()->setObjectName(QStringLiteral("plannerCancel"));
    m_progress->cancelButton()->setShortcut(QKeySequence(Qt::Key_Escape));
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("plannerStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* form = new QFormLayout;
    const auto label = [](QWidget* buddy) {
        auto* l = new QLabel;
        l->setBuddy(buddy);
        return l;
    };
    form->addRow(m_gpusLabel = label(m_gpus), m_gpus);
    form->addRow(QString(), m_gpusError);
    form->addRow(m_objectiveLabel = label(m_objective), m_objective);
    form->addRow(m_headroomLabel = label(m_headroom), m_headroom);
    form->addRow(m_budgetLabel = label(m_budget), m_budget);
    form->addRow(QString(), m_budgetError);
    form->addRow(m_topLabel = label(m_top), m_top);
    form->addRow(QString(), m_across);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_run);
    runRow->addWidget(m_progress, 1);
    form->addRow(runRow);

    m_model = new PlanModel(this);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("plannerTable"));
    m_table->setModel(m_model);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(PlanModel::Rank, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle);
    // The figures at their width; the layout and the bottleneck share what is left (fitColumns): at 1280 x 720 every
    // column shows without scrolling sideways.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->setItemDelegateForColumn(PlanModel::Layout, new ElideRightDelegate(m_table));
    m_table->viewport()->installEventFilter(this);
    connect(m_model, &QAbstractItemModel::modelReset, this, &PlannerTab::fitColumns, Qt::QueuedConnection);
    connect(m_model, &QAbstractItemModel::headerDataChanged, this, &PlannerTab::fitColumns, Qt::QueuedConnection);
    connect(m_model, &QAbstractItemModel::layoutChanged, this, &PlannerTab::fitColumns, Qt::QueuedConnection);
    connect(m_table->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this, &PlannerTab::fitColumns,
            Qt::QueuedConnection);
    m_chart = new PlanChart;
    m_chart->setMinimumHeight(240); // the title, legend and axes take ~150 px: room for a readable plot
    m_table->setMinimumHeight(120);
    m_apply = new QPushButton;
    m_apply->setObjectName(QStringLiteral("plannerApply"));
    m_apply->setEnabled(false);

    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addLayout(form);
    leftLayout->addWidget(m_status);
    leftLayout->addStretch(1);
    leftLayout->addWidget(m_apply);
    left->setMaximumWidth(280); // the table takes the rest: its nine columns need it at 1280 x 720

    auto* results = new QSplitter(Qt::Vertical);
    results->addWidget(m_table);
    results->addWidget(m_chart);
    results->setStretchFactor(0, 1);
    results->setStretchFactor(1, 1);
    results->setSizes({1000, 1000}); // half each to start: the table's size hint alone would squash the chart
    results->setChildrenCollapsible(false);

    auto* layout = new QHBoxLayout(this);
    layout->addWidget(left);
    layout->addWidget(results, 1);

    connect(m_run, &QPushButton::clicked, this, [this] { plan(); });
    connect(m_gpus, &QLineEdit::returnPressed, this, [this] { plan(); });
    connect(m_apply, &QPushButton::clicked, this, [this] { applyRow(); });
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& i) { applyRow(i.row()); });
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_table, &QWidget::customContextMenuRequested, this, [this](const QPoint& at) {
        const QModelIndex index = m_table->indexAt(at);
        if (!index.isValid())
            return;
        QMenu* menu = rowMenu(index.row());
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(m_table->viewport()->mapToGlobal(at));
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& i) {
        m_chart->setSelected(m_model->plan(i.row()));
        updateApply();
    });
    connect(controller, &Controller::evaluationChanged, this, &PlannerTab::onScenarioChanged);
    setStatus([] { return tr("Plan every valid layout of this model on a GPU count or range."); });
    retranslate();
}

void PlannerTab::retranslate() {
    m_gpusLabel->setText(tr("&GPUs:"));
    m_gpus->setPlaceholderText(tr("N or MIN:MAX"));
    m_gpus->setToolTip(tr("One GPU count (every layout uses exactly that many), or a range MIN:MAX (every count the "
                          "batch and whole nodes admit). Key: --gpus"));
    m_objectiveLabel->setText(tr("&Objective:"));
    m_objective->setItemText(0, tr("Fastest"));
    m_objective->setItemText(1, tr("Cheapest that meets the deadline"));
    m_objective->setItemText(2, tr("Fewest GPUs that meet the deadline"));
    m_headroomLabel->setText(tr("Hea&droom:"));
    m_headroom->setSuffix(tr(" % kept free"));
    m_headroom->setToolTip(tr("A layout fits when its memory per GPU is at most the capacity less this share."));
    m_budgetLabel->setText(tr("&Budget:"));
    m_budget->setPlaceholderText(tr("no limit (US dollars)"));
    m_budget->setToolTip(tr("List only plans that cost at most this many US dollars; with Fastest, the fastest "
                            "layout within the budget. Key: --budget"));
    m_topLabel->setText(tr("&Rows:"));
    m_top->setToolTip(tr("How many of the best plans to list"));
    m_across->setText(tr("Tensor parallel across nodes"));
    m_across->setToolTip(tr("Off: tp stays inside one node (it divides the GPUs per node)"));
    m_run->setText(tr("&Plan"));
    m_apply->setText(tr("Appl&y Layout"));
    m_apply->setToolTip(tr("Make the selected layout the scenario (one undo step)"));
    m_status->setText(m_statusText());
    m_model->retranslate();
}

void PlannerTab::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate(); // the table's headers and the chart retranslate themselves
    QWidget::changeEvent(event);
}

bool PlannerTab::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_table->viewport() && event->type() == QEvent::Resize)
        fitColumns();
    return QWidget::eventFilter(watched, event);
}

void PlannerTab::fitColumns() {
    QHeaderView* header = m_table->horizontalHeader();
    // A title's width as the style draws it; Qt's own hint keeps room for a sort arrow in every column (the header's
    // height and a margin), but only the sorted column draws one.
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    const auto titleWidth = [&](int column) {
        QStyleOptionHeader option;
        option.initFrom(header);
        option.section = column;
        option.orientation = Qt::Horizontal;
        option.text = m_model->headerData(column, Qt::Horizontal).toString();
        QFont bold = header->font(); // a selected row's sections are drawn bold
        bold.setBold(true);
        option.fontMetrics = QFontMetrics(bold);
        const int title = header->style()->sizeFromContents(QStyle::CT_HeaderSection, &option, QSize(), header).width();
        return column == header->sortIndicatorSection() ? title + header->height() + margin : title;
    };
    const auto want = [&](int column) {
        return std::max(static_cast<QAbstractItemView*>(m_table)->sizeHintForColumn(column), titleWidth(column));
    };
    int figures = 0;
    for (int c = 0; c < PlanModel::ColumnCount; ++c)
        if (c != PlanModel::Layout && c != PlanModel::Bottleneck) {
            header->resizeSection(c, want(c));
            figures += header->sectionSize(c);
        }
    // The layout and the bottleneck share the rest: the bottleneck its width up to half, the layout what is left;
    // each keeps its title and at least the start and end of its text.
    constexpr int kLeast = 60;
    const int layoutLeast = std::max(kLeast, titleWidth(PlanModel::Layout));
    const int bottleneckLeast = std::max(kLeast, titleWidth(PlanModel::Bottleneck));
    const int room = std::max(layoutLeast + bottleneckLeast, m_table->viewport()->width() - figures);
    const int bottleneckWidth =
        std::clamp(std::min(want(PlanModel::Bottleneck), std::max(room / 2, room - want(PlanModel::Layout))),
                   bottleneckLeast, room - layoutLeast);
    header->resizeSection(PlanModel::Layout, room - bottleneckWidth);
    header->resizeSection(PlanModel::Bottleneck, bottleneckWidth);
}

void PlannerTab::setStatus(std::function<QString()> text) {
    m_statusText = std::move(text);
    m_status->setText(m_statusText());
}

PlannerTab::~PlannerTab() = default;

bool PlannerTab::isRunning() const {
    return m_job->isRunning();
}

bool PlannerTab::plan() {
    if (isRunning())
        return false;
    engine::PlanRequest req;
    engine::Diagnostic error;
    if (!engine::parseGpuRange(m_gpus->text().toStdString(), tr("GPUs").toStdString(), req.minGpus, req.maxGpus,
                               error)) {
        m_gpusError->setText(diagnosticText(error));
        return false;
    }
    m_gpusError->clear();
    // The budget: empty for none, else dollars ("2500000", "2,500,000" or "$2.5e6").
    QString budget = m_budget->text().trimmed();
    budget.remove(QLatin1Char(',')).remove(QLatin1Char('$'));
    bool budgetOk = true;
    const double usd = budget.isEmpty() ? 0.0 : budget.toDouble(&budgetOk);
    if (!budgetOk || !(usd >= 0 && usd <= 1e15)) {
        m_budgetError->setText(
            tr("Budget: \"%1\" is not allowed; allowed: US dollars from 0 (no limit) to 1e15").arg(m_budget->text()));
        m_budgetError->show();
        return false;
    }
    m_budgetError->clear();
    m_budgetError->hide();
    req.budgetUsd = usd;
    req.objective = engine::Objective(m_objective->currentData().toInt());
    req.headroom = m_headroom->value() / 100.0;
    req.top = m_top->value();
    req.tpAcrossNodes = m_across->isChecked();
    // The scenario's efficiency.mode: a fixed MFU stays fixed, and the table's MFU is the window's.
    req.forceDerived = false;
    const engine::Scenario scenario = m_controller->validScenario();
    m_searched = scenario;
    m_job->start(
        [scenario, req, search = m_search](const JobToken& token) {
            engine::PlanRequest r = req;
            r.cancel = token.cancelFlag();
            r.progress = token.progressCallback();
            return search(scenario, r);
        },
        [this](engine::PlanResult r) { onFinished(std::move(r)); });
    m_run->setEnabled(false);
    m_apply->setEnabled(false);
    setStatus([] { return tr("Searching…"); });
    return true;
}

void PlannerTab::cancel() {
    m_job->cancel();
}

QProgressBar* PlannerTab::progressBar() const {
    return m_progress->bar();
}

QPushButton* PlannerTab::cancelButton() const {
    return m_progress->cancelButton();
}

void PlannerTab::onFinished(engine::PlanResult r) {
    m_run->setEnabled(true);
    if (r.cancelled) {
        setStatus([] { return tr("Cancelled: the scenario is unchanged and the table still shows the last search."); });
        updateApply();
        emit finished(true);
        return;
    }
    m_result = std::move(r);
    m_haveResult = true;
    m_model->setPlans(m_result.plans);
    m_table->sortByColumn(PlanModel::Rank, Qt::AscendingOrder);
    m_chart->setData(m_result.plans, m_result.pareto, currentPoint());
    m_chart->setSelected(nullptr);
    setStatus([this] {
        QString text = tr("%1 layouts evaluated, %2 pruned, %3 fit, %4 finish in time: %5 s on %6 threads.")
                           .arg(count(m_result.evaluated), count(m_result.pruned), count(m_result.feasible),
                                count(m_result.meeting))
                           .arg(m_result.seconds, 0, 'f', 2)
                           .arg(m_result.threads);
        if (m_result.plans.empty())
            text += QLatin1Char('\n') + tr("No plan: %1.").arg(diagnosticText(m_result.reason));
        else if (!m_result.plans.front().derived)
            text += QLatin1Char('\n') + tr("A fixed MFU makes every layout on a GPU count equally fast: on one count "
                                           "the plans rank by memory per GPU (most room first), then by GPUs. Derived "
                                           "efficiency ranks them by the modelled step time.");
        if (!m_result.plans.empty())
            if (const QString note = finetuneNote(); !note.isEmpty())
                text += QLatin1Char('\n') + note;
        return text;
    });
    if (!m_result.plans.empty())
        m_table->selectRow(0);
    updateApply();
    emit finished(false);
}

// What a run with frozen weights changes about the ranking (LoRA, QLoRA): the engine's trainable parameters and
// frozen bytes of the scenario searched; "" in full training.
QString PlannerTab::finetuneNote() const {
    if (m_searched.finetune.method == engine::FinetuneMethod::Full)
        return {};
    const engine::Ledger ledger = engine::evaluate(m_searched);
    if (!ledger.valid)
        return {};
    return tr("%1 run: only the %2 adapter parameters are trained, so their gradients and optimizer state are small "
              "and data parallelism synchronises little; the frozen base weights (%3) are divided only by tensor and "
              "pipeline parallelism or ZeRO-3 (which gathers them every step), so they and the activations decide "
              "which layouts fit.")
        .arg(m_searched.finetune.method == engine::FinetuneMethod::Qlora ? QStringLiteral("QLoRA")
                                                                         : QStringLiteral("LoRA"),
             count(ledger.params.trainable), QString::fromStdString(engine::formatGB(ledger.state.frozenWeightBytes)));
}

// This plan's point, in the mode the plans were ranked in so that the two can be compared; none when the results
// belong to another model, data or hardware.
std::optional<QPointF> PlannerTab::currentPoint() const {
    if (!m_haveResult || problemOf(m_controller->validScenario()) != problemOf(m_searched))
        return std::nullopt;
    engine::Scenario here = m_controller->validScenario();
    if (!m_result.plans.empty() && m_result.plans.front().derived)
        here.efficiency.mode = engine::EfficiencyMode::Derived;
    const engine::Ledger ledger = engine::evaluate(here);
    if (!ledger.valid)
        return std::nullopt;
    return QPointF(ledger.time.daysEffective, ledger.cost.usd); // the planner ranks by the effective days
}

bool PlannerTab::stale() const {
    return !m_haveResult || problemOf(m_controller->validScenario()) != problemOf(m_searched);
}

void PlannerTab::onScenarioChanged() {
    if (m_haveResult && !isRunning())
        m_chart->setCurrent(currentPoint()); // "this plan" follows Apply and every edit of the layout
    if (m_haveResult && stale() && !isRunning())
        setStatus([] {
            return tr("The model, data or hardware changed since this search: Plan again to update the table.");
        });
    updateApply();
}

void PlannerTab::updateApply() {
    m_apply->setEnabled(!isRunning() && !stale() && m_model->plan(m_table->currentIndex().row()) != nullptr);
}

std::optional<engine::Scenario> PlannerTab::rowScenario(int row) const {
    if (row < 0)
        row = m_table->currentIndex().row();
    const engine::Plan* p = m_model->plan(row);
    if (!p || stale() || isRunning())
        return std::nullopt;
    engine::Scenario s = m_searched;
    for (const auto& [key, value] : engine::planAssignments(*p))
        if (engine::setField(s, key, value))
            return std::nullopt;
    return s;
}

QMenu* PlannerTab::rowMenu(int row) {
    auto* menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("plannerRowMenu"));
    QAction* apply = menu->addAction(tr("&Apply Layout"));
    apply->setObjectName(QStringLiteral("plannerRowApply"));
    connect(apply, &QAction::triggered, this, [this, row] { applyRow(row); });
    QAction* exportLayout = menu->addAction(tr("&Export this layout\u2026"));
    exportLayout->setObjectName(QStringLiteral("plannerRowExport"));
    exportLayout->setToolTip(tr("This layout as a Megatron-LM, torchtitan or DeepSpeed launch config"));
    const std::optional<engine::Scenario> s = rowScenario(row);
    apply->setEnabled(s.has_value());
    exportLayout->setEnabled(s.has_value());
    if (s)
        connect(exportLayout, &QAction::triggered, this,
                [this, scenario = *s] { emit exportLayoutRequested(scenario); });
    return menu;
}

bool PlannerTab::applyRow(int row) {
    if (row < 0)
        row = m_table->currentIndex().row();
    const engine::Plan* p = m_model->plan(row);
    if (!p || stale() || isRunning())
        return false;
    std::vector<Controller::Assignment> assignments;
    for (auto& a : engine::planAssignments(*p))
        assignments.push_back(std::move(a));
    return m_controller->applyStep(assignments, tr("apply layout %1").arg(layoutText(p->layout, LayoutStyle::Short)));
}

} // namespace tl::ui
