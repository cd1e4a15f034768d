// Sophgo TPU engine numbers: the per-command facts (sophgoModel), the engine-summary rows with
// tpu-mlir's or bigTpuProfile's formulas, the per-layer breakdown and the command lists.
// Formulas: docs/sophgo.md "Numbers".
#include "sophgoengines.h"

#include "intervals.h"
#include "model/asciitext.h"
#include "model/parallel.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_map>

namespace accelscope::model::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool parseI64(std::string_view v, std::int64_t &out)
{
    if (!v.empty() && v.front() == '+')
        v.remove_prefix(1);
    const auto r = std::from_chars(v.data(), v.data() + v.size(), out);
    return r.ec == std::errc() && r.ptr == v.data() + v.size();
}

bool parseF64(std::string_view v, double &out)
{
    const auto r = std::from_chars(v.data(), v.data() + v.size(), out);
    return r.ec == std::errc() && r.ptr != v.data();
}

bool isDmaKind(EngineKind k) { return k == EngineKind::GDMA || k == EngineKind::SDMA || k == EngineKind::CDMA; }
bool isSophgoKind(EngineKind k) { return k == EngineKind::TIU || isDmaKind(k); }

/// The args an engine slice of the Sophgo importer carries (docs/sophgo.md "Model").
struct SliceArgs {
    std::int64_t cycles = -1, startCycle = -1, endCycle = -1;
    std::int64_t taskType = -1, subType = -1; ///< TIU tsk_typ / tsk_eu_typ; DMA cmd_type / special function
    std::string_view direction;
    std::string_view layer, layerName;
    double algOps = -1, uarchOps = -1;
};

SliceArgs readArgs(std::string_view json)
{
    SliceArgs a;
    scanTopLevelScalarsUntil(json, [&a](std::string_view key, std::string_view v, bool isString) {
        std::int64_t i = 0;
        double d = 0;
        if (key == "cycles" || key == "asic_cycle") {
            if (parseI64(v, i))
                a.cycles = i;
        } else if (key == "start_cycle") {
            if (parseI64(v, i))
                a.startCycle = i;
        } else if (key == "end_cycle") {
            if (parseI64(v, i))
                a.endCycle = i;
        } else if (key == "tsk_typ" || key == "des_tsk_typ" || key == "cmd_type") {
            if (parseI64(v, i))
                a.taskType = i;
        } else if (key == "tsk_eu_typ" || key == "des_tsk_eu_typ" || key == "cmd_special_function"
                   || key == "special") {
            if (parseI64(v, i))
                a.subType = i;
        } else if (key == "direction") {
            a.direction = v;
        } else if (key == "layer_id") { // final.mlir line of the op (tensor_location.json)
            if (!(v == "-" || v.empty() || (!isString && v == "null")))
                a.layer = v;
        } else if (key == "layer" || key == "layer_name") { // the op's name
            if (!(v == "-" || v.empty() || (!isString && v == "null")))
                a.layerName = v;
        } else if (key == "alg_ops") {
            if (parseF64(v, d))
                a.algOps = d;
        } else if (key == "uarch_ops") {
            if (parseF64(v, d))
                a.uarchOps = d;
        }
        return true;
    });
    return a;
}

/// System command codes (§1.7 item 4): TIU tsk_typ 15, GDMA/SDMA cmd_type 6, CDMA cmd_type 7;
/// waits: TIU eu 9 (wait_msg), DMA special 4 (sys_wait), CDMA 4 / 6 (tx / rx wait).
void classify(EngineKind kind, const SliceArgs &a, std::string_view name, std::string_view cat, SophgoCommand &c)
{
    const int sysCode = kind == EngineKind::TIU ? 15 : kind == EngineKind::CDMA ? 7 : 6;
    if (a.taskType >= 0) {
        c.sys = a.taskType == sysCode;
        if (c.sys && a.subType >= 0) {
            if (kind == EngineKind::TIU)
                c.wait = a.subType == 9;
            else if (kind == EngineKind::CDMA)
                c.wait = a.subType == 4 || a.subType == 6;
            else
                c.wait = a.subType == 4;
            return;
        }
    } else {
        // no type codes in the args: the importer's category ("sys...") and bigTpuProfile's names
        c.sys = startsWithNoCase(cat, "sys") || startsWithNoCase(name, "sys") || name == "send_msg" || name == "wait_msg";
    }
    c.wait = c.sys && containsNoCase(name, "wait");
}

