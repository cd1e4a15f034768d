// Memory-copy bandwidth (HTA §8) and queue length (HTA §9) time series and summaries.
#include "model/analysis/analyses.h"
#include "model/analysis/core/eventset.h"
#include "model/analysis/core/intervals.h"
#include "model/analysis/core/stats.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace accelscope::model::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Point {
    std::int64_t ts;
    double delta;
    int order; // tie-break at equal ts: ends (0) before starts (1)
};

const Track &trackOf(const AnalysisContext &ctx, std::uint32_t gid) { return ctx.trace().track(ctx.index().ref(gid).track); }

// ---------- memcpy bandwidth ----------

struct BwSeries {
    int rank;
    std::string kind;
    std::int64_t pid = 0;
    std::vector<std::pair<std::int64_t, double>> points; // (ts, running bandwidth), one per change
    // native summary inputs
    std::int64_t copies = 0, bytes = 0;
    std::vector<Interval> iv;
};

std::vector<BwSeries> bandwidthSeries(const AnalysisContext &ctx, const AnalysisOptions &opt, EventSet &s)
{
    s = selectEvents(ctx, opt, SelectGpu);
    const Trace &tr = ctx.trace();
    const EventIndex &ix = ctx.index();
    std::map<std::pair<int, std::string>, std::pair<std::vector<Point>, BwSeries>> groups;
    for (const Ev &e : s.gpu) {
        if (e.type != KernelType::Memory)
            continue;
        const Track &track = trackOf(ctx, e.gid);
        std::string kind = s.compat ? htaMemcpyKind(tr.str(e.name)) : nativeMemcpyKind(tr.str(e.name), track.engine);
        auto &g = groups[{e.rank, kind}];
        BwSeries &bs = g.second;
        bs.rank = e.rank;
        bs.kind = kind;
        bs.pid = tr.process(track.process).pid;
        double bw = ix.bandwidth[e.gid];
        const std::int64_t bytes = ix.bytes[e.gid];
        std::int64_t dur = e.dur;
        if (s.compat) {
            if (std::isnan(bw))
                bw = 0.0;
            if (dur == 0)
                dur = 1; // HTA
        } else {
            if (dur <= 0)
                continue; // a zero-length copy has no meaningful bandwidth
            if (std::isnan(bw))
                bw = bytes > 0 ? double(bytes) / double(dur) : 0.0; // bytes per ns = GB/s
            ++bs.copies;
            if (bytes > 0)
                bs.bytes += bytes;
            bs.iv.push_back({e.ts, e.ts + dur});
        }
        g.first.push_back({e.ts, bw, 1});
        g.first.push_back({e.ts + dur, -bw, 0});
    }
    std::vector<BwSeries> out;
    for (auto &[key, g] : groups) {
        auto &pts = g.first;
        std::stable_sort(pts.begin(), pts.end(), [](const Point &a, const Point &b) {
            return a.ts != b.ts ? a.ts < b.ts : a.order < b.order;
        });
        BwSeries &bs = g.second;
        double run = 0;
        for (std::size_t i = 0; i < pts.size(); ++i) {
            run += pts[i].delta;
            if (s.compat) {
                bs.points.emplace_back(pts[i].ts, run); // HTA: one row per point
            } else if (i + 1 == pts.size() || pts[i + 1].ts != pts[i].ts) {
                // one value per distinct time, after every change at that time; clean up the
                // floating-point residue of a drained sum
                bs.points.emplace_back(pts[i].ts, std::fabs(run) < 1e-9 ? 0.0 : run);
            }
        }
        out.push_back(std::move(bs));
    }
    return out;
}

// ---------- queue length ----------

constexpr const char *kEnqueueNames[] = {"cudaLaunchKernel", "cudaLaunchKernelExC", "cuLaunchKernel", "cuLaunchKernelEx",
                                         "cudaMemcpyAsync", "cudaMemsetAsync", "hipLaunchKernel",
                                         "hipExtModuleLaunchKernel", "hipMemcpyAsync", "hipMemsetAsync",
                                         "hipMemcpyWithStream", "runFunction - job_prep_and_submit_for_execution"};

struct QueueSeries {
    int rank;
    std::int64_t stream, pid = 0, tid = 0;
    std::vector<std::pair<std::int64_t, std::int64_t>> points; // (ts, queue length)
};

