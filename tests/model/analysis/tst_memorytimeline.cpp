// memory-timeline: a hand-made Kineto trace with known [memory] events (per device, several
// threads, bytes -> MB, peak flag, range carry), the downsampling rule (bins keep their maximum),
// the note without memory data, and the shared Ascend samples against their memory_record.csv
// (text export) and MEMORY_RECORD (db export), read here independently of the importer.
#include "analysistesthelpers.h"

#include "importers/registry.h"
#include "model/analysis/analyses.h"
#include "model/analysis/core/context.h"
#include "model/analysis/common/memorytimeline.h"

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

constexpr double MiB = 1024.0 * 1024.0;

TracePtr loadOrNull(const fs::path &p)
{
    if (!fs::exists(p))
        return nullptr;
    importers::ImportContext ictx;
    auto r = importers::loadTrace({p}, ictx);
    return r.ok() ? r.value().trace : nullptr;
}

TracePtr loadJson(const QTemporaryDir &dir, const std::string &json)
{
    const fs::path p = fs::path(dir.path().toStdString()) / "memory.json";
    std::ofstream(p) << json;
    return loadOrNull(p);
}

std::string memoryEvent(int tid, double tsUs, int devType, int devId, std::int64_t allocated, std::int64_t reserved)
{
    return R"({"ph":"i","cat":"cpu_instant_event","s":"t","name":"[memory]","pid":1,"tid":)" + std::to_string(tid)
        + R"(,"ts":)" + std::to_string(tsUs) + R"(,"args":{"Total Reserved":)" + std::to_string(reserved)
        + R"(,"Total Allocated":)" + std::to_string(allocated) + R"(,"Bytes":512,"Addr":1,"Device Id":)"
        + std::to_string(devId) + R"(,"Device Type":)" + std::to_string(devType) + "}}";
}

/// The rows of one series, in table order.
std::vector<std::size_t> seriesRows(const Table &t, const std::string &component, const std::string &metric, int rank = -1,
                                    const std::string &source = {})
{
    std::vector<std::size_t> out;
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        if (cell(t, r, "component") == component && cell(t, r, "metric") == metric
            && (rank < 0 || num(t, r, "rank") == rank) && (source.empty() || cell(t, r, "source") == source))
            out.push_back(r);
    return out;
}

double seriesMax(const Table &t, const std::vector<std::size_t> &rows)
{
    double m = -1;
    for (std::size_t r : rows)
        m = std::max(m, num(t, r, "value_mb"));
    return m;
}

} // namespace

class TestMemoryTimeline : public QObject {
    Q_OBJECT
private slots:
    void registered()
    {
        const AnalysisInfo *info = findAnalysis("memory-timeline");
        QVERIFY(info);
    }

    void kinetoMemoryEvents()
    {
        QTemporaryDir dir;
        // CUDA:0 on two threads (interleaved in time), and the CPU (Device Id -1)
        const std::string json = "{\"traceEvents\":[" + memoryEvent(1, 10, 1, 0, 1 * MiB, 2 * MiB) + ","
            + memoryEvent(2, 20, 1, 0, 3 * MiB, 4 * MiB) + "," + memoryEvent(1, 30, 1, 0, 2 * MiB, 4 * MiB) + ","
            + memoryEvent(1, 15, 0, -1, 512 * 1024, 1 * MiB) + ","
            + R"({"ph":"X","name":"work","pid":1,"tid":1,"ts":0,"dur":50})" + "]}";
        const TracePtr tr = loadJson(dir, json);
        QVERIFY(tr);
        const AnalysisContext ctx(tr);
        const Table t = memoryTimeline(ctx, {});
        const auto alloc = seriesRows(t, "CUDA:0", "Allocated");
        QCOMPARE(alloc.size(), std::size_t(3));
        // time order across threads, bytes -> MB, time from the trace start (0 µs)
        QCOMPARE(num(t, alloc[0], "ts"), 10000.0);
        QCOMPARE(num(t, alloc[1], "ts"), 20000.0);
        QCOMPARE(num(t, alloc[2], "ts"), 30000.0);
        QCOMPARE(num(t, alloc[0], "value_mb"), 1.0);
        QCOMPARE(num(t, alloc[1], "value_mb"), 3.0);
        QCOMPARE(num(t, alloc[2], "value_mb"), 2.0);
        QCOMPARE(num(t, alloc[1], "peak"), 1.0);
        QCOMPARE(num(t, alloc[0], "peak") + num(t, alloc[2], "peak"), 0.0);
        QCOMPARE(num(t, alloc[0], "device"), 0.0);
        QCOMPARE(cell(t, alloc[0], "source"), std::string("kineto"));
        const auto reserved = seriesRows(t, "CUDA:0", "Reserved");
        QCOMPARE(seriesMax(t, reserved), 4.0);
        // equal peaks: the first is flagged, once
        QCOMPARE(num(t, reserved[1], "peak"), 1.0);
        QCOMPARE(num(t, reserved[2], "peak"), 0.0);
        const auto cpu = seriesRows(t, "CPU", "Allocated");
        QCOMPARE(cpu.size(), std::size_t(1));
        QCOMPARE(num(t, cpu[0], "value_mb"), 0.5);
        QVERIFY(std::isnan(num(t, cpu[0], "device")));
        QVERIFY(t.notes.empty());

        // a range from 25 µs: the value in force at 25 µs is carried there
        AnalysisOptions opt;
        opt.range = std::pair<TimeNs, TimeNs>(tr->startNs() + 25000, tr->startNs() + 50000);
        const Table r = memoryTimeline(ctx, opt);
        const auto ra = seriesRows(r, "CUDA:0", "Allocated");
        QCOMPARE(ra.size(), std::size_t(2));
        QCOMPARE(num(r, ra[0], "ts"), 25000.0);
        QCOMPARE(num(r, ra[0], "value_mb"), 3.0);
        QCOMPARE(num(r, ra[1], "value_mb"), 2.0);
        QVERIFY(!r.notes.empty());
    }

