// The critical path of Ascend traces (torch_npu / MindSpore trace_view.json and db exports): the
// graph HTA builds for Kineto, with the dependencies an Ascend trace gives instead of Kineto's
// correlations. A device task's launch is the CANN call its HostToDevice flow starts from (else
// the framework operator of its async_npu flow); the CANN process's threads are the Python
// process's threads (the same OS thread ids), so AscendCL calls nest in the operators and
// Dequeue slices that make them; an Enqueue hands its operator over to the Dequeue of the task
// queue's flow (in db exports, which have none, the k-th Enqueue to the k-th Dequeue); a
// synchronising AscendCL call waits for the last task of each stream that ended while it
// blocked. docs/analysis.md "Critical path", "Ascend".
#include "model/analysis/criticalpath/criticalpath_p.h"

#include <algorithm>

namespace accelscope::model::analysis::criticalpath {

namespace {

// Table notes: what an Ascend trace cannot tell the path.
constexpr const char *kAscendNoFlowsNote =
    "Ascend: the output has no host-to-device flows (HostToDevice, async_npu): a device-only export (kernel_details.csv "
    "alone, a legacy MindSpore profiler folder) or a trace without its CANN and Python processes; device tasks cannot "
    "be joined to their launches and are not on the path";
constexpr const char *kAscendStreamWaitNote =
    "Ascend: EVENT_RECORD and EVENT_WAIT tasks name no event, so a wait of one stream for another is not an edge; "
    "a task held by such a wait shows as a kernel-kernel gap or is left unlinked";
constexpr const char *kAscendSyncNote =
    "Ascend: synchronising AscendCL calls name no stream: a call waits for the last task of each stream that ended "
    "while it blocked, and the longest of those paths is taken";
constexpr const char *kAscendQueueOrderNote =
    "Ascend: the output has no task-queue flows (a db export): Enqueue and Dequeue are paired in their order, "
    "as the queue is first in, first out";
constexpr const char *kAscendQueueUnpairedNote =
    "Ascend: Enqueue and Dequeue cannot be paired (no task-queue flows, and their counts or order disagree): the "
    "dequeue thread's launches are not joined to the operators that queued them";
constexpr const char *kAscendHcclNote =
    "Ascend: an HCCL operator is one communication-bound task; its Notify Wait tasks (the waits for the peers) are "
    "inside it and not split out";

/// Device tracks other than Ascend Hardware's (HCCL groups and planes) reuse stream ids from 0:
/// they get ids of their own above every hardware stream id.
constexpr std::int64_t kOtherDeviceStreamBase = std::int64_t(1) << 40;

bool isAscendSource(const SourceInfo &s)
{
    return s.ascend != nullptr || s.format.starts_with("ascend") || s.format == "msprof";
}

/// The rows of the rank table by EventIndex id, -1 for slices of other ranks.
std::vector<std::int32_t> rowsByGid(const AnalysisContext &ctx, const RankTable &t)
{
    std::vector<std::int32_t> rows(ctx.index().sliceCount(), -1);
    for (std::uint32_t i = 0; i < t.events.size(); ++i)
        rows[t.events[i].gid] = std::int32_t(i);
    return rows;
}

std::string_view processName(const Trace &tr, TrackId track)
{
    return tr.str(tr.process(tr.tracks()[track].process).name);
}

/// CANN threads join the call stack of the host thread with the same OS thread id.
void joinCannThreads(const AnalysisContext &ctx, RankTable &t)
{
    const Trace &tr = *t.trace;
    const EventIndex &ix = ctx.index();
    t.stackPidOfTrack.resize(tr.tracks().size());
    std::vector<std::pair<std::int64_t, std::int64_t>> hostThreads; // (tid, pid) of non-CANN host threads
    for (const Track &track : tr.tracks()) {
        t.stackPidOfTrack[track.id] = tr.process(track.process).pid;
        if (ix.trackRank[track.id] == t.rank && track.role == TrackRole::HostThread && processName(tr, track.id) != "CANN")
            hostThreads.emplace_back(track.tid, tr.process(track.process).pid);
    }
    std::sort(hostThreads.begin(), hostThreads.end());
    for (const Track &track : tr.tracks()) {
        if (ix.trackRank[track.id] != t.rank || track.role != TrackRole::HostThread || processName(tr, track.id) != "CANN")
            continue;
        const auto it = std::lower_bound(hostThreads.begin(), hostThreads.end(), std::make_pair(track.tid, INT64_MIN));
        if (it != hostThreads.end() && it->first == track.tid)
            t.stackPidOfTrack[track.id] = it->second;
    }
}

/// Without task-queue flows (db exports) the k-th Enqueue hands over to the k-th Dequeue: the
/// queue is first in, first out (every flow of the text exports pairs them so). Pairs only when
/// the counts agree and no Dequeue starts before its Enqueue; returns whether it paired.
bool pairQueueInOrder(RankTable &t, StringId enqueue, StringId dequeue)
{
    std::vector<std::uint32_t> enqueues, dequeues;
    for (std::uint32_t i = 0; i < t.events.size(); ++i) {
        const StringId cat = t.events[i].cat;
        if (t.events[i].stream == -1 && cat != kEmptyString && (cat == enqueue || cat == dequeue))
            (cat == enqueue ? enqueues : dequeues).push_back(i);
    }
    const auto byStart = [&](std::uint32_t a, std::uint32_t b) { return t.events[a].ts < t.events[b].ts; };
    std::stable_sort(enqueues.begin(), enqueues.end(), byStart);
    std::stable_sort(dequeues.begin(), dequeues.end(), byStart);
    if (enqueues.size() != dequeues.size())
        return false;
    for (std::size_t k = 0; k < enqueues.size(); ++k)
        if (t.events[dequeues[k]].ts < t.events[enqueues[k]].ts)
            return false;
    for (std::size_t k = 0; k < enqueues.size(); ++k)
        t.handOvers.emplace_back(enqueues[k], dequeues[k]);
    return true;
}

void flagSyncCalls(const Trace &tr, RankTable &t)
{
    for (std::string_view name : {"AscendCL@aclrtSynchronizeStream", "AscendCL@aclrtSynchronizeStreamWithTimeout",
                                  "AscendCL@aclrtSynchronizeDevice", "AscendCL@aclrtSynchronizeDeviceWithTimeout",
                                  "AscendCL@aclrtSynchronizeEvent", "AscendCL@aclrtMemcpy",
                                  // Level2 also records the runtime calls inside them
                                  "Runtime@StreamSynchronize", "Runtime@DeviceSynchronize", "Runtime@EventSynchronize",
                                  "Runtime@MemCopySync"})
        if (const StringId id = tr.strings().find(name); id != kInvalidId)
            t.isBlockingSync[id] = 1;
}

/// The flows of the rank: launches (HostToDevice), framework operators (async_npu) per device
/// row, and the task queue's hand-overs.
struct AscendFlows {
    std::vector<std::int32_t> launchOf, operatorOf;
    std::size_t count = 0;
};

AscendFlows readFlows(const AnalysisContext &ctx, RankTable &t)
{
    const Trace &tr = *t.trace;
    const StringId hostToDevice = tr.strings().find("HostToDevice"), asyncNpu = tr.strings().find("async_npu"),
                   taskQueue = tr.strings().find("async_task_queue");
    const std::vector<std::int32_t> rowOf = rowsByGid(ctx, t);
    AscendFlows f;
    f.launchOf.assign(t.events.size(), -1);
    f.operatorOf.assign(t.events.size(), -1);
    for (const Flow &flow : tr.flows()) {
        if (flow.cat != hostToDevice && flow.cat != asyncNpu && flow.cat != taskQueue)
            continue;
        if (!flow.from.valid() || !flow.to.valid())
            continue;
        const std::int32_t from = rowOf[ctx.index().gid(flow.from)], to = rowOf[ctx.index().gid(flow.to)];
        if (from < 0 || to < 0 || t.events[std::size_t(from)].stream != -1)
            continue;
        const bool toDevice = t.events[std::size_t(to)].stream != -1;
        if (flow.cat == taskQueue) {
            if (!toDevice)
                t.handOvers.emplace_back(std::uint32_t(from), std::uint32_t(to));
            continue;
        }
        if (!toDevice)
            continue;
        (flow.cat == hostToDevice ? f.launchOf : f.operatorOf)[std::size_t(to)] = from;
        ++f.count;
    }
    return f;
}

/// Each device task's launch: the CANN call of its HostToDevice flow, else its operator. A call
/// launching several tasks is a group launch (as a CUDA graph: no queue of its own).
void linkLaunches(const AscendFlows &f, RankTable &t)
{
    t.launchRow.assign(t.events.size(), 0);
    t.groupLaunchRow.assign(t.events.size(), 0);
    std::vector<std::uint32_t> launched(t.events.size(), 0);
    for (std::uint32_t d = 0; d < t.events.size(); ++d) {
        const std::int32_t launch = f.launchOf[d] >= 0 ? f.launchOf[d] : f.operatorOf[d];
        if (launch < 0)
            continue;
        Event &task = t.events[d];
        Event &call = t.events[std::size_t(launch)];
        task.partner = launch;
        task.corr = launch; // a correlation of our own: the launching row
        call.partner = std::int32_t(d);
        call.corr = launch;
        t.hostNodeRow[std::size_t(launch)] = 1;
        ++launched[std::size_t(launch)];
    }
    for (std::uint32_t i = 0; i < t.events.size(); ++i) {
        t.launchRow[i] = launched[i] == 1;
        t.groupLaunchRow[i] = launched[i] > 1;
    }
}

} // namespace

TraceFamily traceFamily(const AnalysisContext &ctx, int rank)
{
    const Trace &tr = ctx.trace();
    const EventIndex &ix = ctx.index();
    for (const Track &track : tr.tracks()) {
        if (track.slices.size() == 0 || ix.trackRank[track.id] != rank)
            continue;
        const std::uint32_t source = tr.process(track.process).source;
        if (source >= tr.sources().size())
            continue;
        const SourceInfo &s = tr.sources()[source];
        if (isAscendSource(s))
            return TraceFamily::Ascend;
        if (s.aiu != nullptr || s.format == "aiu")
            return TraceFamily::Aiu;
        if (s.sophgo != nullptr || s.format == "sophgo")
            return TraceFamily::Sophgo;
    }
    // an Ascend trace_view.json read as plain Chrome JSON still carries its flows
    const StringId hostToDevice = tr.strings().find("HostToDevice"), asyncNpu = tr.strings().find("async_npu");
    for (const Flow &flow : tr.flows())
        if (flow.cat == hostToDevice || flow.cat == asyncNpu)
            return TraceFamily::Ascend;
    return TraceFamily::Kineto;
}

void linkAscend(const AnalysisContext &ctx, RankTable &t)
{
    const Trace &tr = *t.trace;
    const StringId enqueue = tr.strings().find("enqueue"), dequeue = tr.strings().find("dequeue");
    t.hostNodeRow.assign(t.events.size(), 0);
    bool deviceRows = false, hccl = false, streamWaits = false, syncs = false;
    flagSyncCalls(tr, t);
    for (std::uint32_t i = 0; i < t.events.size(); ++i) {
        Event &e = t.events[i];
        if (e.stream != -1) {
            deviceRows = true;
            if (processName(tr, e.track) != "Ascend Hardware")
                e.stream = kOtherDeviceStreamBase + std::int64_t(e.track);
            streamWaits = streamWaits || tr.str(e.name) == "EVENT_WAIT";
            continue;
        }
        const bool cann = processName(tr, e.track) == "CANN";
        t.hostNodeRow[i] = cann || (e.cat != kInvalidId && (e.cat == enqueue || e.cat == dequeue));
        syncs = syncs || (cann && t.isBlockingSync[e.name]);
        streamWaits = streamWaits || (cann && tr.str(e.name) == "AscendCL@aclrtStreamWaitEvent");
    }
    joinCannThreads(ctx, t);
    const AscendFlows flows = readFlows(ctx, t);
    linkLaunches(flows, t);
    const bool queued = std::any_of(t.events.begin(), t.events.end(), [&](const Event &e) { return e.cat != kEmptyString && e.cat == enqueue; });
    if (queued && t.handOvers.empty())
        t.limits.push_back(pairQueueInOrder(t, enqueue, dequeue) ? kAscendQueueOrderNote : kAscendQueueUnpairedNote);
    for (std::uint32_t d = 0; d < t.events.size(); ++d)
        hccl = hccl || (t.events[d].partner >= 0 && t.events[d].stream >= kOtherDeviceStreamBase);
    if (deviceRows && flows.count == 0)
        t.limits.push_back(kAscendNoFlowsNote);
    if (flows.count > 0 && streamWaits)
        t.limits.push_back(kAscendStreamWaitNote);
    if (flows.count > 0 && syncs)
        t.limits.push_back(kAscendSyncNote);
    if (hccl)
        t.limits.push_back(kAscendHcclNote);
}

void addAscendEdges(const RankTable &t, const Window &w, Graph &g, EdgeList &edges)
{
    // the task queue: a Dequeue cannot start before its Enqueue did
    for (const auto &[enq, deq] : t.handOvers) {
        const std::int32_t from = g.startNode[enq], to = g.startNode[deq];
        if (from >= 0 && to >= 0 && t.events[deq].ts >= t.events[enq].ts)
            edges.add(from, to, EdgeType::Dependency);
    }
    // synchronising calls: the last task of each stream that ended while the call blocked. The
    // call names no stream, and a compute stream's waits for the communication stream are not
    // in the trace either, so every stream's last task is a candidate; a call during which no
    // task ended waited for nothing
    struct TaskEnd {
        std::int64_t ts, stream;
        std::int32_t node;
    };
    std::vector<TaskEnd> ends;
    for (std::uint32_t i : w.events)
        if (t.events[i].stream != -1 && g.endNode[i] >= 0)
            ends.push_back({t.events[i].end(), t.events[i].stream, g.endNode[i]});
    std::sort(ends.begin(), ends.end(), [](const TaskEnd &a, const TaskEnd &b) { return a.ts < b.ts; });
    for (std::uint32_t i : w.events) {
        const Event &call = t.events[i];
        if (call.stream != -1 || !t.isBlockingSync[call.name] || g.endNode[i] < 0)
            continue;
        const auto first = std::lower_bound(ends.begin(), ends.end(), call.ts, [](const TaskEnd &a, std::int64_t ts) { return a.ts < ts; });
        const auto last = std::upper_bound(ends.begin(), ends.end(), call.end(), [](std::int64_t ts, const TaskEnd &a) { return ts < a.ts; });
        if (first == last)
            continue;
        std::vector<std::int64_t> streams;
        for (auto it = last; it != first; --it)
            if (std::find(streams.begin(), streams.end(), (it - 1)->stream) == streams.end()) {
                streams.push_back((it - 1)->stream);
                edges.add((it - 1)->node, g.endNode[i], EdgeType::SyncDependency);
            }
    }
}

} // namespace accelscope::model::analysis::criticalpath
