#include "globalprofile.h"

#include "model/asciitext.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

namespace accelscope::importers::sophgo {

namespace {

bool isKey(std::string_view k)
{
    if (k.empty())
        return false;
    return std::all_of(k.begin(), k.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
}

std::optional<std::int64_t> toInt(std::string_view v)
{
    v = model::trimmed(v);
    std::int64_t out = 0;
    auto r = std::from_chars(v.data(), v.data() + v.size(), out);
    if (r.ec != std::errc() || r.ptr != v.data() + v.size())
        return std::nullopt;
    return out;
}

std::string upper(std::string_view s)
{
    std::string u(s);
    for (char &c : u)
        if (c >= 'a' && c <= 'z')
            c = char(c - 'a' + 'A');
    return u;
}

} // namespace

DumpFamily familyOf(SophgoArch arch)
{
    switch (arch) {
    case SophgoArch::AKS:
    case SophgoArch::AKSV:
        return DumpFamily::Cdmlib;
    case SophgoArch::BM1684:
    case SophgoArch::BM1684X:
    case SophgoArch::BM1688:
    case SophgoArch::CV184X:
        return DumpFamily::Bmprofile;
    case SophgoArch::Unknown:
        break;
    }
    return DumpFamily::Unknown;
}

std::string_view archChipName(SophgoArch arch)
{
    switch (arch) {
    case SophgoArch::BM1684: return "BM1684";
    case SophgoArch::BM1684X: return "BM1684X";
    case SophgoArch::BM1688: return "BM1688";
    case SophgoArch::CV184X: return "CV184X";
    case SophgoArch::AKS: return "BM1690";
    case SophgoArch::AKSV: return "SG2260E";
    case SophgoArch::Unknown: break;
    }
    return "unknown";
}

SophgoArch archFromValue(std::string_view value)
{
    value = model::trimmed(value);
    if (auto n = toInt(value)) {
        switch (*n) {
        case 1: return SophgoArch::BM1684;
        case 3: return SophgoArch::BM1684X;
        case 4: return SophgoArch::BM1688;
        case 5:
        case 8800: return SophgoArch::AKS;
        case 6:
        case 140814: return SophgoArch::AKSV;
        case 7:
        case 8: return SophgoArch::CV184X;
        default: return SophgoArch::Unknown;
        }
    }
    const std::string u = upper(value);
    if (u == "BM1684") return SophgoArch::BM1684;
    if (u == "BM1684X") return SophgoArch::BM1684X;
    if (u == "BM1688") return SophgoArch::BM1688;
    if (u == "CV184X") return SophgoArch::CV184X;
    if (u == "BM1690" || u == "SG2260" || u == "AKS") return SophgoArch::AKS;
    if (u == "SG2260E" || u == "AKSV") return SophgoArch::AKSV;
    return SophgoArch::Unknown;
}

std::optional<std::string_view> GlobalProfile::value(std::string_view key) const
{
    auto it = values.find(key);
    if (it == values.end())
        return std::nullopt;
    return std::string_view(it->second);
}

std::optional<std::int64_t> GlobalProfile::intValue(std::string_view key) const
{
    auto v = value(key);
    if (!v)
        return std::nullopt;
    return toInt(*v);
}

model::Result<GlobalProfile> parseGlobalProfile(std::string text, const std::filesystem::path &path)
{
    GlobalProfile g;
    g.path = path;
    std::string_view rest(text);
    while (!rest.empty()) {
        const std::size_t nl = rest.find('\n');
        std::string_view line = rest.substr(0, nl);
        rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
        line = model::trimmed(line);
        constexpr std::string_view kPrefix = "[bmprofile]";
        if (line.starts_with(kPrefix)) {
            g.bmprofilePrefix = true;
            line = model::trimmed(line.substr(kPrefix.size()));
        }
        if (line.empty())
            continue;
        if (line == "bmodel") {
            g.bmodelCapture = true;
            continue;
        }
        const std::size_t eq = line.find('=');
        if (eq == std::string_view::npos)
            continue;
        // cdmlib files hold one pair per line ("key=value", value may contain spaces);
        // bmprofile lines hold several space-separated pairs.
        const std::string_view key = model::trimmed(line.substr(0, eq));
        if (isKey(key) && !g.bmprofilePrefix) {
            g.values.try_emplace(std::string(key), std::string(model::trimmed(line.substr(eq + 1))));
            continue;
        }
        std::size_t p = 0;
        while (p < line.size()) {
            while (p < line.size() && line[p] == ' ')
                ++p;
            std::size_t e = line.find(' ', p);
            if (e == std::string_view::npos)
                e = line.size();
            const std::string_view tok = line.substr(p, e - p);
            const std::size_t teq = tok.find('=');
            if (teq != std::string_view::npos && isKey(tok.substr(0, teq)))
                g.values.try_emplace(std::string(tok.substr(0, teq)), std::string(tok.substr(teq + 1)));
            p = e;
        }
    }
    auto arch = g.value("arch");
    if (!arch || arch->empty())
        return model::ImportError{path.string(), 0, false, "global.profile has no arch= line, so the chip is unknown"};
    g.archText = std::string(*arch);
    g.archValue = toInt(g.archText).value_or(-1);
    g.arch = archFromValue(g.archText);
    g.text = std::move(text);
    return g;
}

model::Result<GlobalProfile> readGlobalProfile(const std::filesystem::path &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return model::ImportError{path.string(), 0, false, "cannot open global.profile"};
    std::ostringstream ss;
    ss << in.rdbuf();
    return parseGlobalProfile(ss.str(), path);
}

std::vector<std::uint64_t> numberTuple(std::string_view name)
{
    std::vector<std::uint64_t> out;
    std::uint64_t v = 0;
    bool in = false;
    for (char c : name) {
        if (c >= '0' && c <= '9') {
            v = v * 10 + std::uint64_t(c - '0');
            in = true;
        } else if (in) {
            out.push_back(v);
            v = 0;
            in = false;
        }
    }
    if (in)
        out.push_back(v);
    return out;
}

} // namespace accelscope::importers::sophgo
