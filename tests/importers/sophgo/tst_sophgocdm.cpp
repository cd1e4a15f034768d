// Sophgo cdmlib dumps (SG2260 "AKS" = BM1690, SG2260E "AKSV"): tpu-mlir's reading of the real
// bm1690 sample record by record, bigTpuProfile's rules on generated dumps against the
// generator's ground truth (expected.json), and damaged input (truncation and byte-flip sweeps).
#include "importers/registry.h"
#include "importers/sophgo/cdmlib.h"
#include "importers/sophgo/cdmlibtrace.h"
#include "importers/sophgo/globalprofile.h"
#include "importers/sophgo/sophgoimporter.h"
#include "importers/sophgo/tensorlocation.h"
#include "importers/sophgo/tlvblocks.h"
#include "model/analysis/core/eventindex.h"
#include "model/sophgofacts.h"
#include "model/trace.h"
#include "tests/sanitizedsweep.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace accelscope;
using namespace accelscope::importers::sophgo;
namespace fs = std::filesystem;

namespace {

const fs::path kShared = ACCELSCOPE_SHARED_DATA;
const fs::path kBm1690 = kShared / "sophgo" / "cdm_profile_data_dev0_bm1690";
const fs::path kBm1690Ref = kShared / "sophgo" / "tpu_mlir_reference" / "cdm_profile_data_dev0_bm1690" / "records.csv";
const fs::path kGenerator = kShared.parent_path() / "tools" / "gen_sophgo_dump.py";

struct Loaded {
    std::shared_ptr<const model::Trace> trace;
    std::string error;
};

Loaded load(const fs::path &path, importers::ImportOptions options = {}, std::uint64_t argsLimit = 1'000'000)
{
    Loaded out;
    importers::Source src = importers::Source::fromPath(path);
    SophgoImporter imp;
    imp.perRecordArgsLimit = argsLimit;
    model::TraceBuilder builder;
    importers::ImportContext ctx;
    ctx.options = options;
    model::Status st = imp.import(src, builder, ctx);
    if (!st.ok()) {
        out.error = st.error().toString();
        return out;
    }
    out.trace = builder.build();
    return out;
}

std::int64_t argInt(const model::Trace &t, model::ArgsId a, std::string_view key)
{
    std::int64_t v = -1;
    model::analysis::forEachTopLevelScalar(t.args().json(a), [&](std::string_view k, std::string_view value, bool isString) {
        if (k == key && !isString)
            std::from_chars(value.data(), value.data() + value.size(), v);
    });
    return v;
}

std::string argStr(const model::Trace &t, model::ArgsId a, std::string_view key)
{
    std::string v;
    model::analysis::forEachTopLevelScalar(t.args().json(a), [&](std::string_view k, std::string_view value, bool isString) {
        if (k == key && isString)
            v = std::string(value);
    });
    return v;
}

std::vector<std::string> splitCsv(const std::string &line)
{
    std::vector<std::string> out;
    std::string cur;
    bool quoted = false;
    for (char c : line) {
        if (c == '"')
            quoted = !quoted;
        else if (c == ',' && !quoted) {
            out.push_back(cur);
            cur.clear();
        } else if (c != '\r')
            cur.push_back(c);
    }
    out.push_back(cur);
    return out;
}

/// (core, engine, cmd_id, start_cycle, end_cycle) rows.
using RecordKey = std::tuple<int, std::string, std::int64_t, std::int64_t, std::int64_t>;

std::vector<RecordKey> readReference(std::map<std::string, int> *names = nullptr)
{
    std::ifstream in(kBm1690Ref);
    std::string line;
    std::getline(in, line);
    const auto header = splitCsv(line);
    auto col = [&](const char *name) { return std::size_t(std::find(header.begin(), header.end(), name) - header.begin()); };
    const std::size_t cCore = col("core"), cEngine = col("engine"), cCmd = col("cmd_id"), cStart = col("start_cycle"),
                      cEnd = col("end_cycle"), cName = col("func_name");
    std::vector<RecordKey> rows;
    while (std::getline(in, line)) {
        if (line.empty())
            continue;
        const auto f = splitCsv(line);
        rows.emplace_back(std::stoi(f[cCore]), f[cEngine], std::stoll(f[cCmd]), std::stoll(f[cStart]), std::stoll(f[cEnd]));
        if (names)
            ++(*names)[f[cEngine] + "/" + f[cName]];
    }
    return rows;
}

bool runGenerator(const QString &out, const QStringList &args, QString *log)
{
    QProcess p;
    QStringList all;
    all << QString::fromStdString(kGenerator.string()) << args << "--out" << out;
    p.start("python3", all);
    if (!p.waitForFinished(300000)) {
        *log = "python3 did not finish";
        return false;
    }
    *log = QString::fromUtf8(p.readAllStandardError() + p.readAllStandardOutput());
    return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

struct Interval {
    model::TimeNs s, e;
};

std::int64_t unionLength(std::vector<Interval> v)
{
    std::sort(v.begin(), v.end(), [](const Interval &a, const Interval &b) { return a.s < b.s; });
    std::int64_t total = 0;
    model::TimeNs cs = 0, ce = 0;
    bool open = false;
    for (const Interval &x : v) {
        if (!open || x.s > ce) {
            if (open)
                total += ce - cs;
            cs = x.s;
            ce = x.e;
            open = true;
        } else
            ce = std::max(ce, x.e);
    }
    if (open)
        total += ce - cs;
    return total;
}

/// The name a view shows ("Core 0 · TIU", "Core 7 · CDMA port 2", "Core 0 · Layer").
std::string trackName(const model::Trace &t, const model::Track &tr) { return t.trackDisplayName(tr.id); }

struct EngineStats {
    std::int64_t slices = 0, bytes = 0, firstStart = INT64_MAX, lastEnd = INT64_MIN, busy = 0, sysSlices = 0;
    std::int64_t firstCmd = -1, lastCmd = -1;
    std::map<std::string, std::int64_t> names;
    std::vector<Interval> intervals;
};

/// Per engine track ("Core N · TIU", "CDMA port P") statistics of the kept slices.
std::map<std::string, EngineStats> engineStats(const model::Trace &t)
{
    std::map<std::string, EngineStats> out;
    for (const model::Track &tr : t.tracks()) {
        if (tr.role != model::TrackRole::Engine)
            continue;
        EngineStats &st = out[trackName(t, tr)];
        std::vector<std::uint32_t> order(tr.slices.size());
        for (std::uint32_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::sort(order.begin(), order.end(), [&](auto a, auto b) { return tr.slices.start[a] < tr.slices.start[b]; });
        for (std::uint32_t i : order) {
            const model::TimeNs s = tr.slices.start[i], e = s + tr.slices.dur[i];
            ++st.slices;
            const std::int64_t b = argInt(t, tr.slices.args[i], "bytes");
            if (b > 0)
                st.bytes += b;
            st.firstStart = std::min(st.firstStart, s);
            st.lastEnd = std::max(st.lastEnd, e);
            st.intervals.push_back({s, e});
            ++st.names[std::string(t.str(tr.slices.name[i]))];
            if (t.str(tr.slices.cat[i]) == "sys")
                ++st.sysSlices;
            const std::int64_t cmd = argInt(t, tr.slices.args[i], "cmd_id");
            if (st.firstCmd < 0)
                st.firstCmd = cmd;
            st.lastCmd = cmd;
        }
        st.busy = unionLength(st.intervals);
    }
    return out;
}

} // namespace

class TstSophgoCdm : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_tmp;

    /// Generates a dump with `args`, imports it and compares with expected.json (§1.7–§1.11).
    void checkGenerated(const QString &tag, const QStringList &args, bool checkNames);

private slots:
    void globalProfileForms();
    void tlvFraming();
    void probeFindsDumps();
    void bm1690MatchesTpuMlirRecords();
    void bm1690ModelContract();
    void bm1690LayerLanesMatchTpuMlir();
    void localLayerSpansFollowCmdIds();
    void bm1690ClocksAndOptions();
    void generatedTwoCoresMode0();
    void generatedEightCoresWrapsCdma();
    void generatedAksvDynDataSys();
    void generatedAksvIdResets();
    void generatedBlockOrder();
    void generatedCompactArgsKeepBytes();
    void severalDumpsInOneFolder();
    void hostTraceAlignment();
    void truncationSweep();
    void byteFlipSweep();
    void missingAndDamagedFiles();
};

void TstSophgoCdm::globalProfileForms()
{
    auto a = parseGlobalProfile("bmodel\narch=5\ntpu_freq=1000\n", "g");
    QVERIFY(a.ok());
    QCOMPARE(int(a.value().arch), int(SophgoArch::AKS));
    QVERIFY(a.value().bmodelCapture);
    QCOMPARE(a.value().intValue("tpu_freq").value_or(-1), 1000);

    auto b = parseGlobalProfile("[bmprofile] arch=4\n[bmprofile] net_name=blazeface\n[bmprofile] tpu_freq=0\n"
                                "[bmprofile] gdma cmd_id bd_id=0 gdma_id=0 gdma_dir=0 arch=3\n",
                                "g");
    QVERIFY(b.ok());
    QCOMPARE(int(b.value().arch), int(SophgoArch::BM1688)); // the first arch= wins
    QVERIFY(b.value().bmprofilePrefix);
    QCOMPARE(std::string(*b.value().value("net_name")), std::string("blazeface"));

    QCOMPARE(int(archFromValue("8800")), int(SophgoArch::AKS));
    QCOMPARE(int(archFromValue("140814")), int(SophgoArch::AKSV));
    QCOMPARE(int(archFromValue("6")), int(SophgoArch::AKSV));
    QCOMPARE(int(archFromValue("bm1688")), int(SophgoArch::BM1688));
    QCOMPARE(int(archFromValue("BM1690")), int(SophgoArch::AKS));
    QCOMPARE(int(archFromValue("7")), int(SophgoArch::CV184X));
    QCOMPARE(int(archFromValue("99")), int(SophgoArch::Unknown));
    QVERIFY(!parseGlobalProfile("tpu_freq=1000\n", "g").ok()); // no arch: an error naming the file
}

void TstSophgoCdm::tlvFraming()
{
    std::vector<std::uint8_t> bytes;
    auto put = [&](std::uint32_t v) {
        for (int i = 0; i < 4; ++i)
            bytes.push_back(std::uint8_t(v >> (8 * i)));
    };
    put(3);
    put(16);
    for (int i = 0; i < 16; ++i)
        bytes.push_back(1);
    put(99); // unknown type, skipped by its length
    put(4);
    put(0);
    put(4); // GDMA declares 64 bytes, 10 present
    put(64);
    for (int i = 0; i < 10; ++i)
        bytes.push_back(2);
    const TlvScan scan = scanTlvBlocks(bytes);
    QCOMPARE(scan.blocks.size(), std::size_t(2));
    QCOMPARE(scan.blocks[0].type, 3u);
    QCOMPARE(scan.blocks[0].payload.size(), std::size_t(16));
    QVERIFY(scan.blocks[1].truncated);
    QCOMPARE(scan.blocks[1].payload.size(), std::size_t(10));
    QCOMPARE(scan.blocks[1].headerOffset, std::uint64_t(36));
    QCOMPARE(scan.problems.size(), std::size_t(2));
    QCOMPARE(int(scan.problems[0].kind), int(TlvProblem::Kind::UnknownType));
    QCOMPARE(scan.problems[0].offset, std::uint64_t(24));
    QCOMPARE(int(scan.problems[1].kind), int(TlvProblem::Kind::PayloadPastEnd));
    // a short header at the end
    std::vector<std::uint8_t> shortHeader(bytes.begin(), bytes.begin() + 24 + 5);
    const TlvScan s2 = scanTlvBlocks(shortHeader);
    QCOMPARE(s2.blocks.size(), std::size_t(1));
    QCOMPARE(int(s2.problems.at(0).kind), int(TlvProblem::Kind::ShortHeader));
    QCOMPARE(s2.problems.at(0).offset, std::uint64_t(24));
}

void TstSophgoCdm::probeFindsDumps()
{
    SophgoImporter imp;
    QCOMPARE(int(imp.probe(importers::Source::fromPath(kBm1690))), int(importers::Confidence::Certain));
    QCOMPARE(int(imp.probe(importers::Source::fromPath(kBm1690 / "cdmlib0_0.profile"))), int(importers::Confidence::Certain));
    QCOMPARE(int(imp.probe(importers::Source::fromPath(kBm1690 / "global.profile"))), int(importers::Confidence::Certain));
    // the folder holding the three samples holds two bmprofile dumps and this one
    QCOMPARE(SophgoImporter::dumpFolders(kShared / "sophgo", true).size(), std::size_t(3));
    QCOMPARE(int(imp.probe(importers::Source::fromPath(kShared / "perfetto"))), int(importers::Confidence::No));
    // the registry picks this importer for the folder
    auto jobs = importers::planImport({kBm1690});
    QVERIFY(jobs.ok());
    QCOMPARE(jobs.value().size(), std::size_t(1));
    QCOMPARE(jobs.value()[0].importer, std::string("sophgo"));
}

void TstSophgoCdm::bm1690MatchesTpuMlirRecords()
{
    std::map<std::string, int> refNames;
    std::vector<RecordKey> ref = readReference(&refNames);
    QCOMPARE(ref.size(), std::size_t(258));

    auto g = readGlobalProfile(kBm1690 / "global.profile");
    QVERIFY(g.ok());
    auto dump = readCdmlibDump(kBm1690, g.value(), {});
    QVERIFY2(dump.ok(), dump.ok() ? "" : dump.error().toString().c_str());
    QCOMPARE(dump.value().facts.pipeline, std::string("tpu-mlir"));
    QCOMPARE(dump.value().facts.commandSource, std::string("descriptors"));
    std::vector<RecordKey> got;
    std::map<std::string, int> gotNames;
    for (const CdmList &l : dump.value().lists)
        for (const CdmRecord &r : l.records)
            if (r.drop == DropReason::Kept) {
                const std::string engine(cdmEngineName(l.engine));
                got.emplace_back(l.core, engine, std::int64_t(r.id) + 1, r.start, r.end);
                ++gotNames[engine + "/" + std::string(r.cmd >= 0 ? l.commands[std::size_t(r.cmd)].name : "unknown")];
            }
    std::sort(ref.begin(), ref.end());
    std::sort(got.begin(), got.end());
    for (std::size_t i = 0; i < std::min(ref.size(), got.size()); ++i)
        if (ref[i] != got[i]) {
            const auto &[c, e, id, s, en] = ref[i];
            const auto &[c2, e2, id2, s2, en2] = got[i];
            QFAIL(qPrintable(QString("first difference at %1: tpu-mlir %2 %3 cmd %4 [%5, %6], ours %7 %8 cmd %9 [%10, %11]")
                                 .arg(i).arg(c).arg(QString::fromStdString(e)).arg(id).arg(s).arg(en)
                                 .arg(c2).arg(QString::fromStdString(e2)).arg(id2).arg(s2).arg(en2)));
        }
    QCOMPARE(got.size(), ref.size());
    // the function names tpu-mlir's decoder gives, from the descriptor heads alone
    QCOMPARE(gotNames, refNames);
}

void TstSophgoCdm::bm1690ModelContract()
{
    Loaded l = load(kBm1690);
    QVERIFY2(l.trace, l.error.c_str());
    const model::Trace &t = *l.trace;
    QCOMPARE(t.checkInvariants(), std::string());
    QCOMPARE(t.sources().size(), std::size_t(1));
    QVERIFY(t.sources()[0].sophgo);
    const model::SophgoFacts &f = *t.sources()[0].sophgo;
    QCOMPARE(f.chip, std::string("BM1690"));
    QCOMPARE(f.tiuFreqMhz, 1000.0);
    QVERIFY(!f.clocksFromDefault);
    QCOMPARE(f.coreCount, 8);
    QCOMPARE(f.droppedInit, std::uint64_t(6));

    std::map<std::string, const model::Track *> byName;
    for (const model::Track &tr : t.tracks())
        byName[trackName(t, tr)] = &tr;
    QVERIFY(byName.count("Core 0 · TIU"));
    QVERIFY(byName.count("Core 0 · GDMA"));
    QVERIFY(byName.count("Core 0 · SDMA"));
    QVERIFY(!byName.count("Core 0 · reader-dropped")); // one lane per engine, not per core
    const model::Track &tiu = *byName["Core 0 · TIU"];
    QCOMPARE(tiu.role, model::TrackRole::Engine);
    QCOMPARE(tiu.engine, model::EngineKind::TIU);
    QCOMPARE(tiu.core, 0);
    QCOMPARE(tiu.slices.size(), std::size_t(85));
    QCOMPARE(byName["Core 0 · GDMA"]->slices.size(), std::size_t(168));
    QCOMPARE(byName["Core 0 · SDMA"]->slices.size(), std::size_t(5));
    // the 6 init records of core 0: TIU, GDMA and SDMA each on its own lane, none overlapping
    std::size_t droppedOnCore0 = 0;
    for (const char *engine : {"TIU", "GDMA", "SDMA"}) {
        const std::string lane = std::string("Core 0 · ") + engine + " reader-dropped";
        QVERIFY2(byName.count(lane), lane.c_str());
        QCOMPARE(byName[lane]->role, model::TrackRole::Async);
        droppedOnCore0 += byName[lane]->slices.size();
    }
    QCOMPARE(droppedOnCore0, std::size_t(6));

    // layer names per record as tpu-mlir's web maps them (records.csv layer_id; SDMA none)
    {
        std::ifstream in(kBm1690Ref);
        std::string line;
        std::getline(in, line);
        const auto header = splitCsv(line);
        const std::size_t cEngine = std::size_t(std::find(header.begin(), header.end(), "engine") - header.begin());
        const std::size_t cStart = std::size_t(std::find(header.begin(), header.end(), "start_cycle") - header.begin());
        const std::size_t cLayer = std::size_t(std::find(header.begin(), header.end(), "layer_id") - header.begin());
        std::map<std::pair<std::string, std::int64_t>, std::int64_t> refLayer;
        while (std::getline(in, line))
            if (!line.empty()) {
                const auto f = splitCsv(line);
                refLayer[{f[cEngine], std::stoll(f[cStart])}] = f[cLayer] == "-" ? -1 : std::stoll(f[cLayer]);
            }
        std::size_t compared = 0, named = 0;
        for (const char *engine : {"TIU", "GDMA", "SDMA"}) {
            const model::Track &tr = *byName[std::string("Core 0 · ") + engine];
            for (std::size_t i = 0; i < tr.slices.size(); ++i) {
                const auto it = refLayer.find({engine, std::int64_t(tr.slices.start[i])});
                QVERIFY(it != refLayer.end());
                QCOMPARE(argInt(t, tr.slices.args[i], "layer_id"), it->second);
                ++compared;
                named += it->second >= 0;
            }
        }
        QCOMPARE(compared, std::size_t(258));
        QVERIFY(named > 200);
        QVERIFY(byName.count("Core 0 · Layer") && byName.count("Core 0 · Group"));
    }

    // slice times are the aligned cycles at 1000 MHz; the trace ends at 486661 ns (§1.14 step 7)
    model::TimeNs maxEnd = 0, minStart = INT64_MAX;
    std::int64_t gdmaBytes = 0, sysSlices = 0, ddrRecords = 0, l2Records = 0;
    for (const char *name : {"Core 0 · TIU", "Core 0 · GDMA", "Core 0 · SDMA"}) {
        const model::Track &tr = *byName[name];
        for (std::size_t i = 0; i < tr.slices.size(); ++i) {
            minStart = std::min(minStart, tr.slices.start[i]);
            maxEnd = std::max(maxEnd, tr.slices.start[i] + tr.slices.dur[i]);
            QCOMPARE(argInt(t, tr.slices.args[i], "start_cycle"), std::int64_t(tr.slices.start[i]));
            QCOMPARE(argInt(t, tr.slices.args[i], "cycles"), std::int64_t(tr.slices.dur[i] + 1));
            if (t.str(tr.slices.cat[i]) == "sys")
                ++sysSlices;
            if (tr.engine == model::EngineKind::GDMA) {
                gdmaBytes += argInt(t, tr.slices.args[i], "bytes");
                const std::string dir = argStr(t, tr.slices.args[i], "direction");
                ddrRecords += dir.find("DDR") != std::string::npos;
                l2Records += dir.find("L2M") != std::string::npos;
            }
        }
    }
    QCOMPARE(minStart, model::TimeNs(0));
    QCOMPARE(maxEnd, model::TimeNs(486661));
    QCOMPARE(sysSlices, std::int64_t(3)); // system.end, GDMA and SDMA chain_end
    // directions from the descriptors' memory tags (§1.14 step 8): DDR->LMEM 84, L2M->LMEM 31,
    // LMEM->L2M 24, L2M->L2M 15, DDR->L2M 11, LMEM->DDR 2, DDR->DDR 1
    QCOMPARE(ddrRecords, std::int64_t(84 + 11 + 2 + 1));
    QCOMPARE(l2Records, std::int64_t(31 + 24 + 15 + 11));
    QVERIFY(gdmaBytes > 0);
    // counters per core
    bool busy = false, ddr = false, l2 = false;
    for (const model::Track &tr : t.tracks()) {
        const std::string n = trackName(t, tr);
        busy = busy || (n == "Core 0 · TIU busy (%)" && tr.counter.size() > 0);
        ddr = ddr || (n == "Core 0 · DDR bandwidth (GB/s)" && tr.counter.size() > 0);
        l2 = l2 || (n == "Core 0 · L2M bandwidth (GB/s)" && tr.counter.size() > 0);
    }
    QVERIFY(busy && ddr && l2);
}

void TstSophgoCdm::bm1690LayerLanesMatchTpuMlir()
{
    // tpu-mlir's TPU_LAYER and TPU_GROUP_LAYER rows (layers.csv) against the "Core N · Layer" and
    // "Core N · Group" lanes, row by row once both are in (core, begin, end, name) order.
    using Row = std::tuple<int, std::int64_t, std::int64_t, std::string, std::int64_t>; // core, begin, end, name, layer id
    std::vector<Row> wantLayers, wantGroups, gotLayers, gotGroups;
    {
        std::ifstream in(kBm1690Ref.parent_path() / "layers.csv");
        QVERIFY(in.good());
        std::string line;
        std::getline(in, line);
        const auto header = splitCsv(line);
        auto col = [&](const char *name) { return std::size_t(std::find(header.begin(), header.end(), name) - header.begin()); };
        const std::size_t cCore = col("core"), cCat = col("category"), cBegin = col("begin_ns"), cEnd = col("end_ns"),
                          cName = col("name"), cLayer = col("layer_id");
        QVERIFY(cLayer < header.size());
        while (std::getline(in, line)) {
            if (line.empty())
                continue;
            const auto f = splitCsv(line);
            const bool layer = f[cCat] == "TPU_LAYER";
            QVERIFY(layer || f[cCat] == "TPU_GROUP_LAYER");
            (layer ? wantLayers : wantGroups)
                .emplace_back(std::stoi(f[cCore]), std::stoll(f[cBegin]), std::stoll(f[cEnd]), f[cName],
                              layer ? std::stoll(f[cLayer]) : -1);
        }
    }
    QCOMPARE(wantLayers.size(), std::size_t(194));
    QCOMPARE(wantGroups.size(), std::size_t(12));

    Loaded l = load(kBm1690);
    QVERIFY2(l.trace, l.error.c_str());
    const model::Trace &t = *l.trace;
    for (const model::Track &tr : t.tracks()) {
        const std::string name = trackName(t, tr);
        const bool layer = name.ends_with(" · Layer");
        const bool group = name.ends_with(" · Group");
        if (!layer && !group)
            continue;
        QVERIFY(name.rfind("Core ", 0) == 0);
        int core = -1;
        std::from_chars(name.data() + 5, name.data() + name.size(), core);
        QVERIFY(core >= 0);
        for (std::size_t i = 0; i < tr.slices.size(); ++i)
            (layer ? gotLayers : gotGroups)
                .emplace_back(core, tr.slices.start[i], tr.slices.start[i] + tr.slices.dur[i], std::string(t.str(tr.slices.name[i])),
                              layer ? argInt(t, tr.slices.args[i], "layer_id") : -1);
    }
    for (auto *rows : {&wantLayers, &wantGroups, &gotLayers, &gotGroups})
        std::sort(rows->begin(), rows->end());
    auto text = [](const Row &r) {
        std::ostringstream os;
        os << "core " << std::get<0>(r) << ' ' << std::get<1>(r) << '-' << std::get<2>(r) << ' ' << std::get<3>(r) << " layer "
           << std::get<4>(r);
        return os.str();
    };
    for (const auto &[got, want] : {std::pair(&gotLayers, &wantLayers), std::pair(&gotGroups, &wantGroups)}) {
        for (std::size_t i = 0; i < std::min(got->size(), want->size()); ++i)
            QCOMPARE(text((*got)[i]), text((*want)[i]));
        QCOMPARE(got->size(), want->size());
    }
    // The op the init/post-run records map to by their restarted ids keeps its real span apart.
    QVERIFY(std::count(gotLayers.begin(), gotLayers.end(), Row{0, 31098, 32132, "Cast", 23}) == 1);
}

void TstSophgoCdm::localLayerSpansFollowCmdIds()
{
    // Hand-made ops: A local (TIU 1-3), B global (DMA 1-2), C local on both engines (TIU 4-5, DMA 3).
    const std::string json = R"J([
        {"file-line": 2, "core_id": 0, "opcode": "tpu.A", "is_local": true, "tiu_dma_id(before)": [0, 0], "tiu_dma_id(after)": [3, 0]},
        {"file-line": 3, "core_id": 0, "opcode": "tpu.B", "is_local": false, "tiu_dma_id(before)": [3, 0], "tiu_dma_id(after)": [3, 2]},
        {"file-line": 4, "core_id": 0, "opcode": "tpu.C", "is_local": true, "tiu_dma_id(before)": [3, 2], "tiu_dma_id(after)": [5, 3]}])J";
    auto loc = parseTensorLocation(json, "module @n attributes {} {\n}\n", "t.json", "f.mlir");
    QVERIFY(loc.ok());
    const auto spans = computeLayerSpans(loc.value(), {
                                                          {0, CommandEngine::Tiu, 1, 0, 10},
                                                          {0, CommandEngine::Tiu, 2, 10, 20},
                                                          {0, CommandEngine::Tiu, 1, 100, 110}, // restarted id: new span of A
                                                          {0, CommandEngine::Tiu, 3, 110, 120}, // 3 after 1: new span again
                                                          {0, CommandEngine::Tiu, 4, 200, 210},
                                                          {0, CommandEngine::Tiu, 5, 210, 220},
                                                          {0, CommandEngine::Dma, 1, 5, 15},
                                                          {0, CommandEngine::Dma, 1, 300, 310}, // global op: one span
                                                          {0, CommandEngine::Dma, 3, 220, 230}, // other engine: new span of C
                                                          {1, CommandEngine::Tiu, 1, 0, 5},     // no op on core 1
                                                      });
    std::vector<std::tuple<std::int32_t, model::TimeNs, model::TimeNs, std::uint32_t>> got;
    for (const LayerSpan &s : spans.layers)
        got.emplace_back(s.op, s.start, s.end, s.records);
    // Op by op in first-record order (A, C, B), an op's spans together.
    const decltype(got) want{{0, 0, 20, 2}, {0, 100, 110, 1}, {0, 110, 120, 1}, {2, 200, 220, 2}, {2, 220, 230, 1}, {1, 5, 310, 2}};
    QCOMPARE(got, want);
    QCOMPARE(spans.recordOp, (std::vector<std::int32_t>{0, 0, 0, 0, 2, 2, 1, 1, 2, -1}));
}

