#include "engine/labs/dataparallel.h"

#include "engine/labs/seeded.h"
#include "engine/labs/tensorparallel.h"

#include <algorithm>

namespace tl::engine::labs {
namespace {

struct LossGrad {
    double loss = 0;
    Eigen::VectorXd gradient;
};

// Mean squared error / 2 and its gradient over the rows [begin, begin + count).
LossGrad meanLoss(const DataParallelSplit& d, int begin, int count) {
    const auto xs = d.x.middleRows(begin, count);
    const Eigen::VectorXd r = xs * d.w - d.y.segment(begin, count);
    return {0.5 * r.squaredNorm() / count, xs.transpose() * r / double(count)};
}

double maxAbs(const Eigen::VectorXd& v) {
    return v.size() ? v.cwiseAbs().maxCoeff() : 0.0;
}

} // namespace

std::vector<int> shardSizes(int samples, int replicas, bool unequal) {
    std::vector<int> sizes(replicas);
    if (!unequal) {
        for (int i = 0; i < replicas; ++i)
            sizes[i] = evenBlock(samples, replicas, i).size;
        return sizes;
    }
    // Weights 1..d; every replica keeps at least one sample and the last takes the rounding remainder.
    const double total = replicas * (replicas + 1) / 2.0;
    int used = 0;
    for (int i = 0; i < replicas - 1; ++i) {
        const int left = samples - used - (replicas - 1 - i); // keep one for every later replica
        sizes[i] = std::clamp(int(samples * (i + 1) / total), 1, std::max(1, left));
        used += sizes[i];
    }
    sizes[replicas - 1] = samples - used;
    return sizes;
}

std::optional<std::string> validateDataParallel(const DataParallelShape& s) {
    const auto range = [](const char* field, int v, int lo, int hi) -> std::optional<std::string> {
        if (v >= lo && v <= hi)
            return std::nullopt;
        return std::string(field) + " is " + std::to_string(v) + "; allowed " + std::to_string(lo) + " to " +
               std::to_string(hi);
    };
    if (auto e = range("samples", s.samples, 1, kMaxLabSize))
        return e;
    if (auto e = range("features", s.features, 1, kMaxLabSize))
        return e;
    return range("data parallel d", s.replicas, 1, std::min(kMaxLabGpus, s.samples));
}

DataParallelSplit splitDataParallel(const DataParallelShape& s) {
    SeededRandom rng(s.seed);
    DataParallelSplit d;
    d.x = rng.matrix(s.samples, s.features);
    d.y = rng.matrix(s.samples, 1);
    d.w = rng.matrix(s.features, 1);
    const LossGrad full = meanLoss(d, 0, s.samples);
    d.fullLoss = full.loss;
    d.fullGradient = full.gradient;
    d.fullMaxAbs = maxAbs(d.fullGradient);

    const std::vector<int> sizes = shardSizes(s.samples, s.replicas, s.unequal);
    d.plainAverage = Eigen::VectorXd::Zero(s.features);
    d.weightedAverage = Eigen::VectorXd::Zero(s.features);
    int begin = 0;
    for (int count : sizes) {
        const LossGrad lg = meanLoss(d, begin, count);
        d.replicas.push_back({begin, count, lg.gradient, lg.loss});
        d.plainAverage += lg.gradient / double(s.replicas);
        d.weightedAverage += lg.gradient * (double(count) / s.samples);
        d.equalShards = d.equalShards && count == sizes.front();
        begin += count;
    }
    d.plainMaxAbsDifference = maxAbs(d.plainAverage - d.fullGradient);
    d.weightedMaxAbsDifference = maxAbs(d.weightedAverage - d.fullGradient);
    return d;
}

} // namespace tl::engine::labs
