// bmprofile dumps (tpu-mlir): both real samples against tpu-mlir's own reading
// (tpu_mlir_reference/<set>/records.csv and layers.csv), hand-made iter0.profile dumps for the
// rules the samples do not exercise (multi-core send/wait alignment, CV184X layouts and clocks,
// id and time wraps, the GDMA window rule, the BM1684X pairing), the trace model, and truncation /
// byte-flip sweeps over both samples.
#include "bmprofiledump.h"
#include "importers/sophgo/bmprofile.h"
#include "importers/sophgo/bmprofiledescriptors.h"
#include "importers/sophgo/tensorlocation.h"
#include "model/argstree.h"
#include "model/sophgofacts.h"
#include "tests/sanitizedsweep.h"

#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace accelscope;
using namespace accelscope::importers;
using namespace accelscope::importers::sophgo;
namespace fs = std::filesystem;
using namespace bmprofiletest;

namespace {

const fs::path kShared = fs::path(ACCELSCOPE_SHARED_DATA) / "sophgo";
const fs::path kBm1688 = kShared / "bmprofile_data-1_bm1688";
const fs::path kBm1684x = kShared / "bmprofile_data-1_bm1684x";
const fs::path kReference = kShared / "tpu_mlir_reference";

/// CSV with double-quoted cells (the reference files quote cells holding commas).
std::vector<std::map<std::string, std::string>> readCsv(const fs::path &p)
{
    const std::string text = readFile(p);
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> row;
    std::string cell;
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            row.push_back(cell);
            cell.clear();
        } else if (c == '\n') {
            row.push_back(cell);
            cell.clear();
            rows.push_back(row);
            row.clear();
        } else if (c != '\r') {
            cell += c;
        }
    }
    if (!cell.empty() || !row.empty()) {
        row.push_back(cell);
        rows.push_back(row);
    }
    std::vector<std::map<std::string, std::string>> out;
    for (std::size_t r = 1; r < rows.size(); ++r) {
        std::map<std::string, std::string> m;
        for (std::size_t c = 0; c < rows[0].size() && c < rows[r].size(); ++c)
            m[rows[0][c]] = rows[r][c];
        out.push_back(std::move(m));
    }
    return out;
}

std::int64_t toInt(const std::string &s) { return static_cast<std::int64_t>(std::llround(std::stod(s))); }

std::string engineName(BmEngine e) { return e == BmEngine::Tiu ? "TIU" : "GDMA"; }

/// GDMA descriptor; `wide`: CV184X 5-bit cmd_type. BM1688: src/dst high address bytes set DDR/LMEM.
std::string gdmaDesc(unsigned type, unsigned sp, bool wide, bool srcDdr = true, bool dstDdr = false, unsigned format = 2)
{
    const std::size_t len = type == 6 ? 16 : 96;
    std::string d(len, '\0');
    std::uint64_t head = (type == 6 ? 8u : 0u) | (std::uint64_t(type) << 32) | (std::uint64_t(sp) << (wide ? 37 : 36))
        | (std::uint64_t(format) << 40);
    std::memcpy(d.data(), &head, 8);
    if (len == 96) {
        d[68] = static_cast<char>(srcDdr ? 0xa0 : 0);
        d[76] = static_cast<char>(dstDdr ? 0xa0 : 0);
    }
    return d;
}

const BmRecord *find(const BmprofileReading &r, std::int32_t core, BmEngine e, std::int64_t cmdId, bool kept = true)
{
    for (const auto &rec : r.records)
        if (rec.core == core && rec.engine == e && rec.cmdId == cmdId && rec.keptByTpuMlir == kept)
            return &rec;
    return nullptr;
}

} // namespace

class TstSophgoBmprofile : public QObject {
    Q_OBJECT

private:
    /// (core, engine, cmd_id, start, end, func_type, func_name) of records.csv against our kept records.
    void compareRecords(const BmprofileReading &r, const fs::path &csv, bool namesOnlyWithCommand)
    {
        const auto ref = readCsv(csv);
        std::vector<const BmRecord *> ours;
        for (const auto &rec : r.records)
            if (rec.keptByTpuMlir)
                ours.push_back(&rec);
        QCOMPARE(ours.size(), ref.size());
        // records.csv is ordered per core -> engine (TIU, GDMA) -> tpu-mlir's order; so are we.
        std::map<std::string, std::vector<const std::map<std::string, std::string> *>> refBy;
        std::map<std::string, std::vector<const BmRecord *>> oursBy;
        for (const auto &row : ref)
            refBy[row.at("core") + "." + row.at("engine")].push_back(&row);
        for (const auto *rec : ours)
            oursBy[std::to_string(rec->core) + "." + engineName(rec->engine)].push_back(rec);
        QCOMPARE(oursBy.size(), refBy.size());
        std::size_t compared = 0;
        for (const auto &[key, rows] : refBy) {
            const auto &mine = oursBy[key];
            QCOMPARE(mine.size(), rows.size());
            for (std::size_t i = 0; i < rows.size(); ++i) {
                const auto &row = *rows[i];
                const auto &rec = *mine[i];
                const std::string where = key + " #" + std::to_string(i);
                QVERIFY2(rec.cmdId == toInt(row.at("cmd_id")), where.c_str());
                QVERIFY2(rec.startCycle == toInt(row.at("start_cycle")), (where + " start " + std::to_string(rec.startCycle) + " vs " + row.at("start_cycle")).c_str());
                QVERIFY2(rec.endCycle == toInt(row.at("end_cycle")), (where + " end " + std::to_string(rec.endCycle) + " vs " + row.at("end_cycle")).c_str());
                const bool refHasCmd = row.at("has_cmd") == "1";
                QVERIFY2(rec.hasCommand == refHasCmd, where.c_str());
                if (refHasCmd || !namesOnlyWithCommand) {
                    QVERIFY2(rec.funcType == row.at("func_type"), (where + " " + rec.funcType + " vs " + row.at("func_type")).c_str());
                    QVERIFY2(rec.funcName == row.at("func_name"), (where + " " + rec.funcName + " vs " + row.at("func_name")).c_str());
                }
                if (rec.engine == BmEngine::Gdma) {
                    if (refHasCmd)
                        QVERIFY2(rec.direction == row.at("direction"), (where + " " + rec.direction + " vs " + row.at("direction")).c_str());
                    QVERIFY2(rec.bytes == static_cast<std::uint64_t>(toInt(row.at("dma_bytes"))), where.c_str());
                    const double bw = std::stod(row.at("ddr_bw_gbps"));
                    QVERIFY2(std::abs(rec.bandwidthGBps - bw) < 6e-4, (where + " bw " + std::to_string(rec.bandwidthGBps)).c_str());
                }
                ++compared;
            }
        }
        QCOMPARE(compared, ref.size());
    }

private slots:
    void descriptorHeads()
    {
        // bm1688 sample: 137 TIU descriptors in 8512 of 8576 bytes, 167 GDMA ending in chain_end.
        const auto tiu = readFile(kBm1688 / "cmd_12406e000_0_0.dat");
        const auto t = splitTiuCommands({reinterpret_cast<const std::uint8_t *>(tiu.data()), tiu.size()}, DescriptorDialect::BM1688);
        QVERIFY(t.problem.empty());
        QCOMPARE(t.commands.size(), std::size_t(137));
        QCOMPARE(t.commands.back().offset + t.commands.back().length, std::uint64_t(8512));
        QCOMPARE(t.commands.back().opName, std::string("system.end"));
        const auto gdma = readFile(kBm1688 / "cmd_124071000_0_1.dat");
        const auto g = splitGdmaCommands({reinterpret_cast<const std::uint8_t *>(gdma.data()), gdma.size()}, DescriptorDialect::BM1688);
        QCOMPARE(g.commands.size(), std::size_t(167));
        QCOMPARE(g.commands.back().opName, std::string("dma.sys.chain_end"));
        QCOMPARE(directionText(g.commands[0].src, g.commands[0].dst), std::string("DDR->LMEM"));
        // An unknown head stops with its offset.
        std::string bad = tiuDesc(64, true, 3, 2) + tiuDesc(64, true, 11, 0);
        const auto b = splitTiuCommands({reinterpret_cast<const std::uint8_t *>(bad.data()), bad.size()}, DescriptorDialect::BM1688);
        QCOMPARE(b.commands.size(), std::size_t(1));
        QCOMPARE(b.problemOffset, std::uint64_t(64));
        QVERIFY(!b.problem.empty());
    }

