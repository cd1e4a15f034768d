// Chrome JSON export: re-importing an exported trace gives the same slices, durations, names,
// args, flows and counter samples; a refused write leaves nothing behind.
#include "importers/registry.h"
#include "model/analysis/analyses.h"
#include "model/export/chromejsonwriter.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <fstream>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>

using namespace accelscope;
namespace fs = std::filesystem;

namespace {

model::TracePtr load(const fs::path &p)
{
    importers::ImportContext ctx;
    auto r = importers::loadTrace({p}, ctx);
    return r.ok() ? r.value().trace : nullptr;
}

using SliceKey = std::tuple<model::TimeNs, model::TimeNs, std::string, std::string, std::string>;

std::vector<SliceKey> slices(const model::Trace &t)
{
    std::vector<SliceKey> v;
    for (const auto &tr : t.tracks())
        for (std::size_t i = 0; i < tr.slices.size(); ++i)
            v.emplace_back(tr.slices.start[i], tr.slices.dur[i], std::string(t.str(tr.slices.name[i])),
                           std::string(t.str(tr.slices.cat[i])), std::string(t.args().json(tr.slices.args[i])));
    std::sort(v.begin(), v.end());
    return v;
}

std::vector<std::string> flows(const model::Trace &t)
{
    auto key = [&](model::SliceRef r) {
        const auto &tr = t.track(r.track);
        return std::to_string(tr.slices.start[r.index]) + "/" + std::to_string(tr.slices.dur[r.index]) + "/"
            + std::string(t.str(tr.slices.name[r.index]));
    };
    std::vector<std::string> v;
    for (const auto &f : t.flows())
        v.push_back(key(f.from) + " -> " + key(f.to) + " " + std::string(t.str(f.cat)));
    std::sort(v.begin(), v.end());
    return v;
}

std::vector<std::tuple<std::string, model::TimeNs, double>> counters(const model::Trace &t)
{
    std::vector<std::tuple<std::string, model::TimeNs, double>> v;
    for (const auto &tr : t.tracks())
        for (std::size_t i = 0; i < tr.counter.size(); ++i)
            v.emplace_back(std::string(t.str(tr.name)), tr.counter.ts[i], tr.counter.value[i]);
    std::sort(v.begin(), v.end());
    return v;
}

} // namespace

class TstChromeJsonWriter : public QObject {
    Q_OBJECT
private slots:
    void microsecondsKeepNanoseconds()
    {
        QCOMPARE(model::exportfmt::formatMicros(1700000000123456789), std::string("1700000000123456.789"));
        QCOMPARE(model::exportfmt::formatMicros(5), std::string("0.005"));
        QCOMPARE(model::exportfmt::formatMicros(-1500), std::string("-1.500"));
    }

