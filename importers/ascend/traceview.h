// trace_view.json of torch_npu / MindSpore (and the legacy MindSpore ascend_timeline_display
// JSON): a Chrome-trace event array read the Ascend way.
//  - Read by the shared JSON event pipeline (importers/common/jsonpipeline.h: chunks of whole
//    events parsed on worker threads into BuilderShards, merged in input order, invalid UTF-8
//    repaired); traceviewparser.cpp says what the events mean.
//  - ts strings ("1736408883704903.918") and numbers become exact ns; flows are matched on
//    (cat, id) whatever their per-flow name ("HostToDevice936"), ids above 2^64 are hashed.
//  - Device tasks get their kernel_details.csv row as extra args, HCCL ops their
//    communication.json info (ArgsJoin).
//  - Counter args that are labels (acc_id) go into the series name; units into the name.
//  - Processes and tracks are classified afterwards (decorate()) from what the whole file
//    said, because process_name metadata is interleaved anywhere in the array.
#pragma once

#include "argsjoin.h"
#include "ascendcommon.h"
#include "importers/importer.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>

namespace accelscope::importers::ascend {

/// The spans of one track's device tasks that the derived Overlap Analysis lanes need, each list
/// merged as it grows (overlapping or touching neighbours become one span).
struct TaskSpans {
    /// Tasks with kernel information (a kernel_details.csv row joined) that is not communication.
    std::vector<Interval> kernelCompute;
    /// Tasks without it whose Task Type and name say neither communication, wait, event nor
    /// profiling: Computing only when no task of the trace has kernel information.
    std::vector<Interval> typedCompute;
    /// Every task (the HCCL process's collective ops).
    std::vector<Interval> all;

    void append(const TaskSpans &o);
    /// Adds [start, end) to `v`, extending the last span when they overlap or touch (the tasks
    /// of a stream come in time order: a busy stream keeps few spans).
    static void add(std::vector<Interval> &v, Interval span)
    {
        if (!v.empty() && span.start >= v.back().start && span.start <= v.back().end)
            v.back().end = std::max(v.back().end, span.end);
        else
            v.push_back(span);
    }
};

struct TrackStats {
    std::string name;          ///< thread_name
    std::uint64_t slices = 0;
    std::uint64_t compute = 0; ///< device tasks by TaskClass of their "Task Type"
    std::uint64_t comm = 0;
    std::uint64_t dma = 0;
    std::uint64_t other = 0;
    std::int64_t sortIndex = 0;
    bool hasSortIndex = false;
    TaskSpans spans; ///< filled only with TraceViewOptions::collectTaskSpans
};

/// What one trace_view.json said about its processes and tracks (numeric pids/tids).
struct TraceViewSummary {
    std::map<std::int64_t, std::string> processNames;
    std::map<std::int64_t, std::string> processLabels;
    std::map<std::int64_t, std::int64_t> processSortIndex;
    std::set<std::int64_t> pids; ///< every numeric pid that had an event
    std::map<std::pair<std::int64_t, std::int64_t>, TrackStats> tracks;
    std::uint64_t events = 0;
    std::uint64_t kernelArgsJoined = 0;
    std::uint64_t commArgsJoined = 0;

    void merge(const TraceViewSummary &o);
};

struct TraceViewOptions {
    const ArgsJoin *kernels = nullptr; ///< kernel_details.csv rows by (name, start)
    const ArgsJoin *comm = nullptr;    ///< communication.json ops by (name, start)
    std::size_t chunkBytes = 1u << 20;
    unsigned threads = 0; ///< 0: one per core
    /// Keeps the spans of the device tasks so that decorateTraceView() can derive the Overlap
    /// Analysis lanes of a trace that has none (torch_npu before its CANN wrote them): the steps
    /// analysis then counts Free between steps as torch_npu does. Off for the legacy MindSpore
    /// timeline, which has its own step trace.
    bool collectTaskSpans = true;
    /// Called with the fraction of the file read (0..1).
    std::function<void(double)> progress;
};

/// Reads `file` into `builder` under `source`. Fatal problems (unreadable, not JSON) return an
/// error; damaged or truncated content becomes diagnostics.
model::Status readTraceView(const std::filesystem::path &file, std::uint32_t source, model::TraceBuilder &builder,
                            const ImportContext &ctx, const TraceViewOptions &opts, TraceViewSummary &summary);

/// Device placement hints for decorate().
struct DeviceHint {
    int device = -1; ///< the rank's device id when known from elsewhere (db, CSV)
};

/// Merges one shard that names, classifies and orders what readTraceView() created: process
/// kinds, device ids and labels ("NPU 0 · Ascend Hardware"), undeclared pids named from the
/// pid layout, stream engines (Compute / Communication / DMA), HCCL planes, Overlap lanes.
/// A trace without Overlap Analysis lanes whose task spans were collected gets derived lanes
/// (deriveOverlap over the Ascend Hardware compute tasks and the HCCL ops), one process per device.
void decorateTraceView(model::TraceBuilder &builder, std::uint32_t source, const TraceViewSummary &summary,
                       const DeviceHint &hint);

} // namespace accelscope::importers::ascend
