// Report tables (the analyses plus overview / ranks / launch-summary / diagnostics) and the CSV
// writer. The XLSX writer is in xlsxreport.cpp. See reportexport.h and docs/export.md.
#include "model/export/reportexport.h"

#include "model/analysis/aiuanalysis.h"
#include "model/analysis/ascendsteps.h"
#include "model/analysis/sophgoengines.h"

#include "model/analysis/analyses.h"
#include "model/analysis/stats.h"
#include "model/analysis/tableformat.h"
#include "model/export/atomicfile.h"
#include "model/export/reportexport_p.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <system_error>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
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
    {"engine-commands", nullptr, "Sophgo commands", false},
    // IBM AIU (in the default set of AIU traces only): acelyzer's tables.
    {"aiu-summary", nullptr, "AIU summary", false},
    {"aiu-categories", nullptr, "AIU categories", false},
    {"aiu-active", nullptr, "AIU active", false},
    {"aiu-ts", nullptr, "AIU TS phases", false},
    {"aiu-collectives", nullptr, "AIU collectives", false},
    {"diagnostics", "Diagnostics", "Diagnostics", true},
};

bool isReportOnly(std::string_view n)
{
    return n == "overview" || n == "ranks" || n == "launch-summary" || n == "diagnostics";
}

std::string fmtInt(std::int64_t v)
{
    return std::to_string(v);
}

Table overviewTable(const analysis::AnalysisContext &ctx, const ReportOptions &opt)
{
    const Trace &t = ctx.trace();
    Table tab("overview", "Overview");
    Column &item = tab.addText("item", "Item");
    Column &value = tab.addText("value", "Value");
    auto add = [&](std::string k, std::string v) {
        item.push(std::move(k));
        value.push(std::move(v));
    };
    // one file: its name; files of one folder: the folder's name and the count
    std::string name;
    if (t.sources().size() == 1) {
        name = std::filesystem::path(t.sources().front().path).filename().string();
    } else if (!t.sources().empty()) {
        const std::filesystem::path dir = std::filesystem::path(t.sources().front().path).parent_path();
        const bool oneDir = std::all_of(t.sources().begin(), t.sources().end(), [&](const SourceInfo &s) {
            return std::filesystem::path(s.path).parent_path() == dir;
        });
        name = (oneDir && !dir.filename().empty() ? dir.filename().string() + "/ (" : "(")
            + std::to_string(t.sources().size()) + " inputs)";
    } else {
        name = "(no input)";
    }
    add("Trace", name);
    for (std::size_t i = 0; i < t.sources().size(); ++i) {
        const SourceInfo &s = t.sources()[i];
        std::string v = s.path + " (" + s.format;
        if (s.rank >= 0)
            v += ", rank " + std::to_string(s.rank);
        v += ")";
        add("Source file " + std::to_string(i + 1), v);
    }
    add("Start (ns)", fmtInt(t.startNs()));
    add("End (ns)", fmtInt(t.endNs()));
    add("Span (ns)", fmtInt(t.endNs() - t.startNs()));
    if (opt.range) {
        add("Exported range (ns since trace start)",
            fmtInt(opt.range->first - t.startNs()) + ":" + fmtInt(opt.range->second - t.startNs()));
    } else {
        add("Exported range", "whole trace");
    }
    if (!opt.ranks.empty()) {
        std::string r;
        for (int v : opt.ranks)
            r += (r.empty() ? "" : ",") + std::to_string(v);
        add("Ranks exported", r);
    }
    add("HTA compatibility", opt.htaCompat ? "on" : "off");
    add("Ranks", fmtInt(std::max(t.rankCount(), 1)));
    add("Processes", fmtInt(static_cast<std::int64_t>(t.processes().size())));
    add("Tracks", fmtInt(static_cast<std::int64_t>(t.tracks().size())));
    add("Slices", std::to_string(t.sliceCount()));
    add("Instants", std::to_string(t.instantCount()));
    add("Counter samples", std::to_string(t.counterSampleCount()));
    add("Flows", fmtInt(static_cast<std::int64_t>(t.flows().size())));
    std::uint64_t occurrences = 0;
    for (const Diagnostic &d : t.diagnostics())
        occurrences += d.count;
    add("Diagnostics", std::to_string(t.diagnostics().size()) + " kinds, " + std::to_string(occurrences) + " occurrences");
    return tab;
}

bool rankWanted(const ReportOptions &opt, int rank)
{
    return opt.ranks.empty() || std::find(opt.ranks.begin(), opt.ranks.end(), rank) != opt.ranks.end();
}

