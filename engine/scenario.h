#pragma once
// The what-if inputs: a plain value struct, one member per docs/contract.md §1 key.
// Defaults are the seeds' example (seed 000): Qwen3-8B, 100B tokens, 30-day deadline, H100 SXM, MFU 40%.

#include "engine/choices.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tl::engine {

struct MoeShape {
    int experts = 0; // 0 = dense
    int activeExperts = 0;
    int sharedExperts = 0;
    int expertFfnHidden = 0;
    int denseLayers = 0;     // leading layers with a dense MLP
    bool routerBias = false; // one bias per routed expert (GPT-OSS's trained bias, DeepSeek-V3's balancing bias)
    // Training choices rather than shape: they do not make a preset custom.
    double capacityFactor = 0; // 0 = dropless; > 0 caps the tokens an expert takes at this multiple of the mean
    double routerBalance = 1;  // load of the busiest expert over the mean (1 = perfectly balanced routing)

    bool operator==(const MoeShape&) const = default;
};

// Multi-head latent attention (DeepSeek-V2/V3): queries and keys/values pass through low-rank latents, and a
// decoupled rotary part of the keys is shared by all heads.
struct MlaShape {
    int qLoraRank = 0; // 0 = queries projected straight from the hidden state
    int kvLoraRank = 512;
    int qkNopeHeadDim = 128;
    int qkRopeHeadDim = 64;
    int vHeadDim = 128;

    bool operator==(const MlaShape&) const = default;
};

struct ModelShape {
    std::string preset = "qwen3-8b";
    double params = 0; // > 0: raw parameter count, shape derived by the documented rule
    int layers = 36;
    int hidden = 4096;
    int ffnHidden = 12288;
    int heads = 32;
    int kvHeads = 8;
    int headDim = 128;
    int vocab = 151936;
    bool tiedEmbeddings = false;
    bool gatedMlp = true;
    bool qkNorm = true;
    bool bias = false;
    int learnedPositions = 0;
    MoeShape moe;
    Attention attention = Attention::Mha;
    MlaShape mla;                // read only when attention is mla
    int mtpLayers = 0;           // multi-token-prediction modules trained beside the model (DeepSeek-V3: 1)
    int slidingWindow = 0;       // tokens a windowed layer attends to (0 = every layer sees the whole sequence)
    int fullAttentionEvery = 1;  // with a window: every n-th layer attends fully (1 = all, 0 = none; GPT-OSS 2)
    bool normBias = true;        // with model.bias: the norms carry biases too (LayerNorm); GPT-OSS's RMSNorms do not
    bool attentionSinks = false; // one learned sink logit per head and layer (GPT-OSS)
    bool qkvBias = false;        // biases on the query, key and value projections only (Qwen2)
    bool postNorms = false;      // a second norm after attention and after the MLP in every layer (Gemma 2, 3)
    bool qkNormAllHeads = false; // with qkNorm: one norm over all heads' queries and one over the keys (OLMo 2)
    bool dropout = false; // attention-probability and residual dropout whose masks are kept (GPT-2/3, Megatron GPT)

    bool operator==(const ModelShape&) const = default;
};

struct DataSpec {
    double tokens = 1e11;
    int seqLen = 8192;
    int globalBatch = 384;
    int microBatch = 1;
    std::vector<int> documents; // empty = one document filling the sequence
    double supervisedFraction = 1.0;
    bool vocabOnSupervisedOnly = false;

    bool operator==(const DataSpec&) const = default;
};

struct ScheduleSpec {
    double deadlineDays = 30;
    double reserveDays = 5;

    bool operator==(const ScheduleSpec&) const = default;
};

struct PrecisionSpec {
    NumberFormat weights = NumberFormat::Bf16;
    NumberFormat grads = NumberFormat::Bf16;
    NumberFormat master = NumberFormat::Fp32;
    Optimizer optimizer = Optimizer::Adam;
    NumberFormat compute = NumberFormat::Bf16; // the matmuls' format: bf16 (TF32 when weights are fp32) or fp8
    Fp8Recipe fp8Recipe = Fp8Recipe::Tensorwise;

    bool operator==(const PrecisionSpec&) const = default;
};

struct ParallelSpec {
    int tp = 1;
    int pp = 1;
    int dp = 8;
    int cp = 1;
    int zero = 3;
    bool sequenceParallel = false;
    Schedule schedule = Schedule::OneFOneB;
    int virtualStages = 1;
    int ep = 1;  // expert parallel: routed experts split over ep ranks carved out of tp x cp x dp (Megatron-Core)
    int etp = 1; // expert tensor parallel: each expert's matmuls split over etp ranks
    bool tpCommOverlap = false; // TP collectives split into chunks that overlap the layer's matmuls (derived mode)
    // MoE all-to-all hidden behind another micro-batch's compute (Megatron-Core's overlap_moe_expert_parallel_comm)
    bool epCommOverlap = false;
    EpDispatcher epDispatcher = EpDispatcher::Hierarchical; // how token copies reach their experts' GPUs
    bool balanceEnds = false; // uneven pipeline splits: the chunks holding the embedding and LM head take fewer layers

    bool operator==(const ParallelSpec&) const = default;
};

struct ActivationSpec {
    Recompute recompute = Recompute::Full;
    bool flashAttention = true;
    CrossEntropy crossEntropy = CrossEntropy::Fp32Softmax;

