// CANN msprof PROF_* folders, written here by a generator for both CANN generations: older
// (device_{id}/timeline/ per model and iteration, msprof_* plus the per-kind views that repeat its
// events, CLOCK_MONOTONIC_RAW timestamps with start_info) and newer (mindstudio_profiler_output/
// holding every device, epoch timestamps, op_summary with Device_id). Checked: one rank per device
// with the rank from info.json or the device id, every event once, clocks aligned, the iterations
// as steps with their FP/BP parts, flows, op_summary joined, and the step / op analyses.
#include "importers/ascend/ascendimporter.h"
#include "importers/ascend/layout.h"
#include "importers/ascend/msprof.h"
#include "importers/registry.h"
#include "model/analysis/analyses.h"
#include "model/analysis/core/context.h"
#include "model/ascendfacts.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace accelscope;
using namespace accelscope::importers;
namespace fs = std::filesystem;

namespace {

void writeFile(const fs::path &p, const std::string &data)
{
    fs::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary);
    out << data;
}

constexpr std::int64_t kEpochUs = 1700000000000000; ///< collectionTimeBegin of every device (µs)
constexpr std::int64_t kHostPid = 4242;
constexpr int kIterations = 3;

/// msprof's pid layout: host pid << 10 | sort index << 5 | device.
bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::int64_t pidOf(int sort, int device) { return (kHostPid << 10) | (std::int64_t(sort) << 5) | device; }

enum Kind { kSteps, kHardware, kHccl, kCann };

std::string us(std::int64_t base, std::int64_t offsetUs) { return "\"" + std::to_string(base + offsetUs) + ".000\""; }

/// The events of one iteration of one device, by view kind (Step Trace, task_time, hccl, acl).
/// The allReduce starts `hcclAt` µs into the iteration: at 500 after the compute, earlier to
/// overlap the Add (400-500).
std::map<Kind, std::vector<std::string>> iterationEvents(int device, int rank, int peer, int it, std::int64_t base,
                                                         std::int64_t hcclAt = 500)
{
    std::map<Kind, std::vector<std::string>> e;
    const std::int64_t x = (it - 1) * 1000;
    const std::string n = std::to_string(it);
    auto X = [&](Kind k, int sort, int tid, const std::string &name, std::int64_t at, std::int64_t dur, const std::string &args) {
        e[k].push_back("{\"name\":\"" + name + "\",\"pid\":" + std::to_string(pidOf(sort, device)) + ",\"tid\":" + std::to_string(tid)
                       + ",\"ts\":" + us(base, at) + ",\"dur\":" + std::to_string(dur) + ",\"ph\":\"X\",\"args\":" + args + "}");
    };
    X(kSteps, 11, 1, "Iteration " + n, x, 1000, "{\"Iteration ID\":" + n + ",\"Model ID\":1}");
    X(kSteps, 11, 1, "FP_BP Time " + n, x + 50, 800, "{}");
    X(kSteps, 11, 1, "Iteration Refresh " + n, x + 850, 150, "{}");
    if (it > 1)
        X(kSteps, 11, 1, "Data_aug Bound " + n, x, 50, "{}");
    const std::string task = std::to_string(10 * it);
    X(kHardware, 13, 2, "MatMul_1", x + 100, 200,
      "{\"Model Id\":1,\"Task Type\":\"AI_CORE\",\"Physic Stream Id\":2,\"Task Id\":" + task + ",\"connection_id\":" + task + "}");
    X(kHardware, 13, 2, "Add_2", x + 400, 100, "{\"Model Id\":1,\"Task Type\":\"AI_VECTOR_CORE\",\"Physic Stream Id\":2,\"Task Id\":" + task + "1}");
    X(kHccl, 15, 0, "hcom_allReduce__1_0_1", x + hcclAt, 300,
      "{\"model id\":1,\"data_type\":\"FP32\",\"alg_type\":\"MESH-RING\",\"count\":262144}");
    X(kHccl, 15, 1, "Memcpy", x + hcclAt + 20, 100,
      "{\"notify_id\":1,\"stream id\":3,\"task id\":5,\"task type\":\"SDMA\",\"src rank\":" + std::to_string(rank)
          + ",\"dst rank\":" + std::to_string(peer)
          + ",\"transport type\":\"SDMA\",\"size(Byte)\":1048576,\"data type\":\"FP32\",\"link type\":\"HCCS\",\"bandwidth(GB/s)\":10.48576}");
    X(kHccl, 15, 1, "Notify_Wait", x + hcclAt + 200, 50,
      "{\"notify_id\":2,\"stream id\":3,\"task id\":6,\"task type\":\"Notify Wait\",\"src rank\":" + std::to_string(peer)
          + ",\"dst rank\":" + std::to_string(rank) + ",\"transport type\":\"LOCAL\",\"size(Byte)\":0,\"link type\":\"ON_CHIP\"}");
    X(kCann, 7, 1000, "AscendCL@aclnnMatmul", x + 80, 30, "{\"Thread Id\":1000,\"Mode\":\"ACL_OP\",\"level\":\"acl\"}");
    X(kCann, 7, 1000, "Node@launch", x + 90, 5, "{\"Thread Id\":1000,\"level\":\"node\",\"connection_id\":" + task + "}");
    // the launch: CANN node -> device task
    e[kCann].push_back("{\"name\":\"HostToDevice" + task + "\",\"ph\":\"s\",\"cat\":\"HostToDevice\",\"id\":\"" + task
                       + "\",\"pid\":" + std::to_string(pidOf(7, device)) + ",\"tid\":1000,\"ts\":" + us(base, x + 90) + "}");
    e[kHardware].push_back("{\"name\":\"HostToDevice" + task + "\",\"ph\":\"f\",\"bp\":\"e\",\"cat\":\"HostToDevice\",\"id\":\""
                           + task + "\",\"pid\":" + std::to_string(pidOf(13, device)) + ",\"tid\":2,\"ts\":" + us(base, x + 100)
                           + "}");
    return e;
}

std::string metadataEvents(int device)
{
    std::string m;
    auto proc = [&](int sort, const char *name, const char *labels) {
        const std::string pid = std::to_string(pidOf(sort, device));
        m += "{\"name\":\"process_name\",\"pid\":" + pid + ",\"tid\":0,\"ph\":\"M\",\"args\":{\"name\":\"" + name + "\"}},\n";
        m += "{\"name\":\"process_labels\",\"pid\":" + pid + ",\"tid\":0,\"ph\":\"M\",\"args\":{\"labels\":\"" + labels + "\"}},\n";
        m += "{\"name\":\"process_sort_index\",\"pid\":" + pid + ",\"tid\":0,\"ph\":\"M\",\"args\":{\"sort_index\":"
            + std::to_string(sort) + "}},\n";
    };
    proc(7, "CANN", "CPU");
    proc(11, "Step Trace", "NPU");
    proc(13, "Ascend Hardware", "NPU");
    proc(15, "HCCL", "NPU");
    auto thread = [&](int sort, int tid, const char *name) {
        m += "{\"name\":\"thread_name\",\"pid\":" + std::to_string(pidOf(sort, device)) + ",\"tid\":" + std::to_string(tid)
            + ",\"ph\":\"M\",\"args\":{\"name\":\"" + name + "\"}},\n";
    };
    thread(15, 0, "Group hccl_world_group Communication");
    thread(15, 1, "Plane 0");
    thread(13, 2, "Stream 2");
    thread(11, 1, "Model ID 1");
    return m;
}

std::string jsonArray(const std::string &meta, const std::vector<std::string> &events)
{
    std::string s = "[\n" + meta;
    for (std::size_t i = 0; i < events.size(); ++i)
        s += events[i] + (i + 1 < events.size() ? ",\n" : "\n");
    if (events.empty() && !meta.empty())
        s.erase(s.size() - 2, 1); // trailing comma of the metadata
    return s + "]\n";
}

