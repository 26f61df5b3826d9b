#pragma once
// Is a rendered image more than a blank rectangle? Counts distinct colours on a 2-pixel grid, up to a cap.

#include <QImage>
#include <QSet>

namespace tl::test {

inline int distinctColours(const QImage& img, int cap = 256) {
    QSet<QRgb> seen;
    for (int y = 0; y < img.height(); y += 2)
        for (int x = 0; x < img.width(); x += 2) {
            seen.insert(img.pixel(x, y));
            if (seen.size() >= cap)
                return cap;
        }
    return int(seen.size());
}

} // namespace tl::test