std::int64_t roundNs(double ns) { return std::int64_t(std::nearbyint(ns)); }

} // namespace

bool isSophgoProcess(const Trace &trace, const Process &p)
{
    return p.source < trace.sources().size() && trace.sources()[p.source].sophgo != nullptr;
}

bool traceHasSophgo(const Trace &trace)
{
    for (const SourceInfo &s : trace.sources())
        if (s.sophgo)
            return true;
    return false;
}

namespace {

/// One engine track's commands read from their args; layer labels local to the track until the
/// device's table is merged (tracks are read in parallel).
struct EngineRead {
    std::size_t device = 0;
    SophgoEngine engine;
    std::vector<std::string> layers; ///< local layer labels, indexed by SophgoCommand::layer
    bool anyOps = false, anyCycleArgs = false;
};

void readEngine(const Trace &tr, const EventIndex &ix, EngineRead &out)
{
    SophgoEngine &e = out.engine;
    const Track &t = tr.track(e.track);
    e.commands.reserve(t.slices.size());
    const std::uint32_t base = ix.trackBegin[e.track];
    std::unordered_map<std::string, std::int32_t> local;
    std::string_view lastLayer, lastName; // consecutive commands mostly share their layer
    std::int32_t lastIndex = -1;
    for (std::uint32_t i = 0; i < t.slices.size(); ++i) {
        SophgoCommand c;
        c.slice = i;
        c.start = t.slices.start[i];
        c.end = c.start + t.slices.dur[i];
        const SliceArgs a = readArgs(tr.args().json(t.slices.args[i]));
        c.startCycle = a.startCycle;
        c.endCycle = a.endCycle;
        if (a.cycles >= 0) {
            c.asicCycles = a.cycles;
            out.anyCycleArgs = true;
        } else if (a.startCycle >= 0 && a.endCycle >= a.startCycle) {
            c.asicCycles = a.endCycle - a.startCycle + 1;
            out.anyCycleArgs = true;
        } else {
            // Asic Cycle = end - start + 1 (§1.10); the slice spans end - start
            c.asicCycles = std::int64_t(std::nearbyint(double(t.slices.dur[i]) * e.mhz / 1000.0)) + 1;
        }
        const std::int64_t b = ix.bytes[base + i];
        c.bytes = b == kNoValue ? -1 : b;
        c.dirKnown = !a.direction.empty() && a.direction != "-";
        c.dirDdr = c.dirKnown && containsNoCase(a.direction, "ddr");
        c.dirL2 = c.dirKnown && containsNoCase(a.direction, "l2");
        if (!a.layer.empty() || !a.layerName.empty()) {
            if (lastIndex >= 0 && a.layer == lastLayer && a.layerName == lastName) {
                c.layer = lastIndex;
            } else {
                // "Conv2D (26)": the op name and its final.mlir line, which tells ops of one name apart
                std::string label(a.layerName.empty() ? a.layer : a.layerName);
                if (!a.layerName.empty() && !a.layer.empty())
                    label += " (" + std::string(a.layer) + ")";
                auto [li, inserted] = local.emplace(label, std::int32_t(out.layers.size()));
                if (inserted)
                    out.layers.push_back(std::move(label));
                c.layer = li->second;
                lastIndex = c.layer;
                lastLayer = a.layer;
                lastName = a.layerName;
            }
        }
        if (t.engine == EngineKind::TIU && a.algOps >= 0 && a.uarchOps >= 0) {
            c.algOps = a.algOps;
            c.uarchOps = a.uarchOps;
            out.anyOps = true;
        }
        classify(t.engine, a, tr.str(t.slices.name[i]), tr.str(t.slices.cat[i]), c);
        e.commands.push_back(c);
    }
    // start order (a track with overlap lanes keeps its rows apart)
    std::stable_sort(e.commands.begin(), e.commands.end(),
                     [](const SophgoCommand &x, const SophgoCommand &y) { return x.start < y.start; });
}

} // namespace