std::vector<QueueSeries> queueSeries(const AnalysisContext &ctx, const AnalysisOptions &opt, EventSet &s)
{
    s = selectEvents(ctx, opt, SelectGpu | SelectCpu);
    const Trace &tr = ctx.trace();
    std::unordered_set<StringId> names;
    for (const char *n : kEnqueueNames)
        if (const StringId id = tr.strings().find(n); id != kInvalidId)
            names.insert(id);
    const CorrelationGroups cg = correlationGroups(s);
    struct QP {
        std::int64_t ts;
        int delta;
    };
    std::map<std::pair<int, std::int64_t>, std::pair<std::vector<QP>, QueueSeries>> groups;
    std::vector<char> enqueuedCpu(s.cpu.size(), 0);
    for (std::uint32_t ci = 0; ci < s.cpu.size(); ++ci) {
        const Ev &e = s.cpu[ci];
        if (e.corr == -1 || !names.count(e.name))
            continue;
        const std::int32_t p = cg.gpuOfCpu[ci];
        if (p < 0)
            continue; // no device partner: not counted (HTA: index_correlation > 0)
        const Ev &g = s.gpu[std::size_t(p)];
        auto &grp = groups[{e.rank, g.stream}];
        grp.first.push_back({e.ts, +1});
        QueueSeries &qs = grp.second;
        qs.rank = e.rank;
        qs.stream = g.stream;
        const Track &gt = trackOf(ctx, g.gid);
        qs.pid = tr.process(gt.process).pid;
        qs.tid = gt.tid;
        enqueuedCpu[ci] = 1;
    }
    // dequeue: every device row whose correlation was enqueued (HTA: correlation in the set)
    for (const CorrelationGroups::Group &grp : cg.groups) {
        bool enq = false;
        for (std::uint32_t m = grp.cpuBegin; m < grp.cpuEnd && !enq; ++m)
            enq = enqueuedCpu[cg.cpu[m]];
        if (!enq)
            continue;
        for (std::uint32_t m = grp.gpuBegin; m < grp.gpuEnd; ++m) {
            const Ev &g = s.gpu[cg.gpu[m]];
            auto gi = groups.find({g.rank, g.stream});
            if (gi != groups.end())
                gi->second.first.push_back({g.ts, -1});
        }
    }
    std::vector<QueueSeries> out;
    for (auto &[key, grp] : groups) {
        auto &pts = grp.first;
        // at equal times, dequeues (a kernel starting) before enqueues
        std::stable_sort(pts.begin(), pts.end(), [](const QP &a, const QP &b) {
            return a.ts != b.ts ? a.ts < b.ts : a.delta < b.delta;
        });
        QueueSeries &qs = grp.second;
        std::int64_t run = 0;
        for (std::size_t i = 0; i < pts.size(); ++i) {
            run += pts[i].delta;
            if (s.compat || i + 1 == pts.size() || pts[i + 1].ts != pts[i].ts)
                qs.points.emplace_back(pts[i].ts, run);
        }
        out.push_back(std::move(qs));
    }
    return out;
}

void pushDescribe(Table &t, std::size_t firstCol, std::vector<double> &v)
{
    const Describe d = describe(v);
    const double vals[] = {d.count, d.mean, d.std, d.min, d.q25, d.q50, d.q75, d.max};
    for (std::size_t k = 0; k < 8; ++k)
        t.columns[firstCol + k].push(vals[k]);
}

void addDescribeColumns(Table &t, const std::string &prefix, Unit u)
{
    t.addReal(prefix + "_count", "Count", Unit::Count);
    for (const char *st : {"mean", "std", "min", "25%", "50%", "75%", "max"})
        t.addReal(prefix + "_" + st, st, u);
}

} // namespace

