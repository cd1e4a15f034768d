// Ascend step numbers on export variants the shared samples do not cover, written by hand into
// temporary folders and read through the importer: an early-2024 torch_npu trace_view.json (old
// pid scheme, Task Type "Other", with and without Overlap Analysis lanes), MindSpore 1.x profiler/
// folders placed by min_cycle_counter or output_timeline_data (and neither), and a partial rank
// folder whose timeline holds only some of communication.json's ops and whose step_trace_time.csv
// disagrees. Each case also checks the note or diagnostic that says what a number lacks.
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "model/ascendfacts.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlQuery>
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

void writeFile(const fs::path &p, const std::string &text)
{
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

struct Loaded {
    TracePtr trace;
    std::shared_ptr<AnalysisContext> ctx;
};

Loaded load(const fs::path &p)
{
    importers::ImportContext ictx;
    auto r = importers::loadTrace({p}, ictx);
    if (!r.ok())
        return {};
    Loaded l;
    l.trace = r.value().trace;
    l.ctx = std::make_shared<AnalysisContext>(l.trace);
    return l;
}

std::int64_t ival(const Table &t, std::size_t row, const std::string &col)
{
    const Column *c = t.column(col);
    if (!c)
        qFatal("no column %s", col.c_str());
    return c->isNull(row) ? kNullInt : c->ints.at(row);
}

std::string sval(const Table &t, std::size_t row, const std::string &col)
{
    const Column *c = t.column(col);
    if (!c)
        qFatal("no column %s", col.c_str());
    return c->texts.at(row);
}

bool anyNote(const Table &t, const std::string &needle)
{
    for (const std::string &n : t.notes)
        if (n.find(needle) != std::string::npos)
            return true;
    return false;
}

bool anyDiagnostic(const Trace &t, const std::string &needle)
{
    for (const Diagnostic &d : t.diagnostics())
        if (d.detail.find(needle) != std::string::npos)
            return true;
    return false;
}

std::int64_t columnSum(const Table &t, const std::string &col)
{
    std::int64_t s = 0;
    for (std::size_t i = 0; i < t.rowCount(); ++i)
        if (ival(t, i, col) != kNullInt)
            s += ival(t, i, col);
    return s;
}

constexpr std::int64_t kBaseUs = 1700000000000000;

/// "ts" text of kBaseUs + us, as torch_npu writes it (a string with 3 decimals).
std::string ts(std::int64_t us) { return "\"" + std::to_string(kBaseUs + us) + ".000\""; }

/// An early-2024 torch_npu trace_view.json: Ascend Hardware on pid 800 (no process_labels), the
/// Overlap Analysis on hostpid*10000+1100, device tasks with Task Type "Other" (and one AI_CPU,
/// one Notify Wait), two ProfilerStep#N without flows, HCCL ops; optionally msprof's lanes.
std::string oldTraceView(bool withLanes, bool lowerCaseLanes = false)
{
    const int host = 4321;
    const long long hw = 800, hccl = 4321LL * 100 + 5, ov = 4321LL * 10000 + 1100;
    std::vector<std::string> ev;
    auto meta = [&](long long pid, const std::string &name) {
        ev.push_back("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + std::to_string(pid)
                     + ",\"tid\":0,\"args\":{\"name\":\"" + name + "\"}}");
    };
    auto x = [&](long long pid, int tid, const std::string &name, std::int64_t at, std::int64_t dur, const std::string &args,
                 const char *cat = nullptr) {
        ev.push_back("{\"ph\":\"X\",\"name\":\"" + name + "\",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid)
                     + ",\"ts\":" + ts(at) + ",\"dur\":" + std::to_string(dur) + (cat ? std::string(",\"cat\":\"") + cat + "\"" : "")
                     + (args.empty() ? "" : ",\"args\":" + args) + "}");
    };
    meta(host, "Python");
    meta(hw, "Ascend Hardware");
    meta(hccl, "HCCL");
    x(host, host, "ProfilerStep#1", 0, 1000, "{}", "cpu_op");
    x(host, host, "ProfilerStep#2", 1000, 1000, "{}", "cpu_op");
    auto task = [&](int stream, const std::string &name, std::int64_t at, std::int64_t dur, const std::string &type) {
        x(hw, stream, name, at, dur, "{\"Task Type\":\"" + type + "\",\"Stream Id\":" + std::to_string(stream) + "}");
    };
    task(2, "MatMul", 100, 200, "Other");
    task(2, "GetNext", 250, 100, "AI_CPU");
    task(3, "Notify_Wait", 400, 100, "Notify Wait");
    task(2, "Add", 600, 100, "Other");
    task(2, "MatMul", 1100, 200, "Other");
    task(2, "Mul", 1500, 100, "Other");
    task(4, "hcom_allReduce__1_0_1", 420, 200, "Other"); // the collective's own task: communication
    ev.push_back("{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + std::to_string(hccl)
                 + ",\"tid\":0,\"args\":{\"name\":\"Communication\"}}");
    x(hccl, 0, "hcom_allReduce__1_0_1", 400, 250, "{}");
    x(hccl, 0, "hcom_allReduce__2_0_1", 1250, 150, "{}");
    if (withLanes) {
        meta(ov, "Overlap Analysis");
        // the 2023 msprof wrote its enum names in lower case
        auto lane = [&](const std::string &n) -> std::string {
            if (!lowerCaseLanes)
                return n;
            return n == "Computing" ? "compute_time" : n == "Communication" ? "communication_time" : n == "Free" ? "free_time"
                                                                                                   : "communication_not_overlapped";
        };
        // msprof's lanes over the device range [100, 1600): Free also covers the gap between the
        // steps, which starts in step 1 (torch_npu counts it there)
        x(ov, 0, lane("Computing"), 100, 250, "");
        x(ov, 0, lane("Computing"), 600, 100, "");
        x(ov, 0, lane("Computing"), 1100, 200, "");
        x(ov, 0, lane("Computing"), 1500, 100, "");
        x(ov, 1, lane("Communication"), 400, 250, "");
        x(ov, 1, lane("Communication"), 1250, 150, "");
        x(ov, 2, lane("Communication(Not Overlapped)"), 400, 200, "");
        x(ov, 2, lane("Communication(Not Overlapped)"), 1300, 100, "");
        x(ov, 3, lane("Free"), 350, 50, "");
        x(ov, 3, lane("Free"), 700, 400, "");
        x(ov, 3, lane("Free"), 1400, 100, "");
    }
    std::string out = "[";
    for (std::size_t i = 0; i < ev.size(); ++i)
        out += (i ? ",\n" : "") + ev[i];
    return out + "]";
}

void writeOldRank(const fs::path &dir, bool withLanes, bool lowerCaseLanes = false)
{
    writeFile(dir / "profiler_info_0.json", "{\"rank_id\": 0}");
    writeFile(dir / "ASCEND_PROFILER_OUTPUT/trace_view.json", oldTraceView(withLanes, lowerCaseLanes));
}

/// A MindSpore 1.x profiler/ folder of rank 0: the relative timeline (AI Core stream 5) and two
/// steps in 10 ns ticks from origin M; `origin` says which file tells where the timeline starts.
enum class MsOrigin { MinCycleCounter, OutputTimelineData, None };
void writeMindSpore1x(const fs::path &dir, MsOrigin origin)
{
    const std::int64_t m = 100000000; // origin in 10 ns ticks (1 s)
    writeFile(dir / "ascend_timeline_display_0.json",
              "[{\"name\": \"MatMul-op1\", \"ph\": \"X\", \"tid\": \"5\", \"ts\": 100.0, \"dur\": 50.0, \"pid\": 1, \"args\": "
              "{\"type\": \"MatMul\", \"fullname\": \"Default/MatMul-op1\"}},"
              "{\"name\": \"Add-op2\", \"ph\": \"X\", \"tid\": \"5\", \"ts\": 300.0, \"dur\": 100.0, \"pid\": 1, \"args\": "
              "{\"type\": \"Add\", \"fullname\": \"Default/Add-op2\"}},"
              "{\"name\": \"MatMul-op1\", \"ph\": \"X\", \"tid\": \"5\", \"ts\": 1200.0, \"dur\": 200.0, \"pid\": 1, \"args\": "
              "{\"type\": \"MatMul\", \"fullname\": \"Default/MatMul-op1\"}}]");
    auto t = [&](std::int64_t us) { return std::to_string(m + us * 100); };
    writeFile(dir / "step_trace_raw_0_detail_time.csv",
              "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,fp_and_bp,tail\n"
              "1," + t(50) + "," + t(1000) + ",95000," + t(80) + "," + t(900) + ",0,82000,10000\n"
              "2," + t(1000) + "," + t(2000) + ",100000," + t(1100) + "," + t(1900) + ",2000,80000,10000\n"
              "-,0,0,97500,0,0,1000,81000,10000\n");
    if (origin == MsOrigin::MinCycleCounter)
        writeFile(dir / "min_cycle_counter_0.txt", std::to_string(m));
    if (origin == MsOrigin::OutputTimelineData)
        writeFile(dir / "output_timeline_data_0.txt",
                  "op_name, stream_id, start_time(ms), duration(ms)\n"
                  "Default/MatMul-op1,5,1000.1,0.05\nDefault/Add-op2,5,1000.3,0.1\nDefault/MatMul-op1,5,1001.2,0.2\n");
}

/// A current torch_npu rank whose trace_view.json holds one of the two HCCL ops communication.json
/// lists, with a step_trace_time.csv that says `fileComputingUs` for step 1.
void writePartialRank(const fs::path &dir, double fileComputingUs, bool bothOps)
{
    const int host = 77;
    const long long hw = (77LL << 10) | (13 << 5), hccl = (77LL << 10) | (15 << 5);
    auto x = [&](long long pid, int tid, const std::string &name, std::int64_t at, std::int64_t dur, const std::string &extra) {
        return "{\"ph\":\"X\",\"name\":\"" + name + "\",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid)
             + ",\"ts\":" + ts(at) + ",\"dur\":" + std::to_string(dur) + extra + "}";
    };
    std::string tv = "[{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":77,\"tid\":0,\"args\":{\"name\":\"Python\"}},"
                     "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":"
                   + std::to_string(hw) + ",\"tid\":0,\"args\":{\"name\":\"Ascend Hardware\"}},"
                     "{\"ph\":\"M\",\"name\":\"process_labels\",\"pid\":"
                   + std::to_string(hw) + ",\"tid\":0,\"args\":{\"labels\":\"NPU 0\"}},"
                     "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":"
                   + std::to_string(hccl) + ",\"tid\":0,\"args\":{\"name\":\"HCCL\"}},"
                     "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":"
                   + std::to_string(hccl) + ",\"tid\":0,\"args\":{\"name\":\"Group 0 Communication\"}},"
                   + x(host, host, "ProfilerStep#1", 0, 2000, ",\"cat\":\"cpu_op\"") + ","
                   + x(hw, 2, "MatMul", 100, 400, ",\"args\":{\"Task Type\":\"AI_CORE\"}") + ","
                   + x(hccl, 0, "hcom_allReduce__1_0_1", 600, 300, "");
    if (bothOps)
        tv += "," + x(hccl, 0, "hcom_allReduce__2_0_1", 1000, 300, "");
    tv += "]";
    writeFile(dir / "profiler_info_0.json", "{\"rank_id\": 0}");
    writeFile(dir / "ASCEND_PROFILER_OUTPUT/trace_view.json", tv);
    auto op = [&](int n, std::int64_t at) {
        return "\"hcom_allReduce__" + std::to_string(n) + "_0_1@123\": {\"Communication Time Info\": {\"Start Timestamp(us)\": "
             + std::to_string(kBaseUs + at) + ".000, \"Elapse Time(ms)\": 0.3}, \"Communication Bandwidth Info\": {}}";
    };
    writeFile(dir / "ASCEND_PROFILER_OUTPUT/communication.json",
              "{\"step1\": {\"p2p\": {}, \"collective\": {" + op(1, 600) + "," + op(2, 1000) + "}}}");
    char row[256];
    std::snprintf(row, sizeof row, "1,%.3f,600.0,0.0,600.0,200.0,1200.0,0,600.0,100.0\n", fileComputingUs);
    writeFile(dir / "ASCEND_PROFILER_OUTPUT/step_trace_time.csv",
              std::string("Step,Computing,Communication(Not Overlapped),Overlapped,Communication,Free,Stage,Bubble,"
                          "Communication(Not Overlapped and Exclude Receive),Preparing\n")
                  + row);
}

/// A MindSpore >= 2.3 rank (*_ascend_ms): MindSpore host steps, lanes, HCCL ops with pipeline
/// send / receive ops and a plane task that ends after its op.
void writeMindSpore2x(const fs::path &dir)
{
    const long long host = 50, hw = (50LL << 10) | (13 << 5), hccl = (50LL << 10) | (15 << 5), ov = (50LL << 10) | (23 << 5);
    std::vector<std::string> ev;
    auto meta = [&](long long pid, const char *what, int tid, const std::string &name) {
        ev.push_back(std::string("{\"ph\":\"M\",\"name\":\"") + what + "\",\"pid\":" + std::to_string(pid) + ",\"tid\":"
                     + std::to_string(tid) + ",\"args\":{\"" + (std::string(what) == "process_labels" ? "labels" : "name")
                     + "\":\"" + name + "\"}}");
    };
    auto x = [&](long long pid, int tid, const std::string &name, std::int64_t at, std::int64_t dur, const std::string &extra = {}) {
        ev.push_back("{\"ph\":\"X\",\"name\":\"" + name + "\",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid)
                     + ",\"ts\":" + ts(at) + ",\"dur\":" + std::to_string(dur) + extra + "}");
    };
    meta(host, "process_name", 0, "MindSpore");
    meta(hw, "process_name", 0, "Ascend Hardware");
    meta(hw, "process_labels", 0, "NPU 0");
    meta(hccl, "process_name", 0, "HCCL");
    meta(hccl, "thread_name", 0, "Group 0 Communication");
    meta(hccl, "thread_name", 1, "Plane 0");
    meta(ov, "process_name", 0, "Overlap Analysis");
    // MindSpore's own spelling of the PCIe counter layer, without process_labels
    meta(7777, "process_name", 0, "PCle");
    ev.push_back("{\"ph\":\"C\",\"name\":\"PCIe_post\",\"pid\":7777,\"tid\":0,\"ts\":" + ts(10) + ",\"args\":{\"value\":1.5}}");
    x(host, 1, "ProfilerStep#1", 0, 1000, ",\"cat\":\"cpu_op\"");
    x(host, 1, "ProfilerStep#2", 1000, 1000, ",\"cat\":\"cpu_op\"");
    x(hw, 2, "MatMul", 100, 200, ",\"args\":{\"Task Type\":\"AI_CORE\"}");
    x(hw, 2, "MatMul", 1100, 100, ",\"args\":{\"Task Type\":\"AI_CORE\"}");
    x(hccl, 0, "hcom_receive__3_0_1", 400, 100);
    x(hccl, 0, "hcom_allReduce__4_0_1", 600, 100);
    x(hccl, 1, "Memcpy", 650, 100);
    x(hccl, 0, "hcom_BatchSendRecv__5_0_1", 1300, 50);
    for (auto [at, dur] : {std::pair{100, 200}, {1100, 100}})
        x(ov, 0, "Computing", at, dur);
    for (auto [at, dur] : {std::pair{400, 100}, {600, 100}, {1300, 50}}) {
        x(ov, 1, "Communication", at, dur);
        x(ov, 2, "Communication(Not Overlapped)", at, dur);
    }
    for (auto [at, dur] : {std::pair{300, 100}, {500, 100}, {700, 400}, {1200, 100}})
        x(ov, 3, "Free", at, dur);
    std::string out = "[";
    for (std::size_t i = 0; i < ev.size(); ++i)
        out += (i ? ",\n" : "") + ev[i];
    writeFile(dir / "profiler_info_0.json", "{\"rank_id\": 0}");
    writeFile(dir / "ASCEND_PROFILER_OUTPUT/trace_view.json", out + "]");
}

} // namespace