    void bm1688MatchesTpuMlir()
    {
        const auto r = readOk(kBm1688);
        QCOMPARE(r.chip, std::string("BM1688"));
        QVERIFY(r.perfAiPath);
        QCOMPARE(r.tiuFreqMhz, 900.0);
        QCOMPARE(r.dmaFreqMhz, 750.0);
        QVERIFY(r.clocksFromDefault);
        QVERIFY(hasDiagnostic(r, model::DiagKind::SophgoDefaultClock, "global.profile", "900 MHz"));
        compareRecords(r, kReference / "bmprofile_data-1_bm1688" / "records.csv", false);
        // The three GDMA records outside tpu-mlir's window are kept, marked.
        std::size_t dropped = 0;
        for (const auto &rec : r.records)
            if (!rec.keptByTpuMlir) {
                ++dropped;
                QCOMPARE(rec.engine, BmEngine::Gdma);
                QCOMPARE(rec.droppedBecause, std::string("outside GDMA window"));
            }
        QCOMPARE(dropped, std::size_t(3));
        // Directions and data types of the GDMA records.
        const auto ref = readCsv(kReference / "bmprofile_data-1_bm1688" / "records.csv");
        std::size_t gi = 0;
        for (const auto &rec : r.records) {
            if (rec.engine != BmEngine::Gdma || !rec.keptByTpuMlir)
                continue;
            while (ref[gi].at("engine") != "GDMA")
                ++gi;
            QCOMPARE(rec.direction, ref[gi].at("direction"));
            QCOMPARE(rec.dataType, ref[gi].at("data_type"));
            QCOMPARE(rec.stallCycles, static_cast<std::uint64_t>(toInt(ref[gi].at("stall_cycle"))));
            QCOMPARE(rec.layerName, ref[gi].at("layer_name") == "-" ? std::string() : ref[gi].at("layer_name"));
            ++gi;
        }
    }

    void bm1688LayersMatchTpuMlir()
    {
        const auto r = readOk(kBm1688);
        const auto ref = readCsv(kReference / "bmprofile_data-1_bm1688" / "layers.csv");
        std::multiset<std::tuple<std::int64_t, std::int64_t, std::string>> want, got, wantGroups, gotGroups;
        for (const auto &row : ref) {
            const auto t = std::make_tuple(toInt(row.at("begin_ns")), toInt(row.at("end_ns")), row.at("name"));
            (row.at("category") == "TPU_LAYER" ? want : wantGroups).insert(t);
        }
        for (const auto &l : r.layers)
            got.insert({l.start, l.end, l.name});
        for (const auto &g : r.groups)
            gotGroups.insert({g.start, g.end, g.name});
        QCOMPARE(want.size(), std::size_t(186));
        QCOMPARE(wantGroups.size(), std::size_t(13));
        QVERIFY(got == want);
        QVERIFY(gotGroups == wantGroups);
    }

