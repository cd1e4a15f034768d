#include "model/analysis/analyses.h"

#include <algorithm>

namespace accelscope::model::analysis {

namespace {

/// The slices named `name` on the tracks `wanted` accepts, overlapping `range` when given, by
/// start (ties by track, then index).
template <typename WantedTrack>
std::vector<SliceRef> collect(const Trace &tr, StringId name, std::optional<std::pair<TimeNs, TimeNs>> range, WantedTrack wanted)
{
    std::vector<SliceRef> out;
    if (name == kEmptyString)
        return out;
    // Sorting (start, track, index) records kept side by side is several times faster than
    // sorting references that look their start up in the tracks.
    struct Record {
        TimeNs start;
        TrackId track;
        std::uint32_t index;
    };
    std::vector<Record> records;
    for (const Track &t : tr.tracks()) {
        if (!wanted(t))
            continue;
        const auto &names = t.slices.name;
        for (std::uint32_t i = 0; i < t.slices.size(); ++i) {
            if (names[i] != name)
                continue;
            const TimeNs s = t.slices.start[i];
            if (range && !overlapsRange(*range, s, s + t.slices.dur[i]))
                continue;
            records.push_back({s, t.id, i});
        }
    }
    // records come in track id order and by index within a track, so a stable sort by start
    // leaves equal starts ordered by track, then index
    std::stable_sort(records.begin(), records.end(), [](const Record &a, const Record &b) { return a.start < b.start; });
    out.reserve(records.size());
    for (const Record &r : records)
        out.push_back({r.track, r.index});
    return out;
}

} // namespace

std::vector<SliceRef> occurrences(const AnalysisContext &ctx, StringId name, int rank,
                                  std::optional<std::pair<TimeNs, TimeNs>> range, bool anyTrack)
{
    const EventIndex &ix = ctx.index();
    return collect(ctx.trace(), name, range, [&](const Track &t) {
        return (anyTrack || ix.trackIsDevice[t.id]) && (rank < 0 || ix.trackRank[t.id] == rank);
    });
}

std::vector<SliceRef> instancesOfName(const Trace &trace, StringId name, int rank)
{
    return collect(trace, name, std::nullopt, [&](const Track &t) {
        // a track whose process is not in the trace has no rank to tell it apart: it is kept
        return t.process >= trace.processes().size() || rankOf(trace.process(t.process)) == rank;
    });
}

DurationStats::Result durationStats(const Trace &trace, std::span<const SliceRef> slices)
{
    DurationStats durations;
    durations.values.reserve(slices.size());
    for (SliceRef s : slices)
        durations.add(trace.track(s.track).slices.dur[s.index]);
    return durations.finish();
}

} // namespace accelscope::model::analysis
