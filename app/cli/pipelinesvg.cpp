#include "app/cli/pipelinesvg.h"

#include "engine/layout.h"
#include "engine/units.h"
#include "io/atomicfile.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace tl::cli {

namespace {

using engine::Block;
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

struct Rgb {
    int r, g, b;
};
// Okabe-Ito colours, as in the window.
constexpr Rgb kForward{0x00, 0x72, 0xB2};
constexpr Rgb kBackward{0xE6, 0x9F, 0x00};
constexpr Rgb kWeight{0x00, 0x9E, 0x73};

Rgb kindColour(BlockKind k) {
    return k == BlockKind::Forward ? kForward : k == BlockKind::Backward ? kBackward : kWeight;
}

Rgb mixWhite(Rgb c, double t) {
    auto m = [t](int x) { return int(std::lround(x + (255 - x) * t)); };
    return {m(c.r), m(c.g), m(c.b)};
}

std::string hex(Rgb c) {
    static const char* digits = "0123456789abcdef";
    std::string s = "#";
    for (int v : {c.r, c.g, c.b}) {
        s += digits[(v >> 4) & 15];
        s += digits[v & 15];
    }
    return s;
}

bool darkText(Rgb c) {
    return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b > 0.45 * 255;
}

// Locale-independent number text (the CLI's QCoreApplication sets the C library locale from the environment).
std::string num(double x, int decimals = 2) {
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::fixed, decimals);
    std::string s(buf, ec == std::errc() ? end : buf);
    if (s.find('.') != std::string::npos) {
        while (!s.empty() && s.back() == '0')
            s.pop_back();
        if (!s.empty() && s.back() == '.')
            s.pop_back();
    }
    return s == "-0" ? "0" : s;
}

