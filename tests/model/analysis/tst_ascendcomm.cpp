// Ascend communication and memory analyses (communication, communication-ops,
// communication-links, memory, operator-memory): hand-made HCCL traces with hand-computed
// numbers, the tiny_cluster fixture, and the shared samples checked against the files torch_npu
// and msprof wrote (communication.json, communication_matrix.json, analysis.db, memory_record.csv,
// operator_memory.csv), read here independently of the importer.
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "model/analysis/ascend/ascendcomm.h"
#include "model/ascendfacts.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTest>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

using namespace accelscope;
using namespace accelscope::model;
using namespace accelscope::model::analysis;
using namespace testsupport;
namespace fs = std::filesystem;

namespace {

const fs::path kShared = fs::path(ACCELSCOPE_SHARED_DATA);
const fs::path kFixtures = fs::path(ACCELSCOPE_TEST_DATA) / "ascend";
constexpr std::int64_t kNoRank = 4294967295LL;

TracePtr load(const fs::path &p)
{
    importers::ImportContext ictx;
    auto r = importers::loadTrace({p}, ictx);
    if (!r.ok())
        qFatal("cannot load %s: %s", p.string().c_str(), r.error().toString().c_str());
    return r.value().trace;
}

QJsonObject readJson(const fs::path &p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return QJsonDocument::fromJson(QByteArray::fromStdString(s.str())).object();
}

/// A hand-made HCCL trace: one HCCL process per rank, op tracks and plane tracks.
struct HcclTrace {
    TraceBuilder builder;
    std::vector<std::unique_ptr<BuilderShard>> shards;
    struct Rank {
        BuilderShard *sh;
        LocalProcess p;
        std::map<std::string, LocalTrack> tracks;
    };
    std::map<int, Rank> ranks;

