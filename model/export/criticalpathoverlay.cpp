#include "criticalpathoverlay.h"

#include "model/analysis/criticalpath/criticalpathslices.h"

#include <algorithm>

namespace accelscope::model::exportfmt {

bool CriticalPathOverlay::isCritical(SliceRef s) const
{
    return std::binary_search(critical.begin(), critical.end(), s);
}

std::optional<CriticalPathOverlay> criticalPathOverlay(const Trace &trace, const analysis::Table &t, std::string &error)
{
    const std::optional<analysis::CriticalPathSlices> path = analysis::criticalPathSlices(trace, t, error);
    if (!path)
        return std::nullopt;
    CriticalPathOverlay o;
    o.critical = path->slices;
    for (const analysis::CriticalPathSlices::Edge &e : path->edges)
        if (e.type != "critical_path_operator")
            o.edges.push_back({e.from, e.to, e.fromStart, e.toStart, e.type, e.weight});
    return o;
}

} // namespace accelscope::model::exportfmt
