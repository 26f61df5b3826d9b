#include "engine/validate.h"

#include "engine/fields.h"
#include "engine/model.h"
#include "engine/units.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tl::engine {
namespace {

constexpr double kMaxModelParams = 1e15;

std::string num(double v) {
    return formatGeneral(v, 15);
}

struct Checker {
    std::vector<Diagnostic> errors;
    void fail(const char* key, double value, const std::string& allowed) {
        errors.push_back({key, std::string(key) + ": " + num(value) + " is not allowed; " + allowed});
    }
    void fail(const char* key, const std::string& value, const std::string& allowed) {
        errors.push_back({key, std::string(key) + ": \"" + value + "\" is not allowed; " + allowed});
    }
};

// "1, 2, 3, 4, 6, 8, ..., 384": the divisors of n, shortened in the middle when there are many.
std::string divisorList(int n) {
    std::vector<int> small, large;
    for (int d = 1; double(d) * d <= n; ++d)
        if (n % d == 0) {
            small.push_back(d);
            if (d != n / d)
                large.insert(large.begin(), n / d);
        }
    small.insert(small.end(), large.begin(), large.end());
    std::string out;
    for (size_t i = 0; i < small.size(); ++i) {
        if (small.size() > 14 && i == 10) {
            out += ", ...";
            i = small.size() - 2;
        }
        out += (out.empty() ? "" : ", ") + std::to_string(small[i]);
    }
    return out;
}

// The key table's ranges in a compact form, read on every evaluation: a number (or a choice enum's value) and what
// it may be. Only a value that fails here builds its FieldValue, for checkRange's message.
struct RangeCheck {
    NumberSlot number; // Kind::None: the value is checked through its FieldValue
    double min = 0, max = 0;
    bool minExclusive = false, integer = false;
    bool documents = false; // data.documents: empty means one document filling the sequence (checked by seq_len)
    std::uint64_t choiceMask = 0;
    const Field* field = nullptr;
    bool allowed(const Scenario& s) const {
        const double x = number.read(s);
        if (choiceMask)
            return x >= 0 && x < 64 && (choiceMask >> int(x) & 1);
        const bool ok = std::isfinite(x) && (minExclusive ? x > min : x >= min) && x <= max;
        return ok && (!integer || wholeNumber(x));
    }
};

const std::vector<RangeCheck>& rangeChecks() {
    static const std::vector<RangeCheck> checks = [] {
        std::vector<RangeCheck> out;
        for (const Field& f : scenarioFields()) {
            if (f.type == FieldType::Text || f.type == FieldType::Bool)
                continue; // any text and either bool are allowed
            RangeCheck c;
            c.field = &f;
            c.documents = std::string_view(f.key) == "data.documents";
            if (f.number.kind != NumberSlot::Kind::None) {
                c.number = f.number;
                c.min = f.min;
                c.max = f.max;
                c.minExclusive = f.minExclusive;
                c.integer = f.type == FieldType::Int;
                c.choiceMask = f.choiceMask;
            }
            out.push_back(c);
        }
        return out;
    }();
    return checks;
}

} // namespace

