#include "dbexport.h"

#include "ascendcommon.h"
#include "csvreader.h"
#include "sqlitedb.h"
#include "model/saturating.h"

#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <array>
#include <cctype>
#include <functional>
#include <map>
#include <set>
#include <unordered_map>

namespace accelscope::importers::ascend {

using namespace accelscope::model;

namespace {

constexpr std::int64_t kInvalidId32 = 4294967295LL;

std::int64_t i64(const QSqlQuery &q, int i) { return q.value(i).toLongLong(); }
bool isNull(const QSqlQuery &q, int i) { return q.value(i).isNull(); }
std::string text(const QSqlQuery &q, int i) { return q.value(i).toString().toStdString(); }

std::string cannPrefix(std::int64_t type)
{
    switch (type) {
    case 20000: return "AscendCL";
    case 10000: return "Node";
    case 5000: return "Runtime";
    case 5500: return "Hccl";
    case 15000: return "Model";
    default: return {};
    }
}

std::string cannLevel(std::int64_t type)
{
    switch (type) {
    case 20000: return "acl";
    case 10000: return "node";
    case 5000: return "runtime";
    case 5500: return "hccl";
    case 15000: return "model";
    default: return std::to_string(type);
    }
}

struct SliceAt {
    LocalTrack track;
    TimeNs start;
    StringId name;
};

class DbReader {
public:
    DbReader(SqliteDb &db, std::uint32_t source, const ImportContext &ctx, DbImportOptions &opts, DiagnosticSink &diags)
        : m_db(db), m_sh(source), m_ctx(ctx), m_opts(opts), m_diags(diags)
    {
    }

    Status run(TraceBuilder &builder)
    {
        if (!m_db.hasTable("TASK") && !m_db.hasTable("PYTORCH_API") && !m_db.hasTable("CANN_API"))
            return ImportError{m_db.path(), 0, false, "not an Ascend profiler database (no TASK, PYTORCH_API or CANN_API table)"};
        readIdentity();
        const std::array<std::pair<void (DbReader::*)(), double>, 8> steps{{
            {&DbReader::readTasks, 0.3},
            {&DbReader::readCommOps, 0.35},
            {&DbReader::readCann, 0.5},
            {&DbReader::readPytorch, 0.7},
            {&DbReader::emitOverlap, 0.75},
            {&DbReader::readCounters, 0.9},
            {&DbReader::readMemory, 0.97},
            {&DbReader::readSteps, 1.0},
        }};
        for (const auto &[fn, progress] : steps) {
            if (m_ctx.stopRequested())
                return Canceled{};
            (this->*fn)();
            if (m_opts.progress)
                m_opts.progress(progress);
        }
        if (m_queryErrors)
            m_diags.add(DiagKind::MalformedEvent, m_db.path(), 0, "queries failed: " + m_db.lastError(), m_queryErrors);
        builder.merge(std::move(m_sh));
        for (auto &[k, v] : m_meta)
            builder.source(m_sh.source()).metadata.emplace_back(k, v);
        return Ok{};
    }

private:
    bool query(QSqlQuery &q, const std::string &sql)
    {
        if (m_db.exec(q, sql))
            return true;
        ++m_queryErrors;
        return false;
    }

    void readIdentity()
    {
        QSqlQuery q;
        if (m_db.hasTable("RANK_DEVICE_MAP") && query(q, "SELECT rankId, deviceId FROM RANK_DEVICE_MAP") && q.next()) {
            if (!isNull(q, 0) && i64(q, 0) >= 0 && i64(q, 0) < kInvalidId32)
                m_opts.rankOut = static_cast<int>(i64(q, 0));
            if (!isNull(q, 1))
                m_device = static_cast<int>(i64(q, 1));
        }
        if (m_device < 0 && m_db.hasTable("TASK") && query(q, "SELECT deviceId FROM TASK LIMIT 1") && q.next())
            m_device = static_cast<int>(i64(q, 0));
        if (m_device < 0)
            m_device = 0;
        m_opts.deviceOut = m_device;
        if (m_db.hasTable("PYTORCH_API") && query(q, "SELECT globalTid FROM PYTORCH_API LIMIT 1") && q.next())
            m_hostPid = i64(q, 0) >> 32;
        else if (m_db.hasTable("TASK") && m_db.hasColumn("TASK", "globalPid") && query(q, "SELECT globalPid FROM TASK LIMIT 1")
                 && q.next())
            m_hostPid = i64(q, 0);
        else if (m_db.hasTable("CANN_API") && query(q, "SELECT globalTid FROM CANN_API LIMIT 1") && q.next())
            m_hostPid = i64(q, 0) >> 32;
        if (m_db.hasTable("SESSION_TIME_INFO") && query(q, "SELECT endTimeNs FROM SESSION_TIME_INFO") && q.next())
            m_sessionEnd = i64(q, 0);
        if (m_opts.sessionEnd > 0)
            m_sessionEnd = m_opts.sessionEnd;
        if (m_db.hasTable("META_DATA") && query(q, "SELECT name, value FROM META_DATA")) {
            ArgsWriter w;
            while (q.next())
                w.str(text(q, 0), text(q, 1));
            m_meta.emplace_back("ascend.db_meta_data", w.finish());
        }
        if (m_db.hasTable("NPU_INFO") && query(q, "SELECT id, name FROM NPU_INFO")) {
            ArgsWriter w;
            while (q.next())
                w.str(std::to_string(i64(q, 0)), text(q, 1));
            m_meta.emplace_back("ascend.npu_info", w.finish());
        }
    }

