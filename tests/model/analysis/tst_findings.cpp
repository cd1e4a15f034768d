// findings: per rule, hand-made traces that fire it (time at stake computed by hand from the
// events) and traces that must not; thresholds set through the options and the CLI; the order
// of the rows, the evidence slice and the notes of rules that cannot be evaluated.
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "model/aiufacts.h"
#include "model/ascendfacts.h"
#include "model/analysis/findings/findings.h"
#include "model/sophgofacts.h"

#include <QProcess>
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

QTemporaryDir &tempDir()
{
    static QTemporaryDir dir;
    return dir;
}

/// Kineto traces of one or several ranks (µs, as Kineto writes them), loaded through the importer.
fs::path writeRanks(const std::vector<std::string> &perRank, std::vector<fs::path> &paths)
{
    static int n = 0;
    ++n;
    for (std::size_t rank = 0; rank < perRank.size(); ++rank) {
        std::string events = perRank[rank];
        if (!events.empty() && events.back() == ',')
            events.pop_back();
        paths.push_back(fs::path(tempDir().path().toStdString()) / ("trace" + std::to_string(n) + "_" + std::to_string(rank) + ".json"));
        std::ofstream(paths.back()) << R"({"schemaVersion": 1, "distributedInfo": {"backend": "nccl", "rank": )" << rank
                                    << R"(, "world_size": )" << perRank.size() << R"(}, "traceEvents": [)" << events << "]}";
    }
    return paths.front();
}

TracePtr kineto(const std::vector<std::string> &perRank)
{
    std::vector<fs::path> paths;
    writeRanks(perRank, paths);
    importers::ImportContext ictx;
    auto r = importers::loadTrace(paths, ictx);
    if (!r.ok())
        qFatal("cannot load: %s", r.error().toString().c_str());
    return r.value().trace;
}

std::string cpuOp(const std::string &name, int ts, int dur)
{
    return R"({"ph": "X", "cat": "cpu_op", "name": ")" + name + R"(", "pid": 10, "tid": 1, "ts": )" + std::to_string(ts)
        + R"(, "dur": )" + std::to_string(dur) + R"(, "args": {"External id": 1}},)";
}

std::string runtime(const std::string &name, int ts, int dur, int corr)
{
    return R"({"ph": "X", "cat": "cuda_runtime", "name": ")" + name + R"(", "pid": 10, "tid": 1, "ts": )" + std::to_string(ts)
        + R"(, "dur": )" + std::to_string(dur) + R"(, "args": {"correlation": )" + std::to_string(corr) + "}},";
}

std::string kernel(const std::string &name, int ts, int dur, int corr, int stream = 7, const std::string &cat = "kernel",
                   const std::string &extra = {})
{
    return R"({"ph": "X", "cat": ")" + cat + R"(", "name": ")" + name + R"(", "pid": 0, "tid": )" + std::to_string(stream)
        + R"(, "ts": )" + std::to_string(ts) + R"(, "dur": )" + std::to_string(dur) + R"(, "args": {"device": 0, "stream": )"
        + std::to_string(stream) + R"(, "correlation": )" + std::to_string(corr) + extra + "}},";
}

/// A launch at `cpu` (5 µs) of a kernel at `gpu`.
std::string launched(const std::string &name, int cpu, int gpu, int dur, int corr, int stream = 7, const std::string &cat = "kernel")
{
    return runtime(cat == "gpu_memcpy" ? "cudaMemcpyAsync" : "cudaLaunchKernel", cpu, 5, corr) + kernel(name, gpu, dur, corr, stream, cat);
}

const std::string kGemm = "volta_sgemm_128x64_nn";
const std::string kAllReduce = "ncclDevKernel_AllReduce_Sum_f32_RING_LL";

/// The rows of one rule.
std::vector<std::size_t> rowsOf(const Table &t, const std::string &rule)
{
    std::vector<std::size_t> rows;
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        if (cell(t, r, "rule") == rule)
            rows.push_back(r);
    return rows;
}

