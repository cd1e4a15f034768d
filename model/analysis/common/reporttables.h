// The report's summary tables, registered like every analysis (analyses.cpp), so the XLSX/CSV
// report, `accelscope-cli analyze NAME` and a panel show the same numbers. Definitions:
// docs/analysis.md "Report summary tables".
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/table.h"

namespace accelscope::model::analysis {

/// `overview`: the trace as a list of (item, value): inputs, span, the range and ranks asked
/// for, HTA compatibility, and the counts of ranks, processes, tracks, events and diagnostics.
Table traceOverview(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// `ranks`: per rank (rankOf), processes, tracks, device tracks, the slices overlapping the
/// range (device slices apart), the first start and last end among them and their span.
Table rankSummary(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// `diagnostics`: the import diagnostics (severity, kind, description, count, first position).
Table diagnosticsSummary(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// `launch-summary`: per rank, the launch table's count, the means of its three durations, the
/// launch delay's p50/p90/max and the outlier counts.
Table launchSummary(const AnalysisContext &ctx, const AnalysisOptions &opt);

} // namespace accelscope::model::analysis
