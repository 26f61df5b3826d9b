#include "ui/views/plot.h"

#include "engine/units.h"

#include <QApplication>
#include <QBarSet>
#include <QEvent>
#include <QFontMetricsF>
#include <QMouseEvent>
#include <QPainter>
#include <QScatterSeries>
#include <QXYSeries>

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

namespace tl::ui {

namespace {

constexpr double kMargin = 4, kTick = 4, kGap = 3;
const QColor kMinorGrid(0xec, 0xec, 0xec), kMajorGrid(0xd2, 0xd2, 0xd2), kAxisLine(0x80, 0x80, 0x80),
    kText(0x20, 0x20, 0x20);

using Scale = Plot::Axis::Scale;

// "1", "16,384", "0.1", "0.00001", "2.5": whole numbers in full with grouped digits, others to three significant
// digits, never in scientific notation (a tiny run's days, a huge run's).
QString tickText(const Plot::Axis& a, double v) {
    if (!a.categories.isEmpty())
        return a.categories.value(qsizetype(std::llround(v)));
    if (a.scale == Scale::Linear && std::abs(v) < 1e-12 * std::max(1.0, std::abs(a.max)))
        return QStringLiteral("0"); // a linear axis's zero, not rounding noise
    if (std::abs(v) >= 1 && std::abs(v) < 1e15 && std::abs(v - std::round(v)) < 1e-9 * std::abs(v))
        return QString::fromStdString(engine::groupDigits(v));
    const int decimals = std::clamp(2 - int(std::floor(std::log10(std::abs(v)))), 0, 15);
    QString text = QString::number(v, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text;
}

// The size a text takes in a font, its lines broken at '\n'.
QSizeF textExtent(const QFont& font, const QString& text) {
    return QFontMetricsF(font).boundingRect(QRectF(0, 0, 1e5, 1e5), Qt::AlignLeft | Qt::AlignTop, text).size();
}

double distanceToSegment(const QPointF& p, const QPointF& a, const QPointF& b) {
    const QPointF d = b - a;
    const double len2 = QPointF::dotProduct(d, d);
    const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, d) / len2, 0.0, 1.0) : 0.0;
    return QLineF(p, a + t * d).length();
}

} // namespace

double Plot::Axis::fraction(double v) const {
    if (scale == Scale::Linear)
        return (v - min) / (max - min);
    return std::log(v / min) / std::log(max / min);
}

bool Plot::Axis::valid() const {
    if (scale == Scale::Linear)
        return max > min && std::isfinite(min) && std::isfinite(max) &&
               (!categories.isEmpty() || (interval > 0 && (max - min) / interval < 1000));
    return min > 0 && max > min && base > 1 && std::isfinite(max);
}

void Plot::Axis::ticks(std::vector<double>& major, std::vector<double>& minor) const {
    major.clear();
    minor.clear();
    if (!valid())
        return;
    if (!categories.isEmpty()) {
        for (qsizetype i = 0; i < categories.size(); ++i)
            if (double(i) >= min && double(i) <= max)
                major.push_back(double(i));
        return;
    }
    if (scale == Scale::Linear) {
        for (double v = anchor + std::ceil((min - anchor) / interval - 1e-9) * interval; v <= max + 1e-9 * interval;
             v += interval) {
            major.push_back(v);
            for (int j = 1; j <= minorTicks; ++j)
                if (const double m = v + interval * j / (minorTicks + 1); m <= max)
                    minor.push_back(m);
        }
        return;
    }
    const double first = std::floor(std::log(min) / std::log(base) + 1e-9);
    double v = std::pow(base, first);
    for (int k = 0; k < 200 && v <= max * (1 + 1e-9); ++k, v *= base) {
        if (v >= min * (1 - 1e-9))
            major.push_back(v);
        for (int j = 1; j <= minorTicks; ++j) {
            const double m = v * (1 + j * (base - 1) / (minorTicks + 1));
            if (m >= min && m <= max)
                minor.push_back(m);
        }
    }
}