std::string general(double x) {
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::general, 6);
    return std::string(buf, ec == std::errc() ? end : buf);
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
    const engine::PipelineSpec& spec = t.spec;
    const int p = spec.stages, v = spec.virtualStages;
    if (p <= 1)
        return noPipelineSvg();
    const auto& m = t.metrics;
    const bool split = engine::splitsWeightGrad(spec.schedule);
    const std::string name = engine::scheduleName(spec.schedule);

    double origin = std::numeric_limits<double>::infinity(), shortest = std::numeric_limits<double>::infinity();
    for (const Block& b : t.blocks) {
        origin = std::min(origin, b.start);
        if (b.end > b.start)
            shortest = std::min(shortest, b.end - b.start);
    }
    if (t.blocks.empty())
        origin = 0;

    const std::string lastLabel = "rank " + std::to_string(p - 1);
    const double labelW = double(lastLabel.size()) * kCharW + kMargin;
    const double plotLeft = std::round(kMargin + labelW), plotW = kWidth - kMargin - plotLeft;
    const double span = m.makespan > 0 ? m.makespan : 1.0;
    const double px = plotW / span;
    const bool summarised = int(t.blocks.size()) > kMaxDetailedBlocks || shortest * px < 1.0;
    const double rowH = p <= 16 ? 26 : std::max(4.0, std::floor(640.0 / p));
    const double gap = rowH >= 8 ? 2 : 0.5;

    // Caption lines (numbers from engine::PipelineMetrics only).
    std::string head = name + ", p = " + std::to_string(p) + ", m = " + std::to_string(spec.microBatches);
    if (v > 1)
        head += ", v = " + std::to_string(v);
    const std::string caption1 = head + ": bubble " + num(m.bubbleFraction * 100, 1) + "% of total time, " +
                                 num(m.bubbleOverIdeal * 100, 1) + "% over ideal; makespan " + general(m.makespan) +
                                 " units (ideal " + general(m.ideal) + ")";
    const std::string caption2 = std::string(v > 1 ? "peak micro-batch chunks" : "peak micro-batches") +
                                 " in flight per rank: " + peakList(m.peakInFlight);

    const double legendY = kMargin, captionY = legendY + kLine * 1.5, rowsTop = captionY + kLine * 2.2;
    const double rowsH = p * rowH, axisY = rowsTop + rowsH + 4;
    const double height = axisY + kLine * 1.6 + kMargin;

    std::string s = header(height);
    s += "<title>" + escape(caption1) + "</title>\n";
    s += "<defs><pattern id=\"idle\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
         "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#e6e6e6\"/>"
         "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#a0a0a0\" stroke-width=\"1.2\"/></pattern></defs>\n";
    s += "<rect x=\"0\" y=\"0\" width=\"" + num(kWidth) + "\" height=\"" + num(height) + "\" fill=\"#ffffff\"/>\n";

    // Legend.
    struct Item {
        std::string fill, label;
    };
    std::vector<Item> items{{hex(kForward), "Forward (F)"}};
    if (split) {
        items.push_back({hex(kBackward), "Input gradient (B)"});
        items.push_back({hex(kWeight), "Weight gradient (W)"});
    } else {
        items.push_back({hex(kBackward), "Backward (B+W fused)"});
    }
    items.push_back({"url(#idle)", "Idle"});
    if (v > 1 && !summarised)
        items.push_back({hex(mixWhite(kForward, 0.55)), "Lighter: later chunk (3b = micro-batch 3, chunk b)"});
    if (summarised)
        items.push_back({"", "Summarised (blocks thinner than a unit): each column stacks F, B, W and idle time"});
    s += "<g class=\"legend\">\n";
    double x = kMargin;
    for (const Item& it : items) {
        if (!it.fill.empty()) {
            s += rect(x, legendY + 3, 12, 12, it.fill, "swatch");
            x += 17;
        }
        s += text(x, legendY + 13, it.label);
        x += double(it.label.size()) * kCharW + 16;
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
        s += rect(plotLeft, y + gap, m.makespan * px, rowH - 2 * gap, "url(#idle)", "idle");
        s += "</g>\n";
    }

    // Bands touch each other: crisp edges keep anti-aliased seams (and the hatch under them) from showing through.
    s += "<g class=\"blocks\" font-size=\"" + num(kSmallFont) + "\" text-anchor=\"middle\"" +
         (summarised ? " shape-rendering=\"crispEdges\"" : "") + ">\n";
    if (!summarised) {
        for (const Block& b : t.blocks) {
            const double x0 = plotLeft + (b.start - origin) * px, w = (b.end - b.start) * px;
            if (w <= 0)
                continue;
            const double y = rowsTop + b.rank * rowH + gap, h = rowH - 2 * gap;
            const Rgb fill = mixWhite(kindColour(b.kind), v > 1 ? 0.55 * b.chunk / (v - 1) : 0.0);
            const char* cls = b.kind == BlockKind::Forward ? "F" : b.kind == BlockKind::Backward ? "B" : "W";
            s += rect(x0, y, w >= 4 ? w - 1 : w, h, hex(fill), cls);
            std::string label = std::to_string(b.micro);
            if (v > 1)
                label += b.chunk < 26 ? std::string(1, char('a' + b.chunk)) : std::to_string(b.chunk);
            if (double(label.size()) * kSmallCharW <= w - 1 && kSmallFont <= h + 2)
                s += text(x0 + w / 2, y + h / 2 + kSmallFont * 0.35, label, darkText(fill) ? "" : " fill=\"#ffffff\"");
        }
    } else {
        // One column per unit of width, drawn like the window's summarised mode: a small stacked bar of the rank's F,
        // B and W share of that column from the bottom up (in twelfths of the row), idle (the hatched row) on top.
        // Neighbouring columns with the same stack merge into one rect per kind.
        constexpr int kLevels = 12;
        const int cols = std::max(1, int(std::ceil(m.makespan * px)));
        std::vector<float> acc(size_t(p) * size_t(cols) * 3, 0.0f);
        for (const Block& b : t.blocks) {
            const double a = (b.start - origin) * px, e = (b.end - origin) * px;
            const int c0 = std::clamp(int(std::floor(a)), 0, cols - 1);
            const int c1 = std::clamp(int(std::ceil(e)) - 1, c0, cols - 1);
            for (int c = c0; c <= c1; ++c)
                acc[(size_t(b.rank) * size_t(cols) + size_t(c)) * 3 + size_t(b.kind)] +=
                    float(std::max(0.0, std::min(e, c + 1.0) - std::max(a, double(c))));
        }
        const std::string fills[3] = {hex(kForward), hex(kBackward), hex(kWeight)};
        const double h = rowH - 2 * gap;
        for (int r = 0; r < p; ++r) {
            const double bottom = rowsTop + r * rowH + gap + h;
            auto stack = [&](int c) {
                std::array<int, 3> cum{};
                double sum = 0;
                for (int k = 0; k < 3; ++k) {
                    sum += acc[(size_t(r) * size_t(cols) + size_t(c)) * 3 + size_t(k)];
                    cum[size_t(k)] = int(std::lround(std::min(1.0, sum) * kLevels));
                }
                return cum;
            };
            int runStart = 0;
            std::array<int, 3> run = stack(0);
            for (int c = 1; c <= cols; ++c) {
                const std::array<int, 3> cur = c < cols ? stack(c) : std::array<int, 3>{-1, -1, -1};
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
        const std::string label = general(tick);
        const bool atRightEdge = tx + double(label.size()) * kCharW / 2 > kWidth - 2;
        s += text(tx, axisY + 4 + kFont, label, atRightEdge ? " text-anchor=\"end\"" : " text-anchor=\"middle\"");
    }
    s += text(plotLeft - kMargin, axisY + 4 + kFont, "time", " text-anchor=\"end\"");
    s += "</g>\n</svg>\n";
    return s;
}

std::optional<QString> writePipelineSvg(const engine::Scenario& scenario, const QString& path) {
    std::string svg;
    try {
        svg = renderPipelineSvg(engine::simulate(engine::pipelineSpecFor(scenario)));
    } catch (const std::invalid_argument& e) {
        return QStringLiteral("--pipeline-svg: %1").arg(QString::fromUtf8(e.what()));
    }
    if (auto e = io::writeFileAtomically(path, QByteArray::fromStdString(svg)))
        return QStringLiteral("%1: cannot write: %2").arg(path, *e);
    return std::nullopt;
}

} // namespace tl::cli