void TstSophgoCdm::bm1690ClocksAndOptions()
{
    importers::ImportOptions o;
    o.tiuFreqMhz = 500;
    Loaded l = load(kBm1690, o);
    QVERIFY(l.trace);
    const model::SophgoFacts &f = *l.trace->sources()[0].sophgo;
    QVERIFY(f.clocksFromUser);
    QCOMPARE(f.tiuFreqMhz, 500.0);
    QCOMPARE(f.dmaFreqMhz, 1000.0);
    for (const model::Track &tr : l.trace->tracks())
        if (tr.engine == model::EngineKind::TIU && tr.slices.size() > 0) {
            // at 500 MHz a cycle lasts 2 ns
            QCOMPARE(std::int64_t(tr.slices.start[1]), 2 * argInt(*l.trace, tr.slices.args[1], "start_cycle"));
        }

    // tpu_freq=0: the default is used and a diagnostic says which
    QTemporaryDir dir;
    const fs::path d = fs::path(dir.path().toStdString()) / "cdm_profile_data_dev0";
    fs::create_directories(d);
    fs::copy_file(kBm1690 / "cdmlib0_0.profile", d / "cdmlib0_0.profile");
    std::ofstream(d / "global.profile") << "bmodel\narch=5\ntpu_freq=0\n";
    Loaded z = load(d);
    QVERIFY(z.trace);
    QVERIFY(z.trace->sources()[0].sophgo->clocksFromDefault);
    bool said = false;
    for (const auto &dg : z.trace->diagnostics())
        said = said || dg.detail.find("default clocks used (TIU 1000 MHz") != std::string::npos;
    QVERIFY(said);
}

