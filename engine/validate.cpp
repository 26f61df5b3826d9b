#include "engine/validate.h"

#include "engine/fields.h"
#include "engine/lastanswer.h"
#include "engine/model.h"
#include "engine/presets.h"
#include "engine/units.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tl::engine {
namespace {

constexpr double kMaxModelParams = 1e15;

using A = MessageArg;

struct Checker {
    std::vector<Diagnostic> errors;
    // "<key>: <value> is not allowed; allowed: ...": the key and its value are the template's %1 and %2.
    void fail(Msg id, const char* key, double value, std::initializer_list<A> rest = {}) {
        add(id, key, A::ofNumber(value), rest);
    }
    void fail(Msg id, const char* key, const std::string& value, std::initializer_list<A> rest = {}) {
        add(id, key, A::ofText("\"" + value + "\""), rest);
    }
    void add(Msg id, const char* key, A value, std::initializer_list<A> rest) {
        std::vector<A> args = {A::ofKey(key), std::move(value)};
        args.insert(args.end(), rest.begin(), rest.end());
        errors.push_back({key, key, id, std::move(args)});
    }
};

A key(const char* k) {
    return A::ofKey(k);
}
A n(double x) {
    return A::ofNumber(x);
}

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

// "32, 64": the allowed values nearest to `value` below and above it (1 is always allowed).
template <class Allowed> std::string nearestAllowed(int value, int upTo, Allowed allowed) {
    std::string out;
    for (int d = std::min(value, upTo); d >= 1; --d)
        if (allowed(d)) {
            out = std::to_string(d);
            break;
        }
    for (int d = value + 1; d <= upTo; ++d)
        if (allowed(d)) {
            out += (out.empty() ? "" : ", ") + std::to_string(d);
            break;
        }
    return out;
}

// The keys validate() checks on every evaluation, each read through its slot without a FieldValue and tested as its
// slot needs: an int against the bounds alone (always finite and whole), a choice enum against its mask, a double as
// checkRange does. Only a value that fails here builds its FieldValue, for checkRange's message.
struct RangeCheck {
    const Field* field = nullptr;
    bool documents = false; // data.documents: empty means one document filling the sequence (checked by seq_len)
    bool allowed(const Scenario& s) const {
        const Field& f = *field;
        const char* at = reinterpret_cast<const char*>(&s) + f.number.offset;
        switch (f.number.kind) {
        case NumberSlot::Kind::None:
            return documents && s.data.documents.empty();
        case NumberSlot::Kind::Int: {
            int x;
            std::memcpy(&x, at, sizeof x);
            return (f.minExclusive ? x > f.min : x >= f.min) && x <= f.max;
        }
        case NumberSlot::Kind::Byte: {
            const unsigned x = static_cast<unsigned char>(*at);
            return f.choiceMask ? x < 64 && (f.choiceMask >> x & 1) : numberInRange(f, x);
        }
        case NumberSlot::Kind::Double: {
            double x;
            std::memcpy(&x, at, sizeof x);
            return numberInRange(f, x);
        }
        }
        return false;
    }
};

// The same tests sorted by slot kind, one loop each, so that no key branches on its kind (the loops predict well):
// the common case, every key in range, costs a load and two compares per key (an int: one). An exclusive minimum
// becomes the next double up, which admits exactly the same values; a double's bounds are clamped to the finite
// doubles, so that the two compares also refuse infinities (and NaN); an int's bounds are the whole numbers inside
// them, and x is inside when x - low, unsigned, is at most high - low. When any key fails, validate() runs the table
// in its own order for the messages.
struct SlotBounds {
    unsigned offset = 0;
    double low = 0, high = 0;
};
struct IntBounds {
    unsigned offset = 0;
    std::int64_t low = 0;
    std::uint64_t span = 0; // high - low; with low above every int when no whole number is allowed
    IntBounds(unsigned at, double lowest, double highest) : offset(at) {
        constexpr double kBeyond = 1e12; // beyond every int, exact as a double and as an int64
        const double lo = std::clamp(std::ceil(lowest), -kBeyond, kBeyond);
        const double hi = std::clamp(std::floor(highest), -kBeyond, kBeyond);
        low = lo <= hi ? std::int64_t(lo) : std::int64_t(kBeyond);
        span = lo <= hi ? std::uint64_t(std::int64_t(hi) - low) : 0;
    }
};
struct SlotChoices {
    unsigned offset = 0;
    std::uint64_t mask = 0; // Field::choiceMask
};
struct FastChecks {
    std::vector<IntBounds> ints;
    std::vector<SlotBounds> doubles;
    std::vector<SlotChoices> enums;      // choices held as a one-byte enum
    std::vector<const RangeCheck*> rest; // doubles of integer keys, data.documents
    std::vector<RangeCheck> all;         // in the table's order
    // Three keys without a slot, tested in place as checkRange would, so that no FieldValue (a string copy) is built
    // on the valid path: the two presets against their choices, and model.params (null, or a count in range).
    const Field* modelPreset = nullptr;
    const Field* gpuPreset = nullptr;
    const Field* params = nullptr;
    static bool isChoice(const Field& f, const std::string& v) {
        return std::find(f.choices.begin(), f.choices.end(), v) != f.choices.end();
    }
    bool allowed(const Scenario& s) const {
        const char* base = reinterpret_cast<const char*>(&s);
        bool ok = true;
        for (const IntBounds& b : ints) {
            int x;
            std::memcpy(&x, base + b.offset, sizeof x);
            ok &= std::uint64_t(x - b.low) <= b.span;
        }
        for (const SlotBounds& b : doubles) {
            double x;
            std::memcpy(&x, base + b.offset, sizeof x);
            ok &= x >= b.low && x <= b.high;
        }
        for (const SlotChoices& c : enums) {
            const unsigned x = static_cast<unsigned char>(base[c.offset]);
            ok &= x < 64 && (c.mask >> x & 1);
        }
        if (!ok || !isChoice(*modelPreset, s.model.preset) || !isChoice(*gpuPreset, s.hardware.preset) ||
            (s.model.params > 0 && !numberInRange(*params, s.model.params)))
            return false;
        for (const RangeCheck* r : rest)
            if (!r->allowed(s) && checkRange(*r->field, r->field->get(s)))
                return false;
        return true;
    }
};

const FastChecks& rangeChecks() {
    static const FastChecks checks = [] {
        FastChecks out;
        for (const Field& f : scenarioFields())
            if (f.type != FieldType::Text && f.type != FieldType::Bool) // any text and either bool are allowed
                out.all.push_back({&f, std::string_view(f.key) == "data.documents"});
        for (const RangeCheck& r : out.all) {
            const Field& f = *r.field;
            const double low = f.minExclusive ? std::nextafter(f.min, HUGE_VAL) : f.min;
            const std::string_view key = f.key;
            if (key == "model.preset")
                out.modelPreset = &f;
            else if (key == "hardware.preset")
                out.gpuPreset = &f;
            else if (key == "model.params")
                out.params = &f;
            else if (f.number.kind == NumberSlot::Kind::Int)
                out.ints.emplace_back(f.number.offset, low, f.max);
            else if (f.number.kind == NumberSlot::Kind::Double && f.type != FieldType::Int)
                out.doubles.push_back({f.number.offset, std::max(low, -DBL_MAX), std::min(f.max, DBL_MAX)});
            else if (f.number.kind == NumberSlot::Kind::Byte && f.choiceMask)
                out.enums.push_back({f.number.offset, f.choiceMask});
            else
                out.rest.push_back(&r);
        }
        return out;
    }();
    return checks;
}

// countModel() of the last shape this thread validated: most evaluations (an edit of any key but the model's) count
// the same shape again. Equal shapes have equal counts: countModel reads the shape alone, and its one double
// (model.params) only through `params > 0` and its value, which == fixes for any positive number.
const ModelCounts& countedModel(const ModelShape& m) {
    thread_local LastAnswer<ModelShape, ModelCounts> last;
    return last.get(m, [&m] { return countModel(m); });
}

} // namespace

