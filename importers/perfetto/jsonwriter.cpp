#include "jsonwriter.h"

#include "model/jsonstring.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>

namespace accelscope::importers::perfetto::json {

namespace {

/// Length of the valid UTF-8 sequence starting at p (1..4), or 0 when invalid.
std::size_t utf8Length(const unsigned char *p, const unsigned char *end)
{
    const unsigned char c = p[0];
    auto cont = [&](std::size_t i) { return p + i < end && (p[i] & 0xC0) == 0x80; };
    if (c >= 0xC2 && c <= 0xDF)
        return cont(1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (!cont(1) || !cont(2))
            return 0;
        if (c == 0xE0 && p[1] < 0xA0)
            return 0; // overlong
        if (c == 0xED && p[1] >= 0xA0)
            return 0; // surrogates
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (!cont(1) || !cont(2) || !cont(3))
            return 0;
        if (c == 0xF0 && p[1] < 0x90)
            return 0;
        if (c == 0xF4 && p[1] >= 0x90)
            return 0;
        return 4;
    }
    return 0;
}

} // namespace

bool appendString(std::string &out, std::string_view s)
{
    bool valid = true;
    out.push_back('"');
    const auto *p = reinterpret_cast<const unsigned char *>(s.data());
    const auto *end = p + s.size();
    const auto *run = p;
    auto flush = [&](const unsigned char *upTo) {
        if (upTo > run)
            out.append(reinterpret_cast<const char *>(run), static_cast<std::size_t>(upTo - run));
    };
    while (p < end) {
        const unsigned char c = *p;
        if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) [[likely]] {
            ++p;
            continue;
        }
        if (c >= 0x80) {
            const std::size_t n = utf8Length(p, end);
            if (n) {
                p += n;
                continue;
            }
            flush(p);
            out.append("\xEF\xBF\xBD"); // U+FFFD
            valid = false;
            run = ++p;
            continue;
        }
        flush(p);
        model::appendJsonEscaped(out, std::string_view(reinterpret_cast<const char *>(p), 1));
        run = ++p;
    }
    flush(p);
    out.push_back('"');
    return valid;
}

void appendInt(std::string &out, std::int64_t v)
{
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

void appendUint(std::string &out, std::uint64_t v)
{
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
}

void appendDouble(std::string &out, double v)
{
    if (!std::isfinite(v)) {
        out.append(std::isnan(v) ? "\"NaN\"" : (v > 0 ? "\"Infinity\"" : "\"-Infinity\""));
        return;
    }
    char buf[32];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    out.append(buf, r.ptr);
    // Keep doubles recognisable as reals ("92.0", not "92"), as Perfetto's arg table does.
    if (std::memchr(buf, '.', static_cast<std::size_t>(r.ptr - buf)) == nullptr
        && std::memchr(buf, 'e', static_cast<std::size_t>(r.ptr - buf)) == nullptr)
        out.append(".0");
}

void appendPointer(std::string &out, std::uint64_t v)
{
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v, 16);
    out.append("\"0x");
    out.append(buf, r.ptr);
    out.push_back('"');
}

namespace {

struct Validator {
    const char *p;
    const char *end;
    int maxDepth;
    int depth = 0; ///< objects and arrays open around p
    bool tooDeep = false;

    void ws()
    {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
            ++p;
    }
    bool lit(const char *s)
    {
        const std::size_t n = std::strlen(s);
        if (static_cast<std::size_t>(end - p) < n || std::memcmp(p, s, n) != 0)
            return false;
        p += n;
        return true;
    }
    bool string()
    {
        if (p >= end || *p != '"')
            return false;
        ++p;
        while (p < end) {
            const unsigned char c = static_cast<unsigned char>(*p);
            if (c == '"') {
                ++p;
                return true;
            }
            if (c < 0x20)
                return false;
            if (c == '\\') {
                ++p;
                if (p >= end)
                    return false;
                if (*p == 'u') {
                    for (int i = 1; i <= 4; ++i)
                        if (p + i >= end || !std::isxdigit(static_cast<unsigned char>(p[i])))
                            return false;
                    p += 5;
                    continue;
                }
                if (!std::strchr("\"\\/bfnrt", *p))
                    return false;
            }
            ++p;
        }
        return false;
    }
    bool number()
    {
        const char *s = p;
        if (p < end && *p == '-')
            ++p;
        if (p >= end || !std::isdigit(static_cast<unsigned char>(*p)))
            return false;
        if (*p == '0')
            ++p;
        else
            while (p < end && std::isdigit(static_cast<unsigned char>(*p)))
                ++p;
        if (p < end && *p == '.') {
            ++p;
            if (p >= end || !std::isdigit(static_cast<unsigned char>(*p)))
                return false;
            while (p < end && std::isdigit(static_cast<unsigned char>(*p)))
                ++p;
        }
        if (p < end && (*p == 'e' || *p == 'E')) {
            ++p;
            if (p < end && (*p == '+' || *p == '-'))
                ++p;
            if (p >= end || !std::isdigit(static_cast<unsigned char>(*p)))
                return false;
            while (p < end && std::isdigit(static_cast<unsigned char>(*p)))
                ++p;
        }
        return p > s;
    }
    bool value()
    {
        ws();
        if (p >= end)
            return false;
        const bool container = *p == '{' || *p == '[';
        if (container) {
            if (depth >= maxDepth) {
                tooDeep = true; // also bounds the recursion
                return false;
            }
            ++depth;
        }
        bool ok = false;
        switch (*p) {
        case '{': {
            ++p;
            ws();
            if (p < end && *p == '}') {
                ++p;
                ok = true;
                break;
            }
            while (true) {
                ws();
                if (!string())
                    return false;
                ws();
                if (p >= end || *p != ':')
                    return false;
                ++p;
                if (!value())
                    return false;
                ws();
                if (p < end && *p == ',') {
                    ++p;
                    continue;
                }
                if (p < end && *p == '}') {
                    ++p;
                    ok = true;
                }
                break;
            }
            break;
        }
        case '[': {
            ++p;
            ws();
            if (p < end && *p == ']') {
                ++p;
                ok = true;
                break;
            }
            while (true) {
                if (!value())
                    return false;
                ws();
                if (p < end && *p == ',') {
                    ++p;
                    continue;
                }
                if (p < end && *p == ']') {
                    ++p;
                    ok = true;
                }
                break;
            }
            break;
        }
        case '"': ok = string(); break;
        case 't': ok = lit("true"); break;
        case 'f': ok = lit("false"); break;
        case 'n': ok = lit("null"); break;
        default: ok = number();
        }
        if (container)
            --depth;
        return ok;
    }
};

} // namespace

bool isValid(std::string_view s, int maxDepth, bool *tooDeep)
{
    Validator v{s.data(), s.data() + s.size(), maxDepth};
    const bool ok = v.value();
    if (tooDeep)
        *tooDeep = v.tooDeep;
    if (!ok)
        return false;
    v.ws();
    return v.p == v.end;
}

} // namespace accelscope::importers::perfetto::json