void TstSophgoCdm::checkGenerated(const QString &tag, const QStringList &args, bool checkNames)
{
    const QString out = m_tmp.path() + "/" + tag;
    QString log;
    QVERIFY2(runGenerator(out, args, &log), qPrintable(log));
    QFile f(out + "/expected.json");
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonObject res = doc["results"].toObject();
    const fs::path dumpDir = fs::path(out.toStdString()) / doc["meta"].toObject()["dump_dir"].toString().toStdString();
    Loaded l = load(dumpDir, {}, 0); // per-record args (cmd_id) whatever the size
    QVERIFY2(l.trace, l.error.c_str());
    const model::Trace &t = *l.trace;
    QCOMPARE(t.checkInvariants(), std::string());
    QCOMPARE(t.sources()[0].sophgo->pipeline, std::string("bigTpuProfile"));
    const auto stats = engineStats(t);

    auto compareEngine = [&](const std::string &track, const QJsonObject &e) {
        QVERIFY2(stats.count(track), track.c_str());
        const EngineStats &s = stats.at(track);
        const QByteArray where = QByteArray::fromStdString(track);
        QVERIFY2(s.slices == e["slices"].toInteger(), where + " slices " + QByteArray::number(s.slices) + " vs " + QByteArray::number(e["slices"].toInteger()));
        if (e.contains("bytes"))
            QVERIFY2(s.bytes == e["bytes"].toInteger(), where + " bytes " + QByteArray::number(s.bytes) + " vs " + QByteArray::number(e["bytes"].toInteger()));
        QVERIFY2(s.firstStart == e["first_start_ns"].toInteger(), where + " first start " + QByteArray::number(s.firstStart) + " vs " + QByteArray::number(e["first_start_ns"].toInteger()));
        QVERIFY2(s.lastEnd == e["last_end_ns"].toInteger(), where + " last end " + QByteArray::number(s.lastEnd) + " vs " + QByteArray::number(e["last_end_ns"].toInteger()));
        QVERIFY2(s.busy == e["busy_ns"].toInteger(), where + " busy " + QByteArray::number(s.busy) + " vs " + QByteArray::number(e["busy_ns"].toInteger()));
        QVERIFY2(s.firstCmd == e["first_cmd_id"].toInteger() && s.lastCmd == e["last_cmd_id"].toInteger(), where + " cmd ids " + QByteArray::number(s.firstCmd) + ".." + QByteArray::number(s.lastCmd) + " vs " + QByteArray::number(e["first_cmd_id"].toInteger()) + ".." + QByteArray::number(e["last_cmd_id"].toInteger()));
        QVERIFY2(s.sysSlices == e["sys_cmd_slices"].toInteger(), where + " sys slices " + QByteArray::number(s.sysSlices));
        if (checkNames) {
            std::map<std::string, std::int64_t> want;
            const QJsonObject names = e["names"].toObject();
            for (auto it = names.begin(); it != names.end(); ++it)
                want[it.key().toStdString()] = it.value().toInteger();
            QVERIFY2(s.names == want, where + " names");
        }
    };
    for (const QJsonValue &cv : res["cores"].toArray()) {
        const QJsonObject c = cv.toObject();
        const std::string prefix = "Core " + std::to_string(c["core"].toInt()) + " · ";
        compareEngine(prefix + "TIU", c["tiu"].toObject());
        compareEngine(prefix + "GDMA", c["gdma"].toObject());
        compareEngine(prefix + "SDMA", c["sdma"].toObject());
    }
    for (const QJsonValue &pv : res["cdma"].toArray()) {
        const QJsonObject p = pv.toObject();
        compareEngine("Core " + std::to_string(p["owner_core"].toInt()) + " · CDMA port " + std::to_string(p["port"].toInt()), p);
        bool found = false;
        for (const auto &fp : t.sources()[0].sophgo->cdmaPorts)
            if (fp.port == p["port"].toInt()) {
                found = true;
                QCOMPARE(fp.ownerCore, p["owner_core"].toInt());
                QCOMPARE(fp.rebaseCycles, p["rebase_offset_cycles"].toInteger());
            }
        QVERIFY(found);
    }
    // span of all slices within 0.1 % (exact in practice)
    model::TimeNs lo = INT64_MAX, hi = INT64_MIN;
    std::int64_t total = 0;
    for (const auto &[name, s] : stats) {
        lo = std::min(lo, s.firstStart);
        hi = std::max(hi, s.lastEnd);
        total += s.slices;
    }
    const double want = double(res["total_time_ns"].toInteger());
    QVERIFY2(std::abs(double(hi - lo) - want) <= 0.001 * want, qPrintable(QString("span %1 vs %2").arg(hi - lo).arg(want)));
    QCOMPARE(total, res["slices_total"].toInteger());
    // reader-dropped lanes hold one engine each, so their records never overlap (the init records
    // of the engines of a core run at the same time)
    std::size_t droppedLanes = 0;
    for (const model::Track &tr : t.tracks()) {
        if (trackName(t, tr).find("reader-dropped") == std::string::npos)
            continue;
        ++droppedLanes;
        for (std::size_t i = 0; i < tr.slices.size(); ++i)
            QVERIFY2(!(tr.slices.flags[i] & model::kSliceOverlapLane), trackName(t, tr).c_str());
    }
    QVERIFY(droppedLanes >= 3);
    QCOMPARE(t.sources()[0].sophgo->pmuTailCycle, res["pmu_tail_cycle"].toInteger());
}

