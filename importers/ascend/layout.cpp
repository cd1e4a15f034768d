#include "layout.h"

#include "model/asciitext.h"

#include <simdjson.h>

#include <algorithm>
#include <fstream>
#include <regex>

namespace accelscope::importers::ascend {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxDirsVisited = 20000;

struct Entry {
    fs::path path;
    std::string name; // as on disk
    bool dir = false;
};

std::vector<Entry> listDir(const fs::path &dir)
{
    std::vector<Entry> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end; !ec && it != end;
         it.increment(ec)) {
        Entry e;
        e.path = it->path();
        e.name = e.path.filename().string();
        std::error_code ec2;
        const bool link = it->is_symlink(ec2);
        e.dir = !link && it->is_directory(ec2);
        if (!e.dir && !it->is_regular_file(ec2))
            continue;
        out.push_back(std::move(e));
    }
    std::sort(out.begin(), out.end(), [](const Entry &a, const Entry &b) { return a.name < b.name; });
    return out;
}

bool isSkippedDir(const std::string &name)
{
    const std::string l = model::asciiLower(name);
    return l.starts_with("prof_") || l == "framework" || l == "logs" || l == "log" || l.starts_with("device_")
        || l == "host" || l.starts_with("mindstudio_profiler") || l == "analyze" || l == "cluster_analysis_output"
        || l == "__pycache__" || l.starts_with(".") || l == "node_modules" || l == "timeline" || l == "summary"
        || l == "sqlite";
}

/// Known files of ASCEND_PROFILER_OUTPUT that make a folder worth importing.
bool isOutputFile(const std::string &l)
{
    return l == "trace_view.json" || l == "kernel_details.csv" || l == "step_trace_time.csv" || l == "op_statistic.csv"
        || l == "communication.json" || l == "communication_matrix.json" || l == "memory_record.csv"
        || l == "operator_memory.csv" || l == "npu_module_mem.csv" || l == "api_statistic.csv"
        || l == "operator_details.csv" || l == "analysis.db" || l == "communication_analyzer.db"
        || (l.ends_with(".db") && (l.starts_with("ascend_pytorch_profiler") || l.starts_with("ascend_mindspore_profiler")));
}

int trailingNumber(const std::string &stem)
{
    static const std::regex re("_(\\d+)$");
    std::smatch m;
    if (std::regex_search(stem, m, re))
        return std::stoi(m[1].str());
    return -1;
}

int rankFromFolderName(const std::string &name)
{
    static const std::regex re("rank[_-]?(\\d+)", std::regex::icase);
    std::smatch m;
    if (std::regex_search(name, m, re))
        return std::stoi(m[1].str());
    return -1;
}

