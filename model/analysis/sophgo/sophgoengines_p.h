// What the parts of the Sophgo engine numbers share (sophgoengines.cpp: the per-command facts and
// the command lists; sophgoenginessummary.cpp: the engine summary and the engines table columns;
// sophgoengineslayers.cpp: the per-layer breakdown): the NaN of empty cells, the DMA engine test,
// percentages and the time window of a ranged analysis.
#pragma once

#include "model/analysis/sophgo/sophgoengines.h"

#include <algorithm>
#include <limits>

namespace accelscope::model::analysis::sophgo_detail {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

inline bool isDmaKind(EngineKind k) { return k == EngineKind::GDMA || k == EngineKind::SDMA || k == EngineKind::CDMA; }

inline double pctOf(double a, double b) { return b > 0 ? 100.0 * a / b : kNaN; }

struct Window {
    TimeNs lo = 0, hi = 0;
    bool ranged = false;
    /// Share of [s, e) inside the window (1 without a range); 0: outside.
    double share(TimeNs s, TimeNs e) const
    {
        if (!ranged)
            return 1.0;
        if (e == s)
            return (s >= lo && s < hi) ? 1.0 : 0.0;
        const TimeNs cs = std::max(s, lo), ce = std::min(e, hi);
        return ce > cs ? double(ce - cs) / double(e - s) : 0.0;
    }
};

} // namespace accelscope::model::analysis::sophgo_detail
