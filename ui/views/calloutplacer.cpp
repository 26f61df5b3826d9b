#include "ui/views/calloutplacer.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tl::ui {

namespace {

constexpr double kLeaderFrom = 14; // a box farther than this from its point gets a leader line
constexpr double kBoxGap = 3;      // kept free around a placed box

// The cheapest free box of this size around p, or an empty rect. anywhere: failing the places next to the point, any
// free place in the area, the nearest first.
QRectF search(const CalloutScene& scene, const QList<QRectF>& blocked, const QList<QPointF>& curve, const QPointF& p,
              const QSizeF& size, bool preferAbove, bool anywhere) {
    // Corner directions (dx, dy): the box sits on that side of the point.
    static const std::vector<QPointF> above = {{1, -1}, {-1, -1}, {0, -1}, {1, 1}, {1, 0}, {-1, 1}, {0, 1}, {-1, 0}};
    static const std::vector<QPointF> below = {{-1, 1}, {1, 1}, {0, 1}, {-1, -1}, {-1, 0}, {1, -1}, {0, -1}, {1, 0}};
    const QRectF& area = scene.area;
    QRectF best;
    double bestCost = std::numeric_limits<double>::infinity();
    auto consider = [&](const QRectF& box, double cost) {
        if (!area.contains(box) ||
            std::any_of(blocked.begin(), blocked.end(), [&](const QRectF& b) { return b.intersects(box); }))
            return;
        // The curve is sorted by x: a box counts the points under it from a binary search (the search anywhere tries
        // thousands of boxes).
        const auto first = std::lower_bound(curve.cbegin(), curve.cend(), box.left(),
                                            [](const QPointF& q, double x) { return q.x() < x; });
        for (auto q = first; q != curve.cend() && q->x() <= box.right(); ++q)
            if (box.contains(*q))
                cost += 2.0;
        for (double y : scene.lines)
            if (y > box.top() && y < box.bottom())
                cost += 15;
        if (cost < bestCost) {
            bestCost = cost;
            best = box;
        }
    };
    int index = 0;
    for (double gap : {8.0, 20.0, 36.0, 60.0}) {
        for (const QPointF& d : preferAbove ? above : below) {
            const double gx = d.x() != 0 && d.y() == 0 ? gap + 4 : gap;
            const double gy = d.y() != 0 && d.x() == 0 ? gap + 4 : gap;
            const double left = d.x() > 0   ? p.x() + gx
                                : d.x() < 0 ? p.x() - gx - size.width()
                                            : p.x() - size.width() / 2;
            const double top = d.y() > 0   ? p.y() + gy
                               : d.y() < 0 ? p.y() - gy - size.height()
                                           : p.y() - size.height() / 2;
            // Kept inside the area (slid along its edge).
            consider(QRectF(QPointF(std::clamp(left, area.left(), area.right() - size.width()),
                                    std::clamp(top, area.top(), area.bottom() - size.height())),
                            size),
                     ++index);
        }
    }
    if (best.isEmpty() && anywhere)
        for (double top = area.top(); top + size.height() <= area.bottom(); top += 6)
            for (double left = area.left(); left + size.width() <= area.right(); left += 6) {
                const QRectF box(QPointF(left, top), size);
                consider(box, 100 + QLineF(p, box.center()).length() / 2);
            }
    return best;
}

} // namespace

std::vector<PlacedCallout> placeCallouts(const CalloutScene& scene, const std::vector<CalloutRequest>& requests) {
    QList<QPointF> curve = scene.curve;
    std::sort(curve.begin(), curve.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
    QList<QRectF> blocked = scene.blocked;
    std::vector<PlacedCallout> out;
    for (size_t i = 0; i < requests.size(); ++i) {
        const CalloutRequest& r = requests[i];
        PlacedCallout placed;
        for (bool anywhere : {false, true}) {
            for (qsizetype v = 0; v < r.sizes.size() && placed.box.isEmpty(); ++v) {
                placed.box = search(scene, blocked, curve, r.at, r.sizes[v], r.above, anywhere);
                placed.variant = int(v);
            }
            if (!placed.box.isEmpty())
                break;
        }
        if (placed.box.isEmpty())
            continue;
        placed.request = int(i);
        blocked << placed.box.adjusted(-kBoxGap, -kBoxGap, kBoxGap, kBoxGap);
        // A leader from the point to the nearest point of its box.
        const QPointF q(std::clamp(r.at.x(), placed.box.left(), placed.box.right()),
                        std::clamp(r.at.y(), placed.box.top(), placed.box.bottom()));
        if (QLineF(r.at, q).length() > kLeaderFrom)
            placed.leader = QLineF(r.at, q);
        out.push_back(placed);
    }
    return out;
}

QList<QPointF> samplePolyline(const QList<QPointF>& line) {
    QList<QPointF> out;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QPointF b = line[i];
        if (!out.isEmpty()) {
            const QPointF a = out.back();
            const double length = std::hypot(b.x() - a.x(), b.y() - a.y());
            if (length < 4)
                continue;
            const int steps = int(length / 4);
            for (int k = 1; k < steps; ++k)
                out << a + (b - a) * (double(k) / steps);
        }
        out << b;
    }
    return out;
}

QStringList calloutVariants(const QString& label) {
    QStringList narrow;
    for (const QString& line : label.split(QLatin1Char('\n'))) {
        qsizetype cut = line.indexOf(QLatin1String(": "));
        const qsizetype skip = cut < 0 ? 1 : 2;
        if (cut < 0)
            cut = line.indexOf(QChar(0xff1a)); // the full-width colon of the Chinese labels
        narrow << (cut < 0 ? line : line.left(cut + 1) + QLatin1Char('\n') + line.mid(cut + skip));
    }
    QStringList out = {label};
    if (narrow.join(QLatin1Char('\n')) != label)
        out << narrow.join(QLatin1Char('\n'));
    return out;
}

} // namespace tl::ui
