#include "perfettoimporter.h"

#include "packetparser.h"
#include "perfettofields.h"
#include "protowire.h"
#include "trackemitter.h"

#include "importers/common/inputstream.h"

#include <algorithm>
#include <cstring>

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

enum class Frame { Packet, Skip, NeedMore, Corrupt };

/// A varint that did not decode: cut by the end of the buffer (more input may complete it) or
/// longer than 10 bytes (corrupt).
Frame badVarint(const std::uint8_t *p, const std::uint8_t *end)
{
    if (end - p >= 10)
        return Frame::Corrupt;
    return Frame::NeedMore;
}

/// Reads one top-level field of the Trace message at p. On Packet/Skip, `header` is the size of
/// tag + length and `body` the payload size (0 for varint fields).
Frame frame(const std::uint8_t *p, const std::uint8_t *end, std::size_t &header, std::uint64_t &body)
{
    std::uint64_t tag;
    const std::uint8_t *q = wire::readVarint(p, end, tag);
    if (!q)
        return badVarint(p, end);
    if ((tag >> 3) == 0)
        return Frame::Corrupt;
    switch (tag & 7) {
    case wire::LengthDelimited: {
        std::uint64_t len;
        const std::uint8_t *r = wire::readVarint(q, end, len);
        if (!r)
            return badVarint(q, end);
        if (len > kMaxPacketBytes)
            return Frame::Corrupt;
        header = static_cast<std::size_t>(r - p);
        body = len;
        return (tag >> 3) == fields::Trace::packet ? Frame::Packet : Frame::Skip;
    }
    case wire::Varint: {
        std::uint64_t v;
        const std::uint8_t *r = wire::readVarint(q, end, v);
        if (!r)
            return badVarint(q, end);
        header = static_cast<std::size_t>(r - p);
        body = 0;
        return Frame::Skip;
    }
    case wire::Fixed64:
    case wire::Fixed32:
        header = static_cast<std::size_t>(q - p);
        body = (tag & 7) == wire::Fixed64 ? 8 : 4;
        return Frame::Skip;
    default: return Frame::Corrupt;
    }
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
    auto opened = InputStream::open(src.path);
    if (!opened.ok())
        return opened.error();
    std::unique_ptr<InputStream> in = std::move(opened.value());

    model::SourceInfo info;
    info.path = file;
    info.format = std::string(name());
    info.timeUnit = "ns";
    info.rank = src.rank;
    const std::uint32_t sourceIndex = builder.addSource(info);

    model::BuilderShard shard(sourceIndex);
    ParsedTrace parsed;
    PacketParser parser(shard, parsed);

    // ---- Pass 1: stream the top-level Trace message packet by packet.
    const std::size_t chunk = std::max<std::size_t>(chunkBytes, 64);
    std::vector<std::uint8_t> buf(chunk);
    std::size_t have = 0;          // bytes in buf
    std::uint64_t bufOffset = 0;   // input offset of buf[0]
    std::uint64_t skipRemaining = 0; // bytes of a skipped top-level field still to drop
    bool eof = false, corrupt = false;
    const double totalSize = std::max<double>(1.0, double(in->compressedSize()));

    while (!corrupt) {
        std::size_t pos = 0;
        if (skipRemaining) {
            const std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>(skipRemaining, have));
            pos += k;
            skipRemaining -= k;
        }
        std::size_t needed = 0; // total bytes a packet at pos needs, when it does not fit
        while (pos < have && !skipRemaining) {
            std::size_t header = 0;
            std::uint64_t body = 0;
            const Frame fr = frame(buf.data() + pos, buf.data() + have, header, body);
            if (fr == Frame::NeedMore)
                break;
            if (fr == Frame::Corrupt) {
                builder.diagnostics().add(DiagKind::MalformedEvent, file, bufOffset + pos,
                                          "corrupt packet framing; the rest of the input was skipped");
                corrupt = true;
                break;
            }
            if (fr == Frame::Skip) {
                const std::uint64_t total = header + body;
                if (total > have - pos) {
                    skipRemaining = total - (have - pos);
                    pos = have;
                } else {
                    pos += static_cast<std::size_t>(total);
                }
                continue;
            }
            if (header + body > have - pos) {
                needed = static_cast<std::size_t>(header + body);
                break;
            }
            parser.parsePacket(buf.data() + pos + header, static_cast<std::size_t>(body), bufOffset + pos);
            pos += header + static_cast<std::size_t>(body);
        }
        if (corrupt)
            break;
        // Keep the unparsed tail at the front of the buffer.
        if (pos) {
            std::memmove(buf.data(), buf.data() + pos, have - pos);
            have -= pos;
            bufOffset += pos;
        }
        if (eof) {
            if (have || skipRemaining)
                builder.diagnostics().add(DiagKind::TruncatedInput, file, bufOffset,
                                          "the input ends inside a packet; complete packets were loaded");
            break;
        }
        if (needed > buf.size())
            buf.resize(needed);
        else if (have == buf.size())
            buf.resize(buf.size() * 2);
        const std::size_t n = in->read(reinterpret_cast<char *>(buf.data()) + have, buf.size() - have);
        if (n == 0)
            eof = true;
        have += n;
        if (ctx.stopRequested())
            return model::Canceled{};
        ctx.report(Stage::Parsing, std::min(1.0, double(in->compressedPosition()) / totalSize) * 0.8);
    }
    if (!in->error().empty())
        builder.diagnostics().add(DiagKind::DecompressionError, file, in->position(), in->error());

    for (auto &[key, v] : parsed.problems)
        shard.diagnostics().add(key.first, file, v.second, key.second, v.first);
    if (parsed.droppedNeedsIncrementalState)
        shard.diagnostics().add(DiagKind::MissingField, file, 0,
                                "packets needing incremental state before their sequence was cleared were skipped",
                                parsed.droppedNeedsIncrementalState);

    // ---- Pass 2: clocks, per-track ordering, slices, counters, flows.
    const std::uint64_t packets = parsed.packets, descriptors = parsed.trackDescriptors,
                        dropped = parsed.droppedNeedsIncrementalState;
    ctx.report(Stage::Parsing, 0.8);
    const EmitResult r = emitTracks(parsed, shard, file, ctx.stop);
    if (r.canceled || ctx.stopRequested())
        return model::Canceled{};

    auto &md = builder.source(sourceIndex).metadata;
    md.emplace_back("perfetto.packets", std::to_string(packets));
    md.emplace_back("perfetto.track_descriptors", std::to_string(descriptors));
    md.emplace_back("perfetto.trace_clock_id", std::to_string(r.traceClock));
    md.emplace_back("perfetto.packets_dropped_needs_incremental_state", std::to_string(dropped));
    md.emplace_back("perfetto.unmatched_slice_ends", std::to_string(r.unmatchedEnds));
    md.emplace_back("perfetto.unterminated_slices", std::to_string(r.unterminated));

    builder.merge(std::move(shard));
    ctx.report(Stage::Parsing, 1.0);
    return model::Ok{};
}

} // namespace accelscope::importers::perfetto
