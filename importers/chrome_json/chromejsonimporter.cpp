#include "chromejsonimporter.h"

#include "chromejsonparser.h"
#include "eventsplitter.h"
#include "importers/common/inputstream.h"
#include "importers/common/orderedmerge.h"
#include "model/timeparse.h"

#include <simdjson.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <regex>
#include <thread>

namespace accelscope::importers::chrome {

using namespace accelscope::model;

namespace {

bool isWs(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

/// Skips one JSON value starting at text[i] (scalar scan; used for the small header/trailer).
/// Returns the index past it, or npos when the text ends first.
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
                return i; // end of enclosing container
        } else if (depth == 0 && (c == ',' || isWs(c)))
            return i;
    }
    return std::string_view::npos;
}

std::size_t skipString(std::string_view t, std::size_t i)
{
    // t[i] == '"'
    bool esc = false;
    for (++i; i < t.size(); ++i) {
        if (esc) esc = false;
        else if (t[i] == '\\') esc = true;
        else if (t[i] == '"') return i + 1;
    }
    return std::string_view::npos;
}

/// Reuses chunk buffers: fresh 16 MiB allocations would page-fault their way in every time.
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
    std::size_t bufBytes = 0;     // allocation size (for the pool)
    std::size_t len = 0;          // bytes of "[...]" starting at buf[0]
    std::uint64_t fileOffset = 0; // input offset of buf[1]
    std::size_t index = 0;
};


/// Parses "key": value pairs of the top-level object into metadata (raw JSON text).
void parseMembers(std::string_view text, std::vector<std::pair<std::string, std::string>> &out)
{
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (isWs(text[i]) || text[i] == ',' || text[i] == '{' || text[i] == '}'))
            ++i;
        if (i >= text.size() || text[i] != '"')
            return;
        const std::size_t ke = skipString(text, i);
        if (ke == std::string_view::npos)
            return;
        std::string key(text.substr(i + 1, ke - i - 2));
        i = ke;
        while (i < text.size() && isWs(text[i]))
            ++i;
        if (i >= text.size() || text[i] != ':')
            return;
        ++i;
        while (i < text.size() && isWs(text[i]))
            ++i;
        const std::size_t ve = skipValue(text, i);
        if (ve == std::string_view::npos)
            return;
        std::string raw(text.substr(i, ve - i));
        // Store compact JSON.
        std::string minified(raw.size(), '\0');
        std::size_t n = 0;
        if (simdjson::minify(raw.data(), raw.size(), minified.data(), n) == simdjson::SUCCESS)
            raw.assign(minified.data(), n);
        out.emplace_back(std::move(key), std::move(raw));
        i = ve;
    }
}

} // namespace

Confidence ChromeJsonImporter::probe(const Source &src) const
{
    if (src.isDirectory)
        return Confidence::No;
    std::string_view h = src.head;
    std::size_t i = 0;
    if (h.size() >= 3 && static_cast<unsigned char>(h[0]) == 0xEF && static_cast<unsigned char>(h[1]) == 0xBB)
        i = 3; // UTF-8 BOM
    while (i < h.size() && isWs(h[i]))
        ++i;
    if (i >= h.size())
        return Confidence::No;
    if (h[i] == '[') {
        // An array of objects with "ph" or "name"... or an empty/truncated array.
        if (h.find("\"ph\"") != std::string_view::npos)
            return Confidence::Certain;
        return Confidence::Maybe;
    }
    if (h[i] == '{') {
        if (h.find("\"traceEvents\"") != std::string_view::npos)
            return Confidence::Certain;
        if (h.find("\"ph\"") != std::string_view::npos)
            return Confidence::Likely;
        return Confidence::Maybe;
    }
    return Confidence::No;
}

