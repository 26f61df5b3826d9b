#include "ui/accuracy/accuracywindow.h"

#include "engine/published.h"
#include "engine/units.h"
#include "ui/i18n/enginetext.h"
#include "ui/onscreen.h"
#include "ui/views/charts.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QDialogButtonBox>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPushButton>
#include <QResizeEvent>
#include <QScatterSeries>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tl::ui {
namespace {

const QString kGeometry = QStringLiteral("accuracy/geometry");
constexpr QSize kSize{1200, 660}; // at the normal type
constexpr int kChartInset = 12;   // the chart's background inside its view, each side

QString str(const std::string& s) {
    return QString::fromStdString(s);
}

QString signedPercent(double x) {
    return str((x >= 0 ? "+" : "") + engine::formatFixed(100 * x, 1) + "%");
}

// A value in its metric's unit, as the publication gives it.
QString metricValue(engine::RunMetric m, double v) {
    switch (m) {
    case engine::RunMetric::StepS:
        return AccuracyWindow::tr("%1 s").arg(str(engine::formatFixed(v, v < 10 ? 3 : 2)));
    case engine::RunMetric::TokensPerS:
        return AccuracyWindow::tr("%1 tokens/s/GPU").arg(str(engine::groupDigits(std::round(v))));
    case engine::RunMetric::Mfu:
        return AccuracyWindow::tr("%1% MFU").arg(str(engine::formatFixed(100 * v, 1)));
    case engine::RunMetric::MegatronTflops:
        return AccuracyWindow::tr("%1 TFLOP/s/GPU").arg(str(engine::formatFixed(v, 1)));
    case engine::RunMetric::MemoryGib:
        return AccuracyWindow::tr("%1 GiB").arg(str(engine::formatFixed(v, 1)));
    }
    return {};
}

// Step seconds or GiB, the plotted pair.
QString plotted(const engine::RunCheck& r, double v) {
    return r.memory() ? AccuracyWindow::tr("%1 GiB").arg(str(engine::formatFixed(v, 2)))
                      : AccuracyWindow::tr("%1 s").arg(str(engine::formatFixed(v, 2)));
}

// A group's name as shown: the stacks and hardware names as they are ("a100-megatron", "torchtitan"), the words
// translated ("memory" was English in the Chinese window).
QString groupText(const QString& group) {
    if (group == QLatin1String("memory"))
        return AccuracyWindow::tr("memory");
    return group;
}

// One look per group, in the order the groups first appear: the six Okabe-Ito colours as filled circles, then as
// filled squares, then as hollow circles, so that 18 groups differ before a look repeats.
void styleGroup(QScatterSeries* s, int i) {
    static const QColor colours[] = {QColor(0x00, 0x72, 0xB2), QColor(0xD5, 0x5E, 0x00), QColor(0x00, 0x9E, 0x73),
                                     QColor(0xCC, 0x79, 0xA7), QColor(0xE6, 0x9F, 0x00), QColor(0x56, 0xB4, 0xE9)};
    const QColor colour = colours[i % 6];
    const int look = i / 6 % 3;
    s->setMarkerShape(look == 1 ? QScatterSeries::MarkerShapeRectangle : QScatterSeries::MarkerShapeCircle);
    s->setColor(look == 2 ? QColor(Qt::transparent) : colour);
    QPen border(look == 2 ? colour : colour.darker(130));
    border.setWidthF(look == 2 ? 2 : 1);
    s->setPen(border);
}

QTableWidgetItem* item(const QString& text, Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter) {
    auto* it = new QTableWidgetItem(text);
    it->setTextAlignment(align);
    it->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return it;
}

} // namespace

