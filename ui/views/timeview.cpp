#include "ui/views/timeview.h"

#include "ui/views/legendtext.h"

#include "ui/jobs/backgroundjob.h"
#include "ui/jobs/jobprogress.h"
#include "ui/views/bestlayoutsearch.h"
#include "ui/views/calloutplacer.h"

#include "ui/explain/explaindialog.h"
#include "ui/i18n/enginetext.h"

#include "engine/ledgerfields.h"
#include "engine/units.h"
#include "ui/views/plot.h"
#include "ui/views/textline.h"

#include <QBrush>
#include <QCheckBox>
#include <QContextMenuEvent>
#include <QCoreApplication>
#include <QCursor>
#include <QEvent>
#include <QFontMetricsF>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QPen>
#include <QProgressBar>
#include <QPushButton>
#include <QScatterSeries>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tl::ui {

namespace {

QString str(const std::string& s) {
    return QString::fromStdString(s);
}
QString days(double d) {
    return valueText(d, engine::Unit::Days);
}
QString usd(double d) {
    return valueText(d, engine::Unit::Usd);
}
// "1 GPU", "8 GPUs", "16,384 GPUs".
QString gpus(long long n) {
    const QString count = str(engine::groupDigits(double(n)));
    return n == 1 ? QCoreApplication::translate("TimeView", "%1 GPU").arg(count)
                  : QCoreApplication::translate("TimeView", "%1 GPUs").arg(count);
}

QPen pen(const QColor& c, double width, Qt::PenStyle style = Qt::SolidLine) {
    QPen p(c);
    p.setWidthF(width);
    p.setStyle(style);
    return p;
}

// The effective-days line ends where faults take more than 99% of the wall time.
constexpr double kDrawnGoodput = 0.01;

// Room left on both ends of the GPU axis, in powers of two, so the end markers are not cut by the axes.
constexpr double kXPadLog2 = 0.2;

// How far a GPU count lies from x on the chart's logarithmic GPU axis (for the point the mouse is nearest).
double axisDistance(double gpus, double x) {
    return std::abs(std::log(gpus / x));
}

// The curve's point nearest x on the GPU axis; the curve is not empty.
std::vector<engine::ScalePoint>::const_iterator nearestPoint(const std::vector<engine::ScalePoint>& curve, double x) {
    return std::min_element(curve.begin(), curve.end(), [x](const auto& a, const auto& b) {
        return axisDistance(double(a.gpus), x) < axisDistance(double(b.gpus), x);
    });
}

} // namespace