void TstSophgoCdm::generatedTwoCoresMode0()
{
    checkGenerated("aks2", {"--chip", "AKS", "--cores", "2", "--records", "300", "--jitter", "7", "--seed", "3"}, true);
}

void TstSophgoCdm::generatedEightCoresWrapsCdma()
{
    checkGenerated("aks8", {"--chip", "AKS", "--cores", "8", "--records", "66000", "--cycle-wrap", "--id-wrap", "--cdma-ports", "2,5",
                            "--cdma-records", "500", "--seed", "2"},
                   true);
}

void TstSophgoCdm::generatedAksvDynDataSys()
{
    checkGenerated("aksv4dyn", {"--chip", "AKSV", "--cores", "4", "--records", "400", "--dyn-data", "--sys-ratio", "0.2",
                                "--cdma-ports", "1", "--seed", "5"},
                   true);
}

void TstSophgoCdm::generatedAksvIdResets()
{
    checkGenerated("aksv4resets", {"--chip", "AKSV", "--cores", "4", "--records", "500", "--id-resets", "3", "--dyn-data",
                                   "--arch-value", "6", "--seed", "9"},
                   true);
}

void TstSophgoCdm::generatedBlockOrder()
{
    checkGenerated("order", {"--chip", "AKS", "--cores", "2", "--records", "200", "--dyn-data", "--block-order", "dyn,sdma,tiu,gdma",
                             "--seed", "11"},
                   true);
}

