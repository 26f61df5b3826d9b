#include "app/cli/pipelinesvg.h"

#include "engine/layout.h"
#include "engine/pipelinelayout.h"
#include "engine/steptime.h"
#include "engine/units.h"
#include "engine/validate.h"
#include "io/atomicfile.h"
#include "io/messagetext.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace tl::cli {

namespace {

using engine::BlockKind;
using engine::Timeline;

// Geometry in SVG user units (px at 100 %). Text widths are estimated at 0.6 em per character (sans-serif digits).
constexpr double kWidth = 1200;
constexpr double kMargin = 12;
constexpr double kFont = 13;
constexpr double kLine = 18;
constexpr double kCharW = 0.62 * kFont;
constexpr double kSmallFont = 11;
constexpr double kSmallCharW = 0.62 * kSmallFont;
constexpr int kMaxDetailedBlocks = 20000; // above this, or below one unit per block, draw per-rank bands

using engine::Rgb;

std::string hex(Rgb c) {
    static const char* digits = "0123456789abcdef";
    std::string s = "#";
    for (int v : {c.r, c.g, c.b}) {
        s += digits[(v >> 4) & 15];
        s += digits[v & 15];
    }
    return s;
}

// Coordinates: at most two decimals, no trailing zeros (engine/units, locale-independent).
std::string num(double x) {
    return engine::formatTrimmed(x, 2);
}

std::string escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        default:
            out += c;
        }
    }
    return out;
}

std::string text(double x, double y, const std::string& content, const char* extra = "") {
    return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\"" + extra + ">" + escape(content) + "</text>\n";
}

std::string rect(double x, double y, double w, double h, const std::string& fill, const char* cls) {
    return "<rect class=\"" + std::string(cls) + "\" x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(w) +
           "\" height=\"" + num(h) + "\" fill=\"" + fill + "\"/>\n";
}

std::string header(double height) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" +
           num(kWidth) + "\" height=\"" + num(height) + "\" viewBox=\"0 0 " + num(kWidth) + " " + num(height) +
           "\" font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"" + num(kFont) + "\">\n";
}

std::string noPipelineSvg() {
    const double h = 3 * kLine + 2 * kMargin;
    return header(h) + "<rect x=\"0\" y=\"0\" width=\"" + num(kWidth) + "\" height=\"" + num(h) +
           "\" fill=\"#ffffff\"/>\n" +
           text(kMargin, kMargin + kLine,
                "No pipeline: parallel.pp = 1, so one rank runs every layer and nothing waits.", " class=\"caption\"") +
           text(kMargin, kMargin + 2 * kLine, "Set parallel.pp to 2 or more to draw a pipeline schedule.") + "</svg>\n";
}

} // namespace

