// Sophgo engine numbers (engine-summary / engine-summary-bigtpu / engines / engine-layers /
// engine-commands) on hand-made traces shaped like the Sophgo importer's model (docs/sophgo.md
// "Model"), with hand-computed values; then the real dumps against tpu-mlir's own summary and the
// generator's dumps against its expected.json (both need the importer).
#include "analysistesthelpers.h"

#include "model/analysis/sophgo/sophgoengines.h"
#include "model/sophgofacts.h"

#include <QTest>

#include <cmath>
#include <memory>

using namespace accelscope::model;
using namespace accelscope::model::analysis;
using namespace testsupport;

namespace {

/// One Sophgo dump: a device process with engine tracks "Core N · TIU" etc., slices whose args
/// carry what the importer writes (cmd_id, start/end cycle, cycles, tsk_typ, direction, bytes).
struct SophgoTrace {
    explicit SophgoTrace(double tiuMhz = 1000, double dmaMhz = 1000, const std::string &chip = "BM1690")
    {
        SourceInfo s{"cdm_profile_data_dev0", "sophgo", -1, "cycles", 0, {}};
        auto facts = std::make_shared<SophgoFacts>();
        facts->chip = chip;
        facts->tiuFreqMhz = tiuMhz;
        facts->dmaFreqMhz = dmaMhz;
        s.sophgo = facts;
        builder.addSource(std::move(s));
        tiuMhz_ = tiuMhz;
        dmaMhz_ = dmaMhz;
        dev = shard.process(EntityKey::number(1000));
        shard.setProcessKind(dev, ProcessKind::Device, 0);
        shard.setProcessName(dev, shard.intern(chip + " dev0"));
    }
    LocalTrack engine(int core, EngineKind kind)
    {
        const int key = kind == EngineKind::CDMA ? 100000 + core : 16 * core + (kind == EngineKind::TIU ? 0 : kind == EngineKind::GDMA ? 1 : 2);
        const LocalTrack t = shard.thread(dev, EntityKey::number(key));
        shard.setThreadName(t, shard.intern("Core " + std::to_string(core) + " · " + std::string(engineKindName(kind))));
        shard.setTrackRole(t, TrackRole::Engine, kind, core);
        kinds[key] = kind;
        return t;
    }
    /// A command [startCycle, endCycle] in the engine's clock.
    void cmd(LocalTrack t, EngineKind kind, long long s, long long e, const std::string &name, int tsk = -1, int eu = -1,
             const std::string &dir = {}, long long bytes = -1, const std::string &layer = {}, int layerId = -1,
             const std::string &extra = {})
    {
        const double f = kind == EngineKind::TIU ? tiuMhz_ : dmaMhz_;
        const TimeNs ns0 = std::llround(double(s) * 1000.0 / f), ns1 = std::llround(double(e) * 1000.0 / f);
        std::string a = "{\"cmd_id\":" + std::to_string(++cmdId) + ",\"start_cycle\":" + std::to_string(s)
            + ",\"end_cycle\":" + std::to_string(e) + ",\"cycles\":" + std::to_string(e - s + 1);
        if (tsk >= 0)
            a += ",\"tsk_typ\":" + std::to_string(tsk) + ",\"tsk_eu_typ\":" + std::to_string(eu);
        const bool sys = (kind == EngineKind::TIU && tsk == 15) || (kind == EngineKind::CDMA ? tsk == 7 : (kind != EngineKind::TIU && tsk == 6));
        if (sys)
            a += ",\"sys\":1";
        if (!dir.empty())
            a += ",\"direction\":\"" + dir + "\"";
        if (bytes >= 0)
            a += ",\"bytes\":" + std::to_string(bytes);
        if (!layer.empty())
            a += ",\"layer\":\"" + layer + "\"";
        if (layerId >= 0)
            a += ",\"layer_id\":" + std::to_string(layerId);
        a += extra + "}";
        shard.addSlice(t, base + ns0, ns1 - ns0, shard.intern(name), shard.intern(sys ? "sys" : "op"), shard.addArgs(a));
    }
    TracePtr build()
    {
        builder.merge(std::move(shard));
        TracePtr t = builder.build();
        const std::string problems = t->checkInvariants();
        if (!problems.empty())
            qWarning("%s", problems.c_str());
        return t;
    }

