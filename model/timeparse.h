// Exact conversion of decimal timestamps to integer nanoseconds, without going through a
// double: Kineto writes epoch microseconds like 1700000000123.456, Ascend writes them as
// strings with 3 decimals, and a double holds those only to ~0.2 ns.
#pragma once

#include "types.h"

#include <string_view>

namespace accelscope::model {

/// Parses a JSON-style decimal number of `unit`-nanoseconds (1000 for µs) into ns, rounding
/// digits below 1 ns half away from zero. Accepts an optional sign, fraction and exponent,
/// and surrounding spaces (string timestamps). Returns false for anything else or overflow.
bool parseDecimalToNs(std::string_view text, std::int64_t unitNs, TimeNs &out);

inline bool parseMicrosToNs(std::string_view text, TimeNs &out) { return parseDecimalToNs(text, 1000, out); }

/// Parses a decimal integer (optionally signed); false on anything else or overflow.
bool parseInt64(std::string_view text, std::int64_t &out);

} // namespace accelscope::model
