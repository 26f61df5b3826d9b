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

LayerMatmulOrder layerMatmulOrder(const ModelCounts& m, double mlpWidth) {
    using S = Matmul::Split;
    LayerMatmulOrder o;
    auto add = [&o](double in, double out, S split) { o.mm[size_t(o.count++)] = {in, out, split}; };
    const double h = m.hidden;
    if (m.latent > 0) { // MLA: the projections as the model lists them
        for (int i = 0; i < m.attentionMatmulCount; ++i)
            o.mm[size_t(o.count++)] = m.attentionMatmuls[size_t(i)];
    } else {
        add(h, m.qDim, S::Out);
        add(h, m.kDim, S::Out);
        add(h, m.vDim, S::Out);
        add(m.oDim, h, S::In);
    }
    if (mlpWidth > 0) {
        if (m.gated)
            add(h, mlpWidth, S::Out); // gate
        add(h, mlpWidth, S::Out);     // up
        add(mlpWidth, h, S::In);      // down
    }
    return o;
}

double LayerMatmulOrder::recomputedMultiplyAdds() const {
    double sum = 0;
    for (int i = 0; i < count; ++i)
        if (recomputed(i))
            sum += mm[size_t(i)].in * mm[size_t(i)].out;
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
    // Per-op recompute: dense layers on their MLP, MoE layers on their shared experts (routed experts: not redone).
    f.perOpMatmuls = 2.0 * s *
                     ((m.layers - m.moeLayers) * layerMatmulOrder(m, m.ffnWidth).recomputedMultiplyAdds() +
                      m.moeLayers * layerMatmulOrder(m, m.sharedWidth).recomputedMultiplyAdds());
    return f;
}

double recomputeFlops(const FlopsBreakdown& f, const ActivationSpec& a) {
    if (a.recompute == Recompute::Full)
        return f.layerMatmuls + f.attention + f.mtp - f.mtpLmHead; // every layer's forward again; LM heads do not
    if (a.recompute == Recompute::Selective)
        return f.attention; // core attention (QK^T, softmax, AV) runs again
    if (a.recompute == Recompute::PerOp)
        return f.perOpMatmuls; // every second matmul (attention's output is kept)
    return 0;
}

} // namespace tl::engine