void TstSophgoCdm::generatedCompactArgsKeepBytes()
{
    // the same dump read with shared args (the large-dump form) keeps slice counts and bytes
    const QString out = m_tmp.path() + "/compact";
    QString log;
    QVERIFY2(runGenerator(out, {"--chip", "AKS", "--cores", "2", "--records", "300", "--dyn-data", "--seed", "4"}, &log), qPrintable(log));
    const fs::path d = fs::path(out.toStdString()) / "cdm_profile_data_dev0-0";
    Loaded full = load(d), compact = load(d, {}, 10);
    QVERIFY(full.trace && compact.trace);
    QVERIFY(!compact.trace->sources()[0].sophgo->perRecordArgs);
    const auto a = engineStats(*full.trace), b = engineStats(*compact.trace);
    QCOMPARE(a.size(), b.size());
    for (const auto &[name, s] : a) {
        QCOMPARE(b.at(name).slices, s.slices);
        QCOMPARE(b.at(name).bytes, s.bytes);
        QCOMPARE(b.at(name).names, s.names);
    }
    QVERIFY(compact.trace->args().memoryBytes() + compact.trace->args().textBytes() < (full.trace->args().memoryBytes() + full.trace->args().textBytes()) / 2);
}

void TstSophgoCdm::severalDumpsInOneFolder()
{
    const QString out = m_tmp.path() + "/multi";
    QString log;
    QVERIFY2(runGenerator(out, {"--chip", "AKS", "--cores", "2", "--records", "50", "--dev", "0", "--call", "0"}, &log), qPrintable(log));
    QVERIFY2(runGenerator(out, {"--chip", "AKS", "--cores", "2", "--records", "60", "--dev", "1", "--call", "2"}, &log), qPrintable(log));
    Loaded l = load(fs::path(out.toStdString()));
    QVERIFY2(l.trace, l.error.c_str());
    QCOMPARE(l.trace->sources().size(), std::size_t(2));
    std::set<std::string> processes;
    for (const model::Process &p : l.trace->processes())
        processes.insert(std::string(l.trace->str(p.name)));
    QVERIFY(processes.count("BM1690 dev0-0"));
    QVERIFY(processes.count("BM1690 dev1-2"));
}

