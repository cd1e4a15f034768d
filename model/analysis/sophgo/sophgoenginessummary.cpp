// Sophgo TPU engine numbers, summary part: the engine-summary rows with tpu-mlir's or
// bigTpuProfile's formulas and the Sophgo columns of the engines table. Formulas: docs/sophgo.md
// "Numbers".
#include "model/analysis/sophgo/sophgoengines_p.h"

#include "model/analysis/core/intervals.h"
#include "model/asciitext.h"
#include "model/parallel.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_map>

namespace accelscope::model::analysis {

using sophgo_detail::isDmaKind;
using sophgo_detail::kNaN;
using sophgo_detail::pctOf;
using sophgo_detail::Window;

namespace {

std::int64_t roundNs(double ns) { return std::int64_t(std::nearbyint(ns)); }

/// What one engine of one core adds up to under a rule set (cycles in the engine's clock).
struct EngineSum {
    bool present = false;
    double mhz = 1000;
    double asic = 0;      ///< Σ Asic Cycle
    double working = 0;   ///< the summary's totalXCycle (rule-dependent)
    double ddrBytes = 0, ddrCycles = 0, l2Bytes = 0, l2Cycles = 0;
    double bytes = 0, bytesCycles = 0; ///< every non-system command with a size
    double algOps = 0, uarchOps = 0;
    std::int64_t commands = 0, sysCommands = 0;
    std::vector<Interval> all, working_iv;
};

void addCommand(EngineSum &s, EngineKind kind, const SophgoCommand &c, SophgoRules rules, double share,
                const Window &w)
{
    s.present = true;
    ++s.commands;
    const double asic = double(c.asicCycles) * share;
    s.asic += asic;
    if (c.sys)
        ++s.sysCommands;
    // totalXCycle: tpu-mlir subtracts waits (TIU wait_msg, DMA sys_wait); bigTpuProfile every
    // system command of TIU, GDMA and CDMA, but only sys_wait of SDMA.
    const bool bigTpuAllSys = rules == SophgoRules::BigTpuProfile && kind != EngineKind::SDMA;
    if (!(bigTpuAllSys ? c.sys : c.wait))
        s.working += asic;
    const double bytes = c.bytes > 0 ? double(c.bytes) * share : 0.0;
    if (!c.sys && c.bytes > 0) {
        s.bytes += bytes;
        s.bytesCycles += asic;
    }
    if (c.algOps >= 0) {
        s.algOps += c.algOps * share;
        s.uarchOps += c.uarchOps * share;
    }
    // DDR / L2 averages (§3.4, §1.11)
    if (isDmaKind(kind)) {
        bool ddr = false, l2 = false;
        if (rules == SophgoRules::TpuMlir) {
            // system commands get the direction "-"; DDR first, L2 otherwise; CDMA needs bytes
            if (!c.sys && c.bytes >= 0 && (kind != EngineKind::CDMA || c.bytes > 0)) {
                ddr = c.dirDdr;
                l2 = !c.dirDdr && c.dirL2;
            }
        } else if (kind == EngineKind::GDMA) {
            if (!c.sys && c.bytes > 0) {
                ddr = c.dirDdr;
                l2 = !c.dirDdr && c.dirL2;
            }
        } else if (kind == EngineKind::SDMA) {
            if (!c.wait) {
                ddr = c.dirDdr;
                l2 = !c.dirDdr && c.dirL2 && c.bytes > 0;
            }
        } else { // CDMA: both sums, not exclusive
            if (!c.sys) {
                ddr = c.dirDdr;
                l2 = c.dirL2;
            }
        }
        if (ddr) {
            s.ddrBytes += bytes;
            s.ddrCycles += asic;
        }
        if (l2) {
            s.l2Bytes += bytes;
            s.l2Cycles += asic;
        }
    }
    const TimeNs cs = w.ranged ? std::max(c.start, w.lo) : c.start;
    const TimeNs ce = w.ranged ? std::min(c.end, w.hi) : c.end;
    if (ce >= cs) {
        s.all.push_back({cs, ce});
        if (!c.sys)
            s.working_iv.push_back({cs, ce});
    }
}

struct CoreSum {
    int core = -1;
    EngineSum tiu, gdma, sdma, cdma;
};

/// The time a command's cycle maps to (tpu-mlir: int(cycle / MHz * 1000)), relative to the
/// dump's zero; the slice's ns when the cycles are not in the args.
struct TimeBase {
    bool cycles = false;
    double startNs(const SophgoCommand &c, double mhz) const
    {
        return cycles ? std::floor(double(c.startCycle) * 1000.0 / mhz) : double(c.start);
    }
    double endNs(const SophgoCommand &c, double mhz) const
    {
        return cycles ? std::floor(double(c.endCycle) * 1000.0 / mhz) : double(c.end);
    }
};

struct DeviceSummary {
    std::vector<CoreSum> cores;
    CoreSum cdmaOnly;           ///< CDMA ports without a core
    double totalNs = 0;         ///< the summary's totalTime
    double spanNs = 0;          ///< first start to last end over every engine
    bool quirkShortened = false; ///< tpu-mlir's DMA end (last record of the tdma file) cut the span
    double tiuMhz = 1000, dmaMhz = 1000;
};

DeviceSummary summarize(const SophgoDevice &d, const AnalysisOptions &opt, SophgoRules rules)
{
    DeviceSummary out;
    out.tiuMhz = d.facts && d.facts->tiuFreqMhz > 0 ? d.facts->tiuFreqMhz : 1000.0;
    out.dmaMhz = d.facts && d.facts->dmaFreqMhz > 0 ? d.facts->dmaFreqMhz : 1000.0;
    Window w;
    if (opt.range) {
        w.ranged = true;
        w.lo = opt.range->first;
        w.hi = opt.range->second;
    }
    TimeBase tb;
    tb.cycles = true;
    for (const SophgoEngine &e : d.engines)
        for (const SophgoCommand &c : e.commands)
            if (c.startCycle < 0 || c.endCycle < 0) {
                tb.cycles = false;
                break;
            }
    std::map<int, CoreSum> cores;
    constexpr double kNone = std::numeric_limits<double>::lowest();
    double minStart = std::numeric_limits<double>::max(), maxEnd = kNone;
    // tpu-mlir's end: TIU at its latest end; GDMA and SDMA at the last record of the core's tdma
    // file (GDMA records, then SDMA records); CDMA at its last record
    double toolEnd = kNone;
    std::map<int, std::pair<double, double>> lastDmaEnd; // core -> (last GDMA end, last SDMA end)
    for (const SophgoEngine &e : d.engines) {
        CoreSum *cs = nullptr;
        if (e.core >= 0) {
            cs = &cores[e.core];
            cs->core = e.core;
        } else {
            cs = &out.cdmaOnly;
        }
        EngineSum &s = e.kind == EngineKind::TIU ? cs->tiu
            : e.kind == EngineKind::GDMA         ? cs->gdma
            : e.kind == EngineKind::SDMA         ? cs->sdma
                                                 : cs->cdma;
        s.mhz = e.mhz;
        double lastEnd = kNone, latestEnd = kNone;
        for (const SophgoCommand &c : e.commands) {
            const double share = w.share(c.start, c.end);
            if (share <= 0)
                continue;
            addCommand(s, e.kind, c, rules, share, w);
            const double st = tb.startNs(c, e.mhz), en = tb.endNs(c, e.mhz);
            minStart = std::min(minStart, st);
            latestEnd = std::max(latestEnd, en);
            lastEnd = en;
        }
        if (lastEnd == kNone)
            continue;
        maxEnd = std::max(maxEnd, latestEnd);
        if (e.kind == EngineKind::TIU) {
            toolEnd = std::max(toolEnd, latestEnd);
        } else if (e.kind == EngineKind::CDMA) {
            toolEnd = std::max(toolEnd, lastEnd);
        } else {
            auto it = lastDmaEnd.try_emplace(e.core, kNone, kNone).first;
            double &slot = e.kind == EngineKind::GDMA ? it->second.first : it->second.second;
            slot = std::max(slot, lastEnd);
        }
    }
    if (minStart == std::numeric_limits<double>::max())
        return out; // nothing in the window
    for (const auto &[core, ends] : lastDmaEnd)
        toolEnd = std::max(toolEnd, ends.second != kNone ? ends.second : ends.first);
    out.spanNs = maxEnd - minStart;
    if (w.ranged) {
        out.totalNs = double(w.hi - w.lo);
    } else if (rules == SophgoRules::TpuMlir) {
        out.totalNs = toolEnd - minStart;
        out.quirkShortened = toolEnd < maxEnd;
    } else {
        out.totalNs = std::nearbyint(maxEnd - minStart);
    }
    for (auto &[k, c] : cores)
        out.cores.push_back(std::move(c));
    return out;
}


/// The Sophgo columns beside engineCoreSummary's, null on the rows already there (other engines).
void addSophgoColumns(Table &t)
{
    const std::size_t before = t.rowCount();
    struct NewCol {
        const char *id, *title;
        Unit unit;
        bool real;
    };
    static const NewCol kNew[] = {
        {"tiu_cycles", "totalTiuCycle", Unit::Count, false},
        {"uarch_rate_pct", "uArchURate", Unit::Percent, true},
        {"gdma_cycles", "totalGdmaCycle", Unit::Count, false},
        {"gdma_ddr_bytes", "GDMA DDR bytes", Unit::Bytes, false},
        {"gdma_ddr_bw_gbps", "GdmaDdrAvgBW", Unit::GBps, true},
        {"gdma_l2_bytes", "GDMA L2 bytes", Unit::Bytes, false},
        {"gdma_l2_bw_gbps", "GdmaL2AvgBW", Unit::GBps, true},
        {"sdma_cycles", "totalSdmaCycle", Unit::Count, false},
        {"sdma_ddr_bytes", "SDMA DDR bytes", Unit::Bytes, false},
        {"sdma_ddr_bw_gbps", "SdmaDdrAvgBW", Unit::GBps, true},
        {"cdma_cycles", "totalCdmaCycle", Unit::Count, false},
        {"cdma_ddr_bytes", "CDMA DDR bytes", Unit::Bytes, false},
        {"cdma_ddr_bw_gbps", "CdmaDdrAvgBW", Unit::GBps, true},
        {"cdma_l2_bw_gbps", "CdmaL2AvgBW", Unit::GBps, true},
        {"busy_any_ns", "Any engine busy", Unit::Nanoseconds, false},
        {"busy_dma_ns", "GDMA/SDMA busy", Unit::Nanoseconds, false},
        {"tiu_dma_overlap_ns", "TIU/DMA overlap", Unit::Nanoseconds, false},
        {"span_ns", "First to last command", Unit::Nanoseconds, false},
        {"tiu_mhz", "TIU clock (MHz)", Unit::None, true},
        {"dma_mhz", "DMA clock (MHz)", Unit::None, true},
    };
    for (const NewCol &n : kNew) {
        if (t.columnIndex(n.id) >= 0)
            continue;
        Column &c = n.real ? t.addReal(n.id, n.title, n.unit) : t.addInt(n.id, n.title, n.unit);
        for (std::size_t r = 0; r < before; ++r)
            c.pushNull();
    }
}

/// "device: chip, TIU n MHz, DMA n MHz" and where the clocks came from.
std::string clockNote(const SophgoDevice &d, const DeviceSummary &s)
{
    std::string n = d.name + ": " + (d.facts->chip.empty() ? std::string("Sophgo") : d.facts->chip) + ", TIU "
        + std::to_string(int(std::lround(s.tiuMhz))) + " MHz, DMA " + std::to_string(int(std::lround(s.dmaMhz)))
        + " MHz";
    if (d.facts->clocksFromUser)
        n += " (clocks given by the user)";
    else if (d.facts->clocksFromDefault)
        n += " (the dump gives no clock: the chip's default)";
    return n;
}

/// Engine time from cycles: tpu-mlir divides by the engine clock; bigTpuProfile rounds to ns.
double engineTimeNs(double cycles, double mhz, bool big)
{
    const double ns = cycles * 1000.0 / mhz;
    return big ? std::nearbyint(ns) : ns;
}

/// Bytes per ns (GB/s) over the engine time of those cycles; NaN without cycles.
double bandwidthGbps(double bytes, double cycles, double mhz, bool big)
{
    if (cycles <= 0)
        return kNaN;
    return bytes / engineTimeNs(cycles, mhz, big);
}

/// A core's busy and overlap lengths from its command intervals.
struct CoreBusy {
    std::int64_t overlap = 0;  ///< working TIU under working GDMA/SDMA/CDMA
    std::int64_t transfer = 0; ///< working GDMA/SDMA/CDMA
    std::int64_t tiuDma = 0;   ///< every TIU command under every GDMA/SDMA command
    std::int64_t busyAny = 0;  ///< TIU, GDMA or SDMA
    std::int64_t busyDma = 0;  ///< GDMA or SDMA
};

// Sorts the core's interval lists in place (unionOf).
CoreBusy coreBusy(CoreSum &c)
{
    CoreBusy b;
    auto comp = unionOf(c.tiu.working_iv);
    std::vector<Interval> x;
    x.insert(x.end(), c.gdma.working_iv.begin(), c.gdma.working_iv.end());
    x.insert(x.end(), c.sdma.working_iv.begin(), c.sdma.working_iv.end());
    x.insert(x.end(), c.cdma.working_iv.begin(), c.cdma.working_iv.end());
    const auto xfer = unionOf(x);
    b.overlap = intersectionLength(comp, xfer);
    b.transfer = totalLength(xfer);
    auto tiuAll = unionOf(c.tiu.all);
    std::vector<Interval> dmaAllV;
    dmaAllV.insert(dmaAllV.end(), c.gdma.all.begin(), c.gdma.all.end());
    dmaAllV.insert(dmaAllV.end(), c.sdma.all.begin(), c.sdma.all.end());
    const auto dmaAll = unionOf(dmaAllV);
    std::vector<Interval> anyV = dmaAll;
    anyV.insert(anyV.end(), tiuAll.begin(), tiuAll.end());
    const auto anyAll = unionOf(anyV);
    b.tiuDma = intersectionLength(tiuAll, dmaAll);
    b.busyAny = totalLength(anyAll);
    b.busyDma = totalLength(dmaAll);
    return b;
}

/// One row of the summary: a core, or the device's Overall.
struct SummaryRow {
    std::string core;
    bool overall = false;
    double tiuNs = 0, gdmaNs = 0, sdmaNs = 0, cdmaNs = 0;
    double parallelismPct = 0, computeRatioPct = 0;
    const EngineSum *tiu = nullptr, *gdma = nullptr, *sdma = nullptr, *cdma = nullptr;
    double tiuCycles = 0, gdmaCycles = 0, sdmaCycles = 0;
    CoreBusy busy;
};

void pushSummaryRow(Table &t, const SophgoDevice &d, const DeviceSummary &s, bool big, const SummaryRow &r)
{
    auto col = [&t](std::string_view id) -> Column & { return t.columns[std::size_t(t.columnIndex(id))]; };
    auto bw = [big](double bytes, double cycles, double mhz) { return bandwidthGbps(bytes, cycles, mhz, big); };
    const EngineSum &g = *r.gdma, &sd = *r.sdma, &cd = *r.cdma;
    col("rank").push(std::int64_t(d.rank));
    col("device").push(d.name);
    col("core").push(r.core);
    col("total_time_ns").push(roundNs(s.totalNs));
    col("compute_ns").push(roundNs(r.tiuNs));
    col("gdma_ns").push(roundNs(r.gdmaNs));
    col("sdma_ns").push(roundNs(r.sdmaNs));
    if (cd.present)
        col("cdma_ns").push(roundNs(r.cdmaNs));
    else
        col("cdma_ns").pushNull();
    col("parallelism_pct").push(r.parallelismPct);
    col("compute_ratio_pct").push(r.computeRatioPct);
    col("overlap_ns").push(r.busy.overlap);
    col("overlap_pct").push(pctOf(double(r.busy.overlap), double(r.busy.transfer)));
    col("gdma_bytes").push(g.bytes > 0 ? std::int64_t(std::llround(g.bytes)) : kNullInt);
    col("gdma_bw_gbps").push(g.bytesCycles > 0 ? g.bytes / (g.bytesCycles * 1000.0 / g.mhz) : kNaN);
    col("sdma_bytes").push(sd.bytes > 0 ? std::int64_t(std::llround(sd.bytes)) : kNullInt);
    col("sdma_bw_gbps").push(sd.bytesCycles > 0 ? sd.bytes / (sd.bytesCycles * 1000.0 / sd.mhz) : kNaN);
    col("tiu_cycles").push(std::int64_t(std::llround(r.tiuCycles)));
    col("uarch_rate_pct").push(r.tiu->uarchOps > 0 ? 100.0 * r.tiu->algOps / r.tiu->uarchOps : kNaN);
    col("gdma_cycles").push(std::int64_t(std::llround(r.gdmaCycles)));
    col("gdma_ddr_bytes").push(std::int64_t(std::llround(g.ddrBytes)));
    col("gdma_ddr_bw_gbps").push(bw(g.ddrBytes, g.ddrCycles, g.mhz));
    col("gdma_l2_bytes").push(std::int64_t(std::llround(g.l2Bytes)));
    col("gdma_l2_bw_gbps").push(bw(g.l2Bytes, g.l2Cycles, g.mhz));
    col("sdma_cycles").push(std::int64_t(std::llround(r.sdmaCycles)));
    col("sdma_ddr_bytes").push(std::int64_t(std::llround(sd.ddrBytes)));
    col("sdma_ddr_bw_gbps").push(bw(sd.ddrBytes, sd.ddrCycles, sd.mhz));
    if (cd.present) {
        col("cdma_cycles").push(std::int64_t(std::llround(cd.working)));
        col("cdma_ddr_bytes").push(std::int64_t(std::llround(cd.ddrBytes)));
        col("cdma_ddr_bw_gbps").push(bw(cd.ddrBytes, cd.ddrCycles, cd.mhz));
        col("cdma_l2_bw_gbps").push(bw(cd.l2Bytes, cd.l2Cycles, cd.mhz));
    } else {
        for (const char *id : {"cdma_cycles", "cdma_ddr_bytes", "cdma_ddr_bw_gbps", "cdma_l2_bw_gbps"})
            col(id).pushNull();
    }
    col("busy_any_ns").push(r.busy.busyAny);
    col("busy_dma_ns").push(r.busy.busyDma);
    col("tiu_dma_overlap_ns").push(r.busy.tiuDma);
    col("span_ns").push(roundNs(s.spanNs));
    col("tiu_mhz").push(s.tiuMhz);
    col("dma_mhz").push(s.dmaMhz);
    // the core's first command (TIU first), so a click on the row finds the core
    SliceRef ref;
    for (const SophgoEngine &e : d.engines)
        if (!e.commands.empty() && (r.overall || std::to_string(e.core) == r.core)) {
            ref = SliceRef{e.track, e.commands.front().slice};
            break;
        }
    t.keys.resize(t.rowCount() - 1); // rows of other engines carry no key
    t.keys.push_back(RowKey{kEmptyString, d.rank, -1, ref});
}

/// What the Overall row gathers over a device's cores.
struct OverallSums {
    double sumTiu = 0, sumG = 0, sumS = 0, maxTiuNs = 0, maxGNs = 0, maxSNs = 0;
    double maxTiuC = 0, maxGC = 0, maxSC = 0;
    double sumAlg = 0, sumUarch = 0;
    EngineSum gAll, sAll, cAll;
    CoreBusy busy; ///< sums over cores

