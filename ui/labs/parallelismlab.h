#pragma once
// The parallelism lab (seed 004, steps 1, 2 and 5): a small real model split across virtual GPUs with Eigen
// (engine/labs), showing every GPU's shards and partial results, the all-reduce, and how far the split result is
// from the unsplit one; and the ZeRO grid of the current scenario. The matrices' sizes and seed are the lab's own;
// the ZeRO grid follows the scenario.

#include "engine/ledger.h"
#include "engine/scenario.h"
#include "ui/views/view.h"

#include <QList>
#include <QWidget>

#include <array>

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;
class QTabWidget;
class QTextBrowser;

namespace tl::ui::labs {

class ZeroGridView;

// Y = GeLU(X A) B split by columns of A and rows of B (and the wrong split by rows of A), or attention by heads.
class TensorParallelPage : public QWidget {
    Q_OBJECT
public:
    explicit TensorParallelPage(QWidget* parent = nullptr); // objectName "tensorParallelPage"

    QLabel* rightLine() const { return m_right; } // the working split's max |difference|
    QLabel* wrongLine() const { return m_wrong; } // the wrong split's, or the attention note
    QTextBrowser* matrices() const { return m_text; }
    QSpinBox* tpSpin() const { return m_tp; }
    QComboBox* blockCombo() const { return m_block; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void recompute();

    QComboBox* m_block = nullptr;
    QSpinBox *m_tp = nullptr, *m_rows = nullptr, *m_in = nullptr, *m_hidden = nullptr, *m_out = nullptr;
    QSpinBox *m_heads = nullptr, *m_seed = nullptr;
    QLabel *m_inLabel = nullptr, *m_hiddenLabel = nullptr, *m_outLabel = nullptr, *m_headsLabel = nullptr;
    QLabel *m_rowsLabel = nullptr, *m_right = nullptr, *m_wrong = nullptr, *m_error = nullptr;
    QLabel *m_tpLabel = nullptr, *m_seedLabel = nullptr;
    QTextBrowser* m_text = nullptr;
};

// Least squares over a batch split over d replicas: each gradient, the plain and the sample-weighted average.
class DataParallelPage : public QWidget {
    Q_OBJECT
public:
    explicit DataParallelPage(QWidget* parent = nullptr); // objectName "dataParallelPage"

    QLabel* plainLine() const { return m_plain; }
    QLabel* weightedLine() const { return m_weighted; }
    QCheckBox* unequalCheck() const { return m_unequal; }
    QSpinBox* replicasSpin() const { return m_replicas; }
    QTextBrowser* details() const { return m_text; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void recompute();

    QSpinBox *m_samples = nullptr, *m_features = nullptr, *m_replicas = nullptr, *m_seed = nullptr;
    QCheckBox* m_unequal = nullptr;
    QLabel *m_plain = nullptr, *m_weighted = nullptr, *m_error = nullptr, *m_intro = nullptr;
    QList<QLabel*> m_labels; // beside the spin boxes
    QTextBrowser* m_text = nullptr;
};

class ParallelismLab : public QWidget, public EvaluationView {
    Q_OBJECT
public:
    explicit ParallelismLab(QWidget* parent = nullptr); // objectName "parallelismLab"

    // The scenario and its evaluations at ZeRO 0..3 (the memory view's comparison bars) for the ZeRO grid.
    void setEvaluation(const engine::Evaluation& e) override { setScenario(e.scenario, e.zero); }
    void setScenario(const engine::Scenario& s, const std::array<engine::Ledger, 4>& zeroLedgers);

    QTabWidget* pages() const { return m_pages; }
    TensorParallelPage* tensorPage() const { return m_tensor; }
    DataParallelPage* dataPage() const { return m_data; }
    ZeroGridView* zeroGrid() const { return m_zero; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    QTabWidget* m_pages = nullptr;
    TensorParallelPage* m_tensor = nullptr;
    DataParallelPage* m_data = nullptr;
    ZeroGridView* m_zero = nullptr;
};

} // namespace tl::ui::labs
