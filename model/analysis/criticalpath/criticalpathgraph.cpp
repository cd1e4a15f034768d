// The critical-path graph: a node at the start and the end of every CPU operator, runtime call
// and device row, edges for durations, nesting, the CUDA runtime lock and (in
// criticalpathkernels.cpp) the device side; and networkx's longest path through it.
#include "model/analysis/criticalpath/criticalpath_p.h"

#include <algorithm>
#include <numeric>

namespace accelscope::model::analysis::criticalpath {

const char *edgeTypeName(EdgeType t)
{
    switch (t) {
    case EdgeType::Operator: return "critical_path_operator";
    case EdgeType::Dependency: return "critical_path_dependency";
    case EdgeType::KernelLaunchDelay: return "critical_path_kernel_launch_delay";
    case EdgeType::KernelKernelDelay: return "critical_path_kernel_kernel_delay";
    case EdgeType::SyncDependency: return "critical_path_sync_dependency";
    case EdgeType::CollectiveWait: return "critical_path_collective_wait";
    }
    return "";
}

// ---------- edges ----------

std::size_t EdgeList::add(std::int32_t from, std::int32_t to, EdgeType type, bool zeroWeight)
{
    const bool weightless = zeroWeight || type == EdgeType::Dependency || type == EdgeType::SyncDependency;
    const std::int64_t weight = weightless ? 0 : m_g.nodes[std::size_t(to)].ts - m_g.nodes[std::size_t(from)].ts;
    m_added.push_back({std::uint32_t(from), std::uint32_t(to), type, weight, -1});
    m_attributed.push_back(0);
    return m_added.size() - 1;
}

void EdgeList::attribute(std::size_t edge, std::int32_t srcParent)
{
    Edge &e = m_added[edge];
    if (e.type != EdgeType::Operator && e.type != EdgeType::KernelKernelDelay)
        return;
    const Node &src = m_g.nodes[e.from];
    const Node &dst = m_g.nodes[e.to];
    // A gap between kernels belongs to the earlier one; inside an operator the time belongs to
    // the event being entered (start -> x), the one being left (x -> its end), or between two
    // children to their parent.
    if (e.type == EdgeType::KernelKernelDelay || src.isStart)
        e.event = std::int32_t(src.event);
    else if (!dst.isStart)
        e.event = std::int32_t(dst.event);
    else
        e.event = srcParent;
    m_attributed[edge] = 1;
}

void EdgeList::finish()
{
    // networkx keeps one edge per (from, to): at the position of its first addition, with the
    // data of its last; the attribution map keeps the last attribution made.
    std::vector<std::uint32_t> order(m_added.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return m_added[a].from != m_added[b].from ? m_added[a].from < m_added[b].from : m_added[a].to < m_added[b].to;
    });
    std::vector<std::pair<std::uint32_t, Edge>> merged;
    merged.reserve(order.size());
    for (std::size_t k = 0; k < order.size();) {
        std::size_t e = k + 1;
        while (e < order.size() && m_added[order[e]].from == m_added[order[k]].from && m_added[order[e]].to == m_added[order[k]].to)
            ++e;
        Edge edge = m_added[order[e - 1]];
        edge.event = -1;
        for (std::size_t m = k; m < e; ++m)
            if (m_attributed[order[m]])
                edge.event = m_added[order[m]].event;
        merged.emplace_back(order[k], edge);
        k = e;
    }
    std::sort(merged.begin(), merged.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    m_g.edges.clear();
    m_g.edges.reserve(merged.size());
    for (const auto &[pos, edge] : merged)
        m_g.edges.push_back(edge);
}

// ---------- nodes ----------

namespace {

bool hasNodes(const RankTable &t, std::uint32_t i)
{
    const Event &e = t.events[i];
    const bool operatorOrRuntime = e.cat == t.catCpuOp || e.cat == t.catCudaRuntime || e.cat == t.catCudaDriver;
    const bool otherHostCall = !t.hostNodeRow.empty() && t.hostNodeRow[i];
    return operatorOrRuntime || otherHostCall || (e.stream != -1 && e.partner != kNoCorrelation);
}

void makeNodes(const RankTable &t, const Window &w, Graph &g)
{
    for (std::uint32_t i : w.events) {
        const Event &e = t.events[i];
        if (!hasNodes(t, i))
            continue;
        g.nodes.push_back({e.ts, i, true});
        g.nodes.push_back({e.end(), i, false});
    }
    std::sort(g.nodes.begin(), g.nodes.end(), [](const Node &a, const Node &b) {
        if (a.ts != b.ts)
            return a.ts < b.ts;
        if (a.event != b.event)
            return a.event < b.event;
        return a.isStart && !b.isStart;
    });
    g.startNode.assign(t.events.size(), -1);
    g.endNode.assign(t.events.size(), -1);
    for (std::size_t n = 0; n < g.nodes.size(); ++n)
        (g.nodes[n].isStart ? g.startNode : g.endNode)[g.nodes[n].event] = std::int32_t(n);
}

bool takesRuntimeLock(const RankTable &t, const Node &n)
{
    return t.isRuntimeLock[t.events[n.event].name] != 0;
}

/// Two consecutive nodes of lock-taking runtime calls, other than one call's end followed by
/// the next one's start: their edge comes from addRuntimeLockEdges.
bool sharesRuntimeLock(const RankTable &t, const Node &first, const Node &second)
{
    return takesRuntimeLock(t, first) && takesRuntimeLock(t, second) && (first.isStart || !second.isStart);
}

} // namespace

void addRuntimeLockEdges(const RankTable &t, Graph &g, EdgeList &edges)
{
    // Calls holding the CUDA runtime lock run one at a time: they hold it in the order they
    // end, so every pending start waits for the next end, and ends follow one another.
    std::vector<std::int32_t> pendingStarts;
    std::int32_t last = -1;
    for (std::int32_t n = 0; n < std::int32_t(g.nodes.size()); ++n) {
        const Node &node = g.nodes[std::size_t(n)];
        if (!takesRuntimeLock(t, node))
            continue;
        if (node.isStart) {
            pendingStarts.push_back(n);
        } else {
            while (!pendingStarts.empty()) {
                const std::int32_t prev = pendingStarts.back();
                pendingStarts.pop_back();
                if (g.nodes[std::size_t(prev)].event == node.event)
                    edges.attribute(edges.add(prev, n, EdgeType::Operator), std::int32_t(node.event));
                else
                    edges.add(prev, n, EdgeType::Dependency);
            }
            if (last >= 0 && !g.nodes[std::size_t(last)].isStart)
                edges.add(last, n, EdgeType::Dependency);
        }
        last = n;
    }
}

// ---------- call stacks ----------

namespace {

/// HTA's compare_events: the order of start/end points on one thread.
struct StackPoint {
    std::uint32_t event;
    std::int64_t time, dur;
    bool start;
};

int comparePoints(const StackPoint &x, const StackPoint &y)
{
    if (x.event == y.event)
        return x.start ? -1 : 1;
    if (x.time != y.time)
        return x.time < y.time ? -1 : 1;
    if (x.start == y.start) {
        if (x.dur == y.dur) {
            const int byIndex = x.event < y.event ? -1 : 1;
            return x.start ? byIndex : -byIndex;
        }
        if (x.start)
            return x.dur < y.dur ? 1 : -1; // the longer one opens first
        return x.dur < y.dur ? -1 : 1;     // the shorter one closes first
    }
    if (x.dur > 0 && y.dur > 0)
        return x.start ? 1 : -1; // an end before a start at the same time
    if (x.dur == 0 && y.dur == 0)
        return x.event < y.event ? -1 : 1;
    return x.start ? -1 : 1;
}

/// The thread whose operators or annotations are the only ones named with `text`, if one.
std::optional<std::int64_t> onlyThreadNaming(const RankTable &t, const Window &w, std::string_view text)
{
    std::vector<std::int8_t> names(t.trace->strings().size(), -1);
    std::optional<std::int64_t> tid;
    for (std::uint32_t i : w.events) {
        const Event &e = t.events[i];
        if (e.cat != t.catCpuOp && e.cat != t.catUserAnnotation)
            continue;
        std::int8_t &m = names[e.name];
        if (m < 0)
            m = t.trace->str(e.name).find(text) != std::string_view::npos;
        if (!m)
            continue;
        if (tid && *tid != t.tid(e))
            return std::nullopt;
        tid = t.tid(e);
    }
    return tid;
}

/// One CPU thread's call stack: parent and children of each event, walked depth first.
class CallStack {
public:
    CallStack(const RankTable &t, const std::vector<std::uint32_t> &events);
    template <typename Enter, typename Exit>
    void walk(Enter &&enter, Exit &&exit) const;

private:
    std::vector<std::uint32_t> m_events;
    std::vector<std::int32_t> m_parent, m_firstChild, m_nextSibling, m_lastChild;
    std::vector<std::int32_t> m_roots;
};

CallStack::CallStack(const RankTable &t, const std::vector<std::uint32_t> &events) : m_events(events)
{
    std::vector<StackPoint> points;
    points.reserve(events.size() * 2);
    for (std::uint32_t local = 0; local < events.size(); ++local) {
        const Event &e = t.events[events[local]];
        const std::int64_t dur = std::max<std::int64_t>(e.dur, 0);
        points.push_back({local, e.ts, dur, true});
        points.push_back({local, e.ts + dur, dur, false});
    }
    std::stable_sort(points.begin(), points.end(), [](const StackPoint &a, const StackPoint &b) { return comparePoints(a, b) < 0; });
    const std::size_t n = events.size();
    m_parent.assign(n, -1);
    m_firstChild.assign(n, -1);
    m_nextSibling.assign(n, -1);
    m_lastChild.assign(n, -1);
    std::vector<std::int32_t> open;
    for (const StackPoint &p : points) {
        if (!p.start) {
            if (!open.empty())
                open.pop_back(); // HTA pops the top, whichever event ends
            continue;
        }
        const std::int32_t child = std::int32_t(p.event);
        if (open.empty()) {
            m_roots.push_back(child);
        } else {
            const std::int32_t parent = open.back();
            m_parent[std::size_t(child)] = parent;
            if (m_lastChild[std::size_t(parent)] < 0)
                m_firstChild[std::size_t(parent)] = child;
            else
                m_nextSibling[std::size_t(m_lastChild[std::size_t(parent)])] = child;
            m_lastChild[std::size_t(parent)] = child;
        }
        open.push_back(child);
    }
}

template <typename Enter, typename Exit>
void CallStack::walk(Enter &&enter, Exit &&exit) const
{
    // enter(event, parentEvent) / exit(event, parentEvent), parentEvent -1 at the top level
    const auto parentEvent = [&](std::int32_t local) {
        const std::int32_t p = m_parent[std::size_t(local)];
        return p < 0 ? -1 : std::int32_t(m_events[std::size_t(p)]);
    };
    std::vector<std::int32_t> stack;
    for (const std::int32_t root : m_roots) {
        enter(m_events[std::size_t(root)], parentEvent(root));
        stack.push_back(root);
        std::vector<std::int32_t> next{m_firstChild[std::size_t(root)]};
        while (!stack.empty()) {
            const std::int32_t child = next.back();
            if (child < 0) {
                const std::int32_t done = stack.back();
                exit(m_events[std::size_t(done)], parentEvent(done));
                stack.pop_back();
                next.pop_back();
                continue;
            }
            next.back() = m_nextSibling[std::size_t(child)];
            enter(m_events[std::size_t(child)], parentEvent(child));
            stack.push_back(child);
            next.push_back(m_firstChild[std::size_t(child)]);
        }
    }
}

void addOneThread(const RankTable &t, const CallStack &stack, Graph &g, EdgeList &edges)
{
    std::int32_t last = -1, lastParent = -1;
    int depth = 0;
    const auto link = [&](std::int32_t node, EdgeType type, bool zeroWeight) {
        if (last >= 0 && !sharesRuntimeLock(t, g.nodes[std::size_t(last)], g.nodes[std::size_t(node)]))
            edges.attribute(edges.add(last, node, type, zeroWeight), lastParent);
    };
    stack.walk(
        [&](std::uint32_t ev, std::int32_t parent) {
            if (g.startNode[ev] < 0 || g.endNode[ev] < 0)
                return;
            // consecutive top-level operators depend on each other; inside one it is its time
            link(g.startNode[ev], depth == 0 ? EdgeType::Dependency : EdgeType::Operator, false);
            last = g.startNode[ev];
            lastParent = parent;
            ++depth;
        },
        [&](std::uint32_t ev, std::int32_t parent) {
            if (g.startNode[ev] < 0 || g.endNode[ev] < 0)
                return;
            // a blocking synchronisation's own time is waiting for the device, not CPU work
            link(g.endNode[ev], EdgeType::Operator, t.isBlockingSync[t.events[ev].name] != 0);
            last = g.endNode[ev];
            lastParent = parent;
            --depth;
        });
}

} // namespace

void addCallStackEdges(const RankTable &t, const Window &w, Graph &g, EdgeList &edges)
{
    // The backward pass runs on its own thread but never overlaps the forward pass: its events
    // are moved to the forward thread so the path can run through both.
    const std::optional<std::int64_t> fwd = onlyThreadNaming(t, w, "forward");
    const std::optional<std::int64_t> bwd = onlyThreadNaming(t, w, "autograd");
    const bool merge = fwd && bwd && *fwd != *bwd;
    struct Member {
        std::int64_t pid, tid;
        std::uint32_t event;
    };
    std::vector<Member> members;
    members.reserve(w.events.size());
    for (std::uint32_t i : w.events) {
        const Event &e = t.events[i];
        // other families' stacks hold only the rows with nodes: their python_function rows
        // overlap the operators without nesting, and HTA's stack would close an operator early
        if (t.family != TraceFamily::Kineto && g.startNode[i] < 0 && e.stream == -1)
            continue;
        const std::int64_t tid = t.tid(e);
        members.push_back({t.stackPid(e), merge && tid == *bwd ? *fwd : tid, i});
    }
    std::sort(members.begin(), members.end(), [](const Member &a, const Member &b) {
        if (a.pid != b.pid)
            return a.pid < b.pid;
        return a.tid != b.tid ? a.tid < b.tid : a.event < b.event;
    });
    std::vector<std::uint32_t> thread;
    for (std::size_t k = 0; k < members.size();) {
        std::size_t e = k;
        bool cpu = true; // a thread is a CPU call stack when none of its rows has a stream
        thread.clear();
        while (e < members.size() && members[e].pid == members[k].pid && members[e].tid == members[k].tid) {
            cpu = cpu && t.events[members[e].event].stream < 0;
            thread.push_back(members[e].event);
            ++e;
        }
        if (cpu)
            addOneThread(t, CallStack(t, thread), g, edges);
        k = e;
    }
}

// ---------- graph and longest path ----------

Graph buildGraph(const RankTable &t, const Window &w)
{
    Graph g;
    makeNodes(t, w, g);
    EdgeList edges(g);
    addRuntimeLockEdges(t, g, edges);
    addCallStackEdges(t, w, g, edges);
    if (t.family == TraceFamily::Aiu)
        addAiuEdges(t, w, g, edges);
    else
        addKernelEdges(t, w, g, edges);
    if (t.family == TraceFamily::Ascend)
        addAscendEdges(t, w, g, edges);
    edges.finish();
    return g;
}

std::vector<std::uint32_t> longestPath(const Graph &g, bool &cyclic)
{
    cyclic = false;
    const std::size_t n = g.nodes.size();
    // networkx's node order: as nodes first appear in the edges added
    std::vector<std::uint32_t> nodeOrder;
    std::vector<std::uint8_t> seen(n, 0);
    std::vector<std::uint32_t> succBegin(n + 1, 0), predBegin(n + 1, 0);
    for (const Edge &e : g.edges) {
        for (const std::uint32_t v : {e.from, e.to})
            if (!seen[v]) {
                seen[v] = 1;
                nodeOrder.push_back(v);
            }
        ++succBegin[e.from + 1];
        ++predBegin[e.to + 1];
    }
    for (std::size_t v = 0; v < n; ++v) {
        succBegin[v + 1] += succBegin[v];
        predBegin[v + 1] += predBegin[v];
    }
    std::vector<std::uint32_t> succ(g.edges.size()), pred(g.edges.size());
    {
        std::vector<std::uint32_t> sFill(succBegin.begin(), succBegin.end() - 1), pFill(predBegin.begin(), predBegin.end() - 1);
        for (std::uint32_t k = 0; k < g.edges.size(); ++k) {
            succ[sFill[g.edges[k].from]++] = k;
            pred[pFill[g.edges[k].to]++] = k;
        }
    }
    // topological_sort = topological_generations (Kahn's algorithm, generation by generation)
    std::vector<std::uint32_t> indegree(n, 0), topo, generation;
    for (std::size_t v = 0; v < n; ++v)
        indegree[v] = predBegin[v + 1] - predBegin[v];
    for (std::uint32_t v : nodeOrder)
        if (indegree[v] == 0)
            generation.push_back(v);
    topo.reserve(nodeOrder.size());
    while (!generation.empty()) {
        std::vector<std::uint32_t> next;
        for (std::uint32_t v : generation) {
            topo.push_back(v);
            for (std::uint32_t k = succBegin[v]; k < succBegin[v + 1]; ++k)
                if (--indegree[g.edges[succ[k]].to] == 0)
                    next.push_back(g.edges[succ[k]].to);
        }
        generation.swap(next);
    }
    if (topo.size() != nodeOrder.size()) {
        cyclic = true;
        return {};
    }
    // dag_longest_path: the first best predecessor; HTA counts negative weights as zero
    std::vector<std::int64_t> dist(n, 0);
    std::vector<std::int32_t> via(n, -1);
    for (std::uint32_t v : topo) {
        for (std::uint32_t k = predBegin[v]; k < predBegin[v + 1]; ++k) {
            const Edge &e = g.edges[pred[k]];
            const std::int64_t candidate = dist[e.from] + std::max<std::int64_t>(e.weight, 0);
            if (via[v] < 0 || candidate > dist[v]) {
                dist[v] = candidate;
                via[v] = std::int32_t(pred[k]);
            }
        }
    }
    std::int32_t best = -1;
    for (std::uint32_t v : topo)
        if (best < 0 || dist[v] > dist[std::size_t(best)])
            best = std::int32_t(v);
    std::vector<std::uint32_t> path;
    for (std::int32_t v = best; v >= 0 && via[std::size_t(v)] >= 0; v = std::int32_t(g.edges[std::size_t(via[std::size_t(v)])].from))
        path.push_back(std::uint32_t(via[std::size_t(v)]));
    std::reverse(path.begin(), path.end());
    return path;
}

} // namespace accelscope::model::analysis::criticalpath
