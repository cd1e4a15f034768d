// critical-path beyond Kineto: per rule a hand-made torch_npu trace_view.json (read by the Ascend
// importer) or AIU / Sophgo trace (built as their importers build them) that must fire it and
// one that must not; the notes that say what a vendor's trace cannot tell; and the shared
// Ascend and AIU samples, on which the path must be a chain in time whose summary sums to 100 %.
#include "criticalpathtesthelpers.h"

#include "importers/registry.h"
#include "model/aiufacts.h"
#include "model/analysis/criticalpath/criticalpath.h"
#include "model/tracebuilder.h"

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

const fs::path kShared = fs::path(ACCELSCOPE_SHARED_DATA);

TracePtr load(const std::vector<fs::path> &paths)
{
    importers::ImportContext ictx;
    auto r = importers::loadTrace(paths, ictx);
    if (!r.ok())
        qFatal("cannot load %s: %s", paths.front().string().c_str(), r.error().toString().c_str());
    return r.value().trace;
}

// ---------- torch_npu trace_view.json ----------
// Python (pid 100): thread 1 runs the operators, thread 2 is the task queue's dequeue thread.
// CANN (pid 200) has the same OS threads. Ascend Hardware (pid 300) stream 2, HCCL (pid 400).

std::string slice(const std::string &name, const std::string &cat, int pid, int tid, int ts, int dur, const std::string &args = "{}")
{
    return R"({"ph":"X","name":")" + name + R"(","cat":")" + cat + R"(","pid":)" + std::to_string(pid) + R"(,"tid":)"
        + std::to_string(tid) + R"(,"ts":")" + std::to_string(ts) + R"(.000","dur":)" + std::to_string(dur) + R"(,"args":)" + args
        + "},";
}

std::string op(const std::string &name, int ts, int dur, int tid = 1)
{
    return slice(name, "cpu_op", 100, tid, ts, dur);
}

std::string cann(const std::string &name, int ts, int dur, int tid = 2)
{
    return slice(name, "", 200, tid, ts, dur, R"({"Thread Id":)" + std::to_string(tid) + "}");
}

std::string task(const std::string &name, int ts, int dur, int pid = 300, int tid = 2)
{
    return slice(name, "", pid, tid, ts, dur, R"({"Task Type":"AI_CORE","Physic Stream Id":)" + std::to_string(tid) + "}");
}

struct End {
    int pid, tid, ts;
};

std::string flow(const std::string &cat, int id, End from, End to)
{
    const auto point = [&](const char *ph, End e, const char *extra) {
        return R"({"ph":")" + std::string(ph) + R"(","name":")" + cat + R"(","cat":")" + cat + R"(","id":")" + std::to_string(id)
            + R"(","pid":)" + std::to_string(e.pid) + R"(,"tid":)" + std::to_string(e.tid) + R"(,"ts":")" + std::to_string(e.ts)
            + R"(.000")" + extra + "},";
    };
    return point("s", from, "") + point("f", to, R"(,"bp":"e")");
}

std::string ascendMetadata()
{
    std::string m;
    const auto process = [&](int pid, const std::string &name, const std::string &labels) {
        m += R"({"ph":"M","name":"process_name","pid":)" + std::to_string(pid) + R"(,"tid":0,"args":{"name":")" + name + R"("}},)";
        m += R"({"ph":"M","name":"process_labels","pid":)" + std::to_string(pid) + R"(,"tid":0,"args":{"labels":")" + labels + R"("}},)";
    };
    process(100, "Python", "CPU");
    process(200, "CANN", "CPU");
    process(300, "Ascend Hardware", "NPU 0");
    process(400, "HCCL", "NPU 0");
    m += R"({"ph":"M","name":"thread_name","pid":300,"tid":2,"args":{"name":"Stream 2"}},)";
    m += R"({"ph":"M","name":"thread_name","pid":400,"tid":0,"args":{"name":"Group 0 Communication"}},)";
    return m;
}