TimeView::TimeView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("timeView"));
    m_plot = new Plot(this);
    m_plot->setObjectName(QStringLiteral("timeChart"));
    m_plot->setMinimumSize(250, 150); // beside the memory chart, the parameters and the lessons at 1280 x 720

    // The series are data for the plot (no Qt chart owns them): this view does.
    m_fit = new QLineSeries(this);
    m_fit->setPen(pen(QColor(0x3b, 0x75, 0xaf), 2.5));
    // Checkpoints, lost work and restarts on top of the compute (the time gate's days): the gap widens with the GPUs.
    m_effective = new QLineSeries(this);
    m_effective->setPen(pen(QColor(0x00, 0x89, 0x7b), 2.0, Qt::DashLine)); // the compute line shows through
    m_noFit = new QLineSeries(this);
    m_noFit->setPen(pen(QColor(0xc6, 0x28, 0x28), 2.5, Qt::DashLine));
    m_deadline = new QLineSeries(this);
    m_deadline->setPen(pen(QColor(0x30, 0x30, 0x30), 1.5, Qt::DashLine));
    m_window = new QLineSeries(this);
    m_window->setPen(pen(QColor(0x2e, 0x7d, 0x32), 1.5, Qt::DashDotLine));
    m_gates = new QScatterSeries(this);
    m_gates->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    m_gates->setMarkerSize(11);
    m_gates->setColor(QColor(0xef, 0x8a, 0x3c));
    m_gates->setBorderColor(QColor(0x60, 0x30, 0x00));
    m_current = new QScatterSeries(this);
    m_current->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    m_current->setMarkerSize(17);
    m_current->setColor(QColor(0x1a, 0x1a, 0x1a));
    m_current->setBorderColor(Qt::white);
    m_best = new QLineSeries(this);
    m_best->setPen(pen(QColor(0x7b, 0x1f, 0xa2), 2.0));
    m_best->setPointsVisible(true);
    m_best->setMarkerSize(6);

    Plot::Axis x, y;
    x.base = 2;
    x.min = 1;
    x.max = 2;
    y.minorTicks = 8;
    m_plot->setXAxis(x);
    m_plot->setYAxis(y);
    // The gate squares above this plan's dot: when they coincide the dot rings the square.
    for (QXYSeries* s : std::initializer_list<QXYSeries*>{m_window, m_deadline, m_noFit, m_fit, m_effective, m_best,
                                                          m_current, m_gates})
        m_plot->addSeries(s);
    connect(m_plot, &Plot::hovered, this, [this](QXYSeries* s, const QPointF& p, bool on) {
        if (on)
            QToolTip::showText(QCursor::pos(),
                               s == m_best        ? bestHoverText(p.x())
                               : s == m_effective ? effectiveHoverText(p.x())
                                                  : hoverText(p.x()),
                               m_plot);
        else
            QToolTip::hideText();
    });
    m_callouts.resize(4);
    connect(m_plot, &Plot::plotAreaChanged, this, [this] {
        if (m_placing)
            return; // the x base chosen below moved the plot: the callouts are placed once, below
        m_placing = true;
        chooseXBase();
        layoutCallouts();
        m_placing = false;
    });
    // A TextLine: a new note (the layout beyond the replica limit changes with nearly every token count) relayouts
    // the window only when it takes another number of lines.
    m_caption = new TextLine(this);
    m_caption->setObjectName(QStringLiteral("timeCaption"));
    m_caption->setWrapping(true);
    m_caption->setAlignment(Qt::AlignHCenter);
    m_legend = new QLabel(this);
    m_legend->setObjectName(QStringLiteral("timeLegend"));
    m_legend->setWordWrap(true);
    m_legend->setTextFormat(Qt::RichText);
    m_legend->setAlignment(Qt::AlignHCenter);

    // The check box sits in the chart's bottom-left corner, left of the GPU axis title, and the search's progress in
    // the bottom-right corner: the view has no height to spare at 1280 x 720.
    m_bestBox = new QCheckBox(m_plot);
    m_bestBox->setObjectName(QStringLiteral("timeBestLayout"));
    m_search = new BestLayoutSearch(this);
    m_bestProgress = new JobProgress(m_search->job(), m_plot);
    m_bestProgress->setObjectName(QStringLiteral("timeBestSearch"));
    m_bestProgress->bar()->setObjectName(QStringLiteral("timeBestProgress"));
    m_bestProgress->bar()->setFixedSize(70, 12);
    m_bestProgress->cancelButton()->setObjectName(QStringLiteral("timeBestCancel"));
    connect(m_search->job(), &BackgroundJob::progressShownChanged, this, [this] { placeControls(); });
    m_plot->installEventFilter(this);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 0, 2, 2);
    layout->setSpacing(2);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_caption);
    layout->addWidget(m_legend);

    connect(m_search, &BestLayoutSearch::changed, this, &TimeView::showBest);
    connect(m_search, &BestLayoutSearch::finished, this, &TimeView::bestLayoutsFinished);
    connect(m_bestBox, &QCheckBox::toggled, this, &TimeView::updateBest);
    retranslate();
}

void TimeView::retranslate() {
    m_fit->setName(tr("Days to train (fits in memory)"));
    m_noFit->setName(tr("Does not fit in memory"));
    m_effective->setName(tr("With faults and checkpoints"));
    m_gates->setName(tr("Fewest GPUs per gate"));
    m_current->setName(tr("This plan"));
    m_best->setName(tr("Best layout per GPU count"));
    Plot::Axis x = m_plot->xAxis(), y = m_plot->yAxis();
    x.title = tr("GPUs (log)");
    y.title = tr("Days (log)");
    m_plot->setXAxis(x);
    m_plot->setYAxis(y);
    m_bestBox->setText(tr("&Best layout"));
    m_bestBox->setToolTip(tr("Also draw, for each GPU count of the curve, the fastest of every valid layout on exactly "
                             "that many GPUs (TP, PP, DP, CP, ZeRO, micro-batch, recompute, schedule), as the Planner "
                             "tab ranks them. Derived efficiency mode only. The search runs in the background and can "
                             "take seconds for large models."));
    m_bestProgress->bar()->setToolTip(tr("Searching the layouts of every GPU count"));
    m_bestProgress->cancelButton()->setToolTip(tr("Stop the best-layout search (the days curve stays)"));
    placeControls();
}

