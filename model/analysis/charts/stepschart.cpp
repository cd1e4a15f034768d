// `steps-chart` (chartdata.h): what the step chart draws of a `steps` table.
#include "model/analysis/analyses.h"
#include "model/analysis/charts/chartdata.h"
#include "model/analysis/core/stats.h"
#include "model/analysis/core/tableformat.h"
#include "model/analysis/core/tablereshape.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>

namespace accelscope::model::analysis {

namespace {

std::vector<int> allRows(const Table &t, const std::vector<int> &rows)
{
    if (!rows.empty())
        return rows;
    std::vector<int> all(t.rowCount());
    std::iota(all.begin(), all.end(), 0);
    return all;
}

/// Ascend: the rows that have Computing, Communication (not overlapped) or Free. A rank whose
/// compute tasks are not in the trace has a row with only Communication and Bubble: an empty bar.
std::vector<int> rowsWithABreakdown(const Table &steps, const std::vector<int> &rows, StepChart &chart)
{
    const Column *stacked[] = {steps.column("computing_ns"), steps.column("communication_not_overlapped_ns"), steps.column("free_ns")};
    const Column *rank = steps.column("rank");
    std::vector<int> kept;
    std::set<double> without;
    for (int r : rows) {
        const auto row = std::size_t(r);
        if (std::any_of(std::begin(stacked), std::end(stacked), [row](const Column *c) { return c && std::isfinite(c->number(row)); }))
            kept.push_back(r);
        else
            without.insert(rank ? rank->number(row) : std::nan(""));
    }
    chart.rowsWithoutBreakdown = rows.size() - kept.size();
    chart.ranksWithoutBreakdown.assign(without.begin(), without.end());
    return kept;
}

/// The slowest step (the first of the largest totals) and the median of the totals, as columns;
/// both empty when fewer than two steps have a total (one step is not "the slowest").
void addSlowestAndMedian(Table &out, const Column *total)
{
    const std::size_t n = out.rowCount();
    Column &slowest = out.addInt("slowest", "Slowest step", Unit::None);
    Column &median = out.addReal("median_total", "Median step", total ? total->unit : Unit::Nanoseconds);
    std::vector<double> totals;
    int best = -1;
    for (std::size_t r = 0; r < n; ++r) {
        const double v = total ? total->number(r) : std::nan("");
        totals.push_back(v);
        if (std::isfinite(v) && (best < 0 || v > totals[std::size_t(best)]))
            best = int(r);
    }
    const auto finite = std::count_if(totals.begin(), totals.end(), [](double v) { return std::isfinite(v); });
    const double med = finite >= 2 ? analysis::median(totals) : std::nan("");
    for (std::size_t r = 0; r < n; ++r) {
        finite >= 2 ? slowest.push(std::int64_t(int(r) == best ? 1 : 0)) : slowest.pushNull();
        median.push(med);
    }
    if (n > 0 && finite < 2)
        out.notes.push_back("fewer than two steps have a total (" + std::string(total ? total->title : "Stage")
                            + "): no slowest step and no median");
}

void ascendColumns(const Table &steps, const std::vector<int> &rows, StepChart &chart)
{
    const std::vector<int> kept = rowsWithABreakdown(steps, rows, chart);
    chart.table = columnsOf(steps, "steps-chart", "Step chart",
                            {"rank", "device", "step", "computing_ns", "communication_not_overlapped_ns", "free_ns", "stage_ns"});
    for (int r : kept) {
        copyRow(steps, std::size_t(r), chart.table);
        chart.stepRows.push_back(r);
    }
    if (chart.rowsWithoutBreakdown > 0) {
        std::string ranks;
        for (double k : chart.ranksWithoutBreakdown)
            ranks += (ranks.empty() ? "" : ", ") + (std::isfinite(k) ? formatReal(k) : std::string("-"));
        chart.table.notes.push_back(std::to_string(chart.rowsWithoutBreakdown) + " rows of rank " + ranks
                                    + " have no Computing, Communication or Free: not drawn (the steps table's notes say why)");
    }
}

/// Kineto steps: kernels of several types may run at once, so compute, communication and memory
/// overlap and cannot be stacked. What adds up to the step's device span is compute, the rest of
/// the busy time (busy − compute: kernels no compute kernel hides) and idle.
void kinetoColumns(const Table &steps, const std::vector<int> &rows, StepChart &chart)
{
    const Column *busy = steps.column("busy"), *compute = steps.column("compute"), *idle = steps.column("idle");
    if (!busy || !compute || !idle) {
        // the columns all the same, so that every steps chart has one shape
        chart.table = Table("steps-chart", "Step chart");
        chart.table.addInt("rank", "Rank", Unit::Id);
        chart.table.addInt("step", "Step", Unit::Id);
        for (auto [id, title] : {std::pair{"compute", "Compute"}, {"busy_minus_compute", "Other kernels (not under compute)"},
                                 {"idle", "Idle"}, {"gpu_span", "Device span"}})
            chart.table.addReal(id, title, Unit::Nanoseconds);
        chart.table.notes.push_back("the steps table has no compute, busy and idle columns: nothing adds up to the step");
        return;
    }
    chart.table = columnsOf(steps, "steps-chart", "Step chart", {"rank", "step", "compute"});
    // integer durations stay integers: busy − compute is exact
    const bool integers = busy->type == ColumnType::Int && compute->type == ColumnType::Int;
    Column &rest = integers ? chart.table.addInt("busy_minus_compute", "Other kernels (not under compute)", compute->unit)
                            : chart.table.addReal("busy_minus_compute", "Other kernels (not under compute)", compute->unit);
    for (const Column *c : {idle, steps.column("gpu_span")})
        if (c)
            addColumnLike(chart.table, *c);
    for (int r : rows) {
        const auto row = std::size_t(r);
        copyRow(steps, row, chart.table); // "busy_minus_compute" is not in the steps table: a null, replaced here
        if (!integers)
            rest.reals.back() = busy->number(row) - compute->number(row);
        else if (!busy->isNull(row) && !compute->isNull(row))
            rest.ints.back() = busy->ints[row] - compute->ints[row];
        chart.stepRows.push_back(r);
    }
}

} // namespace

StepChart stepChart(const Table &steps, const std::vector<int> &rowsIn)
{
    const std::vector<int> rows = allRows(steps, rowsIn);
    StepChart chart;
    chart.ascend = steps.column("computing_ns") != nullptr;
    if (chart.ascend)
        ascendColumns(steps, rows, chart);
    else
        kinetoColumns(steps, rows, chart);
    if (steps.keys.size() == steps.rowCount())
        for (int r : chart.stepRows)
            chart.table.keys.push_back(steps.keys[std::size_t(r)]);
    addSlowestAndMedian(chart.table, chart.table.column(chart.ascend ? "stage_ns" : "gpu_span"));
    return chart;
}

Table stepsChartAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const Table steps = runAnalysis("steps", ctx, opt);
    Table t = stepChart(steps).table;
    if (steps.rowCount() == 0)
        t.notes.insert(t.notes.begin(), steps.notes.begin(), steps.notes.end()); // why there are no steps
    return t;
}

} // namespace accelscope::model::analysis
