#include "ui/views/steptimeview.h"

#include "ui/explain/explaindialog.h"
#include "ui/i18n/enginetext.h"

#include "engine/ledgerfields.h"
#include "engine/published.h"
#include "engine/steptime.h"
#include "engine/units.h"

#include <QContextMenuEvent>
#include <QEvent>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace tl::ui {
namespace {

constexpr int kParts = 10; // engine::stepParts order

// One colour per part, distinguishable for the common colour-vision deficiencies (Okabe-Ito based).
QColor partColor(int part) {
    static const QColor colors[kParts] = {
        QColor(0x00, 0x72, 0xB2), // compute
        QColor(0x56, 0xB4, 0xE9), // recompute
        QColor(0xE6, 0x9F, 0x00), // tensor-parallel
        QColor(0xCC, 0x79, 0xA7), // context-parallel
        QColor(0x6A, 0x3D, 0x9A), // expert all-to-all
        QColor(0x8C, 0x56, 0x3C), // pipeline sends
        QColor(0xA0, 0xA0, 0xA0), // bubble
        QColor(0xD5, 0x5E, 0x00), // data-parallel
        QColor(0x00, 0x9E, 0x73), // optimizer
        QColor(0xF0, 0xE4, 0x42), // offload
    };
    return colors[std::clamp(part, 0, kParts - 1)];
}

std::vector<double> partSeconds(const engine::StepBreakdown& b) {
    std::vector<double> out;
    for (const auto& p : engine::stepParts(b, 0))
        out.push_back(p.seconds);
    return out;
}

QString seconds(double s) {
    return QString::fromStdString(engine::formatDuration(s));
}

QString span(double s) {
    const engine::ValueText t = engine::spanText(s);
    return engineText(t.pattern).arg(QString::fromStdString(t.a));
}

const engine::LedgerField* ledgerField(const char* key) {
    for (const engine::LedgerField& f : engine::ledgerFields())
        if (std::string_view(f.key) == key)
            return &f;
    return nullptr;
}

} // namespace

StepTimeView::StepTimeView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("stepTimeView"));
    setMinimumSize(250, 110);
}

void StepTimeView::addPoint(const engine::ScalePoint& c) {
    const double total = c.breakdown.total();
    if (!(total > 0))
        return;
    Point p;
    p.gpus = double(c.gpus);
    p.step = total;
    for (double s : partSeconds(c.breakdown))
        p.shares.push_back(s / total);
    m_points.push_back(std::move(p));
}

void StepTimeView::setEvaluation(const engine::Evaluation& e) {
    m_intervalTyped = e.scenario.checkpoint.intervalMin > 0;
    setData(e.ledger, e.curve, e.scenario.parallel.zero);
}

void StepTimeView::setData(const engine::Ledger& ledger, const std::vector<engine::ScalePoint>& curve, int zeroStage) {
    // What the paint reads, before: an edit that leaves the step and its curve as they were (tokens, the deadline,
    // GPU memory) repaints nothing.
    const engine::StepBreakdown breakdown = m_ledger.time.breakdown;
    const int gpus = m_ledger.time.gpus, zero = m_zero;
    const std::vector<Point> points = std::move(m_points);
    const QString caption = m_caption, band = m_band;
    m_ledger = ledger;
    m_zero = zeroStage;
    m_points.clear();
    // At most about 48 points along the axis: one every few pixels is plenty for stacked shares.
    const size_t stride = std::max<size_t>(1, curve.size() / 48);
    for (size_t i = 0; i < curve.size(); i += stride)
        addPoint(curve[i]);
    if (curve.size() > 1 && (curve.size() - 1) % stride != 0) // the curve's last point always shows
        addPoint(curve.back());
    updateCaption();
    if (breakdown == ledger.time.breakdown && gpus == ledger.time.gpus && zero == zeroStage && points == m_points &&
        caption == m_caption && band == m_band)
        return;
    setToolTip(tooltipText());
    update();
}

void StepTimeView::updateCaption() {
    const auto& t = m_ledger.time;
    // Derived mode: how far the model was from published runs like this one (the engine's sentence), under the title.
    m_band = t.derived && m_ledger.valid ? diagnosticText(engine::bandSentence(m_ledger.validation)) : QString();
    if (!m_band.isEmpty())
        m_band[0] = m_band[0].toUpper();
    if (t.derived) {
        m_caption =
            (tr("Derived from the hardware: MFU %1%, HFU %2%. Along the GPU axis only dp varies: each replica gets "
                "fewer micro-batches while the gradient traffic and the pipeline fill stay, so their share grows.")
                 .arg(t.mfu * 100, 0, 'f', 1)
                 .arg(t.hfu * 100, 0, 'f', 1));
    } else {
        m_caption = (tr("Fixed MFU %1%: the typed figure holds every overhead, so the step splits only into "
                        "model FLOPs, recompute and offload. Set Efficiency to \"derived from hardware\" to "
                        "see communication and the bubble.")
                         .arg(t.mfu * 100, 0, 'f', 1));
    }
}

