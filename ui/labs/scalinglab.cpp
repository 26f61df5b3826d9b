#include "ui/labs/scalinglab.h"

#include "engine/units.h"
#include "io/atomicfile.h"
#include "ui/boxes.h"
#include "ui/controller.h"
#include "ui/i18n/enginetext.h"
#include "ui/labs/scrollpage.h"
#include "ui/views/charts.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegendMarker>
#include <QLineEdit>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMessageBox>
#include <QPointer>
#include <QProgressDialog>
#include <QPushButton>
#include <QScatterSeries>
#include <QSlider>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <map>

namespace tl::ui::labs {
namespace el = engine::labs;

namespace {

QString count(double v) {
    return QString::fromStdString(engine::formatCountShort(v));
}

QString flopsText(double f) {
    return QString::fromStdString(engine::formatGeneral(f, 3)).replace(QStringLiteral("e+"), QStringLiteral("e"));
}

QTableWidgetItem* cell(const QString& text, bool bold = false) {
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(Qt::AlignCenter);
    if (bold) {
        QFont f = item->font();
        f.setBold(true);
        item->setFont(f);
    }
    return item;
}

// A table the user reads but does not edit, its columns sharing the width.
QTableWidget* readOnlyTable(int rows, const QString& name, int columns) {
    auto* table = new QTableWidget(rows, columns);
    table->setObjectName(name);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    return table;
}

// A page: its tool row on top, then the table side and the chart side sharing the width.
QSplitter* layOutPage(QWidget* page, QLayout* top, QWidget* left, QWidget* chart) {
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(left);
    split->addWidget(chart);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(page);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    return split;
}

const QColor kCurveColours[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xff, 0x7f, 0x0e), QColor(0x2c, 0xa0, 0x2c),
                                QColor(0xd6, 0x27, 0x28), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                                QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f)};

QChartView* chartView(QChart* chart, const QString& name) {
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4)); // the plot's height for the axes' titles (a taller verdict above)
    return makeChartView(chart, name, {420, 320});
}

void resetAxes(QChart* chart, const QString& xTitle, const QString& yTitle, double xLo, double xHi, double yLo,
               double yHi) {
    for (QAbstractAxis* a : chart->axes())
        chart->removeAxis(a);
    auto* x = new QLogValueAxis;
    x->setBase(10);
    x->setLabelFormat(QStringLiteral("%.0e"));
    x->setTitleText(xTitle);
    x->setRange(xLo, xHi);
    x->setMinorTickCount(-1);
    auto* y = new QValueAxis;
    y->setTitleText(yTitle);
    y->setRange(yLo, yHi);
    y->setLabelFormat(QStringLiteral("%.2f"));
    y->applyNiceNumbers();
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries* s : chart->series()) { // already in the chart: attach only
        s->attachAxis(x);
        s->attachAxis(y);
    }
}

} // namespace

ScalingLab::ScalingLab(Controller* controller, QWidget* parent) : QWidget(parent), m_controller(controller) {
    setObjectName(QStringLiteral("scalingLab"));
    m_pages = new QTabWidget;
    m_pages->setObjectName(QStringLiteral("scalingPages"));
    m_pages->setDocumentMode(true);
    m_pages->addTab(scrollable(buildOptimalPage()), QString());
    m_pages->addTab(scrollable(buildFitPage()), QString());
    m_texts.add([this] {
        m_pages->setTabText(0, tr("&Compute-optimal"));
        m_pages->setTabText(1, tr("&Fit your own law"));
    });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_pages);
    recompute();
}

void ScalingLab::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    arrangePages();
}

// Side by side, the chart and the table's columns and buttons wanted more than 1280 x 720 beside the parameters give:
// the page scrolled sideways and the chart's title and legend were cut. Too narrow, the chart goes under the table
// and the page scrolls down instead.
void ScalingLab::arrangePages() {
    const int room = m_pages->width() - 2 * m_pages->style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    for (QSplitter* split : std::as_const(m_splits)) {
        const int need = split->widget(0)->minimumSizeHint().width() + split->widget(1)->minimumWidth() +
                         split->handleWidth() + split->parentWidget()->layout()->contentsMargins().left() +
                         split->parentWidget()->layout()->contentsMargins().right();
        const Qt::Orientation o = need > room ? Qt::Vertical : Qt::Horizontal;
        QWidget* left = split->widget(0);
        // Under each other, the table side keeps the height its rows and sentences need (the page scrolls).
        const int height = left->hasHeightForWidth() ? left->heightForWidth(room) : left->sizeHint().height();
        left->setMinimumHeight(o == Qt::Vertical ? height : 0);
        if (split->orientation() != o) {
            split->setOrientation(o);
            split->setSizes({1000, 1000});
        }
    }
}