std::optional<RankDir> scanRankDir(const fs::path &dir, const std::vector<Entry> &entries)
{
    RankDir rd;
    fs::path output;
    fs::path root = dir;
    for (const Entry &e : entries)
        if (e.dir && e.name == "ASCEND_PROFILER_OUTPUT")
            output = e.path;
    std::vector<Entry> outEntries;
    if (!output.empty()) {
        outEntries = listDir(output);
    } else {
        bool hasOutputFiles = false;
        for (const Entry &e : entries)
            if (!e.dir && isOutputFile(model::asciiLower(e.name)))
                hasOutputFiles = true;
        const bool named = dir.filename() == "ASCEND_PROFILER_OUTPUT";
        if (!named && !hasOutputFiles)
            return std::nullopt;
        if (!named) {
            // A loose folder of output files is a rank folder only when it holds the timeline
            // or a profiler db (step_trace_time.csv alone is not worth a rank).
            bool strong = false;
            for (const Entry &e : entries) {
                const std::string l = model::asciiLower(e.name);
                strong = strong || l == "trace_view.json" || l == "kernel_details.csv"
                    || (l.ends_with(".db") && l != "analysis.db" && isOutputFile(l));
            }
            if (!strong)
                return std::nullopt;
        }
        output = dir;
        outEntries = entries;
        if (named)
            root = dir.parent_path();
    }
    rd.root = root;
    rd.output = output;
    for (const Entry &e : outEntries) {
        if (e.dir)
            continue;
        const std::string l = model::asciiLower(e.name);
        rd.files[l] = e.path;
        if (l.ends_with(".db")) {
            if (l.starts_with("ascend_pytorch_profiler") || l.starts_with("ascend_mindspore_profiler")) {
                if (rd.frameworkDb.empty() || l < model::asciiLower(rd.frameworkDb.filename().string()))
                    rd.frameworkDb = e.path;
                if (l.starts_with("ascend_mindspore_profiler"))
                    rd.flavor = Flavor::MindSpore;
            } else if (l == "analysis.db" || l == "communication_analyzer.db") {
                rd.analysisDb = e.path;
                if (l == "communication_analyzer.db")
                    rd.flavor = Flavor::MindSpore;
            }
        }
    }
    const auto rootEntries = root == dir ? entries : listDir(root);
    for (const Entry &e : rootEntries) {
        if (e.dir)
            continue;
        const std::string l = model::asciiLower(e.name);
        if (l.starts_with("profiler_info") && l.ends_with(".json") && rd.profilerInfo.empty())
            rd.profilerInfo = e.path;
        else if (l == "profiler_metadata.json")
            rd.profilerMetadata = e.path;
    }
    const std::string rootName = root.filename().string();
    if (model::asciiLower(rootName).ends_with("_ascend_ms"))
        rd.flavor = Flavor::MindSpore;
    // Rank: profiler_info_{rank}.json content, then its name, then the db name, then the folder.
    if (!rd.profilerInfo.empty()) {
        rd.rank = rankIdFromProfilerInfo(readSmallFile(rd.profilerInfo, 1u << 20));
        if (rd.rank >= 0)
            rd.rankFrom = "profiler_info";
        else if ((rd.rank = trailingNumber(rd.profilerInfo.stem().string())) >= 0)
            rd.rankFrom = "profiler_info name";
    }
    if (rd.rank < 0 && !rd.frameworkDb.empty() && (rd.rank = trailingNumber(rd.frameworkDb.stem().string())) >= 0)
        rd.rankFrom = "db name";
    if (rd.rank < 0 && (rd.rank = rankFromFolderName(rootName)) >= 0)
        rd.rankFrom = "folder name";
    return rd;
}

struct LegacyPattern {
    const char *regex;
    const char *key;
    bool primary; ///< enough on its own to make a rank
};

// Legacy MindSpore file names; the captured number is the rank (device) id.
const LegacyPattern kLegacy[] = {
    {"^ascend_timeline_display_(\\d+)\\.json$", "ascend_timeline_display.json", true},
    {"^timeline_display_(\\d+)\\.json$", "timeline_display.json", true},
    {"^ascend_timeline_summary_(\\d+)\\.json$", "ascend_timeline_summary.json", false},
    {"^step_trace_raw_(\\d+)_detail_time\\.csv$", "step_trace_raw_detail_time.csv", true},
    {"^hccl_raw_(\\d+)\\.csv$", "hccl_raw.csv", true},
    {"^aicore_intermediate_(\\d+)_detail\\.csv$", "aicore_intermediate_detail.csv", true},
    {"^aicore_intermediate_(\\d+)_type\\.csv$", "aicore_intermediate_type.csv", false},
    {"^aicpu_intermediate_(\\d+)\\.csv$", "aicpu_intermediate.csv", false},
    {"^framework_raw_(\\d+)\\.csv$", "framework_raw.csv", true},
    {"^ascend_cluster_analyse_.+_(\\d+)\\.csv$", "ascend_cluster_analyse.csv", true},
    {"^flops_summary_(\\d+)\\.json$", "flops_summary.json", false},
    {"^minddata_pipeline_raw_(\\d+)\\.csv$", "minddata_pipeline_raw.csv", false},
    {"^op_statistic_(\\d+)\\.csv$", "op_statistic.csv", false},
    {"^profiler_info_(\\d+)\\.json$", "profiler_info.json", false},
    {"^min_cycle_counter_(\\d+)\\.txt$", "min_cycle_counter.txt", false},
    {"^output_timeline_data_(\\d+)\\.txt$", "output_timeline_data.txt", false},
};

