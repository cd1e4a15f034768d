// bmprofile reading -> trace model (docs/sophgo.md "Model" and "bmprofile dumps").
#include "importers/sophgo/bmprofile.h"

#include "model/jsonstring.h"
#include "model/saturating.h"
#include "model/sophgofacts.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>

namespace accelscope::importers::sophgo {

namespace {

using namespace accelscope::model;

class Args {
public:
    Args() { m_text = "{"; }
    Args &num(std::string_view key, std::int64_t v)
    {
        sep(key);
        m_text += std::to_string(v);
        return *this;
    }
    Args &real(std::string_view key, double v)
    {
        sep(key);
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.6g", std::isfinite(v) ? v : 0.0);
        m_text += buf;
        return *this;
    }
    Args &str(std::string_view key, std::string_view v)
    {
        sep(key);
        appendJsonString(m_text, v);
        return *this;
    }
    std::string done() { return m_text + "}"; }

private:
    void sep(std::string_view key)
    {
        if (m_text.size() > 1)
            m_text += ',';
        appendJsonString(m_text, key);
        m_text += ':';
    }
    std::string m_text;
};

/// D of bmprofile_data-<D>: the runtime's device index (only used to name the process).
int deviceFromFolder(const std::filesystem::path &dir)
{
    const std::string name = dir.filename().string();
    const auto at = name.find("bmprofile_data-");
    if (at == std::string::npos)
        return 0;
    int d = 0;
    bool any = false;
    for (std::size_t i = at + 15; i < name.size() && std::isdigit(static_cast<unsigned char>(name[i])) && d < 100000; ++i) {
        d = d * 10 + (name[i] - '0');
        any = true;
    }
    return any ? d : 0;
}

struct Bins {
    TimeNs origin = 0, width = 1;
    std::vector<double> busy, ddr;
    void init(TimeNs lo, TimeNs hi, std::uint32_t count)
    {
        origin = lo;
        const TimeNs span = std::max<TimeNs>(hi - lo, 1);
        width = std::max<TimeNs>((span + count - 1) / count, 1);
        const auto n = static_cast<std::size_t>((span + width - 1) / width);
        busy.assign(n, 0);
        ddr.assign(n, 0);
    }
    void spread(std::vector<double> &v, TimeNs s, TimeNs e, double perNs) const
    {
        s = std::max(s, origin);
        if (v.empty() || e <= s)
            return;
        for (auto b = static_cast<std::size_t>((s - origin) / width); b < v.size(); ++b) {
            const TimeNs bs = origin + static_cast<TimeNs>(b) * width, be = bs + width;
            const TimeNs os = std::max(s, bs), oe = std::min(e, be);
            if (oe > os)
                v[b] += static_cast<double>(oe - os) * perNs;
            if (be >= e)
                break;
        }
    }
};

constexpr std::uint32_t kCounterBins = 4096;

/// A DMA record counts as DDR traffic when its direction names DDR or is not known (a record
/// without command, or a compress/decompress command; tpu-mlir reports every record's bandwidth
/// as DDR bandwidth).
bool touchesDdr(const BmRecord &r)
{
    return r.direction.empty() || r.direction.find("DDR") != std::string::npos || r.direction.find("ddr") != std::string::npos;
}

/// The source's typed facts from what the reader found.
std::shared_ptr<SophgoFacts> bmprofileFacts(const BmprofileReading &r, const std::filesystem::path &dumpDir)
{
    auto facts = std::make_shared<SophgoFacts>();
    facts->chip = r.chip;
    facts->archValue = r.archValue;
    facts->tiuFreqMhz = r.tiuFreqMhz;
    facts->dmaFreqMhz = r.dmaFreqMhz;
    facts->clocksFromUser = r.clocksFromUser;
    facts->clocksFromDefault = r.clocksFromDefault;
    facts->coreCount = std::max(r.chipCoreCount, r.coresPresent);
    facts->pipeline = r.perfAiPath ? "tpu-mlir PerfAI" : "tpu-mlir BM1684X";
    facts->commandSource = "descriptors";
    facts->device = deviceFromFolder(dumpDir);
    for (int c = 0; c < r.coresPresent; ++c)
        facts->coresPresent.push_back(c);
    for (const auto s : r.crossCoreShiftNs)
        facts->coreShiftCycles.push_back(static_cast<std::int64_t>(std::llround(static_cast<double>(s) * r.tiuFreqMhz / 1000.0)));
    for (const auto &rec : r.records)
        facts->recordsWithoutCommand += rec.hasCommand ? 0 : 1;
    return facts;
}

SourceInfo bmprofileSource(const BmprofileReading &r, const std::filesystem::path &dumpDir, std::shared_ptr<SophgoFacts> facts)
{
    SourceInfo info;
    info.path = dumpDir.string();
    info.format = "sophgo";
    info.timeUnit = "cycles";
    info.metadata.push_back({"chip", "\"" + r.chip + "\""});
    info.metadata.push_back({"pipeline", "\"" + facts->pipeline + "\""});
    if (!r.netName.empty()) {
        std::string q;
        appendJsonString(q, r.netName);
        info.metadata.push_back({"net_name", q});
    }
    if (r.summaryBeginUsec)
        info.metadata.push_back({"run_begin_epoch_us", std::to_string(r.summaryBeginUsec)});
    info.sophgo = std::move(facts);
    return info;
}

/// The command arguments of one record slice.
Args recordArgs(const BmprofileReading &r, const BmRecord &rec, bool severalIterations)
{
    const bool tiu = rec.engine == BmEngine::Tiu;
    Args a;
    a.num("cmd_id", rec.cmdId).num("inst_id", rec.rawId).num("start_cycle", rec.startCycle).num("end_cycle", rec.endCycle);
    a.num("cycles", rec.endCycle - rec.startCycle + (r.perfAiPath ? 1 : 0));
    if (!rec.funcType.empty())
        a.str("func_type", rec.funcType);
    if (rec.tskTyp >= 0)
        a.num("tsk_typ", rec.tskTyp).num("tsk_eu_typ", rec.euTyp);
    if (rec.isSystem)
        a.num("sys", 1);
    if (!rec.hasCommand)
        a.num("no_command", 1);
    if (!rec.layerName.empty())
        a.str("layer", rec.layerName).num("layer_id", rec.layerId);
    if (severalIterations)
        a.num("iteration", rec.iteration);
    if (!tiu) {
        if (!rec.direction.empty())
            a.str("direction", rec.direction);
        a.num("bytes", static_cast<std::int64_t>(rec.bytes));
        a.num("ddr_bytes", touchesDdr(rec) ? static_cast<std::int64_t>(rec.bytes) : 0);
        a.real("ddr_bw_gbps", rec.bandwidthGBps);
        if (r.perfAiPath)
            a.num("stall_cycles", static_cast<std::int64_t>(rec.stallCycles));
        if (!rec.dataType.empty())
            a.str("data_type", rec.dataType);
    }
    if (!rec.staticInfo.empty())
        a.str("static_command", rec.staticInfo);
    if (!rec.firmwareFunc.empty())
        a.str("firmware_node_set", rec.firmwareFunc);
    a.num("as_tpu_mlir", rec.keptByTpuMlir ? 1 : 0);
    return a;
}

/// Writes a reading into one device process of a shard: engine, dropped, layer, group, firmware
/// and estimate lanes, then the per-core counters.
class BmprofileEmitter
{
public:
    BmprofileEmitter(const BmprofileReading &r, BuilderShard &shard, LocalProcess proc)
        : r_(r), shard_(shard), proc_(proc), severalIterations_(r.iterations() > 1), unknownId_(shard.intern("unknown")),
          sysCat_(shard.intern("sys")), droppedCat_(shard.intern("sys.dropped"))
    {
        // the counter bins of a core span its records kept as tpu-mlir keeps them
        std::map<std::int32_t, std::pair<TimeNs, TimeNs>> range;
        for (const auto &rec : r.records) {
            if (!rec.keptByTpuMlir)
                continue;
            auto [it, fresh] = range.emplace(rec.core, std::make_pair(rec.startNs, rec.endNs));
            it->second.first = std::min(it->second.first, rec.startNs);
            it->second.second = std::max(it->second.second, rec.endNs);
        }
        for (const auto &[core, lr] : range)
            bins_[core].init(lr.first, lr.second, kCounterBins);
    }

