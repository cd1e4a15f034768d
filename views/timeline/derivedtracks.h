// Derived counter tracks: counter series that are not in the trace but computed from it (HTA's
// generate_trace_with_counters: queue length per stream, memory-copy bandwidth per copy kind),
// drawn by the timeline exactly like the trace's own counters.
//
// The model stays immutable: derived tracks live in a side store (DerivedCounterSet, made by
// views/derivedcounters.h off the GUI thread) that TimelineLayout places between the trace's
// tracks and BatchBuilder draws through the same CounterData view as a model counter (same
// per-pixel min/max, same CounterLod, same value at the cursor). See docs/timeline.md.
#pragma once

#include "model/trace.h"
#include "views/timeline/counterlod.h"
#include "views/timeline/framebatch.h"

#include <QString>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace accelscope::views {

enum class DerivedCounterKind : std::uint8_t {
    QueueLength,     ///< queue-length-series: one track per (rank, stream), after the stream's track
    MemcpyBandwidth, ///< memcpy-bw-series: one track per (rank, device, copy kind), end of the device's group
    GpuUtilization,  ///< tb-gpu-utilization-series: one track per (rank, device), end of the device's group
};
inline constexpr int kDerivedCounterKindCount = 3;

/// One generated counter track. Immutable once made.
struct DerivedCounterTrack {
    DerivedCounterKind kind = DerivedCounterKind::QueueLength;
    QString title;     ///< header text, translated ("Queue length · stream 7")
    std::string name;  ///< HTA's counter name: "Queue Length", or the copy kind ("Memcpy HtoD")
    model::ProcessId process = model::kInvalidId; ///< group it is drawn in (kInvalidId: the Global group)
    model::TrackId anchor = model::kInvalidId;    ///< drawn right after this track; kInvalidId: at the group's end
    std::int32_t rank = 0;
    std::int64_t pid = 0;     ///< the device process's pid (table column pid / device)
    std::int64_t tid = -1;    ///< queue length: the stream track's tid
    std::int64_t stream = -1; ///< queue length: the stream id
    model::CounterSeries series; ///< absolute trace ns, a step function like any counter
    CounterLod lod;              ///< empty for small series
    std::pair<double, double> range{0.0, 0.0}; ///< min and max of the values
    Rgba color = 0xff999999;
};

using DerivedTrackList = std::vector<std::shared_ptr<const DerivedCounterTrack>>;

/// The derived tracks shown now, for one trace (identity only).
struct DerivedCounterSet {
    const model::Trace *trace = nullptr;
    DerivedTrackList tracks;
};

/// What TrackBatcher needs to draw one counter, model or derived.
struct CounterData {
    const model::CounterSeries *series = nullptr;
    const CounterLod *lod = nullptr; ///< null for small series or before the index exists
    std::pair<double, double> range{0.0, 0.0};
    Rgba color = 0xff999999;

    bool isValid() const { return series != nullptr; }
    /// First sample index >= from with ts >= t.
    std::size_t lowerBound(std::size_t from, model::TimeNs t) const;
    /// Min and max of samples [begin, end).
    std::pair<double, double> minMax(std::size_t begin, std::size_t end) const;

    static CounterData of(const DerivedCounterTrack &t)
    {
        return {&t.series, t.lod.isEmpty() ? nullptr : &t.lod, t.range, t.color};
    }
};

} // namespace accelscope::views