std::string notesOf(const Table &t)
{
    std::string s;
    for (const std::string &n : t.notes)
        s += n + "\n";
    return s;
}

Table findingsOf(const TracePtr &trace, const std::map<std::string, double> &thresholds = {})
{
    const AnalysisContext ctx(trace);
    AnalysisOptions opt;
    opt.findingThresholds = thresholds;
    Table t = runAnalysis("findings", ctx, opt);
    if (!t.checkConsistent().empty())
        qFatal("inconsistent findings table: %s", t.checkConsistent().c_str());
    return t;
}

/// A Sophgo device as the importer builds it: engine tracks per core, commands in cycles at 1 GHz.
struct SophgoTrace {
    SophgoTrace()
    {
        SourceInfo s;
        s.path = "cdm_profile_data_dev0";
        s.format = "sophgo";
        s.timeUnit = "cycles";
        auto facts = std::make_shared<SophgoFacts>();
        facts->chip = "BM1690";
        facts->tiuFreqMhz = 1000;
        facts->dmaFreqMhz = 1000;
        s.sophgo = facts;
        builder.addSource(std::move(s));
        dev = shard.process(EntityKey::number(1000));
        shard.setProcessKind(dev, ProcessKind::Device, 0);
        shard.setProcessName(dev, shard.intern("BM1690 dev0"));
        tiu = engine(EngineKind::TIU, 0);
        gdma = engine(EngineKind::GDMA, 1);
    }
    LocalTrack engine(EngineKind kind, int key)
    {
        const LocalTrack t = shard.thread(dev, EntityKey::number(key));
        shard.setThreadName(t, shard.intern("Core 0 · " + std::string(engineKindName(kind))));
        shard.setTrackRole(t, TrackRole::Engine, kind, 0);
        return t;
    }
    /// A command [s, e] (cycles = ns) of layer `layer` (id `id`); DMA commands move `bytes` DDR->LMEM.
    void cmd(bool dma, long long s, long long e, const std::string &layer, int id, long long bytes = 0)
    {
        std::string a = "{\"cmd_id\":" + std::to_string(++cmdId) + ",\"start_cycle\":" + std::to_string(s) + ",\"end_cycle\":"
            + std::to_string(e) + ",\"cycles\":" + std::to_string(e - s + 1) + ",\"layer\":\"" + layer + "\",\"layer_id\":"
            + std::to_string(id);
        if (dma)
            a += ",\"direction\":\"DDR->LMEM\",\"bytes\":" + std::to_string(bytes);
        a += "}";
        shard.addSlice(dma ? gdma : tiu, s, e - s, shard.intern(dma ? "tensorLd" : "conv"), shard.intern("op"), shard.addArgs(a));
    }
    TracePtr build()
    {
        builder.merge(std::move(shard));
        return builder.build();
    }
    TraceBuilder builder;
    BuilderShard shard{0};
    LocalProcess dev;
    LocalTrack tiu, gdma;
    int cmdId = 0;
};

/// An IBM AIU rank as the aiu importer builds it: core clock 100 MHz (10 ns per ideal cycle),
/// SoC 250 MHz (4 ns per stamp cycle), a compiler log with the given ideal cycles for "conv".
TracePtr aiuTrace(std::uint64_t convIdealCycles)
{
    TraceBuilder builder;
    auto facts = std::make_shared<AiuFacts>();
    facts->socFreqMhz = 250;
    facts->coreFreqMhz = 100;
    facts->compilerLog = "compile.log";
    facts->idealKernels = {{"conv Cmpt Exec", "Conv", convIdealCycles, "TTFT"}};
    facts->categories = {"Conv"};
    facts->devices.push_back({});
    facts->devices.back().rank = 0;
    SourceInfo info;
    info.path = "rank0.json";
    info.format = "aiu";
    info.rank = 0;
    info.aiu = std::move(facts);
    BuilderShard shard(builder.addSource(std::move(info)));
    const LocalProcess dev = shard.process(EntityKey::number(0));
    shard.setProcessKind(dev, ProcessKind::Device, 0);
    const LocalTrack exec = shard.thread(dev, EntityKey::number(1000));
    shard.setTrackRole(exec, TrackRole::DeviceStream);
    // TS3..TS4 = 250 cycles = 1000 ns each; "add" has no ideal cycles (category "other")
    const std::string stamps = R"("TS1":"0","TS2":"0","TS3":"100","TS4":"350","TS5":"356")";
    shard.addSlice(exec, 10000, 1000, shard.intern("conv Cmpt Exec"), shard.intern("kernel"), shard.addArgs("{" + stamps + "}"));
    shard.addSlice(exec, 12000, 1000, shard.intern("add Cmpt Exec"), shard.intern("kernel"), shard.addArgs("{" + stamps + "}"));
    builder.merge(std::move(shard));
    return builder.build();
}

