// Ascend communication matrices in every form the profilers wrote and msprof-analyze's cluster
// outputs, read through the importer: hand-made rank folders (torch_npu 2023 per-op matrix with
// "Total Op Info", the 2024+ "<op>-top1/middle/total" form, with and without profiler_metadata.json
// groups, group-local ranks mapped by self links) and generated cluster_analysis_output folders
// (tests/tools/gen_ascend_cluster.py: tests/data/ascend/cluster_root_8 in the 2024 form with two
// rank folders beside it, cluster_2023_8 in the 2023 form). Each case also checks the note or
// diagnostic that appears when the input lacks what the number needs.
#include "analysistesthelpers.h"

#include "importers/ascend/ascendcommon.h"
#include "importers/registry.h"
#include "model/analysis/ascend/ascendcomm.h"
#include "model/ascendcluster.h"
#include "model/ascendfacts.h"

#include <QSqlDatabase>
#include <QSqlError>
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

const fs::path kFixtures = fs::path(ASCEND_TEST_DATA);

TracePtr load(const fs::path &p)
{
    importers::ImportContext ictx;
    auto r = importers::loadTrace({p}, ictx);
    if (!r.ok())
        qFatal("cannot load %s: %s", p.string().c_str(), r.error().toString().c_str());
    return r.value().trace;
}

Table run(const TracePtr &trace, const char *analysis, const AnalysisOptions &opt = {})
{
    AnalysisContext ctx(trace);
    const AnalysisInfo *a = findAnalysis(analysis);
    if (!a)
        qFatal("no analysis %s", analysis);
    Table t = a->run(ctx, opt);
    if (!t.checkConsistent().empty())
        qFatal("%s: %s", analysis, t.checkConsistent().c_str());
    return t;
}

void write(const fs::path &p, const std::string &text)
{
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

bool hasNote(const Table &t, const std::string &part)
{
    for (const std::string &n : t.notes)
        if (n.find(part) != std::string::npos)
            return true;
    return false;
}

std::string notes(const Table &t)
{
    std::string s;
    for (const std::string &n : t.notes)
        s += n + "\n";
    return s;
}

bool hasDiagnostic(const Trace &t, const std::string &part)
{
    for (const Diagnostic &d : t.diagnostics())
        if (d.detail.find(part) != std::string::npos || d.file.find(part) != std::string::npos)
            return true;
    return false;
}

std::string link(double mb, double ms, const std::string &tp = "HCCS")
{
    return "{\"Transport Type\":\"" + tp + "\",\"Transit Size(MB)\":" + std::to_string(mb) + ",\"Transit Time(ms)\":"
        + std::to_string(ms) + ",\"Bandwidth(GB/s)\":1}";
}

/// A rank folder holding only profiler_info (and profiler_metadata when `groups` is given) and
/// communication_matrix.json.
void rankFolder(const fs::path &root, int rank, const std::string &matrix, const std::string &metadata = {})
{
    const fs::path d = root / ("r" + std::to_string(rank) + "_ascend_pt");
    write(d / ("profiler_info_" + std::to_string(rank) + ".json"), "{\"rank_id\": " + std::to_string(rank) + "}");
    if (!metadata.empty())
        write(d / "profiler_metadata.json", metadata);
    write(d / "ASCEND_PROFILER_OUTPUT" / "communication_matrix.json", matrix);
}

std::string hashOf(const std::string &group) { return std::to_string(importers::ascend::groupNameHash(group)); }

} // namespace

class TestAscendCluster : public QObject {
    Q_OBJECT
private slots:
    void matrix2023WithGroups();
    void matrix2023SelfLinks();
    void matrixWithoutGroupSaysSo();
    void matrix2024TotalsOnly();
    void matrixUnreadableIsDiagnosed();
    void clusterOutputAlone();
    void clusterOutputFromOneFile();
    void cluster2023Form();
    void clusterRootWithRankFolders();
    void kernelDetailsWithoutStreamColumn();
    void clusterOutputMissingFiles();
    void clusterStepFileBroken();
    void clusterAnalysisDb();
    void largeClusterRootLoadsOnlyTheOutput();
    void clusterLinkOutsideItsGroup();
    void clusterAnalysisDbBroken();
};

