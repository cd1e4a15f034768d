// ChartSpec: the picture of an analysis Table as data, drawn by AnalysisChartView.
//
// `chartSpecFor()` turns a Table (and the rows the panel shows, in the panel's order) into a
// ChartSpec: categories × series of numbers read straight from the table's cells, or from the
// chart-data analysis of the table (model/analysis/charts/chartdata.h: the step chart's stacked series,
// slowest step and median, the launch histogram's bins), each value remembering its table row.
// Nothing is computed here (tests/tools/no_view_arithmetic.py checks it).
#pragma once

#include "model/analysis/core/table.h"

#include <QColor>
#include <QFontMetrics>
#include <QPointF>
#include <QString>
#include <QStringList>

#include <cmath>
#include <vector>

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
    std::vector<double> sharesPct; ///< Donut: per category, its share of the whole in percent (from the table)
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

/// Makes category labels unique (QBarCategoryAxis merges equal ones) without changing their look.
void uniqueChartLabels(QStringList &labels);

/// Formats a value of `unit` for tooltips ("1.234 ms", "42.0 %").
QString formatChartValue(double value, model::analysis::Unit unit);

} // namespace accelscope::views