AccuracyWindow::AccuracyWindow(bool remember, QWidget* parent) : QDialog(parent), m_remember(remember) {
    setObjectName(QStringLiteral("accuracyWindow"));
    setWindowFlag(Qt::WindowMaximizeButtonHint);
    setSizeGripEnabled(true);

    m_runs = new QTableWidget(0, 6);
    m_runs->setObjectName(QStringLiteral("accuracyRuns"));
    m_runs->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_runs->setSelectionMode(QAbstractItemView::SingleSelection);
    m_runs->verticalHeader()->hide();
    m_runs->setWordWrap(false);
    m_runs->horizontalHeader()->setStretchLastSection(false);
    m_groups = new QTableWidget(0, 4);
    m_groups->setObjectName(QStringLiteral("accuracyGroups"));
    m_groups->verticalHeader()->hide();
    m_groups->setSelectionMode(QAbstractItemView::NoSelection);
    m_groups->setFocusPolicy(Qt::NoFocus);
    fitRows();
    m_note = new QLabel;
    m_note->setObjectName(QStringLiteral("accuracyNote"));
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_chart = makeChart();
    m_x = logDaysAxis(QString());
    m_y = logDaysAxis(QString());
    m_chart->addAxis(m_x, Qt::AlignBottom);
    m_chart->addAxis(m_y, Qt::AlignLeft);
    m_chart->legend()->setAlignment(Qt::AlignRight);
    m_chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries); // a group's legend entry looks like its points
    m_identity = new QLineSeries;
    QPen diagonal(QColor(0x60, 0x60, 0x60));
    diagonal.setStyle(Qt::DashLine);
    diagonal.setWidthF(1.5);
    m_identity->setPen(diagonal);
    attachSeries(m_chart, m_identity, m_x, m_y);

    // The rows: one series per group with its points, the range covering them all.
    const engine::ValidationTable& t = engine::validationTable();
    double lo = 1e300, hi = 0;
    QStringList groups;
    for (int i = 0; i < int(t.rows.size()); ++i) {
        const engine::RunCheck& r = t.rows[size_t(i)];
        if (!r.problem.empty() || !(r.publishedValue > 0) || !(r.predictedValue > 0))
            continue;
        int g = int(groups.indexOf(str(r.group)));
        if (g < 0) {
            g = int(groups.size());
            groups << str(r.group);
            auto* s = new QScatterSeries;
            s->setObjectName(QStringLiteral("accuracy:") + str(r.group));
            s->setMarkerSize(10);
            styleGroup(s, g);
            attachSeries(m_chart, s, m_x, m_y);
            connect(s, &QScatterSeries::hovered, this, [this, s](const QPointF& p, bool on) {
                const int row = rowAt(s, p);
                if (on && row >= 0)
                    QToolTip::showText(QCursor::pos(), pointText(row), m_view);
                else
                    QToolTip::hideText();
            });
            connect(s, &QScatterSeries::clicked, this, [this, s](const QPointF& p) {
                const int row = rowAt(s, p);
                if (row >= 0)
                    m_runs->selectRow(row);
            });
            m_series << s;
            m_seriesRows << QList<int>();
        }
        m_series[g]->append(r.publishedValue, r.predictedValue);
        m_seriesRows[g] << i;
        lo = std::min({lo, r.publishedValue, r.predictedValue});
        hi = std::max({hi, r.publishedValue, r.predictedValue});
    }
    if (hi > 0) {
        const double x0 = lo / 1.3, x1 = hi * 1.3; // a little room around the points; ticks at the decades
        m_x->setRange(x0, x1);
        m_y->setRange(x0, x1);
        m_identity->append(x0, x0);
        m_identity->append(x1, x1);
    }
    m_selected = new QScatterSeries;
    m_selected->setObjectName(QStringLiteral("accuracySelected"));
    m_selected->setMarkerSize(20);
    m_selected->setColor(Qt::transparent);
    m_selected->setBorderColor(QColor(0x20, 0x20, 0x20));
    QPen ring = m_selected->pen();
    ring.setWidthF(2.5);
    ring.setColor(QColor(0x20, 0x20, 0x20));
    m_selected->setPen(ring);
    attachSeries(m_chart, m_selected, m_x, m_y);
    for (QLegendMarker* m : m_chart->legend()->markers(m_selected))
        m->setVisible(false);
    m_view = makeChartView(m_chart, QStringLiteral("accuracyChart"), QSize(320, 280));
    m_view->installEventFilter(this); // the title fits its width (fitTitle)
    connect(m_runs, &QTableWidget::itemSelectionChanged, this, &AccuracyWindow::showSelected);

    m_left = new QWidget;
    m_left->setObjectName(QStringLiteral("accuracyRunsPage"));
    auto* leftLayout = new QVBoxLayout(m_left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_runs, 3);
    leftLayout->addWidget(m_groups, 1);
    leftLayout->addWidget(m_note);
    m_split = new QSplitter(Qt::Horizontal);
    m_split->setObjectName(QStringLiteral("accuracySplitter"));
    m_split->setChildrenCollapsible(false);
    m_split->addWidget(m_left);
    m_split->addWidget(m_view);
    m_split->setStretchFactor(0, 1);
    m_split->setStretchFactor(1, 1);
    m_split->setSizes({kSize.width() * 11 / 20, kSize.width() * 9 / 20});
    m_pages = new QTabWidget;
    m_pages->setObjectName(QStringLiteral("accuracyPages"));
    m_pages->hide();
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_split, 1);
    layout->addWidget(m_pages, 1);
    layout->addWidget(buttons);

    fill();
    resize(kSize);
    // A dialog does not inherit its window's type and colours: follow them (presentation mode doubles the type and
    // turns to high contrast, and gives both back on leaving; opened while presenting, it starts with its large size).
    if (parent) {
        parent->installEventFilter(this);
        followParent();
    }
    if (m_remember)
        m_restored = restoreGeometry(QSettings().value(kGeometry).toByteArray());
}