void TestAscendCluster::matrix2023WithGroups()
{
    // torch_npu 2023: per-op entries "<op>@<hash>" and a "Total Op Info" of the block; ranks 2
    // and 3 are locals 0 and 1 of group "group_name_7" (profiler_metadata.json)
    QTemporaryDir tmp;
    const std::string h = hashOf("group_name_7");
    const std::string meta = "{\"parallel_group_info\":{\"group_name_7\":{\"group_name\":\"tp\",\"group_rank\":0,\"global_ranks\":[3,2]}}}";
    const std::string m2 = "{\"step1\":{\"collective\":{\"hcom_allReduce__1_0_1@" + h + "\":{\"0-1\":" + link(2, 0.5)
        + ",\"0-0\":" + link(1, 0.01, "LOCAL") + "},\"hcom_allReduce__1_1_1@" + h + "\":{\"0-1\":" + link(4, 1)
        + "},\"Total Op Info\":{\"0-1\":" + link(6, 1.5) + ",\"0-0\":" + link(1, 0.01, "LOCAL") + "}},\"p2p\":{}}}";
    rankFolder(tmp.path().toStdString(), 2, m2, meta);
    const TracePtr tr = load(tmp.path().toStdString());
    const Table links = run(tr, "communication-links");
    // global_ranks are sorted by msprof-analyze: [2, 3], local 0 = 2
    QCOMPARE(rowsText(links, {"src_rank", "dst_rank", "transport", "bytes", "time_ns", "groups"}),
             std::string("2|2|LOCAL|1000000|10000|tp;2|3|HCCS|6000000|1500000|tp;"));
    QVERIFY2(hasNote(links, "communication_matrix.json (per op)"), notes(links).c_str());
    QVERIFY(!hasNote(links, "no global rank"));
}

void TestAscendCluster::matrix2023SelfLinks()
{
    // no profiler_metadata.json: rank 4's self link "0-0" and rank 5's "1-1" give the mapping
    QTemporaryDir tmp;
    const fs::path root = tmp.path().toStdString();
    const std::string h = "555";
    rankFolder(root, 4, "{\"step\":{\"collective\":{\"hcom_broadcast__2_0@" + h + "\":{\"0-0\":" + link(1, 0.1, "LOCAL")
                            + ",\"0-1\":" + link(3, 0.3) + "}}}}");
    rankFolder(root, 5, "{\"step\":{\"collective\":{\"hcom_broadcast__2_0@" + h + "\":{\"1-1\":" + link(1, 0.1, "LOCAL")
                            + ",\"1-0\":" + link(5, 0.5) + "}}}}");
    const Table links = run(load(root), "communication-links");
    QCOMPARE(rowsText(links, {"src_rank", "dst_rank", "transport", "bytes"}),
             std::string("4|4|LOCAL|1000000;4|5|HCCS|3000000;5|4|HCCS|5000000;5|5|LOCAL|1000000;"));
    QVERIFY(!hasNote(links, "no global rank"));
}

void TestAscendCluster::matrixWithoutGroupSaysSo()
{
    // neither groups nor self links: the ends stay local and a note says so; a block with only
    // a "Total Op Info" names no group at all
    QTemporaryDir tmp;
    const fs::path root = tmp.path().toStdString();
    rankFolder(root, 6, "{\"step\":{\"collective\":{\"hcom_allGather__3_0@999\":{\"0-1\":" + link(2, 0.2) + "}}}}");
    rankFolder(root, 7, "{\"step\":{\"collective\":{\"Total Op Info\":{\"1-0\":" + link(2, 0.2) + "}}}}");
    const Table links = run(load(root), "communication-links");
    QCOMPARE(rowsText(links, {"src_rank", "dst_rank", "bytes", "groups"}),
             std::string("0|1|2000000|999;1|0|2000000|(no group);"));
    QVERIFY2(hasNote(links, "2 matrix link ends had no global rank"), notes(links).c_str());
    QVERIFY2(hasNote(links, "\"Total Op Info\" entries that name no group"), notes(links).c_str());
}

