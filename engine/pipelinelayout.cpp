#include "engine/pipelinelayout.h"

#include "engine/units.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tl::engine {

namespace {

std::string peakList(const std::vector<int>& peaks) {
    std::string out;
    const int n = int(peaks.size());
    for (int r = 0; r < n; ++r) {
        if (!out.empty())
            out += ", ";
        if (n > 16 && r == 6) {
            out += "\u2026";
            r = n - 3;
            continue;
        }
        out += std::to_string(peaks[size_t(r)]);
    }
    return out;
}

// Shortest positive block duration the spec produces (f, b and w, or b + w when W is fused into B).
double shortestBlockOf(const PipelineSpec& spec) {
    const bool split = splitsWeightGrad(spec.schedule);
    double out = std::numeric_limits<double>::infinity();
    for (double d : {spec.f, split ? spec.b : spec.b + spec.w, split ? spec.w : 0.0})
        if (d > 0)
            out = std::min(out, d);
    return out;
}

} // namespace

Rgb kindColour(BlockKind kind) {
    switch (kind) {
    case BlockKind::Forward:
        return kPipelineForward;
    case BlockKind::Backward:
        return kPipelineBackward;
    case BlockKind::WeightGrad:
        return kPipelineWeightGrad;
    }
    return kPipelineForward;
}

Rgb mixWithWhite(Rgb c, double t) {
    auto m = [t](unsigned char x) { return static_cast<unsigned char>(std::lround(x + (255 - x) * t)); };
    return {m(c.r), m(c.g), m(c.b)};
}

Rgb chunkColour(BlockKind kind, int chunk, int chunks) {
    return mixWithWhite(kindColour(kind), chunks > 1 ? 0.55 * chunk / (chunks - 1) : 0.0);
}

bool wantsDarkText(Rgb c) {
    return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b > 0.45 * 255;
}

std::string boxLabel(const PipelineBox& box, int chunks) {
    std::string label = std::to_string(box.micro);
    if (chunks > 1)
        label += box.chunk < 26 ? std::string(1, char('a' + box.chunk)) : std::to_string(box.chunk);
    return label;
}

std::vector<LegendItem> pipelineLegend(bool anySplit, bool anyFused, bool anyChunks, bool summarised) {
    std::vector<LegendItem> items{{LegendEntry::Forward, kPipelineForward}};
    if (anyFused)
        items.push_back({LegendEntry::BackwardFused, kPipelineBackward});
    if (anySplit) {
        items.push_back({LegendEntry::InputGradient, kPipelineBackward});
        items.push_back({LegendEntry::WeightGradient, kPipelineWeightGrad});
    }
    items.push_back({LegendEntry::Idle, kPipelineIdle, true});
    if (anyChunks && !summarised)
        items.push_back({LegendEntry::LaterChunk, mixWithWhite(kPipelineForward, 0.55)});
    if (summarised)
        items.push_back({LegendEntry::Summarised, Rgb{}, false, false});
    return items;
}

const char* legendText(LegendEntry entry) {
    switch (entry) {
    case LegendEntry::Forward:
        return "Forward (F)";
    case LegendEntry::BackwardFused:
        return "Backward (B+W fused)";
    case LegendEntry::InputGradient:
        return "Input gradient (B)";
    case LegendEntry::WeightGradient:
        return "Weight gradient (W)";
    case LegendEntry::Idle:
        return "Idle";
    case LegendEntry::LaterChunk:
        return "Lighter: later chunk (3b = micro-batch 3, chunk b)";
    case LegendEntry::Summarised:
        return "Summarised (blocks too narrow to read): each column stacks F, B, W and idle time";
    }
    return "";
}

std::string PipelineCaption::head() const {
    std::string s = schedule + ", p = " + std::to_string(stages) + ", m = " + std::to_string(microBatches);
    if (virtualStages > 1)
        s += ", v = " + std::to_string(virtualStages);
    return s;
}