    Rank &rank(int r, std::vector<std::pair<std::string, std::string>> meta = {},
               std::shared_ptr<const AscendFacts> facts = nullptr)
    {
        auto it = ranks.find(r);
        if (it != ranks.end())
            return it->second;
        SourceInfo info{"rank" + std::to_string(r), "test", r, "us", 0, std::move(meta)};
        info.ascend = std::move(facts);
        const std::uint32_t src = builder.addSource(std::move(info));
        shards.push_back(std::make_unique<BuilderShard>(src));
        BuilderShard *sh = shards.back().get();
        const LocalProcess p = sh->process(EntityKey::number(1000 + r));
        sh->setProcessName(p, sh->intern("HCCL"));
        sh->setProcessKind(p, ProcessKind::Device, r);
        return ranks.emplace(r, Rank{sh, p, {}}).first->second;
    }
    LocalTrack track(int r, const std::string &name)
    {
        Rank &rk = rank(r);
        auto it = rk.tracks.find(name);
        if (it != rk.tracks.end())
            return it->second;
        const LocalTrack t = rk.sh->thread(rk.p, EntityKey::number(std::int64_t(rk.tracks.size())));
        rk.sh->setThreadName(t, rk.sh->intern(name));
        const bool plane = name.rfind("Plane ", 0) == 0;
        rk.sh->setTrackRole(t, plane ? TrackRole::Engine : TrackRole::DeviceStream, EngineKind::Communication);
        return rk.tracks.emplace(name, t).first->second;
    }
    void op(int r, const std::string &trackName, TimeNs ts, TimeNs dur, const std::string &name, const std::string &args = {})
    {
        const LocalTrack t = track(r, trackName);
        BuilderShard &sh = *rank(r).sh;
        sh.addSlice(t, ts, dur, sh.intern(name), kEmptyString, args.empty() ? kNoArgs : sh.addArgs(args));
    }
    void task(int r, int plane, TimeNs ts, TimeNs dur, const std::string &name, const std::string &transport,
              const std::string &link, std::int64_t size, std::int64_t src, std::int64_t dst)
    {
        const LocalTrack t = track(r, "Plane " + std::to_string(plane));
        BuilderShard &sh = *rank(r).sh;
        const std::string args = "{\"task type\":\"" + name + "\",\"src rank\":" + std::to_string(src) + ",\"dst rank\":"
            + std::to_string(dst) + ",\"transport type\":\"" + transport + "\",\"size(Byte)\":" + std::to_string(size)
            + ",\"link type\":\"" + link + "\"}";
        sh.addSlice(t, ts, dur, sh.intern(name), kEmptyString, sh.addArgs(args));
    }
    TracePtr build()
    {
        for (auto &s : shards)
            builder.merge(std::move(*s));
        auto t = builder.build();
        const std::string err = t->checkInvariants();
        if (!err.empty())
            qFatal("invariants: %s", err.c_str());
        return t;
    }
};

/// The hand-made trace of the tests below (numbers worked out in handMadeOps).
TracePtr handMade()
{
    HcclTrace h;
    // rank 0: an all-reduce in group "dp" (global ranks 4, 5, 6) with tasks on planes 0 and 1
    h.op(0, "Group 0 Communication", 1000, 10000, "hcom_allReduce__1_0_1", R"j({"Group Name":"dp","Global Ranks":[4,5,6]})j");
    h.task(0, 0, 1000, 500, "Notify_Wait", "LOCAL", "INVALID_TYPE", 0, 0, 1);
    h.task(0, 0, 2000, 1000, "Memcpy", "SDMA", "HCCS", 4000, 0, 1);
    h.task(0, 0, 3500, 200, "Notify_Wait", "LOCAL", "INVALID_TYPE", 0, 0, 1);
    h.task(0, 0, 4000, 100, "Reduce_Inline", "SDMA", "ON_CHIP", 8, 0, kNoRank);
    h.task(0, 1, 1100, 300, "Notify_Wait", "LOCAL", "INVALID_TYPE", 0, 0, 2);
    h.task(0, 1, 1500, 2000, "Memcpy", "SDMA", "PCIE", 6000, 0, 2);
    h.task(0, 1, 4000, 400, "Notify_Wait", "LOCAL", "INVALID_TYPE", 0, 0, 2);
    h.task(0, 1, 5000, 500, "Memcpy", "SDMA", "HCCS_SW", 1000, 0, 1);
    // rank 0: a send without group information, one RDMA transfer on plane 0
    h.op(0, "Group 0 Communication", 20000, 10000, "hcom_send__2_0_1");
    h.task(0, 0, 21000, 100, "RDMASend", "RDMA", "ROCE", 1000000, 0, 1);
    h.task(0, 0, 21200, 50, "RDMASend", "RDMA", "ROCE", 4, 0, 1);
    h.task(0, 0, 22000, 3000, "Notify_Wait", "RDMA", "ROCE", 0, 0, 1);
    h.task(0, 0, 26000, 1000, "Notify_Wait", "LOCAL", "INVALID_TYPE", 0, 0, 1);
    h.task(0, 0, 40000, 10, "Memcpy", "SDMA", "HCCS", 10, 0, 1); // outside every op
    // rank 1: no plane tasks; communication.json joined onto the op, the matrix as metadata
    // (the importer keeps only the "-total" entries of communication_matrix.json; an
    // "allreduce-top1@123" entry of 9 MB is not among them)
    auto facts = std::make_shared<AscendFacts>();
    facts->commGroups["123"] = AscendCommGroup{"group_name_3", "tp", 0, {1, 3}};
    facts->matrixSource = "communication_matrix.json";
    facts->matrixTotals = {AscendMatrixLink{"allreduce-total@123", "123", 0, 1, "HCCS", 2, 0.5},
                           AscendMatrixLink{"allreduce-total@123", "123", 0, 0, "LOCAL", 1, 0.01}};
    h.rank(1, {}, facts);
    h.op(1, "Communication", 2000, 50000, "hcom_allReduce__7_1_1",
         R"j({"Group Hash":"123","Communication Step":"step1","Communication Time Info":{"Elapse Time(ms)":0.05,"Transit Time(ms)":0.02,)j"
         R"j("Wait Time(ms)":0.01,"Synchronization Time(ms)":0.005,"Idle Time(ms)":0.02},"Communication Bandwidth Info":{)j"
         R"j("HCCS":{"Transit Size(MB)":2,"Transit Time(ms)":0.5,"Bandwidth(GB/s)":4,"Size Distribution":{"1":[2,0.5]}},)j"
         R"j("SDMA":{"Transit Size(MB)":2,"Transit Time(ms)":0.5,"Bandwidth(GB/s)":4},"RDMA":{"Transit Size(MB)":0,"Transit Time(ms)":0}}})j");
    return h.build();
}

int rowWhere(const Table &t, const std::map<std::string, std::string> &where)
{
    return findRow(t, where);
}

/// Independent reading of one rank's communication.json: op name -> (time info, bandwidth info).
struct JsonOp {
    QJsonObject time, bw;
};
std::map<std::string, JsonOp> communicationJson(const fs::path &file)
{
    std::map<std::string, JsonOp> out;
    const QJsonObject root = readJson(file);
    for (const QString &step : root.keys())
        for (const QString &kind : root[step].toObject().keys()) {
            const QJsonObject ops = root[step][kind].toObject();
            for (const QString &key : ops.keys()) {
                if (key == QLatin1String("Total Op Info"))
                    continue;
                const QString name = key.section(QLatin1Char('@'), 0, 0);
                out[name.toStdString()] = {ops[key][QLatin1String("Communication Time Info")].toObject(),
                                           ops[key][QLatin1String("Communication Bandwidth Info")].toObject()};
            }
        }
    return out;
}

/// Σ over "-total@" entries of communication_matrix.json files, mapped to global ranks with
/// profiler_metadata.json parallel_group_info (the msprof-analyze rule), keyed src|dst|transport.
struct LinkSum {
    double mb = 0, ms = 0;
};
void addMatrix(const fs::path &rankDir, std::map<std::string, LinkSum> &out)
{
    std::map<QString, QJsonArray> groups; // hash -> global ranks, via the name in profiler_metadata
    const QJsonObject meta = readJson(rankDir / "profiler_metadata.json");
    // the "@<hash>" of the matrix keys is msprof's double hash of the parallel_group_info key
    // (two 32-bit polynomial hashes, primes 29 and 131), computed here independently
    const auto doubleHash = [](const QString &s) {
        std::uint32_t h1 = 0, h2 = 0;
        for (QChar c : s) {
            h1 = h1 * 29u + std::uint32_t(c.unicode());
            h2 = h2 * 131u + std::uint32_t(c.unicode());
        }
        return QString::number((std::uint64_t(h1) << 32) | h2);
    };
    const QJsonObject pgi = meta[QLatin1String("parallel_group_info")].toObject();
    for (const QString &g : pgi.keys())
        groups[doubleHash(g)] = pgi[g][QLatin1String("global_ranks")].toArray();
    const QJsonObject root = readJson(rankDir / "ASCEND_PROFILER_OUTPUT" / "communication_matrix.json");
    for (const QString &step : root.keys())
        for (const QString &kind : root[step].toObject().keys()) {
            const QJsonObject ops = root[step][kind].toObject();
            for (const QString &key : ops.keys()) {
                if (!key.section(QLatin1Char('@'), 0, 0).endsWith(QLatin1String("-total")))
                    continue;
                const QJsonArray ranks = groups[key.section(QLatin1Char('@'), 1)];
                const QJsonObject links = ops[key].toObject();
                for (const QString &l : links.keys()) {
                    const int s = l.section(QLatin1Char('-'), 0, 0).toInt(), d = l.section(QLatin1Char('-'), 1).toInt();
                    const int gs = s < ranks.size() ? ranks[s].toInt() : s, gd = d < ranks.size() ? ranks[d].toInt() : d;
                    const QJsonObject v = links[l].toObject();
                    LinkSum &sum = out[std::to_string(gs) + "|" + std::to_string(gd) + "|"
                                       + v[QLatin1String("Transport Type")].toString().toStdString()];
                    sum.mb += v[QLatin1String("Transit Size(MB)")].toDouble();
                    sum.ms += v[QLatin1String("Transit Time(ms)")].toDouble();
                }
            }
        }
}

std::string linkKey(const Table &t, std::size_t r)
{
    return cell(t, r, "src_rank") + "|" + cell(t, r, "dst_rank") + "|" + cell(t, r, "transport");
}

/// Rows of a CSV with TAB-padded cells (memory_record.csv, operator_memory.csv): header -> text.
std::vector<std::map<std::string, std::string>> readAscendCsv(const fs::path &p)
{
    auto rows = readCsvRecords(p.string());
    for (auto &r : rows)
        for (auto &[k, v] : r) {
            while (!v.empty() && (v.back() == '\t' || v.back() == ' ' || v.back() == '\r'))
                v.pop_back();
        }
    return rows;
}

/// "1736408883704614.040" µs -> ns, exactly (a double holds such numbers only to 0.25 µs).
std::int64_t usToNs(const std::string &text)
{
    const std::size_t dot = text.find('.');
    std::string frac = dot == std::string::npos ? std::string() : text.substr(dot + 1);
    frac = (frac + "000").substr(0, 3);
    return std::stoll(text.substr(0, dot)) * 1000 + std::stoll(frac);
}

} // namespace