    void bm1684xMatchesTpuMlir()
    {
        const auto r = readOk(kBm1684x);
        QCOMPARE(r.chip, std::string("BM1684X"));
        QVERIFY(!r.perfAiPath);
        QCOMPARE(r.tiuFreqMhz, 1000.0);
        QVERIFY(!r.clocksFromDefault); // tpu_freq=1000 in global.profile
        compareRecords(r, kReference / "bmprofile_data-1_bm1684x" / "records.csv", true);
        // Layer spans of global.profile's layers.
        const auto ref = readCsv(kReference / "bmprofile_data-1_bm1684x" / "layers.csv");
        std::multiset<std::tuple<std::int64_t, std::int64_t, std::int64_t, std::string>> want, got;
        std::multiset<std::tuple<std::int64_t, std::int64_t, std::string, std::string>> wantFw, gotFw;
        for (const auto &row : ref) {
            if (row.at("category") == "TPU_LAYER")
                want.insert({toInt(row.at("begin_ns")), toInt(row.at("end_ns")), toInt(row.at("layer_id")), row.at("name")});
            else if (row.at("category") == "NODE_OP")
                wantFw.insert({toInt(row.at("begin_ns")), toInt(row.at("end_ns")), row.at("name"), row.at("is_local")});
        }
        for (const auto &l : r.layers)
            got.insert({l.start, l.end, l.layerId, l.name});
        QCOMPARE(want.size(), std::size_t(183));
        QVERIFY(got == want);
        // Firmware lane: the six DYN_DATA items on the PMU time base.
        QVERIFY(r.firmwareOnDeviceClock);
        for (const auto &f : r.firmware)
            gotFw.insert({f.start, f.end, f.name, f.info});
        QCOMPARE(wantFw.size(), std::size_t(6));
        QVERIFY(gotFw == wantFw);
        // Compiler estimate from net_stat.sim, at 0.225 ms for the whole schedule.
        QVERIFY(!r.estimate.empty());
        model::TimeNs last = 0;
        for (const auto &e : r.estimate)
            last = std::max(last, e.end);
        QVERIFY(std::abs(last - 225000) < 2000);
        for (const auto &d : r.diagnostics.items())
            QVERIFY2(!std::string_view(d.file).ends_with("net_stat.sim"), d.detail.c_str());
    }

    void importBuildsTheModel()
    {
        for (const auto &dir : {kBm1688, kBm1684x}) {
            model::TraceBuilder builder;
            ImportContext ctx;
            auto st = importBmprofileDump(dir, globalFor(dir), builder, ctx);
            QVERIFY2(st.ok(), st.ok() ? "" : st.error().toString().c_str());
            auto trace = builder.build();
            QVERIFY(trace);
            QCOMPARE(trace->checkInvariants(), std::string());
            QCOMPARE(trace->sources().size(), std::size_t(1));
            const auto &facts = trace->sources()[0].sophgo;
            QVERIFY(facts);
            std::map<std::string, std::size_t> slicesPerTrack;
            for (const auto &t : trace->tracks())
                slicesPerTrack[trace->trackDisplayName(t.id)] = t.slices.start.size();
            const bool is1688 = dir == kBm1688;
            QCOMPARE(facts->chip, std::string(is1688 ? "BM1688" : "BM1684X"));
            QCOMPARE(slicesPerTrack["Core 0 · TIU"], std::size_t(is1688 ? 137 : 90));
            QCOMPARE(slicesPerTrack["Core 0 · GDMA"], std::size_t(is1688 ? 166 : 163));
            QCOMPARE(slicesPerTrack["Core 0 · Layer"], std::size_t(is1688 ? 186 : 183));
            if (is1688) {
                QCOMPARE(slicesPerTrack["Core 0 · reader-dropped"], std::size_t(3));
                QCOMPARE(slicesPerTrack["Core 0 · Group"], std::size_t(13));
            }
            QVERIFY(slicesPerTrack["Firmware (runtime DYN_DATA)"] >= 6);
            QVERIFY(slicesPerTrack["Compiler estimate (not measured) · TIU"] > 0);
            for (const auto &t : trace->tracks()) {
                const std::string name = trace->trackDisplayName(t.id);
                if (name == "Core 0 · TIU") {
                    QCOMPARE(std::string(trace->str(t.name)), std::string("TIU"));
                    QCOMPARE(t.role, model::TrackRole::Engine);
                    QCOMPARE(t.engine, model::EngineKind::TIU);
                    QCOMPARE(t.core, 0);
                }
                if (name == "Core 0 · GDMA") {
                    QCOMPARE(t.engine, model::EngineKind::GDMA);
                    // Every GDMA slice carries its bytes.
                    for (std::size_t i = 0; i < t.slices.start.size(); ++i)
                        QVERIFY(trace->args().json(t.slices.args[i]).find("\"bytes\":") != std::string_view::npos);
                }
            }
        }
    }

    void clockOverrides()
    {
        ImportOptions o;
        o.tiuFreqMhz = 1000;
        o.dmaFreqMhz = 1000;
        const auto r = readOk(kBm1688, o);
        QVERIFY(r.clocksFromUser);
        QVERIFY(!r.clocksFromDefault);
        QVERIFY(!hasDiagnostic(r, model::DiagKind::SophgoDefaultClock, "global.profile"));
        ImportOptions half;
        half.tiuFreqMhz = 1000;
        const auto h = readOk(kBm1688, half);
        QVERIFY(h.clocksFromUser && h.clocksFromDefault);
        QVERIFY(hasDiagnostic(h, model::DiagKind::SophgoDefaultClock, "global.profile", "defaults are used: GDMA 750 MHz"));
        // 1:1 clocks: cycles are raw - t0, t0 = the first kept GDMA record's raw start.
        const BmRecord *firstGdma = nullptr;
        for (const auto &rec : r.records)
            if (rec.engine == BmEngine::Gdma && rec.keptByTpuMlir && !firstGdma)
                firstGdma = &rec;
        const auto *first = find(r, 0, BmEngine::Tiu, 1);
        QVERIFY(first && firstGdma);
        QCOMPARE(firstGdma->startCycle, std::int64_t(0));
        QCOMPARE(first->startCycle, std::int64_t(first->rawStart) - std::int64_t(firstGdma->rawStart));
        QCOMPARE(first->startNs, first->startCycle);
    }

