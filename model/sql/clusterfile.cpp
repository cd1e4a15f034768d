#include "model/sql/clusterfile.h"

#include "model/analysis/cluster/clusterrules.h"
#include "model/analysis/cluster/collectives.h"
#include "model/sql/clusterreduce.h"

#include <sqlite3.h>

#include <filesystem>

namespace accelscope::model::sql {

using analysis::Column;
using analysis::Table;
using analysis::Unit;

namespace {

struct Db {
    sqlite3 *db = nullptr;
    ~Db() { sqlite3_close(db); }
};

bool openReadOnly(const std::string &path, Db &db, std::string &error)
{
    // A cluster file may sit on a read-only share; never create one by a typo either.
    if (sqlite3_open_v2(path.c_str(), &db.db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        error = db.db ? sqlite3_errmsg(db.db) : "cannot open " + path;
        return false;
    }
    return true;
}

bool hasTable(sqlite3 *db, const char *name)
{
    sqlite3_stmt *s = nullptr;
    bool found = false;
    if (sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?", -1, &s, nullptr) == SQLITE_OK) {
        sqlite3_bind_text(s, 1, name, -1, SQLITE_STATIC);
        found = sqlite3_step(s) == SQLITE_ROW;
    }
    sqlite3_finalize(s);
    return found;
}

// SQLite keeps no units: the registered analysis that made the table gives its columns' titles
// and units (run on no rows, it still declares its columns), so the view formats "1.2 ms" and
// translates the titles as it does for the same analysis on a loaded trace.
void adoptSchema(Table &read, const Table &schema)
{
    read.name = schema.name;
    read.title = schema.title;
    for (Column &c : read.columns) {
        if (const Column *s = schema.column(c.id)) {
            c.title = s->title;
            c.unit = s->unit;
        } else if (c.id.ends_with("_ns")) {
            c.unit = Unit::Nanoseconds;
        } else if (c.id.ends_with("_pct")) {
            c.unit = Unit::Percent;
        } else if (c.id == "bytes") {
            c.unit = Unit::Bytes;
        } else if (c.id.ends_with("_gbps")) {
            c.unit = Unit::GBps;
        } else if (c.id == "rank" || c.id.ends_with("_rank")) {
            c.unit = Unit::Id;
        }
    }
}

bool readInto(sqlite3 *db, const char *table, const std::string &order, Table &out, std::string &error)
{
    if (!hasTable(db, table))
        return true; // an older or partial file: the view shows the table as empty
    out = readTable(db, std::string("SELECT * FROM ") + table + (order.empty() ? "" : " ORDER BY " + order), error);
    return error.empty();
}

} // namespace

std::vector<std::string> ClusterFile::leftOutRanks() const
{
    std::vector<std::string> out;
    const Column *rank = ranks.column("rank"), *status = ranks.column("status"), *reason = ranks.column("reason"),
                 *summary = ranks.column("summary");
    if (!status)
        return out;
    for (std::size_t i = 0; i < ranks.rowCount(); ++i) {
        if (status->texts[i] == "ok")
            continue;
        std::string who;
        if (rank && !rank->isNull(i))
            who = "rank " + std::to_string(rank->ints[i]);
        else if (summary)
            who = summary->texts[i].find('/') == std::string::npos ? summary->texts[i]
                                                                    : std::filesystem::path(summary->texts[i]).filename().string();
        std::string why = reason ? reason->texts[i] : std::string();
        // `--missing "rank 13: why"` may leave the space after the colon in the reason
        why.erase(0, why.find_first_not_of(' '));
        out.push_back(why.empty() ? who : who + ": " + why);
    }
    return out;
}

bool isClusterFile(const std::string &path)
{
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec))
        return false;
    Db db;
    std::string error;
    return openReadOnly(path, db, error) && hasTable(db.db, "cluster_rank");
}

