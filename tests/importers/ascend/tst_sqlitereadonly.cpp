// A user's SQLite database is never written to: opening it (read-only and immutable) leaves its
// bytes, size and modification time as they were and creates no -journal / -wal / -shm file
// beside it, also when its folder and the file are read-only, when it is in WAL mode and when a
// leftover journal sits next to it. The whole Ascend import of a db-only sample folder is
// checked the same way.

#include "importers/ascend/sqlitedb.h"
#include "importers/registry.h"

#include <QCryptographicHash>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <sys/stat.h>

using namespace accelscope;
using namespace accelscope::importers;
namespace fs = std::filesystem;

namespace {

const fs::path kShared = fs::path(ACCELSCOPE_SHARED_DATA);
const fs::path kDbSample = kShared / "ascend/pt_db_level2_2rank/rank0_ascend_pt";

struct FileState {
    std::uintmax_t size = 0;
    std::int64_t mtimeNs = 0;
    mode_t mode = 0;
    QByteArray sha256;
    bool operator==(const FileState &) const = default;
};

FileState stateOf(const fs::path &p)
{
    struct stat st {};
    if (::stat(p.c_str(), &st) != 0)
        return {};
    FileState s;
    s.size = std::uintmax_t(st.st_size);
    s.mtimeNs = std::int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    s.mode = st.st_mode;
    std::ifstream in(p, std::ios::binary);
    std::ostringstream buf;
    buf << in.rdbuf();
    s.sha256 = QCryptographicHash::hash(QByteArray::fromStdString(buf.str()), QCryptographicHash::Sha256);
    return s;
}

/// Every file under `root` with its state (names relative to root).
std::map<std::string, FileState> snapshot(const fs::path &root)
{
    std::map<std::string, FileState> out;
    for (const auto &e : fs::recursive_directory_iterator(root))
        if (e.is_regular_file())
            out[fs::relative(e.path(), root).string()] = stateOf(e.path());
    return out;
}

/// Makes every file 0444 and every folder 0555 below and including `root`.
void makeReadOnly(const fs::path &root)
{
    for (const auto &e : fs::recursive_directory_iterator(root))
        ::chmod(e.path().c_str(), e.is_directory() ? 0555 : 0444);
    ::chmod(root.c_str(), 0555);
}

void makeWritable(const fs::path &root)
{
    ::chmod(root.c_str(), 0755);
    for (const auto &e : fs::recursive_directory_iterator(root))
        ::chmod(e.path().c_str(), e.is_directory() ? 0755 : 0644);
}

/// A small database written through QtSql in the given journal mode.
void makeDb(const fs::path &p, const char *journalMode)
{
    const QString conn = QStringLiteral("make-") + QString::fromStdString(p.string());
    {
        QSqlDatabase d = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), conn);
        d.setDatabaseName(QString::fromStdString(p.string()));
        QVERIFY(d.open());
        QSqlQuery q(d);
        QVERIFY(q.exec(QStringLiteral("PRAGMA journal_mode=%1").arg(QLatin1String(journalMode))));
        QVERIFY(q.exec(QStringLiteral("CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT)")));
        for (int i = 0; i < 50; ++i)
            QVERIFY(q.exec(QStringLiteral("INSERT INTO STRING_IDS VALUES(%1, 'name%1')").arg(i)));
        // Back to a clean file: the WAL is checkpointed into the database and removed on close.
        q.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        d.close();
    }
    QSqlDatabase::removeDatabase(conn);
}

} // namespace

class TstSqliteReadOnly : public QObject {
    Q_OBJECT
private slots:
    void uriEscapesSpecialCharacters()
    {
        const QString uri = ascend::immutableUri("/tmp/a b/c?d#e%f/x.db");
        QCOMPARE(uri, QStringLiteral("file:/tmp/a%20b/c%3Fd%23e%25f/x.db?mode=ro&immutable=1"));
    }

    void handMadeDbsAreNeverWritten_data()
    {
        QTest::addColumn<QString>("journalMode");
        QTest::addColumn<bool>("leftoverJournal");
        QTest::newRow("delete") << "DELETE" << false;
        QTest::newRow("wal") << "WAL" << false;
        QTest::newRow("delete, leftover journal") << "DELETE" << true;
    }
    void handMadeDbsAreNeverWritten()
    {
        QFETCH(QString, journalMode);
        QFETCH(bool, leftoverJournal);
        QTemporaryDir tmp;
        // Characters that would end the path part of a URI if not escaped.
        const fs::path dir = fs::path(tmp.path().toStdString()) / "odd ?#% name";
        fs::create_directories(dir);
        const fs::path db = dir / "ascend_pytorch_profiler_0.db";
        makeDb(db, journalMode.toLatin1().constData());
        if (leftoverJournal) {
            // A crashed writer's journal: a read-write open would roll it back into the file.
            std::ofstream(dir / "ascend_pytorch_profiler_0.db-journal", std::ios::binary) << std::string(512, '\0');
        }
        makeReadOnly(dir);
        const auto before = snapshot(dir);
        QVERIFY(before.count("ascend_pytorch_profiler_0.db"));
        {
            auto r = ascend::SqliteDb::open(db);
            QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
            auto &d = *r.value();
            QVERIFY(d.hasTable("STRING_IDS"));
            QCOMPARE(d.count("STRING_IDS"), std::int64_t(50));
            QCOMPARE(d.str(7), std::string("name7"));
            // Still open: nothing may appear beside the database while it is in use either.
            QCOMPARE(snapshot(dir), before);
        }
        QCOMPARE(snapshot(dir), before);
        makeWritable(dir);
    }

    void ascendDbSampleImportWritesNothing()
    {
        if (!fs::exists(kDbSample))
            QSKIP("the shared db-only Ascend sample is not available");
        QTemporaryDir tmp;
        const fs::path copy = fs::path(tmp.path().toStdString()) / kDbSample.filename();
        fs::copy(kDbSample, copy, fs::copy_options::recursive);
        makeReadOnly(copy);
        const auto before = snapshot(copy);
        std::size_t dbs = 0;
        for (const auto &[name, st] : before)
            dbs += name.ends_with(".db");
        QVERIFY(dbs >= 2);

        ImportContext ctx;
        auto r = loadTrace({copy}, ctx);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QVERIFY(r.value().trace->sliceCount() > 0);
        QCOMPARE(snapshot(copy), before);
        makeWritable(copy);
    }
};

QTEST_GUILESS_MAIN(TstSqliteReadOnly)
#include "tst_sqlitereadonly.moc"
