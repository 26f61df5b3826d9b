#include "engine/explain.h"

#include "engine/evaluate.h"
#include "engine/expr.h"
#include "engine/finetune.h"
#include "engine/flops.h"
#include "engine/layout.h"
#include "engine/memory.h"
#include "engine/model.h"
#include "engine/precision.h"
#include "engine/presets.h"
#include "engine/published.h"
#include "engine/steptime.h"
#include "engine/timecost.h"
#include "engine/units.h"

#include <cctype>
#include <cmath>
#include <functional>
#include <map>

namespace tl::engine {
namespace {

constexpr const char* kSrcTask = "seed 000 §2 (the task in numbers)";
constexpr const char* kSrcState = "seed 000 §3 (16 B per parameter), seed 003 §3 (18 B)";
constexpr const char* kSrcFlops = "seed 003 §2 and §4.2 (2mkn per matmul, backward = 2 x forward)";
constexpr const char* kSrcTime = "seed 000 §1 and §4: T = F / (p·P·η)";
constexpr const char* kSrcShard = "seed 000 §5 and §7, seed 001 (ZeRO 1-3, FSDP)";
constexpr const char* kSrcBand = "docs/formulas.md §8d (resources/validation/published_runs.csv)";
constexpr const char* kSrcAct = "Korthikanti et al. 2022, \"Reducing Activation Recomputation\"; docs/formulas.md §5";
constexpr const char* kSrcFp8Memory = "docs/formulas.md §8c (FP8: the block and MX recipes' weight copies)";
constexpr const char* kSrcBuf = "docs/formulas.md §6 (allowances; seed 001 asks to measure them)";
constexpr const char* kSrcParams = "the preset's published config.json; docs/formulas.md §1";
constexpr const char* kSrcPipe = "seed 004 (pipeline bubble (N-1)/M); Narayanan et al. 2021; docs/pipeline.md";
constexpr const char* kSrcChin = "Hoffmann et al. 2022 (Chinchilla, approach 3); seed 003 §6";
constexpr const char* kSrcKaplan = "Kaplan et al. 2020; seed 003 §6";
constexpr const char* kSrcMoe =
    "docs/formulas.md §12 (Megatron-Core expert parallelism; DeepSeek-V3, arXiv 2412.19437)";
constexpr const char* kSrcOffload = "seed 004 (ZeRO-Offload, exercise 5); docs/formulas.md §7";
constexpr const char* kSrcFaults = "Young 1974 and Daly 2006 (first-order checkpoint overhead and optimal interval); "
                                   "docs/formulas.md §13";
constexpr const char* kSrcMtbf = "Llama 3 (Dubey et al. 2024, §3.3.4: 419 unexpected interruptions in 54 days on "
                                 "16,384 GPUs); docs/formulas.md §13";
constexpr const char* kSrcCheckpoint = "seed 000 §3 (16 B per parameter, less the 2 B of gradients, which a "
                                       "checkpoint does not keep); docs/formulas.md §13";

// Everything one evaluation produced, worked out once for all keys.
struct Context {
    const Scenario& s;
    Ledger l;
    ModelCounts m;
    FlopsBreakdown fb;
    StateBytes sb;
    MemoryModel memory;
    MemoryBreakdown mb;
    MemoryModel::Ends ends;
    StepTime st; // the derived step (empty in fixed mode)
    Context(const Scenario& sc)
        : s(sc), l(evaluate(sc)), m(countModel(sc.model)), fb(forwardFlops(m, sc.data)),
          sb(stateBytes(sc.precision, m.hidden)), memory(sc, m, sb), mb(memory.at(sc.parallel.dp)),
          ends(memory.ends(sc.parallel.dp)),
          st(l.valid && l.time.derived ? derivedStepTime(sc, m, sc.parallel.dp) : StepTime{}) {}
    int modelParallel() const { return s.parallel.tp * s.parallel.pp * s.parallel.cp; }
};

// Fills one explanation: e.formula(...).in(...).in(...).from(...).
struct Builder {
    Explanation& e;
    Builder& formula(std::string f) {
        e.formula = std::move(f);
        return *this;
    }
    Builder& in(const char* symbol, double value, const char* unit, std::string meaning) {
        e.operands.push_back({symbol, value, showOperand(value), unit, std::move(meaning)});
        return *this;
    }
    Builder& from(const char* source) {
        e.source = source;
        return *this;
    }
    Builder& note(std::string n) {
        e.note = std::move(n);
        return *this;
    }
};

// Why a scenario has no band: fixed mode, or no validated run of its GPU family.
std::string noBandReason(const Scenario&) {
    return "no band: the MFU is typed (fixed mode), or no validated published run shares this GPU family";
}

// validation.band.low / .high: the smallest (largest) error of the runs the band spans, as nested min (max).
void explainBand(const Context& c, Builder& b, bool low) {
    b.from(kSrcBand);
    if (!c.l.validation.present) {
        b.formula("n == 0").in("n", 0, "runs", noBandReason(c.s));
        return;
    }
    const std::string gpu = gpuFamily(c.s.hardware), parallel = parallelFamily(c.s.parallel);
    std::vector<const RunCheck*> rows, family;
    for (const RunCheck& r : validationTable().rows) {
        if (!bandRow(r) || r.gpuFamily != gpu)
            continue;
        family.push_back(&r);
        if (r.parallelFamily == parallel)
            rows.push_back(&r);
    }
    if (rows.empty())
        rows = family;
    std::string formula;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const std::string symbol = "e" + std::to_string(i + 1);
        b.in(symbol.c_str(), rows[i]->error, "",
             "a validated published run: predicted / published step - 1 (trainledger-cli --validate lists them)");
        formula = i == 0 ? symbol : std::string(low ? "min(" : "max(") + formula + ", " + symbol + ")";
    }
    b.formula(formula);
}

using Rule = std::function<void(const Context&, Builder&)>;

// Shared operand sets.
// The model FLOP/s of one GPU: the typed MFU stretched by offload (fixed mode, the seeds' way), or the MFU the
// derived step implies (which already contains offload).
void rateOperands(const Context& c, Builder& b) {
    b.in("P", c.s.hardware.peakTflops, "TFLOP/s", "hardware.peak_tflops, dense BF16 peak per GPU");
    if (c.l.time.derived)
        b.in("MFU", c.l.time.mfu, "", "time.mfu, from the derived step (efficiency.mode = derived)")
            .in("k_off", 1, "", "offload is inside the derived step");
    else
        b.in("MFU", c.s.efficiency.mfu, "", "efficiency.mfu, model FLOPs utilization")
            .in("k_off", c.l.time.offloadSlowdown, "", "offload slowdown on the step (1 without offload)");
}

// Effective days (checkpoints, lost work and restarts counted) of this layout's run on `gpus` GPUs, only dp varying:
// the days curve's point there (derived mode: that dp's own step).
double effectiveDaysAt(const Context& c, double gpus) {
    const int dp = int(std::clamp(gpus / c.modelParallel(), 1.0, 2e9));
    return layoutTiming(c.s, c.m, workOf(c.l), dp, static_cast<long long>(gpus)).faults.effectiveDays;
}

// The fewest GPUs that finish inside `days`: compute's lower bound when checkpoints and faults still fit at a fixed
// MFU, else the count the search found (engine/timecost.h), with the effective days on both sides of it.
void timeGate(const Context& c, Builder& b, std::int64_t gpus, double days, const char* daysSym, const char* daysWhat) {
    const int mp = c.modelParallel();
    const double rate = c.l.time.tokensPerSPerGpu * c.l.flops.trainingPerToken;
    const double computeOnly =
        std::max(1.0, std::ceil(c.l.flops.total / (days * 86400.0 * rate) / mp - 1e-9)) * double(mp);
    if (gpus >= std::int64_t(1e15)) {
        b.formula("G_cap")
            .in("G_cap", 1e15, "GPUs", "no count finishes: the cap")
            .note("effective days never fall inside the budget: faults grow faster with the GPU count than compute "
                  "shrinks");
        return;
    }
    if (double(gpus) == computeOnly && !c.l.time.derived) { // derived mode: the rate changes with dp
        b.formula("max(1, ceil(F / (" + std::string(daysSym) +
                  " × 86400 × P × 1e12 × MFU / k_off) / n_mp)) "
                  "× n_mp")
            .in("F", c.l.flops.total, "FLOPs", "flops.total")
            .in(daysSym, days, "days", daysWhat);
        rateOperands(c, b);
        b.in("n_mp", mp, "GPUs", "tp x pp x cp: GPUs come in whole model replicas");
        return;
    }
    // One replica fewer, when there is one, is the count that does not fit.
    const std::string fewer = gpus > mp ? " and " + groupDigits(double(gpus - mp)) + " take " +
                                              formatFixed(effectiveDaysAt(c, double(gpus - mp)), 2)
                                        : std::string();
    b.formula("k × n_mp")
        .in("k", double(gpus / mp), "replicas", "fewest whose effective days fit")
        .in("n_mp", mp, "GPUs", "tp x pp x cp: GPUs come in whole model replicas")
        .note("compute alone would need " + groupDigits(computeOnly) + " GPUs; with checkpoints and faults " +
              groupDigits(double(gpus)) + " GPUs take " + formatFixed(effectiveDaysAt(c, double(gpus)), 2) + " days" +
              fewer + ", against " + formatFixed(days, 2));
}

// The parameters a GPU of this stage holds of a state ZeRO shards from `zeroFrom` on, as an expression and its
// operands: "P_stage / tp / d" for a dense model; with MoE the TP-split parts, the routers (whole) and the routed
// experts (over ep x etp and their own data-parallel group).
std::string localParams(Builder& b, const Context& c, int zeroFrom) {
    const auto& par = c.s.parallel;
    const bool sharded = par.zero >= zeroFrom;
    const std::string zeroText = sharded ? "ZeRO-" + std::to_string(par.zero) + " shards it over dp x cp"
                                         : "not sharded at ZeRO-" + std::to_string(par.zero);
    if (c.mb.expertParams == 0 && c.mb.routerParams == 0) {
        b.in("P_stage", c.mb.params, "params", "parameters stage " + std::to_string(c.mb.stage) + " owns")
            .in("tp", par.tp, "", "parallel.tp")
            .in("d", sharded ? c.mb.shard : 1.0, "", zeroText);
        return "P_stage / tp / d";
    }
    b.in("P_tp", c.mb.params - c.mb.expertParams - c.mb.routerParams, "params",
         "attention, norms, dense MLPs, shared experts and embeddings of stage " + std::to_string(c.mb.stage))
        .in("tp", par.tp, "", "parallel.tp")
        .in("P_r", c.mb.routerParams, "params", "routers, whole on every TP rank")
        .in("d", sharded ? c.mb.shard : 1.0, "", zeroText)
        .in("P_e", c.mb.expertParams, "params", "routed experts of the stage")
        .in("ep", par.ep, "", "parallel.ep")
        .in("etp", par.etp, "", "parallel.etp")
        .in("d_e", sharded ? c.mb.expertShard : 1.0, "",
            sharded ? "the expert data-parallel group, tp x cp x dp / (ep x etp)" : zeroText);
    return "((P_tp / tp + P_r) / d + P_e / (ep × etp) / d_e)";
}

void stateShare(Builder& b, const Context& c, const char* bytesSym, double bytes, const char* what, int zeroFrom) {
    b.in(bytesSym, bytes, "B/param", what);
    const std::string params = localParams(b, c, zeroFrom);
    b.formula(std::string(bytesSym) + " × " + params).from(c.mb.expertParams > 0 ? kSrcMoe : kSrcShard);
}

constexpr const char* kSrcStep = "docs/formulas.md §8b, step time from the hardware (engine/steptime.cpp)";

// --- fine-tuning with frozen weights (finetune.method = lora | qlora) ---------------------------------------------
constexpr const char* kSrcLora =
    "Hu et al. 2021 (LoRA, arXiv 2106.09685); Dettmers et al. 2023 (QLoRA, arXiv 2305.14314); docs/formulas.md, "
    "fine-tuning";

const char* frozenMeaning(const Context& c);

bool frozenRun(const Context& c) {
    return c.s.finetune.method != FinetuneMethod::Full;
}

// The adapters on this GPU for a state ZeRO shards from `zeroFrom` on: "(A / d + A_e / d_e)".
std::string adapterShare(Builder& b, const Context& c, int zeroFrom) {
    const auto& par = c.s.parallel;
    const bool sharded = par.zero >= zeroFrom;
    b.in("A", c.mb.adapters, "params", "adapter parameters on this GPU (the stage's, split over TP like their layer)")
        .in("d", sharded ? c.mb.shard : 1.0, "", sharded ? "ZeRO shards them over dp x cp" : "not sharded")
        .in("A_e", c.mb.expertAdapters, "params", "adapters of the routed experts on this GPU (over ep x etp)")
        .in("d_e", sharded ? c.mb.expertShard : 1.0, "", sharded ? "the expert data-parallel group" : "not sharded");
    return "(A / d + A_e / d_e)";
}

// The keys whose formula changes when the base model is frozen; false (nothing written) in full training.
bool frozenExplained(const Context& c, Builder& b, std::string_view key) {
    if (!frozenRun(c))
        return false;
    const FinetuneCounts ft = finetuneCounts(c.s, c.m);
    const auto& f = c.l.flops;
    const double seq = c.s.data.seqLen;
    b.from(kSrcLora);
    auto adapters = [&] {
        b.in("N_a", ft.adapters, "params", "params.trainable: the adapters, r x (in + out) per adapted matrix");
    };
    if (key == "flops.forward_per_sequence") {
        b.formula("F_mm + F_att + F_head + F_mtp + F_lora")
            .in("F_mm", c.fb.layerMatmuls, "FLOPs", "layer matmuls (frozen)")
            .in("F_att", c.fb.attention, "FLOPs", "causal attention")
            .in("F_head", c.fb.lmHead, "FLOPs", "LM head (frozen)")
            .in("F_mtp", c.fb.mtp, "FLOPs", "multi-token-prediction modules (frozen)")
            .in("F_lora", f.forwardAdapters, "FLOPs", "the adapters: 2 x r x (in + out) per adapted matrix and token");
    } else if (key == "flops.backward_per_sequence") {
        b.formula("F_mm + F_head + F_mtp + 2 × F_att + 2 × F_lora")
            .in("F_mm", c.fb.layerMatmuls, "FLOPs", "frozen layer matmuls: the input gradient only")
            .in("F_head", c.fb.lmHead, "FLOPs", "frozen LM head: the input gradient only")
            .in("F_mtp", c.fb.mtp, "FLOPs", "frozen multi-token-prediction modules: the input gradient only")
            .in("F_att", c.fb.attention, "FLOPs", "causal attention: no weights, both of its backward matmuls")
            .in("F_lora", f.forwardAdapters, "FLOPs", "the adapters' forward: input and weight gradients each");
    } else if (key == "flops.training_per_token") {
        b.formula("(F_fwd + F_bwd) / s")
            .in("F_fwd", f.forwardPerSequence, "FLOPs", "forward per sequence")
            .in("F_bwd", f.backwardPerSequence, "FLOPs", "backward per sequence, frozen weights get no gradient")
            .in("s", seq, "tokens", "data.seq_len");
    } else if (key == "flops.training_per_token_full_attention") {
        b.formula("(2 × (F_mm + F_head + F_mtp) + 3 × F_att_full + 3 × F_lora) / s")
            .in("F_mm", c.fb.layerMatmuls, "FLOPs", "frozen layer matmuls per sequence")
            .in("F_head", c.fb.lmHead, "FLOPs", "frozen LM head per sequence")
            .in("F_mtp", c.fb.mtp, "FLOPs", "frozen multi-token-prediction modules per sequence")
            .in("F_att_full", c.fb.attentionFull, "FLOPs", "attention over all s^2 pairs per sequence")
            .in("F_lora", f.forwardAdapters, "FLOPs", "the adapters' forward per sequence")
            .in("s", seq, "tokens", "data.seq_len");
    } else if (key == "state.weight_bytes") {
        b.formula("W_frozen + b_w × N_a").in("W_frozen", ft.frozenBytes, "B", frozenMeaning(c));
        b.in("b_w", c.sb.weights, "B/param", "adapter weights");
        adapters();
    } else if (key == "state.grad_bytes") {
        b.formula("b_g × N_a").in("b_g", c.sb.grads, "B/param", "adapter gradients");
        adapters();
    } else if (key == "state.master_bytes") {
        b.formula("b_m × N_a").in("b_m", c.sb.master, "B/param", "adapter master copy");
        adapters();
    } else if (key == "state.optimizer_bytes") {
        b.formula("b_o × N_a").in("b_o", c.sb.optimizer, "B/param", "adapter optimizer state");
        adapters();
    } else if (key == "state.total_bytes") {
        b.formula("W_frozen + b_state × N_a")
            .in("W_frozen", ft.frozenBytes, "B", frozenMeaning(c))
            .in("b_state", c.sb.total(), "B/param", "the adapters' weights, gradients, master copy and optimizer");
        adapters();
    } else if (key == "memory.weights") {
        b.in("M_frozen", c.mb.frozen, "B", "memory.frozen_weights")
            .in("b_w", c.sb.weights, "B/param", "adapter weights");
        b.formula("M_frozen + b_w × " + adapterShare(b, c, 3));
    } else if (key == "memory.gradients") {
        b.in("b_g", c.sb.grads, "B/param", "adapter gradients (frozen weights have none)");
        b.formula("b_g × " + adapterShare(b, c, 2));
    } else if (key == "memory.master_weights") {
        b.in("b_m", c.sb.master, "B/param", "adapter master copy (frozen weights have none)");
        b.formula("b_m × " + adapterShare(b, c, 1));
    } else if (key == "memory.optimizer") {
        b.in("b_o", c.sb.optimizer, "B/param", "adapter optimizer state (frozen weights have none)");
        b.formula("b_o × " + adapterShare(b, c, 1));
    } else {
        return false;
    }
    return true;
}

// What the frozen model's bytes are made of, for people (one fixed sentence per format, so that it translates).
const char* frozenMeaning(const Context& c) {
    switch (effectiveBase(c.s.finetune)) {
    case BaseFormat::Nf4:
        return "the frozen model: its matrices in NF4 (4 bits, block scales double-quantized), the rest in 16 bits";
    case BaseFormat::Int8:
        return "the frozen model: its matrices in INT8 (one FP32 scale per row), the rest in 16 bits";
    case BaseFormat::Bf16:
        break;
    }
    return "the frozen model in 16 bits";
}

// The derived step's parts: each the expression engine/steptime.cpp sums, with the terms it kept (StepTerms).
void perMicroBatch(const Context& c, Builder& b) {
    b.in("m", c.st.terms.microBatches, "micro-batches", "per pipeline per step")
        .in("L", c.st.stageLayers, "layers", "on the heaviest pipeline stage")
        .from(kSrcStep);
}

void derivedCompute(const Context& c, Builder& b) {
    b.formula("m × (L × t_layer + t_ends)");
    perMicroBatch(c, b);
    b.in("t_layer", c.st.terms.layerKernelS, "s",
         "one layer's kernels, forward and backward: matmuls at a share of peak that falls for thin shards, the "
         "attention core, memory-bound work at HBM bandwidth")
        .in("t_ends", c.st.terms.endsKernelS, "s", "embedding and LM head, forward and backward");
}

void derivedRecompute(const Context& c, Builder& b) {
    const Recompute r = c.s.activations.recompute;
    b.formula("m × L × t_r");
    perMicroBatch(c, b);
    b.in("t_r", c.st.terms.layerRecomputeS, "s",
         r == Recompute::Full        ? "one layer's forward, run again in backward (full recompute)"
         : r == Recompute::Selective ? "one layer's attention core, run again in backward (selective recompute)"
         : r == Recompute::PerOp     ? "one layer's every second matmul, norms, activations and casts, run again in "
                                       "backward (per-op recompute)"
                                     : "nothing is recomputed (activations.recompute = none)");
}

void derivedTensorParallel(const Context& c, Builder& b) {
    const StepTerms& x = c.st.terms;
    const bool sp = c.s.parallel.sequenceParallel && c.s.parallel.tp > 1;
    b.formula("m × L × n × (2 × (t - 1) / t × S / (BW × 1e9) + 2 × (t - 1) × lat)");
    perMicroBatch(c, b);
    b.in("n", x.tpCollectives, "collectives",
         sp ? "all-gather + reduce-scatter pairs per layer: 2 forward, 2 backward, 2 more when the forward is "
              "recomputed"
            : "all-reduces per layer: 2 forward, 2 backward, 2 more when the forward is recomputed")
        .in("t", c.s.parallel.tp, "GPUs", "parallel.tp, the ring's size")
        .in("S", x.tpBytes, "B", "one micro-batch's activation: bytes per value x tokens x hidden")
        .in("BW", x.tpBandwidth / 1e9, "GB/s", "achieved ring bandwidth per GPU (the link x the link fraction)")
        .in("lat", x.tpLatencyS, "s", "one ring step's latency");
}

void derivedContextParallel(const Context& c, Builder& b) {
    const StepTerms& x = c.st.terms;
    b.formula("m × L × (max(0, (n - 1) × t_ring - t_att) + max(0, 2 × (n - 1) × t_ring - t_att_b))");
    perMicroBatch(c, b);
    b.in("n", c.s.parallel.cp, "GPUs", "parallel.cp, the ring's size")
        .in("t_ring", x.cpRingStepS, "s", "one ring step: this rank's K and V")
        .in("t_att", x.attentionS, "s", "the attention core forward, which hides the ring")
        .in("t_att_b", x.attentionBackwardS, "s", "the attention core backward (K, V, dK and dV travel)");
}

constexpr const char* kSrcMoeStep =
    "docs/formulas.md §12, mixture-of-experts step time (engine/moetime.cpp); DeepSeek-V3 §3.2; DeepEP";

// The expert all-to-all: dispatch and combine forward, their gradients backward, per MoE layer; an overlapping
// schedule (dualpipev, parallel.ep_comm_overlap) shows only what the other micro-batch's compute does not cover.
// Dropless without overlap, the forward also idles while the host reads the token counts.
void derivedExpertParallel(const Context& c, Builder& b) {
    const StepTerms& x = c.st.terms;
    const MoeLayerTime& e = x.moe;
    const bool full = c.s.activations.recompute == Recompute::Full;
    b.formula(full ? "m × L_e × (2 × e_f + e_b)" : "m × L_e × (e_f + e_b)")
        .in("m", x.microBatches, "micro-batches", "per pipeline per step")
        .in("L_e", x.moeLayers, "layers", "MoE layers on the heaviest stage (multi-token-prediction modules in)")
        .in("e_f", e.exposedForward, "s",
            e.overlapped      ? "forward dispatch + combine not hidden behind the other micro-batch's compute"
            : e.hostSyncS > 0 ? "forward dispatch + combine (and the etp gather and scatter), none hidden, and "
                                "the GPU's idle time while the host reads the token counts (dropless routing)"
                              : "forward dispatch + combine (and the etp gather and scatter), none hidden")
        .in("e_b", e.exposedBackward, "s",
            e.overlapped ? "the same backward, not hidden" : "the same backward with gradients, none hidden")
        .from(kSrcMoeStep)
        .note("each GPU sends its tokens' top-k copies to the experts' GPUs and takes them back; the busiest "
              "expert's load (model.moe.router_balance) sets the time");
}

void derivedPipelineSends(const Context& c, Builder& b) {
    const StepTerms& x = c.st.terms;
    b.formula("2 × (m × v + p - 1) × t_send")
        .in("m", x.microBatches, "micro-batches", "per pipeline per step")
        .in("v", x.p2pChunks, "chunks", "model chunks per rank (virtual stages)")
        .in("p", c.s.parallel.pp, "stages", "parallel.pp")
        .in("t_send", x.p2pSendS, "s", "one activation or gradient between stages: a 1/tp slice, then gathered")
        .from(kSrcStep)
        .note("every chunk boundary sends the activation forward and its gradient backward");
}

void derivedBubble(const Context& c, Builder& b) {
    if (c.s.parallel.pp <= 1) {
        b.formula("p - 1").in("p", 1, "stages", "no pipeline, no bubble").from(kSrcPipe);
        return;
    }
    b.formula("max(0, T_span - m × (F + B))")
        .in("T_span", c.st.terms.makespanS, "s",
            "the " + std::string(choiceName(c.s.parallel.schedule)) +
                " schedule's closed form with these forward and backward durations (docs/pipeline.md)")
        .in("m", c.st.terms.microBatches, "micro-batches", "per pipeline per step")
        .in("F", c.st.stageForwardS, "s", "one micro-batch's forward through the heaviest stage")
        .in("B", c.st.stageBackwardS, "s", "its backward (input and weight gradients)")
        .from(kSrcPipe);
}

void derivedDataParallel(const Context& c, Builder& b) {
    const StepTerms& x = c.st.terms;
    b.from(kSrcStep);
    if (c.s.parallel.zero >= 3) {
        b.formula("m × (max(0, t_ag - F) + max(0, t_ag + t_rs - B) + t_first)")
            .in("m", x.microBatches, "micro-batches", "per pipeline per step: ZeRO-3 gathers for every micro-batch")
            .in("t_ag", x.dpGatherS, "s", "all-gather of the stage's weight shards")
            .in("t_rs", x.dpScatterS, "s", "reduce-scatter of its gradients")
            .in("F", c.st.stageForwardS, "s", "the forward that hides the gather")
            .in("B", c.st.stageBackwardS, "s", "the backward that hides the gather and the scatter")
            .in("t_first", x.dpFirstS, "s", "the first layer's gather, which nothing hides");
        return;
    }
    b.formula("max(t_dp - B, t_last)")
        .in("t_dp", x.dpCollectiveS, "s",
            c.s.parallel.zero == 0 ? "ring all-reduce of the stage's gradients over dp x cp replicas, once per step"
                                   : "reduce-scatter of the gradients and all-gather of the weights, once per step")
        .in("B", c.st.stageBackwardS, "s", "the last micro-batch's backward, which hides the buckets")
        .in("t_last", x.dpLastBucketS, "s", "the last 40M-parameter bucket, which cannot hide");
}

void derivedOptimizer(const Context& c, Builder& b) {
    const StepTerms& x = c.st.terms;
    const bool onGpu = c.s.offload.optimizer == Offload::None;
    b.formula("N × b_rw / (BW × 1e9)")
        .in("N", onGpu ? x.shardParams : 0, "params",
            onGpu ? "this GPU's shard of the stage's parameters"
                  : "none on the GPU: the optimizer is offloaded (time.breakdown.offload_s)")
        .in("b_rw", x.stateRwBytes, "B/param",
            "master weights and optimizer state read and written, the gradient read, the compute weights written")
        .in("BW", x.hbmBandwidth / 1e9, "GB/s", "achieved HBM bandwidth")
        .from(kSrcStep);
}

void derivedOffload(const Context& c, Builder& b) {
    const StepTerms& x = c.st.terms;
    const Offload o = c.s.offload.optimizer;
    b.formula(o == Offload::Nvme ? "N × (b_pcie / (BW_pcie × 1e9) + b_rw / (BW_host × 1e9) + b_nvme / (BW_nvme × 1e9))"
                                 : "N × (b_pcie / (BW_pcie × 1e9) + b_rw / (BW_host × 1e9))")
        .in("N", o == Offload::None ? 0 : x.shardParams, "params",
            o == Offload::None ? "none: nothing is offloaded" : "this GPU's shard of the stage's parameters")
        .in("b_pcie", x.pcieBytes, "B/param", "gradients to the host and weights back, over PCIe")
        .in("BW_pcie", x.pcieBandwidth / 1e9, "GB/s", "achieved PCIe bandwidth")
        .in("b_rw", x.stateRwBytes, "B/param", "the optimizer step's traffic in host memory")
        .in("BW_host", x.hostBandwidth / 1e9, "GB/s", "achieved host memory bandwidth");
    if (o == Offload::Nvme)
        b.in("b_nvme", x.nvmeBytes, "B/param", "master weights and optimizer state read and written on NVMe")
            .in("BW_nvme", x.nvmeBandwidth / 1e9, "GB/s", "NVMe bandwidth");
    b.from(kSrcOffload);
}

// The bubble as a share of the pipeline's whole time ((p-1)/(m+p-1)) or over the ideal busy time ((p-1)/m, seed
// 004's form): the closed forms differ only in the denominator's p - 1.
void bubbleShare(const Context& c, Builder& b, bool overIdeal) {
    const auto& par = c.s.parallel;
    const std::string tail = overIdeal ? ")" : " + p - 1)";
    b.from(kSrcPipe);
    if (par.pp <= 1)
        b.formula("p - 1").in("p", 1, "stages", "no pipeline, no bubble");
    else if (par.schedule == Schedule::GPipe || par.schedule == Schedule::OneFOneB)
        b.formula("(p - 1) / (m" + tail).in("p", par.pp, "stages", "parallel.pp");
    else if (par.schedule == Schedule::Interleaved)
        b.formula("(p - 1) / (v × m" + tail)
            .in("p", par.pp, "stages", "parallel.pp")
            .in("v", par.virtualStages, "chunks", "parallel.virtual_stages");
    else {
        b.formula("x").in("x", overIdeal ? c.l.pipeline.bubbleOverIdeal : c.l.pipeline.bubbleFraction, "",
                          "the " + std::string(choiceName(par.schedule)) + " closed form (docs/pipeline.md)");
        return;
    }
    if (par.pp > 1)
        b.in("m", c.l.time.microBatchesPerStep, "micro-batches", "per pipeline per step");
}

using PartRule = void (*)(const Context&, Builder&);

// Fixed mode folds communication, bubbles and the optimizer into the typed MFU, so those parts are zero.
void fixedZeroOrDerived(const Context& c, Builder& b, PartRule derived, const char* what) {
    if (c.l.time.derived) {
        derived(c, b);
        return;
    }
    b.formula("0 × t_step")
        .in("t_step", c.l.time.stepTimeS, "s", "seconds per step")
        .from(kSrcTime)
        .note(std::string("efficiency.mode = fixed: the typed MFU already contains the ") + what +
              " time (seed 000 §4), so it is not added again");
}

// LoRA and QLoRA checkpoints hold the adapters only: the frozen base is read again from its own files.
bool checkpointOfAdapters(const Context& c, Builder& b, const char* formula) {
    if (c.s.finetune.method == FinetuneMethod::Full)
        return false;
    b.formula(formula).in("b_w", c.sb.weights, "B/param", "precision.weights");
    if (std::string_view(formula).find("b_m") != std::string_view::npos)
        b.in("b_m", c.sb.master, "B/param", "precision.master")
            .in("b_o", c.sb.optimizer, "B/param", "precision.optimizer");
    b.in("N_a", finetuneCounts(c.s, c.m).adapters, "params", "params.trainable: the adapters")
        .from(kSrcCheckpoint)
        .note("the frozen base weights are not saved: a restart reads them from the base model's files");
    return true;
}

const std::map<std::string, Rule>& rules() {
    static const std::map<std::string, Rule> all = {
        // --- parameters -------------------------------------------------------------------------------------
        {"params.total",
         [](const Context& c, Builder& b) {
             b.formula("P_layers + P_emb + P_norm + P_head")
                 .in("P_layers", c.m.layersTotal, "params", std::to_string(c.m.layers) + " transformer layers")
                 .in("P_emb", c.m.embedding, "params", "token (and position) embedding")
                 .in("P_norm", c.m.finalNorm, "params", "final norm")
                 .in("P_head", c.m.lmHead, "params", "separate LM head (0 when tied)")
                 .from(kSrcParams);
         }},
        {"params.active",
         [](const Context& c, Builder& b) {
             b.formula("P_layers_active + P_emb + P_norm + P_head")
                 .in("P_layers_active", c.m.layersActive, "params", "layers, counting only the experts a token uses")
                 .in("P_emb", c.m.embedding, "params", "token (and position) embedding")
                 .in("P_norm", c.m.finalNorm, "params", "final norm")
                 .in("P_head", c.m.lmHead, "params", "separate LM head (0 when tied)")
                 .from(kSrcParams);
         }},
        {"params.routed_experts",
         [](const Context& c, Builder& b) {
             b.formula("L_moe × E × P_e")
                 .in("L_moe", c.m.moeLayers, "layers", "MoE layers (after model.moe.dense_layers dense ones)")
                 .in("E", c.m.experts, "experts", "model.moe.experts")
                 .in("P_e", c.m.experts > 0 ? c.m.moe.routed / c.m.experts : 0.0, "params", "one routed expert's MLP")
                 .from(kSrcMoe);
         }},
        {"params.mtp",
         [](const Context& c, Builder& b) {
             b.formula("n_mtp × (P_layer + P_join)")
                 .in("n_mtp", c.m.mtpLayers, "modules", "model.mtp_layers")
                 .in("P_layer", c.m.mtpLayer.total(), "params", "its transformer layer")
                 .in("P_join", c.m.mtpExtra, "params", "the 2h -> h projection and three norms")
                 .from("DeepSeek-V3 §2.2 (arXiv 2412.19437); docs/formulas.md §12");
         }},
        {"params.embedding",
         [](const Context& c, Builder& b) {
             b.formula("V × h + P_pos × h")
                 .in("V", c.m.vocab, "tokens", "model.vocab")
                 .in("h", c.m.hidden, "", "model.hidden")
                 .in("P_pos", c.s.model.learnedPositions, "", "model.learned_positions (0 = rotary)")
                 .from(kSrcParams);
         }},
        {"params.lm_head",
         [](const Context& c, Builder& b) {
             b.formula("untied × V × h")
                 .in("untied", c.s.model.tiedEmbeddings ? 0 : 1, "", "1 unless model.tied_embeddings")
                 .in("V", c.m.vocab, "tokens", "model.vocab")
                 .in("h", c.m.hidden, "", "model.hidden")
                 .from(kSrcParams);
         }},
        {"params.derived_shape",
         [](const Context& c, Builder& b) {
             b.formula("N_req > 0")
                 .in("N_req", c.s.model.params, "params", "model.params (0 = the preset's exact shape)")
                 .from("docs/formulas.md §1, shape from a parameter count");
         }},
        // --- FLOPs ------------------------------------------------------------------------------------------
        {"flops.forward_layer_matmuls",
         [](const Context& c, Builder& b) {
             b.formula("2 × M × s")
                 .in("M", c.m.layerMatmuls, "multiply-adds/token", "matrix weights a token passes in all layers")
                 .in("s", c.s.data.seqLen, "tokens", "data.seq_len")
                 .from(kSrcFlops);
         }},
        {"flops.forward_attention",
         [](const Context& c, Builder& b) {
             b.formula("2 × (q + o) × (L_full × pairs + L_win × pairs_w)")
                 .in("q", c.m.qDim, "", "query/key width of all heads (QK^T)")
                 .in("o", c.m.oDim, "", "value width of all heads (AV)")
                 .in("L_full", c.m.layers - c.m.windowLayers, "layers", "layers attending to the whole sequence")
                 .in("pairs", c.fb.pairs, "pairs", "causal attention pairs per sequence")
                 .in("L_win", c.m.windowLayers, "layers", "layers with a sliding window (model.sliding_window)")
                 .in("pairs_w", c.fb.windowPairs, "pairs", "pairs within the window per sequence")
                 .from("seed 003 §4.1 (QK^T and AV over causal pairs); docs/formulas.md §12 (windows, MLA)");
         }},
        {"flops.forward_mtp",
         [](const Context& c, Builder& b) {
             b.formula("n_mtp × (2 × (M_mtp + 2 × h × h) × s + 2 × (q + o) × pairs + F_head)")
                 .in("n_mtp", c.m.mtpLayers, "modules", "model.mtp_layers")
                 .in("M_mtp", c.m.mtpLayer.matmul(), "multiply-adds/token", "one module's layer")
                 .in("h", c.m.hidden, "", "model.hidden")
                 .in("s", c.s.data.seqLen, "tokens", "data.seq_len")
                 .in("q", c.m.qDim, "", "query/key width of all heads")
                 .in("o", c.m.oDim, "", "value width of all heads")
                 .in("pairs", c.fb.pairs, "pairs", "causal attention pairs per sequence")
                 .in("F_head", c.fb.lmHead, "FLOPs", "the LM head, run again on the module's prediction")
                 .from("DeepSeek-V3 §2.2 (arXiv 2412.19437)");
         }},
        {"flops.forward_lm_head",
         [](const Context& c, Builder& b) {
             const auto& d = c.s.data;
             b.formula("2 × V × h × s_head")
                 .in("V", c.m.vocab, "tokens", "model.vocab")
                 .in("h", c.m.hidden, "", "model.hidden")
                 .in("s_head", d.vocabOnSupervisedOnly ? d.supervisedFraction * d.seqLen : double(d.seqLen), "tokens",
                     d.vocabOnSupervisedOnly ? "supervised tokens only (data.vocab_on_supervised_only)"
                                             : "every token of the sequence")
                 .from("seed 003 §4 (the vocabulary projection)");
         }},
        {"flops.forward_per_sequence",
         [](const Context& c, Builder& b) {
             if (frozenExplained(c, b, "flops.forward_per_sequence"))
                 return;
             b.formula("F_mm + F_att + F_head + F_mtp")
                 .in("F_mm", c.fb.layerMatmuls, "FLOPs", "layer matmuls")
                 .in("F_att", c.fb.attention, "FLOPs", "causal attention")
                 .in("F_head", c.fb.lmHead, "FLOPs", "LM head")
                 .in("F_mtp", c.fb.mtp, "FLOPs", "multi-token-prediction modules")
                 .from(kSrcFlops);
         }},
        {"flops.backward_per_sequence",
         [](const Context& c, Builder& b) {
             if (frozenExplained(c, b, "flops.backward_per_sequence"))
                 return;
             b.formula("2 × F_fwd")
                 .in("F_fwd", c.l.flops.forwardPerSequence, "FLOPs", "forward per sequence")
                 .from(kSrcFlops);
         }},
        {"flops.training_per_token",
         [](const Context& c, Builder& b) {
             if (frozenExplained(c, b, "flops.training_per_token"))
                 return;
             b.formula("3 × F_fwd / s")
                 .in("F_fwd", c.l.flops.forwardPerSequence, "FLOPs", "forward per sequence")
                 .in("s", c.s.data.seqLen, "tokens", "data.seq_len")
                 .from("seed 003 §4.2, seed 000 §4 (52.7 GFLOPs per token)");
         }},
        {"flops.six_nd_per_token",
         [](const Context& c, Builder& b) {
             b.formula("6 × N_active").in("N_active", c.m.active, "params", "params.active").from("seed 003 §2 (6ND)");
         }},
        {"flops.six_nd_per_sequence",
         [](const Context& c, Builder& b) {
             b.formula("6 × N_active × s")
                 .in("N_active", c.m.active, "params", "params.active")
                 .in("s", c.s.data.seqLen, "tokens", "data.seq_len")
                 .from("seed 003 §4.2 (6ND with D = 8,192: 402.59 TFLOPs)");
         }},
        {"flops.six_nd_gap",
         [](const Context& c, Builder& b) {
             b.formula("F_tok / F_6N - 1")
                 .in("F_tok", c.l.flops.trainingPerToken, "FLOPs/token", "itemized training FLOPs per token")
                 .in("F_6N", c.l.flops.sixNdPerToken, "FLOPs/token", "6 x active parameters")
                 .from("seed 003 §4.2 (6ND about 7% low: attention pairs and the vocabulary projection)");
         }},
        {"flops.training_per_token_full_attention",
         [](const Context& c, Builder& b) {
             if (frozenExplained(c, b, "flops.training_per_token_full_attention"))
                 return;
             b.formula("3 × (F_mm + 2 × (q + o) × s × (L_full × s + L_win × min(s, w)) + F_head + F_mtp) / s")
                 .in("F_mm", c.fb.layerMatmuls, "FLOPs", "layer matmuls per sequence")
                 .in("s", c.s.data.seqLen, "tokens", "data.seq_len")
                 .in("q", c.m.qDim, "", "query/key width of all heads")
                 .in("o", c.m.oDim, "", "value width of all heads")
                 .in("L_full", c.m.layers - c.m.windowLayers, "layers", "layers attending to the whole sequence")
                 .in("L_win", c.m.windowLayers, "layers", "layers with a sliding window")
                 .in("w", c.m.window, "tokens", "model.sliding_window")
                 .in("F_head", c.fb.lmHead, "FLOPs", "LM head per sequence")
                 .in("F_mtp", c.fb.mtp, "FLOPs", "multi-token-prediction modules per sequence")
                 .from("Megatron-LM / PaLM MFU convention (attention over all s^2 pairs)");
         }},
        {"flops.recompute_per_token",
         [](const Context& c, Builder& b) {
             const Recompute r = c.s.activations.recompute;
             b.formula(r == Recompute::Full        ? "(F_mm + F_att + F_mtp_l) / s"
                       : r == Recompute::Selective ? "F_att / s"
                       : r == Recompute::PerOp     ? "F_mm2 / s"
                                                   : "0 × s")
                 .in("s", c.s.data.seqLen, "tokens", "data.seq_len");
             if (r == Recompute::PerOp)
                 b.in("F_mm2", c.fb.perOpMatmuls, "FLOPs",
                      "every second matmul of each layer per sequence (K, output, MLP up), run again");
             if (r == Recompute::Full || r == Recompute::Selective)
                 b.in("F_att", c.fb.attention, "FLOPs", "causal attention per sequence, run again");
             if (r == Recompute::Full)
                 b.in("F_mm", c.fb.layerMatmuls, "FLOPs", "layer matmuls per sequence, run again (not the LM head)")
                     .in("F_mtp_l", c.fb.mtp - c.fb.mtpLmHead, "FLOPs",
                         "multi-token-prediction layers per sequence, run again (not their LM head)");
             b.from("seed 000 §6 (recompute trades FLOPs for memory)")
                 .note("activations.recompute = " + std::string(choiceName(r)) + (r == Recompute::None ? ": nothing is run twice" : ""));
         }},
        {"flops.recompute_share",
         [](const Context& c, Builder& b) {
             b.formula("F_re / F_tok")
                 .in("F_re", c.l.flops.recomputePerToken, "FLOPs/token", "recompute per token")
                 .in("F_tok", c.l.flops.trainingPerToken, "FLOPs/token", "model FLOPs per token")
                 .from("seed 004 exercise 1 (\"about 33% extra compute\" for full recompute)");
         }},
        {"flops.hardware_per_token",
         [](const Context& c, Builder& b) {
             b.formula("F_tok + F_re")
                 .in("F_tok", c.l.flops.trainingPerToken, "FLOPs/token", "model FLOPs per token")
                 .in("F_re", c.l.flops.recomputePerToken, "FLOPs/token", "recompute per token")
                 .from("docs/formulas.md §2 (hardware FLOPs count recompute)");
         }},
        {"flops.attention_pairs_per_sequence",
         [](const Context& c, Builder& b) {
             const auto& docs = c.s.data.documents;
             b.from("seed 003 §4.1 (N_pair of packed documents)");
             if (docs.empty()) {
                 b.formula("s × (s + 1) / 2").in("s", c.s.data.seqLen, "tokens", "one document filling the sequence");
                 return;
             }
             static const char* names[] = {"d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8"};
             if (docs.size() > 8) {
                 b.formula("pairs").in("pairs", c.fb.pairs, "pairs",
                                       "Σ d(d+1)/2 over the " + std::to_string(docs.size()) + " documents");
                 return;
             }
             std::string f;
             for (size_t i = 0; i < docs.size(); ++i) {
                 f += (i ? " + " : "") + std::string(names[i]) + " × (" + names[i] + " + 1) / 2";
                 b.in(names[i], docs[i], "tokens", "document " + std::to_string(i + 1) + " of data.documents");
             }
             b.formula(f);
         }},
        {"flops.total",
         [](const Context& c, Builder& b) {
             b.formula("F_tok × D_proc")
                 .in("F_tok", c.l.flops.trainingPerToken, "FLOPs/token", "model FLOPs per token")
                 .in("D_proc", c.l.time.tokensProcessed, "tokens", "tokens processed in whole steps")
                 .from("seed 000 §4 (5.27e21 FLOPs for 100B tokens)");
         }},
        // --- training state ---------------------------------------------------------------------------------
        {"state.bytes_per_param",
         [](const Context& c, Builder& b) {
             b.formula("b_w + b_g + b_m + b_o")
                 .in("b_w", c.sb.weights, "B", "precision.weights = " + std::string(choiceName(c.s.precision.weights)))
                 .in("b_g", c.sb.grads, "B", "precision.grads = " + std::string(choiceName(c.s.precision.grads)))
                 .in("b_m", c.sb.master, "B", "precision.master = " + std::string(choiceName(c.s.precision.master)))
                 .in("b_o", c.sb.optimizer, "B", "precision.optimizer = " + std::string(choiceName(c.s.precision.optimizer)))
                 .from(kSrcState);
         }},
        {"state.weight_bytes_per_param",
         [](const Context& c, Builder& b) {
             b.formula("b").in("b", c.sb.weights, "B", "one " + std::string(choiceName(c.s.precision.weights)) + " element").from(kSrcState);
         }},
        {"state.grad_bytes_per_param",
         [](const Context& c, Builder& b) {
             b.formula("b").in("b", c.sb.grads, "B", "one " + std::string(choiceName(c.s.precision.grads)) + " element").from(kSrcState);
         }},
        {"state.master_bytes_per_param",
         [](const Context& c, Builder& b) {
             b.formula("b")
                 .in("b", c.sb.master, "B", "one " + std::string(choiceName(c.s.precision.master)) + " element (none = no master copy)")
                 .from(kSrcState);
         }},
        {"state.optimizer_bytes_per_param",
         [](const Context& c, Builder& b) {
             const Optimizer o = c.s.precision.optimizer;
             b.from("seed 000 §3 (Adam: two FP32 moments); docs/formulas.md §3");
             if (o == Optimizer::Adam)
                 b.formula("n_mom × b_fp32")
                     .in("n_mom", 2, "", "Adam's two moments")
                     .in("b_fp32", 4, "B", "one FP32 element");
             else if (o == Optimizer::Adam8bit)
                 b.formula("n_mom × b").in("n_mom", 2, "", "two moments").in("b", 1, "B", "one 8-bit element");
             else if (o == Optimizer::Adafactor)
                 b.formula("8 / h").in("h", c.m.hidden, "", "model.hidden: one FP32 row and column per h x h matrix");
             else if (o == Optimizer::SgdMomentum)
                 b.formula("b_fp32").in("b_fp32", 4, "B", "one FP32 momentum buffer");
             else
                 b.formula("0 × n").in("n", 0, "", "no optimizer state");
         }},
        {"state.weight_bytes",
         [](const Context& c, Builder& b) {
             if (frozenExplained(c, b, "state.weight_bytes"))
                 return;
             b.formula("b_w × (N + N_mtp)")
                 .in("b_w", c.sb.weights, "B/param", "weights")
                 .in("N", c.m.total, "params", "params.total")
                 .in("N_mtp", c.m.mtp, "params", "params.mtp (trained beside the model)");
             b.from(kSrcState);
         }},
        {"state.grad_bytes",
         [](const Context& c, Builder& b) {
             if (frozenExplained(c, b, "state.grad_bytes"))
                 return;
             b.formula("b_g × (N + N_mtp)")
                 .in("b_g", c.sb.grads, "B/param", "gradients")
                 .in("N", c.m.total, "params", "params.total")
                 .in("N_mtp", c.m.mtp, "params", "params.mtp (trained beside the model)");
             b.from(kSrcState);
         }},
        {"state.master_bytes",
         [](const Context& c, Builder& b) {
             if (frozenExplained(c, b, "state.master_bytes"))
                 return;
             b.formula("b_m × (N + N_mtp)")
                 .in("b_m", c.sb.master, "B/param", "master copy")
                 .in("N", c.m.total, "params", "params.total")
                 .in("N_mtp", c.m.mtp, "params", "params.mtp (trained beside the model)");
             b.from(kSrcState);
         }},
        {"state.optimizer_bytes",
         [](const Context& c, Builder& b) {
             if (frozenExplained(c, b, "state.optimizer_bytes"))
                 return;
             b.formula("b_o × (N + N_mtp)")
                 .in("b_o", c.sb.optimizer, "B/param", "optimizer")
                 .in("N", c.m.total, "params", "params.total")
                 .in("N_mtp", c.m.mtp, "params", "params.mtp (trained beside the model)");
             b.from(kSrcState);
         }},
        {"state.total_bytes",
         [](const Context& c, Builder& b) {
             if (frozenExplained(c, b, "state.total_bytes"))
                 return;
             b.formula("b_state × (N + N_mtp)")
                 .in("b_state", c.sb.total(), "B/param", "state.bytes_per_param")
                 .in("N", c.m.total, "params", "params.total (MoE: every expert has state)")
                 .in("N_mtp", c.m.mtp, "params", "params.mtp (trained beside the model)")
                 .from(kSrcState);
         }},
        // --- memory per GPU ---------------------------------------------------------------------------------
        {"memory.weights",
         [](const Context& c, Builder& b) {
             if (frozenExplained(c, b, "memory.weights"))
                 return;
             stateShare(b, c, "b_w", c.sb.weights, "weight bytes per parameter", 3);
             if (c.mb.fp8CopyBytes > 0)
                 b.in("b_8", c.mb.fp8CopyBytes, "B/param", "FP8 weight and its transpose, kept by the FP8 recipe")
                     .in("P_8", c.mb.fp8CopyParams, "params",
                         "linear-matmul parameters on this GPU (not the embedding, head, routers or norms)")
                     .formula(b.e.formula + " + b_8 × P_8")
                     .from(kSrcFp8Memory);
         }},
        {"memory.gradients",
         [](const Context& c, Builder& b) {
             if (!frozenExplained(c, b, "memory.gradients"))
                 stateShare(b, c, "b_g", c.sb.grads, "gradient bytes per parameter", 2);
         }},
        {"memory.master_weights",
         [](const Context& c, Builder& b) {
             if (c.s.offload.optimizer != Offload::None) {
                 b.formula("0 × b_m").in("b_m", c.sb.master, "B/param", "master copy").from(kSrcOffload);
                 b.note("offload.optimizer = " + std::string(choiceName(c.s.offload.optimizer)) + ": the master copy lives off the GPU");
                 return;
             }
             if (!frozenExplained(c, b, "memory.master_weights"))
                 stateShare(b, c, "b_m", c.sb.master, "master bytes per parameter", 1);
         }},
        {"memory.optimizer",
         [](const Context& c, Builder& b) {
             if (c.s.offload.optimizer != Offload::None) {
                 b.formula("0 × b_o").in("b_o", c.sb.optimizer, "B/param", "optimizer").from(kSrcOffload);
                 b.note("offload.optimizer = " + std::string(choiceName(c.s.offload.optimizer)) + ": the optimizer state lives off the GPU");
                 return;
             }
             if (!frozenExplained(c, b, "memory.optimizer"))
                 stateShare(b, c, "b_o", c.sb.optimizer, "optimizer bytes per parameter", 1);
         }},
        {"memory.routed_experts",
         [](const Context& c, Builder& b) {
             b.formula("M_ew + M_eg + M_em + M_eo")
                 .in("M_ew", c.mb.expertWeights, "B", "routed experts' weights per GPU")
                 .in("M_eg", c.mb.expertGradients, "B", "their gradients")
                 .in("M_em", c.mb.expertMaster, "B", "their master copy")
                 .in("M_eo", c.mb.expertOptimizer, "B", "their optimizer state")
                 .from(kSrcMoe);
         }},
        {"memory.dispatch_buffers",
         [](const Context& c, Builder& b) {
             const auto& par = c.s.parallel;
             const auto& d = c.s.data;
             b.formula("moe × 2 × a × T / sp × K × h")
                 .in("moe", c.m.moeLayers > 0 ? 1 : 0, "", "1 when the model has MoE layers")
                 .in("a", c.s.precision.weights == NumberFormat::Fp32 ? 4 : 2, "B", "activation element")
                 .in("T", double(d.seqLen) / par.cp * d.microBatch, "tokens", "seq_len / cp x micro_batch")
                 .in("sp", par.sequenceParallel ? par.tp : 1, "", "sequence parallelism splits the tokens over TP")
                 .in("K", routedLoad(c.m, c.s), "copies/token",
                     "active experts x the busiest expert's load over the mean (router_balance, capacity_factor)")
                 .in("h", c.m.hidden, "", "model.hidden")
                 .from(kSrcMoe);
         }},
        {"memory.state",
         [](const Context& c, Builder& b) {
             b.formula("M_w + M_g + M_m + M_o")
                 .in("M_w", c.l.memory.weights, "B", "weights per GPU")
                 .in("M_g", c.l.memory.gradients, "B", "gradients per GPU")
                 .in("M_m", c.l.memory.masterWeights, "B", "master weights per GPU")
                 .in("M_o", c.l.memory.optimizer, "B", "optimizer state per GPU")
                 .from(kSrcShard);
         }},
        {"memory.state_per_param",
         [](const Context& c, Builder& b) {
             b.formula("M_state / N")
                 .in("M_state", c.l.memory.state, "B", "training state per GPU")
                 .in("N", c.m.total, "params", "params.total")
                 .from("seed 000 §5: 16N, 4N + 12N/p, 2N + 14N/p, 16N/p");
         }},
        {"memory.activations",
         [](const Context& c, Builder& b) {
             b.formula("A_layers + A_logits")
                 .in("A_layers", c.l.memory.activationsLayers, "B", "transformer layers")
                 .in("A_logits", c.l.memory.activationsLogits, "B", "LM-head logits")
                 .from(kSrcAct);
         }},
        {"memory.activations_layers",
         [](const Context& c, Builder& b) {
             // Full and per-op recompute rebuild one layer's whole set during its backward.
             const bool full =
                 c.s.activations.recompute == Recompute::Full || c.s.activations.recompute == Recompute::PerOp;
             b.formula(full ? "m_fl × L_stage × A_kept + A_layer" : "m_fl × L_stage × A_kept")
                 .in("m_fl", c.mb.inFlight, "micro-batches", "in flight on stage " + std::to_string(c.mb.stage))
                 .in("L_stage", c.mb.layersOnStage, "layers", "layers per stage")
                 .in("A_kept", c.mb.layerStored, "B", "what one layer keeps per micro-batch (" +
                                                          std::string(choiceName(c.s.activations.recompute)) + " recompute)");
             if (full)
                 b.in("A_layer", c.mb.layerWorking, "B", "one layer rebuilt in full during backward");
             b.from(kSrcAct);
         }},
        {"memory.activations_logits",
         [](const Context& c, Builder& b) {
             const auto& d = c.s.data;
             const double T = double(d.seqLen) / c.s.parallel.cp * d.microBatch;
             const CrossEntropy ce = c.s.activations.crossEntropy;
             b.formula("head × (1 + n_mtp) × (b_logit × T_loss × V + a × T × h) / tp")
                 .in("head", c.mb.holdsHead ? 1 : 0, "", "1 when this stage holds the LM head")
                 .in("n_mtp", c.m.mtpLayers, "modules", "multi-token-prediction modules run the head again")
                 .in("b_logit", logitBytes(c.s), "B",
                     ce == CrossEntropy::Fused     ? "a logit: the head's 16-bit output, kept by the fused loss kernel "
                                                     "(activations.cross_entropy = fused)"
                     : ce == CrossEntropy::Unfused ? "a logit: log-softmax output, its gradient and the logits' gradient "
                                                     "in FP32 (activations.cross_entropy = unfused)"
                                                   : "a logit: the FP32 softmax, its gradient formed in place "
                                                     "(activations.cross_entropy = fp32_softmax)")
                 .in("T_loss", d.vocabOnSupervisedOnly ? d.supervisedFraction * T : T, "tokens",
                     "tokens whose logits are kept")
                 .in("V", c.m.vocab, "", "model.vocab")
                 .in("a", c.s.precision.weights == NumberFormat::Fp32 ? 4 : 2, "B", "activation element")
                 .in("T", T, "tokens", "seq_len / cp x micro_batch")
                 .in("h", c.m.hidden, "", "model.hidden")
                 .in("tp", c.s.parallel.tp, "", "vocab-parallel over TP")
                 .from(kSrcAct);
         }},
        {"memory.buffers",
         [](const Context& c, Builder& b) {
             b.formula("R + K + G + X + D + Q + f × A")
                 .in("R", kRuntimeReserveBytes, "B", "runtime reserve (CUDA context, cuBLAS, NCCL)")
                 .in("K", c.mb.bufBuckets, "B", "two gradient buckets (up to 40M elements) when dp x cp > 1")
                 .in("G", c.mb.bufGather, "B", "ZeRO-3: the gathered largest layer and its prefetch")
                 .in("X", c.mb.bufTpGather, "B", "TP: one activation all-gather buffer")
                 .in("D", c.mb.bufDispatch, "B", "MoE: one layer's all-to-all dispatch and combine buffers")
                 .in("Q", c.mb.bufDequant, "B", "QLoRA: one layer's quantized matrices dequantized to 16 bits")
                 .in("f", kAllocatorOverhead, "", "allocator fragmentation share of activations")
                 .in("A", c.l.memory.activations, "B", "activations per GPU")
                 .from(kSrcBuf);
         }},
        {"memory.total",
         [](const Context& c, Builder& b) {
             const auto& mem = c.l.memory;
             b.formula("M_w + M_g + M_m + M_o + M_act + M_buf")
                 .in("M_w", mem.weights, "B", "weights")
                 .in("M_g", mem.gradients, "B", "gradients")
                 .in("M_m", mem.masterWeights, "B", "master weights")
                 .in("M_o", mem.optimizer, "B", "optimizer state")
                 .in("M_act", mem.activations, "B", "activations")
                 .in("M_buf", mem.buffers, "B", "buffers and overhead")
                 .from(kSrcShard);
         }},
        {"memory.capacity",
         [](const Context& c, Builder& b) {
             b.formula("M_gb × 1e9").in("M_gb", c.s.hardware.memoryGb, "GB", "hardware.memory_gb").from("GPU datasheet");
         }},
        {"memory.fits",
         [](const Context& c, Builder& b) {
             b.formula("M_total <= C")
                 .in("M_total", c.l.memory.total, "B", "total per GPU")
                 .in("C", c.l.memory.capacity, "B", "capacity per GPU")
                 .from("seed 000 §3 (the memory gate)");
         }},
        {"memory.stage",
         [](const Context& c, Builder& b) {
             b.formula("M_last > max(M_first, M_mid) ? pp - 1 : (M_mid > M_first ? 1 : 0)")
                 .in("M_last", c.ends.last.total(), "B", "total on the last stage (LM head, logits)")
                 .in("M_first", c.ends.first.total(), "B", "total on the first stage (embedding)")
                 .in("M_mid", c.ends.middle.total(), "B",
                     "total on stage 1 when stage 0 holds dense layers of an MoE model (else stage 0's)")
                 .in("pp", c.s.parallel.pp, "", "parallel.pp")
                 .from("docs/formulas.md §4 and §12 (the most loaded stage)");
         }},
        {"memory.in_flight_micro_batches",
         [](const Context& c, Builder& b) {
             const auto& par = c.s.parallel;
             const bool last = par.pp > 1 && c.mb.stage == par.pp - 1;
             b.from("docs/pipeline.md (closed forms, checked against the simulator)");
             if (par.pp <= 1) {
                 b.formula("p").in("p", 1, "stages", "no pipeline: micro-batches run one after another");
             } else if (par.schedule == Schedule::GPipe) {
                 b.formula("m").in("m", c.l.time.microBatchesPerStep, "micro-batches",
                                   "GPipe keeps every forward until the backwards");
             } else if (par.schedule == Schedule::OneFOneB && !last) {
                 b.formula("min(m, p)")
                     .in("m", c.l.time.microBatchesPerStep, "micro-batches", "per pipeline per step")
                     .in("p", par.pp, "stages", "1F1B: stage 0 runs p forwards before its first backward");
             } else {
                 b.formula("m_fl").in("m_fl", c.mb.inFlight, "micro-batches",
                                      "the closed form of parallel.schedule on stage " + std::to_string(c.mb.stage));
             }
         }},
        {"memory.offloaded",
         [](const Context& c, Builder& b) {
             const bool off = c.s.offload.optimizer != Offload::None;
             b.in("off", off ? 1 : 0, "", "1 when offload.optimizer is cpu or nvme")
                 .in("b_m", c.sb.master, "B/param", "master copy")
                 .in("b_o", c.sb.optimizer, "B/param", "optimizer")
                 .from(kSrcOffload);
             b.formula("off × (b_m + b_o) × " + localParams(b, c, 1));
         }},
        {"memory.host_per_node",
         [](const Context& c, Builder& b) {
             b.formula("O × min(G, g_node)")
                 .in("O", c.l.memory.offloadedPerGpu, "B", "offloaded per GPU")
                 .in("G", c.l.time.gpus, "GPUs", "time.gpus")
                 .in("g_node", c.s.hardware.gpusPerNode, "GPUs", "hardware.gpus_per_node")
                 .from(kSrcOffload);
         }},
        // --- steps and time ---------------------------------------------------------------------------------
        {"time.tokens_per_step",
         [](const Context& c, Builder& b) {
             b.formula("B × s")
                 .in("B", c.s.data.globalBatch, "sequences", "data.global_batch")
                 .in("s", c.s.data.seqLen, "tokens", "data.seq_len")
                 .from(kSrcTask);
         }},
        {"time.steps",
         [](const Context& c, Builder& b) {
             b.formula("ceil(D / (B × s))")
                 .in("D", c.s.data.tokens, "tokens", "data.tokens")
                 .in("B", c.s.data.globalBatch, "sequences", "data.global_batch")
                 .in("s", c.s.data.seqLen, "tokens", "data.seq_len")
                 .from(kSrcTask);
         }},
        {"time.tokens_processed",
         [](const Context& c, Builder& b) {
             b.formula("n_steps × T_step")
                 .in("n_steps", double(c.l.time.steps), "steps", "time.steps")
                 .in("T_step", double(c.l.time.tokensPerStep), "tokens", "time.tokens_per_step")
                 .from(kSrcTask);
         }},
        {"time.gradient_accumulation",
         [](const Context& c, Builder& b) {
             b.formula("max(1, floor(B / (b × dp)))")
                 .in("B", c.s.data.globalBatch, "sequences", "data.global_batch")
                 .in("b", c.s.data.microBatch, "sequences", "data.micro_batch")
                 .in("dp", c.s.parallel.dp, "", "parallel.dp")
                 .from("seed 003 §3.1, seed 004 exercise 3 (micro-batches accumulated per update)");
         }},
        {"time.training_days",
         [](const Context& c, Builder& b) {
             b.formula("T_deadline - T_reserve")
                 .in("T_deadline", c.s.schedule.deadlineDays, "days", "schedule.deadline_days")
                 .in("T_reserve", c.s.schedule.reserveDays, "days", "schedule.reserve_days")
                 .from(kSrcTask);
         }},
        {"time.step_budget_s",
         [](const Context& c, Builder& b) {
             b.formula("T_train × 86400 / n_steps")
                 .in("T_train", c.l.time.trainingDays, "days", "deadline less reserve")
                 .in("n_steps", double(c.l.time.steps), "steps", "time.steps")
                 .from(kSrcTask);
         }},
        {"time.required_tokens_per_s",
         [](const Context& c, Builder& b) {
             b.formula("D_proc / (T_train × 86400)")
                 .in("D_proc", c.l.time.tokensProcessed, "tokens", "tokens processed")
                 .in("T_train", c.l.time.trainingDays, "days", "deadline less reserve")
                 .from(kSrcTask);
         }},
        {"time.required_tokens_per_s_full_deadline",
         [](const Context& c, Builder& b) {
             b.formula("D_proc / (T_deadline × 86400)")
                 .in("D_proc", c.l.time.tokensProcessed, "tokens", "tokens processed")
                 .in("T_deadline", c.s.schedule.deadlineDays, "days", "schedule.deadline_days")
                 .from(kSrcTask);
         }},
        {"time.tokens_per_s_per_gpu",
         [](const Context& c, Builder& b) {
             b.formula("P × 1e12 × MFU / k_off / F_tok");
             rateOperands(c, b);
             b.in("F_tok", c.l.flops.trainingPerToken, "FLOPs/token", "model FLOPs per token")
                 .from("seed 000 §4 (7,507 tokens/s per GPU at 40%)")
                 .note("the seed divides by 52.7 GFLOPs after rounding 52.66: 7,507; unrounded 7,513 "
                       "(docs/formulas.md §10)");
         }},
        {"time.gpus",
         [](const Context& c, Builder& b) {
             const auto& par = c.s.parallel;
             b.formula("tp × pp × dp × cp")
                 .in("tp", par.tp, "", "parallel.tp")
                 .in("pp", par.pp, "", "parallel.pp")
                 .in("dp", par.dp, "", "parallel.dp")
                 .in("cp", par.cp, "", "parallel.cp")
                 .from("seed 000 §7, seed 004 (3D parallelism: 8 x 16 x 128 = 16,384)");
         }},
        {"time.step_time_s",
         [](const Context& c, Builder& b) {
             b.formula("F_tok × T_step / (G × P × 1e12 × MFU / k_off)")
                 .in("F_tok", c.l.flops.trainingPerToken, "FLOPs/token", "model FLOPs per token")
                 .in("T_step", double(c.l.time.tokensPerStep), "tokens", "tokens per step")
                 .in("G", c.l.time.gpus, "GPUs", "time.gpus");
             rateOperands(c, b);
             b.from(kSrcTime);
         }},
        {"time.days",
         [](const Context& c, Builder& b) {
             b.formula("F / (G × P × 1e12 × MFU / k_off) / 86400")
                 .in("F", c.l.flops.total, "FLOPs", "flops.total")
                 .in("G", c.l.time.gpus, "GPUs", "time.gpus");
             rateOperands(c, b);
             b.from(kSrcTime);
         }},
        {"time.gpu_hours",
         [](const Context& c, Builder& b) {
             b.formula("G × t_days × 24")
                 .in("G", c.l.time.gpus, "GPUs", "time.gpus")
                 .in("t_days", c.l.time.days, "days", "wall-clock days")
                 .from(kSrcTime);
         }},
        {"time.offload_slowdown",
         [](const Context& c, Builder& b) {
             b.formula("k").in("k", c.l.time.offloadSlowdown, "", "offload.optimizer = " + std::string(choiceName(c.s.offload.optimizer)) +
                                                                     " (cpu 1.5, nvme 2.0, none 1)");
             b.from(kSrcOffload).note("cpu: the top of seed 004's \"optimizer step 30-50% slower\"; nvme: an "
                                      "assumption");
         }},
        {"time.min_gpus_compute",
         [](const Context& c, Builder& b) {
             timeGate(c, b, c.l.time.minGpusCompute, c.l.time.trainingDays, "T_train", "deadline less reserve");
             b.from("seed 000 §4 (the compute lower bound); docs/formulas.md §13");
             if (b.e.note.empty())
                 b.note("the seed's \"6 GPUs\" compares against the whole 30 days; keeping the 5-day reserve needs 7 "
                        "(docs/formulas.md §10)");
         }},
        {"time.min_gpus_compute_full_deadline",
         [](const Context& c, Builder& b) {
             timeGate(c, b, c.l.time.minGpusComputeFullDeadline, c.s.schedule.deadlineDays, "T_deadline",
                      "schedule.deadline_days");
             b.from("seed 000 §4 (6 H100s for 30 days); docs/formulas.md §13");
         }},
        {"time.min_gpus_memory",
         [](const Context& c, Builder& b) {
             b.from("seed 000 §4 (the capacity lower bound), docs/formulas.md §8");
             const int mp = c.modelParallel();
             if (c.l.time.minGpusMemory) {
                 const int dp = int(*c.l.time.minGpusMemory / mp);
                 b.formula("dp_min × n_mp")
                     .in("dp_min", dp, "", "fewest dp whose total fits, other parallelism fixed")
                     .in("n_mp", mp, "GPUs", "tp x pp x cp");
                 b.note("at dp = " + std::to_string(dp) + ": " + formatBytesBoth(c.memory.at(dp).total()) +
                        " per GPU fits " + formatBytesBoth(c.l.memory.capacity) +
                        (dp > 1 ? "; at dp = " + std::to_string(dp - 1) + ": " +
                                      formatBytesBoth(c.memory.at(dp - 1).total())
                                : std::string()));
             } else {
                 const int maxDp = std::max(1, c.s.data.globalBatch / c.s.data.microBatch);
                 b.formula("M_max > C")
                     .in("M_max", c.memory.at(std::min(maxDp, 1 << 20)).total(), "B",
                         "per GPU at the most replicas a step can use (global_batch / micro_batch)")
                     .in("C", c.l.memory.capacity, "B", "capacity per GPU")
                     .note("no dp fits: the result is none");
             }
         }},
        {"time.min_gpus_state",
         [](const Context& c, Builder& b) {
             b.formula("max(1, ceil(S / C))")
                 .in("S", c.l.state.totalBytes, "B", "unsharded training state")
                 .in("C", c.l.memory.capacity, "B", "capacity per GPU")
                 .from("seed 000 §4 (2 x 80 GB hold 131.1 GB), seed 004 (405B: 61 H100s)")
                 .note("state only, fully sharded: activations and buffers are not counted");
         }},
        {"time.finishes",
         [](const Context& c, Builder& b) {
             b.formula("T_eff <= T_train")
                 .in("T_eff", c.l.time.daysEffective, "days", "time.days_effective: checkpoints and faults counted")
                 .in("T_train", c.l.time.trainingDays, "days", "deadline less reserve")
                 .from("seed 000 §4 (the time gate)");
         }},
        {"time.binding_gate",
         [](const Context& c, Builder& b) {
             const double mem = c.l.time.minGpusMemory ? double(*c.l.time.minGpusMemory) : 1e16;
             b.formula("max(G_mem, G_time) <= n_mp ? \"none\" : (G_mem >= G_time ? \"memory\" : \"time\")")
                 .in("G_mem", mem, "GPUs", c.l.time.minGpusMemory ? "time.min_gpus_memory" : "no dp fits: 1e16")
                 .in("G_time", double(c.l.time.minGpusCompute), "GPUs", "time.min_gpus_compute")
                 .in("n_mp", c.modelParallel(), "GPUs", "tp x pp x cp")
                 .from("seed 000 §4 (take the larger of the two lower bounds)");
         }},
        {"cost.usd",
         [](const Context& c, Builder& b) {
             b.formula("H × price")
                 .in("H", c.l.time.gpuHours, "GPU-hours", "time.gpu_hours")
                 .in("price", c.s.hardware.usdPerGpuHour, "$/GPU-hour", "hardware.usd_per_gpu_hour")
                 .from("seed 004 exercise 4 (A100 $2, H100 $3.5 per hour)");
         }},
        // --- checkpoints, faults and restarts (engine/timecost.cpp FaultModel) --------------------------------
        {"time.days_effective",
         [](const Context& c, Builder& b) {
             const auto& ck = c.l.checkpoint;
             b.in("t_days", c.l.time.days, "days", "time.days, compute only")
                 .in("b", ck.blockingS, "s", "checkpoint.blocking_s, training waits per checkpoint")
                 .in("tau", ck.intervalS, "s", "checkpoint.interval_s")
                 .from(kSrcFaults);
             if (c.l.time.daysEffective >= 1e12) {
                 b.formula("max(1e12, t_days × (1 + b / tau))")
                     .note("faults come faster than the job recovers: it never finishes (shown at the cap)");
                 return;
             }
             b.formula("t_days × (1 + b / tau) / (1 - L / M)")
                 .in("L", c.l.goodput.lostPerFaultS, "s", "goodput.lost_per_fault_s")
                 .in("M", c.l.goodput.jobMtbfS, "s", "goodput.job_mtbf_s");
         }},
        {"goodput.reserve_needed_days",
         [](const Context& c, Builder& b) {
             b.from(kSrcFaults);
             if (c.l.time.daysEffective >= 1e12) {
                 b.formula("T_eff - t_days")
                     .in("T_eff", c.l.time.daysEffective, "days", "time.days_effective")
                     .in("t_days", c.l.time.days, "days", "time.days, compute only");
                 return;
             }
             // T_eff - t_days, written so that the shown operands keep the small difference's digits.
             b.formula("t_days × ((1 + b / tau) / (1 - L / M) - 1)")
                 .in("t_days", c.l.time.days, "days", "time.days, compute only")
                 .in("b", c.l.checkpoint.blockingS, "s", "checkpoint.blocking_s, training waits per checkpoint")
                 .in("tau", c.l.checkpoint.intervalS, "s", "checkpoint.interval_s")
                 .in("L", c.l.goodput.lostPerFaultS, "s", "goodput.lost_per_fault_s")
                 .in("M", c.l.goodput.jobMtbfS, "s", "goodput.job_mtbf_s");
         }},
        {"goodput.fraction",
         [](const Context& c, Builder& b) {
             b.formula("t_days / T_eff")
                 .in("t_days", c.l.time.days, "days", "time.days, compute only")
                 .in("T_eff", c.l.time.daysEffective, "days", "time.days_effective")
                 .from(kSrcFaults);
         }},
        {"goodput.interruptions",
         [](const Context& c, Builder& b) {
             b.formula("T_eff × 86400 / M")
                 .in("T_eff", c.l.time.daysEffective, "days", "time.days_effective")
                 .in("M", c.l.goodput.jobMtbfS, "s", "goodput.job_mtbf_s")
                 .from(kSrcMtbf);
         }},
        {"goodput.job_mtbf_s",
         [](const Context& c, Builder& b) {
             b.formula("MTBF × 3600 / G")
                 .in("MTBF", c.s.reliability.gpuMtbfHours, "hours", "reliability.gpu_mtbf_hours, per GPU")
                 .in("G", c.l.time.gpus, "GPUs", "time.gpus")
                 .from(kSrcMtbf);
         }},
        {"goodput.lost_per_fault_s",
         [](const Context& c, Builder& b) {
             const auto& ck = c.l.checkpoint;
             b.in("tau", ck.intervalS, "s", "checkpoint.interval_s: on average half of it is redone")
                 .in("R", c.s.reliability.restartMin, "min", "reliability.restart_min")
                 .from(kSrcFaults);
             if (c.s.checkpoint.async)
                 b.formula("tau / 2 + W + R × 60")
                     .in("W", ck.writeS, "s", "checkpoint.write_s: the last checkpoint counts once it is written");
             else
                 b.formula("tau / 2 + R × 60");
         }},
        {"checkpoint.bytes_weights",
         [](const Context& c, Builder& b) {
             if (checkpointOfAdapters(c, b, "b_w × N_a"))
                 return;
             b.formula("b_w × (N + N_mtp)")
                 .in("b_w", c.sb.weights, "B/param", "precision.weights")
                 .in("N", c.m.total, "params", "params.total")
                 .in("N_mtp", c.m.mtp, "params", "params.mtp")
                 .from(kSrcCheckpoint);
         }},
        {"checkpoint.bytes_full",
         [](const Context& c, Builder& b) {
             if (checkpointOfAdapters(c, b, "(b_w + b_m + b_o) × N_a"))
                 return;
             b.formula("(b_w + b_m + b_o) × (N + N_mtp)")
                 .in("b_w", c.sb.weights, "B/param", "precision.weights")
                 .in("b_m", c.sb.master, "B/param", "precision.master")
                 .in("b_o", c.sb.optimizer, "B/param", "precision.optimizer")
                 .in("N", c.m.total, "params", "params.total")
                 .in("N_mtp", c.m.mtp, "params", "params.mtp")
                 .from(kSrcCheckpoint)
                 .note("gradients are not saved: they are rebuilt by the next step");
         }},
        {"checkpoint.bytes_per_gpu",
         [](const Context& c, Builder& b) {
             const auto& par = c.s.parallel;
             const bool frozen = c.s.finetune.method != FinetuneMethod::Full;
             const bool experts = !frozen && c.m.routedTotal() > 0;
             b.in("b_w", c.sb.weights, "B/param", "precision.weights")
                 .in("b_m", c.sb.master, "B/param", "precision.master")
                 .in("b_o", c.sb.optimizer, "B/param", "precision.optimizer")
                 .in("N_t", frozen ? finetuneCounts(c.s, c.m).adapters : c.m.total + c.m.mtp, "params",
                     frozen ? "params.trainable: the adapters (the frozen base is not saved)"
                            : "trained parameters (params.total + params.mtp)")
                 .from(kSrcShard);
             // A state ZeRO shards spreads over all G GPUs; one it does not is split by the model-parallel ranks.
             std::string replica = "N_t / (pp × tp)";
             if (c.s.parallel.zero < 3) {
                 b.in("pp", par.pp, "", "parallel.pp").in("tp", par.tp, "", "parallel.tp");
                 if (experts) {
                     b.in("N_e", c.m.routedTotal(), "params", "params.routed_experts")
                         .in("ep", par.ep, "", "parallel.ep")
                         .in("etp", par.etp, "", "parallel.etp");
                     replica = "((N_t - N_e) / (pp × tp) + N_e / (pp × ep × etp))";
                 }
             }
             if (c.s.parallel.zero > 0)
                 b.in("G", c.l.time.gpus, "GPUs", "time.gpus: ZeRO-" + std::to_string(par.zero) + " shards over all");
             if (c.s.parallel.zero >= 3)
                 b.formula("(b_w + b_m + b_o) × N_t / G");
             else if (c.s.parallel.zero >= 1)
                 b.formula("b_w × " + replica + " + (b_m + b_o) × N_t / G");
             else
                 b.formula("(b_w + b_m + b_o) × " + replica);
         }},
        {"checkpoint.write_s",
         [](const Context& c, Builder& b) {
             b.formula("max(S_full / (BW × 1e9), S_gpu / (PCIe × 1e9))")
                 .in("S_full", c.l.checkpoint.bytesFull, "B", "checkpoint.bytes_full")
                 .in("BW", c.s.checkpoint.storageGbps, "GB/s", "checkpoint.storage_gbps, the whole job")
                 .in("S_gpu", c.l.checkpoint.bytesPerGpu, "B", "checkpoint.bytes_per_gpu")
                 .in("PCIe", c.s.hardware.pcieGbps, "GB/s", "hardware.pcie_gbps: each share leaves its GPU over it")
                 .from(kSrcFaults);
         }},
        {"checkpoint.blocking_s",
         [](const Context& c, Builder& b) {
             b.from(kSrcFaults);
             if (c.s.checkpoint.async)
                 b.formula("S_gpu / (PCIe × 1e9)")
                     .in("S_gpu", c.l.checkpoint.bytesPerGpu, "B", "checkpoint.bytes_per_gpu")
                     .in("PCIe", c.s.hardware.pcieGbps, "GB/s", "hardware.pcie_gbps, every GPU over its own link")
                     .note("checkpoint.async: training waits for the copy to host memory; the write overlaps it");
             else
                 b.formula("W").in("W", c.l.checkpoint.writeS, "s", "checkpoint.write_s: training waits for it");
         }},
        {"checkpoint.interval_s",
         [](const Context& c, Builder& b) {
             const auto& ck = c.l.checkpoint;
             const bool async = c.s.checkpoint.async;
             std::string f;
             if (c.s.checkpoint.intervalMin > 0) {
                 b.in("I", c.s.checkpoint.intervalMin, "min", "checkpoint.interval_min");
                 f = "I × 60";
             } else {
                 b.in("b", ck.blockingS, "s", "checkpoint.blocking_s")
                     .in("M", c.l.goodput.jobMtbfS, "s", "goodput.job_mtbf_s");
                 f = "sqrt(2 × b × M)";
             }
             if (async) {
                 b.in("W", ck.writeS, "s", "checkpoint.write_s: one write at a time");
                 f = "max(" + f + ", W)";
             }
             b.formula(f).from(kSrcFaults);
         }},
        {"checkpoint.host_per_node",
         [](const Context& c, Builder& b) {
             b.formula("a × S_gpu × min(G, g_node)")
                 .in("a", c.s.checkpoint.async ? 1 : 0, "", "1 when checkpoint.async")
                 .in("S_gpu", c.l.checkpoint.bytesPerGpu, "B", "checkpoint.bytes_per_gpu")
                 .in("G", c.l.time.gpus, "GPUs", "time.gpus")
                 .in("g_node", c.s.hardware.gpusPerNode, "GPUs", "hardware.gpus_per_node")
                 .from(kSrcFaults);
         }},
        {"memory.host_needed_per_node",
         [](const Context& c, Builder& b) {
             b.formula("cpu × O_node + C_node")
                 .in("cpu", c.s.offload.optimizer == Offload::Cpu ? 1 : 0, "", "1 when offload.optimizer is cpu")
                 .in("O_node", c.l.memory.hostMemoryPerNode, "B", "memory.host_per_node")
                 .in("C_node", c.l.checkpoint.hostPerNode, "B", "checkpoint.host_per_node")
                 .from(kSrcOffload);
         }},
        {"memory.host_fits",
         [](const Context& c, Builder& b) {
             b.formula("(H_need <= H × 1e9) × (nvme × O_node <= T × 1e12)")
                 .in("H_need", c.l.memory.hostNeededPerNode, "B", "memory.host_needed_per_node")
                 .in("H", c.s.hardware.hostMemoryGb, "GB", "hardware.host_memory_gb")
                 .in("nvme", c.s.offload.optimizer == Offload::Nvme ? 1 : 0, "", "1 when offload.optimizer is nvme")
                 .in("O_node", c.l.memory.hostMemoryPerNode, "B", "memory.host_per_node")
                 .in("T", c.s.hardware.nvmeTb, "TB", "hardware.nvme_tb")
                 .from(kSrcOffload);
         }},
        // --- the step (fixed: as the typed MFU implies; derived: engine/steptime.cpp) -----------------------
        {"time.step_s",
         [](const Context& c, Builder& b) {
             if (!c.l.time.derived) {
                 b.formula("F_tok × T_step / (G × P × 1e12 × MFU / k_off)")
                     .in("F_tok", c.l.flops.trainingPerToken, "FLOPs/token", "model FLOPs per token")
                     .in("T_step", double(c.l.time.tokensPerStep), "tokens", "tokens per step")
                     .in("G", c.l.time.gpus, "GPUs", "time.gpus");
                 rateOperands(c, b);
                 b.from(kSrcTime).note("efficiency.mode = fixed: the typed MFU absorbs communication, bubbles and "
                                       "the optimizer (seed 000 §4)");
                 return;
             }
             const auto& p = c.l.time.breakdown;
             b.formula("c + r + tp + cp + ep + p2p + bub + dp + opt + off")
                 .in("c", p.compute, "s", "compute")
                 .in("r", p.recompute, "s", "recompute")
                 .in("tp", p.tpComm, "s", "tensor-parallel communication")
                 .in("cp", p.cpComm, "s", "context-parallel communication")
                 .in("ep", p.epComm, "s", "expert all-to-all not hidden")
                 .in("p2p", p.ppP2p, "s", "pipeline sends")
                 .in("bub", p.ppBubble, "s", "pipeline bubble")
                 .in("dp", p.dpComm, "s", "data-parallel communication not hidden")
                 .in("opt", p.optimizer, "s", "optimizer step")
                 .in("off", p.offload, "s", "offload")
                 .from(kSrcStep);
         }},
        {"time.mfu",
         [](const Context& c, Builder& b) {
             b.formula("F_tok × T_step / (t_step × G × P × 1e12)")
                 .in("F_tok", c.l.flops.trainingPerToken, "FLOPs/token", "model FLOPs per token")
                 .in("T_step", double(c.l.time.tokensPerStep), "tokens", "tokens per step")
                 .in("t_step", c.l.time.stepTimeS, "s", "seconds per step")
                 .in("G", c.l.time.gpus, "GPUs", "time.gpus")
                 .in("P", c.s.hardware.peakTflops, "TFLOP/s", "hardware.peak_tflops")
                 .from("PaLM (Chowdhery et al. 2022) MFU; seed 000 §4 (40%: Llama 3 405B's 38-43%)");
         }},
        {"time.hfu",
         [](const Context& c, Builder& b) {
             b.formula("MFU × F_hw / F_tok")
                 .in("MFU", c.l.time.mfu, "", "time.mfu")
                 .in("F_hw", c.l.flops.hardwarePerToken, "FLOPs/token", "hardware FLOPs per token (recompute in)")
                 .in("F_tok", c.l.flops.trainingPerToken, "FLOPs/token", "model FLOPs per token")
                 .from("Korthikanti et al. 2022 (HFU counts recompute)");
         }},
        {"time.breakdown.compute_s",
         [](const Context& c, Builder& b) {
             if (c.l.time.derived) {
                 derivedCompute(c, b);
                 return;
             }
             b.formula("t_step / k_off × F_tok / F_hw")
                 .in("t_step", c.l.time.stepTimeS, "s", "seconds per step")
                 .in("k_off", c.l.time.offloadSlowdown, "", "offload slowdown")
                 .in("F_tok", c.l.flops.trainingPerToken, "FLOPs/token", "model FLOPs per token")
                 .in("F_hw", c.l.flops.hardwarePerToken, "FLOPs/token", "hardware FLOPs per token")
                 .from(kSrcTime);
         }},
        {"time.breakdown.recompute_s",
         [](const Context& c, Builder& b) {
             if (c.l.time.derived) {
                 derivedRecompute(c, b);
                 return;
             }
             // The busy step's recompute share, F_hw = F_tok + F_rec: no difference of two nearly equal figures,
             // whose seven shown digits would leave a few microseconds where the ledger has none (issue 28).
             b.formula("t_step / k_off × F_rec / F_hw")
                 .in("t_step", c.l.time.stepTimeS, "s", "seconds per step")
                 .in("k_off", c.l.time.offloadSlowdown, "", "offload slowdown")
                 .in("F_rec", c.l.flops.recomputePerToken, "FLOPs/token", "flops.recompute_per_token")
                 .in("F_hw", c.l.flops.hardwarePerToken, "FLOPs/token", "hardware FLOPs per token")
                 .from(kSrcTime);
         }},
        {"time.breakdown.offload_s",
         [](const Context& c, Builder& b) {
             if (c.l.time.derived) {
                 derivedOffload(c, b);
                 return;
             }
             b.formula("max(0, t_step - t_step / k_off)")
                 .in("t_step", c.l.time.stepTimeS, "s", "seconds per step")
                 .in("k_off", c.l.time.offloadSlowdown, "", "offload slowdown")
                 .from(kSrcOffload);
         }},
        {"time.breakdown.tp_comm_s",
         [](const Context& c, Builder& b) { fixedZeroOrDerived(c, b, derivedTensorParallel, "tensor-parallel"); }},
        {"time.breakdown.cp_comm_s",
         [](const Context& c, Builder& b) { fixedZeroOrDerived(c, b, derivedContextParallel, "context-parallel"); }},
        {"time.breakdown.ep_comm_s",
         [](const Context& c, Builder& b) { fixedZeroOrDerived(c, b, derivedExpertParallel, "expert all-to-all"); }},
        {"time.breakdown.pp_p2p_s",
         [](const Context& c, Builder& b) { fixedZeroOrDerived(c, b, derivedPipelineSends, "pipeline sends"); }},
        {"time.breakdown.pp_bubble_s",
         [](const Context& c, Builder& b) { fixedZeroOrDerived(c, b, derivedBubble, "pipeline bubble"); }},
        {"time.breakdown.dp_comm_s",
         [](const Context& c, Builder& b) { fixedZeroOrDerived(c, b, derivedDataParallel, "data-parallel"); }},
        {"time.breakdown.optimizer_s",
         [](const Context& c, Builder& b) { fixedZeroOrDerived(c, b, derivedOptimizer, "optimizer"); }},
        // --- pipeline ---------------------------------------------------------------------------------------
        {"pipeline.bubble_fraction",
         [](const Context& c, Builder& b) {
             bubbleShare(c, b, false);
             b.note("idle share of the whole pipeline's time; seed 004's (N-1)/M is pipeline.bubble_over_ideal");
         }},
        {"pipeline.bubble_over_ideal", [](const Context& c, Builder& b) { bubbleShare(c, b, true); }},
        {"pipeline.peak_in_flight_stage0",
         [](const Context& c, Builder& b) {
             const auto& par = c.s.parallel;
             const double m = c.l.time.microBatchesPerStep;
             b.from("docs/pipeline.md (closed forms, checked against the simulator)");
             if (par.pp <= 1)
                 b.formula("p").in("p", 1, "stages", "no pipeline");
             else if (par.schedule == Schedule::GPipe)
                 b.formula("m").in("m", m, "micro-batches", "GPipe keeps every forward");
             else if (par.schedule == Schedule::OneFOneB)
                 b.formula("min(m, p)").in("m", m, "micro-batches", "per pipeline").in("p", par.pp, "stages",
                                                                                      "parallel.pp");
             else
                 b.formula("x").in("x", c.l.pipeline.peakInFlightStage0, "micro-batches",
                                   "the " + std::string(choiceName(par.schedule)) + " closed form");
         }},
        // --- scaling-law budget -----------------------------------------------------------------------------
        {"budget.compute_6nd",
         [](const Context& c, Builder& b) {
             b.formula("6 × N_active × D")
                 .in("N_active", c.m.active, "params", "params.active")
                 .in("D", c.s.data.tokens, "tokens", "data.tokens")
                 .from("seed 003 §6 (C = 6ND)");
         }},
        {"budget.rl_rollouts",
         [](const Context& c, Builder& b) {
             b.formula("ceil(n_keep / a)")
                 .in("n_keep", c.s.rl.keep, "samples", "rl.keep")
                 .in("a", c.s.rl.acceptance, "", "rl.acceptance")
                 .from("seed 003 §5.1 (keep 16 at a = 1/2: generate 32)");
             if (c.s.rl.keep == 0)
                 b.note("rl.keep = 0: no RL, nothing to generate");
         }},
        {"budget.tokens_per_param",
         [](const Context& c, Builder& b) {
             b.formula("D / N_active")
                 .in("D", c.s.data.tokens, "tokens", "data.tokens")
                 .in("N_active", c.m.active, "params", "params.active")
                 .from(kSrcChin);
         }},
        {"budget.chinchilla_params",
         [](const Context& c, Builder& b) {
             b.formula("(alpha × A / (beta × B)) ^ (1 / (alpha + beta)) × (C / 6) ^ (beta / (alpha + beta))")
                 .in("C", c.l.budget.compute6nd, "FLOPs", "budget.compute_6nd")
                 .in("A", 406.4, "", "fit constant")
                 .in("B", 410.7, "", "fit constant")
                 .in("alpha", 0.34, "", "fit exponent")
                 .in("beta", 0.28, "", "fit exponent")
                 .from(kSrcChin);
         }},
        {"budget.chinchilla_tokens",
         [](const Context& c, Builder& b) {
             b.formula("C / (6 × N_opt)")
                 .in("C", c.l.budget.compute6nd, "FLOPs", "budget.compute_6nd")
                 .in("N_opt", c.l.budget.chinchillaParams, "params", "budget.chinchilla_params")
                 .from(kSrcChin);
         }},
        {"budget.chinchilla_loss",
         [](const Context& c, Builder& b) {
             b.formula("E + A / N_opt ^ alpha + B / D_opt ^ beta")
                 .in("E", 1.69, "", "irreducible loss")
                 .in("A", 406.4, "", "fit constant")
                 .in("B", 410.7, "", "fit constant")
                 .in("alpha", 0.34, "", "fit exponent")
                 .in("beta", 0.28, "", "fit exponent")
                 .in("N_opt", c.l.budget.chinchillaParams, "params", "budget.chinchilla_params")
                 .in("D_opt", c.l.budget.chinchillaTokens, "tokens", "budget.chinchilla_tokens")
                 .from(kSrcChin);
         }},
        {"budget.plan_loss_chinchilla",
         [](const Context& c, Builder& b) {
             b.formula("E + A / N ^ alpha + B / D ^ beta")
                 .in("E", 1.69, "", "irreducible loss")
                 .in("A", 406.4, "", "fit constant")
                 .in("B", 410.7, "", "fit constant")
                 .in("alpha", 0.34, "", "fit exponent")
                 .in("beta", 0.28, "", "fit exponent")
                 .in("N", c.m.active, "params", "params.active")
                 .in("D", c.s.data.tokens, "tokens", "data.tokens")
                 .from(kSrcChin);
         }},
        {"budget.kaplan_params",
         [](const Context& c, Builder& b) {
             b.formula("1.3e9 × (C / PFday) ^ 0.73")
                 .in("C", c.l.budget.compute6nd, "FLOPs", "budget.compute_6nd")
                 .in("PFday", 1e15 * 86400.0, "FLOPs", "one PF-day: 10^15 FLOP/s for a day")
                 .from(kSrcKaplan);
         }},
        {"budget.kaplan_tokens",
         [](const Context& c, Builder& b) {
             b.formula("C / (6 × N_opt)")
                 .in("C", c.l.budget.compute6nd, "FLOPs", "budget.compute_6nd")
                 .in("N_opt", c.l.budget.kaplanParams, "params", "budget.kaplan_params")
                 .from(kSrcKaplan);
         }},
        // --- fine-tuning with frozen weights ----------------------------------------------------------------
        {"params.trainable",
         [](const Context& c, Builder& b) {
             if (!frozenRun(c)) {
                 b.formula("N + N_mtp")
                     .in("N", c.m.total, "params", "params.total: full training trains every weight")
                     .in("N_mtp", c.m.mtp, "params", "params.mtp")
                     .from(kSrcParams);
                 return;
             }
             const FinetuneCounts ft = finetuneCounts(c.s, c.m);
             b.formula("L_d × A_d + L_m × A_m + n_mtp × A_mtp")
                 .in("L_d", c.m.denseLayers, "layers", "dense layers")
                 .in("A_d", ft.dense.total(), "params", "one dense layer's adapters: r x (in + out) per adapted matrix")
                 .in("L_m", c.m.moeLayers, "layers", "MoE layers")
                 .in("A_m", ft.moe.total(), "params", "one MoE layer's adapters (every expert's with all-linear)")
                 .in("n_mtp", c.m.mtpLayers, "modules", "model.mtp_layers")
                 .in("A_mtp", ft.mtp.total(), "params", "one multi-token-prediction module's adapters")
                 .from(kSrcLora);
         }},
        {"flops.finetune_rule_per_token",
         [](const Context& c, Builder& b) {
             if (!frozenRun(c)) {
                 b.formula("0 × N_active")
                     .in("N_active", c.m.active, "params", "full training: 6N applies (flops.six_nd_per_token)")
                     .from(kSrcLora);
                 return;
             }
             const FinetuneCounts ft = finetuneCounts(c.s, c.m);
             b.formula("4 × N_active + 6 × N_a_tok")
                 .in("N_active", c.m.active, "params", "frozen: forward 2N, input gradient 2N, no weight gradient")
                 .in("N_a_tok", ft.activePerToken, "params", "adapter parameters a token passes: 2 + 2 + 2 each")
                 .from(kSrcLora);
         }},
        {"state.trainable_weight_bytes",
         [](const Context& c, Builder& b) {
             b.from(kSrcLora).in("b_w", c.sb.weights, "B/param", "precision.weights");
             if (!frozenRun(c)) {
                 b.formula("b_w × (N + N_mtp)")
                     .in("N", c.m.total, "params", "params.total")
                     .in("N_mtp", c.m.mtp, "params", "params.mtp");
                 return;
             }
             b.formula("b_w × N_a").in("N_a", finetuneCounts(c.s, c.m).adapters, "params", "params.trainable");
         }},
        {"memory.frozen_weights",
         [](const Context& c, Builder& b) {
             const bool sharded = c.s.parallel.zero >= 3;
             b.formula("F / d + F_e / d_e")
                 .in("F", c.mb.frozenLocal, "B",
                     frozenRun(c) ? frozenMeaning(c) : "full training: nothing is frozen")
                 .in("d", sharded ? c.mb.shard : 1.0, "", sharded ? "ZeRO-3 shards it over dp x cp" : "not sharded")
                 .in("F_e", c.mb.expertFrozenLocal, "B", "the routed experts' frozen weights on this GPU")
                 .in("d_e", sharded ? c.mb.expertShard : 1.0, "", sharded ? "the expert data-parallel group" : "not sharded")
                 .from(kSrcLora);
         }},
        {"memory.trainable_weights",
         [](const Context& c, Builder& b) {
             b.formula("M_w - M_frozen")
                 .in("M_w", c.l.memory.weights, "B", "memory.weights, every weight on this GPU")
                 .in("M_frozen", c.l.memory.frozenWeights, "B",
                     frozenRun(c) ? "memory.frozen_weights, the base model's frozen weights"
                                  : "memory.frozen_weights: full training, nothing is frozen")
                 .from(kSrcLora);
         }},
        // --- how far published runs like this one were (derived mode, engine/published.cpp) -----------------
        {"validation.band.low", [](const Context& c, Builder& b) { explainBand(c, b, true); }},
        {"validation.band.high", [](const Context& c, Builder& b) { explainBand(c, b, false); }},
        {"validation.band.basis",
         [](const Context& c, Builder& b) {
             b.from(kSrcBand);
             if (!c.l.validation.present) {
                 b.formula("n == 0").in("n", 0, "runs", noBandReason(c.s));
                 return;
             }
             b.formula("\"" + c.l.validation.basis + "\"")
                 .note("the GPU family and parallelism family of this scenario, and how many validated published "
                       "runs share them");
         }},
        {"validation.calibrated",
         [](const Context& c, Builder& b) {
             b.from("docs/formulas.md §8c (each GPU preset's figures), §8d (calibration)");
             const GpuPreset* g = gpuPresetFor(c.s.hardware);
             if (!g || g->tdpW <= 0) {
                 b.formula("p > 0").in("p", 0, "", "no GPU preset shares this compute die: nothing to compare with");
                 return;
             }
             const EfficiencySpec& e = c.s.efficiency;
             b.formula("(g - g0)^2 + (h - h0)^2 + (k - k0)^2 + (f - f0)^2 > 0")
                 .in("g", e.gemmFraction, "", "efficiency.gemm_fraction")
                 .in("g0", g->gemmFraction, "", "the GPU preset's figure")
                 .in("h", e.hbmFraction, "", "efficiency.hbm_fraction")
                 .in("h0", g->hbmFraction, "", "the GPU preset's figure")
                 .in("k", e.linkFraction, "", "efficiency.link_fraction")
                 .in("k0", g->linkFraction, "", "the GPU preset's figure")
                 .in("f", e.fp8Fraction, "", "efficiency.fp8_fraction")
                 .in("f0", g->fp8Fraction, "", "the GPU preset's figure");
         }},
    };
    return all;
}

Explanation build(const Context& c, const LedgerField& f) {
    Explanation e;
    e.key = f.key;
    e.label = f.label;
    e.unit = f.unit;
    e.result = f.get(c.l);
    e.resultText = formatLedgerValue(e.result, f.unit);
    const auto it = rules().find(f.key);
    if (it == rules().end()) {
        e.checkError = "no explanation for this key yet";
        return e;
    }
    Builder b{e};
    it->second(c, b);
    const auto err = checkExplanation(e);
    e.reproduced = !err;
    e.checkError = err.value_or("");
    return e;
}

bool isSymbolChar(char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_';
}

} // namespace