struct Generated {
    std::map<int, int> rankOfDevice;
    std::int64_t epochNs = kEpochUs * 1000;
};

const char *kOpSummaryHeader = "Device_id,Model Name,Model ID,Task ID,Stream ID,Infer ID,Op Name,OP Type,OP State,Task Type,"
                               "Task Start Time(us),Task Duration(us),Task Wait Time(us),Block Dim,Mix Block Dim,Input Shapes\n";

std::string opSummaryRows(int device, std::int64_t base)
{
    std::string s;
    for (int it = 1; it <= kIterations; ++it) {
        const std::int64_t x = (it - 1) * 1000;
        s += std::to_string(device) + ",m,1," + std::to_string(10 * it) + ",2,N/A,MatMul_1,MatMul,static,AI_CORE,"
            + std::to_string(base + x + 100) + ".000\t,200.000\t,0,8,0,\"\"\"16,16\"\"\"\n";
        s += std::to_string(device) + ",m,1," + std::to_string(10 * it) + "1,2,N/A,Add_2,Add,static,AI_VECTOR_CORE,"
            + std::to_string(base + x + 400) + ".000\t,100.000\t,0,4,0,\"\"\"16\"\"\"\n";
    }
    return s;
}

/// Older CANN: device_{d}/timeline/{kind}_{d}_1_{iteration}.json per iteration, msprof_* (when
/// `withUnion`) holding every event, the per-kind views repeating them; CLOCK_MONOTONIC_RAW µs
/// with a different boot time per device, start_info to align them; rank_id in info.json.
Generated writeOlderProf(const fs::path &prof, bool withUnion, std::int64_t hcclAt = 500)
{
    Generated g;
    const int devices[] = {0, 1};
    for (int d : devices) {
        const int rank = 4 + d, peer = 4 + (1 - d);
        g.rankOfDevice[d] = rank;
        const std::int64_t boot = 100000000 + std::int64_t(d) * 1000000000; // monotonic µs at collection start
        const fs::path dev = prof / ("device_" + std::to_string(d));
        writeFile(dev / ("info.json." + std::to_string(d)),
                  "{\"jobInfo\":\"NA\",\"devices\":\"" + std::to_string(d) + "\",\"rank_id\":" + std::to_string(rank)
                      + ",\"DeviceInfo\":[{\"id\":" + std::to_string(d) + ",\"hwts_frequency\":\"100\"}]}");
        writeFile(dev / ("start_info." + std::to_string(d)),
                  "{\"collectionDateBegin\":\"2023-11-14 22:13:20\",\"collectionTimeBegin\":\"" + std::to_string(kEpochUs)
                      + "\",\"clockMonotonicRaw\":\"" + std::to_string(boot * 1000) + "\"}");
        writeFile(dev / "data" / "ts_track.data.0.slice_0", "raw");
        std::string ops = kOpSummaryHeader;
        for (int it = 1; it <= kIterations; ++it) {
            auto ev = iterationEvents(d, rank, peer, it, boot, hcclAt);
            const std::string sfx = "_" + std::to_string(d) + "_1_" + std::to_string(it) + ".json";
            const std::string meta = metadataEvents(d);
            std::vector<std::string> all;
            for (auto &[k, v] : ev)
                all.insert(all.end(), v.begin(), v.end());
            // the previous iteration's first CANN API call again at the start of this file (a
            // boundary event msprof writes into both iterations)
            if (it > 1) {
                auto prev = iterationEvents(d, rank, peer, it - 1, boot, hcclAt);
                all.push_back(prev[kCann].front());
                ev[kCann].push_back(prev[kCann].front());
            }
            if (withUnion)
                writeFile(dev / "timeline" / ("msprof" + sfx), jsonArray(meta, all));
            writeFile(dev / "timeline" / ("step_trace" + sfx), jsonArray(meta, ev[kSteps]));
            writeFile(dev / "timeline" / ("task_time" + sfx), jsonArray(meta, ev[kHardware]));
            writeFile(dev / "timeline" / ("hccl" + sfx), jsonArray(meta, ev[kHccl]));
            writeFile(dev / "timeline" / ("acl" + sfx), jsonArray(meta, ev[kCann]));
        }
        ops += opSummaryRows(d, boot);
        writeFile(dev / "summary" / ("op_summary_" + std::to_string(d) + "_1.csv"), ops);
    }
    writeFile(prof / "host" / ("info.json"), "{\"devices\":\"\"}");
    return g;
}

/// Newer CANN: mindstudio_profiler_output/msprof_{ts}.json with both devices (devices 2 and 3,
/// epoch µs), step_trace_{ts}.json repeating the Step Trace events, a communication statistic
/// JSON that is no timeline, op_summary_{ts}.csv for both devices; info.json without rank_id.
Generated writeNewerProf(const fs::path &prof)
{
    Generated g;
    const int devices[] = {2, 3};
    std::string meta;
    std::vector<std::string> all, steps;
    std::string ops = kOpSummaryHeader;
    for (int d : devices) {
        g.rankOfDevice[d] = d;
        const fs::path dev = prof / ("device_" + std::to_string(d));
        writeFile(dev / ("info.json." + std::to_string(d)), "{\"devices\":\"" + std::to_string(d) + "\"}");
        writeFile(dev / "data" / "x.data", "raw");
        meta += metadataEvents(d);
        for (int it = 1; it <= kIterations; ++it) {
            auto ev = iterationEvents(d, d, d == 2 ? 3 : 2, it, kEpochUs);
            for (auto &[k, v] : ev)
                all.insert(all.end(), v.begin(), v.end());
            steps.insert(steps.end(), ev[kSteps].begin(), ev[kSteps].end());
        }
        ops += opSummaryRows(d, kEpochUs);
    }
    const fs::path out = prof / "mindstudio_profiler_output";
    writeFile(out / "msprof_20231114221320.json", jsonArray(meta, all));
    writeFile(out / "step_trace_20231114221320.json", jsonArray(meta, steps));
    writeFile(out / "communication_statistic_20231114221320.json", "{\"hcom_allReduce_\":{\"count\":3}}");
    writeFile(out / "op_summary_20231114221320.csv", ops);
    writeFile(prof / "host" / "start_info", "{\"collectionTimeBegin\":\"" + std::to_string(kEpochUs) + "\",\"clockMonotonicRaw\":\"1\"}");
    return g;
}

