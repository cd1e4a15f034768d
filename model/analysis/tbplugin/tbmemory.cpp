// The plugin's memory view (memory_parser.py): each "[memory]" record of a host thread belongs to
// the innermost operator around it on that thread's tree; per operator name and device, the
// bytes and counts of its own records and of its subtree's.
#include "tbmodel.h"

#include "model/argstree.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_map>

namespace accelscope::model::analysis::tbplugin {

namespace {

std::int64_t integerArg(const ArgNode &args, std::string_view key, std::int64_t absent)
{
    const ArgNode *n = args.child(key);
    if (!n || n->type != ArgNode::Type::Number)
        return absent;
    return std::int64_t(std::strtod(n->value.c_str(), nullptr));
}

double realArg(const ArgNode &args, std::string_view key)
{
    const ArgNode *n = args.child(key);
    if (!n || n->type != ArgNode::Type::Number)
        return std::numeric_limits<double>::quiet_NaN();
    return std::strtod(n->value.c_str(), nullptr);
}

class MemoryWalker {
public:
    MemoryWalker(const Trace &trace, RankRun &run) : m_trace(trace), m_run(run) {}

    void walkThread(std::uint32_t root, const std::vector<std::uint32_t> &records);

private:
    const OpNode &node(std::uint32_t n) const { return m_run.nodes[n]; }

    const Trace &m_trace;
    RankRun &m_run;
};

// Both the records and the tree are in time order: walk down from the last node visited to the
// innermost child holding the record, or back up when the record is past the node.
void MemoryWalker::walkThread(std::uint32_t root, const std::vector<std::uint32_t> &records)
{
    constexpr std::uint32_t kNoNode = kInvalidId;
    std::vector<std::pair<std::uint32_t, std::size_t>> stack; // (parent, index of the child entered)
    // A root without children has no time span: the plugin keeps none of its records.
    std::uint32_t current = node(root).children.empty() ? kNoNode : root;
    std::size_t child = 0;
    m_run.nodeReached[root] = 1;
    std::size_t i = 0;
    while (i < records.size()) {
        MemoryRecord &rec = m_run.memory[records[i]];
        if (current == kNoNode || rec.ts < node(current).start) {
            ++i;
            continue;
        }
        if (rec.ts >= node(current).end) {
            if (stack.empty()) {
                current = kNoNode;
            } else {
                current = stack.back().first;
                child = stack.back().second + 1;
                stack.pop_back();
            }
            continue;
        }
        while (child < node(current).children.size()) {
            const OpNode &c = node(node(current).children[child]);
            if (rec.ts < c.start)
                break;
            if (rec.ts >= c.end) {
                ++child;
                continue;
            }
            stack.emplace_back(current, child);
            current = node(current).children[child];
            m_run.nodeReached[current] = 1;
            child = 0;
        }
        // Only operators own memory; a release is not attributed (a tensor dies when it is no
        // longer referenced, not in the operator that happens to run).
        if (isOperatorNode(m_run, node(current))) {
            m_run.memoryOfNode[current].push_back(records[i]);
            if (rec.bytes > 0) {
                rec.op = current;
                rec.parentOp = stack.empty() ? kInvalidId : stack.back().first;
            }
        }
        ++i;
    }
}

} // namespace

std::string memoryDeviceName(const MemoryRecord &r)
{
    if (r.deviceType == 0)
        return "CPU";
    if (r.deviceType == 1)
        return "GPU" + (r.deviceId == kNone ? std::string("None") : std::to_string(r.deviceId));
    return {};
}

std::vector<MemoryRecord> collectMemoryRecords(const Trace &trace, int rank, const AnalysisOptions &opt)
{
    std::vector<MemoryRecord> out;
    const StringId memoryName = trace.strings().find("[memory]");
    if (memoryName == kInvalidId)
        return out;
    for (const Track &track : trace.tracks()) {
        if (rankOf(trace.process(track.process)) != rank)
            continue;
        const InstantColumns &in = track.instants;
        for (std::size_t i = 0; i < in.size(); ++i) {
            if (in.name[i] != memoryName || !opt.overlapsRange(in.ts[i], in.ts[i]))
                continue;
            MemoryRecord r;
            r.ts = in.ts[i];
            r.thread = track.id;
            if (const std::optional<ArgNode> args = parseArgs(trace.args().json(in.args[i]))) {
                const std::int64_t type = integerArg(*args, "Device Type", -1);
                r.deviceType = type == 0 || type == 1 ? int(type) : -1;
                r.deviceId = integerArg(*args, "Device Id", kNone);
                r.bytes = integerArg(*args, "Bytes", 0);
                r.totalAllocated = realArg(*args, "Total Allocated");
                r.totalReserved = realArg(*args, "Total Reserved");
                if (const ArgNode *addr = args->child("Addr"); addr && addr->type != ArgNode::Type::Null)
                    r.addr = addr->value;
            }
            out.push_back(std::move(r));
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const MemoryRecord &a, const MemoryRecord &b) { return a.ts < b.ts; });
    return out;
}

void attachMemoryRecords(const Trace &trace, RankRun &run)
{
    run.memoryOfNode.assign(run.nodes.size(), {});
    run.nodeReached.assign(run.nodes.size(), 0);
    std::vector<std::uint32_t> threadOrder;
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> byThread;
    for (std::uint32_t i = 0; i < run.memory.size(); ++i) {
        auto [it, inserted] = byThread.try_emplace(run.memory[i].thread);
        if (inserted)
            threadOrder.push_back(run.memory[i].thread);
        it->second.push_back(i);
    }
    MemoryWalker walker(trace, run);
    for (std::uint32_t thread : threadOrder) {
        const auto root = std::find(run.rootThreads.begin(), run.rootThreads.end(), thread);
        if (root != run.rootThreads.end())
            walker.walkThread(run.roots[std::size_t(root - run.rootThreads.begin())], byThread[thread]);
    }
}

namespace {

using Metrics = std::array<std::int64_t, 6>; // self increase, self allocated, self count, then with children
/// A node's metrics per device (a handful of devices: a short list, by index into the walk's names).
using NodeMetrics = std::vector<std::pair<std::uint32_t, Metrics>>;

Metrics &metricsOf(NodeMetrics &node, std::uint32_t device)
{
    for (auto &[d, m] : node)
        if (d == device)
            return m;
    return node.emplace_back(device, Metrics{}).second;
}

/// Walks the trees once, each node handing its totals to its parent, and adds every operator
/// node's metrics to its (device, name) group as it finishes.
struct StatisticsWalk {
    const RankRun &run;
    std::vector<std::string> devices; ///< the device names met, by index
    std::unordered_map<std::uint64_t, MemoryStat> groups; ///< by device index << 32 | operator name
    std::vector<std::uint32_t> ops;   ///< operator nodes visited, for the calls

