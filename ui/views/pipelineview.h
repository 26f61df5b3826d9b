#pragma once
// The pipeline schedule diagram: one row per rank, time to the right, F/B/W blocks, idle time hatched, a legend, a
// caption with the engine's bubble figures, and play/step controls that move a time cursor (blocks after it are
// faded). Every number comes from engine::simulate(); the widget only does layout geometry. See docs/pipeline.md.

#include "engine/pipeline_sim.h"
#include "engine/pipelinelayout.h"
#include "ui/views/view.h"

#include <QString>
#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QTimer;

namespace tl::ui {

class PipelineCanvas;

class PipelineView : public QWidget, public EvaluationView {
    Q_OBJECT
public:
    explicit PipelineView(QWidget* parent = nullptr); // objectName "pipelineView"
    ~PipelineView() override;

    // The scenario's pipeline (engine::pipelineSpecFor), simulated.
    void setEvaluation(const engine::Evaluation& evaluation) override;
    // Simulates the spec (engine::simulate) and redraws; an invalid spec shows the engine's message instead.
    void setSpec(const tl::engine::PipelineSpec& spec);
    // Side-by-side mode: the same p and m under a second schedule; std::nullopt turns it off.
    void setComparisonSchedule(std::optional<tl::engine::Schedule> other);
    std::optional<tl::engine::Schedule> comparisonSchedule() const { return m_compareSchedule; }

    const tl::engine::Timeline& timeline() const { return m_main.timeline; }
    const tl::engine::Timeline* comparisonTimeline() const;
    QString caption() const;                              // the caption text currently drawn (all panels, one per line)
    QString errorMessage() const { return m_main.error; } // empty when the spec simulated
    int rowCount() const;                                 // rank rows currently drawn (both panels in comparison mode)
    bool isSummarised() const;                            // true when the last paint drew per-pixel busy/idle bands
    // pp = 1: one rank, no schedule; the view shows a message (caption()) instead of rows.
    bool isNoPipeline() const;
    double rowHeight() const; // height of one rank row in the last paint (pixels)
    QSize canvasSize() const; // the drawing area under the controls

    double cursorTime() const { return m_cursor; } // in the engine's time units; == makespan shows everything
    void setCursorTime(double t);
    bool isPlaying() const;
    void play();
    void pause();
    void step(); // moves the cursor to the next block start or end

protected:
    void changeEvent(QEvent* event) override;

private:
    friend class PipelineCanvas;
    struct Panel {
        tl::engine::Timeline timeline;
        QString error;
        tl::engine::PipelineLayout layout; // boxes, colours, caption figures (engine/pipelinelayout.h)
        QString caption;
        bool valid = false;
    };

    void simulatePanel(Panel& panel, const tl::engine::PipelineSpec& spec);
    void rebuildCaptions();
    double timeSpan() const; // the longest valid makespan (shared time axis)
    void syncSlider();
    void advance();
    void retranslate();

    tl::engine::PipelineSpec m_spec;
    std::optional<tl::engine::Schedule> m_compareSchedule;
    Panel m_main;
    Panel m_compare;
    double m_cursor = 0;
    bool m_cursorAtEnd = true;

    PipelineCanvas* m_canvas = nullptr;
    QComboBox* m_compareCombo = nullptr;
    QPushButton* m_playButton = nullptr;
    QPushButton* m_stepButton = nullptr;
    QSlider* m_timeSlider = nullptr;
    QLabel* m_timeLabel = nullptr;
    QLabel* m_compareLabel = nullptr;
    QTimer* m_timer = nullptr;
};

} // namespace tl::ui
