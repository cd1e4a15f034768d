#include "registry.h"

#include "aiu/aiuimporter.h"
#include "ascend/ascendimporter.h"
#include "chrome_json/chromejsonimporter.h"
#include "model/ascendfacts.h"
#include "perfetto/perfettoimporter.h"
#include "sophgo/cdmlibhostalignment.h"
#include "sophgo/sophgoimporter.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <regex>
#include <set>

namespace accelscope::importers {

using namespace accelscope::model;

namespace {

template <typename T>
std::unique_ptr<Importer> make()
{
    return std::make_unique<T>();
}

// One line per importer. Formats in their own folders register here too.
const ImporterDescriptor kImporters[] = {
    {"chrome-json", "Chrome Trace Event JSON (.json, .json.gz, .json.zst)", "µs decimal text to ns, exact", 10,
     &make<chrome::ChromeJsonImporter>},
    {"perfetto", "Perfetto protobuf trace (.pftrace, .perfetto-trace, also .gz/.zst)", "ns; ClockSnapshots convert every clock to the trace clock", 20, &make<perfetto::PerfettoImporter>},
    {"ascend", "Huawei Ascend profiler folder (torch_npu *_ascend_pt, MindSpore *_ascend_ms and profiler/, cluster roots; trace_view.json, ascend_pytorch_profiler_*.db)", "epoch µs text or ns db to ns, exact; ranks share the epoch clock", 30, &make<ascend::AscendImporter>},
    {"sophgo", "Sophgo TPU profiler dump (cdm_profile_data_dev*: SG2260/BM1690, SG2260E; bmprofile_data-*: BM1684X, BM1688, CV184X)", "PMU cycles to ns with the engine clock (global.profile, chip default or user); exact at 1000 MHz", 40, &make<sophgo::SophgoImporter>},
    {"aiu", "IBM AIU (Spyre) trace: Flex JSON with TS1..TS5 cycle stamps, one file per AIU or a folder of them with the compiler log; torch-spyre profiler JSON", "cycles at the SoC frequency (detected, or --freq) to ns, µs text to ns", 40, &make<aiu::AiuImporter>},
};

} // namespace

std::span<const ImporterDescriptor> importerDescriptors() { return kImporters; }

std::unique_ptr<Importer> createImporter(std::string_view name)
{
    for (const auto &d : kImporters)
        if (d.name == name)
            return d.create();
    return nullptr;
}

std::string supportedFormatsText()
{
    std::string s;
    for (const auto &d : kImporters) {
        if (!s.empty())
            s += "; ";
        s += d.displayName;
    }
    return s;
}

namespace {

struct Pick {
    const ImporterDescriptor *desc = nullptr;
    Confidence conf = Confidence::No;
};

Pick pickImporter(const Source &src)
{
    Pick best;
    for (const auto &d : kImporters) {
        auto imp = d.create();
        const Confidence c = imp->probe(src);
        if (c == Confidence::No)
            continue;
        if (!best.desc || static_cast<int>(c) > static_cast<int>(best.conf)
            || (c == best.conf && d.priority > best.desc->priority)) {
            best = Pick{&d, c};
        }
    }
    return best;
}

int rankFromFileName(const std::filesystem::path &p)
{
    static const std::regex re("rank[_-]?(\\d+)", std::regex::icase);
    std::smatch m;
    const std::string name = p.filename().string();
    if (std::regex_search(name, m, re))
        return std::stoi(m[1].str());
    return -1;
}

/// A small non-negative integer after `key` and a colon in `text` ("rank": 3, "rank_id": "3").
int numberAfter(std::string_view text, std::size_t at, std::string_view key, std::size_t window)
{
    const std::size_t k = text.substr(at, window).find(key);
    if (k == std::string_view::npos)
        return -1;
    std::size_t i = at + k + key.size();
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r' || text[i] == ':'
                               || text[i] == '"'))
        ++i;
    int v = 0, digits = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9' && digits < 9) {
        v = v * 10 + (text[i] - '0');
        ++i;
        ++digits;
    }
    return digits ? v : -1;
}