    void addRecords()
    {
        for (const auto &rec : r_.records)
            addRecord(rec);
    }

    void addLanes()
    {
        // Layer and group lanes per core.
        for (const auto &l : r_.layers) {
            const LocalTrack t = track(16 * l.core + 4, corePrefix(l.core) + "Layer", TrackRole::Async, EngineKind::None, l.core);
            Args a;
            a.num("layer_id", l.layerId).num("local", l.isLocal ? 1 : 0).num("records", l.records);
            if (severalIterations_)
                a.num("iteration", l.iteration);
            shard_.addSlice(t, l.start, model::spanNs(l.start, l.end), shard_.intern(l.name), shard_.intern("layer"),
                            shard_.addArgs(a.done()));
        }
        for (const auto &g : r_.groups) {
            const LocalTrack t = track(16 * g.core + 5, corePrefix(g.core) + "Group", TrackRole::Async, EngineKind::None, g.core);
            shard_.addSlice(t, g.start, model::spanNs(g.start, g.end), shard_.intern(g.name), shard_.intern("group"), kNoArgs);
        }
        // Firmware lane (runtime DYN_DATA items).
        for (const auto &f : r_.firmware) {
            const LocalTrack t = track(90000, "Firmware (runtime DYN_DATA)", TrackRole::Async, EngineKind::None, -1);
            Args a;
            a.str("info", f.info);
            if (!f.endKnown)
                a.num("no_end", 1);
            if (!r_.firmwareOnDeviceClock)
                a.str("placement", r_.firmwareAlignment);
            shard_.addSlice(t, f.start, model::spanNs(f.start, f.end), shard_.intern(f.name), shard_.intern("firmware"),
                            shard_.addArgs(a.done()));
        }
        // Compiler estimate lanes (net_stat.sim): simulated, not measured.
        for (const auto &e : r_.estimate) {
            const bool tiu = e.engine == BmEngine::Tiu;
            const LocalTrack t = track(tiu ? 90001 : 90002,
                                       std::string("Compiler estimate (not measured) · ") + (tiu ? "TIU" : "GDMA"), TrackRole::Async,
                                       EngineKind::None, -1);
            Args a;
            a.str("func", e.func).num("start_cycle", e.startCycle).num("end_cycle", e.endCycle).str("source", "net_stat.sim (simulated)");
            shard_.addSlice(t, e.start, model::spanNs(e.start, e.end), shard_.intern(e.name), shard_.intern("estimate"),
                            shard_.addArgs(a.done()));
        }
    }

