#include "ui/views/pipelineview.h"

#include "engine/layout.h"
#include "engine/pipelinelayout.h"
#include "engine/steptime.h"
#include "engine/units.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace tl::ui {

namespace {

using tl::engine::Block;
using tl::engine::BlockKind;
using tl::engine::PipelineSpec;
using tl::engine::Schedule;
using tl::engine::Timeline;

const QColor kError(0xB0, 0x00, 0x20);
const QColor kCursor(0xCC, 0x00, 0x66);

constexpr int kSliderSteps = 1000;
constexpr int kFadeAlpha = 185; // how much of the background covers what happens after the cursor
constexpr int kTimerMs = 33;
constexpr double kPlaySeconds = 10.0;   // one sweep of the whole step while playing
constexpr double kSummaryBelowPx = 4.0; // narrowest block narrower than this: draw per-pixel busy/idle bands
constexpr double kMaxRowLines = 8.0;    // rows grow to fill the panel, up to this many text lines tall

QColor toQColor(engine::Rgb c) {
    return QColor(c.r, c.g, c.b);
}

// c seen through the fade veil (kFadeAlpha of the background over it).
QColor blend(const QColor& c, const QColor& background) {
    const double a = kFadeAlpha / 255.0;
    return QColor::fromRgbF(float(c.redF() * (1 - a) + background.redF() * a),
                            float(c.greenF() * (1 - a) + background.greenF() * a),
                            float(c.blueF() * (1 - a) + background.blueF() * a));
}

// Time in the schedule's units, as the SVG and the caption print it.
QString formatUnits(double x) {
    return QString::fromStdString(engine::formatGeneral(x, 6));
}

// The window's legend texts (engine::legendText in the interface language).
QString translatedLegend(engine::LegendEntry entry) {
    switch (entry) {
    case engine::LegendEntry::Forward:
        return PipelineView::tr("Forward (F)");
    case engine::LegendEntry::BackwardFused:
        return PipelineView::tr("Backward (B+W fused)");
    case engine::LegendEntry::InputGradient:
        return PipelineView::tr("Input gradient (B)");
    case engine::LegendEntry::WeightGradient:
        return PipelineView::tr("Weight gradient (W)");
    case engine::LegendEntry::Idle:
        return PipelineView::tr("Idle");
    case engine::LegendEntry::LaterChunk:
        return PipelineView::tr("Lighter: later chunk (“3b” = micro-batch 3, chunk b)");
    case engine::LegendEntry::Summarised:
        return PipelineView::tr("Summarised (blocks too narrow to read): each pixel column stacks F, B, W and idle "
                                "time");
    }
    return QString();
}

} // namespace

// The drawing surface under the controls. All geometry lives here; every number it shows comes from the view's
// engine::Timeline and PipelineMetrics.
class PipelineCanvas : public QWidget {
public:
    explicit PipelineCanvas(PipelineView* view) : QWidget(view), m_view(view) {
        setObjectName(QStringLiteral("pipelineCanvas"));
        setAttribute(Qt::WA_OpaquePaintEvent);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    }

    QSize sizeHint() const override {
        const int line = fontMetrics().height();
        return {line * 60, line * 24};
    }
    QSize minimumSizeHint() const override {
        const int line = fontMetrics().height();
        return {line * 24, line * 12};
    }

    void invalidate() {
        for (auto& c : m_cache)
            c.valid = false;
        update();
    }

    int rows = 0;
    bool summarised = false;
    double rowHeight = 0;

protected:
    void paintEvent(QPaintEvent*) override;

private:
    struct SummaryCache {
        bool valid = false;
        int width = 0;
        int sub = 0;
        double pxPerUnit = 0;
        QImage image;
    };
    const QImage& summary(int index, const PipelineView::Panel& panel, double pxPerDevicePixelUnit, int width, int sub);
    double drawLegend(QPainter& p, const QRectF& area, bool anySplit, bool anyFused, bool anyChunks, bool draw);

    PipelineView* m_view;
    SummaryCache m_cache[2];
};

