// Arithmetic on times and counts read from untrusted files. A corrupt field can put two stamps
// 2^63 apart or hold a number no int64 can represent; these helpers saturate instead of
// overflowing (undefined behaviour that the sanitizer builds stop on).
#pragma once

#include "types.h"

#include <cmath>
#include <cstdint>
#include <limits>

namespace accelscope::model {

/// end − start, or 0 when end is not after start; the largest TimeNs when the difference
/// does not fit.
inline TimeNs spanNs(TimeNs start, TimeNs end)
{
    if (end <= start)
        return 0;
    TimeNs d = 0;
    return __builtin_sub_overflow(end, start, &d) ? std::numeric_limits<TimeNs>::max() : d;
}

/// `v` truncated to int64, saturated at int64's limits; NaN gives 0.
inline std::int64_t saturatingInt64(double v)
{
    if (std::isnan(v))
        return 0;
    // 2^63 is exactly representable as a double; every double below it fits in int64.
    constexpr double kTwoPow63 = 9223372036854775808.0;
    if (v >= kTwoPow63)
        return std::numeric_limits<std::int64_t>::max();
    if (v < -kTwoPow63)
        return std::numeric_limits<std::int64_t>::min();
    return static_cast<std::int64_t>(v);
}

} // namespace accelscope::model
