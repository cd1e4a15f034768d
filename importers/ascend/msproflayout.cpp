#include "msprofdevice.h"

#include "ascendcommon.h"
#include "layout.h"

#include "model/asciitext.h"
#include "model/timeparse.h"

#include <algorithm>
#include <charconv>

namespace accelscope::importers::ascend {

using namespace accelscope::model;
using namespace msprof;
namespace fs = std::filesystem;

namespace msprof {

int deviceDirId(std::string_view name)
{
    if (!name.starts_with("device_"))
        return -1;
    int v = -1;
    const char *b = name.data() + 7, *e = name.data() + name.size();
    auto r = std::from_chars(b, e, v);
    return r.ec == std::errc() && r.ptr == e && b != e ? v : -1;
}

std::string viewKind(const fs::path &p)
{
    std::string stem = model::asciiLower(p.stem().string());
    std::vector<std::string> parts;
    std::size_t b = 0;
    while (b <= stem.size()) {
        const std::size_t e = stem.find('_', b);
        parts.push_back(stem.substr(b, e == std::string::npos ? std::string::npos : e - b));
        if (e == std::string::npos)
            break;
        b = e + 1;
    }
    auto numeric = [](const std::string &s) {
        return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    while (parts.size() > 1 && (numeric(parts.back()) || parts.back() == "slice"))
        parts.pop_back();
    // msprof_slice_0_<ts>: "slice" sits before the numbers
    std::string out;
    for (const auto &s : parts) {
        if (!out.empty())
            out += '_';
        out += s;
    }
    if (out.ends_with("_slice"))
        out.resize(out.size() - 6);
    return out;
}

std::optional<std::int64_t> jsonInt(simdjson::dom::element v)
{
    std::int64_t i = 0;
    if (!v.get_int64().get(i))
        return i;
    std::uint64_t u = 0;
    if (!v.get_uint64().get(u))
        return static_cast<std::int64_t>(u);
    double d = 0;
    if (!v.get_double().get(d))
        return static_cast<std::int64_t>(d);
    std::string_view s;
    if (!v.get_string().get(s)) {
        std::int64_t x = 0;
        if (parseInt64(s, x))
            return x;
    }
    return std::nullopt;
}

std::optional<std::int64_t> smallJsonInt(const fs::path &p, std::string_view key)
{
    const std::string text = readSmallFile(p, 4u << 20);
    if (text.empty())
        return std::nullopt;
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(text).get(doc))
        return std::nullopt;
    simdjson::dom::element v;
    if (doc[key].get(v))
        return std::nullopt;
    return jsonInt(v);
}

} // namespace msprof

namespace {

constexpr std::size_t kMaxDirsVisited = 20000;

struct Entry {
    fs::path path;
    std::string name;
    bool dir = false;
};

/// Directory entries, sorted by name; symbolic links, device files, FIFOs and sockets left out.
std::vector<Entry> listDir(const fs::path &dir)
{
    std::vector<Entry> out;
    std::error_code ec;
    for (fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end; !ec && it != end;
         it.increment(ec)) {
        std::error_code ec2;
        if (it->is_symlink(ec2))
            continue;
        const bool d = it->is_directory(ec2);
        if (!d && !it->is_regular_file(ec2))
            continue;
        out.push_back({it->path(), it->path().filename().string(), d});
        if (out.size() > 100000)
            break;
    }
    std::sort(out.begin(), out.end(), [](const Entry &a, const Entry &b) { return a.name < b.name; });
    return out;
}

/// The first non-blank byte of a file (a Chrome trace starts with '[' or '{').
char firstByte(const fs::path &p)
{
    const std::string head = readSmallFile(p, 512);
    for (char c : head)
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\xEF' && c != '\xBB' && c != '\xBF')
            return c;
    return 0;
}

struct ProfScan {
    std::vector<std::pair<int, fs::path>> devices; ///< device_{id} folders
    fs::path host, mso, timeline;                  ///< host/, mindstudio_profiler_output/, timeline/ (merged)
};

ProfScan scanProf(const fs::path &dir, const std::vector<Entry> &entries)
{
    ProfScan s;
    for (const Entry &e : entries) {
        if (!e.dir)
            continue;
        const int d = deviceDirId(e.name);
        if (d >= 0)
            s.devices.emplace_back(d, e.path);
        else if (e.name == "host")
            s.host = e.path;
        else if (e.name == "mindstudio_profiler_output")
            s.mso = e.path;
        else if (e.name == "timeline")
            s.timeline = e.path;
    }
    (void)dir;
    return s;
}

/// A device folder of msprof: info.json.{id}, or exported views, or raw data.
bool isDeviceFolder(const fs::path &dir)
{
    for (const Entry &e : listDir(dir)) {
        if (!e.dir && e.name.starts_with("info.json"))
            return true;
        if (e.dir && (e.name == "timeline" || e.name == "summary" || e.name == "data"))
            return true;
    }
    return false;
}

bool isProf(const ProfScan &s)
{
    bool device = false;
    for (const auto &[id, path] : s.devices)
        device = device || isDeviceFolder(path);
    return device || (!s.mso.empty() && (!s.devices.empty() || !s.host.empty()));
}

/// The JSON views of one folder: msprof_* when present (the union of the others), else every
/// per-kind view. Non-trace JSON (communication statistics) is left out by its first byte.
std::vector<fs::path> chooseViews(const fs::path &folder, std::string &rule,
                                  std::vector<std::pair<fs::path, std::string>> *notRead = nullptr)
{
    std::vector<fs::path> all, unions;
    for (const Entry &e : listDir(folder)) {
        if (e.dir || !model::asciiLower(e.name).ends_with(".json"))
            continue;
        const std::string kind = viewKind(e.path);
        if (kind == "info" || kind == "start_info" || kind == "end_info")
            continue;
        if (kind.starts_with("communication") || (firstByte(e.path) != '[' && !(kind == "msprof" && firstByte(e.path) == '{'))) {
            if (notRead)
                notRead->emplace_back(e.path, kind.starts_with("communication")
                                                  ? "communication statistics JSON: not read (no timeline events)"
                                                  : "JSON file that is not a trace-event array: not read");
            continue;
        }
        (kind == "msprof" ? unions : all).push_back(e.path);
    }
    if (!unions.empty()) {
        rule = "msprof_*.json (" + std::to_string(unions.size()) + " file(s); " + std::to_string(all.size())
            + " per-kind view(s) not read: msprof_*.json holds their events)";
        return unions;
    }
    rule = "per-kind views (" + std::to_string(all.size()) + " file(s); no msprof_*.json)";
    return all;
}

/// CSVs of a summary folder, by kind.
void collectCsv(const fs::path &folder, MsprofDevice &d)
{
    for (const Entry &e : listDir(folder)) {
        if (e.dir || !model::asciiLower(e.name).ends_with(".csv"))
            continue;
        const std::string kind = viewKind(e.path);
        if (kind == "op_summary")
            d.opSummary.push_back(e.path);
        else if (kind == "step_trace")
            d.stepTrace.push_back(e.path);
        else
            d.otherCsv.push_back(e.path);
    }
}

/// rank_id of the torch_npu / MindSpore folder that holds a PROF folder (profiler_info*.json).
int parentProfilerInfoRank(const fs::path &prof)
{
    for (const Entry &e : listDir(prof.parent_path())) {
        const std::string l = model::asciiLower(e.name);
        if (!e.dir && l.starts_with("profiler_info") && l.ends_with(".json")) {
            const int r = rankIdFromProfilerInfo(readSmallFile(e.path, 1u << 20));
            if (r >= 0)
                return r;
        }
    }
    return -1;
}

/// Regular files under `dir` (not following links), counted up to `limit`.
std::size_t countFiles(const fs::path &dir, std::size_t limit = 100000)
{
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return 0;
    std::size_t n = 0;
    for (fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end && n < limit; it.increment(ec)) {
        std::error_code ec2;
        if (it->is_regular_file(ec2) && !it->is_symlink(ec2))
            ++n;
    }
    return n;
}

/// What a PROF folder holds besides the views this importer reads: the host's own exported
/// views (host/timeline, host/summary) and msprof's SQLite export (msprof_*.db, newer CANN).
void noteUnreadProfData(const fs::path &prof, const ProfScan &s, std::vector<std::pair<fs::path, std::string>> &notes)
{
    if (!s.host.empty())
        for (const char *sub : {"timeline", "summary"})
            if (const std::size_t n = countFiles(s.host / sub))
                notes.emplace_back(s.host / sub, "host/" + std::string(sub) + ": " + std::to_string(n)
                                                     + " file(s) of the host's own views not read (only the device views are)");
    std::vector<fs::path> dbs;
    for (const fs::path &dir : {prof, s.mso, s.host})
        if (!dir.empty())
            for (const Entry &e : listDir(dir))
                if (!e.dir && model::asciiLower(e.name).ends_with(".db"))
                    dbs.push_back(e.path);
    for (const fs::path &db : dbs)
        notes.emplace_back(db, "msprof's SQLite export not read: the JSON / CSV views of the folder are read instead");
}

void describeProf(const fs::path &prof, const ProfScan &s, std::vector<MsprofDevice> &out)
{
    const int parentRank = parentProfilerInfoRank(prof);
    std::vector<MsprofDevice> devs;
    for (const auto &[id, path] : s.devices) {
        MsprofDevice d;
        d.prof = prof;
        d.device = id;
        const std::string sfx = "." + std::to_string(id);
        for (const Entry &e : listDir(path)) {
            if (e.dir)
                continue;
            if (e.name == "info.json" + sfx || (d.info.empty() && e.name.starts_with("info.json")))
                d.info = e.path;
            else if (e.name == "start_info" + sfx)
                d.startInfo = e.path;
            else if (e.name == "end_info" + sfx)
                d.endInfo = e.path;
        }
        if (d.startInfo.empty() && !s.host.empty() && fs::exists(s.host / "start_info"))
            d.startInfo = s.host / "start_info";
        if (d.endInfo.empty() && !s.host.empty() && fs::exists(s.host / "end_info"))
            d.endInfo = s.host / "end_info";
        if (!d.info.empty())
            if (auto r = smallJsonInt(d.info, "rank_id"); r && *r >= 0 && *r < (1 << 30)) {
                d.rank = static_cast<int>(*r);
                d.rankFrom = "info.json rank_id";
            }
        if (d.rank < 0 && parentRank >= 0 && s.devices.size() == 1) {
            d.rank = parentRank;
            d.rankFrom = "profiler_info";
        }
        if (d.rank < 0) {
            d.rank = id;
            d.rankFrom = "device id";
        }
        // Newer CANN: mindstudio_profiler_output for every device of the folder.
        if (!s.mso.empty()) {
            std::string rule;
            d.timeline = chooseViews(s.mso, rule, devs.empty() ? &d.notRead : nullptr);
            if (!d.timeline.empty() || fs::exists(path / "timeline") == false) {
                d.generation = "mindstudio_profiler_output";
                d.timelineRule = "mindstudio_profiler_output: " + rule;
                d.sharedTimeline = true;
                d.sharedCsv = true;
                collectCsv(s.mso, d);
            }
        }
        if (d.generation.empty()) {
            d.generation = "timeline";
            std::string rule;
            if (fs::is_directory(path / "timeline")) {
                d.timeline = chooseViews(path / "timeline", rule, &d.notRead);
                d.timelineRule = "device_" + std::to_string(id) + "/timeline: " + rule;
            }
            if (d.timeline.empty() && !s.timeline.empty()) {
                d.timeline = chooseViews(s.timeline, rule);
                d.timelineRule = "timeline: " + rule;
                d.sharedTimeline = true;
            }
            if (fs::is_directory(path / "summary"))
                collectCsv(path / "summary", d);
        }
        d.rawDataFiles = countFiles(path / "data");
        devs.push_back(std::move(d));
    }
    // A folder without device_* (host data only, or a copied mindstudio_profiler_output) still
    // holds its views: one source for the device its events name.
    if (devs.empty() && !s.mso.empty()) {
        MsprofDevice d;
        d.prof = prof;
        d.device = 0;
        d.rank = parentRank >= 0 ? parentRank : 0;
        d.rankFrom = parentRank >= 0 ? "profiler_info" : "device id";
        d.generation = "mindstudio_profiler_output";
        std::string rule;
        d.timeline = chooseViews(s.mso, rule);
        d.timelineRule = "mindstudio_profiler_output: " + rule;
        d.sharedTimeline = true;
        d.sharedCsv = true;
        collectCsv(s.mso, d);
        devs.push_back(std::move(d));
    }
    if (!devs.empty())
        noteUnreadProfData(prof, s, devs.front().notRead);
    for (auto &d : devs)
        out.push_back(std::move(d));
}

struct Walker {
    std::vector<MsprofDevice> out;
    std::size_t visited = 0;
    int maxDepth = 6;