// Summarised diagram for blocks too narrow to read: one image column per device pixel, `sub` image rows per rank.
// Each column is a small stacked bar of the rank's time in the bin that holds it: F, then B, then W from the bottom up,
// idle (light grey) on top, so both the bubbles and the work mix stay visible. A bin lasts one micro-batch chunk's
// F + B + W (or one pixel when that is shorter): in the steady state every such window holds the same work, so the
// bands are smooth instead of a stripe pattern beating against the pixel grid.
const QImage& PipelineCanvas::summary(int index, const PipelineView::Panel& panel, double pxd, int width, int sub) {
    SummaryCache& c = m_cache[index];
    if (c.valid && c.width == width && c.sub == sub && c.pxPerUnit == pxd)
        return c.image;
    const Timeline& t = panel.timeline;
    const int p = t.spec.stages;
    const double cycle = t.spec.f + t.spec.b + t.spec.w;
    const double binT = std::max(cycle > 0 ? cycle : 0.0, 1.0 / pxd); // bin length in time units
    const int bins = std::max(1, int(std::ceil(width / pxd / binT)) + 1);
    const engine::PipelineBins acc = engine::binPipeline(t, panel.layout.origin, binT, bins);
    c.image = QImage(width, p * sub, QImage::Format_RGB32);
    const QRgb colours[4] = {toQColor(engine::kPipelineForward).rgb(), toQColor(engine::kPipelineBackward).rgb(),
                             toQColor(engine::kPipelineWeightGrad).rgb(), toQColor(engine::kPipelineIdle).rgb()};
    std::vector<int> kindOfRow(static_cast<size_t>(sub));
    for (int r = 0; r < p; ++r) {
        for (int col = 0; col < width; ++col) {
            const int bin = std::clamp(int((col + 0.5) / pxd / binT), 0, bins - 1);
            // Cumulative shares rounded to whole sub-rows, from the bottom of the rank's band.
            const std::array<int, 3> stack = acc.stack(r, bin, sub);
            int filled = 0;
            for (int k = 0; k < 3; ++k)
                for (; filled < stack[size_t(k)]; ++filled)
                    kindOfRow[size_t(filled)] = k;
            for (; filled < sub; ++filled)
                kindOfRow[size_t(filled)] = 3;
            for (int s = 0; s < sub; ++s)
                reinterpret_cast<QRgb*>(c.image.scanLine(r * sub + sub - 1 - s))[col] = colours[kindOfRow[size_t(s)]];
        }
    }
    c.valid = true;
    c.width = width;
    c.sub = sub;
    c.pxPerUnit = pxd;
    return c.image;
}

// Lays out (and, when draw is true, paints) the legend as a flowing row of swatches; returns its height.
double PipelineCanvas::drawLegend(QPainter& p, const QRectF& area, bool anySplit, bool anyFused, bool anyChunks,
                                  bool draw) {
    struct Item {
        QColor colour;
        bool hatched;
        QString text;
    };
    std::vector<Item> items;
    for (const engine::LegendItem& it : engine::pipelineLegend(anySplit, anyFused, anyChunks, summarised))
        items.push_back({it.hasSwatch ? toQColor(it.swatch) : QColor(), it.hatched, translatedLegend(it.entry)});
    const QFontMetricsF fm(font());
    const double line = fm.height(), swatch = std::round(line * 0.8), gap = std::round(line * 0.4);
    double x = area.left(), y = area.top();
    for (const Item& it : items) {
        const double sw = it.colour.isValid() ? swatch + gap * 0.5 : 0.0;
        const double w = sw + fm.horizontalAdvance(it.text);
        if (x > area.left() && x + w > area.right()) {
            x = area.left();
            y += line * 1.2;
        }
        if (draw) {
            if (it.colour.isValid()) {
                const QRectF box(x, y + (line - swatch) / 2, swatch, swatch);
                p.fillRect(box, it.colour);
                if (it.hatched)
                    p.fillRect(box, QBrush(toQColor(engine::kPipelineHatch), Qt::BDiagPattern));
            }
            p.setPen(palette().color(QPalette::Text));
            p.drawText(QRectF(x + sw, y, w, line), Qt::AlignLeft | Qt::AlignVCenter, it.text);
        }
        x += w + gap * 2;
    }
    return y + line - area.top();
}