void TestAscendCluster::matrix2024TotalsOnly()
{
    // newer form: the top/middle/bottom statistics are single instances, only "-total" counts
    QTemporaryDir tmp;
    const std::string h = hashOf("group_name_1");
    const std::string meta = "{\"parallel_group_info\":{\"group_name_1\":{\"group_name\":\"dp\",\"group_rank\":1,\"global_ranks\":[0,8]}}}";
    rankFolder(tmp.path().toStdString(), 8,
               "{\"step3\":{\"collective\":{\"allreduce-top1@" + h + "\":{\"1-0\":" + link(1, 0.1) + "},\"allreduce-middle@" + h
                   + "\":{\"1-0\":" + link(1, 0.2) + "},\"allreduce-bottom1@" + h + "\":{\"1-0\":" + link(1, 0.4)
                   + "},\"allreduce-total@" + h + "\":{\"1-0\":" + link(3, 0.7) + "}},\"p2p\":{}},"
                   "\"step4\":{\"collective\":{\"allreduce-total@" + h + "\":{\"1-0\":" + link(3, 0.6) + "}}}}",
               meta);
    const Table links = run(load(tmp.path().toStdString()), "communication-links");
    QCOMPARE(rowsText(links, {"src_rank", "dst_rank", "bytes", "time_ns", "groups"}), std::string("8|0|6000000|1300000|dp;"));
    QVERIFY2(hasNote(links, "(<op>-total)"), notes(links).c_str());

    // only statistics, no totals and no per-op entries: nothing counted, and said
    QTemporaryDir tmp2;
    rankFolder(tmp2.path().toStdString(), 8,
               "{\"step3\":{\"collective\":{\"allreduce-top1@" + h + "\":{\"1-0\":" + link(1, 0.1) + "}}}}", meta);
    const TracePtr tr = load(tmp2.path().toStdString());
    const Table none = run(tr, "communication-links");
    QCOMPARE(none.rowCount(), std::size_t(0));
    QVERIFY2(hasNote(none, "rank 8: communication_matrix.json: 1 blocks held only top/middle/bottom statistics"), notes(none).c_str());
}

void TestAscendCluster::matrixUnreadableIsDiagnosed()
{
    QTemporaryDir tmp;
    rankFolder(tmp.path().toStdString(), 1, "{\"step\":{\"collective\":{\"x@1\":{\"0-1\":");
    const TracePtr tr = load(tmp.path().toStdString());
    QVERIFY(hasDiagnostic(*tr, "communication_matrix.json not valid JSON"));
    const Table links = run(tr, "communication-links");
    QCOMPARE(links.rowCount(), std::size_t(0));
    QVERIFY2(hasNote(links, "rank 1: communication_matrix.json: not valid JSON"), notes(links).c_str());
}