Plot::Plot(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent); // paintEvent fills every pixel: nothing under it is painted first
    relayout();
}

QFont Plot::scaled(QFont f) const {
    if (m_presentation != 1) {
        f.setPointSizeF(QApplication::font().pointSizeF() * m_presentation);
        f.setWeight(QFont::DemiBold);
    }
    return f;
}

QFont Plot::labelFont() const {
    return scaled(font());
}

QFont Plot::titleFont() const {
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 1.1);
    return scaled(f);
}

QFont Plot::axisTitleFont() const {
    QFont f = font();
    f.setBold(true);
    return scaled(f);
}

bool Plot::axisTitleShown(Qt::Orientation o) const {
    const QString& t = o == Qt::Horizontal ? m_x.title : m_y.title;
    return !t.isEmpty() && (o == Qt::Horizontal || m_presentation == 1);
}

QStringList Plot::tickLabels(Qt::Orientation axis) const {
    QStringList out;
    for (const Label& l : m_labels)
        if (l.axis == axis)
            out << l.text.text();
    return out;
}

QSizeF Plot::textSize(const QString& text) const {
    return textExtent(labelFont(), text);
}

void Plot::setTitle(const QString& title) {
    if (title == m_title)
        return;
    m_title = title;
    relayout();
}

void Plot::setXAxis(const Axis& axis) {
    if (axis == m_x)
        return;
    m_x = axis;
    relayout();
}

void Plot::setYAxis(const Axis& axis) {
    if (axis == m_y)
        return;
    m_y = axis;
    relayout();
}

void Plot::addSeries(QXYSeries* series) {
    m_series << series;
    const auto repaint = [this] { update(); };
    connect(series, &QXYSeries::pointsReplaced, this, repaint);
    connect(series, &QXYSeries::pointAdded, this, repaint);
    connect(series, &QXYSeries::pointReplaced, this, repaint);
    connect(series, &QXYSeries::pointRemoved, this, repaint);
    connect(series, &QXYSeries::penChanged, this, repaint);
    connect(series, &QXYSeries::colorChanged, this, repaint);
    connect(series, &QAbstractSeries::visibleChanged, this, repaint);
}

void Plot::setBars(const QList<QBarSet*>& stack, double width) {
    m_bars = stack;
    m_barWidth = width;
    for (QBarSet* set : stack) {
        connect(set, &QBarSet::valueChanged, this, [this] { update(); });
        connect(set, &QBarSet::colorChanged, this, [this] { update(); });
    }
    update();
}

void Plot::setNotes(const std::vector<Note>& notes) {
    if (notes == m_notes)
        return;
    m_notes = notes;
    update();
}

QRectF Plot::barRect(qsizetype set, qsizetype bar) const {
    const double value = set < m_bars.size() && bar < m_bars[set]->count() ? m_bars[set]->at(bar) : 0;
    if (!(value > 0))
        return {};
    double base = 0;
    for (qsizetype k = 0; k < set; ++k)
        base += std::max(0.0, m_bars[k]->at(bar));
    const double x = double(bar);
    return QRectF(map(QPointF(x - m_barWidth / 2, base + value)), map(QPointF(x + m_barWidth / 2, base))).normalized();
}

