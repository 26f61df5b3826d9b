#include "ui/views/bestlayoutsearch.h"

#include "ui/jobs/backgroundjob.h"

namespace tl::ui {

BestLayoutSearch::BestLayoutSearch(QObject* parent)
    : QObject(parent), m_search(engine::bestLayoutCurve), m_job(new BackgroundJob(this)) {}

void BestLayoutSearch::want(const engine::Scenario& scenario, const std::vector<engine::ScalePoint>& curve) {
    const engine::LayoutProblem problem = engine::layoutProblem(scenario);
    if (m_problem != problem) {
        m_problem = problem;
        m_points.clear();
    }
    const bool same = scenario == m_scenario && curve.size() == m_curve.size() && !m_searched.empty();
    m_scenario = scenario;
    m_curve = curve;
    // The counts where "only dp varies" is itself a layout (dp splits the batch into whole micro-batches): elsewhere
    // that curve is an idealisation no layout reaches, and a best layout beside it would look slower.
    m_searched.assign(m_curve.size(), false);
    size_t k = 0;
    for (const engine::CountRequest& c : engine::curveLayoutCounts(m_scenario, m_curve)) {
        while (k < m_curve.size() && (m_curve[k].gpus != c.gpus || m_curve[k].globalBatch != c.globalBatch))
            ++k;
        if (k < m_curve.size())
            m_searched[k++] = true;
    }
    if (complete()) {
        m_job->stop(); // a search for another problem or other counts
    } else if (!(same && (m_job->isRunning() || m_cancelled))) {
        // The same curve again (a redraw) keeps its search, or its Cancel; anything else searches what it lacks.
        m_cancelled = false;
        start();
    }
    emit changed();
}

void BestLayoutSearch::start() {
    std::vector<engine::CountRequest> counts;
    for (size_t i = 0; i < m_curve.size(); ++i)
        if (m_searched[i] && !m_points.count({m_curve[i].gpus, m_curve[i].globalBatch}))
            counts.push_back({m_curve[i].gpus, m_curve[i].globalBatch});
    const engine::LayoutProblem problem = *m_problem;
    m_job->start(
        [search = m_search, scenario = m_scenario, counts](const JobToken& token) {
            engine::PlanRequest req;
            req.cancel = token.cancelFlag();
            req.progress = token.progressCallback();
            return search(scenario, counts, req);
        },
        [this, problem](engine::CurveResult r) {
            if (r.cancelled) {
                m_cancelled = true;
            } else if (m_problem == problem) {
                for (engine::CountBest& b : r.points)
                    m_points[{b.gpus, b.globalBatch}] = std::move(b);
            }
            emit changed();
            emit finished(r.cancelled);
        },
        kPauseMs);
}

void BestLayoutSearch::stop() {
    m_job->stop();
    m_curve.clear();
    m_searched.clear();
    m_cancelled = false;
}

void BestLayoutSearch::cancel() {
    m_job->cancel();
}

void BestLayoutSearch::wait() {
    m_job->wait();
}

bool BestLayoutSearch::isSearching() const {
    return m_job->isRunning();
}

bool BestLayoutSearch::complete() const {
    for (size_t i = 0; i < m_curve.size(); ++i)
        if (searched(i) && !m_points.count({m_curve[i].gpus, m_curve[i].globalBatch}))
            return false;
    return true;
}

const engine::CountBest* BestLayoutSearch::result(size_t point) const {
    if (!searched(point))
        return nullptr;
    const auto it = m_points.find({m_curve[point].gpus, m_curve[point].globalBatch});
    return it == m_points.end() ? nullptr : &it->second;
}

void BestLayoutSearch::copyResults(const BestLayoutSearch& other) {
    if (!other.m_problem)
        return;
    if (m_problem != other.m_problem) {
        m_problem = other.m_problem;
        m_points.clear();
    }
    for (const auto& [key, best] : other.m_points)
        m_points.insert({key, best});
}

} // namespace tl::ui
