#include "trace.h"

#include <algorithm>

namespace accelscope::model {

std::string_view trackRoleName(TrackRole r)
{
    switch (r) {
    case TrackRole::HostThread: return "host-thread";
    case TrackRole::DeviceStream: return "device-stream";
    case TrackRole::Engine: return "engine";
    case TrackRole::Counter: return "counter";
    case TrackRole::Async: return "async";
    case TrackRole::ProcessInstants: return "process-instants";
    case TrackRole::GlobalInstants: return "global-instants";
    }
    return "unknown";
}

std::string_view engineKindName(EngineKind k)
{
    switch (k) {
    case EngineKind::None: return "";
    case EngineKind::Compute: return "Compute";
    case EngineKind::TIU: return "TIU";
    case EngineKind::GDMA: return "GDMA";
    case EngineKind::SDMA: return "SDMA";
    case EngineKind::CDMA: return "CDMA";
    case EngineKind::DMA: return "DMA";
    case EngineKind::Communication: return "Communication";
    case EngineKind::Other: return "Other";
    }
    return "";
}

std::uint32_t Track::rowOf(std::uint32_t index) const
{
    auto it = std::upper_bound(rowBegin.begin(), rowBegin.end(), index);
    return static_cast<std::uint32_t>(it - rowBegin.begin() - 1);
}

std::uint32_t Track::firstEndingAtOrAfter(std::uint32_t row, TimeNs t) const
{
    auto [b, e] = rowRange(row);
    while (b < e) {
        const std::uint32_t m = b + (e - b) / 2;
        if (slices.start[m] + slices.dur[m] < t)
            b = m + 1;
        else
            e = m;
    }
    return b;
}

std::uint32_t Track::firstStartingAfter(std::uint32_t row, TimeNs t) const
{
    auto [b, e] = rowRange(row);
    auto it = std::upper_bound(slices.start.begin() + b, slices.start.begin() + e, t);
    return static_cast<std::uint32_t>(it - slices.start.begin());
}

Trace::Trace() = default;
Trace::~Trace() = default;

std::vector<std::uint32_t> Trace::flowsFrom(SliceRef s) const
{
    std::vector<std::uint32_t> out;
    auto it = std::lower_bound(m_flows.begin(), m_flows.end(), s, [](const Flow &f, SliceRef r) { return f.from < r; });
    for (; it != m_flows.end() && it->from == s; ++it)
        out.push_back(static_cast<std::uint32_t>(it - m_flows.begin()));
    return out;
}

std::vector<std::uint32_t> Trace::flowsTo(SliceRef s) const
{
    std::vector<std::uint32_t> out;
    auto it = std::lower_bound(m_flowsByTo.begin(), m_flowsByTo.end(), s,
                               [this](std::uint32_t f, SliceRef r) { return m_flows[f].to < r; });
    for (; it != m_flowsByTo.end() && m_flows[*it].to == s; ++it)
        out.push_back(*it);
    return out;
}

int Trace::rankCount() const
{
    std::vector<int> ranks;
    for (const auto &s : m_sources)
        if (s.rank >= 0 && std::find(ranks.begin(), ranks.end(), s.rank) == ranks.end())
            ranks.push_back(s.rank);
    return static_cast<int>(ranks.size());
}

std::uint32_t Trace::depthOf(SliceRef s) const
{
    const Track &tr = m_tracks[s.track];
    const std::uint32_t row = tr.rowOf(s.index);
    if (row < tr.nestedRows)
        return row;
    // Extra lanes: depth within the lane group is unknown without the group table; report
    // the row relative to the first lane row.
    return row - tr.nestedRows;
}

SliceRef Trace::parentOf(SliceRef s) const
{
    const Track &tr = m_tracks[s.track];
    const std::uint32_t row = tr.rowOf(s.index);
    if (row == 0 || row >= tr.nestedRows)
        return {};
    const TimeNs start = tr.slices.start[s.index];
    // Parent: last slice in the row above starting at or before `start` (rows are disjoint,
    // so it is the only candidate that can enclose the slice).
    auto [b, e] = tr.rowRange(row - 1);
    auto it = std::upper_bound(tr.slices.start.begin() + b, tr.slices.start.begin() + e, start);
    if (it == tr.slices.start.begin() + b)
        return {};
    const auto idx = static_cast<std::uint32_t>(it - tr.slices.start.begin() - 1);
    if (tr.end(idx) < tr.end(s.index))
        return {};
    return SliceRef{s.track, idx};
}

TimeNs Trace::selfTime(SliceRef s) const
{
    const Track &tr = m_tracks[s.track];
    const std::uint32_t row = tr.rowOf(s.index);
    TimeNs self = tr.slices.dur[s.index];
    if (row + 1 >= tr.nestedRows || row >= tr.nestedRows)
        return self;
    const TimeNs start = tr.slices.start[s.index], end = tr.end(s.index);
    auto [b, e] = tr.rowRange(row + 1);
    auto it = std::lower_bound(tr.slices.start.begin() + b, tr.slices.start.begin() + e, start);
    for (; it != tr.slices.start.begin() + e && *it <= end; ++it) {
        const auto idx = static_cast<std::uint32_t>(it - tr.slices.start.begin());
        if (tr.end(idx) <= end)
            self -= tr.slices.dur[idx];
    }
    return std::max<TimeNs>(self, 0);
}

SliceRef Trace::sliceAt(TrackId track, TimeNs t) const
{
    const Track &tr = m_tracks[track];
    SliceRef best;
    TimeNs bestStart = 0, bestDur = 0;
    auto consider = [&](std::uint32_t r) {
        auto [b, e] = tr.rowRange(r);
        auto it = std::upper_bound(tr.slices.start.begin() + b, tr.slices.start.begin() + e, t);
        if (it == tr.slices.start.begin() + b)
            return false;
        const auto idx = static_cast<std::uint32_t>(it - tr.slices.start.begin() - 1);
        if (tr.end(idx) < t)
            return false;
        const TimeNs s = tr.slices.start[idx], d = tr.slices.dur[idx];
        if (!best.valid() || s > bestStart || (s == bestStart && d < bestDur)) {
            best = SliceRef{track, idx};
            bestStart = s;
            bestDur = d;
        }
        return true;
    };
    // Nested rows: a child lies inside its parent, so once a row has nothing at t, no deeper
    // nested row has either.
    for (std::uint32_t r = 0; r < tr.nestedRows; ++r)
        if (!consider(r))
            break;
    for (std::uint32_t r = tr.nestedRows; r < tr.rowCount(); ++r)
        consider(r);
    return best;
}

std::string Trace::processDisplayName(ProcessId id) const
{
    const Process &p = m_processes[id];
    std::string out;
    if (p.rank >= 0)
        out = "Rank " + std::to_string(p.rank) + " \u00b7 ";
    std::string_view labels = str(p.labels);
    std::string_view name = str(p.name);
    if (p.kind == ProcessKind::Device && p.device >= 0 && !labels.empty()) {
        out += labels; // "GPU 0"
    } else if (p.pidName != kEmptyString) {
        out += str(p.pidName);
    } else {
        out += name.empty() ? std::string("Process") : std::string(name);
        if (!labels.empty()) {
            out += " (";
            out += labels;
            out += ")";
        }
        out += " " + std::to_string(p.pid);
    }
    return out;
}

std::string Trace::trackDisplayName(TrackId id) const
{
    const Track &t = m_tracks[id];
    std::string name(str(t.name));
    if (t.role == TrackRole::Engine && t.core >= 0) {
        std::string e(engineKindName(t.engine));
        return "Core " + std::to_string(t.core) + " \u00b7 " + (name.empty() ? e : name);
    }
    if (!name.empty()) {
        while (!name.empty() && name.back() == ' ')
            name.pop_back(); // Kineto writes "stream 7 "
        if (t.role == TrackRole::HostThread && t.tidName == kEmptyString)
            return name + " " + std::to_string(t.tid);
        return name;
    }
    switch (t.role) {
    case TrackRole::ProcessInstants: return "Process instants";
    case TrackRole::GlobalInstants: return "Global instants";
    case TrackRole::DeviceStream: return "Stream " + std::to_string(t.tid);
    default: break;
    }
    if (t.tidName != kEmptyString)
        return std::string(str(t.tidName));
    return "Thread " + std::to_string(t.tid);
}

std::size_t Trace::eventMemoryBytes() const
{
    std::size_t n = 0;
    for (const Track &t : m_tracks) {
        const auto &s = t.slices;
        n += s.start.capacity() * 8 + s.dur.capacity() * 8 + s.name.capacity() * 4 + s.cat.capacity() * 4
            + s.args.capacity() * 4 + s.flags.capacity() + t.rowBegin.capacity() * 4;
        n += t.instants.ts.capacity() * 8 + t.instants.name.capacity() * 4 + t.instants.cat.capacity() * 4
            + t.instants.args.capacity() * 4;
        n += t.counter.ts.capacity() * 8 + t.counter.value.capacity() * 8 + t.counter.summary.memoryBytes();
        n += sizeof(Track);
    }
    n += m_flows.capacity() * sizeof(Flow) + m_flowsByTo.capacity() * 4;
    n += m_processes.capacity() * sizeof(Process);
    return n;
}

std::size_t Trace::memoryBytes() const
{
    return eventMemoryBytes() + m_strings.memoryBytes() + m_args.memoryBytes();
}

std::string Trace::checkInvariants() const
{
    auto fail = [](const std::string &what) { return what; };
    if (m_start > m_end)
        return fail("trace start after end");
    std::uint64_t slices = 0, instants = 0, samples = 0;
    for (std::size_t ti = 0; ti < m_tracks.size(); ++ti) {
        const Track &t = m_tracks[ti];
        const std::string where = "track " + std::to_string(ti) + " (" + trackDisplayName(t.id) + ")";
        if (t.id != ti)
            return fail(where + ": id mismatch");
        if (t.process >= m_processes.size())
            return fail(where + ": bad process");
        const auto &s = t.slices;
        const std::size_t n = s.size();
        if (s.dur.size() != n || s.name.size() != n || s.cat.size() != n || s.args.size() != n || s.flags.size() != n)
            return fail(where + ": column sizes differ");
        if (t.rowBegin.empty() || t.rowBegin.front() != 0 || t.rowBegin.back() != n)
            return fail(where + ": rowBegin does not cover the slices");
        if (t.nestedRows > t.rowCount())
            return fail(where + ": nestedRows > rows");
        for (std::uint32_t r = 0; r < t.rowCount(); ++r) {
            auto [b, e] = t.rowRange(r);
            if (b > e)
                return fail(where + ": rowBegin not monotone");
            if (r < t.nestedRows && b == e)
                return fail(where + ": empty nested row " + std::to_string(r));
            for (std::uint32_t i = b; i < e; ++i) {
                if (s.dur[i] < 0)
                    return fail(where + ": negative duration at " + std::to_string(i));
                if (s.start[i] < m_start || s.start[i] + s.dur[i] > m_end)
                    return fail(where + ": slice outside trace bounds at " + std::to_string(i));
                if (s.name[i] >= m_strings.size() || s.cat[i] >= m_strings.size())
                    return fail(where + ": bad string id");
                if (s.args[i] >= m_args.size())
                    return fail(where + ": bad args id");
                if (i + 1 < e && s.start[i] + s.dur[i] > s.start[i + 1])
                    return fail(where + ": row " + std::to_string(r) + " not sorted/disjoint at " + std::to_string(i));
            }
            // Nesting: every slice in a nested row > 0 has an enclosing parent one row up.
            if (r > 0 && r < t.nestedRows) {
                for (std::uint32_t i = b; i < e; ++i)
                    if (!parentOf(SliceRef{t.id, i}).valid())
                        return fail(where + ": slice " + std::to_string(i) + " in row " + std::to_string(r)
                                    + " has no parent");
            }
        }
        if (!std::is_sorted(t.instants.ts.begin(), t.instants.ts.end()))
            return fail(where + ": instants not sorted");
        if (!std::is_sorted(t.counter.ts.begin(), t.counter.ts.end()))
            return fail(where + ": counter samples not sorted");
        if (t.counter.ts.size() != t.counter.value.size())
            return fail(where + ": counter columns differ");
        slices += n;
        instants += t.instants.size();
        samples += t.counter.size();
    }
    if (slices != m_sliceCount || instants != m_instantCount || samples != m_counterSampleCount)
        return fail("cached counts differ from storage");
    for (const Flow &f : m_flows) {
        if (f.from.track >= m_tracks.size() || f.to.track >= m_tracks.size()
            || f.from.index >= m_tracks[f.from.track].slices.size() || f.to.index >= m_tracks[f.to.track].slices.size())
            return fail("flow endpoint out of range");
    }
    if (!std::is_sorted(m_flows.begin(), m_flows.end(), [](const Flow &a, const Flow &b) { return a.from < b.from; }))
        return fail("flows not sorted by source");
    {
        std::size_t nonEmpty = 0;
        for (const Process &p : m_processes)
            nonEmpty += p.tracks.empty() ? 0 : 1;
        if (m_processOrder.size() != nonEmpty)
            return fail("process order does not list exactly the processes with tracks");
    }
    for (const Process &p : m_processes)
        for (TrackId id : p.tracks)
            if (m_tracks[id].process != p.id)
                return fail("process track list wrong");
    return {};
}

} // namespace accelscope::model
