#include "engine/labs/scalingfit.h"

#include "engine/labs/seeded.h"

#include <Eigen/Core>
#include <Eigen/Dense>
#include <unsupported/Eigen/NonLinearOptimization>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <numbers>

namespace tl::engine::labs {
namespace {

double huber(double r, double delta) {
    const double a = std::fabs(r);
    return a <= delta ? 0.5 * r * r : delta * (a - 0.5 * delta);
}

// The residuals of one data set as Eigen's Levenberg-Marquardt wants them: f_i = sign(r_i) sqrt(2 Huber(r_i)),
// so that sum f_i^2 / 2 is the Huber loss, and their Jacobian. x = (e, a, b, alpha, beta).
struct HuberResiduals {
    using Scalar = double;
    const std::vector<double>* logN;
    const std::vector<double>* logD;
    const std::vector<double>* logL;
    const std::vector<int>* rows;       // the points in use
    const std::vector<double>* weights; // how often each is counted (a bootstrap repeats some), null: once
    double delta;

    int inputs() const { return 5; }
    int values() const { return int(rows->size()); }

    // r_i and the softmax weights of the three terms of the log-sum-exp.
    double residual(const Eigen::VectorXd& x, int i, double w[3]) const {
        const double u[3] = {x[1] - x[3] * (*logN)[i], x[2] - x[4] * (*logD)[i], x[0]};
        const double top = std::max({u[0], u[1], u[2]});
        double sum = 0;
        for (int k = 0; k < 3; ++k)
            sum += (w[k] = std::exp(u[k] - top));
        for (int k = 0; k < 3; ++k)
            w[k] /= sum;
        return top + std::log(sum) - (*logL)[i];
    }
    double weight(int j) const { return weights ? std::sqrt((*weights)[std::size_t(j)]) : 1.0; }
    double transformed(double r) const {
        const double a = std::fabs(r);
        return a <= delta ? r : std::copysign(std::sqrt(2.0 * delta * a - delta * delta), r);
    }
    int operator()(const Eigen::VectorXd& x, Eigen::VectorXd& f) const {
        double w[3];
        for (int j = 0; j < values(); ++j)
            f[j] = weight(j) * transformed(residual(x, (*rows)[j], w));
        return 0;
    }
    int df(const Eigen::VectorXd& x, Eigen::MatrixXd& jac) const {
        double w[3];
        for (int j = 0; j < values(); ++j) {
            const int i = (*rows)[j];
            const double r = residual(x, i, w);
            const double a = std::fabs(r);
            const double scale = weight(j) * (a <= delta ? 1.0 : delta / std::sqrt(2.0 * delta * a - delta * delta));
            jac(j, 0) = scale * w[2];
            jac(j, 1) = scale * w[0];
            jac(j, 2) = scale * w[1];
            jac(j, 3) = -scale * w[0] * (*logN)[i];
            jac(j, 4) = -scale * w[1] * (*logD)[i];
        }
        return 0;
    }
};

struct Data {
    std::vector<double> logN, logD, logL;
};

struct Fitted {
    Eigen::VectorXd x;
    double loss = INFINITY;
};

double objective(const HuberResiduals& f, const Eigen::VectorXd& x) {
    double w[3], sum = 0;
    for (int j = 0; j < f.values(); ++j)
        sum += (f.weights ? (*f.weights)[std::size_t(j)] : 1.0) * huber(f.residual(x, (*f.rows)[j], w), f.delta);
    return sum;
}

Fitted fitFrom(const HuberResiduals& f, const std::array<double, 5>& start, int maxEvaluations = 200) {
    Eigen::VectorXd x = Eigen::Map<const Eigen::VectorXd>(start.data(), 5);
    HuberResiduals functor = f;
    Eigen::LevenbergMarquardt<HuberResiduals> lm(functor);
    lm.parameters.maxfev = maxEvaluations;
    lm.parameters.xtol = 1e-12;
    lm.parameters.ftol = 1e-14;
    lm.minimize(x);
    Fitted out;
    out.x = x;
    if (x.allFinite())
        out.loss = objective(f, x);
    return out;
}

ParametricLaw lawOf(const Eigen::VectorXd& x) {
    return {std::exp(x[0]), std::exp(x[1]), std::exp(x[2]), x[3], x[4]};
}

std::array<double, 5> constantsOf(const ParametricLaw& l) {
    return {l.E, l.A, l.B, l.alpha, l.beta};
}

double percentile(std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    const double pos = q * double(v.size() - 1);
    const auto lo = std::size_t(std::floor(pos));
    const auto hi = std::min(v.size() - 1, lo + 1);
    return v[lo] + (pos - double(lo)) * (v[hi] - v[lo]);
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> cells(std::string_view line) {
    std::vector<std::string_view> out;
    for (;;) {
        const auto comma = line.find(',');
        out.push_back(trim(line.substr(0, comma)));
        if (comma == std::string_view::npos)
            return out;
        line.remove_prefix(comma + 1);
    }
}

std::string shortNumber(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

} // namespace

PilotRunsParse parsePilotRuns(std::string_view text) {
    PilotRunsParse out;
    const auto failWith = [&](std::string message) {
        out.runs.clear();
        out.error = std::move(message);
        return out;
    };
    const char* names[3] = {"params", "tokens", "loss"};
    int column[3] = {-1, -1, -1};
    std::size_t headerCells = 0;
    bool header = false;
    int line = 0, row = 0;
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3); // the byte order mark of spreadsheets' "CSV UTF-8"
    while (!text.empty()) {
        // Lines end in \n, \r\n or a lone \r (classic Mac OS).
        const auto eol = text.find_first_of("\r\n");
        const std::string_view raw = text.substr(0, eol);
        if (eol == std::string_view::npos)
            text = {};
        else
            text = text.substr(eol + (text[eol] == '\r' && eol + 1 < text.size() && text[eol + 1] == '\n' ? 2 : 1));
        ++line;
        const std::string_view content = trim(raw);
        if (content.empty() || content.front() == '#')
            continue;
        const auto parts = cells(content);
        if (!header) {
            header = true;
            headerCells = parts.size();
            for (std::size_t c = 0; c < parts.size(); ++c)
                for (int k = 0; k < 3; ++k)
                    if (lower(parts[c]) == names[k] && column[k] < 0)
                        column[k] = int(c);
            for (int k = 0; k < 3; ++k)
                if (column[k] < 0)
                    return failWith("header (line " + std::to_string(line) + "): no \"" + names[k] +
                                    "\" column; the header must name params,tokens,loss");
            continue;
        }
        if (++row > kMaxPilotRuns)
            return failWith("more than " + std::to_string(kMaxPilotRuns) + " data rows (line " + std::to_string(line) +
                            "); allowed: at most " + std::to_string(kMaxPilotRuns));
        const std::string where = "row " + std::to_string(row) + " (line " + std::to_string(line) + "): ";
        if (parts.size() != headerCells)
            return failWith(where + std::to_string(parts.size()) + " cells, the header has " +
                            std::to_string(headerCells));
        double v[3];
        for (int k = 0; k < 3; ++k) {
            const std::string_view cell = parts[std::size_t(column[k])];
            if (cell.empty())
                return failWith(where + names[k] + " is empty; must be a positive finite number");
            const auto res = std::from_chars(cell.data(), cell.data() + cell.size(), v[k]);
            if (res.ec != std::errc() || res.ptr != cell.data() + cell.size())
                return failWith(where + names[k] + " is \"" + std::string(cell) +
                                "\"; must be a positive finite number");
            if (!std::isfinite(v[k]) || !(v[k] > 0))
                return failWith(where + names[k] + " is " + std::string(cell) + "; must be a positive finite number");
            if (!(v[k] >= kPilotRange[k].lo && v[k] <= kPilotRange[k].hi))
                return failWith(where + names[k] + " is " + std::string(cell) + "; allowed: a number from " +
                                shortNumber(kPilotRange[k].lo) + " to " + shortNumber(kPilotRange[k].hi));
        }
        out.runs.push_back({v[0], v[1], v[2]});
    }
    if (!header)
        return failWith("no header: the first line must name params,tokens,loss");
    if (int(out.runs.size()) < kMinPilotRuns)
        return failWith("only " + std::to_string(out.runs.size()) + " data rows after the header (line " +
                        std::to_string(line) + " is the last); a fit of five constants needs at least " +
                        std::to_string(kMinPilotRuns));
    return out;
}

std::vector<double> exponentGrid() {
    std::vector<double> grid;
    for (int k = 1; k <= kExponentSteps; ++k)
        grid.push_back(kExponentMax * k / kExponentSteps);
    return grid;
}

double huberLoss(const ParametricLaw& law, const std::vector<PilotRun>& runs, double delta) {
    double sum = 0;
    for (const PilotRun& r : runs)
        sum += huber(std::log(lawLoss(law, r.params, r.tokens)) - std::log(r.loss), delta);
    return sum;
}

namespace {

// The linear part for fixed exponents: minimise sum_i (E w_i + A u_i + B v_i - 1)^2 with w = 1/L, u = N^-alpha / L,
// v = D^-beta / L (relative residuals: the log residuals to first order) subject to E, A, B >= 0. The normal
// equations G theta = g are 3 x 3; the constrained optimum is the best of the subsets' unconstrained solutions that
// are non-negative (at most 7 small solves). Returns the cost n - 2 g.theta + theta' G theta.
struct LinearPart {
    std::array<double, 3> theta{0, 0, 0};
    double cost = INFINITY;
};

LinearPart nonNegativeLeastSquares(const Eigen::Matrix3d& G, const Eigen::Vector3d& g, double n) {
    LinearPart best;
    for (int mask = 1; mask < 8; ++mask) {
        int idx[3], m = 0;
        for (int k = 0; k < 3; ++k)
            if (mask & (1 << k))
                idx[m++] = k;
        Eigen::MatrixXd S(m, m);
        Eigen::VectorXd r(m), scale(m);
        for (int i = 0; i < m; ++i)
            scale[i] = G(idx[i], idx[i]) > 0 ? 1.0 / std::sqrt(G(idx[i], idx[i])) : 0.0;
        if ((scale.array() == 0).any())
            continue;
        for (int i = 0; i < m; ++i) {
            r[i] = g[idx[i]] * scale[i];
            for (int j = 0; j < m; ++j)
                S(i, j) = G(idx[i], idx[j]) * scale[i] * scale[j];
        }
        const Eigen::LDLT<Eigen::MatrixXd> ldlt(S);
        if (ldlt.info() != Eigen::Success || !ldlt.isPositive())
            continue;
        const Eigen::VectorXd y = ldlt.solve(r);
        Eigen::Vector3d theta = Eigen::Vector3d::Zero();
        bool feasible = y.allFinite();
        for (int i = 0; i < m && feasible; ++i) {
            theta[idx[i]] = y[i] * scale[i];
            feasible = theta[idx[i]] > 0;
        }
        if (!feasible)
            continue;
        const double cost = n - 2.0 * g.dot(theta) + theta.dot(G * theta);
        if (cost < best.cost)
            best = {{theta[0], theta[1], theta[2]}, cost};
    }
    return best;
}

} // namespace

ScalingFit fitScalingLaw(const std::vector<PilotRun>& runs, const FitOptions& o,
                         const std::function<bool(double)>& progress) {
    ScalingFit fit;
    fit.points = int(runs.size());
    const std::size_t n = runs.size();
    Data data;
    double minLogL = INFINITY, minLogN = INFINITY, minLogD = INFINITY;
    for (const PilotRun& r : runs) {
        data.logN.push_back(std::log(r.params));
        data.logD.push_back(std::log(r.tokens));
        data.logL.push_back(std::log(r.loss));
        minLogL = std::min(minLogL, data.logL.back());
        minLogN = std::min(minLogN, data.logN.back());
        minLogD = std::min(minLogD, data.logD.back());
    }
    std::vector<int> all(n);
    for (std::size_t i = 0; i < n; ++i)
        all[i] = int(i);
    const HuberResiduals full{&data.logN, &data.logD, &data.logL, &all, nullptr, o.delta};

    // Progress: the exponent grid is the first quarter, the refinements the second, the bootstrap the rest (without
    // a bootstrap the grid and the refinements share the whole).
    const double gridShare = o.bootstrap > 0 ? 0.25 : 0.5;
    const auto report = [&](double done) { return !progress || progress(std::clamp(done, 0.0, 1.0)); };

    // 1. The exponent grid: for every (alpha, beta) the linear part E, A, B >= 0 by least squares. The columns
    // N^-alpha / L and D^-beta / L are computed once per exponent; each pair then needs one sum over the points.
    const std::vector<double> grid = exponentGrid();
    const std::size_t steps = grid.size();
    std::vector<double> w(n), sumWU(steps), sumUU(steps), sumU(steps), sumWV(steps), sumVV(steps), sumV(steps);
    std::vector<std::vector<double>> U(steps, std::vector<double>(n)), V(steps, std::vector<double>(n));
    double sumW = 0, sumWW = 0;
    for (std::size_t i = 0; i < n; ++i) {
        w[i] = std::exp(-data.logL[i]);
        sumW += w[i];
        sumWW += w[i] * w[i];
    }
    for (std::size_t k = 0; k < steps; ++k) {
        for (std::size_t i = 0; i < n; ++i) {
            const double u = std::exp(-grid[k] * data.logN[i] - data.logL[i]);
            const double v = std::exp(-grid[k] * data.logD[i] - data.logL[i]);
            U[k][i] = u;
            V[k][i] = v;
            sumWU[k] += w[i] * u;
            sumUU[k] += u * u;
            sumU[k] += u;
            sumWV[k] += w[i] * v;
            sumVV[k] += v * v;
            sumV[k] += v;
        }
    }
    std::vector<LinearPart> linear(steps * steps);
    for (std::size_t a = 0; a < steps; ++a) {
        for (std::size_t b = 0; b < steps; ++b) {
            double sumUV = 0;
            const double* u = U[a].data();
            const double* v = V[b].data();
            for (std::size_t i = 0; i < n; ++i)
                sumUV += u[i] * v[i];
            Eigen::Matrix3d G;
            G << sumWW, sumWU[a], sumWV[b], sumWU[a], sumUU[a], sumUV, sumWV[b], sumUV, sumVV[b];
            linear[a * steps + b] = nonNegativeLeastSquares(G, Eigen::Vector3d(sumW, sumU[a], sumV[b]), double(n));
        }
        if (!report(gridShare * 0.5 * double(a + 1) / double(steps))) {
            fit.cancelled = true;
            return fit;
        }
    }
    fit.starts = int(steps * steps);

    // 2. The grid's local minima (no lower cost among the eight neighbours), best first, each refined on the Huber
    // objective over all five constants by Levenberg-Marquardt; the lowest Huber loss wins (the first on a tie).
    std::vector<std::size_t> minima;
    for (std::size_t a = 0; a < steps; ++a)
        for (std::size_t b = 0; b < steps; ++b) {
            const double c = linear[a * steps + b].cost;
            if (!std::isfinite(c))
                continue;
            bool lowest = true;
            for (int da = -1; da <= 1 && lowest; ++da)
                for (int db = -1; db <= 1 && lowest; ++db) {
                    const auto na = std::ptrdiff_t(a) + da, nb = std::ptrdiff_t(b) + db;
                    if ((da == 0 && db == 0) || na < 0 || nb < 0 || na >= std::ptrdiff_t(steps) ||
                        nb >= std::ptrdiff_t(steps))
                        continue;
                    const double other = linear[std::size_t(na) * steps + std::size_t(nb)].cost;
                    lowest = c < other || (c == other && std::size_t(na) * steps + std::size_t(nb) > a * steps + b);
                }
            if (lowest)
                minima.push_back(a * steps + b);
        }
    std::stable_sort(minima.begin(), minima.end(),
                     [&](std::size_t x, std::size_t y) { return linear[x].cost < linear[y].cost; });
    if (minima.size() > std::size_t(kRefinedStarts))
        minima.resize(std::size_t(kRefinedStarts));
    // A constant the least squares set to zero starts small but finite (its term a ten-thousandth of the lowest loss)
    // so that the log-space refinement can still move it.
    const double floorLog = minLogL + std::log(1e-4);
    Fitted best;
    for (std::size_t m = 0; m < minima.size(); ++m) {
        const LinearPart& lp = linear[minima[m]];
        const double alpha = grid[minima[m] / steps], beta = grid[minima[m] % steps];
        const std::array<double, 5> start{
            lp.theta[0] > 0 ? std::max(std::log(lp.theta[0]), floorLog) : floorLog,
            lp.theta[1] > 0 ? std::max(std::log(lp.theta[1]), floorLog + alpha * minLogN) : floorLog + alpha * minLogN,
            lp.theta[2] > 0 ? std::max(std::log(lp.theta[2]), floorLog + beta * minLogD) : floorLog + beta * minLogD,
            alpha, beta};
        const Fitted f = fitFrom(full, start);
        if (f.loss < best.loss)
            best = f;
        fit.refined++;
        if (!report(gridShare * (0.5 + 0.5 * double(m + 1) / double(minima.size())))) {
            fit.cancelled = true;
            return fit;
        }
    }
    if (!std::isfinite(best.loss)) {
        fit.failed = true;
        return fit;
    }
    fit.law = lawOf(best.x);
    fit.huberLoss = best.loss;
    const auto value = constantsOf(fit.law);
    for (int c = 0; c < 5; ++c)
        fit.intervals[std::size_t(c)] = {value[std::size_t(c)], value[std::size_t(c)]};

    // 3. The bootstrap: resample the points with replacement and refine each resample from the full fit's optimum
    // (a resample's optimum lies near it; a new grid per resample would cost as much as the fit itself).
    SeededRandom rng(o.seed);
    std::array<std::vector<double>, 5> samples;
    const std::array<double, 5> home{best.x[0], best.x[1], best.x[2], best.x[3], best.x[4]};
    std::vector<int> counts(n), rows;
    std::vector<double> weights;
    for (int b = 0; b < o.bootstrap; ++b) {
        std::fill(counts.begin(), counts.end(), 0);
        for (std::size_t k = 0; k < n; ++k)
            ++counts[std::size_t(rng.below(int(n)))];
        // Each drawn point once, weighted by how often it was drawn: the same objective over about 63% of the rows.
        rows.clear();
        weights.clear();
        for (std::size_t i = 0; i < n; ++i)
            if (counts[i] > 0) {
                rows.push_back(int(i));
                weights.push_back(double(counts[i]));
            }
        if (int(rows.size()) >= kMinPilotRuns) { // fewer distinct points than constants pin nothing down
            const HuberResiduals f{&data.logN, &data.logD, &data.logL, &rows, &weights, o.delta};
            const Fitted bb = fitFrom(f, home);
            if (std::isfinite(bb.loss)) {
                const auto c = constantsOf(lawOf(bb.x));
                for (std::size_t k = 0; k < 5; ++k)
                    samples[k].push_back(c[k]);
                ++fit.bootstrapSamples;
            }
        }
        if (!report(gridShare + (1.0 - gridShare) * double(b + 1) / double(o.bootstrap))) {
            fit.cancelled = true;
            return fit;
        }
    }
    if (fit.bootstrapSamples >= 2) {
        const double tail = (1.0 - o.confidence) / 2.0;
        for (std::size_t k = 0; k < 5; ++k)
            fit.intervals[k] = {percentile(samples[k], tail), percentile(samples[k], 1.0 - tail)};
    }
    report(1.0);
    return fit;
}

std::vector<PilotRun> samplePilotRuns(const ParametricLaw& law, const std::vector<double>& params,
                                      const std::vector<double>& tokens, double noise, std::uint64_t seed) {
    SeededRandom rng(seed);
    std::vector<PilotRun> out;
    for (double n : params)
        for (double d : tokens) {
            // Box-Muller from two uniforms in (0, 1].
            const double u1 = 1.0 - rng.unit(), u2 = rng.unit();
            const double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
            out.push_back({n, d, lawLoss(law, n, d) * std::exp(noise * z)});
        }
    return out;
}

} // namespace tl::engine::labs
