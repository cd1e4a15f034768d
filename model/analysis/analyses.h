// Every analysis of Accelscope: a function (context, options) -> Table, and a registry naming
// them for the CLI (`accelscope-cli analyze NAME`), the panels and the exporters.
// Definitions, columns and units: docs/analysis.md.
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/stats.h"
#include "model/analysis/core/table.h"

#include <optional>
#include <span>
#include <vector>
#include <string_view>

namespace accelscope::model::analysis {

// --- kernels (kernelbreakdown.cpp) ---
/// Per kernel name and rank: count, total, mean, min, max, std, p50/p90/p99, share of the rank's
/// device busy time, kernel type. HTA mode: HTA's per-kernel table (top-N and "others").
Table kernelBreakdown(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Device busy time split by the set of kernel types running (COMPUTATION, COMMUNICATION,
/// MEMORY and their overlaps), summed over ranks — HTA's kernel-type table.
Table kernelTypeBreakdown(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// HTA's get_gpu_user_annotation_breakdown: gpu_user_annotation spans per name and rank.
Table annotationBreakdown(const AnalysisContext &ctx, const AnalysisOptions &opt);

// --- time accounting (temporal.cpp) ---
Table temporalBreakdown(const AnalysisContext &ctx, const AnalysisOptions &opt);
Table commCompOverlap(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Per ProfilerStep#N: CPU span, the device work it launched, and that work's temporal breakdown.
Table stepBreakdown(const AnalysisContext &ctx, const AnalysisOptions &opt);

// --- idle time (idletime.cpp) ---
Table idleTimeBreakdown(const AnalysisContext &ctx, const AnalysisOptions &opt);
Table idleIntervalStats(const AnalysisContext &ctx, const AnalysisOptions &opt);

// --- launches and queues (launchstats.cpp, timeseries.cpp) ---
Table kernelLaunchStats(const AnalysisContext &ctx, const AnalysisOptions &opt);
Table memcpyBandwidthSeries(const AnalysisContext &ctx, const AnalysisOptions &opt);
Table memcpyBandwidthSummary(const AnalysisContext &ctx, const AnalysisOptions &opt);
Table queueLengthSeries(const AnalysisContext &ctx, const AnalysisOptions &opt);
Table queueLengthSummary(const AnalysisContext &ctx, const AnalysisOptions &opt);
Table timeBlockedOnFullQueue(const AnalysisContext &ctx, const AnalysisOptions &opt);

// --- call graph (sequences.cpp) ---
Table frequentKernelSequences(const AnalysisContext &ctx, const AnalysisOptions &opt);

// --- categories (categories.cpp, rules in categories.h) ---
Table categoryBreakdown(const AnalysisContext &ctx, const AnalysisOptions &opt);

// --- engines (engines.cpp) ---
/// Per engine track (rank, device, core, engine kind): busy, idle, utilization, bytes, bandwidth.
Table engineUtilization(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Per core, bigTpuProfile's summary: total time, TIU/GDMA/SDMA working time, parallelism,
/// compute/transfer overlap, DDR bandwidth; plus an Overall row.
Table engineCoreSummary(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Binned utilization (%) and bandwidth (GB/s) over time per (core, engine kind).
Table engineSeries(const AnalysisContext &ctx, const AnalysisOptions &opt);

// --- Ascend communication and memory (ascendcomm.cpp, ascendcommlinks.cpp, ascendmemory.cpp) ---
/// Per HCCL op instance and rank: communication.json's time info (elapse, transit, wait,
/// synchronization, idle) and bytes / transit time / bandwidth per transport (SDMA, RDMA, HCCS,
/// PCIE, SIO), recomputed from the plane tasks, else read from the joined communication.json args.
Table communicationOps(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// The same summed per rank, group and op type (count, total/mean/max time, bytes, bandwidth).
Table communicationSummary(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Per link (source global rank, destination global rank, transport): bytes, transit time,
/// bandwidth, ops; from plane tasks, else communication_matrix.json / CommAnalyzerMatrix.
Table communicationLinks(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Per memory counter (rank, component, Allocated/Reserved/Active): samples, peak and when, mean.
Table memorySummary(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Per operator allocation (Operator Memory slices): size, allocation / release time, duration.
Table operatorMemory(const AnalysisContext &ctx, const AnalysisOptions &opt);

// --- Ascend (ascendsteps.cpp, opstatistic.cpp; definitions in docs/analysis.md "Ascend") ---
/// Per step and rank, torch_npu's step_trace_time.csv columns (Computing, Communication(Not
/// Overlapped), Overlapped, Communication, Free, Stage, Bubble, Communication(Not Overlapped and
/// Exclude Receive), Preparing) computed from the device tasks, HCCL ops and ProfilerStep spans.
Table ascendStepBreakdown(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// `steps`: ascendStepBreakdown on an Ascend trace (unless htaCompat), else stepBreakdown.
Table stepsAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Per rank: the step breakdown summed over steps, deviation from the median rank, slowest flagged.
Table slowRankAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Per rank, OP Type and Accelerator Core: count, total, min, avg, max, ratio (op_statistic.csv).
Table opStatistic(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Per rank and Accelerator Core (AI_CORE, AI_VECTOR_CORE, MIX_*, AI_CPU, ..., HCCL ops).
Table coreStatistic(const AnalysisContext &ctx, const AnalysisOptions &opt);

// --- time range (rangestats.cpp) ---
/// `range-stats`: per slice name over the slices overlapping the range (the whole trace when none)
/// on `opt.tracks` (empty = every track) of the wanted ranks: count, total, clipped time in range,
/// self time, average, min, max, p50/p90/p99; keys[i].slice = the longest occurrence.
Table rangeStatistics(const AnalysisContext &ctx, const AnalysisOptions &opt);

// --- navigation (occurrences.cpp) ---
/// Slices named `name` (device tracks only unless `anyTrack`), of one rank (-1 any), overlapping
/// the range when given, sorted by start: what a panel steps through when a row is selected.
std::vector<SliceRef> occurrences(const AnalysisContext &ctx, StringId name, int rank = -1,
                                  std::optional<std::pair<TimeNs, TimeNs>> range = {}, bool anyTrack = false);
/// Every slice named `name` on any track (host or device) of rank `rank` (as the analyses count
/// ranks: a process without one is rank 0), by start, ties by track, then index: the instances
/// the timeline steps through with ']' / '[' and the Details panel summarizes.
std::vector<SliceRef> instancesOfName(const Trace &trace, StringId name, int rank);
/// Count, total, min, max, mean, std and p50/p90/p99 of the slices' durations (range-stats' definitions).
DurationStats::Result durationStats(const Trace &trace, std::span<const SliceRef> slices);

// --- registry ---
struct AnalysisInfo {
    std::string_view name;        ///< CLI name: "kernels"
    std::string_view title;       ///< "Kernel breakdown"
    std::string_view description; ///< one line for --help
    Table (*run)(const AnalysisContext &, const AnalysisOptions &);
};
std::span<const AnalysisInfo> analyses();
const AnalysisInfo *findAnalysis(std::string_view name);
/// Runs an analysis by name; an unknown name gives an empty table with a note.
Table runAnalysis(std::string_view name, const AnalysisContext &ctx, const AnalysisOptions &opt);

} // namespace accelscope::model::analysis