/// Older CANN without any exported timeline JSON (msprof exported only the summaries):
/// device_{d}/summary/op_summary_{d}_1_{iteration}.csv per iteration, each file after the first
/// repeating the previous iteration's last row; step_trace_{d}_1.csv; a task_time CSV; raw
/// data; CLOCK_MONOTONIC_RAW µs with start_info; rank_id in info.json. Per iteration (µs into
/// it): MatMul_1 100-300 and Add_2 400-500 on stream 2, the allReduce (Task Type HCCL) 450-750,
/// Cast_3 (AI_CPU) 850-900 on stream 3.
Generated writeSummaryOnlyProf(const fs::path &prof)
{
    Generated g;
    for (int d : {0, 1}) {
        const int rank = 4 + d;
        g.rankOfDevice[d] = rank;
        const std::int64_t boot = 100000000 + std::int64_t(d) * 1000000000;
        const fs::path dev = prof / ("device_" + std::to_string(d));
        writeFile(dev / ("info.json." + std::to_string(d)),
                  "{\"devices\":\"" + std::to_string(d) + "\",\"rank_id\":" + std::to_string(rank) + "}");
        writeFile(dev / ("start_info." + std::to_string(d)), "{\"collectionTimeBegin\":\"" + std::to_string(kEpochUs)
                                                                 + "\",\"clockMonotonicRaw\":\"" + std::to_string(boot * 1000) + "\"}");
        writeFile(dev / "data" / "ts_track.data.0.slice_0", "raw");
        auto row = [&](int it, const char *name, const char *type, const char *taskType, const char *stream, std::int64_t at,
                       std::int64_t dur) {
            return std::to_string(d) + ",m,1," + std::to_string(10 * it) + "," + stream + ",N/A," + name + "," + type + ",static,"
                + taskType + "," + std::to_string(boot + (it - 1) * 1000 + at) + ".000\t," + std::to_string(dur) + ".000\t,0,8,0,\"\"\n";
        };
        std::string steps = "Iteration ID,FP Start(us),BP End(us),Iteration End(us),Iteration Time(us),FP to BP Time(us),"
                            "Iteration Refresh(us),Data Aug Bound(us),Model ID\n";
        for (int it = 1; it <= kIterations; ++it) {
            std::string ops = kOpSummaryHeader;
            if (it > 1)
                ops += row(it - 1, "Cast_3", "Cast", "AI_CPU", "3", 850, 50);
            ops += row(it, "MatMul_1", "MatMul", "AI_CORE", "2", 100, 200);
            ops += row(it, "Add_2", "Add", "AI_VECTOR_CORE", "2", 400, 100);
            ops += row(it, "hcom_allReduce__1_0_1", "hcom_allReduce_", "HCCL", "5", 450, 300);
            ops += row(it, "Cast_3", "Cast", "AI_CPU", "3", 850, 50);
            writeFile(dev / "summary" / ("op_summary_" + std::to_string(d) + "_1_" + std::to_string(it) + ".csv"), ops);
            const std::int64_t x = boot + (it - 1) * 1000;
            steps += std::to_string(it) + "," + std::to_string(x + 50) + "," + std::to_string(x + 850) + "," + std::to_string(x + 1000)
                + ",1000,800,150,N/A,1\n";
        }
        writeFile(dev / "summary" / ("step_trace_" + std::to_string(d) + "_1.csv"), steps);
        writeFile(dev / "summary" / ("task_time_" + std::to_string(d) + "_1_1.csv"),
                  "kernel_name,kernel_type,stream_id,task_id,task_time(us),task_start(us),task_stop(us)\nMatMul_1,AI_CORE,2,10,200,1,201\n");
    }
    writeFile(prof / "host" / "info.json", "{\"devices\":\"\"}");
    return g;
}

model::TracePtr load(const fs::path &p, std::string *error = nullptr)
{
    ImportContext ctx;
    auto r = loadTrace({p}, ctx);
    if (!r.ok()) {
        if (error)
            *error = r.error().toString();
        return nullptr;
    }
    return r.value().trace;
}

/// Slices per (rank, process name).
std::map<std::pair<int, std::string>, std::size_t> slicesByProcess(const model::Trace &t)
{
    std::map<std::pair<int, std::string>, std::size_t> out;
    for (const model::Process &p : t.processes()) {
        const int rank = t.sources()[p.source].rank;
        for (model::TrackId id : p.tracks)
            out[{rank, std::string(t.str(p.name))}] += t.track(id).slices.size();
    }
    return out;
}