Table ranksTable(const analysis::AnalysisContext &ctx, const ReportOptions &opt)
{
    const Trace &t = ctx.trace();
    struct Acc {
        std::int64_t processes = 0, tracks = 0, deviceTracks = 0, slices = 0, deviceSlices = 0;
        TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
    };
    std::map<int, Acc> acc;
    const TimeNs lo = opt.range ? opt.range->first : std::numeric_limits<TimeNs>::min();
    const TimeNs hi = opt.range ? opt.range->second : std::numeric_limits<TimeNs>::max();
    for (const Process &p : t.processes()) {
        const int rank = std::max(p.rank, 0); // as the analyses: no rank -> 0
        if (!rankWanted(opt, rank))
            continue;
        Acc &a = acc[rank];
        ++a.processes;
        for (TrackId id : p.tracks) {
            const Track &tr = t.track(id);
            const bool device = tr.role == TrackRole::DeviceStream || tr.role == TrackRole::Engine;
            ++a.tracks;
            a.deviceTracks += device;
            const auto &s = tr.slices;
            for (std::size_t i = 0; i < s.size(); ++i) {
                const TimeNs b = s.start[i], e = s.start[i] + s.dur[i];
                // half-open range as the analyses: overlap, or a zero-length slice at lo
                if (opt.range && !(b < hi && (e > lo || (e == b && b >= lo))))
                    continue;
                ++a.slices;
                a.deviceSlices += device;
                a.first = std::min(a.first, b);
                a.last = std::max(a.last, e);
            }
        }
    }
    Table tab("ranks", "Per-rank summary");
    Column &rank = tab.addInt("rank", "Rank", Unit::Id);
    Column &procs = tab.addInt("processes", "Processes", Unit::Count);
    Column &tracks = tab.addInt("tracks", "Tracks", Unit::Count);
    Column &dtracks = tab.addInt("device_tracks", "Device tracks", Unit::Count);
    Column &slices = tab.addInt("slices", "Slices", Unit::Count);
    Column &dslices = tab.addInt("device_slices", "Device slices", Unit::Count);
    Column &first = tab.addInt("first_ns", "First slice start", Unit::TimestampNs);
    Column &last = tab.addInt("last_ns", "Last slice end", Unit::TimestampNs);
    Column &span = tab.addInt("span_ns", "Span", Unit::Nanoseconds);
    for (const auto &[r, a] : acc) {
        rank.push(std::int64_t(r));
        procs.push(a.processes);
        tracks.push(a.tracks);
        dtracks.push(a.deviceTracks);
        slices.push(a.slices);
        dslices.push(a.deviceSlices);
        if (a.slices) {
            first.push(a.first - t.startNs());
            last.push(a.last - t.startNs());
            span.push(a.last - a.first);
        } else {
            first.pushNull();
            last.pushNull();
            span.pushNull();
        }
    }
    return tab;
}

Table diagnosticsTable(const analysis::AnalysisContext &ctx)
{
    Table tab("diagnostics", "Diagnostics");
    Column &sev = tab.addText("severity", "Severity");
    Column &kind = tab.addText("kind", "Kind");
    Column &desc = tab.addText("description", "Description");
    Column &count = tab.addInt("count", "Count", Unit::Count);
    Column &file = tab.addText("file", "File");
    Column &pos = tab.addInt("position", "First at", Unit::Id);
    Column &posKind = tab.addText("position_unit", "Position unit");
    Column &detail = tab.addText("detail", "Detail");
    for (const Diagnostic &d : ctx.trace().diagnostics()) {
        const DiagInfo &info = diagInfo(d.kind);
        sev.push(std::string(severityName(info.severity)));
        kind.push(std::string(info.id));
        desc.push(std::string(info.description));
        count.push(static_cast<std::int64_t>(d.count));
        file.push(d.file);
        pos.push(static_cast<std::int64_t>(d.position));
        posKind.push(std::string(d.positionIsLine ? "line" : "byte"));
        detail.push(d.detail);
    }
    return tab;
}

