#include "cdmlibtrace.h"

#include "model/parallel.h"
#include "model/saturating.h"

#include <charconv>
#include <cmath>
#include <unordered_map>

namespace accelscope::importers::sophgo {

using namespace accelscope::model;

namespace {

/// Cycles of one engine clock to ns: exact integer arithmetic at 1000 MHz (the usual case),
/// else round(cycles × 1000 / f).
struct Clock {
    double mhz = 1000;
    TimeNs ns(std::int64_t cycles) const
    {
        if (mhz == 1000)
            return cycles;
        return TimeNs(std::llround(double(cycles) * 1000.0 / mhz));
    }
};

class JsonArgs {
public:
    void begin()
    {
        m_text.clear();
        m_text.push_back('{');
    }
    void key(std::string_view k)
    {
        if (m_text.size() > 1)
            m_text.push_back(',');
        m_text.push_back('"');
        m_text.append(k);
        m_text.append("\":");
    }
    void num(std::string_view k, std::int64_t v)
    {
        key(k);
        char buf[24];
        auto r = std::to_chars(buf, buf + sizeof buf, v);
        m_text.append(buf, r.ptr);
    }
    void real(std::string_view k, double v)
    {
        key(k);
        char buf[32];
        auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 3);
        m_text.append(buf, r.ptr);
    }
    void str(std::string_view k, std::string_view v)
    {
        key(k);
        m_text.push_back('"');
        for (char c : v) {
            if (c == '"' || c == '\\')
                m_text.push_back('\\');
            if (static_cast<unsigned char>(c) < 0x20)
                continue;
            m_text.push_back(c);
        }
        m_text.push_back('"');
    }
    std::string_view end()
    {
        m_text.push_back('}');
        return m_text;
    }

private:
    std::string m_text;
};

struct RecordFields {
    std::uint64_t bytes = 0;
    bool hasBytes = false;
    std::uint32_t stall = 0, axiWrStall = 0, axiRdStall = 0, bankConflict = 0, threadId = 0;
};

RecordFields fieldsOf(const CdmList &l, const CdmRecord &r)
{
    RecordFields f;
    const std::uint8_t *p = l.rawRecord(r);
    switch (l.engine) {
    case CdmEngine::TIU: {
        const std::uint32_t w3 = loadU32(p + 12);
        f.threadId = w3 & 1;
        f.bankConflict = w3 >> 1;
        break;
    }
    case CdmEngine::GDMA:
    case CdmEngine::SDMA:
        f.threadId = loadU32(p + 12) & 1;
        f.stall = loadU32(p + 16);
        f.axiWrStall = loadU32(p + 32);
        f.axiRdStall = loadU32(p + 36);
        f.bytes = std::uint64_t(loadU32(p + 40)) + loadU32(p + 20); // gif_mem_w_cntr + axi_d0_w_cntr
        f.hasBytes = true;
        break;
    case CdmEngine::CDMA:
        f.threadId = (loadU32(p + 8) >> 24) & 1;
        f.bytes = std::uint64_t(loadU32(p + 24)) + loadU32(p + 16); // m0_data_ar_cntr + m0_data_aw_cntr
        f.hasBytes = true;
        break;
    }
    return f;
}

/// Direction of a record: its command's, else tpu-mlir's default for a record without command
/// (DDR->LMEM; CDMA DDR->DDR), §1.10.
Direction directionOf(const CdmList &l, const CdmRecord &r)
{
    if (l.engine == CdmEngine::TIU)
        return {};
    if (l.engine == CdmEngine::CDMA)
        return {MemKind::DDR, MemKind::DDR};
    if (r.cmd >= 0)
        return l.commands[std::size_t(r.cmd)].dir;
    return {MemKind::DDR, MemKind::LMEM};
}

/// What makes two records' shared args text equal (large dumps, see docs/sophgo.md).
struct SharedArgsKey {
    const char *type = nullptr; ///< command type string (static table or dump storage), null = no command
    std::uint64_t bytes = 0;
    std::int32_t op = -1;
    std::uint8_t tsk = 0, eu = 0, flags = 0, dir = 0;
    friend bool operator==(const SharedArgsKey &, const SharedArgsKey &) = default;
};
struct SharedArgsKeyHash {
    std::size_t operator()(const SharedArgsKey &k) const
    {
        std::uint64_t h = std::uint64_t(reinterpret_cast<std::uintptr_t>(k.type)) * 0x9E3779B97F4A7C15ull;
        h ^= (k.bytes + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2));
        h ^= (std::uint64_t(std::uint32_t(k.op)) << 32 | std::uint64_t(k.tsk) << 24 | std::uint64_t(k.eu) << 16
              | std::uint64_t(k.flags) << 8 | k.dir) * 0xBF58476D1CE4E5B9ull;
        return std::size_t(h ^ (h >> 31));
    }
};

