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