// The notes' type: the label font, bold where asked, and smaller (down to 70%) when two neighbours at full size would
// overlap (the totals above narrow bars of about the same height, in GiB and in multiples of N).
QFont Plot::noteFont(const Note& note) const {
    QFont f = labelFont();
    const auto fullRect = [&](const Note& n) {
        QFont g = f;
        g.setBold(n.bold);
        const QSizeF size = textExtent(g, n.text);
        const QPointF p = map(n.at);
        return QRectF(QPointF(p.x() - size.width() / 2, p.y() - 2 - size.height()), size);
    };
    double scale = 1;
    for (size_t i = 1; i < m_notes.size(); ++i) {
        const QRectF a = fullRect(m_notes[i - 1]), b = fullRect(m_notes[i]);
        if (m_notes[i - 1].text.isEmpty() || m_notes[i].text.isEmpty() || !a.adjusted(-3, 0, 3, 0).intersects(b))
            continue;
        const double apart = std::abs(b.center().x() - a.center().x());
        scale = std::min(scale, (apart - 6) / ((a.width() + b.width()) / 2));
    }
    if (scale < 1)
        f.setPointSizeF(f.pointSizeF() * std::max(0.7, scale));
    f.setBold(note.bold);
    return f;
}

QRectF Plot::noteRect(const Note& note) const {
    const QSizeF size = textExtent(noteFont(note), note.text);
    const QPointF p = map(note.at);
    // Centred on its point, but clear of the vertical axis and within the widget's right edge.
    const double left =
        std::clamp(p.x() - size.width() / 2, m_plot.left() + 3, std::max(m_plot.left() + 3, width() - size.width()));
    return QRectF(QPointF(left, p.y() - 2 - size.height()), size);
}

void Plot::setCallouts(const std::vector<Callout>& callouts) {
    if (callouts == m_callouts)
        return;
    m_callouts = callouts;
    update();
}

void Plot::setAntialiased(bool on) {
    if (on == m_antialiased)
        return;
    m_antialiased = on;
    update();
}

void Plot::setPresentation(double factor) {
    if (factor == m_presentation)
        return;
    m_presentation = factor;
    relayout();
}

QPointF Plot::map(const QPointF& value) const {
    if (!m_x.valid() || !m_y.valid())
        return m_plot.bottomLeft();
    return {m_plot.left() + m_x.fraction(value.x()) * m_plot.width(),
            m_plot.bottom() - m_y.fraction(value.y()) * m_plot.height()};
}

double Plot::xValueAt(double x) const {
    if (!m_x.valid() || m_plot.width() <= 0)
        return m_x.min;
    const double t = (x - m_plot.left()) / m_plot.width();
    return m_x.scale == Scale::Linear ? m_x.min + t * (m_x.max - m_x.min) : m_x.min * std::pow(m_x.max / m_x.min, t);
}

// The plot's rectangle from the widget's size, the title's lines, the widest tick label and the axis titles; then
// the grid lines' and labels' places. Only the axes, the title, the size or the font change it.
void Plot::relayout() {
    const QFontMetricsF labels(labelFont()), axisTitle(axisTitleFont()), titleMetrics(titleFont());
    std::vector<double> xMajor, yMajor;
    m_x.ticks(xMajor, m_xMinor);
    m_y.ticks(yMajor, m_yMinor);
    double yLabelWidth = 0;
    for (double v : yMajor)
        yLabelWidth = std::max(yLabelWidth, labels.horizontalAdvance(tickText(m_y, v)));

    const bool showTitle = !m_title.isEmpty() && m_presentation == 1;
    // The top tick label is centred on the plot's edge: half of it above, under the title.
    const double top =
        kMargin + labels.height() / 2 +
        (showTitle ? titleMetrics.lineSpacing() * double(m_title.count(QLatin1Char('\n')) + 1) + kGap : 0);
    const double left =
        kMargin + (axisTitleShown(Qt::Vertical) ? axisTitle.height() + kGap : 0) + yLabelWidth + kGap + kTick;
    const double bottom =
        kMargin + (axisTitleShown(Qt::Horizontal) ? axisTitle.height() + kGap : 0) + labels.height() + kGap + kTick;
    // Room for half a five-digit label at the right end, whatever the labels: the plot does not move when the x
    // axis's base changes (the caller picks the base from the plot's width).
    const double right = kMargin + labels.horizontalAdvance(QStringLiteral("00,000")) / 2;
    const QRectF plot(QPointF(left, top),
                      QPointF(std::max(left + 1, width() - right), std::max(top + 1, height() - bottom)));

    m_xMajor.clear();
    m_yMajor.clear();
    m_labels.clear();
    const auto label = [&](const QString& text, const QPointF& at, Qt::Orientation axis) {
        Label l{QStaticText(text), at, axis};
        l.text.setTextFormat(Qt::PlainText);
        l.text.prepare(QTransform(), labelFont());
        m_labels.push_back(std::move(l));
    };
    for (double v : xMajor) {
        const double x = plot.left() + m_x.fraction(v) * plot.width();
        if (m_x.categories.isEmpty())
            m_xMajor.push_back(x);
        const QString text = tickText(m_x, v);
        const double w = labels.horizontalAdvance(text);
        label(text, QPointF(std::clamp(x - w / 2, 0.0, std::max(0.0, width() - w)), plot.bottom() + kTick + kGap),
              Qt::Horizontal);
    }
    for (double v : yMajor) {
        const double y = plot.bottom() - m_y.fraction(v) * plot.height();
        if (m_y.categories.isEmpty())
            m_yMajor.push_back(y);
        const QString text = tickText(m_y, v);
        label(text, QPointF(plot.left() - kTick - kGap - labels.horizontalAdvance(text), y - labels.height() / 2),
              Qt::Vertical);
    }
    for (double& v : m_xMinor)
        v = plot.left() + m_x.fraction(v) * plot.width();
    for (double& v : m_yMinor)
        v = plot.bottom() - m_y.fraction(v) * plot.height();

    update();
    if (plot != m_plot) {
        m_plot = plot;
        emit plotAreaChanged(plot);
    }
}

