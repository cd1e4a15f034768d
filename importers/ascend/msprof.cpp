#include "msprof.h"

#include "ascendcommon.h"
#include "csvreader.h"
#include "layout.h"
#include "msprofsteps.h"
#include "textexport.h"
#include "traceview.h"
#include "traceviewparser.h"

#include "model/ascendfacts.h"
#include "model/jsonstring.h"
#include "model/timeparse.h"

#include <simdjson.h>

#include <algorithm>
#include <charconv>
#include <future>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <unordered_map>

namespace accelscope::importers::ascend {

using namespace accelscope::model;
namespace fs = std::filesystem;
namespace od = simdjson::ondemand;

namespace {

constexpr std::size_t kMaxDirsVisited = 20000;
/// Timestamps below this many ns are not epoch time (before 1979): CLOCK_MONOTONIC_RAW.
constexpr TimeNs kEpochFloorNs = 300'000'000'000'000'000LL;
/// Times beyond this many ns (about the year 2096) are no timestamps: a damaged summary CSV row.
/// Keeps the clock offset, start + duration and the lanes' arithmetic inside 64 bits.
constexpr TimeNs kMaxSummaryNs = 4'000'000'000'000'000'000LL;

/// The tid of the "Steps" track added to the Step Trace process (msprof's tids are >= 0).
constexpr std::int64_t kStepsTid = -1;

/// `text == literal` for the member names and phases compared per event, as an inline loop:
/// the library comparison called memcmp for every few-byte compare, a tenth of the import.
template <std::size_t N>
bool is(std::string_view text, const char (&literal)[N])
{
    if (text.size() != N - 1)
        return false;
    for (std::size_t i = 0; i + 1 < N; ++i)
        if (text[i] != literal[i])
            return false;
    return true;
}

std::string lower(std::string s)
{
    for (char &c : s)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return s;
}

bool startsWith(std::string_view s, std::string_view p) { return s.size() >= p.size() && s.substr(0, p.size()) == p; }
bool endsWith(std::string_view s, std::string_view p)
{
    return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

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

/// "device_3" -> 3; -1 otherwise.
int deviceDirId(std::string_view name)
{
    if (!startsWith(name, "device_"))
        return -1;
    int v = -1;
    const char *b = name.data() + 7, *e = name.data() + name.size();
    auto r = std::from_chars(b, e, v);
    return r.ec == std::errc() && r.ptr == e && b != e ? v : -1;
}

/// The view a timeline or summary file holds: its name without the trailing numeric parts and
/// "slice" markers ("task_time_0_1_3.json" -> "task_time", "msprof_slice_0_20240101.json" -> "msprof").
std::string viewKind(const fs::path &p)
{
    std::string stem = lower(p.stem().string());
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
    if (endsWith(out, "_slice"))
        out.resize(out.size() - 6);
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

/// A member of a small JSON file (info.json, start_info), as an integer.
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
        if (!e.dir && startsWith(e.name, "info.json"))
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
        if (e.dir || !endsWith(lower(e.name), ".json"))
            continue;
        const std::string kind = viewKind(e.path);
        if (kind == "info" || kind == "start_info" || kind == "end_info")
            continue;
        if (startsWith(kind, "communication") || (firstByte(e.path) != '[' && !(kind == "msprof" && firstByte(e.path) == '{'))) {
            if (notRead)
                notRead->emplace_back(e.path, startsWith(kind, "communication")
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
        if (e.dir || !endsWith(lower(e.name), ".csv"))
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
        const std::string l = lower(e.name);
        if (!e.dir && startsWith(l, "profiler_info") && endsWith(l, ".json")) {
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
                if (!e.dir && endsWith(lower(e.name), ".db"))
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
            if (e.name == "info.json" + sfx || (d.info.empty() && startsWith(e.name, "info.json")))
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
            const std::string l = lower(e.name);
            if (e.dir && !startsWith(l, ".") && l != "__pycache__" && l != "node_modules")
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

// ---------------------------------------------------------------------------------------------
// Import

/// op_summary rows by (Op Name, Task Start Time): the kernel members added to device tasks.
class OpSummaryJoin {
public:
    void read(const fs::path &csv, int device, bool filterDevice, DiagnosticSink &diags)
    {
        auto f = CsvFile::read(csv);
        if (!f.ok()) {
            diags.add(DiagKind::MalformedEvent, csv.string(), 0, f.error().message);
            return;
        }
        const CsvFile &file = f.value();
        const CsvHeader &h = file.header;
        const int iName = h.find({"Op Name", "OP Name"}), iType = h.find({"OP Type", "Op Type"}),
                  iCore = h.find({"Task Type", "Accelerator Core"}),
                  iStart = h.find({"Task Start Time(us)", "Task Start Time", "Start Time(us)"}),
                  iBlock = h.find({"Block Dim", "Block Num"}), iMix = h.find({"Mix Block Dim", "Mix Block Num"}),
                  iDev = h.find({"Device_id", "Device ID"}), iIn = h.find("Input Shapes"), iOut = h.find("Output Shapes"),
                  iState = h.find("OP State");
        if (iName < 0 || iStart < 0 || (iType < 0 && iCore < 0)) {
            diags.add(DiagKind::MissingField, csv.string(), 0, "op_summary without Op Name / Task Start Time / OP Type columns: not joined");
            return;
        }
        CsvParser p = file.records();
        std::vector<std::string_view> cells;
        std::uint64_t bad = 0, badLine = 0;
        while (p.next(cells)) {
            if (filterDevice && iDev >= 0) {
                std::int64_t d = -1;
                if (parseInt64(cellAt(cells, iDev), d) && d != device)
                    continue;
            }
            const auto start = microsCell(cellAt(cells, iStart));
            const std::string_view name = cellAt(cells, iName);
            if (!start || name.empty()) {
                if (!bad++)
                    badLine = p.line();
                continue;
            }
            ArgsWriter w;
            auto text = [&](const char *key, int i) {
                const std::string_view v = cellAt(cells, i);
                if (i >= 0 && !isMissing(v))
                    w.str(key, v);
            };
            auto num = [&](const char *key, int i) {
                const std::string_view v = cellAt(cells, i);
                if (i >= 0 && !isMissing(v))
                    w.numberOrString(key, v);
            };
            text("Type", iType);
            text("Accelerator Core", iCore);
            text("OP State", iState);
            num("Block Dim", iBlock);
            num("Mix Block Dim", iMix);
            text("Input Shapes", iIn);
            text("Output Shapes", iOut);
            insertRow(name, *start, w.body());
        }
        if (bad)
            diags.add(DiagKind::MalformedEvent, csv.string(), badLine, "op_summary rows without name or start time", bad);
    }
    /// The members for a task, or null.
    const std::string *find(std::string_view name, TimeNs start) const
    {
        if (m_slots.empty())
            return nullptr;
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = rowHash(name, start) & mask;; i = (i + 1) & mask) {
            const std::uint32_t slot = m_slots[i];
            if (slot == 0)
                return nullptr;
            const Row &r = m_rows[slot - 1];
            if (r.start == start && r.name == name) {
                ++m_matched;
                return &r.members;
            }
        }
    }
    std::size_t size() const { return m_rows.size(); }
    std::size_t matched() const { return m_matched; }

private:
    // Rows in a vector, found through an open-addressing index of row numbers: an op_summary
    // has a row per device task (millions on a long run), and a node-based map made every task
    // lookup a chain of cache misses.
    struct Row {
        std::string name;
        TimeNs start = 0;
        std::string members;
    };
    static std::size_t rowHash(std::string_view name, TimeNs start)
    {
        const auto mixed = static_cast<std::uint64_t>(start) * 0x9E3779B97F4A7C15ull;
        return std::hash<std::string_view>()(name) ^ (mixed >> 17) ^ mixed;
    }
    /// The first row of a (name, start) wins, as msprof's own join keeps the first.
    void insertRow(std::string_view name, TimeNs start, std::string members)
    {
        if ((m_rows.size() + 1) * 10 > m_slots.size() * 7)
            growIndex();
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = rowHash(name, start) & mask;; i = (i + 1) & mask) {
            const std::uint32_t slot = m_slots[i];
            if (slot == 0) {
                m_rows.push_back({std::string(name), start, std::move(members)});
                m_slots[i] = static_cast<std::uint32_t>(m_rows.size());
                return;
            }
            const Row &r = m_rows[slot - 1];
            if (r.start == start && r.name == name)
                return;
        }
    }
    void growIndex()
    {
        m_slots.assign(std::max<std::size_t>(1024, m_slots.size() * 2), 0);
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t row = 0; row < m_rows.size(); ++row) {
            std::size_t i = rowHash(m_rows[row].name, m_rows[row].start) & mask;
            while (m_slots[i] != 0)
                i = (i + 1) & mask;
            m_slots[i] = static_cast<std::uint32_t>(row + 1);
        }
    }
    std::vector<Row> m_rows;
    std::vector<std::uint32_t> m_slots; ///< row number + 1; 0: empty
    mutable std::size_t m_matched = 0;
};

/// The events already taken, by two independent 64-bit hashes of their identifying members.
/// Open addressing in one flat array: the import inserts every event, and a node per event made
/// the insertions wait on cache misses and freeing the set a visible share of the import.
class EventKeySet {
public:
    /// True when the key was not there yet.
    bool insert(std::uint64_t a, std::uint64_t b)
    {
        if (a == 0 && b == 0) { // the empty-slot marker, kept aside
            const bool fresh = !m_hasZero;
            m_hasZero = true;
            return fresh;
        }
        if ((m_size + 1) * 10 > m_slots.size() * 7)
            grow();
        if (!place(a, b))
            return false;
        ++m_size;
        return true;
    }

private:
    struct Key {
        std::uint64_t a = 0, b = 0;
    };
    bool place(std::uint64_t a, std::uint64_t b)
    {
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = a & mask;; i = (i + 1) & mask) {
            Key &k = m_slots[i];
            if (k.a == 0 && k.b == 0) {
                k = {a, b};
                return true;
            }
            if (k.a == a && k.b == b)
                return false;
        }
    }
    void grow()
    {
        std::vector<Key> old = std::move(m_slots);
        m_slots.assign(std::max<std::size_t>(4096, old.size() * 2), Key{});
        for (const Key &k : old)
            if (k.a != 0 || k.b != 0)
                place(k.a, k.b);
    }
    std::vector<Key> m_slots;
    std::size_t m_size = 0;
    bool m_hasZero = false;
};

/// One device being imported: its source, the shard events go to, what its events said.
struct DeviceSink {
    const MsprofDevice *dev = nullptr;
    std::uint32_t source = 0;
    TimeNs offset = 0;            ///< added to every timestamp (monotonic -> epoch)
    bool offsetDecided = false;
    TraceViewSummary summary;
    EventKeySet seen;
    std::uint64_t events = 0, duplicates = 0;
    std::uint64_t identicalFiles = 0; ///< views whose bytes repeat a view read before: not parsed again
    MsprofSteps steps;
    OpSummaryJoin ops;
    std::uint64_t hardwareTasks = 0;
    DiagnosticSink diags;
};

/// Timestamps before kEpochFloorNs are CLOCK_MONOTONIC_RAW (older exports): moved to epoch time
/// by start_info's collectionTimeBegin - clockMonotonicRaw, decided once per device from the
/// first timestamp it reads (a view's, else a summary CSV's).
void decideOffset(DeviceSink &s, TimeNs firstTs, const fs::path &file)
{
    s.offsetDecided = true;
    if (firstTs >= kEpochFloorNs)
        return;
    const auto begin = smallJsonInt(s.dev->startInfo, "collectionTimeBegin");
    const auto raw = smallJsonInt(s.dev->startInfo, "clockMonotonicRaw");
    // collectionTimeBegin in µs before the year 2096 and a non-negative clock, so that the
    // offset and every timestamp moved by it fit 64 bits
    constexpr std::int64_t kMaxEpochUs = 4'000'000'000'000'000LL;
    if (!begin || !raw || *begin < 0 || *begin > kMaxEpochUs || *raw < 0 || *raw > kMaxEpochUs * 1000) {
        s.diags.add(DiagKind::ClockNotAligned, file.string(), 0,
                    "timestamps are CLOCK_MONOTONIC_RAW but start_info has no usable collectionTimeBegin / clockMonotonicRaw: "
                    "kept as they are (devices of different hosts are not aligned)");
        return;
    }
    s.offset = *begin * 1000 - *raw;
    s.diags.add(DiagKind::ClockAlignedStartInfo, s.dev->startInfo.string(), 0,
                "CLOCK_MONOTONIC_RAW timestamps moved to epoch time by collectionTimeBegin - clockMonotonicRaw = "
                    + std::to_string(s.offset) + " ns");
}

std::uint64_t fnv1a(std::string_view s)
{
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

std::string_view unquote(std::string_view t)
{
    while (!t.empty() && (t.back() == ' ' || t.back() == '\n' || t.back() == '\r' || t.back() == '\t'))
        t.remove_suffix(1);
    if (t.size() >= 2 && t.front() == '"' && t.back() == '"')
        return t.substr(1, t.size() - 2);
    return t;
}

struct RawEv {
    std::string_view name, ph, cat, id, bp, pidText, tidText, tsText, durText, args, scope;
    std::int64_t pid = 0, tid = 0;
    bool hasPid = false, hasTid = false, hasTs = false, hasDur = false, hasId = false;
};

/// Reads one event object's members (tokens as text: numbers and strings alike).
bool readEvent(od::object obj, RawEv &e)
{
    for (auto field : obj) {
        std::string_view key;
        if (field.unescaped_key().get(key))
            return false;
        od::value v = field.value();
        if (is(key, "args")) {
            od::json_type jt;
            if (v.type().get(jt))
                return false;
            od::object ao;
            if (jt == od::json_type::object && (v.get_object().get(ao) || ao.raw_json().get(e.args)))
                return false;
            continue;
        }
        std::string_view tok;
        if (is(key, "name") || is(key, "ph") || is(key, "cat") || is(key, "bp") || is(key, "s")) {
            std::string_view sv;
            if (v.get_string().get(sv))
                sv = unquote(v.raw_json_token());
            if (is(key, "name"))
                e.name = sv;
            else if (is(key, "ph"))
                e.ph = sv;
            else if (is(key, "cat"))
                e.cat = sv;
            else if (is(key, "bp"))
                e.bp = sv;
            else
                e.scope = sv;
            continue;
        }
        if (is(key, "pid") || is(key, "tid") || is(key, "ts") || is(key, "dur") || is(key, "id")) {
            tok = unquote(v.raw_json_token());
            if (is(key, "pid")) {
                e.pidText = tok;
                e.hasPid = parseInt64(tok, e.pid);
                if (!e.hasPid)
                    e.pid = static_cast<std::int64_t>(fnv1a(tok) >> 2), e.hasPid = !tok.empty();
            } else if (is(key, "tid")) {
                e.tidText = tok;
                e.hasTid = parseInt64(tok, e.tid);
                if (!e.hasTid)
                    e.tid = static_cast<std::int64_t>(fnv1a(tok) >> 2), e.hasTid = !tok.empty();
            } else if (is(key, "ts")) {
                e.tsText = tok;
                e.hasTs = true;
            } else if (is(key, "dur")) {
                e.durText = tok;
                e.hasDur = true;
            } else {
                e.id = tok;
                e.hasId = true;
            }
        }
    }
    return true;
}

struct ProcessMeta {
    std::map<std::int64_t, std::string> names, labels;
    std::map<std::int64_t, std::int64_t> sortIndex;
};

/// The device of a pid in a view shared by several devices: msprof's layout
/// (host pid << 10 | sort index << 5 | device), checked against the process's sort index or
/// name; else an "NPU n" label; else -1.
int deviceOfPid(std::int64_t pid, const ProcessMeta &meta)
{
    if (pid > 1023) {
        const int sort = static_cast<int>((pid >> 5) & 31);
        bool consistent = false;
        if (auto it = meta.sortIndex.find(pid); it != meta.sortIndex.end())
            consistent = it->second == sort;
        else if (auto n = meta.names.find(pid); n != meta.names.end())
            consistent = processSortIndex(n->second) == sort;
        if (consistent)
            return static_cast<int>(pid & 31);
    }
    if (auto it = meta.labels.find(pid); it != meta.labels.end() && startsWith(it->second, "NPU ")) {
        int d = -1;
        std::from_chars(it->second.data() + 4, it->second.data() + it->second.size(), d);
        return d;
    }
    return -1;
}

/// A view read from disk and pre-scanned (ViewReader::load).
struct LoadedView {
    fs::path file;
    simdjson::padded_string json;        ///< the file, or its part before the damage, closed
    std::optional<ImportError> error;
    std::uint64_t repairedAt = 0;        ///< > 0: the file ended inside an event; cut here
    ProcessMeta meta;                    ///< process metadata (only for views of several devices)
    TimeNs firstTs = 0;
    bool haveFirst = false;
};

class ViewReader {
public:
    ViewReader(std::vector<DeviceSink *> sinks, bool shared, TraceBuilder &builder, const ImportContext &ctx)
        : m_sinks(std::move(sinks)), m_shared(shared), m_builder(builder), m_ctx(ctx)
    {
    }

    /// Reads a view from disk and pre-scans it (pass 1): the first timestamp (the clock) and,
    /// when `routing` (the view holds several devices), the process metadata (names, labels,
    /// sort indices) that routes pids to devices. Depends on the file alone, so the next view is
    /// loaded on a second thread while the events of the current one are taken.
    static LoadedView load(const fs::path &file, bool routing, const ImportContext &ctx)
    {
        LoadedView v;
        v.file = file;
        if (simdjson::padded_string::load(file.string()).get(v.json)) {
            v.error = ImportError{file.string(), 0, false, "cannot read the file"};
            return v;
        }
        od::parser parser;
        od::document doc;
        if (parser.iterate(v.json).get(doc)) {
            v.repairedAt = repairTruncated(v.json, parser);
            if (!v.repairedAt || parser.iterate(v.json).get(doc)) {
                v.error = ImportError{file.string(), 0, false, "not JSON"};
                return v;
            }
        }
        ProcessMeta &meta = v.meta;
        forEachEvent(
            doc, v.json.data(), ctx,
            [&](RawEv &e, std::uint64_t) {
                if (is(e.ph, "M")) {
                    if (!e.hasPid || e.args.empty())
                        return true;
                    if (e.name == "process_name" || e.name == "process_labels")
                        (e.name == "process_name" ? meta.names : meta.labels)[e.pid] =
                            argString(e.args, e.name == "process_name" ? "name" : "labels");
                    else if (e.name == "process_sort_index")
                        if (auto x = argInt(e.args, "sort_index"))
                            meta.sortIndex[e.pid] = *x;
                } else if (!v.haveFirst && e.hasTs) {
                    v.haveFirst = parseMicrosToNs(e.tsText, v.firstTs);
                }
                return routing || !v.haveFirst;
            },
            [](std::uint64_t, std::uint64_t) {});
        return v;
    }

    /// Takes the events of a loaded view into the sinks' sources (pass 2).
    Status read(const LoadedView &v)
    {
        const fs::path &file = v.file;
        if (v.error)
            return *v.error;
        if (v.repairedAt)
            m_sinks.front()->diags.add(DiagKind::TruncatedInput, file.string(), v.repairedAt,
                                       "the file ends inside an event; the events before byte " + std::to_string(v.repairedAt)
                                           + " were loaded");
        // older CANN writes some views whole into every iteration's file: the same bytes again
        // hold only events already taken, so they are not parsed again
        if (!m_seenViews.emplace(v.json.size(), std::hash<std::string_view>{}(std::string_view(v.json.data(), v.json.size()))).second) {
            ++m_sinks.front()->identicalFiles;
            return Ok{};
        }
        od::parser parser;
        od::document doc;
        if (parser.iterate(v.json).get(doc))
            return ImportError{file.string(), 0, false, "not JSON"};
        for (DeviceSink *s : m_sinks)
            if (!s->offsetDecided && v.haveFirst)
                decideOffset(*s, v.firstTs, file);
        m_file = file.string();
        m_fileModel = m_fileIteration = -1;
        if (!m_shared && m_sinks.size() == 1 && !perIterationView(file, m_sinks.front()->dev->device, m_fileModel, m_fileIteration))
            m_fileModel = m_fileIteration = -1;
        m_cacheSink = nullptr;
        // The process metadata of every view read so far routes this one: msprof writes it only
        // into the first of the msprof_slice_N files of a large view.
        for (const auto &[pid, name] : v.meta.names)
            m_meta.names[pid] = name;
        for (const auto &[pid, labels] : v.meta.labels)
            m_meta.labels[pid] = labels;
        for (const auto &[pid, index] : v.meta.sortIndex)
            m_meta.sortIndex[pid] = index;
        EventPass pass(m_meta);
        forEachEvent(
            doc, v.json.data(), m_ctx,
            [&](RawEv &e, std::uint64_t pos) {
                handleEvent(pass, e, pos);
                return true;
            },
            [&](std::uint64_t pos, std::uint64_t index) {
                m_sinks.front()->diags.add(DiagKind::TruncatedInput, file.string(), pos,
                                           "the events before event " + std::to_string(index) + " were loaded");
            });
        finishPass(pass, file);
        return Ok{};
    }

private:
    /// The state of one view's event pass: a builder shard per device, the pid -> device routes,
    /// and the counts its diagnostics report.
    struct EventPass {
        explicit EventPass(const ProcessMeta &m) : meta(m) {}
        const ProcessMeta &meta;
        std::map<DeviceSink *, BuilderShard> shards;
        std::map<std::int64_t, DeviceSink *> route;
        std::uint64_t unrouted = 0;
        std::uint64_t badTs = 0, badTsPos = 0, skipped = 0, skippedPos = 0;
    };

    /// A truncated file (an unterminated string, the writer killed): `json` becomes the events
    /// before the damage, closed after the last complete object. The cut's byte offset, or 0
    /// when no prefix parses.
    static std::uint64_t repairTruncated(simdjson::padded_string &json, od::parser &parser)
    {
        const std::string_view text(json.data(), json.size());
        const std::size_t open = text.find_first_of("[{");
        if (open == std::string_view::npos)
            return 0;
        const std::string close = text[open] == '{' ? "]}" : "]";
        std::size_t cut = text.size();
        for (int attempt = 0; attempt < 64 && cut > open; ++attempt) {
            cut = text.rfind('}', cut - 1);
            if (cut == std::string_view::npos || cut <= open)
                break;
            simdjson::padded_string repaired(std::string(text.substr(0, cut + 1)) + close);
            od::document doc;
            if (!parser.iterate(repaired).get(doc)) {
                json = std::move(repaired);
                return cut + 1;
            }
        }
        return 0;
    }

    BuilderShard &shardOf(EventPass &pass, DeviceSink *s)
    {
        auto it = pass.shards.find(s);
        if (it == pass.shards.end())
            it = pass.shards.emplace(s, BuilderShard(s->source)).first;
        return it->second;
    }

    /// The device whose source gets a pid's events (a view of several devices is routed by the
    /// pid layout or NPU label; a pid that names none goes to the first device).
    DeviceSink *sinkFor(EventPass &pass, std::int64_t pid)
    {
        if (!m_shared || m_sinks.size() == 1)
            return m_sinks.front();
        auto it = pass.route.find(pid);
        if (it != pass.route.end())
            return it->second;
        const int d = deviceOfPid(pid, pass.meta);
        DeviceSink *out = nullptr;
        for (DeviceSink *s : m_sinks)
            if (s->dev->device == d)
                out = s;
        if (!out) {
            out = m_sinks.front();
            ++pass.unrouted;
        }
        pass.route.emplace(pid, out);
        return out;
    }

    void handleEvent(EventPass &pass, RawEv &e, std::uint64_t pos)
    {
        if (!e.hasPid)
            return;
        DeviceSink &s = *sinkFor(pass, e.pid);
        BuilderShard &sh = shardOf(pass, &s);
        if (is(e.ph, "M")) {
            m_cacheSink = nullptr;
            metadata(s, sh, e);
            return;
        }
        ++s.events;
        if (!unique(s, e)) {
            ++s.duplicates;
            return;
        }
        TimeNs ts = 0;
        if (!e.hasTs || !parseMicrosToNs(e.tsText, ts)) {
            if (!pass.badTs++)
                pass.badTsPos = pos;
            return;
        }
        const TimeNs rawTs = ts;
        ts += s.offset;
        if (m_cacheSink != &s || m_cachePid != e.pid)
            s.summary.pids.insert(e.pid);
        const LocalProcess p = process(s, sh, e.pid);
        const char ph = e.ph.empty() ? 0 : e.ph.front();
        switch (ph) {
        case 'X':
        case 'B':
        case 'E': slice(s, sh, p, e, ts, rawTs, pos); break;
        case 'C': counter(sh, p, e, ts); break;
        case 's':
        case 't':
        case 'f':
            if (m_cacheName == proc::kSteps) // Data_aug Bound: a flow whose step carries its length
                s.steps.noteStepTraceEvent(ph, e.name, e.pid, e.tid, ts, 0, e.args);
            flow(sh, e, ph, ts);
            break;
        case 'i':
        case 'I':
            sh.addInstant(is(e.scope, "g") ? sh.globalInstantTrack()
                          : is(e.scope, "p") ? sh.processInstantTrack(p)
                                           : thread(sh, e.tid),
                          ts, sh.intern(e.name), e.cat.empty() ? kEmptyString : sh.intern(e.cat),
                          e.args.empty() ? kNoArgs : sh.addArgs(minifyJson(e.args)));
            break;
        default:
            if (!pass.skipped++)
                pass.skippedPos = pos;
            break;
        }
    }

    void flow(BuilderShard &sh, const RawEv &e, char ph, TimeNs ts)
    {
        if (!e.hasId)
            return;
        std::string key(e.cat);
        key.push_back('\x1f');
        key.append(flowBaseName(e.name));
        const FlowPhase fp = ph == 's' ? FlowPhase::Start : ph == 't' ? FlowPhase::Step : FlowPhase::End;
        const FlowBinding b = (ph == 's' || is(e.bp, "e")) ? FlowBinding::Enclosing : FlowBinding::Next;
        sh.addFlow(fp, b, flowIdFromText(e.id), sh.intern(key), thread(sh, e.tid), ts, kEmptyString, true);
    }

    /// The pass's diagnostics (on the first shard, as counts) and its shards merged into the trace.
    void finishPass(EventPass &pass, const fs::path &file)
    {
        for (auto &[s, sh] : pass.shards) {
            sh.diagnostics().add(DiagKind::BadTimestamp, file.string(), pass.badTsPos, {}, pass.badTs);
            sh.diagnostics().add(DiagKind::SkippedPhase, file.string(), pass.skippedPos, {}, pass.skipped);
            pass.badTs = pass.skipped = 0;
            m_builder.merge(std::move(sh));
        }
        if (pass.unrouted)
            m_sinks.front()->diags.add(DiagKind::EventsNotRouted, file.string(), 0,
                                       "events of " + std::to_string(pass.unrouted)
                                           + " process(es) name no device of this folder (pid layout, NPU label): given to device "
                                           + std::to_string(m_sinks.front()->dev->device),
                                       pass.unrouted);
    }

    /// The events of a view's array in order: f(event, byte offset) until it returns false. A
    /// damaged event ends the readable part of the file: onDamage(byte offset, events read).
    template <typename F, typename D>
    static void forEachEvent(od::document &doc, const char *base, const ImportContext &ctx, F &&f, D &&onDamage)
    {
        od::array arr;
        od::json_type t;
        if (doc.type().get(t))
            return;
        if (t == od::json_type::object) {
            if (doc.find_field_unordered("traceEvents").get_array().get(arr))
                return;
        } else if (doc.get_array().get(arr)) {
            return;
        }
        std::uint64_t index = 0;
        for (auto el : arr) {
            if (ctx.stopRequested())
                return;
            od::object obj;
            RawEv e;
            std::uint64_t pos = index;
            const char *loc = nullptr;
            if (base && !doc.current_location().get(loc) && loc >= base)
                pos = static_cast<std::uint64_t>(loc - base);
            if (el.get_object().get(obj) || !readEvent(obj, e)) {
                onDamage(pos, index);
                return;
            }
            ++index;
            if (!f(e, pos))
                return;
        }
    }

    static std::string argString(std::string_view args, std::string_view key)
    {
        simdjson::dom::parser p;
        simdjson::dom::element d;
        std::string_view v;
        if (p.parse(std::string(args)).get(d) || d[key].get_string().get(v))
            return {};
        return std::string(v);
    }
    static std::optional<std::int64_t> argInt(std::string_view args, std::string_view key)
    {
        simdjson::dom::parser p;
        simdjson::dom::element d, v;
        if (p.parse(std::string(args)).get(d) || d[key].get(v))
            return std::nullopt;
        return jsonInt(v);
    }

    bool unique(DeviceSink &s, const RawEv &e)
    {
        m_key.clear();
        for (std::string_view part : {e.ph, e.pidText, e.tidText, e.tsText, e.durText, e.name, e.cat, e.id})
            m_key.append(part).push_back('\x1f');
        if (is(e.ph, "C"))
            m_key.append(e.args);
        return s.seen.insert(std::hash<std::string_view>()(m_key), fnv1a(m_key));
    }

    void metadata(DeviceSink &s, BuilderShard &sh, const RawEv &e)
    {
        const LocalProcess p = sh.process(EntityKey::number(e.pid));
        if (e.name == "process_name") {
            const std::string v = argString(e.args, "name");
            sh.setProcessName(p, sh.intern(v));
            s.summary.processNames[e.pid] = v;
        } else if (e.name == "process_labels") {
            s.summary.processLabels[e.pid] = argString(e.args, "labels");
        } else if (e.name == "process_sort_index") {
            if (auto v = argInt(e.args, "sort_index")) {
                sh.setProcessSortIndex(p, *v);
                s.summary.processSortIndex[e.pid] = *v;
            }
        } else if (e.name == "thread_name") {
            const std::string v = argString(e.args, "name");
            sh.setThreadName(sh.thread(p, EntityKey::number(e.tid)), sh.intern(v));
            s.summary.tracks[{e.pid, e.tid}].name = v;
            if (auto pn = s.summary.processNames.find(e.pid); pn != s.summary.processNames.end() && pn->second == proc::kSteps)
                s.steps.noteThreadName(e.pid, e.tid, v);
        } else if (e.name == "thread_sort_index") {
            if (auto v = argInt(e.args, "sort_index")) {
                sh.setThreadSortIndex(sh.thread(p, EntityKey::number(e.tid)), *v);
                TrackStats &st = s.summary.tracks[{e.pid, e.tid}];
                st.sortIndex = *v;
                st.hasSortIndex = true;
            }
        }
    }

    void slice(DeviceSink &s, BuilderShard &sh, LocalProcess p, const RawEv &e, TimeNs ts, TimeNs rawTs, std::uint64_t pos)
    {
        TimeNs dur = 0;
        if (is(e.ph, "X") && e.hasDur && !parseMicrosToNs(e.durText, dur)) {
            s.diags.add(DiagKind::BadTimestamp, m_file, pos, "dur");
            return;
        }
        (void)p;
        const LocalTrack t = thread(sh, e.tid);
        std::string args = e.args.empty() || e.args == "{}" ? std::string() : minifyJson(e.args);
        const std::string_view pname = m_cacheName;
        if (is(e.ph, "X") && e.cat.empty() && !args.empty()) {
            // Device tasks: the Task Type mix classifies the stream, op_summary adds kernel members.
            const std::string_view type = findStringMember(args, "Task Type");
            if (!type.empty()) {
                TrackStats &st = stats(s, e.pid, e.tid);
                ++st.slices;
                switch (classifyTaskType(type)) {
                case TaskClass::Compute: ++st.compute; break;
                case TaskClass::Communication: ++st.comm; break;
                case TaskClass::Dma: ++st.dma; break;
                case TaskClass::Other: ++st.other; break;
                }
                if (pname == proc::kHardware) {
                    ++s.hardwareTasks;
                    if (const std::string *m = s.ops.find(e.name, rawTs); m && args.size() >= 2) {
                        args.pop_back();
                        if (args.size() > 1)
                            args.push_back(',');
                        args += *m;
                        args.push_back('}');
                    }
                }
            }
        }
        if (is(e.ph, "X") && pname == proc::kSteps) {
            stats(s, e.pid, e.tid); // known, so that markStepTraceTracks finds the track
            s.steps.noteStepTraceEvent('X', e.name, e.pid, e.tid, ts, dur, args);
        }
        // the device work of a per-iteration view: that iteration's span when no Step Trace says it
        if (is(e.ph, "X") && m_fileIteration >= 0 && (pname == proc::kHardware || pname == proc::kHccl))
            s.steps.noteFileTask(m_fileModel, m_fileIteration, ts, ts + std::max<TimeNs>(dur, 0));
        const StringId name = sh.intern(e.name);
        const StringId cat = e.cat.empty() ? kEmptyString : sh.intern(e.cat);
        const ArgsId a = args.empty() ? kNoArgs : sh.addArgs(args);
        if (is(e.ph, "X"))
            sh.addSlice(t, ts, dur, name, cat, a);
        else if (is(e.ph, "B"))
            sh.beginSlice(t, ts, name, cat, a);
        else
            sh.endSlice(t, ts, e.name.empty() ? kEmptyString : name, a);
    }

    void counter(BuilderShard &sh, LocalProcess p, const RawEv &e, TimeNs ts)
    {
        if (e.args.empty())
            return;
        simdjson::dom::parser parser;
        simdjson::dom::element d;
        simdjson::dom::object o;
        if (parser.parse(std::string(e.args)).get(d) || d.get_object().get(o))
            return;
        std::vector<std::pair<std::string, double>> values;
        for (auto [k, v] : o) {
            double dv = 0;
            std::string_view sv;
            TimeNs scaled = 0;
            if (!v.get_double().get(dv)) {
            } else if (!v.get_string().get(sv) && parseDecimalToNs(sv, 1, scaled)) {
                dv = static_cast<double>(scaled);
            } else {
                continue;
            }
            values.emplace_back(std::string(k), dv);
        }
        for (const auto &[k, v] : values) {
            const std::string series = values.size() > 1 && (k == "value" || k == e.name) ? std::string(e.name) + " " + k
                                                                                            : counterSeriesName(e.name, k);
            sh.addCounter(sh.counterTrack(p, sh.intern(series)), ts, v);
        }
    }

    std::vector<DeviceSink *> m_sinks;
    ProcessMeta m_meta; ///< process metadata of the views read so far (routing only)
    bool m_shared = false;
    TraceBuilder &m_builder;
    const ImportContext &m_ctx;
    std::string m_key;
    std::string m_file;
    std::set<std::pair<std::size_t, std::size_t>> m_seenViews; ///< (size, hash) of the views read
    /// Model and iteration of the view being read ({kind}_{device}_{model}_{iteration}.json); -1: not per iteration.
    std::int64_t m_fileModel = -1, m_fileIteration = -1;
    // The process and track of the previous event (events come in runs of one stream): valid for
    // the shards of one read(), cleared by metadata, which may rename the process.
    DeviceSink *m_cacheSink = nullptr;
    std::int64_t m_cachePid = 0, m_cacheTid = 0;
    bool m_cacheTrack = false;
    LocalProcess m_cacheProcess = 0;
    LocalTrack m_cacheThread = 0;
    std::string_view m_cacheName;
    TrackStats *m_cacheStats = nullptr;

    LocalProcess process(DeviceSink &s, BuilderShard &sh, std::int64_t pid)
    {
        if (m_cacheSink != &s || m_cachePid != pid) {
            m_cacheSink = &s;
            m_cachePid = pid;
            m_cacheTrack = false;
            m_cacheProcess = sh.process(EntityKey::number(pid));
            const auto pn = s.summary.processNames.find(pid);
            m_cacheName = pn == s.summary.processNames.end() ? std::string_view() : std::string_view(pn->second);
        }
        return m_cacheProcess;
    }
    LocalTrack thread(BuilderShard &sh, std::int64_t tid)
    {
        if (!m_cacheTrack || m_cacheTid != tid) {
            m_cacheTrack = true;
            m_cacheTid = tid;
            m_cacheThread = sh.thread(m_cacheProcess, EntityKey::number(tid));
            m_cacheStats = nullptr;
        }
        return m_cacheThread;
    }
    TrackStats &stats(DeviceSink &s, std::int64_t pid, std::int64_t tid)
    {
        if (!m_cacheStats)
            m_cacheStats = &s.summary.tracks[{pid, tid}];
        return *m_cacheStats;
    }
};

/// The device's steps ("Step N" slices on a "Steps" track of its Step Trace process), from
/// whatever MsprofSteps collected. Without a Step Trace process in the views (steps from CSV rows
/// or from per-iteration files) one is made: pid -2 is never a real pid, and it is a device
/// process as the views' Step Trace is (labelled "NPU n · Step Trace", not by its pid).
void emitSteps(DeviceSink &s, TraceBuilder &builder)
{
    if (!s.steps.hasIterations() && !s.steps.hasFileSpans())
        return;
    std::int64_t pid = s.steps.stepTracePid();
    if (!pid) {
        pid = -2;
        BuilderShard sh(s.source);
        const LocalProcess p = sh.process(EntityKey::number(pid));
        sh.setProcessName(p, sh.intern(proc::kSteps));
        sh.setProcessKind(p, ProcessKind::Device, s.dev->device);
        sh.setProcessLabels(p, sh.intern("NPU " + std::to_string(s.dev->device) + " \u00b7 " + std::string(proc::kSteps)));
        s.summary.processNames[pid] = std::string(proc::kSteps);
        s.summary.pids.insert(pid);
        builder.merge(std::move(sh));
    }
    s.steps.emit(s.source, pid, kStepsTid, builder, s.diags, (s.dev->prof / ("device_" + std::to_string(s.dev->device))).string());
}

/// Iterations from step_trace CSVs (Iteration ID, Iteration End, Iteration Time) when the
/// timeline views hold no Step Trace events.
void stepsFromCsv(DeviceSink &s)
{
    const MsprofDevice &d = *s.dev;
    for (const fs::path &csv : d.stepTrace) {
        auto f = CsvFile::read(csv);
        if (!f.ok())
            continue;
        const CsvHeader &h = f.value().header;
        const int iId = h.find({"Iteration ID", "Iteration Id", "step_num"}), iEnd = h.find({"Iteration End(us)", "Iteration End"}),
                  iTime = h.find({"Iteration Time(us)", "Iteration Time"}), iDev = h.find({"Device_id", "Device ID"}),
                  iFpBp = h.find({"FP to BP Time(us)", "FP_BP Time(us)", "FP to BP Time"}),
                  iRefresh = h.find({"Iteration Refresh(us)", "Iteration Refresh"}),
                  iAug = h.find({"Data Aug Bound(us)", "Data_aug Bound(us)", "Data Aug Bound"}),
                  iModel = h.find({"Model ID", "Model Id"});
        if (iId < 0 || iEnd < 0 || iTime < 0) {
            s.diags.add(DiagKind::MissingField, csv.string(), 0, "step_trace CSV without Iteration ID / Iteration End / Iteration Time: no steps from it");
            continue;
        }
        CsvParser p = f.value().records();
        std::vector<std::string_view> cells;
        while (p.next(cells)) {
            std::int64_t dev = -1, n = 0;
            if (d.sharedCsv && iDev >= 0 && parseInt64(cellAt(cells, iDev), dev) && dev != d.device)
                continue;
            const auto end = microsCell(cellAt(cells, iEnd));
            const auto dur = microsCell(cellAt(cells, iTime));
            if (!end || !dur || !parseInt64(cellAt(cells, iId), n))
                continue;
            TimeNs e = *end;
            if (*end < 0 || *end > kMaxSummaryNs || *dur < 0 || *dur > *end)
                continue;
            if (!s.offsetDecided)
                decideOffset(s, e, csv);
            if (e < kEpochFloorNs)
                e += s.offset;
            auto part = [&](int col) {
                const auto v = col >= 0 ? microsCell(cellAt(cells, col)) : std::nullopt;
                return v ? *v : TimeNs(-1);
            };
            std::int64_t model = -1;
            if (iModel < 0 || !parseInt64(cellAt(cells, iModel), model))
                model = -1;
            s.steps.addCsvIteration(model, n, e - *dur, *dur, part(iFpBp), part(iRefresh), part(iAug));
        }
    }
}
/// A device process of a timeline built from summary CSVs: the views' pid layout with host pid 0
/// (the process's sort index above the device bits), named and labelled as the views' processes.
LocalProcess summaryDeviceProcess(BuilderShard &sh, std::string_view name, int device)
{
    const int idx = processSortIndex(name);
    const LocalProcess p = sh.process(EntityKey::number((std::int64_t(idx < 0 ? 31 : idx) << 5) | (device & 31)));
    sh.setProcessName(p, sh.intern(name));
    sh.setProcessKind(p, ProcessKind::Device, device);
    sh.setProcessLabels(p, sh.intern("NPU " + std::to_string(device) + " \u00b7 " + std::string(name)));
    sh.setProcessSortIndex(p, idx);
    return p;
}

/// One op_summary row taken as a device task.
struct SummaryTask {
    TimeNs start = 0, dur = 0;
    std::int64_t stream = -1; ///< -1: no Stream ID (N/A, or no such column)
    bool communication = false;
    std::string name, taskType, args;
};

/// What a device's timeline from op_summary was made of, and the CSVs that could not be used.
struct SummaryTimeline {
    std::uint64_t tasks = 0, communication = 0;
    std::vector<fs::path> used, unusable;
};

bool equalsIgnoringCase(std::string_view a, std::string_view b)
{
    auto folded = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (folded(a[i]) != folded(b[i]))
            return false;
    return true;
}

/// The rows of one op_summary CSV that belong to `s`'s device, as device tasks.
void readSummaryTasks(DeviceSink &s, const fs::path &csv, std::vector<SummaryTask> &out, SummaryTimeline &tl)
{
    auto f = CsvFile::read(csv);
    if (!f.ok()) {
        s.diags.add(DiagKind::MalformedEvent, csv.string(), 0, f.error().message);
        tl.unusable.push_back(csv);
        return;
    }
    const CsvHeader &h = f.value().header;
    const int iName = h.find({"Op Name", "OP Name"}), iStart = h.find({"Task Start Time(us)", "Task Start Time"}),
              iDur = h.find({"Task Duration(us)", "Task Duration"}), iStream = h.find({"Stream ID", "Stream Id"}),
              iTaskType = h.find("Task Type"), iDev = h.find({"Device_id", "Device ID"});
    if (iName < 0 || iStart < 0 || iDur < 0) {
        s.diags.add(DiagKind::MissingField, csv.string(), 1,
                    "op_summary without Op Name / Task Start Time / Task Duration columns: no device tasks from it");
        tl.unusable.push_back(csv);
        return;
    }
    const int iType = h.find({"OP Type", "Op Type"}), iState = h.find("OP State"), iBlock = h.find({"Block Dim", "Block Num"}),
              iMix = h.find({"Mix Block Dim", "Mix Block Num"}), iIn = h.find("Input Shapes"), iOut = h.find("Output Shapes"),
              iTaskId = h.find({"Task ID", "Task Id"}), iModel = h.find({"Model ID", "Model Id"}),
              iWait = h.find({"Task Wait Time(us)", "Task Wait Time"});
    CsvParser p = f.value().records();
    std::vector<std::string_view> cells;
    std::uint64_t bad = 0, badLine = 0, rows = 0;
    while (p.next(cells)) {
        std::int64_t dev = -1;
        if (s.dev->sharedCsv && iDev >= 0 && parseInt64(cellAt(cells, iDev), dev) && dev != s.dev->device)
            continue;
        const auto start = microsCell(cellAt(cells, iStart));
        const auto dur = microsCell(cellAt(cells, iDur));
        const std::string_view name = cellAt(cells, iName);
        if (!start || !dur || name.empty() || *start < 0 || *start > kMaxSummaryNs || *dur < 0 || *dur > kMaxSummaryNs) {
            if (!bad++)
                badLine = p.line();
            continue;
        }
        SummaryTask t;
        t.start = *start;
        t.dur = *dur;
        t.name.assign(name);
        if (iTaskType >= 0 && !isMissing(cellAt(cells, iTaskType)))
            t.taskType.assign(cellAt(cells, iTaskType));
        std::int64_t stream = -1;
        if (iStream >= 0 && parseInt64(cellAt(cells, iStream), stream) && stream >= 0 && stream < (1LL << 32))
            t.stream = stream;
        // HCCL rows: Task Type HCCL / COMMUNICATION, Stream ID N/A in newer versions; a file
        // without a Stream ID column tells them by the hcom_ op name (as kernel_details.csv rows).
        t.communication = equalsIgnoringCase(t.taskType, "HCCL") || equalsIgnoringCase(t.taskType, "COMMUNICATION")
            || (iStream >= 0 ? t.stream < 0 : startsWith(name, "hcom_"));
        ArgsWriter w;
        auto text = [&](const char *key, int i) {
            const std::string_view v = cellAt(cells, i);
            if (i >= 0 && !isMissing(v))
                w.str(key, v);
        };
        auto num = [&](const char *key, int i) {
            const std::string_view v = cellAt(cells, i);
            if (i >= 0 && !isMissing(v) && v != "4294967295" && v != "18446744073709551615")
                w.numberOrString(key, v);
        };
        // the keys kernel_details.csv rows carry on torch_npu folders, which the analyses read
        text("Type", iType);
        text("Accelerator Core", iTaskType);
        text("Task Type", iTaskType);
        text("OP State", iState);
        num("Block Dim", iBlock);
        num("Mix Block Dim", iMix);
        num("Stream ID", iStream);
        num("Task ID", iTaskId);
        num("Model ID", iModel);
        num("Wait Time(us)", iWait);
        text("Input Shapes", iIn);
        text("Output Shapes", iOut);
        t.args = w.finish();
        out.push_back(std::move(t));
        ++rows;
    }
    if (bad)
        s.diags.add(DiagKind::MalformedEvent, csv.string(), badLine, "op_summary rows without a name or a valid start time / duration", bad);
    (rows ? tl.used : tl.unusable).push_back(csv);
}

/// A device without exported timeline JSON: its op_summary rows become its device tasks, on
/// Ascend Hardware stream tracks and the HCCL op track, with the Overlap Analysis lanes derived
/// from them (as kernel_details.csv rows are on a torch_npu rank without trace_view.json), so
/// that the step and op analyses apply. False when no op_summary row could be used.
bool emitSummaryTimeline(DeviceSink &s, TraceBuilder &builder, SummaryTimeline &tl)
{
    std::vector<SummaryTask> tasks;
    for (const fs::path &csv : s.dev->opSummary)
        readSummaryTasks(s, csv, tasks, tl);
    if (tasks.empty())
        return false;
    if (!s.offsetDecided) {
        const auto first = std::min_element(tasks.begin(), tasks.end(), [](const SummaryTask &a, const SummaryTask &b) {
            return a.start < b.start;
        });
        decideOffset(s, first->start, tl.used.front());
    }
    const int device = s.dev->device;
    BuilderShard sh(s.source);
    std::vector<Interval> compute, communication;
    std::map<std::int64_t, std::array<std::uint64_t, 4>> streamMix;
    std::optional<LocalProcess> hardware;
    std::optional<LocalTrack> hcclOps;
    std::string key;
    for (const SummaryTask &t : tasks) {
        // per-iteration CSVs of older CANN may repeat a row at their boundary: each task once
        key = t.name + '\x1f' + std::to_string(t.start) + '\x1f' + std::to_string(t.dur) + '\x1f' + std::to_string(t.stream);
        ++s.events;
        if (!s.seen.insert(std::hash<std::string>()(key), fnv1a(key))) {
            ++s.duplicates;
            continue;
        }
        const TimeNs start = t.start < kEpochFloorNs ? t.start + s.offset : t.start;
        const ArgsId args = t.args.empty() ? kNoArgs : sh.addArgs(t.args);
        if (t.communication) {
            if (!hcclOps) {
                hcclOps = sh.thread(summaryDeviceProcess(sh, proc::kHccl, device), EntityKey::number(0));
                sh.setThreadName(*hcclOps, sh.intern("Communication"));
                sh.setTrackRole(*hcclOps, TrackRole::DeviceStream, EngineKind::Communication);
            }
            sh.addSlice(*hcclOps, start, t.dur, sh.intern(t.name), kEmptyString, args);
            communication.push_back({start, start + t.dur});
            ++tl.communication;
            continue;
        }
        if (!hardware)
            hardware = summaryDeviceProcess(sh, proc::kHardware, device);
        sh.addSlice(sh.thread(*hardware, EntityKey::number(t.stream)), start, t.dur, sh.intern(t.name), kEmptyString, args);
        auto &mix = streamMix[t.stream];
        ++mix[static_cast<std::size_t>(classifyTaskType(t.taskType))];
        compute.push_back({start, start + t.dur});
        ++s.hardwareTasks;
    }
    for (const auto &[stream, mix] : streamMix) {
        const LocalTrack track = sh.thread(*hardware, EntityKey::number(stream));
        sh.setThreadName(track, sh.intern(stream < 0 ? std::string("Device tasks (no Stream ID)") : "Stream " + std::to_string(stream)));
        sh.setThreadSortIndex(track, stream);
        sh.setTrackRole(track, TrackRole::Engine,
                        streamEngine(mix[std::size_t(TaskClass::Compute)], mix[std::size_t(TaskClass::Communication)],
                                     mix[std::size_t(TaskClass::Dma)], mix[std::size_t(TaskClass::Other)]));
    }
    tl.tasks = compute.size() + communication.size();
    emitOverlapLanes(sh, summaryDeviceProcess(sh, proc::kOverlap, device), deriveOverlap(std::move(compute), std::move(communication)));
    builder.merge(std::move(sh));
    return true;
}

/// "a, b, c and 4 more": file names relative to the PROF folder, for a diagnostic.
std::string fileList(const std::vector<fs::path> &files, const fs::path &prof, const char *what = nullptr)
{
    constexpr std::size_t kNamed = 8;
    std::string out;
    for (std::size_t i = 0; i < files.size() && i < kNamed; ++i) {
        if (i)
            out += ", ";
        const fs::path rel = files[i].lexically_relative(prof);
        out += rel.empty() ? files[i].string() : rel.string();
        if (what)
            out += what;
    }
    if (files.size() > kNamed)
        out += " and " + std::to_string(files.size() - kNamed) + " more";
    return out;
}

/// The warning of a device without exported timeline JSON: where its events came from, and
/// which of its files are present but feed no timeline.
std::string noTimelineDetail(const DeviceSink &s, const SummaryTimeline &tl, bool fromSummary)
{
    const MsprofDevice &d = *s.dev;
    const std::string dev = "device_" + std::to_string(d.device);
    std::string out = dev + ": no exported timeline";
    if (d.rawDataFiles)
        out += " (" + std::to_string(d.rawDataFiles) + " raw file(s) in " + dev + "/data, which only msprof parses)";
    if (fromSummary)
        out += ": the device tasks (" + std::to_string(tl.tasks) + ", " + std::to_string(tl.communication)
            + " of them HCCL ops) come from " + fileList(tl.used, d.prof)
            + ", with Overlap Analysis lanes derived from them; CANN API calls, HCCL planes, Step Trace spans and launch "
              "flows are only in the exported views";
    else
        out += " and no op_summary rows to take the device tasks from";
    std::vector<std::string> unused;
    if (!tl.unusable.empty())
        unused.push_back(fileList(tl.unusable, d.prof, " (no usable rows or columns)"));
    if (!d.otherCsv.empty())
        unused.push_back(fileList(d.otherCsv, d.prof, " (kept as a table)"));
    if (!s.steps.hasIterations() && !d.stepTrace.empty())
        unused.push_back(fileList(d.stepTrace, d.prof, " (no usable iterations)"));
    if (!unused.empty()) {
        out += "; present and not used for the timeline: ";
        for (std::size_t i = 0; i < unused.size(); ++i)
            out += (i ? ", " : "") + unused[i];
    }
    out += "; for the full timeline run msprof --export=on, or msprof --parse then --export";
    if (!fromSummary)
        out += "; no device events";
    return out;
}

/// Tracks of the Step Trace process are spans of the device's iterations, not host threads
/// (a host thread's name gets its tid appended: "Model ID 1 1", "Steps -1").
void markStepTraceTracks(const DeviceSink &s, TraceBuilder &builder)
{
    BuilderShard sh(s.source);
    bool any = false;
    for (const auto &[key, stats] : s.summary.tracks) {
        const auto name = s.summary.processNames.find(key.first);
        if (name == s.summary.processNames.end() || name->second != proc::kSteps)
            continue;
        sh.setTrackRole(sh.thread(sh.process(EntityKey::number(key.first)), EntityKey::number(key.second)), TrackRole::Async);
        any = true;
    }
    if (any)
        builder.merge(std::move(sh));
}

AscendFacts::Framework frameworkAround(const fs::path &prof)
{
    const std::string parent = lower(prof.parent_path().filename().string());
    if (endsWith(parent, "_ascend_pt"))
        return AscendFacts::Framework::TorchNpu;
    if (endsWith(parent, "_ascend_ms") || parent == "profiler")
        return AscendFacts::Framework::MindSpore;
    return AscendFacts::Framework::Unknown;
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

Status importMsprofDevices(const std::vector<MsprofDevice> &devices, TraceBuilder &builder, const ImportContext &ctx,
                           const std::function<void(double)> &progress, std::size_t &loaded)
{
    loaded = 0;
    std::vector<std::unique_ptr<DeviceSink>> sinks;
    for (const MsprofDevice &d : devices) {
        auto s = std::make_unique<DeviceSink>();
        s->dev = &d;
        SourceInfo info;
        info.path = d.prof.string() + "/device_" + std::to_string(d.device);
        info.format = "msprof";
        info.rank = d.rank;
        info.timeUnit = "us";
        s->source = builder.addSource(info);
        auto &meta = builder.source(s->source).metadata;
        meta.emplace_back("ascend.export", jsonQuote("msprof " + d.generation));
        meta.emplace_back("ascend.rank_from", jsonQuote(d.rankFrom));
        meta.emplace_back("ascend.msprof.views", jsonQuote(d.timelineRule));
        if (!d.info.empty()) {
            const std::string text = readSmallFile(d.info, 4u << 20);
            if (!text.empty())
                meta.emplace_back("ascend.msprof.info", minifyJson(text));
        }
        if (d.rankFrom == "device id")
            s->diags.add(DiagKind::RankFromDeviceId, d.info.empty() ? d.prof.string() : d.info.string(), 0,
                         "rank = device id " + std::to_string(d.device)
                             + (d.info.empty() ? " (no info.json)" : " (info.json has no rank_id)"));
        // op_summary rows join onto the views' device tasks; without views they are the tasks
        if (!d.timeline.empty())
            for (const fs::path &csv : d.opSummary)
                s->ops.read(csv, d.device, d.sharedCsv, s->diags);
        sinks.push_back(std::move(s));
    }
    // Devices that share their views (newer CANN, a merged timeline/) are read together, each
    // file once; the others one by one.
    std::map<std::vector<fs::path>, std::vector<DeviceSink *>> groups;
    for (auto &s : sinks)
        groups[s->dev->sharedTimeline ? s->dev->timeline : std::vector<fs::path>{}].push_back(s.get());
    std::size_t done = 0, total = 0;
    for (auto &s : sinks)
        total += std::max<std::size_t>(1, s->dev->timeline.size());
    std::optional<ImportError> firstError;
    auto readAll = [&](const std::vector<fs::path> &files, std::vector<DeviceSink *> group, bool shared) -> Status {
        const bool routing = shared && group.size() > 1;
        ViewReader reader(std::move(group), shared, builder, ctx);
        // The next view is loaded and pre-scanned on a second thread while this one's events
        // are taken (std::async falls back to running it here when no thread can be started).
        auto loadAt = [&](std::size_t i) {
            return std::async([file = files[i], routing, &ctx] { return ViewReader::load(file, routing, ctx); });
        };
        std::future<LoadedView> next;
        if (!files.empty())
            next = loadAt(0);
        for (std::size_t i = 0; i < files.size(); ++i) {
            const LoadedView view = next.get();
            if (ctx.stopRequested())
                return Canceled{};
            if (i + 1 < files.size())
                next = loadAt(i + 1);
            Status st = reader.read(view);
            if (!st.ok()) {
                if (!firstError)
                    firstError = st.error();
                builder.diagnostics().add(DiagKind::MalformedEvent, st.error().file, st.error().position, st.error().message);
            }
            ++done;
            if (progress)
                progress(double(done) / double(std::max<std::size_t>(total, 1)));
        }
        return Ok{};
    };
    for (auto &[files, group] : groups) {
        if (!files.empty()) {
            Status st = readAll(files, group, true);
            if (st.canceled())
                return st;
        } else {
            for (DeviceSink *s : group) {
                Status st = readAll(s->dev->timeline, {s}, false);
                if (st.canceled())
                    return st;
            }
        }
    }
    for (auto &sp : sinks) {
        DeviceSink &s = *sp;
        const MsprofDevice &d = *s.dev;
        SummaryTimeline fromCsv;
        const bool summaryTimeline = d.timeline.empty() && emitSummaryTimeline(s, builder, fromCsv);
        if (!s.steps.hasIterations())
            stepsFromCsv(s);
        emitSteps(s, builder);
        decorateTraceView(builder, s.source, s.summary, DeviceHint{d.device});
        markStepTraceTracks(s, builder);
        if (d.timeline.empty())
            s.diags.add(DiagKind::DataNotRead, d.prof.string(), 0, noTimelineDetail(s, fromCsv, summaryTimeline));
        for (const auto &[path, what] : d.notRead)
            s.diags.add(DiagKind::DataNotRead, path.string(), 0, what);
        ArgsWriter w;
        w.integer("events", static_cast<std::int64_t>(s.events - s.duplicates));
        w.integer("duplicates_dropped", static_cast<std::int64_t>(s.duplicates));
        w.integer("identical_files_skipped", static_cast<std::int64_t>(s.identicalFiles));
        w.integer("device_tasks", static_cast<std::int64_t>(s.hardwareTasks));
        w.integer("op_summary_rows", static_cast<std::int64_t>(s.ops.size()));
        w.integer("op_summary_joined", static_cast<std::int64_t>(s.ops.matched()));
        w.integer("iterations", static_cast<std::int64_t>(s.steps.iterationCount()));
        if (summaryTimeline)
            w.str("timeline", "op_summary CSV rows (no exported timeline JSON)");
        builder.source(s.source).metadata.emplace_back("ascend.joins", w.finish());
        for (const fs::path &csv : d.otherCsv) {
            DiagnosticSink scratch;
            std::string t = csvAsJsonTable(csv, scratch);
            if (!t.empty())
                builder.source(s.source).metadata.emplace_back("ascend.table.msprof." + viewKind(csv), std::move(t));
        }
        AscendFacts facts;
        facts.framework = frameworkAround(d.prof);
        facts.exportKind = "msprof";
        facts.rankFrom = d.rankFrom;
        facts.device = d.device;
        builder.source(s.source).ascend = std::make_shared<const AscendFacts>(std::move(facts));
        builder.diagnostics().merge(s.diags);
        if (s.events > 0)
            ++loaded;
    }
    if (loaded == 0 && firstError)
        return *firstError;
    return Ok{};
}

} // namespace accelscope::importers::ascend
