// JSON string literals: the one escaper of the project (Chrome JSON export, analysis tables as
// JSON, category rules, args text written by importers). Escapes '"', '\' and the control
// characters below 0x20 (\n, \r, \t by name, the rest as \u00xx); every other byte, UTF-8
// included, is copied as it is.
#pragma once

#include <string>
#include <string_view>

namespace accelscope::model {

/// True when `s` holds a character that must be escaped in a JSON string.
bool jsonNeedsEscape(std::string_view s);
/// Appends `s` escaped, without quotes. Runs of plain characters are appended whole.
void appendJsonEscaped(std::string &out, std::string_view s);
/// Appends `s` as a quoted JSON string literal.
void appendJsonString(std::string &out, std::string_view s);
/// `s` as a quoted JSON string literal.
std::string jsonQuote(std::string_view s);

} // namespace accelscope::model