/// A torch_npu rank: Python thread with ProfilerStep#N, Ascend Hardware streams with tasks joined
/// to kernel_details (Type, Accelerator Core).
struct AscendTrace {
    AscendTrace()
    {
        SourceInfo info;
        info.path = "rank0";
        info.format = "ascend-pt";
        info.rank = 0;
        auto facts = std::make_shared<AscendFacts>();
        facts->framework = AscendFacts::Framework::TorchNpu;
        info.ascend = facts;
        builder.addSource(std::move(info));
        py = shard.process(EntityKey::number(100));
        shard.setProcessName(py, shard.intern("Python"));
        shard.setProcessKind(py, ProcessKind::Host);
        thread = shard.thread(py, EntityKey::number(100));
        hw = shard.process(EntityKey::number((100 << 10) | (13 << 5)));
        shard.setProcessName(hw, shard.intern("Ascend Hardware"));
        shard.setProcessKind(hw, ProcessKind::Device, 0);
        stream = shard.thread(hw, EntityKey::number(2));
        shard.setThreadName(stream, shard.intern("Stream 2"));
        shard.setTrackRole(stream, TrackRole::Engine, EngineKind::Compute);
    }
    void step(TimeNs ts, TimeNs dur, int n)
    {
        shard.addSlice(thread, ts, dur, shard.intern("ProfilerStep#" + std::to_string(n)), shard.intern("cpu_op"), kNoArgs);
    }
    void task(TimeNs ts, TimeNs dur, const std::string &type, const std::string &core)
    {
        const std::string args = R"({"Task Type":"AI_CORE","Physic Stream Id":2,"Type":")" + type + R"(","Accelerator Core":")" + core
            + R"(","Block Dim":8})";
        shard.addSlice(stream, ts, dur, shard.intern(type + "_k"), kEmptyString, shard.addArgs(args));
    }
    TracePtr build()
    {
        builder.merge(std::move(shard));
        return builder.build();
    }
    TraceBuilder builder;
    BuilderShard shard{0};
    LocalProcess py, hw;
    LocalTrack thread, stream;
};

} // namespace

