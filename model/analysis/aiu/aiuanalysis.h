// The IBM AIU tables: acelyzer's per-kernel summary, active time, TS-phase statistics, compiler-log
// categories with PT utilization, and compute/communication time per AIU (its SEC, UTL and
// STATS_V2 outputs), plus the cycle stamps of one AIU slice for the details panel.
// Definitions, columns and the differences from acelyzer: docs/aiu.md "Tables".
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/table.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace accelscope::model::analysis {

/// Per AIU and kernel name over the `Cmpt Exec` slices: share of the AIU's kernel time, total,
/// calls, mean, median, min, max, sample standard deviation (acelyzer's X_summary.csv).
Table aiuSummary(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Per AIU: kernel time, first kernel start to last kernel end, active share (X_active.csv).
Table aiuActive(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Per AIU and kernel name: TS2−TS1, TS3−TS2, TS4−TS3, TS5−TS4 in cycles (X_ts_analysis.csv).
Table aiuTsAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Per AIU, phase and compiler-log category: kernel time, calls, ideal time and cycles, PT
/// utilization, and a Total row (X_categories.csv). Needs the compiler log's Ideal cycles.
Table aiuCategories(const AnalysisContext &ctx, const AnalysisOptions &opt);
/// Per AIU: elapsed time, compute and collective time and their shares (X_stats_summary.csv).
Table aiuCollectives(const AnalysisContext &ctx, const AnalysisOptions &opt);

/// acelyzer's summary-name rule: every `_` or `-` followed by digits becomes `_[N]`
/// ("convolution_3 Cmpt Exec" → "convolution_[N] Cmpt Exec", "conv-12-b" → "conv_[N]-b").
std::string acelyzerSummaryName(std::string_view name);

/// True when the trace holds an AIU source or AIU kernel slices (the report adds the AIU tables).
bool traceHasAiu(const Trace &trace);

/// The five cycle stamps of one AIU slice (args TS1..TS5) and the four phases between them.
struct AiuCycleStamps {
    bool valid = false;
    std::array<std::uint64_t, 5> ts{};       ///< TS1..TS5 after the in-event wrap fix (non-decreasing)
    std::array<std::int64_t, 4> phaseCycles{}; ///< TS2−TS1, TS3−TS2, TS4−TS3, TS5−TS4
    double socFreqMhz = 0;                    ///< cycles per µs of the source; 0 = unknown
    /// Which phase the slice itself spans by its name suffix: 0 DmaI, 1 Cmpt Prep, 2 Cmpt Exec,
    /// 3 DmaO; -1 = the whole block TS1→TS5.
    int slicePhase = -1;
    /// Phase length in ns (NaN when the frequency is unknown).
    double phaseNs(int k) const;
};
/// Reads the stamps of `s` (invalid when it has no TS1..TS5).
AiuCycleStamps aiuCycleStamps(const Trace &trace, SliceRef s);

} // namespace accelscope::model::analysis