/// The rank a file's first bytes state: Kineto's distributedInfo.rank, an Ascend/MindSpore
/// profiler_info rank_id.
int rankFromHead(std::string_view head, std::string &rule)
{
    if (const std::size_t d = head.find("\"distributedInfo\""); d != std::string_view::npos) {
        const int r = numberAfter(head, d, "\"rank\"", 4096);
        if (r >= 0) {
            rule = "distributedInfo.rank in the file";
            return r;
        }
    }
    if (const std::size_t d = head.find("\"rank_id\""); d != std::string_view::npos) {
        const int r = numberAfter(head, d, "\"rank_id\"", 64);
        if (r >= 0) {
            rule = "rank_id in the file";
            return r;
        }
    }
    return -1;
}

/// Rank numbers a file or folder name carries: rank<N>, then device<N> / npu<N> / gpu<N> /
/// card<N>, then worker<N>; the file's name first, then its folder's.
int rankFromNames(const std::filesystem::path &p, std::string &rule)
{
    struct Pattern {
        const char *re;
        const char *what;
    };
    static const Pattern patterns[] = {{"(?:^|[^a-z])rank[_-]?(\\d+)", "rank<N>"},
                                       {"(?:^|[^a-z])(?:device|dev|npu|gpu|card)[_-]?(\\d+)", "device<N>"},
                                       {"(?:^|[^a-z])worker[_-]?(\\d+)", "worker<N>"}};
    static const std::vector<std::regex> res = [] {
        std::vector<std::regex> v;
        for (const auto &pt : patterns)
            v.emplace_back(pt.re, std::regex::icase);
        return v;
    }();
    const std::string names[] = {p.filename().string(), p.parent_path().filename().string()};
    for (int n = 0; n < 2; ++n)
        for (std::size_t i = 0; i < res.size(); ++i) {
            std::smatch m;
            if (std::regex_search(names[n], m, res[i]) && m[1].length() < 9) {
                rule = std::string(n == 0 ? "file name " : "folder name ") + patterns[i].what;
                return std::stoi(m[1].str());
            }
        }
    return -1;
}

/// Folders a scan never enters: the kernel's and the devices' pseudo file systems.
bool isSystemFolder(const std::filesystem::path &p)
{
    std::error_code ec;
    const std::string c = std::filesystem::weakly_canonical(std::filesystem::absolute(p, ec), ec).string();
    for (const char *root : {"/proc", "/sys", "/dev"})
        if (c == root || c.rfind(std::string(root) + "/", 0) == 0)
            return true;
    return false;
}

std::mutex g_policyMutex;
ManyFilesPolicy g_manyFilesPolicy;

/// What a plan learned that the trace should say (scan limits, rank guesses).
struct PlanNote {
    model::DiagKind kind;
    std::string file;
    std::string detail;
    std::uint64_t count = 1;
};

struct ScanResult {
    std::vector<std::filesystem::path> files;
    std::size_t skippedDeep = 0;   ///< folders below kMaxScanDepth not entered
    bool fileLimit = false;        ///< stopped at kMaxScanFiles
    std::size_t skippedSpecial = 0; ///< FIFOs, sockets, devices, folder symlinks, system folders
};

/// Regular files under `root` (sorted), bounded in depth and count.
ScanResult scanFolder(const std::filesystem::path &root)
{
    namespace fs = std::filesystem;
    ScanResult r;
    std::vector<std::pair<fs::path, int>> stack{{root, 0}};
    while (!stack.empty() && !r.fileLimit) {
        auto [dir, depth] = stack.back();
        stack.pop_back();
        std::error_code ec;
        std::vector<fs::path> subdirs;
        for (fs::directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end; !ec && it != end;
             it.increment(ec)) {
            std::error_code e2;
            const fs::file_status link = it->symlink_status(e2);
            if (fs::is_directory(link)) {
                if (isSystemFolder(it->path()))
                    ++r.skippedSpecial;
                else if (depth + 1 > kMaxScanDepth)
                    ++r.skippedDeep;
                else
                    subdirs.push_back(it->path());
                continue;
            }
            // a symlink is followed to a regular file only: never to a folder (loops), a FIFO
            // (a blocking open), a socket or a device
            const fs::file_status st = fs::is_symlink(link) ? it->status(e2) : link;
            if (!fs::is_regular_file(st)) {
                ++r.skippedSpecial;
                continue;
            }
            if (r.files.size() >= kMaxScanFiles) {
                r.fileLimit = true;
                break;
            }
            r.files.push_back(it->path());
        }
        std::sort(subdirs.rbegin(), subdirs.rend());
        for (auto &d : subdirs)
            stack.emplace_back(std::move(d), depth + 1);
    }
    std::sort(r.files.begin(), r.files.end());
    return r;
}

