// The Ascend view of a trace that the Ascend analyses share (step breakdown, slow rank, op and
// core statistics): per rank, the compute tasks of the "Ascend Hardware" streams, the HCCL
// collective ops and the ProfilerStep#N host spans with the device range of the work they
// launched. Built once per trace (AnalysisContext::cached) from the model only — never from the
// statistics CSVs the importer keeps as metadata. Definitions: docs/analysis.md, "Ascend".
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/intervals.h"
#include "model/analysis/core/table.h"

#include <array>
#include <deque>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::model {
struct AscendFacts;
}

namespace accelscope::model::analysis {

/// "No step number" (a task without kernel_details Step Id, a step without a number).
constexpr std::int64_t kNoStep = std::numeric_limits<std::int64_t>::min();

/// A compute task: a device task that msprof/torch_npu count as "Computing" (the kernel_details
/// rows that are not communication: AI_CORE, AI_VECTOR_CORE, MIX_AIC/AIV, AI_CPU, DSA, ...).
struct AscendTask {
    TimeNs start = 0;
    TimeNs end = 0;
    SliceRef slice;
    std::string_view opType; ///< kernel_details "Type" (OP Type); legacy "type"; else the task name
    std::string_view core;   ///< "Accelerator Core"; else "Task Type"; legacy AI_CORE / AI_CPU; else "N/A"
    std::int64_t stepId = kNoStep; ///< kernel_details "Step Id"
    bool joined = true;      ///< kernel information (kernel_details / COMPUTE_TASK_INFO); false: by Task Type
};

/// A collective / p2p communication op (HCCL "Group g Communication" rows; legacy step-trace ops).
struct AscendCommOp {
    TimeNs start = 0;
    TimeNs end = 0;
    SliceRef slice;
    bool receive = false; ///< counts as Bubble (torch_npu: name starts with hcom_receive)
    std::int64_t stepId = kNoStep; ///< kernel_details "Step Id", MindSpore step trace step_num
};

/// A ProfilerStep#N host span (or a legacy "Step N" device span) and the device range torch_npu
/// gives it: [first start, max(last end, host end)) of the device work launched inside it.
struct AscendStep {
    std::int64_t number = 0;
    TimeNs hostStart = 0, hostEnd = 0; ///< the ProfilerStep slice (legacy: the step itself)
    TimeNs deviceStart = 0, deviceEnd = 0;
    bool hasHost = false;              ///< false for legacy step-trace steps (no host start: no Preparing)
    SliceRef slice;
    std::uint32_t launched = 0;        ///< device tasks launched inside the host span (by flows)
    /// Legacy MindSpore step trace: its own per-step figures (ns); hasMindSporeFigures false elsewhere.
    bool hasMindSporeFigures = false;
    TimeNs iterationInterval = 0, fpAndBp = 0, tail = 0;
    /// The step's own length as the file states it: MindSpore's `total` (end point − start point),
    /// else the step's span from its points.
    TimeNs total = 0;
    /// msprof iterations: the model (graph) they belong to, -1 when the export does not say;
    /// several models number their iterations each from 1.
    std::int64_t model = -1;
    /// msprof steps the importer derived from the spans of per-iteration view files (the export
    /// has no Step Trace iterations): no FP+BP, tail or interval.
    bool derivedFromFiles = false;
};

/// The Overlap Analysis lanes of a device (torch_npu / msprof's own classification of its
/// tasks): step_trace_time.csv sums them per step, so the steps analysis does too when present.
enum class OverlapLane : std::uint8_t { Computing, Communication, CommunicationNotOverlapped, Free };

/// A slice of MindSpore's HCCL process (op or plane task) for its Stage and Bubble.
struct AscendHcclEvent {
    TimeNs start = 0, end = 0;
    bool sendRecv = false; ///< a pipeline-parallel op: Bubble
};

struct AscendRank {
    int rank = 0;
    int device = -1;
    bool hasHardware = false; ///< an "Ascend Hardware" (or legacy AI Core / AI CPU) process exists
    bool mindspore = false;   ///< MindSpore counts more p2p ops as Bubble
    bool mindsporeLegacy = false; ///< the MindSpore 1.x profiler/ folder (its own step trace)
    bool hasKernelInfo = false; ///< some task has kernel information: only such tasks are compute
    std::vector<AscendTask> compute;  ///< sorted by start
    std::vector<AscendCommOp> comm;   ///< sorted by start
    std::vector<AscendStep> steps;    ///< sorted by host start
    /// Overlap Analysis lane slices by OverlapLane, sorted by start; empty without such lanes.
    std::array<std::vector<Interval>, 4> lanes;
    bool hasLanes = false;
    /// The lanes were derived by the importer from the tasks (the output had none): not the
    /// profiler's own classification.
    bool lanesDerived = false;
    /// MindSpore >= 2.3 only: every HCCL slice, sorted by start (its Stage spans them all).
    std::vector<AscendHcclEvent> hcclEvents;
    /// Compute tasks classified without kernel information (no kernel_details row / db
    /// COMPUTE_TASK_INFO): every device task that is not communication counts, as torch_npu's
    /// overlap analysis counts the other device tasks.
    std::uint64_t typedTasks = 0;
    /// Those of them whose Task Type is not a compute type (AI_CORE, AI_VECTOR_CORE, AI_CPU,
    /// MIX_*, DSA, FFTS: no guess) but "Other" or anything else: counted as Computing by guess;
    /// their Task Types with counts.
    std::uint64_t guessedTasks = 0;
    std::vector<std::pair<std::string_view, std::uint64_t>> guessedTypes;
    const AscendFacts *facts = nullptr; ///< the rank's importer facts (communication coverage, file steps)
};

struct AscendIndex {
    std::vector<AscendRank> ranks; ///< ascending rank
    bool ascend = false;           ///< the trace has an Ascend (torch_npu / MindSpore) source
    std::deque<std::string> strings; ///< storage for unescaped arg values the views point to
};

/// Built once per trace and cached in the context.
const AscendIndex &ascendIndex(const AnalysisContext &ctx);
/// True when a source of the trace came from the Ascend importer (torch_npu, MindSpore).
bool isAscendTrace(const Trace &trace);

} // namespace accelscope::model::analysis
