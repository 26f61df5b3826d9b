#include "engine/fields.h"

#include "engine/model.h"
#include "engine/presets.h"
#include "engine/units.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <type_traits>

namespace tl::engine {
namespace {

// Panel hints, one helper per control kind.
FieldUi slider(const char* label, const char* group, SliderScale scale, double lo, double hi, const char* unit = "",
               double factor = 1, int decimals = 0) {
    FieldUi u;
    u.label = label;
    u.group = group;
    u.control = Control::Slider;
    u.scale = scale;
    u.sliderMin = lo;
    u.sliderMax = hi;
    u.displayUnit = unit;
    u.displayFactor = factor;
    u.decimals = decimals;
    return u;
}
FieldUi control(Control c, const char* label, const char* group, std::vector<std::string> choiceLabels = {}) {
    FieldUi u;
    u.label = label;
    u.group = group;
    u.control = c;
    u.choiceLabels = std::move(choiceLabels);
    return u;
}
FieldUi advanced(FieldUi u) {
    u.advanced = true;
    return u;
}

constexpr auto Lin = SliderScale::Linear;
constexpr auto Log = SliderScale::Log;
constexpr auto Pow2 = SliderScale::PowersOfTwo;
constexpr const char* kModel = "Model";
constexpr const char* kData = "Data";
constexpr const char* kSchedule = "Schedule";
constexpr const char* kPrecision = "Precision";
constexpr const char* kParallel = "Parallelism";
constexpr const char* kHardware = "Hardware and efficiency";
constexpr const char* kRl = "Reinforcement learning";
constexpr const char* kFinetune = "Fine-tuning";
constexpr const char* kFaults = "Checkpoints and faults";

// Table rows. Each macro spells the member once for reading and once for writing.
#define TL_NUM(KEY, TYPE, MEMBER, LO, HI, UNIT, HELP, UI)                                                              \
    Field {                                                                                                            \
        KEY, FieldType::TYPE, LO, HI, UNIT, HELP, {},                                                                  \
            [](const Scenario& s) -> FieldValue { return double(s.MEMBER); },                                          \
            [](Scenario& s, const FieldValue& v) { s.MEMBER = decltype(s.MEMBER)(std::get<double>(v)); }, false,       \
            slotOf([](const Scenario& s) { return &s.MEMBER; }), UI                                                    \
    }
#define TL_BOOL(KEY, MEMBER, HELP, UI)                                                                                 \
    Field {                                                                                                            \
        KEY, FieldType::Bool, 0, 1, "", HELP, {}, [](const Scenario& s) -> FieldValue { return s.MEMBER; },            \
            [](Scenario& s, const FieldValue& v) { s.MEMBER = std::get<bool>(v); }, false, {}, UI                      \
    }
// A choice key: its allowed names (a subset of the member enum's name table, engine/choices.h) in the panel's order.
// setField checks the name against them before set runs, so parseChoice always succeeds there.
#define TL_CHOICE(KEY, MEMBER, HELP, UI, ...)                                                                          \
    Field {                                                                                                            \
        KEY, FieldType::Choice, 0, 0, "", HELP, choiceNames<decltype(Scenario{}.MEMBER)>({__VA_ARGS__}),               \
            [](const Scenario& s) -> FieldValue { return std::string(choiceName(s.MEMBER)); },                         \
            [](Scenario& s, const FieldValue& v) {                                                                     \
                if (auto c = parseChoice<decltype(s.MEMBER)>(std::get<std::string>(v)))                                \
                    s.MEMBER = *c;                                                                                     \
            },                                                                                                         \
            false, slotOf([](const Scenario& s) { return &s.MEMBER; }), UI,                                            \
            choiceMask<decltype(Scenario{}.MEMBER)>({__VA_ARGS__})                                                     \
    }
#define TL_TEXT(KEY, TYPE, MEMBER, HELP, UI, ...)                                                                      \
    Field {                                                                                                            \
        KEY, FieldType::TYPE, 0, 0, "", HELP, {__VA_ARGS__}, [](const Scenario& s) -> FieldValue { return s.MEMBER; }, \
            [](Scenario& s, const FieldValue& v) { s.MEMBER = std::get<std::string>(v); }, false, {}, UI               \
    }

// The slot of the member `at` points to, measured once on a default scenario.
template <class At> NumberSlot slotOf(At at) {
    static const Scenario probe;
    using T = std::remove_cvref_t<decltype(*at(probe))>;
    NumberSlot slot;
    if constexpr (std::is_same_v<T, double>)
        slot.kind = NumberSlot::Kind::Double;
    else if constexpr (std::is_same_v<T, int>)
        slot.kind = NumberSlot::Kind::Int;
    else {
        static_assert(std::is_enum_v<T> && sizeof(T) == 1, "a numeric key is an int, a double or a one-byte enum");
        slot.kind = NumberSlot::Kind::Byte;
    }
    slot.offset = unsigned(reinterpret_cast<const char*>(at(probe)) - reinterpret_cast<const char*>(&probe));
    return slot;
}

// The names of the given values of one choice enum.
template <class E> std::vector<std::string> choiceNames(std::initializer_list<E> values) {
    std::vector<std::string> out;
    for (E e : values)
        out.emplace_back(choiceName(e));
    return out;
}

// The given values of one choice enum as a bit set (validate's check without names).
template <class E> std::uint64_t choiceMask(std::initializer_list<E> values) {
    std::uint64_t mask = 0;
    for (E e : values)
        mask |= std::uint64_t(1) << int(e);
    return mask;
}

std::vector<Field> buildFields() {
    std::vector<std::string> modelIds = {"custom"}, modelNames = {"Custom architecture"};
    for (const auto& p : modelPresets()) {
        modelIds.push_back(p.id);
        modelNames.push_back(p.name);
    }
    std::vector<std::string> gpuIds = {"custom"}, gpuNames = {"Custom GPU"};
    for (const auto& g : gpuPresets()) {
        gpuIds.push_back(g.id);
        gpuNames.push_back(g.name);
    }
    const auto C = Control::Combo, K = Control::Check;

    std::vector<Field> f = {
        TL_TEXT("title", Text, title, "A short name for the scenario.", control(Control::Line, "Title", "Scenario")),
        TL_TEXT("notes", Text, notes, "Free text shown beside the scenario.", control(Control::None, "Notes", "")),
        TL_TEXT("model.preset", Choice, model.preset, "A published architecture; choosing one sets every model key.",
                control(C, "Preset", kModel, modelNames)),
        Field{"model.params",
              FieldType::NullableReal,
              1e7,
              1e13,
              "parameters",
              "A raw parameter count; the architecture is derived from it by the documented shape rule.",
              {},
              [](const Scenario& s) -> FieldValue {
                  return s.model.params > 0 ? FieldValue(s.model.params) : FieldValue(std::monostate{});
              },
              [](Scenario& s, const FieldValue& v) {
                  // A count derives its shape (the model keys then show it); null keeps that shape as a custom one.
                  // Dropout and the routing's balance and capacity are training choices, not part of the shape:
                  // they survive the new shape.
                  if (std::holds_alternative<double>(v) && std::get<double>(v) > 0) {
                      const ModelShape old = s.model;
                      s.model = shapeForParams(std::get<double>(v));
                      s.model.dropout = old.dropout;
                      s.model.moe.capacityFactor = old.moe.capacityFactor;
                      s.model.moe.routerBalance = old.moe.routerBalance;
                  } else
                      s.model.params = 0;
              },
              false,
              {},
              slider("Parameters", kModel, Log, 1e7, 1e13, "billion", 1e9, 3)},
        TL_NUM("model.layers", Int, model.layers, 1, 1000, "layers", "Transformer layers (blocks).",
               advanced(slider("Layers", kModel, Lin, 1, 200, "layers"))),
        TL_NUM("model.hidden", Int, model.hidden, 1, 131072, "", "Model width h: the size of each token's vector.",
               advanced(slider("Hidden size", kModel, Log, 64, 65536))),
        TL_NUM("model.ffn_hidden", Int, model.ffnHidden, 1, 1048576, "", "Width of the MLP's intermediate layer.",
               advanced(slider("MLP width", kModel, Log, 64, 262144))),
        TL_NUM("model.heads", Int, model.heads, 1, 4096, "heads", "Query heads of attention.",
               advanced(slider("Attention heads", kModel, Lin, 1, 256, "heads"))),
        TL_NUM("model.kv_heads", Int, model.kvHeads, 1, 4096, "heads",
               "Key/value heads (grouped-query attention); must divide the query heads.",
               advanced(slider("Key/value heads", kModel, Lin, 1, 256, "heads"))),
        TL_NUM("model.head_dim", Int, model.headDim, 1, 1024, "", "Width of one attention head.",
               advanced(slider("Head width", kModel, Pow2, 16, 512))),
        TL_NUM("model.vocab", Int, model.vocab, 1, 10000000, "tokens", "Vocabulary size: the LM head's width.",
               advanced(slider("Vocabulary", kModel, Log, 1000, 1e6, "tokens"))),
        TL_BOOL("model.tied_embeddings", model.tiedEmbeddings, "The LM head reuses the input embedding matrix.",
                advanced(control(K, "Tied embeddings", kModel))),
        TL_BOOL("model.gated_mlp", model.gatedMlp, "SwiGLU-style MLP with three matrices instead of two.",
                advanced(control(K, "Gated MLP (SwiGLU)", kModel))),
        TL_BOOL("model.qk_norm", model.qkNorm, "Per-head normalisation of queries and keys (Qwen3).",
                advanced(control(K, "Query/key norm", kModel))),
        TL_BOOL("model.bias", model.bias, "Linear layers and LayerNorms carry biases (GPT-2).",
                advanced(control(K, "Biases", kModel))),
        TL_NUM("model.learned_positions", Int, model.learnedPositions, 0, 10000000, "positions",
               "Learned position embeddings (0 = rotary or none).",
               advanced(slider("Learned positions", kModel, Lin, 0, 32768, "positions"))),
        TL_NUM("model.moe.experts", Int, model.moe.experts, 0, 4096, "experts",
               "Routed experts per MoE layer (0 = dense).",
               advanced(slider("Experts", kModel, Lin, 0, 256, "experts"))),
        TL_NUM("model.moe.active_experts", Int, model.moe.activeExperts, 0, 4096, "experts",
               "Routed experts each token uses.", advanced(slider("Active experts", kModel, Lin, 0, 16, "experts"))),
        TL_NUM("model.moe.shared_experts", Int, model.moe.sharedExperts, 0, 64, "experts",
               "Experts every token passes through.", advanced(slider("Shared experts", kModel, Lin, 0, 8, "experts"))),
        TL_NUM("model.moe.expert_ffn_hidden", Int, model.moe.expertFfnHidden, 0, 1048576, "",
               "MLP width of one expert.", advanced(slider("Expert MLP width", kModel, Lin, 0, 32768))),
        TL_NUM("model.moe.dense_layers", Int, model.moe.denseLayers, 0, 1000, "layers",
               "Leading layers with a dense MLP instead of experts.",
               advanced(slider("Dense layers", kModel, Lin, 0, 16, "layers"))),
        TL_BOOL("model.moe.router_bias", model.moe.routerBias,
                "The router carries one bias per routed expert (GPT-OSS; DeepSeek-V3's load-balancing bias).",
                advanced(control(K, "Router bias", kModel))),
        TL_NUM("model.moe.capacity_factor", Real, model.moe.capacityFactor, 0, 1000, "",
               "0 = dropless routing; above 0 an expert takes at most this multiple of its mean share of tokens and "
               "drops the rest.",
               advanced(slider("Capacity factor", kModel, Lin, 0, 4, "", 1, 2))),
        TL_NUM("model.moe.router_balance", Real, model.moe.routerBalance, 1, 1000, "",
               "Tokens the busiest expert gets over the mean (1 = perfectly balanced routing): the slowest rank sets "
               "the step.",
               advanced(slider("Routing imbalance", kModel, Lin, 1, 4, "", 1, 2))),
        TL_CHOICE("model.attention", model.attention,
                  "mha: multi-head attention (grouped-query with fewer key/value heads); mla: multi-head latent "
                  "attention (DeepSeek-V2/V3) through low-rank query and key-value latents.",
                  advanced(control(C, "Attention", kModel, {"Multi-head (MHA, GQA)", "Multi-head latent (MLA)"})),
                  Attention::Mha, Attention::Mla),
        TL_NUM("model.mla.q_lora_rank", Int, model.mla.qLoraRank, 0, 65536, "",
               "MLA: width of the query latent (0 = queries projected straight from the hidden state).",
               advanced(slider("MLA query latent", kModel, Lin, 0, 4096))),
        TL_NUM("model.mla.kv_lora_rank", Int, model.mla.kvLoraRank, 1, 65536, "",
               "MLA: width of the key-value latent, the part kept per token.",
               advanced(slider("MLA key-value latent", kModel, Lin, 64, 4096))),
        TL_NUM("model.mla.qk_nope_head_dim", Int, model.mla.qkNopeHeadDim, 0, 1024, "",
               "MLA: per-head query/key width without rotary positions.",
               advanced(slider("MLA q/k head width", kModel, Pow2, 16, 512))),
        TL_NUM("model.mla.qk_rope_head_dim", Int, model.mla.qkRopeHeadDim, 0, 1024, "",
               "MLA: per-head query/key width that carries rotary positions (the key's part is shared by all heads).",
               advanced(slider("MLA rotary width", kModel, Pow2, 16, 512))),
        TL_NUM("model.mla.v_head_dim", Int, model.mla.vHeadDim, 1, 1024, "", "MLA: per-head value width.",
               advanced(slider("MLA value head width", kModel, Pow2, 16, 512))),
        TL_NUM("model.mtp_layers", Int, model.mtpLayers, 0, 64, "modules",
               "Multi-token-prediction modules trained beside the model (DeepSeek-V3: 1), each a transformer layer "
               "on the last pipeline stage that predicts one more token ahead.",
               advanced(slider("Multi-token prediction", kModel, Lin, 0, 4, "modules"))),
        TL_NUM("model.sliding_window", Int, model.slidingWindow, 0, 10485760, "tokens",
               "Tokens a windowed attention layer sees (0 = every layer attends to the whole sequence).",
               advanced(slider("Sliding window", kModel, Pow2, 64, 131072, "tokens"))),
        TL_NUM("model.full_attention_every", Int, model.fullAttentionEvery, 0, 1000, "layers",
               "With a sliding window: every n-th layer attends to the whole sequence (1 = all layers, 0 = none; "
               "GPT-OSS 2, Gemma 3 6).",
               advanced(slider("Full attention every", kModel, Lin, 0, 8, "layers"))),
        TL_BOOL("model.norm_bias", model.normBias,
                "With biases: the norms carry biases too (LayerNorm). Off for RMSNorm models whose linear layers "
                "have biases (GPT-OSS).",
                advanced(control(K, "Norm biases", kModel))),
        TL_BOOL("model.attention_sinks", model.attentionSinks,
                "One learned sink logit per attention head and layer (GPT-OSS).",
                advanced(control(K, "Attention sinks", kModel))),
        TL_BOOL("model.qkv_bias", model.qkvBias,
                "Biases on the query, key and value projections only (Qwen2); model.bias puts them on every linear "
                "layer.",
                advanced(control(K, "Query/key/value biases", kModel))),
        TL_BOOL("model.post_norms", model.postNorms,
                "A second norm after attention and after the MLP in every layer (Gemma 2, Gemma 3).",
                advanced(control(K, "Post-norms", kModel))),
        TL_BOOL("model.qk_norm_all_heads", model.qkNormAllHeads,
                "With the query/key norm: one norm over all heads' queries and one over all keys instead of one per "
                "head (OLMo 2).",
                advanced(control(K, "Query/key norm over all heads", kModel))),
        TL_BOOL("model.dropout", model.dropout,
                "Dropout on the attention probabilities and both residual branches; its masks are kept for "
                "backward (GPT-2, GPT-3, Megatron GPT).",
                advanced(control(K, "Dropout", kModel))),
        TL_NUM("data.tokens", Real, data.tokens, 1e6, 1e16, "tokens", "Total training tokens D.",
               slider("Tokens", kData, Log, 1e9, 1e14, "billion", 1e9, 3)),
        TL_NUM("data.seq_len", Int, data.seqLen, 1, 10485760, "tokens", "Tokens per training sequence.",
               slider("Sequence length", kData, Pow2, 512, 1048576, "tokens")),
        TL_NUM("data.global_batch", Int, data.globalBatch, 1, 10000000, "sequences",
               "Sequences per optimizer step, across all data-parallel replicas.",
               slider("Global batch", kData, Log, 1, 65536, "sequences")),
        TL_NUM("data.micro_batch", Int, data.microBatch, 1, 1000000, "sequences",
               "Sequences one forward/backward pass processes on one pipeline.",
               slider("Micro-batch", kData, Log, 1, 256, "sequences")),
        Field{"data.documents",
              FieldType::IntList,
              1,
              10485760,
              "tokens",
              "Lengths of the documents packed into one sequence; they must add up to data.seq_len.",
              {},
              [](const Scenario& s) -> FieldValue {
                  return s.data.documents.empty() ? std::vector<int>{s.data.seqLen} : s.data.documents;
              },
              [](Scenario& s, const FieldValue& v) {
                  // One document filling the sequence is stored as none, so it follows data.seq_len.
                  const auto& list = std::get<std::vector<int>>(v);
                  s.data.documents = list.size() == 1 && list[0] == s.data.seqLen ? std::vector<int>{} : list;
              },
              false,
              {},
              advanced(control(Control::List, "Packed documents", kData))},
        Field{"data.supervised_fraction",
              FieldType::Real,
              0,
              1,
              "",
              "Share of tokens that enter the loss (SFT masks prompts).",
              {},
              [](const Scenario& s) -> FieldValue { return s.data.supervisedFraction; },
              [](Scenario& s, const FieldValue& v) { s.data.supervisedFraction = std::get<double>(v); },
              true,
              slotOf([](const Scenario& s) { return &s.data.supervisedFraction; }),
              advanced(slider("Supervised tokens", kData, Lin, 0.01, 1, "%", 0.01, 0))},
        TL_BOOL("data.vocab_on_supervised_only", data.vocabOnSupervisedOnly,
                "The LM-head projection runs only on supervised tokens.",
                advanced(control(K, "LM head on supervised tokens only", kData))),
        // At least about an hour: shorter deadlines only produce rates too large to mean anything.
        TL_NUM("schedule.deadline_days", Real, schedule.deadlineDays, 0.0417, 3650, "days",
               "Calendar days until the run must be done.", slider("Deadline", kSchedule, Lin, 1, 365, "days", 1, 1)),
        TL_NUM("schedule.reserve_days", Real, schedule.reserveDays, 0, 3650, "days",
               "Days kept for checkpoints and failures; training gets the rest.",
               slider("Reserve", kSchedule, Lin, 0, 60, "days", 1, 1)),
        TL_CHOICE("precision.weights", precision.weights, "Format of the weights used in compute.",
                  advanced(control(C, "Weights", kPrecision, {"BF16", "FP16", "FP32", "FP8"})), NumberFormat::Bf16,
                  NumberFormat::Fp16, NumberFormat::Fp32, NumberFormat::Fp8),
        TL_CHOICE("precision.grads", precision.grads, "Format of the gradients.",
                  advanced(control(C, "Gradients", kPrecision, {"BF16", "FP16", "FP32"})), NumberFormat::Bf16,
                  NumberFormat::Fp16, NumberFormat::Fp32),
        TL_CHOICE("precision.master", precision.master, "High-precision master copy of the weights.",
                  advanced(control(C, "Master weights", kPrecision, {"FP32", "None"})), NumberFormat::Fp32,
                  NumberFormat::None),
        TL_CHOICE(
            "precision.optimizer", precision.optimizer, "Optimizer and the state it keeps per parameter.",
            advanced(control(C, "Optimizer", kPrecision,
                             {"Adam (two FP32 moments)", "8-bit Adam", "SGD with momentum", "Adafactor", "None"})),
            Optimizer::Adam, Optimizer::Adam8bit, Optimizer::SgdMomentum, Optimizer::Adafactor, Optimizer::None),
        TL_CHOICE("precision.compute", precision.compute,
                  "Format of the matmuls: bf16, or fp8 (FP8 matmuls, BF16 attention, norms and optimizer).",
                  advanced(control(C, "Matmuls", kPrecision, {"BF16", "FP8"})), NumberFormat::Bf16, NumberFormat::Fp8),
        TL_CHOICE("precision.fp8_recipe", precision.fp8Recipe,
                  "FP8 scaling: one scale per tensor, per row, per 128-element block, or per 32-element block (MX); "
                  "current: one scale per tensor in Transformer Engine (Megatron's current scaling), which keeps the "
                  "linear layers' inputs and a copy of the weights in FP8 as the block recipes do.",
                  advanced(control(C, "FP8 scaling", kPrecision,
                                   {"Per tensor", "Per row", "Per block", "MXFP8", "Per tensor (Transformer Engine)"})),
                  Fp8Recipe::Tensorwise, Fp8Recipe::Rowwise, Fp8Recipe::Blockwise, Fp8Recipe::Mxfp8,
                  Fp8Recipe::Current),
        TL_NUM("parallel.tp", Int, parallel.tp, 1, 65536, "GPUs",
               "Tensor parallel: each layer's matrices split over tp GPUs.",
               slider("Tensor parallel (TP)", kParallel, Lin, 1, 64, "GPUs")),
        TL_NUM("parallel.pp", Int, parallel.pp, 1, 65536, "stages", "Pipeline parallel: layers split into pp stages.",
               slider("Pipeline parallel (PP)", kParallel, Lin, 1, 64, "stages")),
        TL_NUM("parallel.dp", Int, parallel.dp, 1, 1048576, "replicas",
               "Data parallel: model replicas on different data.",
               slider("Data parallel (DP)", kParallel, Log, 1, 16384, "replicas")),
        TL_NUM("parallel.cp", Int, parallel.cp, 1, 65536, "GPUs", "Context parallel: each sequence split over cp GPUs.",
               slider("Context parallel (CP)", kParallel, Lin, 1, 64, "GPUs")),
        TL_NUM("parallel.zero", Int, parallel.zero, 0, 3, "",
               "ZeRO stage: 1 shards optimizer state, 2 also gradients, 3 (FSDP) also weights, over dp x cp.",
               slider("ZeRO stage", kParallel, Lin, 0, 3)),
        TL_NUM("parallel.ep", Int, parallel.ep, 1, 65536, "GPUs",
               "Expert parallel: the routed experts split over ep GPUs carved out of tp x cp x dp; tokens travel to "
               "their experts and back in two all-to-alls per MoE layer.",
               slider("Expert parallel (EP)", kParallel, Lin, 1, 256, "GPUs")),
        TL_NUM("parallel.etp", Int, parallel.etp, 1, 65536, "GPUs",
               "Expert tensor parallel: each routed expert's matmuls split over etp GPUs.",
               advanced(slider("Expert tensor parallel (ETP)", kParallel, Lin, 1, 8, "GPUs"))),
        TL_BOOL("parallel.sequence_parallel", parallel.sequenceParallel,
                "Megatron sequence parallelism: norms and dropout activations split over the TP group.",
                control(K, "Sequence parallel", kParallel)),
        TL_BOOL("parallel.tp_comm_overlap", parallel.tpCommOverlap,
                "Derived mode: tensor-parallel collectives run in chunks behind the layer's matmuls (Transformer "
                "Engine's communication overlap, PyTorch's async TP); off, they wait for each other.",
                advanced(control(K, "Overlap TP communication", kParallel))),
        // Issue 22 (MoE): the all-to-all's overlap and the dispatcher, as Megatron-Core runs them.
        TL_BOOL("parallel.ep_comm_overlap", parallel.epCommOverlap,
                "Derived mode, MoE: each layer's all-to-all runs while another micro-batch's attention and experts "
                "compute (Megatron-Core's expert-parallel communication overlap, the 1F1B pairs DualPipe also "
                "runs); off, the all-to-all waits for the compute and the compute for it.",
                advanced(control(K, "Overlap expert all-to-all", kParallel))),
        TL_CHOICE("parallel.ep_dispatcher", parallel.epDispatcher,
                  "Derived mode, MoE: hierarchical sends a token once to each other node that holds one of its "
                  "experts and NVLink fans it out there (DeepEP, HybridEP); alltoall sends every token copy straight "
                  "to its expert's GPU in one NCCL all-to-all (Megatron-Core's alltoall dispatcher).",
                  advanced(control(C, "Token dispatcher", kParallel, {"Hierarchical", "All-to-all"})),
                  EpDispatcher::Hierarchical, EpDispatcher::AllToAll),
        TL_BOOL("parallel.balance_ends", parallel.balanceEnds,
                "When the layers do not divide evenly over the pipeline's chunks, the chunk holding the LM head and "
                "then the one holding the embedding take one layer fewer, and the rest of the shortfall falls on "
                "ranks that hold neither (Megatron-LM's account-for-embedding/loss split, Llama 3); off, the first "
                "chunks take the extra layers.",
                advanced(control(K, "Lighter end stages", kParallel))),
        TL_CHOICE("parallel.schedule", parallel.schedule, "Pipeline schedule.",
                  control(C, "Pipeline schedule", kParallel,
                          {"GPipe", "1F1B", "Interleaved 1F1B", "Zero bubble H1", "Zero bubble H2", "Zero bubble V",
                           "DualPipeV"}),
                  Schedule::GPipe, Schedule::OneFOneB, Schedule::Interleaved, Schedule::ZbH1, Schedule::ZbH2,
                  Schedule::ZbV, Schedule::DualPipeV),
        TL_NUM("parallel.virtual_stages", Int, parallel.virtualStages, 1, 1000, "chunks",
               "Model chunks per pipeline rank (interleaved schedule).",
               slider("Virtual stages", kParallel, Lin, 1, 16, "chunks")),
        TL_CHOICE("activations.recompute", activations.recompute,
                  "Activation recompute: none keeps everything, selective redoes core attention, full keeps only "
                  "each layer's input, selective_op (torchtitan's per-op policy) redoes every second matmul and the "
                  "elementwise work.",
                  control(C, "Recompute", kParallel, {"None", "Selective", "Full", "Selective per op (torchtitan)"}),
                  Recompute::None, Recompute::Selective, Recompute::Full, Recompute::PerOp),
        TL_CHOICE("activations.cross_entropy", activations.crossEntropy,
                  "How the loss keeps the logits: fp32_softmax keeps the FP32 softmax and forms its gradient in place "
                  "(Megatron-LM), fused keeps the head's 16-bit logits (a fused kernel: Transformer Engine, "
                  "Megatron-Bridge), unfused runs PyTorch's cross-entropy on an FP32 copy (torchtitan).",
                  advanced(control(C, "Cross-entropy", kParallel,
                                   {"FP32 softmax", "Fused (16-bit logits)", "Unfused (FP32 copy)"})),
                  CrossEntropy::Fp32Softmax, CrossEntropy::Fused, CrossEntropy::Unfused),
        TL_BOOL("activations.flash_attention", activations.flashAttention,
                "Flash attention: the softmax matrix is never stored.", control(K, "Flash attention", kParallel)),
        TL_CHOICE("offload.optimizer", offload.optimizer, "Move optimizer state and master weights off the GPU.",
                  control(C, "Optimizer offload", kParallel, {"None", "To CPU memory", "To NVMe"}), Offload::None,
                  Offload::Cpu, Offload::Nvme),
        TL_TEXT("hardware.preset", Choice, hardware.preset, "A GPU model; choosing one sets the hardware keys.",
                control(C, "GPU", kHardware, gpuNames)),
        TL_NUM("hardware.memory_gb", Real, hardware.memoryGb, 0.001, 100000, "GB",
               "Memory per GPU in decimal GB (1e9 bytes).", slider("Memory", kHardware, Lin, 8, 400, "GB", 1, 1)),
        TL_NUM("hardware.peak_tflops", Real, hardware.peakTflops, 0.001, 1e7, "TFLOP/s", "Dense BF16 peak per GPU.",
               slider("Peak", kHardware, Log, 10, 10000, "TFLOP/s", 1, 1)),
        TL_NUM("hardware.gpus_per_node", Int, hardware.gpusPerNode, 1, 1024, "GPUs", "GPUs in one server node.",
               slider("GPUs per node", kHardware, Lin, 1, 72, "GPUs")),
        TL_NUM("hardware.usd_per_gpu_hour", Real, hardware.usdPerGpuHour, 0, 100000, "USD/GPU-hour",
               "Price of one GPU for one hour.", slider("Price", kHardware, Log, 0.1, 50, "$/GPU-hour", 1, 2)),
        TL_NUM("hardware.hbm_tbps", Real, hardware.hbmTbps, 0.001, 1000, "TB/s",
               "Memory (HBM) bandwidth per GPU: memory-bound kernels run at a share of it.",
               advanced(slider("Memory bandwidth", kHardware, Log, 0.5, 20, "TB/s", 1, 2))),
        TL_NUM("hardware.intra_node_gbps", Real, hardware.intraNodeGbps, 0.001, 100000, "GB/s",
               "GPU-to-GPU bandwidth inside a node (NVLink), per GPU and direction.",
               advanced(slider("In-node bandwidth", kHardware, Log, 10, 2000, "GB/s", 1, 1))),
        TL_NUM("hardware.inter_node_gbps", Real, hardware.interNodeGbps, 0.001, 100000, "GB/s",
               "Network bandwidth across nodes per GPU and direction (8 x 400 Gb/s per 8-GPU node = 50).",
               advanced(slider("Network bandwidth", kHardware, Log, 1, 400, "GB/s", 1, 1))),
        TL_NUM("hardware.pcie_gbps", Real, hardware.pcieGbps, 0.001, 100000, "GB/s",
               "Host link per GPU and direction (PCIe): offload traffic.",
               advanced(slider("Host link (PCIe)", kHardware, Log, 1, 256, "GB/s", 1, 1))),
        TL_NUM("hardware.host_gbps", Real, hardware.hostGbps, 0.001, 100000, "GB/s",
               "Host memory bandwidth one GPU's CPU optimizer step can use (offload).",
               advanced(slider("Host memory bandwidth", kHardware, Log, 1, 500, "GB/s", 1, 1))),
        TL_NUM("hardware.nvme_gbps", Real, hardware.nvmeGbps, 0.001, 100000, "GB/s",
               "NVMe read/write bandwidth per GPU (offload to NVMe).",
               advanced(slider("NVMe bandwidth", kHardware, Log, 0.1, 100, "GB/s", 1, 2))),
        TL_NUM("hardware.intra_node_latency_us", Real, hardware.intraNodeLatencyUs, 0, 1e6, "us",
               "Latency of one step of a collective inside a node.",
               advanced(slider("In-node latency", kHardware, Lin, 0, 50, "\u00b5s", 1, 1))),
        TL_NUM("hardware.inter_node_latency_us", Real, hardware.interNodeLatencyUs, 0, 1e6, "us",
               "Latency of one step of a collective or a point-to-point send across nodes.",
               advanced(slider("Network latency", kHardware, Lin, 0, 100, "\u00b5s", 1, 1))),
        TL_NUM("hardware.peak_fp8_tflops", Real, hardware.peakFp8Tflops, 0, 1e7, "TFLOP/s",
               "Dense FP8 peak per GPU (0: no FP8 tensor cores, FP8 matmuls are refused).",
               advanced(slider("FP8 peak", kHardware, Log, 10, 20000, "TFLOP/s", 1, 0))),
        TL_NUM("hardware.tdp_w", Real, hardware.tdpW, 50, 5000, "W",
               "Board power the GPUs run at; capped below the preset's design power, the clocks drop.",
               advanced(slider("Power limit", kHardware, Lin, 100, 1500, "W", 10, 0))),
        TL_NUM("hardware.host_memory_gb", Real, hardware.hostMemoryGb, 0, 1e6, "GB",
               "CPU memory per node in decimal GB: optimizer offload and the host copy of an asynchronous checkpoint "
               "must fit in it.",
               advanced(slider("Host memory per node", kHardware, Log, 16, 16384, "GB", 1, 0))),
        TL_NUM("hardware.nvme_tb", Real, hardware.nvmeTb, 0, 1e5, "TB",
               "NVMe per node in decimal TB: optimizer offload to NVMe must fit in it.",
               advanced(slider("NVMe per node", kHardware, Log, 0.1, 100, "TB", 1, 1))),
        // Lower bounds keep every derived figure finite: the slowest allowed run still takes a finite time.
        TL_NUM("efficiency.mfu", Real, efficiency.mfu, 0.001, 1, "",
               "Model FLOPs utilisation: the share of peak the run really achieves on model FLOPs.",
               slider("MFU", kHardware, Lin, 0.05, 0.8, "%", 0.01, 1)),
        TL_CHOICE("efficiency.mode", efficiency.mode,
                  "fixed: efficiency.mfu as given (the seeds' way); derived: the step time is modelled from the "
                  "hardware figures and the MFU is an output.",
                  control(C, "Efficiency", kHardware, {"Fixed MFU", "Derived from the hardware"}),
                  EfficiencyMode::Fixed, EfficiencyMode::Derived),
        TL_NUM(
            "efficiency.gemm_fraction", Real, efficiency.gemmFraction, 0.05, 1, "",
            "Derived mode: the share of the BF16 peak a large matmul reaches (set by the GPU preset or calibration).",
            advanced(slider("Matmul share of peak", kHardware, Lin, 0.2, 1, "%", 0.01, 0))),
        TL_NUM("efficiency.hbm_fraction", Real, efficiency.hbmFraction, 0.05, 1, "",
               "Derived mode: the share of memory bandwidth memory-bound kernels reach.",
               advanced(slider("Memory share of bandwidth", kHardware, Lin, 0.2, 1, "%", 0.01, 0))),
        TL_NUM("efficiency.link_fraction", Real, efficiency.linkFraction, 0.05, 1, "",
               "Derived mode: the share of link bandwidth collectives and pipeline sends reach.",
               advanced(slider("Link share of bandwidth", kHardware, Lin, 0.2, 1, "%", 0.01, 0))),
        TL_NUM("efficiency.fp8_fraction", Real, efficiency.fp8Fraction, 0.05, 1, "",
               "Derived mode: the share of the FP8 peak a large FP8 matmul reaches.",
               advanced(slider("FP8 matmul share of peak", kHardware, Lin, 0.2, 1, "%", 0.01, 0))),
        TL_NUM("rl.keep", Int, rl.keep, 0, 1e9, "samples",
               "RL: samples kept per update (0: no RL); the rollouts to generate follow from the acceptance.",
               slider("Samples kept", kRl, Log, 1, 4096, "samples", 1, 0)),
        // At least 0.1%: keep / acceptance stays a finite count (1e9 / 1e-3 = 1e12 rollouts), where 5e-324 made it
        // infinite and its cast to an integer undefined.
        Field{"rl.acceptance",
              FieldType::Real,
              0.001,
              1,
              "",
              "RL: the average share of generated samples that survives scoring and is kept.",
              {},
              [](const Scenario& s) -> FieldValue { return s.rl.acceptance; },
              [](Scenario& s, const FieldValue& v) { s.rl.acceptance = std::get<double>(v); },
              false,
              slotOf([](const Scenario& s) { return &s.rl.acceptance; }),
              slider("Acceptance", kRl, Lin, 0.01, 1, "%", 0.01, 0)},
        // Fine-tuning with frozen weights (docs/formulas.md, "Fine-tuning").
        TL_CHOICE(
            "finetune.method", finetune.method,
            "full: every weight trained; lora: the base model frozen, low-rank adapters trained; qlora: lora over "
            "a 4-bit (NF4) base.",
            control(C, "Method", kFinetune, {"Full training", "LoRA", "QLoRA"}), FinetuneMethod::Full,
            FinetuneMethod::Lora, FinetuneMethod::Qlora),
        TL_NUM("finetune.lora_rank", Int, finetune.loraRank, 1, 65536, "",
               "LoRA: the adapters' rank r; each adapted matrix gets r x (in + out) trained parameters.",
               slider("LoRA rank", kFinetune, Pow2, 1, 1024)),
        TL_CHOICE("finetune.lora_targets", finetune.loraTargets,
                  "LoRA: which matrices get adapters: attention = the query and value projections (the LoRA paper); "
                  "all-linear = every matrix of every layer.",
                  control(C, "Adapted matrices", kFinetune, {"Query and value", "All linear layers"}),
                  LoraTargets::Attention, LoraTargets::AllLinear),
        TL_CHOICE("precision.base", finetune.base,
                  "LoRA / QLoRA: the frozen weights' format: bf16, int8 (one FP32 scale per row) or nf4 (4 bits, "
                  "block scales double-quantized); qlora reads bf16 as nf4.",
                  advanced(control(C, "Frozen weights", kFinetune, {"BF16", "INT8", "NF4"})), BaseFormat::Bf16,
                  BaseFormat::Int8, BaseFormat::Nf4),
        TL_NUM("checkpoint.interval_min", Real, checkpoint.intervalMin, 0, 1e6, "min",
               "Minutes of training between checkpoints; 0 takes the optimal interval for the fault rate, "
               "sqrt(2 x write time x the job's mean time between faults).",
               advanced(slider("Checkpoint interval", kFaults, Lin, 0, 720, "min", 1, 0))),
        TL_NUM("checkpoint.storage_gbps", Real, checkpoint.storageGbps, 0.001, 1e6, "GB/s",
               "GB/s the whole job can write to storage: a full checkpoint takes its bytes over this.",
               slider("Checkpoint writes", kFaults, Log, 0.1, 10000, "GB/s", 1, 1)),
        TL_BOOL("checkpoint.async", checkpoint.async,
                "Asynchronous checkpoints: training waits only for the copy to host memory over PCIe, and the "
                "write to storage overlaps training (the copy needs host memory).",
                advanced(control(K, "Async checkpoints", kFaults))),
        TL_NUM("reliability.gpu_mtbf_hours", Real, reliability.gpuMtbfHours, 1, 1e9, "hours",
               "Mean hours between job-stopping faults per GPU; the job's falls with the GPU count (Llama 3 405B: "
               "419 unexpected interruptions in 54 days on 16,384 GPUs, about 50,000 hours).",
               slider("GPU MTBF", kFaults, Log, 1000, 1e6, "hours", 1, 0)),
        TL_NUM("reliability.restart_min", Real, reliability.restartMin, 0, 1e5, "min",
               "Minutes from a fault to training again: detect it, reschedule, load the last checkpoint.",
               advanced(slider("Restart time", kFaults, Lin, 0, 120, "min", 1, 1))),
    };
    for (auto& field : f) {
        if (std::string_view(field.key) == "model.preset")
            field.choices = modelIds;
        if (std::string_view(field.key) == "hardware.preset")
            field.choices = gpuIds;
    }
    return f;
}

#undef TL_NUM
#undef TL_BOOL
#undef TL_TEXT
#undef TL_CHOICE

// 15 significant digits, or the shortest text that reads back as the same number when 15 digits would show another
// number (8.000000000000001 must not print as "8" in "8 is not allowed; allowed: an integer ...") or the number is
// subnormal (5e-324, not 4.94065645841247e-324).
std::string number(double v) {
    const std::string text = formatGeneral(v, 15);
    if (!std::isfinite(v) || (std::strtod(text.c_str(), nullptr) == v && std::fpclassify(v) != FP_SUBNORMAL))
        return text;
    char buf[32];
    const auto end = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general).ptr;
    return std::string(buf, end);
}

// "<key>: <value> is not <type>; allowed: <range>" (wrong type) or "<key>: <value> is not allowed; allowed: <range>".
FieldError error(const Field& f, const FieldValue& v, FieldError::Kind kind = FieldError::Kind::OutOfRange) {
    const bool wrongType = kind == FieldError::Kind::WrongType;
    Msg id = Msg::Count;
    switch (f.type) {
    case FieldType::Int:
        id = wrongType ? Msg::WrongTypeInt : Msg::NotAllowedInt;
        break;
    case FieldType::Real:
        id = f.minExclusive ? (wrongType ? Msg::WrongTypeRealAbove : Msg::NotAllowedRealAbove)
                            : (wrongType ? Msg::WrongTypeReal : Msg::NotAllowedReal);
        break;
    case FieldType::NullableReal:
        id = wrongType ? Msg::WrongTypeNullable : Msg::NotAllowedNullable;
        break;
    case FieldType::Choice:
        id = wrongType ? Msg::WrongTypeChoice : Msg::NotAllowedChoice;
        break;
    case FieldType::IntList:
        id = wrongType ? Msg::WrongTypeList : Msg::NotAllowedList;
        break;
    case FieldType::Bool:
        id = Msg::WrongTypeBool;
        break;
    case FieldType::Text:
        id = Msg::WrongTypeText;
        break;
    }
    std::vector<MessageArg> args = {MessageArg::ofKey(f.key), MessageArg::ofText(formatValueShort(v))};
    if (f.type == FieldType::Choice) {
        std::string names;
        for (size_t i = 0; i < f.choices.size(); ++i)
            names += (i ? ", " : "") + f.choices[i];
        args.push_back(MessageArg::ofText(std::move(names)));
    } else if (f.type != FieldType::Bool && f.type != FieldType::Text) {
        args.push_back(MessageArg::ofNumber(f.min));
        args.push_back(MessageArg::ofNumber(f.max));
    }
    return {kind, f.key, Diagnostic{f.key, f.key, id, std::move(args)}};
}

} // namespace

