#include "argstree.h"

#include <cctype>
#include <cstdint>

namespace accelscope::model {

const ArgNode *ArgNode::child(std::string_view k) const
{
    for (const auto &c : children)
        if (c.key == k)
            return &c;
    return nullptr;
}

namespace {

class Parser {
public:
    Parser(std::string_view s, int maxDepth) : m_s(s), m_maxDepth(maxDepth) {}

    /// `depth`: the nesting level an object or array at this point would have (1 at the root).
    bool parseValue(ArgNode &out, int depth)
    {
        skipWs();
        if (m_i >= m_s.size())
            return false;
        const char c = m_s[m_i];
        if ((c == '{' || c == '[') && depth > m_maxDepth)
            return false;
        if (c == '{') {
            out.type = ArgNode::Type::Object;
            ++m_i;
            skipWs();
            if (peek('}')) {
                ++m_i;
                return true;
            }
            for (;;) {
                skipWs();
                ArgNode child;
                if (!parseString(child.key))
                    return false;
                skipWs();
                if (!peek(':'))
                    return false;
                ++m_i;
                if (!parseValue(child, depth + 1))
                    return false;
                out.children.push_back(std::move(child));
                skipWs();
                if (peek(',')) {
                    ++m_i;
                    continue;
                }
                if (peek('}')) {
                    ++m_i;
                    return true;
                }
                return false;
            }
        }
        if (c == '[') {
            out.type = ArgNode::Type::Array;
            ++m_i;
            skipWs();
            if (peek(']')) {
                ++m_i;
                return true;
            }
            for (std::size_t idx = 0;; ++idx) {
                ArgNode child;
                child.key = std::to_string(idx);
                if (!parseValue(child, depth + 1))
                    return false;
                out.children.push_back(std::move(child));
                skipWs();
                if (peek(',')) {
                    ++m_i;
                    continue;
                }
                if (peek(']')) {
                    ++m_i;
                    return true;
                }
                return false;
            }
        }
        if (c == '"') {
            out.type = ArgNode::Type::String;
            return parseString(out.value);
        }
        if (m_s.substr(m_i, 4) == "true" || m_s.substr(m_i, 4) == "null") {
            out.type = m_s[m_i] == 't' ? ArgNode::Type::Bool : ArgNode::Type::Null;
            out.value = std::string(m_s.substr(m_i, 4));
            m_i += 4;
            return true;
        }
        if (m_s.substr(m_i, 5) == "false") {
            out.type = ArgNode::Type::Bool;
            out.value = "false";
            m_i += 5;
            return true;
        }
        const std::size_t b = m_i;
        while (m_i < m_s.size() && (std::isdigit(static_cast<unsigned char>(m_s[m_i])) || m_s[m_i] == '-'
                                    || m_s[m_i] == '+' || m_s[m_i] == '.' || m_s[m_i] == 'e' || m_s[m_i] == 'E'))
            ++m_i;
        if (b == m_i)
            return false;
        out.type = ArgNode::Type::Number;
        out.value = std::string(m_s.substr(b, m_i - b));
        return true;
    }

    bool parseString(std::string &out)
    {
        if (!peek('"'))
            return false;
        ++m_i;
        while (m_i < m_s.size()) {
            const char c = m_s[m_i++];
            if (c == '"')
                return true;
            if (c != '\\') {
                out.push_back(c);
                continue;
            }
            if (m_i >= m_s.size())
                return false;
            const char e = m_s[m_i++];
            switch (e) {
            case 'n': out.push_back('\n'); break;
            case 't': out.push_back('\t'); break;
            case 'r': out.push_back('\r'); break;
            case 'b': out.push_back('\b'); break;
            case 'f': out.push_back('\f'); break;
            case 'u': {
                std::uint32_t cp = 0;
                if (!hex4(cp))
                    return false;
                if (cp >= 0xD800 && cp < 0xDC00 && m_s.substr(m_i, 2) == "\\u") {
                    m_i += 2;
                    std::uint32_t lo = 0;
                    if (!hex4(lo))
                        return false;
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                }
                appendUtf8(out, cp);
                break;
            }
            default: out.push_back(e); break;
            }
        }
        return false;
    }

    void skipWs()
    {
        while (m_i < m_s.size() && (m_s[m_i] == ' ' || m_s[m_i] == '\n' || m_s[m_i] == '\t' || m_s[m_i] == '\r'))
            ++m_i;
    }
    bool atEnd()
    {
        skipWs();
        return m_i == m_s.size();
    }
    bool peek(char c) const { return m_i < m_s.size() && m_s[m_i] == c; }

private:
    bool hex4(std::uint32_t &cp)
    {
        if (m_i + 4 > m_s.size())
            return false;
        for (int k = 0; k < 4; ++k) {
            const char h = m_s[m_i++];
            cp <<= 4;
            if (h >= '0' && h <= '9') cp |= h - '0';
            else if (h >= 'a' && h <= 'f') cp |= h - 'a' + 10;
            else if (h >= 'A' && h <= 'F') cp |= h - 'A' + 10;
            else return false;
        }
        return true;
    }
    static void appendUtf8(std::string &out, std::uint32_t cp)
    {
        if (cp < 0x80) {
            out.push_back(static_cast<char>(cp));
        } else if (cp < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else if (cp < 0x10000) {
            out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        }
    }

    std::string_view m_s;
    int m_maxDepth;
    std::size_t m_i = 0;
};

} // namespace

std::optional<ArgNode> parseArgs(std::string_view json, int maxDepth)
{
    Parser p(json, maxDepth);
    ArgNode root;
    if (!p.parseValue(root, 1) || !p.atEnd())
        return std::nullopt;
    return root;
}

std::optional<std::string> findArg(std::string_view json, std::string_view key)
{
    auto root = parseArgs(json);
    if (!root || root->type != ArgNode::Type::Object)
        return std::nullopt;
    if (const ArgNode *c = root->child(key); c && c->type != ArgNode::Type::Object && c->type != ArgNode::Type::Array)
        return c->value;
    return std::nullopt;
}

} // namespace accelscope::model