class TestFindings : public QObject {
    Q_OBJECT

private slots:
    void exposedCommunication()
    {
        // gemm [0,100) µs, all-reduce [100,300) on its own stream: 200 µs not overlapped of a 300 µs span
        const Table t = findingsOf(kineto({launched(kGemm, 0, 0, 100, 1) + launched(kAllReduce, 1, 100, 200, 2, 20)}));
        const auto rows = rowsOf(t, "exposed-communication");
        QCOMPARE(rows.size(), std::size_t(1));
        QCOMPARE(cell(t, rows[0], "time_at_stake_ns"), std::string("200000"));
        QVERIFY(near(num(t, rows[0], "share_pct"), 200.0 / 300 * 100, 1e-9));
        QCOMPARE(cell(t, rows[0], "severity"), std::string("high"));
        QCOMPARE(cell(t, rows[0], "rank"), std::string("0"));
        QCOMPARE(cell(t, rows[0], "threshold"), std::string("exposed_comm_pct >= 5"));
        // HTA compatibility changes the tables' units, not the findings
        {
            const AnalysisContext ctx(kineto({launched(kGemm, 0, 0, 100, 1) + launched(kAllReduce, 1, 100, 200, 2, 20)}));
            AnalysisOptions hta;
            hta.htaCompat = true;
            const Table h = runAnalysis("findings", ctx, hta);
            QCOMPARE(rowsText(h, {"rule", "time_at_stake_ns"}), rowsText(t, {"rule", "time_at_stake_ns"}));
        }
        // the all-reduce under the gemm is hidden: nothing to find
        const Table hidden = findingsOf(kineto({launched(kGemm, 0, 0, 100, 1) + launched(kAllReduce, 1, 20, 60, 2, 20)}));
        QVERIFY(rowsOf(hidden, "exposed-communication").empty());
        QVERIFY2(notesOf(hidden).find("exposed-communication: not evaluated") == std::string::npos, notesOf(hidden).c_str());
        // 66.7 % exposed does not reach a threshold of 70 %
        QVERIFY(rowsOf(findingsOf(kineto({launched(kGemm, 0, 0, 100, 1) + launched(kAllReduce, 1, 100, 200, 2, 20)}),
                                  {{"exposed_comm_pct", 70}}),
                       "exposed-communication")
                    .empty());
    }

    void launchBoundSteps()
    {
        // step 1: kernels [10,110) and [600,700): device span 690 µs, busy 200, idle 490
        const std::string gappy = cpuOp("ProfilerStep#1", 0, 1000) + launched(kGemm, 5, 10, 100, 1) + launched(kGemm, 500, 600, 100, 2);
        const Table t = findingsOf(kineto({gappy}));
        const auto rows = rowsOf(t, "launch-bound-steps");
        QCOMPARE(rows.size(), std::size_t(1));
        QCOMPARE(cell(t, rows[0], "time_at_stake_ns"), std::string("490000"));
        QVERIFY(near(num(t, rows[0], "share_pct"), 490.0 / 690 * 100, 1e-9));
        QCOMPARE(cell(t, rows[0], "step"), std::string("1"));
        // back to back: no idle
        const std::string busy = cpuOp("ProfilerStep#1", 0, 1000) + launched(kGemm, 5, 10, 100, 1) + launched(kGemm, 6, 110, 590, 2);
        QVERIFY(rowsOf(findingsOf(kineto({busy})), "launch-bound-steps").empty());
        // no steps: said in a note
        const Table noSteps = findingsOf(kineto({launched(kGemm, 5, 10, 100, 1)}));
        QVERIFY2(notesOf(noSteps).find("launch-bound-steps: not evaluated") != std::string::npos, notesOf(noSteps).c_str());
    }

