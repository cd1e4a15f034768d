// accelscope-cli analyze: prints exactly the in-process Table (CSV byte for byte), honours
// --hta-compat, --range, --rank, --rules, --top, both command forms, and fails cleanly.
// Also: where HTA is right (integer-µs cp_alexnet, no steps), the native numbers equal HTA's.
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "model/analysis/common/calltree.h"
#include "model/analysis/core/tableformat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <sstream>

using namespace accelscope;
using namespace accelscope::model::analysis;
using namespace testsupport;
namespace fs = std::filesystem;

namespace {

const fs::path kKineto = fs::path(ACCELSCOPE_SHARED_DATA) / "kineto";

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

QString sample(const char *name) { return QString::fromStdString((kKineto / (std::string(name) + ".json.gz")).string()); }

std::shared_ptr<AnalysisContext> load(const char *name)
{
    importers::ImportContext ictx;
    auto r = importers::loadTrace({kKineto / (std::string(name) + ".json.gz")}, ictx);
    return r.ok() ? std::make_shared<AnalysisContext>(r.value().trace) : nullptr;
}

} // namespace

class TstAnalyzeCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (!fs::exists(kKineto / "nccl_data.json.gz"))
            QSKIP("../shared/data/kineto not found");
    }

    void csvIsTheInProcessTable_data()
    {
        QTest::addColumn<QString>("analysis");
        QTest::addColumn<bool>("hta");
        for (const char *a : {"kernels", "temporal", "idle", "launch", "queue-length", "categories", "steps", "sequences"}) {
            QTest::newRow((std::string(a) + " native").c_str()) << QString::fromLatin1(a) << false;
            QTest::newRow((std::string(a) + " hta").c_str()) << QString::fromLatin1(a) << true;
        }
    }
    void csvIsTheInProcessTable()
    {
        QFETCH(QString, analysis);
        QFETCH(bool, hta);
        static auto ctx = load("nccl_data");
        QVERIFY(ctx);
        QStringList args{QStringLiteral("analyze"), analysis, sample("nccl_data"), QStringLiteral("--csv")};
        if (hta)
            args << QStringLiteral("--hta-compat");
        const Run r = cli(args);
        QCOMPARE(r.exitCode, 0);
        AnalysisOptions o;
        o.htaCompat = hta;
        const std::string expected = toCsv(runAnalysis(analysis.toStdString(), *ctx, o));
        QCOMPARE(r.out.toStdString(), expected);
    }

    void rangeIsRelativeToTheTraceStart()
    {
        auto ctx = load("cp_alexnet");
        QVERIFY(ctx);
        const Run r = cli({QStringLiteral("analyze"), QStringLiteral("temporal"), sample("cp_alexnet"), QStringLiteral("--range"),
                           QStringLiteral("0:50000000"), QStringLiteral("--csv")});
        QCOMPARE(r.exitCode, 0);
        AnalysisOptions o;
        o.range = std::make_pair(ctx->trace().startNs(), ctx->trace().startNs() + 50000000);
        QCOMPARE(r.out.toStdString(), toCsv(temporalBreakdown(*ctx, o)));
        // an open end runs to the trace end
        const Run all = cli({QStringLiteral("analyze"), QStringLiteral("temporal"), sample("cp_alexnet"), QStringLiteral("--range"),
                             QStringLiteral(":"), QStringLiteral("--csv")});
        QCOMPARE(all.out.toStdString(), toCsv(temporalBreakdown(*ctx, {})));
    }

    void rangeStatsPrintsThePanelsTable()
    {
        // the timeline's "Range statistics" dock is the registered range-stats analysis
        auto ctx = load("cp_alexnet");
        QVERIFY(ctx);
        const Run r = cli({QStringLiteral("analyze"), QStringLiteral("range-stats"), sample("cp_alexnet"),
                           QStringLiteral("--range"), QStringLiteral("1000000:20000000"), QStringLiteral("--csv")});
        QCOMPARE(r.exitCode, 0);
        AnalysisOptions o;
        o.range = std::make_pair(ctx->trace().startNs() + 1000000, ctx->trace().startNs() + 20000000);
        const Table t = rangeStatistics(*ctx, o);
        QVERIFY(t.rowCount() > 0);
        QCOMPARE(r.out.toStdString(), toCsv(t));
        QVERIFY(r.out.startsWith("name,count,total_ns,in_range_ns,self_ns,"));
    }

    void analysisOptionFormAndJsonAgree()
    {
        const Run a = cli({QStringLiteral("analyze"), sample("amd_mi250_minitoy_train"), QStringLiteral("--analysis"),
                           QStringLiteral("kernel-types"), QStringLiteral("--json")});
        const Run b = cli({QStringLiteral("analyze"), QStringLiteral("kernel-types"), sample("amd_mi250_minitoy_train"),
                           QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(a.exitCode, 0);
        QCOMPARE(a.out, b.out);
        const QJsonObject o = QJsonDocument::fromJson(a.out).object();
        QCOMPARE(o.value(QStringLiteral("analysis")).toString(), QStringLiteral("kernel-types"));
        QCOMPARE(o.value(QStringLiteral("columns")).toArray().size(), 3);
        QCOMPARE(o.value(QStringLiteral("rows")).toArray().size(), 2);
    }

    void rankRulesAndTopOptionsReachTheAnalysis()
    {
        QTemporaryDir dir;
        const QString rules = dir.filePath(QStringLiteral("rules.json"));
        QFile f(rules);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"fallback": "rest", "rules": [{"pattern": "^nccl", "category": "collectives"}]})");
        f.close();
        const Run r = cli({QStringLiteral("analyze"), QStringLiteral("categories"), sample("nccl_data"), QStringLiteral("--rules"),
                           rules, QStringLiteral("--csv")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("collectives"));
        QVERIFY(r.out.contains("rest"));
        QVERIFY(!r.out.contains("matmul"));
        const Run top = cli({QStringLiteral("analyze"), QStringLiteral("kernels"), sample("nccl_data"), QStringLiteral("--top"),
                             QStringLiteral("3"), QStringLiteral("--csv")});
        QCOMPARE(top.out.count('\n'), 1 + 4); // header + 3 kernels + others
        const Run rank = cli({QStringLiteral("analyze"), QStringLiteral("temporal"), sample("nccl_data"), QStringLiteral("--rank"),
                              QStringLiteral("5"), QStringLiteral("--csv")});
        QCOMPARE(rank.out.count('\n'), 1); // no rank 5: header only
    }

    void callTreeFoldedOverChosenTracks()
    {
        // The Flame Graph dock over a selected range and selected tracks: the host thread and the
        // GPU's stream 7, chosen by name as a user would select them
        auto ctx = load("cp_alexnet");
        QVERIFY(ctx);
        const model::Trace &trace = ctx->trace();
        AnalysisOptions o;
        o.range = std::make_pair(trace.startNs() + 1000000000, trace.startNs() + 30000000000);
        for (const model::Track &tr : trace.tracks())
            if (trace.trackDisplayName(tr.id) == "stream 7" || trace.processDisplayName(tr.process).find("python") != std::string::npos)
                o.tracks.push_back(tr.id);
        QCOMPARE(o.tracks.size(), std::size_t(2));
        const Table tree = callTree(*ctx, o);
        const std::string expected = foldedStacks(tree);
        QVERIFY(!expected.empty());
        // the weights of a flame graph add up to the in-range time of its roots
        std::int64_t rootTime = 0, weights = 0;
        for (std::size_t r = 0; r < tree.rowCount(); ++r)
            if (tree.column("depth")->ints[r] == 0)
                rootTime += tree.column("total_ns")->ints[r];
        std::istringstream lines(expected);
        for (std::string line; std::getline(lines, line);)
            weights += std::stoll(line.substr(line.rfind(' ') + 1));
        QCOMPARE(weights, rootTime);

        // --track is a substring, --track-regex a regular expression; both case-insensitive, any of them
        const Run r = cli({QStringLiteral("analyze"), QStringLiteral("call-tree"), sample("cp_alexnet"), QStringLiteral("--range"),
                           QStringLiteral("1000000000:30000000000"), QStringLiteral("--track"), QStringLiteral("STREAM 7"),
                           QStringLiteral("--track-regex"), QStringLiteral("^rank 0 . python.* / thread"), QStringLiteral("--format"),
                           QStringLiteral("folded")});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.toStdString(), expected);
        // the same range over every track is another tree (stream 20's kernels join it)
        const Run all = cli({QStringLiteral("analyze"), QStringLiteral("call-tree"), sample("cp_alexnet"), QStringLiteral("--range"),
                             QStringLiteral("1000000000:30000000000"), QStringLiteral("--format"), QStringLiteral("folded")});
        QCOMPARE(all.exitCode, 0);
        QVERIFY(all.out != r.out);
        // range-stats takes the same choice
        const Run stats = cli({QStringLiteral("analyze"), QStringLiteral("range-stats"), sample("cp_alexnet"), QStringLiteral("--range"),
                               QStringLiteral("1000000000:30000000000"), QStringLiteral("--track"), QStringLiteral("STREAM 7"),
                               QStringLiteral("--track-regex"), QStringLiteral("^rank 0 . python.* / thread"), QStringLiteral("--csv")});
        QCOMPARE(stats.exitCode, 0);
        QCOMPARE(stats.out.toStdString(), toCsv(rangeStatistics(*ctx, o)));

        // refusals: no track matches (an empty choice would mean every track), an invalid regular
        // expression, --track or --format folded for an analysis that would ignore them
        const Run none = cli({QStringLiteral("analyze"), QStringLiteral("call-tree"), sample("cp_alexnet"), QStringLiteral("--track"),
                              QStringLiteral("no such track")});
        QCOMPARE(none.exitCode, 1);
        QVERIFY(none.err.contains("GPU 0 / stream 7")); // the tracks are listed
        QCOMPARE(cli({QStringLiteral("analyze"), QStringLiteral("call-tree"), sample("cp_alexnet"), QStringLiteral("--track-regex"),
                      QStringLiteral("(")})
                     .exitCode,
                 1);
        QCOMPARE(cli({QStringLiteral("analyze"), QStringLiteral("kernels"), sample("cp_alexnet"), QStringLiteral("--track"),
                      QStringLiteral("stream")})
                     .exitCode,
                 1);
        QCOMPARE(cli({QStringLiteral("analyze"), QStringLiteral("kernels"), sample("cp_alexnet"), QStringLiteral("--format"),
                      QStringLiteral("folded")})
                     .exitCode,
                 1);
    }

    void errorsAreUsageOrLoadFailures()
    {
        QCOMPARE(cli({QStringLiteral("analyze"), QStringLiteral("nope"), sample("cp_alexnet")}).exitCode, 1);
        QCOMPARE(cli({QStringLiteral("analyze"), QStringLiteral("kernels")}).exitCode, 1);
        QCOMPARE(cli({QStringLiteral("analyze"), QStringLiteral("kernels"), sample("cp_alexnet"), QStringLiteral("--range"),
                      QStringLiteral("x")})
                     .exitCode,
                 1);
        QCOMPARE(cli({QStringLiteral("analyze"), QStringLiteral("kernels"), QStringLiteral("/nonexistent.json")}).exitCode, 2);
        const Run list = cli({QStringLiteral("analyze"), QStringLiteral("--list")});
        QCOMPARE(list.exitCode, 0);
        for (const AnalysisInfo &a : analyses())
            QVERIFY(list.out.contains(QByteArray(a.name.data(), qsizetype(a.name.size()))));
    }

    void nativeNumbersEqualHtaWhereHtaIsRight()
    {
        // cp_alexnet has integer-µs times and no ProfilerStep: HTA's rounding and step filter do
        // nothing, so every kernel's total and the compute time agree exactly (HTA's µs x 1000)
        auto ctx = load("cp_alexnet");
        QVERIFY(ctx);
        const Table k = kernelBreakdown(*ctx, {});
        int compared = 0;
        for (const auto &rec : readCsvRecords((kKineto / "hta_reference/cp_alexnet/kernel_breakdown_all.csv").string())) {
            const int r = findRow(k, {{"name", rec.at("name")}});
            QVERIFY2(r >= 0, rec.at("name").c_str());
            QVERIFY(near(num(k, r, "total_ns"), parseNumber(rec.at("sum (us)")) * 1000, 1e-3));
            QVERIFY(near(num(k, r, "mean_ns"), parseNumber(rec.at("mean (us)")) * 1000, 1e-3));
            QVERIFY(near(num(k, r, "std_ns"), parseNumber(rec.at("stddev")) * 1000, 1e-3));
            ++compared;
        }
        QCOMPARE(compared, 18); // every kernel of HTA's table
        const auto ref = readCsvRecords((kKineto / "hta_reference/cp_alexnet/temporal_breakdown.csv").string()).front();
        const Table t = temporalBreakdown(*ctx, {});
        QCOMPARE(num(t, 0, "compute_ns"), parseNumber(ref.at("compute_time(us)")) * 1000);
        // the idle time differs only by the cuda_sync waits HTA counts as busy (docs/analysis.md)
        QVERIFY(near(num(t, 0, "idle_pct"), parseNumber(ref.at("idle_time_pctg")), 0, 0.01));
    }
};

QTEST_GUILESS_MAIN(TstAnalyzeCli)
#include "tst_analyzecli.moc"
