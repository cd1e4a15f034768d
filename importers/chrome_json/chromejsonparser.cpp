#include "chromejsonparser.h"

namespace accelscope::importers::chrome {

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

const char *ChunkParser::implementationName() { return useAvx2() ? "avx2" : "generic"; }

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

} // namespace accelscope::importers::chrome
