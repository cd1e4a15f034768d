#include "compilerlog.h"

#include <algorithm>
#include <charconv>
#include <unordered_set>

namespace accelscope::importers::aiu {

namespace {

bool isNameChar(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

/// A data row: one name token of [A-Za-z0-9_-], one or more spaces (tabs do not count), decimal
/// digits, optional trailing spaces.
bool parseRow(std::string_view line, std::string_view &token, std::uint64_t &cycles)
{
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    std::size_t i = 0;
    while (i < line.size() && isNameChar(line[i]))
        ++i;
    if (i == 0)
        return false;
    token = line.substr(0, i);
    const std::size_t sp = i;
    while (i < line.size() && line[i] == ' ')
        ++i;
    if (i == sp)
        return false;
    const std::size_t d = i;
    while (i < line.size() && line[i] >= '0' && line[i] <= '9')
        ++i;
    if (i == d)
        return false;
    if (std::from_chars(line.data() + d, line.data() + i, cycles).ec != std::errc())
        return false;
    while (i < line.size() && line[i] == ' ')
        ++i;
    return i == line.size();
}

} // namespace

bool looksLikeCompilerLog(std::string_view head)
{
    return head.find(" Ideal/Total Cycles ") != std::string_view::npos;
}

std::vector<IdealCyclesTable> parseCompilerLog(std::string_view text)
{
    std::vector<IdealCyclesTable> tables;
    bool inTable = false, autopilot = false;
    std::string nextPhase = "UNKN";
    IdealCyclesTable cur;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = text.size();
        const std::string_view line = text.substr(pos, nl - pos);
        pos = nl + 1;
        if (!inTable) {
            if (line.find(" Ideal/Total Cycles ") != std::string_view::npos) {
                inTable = true;
                cur = IdealCyclesTable{};
                cur.phase = nextPhase;
                cur.autopilot = autopilot;
                nextPhase = "UNKN";
            } else if (line.find("DSM-AutoPilot BEGIN") != std::string_view::npos) {
                autopilot = true;
            } else {
                const std::string_view t = trim(line);
                if (t == "PREFILL")
                    nextPhase = "TTFT";
                else if (t == "DECODING")
                    nextPhase = "ITL";
            }
            if (nl == text.size())
                break;
            continue;
        }
        if (line.find("====== Perf Summary End ======") != std::string_view::npos) {
            inTable = false;
            tables.push_back(std::move(cur));
            cur = IdealCyclesTable{};
            if (nl == text.size())
                break;
            continue;
        }
        std::string_view token;
        std::uint64_t cycles = 0;
        if (parseRow(line, token, cycles)) {
            if (token.find("Precompute") != std::string_view::npos || token.find("-LxPreload") != std::string_view::npos)
                continue;
            model::AiuIdealKernel k;
            const std::size_t cat = token.find("-opCat");
            std::string_view kernel = token;
            if (cat != std::string_view::npos) {
                kernel = token.substr(0, cat);
                k.category = std::string(token.substr(cat + 6));
            } else if (token.size() > 3 && token.substr(token.size() - 3) == "-NA") {
                kernel = token.substr(0, token.size() - 3);
                k.category = "NotAvailable";
            } else {
                k.category = "Total";
            }
            k.kernel = cur.autopilot ? std::string("Total") : std::string(kernel) + " Cmpt Exec";
            k.idealCycles = cycles;
            k.phase = cur.phase;
            if (std::find(cur.categories.begin(), cur.categories.end(), k.category) == cur.categories.end())
                cur.categories.push_back(k.category);
            cur.kernels.push_back(std::move(k));
        }
        if (nl == text.size())
            break;
    }
    if (inTable && !cur.kernels.empty())
        tables.push_back(std::move(cur)); // a log cut before the table's end line
    return tables;
}

int pickTable(const std::vector<IdealCyclesTable> &tables, const std::vector<std::string> &kernelNames)
{
    int best = -1;
    std::size_t bestHits = 0, bestUnmatched = 0;
    const std::unordered_set<std::string> names(kernelNames.begin(), kernelNames.end());
    for (std::size_t t = 0; t < tables.size(); ++t) {
        std::size_t hits = 0;
        for (const auto &k : tables[t].kernels)
            hits += names.count(k.kernel);
        const std::size_t unmatched = tables[t].kernels.size() - hits;
        if (hits > 0 && (best < 0 || hits > bestHits || (hits == bestHits && unmatched < bestUnmatched))) {
            best = static_cast<int>(t);
            bestHits = hits;
            bestUnmatched = unmatched;
        }
    }
    return best;
}

} // namespace accelscope::importers::aiu
