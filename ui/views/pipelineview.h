#pragma once
// The pipeline schedule diagram: one row per rank, time to the right, F/B/W blocks, idle time hatched, a caption with
// the engine's bubble figures, and play/step controls that move a time cursor. See docs/pipeline.md.

#include "engine/pipeline_sim.h"

#include <QString>
#include <QWidget>

#include <optional>

namespace tl::ui {

class PipelineView : public QWidget {
    Q_OBJECT
public:
    explicit PipelineView(QWidget* parent = nullptr); // objectName "pipelineView"

    // Simulates the spec (engine::simulate) and redraws; an invalid spec shows the engine's message instead.
    void setSpec(const tl::engine::PipelineSpec& spec);
    // Side-by-side mode: the same p and m under a second schedule; std::nullopt turns it off.
    void setComparisonSchedule(std::optional<tl::engine::Schedule> other);

    const tl::engine::Timeline& timeline() const { return m_timeline; }
    QString caption() const { return m_caption; }
    QString errorMessage() const { return m_error; }

private:
    tl::engine::PipelineSpec m_spec;
    tl::engine::Timeline m_timeline;
    QString m_caption;
    QString m_error;
};

} // namespace tl::ui
