// Virtual tables over the immutable Trace: the model's columns are read in place, and
// constraints on id, ts, dur, ts_end, track_id, depth, name and category narrow the scan with
// the model's own order (rows sorted by start with monotone ends, tracks in id order), so a
// window on one track touches only that window.
// This part holds the shared state, the registration, the views and the small tables (track,
// process, diagnostic, source, trace_bounds, metadata); the others are in tracetablesslices.cpp
// and tracetablesflowargs.cpp.
#include "tracetableparts_p.h"

#include "schemaversion.h"

#include "model/argstree.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <optional>
#include <cstring>

namespace accelscope::model::sql::detail::tables {

namespace {

std::string_view trackTypeName(TrackRole r)
{
    switch (r) {
    case TrackRole::HostThread: return "thread";
    case TrackRole::DeviceStream: return "stream";
    case TrackRole::Engine: return "engine";
    case TrackRole::Counter: return "counter";
    case TrackRole::Async: return "async";
    case TrackRole::ProcessInstants: return "process_instants";
    case TrackRole::GlobalInstants: return "global_instants";
    }
    return "";
}

std::string_view processKindName(ProcessKind k)
{
    switch (k) {
    case ProcessKind::Host: return "host";
    case ProcessKind::Device: return "device";
    case ProcessKind::Other: return "other";
    }
    return "other";
}

// number (id lookups are direct).

class RowsTable : public FixedTable {
public:
    using CellFn = std::function<void(std::size_t row, int col, sqlite3_context *)>;
    RowsTable(std::string name, std::vector<ColumnSpec> cols, std::function<std::size_t()> count, CellFn cell, int keyColumn = -1)
        : FixedTable(std::move(name), std::move(cols)), m_count(std::move(count)), m_cell(std::move(cell)), m_key(keyColumn)
    {
    }

    int bestIndex(sqlite3_index_info *info) override
    {
        const double n = std::max<double>(1.0, static_cast<double>(m_count()));
        if (m_key >= 0)
            pushConstraints(info, [&](int col, unsigned char op) { return col == m_key && isRangeOp(op); });
        double rows = n;
        if (m_key >= 0 && hasEq(info, m_key)) {
            rows = 1;
            info->idxFlags |= SQLITE_INDEX_SCAN_UNIQUE;
        }
        info->estimatedRows = static_cast<sqlite3_int64>(rows);
        info->estimatedCost = rows;
        if (m_key >= 0 && info->nOrderBy == 1 && info->aOrderBy[0].iColumn == m_key && !info->aOrderBy[0].desc)
            info->orderByConsumed = 1;
        return SQLITE_OK;
    }

    class RowsCursor : public Cursor {
    public:
        explicit RowsCursor(const RowsTable &t) : m_table(t) {}
        int filter(int, const std::vector<Pushed> &constraints) override
        {
            IntRange key;
            for (const Pushed &c : constraints)
                key.apply(c.op, c.value);
            const auto n = static_cast<std::int64_t>(m_table.m_count());
            m_row = std::max<std::int64_t>(key.lo, 0);
            m_end = std::min<std::int64_t>(key.hi, n - 1) + 1;
            return SQLITE_OK;
        }
        int next() override
        {
            ++m_row;
            return SQLITE_OK;
        }
        bool eof() const override { return m_row >= m_end; }
        std::int64_t rowid() const override { return m_row; }
        void column(sqlite3_context *ctx, int col) override { m_table.m_cell(static_cast<std::size_t>(m_row), col, ctx); }

    private:
        const RowsTable &m_table;
        std::int64_t m_row = 0, m_end = 0;
    };

