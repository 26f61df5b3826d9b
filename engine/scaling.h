#pragma once
// Scaling laws and RL rollouts (seed 003 §5-§6): compute-optimal allocation of C = 6ND, loss laws, rollout counts.

namespace tl::engine {

struct Allocation {
    double params = 0; // N_opt
    double tokens = 0; // D_opt = C / (6 N_opt)
    double loss = 0;   // predicted loss at (N_opt, D_opt) under the same fit
};

// A parametric loss law L(N, D) = E + A / N^alpha + B / D^beta (N parameters, D tokens).
struct ParametricLaw {
    double E = 0, A = 0, B = 0, alpha = 0, beta = 0;
};

// Hoffmann et al. 2022 (Chinchilla), approach 3 fit.
inline constexpr ParametricLaw kChinchillaApproach3{1.69, 406.4, 410.7, 0.34, 0.28};

// The law minimised under C = 6ND (seed 003 §6): N_opt = (alpha A / (beta B))^(1/(alpha+beta))
// (C/6)^(beta/(alpha+beta)), D_opt = C / (6 N_opt). Needs alpha, beta > 0.
Allocation lawAllocation(const ParametricLaw& law, double computeFlops);
double lawLoss(const ParametricLaw& law, double params, double tokens);

// The two above with the approach 3 constants.
Allocation chinchillaAllocation(double computeFlops);
double chinchillaLoss(double params, double tokens);

// Kaplan et al. 2020: compute-efficient N_opt = 1.3e9 x (C / PF-day)^0.73 (non-embedding parameters),
// D = C / (6N); loss from their L(N,D) = [(Nc/N)^(aN/aD) + Dc/D]^aD, Nc = 8.8e13, Dc = 5.4e13,
// aN = 0.076, aD = 0.095.
Allocation kaplanAllocation(double computeFlops);
// Its N_opt alone, without the loss (the ledger needs only N_opt and D_opt).
double kaplanParams(double computeFlops);
double kaplanLoss(double params, double tokens);

// RL (seed 003 §5.1): samples to generate so that `keep` survive an acceptance ratio a: keep / a, rounded up.
long long rolloutsToGenerate(long long keep, double acceptance);

} // namespace tl::engine
