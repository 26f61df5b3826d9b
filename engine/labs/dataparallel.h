#pragma once
// Data parallelism on a real loss (seed 004, step 2): the least-squares loss L(w) = 1/(2N) sum_n (x_n . w - y_n)^2
// over a batch of N samples split over d replicas. Each replica's gradient is the mean over its own shard,
// g_i = X_i^T (X_i w - y_i) / n_i. With equal shards the plain average of the g_i is the full-batch gradient; with
// unequal shards only the sample-weighted average sum_i (n_i / N) g_i is.

#include <Eigen/Core>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tl::engine::labs {

struct DataParallelShape {
    int samples = 12, features = 4;
    int replicas = 3;
    bool unequal = false; // shard sizes in the ratio 1 : 2 : ... : d instead of as even as possible
    std::uint64_t seed = 1;
};

struct Replica {
    int begin = 0, count = 0; // the samples it holds
    Eigen::VectorXd gradient; // mean over its shard
    double loss = 0;          // mean over its shard
};

struct DataParallelSplit {
    Eigen::MatrixXd x; // samples x features
    Eigen::VectorXd y, w;
    Eigen::VectorXd fullGradient; // one replica holding the whole batch
    double fullLoss = 0;
    std::vector<Replica> replicas;
    Eigen::VectorXd plainAverage;    // (1/d) sum g_i: what an all-reduce-then-divide-by-d computes
    Eigen::VectorXd weightedAverage; // sum (n_i / N) g_i
    double plainMaxAbsDifference = 0, weightedMaxAbsDifference = 0;
    double fullMaxAbs = 0;
    bool equalShards = true;
};

// The shard sizes: as even as possible, or in the ratio 1 : 2 : ... : d (each at least 1), summing to samples.
std::vector<int> shardSizes(int samples, int replicas, bool unequal);

// samples and features in 1..kMaxLabSize, replicas in 1..min(kMaxLabGpus, samples).
std::optional<std::string> validateDataParallel(const DataParallelShape& shape);
DataParallelSplit splitDataParallel(const DataParallelShape& shape); // the shape must validate

} // namespace tl::engine::labs