namespace {

void writeText(const fs::path &p, const std::string &text)
{
    std::ofstream(p, std::ios::binary) << text;
}

struct Joint {
    model::TracePtr trace;
    std::string error;
    const model::SourceInfo *dump = nullptr, *host = nullptr;
    bool diag(model::DiagKind kind, const std::string &needle) const
    {
        for (const auto &dg : trace->diagnostics())
            if (dg.kind == kind && dg.detail.find(needle) != std::string::npos)
                return true;
        return false;
    }
};

Joint loadJoint(const std::vector<fs::path> &inputs)
{
    Joint j;
    importers::ImportContext ctx;
    auto r = importers::loadTrace(inputs, ctx);
    if (!r.ok()) {
        j.error = r.error().toString();
        return j;
    }
    j.trace = r.value().trace;
    for (const auto &s : j.trace->sources())
        (s.sophgo ? j.dump : j.host) = &s;
    return j;
}

model::TimeNs firstStartOf(const model::Trace &t, const std::string &track)
{
    for (const model::Track &tr : t.tracks())
        if (t.trackDisplayName(tr.id) == track && tr.slices.size())
            return *std::min_element(tr.slices.start.begin(), tr.slices.start.end());
    return INT64_MIN;
}

} // namespace

void TstSophgoCdm::hostTraceAlignment()
{
    const QString out = m_tmp.path() + "/host";
    QString log;
    QVERIFY2(runGenerator(out, {"--chip", "AKS", "--cores", "2", "--records", "200", "--seed", "9"}, &log), qPrintable(log));
    const fs::path dumpDir = fs::path(out.toStdString()) / "cdm_profile_data_dev0-0";
    Loaded alone = load(dumpDir);
    QVERIFY2(alone.trace, alone.error.c_str());
    const model::SophgoFacts &f = *alone.trace->sources()[0].sophgo;
    QVERIFY(f.tailOffsetNs >= 20000); // the generator writes tail_offset_ns
    QCOMPARE(f.tiuFreqMhz, 1000.0);    // ns = cycles below
    const model::TimeNs tiu0 = firstStartOf(*alone.trace, "Core 0 · TIU");
    QVERIFY(tiu0 != INT64_MIN);

    // host trace: the last tpudnn disable_profile ends at 9000003 µs; a later one of another
    // category and an earlier tpudnn one must not be taken
    const fs::path host = fs::path(out.toStdString()) / "host_trace.json";
    writeText(host, R"({"traceEvents":[
 {"ph":"X","cat":"tpudnn","name":"enable_profile","ts":1000.5,"dur":2,"pid":1,"tid":1},
 {"ph":"X","cat":"tpudnn","name":"disable_profile","ts":5000000,"dur":10,"pid":1,"tid":1},
 {"ph":"X","cat":"tpudnn","name":"disable_profile","ts":9000000,"dur":3,"pid":1,"tid":1},
 {"ph":"X","cat":"python","name":"disable_profile","ts":9900000,"dur":1,"pid":1,"tid":1}]})");
    const model::TimeNs tEnd = 9000003000;
    const model::TimeNs wantOffset = tEnd - f.tailOffsetNs - f.pmuTailCycle;
    for (const auto &inputs : {std::vector<fs::path>{dumpDir, host}, std::vector<fs::path>{host, dumpDir}}) {
        Joint j = loadJoint(inputs);
        QVERIFY2(j.trace, j.error.c_str());
        QVERIFY(j.dump && j.host);
        QCOMPARE(j.dump->timeOffsetNs, wantOffset);
        QCOMPARE(j.host->timeOffsetNs, model::TimeNs(0));
        QCOMPARE(firstStartOf(*j.trace, "Core 0 · TIU"), tiu0 + wantOffset);
        QVERIFY(j.diag(model::DiagKind::SophgoVendorRule, "disable_profile"));
        QVERIFY(!j.diag(model::DiagKind::SophgoNotAligned, "host trace"));
    }

    // no disable_profile: PMU cycle 0 at the end of the first tpudnn event (1002.5 µs)
    const fs::path noAnchor = fs::path(out.toStdString()) / "host_no_anchor.json";
    writeText(noAnchor, R"({"traceEvents":[
 {"ph":"X","cat":"tpudnn","name":"launch","ts":3000,"dur":5,"pid":1,"tid":1},
 {"ph":"X","cat":"tpudnn","name":"enable_profile","ts":1000.5,"dur":2,"pid":1,"tid":1}]})");
    {
        Joint j = loadJoint({dumpDir, noAnchor});
        QVERIFY2(j.trace, j.error.c_str());
        QCOMPARE(j.dump->timeOffsetNs, model::TimeNs(1002500));
        QVERIFY(j.diag(model::DiagKind::SophgoNotAligned, "no tpudnn disable_profile"));
    }

    // no tpudnn event at all: the dump stays at 0 ns and says why
    const fs::path foreign = fs::path(out.toStdString()) / "host_foreign.json";
    writeText(foreign, R"([{"ph":"X","cat":"cpu_op","name":"aten::mm","ts":50,"dur":5,"pid":1,"tid":1}])");
    {
        Joint j = loadJoint({dumpDir, foreign});
        QVERIFY2(j.trace, j.error.c_str());
        QCOMPARE(j.dump->timeOffsetNs, model::TimeNs(0));
        QVERIFY(j.diag(model::DiagKind::SophgoNotAligned, "no complete event of category tpudnn"));
    }

    // the dump without tail_offset_ns: the fallback rule, and a diagnostic naming the missing key
    const fs::path noTail = fs::path(out.toStdString()) / "no_tail" / "cdm_profile_data_dev0-0";
    fs::create_directories(noTail);
    for (const auto &e : fs::directory_iterator(dumpDir))
        fs::copy_file(e.path(), noTail / e.path().filename());
    {
        std::ifstream in(noTail / "global.profile");
        std::string line, kept;
        while (std::getline(in, line))
            if (!line.starts_with("tail_offset_ns"))
                kept += line + "\n";
        in.close();
        writeText(noTail / "global.profile", kept);
    }
    {
        Joint j = loadJoint({noTail, host});
        QVERIFY2(j.trace, j.error.c_str());
        QCOMPARE(j.dump->timeOffsetNs, model::TimeNs(1002500));
        QVERIFY(j.diag(model::DiagKind::SophgoNotAligned, "no tail_offset_ns"));
    }
}

