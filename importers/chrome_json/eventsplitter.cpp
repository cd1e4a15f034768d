#include "eventsplitter.h"

#include <cstring>
#include <emmintrin.h>

namespace accelscope::importers::chrome {

namespace {

inline std::uint64_t eqMask(const __m128i v[4], char c)
{
    const __m128i k = _mm_set1_epi8(c);
    std::uint64_t m0 = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v[0], k)));
    std::uint64_t m1 = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v[1], k)));
    std::uint64_t m2 = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v[2], k)));
    std::uint64_t m3 = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v[3], k)));
    return m0 | (m1 << 16) | (m2 << 32) | (m3 << 48);
}

inline std::uint64_t prefixXor(std::uint64_t x)
{
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

} // namespace

std::size_t EventSplitter::scan(const char *data, std::size_t n)
{
    m_lastEventEnd = -1;
    constexpr std::uint64_t kEven = 0x5555555555555555ull;
    alignas(16) char tail[64];
    for (std::size_t off = 0; off < n; off += 64) {
        const char *p = data + off;
        const std::size_t len = n - off < 64 ? n - off : 64;
        if (len < 64) {
            std::memset(tail, ' ', 64);
            std::memcpy(tail, p, len);
            p = tail;
        }
        __m128i v[4];
        for (int k = 0; k < 4; ++k)
            v[k] = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * k));
        __m128i lower[4];
        const __m128i bit20 = _mm_set1_epi8(0x20);
        for (int k = 0; k < 4; ++k)
            lower[k] = _mm_or_si128(v[k], bit20); // '[' -> '{', ']' -> '}'
        std::uint64_t quote = eqMask(v, '"');
        std::uint64_t bs = eqMask(v, '\\');
        const std::uint64_t open = eqMask(lower, '{');
        const std::uint64_t close = eqMask(lower, '}');

        // Escapes (simdjson's odd-length backslash run detection).
        std::uint64_t escaped = 0;
        if (bs | m_prevEscaped) {
            bs &= ~m_prevEscaped;
            const std::uint64_t followsEscape = (bs << 1) | m_prevEscaped;
            const std::uint64_t oddStarts = bs & ~kEven & ~followsEscape;
            std::uint64_t seqEven;
            m_prevEscaped = __builtin_add_overflow(oddStarts, bs, &seqEven) ? 1 : 0;
            const std::uint64_t invert = seqEven << 1;
            escaped = (kEven ^ invert) & followsEscape;
        }
        quote &= ~escaped;
        const std::uint64_t inStr = prefixXor(quote) ^ m_inString;
        m_inString = static_cast<std::uint64_t>(static_cast<std::int64_t>(inStr) >> 63);
        std::uint64_t structural = (open | close) & ~inStr;
        if (len < 64)
            structural &= (len == 64 ? ~0ull : ((1ull << len) - 1));
        while (structural) {
            const int bit = __builtin_ctzll(structural);
            structural &= structural - 1;
            if (open >> bit & 1) {
                ++m_depth;
            } else if (--m_depth == 0) {
                m_lastEventEnd = static_cast<std::ptrdiff_t>(off + bit + 1);
                ++m_eventsEnded;
            } else if (m_depth < 0) {
                m_arrayClosed = true;
                m_depth = 0;
                return off + bit;
            }
        }
    }
    return n;
}

} // namespace accelscope::importers::chrome