std::vector<std::pair<model::TimeNs, std::string>> stepSlices(const model::Trace &t, int rank)
{
    std::vector<std::pair<model::TimeNs, std::string>> out;
    for (const model::Process &p : t.processes()) {
        if (t.sources()[p.source].rank != rank || t.str(p.name) != "Step Trace")
            continue;
        for (model::TrackId id : p.tracks) {
            const model::Track &tr = t.track(id);
            if (t.str(tr.name) != "Steps")
                continue;
            for (std::size_t i = 0; i < tr.slices.size(); ++i)
                out.emplace_back(tr.slices.start[i], std::string(t.str(tr.slices.name[i])));
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string meta(const model::Trace &t, std::size_t source, std::string_view key)
{
    for (const auto &[k, v] : t.sources().at(source).metadata)
        if (k == key)
            return v;
    return {};
}

/// Flows from a CANN slice to an Ascend Hardware slice, per rank.
std::map<int, std::size_t> launchFlows(const model::Trace &t)
{
    std::map<int, std::size_t> out;
    for (const model::Flow &f : t.flows()) {
        if (!f.from.valid() || !f.to.valid())
            continue;
        const model::Process &a = t.process(t.track(f.from.track).process);
        const model::Process &b = t.process(t.track(f.to.track).process);
        if (t.str(a.name) == "CANN" && t.str(b.name) == "Ascend Hardware")
            ++out[t.sources()[b.source].rank];
    }
    return out;
}

/// The checks every generation shares: ranks, each event once, steps, flows.
void checkTimeline(const model::Trace &t, const Generated &g)
{
    std::set<int> ranks;
    for (const auto &s : t.sources())
        ranks.insert(s.rank);
    std::set<int> want;
    for (const auto &[d, r] : g.rankOfDevice)
        want.insert(r);
    QCOMPARE(ranks, want);
    QCOMPARE(t.sources().size(), g.rankOfDevice.size());
    const auto slices = slicesByProcess(t);
    for (const auto &[device, rank] : g.rankOfDevice) {
        QCOMPARE(slices.at({rank, "Ascend Hardware"}), std::size_t(2 * kIterations));
        QCOMPARE(slices.at({rank, "HCCL"}), std::size_t(3 * kIterations));
        QCOMPARE(slices.at({rank, "CANN"}), std::size_t(2 * kIterations));
        // Iteration, FP_BP Time, Iteration Refresh (every iteration), Data_aug Bound (from the 2nd),
        // plus the Steps track
        QCOMPARE(slices.at({rank, "Step Trace"}), std::size_t(4 * kIterations - 1 + kIterations));
        const auto steps = stepSlices(t, rank);
        QCOMPARE(steps.size(), std::size_t(kIterations));
        for (int i = 0; i < kIterations; ++i) {
            QCOMPARE(steps[std::size_t(i)].second, "Step " + std::to_string(i + 1));
            // aligned on epoch time whatever the device's own clock said
            QCOMPARE(steps[std::size_t(i)].first, g.epochNs + std::int64_t(i) * 1000000);
        }
        QCOMPARE(launchFlows(t)[rank], std::size_t(kIterations));
        const model::Process *hw = nullptr;
        for (const model::Process &p : t.processes())
            if (t.sources()[p.source].rank == rank && t.str(p.name) == "Ascend Hardware")
                hw = &p;
        QVERIFY(hw);
        QCOMPARE(hw->device, device);
        QVERIFY(t.sources()[hw->source].ascend);
        QCOMPARE(t.sources()[hw->source].ascend->device, device);
    }
}

/// The steps table's value of `column` per row, with the rank of every row.
std::vector<std::pair<std::int64_t, std::int64_t>> stepColumn(const model::analysis::Table &t, const char *column)
{
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    const auto *rank = t.column("rank");
    const auto *c = t.column(column);
    if (!rank || !c)
        return out;
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        out.emplace_back(rank->ints[r], c->ints[r]);
    return out;
}

/// Every step of ranks 4 and 5 (three each) has `value` in `column`.
void checkEverySteps(const model::analysis::Table &t, const char *column, std::int64_t value)
{
    const auto rows = stepColumn(t, column);
    QCOMPARE(rows.size(), std::size_t(2 * kIterations));
    for (const auto &[rank, v] : rows) {
        QVERIFY2(rank == 4 || rank == 5, column);
        QVERIFY2(v == value, (std::string(column) + " = " + std::to_string(v) + ", expected " + std::to_string(value)).c_str());
    }
}

/// The DataNotRead details of the trace.
std::vector<std::string> notReadDetails(const model::Trace &t)
{
    std::vector<std::string> out;
    for (const auto &d : t.diagnostics())
        if (d.kind == model::DiagKind::DataNotRead)
            out.push_back(d.detail);
    return out;
}

bool anyContains(const std::vector<std::string> &texts, std::initializer_list<std::string_view> parts)
{
    for (const std::string &t : texts) {
        bool all = true;
        for (std::string_view p : parts)
            all = all && t.find(p) != std::string::npos;
        if (all)
            return true;
    }
    return false;
}

} // namespace

class TestMsprof : public QObject {
    Q_OBJECT
private slots:
    void olderGenerationWithUnionFile()
    {
        QTemporaryDir tmp;
        const fs::path prof = fs::path(tmp.path().toStdString()) / "PROF_000001_20231114221320123_ABCDEFGH";
        const Generated g = writeOlderProf(prof, true);
        std::string err;
        auto t = load(prof, &err);
        QVERIFY2(t, err.c_str());
        checkTimeline(*t, g);
        for (std::size_t s = 0; s < t->sources().size(); ++s) {
            QVERIFY(meta(*t, s, "ascend.msprof.views").find("msprof_*.json (3 file(s); 12 per-kind") != std::string::npos);
            QCOMPARE(meta(*t, s, "ascend.rank_from"), std::string("\"info.json rank_id\""));
            // 2 repeated boundary API calls per device (iterations 2 and 3)
            QVERIFY(meta(*t, s, "ascend.joins").find("\"duplicates_dropped\":2") != std::string::npos);
            QVERIFY(meta(*t, s, "ascend.joins").find("\"op_summary_joined\":6") != std::string::npos);
        }
        bool aligned = false;
        for (const auto &d : t->diagnostics())
            aligned = aligned || (d.kind == model::DiagKind::ClockAlignedStartInfo && d.detail.find("CLOCK_MONOTONIC_RAW") != std::string::npos);
        QVERIFY(aligned);
    }

    void olderGenerationPerKindViews()
    {
        QTemporaryDir tmp;
        const fs::path prof = fs::path(tmp.path().toStdString()) / "PROF_000001_20231114221320123_ABCDEFGH";
        const Generated g = writeOlderProf(prof, false);
        auto t = load(prof);
        QVERIFY(t);
        checkTimeline(*t, g);
        QVERIFY(meta(*t, 0, "ascend.msprof.views").find("per-kind views (12 file(s)") != std::string::npos);
    }

    void newerGenerationSharedViews()
    {
        QTemporaryDir tmp;
        const fs::path prof = fs::path(tmp.path().toStdString()) / "PROF_000001_20231114221320123_ABCDEFGH";
        const Generated g = writeNewerProf(prof);
        auto t = load(prof);
        QVERIFY(t);
        checkTimeline(*t, g);
        // rank = device id, said by a diagnostic
        bool said = false;
        for (const auto &d : t->diagnostics())
            said = said || (d.kind == model::DiagKind::RankFromDeviceId && d.detail.find("rank = device id") != std::string::npos);
        QVERIFY(said);
        QVERIFY(meta(*t, 0, "ascend.joins").find("\"op_summary_joined\":6") != std::string::npos);
        QVERIFY(meta(*t, 0, "ascend.joins").find("\"duplicates_dropped\":0") != std::string::npos);
    }

    void analysesOnNewerGeneration()
    {
        QTemporaryDir tmp;
        const fs::path prof = fs::path(tmp.path().toStdString()) / "PROF_000001_20231114221320123_ABCDEFGH";
        writeNewerProf(prof);
        auto t = load(prof);
        QVERIFY(t);
        model::analysis::AnalysisContext ctx(t);
        model::analysis::AnalysisOptions opt;
        const auto steps = model::analysis::runAnalysis("steps", ctx, opt);
        QCOMPARE(steps.rowCount(), std::size_t(2 * kIterations));
        const auto *step = steps.column("step");
        const auto *computing = steps.column("computing_ns");
        const auto *comm = steps.column("communication_ns");
        const auto *notOverlapped = steps.column("communication_not_overlapped_ns");
        const auto *fpbp = steps.column("fp_and_bp_ns");
        QVERIFY(step && computing && comm && notOverlapped && fpbp);
        for (std::size_t r = 0; r < steps.rowCount(); ++r) {
            QCOMPARE(step->ints[r], std::int64_t(r % kIterations) + 1);
            QCOMPARE(computing->ints[r], std::int64_t(300000)); // MatMul 200 µs + Add 100 µs
            QCOMPARE(comm->ints[r], std::int64_t(300000));      // the allReduce, after the compute
            QCOMPARE(notOverlapped->ints[r], std::int64_t(300000));
            QCOMPARE(fpbp->ints[r], std::int64_t(800000));
        }
        const auto ops = model::analysis::runAnalysis("op-statistic", ctx, opt);
        const auto *type = ops.column("op_type");
        const auto *count = ops.column("count");
        QVERIFY(type && count);
        std::map<std::string, std::int64_t> byType;
        for (std::size_t r = 0; r < ops.rowCount(); ++r)
            byType[type->texts[r]] += count->ints[r];
        QCOMPARE(byType["MatMul"], std::int64_t(2 * kIterations));
        QCOMPARE(byType["Add"], std::int64_t(2 * kIterations));
        QCOMPARE(byType.size(), std::size_t(2));
    }

    void parentOfSeveralProfFolders()
    {
        // torch_npu-like: one *_ascend_pt per rank whose analysis never ran (PROF_* only), the
        // rank in profiler_info; a plain msprof PROF_ folder beside them
        QTemporaryDir tmp;
        const fs::path root = fs::path(tmp.path().toStdString());
        writeNewerProf(root / "node_ascend_pt" / "PROF_000001_1_A");
        writeOlderProf(root / "msprof_run" / "PROF_000002_2_B", true);
        auto devs = ascend::discoverMsprof(root);
        QCOMPARE(devs.size(), std::size_t(4));
        auto t = load(root);
        QVERIFY(t);
        std::set<int> ranks;
        for (const auto &s : t->sources())
            ranks.insert(s.rank);
        QCOMPARE(ranks, (std::set<int>{2, 3, 4, 5}));
    }

    void profInsideRankFolderIsNotReadTwice()
    {
        // a torch_npu rank folder whose ASCEND_PROFILER_OUTPUT exists: the PROF_* inside is the
        // same data and is left out
        QTemporaryDir tmp;
        const fs::path root = fs::path(tmp.path().toStdString()) / "host_1_20240101_ascend_pt";
        writeNewerProf(root / "PROF_000001_1_A");
        writeFile(root / "ASCEND_PROFILER_OUTPUT" / "kernel_details.csv", "Name,Type,Accelerator Core,Start Time(us),Duration(us)\n");
        ascend::Layout layout = ascend::discoverLayout(root);
        QCOMPARE(layout.ranks.size(), std::size_t(1));
        QCOMPARE(ascend::discoverMsprof(root, &layout).size(), std::size_t(0));
        QCOMPARE(ascend::discoverMsprof(root).size(), std::size_t(2));
    }

    void damagedViewKeepsWhatWasRead()
    {
        QTemporaryDir tmp;
        const fs::path prof = fs::path(tmp.path().toStdString()) / "PROF_x";
        writeOlderProf(prof, true);
        const fs::path f = prof / "device_0" / "timeline" / "msprof_0_1_2.json";
        std::ifstream in(f, std::ios::binary);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        in.close();
        writeFile(f, text.substr(0, text.size() / 2));
        auto t = load(prof);
        QVERIFY(t);
        QCOMPARE(t->sources().size(), std::size_t(2));
        bool truncated = false;
        for (const auto &d : t->diagnostics()) {
            truncated = truncated || (d.kind == model::DiagKind::TruncatedInput && d.file == f.string());
        }
        QVERIFY(truncated);
        // iteration 1 and 3 whole, iteration 2 up to the damage: fewer tasks than 3 iterations,
        // more than 2
        const auto slices = slicesByProcess(*t);
        QVERIFY(slices.at({4, "Ascend Hardware"}) < std::size_t(2 * kIterations));
        QVERIFY(slices.at({4, "Ascend Hardware"}) >= std::size_t(2 * (kIterations - 1)));
        QCOMPARE(slices.at({5, "Ascend Hardware"}), std::size_t(2 * kIterations));
    }

    void stepsFromSummaryCsvWithoutStepTraceViews()
    {
        // older CANN without step_trace_*.json views: the iterations come from summary/step_trace_*.csv
        QTemporaryDir tmp;
        const fs::path prof = fs::path(tmp.path().toStdString()) / "PROF_1";
        const Generated g = writeOlderProf(prof, false);
        for (int d : {0, 1}) {
            const std::int64_t boot = 100000000 + std::int64_t(d) * 1000000000;
            std::string csv = "Iteration ID,FP Start(us),BP End(us),Iteration End(us),Iteration Time(us),FP to BP Time(us),"
                              "Iteration Refresh(us),Data Aug Bound(us),Model ID\n";
            for (int it = 1; it <= kIterations; ++it) {
                const std::int64_t x = boot + (it - 1) * 1000;
                csv += std::to_string(it) + "," + std::to_string(x + 50) + "," + std::to_string(x + 850) + "," + std::to_string(x + 1000)
                    + ",1000,800,150," + (it > 1 ? "50" : "N/A") + ",1\n";
            }
            const fs::path dev = prof / ("device_" + std::to_string(d));
            writeFile(dev / "summary" / ("step_trace_" + std::to_string(d) + "_1.csv"), csv);
            for (int it = 1; it <= kIterations; ++it)
                fs::remove(dev / "timeline" / ("step_trace_" + std::to_string(d) + "_1_" + std::to_string(it) + ".json"));
        }
        auto t = load(prof);
        QVERIFY(t);
        for (const auto &[device, rank] : g.rankOfDevice) {
            const auto steps = stepSlices(*t, rank);
            QCOMPARE(steps.size(), std::size_t(kIterations));
            for (int i = 0; i < kIterations; ++i)
                QCOMPARE(steps[std::size_t(i)].first, g.epochNs + std::int64_t(i) * 1000000);
        }
        model::analysis::AnalysisContext ctx(t);
        const auto table = model::analysis::runAnalysis("steps", ctx, model::analysis::AnalysisOptions{});
        QCOMPARE(table.rowCount(), std::size_t(2 * kIterations));
        QCOMPARE(table.column("fp_and_bp_ns")->ints[0], std::int64_t(800000));
        QCOMPARE(table.column("computing_ns")->ints[0], std::int64_t(300000));
    }

    void mindsporeProfilerFolder()
    {
        // MindSpore 2.0-2.2: profiler/ holds PROF_* beside loose JSON / CSV files that are no
        // rank of their own; the legacy files of a rank, when present, win over its PROF device
        QTemporaryDir tmp;
        const fs::path profiler = fs::path(tmp.path().toStdString()) / "profiler";
        writeOlderProf(profiler / "PROF_000001_1_A", true);
        writeFile(profiler / "dataset_iterator_profiling_4.txt", "x");
        writeFile(profiler / "step_trace_point_info.json", "{\"fp_start\": \"a\", \"bp_end\": \"b\"}");
        auto t = load(profiler);
        QVERIFY(t);
        QCOMPARE(t->sources().size(), std::size_t(2));
        ascend::Layout layout;
        ascend::RankDir legacy;
        legacy.root = profiler;
        legacy.flavor = ascend::Flavor::MindSporeLegacy;
        legacy.rank = 4;
        layout.ranks.push_back(legacy);
        const auto devs = ascend::discoverMsprof(profiler, &layout);
        QCOMPARE(devs.size(), std::size_t(1));
        QCOMPARE(devs.front().rank, 5);
    }

    /// With ACCELSCOPE_MSPROF_OUT set, the generated folders are also written there (older
    /// generation with and without msprof_*, newer generation) to try the CLI and GUI on.
    void writeSamplesWhenAsked()
    {
        const QByteArray out = qgetenv("ACCELSCOPE_MSPROF_OUT");
        if (out.isEmpty())
            QSKIP("ACCELSCOPE_MSPROF_OUT not set");
        const fs::path root(out.toStdString());
        writeOlderProf(root / "older" / "PROF_000001_20231114221320123_ABCDEFGH", true);
        writeOlderProf(root / "older_per_kind" / "PROF_000001_20231114221320123_ABCDEFGH", false);
        writeNewerProf(root / "newer" / "PROF_000001_20231114221320123_ABCDEFGH");
        QVERIFY(ascend::isMsprofFolder(root / "newer" / "PROF_000001_20231114221320123_ABCDEFGH"));
    }

    /// Data the importer does not read is named in a DataNotRead diagnostic each: a JSON file
    /// that is no timeline, the host's own views, the SQLite export, a device whose only data is
    /// raw. Data it reads, or raw data behind exported views, is not reported.
    void unreadDataIsSaid()
    {
        QTemporaryDir tmp;
        const fs::path prof = fs::path(tmp.path().toStdString()) / "PROF_000001_20231114221320123_ABCDEFGH";
        writeNewerProf(prof);
        writeFile(prof / "host" / "timeline" / "msprof_host.json", "[]");
        writeFile(prof / "msprof_20231114221320.db", "SQLite format 3");
        // a third device with raw data only (not exported)
        writeFile(prof / "device_4" / "info.json.4", "{\"devices\":\"4\"}");
        writeFile(prof / "device_4" / "data" / "ts_track.data.4.slice_0", "raw");
        writeFile(prof / "device_4" / "data" / "hwts.data.4.slice_0", "raw");
        // loaded without the mindstudio_profiler_output views for device 4: its device folder has no timeline
        auto t = load(prof);
        QVERIFY(t);
        auto said = [&](std::string_view file, std::string_view text) {
            std::size_t n = 0;
            for (const auto &d : t->diagnostics())
                n += d.kind == model::DiagKind::DataNotRead && endsWith(d.file, file) && d.detail.find(text) != std::string::npos;
            return n;
        };
        QCOMPARE(said("communication_statistic_20231114221320.json", "communication statistics"), std::size_t(1));
        QCOMPARE(said("host/timeline", "1 file(s) of the host's own views"), std::size_t(1));
        QCOMPARE(said("msprof_20231114221320.db", "SQLite export"), std::size_t(1));
        std::size_t total = 0;
        for (const auto &d : t->diagnostics())
            total += d.kind == model::DiagKind::DataNotRead;
        QCOMPARE(total, std::size_t(3)); // device_2/3's raw data is behind the exported views: not reported

        // the same folder without any exported view: every device says its raw data was not read
        fs::remove_all(prof / "mindstudio_profiler_output");
        fs::remove_all(prof / "device_2" / "data");
        writeFile(prof / "device_2" / "data" / "x.data", "raw");
        std::string error;
        auto raw = load(prof, &error);
        QVERIFY2(raw, error.c_str());
        std::size_t rawSaid = 0;
        for (const auto &d : raw->diagnostics())
            rawSaid += d.kind == model::DiagKind::DataNotRead
                && d.detail.find("device_2: no exported timeline (1 raw file(s) in device_2/data") != std::string::npos;
        QCOMPARE(rawSaid, std::size_t(1));
    }

    /// An event whose pid names no device of a shared view goes to the first device and says
    /// so (EventsNotRouted); monotonic timestamps without start_info fields are kept and said
    /// (ClockNotAligned).
    void unroutedEventsAndUnalignedClocksAreSaid()
    {
        QTemporaryDir tmp;
        const fs::path prof = fs::path(tmp.path().toStdString()) / "PROF_000001_20231114221320123_ABCDEFGH";
        writeNewerProf(prof);
        const fs::path view = prof / "mindstudio_profiler_output" / "msprof_20231114221320.json";
        std::ifstream in(view, std::ios::binary);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        in.close();
        const std::size_t open = text.find('[') + 1;
        const std::string stray = "{\"name\":\"stray\",\"pid\":77,\"tid\":1,\"ts\":\"" + std::to_string(kEpochUs)
            + ".000\",\"dur\":1,\"ph\":\"X\",\"args\":{}},\n";
        writeFile(view, text.substr(0, open) + stray + text.substr(open));
        auto t = load(prof);
        QVERIFY(t);
        std::size_t unrouted = 0;
        for (const auto &d : t->diagnostics())
            unrouted += d.kind == model::DiagKind::EventsNotRouted && d.detail.find("given to device 2") != std::string::npos;
        QCOMPARE(unrouted, std::size_t(1));

        QTemporaryDir tmp2;
        const fs::path older = fs::path(tmp2.path().toStdString()) / "PROF_2";
        writeOlderProf(older, true);
        for (int d : {0, 1})
            writeFile(older / ("device_" + std::to_string(d)) / ("start_info." + std::to_string(d)), "{\"collectionDateBegin\":\"x\"}");
        auto u = load(older);
        QVERIFY(u);
        std::size_t unaligned = 0, aligned = 0;
        for (const auto &d : u->diagnostics()) {
            unaligned += d.kind == model::DiagKind::ClockNotAligned;
            aligned += d.kind == model::DiagKind::ClockAlignedStartInfo;
        }
        QCOMPARE(unaligned, std::size_t(2));
        QCOMPARE(aligned, std::size_t(0));
    }

    /// A device_{id}/ folder, its timeline/ or summary/ folder, or mindstudio_profiler_output/
    /// dropped on its own loads the device(s) it belongs to, never one rank per file.
    void partOfAProfFolderLoadsItsDevices()
    {
        QTemporaryDir tmp;
        const fs::path root = fs::path(tmp.path().toStdString());
        const fs::path older = root / "PROF_000001_20231114221320123_ABCDEFGH";
        const fs::path newer = root / "PROF_000002_20231114221320123_ABCDEFGH";
        writeOlderProf(older, true);
        const Generated gNewer = writeNewerProf(newer);
        auto whole = load(older);
        QVERIFY(whole);
        std::map<std::pair<int, std::string>, std::size_t> rank4;
        for (const auto &[key, n] : slicesByProcess(*whole))
            if (key.first == 4)
                rank4[key] = n;
        QVERIFY(!rank4.empty());
        for (const fs::path &part : {older / "device_0", older / "device_0" / "timeline", older / "device_0" / "timeline" / "",
                                     older / "device_0" / "summary"}) {
            std::string err;
            auto t = load(part, &err);
            QVERIFY2(t, (part.string() + ": " + err).c_str());
            QCOMPARE(t->sources().size(), std::size_t(1));
            QCOMPARE(t->sources()[0].rank, 4);
            QCOMPARE(slicesByProcess(*t), rank4);
        }
        // The newer generation's views hold both devices: either part brings both.
        for (const fs::path &part : {newer / "mindstudio_profiler_output", newer / "device_2"}) {
            auto t = load(part);
            QVERIFY(t);
            QCOMPARE(t->sources().size(), std::size_t(2));
            checkTimeline(*t, gNewer);
        }
        QVERIFY(ascend::enclosingMsprofDevices(root).empty());
        QVERIFY(ascend::enclosingMsprofDevices(older).empty()); // the PROF folder itself: discoverMsprof's
    }

    /// Older CANN with summaries only (no timeline JSON): op_summary rows are the device tasks,
    /// step_trace CSV rows the steps, and the step and op analyses give the hand-computed values.
    void summaryOnlyFolderBuildsTheTimelineFromOpSummary()
    {
        QTemporaryDir tmp;
        const fs::path prof = fs::path(tmp.path().toStdString()) / "PROF_000001_20231114221320123_ABCDEFGH";
        const Generated g = writeSummaryOnlyProf(prof);
        {
            // rows no clock can hold (beyond int64 µs→ns, after 2096, negative) are skipped and said
            std::ofstream hostile(prof / "device_0" / "summary" / "op_summary_0_1_1.csv", std::ios::app);
            hostile << "0,m,1,9,2,N/A,Huge,MatMul,static,AI_CORE,99999999999999999999.000,1.000,0,8,0,\"\"\n"
                    << "0,m,1,9,2,N/A,Late,MatMul,static,AI_CORE,9000000000000000.000,1.000,0,8,0,\"\"\n"
                    << "0,m,1,9,2,N/A,Negative,MatMul,static,AI_CORE,100000100.000,-5.000,0,8,0,\"\"\n";
        }
        std::string err;
        auto t = load(prof, &err);
        QVERIFY2(t, err.c_str());
        QCOMPARE(t->sources().size(), std::size_t(2));
        std::uint64_t skipped = 0;
        for (const auto &d : t->diagnostics())
            if (d.kind == model::DiagKind::MalformedEvent && endsWith(d.file, "op_summary_0_1_1.csv"))
                skipped += d.count;
        QCOMPARE(skipped, std::uint64_t(3));
        const auto slices = slicesByProcess(*t);
        for (const auto &[device, rank] : g.rankOfDevice) {
            QCOMPARE(t->sources()[std::size_t(device)].rank, rank);
            // MatMul, Add, Cast per iteration, each once although files 2 and 3 repeat a Cast row
            QCOMPARE(slices.at({rank, "Ascend Hardware"}), std::size_t(3 * kIterations));
            QCOMPARE(slices.at({rank, "HCCL"}), std::size_t(kIterations));
            QVERIFY(slices.at({rank, "Overlap Analysis"}) > 0);
            QVERIFY(meta(*t, std::size_t(device), "ascend.joins").find("\"duplicates_dropped\":2") != std::string::npos);
            QVERIFY(meta(*t, std::size_t(device), "ascend.joins").find("op_summary CSV rows") != std::string::npos);
            const auto steps = stepSlices(*t, rank);
            QCOMPARE(steps.size(), std::size_t(kIterations));
            for (int i = 0; i < kIterations; ++i) // monotonic CSV times moved to epoch time with start_info
                QCOMPARE(steps[std::size_t(i)].first, g.epochNs + std::int64_t(i) * 1000000);
            std::set<std::string> streams;
            for (const model::Process &p : t->processes())
                if (t->sources()[p.source].rank == rank && t->str(p.name) == "Ascend Hardware") {
                    QCOMPARE(p.device, device);
                    for (model::TrackId id : p.tracks) {
                        QCOMPARE(t->track(id).role, model::TrackRole::Engine);
                        streams.insert(t->trackDisplayName(id));
                    }
                }
            QCOMPARE(streams, (std::set<std::string>{"Stream 2", "Stream 3"}));
        }
        const auto notRead = notReadDetails(*t);
        QVERIFY(anyContains(notRead, {"device_0: no exported timeline (1 raw file(s)", "come from device_0/summary/op_summary_0_1_1.csv",
                                      "device_0/summary/task_time_0_1_1.csv (kept as a table)"}));

        model::analysis::AnalysisContext ctx(t);
        const auto steps = model::analysis::runAnalysis("steps", ctx, model::analysis::AnalysisOptions{});
        // per iteration: compute 100-300, 400-500, 850-900; the allReduce 450-750
        checkEverySteps(steps, "computing_ns", 350000);
        checkEverySteps(steps, "communication_ns", 300000);
        checkEverySteps(steps, "overlapped_ns", 50000);
        checkEverySteps(steps, "communication_not_overlapped_ns", 250000);
        // Free from the derived lanes, each gap counted in the step it starts in (as torch_npu
        // counts its lanes): 300-400 and 750-850, plus 900-1100 up to the next iteration's first
        // task in steps 1 and 2
        const auto *step = steps.column("step");
        const auto *free = steps.column("free_ns");
        QVERIFY(step && free);
        for (std::size_t r = 0; r < steps.rowCount(); ++r)
            QCOMPARE(free->ints[r], step->ints[r] < kIterations ? std::int64_t(400000) : std::int64_t(200000));
        checkEverySteps(steps, "fp_and_bp_ns", 800000);
        QVERIFY(anyContains(steps.notes, {"Overlap Analysis lanes derived from the device tasks"}));
        const auto ops = model::analysis::runAnalysis("op-statistic", ctx, model::analysis::AnalysisOptions{});
        std::map<std::string, std::int64_t> byType;
        for (std::size_t r = 0; r < ops.rowCount(); ++r)
            byType[ops.column("op_type")->texts[r]] += ops.column("count")->ints[r];
        QCOMPARE(byType, (std::map<std::string, std::int64_t>{{"Add", 6}, {"Cast", 6}, {"MatMul", 6}}));
    }

    /// Newer CANN with only the CSVs of mindstudio_profiler_output: the shared op_summary is split
    /// by its Device_id column into each device's tasks.
    void newerGenerationSummaryOnly()
    {
        QTemporaryDir tmp;
        const fs::path prof = fs::path(tmp.path().toStdString()) / "PROF_1";
        const Generated g = writeNewerProf(prof);
        fs::remove(prof / "mindstudio_profiler_output" / "msprof_20231114221320.json");
        fs::remove(prof / "mindstudio_profiler_output" / "step_trace_20231114221320.json");
        std::string err;
        auto t = load(prof, &err);
        QVERIFY2(t, err.c_str());
        QCOMPARE(t->sources().size(), std::size_t(2));
        const auto slices = slicesByProcess(*t);
        for (const auto &[device, rank] : g.rankOfDevice) {
            QCOMPARE(slices.at({rank, "Ascend Hardware"}), std::size_t(2 * kIterations));
            QVERIFY(!slices.count({rank, "HCCL"}));
        }
        QVERIFY(anyContains(notReadDetails(*t), {"device_3: no exported timeline",
                                                 "come from mindstudio_profiler_output/op_summary_20231114221320.csv"}));
        model::analysis::AnalysisContext ctx(t);
        const auto ops = model::analysis::runAnalysis("op-statistic", ctx, model::analysis::AnalysisOptions{});
        std::map<std::string, std::int64_t> byType;
        for (std::size_t r = 0; r < ops.rowCount(); ++r)
            byType[ops.column("op_type")->texts[r]] += ops.column("count")->ints[r];
        QCOMPARE(byType, (std::map<std::string, std::int64_t>{{"Add", 2 * kIterations}, {"MatMul", 2 * kIterations}}));
    }

    /// Newer CANN splits a large msprof view into msprof_slice_N_{ts}.json files, the process
    /// metadata only in the first: the later slices' events still go to their own device.
    void newerGenerationSlicedViews()
    {
        QTemporaryDir tmp;
        const fs::path prof = fs::path(tmp.path().toStdString()) / "PROF_000001_20231114221320123_ABCDEFGH";
        const Generated g = writeNewerProf(prof);
        const fs::path out = prof / "mindstudio_profiler_output";
        std::ifstream in(out / "msprof_20231114221320.json", std::ios::binary);
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        in.close();
        fs::remove(out / "msprof_20231114221320.json");
        // one event per line: the metadata and half the events in slice 0, the rest in slice 1
        std::vector<std::string> lines;
        std::istringstream split(text);
        for (std::string line; std::getline(split, line);)
            if (line != "[" && line != "]" && !line.empty())
                lines.push_back(line.back() == ',' ? line.substr(0, line.size() - 1) : line);
        std::vector<std::string> metadata, events;
        for (const std::string &l : lines)
            (l.find("\"ph\":\"M\"") != std::string::npos ? metadata : events).push_back(l);
        const std::size_t half = events.size() / 2;
        std::vector<std::string> first(metadata);
        first.insert(first.end(), events.begin(), events.begin() + std::ptrdiff_t(half));
        writeFile(out / "msprof_slice_0_20231114221320.json", jsonArray("", first));
        writeFile(out / "msprof_slice_1_20231114221320.json", jsonArray("", {events.begin() + std::ptrdiff_t(half), events.end()}));
        auto t = load(prof);
        QVERIFY(t);
        checkTimeline(*t, g);
        QVERIFY(!metadata.empty() && half > 0);
        QVERIFY(meta(*t, 0, "ascend.msprof.views").find("msprof_*.json (2 file(s)") != std::string::npos);
        for (const auto &d : t->diagnostics())
            QVERIFY2(d.kind != model::DiagKind::EventsNotRouted, d.detail.c_str());
    }

    /// A view holding msprof's own Overlap Analysis lanes: the steps are summed from them (here
    /// lanes that differ from the tasks, Free included, to tell the two apart).
    void stepsFromTheViewsOverlapLanes()
    {
        QTemporaryDir tmp;
        const fs::path prof = fs::path(tmp.path().toStdString()) / "PROF_1";
        writeOlderProf(prof, true);
        for (int d : {0, 1}) {
            const std::int64_t boot = 100000000 + std::int64_t(d) * 1000000000;
            const std::int64_t pid = pidOf(17, d);
            std::string lanes = "{\"name\":\"process_name\",\"pid\":" + std::to_string(pid)
                + ",\"tid\":0,\"ph\":\"M\",\"args\":{\"name\":\"Overlap Analysis\"}},\n";
            std::vector<std::string> ev;
            auto lane = [&](int tid, const char *name, std::int64_t at, std::int64_t dur) {
                ev.push_back("{\"name\":\"" + std::string(name) + "\",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid)
                             + ",\"ts\":" + us(boot, at) + ",\"dur\":" + std::to_string(dur) + ",\"ph\":\"X\",\"args\":{}}");
            };
            for (int it = 1; it <= kIterations; ++it) {
                const std::int64_t x = (it - 1) * 1000;
                lane(0, "Computing", x + 100, 250);
                lane(1, "Communication", x + 500, 300);
                lane(2, "Communication(Not Overlapped)", x + 550, 250);
                lane(3, "Free", x + 350, 150);
            }
            writeFile(prof / ("device_" + std::to_string(d)) / "timeline" / ("msprof_" + std::to_string(d) + "_1_9.json"),
                      jsonArray(lanes, ev));
        }
        auto t = load(prof);
        QVERIFY(t);
        model::analysis::AnalysisContext ctx(t);
        const auto steps = model::analysis::runAnalysis("steps", ctx, model::analysis::AnalysisOptions{});
        checkEverySteps(steps, "computing_ns", 250000);
        checkEverySteps(steps, "communication_ns", 300000);
        checkEverySteps(steps, "communication_not_overlapped_ns", 250000);
        checkEverySteps(steps, "overlapped_ns", 50000);
        checkEverySteps(steps, "free_ns", 150000);
        QVERIFY(anyContains(steps.notes, {"the trace's Overlap Analysis lanes"}));
    }

    /// Summaries that cannot make a timeline: the warning names every file present and unused.
    void summaryOnlyFolderWithoutUsableOpSummaryNamesItsFiles()
    {
        QTemporaryDir tmp;
        const fs::path prof = fs::path(tmp.path().toStdString()) / "PROF_1";
        writeSummaryOnlyProf(prof);
        for (int it = 1; it <= kIterations; ++it) {
            fs::remove(prof / "device_1" / "summary" / ("op_summary_1_1_" + std::to_string(it) + ".csv"));
            if (it > 1)
                fs::remove(prof / "device_0" / "summary" / ("op_summary_0_1_" + std::to_string(it) + ".csv"));
        }
        writeFile(prof / "device_0" / "summary" / "op_summary_0_1_1.csv", "Op Name,OP Type,Task Start Time(us)\nMatMul_1,MatMul,1.0\n");
        std::string err;
        auto t = load(prof, &err);
        QVERIFY2(t, err.c_str());
        const auto notRead = notReadDetails(*t);
        QVERIFY(anyContains(notRead, {"device_0: no exported timeline (1 raw file(s) in device_0/data", "no op_summary rows",
                                      "device_0/summary/op_summary_0_1_1.csv (no usable rows or columns)",
                                      "device_0/summary/task_time_0_1_1.csv (kept as a table)", "no device events"}));
        QVERIFY(anyContains(notRead, {"device_1: no exported timeline", "device_1/summary/task_time_1_1_1.csv (kept as a table)"}));
        QVERIFY(!anyContains(notRead, {"device_1", "op_summary_"}));
        bool missingColumns = false;
        for (const auto &d : t->diagnostics())
            missingColumns = missingColumns || (d.kind == model::DiagKind::MissingField && endsWith(d.file, "op_summary_0_1_1.csv"));
        QVERIFY(missingColumns);
        // the steps still come from step_trace CSV; no device task anywhere
        QCOMPARE(stepSlices(*t, 4).size(), std::size_t(kIterations));
        for (const auto &[key, n] : slicesByProcess(*t))
            QVERIFY2(key.second == "Step Trace" || n == 0, key.second.c_str());
    }

    /// Step Trace tracks are named as the view names them ("Steps", "Model ID 1"), without the
    /// tid a host thread's label gets.
    void stepTraceTrackLabels()
    {
        QTemporaryDir tmp;
        const fs::path older = fs::path(tmp.path().toStdString()) / "PROF_1";
        const fs::path summaryOnly = fs::path(tmp.path().toStdString()) / "PROF_2";
        writeOlderProf(older, true);
        writeSummaryOnlyProf(summaryOnly);
        for (const auto &[folder, want] : {std::pair{older, std::set<std::string>{"Steps", "Model ID 1"}},
                                           std::pair{summaryOnly, std::set<std::string>{"Steps"}}}) {
            auto t = load(folder);
            QVERIFY(t);
            std::set<std::string> labels;
            for (const model::Process &p : t->processes())
                if (t->sources()[p.source].rank == 4 && t->str(p.name) == "Step Trace") {
                    // "NPU 0 · Step Trace", never the pid msprof gives it or -2 (steps from CSV)
                    QVERIFY2(endsWith(t->processDisplayName(p.id), "NPU 0 \u00b7 Step Trace"), t->processDisplayName(p.id).c_str());
                    for (model::TrackId id : p.tracks) {
                        labels.insert(t->trackDisplayName(id));
                        QCOMPARE(t->track(id).role, model::TrackRole::Async);
                    }
                }
            QCOMPARE(labels, want);
        }
    }

    /// The communication analyses on a PROF folder, from the HCCL op and plane tasks: per op
    /// 300 µs, a 1 MiB SDMA copy over HCCS of 100 µs (transit), a 50 µs Notify_Wait (wait).
    void communicationAnalysesOnOlderGeneration()
    {
        QTemporaryDir tmp;
        const fs::path prof = fs::path(tmp.path().toStdString()) / "PROF_1";
        writeOlderProf(prof, true);
        auto t = load(prof);
        QVERIFY(t);
        model::analysis::AnalysisContext ctx(t);
        const auto comm = model::analysis::runAnalysis("communication", ctx, model::analysis::AnalysisOptions{});
        QCOMPARE(comm.rowCount(), std::size_t(2));
        for (std::size_t r = 0; r < comm.rowCount(); ++r) {
            QCOMPARE(comm.column("rank")->ints[r], std::int64_t(4 + r));
            QCOMPARE(comm.column("op_type")->texts[r], std::string("hcom_allReduce_"));
            QCOMPARE(comm.column("count")->ints[r], std::int64_t(kIterations));
            QCOMPARE(comm.column("total_ns")->ints[r], std::int64_t(kIterations) * 300000);
            QCOMPARE(comm.column("transit_ns")->ints[r], std::int64_t(kIterations) * 100000);
            QCOMPARE(comm.column("wait_ns")->ints[r], std::int64_t(kIterations) * 50000);
            QCOMPARE(comm.column("idle_ns")->ints[r], std::int64_t(kIterations) * 150000);
            QCOMPARE(comm.column("hccs_bytes")->ints[r], std::int64_t(kIterations) * 1048576);
            QCOMPARE(comm.column("hccs_bw_gbps")->reals[r], 10.48576); // 1048576 B / 100 µs
        }
        const auto links = model::analysis::runAnalysis("communication-links", ctx, model::analysis::AnalysisOptions{});
        QCOMPARE(links.rowCount(), std::size_t(2));
        std::set<std::pair<std::int64_t, std::int64_t>> pairs;
        for (std::size_t r = 0; r < links.rowCount(); ++r) {
            pairs.emplace(links.column("src_rank")->ints[r], links.column("dst_rank")->ints[r]);
            QCOMPARE(links.column("transport")->texts[r], std::string("HCCS"));
            QCOMPARE(links.column("bytes")->ints[r], std::int64_t(kIterations) * 1048576);
            QCOMPARE(links.column("time_ns")->ints[r], std::int64_t(kIterations) * 100000);
            QCOMPARE(links.column("ops")->ints[r], std::int64_t(kIterations));
        }
        QCOMPARE(pairs, (std::set<std::pair<std::int64_t, std::int64_t>>{{4, 5}, {5, 4}}));
    }

    /// An allReduce (350-650 µs into each iteration) overlapping the Add (400-500): Overlapped is
    /// 100 µs; Free is the gap between the MatMul (100-300) and the allReduce.
    void overlappedCommunicationInSteps()
    {
        QTemporaryDir tmp;
        const fs::path prof = fs::path(tmp.path().toStdString()) / "PROF_1";
        writeOlderProf(prof, true, 350);
        auto t = load(prof);
        QVERIFY(t);
        model::analysis::AnalysisContext ctx(t);
        const auto steps = model::analysis::runAnalysis("steps", ctx, model::analysis::AnalysisOptions{});
        checkEverySteps(steps, "computing_ns", 300000);
        checkEverySteps(steps, "communication_ns", 300000);
        checkEverySteps(steps, "overlapped_ns", 100000);
        checkEverySteps(steps, "communication_not_overlapped_ns", 200000);
        checkEverySteps(steps, "free_ns", 50000);
    }

    void notAProfFolder()
    {
        QTemporaryDir tmp;
        const fs::path root = fs::path(tmp.path().toStdString());
        writeFile(root / "device_0" / "notes.txt", "x");
        QVERIFY(!ascend::isMsprofFolder(root));
        QVERIFY(ascend::discoverMsprof(root).empty());
    }
};

QTEST_GUILESS_MAIN(TestMsprof)
#include "tst_msprof.moc"
