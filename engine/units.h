#pragma once
// Number formatting with explicit units: GB is 1e9 bytes, GiB is 2^30, never a bare "G".

#include <string>

namespace tl::engine {

inline constexpr double kGB = 1e9;
inline constexpr double kGiB = 1073741824.0;

std::string formatFixed(double x, int decimals);       // "67.9"
std::string groupDigits(double x);                     // "8,190,735,360" (rounded to an integer)
std::string formatSi(double x, const char* unit);      // "143.8 TFLOPs"
std::string formatGB(double bytes, int decimals = 1);  // "131.1 GB"
std::string formatGiB(double bytes, int decimals = 1); // "122.1 GiB"
std::string formatBytesBoth(double bytes);             // "131.1 GB (122.1 GiB)"

// Counts as people say them: "8.2B", "100B", "15T", "1.2M" (B = billion, the LLM convention; never bytes).
std::string formatCountShort(double x);

// Axis ticks: 1, 2 or 5 times a power of ten, at least raw (1 for a non-positive raw).
double niceStep(double raw);

} // namespace tl::engine
