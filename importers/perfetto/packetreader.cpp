#include "packetreader.h"

#include "perfettofields.h"
#include "protowire.h"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
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

constexpr std::uint64_t kMaxPacketBytes = 512ull << 20; // framing sanity limit
constexpr int kMaxContainerDepth = 4;

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

/// Inflates compressed_packets (zlib or gzip framing) or zstd_compressed_packets. Returns false
/// on a corrupt stream; `out` keeps what was decoded before the error.
bool decompress(std::uint32_t field, const std::uint8_t *p, std::size_t n, std::vector<std::uint8_t> &out)
{
    out.resize(std::max<std::size_t>(n * 4, 4096));
    if (field == fields::TracePacket::compressed_packets) {
        z_stream zs{};
        if (inflateInit2(&zs, 15 + 32) != Z_OK)
            return false;
        zs.next_in = const_cast<Bytef *>(p);
        zs.avail_in = static_cast<uInt>(n);
        bool ok = true;
        while (true) {
            zs.next_out = out.data() + zs.total_out;
            zs.avail_out = static_cast<uInt>(out.size() - zs.total_out);
            const int rc = inflate(&zs, Z_NO_FLUSH);
            if (rc == Z_STREAM_END)
                break;
            if (rc != Z_OK && rc != Z_BUF_ERROR) {
                ok = false;
                break;
            }
            if (zs.avail_out == 0) {
                out.resize(out.size() * 2);
                continue;
            }
            if (zs.avail_in == 0) { // input ended before the stream did
                ok = false;
                break;
            }
        }
        out.resize(zs.total_out);
        inflateEnd(&zs);
        return ok;
    }
    ZSTD_DStream *zs = ZSTD_createDStream();
    ZSTD_initDStream(zs);
    ZSTD_inBuffer in{p, n, 0};
    std::size_t produced = 0;
    bool ok = true;
    while (true) {
        ZSTD_outBuffer ob{out.data() + produced, out.size() - produced, 0};
        const std::size_t rc = ZSTD_decompressStream(zs, &ob, &in);
        produced += ob.pos;
        if (ZSTD_isError(rc)) {
            ok = false;
            break;
        }
        if (rc == 0 && in.pos == in.size)
            break;
        if (produced == out.size()) {
            out.resize(out.size() * 2);
            continue;
        }
        if (in.pos == in.size) {
            ok = false;
            break;
        }
    }
    out.resize(produced);
    ZSTD_freeDStream(zs);
    return ok;
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
    Dispatcher(const std::vector<PacketParser *> &parsers, ReadResult &result)
        : m_parsers(parsers), m_result(result), m_batches(parsers.size())
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

    void expand(const wire::Field &c, std::uint64_t offset, int depth)
    {
        ++m_result.containerPackets;
        auto buf = std::make_shared<Buffer>();
        if (!decompress(c.id, c.data, c.size, *buf)) {
            auto [it, inserted] = m_result.problems.try_emplace(
                {DiagKind::DecompressionError,
                 c.id == fields::TracePacket::compressed_packets ? "compressed_packets" : "zstd_compressed_packets"},
                0, offset);
            it->second.first++;
        }
        // The payload is a Trace fragment: more packets, in order.
        wire::Decoder d(buf->data(), buf->size());
        wire::Field f;
        while (d.next(f))
            if (f.id == fields::Trace::packet && f.type == wire::LengthDelimited)
                packet(buf, f.data, f.size, offset, depth + 1);
        if (d.error()) {
            auto [it, inserted] =
                m_result.problems.try_emplace({DiagKind::MalformedEvent, "corrupt compressed packet fragment"}, 0, offset);
            it->second.first++;
        }
    }

    const std::vector<PacketParser *> &m_parsers;
    ReadResult &m_result;
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
    Dispatcher dispatch(parsers, result);

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
            dispatch.packet(buf, data + pos + header, static_cast<std::size_t>(body), bufOffset + pos);
            pos += header + static_cast<std::size_t>(body);
        }
        dispatch.flush();
        if (corrupt)
            break;
        if (eof) {
            if (have > pos || skipRemaining)
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
    if (!in.error().empty())
        problem(DiagKind::DecompressionError, in.position(), in.error());
    return result;
}

} // namespace accelscope::importers::perfetto
