#include "jsonchunkparser.h"

#include "jsondialect.h"
#include "simdbits.h"

#include <simdjson.h>

#include <emmintrin.h>

namespace accelscope::importers::json {

namespace generic {
std::unique_ptr<ChunkParserImpl> makeChunkParser(std::uint32_t source, std::string file);
}
#if defined(__x86_64__)
namespace avx2 {
std::unique_ptr<ChunkParserImpl> makeChunkParser(std::uint32_t source, std::string file);
}
#endif

namespace {
bool useAvx2()
{
#if defined(__x86_64__)
    static const bool ok = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi")
        && __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("popcnt");
    return ok;
#else
    return false;
#endif
}
} // namespace

ChunkParser::ChunkParser(std::uint32_t source, std::string file)
{
#if defined(__x86_64__)
    if (useAvx2()) {
        m_impl = avx2::makeChunkParser(source, std::move(file));
        return;
    }
#endif
    m_impl = generic::makeChunkParser(source, std::move(file));
}

ChunkParser::~ChunkParser() = default;

const char *chunkParserImplementation() { return useAvx2() ? "avx2" : "generic"; }

std::vector<std::pair<std::size_t, std::size_t>> splitArrayElements(const char *text, std::size_t len)
{
    std::vector<std::pair<std::size_t, std::size_t>> out;
    int depth = 0;
    bool inStr = false, esc = false;
    std::size_t start = 0;
    bool haveStart = false;
    for (std::size_t i = 0; i < len; ++i) {
        const char c = text[i];
        if (inStr) {
            if (esc)
                esc = false;
            else if (c == '\\')
                esc = true;
            else if (c == '"')
                inStr = false;
            continue;
        }
        switch (c) {
        case '"':
            inStr = true;
            if (depth == 1 && !haveStart) {
                start = i;
                haveStart = true;
            }
            break;
        case '{':
        case '[':
            if (depth == 1 && !haveStart) {
                start = i;
                haveStart = true;
            }
            ++depth;
            break;
        case '}':
        case ']':
            --depth;
            if (depth == 1 && haveStart) {
                out.emplace_back(start, i + 1);
                haveStart = false;
            }
            if (depth <= 0)
                return out;
            break;
        case ',':
            if (depth == 1 && haveStart) { // scalar element
                out.emplace_back(start, i);
                haveStart = false;
            }
            break;
        default:
            if (depth == 1 && !haveStart && c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                start = i;
                haveStart = true;
            }
            break;
        }
    }
    if (haveStart)
        out.emplace_back(start, len);
    return out;
}

std::string repairUtf8(std::string_view text)
{
    std::string fixed;
    fixed.reserve(text.size() + 16);
    std::size_t i = 0;
    while (i < text.size()) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            fixed.push_back(static_cast<char>(c));
            ++i;
            continue;
        }
        const std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        if (i + n <= text.size() && simdjson::validate_utf8(text.data() + i, n)) {
            fixed.append(text.substr(i, n));
            i += n;
        } else {
            fixed.append("\xEF\xBF\xBD"); // U+FFFD for this byte; the next byte starts afresh
            ++i;
        }
    }
    return fixed;
}

std::string_view ArgsMinifier::minify(std::string_view raw)
{
    // Valid JSON (simdjson checked it), so whitespace outside strings can be dropped: per 64
    // bytes, mask whitespace outside strings and copy the kept runs.
    m_out.resize(raw.size() + 64);
    char *out = m_out.data();
    simd::StringScanner strings;
    alignas(16) char tail[64 + 16]; // the run copies below may read 15 bytes past a block
    for (std::size_t off = 0; off < raw.size(); off += 64) {
        const char *p = raw.data() + off;
        const std::size_t len = std::min<std::size_t>(64, raw.size() - off);
        if (len < 64) {
            std::memset(tail, ' ', sizeof tail);
            std::memcpy(tail, p, len);
            p = tail;
        }
        const simd::Block64 b(p);
        const std::uint64_t inStr = strings.inString(b.eq('"'), b.eq('\\'));
        const std::uint64_t ws = b.whitespace();
        const std::uint64_t valid = len == 64 ? ~0ull : ((1ull << len) - 1);
        std::uint64_t keep = ~(ws & ~inStr) & valid;
        if (keep == ~0ull) {
            std::memcpy(out, p, 64);
            out += 64;
            continue;
        }
        while (keep) {
            const int start = __builtin_ctzll(keep);
            const std::uint64_t rest = ~(keep >> start);
            const int run = rest ? __builtin_ctzll(rest) : 64 - start;
            // 16-byte copies may write past the run; the next run or the end overwrites.
            for (int i = 0; i < run; i += 16)
                _mm_storeu_si128(reinterpret_cast<__m128i *>(out + i),
                                 _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + start + i)));
            out += run;
            keep &= run + start >= 64 ? 0 : (~0ull << (start + run));
        }
    }
    return std::string_view(m_out.data(), static_cast<std::size_t>(out - m_out.data()));
}

} // namespace accelscope::importers::json
