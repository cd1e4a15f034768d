// The timeline's track filter: which tracks to list for a text typed in the filter field (a
// substring, or a regular expression, over "process / track" names: ranks, devices, threads,
// streams, engines) and, optionally, only the tracks holding matches of the current slice search.
#pragma once

#include "model/trace.h"

#include <QString>

#include <memory>
#include <vector>

namespace accelscope::views {

struct SearchResults;

struct TrackFilterSpec {
    QString text;       ///< empty: every track passes the name test
    bool regex = false; ///< a regular expression instead of a substring (both case-insensitive)
    bool onlyWithSearchMatches = false;
    bool isActive() const { return !text.isEmpty() || onlyWithSearchMatches; }
};

struct TrackFilterResult {
    std::shared_ptr<const std::vector<bool>> passes; ///< per TrackId; null when the filter is off
    int passing = 0;   ///< tracks that pass
    QString error;     ///< an invalid regular expression (every track passes then)
};

/// The mask for `spec` on `trace`; `search` (may be null) gives the tracks with matches.
TrackFilterResult trackFilterMask(const model::Trace &trace, const TrackFilterSpec &spec, const SearchResults *search);

} // namespace accelscope::views
