// Step time on today's hardware: each GPU preset's own efficiency figures as scenario keys, FP8 matmuls, FP8 weight
// gathers and copies, and the clocks of a power-capped GPU (issue 21, stage 1).

#include "engine/evaluate.h"
#include "engine/fields.h"
#include "engine/flops.h"
#include "engine/memory.h"
#include "engine/model.h"
#include "engine/precision.h"
#include "engine/presets.h"
#include "engine/steptime.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

using namespace tl::engine;

void set(Scenario& s, const char* key, const FieldValue& v) {
    const auto e = setField(s, key, v);
    ASSERT_FALSE(e.has_value()) << e->message();
}

Scenario derived(const char* gpu) {
    Scenario s;
    set(s, "hardware.preset", std::string(gpu));
    set(s, "efficiency.mode", std::string("derived"));
    set(s, "model.preset", std::string("llama3-8b"));
    set(s, "parallel.dp", 8.0);
    set(s, "parallel.zero", 3.0);
    set(s, "data.global_batch", 16.0);
    set(s, "data.micro_batch", 2.0);
    set(s, "activations.recompute", std::string("selective"));
    return s;
}

TEST(HardwareEfficiency, PresetsSetTheEfficiencyKeys) {
    Scenario s;
    // The default scenario's figures are the H100 SXM row's.
    const GpuPreset* h100 = findGpuPreset("h100-sxm");
    ASSERT_NE(h100, nullptr);
    EXPECT_EQ(s.efficiency.gemmFraction, h100->gemmFraction);
    EXPECT_EQ(s.efficiency.hbmFraction, h100->hbmFraction);
    EXPECT_EQ(s.efficiency.linkFraction, h100->linkFraction);
    EXPECT_EQ(s.efficiency.fp8Fraction, h100->fp8Fraction);
    EXPECT_EQ(s.hardware.peakFp8Tflops, 1979);
    EXPECT_EQ(s.hardware.tdpW, 700);
    // The A100 keeps the constants its 18 published Megatron runs were fitted with, and has no FP8.
    set(s, "hardware.preset", std::string("a100-80gb"));
    EXPECT_EQ(s.efficiency.gemmFraction, 0.84);
    EXPECT_EQ(s.efficiency.hbmFraction, 0.85);
    EXPECT_EQ(s.efficiency.linkFraction, 0.65);
    EXPECT_EQ(s.hardware.peakFp8Tflops, 0);
    EXPECT_EQ(s.hardware.tdpW, 400);
    // Datasheet FP8 peaks.
    for (const auto& [id, fp8] : {std::pair{"h100-sxm", 1979.0},
                                  {"h200", 1979.0},
                                  {"h800", 1979.0},
                                  {"b200", 4500.0},
                                  {"mi300x", 2615.0},
                                  {"a100-40gb", 0.0}}) {
        const GpuPreset* g = findGpuPreset(id);
        ASSERT_NE(g, nullptr) << id;
        EXPECT_EQ(g->peakFp8Tflops, fp8) << id;
        EXPECT_GT(g->tdpW, 0) << id;
    }
    // An edited figure is a key like any other: it survives, it is range-checked, and it moves the derived step.
    Scenario d = derived("h100-sxm");
    const double before = evaluate(d).time.stepTimeS;
    set(d, "efficiency.gemm_fraction", 0.5);
    EXPECT_EQ(d.hardware.preset, "h100-sxm");
    EXPECT_GT(evaluate(d).time.stepTimeS, 1.2 * before);
    set(d, "efficiency.hbm_fraction", 1.5);
    const Ledger refused = evaluate(d);
    ASSERT_FALSE(refused.valid);
    EXPECT_NE(refused.errors.front().message().find("efficiency.hbm_fraction"), std::string::npos);
}