std::string showOperand(double x) {
    if (std::fabs(x) < 1e15 && (x == std::round(x) || std::fabs(x) >= 1e6))
        return groupDigits(x);
    if (std::fabs(x) >= 1e4 &&
        std::fabs(x) < 1e6) { // grouped, with the decimals that make seven significant digits: "12,195.78"
        const int decimals = 7 - (int(std::floor(std::log10(std::fabs(x)))) + 1);
        const std::string frac = formatFixed(x - std::trunc(x), decimals);
        const size_t dot = frac.find('.');
        // A fraction that rounds up to 1 carries into the whole part.
        if (frac[dot - 1] == '1')
            return groupDigits(std::trunc(x) + (x < 0 ? -1 : 1)) + frac.substr(dot);
        return groupDigits(std::trunc(x)) + frac.substr(dot);
    }
    return formatGeneral(x, 7);
}

double parseShown(const std::string& shown) {
    std::string digits;
    for (char ch : shown)
        if (ch != ',')
            digits += ch;
    return std::strtod(digits.c_str(), nullptr);
}

std::optional<Explanation> explain(const Scenario& s, std::string_view key) {
    const LedgerField* field = nullptr;
    for (const auto& f : ledgerFields())
        if (key == f.key)
            field = &f;
    if (!field)
        return std::nullopt;
    const Context c(s);
    if (!c.l.valid)
        return std::nullopt;
    return build(c, *field);
}