    void addCounters()
    {
        for (const auto &[core, b] : bins_) {
            addCounter(corePrefix(core) + "TIU busy (%)", b, b.busy, 100.0);
            addCounter(corePrefix(core) + "DDR bandwidth (GB/s)", b, b.ddr, 1.0);
        }
    }

private:
    static std::string corePrefix(std::int32_t core) { return "Core " + std::to_string(core) + " · "; }

    /// Tracks, created on first use in a fixed order per core.
    LocalTrack track(std::int64_t tid, const std::string &name, TrackRole role, EngineKind engine, std::int32_t core)
    {
        auto it = tracks_.find(tid);
        if (it != tracks_.end())
            return it->second;
        const LocalTrack t = shard_.thread(proc_, EntityKey::number(tid));
        shard_.setThreadName(t, shard_.intern(name));
        shard_.setThreadSortIndex(t, tid);
        shard_.setTrackRole(t, role, engine, core);
        tracks_.emplace(tid, t);
        return t;
    }

    void addRecord(const BmRecord &rec)
    {
        const bool tiu = rec.engine == BmEngine::Tiu;
        Args a = recordArgs(r_, rec, severalIterations_);
        const TimeNs start = rec.startNs;
        const TimeNs dur = model::spanNs(rec.startNs, rec.endNs);
        if (!rec.keptByTpuMlir) {
            a.str("engine", tiu ? "TIU" : "GDMA").str("dropped_by", rec.droppedBecause);
            const LocalTrack t = track(16 * rec.core + 8, corePrefix(rec.core) + "reader-dropped", TrackRole::Async, EngineKind::None, rec.core);
            const std::string name = rec.droppedBecause.empty() ? "dropped" : rec.droppedBecause;
            shard_.addSlice(t, start, dur, shard_.intern(name), droppedCat_, shard_.addArgs(a.done()));
            return;
        }
        // Engine tracks store the bare engine name: views prefix an engine track's core.
        const LocalTrack t = track(16 * rec.core + (tiu ? 0 : 1), tiu ? "TIU" : "GDMA", TrackRole::Engine,
                                   tiu ? EngineKind::TIU : EngineKind::GDMA, rec.core);
        const StringId name = rec.funcName.empty() ? unknownId_ : shard_.intern(rec.funcName);
        const StringId cat = rec.isSystem ? sysCat_ : (rec.funcType.empty() ? unknownId_ : shard_.intern(rec.funcType));
        shard_.addSlice(t, start, dur, name, cat, shard_.addArgs(a.done()));
        auto &b = bins_[rec.core];
        if (tiu) {
            if (!rec.isSystem)
                b.spread(b.busy, start, std::max(rec.endNs, start + 1), 1.0);
        } else if (rec.bytes > 0 && dur > 0 && touchesDdr(rec)) {
            b.spread(b.ddr, start, start + dur, static_cast<double>(rec.bytes) / static_cast<double>(dur));
        }
    }