TEST(HardwareEfficiency, Gb200Nvl72IsOneNvlinkDomain) {
    // GB200 and GB300 NVL72 (datasheets): 2.5 PFLOP/s BF16 and 5 PFLOP/s FP8 dense per GPU, one NVLink domain of 72.
    for (const char* id : {"gb200", "gb300"}) {
        const GpuPreset* g = findGpuPreset(id);
        ASSERT_NE(g, nullptr) << id;
        EXPECT_EQ(g->peakTflops, 2500) << id;
        EXPECT_EQ(g->peakFp8Tflops, 5000) << id;
        EXPECT_EQ(g->gpusPerNode, 72) << id;
        EXPECT_EQ(g->intraNodeGbps, 900) << id;
    }
    // Tensor parallelism over 16 GPUs stays on NVLink on a GB200 rack; on DGX B200 (8 a node) it crosses the network.
    auto layout = [](const char* gpu) {
        Scenario s = derived(gpu);
        set(s, "model.preset", std::string("gpt3-175b")); // 96 heads: TP 16 divides them
        set(s, "parallel.tp", 16.0);
        set(s, "parallel.dp", 4.0);
        set(s, "parallel.zero", 1.0);
        set(s, "parallel.sequence_parallel", true);
        return evaluate(s);
    };
    auto across = [](const Ledger& l) {
        for (const Diagnostic& w : l.warnings)
            if (w.code == "tp-across-nodes")
                return true;
        return false;
    };
    const Ledger rack = layout("gb200"), dgx = layout("b200");
    ASSERT_TRUE(rack.valid) << (rack.errors.empty() ? "" : rack.errors.front().message());
    ASSERT_TRUE(dgx.valid) << (dgx.errors.empty() ? "" : dgx.errors.front().message());
    EXPECT_FALSE(across(rack));
    EXPECT_TRUE(across(dgx));
    EXPECT_LT(rack.time.breakdown.tpComm, 0.5 * dgx.time.breakdown.tpComm);
}

TEST(HardwareEfficiency, BlackwellSharesFromMeasuredCeilings) {
    // ml-engineering's measured matmul ceilings (MAMF): B200 1,745 TFLOP/s BF16 and 3,432.5 FP8; GB200 1,822 and
    // 3,615.6. GB200 sustains 4% more than B200 (its maximum SM clock 2,062 against 1,965 MHz), not the datasheets'
    // 11%.
    const GpuPreset* b200 = findGpuPreset("b200");
    const GpuPreset* gb200 = findGpuPreset("gb200");
    const GpuPreset* gb300 = findGpuPreset("gb300");
    ASSERT_NE(b200, nullptr);
    ASSERT_NE(gb200, nullptr);
    ASSERT_NE(gb300, nullptr);
    EXPECT_NEAR(b200->gemmFraction * b200->peakTflops, 1745.0, 15.0);
    EXPECT_NEAR(b200->fp8Fraction * b200->peakFp8Tflops, 3432.5, 25.0);
    EXPECT_NEAR(gb200->gemmFraction * gb200->peakTflops, 1822.0, 15.0);
    EXPECT_NEAR(gb200->fp8Fraction * gb200->peakFp8Tflops, 3615.6, 25.0);
    const double gemmRatio = gb200->gemmFraction * gb200->peakTflops / (b200->gemmFraction * b200->peakTflops);
    EXPECT_NEAR(gemmRatio, 1822.0 / 1745.0, 0.01);
    // Same silicon: GB200's attention kernel runs at B200's rate times the measured ratio.
    const double flashRatio = gb200->flashFraction * gb200->peakTflops / (b200->flashFraction * b200->peakTflops);
    EXPECT_NEAR(flashRatio, gemmRatio, 0.01);
    // GB300: no published matmul ceiling, GB200's shares; twice the softmax exponent rate makes the forward (a third of
    // the attention work: backward does 2.5 times its FLOPs) about 1.35 times faster: 3.5 / (2.5 + 1 / 1.35) = 1.080.
    EXPECT_EQ(gb300->gemmFraction, gb200->gemmFraction);
    EXPECT_EQ(gb300->fp8Fraction, gb200->fp8Fraction);
    EXPECT_NEAR(gb300->flashFraction / gb200->flashFraction, 3.5 / (2.5 + 1.0 / 1.35), 0.01);
    // The same Llama 3 8B layout: GB300 only differs in attention here, so it is faster by a share of the step.
    const double onGb200 = evaluate(derived("gb200")).time.stepTimeS;
    const double onGb300 = evaluate(derived("gb300")).time.stepTimeS;
    EXPECT_LT(onGb300, 0.99 * onGb200);
    EXPECT_GT(onGb300, 0.93 * onGb200);
}

