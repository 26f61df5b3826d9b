#include "engine/scaling.h"

#include <cmath>

namespace tl::engine {
namespace {
constexpr double kPfDay = 1e15 * 86400.0;
constexpr double kNc = 8.8e13, kDc = 5.4e13, kAlphaN = 0.076, kAlphaD = 0.095;
} // namespace

double lawLoss(const ParametricLaw& law, double n, double d) {
    return law.E + law.A / std::pow(n, law.alpha) + law.B / std::pow(d, law.beta);
}

namespace {
// N_opt = G x (C / 6)^(b / (a + b)) with G = (a A / (b B))^(1 / (a + b)) (Hoffmann et al. 2022, eq. 4).
double lawFactor(const ParametricLaw& law) {
    return std::pow(law.alpha * law.A / (law.beta * law.B), 1.0 / (law.alpha + law.beta));
}
Allocation lawAllocation(const ParametricLaw& law, double g, double c) {
    Allocation a;
    a.params = g * std::pow(c / 6.0, law.beta / (law.alpha + law.beta));
    a.tokens = c / (6.0 * a.params);
    a.loss = lawLoss(law, a.params, a.tokens);
    return a;
}
} // namespace

Allocation lawAllocation(const ParametricLaw& law, double c) {
    return lawAllocation(law, lawFactor(law), c);
}

double chinchillaLoss(double n, double d) {
    return lawLoss(kChinchillaApproach3, n, d);
}

Allocation chinchillaAllocation(double c) {
    static const double g = lawFactor(kChinchillaApproach3); // evaluate() asks on every evaluation
    return lawAllocation(kChinchillaApproach3, g, c);
}

double kaplanLoss(double n, double d) {
    return std::pow(std::pow(kNc / n, kAlphaN / kAlphaD) + kDc / d, kAlphaD);
}

double kaplanParams(double c) {
    return 1.3e9 * std::pow(c / kPfDay, 0.73);
}

Allocation kaplanAllocation(double c) {
    Allocation a;
    a.params = kaplanParams(c);
    a.tokens = c / (6.0 * a.params);
    a.loss = kaplanLoss(a.params, a.tokens);
    return a;
}

long long rolloutsToGenerate(long long keep, double acceptance) {
    if (keep <= 0 || !(acceptance > 0) || acceptance > 1)
        return 0;
    // A small tolerance keeps 16 / 0.5 at 32 despite binary fractions. The key table bounds the quotient (keep <= 1e9,
    // acceptance >= 0.001); the guard keeps the cast defined whatever the caller passes.
    const double rollouts = std::ceil(double(keep) / acceptance - 1e-9);
    constexpr double kMaxRollouts = 9.0e18; // below LLONG_MAX (9.22e18)
    return rollouts < kMaxRollouts ? static_cast<long long>(rollouts) : static_cast<long long>(kMaxRollouts);
}

} // namespace tl::engine
