// `kernel-types-chart` (chartdata.h): the kernel-type donut's slices.
#include "model/analysis/analyses.h"
#include "model/analysis/charts/chartdata.h"

#include <cmath>

namespace accelscope::model::analysis {

KernelTypesChart kernelTypesChart(const Table &kernelTypes, const std::vector<int> &rowsIn)
{
    KernelTypesChart chart;
    Table &t = chart.table;
    t = Table("kernel-types-chart", "Kernel type chart");
    const Column *value = kernelTypes.column("time_ns");
    if (!value)
        value = kernelTypes.column("sum");
    const Column *type = kernelTypes.column("kernel_type");
    Column &typeOut = t.addText("kernel_type", "Kernel type");
    Column &valueOut = value ? t.addReal(value->id, value->title, value->unit) : t.addReal("time_ns", "Time", Unit::Nanoseconds);
    Column &types = t.addInt("types", "Kernel types", Unit::Count);
    Column &share = t.addReal("share_pct", "Share", Unit::Percent);
    if (!value || !type) {
        t.notes.push_back("the kernel-types table has no kernel_type and time column");
        return chart;
    }
    std::vector<int> rows = rowsIn;
    if (rows.empty())
        for (std::size_t r = 0; r < kernelTypes.rowCount(); ++r)
            rows.push_back(int(r));
    double total = 0;
    for (int r : rows)
        if (const double v = value->number(std::size_t(r)); std::isfinite(v))
            total += v;
    double others = 0;
    std::int64_t otherCount = 0;
    for (int r : rows) {
        const double v = value->number(std::size_t(r));
        if (!std::isfinite(v))
            continue;
        if (total > 0 && v < 0.02 * total) {
            others += v;
            ++otherCount;
            continue;
        }
        typeOut.push(type->texts[std::size_t(r)]);
        valueOut.push(v);
        types.push(std::int64_t(1));
        share.push(total > 0 ? 100 * v / total : std::nan(""));
        chart.typeRows.push_back(r);
    }
    if (otherCount > 0) {
        typeOut.push(std::string("Others"));
        valueOut.push(others);
        types.push(otherCount);
        share.push(100 * others / total);
        chart.typeRows.push_back(-1);
        t.notes.push_back(std::to_string(otherCount) + " kernel types under 2 % of the time in one slice, \"Others\"");
    }
    return chart;
}

Table kernelTypesChartAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    return kernelTypesChart(runAnalysis("kernel-types", ctx, opt)).table;
}

} // namespace accelscope::model::analysis
