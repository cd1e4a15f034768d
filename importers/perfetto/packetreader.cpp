#include "packetreader.h"

#include "perfettofields.h"
#include "protowire.h"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cstdio>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <ctime>
#include <unordered_map>

namespace accelscope::importers::perfetto {

using model::DiagKind;

namespace {

/// Framing sanity limit: packets are handed on with 32-bit sizes, so a longer field can only be
/// corrupt framing. The import's own bound on one packet (InputLimits::maxJsonValueBytes) is
/// lower and checked apart: such a packet is skipped, not buffered, and reading goes on.
constexpr std::uint64_t kMaxFramedBytes = 0xffffffffull;
constexpr int kMaxContainerDepth = 4;

std::string mib(std::uint64_t bytes)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f MiB", double(bytes) / double(1u << 20));
    return buf;
}

/// The bound on one packet (InputLimits::maxJsonValueBytes; 0 = none but the framing's).
std::uint64_t packetLimit(const InputLimits &limits)
{
    return limits.maxJsonValueBytes ? std::min(limits.maxJsonValueBytes, kMaxFramedBytes) : kMaxFramedBytes;
}

enum class Frame { Packet, Skip, NeedMore, Corrupt };

/// A varint that did not decode: cut by the end of the buffer (more input may complete it) or
/// longer than 10 bytes (corrupt).
Frame badVarint(const std::uint8_t *p, const std::uint8_t *end)
{
    return end - p >= 10 ? Frame::Corrupt : Frame::NeedMore;
}

/// Reads one top-level field of a Trace message at p. On Packet/Skip, `header` is the size of
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
        if (len > kMaxFramedBytes)
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

enum class Inflate { Ok, Corrupt, TooLarge };

/// Inflates compressed_packets (zlib or gzip framing) or zstd_compressed_packets into at most
/// `maxOut` bytes (then TooLarge). On Corrupt and TooLarge `out` keeps what was decoded before.
Inflate decompress(std::uint32_t field, const std::uint8_t *p, std::size_t n, std::uint64_t maxOut,
                   std::vector<std::uint8_t> &out)
{
    // Grows `out` (doubling, never past maxOut); false when it is already at maxOut.
    auto grow = [&out, maxOut](std::size_t used) {
        if (used >= maxOut)
            return false;
        out.resize(static_cast<std::size_t>(std::min<std::uint64_t>(std::uint64_t(out.size()) * 2, maxOut)));
        return true;
    };
    out.resize(static_cast<std::size_t>(std::min<std::uint64_t>(std::max<std::size_t>(n * 4, 4096), std::max<std::uint64_t>(maxOut, 1))));
    if (field == fields::TracePacket::compressed_packets) {
        z_stream zs{};
        if (inflateInit2(&zs, 15 + 32) != Z_OK)
            return Inflate::Corrupt;
        zs.next_in = const_cast<Bytef *>(p);
        zs.avail_in = static_cast<uInt>(n);
        Inflate result = Inflate::Ok;
        while (true) {
            zs.next_out = out.data() + zs.total_out;
            zs.avail_out = static_cast<uInt>(std::min<std::size_t>(out.size() - zs.total_out, UINT32_MAX));
            const int rc = inflate(&zs, Z_NO_FLUSH);
            if (rc == Z_STREAM_END)
                break;
            if (rc != Z_OK && rc != Z_BUF_ERROR) {
                result = Inflate::Corrupt;
                break;
            }
            if (zs.total_out == out.size()) {
                if (!grow(zs.total_out)) {
                    result = Inflate::TooLarge;
                    break;
                }
                continue;
            }
            if (zs.avail_in == 0) { // input ended before the stream did
                result = Inflate::Corrupt;
                break;
            }
        }
        out.resize(zs.total_out);
        inflateEnd(&zs);
        return result;
    }
    ZSTD_DStream *zs = ZSTD_createDStream();
    ZSTD_initDStream(zs);
    ZSTD_inBuffer in{p, n, 0};
    std::size_t produced = 0;
    Inflate result = Inflate::Ok;
    while (true) {
        ZSTD_outBuffer ob{out.data() + produced, out.size() - produced, 0};
        const std::size_t rc = ZSTD_decompressStream(zs, &ob, &in);
        produced += ob.pos;
        if (ZSTD_isError(rc)) {
            result = Inflate::Corrupt;
            break;
        }
        if (rc == 0 && in.pos == in.size)
            break;
        if (produced == out.size()) {
            if (!grow(produced)) {
                result = Inflate::TooLarge;
                break;
            }
            continue;
        }
        if (in.pos == in.size) {
            result = Inflate::Corrupt;
            break;
        }
    }
    out.resize(produced);
    ZSTD_freeDStream(zs);
    return result;
}

double threadCpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

using Buffer = std::vector<std::uint8_t>;
using BufferRef = std::shared_ptr<Buffer>;

struct PacketRef {
    const std::uint8_t *p;
    std::uint32_t n;
    std::uint32_t order;
    std::uint64_t offset;
};

/// The packets of one read for one parser, with the buffers they point into.
struct Batch {
    std::vector<PacketRef> packets;
    std::vector<BufferRef> keepAlive;
};

/// A bounded single-consumer queue of batches.
class BatchQueue {
public:
    void push(Batch b)
    {
        std::unique_lock lock(m_mutex);
        m_notFull.wait(lock, [&] { return m_items.size() < kCapacity; });
        m_items.push_back(std::move(b));
        m_notEmpty.notify_one();
    }
    bool pop(Batch &b)
    {
        std::unique_lock lock(m_mutex);
        m_notEmpty.wait(lock, [&] { return !m_items.empty() || m_closed; });
        if (m_items.empty())
            return false;
        b = std::move(m_items.front());
        m_items.pop_front();
        m_notFull.notify_one();
        return true;
    }
    void close()
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
        m_notEmpty.notify_all();
    }

private:
    static constexpr std::size_t kCapacity = 4;
    std::mutex m_mutex;
    std::condition_variable m_notEmpty, m_notFull;
    std::deque<Batch> m_items;
    bool m_closed = false;
};

