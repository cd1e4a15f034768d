// critical-path and critical-path-summary: one hand-made Kineto trace per edge rule (operator
// durations, nesting, previous op on a thread, the runtime lock, launch delay, kernel-kernel gap,
// device/stream/event sync, cudaStreamWaitEvent) and HTA's own path on its cp_alexnet test trace
// (references made by tests/data/critical_path/make_reference.py).
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "model/analysis/criticalpath.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>

using namespace accelscope;
using namespace accelscope::model;
using namespace accelscope::model::analysis;
using namespace testsupport;
namespace fs = std::filesystem;

namespace {

const fs::path kKineto = fs::path(ACCELSCOPE_SHARED_DATA) / "kineto";
const fs::path kReference = fs::path(ACCELSCOPE_TEST_DATA) / "critical_path";

TracePtr load(const fs::path &path)
{
    importers::ImportContext ictx;
    auto r = importers::loadTrace({path}, ictx);
    if (!r.ok())
        qFatal("cannot load %s: %s", path.string().c_str(), r.error().toString().c_str());
    return r.value().trace;
}

/// A Kineto trace of the given events (µs, as Kineto writes them), loaded through the importer.
TracePtr kineto(const std::string &events)
{
    static QTemporaryDir dir;
    static int n = 0;
    const fs::path path = fs::path(dir.path().toStdString()) / ("trace" + std::to_string(n++) + ".json");
    std::ofstream(path) << R"({"schemaVersion": 1, "traceEvents": [)" << events << "]}";
    return load(path);
}

std::string cpuOp(const std::string &name, int ts, int dur, int tid = 1)
{
    return R"({"ph": "X", "cat": "cpu_op", "name": ")" + name + R"(", "pid": 10, "tid": )" + std::to_string(tid)
        + R"(, "ts": )" + std::to_string(ts) + R"(, "dur": )" + std::to_string(dur) + R"(, "args": {"External id": 1}},)";
}

std::string runtime(const std::string &name, int ts, int dur, int corr, int tid = 1)
{
    return R"({"ph": "X", "cat": "cuda_runtime", "name": ")" + name + R"(", "pid": 10, "tid": )" + std::to_string(tid)
        + R"(, "ts": )" + std::to_string(ts) + R"(, "dur": )" + std::to_string(dur) + R"(, "args": {"correlation": )"
        + std::to_string(corr) + "}},";
}

std::string kernel(const std::string &name, int ts, int dur, int corr, int stream = 7, const std::string &cat = "kernel",
                   const std::string &extra = {})
{
    return R"({"ph": "X", "cat": ")" + cat + R"(", "name": ")" + name + R"(", "pid": 0, "tid": )" + std::to_string(stream)
        + R"(, "ts": )" + std::to_string(ts) + R"(, "dur": )" + std::to_string(dur) + R"(, "args": {"device": 0, "stream": )"
        + std::to_string(stream) + R"(, "correlation": )" + std::to_string(corr) + extra + "}},";
}

std::string sync(const std::string &kind, int ts, int dur, int corr, long long stream, const std::string &extra = {})
{
    return kernel(kind, ts, dur, corr, int(stream), "cuda_sync", extra);
}

/// The trailing comma of the last event removed.
std::string events(std::string text)
{
    if (!text.empty() && text.back() == ',')
        text.pop_back();
    return text;
}

AnalysisOptions wholeTrace()
{
    AnalysisOptions o;
    o.annotation = std::string();
    return o;
}

/// "type from_event.from_point->to_event.to_point duration" per path edge.
std::vector<std::string> pathOf(const Table &t)
{
    std::vector<std::string> out;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        std::string type = cell(t, r, "type");
        type = type.substr(std::string("critical_path_").size());
        out.push_back(type + " " + cell(t, r, "from_event") + "." + cell(t, r, "from_point") + "->" + cell(t, r, "to_event") + "."
                      + cell(t, r, "to_point") + " " + cell(t, r, "duration_ns"));
    }
    return out;
}

bool hasEdge(const Table &t, const std::string &edge)
{
    const auto p = pathOf(t);
    return std::find(p.begin(), p.end(), edge) != p.end();
}

std::string joined(const std::vector<std::string> &v)
{
    std::string s;
    for (const std::string &x : v)
        s += x + "\n";
    return s;
}

} // namespace

class TestCriticalPath : public QObject
{
    Q_OBJECT
private slots:
    void htaPathOnAlexnet_data()
    {
        QTest::addColumn<QString>("annotation");
        QTest::addColumn<int>("instance");
        QTest::addColumn<QString>("reference");
        QTest::newRow("whole trace") << QString() << 0 << QStringLiteral("alexnet_whole");
        QTest::newRow("measure 0") << QStringLiteral("[param|pytorch.model.alex_net|0|0|0|measure|forward]") << 0
                                   << QStringLiteral("alexnet_measure0");
        QTest::newRow("measure 1") << QStringLiteral("[param|pytorch.model.alex_net|0|0|0|measure|forward]") << 1
                                   << QStringLiteral("alexnet_measure1");
    }
    void htaPathOnAlexnet()
    {
        QFETCH(QString, annotation);
        QFETCH(int, instance);
        QFETCH(QString, reference);
        static const AnalysisContext ctx(load(kKineto / "cp_alexnet.json.gz"));
        AnalysisOptions o;
        o.htaCompat = true;
        o.annotation = annotation.toStdString();
        o.instanceFirst = o.instanceLast = instance;
        const Table path = criticalPath(ctx, o);
        QVERIFY2(path.checkConsistent().empty(), path.checkConsistent().c_str());
        const auto ref = readCsvRecords((kReference / (reference.toStdString() + "_path.csv")).string());
        QCOMPARE(path.rowCount(), ref.size());
        for (std::size_t r = 0; r < ref.size(); ++r) {
            const auto &want = ref[r];
            const std::string got = cell(path, r, "start") + " " + cell(path, r, "from_point") + " " + cell(path, r, "from_event") + " | "
                + cell(path, r, "end") + " " + cell(path, r, "to_point") + " " + cell(path, r, "to_event") + " | " + cell(path, r, "type")
                + " " + cell(path, r, "duration") + " " + cell(path, r, "event") + " " + cell(path, r, "bound_by");
            const auto point = [](const std::string &isEnd) { return isEnd == "1" ? std::string("end") : std::string("start"); };
            const std::string expected = want.at("from_ts") + " " + point(want.at("from_end")) + " " + want.at("from_name") + " | "
                + want.at("to_ts") + " " + point(want.at("to_end")) + " " + want.at("to_name") + " | " + want.at("type") + " "
                + want.at("duration") + " " + want.at("event") + " " + want.at("bound_by");
            QCOMPARE(got, expected);
        }
        const Table summary = criticalPathSummary(ctx, o);
        const auto refSummary = readCsvRecords((kReference / (reference.toStdString() + "_summary.csv")).string());
        QCOMPARE(summary.rowCount(), refSummary.size());
        for (std::size_t r = 0; r < refSummary.size(); ++r) {
            QCOMPARE(cell(summary, r, "bound_by"), refSummary[r].at("bound_by"));
            QCOMPARE(cell(summary, r, "duration"), refSummary[r].at("duration"));
            QVERIFY(near(num(summary, r, "percent"), parseNumber(refSummary[r].at("percent")), 1e-12, 1e-12));
        }
    }
};

QTEST_GUILESS_MAIN(TestCriticalPath)
#include "tst_criticalpath.moc"