void ScalingLab::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        m_texts.retranslate();
        m_fitStatus->setText(m_fitStatusText());
        recompute(); // the notes and the iso-FLOP chart
        if (m_fit)
            drawFit();
    }
    QWidget::changeEvent(event);
}

ScalingLab::~ScalingLab() {
    if (m_worker) {
        m_cancel = true;
        m_worker->wait();
    }
}

QWidget* ScalingLab::buildOptimalPage() {
    auto* page = new QWidget;
    m_unit = new QComboBox;
    m_unit->setObjectName(QStringLiteral("budgetUnitCombo"));
    m_unit->addItem(QString());
    m_unit->addItem(QString());
    m_budget = new QLineEdit(QStringLiteral("1e24"));
    m_budget->setObjectName(QStringLiteral("budgetEdit"));
    m_budget->setMaximumWidth(180);
    auto* budgetLabel = new QLabel;
    budgetLabel->setBuddy(m_budget);
    auto* plan = new QPushButton;
    plan->setObjectName(QStringLiteral("planBudgetButton"));
    m_texts.add([this, budgetLabel, plan] {
        m_unit->setItemText(0, tr("FLOPs"));
        m_unit->setItemText(1, tr("US dollars"));
        m_unit->setToolTip(tr("A compute budget in FLOPs, or dollars turned into FLOPs at this scenario's GPU price, "
                              "peak and MFU"));
        m_budget->setToolTip(tr("The budget, e.g. 1e24 (FLOPs) or 2500000 (dollars)"));
        budgetLabel->setText(tr("&Budget"));
        plan->setText(tr("This plan's bu&dget"));
        plan->setToolTip(tr("The current scenario's 6ND, or its cost in dollars"));
    });
    m_budgetNote = new QLabel;
    m_budgetNote->setObjectName(QStringLiteral("budgetNote"));
    QHBoxLayout* top = rowOf(budgetLabel, m_budget, m_unit, plan, Stretched{m_budgetNote});

    m_table = readOnlyTable(4, QStringLiteral("allocationTable"), 3);
    m_texts.add([this] {
        m_table->setHorizontalHeaderLabels(
            {tr("Chinchilla\napproach 3"), tr("Kaplan et al.\n2020"), tr("20 tokens\nper parameter")});
        m_table->setVerticalHeaderLabels(
            {tr("Parameters N"), tr("Tokens D"), tr("Tokens per parameter"), tr("Loss (approach 3 law)")});
    });
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // "Use this allocation" for each column, in a row under the table (full labels, no clipped buttons).
    auto* useRow = new QHBoxLayout;
    for (int c = 0; c < 3; ++c) {
        auto* use = new QPushButton;
        use->setObjectName(QStringLiteral("useAllocation%1").arg(c));
        m_texts.add([use, c] {
            const QString useLabels[] = {tr("Use approach 3's allocation"), tr("Use Kaplan's allocation"),
                                         tr("Use 20 tokens per parameter")};
            use->setText(useLabels[c]);
            use->setToolTip(tr("Use this allocation: set model.params and data.tokens to this column (one undo step)"));
        });
        connect(use, &QPushButton::clicked, this, [this, c] { useAllocation(c); });
        useRow->addWidget(use);
        m_useButtons[std::size_t(c)] = use;
    }
    m_ruleNote = new QLabel;
    m_ruleNote->setObjectName(QStringLiteral("ruleNote"));
    m_ruleNote->setWordWrap(true);

    m_past = new QSlider(Qt::Horizontal);
    m_past->setObjectName(QStringLiteral("pastSlider"));
    m_past->setRange(5, 100);
    m_past->setValue(25);
    auto* pastLabel = new QLabel;
    pastLabel->setBuddy(m_past);
    m_pastLine = new QLabel;
    m_pastLine->setObjectName(QStringLiteral("pastLine"));
    m_pastLine->setWordWrap(true);
    auto* usePast = new QPushButton;
    usePast->setObjectName(QStringLiteral("useAllocation3"));
    m_texts.add([this, pastLabel, usePast] {
        m_past->setToolTip(tr("Train a smaller model on the same budget (more tokens), as teams that serve a lot of "
                              "inference do"));
        pastLabel->setText(tr("&Smaller model, % of N_opt"));
        usePast->setText(tr("Use this allocation"));
        usePast->setToolTip(tr("Set model.params and data.tokens to the smaller model (one undo step)"));
    });
    connect(usePast, &QPushButton::clicked, this, [this] { useAllocation(3); });
    QHBoxLayout* pastRow = rowOf(pastLabel, Stretched{m_past}, usePast);

    m_isoChart = new QChart;
    m_isoView = chartView(m_isoChart, QStringLiteral("isoFlopChart"));

    QWidget* left = bareColumn(m_table, useRow, m_ruleNote, Spacing{8}, pastRow, m_pastLine, Stretch{});

    m_splits << layOutPage(page, top, left, m_isoView);

    connect(m_budget, &QLineEdit::textChanged, this, &ScalingLab::recompute);
    connect(m_unit, &QComboBox::currentIndexChanged, this, [this, plan] { plan->click(); });
    connect(plan, &QPushButton::clicked, this, [this] {
        if (!m_ledger.valid)
            return;
        m_budget->setText(m_unit->currentIndex() == 0 ? QString::number(m_ledger.budget.compute6nd, 'g', 4)
                                                      : QString::number(std::round(m_ledger.cost.usd), 'f', 0));
    });
    connect(m_past, &QSlider::valueChanged, this, &ScalingLab::recompute);
    return page;
}

