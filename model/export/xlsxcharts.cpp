// The XLSX report's charts (xlsxreport_p.h): the GUI's pictures of the tables drawn with
// libxlsxwriter, from the tables' cells or from a chart data block below a table. Every number
// comes from an analysis (steps: `steps-chart`); a block only reshapes a table
// (model/analysis/core/tablereshape.h).
#include "model/export/xlsxreport_p.h"

#include "model/analysis/charts/chartdata.h"
#include "model/analysis/core/tableformat.h"
#include "model/analysis/core/tablereshape.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace accelscope::model::exportfmt::xlsx {

using analysis::columnsOf;
using analysis::copyRow;
using analysis::pivot;
using analysis::topRows;

int firstColumn(const Table &t, ColumnType type, Unit unit, bool anyUnit = false)
{
    for (std::size_t i = 0; i < t.columnCount(); ++i)
        if (t.columns[i].type == type && (anyUnit || t.columns[i].unit == unit))
            return int(i);
    return -1;
}

/// Pie (few rows) or bar chart of the kernel-type shares beside the table.
void kernelTypeChart(lxw_workbook *wb, lxw_worksheet *ws, const std::string &sheet, const Table &t)
{
    const int cat = firstColumn(t, ColumnType::Text, Unit::None, true);
    int val = firstColumn(t, ColumnType::Real, Unit::Percent);
    if (val < 0)
        val = t.columnIndex("time_ns");
    if (cat < 0 || val < 0 || t.rowCount() == 0)
        return;
    const std::size_t rows = std::min<std::size_t>(t.rowCount(), 64);
    const bool pie = rows <= 12;
    lxw_chart *ch = workbook_add_chart(wb, pie ? LXW_CHART_PIE : LXW_CHART_BAR);
    lxw_chart_series *s = chart_add_series(ch, nullptr, nullptr);
    chart_series_set_categories(s, sheet.c_str(), 1, lxw_col_t(cat), lxw_row_t(rows), lxw_col_t(cat));
    chart_series_set_values(s, sheet.c_str(), 1, lxw_col_t(val), lxw_row_t(rows), lxw_col_t(val));
    chart_series_set_name(s, headerText(t.columns[val]).c_str());
    chart_title_set_name(ch, "Kernel type shares");
    if (pie) {
        chart_legend_set_position(ch, LXW_CHART_LEGEND_RIGHT);
    } else {
        chart_legend_set_position(ch, LXW_CHART_LEGEND_NONE);
    }
    lxw_chart_options o{};
    o.x_scale = 1.6;
    o.y_scale = pie ? 1.4 : std::max(1.0, double(rows) / 12.0);
    o.x_offset = 10;
    worksheet_insert_chart_opt(ws, 1, lxw_col_t(t.columnCount() + 1), ch, &o);
}

/// Column chart of utilization per engine track.
void engineChart(lxw_workbook *wb, lxw_worksheet *ws, const std::string &sheet, const Table &t)
{
    const int val = t.columnIndex("utilization_pct");
    const int engine = t.columnIndex("engine");
    const int last = std::max(engine, t.columnIndex("track"));
    int first = engine;
    if (val < 0 || engine < 0 || t.rowCount() == 0)
        return;
    const std::size_t rows = std::min<std::size_t>(t.rowCount(), 256);
    // Track names as labels when they are distinct; else multi-level labels (core / engine /
    // track, with device and rank when they vary), so that "TIU" of core 0 and of core 1, or
    // the same stream of two ranks, stay apart.
    const int track = t.columnIndex("track");
    std::set<std::string> names;
    if (track >= 0)
        for (std::size_t r = 0; r < rows; ++r)
            names.insert(analysis::cellText(t.columns[std::size_t(track)], r));
    const bool distinct = track >= 0 && names.size() == rows;
    if (distinct)
        first = track;
    for (const char *id : {"core", "device", "rank"}) {
        if (distinct)
            break;
        const int c = t.columnIndex(id);
        if (c < 0 || c > first)
            break;
        bool varies = std::string_view(id) == "core";
        for (std::size_t r = 1; r < rows && !varies; ++r)
            varies = analysis::cellText(t.columns[std::size_t(c)], r) != analysis::cellText(t.columns[std::size_t(c)], 0);
        if (varies || std::string_view(id) == "core")
            first = c;
    }
    lxw_chart *ch = workbook_add_chart(wb, LXW_CHART_COLUMN);
    lxw_chart_series *s = chart_add_series(ch, nullptr, nullptr);
    chart_series_set_categories(s, sheet.c_str(), 1, lxw_col_t(first), lxw_row_t(rows), lxw_col_t(last));
    chart_series_set_values(s, sheet.c_str(), 1, lxw_col_t(val), lxw_row_t(rows), lxw_col_t(val));
    chart_series_set_name(s, "Utilization");
    chart_title_set_name(ch, "Engine utilization");
    chart_legend_set_position(ch, LXW_CHART_LEGEND_NONE);
    chart_axis_set_num_format(ch->y_axis, "0%");
    chart_axis_set_min(ch->y_axis, 0);
    chart_axis_set_max(ch->y_axis, 1);
    lxw_chart_options o{};
    o.x_scale = std::clamp(double(rows) / 10.0, 1.5, 6.0);
    o.y_scale = 1.4;
    o.x_offset = 10;
    worksheet_insert_chart_opt(ws, 1, lxw_col_t(t.columnCount() + 1), ch, &o);
}

