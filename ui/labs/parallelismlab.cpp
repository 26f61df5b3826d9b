#include "ui/labs/parallelismlab.h"

#include "engine/labs/dataparallel.h"
#include "engine/labs/tensorparallel.h"
#include "ui/labs/matrixhtml.h"
#include "ui/labs/scrollpage.h"
#include "ui/labs/zerogridview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace tl::ui::labs {
namespace el = engine::labs;

namespace {

QSpinBox* spin(int lo, int hi, int value, const QString& name) {
    auto* s = new QSpinBox;
    s->setRange(lo, hi);
    s->setValue(value);
    s->setObjectName(name);
    s->setAccelerated(true);
    return s;
}

// A large result line: green when the split is exact, red when it misses.
void setResult(QLabel* label, bool good, const QString& text) {
    label->setText((good ? QStringLiteral("\u2714 ") : QStringLiteral("\u2718 ")) + text);
    label->setStyleSheet(good ? QStringLiteral("color:#1b6e20; font-size:15pt; font-weight:600")
                              : QStringLiteral("color:#b3261e; font-size:15pt; font-weight:600"));
}

QTextBrowser* browser(const QString& name) {
    auto* t = new QTextBrowser;
    t->setObjectName(name);
    t->setOpenLinks(false);
    return t;
}

QLabel* errorLabel() {
    auto* l = new QLabel;
    l->setStyleSheet(QStringLiteral("color:#b3261e"));
    l->setWordWrap(true);
    l->hide();
    return l;
}

// Relative to the scale of the unsplit result, so "zero to rounding" reads as such.
bool exact(double difference, double scale) {
    return difference <= 1e-12 * std::max(1.0, scale);
}

} // namespace

TensorParallelPage::TensorParallelPage(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("tensorParallelPage"));
    m_block = new QComboBox;
    m_block->setObjectName(QStringLiteral("tpBlockCombo"));
    m_block->addItem(QString());
    m_block->addItem(QString());
    m_tp = spin(1, el::kMaxLabGpus, 2, QStringLiteral("tpSpin"));
    m_rows = spin(1, el::kMaxLabSize, 4, QStringLiteral("tpRowsSpin"));
    m_in = spin(1, el::kMaxLabSize, 8, QStringLiteral("tpInSpin"));
    m_hidden = spin(1, el::kMaxLabSize, 16, QStringLiteral("tpHiddenSpin"));
    m_out = spin(1, el::kMaxLabSize, 8, QStringLiteral("tpOutSpin"));
    m_heads = spin(1, el::kMaxLabSize, 4, QStringLiteral("tpHeadsSpin"));
    m_seed = spin(1, 99999, 1, QStringLiteral("tpSeedSpin"));
    m_tpLabel = new QLabel;
    m_rowsLabel = new QLabel;
    m_inLabel = new QLabel;
    m_hiddenLabel = new QLabel;
    m_outLabel = new QLabel;
    m_headsLabel = new QLabel;
    m_seedLabel = new QLabel;

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_block);
    controls->addSpacing(12);
    const std::pair<QLabel*, QSpinBox*> fields[] = {
        {m_tpLabel, m_tp},   {m_rowsLabel, m_rows},   {m_inLabel, m_in},    {m_hiddenLabel, m_hidden},
        {m_outLabel, m_out}, {m_headsLabel, m_heads}, {m_seedLabel, m_seed}};
    for (const auto& [label, box] : fields) {
        label->setBuddy(box);
        controls->addWidget(label);
        controls->addWidget(box);
    }
    controls->addStretch(1);

    m_right = new QLabel;
    m_right->setObjectName(QStringLiteral("tpRightLine"));
    m_right->setWordWrap(true); // a headline longer than the page wraps: the page never scrolls sideways
    m_wrong = new QLabel;
    m_wrong->setObjectName(QStringLiteral("tpWrongLine"));
    m_wrong->setWordWrap(true);
    m_error = errorLabel();
    m_text = browser(QStringLiteral("tpMatrices"));

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_error);
    layout->addWidget(m_right);
    layout->addWidget(m_wrong);
    layout->addWidget(m_text, 1);

    for (QSpinBox* s : {m_tp, m_rows, m_in, m_hidden, m_out, m_heads, m_seed})
        connect(s, &QSpinBox::valueChanged, this, &TensorParallelPage::recompute);
    connect(m_block, &QComboBox::currentIndexChanged, this, &TensorParallelPage::recompute);
    retranslate();
}