    /// The torch_npu pid layout (host pid << 10 | sort index << 5 | device), as the text export.
    LocalProcess deviceProcess(std::string_view name)
    {
        auto it = m_processes.find(std::string(name));
        if (it != m_processes.end())
            return it->second;
        const int idx = processSortIndex(name);
        const std::int64_t pid = (m_hostPid << 10) | (std::int64_t(idx < 0 ? 31 : idx) << 5) | (m_device & 31);
        const LocalProcess p = m_sh.process(EntityKey::number(pid));
        m_sh.setProcessName(p, m_sh.intern(name));
        m_sh.setProcessKind(p, ProcessKind::Device, m_device);
        m_sh.setProcessLabels(p, m_sh.intern("NPU " + std::to_string(m_device) + " \u00b7 " + std::string(name)));
        m_sh.setProcessSortIndex(p, idx);
        m_processes.emplace(std::string(name), p);
        return p;
    }

    LocalProcess hostProcess(std::string_view name, std::int64_t pid)
    {
        const std::string key = std::string(name) + "#" + std::to_string(pid);
        auto it = m_processes.find(key);
        if (it != m_processes.end())
            return it->second;
        const LocalProcess p = m_sh.process(EntityKey::number(pid));
        m_sh.setProcessName(p, m_sh.intern(name));
        m_sh.setProcessKind(p, ProcessKind::Host);
        m_sh.setProcessLabels(p, m_sh.intern("CPU"));
        m_sh.setProcessSortIndex(p, processSortIndex(name));
        m_processes.emplace(key, p);
        return p;
    }

    /// COMPUTE_TASK_INFO row of a task: its op name, the args it adds and its accelerator core.
    struct ComputeTask {
        StringId name;
        std::string members;
        std::string core;
    };
    /// COMMUNICATION_TASK_INFO row of a task: its HCCL plane, the args it adds and its name.
    struct CommTask {
        std::int64_t plane;
        std::string members;
        StringId name;
    };

    /// Compute tasks by globalTaskId, with their PMU values (TASK_PMU_INFO) among the args.
    std::unordered_map<std::int64_t, ComputeTask> readComputeTasks()
    {
        const std::string T = "COMPUTE_TASK_INFO";
        std::unordered_map<std::int64_t, ComputeTask> compute;
        QSqlQuery q;
        if (m_db.hasTable(T)) {
            const std::string sql = "SELECT globalTaskId, name, " + m_db.col(T, "opType") + ", " + m_db.col(T, "taskType") + ", "
                + m_db.colAny(T, {"blockNum", "blockDim"}) + ", " + m_db.colAny(T, {"mixBlockNum", "mixBlockDim"}) + ", "
                + m_db.col(T, "opState") + ", " + m_db.col(T, "hf32Eligible") + ", " + m_db.col(T, "inputShapes") + ", "
                + m_db.col(T, "inputDataTypes") + ", " + m_db.col(T, "inputFormats") + ", " + m_db.col(T, "outputShapes")
                + ", " + m_db.col(T, "outputDataTypes") + ", " + m_db.col(T, "outputFormats") + ", "
                + m_db.col(T, "attrInfo") + " FROM " + T;
            const bool blockNum = m_db.hasColumn(T, "blockNum");
            if (query(q, sql)) {
                while (q.next()) {
                    ArgsWriter w;
                    auto s = [&](int i, std::string_view key) {
                        if (!isNull(q, i)) {
                            const std::string &v = m_db.str(i64(q, i));
                            if (!v.empty() && v != "N/A")
                                w.str(key, v);
                        }
                    };
                    s(2, "Type");
                    s(6, "OP State");
                    const std::string core = isNull(q, 3) ? std::string() : m_db.str(i64(q, 3));
                    if (!core.empty())
                        w.str("Accelerator Core", core);
                    if (!isNull(q, 4))
                        w.integer(blockNum ? "Block Num" : "Block Dim", i64(q, 4));
                    if (!isNull(q, 5))
                        w.integer(blockNum ? "Mix Block Num" : "Mix Block Dim", i64(q, 5));
                    s(7, "HF32 Eligible");
                    s(8, "Input Shapes");
                    s(9, "Input Data Types");
                    s(10, "Input Formats");
                    s(11, "Output Shapes");
                    s(12, "Output Data Types");
                    s(13, "Output Formats");
                    s(14, "Attr Info");
                    compute.emplace(i64(q, 0), ComputeTask{m_sh.intern(m_db.str(i64(q, 1))), w.body(), core});
                }
            }
        }
        // PMU values (TASK_PMU_INFO, long format) appended to the compute task's members.
        if (m_db.hasTable("TASK_PMU_INFO") && query(q, "SELECT globalTaskId, name, value FROM TASK_PMU_INFO")) {
            ArgsWriter w;
            while (q.next()) {
                auto it = compute.find(i64(q, 0));
                if (it == compute.end())
                    continue;
                w.clear();
                sqlNumber(w, m_db.str(i64(q, 1)), q.value(2));
                if (!w.empty())
                    it->second.members += (it->second.members.empty() ? "" : ",") + w.body();
            }
        }
        return compute;
    }

