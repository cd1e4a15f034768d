#include "aiureader.h"

#include <simdjson.h>

#include <emmintrin.h>
#include <sys/mman.h>

#include <charconv>
#include <cstring>
#include <thread>
#include <tuple>

namespace accelscope::importers::aiu {

using namespace accelscope::model;

namespace {

bool isWs(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

/// Index past the JSON string starting at t[i] == '"', or npos when the text ends first.
std::size_t skipString(std::string_view t, std::size_t i)
{
    // memchr to the next quote; it closes the string unless an odd run of backslashes precedes it.
    const char *base = t.data();
    std::size_t pos = i + 1;
    while (pos < t.size()) {
        const void *hit = std::memchr(base + pos, '"', t.size() - pos);
        if (!hit)
            return std::string_view::npos;
        const std::size_t q = static_cast<std::size_t>(static_cast<const char *>(hit) - base);
        std::size_t b = q;
        while (b > i + 1 && base[b - 1] == '\\')
            --b;
        if (((q - b) & 1) == 0)
            return q + 1;
        pos = q + 1;
    }
    return std::string_view::npos;
}

/// Bit i set where byte i of the 64 at p equals c (SSE2, which every x86-64 CPU has).
inline std::uint64_t byteMask(const __m128i (&v)[4], char c)
{
    const __m128i k = _mm_set1_epi8(c);
    std::uint64_t m = 0;
    for (int i = 0; i < 4; ++i)
        m |= std::uint64_t(static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v[i], k)))) << (16 * i);
    return m;
}

/// Bit i set when an odd number of bits at or below i are set in x: the bytes inside strings.
inline std::uint64_t prefixXor(std::uint64_t x)
{
    for (int shift = 1; shift < 64; shift *= 2)
        x ^= x << shift;
    return x;
}

