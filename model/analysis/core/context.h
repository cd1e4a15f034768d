// AnalysisContext (one per trace: the trace plus its lazily built EventIndex) and
// AnalysisOptions (time range, ranks, HTA compatibility and the per-analysis knobs).
#pragma once

#include "model/analysis/core/eventindex.h"

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

namespace accelscope::model::analysis {

struct CategoryRules;

/// The rank a process (or source) counts under: one without a rank (single-process traces,
/// host tracks) is rank 0, so rank filters, per-rank rows and rank choosers agree everywhere.
inline int rankOf(const Process &p)
{
    return std::max(p.rank, 0);
}
inline int rankOf(const SourceInfo &s)
{
    return std::max(s.rank, 0);
}

/// True when the event [start, end) overlaps the half-open range [range.first, range.second);
/// a zero-length event counts when it lies inside the range. An event that only ends at the
/// range start does not count.
inline bool overlapsRange(const std::pair<TimeNs, TimeNs> &range, TimeNs start, TimeNs end)
{
    return start < range.second && (end > range.first || (start == end && start >= range.first));
}

/// Options shared by every analysis. Defaults are Accelscope's; `htaCompat` switches to HTA's
/// loading rules (µs rounding, last-ProfilerStep filter, HTA's classifier, µs output columns
/// named as in HTA) and HTA's defaults where an option is left at "auto" (negative).
struct AnalysisOptions {
    /// Half-open [first, second) in trace ns (the model's absolute time). Events overlapping it
    /// take part; time-accounting analyses (temporal, overlap, kernel types, engines, steps)
    /// clip intervals to it. Empty = whole trace.
    std::optional<std::pair<TimeNs, TimeNs>> range;
    /// Ranks to include; empty = all.
    std::vector<int> ranks;
    /// Tracks to include in analyses that work per track (range-stats); empty = all.
    std::vector<TrackId> tracks;
    bool htaCompat = false;
    /// IBM AIU tables (aiu-*): reproduce acelyzer's numbers, rounding, µs columns and `_[N]` name
    /// grouping (docs/aiu.md "Tables"). A trace imported with --acelyzer-compat turns it on too.
    bool acelyzerCompat = false;
    /// PyTorch profiler views (tb-*): reproduce the TensorBoard profiler plugin's numbers where
    /// Accelscope differs on purpose, in µs rounded as the plugin shows them (docs/analysis.md).
    bool tbCompat = false;

    // kernels / annotations
    int topKernels = -1;        ///< HTA num_kernels; < 0: all (HTA mode: 10; annotations 1000)
    double durationRatio = -1;  ///< HTA duration_ratio; < 0: 1.0 (HTA mode: 0.8)
    // idle
    TimeNs idleThresholdNs = 30000; ///< HTA consecutive_kernel_delay (30 µs; HTA's docs say ns)
    // launch
    TimeNs runtimeCutoffNs = 50000;      ///< HTA runtime_cutoff (50 µs)
    TimeNs launchDelayCutoffNs = 100000; ///< HTA launch_delay_cutoff (100 µs)
    // sequences
    std::string operatorName;  ///< empty: the first of HTA's usual operators that gives a result
    int minPatternLength = 3;
    // critical path
    /// Events whose name contains this text bound the analysed window (HTA's annotation); "" = the
    /// whole trace; unset = the first ProfilerStep when the trace has one, else the whole trace.
    std::optional<std::string> annotation;
    int instanceFirst = 0; ///< which instances of the annotation (HTA's instance_id), inclusive
    int instanceLast = 0;
    // queue length
    int maxQueueLength = 1024;
    // categories
    std::shared_ptr<const CategoryRules> categoryRules; ///< null: defaultCategoryRules()
    // engine series
    TimeNs binNs = 0;  ///< 0: range / 200
    int maxBins = 2000;
    // findings
    /// Rule thresholds by name (findingThresholds() lists them); one not set keeps its default.
    std::map<std::string, double> findingThresholds;

    std::stop_token stop; ///< checked between phases; a stopped analysis returns an empty table

    /// True when `rank` takes part (ranks empty = all).
    bool wantsRank(int rank) const
    {
        return ranks.empty() || std::find(ranks.begin(), ranks.end(), rank) != ranks.end();
    }
    /// True when [start, end) overlaps the range (no range = always); a zero-length event counts
    /// when it lies inside the half-open range.
    bool overlapsRange(TimeNs start, TimeNs end) const
    {
        return !range || analysis::overlapsRange(*range, start, end);
    }
};

/// One per trace; shared by the panels of a window and by the CLI. Thread-safe: the index is
/// built once on first use (on whichever thread asks first), then only read.
class AnalysisContext {
public:
    explicit AnalysisContext(TracePtr trace);
    const Trace &trace() const { return *m_trace; }
    const TracePtr &tracePtr() const { return m_trace; }
    const EventIndex &index() const;

    /// Per-trace results that several analyses share (e.g. HTA's rounded event table), built
    /// once by `make` and kept for the context's lifetime. Concurrent callers of one key wait for
    /// the first one's `make`; `make` may itself ask for other keys (the steps table of a
    /// comparison needs the Ascend index), so it runs under its key's lock only.
    std::shared_ptr<const void> cached(const std::string &key, const std::function<std::shared_ptr<const void>()> &make) const;

private:
    TracePtr m_trace;
    mutable std::once_flag m_once;
    mutable std::unique_ptr<EventIndex> m_index;
    struct CacheEntry {
        std::mutex building;
        bool built = false;
        std::shared_ptr<const void> value;
    };
    mutable std::mutex m_cacheMutex; ///< guards m_cache's list, not the values being built
    mutable std::vector<std::pair<std::string, std::shared_ptr<CacheEntry>>> m_cache;
};

} // namespace accelscope::model::analysis
