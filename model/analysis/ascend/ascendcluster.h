// The step numbers of msprof-analyze's cluster_step_trace_time.csv (AscendFacts::cluster, read by
// importers/ascend/clusteroutput.cpp) in the Ascend step tables: per-rank `steps` rows for the
// ranks the trace has no timeline of, `slow-rank` over the file's ranks, and the file's stage rows
// (`cluster-stages`). Definitions: docs/analysis.md, "Ascend cluster outputs".
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/table.h"

namespace accelscope::model {
struct AscendClusterOutput;
}

namespace accelscope::model::analysis {

/// The first cluster output of the trace, or null.
const AscendClusterOutput *clusterOutput(const Trace &trace);

/// Appends the rank rows of cluster_step_trace_time.csv to an Ascend `steps` table for the ranks
/// it has no rows of (µs -> ns; columns the file lacks are empty), and says so in its notes.
void addClusterStepRows(const AnalysisContext &ctx, const AnalysisOptions &opt, Table &steps);

/// `slow-rank` from cluster_step_trace_time.csv's rank rows (same columns and rules as the
/// timeline's: own work = Computing + Free per step, compared with the median rank).
Table clusterSlowRank(const AnalysisContext &ctx, const AnalysisOptions &opt);

/// The registered `steps`: stepsAnalysis plus the cluster output's rank rows.
Table stepsWithClusterOutput(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// The registered `slow-rank`: from cluster_step_trace_time.csv when the trace has one with rank
/// rows (the vendor's numbers for every rank of the job), else slowRankAnalysis.
Table slowRankWithClusterOutput(const AnalysisContext &ctx, const AnalysisOptions &opt);

/// `cluster-stages`: the stage rows of cluster_step_trace_time.csv (each column the maximum over
/// the stage's ranks, as msprof-analyze writes it) with the stage's slowest rank.
Table clusterStages(const AnalysisContext &ctx, const AnalysisOptions &opt);

} // namespace accelscope::model::analysis
