#pragma once
// One optimizer step split into its exposed parts (engine::StepBreakdown): a stacked bar of this plan's step with
// seconds and shares, and below it how the split changes along the GPU-count axis (only dp varies, the time
// view's curve), as stacked shares with this plan marked. In fixed mode the typed MFU holds every overhead, so the
// split is only compute, recompute and offload, and the caption says how to see more. Everything, text included, is
// painted directly: a new ledger repaints this widget alone and never re-lays out the window.

#include "engine/evaluate.h"
#include "engine/ledger.h"
#include "ui/views/view.h"

#include <QString>
#include <QStringList>
#include <QWidget>

#include <vector>

class QContextMenuEvent;

namespace tl::ui {

class StepTimeView : public QWidget, public EvaluationView {
    Q_OBJECT
public:
    explicit StepTimeView(QWidget* parent = nullptr); // objectName "stepTimeView"

    void setEvaluation(const engine::Evaluation& e) override;
    void setData(const engine::Ledger& ledger, const std::vector<engine::ScalePoint>& curve, int zeroStage);

    // For tests and the screenshot check.
    QString summary() const; // "step 12.3 s: 61% compute, 22% bubble, 12% gradient all-reduce"
    // engine::stepSummary in the interface language (the verdict's time card says it too).
    static QString summaryOf(const engine::StepBreakdown& b, int zeroStage);
    QStringList partRows() const; // "bubble  2.70 s  22%" for every part above zero, largest first
    QString caption() const { return m_caption; }
    // Derived mode: the band of published runs like this one (engine::bandSentence), drawn under the title; "" else.
    QString band() const { return m_band; }
    // The run's "Faults and checkpoints" part (docs/formulas.md §13): the checkpoint, its write and interval with
    // Young/Daly's formula, the interruptions and goodput in one sentence, and engine::kFaultFigures as rows.
    QString faultsText(bool brief = false) const; // brief: size, interval and goodput (a narrow view)
    QStringList faultRows() const;                // "Checkpoint write  11.5 s" for every figure, in the engine's order
    // Compact by default: under the days curve it yields height to the chart it explains.
    QSize sizeHint() const override { return {480, 150}; }
    int curvePoints() const { return int(m_points.size()); }

protected:
    void paintEvent(QPaintEvent*) override;
    void changeEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override; // Explain: the step's parts, then faults and checkpoints

private:
    struct Point {
        double gpus = 0;
        double step = 0;
        std::vector<double> shares; // per part, adding up to 1
        bool operator==(const Point&) const = default;
    };
    void addPoint(const engine::ScalePoint& point); // one stacked-share column of the curve
    void updateCaption();
    QString tooltipText() const;

    engine::Ledger m_ledger;
    int m_zero = 0;
    bool m_intervalTyped = false; // checkpoint.interval_min set: no Young/Daly formula to show
    std::vector<Point> m_points;
    QString m_caption;
    QString m_band;
};

} // namespace tl::ui