const std::vector<Field>& scenarioFields() {
    static const std::vector<Field> fields = buildFields();
    return fields;
}

const Field* findField(std::string_view key) {
    for (const auto& f : scenarioFields())
        if (key == f.key)
            return &f;
    return nullptr;
}

double toDisplay(const Field& f, double value) {
    return value / f.ui.displayFactor;
}

double fromDisplay(const Field& f, double shown) {
    const double v = shown * f.ui.displayFactor;
    if (!std::isfinite(v) || v == 0)
        return v;
    const std::string text = formatGeneral(v, 15);
    double rounded = v;
    std::from_chars(text.data(), text.data() + text.size(), rounded);
    return rounded;
}

std::vector<std::pair<std::string, FieldValue>> packingAssignments(const Scenario& s, const std::vector<int>& lengths) {
    if (lengths.empty())
        return {{"data.documents", std::vector<int>{s.data.seqLen}}};
    return {{"data.seq_len", double(std::accumulate(lengths.begin(), lengths.end(), 0LL))},
            {"data.documents", lengths}};
}

std::string labelOf(std::string_view key) {
    const Field* f = findField(key);
    return f && f->ui.label[0] ? f->ui.label : std::string(key);
}

std::string withLabels(std::string_view text) {
    auto keyChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; };
    std::string out;
    size_t i = 0;
    while (i < text.size()) {
        const Field* match = nullptr;
        if (i == 0 || !keyChar(text[i - 1]))
            for (const Field& f : scenarioFields()) {
                const std::string_view key = f.key;
                const size_t end = i + key.size();
                if (!f.ui.label[0] || text.substr(i, key.size()) != key)
                    continue;
                const bool ends = end == text.size() || !keyChar(text[end]) ||
                                  (text[end] == '.' && (end + 1 == text.size() || !keyChar(text[end + 1])));
                if (ends && (!match || key.size() > std::string_view(match->key).size()))
                    match = &f;
            }
        if (!match) {
            out += text[i++];
            continue;
        }
        std::string label = match->ui.label;
        // Inside a sentence a label is lower case, unless its first word carries capitals of its own (ZeRO, TP, MFU).
        const size_t word = label.find(' ');
        const std::string first = label.substr(0, word);
        const bool ownCapitals = std::any_of(first.begin() + 1, first.end(),
                                             [](char c) { return std::isupper(static_cast<unsigned char>(c)); });
        const bool sentenceStart = out.empty() || (out.size() >= 2 && out[out.size() - 2] == '.');
        if (!ownCapitals && !sentenceStart)
            label[0] = char(std::tolower(static_cast<unsigned char>(label[0])));
        out += label;
        i += std::string_view(match->key).size();
    }
    return out;
}

