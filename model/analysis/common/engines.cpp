// Accelerator engines (tracks an importer marks as TrackRole::Engine: TIU/GDMA/SDMA/CDMA per
// core as in bigTpuProfile traces, DMA queues, compute units): per-engine utilization, the
// per-core summary of bigTpuProfile's summary.txt, and binned utilization/bandwidth series.
#include "model/analysis/analyses.h"
#include "model/analysis/core/eventset.h"
#include "model/analysis/core/intervals.h"
#include "model/analysis/sophgo/sophgoengines.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace accelscope::model::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool isSys(std::string_view s)
{
    return s.size() >= 3 && std::tolower(static_cast<unsigned char>(s[0])) == 's'
        && std::tolower(static_cast<unsigned char>(s[1])) == 'y' && std::tolower(static_cast<unsigned char>(s[2])) == 's';
}

bool isCompute(EngineKind k) { return k == EngineKind::TIU || k == EngineKind::Compute; }
bool isTransfer(EngineKind k)
{
    return k == EngineKind::GDMA || k == EngineKind::SDMA || k == EngineKind::DMA || k == EngineKind::CDMA
        || k == EngineKind::Communication;
}

struct EngineTrack {
    TrackId track = kInvalidId;
    int rank = 0;
    std::int64_t devicePid = 0;
    std::string device;
    int core = -1;
    EngineKind kind = EngineKind::None;
    std::int64_t slices = 0;
    std::int64_t sumAll = 0;      ///< Σ durations (clipped)
    std::int64_t sumWorking = 0;  ///< Σ durations of non-"sys" slices (clipped)
    std::int64_t bytes = 0;       ///< Σ bytes of working slices that carry a size
    std::int64_t bytesDur = 0;    ///< Σ durations of those slices
    std::vector<Interval> all, working;
};

struct EngineData {
    std::vector<EngineTrack> tracks;
    TimeNs lo = 0, hi = 0; ///< the window: the range, or the span of every engine slice
    bool any = false;
};

/// `skipSophgo`: leave out the tracks of Sophgo dumps (their summary has its own formulas).
EngineData collect(const AnalysisContext &ctx, const AnalysisOptions &opt, bool skipSophgo = false)
{
    const Trace &tr = ctx.trace();
    const EventIndex &ix = ctx.index();
    EngineData d;
    TimeNs mn = std::numeric_limits<TimeNs>::max(), mx = std::numeric_limits<TimeNs>::min();
    for (const Track &t : tr.tracks()) {
        if (t.role != TrackRole::Engine || t.slices.size() == 0)
            continue;
        const int rank = ix.trackRank[t.id];
        if (!opt.ranks.empty() && std::find(opt.ranks.begin(), opt.ranks.end(), rank) == opt.ranks.end())
            continue;
        if (skipSophgo && isSophgoProcess(tr, tr.process(t.process)))
            continue;
        for (std::size_t i = 0; i < t.slices.size(); ++i) {
            mn = std::min(mn, t.slices.start[i]);
            mx = std::max(mx, t.slices.start[i] + t.slices.dur[i]);
        }
        const Process &p = tr.process(t.process);
        EngineTrack e;
        e.track = t.id;
        e.rank = rank;
        e.devicePid = p.pid;
        e.device = tr.processDisplayName(p.id);
        e.core = t.core;
        e.kind = t.engine;
        d.tracks.push_back(std::move(e));
    }
    if (d.tracks.empty())
        return d;
    d.any = true;
    d.lo = opt.range ? opt.range->first : mn;
    d.hi = opt.range ? opt.range->second : mx;
    std::vector<std::int8_t> idleName(tr.strings().size(), -1);
    for (EngineTrack &e : d.tracks) {
        const Track &t = tr.track(e.track);
        const std::uint32_t base = ix.trackBegin[t.id];
        for (std::uint32_t i = 0; i < t.slices.size(); ++i) {
            const TimeNs s = t.slices.start[i], en = s + t.slices.dur[i];
            const TimeNs cs = std::max(s, d.lo), ce = std::min(en, d.hi);
            if (ce < cs || (ce == cs && !(s >= d.lo && s < d.hi)))
                continue;
            ++e.slices;
            const TimeNs len = ce - cs;
            e.sumAll += len;
            e.all.push_back({cs, ce});
            // "sys" commands (bigTpuProfile) and waits (Ascend EVENT_WAIT, Notify Wait) are not work
            std::int8_t &idle = idleName[t.slices.name[i]];
            if (idle < 0)
                idle = isSys(tr.str(t.slices.name[i]))
                    || nativeKernelType(tr.str(t.slices.name[i]), {}, EngineKind::None) == KernelType::Sync;
            if (idle || isSys(tr.str(t.slices.cat[i])))
                continue;
            e.sumWorking += len;
            e.working.push_back({cs, ce});
            const std::int64_t b = ix.bytes[base + i];
            if (b != kNoValue && b > 0) {
                // a slice cut by the window moves its share of the bytes
                const TimeNs full = en - s;
                e.bytes += full > 0 ? std::int64_t(double(b) * double(len) / double(full)) : b;
                e.bytesDur += len;
            }
        }
        e.all = unionOf(e.all);
        e.working = unionOf(e.working);
    }
    std::sort(d.tracks.begin(), d.tracks.end(), [](const EngineTrack &a, const EngineTrack &b) {
        return std::tie(a.rank, a.devicePid, a.core, a.kind, a.track) < std::tie(b.rank, b.devicePid, b.core, b.kind, b.track);
    });
    return d;
}

} // namespace