    /// Communication tasks by globalTaskId; group-local ranks also as global ranks.
    std::unordered_map<std::int64_t, CommTask> readCommTasks()
    {
        std::unordered_map<std::int64_t, CommTask> comm;
        const std::string C = "COMMUNICATION_TASK_INFO";
        QSqlQuery q;
        if (m_db.hasTable(C)) {
            const std::string sql = "SELECT globalTaskId, " + m_db.col(C, "taskType") + ", " + m_db.col(C, "planeId") + ", "
                + m_db.col(C, "notifyId") + ", " + m_db.col(C, "srcRank") + ", " + m_db.col(C, "dstRank") + ", "
                + m_db.col(C, "transportType") + ", " + m_db.col(C, "size") + ", " + m_db.col(C, "dataType") + ", "
                + m_db.col(C, "linkType") + ", " + m_db.col(C, "rdmaType") + ", " + m_db.col(C, "bandwidth") + ", "
                + m_db.col(C, "opId") + ", " + m_db.col(C, "groupName") + " FROM " + C;
            if (query(q, sql)) {
                while (q.next()) {
                    ArgsWriter w;
                    if (!isNull(q, 3))
                        w.str("notify_id", std::to_string(static_cast<std::uint64_t>(i64(q, 3))));
                    w.str("task type", m_db.str(i64(q, 1)));
                    if (!isNull(q, 4))
                        w.integer("src rank", i64(q, 4));
                    if (!isNull(q, 5))
                        w.integer("dst rank", i64(q, 5));
                    if (!isNull(q, 6))
                        w.str("transport type", enumOr("ENUM_HCCL_TRANSPORT_TYPE", i64(q, 6)));
                    if (!isNull(q, 7))
                        w.integer("size(Byte)", i64(q, 7));
                    if (!isNull(q, 8))
                        w.str("data type", enumOr("ENUM_HCCL_DATA_TYPE", i64(q, 8)));
                    if (!isNull(q, 9))
                        w.str("link type", enumOr("ENUM_HCCL_LINK_TYPE", i64(q, 9)));
                    if (!isNull(q, 10))
                        w.str("rdma type", enumOr("ENUM_HCCL_RDMA_TYPE", i64(q, 10)));
                    if (!isNull(q, 11))
                        sqlNumber(w, "bandwidth(GB/s)", q.value(11));
                    if (!isNull(q, 13)) {
                        const std::string &gname = m_db.str(i64(q, 13));
                        w.str("group name", gname);
                        // Communicator-local ranks -> global ranks (profiler_metadata parallel_group_info).
                        if (m_opts.groups)
                            if (auto it = m_opts.groups->find(groupNameHash(gname)); it != m_opts.groups->end()) {
                                const auto &g = it->second.globalRanks;
                                for (auto [col, key] : {std::pair{4, "src global rank"}, std::pair{5, "dst global rank"}})
                                    if (!isNull(q, col) && i64(q, col) >= 0 && i64(q, col) < std::int64_t(g.size()))
                                        w.integer(key, g[std::size_t(i64(q, col))]);
                            }
                    }
                    comm.emplace(i64(q, 0), CommTask{isNull(q, 2) ? 0 : i64(q, 2), w.body(), m_sh.intern(m_db.str(i64(q, 1)))});
                }
            }
        }
        return comm;
    }

