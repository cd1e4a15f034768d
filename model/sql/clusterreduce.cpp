// reduceSummaries(): copy each summary's tables into the cluster file, then the reduce tables.
#include "clusterreduce.h"

#include "summary.h"

#include "model/analysis/cluster/clusterrules.h"
#include "model/analysis/cluster/collectives.h"
#include "model/analysis/core/stats.h"
#include "model/export/atomicfile.h"

#include <sqlite3.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <random>
#include <set>

#include <unistd.h>

namespace accelscope::model::sql {

using analysis::Column;
using analysis::ColumnType;
using analysis::Table;
using analysis::Unit;

namespace {

std::string quoteId(const std::string &s)
{
    std::string out = "\"";
    for (char c : s)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + '"';
}

bool exec(sqlite3 *db, const std::string &sql, std::string &error)
{
    char *err = nullptr;
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err) == SQLITE_OK)
        return true;
    error = (err ? err : sqlite3_errmsg(db)) + std::string(" (") + sql.substr(0, 100) + ")";
    sqlite3_free(err);
    return false;
}

bool tableExists(sqlite3 *db, const std::string &schema, const std::string &table)
{
    sqlite3_stmt *s = nullptr;
    const std::string sql = "SELECT 1 FROM " + schema + ".sqlite_master WHERE type = 'table' AND name = ?1";
    bool found = false;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) == SQLITE_OK) {
        sqlite3_bind_text(s, 1, table.c_str(), -1, SQLITE_TRANSIENT);
        found = sqlite3_step(s) == SQLITE_ROW;
    }
    sqlite3_finalize(s);
    return found;
}

std::vector<std::string> columnNames(sqlite3 *db, const std::string &schema, const std::string &table)
{
    std::vector<std::string> out;
    sqlite3_stmt *s = nullptr;
    const std::string sql = "SELECT name FROM " + schema + ".pragma_table_info(?1)";
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) == SQLITE_OK) {
        sqlite3_bind_text(s, 1, table.c_str(), -1, SQLITE_TRANSIENT);
        while (sqlite3_step(s) == SQLITE_ROW)
            out.emplace_back(reinterpret_cast<const char *>(sqlite3_column_text(s, 0)));
    }
    sqlite3_finalize(s);
    return out;
}

// One row of summary_info.
struct SummaryInfo {
    std::int64_t version = -1, rank = -1, worldSize = -1, slices = 0, start = 0, end = 0;
    std::string rankList, format;
};

bool readSummaryInfo(sqlite3 *db, SummaryInfo &info, std::string &error)
{
    if (!tableExists(db, "s", "summary_info")) {
        error = "not an Accelscope summary (no summary_info table)";
        return false;
    }
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT name, int_value, str_value FROM s.summary_info", -1, &s, nullptr) != SQLITE_OK) {
        error = sqlite3_errmsg(db);
        return false;
    }
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        const std::string name = reinterpret_cast<const char *>(sqlite3_column_text(s, 0));
        const bool hasInt = sqlite3_column_type(s, 1) != SQLITE_NULL;
        const std::int64_t v = sqlite3_column_int64(s, 1);
        const char *text = reinterpret_cast<const char *>(sqlite3_column_text(s, 2));
        if (name == "summary_schema_version")
            info.version = v;
        else if (name == "rank") {
            info.rank = hasInt ? v : -1;
            info.rankList = text ? text : "";
        } else if (name == "world_size" && hasInt)
            info.worldSize = v;
        else if (name == "format")
            info.format = text ? text : "";
        else if (name == "slice_count")
            info.slices = v;
        else if (name == "start_ts")
            info.start = v;
        else if (name == "end_ts")
            info.end = v;
    }
    sqlite3_finalize(s);
    if (rc != SQLITE_DONE) {
        error = sqlite3_errmsg(db);
        return false;
    }
    if (info.version != kSummarySchemaVersion) {
        error = "summary schema version " + std::to_string(info.version) + ", this program reads version " + std::to_string(kSummarySchemaVersion);
        return false;
    }
    return true;
}

} // namespace

