// Writes the SQL schema of a trace (docs/sql.md) as real tables in an SQLite file, for pandas,
// DuckDB or any SQLite client. The file is complete or absent (staged beside the destination,
// renamed when done).
#pragma once

#include "tracedatabase.h"

#include <functional>
#include <stop_token>
#include <string>
#include <vector>

namespace accelscope::model::sql {

struct SqliteExportOptions {
    /// Tables to write, by SQL name ("slice", "analysis_kernels"); empty = every trace table and
    /// every analysis table. Views over written tables are written too.
    std::vector<std::string> tables;
    /// Called before each table with the share done (0..1) and the table's name.
    std::function<void(double, const std::string &)> progress;
    std::stop_token stop;
    /// Statements run on the file (schema `out`) after the tables, in the same transaction: the
    /// per-rank summary adds its own tables this way.
    std::vector<std::string> extraStatements;
    /// Analysis tables without rows are not written; their notes (why there are none) still are,
    /// in analysis_note. The per-rank summaries use it: most vendors leave most tables empty.
    bool skipEmptyAnalyses = false;
    /// SQLite page size of the file (0: SQLite's default, 4096). Small files with many small
    /// tables (summaries) take a page per table at least.
    int pageSize = 0;
};

struct SqliteExportResult {
    bool ok = false;
    bool canceled = false;
    std::string error;
    std::vector<std::string> tablesWritten;
    /// Analysis tables that could not be written, with why (also in the file's analysis_note).
    std::vector<std::string> skipped;
};

/// The tables `export --to sqlite` writes when none are named.
std::vector<std::string> defaultExportTables(const TraceDatabase &db);

SqliteExportResult exportSqlite(TraceDatabase &db, const std::string &path, const SqliteExportOptions &options);

} // namespace accelscope::model::sql
