// The pipeline diagram's paint time on a big pipeline, offscreen: p = 64, m = 512, interleaved with v = 4
// (131,072 blocks, drawn summarised). Times the schedule (setSpec), the first paint and the repaints that reuse the
// cached bands (cursor moves, expose events); each the median of a few runs.
// Last line: "pipeline p=64 m=512 v=4: setSpec X ms, first paint Y ms, repaint Z ms".

#include "ui/views/pipelineview.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double msSince(const QElapsedTimer& t) {
    return double(t.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    tl::engine::PipelineSpec spec;
    spec.stages = 64;
    spec.microBatches = 512;
    spec.schedule = tl::engine::Schedule::Interleaved;
    spec.virtualStages = 4;

    constexpr int kRuns = 5, kRepaints = 20;
    std::vector<double> setSpecMs, firstMs, repaintMs;
    for (int run = 0; run < kRuns; ++run) {
        tl::ui::PipelineView view;
        view.resize(1366, 768);
        view.show();
        QImage target(view.size(), QImage::Format_ARGB32_Premultiplied);
        QElapsedTimer t;
        t.start();
        view.setSpec(spec);
        setSpecMs.push_back(msSince(t));
        t.restart();
        view.render(&target);
        firstMs.push_back(msSince(t));
        if (!view.isSummarised()) {
            std::fprintf(stderr, "the big pipeline was not summarised\n");
            return 1;
        }
        t.restart();
        for (int i = 0; i < kRepaints; ++i) {
            view.setCursorTime(view.timeline().metrics.makespan * i / kRepaints);
            view.render(&target);
        }
        repaintMs.push_back(msSince(t) / kRepaints);
    }
    std::printf("pipeline p=64 m=512 v=4: setSpec %.1f ms, first paint %.1f ms, repaint %.2f ms\n", median(setSpecMs),
                median(firstMs), median(repaintMs));
    return 0;
}