QWidget* ScalingLab::buildFitPage() {
    auto* page = new QWidget;
    auto* import = new QPushButton;
    import->setObjectName(QStringLiteral("importRunsButton"));
    auto* sample = new QPushButton;
    sample->setObjectName(QStringLiteral("sampleRunsButton"));
    m_texts.add([import, sample] {
        import->setText(tr("Im&port CSV\u2026"));
        import->setToolTip(tr("Pilot runs: a CSV whose header names params, tokens and loss"));
        sample->setText(tr("Sample r&uns"));
        sample->setToolTip(tr("35 runs on the approach 3 law with 1% noise (seeded), to try the fit"));
    });
    m_fitStatus = new QLabel;
    m_fitStatus->setObjectName(QStringLiteral("fitStatus"));
    m_fitStatus->setWordWrap(true);
    setFitStatus([] { return tr("Import pilot runs (params,tokens,loss) to fit L = E + A/N^\u03b1 + B/D^\u03b2."); });
    QHBoxLayout* top = rowOf(import, sample, Stretched{m_fitStatus});

    m_fitTable = readOnlyTable(0, QStringLiteral("fitTable"), 2);
    m_useFit = new QPushButton;
    m_useFit->setObjectName(QStringLiteral("useAllocation4"));
    m_texts.add([this] {
        m_fitTable->setHorizontalHeaderLabels({tr("Fitted"), tr("95% bootstrap interval")});
        m_useFit->setText(tr("Use the fitted law's allocation"));
        m_useFit->setToolTip(tr("Set model.params and data.tokens to the fitted law's optimum at the budget on the "
                                "Compute-optimal page (one undo step)"));
    });
    m_useFit->setEnabled(false);
    connect(m_useFit, &QPushButton::clicked, this, [this] { useAllocation(4); });
    QWidget* left = bareColumn(Stretched{m_fitTable}, m_useFit);

    m_fitChart = new QChart;
    m_texts.add([this] { m_fitChart->setTitle(tr("Pilot runs (dots) and the fitted law (lines), by token count D")); });
    m_fitView = chartView(m_fitChart, QStringLiteral("fitChart"));
    m_splits << layOutPage(page, top, left, m_fitView);

    connect(import, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Import Pilot Runs"), QString(),
                                                          tr("CSV files (*.csv);;All files (*)"));
        if (path.isEmpty())
            return;
        const QString error = importCsv(path, false);
        if (!error.isEmpty())
            QMessageBox::warning(this, tr("Import Pilot Runs"), error);
    });
    connect(sample, &QPushButton::clicked, this, [this] { loadSampleRuns(false); });
    return page;
}

void ScalingLab::setScenario(const engine::Scenario& s, const engine::Ledger& l) {
    m_scenario = s;
    m_ledger = l;
    if (isVisible())
        recompute();
    else
        m_stale = true; // slider drags elsewhere do not redraw a hidden lab
}

