// SliceLod: a per-row summary pyramid that lets the batch builder merge a dense run of
// sub-pixel slices without visiting them.
//
// Why: the architecture's per-pixel rule (binary-search past the next pixel boundary) costs
// one search per pixel per row. On a 10^7-slice trace zoomed out, every one of those searches
// lands in a different cache line of the start/duration columns, and a 1920 px x 50 row frame
// then touches most of the columns (~100 MB): tens of milliseconds. The pyramid answers "can
// the current busy run swallow this whole bucket?" from a few bytes read sequentially, so a
// fully busy row costs O(log n) and the frame cost stops depending on the trace size.
//
// Layout: level 0 splits [t0, t0 + buckets0 * 2^shift0) into power-of-two buckets holding
// about kSlicesPerBucket slices each; level L+1 merges pairs of level L. Per bucket:
//   first   index of the first slice whose end >= bucket start (so slice counts of any
//           bucket-aligned range are differences of `first`, exactly as the exact path counts);
//   dom     name of the slice overlapping the bucket most (approximate at higher levels);
//   maxDur  longest slice intersecting the bucket;
//   lead / trail / maxGap  uncovered time at the start, at the end and the largest gap
//           strictly inside (all in ns; an empty bucket has lead = trail = width).
// A run may absorb a bucket when maxDur and maxGap are below one pixel and the gap carried
// in from the left plus `lead` is below one pixel too: exactly the condition the exact path
// would test slice by slice.
//
// Memory: ~28 bytes per 32 slices x 2 (pyramid) ~ 1.8 bytes per slice, only for rows with at
// least kMinSlices slices. Built once per trace on a worker thread (TraceCache).
#pragma once

#include "model/trace.h"

#include <cstdint>
#include <vector>

namespace accelscope::views {

struct LodBucket {
    std::uint32_t first = 0;
    model::StringId dom = model::kInvalidId; ///< kInvalidId when no slice intersects
    float maxDur = 0;
    float lead = 0;
    float trail = 0;
    float maxGap = 0;
    float cover = 0; ///< covered ns (weight for dominant colour)
    bool empty() const { return dom == model::kInvalidId; }
};

class SliceLod {
public:
    static constexpr std::uint32_t kMinSlices = 2048;
    static constexpr std::uint32_t kSlicesPerBucket = 32;

    /// Builds the pyramid of slices [begin, end) of `cols` (one row). Empty when the row is
    /// smaller than kMinSlices.
    void build(const model::SliceColumns &cols, std::uint32_t begin, std::uint32_t end);
    bool isEmpty() const { return m_levels.empty(); }

    model::TimeNs origin() const { return m_t0; }
    int shift0() const { return m_shift0; }
    int levelCount() const { return static_cast<int>(m_levels.size()); }
    std::size_t bucketCount(int level) const { return m_levels[level].size(); }
    const LodBucket &bucket(int level, std::size_t k) const { return m_levels[level][k]; }
    model::TimeNs bucketStart(int level, std::size_t k) const
    {
        return m_t0 + static_cast<model::TimeNs>(k << (m_shift0 + level));
    }
    model::TimeNs bucketWidth(int level) const { return model::TimeNs(1) << (m_shift0 + level); }
    /// One past the last slice of the row (the `first` of the virtual bucket after the end).
    std::uint32_t endIndex() const { return m_end; }
    std::size_t memoryBytes() const;

    /// Result of extend(): the run now reaches up to slice `next` (exclusive); `pendingGap`
    /// is the uncovered time between the last absorbed slice and the bucket boundary.
    struct Extension {
        std::uint32_t next = 0;
        double pendingGap = 0;
        bool extended = false;
        model::StringId dom = model::kInvalidId; ///< dominant name of what was absorbed
        double domWeight = 0;
    };
    /// Tries to grow a busy run that currently ends at time `runEnd` (end of slice next-1)
    /// by whole buckets. `pxNs` is one pixel in ns. Stops at the first bucket that could
    /// hold a slice or a gap of a pixel or more, or at `limit` (time; the right edge).
    Extension extend(std::uint32_t next, model::TimeNs runEnd, double pxNs, model::TimeNs limit) const;

private:
    model::TimeNs m_t0 = 0;
    int m_shift0 = 0;
    std::uint32_t m_end = 0;
    std::vector<std::vector<LodBucket>> m_levels;
};

} // namespace accelscope::views
