// critical-path and critical-path-summary: one hand-made Kineto trace per edge rule (operator
// durations, nesting, previous op on a thread, the runtime lock, launch delay, kernel-kernel gap,
// device/stream/event sync, cudaStreamWaitEvent) and HTA's own path on its cp_alexnet test trace
// (references made by tests/data/critical_path/make_reference.py). The expected paths of the
// device-side traces (launch delay, kernel-kernel gap, stream/context/event sync, stream wait) are
// what HTA 0.6.1 gives on the same events with a metadata event first (HTA reads a partner at
// index 0 as none); HTA fails on traces without kernels (nesting, runtime lock).
#include "criticalpathtesthelpers.h"

#include "importers/registry.h"
#include "model/analysis/criticalpath/criticalpath.h"

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

/// Kineto traces of several ranks (one file each, `distributedInfo.rank` set), loaded together.
TracePtr kinetoRanks(const std::vector<std::string> &perRank)
{
    static QTemporaryDir dir;
    static int n = 0;
    std::vector<fs::path> paths;
    for (std::size_t rank = 0; rank < perRank.size(); ++rank) {
        paths.push_back(fs::path(dir.path().toStdString()) / ("ranks" + std::to_string(n) + "_" + std::to_string(rank) + ".json"));
        std::ofstream(paths.back()) << R"({"schemaVersion": 1, "distributedInfo": {"backend": "nccl", "rank": )" << rank
                                    << R"(, "world_size": )" << perRank.size() << R"(}, "traceEvents": [)" << perRank[rank] << "]}";
    }
    ++n;
    importers::ImportContext ictx;
    auto r = importers::loadTrace(paths, ictx);
    if (!r.ok())
        qFatal("cannot load: %s", r.error().toString().c_str());
    return r.value().trace;
}

/// The trailing comma of the last event removed.
std::string events(std::string text)
{
    if (!text.empty() && text.back() == ',')
        text.pop_back();
    return text;
}

} // namespace

class TestCriticalPath : public QObject
{
    Q_OBJECT
private slots:
    void operatorsNestingAndThreadOrder()
    {
        // A [0,100) holds B [10,40) and C [50,80); D [120,150) follows A on the thread.
        const AnalysisContext ctx(kineto(events(cpuOp("A", 0, 100) + cpuOp("B", 10, 30) + cpuOp("C", 50, 30) + cpuOp("D", 120, 30))));
        const Table t = criticalPath(ctx, wholeTrace());
        QVERIFY2(t.checkConsistent().empty(), t.checkConsistent().c_str());
        const std::vector<std::string> want = {
            "operator A.start->B.start 10000", "operator B.start->B.end 30000", "operator B.end->C.start 10000",
            "operator C.start->C.end 30000",   "operator C.end->A.end 20000",   "dependency A.end->D.start 0",
            "operator D.start->D.end 30000"};
        QCOMPARE(joined(pathOf(t)), joined(want));
        // the gap between two children is the parent's time; the start of a parent until its
        // first child is the parent's too
        QCOMPARE(cell(t, 2, "event"), std::string("A"));
        QCOMPARE(cell(t, 0, "event"), std::string("A"));
        QCOMPARE(cell(t, 1, "bound_by"), std::string("cpu_bound"));
        QCOMPARE(cell(t, 5, "bound_by"), std::string());
        const Table s = criticalPathSummary(ctx, wholeTrace());
        QCOMPARE(rowsText(s, {"bound_by", "percent", "duration_ns"}), std::string("|0|0;cpu_bound|100|130000;"));
    }