    /// One counter series per core (none when it is all zero), closed by a 0 at its end.
    void addCounter(const std::string &name, const Bins &b, const std::vector<double> &v, double scale)
    {
        if (std::none_of(v.begin(), v.end(), [](double x) { return x > 0; }))
            return;
        const LocalTrack t = shard_.counterTrack(proc_, shard_.intern(name));
        shard_.setTrackRole(t, TrackRole::Counter);
        for (std::size_t i = 0; i < v.size(); ++i)
            shard_.addCounter(t, b.origin + static_cast<TimeNs>(i) * b.width, v[i] / static_cast<double>(b.width) * scale);
        shard_.addCounter(t, b.origin + static_cast<TimeNs>(v.size()) * b.width, 0);
    }

    const BmprofileReading &r_;
    BuilderShard &shard_;
    const LocalProcess proc_;
    const bool severalIterations_;
    const StringId unknownId_, sysCat_, droppedCat_;
    std::map<std::int64_t, LocalTrack> tracks_;
    std::map<std::int32_t, Bins> bins_;
};

} // namespace

Status importBmprofileDump(const std::filesystem::path &dumpDir, const GlobalProfile &global, TraceBuilder &builder,
                           ImportContext &ctx)
{
    ctx.report(Stage::Parsing, 0);
    auto read = readBmprofileDump(dumpDir, global, ctx.options, ctx.stop);
    if (read.canceled())
        return Canceled{};
    if (!read.ok())
        return read.error();
    auto &r = read.value();
    ctx.report(Stage::Building, 0);

    auto facts = bmprofileFacts(r, dumpDir);
    const int device = facts->device;
    const std::uint32_t src = builder.addSource(bmprofileSource(r, dumpDir, facts));

    BuilderShard shard(src);
    const LocalProcess proc = shard.process(EntityKey::number(static_cast<std::int64_t>(device) * 1000));
    shard.setProcessName(proc, shard.intern(r.chip + " dev" + std::to_string(device)));
    shard.setProcessKind(proc, ProcessKind::Device, device);
    shard.setProcessSortIndex(proc, 0);

    BmprofileEmitter emitter(r, shard, proc);
    emitter.addRecords();
    emitter.addLanes();
    emitter.addCounters();

    shard.diagnostics().merge(r.diagnostics);
    builder.merge(std::move(shard));
    ctx.report(Stage::Building, 1);
    return Ok{};
}

} // namespace accelscope::importers::sophgo
