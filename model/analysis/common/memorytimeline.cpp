// memory-timeline: the memory series of a trace as table rows (one per kept sample), so that a
// chart draws the table's own cells. Definitions: docs/analysis.md, "Memory over time".
#include "model/analysis/common/memorytimeline.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <tuple>

namespace accelscope::model::analysis {

namespace {

constexpr double kBytesPerMiB = 1024.0 * 1024.0;

struct SeriesKey {
    int rank = 0;
    int device = -1;
    std::string source, component, metric;
    auto tie() const { return std::tie(rank, device, source, component, metric); }
    bool operator<(const SeriesKey &o) const { return tie() < o.tie(); }
};

using Points = std::vector<std::pair<TimeNs, double>>; // absolute ns, MB

bool toNumber(std::string_view v, double &out)
{
    const auto r = std::from_chars(v.data(), v.data() + v.size(), out);
    return r.ec == std::errc() && r.ptr == v.data() + v.size();
}

/// The samples inside the range, with the value in force at the range start carried there
/// (a counter holds its last value until the next sample).
Points windowed(const Points &all, const AnalysisOptions &opt)
{
    if (!opt.range)
        return all;
    const auto [first, second] = *opt.range;
    const auto byTs = [](const std::pair<TimeNs, double> &p, TimeNs t) { return p.first < t; };
    const auto b = std::lower_bound(all.begin(), all.end(), first, byTs);
    const auto e = std::lower_bound(all.begin(), all.end(), second, byTs);
    Points out;
    if (b != all.begin() && (b == all.end() || b->first > first) && first < second)
        out.emplace_back(first, std::prev(b)->second);
    out.insert(out.end(), b, e);
    return out;
}

/// At most `maxPoints` samples: equal time bins over the series' span, each keeping its
/// largest sample (the first of equals), so the series' peak is always kept.
Points downsampled(const Points &p, std::size_t maxPoints)
{
    if (p.size() <= maxPoints || maxPoints == 0)
        return p;
    const double t0 = double(p.front().first), span = double(p.back().first) - t0 + 1.0;
    Points out;
    std::size_t lastBin = ~std::size_t(0);
    for (const auto &s : p) {
        const std::size_t bin = std::min(maxPoints - 1, std::size_t((double(s.first) - t0) / span * double(maxPoints)));
        if (bin != lastBin) {
            out.push_back(s);
            lastBin = bin;
        } else if (s.second > out.back().second) {
            out.back() = s;
        }
    }
    return out;
}

/// Ascend: the "Memory" (memory_record) and "NPU Module Memory" (npu_module_mem) counters.
void collectAscend(const Trace &tr, const AnalysisOptions &opt, std::map<SeriesKey, Points> &series)
{
    for (const Process &p : tr.processes()) {
        const std::string_view pname = tr.str(p.name);
        const bool record = pname == "Memory", module = pname == "NPU Module Memory";
        if ((!record && !module) || !opt.wantsRank(rankOf(p)))
            continue;
        for (TrackId tid : p.tracks) {
            const Track &tk = tr.track(tid);
            SeriesKey key{rankOf(p), p.device, record ? "memory_record" : "npu_module_mem", {}, {}};
            double scale = 1.0;
            if (tk.role != TrackRole::Counter || tk.counter.size() == 0
                || !splitMemorySeriesName(tr.str(tk.name), key.component, key.metric, scale))
                continue;
            Points &pts = series[key];
            for (std::size_t i = 0; i < tk.counter.size(); ++i)
                pts.emplace_back(tk.counter.ts[i], tk.counter.value[i] * scale);
        }
    }
}

/// c10::DeviceType of Kineto's "Device Type" arg.
std::string deviceTypeName(double type)
{
    if (std::isnan(type)) // no "Device Type" arg: the device by its id alone
        return "device";
    if (type == 0)
        return "CPU";
    if (type == 1)
        return "CUDA";
    if (type == 8)
        return "XPU";
    if (type == 20)
        return "PrivateUse1";
    if (type >= 0 && type < 1e6) // hostile input: no conversion of a huge or NaN double
        return "device type " + std::to_string(std::int64_t(type));
    return "unknown device type";
}

/// Kineto: `[memory]` instants, "Total Allocated" / "Total Reserved" in bytes after the event,
/// per "Device Type" and "Device Id" (-1 on the CPU).
void collectKineto(const Trace &tr, const AnalysisOptions &opt, std::map<SeriesKey, Points> &series)
{
    for (const Process &p : tr.processes()) {
        if (!opt.wantsRank(rankOf(p)))
            continue;
        for (TrackId tid : p.tracks) {
            const InstantColumns &in = tr.track(tid).instants;
            for (std::size_t i = 0; i < in.size(); ++i) {
                if (tr.str(in.name[i]) != "[memory]")
                    continue;
                double type = std::nan(""), id = -1, allocated = -1, reserved = -1;
                std::string typeText;
                forEachTopLevelScalar(tr.args().json(in.args[i]), [&](std::string_view k, std::string_view v, bool isString) {
                    if (k == "Device Type") {
                        if (isString)
                            typeText = std::string(v);
                        else
                            toNumber(v, type);
                    } else if (k == "Device Id") {
                        toNumber(v, id);
                    } else if (k == "Total Allocated") {
                        toNumber(v, allocated);
                    } else if (k == "Total Reserved") {
                        toNumber(v, reserved);
                    }
                });
                const int device = id >= 0 && id < 1e6 ? int(id) : -1;
                std::string component = typeText.empty() ? deviceTypeName(type) : typeText;
                if (device >= 0)
                    component += ":" + std::to_string(device);
                if (!std::isfinite(allocated))
                    allocated = -1;
                if (!std::isfinite(reserved))
                    reserved = -1;
                if (allocated >= 0)
                    series[{rankOf(p), device, "kineto", component, "Allocated"}].emplace_back(in.ts[i], allocated / kBytesPerMiB);
                if (reserved >= 0)
                    series[{rankOf(p), device, "kineto", component, "Reserved"}].emplace_back(in.ts[i], reserved / kBytesPerMiB);
            }
        }
    }
    for (auto &[key, pts] : series)
        if (key.source == "kineto") // instants of several threads: one time order
            std::stable_sort(pts.begin(), pts.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
}

} // namespace

Table memoryTimeline(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const Trace &tr = ctx.trace();
    Table t("memory-timeline", "Memory over time");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addInt("device", "Device", Unit::Id);
    Column &source = t.addText("source", "Source");
    Column &component = t.addText("component", "Component");
    Column &metric = t.addText("metric", "Metric");
    Column &ts = t.addInt("ts", "Time", Unit::TimestampNs);
    Column &value = t.addReal("value_mb", "Value (MB)");
    Column &peak = t.addInt("peak", "Series peak", Unit::Count);
    std::map<SeriesKey, Points> series;
    collectAscend(tr, opt, series);
    collectKineto(tr, opt, series);
    if (series.empty()) {
        t.notes.push_back("no memory data in the trace (for the ranks asked for): it needs Ascend memory_record.csv / "
                          "MEMORY_RECORD or npu_module_mem.csv, or Kineto [memory] events (PyTorch profiler with "
                          "profile_memory=True)");
        return t;
    }
    std::size_t downsampledSeries = 0, emptyInRange = 0;
    for (const auto &[key, all] : series) {
        if (opt.stop.stop_requested())
            return t;
        const Points inRange = windowed(all, opt);
        if (inRange.empty()) {
            ++emptyInRange;
            continue;
        }
        const Points kept = downsampled(inRange, kMemoryTimelineMaxPoints);
        downsampledSeries += kept.size() < inRange.size() ? 1 : 0;
        const auto top = std::max_element(kept.begin(), kept.end(), [](const auto &a, const auto &b) { return a.second < b.second; });
        for (auto it = kept.begin(); it != kept.end(); ++it) {
            rank.push(std::int64_t(key.rank));
            device.push(key.device < 0 ? kNullInt : std::int64_t(key.device));
            source.push(key.source);
            component.push(key.component);
            metric.push(key.metric);
            ts.push(it->first - tr.startNs());
            value.push(it->second);
            peak.push(std::int64_t(it == top ? 1 : 0));
            t.keys.push_back(RowKey{kEmptyString, key.rank, -1, SliceRef{}}); // a counter sample: no slice
        }
    }
    if (downsampledSeries)
        t.notes.push_back(std::to_string(downsampledSeries) + " series longer than " + std::to_string(kMemoryTimelineMaxPoints)
                          + " samples downsampled: equal time bins, each keeping its largest sample (peaks kept, dips may be lost)");
    if (emptyInRange)
        t.notes.push_back(std::to_string(emptyInRange) + " series without a sample in or before the range left out");
    if (opt.range)
        t.notes.push_back("range: the value at its start is the last sample before it");
    return t;
}

} // namespace accelscope::model::analysis
