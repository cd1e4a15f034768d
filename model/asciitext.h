// Case folding and trimming of ASCII text: file names, CSV headers, task types and the other
// machine-written words the importers and analyses compare. Only A-Z fold (never through the C
// locale, so the result does not depend on the user's locale); other bytes, UTF-8 included,
// compare as they are. Prefix and suffix tests without case are std::string_view's own
// starts_with / ends_with.
#pragma once

#include <string>
#include <string_view>

namespace accelscope::model {

constexpr char asciiLower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

/// `s` with A-Z lowered.
inline std::string asciiLower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        c = asciiLower(c);
    return out;
}

/// True when `s` begins with `prefix`, A-Z compared without case.
constexpr bool startsWithNoCase(std::string_view s, std::string_view prefix)
{
    if (s.size() < prefix.size())
        return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (asciiLower(s[i]) != asciiLower(prefix[i]))
            return false;
    return true;
}

/// True when `a` and `b` are equal, A-Z compared without case.
constexpr bool equalsNoCase(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && startsWithNoCase(a, b);
}

/// True when `needle` occurs in `s`, A-Z compared without case (an empty needle always does).
constexpr bool containsNoCase(std::string_view s, std::string_view needle)
{
    for (std::size_t i = 0; i + needle.size() <= s.size(); ++i)
        if (startsWithNoCase(s.substr(i), needle))
            return true;
    return false;
}

/// Spaces, tabs and line ends: what a text line or a CSV cell is trimmed of by default.
inline constexpr std::string_view kBlankChars = " \t\r\n";

/// `s` without the leading and trailing characters that are in `chars`.
constexpr std::string_view trimmed(std::string_view s, std::string_view chars = kBlankChars)
{
    const std::size_t first = s.find_first_not_of(chars);
    if (first == std::string_view::npos)
        return s.substr(s.size());
    return s.substr(first, s.find_last_not_of(chars) - first + 1);
}

} // namespace accelscope::model