/// Binned counter series of one core (or CDMA port).
struct Bins {
    TimeNs origin = 0, width = 1;
    std::vector<double> busy, ddr, l2;
    void init(TimeNs lo, TimeNs hi, std::uint32_t count)
    {
        origin = lo;
        const TimeNs span = std::max<TimeNs>(hi - lo, 1);
        width = std::max<TimeNs>((span + count - 1) / count, 1);
        const std::size_t n = std::size_t((span + width - 1) / width);
        busy.assign(n, 0);
        ddr.assign(n, 0);
        l2.assign(n, 0);
    }
    /// Spreads `amount` over [s, e) in proportion to the overlap with each bin.
    static void spread(std::vector<double> &v, TimeNs origin, TimeNs width, TimeNs s, TimeNs e, double amountPerNs)
    {
        if (v.empty() || e <= s)
            return;
        s = std::max(s, origin);
        if (e <= s)
            return;
        std::size_t b = std::size_t((s - origin) / width);
        while (b < v.size()) {
            const TimeNs bs = origin + TimeNs(b) * width, be = bs + width;
            const TimeNs os = std::max(s, bs), oe = std::min(e, be);
            if (oe > os)
                v[b] += double(oe - os) * amountPerNs;
            if (be >= e)
                break;
            ++b;
        }
    }
};

} // namespace

namespace {

/// The args text of one record (the caller begins and ends the JSON object); without per-record
/// args only the fields that records share are written.
void writeRecordJson(JsonArgs &json, const CdmDump &dump, const CdmList &l, const CdmRecord &r, const Command *cmd, std::int32_t op,
                     const RecordFields &f, const Direction &dir, const Clock &clk, std::uint32_t rawId, bool perRecord)
{
    const bool cdma = l.engine == CdmEngine::CDMA;
    const std::int32_t cmdIdOffset = cdma ? 0 : 1;
    const std::int64_t cycles = r.end - r.start + 1;
    const bool kept = r.drop == DropReason::Kept;
    if (perRecord) {
        json.num("cmd_id", std::int64_t(r.id) + cmdIdOffset);
        json.num("inst_id", rawId);
        json.num("start_cycle", r.start);
        json.num("end_cycle", r.end);
        json.num("cycles", cycles);
    }
    if (cmd) {
        json.str("func_type", cmd->type);
        json.num("tsk_typ", cmd->tsk);
        json.num("tsk_eu_typ", cmd->eu);
        if (cmd->sys)
            json.num("sys", 1);
        if (cmd->funcScope && perRecord)
            json.num("kernel_function", cmd->funcScope);
    } else {
        json.num("no_command", 1);
    }
    if (op >= 0) {
        json.str("layer", dump.layers->ops[std::size_t(op)].opcode);
        json.num("layer_id", dump.layers->ops[std::size_t(op)].fileLine);
    }
    if (!kept)
        json.str("engine", cdmEngineName(l.engine));
    if (f.hasBytes) {
        if (dir.known())
            json.str("direction", dir.text());
        json.num("bytes", std::int64_t(f.bytes));
        const bool ddr = dir.touchesDdr(), l2 = dir.touchesL2();
        json.num("ddr_bytes", ddr ? std::int64_t(f.bytes) : 0);
        json.num("l2_bytes", l2 ? std::int64_t(f.bytes) : 0);
        if (perRecord) {
            const double bw = cycles > 0 ? double(f.bytes) / double(cycles) * clk.mhz / 1000.0 : 0.0;
            json.real("ddr_bw_gbps", ddr ? bw : 0.0);
            json.real("l2m_bw_gbps", l2 ? bw : 0.0);
            if (!cdma) {
                json.num("stall_cycles", f.stall);
                json.num("axi_wr_stall", f.axiWrStall);
                json.num("axi_rd_stall", f.axiRdStall);
            }
            json.num("thread_id", f.threadId);
        }
    } else if (perRecord) {
        json.num("bank_conflict", f.bankConflict);
        json.num("thread_id", f.threadId);
    }
}

/// The engine lists of one core (or of the CDMA ports), emitted into one shard on one thread.
struct ListGroup {
    std::vector<std::size_t> lists;
    std::map<int, Bins> coreBins, portBins;
};

/// What every list group's emission shares.
struct DumpEmit {
    CdmDump &dump;
    const CdmEmitOptions &options;
    std::string processName;
    int device = 0, call = -1;
    Clock tiuClock, dmaClock;
    std::vector<std::vector<std::int32_t>> recordOp; ///< per list and record: the layer op, or -1
    TimeNs lo = 0, hi = 0;
    bool haveSpan = false;

