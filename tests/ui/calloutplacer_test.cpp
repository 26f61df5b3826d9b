// placeCallouts(): where the days chart's labels go, as a pure function of the plot area, the markers, the curve, the
// deadline lines and the labels' sizes.

#include "ui/views/calloutplacer.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace tl::ui;

namespace {

CalloutScene open(double w = 600, double h = 400) {
    CalloutScene s;
    s.area = QRectF(0, 0, w, h);
    return s;
}

QRectF marker(const QPointF& c, double size = 11) {
    return QRectF(c.x() - size / 2, c.y() - size / 2, size, size);
}

} // namespace

TEST(CalloutPlacer, aLabelTakesItsPreferredCornerNearItsPoint) {
    const QPointF p(300, 200);
    CalloutScene scene = open();
    scene.blocked << marker(p);
    const auto above = placeCallouts(scene, {{p, {QSizeF(120, 20)}, true}});
    ASSERT_EQ(above.size(), 1u);
    EXPECT_GT(above[0].box.left(), p.x());   // right of the point
    EXPECT_LT(above[0].box.bottom(), p.y()); // above it
    EXPECT_LE(above[0].box.left() - p.x(), 8.0);
    EXPECT_TRUE(above[0].leader.isNull()); // next to its point: no leader
    const auto below = placeCallouts(scene, {{p, {QSizeF(120, 20)}, false}});
    ASSERT_EQ(below.size(), 1u);
    EXPECT_LT(below[0].box.right(), p.x()); // left of the point
    EXPECT_GT(below[0].box.top(), p.y());   // below it
}

TEST(CalloutPlacer, labelsCoverNoMarkerAndNoEarlierLabel) {
    CalloutScene scene = open();
    const QPointF p(300, 200), q(320, 190);
    scene.blocked << marker(p) << marker(q);
    const std::vector<CalloutRequest> requests = {
        {p, {QSizeF(160, 40)}, true}, {q, {QSizeF(160, 40)}, true}, {p, {QSizeF(160, 40)}, false}};
    const auto placed = placeCallouts(scene, requests);
    ASSERT_EQ(placed.size(), 3u);
    for (size_t i = 0; i < placed.size(); ++i) {
        EXPECT_EQ(placed[i].request, int(i));
        EXPECT_TRUE(scene.area.contains(placed[i].box));
        for (const QRectF& m : scene.blocked)
            EXPECT_FALSE(placed[i].box.intersects(m)) << i;
        for (size_t j = 0; j < i; ++j)
            EXPECT_FALSE(placed[i].box.intersects(placed[j].box)) << i << " over " << j;
    }
}

TEST(CalloutPlacer, aLabelAtTheEdgeStaysInsideTheArea) {
    CalloutScene scene = open();
    const QPointF corner(595, 5);
    scene.blocked << marker(corner);
    const auto placed = placeCallouts(scene, {{corner, {QSizeF(200, 30)}, true}});
    ASSERT_EQ(placed.size(), 1u);
    EXPECT_TRUE(scene.area.contains(placed[0].box));
    EXPECT_FALSE(placed[0].box.intersects(scene.blocked.front()));
}

TEST(CalloutPlacer, theNarrowerVariantWhenTheWideOneHasNoRoom) {
    CalloutScene scene = open(200, 300);
    const QPointF p(100, 150);
    scene.blocked << marker(p);
    const auto placed = placeCallouts(scene, {{p, {QSizeF(260, 20), QSizeF(90, 40)}, true}});
    ASSERT_EQ(placed.size(), 1u);
    EXPECT_EQ(placed[0].variant, 1);
    EXPECT_EQ(placed[0].box.size(), QSizeF(90, 40));
}

TEST(CalloutPlacer, aLabelWithNoRoomIsLeftOutAndTheOthersStay) {
    CalloutScene scene = open(300, 100);
    const std::vector<CalloutRequest> requests = {{QPointF(50, 50), {QSizeF(400, 20)}, true}, // wider than the area
                                                  {QPointF(150, 50), {QSizeF(80, 20)}, true}};
    const auto placed = placeCallouts(scene, requests);
    ASSERT_EQ(placed.size(), 1u);
    EXPECT_EQ(placed[0].request, 1);
}