    void launchDelayWhenTheStreamIsEmpty()
    {
        // the launch comes while stream 7 is idle: the kernel waits for its launch
        const AnalysisContext ctx(kineto(events(cpuOp("aten::mm", 0, 50) + runtime("cudaLaunchKernel", 10, 10, 1)
                                                + kernel("gemm", 100, 300, 1))));
        const Table t = criticalPath(ctx, wholeTrace());
        const std::vector<std::string> want = {"operator aten::mm.start->cudaLaunchKernel.start 10000",
                                               "kernel_launch_delay cudaLaunchKernel.start->gemm.start 90000",
                                               "operator gemm.start->gemm.end 300000"};
        QCOMPARE(joined(pathOf(t)), joined(want));
        QCOMPARE(cell(t, 1, "bound_by"), std::string("gpu_kernel_launch_overhead"));
        QCOMPARE(cell(t, 2, "bound_by"), std::string("gpu_compute_bound"));
        QCOMPARE(cell(t, 2, "stream"), std::string("7"));
        const Table s = criticalPathSummary(ctx, wholeTrace());
        QCOMPARE(rowsText(s, {"bound_by", "duration_ns"}),
                 std::string("cpu_bound|10000;gpu_compute_bound|300000;gpu_kernel_launch_overhead|90000;"));
    }

    void kernelKernelGapWhenQueued()
    {
        // the second kernel was queued behind the first: it waited for it, not for its launch
        const AnalysisContext ctx(kineto(events(cpuOp("aten::mm", 0, 50) + runtime("cudaLaunchKernel", 10, 10, 1)
                                                + runtime("cudaLaunchKernel", 30, 10, 2) + kernel("k1", 100, 200, 1)
                                                + kernel("ncclDevKernel_AllReduce", 305, 200, 2))));
        const Table t = criticalPath(ctx, wholeTrace());
        QVERIFY2(hasEdge(t, "kernel_kernel_delay k1.end->ncclDevKernel_AllReduce.start 5000"), joined(pathOf(t)).c_str());
        const int gap = findRow(t, {{"type", "critical_path_kernel_kernel_delay"}});
        QCOMPARE(cell(t, std::size_t(gap), "bound_by"), std::string("gpu_kernel_kernel_overhead"));
        QCOMPARE(cell(t, std::size_t(gap), "event"), std::string("k1"));
        QCOMPARE(cell(t, t.rowCount() - 1, "bound_by"), std::string("gpu_communication_bound"));
        QVERIFY(!hasEdge(t, "kernel_launch_delay cudaLaunchKernel.start->ncclDevKernel_AllReduce.start 275000"));
    }

    void kernelKernelGapHasALimit()
    {
        // 2 ms between kernels on a stream is not a kernel-kernel delay (HTA's 1.5 ms limit): it
        // hides a dependency the trace does not show, so k2 is left unlinked
        const AnalysisContext ctx(kineto(events(cpuOp("aten::mm", 0, 50) + runtime("cudaLaunchKernel", 10, 10, 1)
                                                + runtime("cudaLaunchKernel", 30, 10, 2) + kernel("k1", 100, 200, 1)
                                                + kernel("k2", 2300, 200, 2))));
        const Table t = criticalPath(ctx, wholeTrace());
        QCOMPARE(findRow(t, {{"type", "critical_path_kernel_kernel_delay"}}), -1);
        QCOMPARE(findRow(t, {{"to_event", "k2"}}), -1);
        QCOMPARE(cell(t, t.rowCount() - 1, "to_event"), std::string("k1"));
    }

    void streamSyncWaitsForTheStream()
    {
        const AnalysisContext ctx(kineto(events(runtime("cudaLaunchKernel", 10, 10, 1) + kernel("k1", 100, 500, 1)
                                                + runtime("cudaStreamSynchronize", 30, 580, 2) + sync("Stream Sync", 30, 580, 2, 7)
                                                + cpuOp("after", 620, 80))));
        const Table t = criticalPath(ctx, wholeTrace());
        const std::vector<std::string> want = {
            "kernel_launch_delay cudaLaunchKernel.start->k1.start 90000", "operator k1.start->k1.end 500000",
            "sync_dependency k1.end->cudaStreamSynchronize.end 0", "dependency cudaStreamSynchronize.end->after.start 0",
            "operator after.start->after.end 80000"};
        QCOMPARE(joined(pathOf(t)), joined(want));
    }

    void blockingSyncCallsHaveNoCpuTime()
    {
        // without the device side, a blocking synchronisation's own time is not CPU work
        const AnalysisContext ctx(kineto(events(cpuOp("A", 0, 20) + runtime("cudaStreamSynchronize", 30, 580, 2) + cpuOp("B", 620, 10))));
        const Table t = criticalPath(ctx, wholeTrace());
        QVERIFY2(hasEdge(t, "operator cudaStreamSynchronize.start->cudaStreamSynchronize.end 0"), joined(pathOf(t)).c_str());
    }