    void drainingSyncs()
    {
        // the host blocks 104 µs in cudaStreamSynchronize [6,110) until the gemm ends, then works
        // 390 µs before the next launch: the device idles [110,505) µs; trace 0..605 µs
        const auto trace = [](int syncDur) {
            return kineto({launched(kGemm, 0, 10, 100, 1) + runtime("cudaStreamSynchronize", 6, syncDur, 2) + cpuOp("after", 110, 390)
                           + launched(kGemm, 500, 505, 100, 3)});
        };
        const Table t = findingsOf(trace(104));
        const auto rows = rowsOf(t, "draining-sync");
        QCOMPARE(rows.size(), std::size_t(1));
        QCOMPARE(cell(t, rows[0], "time_at_stake_ns"), std::string("104000"));
        QVERIFY(near(num(t, rows[0], "share_pct"), 104.0 / 605 * 100, 1e-9));
        QVERIFY(cell(t, rows[0], "evidence").find("cudaStreamSynchronize") != std::string::npos);
        QVERIFY(t.keys[rows[0]].slice.valid());
        // .item() without the runtime call recorded: aten::item [6,110) holds _local_scalar_dense, one wait
        const Table item = findingsOf(kineto({launched(kGemm, 0, 10, 100, 1) + cpuOp("aten::item", 6, 104) + cpuOp("aten::_local_scalar_dense", 7, 102)
                                              + cpuOp("after", 110, 390) + launched(kGemm, 500, 505, 100, 3)}));
        QCOMPARE(rowsOf(item, "draining-sync").size(), std::size_t(1));
        QCOMPARE(cell(item, rowsOf(item, "draining-sync")[0], "time_at_stake_ns"), std::string("104000"));
        // the host waits 304 µs while the device stays busy, and nothing follows: no device idle, nothing lost
        const Table busy = findingsOf(kineto({launched(kGemm, 0, 10, 300, 1) + runtime("cudaStreamSynchronize", 6, 304, 2)
                                              + cpuOp("after", 310, 690)}));
        QVERIFY(rowsOf(busy, "draining-sync").empty());
        // 5 µs of 605: under 2 %, found once the threshold is 0.1 %
        const TracePtr brief = trace(5);
        QVERIFY(rowsOf(findingsOf(brief), "draining-sync").empty());
        const Table low = findingsOf(brief, {{"sync_pct", 0.1}});
        QCOMPARE(rowsOf(low, "draining-sync").size(), std::size_t(1));
        QCOMPARE(cell(low, rowsOf(low, "draining-sync")[0], "time_at_stake_ns"), std::string("5000"));
        QCOMPARE(cell(low, rowsOf(low, "draining-sync")[0], "threshold"), std::string("sync_pct >= 0.1"));
    }

    void stragglerRank()
    {
        // rank 1 reaches the all-reduce at 450 µs, rank 0 at 100: rank 0 waits 350 µs; trace 0..700 µs
        const std::string group = R"(, "Process Group Name": "0", "Seq": 1)";
        const std::string rank0 = runtime("cudaLaunchKernel", 10, 10, 1) + kernel(kAllReduce, 100, 500, 1, 7, "kernel", group)
            + cpuOp("after", 610, 90);
        const std::string rank1 = cpuOp("slow", 0, 400) + runtime("cudaLaunchKernel", 400, 10, 1)
            + kernel(kAllReduce, 450, 150, 1, 7, "kernel", group);
        const Table t = findingsOf(kineto({rank0, rank1}));
        const auto rows = rowsOf(t, "straggler-rank");
        QCOMPARE(rows.size(), std::size_t(1));
        QCOMPARE(cell(t, rows[0], "rank"), std::string("1"));
        QCOMPARE(cell(t, rows[0], "time_at_stake_ns"), std::string("350000"));
        QVERIFY(near(num(t, rows[0], "share_pct"), 50, 1e-9));
        // both arrive together: nobody waits
        const std::string even1 = runtime("cudaLaunchKernel", 10, 10, 1) + kernel(kAllReduce, 100, 500, 1, 7, "kernel", group);
        QVERIFY(rowsOf(findingsOf(kineto({rank0, even1})), "straggler-rank").empty());
        // one rank: not evaluated
        const Table one = findingsOf(kineto({rank0}));
        QVERIFY2(notesOf(one).find("straggler-rank: not evaluated") != std::string::npos, notesOf(one).c_str());
    }

    void dataLoaderStalls()
    {
        // 300 µs of DataLoader in a 1000 µs step
        const std::string loader = "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__";
        const Table t = findingsOf(kineto({cpuOp("ProfilerStep#1", 0, 1000) + cpuOp(loader, 0, 300) + launched(kGemm, 310, 320, 670, 1)}));
        const auto rows = rowsOf(t, "dataloader-stall");
        QCOMPARE(rows.size(), std::size_t(1));
        QCOMPARE(cell(t, rows[0], "time_at_stake_ns"), std::string("300000"));
        QVERIFY(near(num(t, rows[0], "share_pct"), 30, 1e-9));
        QCOMPARE(cell(t, rows[0], "step"), std::string("1"));
        QVERIFY(t.keys[rows[0]].slice.valid()); // the longest data loader call
        // 10 µs of 1000
        const Table quick = findingsOf(kineto({cpuOp("ProfilerStep#1", 0, 1000) + cpuOp(loader, 0, 10) + launched(kGemm, 20, 30, 960, 1)}));
        QVERIFY(rowsOf(quick, "dataloader-stall").empty());
    }