/// The GUI's highlight of a bar: the same hue, its value divided by 1.6 (QColor::darker(160)).
lxw_color_t darker(lxw_color_t c)
{
    const auto part = [&](int shift) { return lxw_color_t(((c >> shift) & 0xFF) * 10 / 16) << shift; };
    return part(16) | part(8) | part(0);
}

/// Gives point `index` of the series a darker fill than the series' own.
void highlightPoint(lxw_chart_series *s, int index, lxw_color_t colour)
{
    std::vector<lxw_chart_point> points(std::size_t(index) + 1); // the others stay unformatted
    lxw_chart_fill fill{};
    fill.color = darker(colour);
    points.back().fill = &fill;
    std::vector<lxw_chart_point *> pointers;
    for (lxw_chart_point &p : points)
        pointers.push_back(&p);
    pointers.push_back(nullptr);
    chart_series_set_points(s, pointers.data()); // copies the points
}

/// Column series of `ids` (the first id of each list found), categories from `categoryFirst` to
/// `categoryLast` (multi-level labels when they differ), stacked or side by side, beside the table.
/// Nothing when no value column is there.
bool insertColumnChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t,
                       const std::vector<std::vector<std::string_view>> &ids, int categoryFirst, int categoryLast,
                       uint8_t type, const std::string &title, std::size_t maxRows, const ChartLook &look)
{
    if (at.rows == 0 || categoryFirst < 0)
        return false;
    std::vector<int> values;
    for (const auto &alternatives : ids)
        for (std::string_view id : alternatives)
            if (const int c = t.columnIndex(id); c >= 0) {
                values.push_back(c);
                break;
            }
    if (values.empty())
        return false;
    const std::size_t rows = std::min(at.rows, maxRows);
    const lxw_row_t first = at.header + 1, last = lxw_row_t(at.header + rows);
    lxw_chart *ch = workbook_add_chart(wb, type);
    for (std::size_t i = 0; i < values.size(); ++i) {
        const int v = values[i];
        lxw_chart_series *s = chart_add_series(ch, nullptr, nullptr);
        chart_series_set_categories(s, at.sheet.c_str(), first, lxw_col_t(categoryFirst), last, lxw_col_t(categoryLast));
        chart_series_set_values(s, at.sheet.c_str(), first, lxw_col_t(v), last, lxw_col_t(v));
        chart_series_set_name_range(s, at.sheet.c_str(), at.header, lxw_col_t(v));
        const lxw_color_t colour = i < look.colours.size() ? look.colours[i] : kPaletteColours[i % std::size(kPaletteColours)];
        if (!look.colours.empty()) {
            lxw_chart_fill fill{};
            fill.color = colour;
            chart_series_set_fill(s, &fill);
        }
        if (look.highlight >= 0 && std::size_t(look.highlight) < rows)
            highlightPoint(s, look.highlight, colour);
    }
    chart_title_set_name(ch, title.c_str());
    chart_legend_set_position(ch, values.size() > 1 ? LXW_CHART_LEGEND_BOTTOM : LXW_CHART_LEGEND_NONE);
    if (type == LXW_CHART_BAR)
        chart_axis_set_reverse(ch->x_axis); // the first row (the largest) on top
    const std::string axis = look.valueAxis.empty() ? headerText(t.columns[std::size_t(values.front())]) : look.valueAxis;
    chart_axis_set_name(ch->y_axis, axis.c_str());
    lxw_chart_options o{};
    // side-by-side columns need room per series, stacked ones per category only
    const std::size_t barsPerCategory = type == LXW_CHART_COLUMN ? values.size() : 1;
    o.x_scale = type == LXW_CHART_BAR ? 2.0 : std::clamp(double(rows * barsPerCategory) / 8.0, 1.5, 6.0);
    o.y_scale = type == LXW_CHART_BAR ? std::max(1.4, double(rows) / 10.0) : 1.4;
    o.x_offset = 10;
    worksheet_insert_chart_opt(ws, at.chartRow >= 0 ? lxw_row_t(at.chartRow) : at.header, at.chartCol, ch, &o);
    return true;
}

