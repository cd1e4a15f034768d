#include "model/analysis/criticalpath/criticalpathslices.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace accelscope::model::analysis {

namespace {

/// One end of an edge as the table gives it: the event's name, which end of it, and when.
struct NodeKey {
    StringId name = kInvalidId;
    bool start = true;
    TimeNs ts = 0; ///< trace time in ns (the table's time, put back on the trace's clock)
    friend auto operator<=>(const NodeKey &, const NodeKey &) = default;
};

/// The table's columns read here; null when the table is not the critical path.
struct PathColumns {
    const Column *start, *end, *duration, *type, *fromEvent, *fromPoint, *toEvent, *toPoint;
    bool compat = false; ///< HTA-compatible: whole µs since HTA's min_ts

    explicit PathColumns(const Table &t)
        : start(t.column("start")), end(t.column("end")), duration(t.column("duration_ns")), type(t.column("type")),
          fromEvent(t.column("from_event")), fromPoint(t.column("from_point")), toEvent(t.column("to_event")),
          toPoint(t.column("to_point"))
    {
        if (!duration) {
            duration = t.column("duration");
            compat = duration != nullptr;
        }
    }
    bool complete() const { return start && end && duration && type && fromEvent && fromPoint && toEvent && toPoint; }
};

/// The ns the table's times are counted from. Native: the trace's start. HTA-compatible: found
/// from a row whose slice (the table's key) is one of the edge's ends.
std::optional<TimeNs> timeOrigin(const Trace &trace, const Table &t, const PathColumns &c)
{
    if (!c.compat)
        return trace.startNs();
    for (std::size_t r = 0; r < t.keys.size(); ++r) {
        const SliceRef s = t.keys[r].slice;
        if (!s.valid())
            continue;
        const Track &tr = trace.track(s.track);
        const std::string_view name = trace.str(tr.slices.name[s.index]);
        if (name == c.fromEvent->texts[r])
            return (c.fromPoint->texts[r] == "start" ? tr.slices.start[s.index] : tr.end(s.index)) - c.start->ints[r] * 1000;
        if (name == c.toEvent->texts[r])
            return (c.toPoint->texts[r] == "start" ? tr.slices.start[s.index] : tr.end(s.index)) - c.end->ints[r] * 1000;
    }
    return std::nullopt;
}

/// Every slice that is one of `wanted`: exact times, or the nearest within `tolerance`.
std::map<NodeKey, SliceRef> findNodes(const Trace &trace, const std::vector<NodeKey> &wanted, TimeNs tolerance)
{
    std::map<StringId, std::vector<NodeKey>> byName;
    for (const NodeKey &k : wanted)
        byName[k.name].push_back(k);
    std::map<NodeKey, std::pair<TimeNs, SliceRef>> best; // distance, slice
    for (const Track &tr : trace.tracks()) {
        const auto &s = tr.slices;
        for (std::size_t i = 0; i < s.size(); ++i) {
            const auto it = byName.find(s.name[i]);
            if (it == byName.end())
                continue;
            for (const NodeKey &k : it->second) {
                const TimeNs d = std::abs((k.start ? s.start[i] : tr.end(std::uint32_t(i))) - k.ts);
                if (d > tolerance)
                    continue;
                const auto [b, fresh] = best.try_emplace(k, d, SliceRef{tr.id, std::uint32_t(i)});
                if (!fresh && d < b->second.first)
                    b->second = {d, SliceRef{tr.id, std::uint32_t(i)}};
            }
        }
    }
    std::map<NodeKey, SliceRef> out;
    for (const auto &[k, v] : best)
        out.emplace(k, v.second);
    return out;
}

/// The analysis's reason for an empty path (its "no critical path: ..." note, else all notes).
std::string emptyPathReason(const Table &t)
{
    for (const std::string &n : t.notes)
        if (n.starts_with("no critical path"))
            return n;
    std::string all;
    for (const std::string &n : t.notes)
        all += (all.empty() ? "" : "; ") + n;
    return all.empty() ? std::string("no critical path") : all;
}

TimeNs pointTime(const Trace &trace, SliceRef s, bool start)
{
    const Track &tr = trace.track(s.track);
    return start ? tr.slices.start[s.index] : tr.end(s.index);
}

} // namespace

bool CriticalPathSlices::contains(SliceRef s) const
{
    return std::binary_search(slices.begin(), slices.end(), s);
}

std::optional<CriticalPathSlices> criticalPathSlices(const Trace &trace, const Table &t, std::string &error)
{
    const PathColumns c(t);
    if (!c.complete()) {
        error = "the table '" + t.name + "' is not the critical path";
        return std::nullopt;
    }
    if (t.rowCount() == 0) {
        error = emptyPathReason(t);
        return std::nullopt;
    }
    const std::optional<TimeNs> origin = timeOrigin(trace, t, c);
    if (!origin) {
        error = "the critical path's events were not found in the trace";
        return std::nullopt;
    }
    const TimeNs unit = c.compat ? 1000 : 1;
    const auto key = [&](const Column &name, const Column &point, const Column &time, std::size_t r) {
        return NodeKey{trace.strings().find(name.texts[r]), point.texts[r] == "start", *origin + time.ints[r] * unit};
    };
    std::vector<NodeKey> wanted;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        wanted.push_back(key(*c.fromEvent, *c.fromPoint, *c.start, r));
        wanted.push_back(key(*c.toEvent, *c.toPoint, *c.end, r));
    }
    const std::map<NodeKey, SliceRef> found = findNodes(trace, wanted, c.compat ? 1000 : 0);
    CriticalPathSlices out;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        const NodeKey a = wanted[2 * r], b = wanted[2 * r + 1];
        const auto fa = found.find(a), fb = found.find(b);
        if (fa == found.end() || fb == found.end()) {
            const bool first = fa == found.end();
            error = "the critical path's event '" + (first ? c.fromEvent : c.toEvent)->texts[r] + "' of edge " + std::to_string(r)
                + " was not found in the trace";
            return std::nullopt;
        }
        CriticalPathSlices::Edge e;
        e.from = fa->second;
        e.to = fb->second;
        e.fromStart = a.start;
        e.toStart = b.start;
        e.fromNs = pointTime(trace, e.from, e.fromStart);
        e.toNs = pointTime(trace, e.to, e.toStart);
        e.shown = r < t.keys.size() && t.keys[r].slice.valid() ? t.keys[r].slice : e.from;
        e.type = c.type->texts[r];
        e.weight = c.duration->ints[r];
        out.slices.push_back(e.from);
        out.slices.push_back(e.to);
        out.edges.push_back(std::move(e));
    }
    std::sort(out.slices.begin(), out.slices.end());
    out.slices.erase(std::unique(out.slices.begin(), out.slices.end()), out.slices.end());
    return out;
}

} // namespace accelscope::model::analysis
