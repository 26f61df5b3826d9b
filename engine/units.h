#pragma once
// Number formatting with explicit units: GB is 1e9 bytes, GiB is 2^30, never a bare "G". Every figure the window,
// the CLI and the exports print is formatted here (or by formatLedgerValue, engine/ledgerfields.h, on top of these).
// Locale-independent: a point for decimals, whatever LC_NUMERIC the program runs under (Qt sets it from the
// environment).

#include <string>

namespace tl::engine {

inline constexpr double kGB = 1e9;
inline constexpr double kGiB = 1073741824.0;

std::string formatFixed(double x, int decimals);       // "67.9"
std::string formatGeneral(double x, int significant);  // printf's %.*g: "0.09375", "1e+21", "8192"
std::string formatTrimmed(double x, int decimals);     // at most decimals, no trailing zeros: "12.5", "3"
std::string groupDigits(double x);                     // "8,190,735,360" (rounded to an integer)
std::string formatSi(double x, const char* unit);      // "143.8 TFLOPs"
std::string formatGB(double bytes, int decimals = 1);  // "131.1 GB"
std::string formatGiB(double bytes, int decimals = 1); // "122.1 GiB"
std::string formatBytesBoth(double bytes);             // "131.1 GB (122.1 GiB)"
std::string formatDuration(double seconds);            // "123 s", "4.56 s", "78 ms", "1.2 ms"

// Counts as people say them: "8.2B", "100B", "15T", "1.2M" (B = billion, the LLM convention; never bytes).
std::string formatCountShort(double x);

// Axis ticks: 1, 2 or 5 times a power of ten, at least raw (1 for a non-positive raw).
double niceStep(double raw);

// The fewest decimals, from fewest up to most, at which a and b print apart with formatFixed: a plan late by
// 0.03 days reads "25.03 of 25.00 days", not "25.0 of 25.0". Equal values keep fewest.
int decimalsApart(double a, double b, int fewest, int most);

} // namespace tl::engine