class TestAscendComm : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void opType();
    void handMadeOps();
    void handMadeSummary();
    void handMadeLinks();
    void handMadeRangeAndRanks();
    void matrixHelper();
    void noHcclGivesEmptyTables();
    void tinyClusterMemory();
    void level1TextSample();
    void dbSampleAgainstAnalysisDb();
    void qwenSampleLinksFromMatrix();
    void level1MemoryAgainstCsv();
    void speed();
};

void TestAscendComm::opType()
{
    QCOMPARE(hcclOpType("hcom_allReduce__586_0_1"), std::string("hcom_allReduce_"));
    QCOMPARE(hcclOpType("hcom_batchSendRecv__128_3_1"), std::string("hcom_batchSendRecv_"));
    QCOMPARE(hcclOpType("AllReduce"), std::string("AllReduce"));
    QCOMPARE(hcclOpType("_1"), std::string("_1"));
    QCOMPARE(hcclOpType(""), std::string());
}

void TestAscendComm::handMadeOps()
{
    AnalysisContext ctx(handMade());
    const Table t = communicationOps(ctx, {});
    QCOMPARE(t.checkConsistent(), std::string());
    QCOMPARE(t.rowCount(), std::size_t(3));
    // op 1 (rank 0): planes 0 and 1, no RDMA on plane 0 -> main plane 1:
    //   Notify_Wait 300 before any transfer (sync), Memcpy PCIE 2000, Notify_Wait 400, Memcpy HCCS_SW 500
    //   transit 2500, wait 700, sync 300, idle 10000 - 2500 - 700 = 6800
    //   bandwidth over both planes: HCCS 4000 + 1000 B in 1000 + 500 ns; PCIE 6000 B in 2000 ns;
    //   the ON_CHIP Reduce_Inline is local and not counted; SDMA = HCCS + PCIE
    const int a = rowWhere(t, {{"name", "hcom_allReduce__1_0_1"}});
    QVERIFY(a >= 0);
    QCOMPARE(cell(t, a, "op_type"), std::string("hcom_allReduce_"));
    QCOMPARE(cell(t, a, "group"), std::string("dp"));
    QCOMPARE(cell(t, a, "start"), std::string("0")); // the trace starts at this op
    QCOMPARE(num(t, a, "elapse_ns"), 10000.0);
    QCOMPARE(num(t, a, "transit_ns"), 2500.0);
    QCOMPARE(num(t, a, "wait_ns"), 700.0);
    QCOMPARE(num(t, a, "sync_ns"), 300.0);
    QCOMPARE(num(t, a, "idle_ns"), 6800.0);
    QVERIFY(near(num(t, a, "wait_ratio"), 700.0 / 3200.0, 1e-12));
    QVERIFY(near(num(t, a, "sync_ratio"), 300.0 / 2800.0, 1e-12));
    QCOMPARE(num(t, a, "hccs_bytes"), 5000.0);
    QCOMPARE(num(t, a, "hccs_time_ns"), 1500.0);
    QVERIFY(near(num(t, a, "hccs_bw_gbps"), 5000.0 / 1500.0, 1e-12));
    QCOMPARE(num(t, a, "pcie_bytes"), 6000.0);
    QVERIFY(near(num(t, a, "pcie_bw_gbps"), 3.0, 1e-12));
    QCOMPARE(num(t, a, "sdma_bytes"), 11000.0);
    QCOMPARE(num(t, a, "sdma_time_ns"), 3500.0);
    QVERIFY(near(num(t, a, "sdma_bw_gbps"), 11000.0 / 3500.0, 1e-12));
    QCOMPARE(num(t, a, "rdma_bytes"), 0.0);
    QVERIFY(std::isnan(num(t, a, "rdma_bw_gbps")));
    QCOMPARE(num(t, a, "tasks"), 8.0);
    QCOMPARE(cell(t, a, "source"), std::string("tasks"));
    // op 2: one plane (main). RDMASend(1 MB) + RDMASend + Notify_Wait = one RDMA transfer of a send
    //   (3 tasks) from 21000 to 25000 -> 4000 ns; the later Notify_Wait is wait (not sync: after a transfer)
    const int s = rowWhere(t, {{"name", "hcom_send__2_0_1"}});
    QVERIFY(s >= 0);
    QCOMPARE(num(t, s, "rdma_bytes"), 1000000.0);
    QCOMPARE(num(t, s, "rdma_time_ns"), 4000.0);
    QVERIFY(near(num(t, s, "rdma_bw_gbps"), 250.0, 1e-12));
    QCOMPARE(num(t, s, "transit_ns"), 4000.0);
    QCOMPARE(num(t, s, "wait_ns"), 1000.0);
    QCOMPARE(num(t, s, "sync_ns"), 0.0);
    QCOMPARE(num(t, s, "idle_ns"), 5000.0);
    QCOMPARE(num(t, s, "sdma_bytes"), 0.0);
    QCOMPARE(cell(t, s, "group"), std::string("Group 0 Communication"));
    // op 3 (rank 1): numbers of the joined communication.json
    const int j = rowWhere(t, {{"name", "hcom_allReduce__7_1_1"}});
    QVERIFY(j >= 0);
    QCOMPARE(cell(t, j, "rank"), std::string("1"));
    QCOMPARE(cell(t, j, "group"), std::string("tp")); // from comm_groups through the Group Hash
    QCOMPARE(cell(t, j, "step"), std::string("step1"));
    QCOMPARE(num(t, j, "elapse_ns"), 50000.0);
    QCOMPARE(num(t, j, "transit_ns"), 20000.0);
    QCOMPARE(num(t, j, "wait_ns"), 10000.0);
    QCOMPARE(num(t, j, "sync_ns"), 5000.0);
    QCOMPARE(num(t, j, "idle_ns"), 20000.0);
    QCOMPARE(num(t, j, "hccs_bytes"), 2000000.0);
    QCOMPARE(num(t, j, "hccs_time_ns"), 500000.0);
    QVERIFY(near(num(t, j, "hccs_bw_gbps"), 4.0, 1e-12));
    QCOMPARE(num(t, j, "sdma_bytes"), 2000000.0);
    QCOMPARE(cell(t, j, "source"), std::string("args"));
    // the task outside every op is reported, not counted
    bool noted = false;
    for (const std::string &n : t.notes)
        noted = noted || n.find("1 plane tasks lay outside") != std::string::npos;
    QVERIFY(noted);
    // rows point at their ops
    QCOMPARE(t.keys.size(), t.rowCount());
    QVERIFY(t.keys[std::size_t(a)].slice.valid());
    QCOMPARE(ctx.trace().str(t.keys[std::size_t(a)].name), std::string_view("hcom_allReduce__1_0_1"));
}

