#include "ui/views/logplot.h"

#include <QApplication>
#include <QEvent>
#include <QFontMetricsF>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScatterSeries>
#include <QXYSeries>

#include <algorithm>
#include <cmath>

namespace tl::ui {

namespace {

constexpr double kMargin = 4, kTick = 4, kGap = 3;
const QColor kMinorGrid(0xec, 0xec, 0xec), kMajorGrid(0xd2, 0xd2, 0xd2), kAxisLine(0x80, 0x80, 0x80),
    kText(0x20, 0x20, 0x20);

// Where v sits along the axis, 0 at its minimum and 1 at its maximum.
double fraction(const LogPlot::Axis& a, double v) {
    return std::log(v / a.min) / std::log(a.max / a.min);
}

bool valid(const LogPlot::Axis& a) {
    return a.min > 0 && a.max > a.min && a.base > 1 && std::isfinite(a.max);
}

// The powers of the base in the axis's range, and the minor values between them.
void tickValues(const LogPlot::Axis& a, std::vector<double>& major, std::vector<double>& minor) {
    major.clear();
    minor.clear();
    if (!valid(a))
        return;
    const double first = std::floor(std::log(a.min) / std::log(a.base) + 1e-9);
    double v = std::pow(a.base, first);
    for (int k = 0; k < 200 && v <= a.max * (1 + 1e-9); ++k, v *= a.base) {
        if (v >= a.min * (1 - 1e-9))
            major.push_back(v);
        for (int j = 1; j <= a.minorTicks; ++j) {
            const double m = v * (1 + j * (a.base - 1) / (a.minorTicks + 1));
            if (m >= a.min && m <= a.max)
                minor.push_back(m);
        }
    }
}

// "1", "16384", "0.1": whole numbers in full (a GPU count is never 1e+06), others to three digits.
QString tickText(double v) {
    if (v >= 1 && v < 1e15 && std::abs(v - std::round(v)) < 1e-9 * v)
        return QString::number(qint64(std::llround(v)));
    return QString::number(v, 'g', 3);
}

double distanceToSegment(const QPointF& p, const QPointF& a, const QPointF& b) {
    const QPointF d = b - a;
    const double len2 = QPointF::dotProduct(d, d);
    const double t = len2 > 0 ? std::clamp(QPointF::dotProduct(p - a, d) / len2, 0.0, 1.0) : 0.0;
    return QLineF(p, a + t * d).length();
}

} // namespace

LogPlot::LogPlot(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent); // paintEvent fills every pixel: nothing under it is painted first
    relayout();
}

QFont LogPlot::scaled(QFont f) const {
    if (m_presentation != 1) {
        f.setPointSizeF(QApplication::font().pointSizeF() * m_presentation);
        f.setWeight(QFont::DemiBold);
    }
    return f;
}

QFont LogPlot::labelFont() const {
    return scaled(font());
}

QFont LogPlot::titleFont() const {
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 1.1);
    return scaled(f);
}

QFont LogPlot::axisTitleFont() const {
    QFont f = font();
    f.setBold(true);
    return scaled(f);
}

bool LogPlot::axisTitleShown(Qt::Orientation o) const {
    const QString& t = o == Qt::Horizontal ? m_x.title : m_y.title;
    return !t.isEmpty() && (o == Qt::Horizontal || m_presentation == 1);
}

QSizeF LogPlot::textSize(const QString& text) const {
    return QFontMetricsF(labelFont()).boundingRect(QRectF(0, 0, 1e5, 1e5), Qt::AlignLeft | Qt::AlignTop, text).size();
}

void LogPlot::setTitle(const QString& title) {
    if (title == m_title)
        return;
    m_title = title;
    relayout();
}

void LogPlot::setXAxis(const Axis& axis) {
    if (axis == m_x)
        return;
    m_x = axis;
    relayout();
}

void LogPlot::setYAxis(const Axis& axis) {
    if (axis == m_y)
        return;
    m_y = axis;
    relayout();
}