    void multiCoreSendWaitAlignment()
    {
        QTemporaryDir tmp;
        const fs::path dir = fs::path(tmp.path().toStdString()) / "dump";
        writeFile(dir / "global.profile", "[bmprofile] arch=4\n[bmprofile] tpu_freq=0\n[bmprofile] core_list=0,1,\n");
        // Core 0: TIU wait_msg, sAR, end; GDMA tensor, chain_end.
        writeFile(dir / "cmd_a000_0_0.dat", tiuDesc(16, false, 15, 9) + tiuDesc(64, true, 3, 2) + tiuDesc(16, false, 15, 31));
        writeFile(dir / "cmd_b000_0_1.dat", gdmaDesc(0, 0, false) + gdmaDesc(6, 0, false));
        // Core 1: TIU send_msg, wait_msg, sAR, end; GDMA tensor, tensor, chain_end.
        writeFile(dir / "cmd_c000_1_0.dat",
                  tiuDesc(16, false, 15, 8) + tiuDesc(16, false, 15, 9) + tiuDesc(64, true, 3, 2) + tiuDesc(16, false, 15, 31));
        writeFile(dir / "cmd_d000_1_1.dat", gdmaDesc(0, 0, false) + gdmaDesc(0, 0, false, false, true) + gdmaDesc(6, 0, false));
        // TIU at 900 MHz (9 cycles = 10 ns), GDMA at 750 MHz (3 cycles = 4 ns).
        const std::string core0Tiu = tiu32(9000, 9900, 0) + tiu32(10800, 18000, 1) + tiu32(18900, 19800, 2);
        const std::string core0Gdma = gdmaRecord(256, 3000, 6000, 0) + gdmaRecord(256, 7500, 9000, 0, {{20, 4096}})
            + gdmaRecord(256, 30000, 30300, 0) + gdmaRecord(256, 30600, 30900, 1);
        const std::string core1Tiu = tiu32(900, 1800, 0) + tiu32(13500, 14400, 1) + tiu32(15300, 22500, 2) + tiu32(23400, 24300, 3);
        const std::string core1Gdma = gdmaRecord(256, 11250, 12750, 0) + gdmaRecord(256, 13500, 15000, 1, {{12, 1500}, {36, 3000}});
        // Blocks of the two cores interleaved: the k-th block of each type is core k.
        writeFile(dir / "iter0.profile", summary() + command(0xb000, 0xa000, 2, 3) + block(3, core0Tiu) + command(0xd000, 0xc000, 3, 4)
                                             + block(4, core0Gdma) + block(3, core1Tiu) + block(4, core1Gdma));
        const auto r = readOk(dir);
        QCOMPARE(r.coresPresent, 2);
        QCOMPARE(r.crossCoreShiftNs.size(), std::size_t(2));
        QCOMPARE(r.crossCoreShiftNs[1], std::int64_t(5000));
        QVERIFY(hasDiagnostic(r, model::DiagKind::SophgoVendorRule, "iter0.profile", "core 1 shifted by -5000 ns"));
        // Both cores now coincide; t0 = 10000 ns (the wait_msg starts).
        for (int core = 0; core < 2; ++core) {
            const std::int64_t base = core == 0 ? 1 : 2; // core 1's Cmd Ids are one higher (leading send)
            const auto *wait = find(r, core, BmEngine::Tiu, base);
            const auto *ar = find(r, core, BmEngine::Tiu, base + 1);
            const auto *end = find(r, core, BmEngine::Tiu, base + 2);
            QVERIFY(wait && ar && end);
            QCOMPARE(wait->funcName, std::string("system.wait_msg"));
            QCOMPARE(wait->startCycle, std::int64_t(0));
            QCOMPARE(wait->endCycle, std::int64_t(900));
            QCOMPARE(ar->startCycle, std::int64_t(1800));
            QCOMPARE(ar->endCycle, std::int64_t(9000));
            QCOMPARE(ar->funcName, std::string("arith.add"));
            QCOMPARE(end->startCycle, std::int64_t(9900));
            QCOMPARE(end->endCycle, std::int64_t(10800));
            QCOMPARE(end->startNs, std::int64_t(11000));
        }
        const auto *send = find(r, 1, BmEngine::Tiu, 1, false);
        QVERIFY(send);
        QCOMPARE(send->droppedBecause, std::string("leading send_msg"));
        QCOMPARE(send->startCycle, std::int64_t(-12600)); // (1000 - 5000 - 10000) ns at 900 MHz
        const auto *g0 = find(r, 0, BmEngine::Gdma, 1);
        QVERIFY(g0);
        QCOMPARE(g0->startCycle, std::int64_t(0));
        QCOMPARE(g0->endCycle, std::int64_t(1500));
        QCOMPARE(g0->funcName, std::string("tensorLd"));
        const auto *g1 = find(r, 1, BmEngine::Gdma, 2);
        QVERIFY(g1);
        QCOMPARE(g1->startCycle, std::int64_t(2250)); // 18000 - 5000 - 10000 ns
        QCOMPARE(g1->endCycle, std::int64_t(3750));
        QCOMPARE(g1->funcName, std::string("tensorSt"));
        QCOMPARE(g1->direction, std::string("LMEM->DDR"));
        QCOMPARE(g1->bytes, std::uint64_t(3000)); // max(gmem 1500, lmem 3000)
        std::size_t kept0 = 0;
        for (const auto &rec : r.records)
            kept0 += rec.core == 0 && rec.engine == BmEngine::Gdma && rec.keptByTpuMlir;
        QCOMPARE(kept0, std::size_t(1)); // three zeros: from the second (inclusive) to the last (exclusive)

        // A core without wait_msg is not shifted, with a warning (tpu-mlir would pair the wrong cores).
        writeFile(dir / "cmd_c000_1_0.dat",
                  tiuDesc(16, false, 15, 8) + tiuDesc(16, false, 15, 1) + tiuDesc(64, true, 3, 2) + tiuDesc(16, false, 15, 31));
        const auto r2 = readOk(dir);
        QCOMPARE(r2.crossCoreShiftNs[1], std::int64_t(0));
        QVERIFY(hasDiagnostic(r2, model::DiagKind::SophgoNotAligned, "iter0.profile", "core 1 has no system.wait_msg"));
    }