void StepTimeView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        updateCaption();
        setToolTip(tooltipText());
        update(); // every other text is painted in the current language
    }
    QWidget::changeEvent(event);
}

QString StepTimeView::tooltipText() const {
    const QString head = m_band.isEmpty() ? summary() : summary() + QStringLiteral("\n") + m_band;
    return head + QStringLiteral("\n") + m_caption + QStringLiteral("\n\n") + faultRows().join(QLatin1Char('\n'));
}

QString StepTimeView::summary() const {
    return summaryOf(m_ledger.time.breakdown, m_zero);
}

QString StepTimeView::summaryOf(const engine::StepBreakdown& b, int zeroStage) {
    // engine::stepSummary in the interface language: the step, then its largest parts (at least 1%, at most 3).
    const double total = b.total();
    QString out = tr("step %1 s").arg(QString::fromStdString(engine::formatFixed(total, total < 10 ? 2 : 1)));
    if (!(total > 0))
        return out;
    auto parts = engine::stepParts(b, zeroStage);
    std::stable_sort(parts.begin(), parts.end(), [](const auto& x, const auto& y) { return x.seconds > y.seconds; });
    QStringList shown;
    for (const auto& p : parts) {
        const long share = std::lround(100.0 * p.seconds / total);
        if (shown.size() == 3 || share < 1)
            break;
        shown << tr("%1% %2").arg(share).arg(engineText(p.label));
    }
    return shown.isEmpty() ? out : tr("%1: %2").arg(out, shown.join(tr(", ")));
}

QStringList StepTimeView::partRows() const {
    QStringList rows;
    const double total = m_ledger.time.breakdown.total();
    auto parts = engine::stepParts(m_ledger.time.breakdown, m_zero);
    std::stable_sort(parts.begin(), parts.end(), [](const auto& a, const auto& b) { return a.seconds > b.seconds; });
    for (const auto& p : parts)
        if (p.seconds > 0 && total > 0)
            rows << QStringLiteral("%1  %2  %3%")
                        .arg(engineText(p.label), seconds(p.seconds))
                        .arg(100 * p.seconds / total, 0, 'f', 1);
    return rows;
}

QString StepTimeView::faultsText(bool brief) const {
    if (!m_ledger.valid)
        return {};
    const auto& ck = m_ledger.checkpoint;
    const auto& g = m_ledger.goodput;
    const QString size = QString::fromStdString(engine::formatGB(ck.bytesFull));
    // Young/Daly's optimum when the interval is not typed and not held back by a write still in flight (async).
    const QString interval = m_intervalTyped ? tr("every %1 (as set)").arg(span(ck.intervalS))
                             : ck.intervalS == ck.writeS
                                 ? tr("every %1 (one write at a time)").arg(span(ck.intervalS))
                                 : tr("every %1 (Young/Daly: \u221a(2 \u00d7 %2 \u00d7 %3))")
                                       .arg(span(ck.intervalS), span(ck.blockingS), span(g.jobMtbfS));
    const QString faults = QString::fromStdString(g.interruptions >= 10  ? engine::groupDigits(g.interruptions)
                                                  : g.interruptions >= 1 ? engine::formatFixed(g.interruptions, 1)
                                                                         : engine::formatFixed(g.interruptions, 2));
    const QString goodput = QString::fromStdString(engine::formatFixed(g.fraction * 100, 1));
    if (brief)
        return tr("Faults and checkpoints: %1 every %2; goodput %3%").arg(size, span(ck.intervalS), goodput);
    return tr("Faults and checkpoints: a %1 checkpoint written in %2 %3; about %4 interruptions; goodput %5%")
        .arg(size, span(ck.writeS), interval, faults, goodput);
}

QStringList StepTimeView::faultRows() const {
    QStringList rows;
    if (!m_ledger.valid)
        return rows;
    rows << tr("Faults and checkpoints");
    for (const char* key : engine::kFaultFigures)
        if (const engine::LedgerField* f = ledgerField(key))
            rows << QStringLiteral("  %1  %2")
                        .arg(engineText(QByteArray(f->label).trimmed().constData()),
                             valueText(f->get(m_ledger), f->unit));
    return rows;
}

