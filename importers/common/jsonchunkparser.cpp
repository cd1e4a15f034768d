#include "jsonchunkparser.h"

#include "jsondialect.h"

#include <simdjson.h>

#include <algorithm>

namespace accelscope::importers::json {

namespace generic {
std::unique_ptr<ChunkParserImpl> makeChunkParser(std::uint32_t source, std::string file, bool collectOtherMembers,
                                                 std::uint32_t maxDepth);
extern const JsonKernels kKernels;
}
#if defined(__x86_64__)
namespace avx2 {
std::unique_ptr<ChunkParserImpl> makeChunkParser(std::uint32_t source, std::string file, bool collectOtherMembers,
                                                 std::uint32_t maxDepth);
extern const JsonKernels kKernels;
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

ChunkParser::ChunkParser(std::uint32_t source, std::string file, bool collectOtherMembers, std::uint32_t maxDepth)
{
#if defined(__x86_64__)
    if (useAvx2()) {
        m_impl = avx2::makeChunkParser(source, std::move(file), collectOtherMembers, maxDepth);
        return;
    }
#endif
    m_impl = generic::makeChunkParser(source, std::move(file), collectOtherMembers, maxDepth);
}

ChunkParser::~ChunkParser() = default;

const char *chunkParserImplementation() { return useAvx2() ? "avx2" : "generic"; }

const JsonKernels &jsonKernels()
{
#if defined(__x86_64__)
    static const JsonKernels &chosen = useAvx2() ? avx2::kKernels : generic::kKernels;
    return chosen;
#else
    return generic::kKernels;
#endif
}

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

std::size_t nestingDepth(std::string_view json)
{
    std::size_t depth = 0, deepest = 0;
    bool inStr = false, esc = false;
    for (const char c : json) {
        if (inStr) {
            if (esc)
                esc = false;
            else if (c == '\\')
                esc = true;
            else if (c == '"')
                inStr = false;
        } else if (c == '"') {
            inStr = true;
        } else if (c == '{' || c == '[') {
            deepest = std::max(deepest, ++depth);
        } else if ((c == '}' || c == ']') && depth > 0) {
            --depth;
        }
    }
    return deepest;
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
    m_out.resize(raw.size() + 64);
    return std::string_view(m_out.data(), jsonKernels().minify(raw.data(), raw.size(), m_out.data()));
}

} // namespace accelscope::importers::json