    void cv184xLayoutsAndClocks()
    {
        for (const char *arch : {"8", "7", "CV184X"}) {
            QTemporaryDir tmp;
            const fs::path dir = fs::path(tmp.path().toStdString()) / "bmprofile_data-0";
            writeFile(dir / "global.profile", std::string("[bmprofile] arch=") + arch + "\n[bmprofile] tpu_freq=1000\n");
            // TIU: sAR copy (64 B) and an 8-byte system.end; GDMA: tensor (cmd_type in 5 bits), chain_end.
            writeFile(dir / "cmd_100_0_0.dat", tiuDesc(64, true, 3, 19) + tiuDesc(8, false, 15, 31));
            writeFile(dir / "cmd_200_0_1.dat", gdmaDesc(0, 0, true) + gdmaDesc(0, 1, true) + gdmaDesc(6, 0, true));
            const std::string tiu = tiu16(750, 1500, 0) + tiu16(2250, 3000, 1);
            const std::string gdma = gdmaRecord(64, 0, 65, 0) + gdmaRecord(64, 650, 1300, 0, {{40, 4096}, {20, 1024}, {16, 7}})
                + gdmaRecord(64, 1950, 2600, 1, {{40, 8192}}) + gdmaRecord(64, 9750, 9800, 0);
            writeFile(dir / "iter0.profile", summary() + command(0x200, 0x100, 3, 2) + block(3, tiu) + block(4, gdma));
            const auto r = readOk(dir);
            QCOMPARE(r.chip, std::string("CV184X"));
            QCOMPARE(r.tiuFreqMhz, 750.0);
            QCOMPARE(r.dmaFreqMhz, 650.0);
            QVERIFY(r.clocksFromDefault);
            QVERIFY(hasDiagnostic(r, model::DiagKind::SophgoDefaultClock, "global.profile", "compute ability 0.75"));
            const auto *t1 = find(r, 0, BmEngine::Tiu, 1);
            const auto *t2 = find(r, 0, BmEngine::Tiu, 2);
            QVERIFY(t1 && t2);
            QCOMPARE(t1->startCycle, std::int64_t(0));
            QCOMPARE(t1->endCycle, std::int64_t(750));
            QCOMPARE(t1->funcName, std::string("arith.copy"));
            QCOMPARE(t2->startCycle, std::int64_t(1500));
            QCOMPARE(t2->endCycle, std::int64_t(2250));
            QCOMPARE(t2->funcName, std::string("system.end"));
            QCOMPARE(t2->funcType, std::string("SYS"));
            const auto *g1 = find(r, 0, BmEngine::Gdma, 1);
            const auto *g2 = find(r, 0, BmEngine::Gdma, 2);
            QVERIFY(g1 && g2);
            QCOMPARE(g1->startCycle, std::int64_t(0));
            QCOMPARE(g1->endCycle, std::int64_t(650));
            QCOMPARE(g1->bytes, std::uint64_t(5120)); // gif_mem_w + axi_d0_w
            QCOMPARE(g1->stallCycles, std::uint64_t(7));
            QVERIFY(std::abs(g1->bandwidthGBps - 5120.0 / 651.0 * 0.65) < 1e-9);
            QCOMPARE(g1->funcType, std::string("DMA_tensor"));
            QCOMPARE(g2->startCycle, std::int64_t(1300));
            QCOMPARE(g2->endCycle, std::int64_t(1950));
            QCOMPARE(g2->funcName, std::string("NC trans")); // special function 1 read from bits 37-39
            // User clocks (compute ability 0.5: 500/500 MHz).
            ImportOptions o;
            o.tiuFreqMhz = 500;
            o.dmaFreqMhz = 500;
            const auto r2 = readOk(dir, o);
            QVERIFY(r2.clocksFromUser && !r2.clocksFromDefault);
            // TIU end at 2250 cycles = 4500 ns, t0 = the GDMA start 650 cycles = 1300 ns: 3200 ns = 1600 cycles.
            QCOMPARE(find(r2, 0, BmEngine::Tiu, 2)->startCycle, std::int64_t(1600));
        }
    }

    void idUnwrapAndWindowVariants()
    {
        QTemporaryDir tmp;
        const fs::path dir = fs::path(tmp.path().toStdString()) / "dump";
        writeFile(dir / "global.profile", "[bmprofile] arch=4\n");
        const std::string tiu = tiu32(900, 1800, 65534) + tiu32(2700, 3600, 65535) + tiu32(4500, 5400, 0) + tiu32(6300, 7200, 1);
        const std::string gdma = gdmaRecord(256, 750, 1500, 1) + gdmaRecord(256, 2250, 3000, 2);
        writeFile(dir / "iter0.profile", summary() + block(3, tiu) + block(4, gdma));
        const auto r = readOk(dir);
        std::vector<std::int64_t> ids;
        for (const auto &rec : r.records)
            if (rec.engine == BmEngine::Tiu)
                ids.push_back(rec.cmdId);
        QCOMPARE(ids, (std::vector<std::int64_t>{65535, 65536, 65537, 65538}));
        QVERIFY(hasDiagnostic(r, model::DiagKind::SophgoVendorRule, "iter0.profile", "16 bits"));
        // No id 0 in the GDMA list: every record is kept.
        std::size_t keptGdma = 0;
        for (const auto &rec : r.records)
            keptGdma += rec.engine == BmEngine::Gdma && rec.keptByTpuMlir;
        QCOMPARE(keptGdma, std::size_t(2));
        // Two zeros: only the records strictly between them.
        writeFile(dir / "iter0.profile", summary() + block(3, tiu)
                                             + block(4, gdmaRecord(256, 750, 900, 0) + gdmaRecord(256, 1500, 1800, 1)
                                                            + gdmaRecord(256, 2250, 2400, 2) + gdmaRecord(256, 3000, 3300, 0)));
        const auto r2 = readOk(dir);
        std::vector<std::int64_t> kept;
        for (const auto &rec : r2.records)
            if (rec.engine == BmEngine::Gdma && rec.keptByTpuMlir)
                kept.push_back(rec.cmdId);
        QCOMPARE(kept, (std::vector<std::int64_t>{2, 3}));
    }