/// Kernels sheet: the largest kernels by total time as horizontal bars (the table comes sorted
/// by total time; if it is not, the chart says it shows the first rows).
void kernelsChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t)
{
    const Column *total = t.column("total_ns");
    if (!total)
        total = t.column("sum (us)");
    const int name = t.columnIndex("name");
    if (!total || name < 0)
        return;
    bool sorted = true;
    for (std::size_t r = 1; r < t.rowCount() && sorted; ++r)
        sorted = !(total->number(r) > total->number(r - 1));
    constexpr std::size_t kTop = 20;
    const std::size_t n = std::min(at.rows, kTop);
    const std::string title = sorted ? "Top " + std::to_string(n) + " kernels by total time"
                                     : "Total time of the first " + std::to_string(n) + " rows";
    // rank beside the name when the rank column is just left of it and ranks vary
    int first = name;
    if (const int rank = t.columnIndex("rank"); rank == name - 1) {
        const Column &rc = t.columns[std::size_t(rank)];
        for (std::size_t r = 1; r < n && first == name; ++r)
            if (rc.number(r) != rc.number(0))
                first = rank;
    }
    insertColumnChart(wb, ws, at, t, {{total->id}}, first, name, LXW_CHART_BAR, title, kTop);
}

/// "1,234.567 µs" for a duration column's value (ns or µs), as the cells show it.
std::string durationText(const Column &c, double v)
{
    // thousandths of a µs: ns as they are (a median of 83,749.5 ns is 83.750 µs, not a binary
    // neighbour of 83.7495 rounded down)
    const bool ns = c.unit == Unit::Nanoseconds || c.unit == Unit::TimestampNs;
    const long long thousandths = std::llround(ns ? v : v * 1000);
    const std::string digits = std::to_string(std::llabs(thousandths / 1000));
    std::string grouped = thousandths < 0 ? "-" : "";
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0)
            grouped += ',';
        grouped += digits[i];
    }
    char frac[8];
    std::snprintf(frac, sizeof frac, ".%03lld", std::llabs(thousandths % 1000));
    return grouped + frac + " µs";
}

/// Steps sheet: the chart data block below the table (the `steps-chart` analysis' columns the
/// chart draws) — Kineto always (busy − compute is not a cell of the table), Ascend only when
/// some rows have no breakdown and are left out (else the chart draws the table itself).
Table stepChartBlock(const Table &t)
{
    const analysis::StepChart chart = analysis::stepChart(t);
    if (chart.table.rowCount() == 0 || (!chart.ascend && !chart.table.column("gpu_span")))
        return {};
    if (chart.ascend && chart.rowsWithoutBreakdown == 0)
        return {};
    Table out;
    if (!chart.ascend) {
        out = analysis::columnsOf(chart.table, "steps-chart", "Step chart data: Compute + Other kernels (not under compute) + Idle = Device span",
                                  {"rank", "step", "compute", "busy_minus_compute", "idle", "gpu_span"});
    } else {
        std::string ranks;
        for (double k : chart.ranksWithoutBreakdown)
            ranks += (ranks.empty() ? "" : ", ") + (std::isfinite(k) ? analysis::formatReal(k) : std::string("-"));
        out = analysis::columnsOf(chart.table, "steps-chart",
                                  "Step chart data: the steps with a breakdown (" + std::to_string(chart.rowsWithoutBreakdown)
                                      + " rows of rank " + ranks + " have no Computing, Communication or Free: the Overview's notes say why)",
                                  {"rank", "device", "step", "computing_ns", "communication_not_overlapped_ns", "free_ns", "stage_ns"});
    }
    for (std::size_t r = 0; r < chart.table.rowCount(); ++r)
        analysis::copyRow(chart.table, r, out);
    return out;
}

