// AnalysisChart: the picture of an analysis Table, drawn above its table in an AnalysisPanel.
//
// `chartSpecFor()` turns a Table (and the rows the panel shows, in the panel's order) into a
// ChartSpec: categories × series of numbers read straight from the table's cells, each value
// remembering its table row. Nothing is recomputed: a histogram only counts the table's rows.
// `AnalysisChartView` draws a spec with Qt Charts (stacked / grouped / horizontal bars, donut,
// histogram + scatter, lines over time) or as a heat map when bars would not fit (hundreds of ranks), follows the
// palette (dark theme included), shows the row under the mouse in a tooltip and reports a click
// as the table row to select.
#pragma once

#include "model/analysis/table.h"

#include <QColor>
#include <QFontMetrics>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <cmath>
#include <functional>
#include <memory>
#include <vector>

class QLabel;
class QStackedLayout;

QT_BEGIN_NAMESPACE
class QBarSet;
class QChart;
class QChartView;
class QPieSlice;
class QScatterSeries;
QT_END_NAMESPACE

namespace accelscope::views {

struct ChartSeries {
    QString name;
    QColor color;               ///< invalid: the view picks one
    std::vector<double> values; ///< one per category, straight from the table (missing cell = NaN)
    std::vector<int> rows;      ///< the table row of each value (-1: none)
    std::vector<double> xs;     ///< Lines only: the x of each value (ns from the trace start), ascending
};

struct ChartSpec {
    enum class Kind {
        None,           ///< this table has no chart
        StackedBars,    ///< a bar per category, the series stacked
        GroupedBars,    ///< the series side by side in each category
        HorizontalBars, ///< top-N: one series, categories top to bottom
        Donut,          ///< one series, one slice per category
        Histogram,      ///< one series of counts over value bins (categories = bin labels), + scatter
        HeatMap,        ///< categories (rows) × series (columns), colour = value
        Lines,          ///< series of (xs, values) over time, drawn as steps; `points` mark their peaks
    };
    Kind kind = Kind::None;
    QString title;
    QString valueTitle;                       ///< e.g. "Time", "Utilization"
    model::analysis::Unit unit = model::analysis::Unit::None; ///< unit of every value
    QStringList categories;
    std::vector<ChartSeries> series;
    int highlighted = -1;    ///< category drawn highlighted (slowest rank / step), -1 none
    QString highlightReason; ///< "slowest step"
    double marker = std::nan("");             ///< a horizontal value line (median step), NaN none
    QString markerLabel;
    /// Histogram only: bin i covers [binStart + i·binWidth, binStart + (i+1)·binWidth) in `unit`.
    double binStart = 0, binWidth = 0;
    /// Histogram: the scatter beside it (x, y in the table's units) and its outliers.
    /// Lines: `points` / `pointRows` are the marked peaks (x in ns from the trace start).
    QString scatterTitle, scatterXTitle, scatterYTitle;
    model::analysis::Unit scatterUnit = model::analysis::Unit::None;
    std::vector<QPointF> points, outliers;
    std::vector<int> pointRows, outlierRows;
    QStringList details; ///< per category: extra tooltip lines (count, mean, overlapped time …), may be empty
    QString note; ///< what the chart leaves out ("top 20 of 1,204 rows"); shown under the chart

    bool isEmpty() const { return kind == Kind::None || (categories.isEmpty() && points.empty()); }
};

/// Categories above which bar charts become a heat map (or a top-N), so that 1,000 ranks fit.
inline constexpr int kMaxBarCategories = 48;
/// Rows a top-N chart keeps (Qt Charts elides a category label to "…" when its row is lower
/// than the text: ten rows stay readable in a dock-sized chart).
inline constexpr int kTopN = 10;

/// The chart of `table` (analysis `table.name`) over the table rows `rows`, in that order (the
/// panel's filtered, sorted rows; empty = every row in table order). Kind::None when the
/// analysis has no chart or the table lacks the columns it needs.
ChartSpec chartSpecFor(const model::analysis::Table &table, const std::vector<int> &rows = {});

/// A stacked or grouped bar spec with more than kMaxBarCategories categories, redrawn as a heat
/// map (same categories, series and rows); other specs unchanged.
ChartSpec legibleSpec(ChartSpec spec);

/// `label` cut to `width` pixels of `fm` in the middle of its name. A short qualifier after the
/// last " · " (the rank of a kernel: "gemm_kernel · r3") stays whole, so the bars of two ranks
/// never read alike; only when not even the qualifier fits is the whole label cut.
QString elideChartLabel(const QString &label, const QFontMetrics &fm, int width);

/// Formats a value of `unit` for tooltips ("1.234 ms", "42.0 %").
QString formatChartValue(double value, model::analysis::Unit unit);

class HeatMapView;

class AnalysisChartView : public QWidget {
    Q_OBJECT
public:
    explicit AnalysisChartView(QWidget *parent = nullptr);
    ~AnalysisChartView() override;

