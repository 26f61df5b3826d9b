#include "engine/model.h"

#include <algorithm>
#include <cmath>

namespace tl::engine {
namespace {

// A norm over `width` elements: a scale, and a bias too for a LayerNorm in a model with biases.
double norm(const ModelShape& m, double width) {
    return (m.bias && m.normBias ? 2.0 : 1.0) * width;
}

// The attention projections of one layer, in the order a token passes them.
void attentionMatmuls(const ModelShape& m, ModelCounts& c) {
    using S = Matmul::Split;
    const double h = m.hidden, H = m.heads;
    int n = 0;
    auto add = [&](double in, double out, S split) { c.attentionMatmuls[size_t(n++)] = {in, out, split}; };
    if (m.attention == Attention::Mla) {
        const auto& a = m.mla;
        const double qk = double(a.qkNopeHeadDim) + a.qkRopeHeadDim;
        // Queries: down to the q latent and up to every head (or straight up without a q latent); keys and values:
        // down to the kv latent plus the shared rotary key, then up to every head's key and value. The down
        // projections are small and kept whole on every TP rank (Megatron-Core's MLA).
        if (a.qLoraRank > 0) {
            add(h, a.qLoraRank, S::None);
            add(a.qLoraRank, H * qk, S::Out);
        } else {
            add(h, H * qk, S::Out);
        }
        add(h, double(a.kvLoraRank) + a.qkRopeHeadDim, S::None);
        add(a.kvLoraRank, H * (double(a.qkNopeHeadDim) + a.vHeadDim), S::Out);
        add(H * a.vHeadDim, h, S::In);
    } else {
        add(h, c.qDim + 2.0 * c.kvDim, S::Out); // Q, K and V
        add(c.qDim, h, S::In);                  // output projection
    }
    c.attentionMatmulCount = n;
}

// One layer: dense MLP of width `ffn`, or an MoE layer.
LayerCounts layerCounts(const ModelShape& m, const ModelCounts& c, bool moeLayer) {
    LayerCounts p;
    const double h = m.hidden;
    const double mlpMatrices = m.gatedMlp ? 3.0 : 2.0;
    // Biases: one per output of every linear layer (gate, up and down in a gated MLP).
    const double mlpBias = m.bias ? (m.gatedMlp ? 2.0 : 1.0) : 0.0;
    auto mlp = [&](double width) { return mlpMatrices * h * width + (m.bias ? mlpBias * width + h : 0.0); };
    for (int i = 0; i < c.attentionMatmulCount; ++i) {
        const Matmul& x = c.attentionMatmuls[size_t(i)];
        // Qwen2's biases sit on the fused query-key-value projection only, the first matmul of plain attention.
        const bool biased = m.bias || (m.qkvBias && i == 0 && m.attention == Attention::Mha);
        p.attentionMatmul += x.in * x.out;
        p.attention += x.in * x.out + (biased ? x.out : 0.0);
    }
    if (m.attention == Attention::Mla)
        p.attention += (m.mla.qLoraRank > 0 ? norm(m, m.mla.qLoraRank) : 0.0) + norm(m, m.mla.kvLoraRank);
    if (m.attentionSinks)
        p.attention += m.heads;
    const double qkNorms = m.qkNormAllHeads ? c.qDim + c.kDim : 2.0 * m.headDim;
    p.norms = (m.postNorms ? 4.0 : 2.0) * norm(m, h) + (m.qkNorm ? qkNorms : 0.0);
    if (moeLayer) {
        const double e = m.moe.expertFfnHidden;
        p.mlp = m.moe.sharedExperts * mlp(e);
        p.mlpMatmul = m.moe.sharedExperts * mlpMatrices * h * e;
        p.routed = m.moe.experts * mlp(e);
        p.routedActive = m.moe.activeExperts * mlp(e);
        p.routedMatmul = m.moe.activeExperts * mlpMatrices * h * e;
        p.router = h * m.moe.experts + (m.moe.routerBias ? m.moe.experts : 0.0);
        p.routerMatmul = h * m.moe.experts;
    } else {
        p.mlp = mlp(m.ffnHidden);
        p.mlpMatmul = mlpMatrices * h * m.ffnHidden;
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
    c.gated = m.gatedMlp;
    c.qkNorm = m.qkNorm;
    c.postNorms = m.postNorms;
    const bool mla = m.attention == Attention::Mla;
    c.qkHeadDim = mla ? m.mla.qkNopeHeadDim + m.mla.qkRopeHeadDim : m.headDim;
    c.vHeadDim = mla ? m.mla.vHeadDim : m.headDim;
    c.qDim = m.heads * c.qkHeadDim;
    c.kvDim = mla ? m.heads * c.qkHeadDim : m.kvHeads * m.headDim; // keys (MLA: every head has its own)
    c.kDim = c.kvDim;
    c.vDim = double(mla ? m.heads : m.kvHeads) * c.vHeadDim;
    c.oDim = double(m.heads) * c.vHeadDim;
    c.latent = mla ? 2.0 * m.mla.qLoraRank + 2.0 * m.mla.kvLoraRank + m.mla.qkRopeHeadDim : 0.0;
    attentionMatmuls(m, c);

    const bool moe = m.moe.experts > 0;
    c.experts = m.moe.experts;
    c.activeExperts = moe ? m.moe.activeExperts : 0;
    c.ffnWidth = m.ffnHidden;
    c.expertWidth = moe ? m.moe.expertFfnHidden : 0;
    c.sharedWidth = moe ? double(m.moe.sharedExperts) * m.moe.expertFfnHidden : 0;
    c.mlpWidth = moe ? double(m.moe.activeExperts + m.moe.sharedExperts) * m.moe.expertFfnHidden : m.ffnHidden;

    c.denseLayers = moe ? std::min(m.moe.denseLayers, m.layers) : m.layers;
    c.moeLayers = m.layers - c.denseLayers;
    c.dense = layerCounts(m, c, false);
    c.moe = moe ? layerCounts(m, c, true) : c.dense;
    c.layersTotal = c.denseLayers * c.dense.total() + c.moeLayers * c.moe.total();
    c.layersActive = c.denseLayers * c.dense.active() + c.moeLayers * c.moe.active();
    c.layerMatmuls = c.denseLayers * c.dense.matmul() + c.moeLayers * c.moe.matmul();
    c.largestLayer = std::max(c.denseLayers > 0 ? c.dense.total() : 0.0, c.moeLayers > 0 ? c.moe.total() : 0.0);

    if (m.slidingWindow > 0) {
        c.window = m.slidingWindow;
        c.windowLayers = m.fullAttentionEvery > 0 ? m.layers - m.layers / m.fullAttentionEvery : m.layers;
    }

    const double h = m.hidden;
    c.embedding = double(m.vocab) * h + double(m.learnedPositions) * h;
    c.lmHead = m.tiedEmbeddings ? 0.0 : double(m.vocab) * h;
    c.lmHeadMatmul = double(m.vocab) * h;
    c.finalNorm = norm(m, h);
    c.total = c.layersTotal + c.embedding + c.lmHead + c.finalNorm;
    c.active = c.layersActive + c.embedding + c.lmHead + c.finalNorm;

    c.mtpLayers = m.mtpLayers;
    c.mtpLayer = c.moe;
    c.mtpExtraMatmul = 2.0 * h * h;
    c.mtpExtra = c.mtpExtraMatmul + (m.bias ? h : 0.0) + 3.0 * norm(m, h);
    c.mtp = m.mtpLayers * (c.mtpLayer.total() + c.mtpExtra);
    c.mtpActive = m.mtpLayers * (c.mtpLayer.active() + c.mtpExtra);
    return c;
}

void scaleCounts(LayerCounts& p, double k) {
    for (double* x : {&p.attention, &p.norms, &p.mlp, &p.routed, &p.routedActive, &p.router, &p.attentionMatmul,
                      &p.mlpMatmul, &p.routedMatmul, &p.routerMatmul})
        *x *= k;
}

} // namespace

StageParams ModelCounts::layerRange(int first, int count) const {
    const int denseHere = std::clamp(denseLayers - first, 0, std::max(0, count));
    const int moeHere = std::max(0, count) - denseHere;
    StageParams p;
    p.tensor = denseHere * dense.tensorParallel() + moeHere * moe.tensorParallel();
    p.experts = denseHere * dense.routed + moeHere * moe.routed;
    p.router = denseHere * dense.router + moeHere * moe.router;
    return p;
}

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
    scaleCounts(c.dense, scale);
    scaleCounts(c.moe, scale);
    scaleCounts(c.mtpLayer, scale);
    c.total = c.layersTotal + c.embedding + c.lmHead + c.finalNorm;
    c.active = c.layersActive + c.embedding + c.lmHead + c.finalNorm;
    c.derived = true;
    return c;
}

} // namespace tl::engine