/// Steps sheet: stacked columns per step (and rank) that add up to the step — Ascend's Computing
/// / Communication not overlapped / Free, or the Kineto step's compute / other kernels / idle —
/// from the chart data block below the table where there is one (`data`, its place `dataAt`).
/// The slowest step (the `steps-chart` analysis' flag) is drawn darker and named in the title
/// with the median step.
void stepsChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t, const Table *data,
                const TablePlace &dataAt)
{
    const analysis::StepChart chart = analysis::stepChart(t);
    if (!chart.ascend && !data)
        return; // a Kineto table without busy, compute and idle: nothing adds up to the step
    const Table &drawn = data ? *data : t;
    const TablePlace &place = data ? dataAt : at;
    const int rank = drawn.columnIndex("rank"), step = drawn.columnIndex("step");
    if (step < 0)
        return;
    const int first = rank >= 0 && rank < step ? rank : step;
    const std::size_t rows = std::min(place.rows, kMaxChartCategories);
    ChartLook look;
    look.colours = {kComputeColour, kCommunicationColour, kIdleColour};
    std::string title = "Step breakdown";
    const Column *total = chart.table.column(chart.ascend ? "stage_ns" : "gpu_span");
    const Column *slowest = chart.table.column("slowest"), *median = chart.table.column("median_total");
    for (std::size_t s = 0; total && slowest && s < chart.table.rowCount(); ++s) {
        if (!(slowest->number(s) > 0))
            continue;
        look.highlight = int(s);
        const Column *rankText = chart.table.column("rank");
        title += " \u2014 slowest step: " + (rankText ? "r" + analysis::cellText(*rankText, s) + " " : std::string()) + "s"
            + analysis::cellText(*chart.table.column("step"), s) + " (" + durationText(*total, total->number(s)) + "), median "
            + durationText(*total, median->number(s));
    }
    if (rows < place.rows)
        title += " (first " + std::to_string(rows) + " steps)";
    if (chart.ascend)
        insertColumnChart(wb, ws, place, drawn, {{"computing_ns"}, {"communication_not_overlapped_ns"}, {"free_ns"}}, first, step,
                          LXW_CHART_COLUMN_STACKED, title, kMaxChartCategories, look);
    else
        insertColumnChart(wb, ws, place, drawn, {{"compute"}, {"busy_minus_compute"}, {"idle"}}, first, step,
                          LXW_CHART_COLUMN_STACKED, title, kMaxChartCategories, look);
}

/// Slow rank sheet: the step time per rank, summed over the steps, stacked as the steps chart,
/// the slowest rank darker.
void slowRankChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t)
{
    ChartLook look;
    look.colours = {kComputeColour, kCommunicationColour, kIdleColour};
    std::string title = "Step time per rank, summed over steps";
    if (const Column *slowest = t.column("slowest"); slowest && t.column("rank"))
        for (std::size_t r = 0; r < std::min(at.rows, kMaxChartCategories); ++r)
            if (slowest->number(r) > 0) {
                look.highlight = int(r);
                title += " \u2014 slowest rank: r" + analysis::cellText(*t.column("rank"), r);
            }
    const int rank = t.columnIndex("rank");
    insertColumnChart(wb, ws, at, t, {{"computing_ns"}, {"communication_not_overlapped_ns"}, {"free_ns"}}, rank, rank,
                      LXW_CHART_COLUMN_STACKED, title, kMaxChartCategories, look);
}