void TestAscendComm::handMadeSummary()
{
    AnalysisContext ctx(handMade());
    const Table t = communicationSummary(ctx, {});
    QCOMPARE(t.checkConsistent(), std::string());
    QCOMPARE(t.rowCount(), std::size_t(3));
    const int a = rowWhere(t, {{"rank", "0"}, {"op_type", "hcom_allReduce_"}});
    QVERIFY(a >= 0);
    QCOMPARE(num(t, a, "count"), 1.0);
    QCOMPARE(num(t, a, "total_ns"), 10000.0);
    QCOMPARE(num(t, a, "sdma_bytes"), 11000.0);
    const int j = rowWhere(t, {{"rank", "1"}});
    QCOMPARE(num(t, j, "hccs_bytes"), 2000000.0);
    QCOMPARE(cell(t, j, "source"), std::string("args"));
}

void TestAscendComm::handMadeLinks()
{
    AnalysisContext ctx(handMade());
    const Table t = communicationLinks(ctx, {});
    QCOMPARE(t.checkConsistent(), std::string());
    // rank 0 (tasks): local ranks 0, 1, 2 of "dp" are global 4, 5, 6 (Global Ranks); the
    // Reduce_Inline to 0xFFFFFFFF is the local copy 4->4; the send has no group: identity (0->1).
    // rank 1 (matrix, no tasks): only the "-total" entries, local 0, 1 of group 123 = global 1, 3.
    QCOMPARE(rowsText(t, {"src_rank", "dst_rank", "transport", "bytes", "time_ns", "ops", "transfers", "source"}),
             std::string("0|1|RDMA|1000000|4000|1|1|tasks;"
                         "1|1|LOCAL|1000000|10000|||communication_matrix.json;"
                         "1|3|HCCS|2000000|500000|||communication_matrix.json;"
                         "4|4|LOCAL|8|100|1|1|tasks;"
                         "4|5|HCCS|5000|1500|1|2|tasks;"
                         "4|6|PCIE|6000|2000|1|1|tasks;"));
    const int l = rowWhere(t, {{"src_rank", "4"}, {"dst_rank", "5"}});
    QVERIFY(near(num(t, l, "bandwidth_gbps"), 5000.0 / 1500.0, 1e-12));
    QCOMPARE(cell(t, l, "groups"), std::string("dp"));
    QCOMPARE(cell(t, rowWhere(t, {{"src_rank", "1"}, {"dst_rank", "3"}}), "groups"), std::string("tp"));
    bool noted = false;
    for (const std::string &n : t.notes)
        noted = noted || n.find("communicator-local ranks are shown") != std::string::npos;
    QVERIFY(noted); // the send's two ends had no group mapping
}

void TestAscendComm::handMadeRangeAndRanks()
{
    AnalysisContext ctx(handMade());
    AnalysisOptions opt;
    opt.range = std::make_pair(TimeNs(15000), TimeNs(35000)); // only the send (20000..30000)
    const Table ops = communicationOps(ctx, opt);
    QCOMPARE(rowsText(ops, {"rank", "name"}), std::string("0|hcom_send__2_0_1;1|hcom_allReduce__7_1_1;")); // rank 1's op spans 2..52 µs
    const Table links = communicationLinks(ctx, opt);
    QCOMPARE(rowsText(links, {"src_rank", "dst_rank", "transport", "source"}),
             std::string("0|1|RDMA|tasks;1|1|LOCAL|communication_matrix.json;1|3|HCCS|communication_matrix.json;"));
    bool noted = false;
    for (const std::string &n : links.notes)
        noted = noted || n.find("not the selected range") != std::string::npos;
    QVERIFY(noted);
    AnalysisOptions r1;
    r1.ranks = {1};
    QCOMPARE(rowsText(communicationOps(ctx, r1), {"rank", "name"}), std::string("1|hcom_allReduce__7_1_1;"));
    QCOMPARE(communicationLinks(ctx, r1).rowCount(), std::size_t(2));
    std::stop_source stop;
    stop.request_stop();
    AnalysisOptions stopped;
    stopped.stop = stop.get_token();
    QCOMPARE(communicationOps(ctx, stopped).rowCount(), std::size_t(0));
}

