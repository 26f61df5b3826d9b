#pragma once
// Help > How accurate is this?: every published run the derived step-time model is checked on (engine::
// validationTable(), the table trainledger-cli --validate prints), predicted against published with its error, the
// mean and worst error per group, and the same rows on a log-log plot of predicted against published with the y = x
// line (one series per group; hovering a point or selecting a row names the run). Non-modal, closed with Esc,
// remembers its size, follows the language and presentation mode's type.

#include <QDialog>
#include <QList>

class QChart;
class QChartView;
class QLabel;
class QLineSeries;
class QLogValueAxis;
class QScatterSeries;
class QSplitter;
class QTabWidget;
class QTableWidget;

namespace tl::engine {
struct RunCheck;
}

namespace tl::ui {

class AccuracyWindow : public QDialog {
    Q_OBJECT
public:
    // remember: restore and save the window's size (QSettings; off in tests and screenshots).
    explicit AccuracyWindow(bool remember, QWidget* parent = nullptr); // objectName "accuracyWindow"

    QTableWidget* runsTable() const { return m_runs; } // one row per validation-table row, in its order
    QTableWidget* groupsTable() const {
        return m_groups;
    } // one row per group; the error columns hold the ratio
      // (Qt::UserRole) beside the text
    QChartView* chartView() const { return m_view; }
    QList<QScatterSeries*> groupSeries() const { return m_series; }
    QScatterSeries* selectedSeries() const { return m_selected; }  // the selected row's point
    QString pointText(int row) const;                              // what hovering the row's point shows
    int rowAt(QScatterSeries* series, const QPointF& point) const; // the table row of a plotted point, -1: none
    QString note() const;
    // A refused row's error cell: "refused: " and the engine's reason in the window's language.
    static QString refusedText(const engine::RunCheck& r);
    // Too narrow for the table beside the plot (presentation mode's type, a small screen): the runs and the plot are
    // two pages, Alt+R and Alt+P; the table's group and step-or-memory columns show only where they fit.
    bool isCompact() const;
    QTabWidget* pages() const { return m_pages; }

protected:
    void changeEvent(QEvent* event) override; // language; type (presentation mode)
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override; // the parent window's type and colours

private:
    void fill(); // every text, in the current language
    void fitToType();
    void fitRows();
    void followParent();
    void fitGroupsHeight();
    void showSelected();
    void namePages();
    void fitTitle(); // on one line where it fits, else the units on a second
    void arrange();  // side by side or two pages, for the width and the type
    int tableWidth() const;

    bool m_remember;
    bool m_restored = false;
    double m_typeScale = 0;
    QTableWidget* m_runs;
    QTableWidget* m_groups;
    QLabel* m_note;
    QWidget* m_left;               // the tables and the note
    QSplitter* m_split;            // the tables beside the plot
    QTabWidget* m_pages = nullptr; // or the tables and the plot as two pages
    QChart* m_chart;
    QChartView* m_view;
    QLogValueAxis* m_x;
    QLogValueAxis* m_y;
    QLineSeries* m_identity;
    QScatterSeries* m_selected; // the selected row's point, ringed
    QList<QScatterSeries*> m_series;
    QList<QList<int>> m_seriesRows; // per series, per point: its table row
};

} // namespace tl::ui