void ScalingLab::showEvent(QShowEvent* event) {
    if (m_stale) {
        m_stale = false;
        recompute();
    }
    QWidget::showEvent(event);
}

std::optional<double> ScalingLab::budgetFlops() const {
    QString text = m_budget->text().trimmed();
    text.remove(QLatin1Char(',')).remove(QLatin1Char('_')).remove(QLatin1Char('$')).remove(QLatin1Char(' '));
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok || !std::isfinite(v) || v <= 0)
        return std::nullopt;
    const double flops = m_unit->currentIndex() == 0 ? v : el::flopsForDollars(m_scenario, v);
    if (!(flops >= 1e15 && flops <= 1e30))
        return std::nullopt;
    return flops;
}

void ScalingLab::recompute() {
    const std::optional<double> flops = budgetFlops();
    const bool ok = flops.has_value();
    m_budget->setStyleSheet(ok ? QString() : QStringLiteral("background:#fbe3e1"));
    for (QPushButton* b : m_useButtons)
        b->setEnabled(ok);
    if (!ok) {
        m_budgetNote->setText(tr("Budget: enter a positive number worth 1e15 to 1e30 FLOPs (e.g. 1e24)."));
        m_budgetNote->setStyleSheet(QStringLiteral("color:#b3261e"));
        return;
    }
    m_budgetNote->setStyleSheet(QString());
    m_budgetNote->setText(m_unit->currentIndex() == 0
                              ? tr("%1 FLOPs").arg(flopsText(*flops))
                              : tr("= %1 FLOPs on %2 at %3% MFU and $%4 per GPU-hour")
                                    .arg(flopsText(*flops), QString::fromStdString(m_scenario.hardware.preset))
                                    .arg(m_scenario.efficiency.mfu * 100, 0, 'f', 0)
                                    .arg(m_scenario.hardware.usdPerGpuHour, 0, 'f', 2));
    m_split = el::splitBudget(*flops);
    const el::BudgetSplit& b = m_split;
    const engine::Allocation* cols[] = {&b.chinchilla, &b.kaplan, &b.twentyTokens};
    const double losses[] = {b.chinchilla.loss, b.kaplanLossUnderLaw, b.twentyTokens.loss};
    for (int c = 0; c < 3; ++c) {
        m_table->setItem(0, c, cell(count(cols[c]->params), true));
        m_table->setItem(1, c, cell(count(cols[c]->tokens)));
        const double ratio = el::tokensPerParam(*cols[c]);
        m_table->setItem(2, c, cell(ratio >= 10 ? QString::number(ratio, 'f', 1) : QString::number(ratio, 'g', 2)));
        m_table->setItem(3, c, cell(QString::number(losses[c], 'f', 3)));
    }
    m_ruleNote->setText(
        tr("Approach 3's published constants put %1 tokens on each parameter at this budget; Hoffmann et al.'s "
           "approaches 1 and 2 found about 20. Besiroglu et al. (2024) re-fitted approach 3 on the paper's own data "
           "and found the published constants do not fit it well; their re-fit agrees with about 20. Both rules are "
           "shown; judged by the approach 3 law, the 20-tokens split loses %2 in loss. Kaplan's frontier, fitted on "
           "shorter runs, puts far more into parameters.")
            .arg(el::tokensPerParam(b.chinchilla), 0, 'f', 0)
            .arg(b.twentyTokens.loss - b.chinchilla.loss, 0, 'f', 4));

    const double fraction = m_past->value() / 100.0;
    m_pastResult = el::trainPastOptimum(engine::kChinchillaApproach3, *flops, fraction * b.chinchilla.params);
    const el::PastOptimum& p = m_pastResult;
    QString past = tr("A %1-parameter model (%2% of N_opt) on %3 tokens (%4 per parameter): loss %5, %6 above the "
                      "optimum.")
                       .arg(count(p.params))
                       .arg(m_past->value())
                       .arg(count(p.tokens))
                       .arg(p.tokens / p.params, 0, 'f', 0)
                       .arg(p.loss, 0, 'f', 3)
                       .arg(p.lossAboveOptimum, 0, 'f', 4);
    past += QLatin1Char(' ') + (p.reachable ? tr("Matching the optimum's loss would take %1 tokens, %2\u00d7 the "
                                                 "compute, paid once in training and saved on every inference.")
                                                  .arg(count(p.tokensForOptimumLoss))
                                                  .arg(p.computeMultiplier, 0, 'f', 2)
                                            : tr("No number of tokens brings this model to the optimum's loss."));
    m_pastLine->setText(past);
    drawIsoFlops();
    if (m_fit)
        drawFit();
}