Table engineUtilization(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const EngineData d = collect(ctx, opt);
    const Trace &tr = ctx.trace();
    Table t("engines", "Engine utilization");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addText("device", "Device");
    Column &core = t.addInt("core", "Core", Unit::Id);
    Column &engine = t.addText("engine", "Engine");
    Column &name = t.addText("track", "Track");
    Column &slices = t.addInt("slices", "Slices", Unit::Count);
    Column &busy = t.addInt("busy_ns", "Busy", Unit::Nanoseconds);
    Column &working = t.addInt("working_ns", "Working (without sys)", Unit::Nanoseconds);
    Column &idle = t.addInt("idle_ns", "Idle", Unit::Nanoseconds);
    Column &util = t.addReal("utilization_pct", "Utilization", Unit::Percent);
    Column &bytes = t.addInt("bytes", "Bytes moved", Unit::Bytes);
    Column &bw = t.addReal("bandwidth_gbps", "Bandwidth while moving", Unit::GBps);
    const TimeNs window = d.hi - d.lo;
    for (const EngineTrack &e : d.tracks) {
        const std::int64_t b = totalLength(e.all), w = totalLength(e.working);
        rank.push(std::int64_t(e.rank));
        device.push(e.device);
        core.push(e.core < 0 ? kNullInt : std::int64_t(e.core));
        engine.push(std::string(engineKindName(e.kind)));
        name.push(tr.trackDisplayName(e.track));
        slices.push(e.slices);
        busy.push(b);
        working.push(w);
        idle.push(window - b);
        util.push(window > 0 ? 100.0 * double(w) / double(window) : kNaN);
        bytes.push(e.bytes > 0 ? e.bytes : kNullInt);
        bw.push(e.bytesDur > 0 ? double(e.bytes) / double(e.bytesDur) : kNaN);
        t.keys.push_back(RowKey{kEmptyString, e.rank, -1, SliceRef{e.track, 0}});
    }
    if (d.any)
        t.notes.push_back("window: " + std::to_string(window) + " ns (" + (opt.range ? "the selected range" : "first to last engine slice") + ")");
    if (!sophgoModel(ctx)->empty())
        addSophgoEngineColumns(t, ctx, opt);
    return t;
}

Table engineCoreSummary(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    return engineCoreSummaryWith(ctx, opt, SophgoRules::TpuMlir);
}