    std::unique_ptr<Cursor> open() override { return std::make_unique<RowsCursor>(*this); }

private:
    std::function<std::size_t()> m_count;
    CellFn m_cell;
    int m_key;
};

std::unique_ptr<VirtualTable> processTable(std::shared_ptr<const TraceTablesState> s)
{
    return std::make_unique<RowsTable>(
        "process",
        std::vector<ColumnSpec>{{"upid", "INTEGER"}, {"pid", "INTEGER"}, {"pid_name", "TEXT"}, {"name", "TEXT"}, {"rank", "INTEGER"},
                                {"device", "INTEGER"}, {"kind", "TEXT"}, {"source_id", "INTEGER"}, {"labels", "TEXT"},
                                {"sort_index", "INTEGER"}, {"display_name", "TEXT"}},
        [s] { return s->trace().processes().size(); },
        [s](std::size_t row, int col, sqlite3_context *ctx) {
            const Trace &t = s->trace();
            const Process &p = t.process(static_cast<ProcessId>(row));
            switch (col) {
            case 0: sqlite3_result_int64(ctx, p.id); break;
            case 1:
                if (p.pidName != kEmptyString)
                    sqlite3_result_null(ctx);
                else
                    sqlite3_result_int64(ctx, p.pid);
                break;
            case 2: resultNullableText(ctx, t.str(p.pidName)); break;
            case 3: resultNullableText(ctx, t.str(p.name)); break;
            case 4:
                if (p.rank < 0)
                    sqlite3_result_null(ctx);
                else
                    sqlite3_result_int64(ctx, p.rank);
                break;
            case 5:
                if (p.device < 0)
                    sqlite3_result_null(ctx);
                else
                    sqlite3_result_int64(ctx, p.device);
                break;
            case 6: resultText(ctx, processKindName(p.kind)); break;
            case 7: sqlite3_result_int64(ctx, p.source); break;
            case 8: resultNullableText(ctx, t.str(p.labels)); break;
            case 9:
                if (p.hasSortIndex)
                    sqlite3_result_int64(ctx, p.sortIndex);
                else
                    sqlite3_result_null(ctx);
                break;
            case 10: resultTextCopy(ctx, t.processDisplayName(p.id)); break;
            default: sqlite3_result_null(ctx); break;
            }
        },
        0);
}

std::unique_ptr<VirtualTable> trackTable(std::shared_ptr<const TraceTablesState> s)
{
    return std::make_unique<RowsTable>(
        "track",
        std::vector<ColumnSpec>{{"id", "INTEGER"}, {"name", "TEXT"}, {"type", "TEXT"}, {"upid", "INTEGER"}, {"tid", "INTEGER"},
                                {"tid_name", "TEXT"}, {"engine", "TEXT"}, {"core", "INTEGER"}, {"sort_index", "INTEGER"},
                                {"display_name", "TEXT"}, {"slice_count", "INTEGER"}, {"instant_count", "INTEGER"},
                                {"counter_count", "INTEGER"}, {"lane_count", "INTEGER"}},
        [s] { return s->trace().tracks().size(); },
        [s](std::size_t row, int col, sqlite3_context *ctx) {
            const Trace &t = s->trace();
            const Track &tr = t.track(static_cast<TrackId>(row));
            switch (col) {
            case 0: sqlite3_result_int64(ctx, tr.id); break;
            case 1: resultNullableText(ctx, t.str(tr.name)); break;
            case 2: resultText(ctx, trackTypeName(tr.role)); break;
            case 3:
                if (tr.process == kInvalidId)
                    sqlite3_result_null(ctx);
                else
                    sqlite3_result_int64(ctx, tr.process);
                break;
            case 4: sqlite3_result_int64(ctx, tr.tid); break;
            case 5: resultNullableText(ctx, t.str(tr.tidName)); break;
            case 6: resultNullableText(ctx, engineKindName(tr.engine)); break;
            case 7:
                if (tr.core < 0)
                    sqlite3_result_null(ctx);
                else
                    sqlite3_result_int64(ctx, tr.core);
                break;
            case 8:
                if (tr.hasSortIndex)
                    sqlite3_result_int64(ctx, tr.sortIndex);
                else
                    sqlite3_result_null(ctx);
                break;
            case 9: resultTextCopy(ctx, t.trackDisplayName(tr.id)); break;
            case 10: sqlite3_result_int64(ctx, static_cast<std::int64_t>(tr.slices.size())); break;
            case 11: sqlite3_result_int64(ctx, static_cast<std::int64_t>(tr.instants.size())); break;
            case 12: sqlite3_result_int64(ctx, static_cast<std::int64_t>(tr.counter.size())); break;
            case 13: sqlite3_result_int64(ctx, tr.rowCount()); break;
            default: sqlite3_result_null(ctx); break;
            }
        },
        0);
}

std::unique_ptr<VirtualTable> diagnosticTable(std::shared_ptr<const TraceTablesState> s)
{
    return std::make_unique<RowsTable>(
        "diagnostic",
        std::vector<ColumnSpec>{{"id", "INTEGER"}, {"name", "TEXT"}, {"severity", "TEXT"}, {"description", "TEXT"}, {"count", "INTEGER"},
                                {"detail", "TEXT"}, {"file", "TEXT"}, {"position", "INTEGER"}, {"position_unit", "TEXT"}},
        [s] { return s->trace().diagnostics().size(); },
        [s](std::size_t row, int col, sqlite3_context *ctx) {
            const Diagnostic &d = s->trace().diagnostics()[row];
            const DiagInfo &info = diagInfo(d.kind);
            switch (col) {
            case 0: sqlite3_result_int64(ctx, static_cast<std::int64_t>(row)); break;
            case 1: resultText(ctx, info.id); break;
            case 2: resultText(ctx, severityName(info.severity)); break;
            case 3: resultText(ctx, info.description); break;
            case 4: sqlite3_result_int64(ctx, static_cast<std::int64_t>(d.count)); break;
            case 5: resultNullableText(ctx, d.detail); break;
            case 6: resultNullableText(ctx, d.file); break;
            case 7: sqlite3_result_int64(ctx, static_cast<std::int64_t>(d.position)); break;
            case 8: resultText(ctx, d.positionIsLine ? "line" : "byte"); break;
            default: sqlite3_result_null(ctx); break;
            }
        },
        0);
}

std::unique_ptr<VirtualTable> sourceTable(std::shared_ptr<const TraceTablesState> s)
{
    return std::make_unique<RowsTable>(
        "source",
        std::vector<ColumnSpec>{{"id", "INTEGER"}, {"path", "TEXT"}, {"format", "TEXT"}, {"rank", "INTEGER"}, {"time_unit", "TEXT"},
                                {"time_offset_ns", "INTEGER"}},
        [s] { return s->trace().sources().size(); },
        [s](std::size_t row, int col, sqlite3_context *ctx) {
            const SourceInfo &src = s->trace().sources()[row];
            switch (col) {
            case 0: sqlite3_result_int64(ctx, static_cast<std::int64_t>(row)); break;
            case 1: resultText(ctx, src.path); break;
            case 2: resultText(ctx, src.format); break;
            case 3:
                if (src.rank < 0)
                    sqlite3_result_null(ctx);
                else
                    sqlite3_result_int64(ctx, src.rank);
                break;
            case 4: resultText(ctx, src.timeUnit); break;
            case 5: sqlite3_result_int64(ctx, src.timeOffsetNs); break;
            default: sqlite3_result_null(ctx); break;
            }
        },
        0);
}

std::unique_ptr<VirtualTable> traceBoundsTable(std::shared_ptr<const TraceTablesState> s)
{
    return std::make_unique<RowsTable>(
        "trace_bounds", std::vector<ColumnSpec>{{"start_ts", "INTEGER"}, {"end_ts", "INTEGER"}}, [] { return std::size_t{1}; },
        [s](std::size_t, int col, sqlite3_context *ctx) {
            sqlite3_result_int64(ctx, col == 0 ? s->trace().startNs() : s->trace().endNs());
        });
}

std::unique_ptr<VirtualTable> metadataTable(std::shared_ptr<const TraceTablesState> s)
{
    struct Entry {
        std::string name;
        std::optional<std::int64_t> intValue;
        std::string strValue;
    };
    auto entries = std::make_shared<std::vector<Entry>>();
    const Trace &t = s->trace();
    std::string formats;
    for (const SourceInfo &src : t.sources())
        if (formats.find(src.format) == std::string::npos)
            formats += (formats.empty() ? "" : ",") + src.format;
    entries->push_back({"schema_version", kSchemaVersion, {}});
    entries->push_back({"schema_name", std::nullopt, "accelscope"});
    entries->push_back({"trace_format", std::nullopt, formats});
    entries->push_back({"rank_count", t.rankCount(), {}});
    entries->push_back({"slice_count", static_cast<std::int64_t>(t.sliceCount()), {}});
    entries->push_back({"instant_count", static_cast<std::int64_t>(t.instantCount()), {}});
    entries->push_back({"counter_count", static_cast<std::int64_t>(t.counterSampleCount()), {}});
    entries->push_back({"flow_count", static_cast<std::int64_t>(t.flows().size()), {}});
    entries->push_back({"trace_start_ts", t.startNs(), {}});
    entries->push_back({"trace_end_ts", t.endNs(), {}});
    return std::make_unique<RowsTable>(
        "metadata", std::vector<ColumnSpec>{{"name", "TEXT"}, {"int_value", "INTEGER"}, {"str_value", "TEXT"}},
        [entries] { return entries->size(); },
        [entries](std::size_t row, int col, sqlite3_context *ctx) {
            const Entry &e = (*entries)[row];
            if (col == 0)
                resultText(ctx, e.name);
            else if (col == 1 && e.intValue)
                sqlite3_result_int64(ctx, *e.intValue);
            else if (col == 2 && !e.strValue.empty())
                resultText(ctx, e.strValue);
            else
                sqlite3_result_null(ctx);
        });
}

} // namespace

} // namespace accelscope::model::sql::detail::tables