void ScalingLab::drawIsoFlops() {
    m_isoChart->removeAllSeries();
    const double c = m_split.flops;
    std::vector<double> budgets;
    const double top = std::ceil(std::log10(c));
    for (double e = top - 5; e <= top; ++e)
        budgets.push_back(std::pow(10.0, e));
    if (std::fabs(std::log10(c) - top) > 1e-9)
        budgets.push_back(c);
    std::sort(budgets.begin(), budgets.end());
    const auto curves = el::isoFlopCurves(engine::kChinchillaApproach3, budgets, 61, 30.0);
    auto* optima = new QScatterSeries;
    optima->setName(tr("Optimum"));
    optima->setMarkerSize(11);
    optima->setColor(Qt::black);
    double xLo = INFINITY, xHi = 0, yLo = INFINITY, yHi = 0;
    int k = 0;
    for (const auto& curve : curves) {
        auto* line = new QLineSeries;
        const bool chosen = curve.flops == c;
        line->setName(chosen ? tr("%1 (yours)").arg(flopsText(curve.flops)) : flopsText(curve.flops));
        QPen pen(chosen ? QColor(Qt::black) : kCurveColours[k++ % 8]);
        pen.setWidthF(chosen ? 3.0 : 1.8);
        line->setPen(pen);
        for (const auto& pt : curve.points)
            line->append(pt.params, pt.loss);
        m_isoChart->addSeries(line);
        optima->append(curve.optimum.params, curve.optimum.loss);
        xLo = std::min(xLo, curve.points.front().params);
        xHi = std::max(xHi, curve.points.back().params);
        yLo = std::min(yLo, curve.optimum.loss);
        yHi = std::max(yHi, curve.optimum.loss);
    }
    m_isoChart->addSeries(optima);
    auto* rule = new QScatterSeries;
    rule->setName(tr("20 tokens/param"));
    rule->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    rule->setMarkerSize(10);
    rule->setColor(QColor(0xd6, 0x27, 0x28));
    rule->append(m_split.twentyTokens.params, m_split.twentyTokens.loss);
    m_isoChart->addSeries(rule);
    auto* past = new QScatterSeries;
    past->setName(tr("Smaller model"));
    past->setMarkerSize(10);
    past->setColor(QColor(0x2c, 0xa0, 0x2c));
    past->append(m_pastResult.params, m_pastResult.loss);
    m_isoChart->addSeries(past);
    // The legend names the markers; the curves are named in the title (top to bottom: more compute, lower loss).
    for (QLegendMarker* m : m_isoChart->legend()->markers())
        m->setVisible(qobject_cast<QScatterSeries*>(m->series()) != nullptr);
    m_isoChart->setTitle(tr("Iso-FLOP curves (approach 3): %1 FLOPs (top) to %2; bold: %3")
                             .arg(flopsText(budgets.front()), flopsText(budgets.back()), flopsText(c)));
    resetAxes(m_isoChart, tr("Parameters N"), tr("Loss (nats per token)"), xLo, xHi, yLo - 0.05, yHi + 0.45);
}

