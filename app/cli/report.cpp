#include "app/cli/report.h"

#include "engine/evaluate.h"
#include "engine/ledgerfields.h"
#include "engine/precision.h"
#include "engine/presets.h"
#include "engine/published.h"
#include "engine/steptime.h"
#include "engine/units.h"
#include "io/docpath.h"
#include "io/messagetext.h"

#include <cstdarg>
#include <cstdio>
#include <string_view>

namespace tl::cli {
namespace {

using namespace tl::engine;

struct Out {
    std::string text;
    void blank() { text += '\n'; }
    void line(const char* format, ...) __attribute__((format(printf, 2, 3))) {
        char buf[1024];
        va_list args;
        va_start(args, format);
        std::vsnprintf(buf, sizeof buf, format, args);
        va_end(args);
        text += buf;
        text += '\n';
    }
};

const char* c(const std::string& s) {
    return s.c_str();
}

// The ledger table's formatting, so the report and the window print the same figure the same way.
std::string as(double x, Unit unit) {
    return formatLedgerValue(LedgerValue(x), unit);
}
std::string bytes(double x) {
    return as(x, Unit::Bytes);
}

void task(Out& o, const Evaluation& e) {
    const Scenario& s = e.scenario;
    const Ledger& l = e.ledger;
    const auto& t = l.time;
    o.line("Task (seed 000 §2)");
    o.line("  tokens per step       %d x %d = %s", s.data.globalBatch, s.data.seqLen, c(groupDigits(t.tokensPerStep)));
    o.line("  steps                 ceil(%.4g / %s) = %s", s.data.tokens, c(groupDigits(t.tokensPerStep)),
           c(groupDigits(double(t.steps))));
    o.line("  calendar              %g days, %g kept in reserve -> %g days of training", s.schedule.deadlineDays,
           s.schedule.reserveDays, t.trainingDays);
    o.line("  step budget           %g x 86,400 / %s = %.1f s", t.trainingDays, c(groupDigits(double(t.steps))),
           t.stepBudgetS);
    o.line("  required throughput   %s tokens/s (reserve kept) / %s tokens/s (whole %g days)",
           c(groupDigits(t.requiredTokensPerS)), c(groupDigits(t.requiredTokensPerSFullDeadline)),
           s.schedule.deadlineDays);
    o.line("  micro-batches         %d per pipeline per step (gradient accumulation %d)", t.microBatchesPerStep,
           t.gradientAccumulation);
}

void state(Out& o, const Evaluation& e) {
    const Scenario& s = e.scenario;
    const Ledger& l = e.ledger;
    o.line("Training state (seed 000 §3, seed 003 §3)");
    o.line("  %-22s %8s %18s", "state", "B/param", "whole model");
    auto row = [&](const char* name, const char* format, double perParam, double whole) {
        o.line("  %-22s %8.2f %18s", (std::string(name) + " " + format).c_str(), perParam,
               c(formatGB(whole, whole < 1e9 ? 3 : 1)));
    };
    row("weights", choiceName(s.precision.weights), l.state.weightBytesPerParam, l.state.weightBytes);
    row("gradients", choiceName(s.precision.grads), l.state.gradBytesPerParam, l.state.gradBytes);
    row("master weights", choiceName(s.precision.master), l.state.masterBytesPerParam, l.state.masterBytes);
    row("optimizer", choiceName(s.precision.optimizer), l.state.optimizerBytesPerParam, l.state.optimizerBytes);
    o.line("  %-22s %8.2f %18s = %s", "total", l.state.bytesPerParam, c(formatGB(l.state.totalBytes)),
           c(formatGiB(l.state.totalBytes)));
    o.line("  Recipes for this model:");
    for (const auto& r : precisionRecipes()) {
        Scenario alt = s;
        alt.precision = r.spec;
        const Ledger al = evaluate(alt);
        if (al.valid)
            o.line("    %-9s %5.1f B/param %12s = %s  %s", r.id, al.state.bytesPerParam,
                   c(formatGB(al.state.totalBytes)), c(formatGiB(al.state.totalBytes)), r.note);
    }
}

void compute(Out& o, const Evaluation& e) {
    const Scenario& s = e.scenario;
    const Ledger& l = e.ledger;
    const auto& f = l.flops;
    o.line("Compute (seed 000 §4, seed 003 §2 and §4)");
    o.line("  forward per sequence  %.3f TFLOPs = matmuls %.3f + causal attention %.3f + LM head %.3f",
           f.forwardPerSequence / 1e12, f.forwardLayerMatmuls / 1e12, f.forwardAttention / 1e12,
           f.forwardLmHead / 1e12);
    o.line("  backward per sequence %.3f TFLOPs (2 x forward)", f.backwardPerSequence / 1e12);
    o.line("  causal pairs          %s per sequence", c(groupDigits(f.attentionPairsPerSequence)));
    o.line("  per token             %.2f GFLOPs (itemized) vs 6N = %.2f GFLOPs: %+.1f%%", f.trainingPerToken / 1e9,
           f.sixNdPerToken / 1e9, f.sixNdGap * 100);
    o.line("  6N x seq_len          %.2f TFLOPs per sequence vs itemized %.2f", f.sixNdPerSequence / 1e12,
           (f.forwardPerSequence + f.backwardPerSequence) / 1e12);
    o.line("  full-s^2 convention   %.2f GFLOPs/token (Megatron/PaLM MFU); MFU here applies to the causal count",
           f.trainingPerTokenFullAttention / 1e9);
    if (f.recomputePerToken > 0)
        o.line("  %-21s +%.2f GFLOPs/token of hardware work, not model FLOPs",
               ("recompute (" + std::string(choiceName(s.activations.recompute)) + ")").c_str(),
               f.recomputePerToken / 1e9);
    o.line("  total                 %.3g FLOPs for %s tokens", f.total, c(groupDigits(l.time.tokensProcessed)));
    o.line("  per GPU               %.1f%% of %g TFLOP/s%s -> %s tokens/s per GPU", l.time.mfu * 100,
           s.hardware.peakTflops, l.time.derived ? " (derived from the hardware)" : "",
           c(groupDigits(l.time.tokensPerSPerGpu)));
    // The GPU counts around the time gate, as seed 000 §4 lists them.
    const auto curve = scaleCurve(s, l.time.minGpusCompute + 1);
    for (const auto& p : curve) {
        if (p.gpus + 1 < l.time.minGpusComputeFullDeadline || p.gpus > l.time.minGpusCompute)
            continue;
        o.line("  %4lld GPU%s            %s tokens/s -> %s: %s", p.gpus, p.gpus == 1 ? " " : "s",
               c(groupDigits(p.tokensPerS)), c(as(p.days, Unit::Days)),
               p.finishes ? "enough, reserve kept"
                          : (p.finishesFullDeadline ? "enough only by spending the reserve"
                                                    : "too slow for the whole deadline"));
    }
}

// The step split into its exposed parts (issue 10): modelled in derived mode, by FLOPs under a typed MFU.
void step(Out& o, const Evaluation& e) {
    const Scenario& s = e.scenario;
    const Ledger& l = e.ledger;
    const auto& t = l.time;
    // The formulas where this user has them: the installed docs, else the source tree's.
    const std::string formulas = io::docPath(QStringLiteral("formulas.md")).toStdString();
    o.line("Step time (%s; %s §8b)", t.derived ? "derived from the hardware" : "fixed MFU: overheads are inside it",
           formulas.c_str());
    o.line("  %s", stepSummary(t.breakdown, s.parallel.zero).c_str());
    o.line("  MFU %.1f%%, HFU %.1f%% (recompute counted)", t.mfu * 100, t.hfu * 100);
    // Derived mode: how far published runs like this one were from the model, and whether the figures are fitted.
    for (const Diagnostic& d : {bandSentence(l.validation), calibratedSentence(s, l.validation)})
        if (!d.empty())
            o.line("  %s", io::messageText(d).toStdString().c_str());
    for (const StepPart& p : stepParts(t.breakdown, s.parallel.zero)) {
        if (p.seconds <= 0)
            continue;
        o.line("  %-36s %10.3f s  %5.1f%%", p.label, p.seconds, 100 * p.seconds / t.stepTimeS);
    }
}

void zero(Out& o, const Evaluation& e) {
    const Scenario& s = e.scenario;
    const Ledger& l = e.ledger;
    const double n = double(l.params.total);
    o.line("ZeRO per GPU at dp x cp = %d (seed 000 §5, seed 001)", s.parallel.dp * s.parallel.cp);
    o.line("  %-7s %20s %20s %20s %20s %20s %8s", "stage", "weights", "gradients", "master", "optimizer", "state/GPU",
           "x N");
    for (int z = 0; z <= 3; ++z) {
        const Ledger& al = e.zero[size_t(z)];
        if (!al.valid)
            continue;
        const auto& m = al.memory;
        o.line("  ZeRO-%d %20s %20s %20s %20s %20s %7.2fN%s", z, c(bytes(m.weights)), c(bytes(m.gradients)),
               c(bytes(m.masterWeights)), c(bytes(m.optimizer)), c(bytes(m.state)), m.state / n,
               z == s.parallel.zero ? "  <- this plan" : "");
    }
}

void memory(Out& o, const Evaluation& e) {
    const Scenario& s = e.scenario;
    const Ledger& l = e.ledger;
    const auto& m = l.memory;
    o.line("Memory per GPU (pipeline stage %d, %.2f micro-batches in flight)", m.stage, m.inFlightMicroBatches);
    for (const MemoryPart& part : memoryParts(m)) {
        o.line("  %-22s %s", part.label, c(formatBytesBoth(part.bytes)));
        if (std::string_view(part.key) == "memory.activations") {
            o.line("  %-22s %s", "  layers", c(formatBytesBoth(m.activationsLayers)));
            o.line("  %-22s %s", "  LM-head logits", c(formatBytesBoth(m.activationsLogits)));
        }
    }
    o.line("  %-22s %s", "total", c(formatBytesBoth(m.total)));
    o.line("  capacity               %s (%s)  -> %s", c(formatBytesBoth(m.capacity)), s.hardware.preset.c_str(),
           m.fits ? "fits" : "DOES NOT FIT");
    if (m.offloadedPerGpu > 0)
        o.line("  offloaded to %s       %s per GPU, %s per node", choiceName(s.offload.optimizer),
               c(bytes(m.offloadedPerGpu)), c(bytes(m.hostMemoryPerNode)));
}

void gates(Out& o, const Evaluation& e) {
    const Scenario& s = e.scenario;
    const Ledger& l = e.ledger;
    const auto& t = l.time;
    o.line("Gates (seed 000 §1: memory and time are two separate gates)");
    o.line("  memory: fewest GPUs    %s; the state alone needs %lld x %g GB",
           t.minGpusMemory ? c(groupDigits(double(*t.minGpusMemory)) + " (only dp varies)")
                           : "none: no dp fits (shard more with ZeRO, TP or PP, recompute, or offload)",
           static_cast<long long>(t.minGpusState), s.hardware.memoryGb);
    o.line("  time: fewest GPUs      %s inside %g days (%s inside the whole %g days)",
           c(groupDigits(double(t.minGpusCompute))), t.trainingDays,
           c(groupDigits(double(t.minGpusComputeFullDeadline))), s.schedule.deadlineDays);
    o.line("  binding gate           %s", gateName(t.bindingGate));
    o.line("  this plan              %d GPU%s (tp %d x pp %d x dp %d x cp %d): %s, %s, %s", t.gpus,
           t.gpus == 1 ? "" : "s", s.parallel.tp, s.parallel.pp, s.parallel.dp, s.parallel.cp,
           c(as(t.days, Unit::Days)), c(as(t.gpuHours, Unit::Hours)), c(as(l.cost.usd, Unit::Usd)));
    o.line("  verdict                memory %s, time %s", l.memory.fits ? "fits" : "does NOT fit",
           t.finishes ? "finishes in time" : "does NOT finish in time");
    if (s.parallel.pp > 1)
        o.line("  pipeline bubble        %.1f%% of the pipeline's time (%s, %d micro-batches); %s",
               l.pipeline.bubbleFraction * 100, choiceName(s.parallel.schedule), t.microBatchesPerStep,
               t.derived ? "in the derived step" : "MFU already includes it");
}

// The run's faults and checkpoints (issue 25, docs/formulas.md §13): engine::kFaultFigures, as the window's step view
// and the PDF report list them, and what the schedule's reserve covers.
void faults(Out& o, const Evaluation& e) {
    const Ledger& l = e.ledger;
    o.line("Faults and checkpoints (seed 000 §2's reserve; formulas.md §13)");
    for (const char* key : kFaultFigures)
        for (const LedgerField& f : ledgerFields())
            if (std::string_view(f.key) == key)
                o.line("  %-36s %s", f.label, c(formatLedgerValue(f.get(l), f.unit)));
    o.line("  %s", io::messageText(reserveSentence(e.scenario, l)).toStdString().c_str());
}

void budget(Out& o, const Evaluation& e) {
    const Scenario& s = e.scenario;
    const Ledger& l = e.ledger;
    const auto& b = l.budget;
    o.line("Budget (seed 003 §6: C = 6ND split by the scaling-law fits)");
    o.line("  this plan             C = %.3g FLOPs: %s parameters x %s tokens (%.1f tokens per parameter)",
           b.compute6nd, c(groupDigits(double(l.params.active))), c(groupDigits(s.data.tokens)), b.tokensPerParam);
    o.line("  Chinchilla            %s parameters x %s tokens, loss %.3f (this plan %.3f)",
           c(groupDigits(b.chinchillaParams)), c(groupDigits(b.chinchillaTokens)), b.chinchillaLoss,
           b.planLossChinchilla);
    o.line("  Kaplan                %s parameters x %s tokens (more of the budget to parameters)",
           c(groupDigits(b.kaplanParams)), c(groupDigits(b.kaplanTokens)));
}

} // namespace

std::string renderReport(const Scenario& s) {
    const Evaluation e = evaluateAll(s);
    const Ledger& l = e.ledger;
    Out o;
    if (!l.valid) {
        for (const auto& error : l.errors)
            o.line("error: %s", error.message().c_str());
        return o.text;
    }
    o.line("TrainLedger: %s", displayTitle(s).c_str());
    o.line("Model %s: %s parameters (%s active)%s", s.model.preset.c_str(), c(groupDigits(double(l.params.total))),
           c(groupDigits(double(l.params.active))), l.params.derivedShape ? ", shape derived from model.params" : "");
    for (auto* section : {task, state, compute, step, zero, memory, gates, faults, budget}) {
        o.blank();
        section(o, e);
    }
    if (!l.warnings.empty()) {
        o.blank();
        o.line("Warnings");
        for (const auto& w : l.warnings)
            o.line("  [%s] %s", w.code.c_str(), w.message().c_str());
    }
    return o.text;
}

} // namespace tl::cli
