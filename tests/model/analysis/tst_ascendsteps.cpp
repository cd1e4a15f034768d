// Ascend step breakdown (`steps` on an Ascend trace), `slow-rank`, `op-statistic` and
// `core-statistic`: hand-made traces with hand-computed numbers, then every shared sample rank
// against what torch_npu wrote itself (step_trace_time.csv, analysis.db StepTraceTime,
// op_statistic.csv), read straight from the files; and the CLI.
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "model/analysis/core/tableformat.h"
#include "model/ascendfacts.h"

#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTest>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

using namespace accelscope;
using namespace accelscope::model;
using namespace accelscope::model::analysis;
using namespace testsupport;
namespace fs = std::filesystem;

namespace {

const fs::path kShared = fs::path(ACCELSCOPE_SHARED_DATA);
const fs::path kFixtures = fs::path(ASCEND_TEST_DATA);

/// The facts the Ascend importer attaches to a source of the given format name; none for the
/// formats of other importers (the trace is then not an Ascend trace).
std::shared_ptr<const AscendFacts> ascendFactsFor(const std::string &format)
{
    auto f = std::make_shared<AscendFacts>();
    if (format == "ascend-pt")
        f->framework = AscendFacts::Framework::TorchNpu;
    else if (format == "ascend-ms")
        f->framework = AscendFacts::Framework::MindSpore;
    else if (format == "mindspore-legacy")
        f->framework = AscendFacts::Framework::MindSporeLegacy;
    else
        return nullptr;
    return f;
}

/// A torch_npu-shaped rank built by hand: Python host thread, Ascend Hardware streams (Engine
/// tracks), HCCL "Group 0 Communication" ops and a plane, async_npu flows op -> task. Times in ns.
struct AscendTrace {
    explicit AscendTrace(int rank = 0, int device = 0, std::string format = "ascend-pt")
    {
        SourceInfo info{"rank" + std::to_string(rank), std::move(format), rank, "us", 0, {}};
        info.ascend = ascendFactsFor(info.format);
        builder.addSource(std::move(info));
        py = shard.process(EntityKey::number(100));
        shard.setProcessName(py, shard.intern("Python"));
        shard.setProcessKind(py, ProcessKind::Host);
        thread = shard.thread(py, EntityKey::number(100));
        hw = shard.process(EntityKey::number((100 << 10) | (13 << 5) | device));
        shard.setProcessName(hw, shard.intern("Ascend Hardware"));
        shard.setProcessKind(hw, ProcessKind::Device, device);
        hccl = shard.process(EntityKey::number((100 << 10) | (15 << 5) | device));
        shard.setProcessName(hccl, shard.intern("HCCL"));
        shard.setProcessKind(hccl, ProcessKind::Device, device);
        group = shard.thread(hccl, EntityKey::number(0));
        shard.setThreadName(group, shard.intern("Group 0 Communication"));
        shard.setTrackRole(group, TrackRole::DeviceStream, EngineKind::Communication);
        plane = shard.thread(hccl, EntityKey::number(1));
        shard.setThreadName(plane, shard.intern("Plane 0"));
        shard.setTrackRole(plane, TrackRole::Engine, EngineKind::Communication);
    }
    LocalTrack stream(int s)
    {
        auto it = streams.find(s);
        if (it == streams.end()) {
            const LocalTrack t = shard.thread(hw, EntityKey::number(s));
            shard.setThreadName(t, shard.intern("Stream " + std::to_string(s)));
            shard.setTrackRole(t, TrackRole::Engine, EngineKind::Compute);
            it = streams.emplace(s, t).first;
        }
        return it->second;
    }
    void step(TimeNs ts, TimeNs dur, int n)
    {
        shard.addSlice(thread, ts, dur, shard.intern("ProfilerStep#" + std::to_string(n)), shard.intern("cpu_op"), kNoArgs);
    }
    /// A compute task joined with its kernel_details row (Type, Accelerator Core).
    void task(int s, TimeNs ts, TimeNs dur, const std::string &type, const std::string &core, TimeNs launchedAt = -1,
              const std::string &extra = {})
    {
        std::string args = "{\"Task Type\":\"AI_CORE\",\"Physic Stream Id\":" + std::to_string(s);
        if (!extra.empty())
            args += "," + extra;
        if (!type.empty())
            args += ",\"Type\":\"" + type + "\"";
        if (!core.empty())
            args += ",\"Accelerator Core\":\"" + core + "\",\"Block Dim\":8,\"aic_mac_ratio\":0.5";
        args += "}";
        shard.addSlice(stream(s), ts, dur, shard.intern(type.empty() ? "task" : type + "_k"), kEmptyString, shard.addArgs(args));
        if (launchedAt >= 0)
            flow(launchedAt, stream(s), ts);
    }
    /// A device task without kernel information (Notify Wait, MEMCPY_ASYNC, an HCCL AI_CORE task).
    void rawTask(int s, TimeNs ts, TimeNs dur, const std::string &taskType)
    {
        shard.addSlice(stream(s), ts, dur, shard.intern(taskType), kEmptyString,
                       shard.addArgs("{\"Task Type\":\"" + taskType + "\"}"));
    }
    void op(TimeNs ts, TimeNs dur, const std::string &name, TimeNs launchedAt = -1, const std::string &args = {})
    {
        shard.addSlice(group, ts, dur, shard.intern(name), kEmptyString, args.empty() ? kNoArgs : shard.addArgs(args));
        shard.addSlice(plane, ts, dur / 2, shard.intern("Memcpy"), kEmptyString, kNoArgs);
        if (launchedAt >= 0)
            flow(launchedAt, group, ts);
    }
    /// An aten op of 10 ns on the host at `at` with an async_npu flow to the slice starting at `ts`.
    void flow(TimeNs at, LocalTrack to, TimeNs ts)
    {
        const std::uint64_t id = ++flowId;
        shard.addSlice(thread, at, 10, shard.intern("aten::op"), shard.intern("cpu_op"), kNoArgs);
        const StringId key = shard.intern("async_npu\x1f" "torch_to_npu");
        shard.addFlow(FlowPhase::Start, FlowBinding::Enclosing, id, key, thread, at + 1, kEmptyString, true);
        shard.addFlow(FlowPhase::End, FlowBinding::Enclosing, id, key, to, ts, kEmptyString, true);
    }
    TracePtr build()
    {
        builder.merge(std::move(shard));
        return builder.build();
    }