    void visit(const fs::path &dir, int depth)
    {
        if (++visited > kMaxDirsVisited)
            return;
        const auto entries = listDir(dir);
        const ProfScan s = scanProf(dir, entries);
        if (isProf(s)) {
            describeProf(dir, s, out);
            return;
        }
        if (depth >= maxDepth)
            return;
        for (const Entry &e : entries) {
            const std::string l = model::asciiLower(e.name);
            if (e.dir && !l.starts_with(".") && l != "__pycache__" && l != "node_modules")
                visit(e.path, depth + 1);
        }
    }
};

bool isUnder(const fs::path &p, const fs::path &root)
{
    auto pi = p.begin();
    for (auto ri = root.begin(); ri != root.end(); ++ri, ++pi)
        if (pi == p.end() || *pi != *ri)
            return false;
    return true;
}

} // namespace

bool isMsprofFolder(const fs::path &dir)
{
    const auto entries = listDir(dir);
    return isProf(scanProf(dir, entries));
}

std::vector<MsprofDevice> discoverMsprof(const fs::path &root, const Layout *covered, int maxDepth)
{
    std::error_code ec;
    if (!fs::is_directory(root, ec))
        return {};
    Walker w;
    w.maxDepth = maxDepth;
    w.visit(root, 0);
    if (!covered)
        return std::move(w.out);
    std::vector<MsprofDevice> kept;
    for (MsprofDevice &d : w.out) {
        bool shadowed = false;
        for (const RankDir &rd : covered->ranks) {
            if (rd.flavor == Flavor::MindSporeLegacy)
                shadowed = shadowed || (isUnder(d.prof, rd.root) && rd.rank == d.rank);
            else
                shadowed = shadowed || isUnder(d.prof, rd.root);
        }
        if (!shadowed)
            kept.push_back(std::move(d));
    }
    return kept;
}

std::vector<MsprofDevice> enclosingMsprofDevices(const fs::path &path)
{
    std::error_code ec;
    fs::path cur = fs::absolute(path, ec).lexically_normal();
    if (ec)
        return {};
    if (cur.filename().empty())
        cur = cur.parent_path(); // "folder/" names the folder
    int device = -1;
    // A file in device_{id}/timeline/ is three levels below the PROF folder.
    for (int up = 0; up < 4 && cur.has_parent_path() && cur.parent_path() != cur; ++up) {
        const std::string name = cur.filename().string();
        const fs::path parent = cur.parent_path();
        const int id = deviceDirId(name);
        if (id >= 0)
            device = id;
        const bool profPart = id >= 0 || name == "mindstudio_profiler_output" || name == "host";
        if (profPart && isMsprofFolder(parent)) {
            std::vector<MsprofDevice> all = discoverMsprof(parent, nullptr, 0);
            const auto own = std::find_if(all.begin(), all.end(), [device](const MsprofDevice &d) { return d.device == device; });
            if (device < 0 || own == all.end() || own->sharedTimeline || own->sharedCsv)
                return all;
            MsprofDevice one = std::move(*own);
            return {std::move(one)};
        }
        cur = parent;
    }
    return {};
}

} // namespace accelscope::importers::ascend
