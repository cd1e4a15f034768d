// Bit tricks shared by the event splitter and the args minifier, borrowed in spirit from
// simdjson's stage 1. Compiled into the generic (SSE2) and the AVX2 copy of the JSON kernels
// (jsonchunkparser_*.cpp); the inline namespace gives each copy its own symbols, so the linker
// can never hand the AVX2 code to a CPU without it.
#pragma once

#include <cstdint>
#include <emmintrin.h>
#if defined(__AVX2__)
#include <immintrin.h>
#endif
#if defined(__PCLMUL__)
#include <wmmintrin.h>
#endif

namespace accelscope::importers::json::simd {
#if defined(__AVX2__)
inline namespace avx2 {
#else
inline namespace generic {
#endif

#if defined(__AVX2__)
/// 64 bytes as two AVX2 registers.
struct Block64 {
    __m256i v[2];
    explicit Block64(const char *p)
    {
        v[0] = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p));
        v[1] = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p + 32));
    }
    static std::uint64_t mask(__m256i lo, __m256i hi)
    {
        return std::uint64_t(static_cast<std::uint32_t>(_mm256_movemask_epi8(lo)))
            | (std::uint64_t(static_cast<std::uint32_t>(_mm256_movemask_epi8(hi))) << 32);
    }
    std::uint64_t eq(char c) const
    {
        const __m256i k = _mm256_set1_epi8(c);
        return mask(_mm256_cmpeq_epi8(v[0], k), _mm256_cmpeq_epi8(v[1], k));
    }
    /// Bytes <= 0x20: JSON whitespace (control bytes cannot appear outside strings).
    std::uint64_t whitespace() const
    {
        const __m256i k = _mm256_set1_epi8(0x20);
        return mask(_mm256_cmpeq_epi8(_mm256_min_epu8(v[0], k), v[0]), _mm256_cmpeq_epi8(_mm256_min_epu8(v[1], k), v[1]));
    }
    /// Bytes equal to c after OR-ing 0x20 ('[' -> '{', ']' -> '}').
    std::uint64_t eqLower(char c) const
    {
        const __m256i k = _mm256_set1_epi8(c), b = _mm256_set1_epi8(0x20);
        return mask(_mm256_cmpeq_epi8(_mm256_or_si256(v[0], b), k), _mm256_cmpeq_epi8(_mm256_or_si256(v[1], b), k));
    }
};
#else
/// 64 bytes as four SSE2 registers.
struct Block64 {
    __m128i v[4];
    explicit Block64(const char *p)
    {
        for (int k = 0; k < 4; ++k)
            v[k] = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * k));
    }
    std::uint64_t eq(char c) const
    {
        const __m128i k = _mm_set1_epi8(c);
        std::uint64_t m = 0;
        for (int i = 0; i < 4; ++i)
            m |= std::uint64_t(static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v[i], k)))) << (16 * i);
        return m;
    }
    /// Bytes <= 0x20: JSON whitespace (control bytes cannot appear outside strings).
    std::uint64_t whitespace() const
    {
        const __m128i k = _mm_set1_epi8(0x20);
        std::uint64_t m = 0;
        for (int i = 0; i < 4; ++i)
            m |= std::uint64_t(static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v[i], k), v[i]))))
                << (16 * i);
        return m;
    }
    /// Bytes equal to c after OR-ing 0x20 ('[' -> '{', ']' -> '}').
    std::uint64_t eqLower(char c) const
    {
        const __m128i k = _mm_set1_epi8(c), b = _mm_set1_epi8(0x20);
        std::uint64_t m = 0;
        for (int i = 0; i < 4; ++i)
            m |= std::uint64_t(static_cast<std::uint32_t>(
                     _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_or_si128(v[i], b), k))))
                << (16 * i);
        return m;
    }
};
#endif

/// Bit i of the result is the XOR of bits 0..i of x (in-string mask from quote positions).
inline std::uint64_t prefixXor(std::uint64_t x)
{
#if defined(__PCLMUL__)
    const __m128i all = _mm_set1_epi8(static_cast<char>(0xFF));
    return static_cast<std::uint64_t>(
        _mm_cvtsi128_si64(_mm_clmulepi64_si128(_mm_set_epi64x(0, static_cast<long long>(x)), all, 0)));
#else
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
#endif
}

/// String state carried from one 64-byte block to the next.
struct StringScanner {
    std::uint64_t prevEscaped = 0;
    std::uint64_t prevInString = 0; // all ones when the last block ended inside a string

    /// Returns the mask of bytes inside strings (opening quote included, closing excluded).
    std::uint64_t inString(std::uint64_t quote, std::uint64_t backslash)
    {
        constexpr std::uint64_t kEven = 0x5555555555555555ull;
        std::uint64_t escaped = 0;
        if (backslash | prevEscaped) {
            backslash &= ~prevEscaped;
            const std::uint64_t followsEscape = (backslash << 1) | prevEscaped;
            const std::uint64_t oddStarts = backslash & ~kEven & ~followsEscape;
            std::uint64_t seqEven;
            prevEscaped = __builtin_add_overflow(oddStarts, backslash, &seqEven) ? 1 : 0;
            escaped = (kEven ^ (seqEven << 1)) & followsEscape;
        }
        quote &= ~escaped;
        const std::uint64_t in = prefixXor(quote) ^ prevInString;
        prevInString = static_cast<std::uint64_t>(static_cast<std::int64_t>(in) >> 63);
        return in;
    }
};

} // inline namespace
} // namespace accelscope::importers::json::simd
