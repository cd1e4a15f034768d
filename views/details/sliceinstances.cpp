#include "views/details/sliceinstances.h"

#include "model/analysis/analyses.h"

#include <algorithm>
#include <mutex>

namespace accelscope::views {

namespace {

bool validSlice(const model::Trace &trace, model::SliceRef s)
{
    return s.valid() && s.track < trace.tracks().size() && s.index < trace.track(s.track).slices.size();
}

SliceInstances collect(const model::Trace &trace, model::StringId name, int rank)
{
    SliceInstances out;
    out.name = name;
    out.rank = rank;
    out.slices = model::analysis::instancesOfName(trace, name, rank);
    out.stats = model::analysis::durationStats(trace, out.slices);
    return out;
}

int rankOfTrack(const model::Trace &trace, model::TrackId track)
{
    const model::Track &t = trace.track(track);
    return t.process < trace.processes().size() ? model::analysis::rankOf(trace.process(t.process)) : 0;
}

} // namespace

std::ptrdiff_t SliceInstances::indexOf(const model::Trace &trace, model::SliceRef s) const
{
    if (!validSlice(trace, s))
        return -1;
    const model::TimeNs start = trace.track(s.track).slices.start[s.index];
    auto startOf = [&](model::SliceRef r) { return trace.track(r.track).slices.start[r.index]; };
    auto it = std::lower_bound(slices.begin(), slices.end(), start,
                               [&](model::SliceRef r, model::TimeNs t) { return startOf(r) < t; });
    for (; it != slices.end() && startOf(*it) == start; ++it)
        if (*it == s)
            return it - slices.begin();
    return -1;
}

model::SliceRef SliceInstances::adjacent(const model::Trace &trace, model::SliceRef s, int step) const
{
    const std::ptrdiff_t k = indexOf(trace, s);
    if (k < 0)
        return {};
    const std::ptrdiff_t n = k + step;
    if (n < 0 || n >= static_cast<std::ptrdiff_t>(slices.size()))
        return {};
    return slices[static_cast<std::size_t>(n)];
}

namespace {

// The last result, shared by the Details panel and the instance walk.
std::mutex cacheMutex;
std::weak_ptr<const model::Trace> cachedTrace;
std::shared_ptr<const SliceInstances> cached;

std::shared_ptr<const SliceInstances> lookup(const model::TracePtr &trace, model::StringId name, int rank)
{
    std::lock_guard lock(cacheMutex);
    if (cached && cachedTrace.lock() == trace && cached->name == name && cached->rank == rank)
        return cached;
    return {};
}

} // namespace

std::shared_ptr<const SliceInstances> cachedSliceInstances(const model::TracePtr &trace, model::SliceRef s)
{
    if (!trace || !validSlice(*trace, s))
        return {};
    return lookup(trace, trace->track(s.track).slices.name[s.index], rankOfTrack(*trace, s.track));
}

std::shared_ptr<const SliceInstances> sliceInstances(const model::TracePtr &trace, model::SliceRef s)
{
    if (!trace || !validSlice(*trace, s))
        return {};
    const model::StringId name = trace->track(s.track).slices.name[s.index];
    const int rank = rankOfTrack(*trace, s.track);
    if (auto hit = lookup(trace, name, rank))
        return hit;
    auto result = std::make_shared<const SliceInstances>(collect(*trace, name, rank));
    std::lock_guard lock(cacheMutex);
    cachedTrace = trace;
    cached = result;
    return result;
}

} // namespace accelscope::views
