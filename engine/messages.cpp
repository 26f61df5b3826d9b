#include "engine/messages.h"

#include "engine/units.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace tl::engine {
namespace {

// Every sentence the engine says to people, in English; the window's translations follow these (ui/i18n).
constexpr std::array<const char*, std::size_t(Msg::Count)> kTemplates = {
    // NotAllowed*
    "%1: %2 is not allowed; allowed: an integer from %3 to %4",
    "%1: %2 is not allowed; allowed: a number from %3 to %4",
    "%1: %2 is not allowed; allowed: a number above %3 to %4",
    "%1: %2 is not allowed; allowed: null or a number from %3 to %4",
    "%1: %2 is not allowed; allowed: one of %3",
    "%1: %2 is not allowed; allowed: a non-empty list of integers from %3 to %4",
    // WrongType*
    "%1: %2 is not an integer; allowed: an integer from %3 to %4",
    "%1: %2 is not a number; allowed: a number from %3 to %4",
    "%1: %2 is not a number; allowed: a number above %3 to %4",
    "%1: %2 is not a number or null; allowed: null or a number from %3 to %4",
    "%1: %2 is not true or false; allowed: true or false",
    "%1: %2 is not a string; allowed: any text",
    "%1: %2 is not a string; allowed: one of %3",
    "%1: %2 is not a list of integers; allowed: a non-empty list of integers from %3 to %4",
    // UnknownKey
    "%1: unknown key; trainledger-cli --schema lists every key",
    // Divisor, DivisorOfBoth, DivisorOfQuotient
    "%1: %2 is not allowed; allowed: a divisor of %3 (%4)",
    "%1: %2 is not allowed; allowed: a divisor of %3 (%4) and of %5 (%6)",
    "%1: %2 is not allowed; allowed: a divisor of %3 / %4 = %5 (%6)",
    // AtMost, OneTo, AtLeastOneWithExperts, ChunksPerRank
    "%1: %2 is not allowed; allowed: at most %3 (%4)",
    "%1: %2 is not allowed; allowed: 1 to %3 (%4)",
    "%1: %2 is not allowed; allowed: at least 1 when the model has experts",
    "%1: %2 is not allowed; allowed: at most %3 / %4 (%5) chunks per rank",
    // ModelTooLarge, DocumentsSum, CpChunks, LessThan
    "model: the shape has %1 parameters; allowed: at most 1e15 (lower %2, %3, %4 or the expert keys)",
    "%1: %2 adds up to %3 tokens; allowed: document lengths that add up to %4 (%5)",
    "%1: %2 is not allowed; allowed: %3 (%4) must split into 2 x cp equal chunks",
    "%1: %2 is not allowed; allowed: less than %3 (%4)",
    // InterleavedMicroBatches, DualPipeMicroBatches, VirtualStagesInterleavedOnly, TooManyGpus, MasterNotWithFp32
    "%1: %2 is not allowed; allowed: the interleaved schedule needs micro-batches per pipeline (%3) to be a multiple "
    "of %4 (%5)",
    "%1: %2 is not allowed; allowed: dualpipev needs at least 2 x %3 (%4) micro-batches per pipeline, got %5",
    "%1: %2 is not allowed; allowed: 1 unless %3 is \"interleaved\"",
    "%1: %2 is not allowed; allowed: tp x pp x dp x cp at most 10,000,000 GPUs",
    "%1: %2 is not allowed; allowed: \"none\" when %3 is fp32 (the weights are already the master copy)",
    // NoRoutedExperts, ExpertParallel, ExpertTensorParallel
    "%1: %2 is not allowed; allowed: 1 when %3 is 0 (no routed experts)",
    "%1: %2 is not allowed; allowed: a divisor of %3 (%4) and of tp x cp x dp (%5); nearest: %6",
    "%1: %2 is not allowed; allowed: a divisor of %3 (%4) whose product with %5 (%6) divides tp x cp x dp (%7); "
    "nearest: %8",
    // DerivedShape, TpAcrossNodes, FewMicroBatches, MfuHigh
    "%1 is set: the layers, widths and heads come from the documented Llama-style shape rule, scaled to exactly the "
    "requested count.",
    "Tensor parallelism of %1 spans more than one %2-GPU node: every layer then waits on the inter-node network.",
    "Only %1 micro-batches per step for %2 pipeline stages: most of each step is pipeline bubble.",
    "MFU %1% is above what large runs report (Llama 3 405B: 38-43%).",
    // Zero3AcrossNodes, CpAcrossNodes, SeqBeyondPositions
    "ZeRO-3 gathers every layer's weights over the network twice per step (forward and backward); across nodes this "
    "all-gather often becomes the bottleneck.",
    "Context and tensor parallelism together span more than one node.",
    "%1 %2 exceeds the model's %3 learned positions.",
    // HostMemory, NvmeCapacity, NoMasterCopy, GpusCap
    "Optimizer offload and asynchronous checkpoints need %1 GB of CPU memory per node; %2 is %3 GB.",
    "NVMe offload needs %1 TB per node; %2 is %3 TB.",
    "Updates are applied to 16-bit weights without an FP32 master copy: small updates can round away.",
    "No GPU count of this layout finishes in time (only data parallelism varying): the fewest GPUs are shown at the "
    "cap, 10^15.",
    // GateBatchReplicas, GateBatchSplit
    "Finishing in time needs %1 data-parallel replicas, but a step has only %2 micro-batches to share: raise %3 or the "
    "model parallelism.",
    "At the time gate's %1 GPUs the batch does not split evenly; the fewest GPUs that finish and split %2 sequences "
    "evenly are %3.",
    // FaultsOutpace
    "On %1 GPUs a fault stops the job every %2 minutes, sooner than it recovers (%3 minutes lost per fault): it never "
    "finishes. Fewer GPUs, a faster restart or faster checkpoints help.",
    // NotFinite
    "this scenario gives %1 out of range (not a finite, non-negative figure); please report it",
    // CurveNote, CurveStepTp, CurveStepPp, CurveStepBatch, ListComma, ListAndThen
    "A step of %1 micro-batches feeds at most that many replicas; beyond it the curve continues with %2.",
    "TP %1",
    "PP %1",
    "a global batch of %1 sequences",
    "%1, %2",
    "%1 and then %2",
    // PlanRefused, NoLayoutCount, NoLayoutCountAcross, NoLayoutRange, NoLayoutRangeAcross
    "the scenario itself is refused: %1",
    "no layout uses exactly %1 GPUs: tp x pp x cp x dp must make the count with tp dividing the heads inside a node "
    "and dp dividing the batch of %2 sequences%3",
    "no layout uses exactly %1 GPUs: tp x pp x cp x dp must make the count with tp dividing the heads and dp dividing "
    "the batch of %2 sequences%3",
    "no layout uses %1 to %2 GPUs: tp x pp x cp x dp must make the count with tp dividing the heads inside a node and "
    "dp dividing the batch of %3 sequences",
    "no layout uses %1 to %2 GPUs: tp x pp x cp x dp must make the count with tp dividing the heads and dp dividing "
    "the batch of %3 sequences",
    // NearestCount, NearestCounts
    "; nearest counts that have layouts: %1",
    "; nearest counts that have layouts: %1 or %2",
    // StateAlone, NoFitClosest, NoFit, NoFinish
    "the state alone needs %1 GPUs of %2 (%3 fully sharded); the search had %4",
    "no layout fits in %1: the closest, %2, needs %3 per GPU",
    "no layout fits in %1 per GPU",
    "no layout finishes inside the %1 training days (deadline less reserve): the fastest, %2, takes %3 days",
    // CountRange, PerGpuHeadroom, CurveCountRange, GpuRange
    "%1 to %2",
    "%1 less %2% headroom",
    "the GPU count must be a whole number from 1 to 10,000,000",
    "%1: \"%2\" is not allowed; allowed: a GPU count N or a range MIN:MAX of whole numbers, 1 <= MIN <= MAX <= "
    "10000000",
    // NotLayoutKey, TpSpansNodes, TpNotTiling, OutsideSearch
    "%1 is not a layout key; a layout is set by parallel.*, data.micro_batch, activations.recompute and "
    "offload.optimizer",
    "%1: %2 spans more than one %3-GPU node; the planner keeps tensor parallelism inside a node (allow tp across "
    "nodes to include it)",
    "%1: %2 does not tile a %3-GPU node; the planner keeps tensor parallelism inside a node (allow tp across nodes "
    "to include it)",
    "the layout uses %1 GPUs; the search covers %2",
    // OverMemory, OverMemoryHeadroom, LayoutWorks
    "it needs %1 per GPU, over the %2 each GPU has",
    "it needs %1 per GPU, over the %2 left after the headroom",
    "it works: %1 of %2 per GPU, %3 days",
    // OverBudget
    "no plan costs at most %1: the cheapest, %2, costs %3 (%4 days)",
    // NoFp8TensorCores, ValidationBand, CalibratedFigures
    "%1: %2 is not allowed; allowed: \"bf16\" on %3, which has no FP8 tensor cores (%4 is 0)",
    "published runs like this: %1 to %2 (%3)",
    "calibrated: efficiency figures fitted to measured runs (GEMM %1, HBM %2, links %3, FP8 %4 of peak)",
    // BandBasis, BandBasisParallel, FamilyPipeline, FamilyTensor, FamilyFsdp, FamilyData
    "%1: n = %2",
    "%1 with %2: n = %3",
    "pipeline parallelism",
    "tensor parallelism",
    "FSDP (ZeRO-3)",
    "data parallelism",
    // ReserveCovers, ReserveShort, ReserveNone, ReserveOutpaced
    "Faults and checkpoints need %1 days of the %2-day reserve.",
    "Faults and checkpoints need %1 days: more than the %2-day reserve.",
    "Faults and checkpoints need %1 days, and no days are kept in reserve.",
    "On %1 GPUs faults come faster than the job recovers: no reserve covers them.",
    // SearchTooWide
    "%1: \"%2\" is not allowed; allowed: a range of at most %3 layouts to search, here up to %4 (this one has %5)",
    // ---- Files and imports (io/): reading, saving, opening and importing. One sentence per id; %N as above.
    // Reading and writing a file (io/atomicfile.cpp).
    "no file name given",
    "it is %1, not a regular file; refusing to read it",
    "it is %1, not a regular file; refusing to replace it",
    "a directory",
    "a device",
    "a named pipe",
    "a socket",
    "not a regular file",
    "the file is %1 bytes; allowed: at most %2",
    "the file is over %1 bytes; allowed: at most %1",
    "the folder %1 does not exist",
    "the file's contents could not be produced",
    "No space left on device",
    "Permission denied",
    "No such file or directory",
    "Read-only file system",
    "%1",
    "cannot read: %1",
    "it is a folder",
    "%1: %2",
    // Scenario archives (io/archive.cpp).
    "the notes are %1 bytes; allowed: at most %2",
    "the preview is %1 bytes; allowed: at most %2",
    "could not build the archive",
    "not a TrainLedger file (not a zip archive)",
    "the zip archive is damaged or truncated",
    "the archive has %1 entries; allowed: at most %2",
    "an entry of the archive cannot be read",
    "entry \"%1\" looks like a path; allowed: scenario.json, notes.md, preview.png",
    "entry \"%1\" appears twice",
    "entry \"%1\" is not a TrainLedger entry; ignored",
    "entry \"%1\" is encrypted; encrypted files are not supported",
    "entry \"%1\" cannot be opened",
    "entry \"%1\" is damaged",
    "entry \"%1\" unpacks to more than %2 bytes",
    "entry \"%1\" fails its checksum (CRC)",
    "entry \"%1\" declares %2 bytes but holds %3",
    "the archive has no scenario.json",
    "preview.png is not a PNG image",
    "preview.png says it is %1 x %2 pixels; allowed: 1 to %3 on each side",
    // Scenario JSON (io/scenariojson.cpp).
    "%1: a list of %2 values is too long; allowed: at most %3",
    "the text must be UTF-8; this file is UTF-16 or UTF-32 (it starts with a byte-order mark): save it as UTF-8",
    "the text must be UTF-8; this file looks like UTF-16 or UTF-32 (it has zero bytes): save it as UTF-8",
    "this is not a TrainLedger scenario: it has no \"format\": \"%1\" and none of its keys (%2) is a scenario key",
    "format: expected \"%1\", found %2",
    "no format string",
    "version: expected the integer 1",
    "version: this file needs TrainLedger scenario version %1; this program reads version %2. Update TrainLedger to "
    "open it.",
    "%1: wrong type",
    "%1: wrong type; allowed: %2",
    "%1: unknown key, ignored",
    "\"\" (an empty key)",
    "%1 more unknown keys, ignored",
    "%1 bytes is larger than the %2-byte limit",
    "%1 at line %2, column %3",
    "expected a JSON object",
    "--set %1: expected KEY=VALUE",
    "--set %1: the key is empty; expected KEY=VALUE",
    "%1: %2 is not a value this key takes; allowed: %3",
    // What a file is (io/filekind.cpp), and why a config is not opened as a scenario.
    "a TrainLedger scenario",
    "a Hugging Face model config",
    "a Hugging Face model config (model_type \"%1\")",
    "a Megatron-LM argument list",
    "a torchtitan TOML config",
    "a DeepSpeed config",
    "an unknown file",
    "this is not a TrainLedger scenario but %1: use File > Import Model\u2026 (trainledger-cli --import FILE) to bring "
    "it in",
    "this is not a TrainLedger scenario but %1: use File > Import Training Config\u2026 (trainledger-cli --import "
    "FILE) to bring it in",
    // Importing a config (io/importconfig.cpp, io/importtraining.cpp): refusals.
    "%1 bytes is larger than the %2-byte limit of a config",
    "the file is empty",
    "the file is not UTF-8 text",
    "this is a TrainLedger scenario: open it with File > Open",
    "not valid JSON: %1 at byte %2",
    "not a config TrainLedger can import: expected a Hugging Face config.json (with a model_type), a Megatron-LM "
    "argument list, a torchtitan .toml or a DeepSpeed .json",
    "%1: %2 is not a number",
    "%1: %2 is not true or false",
    "the config has no %1 (model_type \"%2\" needs it)",
    "%1 %2 is not a multiple of %3 %4 and the config has no head_dim",
    "a Hugging Face model config needs a model_type; supported: %1",
    "model_type \"%1\" is not supported; supported: %2",
    "not valid TOML: %1 at line %2",
    "%1 is not a scenario key",
    // Importing: what was set, and from what.
    "%1 = %2 (%3)",
    "%1 = %2 (the shape is that preset's)",
    "%1 (no num_key_value_heads)",
    "%1's default",
    "sliding_window on every layer",
    "%1: every second layer attends fully",
    "--swiglu's default width",
    "no virtual pipeline stages",
    "no --recompute-granularity",
    "--bf16's FP32 gradient buffer",
    "torchtitan's tensor parallelism (sequence-parallel norms)",
    "data_parallel_shard_degree 1 (no FSDP)",
    "FSDP over data_parallel_shard_degree",
    "Interleaved1F1B's two stages per rank",
    "%1 x the data-parallel degrees",
    "training.steps x the global batch x training.seq_len",
    "torchtitan's FP32 gradient reduction",
    "DeepSpeed's FP32 master weights",
    // Importing: what could not be expressed or was passed over.
    "model_type %1: only its language model (text_config, model_type %2) is read",
    "attention_bias: false (the attention projections have no biases, the MLP has): model.bias counts biases on every "
    "linear layer",
    "attention_bias: true (biases on the attention projections only): not counted",
    "mlp_bias: true (biases on the MLP only): not counted",
    "shared_expert_intermediate_size: %1 is not a multiple of moe_intermediate_size %2: the shared expert is not "
    "counted",
    "shared_expert_gate: one hidden_size weight vector per layer: not counted",
    "decoder_sparse_step %1, mlp_only_layers %2: only leading dense layers can be expressed; counted as %3 leading "
    "dense layers",
    "moe_layer_freq: %1 (experts in every n-th layer): counted as every layer",
    "use_sliding_window: true with max_window_layers %1: the window starts part way up the model; every layer counted "
    "with full attention",
    "layer_types: the full-attention layers are not every n-th layer: every layer counted with full attention",
    "quantization_config: quantized weights; training keeps precision.weights",
    "nothing in it is a key TrainLedger models: the scenario is unchanged",
    "--%1 %2: not a number (a shell variable?); its key is kept",
    "--disable-bias-linear with LayerNorm: the norms' biases are not counted",
    "no --vocab-size: the tokenizer's vocabulary; model.vocab kept",
    "--moe-layer-freq %1: only leading dense layers can be expressed",
    "--nnodes x --nproc-per-node = %1 GPUs is not a multiple of tp x pp x cp = %2: parallel.dp kept",
    "no torchrun --nnodes and --nproc-per-node: the data-parallel size comes from the launch; parallel.dp kept",
    "--%1: not a cost key",
    "%1 = %2: not a number",
    "%1 = %2: not a number; its key is kept",
    "%1 = %2: not a cost key",
    "model %1: no preset of that flavor; the model keys are kept (import its config.json for the shape)",
    "parallelism.data_parallel_shard_degree = -1: the GPUs the launch leaves; parallel.dp kept",
    "parallelism.pipeline_parallel_schedule = %1: not a schedule TrainLedger models; parallel.schedule kept",
    "float8.enable_fsdp_float8_all_gather: FP8 gathers are not modelled",
    "zero_optimization.offload_param.device = %1: offloaded weights are not modelled (only the optimizer's offload)",
    "optimizer.type = %1: precision.optimizer kept",
    "activation_checkpointing.partition_activations: the recompute the model code chooses is activations.recompute; "
    "partitioning is not modelled",
    // Measured runs for calibration (io/calibrationruns.cpp).
    "line %1: %2",
    "the header must be scenario,measured_step_s[,measured_memory_gib]",
    "expected 2 or 3 cells, got %1",
    "%1: \"%2\" is not allowed; allowed: %3",
    "seconds above 0",
    "GiB above 0",
    "no header scenario,measured_step_s[,measured_memory_gib]",
    "no runs after the header",
    "%1: expected KEY=VALUE",
    "measured_step_s must be a number above 0",
    "runs on %1, the scenario on %2: calibrate one hardware at a time",
    "not valid",
    "no runs to calibrate on",
    "no run could be used: %1",
};

constexpr bool everyTemplateSet() {
    for (const char* t : kTemplates)
        if (!t)
            return false;
    return true;
}
static_assert(everyTemplateSet(), "one template per Msg");

} // namespace

