// CSV quirks of the Ascend profiler files and the small Ascend helpers, on tiny hand-made text;
// the parallel kernel_details.csv index against the single pass, on generated 4-9 MB files.
#include "importers/ascend/ascendcommon.h"
#include "importers/ascend/csvreader.h"
#include "importers/ascend/textexport.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
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

// A kernel_details.csv for the parallel index: `rows` tasks (every other name quoted with doubled
// quotes) and, around each of `targets` (fractions of the file), a task whose "Stack" cell is a
// quoted cell of `cellLines` lines with doubled quotes, lines that read as task rows out of
// context, followed by a row without a valid start time. `startAt`: the cell's record starts at
// the first row boundary at or after the target instead of straddling it.
struct BigCsv {
    std::string text;
    std::size_t goodRows = 0;
    std::size_t badRows = 0;
    struct Cell {
        std::size_t begin = 0, end = 0; ///< byte range of the record holding the cell
        std::size_t task = 0;           ///< its row index (Task ID)
        std::string content;            ///< the cell unescaped
    };
    std::vector<Cell> cells;
};

std::string kernelName(std::size_t i) { return i % 2 ? "k_" + std::to_string(i % 97) : "k\"q\"_" + std::to_string(i % 89); }
qint64 kernelStart(std::size_t i) { return 1736408883000000250 + static_cast<qint64>(i) * 1000; }

std::string jsonEscaped(const std::string &s)
{
    std::string o;
    for (char c : s) {
        if (c == '"' || c == '\\')
            o += '\\', o += c;
        else if (c == '\n')
            o += "\\n";
        else if (c == '\r')
            o += "\\r";
        else
            o += c;
    }
    return o;
}

BigCsv makeBigCsv(std::size_t rows, std::vector<double> targets, std::size_t cellLines, bool startAt, std::size_t parts,
                  const char *eol)
{
    auto row = [&](std::size_t i, const std::string &stackCell) {
        std::string n = kernelName(i), q;
        for (char c : n)
            q += c == '"' ? std::string("\"\"") : std::string(1, c);
        return std::to_string(i % 50) + ",4294967295," + std::to_string(i) + "," + std::to_string(i % 7) + ",\"" + q
            + "\",Conv2D,AI_CORE,\"" + std::to_string(kernelStart(i) / 1000) + ".250\t\",1.5,\"\"\"32,3\"\"\"," + stackCell
            + ",3" + eol;
    };
    const std::string header = std::string("Step Id,Model ID,Task ID,Stream ID,Name,Type,Accelerator Core,Start Time(us),"
                                           "Duration(us),Input Shapes,Stack,Device_id")
        + eol;
    const std::string bad = std::string("0,4294967295,0,0,bad,Conv2D,AI_CORE,N/A,1.5,N/A,N/A,3") + eol;
    std::vector<std::string> contents;
    for (std::size_t j = 0; j < targets.size(); ++j) {
        std::string c;
        for (std::size_t l = 0; l < cellLines; ++l) {
            switch (l % 3) {
            case 0: // reads as a task row with a valid start time out of context
                c += "1,4294967295,9,0,fake_" + std::to_string(l) + ",T,AI_CORE,1736408883999000.250,1.0,x,y,3";
                break;
            case 1: c += "\"frame\" " + std::to_string(l) + ": f(\"a,b\")"; break;
            default: c += "\"tail \"\" of " + std::to_string(j); break;
            }
            c += l + 1 < cellLines ? eol : "";
        }
        contents.push_back(c);
    }
    auto quoted = [](const std::string &c) {
        std::string q = "\"";
        for (char ch : c)
            q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
        return q + "\"";
    };
    // The file's size is known before placing the cells, so the cut points (first line start at or
    // after k * (size / parts), as readKernelDetails cuts) are too.
    std::vector<std::string> quotedCells;
    std::size_t total = header.size();
    for (std::size_t i = 0; i < rows; ++i)
        total += row(i, "N/A").size();
    for (const auto &c : contents) {
        quotedCells.push_back(quoted(c));
        total += quotedCells.back().size() - 3 + bad.size();
    }
    BigCsv out;
    out.text = header;
    std::size_t next = 0;
    for (std::size_t i = 0; i < rows; ++i) {
        const std::size_t at = out.text.size();
        if (next < targets.size()) {
            const std::size_t target = static_cast<std::size_t>(targets[next] * parts) * (total / parts);
            const std::string &cell = quotedCells[next];
            if (startAt ? at >= target : at + cell.size() / 2 >= target) {
                out.text += row(i, cell);
                out.cells.push_back({at, out.text.size(), i, contents[next]});
                out.text += bad;
                ++out.badRows;
                ++out.goodRows;
                ++next;
                continue;
            }
        }
        out.text += row(i, "N/A");
        ++out.goodRows;
    }
    Q_ASSERT(out.text.size() == total && next == targets.size());
    return out;
}