    TraceBuilder builder;
    BuilderShard shard{0};
    LocalProcess dev;
    std::map<int, EngineKind> kinds;
    double tiuMhz_ = 1000, dmaMhz_ = 1000;
    TimeNs base = 5000; ///< trace ns of cycle 0 (a host-aligned dump does not start at 0)
    int cmdId = 0;
};

/// The note's §4 recipe after alignment and zero shift (N cores, M = 5): TIU [100i, 100i+50],
/// GDMA [100i+10, 100i+60] 4096 B DDR->LMEM, SDMA [100i+20, 100i+40] 1024 B LMEM->DDR.
TracePtr recipeTrace(int cores)
{
    SophgoTrace s;
    for (int c = 0; c < cores; ++c) {
        const auto tiu = s.engine(c, EngineKind::TIU);
        const auto gdma = s.engine(c, EngineKind::GDMA);
        const auto sdma = s.engine(c, EngineKind::SDMA);
        for (int i = 0; i < 5; ++i) {
            s.cmd(tiu, EngineKind::TIU, 100 * i, 100 * i + 50, "conv", 0, 0);
            s.cmd(gdma, EngineKind::GDMA, 100 * i + 10, 100 * i + 60, "tensorLd", 0, 0, "DDR->LMEM", 4096);
            s.cmd(sdma, EngineKind::SDMA, 100 * i + 20, 100 * i + 40, "tensorSt", 0, 0, "LMEM->DDR", 1024);
        }
    }
    return s.build();
}

int rowOf(const Table &t, const std::string &core)
{
    return findRow(t, {{"core", core}, {"device", "BM1690 dev0"}});
}

/// "12.34%" / "24.01" / "62.31us" cells of the vendors' tables as numbers.
double vendorNumber(const std::string &s)
{
    std::string v = s;
    for (const char *suffix : {"%", "us", "(us)"})
        if (v.size() > std::strlen(suffix) && v.compare(v.size() - std::strlen(suffix), std::string::npos, suffix) == 0)
            v.resize(v.size() - std::strlen(suffix));
    return parseNumber(v);
}

} // namespace

