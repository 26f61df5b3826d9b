#pragma once
// What every view of the window is: a widget with one setter, setEvaluation(), fed the engine's Evaluation of the
// valid scenario. Display preferences, the edit's errors, presentation mode and Explain are optional extras a view may
// take; the window hands them to every registered view alike (ui/views/registry.h), never by concrete type.

#include "engine/evaluate.h"
#include "engine/ledger.h"

#include <QString>

#include <functional>
#include <utility>
#include <vector>

class QWidget;

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
    // Presentation mode: the parts a projector has no room for (plan lines, captions, toggles) give way; the large
    // type and the palette come from the window.
    virtual void setPresenting(bool /*on*/) {}
    // The ledger key that Explain This Number (Ctrl+E) answers for while this view is in front (its selected row).
    virtual QString currentKey() const { return {}; }
    // Show what the window's view of the same kind shows (an export draws a fresh view as the window has it).
    virtual void showLike(const QWidget& /*windowView*/) {}

    // What a view asks of the window it sits in; a view drawn alone (exports, screenshots) has no window.
    struct Host {
        std::function<void(const QString& key)> explain; // Explain on one of its figures
        std::function<void(bool gib)> setBinaryUnits;    // its own GB / GiB switch, for the whole window
    };
    void setHost(Host host) { m_host = std::move(host); }

protected:
    void explain(const QString& key) const {
        if (m_host.explain)
            m_host.explain(key);
    }
    void askBinaryUnits(bool gib) const {
        if (m_host.setBinaryUnits)
            m_host.setBinaryUnits(gib);
    }

private:
    Host m_host;
};

} // namespace tl::ui
