#pragma once
// Days to train against the number of GPUs (engine::scaleCurve: only dp varies), on log-log axes from the
// model-parallel size up to 16,384 GPUs or more. The deadline and the deadline less reserve are horizontal lines;
// GPU counts whose memory does not fit are a red dashed line; this plan and the fewest GPUs for each gate are
// marked and labelled. Dollars are in the labels and the hover text. Updates replace series data in place.
//
// "Best layout" (a check box, off by default: the search takes seconds for large models) adds a second curve: per
// GPU count of the first, the fastest layout the planner finds on exactly that many GPUs (engine::bestLayoutCurve),
// in derived mode only (at a fixed MFU every layout on a count takes the same days). The search (BestLayoutSearch)
// runs off the UI thread; an edit supersedes it; after a moment a progress bar and Cancel appear. The callouts are
// placed by placeCallouts() (calloutplacer.h).

#include "engine/evaluate.h"
#include "engine/layoutplanner.h"
#include "engine/ledger.h"
#include "ui/views/view.h"

#include <QString>
#include <QWidget>

#include <optional>
#include <vector>

class QCheckBox;
class QContextMenuEvent;
class QLabel;
class QLineSeries;
class QProgressBar;
class QPushButton;
class QScatterSeries;

namespace tl::ui {

class BestLayoutSearch;
class JobProgress;
class Plot;
class TextLine;

class TimeView : public QWidget, public EvaluationView {
    Q_OBJECT
public:
    explicit TimeView(QWidget* parent = nullptr); // objectName "timeView"
    ~TimeView() override;

    // The ledger, the days curve (Evaluation::curve, with its note when it goes beyond the replica limit) and the
    // scenario's deadline and reserve.
    void setEvaluation(const engine::Evaluation& evaluation) override;

    // While a slider is dragged the chart draws without antialiasing (a frame in about half the time); releasing
    // it redraws smoothly.
    void setDragging(bool dragging) override;
    void setPresenting(bool on) override;
    void showLike(const QWidget& windowView) override; // the best-layout curve when the window's view draws it

    // The "Best layout" check box (the main window remembers it in QSettings).
    void setBestLayoutShown(bool shown);
    bool bestLayoutShown() const;
    bool isSearching() const;
    void cancelSearch();
    // Blocks until the best-layout curve for the current evaluation is drawn (exports, screenshots, tests).
    void waitForBestLayouts();
    // Per point of the days curve, its best layout when the curve is drawn and that count has one.
    const std::vector<std::optional<engine::CountBest>>& bestLayouts() const { return m_bestShown; }

    // For tests.
    QLineSeries* fitSeries() const { return m_fit; }
    QLineSeries* noFitSeries() const { return m_noFit; }
    QLineSeries* effectiveSeries() const { return m_effective; } // days with checkpoints, lost work and restarts
    QLineSeries* deadlineSeries() const { return m_deadline; }
    QLineSeries* windowSeries() const { return m_window; }
    QScatterSeries* currentSeries() const { return m_current; }
    QScatterSeries* gateSeries() const { return m_gates; }
    QLineSeries* bestSeries() const { return m_best; }
    QCheckBox* bestLayoutBox() const { return m_bestBox; }
    QProgressBar* bestProgress() const;
    QPushButton* bestCancelButton() const;
    BestLayoutSearch* bestLayoutSearch() const { return m_search; }
    QString bestHoverText(double gpus) const;
    Plot* plot() const { return m_plot; }
    QStringList calloutTexts() const;   // the labels shown, one line per fact (a box may break them after the colon)
    QList<QRectF> calloutRects() const; // visible callout boxes, in the plot widget's coordinates
    QList<QRectF> calloutTextRects() const; // their texts' rects, in the plot widget's coordinates
    QList<QRectF> markerRects() const;      // this plan's dot and the gate squares, in the plot widget's coordinates
    QRectF plotRect() const;                // the plot area, in the plot widget's coordinates
    TextLine* captionLabel() const { return m_caption; }
    QString hoverText(double gpus) const;
    QString effectiveHoverText(double gpus) const; // the effective-days line's tooltip at the nearest point

signals:
    void bestLayoutsFinished(bool cancelled); // a search ended (drawn, or cancelled by Cancel)

protected:
    void contextMenuEvent(QContextMenuEvent* event) override; // Explain, the callout under the mouse first
    bool eventFilter(QObject* watched, QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    struct Callout {
        QString label;     // one line per fact; empty: not used
        QPointF at;        // data coordinates
        bool above = true; // preferably right and above the point, else left and below
    };
    void retranslate();    // the texts set once; setEvaluation() writes the others
    void layoutCallouts(); // where the labels go now (placeCallouts)
    void placeControls();  // the check box, the progress bar and Cancel over the chart's bottom corners
    void updateTitle();    // m_title, on two lines when one is too wide for the chart
    void chooseXBase();
    void updateYRange();
    void updateBest();  // draw from the kept results, or search for the counts they lack
    void showBest();    // the best-layout series, caption and legend from the kept results
    void updateTexts(); // the caption and the legend

    engine::Evaluation m_evaluation; // the last shown (redrawn in another language)
    bool m_presenting = false;
    std::vector<engine::ScalePoint> m_curve;
    bool m_costFlat = false; // engine::Evaluation::costFlat
    engine::Ledger m_ledger;
    engine::Scenario m_scenario;
    QString m_curveNote;
    QString m_title; // the chart's title on one line
    std::vector<std::optional<engine::CountBest>> m_bestShown;
    QString m_bestNote; // the caption's line about the best-layout curve
    Plot* m_plot;
    QStringList m_shownLabels; // the labels of the callouts shown
    bool m_placing = false;    // in the plot area's change handler
    QLineSeries* m_fit;
    QLineSeries* m_effective;
    QLineSeries* m_noFit;
    QLineSeries* m_deadline;
    QLineSeries* m_window;
    QScatterSeries* m_gates;
    QScatterSeries* m_current;
    std::vector<Callout> m_callouts;
    TextLine* m_caption;
    QLabel* m_legend;

    QLineSeries* m_best;
    QCheckBox* m_bestBox;
    BestLayoutSearch* m_search;
    JobProgress* m_bestProgress;
};

} // namespace tl::ui
