#include "ui/views/verdictbanner.h"

#include "ui/explain/explaindialog.h"

#include "ui/i18n/enginetext.h"
#include "ui/jobs/backgroundjob.h"
#include "ui/views/steptimeview.h"

#include "engine/fields.h"
#include "engine/ledgerfields.h"
#include "engine/published.h"
#include "engine/steptime.h"
#include "engine/units.h"
#include "ui/views/textline.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QTextLayout>
#include <QVBoxLayout>

namespace tl::ui {

namespace {

QString str(const std::string& s) {
    return QString::fromStdString(s);
}
QString count(std::int64_t n) {
    return str(engine::groupDigits(double(n)));
}

const QColor kGood(0x2e, 0x7d, 0x32);
const QColor kBad(0xc6, 0x28, 0x28);

QFrame* card(TextLine*& head, TextLine*& detail, const QString& name) {
    auto* frame = new QFrame;
    frame->setObjectName(name);
    frame->setFrameShape(QFrame::StyledPanel);
    frame->setAutoFillBackground(true);
    auto* layout = new QVBoxLayout(frame);
    layout->setContentsMargins(12, 8, 12, 8);
    head = new TextLine;
    head->setObjectName(name + QStringLiteral("Head"));
    head->setPointSizeFactor(1.25, true);
    detail = new TextLine;
    detail->setObjectName(name + QStringLiteral("Detail"));
    // Narrow cards (1280x720 with the lessons open, 150%) take a second line rather than cut the verdict (issue 28).
    head->setWrapping(true);
    detail->setWrapping(true);
    layout->addWidget(head);
    layout->addWidget(detail);
    return frame;
}

void accent(QFrame* frame, TextLine* head, bool good) {
    // A pure function of the verdict: the tint is blended over the style's window colour, never over the card's
    // current (already tinted) one, so twenty edits leave the card as one edit does.
    QPalette pal = frame->palette();
    pal.setColor(QPalette::Window,
                 VerdictBanner::cardColour(good, QApplication::palette(frame).color(QPalette::Window)));
    frame->setPalette(pal);
    head->setTextColor(good ? kGood : kBad);
}

} // namespace

VerdictBanner::VerdictBanner(QWidget* parent)
    : QFrame(parent), m_anySearch(engine::fewestGpusAnyLayout), m_anyJob(new BackgroundJob(this)) {
    setObjectName(QStringLiteral("verdictBanner"));
    m_memoryCard = card(m_memoryHead, m_memoryDetail, QStringLiteral("memoryVerdict"));
    m_timeCard = card(m_timeHead, m_timeDetail, QStringLiteral("timeVerdict"));
    m_summary = new TextLine;
    m_summary->setObjectName(QStringLiteral("verdictSummary"));
    m_plan = new TextLine;
    m_plan->setObjectName(QStringLiteral("verdictPlan"));
    // Two note lines of constant height: the engine's error (red) first, then warnings (amber). A banner whose
    // height changed with each note would resize both charts on every slider step.
    for (int i = 0; i < kNoteLines; ++i) {
        m_notes[size_t(i)] = new TextLine;
        m_notes[size_t(i)]->setObjectName(QStringLiteral("verdictNote%1").arg(i));
    }
    auto* cards = new QHBoxLayout;
    cards->addWidget(m_memoryCard, 1);
    cards->addWidget(m_timeCard, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 4);
    layout->addLayout(cards);
    layout->addWidget(m_summary);
    layout->addWidget(m_plan);
    for (TextLine* note : m_notes)
        layout->addWidget(note);
    layout->addStretch(1);
    render();
}

void VerdictBanner::setEvaluation(const engine::Evaluation& e) {
    m_ledger = e.ledger;
    m_tp = e.scenario.parallel.tp;
    m_pp = e.scenario.parallel.pp;
    m_dp = e.scenario.parallel.dp;
    m_cp = e.scenario.parallel.cp;
    m_zero = e.scenario.parallel.zero; // names the data-parallel part of the step in derived mode
    m_band = engine::bandSentence(e.ledger.validation);
    m_calibrated = engine::calibratedSentence(e.scenario, e.ledger.validation);
    auto gpusAt = [&e](std::optional<std::size_t> i) {
        return i ? std::optional<long long>(e.curve[*i].gpus) : std::nullopt;
    };
    m_finishGpus = gpusAt(e.marks.time);
    m_finishFullGpus = gpusAt(e.marks.timeFullDeadline);
    m_fitGpus = gpusAt(e.marks.memory);
    // The last count of this layout's own points (the curve may go on with a larger model-parallel step).
    m_curveEnd = 0;
    for (const engine::ScalePoint& p : e.curve)
        if (p.tp == m_tp && p.pp == m_pp && p.cp == m_cp && p.globalBatch == e.scenario.data.globalBatch)
            m_curveEnd = p.gpus;
    wantAnyLayout(e.scenario);
    m_reserve = engine::reserveSentence(e.scenario, e.ledger);
    render();
}

void VerdictBanner::wantAnyLayout(const engine::Scenario& scenario) {
    const engine::Ledger& l = m_ledger;
    const bool wanted = l.valid && l.time.derived && !m_finishGpus && l.time.minGpusCompute >= std::int64_t(1e15);
    if (!wanted) {
        m_anyJob->stop();
        return;
    }
    const engine::LayoutProblem problem = engine::layoutProblem(scenario);
    if (m_anyProblem == problem)
        return; // kept, or being searched
    m_anyProblem = problem;
    m_any.reset();
    m_anyJob->start(
        [search = m_anySearch, scenario](const JobToken& token) {
            engine::PlanRequest req;
            req.cancel = token.cancelFlag();
            req.progress = token.progressCallback();
            return search(scenario, req);
        },
        [this, problem](engine::FinishingLayout found) {
            if (found.cancelled || m_anyProblem != problem)
                return;
            m_any = std::move(found);
            render();
        },
        300);
}

void VerdictBanner::setErrors(const std::vector<engine::Diagnostic>& errors) {
    m_errors = errors;
    renderNotes();
}

void VerdictBanner::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        render();
    QFrame::changeEvent(event);
}

