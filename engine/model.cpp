#include "engine/model.h"

#include <algorithm>
#include <cmath>

namespace tl::engine {
namespace {

struct LayerParts {
    double attention = 0; // projection weights (+ biases)
    double attentionMatmul = 0;
    double norms = 0;
    double mlpTotal = 0;  // all experts, shared experts and router
    double mlpActive = 0; // what one token uses
    double mlpMatmulActive = 0;
};

double mlpParams(const ModelShape& m, double width) {
    const double h = m.hidden;
    return (m.gatedMlp ? 3.0 : 2.0) * h * width + (m.bias ? width + h : 0.0);
}

double mlpMatmul(const ModelShape& m, double width) {
    return (m.gatedMlp ? 3.0 : 2.0) * m.hidden * width;
}

LayerParts layerParts(const ModelShape& m, bool moeLayer) {
    LayerParts p;
    const double h = m.hidden;
    const double q = double(m.heads) * m.headDim;
    const double kv = double(m.kvHeads) * m.headDim;
    p.attentionMatmul = h * q + 2.0 * h * kv + q * h;
    p.attention = p.attentionMatmul + (m.bias ? q + 2.0 * kv + h : 0.0);
    // Two norms per layer (LayerNorm has a bias when the model uses biases), plus per-head q/k norms.
    p.norms = 2.0 * (m.bias ? 2.0 * h : h) + (m.qkNorm ? 2.0 * m.headDim : 0.0);
    if (moeLayer) {
        const double e = m.moe.expertFfnHidden;
        const double router = h * m.moe.experts;
        p.mlpTotal = (m.moe.experts + m.moe.sharedExperts) * mlpParams(m, e) + router;
        p.mlpActive = (m.moe.activeExperts + m.moe.sharedExperts) * mlpParams(m, e) + router;
        p.mlpMatmulActive = (m.moe.activeExperts + m.moe.sharedExperts) * mlpMatmul(m, e) + router;
    } else {
        p.mlpTotal = p.mlpActive = mlpParams(m, m.ffnHidden);
        p.mlpMatmulActive = mlpMatmul(m, m.ffnHidden);
    }
    return p;
}

ModelCounts exactCounts(const ModelShape& m) {
    ModelCounts c;
    c.layers = m.layers;
    c.hidden = m.hidden;
    c.heads = m.heads;
    c.kvHeads = m.kvHeads;
    c.headDim = m.headDim;
    c.vocab = m.vocab;
    c.qDim = m.heads * m.headDim;
    c.kvDim = m.kvHeads * m.headDim;
    c.gated = m.gatedMlp;
    c.qkNorm = m.qkNorm;
    const bool moe = m.moe.experts > 0;
    c.experts = m.moe.experts;
    c.activeExperts = moe ? m.moe.activeExperts : 0;
    c.mlpWidth = moe ? double(m.moe.activeExperts + m.moe.sharedExperts) * m.moe.expertFfnHidden : m.ffnHidden;

    const int denseLayers = moe ? std::min(m.moe.denseLayers, m.layers) : m.layers;
    const int moeLayers = m.layers - denseLayers;
    const LayerParts dense = layerParts(m, false);
    const LayerParts sparse = moe ? layerParts(m, true) : dense;
    auto layerTotal = [](const LayerParts& p) { return p.attention + p.norms + p.mlpTotal; };
    auto layerActive = [](const LayerParts& p) { return p.attention + p.norms + p.mlpActive; };

    c.layersTotal = denseLayers * layerTotal(dense) + moeLayers * layerTotal(sparse);
    c.layersActive = denseLayers * layerActive(dense) + moeLayers * layerActive(sparse);
    c.layerMatmuls = denseLayers * (dense.attentionMatmul + dense.mlpMatmulActive) +
                     moeLayers * (sparse.attentionMatmul + sparse.mlpMatmulActive);
    c.largestLayer = std::max(denseLayers > 0 ? layerTotal(dense) : 0.0, moeLayers > 0 ? layerTotal(sparse) : 0.0);

    const double h = m.hidden;
    c.embedding = double(m.vocab) * h + double(m.learnedPositions) * h;
    c.lmHead = m.tiedEmbeddings ? 0.0 : double(m.vocab) * h;
    c.lmHeadMatmul = double(m.vocab) * h;
    c.finalNorm = m.bias ? 2.0 * h : h;
    c.total = c.layersTotal + c.embedding + c.lmHead + c.finalNorm;
    c.active = c.layersActive + c.embedding + c.lmHead + c.finalNorm;
    return c;
}

} // namespace

ModelShape shapeForParams(double params) {
    // A Llama-style family: 64-wide heads below 1024 wide and 128-wide above, KV heads the largest power of two up
    // to 8 that divides the query heads, SwiGLU MLP at 8/3 of the width rounded to 256, and depth = width / 128 (Llama
    // 2 7B: 4096 / 32). Small models (< 1B) use a 32,000 vocabulary with tied embeddings, larger ones Llama 3's 128,256
    // untied. The width whose family member comes closest to the requested count wins; depth absorbs the rest.
    ModelShape best;
    double bestError = -1;
    const bool small = params < 1e9;
    // Widths 128 to 1,024 by 128, then 1,536, then multiples of 1,024, so that head counts stay even (multiples of
    // 8 from 2,048) and common TP degrees divide them.
    for (int h = 128; h <= 65536; h += h < 1024 ? 128 : (h < 2048 ? 512 : 1024)) {
        ModelShape m;
        m.preset = "custom";
        m.hidden = h;
        m.headDim = h < 1024 ? 64 : 128;
        m.heads = h / m.headDim;
        m.kvHeads = 8; // the largest power of two up to 8 that divides the query heads
        while (m.heads % m.kvHeads != 0)
            m.kvHeads /= 2;
        m.ffnHidden = std::max(256, int(std::lround(8.0 * h / 3.0 / 256.0)) * 256);
        m.vocab = small ? 32000 : 128256;
        m.tiedEmbeddings = small;
        m.gatedMlp = true;
        m.qkNorm = false;
        m.bias = false;
        m.learnedPositions = 0;
        m.layers = std::max(1, int(std::lround(h / 128.0)));
        const double err = std::fabs(std::log(exactCounts(m).total / params));
        if (bestError < 0 || err < bestError) {
            bestError = err;
            best = m;
        }
    }
    // Depth: the whole number of layers that lands closest to the request.
    ModelShape oneLayer = best;
    oneLayer.layers = 1;
    const ModelCounts c1 = exactCounts(oneLayer);
    const double outside = c1.embedding + c1.lmHead + c1.finalNorm;
    best.layers = std::clamp(int(std::lround((params - outside) / c1.layersTotal)), 1, 1000);
    best.params = params;
    return best;
}

ModelCounts countModel(const ModelShape& shape) {
    ModelCounts c = exactCounts(shape);
    if (!(shape.params > 0))
        return c;
    // A raw count: spread the difference over the layers so that the total is exactly the requested count.
    const double layers = std::max(1.0, shape.params - c.embedding - c.lmHead - c.finalNorm);
    const double scale = layers / c.layersTotal;
    c.layersTotal *= scale;
    c.layersActive *= scale;
    c.layerMatmuls *= scale;
    c.largestLayer *= scale;
    c.total = c.layersTotal + c.embedding + c.lmHead + c.finalNorm;
    c.active = c.layersActive + c.embedding + c.lmHead + c.finalNorm;
    c.derived = true;
    return c;
}

} // namespace tl::engine
