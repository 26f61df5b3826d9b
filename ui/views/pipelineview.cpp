#include "ui/views/pipelineview.h"

#include <stdexcept>

namespace tl::ui {

PipelineView::PipelineView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("pipelineView"));
}

void PipelineView::setSpec(const tl::engine::PipelineSpec& spec) {
    m_spec = spec;
    try {
        m_timeline = tl::engine::simulate(spec);
        m_error.clear();
    } catch (const std::invalid_argument& e) {
        m_timeline = {};
        m_error = QString::fromUtf8(e.what());
    }
    update();
}

void PipelineView::setComparisonSchedule(std::optional<tl::engine::Schedule> other) {
    (void)other;
    update();
}

} // namespace tl::ui
