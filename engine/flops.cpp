#include "engine/flops.h"

namespace tl::engine {

double causalPairs(const std::vector<int>& documents, int seqLen) {
    if (documents.empty())
        return double(seqLen) * (double(seqLen) + 1.0) / 2.0;
    double pairs = 0;
    for (int d : documents)
        pairs += double(d) * (double(d) + 1.0) / 2.0;
    return pairs;
}

FlopsBreakdown forwardFlops(const ModelCounts& m, const DataSpec& d) {
    FlopsBreakdown f;
    const double s = d.seqLen;
    f.layerMatmuls = 2.0 * m.layerMatmuls * s;
    f.pairs = causalPairs(d.documents, d.seqLen);
    // Per layer: QK^T is 2 x pairs x head_dim per head, AV the same; heads x head_dim = qDim.
    f.attention = 4.0 * f.pairs * m.qDim * m.layers;
    f.attentionFull = 4.0 * s * s * m.qDim * m.layers;
    const double headTokens = d.vocabOnSupervisedOnly ? d.supervisedFraction * s : s;
    f.lmHead = 2.0 * m.lmHeadMatmul * headTokens;
    return f;
}

double recomputeFlops(const FlopsBreakdown& f, const ActivationSpec& a) {
    if (a.recompute == Recompute::Full)
        return f.layerMatmuls + f.attention; // every layer's forward runs again; the LM head does not
    if (a.recompute == Recompute::Selective)
        return f.attention; // core attention (QK^T, softmax, AV) runs again
    return 0;
}

} // namespace tl::engine