/// Horizontal bars of the first 20 rows' `value` (the largest first: the table sorted by it, or
/// its top-N block), labelled from `labelFirst` to `labelLast`, with the rank in front when the
/// rank column lies left of the labels and ranks vary (the columns between come along).
void topBarsChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &place, const Table &drawn, std::string_view labelFirst,
                  std::string_view labelLast, const std::vector<std::string_view> &value, const std::string &what)
{
    const int label = drawn.columnIndex(labelFirst), last = drawn.columnIndex(labelLast);
    if (label < 0 || last < label)
        return;
    int first = label;
    if (const int rank = drawn.columnIndex("rank"); rank >= 0 && rank < label)
        for (std::size_t r = 1; r < place.rows && first == label; ++r)
            if (drawn.columns[std::size_t(rank)].number(r) != drawn.columns[std::size_t(rank)].number(0))
                first = rank;
    const std::size_t n = std::min<std::size_t>(place.rows, 20);
    insertColumnChart(wb, ws, place, drawn, {value}, first, last, LXW_CHART_BAR,
                      "Top " + std::to_string(n) + " " + what + " by total time", 20);
}

/// The columns of a pivot table from the first value column on, as chart series.
std::vector<std::vector<std::string_view>> seriesAfter(const Table &t, std::size_t firstValue)
{
    std::vector<std::vector<std::string_view>> ids;
    for (std::size_t c = firstValue; c < t.columnCount(); ++c)
        ids.push_back({t.columns[c].id});
    return ids;
}

/// HTA sheet: temporal breakdown as stacked columns per rank.
void temporalChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t)
{
    const int rank = t.columnIndex("rank");
    insertColumnChart(wb, ws, at, t, {{"idle_ns", "idle_time(us)"}, {"compute_ns", "compute_time(us)"}, {"non_compute_ns", "non_compute_time(us)"}},
                      rank, rank, LXW_CHART_COLUMN_STACKED, "Temporal breakdown per rank", 256);
}

/// HTA sheet: share of communication hidden behind computation, a column per rank, placed at
/// `anchorRow`.
void overlapChart(lxw_workbook *wb, lxw_worksheet *ws, TablePlace at, lxw_row_t anchorRow, const Table &t)
{
    const int rank = t.columnIndex("rank");
    const int pct = std::max(t.columnIndex("comp_comm_overlap_pct"), t.columnIndex("comp_comm_overlap_pctg"));
    if (rank < 0 || pct < 0 || at.rows == 0)
        return;
    const std::size_t rows = std::min<std::size_t>(at.rows, 256);
    lxw_chart *ch = workbook_add_chart(wb, LXW_CHART_COLUMN);
    lxw_chart_series *s = chart_add_series(ch, nullptr, nullptr);
    chart_series_set_categories(s, at.sheet.c_str(), at.header + 1, lxw_col_t(rank), lxw_row_t(at.header + rows), lxw_col_t(rank));
    chart_series_set_values(s, at.sheet.c_str(), at.header + 1, lxw_col_t(pct), lxw_row_t(at.header + rows), lxw_col_t(pct));
    chart_series_set_name_range(s, at.sheet.c_str(), at.header, lxw_col_t(pct));
    chart_title_set_name(ch, "Communication overlapped by computation per rank");
    chart_legend_set_position(ch, LXW_CHART_LEGEND_NONE);
    // HTA's column holds percent numbers (92.07), ours fractions shown as % (0.9207)
    if (t.columns[std::size_t(pct)].unit == Unit::Percent) {
        chart_axis_set_num_format(ch->y_axis, "0%");
        chart_axis_set_max(ch->y_axis, 1);
    } else {
        chart_axis_set_max(ch->y_axis, 100);
    }
    chart_axis_set_min(ch->y_axis, 0);
    lxw_chart_options o{};
    o.x_scale = std::clamp(double(rows) / 8.0, 1.2, 6.0);
    o.y_scale = 1.4;
    o.x_offset = 10;
    worksheet_insert_chart_opt(ws, anchorRow, at.chartCol, ch, &o);
}

/// HTA sheet: idle time per stream stacked by idle category (host wait, kernel wait, other), from
/// the pivot block `t` (a row per rank and stream, a column per category), placed at `at.chartRow`.
void idleChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t)
{
    ChartLook look;
    for (std::size_t c = 2; c < t.columnCount(); ++c) {
        const std::string &kind = t.columns[c].title;
        look.colours.push_back(kind == "host_wait"     ? kCommunicationColour
                               : kind == "kernel_wait" ? kComputeColour
                               : kind == "other"       ? kIdleColour
                                                       : kPaletteColours[(c + 2) % std::size(kPaletteColours)]);
    }
    std::string title = "Idle time per stream";
    if (at.rows > kMaxChartCategories)
        title += " (the first " + std::to_string(kMaxChartCategories) + " of " + std::to_string(at.rows) + " streams)";
    insertColumnChart(wb, ws, at, t, seriesAfter(t, 2), 0, 1, LXW_CHART_COLUMN_STACKED, title, kMaxChartCategories, look);
}

