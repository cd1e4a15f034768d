// `launch-histogram` (chartdata.h): the launch chart's bins of launch delays.
#include "model/analysis/analyses.h"
#include "model/analysis/charts/chartdata.h"
#include "model/analysis/core/stats.h"
#include "model/analysis/core/tableformat.h"

#include <algorithm>
#include <cmath>

namespace accelscope::model::analysis {

namespace {

constexpr int kBins = 24;

const Column *delayColumn(const Table &launch)
{
    const Column *c = launch.column("launch_delay_ns");
    return c ? c : launch.column("launch_delay");
}

} // namespace

LaunchHistogram launchHistogram(const Table &launch, const std::vector<int> &rowsIn)
{
    LaunchHistogram h;
    h.table = Table("launch-histogram", "Launch delay histogram");
    const Column *delay = delayColumn(launch);
    const Unit unit = delay ? delay->unit : Unit::Nanoseconds;
    Column &binStart = h.table.addReal("bin_start", "Bin start", unit);
    Column &binEnd = h.table.addReal("bin_end", "Bin end", unit);
    Column &launches = h.table.addInt("launches", "Launches", Unit::Count);
    std::vector<int> rows = rowsIn;
    if (rows.empty())
        for (std::size_t r = 0; r < launch.rowCount(); ++r)
            rows.push_back(int(r));
    std::vector<double> sorted;
    if (delay)
        for (int r : rows)
            if (const double v = delay->number(std::size_t(r)); std::isfinite(v))
                sorted.push_back(v);
    if (sorted.empty()) {
        h.table.notes.push_back(delay ? "no launch with a launch delay" : "the launch table has no launch delay column");
        return h;
    }
    std::sort(sorted.begin(), sorted.end());
    const double lo = sorted.front();
    double hi = sorted.back();
    h.max = hi;
    // the cut falls on a delay of the table (the lower of the two around the 99th percentile)
    const double p99 = quantileSorted(sorted, 0.99, QuantileMethod::Lower);
    if (hi > 4 * p99 && p99 > lo) {
        h.cut = p99;
        h.beyondCut = std::size_t(sorted.end() - std::upper_bound(sorted.begin(), sorted.end(), p99));
        hi = p99;
        h.table.notes.push_back("bins up to the 99th percentile (" + formatReal(p99) + "); the last bin also holds the "
                                + std::to_string(h.beyondCut) + " longer delays up to " + formatReal(h.max));
    }
    h.binStart = lo;
    h.binWidth = hi > lo ? (hi - lo) / kBins : 1.0;
    std::vector<std::int64_t> counts(kBins, 0);
    h.firstRow.assign(kBins, -1);
    for (int r : rows) {
        const double v = delay->number(std::size_t(r));
        if (!std::isfinite(v))
            continue;
        const auto bin = std::size_t(std::clamp(int((v - lo) / h.binWidth), 0, kBins - 1));
        ++counts[bin];
        if (h.firstRow[bin] < 0)
            h.firstRow[bin] = r;
    }
    for (int b = 0; b < kBins; ++b) {
        binStart.push(lo + b * h.binWidth);
        binEnd.push(lo + (b + 1) * h.binWidth);
        launches.push(counts[std::size_t(b)]);
    }
    return h;
}

Table launchHistogramAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const Table launch = runAnalysis("launch", ctx, opt);
    Table t = launchHistogram(launch).table;
    if (launch.rowCount() == 0)
        t.notes.insert(t.notes.end(), launch.notes.begin(), launch.notes.end());
    return t;
}

} // namespace accelscope::model::analysis