/// A trace_view.json of the given events, loaded by the Ascend importer.
TracePtr ascend(const std::string &events)
{
    static QTemporaryDir dir;
    static int n = 0;
    const fs::path folder = fs::path(dir.path().toStdString()) / ("case" + std::to_string(n++));
    fs::create_directories(folder);
    std::string text = ascendMetadata() + events;
    text.pop_back(); // the last comma
    std::ofstream(folder / "trace_view.json") << "[" << text << "]";
    return load({folder / "trace_view.json"});
}

/// The operator aclnnMuls (in aten::mul) enqueues at 120 µs; the dequeue thread launches its task
/// (Node@launch at 320 µs) and the task runs 500-900 µs; aten::item synchronises (AscendCL call
/// from `syncStart`, `syncDur` long). The step is 0-1000 µs.
std::string muls(bool cannFlows, int syncStart = 600, int syncDur = 350, bool queueFlow = true)
{
    std::string e = op("ProfilerStep#1", 0, 1000) + op("aten::mul", 100, 100) + op("aclnnMuls", 110, 80)
        + slice("Enqueue", "enqueue", 100, 1, 120, 10) + slice("Dequeue@aclnnMuls", "dequeue", 100, 2, 300, 100)
        + cann("AscendCL@aclnnMuls", 310, 80) + cann("Node@launch", 320, 10) + task("Mul", 500, 400)
        + op("aten::item", syncStart - 10, syncDur + 20) + cann("AscendCL@aclrtSynchronizeStream", syncStart, syncDur, 1)
        + flow("async_npu", 3, {100, 1, 150}, {300, 2, 505});
    if (queueFlow)
        e += flow("async_task_queue", 1, {100, 1, 125}, {100, 2, 305});
    if (cannFlows)
        e += flow("HostToDevice", 2, {200, 2, 325}, {300, 2, 505});
    return e;
}

AnalysisOptions firstStep()
{
    AnalysisOptions o;
    o.annotation = std::string("ProfilerStep#");
    return o;
}

bool hasNoteStarting(const Table &t, const std::string &prefix)
{
    return std::any_of(t.notes.begin(), t.notes.end(), [&](const std::string &n) { return n.starts_with(prefix); });
}

/// The graph's edge count, from the note "graph of N nodes and M edges; ...".
long long graphEdges(const Table &t)
{
    for (const std::string &n : t.notes)
        if (n.starts_with("graph of ")) {
            const std::size_t and_ = n.find(" and ");
            return std::stoll(n.substr(and_ + 5));
        }
    return -1;
}

/// The structural facts every path has: consecutive edges share their node, edges go forward
/// in time and weigh what they span (or nothing), the summary sums to 100 %.
void checkChain(const AnalysisContext &ctx, const AnalysisOptions &o, const Table &t)
{
    QVERIFY2(t.checkConsistent().empty(), t.checkConsistent().c_str());
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        const double start = num(t, r, "start"), end = num(t, r, "end"), dur = num(t, r, "duration_ns");
        QVERIFY2(end >= start, (std::to_string(r) + ": " + joined(pathOf(t))).c_str());
        QVERIFY(dur == 0 || dur == end - start);
        if (r + 1 < t.rowCount()) {
            QCOMPARE(cell(t, r, "to_event"), cell(t, r + 1, "from_event"));
            QCOMPARE(cell(t, r, "to_point"), cell(t, r + 1, "from_point"));
            QCOMPARE(num(t, r, "end"), num(t, r + 1, "start"));
        }
    }
    const Table s = criticalPathSummary(ctx, o);
    double percent = 0;
    for (std::size_t r = 0; r < s.rowCount(); ++r)
        percent += num(s, r, "percent");
    QVERIFY2(near(percent, 100, 1e-9), std::to_string(percent).c_str());
}

// ---------- AIU: device blocks as the AIU importer builds them ----------

struct AiuBlocks {
    TraceBuilder builder;
    std::unique_ptr<BuilderShard> shard;
    std::map<std::string, LocalTrack> tracks;
    LocalProcess device;