    TraceBuilder builder;
    BuilderShard shard{0};
    LocalProcess py, hw, hccl;
    LocalTrack thread, group, plane;
    std::map<int, LocalTrack> streams;
    std::uint64_t flowId = 0;
};

std::shared_ptr<AnalysisContext> contextOf(TracePtr t)
{
    const std::string inv = t->checkInvariants();
    if (!inv.empty())
        qWarning("invariants: %s", inv.c_str());
    return std::make_shared<AnalysisContext>(std::move(t));
}

std::int64_t ival(const Table &t, std::size_t row, const std::string &col)
{
    const Column *c = t.column(col);
    if (!c)
        qFatal("no column %s", col.c_str());
    return c->isNull(row) ? kNullInt : c->ints.at(row);
}

std::shared_ptr<AnalysisContext> loadPath(const fs::path &p)
{
    importers::ImportContext ictx;
    auto r = importers::loadTrace({p}, ictx);
    if (!r.ok())
        return nullptr;
    return std::make_shared<AnalysisContext>(r.value().trace);
}

const std::vector<std::string> kStepColumns = {
    "Computing", "Communication(Not Overlapped)", "Overlapped", "Communication", "Free", "Stage", "Bubble",
    "Communication(Not Overlapped and Exclude Receive)", "Preparing"};
const std::vector<std::string> kStepIds = {
    "computing_ns", "communication_not_overlapped_ns", "overlapped_ns", "communication_ns", "free_ns", "stage_ns",
    "bubble_ns", "communication_not_overlapped_exclude_receive_ns", "preparing_ns"};

/// torch_npu's own step breakdown of a rank folder: step_trace_time.csv and/or analysis.db
/// StepTraceTime (µs), as rows of column -> value, plus "Step".
struct Reference {
    std::string file;
    bool text = true; ///< CSV: Stage and Preparing went through float64 epoch µs (0.25 µs steps)
    std::vector<std::map<std::string, std::string>> rows;
};

std::vector<Reference> referencesOf(const fs::path &rankDir)
{
    std::vector<Reference> out;
    const fs::path csv = rankDir / "ASCEND_PROFILER_OUTPUT" / "step_trace_time.csv";
    if (fs::exists(csv))
        out.push_back({csv.string(), true, readCsvRecords(csv.string())});
    const fs::path db = rankDir / "ASCEND_PROFILER_OUTPUT" / "analysis.db";
    if (fs::exists(db)) {
        Reference r{db.string(), false, {}};
        {
            const QString name = QStringLiteral("ref_%1").arg(qHash(QString::fromStdString(db.string())));
            QSqlDatabase sql = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
            sql.setDatabaseName(QString::fromStdString(db.string()));
            sql.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
            if (sql.open()) {
                QSqlQuery q(sql);
                if (q.exec(QStringLiteral("SELECT * FROM StepTraceTime"))) {
                    // snake-case db columns -> the CSV's names
                    const std::map<std::string, std::string> names = {
                        {"step", "Step"},
                        {"deviceId", "Device_id"},
                        {"computing", "Computing"},
                        {"communication_not_overlapped", "Communication(Not Overlapped)"},
                        {"overlapped", "Overlapped"},
                        {"communication", "Communication"},
                        {"free", "Free"},
                        {"stage", "Stage"},
                        {"bubble", "Bubble"},
                        {"communication_not_overlapped_and_exclude_receive",
                         "Communication(Not Overlapped and Exclude Receive)"},
                        {"preparing", "Preparing"}};
                    while (q.next()) {
                        std::map<std::string, std::string> row;
                        const QSqlRecord rec = q.record();
                        for (int i = 0; i < rec.count(); ++i) {
                            auto it = names.find(rec.fieldName(i).toStdString());
                            if (it != names.end())
                                row[it->second] = q.value(i).toString().toStdString();
                        }
                        r.rows.push_back(std::move(row));
                    }
                }
            }
            sql.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("ref_%1").arg(qHash(QString::fromStdString(db.string()))));
        if (!r.rows.empty())
            out.push_back(std::move(r));
    }
    return out;
}

int rankOf(const fs::path &rankDir)
{
    for (const auto &e : fs::directory_iterator(rankDir)) {
        const std::string n = e.path().filename().string();
        if (n.starts_with("profiler_info_") && n.ends_with(".json"))
            return std::stoi(n.substr(14));
    }
    return 0;
}

/// Rank folders (holding ASCEND_PROFILER_OUTPUT) below a sample root.
std::vector<fs::path> rankDirs(const fs::path &root)
{
    std::vector<fs::path> out;
    if (!fs::exists(root))
        return out;
    for (const auto &e : fs::recursive_directory_iterator(root))
        if (e.is_directory() && e.path().filename() == "ASCEND_PROFILER_OUTPUT")
            out.push_back(e.path().parent_path());
    std::sort(out.begin(), out.end());
    return out;
}

/// Every sample root of ../shared/data/ascend and ../shared/data/mindspore.
std::vector<fs::path> sampleRoots()
{
    std::vector<fs::path> out;
    for (const char *d : {"ascend", "mindspore"}) {
        const fs::path p = kShared / d;
        if (!fs::exists(p))
            continue;
        for (const auto &e : fs::directory_iterator(p))
            if (e.is_directory())
                out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TstAscendSteps : public QObject {
    Q_OBJECT
private slots:
    // ---------------------------------------------------------------- hand-made traces
    void oneStepByHand()
    {
        // ProfilerStep#1 host [1000, 10000). Compute: [2000,3000) s2, [2500,3500) s3, [6000,7000) s2.
        // Ops: allReduce [3200,5000), hcom_receive [7500,8000). A Notify Wait task and the HCCL
        // plane task are not compute. Launches from inside the step: device range [2000, 10000).
        AscendTrace a;
        a.step(1000, 9000, 1);
        a.task(2, 2000, 1000, "MatMulV2", "AI_CORE", 1100);
        a.task(3, 2500, 1000, "Add", "AI_VECTOR_CORE", 1200);
        a.task(2, 6000, 1000, "Add", "AI_VECTOR_CORE", 1300);
        a.rawTask(4, 3300, 700, "Notify Wait");
        a.op(3200, 1800, "hcom_allReduce__1_0_1", 1400);
        a.op(7500, 500, "hcom_receive__2_0_1", 1500);
        auto ctx = contextOf(a.build());
        const Table t = runAnalysis("steps", *ctx, {});
        QCOMPARE(t.checkConsistent(), std::string());
        QCOMPARE(t.rowCount(), std::size_t(1));
        QCOMPARE(t.title, std::string("Step breakdown (Ascend)"));
        // compute union 1500 + 1000; comm union 1800 + 500; overlap [3200,3500) = 300
        QCOMPARE(ival(t, 0, "computing_ns"), 2500);
        QCOMPARE(ival(t, 0, "communication_ns"), 2300);
        QCOMPARE(ival(t, 0, "overlapped_ns"), 300);
        QCOMPARE(ival(t, 0, "communication_not_overlapped_ns"), 2000);
        // busy [2000,5000) [6000,7000) [7500,8000) = 4500 of a 6000 span
        QCOMPARE(ival(t, 0, "free_ns"), 1500);
        QCOMPARE(ival(t, 0, "bubble_ns"), 500);
        QCOMPARE(ival(t, 0, "stage_ns"), 5500);
        QCOMPARE(ival(t, 0, "communication_not_overlapped_exclude_receive_ns"), 1500);
        QCOMPARE(ival(t, 0, "preparing_ns"), 1000);
        QCOMPARE(ival(t, 0, "step"), 1);
        QCOMPARE(ival(t, 0, "rank"), 0);
        QCOMPARE(ival(t, 0, "device"), 0);
        QCOMPARE(ival(t, 0, "compute_tasks"), 3);
        QCOMPARE(ival(t, 0, "communication_ops"), 2);
        QCOMPARE(ival(t, 0, "device_start"), 2000 - ctx->trace().startNs());
        // the row points at the ProfilerStep slice
        QVERIFY(t.keys.at(0).slice.valid());
        QCOMPARE(ctx->trace().str(ctx->trace().track(t.keys[0].slice.track).slices.name[t.keys[0].slice.index]),
                 std::string_view("ProfilerStep#1"));
        // the identity of the format note: Computing + Comm(Not Overlapped) + Free = device span
        QCOMPARE(ival(t, 0, "computing_ns") + ival(t, 0, "communication_not_overlapped_ns") + ival(t, 0, "free_ns"),
                 ival(t, 0, "stage_ns") + ival(t, 0, "bubble_ns"));
    }

    void stepRangesFollowTheLaunchesAsTorchNpu()
    {
        // Step 1 host [0, 5000) launches a task that runs [4000, 6500): its device range is
        // [4000, 6500). Step 2 host [5000, 9000) launches [6000, 7000) and [8000, 8500): device range
        // [6000, 9000). The task starting at 6000 lies in both ranges and goes to the first (step 1),
        // as torch_npu's count_time does. A task at 500 (before step 1's first launched task)
        // belongs to no step and is left out, with a note.
        AscendTrace a;
        a.step(0, 5000, 1);
        a.step(5000, 4000, 2);
        a.task(2, 500, 100, "Cast", "AI_VECTOR_CORE");
        a.task(2, 4000, 2500, "MatMulV2", "AI_CORE", 100);
        a.task(3, 6000, 1000, "Add", "AI_VECTOR_CORE", 5100);
        a.task(2, 8000, 500, "Add", "AI_VECTOR_CORE", 5200);
        auto ctx = contextOf(a.build());
        const Table t = runAnalysis("steps", *ctx, {});
        QCOMPARE(t.rowCount(), std::size_t(2));
        QCOMPARE(ival(t, 0, "step"), 1);
        QCOMPARE(ival(t, 0, "computing_ns"), 3000); // [4000, 7000)
        QCOMPARE(ival(t, 0, "compute_tasks"), 2);
        QCOMPARE(ival(t, 0, "free_ns"), 0);
        QCOMPARE(ival(t, 0, "stage_ns"), 3000);
        QCOMPARE(ival(t, 0, "preparing_ns"), 4000);
        QCOMPARE(ival(t, 1, "step"), 2);
        QCOMPARE(ival(t, 1, "computing_ns"), 500);
        QCOMPARE(ival(t, 1, "preparing_ns"), 3000);
        QCOMPARE(ival(t, 1, "communication_ns"), 0);
        bool noted = false;
        for (const std::string &n : t.notes)
            noted = noted || n.find("1 device tasks / ops start outside every step") != std::string::npos;
        QVERIFY(noted);
    }

    void stepIdsWithoutHostSteps()
    {
        // A kernel_details-only rank: no ProfilerStep, the tasks carry "Step Id". Preparing is
        // unknown; everything else is computed per Step Id.
        AscendTrace a(3, 5);
        a.task(2, 1000, 200, "Add", "AI_VECTOR_CORE", -1, "\"Step Id\":7");
        a.task(2, 1500, 300, "MatMulV2", "AI_CORE", -1, "\"Step Id\":7");
        a.op(1600, 400, "hcom_allGather__1_1_1", -1, "{\"Step Id\":7}");
        a.task(2, 5000, 100, "Add", "AI_VECTOR_CORE", -1, "\"Step Id\":8");
        auto ctx = contextOf(a.build());
        const Table t = runAnalysis("steps", *ctx, {});
        QCOMPARE(t.rowCount(), std::size_t(2));
        QCOMPARE(ival(t, 0, "rank"), 3);
        QCOMPARE(ival(t, 0, "device"), 5);
        QCOMPARE(ival(t, 0, "step"), 7);
        QCOMPARE(ival(t, 0, "computing_ns"), 500);
        QCOMPARE(ival(t, 0, "communication_ns"), 400);
        QCOMPARE(ival(t, 0, "overlapped_ns"), 200);
        QCOMPARE(ival(t, 0, "communication_not_overlapped_ns"), 200);
        QCOMPARE(ival(t, 0, "free_ns"), 300); // span [1000, 2000), busy 700
        QCOMPARE(ival(t, 0, "stage_ns"), 1000);
        QCOMPARE(ival(t, 0, "preparing_ns"), kNullInt);
        QCOMPARE(ival(t, 1, "step"), 8);
        QCOMPARE(ival(t, 1, "computing_ns"), 100);
        QCOMPARE(ival(t, 1, "stage_ns"), 100);
    }

    void noStepsAtAllGivesOneRow()
    {
        AscendTrace a;
        a.task(2, 1000, 200, "Add", "AI_VECTOR_CORE");
        a.task(2, 3000, 200, "Add", "AI_VECTOR_CORE");
        auto ctx = contextOf(a.build());
        const Table t = runAnalysis("steps", *ctx, {});
        QCOMPARE(t.rowCount(), std::size_t(1));
        QCOMPARE(ival(t, 0, "step"), kNullInt);
        QCOMPARE(ival(t, 0, "computing_ns"), 400);
        QCOMPARE(ival(t, 0, "free_ns"), 1800);
    }

    void rankWithoutComputeTasks()
    {
        // Only the HCCL ops (a rank with communication.json but no kernel_details / trace_view):
        // Communication and Bubble are known, the rest is missing.
        AscendTrace a;
        a.op(1000, 500, "hcom_receive__1_1_1");
        a.op(2000, 500, "hcom_allReduce__1_2_1");
        // the Ascend Hardware process of the fixture has no tracks here
        auto ctx = contextOf(a.build());
        const Table t = runAnalysis("steps", *ctx, {});
        QCOMPARE(t.rowCount(), std::size_t(1));
        QCOMPARE(ival(t, 0, "communication_ns"), 1000);
        QCOMPARE(ival(t, 0, "bubble_ns"), 500);
        QCOMPARE(ival(t, 0, "computing_ns"), kNullInt);
        QCOMPARE(ival(t, 0, "stage_ns"), kNullInt);
        QCOMPARE(ival(t, 0, "free_ns"), kNullInt);
    }

    void rangeClipsTheStep()
    {
        AscendTrace a;
        a.step(1000, 9000, 1);
        a.task(2, 2000, 1000, "MatMulV2", "AI_CORE", 1100);
        a.task(2, 6000, 1000, "Add", "AI_VECTOR_CORE", 1300);
        auto ctx = contextOf(a.build());
        AnalysisOptions o;
        o.range = std::make_pair(TimeNs(2500), TimeNs(6500));
        const Table t = runAnalysis("steps", *ctx, o);
        QCOMPARE(t.rowCount(), std::size_t(1));
        QCOMPARE(ival(t, 0, "computing_ns"), 1000); // [2500,3000) + [6000,6500)
        QCOMPARE(ival(t, 0, "free_ns"), 3000);
        // a rank filter that excludes the rank: no rows
        o.range.reset();
        o.ranks = {4};
        QCOMPARE(runAnalysis("steps", *ctx, o).rowCount(), std::size_t(0));
    }

    void tasksWithoutKernelInfoAreNotCompute()
    {
        // The db sample has AI_CORE tasks without COMPUTE_TASK_INFO (HCCL's reduce): torch_npu
        // leaves them out of Computing. A trace_view.json without any kernel_details join falls
        // back to the Task Type.
        {
            AscendTrace a;
            a.task(2, 1000, 100, "Add", "AI_VECTOR_CORE");
            a.rawTask(2, 2000, 5000, "AI_CORE");
            a.rawTask(2, 8000, 100, "Notify Wait");
            auto ctx = contextOf(a.build());
            const Table t = runAnalysis("steps", *ctx, {});
            QCOMPARE(ival(t, 0, "computing_ns"), 100);
            QCOMPARE(runAnalysis("op-statistic", *ctx, {}).rowCount(), std::size_t(1));
        }
        {
            AscendTrace a;
            a.rawTask(2, 2000, 5000, "AI_CORE");
            a.rawTask(2, 8000, 100, "Notify Wait");
            a.rawTask(2, 9000, 100, "MIX_AIV");
            auto ctx = contextOf(a.build());
            const Table t = runAnalysis("steps", *ctx, {});
            QCOMPARE(ival(t, 0, "computing_ns"), 5100);
            const Table s = runAnalysis("op-statistic", *ctx, {});
            QCOMPARE(rowsText(s, {"op_type", "core_type", "count"}), std::string("AI_CORE|AI_CORE|1;MIX_AIV|MIX_AIV|1;"));
        }
    }

    void legacyMindSporeStepTrace()
    {
        // Legacy MindSpore profiler/ (format mindspore-legacy): steps from the "Step Trace" lane,
        // ops from its stream lanes assigned by their step_num (a Receive starts before its step's
        // points), compute from the AI Core / AI CPU timeline; MindSpore counts Send/Receive as Bubble.
        TraceBuilder b;
        SourceInfo legacyInfo{"profiler", "mindspore-legacy", 0, "us", 0, {}};
        legacyInfo.ascend = ascendFactsFor(legacyInfo.format);
        b.addSource(std::move(legacyInfo));
        BuilderShard sh{0};
        const LocalProcess hw = sh.process(EntityKey::number(1));
        sh.setProcessName(hw, sh.intern("Ascend Hardware"));
        sh.setProcessKind(hw, ProcessKind::Device, 0);
        const LocalTrack core = sh.thread(hw, EntityKey::number(519));
        sh.setTrackRole(core, TrackRole::Engine, EngineKind::Compute);
        sh.addSlice(core, 1200, 800, sh.intern("MatMul-op1"), kEmptyString,
                    sh.addArgs("{\"type\":\"MatMul\",\"fullname\":\"Default/MatMul-op1\"}"));
        const LocalProcess cpu = sh.process(EntityKey::number(9000));
        sh.setProcessName(cpu, sh.intern("AI CPU"));
        sh.setProcessKind(cpu, ProcessKind::Device, 0);
        const LocalTrack aicpu = sh.thread(cpu, EntityKey::number(0));
        sh.setTrackRole(aicpu, TrackRole::Engine, EngineKind::Compute);
        sh.addSlice(aicpu, 6000, 100, sh.intern("GetNext"), kEmptyString, kNoArgs);
        const LocalProcess st = sh.process(EntityKey::number(832));
        sh.setProcessName(st, sh.intern("Step Trace"));
        sh.setProcessKind(st, ProcessKind::Device, 0);
        const LocalTrack steps = sh.thread(st, EntityKey::number(0));
        sh.setThreadName(steps, sh.intern("Steps"));
        sh.setTrackRole(steps, TrackRole::Async);
        sh.addSlice(steps, 1000, 4000, sh.intern("Step 1"), kEmptyString, kNoArgs);
        sh.addSlice(steps, 5000, 4000, sh.intern("Step 2"), kEmptyString, kNoArgs);
        const LocalTrack s48 = sh.thread(st, EntityKey::number(1048));
        sh.setThreadName(s48, sh.intern("Stream 48 communication"));
        sh.setTrackRole(s48, TrackRole::Engine, EngineKind::Communication);
        const LocalTrack s36 = sh.thread(st, EntityKey::number(1036));
        sh.setTrackRole(s36, TrackRole::Engine, EngineKind::Communication);
        sh.addSlice(s48, 900, 600, sh.intern("Receive-op1"), kEmptyString, sh.addArgs("{\"step_num\":1,\"stream\":48}"));
        sh.addSlice(s36, 4800, 400, sh.intern("AllReduce-op2"), kEmptyString, sh.addArgs("{\"step_num\":1,\"stream\":36}"));
        sh.addSlice(s48, 5100, 200, sh.intern("Receive-op3"), kEmptyString, sh.addArgs("{\"step_num\":2,\"stream\":48}"));
        b.merge(std::move(sh));
        auto ctx = contextOf(b.build());
        const Table t = runAnalysis("steps", *ctx, {});
        QCOMPARE(t.checkConsistent(), std::string());
        const std::vector<std::string> cols = {"step", "computing_ns", "communication_ns", "overlapped_ns",
                                               "communication_not_overlapped_ns", "free_ns", "bubble_ns", "stage_ns",
                                               "communication_not_overlapped_exclude_receive_ns", "preparing_ns"};
        // step 1: compute [1200,2000); comm [900,1500) + [4800,5200); span [900,5200)
        // step 2: compute [6000,6100); comm [5100,5300); span [5100,6100)
        QCOMPARE(rowsText(t, cols), std::string("1|800|1000|300|700|2800|600|3700|100|;2|100|200|0|200|700|200|800|0|;"));
        QCOMPARE(rowsText(runAnalysis("op-statistic", *ctx, {}), {"op_type", "core_type", "count", "total_ns"}),
                 std::string("MatMul|AI_CORE|1|800;GetNext|AI_CPU|1|100;"));
    }

    void stepsDispatch()
    {
        // `steps` answers torch_npu's columns on an Ascend trace, HTA's table otherwise and in
        // HTA mode.
        AscendTrace a;
        a.task(2, 1000, 200, "Add", "AI_VECTOR_CORE");
        auto ctx = contextOf(a.build());
        QVERIFY(runAnalysis("steps", *ctx, {}).column("computing_ns"));
        AnalysisOptions hta;
        hta.htaCompat = true;
        QVERIFY(runAnalysis("steps", *ctx, hta).column("cpu_duration"));
        AscendTrace k(0, 0, "chrome-json");
        k.task(2, 1000, 200, "Add", "AI_VECTOR_CORE");
        auto kctx = contextOf(k.build());
        QVERIFY(runAnalysis("steps", *kctx, {}).column("cpu_duration"));
        QVERIFY(findAnalysis("slow-rank") && findAnalysis("op-statistic") && findAnalysis("core-statistic"));
    }

    void opAndCoreStatisticByHand()
    {
        AscendTrace a;
        a.task(2, 1000, 100, "Add", "AI_VECTOR_CORE");
        a.task(2, 2000, 300, "Add", "AI_VECTOR_CORE");
        a.task(2, 3000, 600, "MatMulV2", "AI_CORE");
        a.task(3, 3000, 200, "MatMulV2", "MIX_AIC");
        a.task(3, 5000, 800, "FlashAttentionScore", "MIX_AIC");
        a.op(6000, 1000, "hcom_allReduce__586_0_1");
        a.op(8000, 1000, "hcom_allReduce__586_1_1");
        auto ctx = contextOf(a.build());
        const Table s = runAnalysis("op-statistic", *ctx, {});
        QCOMPARE(s.checkConsistent(), std::string());
        // sorted by total descending, as op_statistic.csv; ratio of the 2000 ns of compute tasks
        QCOMPARE(rowsText(s, {"op_type", "core_type", "count", "total_ns", "min_ns", "max_ns"}),
                 std::string("FlashAttentionScore|MIX_AIC|1|800|800|800;"
                             "MatMulV2|AI_CORE|1|600|600|600;"
                             "Add|AI_VECTOR_CORE|2|400|100|300;"
                             "MatMulV2|MIX_AIC|1|200|200|200;"));
        QCOMPARE(num(s, 2, "avg_ns"), 200.0);
        QCOMPARE(num(s, 0, "ratio_pct"), 40.0);
        QCOMPARE(num(s, 3, "ratio_pct"), 10.0);
        QVERIFY(s.keys.at(2).slice.valid()); // the longest Add
        QCOMPARE(ctx->trace().track(s.keys[2].slice.track).slices.dur[s.keys[2].slice.index], TimeNs(300));
        const Table c = runAnalysis("core-statistic", *ctx, {});
        QCOMPARE(rowsText(c, {"core_type", "op_types", "count", "total_ns"}),
                 std::string("HCCL|1|2|2000;MIX_AIC|2|2|1000;AI_CORE|1|1|600;AI_VECTOR_CORE|1|2|400;"));
        QCOMPARE(num(c, 0, "ratio_pct"), 50.0);
        // a range keeps the tasks overlapping it (whole durations, as the statistics per event)
        AnalysisOptions o;
        o.range = std::make_pair(TimeNs(2200), TimeNs(3100)); // the second Add [2000, 2300) and both MatMulV2
        QCOMPARE(rowsText(runAnalysis("op-statistic", *ctx, o), {"op_type", "count", "total_ns"}),
                 std::string("MatMulV2|1|600;Add|1|300;MatMulV2|1|200;"));
    }

    void slowRankByHand()
    {
        // Three ranks of one step. Rank 2 computes 30 % more than the median: it is the slow one,
        // the others wait for it in communication.
        TraceBuilder b;
        for (int r = 0; r < 3; ++r)
        {
            SourceInfo info{"rank" + std::to_string(r), "ascend-pt", r, "us", 0, {}};
            info.ascend = ascendFactsFor(info.format);
            b.addSource(std::move(info));
        }
        for (int r = 0; r < 3; ++r) {
            BuilderShard sh{std::uint32_t(r)};
            const LocalProcess hw = sh.process(EntityKey::number(r));
            sh.setProcessName(hw, sh.intern("Ascend Hardware"));
            sh.setProcessKind(hw, ProcessKind::Device, r);
            const LocalTrack s = sh.thread(hw, EntityKey::number(2));
            sh.setTrackRole(s, TrackRole::Engine, EngineKind::Compute);
            const LocalProcess hc = sh.process(EntityKey::number(100 + r));
            sh.setProcessName(hc, sh.intern("HCCL"));
            sh.setProcessKind(hc, ProcessKind::Device, r);
            const LocalTrack g = sh.thread(hc, EntityKey::number(0));
            sh.setTrackRole(g, TrackRole::DeviceStream, EngineKind::Communication);
            const TimeNs comp[] = {1000, 1100, 1430};
            const ArgsId args = sh.addArgs("{\"Type\":\"MatMulV2\",\"Accelerator Core\":\"AI_CORE\",\"Step Id\":4}");
            sh.addSlice(s, 0, comp[r], sh.intern("mm"), kEmptyString, args);
            // everybody finishes the collective at 2000: the faster ranks wait longer
            sh.addSlice(g, comp[r] + 100, 2000 - comp[r] - 100, sh.intern("hcom_allReduce__1_0_1"), kEmptyString,
                        sh.addArgs("{\"Step Id\":4}"));
            b.merge(std::move(sh));
        }
        auto ctx = contextOf(b.build());
        const Table t = runAnalysis("slow-rank", *ctx, {});
        QCOMPARE(t.checkConsistent(), std::string());
        QCOMPARE(t.rowCount(), std::size_t(3));
        // own work = Computing + Free: 1100, 1200, 1530; median 1200
        QCOMPARE(rowsText(t, {"rank", "steps", "computing_ns", "free_ns", "work_ns", "slowest"}),
                 std::string("0|1|1000|100|1100|0;1|1|1100|100|1200|0;2|1|1430|100|1530|1;"));
        QVERIFY(near(num(t, 2, "work_vs_median_pct"), 27.5, 1e-12));
        QVERIFY(near(num(t, 0, "work_vs_median_pct"), -100.0 / 12.0, 1e-12));
        QVERIFY(near(num(t, 2, "computing_vs_median_pct"), 30.0, 1e-12));
        QCOMPARE(num(t, 1, "free_vs_median_pct"), 0.0);
        QVERIFY2(cell(t, 2, "finding").find("compute-bound") != std::string::npos, cell(t, 2, "finding").c_str());
        QVERIFY(cell(t, 0, "finding").empty());
        QVERIFY(!t.notes.empty() && t.notes[0].find("slow rank: 2, own work (Computing + Free per step) 27.5% above") == 0);
        // the steps table has one row per rank
        QCOMPARE(runAnalysis("steps", *ctx, {}).rowCount(), std::size_t(3));
    }

    // ---------------------------------------------------------------- shared samples
    void stepsEqualTorchNpu_data()
    {
        QTest::addColumn<QString>("root");
        int n = 0;
        for (const fs::path &root : sampleRoots()) {
            bool has = false;
            for (const fs::path &rd : rankDirs(root))
                has = has || !referencesOf(rd).empty();
            if (has) {
                QTest::newRow(root.filename().string().c_str()) << QString::fromStdString(root.string());
                ++n;
            }
        }
        // the hand-made importer fixtures with a step_trace_time.csv
        for (const char *f : {"kernels_only", "tiny_cluster", "ms_2x"})
            QTest::newRow((std::string("fixture ") + f).c_str()) << QString::fromStdString((kFixtures / f).string());
        if (!n)
            QTest::newRow("no shared samples") << QString();
    }
    void stepsEqualTorchNpu()
    {
        // Each sample root loads as one cluster; every rank with a step_trace_time.csv or an
        // analysis.db StepTraceTime is compared column by column, in µs.
        QFETCH(QString, root);
        if (root.isEmpty())
            QSKIP("../shared/data/ascend and ../shared/data/mindspore hold no sample with step_trace_time");
        auto ctx = loadPath(root.toStdString());
        QVERIFY(ctx);
        const Table t = runAnalysis("steps", *ctx, {});
        QCOMPARE(t.checkConsistent(), std::string());
        std::size_t compared = 0;
        double worst = 0, worstRounded = 0; // largest |difference| in µs (Stage/Preparing of a CSV apart)
        for (const fs::path &rd : rankDirs(root.toStdString())) {
            const int rank = rankOf(rd);
            for (const Reference &ref : referencesOf(rd)) {
                for (const auto &want : ref.rows) {
                    const std::string stepText = want.count("Step") ? want.at("Step") : std::string();
                    // the row of that step; a rank whose trace has no steps has one row without a number
                    int row = -1, only = -1, rows = 0;
                    for (std::size_t i = 0; i < t.rowCount(); ++i) {
                        if (ival(t, i, "rank") != rank)
                            continue;
                        ++rows;
                        const std::int64_t st = ival(t, i, "step");
                        if (st == kNullInt)
                            only = int(i);
                        else if (const double n = parseNumber(stepText); std::isfinite(n) && double(st) == n)
                            row = int(i);
                    }
                    if (row < 0 && rows == 1)
                        row = only;
                    QVERIFY2(row >= 0, (ref.file + ": no row for rank " + std::to_string(rank) + " step " + stepText).c_str());
                    // Tolerance: 1 ns per task / op (trace_view durations with 8 decimals rounded to the
                    // ns; kernel_details' 3 decimals) plus the reference's own rounding: the CSV
                    // prints Stage and Preparing from float64 epoch µs (multiples of 0.25 µs).
                    const double tasks = double(ival(t, std::size_t(row), "compute_tasks") + ival(t, std::size_t(row), "communication_ops"));
                    for (std::size_t c = 0; c < kStepColumns.size(); ++c) {
                        auto it = want.find(kStepColumns[c]);
                        if (it == want.end() || it->second.empty())
                            continue; // older files have no Preparing
                        const std::int64_t got = ival(t, std::size_t(row), kStepIds[c]);
                        if (got == kNullInt)
                            continue; // not computable from this rank's trace (no host steps / no tasks): documented
                        const double wantUs = std::stod(it->second);
                        double tol = 0.001 * tasks + 0.0015;
                        const bool rounded = ref.text && (kStepColumns[c] == "Stage" || kStepColumns[c] == "Preparing");
                        if (rounded)
                            tol += 0.25;
                        const double gotUs = double(got) / 1000.0;
                        (rounded ? worstRounded : worst) = std::max(rounded ? worstRounded : worst, std::abs(gotUs - wantUs));
                        QVERIFY2(std::abs(gotUs - wantUs) <= tol,
                                 (ref.file + " rank " + std::to_string(rank) + " " + kStepColumns[c] + ": "
                                  + std::to_string(gotUs) + " vs " + it->second + " (tolerance " + std::to_string(tol) + ")")
                                     .c_str());
                        ++compared;
                    }
                }
            }
        }
        qInfo("%s: %zu values compared, largest difference %.4f us (%.4f us for a CSV's Stage / Preparing)",
              qPrintable(root), compared, worst, worstRounded);
        QVERIFY(compared > 0);
    }

    void opStatisticEqualsTorchNpu_data()
    {
        QTest::addColumn<QString>("root");
        int n = 0;
        for (const fs::path &root : sampleRoots()) {
            bool has = false;
            for (const fs::path &rd : rankDirs(root))
                has = has || fs::exists(rd / "ASCEND_PROFILER_OUTPUT" / "op_statistic.csv");
            if (has) {
                QTest::newRow(root.filename().string().c_str()) << QString::fromStdString(root.string());
                ++n;
            }
        }
        // (not the hand-made tiny_cluster: its kernel_details.csv has a row that matches no task
        // on purpose, which op_statistic.csv counts and the timeline cannot)
        if (!n)
            QTest::newRow("no shared samples") << QString();
    }
    void opStatisticEqualsTorchNpu()
    {
        QFETCH(QString, root);
        if (root.isEmpty())
            QSKIP("no sample with op_statistic.csv");
        auto ctx = loadPath(root.toStdString());
        QVERIFY(ctx);
        const Table t = runAnalysis("op-statistic", *ctx, {});
        QCOMPARE(t.checkConsistent(), std::string());
        std::size_t ranks = 0;
        for (const fs::path &rd : rankDirs(root.toStdString())) {
            const fs::path csv = rd / "ASCEND_PROFILER_OUTPUT" / "op_statistic.csv";
            if (!fs::exists(csv))
                continue;
            ++ranks;
            const int rank = rankOf(rd);
            const auto want = readCsvRecords(csv.string());
            std::size_t ours = 0;
            for (std::size_t i = 0; i < t.rowCount(); ++i)
                ours += ival(t, i, "rank") == rank;
            QCOMPARE(ours, want.size());
            for (const auto &w : want) {
                const int row = findRow(t, {{"op_type", w.at("OP Type")}, {"core_type", w.at("Core Type")},
                                            {"rank", std::to_string(rank)}});
                QVERIFY2(row >= 0, (csv.string() + ": " + w.at("OP Type") + "/" + w.at("Core Type")).c_str());
                const std::size_t r = std::size_t(row);
                const std::int64_t count = ival(t, r, "count");
                QCOMPARE(count, std::int64_t(std::stoll(w.at("Count"))));
                // trace_view durations (8 decimals, rounded to the ns) vs kernel_details' 3 decimals:
                // ≤ 1 ns per task, plus the CSV's own rounding to 3 decimals
                auto check = [&](const char *ours, const char *theirs, double tol) {
                    const double got = num(t, r, ours) / 1000.0, exp = std::stod(w.at(theirs));
                    QVERIFY2(std::abs(got - exp) <= tol, (csv.string() + " " + w.at("OP Type") + " " + theirs + ": "
                                                          + std::to_string(got) + " vs " + w.at(theirs))
                                                             .c_str());
                };
                check("total_ns", "Total Time(us)", 0.001 * double(count) + 0.0006);
                check("min_ns", "Min Time(us)", 0.0016);
                check("max_ns", "Max Time(us)", 0.0016);
                check("avg_ns", "Avg Time(us)", 0.0016);
                const double ratio = num(t, r, "ratio_pct");
                QVERIFY2(std::abs(ratio - std::stod(w.at("Ratio(%)"))) <= 0.0015,
                         (w.at("OP Type") + " ratio " + std::to_string(ratio) + " vs " + w.at("Ratio(%)")).c_str());
            }
        }
        QVERIFY(ranks > 0);
    }

    void speedOnALargeRank()
    {
        // Opt-in timing (docs/analysis.md quotes it): ASCEND_BENCH_DIR=/tmp/genrank, a rank from
        // tests/tools/gen_ascend_rank.py --kernels 300000.
        const QByteArray dir = qgetenv("ASCEND_BENCH_DIR");
        if (dir.isEmpty())
            QSKIP("set ASCEND_BENCH_DIR to a rank folder to time the Ascend analyses");
        auto ctx = loadPath(dir.toStdString());
        QVERIFY(ctx);
        using Clock = std::chrono::steady_clock;
        auto ms = [](Clock::time_point t0) { return std::chrono::duration<double, std::milli>(Clock::now() - t0).count(); };
        auto t0 = Clock::now();
        const std::size_t firstRows = runAnalysis("steps", *ctx, {}).rowCount();
        qInfo("%llu slices; first `steps` (builds the shared Ascend index): %.1f ms, %zu rows",
              static_cast<unsigned long long>(ctx->trace().sliceCount()), ms(t0), firstRows);
        for (const char *a : {"steps", "slow-rank", "op-statistic", "core-statistic"}) {
            double best = 1e9;
            std::size_t rows = 0;
            for (int i = 0; i < 3; ++i) {
                t0 = Clock::now();
                rows = runAnalysis(a, *ctx, {}).rowCount();
                best = std::min(best, ms(t0));
            }
            qInfo("%-15s %8.1f ms (best of 3, index cached), %zu rows", a, best, rows);
        }
        QVERIFY(firstRows > 0);

        // The generated rank has no ProfilerStep (no flow pass): a hand-built rank of 300 000
        // joined tasks, each launched by an aten op through an async_npu flow, and 300 ProfilerSteps.
        AscendTrace a;
        for (int k = 0; k < 300000; ++k) {
            const TimeNs t = TimeNs(k) * 2000;
            if (k % 1000 == 0)
                a.step(t, 1000 * 2000 - 10, k / 1000);
            a.task(2, t + 500000, 1500, k % 7 ? "Add" : "MatMulV2", k % 7 ? "AI_VECTOR_CORE" : "AI_CORE", t + 100);
            if (k % 1000 == 999)
                a.op(t + 500000 + 1600, 300, "hcom_allReduce__1_" + std::to_string(k / 1000) + "_1");
        }
        auto big = contextOf(a.build());
        t0 = Clock::now();
        const std::size_t rows = runAnalysis("steps", *big, {}).rowCount();
        qInfo("hand-built: %llu slices, %zu flows; first `steps` (index with the flow pass): %.1f ms, %zu rows",
              static_cast<unsigned long long>(big->trace().sliceCount()), big->trace().flows().size(), ms(t0), rows);
        QCOMPARE(rows, std::size_t(300));
    }

    void cliAnswersStepsWithTheAscendColumns()
    {
#ifdef ACCELSCOPE_CLI
        const fs::path p = kShared / "ascend/pt_text_level1_8card_cnn";
        if (!fs::exists(p))
            QSKIP("shared sample data not present");
        for (const char *a : {"steps", "slow-rank", "op-statistic", "core-statistic"}) {
            QProcess proc;
            proc.start(QStringLiteral(ACCELSCOPE_CLI),
                       {QStringLiteral("analyze"), QLatin1String(a), QString::fromStdString(p.string()), QStringLiteral("--csv")});
            QVERIFY(proc.waitForFinished(120000));
            QCOMPARE(proc.exitCode(), 0);
            const QByteArray out = proc.readAllStandardOutput();
            static auto ctx = loadPath(p);
            QVERIFY(ctx);
            QCOMPARE(out.toStdString(), toCsv(runAnalysis(a, *ctx, {})));
            if (std::string_view(a) == "steps")
                QVERIFY(out.startsWith("rank,device,step,computing_ns,communication_not_overlapped_ns,overlapped_ns,"));
        }
#else
        QSKIP("accelscope-cli not built");
#endif
    }
};

QTEST_GUILESS_MAIN(TstAscendSteps)
#include "tst_ascendsteps.moc"