std::shared_ptr<const SophgoModel> sophgoModel(const AnalysisContext &ctx)
{
    auto made = ctx.cached("sophgo-engine-model", [&ctx]() -> std::shared_ptr<const void> {
        auto model = std::make_shared<SophgoModel>();
        const Trace &tr = ctx.trace();
        const EventIndex &ix = ctx.index();
        if (!traceHasSophgo(tr))
            return model;
        // a device: one source and device index (the CDMA ports may sit in a process of their own)
        std::map<std::pair<std::uint32_t, std::int64_t>, std::size_t> deviceOf;
        std::vector<EngineRead> reads;
        for (ProcessId pid : tr.processOrder()) {
            const Process &p = tr.process(pid);
            if (!isSophgoProcess(tr, p))
                continue;
            for (TrackId tid : p.tracks) {
                const Track &t = tr.track(tid);
                if (t.role != TrackRole::Engine || !isSophgoKind(t.engine) || t.slices.size() == 0)
                    continue;
                const auto key = std::make_pair(p.source, p.device >= 0 ? std::int64_t(p.device) : -1 - std::int64_t(p.id));
                auto it = deviceOf.find(key);
                if (it == deviceOf.end()) {
                    SophgoDevice d;
                    d.source = p.source;
                    d.rank = ix.trackRank[tid];
                    // the importer names the process after the dump ("BM1690 dev0")
                    d.name = p.name != kEmptyString ? std::string(tr.str(p.name)) : tr.processDisplayName(p.id);
                    d.facts = tr.sources()[p.source].sophgo;
                    model->devices.push_back(std::move(d));
                    it = deviceOf.emplace(key, model->devices.size() - 1).first;
                }
                const SophgoDevice &dev = model->devices[it->second];
                EngineRead r;
                r.device = it->second;
                r.engine.track = tid;
                r.engine.kind = t.engine;
                r.engine.core = t.core;
                const double f = t.engine == EngineKind::TIU ? dev.facts->tiuFreqMhz : dev.facts->dmaFreqMhz;
                r.engine.mhz = f > 0 ? f : 1000.0;
                reads.push_back(std::move(r));
            }
        }
        // the args of every track, in parallel (one thread per core at most)
        parallelFor(reads.size(), [&](std::size_t i) { readEngine(tr, ix, reads[i]); });
        // merge in track order: each device's layer table in the order the tracks name them
        std::vector<std::unordered_map<std::string, std::int32_t>> layerIds(model->devices.size());
        for (EngineRead &r : reads) {
            SophgoDevice &dev = model->devices[r.device];
            dev.anyOps = dev.anyOps || r.anyOps;
            dev.anyCycleArgs = dev.anyCycleArgs || r.anyCycleArgs;
            std::vector<std::int32_t> remap(r.layers.size());
            for (std::size_t l = 0; l < r.layers.size(); ++l) {
                auto [li, inserted] = layerIds[r.device].emplace(r.layers[l], std::int32_t(dev.layers.size()));
                if (inserted)
                    dev.layers.push_back(r.layers[l]);
                remap[l] = li->second;
            }
            for (SophgoCommand &c : r.engine.commands)
                if (c.layer >= 0)
                    c.layer = remap[std::size_t(c.layer)];
            dev.engines.push_back(std::move(r.engine));
        }
        for (SophgoDevice &d : model->devices)
            std::stable_sort(d.engines.begin(), d.engines.end(), [](const SophgoEngine &a, const SophgoEngine &b) {
                return std::tie(a.core, a.kind, a.track) < std::tie(b.core, b.kind, b.track);
            });
        return model;
    });
    return std::static_pointer_cast<const SophgoModel>(made);
}