    /// Every shard of this dump names the same process; the builder merges them into one.
    LocalProcess dumpProcess(BuilderShard &sh) const
    {
        const LocalProcess p = sh.process(EntityKey::number(std::int64_t(device) * 1000 + std::max(call, 0)));
        sh.setProcessName(p, sh.intern(processName));
        sh.setProcessKind(p, ProcessKind::Device, device);
        sh.setProcessSortIndex(p, options.sortIndex);
        return p;
    }
};

/// Emits a group's lists onto their engine and reader-dropped tracks and fills the group's
/// counter bins; each list's records are released once on their track.
void emitListGroup(const DumpEmit &emit, ListGroup &group, BuilderShard &shard)
{
    CdmDump &dump = emit.dump;
    const SophgoFacts &facts = dump.facts;
    const CdmEmitOptions &options = emit.options;
    const Clock &tiuClock = emit.tiuClock, &dmaClock = emit.dmaClock;
    const auto &recordOp = emit.recordOp;
    const bool haveSpan = emit.haveSpan;
    const TimeNs lo = emit.lo, hi = emit.hi;
    const LocalProcess proc = emit.dumpProcess(shard);
    const StringId unknownId = shard.intern("unknown");
    const StringId sysCat = shard.intern("sys");
    const StringId droppedCat = shard.intern("sys.dropped");
    std::unordered_map<const char *, StringId> nameCache;
    auto internCached = [&](std::string_view s) {
        auto it = nameCache.find(s.data());
        if (it != nameCache.end())
            return it->second;
        const StringId id = shard.intern(s);
        nameCache.emplace(s.data(), id);
        return id;
    };
    std::unordered_map<std::string, ArgsId> sharedArgs;
    std::unordered_map<SharedArgsKey, ArgsId, SharedArgsKeyHash> sharedByKey;
    JsonArgs json;

    // One reader-dropped lane per engine of a core (and per CDMA port): the init records of TIU,
    // GDMA and SDMA run at the same time, so one lane per core would stack them into overlaps.
    std::map<std::int64_t, LocalTrack> droppedTracks;
    auto droppedTrack = [&](const CdmList &l) {
        const bool cdma = l.engine == CdmEngine::CDMA;
        const std::int64_t tid = cdma ? 200000 + l.port : 16 * std::int64_t(l.core) + 8 + int(l.engine);
        auto it = droppedTracks.find(tid);
        if (it != droppedTracks.end())
            return it->second;
        const std::string name = cdma ? "CDMA port " + std::to_string(l.port) + " · reader-dropped"
                                      : "Core " + std::to_string(l.core) + " · " + std::string(cdmEngineName(l.engine)) + " reader-dropped";
        const LocalTrack t = shard.thread(proc, EntityKey::number(tid));
        shard.setThreadName(t, shard.intern(name));
        shard.setThreadSortIndex(t, tid);
        shard.setTrackRole(t, TrackRole::Async);
        droppedTracks.emplace(tid, t);
        return t;
    };

    for (std::size_t listIndex : group.lists) {
        const CdmList &l = dump.lists[listIndex];
        if (l.records.empty())
            continue;
        const std::vector<std::int32_t> &opOf = recordOp[listIndex];
        const bool cdma = l.engine == CdmEngine::CDMA;
        const Clock &clk = l.engine == CdmEngine::TIU ? tiuClock : dmaClock;
        const std::int64_t tid = cdma ? 100000 + l.port : 16 * std::int64_t(l.core) + int(l.engine);
        const LocalTrack track = shard.thread(proc, EntityKey::number(tid));
        // shown as "Core N · TIU" / "Core N · CDMA port P" (the view prefixes an engine track's core)
        const std::string tname = cdma ? "CDMA port " + std::to_string(l.port) : std::string(cdmEngineName(l.engine));
        shard.setThreadName(track, shard.intern(tname));
        shard.setThreadSortIndex(track, tid);
        static constexpr EngineKind kKinds[4] = {EngineKind::TIU, EngineKind::GDMA, EngineKind::SDMA, EngineKind::CDMA};
        shard.setTrackRole(track, TrackRole::Engine, kKinds[int(l.engine)], l.core);
        Bins *bins = nullptr;
        if (haveSpan) {
            auto &m = cdma ? group.portBins : group.coreBins;
            auto [it, fresh] = m.try_emplace(cdma ? l.port : l.core);
            if (fresh)
                it->second.init(lo, hi, options.counterBins);
            bins = &it->second;
        }
        for (std::size_t ri = 0; ri < l.records.size(); ++ri) {
            const CdmRecord &r = l.records[ri];
            const Command *cmd = r.cmd >= 0 ? &l.commands[std::size_t(r.cmd)] : nullptr;
            const std::int32_t op = opOf.empty() ? -1 : opOf[ri];
            const TimeNs s = clk.ns(r.start), e = clk.ns(r.end);
            const RecordFields f = fieldsOf(l, r);
            const Direction dir = directionOf(l, r);
            const std::uint8_t *raw = l.rawRecord(r);
            const std::uint32_t rawId = cdma ? (loadU32(raw + 8) & 0xffffff) : loadU32(raw + 8);
            const bool kept = r.drop == DropReason::Kept;
            const bool perRecord = facts.perRecordArgs;
            ArgsId args = kNoArgs;
            SharedArgsKey key;
            bool haveArgs = false;
            if (!perRecord) {
                // shared args: look the record's distinct fields up before writing any text
                key.type = cmd ? cmd->type.data() : nullptr;
                key.bytes = f.hasBytes ? f.bytes : ~std::uint64_t(0);
                key.op = op;
                key.tsk = cmd ? cmd->tsk : 0xff;
                key.eu = cmd ? cmd->eu : 0xff;
                key.flags = std::uint8_t((cmd && cmd->sys ? 1 : 0) | (kept ? 2 : 0) | (int(l.engine) << 2));
                key.dir = std::uint8_t(int(dir.src) * 4 + int(dir.dst));
                auto it = sharedByKey.find(key);
                if (it != sharedByKey.end()) {
                    args = it->second;
                    haveArgs = true;
                }
            }
            if (!haveArgs) {
                json.begin();
                writeRecordJson(json, dump, l, r, cmd, op, f, dir, clk, rawId, perRecord);
                const std::string_view text = json.end();
                if (perRecord) {
                    args = shard.addArgs(text);
                } else {
                    // distinct keys can still give the same text (e.g. two types of one name)
                    auto it = sharedArgs.find(std::string(text));
                    if (it == sharedArgs.end())
                        it = sharedArgs.emplace(std::string(text), shard.addArgs(text)).first;
                    args = it->second;
                    sharedByKey.emplace(key, args);
                }
            }
            if (!kept) {
                shard.addSlice(droppedTrack(l), s, e - s, shard.intern(dropReasonName(r.drop)), droppedCat, args);
                continue;
            }
            const StringId name = cmd ? internCached(cmd->name) : unknownId;
            const StringId cat = !cmd ? unknownId : cmd->sys ? sysCat : internCached(cmd->type);
            shard.addSlice(track, s, e - s, name, cat, args);
            if (bins) {
                const TimeNs len = std::max<TimeNs>(e - s, 1);
                if (l.engine == CdmEngine::TIU) {
                    if (!cmd || !cmd->sys)
                        Bins::spread(bins->busy, bins->origin, bins->width, s, std::max(e, s + 1), 1.0);
                } else if (f.bytes > 0) {
                    const double perNs = double(f.bytes) / double(len);
                    if (dir.touchesDdr() || cdma)
                        Bins::spread(bins->ddr, bins->origin, bins->width, s, s + len, perNs);
                    if (dir.touchesL2())
                        Bins::spread(bins->l2, bins->origin, bins->width, s, s + len, perNs);
                }
            }
        }
        // The list is on its track now: give its records and raw bytes back, so that the dump's
        // records (32 B each) and mapped input (16-64 B each) shrink while the slices grow.
        for (const MappedFile &file : dump.files)
            file.dropResidentPages(l.raw);
        std::vector<CdmRecord>().swap(dump.lists[listIndex].records);
    }
}

/// One counter sample per bin, value = busy share (%) or bytes per ns (= GB/s); none when all zero.
void emitCounterSeries(BuilderShard &shard, LocalProcess proc, const std::string &name, const Bins &b, const std::vector<double> &v,
                       double scale)
{
    bool any = false;
    for (double x : v)
        any = any || x > 0;
    if (!any)
        return;
    const LocalTrack t = shard.counterTrack(proc, shard.intern(name));
    shard.setTrackRole(t, TrackRole::Counter);
    for (std::size_t i = 0; i < v.size(); ++i)
        shard.addCounter(t, b.origin + TimeNs(i) * b.width, v[i] / double(b.width) * scale);
    shard.addCounter(t, b.origin + TimeNs(v.size()) * b.width, 0);
}

} // namespace

