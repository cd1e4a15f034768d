// Ascend memory: a summary of the memory counters the importer makes from memory_record.csv /
// MEMORY_RECORD ("<Component> Allocated/Reserved/Active (MB)" on the "Memory" process) and
// npu_module_mem.csv / NPU_MODULE_MEM ("<module> Reserved (MB|KB)" on "NPU Module Memory"), and
// the operator memory table of the "Operator Memory" slices (operator_memory.csv / OP_MEMORY).
// Values stay in the files' MB (MiB, as torch_npu divides bytes by 1024²); KB series are divided
// by 1024. Definitions: docs/analysis.md, section "Ascend communication and memory".
#include "model/analysis/analyses.h"
#include "model/analysis/common/memorytimeline.h"
#include "model/timeparse.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace accelscope::model::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool toNumber(std::string_view v, double &out)
{
    const auto r = std::from_chars(v.data(), v.data() + v.size(), out);
    return r.ec == std::errc() && r.ptr == v.data() + v.size();
}

} // namespace

bool splitMemorySeriesName(std::string_view name, std::string &component, std::string &metric, double &scale)
{
    if (name.size() < 6 || name.back() != ')')
        return false;
    const std::size_t open = name.rfind(" (");
    if (open == std::string_view::npos)
        return false;
    const std::string_view unit = name.substr(open + 2, name.size() - open - 3);
    if (unit == "MB")
        scale = 1.0;
    else if (unit == "KB")
        scale = 1.0 / 1024.0;
    else
        return false;
    const std::string_view head = name.substr(0, open);
    const std::size_t sp = head.rfind(' ');
    if (sp == std::string_view::npos)
        return false;
    component = std::string(head.substr(0, sp));
    metric = std::string(head.substr(sp + 1));
    return true;
}

Table memorySummary(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const Trace &tr = ctx.trace();
    Table t("memory", "Memory per component (Ascend)");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addInt("device", "Device", Unit::Id);
    Column &source = t.addText("source", "Source");
    Column &component = t.addText("component", "Component");
    Column &metric = t.addText("metric", "Metric");
    Column &samples = t.addInt("samples", "Samples", Unit::Count);
    Column &peak = t.addReal("peak_mb", "Peak (MB)");
    Column &peakTs = t.addInt("peak_ts", "Peak at", Unit::TimestampNs);
    Column &mean = t.addReal("mean_mb", "Time-weighted mean (MB)");
    Column &minV = t.addReal("min_mb", "Minimum (MB)");
    Column &last = t.addReal("last_mb", "Last (MB)");
    struct Row {
        int rank, device;
        std::string source, component, metric;
        TrackId track;
        double scale;
    };
    std::vector<Row> rows;
    for (const Process &p : tr.processes()) {
        const std::string_view pname = tr.str(p.name);
        const bool record = pname == "Memory", module = pname == "NPU Module Memory";
        const int r = rankOf(p);
        if ((!record && !module) || !opt.wantsRank(r))
            continue;
        for (TrackId tid : p.tracks) {
            const Track &tk = tr.track(tid);
            Row row{r, p.device, record ? "memory_record" : "npu_module_mem", {}, {}, tid, 1.0};
            if (tk.role != TrackRole::Counter || tk.counter.size() == 0
                || !splitMemorySeriesName(tr.str(tk.name), row.component, row.metric, row.scale))
                continue;
            rows.push_back(std::move(row));
        }
    }
    std::sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
        return std::tie(a.rank, a.device, a.source, a.component, a.metric) < std::tie(b.rank, b.device, b.source, b.component, b.metric);
    });
    for (const Row &row : rows) {
        if (opt.stop.stop_requested())
            return t;
        const CounterSeries &c = tr.track(row.track).counter;
        // the samples in the window, with the value carried into the range's start
        std::size_t b = 0, e = c.size();
        std::vector<std::pair<TimeNs, double>> pts;
        if (opt.range) {
            b = std::size_t(std::lower_bound(c.ts.begin(), c.ts.end(), opt.range->first) - c.ts.begin());
            e = std::size_t(std::lower_bound(c.ts.begin(), c.ts.end(), opt.range->second) - c.ts.begin());
            if (b > 0 && (b == c.size() || c.ts[b] > opt.range->first) && opt.range->first < opt.range->second)
                pts.emplace_back(opt.range->first, c.value[b - 1]);
        }
        for (std::size_t i = b; i < e; ++i)
            pts.emplace_back(c.ts[i], c.value[i]);
        if (pts.empty())
            continue;
        double pk = pts[0].second, mn = pts[0].second, area = 0;
        TimeNs pkTs = pts[0].first;
        for (std::size_t i = 0; i < pts.size(); ++i) {
            if (pts[i].second > pk) {
                pk = pts[i].second;
                pkTs = pts[i].first;
            }
            mn = std::min(mn, pts[i].second);
            if (i + 1 < pts.size())
                area += pts[i].second * double(pts[i + 1].first - pts[i].first);
        }
        const TimeNs span = pts.back().first - pts.front().first;
        rank.push(std::int64_t(row.rank));
        device.push(row.device < 0 ? kNullInt : std::int64_t(row.device));
        source.push(row.source);
        component.push(row.component);
        metric.push(row.metric);
        samples.push(std::int64_t(e - b));
        peak.push(pk * row.scale);
        peakTs.push(pkTs - tr.startNs());
        mean.push((span > 0 ? area / double(span) : pts.back().second) * row.scale);
        minV.push(mn * row.scale);
        last.push(pts.back().second * row.scale);
        t.keys.push_back(RowKey{kEmptyString, row.rank, -1, SliceRef{}}); // a counter: nothing to reveal
    }
    if (opt.range)
        t.notes.push_back("range: the value at its start is the last sample before it");
    return t;
}