    void noMemoryDataSaysSo()
    {
        QTemporaryDir dir;
        const TracePtr tr = loadJson(dir, R"({"traceEvents":[{"ph":"X","name":"k","pid":1,"tid":1,"ts":0,"dur":5}]})");
        QVERIFY(tr);
        const AnalysisContext ctx(tr);
        const Table t = memoryTimeline(ctx, {});
        QCOMPARE(t.rowCount(), std::size_t(0));
        QCOMPARE(t.notes.size(), std::size_t(1));
        QVERIFY(t.notes.front().find("no memory data") != std::string::npos);
    }

    void longSeriesKeepTheirPeak()
    {
        // 10 × the point budget of a sawtooth with one spike: downsampled, the spike and the
        // maximum of every bin kept, a note says so
        const std::size_t n = kMemoryTimelineMaxPoints * 10;
        std::string json = "{\"traceEvents\":[";
        const std::size_t spike = 12345;
        for (std::size_t i = 0; i < n; ++i) {
            const std::int64_t v = i == spike ? 900 * MiB : std::int64_t((i % 7) + 1) * MiB;
            json += (i ? "," : "") + memoryEvent(1, double(i), 1, 0, v, v);
        }
        json += "]}";
        QTemporaryDir dir;
        const TracePtr tr = loadJson(dir, json);
        QVERIFY(tr);
        const AnalysisContext ctx(tr);
        const Table t = memoryTimeline(ctx, {});
        const auto rows = seriesRows(t, "CUDA:0", "Allocated");
        QVERIFY(rows.size() <= kMemoryTimelineMaxPoints);
        QVERIFY(rows.size() > kMemoryTimelineMaxPoints / 2);
        QCOMPARE(seriesMax(t, rows), 900.0);
        int peaks = 0;
        for (std::size_t r : rows) {
            peaks += int(num(t, r, "peak"));
            if (num(t, r, "peak") == 1)
                QCOMPARE(num(t, r, "ts"), double(spike) * 1000.0);
            else
                QCOMPARE(num(t, r, "value_mb"), 7.0); // every bin of 10 samples holds a 7
        }
        QCOMPARE(peaks, 1);
        QVERIFY(!t.notes.empty());
        QVERIFY(t.notes.front().find("downsampled") != std::string::npos);
    }

    void hostileArgsAreSkipped()
    {
        // huge / non-finite numbers and a string device type: no crash, no undefined conversion,
        // the non-finite values left out
        QTemporaryDir dir;
        const std::string json = R"({"traceEvents":[)"
            R"({"ph":"i","s":"t","name":"[memory]","pid":1,"tid":1,"ts":1,"args":{"Device Type":1e300,"Device Id":-1e300,"Total Allocated":1e400,"Total Reserved":2097152}},)"
            R"({"ph":"i","s":"t","name":"[memory]","pid":1,"tid":1,"ts":2,"args":{"Device Type":"npu","Device Id":3,"Total Allocated":1048576}}]})";
        const TracePtr tr = loadJson(dir, json);
        QVERIFY(tr);
        const AnalysisContext ctx(tr);
        const Table t = memoryTimeline(ctx, {});
        QCOMPARE(seriesRows(t, "unknown device type", "Allocated").size(), std::size_t(0));
        QCOMPARE(seriesMax(t, seriesRows(t, "unknown device type", "Reserved")), 2.0);
        QCOMPARE(seriesMax(t, seriesRows(t, "npu:3", "Allocated")), 1.0);

        // no "Device Type" (older or hand-written traces): the device by its id
        const TracePtr typeless = loadJson(dir, R"({"traceEvents":[{"ph":"i","s":"t","name":"[memory]","pid":1,"tid":1,"ts":1,"args":{"Device Id":2,"Total Reserved":3145728}}]})");
        QVERIFY(typeless);
        const AnalysisContext typelessCtx(typeless);
        QCOMPARE(seriesMax(memoryTimeline(typelessCtx, {}), seriesRows(memoryTimeline(typelessCtx, {}), "device:2", "Reserved")), 3.0);
    }