class TestSophgoAnalysis : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void recipeMatchesTheNotesHandComputedBigTpuProfileNumbers()
    {
        // §4: N = 2, M = 5 -> total 460 ns, TIU 255 cycles, TiuWorkingRatio 55.43 %,
        // Parallelism 133.70 %, GDMA DDR 20480 B / 255 ns = 80.31 GB/s, SDMA 5120 / 105 = 48.76 GB/s
        AnalysisContext ctx(recipeTrace(2));
        const Table t = engineCoreSummaryBigTpu(ctx, {});
        QVERIFY(t.checkConsistent().empty());
        QCOMPARE(t.rowCount(), std::size_t(3));
        for (const char *core : {"0", "1"}) {
            const int r = rowOf(t, core);
            QVERIFY(r >= 0);
            QCOMPARE(cell(t, r, "total_time_ns"), std::string("460"));
            QCOMPARE(cell(t, r, "tiu_cycles"), std::string("255"));
            QCOMPARE(cell(t, r, "gdma_cycles"), std::string("255"));
            QCOMPARE(cell(t, r, "sdma_cycles"), std::string("105"));
            QVERIFY(near(num(t, r, "compute_ratio_pct"), 100.0 * 255 / 460, 1e-12));
            QVERIFY(near(num(t, r, "parallelism_pct"), 100.0 * 615 / 460, 1e-12));
            QCOMPARE(QString::number(num(t, r, "parallelism_pct"), 'f', 2), QStringLiteral("133.70"));
            QCOMPARE(QString::number(num(t, r, "compute_ratio_pct"), 'f', 2), QStringLiteral("55.43"));
            QVERIFY(near(num(t, r, "gdma_ddr_bw_gbps"), 20480.0 / 255, 1e-12));
            QCOMPARE(QString::number(num(t, r, "gdma_ddr_bw_gbps"), 'f', 2), QStringLiteral("80.31"));
            QVERIFY(near(num(t, r, "sdma_ddr_bw_gbps"), 5120.0 / 105, 1e-12));
            QCOMPARE(QString::number(num(t, r, "sdma_ddr_bw_gbps"), 'f', 2), QStringLiteral("48.76"));
            QCOMPARE(cell(t, r, "gdma_l2_bytes"), std::string("0"));
            QVERIFY(std::isnan(num(t, r, "gdma_l2_bw_gbps")));
            // TIU [100i, 100i+50] meets GDMA [100i+10, 100i+60] for 40 ns, five times
            QCOMPARE(cell(t, r, "tiu_dma_overlap_ns"), std::string("200"));
            QCOMPARE(cell(t, r, "busy_dma_ns"), std::string("250"));
            QCOMPARE(cell(t, r, "busy_any_ns"), std::string("300"));
        }
        // Overall: Σ over cores / (total x cores); cycle columns the maximum; bandwidth Σ / Σ
        const int o = rowOf(t, "Overall");
        QVERIFY(o >= 0);
        QVERIFY(near(num(t, o, "parallelism_pct"), 100.0 * 1230 / 920, 1e-12));
        QVERIFY(near(num(t, o, "compute_ratio_pct"), 100.0 * 510 / 920, 1e-12));
        QCOMPARE(cell(t, o, "tiu_cycles"), std::string("255"));
        QVERIFY(near(num(t, o, "gdma_ddr_bw_gbps"), 40960.0 / 510, 1e-12));
        QVERIFY(std::isnan(num(t, o, "uarch_rate_pct")));
        bool costModelNote = false;
        for (const std::string &n : t.notes)
            costModelNote = costModelNote || n.find("needs the chip cost model") != std::string::npos;
        QVERIFY(costModelNote);
    }

    void recipeUnderTpuMlirEndsAtTheLastTdmaRecord()
    {
        // tpu-mlir ends GDMA/SDMA at the last record of the tdma file (an SDMA record ending at 440),
        // TIU at its latest end (450): totalTime 450, not the span 460
        AnalysisContext ctx(recipeTrace(2));
        const Table t = engineCoreSummary(ctx, {});
        const int r = rowOf(t, "0");
        QVERIFY(r >= 0);
        QCOMPARE(cell(t, r, "total_time_ns"), std::string("450"));
        QCOMPARE(cell(t, r, "span_ns"), std::string("460"));
        QVERIFY(near(num(t, r, "compute_ratio_pct"), 100.0 * 255 / 450, 1e-12));
        QVERIFY(near(num(t, r, "parallelism_pct"), 100.0 * 615 / 450, 1e-12));
        // the existing columns keep their meaning: TIU/GDMA/SDMA working time in ns
        QCOMPARE(cell(t, r, "compute_ns"), std::string("255"));
        QCOMPARE(cell(t, r, "gdma_ns"), std::string("255"));
        QCOMPARE(cell(t, r, "sdma_ns"), std::string("105"));
        // Overall, multi-core: maximum of each engine over cores / total
        const int o = rowOf(t, "Overall");
        QVERIFY(near(num(t, o, "parallelism_pct"), 100.0 * 615 / 450, 1e-12));
        QVERIFY(near(num(t, o, "compute_ratio_pct"), 100.0 * 510 / 900, 1e-12));
        bool quirkNote = false;
        for (const std::string &n : t.notes)
            quirkNote = quirkNote || n.find("last GDMA/SDMA record") != std::string::npos;
        QVERIFY(quirkNote);
        QCOMPARE(t.keys.size(), t.rowCount());
        QVERIFY(t.keys[std::size_t(r)].slice.valid());
    }

    void systemCommandsFollowEachToolsRules()
    {
        // one core; TIU: conv [0,99], send_msg [100,109] (15/8), wait_msg [110,139] (15/9)
        // GDMA: tensorLd [0,49] 1000 B DDR->LMEM, sys_send [50,59] (6/3), sys_wait [60,79] (6/4),
        //       L2 copy [80,99] 500 B L2M->LMEM, empty load [100,119] 0 B DDR->LMEM, DDR->L2M [120,139] 300 B
        // SDMA: tensorSt [0,19] 200 B LMEM->DDR, sys_wait [20,29] (6/4) LMEM->DDR, sys_send [30,39] (6/3) DDR->DDR 0 B
        SophgoTrace s;
        const auto tiu = s.engine(0, EngineKind::TIU);
        const auto gdma = s.engine(0, EngineKind::GDMA);
        const auto sdma = s.engine(0, EngineKind::SDMA);
        s.cmd(tiu, EngineKind::TIU, 0, 99, "conv", 0, 0, {}, -1, "Conv2D", 26, ",\"alg_ops\":300,\"uarch_ops\":400");
        s.cmd(tiu, EngineKind::TIU, 100, 109, "send_msg", 15, 8);
        s.cmd(tiu, EngineKind::TIU, 110, 139, "wait_msg", 15, 9);
        s.cmd(gdma, EngineKind::GDMA, 0, 49, "tensorLd", 0, 0, "DDR->LMEM", 1000, "Conv2D", 26);
        s.cmd(gdma, EngineKind::GDMA, 50, 59, "sys_send", 6, 3, "DDR->DDR", 0);
        s.cmd(gdma, EngineKind::GDMA, 60, 79, "sys_wait", 6, 4, "DDR->DDR", 0);
        s.cmd(gdma, EngineKind::GDMA, 80, 99, "tensorLd", 0, 0, "L2M->LMEM", 500, "Add", 30);
        s.cmd(gdma, EngineKind::GDMA, 100, 119, "tensorLd", 0, 0, "DDR->LMEM", 0, "Add", 30);
        s.cmd(gdma, EngineKind::GDMA, 120, 139, "tensorMv", 0, 0, "DDR->L2M", 300, "Add", 30);
        s.cmd(sdma, EngineKind::SDMA, 0, 19, "tensorSt", 0, 0, "LMEM->DDR", 200);
        s.cmd(sdma, EngineKind::SDMA, 20, 29, "sys_wait", 6, 4, "LMEM->DDR", 0);
        s.cmd(sdma, EngineKind::SDMA, 30, 39, "sys_send", 6, 3, "DDR->DDR", 0);
        AnalysisContext ctx(s.build());

        // tpu-mlir: TIU leaves out wait_msg only: 100 + 10 = 110; GDMA and SDMA leave out sys_wait:
        // GDMA 50+10+20+20+20+20 - 20 = 120, SDMA 20+10+10 - 10 = 30. DDR (no sys, DDR first):
        // 1000+0+300 B over 50+20+20 cycles; L2 (no DDR): 500 B / 20. SDMA DDR: 200 B / 20.
        // total: TIU latest end 139, tdma file ends with the last SDMA record (39): 139 - 0
        const Table m = engineCoreSummary(ctx, {});
        int r = rowOf(m, "0");
        QVERIFY(r >= 0);
        QCOMPARE(cell(m, r, "total_time_ns"), std::string("139"));
        QCOMPARE(cell(m, r, "tiu_cycles"), std::string("110"));
        QCOMPARE(cell(m, r, "gdma_cycles"), std::string("120"));
        QCOMPARE(cell(m, r, "sdma_cycles"), std::string("30"));
        QVERIFY(near(num(m, r, "gdma_ddr_bw_gbps"), 1300.0 / 90, 1e-12));
        QVERIFY(near(num(m, r, "gdma_l2_bw_gbps"), 500.0 / 20, 1e-12));
        QVERIFY(near(num(m, r, "sdma_ddr_bw_gbps"), 200.0 / 20, 1e-12));
        QVERIFY(near(num(m, r, "parallelism_pct"), 100.0 * (110 + 120 + 30) / 139, 1e-12));
        QVERIFY(near(num(m, r, "uarch_rate_pct"), 75.0, 1e-12));
        // Overall of a single core: TIU + GDMA only (tpu-mlir)
        int o = rowOf(m, "Overall");
        QVERIFY(near(num(m, o, "parallelism_pct"), 100.0 * (110 + 120) / 139, 1e-12));

        // bigTpuProfile: TIU leaves out every sys (100), GDMA every sys (140 - 30 = 110), SDMA sys_wait
        // (30); GDMA DDR needs bytes > 0: 1300 B / 70 cycles; SDMA DDR keeps 0-byte non-wait records:
        // 200 B over 20 + 10 cycles; single core: parallelism TIU + GDMA on every row; total = max end
        // cycle - min start cycle = 139
        const Table b = engineCoreSummaryBigTpu(ctx, {});
        r = rowOf(b, "0");
        QVERIFY(r >= 0);
        QCOMPARE(cell(b, r, "total_time_ns"), std::string("139"));
        QCOMPARE(cell(b, r, "tiu_cycles"), std::string("100"));
        QCOMPARE(cell(b, r, "gdma_cycles"), std::string("110"));
        QCOMPARE(cell(b, r, "sdma_cycles"), std::string("30"));
        QVERIFY(near(num(b, r, "gdma_ddr_bw_gbps"), 1300.0 / 70, 1e-12));
        QVERIFY(near(num(b, r, "gdma_l2_bw_gbps"), 500.0 / 20, 1e-12));
        QVERIFY(near(num(b, r, "sdma_ddr_bw_gbps"), 200.0 / 30, 1e-12));
        QVERIFY(near(num(b, r, "parallelism_pct"), 100.0 * (100 + 110) / 139, 1e-12));
        o = rowOf(b, "Overall");
        QVERIFY(near(num(b, o, "parallelism_pct"), 100.0 * (100 + 110) / 139, 1e-12));

        // engines: per track clock, Σ Asic Cycle, working cycles (tpu-mlir), system commands
        const Table e = engineUtilization(ctx, {});
        QCOMPARE(rowsText(e, {"engine", "slices", "clock_mhz", "asic_cycles", "working_cycles", "sys_commands",
                              "ddr_bytes", "l2_bytes"}),
                 std::string("TIU|3|1000|140|110|2||;GDMA|6|1000|140|120|2|1300|500;SDMA|3|1000|40|30|2|200|0;"));

        // layers: Conv2D (26) has 100 TIU cycles and 1000 GDMA bytes, Add (30) 820 GDMA bytes
        const Table l = engineLayers(ctx, {});
        QCOMPARE(rowsText(l, {"layer", "tiu_commands", "tiu_cycles", "dma_commands", "gdma_bytes", "bound"}),
                 std::string("Conv2D (26)|1|100|1|1000|TIU;Add (30)|0|0|3|800|DMA;"));
        QVERIFY(near(num(l, 0, "overlap_ns"), 49, 0));
        QCOMPARE(l.keys.size(), l.rowCount());
        QVERIFY(l.keys[0].slice.valid());

        // over layers (tpu-mlir's BM1684X summary.csv Overall): the layer-claimed commands TIU conv
        // (100 cycles), GDMA 50 + 20 + 20 + 20; span 0..139 ns
        const Table ls = engineLayerSummary(ctx, {});
        QCOMPARE(rowsText(ls, {"layers", "total_time_ns", "tiu_cycles", "gdma_cycles"}), std::string("2|139|100|110;"));
        QVERIFY(near(num(ls, 0, "parallelism_pct"), 100.0 * 210 / 139, 1e-12));
        QVERIFY(near(num(ls, 0, "concurrency_pct"), 100.0 * (210 - 139) / 100, 1e-12));
        QVERIFY(near(num(ls, 0, "fps"), 1e7, 1e-12));

        // commands: one row per command, keys point at the slices
        const Table c = engineCommands(ctx, {});
        QCOMPARE(c.rowCount(), std::size_t(12));
        QCOMPARE(c.keys.size(), c.rowCount());
        const int w = findRow(c, {{"name", "wait_msg"}});
        QVERIFY(w >= 0);
        QCOMPARE(cell(c, w, "system"), std::string("wait"));
        QCOMPARE(cell(c, w, "cycles"), std::string("30"));
    }

    void clocksOtherThan1GhzConvertEachEngineWithItsOwn()
    {
        // BM1688-like: TIU 900 MHz, DMA 750 MHz. TIU [900, 1799] (900 cycles = 1000 ns),
        // GDMA [0, 1499] 15000 B DDR->LMEM (1500 cycles = 2000 ns), the last GDMA end 1499 cycles
        SophgoTrace s(900, 750, "BM1688");
        const auto tiu = s.engine(0, EngineKind::TIU);
        const auto gdma = s.engine(0, EngineKind::GDMA);
        s.cmd(tiu, EngineKind::TIU, 900, 1799, "conv", 0, 0);
        s.cmd(gdma, EngineKind::GDMA, 0, 1499, "tensorLd", 0, 0, "DDR->LMEM", 15000);
        AnalysisContext ctx(s.build());
        const Table t = engineCoreSummary(ctx, {});
        const int r = findRow(t, {{"core", "0"}, {"device", "BM1688 dev0"}});
        QVERIFY(r >= 0);
        // totalTime = max(int(1799/900*1000), int(1499/750*1000)) - 0 = max(1998, 1998) = 1998 ns
        QCOMPARE(cell(t, r, "total_time_ns"), std::string("1998"));
        QVERIFY(near(num(t, r, "compute_ratio_pct"), 100.0 * (900.0 / 0.9) / 1998, 1e-12));
        QVERIFY(near(num(t, r, "parallelism_pct"), 100.0 * (900.0 / 0.9 + 1500.0 / 0.75) / 1998, 1e-12));
        // bandwidth: bytes / cycles x MHz / 1000 = 15000 / 1500 x 0.75
        QVERIFY(near(num(t, r, "gdma_ddr_bw_gbps"), 7.5, 1e-12));
        QCOMPARE(cell(t, r, "tiu_mhz"), std::string("900"));
        QCOMPARE(cell(t, r, "dma_mhz"), std::string("750"));
    }

    void cdmaPortsAddUpOverPorts()
    {
        // two CDMA ports owned by core 0: port 2 [0, 99] 1000 B DDR->DDR and a sys (7) [100, 109];
        // port 5 [0, 49] 500 B DDR->DDR
        SophgoTrace s;
        const auto tiu = s.engine(0, EngineKind::TIU);
        s.cmd(tiu, EngineKind::TIU, 0, 99, "conv", 0, 0);
        const LocalTrack p2 = s.shard.thread(s.dev, EntityKey::number(100002));
        s.shard.setTrackRole(p2, TrackRole::Engine, EngineKind::CDMA, 0);
        const LocalTrack p5 = s.shard.thread(s.dev, EntityKey::number(100005));
        s.shard.setTrackRole(p5, TrackRole::Engine, EngineKind::CDMA, 0);
        s.cmd(p2, EngineKind::CDMA, 0, 99, "send", 0, 0, "DDR->DDR", 1000);
        s.cmd(p2, EngineKind::CDMA, 100, 109, "sys", 7, 4, "DDR->DDR", 0);
        s.cmd(p5, EngineKind::CDMA, 0, 49, "send", 0, 0, "DDR->DDR", 500);
        AnalysisContext ctx(s.build());
        const Table t = engineCoreSummary(ctx, {});
        const int o = rowOf(t, "Overall");
        QVERIFY(o >= 0);
        // tpu-mlir: CDMA working = 100 + 10 + 50 - 10 (tx wait) = 150; DDR 1500 B / 150 cycles
        QCOMPARE(cell(t, o, "cdma_cycles"), std::string("150"));
        QVERIFY(near(num(t, o, "cdma_ddr_bw_gbps"), 10.0, 1e-12));
        const Table b = engineCoreSummaryBigTpu(ctx, {});
        QCOMPARE(cell(b, rowOf(b, "Overall"), "cdma_cycles"), std::string("150"));
    }

    void rangeCountsTheShareInside()
    {
        // §4 recipe, one core, range [0, 100) of the dump: TIU [0,50] whole, GDMA [10,60] whole,
        // SDMA [20,40] whole; cycles of the commands inside: 51 + 51 + 21
        TracePtr tr = recipeTrace(1);
        AnalysisContext ctx(tr);
        AnalysisOptions o;
        o.range = {tr->startNs(), tr->startNs() + 100};
        const Table t = engineCoreSummary(ctx, o);
        const int r = rowOf(t, "0");
        QVERIFY(r >= 0);
        QCOMPARE(cell(t, r, "total_time_ns"), std::string("100"));
        QCOMPARE(cell(t, r, "tiu_cycles"), std::string("51"));
        QCOMPARE(cell(t, r, "gdma_cycles"), std::string("51"));
        // a range cutting GDMA [10, 60] at 35: half of its 51 cycles and 4096 bytes
        o.range = {tr->startNs() + 35, tr->startNs() + 85};
        const Table h = engineCoreSummary(ctx, o);
        QCOMPARE(cell(h, rowOf(h, "0"), "gdma_ddr_bytes"), std::string("2048"));
    }

    void otherEngineTracesKeepTheGenericSummary()
    {
        // a trace without Sophgo sources: no Sophgo columns in engines, the generic rows unchanged
        KinetoTrace k(0);
        const auto tiu = k.engine(5, 0, EngineKind::TIU, "TIU");
        k.engineSlice(tiu, 0, 100, "conv");
        AnalysisContext ctx(k.build());
        const Table e = engineUtilization(ctx, {});
        QCOMPARE(e.columnIndex("asic_cycles"), -1);
        QCOMPARE(engineLayers(ctx, {}).rowCount(), std::size_t(0));
        QCOMPARE(engineCommands(ctx, {}).rowCount(), std::size_t(0));
        QCOMPARE(engineCoreSummaryBigTpu(ctx, {}).rowCount(), std::size_t(2));
        QVERIFY(sophgoModel(ctx)->empty());
    }

    void layersFallBackToOpNames()
    {
        SophgoTrace s;
        const auto tiu = s.engine(0, EngineKind::TIU);
        s.cmd(tiu, EngineKind::TIU, 0, 9, "conv", 0, 0);
        s.cmd(tiu, EngineKind::TIU, 20, 29, "conv", 0, 0);
        s.cmd(tiu, EngineKind::TIU, 40, 44, "add", 3, 0);
        AnalysisContext ctx(s.build());
        const Table l = engineLayers(ctx, {});
        QCOMPARE(rowsText(l, {"layer", "tiu_commands", "tiu_ns", "tiu_cycles", "bound"}),
                 std::string("conv|2|18|20|TIU;add|1|4|5|TIU;"));
        bool note = false;
        for (const std::string &n : l.notes)
            note = note || n.find("rows are op names") != std::string::npos;
        QVERIFY(note);
        QVERIFY(l.keys[0].name != kEmptyString);
    }

    void commandListsAreCappedWithANote()
    {
        SophgoTrace s;
        const auto tiu = s.engine(0, EngineKind::TIU);
        const long long n = static_cast<long long>(kEngineCommandsCap) + 5;
        for (long long i = 0; i < n; ++i)
            s.cmd(tiu, EngineKind::TIU, 10 * i, 10 * i + 5, "conv", 0, 0);
        AnalysisContext ctx(s.build());
        const Table c = engineCommands(ctx, {});
        QCOMPARE(c.rowCount(), kEngineCommandsCap);
        bool capped = false;
        for (const std::string &note : c.notes)
            capped = capped || note.find("of " + std::to_string(n) + " commands") != std::string::npos;
        QVERIFY(capped);
    }

    void registeredForTheCliAndReport()
    {
        for (const char *name : {"engine-summary-bigtpu", "engine-layers", "engine-commands", "engine-layer-summary"})
            QVERIFY2(findAnalysis(name) != nullptr, name);
    }
};

QTEST_GUILESS_MAIN(TestSophgoAnalysis)
#include "tst_sophgoanalysis.moc"
