// Small helpers that write compact JSON text for args: strings (escaped, UTF-8 repaired),
// numbers (shortest round-trip form) and a syntax check for legacy_json_value payloads.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace accelscope::importers::perfetto::json {

/// Appends `s` as a quoted JSON string. Invalid UTF-8 bytes become U+FFFD (returns false when
/// that happened); the rest is escaped as model/jsonstring.h escapes.
bool appendString(std::string &out, std::string_view s);
void appendInt(std::string &out, std::int64_t v);
void appendUint(std::string &out, std::uint64_t v);
/// Shortest round-trip form; NaN and infinities (not JSON) are written as strings.
void appendDouble(std::string &out, double v);
/// "0x1f2e" as a JSON string.
void appendPointer(std::string &out, std::uint64_t v);
/// True when `s` is one complete JSON value (RFC 8259 syntax) with objects and arrays nested at
/// most `maxDepth` levels ("[[1]]" has 2); `tooDeep` (optional) tells whether that was why not.
bool isValid(std::string_view s, int maxDepth = 256, bool *tooDeep = nullptr);

} // namespace accelscope::importers::perfetto::json