void TimeView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        setEvaluation(engine::Evaluation(m_evaluation)); // the labels, title and captions; the search goes on
    }
    QWidget::changeEvent(event);
}

void TimeView::setPresenting(bool on) {
    m_presenting = on; // the caption gives its room to the large type
    updateTexts();
}

void TimeView::showLike(const QWidget& windowView) {
    const auto* shown = qobject_cast<const TimeView*>(&windowView);
    if (!shown || !shown->bestLayoutShown())
        return;
    m_search->copyResults(*shown->m_search); // searched once, by the window
    setBestLayoutShown(true);
    waitForBestLayouts();
}

bool TimeView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_plot && event->type() == QEvent::Resize) {
        placeControls();
        updateTitle();
    }
    return QWidget::eventFilter(watched, event);
}

void TimeView::updateTitle() {
    // Too wide for the chart (Qt Charts would cut it to "..."): the part in parentheses on a second line.
    QString title = m_title;
    const double room = m_plot->width() - 12;
    if (QFontMetricsF(m_plot->titleFont()).horizontalAdvance(title) > room) {
        qsizetype cut = title.lastIndexOf(QLatin1String(" ("));
        if (cut < 0)
            cut = title.lastIndexOf(QChar(0xff08)); // the full-width parenthesis of the Chinese title
        if (cut > 0)
            title = title.left(cut).trimmed() + QLatin1Char('\n') + title.mid(cut).trimmed();
    }
    m_plot->setTitle(title);
}

void TimeView::placeControls() {
    const int bottom = m_plot->height() - 2;
    m_bestBox->adjustSize();
    m_bestBox->move(4, bottom - m_bestBox->height());
    m_bestProgress->adjustSize();
    m_bestProgress->move(m_plot->width() - 4 - m_bestProgress->width(), bottom - m_bestProgress->height());
}

TimeView::~TimeView() = default;

QProgressBar* TimeView::bestProgress() const {
    return m_bestProgress->bar();
}

QPushButton* TimeView::bestCancelButton() const {
    return m_bestProgress->cancelButton();
}

