#include "sqlitedb.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlRecord>
#include <QVariant>

#include <QUrl>

#include <atomic>

namespace accelscope::importers::ascend {

QString immutableUri(const std::filesystem::path &path)
{
    std::error_code ec;
    std::filesystem::path abs = std::filesystem::absolute(path, ec);
    if (ec)
        abs = path;
    // Every byte but the unreserved ones and '/' percent-encoded: '?', '#' and '%' in a folder
    // name must not end the path part of the URI.
    const QByteArray encoded = QUrl::toPercentEncoding(QString::fromStdString(abs.string()), "/");
    return QStringLiteral("file:") + QString::fromLatin1(encoded) + QStringLiteral("?mode=ro&immutable=1");
}

SqliteDb::~SqliteDb()
{
    if (m_connection.empty())
        return;
    {
        QSqlDatabase d = QSqlDatabase::database(QString::fromStdString(m_connection), false);
        if (d.isValid())
            d.close();
    }
    QSqlDatabase::removeDatabase(QString::fromStdString(m_connection));
}

model::Result<std::unique_ptr<SqliteDb>> SqliteDb::open(const std::filesystem::path &path)
{
    static std::atomic<std::uint64_t> counter{0};
    std::unique_ptr<SqliteDb> db(new SqliteDb);
    db->m_path = path.string();
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE")))
        return model::ImportError{db->m_path, 0, false, "the Qt SQLite driver (QSQLITE) is not available"};
    db->m_connection = "accelscope-ascend-" + std::to_string(counter.fetch_add(1));
    QSqlDatabase d = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QString::fromStdString(db->m_connection));
    // Read-only and immutable: MindStudio Insight writes tables and columns into the dbs it opens;
    // we never write to a user's file. `immutable=1` also stops SQLite from taking locks,
    // rolling back a hot journal or creating -journal / -wal / -shm files beside the database
    // (a read-only open alone still does so for a WAL database or a leftover journal). The
    // price: a database another process is still writing may read as inconsistent, which
    // SQLite reports as an error, never a crash.
    d.setDatabaseName(immutableUri(path));
    d.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_OPEN_URI"));
    if (!d.open())
        return model::ImportError{db->m_path, 0, false, "cannot open the database: " + d.lastError().text().toStdString()};
    QSqlQuery q(d);
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT name FROM sqlite_master WHERE type = 'table'")))
        return model::ImportError{db->m_path, 0, false,
                                  "not a readable SQLite database: " + q.lastError().text().toStdString()};
    while (q.next())
        db->m_tables.insert(q.value(0).toString().toStdString());
    return db;
}

const std::set<std::string> &SqliteDb::columns(const std::string &table)
{
    auto it = m_columns.find(table);
    if (it != m_columns.end())
        return it->second;
    std::set<std::string> cols;
    if (hasTable(table)) {
        QSqlQuery q;
        if (exec(q, "PRAGMA table_info(\"" + table + "\")")) {
            const int nameField = q.record().indexOf(QStringLiteral("name"));
            while (q.next())
                cols.insert(q.value(nameField < 0 ? 1 : nameField).toString().toStdString());
        }
    }
    return m_columns.emplace(table, std::move(cols)).first->second;
}

std::string SqliteDb::col(const std::string &table, const std::string &column)
{
    return hasColumn(table, column) ? column : std::string("NULL");
}

std::string SqliteDb::colAny(const std::string &table, std::initializer_list<const char *> names)
{
    for (const char *n : names)
        if (hasColumn(table, n))
            return n;
    return "NULL";
}

bool SqliteDb::exec(QSqlQuery &q, const std::string &sql)
{
    q = QSqlQuery(QSqlDatabase::database(QString::fromStdString(m_connection), false));
    q.setForwardOnly(true);
    if (q.exec(QString::fromStdString(sql)))
        return true;
    m_error = q.lastError().text().toStdString();
    return false;
}

std::int64_t SqliteDb::count(const std::string &table)
{
    if (!hasTable(table))
        return 0;
    QSqlQuery q;
    if (!exec(q, "SELECT count(*) FROM \"" + table + "\"") || !q.next())
        return 0;
    return q.value(0).toLongLong();
}

const std::string &SqliteDb::str(std::int64_t id)
{
    if (!m_stringsLoaded) {
        m_stringsLoaded = true;
        QSqlQuery q;
        if (hasTable("STRING_IDS") && exec(q, "SELECT id, value FROM STRING_IDS"))
            while (q.next())
                m_strings.emplace(q.value(0).toLongLong(), q.value(1).toString().toStdString());
    }
    auto it = m_strings.find(id);
    return it == m_strings.end() ? m_empty : it->second;
}

const std::string &SqliteDb::enumName(const std::string &table, std::int64_t id)
{
    auto it = m_enums.find(table);
    if (it == m_enums.end()) {
        std::unordered_map<std::int64_t, std::string> m;
        QSqlQuery q;
        if (hasTable(table) && exec(q, "SELECT id, name FROM \"" + table + "\""))
            while (q.next())
                m.emplace(q.value(0).toLongLong(), q.value(1).toString().toStdString());
        it = m_enums.emplace(table, std::move(m)).first;
    }
    auto v = it->second.find(id);
    return v == it->second.end() ? m_empty : v->second;
}

void sqlNumber(ArgsWriter &w, std::string_view key, const QVariant &v)
{
    if (v.isNull())
        return;
    bool ok = false;
    const qlonglong i = v.toLongLong(&ok);
    if (ok && v.typeId() != QMetaType::Double) {
        w.integer(key, i);
        return;
    }
    const double d = v.toDouble(&ok);
    if (ok)
        w.real(key, d);
    else
        w.numberOrString(key, v.toString().toStdString());
}

} // namespace accelscope::importers::ascend
