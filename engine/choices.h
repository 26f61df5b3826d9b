#pragma once
// The scenario's choice keys as enums, each with one name table: the names files, --set, the schema and the CLI use.
// The engine compares enums; only the key table (engine/fields.cpp) and the name tables here see the strings.

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tl::engine {

enum class Schedule : unsigned char { GPipe, OneFOneB, Interleaved, ZbH1, ZbH2, ZbV, DualPipeV }; // parallel.schedule
// activations.recompute: selective_op is torchtitan's per-op selective checkpointing (every second matmul and the
// elementwise work run again; attention and the other matmuls' outputs kept).
enum class Recompute : unsigned char { None, Selective, Full, PerOp };
// activations.cross_entropy: how the loss keeps the logits (Megatron-LM's vocab-parallel FP32 softmax, a fused kernel
// keeping the 16-bit logits, or PyTorch's cross_entropy on an FP32 copy).
enum class CrossEntropy : unsigned char { Fp32Softmax, Fused, Unfused };
enum class Offload : unsigned char { None, Cpu, Nvme };       // offload.optimizer
enum class EfficiencyMode : unsigned char { Fixed, Derived }; // efficiency.mode
// Element formats of precision.weights, .grads and .master (each key allows its own subset; none = no copy).
enum class NumberFormat : unsigned char { Bf16, Fp16, Fp32, Fp8, None };
enum class Optimizer : unsigned char { Adam, Adam8bit, SgdMomentum, Adafactor, None }; // precision.optimizer
enum class Attention : unsigned char { Mha, Mla }; // model.attention (GQA and MQA are mha with fewer kv_heads)
enum class FinetuneMethod : unsigned char { Full, Lora, Qlora }; // finetune.method
enum class LoraTargets : unsigned char { Attention, AllLinear }; // finetune.lora_targets
enum class BaseFormat : unsigned char { Bf16, Int8, Nf4 };       // precision.base: the frozen weights' format
// precision.fp8_recipe: the scaling granularity of FP8 matmuls (one scale per tensor, per row, per 128-block, per
// 32-element block in MX format), and Current: one scale per tensor as Transformer Engine runs it (Megatron's FP8
// current scaling), which keeps what the block recipes keep.
enum class Fp8Recipe : unsigned char { Tensorwise, Rowwise, Blockwise, Mxfp8, Current };
// parallel.ep_dispatcher: how an MoE layer's token copies reach their experts' GPUs. Hierarchical: one network crossing
// per other node that holds one of a token's experts, NVLink fans it out there (DeepEP, HybridEP, DeepSeek-V3).
// AllToAll: Megatron-Core's alltoall dispatcher, one NCCL all-to-all that sends every copy to its expert's GPU.
enum class EpDispatcher : unsigned char { Hierarchical, AllToAll };

// ChoiceNames<E>::names[i] is the name of E(i).
template <class E> struct ChoiceNames;
template <> struct ChoiceNames<Schedule> {
    static constexpr std::array<const char*, 7> names{"gpipe", "1f1b", "interleaved", "zb-h1",
                                                      "zb-h2", "zb-v", "dualpipev"};
};
template <> struct ChoiceNames<Recompute> {
    static constexpr std::array<const char*, 4> names{"none", "selective", "full", "selective_op"};
};
template <> struct ChoiceNames<CrossEntropy> {
    static constexpr std::array<const char*, 3> names{"fp32_softmax", "fused", "unfused"};
};
template <> struct ChoiceNames<Offload> { static constexpr std::array<const char*, 3> names{"none", "cpu", "nvme"}; };
template <> struct ChoiceNames<EfficiencyMode> {
    static constexpr std::array<const char*, 2> names{"fixed", "derived"};
};
template <> struct ChoiceNames<NumberFormat> {
    static constexpr std::array<const char*, 5> names{"bf16", "fp16", "fp32", "fp8", "none"};
};
template <> struct ChoiceNames<Optimizer> {
    static constexpr std::array<const char*, 5> names{"adam", "adam-8bit", "sgd-momentum", "adafactor", "none"};
};

template <> struct ChoiceNames<Attention> { static constexpr std::array<const char*, 2> names{"mha", "mla"}; };
template <> struct ChoiceNames<FinetuneMethod> {
    static constexpr std::array<const char*, 3> names{"full", "lora", "qlora"};
};
template <> struct ChoiceNames<LoraTargets> {
    static constexpr std::array<const char*, 2> names{"attention", "all-linear"};
};
template <> struct ChoiceNames<BaseFormat> {
    static constexpr std::array<const char*, 3> names{"bf16", "int8", "nf4"};
};

template <> struct ChoiceNames<Fp8Recipe> {
    static constexpr std::array<const char*, 5> names{"tensorwise", "rowwise", "blockwise", "mxfp8", "current"};
};

template <> struct ChoiceNames<EpDispatcher> {
    static constexpr std::array<const char*, 2> names{"hierarchical", "alltoall"};
};

template <class E> constexpr const char* choiceName(E e) {
    return ChoiceNames<E>::names[std::size_t(e)];
}

template <class E> std::optional<E> parseChoice(std::string_view name) {
    const auto& names = ChoiceNames<E>::names;
    for (std::size_t i = 0; i < names.size(); ++i)
        if (name == names[i])
            return E(i);
    return std::nullopt;
}

// Every value of E, in table order.
template <class E> std::vector<E> allChoices() {
    std::vector<E> out;
    for (std::size_t i = 0; i < ChoiceNames<E>::names.size(); ++i)
        out.push_back(E(i));
    return out;
}

} // namespace tl::engine
