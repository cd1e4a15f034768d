// Chrome JSON export: re-importing an exported trace gives the same slices, durations, names,
// args, flows and counter samples; a refused write leaves nothing behind; the critical path
// overlay marks the path's slices and adds its edges as flows.
#include "importers/registry.h"
#include "model/analysis/analyses.h"
#include "model/analysis/criticalpath/criticalpath.h"
#include "model/export/chromejsonwriter.h"
#include "model/export/criticalpathoverlay.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
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

/// A Kineto X event (no raw string literals: moc does not parse them).
std::string kinetoEvent(const std::string &cat, const std::string &name, int pid, int tid, int ts, int dur, const std::string &args)
{
    return "{\"ph\": \"X\", \"cat\": \"" + cat + "\", \"name\": \"" + name + "\", \"pid\": " + std::to_string(pid)
        + ", \"tid\": " + std::to_string(tid) + ", \"ts\": " + std::to_string(ts) + ", \"dur\": " + std::to_string(dur)
        + ", \"args\": {" + args + "}}";
}

/// A launch while stream 7 is idle, a stream synchronisation waiting for the kernel and an
/// operator after it: launch, synchronisation and dependency edges. The device's sync event and a
/// short operator on thread 2 stay off the path.
std::string kinetoWithPath()
{
    const std::vector<std::string> ev = {
        kinetoEvent("cuda_runtime", "cudaLaunchKernel", 10, 1, 10, 10, "\"correlation\": 1"),
        kinetoEvent("kernel", "k1", 0, 7, 100, 500, "\"device\": 0, \"stream\": 7, \"correlation\": 1"),
        kinetoEvent("cuda_runtime", "cudaStreamSynchronize", 10, 1, 30, 580, "\"correlation\": 2"),
        kinetoEvent("cuda_sync", "Stream Sync", 0, 7, 30, 580, "\"device\": 0, \"stream\": 7, \"correlation\": 2"),
        kinetoEvent("cpu_op", "after", 10, 1, 620, 80, "\"External id\": 1"),
        kinetoEvent("cpu_op", "aten::empty", 10, 2, 0, 5, "\"External id\": 2")};
    std::string s = "{\"schemaVersion\": 1, \"traceEvents\": [";
    for (std::size_t i = 0; i < ev.size(); ++i)
        s += (i ? ",\n" : "\n") + ev[i];
    return s + "]}";
}

QJsonArray traceEvents(const std::string &path)
{
    QFile f(QString::fromStdString(path));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("traceEvents")).toArray();
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

    void criticalPathOverlay()
    {
        QTemporaryDir dir;
        const std::string in = dir.filePath(QStringLiteral("in.json")).toStdString();
        std::ofstream(in) << kinetoWithPath();
        auto a = load(in);
        QVERIFY(a);
        model::analysis::AnalysisContext ctx(a);
        model::analysis::AnalysisOptions aopt;
        aopt.annotation = std::string(); // the whole trace
        const model::analysis::Table path = model::analysis::criticalPath(ctx, aopt);
        QVERIFY(path.rowCount() > 0);
        std::set<std::pair<std::string, model::TimeNs>> onPath; // the path's nodes: event name, time
        std::size_t dependencies = 0;
        for (std::size_t r = 0; r < path.rowCount(); ++r) {
            onPath.emplace(path.column("from_event")->texts[r], a->startNs() + path.column("start")->ints[r]);
            onPath.emplace(path.column("to_event")->texts[r], a->startNs() + path.column("end")->ints[r]);
            dependencies += path.column("type")->texts[r] != "critical_path_operator";
        }
        QCOMPARE(dependencies, std::size_t(3)); // launch, synchronisation, dependency
        std::string error;
        const auto overlay = model::exportfmt::criticalPathOverlay(*a, path, error);
        QVERIFY2(overlay, error.c_str());
        QCOMPARE(overlay->edges.size(), dependencies);

        const std::string out = dir.filePath(QStringLiteral("out.json")).toStdString();
        model::exportfmt::ChromeJsonOptions opt;
        opt.criticalPath = &*overlay;
        const auto res = model::exportfmt::writeChromeJson(*a, out, opt);
        QVERIFY2(res.ok, res.error.c_str());
        std::size_t starts = 0, ends = 0, critical = 0;
        for (const QJsonValue &v : traceEvents(out)) {
            const QJsonObject e = v.toObject();
            const QString ph = e.value(QStringLiteral("ph")).toString();
            if (e.value(QStringLiteral("cat")).toString() == QLatin1String("critical_path")) {
                starts += ph == QLatin1String("s");
                ends += ph == QLatin1String("f");
                QVERIFY(e.value(QStringLiteral("name")).toString().startsWith(QLatin1String("critical_path_")));
                continue;
            }
            if (ph != QLatin1String("X"))
                continue;
            const std::string name = e.value(QStringLiteral("name")).toString().toStdString();
            const auto ts = model::TimeNs(std::llround(e.value(QStringLiteral("ts")).toDouble() * 1000));
            const auto end = ts + model::TimeNs(std::llround(e.value(QStringLiteral("dur")).toDouble() * 1000));
            const QJsonObject args = e.value(QStringLiteral("args")).toObject();
            const bool marked = args.value(QStringLiteral("critical")).toInt() == 1;
            QVERIFY2(marked == (onPath.contains({name, ts}) || onPath.contains({name, end})), name.c_str());
            QVERIFY(name != "aten::empty" && name != "Stream Sync" ? marked : !marked);
            critical += marked;
            QVERIFY(args.contains(QStringLiteral("External id")) || args.contains(QStringLiteral("correlation"))); // kept
        }
        QCOMPARE(critical, overlay->critical.size());
        QCOMPARE(starts, dependencies);
        QCOMPARE(ends, dependencies);

        // Accelscope reads the overlay back: the trace's flows and one per path edge
        auto b = load(out);
        QVERIFY(b);
        QCOMPARE(b->sliceCount(), a->sliceCount());
        std::size_t pathFlows = 0;
        for (const auto &f : b->flows())
            pathFlows += b->str(f.cat) == "critical_path";
        QCOMPARE(pathFlows, dependencies);
        QCOMPARE(b->flows().size(), a->flows().size() + dependencies);
    }

    void criticalPathOverlayOfAnEmptyPathSaysWhy()
    {
        QTemporaryDir dir;
        const std::string in = dir.filePath(QStringLiteral("in.json")).toStdString();
        std::ofstream(in) << kinetoWithPath();
        auto a = load(in);
        QVERIFY(a);
        model::analysis::AnalysisContext ctx(a);
        model::analysis::AnalysisOptions aopt;
        aopt.annotation = std::string("NoSuchAnnotation");
        const model::analysis::Table path = model::analysis::criticalPath(ctx, aopt);
        QCOMPARE(path.rowCount(), std::size_t(0));
        std::string error;
        QVERIFY(!model::exportfmt::criticalPathOverlay(*a, path, error));
        QVERIFY2(error.starts_with("no critical path"), error.c_str());
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