    /// TASK rows as slices on their streams (with the compute task's name and args), communication
    /// tasks also on their HCCL plane; each stream's engine from the mix of its tasks.
    void readTasks()
    {
        if (!m_db.hasTable("TASK"))
            return;
        const std::unordered_map<std::int64_t, ComputeTask> compute = readComputeTasks();
        const std::unordered_map<std::int64_t, CommTask> comm = readCommTasks();
        QSqlQuery q;
        const std::string K = "TASK";
        const std::string sql = "SELECT startNs, endNs, connectionId, globalTaskId, " + m_db.col(K, "taskType") + ", "
            + m_db.col(K, "contextId") + ", " + m_db.col(K, "streamId") + ", " + m_db.col(K, "taskId") + ", "
            + m_db.col(K, "modelId") + ", " + m_db.col(K, "batchId") + " FROM TASK ORDER BY startNs";
        if (!query(q, sql))
            return;
        const LocalProcess hw = deviceProcess(proc::kHardware);
        std::unordered_map<std::int64_t, LocalTrack> streams, planes;
        std::map<std::int64_t, std::array<std::uint64_t, 4>> mix;
        std::uint64_t rows = 0;
        while (q.next()) {
            if ((++rows & 0xFFFF) == 0 && m_ctx.stopRequested())
                return;
            const TimeNs start = i64(q, 0), end = i64(q, 1);
            const std::int64_t conn = isNull(q, 2) ? -1 : i64(q, 2), gtid = i64(q, 3), stream = i64(q, 6);
            const std::string &type = isNull(q, 4) ? m_empty : m_db.str(i64(q, 4));
            auto st = streams.find(stream);
            if (st == streams.end()) {
                const LocalTrack t = m_sh.thread(hw, EntityKey::number(stream));
                m_sh.setThreadName(t, m_sh.intern("Stream " + std::to_string(stream)));
                m_sh.setThreadSortIndex(t, stream);
                st = streams.emplace(stream, t).first;
            }
            const auto cit = compute.find(gtid);
            const auto mit = comm.find(gtid);
            switch (classifyTaskType(cit != compute.end() ? cit->second.core : type)) {
            case TaskClass::Compute: ++mix[stream][0]; break;
            case TaskClass::Communication: ++mix[stream][1]; break;
            case TaskClass::Dma: ++mix[stream][2]; break;
            case TaskClass::Other: ++mix[stream][3]; break;
            }
            ArgsWriter w;
            if (!isNull(q, 8))
                w.integer("Model Id", i64(q, 8));
            w.str("Task Type", type);
            w.integer("Physic Stream Id", stream);
            if (!isNull(q, 7))
                w.integer("Task Id", i64(q, 7));
            if (!isNull(q, 9))
                w.integer("Batch Id", i64(q, 9));
            if (!isNull(q, 5))
                w.integer("Subtask Id", i64(q, 5));
            if (conn >= 0)
                w.integer("connection_id", conn);
            std::string args = w.body();
            StringId name;
            if (cit != compute.end()) {
                name = cit->second.name;
                if (!cit->second.members.empty())
                    args += "," + cit->second.members;
                m_compute.push_back({start, end});
            } else {
                name = m_sh.intern(type);
            }
            m_sh.addSlice(st->second, start, model::spanNs(start, end), name, kEmptyString, m_sh.addArgs("{" + args + "}"));
            if (mit != comm.end()) {
                // The same task on its HCCL plane (text export: tid = plane + 1, "Plane n").
                const LocalProcess hccl = deviceProcess(proc::kHccl);
                auto pl = planes.find(mit->second.plane);
                if (pl == planes.end()) {
                    const LocalTrack t = m_sh.thread(hccl, EntityKey::number(mit->second.plane + 1));
                    m_sh.setThreadName(t, m_sh.intern("Plane " + std::to_string(mit->second.plane)));
                    m_sh.setThreadSortIndex(t, mit->second.plane + 1);
                    m_sh.setTrackRole(t, TrackRole::Engine, EngineKind::Communication);
                    pl = planes.emplace(mit->second.plane, t).first;
                }
                ArgsWriter pw;
                pw.integer("stream id", stream);
                if (!isNull(q, 7))
                    pw.integer("task id", i64(q, 7));
                if (!isNull(q, 5))
                    pw.integer("context id", i64(q, 5));
                std::string pargs = pw.body() + (mit->second.members.empty() ? "" : "," + mit->second.members);
                if (!isNull(q, 8))
                    pargs += ",\"model id\":" + std::to_string(i64(q, 8));
                m_sh.addSlice(pl->second, start, model::spanNs(start, end), mit->second.name, kEmptyString,
                              m_sh.addArgs("{" + pargs + "}"));
                m_commTaskConnections.insert(conn);
            } else if (conn >= 0) {
                m_tasksByConnection[conn].push_back(SliceAt{st->second, start, name});
            }
        }
        for (const auto &[stream, m] : mix)
            m_sh.setTrackRole(streams[stream], TrackRole::Engine, streamEngine(m[0], m[1], m[2], m[3]));
    }

    std::string enumOr(const std::string &table, std::int64_t id)
    {
        const std::string &n = m_db.enumName(table, id);
        return n.empty() ? std::to_string(id) : n;
    }