Table readTable(sqlite3 *db, const std::string &sql, std::string &error)
{
    Table t;
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) != SQLITE_OK) {
        error = sqlite3_errmsg(db);
        return t;
    }
    const int n = sqlite3_column_count(s);
    std::vector<ColumnType> types;
    // An expression (AVG(x), a - b) has no declared type: the first row's value decides.
    int rc = sqlite3_step(s);
    for (int c = 0; c < n; ++c) {
        const char *decl = sqlite3_column_decltype(s, c);
        const std::string d = decl ? decl : "";
        ColumnType type = d.find("INT") != std::string::npos ? ColumnType::Int : d.find("REAL") != std::string::npos ? ColumnType::Real : ColumnType::Text;
        if (!decl && rc == SQLITE_ROW)
            type = sqlite3_column_type(s, c) == SQLITE_INTEGER ? ColumnType::Int
                : sqlite3_column_type(s, c) == SQLITE_FLOAT || sqlite3_column_type(s, c) == SQLITE_NULL ? ColumnType::Real
                                                                                                          : ColumnType::Text;
        types.push_back(type);
        const std::string name = sqlite3_column_name(s, c);
        if (type == ColumnType::Int)
            t.addInt(name, name);
        else if (type == ColumnType::Real)
            t.addReal(name, name);
        else
            t.addText(name, name);
    }
    for (; rc == SQLITE_ROW; rc = sqlite3_step(s)) {
        for (int c = 0; c < n; ++c) {
            Column &col = t.columns[static_cast<std::size_t>(c)];
            const bool null = sqlite3_column_type(s, c) == SQLITE_NULL;
            if (types[c] == ColumnType::Text) {
                const char *v = reinterpret_cast<const char *>(sqlite3_column_text(s, c));
                col.push(std::string(v ? v : ""));
            } else if (null) {
                col.pushNull();
            } else if (types[c] == ColumnType::Int) {
                col.push(static_cast<std::int64_t>(sqlite3_column_int64(s, c)));
            } else {
                col.push(sqlite3_column_double(s, c));
            }
        }
    }
    if (rc != SQLITE_DONE)
        error = sqlite3_errmsg(db);
    sqlite3_finalize(s);
    return t;
}

bool writeTable(sqlite3 *db, const std::string &name, const Table &t, std::string &error)
{
    std::string create = "CREATE TABLE " + name + " (";
    std::string insert = "INSERT INTO " + name + " VALUES (";
    for (std::size_t c = 0; c < t.columnCount(); ++c) {
        const Column &col = t.columns[c];
        create += (c ? ", " : "") + quoteId(col.id) + (col.type == ColumnType::Int ? " INTEGER" : col.type == ColumnType::Real ? " REAL" : " TEXT");
        insert += (c ? ", ?" : "?") + std::to_string(c + 1);
    }
    create += ')';
    insert += ')';
    if (!exec(db, create, error))
        return false;
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, insert.c_str(), -1, &s, nullptr) != SQLITE_OK) {
        error = sqlite3_errmsg(db);
        return false;
    }
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        for (std::size_t c = 0; c < t.columnCount(); ++c) {
            const Column &col = t.columns[c];
            const int i = static_cast<int>(c + 1);
            if (col.isNull(r))
                sqlite3_bind_null(s, i);
            else if (col.type == ColumnType::Int)
                sqlite3_bind_int64(s, i, col.ints[r]);
            else if (col.type == ColumnType::Real)
                sqlite3_bind_double(s, i, col.reals[r]);
            else
                sqlite3_bind_text(s, i, col.texts[r].c_str(), static_cast<int>(col.texts[r].size()), SQLITE_TRANSIENT);
        }
        if (sqlite3_step(s) != SQLITE_DONE) {
            error = sqlite3_errmsg(db);
            sqlite3_finalize(s);
            return false;
        }
        sqlite3_reset(s);
    }
    sqlite3_finalize(s);
    return true;
}

