#pragma once
// The days chart's "Best layout" curve, searched: per GPU count of the curve, the fastest layout the planner finds on
// exactly that many GPUs (engine::bestLayoutCurve), off the UI thread in a BackgroundJob. Results are kept per
// problem (everything but the layout), so an edit of the layout searches only the counts it adds; an edit starts the
// search once the edits pause and supersedes the running one. Tests inject a search they complete on command.

#include "engine/evaluate.h"
#include "engine/layoutplanner.h"

#include <QObject>

#include <functional>
#include <map>
#include <optional>
#include <vector>

namespace tl::ui {

class BackgroundJob;

class BestLayoutSearch : public QObject {
    Q_OBJECT
public:
    static constexpr int kPauseMs = 80; // edits closer than this start one search

    using Search = std::function<engine::CurveResult(const engine::Scenario&, const std::vector<engine::CountRequest>&,
                                                     const engine::PlanRequest&)>;

    explicit BestLayoutSearch(QObject* parent = nullptr);
    void setSearch(Search search) { m_search = std::move(search); } // engine::bestLayoutCurve unless a test says
    BackgroundJob* job() const { return m_job; }

    // The curve of a derived-mode scenario is wanted: what is kept is there at once (changed()), the counts it lacks
    // are searched once the edits pause.
    void want(const engine::Scenario& scenario, const std::vector<engine::ScalePoint>& curve);
    // Nothing is wanted (the box is off, fixed mode, no valid plan): a running search stops without a word.
    void stop();
    // The user's Cancel: the search stops and says so (finished(true)); the next want() of new counts starts again.
    void cancel();
    // Starts a pending search now and blocks until its results are kept (exports, screenshots).
    void wait();

    bool isSearching() const;
    bool cancelled() const { return m_cancelled; } // Cancel stopped the search of the wanted curve
    bool complete() const;                         // every searched count of the wanted curve has a kept result
    // Per point of the wanted curve: whether its count is searched (only dp varying is a layout there), and the kept
    // result (found or not) when there is one.
    bool searched(size_t point) const { return point < m_searched.size() && m_searched[point]; }
    const engine::CountBest* result(size_t point) const;

    // Takes another search's kept results (the window's, for a fresh view that draws the same chart).
    void copyResults(const BestLayoutSearch& other);

signals:
    void changed();                // the kept results or the search's state changed: redraw
    void finished(bool cancelled); // a search ended (its results kept, or cancelled by Cancel)

private:
    void start();

    Search m_search;
    BackgroundJob* m_job;
    engine::Scenario m_scenario;                                     // of the wanted curve
    std::vector<engine::ScalePoint> m_curve;                         // the wanted curve
    std::vector<bool> m_searched;                                    // per point of it
    std::optional<engine::LayoutProblem> m_problem;                  // of the kept results (engine::layoutProblem)
    std::map<std::pair<long long, int>, engine::CountBest> m_points; // per (GPUs, global batch)
    bool m_cancelled = false;
};

} // namespace tl::ui