    void readCommOps()
    {
        const std::string O = "COMMUNICATION_OP";
        if (!m_db.hasTable(O))
            return;
        QSqlQuery q;
        const std::string sql = "SELECT opName, startNs, endNs, connectionId, " + m_db.col(O, "groupName") + ", "
            + m_db.col(O, "relay") + ", " + m_db.col(O, "retry") + ", " + m_db.col(O, "dataType") + ", "
            + m_db.col(O, "algType") + ", " + m_db.col(O, "count") + ", " + m_db.col(O, "opType") + ", "
            + m_db.col(O, "modelId") + " FROM " + O + " ORDER BY startNs";
        if (!query(q, sql))
            return;
        const LocalProcess hccl = deviceProcess(proc::kHccl);
        std::map<std::int64_t, LocalTrack> groups;
        while (q.next()) {
            const std::int64_t group = isNull(q, 4) ? -1 : i64(q, 4);
            auto g = groups.find(group);
            if (g == groups.end()) {
                const std::int64_t index = static_cast<std::int64_t>(groups.size());
                // Group 0 keeps tid 0 as in the text export; further groups go after the planes.
                const LocalTrack t = m_sh.thread(hccl, EntityKey::number(index == 0 ? 0 : 1000 + index));
                m_sh.setThreadName(t, m_sh.intern("Group " + std::to_string(index) + " Communication"));
                m_sh.setThreadSortIndex(t, index == 0 ? 0 : 1000 + index);
                m_sh.setTrackRole(t, TrackRole::DeviceStream, EngineKind::Communication);
                g = groups.emplace(group, t).first;
            }
            const TimeNs start = i64(q, 1), end = i64(q, 2);
            ArgsWriter w;
            if (!isNull(q, 3))
                w.integer("connection_id", i64(q, 3));
            if (!isNull(q, 11))
                w.integer("model id", i64(q, 11));
            if (!isNull(q, 7))
                w.str("data_type", enumOr("ENUM_HCCL_DATA_TYPE", i64(q, 7)));
            if (!isNull(q, 8))
                w.str("alg_type", m_db.str(i64(q, 8)));
            sqlNumber(w, "count", q.value(9));
            if (!isNull(q, 10))
                w.str("op_type", m_db.str(i64(q, 10)));
            if (!isNull(q, 5))
                w.integer("relay", i64(q, 5));
            if (!isNull(q, 6))
                w.integer("retry", i64(q, 6));
            if (group >= 0)
                w.str("group_name", m_db.str(group));
            const std::string &opName = m_db.str(i64(q, 0));
            const StringId name = m_sh.intern(opName);
            std::string joined;
            const bool hit = m_opts.commJoin && m_opts.commJoin->find(opName, start, joined);
            if (!hit && group >= 0) {
                // The "@<hash>" of communication.json: msprof's double hash of the group name.
                const std::uint64_t hash = groupNameHash(m_db.str(group));
                w.str("Group Hash", std::to_string(hash));
                if (m_opts.groups)
                    if (auto it = m_opts.groups->find(hash); it != m_opts.groups->end())
                        writeCommGroup(w, it->second);
            }
            std::string body = w.body();
            if (hit)
                body += (body.empty() ? "" : ",") + joined;
            const std::string args = "{" + body + "}";
            m_sh.addSlice(g->second, start, model::spanNs(start, end), name, kEmptyString, m_sh.addArgs(args));
            m_comm.push_back({start, end});
            if (!isNull(q, 3))
                m_opByConnection[i64(q, 3)] = SliceAt{g->second, start, name};
        }
    }

    /// HostToDevice / async_npu finishes for a connection id: the HCCL op when it is one, else
    /// every device task of the connection (one launch, several kernels).
    template <typename F>
    void forTargets(std::int64_t conn, F &&fn)
    {
        if (auto op = m_opByConnection.find(conn); op != m_opByConnection.end()) {
            fn(op->second);
            return;
        }
        if (auto t = m_tasksByConnection.find(conn); t != m_tasksByConnection.end())
            for (const SliceAt &s : t->second)
                fn(s);
    }

    void flow(std::string_view cat, std::string_view name, std::uint64_t id, const SliceAt &from, const SliceAt &to)
    {
        const StringId key = m_sh.intern(std::string(cat) + '\x1f' + std::string(name));
        m_sh.addFlow(FlowPhase::Start, FlowBinding::ExactSlice, id, key, from.track, from.start, from.name, true);
        m_sh.addFlow(FlowPhase::End, FlowBinding::ExactSlice, id, key, to.track, to.start, to.name, true);
    }

    void readCann()
    {
        if (!m_db.hasTable("CANN_API"))
            return;
        QSqlQuery q;
        if (!query(q, "SELECT startNs, endNs, type, globalTid, connectionId, name FROM CANN_API ORDER BY startNs"))
            return;
        std::unordered_map<std::int64_t, LocalTrack> threads;
        std::uint64_t rows = 0;
        while (q.next()) {
            if ((++rows & 0xFFFF) == 0 && m_ctx.stopRequested())
                return;
            const std::int64_t gtid = i64(q, 3), type = i64(q, 2), conn = isNull(q, 4) ? -1 : i64(q, 4);
            auto th = threads.find(gtid);
            if (th == threads.end()) {
                const std::int64_t host = gtid >> 32;
                const LocalProcess p = hostProcess(proc::kCann, (host << 10) | (7 << 5) | (m_device & 31));
                th = threads.emplace(gtid, m_sh.thread(p, EntityKey::number(gtid & 0xFFFFFFFF))).first;
            }
            const std::string &api = m_db.str(i64(q, 5));
            const std::string prefix = cannPrefix(type);
            const StringId name = m_sh.intern(prefix.empty() ? api : prefix + "@" + api);
            ArgsWriter w;
            w.integer("Thread Id", gtid & 0xFFFFFFFF);
            w.str("level", cannLevel(type));
            w.str("id", api);
            if (conn >= 0)
                w.integer("connection_id", conn);
            const TimeNs start = i64(q, 0);
            m_sh.addSlice(th->second, start, model::spanNs(start, i64(q, 1)), name, kEmptyString,
                          m_sh.addArgs(w.finish()));
            if (conn >= 0) {
                const SliceAt from{th->second, start, name};
                forTargets(conn, [&](const SliceAt &to) {
                    flow("HostToDevice", "HostToDevice", static_cast<std::uint64_t>(conn), from, to);
                });
            }
        }
    }