void PipelineCanvas::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QPalette pal = palette();
    const QColor base = pal.color(QPalette::Base), text = pal.color(QPalette::Text);
    p.fillRect(rect(), base);

    const QFontMetricsF fm(font());
    const double line = fm.height(), pad = std::round(line * 0.5);
    const QRectF area = QRectF(rect()).adjusted(pad, pad, -pad, -pad);

    if (m_view->isNoPipeline()) {
        // One rank runs every layer: there is no schedule to draw, only the reason and the way to get one.
        rows = 0;
        summarised = false;
        rowHeight = 0;
        QFont big = font();
        if (big.pointSizeF() > 0)
            big.setPointSizeF(big.pointSizeF() * 1.2);
        p.setFont(big);
        p.setPen(text);
        p.drawText(area, Qt::AlignCenter | Qt::TextWordWrap, m_view->m_main.caption);
        return;
    }

    std::vector<const PipelineView::Panel*> panels{&m_view->m_main};
    if (m_view->m_compareSchedule)
        panels.push_back(&m_view->m_compare);

    int maxStages = 1;
    bool anySplit = false, anyFused = false, anyChunks = false, boxesMissing = false;
    double shortest = std::numeric_limits<double>::infinity();
    rows = 0;
    for (const auto* panel : panels) {
        if (!panel->valid)
            continue;
        const auto& spec = panel->timeline.spec;
        maxStages = std::max(maxStages, spec.stages);
        rows += spec.stages;
        (tl::engine::splitsWeightGrad(spec.schedule) ? anySplit : anyFused) = true;
        anyChunks = anyChunks || spec.virtualStages > 1;
        shortest = std::min(shortest, panel->layout.shortestBlock);
        boxesMissing = boxesMissing || !panel->layout.hasBoxes();
    }

    const double labelW = fm.horizontalAdvance(PipelineView::tr("rank %1").arg(maxStages - 1)) + pad;
    const double plotLeft = area.left() + labelW, plotW = std::max(1.0, area.right() - plotLeft);
    const double span = m_view->timeSpan();
    const double px = span > 0 ? plotW / span : 0;
    summarised = rows > 0 && (boxesMissing || shortest * px < kSummaryBelowPx);

    double y = area.top();
    y += drawLegend(p, area, anySplit || !anyFused, anyFused, anyChunks, true) + pad;

    // Heights: captions and axes first, the rows share what is left.
    const QRectF wrapBox(area.left(), 0, area.width(), 1e6);
    const double axisH = line * 1.4;
    double fixed = 0;
    std::vector<double> captionH;
    for (const auto* panel : panels) {
        captionH.push_back(fm.boundingRect(wrapBox, Qt::TextWordWrap, panel->caption).height());
        fixed += captionH.back() + pad * 0.5 + (panel->valid ? axisH : 0) + pad;
    }
    double rowH = rows > 0 ? std::clamp((area.bottom() - y - fixed) / rows, 1.0, line * kMaxRowLines) : 0;
    if (rowH >= 3)
        rowH = std::floor(rowH);
    rowHeight = rowH;

    QFont small = font();
    if (small.pointSizeF() > 0)
        small.setPointSizeF(small.pointSizeF() * 0.85);
    else
        small.setPixelSize(std::max(6, int(small.pixelSize() * 0.85)));
    const QFontMetricsF fms(small);
    const double cursorT = m_view->m_cursor;
    const bool fade = span > 0 && cursorT < span;
    const qreal dpr = devicePixelRatioF();
    QColor veil = base;
    veil.setAlpha(kFadeAlpha);

    for (size_t i = 0; i < panels.size(); ++i) {
        const PipelineView::Panel& panel = *panels[i];
        p.setPen(panel.valid ? text : kError);
        p.setFont(font());
        p.drawText(QRectF(area.left(), y, area.width(), captionH[i]), Qt::TextWordWrap | Qt::AlignLeft, panel.caption);
        y += captionH[i] + pad * 0.5;
        if (!panel.valid) {
            y += pad;
            continue;
        }
        const Timeline& t = panel.timeline;
        const int stages = t.spec.stages, v = panel.layout.chunks;
        const double makespanW = t.metrics.makespan * px;
        const double rowsTop = y, rowsH = stages * rowH;

        // Row labels (every k-th when rows are thinner than the text).
        const int every = std::max(1, int(std::ceil(line * 0.9 / rowH)));
        p.setPen(text);
        for (int r = 0; r < stages; r += every)
            p.drawText(QRectF(area.left(), rowsTop + r * rowH + rowH / 2 - line / 2, labelW - pad * 0.5, line),
                       Qt::AlignRight | Qt::AlignVCenter, PipelineView::tr("rank %1").arg(r));

        const double gap = rowH >= 8 ? std::max(1.0, std::round(rowH * 0.08)) : rowH >= 4 ? 0.5 : 0.0;
        if (summarised) {
            const int width = std::max(1, int(std::ceil(makespanW * dpr)));
            const int sub = std::clamp(int(std::floor((rowH - 2 * gap) * dpr)), 1, 128);
            const QImage& img = summary(int(i), panel, px * dpr, width, sub);
            for (int r = 0; r < stages; ++r)
                p.drawImage(QRectF(plotLeft, rowsTop + r * rowH + gap, width / dpr, rowH - 2 * gap), img,
                            QRectF(0, r * sub, width, sub));
            if (fade) { // the bands after the cursor are veiled as a whole
                const double cx = plotLeft + cursorT * px;
                p.fillRect(QRectF(cx, rowsTop, plotLeft + plotW - cx, rowsH), veil);
            }
        } else {
            for (int r = 0; r < stages; ++r) {
                const QRectF bg(plotLeft, rowsTop + r * rowH + gap, makespanW, rowH - 2 * gap);
                p.fillRect(bg, toQColor(engine::kPipelineIdle));
                p.fillRect(bg, QBrush(toQColor(engine::kPipelineHatch), Qt::BDiagPattern));
            }
            const double cx = plotLeft + cursorT * px;
            if (fade) // idle time after the cursor
                p.fillRect(QRectF(cx, rowsTop, plotLeft + plotW - cx, rowsH), veil);
            p.setFont(small);
            for (const engine::PipelineBox& b : panel.layout.boxes) {
                const double x0 = plotLeft + b.start * px, x1 = plotLeft + b.end * px;
                const double w = x1 - x0;
                if (w <= 0)
                    continue;
                const QRectF r(x0, rowsTop + b.rank * rowH + gap, w >= 4 ? w - 1 : w, rowH - 2 * gap);
                // A block that has not started at the cursor is faded; a running one fades right of the cursor but
                // keeps its label readable.
                const QColor fill = toQColor(b.fill), ink = b.darkText ? QColor(Qt::black) : QColor(Qt::white);
                const bool future = fade && x0 >= cx;
                p.fillRect(r, future ? blend(fill, base) : fill);
                if (fade && !future && r.right() > cx)
                    p.fillRect(QRectF(cx, r.top(), r.right() - cx, r.height()), blend(fill, base));
                const QString label = QString::fromStdString(engine::boxLabel(b, v));
                const double boxLabelW = fms.horizontalAdvance(label) + 2;
                if (boxLabelW <= r.width() && fms.height() <= r.height() + 2) {
                    // A running block's label sits in its done part when it fits there, clear of the cursor line.
                    QRectF box = r;
                    if (fade && !future && r.right() > cx && cx - x0 >= boxLabelW + 2)
                        box.setRight(cx - 1);
                    p.setPen(future ? blend(ink, base) : ink);
                    p.drawText(box, Qt::AlignCenter, label);
                }
            }
            p.setFont(font());
        }

        // Time axis under the rows.
        const double axisY = rowsTop + rowsH + std::round(line * 0.2);
        p.setPen(text);
        p.drawLine(QPointF(plotLeft, axisY), QPointF(plotLeft + plotW, axisY));
        const double labelSpace = fm.horizontalAdvance(QStringLiteral("00000")) * 1.6;
        const double step = engine::niceStep(span / std::max(1.0, std::floor(plotW / labelSpace)));
        double lastRight = -1e9;
        for (double tick = 0; tick <= span + step * 1e-9; tick += step) {
            const double x = plotLeft + tick * px;
            p.drawLine(QPointF(x, axisY), QPointF(x, axisY + line * 0.25));
            const QString s = formatUnits(tick);
            const double sw = fm.horizontalAdvance(s);
            const double left = std::min(x - sw / 2, area.right() - sw);
            if (left > lastRight + fm.horizontalAdvance(QLatin1Char(' '))) {
                p.drawText(QRectF(left, axisY + line * 0.2, sw + 1, line), Qt::AlignLeft | Qt::AlignTop, s);
                lastRight = left + sw;
            }
        }
        const double titleRight = plotLeft - fm.horizontalAdvance(QStringLiteral("0")) / 2 - pad * 0.5;
        p.drawText(QRectF(area.left(), axisY + line * 0.2, titleRight - area.left(), line),
                   Qt::AlignRight | Qt::AlignTop, PipelineView::tr("time"));

        // Everything after the cursor fades, so the past reads as "done" and the future as "waiting".
        if (fade) {
            const double cx = plotLeft + cursorT * px;
            p.setPen(QPen(kCursor, std::max(2.0, line / 8)));
            p.drawLine(QPointF(cx, rowsTop - line * 0.2), QPointF(cx, axisY));
        }
        y = axisY + axisH + pad;
    }
}