void TstSophgoCdm::truncationSweep()
{
    // every length of the sample's cdmlib file: never a crash, a load with a diagnostic naming
    // the file, and never more records than the whole file gives
    QTemporaryDir dir;
    const fs::path d = fs::path(dir.path().toStdString()) / "cdm_profile_data_dev0";
    fs::create_directories(d);
    fs::copy_file(kBm1690 / "global.profile", d / "global.profile");
    std::ifstream in(kBm1690 / "cdmlib0_0.profile", std::ios::binary);
    const std::string whole((std::istreambuf_iterator<char>(in)), {});
    std::size_t loads = 0;
    using accelscope::testing::kSweepThinning;
    for (std::size_t len = 0; len < whole.size(); len += ((len < 2048 || len % 64 < 16) ? 1 : 61) * kSweepThinning) {
        {
            std::ofstream o(d / "cdmlib0_0.profile", std::ios::binary | std::ios::trunc);
            o.write(whole.data(), std::streamsize(len));
        }
        Loaded l = load(d);
        if (!l.trace)
            continue;
        ++loads;
        QCOMPARE(l.trace->checkInvariants(), std::string());
        QVERIFY(l.trace->sliceCount() <= 258 + 6);
        if (len > 8 && len < 33632) {
            bool named = false;
            for (const auto &dg : l.trace->diagnostics())
                named = named || dg.file.find("cdmlib0_0.profile") != std::string::npos;
            QVERIFY2(named, qPrintable(QString("no diagnostic names the file truncated at %1").arg(len)));
        }
    }
    QVERIFY(loads > 100 / kSweepThinning);
}

