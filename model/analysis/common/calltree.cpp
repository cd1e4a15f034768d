// call-tree (calltree.h). Slices are swept per track in start order with a stack of open frames;
// a slice that ends after the frame on top of the stack does not nest in it (an overlap lane) and
// goes up until it does, or becomes a root. Frames with the same name under the same parent
// merge, as in Perfetto's slice flame graph.
#include "model/analysis/common/calltree.h"

#include <algorithm>
#include <unordered_map>

namespace accelscope::model::analysis {

namespace {

struct Node {
    StringId name = kEmptyString;
    std::uint32_t parent = 0;
    std::uint32_t depth = 0;
    std::int64_t count = 0;
    TimeNs total = 0;    ///< time in range of the frame's slices
    TimeNs children = 0; ///< time in range of its direct children
    std::vector<std::uint32_t> kids;
};

struct Tree {
    std::vector<Node> nodes{Node{}}; // node 0: the virtual root
    std::unordered_map<std::uint64_t, std::uint32_t> childOf; // (parent << 32 | name) -> node

    std::uint32_t child(std::uint32_t parent, StringId name)
    {
        const std::uint64_t key = (std::uint64_t(parent) << 32) | std::uint64_t(name);
        auto [it, inserted] = childOf.emplace(key, std::uint32_t(nodes.size()));
        if (inserted) {
            Node n;
            n.name = name;
            n.parent = parent;
            n.depth = parent == 0 ? 0 : nodes[parent].depth + 1;
            nodes.push_back(n);
            nodes[parent].kids.push_back(it->second);
        }
        return it->second;
    }
};

struct Open {
    TimeNs end;
    std::uint32_t node;
};

void addTrack(const Track &tr, TimeNs lo, TimeNs hi, Tree &tree)
{
    struct Item {
        TimeNs start, end;
        std::uint32_t row, index;
    };
    std::vector<Item> items;
    for (std::uint32_t r = 0; r < tr.rowCount(); ++r) {
        std::uint32_t i = tr.firstEndingAtOrAfter(r, lo);
        const std::uint32_t e = tr.firstStartingAfter(r, hi - 1);
        for (; i < e; ++i) {
            const TimeNs s = tr.slices.start[i], d = tr.slices.dur[i];
            if (overlapsRange({lo, hi}, s, s + d))
                items.push_back({s, s + d, r, i});
        }
    }
    // Parents before children: by start, then the longer first, then the shallower row.
    std::sort(items.begin(), items.end(), [](const Item &a, const Item &b) {
        if (a.start != b.start)
            return a.start < b.start;
        if (a.end != b.end)
            return a.end > b.end;
        return a.row < b.row;
    });
    std::vector<Open> stack;
    for (const Item &it : items) {
        while (!stack.empty() && stack.back().end <= it.start)
            stack.pop_back(); // frames that ended before this slice starts
        while (!stack.empty() && it.end > stack.back().end)
            stack.pop_back(); // not nested in the top frame: an overlap lane
        const std::uint32_t parent = stack.empty() ? 0 : stack.back().node;
        const std::uint32_t node = tree.child(parent, tr.slices.name[it.index]);
        const TimeNs inRange = std::max<TimeNs>(0, std::min(it.end, hi) - std::max(it.start, lo));
        Node &n = tree.nodes[node];
        n.count += 1;
        n.total += inRange;
        if (parent != 0)
            tree.nodes[parent].children += inRange;
        stack.push_back({it.end, node});
    }
}

} // namespace

Table callTree(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("call-tree", "Call tree");
    Column &stack = t.addText("stack", "Stack");
    Column &name = t.addText("name", "Name");
    Column &depth = t.addInt("depth", "Depth", Unit::Count);
    Column &count = t.addInt("count", "Count", Unit::Count);
    Column &total = t.addInt("total_ns", "Total", Unit::Nanoseconds);
    Column &self = t.addInt("self_ns", "Self", Unit::Nanoseconds);
    Column &share = t.addReal("total_pct", "% of all", Unit::Percent);
    const Trace &trace = ctx.trace();
    if (opt.range && opt.range->second <= opt.range->first) {
        t.notes.push_back("The selected range is empty.");
        return t;
    }
    const TimeNs lo = opt.range ? opt.range->first : trace.startNs();
    const TimeNs hi = opt.range ? opt.range->second : trace.endNs() + 1;
    std::vector<TrackId> tracks = opt.tracks;
    if (tracks.empty())
        for (const Track &tr : trace.tracks())
            tracks.push_back(tr.id);
    Tree tree;
    for (TrackId id : tracks) {
        if (id >= trace.tracks().size())
            continue;
        const Track &tr = trace.track(id);
        if (!opt.wantsRank(rankOf(trace.process(tr.process))))
            continue;
        if (opt.stop.stop_requested())
            return Table("call-tree", "Call tree");
        addTrack(tr, lo, hi, tree);
    }
    TimeNs rootTotal = 0;
    for (std::uint32_t k : tree.nodes[0].kids)
        rootTotal += tree.nodes[k].total;

    // Depth-first, children by descending total (then name), with the path text built on the way.
    auto byTotal = [&](std::vector<std::uint32_t> v) {
        std::sort(v.begin(), v.end(), [&](std::uint32_t a, std::uint32_t b) {
            const Node &x = tree.nodes[a], &y = tree.nodes[b];
            return x.total != y.total ? x.total > y.total : trace.str(x.name) < trace.str(y.name);
        });
        return v;
    };
    struct Visit {
        std::uint32_t node;
        std::size_t pathLength; // length of the parent's path text
    };
    std::string path;
    std::vector<Visit> todo;
    for (auto it = byTotal(tree.nodes[0].kids); !it.empty(); it.pop_back())
        todo.push_back({it.back(), 0});
    while (!todo.empty()) {
        const Visit v = todo.back();
        todo.pop_back();
        const Node &n = tree.nodes[v.node];
        path.resize(v.pathLength);
        if (!path.empty())
            path += ';';
        // ';' separates frames in folded stacks: a name holding one would split its frame.
        std::string frame(trace.str(n.name));
        std::replace(frame.begin(), frame.end(), ';', ':');
        path += frame;
        stack.push(path);
        name.push(std::string(trace.str(n.name)));
        depth.push(std::int64_t(n.depth));
        count.push(n.count);
        total.push(std::int64_t(n.total));
        self.push(std::int64_t(std::max<TimeNs>(0, n.total - n.children)));
        share.push(rootTotal > 0 ? 100.0 * double(n.total) / double(rootTotal) : 0.0);
        RowKey key;
        key.name = n.name;
        t.keys.push_back(key);
        const std::size_t len = path.size();
        for (auto kids = byTotal(n.kids); !kids.empty(); kids.pop_back())
            todo.push_back({kids.back(), len});
    }
    if (t.rowCount() == 0)
        t.notes.push_back("No slices on the selected tracks in the range.");
    return t;
}

std::string foldedStacks(const Table &callTree)
{
    const Column *stack = callTree.column("stack");
    const Column *self = callTree.column("self_ns");
    std::string out;
    if (!stack || !self)
        return out;
    for (std::size_t r = 0; r < callTree.rowCount(); ++r)
        if (self->ints[r] > 0) // a path whose time is all in its children adds nothing to a flame graph
            out += stack->texts[r] + ' ' + std::to_string(self->ints[r]) + '\n';
    return out;
}

} // namespace accelscope::model::analysis