    AiuBlocks()
    {
        SourceInfo info;
        info.path = "rank0.json";
        info.format = "aiu";
        info.rank = 0;
        auto facts = std::make_shared<AiuFacts>();
        facts->devices.push_back({});
        facts->devices.back().rank = 0;
        info.aiu = std::move(facts);
        shard = std::make_unique<BuilderShard>(builder.addSource(std::move(info)));
        device = shard->process(EntityKey::number(0));
        shard->setProcessKind(device, ProcessKind::Device, 0);
        int tid = 1000;
        for (const char *phase : {"Cmpt Exec", "Cmpt Prep", "DmaI", "DmaO"}) {
            tracks[phase] = shard->thread(device, EntityKey::number(tid++));
            shard->setTrackRole(tracks[phase], TrackRole::DeviceStream);
            shard->setThreadName(tracks[phase], shard->intern(phase));
        }
    }
    /// A block's phase `phase` of kernel `kernel`, times in µs.
    void add(const std::string &kernel, const std::string &phase, TimeNs ts, TimeNs dur)
    {
        const std::string cat = phase.starts_with("Cmpt") ? "kernel" : "user_annotation";
        shard->addSlice(tracks.at(phase), ts * 1000, dur * 1000, shard->intern(kernel + " " + phase), shard->intern(cat),
                        shard->addArgs("{}"));
    }
    TracePtr build()
    {
        builder.merge(std::move(*shard));
        return builder.build();
    }
};

} // namespace

class TestCriticalPathVendors : public QObject
{
    Q_OBJECT
private slots:
    void ascendTaskLaunchedThroughTheTaskQueue()
    {
        // Given an operator whose task is enqueued, dequeued, launched by Node@launch while the
        // stream is idle, and waited for by aclrtSynchronizeStream
        const AnalysisContext ctx(ascend(muls(true)));
        // When the path of the step is built
        const Table t = criticalPath(ctx, firstStep());
        // Then it runs from the operator through the queue and the launch to the task and back
        // through the synchronisation; the synchronising call's own time is not CPU work
        const std::vector<std::string> want = {
            "operator ProfilerStep#1.start->aten::mul.start 100000",
            "operator aten::mul.start->aclnnMuls.start 10000",
            "operator aclnnMuls.start->Enqueue.start 10000",
            "dependency Enqueue.start->Dequeue@aclnnMuls.start 0",
            "operator Dequeue@aclnnMuls.start->AscendCL@aclnnMuls.start 10000",
            "operator AscendCL@aclnnMuls.start->Node@launch.start 10000",
            "kernel_launch_delay Node@launch.start->Mul.start 180000",
            "operator Mul.start->Mul.end 400000",
            "sync_dependency Mul.end->AscendCL@aclrtSynchronizeStream.end 0",
            "operator AscendCL@aclrtSynchronizeStream.end->aten::item.end 10000",
            "operator aten::item.end->ProfilerStep#1.end 40000"};
        QCOMPARE(joined(pathOf(t)), joined(want));
        QCOMPARE(cell(t, 6, "bound_by"), std::string("gpu_kernel_launch_overhead"));
        QCOMPARE(cell(t, 7, "bound_by"), std::string("gpu_compute_bound"));
        QCOMPARE(cell(t, 4, "bound_by"), std::string("cpu_bound"));
        QVERIFY(hasNoteStarting(t, "Ascend: synchronising AscendCL calls name no stream"));
        checkChain(ctx, firstStep(), t);
        const Table s = criticalPathSummary(ctx, firstStep());
        QCOMPARE(rowsText(s, {"bound_by", "duration_ns"}),
                 std::string("|0;cpu_bound|190000;gpu_compute_bound|400000;gpu_kernel_launch_overhead|180000;"));
    }

