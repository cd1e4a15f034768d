// call-tree: the aggregated call tree of nested slices over a time range and a set of tracks —
// what a flame graph or icicle of a selection draws, and what `accelscope-cli analyze call-tree
// --format folded` prints as folded stacks.
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/table.h"

namespace accelscope::model::analysis {

/// One row per call path (frames merged by name along the path, over every selected track of the
/// wanted ranks), in depth-first order with children by descending total: stack ("a;b;c"), name,
/// depth, count, total and self time clipped to the range, share of all root time. keys[i].name is
/// the frame's name. Without tracks: every track; without a range: the whole trace.
Table callTree(const AnalysisContext &ctx, const AnalysisOptions &opt);

/// Brendan Gregg's folded stacks of a call-tree table: "a;b;c SELF_NS" per path with self time,
/// in the table's order — what flamegraph.pl, inferno and speedscope read. The Flame Graph
/// dock's Copy Folded Stacks and `accelscope-cli analyze call-tree --format folded` both print
/// this. Empty for a table without `stack` and `self_ns` columns.
std::string foldedStacks(const Table &callTree);

} // namespace accelscope::model::analysis