std::string PipelineCaption::bubbleLine() const {
    return head() + ": bubble " + bubblePercent + "% of total time, " + overIdealPercent + "% over ideal; makespan " +
           makespan + " units (ideal " + ideal + ")";
}

std::string PipelineCaption::peakLine() const {
    return std::string(virtualStages > 1 ? "peak micro-batch chunks" : "peak micro-batches") +
           " in flight per rank: " + peaks;
}

PipelineLayout layoutPipeline(const Timeline& t) {
    PipelineLayout out;
    const PipelineSpec& spec = t.spec;
    const PipelineMetrics& m = t.metrics;
    out.ranks = spec.stages;
    out.chunks = std::max(1, spec.virtualStages);
    out.splitsWeightGrad = splitsWeightGrad(spec.schedule);
    out.makespan = m.makespan;
    out.shortestBlock = shortestBlockOf(spec);
    out.origin = t.blocks.empty() ? 0.0 : t.blocks.front().start;
    for (const Block& b : t.blocks)
        out.origin = std::min(out.origin, b.start);

    if (t.blocks.size() <= kMaxPipelineBoxes) {
        out.boxes.reserve(t.blocks.size());
        for (const Block& b : t.blocks) {
            PipelineBox box;
            box.rank = b.rank;
            box.micro = b.micro;
            box.chunk = b.chunk;
            box.kind = b.kind;
            box.start = b.start - out.origin;
            box.end = b.end - out.origin;
            box.fill = chunkColour(b.kind, b.chunk, out.chunks);
            box.darkText = wantsDarkText(box.fill);
            out.boxes.push_back(box);
        }
    }

    PipelineCaption& c = out.caption;
    c.schedule = scheduleName(spec.schedule);
    c.stages = spec.stages;
    c.microBatches = spec.microBatches;
    c.virtualStages = spec.virtualStages;
    c.bubblePercent = formatFixed(m.bubbleFraction * 100, 1);
    c.overIdealPercent = formatFixed(m.bubbleOverIdeal * 100, 1);
    c.makespan = formatGeneral(m.makespan, 6);
    c.ideal = formatGeneral(m.ideal, 6);
    c.peaks = peakList(m.peakInFlight);
    return out;
}

std::array<int, 3> PipelineBins::stack(int rank, int bin, int levels) const {
    std::array<int, 3> cum{};
    const float* a = share.data() + (size_t(rank) * size_t(bins) + size_t(bin)) * 3;
    double sum = 0;
    for (int k = 0; k < 3; ++k) {
        sum += a[k];
        cum[size_t(k)] = std::min(levels, int(std::lround(std::min(1.0, sum) * levels)));
    }
    return cum;
}

double PipelineBins::busy(int rank, int bin) const {
    const float* a = share.data() + (size_t(rank) * size_t(bins) + size_t(bin)) * 3;
    return double(a[0]) + a[1] + a[2];
}

PipelineBins binPipeline(const Timeline& t, double origin, double binLength, int bins) {
    PipelineBins out;
    out.ranks = t.spec.stages;
    out.bins = std::max(1, bins);
    out.binLength = binLength > 0 ? binLength : 1.0;
    out.share.assign(size_t(out.ranks) * size_t(out.bins) * 3, 0.0f);
    for (const Block& b : t.blocks) {
        const double a = (b.start - origin) / out.binLength, e = (b.end - origin) / out.binLength;
        const int c0 = std::clamp(int(std::floor(a)), 0, out.bins - 1);
        const int c1 = std::clamp(int(std::ceil(e)) - 1, c0, out.bins - 1);
        float* row = out.share.data() + size_t(b.rank) * size_t(out.bins) * 3 + size_t(b.kind);
        for (int col = c0; col <= c1; ++col)
            row[size_t(col) * 3] += float(std::max(0.0, std::min(e, col + 1.0) - std::max(a, double(col))));
    }
    return out;
}

} // namespace tl::engine
