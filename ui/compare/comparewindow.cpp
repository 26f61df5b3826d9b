#include "ui/compare/comparewindow.h"

#include "engine/compare.h"
#include "engine/fields.h"
#include "engine/ledgerfields.h"
#include "engine/presets.h"
#include "engine/units.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPushButton>
#include <QScatterSeries>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tl::ui {

namespace {

constexpr int kCategories = 7;    // six memory categories and their total
constexpr double kBarWidth = 0.8; // of a category; the two bars share it

const QColor kSideColours[2] = {QColor(0x3b, 0x75, 0xaf), QColor(0xef, 0x8a, 0x3c)};
const QString kSideLetters[2] = {QStringLiteral("A"), QStringLiteral("B")};

QString str(const std::string& s) {
    return QString::fromStdString(s);
}

double memoryCategory(const engine::MemoryLedger& m, int c) {
    const double values[kCategories] = {m.weights,     m.gradients, m.masterWeights, m.optimizer,
                                        m.activations, m.buffers,   m.total};
    return values[c];
}

QPen pen(const QColor& c, double width, Qt::PenStyle style = Qt::SolidLine) {
    QPen p(c);
    p.setWidthF(width);
    p.setStyle(style);
    return p;
}

// Table cells are one line: a multi-line value (the notes) shows its line breaks as arrows; the tooltip has it all.
QString oneLine(const std::string& s) {
    QString text = QString::fromStdString(s);
    text.replace(QLatin1Char('\n'), QStringLiteral(" \u21b5 "));
    return text;
}

QString helpFor(const std::string& key) {
    if (const engine::Field* f = engine::findField(key))
        return str(f->help);
    for (const engine::LedgerField& f : engine::ledgerFields())
        if (key == f.key)
            return str(f.help);
    return {};
}

} // namespace