void LogPlot::addSeries(QXYSeries* series) {
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

void LogPlot::setCallouts(const std::vector<Callout>& callouts) {
    const auto same = [](const Callout& a, const Callout& b) {
        return a.box == b.box && a.text == b.text && a.leader == b.leader;
    };
    if (callouts.size() == m_callouts.size() && std::equal(callouts.begin(), callouts.end(), m_callouts.begin(), same))
        return;
    m_callouts = callouts;
    update();
}

void LogPlot::setAntialiased(bool on) {
    if (on == m_antialiased)
        return;
    m_antialiased = on;
    update();
}

void LogPlot::setPresentation(double factor) {
    if (factor == m_presentation)
        return;
    m_presentation = factor;
    relayout();
}

QPointF LogPlot::map(const QPointF& value) const {
    if (!valid(m_x) || !valid(m_y))
        return m_plot.bottomLeft();
    return {m_plot.left() + fraction(m_x, value.x()) * m_plot.width(),
            m_plot.bottom() - fraction(m_y, value.y()) * m_plot.height()};
}

double LogPlot::xValueAt(double x) const {
    if (!valid(m_x) || m_plot.width() <= 0)
        return m_x.min;
    return m_x.min * std::pow(m_x.max / m_x.min, (x - m_plot.left()) / m_plot.width());
}

// The plot's rectangle from the widget's size, the title's lines, the widest tick label and the axis titles; then
// the grid lines' and labels' places. Only the axes, the title, the size or the font change it.
void LogPlot::relayout() {
    const QFontMetricsF labels(labelFont()), axisTitle(axisTitleFont()), titleMetrics(titleFont());
    std::vector<double> xMajor, yMajor;
    tickValues(m_x, xMajor, m_xMinor);
    tickValues(m_y, yMajor, m_yMinor);
    double yLabelWidth = 0;
    for (double v : yMajor)
        yLabelWidth = std::max(yLabelWidth, labels.horizontalAdvance(tickText(v)));

    const bool showTitle = !m_title.isEmpty() && m_presentation == 1;
    const double top =
        kMargin + (showTitle ? titleMetrics.lineSpacing() * double(m_title.count(QLatin1Char('\n')) + 1) + kGap * 2
                             : labels.height() / 2);
    const double left =
        kMargin + (axisTitleShown(Qt::Vertical) ? axisTitle.height() + kGap : 0) + yLabelWidth + kGap + kTick;
    const double bottom =
        kMargin + (axisTitleShown(Qt::Horizontal) ? axisTitle.height() + kGap : 0) + labels.height() + kGap + kTick;
    // Room for half a five-digit label at the right end, whatever the labels: the plot does not move when the x
    // axis's base changes (the caller picks the base from the plot's width).
    const double right = kMargin + labels.horizontalAdvance(QStringLiteral("00000")) / 2;
    const QRectF plot(QPointF(left, top),
                      QPointF(std::max(left + 1, width() - right), std::max(top + 1, height() - bottom)));

    m_xMajor.clear();
    m_yMajor.clear();
    m_labels.clear();
    const auto label = [&](const QString& text, const QPointF& at) {
        Label l{QStaticText(text), at};
        l.text.setTextFormat(Qt::PlainText);
        l.text.prepare(QTransform(), labelFont());
        m_labels.push_back(std::move(l));
    };
    for (double v : xMajor) {
        const double x = plot.left() + fraction(m_x, v) * plot.width();
        m_xMajor.push_back(x);
        const QString text = tickText(v);
        const double w = labels.horizontalAdvance(text);
        label(text, QPointF(std::clamp(x - w / 2, 0.0, std::max(0.0, width() - w)), plot.bottom() + kTick + kGap));
    }
    for (double v : yMajor) {
        const double y = plot.bottom() - fraction(m_y, v) * plot.height();
        m_yMajor.push_back(y);
        const QString text = tickText(v);
        label(text, QPointF(plot.left() - kTick - kGap - labels.horizontalAdvance(text), y - labels.height() / 2));
    }
    for (double& v : m_xMinor)
        v = plot.left() + fraction(m_x, v) * plot.width();
    for (double& v : m_yMinor)
        v = plot.bottom() - fraction(m_y, v) * plot.height();

    update();
    if (plot != m_plot) {
        m_plot = plot;
        emit plotAreaChanged(plot);
    }
}

void LogPlot::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    relayout();
}