/// memory-timeline: a scatter chart with straight lines, one series per rank / device / source /
/// component / metric (the table's rows of a series are contiguous, in time order), the series
/// with the highest peaks first, at most 12 (a longer legend would hide the plot).
void memoryTimelineChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t)
{
    const int ts = t.columnIndex("ts"), value = t.columnIndex("value_mb");
    const int keyCols[] = {t.columnIndex("rank"), t.columnIndex("device"), t.columnIndex("source"),
                           t.columnIndex("component"), t.columnIndex("metric")};
    if (ts < 0 || value < 0 || at.rows == 0 || std::find(std::begin(keyCols), std::end(keyCols), -1) != std::end(keyCols))
        return;
    const auto sameSeries = [&](std::size_t a, std::size_t b) {
        for (int c : keyCols)
            if (analysis::cellText(t.columns[std::size_t(c)], a) != analysis::cellText(t.columns[std::size_t(c)], b))
                return false;
        return true;
    };
    struct Block {
        std::size_t first, last;
        double peak;
    };
    std::vector<Block> blocks;
    const analysis::Column &v = t.columns[std::size_t(value)];
    for (std::size_t r = 0; r < at.rows; ++r) {
        if (blocks.empty() || !sameSeries(blocks.back().first, r))
            blocks.push_back({r, r, v.number(r)});
        blocks.back().last = r;
        blocks.back().peak = std::max(blocks.back().peak, v.number(r));
    }
    std::stable_sort(blocks.begin(), blocks.end(), [](const Block &a, const Block &b) { return a.peak > b.peak; });
    blocks.resize(std::min<std::size_t>(blocks.size(), 12));
    lxw_chart *ch = workbook_add_chart(wb, LXW_CHART_SCATTER_STRAIGHT);
    for (const Block &b : blocks) {
        const lxw_row_t first = lxw_row_t(at.header + 1 + b.first), last = lxw_row_t(at.header + 1 + b.last);
        lxw_chart_series *s = chart_add_series(ch, nullptr, nullptr);
        chart_series_set_categories(s, at.sheet.c_str(), first, lxw_col_t(ts), last, lxw_col_t(ts));
        chart_series_set_values(s, at.sheet.c_str(), first, lxw_col_t(value), last, lxw_col_t(value));
        std::string name = "r" + analysis::cellText(t.columns[std::size_t(keyCols[0])], b.first) + " "
            + analysis::cellText(t.columns[std::size_t(keyCols[3])], b.first) + " "
            + analysis::cellText(t.columns[std::size_t(keyCols[4])], b.first);
        chart_series_set_name(s, name.c_str());
    }
    chart_title_set_name(ch, "Memory over time");
    chart_axis_set_name(ch->x_axis, headerText(t.columns[std::size_t(ts)]).c_str());
    chart_axis_set_name(ch->y_axis, headerText(v).c_str());
    chart_legend_set_position(ch, LXW_CHART_LEGEND_RIGHT);
    lxw_chart_options o{};
    o.x_scale = 2.5;
    o.y_scale = 1.6;
    worksheet_insert_chart_opt(ws, at.header, at.chartCol, ch, &o);
}

/// The first column of `t` among `ids`, or null.
const Column *anyColumn(const Table &t, std::initializer_list<std::string_view> ids)
{
    for (std::string_view id : ids)
        if (const Column *c = t.column(id))
            return c;
    return nullptr;
}

bool sortedDescending(const Column &c, std::size_t rows)
{
    for (std::size_t r = 1; r < rows; ++r)
        if (c.number(r) > c.number(r - 1))
            return false;
    return true;
}

/// Memory sheet (Ascend): the peak per rank and component, a column per metric, of the
/// components that held memory (the others would crowd the axis), as the GUI draws it.
Table memoryPeaks(const Table &t)
{
    const Column &peak = *t.column("peak_mb");
    Table held = columnsOf(t, t.name, t.title, {"rank", "component", "metric", "peak_mb"});
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        if (peak.number(r) > 0)
            copyRow(t, r, held);
    Table out = pivot(held, {"rank", "component"}, "metric", "peak_mb", 16, "",
                      "Memory chart data: peak (MB) per rank and component of the components that held memory");
    out.name = "memory-chart";
    return out;
}