PipelineView::PipelineView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("pipelineView"));

    m_compareLabel = new QLabel(this);
    m_compareCombo = new QComboBox(this);
    m_compareCombo->setObjectName(QStringLiteral("compareCombo"));
    m_compareCombo->addItem(QString(), -1);
    for (Schedule s : tl::engine::allSchedules())
        m_compareCombo->addItem(QString::fromUtf8(tl::engine::scheduleName(s)), int(s));
    m_compareLabel->setBuddy(m_compareCombo);

    m_playButton = new QPushButton(this);
    m_playButton->setObjectName(QStringLiteral("playButton"));
    m_stepButton = new QPushButton(this);
    m_stepButton->setObjectName(QStringLiteral("stepButton"));
    m_timeSlider = new QSlider(Qt::Horizontal, this);
    m_timeSlider->setObjectName(QStringLiteral("timeSlider"));
    m_timeSlider->setRange(0, kSliderSteps);
    m_timeSlider->setValue(kSliderSteps);
    m_timeLabel = new QLabel(this);
    m_timeLabel->setObjectName(QStringLiteral("timeLabel"));
    m_timer = new QTimer(this);
    m_timer->setInterval(kTimerMs);

    m_canvas = new PipelineCanvas(this);

    auto* controls = new QHBoxLayout;
    const int margin = fontMetrics().height() / 2;
    controls->setContentsMargins(margin, margin / 2, margin, 0);
    controls->addWidget(m_compareLabel);
    controls->addWidget(m_compareCombo);
    controls->addSpacing(fontMetrics().height());
    controls->addWidget(m_playButton);
    controls->addWidget(m_stepButton);
    controls->addWidget(m_timeSlider, 1);
    controls->addWidget(m_timeLabel);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(m_canvas, 1);

    connect(m_compareCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        const int schedule = m_compareCombo->itemData(index).toInt();
        setComparisonSchedule(schedule < 0 ? std::nullopt : std::optional<Schedule>(Schedule(schedule)));
    });
    connect(m_playButton, &QPushButton::clicked, this, [this] { isPlaying() ? pause() : play(); });
    connect(m_stepButton, &QPushButton::clicked, this, &PipelineView::step);
    connect(m_timeSlider, &QSlider::valueChanged, this,
            [this](int value) { setCursorTime(timeSpan() * value / double(kSliderSteps)); });
    connect(m_timer, &QTimer::timeout, this, &PipelineView::advance);

    retranslate();
    setSpec(PipelineSpec{});
}