std::string formatValue(const FieldValue& v) {
    if (std::holds_alternative<std::monostate>(v))
        return "null";
    if (auto b = std::get_if<bool>(&v))
        return *b ? "true" : "false";
    if (auto d = std::get_if<double>(&v))
        return number(*d);
    if (auto s = std::get_if<std::string>(&v))
        return "\"" + *s + "\"";
    std::string out = "[";
    for (int x : std::get<std::vector<int>>(v))
        out += (out.size() > 1 ? "," : "") + std::to_string(x);
    return out + "]";
}

std::string shortenMiddle(const std::string& text, std::size_t max) {
    if (text.size() <= max || max < 10)
        return text;
    std::size_t head = (max - 5) * 2 / 3, tail = max - 5 - head;
    // Cut on UTF-8 character boundaries: never inside a multi-byte sequence.
    while (head > 0 && (static_cast<unsigned char>(text[head]) & 0xC0) == 0x80)
        --head;
    std::size_t from = text.size() - tail;
    while (from < text.size() && (static_cast<unsigned char>(text[from]) & 0xC0) == 0x80)
        ++from;
    return text.substr(0, head) + " ... " + text.substr(from);
}

std::string formatValueShort(const FieldValue& v) {
    if (auto s = std::get_if<std::string>(&v))
        return "\"" + shortenMiddle(*s) + "\"";
    if (auto l = std::get_if<std::vector<int>>(&v); l && l->size() > 12) {
        std::string out = "[";
        for (std::size_t i = 0; i < 6; ++i)
            out += std::to_string((*l)[i]) + ",";
        out += "...";
        for (std::size_t i = l->size() - 3; i < l->size(); ++i)
            out += "," + std::to_string((*l)[i]);
        return out + "] (" + std::to_string(l->size()) + " values)";
    }
    return formatValue(v);
}

