// The PyTorch TensorBoard profiler plugin's views as registered analyses (tb-*): overview with
// the step time breakdown, GPU summary and recommendations; operator view; kernel view.
// Definitions, columns and the differences from the plugin: docs/analysis.md.
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/table.h"

namespace accelscope::model::analysis {

/// Per step and rank: time by role (Kernel, Memcpy, Memset, Communication, Runtime, DataLoader,
/// CPU Exec, Other) by the plugin's priority rules, and an Average row.
Table tbOverview(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Per rank and device: GPU utilization, est. SM efficiency, est. achieved occupancy, Tensor Cores.
Table tbGpuSummary(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// The plugin's performance recommendations, one per row.
Table tbRecommendations(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Operators by name / name and input shape / name and call stack: calls, host and device
/// self/total time, Tensor Core eligibility and share.
Table tbOperators(const AnalysisContext &ctx, const AnalysisOptions &opt);
Table tbOperatorsByShape(const AnalysisContext &ctx, const AnalysisOptions &opt);
Table tbOperatorsByStack(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Kernels by name / by name, operator and launch shape: calls, total/mean/max/min, mean blocks
/// per SM, mean est. achieved occupancy, Tensor Cores used.
Table tbKernels(const AnalysisContext &ctx, const AnalysisOptions &opt);
Table tbKernelsByOperator(const AnalysisContext &ctx, const AnalysisOptions &opt);

/// Module view: the nn.Module hierarchy (pre-order, with depth) and per module its occurrences,
/// operators, host and device total/self time.
Table tbModules(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Memory view: per device and operator, memory increase, allocation count and size, its own and
/// with the operators below it, from the "[memory]" events.
Table tbMemory(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Memory view: each allocation with its release (matched by address), operator, size and lifetime.
Table tbMemoryEvents(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Memory view: the memory curve, allocated and reserved bytes per device after each record.
Table tbMemoryCurve(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Trace view: GPU utilization over time per device, in buckets of a power of ten of µs.
Table tbGpuUtilizationSeries(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// A PyTorch profiler (Kineto) trace: one whose events carry the profiler's host categories
/// (cpu_op, cuda_runtime, python_function, ...) and that is no Ascend export. Cheap: looks the
/// category names up in the string table.
bool isPyTorchProfilerTrace(const Trace &trace);

/// Distributed view: per step, computation and communication time and their overlap.
Table tbDistributedOverlap(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Distributed view: per step, the collectives' data transfer and synchronizing (waiting) time.
Table tbDistributedWait(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Distributed view: per collective operator, calls, bytes, latency and data transfer time.
Table tbDistributedOps(const AnalysisContext &ctx, const AnalysisOptions &opt);

} // namespace accelscope::model::analysis