    void roundTripKeepsEverything_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<bool>("gzip");
        const QString shared = QStringLiteral(ACCELSCOPE_SHARED_DATA);
        QTest::newRow("bundled sample") << QStringLiteral(ACCELSCOPE_SOURCE_DIR "/resources/sample") << false;
        QTest::newRow("bundled sample gz") << QStringLiteral(ACCELSCOPE_SOURCE_DIR "/resources/sample") << true;
        for (const char *f : {"kineto/nccl_data.json.gz", "kineto/cp_alexnet.json.gz", "kineto/amd_mi250_minitoy_train.json.gz",
                              "kineto/mtia_inference_rank0.json.gz", "aiu/basic_event_test_cases.json"})
            QTest::newRow(f) << shared + QLatin1Char('/') + QLatin1String(f) << false;
        QTest::newRow("hand-made counters") << QStringLiteral(ACCELSCOPE_TEST_DATA "/chrome_json/instants_counters.json") << false;
        QTest::newRow("hand-made flows") << QStringLiteral(ACCELSCOPE_TEST_DATA "/chrome_json/flows.json") << false;
    }
    void roundTripKeepsEverything()
    {
        QFETCH(QString, input);
        QFETCH(bool, gzip);
        if (!fs::exists(input.toStdString()))
            QSKIP("sample not present");
        auto a = load(input.toStdString());
        QVERIFY(a);
        QTemporaryDir dir;
        const std::string out = dir.filePath(gzip ? QStringLiteral("x.json.gz") : QStringLiteral("x.json")).toStdString();
        model::exportfmt::ChromeJsonOptions opt;
        opt.gzip = gzip;
        const auto res = model::exportfmt::writeChromeJson(*a, out, opt);
        QVERIFY2(res.ok, res.error.c_str());
        auto b = load(out);
        QVERIFY(b);
        QCOMPARE(b->sliceCount(), a->sliceCount());
        QCOMPARE(b->instantCount(), a->instantCount());
        QVERIFY(slices(*a) == slices(*b));
        QCOMPARE(b->flows().size(), a->flows().size());
        QVERIFY(flows(*a) == flows(*b));
        QVERIFY(counters(*a) == counters(*b));
        QCOMPARE(b->startNs(), a->startNs());
    }

    void namesNeedingEscapesRoundTrip()
    {
        // quotes, backslashes, control characters and UTF-8 in names, categories and counter names
        QTemporaryDir dir;
        const std::string in = dir.filePath(QStringLiteral("in.json")).toStdString();
        {
            std::ofstream f(in, std::ios::binary);
            // (no raw string literals: moc does not parse them)
            f << "{\"traceEvents\":["
                 "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":1.5,\"dur\":2.25,"
                 "\"name\":\"a\\\"b\\\\c\\nd\\te\\u0001 \\u00fc \\u6838\",\"cat\":\"q\\\"c\"},"
                 "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":1.5,\"dur\":2.25,"
                 "\"name\":\"a\\\"b\\\\c\\nd\\te\\u0001 \\u00fc \\u6838\",\"cat\":\"plain\"},"
                 "{\"ph\":\"i\",\"pid\":1,\"tid\":1,\"ts\":3,\"s\":\"t\",\"name\":\"in\\\\st\\\"ant\"},"
                 "{\"ph\":\"C\",\"pid\":1,\"ts\":4,\"name\":\"ctr \\\"x\\\"\",\"args\":{\"value\":7}}"
                 "]}";
        }
        auto a = load(in);
        QVERIFY(a);
        QCOMPARE(a->sliceCount(), std::uint64_t(2));
        const std::string out = dir.filePath(QStringLiteral("out.json")).toStdString();
        QVERIFY(model::exportfmt::writeChromeJson(*a, out, {}).ok);
        auto b = load(out);
        QVERIFY(b);
        QVERIFY(slices(*a) == slices(*b));
        QCOMPARE(b->instantCount(), a->instantCount());
        QVERIFY(counters(*a) == counters(*b));
        QCOMPARE(std::get<2>(slices(*b).front()), std::string("a\"b\\c\nd\te\x01 \xc3\xbc \xe6\xa0\xb8"));
    }

    void canceledExportKeepsThePreviousFile()
    {
        auto a = load(ACCELSCOPE_SOURCE_DIR "/resources/sample");
        QVERIFY(a);
        QTemporaryDir dir;
        const std::string out = dir.filePath(QStringLiteral("t.json")).toStdString();
        {
            std::ofstream f(out, std::ios::binary);
            f << "previous";
        }
        std::stop_source stop;
        model::exportfmt::ChromeJsonOptions opt;
        opt.stop = stop.get_token();
        opt.progress = [&](double) { stop.request_stop(); }; // after the first process
        const auto res = model::exportfmt::writeChromeJson(*a, out, opt);
        QVERIFY(!res.ok);
        QVERIFY(res.canceled);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("t.json")});
        std::ifstream f(out, std::ios::binary);
        std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
        QCOMPARE(text, std::string("previous"));
    }

    void generatedCountersRoundTrip()
    {
        // queue length and copy bandwidth as counters: every row of the two series tables comes
        // back as a counter sample of that name, time and value; the trace's own data unchanged
        auto a = load(ACCELSCOPE_SOURCE_DIR "/resources/sample");
        QVERIFY(a);
        model::analysis::AnalysisContext ctx(a);
        QTemporaryDir dir;
        const std::string out = dir.filePath(QStringLiteral("c.json")).toStdString();
        model::exportfmt::ChromeJsonOptions opt;
        opt.queueLengthCounters = opt.memcpyBandwidthCounters = true;
        opt.analysis = &ctx;
        QVERIFY(model::exportfmt::writeChromeJson(*a, out, opt).ok);
        auto b = load(out);
        QVERIFY(b);
        QVERIFY(slices(*a) == slices(*b));
        std::vector<std::tuple<std::string, model::TimeNs, double>> want = counters(*a);
        const auto q = model::analysis::queueLengthSeries(ctx, {});
        const auto m = model::analysis::memcpyBandwidthSeries(ctx, {});
        QVERIFY(q.rowCount() > 0 && m.rowCount() > 0);
        for (std::size_t r = 0; r < q.rowCount(); ++r)
            want.emplace_back("Queue length (stream " + std::to_string(q.column("stream")->ints[r]) + ")",
                              a->startNs() + q.column("ts_ns")->ints[r], double(q.column("queue_length")->ints[r]));
        for (std::size_t r = 0; r < m.rowCount(); ++r)
            want.emplace_back("Memcpy bandwidth GB/s (" + m.column("kind")->texts[r] + ")",
                              a->startNs() + m.column("ts_ns")->ints[r], m.column("bandwidth_gbps")->reals[r]);
        std::sort(want.begin(), want.end());
        const auto got = counters(*b);
        QCOMPARE(got.size(), want.size());
        QVERIFY(got == want);
    }

    void rangeKeepsOnlyOverlappingEvents()
    {
        auto a = load(ACCELSCOPE_TEST_DATA "/chrome_json/x_nesting.json");
        QVERIFY(a);
        QTemporaryDir dir;
        const std::string out = dir.filePath(QStringLiteral("r.json")).toStdString();
        model::exportfmt::ChromeJsonOptions opt;
        opt.range = std::make_pair(model::TimeNs(35000), model::TimeNs(45000)); // outer, child_b, same_start_short
        QVERIFY(model::exportfmt::writeChromeJson(*a, out, opt).ok);
        auto b = load(out);
        QVERIFY(b);
        QCOMPARE(b->sliceCount(), std::uint64_t(3));
    }

    void refusedWriteLeavesNothingBehind()
    {
        if (::geteuid() == 0)
            QSKIP("root ignores directory permissions");
        auto a = load(ACCELSCOPE_TEST_DATA "/chrome_json/flows.json");
        QTemporaryDir dir;
        const QString ro = dir.filePath(QStringLiteral("ro"));
        QVERIFY(QDir().mkdir(ro));
        ::chmod(ro.toLocal8Bit().constData(), 0555);
        const auto res = model::exportfmt::writeChromeJson(*a, (ro + QStringLiteral("/x.json")).toStdString());
        QVERIFY(!res.ok);
        QVERIFY(!res.error.empty());
        QCOMPARE(QDir(ro).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).size(), 0);
        ::chmod(ro.toLocal8Bit().constData(), 0755);
    }

    void missingFolderIsAClearError()
    {
        auto a = load(ACCELSCOPE_TEST_DATA "/chrome_json/flows.json");
        QTemporaryDir dir;
        const auto res = model::exportfmt::writeChromeJson(*a, dir.filePath(QStringLiteral("no/such/x.json")).toStdString());
        QVERIFY(!res.ok);
        QVERIFY(!res.error.empty());
        QCOMPARE(QDir(dir.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).size(), 0);
    }

    void failedWriteKeepsThePreviousFile()
    {
        // Given an existing export, when a second export is canceled midway, the first survives.
        auto a = load(ACCELSCOPE_TEST_DATA "/chrome_json/flows.json");
        QTemporaryDir dir;
        const std::string out = dir.filePath(QStringLiteral("x.json")).toStdString();
        QVERIFY(model::exportfmt::writeChromeJson(*a, out).ok);
        const auto before = fs::file_size(out);
        std::stop_source stop;
        stop.request_stop();
        model::exportfmt::ChromeJsonOptions opt;
        opt.stop = stop.get_token();
        const auto res = model::exportfmt::writeChromeJson(*a, out, opt);
        QVERIFY(res.canceled);
        QCOMPARE(fs::file_size(out), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1); // no temporary left
    }
};

QTEST_GUILESS_MAIN(TstChromeJsonWriter)
#include "tst_chromejsonwriter.moc"