CompareWindow::CompareWindow(QWidget* parent) : QWidget(parent, Qt::Window) {
    setObjectName(QStringLiteral("compareWindow"));
    setWindowTitle(tr("Compare Scenarios \u2014 TrainLedger"));

    // Headers: which scenario is A and which is B, with the figures that decide a plan.
    auto* headers = new QVBoxLayout;
    headers->setSpacing(2);
    for (int i = 0; i < 2; ++i) {
        m_headers[size_t(i)] = new QLabel(this);
        m_headers[size_t(i)]->setObjectName(QStringLiteral("compareHeader%1").arg(kSideLetters[i]));
        m_headers[size_t(i)]->setTextFormat(Qt::RichText);
        m_headers[size_t(i)]->setWordWrap(true);
        m_headers[size_t(i)]->setTextInteractionFlags(Qt::TextSelectableByMouse);
        headers->addWidget(m_headers[size_t(i)]);
    }

    // Memory: per category, A's bar beside B's; each side's capacity marks its total.
    m_memoryChart = new QChart;
    m_memoryChart->setAnimationOptions(QChart::NoAnimation);
    m_memoryChart->setTitle(tr("Memory per GPU by category; red: each GPU's capacity"));
    m_memoryChart->setMargins(QMargins(4, 4, 4, 4));
    auto* bars = new QBarSeries;
    bars->setBarWidth(kBarWidth);
    for (int i = 0; i < 2; ++i) {
        auto* set = new QBarSet(kSideLetters[i]);
        set->setColor(kSideColours[i]);
        set->setBorderColor(kSideColours[i].darker(130));
        for (int c = 0; c < kCategories; ++c)
            set->append(0.0);
        m_memorySets[size_t(i)] = set;
        bars->append(set);
    }
    m_memoryChart->addSeries(bars);
    m_memoryX = new QBarCategoryAxis;
    m_memoryX->append(
        {tr("Weights"), tr("Gradients"), tr("Master"), tr("Optimizer"), tr("Activations"), tr("Buffers"), tr("Total")});
    QFont small = m_memoryX->labelsFont();
    small.setPointSizeF(small.pointSizeF() * 0.9); // "Activations" fits under its pair of bars
    m_memoryX->setLabelsFont(small);
    m_memoryY = new QValueAxis;
    m_memoryY->setLabelFormat(QStringLiteral("%g"));
    m_memoryY->setTitleText(tr("GB per GPU"));
    m_memoryChart->addAxis(m_memoryX, Qt::AlignBottom);
    m_memoryChart->addAxis(m_memoryY, Qt::AlignLeft);
    bars->attachAxis(m_memoryX);
    bars->attachAxis(m_memoryY);
    for (int i = 0; i < 2; ++i) {
        auto* cap = new QLineSeries;
        cap->setName(tr("%1 capacity").arg(kSideLetters[i]));
        cap->setPen(pen(QColor(0xc6, 0x28, 0x28), 2.5, i == 0 ? Qt::SolidLine : Qt::DashLine));
        m_memoryChart->addSeries(cap);
        cap->attachAxis(m_memoryX);
        cap->attachAxis(m_memoryY);
        m_capacity[size_t(i)] = cap;
    }
    m_memoryChart->legend()->setAlignment(Qt::AlignBottom);
    for (QLineSeries* cap : m_capacity)
        for (QLegendMarker* marker : m_memoryChart->legend()->markers(cap))
            marker->setVisible(false); // named in the title; the legend keeps to A and B
    auto* memoryView = new QChartView(m_memoryChart);
    memoryView->setObjectName(QStringLiteral("compareMemoryChart"));
    memoryView->setRenderHint(QPainter::Antialiasing);
    memoryView->setMinimumSize(360, 260);

    // Time: both curves of days against GPUs (only dp varies), each plan as a point, each deadline dashed.
    m_timeChart = new QChart;
    m_timeChart->setAnimationOptions(QChart::NoAnimation);
    m_timeChart->setTitle(tr("Days to train against the number of GPUs"));
    m_timeChart->setMargins(QMargins(4, 4, 20, 4)); // room for the last GPU count under the axis end
    m_timeX = new QLogValueAxis;
    m_timeX->setBase(2);
    m_timeX->setLabelFormat(QStringLiteral("%g"));
    m_timeX->setTitleText(tr("GPUs (log scale)"));
    m_timeX->setMinorTickCount(0);
    m_timeY = new QLogValueAxis;
    m_timeY->setBase(10);
    m_timeY->setLabelFormat(QStringLiteral("%g"));
    m_timeY->setTitleText(tr("Days (log scale)"));
    m_timeY->setMinorTickCount(8);
    QPen minor = m_timeY->minorGridLinePen();
    minor.setColor(QColor(0xe4, 0xe4, 0xe4));
    m_timeY->setMinorGridLinePen(minor);
    m_timeChart->addAxis(m_timeX, Qt::AlignBottom);
    m_timeChart->addAxis(m_timeY, Qt::AlignLeft);
    for (int i = 0; i < 2; ++i) {
        m_deadlines[size_t(i)] = new QLineSeries;
        m_deadlines[size_t(i)]->setPen(pen(kSideColours[i].darker(120), 1.5, Qt::DashLine));
        m_curves[size_t(i)] = new QLineSeries;
        m_curves[size_t(i)]->setPen(pen(kSideColours[i], 2.5));
        m_plans[size_t(i)] = new QScatterSeries;
        m_plans[size_t(i)]->setMarkerShape(QScatterSeries::MarkerShapeCircle);
        m_plans[size_t(i)]->setMarkerSize(13);
        m_plans[size_t(i)]->setColor(kSideColours[i]);
        m_plans[size_t(i)]->setBorderColor(QColor(0x1a, 0x1a, 0x1a));
    }
    for (QXYSeries* s : std::initializer_list<QXYSeries*>{m_deadlines[0], m_deadlines[1], m_curves[0], m_curves[1],
                                                          m_plans[0], m_plans[1]}) {
        m_timeChart->addSeries(s);
        s->attachAxis(m_timeX);
        s->attachAxis(m_timeY);
    }
    m_timeChart->legend()->setAlignment(Qt::AlignBottom);
    auto* timeView = new QChartView(m_timeChart);
    timeView->setObjectName(QStringLiteral("compareTimeChart"));
    timeView->setRenderHint(QPainter::Antialiasing);
    timeView->setMinimumSize(360, 260);

    auto* charts = new QSplitter(Qt::Horizontal);
    charts->addWidget(memoryView);
    charts->addWidget(timeView);
    charts->setChildrenCollapsible(false);
    charts->setStretchFactor(0, 1);
    charts->setStretchFactor(1, 1);
    charts->setSizes({700, 700});

    // What differs: scenario keys first, then ledger keys.
    auto* tableBox = new QWidget;
    auto* tableLayout = new QVBoxLayout(tableBox);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    m_tableCaption = new QLabel;
    m_tableCaption->setObjectName(QStringLiteral("compareTableCaption"));
    QFont bold = m_tableCaption->font();
    bold.setBold(true);
    m_tableCaption->setFont(bold);
    m_table = new QTableWidget(0, 3);
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setHorizontalHeaderLabels({tr("Key"), tr("A"), tr("B")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    tableLayout->addWidget(m_tableCaption);
    tableLayout->addWidget(m_table, 1);

    auto* split = new QSplitter(Qt::Vertical);
    split->setObjectName(QStringLiteral("compareSplitter"));
    split->addWidget(charts);
    split->addWidget(tableBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    split->setSizes({560, 300});

    m_swap = new QPushButton(tr("&Swap A and B"));
    m_swap->setObjectName(QStringLiteral("compareSwap"));
    m_makeCurrent = new QPushButton(tr("&Make B Current"));
    m_makeCurrent->setObjectName(QStringLiteral("compareMakeCurrent"));
    m_makeCurrent->setToolTip(tr("Open B in the main window (you are asked about unsaved changes first)"));
    auto* close = new QPushButton(tr("&Close"));
    close->setObjectName(QStringLiteral("compareClose"));
    connect(m_swap, &QPushButton::clicked, this, &CompareWindow::swapSides);
    connect(m_makeCurrent, &QPushButton::clicked, this, [this] { emit makeCurrentRequested(m_sides[1]); });
    connect(close, &QPushButton::clicked, this, &QWidget::close);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_swap);
    buttons->addWidget(m_makeCurrent);
    buttons->addStretch(1);
    buttons->addWidget(close);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(headers);
    layout->addWidget(split, 1);
    layout->addLayout(buttons);
    resize(1400, 900);
}

void CompareWindow::setSides(const CompareSide& a, const CompareSide& b) {
    m_sides = {a, b};
    render();
}

void CompareWindow::swapSides() {
    std::swap(m_sides[0], m_sides[1]);
    render();
}

void CompareWindow::render() {
    for (int i = 0; i < 2; ++i) {
        const engine::Scenario& s = m_sides[size_t(i)].scenario;
        m_evaluations[size_t(i)] = engine::evaluateAll(s);
        m_headers[size_t(i)]->setText(
            QStringLiteral("<span style=\"color:%1; font-size:large\">\u25a0</span> <b>%2: %3</b>%4<br>%5")
                .arg(kSideColours[i].name(), kSideLetters[i], m_sides[size_t(i)].name.toHtmlEscaped(),
                     m_sides[size_t(i)].modified ? tr(" (unsaved changes)") : QString(),
                     summaryText(i).toHtmlEscaped()));
        m_headers[size_t(i)]->setToolTip(m_sides[size_t(i)].path);
    }
    renderMemory();
    renderTime();
    renderTable();
}

QString CompareWindow::summaryText(int side) const {
    const engine::Ledger& l = m_evaluations[size_t(side)].ledger;
    const engine::Scenario& s = m_sides[size_t(side)].scenario;
    if (!l.valid)
        return tr("%1 \u2014 not valid: %2")
            .arg(str(engine::displayTitle(s)), l.errors.empty() ? QString() : str(l.errors.front().message));
    const auto fmt = [](const engine::LedgerValue& v, engine::Unit u) { return str(engine::formatLedgerValue(v, u)); };
    return tr("%1 \u2014 %2 GPUs, %3, %4; %5 of %6 per GPU: %7")
        .arg(str(engine::displayTitle(s)), fmt(std::int64_t(l.time.gpus), engine::Unit::Count),
             fmt(l.time.days, engine::Unit::Days), fmt(l.cost.usd, engine::Unit::Usd),
             fmt(l.memory.total, engine::Unit::Bytes), fmt(l.memory.capacity, engine::Unit::Bytes),
             l.memory.fits ? tr("fits") : tr("does not fit"));
}

void CompareWindow::renderMemory() {
    using engine::kGB; // the axis unit, as GPUs are sold
    double top = 1;
    for (int i = 0; i < 2; ++i) {
        const engine::Ledger& l = m_evaluations[size_t(i)].ledger;
        QList<qreal> values;
        for (int c = 0; c < kCategories; ++c)
            values << (l.valid ? memoryCategory(l.memory, c) / kGB : 0.0);
        for (int c = 0; c < kCategories; ++c)
            m_memorySets[size_t(i)]->replace(c, values[c]);
        top = std::max({top, values.back(), l.valid ? l.memory.capacity / kGB : 0.0});
        // The capacity over this side's half of the Total group.
        const double centre = kCategories - 1;
        const double x0 = i == 0 ? centre - kBarWidth / 2 : centre, x1 = i == 0 ? centre : centre + kBarWidth / 2;
        const double cap = l.valid ? l.memory.capacity / kGB : 0.0;
        m_capacity[size_t(i)]->replace({QPointF(x0, cap), QPointF(x1, cap)});
    }
    m_memoryY->setRange(0, top * 1.1);
    m_memoryY->applyNiceNumbers();
}

void CompareWindow::renderTime() {
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    bool any = false;
    auto extend = [&](double x, double y) {
        if (!(x > 0 && y > 0))
            return;
        x0 = any ? std::min(x0, x) : x;
        x1 = any ? std::max(x1, x) : x;
        y0 = any ? std::min(y0, y) : y;
        y1 = any ? std::max(y1, y) : y;
        any = true;
    };
    for (int i = 0; i < 2; ++i) {
        QList<QPointF> points;
        for (const engine::ScalePoint& p : m_evaluations[size_t(i)].curve) {
            points << QPointF(double(p.gpus), p.days);
            extend(double(p.gpus), p.days);
        }
        m_curves[size_t(i)]->replace(points);
        m_curves[size_t(i)]->setName(tr("%1: days").arg(kSideLetters[i]));
        const engine::Ledger& l = m_evaluations[size_t(i)].ledger;
        m_plans[size_t(i)]->replace(l.valid ? QList<QPointF>{QPointF(double(l.time.gpus), l.time.days)}
                                            : QList<QPointF>{});
        m_plans[size_t(i)]->setName(tr("%1: this plan").arg(kSideLetters[i]));
        extend(double(l.time.gpus), m_sides[size_t(i)].scenario.schedule.deadlineDays);
    }
    if (!any) {
        x0 = 1, x1 = 2, y0 = 1, y1 = 10;
    }
    x1 = std::max(x1, x0 * 2);
    const double ylo = std::pow(10.0, std::floor(std::log10(y0)));
    const double yhi = std::pow(10.0, std::ceil(std::log10(y1 * 1.2)));
    m_timeX->setBase(x1 / x0 > 1024 ? 4 : 2); // at most about eight labels along the axis
    m_timeX->setRange(x0, x1);
    m_timeY->setRange(ylo, yhi);
    const double deadlineA = m_sides[0].scenario.schedule.deadlineDays;
    const double deadlineB = m_sides[1].scenario.schedule.deadlineDays;
    for (int i = 0; i < 2; ++i) {
        const double d = i == 0 ? deadlineA : deadlineB;
        m_deadlines[size_t(i)]->replace({QPointF(x0, d), QPointF(x1, d)});
        m_deadlines[size_t(i)]->setPen(
            pen(deadlineA == deadlineB ? QColor(0x30, 0x30, 0x30) : kSideColours[i].darker(120), 1.5, Qt::DashLine));
        m_deadlines[size_t(i)]->setName(deadlineA == deadlineB ? tr("Deadline (both)")
                                                               : tr("%1: deadline").arg(kSideLetters[i]));
    }
    // One deadline line and legend entry when both are the same.
    m_deadlines[1]->setVisible(deadlineA != deadlineB);
    for (QLegendMarker* marker : m_timeChart->legend()->markers(m_deadlines[1]))
        marker->setVisible(deadlineA != deadlineB);
}

void CompareWindow::renderTable() {
    const std::vector<engine::Difference> diffs = engine::compareScenarios(m_sides[0].scenario, m_sides[1].scenario);
    m_table->setRowCount(0);
    m_table->clearSpans();
    int scenarioKeys = 0;
    bool ledgerSection = false, scenarioSection = false;
    QFont bold = m_table->font();
    bold.setBold(true);
    auto section = [&](const QString& title) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        auto* item = new QTableWidgetItem(title);
        item->setFont(bold);
        item->setBackground(palette().color(QPalette::Mid).lighter(150));
        item->setFlags(Qt::ItemIsEnabled);
        m_table->setItem(row, 0, item);
        m_table->setSpan(row, 0, 1, 3);
    };
    for (const engine::Difference& d : diffs) {
        if (d.scenarioKey && !scenarioSection) {
            section(tr("Scenario keys"));
            scenarioSection = true;
        }
        if (!d.scenarioKey && !ledgerSection) {
            section(tr("Ledger keys"));
            ledgerSection = true;
        }
        scenarioKeys += d.scenarioKey ? 1 : 0;
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        auto* key = new QTableWidgetItem(str(d.key));
        key->setData(Qt::UserRole, str(d.key));
        key->setToolTip(helpFor(d.key));
        m_table->setItem(row, 0, key);
        m_table->setItem(row, 1, new QTableWidgetItem(oneLine(d.a)));
        m_table->setItem(row, 2, new QTableWidgetItem(oneLine(d.b)));
        m_table->item(row, 1)->setToolTip(str(d.a));
        m_table->item(row, 2)->setToolTip(str(d.b));
    }
    const int ledgerKeys = int(diffs.size()) - scenarioKeys;
    m_tableCaption->setText(diffs.empty() ? tr("A and B are the same scenario.")
                                          : tr("What differs: %n scenario key(s)", nullptr, scenarioKeys) +
                                                tr(", %n ledger key(s)", nullptr, ledgerKeys));
}

QStringList CompareWindow::differenceKeys() const {
    QStringList keys;
    for (int r = 0; r < m_table->rowCount(); ++r)
        if (const QTableWidgetItem* item = m_table->item(r, 0); item && item->data(Qt::UserRole).isValid())
            keys << item->data(Qt::UserRole).toString();
    return keys;
}

} // namespace tl::ui
