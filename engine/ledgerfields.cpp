#include "engine/ledgerfields.h"

#include "engine/messages.h"
#include "engine/units.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <type_traits>

namespace tl::engine {
namespace {

// A figure the ledger holds as a double and its key shows as a whole number, std::llround(x).
struct Rounded {
    double x;
    operator LedgerValue() const { return std::int64_t(std::llround(x)); }
};
Rounded rounded(double x) {
    return {x};
}

// LedgerField::admissible for a row's value, of whichever type the row reads (integers are held as int64).
template <class T> bool admissible(const T& v, Unit unit) {
    const bool sized = unit == Unit::Bytes || unit == Unit::Count;
    if constexpr (std::is_same_v<T, LedgerValue>)
        return std::visit([unit](const auto& x) { return admissible(x, unit); }, v);
    else if constexpr (std::is_same_v<T, Rounded>)
        // llround's count is negative just where x is not in (-0.5, 2^63): NaN, infinities and figures beyond int64
        // round to INT64_MIN. Checked without the library call.
        return !(sized && !(v.x > -0.5 && v.x < 0x1p63));
    else if constexpr (std::is_same_v<T, bool> || !std::is_arithmetic_v<T>)
        return true; // yes/no, text, null
    else if constexpr (std::is_integral_v<T>)
        return !(sized && v < 0);
    else
        return std::isfinite(v) && !(sized && v < 0);
}

// A row of the table with its two readers as lambda objects: the table is a tuple, so ledgerAdmissible() below calls
// every check inline (92 indirect calls cost evaluate() about a fifth of its time) and ledgerFields() takes their
// function pointers.
template <class Get, class Check> struct Row {
    const char* key;
    Unit unit;
    const char* label;
    const char* help;
    Get get;
    Check admissible;
};
template <class Get, class Check>
Row<Get, Check> row(const char* key, Unit unit, const char* label, const char* help, Get get, Check check) {
    return {key, unit, label, help, get, check};
}

// Words (the Text rows) are always admissible: their check builds no string.
#define TL_FIELD(KEY, UNIT, LABEL, HELP, EXPR)                                                                         \
    row(                                                                                                               \
        KEY, Unit::UNIT, LABEL, HELP, [](const Ledger& l) -> LedgerValue { return EXPR; },                             \
        [](const Ledger& l) { return Unit::UNIT == Unit::Text || admissible(EXPR, Unit::UNIT); })

// The weights training updates on one GPU: memory.weights less the frozen base weights.
double trainableWeights(const MemoryLedger& m) {
    return std::max(0.0, m.weights - m.frozenWeights);
}

const auto& rows() {
    using I = std::int64_t;
    static const auto table = std::make_tuple(
        TL_FIELD("params.total", Count, "Parameters", "Every weight of the model (MoE: all experts).",
                 I(l.params.total)),
        TL_FIELD("params.active", Count, "Active parameters",
                 "Weights one token passes through (MoE: routed experts only).", I(l.params.active)),
        TL_FIELD("params.embedding", Count, "Embedding parameters", "Token (and learned position) embeddings.",
                 I(l.params.embedding)),
        TL_FIELD("params.lm_head", Count, "LM-head parameters", "The separate output projection; 0 when tied.",
                 I(l.params.lmHead)),
        TL_FIELD("params.routed_experts", Count, "Routed-expert parameters",
                 "Every routed expert of every MoE layer (inside params.total).", I(l.params.routedExperts)),
        TL_FIELD("params.mtp", Count, "Multi-token-prediction parameters",
                 "The MTP modules' own layers, projections and norms; trained beside params.total, which they are not "
                 "part of (they share the embedding and the LM head).",
                 I(l.params.mtp)),
        TL_FIELD("params.derived_shape", Bool, "Shape derived",
                 "The architecture came from model.params by the shape rule.", l.params.derivedShape),
        TL_FIELD("flops.forward_per_sequence", Flops, "Forward per sequence",
                 "Itemized: 2 x matmul weights x tokens + causal attention + LM head (+ multi-token prediction).",
                 l.flops.forwardPerSequence),
        TL_FIELD("flops.forward_layer_matmuls", Flops, "  layer matmuls", "2 x layer matrix weights x tokens.",
                 l.flops.forwardLayerMatmuls),
        TL_FIELD("flops.forward_attention", Flops, "  causal attention",
                 "QK^T and AV: 2 x pairs x (query/key + value widths of all heads) x layers; windowed layers count the "
                 "pairs inside the window.",
                 l.flops.forwardAttention),
        TL_FIELD("flops.forward_lm_head", Flops, "  LM head", "2 x vocab x hidden x projected tokens.",
                 l.flops.forwardLmHead),
        TL_FIELD("flops.forward_mtp", Flops, "  multi-token prediction",
                 "Each MTP module's projection and layer, and the LM head run again on its prediction.",
                 l.flops.forwardMtp),
        TL_FIELD("flops.backward_per_sequence", Flops, "Backward per sequence",
                 "Input and weight gradients: 2 x forward.", l.flops.backwardPerSequence),
        TL_FIELD("flops.training_per_token", FlopsPerToken, "Training per token",
                 "(forward + backward) / seq_len: the model FLOPs that efficiency.mfu is applied to.",
                 l.flops.trainingPerToken),
        TL_FIELD("flops.six_nd_per_token", FlopsPerToken, "6N per token",
                 "The 6ND rule of thumb: 6 x active parameters.", l.flops.sixNdPerToken),
        TL_FIELD("flops.six_nd_per_sequence", Flops, "6N per sequence", "6 x active parameters x seq_len (6ND, D = s).",
                 l.flops.sixNdPerSequence),
        TL_FIELD("flops.six_nd_gap", Share, "Itemized vs 6N",
                 "How far the itemized count lies above 6N (attention, LM head).", l.flops.sixNdGap),
        TL_FIELD("flops.training_per_token_full_attention", FlopsPerToken, "Per token, full-s^2 convention",
                 "Megatron/PaLM MFU convention: attention over all s^2 pairs, not the causal half.",
                 l.flops.trainingPerTokenFullAttention),
        TL_FIELD("flops.recompute_per_token", FlopsPerToken, "Recompute per token",
                 "Extra hardware FLOPs from activation recompute (not model FLOPs).", l.flops.recomputePerToken),
        TL_FIELD("flops.recompute_share", Share, "Recompute share",
                 "Recompute FLOPs over model FLOPs: the extra work activation recompute costs.",
                 l.flops.recomputeShare),
        TL_FIELD("flops.hardware_per_token", FlopsPerToken, "Hardware FLOPs per token", "Model FLOPs plus recompute.",
                 l.flops.hardwarePerToken),
        TL_FIELD("flops.attention_pairs_per_sequence", Count, "Causal attention pairs",
                 "Sum over packed documents of d(d+1)/2.", rounded(l.flops.attentionPairsPerSequence)),
        TL_FIELD("flops.total", Flops, "Training FLOPs", "Per token x tokens processed (whole steps).", l.flops.total),
        TL_FIELD("state.bytes_per_param", BytesPerParam, "State per parameter", "Weights + grads + master + optimizer.",
                 l.state.bytesPerParam),
        TL_FIELD("state.weight_bytes_per_param", BytesPerParam, "  weights", "precision.weights.",
                 l.state.weightBytesPerParam),
        TL_FIELD("state.grad_bytes_per_param", BytesPerParam, "  gradients", "precision.grads.",
                 l.state.gradBytesPerParam),
        TL_FIELD("state.master_bytes_per_param", BytesPerParam, "  master copy", "precision.master.",
                 l.state.masterBytesPerParam),
        TL_FIELD("state.optimizer_bytes_per_param", BytesPerParam, "  optimizer", "precision.optimizer.",
                 l.state.optimizerBytesPerParam),
        TL_FIELD("state.weight_bytes", Bytes, "  weights, whole model", "weight bytes per parameter x parameters.",
                 l.state.weightBytes),
        TL_FIELD("state.grad_bytes", Bytes, "  gradients, whole model", "gradient bytes per parameter x parameters.",
                 l.state.gradBytes),
        TL_FIELD("state.master_bytes", Bytes, "  master copy, whole model", "master bytes per parameter x parameters.",
                 l.state.masterBytes),
        TL_FIELD("state.optimizer_bytes", Bytes, "  optimizer, whole model",
                 "optimizer bytes per parameter x parameters.", l.state.optimizerBytes),
        TL_FIELD("state.total_bytes", Bytes, "Training state, unsharded", "bytes per parameter x parameters.",
                 l.state.totalBytes),
        TL_FIELD("memory.weights", Bytes, "Weights per GPU", "Sharded by TP, PP and (ZeRO-3) dp x cp.",
                 l.memory.weights),
        TL_FIELD("memory.gradients", Bytes, "Gradients per GPU", "Sharded by TP, PP and (ZeRO >= 2) dp x cp.",
                 l.memory.gradients),
        TL_FIELD("memory.master_weights", Bytes, "Master weights per GPU", "Sharded by TP, PP and (ZeRO >= 1) dp x cp.",
                 l.memory.masterWeights),
        TL_FIELD("memory.optimizer", Bytes, "Optimizer state per GPU", "Sharded by TP, PP and (ZeRO >= 1) dp x cp.",
                 l.memory.optimizer),
        TL_FIELD("memory.routed_experts", Bytes, "  routed experts",
                 "The routed experts' weights, gradients, master copy and optimizer state on this GPU (inside the four "
                 "above): split over ep x etp, ZeRO-sharded over the expert data-parallel group tp x cp x dp / (ep x "
                 "etp).",
                 l.memory.routedExperts),
        TL_FIELD("memory.state", Bytes, "Training state per GPU",
                 "Weights + gradients + master + optimizer on this GPU: the four ZeRO shards.", l.memory.state),
        TL_FIELD("memory.state_per_param", Ratio, "State per GPU in units of N",
                 "memory.state / params.total: seed 000 §5 writes 16N, 7N, 5.5N, 4N.", l.memory.statePerParam),
        TL_FIELD("memory.activations", Bytes, "Activations per GPU", "Layers in flight plus LM-head logits.",
                 l.memory.activations),
        TL_FIELD("memory.activations_layers", Bytes, "  transformer layers",
                 "Korthikanti et al. 2022 accounting x layers per stage x micro-batches in flight.",
                 l.memory.activationsLayers),
        TL_FIELD("memory.activations_logits", Bytes, "  LM-head logits",
                 "Logits kept for the loss: tokens x vocab x bytes a logit (activations.cross_entropy) / tp.",
                 l.memory.activationsLogits),
        TL_FIELD("memory.buffers", Bytes, "Buffers and overhead per GPU",
                 "Runtime reserve, gradient buckets, ZeRO-3 gathers, TP all-gather, allocator fragmentation.",
                 l.memory.buffers),
        TL_FIELD("memory.dispatch_buffers", Bytes, "  all-to-all buffers",
                 "One MoE layer's dispatch and combine buffers: 2 x a x tokens x top-k x load x hidden (inside "
                 "buffers).",
                 l.memory.dispatchBuffers),
        TL_FIELD("memory.total", Bytes, "Total per GPU", "The sum of the six categories above.", l.memory.total),
        TL_FIELD("memory.capacity", Bytes, "Capacity per GPU", "hardware.memory_gb x 1e9.", l.memory.capacity),
        TL_FIELD("memory.fits", Bool, "Fits in memory", "total <= capacity.", l.memory.fits),
        TL_FIELD("memory.stage", Count, "Most loaded stage", "The pipeline stage these figures belong to.",
                 I(l.memory.stage)),
        TL_FIELD("memory.in_flight_micro_batches", Ratio, "Micro-batches in flight",
                 "On that stage, in units of a whole stage's layers.", l.memory.inFlightMicroBatches),
        TL_FIELD("memory.offloaded", Bytes, "Offloaded per GPU", "Optimizer state and master copy moved off the GPU.",
                 l.memory.offloadedPerGpu),
        TL_FIELD("memory.host_per_node", Bytes, "Host memory per node", "Offloaded bytes x GPUs per node.",
                 l.memory.hostMemoryPerNode),
        TL_FIELD("time.tokens_per_step", Count, "Tokens per step", "global_batch x seq_len.", I(l.time.tokensPerStep)),
        TL_FIELD("time.steps", Count, "Steps", "ceil(tokens / tokens per step).", I(l.time.steps)),
        TL_FIELD("time.tokens_processed", Count, "Tokens processed", "steps x tokens per step.",
                 rounded(l.time.tokensProcessed)),
        TL_FIELD("time.gradient_accumulation", Count, "Gradient accumulation", "global_batch / (micro_batch x dp).",
                 I(l.time.gradientAccumulation)),
        TL_FIELD("time.training_days", Days, "Days for training", "deadline - reserve.", l.time.trainingDays),
        TL_FIELD("time.step_budget_s", Seconds, "Step budget", "training days x 86,400 / steps.", l.time.stepBudgetS),
        TL_FIELD("time.required_tokens_per_s", TokensPerS, "Required throughput", "tokens / (training days x 86,400).",
                 l.time.requiredTokensPerS),
        TL_FIELD("time.required_tokens_per_s_full_deadline", TokensPerS, "Required over the whole deadline",
                 "tokens / (deadline x 86,400), spending the reserve too.", l.time.requiredTokensPerSFullDeadline),
        TL_FIELD("time.tokens_per_s_per_gpu", TokensPerS, "Throughput per GPU", "peak x MFU / FLOPs per token.",
                 l.time.tokensPerSPerGpu),
        TL_FIELD("time.gpus", Count, "GPUs", "tp x pp x dp x cp.", I(l.time.gpus)),
        TL_FIELD("time.step_time_s", Seconds, "Step time", "FLOPs per step / (GPUs x peak x MFU).", l.time.stepTimeS),
        TL_FIELD("time.days", Days, "Days to train", "FLOPs / (GPUs x peak x MFU) / 86,400.", l.time.days),
        TL_FIELD("time.gpu_hours", Hours, "GPU-hours", "GPUs x wall-clock hours.", l.time.gpuHours),
        TL_FIELD("time.offload_slowdown", Ratio, "Offload slowdown", "Step-time factor from optimizer offload.",
                 l.time.offloadSlowdown),
        TL_FIELD("time.step_s", Seconds, "Seconds per step",
                 "Fixed mode: as efficiency.mfu implies; derived mode: from the hardware model.", l.time.stepTimeS),
        TL_FIELD("time.mfu", Share, "MFU", "Model FLOPs per second / (GPUs x peak): typed (fixed) or derived.",
                 l.time.mfu),
        TL_FIELD("time.hfu", Share, "HFU", "The same with recompute's FLOPs counted: hardware FLOPs utilisation.",
                 l.time.hfu),
        TL_FIELD("time.breakdown.compute_s", Seconds, "  compute", "Matmuls, attention and memory-bound kernels.",
                 l.time.breakdown.compute),
        TL_FIELD("time.breakdown.recompute_s", Seconds, "  recompute", "Activation recompute's extra forward.",
                 l.time.breakdown.recompute),
        TL_FIELD("time.breakdown.tp_comm_s", Seconds, "  tensor-parallel comm.",
                 "All-reduces (or reduce-scatter + all-gather) of every layer.", l.time.breakdown.tpComm),
        TL_FIELD("time.breakdown.cp_comm_s", Seconds, "  context-parallel comm.",
                 "The K/V ring exchange attention does not hide.", l.time.breakdown.cpComm),
        TL_FIELD("time.breakdown.ep_comm_s", Seconds, "  expert all-to-all",
                 "The MoE dispatch and combine all-to-all compute does not hide.", l.time.breakdown.epComm),
        TL_FIELD("time.breakdown.pp_p2p_s", Seconds, "  pipeline sends", "Activations and gradients between stages.",
                 l.time.breakdown.ppP2p),
        TL_FIELD("time.breakdown.pp_bubble_s", Seconds, "  pipeline bubble",
                 "Idle pipeline time from the schedule's closed form.", l.time.breakdown.ppBubble),
        TL_FIELD("time.breakdown.dp_comm_s", Seconds, "  data-parallel comm.",
                 "Gradient reduction and ZeRO gathers backward does not hide.", l.time.breakdown.dpComm),
        TL_FIELD("time.breakdown.optimizer_s", Seconds, "  optimizer step", "The optimizer update on the GPU.",
                 l.time.breakdown.optimizer),
        TL_FIELD("time.breakdown.offload_s", Seconds, "  offload", "PCIe traffic and the host optimizer step.",
                 l.time.breakdown.offload),
        TL_FIELD("time.min_gpus_compute", Count, "Fewest GPUs for time", "Finish inside deadline - reserve.",
                 I(l.time.minGpusCompute)),
        TL_FIELD("time.min_gpus_compute_full_deadline", Count, "Fewest GPUs, whole deadline",
                 "Finish inside the whole deadline, reserve spent.", I(l.time.minGpusComputeFullDeadline)),
        TL_FIELD("time.min_gpus_memory", Count, "Fewest GPUs for memory",
                 "Fewest GPUs that fit when only dp varies; null when none does.",
                 l.time.minGpusMemory ? LedgerValue(I(*l.time.minGpusMemory)) : LedgerValue(std::monostate{})),
        TL_FIELD("time.min_gpus_state", Count, "Fewest GPUs for the state alone",
                 "ceil(unsharded state / capacity): the seeds' fully sharded count, activations not included.",
                 I(l.time.minGpusState)),
        TL_FIELD("time.finishes", Bool, "Finishes in time",
                 "Effective days (checkpoints, lost work and restarts counted) <= deadline - reserve.",
                 l.time.finishes),
        TL_FIELD("time.binding_gate", Text, "Binding gate", "The gate that needs more GPUs: memory or time.",
                 std::string(gateName(l.time.bindingGate))),
        TL_FIELD("cost.usd", Usd, "Cost", "GPU-hours x price per GPU-hour.", l.cost.usd),
        // Checkpoints, faults and restarts (docs/formulas.md §13).
        TL_FIELD("time.days_effective", Days, "Days with faults and checkpoints",
                 "Compute days x (1 + blocking / interval) / (1 - lost per fault / job MTBF): the time gate's days.",
                 l.time.daysEffective),
        TL_FIELD("goodput.reserve_needed_days", Days, "  reserve faults and checkpoints need",
                 "Effective days - compute days.", l.goodput.reserveNeededDays),
        TL_FIELD("goodput.fraction", Share, "Goodput",
                 "Compute days / effective days: the share of wall time that "
                 "advances training.",
                 l.goodput.fraction),
        TL_FIELD("goodput.interruptions", Ratio, "Expected interruptions",
                 "Job-stopping faults over the effective days: wall time / job MTBF.", l.goodput.interruptions),
        TL_FIELD("goodput.job_mtbf_s", Seconds, "Job mean time between faults",
                 "reliability.gpu_mtbf_hours x 3,600 / GPUs: faults grow with the GPU count.", l.goodput.jobMtbfS),
        TL_FIELD("goodput.lost_per_fault_s", Seconds, "Lost per fault",
                 "Half an interval of work (+ the write in flight when asynchronous) + the restart.",
                 l.goodput.lostPerFaultS),
        TL_FIELD("checkpoint.bytes_weights", Bytes, "Checkpoint, weights only",
                 "Weight bytes per parameter x parameters (BF16: 2 B).", l.checkpoint.bytesWeights),
        TL_FIELD("checkpoint.bytes_full", Bytes, "Checkpoint, full",
                 "Weights + master copy + optimizer state, what resuming needs; gradients are not saved (14 B per "
                 "parameter for BF16, FP32 master and Adam).",
                 l.checkpoint.bytesFull),
        TL_FIELD("checkpoint.bytes_per_gpu", Bytes, "  per GPU",
                 "One GPU's share of the full checkpoint under the layout and ZeRO stage.", l.checkpoint.bytesPerGpu),
        TL_FIELD("checkpoint.write_s", Seconds, "Checkpoint write", "Full checkpoint / checkpoint.storage_gbps.",
                 l.checkpoint.writeS),
        TL_FIELD("checkpoint.blocking_s", Seconds, "  training waits",
                 "The write; asynchronous: the copy of a GPU's share to host memory over PCIe.",
                 l.checkpoint.blockingS),
        TL_FIELD("checkpoint.interval_s", Seconds, "Checkpoint interval",
                 "checkpoint.interval_min, or 0 there: sqrt(2 x blocking x job MTBF) (Young/Daly).",
                 l.checkpoint.intervalS),
        TL_FIELD("checkpoint.host_per_node", Bytes, "  host copy per node",
                 "Asynchronous checkpoints: a GPU's share x GPUs per node of CPU memory.", l.checkpoint.hostPerNode),
        TL_FIELD("memory.host_needed_per_node", Bytes, "CPU memory needed per node",
                 "CPU optimizer offload + the asynchronous checkpoint's host copy.", l.memory.hostNeededPerNode),
        TL_FIELD("memory.host_fits", Bool, "Fits in the node's CPU memory",
                 "Needed <= hardware.host_memory_gb (and NVMe offload <= hardware.nvme_tb).", l.memory.hostFits),
        TL_FIELD("pipeline.bubble_fraction", Share, "Pipeline bubble (share of time)",
                 "1 - busy / (stages x makespan).", l.pipeline.bubbleFraction),
        TL_FIELD("pipeline.bubble_over_ideal", Share, "Pipeline bubble (over ideal)", "(makespan - ideal) / ideal.",
                 l.pipeline.bubbleOverIdeal),
        TL_FIELD("budget.compute_6nd", Flops, "Compute budget 6ND", "6 x active parameters x tokens (seed 003 §6).",
                 l.budget.compute6nd),
        TL_FIELD("budget.tokens_per_param", Ratio, "Tokens per parameter",
                 "tokens / active parameters (Chinchilla: about 20).", l.budget.tokensPerParam),
        TL_FIELD("budget.chinchilla_params", Count, "Chinchilla-optimal parameters",
                 "N_opt for this 6ND budget, Hoffmann et al. 2022 fit.", rounded(l.budget.chinchillaParams)),
        TL_FIELD("budget.chinchilla_tokens", Count, "Chinchilla-optimal tokens", "D_opt = C / (6 N_opt).",
                 rounded(l.budget.chinchillaTokens)),
        TL_FIELD("budget.chinchilla_loss", Ratio, "Chinchilla loss at the optimum",
                 "E + A/N^a + B/D^b at (N_opt, D_opt).", l.budget.chinchillaLoss),
        TL_FIELD("budget.plan_loss_chinchilla", Ratio, "Chinchilla loss of this plan", "E + A/N^a + B/D^b at (N, D).",
                 l.budget.planLossChinchilla),
        TL_FIELD("budget.kaplan_params", Count, "Kaplan-optimal parameters",
                 "1.3e9 x (C / PF-day)^0.73, Kaplan et al. 2020.", rounded(l.budget.kaplanParams)),
        TL_FIELD("budget.kaplan_tokens", Count, "Kaplan-optimal tokens", "C / (6 N_opt).",
                 rounded(l.budget.kaplanTokens)),
        TL_FIELD("budget.rl_rollouts", Count, "RL rollouts to generate",
                 "Samples to generate per update so that rl.keep survive: ceil(keep / acceptance) (seed 003 §5.1).",
                 I(l.budget.rlRollouts)),
        TL_FIELD("pipeline.peak_in_flight_stage0", Ratio, "Peak in flight, stage 0",
                 "Micro-batches stage 0 holds at once, in stage units.", l.pipeline.peakInFlightStage0),
        // Fine-tuning with frozen weights (finetune.method).
        TL_FIELD("params.trainable", Count, "Trainable parameters",
                 "Parameters that receive gradients: all of them in full training, the adapters under LoRA.",
                 I(l.params.trainable)),
        TL_FIELD("flops.finetune_rule_per_token", FlopsPerToken, "4N + 6N_trainable per token",
                 "Fine-tuning's rule of thumb: frozen weights cost forward and input gradient (4N), the adapters "
                 "6 per parameter; 0 in full training.",
                 l.flops.finetuneRulePerToken),
        TL_FIELD("state.trainable_weight_bytes", Bytes, "Trained weights",
                 "The weights training changes, the size of a fine-tuning checkpoint: all of them in full training, "
                 "the adapters under LoRA.",
                 l.state.trainableWeightBytes),
        TL_FIELD("memory.frozen_weights", Bytes, "Frozen weights",
                 "The base model's frozen weights on this GPU in their format (inside memory.weights); 0 in full "
                 "training.",
                 l.memory.frozenWeights),
        TL_FIELD("memory.trainable_weights", Bytes, "Trainable weights",
                 "The weights training updates on this GPU: memory.weights less the frozen base weights (all of them "
                 "in full training, the adapters under LoRA).",
                 trainableWeights(l.memory)),
        TL_FIELD("validation.band.low", Share, "Published runs like this: lowest error",
                 "Derived mode: the smallest step-time error (predicted / published - 1) of the validated published "
                 "runs of the same GPU and parallelism family; null when there are none.",
                 l.validation.present ? LedgerValue(l.validation.low) : LedgerValue(std::monostate{})),
        TL_FIELD("validation.band.high", Share, "Published runs like this: highest error",
                 "Derived mode: the largest step-time error of the same runs; null when there are none.",
                 l.validation.present ? LedgerValue(l.validation.high) : LedgerValue(std::monostate{})),
        TL_FIELD("validation.band.basis", Text, "Published runs like this",
                 "Which published runs the band spans: GPU family, parallelism family, how many.",
                 l.validation.present ? LedgerValue(l.validation.basis) : LedgerValue(std::monostate{})),
        TL_FIELD("validation.calibrated", Bool, "Calibrated efficiency",
                 "The efficiency figures differ from the GPU preset's own (edited, or fitted by calibration).",
                 l.validation.calibrated));
    return table;
}

#undef TL_FIELD

} // namespace

const std::vector<LedgerField>& ledgerFields() {
    static const std::vector<LedgerField> fields = std::apply(
        [](const auto&... r) {
            return std::vector<LedgerField>{LedgerField{r.key, r.unit, r.label, r.help, +r.get, +r.admissible}...};
        },
        rows());
    return fields;
}

bool ledgerAdmissible(const Ledger& l) {
    return std::apply([&l](const auto&... r) { return (r.admissible(l) && ...); }, rows());
}

namespace {
constexpr const char* kNone = "none";
constexpr const char* kYes = "yes";
constexpr const char* kNo = "no";
constexpr const char* kSeconds = "%1 s";
constexpr const char* kDays = "%1 days";
constexpr const char* kDaysHours = "%1 days (%2 hours)";
constexpr const char* kGpuHours = "%1 GPU-hours";
constexpr const char* kMinutes = "%1 minutes";
constexpr const char* kHours = "%1 hours";
constexpr const char* kTokensPerS = "%1 tokens/s";
constexpr const char* kBytesPerParam = "%1 B/param";
constexpr const char* kPercent = "%1%";
} // namespace

const std::vector<const char*>& valueTemplates() {
    // With the words a text row holds (time.binding_gate: none, memory, time).
    static const std::vector<const char*> all = {kNone,      kYes,      kNo,         kSeconds,       kDays,
                                                 kDaysHours, kGpuHours, kTokensPerS, kBytesPerParam, "memory",
                                                 "time",     kMinutes,  kHours,      kPercent};
    return all;
}

// Decimals a figure in seconds is shown with: three significant digits from 1 us to 10 s (0.0213, 1.23), else one.
static int secondsDecimals(double seconds) {
    const double a = std::fabs(seconds);
    if (!(a >= 1e-6) || a >= 9.95 || !std::isfinite(a))
        return 1; // below a microsecond nothing in a training step is worth a digit
    return std::clamp(2 - int(std::floor(std::log10(a))), 1, 12); // three significant digits
}

ValueText ledgerValueText(const LedgerValue& v, Unit unit) {
    if (std::holds_alternative<std::monostate>(v))
        return {kNone, {}, {}};
    if (auto b = std::get_if<bool>(&v))
        return {*b ? kYes : kNo, {}, {}};
    if (auto s = std::get_if<std::string>(&v))
        return {"%1", *s, {}};
    const double x = std::holds_alternative<std::int64_t>(v) ? double(std::get<std::int64_t>(v)) : std::get<double>(v);
    switch (unit) {
    case Unit::Count:
        return {"%1", groupDigits(x), {}};
    case Unit::Bytes:
        return {"%1", formatBytesBoth(x), {}};
    case Unit::Flops:
        return {"%1", formatSi(x, "FLOPs"), {}};
    case Unit::FlopsPerToken:
        return {"%1", formatSi(x, "FLOPs/token"), {}};
    case Unit::Seconds:
        // Significant digits below 10 s, one decimal above: a 21 ms part reads "0.0213 s", never "0.0 s" (issue 28).
        return {kSeconds, formatFixed(x, secondsDecimals(x)), {}};
    case Unit::Days:
        // A short run reads better in hours than as "0.0 days".
        return x < 1 ? ValueText{kDaysHours, formatFixed(x, 3), formatFixed(x * 24, 1)}
                     : ValueText{kDays, formatFixed(x, 1), {}};
    case Unit::Hours:
        return {kGpuHours, x < 100 ? formatFixed(x, 2) : groupDigits(x), {}};
    case Unit::Usd:
        return {"%1", x < 100 ? "$" + formatFixed(x, 2) : "$" + groupDigits(x), {}};
    case Unit::TokensPerS:
        return {kTokensPerS, groupDigits(x), {}};
    case Unit::BytesPerParam:
        return {kBytesPerParam, formatFixed(x, 2), {}};
    case Unit::Share:
        return {kPercent, formatFixed(100 * x, 1), {}};
    case Unit::Ratio:
    case Unit::Bool:
    case Unit::Text:
        break;
    }
    return {"%1", formatFixed(x, 4), {}};
}

std::array<MemoryPart, kMemoryParts> memoryParts(const MemoryLedger& m) {
    return {{{"memory.frozen_weights", "frozen weights", m.frozenWeights, true},
             {"memory.trainable_weights", "weights", trainableWeights(m), true},
             {"memory.gradients", "gradients", m.gradients, true},
             {"memory.master_weights", "master weights", m.masterWeights, true},
             {"memory.optimizer", "optimizer state", m.optimizer, true},
             {"memory.activations", "activations", m.activations, false},
             {"memory.buffers", "buffers and overhead", m.buffers, false}}};
}

ValueText spanText(double seconds) {
    if (!(seconds >= 120))
        return {kSeconds, formatFixed(seconds, 1), {}};
    if (seconds < 2 * 3600)
        return {kMinutes, formatFixed(seconds / 60, 1), {}};
    const double hours = seconds / 3600;
    return {kHours, hours >= 100 ? groupDigits(hours) : formatFixed(hours, 1), {}};
}

std::string formatLedgerValue(const LedgerValue& v, Unit unit) {
    const ValueText t = ledgerValueText(v, unit);
    return fillTemplate(t.pattern, 2, [&t](std::size_t i) { return i == 0 ? t.a : t.b; });
}

} // namespace tl::engine
