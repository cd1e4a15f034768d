// CSV quirks of the Ascend profiler files and the small Ascend helpers, on tiny hand-made text.
#include "importers/ascend/ascendcommon.h"
#include "importers/ascend/csvreader.h"
#include "importers/ascend/textexport.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

using namespace accelscope;
using namespace accelscope::importers::ascend;
namespace fs = std::filesystem;

namespace {

std::vector<std::vector<std::string>> parseAll(std::string_view text, bool *truncated = nullptr)
{
    CsvParser p(text);
    std::vector<std::string_view> cells;
    std::vector<std::vector<std::string>> out;
    while (p.next(cells)) {
        std::vector<std::string> row;
        for (auto c : cells)
            row.emplace_back(c);
        out.push_back(std::move(row));
    }
    if (truncated)
        *truncated = p.truncated();
    return out;
}

std::string joined(const std::vector<std::vector<std::string>> &rows)
{
    std::string s;
    for (const auto &r : rows) {
        for (std::size_t i = 0; i < r.size(); ++i)
            s += (i ? "|" : "") + r[i];
        s += "\n";
    }
    return s;
}

void writeFile(const fs::path &p, const std::string &data)
{
    std::ofstream out(p, std::ios::binary);
    out << data;
}

} // namespace

class TstAscendCsv : public QObject {
    Q_OBJECT
private slots:
    void recordsSplitOnEveryLineEnding_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("LF") << "a,b\n1,2\n" << "a|b\n1|2\n";
        QTest::newRow("CRLF") << "a,b\r\n1,2\r\n" << "a|b\n1|2\n";
        QTest::newRow("lone CR") << "a,b\r1,2\r" << "a|b\n1|2\n";
        QTest::newRow("no final newline") << "a,b\n1,2" << "a|b\n1|2\n";
        QTest::newRow("blank lines skipped") << "a,b\n\n\r\n1,2\n\n" << "a|b\n1|2\n";
        QTest::newRow("trailing empty cell") << "a,b,\n1,2," << "a|b|\n1|2|\n";
        QTest::newRow("BOM") << "\xEF\xBB\xBFName,Value\nx,1\n" << "Name|Value\nx|1\n";
        QTest::newRow("doubled quotes") << "\"say \"\"hi\"\"\",2\n" << "say \"hi\"|2\n";
        QTest::newRow("multi-line cell") << "n,stack\nop,\"a.py(1): f;\nb.py(2): g\"\nx,y\n"
                                         << "n|stack\nop|a.py(1): f;\nb.py(2): g\nx|y\n";
        QTest::newRow("multi-line CRLF cell") << "op,\"a;\r\nb\"\r\nx,y\r\n" << "op|a;\r\nb\nx|y\n";
    }
    void recordsSplitOnEveryLineEnding()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(joined(parseAll(text.toStdString()))), expected);
    }

    void lineNumbersCountLinesInsideQuotedCells()
    {
        // Given a record whose quoted cell spans three lines
        CsvParser p("h\n\"a\nb\nc\"\nlast\n");
        std::vector<std::string_view> cells;
        QVERIFY(p.next(cells));
        QCOMPARE(p.line(), 1ull);
        QVERIFY(p.next(cells));
        QCOMPARE(p.line(), 2ull);
        // Then the next record starts on line 5
        QVERIFY(p.next(cells));
        QCOMPARE(p.line(), 5ull);
        QCOMPARE(std::string(cells[0]), std::string("last"));
    }

    void anUnterminatedQuoteIsReportedAsTruncation()
    {
        bool truncated = false;
        const auto rows = parseAll("a,b\n1,\"never closed\n2,3\n", &truncated);
        QVERIFY(truncated);
        QCOMPARE(rows.size(), std::size_t(1)); // the partial record is not returned
    }

    void cellsLoseTheirAscendWrapping_data()
    {
        QTest::addColumn<QString>("raw");
        QTest::addColumn<QString>("clean");
        QTest::newRow("trailing TAB") << "1736408883704643.212\t" << "1736408883704643.212";
        QTest::newRow("quoted TAB (after RFC unquoting)") << "1736413971558972.912\t" << "1736413971558972.912";
        QTest::newRow("triple-quoted shape") << "\"32,3,224,224\"" << "32,3,224,224";
        QTest::newRow("several shapes") << "\"151936,1024;1,4096;1\"" << "151936,1024;1,4096;1";
        QTest::newRow("spaces and CR") << "  AI_CORE \r" << "AI_CORE";
        QTest::newRow("lone quote kept") << "\"" << "\"";
    }
    void cellsLoseTheirAscendWrapping()
    {
        QFETCH(QString, raw);
        QFETCH(QString, clean);
        const std::string r = raw.toStdString();
        QCOMPARE(QString::fromStdString(std::string(cleanCell(r))), clean);
    }

    void tripleQuotedShapesSurviveTheWholePipeline()
    {
        const auto rows = parseAll("Input Shapes,x\n\"\"\"32,3,224,224\"\"\",1\n");
        QCOMPARE(rows.at(1).at(0), std::string("\"32,3,224,224\""));
        QCOMPARE(std::string(cleanCell(rows.at(1).at(0))), std::string("32,3,224,224"));
    }

    void missingValuesAndSentinels()
    {
        for (const char *m : {"", "N/A", "NA", "None", "null"})
            QVERIFY2(isMissing(m), m);
        // Sentinels are values of id columns, dropped there (see readKernelDetails), not here.
        QVERIFY(!isMissing("4294967295"));
        QVERIFY(!isMissing("0"));
        QVERIFY(isJsonNumber("-1.5e+3"));
        QVERIFY(isJsonNumber("18446744073709551615"));
        QVERIFY(!isJsonNumber("1."));
        QVERIFY(!isJsonNumber("01"));
        QVERIFY(!isJsonNumber("NO"));
    }

    void timeCellsAreExactNanoseconds()
    {
        QCOMPARE(microsCell(cleanCell("1736408883704903.918\t")).value_or(-1), qint64(1736408883704903918));
        QCOMPARE(microsCell("1736408883704643.2125").value_or(-1), qint64(1736408883704643213)); // rounds half up
        QVERIFY(!microsCell("N/A"));
        QVERIFY(!microsCell("12:00"));
        QCOMPARE(numberCell("2109.6015625").value_or(-1), 2109.6015625);
        QVERIFY(!numberCell(""));
    }

    void headersMatchByNameCaseAndSpelling()
    {
        std::vector<std::string_view> cells{" Step Id", "Block Num", "NAME", "Start Time(us)\t"};
        CsvHeader h(cells);
        QCOMPARE(h.find("name"), 2);
        QCOMPARE(h.find({"Block Dim", "Block Num"}), 1);
        QCOMPARE(h.find("Start Time(us)"), 3);
        QCOMPARE(h.find("Step Id"), 0);
        QCOMPARE(h.find("Device_id"), -1);
    }

    void kernelDetailsVariantsJoinByName_data()
    {
        QTest::addColumn<QString>("csv");
        QTest::addColumn<QString>("members");
        // 2025-01: PMU columns, triple-quoted shapes, N/A and 4294967295 dropped, ids apart.
        QTest::newRow("2025-01") << "Step Id,Model ID,Task ID,Stream ID,Name,Type,Accelerator Core,Start Time(us),Duration(us),"
                                    "Input Shapes,Context ID,aic_mac_ratio\r\n"
                                    "50,4294967295,11,2,k,Conv2D,AI_CORE,1736408883704903.918\t,313.886,\"\"\"32,3\"\"\",N/A,0.5\r\n"
                                 << "\"Step Id\":50,\"Type\":\"Conv2D\",\"Accelerator Core\":\"AI_CORE\",\"Input Shapes\":\"32,3\","
                                    "\"aic_mac_ratio\":0.5";
        // Columns in another order, Device_id, Block Num spelling.
        QTest::newRow("2025Q4 reordered") << "Name,Device_id,Start Time(us),Block Num,Duration(us),Task ID\n"
                                             "k,4,\"1736408883704903.918\t\",40,1.5,7\n"
                                          << "\"Device_id\":4,\"Block Num\":40";
        // Level0: N/A Type and core, no ids.
        QTest::newRow("Level0") << "Step Id,Name,Type,Accelerator Core,Start Time(us),Duration(us),Wait Time(us),Block Dim\n"
                                   "1,k,N/A,N/A,1736408883704903.918\t,7.5,0,N/A\n"
                                << "\"Step Id\":1,\"Wait Time(us)\":0";
    }
    void kernelDetailsVariantsJoinByName()
    {
        QFETCH(QString, csv);
        QFETCH(QString, members);
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "kernel_details.csv";
        writeFile(p, csv.toStdString());
        model::DiagnosticSink diags;
        KernelTable t = readKernelDetails(p, {}, diags);
        QVERIFY(diags.empty());
        QCOMPARE(t.rows().size(), std::size_t(1));
        QCOMPARE(t.rows()[0].start, qint64(1736408883704903918));
        std::string m;
        QVERIFY(t.join.find("k", 1736408883704903918, m));
        QCOMPARE(QString::fromStdString(m), members);
        // Within 2 ns still joins (HCCL rows are rounded differently); 3 ns does not.
        QVERIFY(t.join.find("k", 1736408883704903920, m));
        QVERIFY(!t.join.find("k", 1736408883704903922, m));
        QVERIFY(!t.join.find("other", 1736408883704903918, m));
    }

    void kernelDetailsWithoutStartTimeIsADiagnostic()
    {
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "kernel_details.csv";
        writeFile(p, "Name,Start Time(us),Duration(us)\nk,1.5,1\nbad,N/A,1\nworse,12:00,1\nk2,\"3.0");
        model::DiagnosticSink diags;
        KernelTable t = readKernelDetails(p, {}, diags);
        QCOMPARE(t.rows().size(), std::size_t(1));
        std::string kinds;
        for (const auto &d : diags.items())
            kinds += std::string(model::diagInfo(d.kind).id) + ":" + std::to_string(d.count) + "@" + std::to_string(d.position) + " ";
        QCOMPARE(QString::fromStdString(kinds), QStringLiteral("MalformedEvent:2@3 TruncatedInput:1@5 "));
    }

    void groupHashIsMsprofsDoubleHash()
    {
        // Pairs read in the 2025Q4 sample (communication.json suffix vs parallel_group_info key).
        QCOMPARE(groupNameHash("group_name_0"), 5862276093215481612ull);
        QCOMPARE(groupNameHash("group_name_19"), 3985310405473756128ull);
    }

    void flowIdsAndSeriesNames()
    {
        QCOMPARE(flowIdFromText("936"), 936ull);
        QCOMPARE(flowIdFromText("1736408883700059821"), 1736408883700059821ull);
        QCOMPARE(flowIdFromText("18446744073709551615"), 18446744073709551615ull);
        const auto big = flowIdFromText("40004068119343529983"); // > 2^64: hashed, stable
        QCOMPARE(big, flowIdFromText("40004068119343529983"));
        QVERIFY(big >> 63);
        QCOMPARE(std::string(flowBaseName("HostToDevice936")), std::string("HostToDevice"));
        QCOMPARE(std::string(flowBaseName("torch_to_npu")), std::string("torch_to_npu"));
        QCOMPARE(counterSeriesName("HBM 0/Read", "Read(MB/s)"), std::string("HBM 0/Read (MB/s)"));
        QCOMPARE(counterSeriesName("AI Core Freq", "MHz"), std::string("AI Core Freq (MHz)"));
        QCOMPARE(counterSeriesName("QoS OTHERS", "value"), std::string("QoS OTHERS"));
        QCOMPARE(counterSeriesName("Mata Bw Level", "Mata Bw Level"), std::string("Mata Bw Level"));
    }

    void overlapLanesTileTheSpan()
    {
        // compute [10,25] (two overlapping tasks) and [60,65]; comm [20,50]
        const OverlapLanes l = deriveOverlap({{10, 20}, {15, 25}, {60, 65}}, {{20, 50}});
        auto sum = [](const std::vector<Interval> &v) {
            model::TimeNs s = 0;
            for (auto i : v)
                s += i.end - i.start;
            return s;
        };
        QCOMPARE(sum(l.computing), model::TimeNs(20));
        QCOMPARE(sum(l.communication), model::TimeNs(30));
        QCOMPARE(sum(l.commNotOverlapped), model::TimeNs(25));
        QCOMPARE(sum(l.free), model::TimeNs(10));
        // Computing + Comm(Not Overlapped) + Free == the span [10, 65]
        QCOMPARE(sum(l.computing) + sum(l.commNotOverlapped) + sum(l.free), model::TimeNs(55));
    }

    void argsWriterMergesIntoExistingObjects()
    {
        ArgsWriter w;
        w.numberOrString("a", "1.50");
        w.numberOrString("b", "NO");
        w.str("c", "x\"y\n");
        QCOMPARE(QString::fromStdString(w.finish()), QStringLiteral("{\"a\":1.50,\"b\":\"NO\",\"c\":\"x\\\"y\\n\"}"));
        QCOMPARE(QString::fromStdString(w.mergeInto("{\"z\":0}")), QStringLiteral("{\"z\":0,\"a\":1.50,\"b\":\"NO\",\"c\":\"x\\\"y\\n\"}"));
        QCOMPARE(QString::fromStdString(w.mergeInto("{}")), QStringLiteral("{\"a\":1.50,\"b\":\"NO\",\"c\":\"x\\\"y\\n\"}"));
    }
};

QTEST_GUILESS_MAIN(TstAscendCsv)
#include "tst_ascendcsv.moc"
