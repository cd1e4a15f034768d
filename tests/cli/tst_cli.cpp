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

#include <algorithm>
#include <cmath>
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
        // --help lists every command, not only the options
        for (const char *command : {"  analyze NAME", "  export INPUT", "  compare BASELINE", "  generate -o"})
            QVERIFY2(r.out.contains(command), command);
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
        // the critical path overlay: marked slices and critical_path flows; an empty path says why
        r = cli({"export", sample, "--to", "chrome-json", "-o", dir.filePath("cp.json"), "--overlay", "critical-path", "--rank", "0"});
        QCOMPARE(r.exitCode, 0);
        QFile cp(dir.filePath("cp.json"));
        QVERIFY(cp.open(QIODevice::ReadOnly));
        const QByteArray cpText = cp.readAll();
        QVERIFY(cpText.contains("\"critical\":1") && cpText.contains("\"cat\":\"critical_path\""));
        r = cli({"export", sample, "--to", "chrome-json", "-o", dir.filePath("none.json"), "--overlay", "critical-path", "--annotation",
                 "NoSuchAnnotation"});
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.err.contains("no critical path"), r.err.constData());
        QVERIFY(!QFile::exists(dir.filePath("none.json")));
        QCOMPARE(cli({"export", sample, "--to", "csv", "-o", dir.filePath("o"), "--overlay", "critical-path"}).exitCode, 1);
    }

    void compareCommand()
    {
        QTemporaryDir dir;
        const QString sample = QString::fromStdString(kSample.string());
        // a run against itself: the kernels table, nothing changed
        Run r = cli({"compare", sample, "--", sample});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("flash_fwd_kernel"), r.out.constData());
        QVERIFY2(r.out.contains("note: 0 of ") && r.out.contains("changed significantly"), r.out.constData());
        r = cli({"compare", "--analysis", "steps", "--steps", "median", "--format", "csv", sample, "--", sample});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith("metric") || r.out.contains(",metric,") || r.out.contains("metric,"));
        // XLSX: the candidate's overview, then a sheet per comparison, the chosen one first
        r = cli({"compare", "--format", "xlsx", "-o", dir.filePath("c.xlsx"), "--analysis", "steps", sample, "--", sample});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QProcess py;
        py.start(QStringLiteral("python3"),
                 {QStringLiteral("-c"),
                  QStringLiteral("import re,sys,zipfile; w=zipfile.ZipFile(sys.argv[1]).read('xl/workbook.xml').decode();"
                                 "print('|'.join(re.findall(r'<sheet name=\"([^\"]*)\"', w)))"),
                  dir.filePath("c.xlsx")});
        QVERIFY(py.waitForFinished(30000));
        const QString sheets = QString::fromUtf8(py.readAllStandardOutput()).trimmed();
        QVERIFY2(sheets.startsWith(QStringLiteral("Overview|Step comparison|Kernel comparison|Kernel type comparison|")), qPrintable(sheets));
        // errors: xlsx without -o, no '--', an unknown comparison, a missing input
        QCOMPARE(cli({"compare", "--format", "xlsx", sample, "--", sample}).exitCode, 1);
        QCOMPARE(cli({"compare", sample}).exitCode, 1);
        QCOMPARE(cli({"compare", "--analysis", "bogus", sample, "--", sample}).exitCode, 1);
        QCOMPARE(cli({"compare", sample, "--", dir.filePath("missing.json")}).exitCode, 2);
        QVERIFY(!QFile::exists(dir.filePath("missing.xlsx")));
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

    void aiuFilesGivenSeparatelyMatchAcelyzer()
    {
        // acelyzer's reference run (cmd.txt) names the four AIU files one by one; so does this
        // command. They load as one run: one input, clocks aligned, the collectives' flows, and
        // acelyzer's summary and active tables.
        const fs::path aiu = fs::path(ACCELSCOPE_SHARED_DATA) / "aiu";
        const fs::path ref = aiu / "acelyzer_reference/allreduce_tp4_split/flow-default";
        QStringList files;
        for (int r = 0; r < 4; ++r)
            files << QString::fromStdString((aiu / "derived" / ("allreduce_tp4_rank" + std::to_string(r) + ".json")).string());
        const QStringList flags = {QStringLiteral("--flow"), QStringLiteral("--acelyzer-compat")};

        const Run info = cli(QStringList{QStringLiteral("info")} + files + flags + QStringList{QStringLiteral("--json")});
        QCOMPARE(info.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(info.out).object();
        QCOMPARE(o.value(QStringLiteral("format")).toString(), QStringLiteral("aiu"));
        QCOMPARE(o.value(QStringLiteral("inputs")).toArray().size(), 1);
        QCOMPARE(o.value(QStringLiteral("flows")).toInt(), 6); // acelyzer's output: 6 flow starts, 6 ends
        QCOMPARE(o.value(QStringLiteral("slices")).toInt(), 21);

        // acelyzer's tables are tab-separated with padded cells; ours are CSV. Rows keyed by pid
        // (and kernel name), every number compared to its printed precision.
        const auto cells = [](const std::string &line, char sep) {
            std::vector<std::string> out;
            std::string cell;
            std::istringstream in(line);
            while (std::getline(in, cell, sep)) {
                const auto b = cell.find_first_not_of(" \t"), e = cell.find_last_not_of(" \t");
                out.push_back(b == std::string::npos ? std::string() : cell.substr(b, e - b + 1));
            }
            return out;
        };
        const auto table = [&](const QByteArray &csv) {
            std::vector<std::vector<std::string>> rows;
            std::istringstream in(csv.toStdString());
            std::string line;
            std::getline(in, line); // header
            while (std::getline(in, line))
                if (!line.empty())
                    rows.push_back(cells(line, ','));
            return rows;
        };
        const auto reference = [&](const fs::path &p) {
            std::vector<std::vector<std::string>> rows;
            std::ifstream in(p);
            std::string line;
            std::getline(in, line);
            while (std::getline(in, line))
                if (!line.empty())
                    rows.push_back(cells(line, '\t'));
            return rows;
        };
        const auto near = [](const std::string &a, const std::string &b) {
            return std::abs(std::stod(a) - std::stod(b)) <= 0.0011;
        };

        const Run summary = cli(QStringList{QStringLiteral("analyze"), QStringLiteral("aiu-summary")} + files + flags
                                + QStringList{QStringLiteral("--csv")});
        QCOMPARE(summary.exitCode, 0);
        // ours: rank,pid,name,time_pct,calls,total,mean,median,min,max,stdev
        // acelyzer: Time, Total Time, Calls, Mean, Median, Min, Max, StDev, pid, Name
        const auto ours = table(summary.out), want = reference(ref / "processed_trace_summary.csv");
        QCOMPARE(ours.size(), want.size());
        for (const auto &w : want) {
            QCOMPARE(w.size(), std::size_t(10));
            const auto it = std::find_if(ours.begin(), ours.end(), [&](const auto &r) { return r.size() == 11 && r[1] == w[8] && r[2] == w[9]; });
            QVERIFY2(it != ours.end(), ("no summary row for pid " + w[8] + " " + w[9]).c_str());
            const std::size_t oursColumn[8] = {3, 5, 4, 6, 7, 8, 9, 10};
            for (std::size_t k = 0; k < 8; ++k)
                QVERIFY2(near((*it)[oursColumn[k]], w[k]), ("pid " + w[8] + " " + w[9] + " column " + std::to_string(k) + ": "
                                                            + (*it)[oursColumn[k]] + " vs acelyzer " + w[k]).c_str());
        }

        const Run active = cli(QStringList{QStringLiteral("analyze"), QStringLiteral("aiu-active")} + files + flags
                               + QStringList{QStringLiteral("--csv")});
        QCOMPARE(active.exitCode, 0);
        // ours: rank,pid,kernel,elapsed,start,end,active_pct; acelyzer: kernel, elapsed, start, end, active %, pid
        const auto oursActive = table(active.out), wantActive = reference(ref / "processed_trace_active.csv");
        QCOMPARE(oursActive.size(), wantActive.size());
        for (const auto &w : wantActive) {
            QCOMPARE(w.size(), std::size_t(6));
            const auto it = std::find_if(oursActive.begin(), oursActive.end(), [&](const auto &r) { return r.size() == 7 && r[1] == w[5]; });
            QVERIFY2(it != oursActive.end(), ("no active row for pid " + w[5]).c_str());
            for (int k = 0; k < 5; ++k)
                QVERIFY2(near((*it)[static_cast<std::size_t>(k + 2)], w[static_cast<std::size_t>(k)]),
                         ("pid " + w[5] + " column " + std::to_string(k)).c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TstCli)
#include "tst_cli.moc"