namespace accelscope::model::sql::detail {

TraceTablesState::TraceTablesState(TracePtr trace, const StopFlag *stop) : m_trace(std::move(trace)), m_stop(stop)
{
    const auto tracks = m_trace->tracks();
    sliceBase.assign(tracks.size() + 1, 0);
    instantBase.assign(tracks.size() + 1, 0);
    counterBase.assign(tracks.size() + 1, 0);
    for (std::size_t i = 0; i < tracks.size(); ++i) {
        sliceBase[i + 1] = sliceBase[i] + tracks[i].slices.size();
        instantBase[i + 1] = instantBase[i] + tracks[i].instants.size();
        counterBase[i + 1] = counterBase[i] + tracks[i].counter.size();
    }
}

SliceRef TraceTablesState::sliceRef(std::int64_t id) const
{
    if (id < 0 || static_cast<std::uint64_t>(id) >= sliceBase.back())
        return {};
    const auto it = std::upper_bound(sliceBase.begin(), sliceBase.end(), static_cast<std::uint64_t>(id));
    const auto track = static_cast<TrackId>(it - sliceBase.begin() - 1);
    return {track, static_cast<std::uint32_t>(static_cast<std::uint64_t>(id) - sliceBase[track])};
}

const TraceTablesState::NameIndex &TraceTablesState::nameIndex() const
{
    std::call_once(m_nameOnce, [this] {
        auto idx = std::make_unique<NameIndex>();
        const Trace &t = *m_trace;
        const std::size_t strings = t.strings().size();
        std::vector<std::uint32_t> count(strings, 0);
        for (const Track &tr : t.tracks())
            for (StringId n : tr.slices.name)
                ++count[n];
        for (StringId s = 0; s < strings; ++s)
            if (count[s])
                idx->names.push_back(s);
        std::sort(idx->names.begin(), idx->names.end(), [&](StringId a, StringId b) { return t.str(a) < t.str(b); });
        idx->positionOf.assign(strings, kInvalidId);
        idx->begin.assign(idx->names.size() + 1, 0);
        for (std::size_t p = 0; p < idx->names.size(); ++p) {
            idx->positionOf[idx->names[p]] = static_cast<std::uint32_t>(p);
            idx->begin[p + 1] = idx->begin[p] + count[idx->names[p]];
        }
        // Fill in id order, so ids stay ascending within a name; `count` becomes the write cursor.
        for (std::size_t p = 0; p < idx->names.size(); ++p)
            count[idx->names[p]] = idx->begin[p];
        idx->ids.resize(idx->begin.back());
        std::uint32_t id = 0;
        for (const Track &tr : t.tracks())
            for (StringId n : tr.slices.name)
                idx->ids[count[n]++] = id++;
        m_names = std::move(idx);
    });
    return *m_names;
}

int registerTraceTables(sqlite3 *db, const std::shared_ptr<const TraceTablesState> &state)
{
    std::vector<std::unique_ptr<VirtualTable>> all;
    all.push_back(tables::sliceTable(state));
    all.push_back(tables::instantTable(state));
    all.push_back(tables::counterTable(state));
    all.push_back(tables::trackTable(state));
    all.push_back(tables::processTable(state));
    all.push_back(tables::flowTable(state));
    all.push_back(tables::argsTable(state));
    all.push_back(tables::diagnosticTable(state));
    all.push_back(tables::sourceTable(state));
    all.push_back(tables::traceBoundsTable(state));
    all.push_back(tables::metadataTable(state));
    for (auto &t : all)
        if (const int rc = registerTable(db, std::move(t)); rc != SQLITE_OK)
            return rc;
    return SQLITE_OK;
}

const std::vector<std::pair<std::string, std::string>> &traceViews()
{
    // Perfetto's thread and track tables, as views: every track that belongs to a thread-like
    // timeline (a host thread, a device stream — Perfetto shows Kineto's streams as threads —,
    // an engine) is a thread and its own thread track.
    static const std::vector<std::pair<std::string, std::string>> views = {
        {"thread", "SELECT id AS utid, tid, COALESCE(name, tid_name) AS name, upid, type FROM track WHERE type IN ('thread', 'stream', 'engine')"},
        {"thread_track", "SELECT id, name, id AS utid, type FROM track WHERE type IN ('thread', 'stream', 'engine')"},
        {"process_track", "SELECT id, name, upid, type FROM track WHERE type IN ('async', 'process_instants')"},
        {"counter_track", "SELECT id, name, upid, type FROM track WHERE type = 'counter'"},
        {"process_counter_track", "SELECT id, name, upid FROM track WHERE type = 'counter'"},
    };
    return views;
}

} // namespace accelscope::model::sql::detail