void TensorParallelPage::retranslate() {
    m_block->setItemText(0, tr("MLP: Y = GeLU(X A) B"));
    m_block->setItemText(1, tr("Attention: split by heads"));
    m_block->setToolTip(tr("Which transformer block to split across the virtual GPUs"));
    m_tp->setToolTip(tr("Virtual GPUs t (tensor-parallel degree)"));
    m_rows->setToolTip(tr("Rows of X: tokens in the batch"));
    m_in->setToolTip(tr("Columns of X: the model width"));
    m_hidden->setToolTip(tr("Columns of A: the MLP width"));
    m_out->setToolTip(tr("Columns of B: the output width"));
    m_heads->setToolTip(tr("Attention heads (must divide the width)"));
    m_seed->setToolTip(tr("Seed of the random matrices"));
    m_tpLabel->setText(tr("GPUs t"));
    m_inLabel->setText(tr("Width"));
    m_hiddenLabel->setText(tr("Hidden"));
    m_outLabel->setText(tr("Output"));
    m_headsLabel->setText(tr("Heads"));
    m_seedLabel->setText(tr("Seed"));
    recompute(); // the rows' label and the results
}

void TensorParallelPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void TensorParallelPage::recompute() {
    const bool mlp = m_block->currentIndex() == 0;
    m_rowsLabel->setText(mlp ? tr("X rows") : tr("Tokens"));
    for (QWidget* w : {static_cast<QWidget*>(m_hiddenLabel), static_cast<QWidget*>(m_hidden),
                       static_cast<QWidget*>(m_outLabel), static_cast<QWidget*>(m_out)})
        w->setVisible(mlp);
    m_headsLabel->setVisible(!mlp);
    m_heads->setVisible(!mlp);

    const auto showError = [this](const std::string& e) {
        m_error->setText(tr("Cannot split: %1").arg(QString::fromStdString(e)));
        m_error->show();
        m_right->clear();
        m_wrong->clear();
        m_text->clear();
    };
    const auto gpuName = [this](int g) { return tr("GPU %1").arg(g); };
    QString html;
    if (mlp) {
        el::MlpShape s;
        s.tp = m_tp->value();
        s.rows = m_rows->value();
        s.in = m_in->value();
        s.hidden = m_hidden->value();
        s.out = m_out->value();
        s.seed = std::uint64_t(m_seed->value());
        if (auto e = el::validateMlp(s))
            return showError(*e);
        m_error->hide();
        const el::MlpSplit m = el::splitMlp(s);
        std::vector<int> ownerOfHidden(std::size_t(s.hidden)), ownerOfIn(std::size_t(s.in));
        for (int g = 0; g < s.tp; ++g) {
            for (int c = 0; c < m.shards[std::size_t(g)].size; ++c)
                ownerOfHidden[std::size_t(m.shards[std::size_t(g)].begin + c)] = g;
            for (int c = 0; c < m.wrong[std::size_t(g)].size; ++c)
                ownerOfIn[std::size_t(m.wrong[std::size_t(g)].begin + c)] = g;
        }
        setResult(m_right, exact(m.maxAbsDifference, m.fullMaxAbs),
                  tr("A by columns, B by rows, one all-reduce: max |Y_split \u2212 Y| = %1 (zero to rounding)")
                      .arg(differenceText(m.maxAbsDifference)));
        if (s.tp == 1)
            setResult(m_wrong, true, tr("With t = 1 there is nothing to split: raise t to see the wrong split."));
        else
            setResult(m_wrong, false,
                      tr("A by rows instead: GeLU of a partial sum is not a partial sum of GeLUs, so the result "
                         "misses by %1 (the largest |Y| is %2). That is why Megatron splits A by columns.")
                          .arg(differenceText(m.wrongMaxAbsDifference), differenceText(m.fullMaxAbs)));

        html += tr("<h3>The block on one GPU</h3>");
        html +=
            QStringLiteral("<table><tr><td valign='top'>") + matrixHtml(m.x, tr("X")) +
            QStringLiteral("</td><td valign='top'>") + matrixHtml(m.full, tr("Y = GeLU(X A) B")) +
            QStringLiteral("</td></tr></table>") +
            matrixHtml(m.a, tr("A (columns tinted by the GPU that owns them)"),
                       [&](int, int c) { return ownerOfHidden[std::size_t(c)]; }) +
            matrixHtml(m.b, tr("B (rows tinted by owner)"), [&](int r, int) { return ownerOfHidden[std::size_t(r)]; });
        html += tr("<h3>Split over %1 GPUs: A by columns, B by rows</h3><p>Each GPU computes GeLU(X A<sub>i</sub>) "
                   "B<sub>i</sub> with no communication; one all-reduce sums the partial outputs.</p>")
                    .arg(s.tp);
        html += QStringLiteral("<table><tr>");
        for (int g = 0; g < s.tp; ++g) {
            const el::MlpShard& sh = m.shards[std::size_t(g)];
            const auto tint = [g](int, int) { return g; };
            html += QStringLiteral("<td valign='top'>") +
                    tr("<p><b>%1</b>: hidden columns %2\u2013%3</p>")
                        .arg(gpuName(g))
                        .arg(sh.begin)
                        .arg(sh.begin + sh.size - 1) +
                    matrixHtml(sh.a, tr("A_%1").arg(g), tint) + matrixHtml(sh.b, tr("B_%1").arg(g), tint) +
                    matrixHtml(sh.activation, tr("GeLU(X A_%1)").arg(g), tint) +
                    matrixHtml(sh.partial, tr("Partial output %1").arg(g), tint) + QStringLiteral("</td>");
        }
        html += QStringLiteral("</tr></table>");
        html += QStringLiteral("<table><tr><td valign='top'>") +
                matrixHtml(m.allReduced, tr("All-reduce: the sum of the partial outputs")) +
                QStringLiteral("</td><td valign='top'>") +
                matrixHtml(m.allReduced - m.full, tr("Difference from Y"), {}, 17) +
                QStringLiteral("</td></tr></table>");
        if (s.tp > 1) {
            html += tr("<h3>The split that does not work: A by rows</h3><p>GPU i holds columns of X and rows of A, "
                       "so it has only a partial sum X<sub>i</sub> A<sub>i</sub> of the pre-activation; applying "
                       "GeLU to each part before summing gives a different answer.</p>");
            html += QStringLiteral("<table><tr>");
            for (int g = 0; g < s.tp; ++g) {
                const el::WrongShard& w = m.wrong[std::size_t(g)];
                html += QStringLiteral("<td valign='top'>") +
                        matrixHtml(w.partialPreActivation, tr("X_%1 A_%1 (a partial sum)").arg(g),
                                   [g](int, int) { return g; }) +
                        QStringLiteral("</td>");
            }
            html += QStringLiteral("</tr></table><table><tr><td valign='top'>") +
                    matrixHtml(m.wrongReduced, tr("Sum of GeLU(X_i A_i) B")) +
                    QStringLiteral("</td><td valign='top'>") +
                    matrixHtml(m.wrongReduced - m.full, tr("Difference from Y")) + QStringLiteral("</td></tr></table>");
        }
    } else {
        el::AttentionShape s;
        s.tp = m_tp->value();
        s.seq = m_rows->value();
        s.model = m_in->value();
        s.heads = m_heads->value();
        s.seed = std::uint64_t(m_seed->value());
        if (auto e = el::validateAttention(s))
            return showError(*e);
        m_error->hide();
        const el::AttentionSplit a = el::splitAttention(s);
        const int headDim = s.model / s.heads;
        std::vector<int> owner(std::size_t(s.model));
        for (int g = 0; g < s.tp; ++g)
            for (int c = 0; c < a.shards[std::size_t(g)].heads * headDim; ++c)
                owner[std::size_t(a.shards[std::size_t(g)].headBegin * headDim + c)] = g;
        setResult(m_right, exact(a.maxAbsDifference, a.fullMaxAbs),
                  tr("Heads split over %1 GPUs (Wq, Wk, Wv by columns, Wo by rows), one all-reduce: max |O_split "
                     "\u2212 O| = %2 (zero to rounding)")
                      .arg(s.tp)
                      .arg(differenceText(a.maxAbsDifference)));
        setResult(m_wrong, true,
                  tr("Each head's softmax needs only that head's Q, K and V, so whole heads can live on different "
                     "GPUs; splitting inside a head would need its full scores."));
        const auto cols = [&](int, int c) { return owner[std::size_t(c)]; };
        const auto rows = [&](int r, int) { return owner[std::size_t(r)]; };
        html += tr("<h3>Causal self-attention on one GPU: %1 heads of width %2</h3>").arg(s.heads).arg(headDim);
        html += QStringLiteral("<table><tr><td valign='top'>") + matrixHtml(a.x, tr("X")) +
                QStringLiteral("</td><td valign='top'>") + matrixHtml(a.wq, tr("Wq (columns by owner)"), cols) +
                QStringLiteral("</td><td valign='top'>") + matrixHtml(a.wo, tr("Wo (rows by owner)"), rows) +
                QStringLiteral("</td><td valign='top'>") + matrixHtml(a.full, tr("O = attention(X) Wo")) +
                QStringLiteral("</td></tr></table>");
        html += QStringLiteral("<table><tr>");
        for (int g = 0; g < s.tp; ++g) {
            const el::AttentionShard& sh = a.shards[std::size_t(g)];
            const auto tint = [g](int, int) { return g; };
            html += QStringLiteral("<td valign='top'>") +
                    tr("<p><b>%1</b>: heads %2\u2013%3</p>")
                        .arg(gpuName(g))
                        .arg(sh.headBegin)
                        .arg(sh.headBegin + sh.heads - 1) +
                    matrixHtml(sh.context, tr("Its heads' softmax(Q Kᵀ/√d) V"), tint) +
                    matrixHtml(sh.partial, tr("Partial output %1").arg(g), tint) + QStringLiteral("</td>");
        }
        html += QStringLiteral("</tr></table><table><tr><td valign='top'>") +
                matrixHtml(a.allReduced, tr("All-reduce: the sum of the partial outputs")) +
                QStringLiteral("</td><td valign='top'>") +
                matrixHtml(a.allReduced - a.full, tr("Difference from O"), {}, 17) +
                QStringLiteral("</td></tr></table>");
    }
    m_text->setHtml(html);
}

