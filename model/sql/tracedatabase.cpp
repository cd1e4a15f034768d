// TraceDatabase: the connection, the analysis tables and the statement loop.
#include "tracedatabase.h"

#include "tracetables_p.h"

#include "model/analysis/analyses.h"

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <set>
#include <stop_token>

namespace accelscope::model::sql {

using detail::ColumnSpec;
using detail::Cursor;
using detail::Pushed;
using detail::VirtualTable;

// What the connection's tables share with the database object.
struct TraceDatabase::Shared {
    detail::StopFlag stopFlag{false};
    std::mutex stopMutex;
    std::stop_source stopSource;
    std::shared_ptr<const detail::TraceTablesState> traceState;

    std::mutex notesMutex;
    std::set<std::string> touched; ///< analysis tables a statement of the current run opened
    std::vector<std::pair<std::string, std::vector<std::string>>> notesByTable;

    std::stop_token stopToken()
    {
        std::lock_guard lock(stopMutex);
        return stopSource.get_token();
    }
};

namespace {

// An analysis as a table: computed when a statement first names it (xConnect), with the
// analysis's default options; its columns are the Table's, plus `slice_id` when its rows point
// at slices.
class AnalysisTable : public VirtualTable {
public:
    AnalysisTable(const analysis::AnalysisInfo &info, std::shared_ptr<const analysis::AnalysisContext> ctx,
                  TraceDatabase::Shared *shared)
        : m_info(info), m_name(TraceDatabase::analysisTableName(info.name)), m_context(std::move(ctx)), m_shared(shared)
    {
    }

    const std::string &name() const override { return m_name; }

    const std::vector<ColumnSpec> &columns(std::string &error) override
    {
        std::lock_guard lock(m_mutex);
        if (m_table)
            return m_columns;
        analysis::AnalysisOptions opt;
        opt.stop = m_shared->stopToken();
        auto table = std::make_shared<analysis::Table>(m_info.run(*m_context, opt));
        if (opt.stop.stop_requested()) {
            error = "interrupted while computing " + m_name;
            m_columns.clear();
            return m_columns;
        }
        std::set<std::string> seen;
        for (const analysis::Column &c : table->columns) {
            std::string n = c.id;
            for (int k = 2; seen.count(n); ++k)
                n = c.id + '_' + std::to_string(k);
            seen.insert(n);
            m_columns.push_back({n, c.type == analysis::ColumnType::Int ? "INTEGER" : c.type == analysis::ColumnType::Real ? "REAL" : "TEXT"});
        }
        m_sliceColumn = std::any_of(table->keys.begin(), table->keys.end(), [](const analysis::RowKey &k) { return k.slice.valid(); });
        if (m_sliceColumn) {
            std::string n = "slice_id";
            while (seen.count(n))
                n = "row_" + n;
            m_columns.push_back({n, "INTEGER"});
        }
        if (m_columns.empty()) {
            // A table without columns cannot be declared; say why instead.
            error = m_name + ": the analysis gave no columns" + (table->notes.empty() ? std::string() : " (" + table->notes.front() + ")");
            return m_columns;
        }
        if (table->rowCount() == 0 && table->notes.empty())
            table->notes.push_back("no rows: the trace holds none of the events this analysis reads (docs/analysis.md: " + std::string(m_info.name) + ")");
        m_table = std::move(table);
        {
            std::lock_guard nlock(m_shared->notesMutex);
            m_shared->notesByTable.emplace_back(m_name, m_table->notes);
        }
        return m_columns;
    }

    int bestIndex(sqlite3_index_info *info) override
    {
        const double n = m_table ? static_cast<double>(std::max<std::size_t>(1, m_table->rowCount())) : 1000.0;
        info->estimatedRows = static_cast<sqlite3_int64>(n);
        info->estimatedCost = n;
        return SQLITE_OK;
    }

    void touched() override
    {
        std::lock_guard lock(m_shared->notesMutex);
        m_shared->touched.insert(m_name);
    }

