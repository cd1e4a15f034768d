#include "jsonpipeline.h"

#include "eventsplitter.h"
#include "importers/common/inputstream.h"
#include "importers/common/orderedmerge.h"
#include "jsonchunkparser.h"
#include "model/parallel.h"

#include <simdjson.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstring>
#include <mutex>
#include <thread>

namespace accelscope::importers::json {

using namespace accelscope::model;

namespace {

constexpr std::size_t kPad = simdjson::SIMDJSON_PADDING + 64;

bool isWs(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

bool startsWithBom(std::string_view t)
{
    return t.size() >= 3 && static_cast<unsigned char>(t[0]) == 0xEF && static_cast<unsigned char>(t[1]) == 0xBB
        && static_cast<unsigned char>(t[2]) == 0xBF;
}

/// Index just past the string starting at t[i] (== '"'), or npos when the text ends first.
std::size_t skipString(std::string_view t, std::size_t i)
{
    bool esc = false;
    for (++i; i < t.size(); ++i) {
        if (esc) esc = false;
        else if (t[i] == '\\') esc = true;
        else if (t[i] == '"') return i + 1;
    }
    return std::string_view::npos;
}

/// Index past the JSON value starting at t[i] (after whitespace), or npos when the text ends
/// first (scalar scan: only for the small header and trailer).
std::size_t skipValue(std::string_view t, std::size_t i)
{
    while (i < t.size() && isWs(t[i]))
        ++i;
    if (i >= t.size())
        return std::string_view::npos;
    int depth = 0;
    bool inStr = false, esc = false;
    for (; i < t.size(); ++i) {
        const char c = t[i];
        if (inStr) {
            if (esc) esc = false;
            else if (c == '\\') esc = true;
            else if (c == '"') {
                inStr = false;
                if (depth == 0)
                    return i + 1;
            }
            continue;
        }
        if (c == '"') inStr = true;
        else if (c == '{' || c == '[') ++depth;
        else if (c == '}' || c == ']') {
            if (--depth == 0)
                return i + 1;
            if (depth < 0)
                return i; // end of the enclosing container
        } else if (depth == 0 && (c == ',' || isWs(c)))
            return i;
    }
    return std::string_view::npos;
}

/// Hands the "key": value members of top-level object text to the dialect (values minified).
void reportMembers(std::string_view text, Dialect &dialect)
{
    std::size_t i = 0;
    std::string minified;
    while (i < text.size()) {
        while (i < text.size() && (isWs(text[i]) || text[i] == ',' || text[i] == '{' || text[i] == '}'))
            ++i;
        if (i >= text.size() || text[i] != '"')
            return;
        const std::size_t keyEnd = skipString(text, i);
        if (keyEnd == std::string_view::npos)
            return;
        const std::string_view key = text.substr(i + 1, keyEnd - i - 2);
        i = keyEnd;
        while (i < text.size() && isWs(text[i]))
            ++i;
        if (i >= text.size() || text[i] != ':')
            return;
        ++i;
        while (i < text.size() && isWs(text[i]))
            ++i;
        const std::size_t valueEnd = skipValue(text, i);
        if (valueEnd == std::string_view::npos)
            return;
        std::string_view raw = text.substr(i, valueEnd - i);
        minified.resize(raw.size());
        std::size_t n = 0;
        if (simdjson::minify(raw.data(), raw.size(), minified.data(), n) == simdjson::SUCCESS)
            raw = std::string_view(minified.data(), n);
        dialect.topLevelMember(key, raw);
        i = valueEnd;
    }
}

/// Reads the document up to the first byte inside the event array: the array form "[...]"
/// or the object form {"...": ..., "<eventsMember>": [...], ...}.
class HeaderScanner {
public:
    HeaderScanner(InputStream &in, const std::string &file, const PipelineOptions &opts, Dialect &dialect,
                  std::uint64_t maxHeadBytes)
        : m_in(in), m_file(file), m_member("\"" + opts.eventsMember + "\""), m_dialect(dialect),
          m_maxHead(maxHeadBytes ? maxHeadBytes : ~std::uint64_t(0))
    {
    }

    Status scan(const ImportContext &ctx)
    {
        for (;;) {
            const std::size_t old = m_head.size();
            m_head.resize(old + (1 << 16));
            const std::size_t got = m_in.read(m_head.data() + old, 1 << 16);
            m_head.resize(old + got);
            // A member value that is still incomplete is scanned again from its start: wait
            // until the text has doubled, so a long header costs linear time, not quadratic.
            if (got == 0 || m_head.size() >= m_rescanAt) {
                if (Status st = step(); !st.ok() || m_done)
                    return st;
                m_rescanAt = 2 * m_head.size();
            }
            if (got == 0) {
                if (!m_in.limitMessage().empty())
                    return ImportError{m_file, m_head.size(), false, m_in.limitMessage()};
                if (!m_sawStart && !m_in.error().empty())
                    return ImportError{m_file, m_head.size(), false, m_in.error()};
                if (!m_sawStart)
                    return ImportError{m_file, 0, false, m_head.empty() ? "the file is empty" : "no JSON content"};
                return ImportError{m_file, m_head.size(), false,
                                   m_in.error().empty() ? "the file ends before the " + m_member.substr(1, m_member.size() - 2) + " array"
                                                        : m_in.error()};
            }
            if (m_head.size() > m_maxHead)
                return ImportError{m_file, m_head.size(), false,
                                   "no " + m_member.substr(1, m_member.size() - 2) + " array in the first "
                                       + std::to_string(m_maxHead >> 20)
                                       + " MiB (the limit on the size of one JSON value)"};
            if (ctx.stopRequested())
                return Canceled{};
        }
    }

    const std::string &head() const { return m_head; }
    std::size_t arrayStart() const { return m_arrayStart; }
    bool objectForm() const { return m_objectForm; }

private:
    /// Looks at what was read so far; sets m_done when the array start is found.
    Status step()
    {
        std::size_t i = m_scanned;
        if (!m_sawStart) {
            if (i == 0 && startsWithBom(m_head))
                i = 3;
            while (i < m_head.size() && isWs(m_head[i]))
                ++i;
            if (i >= m_head.size())
                return Ok{};
            m_sawStart = true;
            if (m_head[i] == '[') {
                m_arrayStart = i + 1;
                m_done = true;
                return Ok{};
            }
            if (m_head[i] != '{')
                return ImportError{m_file, i, false, "not a JSON trace: expected '[' or '{' at the start"};
            m_objectForm = true;
            m_keysBegin = m_scanned = i + 1;
        }
        return walkMembers();
    }

    /// Object form: skips members until the events member; returns with m_done unset when
    /// more input is needed.
    Status walkMembers()
    {
        const std::string_view t(m_head);
        std::size_t i = m_scanned;
        for (;;) {
            while (i < t.size() && (isWs(t[i]) || t[i] == ','))
                ++i;
            if (i >= t.size())
                return Ok{};
            if (t[i] == '}') {
                reportMembers(t.substr(m_keysBegin, i - m_keysBegin), m_dialect);
                return ImportError{m_file, 0, false, "the JSON object has no " + m_member + " array"};
            }
            if (t[i] != '"')
                return ImportError{m_file, i, false, "malformed JSON: expected a member name"};
            const std::size_t keyEnd = skipString(t, i);
            if (keyEnd == std::string_view::npos)
                return Ok{};
            const bool isEvents = t.substr(i, keyEnd - i) == m_member;
            std::size_t j = keyEnd;
            while (j < t.size() && isWs(t[j]))
                ++j;
            if (j >= t.size())
                return Ok{};
            if (t[j] != ':')
                return ImportError{m_file, j, false, "malformed JSON: expected ':' after a member name"};
            ++j;
            while (j < t.size() && isWs(t[j]))
                ++j;
            if (j >= t.size())
                return Ok{};
            if (isEvents) {
                if (t[j] != '[')
                    return ImportError{m_file, j, false, m_member + " is not an array"};
                reportMembers(t.substr(m_keysBegin, i - m_keysBegin), m_dialect);
                m_arrayStart = j + 1;
                m_done = true;
                return Ok{};
            }
            const std::size_t valueEnd = skipValue(t, j);
            if (valueEnd == std::string_view::npos)
                return Ok{};
            i = m_scanned = valueEnd;
        }
    }

    InputStream &m_in;
    const std::string &m_file;
    const std::string m_member; // quoted
    Dialect &m_dialect;
    const std::uint64_t m_maxHead;
    std::string m_head;
    std::size_t m_scanned = 0, m_keysBegin = 0, m_arrayStart = 0, m_rescanAt = 0;
    bool m_sawStart = false, m_objectForm = false, m_done = false;
};

/// Reuses chunk buffers: fresh allocations would page-fault their way in every time.
class BufferPool {
public:
    std::unique_ptr<char[]> get(std::size_t bytes)
    {
        std::lock_guard lk(m_mu);
        if (bytes == m_bytes && !m_free.empty()) {
            auto b = std::move(m_free.back());
            m_free.pop_back();
            return b;
        }
        if (bytes != m_bytes) {
            m_free.clear();
            m_bytes = bytes;
        }
        return std::unique_ptr<char[]>(new char[bytes]);
    }
    void put(std::unique_ptr<char[]> b, std::size_t bytes)
    {
        std::lock_guard lk(m_mu);
        if (bytes == m_bytes && m_free.size() < 8)
            m_free.push_back(std::move(b));
    }

private:
    std::mutex m_mu;
    std::vector<std::unique_ptr<char[]>> m_free;
    std::size_t m_bytes = 0;
};

struct Chunk {
    std::unique_ptr<char[]> buf;
    std::size_t bufBytes = 0;     ///< allocation size (for the pool)
    std::size_t len = 0;          ///< bytes of "[...]" starting at buf[0]
    std::uint64_t fileOffset = 0; ///< input offset of buf[1]
    std::size_t index = 0;
    bool checkDepth = false;      ///< an event in it may nest deeper than the limit
};

/// The reader thread's work: cuts the array into chunks of whole events. The buffer holds
/// the text not yet given to a chunk at buf[1...]; buf[0] is reserved for the chunk's '['.
class ChunkCutter {
public:
    /// `maxValueBytes`: a single value (event) larger than this is skipped, not buffered (0: no limit).
    ChunkCutter(InputStream &in, std::size_t chunkBytes, const InputLimits &limits, BufferPool &pool,
                BoundedQueue<Chunk> &queue, OrderedShardMerge &merger)
        : m_in(in), m_cap(std::max<std::size_t>(chunkBytes, 4096)), m_chunkBytes(m_cap),
          m_maxValue(limits.maxJsonValueBytes), m_maxDepth(static_cast<int>(std::min<std::uint32_t>(limits.maxJsonDepth, INT_MAX))),
          m_pool(pool), m_queue(queue), m_merger(merger)
    {
        m_splitter.setDepthLimit(m_maxDepth);
    }

    /// `rest`: what the header scan read past the array start; `offset`: its input offset.
    void run(std::string_view rest, std::uint64_t offset, const ImportContext &ctx,
             const std::function<void(double)> &progress);

    bool arrayClosed() const { return m_arrayClosed; }
    std::string &trailer() { return m_trailer; }
    bool truncated() const { return m_truncated; }
    std::uint64_t truncatedAt() const { return m_truncatedAt; }
    /// Values skipped for their size, and the input offset near the first one's start.
    std::uint64_t oversizeValues() const { return m_oversize; }
    std::uint64_t oversizeAt() const { return m_oversizeAt; }

private:
    bool emit(std::size_t endExclusive);
    bool passBetweenEvents();
    std::size_t leadingBlanks() const;
    void dropScanned(std::size_t endExclusive);
    void startSkipping();
    bool skipOversizeValue();
    void readTrailer(std::size_t closePos);
    void noteRemainder();
    void grow();

    InputStream &m_in;
    std::size_t m_cap;
    const std::size_t m_chunkBytes;
    const std::uint64_t m_maxValue;
    const int m_maxDepth;
    BufferPool &m_pool;
    BoundedQueue<Chunk> &m_queue;
    OrderedShardMerge &m_merger;
    EventSplitter m_splitter;
    std::unique_ptr<char[]> m_buf;
    std::size_t m_used = 1;          // bytes of m_buf in use (m_buf[0] is the reserved '[')
    std::size_t m_scannedTo = 1;     // bytes of m_buf already given to the splitter
    std::size_t m_lastCut = 0;       // just past the last whole event in m_buf (0: none)
    std::uint64_t m_bufOffset = 0;   // input offset of m_buf[1]
    std::size_t m_index = 0;
    bool m_arrayClosed = false, m_truncated = false, m_skipping = false;
    bool m_deepTail = false; // the tail carried to the next chunk may hold a too-deep event
    std::uint64_t m_truncatedAt = 0, m_oversize = 0, m_oversizeAt = 0;
    std::string m_trailer;
};

void ChunkCutter::run(std::string_view rest, std::uint64_t offset, const ImportContext &ctx,
                      const std::function<void(double)> &progress)
{
    // What the header scan read ahead (up to 64 KiB) must fit: below that, the limit on one
    // value is that size.
    if (rest.size() + 1 > m_cap)
        m_cap = rest.size() + m_chunkBytes;
    m_buf = m_pool.get(m_cap + kPad + 1);
    std::memcpy(m_buf.get() + 1, rest.data(), rest.size());
    m_used = 1 + rest.size();
    m_scannedTo = 1;
    m_bufOffset = offset;
    const double total = double(std::max<std::uint64_t>(m_in.compressedSize(), 1));
    bool eof = false;
    while (!ctx.stopRequested()) {
        if (!eof && m_used < m_cap + 1) {
            const std::size_t got = m_in.read(m_buf.get() + m_used, m_cap + 1 - m_used);
            eof = got == 0;
            m_used += got;
        }
        if (m_skipping) {
            if (!skipOversizeValue() && eof)
                break; // the input ends inside the skipped value: it is reported as skipped
            continue;
        }
        const std::size_t stop = m_splitter.scan(m_buf.get() + m_scannedTo, m_used - m_scannedTo);
        // The last event end seen in the buffer, in this scan or an earlier one (a scan that
        // finds no end, e.g. the empty one at the end of the input, must not forget it).
        if (const std::ptrdiff_t lastEnd = m_splitter.lastEventEnd(); lastEnd >= 0)
            m_lastCut = m_scannedTo + static_cast<std::size_t>(lastEnd);
        const std::size_t cut = m_lastCut;
        if (m_splitter.arrayClosed()) {
            // Everything before ']' is events (perhaps with a trailing comma).
            m_arrayClosed = true;
            const std::size_t closePos = m_scannedTo + stop;
            readTrailer(closePos);
            m_used = m_scannedTo = closePos;
            if (closePos > 1)
                emit(closePos);
            break;
        }
        m_scannedTo = m_used;
        if (eof) {
            // Truncated or missing ']': whole events load, the rest is reported.
            if (cut > 1 && !emit(cut))
                break;
            noteRemainder();
            break;
        }
        if (m_used >= m_cap + 1) {
            if (cut > 1) {
                if (!emit(cut))
                    break;
            } else if (m_splitter.depth() == 0 && !m_splitter.inString()) {
                if (!passBetweenEvents()) // a buffer of whitespace between events: never grow for it
                    break;
            } else if (const std::size_t lead = leadingBlanks(); lead > 1) {
                dropScanned(lead); // blanks before an event do not count towards its size
            } else if (m_maxValue && m_cap >= m_maxValue) {
                startSkipping(); // one value larger than the limit
            } else {
                grow(); // one event larger than the buffer
            }
        }
        if (progress)
            progress(std::min(1.0, double(m_in.compressedPosition()) / total));
    }
    m_pool.put(std::move(m_buf), m_cap + kPad + 1);
}

/// Sends m_buf[1, endExclusive) (whole events, maybe with a leading comma) as a chunk and
/// moves the tail to a fresh buffer. False when the queue was closed (cancel).
bool ChunkCutter::emit(std::size_t endExclusive)
{
    const std::size_t tailLen = m_used - endExclusive;
    std::unique_ptr<char[]> next = m_pool.get(m_cap + kPad + 1);
    std::memcpy(next.get() + 1, m_buf.get() + endExclusive, tailLen);
    m_buf[0] = '[';
    for (std::size_t k = 1; k < endExclusive; ++k) { // blank a leading comma
        if (m_buf[k] == ',') {
            m_buf[k] = ' ';
            break;
        }
        if (!isWs(m_buf[k]))
            break;
    }
    m_buf[endExclusive] = ']';
    std::memset(m_buf.get() + endExclusive + 1, ' ', std::min<std::size_t>(kPad - 1, m_cap + kPad - endExclusive));
    Chunk c;
    c.buf = std::move(m_buf);
    c.bufBytes = m_cap + kPad + 1;
    c.len = endExclusive + 1;
    c.fileOffset = m_bufOffset;
    c.index = m_index++;
    // The splitter flags depth per scan, not per event: the flag covers this chunk and the
    // event continued in the next one.
    c.checkDepth = m_deepTail || m_splitter.tooDeep();
    m_deepTail = m_splitter.tooDeep() && tailLen > 0;
    m_splitter.clearTooDeep();
    m_buf = std::move(next);
    m_bufOffset += endExclusive - 1;
    m_used = 1 + tailLen;
    m_scannedTo = m_used; // the tail was already scanned
    m_lastCut = 0;        // the tail holds no whole event
    m_merger.chunkProduced();
    return m_queue.push(std::move(c));
}

/// A full buffer in which no event ended, outside any value: whitespace and commas are dropped
/// (a file padded with gigabytes of blanks must not grow the buffer); anything else (scalar
/// elements) goes to the workers as a chunk, which reports it. False when the queue was closed.
bool ChunkCutter::passBetweenEvents()
{
    for (std::size_t k = 1; k < m_used; ++k)
        if (!isWs(m_buf[k]) && m_buf[k] != ',')
            return emit(m_used);
    dropScanned(m_used);
    return true;
}

/// Index of the first byte in m_buf[1, m_used) that is not whitespace or a comma (1: none skipped).
std::size_t ChunkCutter::leadingBlanks() const
{
    std::size_t k = 1;
    while (k < m_used && (isWs(m_buf[k]) || m_buf[k] == ','))
        ++k;
    return k;
}

/// Drops m_buf[1, endExclusive) (already scanned) and keeps what follows.
void ChunkCutter::dropScanned(std::size_t endExclusive)
{
    const std::size_t tail = m_used - endExclusive;
    std::memmove(m_buf.get() + 1, m_buf.get() + endExclusive, tail);
    m_bufOffset += endExclusive - 1;
    m_used = 1 + tail;
    m_scannedTo = std::min(m_scannedTo, m_used);
    m_lastCut = m_lastCut > endExclusive ? m_lastCut - endExclusive + 1 : 0;
}

/// The buffer holds the start of one value (after the last whole event) and reached the limit
/// on one value's size: it is dropped, and so is the rest of the value as it arrives.
void ChunkCutter::startSkipping()
{
    if (!m_oversize++)
        m_oversizeAt = m_bufOffset;
    m_skipping = true;
    dropScanned(m_used);
}

/// Skipping: scans what was read; when the skipped value ends there, drops it up to its end and
/// returns true (the rest is cut as usual), else drops everything and returns false.
bool ChunkCutter::skipOversizeValue()
{
    const EventSplitter::State before = m_splitter.state();
    const char *data = m_buf.get() + m_scannedTo;
    const std::size_t n = m_used - m_scannedTo;
    m_splitter.scan(data, n);
    const bool ended = m_splitter.eventsEnded() != before.eventsEnded || m_splitter.arrayClosed()
        || (m_splitter.depth() == 0 && !m_splitter.inString());
    if (!ended) {
        dropScanned(m_used);
        return false;
    }
    // Where exactly: walk the bytes from the state before this scan (once per skipped value).
    int depth = before.depth;
    bool inStr = before.inString != 0, esc = (before.prevEscaped & 1) != 0;
    std::size_t end = n;
    for (std::size_t i = 0; i < n; ++i) {
        const char c = data[i];
        if (inStr) {
            if (esc)
                esc = false;
            else if (c == '\\')
                esc = true;
            else if (c == '"') {
                inStr = false;
                if (depth == 0) {
                    end = i + 1;
                    break;
                }
            }
        } else if (c == '"') {
            inStr = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth <= 0) {
                end = depth == 0 ? i + 1 : i; // below 0: the array's ']' follows the value
                break;
            }
        }
    }
    dropScanned(m_scannedTo + end);
    m_scannedTo = 1;
    m_splitter = EventSplitter{}; // between events again
    m_splitter.setDepthLimit(m_maxDepth);
    m_deepTail = false;
    m_skipping = false;
    return true;
}

/// What follows the array's ']' (the rest of the top-level object), kept up to 64 MiB.
void ChunkCutter::readTrailer(std::size_t closePos)
{
    m_trailer.assign(m_buf.get() + closePos + 1, m_used - closePos - 1);
    char tmp[1 << 16];
    for (std::size_t got; (got = m_in.read(tmp, sizeof tmp)) > 0;)
        if (m_trailer.size() < (64u << 20))
            m_trailer.append(tmp, got);
}

/// At the end of the input without ']': anything but whitespace and commas after the last
/// whole event is an incomplete event.
void ChunkCutter::noteRemainder()
{
    const std::string_view rest(m_buf.get() + 1, m_used - 1);
    std::size_t k = 0;
    while (k < rest.size() && (isWs(rest[k]) || rest[k] == ','))
        ++k;
    if (k < rest.size()) {
        m_truncated = true;
        m_truncatedAt = m_bufOffset + k;
    }
}

void ChunkCutter::grow()
{
    std::size_t cap = m_cap * 2;
    if (m_maxValue)
        cap = static_cast<std::size_t>(std::min<std::uint64_t>(cap, std::max<std::uint64_t>(m_maxValue, m_cap + 1)));
    std::unique_ptr<char[]> bigger(new char[cap + kPad + 1]);
    std::memcpy(bigger.get(), m_buf.get(), m_used);
    m_buf.swap(bigger);
    m_cap = cap;
}

} // namespace

Status runJsonEventPipeline(const std::filesystem::path &path, std::uint32_t source, TraceBuilder &builder,
                            const ImportContext &ctx, Dialect &dialect, const PipelineOptions &options,
                            PipelineResult *result)
{
    const std::string file = path.string();
    const InputLimits &limits = ctx.options.limits;
    auto opened = InputStream::open(path, limits);
    if (!opened.ok())
        return opened.error();
    std::unique_ptr<InputStream> in = std::move(opened.value());

    HeaderScanner header(*in, file, options, dialect, limits.maxJsonValueBytes);
    if (Status st = header.scan(ctx); !st.ok())
        return st;

    const unsigned nWorkers = options.threads ? options.threads : model::hardwareThreads();
    std::vector<std::unique_ptr<EventHandler>> handlers;
    for (unsigned w = 0; w < nWorkers; ++w)
        handlers.push_back(dialect.makeHandler());

    const std::size_t queueCap = nWorkers + 1;
    BoundedQueue<Chunk> chunks(queueCap);
    OrderedShardMerge merger;
    BufferPool pool;
    ChunkCutter cutter(*in, options.chunkBytes, limits, pool, chunks, merger);
    std::atomic<std::uint64_t> events{0};

    std::jthread reader([&] {
        const std::string_view rest = std::string_view(header.head()).substr(header.arrayStart());
        cutter.run(rest, header.arrayStart(), ctx, options.progress);
        chunks.finish();
        merger.readerFinished();
    });
    // The reader (decompression and cutting) is one thread that every chunk waits for. Where
    // the workers and the reader together outnumber the cores, the workers that would share a
    // core with it take chunks only from a backlog, so the reader keeps a core to itself while
    // it is the bottleneck (a compressed input on two cores) and all workers run while it is
    // ahead (a plain file).
    const unsigned cores = model::hardwareThreads();
    std::vector<std::jthread> workers;
    for (unsigned w = 0; w < nWorkers; ++w) {
        const std::size_t minQueued = std::min<std::size_t>(1 + (w + 2 > cores ? w + 2 - cores : 0), queueCap);
        workers.emplace_back([&, w, minQueued] {
            ChunkParser parser(source, file, options.collectOtherMembers, limits.maxJsonDepth);
            std::uint64_t parsed = 0;
            while (auto c = chunks.pop(minQueued)) {
                if (ctx.stopRequested())
                    continue;
                BuilderShard shard = parser.parse(c->buf.get(), c->len, c->fileOffset, *handlers[w], parsed, c->checkDepth);
                pool.put(std::move(c->buf), c->bufBytes);
                std::vector<BuilderShard> more;
                handlers[w]->takeOtherShards(more);
                merger.deliver(c->index, std::move(shard), std::move(more));
            }
            events += parsed;
        });
    }

    // Ordered merge on this thread.
    if (!merger.mergeInOrder(builder, ctx))
        chunks.close();
    reader.join();
    chunks.finish();
    for (auto &w : workers)
        w.join();
    if (ctx.stopRequested())
        return Canceled{};

    if (!cutter.trailer().empty())
        reportMembers(cutter.trailer(), dialect);
    if (cutter.oversizeValues())
        builder.diagnostics().add(DiagKind::InputLimit, file, cutter.oversizeAt(),
                                  "a JSON value larger than " + std::to_string(limits.maxJsonValueBytes >> 20)
                                      + " MiB (the limit on one JSON value) was skipped, not loaded",
                                  cutter.oversizeValues());
    if (!in->limitMessage().empty())
        builder.diagnostics().add(DiagKind::InputLimit, file, in->position(), in->limitMessage());
    else if (cutter.truncated())
        builder.diagnostics().add(DiagKind::TruncatedInput, file, cutter.truncatedAt(),
                                  in->error().empty() ? std::string("incomplete event at the end of the input")
                                                      : in->error());
    else if (!in->error().empty())
        builder.diagnostics().add(DiagKind::DecompressionError, file, in->position(), in->error());
    dialect.finish(handlers);
    if (result) {
        result->events = events;
        result->objectForm = header.objectForm();
        result->arrayClosed = cutter.arrayClosed();
    }
    return Ok{};
}

} // namespace accelscope::importers::json