void TestAscendCluster::clusterOutputAlone()
{
    // the generator's numbers (gen_ascend_cluster.py): 8 ranks, tp 4, pp 2, 2 steps, 2 all-reduces
    // per step, rank 5 computes 30 % longer
    const TracePtr tr = load(kFixtures / "cluster_root_8" / "cluster_analysis_output");
    QCOMPARE(tr->sources().size(), std::size_t(1));
    QCOMPARE(tr->sources()[0].format, std::string("ascend-cluster"));
    const Table steps = run(tr, "steps");
    QCOMPARE(steps.rowCount(), std::size_t(16));
    // rank 5 step 1: Computing = (10000 + 50) * 1.3 = 13065 µs, Free = 1000 + 5 = 1005 µs
    const int r5 = findRow(steps, {{"rank", "5"}, {"step", "1"}});
    QVERIFY(r5 >= 0);
    QCOMPARE(num(steps, r5, "computing_ns"), 13065000.0);
    QCOMPARE(num(steps, r5, "free_ns"), 1005000.0);
    QCOMPARE(num(steps, r5, "bubble_ns"), 100000.0);
    QCOMPARE(num(steps, r5, "preparing_ns"), 50000.0);
    QVERIFY(std::isnan(num(steps, r5, "device")));
    QVERIFY2(hasNote(steps, "16 rows from msprof-analyze's cluster_step_trace_time.csv"), notes(steps).c_str());
    QVERIFY(!hasNote(steps, "no Ascend device tasks"));

    AnalysisOptions ranged;
    ranged.range = std::make_pair(TimeNs(0), TimeNs(1000));
    QVERIFY(hasNote(run(tr, "steps", ranged), "the selected range does not apply to them"));
    QVERIFY(hasNote(run(tr, "slow-rank", ranged), "the selected range does not apply to them"));
    const Table slow = run(tr, "slow-rank");
    QCOMPARE(slow.rowCount(), std::size_t(8));
    const int s5 = findRow(slow, {{"rank", "5"}});
    QCOMPARE(cell(slow, s5, "slowest"), std::string("1"));
    QCOMPARE(num(slow, s5, "steps"), 2.0);
    QVERIFY2(hasNote(slow, "slow rank: 5"), notes(slow).c_str());

    const Table stages = run(tr, "cluster-stages");
    QCOMPARE(stages.rowCount(), std::size_t(4)); // 2 steps x 2 stages
    QCOMPARE(rowsText(stages, {"step", "ranks", "rank_count", "slowest_rank"}),
             std::string("1|(0, 1, 2, 3)|4|3;1|(4, 5, 6, 7)|4|5;2|(0, 1, 2, 3)|4|3;2|(4, 5, 6, 7)|4|5;"));
    QCOMPARE(num(stages, 1, "computing_ns"), 13065000.0); // the stage maximum

    // links: 2 tp groups x 12 ordered pairs; 0 -> 1: (1 + 1) MB x 2 ops x 2 steps, 0.1 ms x 4
    const Table links = run(tr, "communication-links");
    QCOMPARE(links.rowCount(), std::size_t(24));
    const int l01 = findRow(links, {{"src_rank", "0"}, {"dst_rank", "1"}});
    QCOMPARE(num(links, l01, "bytes"), 8000000.0);
    QCOMPARE(num(links, l01, "time_ns"), 400000.0);
    QCOMPARE(cell(links, l01, "groups"), std::string("tp"));
    QCOMPARE(cell(links, l01, "source"), std::string("cluster_communication_matrix.json"));
    const CommLinkMatrix m = commLinkMatrix(links);
    QCOMPARE(m.size(), std::size_t(8));
    QVERIFY(!m.hasLink(0, 4));

    // communication per rank, group and op type: rank 0 has 2 x 2 all-reduces (1 ms each) and
    // 2 sends (pp group)
    const Table comm = run(tr, "communication");
    const int c0 = findRow(comm, {{"rank", "0"}, {"op_type", "hcom_allReduce_"}});
    QVERIFY(c0 >= 0);
    QCOMPARE(num(comm, c0, "count"), 4.0);
    QCOMPARE(num(comm, c0, "total_ns"), 4000000.0);
    QCOMPARE(num(comm, c0, "transit_ns"), 2000000.0);
    QCOMPARE(num(comm, c0, "hccs_bytes"), 32000000.0);
    QCOMPARE(cell(comm, c0, "group"), std::string("tp"));
    QCOMPARE(findRow(comm, {{"rank", "4"}, {"op_type", "hcom_send_"}}), -1); // only the first stage sends
    QVERIFY(findRow(comm, {{"rank", "0"}, {"op_type", "hcom_send_"}}) >= 0);
    QVERIFY2(hasNote(comm, "ops from msprof-analyze's cluster_communication.json"), notes(comm).c_str());
}

void TestAscendCluster::clusterOutputFromOneFile()
{
    const TracePtr tr = load(kFixtures / "cluster_root_8" / "cluster_analysis_output" / "cluster_communication_matrix.json");
    QCOMPARE(tr->sources().size(), std::size_t(1));
    QCOMPARE(run(tr, "steps").rowCount(), std::size_t(16));
}

