// Statistics of the slices in a selected time range, per slice name, over a set of tracks:
// count, total (full durations), in range (durations clipped to the range), self time,
// average, min, max and p50/p90/p99 of the durations. Slices that overlap the range count
// (as in Perfetto's area selection). Returns the analysis layer's Table so the same numbers
// can be exported and printed like every other analysis.
//
// NOTE for the model/analysis owners: this is a pure function of (trace, range, tracks) and
// belongs in model/analysis/ (so accelscope-cli can print it); it lives here until then.
#pragma once

#include "model/analysis/table.h"
#include "model/trace.h"

#include <stop_token>
#include <vector>

namespace accelscope::views {

struct RangeStatsRequest {
    model::TimeNs start = 0, end = 0;
    std::vector<model::TrackId> tracks; ///< empty: every slice track
};

/// Column ids: name, count, total_ns, in_range_ns, self_ns, avg_ns, min_ns, max_ns, p50_ns,
/// p90_ns, p99_ns. Rows sorted by total descending; keys[i].slice = the longest occurrence.
/// Returns an empty optional-like Table (rowCount 0, name "range_stats") when stopped.
model::analysis::Table rangeStatistics(const model::Trace &trace, const RangeStatsRequest &req,
                                       std::stop_token stop = {});

} // namespace accelscope::views