    void contextSyncWaitsForEveryStream()
    {
        const AnalysisContext ctx(kineto(events(runtime("cudaLaunchKernel", 10, 10, 1) + runtime("cudaLaunchKernel", 22, 5, 2)
                                                + kernel("short", 100, 100, 1, 7) + kernel("long", 100, 700, 2, 20)
                                                + runtime("cudaDeviceSynchronize", 30, 800, 3)
                                                + sync("Context Sync", 30, 800, 3, 4294967295LL) + cpuOp("after", 840, 10))));
        const Table t = criticalPath(ctx, wholeTrace());
        QVERIFY2(hasEdge(t, "sync_dependency long.end->cudaDeviceSynchronize.end 0"), joined(pathOf(t)).c_str());
        QVERIFY(!hasEdge(t, "sync_dependency short.end->cudaDeviceSynchronize.end 0"));
    }

    void eventSyncWaitsForTheRecordedKernel()
    {
        const std::string wait = R"(, "wait_on_stream": 7, "wait_on_cuda_event_record_corr_id": 3)";
        const AnalysisContext ctx(kineto(events(runtime("cudaLaunchKernel", 10, 10, 1) + kernel("k1", 100, 500, 1)
                                                + runtime("cudaEventRecord", 22, 2, 3) + runtime("cudaEventSynchronize", 30, 580, 4)
                                                + sync("Event Sync", 30, 580, 4, 4294967295LL, wait) + cpuOp("after", 620, 80))));
        const Table t = criticalPath(ctx, wholeTrace());
        QVERIFY2(hasEdge(t, "sync_dependency k1.end->cudaEventSynchronize.end 0"), joined(pathOf(t)).c_str());
        QCOMPARE(cell(t, t.rowCount() - 1, "to_event"), std::string("after"));
    }

    void streamWaitEventOrdersKernelsAcrossStreams()
    {
        // k2 on stream 20 waits (cudaStreamWaitEvent) for the event recorded after k1 on stream 7
        const std::string wait = R"(, "wait_on_stream": 7, "wait_on_cuda_event_record_corr_id": 2)";
        const AnalysisContext ctx(kineto(events(runtime("cudaLaunchKernel", 10, 10, 1) + kernel("k1", 100, 500, 1, 7)
                                                + runtime("cudaEventRecord", 25, 2, 2) + runtime("cudaStreamWaitEvent", 30, 2, 3)
                                                + sync("Stream Wait Event", 35, 1, 3, 20, wait)
                                                + runtime("cudaLaunchKernel", 40, 10, 4) + kernel("k2", 605, 95, 4, 20))));
        const Table t = criticalPath(ctx, wholeTrace());
        const std::vector<std::string> want = {
            "kernel_launch_delay cudaLaunchKernel.start->k1.start 90000", "operator k1.start->k1.end 500000",
            "sync_dependency k1.end->k2.start 0", "operator k2.start->k2.end 95000"};
        QCOMPARE(joined(pathOf(t)), joined(want));
    }

    void cudaGraphKernelsWaitForTheGraphLaunch()
    {
        // both kernels of the graph carry the launch's correlation; the first waited for the launch
        const AnalysisContext ctx(kineto(events(runtime("cudaGraphLaunch", 10, 10, 5) + kernel("g1", 100, 100, 5)
                                                + kernel("g2", 205, 95, 5))));
        const Table t = criticalPath(ctx, wholeTrace());
        const std::vector<std::string> want = {
            "kernel_launch_delay cudaGraphLaunch.start->g1.start 90000", "operator g1.start->g1.end 100000",
            "kernel_kernel_delay g1.end->g2.start 5000", "operator g2.start->g2.end 95000"};
        QCOMPARE(joined(pathOf(t)), joined(want));
        // HTA counts only kernel, memcpy and memset launches: the graph's first kernel is unlinked
        AnalysisOptions hta = wholeTrace();
        hta.htaCompat = true;
        QCOMPARE(findRow(criticalPath(ctx, hta), {{"type", "critical_path_kernel_launch_delay"}}), -1);
    }

