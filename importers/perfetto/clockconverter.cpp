#include "clockconverter.h"

#include "perfettofields.h"

#include <algorithm>
#include <deque>
#include <map>

namespace accelscope::importers::perfetto {

ClockConverter::ClockConverter(const MergedTrace &trace)
    : m_traceClock(trace.primaryClock.value_or(fields::kBuiltinClockBoottime))
{
    m_domains.resize(trace.domains.size());
    for (std::size_t d = 1; d < trace.domains.size(); ++d) {
        Domain &dom = m_domains[d];
        dom.clock = trace.domains[d];
        if (dom.clock == m_traceClock || trace.snapshots.empty())
            continue; // identity: same clock, or nothing to convert with (raw values are trace time)
        dom.identity = false;
        m_allIdentity = false;
        if (auto it = trace.clockMultiplier.find(dom.clock); it != trace.clockMultiplier.end())
            dom.multiplier = static_cast<std::int64_t>(it->second);

        // Breadth-first search for the shortest chain of clocks from this one to the trace clock.
        std::map<std::uint32_t, std::uint32_t> prev;
        std::deque<std::uint32_t> queue{dom.clock};
        prev[dom.clock] = dom.clock;
        while (!queue.empty() && !prev.count(m_traceClock)) {
            const std::uint32_t c = queue.front();
            queue.pop_front();
            for (const ClockSnapshotRec &s : trace.snapshots) {
                const bool has = std::any_of(s.clocks.begin(), s.clocks.end(), [c](auto &p) { return p.first == c; });
                if (!has)
                    continue;
                for (auto &[other, v] : s.clocks) {
                    if (!prev.count(other)) {
                        prev[other] = c;
                        queue.push_back(other);
                    }
                }
            }
        }
        if (!prev.count(m_traceClock)) {
            dom.ok = false;
            continue;
        }
        std::vector<std::uint32_t> path{m_traceClock};
        while (path.back() != dom.clock)
            path.push_back(prev[path.back()]);
        std::reverse(path.begin(), path.end());
        for (std::size_t i = 0; i + 1 < path.size(); ++i) {
            Hop hop;
            for (const ClockSnapshotRec &s : trace.snapshots) {
                std::int64_t a = 0, b = 0;
                bool hasA = false, hasB = false;
                for (auto &[c, v] : s.clocks) {
                    if (c == path[i]) {
                        a = v;
                        hasA = true;
                    } else if (c == path[i + 1]) {
                        b = v;
                        hasB = true;
                    }
                }
                if (hasA && hasB)
                    hop.points.emplace_back(a, b);
            }
            std::stable_sort(hop.points.begin(), hop.points.end(),
                             [](auto &x, auto &y) { return x.first < y.first; });
            dom.hops.push_back(std::move(hop));
        }
    }
}

std::int64_t ClockConverter::convert(std::uint8_t domain, std::int64_t raw) const
{
    const Domain &dom = m_domains[domain];
    if (dom.identity)
        return raw;
    std::int64_t t = raw * dom.multiplier;
    for (const Hop &h : dom.hops) {
        // Latest snapshot whose source value is <= t, else the first one.
        auto it = std::upper_bound(h.points.begin(), h.points.end(), t,
                                   [](std::int64_t v, const auto &p) { return v < p.first; });
        if (it != h.points.begin())
            --it;
        t = it->second + (t - it->first);
    }
    return t;
}

} // namespace accelscope::importers::perfetto