void TimeView::setEvaluation(const engine::Evaluation& e) {
    m_evaluation = e;
    const engine::Ledger& ledger = e.ledger;
    const std::vector<engine::ScalePoint>& curve = e.curve;
    m_ledger = ledger;
    m_curve = curve;
    m_scenario = e.scenario;
    m_costFlat = e.costFlat;
    m_curveNote = e.curveNote.empty() ? QString() : diagnosticText(e.curveNote);
    QList<QPointF> fit, noFit;
    fit.reserve(qsizetype(curve.size()));
    for (size_t i = 0; i < curve.size(); ++i) {
        const auto& p = curve[i];
        const QPointF pt(double(p.gpus), p.days);
        if (p.fits) {
            fit << pt;
        } else {
            noFit << pt;
            // Join the red dashes to the blue line where memory starts to fit.
            if (i + 1 < curve.size() && curve[i + 1].fits)
                noFit << QPointF(double(curve[i + 1].gpus), curve[i + 1].days);
        }
    }
    m_fit->replace(fit);
    m_noFit->replace(noFit);
    // The effective days while the job still mostly computes: where faults take nearly all of the wall time (or
    // outpace it, engine::Faults::outpaced) the line ends; the hover text of the compute line says so.
    QList<QPointF> effective;
    for (const auto& p : curve)
        if (p.goodput >= kDrawnGoodput)
            effective << QPointF(double(p.gpus), p.daysEffective);
    m_effective->replace(effective);
    m_title = m_curveNote.isEmpty() ? tr("Days to train against the number of GPUs (only data parallelism varies)")
                                    : tr("Days to train against GPUs (data parallelism, then a larger layout)");
    updateTitle();

    const double first = curve.empty() ? 1 : double(curve.front().gpus);
    const double last = curve.empty() ? 2 : std::max(first * 2, double(curve.back().gpus));
    const double x0 = first / std::exp2(kXPadLog2), x1 = last * std::exp2(kXPadLog2);
    Plot::Axis x = m_plot->xAxis();
    x.min = x0;
    x.max = x1;
    m_plot->setXAxis(x);
    m_deadline->setName(tr("Deadline"));
    m_window->setName(tr("Deadline less reserve"));

    const auto& t = ledger.time;
    m_current->replace({QPointF(double(t.gpus), t.days)});

    // Labels, this plan's first (it is placed first): this plan and the memory gate above-right of their points, the
    // time gate below-left (the curve falls from left to right, so both corners are empty). Points at the same GPU
    // count share one label.
    struct Label {
        long long gpus;
        double days;
        QString text;
        bool above;
    };
    std::vector<Label> labels = {
        {t.gpus, t.days, tr("This plan: %1, %2, %3").arg(gpus(t.gpus), days(t.days), usd(ledger.cost.usd)), true}};
    QList<QPointF> gatePoints;
    auto pointAt = [&curve](std::optional<size_t> i) { return i ? &curve[*i] : nullptr; };
    // The time gate compares the effective days (checkpoints and faults counted): its square sits on that line.
    if (const auto* p = pointAt(e.marks.time)) {
        QString text = (p->gpus == 1 ? tr("%1 finishes in time: %2, %3") : tr("%1 finish in time: %2, %3"))
                           .arg(gpus(p->gpus), days(p->daysEffective), usd(p->usd));
        const auto* q = pointAt(e.marks.timeFullDeadline);
        if (q && q != p)
            text += QLatin1Char('\n') +
                    tr("%1 only by spending the reserve: %2").arg(gpus(q->gpus), days(q->daysEffective));
        labels.push_back({p->gpus, p->daysEffective, text, false});
        gatePoints << QPointF(double(p->gpus), p->daysEffective);
    }
    if (t.minGpusMemory) {
        if (const auto* p = pointAt(e.marks.memory)) {
            labels.push_back({p->gpus, p->days,
                              (p->gpus == 1 ? tr("%1 fits in memory: %2, %3") : tr("%1 fit in memory: %2, %3"))
                                  .arg(gpus(p->gpus), days(p->days), usd(p->usd)),
                              true});
            gatePoints << QPointF(double(p->gpus), p->days);
        }
    }
    m_gates->replace(gatePoints);
    // Where more GPUs stop paying: beyond this count faults and checkpoints add more days than the GPUs save.
    if (const auto* p = pointAt(e.marks.fewestDays); p && p->goodput >= kDrawnGoodput)
        labels.push_back(
            {p->gpus, p->daysEffective,
             tr("Fewest days with faults: %1, %2 (goodput %3%)")
                 .arg(gpus(p->gpus), days(p->daysEffective), str(engine::formatFixed(p->goodput * 100, 1))),
             true});
    // Merge labels at one GPU count.
    std::vector<Label> merged;
    for (const auto& l : labels) {
        auto it = std::find_if(merged.begin(), merged.end(), [&](const Label& m) { return m.gpus == l.gpus; });
        if (it == merged.end())
            merged.push_back(l);
        else
            it->text += QLatin1Char('\n') + l.text;
    }
    for (size_t i = 0; i < m_callouts.size(); ++i) {
        Callout& c = m_callouts[i];
        const bool used = i < merged.size() && ledger.valid;
        c.label = used ? merged[i].text : QString();
        if (used) {
            c.at = QPointF(double(merged[i].gpus), merged[i].days);
            c.above = merged[i].above;
        }
    }
    // The best-layout curve (drawn from the kept results or searched), the y range, the caption and the labels.
    updateBest();
}

void TimeView::updateYRange() {
    const double deadlineDays = m_scenario.schedule.deadlineDays, reserveDays = m_scenario.schedule.reserveDays;
    double lo = deadlineDays, hi = deadlineDays;
    for (const auto& p : m_curve) {
        lo = std::min(lo, p.days);
        hi = std::max(hi, p.days);
    }
    for (const QPointF& p : m_effective->points()) {
        lo = std::min(lo, p.y());
        hi = std::max(hi, p.y());
    }
    for (const auto& b : m_bestShown)
        if (b) {
            lo = std::min(lo, b->plan.days);
            hi = std::max(hi, b->plan.days);
        }
    // Whole decades, down to a run of under a second (a tiny model's days at many GPUs).
    const double y0 = std::pow(10.0, std::floor(std::log10(std::max(lo, 1e-12))));
    const double y1 = std::pow(10.0, std::ceil(std::log10(std::max(hi * 1.2, 1e-12))));
    Plot::Axis y = m_plot->yAxis();
    y.min = y0;
    y.max = y1;
    m_plot->setYAxis(y);
    const double x0 = m_plot->xAxis().min, x1 = m_plot->xAxis().max;
    const double window = std::max(0.0, deadlineDays - reserveDays);
    m_deadline->replace({QPointF(x0, deadlineDays), QPointF(x1, deadlineDays)});
    m_window->replace({QPointF(x0, std::max(window, y0)), QPointF(x1, std::max(window, y0))});
}