PipelineView::~PipelineView() = default;

void PipelineView::retranslate() {
    m_compareLabel->setText(tr("Compare with:"));
    m_compareCombo->setItemText(0, tr("No comparison"));
    m_playButton->setText(isPlaying() ? tr("Pause") : tr("Play"));
    m_stepButton->setText(tr("Step"));
    m_stepButton->setToolTip(tr("Move the time cursor to the next block start or end"));
    m_timeSlider->setToolTip(tr("Time cursor: blocks after it are faded"));
    rebuildCaptions();
    syncSlider();
}

void PipelineView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        m_canvas->invalidate();
    QWidget::changeEvent(event);
}

void PipelineView::simulatePanel(Panel& panel, const PipelineSpec& spec) {
    try {
        panel.timeline = tl::engine::simulate(spec);
        panel.error.clear();
        panel.valid = true;
        panel.layout = tl::engine::layoutPipeline(panel.timeline);
    } catch (const std::invalid_argument& e) {
        panel.timeline = Timeline{};
        panel.timeline.spec = spec;
        panel.error = QString::fromUtf8(e.what());
        panel.valid = false;
        panel.layout = tl::engine::PipelineLayout{};
    }
}

void PipelineView::setEvaluation(const engine::Evaluation& e) {
    // The schedule the step is timed on (derived mode: the step's own F, B and W), so that the diagram's bubble is
    // the step split's.
    setSpec(e.valid() ? engine::stepPipelineSpec(e.scenario) : engine::pipelineSpecFor(e.scenario));
}

