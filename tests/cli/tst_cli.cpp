// accelscope-cli as scripts use it: exit codes, `info --json` contents, and the generator that
// made the bundled sample.
#include "importers/registry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <sstream>
#include <zlib.h>

namespace fs = std::filesystem;

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

Run cli(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(ACCELSCOPE_CLI), args);
    p.waitForFinished(120000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

std::string gunzipFile(const fs::path &p)
{
    gzFile f = gzopen(p.c_str(), "rb");
    std::string out;
    char buf[1 << 16];
    for (int n; (n = gzread(f, buf, sizeof buf)) > 0;)
        out.append(buf, static_cast<std::size_t>(n));
    gzclose(f);
    return out;
}

const fs::path kSample = fs::path(ACCELSCOPE_SOURCE_DIR) / "resources" / "sample";

} // namespace

class TstCli : public QObject {
    Q_OBJECT
private slots:
    void infoJsonOnTheSampleHasEveryField()
    {
        const Run r = cli({QStringLiteral("info"), QString::fromStdString(kSample.string()), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        for (const char *key : {"format", "tracks", "slices", "instants", "counter_samples", "flows", "start_ns",
                                "end_ns", "processes", "diagnostics"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        QCOMPARE(o.value(QStringLiteral("format")).toString(), QStringLiteral("chrome-json"));
        // The numbers are those of the in-process load.
        accelscope::importers::ImportContext ctx;
        auto loaded = accelscope::importers::loadTrace({kSample}, ctx);
        QVERIFY(loaded.ok());
        const auto &t = *loaded.value().trace;
        QCOMPARE(o.value(QStringLiteral("slices")).toDouble(), double(t.sliceCount()));
        QCOMPARE(o.value(QStringLiteral("flows")).toDouble(), double(t.flows().size()));
        QCOMPARE(o.value(QStringLiteral("counter_samples")).toDouble(), double(t.counterSampleCount()));
        QCOMPARE(o.value(QStringLiteral("start_ns")).toDouble(), double(t.startNs()));
        const QJsonArray procs = o.value(QStringLiteral("processes")).toArray();
        QCOMPARE(procs.size(), qsizetype(t.processOrder().size()));
        QCOMPARE(procs.first().toObject().value(QStringLiteral("rank")).toInt(), 0);
        QCOMPARE(procs.last().toObject().value(QStringLiteral("rank")).toInt(), 1);
        QVERIFY(procs.first().toObject().value(QStringLiteral("name")).toString().startsWith(QStringLiteral("Rank 0")));
    }

    void nothingLoadableExitsWithTwo_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("garbage") << QByteArray("\x01\x02 not a trace");
    }
    void nothingLoadableExitsWithTwo()
    {
        QFETCH(QByteArray, content);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        const Run r = cli({QStringLiteral("info"), path, QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("broken.json"), r.err.constData());
        QCOMPARE(cli({QStringLiteral("info"), QStringLiteral("/does/not/exist")}).exitCode, 2);
    }

    void helpAndUsage()
    {
        const Run r = cli({QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("info"));
        QCOMPARE(cli({}).exitCode, 1);
    }

    void generatorReproducesTheBundledSample()
    {
        QTemporaryDir dir;
        const Run r = cli({QStringLiteral("generate"), QStringLiteral("-o"), dir.path(), QStringLiteral("--ranks"),
                           QStringLiteral("2"), QStringLiteral("--steps"), QStringLiteral("10")});
        QCOMPARE(r.exitCode, 0);
        for (const char *name : {"rank0.trace.json.gz", "rank1.trace.json.gz"}) {
            const std::string made = gunzipFile(fs::path(dir.path().toStdString()) / name);
            const std::string shipped = gunzipFile(kSample / name);
            QVERIFY(!made.empty());
            QVERIFY2(made == shipped, name);
        }
    }

    // export: csv / xlsx / chrome-json through the same writers as the GUI
    void exportCsvXlsxAndChromeJson()
    {
        QTemporaryDir dir;
        const QString sample = QString::fromStdString(kSample.string());
        Run r = cli({"export", sample, "--to", "csv", "-o", dir.filePath("csv"), "--tables", "kernels,temporal"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(QFile::exists(dir.filePath("csv/kernels.csv")));
        QVERIFY(QFile::exists(dir.filePath("csv/temporal.csv")));
        // one table and a .csv path: that one file, the same text as analyze --csv
        r = cli({"export", sample, "--to", "csv", "-o", dir.filePath("k.csv"), "--tables", "kernels", "--rank", "1",
                 "--range", "1000000:30000000"});
        QCOMPARE(r.exitCode, 0);
        const Run a = cli({"analyze", "kernels", sample, "--csv", "--rank", "1", "--range", "1000000:30000000"});
        QCOMPARE(a.exitCode, 0);
        QFile k(dir.filePath("k.csv"));
        QVERIFY(k.open(QIODevice::ReadOnly));
        QCOMPARE(k.readAll(), a.out);
        r = cli({"export", sample, "--to", "xlsx", "-o", dir.filePath("r.xlsx")});
        QCOMPARE(r.exitCode, 0);
        QFile x(dir.filePath("r.xlsx"));
        QVERIFY(x.open(QIODevice::ReadOnly));
        QCOMPARE(x.read(2), QByteArray("PK"));
        r = cli({"export", sample, "--to", "chrome-json", "-o", dir.filePath("t.json"), "--rank", "0"});
        QCOMPARE(r.exitCode, 0);
        // only rank 0's tracks: the re-imported trace has exactly rank 0's slices
        accelscope::importers::ImportContext ictx;
        auto whole = accelscope::importers::loadTrace({kSample}, ictx);
        auto part = accelscope::importers::loadTrace({fs::path(dir.filePath("t.json").toStdString())}, ictx);
        QVERIFY(whole.ok() && part.ok());
        std::uint64_t rank0 = 0;
        for (const auto &tr : whole.value().trace->tracks())
            if (whole.value().trace->process(tr.process).rank == 0)
                rank0 += tr.slices.size();
        QVERIFY(rank0 > 0 && rank0 < whole.value().trace->sliceCount());
        QCOMPARE(part.value().trace->sliceCount(), rank0);
        // generated counter series
        r = cli({"export", sample, "--to", "chrome-json", "-o", dir.filePath("c.json"), "--counters", "queue-length,memcpy-bw"});
        QCOMPARE(r.exitCode, 0);
        auto withCounters = accelscope::importers::loadTrace({fs::path(dir.filePath("c.json").toStdString())}, ictx);
        QVERIFY(withCounters.ok());
        QVERIFY(withCounters.value().trace->counterSampleCount() > whole.value().trace->counterSampleCount());
        QCOMPARE(cli({"export", sample, "--to", "chrome-json", "-o", dir.filePath("x.json"), "--counters", "bogus"}).exitCode, 1);
    }

    void exportErrors()
    {
        QTemporaryDir dir;
        const QString sample = QString::fromStdString(kSample.string());
        Run r = cli({"export", sample, "--to", "csv", "-o", dir.filePath("c"), "--tables", "kernels,bogus"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains("bogus"));
        r = cli({"export", sample, "--to", "pdf", "-o", dir.filePath("x")});
        QCOMPARE(r.exitCode, 1);
        r = cli({"export", sample, "--to", "xlsx", "-o", dir.filePath("c"), "--range", "5:1"});
        QCOMPARE(r.exitCode, 1);
        const QString bad = dir.filePath("no-such-dir/r.xlsx");
        r = cli({"export", sample, "--to", "xlsx", "-o", bad});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(bad.toUtf8()), r.err.constData());
        QVERIFY(QDir(dir.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).isEmpty());
        r = cli({"export", sample, "--list-tables"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("launch-summary"));
    }
};

QTEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
