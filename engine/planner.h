#pragma once
// Budget helpers from seed 003 §5-§6: compute-optimal allocation of C = 6ND and RL rollout counts.

namespace tl::engine {

struct Allocation {
    double params = 0; // N_opt
    double tokens = 0; // D_opt = C / (6 N_opt)
    double loss = 0;   // predicted loss at (N_opt, D_opt) under the same fit
};

// Hoffmann et al. 2022 (Chinchilla), approach 3 parametric fit L(N,D) = E + A/N^alpha + B/D^beta with
// E = 1.69, A = 406.4, B = 410.7, alpha = 0.34, beta = 0.28; minimised under C = 6ND (seed 003 §6):
// N_opt = (alpha A / (beta B))^(1/(alpha+beta)) (C/6)^(beta/(alpha+beta)).
Allocation chinchillaAllocation(double computeFlops);
double chinchillaLoss(double params, double tokens);

// Kaplan et al. 2020: compute-efficient N_opt = 1.3e9 x (C / PF-day)^0.73 (non-embedding parameters),
// D = C / (6N); loss from their L(N,D) = [(Nc/N)^(aN/aD) + Dc/D]^aD, Nc = 8.8e13, Dc = 5.4e13,
// aN = 0.076, aD = 0.095.
Allocation kaplanAllocation(double computeFlops);
double kaplanLoss(double params, double tokens);

// RL (seed 003 §5.1): samples to generate so that `keep` survive an acceptance ratio a: keep / a, rounded up.
long long rolloutsToGenerate(long long keep, double acceptance);

} // namespace tl::engine