class TstAscendFidelity : public QObject {
    Q_OBJECT
private slots:
    void oldTraceViewWithLanesSumsTheLanes_data()
    {
        QTest::addColumn<bool>("lowerCase");
        QTest::newRow("lane names of 2024") << false;
        QTest::newRow("lane names of 2023 (compute_time, ...)") << true;
    }
    void oldTraceViewWithLanesSumsTheLanes()
    {
        // Where the trace has Overlap Analysis lanes, the steps' Computing / Communication / Free
        // are the lanes' sums per step (the inter-step Free gap [700, 1100) starts in step 1).
        QFETCH(bool, lowerCase);
        QTemporaryDir tmp;
        writeOldRank(fs::path(tmp.path().toStdString()) / "rank0_ascend_pt", true, lowerCase);
        const Loaded l = load(tmp.path().toStdString());
        QVERIFY(l.ctx);
        const Table t = runAnalysis("steps", *l.ctx, {});
        QCOMPARE(t.checkConsistent(), std::string());
        QCOMPARE(rowsText(t, {"step", "computing_ns", "communication_ns", "communication_not_overlapped_ns", "free_ns"}),
                 std::string("1|350000|250000|200000|450000;2|300000|150000|100000|100000;"));
        QVERIFY(anyNote(t, "Overlap Analysis lanes"));
        // the lanes' own sums over the whole trace
        QCOMPARE(columnSum(t, "computing_ns"), std::int64_t(650000));
        QCOMPARE(columnSum(t, "free_ns"), std::int64_t(550000));
        // op-statistic: the "Other" tasks are kernels; the Notify Wait is not; the guess is named
        const Table s = runAnalysis("op-statistic", *l.ctx, {});
        QCOMPARE(rowsText(s, {"op_type", "core_type", "count"}), std::string("MatMul|Other|2;Add|Other|1;GetNext|AI_CPU|1;Mul|Other|1;"));
        QVERIFY(anyNote(s, "a guess"));
    }

