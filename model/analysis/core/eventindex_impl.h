// Template bodies of scanTopLevelScalarsUntil / forEachTopLevelScalar (included by eventindex.h).
#pragma once

#include <string_view>

namespace accelscope::model::analysis {

namespace detail {
inline std::size_t skipWs(std::string_view s, std::size_t i)
{
    while (i < s.size() && (s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t'))
        ++i;
    return i;
}
/// i at the opening quote; returns the index after the closing quote, or npos.
inline std::size_t skipString(std::string_view s, std::size_t i)
{
    for (++i; i < s.size(); ++i) {
        if (s[i] == '\\')
            ++i;
        else if (s[i] == '"')
            return i + 1;
    }
    return std::string_view::npos;
}
/// i at '{' or '['; returns the index after the matching bracket, or npos.
inline std::size_t skipNested(std::string_view s, std::size_t i)
{
    int depth = 0;
    while (i < s.size()) {
        const char c = s[i];
        if (c == '"') {
            i = skipString(s, i);
            if (i == std::string_view::npos)
                return i;
            continue;
        }
        if (c == '{' || c == '[')
            ++depth;
        else if (c == '}' || c == ']') {
            if (--depth == 0)
                return i + 1;
        }
        ++i;
    }
    return std::string_view::npos;
}
} // namespace detail

template <typename F>
void scanTopLevelScalarsUntil(std::string_view s, F &&fn)
{
    std::size_t i = detail::skipWs(s, 0);
    if (i >= s.size() || s[i] != '{')
        return;
    ++i;
    while (true) {
        i = detail::skipWs(s, i);
        if (i >= s.size() || s[i] != '"')
            return;
        const std::size_t keyEnd = detail::skipString(s, i);
        if (keyEnd == std::string_view::npos)
            return;
        const std::string_view key = s.substr(i + 1, keyEnd - i - 2);
        i = detail::skipWs(s, keyEnd);
        if (i >= s.size() || s[i] != ':')
            return;
        i = detail::skipWs(s, i + 1);
        if (i >= s.size())
            return;
        const char c = s[i];
        if (c == '"') {
            const std::size_t e = detail::skipString(s, i);
            if (e == std::string_view::npos)
                return;
            if (!fn(key, s.substr(i + 1, e - i - 2), true))
                return;
            i = e;
        } else if (c == '{' || c == '[') {
            i = detail::skipNested(s, i);
            if (i == std::string_view::npos)
                return;
        } else {
            std::size_t e = i;
            while (e < s.size() && s[e] != ',' && s[e] != '}' && s[e] != ' ' && s[e] != '\n')
                ++e;
            if (!fn(key, s.substr(i, e - i), false))
                return;
            i = e;
        }
        i = detail::skipWs(s, i);
        if (i >= s.size() || s[i] != ',')
            return;
        ++i;
    }
}

template <typename F>
void forEachTopLevelScalar(std::string_view s, F &&fn)
{
    scanTopLevelScalarsUntil(s, [&fn](std::string_view key, std::string_view value, bool isString) {
        fn(key, value, isString);
        return true;
    });
}

} // namespace accelscope::model::analysis
