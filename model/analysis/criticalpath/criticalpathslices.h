// The critical-path table (criticalpath.h) put back on the trace: which slice each edge leaves and
// reaches. The table names the events at an edge's ends by name, end point and time; this finds
// them among the trace's slices, so that a timeline can outline the path and draw its edges and the
// Chrome JSON overlay (model/export/criticalpathoverlay.h) can mark them. Reads the table only: the
// path is never computed again here.
#pragma once

#include "model/analysis/core/table.h"
#include "model/trace.h"

#include <optional>
#include <string>
#include <vector>

namespace accelscope::model::analysis {

struct CriticalPathSlices {
    struct Edge {
        SliceRef from, to;                     ///< the slices at the edge's two ends
        bool fromStart = true, toStart = true; ///< which end of each slice the edge leaves and reaches
        TimeNs fromNs = 0, toNs = 0;           ///< trace times of the two ends
        SliceRef shown;                        ///< the table row's slice (its key): what selecting the edge shows
        std::string type;                      ///< the table's type column ("critical_path_operator", ...)
        std::int64_t weight = 0;               ///< the table's duration (ns; µs in the HTA-compatible table)

        /// False for an edge from a slice's start to its own end (a kernel, a leaf operator): nothing
        /// joins two events there, so a drawing shows no arrow for it.
        bool joinsTwoSlices() const { return from != to; }
    };
    std::vector<Edge> edges;      ///< one per table row, in path order
    std::vector<SliceRef> slices; ///< the slices at the path's nodes, sorted, each once

    bool contains(SliceRef s) const;
};

/// Finds the table's events in the trace by name, rank-free, at the time of the edge's ends
/// (exact in ns; the nearest within a microsecond for the HTA-compatible table, whose times are
/// whole µs since the first event). Nothing, with `error` set, when the table is not the critical
/// path, the path is empty (the table's note says why) or an event is not found. One pass over the
/// trace's slices: run it where an analysis runs, off the GUI thread.
std::optional<CriticalPathSlices> criticalPathSlices(const Trace &trace, const Table &criticalPath, std::string &error);

} // namespace accelscope::model::analysis