    void readPytorch()
    {
        const std::string P = "PYTORCH_API";
        if (!m_db.hasTable(P))
            return;
        QSqlQuery q;
        std::unordered_map<std::int64_t, std::vector<std::int64_t>> connections;
        if (m_db.hasTable("CONNECTION_IDS") && query(q, "SELECT id, connectionId FROM CONNECTION_IDS"))
            while (q.next())
                connections[i64(q, 0)].push_back(i64(q, 1));
        std::unordered_map<std::int64_t, std::string> stacks;
        if (m_db.hasTable("PYTORCH_CALLCHAINS") && m_db.hasColumn(P, "callchainId")
            && query(q, "SELECT id, stack FROM PYTORCH_CALLCHAINS ORDER BY id, stackDepth")) {
            while (q.next()) {
                std::string &s = stacks[i64(q, 0)];
                if (!s.empty())
                    s += ";\r\n";
                s += m_db.str(i64(q, 1));
            }
        }
        const std::string sql = "SELECT CAST(startNs AS INTEGER), CAST(endNs AS INTEGER), globalTid, connectionId, name, "
            + m_db.col(P, "sequenceNumber") + ", " + m_db.col(P, "fwdThreadId") + ", " + m_db.col(P, "inputDtypes") + ", "
            + m_db.col(P, "inputShapes") + ", " + m_db.col(P, "callchainId") + ", " + m_db.col(P, "type")
            + " FROM PYTORCH_API ORDER BY CAST(startNs AS INTEGER)";
        if (!query(q, sql))
            return;
        const StringId catOp = m_sh.intern("cpu_op"), catEnq = m_sh.intern("enqueue"), catDeq = m_sh.intern("dequeue"),
                       catPy = m_sh.intern("python_function"), catMstx = m_sh.intern("mstx");
        std::unordered_map<std::int64_t, LocalTrack> threads;
        std::unordered_map<std::int64_t, SliceAt> enqueues;
        std::map<std::pair<std::int64_t, std::int64_t>, SliceAt> forward; // (tid, seq) -> outermost forward op
        std::set<std::pair<std::int64_t, std::int64_t>> linked;
        std::uint64_t rows = 0;
        while (q.next()) {
            if ((++rows & 0xFFFF) == 0 && m_ctx.stopRequested())
                return;
            const std::int64_t gtid = i64(q, 2), tid = gtid & 0xFFFFFFFF, type = isNull(q, 10) ? 50001 : i64(q, 10);
            auto th = threads.find(gtid);
            if (th == threads.end()) {
                const LocalProcess p = hostProcess(proc::kPython, gtid >> 32);
                th = threads.emplace(gtid, m_sh.thread(p, EntityKey::number(tid))).first;
            }
            const std::string &nameText = m_db.str(i64(q, 4));
            const StringId name = m_sh.intern(nameText);
            const TimeNs start = i64(q, 0), end = i64(q, 1);
            StringId cat = catOp;
            ArgsWriter w;
            const std::int64_t conn = isNull(q, 3) ? -1 : i64(q, 3);
            if (type == 50002) {
                const bool enq = nameText.rfind("Enqueue", 0) == 0;
                cat = enq ? catEnq : catDeq;
                if (conn >= 0)
                    w.integer("correlation_id", conn);
            } else if (type == 50003) {
                cat = catPy;
            } else if (type == 50004) {
                cat = catMstx;
            } else {
                if (!isNull(q, 5))
                    w.integer("Sequence number", i64(q, 5));
                if (!isNull(q, 6))
                    w.integer("Fwd thread id", i64(q, 6));
                if (!isNull(q, 8))
                    w.str("Input Dims", m_db.str(i64(q, 8)));
                if (!isNull(q, 7))
                    w.str("Input type", m_db.str(i64(q, 7)));
                if (!isNull(q, 9))
                    if (auto s = stacks.find(i64(q, 9)); s != stacks.end())
                        w.str("Call stack", s->second);
            }
            m_sh.addSlice(th->second, start, model::spanNs(start, end), name, cat, w.empty() ? kNoArgs : m_sh.addArgs(w.finish()));
            const SliceAt here{th->second, start, name};
            if (type == 50002 && conn >= 0) {
                if (cat == catEnq) {
                    enqueues.emplace(conn, here);
                } else if (auto e = enqueues.find(conn); e != enqueues.end()) {
                    flow("async_task_queue", "enqueue_to_dequeue", static_cast<std::uint64_t>(conn), e->second, here);
                    enqueues.erase(e);
                }
            }
            if (type == 50001) {
                if (conn >= 0)
                    if (auto c = connections.find(conn); c != connections.end())
                        for (std::int64_t cid : c->second)
                            forTargets(cid, [&](const SliceAt &to) {
                                flow("async_npu", "torch_to_npu", static_cast<std::uint64_t>(to.start), here, to);
                            });
                // fwdbwd: forward op (seq, its thread) -> the backward op that names that thread.
                const std::int64_t seq = isNull(q, 5) ? -1 : i64(q, 5), fwdTid = isNull(q, 6) ? 0 : i64(q, 6);
                if (seq >= 0 && fwdTid == 0)
                    forward.emplace(std::make_pair(tid, seq), here);
                else if (seq >= 0 && fwdTid != 0 && linked.insert({fwdTid, seq}).second)
                    if (auto f = forward.find({fwdTid, seq}); f != forward.end())
                        flow("fwdbwd", "fwdbwd", static_cast<std::uint64_t>(seq), f->second, here);
            }
        }
    }

    void emitOverlap()
    {
        if (m_compute.empty() && m_comm.empty())
            return;
        emitOverlapLanes(m_sh, deviceProcess(proc::kOverlap), deriveOverlap(std::move(m_compute), std::move(m_comm)));
    }

