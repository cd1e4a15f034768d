// Collectives across ranks and the cluster reduce: the straggler is the rank that arrives last
// whatever the ranks' clocks, instances are matched by sequence or order, and the reduce merges
// any number of summaries, naming the ones it cannot read.
#include "model/analysis/analyses.h"
#include "model/analysis/cluster/collectives.h"
#include "model/sql/clusterreduce.h"
#include "model/sql/summary.h"
#include "model/tracebuilder.h"

#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <fstream>

using namespace accelscope::model;
using namespace accelscope::model::analysis;
using namespace accelscope::model::sql;

namespace {

// A collectives table: `ranks` ranks, `count` allreduces of group "0"; rank r's clock is
// r * 1000 s ahead; every instance ends at the same true time; rank `late` arrives `lateNs` after
// the others, who arrive together.
Table collectivesRows(int ranks, int count, int late, std::int64_t lateNs)
{
    Table t("collectives", "Collectives");
    Column &rank = t.addInt("rank", "");
    Column &group = t.addText("process_group", "");
    Column &size = t.addInt("group_size", "");
    Column &seq = t.addInt("seq", "");
    Column &op = t.addText("op", "");
    Column &bytes = t.addInt("bytes", "");
    Column &start = t.addInt("start_ns", "");
    Column &end = t.addInt("end_ns", "");
    for (int i = 0; i < count; ++i) {
        const std::int64_t trueEnd = 10'000'000LL * (i + 1);
        for (int r = 0; r < ranks; ++r) {
            const std::int64_t clock = static_cast<std::int64_t>(r) * 1'000'000'000'000LL;
            const std::int64_t arrive = trueEnd - 8'000'000 + (r == late ? lateNs : 0);
            rank.push(static_cast<std::int64_t>(r));
            group.push(std::string("0"));
            size.push(static_cast<std::int64_t>(ranks));
            seq.push(static_cast<std::int64_t>(i));
            op.push(std::string("allreduce"));
            bytes.push(static_cast<std::int64_t>(1024));
            start.push(arrive + clock);
            end.push(trueEnd + clock + (r % 2)); // ends agree within a nanosecond
        }
    }
    return t;
}

// A rank's trace: one device stream with NCCL kernels carrying Kineto's args, and a compute kernel.
TracePtr rankTrace(int rank, std::int64_t clockNs, std::int64_t lateNs, bool withSeq)
{
    TraceBuilder builder;
    builder.addSource(SourceInfo{"rank" + std::to_string(rank) + ".json", "test", rank, "us", 0, {}});
    BuilderShard shard{0};
    const LocalProcess p = shard.process(EntityKey::number(0));
    shard.setProcessKind(p, ProcessKind::Device, 0);
    const LocalTrack stream = shard.thread(p, EntityKey::number(7));
    shard.setTrackRole(stream, TrackRole::DeviceStream);
    const StringId kernel = shard.intern("ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevComm*, unsigned long, ncclWork*)");
    const StringId gemm = shard.intern("sm90_gemm");
    const StringId cat = shard.intern("kernel");
    for (int i = 0; i < 5; ++i) {
        const std::int64_t end = clockNs + 10'000'000LL * (i + 1);
        const std::int64_t start = end - 6'000'000 + lateNs;
        std::string args = "{\"stream\": 7, \"Collective name\": \"allreduce\", \"In msg nelems\": 1000, \"dtype\": \"bf16\", "
                           "\"Group size\": 2, \"Process Group Name\": \"5\", \"Process Group Ranks\": \"[0, 1]\"";
        if (withSeq)
            args += ", \"Seq\": " + std::to_string(100 + i);
        args += "}";
        shard.addSlice(stream, start - 3'000'000, 1'000'000, gemm, cat, shard.addArgs("{\"stream\": 7}"));
        shard.addSlice(stream, start, end - start, kernel, cat, shard.addArgs(args));
    }
    builder.merge(std::move(shard));
    return builder.build();
}

std::string scalar(const std::string &path, const std::string &sql)
{
    sqlite3 *db = nullptr;
    sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    sqlite3_stmt *s = nullptr;
    std::string out = "error";
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW)
        out = sqlite3_column_text(s, 0) ? reinterpret_cast<const char *>(sqlite3_column_text(s, 0)) : "NULL";
    else
        out += std::string(": ") + sqlite3_errmsg(db);
    sqlite3_finalize(s);
    sqlite3_close(db);
    return out;
}

} // namespace