std::vector<std::string> findSummaries(const std::vector<std::string> &paths, std::vector<std::string> &notSummaries)
{
    std::set<std::string> out;
    for (const std::string &p : paths) {
        std::error_code ec;
        if (std::filesystem::is_directory(p, ec)) {
            for (const auto &e : std::filesystem::directory_iterator(p, ec))
                if (e.is_regular_file(ec) && e.path().extension() == ".sqlite")
                    out.insert(e.path().string());
        } else {
            out.insert(p);
        }
    }
    std::vector<std::string> summaries;
    for (const std::string &p : out) {
        sqlite3 *db = nullptr;
        bool ok = sqlite3_open_v2(p.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK;
        if (ok) {
            sqlite3_stmt *s = nullptr;
            ok = sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_master WHERE name = 'summary_info'", -1, &s, nullptr) == SQLITE_OK
                && sqlite3_step(s) == SQLITE_ROW;
            sqlite3_finalize(s);
        }
        sqlite3_close(db);
        // A file given by name is the caller's choice: the reduce reports it if it is no summary.
        if (ok || std::find(paths.begin(), paths.end(), p) != paths.end())
            summaries.push_back(p);
        else
            notSummaries.push_back(p);
    }
    return summaries;
}

namespace {

void note(sqlite3 *db, const std::string &table, const std::string &text)
{
    sqlite3_stmt *s = nullptr;
    sqlite3_prepare_v2(db, "INSERT INTO cluster_note VALUES (?1, ?2)", -1, &s, nullptr);
    sqlite3_bind_text(s, 1, table.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 2, text.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_step(s);
    sqlite3_finalize(s);
}

// A merged per-rank table, or an empty one when no summary had it.
Table mergedTable(sqlite3 *db, const std::string &table, std::string &error)
{
    return tableExists(db, "main", table) ? readTable(db, "SELECT * FROM " + quoteId(table), error) : Table();
}

// Writes a reduce table and its notes.
bool writeWithNotes(sqlite3 *db, const std::string &name, const Table &t, std::string &error)
{
    if (!writeTable(db, name, t, error))
        return false;
    for (const std::string &n : t.notes)
        note(db, name, n);
    return true;
}

bool writeReduceTables(sqlite3 *db, ClusterReduceResult &result, std::string &error)
{
    // The rules are the registered analyses' own functions (model/analysis/cluster/collectives.h,
    // clusterrules.h) applied to the merged rows.
    const Table collectives = mergedTable(db, "analysis_collectives", error);
    const Table steps = mergedTable(db, "analysis_steps", error);
    const Table temporal = mergedTable(db, "analysis_temporal", error);
    const Table overlap = mergedTable(db, "analysis_overlap", error);
    const Table kernels = mergedTable(db, "analysis_kernels", error);
    const Table ranks = readTable(db, "SELECT DISTINCT rank FROM cluster_rank WHERE status = 'ok' AND rank IS NOT NULL ORDER BY rank", error);
    if (!error.empty())
        return false;
    const Table wait = analysis::collectiveWait(collectives);
    const Table stepMatrix = analysis::clusterSteps(steps);
    std::vector<std::int64_t> rankList;
    if (ranks.columnCount() == 1)
        rankList = ranks.columns[0].ints;
    if (collectives.columnCount() && (!writeWithNotes(db, "cluster_collective_skew", analysis::collectiveSkew(collectives), error)
                                      || !writeWithNotes(db, "cluster_collective_wait", wait, error)))
        return false;
    for (const std::string &n : wait.notes)
        if (n.rfind("straggler: ", 0) == 0)
            result.straggler = n.substr(11);
    if (steps.columnCount() && !writeWithNotes(db, "cluster_steps", stepMatrix, error))
        return false;
    if (!writeWithNotes(db, "cluster_slow_ranks", analysis::clusterSlowRanks(rankList, stepMatrix, temporal, overlap, wait), error))
        return false;
    if (kernels.columnCount() && !writeWithNotes(db, "cluster_kernels", analysis::clusterKernels(kernels), error))
        return false;
    if (tableExists(db, "main", "analysis_communication_links")) {
        if (!exec(db, "CREATE TABLE cluster_comm_matrix AS SELECT src_rank, dst_rank, transport, SUM(bytes) AS bytes, SUM(time_ns) AS time_ns, "
                      "CASE WHEN SUM(time_ns) > 0 THEN 1.0 * SUM(bytes) / SUM(time_ns) END AS bandwidth_gbps, SUM(ops) AS ops "
                      "FROM analysis_communication_links GROUP BY src_rank, dst_rank, transport",
                  error))
            return false;
    }
    return true;
}

} // namespace

ClusterReduceResult reduceSummaries(const std::vector<std::string> &summaries, const std::string &out, const ClusterReduceOptions &options)
{
    ClusterReduceResult result;
    exportfmt::removeStaleTemporaries(out);
    std::random_device random;
    const std::string temporary = out + std::string(exportfmt::kTemporaryMarker) + std::to_string(::getpid()) + '-' + std::to_string(random());
    struct Cleanup {
        std::string file;
        sqlite3 *db = nullptr;
        bool keep = false;
        ~Cleanup()
        {
            if (db)
                sqlite3_close_v2(db); // closes once the statements still open are finalized
            if (!keep)
                ::unlink(file.c_str());
        }
    } cleanup{temporary};
    if (sqlite3_open_v2(temporary.c_str(), &cleanup.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
        result.error = "cannot write " + out + ": " + sqlite3_errmsg(cleanup.db);
        return result;
    }
    sqlite3 *db = cleanup.db;
    std::string error;
    // A journal in memory (the file is private until renamed): a summary that fails half-way is
    // rolled back to its savepoint, so no rank contributes part of its rows.
    if (!exec(db, "PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF", error)
        || !exec(db, "CREATE TABLE cluster_rank (rank INTEGER, ranks TEXT, summary TEXT, format TEXT, status TEXT, reason TEXT, "
                     "world_size INTEGER, slices INTEGER, start_ts INTEGER, end_ts INTEGER)", error)
        || !exec(db, "CREATE TABLE cluster_note (tbl TEXT, note TEXT)", error)
        || !exec(db, "CREATE TABLE cluster_input (rank INTEGER, summary TEXT, path TEXT, bytes INTEGER, mtime_ns INTEGER, fingerprint TEXT)", error)) {
        result.error = error;
        return result;
    }
    std::set<std::string> created;
    sqlite3_stmt *addRank = nullptr;
    sqlite3_prepare_v2(db, "INSERT INTO cluster_rank VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)", -1, &addRank, nullptr);
    struct Finalize {
        sqlite3_stmt *s;
        ~Finalize() { sqlite3_finalize(s); }
    } finalizeAddRank{addRank};
    auto recordRank = [&](const SummaryInfo &info, const std::string &path, const char *status, const std::string &reason) {
        sqlite3_reset(addRank);
        info.rank >= 0 ? sqlite3_bind_int64(addRank, 1, info.rank) : sqlite3_bind_null(addRank, 1);
        sqlite3_bind_text(addRank, 2, info.rankList.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(addRank, 3, path.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(addRank, 4, info.format.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(addRank, 5, status, -1, SQLITE_STATIC);
        reason.empty() ? sqlite3_bind_null(addRank, 6) : sqlite3_bind_text(addRank, 6, reason.c_str(), -1, SQLITE_TRANSIENT);
        info.worldSize > 0 ? sqlite3_bind_int64(addRank, 7, info.worldSize) : sqlite3_bind_null(addRank, 7);
        sqlite3_bind_int64(addRank, 8, info.slices);
        sqlite3_bind_int64(addRank, 9, info.start);
        sqlite3_bind_int64(addRank, 10, info.end);
        sqlite3_step(addRank);
    };
    const std::vector<std::string> &tables = summaryTables();
    for (std::size_t i = 0; i < summaries.size(); ++i) {
        if (options.stop.stop_requested()) {
            result.canceled = true;
            return result;
        }
        const std::string &path = summaries[i];
        SummaryInfo info;
        std::string why;
        sqlite3_stmt *attach = nullptr;
        sqlite3_prepare_v2(db, "ATTACH DATABASE ?1 AS s", -1, &attach, nullptr);
        sqlite3_bind_text(attach, 1, path.c_str(), -1, SQLITE_TRANSIENT);
        const bool attached = sqlite3_step(attach) == SQLITE_DONE;
        sqlite3_finalize(attach);
        bool ok = attached && readSummaryInfo(db, info, why);
        if (!attached)
            why = sqlite3_errmsg(db);
        std::string err;
        exec(db, "BEGIN", err); // one transaction per summary: SQLite detaches only outside one
        // Copy what the summary has; a table of another shape (another vendor's columns) is
        // named in a note instead of mixing columns.
        for (const std::string &t : tables) {
            if (!ok || t == "metadata" || t == "trace_bounds")
                continue;
            if (!tableExists(db, "s", t))
                continue;
            const std::string q = quoteId(t);
            if (!created.count(t)) {
                if (!exec(db, "CREATE TABLE main." + q + " AS SELECT * FROM s." + q + " WHERE 0", err)) {
                    ok = false;
                    why = err;
                    break;
                }
                created.insert(t);
            }
            if (columnNames(db, "main", t) != columnNames(db, "s", t)) {
                exec(db, "INSERT INTO cluster_note VALUES (" + std::string("'") + t + "', 'columns differ in " + path + "; its rows are left out')", err);
                continue;
            }
            if (!exec(db, "INSERT INTO main." + q + " SELECT * FROM s." + q, err)) {
                ok = false; // a corrupt page: the rank is reported, its partial rows stay out
                why = err;
                break;
            }
        }
        // Where each rank's trace is, so a view can open it whole.
        if (ok && tableExists(db, "s", "summary_input")) {
            sqlite3_stmt *in = nullptr;
            sqlite3_prepare_v2(db, "INSERT INTO cluster_input SELECT ?1, ?2, path, bytes, mtime_ns, fingerprint FROM s.summary_input", -1, &in, nullptr);
            info.rank >= 0 ? sqlite3_bind_int64(in, 1, info.rank) : sqlite3_bind_null(in, 1);
            sqlite3_bind_text(in, 2, path.c_str(), -1, SQLITE_TRANSIENT);
            if (sqlite3_step(in) != SQLITE_DONE) {
                ok = false;
                why = sqlite3_errmsg(db);
            }
            sqlite3_finalize(in);
        }
        exec(db, ok ? "COMMIT" : "ROLLBACK", err);
        if (!ok)
            for (auto it = created.begin(); it != created.end();) // tables created by this summary were rolled back too
                it = tableExists(db, "main", *it) ? std::next(it) : created.erase(it);
        sqlite3_exec(db, "DETACH DATABASE s", nullptr, nullptr, nullptr);
        if (ok) {
            ++result.ranks;
            recordRank(info, path, "ok", {});
        } else {
            result.failed.push_back(path + ": " + why);
            recordRank(info, path, "failed", why);
        }
        if (options.progress)
            options.progress(i + 1, summaries.size(), path);
    }
    for (const std::string &m : options.missing) {
        SummaryInfo none;
        const auto colon = m.find(": ");
        recordRank(none, m.substr(0, colon), "missing", colon == std::string::npos ? "no summary" : m.substr(colon + 2));
    }
    if (!exec(db, "BEGIN", error) || !writeReduceTables(db, result, error) || !exec(db, "COMMIT", error)) {
        result.error = error;
        return result;
    }
    // The statement first: a connection with a statement open does not close (and would leak).
    sqlite3_finalize(addRank);
    finalizeAddRank.s = nullptr;
    sqlite3_close(db);
    cleanup.db = nullptr;
    if (::rename(temporary.c_str(), out.c_str()) != 0) {
        result.error = "cannot write " + out + ": " + std::strerror(errno);
        return result;
    }
    cleanup.keep = true;
    result.ok = true;
    return result;
}

} // namespace accelscope::model::sql