Table engineCoreSummaryWith(const AnalysisContext &ctx, const AnalysisOptions &opt, SophgoRules rules)
{
    // Sophgo dumps get the vendor's summary (appendSophgoSummary); other engine tracks this one
    const bool sophgo = !sophgoModel(ctx)->empty();
    const EngineData d = collect(ctx, opt, sophgo);
    Table t("engine-summary", "Engine summary per core");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addText("device", "Device");
    Column &core = t.addText("core", "Core");
    Column &total = t.addInt("total_time_ns", "Total time", Unit::Nanoseconds);
    Column &compute = t.addInt("compute_ns", "Compute (TIU) working", Unit::Nanoseconds);
    Column &gdma = t.addInt("gdma_ns", "GDMA working", Unit::Nanoseconds);
    Column &sdma = t.addInt("sdma_ns", "SDMA working", Unit::Nanoseconds);
    Column &cdma = t.addInt("cdma_ns", "CDMA / communication working", Unit::Nanoseconds);
    Column &par = t.addReal("parallelism_pct", "Parallelism", Unit::Percent);
    Column &ratio = t.addReal("compute_ratio_pct", "TIU working ratio", Unit::Percent);
    Column &overlap = t.addInt("overlap_ns", "Compute/transfer overlap", Unit::Nanoseconds);
    Column &overlapPct = t.addReal("overlap_pct", "Transfer hidden under compute", Unit::Percent);
    Column &gdmaBytes = t.addInt("gdma_bytes", "GDMA bytes", Unit::Bytes);
    Column &gdmaBw = t.addReal("gdma_bw_gbps", "GDMA bandwidth", Unit::GBps);
    Column &sdmaBytes = t.addInt("sdma_bytes", "SDMA bytes", Unit::Bytes);
    Column &sdmaBw = t.addReal("sdma_bw_gbps", "SDMA bandwidth", Unit::GBps);
    if (!d.any) {
        if (sophgo)
            appendSophgoSummary(t, ctx, opt, rules);
        return t;
    }
    const TimeNs totalTime = d.hi - d.lo;
    struct CoreAcc {
        int rank;
        std::string device;
        int core;
        std::int64_t compute = 0, gdma = 0, sdma = 0, cdma = 0, dma = 0;
        std::int64_t gBytes = 0, gBytesDur = 0, sBytes = 0, sBytesDur = 0;
        std::vector<Interval> comp, xfer;
    };
    std::map<std::tuple<int, std::int64_t, int>, CoreAcc> cores;
    for (const EngineTrack &e : d.tracks) {
        CoreAcc &c = cores[{e.rank, e.devicePid, e.core}];
        c.rank = e.rank;
        c.device = e.device;
        c.core = e.core;
        switch (e.kind) {
        case EngineKind::TIU:
        case EngineKind::Compute: c.compute += e.sumWorking; break;
        case EngineKind::GDMA:
            c.gdma += e.sumWorking;
            c.gBytes += e.bytes;
            c.gBytesDur += e.bytesDur;
            break;
        case EngineKind::SDMA:
            c.sdma += e.sumWorking;
            c.sBytes += e.bytes;
            c.sBytesDur += e.bytesDur;
            break;
        case EngineKind::CDMA:
        case EngineKind::Communication: c.cdma += e.sumWorking; break;
        case EngineKind::DMA: c.dma += e.sumWorking; break;
        default: break;
        }
        if (isCompute(e.kind))
            c.comp.insert(c.comp.end(), e.working.begin(), e.working.end());
        else if (isTransfer(e.kind))
            c.xfer.insert(c.xfer.end(), e.working.begin(), e.working.end());
    }
    CoreAcc all{};
    std::int64_t maxCompute = 0, maxG = 0, maxS = 0, maxC = 0, sumOverlap = 0, sumXfer = 0;
    auto pct = [](double a, double b) { return b > 0 ? 100.0 * a / b : kNaN; };
    auto emit = [&](const CoreAcc &c, const std::string &coreName, double denom, std::int64_t ov, std::int64_t xfer,
                    bool overall) {
        rank.push(overall ? kNullInt : std::int64_t(c.rank));
        device.push(c.device);
        core.push(coreName);
        total.push(totalTime);
        compute.push(overall ? maxCompute : c.compute);
        gdma.push(overall ? maxG : c.gdma);
        sdma.push(overall ? maxS : c.sdma);
        cdma.push(overall ? maxC : c.cdma);
        par.push(pct(double(c.compute + c.gdma + c.sdma + c.dma), denom));
        ratio.push(pct(double(c.compute), denom));
        overlap.push(ov);
        overlapPct.push(pct(double(ov), double(xfer)));
        gdmaBytes.push(c.gBytes > 0 ? c.gBytes : kNullInt);
        gdmaBw.push(c.gBytesDur > 0 ? double(c.gBytes) / double(c.gBytesDur) : kNaN);
        sdmaBytes.push(c.sBytes > 0 ? c.sBytes : kNullInt);
        sdmaBw.push(c.sBytesDur > 0 ? double(c.sBytes) / double(c.sBytesDur) : kNaN);
    };
    for (auto &[key, c] : cores) {
        const auto comp = unionOf(c.comp);
        const auto xfer = unionOf(c.xfer);
        const std::int64_t ov = intersectionLength(comp, xfer);
        const std::int64_t xl = totalLength(xfer);
        emit(c, c.core < 0 ? std::string("-") : std::to_string(c.core), double(totalTime), ov, xl, false);
        all.compute += c.compute;
        all.gdma += c.gdma;
        all.sdma += c.sdma;
        all.cdma += c.cdma;
        all.dma += c.dma;
        all.gBytes += c.gBytes;
        all.gBytesDur += c.gBytesDur;
        all.sBytes += c.sBytes;
        all.sBytesDur += c.sBytesDur;
        maxCompute = std::max(maxCompute, c.compute);
        maxG = std::max(maxG, c.gdma);
        maxS = std::max(maxS, c.sdma);
        maxC = std::max(maxC, c.cdma);
        sumOverlap += ov;
        sumXfer += xl;
    }
    // Overall (bigTpuProfile): ratios over total_time x cores, time columns the max over cores
    all.device = "Overall";
    emit(all, "Overall", double(totalTime) * double(cores.size()), sumOverlap, sumXfer, true);
    if (sophgo)
        appendSophgoSummary(t, ctx, opt, rules);
    return t;
}