void TstSophgoCdm::byteFlipSweep()
{
    QTemporaryDir dir;
    const fs::path d = fs::path(dir.path().toStdString()) / "cdm_profile_data_dev0";
    fs::create_directories(d);
    fs::copy_file(kBm1690 / "global.profile", d / "global.profile");
    std::ifstream in(kBm1690 / "cdmlib0_0.profile", std::ios::binary);
    const std::string whole((std::istreambuf_iterator<char>(in)), {});
    for (std::size_t pos = 0; pos < whole.size(); pos += (pos < 64 ? 1 : 37) * accelscope::testing::kSweepThinning) {
        for (unsigned char x : {0xffu, 0x80u}) {
            std::string bytes = whole;
            bytes[pos] = char(static_cast<unsigned char>(bytes[pos]) ^ x);
            {
                std::ofstream o(d / "cdmlib0_0.profile", std::ios::binary | std::ios::trunc);
                o.write(bytes.data(), std::streamsize(bytes.size()));
            }
            Loaded l = load(d);
            if (l.trace)
                QCOMPARE(l.trace->checkInvariants(), std::string());
            else
                QVERIFY(!l.error.empty());
        }
    }
}

void TstSophgoCdm::missingAndDamagedFiles()
{
    const QString out = m_tmp.path() + "/damaged";
    QString log;
    QVERIFY2(runGenerator(out, {"--chip", "AKS", "--cores", "8", "--records", "40", "--cdma-ports", "3", "--seed", "8"}, &log), qPrintable(log));
    const fs::path d = fs::path(out.toStdString()) / "cdm_profile_data_dev0-0";
    // the CDMA owner core's file is missing: the port is attributed elsewhere, with a word
    fs::remove(d / "cdmlib0_7.profile");
    Loaded l = load(d);
    QVERIFY2(l.trace, l.error.c_str());
    bool said = false;
    for (const auto &dg : l.trace->diagnostics())
        said = said || dg.detail.find("whose file is missing") != std::string::npos;
    QVERIFY(said);
    // an unknown block type between blocks is skipped with its offset
    {
        std::ofstream o(d / "cdmlib0_1.profile", std::ios::binary | std::ios::app);
        const std::uint32_t hdr[2] = {77, 4};
        o.write(reinterpret_cast<const char *>(hdr), 8);
        o.write("abcd", 4);
    }
    Loaded u = load(d);
    QVERIFY(u.trace);
    bool unknown = false;
    for (const auto &dg : u.trace->diagnostics())
        unknown = unknown || (dg.kind == model::DiagKind::UnknownPacket && dg.file.find("cdmlib0_1.profile") != std::string::npos
                              && dg.detail.find("block type 77") != std::string::npos);
    QVERIFY(unknown);
    // no cdmlib file at all: a clear error naming the folder
    QTemporaryDir empty;
    const fs::path e = fs::path(empty.path().toStdString()) / "cdm_profile_data_dev0";
    fs::create_directories(e);
    std::ofstream(e / "global.profile") << "arch=8800\n";
    std::ofstream(e / "cdmlib0_0.profile"); // empty file: loads with nothing in it
    Loaded z = load(e);
    QVERIFY(z.trace || !z.error.empty());
}

QTEST_GUILESS_MAIN(TstSophgoCdm)
#include "tst_sophgocdm.moc"