void TimeView::updateTexts() {
    const auto& curve = m_curve;
    const bool sameCost = m_costFlat; // the sentence only where it is true of the engine's figures
    // Beyond the replica limit the curve changes layout: say which, on the chart. Constant sentences otherwise: a
    // word-wrapped label that changes text re-lays out the window.
    // The derived sentence is short (the chart needs the height at 1280 x 720); its tooltip says why.
    const QString costNote =
        sameCost ? tr("Cost is the same at every GPU count: at a fixed MFU, GPU-hours do not depend on how many GPUs "
                      "share the work.")
        : curve.empty()
            ? QString()
            : tr("Derived from the hardware: days fall slower than GPUs are added, so GPU-hours and the cost grow.");
    QStringList lines;
    for (const QString& line : {costNote, m_curveNote, m_bestNote})
        if (!line.isEmpty())
            lines << line;
    m_caption->setText(lines.join(QLatin1Char('\n')));
    m_caption->setVisible(!m_presenting && !m_caption->text().isEmpty());
    if (!sameCost && !curve.empty()) // after setText, whose tooltip is the text itself
        m_caption->setToolTip(
            tr("More GPUs give each replica fewer micro-batches while its gradient traffic, pipeline fill and "
               "optimizer step stay, so days fall slower than GPUs are added and the GPU-hours, and so the cost, "
               "grow. The split of the step is shown below."));

    auto line = [](const QPen& p, const QString& text) {
        const QString glyph =
            p.style() == Qt::SolidLine ? QStringLiteral("\u2501\u2501") : QStringLiteral("\u254d\u254d");
        return QStringLiteral("<span style=\"color:%1\"><b>%2</b></span>&nbsp;%3")
            .arg(p.color().name(), glyph, keepTogether(text));
    };
    auto marker = [](const QColor& c, const QString& glyph, const QString& text) {
        return QStringLiteral("<span style=\"color:%1\">%2</span>&nbsp;%3").arg(c.name(), glyph, keepTogether(text));
    };
    QStringList legend = {line(m_fit->pen(), m_fit->name()),
                          line(m_effective->pen(), m_effective->name()),
                          line(m_noFit->pen(), m_noFit->name()),
                          line(m_deadline->pen(), m_deadline->name()),
                          line(m_window->pen(), m_window->name()),
                          marker(m_current->color(), QStringLiteral("\u25cf"), m_current->name()),
                          marker(m_gates->color(), QStringLiteral("\u25a0"), m_gates->name())};
    if (m_best->count() > 0)
        legend.insert(2, line(m_best->pen(), m_best->name()));
    m_legend->setText(legend.join(QStringLiteral(" &nbsp; ")));
}

bool TimeView::bestLayoutShown() const {
    return m_bestBox->isChecked();
}

void TimeView::setBestLayoutShown(bool shown) {
    m_bestBox->setChecked(shown);
}

bool TimeView::isSearching() const {
    return m_search->isSearching();
}

void TimeView::cancelSearch() {
    m_search->cancel();
}

void TimeView::waitForBestLayouts() {
    m_search->wait();
}

void TimeView::updateBest() {
    const bool derived = m_scenario.efficiency.mode == engine::EfficiencyMode::Derived;
    if (!m_bestBox->isChecked() || !derived || !m_ledger.valid || m_curve.empty()) {
        m_search->stop(); // its result is of no use
        showBest();
        return;
    }
    m_search->want(m_scenario, m_curve); // draws what is kept at once (changed -> showBest)
}