ClusterFileRead readClusterFile(const std::string &path)
{
    ClusterFileRead result;
    Db db;
    std::string error;
    if (!openReadOnly(path, db, error)) {
        result.error = error;
        return result;
    }
    if (!hasTable(db.db, "cluster_rank")) {
        // sqlite3_open_v2 opens any file lazily: a non-database fails only here
        result.error = path + " is not a cluster file (no cluster_rank table; make one with accelscope-cli cluster)";
        return result;
    }
    auto file = std::make_shared<ClusterFile>();
    file->path = path;
    const Table none;
    const bool ok = readInto(db.db, "cluster_rank", "", file->ranks, error)
                    && readInto(db.db, "cluster_slow_ranks", "rank", file->slowRanks, error)
                    && readInto(db.db, "cluster_collective_wait", "rank", file->collectiveWait, error)
                    && readInto(db.db, "cluster_collective_skew", "", file->collectiveSkew, error)
                    && readInto(db.db, "cluster_kernels", "", file->kernels, error)
                    && readInto(db.db, "cluster_comm_matrix", "src_rank, dst_rank", file->commMatrix, error);
    if (!ok) {
        result.error = path + ": " + error;
        return result;
    }
    file->ranks.name = "cluster-ranks";
    file->ranks.title = "Ranks";
    adoptSchema(file->slowRanks, analysis::clusterSlowRanks({}, none, none, none, none));
    adoptSchema(file->collectiveWait, analysis::collectiveWait(none));
    adoptSchema(file->collectiveSkew, analysis::collectiveSkew(none));
    adoptSchema(file->kernels, analysis::clusterKernels(none));
    adoptSchema(file->commMatrix, Table("cluster-comm-matrix", "Communication matrix"));
    // the schema templates' own notes ("no collectives table to read") are not this file's
    for (Table *t : {&file->slowRanks, &file->collectiveWait, &file->collectiveSkew, &file->kernels, &file->commMatrix})
        t->notes.clear();
    if (hasTable(db.db, "cluster_note")) {
        const Table notes = readTable(db.db, "SELECT tbl, note FROM cluster_note", error);
        const Column *tbl = notes.column("tbl"), *note = notes.column("note");
        for (std::size_t i = 0; tbl && note && i < notes.rowCount(); ++i) {
            file->notes.emplace_back(tbl->texts[i], note->texts[i]);
            const std::string &t = tbl->texts[i];
            Table *target = t == "cluster_slow_ranks" ? &file->slowRanks
                            : t == "cluster_collective_wait" ? &file->collectiveWait
                            : t == "cluster_collective_skew" ? &file->collectiveSkew
                            : t == "cluster_kernels" ? &file->kernels
                            : t == "cluster_comm_matrix" ? &file->commMatrix
                                                         : nullptr;
            if (target)
                target->notes.push_back(note->texts[i]);
        }
    }
    result.file = std::move(file);
    return result;
}

std::vector<std::string> clusterRankInputs(const std::string &path, std::int64_t rank, std::string &error)
{
    std::vector<std::string> out;
    Db db;
    if (!openReadOnly(path, db, error))
        return out;
    if (!hasTable(db.db, "cluster_input")) {
        error = path + " lists no inputs (cluster_input); it was written by an older accelscope-cli";
        return out;
    }
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db.db, "SELECT path FROM cluster_input WHERE rank = ? ORDER BY rowid", -1, &s, nullptr) != SQLITE_OK) {
        error = sqlite3_errmsg(db.db);
        return out;
    }
    sqlite3_bind_int64(s, 1, rank);
    while (sqlite3_step(s) == SQLITE_ROW)
        if (const unsigned char *p = sqlite3_column_text(s, 0))
            out.emplace_back(reinterpret_cast<const char *>(p));
    sqlite3_finalize(s);
    if (out.empty())
        error = "rank " + std::to_string(rank) + " has no inputs in " + path;
    return out;
}

} // namespace accelscope::model::sql
