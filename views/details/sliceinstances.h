// The instances of a slice's name: every slice with the same name on any track (host or device)
// of the same rank, ordered by start time (ties by track id, then index). The timeline steps
// through them with ']' / '[' and the Details panel summarizes them under "All instances". The
// slices and their statistics come from the analysis layer (instancesOfName(), durationStats()
// in model/analysis/analyses.h, the occurrences code the panels step through); this caches them.
//
// Cost: one pass over every slice of the trace plus a sort of the matches (about 10-30 ms per
// million slices on one core), paid once per (trace, name, rank): the last result is cached,
// so stepping through the instances of one name costs a binary search per key press.
#pragma once

#include "model/analysis/core/stats.h"
#include "model/trace.h"

#include <memory>
#include <vector>

namespace accelscope::views {

struct SliceInstances {
    model::StringId name = model::kEmptyString;
    int rank = 0;
    std::vector<model::SliceRef> slices; ///< by start time, then track id, then index
    /// Durations of `slices` with the same definitions as the range-stats analysis.
    model::analysis::DurationStats::Result stats;

    /// Position of `s` in `slices`, or -1 when it is not one of them.
    std::ptrdiff_t indexOf(const model::Trace &trace, model::SliceRef s) const;
    /// The instance `step` positions after `s` (-1: the previous one); invalid at either end
    /// (the walk stops there rather than wrapping) or when `s` is not an instance.
    model::SliceRef adjacent(const model::Trace &trace, model::SliceRef s, int step) const;
};

/// The instances of `s`'s name (rank as the analyses count it: a process without one is rank 0).
/// Null for an invalid slice. Thread-safe; the last result is shared between callers.
std::shared_ptr<const SliceInstances> sliceInstances(const model::TracePtr &trace, model::SliceRef s);
/// The cached result for `s`'s name and rank when it is the last one computed, else null
/// (never computes: cheap enough for the GUI thread).
std::shared_ptr<const SliceInstances> cachedSliceInstances(const model::TracePtr &trace, model::SliceRef s);

} // namespace accelscope::views