    class RowsCursor : public Cursor {
    public:
        RowsCursor(std::shared_ptr<const analysis::Table> t, bool sliceColumn, const TraceDatabase::Shared *shared)
            : m_table(std::move(t)), m_sliceColumn(sliceColumn), m_shared(shared)
        {
        }
        int filter(int, const std::vector<Pushed> &) override
        {
            m_row = 0;
            return SQLITE_OK;
        }
        int next() override
        {
            ++m_row;
            return SQLITE_OK;
        }
        bool eof() const override { return m_row >= m_table->rowCount(); }
        std::int64_t rowid() const override { return static_cast<std::int64_t>(m_row); }
        void column(sqlite3_context *ctx, int col) override
        {
            if (col == static_cast<int>(m_table->columnCount())) { // slice_id
                const SliceRef s = m_row < m_table->keys.size() ? m_table->keys[m_row].slice : SliceRef{};
                if (s.valid() && m_sliceColumn)
                    sqlite3_result_int64(ctx, m_shared->traceState->sliceId(s));
                else
                    sqlite3_result_null(ctx);
                return;
            }
            const analysis::Column &c = m_table->columns[static_cast<std::size_t>(col)];
            if (c.isNull(m_row)) {
                sqlite3_result_null(ctx);
                return;
            }
            switch (c.type) {
            case analysis::ColumnType::Int: sqlite3_result_int64(ctx, c.ints[m_row]); break;
            case analysis::ColumnType::Real: sqlite3_result_double(ctx, c.reals[m_row]); break;
            case analysis::ColumnType::Text: detail::resultText(ctx, c.texts[m_row]); break;
            }
        }

    private:
        std::shared_ptr<const analysis::Table> m_table;
        bool m_sliceColumn;
        std::size_t m_row = 0;
        const TraceDatabase::Shared *m_shared;
    };

    std::unique_ptr<Cursor> open() override
    {
        std::lock_guard lock(m_mutex);
        return std::make_unique<RowsCursor>(m_table, m_sliceColumn, m_shared);
    }

