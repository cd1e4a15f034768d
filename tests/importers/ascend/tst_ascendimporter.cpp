// Ascend importer: detection of rank folders and cluster roots, golden dumps of hand-made
// exports, every real sample against independent counts (tests/tools/ascend_expected.py),
// engines, flows, ranks, the step breakdown against step_trace_time.csv, broken inputs.
#include "importers/ascend/ascendimporter.h"
#include "importers/ascend/commmatrix.h"
#include "importers/ascend/textexport.h"
#include "importers/registry.h"
#include "model/argstree.h"
#include "model/ascendfacts.h"
#include "model/tracedump.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>

using namespace accelscope;
using namespace accelscope::importers;
namespace fs = std::filesystem;

namespace {

const fs::path kData = fs::path(ASCEND_TEST_DATA);
const fs::path kShared = fs::path(ACCELSCOPE_SHARED_DATA);

std::string readFile(const fs::path &p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void writeFile(const fs::path &p, const std::string &data)
{
    fs::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary);
    out << data;
}

struct Loaded {
    model::TracePtr trace;
    std::string format;
    std::string error;
};

Loaded loadPaths(const std::vector<fs::path> &paths)
{
    ImportContext ctx;
    auto r = loadTrace(paths, ctx);
    if (!r.ok())
        return {nullptr, {}, r.error().toString()};
    return {r.value().trace, r.value().format, {}};
}

Loaded loadDirect(const fs::path &p, std::size_t chunkBytes = 1u << 20, unsigned threads = 0)
{
    ascend::AscendImporter imp;
    imp.chunkBytes = chunkBytes;
    imp.workerThreads = threads;
    model::TraceBuilder b;
    ImportContext ctx;
    auto st = imp.import(Source::fromPath(p), b, ctx);
    if (!st.ok())
        return {nullptr, {}, st.error().toString()};
    return {b.build(), "ascend", {}};
}

std::uint64_t diagCount(const model::Trace &t, model::DiagKind k)
{
    std::uint64_t n = 0;
    for (const auto &d : t.diagnostics())
        if (d.kind == k)
            n += d.count;
    return n;
}

/// The track of a process (by display name) with the given track display name.
const model::Track *findTrack(const model::Trace &t, std::string_view process, std::string_view track)
{
    for (model::ProcessId pid : t.processOrder())
        if (t.processDisplayName(pid) == process)
            for (model::TrackId id : t.process(pid).tracks)
                if (t.trackDisplayName(id) == track)
                    return &t.track(id);
    return nullptr;
}

std::string metadata(const model::Trace &t, std::size_t source, std::string_view key)
{
    for (const auto &[k, v] : t.sources().at(source).metadata)
        if (k == key)
            return v;
    return {};
}

/// Sum of the slice durations of a track, in µs.
double laneMicros(const model::Trace &t, const model::Track *tr)
{
    if (!tr)
        return 0;
    model::TimeNs s = 0;
    for (std::size_t i = 0; i < tr->slices.size(); ++i)
        s += tr->slices.dur[i];
    (void)t;
    return double(s) / 1000.0;
}

/// Value of column `col` in the first row of a metadata table {"columns": [...], "rows": [[...]]}.
double tableValue(const std::string &json, const std::string &col)
{
    auto tree = model::parseArgs(json);
    if (!tree)
        return NAN;
    const model::ArgNode *cols = tree->child("columns");
    const model::ArgNode *rows = tree->child("rows");
    if (!cols || !rows || rows->children.empty())
        return NAN;
    for (std::size_t i = 0; i < cols->children.size(); ++i)
        if (cols->children[i].value == col)
            return std::stod(rows->children[0].children.at(i).value);
    return NAN;
}

std::size_t flowsWithCat(const model::Trace &t, std::string_view cat)
{
    std::size_t n = 0;
    for (const auto &f : t.flows())
        if (t.str(f.cat) == cat)
            ++n;
    return n;
}

} // namespace

