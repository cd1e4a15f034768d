// The device side of the critical-path graph: kernel durations, launch delays (when the stream
// was empty), kernel-to-kernel gaps, GPU -> CPU synchronisation (device, stream, event sync) and
// GPU -> GPU waits (cudaStreamWaitEvent), as HTA's _construct_graph_from_kernels builds them.
#include "model/analysis/criticalpath/criticalpath_p.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

namespace accelscope::model::analysis::criticalpath {

namespace {

/// HTA's KERNEL_KERNEL_DELAY_THRESHOLD_US: a longer gap on a stream is not a kernel-kernel delay
/// (it hides a dependency the trace does not show).
constexpr std::int64_t kKernelGapLimitUs = 1500;

/// A kernel/memcpy/memset launch with its device row (HTA's _get_cuda_runtime_calls_df).
struct Launch {
    std::int64_t ts;
    std::uint32_t event;
    std::int64_t pid, tid;        ///< the launching thread
    std::int64_t gpuPid, gpuStream; ///< where the launched row ran
};

bool isDeviceRow(const Event &e)
{
    return e.stream != -1;
}

/// The queue length of each launch (after it enqueues) and launched device row (after it
/// starts), per device stream over the whole rank (HTA's queue length time series).
std::vector<std::int64_t> queueLengths(const RankTable &t)
{
    std::vector<std::int64_t> out(t.events.size(), kNoQueueLength);
    std::unordered_map<std::int64_t, std::uint8_t> launchedCorr;
    struct Step {
        std::int64_t stream, ts;
        int delta;
        std::uint32_t event;
    };
    std::vector<Step> steps;
    for (std::uint32_t i = 0; i < t.events.size(); ++i) {
        const Event &e = t.events[i];
        if (!t.isLaunchRow(i) || e.partner < 0 || !isDeviceRow(t.events[std::size_t(e.partner)]))
            continue;
        steps.push_back({t.events[std::size_t(e.partner)].stream, e.ts, +1, i});
        launchedCorr[e.corr] = 1;
    }
    for (std::uint32_t i = 0; i < t.events.size(); ++i) {
        const Event &e = t.events[i];
        if (isDeviceRow(e) && launchedCorr.count(e.corr))
            steps.push_back({e.stream, e.ts, -1, i});
    }
    // at equal times a kernel starting leaves the queue before a launch joins it
    std::stable_sort(steps.begin(), steps.end(), [](const Step &a, const Step &b) {
        return std::tie(a.stream, a.ts, a.delta) < std::tie(b.stream, b.ts, b.delta);
    });
    std::int64_t length = 0;
    for (std::size_t k = 0; k < steps.size(); ++k) {
        if (k == 0 || steps[k].stream != steps[k - 1].stream)
            length = 0;
        length += steps[k].delta;
        out[steps[k].event] = length;
    }
    return out;
}

std::vector<Launch> launches(const RankTable &t)
{
    std::vector<Launch> out;
    for (std::uint32_t i = 0; i < t.events.size(); ++i) {
        const Event &e = t.events[i];
        if (!t.isLaunchRow(i) || e.partner < 0)
            continue;
        const Event &dev = t.events[std::size_t(e.partner)];
        if (!isDeviceRow(dev) || dev.partner < 0)
            continue;
        out.push_back({e.ts, i, t.pid(e), t.tid(e), t.pid(dev), dev.stream});
    }
    std::stable_sort(out.begin(), out.end(), [](const Launch &a, const Launch &b) { return a.ts < b.ts; });
    return out;
}

/// For each recorded CUDA event that some stream waits on: the last launch on the recorded
/// stream up to the cudaEventRecord call (HTA's _get_cuda_event_record_df), by its correlation.
std::unordered_map<std::int64_t, std::int32_t> previousLaunchOfRecords(const RankTable &t, const std::vector<Launch> &all)
{
    std::unordered_map<std::int64_t, std::pair<std::int64_t, std::int64_t>> recordedOn; // corr -> (stream, gpu)
    for (const Event &e : t.events)
        if (e.waitOnStream > -1)
            recordedOn.try_emplace(e.waitOnRecordCorr, e.waitOnStream, t.pid(e));
    std::map<std::pair<std::int64_t, std::int64_t>, std::vector<const Launch *>> byStream; // (gpu, stream)
    for (const Launch &l : all)
        byStream[{l.gpuPid, l.gpuStream}].push_back(&l);
    std::unordered_map<std::int64_t, std::int32_t> out;
    for (const Event &e : t.events) {
        if (e.name != t.cudaEventRecord || e.name == kInvalidId)
            continue;
        const auto on = recordedOn.find(e.corr);
        if (on == recordedOn.end())
            continue;
        const auto &list = byStream[{on->second.second, on->second.first}];
        const auto after = std::upper_bound(list.begin(), list.end(), e.ts, [](std::int64_t ts, const Launch *l) { return ts < l->ts; });
        out[e.corr] = after == list.begin() ? -1 : std::int32_t((*(after - 1))->event);
    }
    return out;
}

/// For each cudaStreamWaitEvent call: the next launch from the same thread onto the waiting
/// stream (HTA's _get_cuda_stream_wait_event_df), by the call's row.
std::unordered_map<std::uint32_t, std::int32_t> nextLaunchOfWaits(const RankTable &t, const std::vector<Launch> &all)
{
    std::unordered_map<std::uint32_t, std::int32_t> out;
    if (t.cudaStreamWaitEvent == kInvalidId || t.streamWaitEvent == kInvalidId)
        return out;
    std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t>, std::vector<const Launch *>> byThread; // (pid, tid, stream)
    for (const Launch &l : all)
        byThread[{l.pid, l.tid, l.gpuStream}].push_back(&l);
    for (std::uint32_t i = 0; i < t.events.size(); ++i) {
        const Event &e = t.events[i];
        if (e.name != t.cudaStreamWaitEvent || e.partner < 0)
            continue;
        const Event &dev = t.events[std::size_t(e.partner)];
        if (!isDeviceRow(dev) || dev.partner < 0)
            continue;
        const auto &list = byThread[{t.pid(e), t.tid(e), dev.stream}];
        const auto next = std::upper_bound(list.begin(), list.end(), e.ts, [](std::int64_t ts, const Launch *l) { return ts < l->ts; });
        out[i] = next == list.end() ? -1 : std::int32_t((*next)->event);
    }
    return out;
}

/// The loop over device rows in time order, with the last node of each stream.
class KernelPass {
public:
    KernelPass(const RankTable &t, Graph &g, EdgeList &edges);
    void run(const Window &w);

private:
    void synchronisation(std::uint32_t row);
    void kernel(std::uint32_t row);
    void syncToCpu(std::int32_t gpuNode, std::int32_t cpuEvent);
    std::int32_t lastNodeOf(std::int64_t stream) const;