    void addCore(const CoreSum &c, double tiuNs, double gNs, double sNs, const CoreBusy &b)
    {
        sumTiu += tiuNs;
        sumG += gNs;
        sumS += sNs;
        maxTiuNs = std::max(maxTiuNs, tiuNs);
        maxGNs = std::max(maxGNs, gNs);
        maxSNs = std::max(maxSNs, sNs);
        maxTiuC = std::max(maxTiuC, c.tiu.working);
        maxGC = std::max(maxGC, c.gdma.working);
        maxSC = std::max(maxSC, c.sdma.working);
        sumAlg += c.tiu.algOps;
        sumUarch += c.tiu.uarchOps;
        for (auto [from, to] : {std::pair{&c.gdma, &gAll}, std::pair{&c.sdma, &sAll}, std::pair{&c.cdma, &cAll}}) {
            to->present = to->present || from->present;
            to->mhz = from->present ? from->mhz : to->mhz;
            to->working += from->working;
            to->bytes += from->bytes;
            to->bytesCycles += from->bytesCycles;
            to->ddrBytes += from->ddrBytes;
            to->ddrCycles += from->ddrCycles;
            to->l2Bytes += from->l2Bytes;
            to->l2Cycles += from->l2Cycles;
        }
        busy.overlap += b.overlap;
        busy.transfer += b.transfer;
        busy.tiuDma += b.tiuDma;
        busy.busyAny += b.busyAny;
        busy.busyDma += b.busyDma;
    }