    void collectivesJoinRanks()
    {
        // rank 1 arrives late at the all-reduce (busy in "slow"); rank 0 waits inside it, then
        // synchronises and runs "after"
        const std::string allReduce = "ncclDevKernel_AllReduce_Sum_f32_RING_LL";
        const std::string group = R"(, "Process Group Name": "0", "Seq": 1)";
        const std::string rank0 = events(runtime("cudaLaunchKernel", 10, 10, 1) + kernel(allReduce, 100, 500, 1, 7, "kernel", group)
                                         + runtime("cudaStreamSynchronize", 30, 575, 2) + sync("Stream Sync", 30, 575, 2, 7)
                                         + cpuOp("after", 610, 90));
        const std::string rank1 = events(cpuOp("slow", 0, 400) + runtime("cudaLaunchKernel", 400, 10, 1)
                                         + kernel(allReduce, 450, 150, 1, 7, "kernel", group));
        const AnalysisContext ctx(kinetoRanks({rank0, rank1}));
        AnalysisOptions o = wholeTrace();
        o.ranks = {0};
        QCOMPARE(criticalPath(ctx, o).rowCount(), std::size_t(5)); // rank 0 alone: its own wait is the path
        o.ranks = {0, 1};
        const Table t = criticalPath(ctx, o);
        const std::vector<std::string> want = {
            "operator slow.start->slow.end 400000",
            "dependency slow.end->cudaLaunchKernel.start 0",
            "kernel_launch_delay cudaLaunchKernel.start->" + allReduce + ".start 50000",
            "collective_wait " + allReduce + ".start->" + allReduce + ".end 150000",
            "sync_dependency " + allReduce + ".end->cudaStreamSynchronize.end 0",
            "dependency cudaStreamSynchronize.end->after.start 0",
            "operator after.start->after.end 90000"};
        QCOMPARE(joined(pathOf(t)), joined(want));
        QCOMPARE(cell(t, 0, "rank"), std::string("1"));
        QCOMPARE(cell(t, 3, "rank"), std::string("0")); // the wait is rank 0's time in its collective
        QCOMPARE(cell(t, 3, "bound_by"), std::string("gpu_communication_bound"));
        QCOMPARE(cell(t, 6, "rank"), std::string("0"));
        o.htaCompat = true; // HTA's path is per rank
        QVERIFY(findRow(criticalPath(ctx, o), {{"type", "critical_path_collective_wait"}}) < 0);
    }

    void runtimeLockOrdersCallsAcrossThreads()
    {
        // cudaHostAlloc on thread 2 ends first, so it held the runtime lock before the launch on
        // thread 1 could finish; the op after the launch waits for both
        const AnalysisContext ctx(kineto(events(runtime("cudaLaunchKernel", 0, 100, 1, 1) + runtime("cudaHostAlloc", 10, 20, 2, 2)
                                                + cpuOp("after", 110, 20, 1))));
        const Table t = criticalPath(ctx, wholeTrace());
        const std::vector<std::string> want = {
            "operator cudaHostAlloc.start->cudaHostAlloc.end 20000", "dependency cudaHostAlloc.end->cudaLaunchKernel.end 0",
            "dependency cudaLaunchKernel.end->after.start 0", "operator after.start->after.end 20000"};
        QCOMPARE(joined(pathOf(t)), joined(want));
    }

