// Writing of an AIU run into the builder: slices with their args JSON, in one shard per thread,
// then the counters and collective flows. The pipeline that prepares the events is in
// aiuimporter.cpp.
#include "aiuimporter_p.h"

#include "model/aiufacts.h"
#include "model/jsonstring.h"
#include "model/parallel.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

namespace accelscope::importers::aiu::aiu_detail {

namespace {

using model::appendJsonEscaped;

void appendNumber(std::string &out, double v)
{
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

void appendInt(std::string &out, std::uint64_t v)
{
    char buf[24];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

std::string_view deviceCat(const AiuEvent &e, std::string_view name)
{
    const bool dma = name.find("DmaI") != std::string_view::npos || name.find("DmaO") != std::string_view::npos;
    if (dma)
        return name.find("Rdma") == std::string_view::npos && name.find("RDMA") == std::string_view::npos ? "gpu_memcpy"
                                                                                                           : "user_annotation";
    if (name.find("AllReduce_all_reduce") != std::string_view::npos && name.find("Cmpt Exec") != std::string_view::npos)
        return "user_annotation";
    (void)e;
    return "kernel";
}

std::string_view streamLabel(AiuPhase p)
{
    switch (p) {
    case AiuPhase::DmaIn: return "DmaI";
    case AiuPhase::ComputePrep: return "Cmpt Prep";
    case AiuPhase::ComputeExec: return "Cmpt Exec";
    case AiuPhase::DmaOut: return "DmaO";
    default: return "Device";
    }
}

/// Below this many events the slices are written on one thread.
constexpr std::size_t kParallelEmitEvents = 1u << 16;

/// The processes and tracks of one shard: "AIU Device<rank>" / "Host<rank>" processes, one track
/// per (rank, device?, output tid), named after the stream it shows.
class ShardEntities {
public:
    explicit ShardEntities(BuilderShard &shard) : m_shard(shard) {}

    LocalProcess process(std::int64_t rank, bool device)
    {
        auto [it, fresh] = m_processes.emplace(std::make_pair(rank, device), LocalProcess{});
        if (fresh) {
            const std::int64_t pid = device ? rank : rank + 1000;
            it->second = m_shard.process(EntityKey::number(pid));
            const std::string name = (device ? "AIU Device" : "Host") + std::to_string(rank);
            m_shard.setProcessName(it->second, m_shard.intern(name));
            m_shard.setProcessLabels(it->second, m_shard.intern(name));
            m_shard.setProcessSortIndex(it->second, device ? 3 * rank + 1 : 3 * rank);
            m_shard.setProcessKind(it->second, device ? ProcessKind::Device : ProcessKind::Host,
                                   device ? static_cast<std::int32_t>(rank) : -1);
        }
        return it->second;
    }

    LocalTrack track(const AiuEvent &e)
    {
        const bool device = e.isDevice();
        auto [it, fresh] = m_tracks.emplace(std::make_tuple(e.pid, device, e.tid), LocalTrack{});
        if (fresh) {
            const LocalProcess p = process(e.pid, device);
            it->second = m_shard.thread(p, EntityKey::number(static_cast<std::int64_t>(e.tid)));
            if (device) {
                m_shard.setTrackRole(it->second, TrackRole::DeviceStream);
                std::string label(streamLabel(e.phase));
                if (e.tid % 100 != 0)
                    label += " +" + std::to_string(e.tid % 100);
                m_shard.setThreadName(it->second, m_shard.intern(label));
            } else {
                m_shard.setTrackRole(it->second, TrackRole::HostThread);
            }
            m_shard.setThreadSortIndex(it->second, static_cast<std::int64_t>(e.tid));
        }
        return it->second;
    }

private:
    BuilderShard &m_shard;
    std::map<std::pair<std::int64_t, bool>, LocalProcess> m_processes;
    std::map<std::tuple<std::int64_t, bool, std::uint64_t>, LocalTrack> m_tracks;
};

struct SkippedPhases {
    std::uint64_t count = 0;
    std::uint64_t at = 0;
};

// The args JSON of one slice: power, stamps, the file's own args, collective, rank, job, bytes,
// epoch, compiler-log category and ideal cycles, utilization, class, peers, original name, device.
void writeSliceArgs(std::string &args, const AiuEvent &e, const SliceEmitInput &in, std::string_view origArg)
{
    const AiuStrings &strings = in.strings;
    args.clear();
    args += '{';
    auto key = [&](std::string_view k) {
        if (args.size() > 1)
            args += ',';
        args += '"';
        args += k;
        args += "\":";
    };
    auto strValue = [&](std::string_view k, std::string_view v) {
        key(k);
        args += '"';
        appendJsonEscaped(args, v);
        args += '"';
    };
    if (e.has(kAiuHasPower)) {
        key("Power");
        args += '"';
        appendInt(args, e.power);
        args += '"';
    }
    if (e.has(kAiuHasStamps)) {
        static constexpr const char *kTs[5] = {"TS1", "TS2", "TS3", "TS4", "TS5"};
        for (int k = 0; k < 5; ++k) {
            key(kTs[k]);
            args += '"';
            appendInt(args, e.stamp[k]);
            args += '"';
        }
    }
    if (e.extraArgs) {
        if (args.size() > 1)
            args += ',';
        args += strings[e.extraArgs];
    }
    if (e.collGroup)
        strValue("CollGroup", strings[e.collGroup]);
    if (e.type)
        strValue("Type", strings[e.type]);
    key("rank");
    appendInt(args, static_cast<std::uint64_t>(std::max<std::int64_t>(0, e.pid)));
    strValue("jobname", in.fileNames[e.source]);
    if (e.has(kAiuHasBytes)) {
        key("bytes");
        args += '"';
        appendInt(args, e.bytes);
        args += '"';
    }
    if (e.has(kAiuHasStamps)) {
        key("OVC");
        appendInt(args, static_cast<std::uint64_t>(e.epoch));
    }
    if (e.kernel >= 0) {
        const auto &k = in.table.kernels[static_cast<std::size_t>(e.kernel)];
        strValue("category", k.category);
        key("Ideal_Cyc");
        appendInt(args, k.idealCycles);
    } else if (in.haveTable && e.phase == AiuPhase::ComputeExec) {
        strValue("category", "other");
    }
    if (e.has(kAiuHasPtActive)) {
        key("pt_active");
        appendNumber(args, double(e.ptActive));
        key("core used");
        args += "true";
    }
    strValue("class", eventClass(e, strings));
    if (e.peers)
        strValue("Peers", strings[e.peers]);
    if (!origArg.empty())
        strValue("orig_name", origArg);
    if (e.isDevice()) {
        key("device");
        appendInt(args, static_cast<std::uint64_t>(std::max<std::int64_t>(0, e.pid)));
    }
    args += '}';
}

// Writes events [begin, end) into the shard: instants and complete slices; other phases are counted.
void emitSliceRange(BuilderShard &shard, const SliceEmitInput &in, std::size_t begin, std::size_t end,
                    SkippedPhases &skipped)
{
    const AiuStrings &strings = in.strings;
    ShardEntities entities(shard);
    std::string args;
    std::unordered_map<std::uint32_t, StringId> nameIds, catIds;
    std::unordered_map<StringId, StringId> deviceCatIds; // by final name
    // About 200 bytes of args text per slice (five stamps, rank, job, class): one allocation.
    shard.reserveArgs((end - begin) * 200);
    std::unordered_map<std::uint32_t, std::pair<std::string, std::string>> deviceNames; // final, orig_name
    const StringId kCpuOp = shard.intern("cpu_op");
    for (std::size_t i = begin; i < end; ++i) {
        const AiuEvent &e = in.events[i];
        if (e.has(kAiuDropped))
            continue;
        if (e.ph == 'i' || e.ph == 'I') {
            const LocalProcess p = entities.process(e.pid, e.isDevice());
            shard.addInstant(shard.processInstantTrack(p), toNs(e.ts), shard.intern(strings[e.origName]),
                             shard.intern(strings[e.cat]), kNoArgs);
            continue;
        }
        if (e.ph != 'X') {
            if (!skipped.count++)
                skipped.at = e.position;
            continue;
        }
        const std::string &orig = strings[e.origName];
        std::string_view finalName = orig;
        std::string_view origArg;
        if (e.isDevice() && in.compat) {
            auto it = deviceNames.find(e.origName);
            if (it == deviceNames.end()) {
                std::string renamed = ingestRename(orig);
                std::string normalized = normalizeDeviceName(renamed);
                if (normalized.empty())
                    normalized = renamed;
                it = deviceNames.emplace(e.origName, std::make_pair(normalized, normalized != renamed ? renamed : std::string()))
                         .first;
            }
            finalName = it->second.first;
            origArg = it->second.second;
        }
        writeSliceArgs(args, e, in, origArg);

        const LocalTrack t = entities.track(e);
        StringId nameId;
        if (finalName.data() == orig.data()) {
            auto [it, fresh] = nameIds.emplace(e.origName, 0);
            if (fresh)
                it->second = shard.intern(orig);
            nameId = it->second;
        } else {
            nameId = shard.intern(finalName);
        }
        StringId catId;
        if (e.isDevice()) {
            auto [it, fresh] = deviceCatIds.emplace(nameId, 0);
            if (fresh)
                it->second = shard.intern(deviceCat(e, finalName));
            catId = it->second;
        } else if (e.cat) {
            auto [it, fresh] = catIds.emplace(e.cat, 0);
            if (fresh)
                it->second = shard.intern(strings[e.cat]);
            catId = it->second;
        } else {
            catId = kCpuOp;
        }
        const TimeNs start = toNs(e.ts);
        shard.addSlice(t, start, model::spanNs(start, toNs(e.ts + e.dur)), nameId, catId, shard.addArgs(args));
    }
}

} // namespace

// Slices are written into one shard per thread, each for a contiguous range of the events (the
// args text of every slice is the larger part of the import's own work). The builder merges them
// in event order.
void emitSlices(TraceBuilder &builder, std::uint32_t sourceIndex, const SliceEmitInput &in, DiagnosticSink &diags,
                const std::string &where)
{
    const std::size_t count = in.events.size();
    const std::size_t parts = count >= kParallelEmitEvents ? model::hardwareThreads() : 1;
    std::vector<BuilderShard> shards;
    shards.reserve(parts);
    for (std::size_t k = 0; k < parts; ++k)
        shards.emplace_back(sourceIndex);
    std::vector<SkippedPhases> skippedPerPart(parts);
    model::parallelForChunks(count, parts, [&](std::size_t k, std::size_t begin, std::size_t end) {
        emitSliceRange(shards[k], in, begin, end, skippedPerPart[k]);
    });
    SkippedPhases skipped;
    for (std::size_t k = 0; k < parts; ++k) {
        if (!skipped.count)
            skipped.at = skippedPerPart[k].at;
        skipped.count += skippedPerPart[k].count;
        builder.merge(std::move(shards[k]));
    }
    if (skipped.count)
        diags.add(DiagKind::SkippedPhase, where, skipped.at, "AIU traces: only B/E, X and instant events are kept",
                  skipped.count);
}

// Counters and collective flows go into a third shard, merged after the slices.
void emitCountersAndFlows(TraceBuilder &builder, std::uint32_t sourceIndex, const SliceEmitInput &in,
                          const StreamCounters &counters, const std::vector<CounterSample> &ptActive,
                          const std::vector<CollectiveFlow> &flows)
{
    const AiuStrings &strings = in.strings;
    BuilderShard shard(sourceIndex);
    ShardEntities entities(shard);
    auto emitCounter = [&](const std::vector<CounterSample> &samples, std::string_view series) {
        std::map<std::int64_t, LocalTrack> byPid;
        const StringId sid = shard.intern(series);
        for (const auto &s : samples) {
            auto [it, fresh] = byPid.emplace(s.pid, LocalTrack{});
            if (fresh)
                it->second = shard.counterTrack(entities.process(s.pid, true), sid);
            shard.addCounter(it->second, toNs(s.ts), s.value);
        }
    };
    emitCounter(counters.preps, "ConcurrentPreps");
    emitCounter(counters.power, "Power");
    emitCounter(ptActive, "PT Active");

    // A flow names its slices by track, start and name, as the slice loop wrote them.
    auto sliceName = [&](const AiuEvent &e) {
        const std::string &orig = strings[e.origName];
        if (!e.isDevice() || !in.compat)
            return shard.intern(orig);
        const std::string renamed = ingestRename(orig);
        const std::string normalized = normalizeDeviceName(renamed);
        return shard.intern(normalized.empty() ? renamed : normalized);
    };
    for (const auto &f : flows) {
        const AiuEvent &from = in.events[f.from];
        const AiuEvent &to = in.events[f.to];
        const StringId key = shard.intern(strings[f.collGroup] + '\x1f' + f.tag);
        shard.addFlow(FlowPhase::Start, FlowBinding::ExactSlice, f.id, key, entities.track(from), toNs(from.ts),
                      sliceName(from), true);
        shard.addFlow(FlowPhase::End, FlowBinding::ExactSlice, f.id, key, entities.track(to), toNs(to.ts), sliceName(to),
                      true);
    }
    builder.merge(std::move(shard));
}

} // namespace accelscope::importers::aiu::aiu_detail