    void oldTraceViewWithoutLanesDerivesThem()
    {
        // No lanes and no kernel_details: the importer derives the lanes from the tasks (every
        // device task that is not HCCL / wait / event is Computing), so the steps equal those of
        // the same trace with msprof's lanes, Free between the steps included (step 1 holds the
        // gap [700, 1100)); the table says the lanes are derived and the "Other" tasks a guess.
        const std::vector<std::string> cols = {"step", "computing_ns", "communication_ns", "communication_not_overlapped_ns",
                                               "overlapped_ns", "free_ns", "stage_ns", "preparing_ns", "compute_tasks",
                                               "communication_ops"};
        QTemporaryDir withLanes, without;
        writeOldRank(fs::path(withLanes.path().toStdString()) / "rank0_ascend_pt", true);
        writeOldRank(fs::path(without.path().toStdString()) / "rank0_ascend_pt", false);
        const Loaded a = load(withLanes.path().toStdString()), b = load(without.path().toStdString());
        QVERIFY(a.ctx && b.ctx);
        const Table ta = runAnalysis("steps", *a.ctx, {}), tb = runAnalysis("steps", *b.ctx, {});
        QCOMPARE(tb.checkConsistent(), std::string());
        QCOMPARE(rowsText(tb, {"step", "computing_ns", "communication_ns", "free_ns", "compute_tasks"}),
                 std::string("1|350000|250000|450000|3;2|300000|150000|100000|2;"));
        QCOMPARE(rowsText(tb, cols), rowsText(ta, cols));
        QVERIFY(anyNote(tb, "lanes derived from the device tasks"));
        QVERIFY(!anyNote(ta, "lanes derived from the device tasks"));
        QVERIFY(anyNote(tb, "a guess"));
        // AI_CPU names compute work: only the "Other" tasks are guessed
        QVERIFY(anyNote(tb, "(Other x4)"));
        // the trace's own lanes say how msprof counted the tasks: no guess there
        QVERIFY(!anyNote(ta, "a guess"));
        // the derived lanes are on the timeline, marked as derived
        bool derivedLane = false;
        for (const Process &p : b.trace->processes())
            if (b.trace->str(p.name) == "Overlap Analysis")
                for (TrackId id : p.tracks)
                    for (std::size_t i = 0; i < b.trace->track(id).slices.size(); ++i)
                        derivedLane = derivedLane || b.trace->str(b.trace->track(id).slices.cat[i]) == "derived from device tasks";
        QVERIFY(derivedLane);
    }

