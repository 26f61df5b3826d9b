#pragma once
// Seeded random numbers for the labs that are the same on every platform: std::mt19937_64's sequence is fixed by the
// standard, while the standard distributions are not, so the mapping to [-1, 1) is done here.

#include <Eigen/Core>

#include <cstdint>
#include <random>

namespace tl::engine::labs {

class SeededRandom {
public:
    explicit SeededRandom(std::uint64_t seed) : m_rng(seed) {}
    // Uniform in [0, 1) from the top 53 bits.
    double unit() { return double(m_rng() >> 11) * 0x1.0p-53; }
    double symmetric() { return 2.0 * unit() - 1.0; } // [-1, 1)
    // Uniform integer in [0, n), n > 0 (multiply-shift; the bias is below 2^-40 for the sizes used here).
    int below(int n) { return int((m_rng() >> 32) * std::uint64_t(n) >> 32); }
    Eigen::MatrixXd matrix(int rows, int cols) {
        Eigen::MatrixXd m(rows, cols);
        for (int r = 0; r < rows; ++r) // row-major fill: the printed matrix reads in the order it was drawn
            for (int c = 0; c < cols; ++c)
                m(r, c) = symmetric();
        return m;
    }

private:
    std::mt19937_64 m_rng;
};

// Contiguous blocks of n items over k parts, as even as possible (the first n % k parts get one more).
struct Block {
    int begin = 0, size = 0;
};
inline Block evenBlock(int n, int k, int part) {
    const int base = n / k, extra = n % k;
    return {part * base + (part < extra ? part : extra), base + (part < extra ? 1 : 0)};
}

} // namespace tl::engine::labs
