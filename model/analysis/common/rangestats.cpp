// range-stats: per slice name, the slices of a time range over a set of tracks (Perfetto's
// area selection): count, total and clipped duration, self time, average, min, max, p50/p90/p99.
#include "model/analysis/analyses.h"
#include "model/analysis/core/stats.h"

#include <algorithm>
#include <unordered_map>

namespace accelscope::model::analysis {

namespace {

Table emptyRangeStatsTable()
{
    Table t("range-stats", "Range statistics");
    t.addText("name", "Name");
    t.addInt("count", "Count", Unit::Count);
    t.addInt("total_ns", "Total", Unit::Nanoseconds);
    t.addInt("in_range_ns", "In range", Unit::Nanoseconds);
    t.addInt("self_ns", "Self", Unit::Nanoseconds);
    t.addReal("avg_ns", "Average", Unit::Nanoseconds);
    t.addInt("min_ns", "Min", Unit::Nanoseconds);
    t.addInt("max_ns", "Max", Unit::Nanoseconds);
    t.addReal("p50_ns", "p50", Unit::Nanoseconds);
    t.addReal("p90_ns", "p90", Unit::Nanoseconds);
    t.addReal("p99_ns", "p99", Unit::Nanoseconds);
    return t;
}

} // namespace

Table rangeStatistics(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t = emptyRangeStatsTable();
    const Trace &trace = ctx.trace();
    if (opt.range && opt.range->second <= opt.range->first) {
        t.notes.push_back("The selected range is empty.");
        return t;
    }
    // Without a range every slice counts whole: the range is the trace's extent, closed at its
    // end so that a zero-length slice at the very end is not lost.
    const TimeNs lo = opt.range ? opt.range->first : trace.startNs();
    const TimeNs hi = opt.range ? opt.range->second : trace.endNs() + 1;

    struct Acc {
        DurationStats durations;
        TimeNs inRange = 0, self = 0, longest = -1;
        SliceRef longestRef;
    };
    std::unordered_map<StringId, Acc> groups;
    bool anyClipped = false; // a counted slice reaches outside the range
    std::vector<TrackId> tracks = opt.tracks;
    if (tracks.empty())
        for (const Track &tr : trace.tracks())
            tracks.push_back(tr.id);
    for (TrackId id : tracks) {
        if (id >= trace.tracks().size())
            continue;
        const Track &tr = trace.track(id);
        if (!opt.wantsRank(rankOf(trace.process(tr.process))))
            continue;
        for (std::uint32_t r = 0; r < tr.rowCount(); ++r) {
            if (opt.stop.stop_requested())
                return emptyRangeStatsTable();
            // candidates: ends at or after lo, starts before hi; overlapsRange drops a slice that
            // only ends at lo
            std::uint32_t i = tr.firstEndingAtOrAfter(r, lo);
            const std::uint32_t e = tr.firstStartingAfter(r, hi - 1);
            for (; i < e; ++i) {
                const TimeNs s = tr.slices.start[i], d = tr.slices.dur[i];
                if (!overlapsRange({lo, hi}, s, s + d))
                    continue;
                Acc &a = groups[tr.slices.name[i]];
                a.durations.add(d);
                const TimeNs inside = std::min(s + d, hi) - std::max(s, lo);
                a.inRange += inside;
                anyClipped |= inside < d;
                a.self += trace.selfTime({id, i});
                if (d > a.longest) {
                    a.longest = d;
                    a.longestRef = {id, i};
                }
            }
        }
    }
    Column &name = t.columns[std::size_t(t.columnIndex("name"))];
    Column &count = t.columns[std::size_t(t.columnIndex("count"))];
    Column &total = t.columns[std::size_t(t.columnIndex("total_ns"))];
    Column &inRange = t.columns[std::size_t(t.columnIndex("in_range_ns"))];
    Column &self = t.columns[std::size_t(t.columnIndex("self_ns"))];
    Column &avg = t.columns[std::size_t(t.columnIndex("avg_ns"))];
    Column &mn = t.columns[std::size_t(t.columnIndex("min_ns"))];
    Column &mx = t.columns[std::size_t(t.columnIndex("max_ns"))];
    Column &p50 = t.columns[std::size_t(t.columnIndex("p50_ns"))];
    Column &p90 = t.columns[std::size_t(t.columnIndex("p90_ns"))];
    Column &p99 = t.columns[std::size_t(t.columnIndex("p99_ns"))];
    for (auto &[k, a] : groups) {
        if (opt.stop.stop_requested())
            return emptyRangeStatsTable();
        const DurationStats::Result res = a.durations.finish();
        name.push(std::string(trace.str(k)));
        count.push(res.count);
        total.push(res.sum);
        inRange.push(static_cast<std::int64_t>(a.inRange));
        self.push(static_cast<std::int64_t>(a.self));
        avg.push(res.mean);
        mn.push(res.min);
        mx.push(res.max);
        p50.push(res.p50);
        p90.push(res.p90);
        p99.push(res.p99);
        RowKey key;
        key.name = k;
        key.slice = a.longestRef;
        t.keys.push_back(key);
    }
    t.sortBy({{t.columnIndex("total_ns"), true}, {t.columnIndex("name"), false}});
    // Whole-slice numbers, as the slices' Details show them; only In range is clipped. The call
    // tree clips its self time too, so the two differ for slices across the range's edges.
    if (opt.range && anyClipped)
        t.notes.push_back("Slices cross the range's edges: Total, the statistics and Self count those slices whole "
                          "(Self = the whole duration minus the whole direct children); only In range is clipped to the range. "
                          "The call tree (flame graph) clips Total and Self to the range.");
    return t;
}

} // namespace accelscope::model::analysis
