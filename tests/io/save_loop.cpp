// Test helper: saves a large scenario to argv[1] again and again until killed, printing "saved" after each save so
// that tests/io/archive_test.cpp can time its kills against the saves.

#include "tests/io/badfiles.h"

#include "io/archive.h"

#include <cstdio>

int main(int argc, char** argv) {
    if (argc != 2)
        return 2;
    tl::engine::Scenario s;
    // A 6 MB preview makes each save long enough that a kill often lands mid-write.
    const QByteArray preview = tl::test::pngHeader(800, 600) + QByteArray(6 << 20, 'p');
    for (int i = 0;; ++i) {
        s.parallel.dp = 1 << (i % 4);
        if (tl::io::saveArchive(QString::fromLocal8Bit(argv[1]), s, preview))
            return 1;
        std::fputs("saved\n", stdout);
        std::fflush(stdout);
    }
}