std::string renderPipelineSvg(const Timeline& t) {
    const engine::PipelineLayout layout = engine::layoutPipeline(t);
    if (layout.noPipeline())
        return noPipelineSvg();
    const int p = layout.ranks;

    const std::string lastLabel = "rank " + std::to_string(p - 1);
    const double labelW = double(lastLabel.size()) * kCharW + kMargin;
    const double plotLeft = std::round(kMargin + labelW), plotW = kWidth - kMargin - plotLeft;
    const double span = layout.makespan > 0 ? layout.makespan : 1.0;
    const double px = plotW / span;
    const bool summarised =
        !layout.hasBoxes() || int(layout.boxes.size()) > kMaxDetailedBlocks || layout.shortestBlock * px < 1.0;
    const double rowH = p <= 16 ? 26 : std::max(4.0, std::floor(640.0 / p));
    const double gap = rowH >= 8 ? 2 : 0.5;

    const std::string caption1 = layout.caption.bubbleLine();
    const std::string caption2 = layout.caption.peakLine();

    const double legendY = kMargin, captionY = legendY + kLine * 1.5, rowsTop = captionY + kLine * 2.2;
    const double rowsH = p * rowH, axisY = rowsTop + rowsH + 4;
    const double height = axisY + kLine * 1.6 + kMargin;

    std::string s = header(height);
    s += "<title>" + escape(caption1) + "</title>\n";
    s += "<defs><pattern id=\"idle\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
         "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"" +
         hex(engine::kPipelineIdle) + "\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"" +
         hex(engine::kPipelineHatch) + "\" stroke-width=\"1.2\"/></pattern></defs>\n";
    s += "<rect x=\"0\" y=\"0\" width=\"" + num(kWidth) + "\" height=\"" + num(height) + "\" fill=\"#ffffff\"/>\n";

    // Legend.
    s += "<g class=\"legend\">\n";
    double x = kMargin;
    for (const engine::LegendItem& it :
         engine::pipelineLegend(layout.splitsWeightGrad, !layout.splitsWeightGrad, layout.chunks > 1, summarised)) {
        if (it.hasSwatch) {
            s += rect(x, legendY + 3, 12, 12, it.hatched ? "url(#idle)" : hex(it.swatch), "swatch");
            x += 17;
        }
        const std::string label = engine::legendText(it.entry);
        s += text(x, legendY + 13, label);
        x += double(label.size()) * kCharW + 16;
    }
    s += "</g>\n";
    s += text(kMargin, captionY + 13, caption1, " class=\"caption\"");
    s += text(kMargin, captionY + 13 + kLine, caption2, " class=\"caption\"");

    // Rows: label, hatched idle background over the makespan, then the blocks (or the bands).
    const int every = std::max(1, int(std::ceil(kLine * 0.8 / rowH)));
    for (int r = 0; r < p; ++r) {
        const double y = rowsTop + r * rowH;
        s += "<g class=\"row\" data-rank=\"" + std::to_string(r) + "\">\n";
        if (r % every == 0)
            s += text(plotLeft - kMargin * 0.5, y + rowH / 2 + kFont * 0.35, "rank " + std::to_string(r),
                      " text-anchor=\"end\"");
        s += rect(plotLeft, y + gap, layout.makespan * px, rowH - 2 * gap, "url(#idle)", "idle");
        s += "</g>\n";
    }

    // Bands touch each other: crisp edges keep anti-aliased seams (and the hatch under them) from showing through.
    s += "<g class=\"blocks\" font-size=\"" + num(kSmallFont) + "\" text-anchor=\"middle\"" +
         (summarised ? " shape-rendering=\"crispEdges\"" : "") + ">\n";
    if (!summarised) {
        for (const engine::PipelineBox& b : layout.boxes) {
            const double x0 = plotLeft + b.start * px, w = (b.end - b.start) * px;
            if (w <= 0)
                continue;
            const double y = rowsTop + b.rank * rowH + gap, h = rowH - 2 * gap;
            const char* cls = b.kind == BlockKind::Forward ? "F" : b.kind == BlockKind::Backward ? "B" : "W";
            s += rect(x0, y, w >= 4 ? w - 1 : w, h, hex(b.fill), cls);
            const std::string label = engine::boxLabel(b, layout.chunks);
            if (double(label.size()) * kSmallCharW <= w - 1 && kSmallFont <= h + 2)
                s += text(x0 + w / 2, y + h / 2 + kSmallFont * 0.35, label, b.darkText ? "" : " fill=\"#ffffff\"");
        }
    } else {
        // One bin per unit of width, drawn like the window's summarised mode: a small stacked bar of the rank's F, B
        // and W share of that column from the bottom up (in twelfths of the row), idle (the hatched row) on top.
        // Neighbouring columns with the same stack merge into one rect per kind.
        constexpr int kLevels = 12;
        const int cols = std::max(1, int(std::ceil(layout.makespan * px)));
        const engine::PipelineBins bins = engine::binPipeline(t, layout.origin, 1.0 / px, cols);
        const std::string fills[3] = {hex(engine::kPipelineForward), hex(engine::kPipelineBackward),
                                      hex(engine::kPipelineWeightGrad)};
        const double h = rowH - 2 * gap;
        for (int r = 0; r < p; ++r) {
            const double bottom = rowsTop + r * rowH + gap + h;
            int runStart = 0;
            std::array<int, 3> run = bins.stack(r, 0, kLevels);
            for (int c = 1; c <= cols; ++c) {
                const std::array<int, 3> cur = c < cols ? bins.stack(r, c, kLevels) : std::array<int, 3>{-1, -1, -1};
                if (cur == run)
                    continue;
                // Each kind's rect reaches down to the bottom, drawn W first, so the lower kinds cover it without
                // seams.
                for (int k = 2; k >= 0; --k) {
                    const bool own = run[size_t(k)] > (k > 0 ? run[size_t(k - 1)] : 0);
                    if (own)
                        s += rect(plotLeft + runStart, bottom - h * run[size_t(k)] / kLevels, c - runStart,
                                  h * run[size_t(k)] / kLevels, fills[k], "band");
                }
                runStart = c;
                run = cur;
            }
        }
    }
    s += "</g>\n";

    // Time axis.
    s += "<g class=\"axis\">\n";
    s += "<line x1=\"" + num(plotLeft) + "\" y1=\"" + num(axisY) + "\" x2=\"" + num(plotLeft + plotW) + "\" y2=\"" +
         num(axisY) + "\" stroke=\"#000000\"/>\n";
    const double step = engine::niceStep(span / std::max(1.0, std::floor(plotW / (8 * kCharW))));
    for (double tick = 0; tick <= span + step * 1e-9; tick += step) {
        const double tx = plotLeft + tick * px;
        s += "<line x1=\"" + num(tx) + "\" y1=\"" + num(axisY) + "\" x2=\"" + num(tx) + "\" y2=\"" + num(axisY + 4) +
             "\" stroke=\"#000000\"/>\n";
        const std::string label = engine::formatGeneral(tick, 6);
        const bool atRightEdge = tx + double(label.size()) * kCharW / 2 > kWidth - 2;
        s += text(tx, axisY + 4 + kFont, label, atRightEdge ? " text-anchor=\"end\"" : " text-anchor=\"middle\"");
    }
    s += text(plotLeft - kMargin, axisY + 4 + kFont, "time", " text-anchor=\"end\"");
    s += "</g>\n</svg>\n";
    return s;
}

