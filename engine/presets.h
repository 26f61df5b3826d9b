#pragma once
// Model and GPU presets. The data lives in resources/presets/*.csv and is compiled in at build time,
// so the CLI, the window and the tests see the same table without looking for files at run time.

#include "engine/scenario.h"

#include <string>
#include <string_view>
#include <vector>

namespace tl::engine {

struct ModelPreset {
    std::string id;
    std::string name;
    ModelShape shape; // preset field set to id, params = 0
    std::string source;
};

struct GpuPreset {
    std::string id;
    std::string name;
    double memoryGb = 0;
    double peakTflops = 0;
    int gpusPerNode = 8;
    double usdPerGpuHour = 0;
    double hbmTbps = 0, intraNodeGbps = 0, interNodeGbps = 0, pcieGbps = 0; // 0: the row predates them
    double peakFp8Tflops = 0;                                               // dense FP8; 0: no FP8 tensor cores
    double tdpW = 0;                                                        // design board power
    // Derived mode's achieved shares of peak (docs/formulas.md names each figure's source).
    double gemmFraction = 0, hbmFraction = 0, linkFraction = 0, fp8Fraction = 0;
    double flashFraction = 0; // flash attention's share of the BF16 peak (not a key: it follows gemm_fraction)
    std::string source;
};

const std::vector<ModelPreset>& modelPresets();
const std::vector<GpuPreset>& gpuPresets();
const ModelPreset* findModelPreset(std::string_view id);
const GpuPreset* findGpuPreset(std::string_view id);
// The preset a hardware spec was taken from: by id, else (custom hardware) the preset with the same dense BF16 peak,
// the compute die. nullptr when none matches.
const GpuPreset* gpuPresetFor(const HardwareSpec& hw);

// The scenario's title, or when it has none a description of the plan: "Qwen3-8B, 100B tokens in 30 days".
std::string displayTitle(const Scenario& s);

// Copy a preset's figures into the scenario (the preset key too). False when the id is unknown.
bool applyModelPreset(Scenario& s, std::string_view id);
bool applyGpuPreset(Scenario& s, std::string_view id);

} // namespace tl::engine
