// Search over slice names: the matcher runs once per distinct name (StringId), then one pass
// over the name columns collects the matching slices. Runs on a worker thread (SearchBar)
// with a generation number; the result is immutable and shared through the Document.
#pragma once

#include "model/trace.h"

#include <QString>

#include <memory>
#include <stop_token>
#include <vector>

namespace accelscope::views {

struct SearchQuery {
    QString text;
    bool regex = false;
    bool caseSensitive = false;
    bool isEmpty() const { return text.isEmpty(); }
    friend bool operator==(const SearchQuery &, const SearchQuery &) = default;
};

struct SearchResults {
    /// At most this many matches are listed for stepping and highlighting busy runs; the
    /// count stays exact and slices wider than a pixel are always highlighted by name.
    static constexpr std::size_t kMaxListed = 2'000'000;

    SearchQuery query;
    QString error;                          ///< invalid regular expression; no matches then
    std::vector<std::uint8_t> nameMatches;  ///< per StringId
    std::uint64_t totalMatches = 0;         ///< exact
    bool truncated = false;                 ///< more than kMaxListed matches
    std::vector<model::SliceRef> matches;   ///< sorted by (start, track, index)
    std::vector<model::TimeNs> matchStart;  ///< start of matches[i]
    /// perTrack[track] = sorted slice indices of the listed matches on that track.
    std::vector<std::vector<std::uint32_t>> perTrack;

    bool isActive() const { return !query.isEmpty() && error.isEmpty(); }
    bool nameMatch(model::StringId id) const { return id < nameMatches.size() && nameMatches[id]; }
    /// Number of listed matches on `track` with index in [first, end).
    std::size_t countIn(model::TrackId track, std::uint32_t first, std::uint32_t end) const;
    /// First listed match starting at or after t (matches.size() if none).
    std::size_t firstAtOrAfter(model::TimeNs t) const;
    /// Position of `slice` in matches, or -1.
    int indexOf(model::SliceRef slice, const model::Trace &trace) const;
};

/// Runs the search; returns nullptr when stopped.
std::shared_ptr<const SearchResults> runSearch(const model::Trace &trace, const SearchQuery &query,
                                               std::stop_token stop = {});

} // namespace accelscope::views
