// A read-only SQLite database through QtSql, with schema introspection (PRAGMA table_info), so
// readers select only the columns a given msprof version wrote and tolerate extra ones (dbs that
// went through MindStudio Insight carry OVERLAP_ANALYSIS, depth, waitNs, ...).
// One connection per instance, with a unique name, opened and closed on the calling thread
// (QtSql connections must stay on the thread that made them; imports run on worker threads).
#pragma once

#include "ascendcommon.h"
#include "model/result.h"

#include <QSqlQuery>

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace accelscope::importers::ascend {

class SqliteDb {
public:
    ~SqliteDb();
    SqliteDb(const SqliteDb &) = delete;
    SqliteDb &operator=(const SqliteDb &) = delete;

    /// Opens `path` read-only and reads its table list; an error names the file.
    static model::Result<std::unique_ptr<SqliteDb>> open(const std::filesystem::path &path);

    const std::string &path() const { return m_path; }
    bool hasTable(const std::string &table) const { return m_tables.count(table) != 0; }
    /// Column names of a table (empty when the table is absent).
    const std::set<std::string> &columns(const std::string &table);
    bool hasColumn(const std::string &table, const std::string &column) { return columns(table).count(column) != 0; }
    /// "col" when the table has it, else "NULL" (select lists that work on every version).
    std::string col(const std::string &table, const std::string &column);
    /// First of `names` the table has, as a select expression; "NULL" when none.
    std::string colAny(const std::string &table, std::initializer_list<const char *> names);

    /// Runs a forward-only query; false (and `error` set) when it fails.
    bool exec(QSqlQuery &q, const std::string &sql);
    std::int64_t count(const std::string &table);
    std::string lastError() const { return m_error; }

    /// STRING_IDS(id, value), loaded once.
    const std::string &str(std::int64_t id);
    /// ENUM_*(id, name) tables, loaded on first use.
    const std::string &enumName(const std::string &table, std::int64_t id);

private:
    SqliteDb() = default;
    std::string m_path;
    std::string m_connection;
    std::string m_error;
    std::set<std::string> m_tables;
    std::map<std::string, std::set<std::string>> m_columns;
    bool m_stringsLoaded = false;
    std::unordered_map<std::int64_t, std::string> m_strings;
    std::map<std::string, std::unordered_map<std::int64_t, std::string>> m_enums;
    std::string m_empty;
};

/// The SQLite URI that opens `path` read-only and immutable (file:...?mode=ro&immutable=1).
QString immutableUri(const std::filesystem::path &path);

/// Writes a NUMERIC cell as the number it holds (integers exactly, reals in their shortest form).
void sqlNumber(ArgsWriter &w, std::string_view key, const QVariant &v);

} // namespace accelscope::importers::ascend