    void tinyKernelStorms()
    {
        // 60 launches of a 2 µs kernel, 10 µs apart; and of a 20 µs kernel, 30 µs apart
        std::string tiny, fine;
        for (int i = 0; i < 60; ++i) {
            tiny += launched("vectorized_elementwise_kernel", 10 * i, 10 * i + 5, 2, i + 1);
            fine += launched("vectorized_elementwise_kernel", 30 * i, 30 * i + 5, 20, i + 1);
        }
        const TracePtr storm = kineto({tiny});
        QVERIFY(rowsOf(findingsOf(storm), "tiny-kernel-storm").empty()); // 60 < 1000 by default
        const Table t = findingsOf(storm, {{"tiny_kernel_count", 50}});
        const auto rows = rowsOf(t, "tiny-kernel-storm");
        QCOMPARE(rows.size(), std::size_t(1));
        QCOMPARE(cell(t, rows[0], "time_at_stake_ns"), std::string("120000"));
        // device span 5 .. 597 µs
        QVERIFY(near(num(t, rows[0], "share_pct"), 120.0 / 592 * 100, 1e-9));
        QVERIFY(rowsOf(findingsOf(kineto({fine}), {{"tiny_kernel_count", 50}}), "tiny-kernel-storm").empty());
    }

    void memcpyOnCriticalPathAndOrder()
    {
        // a 500 µs copy [20,520) the host waits for in cudaStreamSynchronize [15,525), then "after"
        // and a gemm launched at 900: the copy is on the path; the device idles [520,905) while the
        // host was blocked 510 µs, a second, smaller finding
        const auto trace = [](const std::string &name, const std::string &cat) {
            return kineto({launched(name, 0, 20, 500, 1, 7, cat) + runtime("cudaStreamSynchronize", 15, 510, 2)
                           + kernel("Stream Sync", 15, 510, 2, 7, "cuda_sync") + cpuOp("after", 530, 50) + launched(kGemm, 900, 905, 100, 3)});
        };
        const Table t = findingsOf(trace("Memcpy HtoD (Pageable -> Device)", "gpu_memcpy"));
        const auto rows = rowsOf(t, "memcpy-critical-path");
        QCOMPARE(rows.size(), std::size_t(1));
        QCOMPARE(cell(t, rows[0], "time_at_stake_ns"), std::string("500000"));
        QVERIFY(t.keys[rows[0]].slice.valid());
        const auto sync = rowsOf(t, "draining-sync");
        QCOMPARE(sync.size(), std::size_t(1));
        QCOMPARE(cell(t, sync[0], "time_at_stake_ns"), std::string("385000"));
        for (std::size_t r = 1; r < t.rowCount(); ++r)
            QVERIFY(num(t, r - 1, "time_at_stake_ns") >= num(t, r, "time_at_stake_ns"));
        QCOMPARE(cell(t, 0, "rule"), std::string("memcpy-critical-path"));
        // a kernel in its place: no copy on the path
        QVERIFY(rowsOf(findingsOf(trace(kGemm, "kernel")), "memcpy-critical-path").empty());

        // the same in a ProfilerStep (the path's default window): the step's copies are enough to build the path
        const Table inStep = findingsOf(kineto({cpuOp("ProfilerStep#1", 0, 1010) + launched("Memcpy HtoD (Pageable -> Device)", 0, 20, 500, 1, 7, "gpu_memcpy")
                                                + runtime("cudaStreamSynchronize", 15, 510, 2) + kernel("Stream Sync", 15, 510, 2, 7, "cuda_sync")
                                                + cpuOp("after", 530, 50) + launched(kGemm, 900, 905, 100, 3)}));
        const auto stepRows = rowsOf(inStep, "memcpy-critical-path");
        QCOMPARE(stepRows.size(), std::size_t(1));
        QCOMPARE(cell(inStep, stepRows[0], "time_at_stake_ns"), std::string("500000"));
        // a 1 µs copy in a 1010 µs step cannot be 5 % of its path: nothing found, and the rule counts as evaluated
        const Table small = findingsOf(kineto({cpuOp("ProfilerStep#1", 0, 1010) + launched("Memcpy HtoD (Pageable -> Device)", 0, 20, 1, 1, 7, "gpu_memcpy")
                                               + launched(kGemm, 30, 35, 900, 3)}));
        QVERIFY(rowsOf(small, "memcpy-critical-path").empty());
        QVERIFY(notesOf(small).find("memcpy-critical-path: not evaluated") == std::string::npos);
    }