/// Per rank: the launch table's count, mean/percentiles of its three durations, outlier counts.
Table launchSummaryTable(const analysis::AnalysisContext &ctx, const ReportOptions &opt)
{
    const Table l = analysis::kernelLaunchStats(ctx, analysisOptions(opt));
    Table tab("launch-summary", "Kernel launch summary");
    tab.notes = l.notes;
    if (l.columnCount() < 5)
        return tab;
    const Column &cpu = l.columns[1], &gpu = l.columns[2], &delay = l.columns[3];
    const Column *rankCol = l.column("rank");
    const Column *rtOut = l.column("runtime_outlier");
    const Column *dlOut = l.column("delay_outlier");
    const Unit u = cpu.unit;
    const std::string sfx = u == Unit::Microseconds ? "_us" : "_ns";
    Column &rank = tab.addInt("rank", "Rank", Unit::Id);
    Column &count = tab.addInt("launches", "Launches", Unit::Count);
    Column &cpuMean = tab.addReal("cpu_duration_mean" + sfx, "Launch call mean", u);
    Column &gpuMean = tab.addReal("gpu_duration_mean" + sfx, "Device duration mean", u);
    Column &dMean = tab.addReal("launch_delay_mean" + sfx, "Launch delay mean", u);
    Column &dP50 = tab.addReal("launch_delay_p50" + sfx, "Launch delay P50", u);
    Column &dP90 = tab.addReal("launch_delay_p90" + sfx, "Launch delay P90", u);
    Column &dMax = tab.addReal("launch_delay_max" + sfx, "Launch delay max", u);
    Column *rtCount = rtOut ? &tab.addInt("runtime_outliers", "Launch calls above cutoff", Unit::Count) : nullptr;
    Column *dlCount = dlOut ? &tab.addInt("delay_outliers", "Delays above cutoff", Unit::Count) : nullptr;
    std::map<std::int64_t, std::vector<std::size_t>> rows;
    for (std::size_t r = 0; r < l.rowCount(); ++r)
        rows[rankCol ? rankCol->ints[r] : 0].push_back(r);
    for (const auto &[rk, idx] : rows) {
        auto mean = [&](const Column &c) {
            double s = 0;
            std::size_t n = 0;
            for (std::size_t r : idx)
                if (!c.isNull(r)) {
                    s += c.number(r);
                    ++n;
                }
            return n ? s / double(n) : std::nan("");
        };
        std::vector<double> d;
        for (std::size_t r : idx)
            if (!delay.isNull(r))
                d.push_back(delay.number(r));
        std::sort(d.begin(), d.end());
        rank.push(rk);
        count.push(static_cast<std::int64_t>(idx.size()));
        cpuMean.push(mean(cpu));
        gpuMean.push(mean(gpu));
        dMean.push(mean(delay));
        dP50.push(analysis::quantileSorted(d, 0.5));
        dP90.push(analysis::quantileSorted(d, 0.9));
        dMax.push(d.empty() ? std::nan("") : d.back());
        auto sum = [&](const Column *c) {
            std::int64_t s = 0;
            for (std::size_t r : idx)
                if (!c->isNull(r))
                    s += static_cast<std::int64_t>(c->number(r));
            return s;
        };
        if (rtCount)
            rtCount->push(sum(rtOut));
        if (dlCount)
            dlCount->push(sum(dlOut));
    }
    return tab;
}

std::vector<ReportTableInfo> makeChoices()
{
    std::vector<ReportTableInfo> v;
    std::set<std::string> seen;
    for (const Fixed &f : kFixed) {
        const analysis::AnalysisInfo *a = analysis::findAnalysis(f.name);
        if (!a && !isReportOnly(f.name))
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
        if (!seen.count(std::string(a.name)))
            extra.push_back({std::string(a.name), std::string(a.title), std::string(a.title), false});
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
        for (const char *n : {"engine-summary-bigtpu", "engine-layers", "engine-commands"})
            if (findReportTable(n))
                sophgo.emplace_back(n);
        v.insert(at, sophgo.begin(), sophgo.end());
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
    a.categoryRules = opt.categoryRules;
    a.stop = opt.stop;
    return a;
}

analysis::Table buildReportTable(const analysis::AnalysisContext &ctx, const std::string &name, const ReportOptions &opt)
{
    if (name == "overview")
        return overviewTable(ctx, opt);
    if (name == "ranks")
        return ranksTable(ctx, opt);
    if (name == "diagnostics")
        return diagnosticsTable(ctx);
    if (name == "launch-summary")
        return launchSummaryTable(ctx, opt);
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
    const std::size_t workers = std::min<std::size_t>(std::max(1u, std::thread::hardware_concurrency()), n);
    std::atomic<std::size_t> next{0};
    std::mutex mutex;
    std::condition_variable cv;
    std::size_t finished = 0;
    auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < n;) {
            if (!opt.stop.stop_requested())
                tables[i] = buildReportTable(ctx, names[i], opt);
            std::lock_guard lock(mutex);
            ++finished;
            cv.notify_one();
        }
    };
    std::vector<std::thread> threads;
    for (std::size_t w = 0; w < workers; ++w)
        threads.emplace_back(work);
    {
        std::unique_lock lock(mutex);
        for (std::size_t reported = 0; reported < n;) {
            cv.wait(lock, [&] { return finished > reported; });
            reported = finished;
            if (opt.progress) {
                lock.unlock();
                opt.progress(progressShare * double(reported) / double(n));
                lock.lock();
            }
        }
    }
    for (std::thread &t : threads)
        t.join();
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
        if (::access(dest.c_str(), F_OK) == 0) {
            std::string b = dest + ".bak-" + std::to_string(::getpid()) + "-" + std::to_string(i);
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