    void tasksWithAndWithoutLanesGiveTheSameSteps_data()
    {
        QTest::addColumn<int>("seed");
        for (int seed : {1, 2, 3, 4, 5})
            QTest::newRow(("tasks " + std::to_string(seed)).c_str()) << seed;
    }
    void tasksWithAndWithoutLanesGiveTheSameSteps()
    {
        // Random tasks (AI_CORE, AI_CPU, "Other", waits, collectives on the HCCL process and their
        // own tasks on a stream) over three steps with gaps between them; the lanes written beside
        // them are msprof's union / difference / gaps of those tasks. With and without the lanes
        // the steps must agree in every column the lanes give.
        QFETCH(int, seed);
        std::uint64_t state = 0x9e3779b97f4a7c15ULL * std::uint64_t(seed);
        auto next = [&](std::int64_t n) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            return std::int64_t((state >> 33) % std::uint64_t(n));
        };
        struct Task {
            int stream;
            std::string name, type;
            std::int64_t at, dur;
        };
        std::vector<Task> tasks;
        std::vector<std::pair<std::int64_t, std::int64_t>> ops, compute;
        const char *types[] = {"AI_CORE", "AI_VECTOR_CORE", "AI_CPU", "Other", "Notify Wait", "EVENT_RECORD"};
        for (int step = 0; step < 3; ++step) {
            std::int64_t at = step * 3000 + 100 + next(200);
            for (int k = 0; k < 12; ++k) {
                const std::string type = types[next(6)];
                const std::int64_t dur = 20 + next(150);
                tasks.push_back({2 + int(next(2)), "Op" + std::to_string(k), type, at, dur});
                if (type != "Notify Wait" && type != "EVENT_RECORD")
                    compute.push_back({at, at + dur});
                at += dur + (next(3) == 0 ? next(300) : 0) - (next(4) == 0 ? dur / 2 : 0);
                if (k % 5 == 4) {
                    const std::int64_t opAt = at - next(100), opDur = 50 + next(200);
                    const std::string name = "hcom_allReduce__" + std::to_string(step * 10 + k) + "_0_1";
                    ops.push_back({opAt, opAt + opDur});
                    tasks.push_back({9, name, "Other", opAt + 5, opDur - 10}); // the collective's own task
                }
            }
        }
        auto unite = [](std::vector<std::pair<std::int64_t, std::int64_t>> v) {
            std::sort(v.begin(), v.end());
            std::vector<std::pair<std::int64_t, std::int64_t>> out;
            for (const auto &i : v)
                if (!out.empty() && i.first <= out.back().second)
                    out.back().second = std::max(out.back().second, i.second);
                else
                    out.push_back(i);
            return out;
        };
        const auto cu = unite(compute), mu = unite(ops);
        std::vector<std::pair<std::int64_t, std::int64_t>> both = cu;
        both.insert(both.end(), mu.begin(), mu.end());
        const auto bu = unite(both);
        std::vector<std::pair<std::int64_t, std::int64_t>> notOverlapped;
        for (const auto &m : mu) { // comm minus compute
            std::int64_t s = m.first;
            for (const auto &c : cu) {
                if (c.second <= s || c.first >= m.second)
                    continue;
                if (c.first > s)
                    notOverlapped.push_back({s, c.first});
                s = std::max(s, c.second);
            }
            if (s < m.second)
                notOverlapped.push_back({s, m.second});
        }
        auto trace = [&](bool withLanes) {
            const long long hw = 800, hccl = 4321LL * 100 + 5, ov = 4321LL * 10000 + 1100;
            std::string out = "[{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":4321,\"tid\":0,\"args\":{\"name\":\"Python\"}},"
                              "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":800,\"tid\":0,\"args\":{\"name\":\"Ascend Hardware\"}},"
                              "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":"
                            + std::to_string(hccl) + ",\"tid\":0,\"args\":{\"name\":\"HCCL\"}}";
            auto x = [&](long long pid, int tid, const std::string &name, std::int64_t at, std::int64_t dur, const std::string &extra) {
                out += ",\n{\"ph\":\"X\",\"name\":\"" + name + "\",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid)
                     + ",\"ts\":" + ts(at) + ",\"dur\":" + std::to_string(dur) + extra + "}";
            };
            for (int step = 0; step < 3; ++step)
                x(4321, 4321, "ProfilerStep#" + std::to_string(step + 1), step * 3000, 3000, ",\"cat\":\"cpu_op\"");
            for (const Task &t : tasks)
                x(hw, t.stream, t.name, t.at, t.dur, ",\"args\":{\"Task Type\":\"" + t.type + "\"}");
            for (std::size_t i = 0; i < ops.size(); ++i)
                x(hccl, 0, "hcom_allReduce__" + std::to_string(i) + "_0_1", ops[i].first, ops[i].second - ops[i].first, "");
            if (withLanes) {
                auto lane = [&](int tid, const char *name, const std::vector<std::pair<std::int64_t, std::int64_t>> &v) {
                    for (const auto &i : v)
                        x(ov, tid, name, i.first, i.second - i.first, "");
                };
                lane(0, "Computing", cu);
                lane(1, "Communication", mu);
                lane(2, "Communication(Not Overlapped)", notOverlapped);
                std::vector<std::pair<std::int64_t, std::int64_t>> gaps;
                for (std::size_t i = 1; i < bu.size(); ++i)
                    gaps.push_back({bu[i - 1].second, bu[i].first});
                lane(3, "Free", gaps);
            }
            return out + "]";
        };
        const std::vector<std::string> cols = {"step", "computing_ns", "communication_ns", "communication_not_overlapped_ns",
                                               "overlapped_ns", "free_ns", "stage_ns", "preparing_ns", "device_start"};
        std::string texts[2];
        for (int withLanes = 0; withLanes < 2; ++withLanes) {
            QTemporaryDir tmp;
            const fs::path dir = fs::path(tmp.path().toStdString()) / "rank0_ascend_pt";
            writeFile(dir / "profiler_info_0.json", "{\"rank_id\": 0}");
            writeFile(dir / "ASCEND_PROFILER_OUTPUT/trace_view.json", trace(withLanes != 0));
            const Loaded l = load(tmp.path().toStdString());
            QVERIFY(l.ctx);
            const Table t = runAnalysis("steps", *l.ctx, {});
            QCOMPARE(t.rowCount(), std::size_t(3));
            texts[withLanes] = rowsText(t, cols);
            // Free between the steps is in the step before (the lanes' rule), not lost
            if (withLanes == 0)
                QVERIFY(columnSum(t, "free_ns") > 0);
        }
        QCOMPARE(texts[0], texts[1]);
    }

    void kernelDetailsDecideTheDerivedLanes()
    {
        // An old trace_view.json without lanes beside a kernel_details.csv: tasks with a row count
        // by its Accelerator Core (the COMMUNICATION row of the collective's task does not), tasks
        // without one not at all (the Cast), as the steps analysis counts them: the derived lanes
        // give Computing [100, 300) + [700, 800), Communication [480, 650), Free the two gaps.
        QTemporaryDir tmp;
        const fs::path dir = fs::path(tmp.path().toStdString()) / "rank0_ascend_pt";
        const long long hccl = 4321LL * 100 + 5;
        auto x = [&](long long pid, int tid, const std::string &name, std::int64_t at, std::int64_t dur, const std::string &type) {
            return ",\n{\"ph\":\"X\",\"name\":\"" + name + "\",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid)
                 + ",\"ts\":" + ts(at) + ",\"dur\":" + std::to_string(dur)
                 + (type.empty() ? std::string() : ",\"args\":{\"Task Type\":\"" + type + "\"}") + "}";
        };
        writeFile(dir / "profiler_info_0.json", "{\"rank_id\": 0}");
        writeFile(dir / "ASCEND_PROFILER_OUTPUT/trace_view.json",
                  "[{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":4321,\"tid\":0,\"args\":{\"name\":\"Python\"}},"
                  "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":800,\"tid\":0,\"args\":{\"name\":\"Ascend Hardware\"}},"
                  "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":"
                      + std::to_string(hccl) + ",\"tid\":0,\"args\":{\"name\":\"HCCL\"}}"
                      + x(4321, 4321, "ProfilerStep#1", 0, 1000, "") + x(800, 2, "MatMul", 100, 200, "Other")
                      + x(800, 2, "Cast", 400, 50, "Other") + x(800, 4, "hcom_allReduce__1_0_1", 500, 100, "Other")
                      + x(800, 2, "Add", 700, 100, "Other") + x(hccl, 0, "hcom_allReduce__1_0_1", 480, 170, "") + "]");
        auto row = [](const std::string &name, const std::string &type, const char *core, std::int64_t at, int dur) {
            return "1,0,1,1,2," + name + "," + type + ",dynamic," + core + "," + std::to_string(kBaseUs + at) + ".000,"
                 + std::to_string(dur) + ".000,0,20\n";
        };
        writeFile(dir / "ASCEND_PROFILER_OUTPUT/kernel_details.csv",
                  "Step Id,Device_id,Model ID,Task ID,Stream ID,Name,Type,OP State,Accelerator Core,Start Time(us),Duration(us),"
                  "Wait Time(us),Block Num\n"
                      + row("MatMul", "MatMulV3", "AI_CORE", 100, 200) + row("hcom_allReduce__1_0_1", "hcom_allReduce_", "COMMUNICATION", 500, 100)
                      + row("Add", "Add", "AI_VECTOR_CORE", 700, 100));
        const Loaded l = load(tmp.path().toStdString());
        QVERIFY(l.ctx);
        const Table t = runAnalysis("steps", *l.ctx, {});
        QCOMPARE(rowsText(t, {"step", "computing_ns", "communication_ns", "communication_not_overlapped_ns", "free_ns", "compute_tasks"}),
                 std::string("1|300000|170000|170000|230000|2;"));
        QVERIFY(anyNote(t, "lanes derived from the device tasks"));
        QVERIFY(!anyNote(t, "a guess"));
    }

    void computeTaskTypesAreNoGuess()
    {
        // A trace of AI_CORE / AI_VECTOR_CORE tasks without kernel_details and without lanes: the
        // Task Type says they are compute work, so nothing is guessed; the lanes are derived.
        QTemporaryDir tmp;
        const fs::path dir = fs::path(tmp.path().toStdString()) / "rank0_ascend_pt";
        writeFile(dir / "profiler_info_0.json", "{\"rank_id\": 0}");
        writeFile(dir / "ASCEND_PROFILER_OUTPUT/trace_view.json",
                  "[{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":800,\"tid\":0,\"args\":{\"name\":\"Ascend Hardware\"}},"
                  "{\"ph\":\"X\",\"name\":\"MatMul\",\"pid\":800,\"tid\":2,\"ts\":"
                      + ts(100) + ",\"dur\":200,\"args\":{\"Task Type\":\"AI_CORE\"}},"
                                  "{\"ph\":\"X\",\"name\":\"Add\",\"pid\":800,\"tid\":2,\"ts\":"
                      + ts(500) + ",\"dur\":100,\"args\":{\"Task Type\":\"AI_VECTOR_CORE\"}}]");
        const Loaded l = load(tmp.path().toStdString());
        QVERIFY(l.ctx);
        const Table t = runAnalysis("steps", *l.ctx, {});
        QCOMPARE(rowsText(t, {"computing_ns", "free_ns", "compute_tasks"}), std::string("300000|200000|2;"));
        QVERIFY(anyNote(t, "lanes derived from the device tasks"));
        QVERIFY(!anyNote(t, "a guess"));
        const Table s = runAnalysis("op-statistic", *l.ctx, {});
        QVERIFY(anyNote(s, "their name as OP Type"));
        QVERIFY(!anyNote(s, "a guess"));
    }

    void sharedSampleWithoutItsLanesAgreesWithItsFile()
    {
        // The level1 sample's rank 0 with its Overlap Analysis process taken out of trace_view.json:
        // the lanes derived from its tasks give the step_trace_time.csv torch_npu wrote (from
        // msprof's lanes) to 0.1 us (kernel_details durations are rounded to 3 decimals).
        const fs::path src = kShared / "ascend/pt_text_level1_8card_cnn/rank0_ascend_pt";
        if (!fs::exists(src))
            QSKIP("shared sample pt_text_level1_8card_cnn is not here");
        QTemporaryDir tmp;
        const fs::path dst = fs::path(tmp.path().toStdString()) / "rank0_ascend_pt";
        fs::copy(src, dst, fs::copy_options::recursive);
        const fs::path tv = dst / "ASCEND_PROFILER_OUTPUT/trace_view.json";
        QFile f(QString::fromStdString(tv.string()));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray events = QJsonDocument::fromJson(f.readAll()).array();
        f.close();
        QSet<qint64> overlapPids;
        for (const QJsonValue &v : events)
            if (v["ph"].toString() == "M" && v["name"].toString() == "process_name"
                && v["args"]["name"].toString() == "Overlap Analysis")
                overlapPids.insert(v["pid"].toInteger());
        QCOMPARE(overlapPids.size(), 1);
        QJsonArray kept;
        for (const QJsonValue &v : events)
            if (!overlapPids.contains(v["pid"].toInteger()))
                kept.append(v);
        QVERIFY(kept.size() < events.size());
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QJsonDocument(kept).toJson(QJsonDocument::Compact));
        f.close();
        const Loaded l = load(dst);
        QVERIFY(l.ctx);
        const Table t = runAnalysis("steps", *l.ctx, {});
        QCOMPARE(t.rowCount(), std::size_t(1));
        QVERIFY(anyNote(t, "lanes derived from the device tasks"));
        for (const char *col : {"computing", "communication", "free"}) {
            const std::int64_t ours = ival(t, 0, std::string(col) + "_ns"), file = ival(t, 0, std::string("file_") + col + "_ns");
            QVERIFY2(file != kNullInt && std::abs(ours - file) <= 100, (std::string(col) + ": " + std::to_string(ours) + " ns here, "
                                                                         + std::to_string(file) + " ns in the file").c_str());
        }
        QCOMPARE(sval(t, 0, "file_difference"), std::string());
    }

    void sharedSamplesStepsEqualTheirLanes_data()
    {
        QTest::addColumn<QString>("path");
        for (const char *r : {"ascend/pt_text_level1_8card_cnn/rank0_ascend_pt", "ascend/pt_text_level1_8card_cnn/rank1_ascend_pt",
                              "ascend/pt_db_level2_2rank/rank0_ascend_pt", "ascend/pt_db_level2_2rank/rank1_ascend_pt",
                              "ascend/pt_text_level2_4rank_qwen3_cann83/rank_0_ascend_pt",
                              "ascend/pt_text_level2_4rank_qwen3_cann83/rank_2_ascend_pt"})
            QTest::newRow(r) << QString::fromStdString((kShared / r).string());
    }
    void sharedSamplesStepsEqualTheirLanes()
    {
        // On every shared rank with Overlap Analysis lanes (msprof's in trace_view.json, the
        // importer's for kernel_details-only and db ranks), the steps' Computing and Free equal
        // the lanes' sums (every lane slice of these samples lies in a step).
        QFETCH(QString, path);
        const fs::path p = path.toStdString();
        if (!fs::exists(p))
            QSKIP("shared sample is not here");
        const Loaded l = load(p);
        QVERIFY(l.ctx);
        const Table t = runAnalysis("steps", *l.ctx, {});
        std::int64_t comp = 0, free = 0;
        bool lanes = false;
        for (const Track &tr : l.trace->tracks()) {
            if (l.trace->str(l.trace->process(tr.process).name) != "Overlap Analysis")
                continue;
            for (std::uint32_t i = 0; i < tr.slices.size(); ++i) {
                const std::string_view n = l.trace->str(tr.slices.name[i]);
                lanes = true;
                // every lane slice of this sample lies inside its one step
                if (n == "Computing")
                    comp += tr.slices.dur[i];
                else if (n == "Free")
                    free += tr.slices.dur[i];
            }
        }
        QVERIFY(lanes);
        QCOMPARE(columnSum(t, "computing_ns"), comp);
        QCOMPARE(columnSum(t, "free_ns"), free);
    }

    void dbSampleAgreesWithItsStepTraceTime()
    {
        // analysis.db StepTraceTime is read as the rank's own numbers: equal to ours to the ns
        const fs::path p = kShared / "ascend/pt_db_level2_2rank";
        if (!fs::exists(p))
            QSKIP("shared sample pt_db_level2_2rank is not here");
        const Loaded l = load(p);
        QVERIFY(l.ctx);
        const Table t = runAnalysis("steps", *l.ctx, {});
        QCOMPARE(t.rowCount(), std::size_t(2));
        for (std::size_t i = 0; i < t.rowCount(); ++i) {
            QCOMPARE(ival(t, i, "file_computing_ns"), ival(t, i, "computing_ns"));
            QCOMPARE(ival(t, i, "file_communication_ns"), ival(t, i, "communication_ns"));
            QCOMPARE(ival(t, i, "file_free_ns"), ival(t, i, "free_ns"));
            QCOMPARE(sval(t, i, "file_difference"), std::string());
        }
        QVERIFY(!anyDiagnostic(*l.trace, "not in the db's COMMUNICATION_OP"));
        QVERIFY(!anyNote(t, "HCCL ops, the timeline holds"));
    }

    void dbRankMissingOpsSaysSo()
    {
        // a copy of the db sample's rank 0 with two COMMUNICATION_OP rows deleted: analysis.db's
        // CommAnalyzerTime still lists them
        const fs::path src = kShared / "ascend/pt_db_level2_2rank/rank0_ascend_pt";
        if (!fs::exists(src))
            QSKIP("shared sample pt_db_level2_2rank is not here");
        QTemporaryDir tmp;
        const fs::path rank = fs::path(tmp.path().toStdString()) / "rank0_ascend_pt";
        fs::copy(src, rank, fs::copy_options::recursive);
        {
            QSqlDatabase db = QSqlDatabase::addDatabase("QSQLITE", "cut");
            db.setDatabaseName(QString::fromStdString((rank / "ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db").string()));
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec("DELETE FROM COMMUNICATION_OP WHERE rowid IN (SELECT rowid FROM COMMUNICATION_OP ORDER BY startNs LIMIT 2)"));
            db.close();
        }
        QSqlDatabase::removeDatabase("cut");
        const Loaded l = load(tmp.path().toStdString());
        QVERIFY(l.ctx);
        QVERIFY(anyDiagnostic(*l.trace, "of them are not in the db's COMMUNICATION_OP"));
        const Table t = runAnalysis("steps", *l.ctx, {});
        QVERIFY(anyNote(t, "HCCL ops, the timeline holds"));
    }

    void unreadableStepTraceTimeIsADiagnostic()
    {
        // a step_trace_time.csv without the columns: said at import, no file columns
        QTemporaryDir tmp;
        const fs::path rank = fs::path(tmp.path().toStdString()) / "rank0_ascend_pt";
        writePartialRank(rank, 400.0, true);
        writeFile(rank / "ASCEND_PROFILER_OUTPUT/step_trace_time.csv", "Step,Something\n1,2\n");
        const Loaded l = load(tmp.path().toStdString());
        QVERIFY(l.ctx);
        QVERIFY(anyDiagnostic(*l.trace, "step_trace_time.csv without Computing"));
        const Table t = runAnalysis("steps", *l.ctx, {});
        QCOMPARE(ival(t, 0, "file_computing_ns"), kNullInt);
    }

    void mindSpore2xFollowsItsOwnViewer()
    {
        // MindSpore's AscendStepTraceTimeViewer: lanes per host step (Free clipped to it), Stage
        // over every HCCL slice (the plane task ending at 750 us closes step 1), Bubble from its
        // send/receive patterns (hcom_receive__, hcom_BatchSendRecv__).
        QTemporaryDir tmp;
        writeMindSpore2x(fs::path(tmp.path().toStdString()) / "host_50_20250101120000000_ascend_ms");
        const Loaded l = load(tmp.path().toStdString());
        QVERIFY(l.ctx);
        const Table t = runAnalysis("steps", *l.ctx, {});
        QCOMPARE(t.checkConsistent(), std::string());
        QCOMPARE(rowsText(t, {"step", "computing_ns", "communication_ns", "free_ns", "stage_ns", "bubble_ns",
                              "communication_not_overlapped_exclude_receive_ns", "preparing_ns"}),
                 std::string("1|200000|200000|500000|250000|100000|100000|100000;2|100000|50000|200000|0|50000|0|100000;"));
        QVERIFY(anyNote(t, "as MindSpore writes step_trace_time.csv"));
        bool pcle = false;
        for (const Process &p : l.trace->processes())
            if (l.trace->str(p.name) == "PCle") {
                pcle = true;
                QCOMPARE(int(p.kind), int(ProcessKind::Device));
            }
        QVERIFY(pcle);
    }

    void mindSpore1xPlacedByMinCycleCounter_data()
    {
        QTest::addColumn<int>("origin");
        QTest::newRow("min_cycle_counter") << int(MsOrigin::MinCycleCounter);
        QTest::newRow("output_timeline_data") << int(MsOrigin::OutputTimelineData);
    }
    void mindSpore1xPlacedByMinCycleCounter()
    {
        // No aicpu_intermediate.csv: the origin comes from min_cycle_counter (10 ns ticks) or from
        // output_timeline_data (absolute ms); one row per step with MindSpore's own figures.
        QFETCH(int, origin);
        QTemporaryDir tmp;
        writeMindSpore1x(fs::path(tmp.path().toStdString()) / "profiler", MsOrigin(origin));
        const Loaded l = load(tmp.path().toStdString());
        QVERIFY(l.ctx);
        QVERIFY(!anyDiagnostic(*l.trace, "steps not placed"));
        const Table t = runAnalysis("steps", *l.ctx, {});
        QCOMPARE(t.checkConsistent(), std::string());
        QCOMPARE(rowsText(t, {"step", "computing_ns", "free_ns", "iteration_interval_ns", "fp_and_bp_ns", "tail_ns"}),
                 std::string("1|150000|150000|0|820000|100000;2|200000|0|20000|800000|100000;"));
        QCOMPARE(l.trace->sources().at(0).timeOffsetNs, std::int64_t(1000000000));
        // the step's own length is the file's `total` (950 and 1000 us), not the span of its
        // device tasks (Stage: 300 and 200 us)
        QCOMPARE(rowsText(t, {"step", "stage_ns", "step_total_ns"}), std::string("1|300000|950000;2|200000|1000000;"));
    }

    void mindSpore1xStepTotalWithoutItsColumn()
    {
        // A step_trace_raw without the `total` column: the step's length comes from its start and
        // end points (MindSpore's total is end_point - start_point); rows of other formats have none.
        QTemporaryDir tmp;
        const fs::path dir = fs::path(tmp.path().toStdString()) / "profiler";
        writeMindSpore1x(dir, MsOrigin::MinCycleCounter);
        const std::int64_t m = 100000000;
        auto t = [&](std::int64_t us) { return std::to_string(m + us * 100); };
        writeFile(dir / "step_trace_raw_0_detail_time.csv",
                  "step_num,start_point,end_point,fp_point,bp_point,iteration_interval,fp_and_bp,tail\n"
                  "1," + t(0) + "," + t(1000) + "," + t(80) + "," + t(900) + ",8000,82000,10000\n"
                  "2," + t(1000) + "," + t(2000) + "," + t(1100) + "," + t(1900) + ",10000,80000,10000\n");
        const Loaded l = load(tmp.path().toStdString());
        QVERIFY(l.ctx);
        const Table t1 = runAnalysis("steps", *l.ctx, {});
        QCOMPARE(rowsText(t1, {"step", "step_total_ns"}), std::string("1|1000000;2|1000000;"));

        QTemporaryDir other;
        writeOldRank(fs::path(other.path().toStdString()) / "rank0_ascend_pt", true);
        const Loaded o = load(other.path().toStdString());
        QVERIFY(o.ctx);
        const Table t2 = runAnalysis("steps", *o.ctx, {});
        QCOMPARE(rowsText(t2, {"step", "step_total_ns"}), std::string("1|;2|;")); // empty cells
    }

    void mindSpore1xWithoutOriginSaysSo()
    {
        QTemporaryDir tmp;
        writeMindSpore1x(fs::path(tmp.path().toStdString()) / "profiler", MsOrigin::None);
        const Loaded l = load(tmp.path().toStdString());
        QVERIFY(l.ctx);
        QVERIFY(anyDiagnostic(*l.trace, "steps not placed on the timeline"));
        const Table t = runAnalysis("steps", *l.ctx, {});
        QCOMPARE(t.rowCount(), std::size_t(1));
        QVERIFY(anyNote(t, "no steps in the trace"));
    }

    void mindSpore1xDamagedTicksAreNotTimes()
    {
        // a tick count no clock reaches (its ns would overflow): the row is reported, not placed
        QTemporaryDir tmp;
        const fs::path dir = fs::path(tmp.path().toStdString()) / "profiler";
        writeMindSpore1x(dir, MsOrigin::MinCycleCounter);
        writeFile(dir / "step_trace_raw_0_detail_time.csv",
                  "step_num,start_point,end_point,total,fp_point,bp_point,iteration_interval,fp_and_bp,tail\n"
                  "1,9223372036854775000,9223372036854775800,800,0,0,0,0,0\n");
        const Loaded l = load(tmp.path().toStdString());
        QVERIFY(l.ctx);
        QVERIFY(anyDiagnostic(*l.trace, "step_trace_raw rows without start/end points"));
    }

    void mindSpore1xSampleOriginAgreesWithAiCpu()
    {
        // The shared 1.x sample has both output_timeline_data and aicpu_intermediate: the first
        // gives the origin, and it is the one the AI CPU run_start gives (154901853050 us).
        const fs::path p = kShared / "mindspore/ms1x_profiler_dir_alexnet_1p";
        if (!fs::exists(p))
            QSKIP("shared sample ms1x_profiler_dir_alexnet_1p is not here");
        const Loaded l = load(p);
        QVERIFY(l.ctx);
        QCOMPARE(l.trace->sources().at(0).timeOffsetNs, std::int64_t(154901853050000));
        const Table t = runAnalysis("steps", *l.ctx, {});
        QCOMPARE(ival(t, 0, "step"), std::int64_t(1));
        QCOMPARE(ival(t, 0, "fp_and_bp_ns"), std::int64_t(23668080));
    }

    void partialRankNamesTheMissingOps()
    {
        // communication.json lists 2 ops, the trace holds 1: a diagnostic and a note count them;
        // the file's Computing (400 us here) disagrees by 25 %: both are shown.
        QTemporaryDir tmp;
        writePartialRank(fs::path(tmp.path().toStdString()) / "rank0_ascend_pt", 500.0, false);
        const Loaded l = load(tmp.path().toStdString());
        QVERIFY(l.ctx);
        QVERIFY(anyDiagnostic(*l.trace, "1 of them are not on the timeline"));
        const Table t = runAnalysis("steps", *l.ctx, {});
        QVERIFY(anyNote(t, "communication.json lists 2 HCCL ops, the timeline holds 1"));
        QCOMPARE(ival(t, 0, "computing_ns"), std::int64_t(400000));
        QCOMPARE(ival(t, 0, "file_computing_ns"), std::int64_t(500000));
        QVERIFY(sval(t, 0, "file_difference").find("Computing 400.000 us here, 500.000 us in step_trace_time.csv")
                != std::string::npos);
        QVERIFY(anyNote(t, "differ by more than 1 %"));
    }

    void completeRankAgreeingWithItsFileSaysNothing()
    {
        QTemporaryDir tmp;
        writePartialRank(fs::path(tmp.path().toStdString()) / "rank0_ascend_pt", 400.0, true);
        const Loaded l = load(tmp.path().toStdString());
        QVERIFY(l.ctx);
        QVERIFY(!anyDiagnostic(*l.trace, "not on the timeline"));
        const Table t = runAnalysis("steps", *l.ctx, {});
        QVERIFY(!anyNote(t, "communication.json lists"));
        QVERIFY(!anyNote(t, "differ by more than 1 %"));
        QCOMPARE(ival(t, 0, "file_computing_ns"), std::int64_t(400000));
        QCOMPARE(sval(t, 0, "file_difference"), std::string());
    }
};

QTEST_GUILESS_MAIN(TstAscendFidelity)
#include "tst_ascendfidelity.moc"