    std::uint32_t deviceIndex(const std::string &name)
    {
        const auto it = std::find(devices.begin(), devices.end(), name);
        if (it != devices.end())
            return std::uint32_t(it - devices.begin());
        devices.push_back(name);
        return std::uint32_t(devices.size() - 1);
    }

    NodeMetrics visit(std::uint32_t n)
    {
        const OpNode &node = run.nodes[n];
        const bool op = isOperatorNode(run, node);
        if (op)
            ops.push_back(n);
        NodeMetrics mine;
        if (!run.nodeReached[n])
            return mine; // the memory walk never entered it: neither it nor its children hold records
        if (op) {
            for (std::uint32_t r : run.memoryOfNode[n]) {
                const MemoryRecord &rec = run.memory[r];
                const std::string device = memoryDeviceName(rec);
                if (device.empty())
                    continue;
                Metrics &m = metricsOf(mine, deviceIndex(device));
                m[0] += rec.bytes;
                if (rec.bytes > 0) {
                    m[1] += rec.bytes;
                    m[2] += 1;
                }
            }
            for (auto &[device, m] : mine)
                for (int i = 0; i < 3; ++i)
                    m[std::size_t(i + 3)] += m[std::size_t(i)];
        }
        for (std::uint32_t c : node.children)
            for (const auto &[device, m] : visit(c)) {
                Metrics &total = metricsOf(mine, device);
                for (std::size_t i = 3; i < 6; ++i)
                    total[i] += m[i];
            }
        if (op)
            for (const auto &[device, m] : mine) {
                MemoryStat &s = groups[std::uint64_t(device) << 32 | node.name];
                s.name = node.name;
                s.selfIncrease += m[0];
                s.selfAllocated += m[1];
                s.selfAllocations += m[2];
                s.increase += m[3];
                s.allocated += m[4];
                s.allocations += m[5];
            }
        return mine;
    }
};

} // namespace

std::vector<MemoryStat> memoryStatistics(const Trace &trace, const RankRun &run)
{
    StatisticsWalk walk{run, {}, {}, {}};
    for (std::uint32_t root : run.roots)
        for (std::uint32_t c : run.nodes[root].children)
            walk.visit(c);
    std::unordered_map<StringId, std::int64_t> calls;
    for (std::uint32_t op : walk.ops)
        ++calls[run.nodes[op].name];
    // Per device, then operator name as Python sorts strings.
    std::map<std::pair<std::string, std::string>, MemoryStat> byName;
    for (auto &[key, s] : walk.groups) {
        s.device = walk.devices[key >> 32];
        byName.emplace(std::pair{s.device, std::string(trace.str(s.name))}, s);
    }
    std::vector<MemoryStat> out;
    for (auto &[key, s] : byName) {
        if (s.selfIncrease == 0 && s.selfAllocated == 0 && s.selfAllocations == 0 && s.increase == 0 && s.allocated == 0
            && s.allocations == 0)
            continue;
        s.calls = calls[s.name];
        out.push_back(s);
    }
    return out;
}

std::vector<MemoryEvent> memoryEvents(const Trace &trace, const RankRun &run)
{
    auto nodeName = [&](std::uint32_t n) {
        return run.nodes[n].name == kCallTreeRoot ? std::string("CallTreeRoot") : std::string(trace.str(run.nodes[n].name));
    };
    // aten::empty is PyTorch's malloc: name the operator that called it.
    auto opText = [&](const MemoryRecord &r) {
        const std::string name = r.op == kInvalidId ? "<unknown>" : nodeName(r.op);
        if (name.starts_with("aten::empty") && r.parentOp != kInvalidId)
            return nodeName(r.parentOp) + " (" + name + ")";
        return name;
    };
    // the allocating operator, for the row's link to the timeline
    auto withOperator = [&](MemoryEvent e, const MemoryRecord &a) {
        if (a.op != kInvalidId && run.nodes[a.op].event != kInvalidId) {
            e.opName = run.nodes[a.op].name;
            e.opSlice = run.events[run.nodes[a.op].event].slice;
        }
        return e;
    };
    std::vector<MemoryEvent> out;
    // address -> (record, first-seen order): what is left is listed in the order first seen, as
    // the plugin's dictionaries list it.
    using Pending = std::unordered_map<std::string, std::pair<std::size_t, std::size_t>>;
    Pending allocated, freedAlone;
    std::size_t seen = 0;
    auto remember = [&seen](Pending &p, const std::string &addr, std::size_t record) {
        auto [it, inserted] = p.try_emplace(addr, record, seen);
        if (inserted)
            ++seen;
        else
            it->second.first = record;
    };
    for (std::size_t i = 0; i < run.memory.size(); ++i) {
        const MemoryRecord &r = run.memory[i];
        if (!r.addr)
            continue;
        if (r.bytes > 0) {
            remember(allocated, *r.addr, i);
        } else if (auto it = allocated.find(*r.addr); it != allocated.end()) {
            const MemoryRecord &a = run.memory[it->second.first];
            out.push_back(withOperator({memoryDeviceName(a), opText(a), -r.bytes, a.ts, r.ts, kEmptyString, SliceRef{}}, a));
            allocated.erase(it);
        } else {
            remember(freedAlone, *r.addr, i);
        }
    }
    auto inFirstSeenOrder = [](const Pending &p) {
        std::vector<std::pair<std::size_t, std::size_t>> v; // (order, record)
        for (const auto &[addr, rec] : p)
            v.emplace_back(rec.second, rec.first);
        std::sort(v.begin(), v.end());
        return v;
    };
    for (const auto &[order, i] : inFirstSeenOrder(allocated)) {
        const MemoryRecord &a = run.memory[i];
        out.push_back(withOperator({memoryDeviceName(a), opText(a), a.bytes, a.ts, std::nullopt, kEmptyString, SliceRef{}}, a));
    }
    for (const auto &[order, i] : inFirstSeenOrder(freedAlone)) {
        const MemoryRecord &f = run.memory[i];
        out.push_back({memoryDeviceName(f), opText(f), -f.bytes, std::nullopt, f.ts, kEmptyString, SliceRef{}});
    }
    std::stable_sort(out.begin(), out.end(), [](const MemoryEvent &a, const MemoryEvent &b) { return a.device < b.device; });
    return out;
}

std::vector<MemoryCurvePoint> memoryCurve(const RankRun &run)
{
    // run.py's get_curves_and_peaks: records without an address (PyTorch before 1.10) or
    // without both totals are left out; the devices come sorted by name.
    std::vector<MemoryCurvePoint> out;
    for (const MemoryRecord &r : run.memory) {
        if (!r.addr || std::isnan(r.totalAllocated) || std::isnan(r.totalReserved))
            continue;
        std::string device = memoryDeviceName(r);
        if (device.empty())
            continue;
        out.push_back({std::move(device), r.ts, r.totalAllocated, r.totalReserved});
    }
    std::stable_sort(out.begin(), out.end(), [](const MemoryCurvePoint &a, const MemoryCurvePoint &b) { return a.device < b.device; });
    return out;
}

} // namespace accelscope::model::analysis::tbplugin
