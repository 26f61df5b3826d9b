#include "engine/labs/tensorparallel.h"

#include "engine/labs/seeded.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tl::engine::labs {
namespace {

std::optional<std::string> sizeError(const char* field, int value, int lo, int hi) {
    if (value >= lo && value <= hi)
        return std::nullopt;
    return std::string(field) + " is " + std::to_string(value) + "; allowed " + std::to_string(lo) + " to " +
           std::to_string(hi);
}

double maxAbs(const Matrix& m) {
    return m.size() ? m.cwiseAbs().maxCoeff() : 0.0;
}

// Softmax along each row, with -inf entries (the causal mask) taking no weight.
Matrix rowSoftmax(Matrix s) {
    for (Eigen::Index r = 0; r < s.rows(); ++r) {
        const double top = s.row(r).maxCoeff();
        s.row(r) = (s.row(r).array() - top).exp().matrix();
        s.row(r) /= s.row(r).sum();
    }
    return s;
}

// Heads [first, first + count) of one attention: their concatenated softmax(Q K^T / sqrt(d) + mask) V.
Matrix headsContext(const Matrix& q, const Matrix& k, const Matrix& v, int count, int headDim, bool causal) {
    const Eigen::Index seq = q.rows();
    Matrix out(seq, Eigen::Index(count) * headDim);
    for (int h = 0; h < count; ++h) {
        const auto cols = Eigen::seqN(h * headDim, headDim);
        Matrix scores = q(Eigen::all, cols) * k(Eigen::all, cols).transpose() / std::sqrt(double(headDim));
        if (causal)
            for (Eigen::Index r = 0; r < seq; ++r)
                for (Eigen::Index c = r + 1; c < seq; ++c)
                    scores(r, c) = -std::numeric_limits<double>::infinity();
        out(Eigen::all, cols) = rowSoftmax(std::move(scores)) * v(Eigen::all, cols);
    }
    return out;
}

// The forward pass's one all-reduce: shard g of tp (built by make from block g of extent) holds a partial output,
// and their sum is the split's answer.
template <class Shard, class Make>
Matrix allReduce(int extent, int tp, Eigen::Index rows, Eigen::Index cols, std::vector<Shard>& shards, Make make) {
    Matrix sum = Matrix::Zero(rows, cols);
    for (int g = 0; g < tp; ++g) {
        Shard sh = make(evenBlock(extent, tp, g));
        sum += sh.partial;
        shards.push_back(std::move(sh));
    }
    return sum;
}

} // namespace

Matrix gelu(const Matrix& x) {
    return x.unaryExpr([](double v) { return 0.5 * v * (1.0 + std::erf(v / std::sqrt(2.0))); });
}

std::optional<std::string> validateMlp(const MlpShape& s) {
    if (auto e = sizeError("X rows", s.rows, 1, kMaxLabSize))
        return e;
    if (auto e = sizeError("input width", s.in, 1, kMaxLabSize))
        return e;
    if (auto e = sizeError("hidden width", s.hidden, 1, kMaxLabSize))
        return e;
    if (auto e = sizeError("output width", s.out, 1, kMaxLabSize))
        return e;
    return sizeError("tensor parallel t", s.tp, 1, std::min({kMaxLabGpus, s.hidden, s.in}));
}

MlpSplit splitMlp(const MlpShape& s) {
    SeededRandom rng(s.seed);
    MlpSplit out;
    out.x = rng.matrix(s.rows, s.in);
    out.a = rng.matrix(s.in, s.hidden);
    out.b = rng.matrix(s.hidden, s.out);
    out.full = gelu(out.x * out.a) * out.b;
    out.fullMaxAbs = maxAbs(out.full);

    out.allReduced = allReduce(s.hidden, s.tp, s.rows, s.out, out.shards, [&](const Block& blk) {
        MlpShard sh;
        sh.begin = blk.begin;
        sh.size = blk.size;
        sh.a = out.a.middleCols(blk.begin, blk.size);
        sh.b = out.b.middleRows(blk.begin, blk.size);
        sh.activation = gelu(out.x * sh.a); // GeLU is element-wise: a column block needs nothing from other GPUs
        sh.partial = sh.activation * sh.b;
        return sh;
    });
    out.maxAbsDifference = maxAbs(out.allReduced - out.full);

    out.wrongReduced = allReduce(s.in, s.tp, s.rows, s.out, out.wrong, [&](const Block& blk) {
        WrongShard w;
        w.begin = blk.begin;
        w.size = blk.size;
        w.partialPreActivation = out.x.middleCols(blk.begin, blk.size) * out.a.middleRows(blk.begin, blk.size);
        w.partial = gelu(w.partialPreActivation) * out.b;
        return w;
    });
    out.wrongMaxAbsDifference = maxAbs(out.wrongReduced - out.full);
    return out;
}

std::optional<std::string> validateAttention(const AttentionShape& s) {
    if (auto e = sizeError("sequence length", s.seq, 1, kMaxLabSize))
        return e;
    if (auto e = sizeError("model width", s.model, 1, kMaxLabSize))
        return e;
    if (auto e = sizeError("heads", s.heads, 1, s.model))
        return e;
    if (s.model % s.heads != 0)
        return "heads is " + std::to_string(s.heads) + "; it must divide the model width " + std::to_string(s.model);
    return sizeError("tensor parallel t", s.tp, 1, std::min(kMaxLabGpus, s.heads));
}

AttentionSplit splitAttention(const AttentionShape& s) {
    SeededRandom rng(s.seed);
    AttentionSplit out;
    out.x = rng.matrix(s.seq, s.model);
    for (Matrix* w : {&out.wq, &out.wk, &out.wv, &out.wo}) // drawn in this order: the lab's figures depend on it
        *w = rng.matrix(s.model, s.model);
    const int headDim = s.model / s.heads;
    const Matrix q = out.x * out.wq, k = out.x * out.wk, v = out.x * out.wv;
    out.full = headsContext(q, k, v, s.heads, headDim, s.causal) * out.wo;
    out.fullMaxAbs = maxAbs(out.full);

    out.allReduced = allReduce(s.heads, s.tp, s.seq, s.model, out.shards, [&](const Block& blk) {
        AttentionShard sh;
        sh.headBegin = blk.begin;
        sh.heads = blk.size;
        const int c0 = blk.begin * headDim, width = blk.size * headDim;
        sh.wq = out.wq.middleCols(c0, width);
        sh.wk = out.wk.middleCols(c0, width);
        sh.wv = out.wv.middleCols(c0, width);
        sh.wo = out.wo.middleRows(c0, width);
        sh.context = headsContext(out.x * sh.wq, out.x * sh.wk, out.x * sh.wv, blk.size, headDim, s.causal);
        sh.partial = sh.context * sh.wo;
        return sh;
    });
    out.maxAbsDifference = maxAbs(out.allReduced - out.full);
    return out;
}

} // namespace tl::engine::labs
