#pragma once
// Where a chart's callouts go (the days chart's "This plan" and gate labels): a pure function of the plot area, what
// must stay visible and the labels' sizes, so that it is tested without a widget. Greedy, one label at a time in the
// order given: candidate boxes around the point (near ones first, on the label's preferred side first), kept inside
// the area. A box that covers a marker or an earlier label is never taken; among the rest, crossings of the curves and
// of the horizontal lines decide. A label with no such box is tried in its narrower variants, then anywhere free in
// the area (a leader joins it to its point), and left out when the area has no room for it.

#include <QLineF>
#include <QList>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QStringList>

#include <vector>

namespace tl::ui {

struct CalloutScene {
    QRectF area;               // where boxes may go
    QList<QRectF> blocked;     // markers: never covered
    QList<QPointF> curve;      // the curves' points (samplePolyline), avoided
    std::vector<double> lines; // the y of horizontal lines (deadlines), avoided more
};

struct CalloutRequest {
    QPointF at;          // the point labelled
    QList<QSizeF> sizes; // the box of each variant of its text, widest first
    bool above = true;   // preferably right and above the point, else left and below
};

struct PlacedCallout {
    int request = -1; // index into the requests
    int variant = 0;  // index into its sizes
    QRectF box;
    QLineF leader; // from the point to its box when the box stands off; null otherwise
};

// The callouts that found room, in request order.
std::vector<PlacedCallout> placeCallouts(const CalloutScene& scene, const std::vector<CalloutRequest>& requests);

// A polyline as points about every 4 pixels (long segments are split, crowded points dropped): what a box covers.
QList<QPointF> samplePolyline(const QList<QPointF>& line);

// A label's texts, widest first: one line per fact, then each fact broken after its colon (also the full-width colon
// of the Chinese labels).
QStringList calloutVariants(const QString& label);

} // namespace tl::ui
