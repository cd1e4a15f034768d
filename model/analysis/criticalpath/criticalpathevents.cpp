// The critical path's event table of one rank (HTA's trace dataframe of that rank) and its
// clipping to an annotation's window.
#include "model/analysis/criticalpath/criticalpath_p.h"
#include "model/analysis/core/eventset.h"

#include <algorithm>
#include <charconv>
#include <unordered_map>

namespace accelscope::model::analysis::criticalpath {

namespace {

constexpr const char *kHtaVendorTraceNote =
    "HTA compatibility: HTA reads Kineto traces only, so this Ascend, AIU or Sophgo trace's device side is not on the "
    "path; without --hta-compat the vendor's own dependencies are used";

StringId findString(const Trace &tr, std::string_view s)
{
    return tr.strings().find(s);
}

std::vector<std::uint8_t> nameFlags(const Trace &tr, std::initializer_list<std::string_view> names)
{
    std::vector<std::uint8_t> flags(tr.strings().size(), 0);
    for (std::string_view n : names)
        if (const StringId id = findString(tr, n); id != kInvalidId)
            flags[id] = 1;
    return flags;
}

std::int64_t parseInt(std::string_view v, std::int64_t fallback)
{
    std::int64_t out = 0;
    const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    return ec == std::errc() && p == v.data() + v.size() ? out : fallback;
}

void fillStrings(const Trace &tr, RankTable &t)
{
    t.catCpuOp = findString(tr, "cpu_op");
    t.catCudaRuntime = findString(tr, "cuda_runtime");
    t.catCudaDriver = findString(tr, "cuda_driver");
    t.catCudaSync = findString(tr, "cuda_sync");
    t.catUserAnnotation = findString(tr, "user_annotation");
    t.catGpuUserAnnotation = findString(tr, "gpu_user_annotation");
    t.streamWaitEvent = findString(tr, "Stream Wait Event");
    t.eventSync = findString(tr, "Event Sync");
    t.contextSync = findString(tr, "Context Sync");
    t.streamSync = findString(tr, "Stream Sync");
    t.cudaEventRecord = findString(tr, "cudaEventRecord");
    t.cudaStreamWaitEvent = findString(tr, "cudaStreamWaitEvent");
    // HTA's get_runtime_launch_events_mask
    t.isLaunch = nameFlags(tr, {"cudaLaunchKernel", "cudaLaunchKernelExC", "cuLaunchKernel", "cuLaunchKernelEx",
                                "cudaMemcpyAsync", "cudaMemsetAsync", "runFunction - job_prep_and_submit_for_execution",
                                "hipLaunchKernel", "hipExtModuleLaunchKernel", "hipMemsetAsync", "hipMemcpyAsync",
                                "hipMemcpyWithStream"});
    t.isRuntimeLock = nameFlags(tr, {"cudaHostAlloc", "cudaLaunchKernel", "cudaMemcpyAsync"});
    t.isGraphLaunch = nameFlags(tr, {"cudaGraphLaunch", "cuGraphLaunch", "hipGraphLaunch"});
    t.isBlockingSync = nameFlags(tr, {"cudaDeviceSynchronize", "cudaStreamSynchronize", "cudaEventQuery",
                                      "cudaEventSynchronize", "cudaMemcpy", "cudaMemcpyAsync"});
}

/// The wait_on_* args of a cuda_sync event (Kineto writes them on Stream Wait Event / Event Sync).
void readWaitArgs(const Trace &tr, const Track &track, std::uint32_t index, Event &e)
{
    forEachTopLevelScalar(tr.args().json(track.slices.args[index]), [&](std::string_view key, std::string_view v, bool) {
        if (key == "wait_on_stream")
            e.waitOnStream = parseInt(v, -1);
        else if (key == "wait_on_cuda_event_record_corr_id")
            e.waitOnRecordCorr = parseInt(v, -1);
    });
}

/// HTA's transform_correlation_to_index: device-side rows (numeric stream and a correlation, or
/// Event/Context Sync) and host-side rows with the same correlation point at each other; the
/// last one in file order wins.
void linkCorrelations(RankTable &t)
{
    std::unordered_map<std::int64_t, std::pair<std::int32_t, std::int32_t>> lastOfCorr; // (host, device)
    std::vector<std::uint8_t> deviceSide(t.events.size(), 0);
    for (std::size_t i = 0; i < t.events.size(); ++i) {
        const Event &e = t.events[i];
        deviceSide[i] = (e.stream >= 0 && e.corr >= 0) || (e.name != kEmptyString && (e.name == t.eventSync || e.name == t.contextSync));
        if (e.corr == -1 && !deviceSide[i])
            continue;
        auto &slot = lastOfCorr.try_emplace(e.corr, kUnmatched, kUnmatched).first->second;
        (deviceSide[i] ? slot.second : slot.first) = std::int32_t(i);
    }
    for (std::size_t i = 0; i < t.events.size(); ++i) {
        Event &e = t.events[i];
        if (e.corr == -1) {
            e.partner = kNoCorrelation;
            continue;
        }
        const auto &slot = lastOfCorr[e.corr];
        e.partner = deviceSide[i] ? slot.first : slot.second;
    }
}

} // namespace

namespace {

/// An event and where it stands in the file (args are stored as they are read, so their ids
/// follow the file order: HTA's index).
struct Ordered {
    ArgsId args;
    Event event;
};

Event eventOf(const Track &track, std::uint32_t index, std::uint32_t gid)
{
    Event e;
    e.name = track.slices.name[index];
    e.cat = track.slices.cat[index];
    e.gid = gid;
    e.track = track.id;
    return e;
}

/// HTA's table: the rounded, aligned, last-step-filtered rows of the HTA-compatible event set.
void collectCompat(const AnalysisContext &ctx, const AnalysisOptions &opt, int rank, std::vector<Ordered> &out, std::int64_t &minTsUs)
{
    const Trace &tr = ctx.trace();
    const EventIndex &ix = ctx.index();
    AnalysisOptions rankOnly;
    rankOnly.htaCompat = true;
    rankOnly.ranks = {rank};
    rankOnly.stop = opt.stop;
    const EventSet s = selectEvents(ctx, rankOnly, SelectGpu | SelectCpu);
    minTsUs = s.htaMinTsUs;
    out.reserve(s.gpu.size() + s.cpu.size());
    for (const auto *side : {&s.gpu, &s.cpu})
        for (const Ev &src : *side) {
            const SliceRef ref = ix.ref(src.gid);
            const Track &track = tr.tracks()[ref.track];
            Event e = eventOf(track, ref.index, src.gid);
            e.ts = src.ts;
            e.dur = src.dur;
            e.stream = src.stream;
            e.corr = src.corr;
            out.push_back({track.slices.args[ref.index], e});
        }
}

/// The model's rows of the rank in ns, device rows (as EventSet's native selection) with their
/// stream, host rows with -1.
void collectNative(const AnalysisContext &ctx, int rank, std::vector<Ordered> &out)
{
    const Trace &tr = ctx.trace();
    const EventIndex &ix = ctx.index();
    out.reserve(ix.sliceCount());
    for (const Track &track : tr.tracks()) {
        const SliceColumns &sc = track.slices;
        if (sc.size() == 0 || ix.trackRank[track.id] != rank)
            continue;
        const std::uint32_t base = ix.trackBegin[track.id];
        for (std::uint32_t i = 0; i < sc.size(); ++i) {
            Event e = eventOf(track, i, base + i);
            e.ts = sc.start[i];
            e.dur = sc.dur[i];
            const std::int64_t corr = ix.correlation[e.gid];
            e.corr = corr == kNoValue ? -1 : corr;
            const bool annotation = e.cat == ix.catGpuUserAnnotation || e.cat == ix.catUserAnnotation;
            if (ix.trackIsDevice[track.id] && !annotation) {
                const std::int64_t stream = ix.stream[e.gid];
                e.stream = stream != kNoValue ? stream : (track.tidName == kEmptyString ? track.tid : std::int64_t(track.id));
                if (e.stream < 0)
                    e.stream = std::int64_t(track.id);
            }
            out.push_back({sc.args[i], e});
        }
    }
}

} // namespace

RankTable buildRankTable(const AnalysisContext &ctx, const AnalysisOptions &opt, int rank)
{
    const Trace &tr = ctx.trace();
    RankTable t;
    t.trace = &tr;
    t.rank = rank;
    t.compat = opt.htaCompat;
    fillStrings(tr, t);
    std::vector<Ordered> rows;
    if (opt.htaCompat)
        collectCompat(ctx, opt, rank, rows, t.htaMinTsUs);
    else
        collectNative(ctx, rank, rows);
    std::vector<std::pair<ArgsId, std::uint32_t>> order(rows.size());
    for (std::uint32_t k = 0; k < rows.size(); ++k)
        order[k] = {rows[k].args, k}; // rows are in gid order within equal args
    std::sort(order.begin(), order.end());
    t.events.reserve(rows.size());
    for (const auto &[args, k] : order) {
        t.events.push_back(rows[k].event);
        Event &e = t.events.back();
        if (e.cat != kEmptyString && e.cat == t.catCudaSync)
            readWaitArgs(tr, tr.tracks()[e.track], ctx.index().ref(e.gid).index, e);
    }
    linkCorrelations(t);
    const TraceFamily family = traceFamily(ctx, rank);
    if (opt.htaCompat) {
        // HTA reads Kineto's correlations only: the vendor rules stay off, and a note says so
        if (family != TraceFamily::Kineto)
            t.limits.push_back(kHtaVendorTraceNote);
        return t;
    }
    t.family = family;
    switch (t.family) {
    case TraceFamily::Kineto: break;
    case TraceFamily::Ascend: linkAscend(ctx, t); break;
    case TraceFamily::Aiu: linkAiu(ctx, t); break;
    case TraceFamily::Sophgo: noteDeviceOnly(t); break;
    }
    return t;
}

namespace {

/// Rows naming the annotation, in table order. HTA matches every symbol containing the text;
/// natively only host rows count (not their copies on the device), so instance N is the N-th step.
std::vector<std::uint32_t> annotationRows(const RankTable &t, const Trace &tr, const std::string &annotation)
{
    std::vector<std::int8_t> matches(tr.strings().size(), -1);
    std::vector<std::uint32_t> rows;
    for (std::uint32_t i = 0; i < t.events.size(); ++i) {
        const Event &e = t.events[i];
        std::int8_t &m = matches[e.name];
        if (m < 0)
            m = tr.str(e.name).find(annotation) != std::string_view::npos;
        if (m && (t.compat || (e.stream == -1 && e.cat != t.catGpuUserAnnotation)))
            rows.push_back(i);
    }
    return rows;
}

} // namespace

Window clipWindow(const RankTable &t, const Trace &tr, const std::string &annotation, int first, int last,
                  const std::optional<std::pair<std::int64_t, std::int64_t>> &range, std::string &error)
{
    Window w;
    w.annotation = annotation;
    if (range) {
        w.whole = false;
        w.lo = range->first;
        w.hi = range->second;
    } else if (!annotation.empty()) {
        const std::vector<std::uint32_t> rows = annotationRows(t, tr, annotation);
        w.instances = int(rows.size());
        if (rows.empty()) {
            error = "no event named like '" + annotation + "' on rank " + std::to_string(t.rank);
            return w;
        }
        if (first < 0 || first >= w.instances || last < first) {
            error = "annotation '" + annotation + "' has " + std::to_string(w.instances) + " instance(s) on rank "
                + std::to_string(t.rank) + "; instance " + std::to_string(first) + " is out of range";
            return w;
        }
        last = std::min(last, w.instances - 1);
        w.whole = false;
        w.lo = INT64_MAX;
        w.hi = INT64_MIN;
        for (int k = first; k <= last; ++k) {
            const Event &e = t.events[rows[std::size_t(k)]];
            w.lo = std::min(w.lo, e.ts);
            w.hi = std::max(w.hi, e.end());
        }
    }
    const auto inWindow = [&](const Event &e) { return e.dur > 0 && (w.whole || (e.ts >= w.lo && e.ts <= w.hi)); };
    // Host rows starting in the window; device rows whose launch starts in it (HTA keeps every
    // Stream Wait Event, wherever its launch is).
    std::vector<std::uint8_t> keep(t.events.size(), 0);
    for (std::size_t i = 0; i < t.events.size(); ++i) {
        const Event &e = t.events[i];
        if (e.stream != -1) {
            if (e.name != kEmptyString && e.name == t.streamWaitEvent)
                keep[i] = 1;
            // AIU blocks have no host call to follow: they take part when they start in the window
            if (t.family == TraceFamily::Aiu && e.partner != kNoCorrelation && inWindow(e))
                keep[i] = 1;
            continue;
        }
        if (!inWindow(e))
            continue;
        keep[i] = 1;
        if (e.partner >= 0 && t.events[std::size_t(e.partner)].stream != -1)
            keep[std::size_t(e.partner)] = 1;
    }
    // HTA keeps only the last device row of a correlation; natively every row a kept call
    // launched takes part (a CUDA graph's kernels all carry the cudaGraphLaunch's correlation)
    if (!t.compat)
        for (std::size_t i = 0; i < t.events.size(); ++i) {
            const Event &e = t.events[i];
            if (e.stream != -1 && e.partner >= 0 && keep[std::size_t(e.partner)] && t.events[std::size_t(e.partner)].stream == -1)
                keep[i] = 1;
        }
    for (std::uint32_t i = 0; i < keep.size(); ++i)
        if (keep[i])
            w.events.push_back(i);
    return w;
}

} // namespace accelscope::model::analysis::criticalpath