    void ascendOperatorIsTheLaunchWithoutCannFlows()
    {
        // Given the same trace without its HostToDevice flow (CANN pruned, Level0): the task's
        // launch is the operator of its async_npu flow
        const AnalysisContext ctx(ascend(muls(false)));
        const Table t = criticalPath(ctx, firstStep());
        QVERIFY2(hasEdge(t, "kernel_launch_delay aclnnMuls.start->Mul.start 390000"), joined(pathOf(t)).c_str());
        QVERIFY(!hasEdge(t, "kernel_launch_delay Node@launch.start->Mul.start 180000"));
        checkChain(ctx, firstStep(), t);
    }

    void ascendSyncWaitsOnlyWhenATaskEndsDuringIt()
    {
        // Given a synchronisation during which the task ends (fires) and one that starts after
        // the task ended (must not fire): the second graph has one synchronisation edge less
        const AnalysisContext waits(ascend(muls(true, 600, 350)));
        const AnalysisContext idle(ascend(muls(true, 910, 50)));
        const Table t = criticalPath(waits, firstStep());
        const Table u = criticalPath(idle, firstStep());
        QVERIFY(hasEdge(t, "sync_dependency Mul.end->AscendCL@aclrtSynchronizeStream.end 0"));
        QCOMPARE(graphEdges(u), graphEdges(t) - 1);
        const std::vector<std::string> idlePath = pathOf(u);
        QVERIFY(std::none_of(idlePath.begin(), idlePath.end(), [](const std::string &e) { return e.starts_with("sync_dependency"); }));
        checkChain(idle, firstStep(), u);
    }

    void ascendTaskQueuePairedInOrderWithoutFlows()
    {
        // Given the task queue without its flows (db exports): the k-th Enqueue hands over to the
        // k-th Dequeue, and a note says so
        const AnalysisContext ctx(ascend(muls(true, 600, 350, false)));
        const Table t = criticalPath(ctx, firstStep());
        QVERIFY2(hasEdge(t, "dependency Enqueue.start->Dequeue@aclnnMuls.start 0"), joined(pathOf(t)).c_str());
        QVERIFY(hasNoteStarting(t, "Ascend: the output has no task-queue flows"));
        checkChain(ctx, firstStep(), t);
        // and must not pair when a Dequeue has no Enqueue (the profile began with the queue full)
        const AnalysisContext unpaired(ascend(muls(true, 600, 350, false) + slice("Dequeue@aclnnAdd", "dequeue", 100, 2, 410, 20)));
        const Table u = criticalPath(unpaired, firstStep());
        QVERIFY(hasNoteStarting(u, "Ascend: Enqueue and Dequeue cannot be paired"));
        QVERIFY(!hasEdge(u, "dependency Enqueue.start->Dequeue@aclnnMuls.start 0"));
        QVERIFY(!hasEdge(u, "dependency Enqueue.start->Dequeue@aclnnAdd.start 0"));
    }

    void ascendRuntimeSyncInsideTheAscendClSyncIsNoCpuWork()
    {
        // Given Level2's Runtime@StreamSynchronize inside aclrtSynchronizeStream: the blocked
        // time is still not CPU work (the same summary as without it)
        const AnalysisContext ctx(ascend(muls(true) + cann("Runtime@StreamSynchronize", 605, 340, 1)));
        const Table s = criticalPathSummary(ctx, firstStep());
        QCOMPARE(rowsText(s, {"bound_by", "duration_ns"}),
                 std::string("|0;cpu_bound|190000;gpu_compute_bound|400000;gpu_kernel_launch_overhead|180000;"));
        checkChain(ctx, firstStep(), criticalPath(ctx, firstStep()));
    }

