// The numbers the charts draw that are not cells of the table they picture: what the step chart
// stacks and singles out, and the cluster view's per-rank bars and pipeline stages. Each is a
// registered analysis (`steps-chart`, `cluster-chart`), so the GUI chart, the XLSX report, the
// CLI and SQL draw and print the same numbers. A chart over a panel's filtered rows calls the
// same function on those rows. Definitions: docs/analysis.md.
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/table.h"

#include <cstddef>
#include <limits>
#include <vector>

namespace accelscope::model::analysis {

/// The step chart of a `steps` table.
struct StepChart {
    /// "steps-chart": one row per step drawn, in the order asked for. Ascend: rank, device, step,
    /// computing_ns, communication_not_overlapped_ns, free_ns (stacked), stage_ns (the total);
    /// Kineto: rank, step, compute, busy_minus_compute, idle (stacked), gpu_span (the total).
    /// Then slowest (1 on the step with the largest total) and median_total (the median of the
    /// totals, the same on every row); both empty when fewer than two steps have a total.
    Table table;
    std::vector<int> stepRows;                 ///< per chart row: its row in the steps table
    std::size_t rowsWithoutBreakdown = 0;      ///< Ascend rows left out: no Computing, Communication or Free
    std::vector<double> ranksWithoutBreakdown; ///< their ranks, ascending, each once (NaN: no rank column)
    bool ascend = false;                       ///< the stacked series are Ascend's (else Kineto's)
};

/// The chart of `steps` over `rows` (in that order; empty = every row). Ascend rows with none of
/// Computing, Communication (not overlapped) and Free would be empty bars: they are left out.
/// A Kineto table without compute, busy and idle gives an empty table with a note.
StepChart stepChart(const Table &steps, const std::vector<int> &rows = {});
/// `steps-chart`: stepChart() of the `steps` analysis.
Table stepsChartAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt);

/// The launch chart's histogram of launch delays.
struct LaunchHistogram {
    /// "launch-histogram": one row per bin: bin_start, bin_end (the delay column's unit), launches.
    Table table;
    std::vector<int> firstRow;  ///< per bin: the first of the rows asked for that falls in it (-1: none)
    double binStart = 0, binWidth = 0;
    double cut = std::numeric_limits<double>::quiet_NaN(); ///< the 99th percentile the bins stop at (NaN: not cut)
    std::size_t beyondCut = 0;  ///< delays above the cut, counted in the last bin
    double max = std::numeric_limits<double>::quiet_NaN(); ///< the longest delay
};
/// The histogram (kBins bins) of the launch delays of `launch` over `rows` (empty = every row).
/// Launch delays have a long tail: one stalled launch would squeeze every other into the first
/// bin, so when the longest is over 4x the 99th percentile the bins stop there and the last one
/// also holds the tail.
LaunchHistogram launchHistogram(const Table &launch, const std::vector<int> &rows = {});
/// `launch-histogram`: launchHistogram() of the `launch` analysis.
Table launchHistogramAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt);

/// The kernel-type donut: a slice per kernel-type row, those under 2 % of the total in one.
struct KernelTypesChart {
    /// "kernel-types-chart": kernel_type, the value column of the table (time_ns, or HTA's sum)
    /// types (how many kernel-type rows the slice holds: 1, or those under 2 % in the last row,
    /// named "Others") and share_pct (the slice's share of the rows' total time).
    Table table;
    std::vector<int> typeRows; ///< per chart row: its kernel-types row (-1: the "Others" slice)
};
/// The donut of `kernelTypes` over `rows` (empty = every row): slices under 2 % of the total are
/// unreadable, so one "Others" slice holds them, its value their sum.
KernelTypesChart kernelTypesChart(const Table &kernelTypes, const std::vector<int> &rows = {});
Table kernelTypesChartAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt);

/// `cluster-chart`: per rank of the `slow-rank` table, its step breakdown as a mean per step
/// (computing_ns, communication_not_overlapped_ns, free_ns, step_ns = their sum; empty when the
/// rank's numbers are not all known), slow-rank's own work vs the median rank, the median of
/// step_ns over the ranks (the same on every row), and the rank's pipeline stage from
/// msprof-analyze's stage rows (stage index, the stage row's Computing + Communication(Not
/// Overlapped) + Free as a mean per step).
Table clusterChart(const Table &slowRank, const AnalysisContext &ctx);
Table clusterChartAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt);

} // namespace accelscope::model::analysis