void TestAscendComm::matrixHelper()
{
    AnalysisContext ctx(handMade());
    const Table t = communicationLinks(ctx, {});
    QCOMPARE(commLinkTransports(t), (std::vector<std::string>{"RDMA", "LOCAL", "HCCS", "PCIE"}));
    const CommLinkMatrix all = commLinkMatrix(t);
    QCOMPARE(all.ranks, (std::vector<std::int64_t>{0, 1, 3, 4, 5, 6}));
    // every link row is one cell here: the cell shows the row's numbers exactly
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        const auto idx = [&](const std::string &col) {
            const auto v = std::int64_t(num(t, r, col));
            return std::size_t(std::find(all.ranks.begin(), all.ranks.end(), v) - all.ranks.begin());
        };
        const std::size_t c = all.at(idx("src_rank"), idx("dst_rank"));
        QCOMPARE(all.bytes[c], num(t, r, "bytes"));
        QCOMPARE(all.timeNs[c], num(t, r, "time_ns"));
        QCOMPARE(all.bandwidthGBps[c], num(t, r, "bandwidth_gbps"));
        QCOMPARE(all.transports[c], cell(t, r, "transport"));
    }
    QVERIFY(!all.hasLink(0, 0));
    QVERIFY(std::isnan(all.bandwidthGBps[all.at(0, 0)]));
    const CommLinkMatrix hccs = commLinkMatrix(t, "HCCS");
    QCOMPARE(hccs.ranks, all.ranks); // the axes do not change with the transport
    int links = 0;
    for (std::size_t c = 0; c < hccs.bytes.size(); ++c)
        links += hccs.transports[c].empty() ? 0 : 1;
    QCOMPARE(links, 2);
    // two rows in one cell: Σ bytes / Σ time, ops summed, transports joined
    Table two("communication-links", "");
    auto &src = two.addInt("src_rank", "");
    auto &dst = two.addInt("dst_rank", "");
    auto &tp = two.addText("transport", "");
    auto &by = two.addInt("bytes", "");
    auto &ti = two.addInt("time_ns", "");
    auto &bw = two.addReal("bandwidth_gbps", "");
    auto &ops = two.addInt("ops", "");
    for (int k = 0; k < 2; ++k) {
        src.push(std::int64_t(0));
        dst.push(std::int64_t(1));
        tp.push(std::string(k ? "RDMA" : "HCCS"));
        by.push(std::int64_t(k ? 3000 : 1000));
        ti.push(std::int64_t(k ? 1000 : 1000));
        bw.push(k ? 3.0 : 1.0);
        if (k)
            ops.pushNull();
        else
            ops.push(std::int64_t(2));
    }
    const CommLinkMatrix m = commLinkMatrix(two);
    QCOMPARE(m.bandwidthGBps[m.at(0, 1)], 2.0);
    QCOMPARE(m.ops[m.at(0, 1)], std::int64_t(2));
    QCOMPARE(m.transports[m.at(0, 1)], std::string("HCCS+RDMA"));
    QCOMPARE(commLinkMatrix(Table()).size(), std::size_t(0));
}

void TestAscendComm::noHcclGivesEmptyTables()
{
    KinetoTrace k(0);
    k.kernel(7, 0, 100, "gemm");
    AnalysisContext ctx(k.build());
    for (const char *name : {"communication", "communication-ops", "communication-links", "memory", "operator-memory"}) {
        const Table t = runAnalysis(name, ctx, {});
        QCOMPARE(t.rowCount(), std::size_t(0));
        QVERIFY(t.columnCount() > 0);
        QCOMPARE(t.name, std::string(name));
    }
}

void TestAscendComm::tinyClusterMemory()
{
    AnalysisContext ctx(load(kFixtures / "tiny_cluster"));
    const Table m = memorySummary(ctx, {});
    QCOMPARE(m.checkConsistent(), std::string());
    // memory_record.csv: APP reserved 2048 at 0 µs; PTA 10.5/20/10.5 at 100 µs, 5.5/20/5.5 at 600 µs
    // (the trace starts at the APP row). npu_module_mem.csv: SLOG 0.0 (HCCL's N/A is no sample).
    QCOMPARE(rowsText(m, {"rank", "source", "component", "metric", "samples", "peak_mb", "peak_ts", "mean_mb", "min_mb", "last_mb"}),
             std::string("0|memory_record|APP|Reserved|1|2048|0|2048|2048|2048;"
                         "0|memory_record|PTA|Active|2|10.5|100000|10.5|5.5|5.5;"
                         "0|memory_record|PTA|Allocated|2|10.5|100000|10.5|5.5|5.5;"
                         "0|memory_record|PTA|Reserved|2|20|100000|20|20|20;"
                         "0|npu_module_mem|SLOG|Reserved|1|0|0|0|0|0;"));
    const Table o = operatorMemory(ctx, {});
    QCOMPARE(o.checkConsistent(), std::string());
    // aten::empty 4 KB, 10.5 µs -> 400 µs; aten::mm 16 KB at 50 µs, never released
    QCOMPARE(rowsText(o, {"name", "size_bytes", "allocation_ts", "release_ts", "duration_ns", "active_duration_ns",
                          "allocated_at_allocation_mb", "reserved_at_allocation_mb"}),
             std::string("aten::empty|4096|10500|400000|389500|389500|10.5|20;"
                         "aten::mm|16384|50000||||10.52|20;"));
    QCOMPARE(o.notes.size(), std::size_t(1));
    // a row reveals its own allocation slice
    const SliceRef k = o.keys[1].slice;
    QVERIFY(k.valid());
    QCOMPARE(ctx.trace().str(ctx.trace().track(k.track).slices.name[k.index]), std::string_view("aten::mm"));
    QCOMPARE(ctx.trace().track(k.track).slices.start[k.index] - ctx.trace().startNs(), TimeNs(50000));
    // a range: the value carried in at its start counts
    AnalysisOptions opt;
    opt.range = std::make_pair(ctx.trace().startNs() + 200000, ctx.trace().startNs() + 700000);
    const Table r = memorySummary(ctx, opt);
    const int pta = findRow(r, {{"component", "PTA"}, {"metric", "Allocated"}});
    QVERIFY(pta >= 0);
    QCOMPARE(num(r, pta, "samples"), 1.0);
    QCOMPARE(num(r, pta, "peak_mb"), 10.5);
    QCOMPARE(num(r, pta, "peak_ts"), 200000.0);
    // 10.5 over 200..600 µs, then the last sample: (10.5 * 400) / 400
    QCOMPARE(num(r, pta, "mean_mb"), 10.5);
    QCOMPARE(num(r, pta, "last_mb"), 5.5);
    const Table ro = operatorMemory(ctx, opt);
    QCOMPARE(ro.rowCount(), std::size_t(2)); // both allocations overlap 200..700 µs
}

