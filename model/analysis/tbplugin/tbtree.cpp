// The plugin's operator tree (event_parser.py's parse_nodes, op_tree.py, node.py): device work is
// attached to the runtime call of the same correlation, runtime calls to the operator of the same
// external id, operators nest by time per host thread, and each node sums its own and its
// children's host and device time.
#include "tbmodel.h"

#include <algorithm>
#include <functional>
#include <map>
#include <unordered_map>

namespace accelscope::model::analysis::tbplugin {

namespace {

constexpr std::uint32_t kNoEvent = kInvalidId;

/// Sorts by start, the longer first on equal starts (stable). Lists come mostly in that order
/// already (built from the time-sorted events), and a sorted list is left as it is.
template <class StartOf, class EndOf>
void sortByTime(std::vector<std::uint32_t> &v, StartOf startOf, EndOf endOf)
{
    auto before = [&](std::uint32_t a, std::uint32_t b) {
        return startOf(a) != startOf(b) ? startOf(a) < startOf(b) : endOf(a) > endOf(b);
    };
    if (!std::is_sorted(v.begin(), v.end(), before))
        std::stable_sort(v.begin(), v.end(), before);
}


/// Runtime call by correlation id, the lookup of every device event: open addressing in a table
/// sized once from the number of runtime calls (a node-based map allocates once per call).
class RuntimeByCorrelation {
public:
    void reserve(std::size_t calls)
    {
        std::size_t capacity = 16;
        while (capacity < calls * 2)
            capacity <<= 1;
        m_slots.assign(capacity, Slot{});
        m_mask = capacity - 1;
    }
    /// Sets or replaces the runtime call of `correlation` (at most `calls` distinct ids).
    void set(std::int64_t correlation, std::uint32_t runtime)
    {
        Slot &s = m_slots[probe(correlation)];
        s.correlation = correlation;
        s.runtime = runtime;
    }
    /// kInvalidId when no runtime call has that id.
    std::uint32_t find(std::int64_t correlation) const { return m_slots[probe(correlation)].runtime; }

private:
    struct Slot {
        std::int64_t correlation = 0;
        std::uint32_t runtime = kInvalidId; ///< kInvalidId: empty
    };
    std::size_t probe(std::int64_t correlation) const
    {
        std::size_t i = std::size_t((std::uint64_t(correlation) * 0x9E3779B97F4A7C15ull) >> 20) & m_mask;
        while (m_slots[i].runtime != kInvalidId && m_slots[i].correlation != correlation)
            i = (i + 1) & m_mask;
        return i;
    }
    std::vector<Slot> m_slots = std::vector<Slot>(16);
    std::size_t m_mask = 15;
};

class TreeBuilder {
public:
    TreeBuilder(const Trace &trace, RankRun &run) : m_trace(trace), m_run(run) {}

    void build()
    {
        parseNodes();
        attachRuntimesToOperators();
        for (std::uint32_t thread : m_threadOrder) {
            m_run.roots.push_back(buildThreadTree(thread));
            m_run.rootThreads.push_back(thread);
        }
        for (std::uint32_t root : m_run.roots)
            collectOperatorsAndKernels(root);
    }

private:
    std::string_view name(StringId id) const { return m_trace.str(id); }
    const Event &event(std::uint32_t i) const { return m_run.events[i]; }

    void parseNodes();
    void parseDeviceEvent(std::uint32_t i);
    void parseRuntimeEvent(std::uint32_t i);
    void parseHostEvent(std::uint32_t i);
    void attachRuntimesToOperators();
    std::uint32_t buildThreadTree(std::uint32_t thread);
    void insertByTime(std::uint32_t root, std::vector<std::uint32_t> &list);
    void removeDuplicates(std::uint32_t node);
    void fillRuntime(std::uint32_t runtime, std::uint32_t op);
    void fillStats(std::uint32_t node);
    void collectOperatorsAndKernels(std::uint32_t node);
    bool isOperatorNode(const OpNode &n) const { return tbplugin::isOperatorNode(m_run, n); }
    bool nameHas(StringId name, NameTrait trait) const { return m_run.names.has(name, trait); }

