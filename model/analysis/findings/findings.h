// `findings`: rules that name a performance problem, read from the tables of other registered
// analyses (never from the events directly), with the time at stake, the evidence and what
// usually helps, ordered by time at stake. Rules, thresholds and columns: docs/analysis.md
// "Findings".
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/table.h"

#include <span>
#include <string_view>

namespace accelscope::model::analysis {

/// A settable threshold of a findings rule (`--finding-threshold NAME=VALUE`).
struct FindingThreshold {
    std::string_view name;        ///< "exposed_comm_pct"
    double defaultValue;
    std::string_view description; ///< one line: what the value bounds, with its unit
};

/// Every threshold the rules read, with its default (the CLI checks names against it).
std::span<const FindingThreshold> findingThresholds();

/// One row per finding: rule, severity, title, time_at_stake_ns, share_pct, share_of, rank,
/// step, evidence, advice, threshold; keys[i].slice = a slice that shows the problem, when one
/// exists. Notes name the rules that could not be evaluated on the trace and why.
Table findingsAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt);

} // namespace accelscope::model::analysis
