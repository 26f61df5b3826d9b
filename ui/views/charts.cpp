#include "ui/views/charts.h"

#include <QCoreApplication>
#include <QEvent>
#include <QGraphicsObject>
#include <QGraphicsScene>
#include <QPainter>
#include <QPen>
#include <QPointer>
#include <QValueAxis>
#include <QVarLengthArray>

#include <algorithm>
#include <cmath>
#include <vector>

namespace tl::ui {

QChart* makeChart(const QString& title, QMargins margins) {
    auto* chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setTitle(title);
    chart->setMargins(margins);
    return chart;
}

QLogValueAxis* logGpuAxis(const QString& title) {
    auto* axis = new QLogValueAxis;
    axis->setBase(2);
    axis->setLabelFormat(QStringLiteral("%g"));
    axis->setTitleText(title);
    axis->setMinorTickCount(0);
    return axis;
}

QLogValueAxis* logDaysAxis(const QString& title) {
    auto* axis = new QLogValueAxis;
    axis->setBase(10);
    axis->setLabelFormat(QStringLiteral("%g"));
    axis->setTitleText(title);
    axis->setMinorTickCount(8);
    QPen minor = axis->minorGridLinePen();
    minor.setColor(QColor(0xe4, 0xe4, 0xe4));
    axis->setMinorGridLinePen(minor);
    return axis;
}

void attachSeries(QChart* chart, QAbstractSeries* series, QAbstractAxis* x, QAbstractAxis* y) {
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
}

void attachSeries(QChart* chart, std::initializer_list<QAbstractSeries*> series, QAbstractAxis* x, QAbstractAxis* y) {
    for (QAbstractSeries* s : series)
        attachSeries(chart, s, x, y);
}

namespace {

// Tick and axis lines with a zero-width (cosmetic, one pixel) pen: it looks the same as width 1, but the raster
// engine draws it with its line stroker instead of filling a stroked outline, and the scene finds its bounding box
// without stroking it (callgrind over ui_latency_bench: 8.6% of all instructions went to the line items' bounding
// boxes at width 1).
void useCosmeticAxisPens(QChart* chart) {
    for (QAbstractAxis* axis : chart->axes()) {
        QPen pen = axis->linePen();
        pen.setWidth(0);
        axis->setLinePen(pen);
    }
}

// Grid lines are horizontal and vertical: antialiasing only blurs them, and it is what made them half the cost of
// painting a chart (callgrind over ui_latency_bench: 53,000 instructions per antialiased grid line, 17% of every
// frame, for the ~90 lines of the days chart). This item draws the grid of the chart's log and value axes without
// it, in place of Qt Charts' own grid lines (hidden), and below the series.
class AliasedGrid : public QGraphicsObject {
public:
    explicit AliasedGrid(QChart* chart) : QGraphicsObject(chart), m_chart(chart) {
        setZValue(2.5); // Qt Charts' grid level: above the plot's background, below the axes and the series
        for (QAbstractAxis* axis : chart->axes()) {
            auto* log = qobject_cast<QLogValueAxis*>(axis);
            auto* value = qobject_cast<QValueAxis*>(axis);
            if (!log && !value)
                continue; // category axes keep Qt's grid
            m_axes.push_back({axis, axis->isGridLineVisible(), axis->isMinorGridLineVisible()});
            axis->setGridLineVisible(false);
            axis->setMinorGridLineVisible(false);
            const auto repaint = [this] { update(); };
            if (log) {
                connect(log, &QLogValueAxis::rangeChanged, this, repaint);
                connect(log, &QLogValueAxis::baseChanged, this, repaint);
                connect(log, &QLogValueAxis::minorTickCountChanged, this, repaint);
            } else {
                connect(value, &QValueAxis::rangeChanged, this, repaint);
                connect(value, &QValueAxis::tickCountChanged, this, repaint);
                connect(value, &QValueAxis::tickIntervalChanged, this, repaint);
                connect(value, &QValueAxis::tickAnchorChanged, this, repaint);
                connect(value, &QValueAxis::tickTypeChanged, this, repaint);
                connect(value, &QValueAxis::minorTickCountChanged, this, repaint);
            }
        }
        connect(chart, &QChart::plotAreaChanged, this, [this] {
            prepareGeometryChange();
            update();
        });
    }
    QRectF boundingRect() const override { return m_chart->plotArea(); }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*) override {
        const QRectF plot = m_chart->plotArea();
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing, false);
        painter->setClipRect(plot);
        for (const Axis& a : m_axes) {
            if (!a.axis || !a.axis->isVisible() || !m_chart->axes().contains(a.axis.data()))
                continue;
            const bool vertical = a.axis->orientation() == Qt::Horizontal; // an x axis draws vertical lines
            std::vector<double> major, minor;
            gridValues(a.axis.data(), major, minor);
            const auto draw = [&](const std::vector<double>& values, QPen pen) {
                pen.setWidth(0);
                painter->setPen(pen);
                QVarLengthArray<QLineF, 64> lines;
                for (double v : values) {
                    const double t = position(a.axis.data(), v);
                    if (!(t >= -1e-9 && t <= 1 + 1e-9))
                        continue;
                    if (vertical) {
                        const double x = plot.left() + t * plot.width();
                        lines.append(QLineF(x, plot.top(), x, plot.bottom()));
                    } else {
                        const double y = plot.bottom() - t * plot.height();
                        lines.append(QLineF(plot.left(), y, plot.right(), y));
                    }
                }
                painter->drawLines(lines.constData(), int(lines.size()));
            };
            if (a.minor)
                draw(minor, a.axis->minorGridLinePen());
            if (a.major)
                draw(major, a.axis->gridLinePen());
        }
        painter->restore();
    }

private:
    struct Axis {
        QPointer<QAbstractAxis> axis;
        bool major, minor;
    };
    // Where v sits along the axis, 0 at its start and 1 at its end.
    static double position(QAbstractAxis* axis, double v) {
        double t = 0;
        if (auto* log = qobject_cast<QLogValueAxis*>(axis))
            t = std::log(v / log->min()) / std::log(log->max() / log->min());
        else if (auto* value = qobject_cast<QValueAxis*>(axis))
            t = (v - value->min()) / (value->max() - value->min());
        return axis->isReverse() ? 1 - t : t;
    }
    // The values of the major and minor grid lines, as Qt Charts places its ticks: powers of the base on a log axis
    // (minor ones evenly between two powers), on a value axis tickCount evenly spread or every tickInterval from the
    // anchor, with minorTickCount evenly between two major ones.
    static void gridValues(QAbstractAxis* axis, std::vector<double>& major, std::vector<double>& minor) {
        if (auto* log = qobject_cast<QLogValueAxis*>(axis)) {
            const double base = log->base(), lo = log->min(), hi = log->max();
            if (!(base > 1 && lo > 0 && hi > lo))
                return;
            const int count = log->minorTickCount() < 0 ? std::max(0, int(base) - 2) : log->minorTickCount();
            const double first = std::floor(std::log(lo) / std::log(base) + 1e-9);
            for (double k = first, v = std::pow(base, first); v <= hi * (1 + 1e-9) && k < first + 200; ++k, v *= base) {
                if (v >= lo * (1 - 1e-9))
                    major.push_back(v);
                for (int j = 1; j <= count; ++j)
                    minor.push_back(v * (1 + j * (base - 1) / (count + 1)));
            }
            return;
        }
        auto* value = qobject_cast<QValueAxis*>(axis);
        const double lo = value->min(), hi = value->max();
        if (!(hi > lo))
            return;
        if (value->tickType() == QValueAxis::TicksDynamic) {
            const double step = value->tickInterval();
            if (!(step > 0) || (hi - lo) / step > 1000)
                return;
            for (double v = value->tickAnchor() + std::ceil((lo - value->tickAnchor()) / step - 1e-9) * step;
                 v <= hi + 1e-9 * step; v += step)
                major.push_back(v);
        } else {
            const int n = std::max(2, value->tickCount());
            for (int i = 0; i < n; ++i)
                major.push_back(lo + (hi - lo) * i / (n - 1));
        }
        const int count = value->minorTickCount();
        for (size_t i = 0; i + 1 < major.size() && count > 0; ++i)
            for (int j = 1; j <= count; ++j)
                minor.push_back(major[i] + (major[i + 1] - major[i]) * j / (count + 1));
    }

