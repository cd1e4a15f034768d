// accelscope-cli query: one-shot SQL in every output format, several statements, statements
// from a file and from standard input with dot commands, errors with their position and exit
// codes; export --to sqlite.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Run {
    int exitCode = -1;
    QString out, err;
};

Run cli(const QStringList &args, const QByteArray &input = {})
{
    QProcess p;
    p.start(QStringLiteral(ACCELSCOPE_CLI), args);
    p.waitForStarted();
    if (!input.isEmpty())
        p.write(input);
    p.closeWriteChannel();
    p.waitForFinished(120000);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

const QString kSample = QStringLiteral(ACCELSCOPE_SOURCE_DIR "/resources/sample");

} // namespace

class TstCliQuery : public QObject {
    Q_OBJECT
private slots:
    void groupByInEveryFormat()
    {
        const QString sql = QStringLiteral("SELECT name, COUNT(*) AS n FROM slice WHERE name = 'cudaStreamSynchronize' GROUP BY name");
        const Run csv = cli({QStringLiteral("query"), kSample, sql, QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(csv.exitCode, 0);
        QCOMPARE(csv.out, QStringLiteral("name,n\ncudaStreamSynchronize,20\n"));
        const Run json = cli({QStringLiteral("query"), kSample, sql, QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(json.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(json.out.toUtf8()).object();
        QCOMPARE(o[QStringLiteral("columns")].toArray().size(), 2);
        QCOMPARE(o[QStringLiteral("rows")].toArray()[0].toArray()[1].toInt(), 20);
        const Run table = cli({QStringLiteral("query"), kSample, sql});
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.out.contains(QStringLiteral("cudaStreamSynchronize")));
        QVERIFY(table.out.contains(QStringLiteral("(1 row)")));
    }

    void statementsFromAFileAndFromStandardInput()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("q.sql"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("-- two statements\nSELECT COUNT(*) FROM process;\nSELECT COUNT(*)\n  FROM track WHERE type = 'stream';\n");
        f.close();
        const Run r = cli({QStringLiteral("query"), kSample, QStringLiteral("-f"), file, QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 4); // two headers, two values
        // Standard input: dot commands, a statement over two lines, a format switch
        const Run in = cli({QStringLiteral("query"), kSample},
                           ".tables analysis_kern\n.schema flow\n.format csv\nSELECT COUNT(*)\n FROM flow;\n.quit\nSELECT 1;\n");
        QCOMPARE(in.exitCode, 0);
        QVERIFY(in.out.contains(QStringLiteral("analysis_kernels")));
        QVERIFY(in.out.contains(QStringLiteral("slice_out INTEGER")));
        QVERIFY(in.out.contains(QStringLiteral("COUNT(*)\n")));
        QVERIFY(!in.out.contains(QStringLiteral("1\n1\n"))); // nothing after .quit
    }

    void errorsNameTheirPositionAndFail()
    {
        const Run r = cli({QStringLiteral("query"), kSample, QStringLiteral("SELECT 1;\nSELECT nme FROM slice")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains(QStringLiteral("line 2, column 8: no such column: nme")), qPrintable(r.err));
        const Run in = cli({QStringLiteral("query"), kSample}, "SELECT * FROM nowhere;\nSELECT 2;\n");
        QCOMPARE(in.exitCode, 3);
        QVERIFY2(in.err.contains(QStringLiteral("statement at line 1")), qPrintable(in.err));
        QVERIFY(in.out.contains(QStringLiteral("2"))); // the next statement still ran
        const Run unfinished = cli({QStringLiteral("query"), kSample}, "SELECT 1\n");
        QCOMPARE(unfinished.exitCode, 3);
        QVERIFY(unfinished.err.contains(QStringLiteral("incomplete statement")));
        const Run badFormat = cli({QStringLiteral("query"), kSample, QStringLiteral("SELECT 1"), QStringLiteral("--format"), QStringLiteral("xml")});
        QCOMPARE(badFormat.exitCode, 1);
        const Run missing = cli({QStringLiteral("query"), QStringLiteral("/nonexistent/trace.json"), QStringLiteral("SELECT 1")});
        QVERIFY(missing.exitCode != 0);
    }

    void analysisNotesGoToStandardError()
    {
        const Run r = cli({QStringLiteral("query"), kSample, QStringLiteral("SELECT COUNT(*) FROM analysis_aiu_summary"), QStringLiteral("--format"), QStringLiteral("csv")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, QStringLiteral("COUNT(*)\n0\n"));
        QVERIFY(r.err.contains(QStringLiteral("note: analysis_aiu_summary: not an IBM AIU trace")));
    }

    void exportToSqliteWritesTheSchema()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("t.sqlite"));
        const Run r = cli({QStringLiteral("export"), kSample, QStringLiteral("--to"), QStringLiteral("sqlite"), QStringLiteral("-o"), out,
                           QStringLiteral("--tables"), QStringLiteral("slice,track,analysis_kernels")});
        QCOMPARE(r.exitCode, 0);
        // The file answers the same query as the trace
        const Run fromTrace = cli({QStringLiteral("query"), kSample, QStringLiteral("SELECT COUNT(*), SUM(dur) FROM slice"), QStringLiteral("--format"), QStringLiteral("csv")});
        QProcess sqlite;
        sqlite.start(QStringLiteral("python3"), {QStringLiteral("-c"), QStringLiteral("import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); "
                                                                                      "print('COUNT(*),SUM(dur)'); print(*c.execute('SELECT COUNT(*), SUM(dur) FROM slice').fetchone(), sep=',')"),
                                                 out});
        QVERIFY(sqlite.waitForFinished(60000));
        QCOMPARE(QString::fromUtf8(sqlite.readAllStandardOutput()), fromTrace.out);
        const Run bad = cli({QStringLiteral("export"), kSample, QStringLiteral("--to"), QStringLiteral("sqlite"), QStringLiteral("-o"), out,
                             QStringLiteral("--range"), QStringLiteral("0:100")});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY(bad.err.contains(QStringLiteral("do not apply")));
    }
};

QTEST_GUILESS_MAIN(TstCliQuery)
#include "tst_cliquery.moc"