void StepTimeView::contextMenuEvent(QContextMenuEvent* event) {
    QStringList keys;
    for (const auto& p : engine::stepParts(m_ledger.time.breakdown, m_zero))
        if (p.seconds > 0)
            keys << QStringLiteral("time.breakdown.%1_s").arg(QString::fromLatin1(p.key));
    keys << QStringLiteral("time.step_s");
    for (const char* key : engine::kFaultFigures)
        keys << QString::fromLatin1(key);
    const QString key = execExplainMenu(this, keys, event->globalPos());
    if (!key.isEmpty())
        explain(key);
}

void StepTimeView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    const QFontMetricsF fm(font());
    const double line = fm.height();
    const double left = 12, right = width() - 12;
    const auto parts = engine::stepParts(m_ledger.time.breakdown, m_zero);
    const double total = m_ledger.time.breakdown.total();
    if (!(total > 0) || right - left < 100)
        return;
    p.setPen(palette().color(QPalette::WindowText));

    // Title: the step and its largest parts, in a larger bold font.
    QFont titleFont = font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.25);
    titleFont.setBold(true);
    p.setFont(titleFont);
    const QFontMetricsF tm(titleFont);
    p.drawText(QRectF(left, 8, right - left, tm.height()), Qt::AlignLeft | Qt::AlignVCenter,
               tm.elidedText(summary(), Qt::ElideRight, right - left));
    p.setFont(font());
    double y = 8 + tm.height() + line * 0.5;
    if (!m_band.isEmpty()) { // the band of published runs like this one, elided (the tooltip has it whole)
        p.drawText(QRectF(left, y - line * 0.3, right - left, line), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(m_band, Qt::ElideRight, right - left));
        y += line * 1.1;
    }

    // This plan's step as one stacked bar.
    const double barH = line * 1.6;
    double x = left;
    for (int i = 0; i < kParts; ++i) {
        const double w = (right - left) * parts[size_t(i)].seconds / total;
        if (w <= 0)
            continue;
        p.fillRect(QRectF(x, y, w, barH), partColor(i));
        x += w;
    }
    p.setPen(palette().color(QPalette::WindowText));
    p.drawRect(QRectF(left, y, right - left, barH));
    y += barH + line * 0.5;

    // The parts as rows: swatch, label, seconds, share (largest first).
    std::vector<int> order;
    for (int i = 0; i < kParts; ++i)
        if (parts[size_t(i)].seconds > 0)
            order.push_back(i);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return parts[size_t(a)].seconds > parts[size_t(b)].seconds; });
    // One column where there is room, else two (when wide enough); rows that still do not fit are left to the
    // tooltip, never drawn over the edge.
    const double rowH = line * 1.2;
    const QString faults = faultsText(); // one line under the rows: the run's faults and checkpoints
    const int fitRows = std::max(1, int((height() - 4 - y - (faults.isEmpty() ? 0.0 : rowH)) / rowH));
    const int columns = width() > 560 || (int(order.size()) > fitRows && width() > 400) ? 2 : 1;
    const double columnW = (right - left) / columns;
    const int rows = std::min(fitRows, int((order.size() + columns - 1) / columns));
    order.resize(std::min(order.size(), size_t(rows * columns)));
    for (size_t k = 0; k < order.size(); ++k) {
        const int i = order[k];
        const double cx = left + columnW * double(int(k) / rows), cy = y + line * 1.2 * double(int(k) % rows);
        p.fillRect(QRectF(cx, cy + line * 0.2, line * 0.8, line * 0.8), partColor(i));
        // The figures take the width they need at the column's right; the label gets the rest and elides.
        const QString figures = QStringLiteral("%1   %2%")
                                    .arg(seconds(parts[size_t(i)].seconds))
                                    .arg(100 * parts[size_t(i)].seconds / total, 0, 'f', 1);
        const double gap = line * 0.5, figuresRight = cx + columnW - (columns > 1 ? gap : 0.0);
        const double figuresW = fm.horizontalAdvance(figures) + 1;
        const double labelW = std::max(0.0, figuresRight - figuresW - gap - (cx + line * 1.2));
        p.drawText(QRectF(cx + line * 1.2, cy, labelW, line * 1.2), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(engineText(parts[size_t(i)].label), Qt::ElideRight, labelW));
        p.drawText(QRectF(figuresRight - figuresW, cy, figuresW, line * 1.2), Qt::AlignRight | Qt::AlignVCenter,
                   figures);
    }
    y += line * 1.2 * rows;
    if (!faults.isEmpty() && y + rowH <= height() - 2) {
        // The whole sentence where it fits, else its short form (the tooltip has every figure).
        const QString shown = fm.horizontalAdvance(faults) <= right - left ? faults : faultsText(true);
        p.drawText(QRectF(left, y, right - left, rowH), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(shown, Qt::ElideRight, right - left));
        y += rowH;
    }
    y += line * 0.8;

    // The caption at the bottom, wrapped, only where it has room under the rows (the tooltip always has it).
    const double captionH =
        fm.boundingRect(QRectF(0, 0, right - left, 1e6), Qt::AlignLeft | Qt::TextWordWrap, m_caption).height();
    double floor = height() - 8;
    if (floor - captionH >= y) {
        p.drawText(QRectF(left, floor - captionH, right - left, captionH), Qt::AlignLeft | Qt::TextWordWrap, m_caption);
        floor -= captionH + line * 0.3;
    }

    // How the split changes with the GPU count: stacked shares against log GPUs.
    const double bottom = floor - line * 2.4;
    if (m_points.size() < 2 || bottom - y < line * 4)
        return;
    p.drawText(QRectF(left, y, right - left, line), Qt::AlignLeft | Qt::AlignVCenter,
               tr("Share of the step as only dp varies"));
    y += line * 1.3;
    const double axisW = fm.horizontalAdvance(QStringLiteral("100%")) + 6;
    const QRectF plot(left + axisW, y, right - left - axisW, bottom - y);
    const double lo = std::log(m_points.front().gpus), hi = std::log(m_points.back().gpus);
    auto px = [&](double gpus) { return plot.left() + plot.width() * (std::log(gpus) - lo) / std::max(1e-9, hi - lo); };
    std::vector<double> base(m_points.size(), 0.0);
    p.setRenderHint(QPainter::Antialiasing, true);
    for (int i = 0; i < kParts; ++i) {
        bool any = false;
        for (const Point& pt : m_points)
            any = any || pt.shares[size_t(i)] > 0;
        if (!any)
            continue;
        QPainterPath path;
        for (size_t k = 0; k < m_points.size(); ++k) {
            const QPointF q(px(m_points[k].gpus), plot.bottom() - plot.height() * base[k]);
            k == 0 ? path.moveTo(q) : path.lineTo(q);
        }
        for (size_t k = m_points.size(); k-- > 0;) {
            base[k] += m_points[k].shares[size_t(i)];
            path.lineTo(px(m_points[k].gpus), plot.bottom() - plot.height() * std::min(1.0, base[k]));
        }
        path.closeSubpath();
        p.fillPath(path, partColor(i));
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setPen(palette().color(QPalette::WindowText));
    p.drawRect(plot);
    for (double share : {0.0, 0.5, 1.0})
        p.drawText(QRectF(left, plot.bottom() - plot.height() * share - line / 2, axisW - 4, line),
                   Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("%1%").arg(int(share * 100)));
    // GPU ticks at powers of two (every other one when crowded), and this plan.
    const double first = std::ceil(lo / std::log(2.0)), last = std::floor(hi / std::log(2.0));
    const int every = (last - first) > 10 ? 2 : 1;
    for (double e = first; e <= last; e += every) {
        const double g = std::exp2(e);
        const double gx = px(g);
        p.drawLine(QPointF(gx, plot.bottom()), QPointF(gx, plot.bottom() + 4));
        const QString label = QString::fromStdString(engine::groupDigits(g));
        const double w = fm.horizontalAdvance(label) + 4;
        const double lx = std::clamp(gx - w / 2, plot.left() - axisW, right - w); // never cut by the edge
        p.drawText(QRectF(lx, plot.bottom() + 4, w, line), Qt::AlignHCenter | Qt::AlignTop, label);
    }
    const double here = double(m_ledger.time.gpus);
    if (here >= m_points.front().gpus && here <= m_points.back().gpus) {
        QPen marker(palette().color(QPalette::WindowText));
        marker.setWidthF(2);
        marker.setStyle(Qt::DashLine);
        p.setPen(marker);
        p.drawLine(QPointF(px(here), plot.top()), QPointF(px(here), plot.bottom()));
        p.drawText(QRectF(px(here) + 4, plot.top() + 2, 160, line), Qt::AlignLeft | Qt::AlignTop, tr("this plan"));
    }
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(QRectF(plot.left(), plot.bottom() + line * 1.1, plot.width(), line), Qt::AlignHCenter, tr("GPUs"));
}

} // namespace tl::ui