void Plot::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    relayout();
}

void Plot::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        relayout();
}

void Plot::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), Qt::white);
    const QRectF plot = m_plot;

    // The grid, the axis lines and the ticks: horizontal and vertical lines one device pixel wide, filled as
    // rectangles (the raster engine fills a rectangle by spans; a stroked line goes pixel by pixel, 50,000
    // instructions for a grid line).
    const double hair = 1 / devicePixelRatioF();
    const auto vertical = [&](double x, double top, double bottom, const QColor& c) {
        p.fillRect(QRectF(x, top, hair, bottom - top), c);
    };
    const auto horizontal = [&](double y, double left, double right, const QColor& c) {
        p.fillRect(QRectF(left, y, right - left, hair), c);
    };
    for (const auto& [xs, ys, colour] :
         {std::tuple{&m_xMinor, &m_yMinor, kMinorGrid}, std::tuple{&m_xMajor, &m_yMajor, kMajorGrid}}) {
        for (double x : *xs)
            vertical(x, plot.top(), plot.bottom(), colour);
        for (double y : *ys)
            horizontal(y, plot.left(), plot.right(), colour);
    }
    horizontal(plot.bottom(), plot.left(), plot.right(), kAxisLine);
    vertical(plot.left(), plot.top(), plot.bottom(), kAxisLine);
    for (double x : m_xMajor)
        vertical(x, plot.bottom(), plot.bottom() + kTick, kAxisLine);
    for (double y : m_yMajor)
        horizontal(y, plot.left() - kTick, plot.left(), kAxisLine);

    // Tick labels, the axis titles and the title.
    p.setPen(kText);
    p.setFont(labelFont());
    for (const Label& l : m_labels)
        p.drawStaticText(l.at, l.text);
    const QFontMetricsF axisTitle(axisTitleFont());
    if (axisTitleShown(Qt::Horizontal))
        drawText(p, QPointF(plot.left(), height() - kMargin - axisTitle.height()), m_x.title, axisTitleFont(),
                 plot.width(), Qt::AlignHCenter);
    if (axisTitleShown(Qt::Vertical)) {
        p.save();
        p.translate(kMargin, plot.bottom());
        p.rotate(-90);
        drawText(p, QPointF(0, 0), m_y.title, axisTitleFont(), plot.height(), Qt::AlignHCenter);
        p.restore();
    }
    if (!m_title.isEmpty() && m_presentation == 1)
        drawText(p, QPointF(kMargin, kMargin), m_title, titleFont(), width() - 2 * kMargin, Qt::AlignHCenter);

    // The stacked bars, then the series, clipped to the plot (markers may reach a little beyond it).
    p.setClipRect(plot);
    for (qsizetype i = 0; !m_bars.isEmpty() && i < m_bars.front()->count(); ++i)
        for (qsizetype k = 0; k < m_bars.size(); ++k)
            if (const QRectF r = barRect(k, i); !r.isEmpty()) {
                p.setPen(QPen(m_bars[k]->borderColor(), 0));
                p.setBrush(m_bars[k]->color());
                p.drawRect(r);
            }
    // Clips and hints are set anew for each series rather than saved and restored: drawn into a PDF or SVG
    // (QWidget::render with the report's painter), a restored clip left the markers out.
    const QRectF markerClip = plot.adjusted(-10, -10, 10, 10);
    for (const QXYSeries* s : m_series) {
        if (!s->isVisible() || s->count() == 0)
            continue;
        const QList<QPointF> points = s->points();
        if (const auto* scatter = qobject_cast<const QScatterSeries*>(s)) {
            p.setClipRect(markerClip);
            p.setRenderHint(QPainter::Antialiasing, m_antialiased);
            p.setPen(QPen(scatter->borderColor(), 1));
            p.setBrush(scatter->color());
            const double r = scatter->markerSize() / 2;
            for (const QPointF& v : points) {
                const QRectF box(map(v) - QPointF(r, r), QSizeF(2 * r, 2 * r));
                if (scatter->markerShape() == QScatterSeries::MarkerShapeRectangle)
                    p.drawRect(box);
                else
                    p.drawEllipse(box);
            }
            continue;
        }
        QPolygonF line;
        line.reserve(points.size());
        for (const QPointF& v : points)
            line << map(v);
        p.setClipRect(plot);
        // A horizontal line (the deadlines) gains nothing from antialiasing, and its dashes cost the most.
        const bool flat =
            std::all_of(points.begin(), points.end(), [&](const QPointF& v) { return v.y() == points.front().y(); });
        p.setRenderHint(QPainter::Antialiasing, m_antialiased && !flat);
        QPen pen = s->pen();
        if (flat) // whole pixels: a 1.5 px line drawn without antialiasing came out 1 or 2 px by its place
            pen.setWidthF(std::max(1.0, std::round(pen.widthF())));
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        p.drawPolyline(line);
        if (s->pointsVisible()) {
            p.setClipRect(markerClip);
            p.setRenderHint(QPainter::Antialiasing, m_antialiased);
            p.setPen(Qt::NoPen);
            p.setBrush(s->pen().color());
            const double r = s->markerSize() / 2;
            for (const QPointF& c : line)
                p.drawEllipse(c, r, r);
        }
    }
    p.setRenderHint(QPainter::Antialiasing, m_antialiased);

    // The notes at their points, and the callouts over everything.
    p.setClipping(false);
    p.setPen(kText);
    // A white ground under each note (readable over the capacity line), inside the plot, all before any text so that
    // no ground covers a neighbour's text.
    for (const Note& n : m_notes)
        if (!n.text.isEmpty())
            p.fillRect(noteRect(n).adjusted(-2, 0, 2, 0).intersected(plot.adjusted(1, 0, 0, 0)),
                       QColor(255, 255, 255, 210));
    for (const Note& n : m_notes) {
        const QRectF r = noteRect(n);
        drawText(p, r.topLeft(), n.text, noteFont(n), r.width() + 1, Qt::AlignHCenter);
    }
    for (const Callout& c : m_callouts) {
        if (c.box.isEmpty())
            continue;
        p.setPen(QPen(QColor(0x90, 0x90, 0x90), 1));
        if (!c.leader.isNull())
            p.drawLine(c.leader);
        p.setBrush(QColor(255, 255, 255, 225));
        p.drawRect(c.box);
        p.setPen(kText);
        drawText(p, c.box.topLeft() + QPointF(kCalloutPad, kCalloutPad), c.text, labelFont(),
                 c.box.width() - 2 * kCalloutPad + 1, Qt::AlignLeft);
    }
}