Table memcpyBandwidthSeries(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    EventSet s;
    const auto series = bandwidthSeries(ctx, opt, s);
    Table t("memcpy-bw-series", "Memory copy bandwidth over time");
    if (s.compat) {
        Column &ts = t.addInt("ts", "Time", Unit::TimestampUs);
        Column &pid = t.addInt("pid", "Device", Unit::Id);
        Column &name = t.addText("name", "Copy kind");
        Column &bw = t.addReal("memory_bw_gbps", "Bandwidth", Unit::GBps);
        Column &rank = t.addInt("rank", "Rank", Unit::Id);
        for (const BwSeries &bs : series)
            for (auto [x, v] : bs.points) {
                ts.push(x);
                pid.push(bs.pid);
                name.push(bs.kind);
                bw.push(v);
                rank.push(std::int64_t(bs.rank));
            }
    } else {
        Column &rank = t.addInt("rank", "Rank", Unit::Id);
        Column &pid = t.addInt("device", "Device", Unit::Id);
        Column &name = t.addText("kind", "Copy kind");
        Column &ts = t.addInt("ts_ns", "Time", Unit::TimestampNs);
        Column &bw = t.addReal("bandwidth_gbps", "Bandwidth", Unit::GBps);
        for (const BwSeries &bs : series)
            for (auto [x, v] : bs.points) {
                rank.push(std::int64_t(bs.rank));
                pid.push(bs.pid);
                name.push(bs.kind);
                ts.push(s.outTime(x));
                bw.push(v);
            }
    }
    t.notes = s.notes;
    return t;
}

Table memcpyBandwidthSummary(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    EventSet s;
    const auto series = bandwidthSeries(ctx, opt, s);
    Table t("memcpy-bw", "Memory copy bandwidth");
    if (s.compat) {
        t.addInt("rank", "Rank", Unit::Id);
        t.addText("name", "Copy kind");
        addDescribeColumns(t, "memory_bw_gbps", Unit::GBps);
        for (const BwSeries &bs : series) {
            std::vector<double> v;
            for (auto [x, val] : bs.points)
                if (val > 0)
                    v.push_back(val); // HTA: change points with a positive value, not time-weighted
            if (v.empty())
                continue;
            t.columns[0].push(std::int64_t(bs.rank));
            t.columns[1].push(bs.kind);
            pushDescribe(t, 2, v);
        }
        t.notes = s.notes;
        return t;
    }
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &kind = t.addText("kind", "Copy kind");
    Column &copies = t.addInt("copies", "Copies", Unit::Count);
    Column &bytes = t.addInt("bytes", "Bytes", Unit::Bytes);
    Column &busy = t.addInt("busy_ns", "Busy (union)", Unit::Nanoseconds);
    Column &avg = t.addReal("avg_bandwidth_gbps", "Average while busy", Unit::GBps);
    Column &peak = t.addReal("peak_bandwidth_gbps", "Peak", Unit::GBps);
    for (BwSeries bs : series) {
        double pk = 0;
        for (auto [x, v] : bs.points)
            pk = std::max(pk, v);
        const std::int64_t b = totalLength(unionOf(bs.iv));
        rank.push(std::int64_t(bs.rank));
        kind.push(bs.kind);
        copies.push(bs.copies);
        bytes.push(bs.bytes);
        busy.push(b);
        avg.push(b > 0 && bs.bytes > 0 ? double(bs.bytes) / double(b) : kNaN);
        peak.push(pk);
    }
    t.notes = s.notes;
    return t;
}

Table queueLengthSeries(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    EventSet s;
    const auto series = queueSeries(ctx, opt, s);
    Table t("queue-length-series", "Queue length over time");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &ts = t.addInt(s.compat ? "ts" : "ts_ns", "Time", timeUnit(s));
    Column &pid = t.addInt("pid", "Device", Unit::Id);
    Column &tid = t.addInt("tid", "Lane", Unit::Id);
    Column &stream = t.addInt("stream", "Stream", Unit::Id);
    Column &ql = t.addInt("queue_length", "Queue length", Unit::Count);
    for (const QueueSeries &qs : series)
        for (auto [x, v] : qs.points) {
            rank.push(std::int64_t(qs.rank));
            ts.push(s.outTime(x));
            pid.push(qs.pid);
            tid.push(qs.tid);
            stream.push(qs.stream);
            ql.push(v);
        }
    t.notes = s.notes;
    return t;
}