    const Trace &m_trace;
    RankRun &m_run;
    // Looked up by key only (never walked), so hashed; the order the plugin walks is kept aside.
    RuntimeByCorrelation m_runtimeByCorrelation;
    std::unordered_map<std::int64_t, std::vector<std::uint32_t>> m_devicesByCorrelation;
    std::vector<std::int64_t> m_correlationOrder; // m_devicesByCorrelation's keys in insertion order
    /// (external id, runtime) of every runtime call, sorted before the operators take theirs: one
    /// flat list instead of a map of lists (two allocations per runtime call).
    std::vector<std::pair<std::int64_t, std::uint32_t>> m_runtimesByExternalId;
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> m_opsByThread;
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> m_zeroRuntimesByThread;
    std::vector<std::uint32_t> m_threadOrder;
};

void TreeBuilder::parseNodes()
{
    // Reserved up front: nodes are large, and growing the lists would move them and touch fresh
    // memory again at every doubling.
    std::size_t deviceCount = 0, runtimeCount = 0, hostCount = 0;
    for (const Event &e : m_run.events) {
        deviceCount += isDeviceWork(e.type);
        runtimeCount += e.type == EventType::Runtime;
        hostCount += carriesHostArgs(e.type);
    }
    reserveLarge(m_run.devices, deviceCount);
    reserveLarge(m_run.runtimes, runtimeCount + 1); // and the placeholder of unlaunched kernels
    reserveLarge(m_run.nodes, hostCount + 64);      // and a root per host thread
    m_runtimeByCorrelation.reserve(runtimeCount);
    m_runtimesByExternalId.reserve(runtimeCount);
    m_opsByThread.reserve(64);
    for (std::uint32_t i = 0; i < m_run.events.size(); ++i) {
        switch (event(i).type) {
        case EventType::Kernel:
        case EventType::Memcpy:
        case EventType::Memset:
            parseDeviceEvent(i);
            break;
        case EventType::Runtime:
            parseRuntimeEvent(i);
            break;
        case EventType::Python:
        case EventType::Operator:
        case EventType::ProfilerStep:
        case EventType::Module:
        case EventType::UserAnnotation:
            parseHostEvent(i);
            break;
        default:
            break;
        }
    }
}

void TreeBuilder::parseDeviceEvent(std::uint32_t i)
{
    const Event &e = event(i);
    if (std::find(m_run.usedDevices.begin(), m_run.usedDevices.end(), e.devicePid) == m_run.usedDevices.end())
        m_run.usedDevices.push_back(e.devicePid);
    DeviceNode d;
    d.event = i;
    d.tcUsed = e.type == EventType::Kernel && nameHas(e.name, kTraitTcKernel);
    const auto device = std::uint32_t(m_run.devices.size());
    m_run.devices.push_back(d);
    if (const std::uint32_t runtime = m_runtimeByCorrelation.find(e.correlation); runtime != kInvalidId) {
        m_run.runtimes[runtime].devices.push_back(device); // kept: a runtime may launch several
    } else {
        auto [slot, inserted] = m_devicesByCorrelation.try_emplace(e.correlation);
        if (inserted)
            m_correlationOrder.push_back(e.correlation);
        slot->second.push_back(device);
    }
}

void TreeBuilder::parseRuntimeEvent(std::uint32_t i)
{
    const Event &e = event(i);
    RuntimeNode rt;
    rt.event = i;
    if (auto it = m_devicesByCorrelation.find(e.correlation); it != m_devicesByCorrelation.end()) {
        rt.devices = std::move(it->second);
        m_devicesByCorrelation.erase(it);
        sortByTime(rt.devices, [&](std::uint32_t d) { return event(m_run.devices[d].event).start; },
                   [&](std::uint32_t d) { return event(m_run.devices[d].event).end; });
    }
    const auto id = std::uint32_t(m_run.runtimes.size());
    m_run.runtimes.push_back(std::move(rt));
    m_runtimeByCorrelation.set(e.correlation, id);
    m_runtimesByExternalId.emplace_back(e.externalId, id);
    if (e.externalId == 0)
        m_zeroRuntimesByThread[e.thread].push_back(id);
}

void TreeBuilder::parseHostEvent(std::uint32_t i)
{
    const Event &e = event(i);
    OpNode n;
    n.type = e.type;
    n.event = i;
    n.name = e.name;
    n.start = e.start;
    n.end = e.end;
    n.externalId = e.externalId;
    if (e.type == EventType::ProfilerStep) {
        n.kind = NodeKind::ProfilerStep;
    } else if (e.type == EventType::Module) {
        n.kind = NodeKind::Module;
        n.externalId = kNone; // the plugin gives modules no external id, so no runtime attaches
    } else if (nameHas(e.name, kTraitDataLoader)) {
        n.kind = NodeKind::DataLoader;
    } else if (nameHas(e.name, kTraitOptimizerStep)) {
        n.kind = NodeKind::Optimizer;
    } else if (e.type == EventType::UserAnnotation && !nameHas(e.name, kTraitCommunication)) {
        return; // other user annotations are not operators
    }
    n.tcEligible = nameHas(e.name, kTraitTcEligible);
    if (nameHas(e.name, kTraitCommunication)) {
        m_run.usesNccl |= nameHas(e.name, kTraitNccl);
        m_run.usesGloo |= nameHas(e.name, kTraitGloo);
    }
    m_run.useDp |= nameHas(e.name, kTraitDataParallel);
    m_run.useDdp |= nameHas(e.name, kTraitDdp);
    const auto id = std::uint32_t(m_run.nodes.size());
    m_run.nodes.push_back(std::move(n));
    auto [list, inserted] = m_opsByThread.try_emplace(e.thread);
    if (inserted)
        m_threadOrder.push_back(e.thread);
    list->second.push_back(id);
}

// The first operator (threads in order of appearance, operators in time order) with an external
// id takes every runtime call of that id, in the order they were parsed; later ones get none.
void TreeBuilder::attachRuntimesToOperators()
{
    std::vector<std::pair<std::int64_t, std::uint32_t>> &byId = m_runtimesByExternalId;
    std::sort(byId.begin(), byId.end()); // runtime indices grow in parse order: that order is kept within an id
    std::vector<std::uint8_t> taken(byId.size(), 0); // marked on the first entry of an id
    for (std::uint32_t thread : m_threadOrder) {
        for (std::uint32_t op : m_opsByThread[thread]) {
            OpNode &n = m_run.nodes[op];
            const auto first = std::lower_bound(byId.begin(), byId.end(), std::pair{n.externalId, std::uint32_t(0)});
            if (first == byId.end() || first->first != n.externalId || taken[std::size_t(first - byId.begin())])
                continue;
            taken[std::size_t(first - byId.begin())] = 1;
            for (auto it = first; it != byId.end() && it->first == n.externalId; ++it)
                n.runtimes.push_back(it->second);
        }
    }
}

std::uint32_t TreeBuilder::buildThreadTree(std::uint32_t thread)
{
    std::vector<std::uint32_t> &list = m_opsByThread[thread];
    sortByTime(list, [&](std::uint32_t n) { return m_run.nodes[n].start; }, [&](std::uint32_t n) { return m_run.nodes[n].end; });
    const bool mainThread = std::any_of(list.begin(), list.end(), [&](std::uint32_t n) {
        return nameHas(m_run.nodes[n].name, kTraitProfilerStep);
    });
    OpNode root;
    root.kind = NodeKind::Root;
    root.type = EventType::Python;
    root.event = kNoEvent;
    root.name = kCallTreeRoot;
    root.start = std::numeric_limits<TimeNs>::min();
    root.end = std::numeric_limits<TimeNs>::max();
    root.runtimes = m_zeroRuntimesByThread[thread];
    if (mainThread) {
        // Kernels no runtime call launched go under the main thread's root in a placeholder runtime.
        RuntimeNode placeholder;
        placeholder.event = kNoEvent;
        for (std::int64_t corr : m_correlationOrder) {
            auto it = m_devicesByCorrelation.find(corr);
            if (it == m_devicesByCorrelation.end())
                continue;
            for (std::uint32_t d : it->second)
                if (event(m_run.devices[d].event).type == EventType::Kernel)
                    placeholder.devices.push_back(d);
        }
        if (!placeholder.devices.empty()) {
            sortByTime(placeholder.devices, [&](std::uint32_t d) { return event(m_run.devices[d].event).start; },
                       [&](std::uint32_t d) { return event(m_run.devices[d].event).end; });
            const auto id = std::uint32_t(m_run.runtimes.size());
            m_run.runtimes.push_back(std::move(placeholder));
            fillRuntime(id, kNoEvent);
            root.runtimes.push_back(id);
        }
    }
    const auto rootId = std::uint32_t(m_run.nodes.size());
    m_run.nodes.push_back(std::move(root));
    insertByTime(rootId, list);
    removeDuplicates(rootId);
    fillStats(rootId);
    OpNode &r = m_run.nodes[rootId];
    r.start = r.children.empty() ? 0 : m_run.nodes[r.children.front()].start;
    r.end = r.children.empty() ? 0 : m_run.nodes[r.children.back()].end;
    return rootId;
}

void TreeBuilder::insertByTime(std::uint32_t root, std::vector<std::uint32_t> &list)
{
    std::vector<std::uint32_t> stack{root};
    for (std::uint32_t node : list) {
        const OpNode &n = m_run.nodes[node];
        while (true) {
            const OpNode &tail = m_run.nodes[stack.back()];
            if (n.start < tail.end) {
                // A node crossing its parent's end is dropped, as the plugin drops it.
                if (n.end <= tail.end) {
                    m_run.nodes[stack.back()].children.push_back(node);
                    stack.push_back(node);
                }
                break;
            }
            stack.pop_back();
        }
    }
}

// Consecutive calls of one operator nesting alone (aten::add calling aten::add) count once, as in
// the autograd profiler: the parent takes the child's children and runtimes.
void TreeBuilder::removeDuplicates(std::uint32_t node)
{
    while (true) {
        OpNode &n = m_run.nodes[node];
        if (n.children.size() != 1)
            break;
        const OpNode &child = m_run.nodes[n.children.front()];
        if (n.name != child.name || n.type != EventType::Operator || child.type != EventType::Operator)
            break;
        std::vector<std::uint32_t> children = child.children;
        std::vector<std::uint32_t> runtimes = child.runtimes;
        n.children = std::move(children);
        n.runtimes = std::move(runtimes);
    }
    // By index: nothing below adds nodes or changes this node's children.
    for (std::size_t i = 0; i < m_run.nodes[node].children.size(); ++i)
        removeDuplicates(m_run.nodes[node].children[i]);
}

void TreeBuilder::fillRuntime(std::uint32_t runtime, std::uint32_t op)
{
    RuntimeNode &rt = m_run.runtimes[runtime];
    for (std::uint32_t d : rt.devices) {
        DeviceNode &dev = m_run.devices[d];
        if (op != kNoEvent) {
            dev.opName = m_run.nodes[op].name;
            dev.opTcEligible = m_run.nodes[op].tcEligible;
        }
        const Event &e = event(dev.event);
        rt.deviceDuration += e.end - e.start;
        if (dev.tcUsed)
            rt.tcDuration += e.end - e.start;
    }
}

void TreeBuilder::fillStats(std::uint32_t node)
{
    sortByTime(m_run.nodes[node].children, [&](std::uint32_t c) { return m_run.nodes[c].start; },
           [&](std::uint32_t c) { return m_run.nodes[c].end; });
    // The placeholder runtime has no time; the plugin sorts it last.
    auto rtStart = [&](std::uint32_t r) {
        return m_run.runtimes[r].event == kNoEvent ? std::numeric_limits<TimeNs>::max() : event(m_run.runtimes[r].event).start;
    };
    auto rtEnd = [&](std::uint32_t r) {
        return m_run.runtimes[r].event == kNoEvent ? std::numeric_limits<TimeNs>::min() : event(m_run.runtimes[r].event).end;
    };
    sortByTime(m_run.nodes[node].runtimes, rtStart, rtEnd);

    for (std::size_t i = 0; i < m_run.nodes[node].children.size(); ++i)
        fillStats(m_run.nodes[node].children[i]);
    const std::vector<std::uint32_t> &children = m_run.nodes[node].children;
    for (std::uint32_t r : m_run.nodes[node].runtimes)
        fillRuntime(r, node);

    OpNode &n = m_run.nodes[node];
    const bool root = n.kind == NodeKind::Root; // spans all time: no host duration of its own
    n.selfHost = root ? 0 : n.end - n.start;
    for (std::uint32_t c : children) {
        const OpNode &child = m_run.nodes[c];
        n.deviceDuration += child.deviceDuration;
        if (!root)
            n.selfHost -= child.end - child.start;
        n.tcTotal += child.tcTotal;
        if (n.type == EventType::Operator && !n.tcEligible && child.tcEligible)
            n.tcEligible = true;
    }
    for (std::uint32_t r : n.runtimes) {
        const RuntimeNode &rt = m_run.runtimes[r];
        if (rt.event != kNoEvent && !root)
            n.selfHost -= event(rt.event).end - event(rt.event).start;
        n.deviceDuration += rt.deviceDuration;
        n.selfDevice += rt.deviceDuration;
        n.tcSelf += rt.tcDuration;
        n.tcTotal += rt.tcDuration;
        if (n.type == EventType::Operator && !n.tcEligible && rt.tcDuration > 0)
            n.tcEligible = true;
    }
    if (n.kind == NodeKind::Module)
        for (std::uint32_t c : children)
            if (isOperatorNode(m_run.nodes[c]))
                n.selfDevice += m_run.nodes[c].deviceDuration;
}

void TreeBuilder::collectOperatorsAndKernels(std::uint32_t node)
{
    for (std::uint32_t c : m_run.nodes[node].children)
        collectOperatorsAndKernels(c);
    for (std::uint32_t r : m_run.nodes[node].runtimes)
        for (std::uint32_t d : m_run.runtimes[r].devices)
            if (event(m_run.devices[d].event).type == EventType::Kernel)
                m_run.kernels.push_back(d);
    if (isOperatorNode(m_run.nodes[node]))
        m_run.ops.push_back(node);
}

} // namespace

bool isOperatorNode(const RankRun &run, const OpNode &n)
{
    return n.kind == NodeKind::Operator && n.type == EventType::Operator && !run.names.has(n.name, kTraitNotOperator);
}

void buildTrees(const Trace &trace, RankRun &run)
{
    TreeBuilder(trace, run).build();
}

} // namespace accelscope::model::analysis::tbplugin
