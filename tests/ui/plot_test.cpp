// The hand-painted chart of the days curve and the memory bars (ui/views/plot.*): where values land, what the
// axes and titles take, the stacked bars, the notes, hovering, presentation type, and degenerate axes.

#include "ui/views/plot.h"

#include <QBarSet>
#include <QImage>
#include <QLineSeries>
#include <QMouseEvent>
#include <QPainter>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QtTest>

using namespace tl;

namespace {

ui::Plot::Axis logAxis(double lo, double hi, double base, const QString& title) {
    ui::Plot::Axis a;
    a.min = lo;
    a.max = hi;
    a.base = base;
    a.title = title;
    return a;
}

void moveMouse(QWidget* w, const QPointF& at) {
    QMouseEvent move(QEvent::MouseMove, at, w->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(w, &move);
}

} // namespace

class PlotTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qRegisterMetaType<QXYSeries*>(); } // QSignalSpy keeps the hovered series
    void logAxesMapToThePlotEdges() {
        ui::Plot p;
        p.resize(600, 400);
        p.setXAxis(logAxis(1, 1024, 2, QStringLiteral("GPUs (log)")));
        p.setYAxis(logAxis(0.1, 1000, 10, QStringLiteral("Days (log)")));
        const QRectF plot = p.plotArea();
        QVERIFY(plot.width() > 400 && plot.height() > 250);
        QVERIFY(QRectF(p.rect()).contains(plot));
        QCOMPARE(p.map(QPointF(1, 0.1)), plot.bottomLeft());
        const QPointF top = p.map(QPointF(1024, 1000));
        QVERIFY(std::abs(top.x() - plot.right()) < 1e-9 && std::abs(top.y() - plot.top()) < 1e-9);
        // 32 GPUs is half way along 2^0..2^10; 10 days half way along 10^-1..10^3.
        const QPointF mid = p.map(QPointF(32, 10));
        QVERIFY(std::abs(mid.x() - plot.center().x()) < 1e-9);
        QVERIFY(std::abs(mid.y() - plot.center().y()) < 1e-9);
        QVERIFY(std::abs(p.xValueAt(plot.center().x()) - 32) < 1e-9);
    }

    // Tick labels in full: grouped whole numbers, plain decimals for a tiny run's days, never "1e-06" or "1e+10".
    void tickLabelsReadInFull() {
        ui::Plot p;
        p.resize(800, 500);
        p.setXAxis(logAxis(1, 16384, 4, QString()));
        p.setYAxis(logAxis(1e-7, 1e10, 10, QString()));
        QCOMPARE(p.tickLabels(Qt::Horizontal),
                 (QStringList{QStringLiteral("1"), QStringLiteral("4"), QStringLiteral("16"), QStringLiteral("64"),
                              QStringLiteral("256"), QStringLiteral("1,024"), QStringLiteral("4,096"),
                              QStringLiteral("16,384")}));
        const QStringList y = p.tickLabels(Qt::Vertical);
        QCOMPARE(y.size(), 18);
        QCOMPARE(y.front(), QStringLiteral("0.0000001"));
        QCOMPARE(y.at(6), QStringLiteral("0.1"));
        QCOMPARE(y.back(), QStringLiteral("10,000,000,000"));
        for (const QString& label : y)
            QVERIFY2(!label.contains(QLatin1Char('e')), qPrintable(label));
        ui::Plot::Axis linear;
        linear.scale = ui::Plot::Axis::Scale::Linear;
        linear.min = 0;
        linear.max = 20000;
        linear.interval = 2500;
        p.setYAxis(linear);
        QCOMPARE(p.tickLabels(Qt::Vertical).at(1), QStringLiteral("2,500"));
        QCOMPARE(p.tickLabels(Qt::Vertical).back(), QStringLiteral("20,000"));
    }

    void titlesTakeTheirRoom() {
        ui::Plot p;
        p.resize(600, 400);
        p.setXAxis(logAxis(1, 16, 2, QString()));
        p.setYAxis(logAxis(1, 100, 10, QString()));
        const QRectF bare = p.plotArea();
        QSignalSpy moved(&p, &ui::Plot::plotAreaChanged);
        p.setTitle(QStringLiteral("Days to train"));
        const QRectF titled = p.plotArea();
        QCOMPARE(moved.count(), 1);
        QVERIFY(titled.top() > bare.top());
        p.setTitle(QStringLiteral("Days to train\n(two lines)"));
        QVERIFY(p.plotArea().top() > titled.top());
        p.setTitle(QStringLiteral("Days to train\n(two lines)")); // the same: no layout
        QCOMPARE(moved.count(), 2);
        p.setXAxis(logAxis(1, 16, 2, QStringLiteral("GPUs (log)")));
        p.setYAxis(logAxis(1, 100, 10, QStringLiteral("Days (log)")));
        QVERIFY(p.plotArea().bottom() < bare.bottom());
        QVERIFY(p.plotArea().left() > bare.left());
        // Presenting: no title and no vertical axis title; back to normal: both again.
        const QRectF normal = p.plotArea();
        p.setPresentation(2);
        QVERIFY(!p.axisTitleShown(Qt::Vertical) && p.axisTitleShown(Qt::Horizontal));
        QVERIFY(p.labelFont().pointSizeF() > QApplication::font().pointSizeF() * 1.5);
        QVERIFY(p.plotArea().top() < normal.top());
        p.setPresentation(1);
        QCOMPARE(p.plotArea(), normal);
        QVERIFY(p.axisTitleShown(Qt::Vertical));
    }

    void barsStackAndNotesSitAboveThem() {
        ui::Plot p;
        p.resize(500, 400);
        p.show(); // resized later: a hidden widget gets its resize event only when shown
        QVERIFY(QTest::qWaitForWindowExposed(&p));
        ui::Plot::Axis x, y;
        x.scale = y.scale = ui::Plot::Axis::Scale::Linear;
        x.min = -0.5;
        x.max = 1.5;
        x.categories = {QStringLiteral("Plan"), QStringLiteral("ZeRO-0")};
        y.min = 0;
        y.max = 10;
        y.interval = 2;
        p.setXAxis(x);
        p.setYAxis(y);
        QBarSet weights(QStringLiteral("Weights")), optimizer(QStringLiteral("Optimizer"));
        weights << 2 << 0;
        optimizer << 3 << 4;
        p.setBars({&weights, &optimizer}, 0.5);
        const QRectF w0 = p.barRect(0, 0), o0 = p.barRect(1, 0), o1 = p.barRect(1, 1);
        QVERIFY(p.barRect(0, 1).isEmpty()); // zero: nothing drawn
        QCOMPARE(w0.bottom(), p.map(QPointF(0, 0)).y());
        QCOMPARE(w0.top(), p.map(QPointF(0, 2)).y());
        QCOMPARE(o0.bottom(), w0.top()); // stacked
        QCOMPARE(o0.top(), p.map(QPointF(0, 5)).y());
        QCOMPARE(o1.bottom(), p.map(QPointF(1, 0)).y());                 // the empty part below takes no room
        QVERIFY(std::abs(w0.width() - p.plotArea().width() / 4) < 1e-9); // half of a category's width
        QVERIFY(std::abs(w0.center().x() - p.map(QPointF(0, 0)).x()) < 1e-9);

        p.setNotes({{QPointF(0, 5), QStringLiteral("27.3 GB"), true}, {QPointF(1, 4), QStringLiteral("16N\n4.0 GB")}});
        const QRectF n0 = p.noteRect(p.notes()[0]), n1 = p.noteRect(p.notes()[1]);
        QCOMPARE(n0.bottom(), o0.top() - 2);
        QVERIFY(n1.height() > n0.height() * 1.5);  // two lines
        QVERIFY(n0.left() >= p.plotArea().left()); // never over the tick labels

        // Neighbouring notes that would overlap take a smaller type, down to 70%, and then do not; notes at
        // heights far apart keep their size.
        const std::vector<ui::Plot::Note> notes = p.notes();
        p.resize(150, 400);
        p.setNotes({{QPointF(0, 5), QStringLiteral("3.75N\n26.2 GiB"), true},
                    {QPointF(1, 5), QStringLiteral("16N\n112.0 GiB")}});
        QVERIFY(p.noteFont(p.notes()[1]).pointSizeF() < p.labelFont().pointSizeF());
        QVERIFY(p.noteFont(p.notes()[1]).pointSizeF() >= 0.7 * p.labelFont().pointSizeF() - 1e-9);
        QVERIFY(!p.noteRect(p.notes()[0]).intersects(p.noteRect(p.notes()[1])));
        p.setNotes({{QPointF(0, 1), QStringLiteral("3.75N\n26.2 GiB"), true},
                    {QPointF(1, 9), QStringLiteral("16N\n112.0 GiB")}});
        QCOMPARE(p.noteFont(p.notes()[1]).pointSizeF(), p.labelFont().pointSizeF());
        p.setNotes(notes);
        p.resize(500, 400);

        QSignalSpy hovered(&p, &ui::Plot::barHovered);
        moveMouse(&p, o1.center());
        QCOMPARE(hovered.count(), 1);
        QCOMPARE(hovered.last(), (QList<QVariant>{1, 1, true}));
        moveMouse(&p, o1.center() + QPointF(1, 1)); // the same part: no new signal
        QCOMPARE(hovered.count(), 1);
        moveMouse(&p, QPointF(p.plotArea().right() - 2, p.plotArea().top() + 2));
        QCOMPARE(hovered.last(), (QList<QVariant>{1, 1, false}));
    }

    void hoveringALineOrAMarker() {
        ui::Plot p;
        p.resize(600, 400);
        p.setXAxis(logAxis(1, 1024, 2, QString()));
        p.setYAxis(logAxis(1, 1000, 10, QString()));
        QLineSeries line;
        line << QPointF(1, 1000) << QPointF(1024, 1);
        QScatterSeries dot;
        dot.setMarkerSize(12);
        dot << QPointF(32, 500);
        p.addSeries(&line);
        p.addSeries(&dot);
        QSignalSpy hovered(&p, &ui::Plot::hovered);
        moveMouse(&p, p.map(QPointF(32, std::sqrt(1000.0))) + QPointF(0, 2)); // on the line, 2 px off
        QCOMPARE(hovered.count(), 1);
        QCOMPARE(hovered.last().at(0).value<QXYSeries*>(), &line);
        QVERIFY(std::abs(hovered.last().at(1).toPointF().x() - 32) < 1);
        moveMouse(&p, p.map(QPointF(32, 500)) + QPointF(3, -3)); // the marker, over the line's side
        QCOMPARE(hovered.at(hovered.count() - 2).at(2).toBool(), false);
        QCOMPARE(hovered.last().at(0).value<QXYSeries*>(), &dot);
        QCOMPARE(hovered.last().at(1).toPointF(), QPointF(32, 500));
        moveMouse(&p, p.map(QPointF(2, 2)));
        QCOMPARE(hovered.last().at(2).toBool(), false);
    }

    void degenerateAxesPaintNothingOdd() {
        // A range of one value, or a log axis at zero: no grid, points on the plot's corner, no crash.
        ui::Plot p;
        p.resize(300, 200);
        ui::Plot::Axis flat = logAxis(5, 5, 10, QStringLiteral("flat"));
        p.setXAxis(flat);
        p.setYAxis(logAxis(0, 10, 10, QStringLiteral("zero")));
        QLineSeries line;
        line << QPointF(5, 0) << QPointF(5, 1);
        p.addSeries(&line);
        QCOMPARE(p.map(QPointF(5, 1)), p.plotArea().bottomLeft());
        QVERIFY(std::isfinite(p.xValueAt(100)));
        QImage image(p.size(), QImage::Format_ARGB32);
        p.render(&image);
        QCOMPARE(image.pixelColor(p.width() / 2, p.height() / 2), QColor(Qt::white));
    }
};

QTEST_MAIN(PlotTest)
#include "plot_test.moc"
