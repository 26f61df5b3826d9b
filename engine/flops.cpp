#include "engine/flops.h"

#include <algorithm>

namespace tl::engine {

double causalPairs(const std::vector<int>& documents, int seqLen) {
    if (documents.empty())
        return double(seqLen) * (double(seqLen) + 1.0) / 2.0;
    double pairs = 0;
    for (int d : documents)
        pairs += double(d) * (double(d) + 1.0) / 2.0;
    return pairs;
}

double windowPairs(const std::vector<int>& documents, int seqLen, int window) {
    const double w = window;
    auto pairs = [w](double d) { return d <= w ? d * (d + 1.0) / 2.0 : w * (w + 1.0) / 2.0 + (d - w) * w; };
    if (documents.empty())
        return pairs(seqLen);
    double sum = 0;
    for (int d : documents)
        sum += pairs(d);
    return sum;
}

FlopsBreakdown forwardFlops(const ModelCounts& m, const DataSpec& d) {
    FlopsBreakdown f;
    const double s = d.seqLen;
    f.layerMatmuls = 2.0 * m.layerMatmuls * s;
    f.pairs = causalPairs(d.documents, d.seqLen);
    f.windowPairs = m.windowLayers > 0 ? windowPairs(d.documents, d.seqLen, m.window) : 0.0;
    // Per layer and pair: QK^T is 2 x the query/key width over all heads, AV 2 x the value width over all heads
    // (qDim + oDim = 2 x heads x head_dim without MLA).
    const double perPair = 2.0 * (double(m.qDim) + m.oDim);
    const int fullLayers = m.layers - m.windowLayers;
    f.attention = perPair * (fullLayers * f.pairs + m.windowLayers * f.windowPairs);
    f.attentionFull = perPair * s * (fullLayers * s + m.windowLayers * std::min(s, double(m.window)));
    const double headTokens = d.vocabOnSupervisedOnly ? d.supervisedFraction * s : s;
    f.lmHead = 2.0 * m.lmHeadMatmul * headTokens;
    // Each multi-token-prediction module: its projection and transformer layer (full attention), and the shared LM
    // head run again on its own prediction.
    f.mtpLmHead = m.mtpLayers * f.lmHead;
    f.mtp = m.mtpLayers * (2.0 * (m.mtpLayer.matmul() + m.mtpExtraMatmul) * s + perPair * f.pairs) + f.mtpLmHead;
    return f;
}

double recomputeFlops(const FlopsBreakdown& f, const ActivationSpec& a) {
    if (a.recompute == Recompute::Full)
        return f.layerMatmuls + f.attention + f.mtp - f.mtpLmHead; // every layer's forward again; LM heads do not
    if (a.recompute == Recompute::Selective)
        return f.attention; // core attention (QK^T, softmax, AV) runs again
    return 0;
}

} // namespace tl::engine