DataParallelPage::DataParallelPage(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("dataParallelPage"));
    m_samples = spin(1, el::kMaxLabSize, 12, QStringLiteral("dpSamplesSpin"));
    m_features = spin(1, el::kMaxLabSize, 4, QStringLiteral("dpFeaturesSpin"));
    m_replicas = spin(1, el::kMaxLabGpus, 3, QStringLiteral("dpReplicasSpin"));
    m_seed = spin(1, 99999, 1, QStringLiteral("dpSeedSpin"));
    m_unequal = new QCheckBox;
    m_unequal->setObjectName(QStringLiteral("dpUnequalCheck"));

    auto* controls = new QHBoxLayout;
    for (QSpinBox* box : {m_samples, m_features, m_replicas, m_seed}) {
        auto* label = new QLabel;
        m_labels << label;
        label->setBuddy(box);
        controls->addWidget(label);
        controls->addWidget(box);
    }
    controls->addWidget(m_unequal);
    controls->addStretch(1);

    m_plain = new QLabel;
    m_plain->setObjectName(QStringLiteral("dpPlainLine"));
    m_plain->setWordWrap(true);
    m_weighted = new QLabel;
    m_weighted->setObjectName(QStringLiteral("dpWeightedLine"));
    m_weighted->setWordWrap(true);
    m_error = errorLabel();
    m_text = browser(QStringLiteral("dpDetails"));
    auto* layout = new QVBoxLayout(this);
    m_intro = new QLabel;
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);
    layout->addLayout(controls);
    layout->addWidget(m_error);
    layout->addWidget(m_weighted);
    layout->addWidget(m_plain);
    layout->addWidget(m_text, 1);
    for (QSpinBox* s : {m_samples, m_features, m_replicas, m_seed})
        connect(s, &QSpinBox::valueChanged, this, &DataParallelPage::recompute);
    connect(m_unequal, &QCheckBox::toggled, this, &DataParallelPage::recompute);
    retranslate();
}