std::string describeAllowed(const Field& f) {
    switch (f.type) {
    case FieldType::Bool:
        return "true or false";
    case FieldType::Text:
        return "any text";
    case FieldType::Choice: {
        std::string out = "one of ";
        for (size_t i = 0; i < f.choices.size(); ++i)
            out += (i ? ", " : "") + f.choices[i];
        return out;
    }
    case FieldType::IntList:
        return "a non-empty list of integers from " + number(f.min) + " to " + number(f.max);
    case FieldType::Int:
        return "an integer from " + number(f.min) + " to " + number(f.max);
    case FieldType::NullableReal:
        return "null or a number from " + number(f.min) + " to " + number(f.max);
    case FieldType::Real:
        return std::string("a number ") + (f.minExclusive ? "above " : "from ") + number(f.min) + " to " +
               number(f.max);
    }
    return "";
}

std::optional<FieldError> checkRange(const Field& f, const FieldValue& v) {
    switch (f.type) {
    case FieldType::Int:
    case FieldType::Real:
        return numberInRange(f, std::get<double>(v)) ? std::nullopt : std::optional(error(f, v));
    case FieldType::NullableReal:
        if (std::holds_alternative<std::monostate>(v))
            return std::nullopt;
        return numberInRange(f, std::get<double>(v)) ? std::nullopt : std::optional(error(f, v));
    case FieldType::Choice: {
        const auto& s = std::get<std::string>(v);
        for (const auto& c : f.choices)
            if (c == s)
                return std::nullopt;
        return error(f, v);
    }
    case FieldType::IntList: {
        const auto& list = std::get<std::vector<int>>(v);
        if (list.empty() || list.size() > 100000)
            return error(f, v);
        for (int x : list)
            if (!numberInRange(f, x))
                return error(f, v);
        return std::nullopt;
    }
    case FieldType::Bool:
    case FieldType::Text:
        return std::nullopt;
    }
    return std::nullopt;
}