/// Importers that read several files of one run as one source: consecutive file inputs such an
/// importer claims are imported together, as their folder would be (AIU: one file per AIU, whose
/// clocks are aligned and whose collectives become flows only when read together).
using FileGroupImport = Status (*)(const std::vector<Source> &, TraceBuilder &, ImportContext &);
struct FileGroupImporter {
    std::string_view name;
    FileGroupImport import;
};
const FileGroupImporter kFileGroupImporters[] = {
    {"aiu", [](const std::vector<Source> &files, TraceBuilder &b, ImportContext &c) {
         return aiu::AiuImporter().importFiles(files, b, c);
     }},
};

/// The folder holding a file, spelled one way whatever the path said ("a/../a/x", "./x").
std::filesystem::path folderOf(const std::filesystem::path &file)
{
    std::error_code ec;
    const std::filesystem::path folder = std::filesystem::weakly_canonical(std::filesystem::absolute(file, ec).parent_path(), ec);
    return ec ? file.parent_path() : folder;
}

const FileGroupImporter *fileGroupImporter(const ImportJob &job)
{
    if (job.source.isDirectory)
        return nullptr;
    for (const auto &g : kFileGroupImporters)
        if (g.name == job.importer)
            return &g;
    return nullptr;
}

} // namespace

namespace {

Result<std::vector<ImportJob>> planImportNoting(const std::vector<std::filesystem::path> &inputs, std::vector<PlanNote> &notes)
{
    namespace fs = std::filesystem;
    std::vector<ImportJob> jobs;
    for (const auto &path : inputs) {
        std::error_code ec;
        if (!fs::exists(path, ec))
            return ImportError{path.string(), 0, false, "no such file or directory"};
        const fs::file_status st = fs::status(path, ec);
        if (!fs::is_directory(st) && !fs::is_regular_file(st))
            return ImportError{path.string(), 0, false, "not a regular file (a device, FIFO or socket is never read)"};
        if (fs::is_directory(st) && isSystemFolder(path))
            return ImportError{path.string(), 0, false, "a system folder (/proc, /sys, /dev) is never scanned"};
        Source src = Source::fromPath(path);
        Pick pick = pickImporter(src);
        if (pick.desc && (!src.isDirectory || pick.conf >= Confidence::Likely)) {
            jobs.push_back(ImportJob{std::move(src), std::string(pick.desc->name), {}, false});
            continue;
        }
        if (!src.isDirectory) {
            return ImportError{path.string(), 0, false,
                               "unrecognised file format. Supported formats: " + supportedFormatsText()};
        }
        // Scan the directory for traces.
        const ScanResult scan = scanFolder(path);
        if (scan.fileLimit)
            notes.push_back({DiagKind::InputLimit, path.string(),
                             "folder scan stopped after " + std::to_string(kMaxScanFiles)
                                 + " files: the files after them (in name order) were not looked at"});
        if (scan.skippedDeep)
            notes.push_back({DiagKind::InputLimit, path.string(),
                             "folder scan goes " + std::to_string(kMaxScanDepth) + " folders deep: "
                                 + std::to_string(scan.skippedDeep) + " deeper folder(s) not entered",
                             scan.skippedDeep});
        const std::size_t before = jobs.size();
        for (const auto &f : scan.files) {
            Source fsrc = Source::fromPath(f);
            Pick p = pickImporter(fsrc);
            if (p.desc && p.conf >= Confidence::Likely)
                jobs.push_back(ImportJob{std::move(fsrc), std::string(p.desc->name), {}, false});
        }
        if (jobs.size() == before)
            return ImportError{path.string(), 0, false,
                               "no trace found in this directory. Supported formats: " + supportedFormatsText()};
        if (jobs.size() - before < 2)
            continue;
        // Ranks of the folder's files from the data: the head's distributedInfo / rank_id, then
        // numbers in the file or folder names. Files sharing a rank are views of one device.
        std::map<int, std::vector<std::size_t>> byRank;
        std::size_t unranked = 0;
        for (std::size_t j = before; j < jobs.size(); ++j) {
            ImportJob &job = jobs[j];
            std::string rule;
            int r = rankFromHead(job.source.head, rule);
            if (r < 0)
                r = rankFromNames(job.source.path, rule);
            if (r < 0) {
                ++unranked;
                continue;
            }
            job.source.rank = r;
            job.rankRule = rule;
            byRank[r].push_back(j);
        }
        std::map<std::string, std::pair<std::size_t, std::string>> byRule; // rule -> files, first file
        for (const auto &[r, members] : byRank) {
            for (std::size_t j : members) {
                auto &[count, first] = byRule[jobs[j].rankRule];
                if (!count++)
                    first = jobs[j].source.path.string();
            }
            if (members.size() < 2)
                continue;
            for (std::size_t j : members)
                jobs[j].sharesRank = true;
            notes.push_back({DiagKind::RankFromFileName, jobs[members.front()].source.path.string(),
                             std::to_string(members.size()) + " files loaded as views of rank " + std::to_string(r) + " (rule: "
                                 + jobs[members.front()].rankRule + ")"});
        }
        for (const auto &[rule, cf] : byRule)
            if (rule.find("name") != std::string::npos)
                notes.push_back({DiagKind::RankFromFileName, cf.second,
                                 std::to_string(cf.first) + " file(s) took their rank from the " + rule, cf.first});
        if (unranked)
            notes.push_back({DiagKind::RankFromFileName, path.string(),
                             std::to_string(unranked)
                                 + " file(s) state no rank (no distributedInfo / rank_id, no rank, device or worker number in "
                                   "the name): one rank per file, in name order",
                             unranked});
        const std::size_t candidates = jobs.size() - before;
        const std::size_t ranks = byRank.size() + unranked;
        if (candidates > kManyScanCandidates && ranks > kManyScanCandidates) {
            FolderScanNotice notice{path, candidates, ranks, unranked};
            ManyFilesPolicy policy;
            {
                std::lock_guard lock(g_policyMutex);
                policy = g_manyFilesPolicy;
            }
            if (policy && !policy(notice))
                return Canceled{};
            notes.push_back({DiagKind::RankFromFileName, path.string(),
                             std::to_string(candidates) + " trace files found by the folder scan loaded as " + std::to_string(ranks)
                                 + " separate ranks"});
        }
    }
    if (jobs.size() > 1) {
        // Ranks from file names where they say so; importers may still set them from content.
        for (auto &j : jobs)
            if (j.source.rank < 0)
                j.source.rank = rankFromFileName(j.source.path);
    }
    return jobs;
}

} // namespace