/// The line starts where readKernelDetails cuts `size` bytes into `parts`.
std::vector<std::size_t> cutPoints(const std::string &text, std::size_t parts)
{
    std::vector<std::size_t> cuts;
    for (std::size_t i = 0; i < text.size() && cuts.size() + 1 < parts; ++i)
        if (text[i] == '\n' && i + 1 >= (cuts.size() + 1) * (text.size() / parts) && i + 1 < text.size())
            cuts.push_back(i + 1);
    return cuts;
}

std::string diagText(const model::DiagnosticSink &diags)
{
    std::string s;
    for (const auto &d : diags.items())
        s += std::string(model::diagInfo(d.kind).id) + ":" + std::to_string(d.count) + "@" + std::to_string(d.position) + " ";
    return s;
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

    void parallelKernelIndexIsTheSinglePass_data()
    {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("parts"); // 0: as the importer chooses (by size and cores)
        QTest::addColumn<QList<double>>("targets");
        QTest::addColumn<int>("cellLines");
        QTest::addColumn<bool>("startAt");
        QTest::addColumn<bool>("crlf");
        // 48 k rows: a 4.4 MB file.
        for (int n = 1; n <= 8; ++n)
            QTest::addRow("plain, %d parts", n) << 48000 << n << QList<double>{} << 0 << false << false;
        for (int n = 2; n <= 8; ++n) {
            QList<double> t;
            for (int k = 1; k < n; ++k)
                t << double(k) / n;
            QTest::addRow("a multi-line cell across every cut, %d parts", n) << 48000 << n << t << 400 << false << false;
        }
        QTest::newRow("across every cut, CRLF, 3 parts") << 48000 << 3 << QList<double>{1. / 3, 2. / 3} << 400 << false << true;
        QTest::newRow("across the first cut only, 4 parts") << 48000 << 4 << QList<double>{0.25} << 400 << false << false;
        QTest::newRow("across the middle cut only, 4 parts") << 48000 << 4 << QList<double>{0.5} << 400 << false << false;
        QTest::newRow("across the last cut only, 8 parts") << 48000 << 8 << QList<double>{7. / 8} << 400 << false << false;
        // 30 000 lines (1.6 MB) cover the cuts at 2/8 and 3/8 at once.
        QTest::newRow("one cell across two cuts, 8 parts") << 48000 << 8 << QList<double>{5. / 16} << 30000 << false << false;
        QTest::newRow("cells starting at every cut, 4 parts") << 48000 << 4 << QList<double>{0.25, 0.5, 0.75} << 400 << true << false;
        // 96 k rows (8.8 MB): parallel without forcing on any machine with 2 cores or more.
        QTest::newRow("importer's choice, across the middle") << 96000 << 0 << QList<double>{0.5} << 400 << false << false;
    }
    void parallelKernelIndexIsTheSinglePass()
    {
        QFETCH(int, rows);
        QFETCH(int, parts);
        QFETCH(QList<double>, targets);
        QFETCH(int, cellLines);
        QFETCH(bool, startAt);
        QFETCH(bool, crlf);
        // Given a kernel_details.csv cut into `parts` at the line starts readKernelDetails cuts at
        const std::size_t cutInto = parts ? std::size_t(parts) : 2;
        const BigCsv csv = makeBigCsv(std::size_t(rows), std::vector<double>(targets.begin(), targets.end()),
                                      std::size_t(cellLines), startAt, cutInto, crlf ? "\r\n" : "\n");
        // ... whose multi-line cells straddle the cuts (or start exactly at them): the fallback is exercised
        for (const auto &c : csv.cells) {
            bool covers = false;
            for (std::size_t cut : cutPoints(csv.text, cutInto))
                covers = covers || (startAt ? cut == c.begin : c.begin < cut && cut < c.end);
            QVERIFY2(covers, "a multi-line cell is not where the cut points are (did the cut rule change?)");
        }
        QTemporaryDir dir;
        const fs::path p = fs::path(dir.path().toStdString()) / "kernel_details.csv";
        writeFile(p, csv.text);
        QVERIFY(csv.text.size() > (4u << 20));
        if (!parts) // two parts of 4 MB at least
            QVERIFY(csv.text.size() >= (8u << 20));

        // When it is read in one part (the reference) and in `parts`
        model::DiagnosticSink refDiags, diags;
        const KernelTable ref = readKernelDetails(p, {}, refDiags, 1);
        const KernelTable t = readKernelDetails(p, {}, diags, std::size_t(parts));

        // Then the reference has every task once, and the bad rows as one diagnostic
        QCOMPARE(ref.rows().size(), csv.goodRows);
        QCOMPARE(ref.join.size(), csv.goodRows);
        QCOMPARE(ref.device, 3);
        const std::size_t firstBadLine = csv.cells.empty()
            ? 0
            : std::size_t(std::count(csv.text.begin(), csv.text.begin() + std::ptrdiff_t(csv.cells[0].end), '\n') + 1);
        QCOMPARE(QString::fromStdString(diagText(refDiags)),
                 csv.badRows ? QStringLiteral("MalformedEvent:%1@%2 ").arg(csv.badRows).arg(firstBadLine) : QString());
        // ... and the parallel index is the same: no row lost, duplicated or split, same positions and args
        QCOMPARE(t.rows().size(), ref.rows().size());
        QCOMPARE(t.join.size(), ref.join.size());
        QCOMPARE(t.device, ref.device);
        QCOMPARE(QString::fromStdString(diagText(diags)), QString::fromStdString(diagText(refDiags)));
        std::string ma, mb;
        for (std::size_t i = 0; i < t.rows().size(); ++i) {
            const KernelRow &a = t.rows()[i], &b = ref.rows()[i];
            if (a.name != b.name || a.start != b.start || a.dur != b.dur || a.stream != b.stream || a.core != b.core
                || a.offset != b.offset || a.line != b.line) {
                QFAIL(qPrintable(QStringLiteral("row %1 differs: %2@%3 line %4 vs %5@%6 line %7")
                                     .arg(i)
                                     .arg(QString::fromStdString(std::string(a.name)))
                                     .arg(a.offset)
                                     .arg(a.line)
                                     .arg(QString::fromStdString(std::string(b.name)))
                                     .arg(b.offset)
                                     .arg(b.line)));
            }
            if (a.name != kernelName(i) || a.start != kernelStart(i))
                QFAIL(qPrintable(QStringLiteral("row %1 is not task %1").arg(i)));
            ma.clear();
            mb.clear();
            t.data->members(a, true, ma);
            ref.data->members(b, true, mb);
            if (ma != mb)
                QCOMPARE(ma, mb);
        }
        // ... and the tasks holding the cells, and those right after them, join with their own args
        for (const auto &c : csv.cells) {
            for (std::size_t i = c.task; i < std::min(c.task + 3, csv.goodRows); ++i) {
                std::string m;
                QVERIFY(t.join.find(kernelName(i), kernelStart(i), m));
                const std::string expected = "\"Step Id\":" + std::to_string(i % 50)
                    + ",\"Type\":\"Conv2D\",\"Accelerator Core\":\"AI_CORE\",\"Input Shapes\":\"32,3\","
                    + (i == c.task ? "\"Stack\":\"" + jsonEscaped(c.content) + "\"," : std::string()) + "\"Device_id\":3";
                QCOMPARE(m, expected);
            }
            // The lines of the cell that read as task rows out of context are no tasks.
            std::string m;
            QVERIFY(!t.join.find("fake_0", 1736408883999000250, m));
        }
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