/// Routes packets to parsers: parser 0 is called directly, the others through their threads.
class Dispatcher {
public:
    Dispatcher(const std::vector<PacketParser *> &parsers, const InputLimits &limits, ReadResult &result)
        : m_parsers(parsers), m_limits(limits), m_result(result), m_batches(parsers.size())
    {
        m_result.threadCpu.assign(parsers.size(), 0.0);
        // Parser 0 runs inline on the reading thread; the others get a thread each, so two
        // parsers use two cores, not three threads.
        if (parsers.size() > 1) {
            m_queues = std::vector<BatchQueue>(parsers.size());
            for (std::size_t i = 1; i < parsers.size(); ++i)
                m_threads.emplace_back([this, i] {
                    Batch b;
                    while (m_queues[i].pop(b)) {
                        for (const PacketRef &r : b.packets)
                            m_parsers[i]->parsePacket(r.p, r.n, r.offset, r.order);
                        b = Batch();
                    }
                    m_result.threadCpu[i] = threadCpuSeconds();
                });
        }
    }
    ~Dispatcher() { finish(); }

    void finish()
    {
        if (m_finished)
            return;
        m_finished = true;
        flush();
        for (auto &q : m_queues)
            q.close();
        for (auto &t : m_threads)
            t.join();
    }

    /// One top-level packet inside `buf` (which must stay alive until the parsers are done).
    void packet(const BufferRef &buf, const std::uint8_t *p, std::size_t n, std::uint64_t offset, int depth = 0)
    {
        if (m_parsers.size() == 1) { // no routing: the parser itself hands containers back
            wire::Field c;
            if (!m_parsers[0]->parsePacket(p, n, offset, m_order++, depth < kMaxContainerDepth ? &c : nullptr))
                expand(c, offset, depth);
            return;
        }
        // A quick look at the top-level fields: the sequence, and whether this is a container.
        wire::Decoder d(p, n);
        wire::Field f;
        std::uint32_t seq = 0;
        const wire::Field *container = nullptr;
        wire::Field containerField;
        while (d.next(f)) {
            if (f.id == fields::TracePacket::trusted_packet_sequence_id && f.type == wire::Varint) {
                seq = static_cast<std::uint32_t>(f.value);
            } else if ((f.id == fields::TracePacket::compressed_packets
                        || f.id == fields::TracePacket::zstd_compressed_packets)
                       && f.type == wire::LengthDelimited) {
                containerField = f;
                container = &containerField;
            }
        }
        if (container && !d.error() && depth < kMaxContainerDepth) {
            expand(*container, offset, depth);
            return;
        }
        const std::uint32_t order = m_order++;
        const std::size_t part = route(seq);
        if (part == 0) {
            m_parsers[0]->parsePacket(p, n, offset, order);
            return;
        }
        Batch &b = m_batches[part];
        if (b.keepAlive.empty() || b.keepAlive.back() != buf)
            b.keepAlive.push_back(buf);
        b.packets.push_back(PacketRef{p, static_cast<std::uint32_t>(n), order, offset});
    }