void setManyFilesPolicy(ManyFilesPolicy policy)
{
    std::lock_guard lock(g_policyMutex);
    g_manyFilesPolicy = std::move(policy);
}

Result<std::vector<ImportJob>> planImport(const std::vector<std::filesystem::path> &inputs)
{
    std::vector<PlanNote> notes;
    return planImportNoting(inputs, notes);
}

Result<LoadResult> loadTrace(const std::vector<std::filesystem::path> &inputs, ImportContext &ctx)
{
    ctx.report(Stage::Scanning, 0);
    std::vector<PlanNote> notes;
    auto planned = planImportNoting(inputs, notes);
    if (planned.canceled())
        return Canceled{};
    if (!planned.ok())
        return planned.error();
    std::vector<ImportJob> &jobs = planned.value();
    TraceBuilder builder;
    LoadResult result;
    for (const PlanNote &n : notes)
        builder.diagnostics().add(n.kind, n.file, 0, n.detail, n.count);
    // The sources each job made: a job sharing its rank with others keeps it (views of one device).
    std::vector<int> sharedRankOfSource;
    for (std::size_t i = 0; i < jobs.size();) {
        // A run of consecutive files of one folder for an importer that reads them together is
        // one import (files a folder scan found in two subfolders are two runs).
        std::size_t end = i + 1;
        const FileGroupImporter *group = fileGroupImporter(jobs[i]);
        if (group)
            while (end < jobs.size() && fileGroupImporter(jobs[end]) == group
                   && folderOf(jobs[end].source.path) == folderOf(jobs[i].source.path))
                ++end;
        ImportContext sub;
        sub.stop = ctx.stop;
        sub.options = ctx.options;
        const double base = double(i) / double(jobs.size()), span = double(end - i) / double(jobs.size());
        sub.onProgress = [&ctx, base, span](Stage s, double f) { ctx.report(s, base + span * f); };
        const std::size_t sourcesBefore = builder.sourceCount();
        const Status st = [&]() -> Status {
            if (end - i == 1)
                return createImporter(jobs[i].importer)->import(jobs[i].source, builder, sub);
            std::vector<Source> files;
            for (std::size_t j = i; j < end; ++j)
                files.push_back(jobs[j].source);
            return group->import(files, builder, sub);
        }();
        if (st.canceled())
            return Canceled{};
        if (!st.ok())
            return st.error();
        for (std::size_t k = sourcesBefore; k < builder.sourceCount(); ++k)
            sharedRankOfSource.push_back(jobs[i].sharesRank && end - i == 1 ? jobs[i].source.rank : -1);
        if (result.format.empty())
            result.format = jobs[i].importer;
        else if (result.format != jobs[i].importer)
            result.format = "mixed";
        i = end;
    }

    // A rank given by the caller: every source is that rank, as views of one device.
    if (ctx.options.rank && *ctx.options.rank >= 0) {
        sharedRankOfSource.resize(builder.sourceCount(), -1);
        for (std::size_t i = 0; i < builder.sourceCount(); ++i) {
            SourceInfo &s = builder.source(static_cast<std::uint32_t>(i));
            if (s.ascend && s.ascend->cluster)
                continue;
            s.rank = *ctx.options.rank;
            sharedRankOfSource[i] = s.rank;
        }
    }
    // Multi-input runs: every source gets a distinct rank (file order when unknown), and when
    // every source has baseTimeNanoseconds the clocks are aligned on Unix time.
    const std::size_t n = builder.sourceCount();
    if (n > 1) {
        std::set<int> used, shared;
        sharedRankOfSource.resize(n, -1);
        for (std::size_t i = 0; i < n; ++i) {
            SourceInfo &s = builder.source(static_cast<std::uint32_t>(i));
            const bool sharing = s.rank >= 0 && sharedRankOfSource[i] == s.rank;
            if (s.rank >= 0 && used.count(s.rank) && !(sharing && shared.count(s.rank))) {
                builder.diagnostics().add(DiagKind::DuplicateRank, s.path, 0, "rank " + std::to_string(s.rank));
                s.rank = -1;
            }
            if (s.rank >= 0) {
                if (!used.count(s.rank) && sharing)
                    shared.insert(s.rank);
                used.insert(s.rank);
            }
        }
        int next = 0;
        for (std::size_t i = 0; i < n; ++i) {
            SourceInfo &s = builder.source(static_cast<std::uint32_t>(i));
            // msprof-analyze's cluster output holds the numbers of every rank: it is no rank itself
            if (s.ascend && s.ascend->cluster)
                continue;
            if (s.rank < 0) {
                while (used.count(next))
                    ++next;
                s.rank = next;
                used.insert(next);
            }
        }
        bool allBase = true;
        std::vector<std::int64_t> bases(n, 0);
        for (std::size_t i = 0; i < n && allBase; ++i) {
            const SourceInfo &s = builder.source(static_cast<std::uint32_t>(i));
            allBase = false;
            for (const auto &[k, v] : s.metadata) {
                if (k == "baseTimeNanoseconds") {
                    try {
                        bases[i] = std::stoll(v);
                        allBase = true;
                    } catch (...) {
                    }
                }
            }
        }
        if (allBase) {
            const std::int64_t minBase = *std::min_element(bases.begin(), bases.end());
            bool differ = false;
            for (std::size_t i = 0; i < n; ++i) {
                builder.source(static_cast<std::uint32_t>(i)).timeOffsetNs = bases[i] - minBase;
                differ = differ || bases[i] != minBase;
            }
            if (differ)
                builder.diagnostics().add(DiagKind::ClockAligned, builder.source(0).path, 0, {});
        }
        // Device dumps without a wall clock that a host trace of the same run places in time.
        sophgo::alignCdmlibDumpsToHostTrace(builder);
    }

    ctx.report(Stage::Building, 0);
    BuildProgress bp;
    bp.stop = ctx.stop;
    bp.report = [&ctx](double f) { ctx.report(Stage::Building, f); };
    result.trace = builder.build(bp);
    if (!result.trace)
        return Canceled{};
    ctx.report(Stage::Done, 1);
    return result;
}

} // namespace accelscope::importers
