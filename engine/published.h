#pragma once
// The published training runs the derived step-time model is checked on (resources/validation/published_runs.csv,
// compiled in): one table that the tests, trainledger-cli --validate, the window's accuracy page and the step-time
// band of derived mode all read, so that they cannot disagree. docs/formulas.md, "Checked against published runs".

#include "engine/ledger.h"
#include "engine/scenario.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tl::engine {

// What a run's published figure measures.
enum class RunMetric : unsigned char {
    StepS,          // seconds per optimizer step
    TokensPerS,     // tokens per second per GPU
    Mfu,            // model FLOPs utilization against the BF16 peak
    MegatronTflops, // TFLOP/s per GPU by Narayanan et al. 2021's formula 96 B s l h^2 (1 + s/6h + V/16lh)
    MemoryGib,      // peak memory per GPU, GiB
};

struct PublishedRun {
    std::string run;   // "torchtitan 8B 8 GPUs"
    std::string group; // "a100-megatron", "h100", "b200", "memory"
    RunMetric metric = RunMetric::StepS;
    double published = 0; // in the metric's unit
    std::string settings; // KEY=VALUE scenario keys joined by ';', applied in order to the default scenario
    std::string source;   // the paper or document and table
};
const std::vector<PublishedRun>& publishedRuns();

// Apply "KEY=VALUE;KEY=VALUE" in order (VALUE: true/false, a number, else text). The first refusal, as the key
// table words it, or nullopt.
std::optional<Diagnostic> applySettings(Scenario& s, std::string_view settings);

// The run's scenario: the default scenario in derived mode with the run's settings (nullopt when one is refused).
std::optional<Scenario> publishedScenario(const PublishedRun& r);

// One run predicted against its publication. Step-time rows compare seconds per step, memory rows GiB per GPU.
struct RunCheck {
    std::string run, group, source;
    RunMetric metric = RunMetric::StepS;
    double published = 0, predicted = 0; // in the metric's unit
    double publishedValue = 0;           // step seconds (memory rows: GiB) the publication implies
    double predictedValue = 0;           // the same from the model
    double error = 0;                    // predictedValue / publishedValue - 1: > 0 the model is slower (larger)
    Diagnostic problem;                  // not empty(): the scenario was refused, and why (a message id)
    std::string gpuFamily;               // "a100", "h100", "b200", ... (GPUs sharing a compute die)
    std::string parallelFamily;          // "fsdp", "tp+fsdp", "3d"
    bool memory() const { return metric == RunMetric::MemoryGib; }
};
RunCheck checkRun(const PublishedRun& r, const Scenario& s); // s: the run's scenario (calibration may edit it)

struct GroupStats {
    std::string group;
    int count = 0;
    double meanAbs = 0, maxAbs = 0; // of |error|
};
std::vector<GroupStats> groupStats(const std::vector<RunCheck>& rows); // in the order groups first appear

struct ValidationTable {
    std::vector<RunCheck> rows;
    std::vector<GroupStats> groups;
    GroupStats all; // every step-time row (memory rows apart)
};
// Every published run with the GPU presets' figures. Computed once and kept.
const ValidationTable& validationTable();

// True for the rows a band may span: step-time rows that evaluated, mixture-of-experts rows (group "moe") apart, two
// of which miss by far more than the dense rows, and MosaicML's 2023 MPT benchmarks (groups "mpt-a100", "mpt-h100")
// apart, 120 rows of one stack from 512 to 64K tokens that would set every A100 and H100 band (docs/formulas.md,
// "Checked against published runs").
bool bandRow(const RunCheck& r);

// The band for a scenario (derived mode): the smallest and largest step-time error of the table's rows of the same
// GPU family and parallelism family, else of the same GPU family; and whether the efficiency figures are calibrated.
ValidationLedger validationBand(const Scenario& s);
// True when the scenario's efficiency.* differ from its GPU preset's figures (edited or calibrated).
bool efficiencyCalibrated(const Scenario& s);

// The sentences the fronts show in derived mode: "published runs like this: -6.2% to +6.7% (H100/H200 with pipeline
// parallelism: n = 6)" and "calibrated: efficiency figures fitted to measured runs (GEMM 0.62, ...)". empty() when the
// ledger has no band / the figures are the preset's.
Diagnostic bandSentence(const ValidationLedger& v);
Diagnostic calibratedSentence(const Scenario& s, const ValidationLedger& v);

// The scenario's families, as the table's rows are grouped for the band.
std::string gpuFamily(const HardwareSpec& hw);
std::string parallelFamily(const ParallelSpec& p);

} // namespace tl::engine