TEST(HardwareEfficiency, Fp8RefusedWithoutFp8TensorCores) {
    Scenario s = derived("a100-80gb");
    set(s, "precision.compute", std::string("fp8"));
    const Ledger l = evaluate(s);
    ASSERT_FALSE(l.valid);
    ASSERT_EQ(l.errors.size(), 1u);
    const std::string line = l.errors.front().message();
    EXPECT_NE(line.find("precision.compute"), std::string::npos) << line;
    EXPECT_NE(line.find("NVIDIA A100 80GB SXM"), std::string::npos) << line;
    EXPECT_NE(line.find("hardware.peak_fp8_tflops"), std::string::npos) << line;
    EXPECT_EQ(line.find('\n'), std::string::npos) << line;
}

TEST(HardwareEfficiency, PresetForEachHardwareInTurn) {
    // gpuPresetFor keeps its last answer per thread: each hardware asked in turn, presets and custom GPUs alternating,
    // gets its own preset: by id, else the first preset with the same BF16 peak and a board power, else none.
    auto byPeak = [](double peak) -> const GpuPreset* {
        for (const GpuPreset& g : gpuPresets())
            if (g.peakTflops == peak && g.tdpW > 0)
                return &g;
        return nullptr;
    };
    int custom = 0;
    for (int pass = 0; pass < 2; ++pass)
        for (const GpuPreset& g : gpuPresets()) {
            Scenario s;
            ASSERT_TRUE(applyGpuPreset(s, g.id));
            EXPECT_EQ(gpuPresetFor(s.hardware), &g) << g.id;
            HardwareSpec own = s.hardware;
            own.preset = "custom";
            EXPECT_EQ(gpuPresetFor(own), byPeak(g.peakTflops)) << g.id;
            custom += byPeak(g.peakTflops) != nullptr;
            own.peakTflops = g.peakTflops + 0.5; // no preset has it
            EXPECT_EQ(gpuPresetFor(own), nullptr) << g.id;
            EXPECT_EQ(gpuPresetFor(s.hardware), &g) << g.id;
        }
    EXPECT_GT(custom, 0);
}

TEST(HardwareEfficiency, Fp8MatmulsAndGathers) {
    Scenario bf16 = derived("h100-sxm");
    Scenario fp8 = bf16;
    set(fp8, "precision.compute", std::string("fp8"));
    const ModelCounts m = countModel(bf16.model);
    const StepTime a = derivedStepTime(bf16, m, 8), b = derivedStepTime(fp8, m, 8);
    // Published FP8 runs on H100 are 1.2-1.6x faster than BF16 (torchtitan 8B: 8,532 against 6,667 tokens/s).
    EXPECT_GT(a.stepS / b.stepS, 1.15);
    EXPECT_LT(a.stepS / b.stepS, 1.7);
    // Per-tensor scaling under ZeRO-3 gathers FP8 shards: half the BF16 bytes.
    EXPECT_NEAR(b.terms.dpGatherS / a.terms.dpGatherS, 0.5, 0.02);
    set(fp8, "precision.fp8_recipe", std::string("rowwise"));
    EXPECT_DOUBLE_EQ(derivedStepTime(fp8, m, 8).terms.dpGatherS, a.terms.dpGatherS);
    // Fixed mode does not look at the format of the matmuls: the MFU says it all.
    Scenario fixedBf16 = bf16, fixedFp8 = fp8;
    set(fixedBf16, "efficiency.mode", std::string("fixed"));
    set(fixedFp8, "efficiency.mode", std::string("fixed"));
    EXPECT_EQ(evaluate(fixedBf16).time.stepTimeS, evaluate(fixedFp8).time.stepTimeS);
}