// Texts laid out once and kept (a plain drawText lays its text out again on every paint: 190,000 instructions for a
// callout); the cache is emptied when it holds more than a frame's worth.
void Plot::drawText(QPainter& p, const QPointF& at, const QString& text, const QFont& font, double width,
                    Qt::Alignment align) {
    const QString key = QStringLiteral("%1|%2|%3|%4").arg(font.key()).arg(width).arg(int(align)).arg(text);
    auto it = m_texts.find(key);
    if (it == m_texts.end()) {
        if (m_texts.size() > 64)
            m_texts.clear();
        QString lines = text;
        lines.replace(QLatin1Char('\n'), QChar::LineSeparator);
        QStaticText t(lines);
        t.setTextFormat(Qt::PlainText);
        t.setTextWidth(width);
        t.setTextOption(QTextOption(align));
        t.prepare(p.transform(), font);
        it = m_texts.insert(key, t);
    }
    p.setFont(font);
    p.drawStaticText(at, *it);
}

void Plot::mouseMoveEvent(QMouseEvent* event) {
    const QPointF at = event->position();
    QXYSeries* hit = nullptr;
    QPointF value;
    int set = -1, bar = -1;
    for (qsizetype k = 0; k < m_bars.size() && set < 0; ++k)
        for (qsizetype i = 0; i < m_bars[k]->count(); ++i)
            if (barRect(k, i).contains(at)) {
                set = int(k);
                bar = int(i);
                break;
            }
    if (m_hoveredSet >= 0 && (set != m_hoveredSet || bar != m_hoveredBar))
        emit barHovered(m_hoveredSet, m_hoveredBar, false);
    if (set >= 0 && (set != m_hoveredSet || bar != m_hoveredBar))
        emit barHovered(set, bar, true);
    m_hoveredSet = set;
    m_hoveredBar = bar;
    // The topmost first: markers over lines.
    for (auto it = m_series.crbegin(); it != m_series.crend() && !hit; ++it) {
        QXYSeries* s = *it;
        if (!s->isVisible())
            continue;
        const QList<QPointF> points = s->points();
        if (const auto* scatter = qobject_cast<const QScatterSeries*>(s)) {
            for (const QPointF& v : points)
                if (QLineF(map(v), at).length() <= scatter->markerSize() / 2 + 2) {
                    hit = s;
                    value = v;
                    break;
                }
            continue;
        }
        const double reach = s->pen().widthF() / 2 + 4;
        for (qsizetype i = 0; i + 1 < points.size() && !hit; ++i)
            if (distanceToSegment(at, map(points[i]), map(points[i + 1])) <= reach) {
                hit = s;
                value = QPointF(xValueAt(at.x()), points[i].y());
            }
        if (!hit && points.size() == 1 && QLineF(map(points[0]), at).length() <= reach) {
            hit = s;
            value = points[0];
        }
    }
    if (m_hovered && m_hovered != hit)
        emit hovered(m_hovered, value, false);
    m_hovered = hit;
    if (hit)
        emit hovered(hit, value, true);
    QWidget::mouseMoveEvent(event);
}

void Plot::leaveEvent(QEvent* event) {
    if (m_hovered)
        emit hovered(m_hovered, QPointF(), false);
    m_hovered = nullptr;
    if (m_hoveredSet >= 0)
        emit barHovered(m_hoveredSet, m_hoveredBar, false);
    m_hoveredSet = m_hoveredBar = -1;
    QWidget::leaveEvent(event);
}

} // namespace tl::ui
