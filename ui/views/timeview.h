#pragma once
// Days to train against the number of GPUs (engine::scaleCurve: only dp varies), on log-log axes from the
// model-parallel size up to 16,384 GPUs or more. The deadline and the deadline less reserve are horizontal lines;
// GPU counts whose memory does not fit are a red dashed line; this plan and the fewest GPUs for each gate are
// marked and labelled. Dollars are in the labels and the hover text. Updates replace series data in place.

#include "engine/evaluate.h"
#include "engine/ledger.h"
#include "ui/views/view.h"

#include <QString>
#include <QWidget>

#include <vector>

class QChart;
class QContextMenuEvent;
class QLabel;
class QChartView;
class QGraphicsLineItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;

namespace tl::ui {

class TimeView : public QWidget, public EvaluationView {
    Q_OBJECT
public:
    explicit TimeView(QWidget* parent = nullptr); // objectName "timeView"

    // The ledger, the days curve (Evaluation::curve, with its note when it goes beyond the replica limit) and the
    // scenario's deadline and reserve.
    void setEvaluation(const engine::Evaluation& evaluation) override;

    // While a slider is dragged the chart draws without antialiasing (a frame in about half the time); releasing
    // it redraws smoothly.
    void setDragging(bool dragging) override;

    // For tests.
    QLineSeries* fitSeries() const { return m_fit; }
    QLineSeries* noFitSeries() const { return m_noFit; }
    QLineSeries* deadlineSeries() const { return m_deadline; }
    QLineSeries* windowSeries() const { return m_window; }
    QScatterSeries* currentSeries() const { return m_current; }
    QScatterSeries* gateSeries() const { return m_gates; }
    QChart* chart() const { return m_chart; }
    QChartView* chartView() const { return m_view; }
    QStringList calloutTexts() const;
    QList<QRectF> calloutRects() const; // visible callout boxes, in chart coordinates
    QList<QRectF> markerRects() const;  // this plan's dot and the gate squares, in chart coordinates
    QRectF plotRect() const;            // the chart's plot area, in chart coordinates
    QLabel* captionLabel() const { return m_caption; }
    QString hoverText(double gpus) const;

signals:
    void explainRequested(const QString& key); // the context menu on the curve or a callout

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    struct Callout {
        QGraphicsRectItem* box = nullptr;
        QGraphicsSimpleTextItem* text = nullptr;
        QGraphicsLineItem* leader = nullptr; // from the point to its box
        QPointF at;                          // data coordinates
        bool above = true;                   // preferably right and above the point, else left and below
    };
    void placeCallouts();
    void chooseXBase();

    std::vector<engine::ScalePoint> m_curve;
    engine::Ledger m_ledger;
    QChart* m_chart;
    QChartView* m_view;
    QLogValueAxis* m_x;
    QLogValueAxis* m_y;
    QLineSeries* m_fit;
    QLineSeries* m_noFit;
    QLineSeries* m_deadline;
    QLineSeries* m_window;
    QScatterSeries* m_gates;
    QScatterSeries* m_current;
    std::vector<Callout> m_callouts;
    QLabel* m_caption;
    QLabel* m_legend;
};

} // namespace tl::ui
