// EventIndex: the per-trace cache every analysis reads instead of re-parsing args per event.
// Built once per trace (in parallel over tracks), immutable afterwards, owned by an
// AnalysisContext. It extracts the few args the analyses need (Kineto's stream, correlation,
// bytes, memory bandwidth) into columns indexed by a global slice id (gid).
#pragma once

#include "model/trace.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace accelscope::model::analysis {

/// "no numeric value" in the int64 arg columns.
constexpr std::int64_t kNoValue = std::numeric_limits<std::int64_t>::min();

class EventIndex {
public:
    explicit EventIndex(const Trace &trace);

    std::uint32_t sliceCount() const { return trackBegin.back(); }
    std::uint32_t gid(SliceRef s) const { return trackBegin[s.track] + s.index; }
    SliceRef ref(std::uint32_t gid) const;
    std::size_t memoryBytes() const;

    /// Global slice id range of each track: [trackBegin[t], trackBegin[t+1]).
    std::vector<std::uint32_t> trackBegin;
    /// Rank of each track's process (a process without rank counts as rank 0, as in HTA).
    std::vector<std::int32_t> trackRank;
    /// Device-side tracks (DeviceStream and Engine roles).
    std::vector<std::uint8_t> trackIsDevice;

    // --- per slice (gid), from the args ---
    std::vector<std::int64_t> stream;      ///< args.stream if numeric (or a numeric string), else kNoValue
    std::vector<std::int64_t> correlation; ///< args.correlation, else kNoValue
    std::vector<std::int64_t> bytes;       ///< args.bytes or a DMA size ("DMA data size(B)", "size"), else kNoValue
    std::vector<double> bandwidth;         ///< args["memory bandwidth (GB/s)"], else NaN

    // --- well-known strings (kInvalidId when absent from the trace) ---
    StringId catTrace = kInvalidId;
    StringId catGpuUserAnnotation = kInvalidId;
    StringId catUserAnnotation = kInvalidId;
    StringId catCudaSync = kInvalidId;
};

/// Scans the top-level members of a compact JSON object and calls fn(key, valueText, isString)
/// for scalars (strings unescaped only when they contain no escapes; nested values are skipped).
/// Exposed for tests.
template <typename F>
void forEachTopLevelScalar(std::string_view json, F &&fn);
/// The same, but stops as soon as fn returns false (Ascend args carry ~50 PMU columns after the
/// few an analysis needs).
template <typename F>
void scanTopLevelScalarsUntil(std::string_view json, F &&fn);

} // namespace accelscope::model::analysis

#include "model/analysis/core/eventindex_impl.h"