    /// One counter table: `cols` are (column, series suffix, scale) read per row with the series
    /// name built by `name` from the row.
    void counters(const std::string &table, std::string_view process, const std::string &tsColumn,
                  const std::vector<std::string> &extra, const std::vector<std::tuple<std::string, std::string, double>> &values,
                  const std::function<std::string(const QSqlQuery &, const std::string &)> &series)
    {
        if (!m_db.hasTable(table) || !m_db.hasColumn(table, tsColumn))
            return;
        std::string sql = "SELECT " + tsColumn;
        for (const std::string &e : extra)
            sql += ", " + m_db.col(table, e);
        for (const auto &v : values)
            sql += ", " + m_db.col(table, std::get<0>(v));
        sql += " FROM " + table + " ORDER BY " + tsColumn;
        QSqlQuery q;
        if (!query(q, sql))
            return;
        const LocalProcess p = deviceProcess(process);
        std::unordered_map<std::string, LocalTrack> tracks;
        const int base = 1 + static_cast<int>(extra.size());
        while (q.next()) {
            const TimeNs ts = static_cast<TimeNs>(q.value(0).toLongLong());
            for (std::size_t k = 0; k < values.size(); ++k) {
                const QVariant v = q.value(base + static_cast<int>(k));
                if (v.isNull())
                    continue;
                const std::string name = series(q, std::get<1>(values[k]));
                auto it = tracks.find(name);
                if (it == tracks.end())
                    it = tracks.emplace(name, m_sh.counterTrack(p, m_sh.intern(name))).first;
                m_sh.addCounter(it->second, ts, v.toDouble() * std::get<2>(values[k]));
            }
        }
    }

    void readCounters()
    {
        constexpr double kKB = 1.0 / 1024.0, kMB = 1.0 / (1024.0 * 1024.0);
        auto s = [this](const QSqlQuery &q, int i) { return isNull(q, i) ? std::string() : m_db.str(i64(q, i)); };
        auto upper = [](std::string v) {
            if (v == "app")
                return std::string("APP");
            if (!v.empty())
                v[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(v[0])));
            return v;
        };
        auto cap = [](std::string v) {
            if (!v.empty())
                v[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(v[0])));
            return v;
        };
        counters("AICORE_FREQ", proc::kAiCoreFreq, "timestampNs", {}, {{"freq", "", 1.0}},
                 [](const QSqlQuery &, const std::string &) { return std::string("AI Core Freq (MHz)"); });
        // NPU_MEM: bytes; the text export writes KB as "APP/DDR", "APP/HBM", "APP/Memory".
        counters("NPU_MEM", proc::kNpuMem, "timestampNs", {"type"}, {{"ddr", "DDR", kKB}, {"hbm", "HBM", kKB}},
                 [&](const QSqlQuery &q, const std::string &suffix) { return upper(s(q, 1)) + "/" + suffix + " (KB)"; });
        counters("HBM", "HBM", "timestampNs", {"hbmId", "type"}, {{"bandwidth", "", kMB}},
                 [&](const QSqlQuery &q, const std::string &) {
                     return "HBM " + std::to_string(i64(q, 1)) + "/" + cap(s(q, 2)) + " (MB/s)";
                 });
        counters("LLC", "LLC", "timestampNs", {"llcId", "mode"}, {{"throughput", "Throughput (MB/s)", kMB}, {"hitRate", "Hit Rate (%)", 1.0}},
                 [&](const QSqlQuery &q, const std::string &suffix) {
                     return "LLC " + std::to_string(i64(q, 1)) + " " + cap(s(q, 2)) + "/" + suffix;
                 });
        counters("ACC_PMU", "Acc PMU", "timestampNs", {"accId"},
                 {{"readBwLevel", "read_bandwidth", 1.0}, {"writeBwLevel", "write_band_width", 1.0},
                  {"readOstLevel", "read_ost", 1.0}, {"writeOstLevel", "write_ost", 1.0}},
                 [&](const QSqlQuery &q, const std::string &suffix) { return suffix + " acc " + std::to_string(i64(q, 1)); });
        counters("SOC_BANDWIDTH_LEVEL", "Stars Soc Info", "timestampNs", {},
                 {{"l2BufferBwLevel", "L2 Buffer Bw Level", 1.0}, {"mataBwLevel", "Mata Bw Level", 1.0}},
                 [](const QSqlQuery &, const std::string &suffix) { return suffix; });
        counters("NPU_MODULE_MEM", proc::kModuleMemory, "timestampNs", {"moduleId"}, {{"totalReserved", "", kMB}},
                 [&](const QSqlQuery &q, const std::string &) {
                     return enumOr("ENUM_MODULE", i64(q, 1)) + " Reserved (MB)";
                 });
        counters("MEMORY_RECORD", proc::kMemory, "timestamp", {"component"},
                 {{"totalAllocated", "Allocated (MB)", kMB}, {"totalReserved", "Reserved (MB)", kMB}, {"totalActive", "Active (MB)", kMB}},
                 [&](const QSqlQuery &q, const std::string &suffix) { return s(q, 1) + " " + suffix; });
    }

