// CounterLod: min/max of a counter over any sample range in O(log n) reads with two reads per
// level (a bottom-up segment tree over blocks of kLeaf samples).
//
// Why not the model's CounterSummary alone: its fanout-32 pyramid scans up to 62 values per
// level at both ends of a range, which for a zoomed-out counter of 10^5..10^6 samples makes the
// per-pixel min/max the most expensive part of a frame (~0.4 ms for one counter at 1920 px).
// This index costs ~4 bytes per sample and is built with the other per-trace indexes on a
// worker thread; the batch builder falls back to CounterSummary until it exists.
#pragma once

#include "model/types.h"

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

namespace accelscope::views {

class CounterLod {
public:
    static constexpr std::size_t kLeaf = 8;
    static constexpr std::size_t kMinSamples = 1024;

    void build(std::span<const model::TimeNs> ts, std::span<const double> values);
    bool isEmpty() const { return m_levels.empty(); }
    /// Min and max of values[begin, end); requires begin < end <= values.size().
    std::pair<double, double> minMax(std::span<const double> values, std::size_t begin, std::size_t end) const;
    /// First index i >= from with ts[i] >= t. Searches the block start times first (a compact,
    /// cache-resident array), then one block of ts: a column step costs ~1 cache miss instead
    /// of a galloping search through the whole timestamp column.
    std::size_t lowerBound(std::span<const model::TimeNs> ts, std::size_t from, model::TimeNs t) const;
    /// First leaf block b >= fromBlock whose first sample has ts >= t (blockCount() if none).
    std::size_t firstBlockAtOrAfter(std::size_t fromBlock, model::TimeNs t) const;
    /// Min and max over whole leaf blocks [b0, b1), from the tree alone (no raw samples read).
    std::pair<double, double> blockMinMax(std::size_t b0, std::size_t b1) const;
    std::size_t blockCount() const { return m_blockTs.size(); }
    std::size_t memoryBytes() const;

private:
    std::vector<model::TimeNs> m_blockTs; // ts of the first sample of each leaf block
    std::vector<std::vector<std::pair<double, double>>> m_levels; // level L: blocks of kLeaf << L
};

} // namespace accelscope::views
