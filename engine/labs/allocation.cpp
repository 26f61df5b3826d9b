#include "engine/labs/allocation.h"

#include "engine/memory.h"

#include <algorithm>
#include <cmath>

namespace tl::engine::labs {

BudgetSplit splitBudget(const ParametricLaw& law, double flops) {
    BudgetSplit b;
    b.flops = flops;
    b.chinchilla = lawAllocation(law, flops);
    b.kaplan = kaplanAllocation(flops);
    b.twentyTokens.params = std::sqrt(flops / (6.0 * kTokensPerParamRule));
    b.twentyTokens.tokens = kTokensPerParamRule * b.twentyTokens.params;
    b.twentyTokens.loss = lawLoss(law, b.twentyTokens.params, b.twentyTokens.tokens);
    b.kaplanLossUnderLaw = lawLoss(law, b.kaplan.params, b.kaplan.tokens);
    return b;
}

BudgetSplit splitBudget(double flops) {
    return splitBudget(kChinchillaApproach3, flops);
}

double flopsForDollars(const Scenario& s, double usd) {
    const double gpuSeconds = usd / s.hardware.usdPerGpuHour * 3600.0;
    return gpuSeconds * s.hardware.peakTflops * 1e12 * s.efficiency.mfu / offloadSlowdown(s.offload);
}

std::vector<IsoFlopCurve> isoFlopCurves(const ParametricLaw& law, const std::vector<double>& budgets, int points,
                                        double span) {
    std::vector<IsoFlopCurve> out;
    for (double c : budgets) {
        IsoFlopCurve curve;
        curve.flops = c;
        curve.optimum = lawAllocation(law, c);
        const double lo = std::log(curve.optimum.params / span), hi = std::log(curve.optimum.params * span);
        for (int i = 0; i < points; ++i) {
            IsoFlopPoint p;
            p.params = std::exp(lo + (hi - lo) * i / std::max(1, points - 1));
            p.tokens = c / (6.0 * p.params);
            p.loss = lawLoss(law, p.params, p.tokens);
            curve.points.push_back(p);
        }
        out.push_back(std::move(curve));
    }
    return out;
}

std::vector<IsoFlopPoint> lossAtTokens(const ParametricLaw& law, double tokens, double lo, double hi, int points) {
    std::vector<IsoFlopPoint> out;
    for (int i = 0; i < points; ++i) {
        IsoFlopPoint p;
        p.params = std::exp(std::log(lo) + (std::log(hi) - std::log(lo)) * i / std::max(1, points - 1));
        p.tokens = tokens;
        p.loss = lawLoss(law, p.params, tokens);
        out.push_back(p);
    }
    return out;
}

PastOptimum trainPastOptimum(const ParametricLaw& law, double flops, double params) {
    const Allocation opt = lawAllocation(law, flops);
    PastOptimum p;
    p.params = params;
    p.tokens = flops / (6.0 * params);
    p.loss = lawLoss(law, params, p.tokens);
    p.lossAboveOptimum = p.loss - opt.loss;
    const double room = opt.loss - law.E - law.A / std::pow(params, law.alpha); // what B / D^beta may still be
    if (room > 0) {
        p.reachable = true;
        p.tokensForOptimumLoss = std::pow(law.B / room, 1.0 / law.beta);
        p.computeMultiplier = 6.0 * params * p.tokensForOptimumLoss / flops;
    }
    return p;
}

} // namespace tl::engine::labs