TEST(HardwareEfficiency, Fp8MemoryPerRecipe) {
    Scenario s = derived("h100-sxm");
    set(s, "parallel.zero", 1.0);
    set(s, "activations.recompute", std::string("none"));
    const Ledger bf16 = evaluate(s);
    set(s, "precision.compute", std::string("fp8"));
    // Per-tensor and per-row scaling cast the weights at each use and keep the layers' inputs in BF16.
    EXPECT_DOUBLE_EQ(evaluate(s).memory.weights, bf16.memory.weights);
    EXPECT_DOUBLE_EQ(evaluate(s).memory.activations, bf16.memory.activations);
    set(s, "precision.fp8_recipe", std::string("rowwise"));
    EXPECT_DOUBLE_EQ(evaluate(s).memory.weights, bf16.memory.weights);
    // Block and MX scaling keep an FP8 copy and its transpose of the layers' weights (2 more bytes per parameter;
    // the embedding and the LM head stay 16-bit only) and save the linear layers' inputs in FP8.
    for (const char* recipe : {"blockwise", "mxfp8"}) {
        set(s, "precision.fp8_recipe", std::string(recipe));
        const Ledger l = evaluate(s);
        EXPECT_DOUBLE_EQ(l.memory.weights, bf16.memory.weights + 2.0 * countModel(s.model).layersTotal) << recipe;
        EXPECT_LT(l.memory.activations, 0.9 * bf16.memory.activations) << recipe;
    }
    // ZeRO-3 with per-tensor scaling gathers FP8 layers: the gather buffer halves.
    Scenario z3 = derived("h100-sxm");
    const double gatherBf16 = evaluate(z3).memory.buffers;
    set(z3, "precision.compute", std::string("fp8"));
    EXPECT_LT(evaluate(z3).memory.buffers, gatherBf16);
}

// An MoE model under block scaling: the routed experts' weights get their FP8 copies too, and the tokens dispatched
// to them are saved in FP8 like every linear input.
TEST(HardwareEfficiency, Fp8BlockScalingOfRoutedExperts) {
    Scenario s = derived("h100-sxm");
    set(s, "model.preset", std::string("mixtral-8x7b"));
    set(s, "parallel.zero", 1.0);
    set(s, "parallel.ep", 8.0);
    set(s, "precision.compute", std::string("fp8"));
    const Ledger tensorwise = evaluate(s);
    ASSERT_TRUE(tensorwise.valid);
    set(s, "precision.fp8_recipe", std::string("blockwise"));
    const MemoryBreakdown before = perGpuMemory(s, countModel(s.model), stateBytes(s.precision, 4096), 8);
    EXPECT_GT(before.expertWeights, 0.0);
    // Weights 2 B/param + copies 2 B/param: twice the 16-bit expert weights.
    Scenario noCopies = s;
    set(noCopies, "precision.fp8_recipe", std::string("tensorwise"));
    const MemoryBreakdown plain = perGpuMemory(noCopies, countModel(s.model), stateBytes(s.precision, 4096), 8);
    EXPECT_DOUBLE_EQ(before.expertWeights, 2.0 * plain.expertWeights);
    EXPECT_LT(evaluate(s).memory.activationsLayers, tensorwise.memory.activationsLayers);
}

