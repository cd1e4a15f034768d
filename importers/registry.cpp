#include "registry.h"

#include "aiu/aiuimporter.h"
#include "ascend/ascendimporter.h"
#include "chrome_json/chromejsonimporter.h"
#include "perfetto/perfettoimporter.h"
#include "sophgo/cdmlibhostalignment.h"
#include "sophgo/sophgoimporter.h"

#include <algorithm>
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

Result<std::vector<ImportJob>> planImport(const std::vector<std::filesystem::path> &inputs)
{
    std::vector<ImportJob> jobs;
    for (const auto &path : inputs) {
        std::error_code ec;
        if (!std::filesystem::exists(path, ec))
            return ImportError{path.string(), 0, false, "no such file or directory"};
        Source src = Source::fromPath(path);
        Pick pick = pickImporter(src);
        if (pick.desc && (!src.isDirectory || pick.conf >= Confidence::Likely)) {
            jobs.push_back(ImportJob{std::move(src), std::string(pick.desc->name)});
            continue;
        }
        if (!src.isDirectory) {
            return ImportError{path.string(), 0, false,
                               "unrecognised file format. Supported formats: " + supportedFormatsText()};
        }
        // Scan the directory for traces.
        std::vector<std::filesystem::path> files;
        for (auto it = std::filesystem::recursive_directory_iterator(
                 path, std::filesystem::directory_options::skip_permission_denied, ec);
             it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
            if (ec)
                break;
            if (it->is_regular_file(ec))
                files.push_back(it->path());
        }
        std::sort(files.begin(), files.end());
        const std::size_t before = jobs.size();
        for (const auto &f : files) {
            Source fs = Source::fromPath(f);
            Pick p = pickImporter(fs);
            if (p.desc && p.conf >= Confidence::Likely)
                jobs.push_back(ImportJob{std::move(fs), std::string(p.desc->name)});
        }
        if (jobs.size() == before)
            return ImportError{path.string(), 0, false,
                               "no trace found in this directory. Supported formats: " + supportedFormatsText()};
    }
    if (jobs.size() > 1) {
        // Ranks from file names where they say so; importers may still set them from content.
        for (auto &j : jobs)
            if (j.source.rank < 0)
                j.source.rank = rankFromFileName(j.source.path);
    }
    return jobs;
}

Result<LoadResult> loadTrace(const std::vector<std::filesystem::path> &inputs, ImportContext &ctx)
{
    ctx.report(Stage::Scanning, 0);
    auto planned = planImport(inputs);
    if (!planned.ok())
        return planned.error();
    std::vector<ImportJob> &jobs = planned.value();
    TraceBuilder builder;
    LoadResult result;
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
        if (result.format.empty())
            result.format = jobs[i].importer;
        else if (result.format != jobs[i].importer)
            result.format = "mixed";
        i = end;
    }

    // Multi-input runs: every source gets a distinct rank (file order when unknown), and when
    // every source has baseTimeNanoseconds the clocks are aligned on Unix time.
    const std::size_t n = builder.sourceCount();
    if (n > 1) {
        std::set<int> used;
        for (std::size_t i = 0; i < n; ++i) {
            SourceInfo &s = builder.source(static_cast<std::uint32_t>(i));
            if (s.rank >= 0 && used.count(s.rank)) {
                builder.diagnostics().add(DiagKind::DuplicateRank, s.path, 0, "rank " + std::to_string(s.rank));
                s.rank = -1;
            }
            if (s.rank >= 0)
                used.insert(s.rank);
        }
        int next = 0;
        for (std::size_t i = 0; i < n; ++i) {
            SourceInfo &s = builder.source(static_cast<std::uint32_t>(i));
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