void VerdictBanner::setPresenting(bool on) {
    // The plan line and the notes give their room to the large type (the step's text says what matters).
    m_plan->setVisible(!on);
    for (TextLine* note : m_notes)
        note->setVisible(!on);
}

void VerdictBanner::renderNotes() {
    QStringList errors;
    for (const auto& e : m_errors)
        errors << diagnosticText(e);
    const QString errorText =
        errors.isEmpty()
            ? QString()
            : tr("Not applied: %1. The figures show the last valid plan.").arg(errors.join(QStringLiteral("; ")));
    QStringList notes;
    if (!errorText.isEmpty())
        notes << errorText;
    if (m_ledger.valid)
        for (const auto& w : m_ledger.warnings)
            notes << diagnosticText(w);
    // After the warnings, derived mode's trust in the step: the band of published runs like this one, and whether
    // the efficiency figures are calibrated (the engine's sentences; empty in fixed mode).
    const qsizetype firstInfo = notes.size();
    if (m_ledger.valid)
        for (const engine::Diagnostic& d : {m_band, m_calibrated})
            if (!d.empty())
                notes << diagnosticText(d);
    std::array<QString, kNoteLines> texts;
    std::array<bool, kNoteLines> isError{}, isInfo{};
    for (int i = 0; i < kNoteLines && i < notes.size(); ++i) {
        texts[size_t(i)] = notes[i];
        isError[size_t(i)] = i == 0 && !errorText.isEmpty();
        isInfo[size_t(i)] = i >= firstInfo;
    }
    if (notes.size() > kNoteLines) // the rest go to the tooltip of the last line
        texts[kNoteLines - 1] = notes.mid(kNoteLines - 1).join(QStringLiteral(" \u2022 "));
    // A lone note wider than its line wraps into the empty line under it (the banner's height stays); so does a
    // refusal, whose sentence is never cut (issue 28): the warnings under it then wait in the tooltip.
    QString whole;
    // (A lone warning followed by the band wraps too: the band then waits in the tooltip.)
    if ((notes.size() == 1 || firstInfo == 1 || !errorText.isEmpty()) && m_notes[0]->width() > 1) {
        QFont font = m_notes[0]->font();
        font.setBold(isError[0]);
        QTextLayout layout(notes[0], font);
        layout.beginLayout();
        QTextLine first = layout.createLine();
        first.setLineWidth(m_notes[0]->width());
        layout.endLayout();
        if (first.isValid() && first.textLength() > 0 && first.textLength() < notes[0].size()) {
            whole = notes.join(QStringLiteral("\n"));
            texts[0] = notes[0].left(first.textLength()).trimmed();
            texts[1] = notes[0].mid(first.textLength()).trimmed();
            isError[1] = isError[0];
            isInfo[1] = isInfo[0];
        }
    }
    for (int i = 0; i < kNoteLines; ++i) {
        TextLine* line = m_notes[size_t(i)];
        line->setText(texts[size_t(i)]);
        if (!whole.isEmpty())
            line->setToolTip(whole);
        const bool error = isError[size_t(i)];
        line->setTextColor(error ? kBad : isInfo[size_t(i)] ? QColor(0x1f, 0x4e, 0x79) : QColor(0x8a, 0x5a, 0x00));
        if (line->font().bold() != error) {
            // Only the weight: the size follows the window's type (presentation mode doubles it and gives it back).
            QFont bold;
            bold.setBold(error);
            line->setFont(bold);
        }
    }
}