TEST(HardwareEfficiency, PowerCapLowersTheClock) {
    // 700 W design, 140 W that does not follow the clock: ((500 - 140) / (700 - 140))^(1/3).
    EXPECT_NEAR(powerCapClock(500, 700), 0.8631, 1e-4);
    EXPECT_EQ(powerCapClock(700, 700), 1.0);
    EXPECT_EQ(powerCapClock(900, 700), 1.0); // above the design power the clocks do not rise
    Scenario s = derived("h100-sxm");
    const StepTime full = derivedStepTime(s, countModel(s.model), 8);
    set(s, "hardware.tdp_w", 500.0);
    EXPECT_NEAR(stepConstants(s).clock, 0.8631, 1e-4);
    const StepTime capped = derivedStepTime(s, countModel(s.model), 8);
    // The matmuls slow by the clock; memory-bound work and links do not: the step slows by less than 1 / 0.863.
    EXPECT_GT(capped.stepS, 1.05 * full.stepS);
    EXPECT_LT(capped.stepS, full.stepS / 0.8631 + 1e-9);
    // A custom GPU keeps its design power through the compute die it shares with a preset.
    set(s, "hardware.hbm_tbps", 2.4);
    EXPECT_EQ(s.hardware.preset, "custom");
    EXPECT_NEAR(stepConstants(s).clock, 0.8631, 1e-4);
}

TEST(HardwareEfficiency, PerOpRecomputeAsTorchtitan) {
    // torchtitan's per-op policy on Llama 3 8B (h 4096, q 4096, kv 1024, MLP 14336, 32 layers, sequence 8192, 2 per
    // micro-batch): K, output and up run again; the input, Q, V, gate, attention output and its log-sum-exp are kept.
    Scenario s = derived("h100-sxm");
    set(s, "activations.recompute", std::string("selective_op"));
    const ModelCounts m = countModel(s.model);
    const double T = 2.0 * 8192, h = 4096, q = 4096, kv = 1024, w = 14336;
    EXPECT_DOUBLE_EQ(layerActivations(m, s, false).stored, 2.0 * T * (h + q + kv + w + q) + 4.0 * T * 32);
    const FlopsBreakdown f = forwardFlops(m, s.data);
    EXPECT_DOUBLE_EQ(recomputeFlops(f, s.activations), 2.0 * 8192 * 32 * (h * kv + q * h + h * w));
    // It keeps less than Megatron's selective recompute and more than full; it redoes more than selective (three of
    // seven matmuls and the elementwise work against attention alone) and less than full.
    Scenario selective = s, full = s;
    set(selective, "activations.recompute", std::string("selective"));
    set(full, "activations.recompute", std::string("full"));
    EXPECT_LT(layerActivations(m, s, false).stored, layerActivations(m, selective, false).stored);
    EXPECT_GT(layerActivations(m, s, false).stored, layerActivations(m, full, false).stored);
    const double perOp = derivedStepTime(s, m, 8).parts.recompute;
    EXPECT_GT(perOp, 1.2 * derivedStepTime(selective, m, 8).parts.recompute);
    EXPECT_LT(perOp, 0.6 * derivedStepTime(full, m, 8).parts.recompute);
    // Like full recompute, one layer's whole set is rebuilt during its backward.
    const MemoryBreakdown mb = perGpuMemory(s, m, stateBytes(s.precision, m.hidden), 8);
    EXPECT_DOUBLE_EQ(mb.activationsLayers, 32 * mb.layerStored + mb.layerWorking);
}

TEST(HardwareEfficiency, UnfusedCrossEntropyHoldsThreeFp32Copies) {
    // PyTorch's cross_entropy on an FP32 copy (torchtitan): 12 bytes a logit against Megatron-LM's FP32 softmax's 4.
    Scenario s = derived("h100-sxm");
    const ModelCounts m = countModel(s.model);
    const MemoryBreakdown fp32Softmax = perGpuMemory(s, m, stateBytes(s.precision, m.hidden), 8);
    set(s, "activations.cross_entropy", std::string("unfused"));
    const MemoryBreakdown unfused = perGpuMemory(s, m, stateBytes(s.precision, m.hidden), 8);
    EXPECT_DOUBLE_EQ(unfused.activationsLogits - fp32Softmax.activationsLogits, 8.0 * 2 * 8192 * 128256);
    EXPECT_EQ(derivedStepTime(s, m, 8).stepS, derivedStepTime(derived("h100-sxm"), m, 8).stepS); // memory only
}

} // namespace
