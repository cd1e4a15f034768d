// The critical path's event table of one rank (HTA's trace dataframe of that rank) and its
// clipping to an annotation's window.
#include "criticalpath_p.h"
#include "eventset.h"

#include <algorithm>
#include <charconv>
#include <unordered_map>

namespace accelscope::model::analysis::criticalpath {

namespace {

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

RankTable buildRankTable(const AnalysisContext &ctx, const AnalysisOptions &opt, int rank)
{
    const Trace &tr = ctx.trace();
    const EventIndex &ix = ctx.index();
    RankTable t;
    t.trace = &tr;
    t.rank = rank;
    t.compat = opt.htaCompat;
    fillStrings(tr, t);
    AnalysisOptions rankOnly;
    rankOnly.htaCompat = opt.htaCompat;
    rankOnly.ranks = {rank};
    rankOnly.stop = opt.stop;
    const EventSet s = selectEvents(ctx, rankOnly, SelectGpu | SelectCpu);
    struct Ordered {
        ArgsId args;
        std::uint32_t gid;
        const Ev *ev;
    };
    std::vector<Ordered> order;
    order.reserve(s.gpu.size() + s.cpu.size());
    for (const auto *side : {&s.gpu, &s.cpu})
        for (const Ev &e : *side) {
            const SliceRef ref = ix.ref(e.gid);
            order.push_back({tr.tracks()[ref.track].slices.args[ref.index], e.gid, &e});
        }
    // The file order (HTA's index): args are stored as they are read, so their ids follow it.
    std::sort(order.begin(), order.end(), [](const Ordered &a, const Ordered &b) {
        return a.args != b.args ? a.args < b.args : a.gid < b.gid;
    });
    t.events.reserve(order.size());
    for (const Ordered &o : order) {
        const Ev &src = *o.ev;
        const SliceRef ref = ix.ref(src.gid);
        const Track &track = tr.tracks()[ref.track];
        Event e;
        e.ts = src.ts;
        e.dur = src.dur;
        e.stream = src.stream;
        e.corr = src.corr;
        e.name = src.name;
        e.cat = src.cat;
        e.gid = src.gid;
        e.pid = tr.process(track.process).pid;
        e.tid = track.tid;
        if (e.cat != kEmptyString && e.cat == t.catCudaSync)
            readWaitArgs(tr, track, ref.index, e);
        t.events.push_back(e);
    }
    linkCorrelations(t);
    return t;
}

namespace {

/// Rows naming the annotation, in table order. HTA matches every symbol containing the text;
/// natively only host rows count, so instance N is the N-th step of the host.
std::vector<std::uint32_t> annotationRows(const RankTable &t, const Trace &tr, const std::string &annotation)
{
    std::vector<std::int8_t> matches(tr.strings().size(), -1);
    std::vector<std::uint32_t> rows;
    for (std::uint32_t i = 0; i < t.events.size(); ++i) {
        const Event &e = t.events[i];
        std::int8_t &m = matches[e.name];
        if (m < 0)
            m = tr.str(e.name).find(annotation) != std::string_view::npos;
        if (m && (t.compat || e.stream == -1))
            rows.push_back(i);
    }
    return rows;
}

} // namespace

Window clipWindow(const RankTable &t, const Trace &tr, const std::string &annotation, int first, int last, std::string &error)
{
    Window w;
    w.annotation = annotation;
    if (!annotation.empty()) {
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
            continue;
        }
        if (!inWindow(e))
            continue;
        keep[i] = 1;
        if (e.partner >= 0 && t.events[std::size_t(e.partner)].stream != -1)
            keep[std::size_t(e.partner)] = 1;
    }
    for (std::uint32_t i = 0; i < keep.size(); ++i)
        if (keep[i])
            w.events.push_back(i);
    return w;
}

} // namespace accelscope::model::analysis::criticalpath
