#include "model/analysis/common/reporttables.h"

#include "model/analysis/analyses.h"
#include "model/diagnostics_catalogue.h"
#include "model/analysis/core/stats.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <map>

namespace accelscope::model::analysis {

namespace {

std::string fmtInt(std::int64_t v)
{
    return std::to_string(v);
}

} // namespace

Table traceOverview(const AnalysisContext &ctx, const AnalysisOptions &opt)
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

Table rankSummary(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const Trace &t = ctx.trace();
    struct Acc {
        std::int64_t processes = 0, tracks = 0, deviceTracks = 0, slices = 0, deviceSlices = 0;
        TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
    };
    std::map<int, Acc> acc;
    for (const Process &p : t.processes()) {
        const int rank = rankOf(p);
        if (!opt.wantsRank(rank))
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
                if (!opt.overlapsRange(b, e))
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

Table diagnosticsSummary(const AnalysisContext &ctx, const AnalysisOptions &)
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
Table launchSummary(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const Table l = kernelLaunchStats(ctx, opt);
    Table tab("launch-summary", "Kernel launch summary");
    tab.notes = l.notes;
    const bool usable = l.columnCount() >= 5;
    const Column *rankCol = l.column("rank");
    const Column *rtOut = usable ? l.column("runtime_outlier") : nullptr;
    const Column *dlOut = usable ? l.column("delay_outlier") : nullptr;
    const Unit u = usable ? l.columns[1].unit : (opt.htaCompat ? Unit::Microseconds : Unit::Nanoseconds);
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
    if (!usable) {
        tab.notes.push_back("No kernel launch table to summarize.");
        return tab;
    }
    const Column &cpu = l.columns[1], &gpu = l.columns[2], &delay = l.columns[3];
    std::map<std::int64_t, std::vector<std::size_t>> rows;
    for (std::size_t r = 0; r < l.rowCount(); ++r)
        rows[rankCol ? rankCol->ints[r] : 0].push_back(r);
    for (const auto &[rk, rowsOfRank] : rows) {
        // A reference, not the structured binding itself: clang < 16 rejects lambdas that
        // capture a structured binding.
        const std::vector<std::size_t> &idx = rowsOfRank;
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
        dP50.push(quantileSorted(d, 0.5));
        dP90.push(quantileSorted(d, 0.9));
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

} // namespace accelscope::model::analysis