    void ascendTextSampleEqualsMemoryRecordCsv()
    {
        const fs::path root = fs::path(ACCELSCOPE_SHARED_DATA) / "ascend" / "pt_text_level1_8card_cnn";
        const TracePtr tr = loadOrNull(root);
        if (!tr)
            QSKIP("shared Ascend sample not present");
        const AnalysisContext ctx(tr);
        const Table t = memoryTimeline(ctx, {});
        int checked = 0;
        for (int rank : {0, 1}) {
            const fs::path csv = root / ("rank" + std::to_string(rank) + "_ascend_pt") / "ASCEND_PROFILER_OUTPUT" / "memory_record.csv";
            std::map<std::pair<std::string, std::string>, std::pair<double, std::size_t>> expected; // max, samples
            for (auto row : readCsvRecords(csv.string())) {
                for (const char *metric : {"Allocated", "Reserved", "Active"}) {
                    const double v = parseNumber(row[std::string("Total ") + metric + "(MB)"]);
                    if (std::isnan(v))
                        continue;
                    auto &e = expected[std::make_pair(row["Component"], std::string(metric))];
                    e.first = e.second ? std::max(e.first, v) : v;
                    ++e.second;
                }
            }
            QVERIFY(!expected.empty());
            for (const auto &[key, e] : expected) {
                const auto rows = seriesRows(t, key.first, key.second, rank, "memory_record"); // npu_module_mem has an APP too
                QCOMPARE(rows.size(), std::min(e.second, kMemoryTimelineMaxPoints));
                QCOMPARE(seriesMax(t, rows), e.first);
                ++checked;
            }
        }
        QVERIFY(checked >= 4);
    }

    void ascendDbSampleEqualsMemoryRecordTable()
    {
        const fs::path root = fs::path(ACCELSCOPE_SHARED_DATA) / "ascend" / "pt_db_level2_2rank";
        const TracePtr tr = loadOrNull(root);
        if (!tr)
            QSKIP("shared Ascend db sample not present");
        const AnalysisContext ctx(tr);
        const Table t = memoryTimeline(ctx, {});
        for (int rank : {0, 1}) {
            const fs::path db = root / ("rank" + std::to_string(rank) + "_ascend_pt") / "ASCEND_PROFILER_OUTPUT"
                / ("ascend_pytorch_profiler_" + std::to_string(rank) + ".db");
            const QString conn = QStringLiteral("memdb%1").arg(rank);
            double reserved = 0, allocated = 0;
            {
                QSqlDatabase sql = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), conn);
                sql.setDatabaseName(QString::fromStdString(db.string()));
                QVERIFY(sql.open());
                QSqlQuery q(QStringLiteral("SELECT max(totalReserved), max(totalAllocated) FROM MEMORY_RECORD"), sql);
                QVERIFY(q.next());
                reserved = q.value(0).toDouble() / MiB;
                allocated = q.value(1).toDouble() / MiB;
            }
            QSqlDatabase::removeDatabase(conn);
            QVERIFY(reserved > 0);
            double tableReserved = 0, tableAllocated = 0;
            for (std::size_t r = 0; r < t.rowCount(); ++r) {
                if (num(t, r, "rank") != rank || cell(t, r, "source") != "memory_record")
                    continue;
                if (cell(t, r, "metric") == "Reserved")
                    tableReserved = std::max(tableReserved, num(t, r, "value_mb"));
                if (cell(t, r, "metric") == "Allocated")
                    tableAllocated = std::max(tableAllocated, num(t, r, "value_mb"));
            }
            QVERIFY(near(tableReserved, reserved, 1e-12));
            QVERIFY(near(tableAllocated, allocated, 1e-12));
        }
    }
};

QTEST_MAIN(TestMemoryTimeline)
#include "tst_memorytimeline.moc"