Table operatorMemory(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const Trace &tr = ctx.trace();
    Table t("operator-memory", "Operator memory (Ascend)");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addInt("device", "Device", Unit::Id);
    Column &name = t.addText("name", "Operator");
    Column &size = t.addInt("size_bytes", "Size", Unit::Bytes);
    Column &alloc = t.addInt("allocation_ts", "Allocated at", Unit::TimestampNs);
    Column &release = t.addInt("release_ts", "Released at", Unit::TimestampNs);
    Column &dur = t.addInt("duration_ns", "Duration", Unit::Nanoseconds);
    Column &activeDur = t.addInt("active_duration_ns", "Active duration", Unit::Nanoseconds);
    Column &allocated = t.addReal("allocated_at_allocation_mb", "Total allocated at allocation (MB)");
    Column &reserved = t.addReal("reserved_at_allocation_mb", "Total reserved at allocation (MB)");
    struct Row {
        int rank, device;
        SliceRef slice;
        TimeNs start;
    };
    std::vector<Row> rows;
    for (const Process &p : tr.processes()) {
        const int r = rankOf(p);
        if (tr.str(p.name) != "Memory" || !opt.wantsRank(r))
            continue;
        for (TrackId tid : p.tracks) {
            const Track &tk = tr.track(tid);
            if (tr.str(tk.name) != "Operator Memory")
                continue;
            for (std::uint32_t i = 0; i < tk.slices.size(); ++i) {
                const TimeNs s = tk.slices.start[i], e = s + tk.slices.dur[i];
                if (!opt.overlapsRange(s, e))
                    continue;
                rows.push_back({r, p.device, {tid, i}, s});
            }
        }
    }
    std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) { return std::tie(a.rank, a.start) < std::tie(b.rank, b.start); });
    std::int64_t unreleased = 0;
    for (const Row &row : rows) {
        const Track &tk = tr.track(row.slice.track);
        const std::uint32_t i = row.slice.index;
        double kb = kNaN, alloMb = kNaN, resMb = kNaN;
        TimeNs active = 0;
        bool hasActive = false, released = true;
        forEachTopLevelScalar(tr.args().json(tk.slices.args[i]), [&](std::string_view key, std::string_view v, bool isString) {
            if (key == "Size(KB)")
                toNumber(v, kb);
            else if (key == "Allocation Total Allocated(MB)")
                toNumber(v, alloMb);
            else if (key == "Allocation Total Reserved(MB)")
                toNumber(v, resMb);
            else if (key == "Active Duration(us)")
                hasActive = parseMicrosToNs(v, active);
            else if (key == "Released")
                released = false;
            else if (key == "Release Time(us)") {
                TimeNs rel = 0;
                if (parseMicrosToNs(v, rel) && rel < 0)
                    released = false;
            }
        });
        unreleased += released ? 0 : 1;
        rank.push(std::int64_t(row.rank));
        device.push(row.device < 0 ? kNullInt : std::int64_t(row.device));
        name.push(std::string(tr.str(tk.slices.name[i])));
        if (std::isnan(kb))
            size.pushNull();
        else
            size.push(std::int64_t(std::llround(kb * 1024.0)));
        alloc.push(row.start - tr.startNs());
        if (released) {
            release.push(row.start + tk.slices.dur[i] - tr.startNs());
            dur.push(tk.slices.dur[i]);
        } else {
            release.pushNull();
            dur.pushNull();
        }
        if (hasActive && active >= 0)
            activeDur.push(active);
        else
            activeDur.pushNull();
        allocated.push(alloMb);
        reserved.push(resMb);
        // the allocation itself; no name, so a panel does not step through same-named host ops
        t.keys.push_back(RowKey{kEmptyString, row.rank, -1, row.slice});
    }
    if (unreleased)
        t.notes.push_back(std::to_string(unreleased) + " allocations not released within the profiling window (no release time or duration)");
    return t;
}

} // namespace accelscope::model::analysis
