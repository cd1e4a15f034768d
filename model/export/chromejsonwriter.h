// Streams a Trace as Chrome Trace Event JSON (object form) that Accelscope, Perfetto and
// chrome://tracing open. Times keep ns precision (µs with 3 decimals).
#pragma once

#include "model/export/exportresult.h"
#include "model/trace.h"

#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

namespace accelscope::model::analysis {
class AnalysisContext;
}

namespace accelscope::model::exportfmt {

struct CriticalPathOverlay;

struct ChromeJsonOptions {
    std::optional<std::pair<TimeNs, TimeNs>> range; ///< keep events that overlap [first, second]
    bool gzip = false;                              ///< write .json.gz
    /// Tracks to write, indexed by TrackId (the Export dialog's "visible" / "pinned" tracks);
    /// empty = all. Processes left without a track are left out; flows need both ends kept.
    std::vector<bool> tracks;
    /// Generated counter series (HTA's generate_trace_with_counters), written as C events of
    /// each device process: "Queue length (stream N)" from the queue-length-series analysis and
    /// "Memcpy bandwidth GB/s (KIND)" from memcpy-bw-series. They need `analysis`, the
    /// AnalysisContext of this trace (ignored when null).
    bool queueLengthCounters = false;
    bool memcpyBandwidthCounters = false;
    const analysis::AnalysisContext *analysis = nullptr;
    /// The critical path over the trace (criticalpathoverlay.h, from the critical-path
    /// analysis's table), as HTA's overlay_critical_path_analysis: its slices get the arg
    /// "critical": 1 and each of its dependency, launch and synchronisation edges a flow pair of
    /// category "critical_path" named by the edge type. Null = none.
    const CriticalPathOverlay *criticalPath = nullptr;
    std::function<void(double)> progress;           ///< fraction 0..1
    std::stop_token stop;
};

/// Writes atomically: the destination is replaced only when everything was written.
ExportResult writeChromeJson(const Trace &trace, const std::string &path, const ChromeJsonOptions &opt = {});

/// "1700000000123.456": integer ns as decimal µs, exactly.
std::string formatMicros(TimeNs ns);

} // namespace accelscope::model::exportfmt