    void ascendOverlappingTasksOfAStreamAreNotAGap()
    {
        // Given two tasks of one stream that overlap (as db exports have them), the second
        // launched while the first ran: no kernel-kernel edge of negative length joins them
        const std::string e = op("ProfilerStep#1", 0, 200) + op("a", 10, 30) + op("b", 150, 30) + cann("Node@launch", 15, 5, 1)
            + cann("Node@launch", 155, 5, 1) + task("T1", 100, 300) + task("T2", 350, 300)
            + flow("HostToDevice", 1, {200, 1, 16}, {300, 2, 101}) + flow("HostToDevice", 2, {200, 1, 156}, {300, 2, 351});
        const AnalysisContext ctx(ascend(e));
        const Table t = criticalPath(ctx, firstStep());
        QCOMPARE(findRow(t, {{"type", "critical_path_kernel_kernel_delay"}}), -1);
        QVERIFY2(hasEdge(t, "operator T1.start->T1.end 300000") || hasEdge(t, "operator T2.start->T2.end 300000"), joined(pathOf(t)).c_str());
        checkChain(ctx, firstStep(), t);
    }

    void ascendQueuedTaskWaitsForThePreviousTask()
    {
        // Given two launches, the second while the first task runs: the second task waits for
        // the first (kernel-kernel), not for its launch (the step ends before the tasks: the
        // device's work is the longer path)
        const std::string e = op("ProfilerStep#1", 0, 200) + op("a", 10, 30) + op("b", 150, 30) + cann("Node@launch", 15, 5, 1)
            + cann("Node@launch", 155, 5, 1) + task("T1", 100, 300) + task("T2", 410, 300)
            + flow("HostToDevice", 1, {200, 1, 16}, {300, 2, 101}) + flow("HostToDevice", 2, {200, 1, 156}, {300, 2, 411});
        const AnalysisContext ctx(ascend(e));
        const Table t = criticalPath(ctx, firstStep());
        QVERIFY2(hasEdge(t, "kernel_kernel_delay T1.end->T2.start 10000"), joined(pathOf(t)).c_str());
        QVERIFY2(hasEdge(t, "kernel_launch_delay Node@launch.start->T1.start 85000"), joined(pathOf(t)).c_str());
        const std::vector<std::string> path = pathOf(t);
        QVERIFY(std::none_of(path.begin(), path.end(), [](const std::string &x) { return x.find("Node@launch.start->T2.start") != std::string::npos; }));
        checkChain(ctx, firstStep(), t);
    }

    void ascendCallLaunchingSeveralTasksIsAGroupLaunch()
    {
        // Given one Node@launch whose HostToDevice flow ends on two tasks: the first task waits
        // for the launch, the second for the first
        const std::string e = op("ProfilerStep#1", 0, 100) + op("a", 10, 30) + cann("Node@launch", 15, 5, 1) + task("T1", 100, 300)
            + task("T2", 410, 300) + flow("HostToDevice", 1, {200, 1, 16}, {300, 2, 101}) + flow("HostToDevice", 1, {200, 1, 16}, {300, 2, 411});
        const AnalysisContext ctx(ascend(e));
        const Table t = criticalPath(ctx, firstStep());
        QVERIFY2(hasEdge(t, "kernel_launch_delay Node@launch.start->T1.start 85000"), joined(pathOf(t)).c_str());
        QVERIFY(hasEdge(t, "kernel_kernel_delay T1.end->T2.start 10000"));
        checkChain(ctx, firstStep(), t);
    }

    void ascendHcclOperatorIsCommunication()
    {
        // Given an HCCL collective launched by its AscendCL call: its time is communication-bound
        const std::string e = op("ProfilerStep#1", 0, 100) + op("HcclAllreduce", 10, 30) + cann("AscendCL@hcom_allReduce_", 15, 10, 1)
            + task("hcom_allReduce__586_0_1", 100, 600, 400, 0) + flow("HostToDevice", 1, {200, 1, 16}, {400, 0, 101});
        const AnalysisContext ctx(ascend(e));
        const Table t = criticalPath(ctx, firstStep());
        const int row = findRow(t, {{"event", "hcom_allReduce__586_0_1"}, {"type", "critical_path_operator"}});
        QVERIFY2(row >= 0, joined(pathOf(t)).c_str());
        QCOMPARE(cell(t, std::size_t(row), "bound_by"), std::string("gpu_communication_bound"));
        QVERIFY(hasNoteStarting(t, "Ascend: an HCCL operator is one communication-bound task"));
        checkChain(ctx, firstStep(), t);
    }

