#include "jsonstring.h"

namespace accelscope::model {

namespace {

bool plain(unsigned char c)
{
    return c >= 0x20 && c != '"' && c != '\\';
}

} // namespace

bool jsonNeedsEscape(std::string_view s)
{
    for (unsigned char c : s)
        if (!plain(c))
            return true;
    return false;
}

void appendJsonEscaped(std::string &out, std::string_view s)
{
    std::size_t run = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (plain(c))
            continue;
        out.append(s.data() + run, i - run);
        run = i + 1;
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default: {
            static constexpr char hex[] = "0123456789abcdef";
            const char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            out.append(u, 6);
        }
        }
    }
    out.append(s.data() + run, s.size() - run);
}

void appendJsonString(std::string &out, std::string_view s)
{
    out.push_back('"');
    appendJsonEscaped(out, s);
    out.push_back('"');
}

std::string jsonQuote(std::string_view s)
{
    std::string out;
    out.reserve(s.size() + 2);
    appendJsonString(out, s);
    return out;
}

} // namespace accelscope::model
