#include "model/analysis/common/derivedseries.h"

#include "model/analysis/analyses.h"
#include "model/analysis/tbplugin/tbanalyses.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace accelscope::model::analysis {

namespace {

bool intColumn(const Column *c)
{
    return c && c->type == ColumnType::Int;
}

/// Where a series of (rank, pid) goes; see DerivedSeries::process.
class ProcessPlacement {
public:
    explicit ProcessPlacement(const Trace &trace) : m_trace(trace)
    {
        for (const Process &p : trace.processes()) {
            const int rank = rankOf(p);
            m_byRankPid[{rank, p.pid}].push_back(p.id);
            if (p.kind == ProcessKind::Device)
                m_firstDeviceOfRank.emplace(rank, p.id);
        }
        for (auto &[key, ids] : m_byRankPid)
            std::stable_partition(ids.begin(), ids.end(), [&](ProcessId id) {
                return trace.process(id).kind == ProcessKind::Device;
            });
    }

    /// The processes of (rank, pid), device processes first.
    const std::vector<ProcessId> &processes(std::int64_t rank, std::int64_t pid) const
    {
        static const std::vector<ProcessId> none;
        const auto it = m_byRankPid.find({rank, pid});
        return it == m_byRankPid.end() ? none : it->second;
    }

    ProcessId processOf(std::int64_t rank, std::int64_t pid) const
    {
        const auto &ids = processes(rank, pid);
        if (!ids.empty() && m_trace.process(ids.front()).kind == ProcessKind::Device)
            return ids.front();
        if (const auto it = m_firstDeviceOfRank.find(rank); it != m_firstDeviceOfRank.end())
            return it->second;
        return ids.empty() ? kInvalidId : ids.front();
    }

private:
    const Trace &m_trace;
    std::map<std::pair<std::int64_t, std::int64_t>, std::vector<ProcessId>> m_byRankPid;
    std::map<std::int64_t, ProcessId> m_firstDeviceOfRank;
};

void setSamples(DerivedSeries &s, std::vector<std::pair<TimeNs, double>> &pts)
{
    std::stable_sort(pts.begin(), pts.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    s.ts.reserve(pts.size());
    s.values.reserve(pts.size());
    for (const auto &[t, v] : pts) {
        s.ts.push_back(t);
        s.values.push_back(v);
    }
}

std::vector<DerivedSeries> queueLengthSeriesOf(const Trace &trace, const Table &t)
{
    const Column *rank = t.column("rank"), *ts = t.column("ts_ns"), *pid = t.column("pid"), *tid = t.column("tid"),
                 *stream = t.column("stream"), *ql = t.column("queue_length");
    if (!intColumn(rank) || !intColumn(ts) || !intColumn(pid) || !intColumn(tid) || !intColumn(stream) || !ql)
        return {};
    using Key = std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t>; // rank, pid, stream, tid
    std::map<Key, std::vector<std::pair<TimeNs, double>>> groups;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        if (ts->isNull(r) || ql->isNull(r))
            continue;
        groups[{rank->ints[r], pid->ints[r], stream->ints[r], tid->ints[r]}].emplace_back(trace.startNs() + ts->ints[r],
                                                                                          ql->number(r));
    }
    const ProcessPlacement placement(trace);
    std::vector<DerivedSeries> out;
    out.reserve(groups.size());
    for (auto &[key, pts] : groups) {
        DerivedSeries s;
        s.kind = DerivedSeriesKind::QueueLength;
        s.name = "Queue Length"; // HTA's counter name
        s.rank = static_cast<std::int32_t>(std::get<0>(key));
        s.pid = std::get<1>(key);
        s.stream = std::get<2>(key);
        s.tid = std::get<3>(key);
        s.label = "Queue length (stream " + std::to_string(s.stream) + ")";
        s.process = placement.processOf(s.rank, s.pid);
        // the stream's track: the device stream with that tid (any non-counter track with it otherwise)
        for (ProcessId p : placement.processes(s.rank, s.pid)) {
            for (TrackId id : trace.process(p).tracks) {
                const Track &track = trace.track(id);
                if (track.tid != s.tid || track.role == TrackRole::Counter)
                    continue;
                if (s.anchor == kInvalidId || track.role == TrackRole::DeviceStream) {
                    s.anchor = id;
                    s.process = p;
                }
                if (track.role == TrackRole::DeviceStream)
                    break;
            }
            if (s.anchor != kInvalidId)
                break;
        }
        setSamples(s, pts);
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<DerivedSeries> memcpyBandwidthSeriesOf(const Trace &trace, const Table &t)
{
    const Column *rank = t.column("rank"), *dev = t.column("device"), *kind = t.column("kind"), *ts = t.column("ts_ns"),
                 *bw = t.column("bandwidth_gbps");
    if (!intColumn(rank) || !intColumn(dev) || !kind || kind->type != ColumnType::Text || !intColumn(ts) || !bw)
        return {};
    using Key = std::tuple<std::int64_t, std::int64_t, std::string>; // rank, device, copy kind
    std::map<Key, std::vector<std::pair<TimeNs, double>>> groups;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        if (ts->isNull(r) || bw->isNull(r))
            continue;
        groups[{rank->ints[r], dev->ints[r], kind->texts[r]}].emplace_back(trace.startNs() + ts->ints[r], bw->number(r));
    }
    const ProcessPlacement placement(trace);
    std::vector<DerivedSeries> out;
    out.reserve(groups.size());
    for (auto &[key, pts] : groups) {
        DerivedSeries s;
        s.kind = DerivedSeriesKind::MemcpyBandwidth;
        s.rank = static_cast<std::int32_t>(std::get<0>(key));
        s.pid = std::get<1>(key);
        s.name = std::get<2>(key); // HTA names the counter after the copy kind
        s.label = "Memcpy bandwidth GB/s (" + s.name + ")";
        s.process = placement.processOf(s.rank, s.pid);
        setSamples(s, pts);
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<DerivedSeries> gpuUtilizationSeriesOf(const Trace &trace, const Table &t)
{
    const Column *rank = t.column("rank"), *dev = t.column("device"), *ts = t.column("ts_ns"), *pct = t.column("utilization_pct");
    if (!intColumn(rank) || !intColumn(dev) || !intColumn(ts) || !pct)
        return {};
    using Key = std::pair<std::int64_t, std::int64_t>; // rank, device
    std::map<Key, std::vector<std::pair<TimeNs, double>>> groups;
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        if (!ts->isNull(r) && !pct->isNull(r))
            groups[{rank->ints[r], dev->ints[r]}].emplace_back(trace.startNs() + ts->ints[r], pct->number(r));
    const ProcessPlacement placement(trace);
    std::vector<DerivedSeries> out;
    out.reserve(groups.size());
    for (auto &[key, pts] : groups) {
        DerivedSeries s;
        s.kind = DerivedSeriesKind::GpuUtilization;
        s.rank = static_cast<std::int32_t>(key.first);
        s.pid = key.second; // Kineto's GPU process has the device id as its pid
        s.name = "GPU Utilization"; // the plugin's counter name
        s.label = "GPU utilization % (GPU " + std::to_string(s.pid) + ")";
        s.process = placement.processOf(s.rank, s.pid);
        setSamples(s, pts);
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace

std::vector<DerivedSeries> derivedSeriesFromTable(const Trace &trace, DerivedSeriesKind kind, const Table &table)
{
    switch (kind) {
    case DerivedSeriesKind::QueueLength:
        return queueLengthSeriesOf(trace, table);
    case DerivedSeriesKind::MemcpyBandwidth:
        return memcpyBandwidthSeriesOf(trace, table);
    case DerivedSeriesKind::GpuUtilization:
        return gpuUtilizationSeriesOf(trace, table);
    }
    return {};
}

std::vector<DerivedSeries> derivedCounterSeries(const AnalysisContext &ctx, DerivedSeriesKind kind, std::stop_token stop)
{
    AnalysisOptions opt; // native: absolute ns, the whole trace, every rank
    opt.stop = stop;
    const Table t = kind == DerivedSeriesKind::QueueLength       ? queueLengthSeries(ctx, opt)
                    : kind == DerivedSeriesKind::MemcpyBandwidth ? memcpyBandwidthSeries(ctx, opt)
                                                                 : tbGpuUtilizationSeries(ctx, opt);
    if (stop.stop_requested())
        return {};
    return derivedSeriesFromTable(ctx.trace(), kind, t);
}

} // namespace accelscope::model::analysis
