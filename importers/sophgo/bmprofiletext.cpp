#include "importers/sophgo/bmprofiletext.h"

#include <charconv>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>

namespace accelscope::importers::sophgo {

namespace {

/// The value of `key=` in a line: the text up to the next space (empty when absent).
std::optional<std::string_view> valueOf(std::string_view line, std::string_view key)
{
    std::size_t from = 0;
    while (true) {
        const auto at = line.find(key, from);
        if (at == std::string_view::npos)
            return std::nullopt;
        const bool boundary = at == 0 || line[at - 1] == ' ' || line[at - 1] == '(';
        if (boundary && at + key.size() < line.size() + 1 && line.substr(at + key.size(), 1) == "=") {
            const auto start = at + key.size() + 1;
            auto end = line.find_first_of(" )", start);
            if (end == std::string_view::npos)
                end = line.size();
            return line.substr(start, end - start);
        }
        from = at + 1;
    }
}

std::optional<std::int64_t> intOf(std::string_view line, std::string_view key)
{
    const auto v = valueOf(line, key);
    if (!v || v->empty())
        return std::nullopt;
    std::int64_t out = 0;
    const auto *b = v->data();
    const auto *e = v->data() + v->size();
    const auto r = std::from_chars(b, e, out);
    if (r.ec != std::errc() || r.ptr != e)
        return std::nullopt;
    return out;
}

std::string_view trimPrefix(std::string_view line)
{
    constexpr std::string_view prefix = "[bmprofile] ";
    if (line.substr(0, prefix.size()) == prefix)
        line.remove_prefix(prefix.size());
    while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
        line.remove_suffix(1);
    return line;
}

} // namespace

const StaticSubnet *StaticProgram::subnet(std::int64_t id) const
{
    for (const auto &s : subnets)
        if (s.subnetId == id)
            return &s;
    return nullptr;
}

StaticProgram parseStaticProgram(std::string_view text)
{
    StaticProgram p;
    std::int32_t currentLayer = -1;
    std::int64_t currentSubnet = -1; // index into p.subnets
    std::size_t pos = 0;
    std::uint64_t lineNo = 0;
    while (pos < text.size()) {
        auto nl = text.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = text.size();
        const auto line = trimPrefix(text.substr(pos, nl - pos));
        pos = nl + 1;
        ++lineNo;
        if (line.empty())
            continue;
        if (line.starts_with("start to run")) {
            const auto id = intOf(line, "subnet_id");
            if (!id)
                continue;
            currentSubnet = -1;
            for (std::size_t i = 0; i < p.subnets.size(); ++i)
                if (p.subnets[i].subnetId == *id)
                    currentSubnet = static_cast<std::int64_t>(i);
            if (currentSubnet < 0) {
                p.subnets.push_back({*id, {}, {}});
                currentSubnet = static_cast<std::int64_t>(p.subnets.size() - 1);
            }
            continue;
        }
        if (line.starts_with("global_layer:") || line.starts_with("local_layer:")) {
            const auto id = intOf(line, "layer_id");
            const auto type = valueOf(line, "layer_type");
            if (!id || !type)
                continue;
            StaticLayer l;
            l.layerId = *id;
            l.type = std::string(*type);
            l.name = std::string(valueOf(line, "layer_name").value_or(""));
            l.isLocal = line.starts_with("local_layer:");
            p.layers.push_back(std::move(l));
            currentLayer = static_cast<std::int32_t>(p.layers.size() - 1);
            continue;
        }
        const bool bdLine = line.starts_with("bd cmd_id");
        const bool gdmaLine = line.starts_with("gdma cmd_id");
        if (!bdLine && !gdmaLine)
            continue;
        const auto bd = intOf(line, "bd_id");
        const auto gdma = intOf(line, "gdma_id");
        if (!bd || !gdma)
            continue;
        StaticNode n;
        n.bdId = *bd;
        n.gdmaId = *gdma;
        n.layer = currentLayer;
        n.line = lineNo;
        bool isTiu = false;
        if (const auto f = intOf(line, "bd_func")) {
            isTiu = true;
            n.func = static_cast<unsigned>(*f);
            if (gdmaLine)
                ++p.tiuLinesWithGdmaPrefix;
        } else if (gdmaLine) {
            const auto f = intOf(line, "gdma_func");
            const auto d = intOf(line, "gdma_dir");
            if (!f || !d)
                continue;
            n.func = static_cast<unsigned>(*f);
            n.dir = static_cast<int>(*d);
        } else {
            continue;
        }
        if (currentSubnet < 0)
            continue; // tpu-mlir keeps such nodes in a list no subnet owns
        auto &s = p.subnets[static_cast<std::size_t>(currentSubnet)];
        auto &list = isTiu ? s.bdNodes : s.gdmaNodes;
        n.ordinal = static_cast<std::int64_t>(list.size());
        list.push_back(n);
    }
    return p;
}

std::string bm1684xBdFuncName(unsigned f)
{
    switch (f) {
    case 0: return "CONV";
    case 1: return "PD";
    case 2: return "MM";
    case 3: return "AR";
    case 4: return "RQDQ";
    case 5: return "TRANS_BC";
    case 6: return "SG";
    case 7: return "LAR";
    case 9: return "SFU";
    case 10: return "LIN";
    case 12: return "SYS_TRWR";
    case 13: return "CMP";
    case 14: return "VC";
    case 15: return "SYS";
    default: return "BD_FUNC_" + std::to_string(f);
    }
}

std::string bm1684xGdmaFuncName(unsigned f)
{
    switch (f) {
    case 0: return "TENSOR";
    case 1: return "MATRIX";
    case 2: return "MASKED_SELECT";
    case 3: return "GENERAL";
    case 4: return "CW_TRANS";
    case 5: return "NONZERO";
    case 6: return "SYS";
    case 7: return "GATHER";
    case 8: return "SCATTER";
    default: return "GDMA_FUNC_" + std::to_string(f);
    }
}

std::string bm1684BdFuncName(unsigned f)
{
    static const char *const names[] = {"CONV_NEURON", "DEPTHWISE_OR_POOLING", "FC", "TENSOR_ARITHMETIC", "FC2",
                                        "CONV_CORRELATION", "TABLE_LOOKUP", "MD_SUM", "MD_SCALAR", "MD_SFU", "MD_LINEAR",
                                        "LOCALMEM_ARANGE", "DECOMPRESS", "MD_CMP", "VECTOR_CORRELATION"};
    return f < std::size(names) ? names[f] : "BD_FUNC_" + std::to_string(f);
}

std::string bm1684GdmaFuncName(unsigned f)
{
    static const char *const names[] = {"NORMAL", "TRANS", "LRN_SHIFT", "FORMAT", "CONSTANT",
                                        "CW_TRANS", "WINOGRAD", "FILTER", "FILTER_RES_COUNTER"};
    return f < std::size(names) ? names[f] : "GDMA_FUNC_" + std::to_string(f);
}

std::string bm1684GdmaDirection(int dir)
{
    switch (dir) {
    case 0: return "DDR->LMEM";
    case 1: return "LMEM->DDR";
    case 2: return "DDR->DDR";
    case 3: return "LMEM->LMEM";
    default: return {};
    }
}

NetStat parseNetStatText(std::string_view text)
{
    NetStat out;
    std::size_t pos = 0;
    std::uint64_t lineNo = 0;
    while (pos < text.size()) {
        auto nl = text.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = text.size();
        const auto line = text.substr(pos, nl - pos);
        pos = nl + 1;
        ++lineNo;
        if (line.starts_with("API_END")) {
            const auto at = line.find("total_cycle:");
            if (at != std::string_view::npos) {
                const auto *b = line.data() + at + 12;
                std::from_chars(b, line.data() + line.size(), out.totalCycles);
            }
            continue;
        }
        if (line.starts_with("flops:")) {
            const auto at = line.find("runtime:");
            if (at != std::string_view::npos)
                out.runtimeMs = std::strtod(std::string(line.substr(at + 8)).c_str(), nullptr);
            continue;
        }
        // Schedule lines: whitespace-separated items "Name|FUNC|s:..|b:..|g:..|e:..|t:..[|dr:..|sz:..|bw:..]".
        std::size_t t = 0;
        while (t < line.size()) {
            while (t < line.size() && (line[t] == ' ' || line[t] == '\t' || line[t] == '\r'))
                ++t;
            auto end = t;
            while (end < line.size() && line[end] != ' ' && line[end] != '\t' && line[end] != '\r')
                ++end;
            const auto token = line.substr(t, end - t);
            t = end;
            if (token.find("|s:") == std::string_view::npos)
                continue;
            NetStatItem item;
            std::size_t f = 0;
            int field = 0;
            bool haveStart = false, haveEnd = false;
            while (f <= token.size()) {
                auto bar = token.find('|', f);
                if (bar == std::string_view::npos)
                    bar = token.size();
                const auto part = token.substr(f, bar - f);
                if (field == 0)
                    item.name = std::string(part);
                else if (field == 1)
                    item.func = std::string(part);
                else if (part.size() > 2 && part[1] == ':' && (part[0] == 's' || part[0] == 'e')) {
                    std::int64_t v = 0;
                    const auto r = std::from_chars(part.data() + 2, part.data() + part.size(), v);
                    if (r.ec == std::errc()) {
                        (part[0] == 's' ? item.start : item.end) = v;
                        (part[0] == 's' ? haveStart : haveEnd) = true;
                    }
                }
                ++field;
                f = bar + 1;
            }
            // Zero-length items are written with e = s - 1 (t:0).
            if (!haveStart || !haveEnd || item.end < item.start - 1) {
                if (!out.skippedLines++)
                    out.firstSkippedLine = lineNo;
                continue;
            }
            item.gdma = item.func.starts_with("GDMA");
            out.items.push_back(std::move(item));
        }
    }
    return out;
}

model::Result<NetStat> parseNetStat(const std::filesystem::path &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return model::ImportError{path.string(), 0, false, "net_stat.sim cannot be opened."};
    std::ostringstream s;
    s << in.rdbuf();
    return parseNetStatText(s.str());
}

} // namespace accelscope::importers::sophgo
