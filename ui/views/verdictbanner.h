#pragma once
// The two gates of seed 000 in words a manager understands: does the plan fit in memory, does it finish in time,
// the fewest GPUs for each, which one binds and what the plan costs. Green when a gate passes, red when it fails.

#include "engine/ledger.h"
#include "ui/views/view.h"

#include <QColor>
#include <QFrame>
#include <QString>

#include <array>
#include <optional>
#include <vector>

class QContextMenuEvent;
class QLabel;

namespace tl::ui {

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
    long long m_curveEnd = 0;     // 0: no curve
    engine::Diagnostic m_reserve; // what the schedule's reserve covers (engine::reserveSentence)
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
};

} // namespace tl::ui