    /// Draws `spec` (through legibleSpec()).
    void setSpec(ChartSpec spec);
    /// Marks the value(s) of this table row as selected (-1: none): bars and heat-map rows are
    /// outlined in the selection colour, a donut slice pulled out, a scatter point ringed.
    void setSelectedRow(int row);
    /// A small chart beside another (a panel's companion): title and bars only; no legend, axis
    /// titles, note, or category labels when they would not fit. The tooltip still names each bar.
    void setCompact(bool on);
    int selectedRow() const { return m_selectedRow; }
    /// The spec drawn (after legibleSpec()).
    const ChartSpec &spec() const { return m_spec; }
    bool isDark() const;
    /// The Qt Charts drawn (bars / donut / histogram first, the scatter second); empty for a
    /// heat map or no chart.
    QList<QChart *> charts() const;
    HeatMapView *heatMap() const { return m_heat; }
    /// Displayed value = spec value / valueScale() (durations shown in µs, ms or s).
    double valueScale() const { return m_scale; }
    QString displayUnit() const { return m_unitText; }
    /// The chart as shown, for PNG export.
    QImage renderImage();

Q_SIGNALS:
    /// The user clicked the value of this table row.
    void rowClicked(int row);

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    /// The chart itself resized (it is laid out after this widget): top-N bars follow its size.
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuild();
    QChartView *makeView();
    void buildBars();
    void compactLayout();
    void buildDonut();
    void buildHistogram();
    void buildLines();
    void hovered(int row, const QString &text, bool state);

    void applySelection();
    /// Horizontal bars: rebuilt when the chart's size changes how many bars fit or how wide
    /// their labels may be.
    void followChartSize();

    ChartSpec m_spec;
    int m_selectedRow = -1;
    QList<QBarSet *> m_sets;
    QList<QPieSlice *> m_slices;
    QScatterSeries *m_selectedPoint = nullptr;
    std::function<QPointF(const QPointF &)> m_selectedPointScale; ///< table units → scatter axes
    int m_barsShown = 0; ///< horizontal bars drawn: those of the spec that fit the height
    bool m_compact = false;
    int m_labelWidth = 0; ///< horizontal bars: the width their category labels were cut to
    double m_scale = 1.0;
    QString m_unitText;
    QStackedLayout *m_stack;
    QWidget *m_chartsPage;
    QChartView *m_main;
    QChartView *m_second;
    HeatMapView *m_heat;
    QLabel *m_note;
};

/// Categories × series as coloured cells (sequential scale), labels thinned to fit, tooltip per
/// cell, click reports the cell's table row.
class HeatMapView : public QWidget {
    Q_OBJECT
public:
    explicit HeatMapView(QWidget *parent = nullptr);
    void setSpec(const ChartSpec *spec) { m_spec = spec; update(); }
    void setSelectedRow(int row) { m_selectedRow = row; update(); }
    /// Paints the map into `size` (also used for PNG export).
    void paintTo(QPainter &p, const QRect &rect) const;
    /// The (category, series) cell under `pos`, {-1,-1} outside.
    std::pair<int, int> cellAt(const QPoint &pos) const;

Q_SIGNALS:
    void rowClicked(int row);

protected:
    void paintEvent(QPaintEvent *) override;
    void mouseMoveEvent(QMouseEvent *e) override;
    void mousePressEvent(QMouseEvent *e) override;

private:
    QRect gridRect(const QRect &all) const;
    const ChartSpec *m_spec = nullptr;
    int m_selectedRow = -1;
};

} // namespace accelscope::views