// ---------------------------------------------------------------------------------------------
// Summary

namespace {

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

struct Window {
    TimeNs lo = 0, hi = 0;
    bool ranged = false;
    /// Share of [s, e) inside the window (1 without a range); 0: outside.
    double share(TimeNs s, TimeNs e) const
    {
        if (!ranged)
            return 1.0;
        if (e == s)
            return (s >= lo && s < hi) ? 1.0 : 0.0;
        const TimeNs cs = std::max(s, lo), ce = std::min(e, hi);
        return ce > cs ? double(ce - cs) / double(e - s) : 0.0;
    }
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

double pctOf(double a, double b) { return b > 0 ? 100.0 * a / b : kNaN; }

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

// ---------------------------------------------------------------------------------------------
// Per layer

Table engineLayers(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("engine-layers", "Engine time per layer");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addText("device", "Device");
    Column &core = t.addInt("core", "Core", Unit::Id);
    Column &layer = t.addText("layer", "Layer");
    Column &first = t.addInt("start_ns", "First command", Unit::TimestampNs);
    Column &span = t.addInt("span_ns", "First to last", Unit::Nanoseconds);
    Column &tiuN = t.addInt("tiu_commands", "TIU commands", Unit::Count);
    Column &tiuNs = t.addInt("tiu_ns", "TIU busy", Unit::Nanoseconds);
    Column &tiuC = t.addInt("tiu_cycles", "TIU cycles", Unit::Count);
    Column &dmaN = t.addInt("dma_commands", "DMA commands", Unit::Count);
    Column &dmaNs = t.addInt("dma_ns", "DMA busy", Unit::Nanoseconds);
    Column &dmaC = t.addInt("dma_cycles", "DMA cycles", Unit::Count);
    Column &gB = t.addInt("gdma_bytes", "GDMA bytes", Unit::Bytes);
    Column &sB = t.addInt("sdma_bytes", "SDMA bytes", Unit::Bytes);
    Column &bw = t.addReal("dma_bw_gbps", "DMA bandwidth while busy", Unit::GBps);
    Column &ov = t.addInt("overlap_ns", "TIU/DMA overlap", Unit::Nanoseconds);
    Column &bound = t.addText("bound", "Bound by");
    Column &share = t.addReal("share_pct", "Share of the device's span", Unit::Percent);
    const auto model = sophgoModel(ctx);
    if (model->empty())
        return t;
    const Trace &tr = ctx.trace();
    Window w;
    if (opt.range) {
        w.ranged = true;
        w.lo = opt.range->first;
        w.hi = opt.range->second;
    }
    bool byName = false;
    for (const SophgoDevice &d : model->devices) {
        if (!opt.wantsRank(d.rank))
            continue;
        // layers from the dump (tensor_location.json, global.profile); else the op names
        const bool useLayers = !d.layers.empty();
        byName = byName || !useLayers;
        struct Acc {
            int core = -1;
            std::string label;
            StringId name = kEmptyString;
            TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
            std::int64_t tiuN = 0, dmaN = 0;
            double tiuC = 0, dmaC = 0, gB = 0, sB = 0;
            std::vector<Interval> tiu, dma;
            SliceRef longest;
            TimeNs longestDur = -1;
        };
        std::map<std::pair<int, std::int64_t>, Acc> groups;
        TimeNs devLo = std::numeric_limits<TimeNs>::max(), devHi = std::numeric_limits<TimeNs>::min();
        for (const SophgoEngine &e : d.engines) {
            if (e.kind == EngineKind::CDMA)
                continue;
            const Track &track = tr.track(e.track);
            for (const SophgoCommand &c : e.commands) {
                const double sh = w.share(c.start, c.end);
                if (sh <= 0)
                    continue;
                const TimeNs cs = w.ranged ? std::max(c.start, w.lo) : c.start;
                const TimeNs ce = w.ranged ? std::min(c.end, w.hi) : c.end;
                devLo = std::min(devLo, cs);
                devHi = std::max(devHi, ce);
                std::int64_t key;
                if (useLayers) {
                    if (c.layer < 0)
                        continue; // a command no layer claims (tpu-mlir shows '-')
                    key = c.layer;
                } else {
                    key = std::int64_t(track.slices.name[c.slice]);
                }
                Acc &a = groups[{e.core, key}];
                if (a.label.empty()) {
                    a.core = e.core;
                    a.label = useLayers ? d.layers[std::size_t(c.layer)] : std::string(tr.str(track.slices.name[c.slice]));
                    a.name = useLayers ? kEmptyString : track.slices.name[c.slice];
                }
                a.first = std::min(a.first, cs);
                a.last = std::max(a.last, ce);
                if (ce - cs > a.longestDur) {
                    a.longestDur = ce - cs;
                    a.longest = SliceRef{e.track, c.slice};
                }
                if (e.kind == EngineKind::TIU) {
                    ++a.tiuN;
                    a.tiuC += double(c.asicCycles) * sh;
                    a.tiu.push_back({cs, ce});
                } else {
                    ++a.dmaN;
                    a.dmaC += double(c.asicCycles) * sh;
                    a.dma.push_back({cs, ce});
                    const double b = c.bytes > 0 && !c.sys ? double(c.bytes) * sh : 0.0;
                    (e.kind == EngineKind::GDMA ? a.gB : a.sB) += b;
                }
            }
        }
        std::vector<Acc *> order;
        for (auto &[k, a] : groups)
            order.push_back(&a);
        std::stable_sort(order.begin(), order.end(), [](const Acc *x, const Acc *y) {
            return std::tie(x->first, x->core) < std::tie(y->first, y->core);
        });
        const TimeNs devSpan = devHi > devLo ? devHi - devLo : 0;
        for (Acc *a : order) {
            const auto tu = unionOf(a->tiu);
            const auto du = unionOf(a->dma);
            const std::int64_t tb = totalLength(tu), db = totalLength(du);
            rank.push(std::int64_t(d.rank));
            device.push(d.name);
            core.push(a->core < 0 ? kNullInt : std::int64_t(a->core));
            layer.push(a->label);
            first.push(a->first - tr.startNs());
            span.push(a->last - a->first);
            tiuN.push(a->tiuN);
            tiuNs.push(tb);
            tiuC.push(std::int64_t(std::llround(a->tiuC)));
            dmaN.push(a->dmaN);
            dmaNs.push(db);
            dmaC.push(std::int64_t(std::llround(a->dmaC)));
            gB.push(std::int64_t(std::llround(a->gB)));
            sB.push(std::int64_t(std::llround(a->sB)));
            bw.push(db > 0 && a->gB + a->sB > 0 ? (a->gB + a->sB) / double(db) : kNaN);
            ov.push(intersectionLength(tu, du));
            // the engine that is busy longer bounds the layer (equal: both)
            bound.push(tb == 0 && db == 0 ? std::string("-") : tb > db ? std::string("TIU") : db > tb ? std::string("DMA") : std::string("TIU=DMA"));
            share.push(devSpan > 0 ? 100.0 * double(a->last - a->first) / double(devSpan) : kNaN);
            t.keys.push_back(RowKey{a->name, d.rank, -1, a->longest});
        }
    }
    if (byName)
        t.notes.push_back("the dump names no layers (no tensor_location.json / layer lines): rows are op names");
    t.notes.push_back("bound: the engine busy longer within the layer (TIU = compute bound, DMA = transfer bound); "
                      "busy times are unions of the commands' intervals; bytes leave out system commands");
    return t;
}

Table engineLayerSummary(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("engine-layer-summary", "Engine summary over layers");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addText("device", "Device");
    Column &layers = t.addInt("layers", "Layers", Unit::Count);
    Column &total = t.addInt("total_time_ns", "totalTime (layer span)", Unit::Nanoseconds);
    Column &tiuC = t.addInt("tiu_cycles", "tiuCycles", Unit::Count);
    Column &tiuNs = t.addReal("tiu_ns", "tiuTime", Unit::Nanoseconds);
    Column &gdmaC = t.addInt("gdma_cycles", "gdmaCycles", Unit::Count);
    Column &gdmaNs = t.addReal("gdma_ns", "gdmaTime", Unit::Nanoseconds);
    Column &sdmaC = t.addInt("sdma_cycles", "sdmaCycles", Unit::Count);
    Column &par = t.addReal("parallelism_pct", "Parallelism", Unit::Percent);
    Column &conc = t.addReal("concurrency_pct", "Concurrency", Unit::Percent);
    Column &fps = t.addReal("fps", "FPS (10^6 / tiu µs)");
    const auto model = sophgoModel(ctx);
    bool anyWithout = false;
    for (const SophgoDevice &d : model->devices) {
        if (!opt.wantsRank(d.rank))
            continue;
        if (d.layers.empty()) {
            anyWithout = true;
            continue;
        }
        // tpu-mlir's BM1684X generator: layers with an id, their records only, span from the
        // first such record to the last; cycles = Σ Asic Cycle of those records
        double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
        double tiu = 0, gdma = 0, sdma = 0, tiuMhz = 1000, dmaMhz = 1000;
        for (const SophgoEngine &e : d.engines) {
            if (e.kind == EngineKind::TIU)
                tiuMhz = e.mhz;
            else
                dmaMhz = e.mhz;
            for (const SophgoCommand &c : e.commands) {
                if (c.layer < 0 || !opt.overlapsRange(c.start, c.end))
                    continue;
                lo = std::min(lo, double(c.start));
                hi = std::max(hi, double(c.end));
                if (e.kind == EngineKind::TIU)
                    tiu += double(c.asicCycles);
                else if (e.kind == EngineKind::GDMA)
                    gdma += double(c.asicCycles);
                else if (e.kind == EngineKind::SDMA)
                    sdma += double(c.asicCycles);
            }
        }
        if (hi < lo)
            continue;
        const double span = hi - lo;
        const double tiuTime = tiu * 1000.0 / tiuMhz, gdmaTime = gdma * 1000.0 / dmaMhz;
        rank.push(std::int64_t(d.rank));
        device.push(d.name);
        layers.push(std::int64_t(d.layers.size()));
        total.push(std::int64_t(std::llround(span)));
        tiuC.push(std::int64_t(std::llround(tiu)));
        tiuNs.push(tiuTime);
        gdmaC.push(std::int64_t(std::llround(gdma)));
        gdmaNs.push(gdmaTime);
        sdmaC.push(std::int64_t(std::llround(sdma)));
        par.push(pctOf(tiuTime + gdmaTime, span));
        const double m = std::min(tiuTime, gdmaTime);
        conc.push(m > 0 ? 100.0 * (tiuTime + gdmaTime - span) / m : kNaN);
        fps.push(tiuTime > 0 ? 1e9 / tiuTime : kNaN);
        SliceRef first;
        for (const SophgoEngine &e : d.engines)
            if (!e.commands.empty()) {
                first = SliceRef{e.track, e.commands.front().slice};
                break;
            }
        t.keys.push_back(RowKey{kEmptyString, d.rank, -1, first});
    }
    t.notes.push_back("tpu-mlir's BM1684X summary.csv Overall: over the commands a layer claims (layer span, their "
                      "cycles); Parallelism = (TIU + GDMA time) / span, Concurrency = (TIU + GDMA - span) / min(TIU, GDMA)");
    if (anyWithout)
        t.notes.push_back("dumps without layer information (no tensor_location.json / layer lines) have no row");
    return t;
}

// ---------------------------------------------------------------------------------------------
// Command lists

Table engineCommands(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("engine-commands", "Engine commands");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addText("device", "Device");
    Column &core = t.addInt("core", "Core", Unit::Id);
    Column &engine = t.addText("engine", "Engine");
    Column &cmd = t.addText("cmd_id", "Cmd Id");
    Column &start = t.addInt("start_ns", "Start", Unit::TimestampNs);
    Column &dur = t.addInt("dur_ns", "Duration", Unit::Nanoseconds);
    Column &cyc = t.addInt("cycles", "Asic cycles", Unit::Count);
    Column &name = t.addText("name", "Function");
    Column &cat = t.addText("category", "Function type");
    Column &sys = t.addText("system", "System");
    Column &dir = t.addText("direction", "Direction");
    Column &bytes = t.addInt("bytes", "Bytes", Unit::Bytes);
    Column &bw = t.addReal("bandwidth_gbps", "Bandwidth", Unit::GBps);
    Column &layer = t.addText("layer", "Layer");
    const auto model = sophgoModel(ctx);
    if (model->empty())
        return t;
    const Trace &tr = ctx.trace();
    std::vector<std::string> capped;
    for (const SophgoDevice &d : model->devices) {
        if (!opt.wantsRank(d.rank))
            continue;
        for (const SophgoEngine &e : d.engines) {
            const Track &track = tr.track(e.track);
            std::size_t n = 0, total = 0;
            for (const SophgoCommand &c : e.commands) {
                if (!opt.overlapsRange(c.start, c.end))
                    continue;
                ++total;
                if (n >= kEngineCommandsCap)
                    continue;
                ++n;
                std::string cmdId, direction;
                scanTopLevelScalarsUntil(tr.args().json(track.slices.args[c.slice]),
                                         [&](std::string_view key, std::string_view v, bool) {
                                             if (key == "cmd_id")
                                                 cmdId = v;
                                             else if (key == "direction")
                                                 direction = v;
                                             return true;
                                         });
                rank.push(std::int64_t(d.rank));
                device.push(d.name);
                core.push(e.core < 0 ? kNullInt : std::int64_t(e.core));
                engine.push(std::string(engineKindName(e.kind)));
                cmd.push(std::move(cmdId));
                start.push(c.start - tr.startNs());
                dur.push(c.end - c.start);
                cyc.push(c.asicCycles);
                name.push(std::string(tr.str(track.slices.name[c.slice])));
                cat.push(std::string(tr.str(track.slices.cat[c.slice])));
                sys.push(c.sys ? (c.wait ? std::string("wait") : std::string("yes")) : std::string());
                dir.push(std::move(direction));
                bytes.push(c.bytes >= 0 ? c.bytes : kNullInt);
                bw.push(c.bytes > 0 && c.asicCycles > 0 ? double(c.bytes) / (double(c.asicCycles) * 1000.0 / e.mhz) : kNaN);
                layer.push(c.layer >= 0 ? d.layers[std::size_t(c.layer)] : std::string());
                t.keys.push_back(RowKey{track.slices.name[c.slice], d.rank, -1, SliceRef{e.track, c.slice}});
            }
            if (total > n)
                capped.push_back(d.name + " " + tr.trackDisplayName(e.track) + ": first " + std::to_string(n) + " of "
                                 + std::to_string(total) + " commands");
        }
    }
    if (!capped.empty()) {
        std::string note = "capped at " + std::to_string(kEngineCommandsCap) + " commands per engine: ";
        for (std::size_t i = 0; i < capped.size(); ++i)
            note += (i ? "; " : "") + capped[i];
        t.notes.push_back(std::move(note));
    }
    t.notes.push_back("bandwidth = bytes / Asic cycles at the engine's clock (tpu-mlir's per-record DDR/L2M bandwidth)");
    return t;
}

} // namespace accelscope::model::analysis