    bool operator==(const ActivationSpec&) const = default;
};

struct OffloadSpec {
    Offload optimizer = Offload::None;

    bool operator==(const OffloadSpec&) const = default;
};

struct HardwareSpec {
    std::string preset = "h100-sxm";
    double memoryGb = 80;
    double peakTflops = 989;
    int gpusPerNode = 8;
    double usdPerGpuHour = 3.5;
    // The step-time model's figures (efficiency.mode = derived), per GPU, from public specifications.
    double hbmTbps = 3.35;         // HBM bandwidth, TB/s
    double intraNodeGbps = 450;    // NVLink, GB/s per direction
    double interNodeGbps = 50;     // network, GB/s per direction (8 x 400 Gb/s per node)
    double pcieGbps = 64;          // host link, GB/s per direction (PCIe 5 x16)
    double hostGbps = 50;          // host memory bandwidth one GPU's CPU optimizer can use, GB/s
    double nvmeGbps = 6;           // NVMe read/write bandwidth per GPU, GB/s
    double intraNodeLatencyUs = 3; // one step of a collective inside a node
    double interNodeLatencyUs = 8; // the same across nodes
    double peakFp8Tflops = 1979;   // dense FP8 per GPU; 0 = no FP8 tensor cores
    double tdpW = 700;             // board power the GPUs run at; below the preset's design power the clocks drop
    // The node around the GPUs (seed 004 exercise 5: 512 GB of CPU memory and 2 TB of NVMe per node): optimizer
    // offload and the host copy of an asynchronous checkpoint must fit there. Not part of a GPU preset.
    double hostMemoryGb = 512; // CPU memory per node, decimal GB
    double nvmeTb = 2;         // NVMe per node, decimal TB

    bool operator==(const HardwareSpec&) const = default;
};

struct EfficiencySpec {
    double mfu = 0.40;
    EfficiencyMode mode =
        EfficiencyMode::Fixed; // Fixed: mfu as given; Derived: step time from the hardware, mfu an output
    // Derived mode's achieved shares of peak; the GPU preset sets them (resources/presets/gpus.csv), calibration fits
    // them. These defaults are the H100 SXM row's.
    double gemmFraction = 0.80; // a large BF16 matmul's share of hardware.peak_tflops
    double hbmFraction = 0.85;  // memory-bound kernels' share of hardware.hbm_tbps
    double linkFraction = 0.80; // a ring collective's or point-to-point send's share of link bandwidth
    double fp8Fraction = 0.66;  // a large FP8 matmul's share of hardware.peak_fp8_tflops

    bool operator==(const EfficiencySpec&) const = default;
};

// Reinforcement learning's generation side (seed 003 §5.1): samples kept per update and the share that survives.
struct RlSpec {
    int keep = 0;            // samples kept per update; 0: no RL (the budget then names no rollouts)
    double acceptance = 0.5; // average share of generated samples that is kept

    bool operator==(const RlSpec&) const = default;
};

// Fine-tuning (docs/formulas.md, "Fine-tuning"): full trains every weight; lora and qlora freeze the base model and
// train low-rank adapters (Hu et al. 2021), qlora over a 4-bit base (Dettmers et al. 2023).
struct FinetuneSpec {
    FinetuneMethod method = FinetuneMethod::Full;
    int loraRank = 16;
    LoraTargets loraTargets = LoraTargets::AllLinear;
    BaseFormat base = BaseFormat::Bf16; // precision.base: the frozen weights' format (qlora reads bf16 as nf4)

    bool operator==(const FinetuneSpec&) const = default;
};

// Checkpoints: how often, how fast the job writes them, and whether the write overlaps training (docs/formulas.md
// §13).
struct CheckpointSpec {
    double intervalMin = 0;  // minutes between checkpoints; 0 = the optimal interval for the fault rate (Young/Daly)
    double storageGbps = 10; // GB/s the whole job can write to storage
    bool async = false;      // copy to host memory over PCIe, then write while training goes on

    bool operator==(const CheckpointSpec&) const = default;
};

// Faults: how often a GPU stops the job, and how long the job takes to train again (docs/formulas.md §13).
struct ReliabilitySpec {
    double gpuMtbfHours = 50000; // Llama 3 405B: 419 unexpected interruptions in 54 days on 16,384 GPUs = 50,677 h
    double restartMin = 10;      // detect, reschedule, load the checkpoint

    bool operator==(const ReliabilitySpec&) const = default;
};

struct Scenario {
    std::string title; // empty: shown as displayTitle() describes the plan
    std::string notes;
    ModelShape model;
    DataSpec data;
    ScheduleSpec schedule;
    PrecisionSpec precision;
    ParallelSpec parallel;
    ActivationSpec activations;
    OffloadSpec offload;
    HardwareSpec hardware;
    EfficiencySpec efficiency;
    RlSpec rl;
    FinetuneSpec finetune;
    CheckpointSpec checkpoint;
    ReliabilitySpec reliability;

    bool operator==(const Scenario&) const = default;
};

// In double, then capped: the four degrees' ranges multiply past 2^63 (validate() allows at most 10^7 GPUs).
inline std::int64_t gpuCount(const Scenario& s) {
    const double gpus = double(s.parallel.tp) * s.parallel.pp * s.parallel.dp * s.parallel.cp;
    return std::int64_t(gpus < 1e15 ? gpus : 1e15);
}

} // namespace tl::engine