class TstCluster : public QObject {
    Q_OBJECT
private slots:
    void theLateRankIsTheStragglerWhateverTheClocks()
    {
        // Given 4 ranks whose clocks are 1000 s apart and rank 2 arriving 5 ms late at each of 3 allreduces
        const Table c = collectivesRows(4, 3, 2, 5'000'000);
        // When the skew is computed
        const Table skew = collectiveSkew(c);
        const Table wait = collectiveWait(c);
        // Then every instance names rank 2, with a 5 ms skew and 3 × 5 ms of the others' wait
        QCOMPARE(skew.rowCount(), std::size_t(3));
        for (std::size_t i = 0; i < 3; ++i) {
            QCOMPARE(skew.column("straggler_rank")->ints[i], std::int64_t(2));
            QVERIFY(std::abs(skew.column("skew_ns")->ints[i] - 5'000'000) <= 1);
            QVERIFY(std::abs(skew.column("total_wait_ns")->ints[i] - 15'000'000) <= 3);
            QCOMPARE(skew.column("ranks")->ints[i], std::int64_t(4));
        }
        // And per rank: rank 2 caused 45 ms of waiting and is flagged; the clocks were recovered
        QCOMPARE(wait.rowCount(), std::size_t(4));
        for (std::size_t r = 0; r < 4; ++r) {
            QCOMPARE(wait.column("straggler")->ints[r], std::int64_t(r == 2 ? 1 : 0));
            QCOMPARE(wait.column("arrived_last")->ints[r], std::int64_t(r == 2 ? 3 : 0));
            QVERIFY(std::abs(wait.column("clock_offset_ns")->ints[r] - static_cast<std::int64_t>(r) * 1'000'000'000'000LL) <= 1);
            QVERIFY(std::abs(wait.column("wait_ns")->ints[r] - (r == 2 ? 0 : 15'000'000)) <= 3);
        }
        QVERIFY(std::abs(wait.column("caused_wait_ns")->ints[2] - 45'000'000) <= 9);
        QVERIFY(wait.notes.front().find("rank 2") != std::string::npos);
    }

    void aMissingRankIsCountedAndOneRankAloneWaitsForNobody()
    {
        Table c = collectivesRows(4, 2, 1, 3'000'000);
        // drop rank 3 of the second instance (the last row)
        Table kept("collectives", "");
        for (const Column &col : c.columns) {
            Column &n = col.type == ColumnType::Int ? kept.addInt(col.id, "") : kept.addText(col.id, "");
            for (std::size_t r = 0; r < 7; ++r) {
                if (col.type == ColumnType::Int)
                    n.push(col.ints[r]);
                else
                    n.push(col.texts[r]);
            }
        }
        const Table skew = collectiveSkew(kept);
        QCOMPARE(skew.rowCount(), std::size_t(2));
        QVERIFY(!skew.notes.empty());
        QVERIFY(skew.notes.front().find("1 instances have fewer ranks") != std::string::npos);
        const Table alone = collectiveWait(collectivesRows(1, 3, 0, 0));
        QCOMPARE(alone.column("straggler")->ints[0], std::int64_t(0));
        QCOMPARE(alone.column("wait_ns")->ints[0], std::int64_t(0));
    }

