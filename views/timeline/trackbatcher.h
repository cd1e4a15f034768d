// TrackBatcher: the pixel-bounded inner loops of a frame, one call per visible row.
//
// Slices (per row, which is a sorted sequence of disjoint intervals):
//   i = first slice ending at or after the left edge (binary search); then repeatedly
//   - a slice at least one device pixel wide becomes a Slice rect (plus a label when it is
//     wide enough);
//   - a thinner one opens a busy run. The run swallows every slice that ends within one pixel
//     of its current end (one galloping search over the monotone ends), then the next slice
//     if it is thin and less than a pixel away; it stops at a wide slice or a gap of a pixel.
//     Each step advances the run by at least one pixel, so a row costs O(width * log n).
//     Before each step the row's SliceLod may swallow whole buckets (O(log n) for a fully
//     busy row). The run becomes one Busy rect carrying the exact count and the dominant
//     colour (by duration of the slices looked at / bucket coverage).
// Instants: a diamond per instant; instants closer than a few pixels to the previous marker
//   are skipped with one galloping search.
// Counters: per pixel column, the min/max of the samples in it from the CounterSummary
//   pyramid; a sample that holds over several columns becomes one step rectangle.
#pragma once

#include "model/trace.h"
#include "views/timeline/batchbuilder.h"
#include "views/timeline/framebatch.h"

namespace accelscope::views {

class TraceCache;

class TrackBatcher {
public:
    static constexpr float kMinLabelWidth = 18; ///< logical px a slice needs before it gets a label
    static constexpr float kInstantSize = 9;

    TrackBatcher(TraceCache &cache, const CanvasGeometry &geo, const ViewState &state, FrameBatch &out);

    /// Slices of one row; (y, h) is the row's rectangle already clipped vertically.
    void sliceRow(model::TrackId track, std::uint32_t row, float y, float h, bool labels, std::uint16_t rowIndex);
    void instantRow(model::TrackId track, float y, float h);
    /// A counter track whose full extent is (fullTop, fullHeight), clipped to (y, h).
    void counter(model::TrackId track, float y, float h, float fullTop, float fullHeight);
    /// The same for any counter series (a model track's or a derived track's, derivedtracks.h).
    void counter(const CounterData &data, float y, float h, float fullTop, float fullHeight);

    /// Colour of a slice under the current colour mode and search.
    Rgba sliceColor(const model::Track &tr, std::uint32_t i, bool *matches = nullptr) const;

private:
    TraceCache &m_cache;
    const CanvasGeometry &m_geo;
    const ViewState &m_state;
    FrameBatch &m_out;
    double m_pxNs;     ///< one device pixel in ns
    float m_gran;      ///< one device pixel in logical px
    bool m_searching;
};

/// Galloping lower bound over the monotone ends of a row: first i in [from, end) with
/// start[i] + dur[i] >= t. Cheap when the answer is near `from`.
std::uint32_t gallopEnd(const model::SliceColumns &c, std::uint32_t from, std::uint32_t end, model::TimeNs t);

} // namespace accelscope::views