void TestAscendComm::level1TextSample()
{
    const fs::path dir = kShared / "ascend" / "pt_text_level1_8card_cnn";
    if (!fs::exists(dir))
        QSKIP("shared samples not present");
    AnalysisContext ctx(load(dir));
    const Table ops = communicationOps(ctx, {});
    QCOMPARE(ops.checkConsistent(), std::string());
    for (int rank : {0, 1}) {
        const auto expected = communicationJson(dir / ("rank" + std::to_string(rank) + "_ascend_pt") / "ASCEND_PROFILER_OUTPUT" / "communication.json");
        QCOMPARE(expected.size(), std::size_t(4));
        int seen = 0;
        for (std::size_t r = 0; r < ops.rowCount(); ++r) {
            if (cell(ops, r, "rank") != std::to_string(rank))
                continue;
            ++seen;
            const auto it = expected.find(cell(ops, r, "name"));
            QVERIFY2(it != expected.end(), cell(ops, r, "name").c_str());
            // rank 0 has trace_view.json (plane tasks): recomputed; rank 1 has kernel_details only
            QCOMPARE(cell(ops, r, "source"), std::string(rank == 0 ? "tasks" : "args"));
            const QJsonObject &ti = it->second.time;
            const auto ms = [&](const char *k) { return ti[QLatin1String(k)].toDouble() * 1e6; };
            // msprof's times carry sub-ns digits the trace rounds to the ns: ±1 ns per task summed
            QVERIFY2(near(num(ops, r, "elapse_ns"), ms("Elapse Time(ms)"), 0, 1), cell(ops, r, "name").c_str());
            QVERIFY2(near(num(ops, r, "transit_ns"), ms("Transit Time(ms)"), 0, 20), cell(ops, r, "transit_ns").c_str());
            QVERIFY2(near(num(ops, r, "wait_ns"), ms("Wait Time(ms)"), 0, 40), cell(ops, r, "wait_ns").c_str());
            QVERIFY2(near(num(ops, r, "sync_ns"), ms("Synchronization Time(ms)"), 0, 40), cell(ops, r, "sync_ns").c_str());
            QVERIFY2(near(num(ops, r, "idle_ns"), ms("Idle Time(ms)"), 0, 60), cell(ops, r, "idle_ns").c_str());
            QVERIFY(near(num(ops, r, "wait_ratio"), ti[QLatin1String("Wait Time Ratio")].toDouble(), 0, 5e-5));
            for (const char *tp : {"HCCS", "SDMA", "PCIE", "RDMA", "SIO"}) {
                const QJsonObject b = it->second.bw[QLatin1String(tp)].toObject();
                std::string lower(tp);
                for (char &c : lower)
                    c = char(std::tolower(c));
                QVERIFY2(near(num(ops, r, lower + "_bytes"), b[QLatin1String("Transit Size(MB)")].toDouble() * 1e6, 0, 0.5), tp);
                QVERIFY2(near(num(ops, r, lower + "_time_ns"), b[QLatin1String("Transit Time(ms)")].toDouble() * 1e6, 0, 20), tp);
                const double bw = b[QLatin1String("Bandwidth(GB/s)")].toDouble();
                if (bw > 0)
                    QVERIFY2(near(num(ops, r, lower + "_bw_gbps"), bw, 0, 5e-5), tp); // msprof rounds to 4 decimals
            }
        }
        QCOMPARE(seen, 4);
    }
    // links: rank 0 from its plane tasks, rank 1 from its matrix; both equal the matrix totals
    // (this job's only group is the world of 8 ranks: local = global)
    std::map<std::string, LinkSum> expected;
    addMatrix(dir / "rank0_ascend_pt", expected);
    addMatrix(dir / "rank1_ascend_pt", expected);
    const Table links = communicationLinks(ctx, {});
    QCOMPARE(links.rowCount(), expected.size());
    QCOMPARE(expected.size(), std::size_t(16));
    for (std::size_t r = 0; r < links.rowCount(); ++r) {
        const auto it = expected.find(linkKey(links, r));
        QVERIFY2(it != expected.end(), linkKey(links, r).c_str());
        QVERIFY2(near(num(links, r, "bytes"), it->second.mb * 1e6, 0, 0.5), linkKey(links, r).c_str());
        QVERIFY2(near(num(links, r, "time_ns"), it->second.ms * 1e6, 0, 10), linkKey(links, r).c_str());
        QCOMPARE(cell(links, r, "source"), std::string(cell(links, r, "src_rank") == "0" ? "tasks" : "communication_matrix.json"));
        if (cell(links, r, "src_rank") == "0")
            QCOMPARE(num(links, r, "ops"), 4.0); // the four all-reduces each used every link
    }
    // hand check of one cell: 0 -> 1 over HCCS = 4 128 768 + 16 809 984 + 37 781 504 + 2 490 368 B
    const int l01 = findRow(links, {{"src_rank", "0"}, {"dst_rank", "1"}});
    QCOMPARE(num(links, l01, "bytes"), 61210624.0);
    QCOMPARE(num(links, l01, "transfers"), 8.0); // a reduce-scatter and an all-gather copy per op
    const Table sum = communicationSummary(ctx, {});
    // no parallel_group_info in this sample: the group is msprof's hash, the same on both ranks
    QCOMPARE(rowsText(sum, {"rank", "group", "op_type", "count"}),
             std::string("0|17522688603477080586|hcom_allReduce_|4;1|17522688603477080586|hcom_allReduce_|4;"));
    // HCCS bytes of rank 0's four ops: 28.647232 + 117.440512 + 264.241152 + 17.2672 MB
    QCOMPARE(num(sum, 0, "hccs_bytes"), 427596096.0);
}

