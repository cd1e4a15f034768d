// Report tables (registered analyses, the summary ones in model/analysis/common/reporttables.cpp) and
// the CSV writer. The XLSX writer is in xlsxreport.cpp. See reportexport.h and docs/export.md.
#include "model/export/reportexport.h"

#include "model/analysis/aiu/aiuanalysis.h"
#include "model/analysis/ascend/ascendsteps.h"
#include "model/analysis/sophgo/sophgoengines.h"
#include "model/analysis/tbplugin/tbanalyses.h"

#include "model/analysis/analyses.h"
#include "model/analysis/core/stats.h"
#include "model/analysis/core/tableformat.h"
#include "model/export/atomicfile.h"
#include "model/export/reportexport_p.h"
#include "model/parallel.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <system_error>
#include <unistd.h>

namespace accelscope::model::exportfmt {

using analysis::Column;
using analysis::Table;
using analysis::Unit;

namespace {

// Report order; analyses not named here follow, in registry order, on sheets of their own.
struct Fixed {
    const char *name;
    const char *title; // nullptr: the analysis's title
    const char *sheet; // nullptr: a sheet of its own named after the title
    bool byDefault;
};
constexpr Fixed kFixed[] = {
    {"overview", "Overview", kSheetOverview, true},
    {"ranks", "Per-rank summary", kSheetOverview, true},
    {"engine-summary", nullptr, kSheetOverview, true}, // the per-core summary
    {"findings", nullptr, "Findings", true},
    {"kernels", nullptr, "Kernels", true},
    {"kernel-types", nullptr, "Kernel types", true},
    {"categories", nullptr, "Categories", true},
    {"engines", nullptr, "Engines", true},
    {"steps", nullptr, "Steps", true},
    {"temporal", nullptr, kSheetHta, true},
    {"overlap", nullptr, kSheetHta, true},
    {"idle", nullptr, kSheetHta, true},
    {"idle-stats", nullptr, kSheetHta, true},
    {"launch-summary", "Kernel launch summary", kSheetHta, true},
    {"memcpy-bw", nullptr, kSheetHta, true},
    {"queue-length", nullptr, kSheetHta, true},
    {"queue-blocked", nullptr, kSheetHta, true},
    {"annotations", nullptr, "Annotations", true},
    {"launch", nullptr, nullptr, false},
    {"sequences", nullptr, nullptr, false},
    {"memcpy-bw-series", nullptr, nullptr, false},
    {"queue-length-series", nullptr, nullptr, false},
    {"engine-series", nullptr, nullptr, false},
    // Ascend (in the default set of Ascend traces only: defaultReportTables); short sheet names
    // (Excel allows 31 characters).
    {"slow-rank", nullptr, "Slow rank", false},
    {"op-statistic", nullptr, "Op statistic", false},
    {"core-statistic", nullptr, "Core statistic", false},
    {"communication", nullptr, "Communication", false},
    {"communication-ops", nullptr, "Communication ops", false},
    {"communication-links", nullptr, "Communication links", false},
    {"memory", nullptr, "Memory", false},
    {"operator-memory", nullptr, "Operator memory", false},
    // Sophgo TPU dumps (in the default set of Sophgo traces only); engine-commands is split into
    // one sheet per engine by the XLSX writer
    {"engine-summary-bigtpu", nullptr, "Sophgo summary", false},
    {"engine-layers", nullptr, "Sophgo layers", false},
    {"engine-layer-summary", nullptr, "Sophgo layer summary", false},
    {"engine-commands", nullptr, "Sophgo commands", false},
    // PyTorch profiler traces (in the default set of those traces only: defaultReportTables): the
    // TensorBoard profiler plugin's views, one sheet per view as the plugin's tabs.
    {"tb-overview", nullptr, "PyTorch overview", false},
    {"tb-gpu", nullptr, "PyTorch overview", false},
    {"tb-recommendations", nullptr, "PyTorch overview", false},
    {"tb-operators", nullptr, "PyTorch operators", false},
    {"tb-operators-shape", nullptr, "PyTorch operators by shape", false},
    {"tb-operators-stack", nullptr, "PyTorch operators by stack", false},
    {"tb-kernels", nullptr, "PyTorch kernels", false},
    {"tb-kernels-op", nullptr, "PyTorch kernels by operator", false},
    {"tb-memory", nullptr, "PyTorch memory", false},
    {"tb-memory-events", nullptr, "PyTorch memory events", false},
    {"tb-memory-curve", nullptr, "PyTorch memory curve", false},
    {"tb-modules", nullptr, "PyTorch modules", false},
    {"tb-gpu-utilization-series", nullptr, "PyTorch GPU utilization", false},
    {"tb-distributed-overlap", nullptr, "PyTorch distributed", false},
    {"tb-distributed-wait", nullptr, "PyTorch distributed", false},
    {"tb-distributed-ops", nullptr, "PyTorch distributed", false},
    // IBM AIU (in the default set of AIU traces only): acelyzer's tables.
    {"aiu-summary", nullptr, "AIU summary", false},
    {"aiu-categories", nullptr, "AIU categories", false},
    {"aiu-active", nullptr, "AIU active", false},
    {"aiu-ts", nullptr, "AIU TS phases", false},
    {"aiu-collectives", nullptr, "AIU collectives", false},
    {"diagnostics", "Diagnostics", "Diagnostics", true},
};

std::vector<ReportTableInfo> makeChoices()
{
    std::vector<ReportTableInfo> v;
    std::set<std::string> seen;
    for (const Fixed &f : kFixed) {
        const analysis::AnalysisInfo *a = analysis::findAnalysis(f.name);
        if (!a)
            continue; // an analysis that this build does not have
        ReportTableInfo info;
        info.name = f.name;
        info.title = f.title ? f.title : std::string(a->title);
        info.sheet = f.sheet ? f.sheet : info.title;
        info.byDefault = f.byDefault;
        seen.insert(info.name);
        v.push_back(std::move(info));
    }
    // Analyses added later (e.g. the Ascend ones) get a sheet each and are not in the default set.
    auto diag = std::prev(v.end());
    std::vector<ReportTableInfo> extra;
    for (const analysis::AnalysisInfo &a : analysis::analyses())
        if (!seen.count(std::string(a.name))) {
            // Excel refuses sheet names over 31 characters: a long title is cut for the sheet.
            std::string sheet(a.title.substr(0, 31));
            while (!sheet.empty() && sheet.back() == ' ')
                sheet.pop_back();
            extra.push_back({std::string(a.name), std::string(a.title), sheet, false});
        }
    v.insert(diag, extra.begin(), extra.end()); // before "diagnostics"
    return v;
}

} // namespace

const std::vector<ReportTableInfo> &reportTableChoices()
{
    static const std::vector<ReportTableInfo> choices = makeChoices();
    return choices;
}

std::vector<std::string> defaultReportTables(const Trace *trace)
{
    std::vector<std::string> v;
    for (const ReportTableInfo &c : reportTableChoices())
        if (c.byDefault)
            v.push_back(c.name);
    if (trace && analysis::isAscendTrace(*trace)) {
        // What an Ascend engineer reads first after the step breakdown; before "diagnostics".
        const auto at = std::find(v.begin(), v.end(), std::string("diagnostics"));
        std::vector<std::string> ascend;
        for (const char *n : {"slow-rank", "op-statistic", "core-statistic", "communication", "communication-links",
                              "memory", "operator-memory"})
            if (findReportTable(n))
                ascend.emplace_back(n);
        v.insert(at, ascend.begin(), ascend.end());
    }
    if (trace && analysis::traceHasSophgo(*trace)) {
        // bigTpuProfile's summary beside tpu-mlir's (Overview), the layers and the command lists
        const auto at = std::find(v.begin(), v.end(), std::string("diagnostics"));
        std::vector<std::string> sophgo;
        for (const char *n : {"engine-summary-bigtpu", "engine-layers", "engine-layer-summary", "engine-commands"})
            if (findReportTable(n))
                sophgo.emplace_back(n);
        v.insert(at, sophgo.begin(), sophgo.end());
    }
    if (trace && analysis::isPyTorchProfilerTrace(*trace)) {
        // the TensorBoard plugin's overview, operator, kernel, memory and distributed views, before
        // "diagnostics"; the larger per-event tables (memory events and curve, utilization over
        // time, shapes and call stacks) are there to be chosen
        const auto at = std::find(v.begin(), v.end(), std::string("diagnostics"));
        std::vector<std::string> pytorch;
        for (const char *n : {"tb-overview", "tb-gpu", "tb-recommendations", "tb-operators", "tb-kernels", "tb-memory",
                              "tb-modules", "tb-distributed-overlap", "tb-distributed-wait", "tb-distributed-ops"})
            if (findReportTable(n))
                pytorch.emplace_back(n);
        v.insert(at, pytorch.begin(), pytorch.end());
    }
    if (trace && analysis::traceHasAiu(*trace)) {
        // acelyzer's tables, before "diagnostics"
        const auto at = std::find(v.begin(), v.end(), std::string("diagnostics"));
        std::vector<std::string> aiu;
        for (const char *n : {"aiu-summary", "aiu-categories", "aiu-active", "aiu-ts", "aiu-collectives"})
            if (findReportTable(n))
                aiu.emplace_back(n);
        v.insert(at, aiu.begin(), aiu.end());
    }
    return v;
}

std::vector<std::string> reportTableNames()
{
    std::vector<std::string> v;
    for (const ReportTableInfo &c : reportTableChoices())
        v.push_back(c.name);
    return v;
}

analysis::AnalysisOptions analysisOptions(const ReportOptions &opt)
{
    analysis::AnalysisOptions a;
    a.range = opt.range;
    a.ranks = opt.ranks;
    a.htaCompat = opt.htaCompat;
    a.tbCompat = opt.tbCompat;
    a.categoryRules = opt.categoryRules;
    a.stop = opt.stop;
    return a;
}

analysis::Table buildReportTable(const analysis::AnalysisContext &ctx, const std::string &name, const ReportOptions &opt)
{
    return analysis::runAnalysis(name, ctx, analysisOptions(opt));
}

const ReportTableInfo *findReportTable(std::string_view name)
{
    for (const ReportTableInfo &c : reportTableChoices())
        if (c.name == name)
            return &c;
    return nullptr;
}

std::vector<std::string> resolveTables(const ReportOptions &opt, const Trace &trace, std::string &error)
{
    if (opt.tables.empty())
        return defaultReportTables(&trace);
    std::vector<std::string> out, unknown;
    for (const std::string &n : opt.tables) {
        if (!findReportTable(n))
            unknown.push_back(n);
        else if (std::find(out.begin(), out.end(), n) == out.end())
            out.push_back(n);
    }
    if (!unknown.empty()) {
        error = "unknown table";
        error += unknown.size() > 1 ? "s " : " ";
        for (std::size_t i = 0; i < unknown.size(); ++i)
            error += (i ? ", '" : "'") + unknown[i] + "'";
        error += " (known: ";
        const auto names = reportTableNames();
        for (std::size_t i = 0; i < names.size(); ++i)
            error += (i ? ", " : "") + names[i];
        error += ")";
    }
    if (error.empty() && out.empty())
        error = "no table to export";
    return out;
}

std::vector<Table> buildTables(const analysis::AnalysisContext &ctx, const std::vector<std::string> &names,
                               const ReportOptions &opt, double progressShare)
{
    // The analyses are independent and the context is thread-safe: build them on up to one
    // thread per core; this thread only reports progress (so the callback stays on it).
    const std::size_t n = names.size();
    std::vector<Table> tables(n);
    ParallelOptions parallel;
    parallel.stop = opt.stop;
    if (opt.progress)
        parallel.progress = [&](std::size_t finished) { opt.progress(progressShare * double(finished) / double(n)); };
    parallelFor(n, [&](std::size_t i) { tables[i] = buildReportTable(ctx, names[i], opt); }, parallel);
    if (opt.stop.stop_requested())
        return {};
    return tables;
}

// --- CSV ---

ExportResult writeCsvTables(const analysis::AnalysisContext &ctx, const std::string &dirOrFile, const ReportOptions &opt)
{
    namespace fs = std::filesystem;
    ExportResult res;
    std::string err;
    const std::vector<std::string> names = resolveTables(opt, ctx.trace(), err);
    if (!err.empty()) {
        res.error = err;
        return res;
    }
    std::error_code ec;
    const bool isDir = fs::is_directory(dirOrFile, ec);
    const bool single = names.size() == 1 && !isDir;
    // Folders this call creates are removed again when the export does not complete.
    std::vector<fs::path> createdDirs;
    if (!single && !isDir) {
        if (fs::exists(dirOrFile, ec)) {
            res.error = "cannot export CSV tables into " + dirOrFile + ": it is a file, not a folder";
            return res;
        }
        fs::path p = fs::absolute(dirOrFile, ec);
        std::vector<fs::path> missing;
        for (fs::path q = p; !q.empty() && !fs::exists(q, ec); q = q.parent_path()) {
            missing.push_back(q);
            if (q == q.parent_path())
                break;
        }
        for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
            if (!fs::create_directory(*it, ec)) {
                res.error = "cannot create the folder " + it->string() + ": " + ec.message();
                for (auto jt = createdDirs.rbegin(); jt != createdDirs.rend(); ++jt)
                    fs::remove(*jt, ec);
                return res;
            }
            createdDirs.push_back(*it);
        }
    }
    auto removeCreatedDirs = [&] {
        for (auto it = createdDirs.rbegin(); it != createdDirs.rend(); ++it)
            fs::remove(*it, ec); // only succeeds when empty: nothing of anyone else is lost
    };
    auto destOf = [&](const std::string &name) {
        return single ? dirOrFile : (fs::path(dirOrFile) / (name + ".csv")).string();
    };