    void ascendWithoutFlowsSaysSo()
    {
        // Given device tasks and no flows at all (a device-only export): a note says why the
        // tasks are not on the path, and none is
        const AnalysisContext ctx(ascend(op("ProfilerStep#1", 0, 1000) + op("a", 10, 30) + task("T1", 100, 300)));
        const Table t = criticalPath(ctx, firstStep());
        QVERIFY(hasNoteStarting(t, "Ascend: the output has no host-to-device flows"));
        QCOMPARE(findRow(t, {{"event", "T1"}}), -1);
        QVERIFY(t.rowCount() > 0); // the host's own path
    }

    void htaCompatibilityLeavesTheVendorRulesOff()
    {
        // Given an Ascend trace read in HTA mode: no device task is on the path, and a note says why
        const AnalysisContext ctx(ascend(muls(true)));
        AnalysisOptions o = firstStep();
        o.htaCompat = true;
        const Table t = criticalPath(ctx, o);
        QVERIFY(hasNoteStarting(t, "HTA compatibility: HTA reads Kineto traces only"));
        QCOMPARE(findRow(t, {{"event", "Mul"}}), -1);
    }

    void kinetoTraceHasNoVendorNotes()
    {
        KinetoTrace k;
        k.host(0, 100, "aten::mm");
        k.launch(10, 10, 7, 200, 300, "gemm", 1);
        const AnalysisContext ctx(k.build());
        const Table t = criticalPath(ctx, wholeTrace());
        QVERIFY(t.rowCount() > 0);
        QVERIFY(!hasNoteStarting(t, "Ascend:") && !hasNoteStarting(t, "AIU:") && !hasNoteStarting(t, "Sophgo:"));
        AnalysisOptions compat = wholeTrace();
        compat.htaCompat = true;
        QVERIFY(!hasNoteStarting(criticalPath(ctx, compat), "HTA compatibility: HTA reads Kineto traces only"));
    }

    void aiuPrepIsTheLaunchWhenTheDeviceIsIdle()
    {
        // Given block A, then B prepared after A ended (the AIU idle: B waited for its Prep) and
        // C prepared while B ran (C waited for B, not for its Prep)
        AiuBlocks b;
        b.add("A", "Cmpt Prep", 0, 100);
        b.add("A", "Cmpt Exec", 100, 200);
        b.add("B", "Cmpt Prep", 350, 50);
        b.add("B", "Cmpt Exec", 400, 300);
        b.add("C", "Cmpt Prep", 650, 60);
        b.add("C", "Cmpt Exec", 710, 100);
        const AnalysisContext ctx(b.build());
        const Table t = criticalPath(ctx, wholeTrace());
        const std::vector<std::string> want = {"kernel_launch_delay B Cmpt Prep.start->B Cmpt Exec.start 50000",
                                               "operator B Cmpt Exec.start->B Cmpt Exec.end 300000",
                                               "kernel_kernel_delay B Cmpt Exec.end->C Cmpt Exec.start 10000",
                                               "operator C Cmpt Exec.start->C Cmpt Exec.end 100000"};
        QCOMPARE(joined(pathOf(t)), joined(want));
        QCOMPARE(cell(t, 0, "bound_by"), std::string("gpu_kernel_launch_overhead"));
        QCOMPARE(cell(t, 1, "bound_by"), std::string("gpu_compute_bound"));
        QCOMPARE(cell(t, 2, "bound_by"), std::string("gpu_kernel_kernel_overhead"));
        QVERIFY(hasNoteStarting(t, "AIU: the Flex trace has no host calls"));
        checkChain(ctx, wholeTrace(), t);
    }