std::vector<Diagnostic> validate(const Scenario& s) {
    ModelCounts counts;
    return validate(s, counts);
}

std::vector<Diagnostic> validate(const Scenario& s, ModelCounts& counts) {
    Checker c;
    // 1. Each key against its own range (the field table is the single source of ranges).
    const FastChecks& checks = rangeChecks();
    if (!checks.allowed(s)) { // the common case, every key in range, skips this without building a FieldValue
        for (const RangeCheck& r : checks.all) {
            if (r.allowed(s))
                continue;
            if (auto e = checkRange(*r.field, r.field->get(s)))
                c.errors.push_back(std::move(e->diagnostic));
        }
        if (!c.errors.empty())
            return std::move(c.errors); // cross-field rules below assume each value is in range
    }

    const auto& m = s.model;
    const auto& d = s.data;
    const auto& p = s.parallel;
    // 2. Architecture consistency and its divisibility by the layout.
    {
        if (m.heads % m.kvHeads != 0)
            c.fail(Msg::Divisor, "model.kv_heads", m.kvHeads, {key("model.heads"), n(m.heads)});
        const bool moe = m.moe.experts > 0;
        if (moe) {
            if (!(m.moe.activeExperts >= 1 && m.moe.activeExperts <= m.moe.experts))
                c.fail(Msg::OneTo, "model.moe.active_experts", m.moe.activeExperts,
                       {key("model.moe.experts"), n(m.moe.experts)});
            if (m.moe.expertFfnHidden < 1)
                c.fail(Msg::AtLeastOneWithExperts, "model.moe.expert_ffn_hidden", m.moe.expertFfnHidden);
            if (m.moe.denseLayers > m.layers)
                c.fail(Msg::AtMost, "model.moe.dense_layers", m.moe.denseLayers, {key("model.layers"), n(m.layers)});
        }
        if (m.heads % p.tp != 0)
            c.fail(Msg::DivisorOfBoth, "parallel.tp", p.tp,
                   {key("model.heads"), n(m.heads), key("model.kv_heads"), n(m.kvHeads)});
        if (m.heads % p.tp == 0 && m.kvHeads % p.tp != 0)
            c.fail(Msg::Divisor, "parallel.tp", p.tp, {key("model.kv_heads"), n(m.kvHeads)});
        // Layers that pp (x virtual stages) does not divide are spread as evenly as possible; every chunk needs one.
        if (p.pp > m.layers)
            c.fail(Msg::AtMost, "parallel.pp", p.pp, {key("model.layers"), n(m.layers)});
        else if (p.schedule == Schedule::Interleaved && double(p.pp) * p.virtualStages > m.layers)
            c.fail(Msg::ChunksPerRank, "parallel.virtual_stages", p.virtualStages,
                   {key("model.layers"), key("parallel.pp"), n(m.layers / p.pp)});
    }
    // The keys' ranges multiply out to ~2e18 parameters; a cap far above any real model keeps every count (int64)
    // and size finite with room to spare.
    counts = countedModel(m);
    if (counts.total > kMaxModelParams)
        c.errors.push_back({"model.size",
                            "model.size",
                            Msg::ModelTooLarge,
                            {n(counts.total), key("model.layers"), key("model.hidden"), key("model.ffn_hidden")}});
    // 3. Data and batch divisibility.
    if (!d.documents.empty()) {
        double sum = 0;
        for (int x : d.documents)
            sum += x;
        if (sum != d.seqLen)
            c.errors.push_back({"data.documents",
                                "data.documents",
                                Msg::DocumentsSum,
                                {key("data.documents"), A::ofText(formatValueShort(d.documents)), n(sum),
                                 key("data.seq_len"), n(d.seqLen)}});
    }
    if (d.microBatch > d.globalBatch)
        c.fail(Msg::AtMost, "data.micro_batch", d.microBatch, {key("data.global_batch"), n(d.globalBatch)});
    const double perStep = double(d.microBatch) * p.dp;
    if (d.globalBatch % d.microBatch != 0) {
        c.fail(Msg::Divisor, "data.micro_batch", d.microBatch, {key("data.global_batch"), n(d.globalBatch)});
    } else if ((d.globalBatch / d.microBatch) % p.dp != 0) {
        // The replicas split the step's micro-batches evenly: name dp and list the counts that work.
        const int sequences = d.globalBatch / d.microBatch;
        c.fail(Msg::DivisorOfQuotient, "parallel.dp", p.dp,
               {key("data.global_batch"), key("data.micro_batch"), n(sequences), A::ofText(divisorList(sequences))});
    }
    if (p.cp > 1 && d.seqLen % (2 * p.cp) != 0)
        c.fail(Msg::CpChunks, "parallel.cp", p.cp, {key("data.seq_len"), n(d.seqLen)});
    // 4. Schedule and layout.
    if (s.schedule.reserveDays >= s.schedule.deadlineDays)
        c.fail(Msg::LessThan, "schedule.reserve_days", s.schedule.reserveDays,
               {key("schedule.deadline_days"), n(s.schedule.deadlineDays)});
    const int micro = std::max(1, int(d.globalBatch / perStep));
    if (p.pp > 1 && p.schedule == Schedule::Interleaved && p.virtualStages > 1 && micro % p.pp != 0)
        c.fail(Msg::InterleavedMicroBatches, "data.global_batch", d.globalBatch,
               {n(micro), key("parallel.pp"), n(p.pp)});
    if (p.pp > 1 && p.schedule == Schedule::DualPipeV && micro < 2 * p.pp)
        c.fail(Msg::DualPipeMicroBatches, "data.global_batch", d.globalBatch,
               {key("parallel.pp"), n(2 * p.pp), n(micro)});
    if (p.virtualStages != 1 && p.schedule != Schedule::Interleaved)
        c.fail(Msg::VirtualStagesInterleavedOnly, "parallel.virtual_stages", p.virtualStages,
               {key("parallel.schedule")});
    const double gpus = double(p.tp) * p.pp * p.dp * p.cp;
    if (gpus > 10'000'000)
        c.fail(Msg::TooManyGpus, "parallel.dp", p.dp);
    // 5. Expert parallelism: ep ranks share the routed experts, etp ranks split each expert's matmuls, and the
    // ep x etp expert groups are carved out of the tp x cp x dp GPUs of a pipeline stage (Megatron-Core).
    const bool experts = m.moe.experts > 0;
    if (!experts && p.ep != 1)
        c.fail(Msg::NoRoutedExperts, "parallel.ep", p.ep, {key("model.moe.experts")});
    if (!experts && p.etp != 1)
        c.fail(Msg::NoRoutedExperts, "parallel.etp", p.etp, {key("model.moe.experts")});
    const double group = double(p.tp) * p.cp * p.dp;
    auto divides = [](double divisor, double x) { return std::fmod(x, divisor) == 0; };
    if (experts && p.ep > 1 && !(divides(p.ep, m.moe.experts) && divides(p.ep, group))) {
        const std::string near = nearestAllowed(p.ep, int(std::min<double>(m.moe.experts, group)),
                                                [&](int e) { return m.moe.experts % e == 0 && divides(e, group); });
        c.fail(Msg::ExpertParallel, "parallel.ep", p.ep,
               {key("model.moe.experts"), n(m.moe.experts), n(group), A::ofText(near)});
    } else if (experts && p.etp > 1 &&
               !(divides(p.etp, m.moe.expertFfnHidden) && divides(double(p.ep) * p.etp, group))) {
        const int width = std::max(1, m.moe.expertFfnHidden);
        const std::string near = nearestAllowed(p.etp, int(std::min<double>(width, group)), [&](int e) {
            return width % e == 0 && divides(double(p.ep) * e, group);
        });
        c.fail(Msg::ExpertTensorParallel, "parallel.etp", p.etp,
               {key("model.moe.expert_ffn_hidden"), n(m.moe.expertFfnHidden), key("parallel.ep"), n(p.ep), n(group),
                A::ofText(near)});
    }
    if (s.precision.weights == NumberFormat::Fp32 && s.precision.master == NumberFormat::Fp32)
        c.fail(Msg::MasterNotWithFp32, "precision.master", std::string(choiceName(s.precision.master)),
               {key("precision.weights")});
    if (s.precision.compute == NumberFormat::Fp8 && !(s.hardware.peakFp8Tflops > 0)) {
        const GpuPreset* gpu = findGpuPreset(s.hardware.preset);
        c.fail(Msg::NoFp8TensorCores, "precision.compute", std::string("fp8"),
               {A::ofText(gpu ? gpu->name : std::string("this GPU")), key("hardware.peak_fp8_tflops")});
    }
    return std::move(c.errors);
}

} // namespace tl::engine