std::vector<Explanation> explainAll(const Scenario& s) {
    std::vector<Explanation> out;
    const Context c(s);
    if (!c.l.valid)
        return out;
    for (const auto& f : ledgerFields())
        out.push_back(build(c, f));
    return out;
}

std::optional<std::string> checkExplanation(const Explanation& e) {
    if (e.formula.empty())
        return "no formula";
    std::map<std::string, double> ops;
    for (const auto& o : e.operands)
        ops[o.symbol] = parseShown(o.shown);
    const ExprResult r = evaluateExpr(e.formula, ops);
    if (!r.value)
        return r.error;
    if (std::holds_alternative<std::monostate>(e.result)) {
        const double* d = std::get_if<double>(&*r.value);
        return d && *d != 0 ? std::nullopt : std::optional<std::string>("the condition for \"none\" does not hold");
    }
    if (auto text = std::get_if<std::string>(&e.result)) {
        const std::string* got = std::get_if<std::string>(&*r.value);
        if (got && *got == *text)
            return std::nullopt;
        return "the formula gives " + (got ? *got : std::string("a number")) + ", the ledger " + *text;
    }
    const double* got = std::get_if<double>(&*r.value);
    if (!got)
        return "the formula gives text for a number";
    if (auto flag = std::get_if<bool>(&e.result))
        return (*got != 0) == *flag ? std::nullopt
                                    : std::optional<std::string>("the formula gives " + showOperand(*got));
    const double want = std::holds_alternative<std::int64_t>(e.result) ? double(std::get<std::int64_t>(e.result))
                                                                       : std::get<double>(e.result);
    const LedgerValue asLedger = std::holds_alternative<std::int64_t>(e.result)
                                     ? LedgerValue(std::int64_t(std::llround(*got)))
                                     : LedgerValue(*got);
    if (formatLedgerValue(asLedger, e.unit) == e.resultText)
        return std::nullopt;
    if (std::fabs(*got - want) <= 5e-6 * std::max(std::fabs(want), 1e-300))
        return std::nullopt;
    return "the formula gives " + formatLedgerValue(asLedger, e.unit) + ", the ledger shows " + e.resultText;
}