    const RankTable &m_t;
    Graph &m_g;
    EdgeList &m_edges;
    std::int64_t m_gapLimit;
    std::vector<std::int64_t> m_queue;
    std::unordered_map<std::int64_t, std::int32_t> m_recordLaunch;
    std::unordered_map<std::uint32_t, std::int32_t> m_waitLaunch;
    std::vector<std::pair<std::int64_t, std::int32_t>> m_lastNode; ///< (stream, node), streams in first-seen order
    std::unordered_map<std::int64_t, std::size_t> m_lastNodeSlot;
    std::unordered_map<std::uint32_t, std::uint32_t> m_waitFor; ///< device row -> row it must wait for
    std::set<std::pair<std::int64_t, std::int64_t>> m_graphStreams; ///< (graph launch correlation, stream) seen
};

KernelPass::KernelPass(const RankTable &t, Graph &g, EdgeList &edges)
    : m_t(t), m_g(g), m_edges(edges), m_gapLimit(t.compat ? kKernelGapLimitUs : kKernelGapLimitUs * 1000),
      m_queue(queueLengths(t))
{
    const std::vector<Launch> all = launches(t);
    if (t.cudaEventRecord != kInvalidId)
        m_recordLaunch = previousLaunchOfRecords(t, all);
    m_waitLaunch = nextLaunchOfWaits(t, all);
}

std::int32_t KernelPass::lastNodeOf(std::int64_t stream) const
{
    const auto it = m_lastNodeSlot.find(stream);
    return it == m_lastNodeSlot.end() ? -1 : m_lastNode[it->second].second;
}

void KernelPass::syncToCpu(std::int32_t gpuNode, std::int32_t cpuEvent)
{
    if (gpuNode < 0 || cpuEvent < 0 || m_g.endNode[std::size_t(cpuEvent)] < 0)
        return;
    m_edges.add(gpuNode, m_g.endNode[std::size_t(cpuEvent)], EdgeType::SyncDependency);
}

void KernelPass::synchronisation(std::uint32_t row)
{
    const Event &e = m_t.events[row];
    if (e.name == m_t.streamWaitEvent || e.name == m_t.eventSync) {
        // the kernel launched last before the awaited cudaEventRecord
        const auto rec = m_recordLaunch.find(e.waitOnRecordCorr);
        if (rec == m_recordLaunch.end() || rec->second < 0)
            return;
        const std::int32_t source = m_t.events[std::size_t(rec->second)].partner;
        if (source < 0)
            return;
        if (e.name == m_t.eventSync) {
            syncToCpu(m_g.endNode[std::size_t(source)], e.partner);
            return;
        }
        // cudaStreamWaitEvent: the next kernel launched onto this stream waits for it
        const auto wait = e.partner >= 0 ? m_waitLaunch.find(std::uint32_t(e.partner)) : m_waitLaunch.end();
        if (wait == m_waitLaunch.end() || wait->second < 0)
            return;
        const std::int32_t dest = m_t.events[std::size_t(wait->second)].partner;
        if (dest >= 0)
            m_waitFor[std::uint32_t(dest)] = std::uint32_t(source);
        return;
    }
    if (e.name == m_t.contextSync) {
        for (const auto &[stream, node] : m_lastNode)
            syncToCpu(node, e.partner);
    } else if (e.name == m_t.streamSync) {
        syncToCpu(lastNodeOf(e.stream), e.partner);
    }
}

void KernelPass::kernel(std::uint32_t row)
{
    const Event &e = m_t.events[row];
    const std::int32_t start = m_g.startNode[row], end = m_g.endNode[row];
    if (start < 0 || end < 0)
        return;
    m_edges.attribute(m_edges.add(start, end, EdgeType::Operator), -1);
    const std::int64_t startTs = m_g.nodes[std::size_t(start)].ts;
    std::int32_t waitEnd = -1; // end node of the kernel this one waits for (cudaStreamWaitEvent)
    if (const auto it = m_waitFor.find(row); it != m_waitFor.end()) {
        waitEnd = m_g.endNode[it->second];
        if (waitEnd >= 0)
            m_edges.add(waitEnd, start, EdgeType::SyncDependency);
        m_waitFor.erase(it);
    }
    const std::int32_t prev = lastNodeOf(e.stream);
    const std::int32_t launch = e.partner;
    const std::int64_t launchTs = launch >= 0 ? m_t.events[std::size_t(launch)].ts : 0;
    bool queueWasEmpty = launch >= 0 && m_queue[std::size_t(launch)] == 1 && m_queue[row] == 0;
    if (!m_t.compat && launch >= 0 && m_t.isGroupLaunchRow(std::uint32_t(launch))) {
        // a graph launch enqueues all its kernels at once (HTA counts no queue for it): the
        // graph's first kernel on a stream is the one that can have waited for the launch
        queueWasEmpty = m_graphStreams.insert({e.corr, e.stream}).second;
    }
    const auto endsBefore = [&](std::int32_t node, std::int64_t ts) { return m_g.nodes[std::size_t(node)].ts < ts; };
    if (queueWasEmpty && (prev < 0 || endsBefore(prev, launchTs)) && (waitEnd < 0 || endsBefore(waitEnd, launchTs))) {
        // the stream was idle when the launch came: the kernel waited for its launch
        if (m_g.startNode[std::size_t(launch)] >= 0)
            m_edges.add(m_g.startNode[std::size_t(launch)], start, EdgeType::KernelLaunchDelay);
    } else if (prev >= 0 && startTs - m_g.nodes[std::size_t(prev)].ts < m_gapLimit
               && (waitEnd < 0 || m_g.nodes[std::size_t(waitEnd)].ts < m_g.nodes[std::size_t(prev)].ts)
               && (m_t.family == TraceFamily::Kineto || startTs >= m_g.nodes[std::size_t(prev)].ts)) {
        // (Ascend db exports overlap some tasks of one stream: a task that started before the
        // previous one ended did not wait for it)
        // else it waited for the kernel before it on the stream
        m_edges.attribute(m_edges.add(prev, start, EdgeType::KernelKernelDelay), -1);
    }
    const auto [slot, added] = m_lastNodeSlot.try_emplace(e.stream, m_lastNode.size());
    if (added)
        m_lastNode.emplace_back(e.stream, end);
    else
        m_lastNode[slot->second].second = end;
}

void KernelPass::run(const Window &w)
{
    // device rows in time order, synchronisations by their end (a Stream Sync overlapping a
    // memcpy on its stream is handled after the memcpy)
    struct Row {
        std::int64_t key;
        std::uint32_t event;
    };
    std::vector<Row> rows;
    for (std::uint32_t i : w.events) {
        const Event &e = m_t.events[i];
        const bool syncName = e.name != kEmptyString && (e.name == m_t.eventSync || e.name == m_t.contextSync);
        if ((e.stream == -1 && !syncName) || e.partner == kNoCorrelation)
            continue;
        rows.push_back({e.cat == m_t.catCudaSync ? e.end() : e.ts, i});
    }
    std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) { return a.key != b.key ? a.key < b.key : a.event < b.event; });
    for (const Row &r : rows) {
        if (m_t.events[r.event].cat == m_t.catCudaSync)
            synchronisation(r.event);
        else
            kernel(r.event);
    }
}

} // namespace

void addKernelEdges(const RankTable &t, const Window &w, Graph &g, EdgeList &edges)
{
    KernelPass pass(t, g, edges);
    pass.run(w);
}

} // namespace accelscope::model::analysis::criticalpath
