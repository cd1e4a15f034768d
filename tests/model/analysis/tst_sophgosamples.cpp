// Sophgo engine numbers on real and generated dumps read by the Sophgo importer:
// * the three shared tpu-mlir dumps against tpu-mlir's own reading (tpu_mlir_reference/<set>/
//   summary.json): the web summary table to its printed precision, per-engine record counts and
//   Asic cycle sums;
// * dumps of ../shared/tools/gen_sophgo_dump.py against its expected.json (bigTpuProfile's
//   summary.txt rows, the CDMA aggregate, per-engine slices and busy time) within 0.1 %.
// Skipped when this build has no Sophgo importer, the shared data or python3.
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "model/analysis/sophgo/sophgoengines.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <filesystem>

using namespace accelscope;
using namespace accelscope::model;
using namespace accelscope::model::analysis;
using namespace testsupport;
namespace fs = std::filesystem;

namespace {

const fs::path kSophgo = fs::path(ACCELSCOPE_SHARED_DATA) / "sophgo";

bool haveImporter() { return importers::createImporter("sophgo") != nullptr; }

std::shared_ptr<AnalysisContext> load(const fs::path &p, std::string &error)
{
    importers::ImportContext ictx;
    auto r = importers::loadTrace({p}, ictx);
    if (!r.ok()) {
        error = r.canceled() ? std::string("canceled") : r.error().message;
        return nullptr;
    }
    return std::make_shared<AnalysisContext>(r.value().trace);
}

QJsonObject readJson(const fs::path &p)
{
    QFile f(QString::fromStdString(p.string()));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

int summaryRow(const Table &t, const std::string &core)
{
    const Column *c = t.column("core"), *mhz = t.column("tiu_mhz");
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        if (c->texts[r] == core && mhz && !mhz->isNull(r))
            return int(r);
    return -1;
}

int engineRow(const Table &t, int core, const std::string &engine)
{
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        if (t.column("core")->ints[r] == core && t.column("engine")->texts[r] == engine)
            return int(r);
    return -1;
}

/// tpu-mlir's printing: Decimal(x).quantize(0.00) (the binary value rounded half-even).
QString two(double v) { return QString::number(v, 'f', 2); }

/// |a - b| <= 0.1 % of the larger (or 1e-9 for zeros); NaN counts as 0 (the tools print 0.00).
bool within(double a, double b)
{
    if (std::isnan(a))
        a = 0;
    if (std::isnan(b))
        b = 0;
    return std::abs(a - b) <= std::max(1e-9, 1e-3 * std::max(std::abs(a), std::abs(b)));
}

} // namespace

class TestSophgoSamples : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        if (!haveImporter())
            QSKIP("this build has no Sophgo importer");
    }

    void webSummaryOfTheSharedDumps_data()
    {
        QTest::addColumn<QString>("set");
        QTest::newRow("bm1690") << QStringLiteral("cdm_profile_data_dev0_bm1690");
        QTest::newRow("bm1688") << QStringLiteral("bmprofile_data-1_bm1688");
    }
    void webSummaryOfTheSharedDumps()
    {
        QFETCH(QString, set);
        const fs::path dump = kSophgo / set.toStdString();
        const QJsonObject ref = readJson(kSophgo / "tpu_mlir_reference" / set.toStdString() / "summary.json");
        if (!fs::exists(dump) || ref.isEmpty())
            QSKIP("shared Sophgo samples not present");
        std::string error;
        const auto ctx = load(dump, error);
        QVERIFY2(ctx, error.c_str());
        const Table t = engineCoreSummary(*ctx, {});
        const QJsonObject web = ref["tpu_mlir_web_summary"].toObject();
        const QJsonArray header = web["header"].toArray();
        int compared = 0;
        for (const QJsonValue &rowValue : web["rows"].toArray()) {
            const QJsonArray row = rowValue.toArray();
            const std::string core = row[0].toString().toStdString();
            const int r = summaryRow(t, core);
            QVERIFY2(r >= 0, core.c_str());
            const bool overall = core == "Overall";
            for (int c = 1; c < header.size(); ++c) {
                const QString h = header[c].toString();
                const QJsonValue want = row[c];
                QString got;
                // cycle columns: cycles per core, time (cycles / clock) on Overall
                auto cycles = [&](const char *column, const char *clock) {
                    return overall ? two(num(t, std::size_t(r), column) / num(t, std::size_t(r), clock)) + QStringLiteral("us")
                                   : QString::number(num(t, std::size_t(r), column), 'f', 0);
                };
                // bandwidth: the tools print 0 (a number) when no cycle qualifies, else "x.xx"
                auto bandwidth = [&](const char *column) {
                    const double v = num(t, std::size_t(r), column);
                    return want.isDouble() && want.toDouble() == 0 && std::isnan(v) ? QStringLiteral("0") : two(v);
                };
                if (h == QLatin1String("Parallelism(%)"))
                    got = two(num(t, std::size_t(r), "parallelism_pct")) + QLatin1Char('%');
                else if (h == QLatin1String("totalTime(us)"))
                    got = QString::number(num(t, std::size_t(r), "total_time_ns") / 1000.0, 'g', 12);
                else if (h == QLatin1String("TiuWorkingRatio"))
                    got = two(num(t, std::size_t(r), "compute_ratio_pct")) + QLatin1Char('%');
                else if (h == QLatin1String("totalTiuCycle"))
                    got = cycles("tiu_cycles", "tiu_mhz");
                else if (h == QLatin1String("totalGdmaCycle"))
                    got = cycles("gdma_cycles", "dma_mhz");
                else if (h == QLatin1String("totalSdmaCycle"))
                    got = cycles("sdma_cycles", "dma_mhz");
                else if (h == QLatin1String("GdmaDdrAvgBandwidth(GB/s)"))
                    got = bandwidth("gdma_ddr_bw_gbps");
                else if (h == QLatin1String("GdmaL2AvgBandwidth(GB/s)"))
                    got = bandwidth("gdma_l2_bw_gbps");
                else if (h == QLatin1String("SdmaDdrAvgBandwidth(GB/s)"))
                    got = bandwidth("sdma_ddr_bw_gbps");
                else
                    continue; // uArchURate (chip cost model), burst lengths (not in the PMU model)
                const QString expected = want.isString() ? want.toString() : QString::number(want.toDouble(), 'g', 12);
                QVERIFY2(got == expected, qPrintable(QStringLiteral("%1 %2 %3: %4, tpu-mlir %5")
                                                         .arg(set, QString::fromStdString(core), h, got, expected)));
                ++compared;
            }
        }
        QVERIFY(compared >= 16);
    }

    void perEngineTotalsOfTheSharedDumps_data()
    {
        QTest::addColumn<QString>("set");
        QTest::newRow("bm1690") << QStringLiteral("cdm_profile_data_dev0_bm1690");
        QTest::newRow("bm1688") << QStringLiteral("bmprofile_data-1_bm1688");
        QTest::newRow("bm1684x") << QStringLiteral("bmprofile_data-1_bm1684x");
    }
    void perEngineTotalsOfTheSharedDumps()
    {
        QFETCH(QString, set);
        const fs::path dump = kSophgo / set.toStdString();
        const QJsonObject ref = readJson(kSophgo / "tpu_mlir_reference" / set.toStdString() / "summary.json");
        if (!fs::exists(dump) || ref.isEmpty())
            QSKIP("shared Sophgo samples not present");
        std::string error;
        const auto ctx = load(dump, error);
        QVERIFY2(ctx, error.c_str());
        const Table e = engineUtilization(*ctx, {});
        const Table commands = engineCommands(*ctx, {});
        const QJsonObject per = ref["per_core_engine"].toObject();
        QVERIFY(!per.isEmpty());
        for (auto it = per.begin(); it != per.end(); ++it) {
            // "core0.TIU"
            const QString key = it.key();
            const int core = key.mid(4, key.indexOf(QLatin1Char('.')) - 4).toInt();
            const std::string engine = key.mid(key.indexOf(QLatin1Char('.')) + 1).toStdString();
            const QJsonObject want = it.value().toObject();
            const int r = engineRow(e, core, engine);
            QVERIFY2(r >= 0, qPrintable(key));
            QCOMPARE(cell(e, std::size_t(r), "slices"), std::to_string(want["count"].toInt()));
            QCOMPARE(cell(e, std::size_t(r), "asic_cycles"), std::to_string(qint64(want["sum_asic_cycle"].toDouble())));
            if (want.contains("sum_dma_bytes")) {
                // every record's DMA data size, system records included (the engine-commands list)
                double bytes = 0;
                for (std::size_t k = 0; k < commands.rowCount(); ++k)
                    if (commands.column("core")->ints[k] == core && commands.column("engine")->texts[k] == engine
                        && !commands.column("bytes")->isNull(k))
                        bytes += double(commands.column("bytes")->ints[k]);
                QCOMPARE(qint64(bytes), qint64(want["sum_dma_bytes"].toDouble()));
            }
        }
    }

    void bm1684xLayerSummaryIsTpuMlirsSummaryCsv()
    {
        const fs::path dump = kSophgo / "bmprofile_data-1_bm1684x";
        const QJsonObject ref = readJson(kSophgo / "tpu_mlir_reference" / "bmprofile_data-1_bm1684x" / "summary.json");
        if (!fs::exists(dump) || ref.isEmpty())
            QSKIP("shared Sophgo samples not present");
        std::string error;
        const auto ctx = load(dump, error);
        QVERIFY2(ctx, error.c_str());
        const Table t = engineLayerSummary(*ctx, {});
        QCOMPARE(t.rowCount(), std::size_t(1));
        // summary.csv: header row, one row per layer type, Overall last
        const QJsonArray csv = ref["tpu_mlir_summary_csv"].toArray();
        const QJsonArray header = csv.first().toArray(), overall = csv.last().toArray();
        QCOMPARE(overall.first().toString(), QStringLiteral("Overall"));
        auto field = [&](const char *name) {
            for (int i = 0; i < header.size(); ++i)
                if (header[i].toString() == QLatin1String(name))
                    return overall[i].toString();
            return QString();
        };
        QCOMPARE(QString::number(num(t, 0, "total_time_ns") / 1000.0, 'f', 3), field("totalTime(us)"));
        QCOMPARE(QString::number(num(t, 0, "tiu_cycles"), 'f', 0), field("tiuCycles"));
        QCOMPARE(QString::number(num(t, 0, "gdma_cycles"), 'f', 0), field("gdmaCycles"));
        QCOMPARE(QString::number(num(t, 0, "parallelism_pct"), 'f', 3) + QLatin1Char('%'), field("Parallelism"));
        QCOMPARE(QString::number(num(t, 0, "concurrency_pct"), 'f', 3) + QLatin1Char('%'), field("Concurrency"));
        QVERIFY(std::abs(num(t, 0, "fps") - field("1684x FPS or Token/s").toDouble()) < 1e-6);
    }

    void generatorDumpsMatchExpectedJson_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("AKS 2 cores, DYN_DATA, 20% sys")
            << QStringList{"--chip", "AKS", "--cores", "2", "--records", "40", "--dyn-data", "--sys-ratio", "0.2", "--seed", "3"};
        QTest::newRow("AKSV 4 cores, jitter, cycle wrap, id restarts")
            << QStringList{"--chip", "AKSV", "--cores", "4", "--records", "60", "--jitter", "7", "--cycle-wrap",
                           "--id-resets", "2", "--seed", "5"};
        QTest::newRow("AKS 2 cores, 16-bit id wrap, block order")
            << QStringList{"--chip", "AKS", "--cores", "2", "--records", "66000", "--id-wrap", "--block-order",
                           "sdma,dyn,tiu,gdma", "--seed", "9"};
        QTest::newRow("AKS 8 cores, CDMA ports 2 and 5, DYN_DATA")
            << QStringList{"--chip", "AKS", "--cores", "8", "--records", "30", "--cdma-ports", "2,5", "--dyn-data",
                           "--sys-ratio", "0.1", "--seed", "7"};
        QTest::newRow("AKS 1 core (parallelism TIU + GDMA)")
            << QStringList{"--chip", "AKS", "--cores", "1", "--records", "25", "--dyn-data", "--sys-ratio", "0.3", "--seed", "11"};
    }
    void generatorDumpsMatchExpectedJson()
    {
        QFETCH(QStringList, args);
        const QString gen = QStringLiteral(ACCELSCOPE_SHARED_DATA "/../tools/gen_sophgo_dump.py");
        if (!QFile::exists(gen))
            QSKIP("../shared/tools/gen_sophgo_dump.py not present");
        QTemporaryDir dir;
        QProcess p;
        p.start(QStringLiteral("python3"), QStringList{gen} + args + QStringList{"--out", dir.path()});
        if (!p.waitForStarted(30000))
            QSKIP("python3 is needed to run the generator");
        QVERIFY2(p.waitForFinished(300000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                 qPrintable(QStringLiteral("gen_sophgo_dump.py: ") + QString::fromLocal8Bit(p.readAllStandardError())));
        const QJsonObject expected = readJson(fs::path(dir.path().toStdString()) / "expected.json");
        const QJsonObject res = expected["results"].toObject();
        const fs::path dump = fs::path(dir.path().toStdString()) / expected["meta"].toObject()["dump_dir"].toString().toStdString();
        std::string error;
        const auto ctx = load(dump, error);
        QVERIFY2(ctx, error.c_str());
        const Table s = engineCoreSummaryBigTpu(*ctx, {});
        const Table e = engineUtilization(*ctx, {});
        auto check = [&](const Table &t, int r, const char *column, double want, const QString &what) {
            const double got = num(t, std::size_t(r), column);
            QVERIFY2(within(got, want), qPrintable(QStringLiteral("%1 %2: %3, expected %4").arg(what, QLatin1String(column)).arg(got, 0, 'g', 12).arg(want, 0, 'g', 12)));
        };
        const double total = res["total_time_ns"].toDouble();
        for (const QJsonValue &cv : res["cores"].toArray()) {
            const QJsonObject c = cv.toObject();
            const int core = c["core"].toInt();
            const QString what = QStringLiteral("core %1").arg(core);
            const int r = summaryRow(s, std::to_string(core));
            QVERIFY2(r >= 0, qPrintable(what));
            const QJsonObject m = c["summary"].toObject();
            check(s, r, "total_time_ns", total, what);
            check(s, r, "tiu_cycles", m["tiu_cycle"].toDouble(), what);
            check(s, r, "gdma_cycles", m["gdma_working_cycle"].toDouble(), what);
            check(s, r, "sdma_cycles", m["sdma_working_cycle"].toDouble(), what);
            check(s, r, "parallelism_pct", m["parallelism_pct"].toDouble(), what);
            check(s, r, "compute_ratio_pct", m["tiu_working_ratio_pct"].toDouble(), what);
            check(s, r, "gdma_ddr_bw_gbps", m["gdma_ddr_avg_bw_GBps"].toDouble(), what);
            check(s, r, "gdma_l2_bw_gbps", m["gdma_l2_avg_bw_GBps"].toDouble(), what);
            check(s, r, "sdma_ddr_bw_gbps", m["sdma_ddr_avg_bw_GBps"].toDouble(), what);
            check(s, r, "gdma_ddr_bytes", m["gdma_ddr_bytes"].toDouble(), what);
            check(s, r, "sdma_ddr_bytes", m["sdma_ddr_bytes"].toDouble(), what);
            check(s, r, "tiu_dma_overlap_ns", c["tiu_dma_overlap_ns"].toDouble(), what);
            check(s, r, "busy_any_ns", c["busy_any_ns"].toDouble(), what);
            check(s, r, "busy_dma_ns", c["busy_dma_ns"].toDouble(), what);
            for (const char *engine : {"tiu", "gdma", "sdma"}) {
                const QJsonObject x = c[QLatin1String(engine)].toObject();
                if (x.isEmpty() || x["slices"].toInt() == 0)
                    continue;
                const int er = engineRow(e, core, QString::fromLatin1(engine).toUpper().toStdString());
                QVERIFY2(er >= 0, qPrintable(what + QLatin1Char(' ') + QLatin1String(engine)));
                check(e, er, "slices", x["slices"].toDouble(), what + QLatin1Char(' ') + QLatin1String(engine));
                check(e, er, "busy_ns", x["busy_ns"].toDouble(), what + QLatin1Char(' ') + QLatin1String(engine));
                check(e, er, "asic_cycles", x["asic_cycles"].toDouble(), what + QLatin1Char(' ') + QLatin1String(engine));
            }
        }
        const QJsonObject summary = res["summary"].toObject();
        const QJsonObject o = summary["overall"].toObject();
        const int r = summaryRow(s, "Overall");
        QVERIFY(r >= 0);
        check(s, r, "tiu_cycles", o["tiu_cycle_max"].toDouble(), QStringLiteral("Overall"));
        check(s, r, "gdma_cycles", o["gdma_working_cycle_max"].toDouble(), QStringLiteral("Overall"));
        check(s, r, "sdma_cycles", o["sdma_working_cycle_max"].toDouble(), QStringLiteral("Overall"));
        check(s, r, "parallelism_pct", o["parallelism_pct"].toDouble(), QStringLiteral("Overall"));
        check(s, r, "compute_ratio_pct", o["tiu_working_ratio_pct"].toDouble(), QStringLiteral("Overall"));
        check(s, r, "gdma_ddr_bytes", o["gdma_ddr_bytes"].toDouble(), QStringLiteral("Overall"));
        check(s, r, "gdma_ddr_bw_gbps", o["gdma_ddr_avg_bw_GBps"].toDouble(), QStringLiteral("Overall"));
        check(s, r, "sdma_ddr_bw_gbps", o["sdma_ddr_avg_bw_GBps"].toDouble(), QStringLiteral("Overall"));
        const QJsonObject cdma = summary["cdma_aggregate"].toObject();
        if (!res["cdma_ports"].toArray().isEmpty()) {
            check(s, r, "cdma_cycles", cdma["cdma_working_cycle"].toDouble(), QStringLiteral("CDMA"));
            check(s, r, "cdma_ddr_bytes", cdma["ddr_bytes"].toDouble(), QStringLiteral("CDMA"));
            check(s, r, "cdma_ddr_bw_gbps", cdma["ddr_avg_bw_GBps"].toDouble(), QStringLiteral("CDMA"));
        }
    }
};

QTEST_GUILESS_MAIN(TestSophgoSamples)
#include "tst_sophgosamples.moc"
