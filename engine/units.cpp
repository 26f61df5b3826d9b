#include "engine/units.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace tl::engine {

namespace {

// std::to_chars prints as printf does in the "C" locale, and faster (evaluate() formats on every slider tick).
std::string chars(double x, std::chars_format format, int precision) {
    if (x == 0)
        x = 0;     // "0", never "-0"
    char buf[400]; // %.f of 1e308 is 309 digits
    const auto r = std::to_chars(buf, buf + sizeof buf, x, format, precision);
    if (r.ec != std::errc())
        return "n/a";
    // A small negative rounded to zero reads "0.0", never "-0.0".
    const bool negativeZero = buf[0] == '-' && std::all_of(buf + 1, r.ptr, [](char c) { return c == '0' || c == '.'; });
    return std::string(negativeZero ? buf + 1 : buf, r.ptr);
}

} // namespace

std::string formatFixed(double x, int decimals) {
    return chars(x, std::chars_format::fixed, decimals);
}

std::string formatGeneral(double x, int significant) {
    return chars(x, std::chars_format::general, significant);
}

std::string formatTrimmed(double x, int decimals) {
    std::string s = formatFixed(x, decimals);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0')
            s.pop_back();
        if (s.back() == '.')
            s.pop_back();
    }
    return s;
}

std::string groupDigits(double x) {
    if (!std::isfinite(x))
        return "n/a";
    if (std::fabs(x) >= 1e18)
        return formatSi(x, "");
    const long long n = std::llround(x);
    // In a stack buffer, one string at the end: evaluate()'s warnings call this on every slider tick.
    char digits[24], out[32];
    const char* end = std::to_chars(digits, digits + sizeof digits, n < 0 ? -n : n).ptr;
    const long len = end - digits;
    char* o = out;
    if (n < 0)
        *o++ = '-';
    for (long i = 0; i < len; ++i) {
        if (i && (len - i) % 3 == 0)
            *o++ = ',';
        *o++ = digits[i];
    }
    return std::string(out, o);
}

std::string formatSi(double x, const char* unit) {
    static const char* prefixes[] = {"", "k", "M", "G", "T", "P", "E"};
    int i = 0;
    double v = x;
    while (std::fabs(v) >= 1000 && i < 6) {
        v /= 1000;
        ++i;
    }
    if (std::fabs(v) >= 1000) // beyond exa: scientific
        return chars(x, std::chars_format::scientific, 3) + " " + unit;
    return formatGeneral(v, 4) + " " + prefixes[i] + unit;
}

std::string formatGB(double bytes, int decimals) {
    return formatFixed(bytes / kGB, decimals) + " GB";
}
std::string formatGiB(double bytes, int decimals) {
    return formatFixed(bytes / kGiB, decimals) + " GiB";
}
std::string formatBytesBoth(double bytes) {
    // Below 0.1 GB the GB figure would read 0.0: switch to MB (1e6) and MiB (2^20).
    if (std::fabs(bytes) < 0.1 * kGB)
        return formatFixed(bytes / 1e6, 1) + " MB (" + formatFixed(bytes / 1048576.0, 1) + " MiB)";
    const int decimals = std::fabs(bytes) < kGB ? 2 : 1;
    return formatGB(bytes, decimals) + " (" + formatGiB(bytes, decimals) + ")";
}

std::string formatDuration(double s) {
    if (s >= 100)
        return formatFixed(s, 0) + " s";
    if (s >= 1)
        return formatFixed(s, 2) + " s";
    return formatFixed(s * 1000, s >= 0.01 ? 0 : 1) + " ms";
}

std::string formatCountShort(double x) {
    static const struct {
        double scale;
        const char* suffix;
    } steps[] = {{1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "K"}};
    for (const auto& step : steps)
        if (std::fabs(x) >= step.scale)
            return formatGeneral(x / step.scale, 3) + step.suffix;
    return formatGeneral(x, 3);
}

double niceStep(double raw) {
    if (!(raw > 0))
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double k : {1.0, 2.0, 5.0})
        if (k * magnitude >= raw)
            return k * magnitude;
    return 10 * magnitude;
}

int decimalsApart(double a, double b, int fewest, int most) {
    int decimals = fewest;
    while (a != b && decimals < most && formatFixed(a, decimals) == formatFixed(b, decimals))
        ++decimals;
    return decimals;
}

} // namespace tl::engine
