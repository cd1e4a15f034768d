// Critical path of a step (or of any annotation's instances, or of the whole trace) on one rank:
// HTA's critical_path_analysis(rank, annotation, instance_id) and its breakdown and summary.
// Definitions, options, columns and the differences from HTA: docs/analysis.md "Critical path".
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/table.h"

namespace accelscope::model::analysis {

/// `critical-path`: one row per edge of the longest path, in path order: start and end time,
/// duration, edge type, bound_by, the event the edge's time is attributed to and the events at
/// both ends.
Table criticalPath(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// `critical-path-summary`: one row per bound_by: its share of the path and its time.
Table criticalPathSummary(const AnalysisContext &ctx, const AnalysisOptions &opt);

} // namespace accelscope::model::analysis
