#include "views/rangestats/rangestats.h"

#include "model/analysis/stats.h"

#include <algorithm>
#include <unordered_map>

namespace accelscope::views {

using namespace accelscope::model;
using namespace accelscope::model::analysis;

Table rangeStatistics(const Trace &trace, const RangeStatsRequest &req, std::stop_token stop)
{
    Table t("range_stats", "Range statistics");
    Column &name = t.addText("name", "Name");
    Column &count = t.addInt("count", "Count", Unit::Count);
    Column &total = t.addInt("total_ns", "Total", Unit::Nanoseconds);
    Column &inRange = t.addInt("in_range_ns", "In range", Unit::Nanoseconds);
    Column &self = t.addInt("self_ns", "Self", Unit::Nanoseconds);
    Column &avg = t.addReal("avg_ns", "Average", Unit::Nanoseconds);
    Column &mn = t.addInt("min_ns", "Min", Unit::Nanoseconds);
    Column &mx = t.addInt("max_ns", "Max", Unit::Nanoseconds);
    Column &p50 = t.addReal("p50_ns", "p50", Unit::Nanoseconds);
    Column &p90 = t.addReal("p90_ns", "p90", Unit::Nanoseconds);
    Column &p99 = t.addReal("p99_ns", "p99", Unit::Nanoseconds);
    if (req.end <= req.start)
        return t;

    struct Acc {
        DurationStats durations;
        TimeNs inRange = 0, self = 0, longest = -1;
        SliceRef longestRef;
    };
    std::unordered_map<StringId, Acc> groups;
    std::vector<TrackId> tracks = req.tracks;
    if (tracks.empty())
        for (const Track &tr : trace.tracks())
            tracks.push_back(tr.id);
    for (TrackId id : tracks) {
        if (id >= trace.tracks().size())
            continue;
        const Track &tr = trace.track(id);
        for (std::uint32_t r = 0; r < tr.rowCount(); ++r) {
            if (stop.stop_requested())
                return Table("range_stats", "Range statistics");
            // overlapping [start, end): ends after start (or a zero-length slice at start) and
            // starts before end
            std::uint32_t i = tr.firstEndingAtOrAfter(r, req.start);
            const std::uint32_t e = tr.firstStartingAfter(r, req.end - 1);
            for (; i < e; ++i) {
                const TimeNs s = tr.slices.start[i], d = tr.slices.dur[i];
                if (s + d == req.start && d > 0)
                    continue; // ends exactly at the range start
                Acc &a = groups[tr.slices.name[i]];
                a.durations.add(d);
                a.inRange += std::min(s + d, req.end) - std::max(s, req.start);
                a.self += trace.selfTime({id, i});
                if (d > a.longest) {
                    a.longest = d;
                    a.longestRef = {id, i};
                }
            }
        }
    }
    std::vector<std::pair<StringId, Acc *>> order;
    order.reserve(groups.size());
    for (auto &[k, v] : groups)
        order.emplace_back(k, &v);
    for (auto &[k, a] : order) {
        if (stop.stop_requested())
            return Table("range_stats", "Range statistics");
        const DurationStats::Result res = a->durations.finish();
        name.push(std::string(trace.str(k)));
        count.push(res.count);
        total.push(res.sum);
        inRange.push(static_cast<std::int64_t>(a->inRange));
        self.push(static_cast<std::int64_t>(a->self));
        avg.push(res.mean);
        mn.push(res.min);
        mx.push(res.max);
        p50.push(res.p50);
        p90.push(res.p90);
        p99.push(res.p99);
        RowKey key;
        key.name = k;
        key.slice = a->longestRef;
        t.keys.push_back(key);
    }
    t.sortBy({{t.columnIndex("total_ns"), true}, {t.columnIndex("name"), false}});
    return t;
}

} // namespace accelscope::views
