// EventSet: the rows an analysis works on, selected from the trace by the options — HTA's
// per-rank event table in HTA mode, the device/host split of the model otherwise.
//
// Times are int64 "ticks": absolute trace ns natively; in HTA mode whole µs after HTA's rounding
// (start rounded up, end down) and alignment (minus the smallest start of all ranks), so every
// sum and percentage comes out as HTA computes it.
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/common/kerneltype.h"
#include "model/analysis/core/table.h"

#include <string>
#include <vector>

namespace accelscope::model::analysis {

struct Ev {
    std::int64_t ts = 0;
    std::int64_t dur = 0;          ///< may be negative in HTA mode (an event containing no µs tick)
    std::int64_t stream = -1;      ///< -1 = host side (HTA: no numeric args.stream)
    std::int64_t corr = -1;        ///< -1 = none
    StringId name = kEmptyString;
    StringId cat = kEmptyString;
    std::int32_t rank = 0;
    std::uint32_t gid = 0;         ///< EventIndex id (track + index)
    KernelType type = KernelType::Other; ///< device rows only
    std::int64_t end() const { return ts + dur; }
};

struct EventSet {
    bool compat = false;
    std::vector<Ev> gpu;  ///< device rows (HTA: stream != -1), in trace order
    std::vector<Ev> cpu;  ///< everything else (only when asked for)
    std::vector<int> ranks; ///< ranks present after the rank filter, ascending
    bool clip = false;    ///< a range is set: time-accounting analyses clip to [clipLo, clipHi)
    std::int64_t clipLo = 0, clipHi = 0;
    std::int64_t originNs = 0; ///< native: trace start (output times are ticks - originNs)
    std::int64_t htaMinTsUs = 0; ///< HTA mode: the aligned-away min_ts (absolute µs of the source clock)
    std::vector<std::string> notes;

    /// Output timestamp for a tick value (ns since trace start, or HTA's relative µs).
    std::int64_t outTime(std::int64_t ticks) const { return compat ? ticks : ticks - originNs; }
    bool wantRank(int r) const;
    std::vector<int> rankFilter;
};

enum SelectFlags : unsigned {
    SelectGpu = 1,
    SelectCpu = 2,
    /// In HTA mode, skip the last-ProfilerStep filter (HTA's include_last_profiler_step=True
    /// intent). Never set by the analyses; for tests.
    SelectKeepLastStep = 4,
};

EventSet selectEvents(const AnalysisContext &ctx, const AnalysisOptions &opt, unsigned flags);

/// Host and device rows sharing a (rank, correlation), found by sorting (no hash maps: this is
/// the hot join of launch, idle, queue and step analyses). Host rows take part when their
/// correlation is not -1, device rows when it is >= 0 (HTA §1.4).
struct CorrelationGroups {
    struct Group {
        std::uint32_t cpuBegin, cpuEnd; ///< range in `cpu`
        std::uint32_t gpuBegin, gpuEnd; ///< range in `gpu`
    };
    std::vector<Group> groups;     ///< ordered by (rank, correlation)
    std::vector<std::uint32_t> cpu; ///< indices into EventSet::cpu, grouped, ascending within a group
    std::vector<std::uint32_t> gpu; ///< indices into EventSet::gpu, grouped, ascending within a group
    /// For each device row, the last host row of its group (-1 none); for each host row, the last
    /// device row of its group (-1 none). "Last wins" as in HTA's index_correlation.
    std::vector<std::int32_t> cpuOfGpu, gpuOfCpu;
};
CorrelationGroups correlationGroups(const EventSet &set);

/// Output column helpers: HTA's names in HTA mode, Accelscope's otherwise.
inline Unit durUnit(const EventSet &s) { return s.compat ? Unit::Microseconds : Unit::Nanoseconds; }
inline Unit timeUnit(const EventSet &s) { return s.compat ? Unit::TimestampUs : Unit::TimestampNs; }

/// Events of `v` grouped by rank (indices into v), ranks ascending.
std::vector<std::pair<int, std::vector<std::uint32_t>>> byRank(const std::vector<Ev> &v, const std::vector<int> &ranks);

} // namespace accelscope::model::analysis
