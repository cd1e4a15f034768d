// The trace's own tables (slice, instant, counter, track, process, flow, args, diagnostic,
// source, trace_bounds, metadata) as virtual tables over an immutable Trace.
#pragma once

#include "vtab_p.h"

#include "model/trace.h"

#include <memory>
#include <mutex>
#include <vector>

namespace accelscope::model::sql::detail {

/// What the trace tables share: the trace, the id bases that turn (track, index) into dense
/// global ids (a slice's id is sliceBase[track] + index, so ids follow the model's order and
/// cost nothing to store), and the lazily built by-name slice index.
class TraceTablesState {
public:
    TraceTablesState(TracePtr trace, const StopFlag *stop);

    const Trace &trace() const { return *m_trace; }
    const StopFlag *stop() const { return m_stop; }

    std::vector<std::uint64_t> sliceBase;   ///< tracks + 1 entries
    std::vector<std::uint64_t> instantBase; ///< tracks + 1 entries
    std::vector<std::uint64_t> counterBase; ///< tracks + 1 entries

    /// Slice ids grouped by name, names in byte order (SQLite's BINARY collation), ids
    /// ascending within a name. 4 bytes per slice, built on first use (GROUP BY / ORDER BY name,
    /// name = '...').
    struct NameIndex {
        std::vector<std::uint32_t> ids;          ///< slice ids, grouped by name
        std::vector<StringId> names;             ///< distinct names in byte order
        std::vector<std::uint32_t> begin;        ///< names + 1 offsets into ids
        std::vector<std::uint32_t> positionOf;   ///< StringId -> index into names (kInvalidId: no slice)
    };
    const NameIndex &nameIndex() const;

    /// Global slice id -> (track, index); invalid when out of range.
    SliceRef sliceRef(std::int64_t id) const;
    std::int64_t sliceId(SliceRef s) const { return static_cast<std::int64_t>(sliceBase[s.track] + s.index); }

private:
    TracePtr m_trace;
    const StopFlag *m_stop;
    mutable std::once_flag m_nameOnce;
    mutable std::unique_ptr<NameIndex> m_names;
};

/// Registers every trace table on the connection.
int registerTraceTables(sqlite3 *db, const std::shared_ptr<const TraceTablesState> &state);

/// The SQL views over the trace tables (thread, thread_track, counter_track, ...), in the order
/// they must be created; each element is (name, SELECT text).
const std::vector<std::pair<std::string, std::string>> &traceViews();

} // namespace accelscope::model::sql::detail
