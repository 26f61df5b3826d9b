#include "engine/finetune.h"

#include "engine/precision.h"

namespace tl::engine {

double baseFormatBytes(BaseFormat format, int hidden) {
    switch (format) {
    case BaseFormat::Bf16:
        return 2;
    case BaseFormat::Int8:
        // LLM.int8(): one byte per element and one FP32 absmax scale per row of `hidden` elements.
        return 1.0 + (hidden > 0 ? 4.0 / hidden : 0.0);
    case BaseFormat::Nf4:
        // QLoRA §3: 4 bits per element, an 8-bit scale per block of 64 and an FP32 scale per 256 of those:
        // 8/64 + 32/(64 x 256) = 0.127 bits per element on top of the 4.
        return 0.5 + (1.0 + 4.0 / 256.0) / 64.0;
    }
    return 2;
}

BaseFormat effectiveBase(const FinetuneSpec& f) {
    return f.method == FinetuneMethod::Qlora && f.base == BaseFormat::Bf16 ? BaseFormat::Nf4 : f.base;
}

namespace {

// The adapters of one layer whose MLP part is `mlp` (dense MLP or shared experts, as `mlpMlps` MLPs of width
// `width`) and, in an MoE layer, `experts` routed experts of width `expertWidth`, of which `active` a token uses.
LayerFinetune layerFinetune(const Scenario& s, const ModelCounts& m, const LayerCounts& layer, double mlps,
                            double width, double experts, double active, double expertWidth) {
    const double r = s.finetune.loraRank, h = m.hidden;
    const bool all = s.finetune.loraTargets == LoraTargets::AllLinear;
    const double mats = m.gated ? 3.0 : 2.0;
    LayerFinetune out;
    double attention = 0, attentionPasses = 0;
    if (s.model.attention == Attention::Mla) {
        // Attention targets: the query and key/value projections (all but the output projection).
        const int n = m.attentionMatmulCount;
        for (int i = 0; i < n; ++i) {
            if (!all && i == n - 1)
                continue;
            const Matmul& x = m.attentionMatmuls[size_t(i)];
            attention += r * (x.in + x.out);
            attentionPasses += 1;
        }
    } else {
        // The LoRA paper's choice: W_q and W_v; all-linear adds W_k and W_o.
        attention = r * (h + m.qDim) + r * (h + m.vDim);
        attentionPasses = 2;
        if (all) {
            attention += r * (h + m.kDim) + r * (m.oDim + h);
            attentionPasses += 2;
        }
    }
    out.tensor = attention;
    out.active = attention;
    out.passes = attentionPasses;
    if (all) {
        const double mlp = mlps * mats * r * (h + width);
        const double expert = mats * r * (h + expertWidth);
        out.tensor += mlp;
        out.routed = experts * expert;
        out.active += mlp + active * expert;
        out.passes += mats * (mlps + active);
    }
    out.linearTensor = layer.attentionMatmul + layer.mlpMatmul;
    out.linearRouted = experts * mats * h * expertWidth;
    return out;
}

} // namespace

FinetuneCounts finetuneCounts(const Scenario& s, const ModelCounts& m) {
    FinetuneCounts c;
    c.frozen = s.finetune.method != FinetuneMethod::Full;
    if (!c.frozen)
        return c;
    const BaseFormat base = effectiveBase(s.finetune);
    c.quantized = base != BaseFormat::Bf16;
    c.rank = s.finetune.loraRank;
    c.baseBytes = baseFormatBytes(base, m.hidden);
    c.otherBytes = s.precision.weights == NumberFormat::Fp32 ? 4.0 : 2.0;
    const double shared = m.expertWidth > 0 ? m.sharedWidth / m.expertWidth : 0.0;
    c.dense = layerFinetune(s, m, m.dense, 1, m.ffnWidth, 0, 0, 0);
    c.moe = m.experts > 0 ? layerFinetune(s, m, m.moe, shared, m.expertWidth, m.experts, m.activeExperts, m.expertWidth)
                          : c.dense;
    c.mtp = m.experts > 0 ? c.moe : c.dense;
    c.mtp.linearTensor += m.mtpExtraMatmul; // the module's 2h -> h projection, frozen and not adapted
    c.adapters = m.denseLayers * c.dense.total() + m.moeLayers * c.moe.total() + m.mtpLayers * c.mtp.total();
    c.activePerToken = m.denseLayers * c.dense.active + m.moeLayers * c.moe.active + m.mtpLayers * c.mtp.active;
    const double linear = m.denseLayers * (c.dense.linearTensor + c.dense.linearRouted) +
                          m.moeLayers * (c.moe.linearTensor + c.moe.linearRouted) +
                          m.mtpLayers * (c.mtp.linearTensor + c.mtp.linearRouted);
    c.frozenBytes = c.baseBytes * linear + c.otherBytes * (m.total + m.mtp - linear);

    // One average layer for the step-time model: the attention targets, and the MLP at the active width.
    const double h = m.hidden;
    auto add = [&](double in, double out) { c.matrices[size_t(c.matrixCount++)] = {in, out, 1}; };
    const bool all = s.finetune.loraTargets == LoraTargets::AllLinear;
    if (s.model.attention == Attention::Mla) {
        const int n = m.attentionMatmulCount;
        for (int i = 0; i < n && c.matrixCount < 6; ++i)
            if (all || i != n - 1)
                add(m.attentionMatmuls[size_t(i)].in, m.attentionMatmuls[size_t(i)].out);
    } else {
        add(h, m.qDim);
        add(h, m.vDim);
        if (all) {
            add(h, m.kDim);
            add(m.oDim, h);
        }
    }
    if (all) {
        add(h, (m.gated ? 2.0 : 1.0) * m.mlpWidth); // up (and gate) at the active width
        add(m.mlpWidth, h);                         // down
    }
    return c;
}

} // namespace tl::engine
