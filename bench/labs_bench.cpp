// The labs' engine (issue 13): the scaling-law fit of 35 pilot runs (4,500 starts + 200 bootstrap resamples) and the
// TP split of the lab's largest MLP. Last line: "fit-scaling 35 runs median X s; tp-split 64^3 t=8 median Y ms".

#include "engine/labs/scalingfit.h"
#include "engine/labs/tensorparallel.h"

#include <algorithm>
#include <chrono>
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

int main() {
    const auto runs = samplePilotRuns(kChinchillaApproach3, {7e7, 1.5e8, 4e8, 1e9, 2.5e9, 6e9, 1.6e10},
                                      {5e9, 1.5e10, 5e10, 1.5e11, 5e11}, 0.01, 3);
    double alpha = 0;
    const double fit = medianSeconds(3, [&] { alpha += fitScalingLaw(runs).law.alpha; });
    MlpShape big;
    big.rows = big.in = big.hidden = big.out = kMaxLabSize;
    big.tp = kMaxLabGpus;
    double diff = 0;
    const double tp = medianSeconds(21, [&] { diff += splitMlp(big).maxAbsDifference; });
    std::printf("(alpha %.4f, difference %.2g)\n", alpha / 3, diff / 21);
    std::printf("fit-scaling 35 runs median %.2f s; tp-split 64^3 t=8 median %.2f ms\n", fit, tp * 1e3);
    return 0;
}