QString AccuracyWindow::refusedText(const engine::RunCheck& r) {
    return tr("refused: %1").arg(diagnosticText(r.problem));
}

void AccuracyWindow::fill() {
    setWindowTitle(tr("How accurate is this?"));
    const engine::ValidationTable& t = engine::validationTable();
    // The error beside the run's name (it is what the window is for); the figures after it.
    enum { Run, Group, Error, Published, Predicted, Plotted };
    m_runs->setHorizontalHeaderLabels({tr("Published run"), tr("Group"), tr("Error"), tr("Published"), tr("Predicted"),
                                       tr("Step or memory: published \u2192 predicted")});
    m_runs->setRowCount(int(t.rows.size()));
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    for (int i = 0; i < int(t.rows.size()); ++i) {
        const engine::RunCheck& r = t.rows[size_t(i)];
        QTableWidgetItem* run = item(str(r.run));
        run->setToolTip(r.problem.empty() ? pointText(i) : str(r.source)); // the columns left out for room too
        m_runs->setItem(i, Run, run);
        m_runs->setItem(i, Group, item(groupText(str(r.group))));
        m_runs->setItem(i, Published, item(metricValue(r.metric, r.published), right));
        if (!r.problem.empty()) {
            QTableWidgetItem* refused = item(refusedText(r));
            refused->setToolTip(refused->text());
            m_runs->setItem(i, Error, refused);
            m_runs->setItem(i, Predicted, item(QString()));
            m_runs->setItem(i, Plotted, item(QString()));
            continue;
        }
        m_runs->setItem(i, Predicted, item(metricValue(r.metric, r.predicted), right));
        m_runs->setItem(
            i, Plotted,
            item(tr("%1 \u2192 %2").arg(plotted(r, r.publishedValue), plotted(r, r.predictedValue)), right));
        QTableWidgetItem* error = item(signedPercent(r.error), right);
        error->setData(Qt::UserRole, r.error);
        m_runs->setItem(i, Error, error);
    }
    m_runs->resizeColumnsToContents();

    m_groups->setHorizontalHeaderLabels({tr("Group"), tr("Runs"), tr("Mean |error|"), tr("Worst |error|")});
    m_groups->setRowCount(int(t.groups.size()));
    for (int i = 0; i < int(t.groups.size()); ++i) {
        const engine::GroupStats& g = t.groups[size_t(i)];
        m_groups->setItem(i, 0, item(groupText(str(g.group))));
        m_groups->setItem(i, 1, item(QString::number(g.count), right));
        QTableWidgetItem* mean = item(tr("%1%").arg(str(engine::formatFixed(100 * g.meanAbs, 1))), right);
        mean->setData(Qt::UserRole, g.meanAbs);
        QTableWidgetItem* worst = item(tr("%1%").arg(str(engine::formatFixed(100 * g.maxAbs, 1))), right);
        worst->setData(Qt::UserRole, g.maxAbs);
        m_groups->setItem(i, 2, mean);
        m_groups->setItem(i, 3, worst);
    }
    m_groups->resizeColumnsToContents();
    m_groups->horizontalHeader()->setStretchLastSection(true);
    fitGroupsHeight();

    m_note->setText(
        tr("All step-time rows: %1 runs, mean |error| %2%, worst %3%. Error = predicted / published step "
           "time (memory rows: GiB per GPU) - 1; above 0 the model is slower (or larger). Rows far off are "
           "known misses, shown as computed; the sources and why they miss: User Guide, formulas.md, "
           "\"Checked against published runs\".")
            .arg(t.all.count)
            .arg(str(engine::formatFixed(100 * t.all.meanAbs, 1)), str(engine::formatFixed(100 * t.all.maxAbs, 1))));

    fitTitle();
    m_x->setTitleText(tr("Published"));
    m_y->setTitleText(tr("Predicted"));
    m_identity->setName(tr("y = x"));
    for (int g = 0; g < m_series.size(); ++g) {
        const QString group = m_series[g]->objectName().mid(QStringLiteral("accuracy:").size());
        m_series[g]->setName(tr("%1 (%2)").arg(groupText(group)).arg(m_series[g]->count()));
    }
    m_selected->setName(tr("selected run"));
    namePages();
}

