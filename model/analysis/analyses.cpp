#include "model/analysis/analyses.h"
#include "model/analysis/common/calltree.h"
#include "model/analysis/charts/chartdata.h"
#include "model/analysis/cluster/clusterrules.h"
#include "model/analysis/cluster/collectives.h"
#include "model/analysis/criticalpath/criticalpath.h"
#include "model/analysis/findings/findings.h"
#include "model/analysis/common/reporttables.h"
#include "model/analysis/sophgo/sophgoengines.h"
#include "model/analysis/aiu/aiuanalysis.h"
#include "model/analysis/ascend/ascendcluster.h"
#include "model/analysis/common/memorytimeline.h"
#include "tbplugin/tbanalyses.h"

#include <array>

namespace accelscope::model::analysis {

namespace {
Table collectiveSkewAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    return collectiveSkew(collectivesTable(ctx, opt));
}
Table collectiveWaitAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    return collectiveWait(collectivesTable(ctx, opt));
}

constexpr std::array kAnalyses = {
    AnalysisInfo{"kernels", "Kernel breakdown", "per kernel name and rank: count, total, mean, min, max, std, percentiles, share of busy time", &kernelBreakdown},
    AnalysisInfo{"kernel-types", "Kernel type breakdown", "device busy time by the kernel types running (computation, communication, memory, overlaps)", &kernelTypeBreakdown},
    AnalysisInfo{"kernel-types-chart", "Kernel type chart", "what the kernel-type donut draws: a slice per kernel type, those under 2 % of the time in one \"Others\" slice", &kernelTypesChartAnalysis},
    AnalysisInfo{"temporal", "Temporal breakdown", "idle / compute / non-compute time of each rank's device", &temporalBreakdown},
    AnalysisInfo{"overlap", "Communication-computation overlap", "share of communication time overlapped by computation", &commCompOverlap},
    AnalysisInfo{"idle", "Idle time breakdown", "per stream: idle time split into host wait, kernel wait and other", &idleTimeBreakdown},
    AnalysisInfo{"idle-stats", "Idle interval statistics", "per stream and idle category: count, mean, std, quartiles of the gaps", &idleIntervalStats},
    AnalysisInfo{"launch", "Kernel launch statistics", "per launch: CPU duration, device duration, launch delay, outliers", &kernelLaunchStats},
    AnalysisInfo{"launch-histogram", "Launch delay histogram", "what the launch chart draws: launches per bin of launch delay, the bins cut at the 99th percentile when the longest delay is over 4x it", &launchHistogramAnalysis},
    AnalysisInfo{"memcpy-bw", "Memory copy bandwidth", "per copy kind: bandwidth summary", &memcpyBandwidthSummary},
    AnalysisInfo{"memcpy-bw-series", "Memory copy bandwidth over time", "per copy kind: bandwidth in use over time", &memcpyBandwidthSeries},
    AnalysisInfo{"queue-length", "Queue length", "per stream: launched-but-not-started work, summary", &queueLengthSummary},
    AnalysisInfo{"queue-length-series", "Queue length over time", "per stream: queue length over time", &queueLengthSeries},
    AnalysisInfo{"queue-blocked", "Time blocked on a full queue", "per stream: time with at least 1024 queued launches", &timeBlockedOnFullQueue},
    AnalysisInfo{"steps", "Step breakdown", "per ProfilerStep: host span, launched device work and its temporal breakdown (Ascend: torch_npu's step_trace_time columns; msprof-analyze cluster outputs: cluster_step_trace_time.csv rows)", &stepsWithClusterOutput},
    AnalysisInfo{"slow-rank", "Slow rank", "Ascend: per rank, the step breakdown summed over steps, deviation from the median, the slowest rank flagged (from cluster_step_trace_time.csv when loaded)", &slowRankWithClusterOutput},
    AnalysisInfo{"steps-chart", "Step chart", "what the step chart draws: per step the stacked series that add up to it (Ascend: Computing, Communication(Not Overlapped), Free; Kineto: compute, other kernels, idle), the slowest step and the median step", &stepsChartAnalysis},
    AnalysisInfo{"cluster-chart", "Cluster chart", "Ascend: what the cluster view draws: per rank the step breakdown as a mean per step, own work vs the median (slow-rank's), the median rank's step and the rank's pipeline stage", &clusterChartAnalysis},
    AnalysisInfo{"cluster-stages", "Pipeline stages (Ascend cluster)", "msprof-analyze cluster_step_trace_time.csv: per step and pipeline stage, the stage's maximum of each column and its slowest rank", &clusterStages},
    AnalysisInfo{"op-statistic", "Op statistic", "Ascend: per OP Type and Accelerator Core: count, total, min, avg, max, ratio (op_statistic.csv)", &opStatistic},
    AnalysisInfo{"core-statistic", "Accelerator core statistic", "Ascend: per Accelerator Core (AI_CORE, AI_VECTOR_CORE, MIX_*, AI_CPU, HCCL): count, time, ratio", &coreStatistic},
    AnalysisInfo{"categories", "Category breakdown", "device time by category rules (matmul, conv, attention, ...; --rules FILE)", &categoryBreakdown},
    AnalysisInfo{"sequences", "Frequent kernel sequences", "kernel sequences launched by an operator (--operator NAME), counted", &frequentKernelSequences},
    AnalysisInfo{"engines", "Engine utilization", "per accelerator engine (TIU/GDMA/SDMA/CDMA per core): busy, idle, utilization, bytes, bandwidth", &engineUtilization},
    AnalysisInfo{"engine-summary", "Engine summary per core", "per core and Overall: parallelism, TIU ratio, overlap, DMA bandwidth (Sophgo dumps: tpu-mlir's PerfAI summary with cycles and DDR/L2 bandwidth)", &engineCoreSummary},
    AnalysisInfo{"engine-series", "Engine utilization over time", "per core and engine: binned utilization and bandwidth (--bin NS)", &engineSeries},
    AnalysisInfo{"engine-summary-bigtpu", "Engine summary per core (bigTpuProfile)", "Sophgo: engine-summary with bigTpuProfile's summary.txt formulas instead of tpu-mlir's", &engineCoreSummaryBigTpu},
    AnalysisInfo{"engine-layers", "Engine time per layer", "Sophgo: per layer (or op): TIU time and cycles, DMA bytes, time and cycles, TIU/DMA overlap, bounding engine", &engineLayers},
    AnalysisInfo{"engine-commands", "Engine commands", "Sophgo: per engine, the command list (cycles, bytes, direction, bandwidth, layer; capped per engine)", &engineCommands},
    AnalysisInfo{"engine-layer-summary", "Engine summary over layers", "Sophgo: tpu-mlir's layer-based summary (BM1684X summary.csv Overall): layer span, TIU/GDMA cycles, parallelism, concurrency, FPS", &engineLayerSummary},
    AnalysisInfo{"communication", "Communication (Ascend HCCL)", "per rank, group and op type: count, time, wait/transit, bytes and bandwidth by transport (SDMA/RDMA/HCCS/PCIE/SIO)", &communicationSummary},
    AnalysisInfo{"communication-ops", "Communication per op (Ascend HCCL)", "per HCCL op: communication.json's time and bandwidth info, computed from the plane tasks", &communicationOps},
    AnalysisInfo{"communication-links", "Communication links (Ascend HCCL)", "per rank pair and transport: bytes, transit time, bandwidth, ops (global ranks)", &communicationLinks},
    AnalysisInfo{"memory", "Memory (Ascend)", "per component and rank: allocated/reserved/active peak, when, time-weighted mean", &memorySummary},
    AnalysisInfo{"operator-memory", "Operator memory (Ascend)", "per operator allocation: size, allocated/released at, duration", &operatorMemory},
    AnalysisInfo{"memory-timeline", "Memory over time", "per rank, device and component: allocated/reserved/active over time (Ascend memory_record / npu_module_mem, Kineto [memory] events), the peak flagged; long series binned keeping each bin's maximum", &memoryTimeline},
    AnalysisInfo{"call-tree", "Call tree", "the aggregated call tree of nested slices in the range (--range A:B) on the selected tracks: per call path count, total, self (--format folded: folded stacks)", &callTree},
    AnalysisInfo{"range-stats", "Range statistics", "per slice name in the range (--range A:B) on the selected tracks: count, total, in range, self, average, min, max, p50/p90/p99", &rangeStatistics},
    AnalysisInfo{"critical-path", "Critical path", "per edge of the longest dependency path through a rank's step (--annotation NAME --instance N, '' = whole trace; several --rank: joined at collectives): time, edge type, bound_by, events", &criticalPath},
    AnalysisInfo{"critical-path-summary", "Critical path summary", "per bound_by (cpu_bound, gpu_compute_bound, gpu_communication_bound, kernel-kernel and launch overhead): share of the critical path", &criticalPathSummary},
    AnalysisInfo{"collectives", "Collectives", "per rank: every collective (NCCL/RCCL/HCCL kernel) with process group, sequence number, op, bytes, start and end on the trace clock", &collectivesTable},
    AnalysisInfo{"collective-skew", "Collective skew", "per collective instance across its group's ranks: who arrived last (the straggler), skew, the others' wait", &collectiveSkewAnalysis},
    AnalysisInfo{"collective-wait", "Wait in collectives", "per rank: time waiting inside collectives for later ranks, times arrived last, wait caused; the straggler flagged", &collectiveWaitAnalysis},
    AnalysisInfo{"cluster-steps", "Steps per rank", "per step and rank: the step's length (MindSpore total, Ascend stage or ProfilerStep span), vs the median rank, the slowest rank flagged", &clusterStepsAnalysis},
    AnalysisInfo{"cluster-slow-ranks", "Slow ranks and why", "per rank: mean step vs the median rank, compute, exposed communication, idle, wait in collectives and caused; why a rank is slow (straggler, compute, communication, host-bound, waiting)", &clusterSlowRanksAnalysis},
    AnalysisInfo{"cluster-kernels", "Kernels across ranks", "per kernel: ranks, mean/median/min/max total per rank, the rank of the max, ranks more than 25 % from the median", &clusterKernelsAnalysis},
    AnalysisInfo{"findings", "Findings", "rules that name a problem (exposed communication, launch-bound steps, draining synchronizations, straggler rank, data-loader stalls, tiny kernels, copies on the critical path, Sophgo DMA-bound layers, AIU categories below ideal, Ascend AI_CPU operators and free time): time at stake, evidence, what usually helps (--finding-threshold NAME=VALUE)", &findingsAnalysis},
    AnalysisInfo{"overview", "Overview", "the trace: inputs, span, range and ranks asked for, counts of ranks, processes, tracks, events, diagnostics", &traceOverview},
    AnalysisInfo{"ranks", "Per-rank summary", "per rank: processes, tracks, slices in the range (device apart), first start, last end, span", &rankSummary},
    AnalysisInfo{"launch-summary", "Kernel launch summary", "per rank: launches, mean launch call / device duration / launch delay, delay p50/p90/max, outliers", &launchSummary},
    AnalysisInfo{"diagnostics", "Diagnostics", "the import diagnostics: severity, kind, count, first file position", &diagnosticsSummary},
    AnalysisInfo{"annotations", "GPU user-annotation breakdown", "gpu_user_annotation spans per name and rank", &annotationBreakdown},
    AnalysisInfo{"tb-overview", "PyTorch step time breakdown", "PyTorch profiler (TensorBoard plugin) overview: per step, time by Kernel / Memcpy / Memset / Communication / Runtime / DataLoader / CPU Exec / Other by the plugin's priority rules, and the average step (--tb-compat: the plugin's µs)", &tbOverview},
    AnalysisInfo{"tb-gpu", "PyTorch GPU summary", "PyTorch profiler overview: per GPU, utilization, est. SM efficiency, est. achieved occupancy, kernel time using Tensor Cores", &tbGpuSummary},
    AnalysisInfo{"tb-recommendations", "PyTorch recommendations", "PyTorch profiler overview: the plugin's performance recommendations (DataLoader, communication, GPU utilization, Tensor Cores, DataParallel, NCCL)", &tbRecommendations},
    AnalysisInfo{"tb-operators", "PyTorch operators", "PyTorch profiler operator view: per operator, calls, host and device self/total time, Tensor Cores eligibility and share", &tbOperators},
    AnalysisInfo{"tb-operators-shape", "PyTorch operators by shape", "PyTorch profiler operator view grouped by operator and input shape (record_shapes)", &tbOperatorsByShape},
    AnalysisInfo{"tb-operators-stack", "PyTorch operators by call stack", "PyTorch profiler operator view grouped by operator and call stack (with_stack)", &tbOperatorsByStack},
    AnalysisInfo{"tb-kernels", "PyTorch kernels", "PyTorch profiler kernel view: per kernel, calls, total/mean/max/min, mean blocks per SM, mean est. achieved occupancy, Tensor Cores used", &tbKernels},
    AnalysisInfo{"tb-kernels-op", "PyTorch kernels by operator", "PyTorch profiler kernel view per kernel, launching operator and launch shape (grid, block, registers, shared memory)", &tbKernelsByOperator},
    AnalysisInfo{"tb-modules", "PyTorch modules", "PyTorch profiler module view: the nn.Module hierarchy with per module occurrences, operators, host and device total/self time (with_modules)", &tbModules},
    AnalysisInfo{"tb-memory", "PyTorch memory by operator", "PyTorch profiler memory view: per device and operator, memory increase, allocation count and size, own and with the operators below ([memory] events)", &tbMemory},
    AnalysisInfo{"tb-memory-events", "PyTorch memory events", "PyTorch profiler memory view: each allocation with its release (by address), operator, size, lifetime", &tbMemoryEvents},
    AnalysisInfo{"tb-memory-curve", "PyTorch memory curve", "PyTorch profiler memory view: allocated and reserved memory per device after each [memory] event (the plugin's memory curve)", &tbMemoryCurve},
    AnalysisInfo{"tb-gpu-utilization-series", "PyTorch GPU utilization over time", "PyTorch profiler trace view: per GPU, the share of each time bucket (a power of ten of µs, at most 100 buckets) that kernels cover", &tbGpuUtilizationSeries},
    AnalysisInfo{"tb-distributed-overlap", "PyTorch comm/compute overlap", "PyTorch profiler distributed view: per rank and step, computation, overlapping, communication and other time", &tbDistributedOverlap},
    AnalysisInfo{"tb-distributed-wait", "PyTorch collective wait", "PyTorch profiler distributed view: per rank and step, collective time transferring data and waiting for the other ranks", &tbDistributedWait},
    AnalysisInfo{"tb-distributed-ops", "PyTorch collective operations", "PyTorch profiler distributed view: per rank and collective (nccl:*, gloo:*), calls, bytes, latency, data transfer time", &tbDistributedOps},
    AnalysisInfo{"aiu-summary", "AIU kernel summary", "IBM AIU: per AIU and Cmpt Exec kernel name: share, total, calls, mean, median, min, max, stdev (acelyzer's _summary.csv)", &aiuSummary},
    AnalysisInfo{"aiu-categories", "AIU categories and PT utilization", "IBM AIU: per AIU and compiler-log category: kernel and ideal time, calls, ideal cycles, PT utilization (acelyzer's _categories.csv)", &aiuCategories},
    AnalysisInfo{"aiu-active", "AIU active time", "IBM AIU: per AIU: kernel time, first start to last end, active share (acelyzer's _active.csv)", &aiuActive},
    AnalysisInfo{"aiu-ts", "AIU TS phases", "IBM AIU: per AIU and kernel: TS2-TS1 ... TS5-TS4 cycle statistics (acelyzer's _ts_analysis.csv)", &aiuTsAnalysis},
    AnalysisInfo{"aiu-collectives", "AIU compute and collectives", "IBM AIU: per AIU: elapsed, compute and collective time and shares (acelyzer's _stats_summary.csv)", &aiuCollectives},
};
} // namespace

std::span<const AnalysisInfo> analyses() { return kAnalyses; }

const AnalysisInfo *findAnalysis(std::string_view name)
{
    for (const AnalysisInfo &a : kAnalyses)
        if (a.name == name)
            return &a;
    return nullptr;
}

Table runAnalysis(std::string_view name, const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    if (const AnalysisInfo *a = findAnalysis(name))
        return a->run(ctx, opt);
    Table t(std::string(name), "Unknown analysis");
    t.notes.push_back("unknown analysis: " + std::string(name));
    return t;
}

} // namespace accelscope::model::analysis
