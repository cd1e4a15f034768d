#include "analyses.h"

#include <algorithm>

namespace accelscope::model::analysis {

std::vector<SliceRef> occurrences(const AnalysisContext &ctx, StringId name, int rank,
                                  std::optional<std::pair<TimeNs, TimeNs>> range, bool anyTrack)
{
    const Trace &tr = ctx.trace();
    const EventIndex &ix = ctx.index();
    std::vector<SliceRef> out;
    if (name == kEmptyString)
        return out;
    for (const Track &t : tr.tracks()) {
        if ((!anyTrack && !ix.trackIsDevice[t.id]) || (rank >= 0 && ix.trackRank[t.id] != rank))
            continue;
        for (std::uint32_t i = 0; i < t.slices.size(); ++i) {
            if (t.slices.name[i] != name)
                continue;
            if (range) {
                const TimeNs s = t.slices.start[i], e = s + t.slices.dur[i];
                if (!overlapsRange(*range, s, e))
                    continue;
            }
            out.push_back({t.id, i});
        }
    }
    std::stable_sort(out.begin(), out.end(), [&](const SliceRef &a, const SliceRef &b) {
        return tr.track(a.track).slices.start[a.index] < tr.track(b.track).slices.start[b.index];
    });
    return out;
}

} // namespace accelscope::model::analysis
