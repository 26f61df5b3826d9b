#include "ui/views/charts.h"

#include "ui/views/plot.h"

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
            const Plot::Axis grid = gridAxis(a.axis.data());
            std::vector<double> major, minor;
            grid.ticks(major, minor);
            const auto draw = [&](const std::vector<double>& values, QPen pen) {
                pen.setWidth(0);
                painter->setPen(pen);
                QVarLengthArray<QLineF, 64> lines;
                for (double v : values) {
                    const double t = a.axis->isReverse() ? 1 - grid.fraction(v) : grid.fraction(v);
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
    // The axis's grid as Qt Charts places its ticks: powers of the base on a log axis (minor ones evenly between
    // two, by the base when the count is automatic), on a value axis every tickInterval from the anchor, or
    // tickCount evenly spread, with minorTickCount evenly between two major ones.
    static Plot::Axis gridAxis(QAbstractAxis* axis) {
        Plot::Axis a;
        if (auto* log = qobject_cast<QLogValueAxis*>(axis)) {
            a.min = log->min();
            a.max = log->max();
            a.base = log->base();
            a.minorTicks = log->minorTickCount() < 0 ? std::max(0, int(a.base) - 2) : log->minorTickCount();
            return a;
        }
        auto* value = qobject_cast<QValueAxis*>(axis);
        a.scale = Plot::Axis::Scale::Linear;
        a.min = value->min();
        a.max = value->max();
        a.minorTicks = std::max(0, value->minorTickCount());
        if (value->tickType() == QValueAxis::TicksDynamic) {
            a.interval = value->tickInterval();
            a.anchor = value->tickAnchor();
        } else {
            a.interval = (a.max - a.min) / std::max(1, value->tickCount() - 1);
            a.anchor = a.min;
        }
        return a;
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

} // namespace tl::ui
