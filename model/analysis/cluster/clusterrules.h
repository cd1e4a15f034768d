// The cluster rules over per-rank tables: the step × rank matrix, slow ranks and why, kernels
// across ranks. Functions of analysis tables alone, so the in-process analyses of ranks loaded
// together (`cluster-steps`, `cluster-slow-ranks`, `cluster-kernels`) and the cluster reduce of
// per-rank summaries (model/sql/clusterreduce.cpp, which holds only those tables) run the same
// code. Definitions: docs/summary-schema.md ("The rules").
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/table.h"

namespace accelscope::model::analysis {

/// The steps table's column that is a step's length: MindSpore's own iteration length
/// (`step_total_ns`), the Ascend stage (`stage_ns`), else the ProfilerStep span (`cpu_duration`).
/// Empty when the table has none.
std::string stepLengthColumn(const Table &steps);

/// `cluster-steps`: per step and rank, the step's length, its distance from the median rank of
/// that step, and the step's slowest rank flagged.
Table clusterSteps(const Table &steps);

/// `cluster-slow-ranks`: per rank of `ranks` (ascending), the mean step (from clusterSteps),
/// compute and idle (temporal), exposed communication (overlap: communication − overlap), wait in
/// collectives and wait caused (collective-wait), and why the rank is slow.
Table clusterSlowRanks(const std::vector<std::int64_t> &ranks, const Table &clusterSteps, const Table &temporal,
                       const Table &overlap, const Table &collectiveWait);

/// `cluster-kernels`: per kernel name over a kernels table of many ranks: ranks, mean, median,
/// min and max total, the rank of the max, ranks more than 25 % from the median.
Table clusterKernels(const Table &kernels);

// Registered analyses: the same rules on the loaded trace's own tables.
Table clusterStepsAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt);
Table clusterSlowRanksAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt);
Table clusterKernelsAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt);

} // namespace accelscope::model::analysis
