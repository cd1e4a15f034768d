// Sophgo TPU engine numbers: the per-command facts (sophgoModel), the engine-summary rows with
// tpu-mlir's or bigTpuProfile's formulas, the per-layer breakdown and the command lists.
// Formulas: docs/sophgo.md "Numbers".
// This part holds the per-command facts and the command lists; the summary is in
// sophgoenginessummary.cpp, the per-layer breakdown in sophgoengineslayers.cpp.
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

namespace {

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