    void collectivesComeFromKinetoArgs()
    {
        // Rank 1 arrives 4 ms late; its clock is 7 s ahead; the trace has no Seq
        const TracePtr t1 = rankTrace(1, 7'000'000'000LL, 4'000'000, false);
        const AnalysisContext ctx(t1);
        const Table c = runAnalysis("collectives", ctx, {});
        QCOMPARE(c.rowCount(), std::size_t(5));
        QCOMPARE(c.column("process_group")->texts[0], std::string("5"));
        QCOMPARE(c.column("op")->texts[0], std::string("allreduce"));
        QCOMPARE(c.column("bytes")->ints[0], std::int64_t(2000)); // 1000 bf16 elements
        QCOMPARE(c.column("seq")->ints[3], std::int64_t(3));
        QCOMPARE(c.column("seq_source")->texts[0], std::string("order"));
        QCOMPARE(c.column("rank")->ints[0], std::int64_t(1));
        QVERIFY(!c.notes.empty());
        // With Seq in the args, the trace's numbers are used
        const AnalysisContext withSeq(rankTrace(0, 0, 0, true));
        const Table s = runAnalysis("collectives", withSeq, {});
        QCOMPARE(s.column("seq")->ints[2], std::int64_t(102));
        QCOMPARE(s.column("seq_source")->texts[2], std::string("args"));
    }

    void reduceMergesSummariesAndNamesTheBadOnes()
    {
        QTemporaryDir dir;
        // Given two ranks summarized apart (rank 1 late by 4 ms, its clock 7 s ahead)...
        std::vector<std::string> files;
        for (int r = 0; r < 2; ++r) {
            const TracePtr t = rankTrace(r, r * 7'000'000'000LL, r == 1 ? 4'000'000 : 0, false);
            auto ctx = std::make_shared<AnalysisContext>(t);
            TraceDatabase db(ctx);
            const std::string path = dir.filePath(QStringLiteral("rank%1.sqlite").arg(r)).toStdString();
            const std::string input = dir.filePath(QStringLiteral("rank%1.json").arg(r)).toStdString();
            std::ofstream(input) << "[]";
            const SqliteExportResult w = writeSummary(db, {input}, path, "test");
            QVERIFY2(w.ok, w.error.c_str());
            files.push_back(path);
        }
        QCOMPARE(scalar(files[0], "SELECT int_value FROM summary_info WHERE name = 'summary_schema_version'"), std::to_string(kSummarySchemaVersion));
        QCOMPARE(scalar(files[1], "SELECT int_value FROM summary_info WHERE name = 'rank'"), std::string("1"));
        // ...a corrupt file and an SQLite file that is no summary
        const std::string corrupt = dir.filePath(QStringLiteral("rank2.sqlite")).toStdString();
        std::ofstream(corrupt) << "SQLite format 3" << std::string(5000, '\x7f');
        const std::string other = dir.filePath(QStringLiteral("other.sqlite")).toStdString();
        {
            sqlite3 *db = nullptr;
            sqlite3_open(other.c_str(), &db);
            sqlite3_exec(db, "CREATE TABLE x(a)", nullptr, nullptr, nullptr);
            sqlite3_close(db);
        }
        std::vector<std::string> skipped;
        const std::vector<std::string> found = findSummaries({dir.path().toStdString()}, skipped);
        QCOMPARE(found.size(), std::size_t(2)); // the corrupt file cannot be opened as a summary either
        QCOMPARE(skipped.size(), std::size_t(2)); // the corrupt file and the other SQLite file
        // When the reduce is given all four files by name
        const std::string out = dir.filePath(QStringLiteral("cluster.sqlite")).toStdString();
        ClusterReduceOptions opt;
        opt.missing = {"rank 3: out of memory"};
        const ClusterReduceResult r = reduceSummaries({files[0], files[1], corrupt, other}, out, opt);
        // Then the two summaries merge, the two others are named, the missing rank is listed
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.ranks, 2);
        QCOMPARE(r.failed.size(), std::size_t(2));
        QCOMPARE(scalar(out, "SELECT COUNT(*) FROM cluster_rank WHERE status = 'ok'"), std::string("2"));
        QCOMPARE(scalar(out, "SELECT COUNT(*) FROM cluster_rank WHERE status = 'failed'"), std::string("2"));
        QCOMPARE(scalar(out, "SELECT reason FROM cluster_rank WHERE status = 'missing'"), std::string("out of memory"));
        QVERIFY(scalar(out, "SELECT reason FROM cluster_rank WHERE summary LIKE '%other.sqlite'").find("not an Accelscope summary") != std::string::npos);
        // and the straggler is rank 1, 4 ms late at each of 5 allreduces despite its clock
        QCOMPARE(scalar(out, "SELECT rank FROM cluster_collective_wait WHERE straggler = 1"), std::string("1"));
        QCOMPARE(QString::fromStdString(scalar(out, "SELECT group_concat(skew_ns) FROM cluster_collective_skew")), QString("4000000,4000000,4000000,4000000,4000000"));
        QCOMPARE(scalar(out, "SELECT COUNT(*) FROM analysis_collectives"), std::string("10"));
        QVERIFY(r.straggler.find("rank 1") == 0);
        // Each merged rank says where its trace is
        QVERIFY(scalar(out, "SELECT path FROM cluster_input WHERE rank = 1").find("rank1.json") != std::string::npos);
        // The kernels of both ranks are in cluster_kernels
        QCOMPARE(scalar(out, "SELECT ranks FROM cluster_kernels WHERE name = 'sm90_gemm'"), std::string("2"));
        // Nothing but the cluster file is left beside it
        QCOMPARE(QDir(dir.path()).entryList({QStringLiteral("cluster.sqlite*")}, QDir::Files).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TstCluster)
#include "tst_cluster.moc"
