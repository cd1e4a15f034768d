// exportSqlite(): the in-process schema copied table by table into an attached file.
#include "sqliteexport.h"

#include "tracetables_p.h"

#include "model/export/atomicfile.h"

#include <sqlite3.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <random>
#include <set>

#include <fcntl.h>
#include <unistd.h>

namespace accelscope::model::sql {

namespace {

std::string quoted(const std::string &name)
{
    std::string out = "\"";
    for (char c : name)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + '"';
}

// Tables whose first column is a dense unique id: it becomes the INTEGER PRIMARY KEY (the rowid),
// so lookups by id stay direct in the file too.
const std::set<std::string> kIdTables = {"slice", "instant", "counter", "track", "flow", "diagnostic", "source"};

// Indexes a reader of the file would otherwise build first.
const std::vector<std::pair<std::string, std::string>> kIndexes = {
    {"slice", "CREATE INDEX out.slice_track_ts ON slice(track_id, ts)"},
    {"slice", "CREATE INDEX out.slice_name ON slice(name)"},
    {"instant", "CREATE INDEX out.instant_track_ts ON instant(track_id, ts)"},
    {"counter", "CREATE INDEX out.counter_track_ts ON counter(track_id, ts)"},
    {"flow", "CREATE INDEX out.flow_slice_out ON flow(slice_out)"},
    {"flow", "CREATE INDEX out.flow_slice_in ON flow(slice_in)"},
    {"args", "CREATE INDEX out.args_arg_set_id ON args(arg_set_id)"},
};

void insertNote(sqlite3 *conn, const std::string &table, const std::string &text)
{
    sqlite3_stmt *note = nullptr;
    sqlite3_prepare_v2(conn, "INSERT INTO out.analysis_note VALUES (?1, ?2)", -1, &note, nullptr);
    sqlite3_bind_text(note, 1, table.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(note, 2, text.c_str(), -1, SQLITE_TRANSIENT);
    sqlite3_step(note);
    sqlite3_finalize(note);
}

// The analysis's notes (what it could not compute and why) beside its rows in the file.
void copyAnalysisNotes(TraceDatabase &db, sqlite3 *conn, const std::string &name)
{
    struct NoteSink : ResultSink {
        void begin(const std::vector<std::string> &, std::string_view) override {}
        bool row(const ResultRow &) override { return false; }
        void end(std::int64_t) override {}
    } sink;
    // main.: the copy just made in `out` would hide the virtual table of the same name
    const QueryStatus st = db.execute("SELECT 1 FROM main." + quoted(name) + " LIMIT 1", sink);
    for (const std::string &n : st.notes)
        insertNote(conn, name, n.substr(std::min(n.size(), name.size() + 2)));
}

bool isEmpty(sqlite3 *conn, const std::string &name)
{
    sqlite3_stmt *s = nullptr;
    bool empty = false;
    if (sqlite3_prepare_v2(conn, ("SELECT 1 FROM main." + quoted(name) + " LIMIT 1").c_str(), -1, &s, nullptr) == SQLITE_OK)
        empty = sqlite3_step(s) == SQLITE_DONE;
    sqlite3_finalize(s);
    return empty;
}

// Flushes the finished temporary to disk and gives it the destination's name.
bool publish(const std::string &temporary, const std::string &path, std::string &error)
{
    // On disk before it gets the destination's name: a crash leaves the old file or the new one.
    if (const int fd = ::open(temporary.c_str(), O_RDONLY | O_CLOEXEC); fd >= 0) {
        const bool synced = ::fsync(fd) == 0;
        ::close(fd);
        if (!synced) {
            error = "cannot write " + path + ": " + std::strerror(errno);
            return false;
        }
    }
    if (::rename(temporary.c_str(), path.c_str()) != 0) {
        error = "cannot write " + path + ": " + std::strerror(errno);
        return false;
    }
    return true;
}

std::string createStatement(const std::string &name, const std::vector<std::pair<std::string, std::string>> &cols)
{
    std::string create = "CREATE TABLE out." + quoted(name) + " (";
    for (std::size_t c = 0; c < cols.size(); ++c) {
        create += (c ? ", " : "") + quoted(cols[c].first) + ' ' + cols[c].second;
        if (c == 0 && kIdTables.count(name))
            create += " PRIMARY KEY";
    }
    return create + ')';
}

} // namespace

std::vector<std::string> defaultExportTables(const TraceDatabase &db)
{
    std::vector<std::string> out;
    for (const TableInfo &t : db.tables())
        if (t.kind != TableInfo::Kind::View)
            out.push_back(t.name);
    return out;
}

SqliteExportResult exportSqlite(TraceDatabase &db, const std::string &path, const SqliteExportOptions &options)
{
    SqliteExportResult result;
    sqlite3 *conn = db.handle();
    if (!conn) {
        result.error = db.error();
        return result;
    }
    const std::vector<std::string> wanted = options.tables.empty() ? defaultExportTables(db) : options.tables;
    {
        const auto known = db.tables();
        for (const std::string &name : wanted)
            if (std::none_of(known.begin(), known.end(), [&](const TableInfo &t) { return t.name == name && t.kind != TableInfo::Kind::View; })) {
                result.error = "no such table: " + name + " (accelscope-cli query INPUT '.tables' lists them)";
                return result;
            }
    }
    exportfmt::removeStaleTemporaries(path);
    // A named temporary beside the destination (SQLite resolves /proc/self/fd links to the
    // file's path, so an anonymous staged file cannot be handed to it); renamed when complete,
    // removed on any failure or cancel. Its name is the one removeStaleTemporaries() cleans up
    // after a killed process.
    std::random_device random;
    const std::string temporary = path + std::string(exportfmt::kTemporaryMarker) + std::to_string(::getpid()) + '-' + std::to_string(random());
    struct RemoveUnlessKept {
        std::string file;
        bool keep = false;
        ~RemoveUnlessKept()
        {
            if (!keep)
                ::unlink(file.c_str());
        }
    } staged{temporary};
    auto exec = [&](const std::string &sql) -> bool {
        char *err = nullptr;
        if (sqlite3_exec(conn, sql.c_str(), nullptr, nullptr, &err) == SQLITE_OK)
            return true;
        if (result.error.empty())
            result.error = (err ? err : sqlite3_errmsg(conn)) + std::string(" (") + sql.substr(0, 80) + ")";
        sqlite3_free(err);
        return false;
    };
    {
        sqlite3_stmt *attach = nullptr;
        sqlite3_prepare_v2(conn, "ATTACH DATABASE ?1 AS out", -1, &attach, nullptr);
        sqlite3_bind_text(attach, 1, temporary.c_str(), -1, SQLITE_TRANSIENT);
        const int rc = sqlite3_step(attach);
        sqlite3_finalize(attach);
        if (rc != SQLITE_DONE) {
            result.error = std::string("cannot write ") + path + ": " + sqlite3_errmsg(conn);
            return result;
        }
    }
    struct Detach {
        sqlite3 *c;
        ~Detach() { sqlite3_exec(c, "DETACH DATABASE out", nullptr, nullptr, nullptr); }
    } detach{conn};
    // The staged file is new and replaced whole: no journal, no syncs until the final commit.
    if (!exec("PRAGMA out.journal_mode = OFF") || !exec("PRAGMA out.synchronous = OFF"))
        return result;
    if (options.pageSize > 0 && !exec("PRAGMA out.page_size = " + std::to_string(options.pageSize)))
        return result;
    // Cancel: the progress handler stops a long INSERT between VDBE steps.
    struct Cancel {
        const std::stop_token *stop;
    } cancel{&options.stop};
    sqlite3_progress_handler(
        conn, 100000, [](void *p) -> int { return static_cast<Cancel *>(p)->stop->stop_requested() ? 1 : 0; }, &cancel);
    struct ClearHandler {
        sqlite3 *c;
        ~ClearHandler() { sqlite3_progress_handler(c, 0, nullptr, nullptr); }
    } clearHandler{conn};

    if (!exec("BEGIN"))
        return result;
    if (!exec("CREATE TABLE out.analysis_note (analysis TEXT, note TEXT)"))
        return result;
    std::set<std::string> written;
    for (std::size_t i = 0; i < wanted.size(); ++i) {
        const std::string &name = wanted[i];
        if (options.progress)
            options.progress(static_cast<double>(i) / static_cast<double>(wanted.size()), name);
        if (options.stop.stop_requested()) {
            result.canceled = true;
            return result;
        }
        std::string error;
        const auto cols = db.columnsOf(name, error);
        const bool isAnalysis = name.rfind("analysis_", 0) == 0;
        if (cols.empty()) {
            if (options.stop.stop_requested()) {
                result.canceled = true;
                return result;
            }
            if (!isAnalysis) {
                result.error = name + ": " + error;
                return result;
            }
            result.skipped.push_back(name + ": " + error);
            insertNote(conn, name, "not written: " + error);
            continue;
        }
        if (isAnalysis && options.skipEmptyAnalyses && isEmpty(conn, name)) {
            copyAnalysisNotes(db, conn, name);
            continue;
        }
        if (!exec(createStatement(name, cols)) || !exec("INSERT INTO out." + quoted(name) + " SELECT * FROM main." + quoted(name))) {
            if (options.stop.stop_requested()) {
                result.canceled = true;
                result.error.clear();
            }
            return result;
        }
        written.insert(name);
        result.tablesWritten.push_back(name);
        if (isAnalysis)
            copyAnalysisNotes(db, conn, name);
    }
    for (const std::string &sql : options.extraStatements)
        if (!exec(sql))
            return result;
    if (options.progress)
        options.progress(1.0, "indexes");
    for (const auto &[table, sql] : kIndexes)
        if (written.count(table) && !exec(sql))
            return result;
    if (written.count("track"))
        for (const auto &[view, select] : detail::traceViews())
            if (!exec("CREATE VIEW out." + view + " AS " + select))
                return result;
    if (!exec("COMMIT"))
        return result;
    if (sqlite3_exec(conn, "DETACH DATABASE out", nullptr, nullptr, nullptr) != SQLITE_OK) {
        result.error = std::string("cannot finish ") + path + ": " + sqlite3_errmsg(conn);
        return result;
    }
    if (!publish(temporary, path, result.error))
        return result;
    staged.keep = true;
    result.ok = true;
    return result;
}

} // namespace accelscope::model::sql
