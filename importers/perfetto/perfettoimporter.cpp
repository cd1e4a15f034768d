#include "perfettoimporter.h"

#include "packetparser.h"
#include "packetreader.h"
#include "perfettofields.h"
#include "protowire.h"
#include "stringpool.h"
#include "trackemitter.h"

#include "importers/common/inputstream.h"
#include "model/parallel.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

namespace accelscope::importers::perfetto {

using model::DiagKind;
using model::TraceBuilder;

namespace {

constexpr std::uint64_t kMaxPacketBytes = 512ull << 20; // framing sanity limit

bool isKnownPacketField(std::uint32_t id)
{
    namespace P = fields::TracePacket;
    switch (id) {
    case P::timestamp:
    case P::timestamp_clock_id:
    case P::trusted_packet_sequence_id:
    case P::sequence_flags:
    case P::incremental_state_cleared:
    case P::interned_data:
    case P::trace_packet_defaults:
    case P::previous_packet_dropped:
    case P::first_packet_on_sequence:
    case P::trusted_uid:
    case P::trusted_pid:
    case P::machine_id:
    case P::track_event:
    case P::track_descriptor:
    case P::clock_snapshot:
    case P::process_descriptor:
    case P::thread_descriptor:
    case P::compressed_packets:
    case P::zstd_compressed_packets:
    case P::synchronization_marker:
    case 5:  // chrome_events
    case 33: // trace_config
    case 35: // trace_stats
    case 45: // system_info
    case 1:  // ftrace_events
        return true;
    default: return false;
    }
}

double threadCpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

} // namespace

Confidence PerfettoImporter::probe(const Source &src) const
{
    if (src.isDirectory || src.head.empty())
        return Confidence::No;
    const auto *p = reinterpret_cast<const std::uint8_t *>(src.head.data());
    const auto *end = p + src.head.size();
    int whole = 0;
    bool partial = false;
    while (p < end && whole < 8) {
        if (*p != 0x0A) // every Perfetto trace starts with TracePacket packet = 1
            break;
        std::uint64_t len;
        const std::uint8_t *q = wire::readVarint(p + 1, end, len);
        if (!q || len > kMaxPacketBytes)
            break;
        const std::size_t avail = static_cast<std::size_t>(end - q);
        wire::Decoder d(q, std::min<std::size_t>(avail, len));
        wire::Field f;
        int known = 0, unknown = 0;
        while (d.next(f))
            (isKnownPacketField(f.id) ? known : unknown)++;
        if (len > avail) { // packet cut by the end of the head: judge what is there
            partial = known > 0 && unknown == 0;
            break;
        }
        if (d.error() || known == 0 || unknown > known)
            return whole >= 2 ? Confidence::Likely : Confidence::No;
        ++whole;
        p = q + len;
    }
    const std::string ext = src.path.extension().string();
    const std::string stem = src.path.stem().extension().string(); // "x.pftrace.gz" -> ".pftrace"
    const bool extHint = ext == ".pftrace" || ext == ".perfetto-trace" || stem == ".pftrace"
        || stem == ".perfetto-trace" || ext == ".perfetto";
    if (whole >= 2 || (whole >= 1 && p == end))
        return Confidence::Certain;
    if (whole == 1 || partial)
        return extHint ? Confidence::Certain : Confidence::Likely;
    return Confidence::No;
}

model::Status PerfettoImporter::import(const Source &src, TraceBuilder &builder, ImportContext &ctx)
{
    const std::string file = src.path.string();
    auto opened = InputStream::open(src.path, ctx.options.limits);
    if (!opened.ok())
        return opened.error();
    std::unique_ptr<InputStream> in = std::move(opened.value());

    model::SourceInfo info;
    info.path = file;
    info.format = std::string(name());
    info.timeUnit = "ns";
    info.rank = src.rank;
    const std::uint32_t sourceIndex = builder.addSource(info);

    // Parsers: one per thread; sequences are spread over them (see packetreader.h). A second
    // parser costs ~40 % more CPU in total (routing scan, hand-off, colder caches) for ~15 %
    // less pass-1 time on two free cores, and was slower on the busy 2-core development VM, so
    // it is used only where cores are likely to be free (4 or more) and the file is big enough
    // to pay for the thread. See docs/perfetto.md, "Measured".
    unsigned threads = workerThreads;
    if (threads == 0) {
        const unsigned hw = model::hardwareThreads();
        threads = (hw >= 4 && in->compressedSize() >= (8u << 20)) ? 2u : 1u;
    }
    threads = std::clamp(threads, 1u, 8u);
    StringPool strings;
    std::vector<std::unique_ptr<ParsedTrace>> parts;
    std::vector<std::unique_ptr<PacketParser>> parsers;
    std::vector<PacketParser *> parserPtrs;
    for (unsigned i = 0; i < threads; ++i) {
        parts.push_back(std::make_unique<ParsedTrace>());
        parsers.push_back(std::make_unique<PacketParser>(strings, *parts.back(), static_cast<std::uint8_t>(i),
                                                         ctx.options.limits.maxJsonDepth));
        parserPtrs.push_back(parsers.back().get());
    }

    const bool profile = std::getenv("ACCELSCOPE_PERFETTO_PROFILE") != nullptr;
    const auto wall0 = std::chrono::steady_clock::now();

    // ---- Pass 1: stream the packets into the parsers.
    const ReadResult read = readPackets(*in, parserPtrs, chunkBytes, ctx, 0.8);
    if (read.canceled || ctx.stopRequested())
        return model::Canceled{};
    parsers.clear();
    MergedTrace merged = mergeParts(std::move(parts), strings);
    merged.packets += read.containerPackets;
    for (auto &[key, v] : read.problems) {
        auto [it, inserted] = merged.problems.try_emplace(key, v);
        if (!inserted)
            it->second.first += v.first;
    }
    const auto wall1 = std::chrono::steady_clock::now();

    model::BuilderShard shard(sourceIndex);
    for (auto &[key, v] : merged.problems)
        shard.diagnostics().add(key.first, file, v.second, key.second, v.first);
    if (merged.droppedNeedsIncrementalState)
        shard.diagnostics().add(DiagKind::MissingField, file, 0,
                                "packets needing incremental state before their sequence was cleared were skipped",
                                merged.droppedNeedsIncrementalState);

    // ---- Pass 2: clocks, per-track ordering, slices, counters, flows.
    const std::uint64_t packets = merged.packets, descriptors = merged.trackDescriptors,
                        dropped = merged.droppedNeedsIncrementalState;
    ctx.report(Stage::Parsing, 0.8);
    const double pass2Cpu0 = threadCpuSeconds();
    const EmitResult r = emitTracks(merged, shard, file, ctx.stop);
    if (r.canceled || ctx.stopRequested())
        return model::Canceled{};
    const auto wall2 = std::chrono::steady_clock::now();
    const double pass2Cpu = threadCpuSeconds() - pass2Cpu0;

    auto &md = builder.source(sourceIndex).metadata;
    md.emplace_back("perfetto.packets", std::to_string(packets));
    md.emplace_back("perfetto.track_descriptors", std::to_string(descriptors));
    md.emplace_back("perfetto.trace_clock_id", std::to_string(r.traceClock));
    md.emplace_back("perfetto.packets_dropped_needs_incremental_state", std::to_string(dropped));
    md.emplace_back("perfetto.unmatched_slice_ends", std::to_string(r.unmatchedEnds));
    md.emplace_back("perfetto.unterminated_slices", std::to_string(r.unterminated));
    md.emplace_back("perfetto.instants_with_flows", std::to_string(r.instantsWithFlows));

    builder.merge(std::move(shard));
    if (profile) {
        auto s = [](auto a, auto b) { return std::chrono::duration<double>(b - a).count(); };
        std::string cpu;
        for (double c : read.threadCpu)
            cpu += (cpu.empty() ? "" : " + ") + std::to_string(c).substr(0, 5);
        std::fprintf(stderr,
                     "perfetto import (%u parser threads): pass1 %.3f s (thread cpu %s s), pass2 %.3f s (cpu %.3f s), "
                     "merge %.3f s\n",
                     threads, s(wall0, wall1), cpu.c_str(), s(wall1, wall2), pass2Cpu,
                     s(wall2, std::chrono::steady_clock::now()));
    }
    ctx.report(Stage::Parsing, 1.0);
    return model::Ok{};
}

} // namespace accelscope::importers::perfetto
