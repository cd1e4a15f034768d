#include "compilerlog.h"

#include "model/asciitext.h"

#include <algorithm>
#include <charconv>
#include <unordered_set>

namespace accelscope::importers::aiu {

namespace {

bool isNameChar(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
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

namespace {

/// acelyzer's phase line: whitespace, PREFILL or DECODING, whitespace (the line's newline counts).
std::string_view phaseOfLine(std::string_view line)
{
    if (line.empty() || (line.front() != ' ' && line.front() != '\t'))
        return {};
    const std::string_view t = model::trimmed(line);
    if (t == "PREFILL")
        return "TTFT";
    if (t == "DECODING")
        return "ITL";
    return {};
}

/// Splits a row's token as acelyzer's re.split on "-opCat" and a trailing "-NA" does: the kernel is
/// the part before the first separator; with a separator the category is the last part when the
/// first separator is -opCat ("a-opCatB-opCatC" -> C), else "NotAvailable"; without one "Total".
void splitToken(std::string_view token, std::string_view &kernel, std::string &category)
{
    const std::size_t cat = token.find("-opCat");
    const bool na = token.size() >= 3 && token.substr(token.size() - 3) == "-NA";
    const std::size_t naAt = na ? token.size() - 3 : std::string_view::npos;
    const std::size_t first = std::min(cat, naAt);
    if (first == std::string_view::npos) {
        kernel = token;
        category = "Total";
        return;
    }
    kernel = token.substr(0, first);
    if (first != cat) {
        category = "NotAvailable";
        return;
    }
    // Last part: after the last separator (a trailing -NA leaves an empty last part).
    if (na) {
        category.clear();
        return;
    }
    category = std::string(token.substr(token.rfind("-opCat") + 6));
}

} // namespace

std::vector<IdealCyclesTable> parseCompilerLog(std::string_view text)
{
    // acelyzer reads line by line with one state: the phase (set by a PREFILL / DECODING line and
    // kept for every later table until the next such line), autopilot (set once), and whether a
    // table is open. Phase and autopilot lines count inside tables too; a start line inside an open
    // table starts a new one and drops the unfinished rows.
    std::vector<IdealCyclesTable> tables;
    bool inTable = false, autopilot = false;
    std::string phase = "UNKN";
    IdealCyclesTable cur;
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos)
            nl = text.size();
        const std::string_view line = text.substr(pos, nl - pos);
        pos = nl + 1;
        const bool last = nl == text.size();
        if (line.find("DSM-AutoPilot BEGIN") != std::string_view::npos) {
            autopilot = true;
        } else if (line.find("Ideal Clock Scaling:") != std::string_view::npos) {
            // obsolete setting, ignored as acelyzer does
        } else if (const std::string_view p = phaseOfLine(line); !p.empty()) {
            phase = std::string(p);
        } else if (line.find(" Ideal/Total Cycles ") != std::string_view::npos) {
            inTable = true;
            cur = IdealCyclesTable{};
            cur.phase = phase;
            cur.autopilot = autopilot;
        } else if (inTable && line.find("====== Perf Summary End ======") != std::string_view::npos) {
            inTable = false;
            tables.push_back(std::move(cur));
            cur = IdealCyclesTable{};
        } else if (inTable) {
            std::string_view token;
            std::uint64_t cycles = 0;
            if (parseRow(line, token, cycles) && token.find("Precompute") == std::string_view::npos
                && token.find("-LxPreload") == std::string_view::npos) {
                model::AiuIdealKernel k;
                std::string_view kernel;
                splitToken(token, kernel, k.category);
                if (!kernel.empty()) { // acelyzer skips rows whose kernel part is empty
                    k.kernel = autopilot ? std::string("Total") : std::string(kernel) + " Cmpt Exec";
                    k.idealCycles = cycles;
                    k.phase = cur.phase;
                    if (std::find(cur.categories.begin(), cur.categories.end(), k.category) == cur.categories.end())
                        cur.categories.push_back(k.category);
                    cur.kernels.push_back(std::move(k));
                }
            }
        }
        if (last)
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