void ScalingLab::drawFit() {
    m_fitChart->removeAllSeries();
    if (!m_fit || m_runs.empty())
        return;
    // One colour per token count (up to eight, evenly picked); the points of other token counts stay grey.
    std::map<double, std::vector<el::PilotRun>> byTokens;
    for (const auto& r : m_runs)
        byTokens[r.tokens].push_back(r);
    std::vector<double> keys;
    for (const auto& [d, runs] : byTokens)
        keys.push_back(d);
    std::vector<double> coloured;
    const std::size_t groups = std::min<std::size_t>(8, keys.size());
    for (std::size_t i = 0; i < groups; ++i)
        coloured.push_back(keys[groups == 1 ? 0 : i * (keys.size() - 1) / (groups - 1)]);
    double nLo = INFINITY, nHi = 0, lLo = INFINITY, lHi = 0;
    for (const auto& r : m_runs) {
        nLo = std::min(nLo, r.params);
        nHi = std::max(nHi, r.params);
        lLo = std::min(lLo, r.loss);
        lHi = std::max(lHi, r.loss);
    }
    auto* others = new QScatterSeries;
    others->setName(tr("Other runs"));
    others->setColor(QColor(0x9e, 0x9e, 0x9e));
    others->setMarkerSize(8);
    for (std::size_t g = 0; g < coloured.size(); ++g) {
        const QColor colour = kCurveColours[g % 8];
        auto* line = new QLineSeries;
        line->setName(tr("D = %1").arg(count(coloured[g])));
        QPen pen(colour);
        pen.setWidthF(2.0);
        line->setPen(pen);
        for (const auto& p : el::lossAtTokens(m_fit->law, coloured[g], nLo, nHi))
            line->append(p.params, p.loss);
        m_fitChart->addSeries(line);
        auto* points = new QScatterSeries;
        points->setName(tr("Runs at %1 tokens").arg(count(coloured[g])));
        points->setColor(colour);
        points->setMarkerSize(9);
        for (const auto& r : byTokens[coloured[g]])
            points->append(r.params, r.loss);
        m_fitChart->addSeries(points);
    }
    for (const auto& [d, runs] : byTokens)
        if (std::find(coloured.begin(), coloured.end(), d) == coloured.end())
            for (const auto& r : runs)
                others->append(r.params, r.loss);
    if (others->count() > 0)
        m_fitChart->addSeries(others);
    else
        delete others;
    const double pad = 0.05 * (lHi - lLo) + 0.01;
    resetAxes(m_fitChart, tr("Parameters N"), tr("Loss"), nLo / 1.6, nHi * 1.6, lLo - pad, lHi + pad);
    for (QLegendMarker* m : m_fitChart->legend()->markers())
        m->setVisible(!m->label().startsWith(tr("Runs at"))); // one legend entry per token count: the line

    // The table: constants with intervals, then the fit's bookkeeping and the fitted law's allocation.
    const el::ScalingFit& f = *m_fit;
    const double v[] = {f.law.E, f.law.A, f.law.B, f.law.alpha, f.law.beta};
    const QString names[] = {tr("E (irreducible loss)"), tr("A"), tr("B"), tr("\u03b1 (parameters)"),
                             tr("\u03b2 (tokens)")};
    m_fitTable->setRowCount(9);
    QStringList rows;
    for (int k = 0; k < 5; ++k) {
        rows << names[k];
        m_fitTable->setItem(k, 0, cell(QString::number(v[k], 'g', 4), true));
        m_fitTable->setItem(k, 1,
                            cell(f.bootstrapSamples >= 2 ? QStringLiteral("[%1, %2]")
                                                               .arg(f.intervals[std::size_t(k)].lo, 0, 'g', 4)
                                                               .arg(f.intervals[std::size_t(k)].hi, 0, 'g', 4)
                                                         : tr("no bootstrap")));
    }
    rows << tr("Runs") << tr("Huber loss (\u03b4 = 10\u207b\u00b3)") << tr("Starting points")
         << tr("Optimum at your budget");
    m_fitTable->setItem(5, 0, cell(QString::number(f.points)));
    m_fitTable->setItem(5, 1, cell(tr("%1 bootstrap resamples").arg(f.bootstrapSamples)));
    m_fitTable->setItem(6, 0, cell(QString::number(f.huberLoss, 'g', 3)));
    m_fitTable->setItem(6, 1, cell(tr("summed over the runs")));
    m_fitTable->setItem(7, 0, cell(QString::number(f.starts)));
    m_fitTable->setItem(7, 1, cell(tr("exponent pairs tried; the best refined by Levenberg-Marquardt")));
    const bool allocatable = f.law.alpha > 0 && f.law.beta > 0 && budgetFlops().has_value();
    if (allocatable) {
        const engine::Allocation a = engine::lawAllocation(f.law, *budgetFlops());
        m_fitTable->setItem(8, 0, cell(tr("%1 params, %2 tokens").arg(count(a.params), count(a.tokens)), true));
        m_fitTable->setItem(8, 1, cell(tr("%1 FLOPs, loss %2").arg(flopsText(*budgetFlops())).arg(a.loss, 0, 'f', 3)));
    } else {
        m_fitTable->setItem(8, 0, cell(tr("none")));
        m_fitTable->setItem(8, 1, cell(tr("needs \u03b1 > 0, \u03b2 > 0 and a valid budget")));
    }
    m_fitTable->setVerticalHeaderLabels(rows);
    m_useFit->setEnabled(allocatable);
}