void AccuracyWindow::namePages() {
    if (m_pages->count() != 2)
        return;
    m_pages->setTabText(0, tr("&Runs"));
    m_pages->setTabText(1, tr("&Plot"));
}

// One line of the type per row (the style's default is taller), so most rows show at 1280 x 720.
void AccuracyWindow::fitRows() {
    const int h = fontMetrics().height() + 8;
    for (QTableWidget* t : {m_runs, m_groups}) {
        t->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
        t->verticalHeader()->setDefaultSectionSize(h);
    }
}

// The groups (the table's first rows) show without scrolling; the groups beyond them scroll, so that the
// runs keep their room with 17 groups and more.
void AccuracyWindow::fitGroupsHeight() {
    constexpr int kShownGroups = 7;
    m_groups->setVerticalScrollBarPolicy(m_groups->rowCount() > kShownGroups ? Qt::ScrollBarAsNeeded
                                                                             : Qt::ScrollBarAlwaysOff);
    m_groups->setFixedHeight(
        m_groups->horizontalHeader()->sizeHint().height() + 2 * m_groups->frameWidth() +
        m_groups->verticalHeader()->defaultSectionSize() * std::min(m_groups->rowCount(), kShownGroups) + 2);
}

QString AccuracyWindow::pointText(int row) const {
    const engine::ValidationTable& t = engine::validationTable();
    if (row < 0 || row >= int(t.rows.size()))
        return {};
    const engine::RunCheck& r = t.rows[size_t(row)];
    return tr("%1 (%2)\npublished %3, predicted %4: %5\n%6")
        .arg(str(r.run), str(r.group), metricValue(r.metric, r.published), metricValue(r.metric, r.predicted),
             signedPercent(r.error), str(r.source));
}

int AccuracyWindow::rowAt(QScatterSeries* series, const QPointF& point) const {
    const qsizetype s = m_series.indexOf(series);
    if (s < 0)
        return -1;
    int best = -1;
    double bestD = 1e300;
    for (int k = 0; k < series->count(); ++k) {
        const QPointF q = series->at(k);
        const double d = std::hypot(std::log(q.x() / point.x()), std::log(q.y() / point.y()));
        if (d < bestD) {
            bestD = d;
            best = m_seriesRows[s][k];
        }
    }
    return best;
}

QString AccuracyWindow::note() const {
    return m_note->text();
}

void AccuracyWindow::showSelected() {
    m_selected->clear();
    const QList<QTableWidgetItem*> items = m_runs->selectedItems();
    if (items.isEmpty())
        return;
    const int row = items.front()->row();
    const engine::ValidationTable& t = engine::validationTable();
    if (row < 0 || row >= int(t.rows.size()))
        return;
    const engine::RunCheck& r = t.rows[size_t(row)];
    if (r.problem.empty() && r.publishedValue > 0 && r.predictedValue > 0)
        m_selected->append(r.publishedValue, r.predictedValue);
    m_view->setToolTip(pointText(row));
}

void AccuracyWindow::followParent() {
    setFont(parentWidget()->font());
    setPalette(parentWidget()->palette());
}

// The units once, in the title: the vertical axis title fits a 720-pixel-high plot at presentation's type. Where the
// title does not fit the chart's width on one line (the plot beside the runs at 1280 x 720), the units go on a second
// line: Qt Charts would cut them off.
void AccuracyWindow::fitTitle() {
    const QString head = tr("Predicted against published: seconds per step");
    const QString units = tr("memory rows: GiB per GPU");
    const QString line = tr("%1 (%2)").arg(head, units);
    const QMargins margins = m_chart->margins();
    const int room = m_view->width() - margins.left() - margins.right() - 2 * kChartInset;
    const bool fits = QFontMetrics(m_chart->titleFont()).horizontalAdvance(line) <= room;
    const QString title = fits ? line : head + QStringLiteral("<br>") + tr("(%1)").arg(units);
    if (m_chart->title() != title)
        m_chart->setTitle(title);
}

bool AccuracyWindow::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_view && event->type() == QEvent::Resize)
        fitTitle();
    if (watched == parentWidget() && (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange))
        followParent();
    return QDialog::eventFilter(watched, event);
}