std::vector<Diagnostic> validate(const Scenario& s) {
    Checker c;
    // 1. Each key against its own range (the field table is the single source of ranges).
    for (const RangeCheck& r : rangeChecks()) {
        if (r.number.kind != NumberSlot::Kind::None ? r.allowed(s) : r.documents && s.data.documents.empty())
            continue; // the common case, without building a FieldValue
        if (auto e = checkRange(*r.field, r.field->get(s)))
            c.errors.push_back({e->key, e->message});
    }
    if (!c.errors.empty())
        return std::move(c.errors); // cross-field rules below assume each value is in range

    const auto& m = s.model;
    const auto& d = s.data;
    const auto& p = s.parallel;
    // 2. Architecture consistency and its divisibility by the layout.
    {
        if (m.heads % m.kvHeads != 0)
            c.fail("model.kv_heads", m.kvHeads, "allowed: a divisor of model.heads (" + num(m.heads) + ")");
        const bool moe = m.moe.experts > 0;
        if (moe) {
            if (!(m.moe.activeExperts >= 1 && m.moe.activeExperts <= m.moe.experts))
                c.fail("model.moe.active_experts", m.moe.activeExperts,
                       "allowed: 1 to model.moe.experts (" + num(m.moe.experts) + ")");
            if (m.moe.expertFfnHidden < 1)
                c.fail("model.moe.expert_ffn_hidden", m.moe.expertFfnHidden,
                       "allowed: at least 1 when the model has experts");
            if (m.moe.denseLayers > m.layers)
                c.fail("model.moe.dense_layers", m.moe.denseLayers,
                       "allowed: at most model.layers (" + num(m.layers) + ")");
        }
        if (m.heads % p.tp != 0)
            c.fail("parallel.tp", p.tp,
                   "allowed: a divisor of model.heads (" + num(m.heads) + ") and of model.kv_heads (" + num(m.kvHeads) +
                       ")");
        if (m.heads % p.tp == 0 && m.kvHeads % p.tp != 0)
            c.fail("parallel.tp", p.tp, "allowed: a divisor of model.kv_heads (" + num(m.kvHeads) + ")");
        // Layers that pp (x virtual stages) does not divide are spread as evenly as possible; every chunk needs one.
        if (p.pp > m.layers)
            c.fail("parallel.pp", p.pp, "allowed: at most model.layers (" + num(m.layers) + ")");
        else if (p.schedule == Schedule::Interleaved && double(p.pp) * p.virtualStages > m.layers)
            c.fail("parallel.virtual_stages", p.virtualStages,
                   "allowed: at most model.layers / parallel.pp (" + num(m.layers / p.pp) + ") chunks per rank");
    }
    // The keys' ranges multiply out to ~2e18 parameters; a cap far above any real model keeps every count (int64)
    // and size finite with room to spare.
    if (const double total = countModel(m).total; total > kMaxModelParams)
        c.errors.push_back({"model.size", "model: the shape has " + num(total) +
                                              " parameters; allowed: at most 1e15 (lower model.layers, "
                                              "model.hidden, model.ffn_hidden or the expert keys)"});
    // 3. Data and batch divisibility.
    if (!d.documents.empty()) {
        double sum = 0;
        for (int x : d.documents)
            sum += x;
        if (sum != d.seqLen)
            c.errors.push_back(
                {"data.documents", "data.documents: " + formatValueShort(d.documents) + " adds up to " + num(sum) +
                                       " tokens; allowed: document lengths that add up to data.seq_len (" +
                                       num(d.seqLen) + ")"});
    }
    if (d.microBatch > d.globalBatch)
        c.fail("data.micro_batch", d.microBatch, "allowed: at most data.global_batch (" + num(d.globalBatch) + ")");
    const double perStep = double(d.microBatch) * p.dp;
    if (d.globalBatch % d.microBatch != 0) {
        c.fail("data.micro_batch", d.microBatch,
               "allowed: a divisor of data.global_batch (" + num(d.globalBatch) + ")");
    } else if ((d.globalBatch / d.microBatch) % p.dp != 0) {
        // The replicas split the step's micro-batches evenly: name dp and list the counts that work.
        const int sequences = d.globalBatch / d.microBatch;
        c.fail("parallel.dp", p.dp,
               "allowed: a divisor of data.global_batch / data.micro_batch = " + num(sequences) + " (" +
                   divisorList(sequences) + ")");
    }
    if (p.cp > 1 && d.seqLen % (2 * p.cp) != 0)
        c.fail("parallel.cp", p.cp,
               "allowed: data.seq_len (" + num(d.seqLen) + ") must split into 2 x cp equal chunks");
    // 4. Schedule and layout.
    if (s.schedule.reserveDays >= s.schedule.deadlineDays)
        c.fail("schedule.reserve_days", s.schedule.reserveDays,
               "allowed: less than schedule.deadline_days (" + num(s.schedule.deadlineDays) + ")");
    const int micro = std::max(1, int(d.globalBatch / perStep));
    if (p.pp > 1 && p.schedule == Schedule::Interleaved && p.virtualStages > 1 && micro % p.pp != 0)
        c.fail("data.global_batch", d.globalBatch,
               "allowed: the interleaved schedule needs micro-batches per pipeline (" + num(micro) +
                   ") to be a multiple of parallel.pp (" + num(p.pp) + ")");
    if (p.pp > 1 && p.schedule == Schedule::DualPipeV && micro < 2 * p.pp)
        c.fail("data.global_batch", d.globalBatch,
               "allowed: dualpipev needs at least 2 x parallel.pp (" + num(2 * p.pp) +
                   ") micro-batches per pipeline, got " + num(micro));
    if (p.virtualStages != 1 && p.schedule != Schedule::Interleaved)
        c.fail("parallel.virtual_stages", p.virtualStages, "allowed: 1 unless parallel.schedule is \"interleaved\"");
    const double gpus = double(p.tp) * p.pp * p.dp * p.cp;
    if (gpus > 10'000'000)
        c.fail("parallel.dp", p.dp, "allowed: tp x pp x dp x cp at most 10,000,000 GPUs");
    if (s.precision.weights == NumberFormat::Fp32 && s.precision.master == NumberFormat::Fp32)
        c.fail("precision.master", std::string(choiceName(s.precision.master)),
               "allowed: \"none\" when precision.weights is fp32 (the weights are already the master copy)");
    return std::move(c.errors);
}

} // namespace tl::engine