TEST(CalloutPlacer, aDeadlineLineThroughThePreferredCornerIsAvoided) {
    CalloutScene scene = open();
    const QPointF p(300, 200);
    scene.blocked << marker(p);
    scene.lines = {180}; // through where the box above-right would sit
    const auto placed = placeCallouts(scene, {{p, {QSizeF(120, 20)}, true}});
    ASSERT_EQ(placed.size(), 1u);
    EXPECT_FALSE(placed[0].box.top() < 180 && placed[0].box.bottom() > 180);
}

TEST(CalloutPlacer, theCurveIsAvoidedWhereAFreeCornerExists) {
    CalloutScene scene = open();
    const QPointF p(300, 200);
    scene.blocked << marker(p);
    // A curve through the point and through the preferred corner (below-left, on screen): another corner is free.
    scene.curve = samplePolyline({QPointF(100, 400), QPointF(500, 0)});
    const QRectF preferred(p.x() - 8 - 80, p.y() + 8, 80, 20);
    ASSERT_TRUE(
        std::any_of(scene.curve.begin(), scene.curve.end(), [&](const QPointF& q) { return preferred.contains(q); }));
    const auto placed = placeCallouts(scene, {{p, {QSizeF(80, 20)}, false}});
    ASSERT_EQ(placed.size(), 1u);
    for (const QPointF& q : scene.curve)
        EXPECT_FALSE(placed[0].box.contains(q));
}

TEST(CalloutPlacer, aLabelPushedAwayGetsALeaderFromItsPoint) {
    CalloutScene scene = open(400, 300);
    const QPointF p(200, 150);
    // Everything within 90 px of the point is taken: the label goes elsewhere, with a leader back to the point.
    scene.blocked << QRectF(p.x() - 90, p.y() - 90, 180, 180);
    const auto placed = placeCallouts(scene, {{p, {QSizeF(100, 20)}, true}});
    ASSERT_EQ(placed.size(), 1u);
    EXPECT_FALSE(placed[0].leader.isNull());
    EXPECT_EQ(placed[0].leader.p1(), p);
    EXPECT_NEAR(placed[0].leader.p2().x(), std::clamp(p.x(), placed[0].box.left(), placed[0].box.right()), 1e-9);
}

TEST(CalloutPlacer, variantsBreakEachFactAfterItsColon) {
    EXPECT_EQ(calloutVariants(QStringLiteral("This plan: 8 GPUs\n64 GPUs finish: 3 days")),
              (QStringList{QStringLiteral("This plan: 8 GPUs\n64 GPUs finish: 3 days"),
                           QStringLiteral("This plan:\n8 GPUs\n64 GPUs finish:\n3 days")}));
    EXPECT_EQ(calloutVariants(QString::fromUtf8("本方案：8 个 GPU")),
              (QStringList{QString::fromUtf8("本方案：8 个 GPU"), QString::fromUtf8("本方案：\n8 个 GPU")}));
    EXPECT_EQ(calloutVariants(QStringLiteral("no colon")), QStringList{QStringLiteral("no colon")});
}

TEST(CalloutPlacer, aPolylineIsSampledAboutEveryFourPixels) {
    const QList<QPointF> line = samplePolyline({QPointF(0, 0), QPointF(40, 0), QPointF(41, 0), QPointF(41, 40)});
    EXPECT_EQ(line.front(), QPointF(0, 0));
    EXPECT_EQ(line.back(), QPointF(41, 40));
    for (qsizetype i = 1; i < line.size(); ++i) {
        const double step = QLineF(line[i - 1], line[i]).length();
        EXPECT_GE(step, 4.0 - 1e-9);
        EXPECT_LE(step, 8.0 + 1e-9);
    }
}