    void sophgoDmaBoundLayers()
    {
        // layer "load" (1): DMA [0,1000] against TIU [0,200]: 800 ns beyond TIU; layer "conv" (2)
        // TIU [1000,2000] against DMA [1000,1100]: TIU-bound
        SophgoTrace s;
        s.cmd(true, 0, 1000, "load", 1, 4096);
        s.cmd(false, 0, 200, "load", 1);
        s.cmd(false, 1000, 2000, "conv", 2);
        s.cmd(true, 1000, 1100, "conv", 2, 512);
        const Table t = findingsOf(s.build());
        const auto rows = rowsOf(t, "sophgo-dma-bound");
        QCOMPARE(rows.size(), std::size_t(1));
        QCOMPARE(cell(t, rows[0], "time_at_stake_ns"), std::string("800"));
        QVERIFY(near(num(t, rows[0], "share_pct"), 800.0 / 2000 * 100, 1e-9));
        QVERIFY(cell(t, rows[0], "evidence").find("load") != std::string::npos);
        SophgoTrace computeBound;
        computeBound.cmd(false, 0, 1000, "conv", 1);
        computeBound.cmd(true, 0, 100, "conv", 1, 512);
        QVERIFY(rowsOf(findingsOf(computeBound.build()), "sophgo-dma-bound").empty());
        // a Kineto trace: not evaluated
        const Table k = findingsOf(kineto({launched(kGemm, 0, 10, 100, 1)}));
        QVERIFY2(notesOf(k).find("sophgo-dma-bound: not evaluated") != std::string::npos, notesOf(k).c_str());
    }

    void aiuBelowIdeal()
    {
        // conv: 1000 ns measured, ideal 10 cycles = 100 ns (PT utilization 10 %); AIU kernel time 2000 ns
        const Table t = findingsOf(aiuTrace(10));
        const auto rows = rowsOf(t, "aiu-below-ideal");
        QCOMPARE(rows.size(), std::size_t(1));
        QCOMPARE(cell(t, rows[0], "time_at_stake_ns"), std::string("900"));
        QVERIFY(near(num(t, rows[0], "share_pct"), 45, 1e-9));
        QVERIFY(cell(t, rows[0], "evidence").find("Conv") != std::string::npos);
        // ideal 80 cycles = 800 ns: 80 % utilization
        QVERIFY(rowsOf(findingsOf(aiuTrace(80)), "aiu-below-ideal").empty());
    }