    bool computed() const
    {
        std::lock_guard lock(m_mutex);
        return m_table != nullptr;
    }
    std::vector<std::string> columnNames() const
    {
        std::lock_guard lock(m_mutex);
        std::vector<std::string> out;
        for (const ColumnSpec &c : m_columns)
            out.push_back(c.name);
        return out;
    }

private:
    const analysis::AnalysisInfo &m_info;
    std::string m_name;
    std::shared_ptr<const analysis::AnalysisContext> m_context;
    TraceDatabase::Shared *m_shared;
    mutable std::mutex m_mutex;
    std::shared_ptr<const analysis::Table> m_table;
    std::vector<ColumnSpec> m_columns;
    bool m_sliceColumn = false;
};

std::pair<int, int> lineAndColumn(std::string_view text, std::size_t offset)
{
    int line = 1, col = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return {line, col};
}

const char *const kTraceTableDescriptions[][2] = {
    {"slice", "every slice: id, ts, dur, ts_end, track_id, category, name, depth, parent_id, arg_set_id, lane, flags"},
    {"instant", "instant events: id, ts, track_id, name, category, arg_set_id"},
    {"counter", "counter samples: id, ts, track_id, value"},
    {"track", "every track: id, name, type, upid, tid, engine, core, display_name, counts"},
    {"process", "processes (ranks, devices, hosts): upid, pid, name, rank, device, kind, source_id"},
    {"flow", "flows between slices: id, slice_out, slice_in, name, category, flow_id"},
    {"args", "slice and instant args, flattened: arg_set_id, flat_key, key, int/string/real value"},
    {"diagnostic", "import diagnostics: name, severity, description, count, detail, file, position"},
    {"source", "input files: id, path, format, rank, time_unit, time_offset_ns"},
    {"trace_bounds", "start_ts and end_ts of the trace"},
    {"metadata", "schema version, trace format and counts: name, int_value, str_value"},
};

} // namespace

std::string QueryStatus::message() const
{
    if (line > 0)
        return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + error;
    return error;
}

std::string TraceDatabase::analysisTableName(std::string_view analysis)
{
    std::string out = "analysis_";
    for (char c : analysis)
        out += (c == '-' ? '_' : c);
    return out;
}

TraceDatabase::TraceDatabase(std::shared_ptr<const analysis::AnalysisContext> context)
    : m_context(std::move(context)), m_shared(std::make_shared<Shared>())
{
    if (sqlite3_open_v2(":memory:", &m_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
        m_error = m_db ? sqlite3_errmsg(m_db) : "cannot open an SQLite connection";
        return;
    }
    m_shared->traceState = std::make_shared<detail::TraceTablesState>(m_context->tracePtr(), &m_shared->stopFlag);
    if (detail::registerTraceTables(m_db, m_shared->traceState) != SQLITE_OK) {
        m_error = sqlite3_errmsg(m_db);
        return;
    }
    for (const analysis::AnalysisInfo &info : analysis::analyses()) {
        if (detail::registerTable(m_db, std::make_unique<AnalysisTable>(info, m_context, m_shared.get())) != SQLITE_OK) {
            m_error = sqlite3_errmsg(m_db);
            return;
        }
    }
    for (const auto &[name, select] : detail::traceViews()) {
        const std::string sql = "CREATE TEMP VIEW " + name + " AS " + select;
        char *err = nullptr;
        if (sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
            m_error = err ? err : "cannot create view " + name;
            sqlite3_free(err);
            return;
        }
    }
    // The trace is immutable: nothing a query writes can change it. Writes to the temp schema
    // (a user's own TEMP TABLE or VIEW) stay allowed, as in trace_processor.
}

TraceDatabase::~TraceDatabase()
{
    if (m_db)
        sqlite3_close_v2(m_db);
}

void TraceDatabase::interrupt()
{
    m_shared->stopFlag.store(true);
    {
        std::lock_guard lock(m_shared->stopMutex);
        m_shared->stopSource.request_stop();
    }
    if (m_db)
        sqlite3_interrupt(m_db);
}

void TraceDatabase::interruptFromSignal()
{
    m_shared->stopFlag.store(true);
    if (m_db)
        sqlite3_interrupt(m_db);
}

bool TraceDatabase::isComplete(const std::string &sql)
{
    return sqlite3_complete(sql.c_str()) != 0;
}

std::int64_t TraceDatabase::sliceId(SliceRef s) const
{
    return s.valid() ? m_shared->traceState->sliceId(s) : -1;
}

SliceRef TraceDatabase::sliceRef(std::int64_t id) const
{
    return m_shared->traceState->sliceRef(id);
}

SliceRef TraceDatabase::sliceStartingAt(std::int64_t track, std::int64_t ts) const
{
    const Trace &t = m_context->trace();
    if (track < 0 || static_cast<std::size_t>(track) >= t.tracks().size())
        return {};
    const Track &tr = t.track(static_cast<TrackId>(track));
    for (std::uint32_t row = 0; row < tr.rowCount(); ++row) { // rows go from the outermost in
        const auto [b, e] = tr.rowRange(row);
        const auto it = std::lower_bound(tr.slices.start.begin() + b, tr.slices.start.begin() + e, ts);
        if (it != tr.slices.start.begin() + e && *it == ts)
            return {tr.id, static_cast<std::uint32_t>(it - tr.slices.start.begin())};
    }
    return {};
}

QueryStatus TraceDatabase::execute(std::string_view sql, ResultSink &sink, std::stop_token stop)
{
    QueryStatus status;
    if (!m_db) {
        status.ok = false;
        status.error = m_error;
        return status;
    }
    // A fresh run: forget an earlier interrupt.
    m_shared->stopFlag.store(false);
    {
        std::lock_guard lock(m_shared->stopMutex);
        if (m_shared->stopSource.stop_requested())
            m_shared->stopSource = std::stop_source();
    }
    {
        std::lock_guard lock(m_shared->notesMutex);
        m_shared->touched.clear();
    }
    // The caller's stop: one that came before this run started is not lost to the reset above.
    if (stop.stop_requested()) {
        status.ok = false;
        status.interrupted = true;
        status.error = "interrupted";
        return status;
    }
    const std::stop_callback onStop(stop, [this] { interrupt(); });
    const char *const begin = sql.data();
    const char *const endOfText = sql.data() + sql.size();
    const char *cursor = begin;
    auto fail = [&](std::size_t offset, std::string message) {
        status.ok = false;
        status.error = std::move(message);
        if (offset != std::string_view::npos) {
            const auto [l, c] = lineAndColumn(sql, offset);
            status.line = l;
            status.column = c;
        }
    };
    while (cursor < endOfText && status.ok) {
        sqlite3_stmt *stmt = nullptr;
        const char *tail = nullptr;
        const int rc = sqlite3_prepare_v2(m_db, cursor, static_cast<int>(endOfText - cursor), &stmt, &tail);
        if (rc != SQLITE_OK) {
            // SQLite's offset counts from the text given to prepare; without one, point at
            // the failing statement's first word.
            const int off = sqlite3_error_offset(m_db);
            const char *where = cursor + (off >= 0 ? off : 0);
            if (off < 0)
                while (where < endOfText && (*where == ' ' || *where == '\n' || *where == '\t' || *where == '\r'))
                    ++where;
            if (rc == SQLITE_INTERRUPT || m_shared->stopFlag.load())
                status.interrupted = true;
            fail(static_cast<std::size_t>(where - begin), sqlite3_errmsg(m_db));
            sqlite3_finalize(stmt);
            break;
        }
        const char *stmtBegin = cursor;
        while (stmtBegin < endOfText && (*stmtBegin == ' ' || *stmtBegin == '\n' || *stmtBegin == '\t' || *stmtBegin == '\r'))
            ++stmtBegin;
        cursor = tail ? tail : endOfText;
        if (!stmt)
            continue; // whitespace or a comment
        const int columns = sqlite3_column_count(stmt);
        std::int64_t rows = 0;
        bool reading = true;
        if (columns > 0) {
            std::vector<std::string> names;
            for (int i = 0; i < columns; ++i)
                names.emplace_back(sqlite3_column_name(stmt, i) ? sqlite3_column_name(stmt, i) : "");
            sink.begin(names, std::string_view(stmtBegin, static_cast<std::size_t>(cursor - stmtBegin)));
        }
        int step;
        while ((step = sqlite3_step(stmt)) == SQLITE_ROW) {
            if (!reading)
                break;
            ++rows;
            if (!sink.row(ResultRow(stmt)))
                reading = false;
        }
        if (step != SQLITE_ROW && step != SQLITE_DONE) {
            status.interrupted = step == SQLITE_INTERRUPT || m_shared->stopFlag.load();
            fail(static_cast<std::size_t>(stmtBegin - begin), status.interrupted ? std::string("interrupted") : std::string(sqlite3_errmsg(m_db)));
        }
        if (columns > 0)
            sink.end(rows);
        sqlite3_finalize(stmt);
        if (status.ok)
            ++status.statements;
    }
    {
        std::lock_guard lock(m_shared->notesMutex);
        for (const auto &[table, notes] : m_shared->notesByTable)
            if (m_shared->touched.count(table))
                for (const std::string &n : notes)
                    status.notes.push_back(table + ": " + n);
    }
    return status;
}

std::vector<TableInfo> TraceDatabase::tables() const
{
    std::vector<TableInfo> out;
    for (const auto &d : kTraceTableDescriptions) {
        TableInfo t;
        t.name = d[0];
        t.description = d[1];
        out.push_back(std::move(t));
    }
    for (const auto &[name, select] : detail::traceViews()) {
        TableInfo t;
        t.name = name;
        t.kind = TableInfo::Kind::View;
        t.description = "view: " + select;
        out.push_back(std::move(t));
    }
    for (const analysis::AnalysisInfo &info : analysis::analyses()) {
        TableInfo t;
        t.name = analysisTableName(info.name);
        t.kind = TableInfo::Kind::Analysis;
        t.description = std::string(info.title) + ": " + std::string(info.description);
        out.push_back(std::move(t));
    }
    // Columns: what SQLite knows without computing anything (trace tables and views; analysis
    // tables already computed).
    for (TableInfo &t : out) {
        if (t.kind == TableInfo::Kind::Analysis) {
            bool computed = false;
            std::lock_guard lock(m_shared->notesMutex);
            for (const auto &[name, notes] : m_shared->notesByTable)
                computed = computed || name == t.name;
            if (!computed)
                continue;
        }
        sqlite3_stmt *stmt = nullptr;
        const std::string sql = "SELECT name FROM pragma_table_info('" + t.name + "')";
        if (sqlite3_prepare_v2(m_db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK)
            while (sqlite3_step(stmt) == SQLITE_ROW)
                t.columns.emplace_back(reinterpret_cast<const char *>(sqlite3_column_text(stmt, 0)));
        sqlite3_finalize(stmt);
    }
    return out;
}

std::vector<std::pair<std::string, std::string>> TraceDatabase::columnsOf(const std::string &table, std::string &error)
{
    std::vector<std::pair<std::string, std::string>> out;
    // pragma table_info does not report a virtual table's xConnect error, so prepare a SELECT first.
    sqlite3_stmt *probe = nullptr;
    std::string quoted = "\"";
    for (char c : table)
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    quoted += '"';
    if (sqlite3_prepare_v2(m_db, ("SELECT * FROM " + quoted + " LIMIT 0").c_str(), -1, &probe, nullptr) != SQLITE_OK) {
        error = sqlite3_errmsg(m_db);
        sqlite3_finalize(probe);
        return out;
    }
    sqlite3_finalize(probe);
    sqlite3_stmt *stmt = nullptr;
    if (sqlite3_prepare_v2(m_db, "SELECT name, type FROM pragma_table_info(?1)", -1, &stmt, nullptr) != SQLITE_OK) {
        error = sqlite3_errmsg(m_db);
        return out;
    }
    sqlite3_bind_text(stmt, 1, table.c_str(), -1, SQLITE_TRANSIENT);
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        const auto *n = reinterpret_cast<const char *>(sqlite3_column_text(stmt, 0));
        const auto *t = reinterpret_cast<const char *>(sqlite3_column_text(stmt, 1));
        out.emplace_back(n ? n : "", t ? t : "");
    }
    sqlite3_finalize(stmt);
    if (out.empty())
        error = "no such table: " + table;
    return out;
}

std::string TraceDatabase::schemaText(const std::string &table, std::string &error)
{
    const auto cols = columnsOf(table, error);
    if (cols.empty())
        return {};
    std::string out = "CREATE TABLE " + table + " (\n";
    for (std::size_t i = 0; i < cols.size(); ++i)
        out += "  " + cols[i].first + (cols[i].second.empty() ? "" : " " + cols[i].second) + (i + 1 < cols.size() ? ",\n" : "\n");
    out += ");";
    return out;
}

// --- ResultRow ---

int ResultRow::size() const
{
    return sqlite3_column_count(m_stmt);
}

ResultRow::Type ResultRow::type(int col) const
{
    switch (sqlite3_column_type(m_stmt, col)) {
    case SQLITE_INTEGER: return Type::Int;
    case SQLITE_FLOAT: return Type::Real;
    case SQLITE_TEXT: return Type::Text;
    case SQLITE_BLOB: return Type::Blob;
    default: return Type::Null;
    }
}

std::int64_t ResultRow::toInt(int col) const
{
    return sqlite3_column_int64(m_stmt, col);
}

double ResultRow::toReal(int col) const
{
    return sqlite3_column_double(m_stmt, col);
}

std::string_view ResultRow::text(int col) const
{
    const auto *p = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, col));
    return p ? std::string_view(p, static_cast<std::size_t>(sqlite3_column_bytes(m_stmt, col))) : std::string_view();
}

std::string_view ResultRow::originTable(int col) const
{
    const char *t = sqlite3_column_table_name(m_stmt, col);
    return t ? std::string_view(t) : std::string_view();
}

} // namespace accelscope::model::sql