    void bm1684xPairingAndTimeWrap()
    {
        QTemporaryDir tmp;
        const fs::path dir = fs::path(tmp.path().toStdString()) / "dump";
        writeFile(dir / "global.profile",
                  "[bmprofile] arch=3\n[bmprofile] tpu_freq=1000\n[bmprofile] is_mlir=1\n...Start Profile Log...\n"
                  "[bmprofile] start to run subnet_id=0\n"
                  "[bmprofile] local_layer: layer_id=5 layer_type=Load layer_name=\n"
                  "[bmprofile] gdma cmd_id bd_id=0 gdma_id=1 gdma_dir=0 gdma_func=0\n"
                  "[bmprofile] local_layer: layer_id=6 layer_type=Conv2D layer_name=\n"
                  "[bmprofile] bd cmd_id bd_id=1 gdma_id=1 bd_func=0\n"
                  "[bmprofile] gdma cmd_id bd_id=1 gdma_id=2 gdma_dir=0 gdma_func=1\n"
                  "[bmprofile] bd cmd_id bd_id=2 gdma_id=2 bd_func=3\n"
                  "[bmprofile] end to run subnet_id=0\n");
        writeFile(dir / "cmd_e000_0_0.dat", tiuDesc(64, true, 0, 0) + tiuDesc(64, true, 3, 2));
        writeFile(dir / "cmd_f000_0_1.dat", gdmaDesc(0, 0, false) + gdmaDesc(1, 0, false));
        // DYN_DATA: init item (40 ns per tick) and one NODE_SET of GDMA id 1, func GENERAL, version 1.
        const std::uint64_t nodeSet = (1ull << 60) | (3ull << 43) | (1ull << 40) | (1ull << 20);
        const std::string dyn = u32(0) + u32(0xFFFFFFFFu) + u64(0) + u64(900) + u64(40) + u32(1) + u32(1) + u64(nodeSet) + u64(1000)
            + u64(1274);
        // GDMA: the runtime's copy (NODE_SET), then static gdma 1 and 2; the counter wraps after the first.
        const std::string gdma = gdmaRecord(192, 0xFFFFFF00u, 0xFFFFFFF0u, 0, {{16, 196608}})
            + gdmaRecord(192, 0x100, 0x200, 0, {{16, 100}, {28, 28}, {40, 128}}) + gdmaRecord(192, 0x300, 0x400, 1);
        const std::string tiu = tiu32(5000000, 5000100, 0) + tiu32(5000200, 5000300, 1);
        writeFile(dir / "iter0.profile", summary() + command(0xf000, 0xe000, 2, 2) + block(3, tiu) + block(4, gdma) + block(5, dyn));
        const auto r = readOk(dir);
        QVERIFY(hasDiagnostic(r, model::DiagKind::SophgoVendorRule, "iter0.profile", "2^32"));
        std::vector<const BmRecord *> g, t;
        for (const auto &rec : r.records)
            (rec.engine == BmEngine::Gdma ? g : t).push_back(&rec);
        QCOMPARE(g.size(), std::size_t(3));
        QCOMPARE(t.size(), std::size_t(2));
        // Monitor start = end of the first NODE_SET: (1274 - 1000) x 40 ns = 10.96 us = 10960 cycles.
        QCOMPARE(g[0]->startCycle, std::int64_t(10960));
        QCOMPARE(g[0]->endCycle, std::int64_t(11200));
        QCOMPARE(g[0]->firmwareFunc, std::string("GENERAL"));
        QVERIFY(!g[0]->hasCommand);
        QCOMPARE(g[1]->startCycle, std::int64_t(11472)); // 2^32 added at the wrap
        QCOMPARE(g[1]->endCycle, std::int64_t(11728));
        QCOMPARE(g[1]->funcType, std::string("TENSOR"));
        QCOMPARE(g[1]->funcName, std::string("dma.tensor"));
        QCOMPARE(g[1]->bytes, std::uint64_t(256)); // d0_wr + d1_wr + gif_wr
        QCOMPARE(g[1]->layerName, std::string("Load(L)"));
        QCOMPARE(g[2]->startCycle, std::int64_t(11984));
        QCOMPARE(g[2]->funcName, std::string("dma.matrix"));
        // TIU bd 1 waits for gdma 1: it starts where gdma 1 ends.
        QCOMPARE(t[0]->startCycle, std::int64_t(11728));
        QCOMPARE(t[0]->endCycle, std::int64_t(11828));
        QCOMPARE(t[0]->funcType, std::string("CONV"));
        QCOMPARE(t[0]->funcName, std::string("conv.normal"));
        QCOMPARE(t[1]->startCycle, std::int64_t(11928));
        QCOMPARE(t[1]->funcName, std::string("arith.add"));
        QCOMPARE(t[1]->layerName, std::string("Conv2D(L)"));
        // Layers: Load(L) = gdma 1; Conv2D(L) = bd 1, gdma 2, bd 2.
        std::map<std::int64_t, std::pair<model::TimeNs, model::TimeNs>> spans;
        for (const auto &l : r.layers)
            spans[l.layerId] = {l.start, l.end};
        QCOMPARE(spans.size(), std::size_t(2));
        QCOMPARE(spans[5], std::make_pair(model::TimeNs(11472), model::TimeNs(11728)));
        QCOMPARE(spans[6], std::make_pair(model::TimeNs(11728), model::TimeNs(12240)));
        QCOMPARE(r.firmware.size(), std::size_t(1));
        QCOMPARE(r.firmware[0].name, std::string("set_GDMA"));
        QCOMPARE(r.firmware[0].info, std::string("gdma_id=1, bd_id=0, serial, GENERAL"));
        QCOMPARE(r.firmware[0].end, model::TimeNs(10960));
    }