void PipelineView::setSpec(const PipelineSpec& spec) {
    m_spec = spec;
    simulatePanel(m_main, spec);
    setComparisonSchedule(m_compareSchedule); // re-simulates the comparison on the new p and m, redraws
}

void PipelineView::setComparisonSchedule(std::optional<Schedule> other) {
    m_compareSchedule = other;
    if (other) {
        // The same p and m under the other schedule, with durations rescaled so that both panels do the same work per
        // rank (the engine's f, b, w are per chunk; docs/pipeline.md "Model").
        PipelineSpec spec = m_spec;
        spec.schedule = *other;
        if (*other == Schedule::Interleaved && spec.virtualStages < 2)
            spec.virtualStages = 2;
        if (m_main.valid && spec.virtualStages >= 1 && m_spec.virtualStages >= 1) {
            const double scale =
                double(tl::engine::effectiveVirtualStages(m_spec)) / double(tl::engine::effectiveVirtualStages(spec));
            spec.f *= scale;
            spec.b *= scale;
            spec.w *= scale;
        }
        simulatePanel(m_compare, spec);
    } else {
        m_compare = Panel{};
    }
    {
        const QSignalBlocker block(m_compareCombo);
        m_compareCombo->setCurrentIndex(std::max(0, m_compareCombo->findData(other ? int(*other) : -1)));
    }
    if (m_cursorAtEnd)
        m_cursor = timeSpan();
    m_cursor = std::clamp(m_cursor, 0.0, timeSpan());
    rebuildCaptions();
    syncSlider();
    for (QWidget* w : std::initializer_list<QWidget*>{m_compareCombo, m_playButton, m_stepButton, m_timeSlider})
        w->setEnabled(!isNoPipeline());
    m_timeLabel->setVisible(!isNoPipeline());
    m_canvas->invalidate();
}

const Timeline* PipelineView::comparisonTimeline() const {
    return m_compareSchedule && m_compare.valid ? &m_compare.timeline : nullptr;
}

