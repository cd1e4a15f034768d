// The slow-rank comparison shared by the Ascend slow-rank table computed from the timeline
// (ascendsteps.cpp) and the one read from msprof-analyze's cluster_step_trace_time
// (ascendclustersteps.cpp): the same columns, and the same rule: each compared rank's per-step
// own work (Computing + Free) against the median of the compared ranks; the slowest rank is the
// one with the most own work, and more than 5% above the median points at a slow rank.
#pragma once

#include "model/analysis/core/stats.h"
#include "model/analysis/core/table.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace accelscope::model::analysis::slowrank {

/// The table's columns, one row per rank: sums over the rank's steps, deviations in percent.
struct Columns {
    Column &rank, &device, &steps, &computing, &notOverlapped, &free, &bubble, &stage, &work;
    Column &workVsMedian, &computingVsMedian, &freeVsMedian, &notOverlappedVsMedian, &slowest, &finding;
};

inline Columns addColumns(Table &t)
{
    const Unit ns = Unit::Nanoseconds;
    // braced initialisation runs in order: the columns are added in this order
    return Columns{
        t.addInt("rank", "Rank", Unit::Id),
        t.addInt("device", "Device", Unit::Id),
        t.addInt("steps", "Steps", Unit::Count),
        t.addInt("computing_ns", "Computing", ns),
        t.addInt("communication_not_overlapped_ns", "Communication(Not Overlapped)", ns),
        t.addInt("free_ns", "Free", ns),
        t.addInt("bubble_ns", "Bubble", ns),
        t.addInt("stage_ns", "Stage", ns),
        t.addInt("work_ns", "Own work (Computing + Free)", ns),
        t.addReal("work_vs_median_pct", "Own work vs median", Unit::Percent),
        t.addReal("computing_vs_median_pct", "Computing vs median", Unit::Percent),
        t.addReal("free_vs_median_pct", "Free vs median", Unit::Percent),
        t.addReal("communication_not_overlapped_vs_median_pct", "Communication(Not Overlapped) vs median", Unit::Percent),
        t.addInt("slowest", "Slowest", Unit::None),
        t.addText("finding", "Finding"),
    };
}

/// One rank's per-step means (any time unit, the same for every rank).
struct RankMeans {
    double work = 0; ///< Computing + Free
    double computing = 0, free = 0, notOverlapped = 0;
};

/// v's deviation from med in percent; NaN when med is not positive or v is not finite.
inline double deviation(double v, double med)
{
    return med > 0 && std::isfinite(v) ? 100.0 * (v - med) / med : std::numeric_limits<double>::quiet_NaN();
}

inline std::string signedPercent(double p)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f%%", p);
    return buf;
}

/// The ranks compared with each other: `means[i]` is rank i's, empty for a rank left out of the
/// comparison (its figures are not all known).
class Comparison {
public:
    explicit Comparison(const std::vector<std::optional<RankMeans>> &means) : m_means(means)
    {
        std::vector<double> mw, mc, mf, mn;
        double slowWork = -1;
        for (std::size_t i = 0; i < means.size(); ++i) {
            if (!means[i])
                continue;
            const RankMeans &m = *means[i];
            mw.push_back(m.work);
            mc.push_back(m.computing);
            mf.push_back(m.free);
            mn.push_back(m.notOverlapped);
            if (m.work > slowWork) {
                slowWork = m.work;
                slowest = int(i);
            }
        }
        m_median = {median(mw), median(mc), median(mf), median(mn)};
        compared = mw.size();
        if (compared >= 2 && m_median.work > 0)
            spread = 100.0 * (*std::max_element(mw.begin(), mw.end()) - *std::min_element(mw.begin(), mw.end())) / m_median.work;
    }

    std::size_t compared = 0; ///< ranks in the comparison
    int slowest = -1;         ///< index of the rank with the most own work, -1 when none is compared
    double spread = std::numeric_limits<double>::quiet_NaN(); ///< (max - min) own work / median, percent

    /// Whether there is a slowest rank to speak of (two ranks or more compared).
    bool hasSlowest() const { return slowest >= 0 && compared >= 2; }
    bool isSlowest(std::size_t i) const { return int(i) == slowest && compared >= 2; }
    /// Rank i's own work vs the median, percent.
    double workDeviation(std::size_t i) const { return deviation(m_means[i] ? m_means[i]->work : kNaN, m_median.work); }

    /// Rank i's deviations and its Slowest flag (deviations empty when it is not compared or it
    /// is the only one).
    void pushDeviations(Columns &c, std::size_t i) const
    {
        const bool cmp = m_means[i] && compared >= 2;
        const RankMeans m = m_means[i].value_or(RankMeans{});
        c.workVsMedian.push(cmp ? deviation(m.work, m_median.work) : kNaN);
        c.computingVsMedian.push(cmp ? deviation(m.computing, m_median.computing) : kNaN);
        c.freeVsMedian.push(cmp ? deviation(m.free, m_median.free) : kNaN);
        c.notOverlappedVsMedian.push(cmp ? deviation(m.notOverlapped, m_median.notOverlapped) : kNaN);
        c.slowest.push(std::int64_t(isSlowest(i) ? 1 : 0));
    }

    /// The slowest rank's finding: how far above the median, and whether Computing or Free adds more.
    std::string slowestFinding() const
    {
        const RankMeans &m = *m_means[std::size_t(slowest)];
        const double dw = deviation(m.work, m_median.work);
        std::string f = "slowest: own work " + signedPercent(dw) + " vs median";
        if (dw > 5.0)
            f += m.computing - m_median.computing >= m.free - m_median.free
                   ? ", mostly Computing (" + signedPercent(deviation(m.computing, m_median.computing)) + "): compute-bound"
                   : ", mostly Free (" + signedPercent(deviation(m.free, m_median.free)) + "): host/dispatch-bound";
        else
            f += " (within 5%: balanced)";
        return f;
    }

private:
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    std::vector<std::optional<RankMeans>> m_means;
    RankMeans m_median;
};

} // namespace accelscope::model::analysis::slowrank