    void bm1684ClocksAndNames()
    {
        QTemporaryDir tmp;
        const fs::path dir = fs::path(tmp.path().toStdString()) / "dump";
        writeFile(dir / "global.profile",
                  "[bmprofile] arch=1\n[bmprofile] start to run subnet_id=0\n"
                  "[bmprofile] global_layer: layer_id=3 layer_type=7 layer_name=conv1\n"
                  "[bmprofile] gdma cmd_id bd_id=0 gdma_id=1 gdma_dir=0 gdma_func=0\n"
                  "[bmprofile] bd cmd_id bd_id=1 gdma_id=1 bd_func=0\n"
                  "[bmprofile] gdma cmd_id bd_id=1 gdma_id=2 gdma_dir=1 gdma_func=1\n"
                  "[bmprofile] bd cmd_id bd_id=2 gdma_id=2 bd_func=3\n");
        // 192-byte GDMA records with a 16-bit id; TIU and GDMA counters unrelated.
        const std::string gdma = gdmaRecord(192, 1000, 1575, 0x70000, {{16, 64}}) + gdmaRecord(192, 2000, 2575, 0x70001);
        const std::string tiu = tiu32(7000, 7550, 0) + tiu32(8000, 8550, 1);
        writeFile(dir / "iter0.profile", summary() + block(3, tiu) + block(4, gdma));
        const auto r = readOk(dir);
        QCOMPARE(r.chip, std::string("BM1684"));
        QCOMPARE(r.tiuFreqMhz, 550.0);
        QCOMPARE(r.dmaFreqMhz, 575.0);
        std::vector<const BmRecord *> g, t;
        for (const auto &rec : r.records)
            (rec.engine == BmEngine::Gdma ? g : t).push_back(&rec);
        QCOMPARE(g.size(), std::size_t(2));
        QCOMPARE(g[0]->cmdId, std::int64_t(0)); // the reserved upper 16 bits are not part of the id
        QCOMPARE(g[0]->funcType, std::string("NORMAL"));
        QCOMPARE(g[0]->direction, std::string("DDR->LMEM"));
        QCOMPARE(g[1]->funcType, std::string("TRANS"));
        QCOMPARE(g[1]->direction, std::string("LMEM->DDR"));
        QCOMPARE(g[0]->endCycle, std::int64_t(575));
        QCOMPARE(g[0]->endNs, model::TimeNs(1000));
        // TIU bd 1 starts where gdma 1 ends: 575 GDMA cycles = 550 TIU cycles.
        QCOMPARE(t[0]->startCycle, std::int64_t(550));
        QCOMPARE(t[0]->startNs, model::TimeNs(1000));
        QCOMPARE(t[0]->funcType, std::string("CONV_NEURON"));
        QCOMPARE(t[1]->funcType, std::string("TENSOR_ARITHMETIC"));
        QCOMPARE(t[1]->layerName, std::string("7(G)"));
    }

    void iterationsAreSeparateRuns()
    {
        // iter1.profile: the same run 1 ms later (SUMMARY begin_usec + 1000).
        QTemporaryDir tmp;
        const fs::path dir = fs::path(tmp.path().toStdString()) / "dump";
        fs::create_directories(dir);
        for (const auto &e : fs::directory_iterator(kBm1688))
            fs::copy_file(e.path(), dir / e.path().filename());
        std::string iter1 = readFile(kBm1688 / "iter0.profile");
        std::uint64_t begin = 0;
        std::memcpy(&begin, iter1.data() + 8 + 12, 8); // first block is SUMMARY; begin_usec at payload offset 12
        begin += 1000;
        std::memcpy(iter1.data() + 8 + 12, &begin, 8);
        writeFile(dir / "iter1.profile", iter1);
        const auto one = readOk(kBm1688);
        const auto two = readOk(dir);
        QCOMPARE(two.records.size(), 2 * one.records.size());
        QCOMPARE(two.iterations(), std::uint32_t(2));
        const auto n = one.records.size();
        for (std::size_t i = 0; i < n; ++i) {
            QCOMPARE(two.records[n + i].iteration, std::uint32_t(1));
            QCOMPARE(two.records[n + i].startCycle, one.records[i].startCycle);
            QCOMPARE(two.records[n + i].startNs, one.records[i].startNs + 1000000);
        }
        QCOMPARE(two.layers.size(), 2 * one.layers.size());
    }