    void aiuBlockRecordedTwiceKeepsTheChain()
    {
        // Given block B recorded twice (the same times, as in the AIU job sample): C still
        // follows B, and the copy is not joined to B by a gap of negative length
        AiuBlocks b;
        b.add("A", "Cmpt Exec", 0, 100);
        b.add("B", "Cmpt Exec", 110, 100);
        b.add("B", "Cmpt Exec", 110, 100);
        b.add("C", "Cmpt Exec", 220, 100);
        const AnalysisContext ctx(b.build());
        const Table t = criticalPath(ctx, wholeTrace());
        QVERIFY2(hasEdge(t, "kernel_kernel_delay B Cmpt Exec.end->C Cmpt Exec.start 10000"), joined(pathOf(t)).c_str());
        QVERIFY(hasEdge(t, "kernel_kernel_delay A Cmpt Exec.end->B Cmpt Exec.start 10000"));
        QCOMPARE(findRow(t, {{"from_event", "B Cmpt Exec"}, {"to_event", "B Cmpt Exec"}, {"type", "critical_path_kernel_kernel_delay"}}), -1);
        checkChain(ctx, wholeTrace(), t);
    }

    void aiuReductionWaitsForItsReceive()
    {
        // Given a reduction whose Prep spans a receive that ends just before it runs (fires), and
        // a receive that ended before the Prep began (must not: nothing waited for it)
        AiuBlocks b;
        b.add("SenRdmaReceive_1 [sync=AllReduce_x_s0_r1_0]", "DmaI", 0, 5);
        b.add("AllReduce_x_Add_1", "Cmpt Prep", 10, 490);
        b.add("SenRdmaReceive_2 [sync=AllReduce_x_s1_r0_0]", "DmaI", 20, 470);
        b.add("AllReduce_x_Add_1", "Cmpt Exec", 500, 100);
        const AnalysisContext ctx(b.build());
        const Table t = criticalPath(ctx, wholeTrace());
        const std::vector<std::string> want = {
            "operator SenRdmaReceive_2 [sync=AllReduce_x_s1_r0_0] DmaI.start->SenRdmaReceive_2 [sync=AllReduce_x_s1_r0_0] DmaI.end 470000",
            "sync_dependency SenRdmaReceive_2 [sync=AllReduce_x_s1_r0_0] DmaI.end->AllReduce_x_Add_1 Cmpt Exec.start 0",
            "operator AllReduce_x_Add_1 Cmpt Exec.start->AllReduce_x_Add_1 Cmpt Exec.end 100000"};
        QCOMPARE(joined(pathOf(t)), joined(want));
        QCOMPARE(cell(t, 0, "bound_by"), std::string("gpu_communication_bound"));
        QCOMPARE(findRow(t, {{"event", "SenRdmaReceive_1 [sync=AllReduce_x_s0_r1_0] DmaI"}}), -1);
        checkChain(ctx, wholeTrace(), t);
    }

    void sophgoDumpSaysWhyThereIsNoPath()
    {
        TraceBuilder builder;
        SourceInfo info;
        info.path = "dump";
        info.format = "sophgo";
        BuilderShard shard(builder.addSource(std::move(info)));
        const LocalProcess dev = shard.process(EntityKey::number(0));
        shard.setProcessKind(dev, ProcessKind::Device, 0);
        const LocalTrack tiu = shard.thread(dev, EntityKey::number(1));
        shard.setTrackRole(tiu, TrackRole::Engine, EngineKind::TIU);
        shard.addSlice(tiu, 0, 1000, shard.intern("conv"), shard.intern("TIU"), shard.addArgs("{}"));
        builder.merge(std::move(shard));
        const AnalysisContext ctx(builder.build());
        const Table t = criticalPath(ctx, wholeTrace());
        QCOMPARE(t.rowCount(), std::size_t(0));
        QVERIFY(hasNoteStarting(t, "Sophgo: the dump holds the engines' commands only"));
        QVERIFY(hasNoteStarting(t, "no critical path"));
    }