void VerdictBanner::resizeEvent(QResizeEvent* event) {
    QFrame::resizeEvent(event);
    renderNotes();
}

void VerdictBanner::setBinaryUnits(bool gib) {
    m_gib = gib;
    render();
}

void VerdictBanner::render() {
    const engine::Ledger& l = m_ledger;
    if (!l.valid) {
        m_memoryHead->setText(tr("Memory: no valid plan yet"));
        m_timeHead->setText(tr("Time: no valid plan yet"));
        m_memoryDetail->setText(QString());
        m_timeDetail->setText(QString());
        m_summary->setText(QString());
        m_plan->setText(QString());
        renderNotes();
        return;
    }
    const auto& m = l.memory;
    const auto& t = l.time;
    auto bytes = [this](double b) { return str(m_gib ? engine::formatGiB(b) : engine::formatGB(b)); };

    // Narrow cards (1280x720, 150%) drop "per GPU" and the parenthesis rather than the verdict.
    m_memoryHead->setText(
        m.fits ? tr("Memory: %1 of %2 per GPU \u2014 fits").arg(bytes(m.total), bytes(m.capacity))
               : tr("Memory: %1 of %2 per GPU \u2014 does not fit").arg(bytes(m.total), bytes(m.capacity)),
        m.fits ? tr("Memory: %1 of %2 \u2014 fits").arg(bytes(m.total), bytes(m.capacity))
               : tr("Memory: %1 of %2 \u2014 does not fit").arg(bytes(m.total), bytes(m.capacity)));
    // Every gate count is the days chart's own point (issue 28): the chart and the verdict never disagree.
    const std::optional<std::int64_t> fit =
        m_fitGpus ? std::optional<std::int64_t>(*m_fitGpus) : t.minGpusMemory; // beyond the curve: the ledger's
    QString memDetail =
        fit ? tr("Fewest GPUs that fit: %1 (only data parallelism varies)").arg(count(*fit))
            : tr("No number of data-parallel replicas fits: raise ZeRO, TP or PP, or pick a larger GPU");
    const QString memShort = fit ? tr("Fewest GPUs that fit: %1").arg(count(*fit)) : QString();
    accent(m_memoryCard, m_memoryHead, m.fits);
    m_memoryDetail->setText(memDetail, memShort);
    m_memoryDetail->setToolTip(tr("TP, PP, CP and the ZeRO stage stay as set; only the number of data-parallel "
                                  "replicas grows until the per-GPU memory fits (time.min_gpus_memory)."));

    // The time gate's days: checkpoints, lost work and restarts counted (time.days_effective).
    const int decimals = engine::decimalsApart(t.daysEffective, t.trainingDays, 1, 3);
    const QString allowed = str(engine::formatFixed(t.trainingDays, decimals));
    const QString taken = str(engine::formatFixed(t.daysEffective, decimals));
    if (t.daysEffective < 1 && t.daysEffective > 0) {
        // A run shorter than a day in hours, with its significant digits: "0.2 hours of 55.0 days", never "0.0 of
        // 55.0 days" (issue 28).
        const double hours = t.daysEffective * 24;
        const QString h = str(hours >= 10    ? engine::formatFixed(hours, 0)
                              : hours >= 0.1 ? engine::formatFixed(hours, 1)
                                             : engine::formatGeneral(hours, 2));
        m_timeHead->setText(t.finishes ? tr("Time: %1 hours of %2 days \u2014 finishes").arg(h, allowed)
                                       : tr("Time: %1 hours of %2 days \u2014 late").arg(h, allowed));
    } else {
        m_timeHead->setText(t.finishes ? tr("Time: %1 of %2 days \u2014 finishes").arg(taken, allowed)
                                       : tr("Time: %1 of %2 days \u2014 late").arg(taken, allowed));
    }
    // Beyond the curve's last count a fixed MFU's straight line is exact; a derived curve's is not, so derived mode
    // then says that none of the counts drawn finishes.
    const bool noneDrawn = m_curveEnd > 0 && !m_finishGpus && t.derived;
    const std::int64_t finish = m_finishGpus ? *m_finishGpus : t.minGpusCompute;
    const std::int64_t finishFull = m_finishFullGpus ? *m_finishFullGpus : t.minGpusComputeFullDeadline;
    const QString fewest =
        noneDrawn
            ? (m_finishFullGpus ? tr("No GPU count up to %1 finishes before the reserve; %2 only by spending it")
                                      .arg(count(m_curveEnd), count(*m_finishFullGpus))
                                : tr("No GPU count up to %1 finishes in time with this layout").arg(count(m_curveEnd)))
            : tr("Fewest GPUs that finish: %1 (%2 using the reserve)").arg(count(finish), count(finishFull));
    // Derived mode names what the step is made of, largest parts first: the bottleneck (the step view shows it too, so
    // a narrow card keeps the fewest GPUs).
    m_timeDetail->setText(t.derived ? tr("%1. %2").arg(StepTimeView::summaryOf(t.breakdown, m_zero), fewest) : fewest,
                          t.derived ? fewest : QString());
    m_timeDetail->setToolTip(tr("Allowed: the deadline less the days kept in reserve for checkpoints and failures "
                                "(time.min_gpus_compute; time.finishes)."));
    accent(m_timeCard, m_timeHead, t.finishes);

    QString gate, gateShort;
    const auto needed = engine::gpusNeeded(fit, finish);
    const QString need = needed ? count(*needed) : QString();
    if (noneDrawn && t.minGpusCompute >= std::int64_t(1e15)) {
        // No count of this layout finishes: the planner's answer, once searched (issue 28).
        if (!m_any) {
            gate = tr("No GPU count of this layout finishes in time; searching the planner for a layout that "
                      "does…");
            gateShort = tr("None of this layout finishes; searching…");
        } else if (m_any->found) {
            const engine::Layout& a = m_any->plan.layout;
            gate = tr("No GPU count of this layout finishes in time. The planner's fastest layout on the fewest GPUs "
                      "that does: %1 GPUs (TP %2 × PP %3 × DP %4 × CP %5), %6 (the Planner tab lists "
                      "more).")
                       .arg(count(m_any->plan.gpus()))
                       .arg(a.tp)
                       .arg(a.pp)
                       .arg(a.dp)
                       .arg(a.cp)
                       .arg(valueText(m_any->plan.days, engine::Unit::Days));
            gateShort =
                tr("None of this layout finishes; the planner's on %1 GPUs does.").arg(count(m_any->plan.gpus()));
        } else {
            gate = tr("No GPU count of this layout finishes in time, nor does any layout the planner finds on %1 to %2 "
                      "GPUs.")
                       .arg(count(m_any->fromGpus), count(m_any->toGpus));
            gateShort = tr("No layout finishes on up to %1 GPUs.").arg(count(m_any->toGpus));
        }
    } else if (t.bindingGate == engine::Gate::Time) {
        gate = tr("Time is the binding gate: at least %1 GPUs are needed to finish; memory asks for fewer.").arg(need);
        gateShort = tr("Time binds: %1 GPUs to finish.").arg(need);
    } else if (t.bindingGate == engine::Gate::Memory) {
        gate =
            t.minGpusMemory
                ? tr("Memory is the binding gate: at least %1 GPUs are needed to fit; time asks for fewer.").arg(need)
                : tr("Memory is the binding gate: no number of replicas fits this layout.");
        gateShort = t.minGpusMemory ? tr("Memory binds: %1 GPUs to fit.").arg(need)
                                    : tr("Memory binds: no replica count fits.");
    } else {
        gate = tr("Neither gate binds: the model-parallel group alone fits and finishes.");
        gateShort = tr("Neither gate binds.");
    }
    // What the reserve covers (docs/formulas.md §13), beside the gate; a narrow banner shortens the gate's sentence.
    const QString reserve = m_reserve.empty() ? QString() : diagnosticText(m_reserve);
    if (!reserve.isEmpty()) {
        gate = tr("%1 %2").arg(gate, reserve);
        gateShort = tr("%1 %2").arg(gateShort, reserve);
    }
    const QString verdict = m.fits && t.finishes ? tr("This plan works:") : tr("This plan does not work:");
    m_summary->setText(gate, gateShort);
    m_summary->setToolTip(tr("The gate that needs more GPUs, and how many of the days kept in reserve for checkpoints "
                             "and failures this plan's faults and checkpoints use (goodput.reserve_needed_days)."));
    m_plan->setText(tr("%1 %2 GPUs (TP %3 \u00d7 PP %4 \u00d7 DP %5 \u00d7 CP %6), %7, %8.")
                        .arg(verdict, count(t.gpus))
                        .arg(m_tp)
                        .arg(m_pp)
                        .arg(m_dp)
                        .arg(m_cp)
                        .arg(valueText(t.gpuHours, engine::Unit::Hours), valueText(l.cost.usd, engine::Unit::Usd)));

    renderNotes();
}

