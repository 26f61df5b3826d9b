#include "ui/views/verdictbanner.h"

#include "engine/ledgerfields.h"
#include "engine/units.h"

#include <QHBoxLayout>
#include <QLabel>
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

QFrame* card(QLabel*& head, QLabel*& detail, const QString& name) {
    auto* frame = new QFrame;
    frame->setObjectName(name);
    frame->setFrameShape(QFrame::StyledPanel);
    frame->setAutoFillBackground(true);
    auto* layout = new QVBoxLayout(frame);
    layout->setContentsMargins(12, 8, 12, 8);
    head = new QLabel;
    head->setObjectName(name + QStringLiteral("Head"));
    QFont f = head->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.25);
    head->setFont(f);
    head->setWordWrap(true);
    head->setTextInteractionFlags(Qt::TextSelectableByMouse);
    detail = new QLabel;
    detail->setObjectName(name + QStringLiteral("Detail"));
    detail->setWordWrap(true);
    detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(head);
    layout->addWidget(detail);
    return frame;
}

void accent(QFrame* frame, QLabel* head, bool good) {
    const QColor c = good ? kGood : kBad;
    QPalette pal = frame->palette();
    QColor tint = c;
    tint.setAlpha(28);
    // Blend the tint over the window colour so the card stays readable in dark themes too.
    const QColor base = pal.color(QPalette::Window);
    const double a = tint.alphaF();
    pal.setColor(QPalette::Window,
                 QColor::fromRgbF(base.redF() * (1 - a) + c.redF() * a, base.greenF() * (1 - a) + c.greenF() * a,
                                  base.blueF() * (1 - a) + c.blueF() * a));
    frame->setPalette(pal);
    QPalette hp = head->palette();
    hp.setColor(QPalette::WindowText, c);
    head->setPalette(hp);
}

} // namespace