/// Index past the object or array starting at t[i], or npos when the text ends first. 64 bytes
/// at a time as in simdjson's stage 1 (escaped characters, then the bytes inside strings, then
/// only the brackets outside strings are walked), the last partial block byte by byte: the text
/// need not be readable past its end.
std::size_t skipContainer(std::string_view t, std::size_t i)
{
    const char *d = t.data();
    const std::size_t n = t.size();
    int depth = 0;
    std::uint64_t prevEscaped = 0, prevInString = 0;
    for (; i + 64 <= n; i += 64) {
        __m128i v[4];
        for (int k = 0; k < 4; ++k)
            v[k] = _mm_loadu_si128(reinterpret_cast<const __m128i *>(d + i + 16 * k));
        // Escaped bytes: those after an odd run of backslashes (simdjson's find_escaped).
        std::uint64_t backslash = byteMask(v, '\\') & ~prevEscaped;
        const std::uint64_t followsEscape = backslash << 1 | prevEscaped;
        constexpr std::uint64_t kEven = 0x5555555555555555ull;
        const std::uint64_t oddStarts = backslash & ~kEven & ~followsEscape;
        std::uint64_t evenStarts = 0;
        prevEscaped = __builtin_add_overflow(oddStarts, backslash, &evenStarts) ? 1 : 0;
        const std::uint64_t escaped = (kEven ^ (evenStarts << 1)) & followsEscape;
        const std::uint64_t quotes = byteMask(v, '"') & ~escaped;
        const std::uint64_t inString = prefixXor(quotes) ^ prevInString;
        prevInString = static_cast<std::uint64_t>(static_cast<std::int64_t>(inString) >> 63);
        const std::uint64_t opens = (byteMask(v, '{') | byteMask(v, '[')) & ~inString;
        std::uint64_t brackets = (opens | byteMask(v, '}') | byteMask(v, ']')) & ~inString;
        while (brackets) {
            const int bit = __builtin_ctzll(brackets);
            if (opens >> bit & 1)
                ++depth;
            else if (--depth == 0)
                return i + static_cast<std::size_t>(bit) + 1;
            brackets &= brackets - 1;
        }
    }
    // The tail, with the state the blocks left: inside a string? the next byte escaped?
    bool inString = prevInString != 0, escapedNext = prevEscaped != 0;
    for (; i < n; ++i) {
        const char c = d[i];
        const bool escaped = escapedNext;
        escapedNext = false;
        if (inString) {
            if (escaped)
                continue;
            if (c == '\\')
                escapedNext = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"' && !escaped) {
            inString = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if ((c == '}' || c == ']') && --depth == 0) {
            return i + 1;
        }
    }
    return std::string_view::npos;
}

/// Index past the JSON value starting at t[i] (object, array, string or scalar), or npos when the
/// text ends first.
std::size_t skipValue(std::string_view t, std::size_t i)
{
    if (i >= t.size())
        return std::string_view::npos;
    if (t[i] == '"')
        return skipString(t, i);
    if (t[i] != '{' && t[i] != '[') {
        while (i < t.size() && t[i] != ',' && t[i] != '}' && t[i] != ']' && !isWs(t[i]))
            ++i;
        return i < t.size() ? i : std::string_view::npos;
    }
    return skipContainer(t, i);
}

std::size_t skipWs(std::string_view t, std::size_t i)
{
    while (i < t.size() && isWs(t[i]))
        ++i;
    return i;
}

bool endsWith(std::string_view s, std::string_view suffix)
{
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

AiuPhase phaseFromName(std::string_view name)
{
    if (endsWith(name, " DmaI"))
        return AiuPhase::DmaIn;
    if (endsWith(name, " Cmpt Prep"))
        return AiuPhase::ComputePrep;
    if (endsWith(name, " Cmpt Exec"))
        return AiuPhase::ComputeExec;
    if (endsWith(name, " DmaO"))
        return AiuPhase::DmaOut;
    return AiuPhase::WholeBlock;
}

/// A number or a numeric string as an unsigned 64-bit value.
bool elementAsUnsigned(const simdjson::dom::element &e, std::uint64_t &out)
{
    if (e.is_string()) {
        std::string_view s;
        if (e.get_string().get(s))
            return false;
        return parseStampText(s, out);
    }
    if (e.is_uint64())
        return !e.get_uint64().get(out);
    if (e.is_int64()) {
        std::int64_t v = 0;
        if (e.get_int64().get(v) || v < 0)
            return false;
        out = static_cast<std::uint64_t>(v);
        return true;
    }
    if (e.is_double()) {
        double d = 0;
        if (e.get_double().get(d) || !(d >= 0) || d >= 1.8e19)
            return false;
        out = static_cast<std::uint64_t>(d);
        return true;
    }
    return false;
}

bool elementAsDouble(const simdjson::dom::element &e, double &out)
{
    if (e.is_number())
        return !e.get_double().get(out);
    if (e.is_string()) {
        std::string_view s;
        if (e.get_string().get(s) || s.empty())
            return false;
        const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
        return r.ec == std::errc() && r.ptr == s.data() + s.size();
    }
    return false;
}

struct Counters {
    std::uint64_t malformed = 0, malformedAt = 0;
    std::uint64_t missing = 0, missingAt = 0;
    std::uint64_t badStamp = 0, badStampAt = 0;
    std::string badStampDetail;
};

struct RangeResult {
    std::size_t stop = 0;     ///< where reading stopped (next event, ']' or the range limit)
    bool truncated = false;
    std::size_t truncatedAt = 0;
    bool sawEnd = false;      ///< reached the list's closing bracket
};

/// Reads the events that start in [begin, limit) of the event list.
RangeResult readRange(std::string_view text, std::size_t begin, std::size_t limit, AiuDialect dialect, std::uint32_t source,
                      AiuStrings &strings, Counters &c, std::vector<AiuEvent> &events)
{
    RangeResult r;
    simdjson::dom::parser parser;
    const std::uint32_t kTorchKernel = strings.intern("kernel");
    std::string extra;
    std::string lastName; // the pool's id 0 is the empty text
    std::uint32_t lastNameId = 0;
    std::size_t p = skipWs(text, begin);
    while (p < limit) {
        if (text[p] == ']') {
            r.sawEnd = true;
            break;
        }
        if (text[p] == ',') {
            p = skipWs(text, p + 1);
            continue;
        }
        std::size_t end = skipValue(text, p);
        if (end != std::string_view::npos && end <= p)
            end = p + 1; // a stray '}' or ':' between events: step over it
        if (end == std::string_view::npos) {
            r.truncatedAt = p;
            r.truncated = true;
            break;
        }
        const std::uint64_t position = p;
        simdjson::dom::element ev;
        if (text[p] != '{' || parser.parse(text.data() + p, end - p, false).get(ev) || !ev.is_object()) {
            if (!c.malformed++)
                c.malformedAt = position;
            p = skipWs(text, end);
            continue;
        }
        p = skipWs(text, end);

        AiuEvent e;
        e.position = position;
        e.source = source;
        std::string_view ph, name, cat;
        bool hasTs = false, hasPid = false;
        extra.clear();
        simdjson::dom::element argsObj;
        bool haveArgs = false;
        for (auto field : ev.get_object()) {
            const std::string_view k = field.key;
            const simdjson::dom::element &v = field.value;
            if (k == "ph") {
                if (v.get_string().get(ph))
                    ph = {};
            } else if (k == "name") {
                if (v.get_string().get(name))
                    name = {};
            } else if (k == "cat") {
                if (v.get_string().get(cat))
                    cat = {};
            } else if (k == "ts") {
                hasTs = elementAsDouble(v, e.ts);
            } else if (k == "dur") {
                (void)elementAsDouble(v, e.dur);
            } else if (k == "pid") {
                std::int64_t n = 0;
                std::string_view s;
                if (!v.get_int64().get(n)) {
                    e.pid = n;
                    hasPid = true;
                } else if (!v.get_string().get(s)) {
                    // String pids: a number in text, else a stable number of its own.
                    if (std::from_chars(s.data(), s.data() + s.size(), n).ec == std::errc())
                        e.pid = n;
                    else
                        e.pid = 100000 + strings.intern(s);
                    hasPid = true;
                }
            } else if (k == "tid") {
                std::uint64_t u = 0;
                std::int64_t n = 0;
                std::string_view s;
                if (!v.get_uint64().get(u))
                    e.tid = u;
                else if (!v.get_int64().get(n))
                    e.tid = static_cast<std::uint64_t>(n);
                else if (!v.get_string().get(s))
                    e.tid = 1u << 30 | strings.intern(s);
            } else if (k == "attr" || k == "args") {
                if (v.is_object()) {
                    argsObj = v;
                    haveArgs = true;
                }
            } else if (k == "id" || k == "bp" || k == "s" || k == "tts") {
                // flow/instant bookkeeping of the source; not carried
            } else {
                // Unknown top-level keys (e.g. "comment") go into args, as acelyzer does.
                if (!extra.empty())
                    extra += ',';
                extra += '"';
                extra += k;
                extra += "\":";
                extra += simdjson::minify(v);
            }
        }
        if (ph.empty() || !hasTs || !hasPid || name.empty()) {
            if (ph != "M") {
                if (!c.missing++)
                    c.missingAt = position;
            }
            continue;
        }
        if (ph == "M")
            continue;
        e.ph = ph[0];
        // Names repeat in runs (B and E of a pair, a block's phases share a prefix, not a name):
        // the last one is compared before the pool's hash lookup.
        if (name != lastName) {
            lastNameId = strings.intern(name);
            lastName.assign(name);
        }
        e.name = e.origName = lastNameId;
        e.cat = cat.empty() ? 0 : strings.intern(cat);

        bool anyStamp = false;
        int stampsOk = 0;
        std::string argsExtra;
        if (haveArgs) {
            for (auto field : argsObj.get_object()) {
                const std::string_view k = field.key;
                const simdjson::dom::element &v = field.value;
                if (k.size() == 3 && k[0] == 'T' && k[1] == 'S' && k[2] >= '1' && k[2] <= '5') {
                    anyStamp = true;
                    if (elementAsUnsigned(v, e.stamp[k[2] - '1']))
                        ++stampsOk;
                    continue;
                }
                if (k == "Power") {
                    std::uint64_t pw = 0;
                    if (elementAsUnsigned(v, pw)) {
                        e.power = static_cast<std::uint32_t>(pw);
                        e.flags |= kAiuHasPower;
                    }
                    continue;
                }
                if (k == "Bytes" || k == "bytes") {
                    if (elementAsUnsigned(v, e.bytes))
                        e.flags |= kAiuHasBytes;
                    continue;
                }
                std::string_view s;
                if (k == "CollGroup" && !v.get_string().get(s)) {
                    e.collGroup = strings.intern(s);
                    continue;
                }
                if ((k == "Peer" || k == "Peers") && !v.get_string().get(s)) {
                    e.peers = strings.intern(s);
                    continue;
                }
                if ((k == "Peer" || k == "Peers") && v.is_number()) {
                    e.peers = strings.intern(simdjson::minify(v));
                    continue;
                }
                if (k == "Type" && !v.get_string().get(s)) {
                    e.type = strings.intern(s);
                    continue;
                }
                if (!argsExtra.empty())
                    argsExtra += ',';
                argsExtra += '"';
                argsExtra += k;
                argsExtra += "\":";
                argsExtra += simdjson::minify(v);
            }
        }
        if (!extra.empty()) {
            if (!argsExtra.empty())
                argsExtra += ',';
            argsExtra += extra;
        }
        e.extraArgs = argsExtra.empty() ? 0 : strings.intern(argsExtra);

        if (dialect == AiuDialect::Torch) {
            // torch-spyre: device kernels are the cat "kernel"/"gpu*" events; they carry no stamps.
            if (e.cat == kTorchKernel)
                e.phase = AiuPhase::ComputeExec;
            else if (cat.rfind("gpu", 0) == 0)
                e.phase = AiuPhase::WholeBlock;
            else
                e.phase = AiuPhase::Host;
        } else if (anyStamp) {
            e.phase = phaseFromName(name);
        }
        if (anyStamp) {
            if (stampsOk == 5) {
                e.flags |= kAiuHasStamps;
            } else {
                e.flags |= kAiuBadStamp;
                if (!c.badStamp++) {
                    c.badStampAt = position;
                    c.badStampDetail = std::string(name);
                }
            }
        }
        if (name == "AIU Roundtrip")
            e.flags |= kAiuRoundtrip;
        events.push_back(e);
    }
    r.stop = p;
    return r;
}

/// Reserves room for the events of `bytes` of text. The buffer of a large file is hundreds of MB:
/// with transparent huge pages filling it costs one page fault per 2 MB instead of one per 4 KB
/// (where the kernel gives them only on request, "madvise" mode).
void reserveEvents(std::vector<AiuEvent> &events, std::size_t bytes)
{
    events.reserve(bytes / 160 + 16);
    constexpr std::uintptr_t kHugePage = 2u << 20;
    const std::size_t size = events.capacity() * sizeof(AiuEvent);
    if (size < 8 * kHugePage)
        return;
    const auto start = reinterpret_cast<std::uintptr_t>(events.data());
    const std::uintptr_t begin = (start + kHugePage - 1) & ~(kHugePage - 1), end = (start + size) & ~(kHugePage - 1);
    if (end > begin)
        (void)madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE); // a hint: failure changes nothing
}

/// Maps the string ids of events read with a pool of their own into the main pool.
void remapStrings(std::vector<AiuEvent> &events, const AiuStrings &from, AiuStrings &to)
{
    std::vector<std::uint32_t> map(from.size());
    for (std::uint32_t i = 0; i < from.size(); ++i)
        map[i] = to.intern(from[i]);
    for (auto &e : events) {
        for (std::uint32_t *id : {&e.name, &e.origName, &e.cat, &e.collGroup, &e.peers, &e.type, &e.extraArgs})
            *id = map[*id];
        if (e.pid >= 100000 && e.pid < 100000 + std::int64_t(from.size()))
            e.pid = 100000 + map[static_cast<std::size_t>(e.pid - 100000)];
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

AiuFileRead readAiuEvents(std::string_view text, const std::string &path, std::uint32_t source, AiuStrings &strings,
                          DiagnosticSink &diags)
{
    AiuFileRead out;
    std::size_t i = skipWs(text, 0);
    if (text.substr(i, 3) == "\xEF\xBB\xBF")
        i = skipWs(text, i + 3);
    if (i >= text.size()) {
        out.fatal = "the file is empty";
        return out;
    }
    simdjson::dom::parser parser;
    std::size_t listStart = std::string_view::npos;
    if (text[i] == '[') {
        listStart = i;
    } else if (text[i] == '{') {
        // Walk the top-level keys: traceEvents, deviceProperties (torch dialect),
        // distributedInfo (rank), otherData (already processed by acelyzer?).
        std::size_t p = skipWs(text, i + 1);
        while (p < text.size() && text[p] == '"') {
            const std::size_t keyEnd = skipString(text, p);
            if (keyEnd == std::string_view::npos)
                break;
            const std::string_view key = text.substr(p + 1, keyEnd - p - 2);
            p = skipWs(text, keyEnd);
            if (p >= text.size() || text[p] != ':')
                break;
            p = skipWs(text, p + 1);
            const std::size_t valueEnd = skipValue(text, p);
            if (key == "traceEvents" && p < text.size() && text[p] == '[')
                listStart = p;
            if (valueEnd == std::string_view::npos)
                break;
            if (key == "deviceProperties") {
                out.dialect = AiuDialect::Torch;
            } else if (key == "distributedInfo") {
                simdjson::dom::element info;
                if (!parser.parse(text.data() + p, valueEnd - p, false).get(info)) {
                    std::int64_t r = -1;
                    if (!info["rank"].get_int64().get(r) && r >= 0 && r < (1 << 20))
                        out.rank = static_cast<std::int32_t>(r);
                }
            } else if (key == "otherData") {
                const std::string_view v = text.substr(p, valueEnd - p);
                out.processedByAcelyzer = v.find("Acelyzer") != std::string_view::npos;
            }
            p = skipWs(text, valueEnd);
            if (p < text.size() && text[p] == ',')
                p = skipWs(text, p + 1);
            else
                break;
        }
        if (listStart == std::string_view::npos) {
            out.fatal = "no \"traceEvents\" list in the JSON object";
            out.fatalOffset = i;
            return out;
        }
    } else {
        out.fatal = "not JSON: the file starts with neither '[' nor '{'";
        out.fatalOffset = i;
        return out;
    }

    Counters c;
    const std::size_t listBegin = listStart + 1;
    reserveEvents(out.events, text.size());
    RangeResult r;
    const std::size_t kParallelBytes = 4u << 20; // about 20 k events: a thread pays for itself
    std::size_t split = std::string_view::npos;
    if (text.size() - listBegin > kParallelBytes && std::thread::hardware_concurrency() > 1) {
        // A candidate event start near the middle: '{' after ',' (whitespace between). It may be
        // inside a string; the first half's reader proves it by stopping exactly there.
        for (std::size_t m = listBegin + (text.size() - listBegin) / 2; m < text.size(); ++m) {
            if (text[m] != '{')
                continue;
            std::size_t q = m;
            while (q > listBegin && isWs(text[q - 1]))
                --q;
            if (q > listBegin && text[q - 1] == ',') {
                split = m;
                break;
            }
        }
    }
    if (split != std::string_view::npos) {
        AiuStrings secondStrings;
        Counters secondCounters;
        std::vector<AiuEvent> secondEvents;
        reserveEvents(secondEvents, text.size() - split);
        RangeResult second;
        std::thread worker([&] {
            second = readRange(text, split, text.size(), out.dialect, source, secondStrings, secondCounters, secondEvents);
        });
        r = readRange(text, listBegin, split, out.dialect, source, strings, c, out.events);
        worker.join();
        if (!r.truncated && !r.sawEnd && r.stop == split) {
            remapStrings(secondEvents, secondStrings, strings);
            out.events.insert(out.events.end(), std::make_move_iterator(secondEvents.begin()),
                              std::make_move_iterator(secondEvents.end()));
            for (auto [n, at, from, fromAt] : {std::tuple{&c.malformed, &c.malformedAt, secondCounters.malformed, secondCounters.malformedAt},
                                               std::tuple{&c.missing, &c.missingAt, secondCounters.missing, secondCounters.missingAt}})
                if (from) {
                    if (!*n)
                        *at = fromAt;
                    *n += from;
                }
            if (secondCounters.badStamp) {
                if (!c.badStamp) {
                    c.badStampAt = secondCounters.badStampAt;
                    c.badStampDetail = secondCounters.badStampDetail;
                }
                c.badStamp += secondCounters.badStamp;
            }
            r = second;
        } else if (!r.truncated && !r.sawEnd) {
            // The split point was inside a string: read the rest here.
            r = readRange(text, r.stop, text.size(), out.dialect, source, strings, c, out.events);
        }
    } else {
        r = readRange(text, listBegin, text.size(), out.dialect, source, strings, c, out.events);
    }
    if (r.truncated) {
        out.truncated = true;
        diags.add(DiagKind::TruncatedInput, path, r.truncatedAt);
    }
    if (c.malformed)
        diags.add(DiagKind::MalformedEvent, path, c.malformedAt, "event is not a JSON object", c.malformed);
    if (c.missing)
        diags.add(DiagKind::MissingField, path, c.missingAt, "ph, ts, pid or name", c.missing);
    if (c.badStamp)
        diags.add(DiagKind::AiuBadStamp, path, c.badStampAt, "first: " + c.badStampDetail, c.badStamp);
    return out;
}

} // namespace accelscope::importers::aiu