QColor VerdictBanner::cardColour(bool good, const QColor& window) {
    const QColor c = good ? kGood : kBad;
    constexpr double a = 28.0 / 255.0; // a light tint keeps the headline readable, in dark themes too
    return QColor::fromRgbF(window.redF() * (1 - a) + c.redF() * a, window.greenF() * (1 - a) + c.greenF() * a,
                            window.blueF() * (1 - a) + c.blueF() * a);
}

QString VerdictBanner::text() const {
    QStringList lines = {m_memoryHead->text(), m_memoryDetail->text(), m_timeHead->text(),
                         m_timeDetail->text(), m_summary->text(),      m_plan->text()};
    for (const TextLine* note : m_notes)
        if (!note->text().isEmpty())
            lines << note->text();
    return lines.join(QLatin1Char('\n'));
}

void VerdictBanner::contextMenuEvent(QContextMenuEvent* event) {
    // The card under the mouse first: its figures, then the plan's.
    QStringList keys;
    const QWidget* at = childAt(event->pos());
    auto inside = [at](const QWidget* card) { return at && (at == card || card->isAncestorOf(at)); };
    if (inside(m_memoryCard))
        keys << QStringLiteral("memory.total") << QStringLiteral("memory.capacity") << QStringLiteral("memory.fits")
             << QStringLiteral("time.min_gpus_memory");
    else if (inside(m_timeCard))
        keys << QStringLiteral("time.days_effective") << QStringLiteral("time.days") << QStringLiteral("time.finishes")
             << QStringLiteral("time.min_gpus_compute") << QStringLiteral("time.training_days")
             << QStringLiteral("goodput.reserve_needed_days");
    keys << QStringLiteral("time.binding_gate") << QStringLiteral("time.gpus") << QStringLiteral("time.gpu_hours")
         << QStringLiteral("cost.usd");
    const QString key = execExplainMenu(this, keys, event->globalPos());
    if (!key.isEmpty())
        explain(key);
}

} // namespace tl::ui
