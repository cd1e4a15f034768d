// The plugin's module view (module_op.py): the nn.Module hierarchy from the python_function
// events' ids, and per module (name and module id) the statistics of its tree nodes.
#include "tbmodel.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <unordered_map>

namespace accelscope::model::analysis::tbplugin {

namespace {

struct Module {
    std::string name; ///< with "nn.Module: "
    std::int64_t id = 0;
    std::vector<Module> children;
    auto key() const { return std::tie(name, id, children); }
    bool operator<(const Module &o) const { return key() < o.key(); }
    bool operator==(const Module &o) const { return key() == o.key(); }
};

/// Python function topology to module topology: from each leaf function walk up its parents,
/// keeping module events only; the distinct module trees are the hierarchy.
std::vector<Module> moduleHierarchy(const Trace &trace, const RankRun &run)
{
    std::unordered_map<std::int64_t, std::uint32_t> byId; // python id -> event (the last one)
    std::vector<std::int64_t> keyOrder;
    std::unordered_map<std::int64_t, std::vector<std::int64_t>> children;
    for (std::uint32_t i = 0; i < run.events.size(); ++i) {
        const Event &e = run.events[i];
        if (e.type != EventType::PythonFunction && e.type != EventType::Module)
            continue;
        const HostArgs &args = run.hostArgsOf(e);
        byId[args.pythonId] = i;
        for (std::int64_t k : {args.pythonId, args.pythonParentId})
            if (children.try_emplace(k).second)
                keyOrder.push_back(k);
        children[args.pythonParentId].push_back(args.pythonId);
    }
    std::vector<std::int64_t> moduleOrder;
    std::unordered_map<std::int64_t, std::optional<std::int64_t>> parentOf;
    std::set<std::pair<std::int64_t, std::int64_t>> seen;
    for (std::int64_t leaf : keyOrder) {
        if (!children[leaf].empty() || !byId.count(leaf))
            continue;
        const Event *e = &run.events[byId[leaf]];
        std::int64_t current = kNone; // python id of the module below, kNone: none yet
        while (e) {
            const HostArgs &args = run.hostArgsOf(*e);
            if (e->type == EventType::Module) {
                if (current != kNone)
                    parentOf[current] = args.pythonId;
                current = args.pythonId;
                if (parentOf.try_emplace(args.pythonId).second)
                    moduleOrder.push_back(args.pythonId);
            }
            if (!seen.insert({args.pythonId, current}).second)
                break;
            auto up = byId.find(args.pythonParentId);
            e = up == byId.end() ? nullptr : &run.events[up->second];
        }
    }
    std::unordered_map<std::int64_t, std::vector<std::int64_t>> childModules;
    for (std::int64_t m : moduleOrder)
        if (parentOf[m])
            childModules[*parentOf[m]].push_back(m);
    std::function<Module(std::int64_t)> build = [&](std::int64_t id) {
        const Event &e = run.events[byId[id]];
        Module m{std::string(trace.str(e.name)), run.hostArgsOf(e).moduleId, {}};
        for (std::int64_t c : childModules[id])
            m.children.push_back(build(c));
        return m;
    };
    std::set<Module> unique;
    for (std::int64_t m : moduleOrder)
        if (!parentOf[m])
            unique.insert(build(m));
    return {unique.begin(), unique.end()};
}

void collectModuleNodes(const Trace &trace, const RankRun &run, std::uint32_t n, std::vector<std::uint32_t> &out)
{
    const OpNode &node = run.nodes[n];
    if (node.kind == NodeKind::Root)
        return;
    if (node.kind == NodeKind::Module)
        out.push_back(n);
    for (std::uint32_t c : node.children)
        collectModuleNodes(trace, run, c, out);
}

} // namespace

std::vector<ModuleRow> moduleView(const Trace &trace, const RankRun &run)
{
    std::vector<Module> roots = moduleHierarchy(trace, run);
    std::vector<std::uint32_t> nodes;
    for (std::uint32_t root : run.roots)
        for (std::uint32_t c : run.nodes[root].children)
            collectModuleNodes(trace, run, c, nodes);
    if (roots.empty() || nodes.empty())
        return {};
    std::map<std::pair<std::string, std::int64_t>, ModuleRow> stats;
    for (std::uint32_t n : nodes) {
        const OpNode &node = run.nodes[n];
        ModuleRow &s = stats[{std::string(trace.str(node.name)), run.hostArgsOf(run.events[node.event]).moduleId}];
        ++s.occurrences;
        for (std::uint32_t c : node.children)
            s.operators += isOperatorNode(run, run.nodes[c]) ? 1 : 0;
        s.hostSelf += node.selfHost;
        s.hostTotal += node.end - node.start;
        s.deviceSelf += node.selfDevice;
        s.deviceTotal += node.deviceDuration;
    }
    std::vector<ModuleRow> out;
    std::function<void(const std::vector<Module> &, int)> emit = [&](const std::vector<Module> &level, int depth) {
        for (const Module &m : level) {
            auto it = stats.find({m.name, m.id});
            if (it == stats.end())
                continue; // a module of the hierarchy that no tree node ran
            ModuleRow row = it->second;
            row.depth = depth;
            row.name = m.name.starts_with("nn.Module: ") ? m.name.substr(11) : m.name;
            row.moduleId = m.id;
            out.push_back(row);
            emit(m.children, depth + 1);
        }
    };
    std::stable_sort(roots.begin(), roots.end(), [](const Module &a, const Module &b) {
        auto shown = [](const std::string &n) { return n.starts_with("nn.Module: ") ? n.substr(11) : n; };
        return shown(a.name) < shown(b.name);
    });
    emit(roots, 0);
    return out;
}

} // namespace accelscope::model::analysis::tbplugin