Table engineSeries(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const EngineData d = collect(ctx, opt);
    Table t("engine-series", "Engine utilization over time");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addText("device", "Device");
    Column &core = t.addInt("core", "Core", Unit::Id);
    Column &engine = t.addText("engine", "Engine");
    Column &binStart = t.addInt("bin_start_ns", "Bin start", Unit::TimestampNs);
    Column &binWidth = t.addInt("bin_ns", "Bin width", Unit::Nanoseconds);
    Column &util = t.addReal("utilization_pct", "Utilization", Unit::Percent);
    Column &bw = t.addReal("bandwidth_gbps", "Bandwidth", Unit::GBps);
    if (!d.any || d.hi <= d.lo)
        return t;
    const Trace &tr = ctx.trace();
    const EventIndex &ix = ctx.index();
    const TimeNs span = d.hi - d.lo;
    TimeNs bin = opt.binNs > 0 ? opt.binNs : std::max<TimeNs>(1, (span + 199) / 200);
    const int maxBins = std::max(1, opt.maxBins);
    if ((span + bin - 1) / bin > maxBins)
        bin = (span + maxBins - 1) / maxBins;
    const std::size_t nBins = std::size_t((span + bin - 1) / bin);
    // group engine tracks of one (rank, device, core, kind): their union is that engine's busy time
    std::map<std::tuple<int, std::int64_t, int, EngineKind>, std::vector<const EngineTrack *>> groups;
    for (const EngineTrack &e : d.tracks)
        groups[{e.rank, e.devicePid, e.core, e.kind}].push_back(&e);
    for (auto &[key, members] : groups) {
        std::vector<Interval> iv;
        for (const EngineTrack *e : members)
            iv.insert(iv.end(), e->working.begin(), e->working.end());
        const auto u = unionOf(iv);
        std::vector<double> busy(nBins, 0.0), bytes(nBins, 0.0);
        for (const Interval &i : u) {
            for (std::size_t b = std::size_t((i.start - d.lo) / bin); b < nBins; ++b) {
                const TimeNs b0 = d.lo + TimeNs(b) * bin, b1 = std::min(b0 + bin, d.hi);
                if (b0 >= i.end)
                    break;
                busy[b] += double(std::min(i.end, b1) - std::max(i.start, b0));
            }
        }
        // bytes, spread over each slice's duration
        for (const EngineTrack *e : members) {
            const Track &track = tr.track(e->track);
            const std::uint32_t base = ix.trackBegin[track.id];
            for (std::uint32_t k = 0; k < track.slices.size(); ++k) {
                const std::int64_t by = ix.bytes[base + k];
                if (by == kNoValue || by <= 0)
                    continue;
                const TimeNs s = track.slices.start[k], en = s + track.slices.dur[k];
                if (en <= d.lo || s >= d.hi)
                    continue;
                if (en == s) {
                    bytes[std::size_t((s - d.lo) / bin)] += double(by);
                    continue;
                }
                for (std::size_t b = std::size_t((std::max(s, d.lo) - d.lo) / bin); b < nBins; ++b) {
                    const TimeNs b0 = d.lo + TimeNs(b) * bin, b1 = std::min(b0 + bin, d.hi);
                    if (b0 >= en)
                        break;
                    bytes[b] += double(by) * double(std::min(en, b1) - std::max(s, b0)) / double(en - s);
                }
            }
        }
        const EngineTrack &e0 = *members.front();
        for (std::size_t b = 0; b < nBins; ++b) {
            const TimeNs b0 = d.lo + TimeNs(b) * bin, w = std::min(b0 + bin, d.hi) - b0;
            rank.push(std::int64_t(e0.rank));
            device.push(e0.device);
            core.push(e0.core < 0 ? kNullInt : std::int64_t(e0.core));
            engine.push(std::string(engineKindName(e0.kind)));
            binStart.push(b0 - tr.startNs());
            binWidth.push(w);
            util.push(w > 0 ? 100.0 * busy[b] / double(w) : kNaN);
            bw.push(w > 0 ? bytes[b] / double(w) : kNaN);
        }
    }
    return t;
}

} // namespace accelscope::model::analysis
