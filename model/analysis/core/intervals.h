// Interval unions and sweeps shared by the time-accounting analyses (temporal breakdown,
// overlap, kernel types, engines, steps). Times are int64 "ticks" (ns, or µs in HTA mode).
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace accelscope::model::analysis {

struct Interval {
    std::int64_t start = 0;
    std::int64_t end = 0;
    friend bool operator==(const Interval &, const Interval &) = default;
};

/// HTA's merge_kernel_intervals: sort by start, a new group starts when start > running max end,
/// so touching intervals merge. Negative-length intervals take part like the others (HTA).
/// The input is sorted in place.
std::vector<Interval> unionOf(std::vector<Interval> &intervals);
/// Total length of a union (sorted, disjoint).
std::int64_t totalLength(std::span<const Interval> u);
/// Length of the intersection of two unions.
std::int64_t intersectionLength(std::span<const Interval> a, std::span<const Interval> b);
/// Clips every interval to [lo, hi] and drops the empty ones (keeps order).
void clipTo(std::vector<Interval> &v, std::int64_t lo, std::int64_t hi);

/// Sweep of several unions labelled by bit (union i has weight 1 << i), HTA's way: every interval
/// adds +w at its start and -w at its end, the edges are sorted by time and the time until the
/// next edge is credited to the running sum. For ordinary unions the running sum is the mask of
/// active unions; a negative-length interval (HTA's µs rounding makes them) makes it take other
/// values, exactly as in HTA (which then mislabels that time). Returns time per running sum
/// (index = sum + 8; sums outside [-8, 23] are dropped; at most 4 unions).
std::vector<std::int64_t> coverageByMask(std::span<const std::vector<Interval>> unions);
constexpr int kMaskOffset = 8;

} // namespace accelscope::model::analysis