    // Phase 1: a temporary file per table (a refused folder shows before any analysis runs),
    // then the tables, then their text; nothing visible changes yet.
    std::vector<std::unique_ptr<AtomicFile>> files;
    auto abandon = [&](ExportResult &r) {
        files.clear(); // removes the temporary files
        removeCreatedDirs();
        r.bytes = 0;
        return r;
    };
    for (const std::string &name : names) {
        const std::string dest = destOf(name);
        auto f = std::make_unique<AtomicFile>(dest);
        if (!f->ok()) {
            res.error = "cannot write " + dest + ": " + f->error();
            return abandon(res);
        }
        files.push_back(std::move(f));
    }
    const std::vector<Table> tables = buildTables(ctx, names, opt, 0.85);
    if (opt.stop.stop_requested() || tables.size() != names.size()) {
        res.canceled = true;
        return abandon(res);
    }
    for (std::size_t i = 0; i < names.size(); ++i) {
        files[i]->write(analysis::toCsv(tables[i]));
        if (!files[i]->ok()) {
            res.error = "cannot write " + destOf(names[i]) + ": " + files[i]->error();
            return abandon(res);
        }
        res.bytes += files[i]->bytesWritten();
        if (opt.progress)
            opt.progress(0.85 + 0.1 * double(i + 1) / double(names.size()));
    }
    // Phase 2: rename them into place. A file being replaced is first hard-linked to a backup
    // name, so that a failure half-way can put every earlier file back as it was.
    struct Done {
        std::string dest, backup;
    };
    std::vector<Done> done;
    auto rollback = [&] {
        for (auto it = done.rbegin(); it != done.rend(); ++it) {
            if (!it->backup.empty())
                ::rename(it->backup.c_str(), it->dest.c_str());
            else
                ::unlink(it->dest.c_str());
        }
        files.clear();
        removeCreatedDirs();
    };
    for (std::size_t i = 0; i < files.size(); ++i) {
        const std::string dest = destOf(names[i]);
        Done d{dest, {}};
        // One file needs no way back: its rename is the whole commit.
        if (files.size() > 1 && ::access(dest.c_str(), F_OK) == 0) {
            std::string b = dest + std::string(kBackupMarker) + std::to_string(::getpid()) + "-" + std::to_string(i);
            if (::link(dest.c_str(), b.c_str()) == 0)
                d.backup = b;
        }
        if (!files[i]->commit()) {
            if (!d.backup.empty())
                ::unlink(d.backup.c_str());
            res.error = "cannot write " + dest + ": " + files[i]->error();
            rollback();
            res.bytes = 0;
            return res;
        }
        done.push_back(d);
    }
    for (const Done &d : done) {
        if (!d.backup.empty())
            ::unlink(d.backup.c_str());
        res.files.push_back(d.dest);
    }
    if (opt.progress)
        opt.progress(1.0);
    res.ok = true;
    return res;
}

} // namespace accelscope::model::exportfmt