std::uint32_t emitCdmlibDump(CdmDump &dump, TraceBuilder &builder, const CdmEmitOptions &options)
{
    SophgoFacts &facts = dump.facts;
    facts.perRecordArgs = options.perRecordArgsLimit == 0 || dump.totalRecords <= options.perRecordArgsLimit;
    if (!facts.perRecordArgs)
        dump.diagnostics.add(DiagKind::UnknownPacket, dump.dir.string(), 0,
                             std::to_string(dump.totalRecords) + " records: per-record args (cmd_id, cycles, bandwidth, stalls) "
                                 "were left out to bound memory; slices keep name, type, direction and bytes");

    SourceInfo info;
    info.path = dump.dir.string();
    info.format = "sophgo";
    info.rank = options.rank;
    info.timeUnit = "cycles";
    info.metadata.push_back({"chip", "\"" + facts.chip + "\""});
    info.metadata.push_back({"pipeline", "\"" + facts.pipeline + "\""});
    const std::uint32_t src = builder.addSource(std::move(info));

    const int device = facts.device >= 0 ? facts.device : 0;
    const int call = facts.call;
    std::string pname = facts.chip + " dev" + std::to_string(device);
    if (call >= 0)
        pname += "-" + std::to_string(call);
    DumpEmit emit{dump, options, pname, device, call, Clock{facts.tiuFreqMhz}, Clock{facts.dmaFreqMhz}, {}, 0, 0, false};
    BuilderShard shard(src); // process, Layer/Group lanes and counters; engine lists get their own shards
    const LocalProcess proc = emit.dumpProcess(shard);
    const Clock &tiuClock = emit.tiuClock, &dmaClock = emit.dmaClock;
    JsonArgs json;

    // per core (or port) bins over the kept slices' span
    TimeNs lo = std::numeric_limits<TimeNs>::max(), hi = std::numeric_limits<TimeNs>::min();
    for (const CdmList &l : dump.lists) {
        const Clock &clk = l.engine == CdmEngine::TIU ? tiuClock : dmaClock;
        for (const CdmRecord &r : l.records)
            if (r.drop == DropReason::Kept) {
                lo = std::min(lo, clk.ns(r.start));
                hi = std::max(hi, clk.ns(r.end));
            }
    }
    emit.lo = lo;
    emit.hi = hi;
    emit.haveSpan = lo <= hi;

    // layers: tpu-mlir maps TIU Cmd Ids and GDMA Cmd Ids of a core to the op that issued them;
    // SDMA records get no layer (§2.10). Records are handed over in tpu-mlir's order (per core
    // TIU, GDMA, SDMA) for the layer and group lanes.
    std::vector<LayerRecordRef> layerRefs;
    std::vector<std::vector<std::int32_t>> &recordOp = emit.recordOp;
    recordOp.resize(dump.lists.size());
    if (dump.layers) {
        std::vector<std::size_t> order(dump.lists.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return std::pair(dump.lists[a].core, int(dump.lists[a].engine)) < std::pair(dump.lists[b].core, int(dump.lists[b].engine));
        });
        std::vector<std::pair<std::size_t, std::size_t>> refOwner;
        for (std::size_t li : order) {
            const CdmList &l = dump.lists[li];
            if (l.engine == CdmEngine::CDMA)
                continue;
            const Clock &clk = l.engine == CdmEngine::TIU ? tiuClock : dmaClock;
            recordOp[li].assign(l.records.size(), -1);
            for (std::size_t i = 0; i < l.records.size(); ++i) {
                const CdmRecord &r = l.records[i];
                if (r.drop != DropReason::Kept)
                    continue;
                LayerRecordRef ref;
                ref.core = l.core;
                ref.engine = l.engine == CdmEngine::TIU ? CommandEngine::Tiu : CommandEngine::Dma;
                ref.cmdId = l.engine == CdmEngine::SDMA ? -1 : std::int64_t(r.id) + 1;
                ref.start = clk.ns(r.start);
                ref.end = clk.ns(r.end);
                layerRefs.push_back(ref);
                refOwner.push_back({li, i});
            }
        }
        const LayerSpans spans = computeLayerSpans(*dump.layers, layerRefs);
        for (std::size_t k = 0; k < refOwner.size(); ++k)
            recordOp[refOwner[k].first][refOwner[k].second] = spans.recordOp[k];
        for (const LayerSpan &ls : spans.layers) {
            const MlirOp &op = dump.layers->ops[std::size_t(ls.op)];
            const LocalTrack t = shard.thread(proc, EntityKey::number(16 * std::int64_t(ls.core) + 4));
            shard.setThreadName(t, shard.intern("Core " + std::to_string(ls.core) + " · Layer"));
            shard.setThreadSortIndex(t, 16 * std::int64_t(ls.core) + 4);
            shard.setTrackRole(t, TrackRole::Async);
            json.begin();
            json.num("layer_id", op.fileLine);
            json.num("local", op.isLocal ? 1 : 0);
            json.num("records", ls.records);
            shard.addSlice(t, ls.start, model::spanNs(ls.start, ls.end), shard.intern(op.opcode), shard.intern("layer"),
                           shard.addArgs(json.end()));
        }
        for (const GroupSpan &gs : spans.groups) {
            const LocalTrack t = shard.thread(proc, EntityKey::number(16 * std::int64_t(gs.core) + 5));
            shard.setThreadName(t, shard.intern("Core " + std::to_string(gs.core) + " · Group"));
            shard.setThreadSortIndex(t, 16 * std::int64_t(gs.core) + 5);
            shard.setTrackRole(t, TrackRole::Async);
            shard.addSlice(t, gs.start, model::spanNs(gs.start, gs.end), shard.intern(gs.name), shard.intern("group"), kNoArgs);
        }
    }

    // Engine lists: one shard per core (and one for the CDMA ports), filled on worker threads
    // and merged in list order, so the result equals a single-threaded pass.
    auto groupKey = [&](const CdmList &l) { return l.engine == CdmEngine::CDMA ? -2 : l.core; };
    std::vector<ListGroup> groups;
    for (std::size_t li = 0; li < dump.lists.size(); ++li) {
        if (li == 0 || groupKey(dump.lists[li - 1]) != groupKey(dump.lists[li]))
            groups.emplace_back();
        groups.back().lists.push_back(li);
    }
    std::vector<BuilderShard> groupShards;
    groupShards.reserve(groups.size());
    for (std::size_t g = 0; g < groups.size(); ++g)
        groupShards.emplace_back(src);
    model::parallelFor(groups.size(), [&](std::size_t g) { emitListGroup(emit, groups[g], groupShards[g]); });
    std::map<int, Bins> coreBins, portBins;
    for (ListGroup &g : groups) {
        coreBins.merge(g.coreBins);
        portBins.merge(g.portBins);
    }

    for (const auto &[core, b] : coreBins) {
        const std::string prefix = "Core " + std::to_string(core) + " · ";
        emitCounterSeries(shard, proc, prefix + "TIU busy (%)", b, b.busy, 100.0);
        emitCounterSeries(shard, proc, prefix + "DDR bandwidth (GB/s)", b, b.ddr, 1.0);
        emitCounterSeries(shard, proc, prefix + "L2M bandwidth (GB/s)", b, b.l2, 1.0);
    }
    for (const auto &[port, b] : portBins)
        emitCounterSeries(shard, proc, "CDMA port " + std::to_string(port) + " bandwidth (GB/s)", b, b.ddr, 1.0);

    shard.diagnostics().merge(dump.diagnostics);
    builder.source(src).sophgo = std::make_shared<const SophgoFacts>(facts);
    builder.merge(std::move(shard));
    for (BuilderShard &g : groupShards)
        builder.merge(std::move(g));
    return src;
}

} // namespace accelscope::importers::sophgo