    QChart* m_chart;
    std::vector<Axis> m_axes;
};

} // namespace

QChartView* makeChartView(QChart* chart, const QString& objectName, QSize minimum, QWidget* parent, bool fullRepaint) {
    useCosmeticAxisPens(chart);
    new AliasedGrid(chart);
    auto* view = new QChartView(chart, parent);
    view->setObjectName(objectName);
    view->setRenderHint(QPainter::Antialiasing);
    if (fullRepaint)
        view->setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    view->setMinimumSize(minimum);
    // A scene nobody listens to repaints the whole window at once each time it has processed its changes (once per
    // chart per slider step); with a receiver of changed() it asks the view for an update, and the window paints
    // every chart and widget of a step once, from the event loop (ui_latency_bench: 3 window paints per step -> 1).
    QObject::connect(view->scene(), &QGraphicsScene::changed, view, [] {});
    return view;
}

void setChartDragging(QChartView* view, bool dragging) {
    if (view->renderHints().testFlag(QPainter::Antialiasing) != dragging)
        return;
    view->setRenderHint(QPainter::Antialiasing, !dragging);
    view->viewport()->update();
}

void flushChart(QChartView* view) {
    QCoreApplication::sendPostedEvents(view->chart(), QEvent::LayoutRequest);
    QCoreApplication::sendPostedEvents(view->scene(), QEvent::MetaCall);
}

} // namespace tl::ui