void TestAscendCluster::cluster2023Form()
{
    // rank-set group keys, per-op matrix entries with a "Total Op Info", no Preparing column
    const TracePtr tr = load(kFixtures / "cluster_2023_8");
    const Table links = run(tr, "communication-links");
    QCOMPARE(links.rowCount(), std::size_t(24));
    const int l01 = findRow(links, {{"src_rank", "0"}, {"dst_rank", "1"}});
    QCOMPARE(num(links, l01, "bytes"), 8000000.0); // per op entries, the block total not added again
    QVERIFY2(hasNote(links, "per op entries"), notes(links).c_str());
    const Table steps = run(tr, "steps");
    QCOMPARE(steps.rowCount(), std::size_t(16));
    QVERIFY(std::isnan(num(steps, 0, "preparing_ns")));
    QVERIFY2(hasNote(steps, "no Preparing"), notes(steps).c_str());
    const Table comm = run(tr, "communication");
    const int c0 = findRow(comm, {{"rank", "0"}, {"op_type", "hcom_allReduce_"}});
    QCOMPARE(num(comm, c0, "count"), 4.0);
}

void TestAscendCluster::kernelDetailsWithoutStreamColumn()
{
    // Older torch_npu writes kernel_details.csv without Stream ID: communication is then told by
    // the core type (HCCL) or the hcom_ op name, every other task computes.
    QTemporaryDir tmp;
    const fs::path out = fs::path(tmp.path().toStdString()) / "r0_ascend_pt" / "ASCEND_PROFILER_OUTPUT";
    write(out.parent_path() / "profiler_info_0.json", "{\"rank_id\": 0}");
    write(out / "kernel_details.csv",
          "Step Id,Name,Type,Accelerator Core,Start Time(us),Duration(us),Wait Time(us),Block Dim\n"
          "1,MatMul_0,MatMul,AI_CORE,1700000000100000.000\t,1000.000\t,0\t,8\n"
          "1,Add_0,Add,AI_VECTOR_CORE,1700000000101000.000\t,500.000\t,0\t,8\n"
          "1,hcom_allReduce__1_0_1,hcom_allReduce_,N/A,1700000000101200.000\t,800.000\t,0\t,0\n"
          "1,hcom_broadcast__1_0_2,hcom_broadcast_,HCCL,1700000000102500.000\t,100.000\t,0\t,0\n");
    const Table steps = run(load(out.parent_path()), "steps");
    const int row = findRow(steps, {{"rank", "0"}, {"step", "1"}});
    QVERIFY2(row >= 0, notes(steps).c_str());
    // compute [100000, 101500] µs; communication [101200, 102000] and [102500, 102600] µs
    QCOMPARE(cell(steps, std::size_t(row), "computing_ns"), std::string("1500000"));
    QCOMPARE(cell(steps, std::size_t(row), "communication_ns"), std::string("900000"));
    QCOMPARE(cell(steps, std::size_t(row), "overlapped_ns"), std::string("300000"));
    QCOMPARE(cell(steps, std::size_t(row), "communication_not_overlapped_ns"), std::string("600000"));
}

void TestAscendCluster::clusterRootWithRankFolders()
{
    // ranks 0 and 1 have folders (kernel_details.csv): their steps come from the timeline, the
    // other six from the cluster file; slow-rank compares every rank of the file
    const TracePtr tr = load(kFixtures / "cluster_root_8");
    QCOMPARE(tr->sources().size(), std::size_t(3));
    const Table steps = run(tr, "steps");
    QVERIFY2(hasNote(steps, "cluster_step_trace_time.csv rows left out: their rank's timeline is loaded"), notes(steps).c_str());
    QVERIFY(findRow(steps, {{"rank", "7"}, {"step", "2"}}) >= 0);
    // kernel_details.csv without a Stream ID column: the MatMul computes, nothing communicates
    const int rank0 = findRow(steps, {{"rank", "0"}});
    QVERIFY(rank0 >= 0);
    QCOMPARE(cell(steps, std::size_t(rank0), "computing_ns"), std::string("10000000"));
    QCOMPARE(cell(steps, std::size_t(rank0), "communication_ns"), std::string("0"));
    const Table slow = run(tr, "slow-rank");
    QCOMPARE(slow.rowCount(), std::size_t(8));
    QCOMPARE(cell(slow, std::size_t(findRow(slow, {{"rank", "5"}})), "slowest"), std::string("1"));
    // the cluster source keeps where each rank's folder is, for opening it from the cluster view
    // the cluster source holds every rank's numbers and is no rank itself (the folders keep theirs)
    const AscendClusterOutput *c = nullptr;
    std::string ranks;
    for (const SourceInfo &s : tr->sources()) {
        if (s.ascend && s.ascend->cluster)
            c = s.ascend->cluster.get();
        ranks += std::to_string(s.rank) + (s.ascend && s.ascend->cluster ? "c;" : ";");
    }
    QCOMPARE(ranks, std::string("-1c;0;1;"));
    QVERIFY(c);
    QCOMPARE(c->rankFolders.size(), std::size_t(2));
    QVERIFY(c->rankFolders.at(1).find("host_1_ascend_pt") != std::string::npos);
}

