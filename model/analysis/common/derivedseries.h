// Derived counter series: HTA's generate_trace_with_counters (queue length per stream, memory
// copy bandwidth per copy kind) as series placed on the trace's processes. The timeline's
// derived tracks (views/derivedcounters.h) and the Chrome JSON export's generated counters
// (model/export/chromejsonwriter.cpp) both read these, so they agree on processes, names and
// samples. The numbers are those of the queue-length-series and memcpy-bw-series tables; the
// PyTorch profiler plugin's GPU utilization over time (tb-gpu-utilization-series) is drawn the
// same way in the timeline.
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/table.h"

#include <string>
#include <vector>

namespace accelscope::model::analysis {

enum class DerivedSeriesKind : std::uint8_t {
    QueueLength,     ///< queue-length-series: one series per (rank, pid, stream, tid)
    MemcpyBandwidth, ///< memcpy-bw-series: one series per (rank, device, copy kind)
    GpuUtilization,  ///< tb-gpu-utilization-series: one series per (rank, device), the PyTorch profiler plugin's
};

struct DerivedSeries {
    DerivedSeriesKind kind = DerivedSeriesKind::QueueLength;
    std::string name;  ///< HTA's counter name: "Queue Length", or the copy kind ("Memcpy HtoD");
                       ///< the plugin's "GPU Utilization"
    std::string label; ///< the name with its subject, as exports title the counter:
                       ///< "Queue length (stream 7)", "Memcpy bandwidth GB/s (Memcpy HtoD)"
    std::int32_t rank = 0;
    std::int64_t pid = 0;     ///< the table's pid (queue length) or device (bandwidth)
    std::int64_t tid = -1;    ///< queue length: the stream's tid
    std::int64_t stream = -1; ///< queue length: the stream id
    /// The process the series belongs to: a device process of (rank, pid), else the rank's first
    /// device process, else any process of (rank, pid); kInvalidId when the trace has none.
    ProcessId process = kInvalidId;
    /// Queue length: the stream's own track (a device stream with that tid when there is one);
    /// kInvalidId otherwise.
    TrackId anchor = kInvalidId;
    std::vector<TimeNs> ts;     ///< absolute trace ns, sorted (stable for equal times)
    std::vector<double> values; ///< one per ts; a step function like any counter
};

/// The series of a queue-length-series / memcpy-bw-series / tb-gpu-utilization-series table with native columns (absolute
/// ns since the trace start, integer rank/pid/stream); empty for an HTA-compatible table, whose
/// µs times are on HTA's clock. Rows need not be sorted. Series are ordered by their key.
std::vector<DerivedSeries> derivedSeriesFromTable(const Trace &trace, DerivedSeriesKind kind, const Table &table);

/// Runs the analysis of `kind` (native options: the whole trace, every rank) and converts it;
/// empty when `stop` is requested.
std::vector<DerivedSeries> derivedCounterSeries(const AnalysisContext &ctx, DerivedSeriesKind kind,
                                                std::stop_token stop = {});

} // namespace accelscope::model::analysis
