// The critical-path analysis's table (model/analysis/criticalpath/criticalpath.h) as an overlay of a Chrome
// JSON export, as HTA's overlay_critical_path_analysis writes it: the events at the path's nodes
// are marked critical and every edge joining two different events becomes a flow.
#pragma once

#include "model/analysis/core/table.h"
#include "model/trace.h"

#include <optional>
#include <string>
#include <vector>

namespace accelscope::model::exportfmt {

struct CriticalPathOverlay {
    struct Edge {
        SliceRef from, to;
        bool fromStart = true, toStart = true; ///< which end of each slice the edge leaves and reaches
        std::string type;                      ///< "critical_path_dependency", ... (the table's type column)
        std::int64_t weight = 0;               ///< the table's duration
    };
    std::vector<SliceRef> critical; ///< the slices at the path's nodes, sorted, each once
    std::vector<Edge> edges;        ///< the non-operator edges, in path order

    bool isCritical(SliceRef s) const;
};

/// The table's events found in the trace (model/analysis/criticalpath/criticalpathslices.h: by name,
/// rank-free, at the time of the edge's end, exact in ns, within a microsecond for the
/// HTA-compatible table). Nothing, with `error` set, when the path is empty (the table's note)
/// or an event is not found.
std::optional<CriticalPathOverlay> criticalPathOverlay(const Trace &trace, const analysis::Table &criticalPath, std::string &error);

} // namespace accelscope::model::exportfmt
