#include "timeparse.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <cstdlib>
#include <string>

namespace accelscope::model {

namespace {

bool eightDigits(const char *p)
{
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    return (((v & 0xF0F0F0F0F0F0F0F0ull) | (((v + 0x0606060606060606ull) & 0xF0F0F0F0F0F0F0F0ull) >> 4))
            == 0x3333333333333333ull);
}

std::uint32_t parseEight(const char *p) // SWAR, after "Faster integer parsing" (Lemire)
{
    std::uint64_t v;
    std::memcpy(&v, p, 8);
    v = (v & 0x0F0F0F0F0F0F0F0Full) * 2561 >> 8;
    v = (v & 0x00FF00FF00FF00FFull) * 6553601 >> 16;
    return static_cast<std::uint32_t>((v & 0x0000FFFF0000FFFFull) * 42949672960001ull >> 32);
}

constexpr std::int64_t kPow10[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000};

int digitsOf(std::int64_t unitNs)
{
    int d = 0;
    while (unitNs > 1 && unitNs % 10 == 0) {
        unitNs /= 10;
        ++d;
    }
    return unitNs == 1 ? d : -1;
}
} // namespace

bool parseInt64(std::string_view s, std::int64_t &out)
{
    while (!s.empty() && s.front() == ' ')
        s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ')
        s.remove_suffix(1);
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc() && r.ptr == s.data() + s.size() && !s.empty();
}

bool parseDecimalToNs(std::string_view s, std::int64_t unitNs, TimeNs &out)
{
    // Fast path for the common shape "[-]digits[.digits]" with at most 19 significant digits
    // and a power-of-ten unit: plain 64-bit arithmetic.
    if (unitNs == 1000 && !s.empty() && s.size() <= 24) {
        std::size_t i = 0;
        const bool neg = s[0] == '-';
        i += neg ? 1 : 0;
        std::uint64_t v = 0;
        int digits = 0, frac = -1;
        if (i + 8 <= s.size() && eightDigits(s.data() + i)) { // epoch µs: 13-16 integer digits
            v = parseEight(s.data() + i);
            digits = 8;
            i += 8;
        }
        for (; i < s.size(); ++i) {
            const char c = s[i];
            if (c >= '0' && c <= '9') {
                v = v * 10 + static_cast<unsigned>(c - '0');
                ++digits;
                if (frac >= 0)
                    ++frac;
            } else if (c == '.' && frac < 0) {
                frac = 0;
            } else {
                break;
            }
        }
        // 19 digits cannot overflow v (< 2^64); values past INT64_MAX go to the exact path below.
        if (i == s.size() && digits > 0 && digits <= 19 && v <= static_cast<std::uint64_t>(INT64_MAX) && frac <= 3
            && !(frac == 0 && digits == 0)) {
            const int f = frac < 0 ? 0 : frac;
            static constexpr std::uint64_t kScale[] = {1000, 100, 10, 1};
            std::int64_t scaled = 0;
            if (!__builtin_mul_overflow(static_cast<std::int64_t>(v), static_cast<std::int64_t>(kScale[f]), &scaled)) {
                out = neg ? -scaled : scaled;
                return true;
            }
        }
    }
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    if (s.empty())
        return false;
    const int shift = digitsOf(unitNs); // decimal digits of the unit (3 for µs)
    std::size_t i = 0;
    bool neg = false;
    if (s[i] == '-' || s[i] == '+') {
        neg = s[i] == '-';
        ++i;
    }
    // Integer part.
    unsigned __int128 mant = 0;
    int intDigits = 0, fracDigits = 0;
    bool anyDigit = false;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, ++intDigits) {
        mant = mant * 10 + unsigned(s[i] - '0');
        anyDigit = true;
        if (mant > (unsigned __int128)1 << 100)
            return false;
    }
    // Fraction: keep up to 18 digits, remember whether anything non-zero was dropped.
    bool dropped = false;
    int firstDropped = -1;
    if (i < s.size() && s[i] == '.') {
        ++i;
        for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
            anyDigit = true;
            if (fracDigits < 18) {
                mant = mant * 10 + unsigned(s[i] - '0');
                ++fracDigits;
            } else {
                if (firstDropped < 0)
                    firstDropped = s[i] - '0';
                dropped = dropped || s[i] != '0';
            }
        }
    }
    if (!anyDigit)
        return false;
    int exp10 = 0;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        bool eneg = false;
        if (i < s.size() && (s[i] == '-' || s[i] == '+')) {
            eneg = s[i] == '-';
            ++i;
        }
        if (i >= s.size())
            return false;
        int e = 0;
        for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
            e = e * 10 + (s[i] - '0');
            if (e > 400)
                return false;
        }
        exp10 = eneg ? -e : e;
    }
    if (i != s.size())
        return false;
    if (shift < 0) {
        // Unit not a power of ten: go through long double (used for cycles, not µs).
        const long double v = std::strtold(std::string(s).c_str(), nullptr) * (long double)unitNs;
        if (!std::isfinite((double)v) || std::fabs((double)v) > 9.2e18)
            return false;
        out = static_cast<TimeNs>(std::llroundl(v));
        return true;
    }
    // value_ns = mant * 10^(exp10 + shift - fracDigits)
    int scale = exp10 + shift - fracDigits;
    (void)intDigits;
    if (scale >= 0) {
        for (; scale > 0; --scale) {
            mant *= 10;
            if (mant > (unsigned __int128)INT64_MAX)
                return false;
        }
    } else {
        if (scale < -36) {
            mant = 0;
        } else {
            unsigned __int128 div = 1;
            for (int k = 0; k < -scale; ++k)
                div *= 10;
            const unsigned __int128 q = mant / div, r = mant % div;
            // round half away from zero
            mant = q + ((r * 2 >= div) ? 1 : 0);
        }
        dropped = false;
    }
    if (scale == 0 && firstDropped >= 5) // only reachable when >18 fraction digits were given
        mant += 1;
    if (mant > (unsigned __int128)INT64_MAX)
        return false;
    out = neg ? -static_cast<TimeNs>(mant) : static_cast<TimeNs>(mant);
    (void)kPow10;
    return true;
}

} // namespace accelscope::model
