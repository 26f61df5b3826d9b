#pragma once
// Tensor parallelism on real matrices (seed 004, step 1): Megatron's split of an MLP block and of attention over t
// virtual GPUs, computed with Eigen, and the difference from the unsplit product.

#include <Eigen/Core>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tl::engine::labs {

using Matrix = Eigen::MatrixXd;

inline constexpr int kMaxLabGpus = 8;  // virtual GPUs (t or d)
inline constexpr int kMaxLabSize = 64; // any one matrix dimension: small enough to print

// GeLU(x) = x Phi(x), the exact (erf) form, element-wise.
Matrix gelu(const Matrix& x);

// Y = GeLU(X A) B with X rows x in, A in x hidden, B hidden x out, all seeded uniform in [-1, 1).
struct MlpShape {
    int rows = 4, in = 8, hidden = 16, out = 8;
    int tp = 2;
    std::uint64_t seed = 1;
};

struct MlpShard {
    int begin = 0, size = 0; // the hidden columns of A (rows of B) this GPU owns
    Matrix a;                // in x size: A's columns
    Matrix b;                // size x out: B's rows
    Matrix activation;       // GeLU(X A_i): rows x size, computed with no communication
    Matrix partial;          // GeLU(X A_i) B_i: rows x out, one term of the all-reduce
};

// The split that does not work: A by rows (so X by columns); each GPU holds a partial sum X_i A_i of the
// pre-activation, and GeLU of a partial sum is not a partial sum of GeLUs.
struct WrongShard {
    int begin = 0, size = 0;     // the input columns of X (rows of A) this GPU owns
    Matrix partialPreActivation; // X_i A_i: rows x hidden
    Matrix partial;              // GeLU(X_i A_i) B
};

struct MlpSplit {
    Matrix x, a, b;
    Matrix full;                      // GeLU(X A) B on one GPU
    std::vector<MlpShard> shards;     // by columns of A and rows of B
    Matrix allReduced;                // sum of the partials: the one all-reduce of the forward pass
    double maxAbsDifference = 0;      // max |allReduced - full|: zero to rounding
    std::vector<WrongShard> wrong;    // A by rows
    Matrix wrongReduced;              // sum of GeLU(X_i A_i) B
    double wrongMaxAbsDifference = 0; // max |wrongReduced - full|: what the wrong split misses
    double fullMaxAbs = 0;            // max |full|, the scale the differences compare with
};

// nullopt and a one-line error naming the field when the shape is out of range: every size in 1..kMaxLabSize,
// tp in 1..kMaxLabGpus and at most hidden (the column split) and in (the wrong row split).
std::optional<std::string> validateMlp(const MlpShape& shape);
MlpSplit splitMlp(const MlpShape& shape); // the shape must validate

// Causal self-attention with h heads of width model / h: Q = X Wq, K = X Wk, V = X Wv, per head
// softmax(Q_h K_h^T / sqrt(d_h) + causal mask) V_h, then O = concat(heads) Wo. Megatron splits the heads:
// each GPU owns the Wq, Wk, Wv columns and the Wo rows of its heads, and the partial outputs are all-reduced.
struct AttentionShape {
    int seq = 4, model = 8, heads = 4;
    int tp = 2;
    bool causal = true;
    std::uint64_t seed = 1;
};

struct AttentionShard {
    int headBegin = 0, heads = 0; // the heads this GPU owns
    Matrix wq, wk, wv;            // model x (heads x headDim): columns
    Matrix wo;                    // (heads x headDim) x model: rows
    Matrix context;               // seq x (heads x headDim): its heads' softmax(...) V
    Matrix partial;               // context Wo_i: seq x model
};

struct AttentionSplit {
    Matrix x, wq, wk, wv, wo;
    Matrix full; // seq x model on one GPU
    std::vector<AttentionShard> shards;
    Matrix allReduced;
    double maxAbsDifference = 0;
    double fullMaxAbs = 0;
};

// Every size in 1..kMaxLabSize, heads dividing model, tp in 1..min(kMaxLabGpus, heads).
std::optional<std::string> validateAttention(const AttentionShape& shape);
AttentionSplit splitAttention(const AttentionShape& shape); // the shape must validate

} // namespace tl::engine::labs
