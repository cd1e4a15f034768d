// The charts of the PyTorch profiler views (tb-* tables): the step time breakdown and the
// distributed overlap as stacked bars, the memory curve as lines, operators and kernels as top-N
// bars. As in chartspecs.cpp, every value is a cell of the table; nothing is computed here.
#include "chartcolours.h"
#include "chartspecs_p.h"

#include <QCoreApplication>

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>

namespace accelscope::views {

using namespace model::analysis;
using namespace chartcolour;
using namespace chartspecdetail;

namespace {

/// A column in the table's native unit (`id` + "_ns") or the plugin's (`id` + "_us", --tb-compat).
const Column *timeColumn(const Table &t, const std::string &id)
{
    if (const Column *c = t.column(id + "_ns"))
        return c;
    return t.column(id + "_us");
}

/// The category of a step row: the step, with its rank when the rows hold several.
QString stepLabel(const Table &t, int row, bool multi)
{
    const QString step = cellText(t.column("step"), row);
    return multi ? tr("r%1 \u00b7 %2").arg(cellText(t.column("rank"), row), step) : step;
}

/// tb-overview: a bar per step (and the Average row), the plugin's eight roles stacked in its
/// priority order.
ChartSpec overviewSpec(const Table &t, const std::vector<int> &rows)
{
    struct Role {
        const char *id;
        const char *title;
    };
    static constexpr std::array<Role, 8> kRoles = {{{"kernel", "Kernel"},
                                                    {"memcpy", "Memcpy"},
                                                    {"memset", "Memset"},
                                                    {"communication", "Communication"},
                                                    {"runtime", "Runtime"},
                                                    {"dataloader", "DataLoader"},
                                                    {"cpu_exec", "CPU Exec"},
                                                    {"other", "Other"}}};
    const bool multi = severalRanks(t, rows);
    QStringList categories;
    for (int r : rows)
        categories << stepLabel(t, r, multi);
    std::vector<std::pair<const Column *, std::pair<QString, QColor>>> columns;
    for (std::size_t i = 0; i < kRoles.size(); ++i)
        columns.push_back({timeColumn(t, kRoles[i].id), {tr(kRoles[i].title), kPalette[i % std::size(kPalette)]}});
    ChartSpec s = stackedColumns(t, rows, categories, columns);
    s.title = tr("Step time breakdown");
    return s;
}

/// tb-distributed-overlap: with several ranks, a bar per rank from its `all` row (the mean step);
/// with one, a bar per step and the mean, as the plugin drew a worker's steps. Computation,
/// overlapping, communication and other stacked.
ChartSpec distributedOverlapSpec(const Table &t, const std::vector<int> &rowsIn)
{
    const Column *step = t.column("step");
    std::vector<int> rows;
    std::copy_if(rowsIn.begin(), rowsIn.end(), std::back_inserter(rows), [&](int r) { return cellText(step, r) == QLatin1String("all"); });
    const bool meanRows = rows.size() > 1;
    if (!meanRows)
        rows = rowsIn;
    const bool multi = severalRanks(t, rows);
    QStringList categories;
    for (int r : rows)
        categories << (meanRows ? rankText(t, r) : stepLabel(t, r, multi));
    ChartSpec s = stackedColumns(t, rows, categories,
                                 {{timeColumn(t, "computation"), {tr("Computation"), kCompute}},
                                  {timeColumn(t, "overlapping"), {tr("Overlapping"), kOverlap}},
                                  {timeColumn(t, "communication"), {tr("Communication"), kCommunication}},
                                  {timeColumn(t, "other"), {tr("Other"), kIdle}}});
    s.title = meanRows ? tr("Computation and communication per rank (mean step)") : tr("Computation and communication per step");
    return s;
}

/// tb-memory-curve: allocated and reserved memory per device as step lines, each line's peak
/// marked. Native tables only (MB over ns since the trace start); the plugin's KB / ms table is
/// read as a table.
ChartSpec memoryCurveSpec(const Table &t, const std::vector<int> &rows)
{
    const Column *ts = t.column("ts"), *device = t.column("device");
    struct Metric {
        const Column *value;
        const Column *peak; ///< 1 on the device's first sample at its maximum (the table marks it)
        QString name;
    };
    const std::array<Metric, 2> metrics = {{{t.column("allocated_mb"), t.column("allocated_peak"), tr("allocated")},
                                            {t.column("reserved_mb"), t.column("reserved_peak"), tr("reserved")}}};
    ChartSpec s;
    if (!ts || !device || std::any_of(metrics.begin(), metrics.end(), [](const Metric &m) { return !m.value || !m.peak; }))
        return s;
    s.kind = ChartSpec::Kind::Lines;
    s.unit = Unit::None;
    s.valueTitle = tr("Memory (MB)");
    s.title = tr("Memory curve");
    const bool multi = severalRanks(t, rows);
    Distinct<QString> names;
    std::vector<ChartSeries> lines;
    std::vector<int> peakRow;                // per line: the row the table marks as its peak
    std::vector<const Column *> peakValue;   // per line: its value column
    for (int r : rows) {
        for (const Metric &m : metrics) {
            if (!std::isfinite(cell(ts, r)) || !std::isfinite(cell(m.value, r)))
                continue;
            QString name = tr("%1 %2").arg(cellText(device, r), m.name);
            if (multi)
                name = tr("r%1 %2").arg(cellText(t.column("rank"), r), name);
            names.add(name);
            const std::size_t k = names.at(name);
            if (k == lines.size()) {
                lines.emplace_back();
                lines.back().name = name;
                lines.back().color = kPalette[k % std::size(kPalette)];
                peakRow.push_back(-1);
                peakValue.push_back(m.value);
            }
            // the table lists each device's samples in time order
            lines[k].xs.push_back(cell(ts, r));
            lines[k].values.push_back(cell(m.value, r));
            lines[k].rows.push_back(r);
            if (cell(m.peak, r) > 0)
                peakRow[k] = r;
        }
    }
    // the view names a peak after the line of the same index: one point per line, in line order,
    // or none when the filter left some line without its peak
    if (std::all_of(peakRow.begin(), peakRow.end(), [](int r) { return r >= 0; }))
        for (std::size_t k = 0; k < lines.size(); ++k) {
            s.points.emplace_back(cell(ts, peakRow[k]), cell(peakValue[k], peakRow[k]));
            s.pointRows.push_back(peakRow[k]);
        }
    s.series = std::move(lines);
    s.note = tr("Allocated: memory in use by tensors; reserved: held by the caching allocator. The dot marks each line's peak.");
    return s;
}

/// The operator and kernel views: the ten largest rows by `valueId` (device self time for
/// operators, total time for kernels), named by their name column.
ChartSpec topRowsSpec(const Table &t, const std::vector<int> &rows, const std::string &valueId, const QString &valueName,
                      const QString &title)
{
    const Column *value = timeColumn(t, valueId);
    const Column *name = t.column("name");
    const Column *calls = t.column("calls");
    const bool multi = severalRanks(t, rows);
    ChartSpec s = topN(
        t, rows, value, valueName,
        [&](int r) { return multi ? tr("%1 \u00b7 r%2").arg(cellText(name, r), cellText(t.column("rank"), r)) : cellText(name, r); },
        [&](int r) { return calls ? tr("Calls: %1").arg(cellText(calls, r)) : QString(); });
    s.title = title;
    return s;
}

} // namespace

ChartSpec pytorchChartSpec(const Table &t, const std::vector<int> &rows)
{
    const std::string &name = t.name;
    if (name == "tb-overview")
        return overviewSpec(t, rows);
    if (name == "tb-distributed-overlap")
        return distributedOverlapSpec(t, rows);
    if (name == "tb-memory-curve")
        return memoryCurveSpec(t, rows);
    if (name == "tb-operators" || name == "tb-operators-shape" || name == "tb-operators-stack") {
        // a trace without GPU work has device times of 0 only (the table's note says so): host time then
        const Column *device = timeColumn(t, "device_self");
        const bool anyDeviceTime = std::any_of(rows.begin(), rows.end(), [&](int r) { return cell(device, r) > 0; });
        return anyDeviceTime ? topRowsSpec(t, rows, "device_self", tr("Device self time"), tr("Operators by device self time"))
                             : topRowsSpec(t, rows, "host_self", tr("Host self time"), tr("Operators by host self time"));
    }
    if (name == "tb-kernels")
        return topRowsSpec(t, rows, "total", tr("Total time"), tr("Kernels by total time"));
    return {};
}

} // namespace accelscope::views