void LogPlot::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        relayout();
}

void LogPlot::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), Qt::white);
    const QRectF plot = m_plot;

    // The grid, the axis lines and the ticks: horizontal and vertical one-pixel lines, sharp without antialiasing.
    const auto lines = [&](const std::vector<double>& xs, const std::vector<double>& ys, const QColor& colour) {
        p.setPen(QPen(colour, 0));
        for (double x : xs)
            p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        for (double y : ys)
            p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
    };
    lines(m_xMinor, m_yMinor, kMinorGrid);
    lines(m_xMajor, m_yMajor, kMajorGrid);
    p.setPen(QPen(kAxisLine, 0));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawLine(plot.bottomLeft(), plot.topLeft());
    for (double x : m_xMajor)
        p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + kTick));
    for (double y : m_yMajor)
        p.drawLine(QPointF(plot.left() - kTick, y), QPointF(plot.left(), y));

    // Tick labels, the axis titles and the title.
    p.setPen(kText);
    p.setFont(labelFont());
    for (const Label& l : m_labels)
        p.drawStaticText(l.at, l.text);
    const QFontMetricsF labels(labelFont()), axisTitle(axisTitleFont());
    p.setFont(axisTitleFont());
    if (axisTitleShown(Qt::Horizontal))
        p.drawText(QRectF(plot.left(), height() - kMargin - axisTitle.height(), plot.width(), axisTitle.height()),
                   Qt::AlignCenter, m_x.title);
    if (axisTitleShown(Qt::Vertical)) {
        p.save();
        p.translate(kMargin, plot.bottom());
        p.rotate(-90);
        p.drawText(QRectF(0, 0, plot.height(), axisTitle.height()), Qt::AlignCenter, m_y.title);
        p.restore();
    }
    if (!m_title.isEmpty() && m_presentation == 1) {
        p.setFont(titleFont());
        p.drawText(QRectF(kMargin, kMargin, width() - 2 * kMargin, plot.top() - kMargin),
                   Qt::AlignHCenter | Qt::AlignTop, m_title);
    }

    // The series, clipped to the plot (markers may reach a little beyond it).
    p.setRenderHint(QPainter::Antialiasing, m_antialiased);
    p.setClipRect(plot.adjusted(-10, -10, 10, 10));
    for (const QXYSeries* s : m_series) {
        if (!s->isVisible() || s->count() == 0)
            continue;
        const QList<QPointF> points = s->points();
        if (const auto* scatter = qobject_cast<const QScatterSeries*>(s)) {
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
        p.save();
        p.setClipRect(plot);
        p.setPen(s->pen());
        p.setBrush(Qt::NoBrush);
        p.drawPolyline(line);
        p.restore();
        if (s->pointsVisible()) {
            p.setPen(Qt::NoPen);
            p.setBrush(s->pen().color());
            const double r = s->markerSize() / 2;
            for (const QPointF& c : line)
                p.drawEllipse(c, r, r);
        }
    }

    // The callouts over everything.
    p.setClipping(false);
    p.setFont(labelFont());
    for (const Callout& c : m_callouts) {
        if (c.box.isEmpty())
            continue;
        p.setPen(QPen(QColor(0x90, 0x90, 0x90), 1));
        if (!c.leader.isNull())
            p.drawLine(c.leader);
        p.setBrush(QColor(255, 255, 255, 225));
        p.drawRect(c.box);
        p.setPen(kText);
        p.drawText(c.box.adjusted(kCalloutPad, kCalloutPad, -kCalloutPad, -kCalloutPad), Qt::AlignLeft | Qt::AlignTop,
                   c.text);
    }
}

void LogPlot::mouseMoveEvent(QMouseEvent* event) {
    const QPointF at = event->position();
    QXYSeries* hit = nullptr;
    QPointF value;
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

void LogPlot::leaveEvent(QEvent* event) {
    if (m_hovered)
        emit hovered(m_hovered, QPointF(), false);
    m_hovered = nullptr;
    QWidget::leaveEvent(event);
}

} // namespace tl::ui