void TestAscendCluster::clusterOutputMissingFiles()
{
    // communication_group.json alone: opened, and every table says what is missing
    QTemporaryDir tmp;
    const fs::path out = fs::path(tmp.path().toStdString()) / "cluster_analysis_output";
    write(out / "communication_group.json", "{\"collective\": [[0, 1]], \"p2p\": []}");
    const TracePtr tr = load(tmp.path().toStdString());
    const Table steps = run(tr, "steps");
    QCOMPARE(steps.rowCount(), std::size_t(0));
    QVERIFY2(hasNote(steps, "has no cluster_step_trace_time.csv"), notes(steps).c_str());
    const Table links = run(tr, "communication-links");
    QVERIFY2(hasNote(links, "has no cluster_communication_matrix.json"), notes(links).c_str());
    const Table comm = run(tr, "communication");
    QVERIFY2(hasNote(comm, "has no cluster_communication.json"), notes(comm).c_str());
    QVERIFY(hasNote(run(tr, "cluster-stages"), "has no cluster_step_trace_time.csv"));
}

void TestAscendCluster::clusterStepFileBroken()
{
    QTemporaryDir tmp;
    const fs::path out = fs::path(tmp.path().toStdString());
    write(out / "cluster_step_trace_time.csv", "Step,Type,Index,Computing,Free\n1,rank,0,10,2\n1,bogus,1,10,2\n1,rank,x,1,1\n1,rank,2,12,3\n");
    write(out / "cluster_communication_matrix.json", "{\"collective\": {\"step1\": [1, 2]}, \"p2p\": 3}");
    write(out / "cluster_communication.json", "not json");
    const TracePtr tr = load(out);
    const Table steps = run(tr, "steps");
    QCOMPARE(rowsText(steps, {"rank", "computing_ns", "free_ns"}), std::string("0|10000|2000;2|12000|3000;"));
    QVERIFY2(hasNote(steps, "2 rows with a Type other than rank/stage or an unreadable Index were skipped (first at line 3)"),
             notes(steps).c_str());
    QVERIFY(hasDiagnostic(*tr, "cluster_step_trace_time.csv: 2 rows"));
    QVERIFY(hasDiagnostic(*tr, "cluster_communication.json: not valid JSON"));
    QVERIFY(hasDiagnostic(*tr, "cluster_communication_matrix.json: 2 step or group members that are not JSON objects"));
    QVERIFY2(hasNote(run(tr, "communication-links"), "2 step or group members"), notes(run(tr, "communication-links")).c_str());
    // no Stage/Bubble columns: those cells are empty, not zero
    QVERIFY(std::isnan(num(steps, 0, "stage_ns")));
}

