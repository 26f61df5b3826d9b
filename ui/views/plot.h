#pragma once
// A chart painted by hand with QPainter: a title, two axes (log, linear, or categories) with their grid, tick labels
// and titles, the lines and markers of QXYSeries and stacked bars of QBarSets (used as data: their points or values,
// pens, marker shapes, sizes and colours), texts at data points, and callout boxes placed by the caller. The days
// and memory charts redraw on every slider step; with Qt Charts each range change relaid out every tick label as an
// HTML document (6 M instructions) and each frame repainted them all, which put the window's slider-to-paint p99 at
// 15-20 ms (issue 10 asks for 8). Here a layout happens only when the axes, the title, the size or the font change,
// tick labels are QStaticText, and the grid is drawn without antialiasing.

#include <QHash>
#include <QList>
#include <QPointF>
#include <QRectF>
#include <QStaticText>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <vector>

class QBarSet;
class QPainter;
class QXYSeries;

namespace tl::ui {

class Plot : public QWidget {
    Q_OBJECT
public:
    struct Axis {
        enum class Scale { Log, Linear };
        Scale scale = Scale::Log;
        double min = 1, max = 10;
        double base = 10;    // log: a major tick and a label at every power of the base
        double interval = 1; // linear: a major tick and a label every interval from the anchor
        double anchor = 0;
        int minorTicks = 0;     // grid lines evenly between two major ticks (8 on base 10: at 2, 3, ... 9)
        QStringList categories; // a label at each whole value 0, 1, ... instead of numbers, and no grid
        QString title;
        bool operator==(const Axis&) const = default;
        bool valid() const;              // a range to draw (a log axis above zero)
        double fraction(double v) const; // where v sits along the axis: 0 at min, 1 at max
        // The major values (powers of the base, steps of the interval, or the categories' places) in the range,
        // and the minor values between them.
        void ticks(std::vector<double>& major, std::vector<double>& minor) const;
    };
    struct Note {
        QPointF at; // data coordinates: the text's bottom centre, 2 px above it
        QString text;
        bool bold = false;
        bool operator==(const Note&) const = default;
    };
    struct Callout {
        QRectF box; // in widget coordinates
        QString text;
        QLineF leader; // from the point to its box; null: none
        bool operator==(const Callout&) const = default;
    };

    explicit Plot(QWidget* parent = nullptr);

    void setTitle(const QString& title); // '\n' breaks it
    QString title() const { return m_title; }
    void setXAxis(const Axis& axis);
    void setYAxis(const Axis& axis);
    const Axis& xAxis() const { return m_x; }
    const Axis& yAxis() const { return m_y; }
    // Drawn in the order added, over the grid and under the callouts; a change of its points repaints.
    void addSeries(QXYSeries* series);
    // Bars stacked in the order given, one per category of the x axis (at 0, 1, ...), width in x units.
    void setBars(const QList<QBarSet*>& stack, double width);
    void setNotes(const std::vector<Note>& notes);
    const std::vector<Note>& notes() const { return m_notes; }
    QRectF noteRect(const Note& note) const;            // where a note is painted
    QFont noteFont(const Note& note) const;             // its type: smaller where notes crowd
    QRectF barRect(qsizetype set, qsizetype bar) const; // one set's part of a stacked bar; empty: none
    void setCallouts(const std::vector<Callout>& callouts);
    const std::vector<Callout>& callouts() const { return m_callouts; }
    static constexpr double kCalloutPad = 4; // text inside its box

    QRectF plotArea() const { return m_plot; }
    QPointF map(const QPointF& value) const; // data to widget coordinates
    double xValueAt(double x) const;         // widget x to a data x
    QFont labelFont() const;                 // tick labels and callouts
    QFont titleFont() const;
    QFont axisTitleFont() const;
    // The size a callout's text takes.
    QSizeF textSize(const QString& text) const;

    // Antialiased lines and markers (off while a slider drags: a frame in about half the time).
    void setAntialiased(bool on);
    // Presenting (factor > 1): large demi-bold type, and no chart title or vertical axis title (the step's title says
    // what the chart is; the markers' callouts carry the units). 1: as before.
    void setPresentation(double factor);
    bool axisTitleShown(Qt::Orientation o) const;
    QStringList tickLabels(Qt::Orientation axis) const; // as painted, from the start of the axis

signals:
    void plotAreaChanged(const QRectF& plot);
    void hovered(QXYSeries* series, const QPointF& value, bool on);
    void barHovered(int set, int bar, bool on); // set: the index in the stack

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    struct Label {
        QStaticText text;
        QPointF at;
        Qt::Orientation axis;
    };
    void relayout();
    void drawText(QPainter& p, const QPointF& at, const QString& text, const QFont& font, double width,
                  Qt::Alignment align);
    QFont scaled(QFont f) const;

    QString m_title;
    Axis m_x, m_y;
    QList<QXYSeries*> m_series;
    QList<QBarSet*> m_bars;
    double m_barWidth = 0.6;
    std::vector<Note> m_notes;
    std::vector<Callout> m_callouts;
    bool m_antialiased = true;
    double m_presentation = 1;

    // What relayout() computes: the plot, the grid lines, the tick labels.
    QRectF m_plot;
    std::vector<double> m_xMajor, m_xMinor, m_yMajor, m_yMinor; // widget coordinates
    std::vector<Label> m_labels;
    QHash<QString, QStaticText> m_texts; // drawText's laid-out texts

    QXYSeries* m_hovered = nullptr;
    int m_hoveredSet = -1, m_hoveredBar = -1;
};

} // namespace tl::ui