void AccuracyWindow::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        fill();
    if (event->type() == QEvent::FontChange)
        fitToType();
    QDialog::changeEvent(event);
}

void AccuracyWindow::showEvent(QShowEvent* event) {
    fitToType();
    QDialog::showEvent(event);
    keepOnScreen(this);
}

void AccuracyWindow::hideEvent(QHideEvent* event) {
    if (m_remember)
        QSettings().setValue(kGeometry, saveGeometry());
    QDialog::hideEvent(event);
}

// The chart's type follows the window's (presentation mode doubles it); the window grows with its type, as far as
// the screen allows, unless the user's size was restored at the normal type.
void AccuracyWindow::fitToType() {
    const double scale = std::max(1.0, font().pointSizeF() / QApplication::font().pointSizeF());
    if (scale == m_typeScale)
        return;
    const bool first = m_typeScale == 0;
    m_typeScale = scale;
    QFont f = font();
    m_chart->setFont(f);
    m_chart->legend()->setFont(f);
    QFont title = f;
    title.setBold(true);
    m_chart->setTitleFont(title);
    fitTitle();
    for (QLogValueAxis* a : {m_x, m_y}) {
        a->setLabelsFont(f);
        a->setTitleFont(f);
    }
    fitRows();
    m_runs->resizeColumnsToContents();
    m_groups->resizeColumnsToContents();
    fitGroupsHeight();
    if (first && m_restored && scale == 1.0) {
        arrange();
        return;
    }
    QSize size = kSize * scale;
    if (const QScreen* screen = this->screen())
        size = size.boundedTo(screen->availableSize());
    resize(size);
    keepOnScreen(this);
    arrange();
}

void AccuracyWindow::resizeEvent(QResizeEvent* event) {
    QDialog::resizeEvent(event);
    if (m_pages)
        arrange();
}

// The runs table's width with its shown columns at their contents' width.
int AccuracyWindow::tableWidth() const {
    int w = 2 * m_runs->frameWidth() + m_runs->verticalScrollBar()->sizeHint().width();
    for (int c = 0; c < m_runs->columnCount(); ++c)
        if (!m_runs->isColumnHidden(c))
            w += m_runs->horizontalHeader()->sectionSize(c);
    return w;
}

bool AccuracyWindow::isCompact() const {
    return m_pages->count() == 2;
}

// Side by side when the table's run, error and figures and a plot of at least a third of the width fit; else two
// pages. The step-or-memory column, then the group, show where the table has room for them (the run's tooltip and
// the plot's point say both).
void AccuracyWindow::arrange() {
    const int plotted = m_runs->columnCount() - 1, group = 1;
    const bool plottedWasHidden = m_runs->isColumnHidden(plotted);
    m_runs->resizeColumnToContents(0); // the run's name at full width, narrowed below if the table has no room
    for (int c : {plotted, group}) {
        m_runs->setColumnHidden(c, false);
        if (m_runs->horizontalHeader()->sectionSize(c) == 0)
            m_runs->resizeColumnToContents(c);
    }
    const int room = width() - 2 * layout()->contentsMargins().left();
    m_runs->setColumnHidden(plotted, true);
    m_runs->setColumnHidden(group, true);
    const bool compact = tableWidth() + std::max(room / 3, 320) > room;
    if (compact != isCompact()) {
        if (compact) {
            m_pages->addTab(m_left, QString());
            m_pages->addTab(m_view, QString());
            m_split->hide();
            m_pages->show();
        } else {
            m_pages->clear();
            m_split->addWidget(m_left);
            m_split->addWidget(m_view);
            m_left->show();
            m_view->show();
            m_pages->hide();
            m_split->show();
        }
        namePages();
    }
    const int tableRoom = compact ? room : room * 11 / 20;
    for (int c : {group, plotted}) {
        m_runs->setColumnHidden(c, false);
        if (tableWidth() > tableRoom)
            m_runs->setColumnHidden(c, true);
    }
    // Long run names give way last: elided (the row's tooltip names the run), never below a third of their width.
    const int fit = m_runs->isVisible() ? std::min(tableRoom, m_runs->width()) : tableRoom; // inside the tab's frame
    if (const int over = tableWidth() - fit; over > 0) {
        const int name = m_runs->horizontalHeader()->sectionSize(0);
        m_runs->horizontalHeader()->resizeSection(0, std::max(name / 3, name - over));
    }
    if (plottedWasHidden != m_runs->isColumnHidden(plotted) && !compact)
        m_split->setSizes({tableRoom, room - tableRoom});
}

} // namespace tl::ui