std::optional<FieldError> setField(Scenario& s, std::string_view key, const FieldValue& value) {
    const Field* f = findField(key);
    if (!f)
        return FieldError{FieldError::Kind::UnknownKey, std::string(key),
                          Diagnostic{std::string(key),
                                     "",
                                     Msg::UnknownKey,
                                     {MessageArg::ofText(key.empty() ? std::string("\"\" (an empty key)")
                                                                     : shortenMiddle(std::string(key)))}}};
    bool typeOk = false;
    switch (f->type) {
    case FieldType::Int:
    case FieldType::Real:
        typeOk = std::holds_alternative<double>(value);
        break;
    case FieldType::NullableReal:
        typeOk = std::holds_alternative<double>(value) || std::holds_alternative<std::monostate>(value);
        break;
    case FieldType::Bool:
        typeOk = std::holds_alternative<bool>(value);
        break;
    case FieldType::Text:
    case FieldType::Choice:
        typeOk = std::holds_alternative<std::string>(value);
        break;
    case FieldType::IntList:
        typeOk = std::holds_alternative<std::vector<int>>(value);
        break;
    }
    if (!typeOk)
        return error(*f, value, FieldError::Kind::WrongType);
    // Integers and finite numbers are checked here too: a struct member cannot hold 1e300 or NaN as an int.
    if (f->type == FieldType::Int || f->type == FieldType::IntList || f->type == FieldType::Choice ||
        ((f->type == FieldType::Real || f->type == FieldType::NullableReal) && std::holds_alternative<double>(value) &&
         !std::isfinite(std::get<double>(value)))) {
        if (auto e = checkRange(*f, value))
            return e;
    }
    // model.params derives a shape as it is set, so its range is checked here rather than left to validate().
    if (key == "model.params") {
        if (auto e = checkRange(*f, value))
            return e;
    }
    if (key == "model.preset" && std::get<std::string>(value) != "custom") {
        applyModelPreset(s, std::get<std::string>(value));
        return std::nullopt;
    }
    if (key == "hardware.preset" && std::get<std::string>(value) != "custom") {
        applyGpuPreset(s, std::get<std::string>(value));
        return std::nullopt;
    }
    // A refining edit makes the preset custom: the figures no longer describe the published model or GPU. Dropout
    // and the routing's balance and capacity are training choices, not part of the published shape.
    const bool trainingChoice =
        key == "model.dropout" || key == "model.moe.capacity_factor" || key == "model.moe.router_balance";
    const bool refinesModel =
        key.starts_with("model.") && key != "model.params" && key != "model.preset" && !trainingChoice;
    // The power limit is how the GPUs are run, and the node's CPU memory and NVMe are not figures of the GPU: neither
    // makes the GPU preset custom.
    const bool nodeFigure = key == "hardware.host_memory_gb" || key == "hardware.nvme_tb";
    const bool refinesGpu =
        key.starts_with("hardware.") && key != "hardware.preset" && key != "hardware.tdp_w" && !nodeFigure;
    if ((refinesModel || refinesGpu) && f->get(s) != value) {
        f->set(s, value);
        if (refinesModel) {
            s.model.preset = "custom";
            s.model.params = 0;
        } else {
            s.hardware.preset = "custom";
        }
        return std::nullopt;
    }
    f->set(s, value);
    return std::nullopt;
}

} // namespace tl::engine