void TestAscendCluster::clusterAnalysisDb()
{
    // cluster_analysis.db alone (msprof-analyze's db output), newer table names
    QTemporaryDir tmp;
    const fs::path out = fs::path(tmp.path().toStdString()) / "cluster_analysis_output";
    fs::create_directories(out);
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("mk"));
        db.setDatabaseName(QString::fromStdString((out / "cluster_analysis.db").string()));
        QVERIFY(db.open());
        QSqlQuery q(db);
        const char *sql[] = {
            "CREATE TABLE ClusterStepTraceTime (step TEXT, type TEXT, \"index\" TEXT, computing NUMERIC, communication_not_overlapped NUMERIC, "
            "overlapped NUMERIC, communication NUMERIC, free NUMERIC, stage NUMERIC, bubble NUMERIC, "
            "communication_not_overlapped_and_exclude_receive NUMERIC, preparing NUMERIC)",
            "INSERT INTO ClusterStepTraceTime VALUES ('1','rank','0',100,20,5,25,10,130,0,20,3)",
            "INSERT INTO ClusterStepTraceTime VALUES ('1','rank','1',200,20,5,25,10,230,0,20,3)",
            "INSERT INTO ClusterStepTraceTime VALUES ('1','stage','(0, 1)',200,20,5,25,10,230,0,20,3)",
            "CREATE TABLE ClusterCommunicationTime (step TEXT, rank_id INTEGER, hccl_op_name TEXT, group_name TEXT, start_timestamp NUMERIC, "
            "elapsed_time NUMERIC, transit_time NUMERIC, wait_time NUMERIC, synchronization_time NUMERIC, idle_time NUMERIC, "
            "synchronization_time_ratio NUMERIC, wait_time_ratio NUMERIC)",
            "INSERT INTO ClusterCommunicationTime VALUES ('step1',0,'hcom_allReduce__1_0_1','77',1700000000000000,2.0,1.0,0.5,0.1,0.5,0,0)",
            "INSERT INTO ClusterCommunicationTime VALUES ('step1',0,'Total Op Info','77',0,2.0,1.0,0.5,0.1,0.5,0,0)",
            "CREATE TABLE ClusterCommunicationBandwidth (step TEXT, rank_id INTEGER, hccl_op_name TEXT, group_name TEXT, band_type TEXT, "
            "transit_size NUMERIC, transit_time NUMERIC, bandwidth NUMERIC, large_packet_ratio NUMERIC, package_size NUMERIC, count NUMERIC, "
            "total_duration NUMERIC)",
            "INSERT INTO ClusterCommunicationBandwidth VALUES ('step1',0,'hcom_allReduce__1_0_1','77','HCCS',6.0,1.0,6,1,2.0,1,0.3)",
            "INSERT INTO ClusterCommunicationBandwidth VALUES ('step1',0,'hcom_allReduce__1_0_1','77','HCCS',6.0,1.0,6,1,4.0,1,0.7)",
            "CREATE TABLE ClusterCommunicationMatrix (step TEXT, hccl_op_name TEXT, group_name TEXT, src_rank TEXT, dst_rank TEXT, "
            "transit_size NUMERIC, transit_time NUMERIC, bandwidth NUMERIC, transport_type TEXT, op_name TEXT)",
            "INSERT INTO ClusterCommunicationMatrix VALUES ('step1','allreduce-top1','77','0','1',9,1,9,'HCCS','')",
            "INSERT INTO ClusterCommunicationMatrix VALUES ('step1','allreduce-total','77','0','1',3,0.5,6,'HCCS','')",
            "INSERT INTO ClusterCommunicationMatrix VALUES ('step1','Total Op Info','77','0','1',3,0.5,6,'HCCS','')",
            "CREATE TABLE CommunicationGroupMapping (type TEXT, rank_set TEXT, group_name TEXT, group_id TEXT, pg_name TEXT)",
            "INSERT INTO CommunicationGroupMapping VALUES ('collective','(0, 1)','77','x','dp')",
        };
        for (const char *s : sql)
            QVERIFY2(q.exec(QString::fromLatin1(s)), qPrintable(q.lastError().text()));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("mk"));
    const TracePtr tr = load(out);
    const Table steps = run(tr, "steps");
    QCOMPARE(rowsText(steps, {"rank", "step", "computing_ns", "preparing_ns"}), std::string("0|1|100000|3000;1|1|200000|3000;"));
    QVERIFY2(hasNote(steps, "2 rows from msprof-analyze's cluster_analysis.db"), notes(steps).c_str());
    QCOMPARE(cell(run(tr, "slow-rank"), 1, "slowest"), std::string("1"));
    QCOMPARE(run(tr, "cluster-stages").rowCount(), std::size_t(1));
    const Table links = run(tr, "communication-links");
    QCOMPARE(rowsText(links, {"src_rank", "dst_rank", "bytes", "time_ns", "groups", "source"}),
             std::string("0|1|3000000|500000|dp|cluster_analysis.db;"));
    const Table comm = run(tr, "communication");
    QCOMPARE(comm.rowCount(), std::size_t(1)); // the Total Op Info row is not an op
    QCOMPARE(num(comm, 0, "hccs_bytes"), 6000000.0); // the transport's total once, not per size bucket
    QCOMPARE(num(comm, 0, "total_ns"), 2000000.0);
    QCOMPARE(cell(comm, 0, "group"), std::string("dp"));
}