    void ascendAiCpuAndFreeTime()
    {
        // step [0,10000) ns: MatMul on AI_CORE [1000,2000), GatherV2 on AI_CPU [2000,4000), then
        // nothing until Add [8000,9000)
        AscendTrace a;
        a.step(0, 10000, 1);
        a.task(1000, 1000, "MatMul", "AI_CORE");
        a.task(2000, 2000, "GatherV2", "AI_CPU");
        a.task(8000, 1000, "Add", "AI_VECTOR_CORE");
        const AnalysisContext ctx(a.build());
        const Table t = runAnalysis("findings", ctx, {});
        const auto cpu = rowsOf(t, "ascend-aicpu");
        QCOMPARE(cpu.size(), std::size_t(1));
        QCOMPARE(cell(t, cpu[0], "time_at_stake_ns"), std::string("2000"));
        QVERIFY(near(num(t, cpu[0], "share_pct"), 50, 1e-9));
        QVERIFY(cell(t, cpu[0], "evidence").find("GatherV2") != std::string::npos);
        // Free is the steps table's: the finding carries it and its share of Stage
        const Table steps = runAnalysis("steps", ctx, {});
        QCOMPARE(steps.rowCount(), std::size_t(1));
        const auto free = rowsOf(t, "ascend-free-time");
        QCOMPARE(free.size(), std::size_t(1));
        QVERIFY(num(steps, 0, "free_ns") >= 4000); // [4000,8000) at least
        QCOMPARE(cell(t, free[0], "time_at_stake_ns"), cell(steps, 0, "free_ns"));
        QVERIFY(near(num(t, free[0], "share_pct"), 100 * num(steps, 0, "free_ns") / num(steps, 0, "stage_ns"), 1e-9));

        AscendTrace busy;
        busy.step(0, 3000, 1);
        busy.task(0, 1500, "MatMul", "AI_CORE");
        busy.task(1500, 1500, "Add", "AI_VECTOR_CORE");
        const Table none = findingsOf(busy.build());
        QVERIFY(rowsOf(none, "ascend-aicpu").empty());
        QVERIFY(rowsOf(none, "ascend-free-time").empty());
    }

    void noFindingSaysWhichRulesRan()
    {
        const Table t = findingsOf(kineto({launched(kGemm, 0, 10, 100, 1)}));
        QCOMPARE(t.rowCount(), std::size_t(0));
        const std::string notes = notesOf(t);
        QVERIFY2(notes.find("no finding; rules evaluated: ") != std::string::npos, notes.c_str());
        QVERIFY2(notes.find("tiny-kernel-storm") != std::string::npos, notes.c_str());
        QVERIFY2(notes.find("aiu-below-ideal: not evaluated") != std::string::npos, notes.c_str());
        QVERIFY2(notes.find("ascend-aicpu: not evaluated") != std::string::npos, notes.c_str());
    }

    void thresholdsAreDocumentedAndDefaulted()
    {
        QVERIFY(findingThresholds().size() >= 13);
        for (const FindingThreshold &f : findingThresholds()) {
            QVERIFY(!f.description.empty());
            QVERIFY(f.defaultValue > 0);
        }
    }

#ifdef ACCELSCOPE_CLI
    void cliSetsThresholds()
    {
        std::vector<fs::path> paths;
        const fs::path path = writeRanks({launched(kGemm, 0, 10, 100, 1) + runtime("cudaStreamSynchronize", 6, 5, 2) + cpuOp("after", 110, 390)
                                          + launched(kGemm, 500, 505, 100, 3)},
                                         paths);
        QProcess p;
        p.start(QStringLiteral(ACCELSCOPE_CLI), {"analyze", "findings", QString::fromStdString(path.string()), "--csv",
                                                 "--finding-threshold", "sync_pct=0.1"});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(out.contains(QStringLiteral("draining-sync")), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("sync_pct >= 0.1")), qPrintable(out));
        QProcess bad;
        bad.start(QStringLiteral(ACCELSCOPE_CLI), {"analyze", "findings", QString::fromStdString(path.string()),
                                                   "--finding-threshold", "no_such_threshold=1"});
        QVERIFY(bad.waitForFinished(60000));
        QVERIFY(bad.exitCode() != 0);
        QVERIFY(QString::fromUtf8(bad.readAllStandardError()).contains(QStringLiteral("sync_pct")));
    }
#endif
};

QTEST_GUILESS_MAIN(TestFindings)
#include "tst_findings.moc"
