#include "eventsplitter.h"

#include "simdbits.h"

#include <cstring>

namespace accelscope::importers::json {

std::size_t EventSplitter::scan(const char *data, std::size_t n)
{
    m_lastEventEnd = -1;
    alignas(16) char tail[64];
    simd::StringScanner strings;
    strings.prevEscaped = m_prevEscaped;
    strings.prevInString = m_inString;
    for (std::size_t off = 0; off < n; off += 64) {
        const char *p = data + off;
        const std::size_t len = n - off < 64 ? n - off : 64;
        if (len < 64) {
            std::memset(tail, ' ', 64);
            std::memcpy(tail, p, len);
            p = tail;
        }
        const simd::Block64 b(p);
        const std::uint64_t open = b.eqLower('{');
        const std::uint64_t close = b.eqLower('}');
        const std::uint64_t inStr = strings.inString(b.eq('"'), b.eq('\\'));
        m_prevEscaped = strings.prevEscaped;
        m_inString = strings.prevInString;
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

} // namespace accelscope::importers::json