void TestAscendCluster::largeClusterRootLoadsOnlyTheOutput()
{
    // more than 32 rank folders beside the cluster output: only the output loads, the folders are
    // kept for the cluster view and a note says so
    QTemporaryDir tmp;
    const fs::path root = tmp.path().toStdString();
    fs::copy(kFixtures / "cluster_root_8" / "cluster_analysis_output", root / "cluster_analysis_output");
    for (int r = 0; r < 33; ++r) {
        const fs::path d = root / ("host_" + std::to_string(r) + "_ascend_pt");
        write(d / ("profiler_info_" + std::to_string(r) + ".json"), "{\"rank_id\": " + std::to_string(r) + "}");
        write(d / "ASCEND_PROFILER_OUTPUT" / "kernel_details.csv",
              "Name,Type,Accelerator Core,Start Time(us),Duration(us)\n" "MatMul,MatMul,AI_CORE,1700000000000000.000,10\n");
    }
    const TracePtr tr = load(root);
    QCOMPARE(tr->sources().size(), std::size_t(1));
    QCOMPARE(tr->sources()[0].ascend->cluster->rankFolders.size(), std::size_t(33));
    const Table steps = run(tr, "steps");
    QCOMPARE(steps.rowCount(), std::size_t(16));
    QVERIFY2(hasNote(steps, "33 rank folders beside the cluster output were not loaded"), notes(steps).c_str());
}

void TestAscendCluster::clusterLinkOutsideItsGroup()
{
    // 2023 layout: the rank set is the group; "1-5" cannot be a link of group (0, 1), rank 5 is a
    // group-local rank msprof-analyze left unmapped
    QTemporaryDir tmp;
    const fs::path out = tmp.path().toStdString();
    write(out / "cluster_communication_matrix.json", "{\"(0, 1)\": {\"step1\": {\"hcom_allReduce__1_0_1@9\": {\"0-1\": " + link(2, 0.2)
                                                          + ", \"1-5\": " + link(2, 0.2) + "}}}}");
    const Table links = run(load(out), "communication-links");
    QCOMPARE(links.rowCount(), std::size_t(2));
    QVERIFY2(hasNote(links, "1 of 2 links have an end outside their group's ranks"), notes(links).c_str());
    // the generated outputs have none
    QVERIFY(!hasNote(run(load(kFixtures / "cluster_2023_8"), "communication-links"), "outside their group"));
    QVERIFY(!hasNote(run(load(kFixtures / "cluster_root_8" / "cluster_analysis_output"), "communication-links"), "outside their group"));
}

void TestAscendCluster::clusterAnalysisDbBroken()
{
    QTemporaryDir tmp;
    const fs::path out = fs::path(tmp.path().toStdString());
    write(out / "cluster_analysis.db", "this is not an SQLite database, just text long enough to be read");
    const TracePtr tr = load(out);
    QVERIFY(hasDiagnostic(*tr, "cluster_analysis.db"));
    QVERIFY2(hasNote(run(tr, "steps"), "has no cluster_step_trace_time.csv"), notes(run(tr, "steps")).c_str());
}

QTEST_GUILESS_MAIN(TestAscendCluster)
#include "tst_ascendcluster.moc"