const char* messageTemplate(Msg id) {
    return std::size_t(id) < kTemplates.size() ? kTemplates[std::size_t(id)] : "";
}

std::string formatArg(const MessageArg& a) {
    switch (a.kind) {
    case MessageArg::Kind::Key:
        return a.key;
    case MessageArg::Kind::Text:
        return a.text;
    case MessageArg::Kind::Number: {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.15g", a.number);
        return buf;
    }
    case MessageArg::Kind::Rounded: {
        const double v = a.number, r = std::round(v);
        if (std::fabs(v - r) < 1e-9 && std::fabs(v) >= 10000)
            return groupDigits(v); // 13,896 GPUs
        char buf[48];
        const auto res = std::fabs(v - r) < 1e-9 && std::fabs(v) < 1e15
                             ? std::to_chars(buf, buf + sizeof buf, static_cast<long long>(r))
                             : std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 1);
        return std::string(buf, res.ptr);
    }
    case MessageArg::Kind::Layout:
        return a.layout ? describeLayout(*a.layout) : std::string();
    case MessageArg::Kind::Sentence:
        return a.sentence ? a.sentence->message() : std::string();
    }
    return {};
}

std::string Diagnostic::message() const {
    return fillTemplate(messageTemplate(id), args.size(), [this](std::size_t i) { return formatArg(args[i]); });
}

} // namespace tl::engine
