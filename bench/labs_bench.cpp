// The labs' engine: the scaling-law fit (issues 13 and 27) on 240 runs (Besiroglu et al.'s count) and on 10,000 runs
// of their re-fitted law with 2% noise, alone and with the default 200 bootstrap resamples, and the TP split of the
// lab's largest MLP. Last line: "fit-scaling 240 runs X ms, 10000 runs Y ms (targets 50 ms, 1 s); with 200 bootstrap
// resamples X' ms, Y' ms; tp-split 64^3 t=8 median Z ms".

#include "engine/labs/scalingfit.h"
#include "engine/labs/tensorparallel.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

namespace {

using namespace tl::engine;
using namespace tl::engine::labs;

template <typename F> double medianSeconds(int runs, F&& f) {
    std::vector<double> s;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        f();
        s.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(s.begin(), s.end());
    return s[s.size() / 2];
}

} // namespace

std::vector<double> logSpaced(double lo, double decades, int count) {
    std::vector<double> out;
    for (int i = 0; i < count; ++i)
        out.push_back(lo * std::pow(10.0, decades * i / (count - 1)));
    return out;
}

int main() {
    const ParametricLaw besiroglu{1.8172, 482.01, 2085.43, 0.3478, 0.3658};
    const auto small = samplePilotRuns(besiroglu, logSpaced(4e7, 2.5, 16), logSpaced(5e9, 2.5, 15), 0.02, 5);
    const auto large = samplePilotRuns(besiroglu, logSpaced(4e7, 2.5, 100), logSpaced(5e9, 2.5, 100), 0.02, 5);
    FitOptions alone;
    alone.bootstrap = 0;
    double alpha = 0;
    const double fit240 = medianSeconds(5, [&] { alpha += fitScalingLaw(small, alone).law.alpha; });
    const double fit10k = medianSeconds(3, [&] { alpha += fitScalingLaw(large, alone).law.alpha; });
    const double boot240 = medianSeconds(3, [&] { alpha += fitScalingLaw(small).law.alpha; });
    const double boot10k = medianSeconds(1, [&] { alpha += fitScalingLaw(large).law.alpha; });
    MlpShape big;
    big.rows = big.in = big.hidden = big.out = kMaxLabSize;
    big.tp = kMaxLabGpus;
    double diff = 0;
    const double tp = medianSeconds(21, [&] { diff += splitMlp(big).maxAbsDifference; });
    std::printf("(alpha %.4f, difference %.2g)\n", alpha / 12, diff / 21);
    std::printf("fit-scaling 240 runs %.1f ms, 10000 runs %.0f ms (targets 50 ms, 1 s); with 200 bootstrap resamples "
                "%.0f ms, %.0f ms; tp-split 64^3 t=8 median %.2f ms\n",
                fit240 * 1e3, fit10k * 1e3, boot240 * 1e3, boot10k * 1e3, tp * 1e3);
    return 0;
}