void TimeView::showBest() {
    m_bestShown.assign(m_curve.size(), std::nullopt);
    QList<QPointF> points;
    const bool derived = m_scenario.efficiency.mode == engine::EfficiencyMode::Derived;
    const bool drawn = m_bestBox->isChecked() && derived && m_ledger.valid;
    if (drawn) {
        for (size_t i = 0; i < m_curve.size(); ++i) {
            const engine::CountBest* b = m_search->result(i);
            if (!b || !b->found)
                continue; // the dp curve's hover text says why
            m_bestShown[i] = *b;
            points << QPointF(double(b->gpus), b->plan.days);
        }
    }
    m_best->replace(points);
    const bool complete = drawn && m_search->complete();
    if (!m_bestBox->isChecked() || !m_ledger.valid || m_curve.empty())
        m_bestNote.clear();
    else if (!derived)
        m_bestNote = tr("Best layout: not drawn at a fixed MFU, where every layout on a GPU count takes the same "
                        "days; choose the derived efficiency mode.");
    else if (m_search->cancelled() && !complete)
        m_bestNote = tr("Best layout: search cancelled; an edit or the check box starts it again.");
    else if (complete && points.isEmpty())
        m_bestNote = tr("Best layout: no layout fits on any GPU count of the curve.");
    else
        m_bestNote.clear(); // the legend names the curve, the progress bar shows the search: no line to spare
    updateYRange();
    updateTexts();
    layoutCallouts();
}

void TimeView::chooseXBase() {
    // Powers of two when they fit under the axis, else every second or fourth power of two.
    Plot::Axis x = m_plot->xAxis();
    const double first = std::max(1.0, x.min);
    const double labels = std::log2(std::max(2.0, x.max / first)) + 1;
    const double width = m_plot->plotArea().width();
    const double label = QFontMetricsF(m_plot->labelFont()).horizontalAdvance(QStringLiteral("16,384")) * 1.3;
    double base = 2;
    while (base < 16 && labels * label * std::log(2.0) / std::log(base) > width)
        base *= 2;
    x.base = base;
    m_plot->setXAxis(x);
}

// This plan's label first, then the gates' (placeCallouts: markers and earlier labels are never covered).
void TimeView::layoutCallouts() {
    CalloutScene scene;
    scene.area = m_plot->plotArea().adjusted(2, 2, -2, -2);
    for (const QRectF& m : markerRects())
        scene.blocked << m.adjusted(-2, -2, 2, 2);
    // The effective days lie on the compute line over most of the range: labels keep clear of the lines they label.
    for (const QLineSeries* s : {m_noFit, m_fit, m_best}) {
        QList<QPointF> line;
        for (const QPointF& pt : s->points())
            line << m_plot->map(pt);
        scene.curve << samplePolyline(line);
    }
    for (const QLineSeries* s : {m_deadline, m_window})
        if (s->count() > 0)
            scene.lines.push_back(m_plot->map(s->at(0)).y());

    const double pad = Plot::kCalloutPad;
    std::vector<CalloutRequest> requests;
    std::vector<QStringList> texts;
    std::vector<const Callout*> labels;
    for (const Callout& c : m_callouts) {
        if (c.label.isEmpty())
            continue;
        CalloutRequest r{m_plot->map(c.at), {}, c.above};
        texts.push_back(calloutVariants(c.label));
        for (const QString& text : texts.back()) {
            const QSizeF size = m_plot->textSize(text);
            r.sizes << QSizeF(size.width() + 2 * pad, size.height() + 2 * pad);
        }
        requests.push_back(r);
        labels.push_back(&c);
    }
    std::vector<Plot::Callout> shown;
    m_shownLabels.clear();
    for (const PlacedCallout& placed : placeCallouts(scene, requests)) {
        shown.push_back({placed.box, texts[size_t(placed.request)][placed.variant], placed.leader});
        m_shownLabels << labels[size_t(placed.request)]->label;
    }
    m_plot->setCallouts(shown);
}

QList<QRectF> TimeView::calloutRects() const {
    QList<QRectF> out;
    for (const Plot::Callout& c : m_plot->callouts())
        out << c.box;
    return out;
}

QList<QRectF> TimeView::calloutTextRects() const {
    QList<QRectF> out;
    for (const Plot::Callout& c : m_plot->callouts())
        out << QRectF(c.box.topLeft() + QPointF(Plot::kCalloutPad, Plot::kCalloutPad), m_plot->textSize(c.text));
    return out;
}

QRectF TimeView::plotRect() const {
    return m_plot->plotArea();
}

QList<QRectF> TimeView::markerRects() const {
    QList<QRectF> out;
    for (const QScatterSeries* s : {m_current, m_gates}) {
        const double size = s->markerSize();
        for (const QPointF& pt : s->points()) {
            const QPointF c = m_plot->map(pt);
            out << QRectF(c.x() - size / 2, c.y() - size / 2, size, size);
        }
    }
    return out;
}

QStringList TimeView::calloutTexts() const {
    return m_shownLabels;
}

