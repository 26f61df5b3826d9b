#pragma once
// What every view of the window is: a widget with one setter, setEvaluation(), fed the engine's Evaluation of the
// valid scenario. Display preferences and the edit's errors are optional extras a view may take.

#include "engine/evaluate.h"
#include "engine/ledger.h"

#include <vector>

namespace tl::ui {

class EvaluationView {
public:
    virtual ~EvaluationView() = default;
    virtual void setEvaluation(const engine::Evaluation& evaluation) = 0;
    virtual void setBinaryUnits(bool /*gib*/) {}
    // While a slider is dragged, charts may draw faster and rougher; releasing it redraws smoothly.
    virtual void setDragging(bool /*down*/) {}
    // The errors of the last edit (the evaluation then still describes the last valid scenario).
    virtual void setErrors(const std::vector<engine::Diagnostic>& /*errors*/) {}
};

} // namespace tl::ui