// The simulator's own limits said in the scenario's keys: the layouts the ledger accepts (it uses the closed form)
// but whose block-by-block diagram cannot be drawn.
std::optional<QString> diagramRefusal(const engine::Scenario& s) {
    const engine::PipelineSpec spec = engine::pipelineSpecFor(s);
    const int p = spec.stages, m = spec.microBatches;
    const QString perStep = QStringLiteral("micro-batches per step (data.global_batch %1 / (data.micro_batch %2 x "
                                           "parallel.dp %3)) = %4")
                                .arg(s.data.globalBatch)
                                .arg(s.data.microBatch)
                                .arg(s.parallel.dp)
                                .arg(m);
    if (spec.schedule == engine::Schedule::Interleaved && spec.virtualStages >= 2 && m % p != 0)
        return QStringLiteral("--pipeline-svg: the interleaved schedule needs the %1 to be a multiple of "
                              "parallel.pp (%2)")
            .arg(perStep)
            .arg(p);
    if (spec.schedule == engine::Schedule::DualPipeV && m < 2 * p)
        return QStringLiteral("--pipeline-svg: dualpipev needs the %1 to be at least 2 x parallel.pp = %2")
            .arg(perStep)
            .arg(2 * p);
    const double blocks =
        double(p) * engine::effectiveVirtualStages(spec) * m * (engine::splitsWeightGrad(spec.schedule) ? 3.0 : 2.0);
    if (blocks > double(engine::kMaxPipelineBlocks))
        return QStringLiteral("--pipeline-svg: the diagram would have %1 blocks (parallel.pp %2 x "
                              "parallel.virtual_stages %3 x %4); allowed: at most %5 - lower one of them")
            .arg(QString::fromStdString(engine::groupDigits(blocks)))
            .arg(p)
            .arg(engine::effectiveVirtualStages(spec))
            .arg(perStep)
            .arg(QString::fromStdString(engine::groupDigits(double(engine::kMaxPipelineBlocks))));
    return std::nullopt;
}

std::optional<QString> writePipelineSvg(const engine::Scenario& scenario, const QString& path) {
    if (auto refusal = diagramRefusal(scenario))
        return refusal;
    std::string svg;
    try {
        // The schedule the step is timed on, as the window draws it (derived mode: the step's own F, B and W).
        svg =
            renderPipelineSvg(engine::simulate(engine::validate(scenario).empty() ? engine::stepPipelineSpec(scenario)
                                                                                  : engine::pipelineSpecFor(scenario)));
    } catch (const std::invalid_argument& e) {
        return QStringLiteral("--pipeline-svg: %1").arg(QString::fromUtf8(e.what()));
    }
    if (auto e = io::writeFileAtomically(path, QByteArray::fromStdString(svg)))
        return QStringLiteral("%1: cannot write: %2").arg(path, io::messageText(*e));
    return std::nullopt;
}

} // namespace tl::cli