/// Engines: a colour scale over the heat map block's utilization cells (columns from
/// `firstValue` on), white at 0 % to the GUI's compute blue at 100 %: Excel has no heat-map
/// chart, so the cells are the picture.
void utilizationColourScale(lxw_worksheet *ws, const TablePlace &at, const Table &heat, std::size_t firstValue)
{
    if (at.rows == 0 || heat.columnCount() <= firstValue)
        return;
    lxw_conditional_format scale{};
    scale.type = LXW_CONDITIONAL_2_COLOR_SCALE;
    scale.min_rule_type = LXW_CONDITIONAL_RULE_TYPE_NUMBER;
    scale.min_value = 0;
    scale.min_color = 0xFFFFFF;
    scale.max_rule_type = LXW_CONDITIONAL_RULE_TYPE_NUMBER;
    scale.max_value = 1;
    scale.max_color = kComputeColour;
    worksheet_conditional_format_range(ws, at.header + 1, lxw_col_t(firstValue), lxw_row_t(at.header + at.rows),
                                       lxw_col_t(heat.columnCount() - 1), &scale);
}

/// The block a single-table sheet's chart draws from, below the table, where the table's own
/// cells cannot be drawn as they lie; empty when the chart draws the table itself.
Table chartDataBelow(const Table &t)
{
    if (t.name == "steps")
        return stepChartBlock(t);
    if (t.name == "categories" && t.column("rank"))
        if (const Column *total = anyColumn(t, {"total_ns", "total_us"}))
            return pivot(t, {"category"}, "rank", total->id, kMaxChartRanks, "Rank ",
                         "Category chart data: total time per category and rank");
    if (t.name == "core-statistic" && t.column("rank") && t.column("total_ns"))
        return pivot(t, {"core_type"}, "rank", "total_ns", kMaxChartRanks, "Rank ",
                     "Core statistic chart data: total time per core type and rank");
    if (t.name == "engines" && t.column("rank") && t.column("core") && t.column("engine") && t.column("utilization_pct")) {
        // the GUI's heat map: a row per rank and core, a column per engine (empty where a core
        // has no such engine), coloured by a colour scale; the first 64 engines
        Table out = pivot(t, {"rank", "device", "core"}, "engine", "utilization_pct", 64, "",
                          "Utilization per core and engine (heat map)", std::nan(""));
        out.name = "engines-heat-map";
        return out;
    }
    if (t.name == "memory" && t.column("peak_mb") && t.column("rank") && t.column("component") && t.column("metric"))
        return memoryPeaks(t);
    if (t.name == "op-statistic")
        if (const Column *total = t.column("total_ns"); total && !sortedDescending(*total, t.rowCount()))
            return topRows(t, {"rank", "device", "op_type", "core_type"}, "total_ns", 20,
                           "Op statistic chart data: the 20 operator types with the largest total time");
    if (t.name == "annotations")
        if (const Column *total = anyColumn(t, {"total_ns", "sum (us)"}); total && !sortedDescending(*total, t.rowCount()))
            return topRows(t, {"rank", "name"}, total->id, 20, "Annotation chart data: the 20 annotations with the largest total time");
    return {};
}

/// Categories and Core statistic sheets: grouped columns of the total time per category (core
/// type), a series per rank (the pivot block `perRank` below the table), or of the table itself
/// when it has no rank column.
void perRankChart(lxw_workbook *wb, lxw_worksheet *ws, const TablePlace &at, const Table &t, const Table *perRank,
                  const TablePlace &perRankAt, std::string_view categoryId, const std::string &title)
{
    if (perRank) {
        insertColumnChart(wb, ws, perRankAt, *perRank, seriesAfter(*perRank, 1), 0, 0, LXW_CHART_COLUMN, title,
                          kMaxChartCategories);
        return;
    }
    const int category = t.columnIndex(categoryId);
    insertColumnChart(wb, ws, at, t, {{"total_ns", "total_us"}}, category, category, LXW_CHART_COLUMN, title,
                      kMaxChartCategories);
}

} // namespace accelscope::model::exportfmt::xlsx