QString TimeView::hoverText(double x) const {
    if (m_curve.empty())
        return {};
    const auto it = nearestPoint(m_curve, x);
    const QString layout = it->tp == m_curve.front().tp && it->pp == m_curve.front().pp
                               ? tr("DP %1").arg(it->dp)
                               : tr("TP %1 \u00d7 PP %2 \u00d7 DP %3").arg(it->tp).arg(it->pp).arg(it->dp);
    QString text = tr("%1 (%2): %3, %4\n%5 tokens/s; memory %6 per GPU \u2014 %7")
                       .arg(gpus(it->gpus), layout)
                       .arg(days(it->days), usd(it->usd), str(engine::groupDigits(it->tokensPerS)),
                            str(engine::formatGB(it->memoryTotal)), it->fits ? tr("fits") : tr("does not fit"));
    // The best layout on this count, when that curve is drawn.
    if (m_best->count() > 0) {
        const size_t i = size_t(it - m_curve.begin());
        const engine::CountBest* found = m_search->result(i);
        if (i < m_bestShown.size() && m_bestShown[i])
            text +=
                QLatin1Char('\n') + tr("Best layout: %1 (%2)")
                                        .arg(days(m_bestShown[i]->plan.days), layoutText(m_bestShown[i]->plan.layout));
        else if (!m_search->searched(i))
            text += QLatin1Char('\n') + tr("Best layout: not searched here, where only data parallelism varying is "
                                           "no layout (dp %1 does not split the batch into whole micro-batches)")
                                            .arg(it->dp);
        else if (found && !found->found)
            text += QLatin1Char('\n') + tr("Best layout: none; %1").arg(diagnosticText(found->reason));
    }
    return text;
}

QString TimeView::effectiveHoverText(double x) const {
    if (m_curve.empty())
        return {};
    const auto it = nearestPoint(m_curve, x);
    return tr("%1: %2 with faults and checkpoints, %3 of computing\ngoodput %4%, about %5 interruptions")
        .arg(gpus(it->gpus), days(it->daysEffective), days(it->days), str(engine::formatFixed(it->goodput * 100, 1)),
             str(it->interruptions >= 10 ? engine::groupDigits(it->interruptions)
                                         : engine::formatFixed(it->interruptions, it->interruptions >= 1 ? 1 : 2)));
}

QString TimeView::bestHoverText(double x) const {
    const engine::CountBest* best = nullptr;
    const engine::ScalePoint* point = nullptr;
    for (size_t i = 0; i < m_bestShown.size(); ++i)
        if (m_bestShown[i] &&
            (!best || axisDistance(double(m_bestShown[i]->gpus), x) < axisDistance(double(best->gpus), x))) {
            best = &*m_bestShown[i];
            point = &m_curve[i];
        }
    if (!best)
        return {};
    const engine::Plan& p = best->plan;
    return tr("Best layout on %1: %2, %3\n%4\nmemory %5 per GPU; only data parallelism varying: %6")
        .arg(gpus(best->gpus), days(p.days), usd(p.usd), layoutText(p.layout), str(engine::formatGB(p.memoryTotal)),
             days(point->daysEffective));
}

void TimeView::setDragging(bool dragging) {
    m_plot->setAntialiased(!dragging);
}

void TimeView::contextMenuEvent(QContextMenuEvent* event) {
    // A callout under the mouse puts its own figures first.
    QStringList keys;
    const QPointF at = m_plot->mapFromGlobal(event->globalPos());
    for (const Plot::Callout& c : m_plot->callouts()) {
        if (!c.box.contains(at))
            continue;
        keys << QStringLiteral("time.days") << QStringLiteral("time.days_effective") << QStringLiteral("cost.usd")
             << QStringLiteral("time.min_gpus_compute") << QStringLiteral("time.min_gpus_memory");
        break;
    }
    for (const char* k : {"time.days", "time.days_effective", "goodput.fraction", "goodput.interruptions", "time.gpus",
                          "cost.usd", "time.min_gpus_compute", "time.min_gpus_compute_full_deadline",
                          "time.min_gpus_memory", "time.required_tokens_per_s", "time.tokens_per_s_per_gpu"})
        if (!keys.contains(QLatin1String(k)))
            keys << QString::fromLatin1(k);
    const QString key = execExplainMenu(this, keys, event->globalPos());
    if (!key.isEmpty())
        explain(key);
}

} // namespace tl::ui
