#include "aiureader.h"

#include "importers/common/jsondialect.h"

#include <simdjson.h>

#include <sys/mman.h>

#include <algorithm>
#include <charconv>
#include <cstring>

namespace accelscope::importers::aiu {

using namespace accelscope::model;

namespace {

bool isWs(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

AiuPhase phaseFromName(std::string_view name)
{
    if (name.ends_with(" DmaI"))
        return AiuPhase::DmaIn;
    if (name.ends_with(" Cmpt Prep"))
        return AiuPhase::ComputePrep;
    if (name.ends_with(" Cmpt Exec"))
        return AiuPhase::ComputeExec;
    if (name.ends_with(" DmaO"))
        return AiuPhase::DmaOut;
    return AiuPhase::WholeBlock;
}

bool parseDouble(std::string_view s, double &out)
{
    if (s.empty())
        return false;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

/// Appends the code point `cp` as UTF-8.
void appendUtf8(std::string &out, std::uint32_t cp)
{
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | cp >> 6);
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | cp >> 12);
        out += static_cast<char>(0x80 | (cp >> 6 & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | cp >> 18);
        out += static_cast<char>(0x80 | (cp >> 12 & 0x3F));
        out += static_cast<char>(0x80 | (cp >> 6 & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

bool hex4(std::string_view s, std::size_t i, std::uint32_t &out)
{
    if (i + 4 > s.size())
        return false;
    return std::from_chars(s.data() + i, s.data() + i + 4, out, 16).ptr == s.data() + i + 4;
}

/// The decoded text of a JSON string's contents (between the quotes); `buf` holds it when it
/// had escapes. Lone surrogates become U+FFFD.
std::string_view unescape(std::string_view raw, std::string &buf)
{
    if (raw.find('\\') == std::string_view::npos)
        return raw;
    buf.clear();
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '\\' || i + 1 >= raw.size()) {
            buf += raw[i];
            continue;
        }
        const char c = raw[++i];
        switch (c) {
        case 'b': buf += '\b'; break;
        case 'f': buf += '\f'; break;
        case 'n': buf += '\n'; break;
        case 'r': buf += '\r'; break;
        case 't': buf += '\t'; break;
        case 'u': {
            std::uint32_t cp = 0, low = 0;
            if (!hex4(raw, i + 1, cp)) {
                buf += c;
                break;
            }
            i += 4;
            if (cp >= 0xD800 && cp < 0xDC00 && i + 6 < raw.size() && raw[i + 1] == '\\' && raw[i + 2] == 'u'
                && hex4(raw, i + 3, low) && low >= 0xDC00 && low < 0xE000) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                i += 6;
            } else if (cp >= 0xD800 && cp < 0xE000) {
                cp = 0xFFFD;
            }
            appendUtf8(buf, cp);
            break;
        }
        default: buf += c; break; // \" \\ \/
        }
    }
    return buf;
}

/// Index past the JSON string whose opening quote is t[i]; t.size() when it does not close.
std::size_t skipString(std::string_view t, std::size_t i)
{
    for (++i; i < t.size(); ++i) {
        if (t[i] == '\\')
            ++i;
        else if (t[i] == '"')
            return i + 1;
    }
    return t.size();
}

/// Index past the JSON value starting at t[i] (text simdjson has checked for structure).
std::size_t skipValue(std::string_view t, std::size_t i)
{
    if (i >= t.size())
        return i;
    if (t[i] == '"')
        return skipString(t, i);
    if (t[i] == '{' || t[i] == '[') {
        int depth = 0;
        for (; i < t.size(); ++i) {
            const char c = t[i];
            if (c == '"')
                i = skipString(t, i) - 1;
            else if (c == '{' || c == '[')
                ++depth;
            else if ((c == '}' || c == ']') && --depth == 0)
                return i + 1;
        }
        return t.size();
    }
    while (i < t.size() && t[i] != ',' && t[i] != '}' && t[i] != ']' && !isWs(t[i]))
        ++i;
    return i;
}

std::size_t skipWs(std::string_view t, std::size_t i)
{
    while (i < t.size() && isWs(t[i]))
        ++i;
    return i;
}

/// Calls fn(rawKey, rawValue) for each member of the JSON object text `obj` (already checked
/// by simdjson as part of its chunk): keys without quotes and undecoded, values as raw text.
template <typename F>
void forEachMember(std::string_view obj, F &&fn)
{
    std::size_t i = skipWs(obj, 0);
    if (i >= obj.size() || obj[i] != '{')
        return;
    i = skipWs(obj, i + 1);
    while (i < obj.size() && obj[i] == '"') {
        const std::size_t keyEnd = skipString(obj, i);
        const std::string_view key = obj.substr(i + 1, keyEnd - i - 2);
        i = skipWs(obj, keyEnd);
        if (i >= obj.size() || obj[i] != ':')
            return;
        i = skipWs(obj, i + 1);
        const std::size_t valueEnd = skipValue(obj, i);
        fn(key, obj.substr(i, valueEnd - i));
        i = skipWs(obj, valueEnd);
        if (i >= obj.size() || obj[i] != ',')
            return;
        i = skipWs(obj, i + 1);
    }
}

bool isStringValue(std::string_view v) { return v.size() >= 2 && v.front() == '"'; }

/// A raw value (number or numeric string) as an unsigned 64-bit value.
bool valueAsUnsigned(std::string_view v, std::string &buf, std::uint64_t &out)
{
    if (isStringValue(v))
        return parseStampText(unescape(v.substr(1, v.size() - 2), buf), out);
    if (v.empty() || v[0] == '-')
        return false;
    const auto r = std::from_chars(v.data(), v.data() + v.size(), out);
    if (r.ec == std::errc() && r.ptr == v.data() + v.size())
        return true;
    double d = 0;
    if (!parseDouble(v, d) || !(d >= 0) || d >= 1.8e19)
        return false;
    out = static_cast<std::uint64_t>(d);
    return true;
}

bool isNumberValue(std::string_view v) { return !v.empty() && (v[0] == '-' || (v[0] >= '0' && v[0] <= '9')); }

/// What one chunk of the file gave: its events with string ids of a pool of its own (the
/// handlers of several threads cannot share one), and its counted problems.
struct ChunkEvents {
    std::uint64_t firstPosition = 0; ///< orders the chunks (file order)
    std::vector<AiuEvent> events;
    AiuStrings strings;
    // Unusable stamps: one diagnostic per file naming the first event, made in file order.
    std::uint64_t badStamps = 0, firstBadStampAt = 0;
    std::string firstBadStampName;
};

class AiuEventHandler final : public json::EventHandler {
public:
    AiuEventHandler(std::string file, std::uint32_t fileIndex, std::size_t chunkBytes)
        : m_file(std::move(file)), m_fileIndex(fileIndex), m_expectedEvents(chunkBytes / 160 + 16)
    {
    }

    void beginChunk(BuilderShard &) override
    {
        // A restarted chunk starts over: nothing of the first attempt is kept.
        m_chunk = std::make_unique<ChunkEvents>();
        m_chunk->events.reserve(m_expectedEvents); // Flex events take 160-250 bytes: no regrowth
        m_missing = 0;
        m_lastName.clear();
        m_lastNameId = 0;
    }

    void handle(const json::RawEvent &raw, std::uint64_t pos) override;

    void endChunk(BuilderShard &shard) override
    {
        auto &diags = shard.diagnostics();
        diags.add(DiagKind::MissingField, m_file, m_missingAt, "ph, ts, pid or name", m_missing);
        if (!m_chunk->events.empty())
            m_done.push_back(std::move(m_chunk));
        m_chunk.reset();
    }

    std::vector<std::unique_ptr<ChunkEvents>> &done() { return m_done; }

private:
    void readArgs(std::string_view obj, AiuEvent &e, bool &anyStamp, int &stampsOk);
    void appendExtra(std::string_view key, std::string_view value);

    std::string m_file;
    std::uint32_t m_fileIndex;
    std::size_t m_expectedEvents;
    std::unique_ptr<ChunkEvents> m_chunk;
    std::vector<std::unique_ptr<ChunkEvents>> m_done;
    std::uint64_t m_missing = 0, m_missingAt = 0;
    std::string m_lastName; // names repeat in runs: compared before the pool's hash lookup
    std::uint32_t m_lastNameId = 0;
    std::string m_extra, m_unescaped;
    json::ArgsMinifier m_minifier;
};

void AiuEventHandler::appendExtra(std::string_view key, std::string_view value)
{
    if (!m_extra.empty())
        m_extra += ',';
    m_extra += '"';
    m_extra += key;
    m_extra += "\":";
    if (!value.empty() && (value[0] == '{' || value[0] == '['))
        m_extra += m_minifier.minify(value);
    else
        m_extra += value;
}

void AiuEventHandler::readArgs(std::string_view obj, AiuEvent &e, bool &anyStamp, int &stampsOk)
{
    AiuStrings &strings = m_chunk->strings;
    forEachMember(obj, [&](std::string_view k, std::string_view v) {
        if (k.size() == 3 && k[0] == 'T' && k[1] == 'S' && k[2] >= '1' && k[2] <= '5') {
            anyStamp = true;
            if (valueAsUnsigned(v, m_unescaped, e.stamp[k[2] - '1']))
                ++stampsOk;
            return;
        }
        if (k == "Power") {
            std::uint64_t pw = 0;
            if (valueAsUnsigned(v, m_unescaped, pw)) {
                e.power = static_cast<std::uint32_t>(pw);
                e.flags |= kAiuHasPower;
            }
            return;
        }
        if (k == "Bytes" || k == "bytes") {
            if (valueAsUnsigned(v, m_unescaped, e.bytes))
                e.flags |= kAiuHasBytes;
            return;
        }
        const bool str = isStringValue(v);
        const std::string_view text = str ? unescape(v.substr(1, v.size() - 2), m_unescaped) : std::string_view();
        if (k == "CollGroup" && str) {
            e.collGroup = strings.intern(text);
            return;
        }
        if ((k == "Peer" || k == "Peers") && (str || isNumberValue(v))) {
            e.peers = strings.intern(str ? text : v);
            return;
        }
        if (k == "Type" && str) {
            e.type = strings.intern(text);
            return;
        }
        appendExtra(k, v);
    });
}

void AiuEventHandler::handle(const json::RawEvent &raw, std::uint64_t pos)
{
    if (m_chunk->events.empty())
        m_chunk->firstPosition = pos;
    AiuStrings &strings = m_chunk->strings;
    AiuEvent e;
    e.position = pos;
    e.source = m_fileIndex;
    const bool hasTs = raw.hasTs && parseDouble(raw.tsText, e.ts);
    // ph 0: absent, '?': empty text.
    if (raw.ph == 0 || raw.ph == '?' || !hasTs || !raw.hasPid || !raw.hasName || raw.name.empty()) {
        if (raw.ph != 'M' && !m_missing++)
            m_missingAt = pos;
        return;
    }
    if (raw.ph == 'M')
        return;
    e.ph = raw.ph;
    if (raw.hasDur && !parseDouble(raw.durText, e.dur))
        e.dur = 0;
    if (raw.pidIsString) {
        e.pid = 100000 + strings.intern(raw.pidStr);
        e.flags |= kAiuStringPid;
    } else {
        e.pid = raw.pid;
    }
    if (raw.hasTid) {
        if (raw.tidIsString) {
            e.tid = 1u << 30 | strings.intern(raw.tidStr);
            e.flags |= kAiuStringTid;
        } else {
            e.tid = static_cast<std::uint64_t>(raw.tid); // unsigned above INT64_MAX: the same bits
        }
    }
    const std::string_view name = raw.name;
    if (name != m_lastName) {
        m_lastNameId = strings.intern(name);
        m_lastName.assign(name);
    }
    e.name = e.origName = m_lastNameId;
    e.cat = raw.cat.empty() ? 0 : strings.intern(raw.cat);

    bool anyStamp = false;
    int stampsOk = 0;
    m_extra.clear();
    // Flex device events keep their stamps in "attr", other events in "args"; both are read.
    if (!raw.attr.empty())
        readArgs(raw.attr, e, anyStamp, stampsOk);
    if (!raw.args.empty())
        readArgs(raw.args, e, anyStamp, stampsOk);
    // Unknown members of the event (e.g. "comment") go into args, as acelyzer does; "tts" is
    // bookkeeping of the source and not carried.
    for (std::size_t i = 0; i < raw.otherMemberCount; ++i) {
        const json::RawMember &m = raw.otherMembers[i];
        if (m.key != "tts")
            appendExtra(m.key, m.json);
    }
    e.extraArgs = m_extra.empty() ? 0 : strings.intern(m_extra);

    if (anyStamp) {
        e.phase = phaseFromName(name);
        if (stampsOk == 5) {
            e.flags |= kAiuHasStamps;
        } else {
            e.flags |= kAiuBadStamp;
            if (!m_chunk->badStamps++) {
                m_chunk->firstBadStampAt = pos;
                m_chunk->firstBadStampName.assign(name);
            }
        }
    }
    if (name == "AIU Roundtrip")
        e.flags |= kAiuRoundtrip;
    m_chunk->events.push_back(e);
}

/// Reserves room for `count` events. The buffer of a large file is hundreds of MB: with
/// transparent huge pages filling it costs one page fault per 2 MB instead of one per 4 KB
/// (where the kernel gives them only on request, "madvise" mode).
void reserveEvents(std::vector<AiuEvent> &events, std::size_t count)
{
    events.reserve(count);
    constexpr std::uintptr_t kHugePage = 2u << 20;
    const std::size_t size = events.capacity() * sizeof(AiuEvent);
    if (size < 8 * kHugePage)
        return;
    const auto start = reinterpret_cast<std::uintptr_t>(events.data());
    const std::uintptr_t begin = (start + kHugePage - 1) & ~(kHugePage - 1), end = (start + size) & ~(kHugePage - 1);
    if (end > begin)
        (void)madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE); // a hint: failure changes nothing
}

/// The pipeline's chunk size for AIU files (its default).
constexpr std::size_t kChunkBytes = 1u << 20;

class AiuJsonDialect final : public json::Dialect {
public:
    AiuJsonDialect(std::string file, std::uint32_t fileIndex, AiuStrings &strings, DiagnosticSink &diags,
                   AiuFileRead &out)
        : m_file(std::move(file)), m_fileIndex(fileIndex), m_strings(strings), m_diags(diags), m_out(out)
    {
    }
    std::unique_ptr<json::EventHandler> makeHandler() override
    {
        return std::make_unique<AiuEventHandler>(m_file, m_fileIndex, kChunkBytes);
    }
    void topLevelMember(std::string_view key, std::string_view rawJson) override
    {
        if (key == "deviceProperties") {
            m_out.dialect = AiuDialect::Torch;
        } else if (key == "distributedInfo") {
            simdjson::dom::parser parser;
            simdjson::dom::element info;
            std::int64_t r = -1;
            if (!parser.parse(rawJson.data(), rawJson.size()).get(info) && !info["rank"].get_int64().get(r) && r >= 0
                && r < (1 << 20))
                m_out.rank = static_cast<std::int32_t>(r);
        } else if (key == "otherData") {
            m_out.processedByAcelyzer = rawJson.find("Acelyzer") != std::string_view::npos;
        }
    }
    void finish(std::vector<std::unique_ptr<json::EventHandler>> &handlers) override;

private:
    std::string m_file;
    std::uint32_t m_fileIndex;
    AiuStrings &m_strings;
    DiagnosticSink &m_diags; ///< the builder's: finish() runs on the calling thread
    AiuFileRead &m_out;
};

void AiuJsonDialect::finish(std::vector<std::unique_ptr<json::EventHandler>> &handlers)
{
    // The chunks in file order, their strings moved into the import's pool.
    std::vector<std::unique_ptr<ChunkEvents>> chunks;
    std::size_t total = 0;
    for (auto &h : handlers)
        for (auto &c : static_cast<AiuEventHandler &>(*h).done()) {
            total += c->events.size();
            chunks.push_back(std::move(c));
        }
    std::sort(chunks.begin(), chunks.end(),
              [](const auto &a, const auto &b) { return a->firstPosition < b->firstPosition; });
    std::vector<AiuEvent> &events = m_out.events;
    reserveEvents(events, events.size() + total);
    std::vector<std::uint32_t> map;
    std::uint64_t badStamps = 0, firstBadStampAt = 0;
    std::string firstBadStampName;
    for (auto &c : chunks) {
        if (c->badStamps && !badStamps) {
            firstBadStampAt = c->firstBadStampAt;
            firstBadStampName = c->firstBadStampName;
        }
        badStamps += c->badStamps;
        map.resize(c->strings.size());
        for (std::uint32_t i = 0; i < c->strings.size(); ++i)
            map[i] = m_strings.intern(c->strings[i]);
        for (AiuEvent &e : c->events) {
            for (std::uint32_t *id : {&e.name, &e.origName, &e.cat, &e.collGroup, &e.peers, &e.type, &e.extraArgs})
                *id = map[*id];
            if (e.flags & kAiuStringPid)
                e.pid = 100000 + map[static_cast<std::size_t>(e.pid - 100000)];
            if (e.flags & kAiuStringTid)
                e.tid = 1u << 30 | map[e.tid & ((1u << 30) - 1)];
            events.push_back(e);
        }
        c.reset(); // free each chunk's events once copied
    }
    if (badStamps)
        m_diags.add(DiagKind::AiuBadStamp, m_file, firstBadStampAt, "first: " + firstBadStampName, badStamps);
    if (m_out.dialect == AiuDialect::Torch) {
        // torch-spyre (known from the top-level members, which may follow the events): device
        // kernels are the cat "kernel"/"gpu*" events; they carry no stamps.
        const std::uint32_t kernel = m_strings.intern("kernel");
        for (AiuEvent &e : events) {
            if (e.cat == kernel)
                e.phase = AiuPhase::ComputeExec;
            else if (m_strings[e.cat].rfind("gpu", 0) == 0)
                e.phase = AiuPhase::WholeBlock;
            else
                e.phase = AiuPhase::Host;
        }
    }
}

} // namespace

bool parseStampText(std::string_view s, std::uint64_t &out)
{
    while (!s.empty() && isWs(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isWs(s.back()))
        s.remove_suffix(1);
    int base = 10;
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s.remove_prefix(2);
    }
    if (s.empty())
        return false;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out, base);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

int aiuContentScore(std::string_view head)
{
    if (head.find("Acelyzer: Trace Post-Processing Tool") != std::string_view::npos)
        return 0; // already processed by acelyzer: a plain Chrome trace now
    int score = 0;
    const bool stamps = head.find("\"TS1\"") != std::string_view::npos && head.find("\"TS5\"") != std::string_view::npos;
    if (stamps)
        score += 2;
    if (head.find("\"attr\"") != std::string_view::npos && stamps)
        score += 2;
    for (std::string_view marker : {" Cmpt Exec\"", " Cmpt Prep\"", " DmaI\"", " DmaO\"", "\"Flex RoundTrip\"", "\"AIU Roundtrip\""})
        if (head.find(marker) != std::string_view::npos) {
            score += 1;
            break;
        }
    // torch-spyre profiler: the runtime's aiu* calls next to the PyTorch profiler's header.
    if (head.find("\"deviceProperties\"") != std::string_view::npos
        && (head.find("\"aiuLaunchControlBlocks\"") != std::string_view::npos || head.find("\"aiuScheduleWait\"") != std::string_view::npos
            || head.find("\"aiuGraphExecution\"") != std::string_view::npos || head.find("\"aiuSuperNodeExecution\"") != std::string_view::npos))
        score += 3;
    return score;
}

Status readAiuEvents(const std::filesystem::path &file, std::uint32_t fileIndex, AiuStrings &strings, TraceBuilder &builder,
                     const ImportContext &ctx, std::function<void(double)> progress, AiuFileRead &out)
{
    AiuJsonDialect dialect(file.string(), fileIndex, strings, builder.diagnostics(), out);
    json::PipelineOptions options;
    options.collectOtherMembers = true; // acelyzer carries unknown event members into args
    options.chunkBytes = kChunkBytes;
    options.progress = std::move(progress);
    // The pipeline's source index only tags the shards, which hold no events here (diagnostics
    // only): the AIU source is added after processing.
    return json::runJsonEventPipeline(file, static_cast<std::uint32_t>(builder.sourceCount()), builder, ctx, dialect,
                                      options);
}

} // namespace accelscope::importers::aiu
