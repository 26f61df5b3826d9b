#include "ui/labs/zerogridview.h"

#include "engine/units.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace tl::ui::labs {

namespace {
QString gb(double bytes) {
    return QString::fromStdString(engine::formatGB(bytes, bytes < 10e9 ? 2 : 1));
}
} // namespace

ZeroGridView::ZeroGridView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("zeroGridView"));
    m_stage = new QComboBox;
    m_stage->setObjectName(QStringLiteral("zeroStageCombo"));
    for (int z = 0; z < 4; ++z)
        m_stage->addItem(QString());
    m_stageLabel = new QLabel;
    m_stageLabel->setBuddy(m_stage);
    m_caption = new QLabel;
    m_caption->setObjectName(QStringLiteral("zeroCaption"));
    m_caption->setWordWrap(true);
    m_table = new QTableWidget;
    m_table->setObjectName(QStringLiteral("zeroTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(true);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    QFont f = m_table->font();
    f.setPointSizeF(f.pointSizeF() * 1.15);
    m_table->setFont(f);

    auto* top = new QHBoxLayout;
    top->addWidget(m_stageLabel);
    top->addWidget(m_stage);
    top->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_caption);
    layout->addWidget(m_table, 1);
    connect(m_stage, &QComboBox::currentIndexChanged, this, &ZeroGridView::fill);
    retranslate();
}

void ZeroGridView::retranslate() {
    m_stage->setItemText(0, tr("ZeRO 0: every rank holds everything"));
    m_stage->setItemText(1, tr("ZeRO 1: optimizer state and master copy sharded"));
    m_stage->setItemText(2, tr("ZeRO 2: gradients sharded too"));
    m_stage->setItemText(3, tr("ZeRO 3: weights sharded too (FSDP full shard)"));
    m_stage->setToolTip(tr("The ZeRO stage to show; it starts at the scenario's parallel.zero"));
    m_stageLabel->setText(tr("&Stage"));
}

void ZeroGridView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        if (isVisible()) // the table's texts; hidden, it fills when shown
            fill();
        else
            m_stale = true;
    }
    QWidget::changeEvent(event);
}

void ZeroGridView::setScenario(const engine::Scenario& s, const std::array<engine::Ledger, 4>& zeroLedgers) {
    m_grids = engine::labs::zeroGrids(s, zeroLedgers);
    if (s.parallel.zero != m_scenarioStage) { // follow the scenario's stage when it changes, else keep the user's
        m_scenarioStage = s.parallel.zero;
        const QSignalBlocker block(m_stage);
        m_stage->setCurrentIndex(s.parallel.zero);
    }
    if (isVisible())
        fill();
    else
        m_stale = true;
}

void ZeroGridView::showEvent(QShowEvent* event) {
    if (m_stale) {
        m_stale = false;
        fill();
    }
    QWidget::showEvent(event);
}

void ZeroGridView::fill() {
    const engine::labs::ZeroGrid& g = m_grids[std::size_t(std::clamp(m_stage->currentIndex(), 0, 3))];
    const int shown = std::min(g.ranks, kShownRanks);
    const bool elided = g.ranks > kShownRanks;
    const int columns = shown + (elided ? 2 : 0);
    m_table->clear();
    m_table->setRowCount(5);
    m_table->setColumnCount(columns);
    QStringList headers;
    for (int r = 0; r < shown; ++r)
        headers << tr("Rank %1").arg(r);
    if (elided)
        headers << QStringLiteral("\u2026") << tr("Rank %1").arg(g.ranks - 1);
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setVerticalHeaderLabels(
        {tr("Weights"), tr("Gradients"), tr("Master copy (FP32)"), tr("Optimizer state"), tr("State per rank")});
    const QColor sharded(0xcf, 0xe2, 0xf3), replicated(0xe8, 0xe8, 0xe8), host(0xfc, 0xe5, 0xcd);
    for (int row = 0; row < 4; ++row) {
        const engine::labs::ZeroRow& z = g.rows[std::size_t(row)];
        for (int c = 0; c < columns; ++c) {
            const int rank = c < shown ? c : (c == shown ? -1 : g.ranks - 1);
            QString text;
            QColor colour = z.shards > 1 ? sharded : replicated;
            if (rank < 0) {
                text = QStringLiteral("\u2026");
            } else if (z.hostBytesPerRank > 0) {
                text = tr("On host: %1\n%2")
                           .arg(z.shards > 1 ? tr("shard %1/%2").arg(rank + 1).arg(z.shards) : tr("full copy"))
                           .arg(gb(z.hostBytesPerRank));
                colour = host;
            } else if (z.bytesPerRank == 0) {
                text = tr("none");
                colour = QColor(Qt::white);
            } else {
                text = (z.shards > 1 ? tr("shard %1/%2").arg(rank + 1).arg(z.shards) : tr("full copy")) +
                       QLatin1Char('\n') + gb(z.bytesPerRank);
            }
            auto* item = new QTableWidgetItem(text);
            item->setTextAlignment(Qt::AlignCenter);
            item->setBackground(colour);
            item->setForeground(QColor(Qt::black));
            m_table->setItem(row, c, item);
        }
    }
    for (int c = 0; c < columns; ++c) {
        auto* item = new QTableWidgetItem(c == shown && elided ? QStringLiteral("\u2026") : gb(g.statePerRank()));
        item->setTextAlignment(Qt::AlignCenter);
        QFont bold = m_table->font();
        bold.setBold(true);
        item->setFont(bold);
        m_table->setItem(4, c, item);
    }
    m_caption->setText(
        tr("%1 ranks share each data-parallel group (dp %2 \u00d7 cp %3); there are %4 such groups (tp \u00d7 pp), "
           "each sharding its own slice of the model. Bytes per rank are the memory view's bars at this stage "
           "(pipeline stage %5, the most loaded): GB = 10\u2079 bytes.")
            .arg(g.ranks)
            .arg(g.dp)
            .arg(g.cp)
            .arg(g.modelParallel)
            .arg(g.memoryStage));
}

} // namespace tl::ui::labs