    /// CDMA ports with no core take part in the aggregate only.
    void addCorelessCdma(const EngineSum &from)
    {
        if (!from.present)
            return;
        cAll.present = true;
        cAll.mhz = from.mhz;
        cAll.working += from.working;
        cAll.ddrBytes += from.ddrBytes;
        cAll.ddrCycles += from.ddrCycles;
        cAll.l2Bytes += from.l2Bytes;
        cAll.l2Cycles += from.l2Cycles;
    }
};

/// One row per core, then the device's Overall row.
void appendDeviceRows(Table &t, const SophgoDevice &d, DeviceSummary &s, SophgoRules rules)
{
    const bool big = rules == SophgoRules::BigTpuProfile;
    const std::size_t nCores = s.cores.size();
    OverallSums all;
    for (CoreSum &c : s.cores) {
        SummaryRow row;
        row.core = std::to_string(c.core);
        row.tiuNs = engineTimeNs(c.tiu.working, c.tiu.mhz, big);
        row.gdmaNs = engineTimeNs(c.gdma.working, c.gdma.mhz, big);
        row.sdmaNs = engineTimeNs(c.sdma.working, c.sdma.mhz, big);
        row.cdmaNs = engineTimeNs(c.cdma.working, c.cdma.mhz, big);
        // Parallelism: tpu-mlir counts SDMA on every core row; bigTpuProfile only with more than one core
        const double parNum = row.tiuNs + row.gdmaNs + ((!big || nCores > 1) ? row.sdmaNs : 0.0);
        row.parallelismPct = pctOf(parNum, s.totalNs);
        row.computeRatioPct = pctOf(row.tiuNs, s.totalNs);
        row.tiu = &c.tiu;
        row.gdma = &c.gdma;
        row.sdma = &c.sdma;
        row.cdma = &c.cdma;
        row.tiuCycles = c.tiu.working;
        row.gdmaCycles = c.gdma.working;
        row.sdmaCycles = c.sdma.working;
        row.busy = coreBusy(c);
        pushSummaryRow(t, d, s, big, row);
        all.addCore(c, row.tiuNs, row.gdmaNs, row.sdmaNs, row.busy);
    }
    all.addCorelessCdma(s.cdmaOnly.cdma);
    if (nCores == 0)
        return;
    // Overall: tpu-mlir takes each engine's maximum over cores for parallelism (SDMA only with
    // more than one core); bigTpuProfile sums over cores and divides by total x cores
    const double avail = s.totalNs * double(nCores);
    EngineSum tiuAll;
    tiuAll.algOps = all.sumAlg;
    tiuAll.uarchOps = all.sumUarch;
    SummaryRow overall;
    overall.core = "Overall";
    overall.overall = true;
    overall.tiuNs = all.maxTiuNs;
    overall.gdmaNs = all.maxGNs;
    overall.sdmaNs = all.maxSNs;
    overall.cdmaNs = engineTimeNs(all.cAll.working, all.cAll.mhz, big);
    overall.parallelismPct = big ? pctOf(all.sumTiu + all.sumG + (nCores > 1 ? all.sumS : 0.0), avail)
                                 : pctOf(all.maxTiuNs + all.maxGNs + (nCores > 1 ? all.maxSNs : 0.0), s.totalNs);
    overall.computeRatioPct = pctOf(all.sumTiu, avail);
    overall.tiu = &tiuAll;
    overall.gdma = &all.gAll;
    overall.sdma = &all.sAll;
    overall.cdma = &all.cAll;
    overall.tiuCycles = all.maxTiuC;
    overall.gdmaCycles = all.maxGC;
    overall.sdmaCycles = all.maxSC;
    overall.busy = all.busy;
    pushSummaryRow(t, d, s, big, overall);
}

} // namespace

void appendSophgoSummary(Table &t, const AnalysisContext &ctx, const AnalysisOptions &opt, SophgoRules rules)
{
    const auto model = sophgoModel(ctx);
    addSophgoColumns(t);
    if (model->empty())
        return;
    bool anyQuirk = false, anyRow = false, anyOpsMissing = false, anyRangeCut = false;
    std::vector<std::string> clockNotes;
    for (const SophgoDevice &d : model->devices) {
        if (!opt.wantsRank(d.rank))
            continue;
        DeviceSummary s = summarize(d, opt, rules);
        if (s.cores.empty() && !s.cdmaOnly.cdma.present)
            continue;
        anyRow = true;
        anyQuirk = anyQuirk || s.quirkShortened;
        anyRangeCut = anyRangeCut || opt.range.has_value();
        if (!d.anyOps)
            anyOpsMissing = true;
        if (d.facts)
            clockNotes.push_back(clockNote(d, s));
        appendDeviceRows(t, d, s, rules);
    }
    if (!anyRow)
        return;
    t.notes.push_back(rules == SophgoRules::TpuMlir
                          ? "Sophgo: tpu-mlir's PerfAI summary formulas (engine-summary-bigtpu: bigTpuProfile's summary.txt)"
                          : "Sophgo: bigTpuProfile's summary.txt formulas (engine-summary: tpu-mlir's)");
    for (std::string &n : clockNotes)
        t.notes.push_back(std::move(n));
    t.notes.push_back("Sophgo Overall row: the cycle and time columns hold the maximum over cores; bandwidths are "
                      "summed bytes over summed cycles; the overlap and busy columns are sums over cores");
    if (anyQuirk)
        t.notes.push_back("total_time_ns ends, as in tpu-mlir, at the last GDMA/SDMA record of each core's tdma "
                          "file rather than the latest end; span_ns is the true first-to-last span");
    if (anyOpsMissing)
        t.notes.push_back("uarch_rate_pct needs the chip cost model (tpu-mlir's Alg/uArch ops per TIU command); "
                          "the dump's TIU commands carry no ops, so it is empty");
    if (anyRangeCut)
        t.notes.push_back("Sophgo: commands cut by the range count with the share of their cycles and bytes inside it; "
                          "total_time_ns is the range");
}

Table engineCoreSummaryBigTpu(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t = engineCoreSummaryWith(ctx, opt, SophgoRules::BigTpuProfile);
    t.name = "engine-summary-bigtpu";
    t.title = "Engine summary per core (bigTpuProfile)";
    if (sophgoModel(ctx)->empty())
        appendSophgoSummary(t, ctx, opt, SophgoRules::BigTpuProfile); // the same columns, no Sophgo rows
    return t;
}

// ---------------------------------------------------------------------------------------------
// Engines table columns

void addSophgoEngineColumns(Table &t, const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const auto model = sophgoModel(ctx);
    Column &mhz = t.addReal("clock_mhz", "Clock (MHz)");
    Column &asic = t.addInt("asic_cycles", "Asic cycles", Unit::Count);
    Column &work = t.addInt("working_cycles", "Working cycles (tpu-mlir)", Unit::Count);
    Column &sys = t.addInt("sys_commands", "System commands", Unit::Count);
    Column &ddrB = t.addInt("ddr_bytes", "DDR bytes", Unit::Bytes);
    Column &ddrBw = t.addReal("ddr_bw_gbps", "DDR average bandwidth", Unit::GBps);
    Column &l2B = t.addInt("l2_bytes", "L2 bytes", Unit::Bytes);
    Column &l2Bw = t.addReal("l2_bw_gbps", "L2 average bandwidth", Unit::GBps);
    std::unordered_map<TrackId, const SophgoEngine *> byTrack;
    for (const SophgoDevice &d : model->devices)
        for (const SophgoEngine &e : d.engines)
            byTrack.emplace(e.track, &e);
    Window w;
    if (opt.range) {
        w.ranged = true;
        w.lo = opt.range->first;
        w.hi = opt.range->second;
    }
    bool any = false;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        const auto it = r < t.keys.size() ? byTrack.find(t.keys[r].slice.track) : byTrack.end();
        if (it == byTrack.end()) {
            for (Column *c : {&mhz, &ddrBw, &l2Bw})
                c->pushNull();
            for (Column *c : {&asic, &work, &sys, &ddrB, &l2B})
                c->pushNull();
            continue;
        }
        any = true;
        const SophgoEngine &e = *it->second;
        EngineSum s;
        s.mhz = e.mhz;
        for (const SophgoCommand &c : e.commands) {
            const double share = w.share(c.start, c.end);
            if (share > 0)
                addCommand(s, e.kind, c, SophgoRules::TpuMlir, share, w);
        }
        mhz.push(e.mhz);
        asic.push(std::int64_t(std::llround(s.asic)));
        work.push(std::int64_t(std::llround(s.working)));
        sys.push(s.sysCommands);
        const bool dma = isDmaKind(e.kind);
        ddrB.push(dma ? std::int64_t(std::llround(s.ddrBytes)) : kNullInt);
        ddrBw.push(dma && s.ddrCycles > 0 ? s.ddrBytes / (s.ddrCycles * 1000.0 / s.mhz) : kNaN);
        l2B.push(dma ? std::int64_t(std::llround(s.l2Bytes)) : kNullInt);
        l2Bw.push(dma && s.l2Cycles > 0 ? s.l2Bytes / (s.l2Cycles * 1000.0 / s.mhz) : kNaN);
    }
    if (any)
        t.notes.push_back("Sophgo engines: asic_cycles = Σ (end - start + 1) cycles in the engine's clock; working_cycles "
                          "leaves out TIU wait_msg and DMA sys_wait; DDR/L2 averages over non-system commands (tpu-mlir)");
}

} // namespace accelscope::model::analysis
