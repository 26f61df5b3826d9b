#include "engine/stepping.h"

#include "engine/fields.h"
#include "engine/validate.h"

#include <algorithm>

namespace tl::engine {

namespace {
bool accepted(const Scenario& s, std::string_view key, long long v) {
    Scenario copy = s;
    if (setField(copy, key, FieldValue(double(v))))
        return false;
    return validate(copy).empty();
}
} // namespace

std::optional<long long> nextAccepted(const Scenario& s, std::string_view key, long long from, int direction,
                                      long long lo, long long hi, int maxTries) {
    const long long d = direction < 0 ? -1 : 1;
    long long v = from + d;
    for (int tries = 0; tries < maxTries && v >= lo && v <= hi; ++tries, v += d)
        if (accepted(s, key, v))
            return v;
    return std::nullopt;
}

std::optional<long long> nearestAccepted(const Scenario& s, std::string_view key, long long target, long long lo,
                                         long long hi, int maxTries) {
    target = std::clamp(target, lo, hi);
    for (long long r = 0; r <= maxTries; ++r) {
        if (target + r > hi && target - r < lo)
            break;
        if (target + r <= hi && accepted(s, key, target + r))
            return target + r;
        if (r > 0 && target - r >= lo && accepted(s, key, target - r))
            return target - r;
    }
    return std::nullopt;
}

} // namespace tl::engine