model::Status ChromeJsonImporter::import(const Source &src, TraceBuilder &builder, ImportContext &ctx)
{
    const std::string file = src.path.string();
    auto opened = InputStream::open(src.path);
    if (!opened.ok())
        return opened.error();
    std::unique_ptr<InputStream> in = std::move(opened.value());

    SourceInfo info;
    info.path = file;
    info.format = std::string(name());
    info.timeUnit = "us";
    info.rank = src.rank;
    const std::uint32_t sourceIndex = builder.addSource(info);

    constexpr std::size_t kPad = simdjson::SIMDJSON_PADDING + 64;
    const std::size_t chunkBytes = std::max<std::size_t>(this->chunkBytes, 4096);

    // ---- Header: read until the events array starts.
    std::string head;
    std::size_t arrayStart = std::string::npos; // index of the first byte inside the array
    bool objectForm = false;
    std::vector<std::pair<std::string, std::string>> metadata;
    {
        std::size_t scanned = 0;
        std::size_t keysBegin = 0;
        bool sawStart = false;
        for (;;) {
            const std::size_t old = head.size();
            head.resize(old + (1 << 16));
            const std::size_t got = in->read(head.data() + old, 1 << 16);
            head.resize(old + got);
            std::size_t i = scanned;
            if (!sawStart) {
                if (i == 0 && head.size() >= 3 && static_cast<unsigned char>(head[0]) == 0xEF
                    && static_cast<unsigned char>(head[1]) == 0xBB && static_cast<unsigned char>(head[2]) == 0xBF)
                    i = 3;
                while (i < head.size() && isWs(head[i]))
                    ++i;
                if (i < head.size()) {
                    sawStart = true;
                    if (head[i] == '[') {
                        arrayStart = i + 1;
                        break;
                    }
                    if (head[i] != '{')
                        return ImportError{file, i, false, "not a JSON trace: expected '[' or '{' at the start"};
                    objectForm = true;
                    keysBegin = i + 1;
                    i = keysBegin;
                }
            }
            if (objectForm) {
                // Walk members until "traceEvents": [
                std::string_view t(head);
                bool needMore = false;
                while (!needMore) {
                    while (i < t.size() && (isWs(t[i]) || t[i] == ','))
                        ++i;
                    if (i >= t.size()) {
                        needMore = true;
                        break;
                    }
                    if (t[i] == '}') {
                        // Object without traceEvents.
                        parseMembers(t.substr(keysBegin, i - keysBegin), metadata);
                        arrayStart = std::string::npos;
                        goto headerDone;
                    }
                    if (t[i] != '"')
                        return ImportError{file, i, false, "malformed JSON: expected a member name"};
                    const std::size_t ke = skipString(t, i);
                    if (ke == std::string_view::npos) {
                        needMore = true;
                        break;
                    }
                    const bool isEvents = t.substr(i, ke - i) == "\"traceEvents\"";
                    std::size_t j = ke;
                    while (j < t.size() && isWs(t[j]))
                        ++j;
                    if (j >= t.size()) {
                        needMore = true;
                        break;
                    }
                    if (t[j] != ':')
                        return ImportError{file, j, false, "malformed JSON: expected ':' after a member name"};
                    ++j;
                    while (j < t.size() && isWs(t[j]))
                        ++j;
                    if (j >= t.size()) {
                        needMore = true;
                        break;
                    }
                    if (isEvents) {
                        if (t[j] != '[')
                            return ImportError{file, j, false, "\"traceEvents\" is not an array"};
                        parseMembers(t.substr(keysBegin, i - keysBegin), metadata);
                        arrayStart = j + 1;
                        goto headerDone;
                    }
                    const std::size_t ve = skipValue(t, j);
                    if (ve == std::string_view::npos) {
                        needMore = true;
                        break;
                    }
                    i = ve;
                    scanned = i;
                }
            }
            if (got == 0) {
                if (!sawStart)
                    return ImportError{file, 0, false, head.empty() ? "the file is empty" : "no JSON content"};
                return ImportError{file, head.size(), false,
                                   in->error().empty() ? "the file ends before the traceEvents array"
                                                       : in->error()};
            }
            if (head.size() > (256u << 20))
                return ImportError{file, head.size(), false, "no traceEvents array in the first 256 MiB"};
            if (ctx.stopRequested())
                return Canceled{};
        }
    }
headerDone:
    const std::uint64_t totalSize = std::max<std::uint64_t>(in->compressedSize(), 1);

    // Apply header metadata (rank, etc.) early so shards know nothing about it.
    auto applyMetadata = [&](const std::vector<std::pair<std::string, std::string>> &md) {
        SourceInfo &si = builder.source(sourceIndex);
        for (const auto &[k, v] : md) {
            si.metadata.emplace_back(k, v);
            if (k == "distributedInfo" && si.rank < 0) {
                static const std::regex rankRe("\"rank\"\\s*:\\s*(-?\\d+)");
                std::smatch m;
                if (std::regex_search(v, m, rankRe))
                    si.rank = std::stoi(m[1].str());
            }
        }
    };
    applyMetadata(metadata);
    if (arrayStart == std::string::npos)
        return ImportError{file, 0, false, "the JSON object has no \"traceEvents\" array"};

    // ---- Pipeline: reader/splitter (this function's helper thread), workers, ordered merge.
    const unsigned nWorkers = workerThreads ? workerThreads : std::max(1u, std::thread::hardware_concurrency());
    BoundedQueue<Chunk> chunks(nWorkers + 1);
    OrderedShardMerge merger;
    std::string trailer;
    std::uint64_t remainderPos = 0;
    std::string remainder;
    bool arrayClosed = false;
    std::string readError;
    std::atomic<std::uint64_t> eventsSeen{0};

    BufferPool pool;
    std::jthread reader([&](std::stop_token) {
        EventSplitter splitter;
        // `pending` holds text not yet given to a chunk, starting inside the array.
        std::size_t cap = chunkBytes;
        std::unique_ptr<char[]> buf = pool.get(cap + kPad + 1);
        std::size_t used = 1; // buf[0] reserved for '['
        std::uint64_t bufOffset = arrayStart; // input offset of buf[1]
        std::size_t scannedTo = 1;
        // seed with what the header read past the array start
        {
            const std::string_view rest = std::string_view(head).substr(arrayStart);
            if (rest.size() + 1 + kPad > cap + kPad + 1) {
                cap = rest.size() + chunkBytes;
                std::unique_ptr<char[]> nb(new char[cap + kPad + 1]);
                buf.swap(nb);
            }
            std::memcpy(buf.get() + 1, rest.data(), rest.size());
            used = 1 + rest.size();
        }
        bool eof = false;
        std::size_t index = 0;
        auto emit = [&](std::size_t endExclusive) -> bool {
            // buf[1, endExclusive) holds whole events (possibly with a leading comma).
            Chunk c;
            const std::size_t tailLen = used - endExclusive;
            std::unique_ptr<char[]> next = pool.get(cap + kPad + 1);
            std::memcpy(next.get() + 1, buf.get() + endExclusive, tailLen);
            buf[0] = '[';
            // blank a leading comma
            for (std::size_t k = 1; k < endExclusive; ++k) {
                if (buf[k] == ',') {
                    buf[k] = ' ';
                    break;
                }
                if (!isWs(buf[k]))
                    break;
            }
            buf[endExclusive] = ']';
            std::memset(buf.get() + endExclusive + 1, ' ', std::min<std::size_t>(kPad - 1, cap + kPad - endExclusive));
            c.buf = std::move(buf);
            c.bufBytes = cap + kPad + 1;
            c.len = endExclusive + 1;
            c.fileOffset = bufOffset;
            c.index = index++;
            buf = std::move(next);
            bufOffset += endExclusive - 1;
            used = 1 + tailLen;
            scannedTo = used; // the tail was already scanned
            merger.chunkProduced();
            return chunks.push(std::move(c));
        };
        while (!arrayClosed) {
            if (ctx.stopRequested())
                break;
            // fill
            if (!eof && used < cap + 1) {
                const std::size_t got = in->read(buf.get() + used, cap + 1 - used);
                if (got == 0)
                    eof = true;
                used += got;
            }
            // scan new bytes
            const std::size_t stop = splitter.scan(buf.get() + scannedTo, used - scannedTo);
            const std::ptrdiff_t lastEnd = splitter.lastEventEnd();
            std::size_t cut = lastEnd >= 0 ? scannedTo + static_cast<std::size_t>(lastEnd) : 0;
            if (splitter.arrayClosed()) {
                arrayClosed = true;
                const std::size_t closePos = scannedTo + stop;
                trailer.assign(buf.get() + closePos + 1, used - closePos - 1);
                // read the rest of the input as trailer
                char tmp[1 << 16];
                for (std::size_t got; (got = in->read(tmp, sizeof tmp)) > 0;) {
                    if (trailer.size() < (64u << 20))
                        trailer.append(tmp, got);
                }
                used = closePos; // everything before ']' are events (maybe a trailing comma/ws)
                cut = closePos;
                scannedTo = used;
                // Check nothing but whitespace/comma remains between the last event and ']'.
                if (cut > 1 && !emit(cut))
                    break;
                break;
            }
            scannedTo = used;
            if (eof) {
                // Truncated or missing ']': keep whole events, report the rest.
                if (cut > 1) {
                    if (!emit(cut))
                        break;
                }
                std::string_view rest(buf.get() + 1, used - 1);
                std::size_t k = 0;
                while (k < rest.size() && (isWs(rest[k]) || rest[k] == ','))
                    ++k;
                if (k < rest.size()) {
                    remainder.assign(rest.substr(k, 200));
                    remainderPos = bufOffset + k;
                }
                break;
            }
            if (used >= cap + 1) {
                if (cut > 1) {
                    if (!emit(cut))
                        break;
                } else {
                    // One event larger than the buffer: grow it.
                    cap *= 2;
                    std::unique_ptr<char[]> nb(new char[cap + kPad + 1]);
                    std::memcpy(nb.get(), buf.get(), used);
                    buf.swap(nb);
                }
            }
            ctx.report(Stage::Parsing, std::min(1.0, double(in->compressedPosition()) / double(totalSize)));
        }
        readError = in->error();
        chunks.finish();
        merger.readerFinished();
    });

    std::vector<std::jthread> workers;
    for (unsigned w = 0; w < nWorkers; ++w) {
        workers.emplace_back([&, w](std::stop_token) {
            ChunkParser parser(sourceIndex, file);
            while (auto c = chunks.pop()) {
                if (ctx.stopRequested())
                    continue;
                ChunkStats st;
                BuilderShard shard = parser.parse(c->buf.get(), c->len, c->fileOffset, st);
                pool.put(std::move(c->buf), c->bufBytes);
                eventsSeen += st.events;
                merger.deliver(c->index, std::move(shard));
            }
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

    if (!trailer.empty()) {
        std::vector<std::pair<std::string, std::string>> md;
        parseMembers(trailer, md);
        applyMetadata(md);
    }
    if (!remainder.empty()) {
        builder.diagnostics().add(DiagKind::TruncatedInput, file, remainderPos,
                                  readError.empty() ? std::string("incomplete event at the end of the input")
                                                    : readError);
    } else if (!readError.empty()) {
        builder.diagnostics().add(DiagKind::DecompressionError, file, in->position(), readError);
    }
    if (!objectForm && !arrayClosed && remainder.empty()) {
        // A missing ']' in array form is legal (tools stop mid-write): nothing to report.
    }
    lastEventCount = eventsSeen;
    return Ok{};
}

} // namespace accelscope::importers::chrome