    /// Hands the collected packets to the parser threads.
    void flush()
    {
        if (m_parsers.size() == 1)
            return;
        for (std::size_t i = 1; i < m_batches.size(); ++i) {
            if (m_batches[i].packets.empty())
                continue;
            m_queues[i].push(std::move(m_batches[i]));
            m_batches[i] = Batch();
        }
    }

private:
    /// Sequences go to parsers round-robin in order of first appearance (deterministic).
    std::size_t route(std::uint32_t seq)
    {
        if (seq == m_lastSeq)
            return m_lastPart;
        auto [it, inserted] = m_routes.try_emplace(seq, m_nextPart);
        if (inserted)
            m_nextPart = (m_nextPart + 1) % m_parsers.size();
        m_lastSeq = seq;
        m_lastPart = it->second;
        return it->second;
    }

    void problem(DiagKind kind, std::uint64_t offset, std::string detail)
    {
        auto [it, inserted] = m_result.problems.try_emplace({kind, std::move(detail)}, 0, offset);
        it->second.first++;
    }

    /// The decompressed-size and ratio bounds of the input stream (InputLimits), applied to all
    /// in-stream compressed packets together: false, with a diagnostic the first time, once they
    /// are spent, and no further container is inflated.
    bool containerBudgetLeft(std::uint64_t offset)
    {
        if (m_containerLimitHit)
            return false;
        std::string why;
        if (m_limits.maxDecompressedBytes && m_containerOut >= m_limits.maxDecompressedBytes) {
            why = "compressed packets inflated past " + mib(m_limits.maxDecompressedBytes)
                + " (the limit on the decompressed size)";
        } else if (m_limits.maxCompressionRatio > 0 && m_containerOut >= InputStream::kRatioCheckFloor
                   && double(m_containerOut) > m_limits.maxCompressionRatio * double(std::max<std::uint64_t>(m_containerIn, 1))) {
            char ratio[64];
            std::snprintf(ratio, sizeof ratio, "%.0f:1", m_limits.maxCompressionRatio);
            why = mib(m_containerIn) + " of compressed packets inflated to " + mib(m_containerOut)
                + ", more than the limit of " + ratio + " on the compression ratio (a decompression bomb?)";
        } else {
            return true;
        }
        m_containerLimitHit = true;
        problem(DiagKind::InputLimit, offset, why + ": the compressed packets from there on were skipped");
        return false;
    }

    void expand(const wire::Field &c, std::uint64_t offset, int depth)
    {
        ++m_result.containerPackets;
        if (!containerBudgetLeft(offset))
            return;
        // One container holds packets, so it is bounded as one packet is; all of them together
        // as the decompressed stream is.
        std::uint64_t maxOut = packetLimit(m_limits);
        if (m_limits.maxDecompressedBytes)
            maxOut = std::min(maxOut, m_limits.maxDecompressedBytes - m_containerOut);
        auto buf = std::make_shared<Buffer>();
        const Inflate inflated = decompress(c.id, c.data, c.size, maxOut, *buf);
        m_containerIn += c.size;
        m_containerOut += buf->size();
        if (inflated == Inflate::Corrupt)
            problem(DiagKind::DecompressionError, offset,
                    c.id == fields::TracePacket::compressed_packets ? "compressed_packets" : "zstd_compressed_packets");
        else if (inflated == Inflate::TooLarge && maxOut == packetLimit(m_limits))
            problem(DiagKind::InputLimit, offset,
                    "compressed packets inflating past " + mib(maxOut)
                        + " (the limit on one packet) were cut there; the packets decoded before were loaded");
        // The payload is a Trace fragment: more packets, in order. A fragment cut by a limit
        // ends inside a packet; the packets before it are kept.
        wire::Decoder d(buf->data(), buf->size());
        wire::Field f;
        while (d.next(f))
            if (f.id == fields::Trace::packet && f.type == wire::LengthDelimited)
                packet(buf, f.data, f.size, offset, depth + 1);
        if (d.error() && inflated != Inflate::TooLarge)
            problem(DiagKind::MalformedEvent, offset, "corrupt compressed packet fragment");
        if (inflated == Inflate::TooLarge)
            containerBudgetLeft(offset); // the stream-wide bound, when that is the one reached
    }

    const std::vector<PacketParser *> &m_parsers;
    const InputLimits &m_limits;
    ReadResult &m_result;
    std::uint64_t m_containerIn = 0, m_containerOut = 0; ///< compressed packets' bytes, all together
    bool m_containerLimitHit = false;
    std::vector<Batch> m_batches;
    std::vector<BatchQueue> m_queues;
    std::vector<std::thread> m_threads;
    std::unordered_map<std::uint32_t, std::size_t> m_routes;
    std::uint32_t m_lastSeq = 0xffffffffu;
    std::size_t m_lastPart = 0, m_nextPart = 0;
    std::uint32_t m_order = 0;
    bool m_finished = false;
};

} // namespace