    void readMemory()
    {
        const std::string M = "OP_MEMORY";
        if (!m_db.hasTable(M))
            return;
        QSqlQuery q;
        const std::string sql = "SELECT name, size, allocationTime, releaseTime, " + m_db.col(M, "activeReleaseTime") + ", "
            + m_db.col(M, "duration") + ", " + m_db.col(M, "activeDuration") + ", " + m_db.col(M, "allocationTotalAllocated")
            + ", " + m_db.col(M, "allocationTotalReserved") + ", " + m_db.col(M, "allocationTotalActive") + ", "
            + m_db.col(M, "releaseTotalAllocated") + ", " + m_db.col(M, "releaseTotalReserved") + ", "
            + m_db.col(M, "releaseTotalActive") + ", " + m_db.col(M, "streamPtr") + " FROM " + M + " ORDER BY allocationTime";
        if (!query(q, sql))
            return;
        const LocalProcess p = deviceProcess(proc::kMemory);
        const LocalTrack t = m_sh.thread(p, EntityKey::number(0));
        m_sh.setThreadName(t, m_sh.intern("Operator Memory"));
        m_sh.setTrackRole(t, TrackRole::Async);
        const std::string device = "NPU:" + std::to_string(m_device);
        auto usText = [](std::int64_t ns) {
            // Exact µs with 3 decimals, as the CSV writes them.
            const bool neg = ns < 0;
            const std::uint64_t a = neg ? std::uint64_t(-ns) : std::uint64_t(ns);
            std::string frac = std::to_string(a % 1000);
            return (neg ? "-" : "") + std::to_string(a / 1000) + "." + std::string(3 - frac.size(), '0') + frac;
        };
        while (q.next()) {
            const TimeNs alloc = i64(q, 2);
            const bool released = !isNull(q, 3);
            const TimeNs end = released ? i64(q, 3) : std::max(m_sessionEnd, alloc);
            ArgsWriter w;
            if (!isNull(q, 1))
                w.real("Size(KB)", double(i64(q, 1)) / 1024.0);
            w.numberOrString("Allocation Time(us)", usText(alloc));
            if (released)
                w.numberOrString("Release Time(us)", usText(i64(q, 3)));
            if (!isNull(q, 4))
                w.numberOrString("Active Release Time(us)", usText(i64(q, 4)));
            if (!isNull(q, 5))
                w.numberOrString("Duration(us)", usText(i64(q, 5)));
            if (!isNull(q, 6))
                w.numberOrString("Active Duration(us)", usText(i64(q, 6)));
            const char *mb[] = {"Allocation Total Allocated(MB)", "Allocation Total Reserved(MB)", "Allocation Total Active(MB)",
                                "Release Total Allocated(MB)", "Release Total Reserved(MB)", "Release Total Active(MB)"};
            for (int k = 0; k < 6; ++k)
                if (!isNull(q, 7 + k))
                    w.real(mb[k], q.value(7 + k).toDouble() / (1024.0 * 1024.0));
            if (!isNull(q, 13))
                w.integer("Stream Ptr", i64(q, 13));
            w.str("Device Type", device);
            if (!released)
                w.str("Released", "not within the profiling window");
            m_sh.addSlice(t, alloc, model::spanNs(alloc, end), m_sh.intern(m_db.str(i64(q, 0))), kEmptyString,
                          m_sh.addArgs(w.finish()));
        }
    }

    void readSteps()
    {
        QSqlQuery q;
        if (!m_db.hasTable("STEP_TIME") || !query(q, "SELECT id, startNs, endNs FROM STEP_TIME ORDER BY startNs"))
            return;
        std::string o = "[";
        bool first = true;
        while (q.next()) {
            o += (first ? "" : ",") + std::string("{\"step\":") + std::to_string(i64(q, 0)) + ",\"startNs\":"
                + std::to_string(i64(q, 1)) + ",\"endNs\":" + std::to_string(i64(q, 2)) + "}";
            first = false;
        }
        m_meta.emplace_back("ascend.step_time", o + "]");
    }

    SqliteDb &m_db;
    BuilderShard m_sh;
    const ImportContext &m_ctx;
    DbImportOptions &m_opts;
    DiagnosticSink &m_diags;
    std::int64_t m_hostPid = 0;
    int m_device = -1;
    TimeNs m_sessionEnd = 0;
    std::uint64_t m_queryErrors = 0;
    std::map<std::string, LocalProcess> m_processes;
    std::unordered_map<std::int64_t, std::vector<SliceAt>> m_tasksByConnection;
    std::unordered_map<std::int64_t, SliceAt> m_opByConnection;
    std::set<std::int64_t> m_commTaskConnections;
    std::vector<Interval> m_compute, m_comm;
    std::vector<std::pair<std::string, std::string>> m_meta;
    std::string m_empty;
};

} // namespace

Status importFrameworkDb(const std::filesystem::path &path, std::uint32_t source, TraceBuilder &builder,
                         const ImportContext &ctx, DbImportOptions &opts, DiagnosticSink &diags)
{
    auto opened = SqliteDb::open(path);
    if (!opened.ok())
        return opened.error();
    DbReader reader(*opened.value(), source, ctx, opts, diags);
    return reader.run(builder);
}

} // namespace accelscope::importers::ascend