QString ScalingLab::loadRuns(const QString& csvText, bool wait) {
    const el::PilotRunsParse parsed = el::parsePilotRuns(csvText.toStdString());
    if (!parsed.error.empty())
        return QString::fromStdString(parsed.error);
    startFit(parsed.runs, wait);
    return {};
}

QString ScalingLab::importCsv(const QString& path, bool wait) {
    const io::ReadResult file = io::readRegularFile(path, el::kMaxPilotRunsBytes);
    if (file.error)
        return tr("%1: cannot read: %2").arg(path, diagnosticText(*file.error));
    const QString error = loadRuns(QString::fromUtf8(file.bytes), wait);
    return error.isEmpty() ? error : tr("%1: %2").arg(QFileInfo(path).fileName(), error);
}

void ScalingLab::loadSampleRuns(bool wait) {
    startFit(el::samplePilotRuns(engine::kChinchillaApproach3, {7e7, 1.5e8, 4e8, 1e9, 2.5e9, 6e9, 1.6e10},
                                 {5e9, 1.5e10, 5e10, 1.5e11, 5e11}, 0.01, 3),
             wait);
}

void ScalingLab::startFit(std::vector<el::PilotRun> runs, bool wait) {
    if (m_worker)
        return; // one fit at a time
    const auto finish = [this](std::vector<el::PilotRun> fitted, const el::ScalingFit& f) {
        if (f.cancelled) {
            setFitStatus([] { return tr("Fit cancelled; the previous result is kept."); });
            return;
        }
        if (f.failed) {
            setFitStatus([] { return tr("No law with a finite loss fits these runs; the previous result is kept."); });
            return;
        }
        m_runs = std::move(fitted);
        m_fit = f;
        setFitStatus([points = f.points, starts = f.starts] {
            return tr("%1 runs fitted with Hoffmann et al.'s objective: Huber loss on log residuals, %2 exponent "
                      "pairs tried, intervals from a seeded bootstrap.")
                .arg(points)
                .arg(starts);
        });
        drawFit();
    };
    if (wait) {
        const el::ScalingFit f = el::fitScalingLaw(runs);
        finish(std::move(runs), f);
        return;
    }
    m_cancel = false;
    auto* progress = new QProgressDialog(tr("Fitting the scaling law\u2026"), tr("Cancel"), 0, 1000, this);
    progress->setWindowTitle(tr("Fit Your Own Law"));
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(300);
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    connect(progress, &QProgressDialog::canceled, this, [this] { m_cancel = true; });
    auto result = std::make_shared<el::ScalingFit>();
    QPointer<QProgressDialog> guard(progress);
    m_worker = QThread::create([this, runs, result, guard] {
        *result = el::fitScalingLaw(runs, {}, [this, guard](double done) {
            QMetaObject::invokeMethod(
                this,
                [guard, done] {
                    if (guard)
                        guard->setValue(int(done * 1000));
                },
                Qt::QueuedConnection);
            return !m_cancel.load();
        });
    });
    connect(m_worker, &QThread::finished, this, [this, runs, result, progress, finish]() mutable {
        m_worker->deleteLater();
        m_worker = nullptr;
        progress->deleteLater();
        finish(std::move(runs), *result);
    });
    setFitStatus([n = runs.size()] { return tr("Fitting %1 runs\u2026").arg(n); });
    m_worker->start();
}

void ScalingLab::setFitStatus(std::function<QString()> text) {
    m_fitStatusText = std::move(text);
    m_fitStatus->setText(m_fitStatusText());
}

bool ScalingLab::useAllocation(int which) {
    engine::Allocation a;
    switch (which) {
    case 0:
        a = m_split.chinchilla;
        break;
    case 1:
        a = m_split.kaplan;
        break;
    case 2:
        a = m_split.twentyTokens;
        break;
    case 3:
        a.params = m_pastResult.params;
        a.tokens = m_pastResult.tokens;
        break;
    default:
        if (!m_fit || !budgetFlops())
            return false;
        a = engine::lawAllocation(m_fit->law, *budgetFlops());
    }
    if (!budgetFlops() || !(a.params > 0))
        return false;
    return m_controller->setValues({{"model.params", engine::FieldValue(std::round(a.params))},
                                    {"data.tokens", engine::FieldValue(std::round(a.tokens))}});
}

} // namespace tl::ui::labs