void TestAscendComm::dbSampleAgainstAnalysisDb()
{
    const fs::path dir = kShared / "ascend" / "pt_db_level2_2rank";
    if (!fs::exists(dir))
        QSKIP("shared samples not present");
    AnalysisContext ctx(load(dir));
    const Table ops = communicationOps(ctx, {});
    const Table links = communicationLinks(ctx, {});
    int checkedOps = 0, checkedLinks = 0;
    for (int rank : {0, 1}) {
        const QString path = QString::fromStdString(
            (dir / ("rank" + std::to_string(rank) + "_ascend_pt") / "ASCEND_PROFILER_OUTPUT" / "analysis.db").string());
        const QString conn = QStringLiteral("tst_ascendcomm_%1").arg(rank);
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), conn);
            db.setDatabaseName(path);
            db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("SELECT hccl_op_name, elapse_time, transit_time, wait_time, synchronization_time, idle_time FROM CommAnalyzerTime")));
            while (q.next()) {
                const int r = findRow(ops, {{"rank", std::to_string(rank)}, {"name", q.value(0).toString().toStdString()}});
                QVERIFY2(r >= 0, qPrintable(q.value(0).toString()));
                QCOMPARE(cell(ops, r, "source"), std::string("tasks"));
                // the db keeps integer ns per task; msprof summed sub-ns values: ±1 ns per task
                QVERIFY(near(num(ops, r, "elapse_ns"), q.value(1).toDouble() * 1e6, 0, 1));
                QVERIFY2(near(num(ops, r, "transit_ns"), q.value(2).toDouble() * 1e6, 0, 20), cell(ops, r, "transit_ns").c_str());
                QVERIFY2(near(num(ops, r, "wait_ns"), q.value(3).toDouble() * 1e6, 0, 40), cell(ops, r, "wait_ns").c_str());
                QVERIFY2(near(num(ops, r, "sync_ns"), q.value(4).toDouble() * 1e6, 0, 40), cell(ops, r, "sync_ns").c_str());
                QVERIFY2(near(num(ops, r, "idle_ns"), q.value(5).toDouble() * 1e6, 0, 60), cell(ops, r, "idle_ns").c_str());
                ++checkedOps;
            }
            QVERIFY(q.exec(QStringLiteral("SELECT DISTINCT hccl_op_name, transport_type, transit_size, transit_time, bandwidth FROM CommAnalyzerBandwidth")));
            while (q.next()) {
                const int r = findRow(ops, {{"rank", std::to_string(rank)}, {"name", q.value(0).toString().toStdString()}});
                QVERIFY(r >= 0);
                std::string tp = q.value(1).toString().toLower().toStdString();
                QVERIFY2(near(num(ops, r, tp + "_bytes"), q.value(2).toDouble() * 1e6, 0, 0.5), tp.c_str());
                QVERIFY2(near(num(ops, r, tp + "_time_ns"), q.value(3).toDouble() * 1e6, 0, 20), tp.c_str());
                QVERIFY2(near(num(ops, r, tp + "_bw_gbps"), q.value(4).toDouble(), 0, 5e-5), tp.c_str());
            }
            // links: the "-total" rows of CommAnalyzerMatrix (one group of the 8-rank world)
            QVERIFY(q.exec(QStringLiteral("SELECT src_rank, dst_rank, transport_type, transit_size, transit_time FROM CommAnalyzerMatrix "
                                          "WHERE hccl_op_name LIKE '%-total'")));
            while (q.next()) {
                const int r = findRow(links, {{"src_rank", q.value(0).toString().toStdString()},
                                              {"dst_rank", q.value(1).toString().toStdString()},
                                              {"transport", q.value(2).toString().toStdString()}});
                QVERIFY2(r >= 0, qPrintable(q.value(0).toString() + QLatin1Char('-') + q.value(1).toString()));
                QVERIFY(near(num(links, r, "bytes"), q.value(3).toDouble() * 1e6, 0, 0.5));
                QVERIFY2(near(num(links, r, "time_ns"), q.value(4).toDouble() * 1e6, 0, 10), cell(links, r, "time_ns").c_str());
                ++checkedLinks;
            }
        }
        QSqlDatabase::removeDatabase(conn);
    }
    QCOMPARE(checkedOps, 8);
    QCOMPARE(checkedLinks, 16);
    QCOMPARE(links.rowCount(), std::size_t(16));
}

void TestAscendComm::qwenSampleLinksFromMatrix()
{
    const fs::path dir = kShared / "ascend" / "pt_text_level2_4rank_qwen3_cann83";
    if (!fs::exists(dir))
        QSKIP("shared samples not present");
    AnalysisContext ctx(load(dir));
    std::map<std::string, LinkSum> expected;
    for (int r = 0; r < 4; ++r)
        addMatrix(dir / ("rank_" + std::to_string(r) + "_ascend_pt"), expected);
    const Table links = communicationLinks(ctx, {});
    QCOMPARE(links.rowCount(), expected.size());
    std::set<std::int64_t> ranks;
    for (std::size_t r = 0; r < links.rowCount(); ++r) {
        const auto it = expected.find(linkKey(links, r));
        QVERIFY2(it != expected.end(), linkKey(links, r).c_str());
        QVERIFY2(near(num(links, r, "bytes"), it->second.mb * 1e6, 1e-12, 0.5), linkKey(links, r).c_str());
        QVERIFY2(near(num(links, r, "time_ns"), it->second.ms * 1e6, 1e-12, 0.5), linkKey(links, r).c_str());
        QCOMPARE(cell(links, r, "source"), std::string("communication_matrix.json"));
        ranks.insert(std::int64_t(num(links, r, "src_rank")));
        ranks.insert(std::int64_t(num(links, r, "dst_rank")));
    }
    QCOMPARE(ranks, (std::set<std::int64_t>{0, 1, 2, 3})); // global ranks; pp's local 1 of rank 0 is rank 2
    QVERIFY(findRow(links, {{"src_rank", "0"}, {"dst_rank", "2"}, {"transport", "HCCS"}}) >= 0);
    // ops come from the joined communication.json of every rank (no trace_view.json here)
    const Table ops = communicationOps(ctx, {});
    std::size_t expectedOps = 0;
    for (int r = 0; r < 4; ++r)
        expectedOps += communicationJson(dir / ("rank_" + std::to_string(r) + "_ascend_pt") / "ASCEND_PROFILER_OUTPUT" / "communication.json").size();
    QCOMPARE(ops.rowCount(), expectedOps);
    for (std::size_t r = 0; r < ops.rowCount(); ++r)
        QCOMPARE(cell(ops, r, "source"), std::string("args"));
    const int pp = findRow(ops, {{"rank", "0"}, {"name", "hcom_batchSendRecv__128_4_1"}});
    QVERIFY(pp >= 0);
    QCOMPARE(cell(ops, pp, "group"), std::string("pp"));
    QCOMPARE(num(ops, pp, "hccs_bytes"), 8388608.0);
}

