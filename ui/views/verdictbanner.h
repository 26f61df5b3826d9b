#pragma once
// The two gates of seed 000 in words a manager understands: does the plan fit in memory, does it finish in time,
// the fewest GPUs for each, which one binds and what the plan costs. Green when a gate passes, red when it fails.

#include "engine/layoutplanner.h"
#include "engine/ledger.h"
#include "ui/views/view.h"

#include <QColor>
#include <QFrame>
#include <QString>

#include <array>
#include <functional>
#include <optional>
#include <vector>

class QContextMenuEvent;
class QLabel;

namespace tl::ui {

class BackgroundJob;
class TextLine;

class VerdictBanner : public QFrame, public EvaluationView {
    Q_OBJECT
public:
    explicit VerdictBanner(QWidget* parent = nullptr); // objectName "verdictBanner"

    void setEvaluation(const engine::Evaluation& evaluation) override;
    void setErrors(const std::vector<engine::Diagnostic>& errors) override;
    void setBinaryUnits(bool gib) override;
    void setPresenting(bool on) override;

    // Everything the banner says, one line per label (tests and screen readers).
    QString text() const;
    // A card's background: the verdict's colour lightly over the style's window colour.
    static QColor cardColour(bool good, const QColor& window);
    QFrame* memoryCard() const { return m_memoryCard; }
    QFrame* timeCard() const { return m_timeCard; }

    // When no count of the plan's own layout finishes (derived mode), the banner names the planner's fastest layout
    // on the fewest GPUs that does (engine::fewestGpusAnyLayout), searched off the UI thread once the edits pause and
    // kept per problem (everything but the layout). Tests may put in another search.
    using AnyLayoutSearch = std::function<engine::FinishingLayout(const engine::Scenario&, const engine::PlanRequest&)>;
    void setAnyLayoutSearch(AnyLayoutSearch search) { m_anySearch = std::move(search); }
    BackgroundJob* anyLayoutJob() const { return m_anyJob; }

protected:
    void contextMenuEvent(QContextMenuEvent* event) override; // Explain, the card's figures first
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override; // a lone note too wide for its line goes on in the next

private:
    void render();
    void renderNotes();

    engine::Ledger m_ledger;
    int m_tp = 1, m_pp = 1, m_dp = 1, m_cp = 1, m_zero = 0;
    // The gates as the days chart draws them: the curve's first points that finish, finish spending the reserve, and
    // fit (nullopt: none up to the curve's last count).
    std::optional<long long> m_finishGpus, m_finishFullGpus, m_fitGpus;
    long long m_curveEnd = 0; // 0: no curve; else the last count of this layout's own points
    void wantAnyLayout(const engine::Scenario& scenario);
    AnyLayoutSearch m_anySearch;
    BackgroundJob* m_anyJob;
    std::optional<engine::LayoutProblem> m_anyProblem; // of the search running or kept
    std::optional<engine::FinishingLayout> m_any;      // the kept answer
    engine::Diagnostic m_reserve;                      // what the schedule's reserve covers (engine::reserveSentence)
    bool m_gib = false;
    QFrame* m_memoryCard;
    QFrame* m_timeCard;
    TextLine* m_memoryHead;
    TextLine* m_memoryDetail;
    TextLine* m_timeHead;
    TextLine* m_timeDetail;
    TextLine* m_summary; // which gate binds, and what the reserve covers
    TextLine* m_plan;    // this plan: GPUs, layout, GPU-hours, dollars
    static constexpr int kNoteLines = 2;
    std::array<TextLine*, kNoteLines> m_notes{};
    std::vector<engine::Diagnostic> m_errors; // of the last edit
    engine::Diagnostic m_band, m_calibrated;  // derived mode: published runs like this one; fitted figures
};

} // namespace tl::ui