ReadResult readPackets(InputStream &in, const std::vector<PacketParser *> &parsers, std::size_t chunkBytes,
                       const ImportContext &ctx, double progressScale)
{
    ReadResult result;
    const double cpu0 = threadCpuSeconds();
    auto problem = [&](DiagKind kind, std::uint64_t offset, std::string detail) {
        auto [it, inserted] = result.problems.try_emplace({kind, std::move(detail)}, 0, offset);
        it->second.first++;
    };
    const InputLimits &limits = ctx.options.limits;
    const std::uint64_t maxPacket = packetLimit(limits);
    Dispatcher dispatch(parsers, limits, result);

    const std::size_t chunk = std::max<std::size_t>(chunkBytes, 64);
    BufferRef buf = std::make_shared<Buffer>(chunk);
    std::vector<BufferRef> spare;
    std::size_t have = 0;            // bytes in buf
    std::uint64_t bufOffset = 0;     // input offset of (*buf)[0]
    std::uint64_t skipRemaining = 0; // bytes of a skipped top-level field still to drop
    bool eof = false;
    const double totalSize = std::max<double>(1.0, double(in.compressedSize()));

    while (true) {
        std::size_t pos = 0;
        if (skipRemaining) {
            const std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>(skipRemaining, have));
            pos += k;
            skipRemaining -= k;
        }
        std::size_t needed = 0; // total bytes a packet at pos needs, when it does not fit
        bool corrupt = false;
        const std::uint8_t *data = buf->data();
        while (pos < have && !skipRemaining) {
            std::size_t header = 0;
            std::uint64_t body = 0;
            const Frame fr = frame(data + pos, data + have, header, body);
            if (fr == Frame::NeedMore)
                break;
            if (fr == Frame::Corrupt) {
                problem(DiagKind::MalformedEvent, bufOffset + pos,
                        "corrupt packet framing; the rest of the input was skipped");
                corrupt = true;
                break;
            }
            if (fr == Frame::Packet && body > maxPacket) {
                // Over the bound on one packet: dropped as it streams by, never buffered.
                problem(DiagKind::InputLimit, bufOffset + pos,
                        "a packet larger than " + mib(maxPacket) + " (the limit on one packet) was skipped");
            }
            if (fr == Frame::Skip || body > maxPacket) {
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
            dispatch.packet(buf, data + pos + header, static_cast<std::size_t>(body), bufOffset + pos);
            pos += header + static_cast<std::size_t>(body);
        }
        dispatch.flush();
        if (corrupt)
            break;
        if (eof) {
            if ((have > pos || skipRemaining) && in.limitMessage().empty())
                problem(DiagKind::TruncatedInput, bufOffset + pos,
                        "the input ends inside a packet; complete packets were loaded");
            break;
        }
        // The unparsed tail moves to the front of a buffer that no parser holds: the same one
        // when nobody else uses it (one parser), else a spare that the parsers are done with, else
        // a new one (recycling keeps memory warm: fresh pages cost more than the parsing).
        const std::size_t tail = have - pos;
        const std::size_t size = std::max({chunk, needed, tail == buf->size() ? buf->size() * 2 : 0});
        if (buf.use_count() == 1 && size <= buf->size()) {
            std::memmove(buf->data(), buf->data() + pos, tail);
        } else {
            BufferRef next;
            for (BufferRef &s : spare) {
                if (s && s.use_count() == 1 && s->size() >= size) {
                    std::atomic_thread_fence(std::memory_order_acquire); // the parser's release
                    next = std::move(s);
                    break;
                }
            }
            if (!next)
                next = std::make_shared<Buffer>(size);
            std::memcpy(next->data(), buf->data() + pos, tail);
            std::erase(spare, nullptr);
            if (spare.size() < 8)
                spare.push_back(std::move(buf));
            buf = std::move(next);
        }
        have = tail;
        bufOffset += pos;
        const std::size_t n = in.read(reinterpret_cast<char *>(buf->data()) + have, buf->size() - have);
        if (n == 0)
            eof = true;
        have += n;
        if (ctx.stopRequested()) {
            result.canceled = true;
            break;
        }
        ctx.report(Stage::Parsing, std::min(1.0, double(in.compressedPosition()) / totalSize) * progressScale);
    }
    dispatch.finish();
    result.threadCpu[0] = threadCpuSeconds() - cpu0;
    if (!in.limitMessage().empty())
        problem(DiagKind::InputLimit, in.position(), in.limitMessage());
    else if (!in.error().empty())
        problem(DiagKind::DecompressionError, in.position(), in.error());
    return result;
}

} // namespace accelscope::importers::perfetto