std::string substituted(const Explanation& e) {
    std::map<std::string, std::string> shown;
    for (const auto& o : e.operands)
        shown[o.symbol] = o.shown;
    std::string out;
    const std::string& f = e.formula;
    for (size_t i = 0; i < f.size();) {
        const bool startsSymbol =
            (std::isalpha(static_cast<unsigned char>(f[i])) || f[i] == '_') && (i == 0 || !isSymbolChar(f[i - 1]));
        if (!startsSymbol || f[i] == '"') {
            if (f[i] == '"') { // a string literal goes through untouched
                const size_t end = f.find('"', i + 1);
                const size_t stop = end == std::string::npos ? f.size() : end + 1;
                out += f.substr(i, stop - i);
                i = stop;
                continue;
            }
            // Part of a number such as 1e9: copy the whole number.
            if (std::isdigit(static_cast<unsigned char>(f[i]))) {
                size_t j = i;
                while (j < f.size() && (isSymbolChar(f[j]) || f[j] == '.'))
                    ++j;
                out += f.substr(i, j - i);
                i = j;
                continue;
            }
            out += f[i++];
            continue;
        }
        size_t j = i;
        while (j < f.size() && isSymbolChar(f[j]))
            ++j;
        const std::string name = f.substr(i, j - i);
        const auto it = shown.find(name);
        out += it != shown.end() ? it->second : name;
        i = j;
    }
    return out;
}

std::string formatExplanation(const Explanation& e) {
    std::string out = e.key + " (" + std::string(e.label.substr(e.label.find_first_not_of(' '))) + ")\n";
    out += "  " + e.key.substr(e.key.find('.') + 1) + " = " + e.formula + "\n";
    out += "    = " + substituted(e) + "\n";
    out += "    = " + e.resultText + "\n";
    out += "  where\n";
    for (const auto& o : e.operands)
        out += "    " + o.symbol + " = " + o.shown + (o.unit.empty() ? "" : " " + o.unit) +
               (o.meaning.empty() ? "" : "  (" + o.meaning + ")") + "\n";
    out += "  source: " + e.source + "\n";
    if (!e.note.empty())
        out += "  note: " + e.note + "\n";
    if (!e.reproduced)
        out += "  check: " + (e.checkError.empty() ? std::string("not reproduced") : e.checkError) + "\n";
    return out;
}

} // namespace tl::engine