    void tensorLocationRules()
    {
        const std::string json = R"J([{"file-line": 4, "subnet_id": 0, "core_id": 0, "opcode": "tpu.Load", "is_local": true,
              "tiu_dma_id(before)": [0, 0], "tiu_dma_id(after)": [0, 2]},
             {"file-line": 5, "subnet_id": 0, "core_id": 0, "opcode": "tpu.Conv2D", "is_local": true,
              "tiu_dma_id(before)": [0, 2], "tiu_dma_id(after)": [3, 2]},
             {"file-line": 9, "subnet_id": 0, "core_id": 1, "opcode": "tpu.Add", "is_local": false,
              "tiu_dma_id(before)": [0, 0], "tiu_dma_id(after)": [1, 0]}])J";
        const std::string mlir = "module @net attributes {module.FLOPs = 123 : i64, module.chip = \"bm1688\", module.mode = \"F16\"} {\n"
                                 "  func\n  %1 = \"tpu.Group\"(%0) ({\n    load\n    conv\n    \"tpu.Yield\"(%2)\n  })\n  x\n  add\n";
        auto loc = parseTensorLocation(json, mlir, "t.json", "f.mlir");
        QVERIFY(loc.ok());
        const auto &l = loc.value();
        QCOMPARE(l.module.flops, std::int64_t(123));
        QCOMPARE(l.module.chip, std::string("bm1688"));
        QCOMPARE(l.module.mode, std::string("F16"));
        QCOMPARE(l.groups.size(), std::size_t(1));
        QCOMPARE(l.groups[0].firstLine, std::int64_t(4));
        QCOMPARE(l.groups[0].lastLine, std::int64_t(5));
        QCOMPARE(l.opFor(0, CommandEngine::Dma, 2), 0);
        QCOMPARE(l.opFor(0, CommandEngine::Tiu, 3), 1);
        QCOMPARE(l.opFor(1, CommandEngine::Tiu, 1), 2);
        QCOMPARE(l.opFor(0, CommandEngine::Tiu, 4), -1);
        const auto spans = computeLayerSpans(l, {{0, CommandEngine::Tiu, 1, 100, 200}, {0, CommandEngine::Dma, 1, 0, 50},
                                                 {0, CommandEngine::Tiu, 2, 300, 400}, {1, CommandEngine::Tiu, 1, 10, 20},
                                                 {0, CommandEngine::Tiu, 9, 500, 600}, {0, CommandEngine::Dma, 2, 450, 460}});
        QCOMPARE(spans.layers.size(), std::size_t(3));
        QCOMPARE(spans.recordOp, (std::vector<std::int32_t>{1, 0, 1, 2, -1, 0}));
        // The core's last DMA record counts for its layer (Load: 0..460) but not for the group.
        QCOMPARE(spans.layers[1].op, 0);
        QCOMPARE(spans.layers[1].end, model::TimeNs(460));
        QCOMPARE(spans.groups.size(), std::size_t(1));
        QCOMPARE(spans.groups[0].name, std::string("Group1  L2"));
        QCOMPARE(spans.groups[0].start, model::TimeNs(0));
        QCOMPARE(spans.groups[0].end, model::TimeNs(400));
        // Overlapping claims: the first op keeps its ids; huge ranges are cheap (ranges, not ids).
        const std::string overlap = R"J([{"file-line": 1, "core_id": 0, "opcode": "tpu.A", "tiu_dma_id(before)": [0, 0], "tiu_dma_id(after)": [10, 0]},
             {"file-line": 2, "core_id": 0, "opcode": "tpu.B", "tiu_dma_id(before)": [5, 0], "tiu_dma_id(after)": [4000000000000, 0]}])J";
        auto ov = parseTensorLocation(overlap, mlir, "t.json", "f.mlir");
        QVERIFY(ov.ok());
        QCOMPARE(ov.value().duplicateCommands, std::uint64_t(5));
        QCOMPARE(ov.value().opFor(0, CommandEngine::Tiu, 10), 0);
        QCOMPARE(ov.value().opFor(0, CommandEngine::Tiu, 11), 1);
        QCOMPARE(ov.value().opFor(0, CommandEngine::Tiu, 3999999999999), 1);
        QCOMPARE(ov.value().opFor(0, CommandEngine::Tiu, 0), -1);
        QVERIFY(!parseTensorLocation("[{\"file-line\": 1}]", mlir, "t.json", "f.mlir").ok());
        QVERIFY(!parseTensorLocation("[{", mlir, "t.json", "f.mlir").ok());
    }

    void truncationAndByteFlipSweeps()
    {
        for (const auto &sample : {kBm1688, kBm1684x}) {
            QTemporaryDir tmp;
            const fs::path dir = fs::path(tmp.path().toStdString()) / sample.filename();
            fs::create_directories(dir);
            for (const auto &e : fs::directory_iterator(sample))
                fs::copy_file(e.path(), dir / e.path().filename());
            const GlobalProfile global = globalFor(dir);
            const std::string iter = readFile(sample / "iter0.profile");
            std::size_t runs = 0;
            auto check = [&](const char *what, std::size_t where) {
                auto r = readBmprofileDump(dir, global, {});
                ++runs;
                if (!r.ok()) {
                    QVERIFY2(!r.error().file.empty(), what);
                    return;
                }
                model::TraceBuilder builder;
                ImportContext ctx;
                auto st = importBmprofileDump(dir, global, builder, ctx);
                QVERIFY2(st.ok(), (std::string(what) + " at " + std::to_string(where)).c_str());
                auto trace = builder.build();
                QVERIFY(trace);
                const auto inv = trace->checkInvariants();
                QVERIFY2(inv.empty(), (std::string(what) + " at " + std::to_string(where) + ": " + inv).c_str());
                for (const auto &d : r.value().diagnostics.items())
                    QVERIFY2(!d.file.empty(), what);
            };
            // Truncations of iter0.profile: a cut inside a block is reported with a byte offset at
            // or before the cut.
            for (std::size_t cut = 0; cut < iter.size(); cut += 61 * accelscope::testing::kSweepThinning) {
                writeFile(dir / "iter0.profile", iter.substr(0, cut));
                check("truncated iter0.profile", cut);
                const auto r = readBmprofileDump(dir, global, {});
                if (r.ok() && cut > 0) {
                    bool atBoundary = false;
                    for (std::size_t off = 0; off + 8 <= iter.size();) {
                        if (off == cut)
                            atBoundary = true;
                        std::uint32_t len = 0;
                        std::memcpy(&len, iter.data() + off + 4, 4);
                        off += 8 + len;
                        if (off == cut)
                            atBoundary = true;
                    }
                    if (!atBoundary) {
                        bool named = false;
                        for (const auto &d : r.value().diagnostics.items())
                            named = named || (std::string_view(d.file).ends_with("iter0.profile") && d.position <= cut
                                              && d.kind == model::DiagKind::TruncatedInput);
                        QVERIFY2(named, ("no diagnostic names the cut at " + std::to_string(cut)).c_str());
                    }
                }
            }
            // Byte flips all over iter0.profile.
            for (std::size_t at = 0; at < iter.size(); at += 37 * accelscope::testing::kSweepThinning) {
                std::string flipped = iter;
                flipped[at] = static_cast<char>(flipped[at] ^ 0xA5);
                writeFile(dir / "iter0.profile", flipped);
                check("flipped iter0.profile", at);
            }
            writeFile(dir / "iter0.profile", iter);
            // Truncated and flipped command files and side files.
            for (const auto &e : fs::directory_iterator(sample)) {
                const auto name = e.path().filename().string();
                if (name == "iter0.profile" || name == "global.profile")
                    continue;
                const std::string original = readFile(e.path());
                for (std::size_t cut = 0; cut < original.size(); cut += std::max<std::size_t>(original.size() / 23, 1)) {
                    writeFile(dir / name, original.substr(0, cut));
                    check(name.c_str(), cut);
                }
                for (std::size_t at = 0; at < original.size(); at += std::max<std::size_t>(original.size() / 29, 1)) {
                    std::string flipped = original;
                    flipped[at] = static_cast<char>(flipped[at] ^ 0x5A);
                    writeFile(dir / name, flipped);
                    check(name.c_str(), at);
                }
                writeFile(dir / name, original);
            }
            // A missing iter0.profile is an error naming it.
            fs::remove(dir / "iter0.profile");
            auto missing = readBmprofileDump(dir, global, {});
            QVERIFY(!missing.ok());
            QVERIFY(std::string_view(missing.error().file).ends_with("iter0.profile"));
            QVERIFY(runs > 500 / accelscope::testing::kSweepThinning);
        }
    }
};

QTEST_GUILESS_MAIN(TstSophgoBmprofile)
#include "tst_sophgobmprofile.moc"
