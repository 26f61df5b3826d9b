// engine/units.cpp: the one number formatter. GB is 1e9 bytes and GiB 2^30; a point for decimals in every locale.

#include "engine/units.h"

#include <gtest/gtest.h>

#include <clocale>
#include <cmath>
#include <limits>
#include <string>

namespace {

using namespace tl::engine;

TEST(Units, FixedRoundsToTheDecimalsAndNeverPrintsMinusZero) {
    EXPECT_EQ(formatFixed(67.94, 1), "67.9");
    EXPECT_EQ(formatFixed(67.96, 1), "68.0");
    EXPECT_EQ(formatFixed(2.5, 0), "2"); // halves to even, as printf
    EXPECT_EQ(formatFixed(-1.25, 3), "-1.250");
    EXPECT_EQ(formatFixed(-0.0, 1), "0.0");
    EXPECT_EQ(formatFixed(-0.04, 1), "0.0"); // a small negative that rounds to zero
    EXPECT_EQ(formatFixed(-0.0004, 3), "0.000");
    EXPECT_EQ(formatFixed(-0.05, 1), "-0.1");
    EXPECT_EQ(formatFixed(1e20, 0), "100000000000000000000");
    EXPECT_EQ(formatFixed(std::nan(""), 1), "nan");
}

TEST(Units, GeneralIsPrintfPercentG) {
    EXPECT_EQ(formatGeneral(0.09375, 6), "0.09375");
    EXPECT_EQ(formatGeneral(8192, 15), "8192");
    EXPECT_EQ(formatGeneral(1e21, 6), "1e+21");
    EXPECT_EQ(formatGeneral(5.27e21, 3), "5.27e+21");
    EXPECT_EQ(formatGeneral(0.1, 17), "0.10000000000000001");
    EXPECT_EQ(formatGeneral(2e12, 15), "2000000000000"); // 2000 billion tokens, as typed
    EXPECT_EQ(formatGeneral(-0.0, 6), "0");
}

TEST(Units, TrimmedDropsTrailingZeros) {
    EXPECT_EQ(formatTrimmed(12.5, 2), "12.5");
    EXPECT_EQ(formatTrimmed(3, 2), "3");
    EXPECT_EQ(formatTrimmed(227.4, 2), "227.4");
    EXPECT_EQ(formatTrimmed(0.125, 2), "0.12"); // halves to even, as printf
    EXPECT_EQ(formatTrimmed(100, 0), "100");
    EXPECT_EQ(formatTrimmed(-0.001, 2), "0");
    EXPECT_EQ(formatTrimmed(-1.5, 2), "-1.5");
}

TEST(Units, GroupDigitsInThrees) {
    EXPECT_EQ(groupDigits(8190735360), "8,190,735,360");
    EXPECT_EQ(groupDigits(999), "999");
    EXPECT_EQ(groupDigits(1000), "1,000");
    EXPECT_EQ(groupDigits(-13896), "-13,896");
    EXPECT_EQ(groupDigits(12940.6), "12,941"); // rounded to an integer
    EXPECT_EQ(groupDigits(0), "0");
    EXPECT_EQ(groupDigits(std::numeric_limits<double>::infinity()), "n/a");
    EXPECT_EQ(groupDigits(std::nan("")), "n/a");
    EXPECT_EQ(groupDigits(2.5e18), "2.5 E"); // beyond long long: SI
}

TEST(Units, SiPrefixesUpToExaThenScientific) {
    EXPECT_EQ(formatSi(143.8e12, "FLOPs"), "143.8 TFLOPs");
    EXPECT_EQ(formatSi(989e12, "FLOPs"), "989 TFLOPs");
    EXPECT_EQ(formatSi(999, "B"), "999 B");
    EXPECT_EQ(formatSi(1000, "B"), "1 kB");
    EXPECT_EQ(formatSi(999e18, "FLOPs"), "999 EFLOPs");
    EXPECT_EQ(formatSi(5.27e24, "FLOPs"), "5.270e+24 FLOPs");
    EXPECT_EQ(formatSi(-2e9, "FLOPs"), "-2 GFLOPs");
}

TEST(Units, GigabytesAndGibibytes) {
    EXPECT_EQ(formatGB(131.1e9), "131.1 GB");
    EXPECT_EQ(formatGiB(131.1e9), "122.1 GiB");
    EXPECT_EQ(formatGB(80e9, 0), "80 GB");
    EXPECT_EQ(formatGiB(kGiB, 2), "1.00 GiB");
    EXPECT_EQ(formatBytesBoth(131.1e9), "131.1 GB (122.1 GiB)");
    // Under 1 GB two decimals, under 0.1 GB in MB and MiB: never "0.0 GB".
    EXPECT_EQ(formatBytesBoth(0.5e9), "0.50 GB (0.47 GiB)");
    EXPECT_EQ(formatBytesBoth(16e6), "16.0 MB (15.3 MiB)");
    EXPECT_EQ(formatBytesBoth(0), "0.0 MB (0.0 MiB)");
}

TEST(Units, DurationsInSecondsOrMilliseconds) {
    EXPECT_EQ(formatDuration(123.4), "123 s");
    EXPECT_EQ(formatDuration(100), "100 s");
    EXPECT_EQ(formatDuration(4.567), "4.57 s");
    EXPECT_EQ(formatDuration(1), "1.00 s");
    EXPECT_EQ(formatDuration(0.078), "78 ms");
    EXPECT_EQ(formatDuration(0.01), "10 ms");
    EXPECT_EQ(formatDuration(0.0012), "1.2 ms");
}

TEST(Units, CountsAsPeopleSayThem) {
    EXPECT_EQ(formatCountShort(8.19e9), "8.19B");
    EXPECT_EQ(formatCountShort(100e9), "100B");
    EXPECT_EQ(formatCountShort(15e12), "15T");
    EXPECT_EQ(formatCountShort(1.2e6), "1.2M");
    EXPECT_EQ(formatCountShort(4096), "4.1K");
    EXPECT_EQ(formatCountShort(512), "512");
}

TEST(Units, NiceStepsAreOneTwoOrFiveTimesAPowerOfTen) {
    EXPECT_EQ(niceStep(0.7), 1);
    EXPECT_EQ(niceStep(1), 1);
    EXPECT_EQ(niceStep(1.1), 2);
    EXPECT_EQ(niceStep(3), 5);
    EXPECT_EQ(niceStep(6), 10);
    EXPECT_DOUBLE_EQ(niceStep(0.03), 0.05);
    EXPECT_EQ(niceStep(0), 1);
    EXPECT_EQ(niceStep(-5), 1);
    EXPECT_EQ(niceStep(std::nan("")), 1);
}

// Qt programs set the C library's locale from the environment; a German LC_NUMERIC must not turn 67.9 into 67,9.
TEST(Units, LocaleIndependent) {
    const char* names[] = {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "ru_RU.UTF-8"};
    const char* used = nullptr;
    for (const char* name : names)
        if (std::setlocale(LC_NUMERIC, name)) {
            used = name;
            break;
        }
    if (!used)
        GTEST_SKIP() << "no locale with a decimal comma is installed";
    EXPECT_EQ(formatFixed(67.9, 1), "67.9") << used;
    EXPECT_EQ(formatGeneral(0.5, 3), "0.5") << used;
    EXPECT_EQ(formatBytesBoth(131.1e9), "131.1 GB (122.1 GiB)") << used;
    std::setlocale(LC_NUMERIC, "C");
}

} // namespace

// A late plan never reads as on time: 25.03 days against 25 print apart at two decimals, at most three.
TEST(Units, DecimalsApartSeparateTwoFigures) {
    EXPECT_EQ(decimalsApart(19.3, 25.0, 1, 3), 1);
    EXPECT_EQ(decimalsApart(25.0347, 25.0, 1, 3), 2);
    EXPECT_EQ(decimalsApart(25.0004, 25.0, 1, 3), 3); // none apart by three: three
    EXPECT_EQ(decimalsApart(25.0, 25.0, 1, 3), 1);    // equal: no more than the fewest
}