std::vector<RankDir> scanLegacy(const fs::path &dir, const std::vector<Entry> &entries)
{
    static const std::vector<std::regex> res = [] {
        std::vector<std::regex> v;
        for (const auto &p : kLegacy)
            v.emplace_back(p.regex);
        return v;
    }();
    std::map<int, RankDir> byRank;
    std::map<int, bool> primary;
    for (const Entry &e : entries) {
        if (e.dir)
            continue;
        for (std::size_t i = 0; i < std::size(kLegacy); ++i) {
            std::smatch m;
            if (!std::regex_match(e.name, m, res[i]))
                continue;
            const int rank = std::stoi(m[1].str());
            RankDir &rd = byRank[rank];
            rd.root = dir;
            rd.flavor = Flavor::MindSporeLegacy;
            rd.rank = rank;
            rd.rankFrom = "file suffix";
            rd.files.emplace(kLegacy[i].key, e.path);
            if (std::string_view(kLegacy[i].key) == "profiler_info.json")
                rd.profilerInfo = e.path;
            primary[rank] = primary[rank] || kLegacy[i].primary;
            break;
        }
    }
    std::vector<RankDir> out;
    for (auto &[rank, rd] : byRank) {
        if (!primary[rank])
            continue;
        // Files without a rank suffix belong to every rank of the folder.
        for (const Entry &e : entries)
            if (!e.dir && e.name == "step_trace_point_info.json")
                rd.files.emplace(e.name, e.path);
        out.push_back(std::move(rd));
    }
    return out;
}

struct Walker {
    Layout layout;
    std::size_t visited = 0;
    int maxDepth = 5;

    void visit(const fs::path &dir, int depth)
    {
        if (++visited > kMaxDirsVisited)
            return;
        const auto entries = listDir(dir);
        if (auto rd = scanRankDir(dir, entries)) {
            layout.ranks.push_back(std::move(*rd));
            return;
        }
        for (RankDir &rd : scanLegacy(dir, entries))
            layout.ranks.push_back(std::move(rd));
        if (depth >= maxDepth)
            return;
        for (const Entry &e : entries)
            if (e.dir && !isSkippedDir(e.name))
                visit(e.path, depth + 1);
    }
};

} // namespace

std::string RankDir::formatName() const
{
    switch (flavor) {
    case Flavor::TorchNpu: return "ascend-pt";
    case Flavor::MindSpore: return "ascend-ms";
    case Flavor::MindSporeLegacy: return "mindspore-legacy";
    }
    return "ascend";
}

Layout discoverLayout(const fs::path &path, int maxDepth)
{
    Walker w;
    w.maxDepth = maxDepth;
    std::error_code ec;
    if (!fs::is_directory(path, ec))
        return {};
    w.visit(path, 0);
    Layout &l = w.layout;
    // MindSpore 2.3/2.4 write rank-{id}_{ts}_ascend_ms folders beside the legacy files of the
    // same rank in profiler/: the new folder wins.
    std::vector<RankDir> kept;
    for (RankDir &rd : l.ranks) {
        if (rd.flavor == Flavor::MindSporeLegacy) {
            const bool shadowed = std::any_of(l.ranks.begin(), l.ranks.end(), [&](const RankDir &o) {
                return o.flavor != Flavor::MindSporeLegacy && o.rank == rd.rank && o.root.parent_path() == rd.root;
            });
            if (shadowed)
                continue;
        }
        kept.push_back(std::move(rd));
    }
    l.ranks = std::move(kept);
    std::stable_sort(l.ranks.begin(), l.ranks.end(), [](const RankDir &a, const RankDir &b) {
        const bool ua = a.rank < 0, ub = b.rank < 0;
        if (ua != ub)
            return ub;
        if (a.rank != b.rank)
            return a.rank < b.rank;
        return a.root < b.root;
    });
    return l;
}

bool looksLikeRankDir(const fs::path &dir)
{
    const auto entries = listDir(dir);
    return scanRankDir(dir, entries).has_value() || !scanLegacy(dir, entries).empty();
}

int rankIdFromProfilerInfo(const std::string &json)
{
    if (json.empty())
        return -1;
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(json).get(doc))
        return -1;
    simdjson::dom::element v;
    if (doc["rank_id"].get(v))
        return -1;
    std::int64_t i = 0;
    if (!v.get_int64().get(i))
        return i >= 0 && i < (1 << 30) ? static_cast<int>(i) : -1;
    std::string_view s;
    if (!v.get_string().get(s)) {
        int r = 0;
        if (s.empty() || s.size() > 9)
            return -1;
        for (char c : s) {
            if (c < '0' || c > '9')
                return -1;
            r = r * 10 + (c - '0');
        }
        return r;
    }
    return -1;
}

std::string readSmallFile(const fs::path &p, std::size_t maxBytes)
{
    std::ifstream in(p, std::ios::binary);
    if (!in)
        return {};
    std::string s;
    char buf[1 << 16];
    while (in && s.size() < maxBytes) {
        in.read(buf, sizeof buf);
        s.append(buf, static_cast<std::size_t>(in.gcount()));
    }
    if (s.size() > maxBytes)
        s.resize(maxBytes);
    return s;
}

} // namespace accelscope::importers::ascend