void TestAscendComm::level1MemoryAgainstCsv()
{
    const fs::path dir = kShared / "ascend" / "pt_text_level1_8card_cnn" / "rank0_ascend_pt" / "ASCEND_PROFILER_OUTPUT";
    if (!fs::exists(dir))
        QSKIP("shared samples not present");
    AnalysisContext ctx(load(dir.parent_path()));
    const Table m = memorySummary(ctx, {});
    // hand count of memory_record.csv: per component and column, samples, peak (first time), mean
    // weighted by the time to the next sample of the same series, last value
    struct Series {
        std::vector<std::pair<std::int64_t, double>> pts; // (ns, MB)
    };
    std::map<std::string, Series> series;
    const char *cols[3][2] = {{"Total Allocated(MB)", "Allocated"}, {"Total Reserved(MB)", "Reserved"}, {"Total Active(MB)", "Active"}};
    const auto rows = readAscendCsv(dir / "memory_record.csv");
    QVERIFY(rows.size() > 100);
    for (const auto &row : rows)
        for (const auto &c : cols) {
            const std::string v = row.at(c[0]);
            if (v.empty())
                continue;
            series[row.at("Component") + "|" + c[1]].pts.emplace_back(usToNs(row.at("Timestamp(us)")), std::stod(v));
        }
    int checked = 0;
    for (auto &[key, s] : series) {
        std::stable_sort(s.pts.begin(), s.pts.end(), [](auto &a, auto &b) { return a.first < b.first; });
        const std::string comp = key.substr(0, key.find('|')), metric = key.substr(key.find('|') + 1);
        const int r = findRow(m, {{"component", comp}, {"metric", metric}, {"source", "memory_record"}});
        QVERIFY2(r >= 0, key.c_str());
        double peak = s.pts[0].second, area = 0;
        std::int64_t peakNs = s.pts[0].first;
        for (std::size_t i = 0; i < s.pts.size(); ++i) {
            if (s.pts[i].second > peak) {
                peak = s.pts[i].second;
                peakNs = s.pts[i].first;
            }
            if (i + 1 < s.pts.size())
                area += s.pts[i].second * double(s.pts[i + 1].first - s.pts[i].first);
        }
        const double span = double(s.pts.back().first - s.pts.front().first);
        QCOMPARE(num(m, r, "samples"), double(s.pts.size()));
        QCOMPARE(num(m, r, "peak_mb"), peak);
        QCOMPARE(std::int64_t(num(m, r, "peak_ts")) + ctx.trace().startNs(), peakNs);
        QVERIFY2(near(num(m, r, "mean_mb"), span > 0 ? area / span : s.pts.back().second, 1e-9), key.c_str());
        QCOMPARE(num(m, r, "last_mb"), s.pts.back().second);
        ++checked;
    }
    QVERIFY(checked >= 3);
    // operator_memory.csv: one row per allocation, sizes in KB, empty release = not released
    const auto opRows = readAscendCsv(dir / "operator_memory.csv");
    const Table o = operatorMemory(ctx, {});
    QCOMPARE(o.rowCount(), opRows.size());
    double kb = 0;
    std::size_t unreleased = 0;
    for (const auto &row : opRows) {
        kb += std::stod(row.at("Size(KB)"));
        unreleased += row.at("Release Time(us)").empty() ? 1 : 0;
    }
    double bytes = 0;
    std::size_t nullRelease = 0;
    for (std::size_t r = 0; r < o.rowCount(); ++r) {
        bytes += num(o, r, "size_bytes");
        nullRelease += cell(o, r, "release_ts").empty() ? 1 : 0;
    }
    QVERIFY(near(bytes, kb * 1024.0, 1e-12, 0.5 * double(o.rowCount())));
    QCOMPARE(nullRelease, unreleased);
    // durations: the CSV's Duration(us) where released
    int durations = 0;
    for (const auto &row : opRows) {
        if (row.at("Duration(us)").empty())
            continue;
        const int r = findRow(o, {{"name", row.at("Name")}, {"duration_ns", std::to_string(usToNs(row.at("Duration(us)")))}});
        durations += r >= 0 ? 1 : 0;
    }
    QCOMPARE(std::size_t(durations), opRows.size() - unreleased);
}

void TestAscendComm::speed()
{
    // A figure for docs/analysis.md, not a timed check: opt-in, and nothing is asserted on time.
    if (qEnvironmentVariableIsEmpty("ACCELSCOPE_BENCH"))
        QSKIP("set ACCELSCOPE_BENCH=1 to time the communication analyses on a large synthetic rank");
    // a large synthetic rank: 20 000 ops of 30 plane tasks each (600 000 tasks) plus memory counters
    HcclTrace h;
    for (int i = 0; i < 20000; ++i) {
        const TimeNs t0 = TimeNs(i) * 100000;
        h.op(0, "Group 0 Communication", t0, 90000, "hcom_allReduce__9_" + std::to_string(i) + "_1", R"j({"Global Ranks":[0,1,2,3,4,5,6,7]})j");
        for (int k = 0; k < 30; ++k)
            h.task(0, k % 8, t0 + k * 2000, 1500, k % 3 ? "Memcpy" : "Notify_Wait", k % 3 ? "SDMA" : "LOCAL", k % 3 ? "HCCS" : "INVALID_TYPE",
                   4096 * (k + 1), 0, k % 8);
    }
    AnalysisContext ctx(h.build());
    for (const char *name : {"communication", "communication-ops", "communication-links"}) {
        const auto t0 = std::chrono::steady_clock::now();
        const Table t = runAnalysis(name, ctx, {});
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        qInfo("%s on 600 000 plane tasks / 20 000 ops: %.0f ms, %zu rows", name, ms, t.rowCount());
        QVERIFY(t.rowCount() > 0);
    }
}

QTEST_GUILESS_MAIN(TestAscendComm)
#include "tst_ascendcomm.moc"
