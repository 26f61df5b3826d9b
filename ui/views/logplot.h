#pragma once
// A log-log chart painted by hand with QPainter: a title, two log axes with their grid, tick labels and titles, the
// lines and markers of QXYSeries (used as data: their points, pen, marker shape, size and colours), and callout
// boxes placed by the caller. The days chart redraws on every slider step; with Qt Charts each range change relaid
// out every tick label as an HTML document (6 M instructions) and each frame repainted them all, which put the
// window's slider-to-paint p99 at 15-20 ms (issue 10 asks for 8). Here a layout happens only when the axes, the
// title or the size change, tick labels are QStaticText, and the grid is drawn without antialiasing.

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QStaticText>
#include <QString>
#include <QWidget>

#include <vector>

class QXYSeries;

namespace tl::ui {

class LogPlot : public QWidget {
    Q_OBJECT
public:
    struct Axis {
        double min = 1, max = 10;
        double base = 10;   // a major tick and a label at every power of the base
        int minorTicks = 0; // grid lines evenly between two powers (8 on base 10: at 2, 3, ... 9)
        QString title;
        bool operator==(const Axis&) const = default;
    };
    struct Callout {
        QRectF box; // in widget coordinates
        QString text;
        QLineF leader; // from the point to its box; null: none
    };

    explicit LogPlot(QWidget* parent = nullptr);

    void setTitle(const QString& title); // '\n' breaks it
    QString title() const { return m_title; }
    void setXAxis(const Axis& axis);
    void setYAxis(const Axis& axis);
    const Axis& xAxis() const { return m_x; }
    const Axis& yAxis() const { return m_y; }
    // Drawn in the order added, over the grid and under the callouts; a change of its points repaints.
    void addSeries(QXYSeries* series);
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

signals:
    void plotAreaChanged(const QRectF& plot);
    void hovered(QXYSeries* series, const QPointF& value, bool on);

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
    };
    void relayout();
    QFont scaled(QFont f) const;

    QString m_title;
    Axis m_x, m_y;
    QList<QXYSeries*> m_series;
    std::vector<Callout> m_callouts;
    bool m_antialiased = true;
    double m_presentation = 1;

    // What relayout() computes: the plot, the grid lines, the tick labels.
    QRectF m_plot;
    std::vector<double> m_xMajor, m_xMinor, m_yMajor, m_yMinor; // widget coordinates
    std::vector<Label> m_labels;

    QXYSeries* m_hovered = nullptr;
};

} // namespace tl::ui
