#include "engine/labs/scalingfit.h"

#include "engine/labs/seeded.h"

#include <Eigen/Core>
#include <unsupported/Eigen/NonLinearOptimization>

#include <algorithm>
#include <charconv>
#include <cmath>
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
    const std::vector<int>* rows; // the points in use (a bootstrap repeats some)
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
    double transformed(double r) const {
        const double a = std::fabs(r);
        return a <= delta ? r : std::copysign(std::sqrt(2.0 * delta * a - delta * delta), r);
    }
    int operator()(const Eigen::VectorXd& x, Eigen::VectorXd& f) const {
        double w[3];
        for (int j = 0; j < values(); ++j)
            f[j] = transformed(residual(x, (*rows)[j], w));
        return 0;
    }
    int df(const Eigen::VectorXd& x, Eigen::MatrixXd& jac) const {
        double w[3];
        for (int j = 0; j < values(); ++j) {
            const int i = (*rows)[j];
            const double r = residual(x, i, w);
            const double a = std::fabs(r);
            const double scale = a <= delta ? 1.0 : delta / std::sqrt(2.0 * delta * a - delta * delta);
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
        sum += huber(f.residual(x, (*f.rows)[j], w), f.delta);
    return sum;
}

Fitted fitFrom(const HuberResiduals& f, const std::array<double, 5>& start) {
    Eigen::VectorXd x = Eigen::Map<const Eigen::VectorXd>(start.data(), 5);
    HuberResiduals functor = f;
    Eigen::LevenbergMarquardt<HuberResiduals> lm(functor);
    lm.parameters.maxfev = 400;
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
    while (!text.empty()) {
        const auto eol = text.find('\n');
        const std::string_view raw = text.substr(0, eol);
        text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
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
        ++row;
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

std::vector<std::array<double, 5>> hoffmannStartGrid() {
    std::vector<std::array<double, 5>> grid;
    for (int ai = 0; ai <= 5; ++ai)
        for (int bi = 0; bi <= 5; ++bi)
            for (int ei = -2; ei <= 2; ++ei)
                for (int al = 0; al <= 4; ++al)
                    for (int be = 0; be <= 4; ++be)
                        grid.push_back({0.5 * ei, 5.0 * ai, 5.0 * bi, 0.5 * al, 0.5 * be});
    return grid;
}

double huberLoss(const ParametricLaw& law, const std::vector<PilotRun>& runs, double delta) {
    double sum = 0;
    for (const PilotRun& r : runs)
        sum += huber(std::log(lawLoss(law, r.params, r.tokens)) - std::log(r.loss), delta);
    return sum;
}

ScalingFit fitScalingLaw(const std::vector<PilotRun>& runs, const FitOptions& o,
                         const std::function<bool(double)>& progress) {
    ScalingFit fit;
    fit.points = int(runs.size());
    Data data;
    for (const PilotRun& r : runs) {
        data.logN.push_back(std::log(r.params));
        data.logD.push_back(std::log(r.tokens));
        data.logL.push_back(std::log(r.loss));
    }
    std::vector<int> all(runs.size());
    for (std::size_t i = 0; i < all.size(); ++i)
        all[i] = int(i);
    const HuberResiduals full{&data.logN, &data.logD, &data.logL, &all, o.delta};

    // The fit: every start of the grid, the lowest Huber loss wins (the first on a tie).
    const auto grid = hoffmannStartGrid();
    const double total = double(grid.size()) + 8.0 * o.bootstrap; // a bootstrap fit costs about 8 starts
    Fitted best;
    for (std::size_t k = 0; k < grid.size(); ++k) {
        const Fitted f = fitFrom(full, grid[k]);
        if (f.loss < best.loss)
            best = f;
        if (progress && k % 64 == 0 && !progress(double(k) / total)) {
            fit.cancelled = true;
            return fit;
        }
    }
    fit.starts = int(grid.size());
    fit.law = lawOf(best.x);
    fit.huberLoss = best.loss;
    const auto value = constantsOf(fit.law);
    for (int c = 0; c < 5; ++c)
        fit.intervals[std::size_t(c)] = {value[std::size_t(c)], value[std::size_t(c)]};

    // The bootstrap: resample the points with replacement; fit each from the full fit's optimum and from seven
    // seeded grid starts (the full grid per resample would be hundreds of times slower for the same minimum).
    SeededRandom rng(o.seed);
    std::array<std::vector<double>, 5> samples;
    const std::array<double, 5> home{best.x[0], best.x[1], best.x[2], best.x[3], best.x[4]};
    for (int b = 0; b < o.bootstrap; ++b) {
        std::vector<int> rows(runs.size());
        for (int& r : rows)
            r = rng.below(int(runs.size()));
        std::vector<int> distinct = rows;
        std::sort(distinct.begin(), distinct.end());
        const bool identifiable = std::unique(distinct.begin(), distinct.end()) - distinct.begin() >= kMinPilotRuns;
        std::array<std::size_t, 7> picks;
        for (auto& p : picks)
            p = std::size_t(rng.below(int(grid.size())));
        if (!identifiable)
            continue; // fewer distinct points than constants: the resample pins nothing down
        const HuberResiduals f{&data.logN, &data.logD, &data.logL, &rows, o.delta};
        Fitted bb = fitFrom(f, home);
        for (std::size_t p : picks) {
            const Fitted t = fitFrom(f, grid[p]);
            if (t.loss < bb.loss)
                bb = t;
        }
        if (!std::isfinite(bb.loss))
            continue;
        const auto c = constantsOf(lawOf(bb.x));
        for (std::size_t k = 0; k < 5; ++k)
            samples[k].push_back(c[k]);
        ++fit.bootstrapSamples;
        if (progress && !progress((double(grid.size()) + 8.0 * (b + 1)) / total)) {
            fit.cancelled = true;
            return fit;
        }
    }
    if (fit.bootstrapSamples >= 2) {
        const double tail = (1.0 - o.confidence) / 2.0;
        for (std::size_t k = 0; k < 5; ++k)
            fit.intervals[k] = {percentile(samples[k], tail), percentile(samples[k], 1.0 - tail)};
    }
    if (progress)
        progress(1.0);
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
