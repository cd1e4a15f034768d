// SQL over a trace: an SQLite connection whose tables are virtual tables over the immutable
// Trace (no copy of the events) and over the registered analyses (each computed on first use,
// with default options). The schema is documented in docs/sql.md.
//
// One TraceDatabase is used by one thread at a time (a query runs on a worker); interrupt()
// may be called from any thread.
#pragma once

#include "model/analysis/core/context.h"
#include "model/analysis/core/table.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace accelscope::model::sql {

/// A result row as a statement produces it; valid only inside the ResultSink call.
class ResultRow {
public:
    enum class Type { Null, Int, Real, Text, Blob };
    explicit ResultRow(sqlite3_stmt *stmt) : m_stmt(stmt) {}
    int size() const;
    Type type(int col) const;
    std::int64_t toInt(int col) const;
    double toReal(int col) const;
    std::string_view text(int col) const; ///< a number's text too; a blob's bytes
    /// The table a result column is read from ("slice"), empty for an expression.
    std::string_view originTable(int col) const;

private:
    sqlite3_stmt *m_stmt;
};

/// Receives the rows of each statement that returns rows, as they are produced.
class ResultSink {
public:
    virtual ~ResultSink() = default;
    /// A statement with result columns starts. `sql` is its text.
    virtual void begin(const std::vector<std::string> &columns, std::string_view sql) = 0;
    /// One row; return false to stop reading this statement (the rest of its rows are skipped).
    virtual bool row(const ResultRow &row) = 0;
    /// The statement has no more rows (`rows` were delivered).
    virtual void end(std::int64_t rows) = 0;
};

/// How a run of statements ended.
struct QueryStatus {
    bool ok = true;
    bool interrupted = false;
    std::string error;        ///< SQLite's message (or ours), without the position
    int line = 0, column = 0; ///< 1-based position of the error in the whole text; 0 = unknown
    int statements = 0;       ///< statements run (the failing one not counted)
    /// Notes of the analysis tables the statements read ("analysis_kernels: ..."): what a table
    /// could not compute and why.
    std::vector<std::string> notes;
    /// "line 2, column 8: no such table: slices" (or the bare message when there is no position).
    std::string message() const;
};

/// A table of the schema, for listings, `.tables`, `.schema` and completion.
struct TableInfo {
    enum class Kind { Trace, View, Analysis };
    std::string name;
    Kind kind = Kind::Trace;
    std::string description;
    /// Column names; for an analysis table that has not been computed yet, empty.
    std::vector<std::string> columns;
};

class TraceDatabase {
public:
    /// Opens an in-memory connection over the context's trace. Check ok().
    explicit TraceDatabase(std::shared_ptr<const analysis::AnalysisContext> context);
    ~TraceDatabase();
    TraceDatabase(const TraceDatabase &) = delete;
    TraceDatabase &operator=(const TraceDatabase &) = delete;

    bool ok() const { return m_error.empty(); }
    const std::string &error() const { return m_error; }

    /// Runs every statement of `sql` in order, handing rows to `sink`. Stops at the first error.
    /// A stop requested on `stop` (before or during the run) interrupts it, as interrupt() does.
    QueryStatus execute(std::string_view sql, ResultSink &sink, std::stop_token stop = {});
    /// Stops the running statement (any thread). The next execute() starts fresh.
    void interrupt();
    /// The same from a signal handler: only atomic stores and sqlite3_interrupt (an analysis
    /// table being computed finishes first).
    void interruptFromSignal();
    /// True when `sql` ends with a complete statement (the interactive prompt reads on until then).
    static bool isComplete(const std::string &sql);

    /// The schema's tables: trace tables, views, then one analysis_* table per registered analysis.
    std::vector<TableInfo> tables() const;
    /// Column names and declared types of one table ("name TYPE"); computes an analysis table.
    /// Empty when there is no such table; `error` says why.
    std::vector<std::pair<std::string, std::string>> columnsOf(const std::string &table, std::string &error);
    /// `CREATE TABLE name(...)` text for `.schema` (computes an analysis table).
    std::string schemaText(const std::string &table, std::string &error);

    /// The SQL table name of an analysis ("engine-summary" -> "analysis_engine_summary").
    static std::string analysisTableName(std::string_view analysis);

    /// Slice id (the slice table's id) of a slice, and back; invalid when out of range.
    std::int64_t sliceId(SliceRef s) const;
    SliceRef sliceRef(std::int64_t id) const;
    /// The outermost slice of `track` starting exactly at `ts`; invalid when none.
    SliceRef sliceStartingAt(std::int64_t track, std::int64_t ts) const;

    const analysis::AnalysisContext &context() const { return *m_context; }
    /// The raw connection, for the SQLite exporter (same thread rules).
    sqlite3 *handle() const { return m_db; }

    /// State the connection's tables share with this object (internal to model/sql/).
    struct Shared;

private:
    std::shared_ptr<const analysis::AnalysisContext> m_context;
    std::shared_ptr<Shared> m_shared;
    sqlite3 *m_db = nullptr;
    std::string m_error;
};

/// Runs `sql` and collects each row-returning statement's rows into a Table (columns typed from
/// their values: integers, reals, or text when any cell is text). At most `maxRows` rows are kept
/// per statement; `truncated` counts the statements that had more (their row count is in a note).
/// A column named `slice_id`, or `id` read from the slice table, or else `ts` with `track_id`,
/// makes the rows' keys point at their slices, so a view can select them in the timeline.
struct QueryTables {
    QueryStatus status;
    std::vector<analysis::Table> tables;
};
QueryTables queryTables(TraceDatabase &db, std::string_view sql, std::size_t maxRows = 1000000, std::stop_token stop = {});

} // namespace accelscope::model::sql