    void annotationInstancesChooseTheWindow()
    {
        const std::string trace = events(R"({"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#1", "pid": 10, "tid": 1, "ts": 0, "dur": 100, "args": {}},)"
                                         + cpuOp("first", 10, 50)
                                         + R"({"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#2", "pid": 10, "tid": 1, "ts": 100, "dur": 100, "args": {}},)"
                                         + cpuOp("second", 110, 70));
        const AnalysisContext ctx(kineto(trace));
        AnalysisOptions o; // no annotation: the first ProfilerStep
        QCOMPARE(joined(pathOf(criticalPath(ctx, o))), std::string("operator first.start->first.end 50000\n"));
        o.annotation = std::string("ProfilerStep");
        o.instanceFirst = o.instanceLast = 1;
        QCOMPARE(joined(pathOf(criticalPath(ctx, o))), std::string("operator second.start->second.end 70000\n"));
        o.instanceFirst = 0;
        QCOMPARE(criticalPath(ctx, o).rowCount(), std::size_t(3)); // both steps, one dependency between them
        QCOMPARE(joined(pathOf(criticalPath(ctx, wholeTrace()))), joined(pathOf(criticalPath(ctx, o))));
        // no annotation but a selected range (the panels' "Selected range"): the range is the window
        AnalysisOptions ranged;
        const TimeNs origin = ctx.trace().startNs();
        ranged.range = {{origin + 105000, origin + 200000}};
        QCOMPARE(joined(pathOf(criticalPath(ctx, ranged))), std::string("operator second.start->second.end 70000\n"));
    }

    void saysWhyThereIsNoPath()
    {
        const AnalysisContext ctx(kineto(events(cpuOp("A", 0, 100))));
        AnalysisOptions o;
        o.annotation = std::string("ProfilerStep");
        const Table missing = criticalPath(ctx, o);
        QCOMPARE(missing.rowCount(), std::size_t(0));
        QVERIFY(std::any_of(missing.notes.begin(), missing.notes.end(), [](const std::string &n) { return n.find("no event named") != std::string::npos; }));
        o.annotation = std::string("A");
        o.instanceFirst = o.instanceLast = 3;
        const Table outOfRange = criticalPathSummary(ctx, o);
        QCOMPARE(outOfRange.rowCount(), std::size_t(0));
        QVERIFY(std::any_of(outOfRange.notes.begin(), outOfRange.notes.end(), [](const std::string &n) { return n.find("out of range") != std::string::npos; }));
        const AnalysisContext gpuOnly(kineto(events(kernel("k", 0, 10, -1))));
        const Table none = criticalPath(gpuOnly, wholeTrace());
        QCOMPARE(none.rowCount(), std::size_t(0));
        QVERIFY(!none.notes.empty());
    }

    void htaPathOnSamples_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("annotation");
        QTest::addColumn<int>("instance");
        QTest::addColumn<QString>("reference");
        const QString alexnet = QStringLiteral("cp_alexnet"), measure = QStringLiteral("[param|pytorch.model.alex_net|0|0|0|measure|forward]");
        QTest::newRow("alexnet whole trace") << alexnet << QString() << 0 << QStringLiteral("alexnet_whole");
        QTest::newRow("alexnet measure 0") << alexnet << measure << 0 << QStringLiteral("alexnet_measure0");
        QTest::newRow("alexnet measure 1") << alexnet << measure << 1 << QStringLiteral("alexnet_measure1");
        QTest::newRow("amd step 0") << QStringLiteral("amd_mi250_minitoy_train") << QStringLiteral("ProfilerStep") << 0
                                    << QStringLiteral("amd_step0");
        QTest::newRow("nccl step 0") << QStringLiteral("nccl_data") << QStringLiteral("ProfilerStep") << 0 << QStringLiteral("nccl_step0");
    }
    void htaPathOnSamples()
    {
        QFETCH(QString, trace);
        QFETCH(QString, annotation);
        QFETCH(int, instance);
        QFETCH(QString, reference);
        const AnalysisContext ctx(load(kKineto / (trace.toStdString() + ".json.gz")));
        AnalysisOptions o;
        o.htaCompat = true;
        o.annotation = annotation.toStdString();
        o.instanceFirst = o.instanceLast = instance;
        const Table path = criticalPath(ctx, o);
        QVERIFY2(path.checkConsistent().empty(), path.checkConsistent().c_str());
        QVERIFY(path.rowCount() > 0);
        const fs::path pathFile = kReference / (reference.toStdString() + "_path.csv");
        const auto ref = fs::exists(pathFile) ? readCsvRecords(pathFile.string()) : std::vector<std::map<std::string, std::string>>{};
        if (!ref.empty())
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