Table queueLengthSummary(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    EventSet s;
    const auto series = queueSeries(ctx, opt, s);
    Table t("queue-length", "Queue length");
    t.addInt("rank", "Rank", Unit::Id);
    t.addInt("stream", "Stream", Unit::Id);
    if (s.compat) {
        addDescribeColumns(t, "queue_length", Unit::Count);
        for (const QueueSeries &qs : series) {
            std::vector<double> v;
            for (auto [x, q] : qs.points)
                v.push_back(double(q));
            t.columns[0].push(std::int64_t(qs.rank));
            t.columns[1].push(qs.stream);
            pushDescribe(t, 2, v);
        }
        t.notes = s.notes;
        return t;
    }
    Column &changes = t.addInt("changes", "Change points", Unit::Count);
    Column &mx = t.addInt("max_queue_length", "Max", Unit::Count);
    Column &mean = t.addReal("mean_queue_length", "Time-weighted mean", Unit::Count);
    Column &nonEmpty = t.addReal("nonempty_pct", "Time with work queued", Unit::Percent);
    for (const QueueSeries &qs : series) {
        std::int64_t m = 0, nonEmptyNs = 0;
        double area = 0;
        for (std::size_t i = 0; i < qs.points.size(); ++i) {
            m = std::max(m, qs.points[i].second);
            if (i + 1 < qs.points.size()) {
                const std::int64_t d = qs.points[i + 1].first - qs.points[i].first;
                area += double(d) * double(qs.points[i].second);
                if (qs.points[i].second > 0)
                    nonEmptyNs += d;
            }
        }
        const std::int64_t span = qs.points.empty() ? 0 : qs.points.back().first - qs.points.front().first;
        t.columns[0].push(std::int64_t(qs.rank));
        t.columns[1].push(qs.stream);
        changes.push(std::int64_t(qs.points.size()));
        mx.push(m);
        mean.push(span > 0 ? area / double(span) : kNaN);
        nonEmpty.push(span > 0 ? 100.0 * double(nonEmptyNs) / double(span) : kNaN);
    }
    t.notes = s.notes;
    return t;
}

Table timeBlockedOnFullQueue(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    EventSet s;
    const auto series = queueSeries(ctx, opt, s);
    // the whole rank's time extent (HTA: max ts - min ts of the rank's table)
    std::unordered_map<int, std::pair<std::int64_t, std::int64_t>> extent;
    auto grow = [&](const Ev &e) {
        auto [it, ins] = extent.emplace(e.rank, std::make_pair(e.ts, e.ts));
        if (!ins) {
            it->second.first = std::min(it->second.first, e.ts);
            it->second.second = std::max(it->second.second, e.ts);
        }
    };
    for (const Ev &e : s.cpu)
        grow(e);
    for (const Ev &e : s.gpu)
        grow(e);
    Table t("queue-blocked", "Time blocked on a full queue");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &stream = t.addInt("stream", "Stream", Unit::Id);
    Column &dur = t.addInt(s.compat ? "duration_at_max_queue_length" : "duration_at_max_queue_length_ns",
                           "Time at or above the limit", durUnit(s));
    Column &rel = t.addReal("relative_duration_at_max_queue_length", "Share of the rank's time", Unit::Ratio);
    std::map<int, std::size_t> lastRowOfRank;
    for (const QueueSeries &qs : series) {
        std::int64_t blocked = 0;
        for (std::size_t i = 0; i + 1 < qs.points.size(); ++i)
            if (qs.points[i].second >= opt.maxQueueLength)
                blocked += qs.points[i + 1].first - qs.points[i].first;
        if (blocked <= 0)
            continue;
        const auto ext = extent[qs.rank];
        const double span = double(ext.second - ext.first);
        if (s.compat && lastRowOfRank.count(qs.rank)) {
            // HTA keeps one result per rank: the last qualifying stream
            const std::size_t row = lastRowOfRank[qs.rank];
            stream.ints[row] = qs.stream;
            dur.ints[row] = blocked;
            rel.reals[row] = span > 0 ? double(blocked) / span : kNaN;
            continue;
        }
        lastRowOfRank[qs.rank] = rank.size();
        rank.push(std::int64_t(qs.rank));
        stream.push(qs.stream);
        dur.push(blocked);
        rel.push(span > 0 ? double(blocked) / span : kNaN);
    }
    t.notes = s.notes;
    return t;
}

} // namespace accelscope::model::analysis