void DataParallelPage::retranslate() {
    m_samples->setToolTip(tr("Samples N in the batch"));
    m_features->setToolTip(tr("Features: the weight vector's length"));
    m_replicas->setToolTip(tr("Replicas d (data-parallel degree)"));
    m_seed->setToolTip(tr("Seed of the random batch and weights"));
    m_unequal->setText(tr("&Unequal shards (1 : 2 : \u2026 : d)"));
    m_unequal->setToolTip(tr("Give replica i a share of the batch proportional to i + 1"));
    const QString labels[] = {tr("Samples N"), tr("Features"), tr("Replicas d"), tr("Seed")};
    for (int i = 0; i < m_labels.size(); ++i)
        m_labels[i]->setText(labels[i]);
    m_intro->setText(tr("Loss L(w) = 1/(2N) \u03a3 (x\u2099\u00b7w \u2212 y\u2099)\u00b2. Each replica computes "
                        "the mean gradient over its own shard; the all-reduce then averages them."));
    recompute();
}

void DataParallelPage::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void DataParallelPage::recompute() {
    el::DataParallelShape s;
    s.samples = m_samples->value();
    s.features = m_features->value();
    s.replicas = m_replicas->value();
    s.unequal = m_unequal->isChecked();
    s.seed = std::uint64_t(m_seed->value());
    if (auto e = el::validateDataParallel(s)) {
        m_error->setText(tr("Cannot split: %1").arg(QString::fromStdString(*e)));
        m_error->show();
        m_plain->clear();
        m_weighted->clear();
        m_text->clear();
        return;
    }
    m_error->hide();
    const el::DataParallelSplit d = el::splitDataParallel(s);
    setResult(m_weighted, exact(d.weightedMaxAbsDifference, d.fullMaxAbs),
              tr("Sample-weighted average \u03a3 (n\u1d62/N) g\u1d62: max |difference from the full-batch gradient| "
                 "= %1 (zero to rounding)")
                  .arg(differenceText(d.weightedMaxAbsDifference)));
    const bool plainExact = exact(d.plainMaxAbsDifference, d.fullMaxAbs);
    setResult(m_plain, plainExact,
              plainExact ? tr("Plain average (1/d) \u03a3 g\u1d62: max |difference| = %1: with equal shards the two "
                              "averages are the same")
                               .arg(differenceText(d.plainMaxAbsDifference))
                         : tr("Plain average (1/d) \u03a3 g\u1d62: misses by %1 (the largest |g| is %2): with unequal "
                              "shards each sample no longer counts the same")
                               .arg(differenceText(d.plainMaxAbsDifference), differenceText(d.fullMaxAbs)));

    QString html = tr("<h3>Gradients</h3>");
    html += QStringLiteral("<table cellspacing='0' cellpadding='4' style='border:1px solid #999'><tr><th>") +
            tr("Replica") + QStringLiteral("</th><th>") + tr("Samples") + QStringLiteral("</th><th>") + tr("n\u1d62") +
            QStringLiteral("</th><th>") + tr("Shard loss") + QStringLiteral("</th><th>") + tr("Gradient g\u1d62") +
            QStringLiteral("</th></tr>");
    const auto vec = [](const Eigen::VectorXd& v) {
        QStringList parts;
        for (Eigen::Index k = 0; k < v.size(); ++k)
            parts << QString::number(v[k], 'f', 4);
        return QStringLiteral("<span style='font-family:monospace'>[") + parts.join(QStringLiteral(", ")) +
               QStringLiteral("]</span>");
    };
    for (std::size_t i = 0; i < d.replicas.size(); ++i) {
        const el::Replica& r = d.replicas[i];
        html += QStringLiteral("<tr bgcolor='%1'><td>").arg(gpuColor(int(i)).name()) + tr("GPU %1").arg(i) +
                QStringLiteral("</td><td>%1\u2013%2</td><td align='right'>%3</td><td align='right'>%4</td><td>")
                    .arg(r.begin)
                    .arg(r.begin + r.count - 1)
                    .arg(r.count)
                    .arg(r.loss, 0, 'f', 4) +
                vec(r.gradient) + QStringLiteral("</td></tr>");
    }
    const auto row = [&](const QString& name, const Eigen::VectorXd& v, const QString& note) {
        html += QStringLiteral("<tr><td colspan='3'><b>") + name + QStringLiteral("</b></td><td>") + note +
                QStringLiteral("</td><td>") + vec(v) + QStringLiteral("</td></tr>");
    };
    row(tr("Plain average"), d.plainAverage, tr("miss %1").arg(differenceText(d.plainMaxAbsDifference)));
    row(tr("Weighted average"), d.weightedAverage, tr("miss %1").arg(differenceText(d.weightedMaxAbsDifference)));
    row(tr("Full batch, one GPU"), d.fullGradient, tr("loss %1").arg(d.fullLoss, 0, 'f', 4));
    html += QStringLiteral("</table>");
    html += tr("<h3>The batch</h3>");
    std::vector<int> ownerOfSample(std::size_t(s.samples));
    for (std::size_t i = 0; i < d.replicas.size(); ++i)
        for (int k = 0; k < d.replicas[i].count; ++k)
            ownerOfSample[std::size_t(d.replicas[i].begin + k)] = int(i);
    Eigen::MatrixXd xy(s.samples, s.features + 1);
    xy << d.x, d.y;
    html += QStringLiteral("<table><tr><td valign='top'>") +
            matrixHtml(xy, tr("[X | y], rows tinted by the replica that holds them"),
                       [&](int r, int) { return ownerOfSample[std::size_t(r)]; }) +
            QStringLiteral("</td><td valign='top'>") + matrixHtml(d.w.transpose(), tr("w")) +
            QStringLiteral("</td></tr></table>");
    m_text->setHtml(html);
}

ParallelismLab::ParallelismLab(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("parallelismLab"));
    m_tensor = new TensorParallelPage;
    m_data = new DataParallelPage;
    m_zero = new ZeroGridView;
    m_pages = new QTabWidget;
    m_pages->setObjectName(QStringLiteral("parallelismPages"));
    m_pages->setDocumentMode(true);
    m_pages->addTab(scrollable(m_tensor), QString());
    m_pages->addTab(scrollable(m_data), QString());
    m_pages->addTab(scrollable(m_zero), QString());
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_pages);
    retranslate();
}

void ParallelismLab::retranslate() {
    m_pages->setTabText(0, tr("&Tensor parallel"));
    m_pages->setTabText(1, tr("&Data parallel"));
    m_pages->setTabText(2, tr("&ZeRO grid"));
}

void ParallelismLab::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ParallelismLab::setScenario(const engine::Scenario& s, const std::array<engine::Ledger, 4>& zeroLedgers) {
    m_zero->setScenario(s, zeroLedgers);
}

} // namespace tl::ui::labs