class TstAscendImporter : public QObject {
    Q_OBJECT
private slots:
    void probeRecognisesRankFoldersAndClusterRoots_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("confidence");
        const fs::path r0 = kData / "tiny_cluster/node_a/worker0_111_ascend_pt";
        QTest::newRow("cluster root") << QString::fromStdString((kData / "tiny_cluster").string()) << 100;
        QTest::newRow("rank folder") << QString::fromStdString(r0.string()) << 100;
        QTest::newRow("output folder") << QString::fromStdString((r0 / "ASCEND_PROFILER_OUTPUT").string()) << 100;
        QTest::newRow("trace_view.json") << QString::fromStdString((r0 / "ASCEND_PROFILER_OUTPUT/trace_view.json").string()) << 100;
        QTest::newRow("raw data folder") << QString::fromStdString((r0 / "FRAMEWORK").string()) << 0;
        QTest::newRow("a CSV alone") << QString::fromStdString((r0 / "ASCEND_PROFILER_OUTPUT/kernel_details.csv").string()) << 0;
        QTest::newRow("chrome json folder") << QString::fromStdString((fs::path(ACCELSCOPE_SOURCE_DIR) / "tests/data/chrome_json").string()) << 0;
    }
    void probeRecognisesRankFoldersAndClusterRoots()
    {
        QFETCH(QString, path);
        QFETCH(int, confidence);
        ascend::AscendImporter imp;
        QCOMPARE(static_cast<int>(imp.probe(Source::fromPath(path.toStdString()))), confidence);
    }

    void aClusterRootIsOneJobWithOneSourcePerRank()
    {
        // Given a root with rank folders at different depths
        auto plan = planImport({kData / "tiny_cluster"});
        QVERIFY(plan.ok());
        QCOMPARE(plan.value().size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(plan.value()[0].importer), QStringLiteral("ascend"));
        // When it loads, every rank is a source with the rank of its profiler_info (an int and a string)
        Loaded l = loadPaths({kData / "tiny_cluster"});
        QVERIFY2(l.trace, l.error.c_str());
        QCOMPARE(l.trace->sources().size(), std::size_t(2));
        QCOMPARE(l.trace->sources()[0].rank, 0);
        QCOMPARE(l.trace->sources()[1].rank, 1);
        QCOMPARE(l.trace->rankCount(), 2);
        QVERIFY(findTrack(*l.trace, "Rank 0 \u00b7 NPU 0 \u00b7 Ascend Hardware", "Stream 2"));
        QVERIFY(findTrack(*l.trace, "Rank 1 \u00b7 NPU 1 \u00b7 Ascend Hardware", "Stream 3"));
    }

    void sourcesCarryTypedFacts()
    {
        using Framework = model::AscendFacts::Framework;
        // torch_npu text export with a communication group in profiler_metadata.json
        Loaded c = loadPaths({kData / "tiny_cluster"});
        QVERIFY2(c.trace, c.error.c_str());
        const model::AscendFacts *r0 = c.trace->sources().at(0).ascend.get();
        const model::AscendFacts *r1 = c.trace->sources().at(1).ascend.get();
        QVERIFY(r0 && r1);
        QCOMPARE(int(r0->framework), int(Framework::TorchNpu));
        QCOMPARE(QString::fromLatin1(model::exportKindName(r0->exportKind)), QStringLiteral("text"));
        QCOMPARE(QString::fromStdString(r0->rankFrom), QStringLiteral("profiler_info"));
        QCOMPARE(r0->device, 0);
        QCOMPARE(r0->commGroups.size(), std::size_t(1));
        const model::AscendCommGroup *g = r0->group("5862276093215481612");
        QVERIFY(g);
        QCOMPARE(QString::fromStdString(g->group), QStringLiteral("group_name_0"));
        QCOMPARE(QString::fromStdString(g->name), QStringLiteral("dp"));
        QCOMPARE(g->groupRank, 0);
        QCOMPARE(g->globalRanks, (std::vector<std::int64_t>{0, 1}));
        QVERIFY(!r0->group("1"));
        QVERIFY(r1->commGroups.empty()); // rank 1 has no profiler_metadata.json
        // kernel_details.csv only: the device comes from its Device_id column
        Loaded k = loadPaths({kData / "kernels_only"});
        QVERIFY2(k.trace, k.error.c_str());
        QVERIFY(k.trace->sources().at(0).ascend);
        QCOMPARE(k.trace->sources().at(0).ascend->device, 5);
        // MindSpore 2.x beside a legacy profiler/ folder: two sources, two frameworks
        Loaded m = loadPaths({kData / "ms_2x"});
        QVERIFY2(m.trace, m.error.c_str());
        QCOMPARE(m.trace->sources().size(), std::size_t(2));
        const model::AscendFacts *ms = m.trace->sources().at(0).ascend.get();
        const model::AscendFacts *legacy = m.trace->sources().at(1).ascend.get();
        QVERIFY(ms && legacy);
        QCOMPARE(int(ms->framework), int(Framework::MindSpore));
        QVERIFY(ms->isMindSpore());
        QCOMPARE(int(legacy->framework), int(Framework::MindSporeLegacy));
        QVERIFY(legacy->isMindSpore());
        QCOMPARE(QString::fromLatin1(model::exportKindName(legacy->exportKind)), QStringLiteral("legacy"));
        QCOMPARE(QString::fromStdString(legacy->rankFrom), QStringLiteral("file suffix"));
        QCOMPARE(legacy->device, -1);
    }

    void matrixTotalsKeepOnlyTheTotalEntries()
    {
        // communication_matrix.json: with "-total" entries in a block, the top-N entries are left
        // out; quoted numbers are read, a link without a size is skipped and said
        const auto read = ascend::readCommMatrix(
            R"j({"step1":{"p2p":{},"collective":{"allreduce-top1@123":{"0-1":{"Transport Type":"HCCS","Transit Size(MB)":9,"Transit Time(ms)":1}},)j"
            R"j("allreduce-total@123":{"0-1":{"Transport Type":"HCCS","Transit Size(MB)":2,"Transit Time(ms)":0.5},)j"
            R"j("0-0":{"Transport Type":"LOCAL","Transit Size(MB)":"1","Transit Time(ms)":0.01},)j"
            R"j("1-0":{"Transport Type":"HCCS","Transit Time(ms)":0.01}}}}})j");
        const auto &j = read.links;
        QCOMPARE(j.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(read.form), QStringLiteral("<op>-total"));
        QCOMPARE(read.problems.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(j[0].hash), QStringLiteral("123"));
        QCOMPARE(j[0].srcLocal, qint64(0));
        QCOMPARE(j[0].dstLocal, qint64(1));
        QCOMPARE(QString::fromStdString(j[0].transport), QStringLiteral("HCCS"));
        QCOMPARE(j[0].megabytes, 2.0);
        QCOMPARE(j[0].milliseconds, 0.5);
        QCOMPARE(j[1].dstLocal, qint64(0));
        QCOMPARE(j[1].megabytes, 1.0);
        QVERIFY(ascend::readCommMatrix("not json").unreadable);
        // analysis.db CommAnalyzerMatrix as a metadata table: the op name and group make the key
        const auto t = ascend::matrixTotalsFromTable(
            R"j({"columns":["hccl_op_name","group_name","src_rank","dst_rank","transport_type","transit_size","transit_time"],)j"
            R"j("rows":[["allgather-total","77",1.0,0,"RDMA",4.5,2],["allgather-top1","77",1,0,"RDMA",9,9]]})j");
        QCOMPARE(t.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(t[0].opKey), QStringLiteral("allgather-total@77"));
        QCOMPARE(t[0].srcLocal, qint64(1));
        QCOMPARE(t[0].megabytes, 4.5);
        // a missing column: no links rather than misread ones
        QVERIFY(ascend::matrixTotalsFromTable(R"j({"columns":["hccl_op_name","group_name"],"rows":[["a-total","1"]]})j").empty());
    }

    void aSingleTraceViewFileKeepsItsRank()
    {
        const fs::path tv = kData / "tiny_cluster/node_b/deep/worker1_222_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json";
        auto plan = planImport({tv});
        QVERIFY(plan.ok());
        QCOMPARE(QString::fromStdString(plan.value().at(0).importer), QStringLiteral("ascend"));
        Loaded l = loadPaths({tv});
        QVERIFY2(l.trace, l.error.c_str());
        QCOMPARE(l.trace->sources().at(0).rank, 1); // profiler_info_1.json of the rank folder
        // the step, its host op, the device task and the Computing lane derived from it (no lanes in the file)
        QCOMPARE(qulonglong(l.trace->sliceCount()), 4ull);
        QVERIFY(findTrack(*l.trace, "Rank 1 \u00b7 NPU 1 \u00b7 Ascend Hardware", "Stream 3"));
        QVERIFY(findTrack(*l.trace, "Rank 1 \u00b7 NPU 1 \u00b7 Overlap Analysis", "Computing"));
    }

    void goldenDumps_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("tiny_cluster") << "tiny_cluster";
        QTest::newRow("kernels_only") << "kernels_only";
        QTest::newRow("ms_2x (ascend_ms beside legacy files)") << "ms_2x";
    }
    void goldenDumps()
    {
        QFETCH(QString, name);
        const fs::path in = kData / name.toStdString();
        const fs::path expected = kData / (name.toStdString() + ".expected.txt");
        Loaded l = loadPaths({in});
        QVERIFY2(l.trace, l.error.c_str());
        QCOMPARE(QString::fromStdString(l.trace->checkInvariants()), QString());
        const std::string dump = model::dumpTrace(*l.trace);
        if (qEnvironmentVariableIsSet("ACCELSCOPE_UPDATE_GOLDEN")) {
            writeFile(expected, dump);
            QSKIP("golden file rewritten");
        }
        QCOMPARE(QString::fromStdString(dump), QString::fromStdString(readFile(expected)));
    }

    void chunkBoundariesDoNotChangeTheResult_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("tiny") << QString::fromStdString((kData / "tiny_cluster").string());
        QTest::newRow("level1 rank0")
            << QString::fromStdString((kShared / "ascend/pt_text_level1_8card_cnn/rank0_ascend_pt").string());
    }
    void chunkBoundariesDoNotChangeTheResult()
    {
        QFETCH(QString, path);
        const fs::path p = path.toStdString();
        if (!fs::exists(p))
            QSKIP("shared sample data not present");
        Loaded whole = loadDirect(p);
        Loaded tiny = loadDirect(p, 64, 3);
        QVERIFY(whole.trace && tiny.trace);
        QCOMPARE(model::dumpTrace(*tiny.trace) == model::dumpTrace(*whole.trace), true);
    }

    // Expected numbers: python3 tests/tools/ascend_expected.py <sample> (an independent reading
    // of the files; see the script's header for the rules).
    void realSamplesLoadWithTheRightCounts_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<qulonglong>("slices");
        QTest::addColumn<qulonglong>("samples");
        QTest::addColumn<qulonglong>("flows");
        QTest::newRow("level1 cluster") << "ascend/pt_text_level1_8card_cnn" << 2 << 5325ull << 12327ull << 611ull;
        QTest::newRow("level1 rank0") << "ascend/pt_text_level1_8card_cnn/rank0_ascend_pt" << 1 << 4568ull << 8379ull << 611ull;
        QTest::newRow("level1 rank1 (no trace_view)") << "ascend/pt_text_level1_8card_cnn/rank1_ascend_pt" << 1 << 757ull
                                                      << 3948ull << 0ull;
        QTest::newRow("qwen3 4 ranks") << "ascend/pt_text_level2_4rank_qwen3_cann83" << 4 << 15336ull << 6930ull << 0ull;
        QTest::newRow("db 2 ranks") << "ascend/pt_db_level2_2rank" << 2 << 10108ull << 14092ull << 916ull;
        QTest::newRow("db rank1") << "ascend/pt_db_level2_2rank/rank1_ascend_pt" << 1 << 5097ull << 7047ull << 458ull;
        QTest::newRow("ms1x alexnet (legacy)") << "mindspore/ms1x_profiler_dir_alexnet_1p" << 1 << 114ull << 0ull << 0ull;
        QTest::newRow("ms1x pipeline 4 ranks (legacy)") << "mindspore/ms1x_cluster_pipeline_parallel_4rank" << 4 << 4500ull
                                                        << 0ull << 0ull;
        QTest::newRow("qwen3 rank1 (comm only)") << "ascend/pt_text_level2_4rank_qwen3_cann83/rank_1_ascend_pt" << 1
                                                 << 59ull << 0ull << 0ull;
    }
    void realSamplesLoadWithTheRightCounts()
    {
        QFETCH(QString, dir);
        QFETCH(int, ranks);
        QFETCH(qulonglong, slices);
        QFETCH(qulonglong, samples);
        QFETCH(qulonglong, flows);
        const fs::path p = kShared / dir.toStdString();
        if (!fs::exists(p))
            QSKIP("shared sample data not present");
        Loaded l = loadPaths({p});
        QVERIFY2(l.trace, l.error.c_str());
        QCOMPARE(QString::fromStdString(l.format), QStringLiteral("ascend"));
        QCOMPARE(QString::fromStdString(l.trace->checkInvariants()), QString());
        QCOMPARE(int(l.trace->sources().size()), ranks);
        QCOMPARE(qulonglong(l.trace->sliceCount()), slices);
        QCOMPARE(qulonglong(l.trace->counterSampleCount()), samples);
        QCOMPARE(qulonglong(l.trace->flows().size()), flows);
        QCOMPARE(qulonglong(l.trace->instantCount()), 0ull);
    }

    void level1SampleFacts()
    {
        const fs::path p = kShared / "ascend/pt_text_level1_8card_cnn";
        if (!fs::exists(p))
            QSKIP("shared sample data not present");
        Loaded l = loadPaths({p});
        QVERIFY(l.trace);
        const model::Trace &t = *l.trace;
        // Engines: compute stream, HCCL stream, planes.
        const model::Track *s2 = findTrack(t, "Rank 0 \u00b7 NPU 0 \u00b7 Ascend Hardware", "Stream 2");
        const model::Track *s4 = findTrack(t, "Rank 0 \u00b7 NPU 0 \u00b7 Ascend Hardware", "Stream 4");
        const model::Track *plane = findTrack(t, "Rank 0 \u00b7 NPU 0 \u00b7 HCCL", "Plane 3");
        const model::Track *group = findTrack(t, "Rank 0 \u00b7 NPU 0 \u00b7 HCCL", "Group 0 Communication");
        QVERIFY(s2 && s4 && plane && group);
        QCOMPARE(s2->role, model::TrackRole::Engine);
        QCOMPARE(s2->engine, model::EngineKind::Compute);
        QCOMPARE(s4->engine, model::EngineKind::Communication);
        QCOMPARE(plane->role, model::TrackRole::Engine);
        QCOMPARE(plane->engine, model::EngineKind::Communication);
        QCOMPARE(group->slices.size(), std::size_t(4));
        // Exact ns from the string ts, and the kernel_details row joined as args.
        bool found = false;
        for (std::size_t i = 0; i < s2->slices.size(); ++i) {
            if (t.str(s2->slices.name[i]) != "Conv2D1")
                continue;
            found = true;
            QCOMPARE(s2->slices.start[i], qint64(1736408883704903918));
            QCOMPARE(s2->slices.dur[i], qint64(313886)); // 313.88628125 µs
            const std::string args(t.args().json(s2->slices.args[i]));
            QVERIFY2(args.find("\"Type\":\"Conv2D\"") != std::string::npos, args.c_str());
            // """32,1,224,224,8;121,4,16,8;64""" in the CSV: one layer of literal quotes removed.
            QVERIFY2(args.find("\"Input Shapes\":\"32,1,224,224,8;121,4,16,8;64\"") != std::string::npos, args.c_str());
            QVERIFY2(args.find("\"L2 Victim Rate\":0.066913") != std::string::npos, args.c_str());
        }
        QVERIFY(found);
        // Every kernel_details row and communication.json op found its slice.
        QCOMPARE(QString::fromStdString(metadata(t, 0, "ascend.joins")),
                 QStringLiteral("{\"trace_view_events\":10112,\"kernel_details_rows\":191,\"kernel_details_joined\":191,"
                                "\"communication_ops\":4,\"communication_joined\":4}"));
        // Flows by category. 34 HostToDevice pairs have their 'f' before the 's' (host/device clock
        // skew); Ascend links pair on (cat, id) whatever the order, so all 215 are kept.
        QCOMPARE(flowsWithCat(t, "async_npu"), std::size_t(210));
        QCOMPARE(flowsWithCat(t, "async_task_queue"), std::size_t(159));
        QCOMPARE(flowsWithCat(t, "fwdbwd"), std::size_t(27));
        QCOMPARE(flowsWithCat(t, "HostToDevice"), std::size_t(215));
        QCOMPARE(diagCount(t, model::DiagKind::FlowWithoutStart), 0ull);
        // One launch with two kernels: HostToDevice1404 has two finishes.
        std::map<std::uint64_t, int> perId;
        for (const auto &f : t.flows())
            if (t.str(f.cat) == "HostToDevice")
                ++perId[f.id];
        QCOMPARE(perId[1404], 2);
    }

    void stepBreakdownLanesEqualStepTraceTime_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<QString>("process");
        QTest::newRow("level1 rank0 (trace_view lanes)") << "ascend/pt_text_level1_8card_cnn/rank0_ascend_pt" << "Rank 0";
        QTest::newRow("level1 rank1 (derived lanes)") << "ascend/pt_text_level1_8card_cnn/rank1_ascend_pt" << "Rank 1";
        QTest::newRow("qwen3 rank0 (derived)") << "ascend/pt_text_level2_4rank_qwen3_cann83/rank_0_ascend_pt" << "Rank 0";
        QTest::newRow("qwen3 rank2 (derived)") << "ascend/pt_text_level2_4rank_qwen3_cann83/rank_2_ascend_pt" << "Rank 2";
        QTest::newRow("db rank0 (derived from TASK)") << "ascend/pt_db_level2_2rank/rank0_ascend_pt" << "Rank 0";
        QTest::newRow("db rank1 (derived from TASK)") << "ascend/pt_db_level2_2rank/rank1_ascend_pt" << "Rank 1";
        QTest::newRow("hand-made kernels only") << QString::fromStdString((kData / "kernels_only/rank_3_ascend_pt").string())
                                                << "Rank 3";
    }
    void stepBreakdownLanesEqualStepTraceTime()
    {
        // One profiled step per sample: the Overlap Analysis lanes sum to the step's breakdown.
        QFETCH(QString, dir);
        QFETCH(QString, process);
        const fs::path p = dir.startsWith('/') ? fs::path(dir.toStdString()) : kShared / dir.toStdString();
        if (!fs::exists(p))
            QSKIP("shared sample data not present");
        Loaded l = loadPaths({p});
        QVERIFY2(l.trace, l.error.c_str());
        const model::Trace &t = *l.trace;
        const std::string table = metadata(t, 0, "ascend.table.step_trace_time");
        QVERIFY(!table.empty());
        std::string overlap;
        for (model::ProcessId pid : t.processOrder())
            if (t.str(t.process(pid).name) == "Overlap Analysis")
                overlap = t.processDisplayName(pid);
        QVERIFY(overlap.rfind(process.toStdString(), 0) == 0);
        for (const char *lane : {"Computing", "Communication", "Communication(Not Overlapped)", "Free"}) {
            const double got = laneMicros(t, findTrack(t, overlap, lane));
            const double want = tableValue(table, lane);
            // kernel_details durations have 3 decimals where msprof summed 8: ≤ 0.05 µs apart.
            QVERIFY2(std::abs(got - want) < 0.05, (std::string(lane) + ": " + std::to_string(got) + " vs "
                                                   + std::to_string(want)).c_str());
        }
    }

    void deviceTasksByTypeAndCoreEqualOpStatistic_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::newRow("level1 rank0 (trace_view + kernel_details)") << "ascend/pt_text_level1_8card_cnn/rank0_ascend_pt";
        QTest::newRow("level1 rank1 (kernel_details)") << "ascend/pt_text_level1_8card_cnn/rank1_ascend_pt";
        QTest::newRow("qwen3 rank0 (kernel_details)") << "ascend/pt_text_level2_4rank_qwen3_cann83/rank_0_ascend_pt";
        QTest::newRow("qwen3 rank2 (kernel_details)") << "ascend/pt_text_level2_4rank_qwen3_cann83/rank_2_ascend_pt";
    }
    void deviceTasksByTypeAndCoreEqualOpStatistic()
    {
        // op_statistic.csv aggregates kernel_details by (OP Type, Core Type): the device tasks of
        // the timeline carry both as args, so an analysis can recompute the table exactly.
        QFETCH(QString, dir);
        const fs::path p = kShared / dir.toStdString();
        if (!fs::exists(p))
            QSKIP("shared sample data not present");
        Loaded l = loadPaths({p});
        QVERIFY(l.trace);
        const model::Trace &t = *l.trace;
        std::map<std::pair<std::string, std::string>, std::pair<std::int64_t, model::TimeNs>> agg;
        for (const model::Track &trk : t.tracks()) {
            if (t.str(t.process(trk.process).name) != "Ascend Hardware")
                continue;
            for (std::size_t i = 0; i < trk.slices.size(); ++i) {
                const std::string_view args = t.args().json(trk.slices.args[i]);
                auto type = model::findArg(args, "Type"), core = model::findArg(args, "Accelerator Core");
                if (!type || !core)
                    continue;
                auto &a = agg[{*type, *core}];
                ++a.first;
                a.second += trk.slices.dur[i];
            }
        }
        auto tree = model::parseArgs(metadata(t, 0, "ascend.table.op_statistic"));
        QVERIFY(tree);
        const auto &cols = tree->child("columns")->children;
        auto col = [&](std::string_view n) {
            for (std::size_t i = 0; i < cols.size(); ++i)
                if (cols[i].value == n)
                    return i;
            return cols.size();
        };
        const std::size_t cType = col("OP Type"), cCore = col("Core Type"), cCount = col("Count"), cTotal = col("Total Time(us)");
        std::size_t rows = 0;
        for (const auto &r : tree->child("rows")->children) {
            ++rows;
            const auto key = std::make_pair(r.children.at(cType).value, r.children.at(cCore).value);
            QVERIFY2(agg.count(key), key.first.c_str());
            const auto [count, total] = agg[key];
            QCOMPARE(count, std::stoll(r.children.at(cCount).value));
            // trace_view durations have 8 decimals where kernel_details rounded to 3: ≤ 1 ns per task
            const double want = std::stod(r.children.at(cTotal).value) * 1000.0;
            QVERIFY2(std::abs(double(total) - want) <= double(count) + 1.0,
                     (key.first + ": " + std::to_string(total) + " vs " + std::to_string(want)).c_str());
        }
        QVERIFY(rows > 30);
    }

    void ranksKeepTheirDevices()
    {
        const fs::path p = kShared / "ascend/pt_text_level2_4rank_qwen3_cann83";
        if (!fs::exists(p))
            QSKIP("shared sample data not present");
        Loaded l = loadPaths({p});
        QVERIFY(l.trace);
        std::set<std::string> names;
        for (model::ProcessId pid : l.trace->processOrder())
            names.insert(l.trace->processDisplayName(pid));
        for (const char *n : {"Rank 0 \u00b7 NPU 0 \u00b7 Ascend Hardware", "Rank 1 \u00b7 NPU 1 \u00b7 HCCL",
                              "Rank 2 \u00b7 NPU 4 \u00b7 Ascend Hardware", "Rank 3 \u00b7 NPU 5 \u00b7 HCCL"})
            QVERIFY2(names.count(n), n);
        // Communicator-local ranks map to global ranks: the pp group of rank 0 is {0, 2}.
        const model::Track *hccl = findTrack(*l.trace, "Rank 0 \u00b7 NPU 0 \u00b7 HCCL", "Communication");
        QVERIFY(hccl);
        bool sawGroup = false;
        for (std::size_t i = 0; i < hccl->slices.size(); ++i) {
            const std::string args(l.trace->args().json(hccl->slices.args[i]));
            if (args.find("\"Group Name\":\"pp\"") != std::string::npos) {
                sawGroup = true;
                QVERIFY2(args.find("\"Global Ranks\":[0,2]") != std::string::npos, args.c_str());
            }
        }
        QVERIFY(sawGroup);
    }

    void dbAndTextExportsHaveTheSameShape()
    {
        // The db sample and the text sample are two collections of the same 8-card CNN job
        // (Level2 db, Level1 text): the same processes, tracks and per-track slice counts where
        // the level does not change what is recorded.
        const fs::path text = kShared / "ascend/pt_text_level1_8card_cnn/rank0_ascend_pt";
        const fs::path db = kShared / "ascend/pt_db_level2_2rank/rank0_ascend_pt";
        if (!fs::exists(text) || !fs::exists(db))
            QSKIP("shared sample data not present");
        Loaded t = loadPaths({text}), d = loadPaths({db});
        QVERIFY(t.trace && d.trace);
        auto shape = [](const model::Trace &tr) {
            std::map<std::string, std::pair<std::set<std::string>, std::size_t>> out;
            for (model::ProcessId pid : tr.processOrder()) {
                std::string name(tr.str(tr.process(pid).name));
                auto &e = out[name];
                for (model::TrackId id : tr.process(pid).tracks) {
                    const model::Track &trk = tr.track(id);
                    e.first.insert(tr.trackDisplayName(id) + " [" + std::string(model::trackRoleName(trk.role)) + " "
                                   + std::string(model::engineKindName(trk.engine)) + "]");
                    e.second += trk.slices.size();
                }
            }
            return out;
        };
        auto st = shape(*t.trace), sd = shape(*d.trace);
        QCOMPARE(QString::fromStdString(metadata(*d.trace, 0, "ascend.export")), QStringLiteral("\"db\""));
        // Same slice counts: Python ops, HCCL ops and plane tasks, the overlap lanes, operator memory.
        for (const char *p : {"Python", "HCCL", "Overlap Analysis", "Memory"})
            QCOMPARE(sd[p].second, st[p].second);
        // Same tracks (names, roles, engines) for the device and counter processes.
        for (const char *p : {"HCCL", "Overlap Analysis", "AI Core Freq", "HBM", "LLC", "Acc PMU", "Stars Soc Info",
                              "Ascend Hardware"}) {
            QVERIFY2(sd[p].first == st[p].first, p);
        }
        // The db's ENUM_MODULE spells one module "AMP" where the text writer said "AML".
        QCOMPARE(sd["NPU Module Memory"].first.size(), st["NPU Module Memory"].first.size());
        // Memory: the components differ a little between the runs (no APP rows in the db, GE with
        // an Active column); the operator-memory track and the PTA series are in both.
        for (const char *track : {"Operator Memory [async ]", "PTA Allocated (MB) [counter ]", "PTA+GE Reserved (MB) [counter ]"}) {
            QVERIFY2(st["Memory"].first.count(track), track);
            QVERIFY2(sd["Memory"].first.count(track), track);
        }
        // Python threads, and the arg keys of a compute task (kernel_details columns on both).
        QCOMPARE(sd["Python"].first.size(), st["Python"].first.size());
        auto keysOfFirstCompute = [](const model::Trace &tr) {
            std::set<std::string> keys;
            for (const model::Track &trk : tr.tracks()) {
                if (trk.engine != model::EngineKind::Compute || trk.role != model::TrackRole::Engine)
                    continue;
                for (std::size_t i = 0; i < trk.slices.size() && keys.empty(); ++i) {
                    auto tree = model::parseArgs(tr.args().json(trk.slices.args[i]));
                    if (tree && tree->child("Accelerator Core"))
                        for (const auto &c : tree->children)
                            keys.insert(c.key);
                }
            }
            return keys;
        };
        const auto kt = keysOfFirstCompute(*t.trace), kd = keysOfFirstCompute(*d.trace);
        for (const char *k : {"Task Type", "Physic Stream Id", "Task Id", "connection_id", "Type", "Accelerator Core",
                              "Block Dim", "Input Shapes", "Input Data Types", "Output Shapes", "aic_mac_ratio"}) {
            QVERIFY2(kt.count(k), k);
            QVERIFY2(kd.count(k), k);
        }
        // HCCL ops: communication.json (text) and analysis.db CommAnalyzer* (db) give the same keys;
        // the group hash is the same double hash of the HCCL group name.
        auto hcclKeys = [](const model::Trace &tr) {
            std::set<std::string> keys;
            const model::Track *g = findTrack(tr, "Rank 0 \u00b7 NPU 0 \u00b7 HCCL", "Group 0 Communication");
            if (g && g->slices.size())
                if (auto tree = model::parseArgs(tr.args().json(g->slices.args[0])))
                    for (const auto &c : tree->children)
                        keys.insert(c.key);
            return keys;
        };
        const auto ht = hcclKeys(*t.trace), hd = hcclKeys(*d.trace);
        for (const char *k : {"connection_id", "data_type", "alg_type", "count", "Communication Step", "Communication Type",
                              "Group Hash", "Communication Time Info", "Communication Bandwidth Info"}) {
            QVERIFY2(ht.count(k), k);
            QVERIFY2(hd.count(k), k);
        }
    }

    void theDbIsPreferredWhenBothExportsExist()
    {
        const fs::path db = kShared / "ascend/pt_db_level2_2rank/rank0_ascend_pt";
        if (!fs::exists(db))
            QSKIP("shared sample data not present");
        QTemporaryDir dir;
        const fs::path r = fs::path(dir.path().toStdString()) / "both_ascend_pt";
        fs::copy(db, r, fs::copy_options::recursive);
        fs::copy(kData / "tiny_cluster/node_a/worker0_111_ascend_pt/ASCEND_PROFILER_OUTPUT", r / "ASCEND_PROFILER_OUTPUT",
                 fs::copy_options::recursive | fs::copy_options::skip_existing);
        Loaded l = loadPaths({r});
        QVERIFY2(l.trace, l.error.c_str());
        QCOMPARE(QString::fromStdString(metadata(*l.trace, 0, "ascend.export")),
                 QStringLiteral("\"db (text export also present, not read)\""));
        QVERIFY(l.trace->sources().at(0).ascend);
        QCOMPARE(QString::fromLatin1(model::exportKindName(l.trace->sources().at(0).ascend->exportKind)), QStringLiteral("db"));
        QCOMPARE(qulonglong(l.trace->sliceCount()), 5011ull);
        ascend::AscendImporter text;
        text.prefer = ascend::AscendImporter::Export::Text;
        model::TraceBuilder b;
        ImportContext ctx;
        QVERIFY(text.import(Source::fromPath(r), b, ctx).ok());
        auto tt = b.build();
        QCOMPARE(QString::fromStdString(metadata(*tt, 0, "ascend.export")), QStringLiteral("\"text\""));
        QCOMPARE(QString::fromLatin1(model::exportKindName(tt->sources().at(0).ascend->exportKind)), QStringLiteral("text"));
        QCOMPARE(qulonglong(tt->sliceCount()), 24ull);
    }

    void dbSchemasAreDiscoveredNotAssumed()
    {
        // Given a db that went through another version (or MindStudio Insight): extra columns and
        // tables, renamed columns (blockDim -> blockNum), optional tables missing
        const fs::path src = kShared / "ascend/pt_db_level2_2rank/rank0_ascend_pt";
        if (!fs::exists(src))
            QSKIP("shared sample data not present");
        QTemporaryDir dir;
        const fs::path r = fs::path(dir.path().toStdString()) / "v_ascend_pt";
        fs::copy(src, r, fs::copy_options::recursive);
        const fs::path dbPath = r / "ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db";
        fs::permissions(dbPath, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::add);
        {
            QSqlDatabase w = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("tst-writer"));
            w.setDatabaseName(QString::fromStdString(dbPath.string()));
            QVERIFY(w.open());
            QSqlQuery q(w);
            for (const char *sql : {"ALTER TABLE TASK ADD COLUMN depth INTEGER", "ALTER TABLE COMPUTE_TASK_INFO ADD COLUMN waitNs INTEGER",
                                    "CREATE TABLE OVERLAP_ANALYSIS(id INTEGER, deviceId INTEGER, startNs INTEGER, endNs INTEGER, type INTEGER)",
                                    "ALTER TABLE COMPUTE_TASK_INFO RENAME COLUMN blockDim TO blockNum",
                                    "DROP TABLE TASK_PMU_INFO", "DROP TABLE ACC_PMU", "DROP TABLE PYTORCH_CALLCHAINS"})
                QVERIFY2(q.exec(QString::fromLatin1(sql)), sql);
            w.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("tst-writer"));
        Loaded l = loadPaths({r});
        QVERIFY2(l.trace, l.error.c_str());
        QCOMPARE(QString::fromStdString(l.trace->checkInvariants()), QString());
        QCOMPARE(qulonglong(l.trace->sliceCount()), 5011ull);
        QCOMPARE(qulonglong(l.trace->counterSampleCount()), 7045ull - 4 * 688ull); // ACC_PMU dropped
        bool blockNum = false;
        for (const model::Track &trk : l.trace->tracks())
            for (std::size_t i = 0; i < trk.slices.size() && !blockNum; ++i)
                blockNum = l.trace->args().json(trk.slices.args[i]).find("\"Block Num\"") != std::string_view::npos;
        QVERIFY(blockNum);
    }

    void dbCommunicatorRanksMapToGlobalRanks()
    {
        // Given parallel_group_info naming the sample's HCCL group with global ranks 10..17
        const fs::path src = kShared / "ascend/pt_db_level2_2rank/rank0_ascend_pt";
        if (!fs::exists(src))
            QSKIP("shared sample data not present");
        QTemporaryDir dir;
        const fs::path r = fs::path(dir.path().toStdString()) / "g_ascend_pt";
        fs::copy(src, r, fs::copy_options::recursive);
        writeFile(r / "profiler_metadata.json",
                  "{\"parallel_group_info\": {\"90.91.105.46%enp189s0f0_60000_0_1736414082311975\": "
                  "{\"group_name\": \"dp\", \"group_rank\": 0, \"global_ranks\": [10, 11, 12, 13, 14, 15, 16, 17]}}}");
        Loaded l = loadPaths({r});
        QVERIFY2(l.trace, l.error.c_str());
        const model::Trace &t = *l.trace;
        // Then HCCL ops name the group and its global ranks, and plane tasks their global peers
        const model::Track *g = findTrack(t, "Rank 0 \u00b7 NPU 0 \u00b7 HCCL", "Group 0 Communication");
        QVERIFY(g && g->slices.size() == 4);
        const std::string op(t.args().json(g->slices.args[0]));
        QVERIFY2(op.find("\"Group Name\":\"dp\",\"Global Ranks\":[10,11,12,13,14,15,16,17]") != std::string::npos, op.c_str());
        QVERIFY2(op.find("\"Group Hash\":\"11978775601474615865\"") != std::string::npos, op.c_str());
        std::size_t mapped = 0;
        for (const model::Track &trk : t.tracks()) {
            if (trk.role != model::TrackRole::Engine || trk.engine != model::EngineKind::Communication)
                continue;
            for (std::size_t i = 0; i < trk.slices.size(); ++i) {
                auto a = model::parseArgs(t.args().json(trk.slices.args[i]));
                if (!a || !a->child("src global rank"))
                    continue;
                ++mapped;
                QCOMPARE(std::stoi(a->child("src global rank")->value), 10 + std::stoi(a->child("src rank")->value));
            }
        }
        QVERIFY(mapped > 0);
    }

    void brokenDbsAreErrorsOrDiagnostics()
    {
        const fs::path src = kShared / "ascend/pt_db_level2_2rank/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db";
        if (!fs::exists(src))
            QSKIP("shared sample data not present");
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        // Not a database at all: an error naming the file.
        writeFile(root / "a_ascend_pt/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db", std::string(4096, 'x'));
        Loaded a = loadPaths({root / "a_ascend_pt"});
        QVERIFY(!a.trace);
        QVERIFY2(a.error.find("ascend_pytorch_profiler_0.db") != std::string::npos, a.error.c_str());
        // Truncated: whatever SQLite can still read loads, the rest is reported; never a crash.
        const std::string bytes = readFile(src);
        for (double f : {0.1, 0.5, 0.9}) {
            const fs::path r = root / ("t" + std::to_string(int(f * 10)) + "_ascend_pt");
            writeFile(r / "ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db", bytes.substr(0, std::size_t(double(bytes.size()) * f)));
            Loaded t = loadPaths({r});
            if (t.trace) {
                QCOMPARE(QString::fromStdString(t.trace->checkInvariants()), QString());
                QVERIFY(diagCount(*t.trace, model::DiagKind::MalformedEvent) >= 1);
            } else {
                QVERIFY(!t.error.empty());
            }
        }
    }

    void legacyMindSporeTimelineIsAlignedWithItsSteps()
    {
        // The 1.x timeline is relative µs; aicpu_intermediate.csv's run_start of InitData (ts 0)
        // puts it on the syscnt clock of step_trace_raw (10 ns ticks).
        const fs::path p = kShared / "mindspore/ms1x_profiler_dir_alexnet_1p";
        if (!fs::exists(p))
            QSKIP("shared sample data not present");
        Loaded l = loadPaths({p});
        QVERIFY2(l.trace, l.error.c_str());
        const model::Trace &t = *l.trace;
        QCOMPARE(t.sources().at(0).rank, 1);
        QCOMPARE(t.sources().at(0).timeOffsetNs, qint64(154901853050000));
        const model::Track *aicpu = findTrack(t, "Rank 1 \u00b7 NPU 1 \u00b7 AI CPU", "AI CPU");
        const model::Track *steps = findTrack(t, "Rank 1 \u00b7 NPU 1 \u00b7 Step Trace", "Steps");
        const model::Track *stream = findTrack(t, "Rank 1 \u00b7 NPU 1 \u00b7 Ascend Hardware", "Stream 519");
        QVERIFY(aicpu && steps && stream);
        QCOMPARE(stream->role, model::TrackRole::Engine);
        QCOMPARE(stream->engine, model::EngineKind::Compute);
        QCOMPARE(aicpu->slices.start[0], qint64(154901853050000));        // InitData
        QCOMPARE(steps->slices.size(), std::size_t(1));                    // the "0" and "-" rows are not steps
        QCOMPARE(steps->slices.start[0], qint64(15490789606875) * 10);    // start_point
        QCOMPARE(steps->slices.dur[0], qint64(2370905) * 10);             // total
        // Side files are tables and values of the rank.
        QVERIFY(!metadata(t, 0, "ascend.table.framework_raw").empty());
        QVERIFY(!metadata(t, 0, "ascend.table.aicore_intermediate_type").empty());
        QCOMPARE(QString::fromStdString(metadata(t, 0, "ascend.step_trace_point_info")),
                 QStringLiteral("{\"fp_start\":\"Default/EndOfSequence-op131\",\"bp_end\":\"Default/AssignAdd-op138\"}"));
    }

    void legacyClusterRanksComeFromFileSuffixes()
    {
        const fs::path p = kShared / "mindspore/ms1x_cluster_pipeline_parallel_4rank";
        if (!fs::exists(p))
            QSKIP("shared sample data not present");
        Loaded l = loadPaths({p});
        QVERIFY(l.trace);
        for (int r = 0; r < 4; ++r) {
            QCOMPARE(l.trace->sources().at(std::size_t(r)).rank, r);
            QVERIFY(!metadata(*l.trace, std::size_t(r), "ascend.table.hccl_raw").empty());
            QVERIFY(!metadata(*l.trace, std::size_t(r), "ascend.table.ascend_cluster_analyse").empty());
        }
        // Rank 2 recorded 5 steps (plus the "-" average row); communication ops per stream as engines.
        const model::Track *steps = findTrack(*l.trace, "Rank 2 \u00b7 NPU 2 \u00b7 Step Trace", "Steps");
        QVERIFY(steps);
        QCOMPARE(steps->slices.size(), std::size_t(5));
        QVERIFY(findTrack(*l.trace, "Rank 2 \u00b7 NPU 2 \u00b7 Step Trace", "Stream 11 communication"));
        QCOMPARE(diagCount(*l.trace, model::DiagKind::RankFromFileName), 4ull);
    }

    void truncatedTraceViewLoadsWhatItHolds_data()
    {
        QTest::addColumn<double>("fraction");
        for (double f : {0.1, 0.37, 0.5, 0.83, 0.999})
            QTest::newRow(std::to_string(f).c_str()) << f;
    }
    void truncatedTraceViewLoadsWhatItHolds()
    {
        QFETCH(double, fraction);
        QTemporaryDir dir;
        const fs::path src = kData / "tiny_cluster/node_a/worker0_111_ascend_pt";
        const fs::path dst = fs::path(dir.path().toStdString()) / "r_ascend_pt";
        fs::copy(src, dst, fs::copy_options::recursive);
        const std::string tv = readFile(src / "ASCEND_PROFILER_OUTPUT/trace_view.json");
        writeFile(dst / "ASCEND_PROFILER_OUTPUT/trace_view.json", tv.substr(0, std::size_t(double(tv.size()) * fraction)));
        Loaded l = loadPaths({dst});
        QVERIFY2(l.trace, l.error.c_str());
        QCOMPARE(QString::fromStdString(l.trace->checkInvariants()), QString());
        QVERIFY(diagCount(*l.trace, model::DiagKind::TruncatedInput) >= 1);
    }

    void damagedFilesGiveDiagnosticsNotCrashes()
    {
        QTemporaryDir dir;
        const fs::path src = kData / "tiny_cluster/node_a/worker0_111_ascend_pt";
        const fs::path dst = fs::path(dir.path().toStdString()) / "r_ascend_pt";
        fs::copy(src, dst, fs::copy_options::recursive);
        const fs::path out = dst / "ASCEND_PROFILER_OUTPUT";
        // A bad event inside the array, an unterminated quote in a CSV, broken JSON side files.
        std::string tv = readFile(out / "trace_view.json");
        tv.replace(tv.find("{\"ph\": \"X\", \"name\": \"Enqueue\""), 5, "{\"ph\" \"X\"");
        writeFile(out / "trace_view.json", tv);
        writeFile(out / "kernel_details.csv", readFile(out / "kernel_details.csv") + "1,2,3,\"open");
        writeFile(out / "communication.json", "{\"step1\": {\"collective\": {\"x@1\": {");
        writeFile(out / "memory_record.csv", "Component,Timestamp(us)\nAPP,not a time\n");
        Loaded l = loadPaths({dst});
        QVERIFY2(l.trace, l.error.c_str());
        QCOMPARE(QString::fromStdString(l.trace->checkInvariants()), QString());
        QCOMPARE(diagCount(*l.trace, model::DiagKind::MalformedEvent), 3ull); // event, comm json, memory row
        QCOMPARE(diagCount(*l.trace, model::DiagKind::TruncatedInput), 1ull);  // the CSV's open quote
        QVERIFY(l.trace->sliceCount() > 10);
    }

    void invalidUtf8InTraceViewIsRepairedNotDropped()
    {
        // Given a rank whose trace_view.json has a byte that is not UTF-8 inside an event name
        QTemporaryDir dir;
        const fs::path src = kData / "tiny_cluster/node_a/worker0_111_ascend_pt";
        Loaded clean = loadDirect(src);
        QVERIFY2(clean.trace, clean.error.c_str());
        const fs::path dst = fs::path(dir.path().toStdString()) / "u_ascend_pt";
        fs::copy(src, dst, fs::copy_options::recursive);
        const fs::path tvPath = dst / "ASCEND_PROFILER_OUTPUT/trace_view.json";
        std::string tv = readFile(tvPath);
        const std::size_t at = tv.find("\"name\": \"Enqueue\"");
        QVERIFY(at != std::string::npos);
        tv.replace(at, 17, "\"name\": \"Enq\xC3ueue\"");
        writeFile(tvPath, tv);
        for (const auto &[chunk, threads] : {std::pair<std::size_t, unsigned>{1u << 20, 0}, {256, 2}}) {
            // When it is imported (whole, and in small chunks on two threads)
            Loaded l = loadDirect(dst, chunk, threads);
            QVERIFY2(l.trace, l.error.c_str());
            // Then the event is kept with U+FFFD for the bad byte, and the repair is reported once
            QCOMPARE(l.trace->sliceCount(), clean.trace->sliceCount());
            QCOMPARE(diagCount(*l.trace, model::DiagKind::InvalidUtf8), 1ull);
            QCOMPARE(diagCount(*l.trace, model::DiagKind::MalformedEvent), 0ull);
            std::size_t repaired = 0, original = 0;
            for (const auto &track : l.trace->tracks())
                for (std::size_t i = 0; i < track.slices.size(); ++i) {
                    repaired += l.trace->str(track.slices.name[i]) == "Enq\xEF\xBF\xBDueue";
                    original += l.trace->str(track.slices.name[i]) == "Enqueue";
                }
            QCOMPARE(repaired, std::size_t(1));
            QCOMPARE(original, std::size_t(0));
        }
    }

    void randomMutationsNeverCrash()
    {
        // Given the tiny rank with bytes of trace_view.json and kernel_details.csv overwritten
        QTemporaryDir dir;
        const fs::path src = kData / "tiny_cluster/node_a/worker0_111_ascend_pt";
        const std::string tv = readFile(src / "ASCEND_PROFILER_OUTPUT/trace_view.json");
        const std::string kd = readFile(src / "ASCEND_PROFILER_OUTPUT/kernel_details.csv");
        std::mt19937 rng(1234);
        const char junk[] = {'"', ',', '{', '}', '[', ']', ':', '\\', '\n', '\t', '0', 'x', '\0', '\xff'};
        for (int round = 0; round < 40; ++round) {
            const fs::path dst = fs::path(dir.path().toStdString()) / ("m" + std::to_string(round) + "_ascend_pt");
            fs::copy(src, dst, fs::copy_options::recursive);
            std::string a = tv, b = kd;
            for (int k = 0; k < 1 + round % 5; ++k) {
                a[rng() % a.size()] = junk[rng() % sizeof junk];
                b[rng() % b.size()] = junk[rng() % sizeof junk];
            }
            writeFile(dst / "ASCEND_PROFILER_OUTPUT/trace_view.json", a);
            writeFile(dst / "ASCEND_PROFILER_OUTPUT/kernel_details.csv", b);
            // Then it loads (or fails with an error naming the file), and the model is sound
            Loaded l = loadDirect(dst, 256, 2);
            if (l.trace)
                QCOMPARE(QString::fromStdString(l.trace->checkInvariants()), QString());
            else
                QVERIFY(!l.error.empty());
        }
    }

    void aBrokenRankDoesNotHideTheOthers()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        fs::copy(kData / "tiny_cluster", root / "c", fs::copy_options::recursive);
        writeFile(root / "c/node_b/deep/worker1_222_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json", "not json at all");
        Loaded l = loadPaths({root / "c"});
        QVERIFY2(l.trace, l.error.c_str());
        QVERIFY(l.trace->sliceCount() > 10);
        QCOMPARE(diagCount(*l.trace, model::DiagKind::MalformedEvent), 1ull);
        // Alone, the broken rank is an error naming the file.
        Loaded alone = loadPaths({root / "c/node_b/deep/worker1_222_ascend_pt"});
        QVERIFY(!alone.trace);
        QVERIFY2(alone.error.find("trace_view.json") != std::string::npos, alone.error.c_str());
    }

    void anEmptyOutputFolderIsAnError()
    {
        QTemporaryDir dir;
        const fs::path r = fs::path(dir.path().toStdString()) / "x_ascend_pt";
        fs::create_directories(r / "ASCEND_PROFILER_OUTPUT");
        writeFile(r / "profiler_info_0.json", "{\"rank_id\": 0}");
        Loaded l = loadPaths({r});
        QVERIFY(!l.trace);
        QVERIFY2(l.error.find("ASCEND_PROFILER_OUTPUT") != std::string::npos, l.error.c_str());
    }

    void cancellationStopsTheImport()
    {
        ascend::AscendImporter imp;
        model::TraceBuilder b;
        ImportContext ctx;
        std::stop_source stop;
        stop.request_stop();
        ctx.stop = stop.get_token();
        auto st = imp.import(Source::fromPath(kData / "tiny_cluster"), b, ctx);
        QVERIFY(st.canceled());
    }
};

QTEST_GUILESS_MAIN(TstAscendImporter)
#include "tst_ascendimporter.moc"