    void ascendSamples_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("text level1") << "ascend/pt_text_level1_8card_cnn/rank0_ascend_pt";
        QTest::newRow("db level2") << "ascend/pt_db_level2_2rank/rank0_ascend_pt";
    }

    void ascendSamples()
    {
        QFETCH(QString, path);
        const fs::path input = kShared / path.toStdString();
        if (!fs::exists(input))
            QSKIP("shared sample absent");
        const AnalysisContext ctx(load({input}));
        const AnalysisOptions o; // the first ProfilerStep
        const Table t = criticalPath(ctx, o);
        QVERIFY2(t.rowCount() > 0, t.notes.empty() ? "" : t.notes.back().c_str());
        checkChain(ctx, o, t);
        // the path covers the step: it starts at the step's start and ends at or after its end
        const int step = findRow(t, {{"from_event", "ProfilerStep#50"}, {"from_point", "start"}});
        QVERIFY(step == 0);
        const std::int64_t stepStart = std::int64_t(num(t, 0, "start"));
        std::int64_t stepEnd = -1;
        for (std::size_t r = 0; r < t.rowCount(); ++r)
            if (cell(t, r, "to_event") == "ProfilerStep#50" && cell(t, r, "to_point") == "end")
                stepEnd = std::int64_t(num(t, r, "end"));
        QVERIFY(stepEnd > stepStart);
        QVERIFY(std::int64_t(num(t, t.rowCount() - 1, "end")) >= stepEnd);
        // device tasks are on it, joined by launches
        QVERIFY(findRow(t, {{"bound_by", "gpu_compute_bound"}}) >= 0);
        QVERIFY(findRow(t, {{"type", "critical_path_kernel_launch_delay"}}) >= 0 || findRow(t, {{"type", "critical_path_sync_dependency"}}) >= 0);
    }

    void ascendDeviceOnlySample()
    {
        const fs::path input = kShared / "ascend/pt_text_level2_4rank_qwen3_cann83/rank_0_ascend_pt";
        if (!fs::exists(input))
            QSKIP("shared sample absent");
        const AnalysisContext ctx(load({input}));
        const Table t = criticalPath(ctx, AnalysisOptions{});
        QCOMPARE(t.rowCount(), std::size_t(0));
        QVERIFY(hasNoteStarting(t, "Ascend: the output has no host-to-device flows"));
        QVERIFY(hasNoteStarting(t, "no critical path"));
    }

    void sophgoSample()
    {
        const fs::path input = kShared / "sophgo/bmprofile_data-1_bm1684x";
        if (!fs::exists(input))
            QSKIP("shared sample absent");
        const AnalysisContext ctx(load({input}));
        const Table t = criticalPath(ctx, AnalysisOptions{});
        QCOMPARE(t.rowCount(), std::size_t(0));
        QVERIFY(hasNoteStarting(t, "Sophgo: the dump holds the engines' commands only"));
    }

    void aiuSamples_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("flex job") << "aiu/sample_flex_3062_job_4.json";
        QTest::newRow("allreduce rank 0") << "aiu/derived/allreduce_tp4_rank0.json";
    }

    void aiuSamples()
    {
        QFETCH(QString, path);
        const fs::path input = kShared / path.toStdString();
        if (!fs::exists(input))
            QSKIP("shared sample absent");
        const AnalysisContext ctx(load({input}));
        const Table t = criticalPath(ctx, AnalysisOptions{});
        QVERIFY2(t.rowCount() > 0, t.notes.empty() ? "" : t.notes.back().c_str());
        checkChain(ctx, AnalysisOptions{}, t);
        QVERIFY(findRow(t, {{"bound_by", "gpu_compute_bound"}}) >= 0 || findRow(t, {{"bound_by", "gpu_communication_bound"}}) >= 0);
        QVERIFY(hasNoteStarting(t, "AIU: the Flex trace has no host calls"));
    }
};

QTEST_GUILESS_MAIN(TestCriticalPathVendors)
#include "tst_criticalpathvendors.moc"
