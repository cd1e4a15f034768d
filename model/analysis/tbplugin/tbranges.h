// Interval lists as the PyTorch TensorBoard profiler plugin handles them (range_utils.py): the
// overview's priority rules and the GPU metrics are defined by these exact operations, including
// how they treat touching and zero-length intervals, so they are ported as they are.
#pragma once

#include "model/types.h"

#include <utility>
#include <vector>

namespace accelscope::model::analysis::tbplugin {

using Range = std::pair<TimeNs, TimeNs>;
using Ranges = std::vector<Range>;

/// An interval carrying a value (blocks per SM while a kernel runs).
struct ValuedRange {
    TimeNs start = 0;
    TimeNs end = 0;
    double value = 0;
};

/// Sorts by start (stable) and joins intervals that overlap or touch.
Ranges mergeRanges(Ranges ranges);
/// Both lists sorted and disjoint: the parts of `a` also in `b`.
Ranges intersectRanges(const Ranges &a, const Ranges &b);
/// Both lists sorted and disjoint: the parts of `a` not in `b`.
Ranges subtractRanges(const Ranges &a, const Ranges &b);
TimeNs rangesSum(const Ranges &ranges);
/// rangesSum(intersectRanges({span}, ranges)) for sorted disjoint `ranges`, by binary search.
TimeNs sumWithin(const Range &span, const Ranges &ranges);

/// The plugin's "approximated SM efficiency" sweep: at every instant the sum of the values of the
/// intervals running, capped at 1; only spans with a positive sum are kept.
std::vector<ValuedRange> mergeValuedRanges(const std::vector<ValuedRange> &ranges);
/// `a` sorted and disjoint, `b` sorted and disjoint: the parts of `a` (with their values) in `b`.
std::vector<ValuedRange> intersectValuedRanges(const std::vector<ValuedRange> &a, const Ranges &b);

} // namespace accelscope::model::analysis::tbplugin