void PipelineView::rebuildCaptions() {
    for (Panel* panel : {&m_main, &m_compare}) {
        if (panel == &m_compare && !m_compareSchedule)
            continue;
        const PipelineSpec& spec = panel->timeline.spec;
        const QString name = QString::fromUtf8(tl::engine::scheduleName(spec.schedule));
        if (!panel->valid) {
            panel->caption = tr("%1: cannot simulate: %2").arg(name, panel->error);
            continue;
        }
        if (panel == &m_main && isNoPipeline()) {
            panel->caption = tr("No pipeline: parallel.pp is 1. Set PP to 2 or more to see the schedule.");
            continue;
        }
        const tl::engine::PipelineCaption& c = panel->layout.caption;
        const QString head =
            c.virtualStages > 1
                ? tr("%1, p = %2, m = %3, v = %4").arg(name).arg(c.stages).arg(c.microBatches).arg(c.virtualStages)
                : tr("%1, p = %2, m = %3").arg(name).arg(c.stages).arg(c.microBatches);
        const QString peaks = c.virtualStages > 1 ? tr("peak micro-batch chunks in flight per rank: %1")
                                                  : tr("peak micro-batches in flight per rank: %1");
        const auto q = [](const std::string& x) { return QString::fromStdString(x); };
        panel->caption =
            tr("%1: bubble %2% of total time, %3% over ideal; makespan %4 units (ideal %5); %6")
                .arg(head, q(c.bubblePercent), q(c.overIdealPercent), q(c.makespan), q(c.ideal), peaks.arg(q(c.peaks)));
    }
}

QString PipelineView::caption() const {
    if (isNoPipeline())
        return m_main.caption;
    return m_compareSchedule ? m_main.caption + QLatin1Char('\n') + m_compare.caption : m_main.caption;
}

bool PipelineView::isNoPipeline() const {
    return m_main.valid && m_main.timeline.spec.stages <= 1;
}

int PipelineView::rowCount() const {
    if (isNoPipeline())
        return 0;
    int rows = m_main.valid ? m_main.timeline.spec.stages : 0;
    if (m_compareSchedule && m_compare.valid)
        rows += m_compare.timeline.spec.stages;
    return rows;
}

bool PipelineView::isSummarised() const {
    return m_canvas->summarised;
}

double PipelineView::rowHeight() const {
    return m_canvas->rowHeight;
}

QSize PipelineView::canvasSize() const {
    return m_canvas->size();
}

double PipelineView::timeSpan() const {
    double span = m_main.valid ? m_main.timeline.metrics.makespan : 0.0;
    if (m_compareSchedule && m_compare.valid)
        span = std::max(span, m_compare.timeline.metrics.makespan);
    return span;
}

void PipelineView::setCursorTime(double t) {
    const double span = timeSpan();
    m_cursor = std::clamp(t, 0.0, span);
    m_cursorAtEnd = m_cursor >= span;
    syncSlider();
    m_canvas->update();
}

void PipelineView::syncSlider() {
    const double span = timeSpan();
    {
        const QSignalBlocker block(m_timeSlider);
        m_timeSlider->setValue(span > 0 ? int(std::lround(m_cursor / span * kSliderSteps)) : kSliderSteps);
    }
    m_timeLabel->setText(tr("t = %1 of %2").arg(formatUnits(m_cursor), formatUnits(span)));
}

bool PipelineView::isPlaying() const {
    return m_timer->isActive();
}

void PipelineView::play() {
    if (timeSpan() <= 0)
        return;
    if (m_cursor >= timeSpan())
        setCursorTime(0);
    m_timer->start();
    m_playButton->setText(tr("Pause"));
}

void PipelineView::pause() {
    m_timer->stop();
    m_playButton->setText(tr("Play"));
}

void PipelineView::advance() {
    const double span = timeSpan();
    setCursorTime(m_cursor + span * kTimerMs / (kPlaySeconds * 1000.0));
    if (m_cursor >= span)
        pause();
}

void PipelineView::step() {
    pause();
    const double span = timeSpan();
    const double from = m_cursor >= span ? 0.0 : m_cursor;
    const double eps = span * 1e-12;
    double next = span;
    for (const Panel* panel : {&m_main, &m_compare}) {
        if (!panel->valid || (panel == &m_compare && !m_compareSchedule))
            continue;
        for (const Block& b : panel->timeline.blocks) {
            const double s = b.start - panel->layout.origin, e = b.end - panel->layout.origin;
            if (s > from + eps)
                next = std::min(next, s);
            if (e > from + eps)
                next = std::min(next, e);
        }
    }
    setCursorTime(next);
}

} // namespace tl::ui