VerdictBanner::VerdictBanner(QWidget* parent) : QFrame(parent) {
    setObjectName(QStringLiteral("verdictBanner"));
    m_memoryCard = card(m_memoryHead, m_memoryDetail, QStringLiteral("memoryVerdict"));
    m_timeCard = card(m_timeHead, m_timeDetail, QStringLiteral("timeVerdict"));
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("verdictSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errors = new QLabel;
    m_errors->setObjectName(QStringLiteral("verdictErrors"));
    m_errors->setWordWrap(true);
    m_errors->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette ep = m_errors->palette();
    ep.setColor(QPalette::WindowText, kBad);
    m_errors->setPalette(ep);
    QFont ef = m_errors->font();
    ef.setBold(true);
    m_errors->setFont(ef);
    m_errors->hide();
    m_warnings = new QLabel;
    m_warnings->setObjectName(QStringLiteral("verdictWarnings"));
    m_warnings->setWordWrap(true);
    m_warnings->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette wp = m_warnings->palette();
    wp.setColor(QPalette::WindowText, QColor(0x8a, 0x5a, 0x00));
    m_warnings->setPalette(wp);

    auto* cards = new QHBoxLayout;
    cards->addWidget(m_memoryCard, 1);
    cards->addWidget(m_timeCard, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 4);
    layout->addLayout(cards);
    layout->addWidget(m_summary);
    layout->addWidget(m_errors);
    layout->addWidget(m_warnings);
    render();
}

void VerdictBanner::setLedger(const engine::Ledger& ledger, int tp, int pp, int dp, int cp) {
    m_ledger = ledger;
    m_tp = tp;
    m_pp = pp;
    m_dp = dp;
    m_cp = cp;
    render();
}

void VerdictBanner::setErrors(const std::vector<engine::Diagnostic>& errors) {
    QStringList lines;
    for (const auto& e : errors)
        lines << str(e.message);
    m_errors->setText(
        lines.isEmpty()
            ? QString()
            : tr("Not applied: %1. The figures below are the last valid plan.").arg(lines.join(QStringLiteral("; "))));
    m_errors->setVisible(!lines.isEmpty());
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
        m_memoryDetail->clear();
        m_timeDetail->clear();
        m_summary->clear();
        m_warnings->clear();
        return;
    }
    const auto& m = l.memory;
    const auto& t = l.time;
    auto bytes = [this](double b) { return str(m_gib ? engine::formatGiB(b) : engine::formatGB(b)); };

    m_memoryHead->setText(
        m.fits ? tr("Memory: %1 of %2 per GPU \u2014 fits").arg(bytes(m.total), bytes(m.capacity))
               : tr("Memory: %1 of %2 per GPU \u2014 does not fit").arg(bytes(m.total), bytes(m.capacity)));
    QString memDetail =
        t.minGpusMemory
            ? tr("Fewest GPUs that fit: %1 (only data parallelism varies; TP, PP, CP and ZeRO stay as set).")
                  .arg(count(*t.minGpusMemory))
            : tr("No number of data-parallel replicas fits: raise the ZeRO stage, TP or PP, or pick a larger GPU.");
    accent(m_memoryCard, m_memoryHead, m.fits);
    m_memoryDetail->setText(memDetail);

    const QString days = str(engine::formatLedgerValue(t.days, engine::Unit::Days));
    const QString allowed = str(engine::formatFixed(t.trainingDays, 1));
    m_timeHead->setText(t.finishes ? tr("Time: %1 of the %2 allowed \u2014 finishes").arg(days, allowed)
                                   : tr("Time: %1 of the %2 allowed \u2014 late").arg(days, allowed));
    m_timeDetail->setText(tr("The deadline less the reserve kept for checkpoints and failures. Fewest GPUs that "
                             "finish in time: %1 (%2 if the reserve is spent too).")
                              .arg(count(t.minGpusCompute), count(t.minGpusComputeFullDeadline)));
    accent(m_timeCard, m_timeHead, t.finishes);

    QString gate;
    const QString need = t.minGpusMemory ? count(std::max(*t.minGpusMemory, t.minGpusCompute)) : QString();
    if (t.bindingGate == "time")
        gate =
            tr("Time is the binding gate: at least %1 GPUs are needed to finish, more than memory asks for.").arg(need);
    else if (t.bindingGate == "memory")
        gate = t.minGpusMemory
                   ? tr("Memory is the binding gate: at least %1 GPUs are needed to fit, more than time asks for.")
                         .arg(need)
                   : tr("Memory is the binding gate: no number of replicas fits this layout.");
    else
        gate = tr("Neither gate binds: the model-parallel group alone fits and finishes.");
    const QString verdict = m.fits && t.finishes ? tr("This plan works:") : tr("This plan does not work:");
    m_summary->setText(tr("%1 %2 %3 GPUs (TP %4 \u00d7 PP %5 \u00d7 DP %6 \u00d7 CP %7), %8, %9.")
                           .arg(gate, verdict, count(t.gpus))
                           .arg(m_tp)
                           .arg(m_pp)
                           .arg(m_dp)
                           .arg(m_cp)
                           .arg(str(engine::formatLedgerValue(t.gpuHours, engine::Unit::Hours)),
                                str(engine::formatLedgerValue(l.cost.usd, engine::Unit::Usd))));

    QStringList warnings;
    for (const auto& w : l.warnings)
        warnings << str(w.message);
    m_warnings->setText(warnings.join(QLatin1Char('\n')));
    m_warnings->setVisible(!warnings.isEmpty());
}

QString VerdictBanner::text() const {
    QStringList lines = {m_memoryHead->text(), m_memoryDetail->text(), m_timeHead->text(), m_timeDetail->text(),
                         m_summary->text()};
    if (m_errors->isVisibleTo(this))
        lines << m_errors->text();
    if (!m_warnings->text().isEmpty())
        lines << m_warnings->text();
    return lines.join(QLatin1Char('\n'));
}

} // namespace tl::ui
