// The critical-path tables: the path's edges in order and the summary by bound_by.
#include "model/analysis/criticalpath/criticalpath.h"
#include "model/analysis/criticalpath/criticalpath_p.h"
#include "model/analysis/core/eventset.h"
#include "model/analysis/common/kerneltype.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

namespace accelscope::model::analysis {

namespace {

using namespace criticalpath;

/// Everything both tables show.
struct PathResult {
    std::vector<std::shared_ptr<const RankTable>> tables; ///< the ranks joined (one unless asked); shared by every window
    Window window; ///< the first rank's
    Graph graph;
    std::vector<std::uint8_t> nodeRank; ///< per node, index into `tables` (empty: all of the first)
    std::vector<std::uint32_t> path;    ///< edge indices in path order
    std::vector<std::string> notes;
    std::int64_t origin = 0; ///< subtracted from ticks for output times

    const RankTable &first() const { return *tables.front(); }
    const RankTable &tableOf(std::uint32_t node) const { return *tables[nodeRank.empty() ? 0 : nodeRank[node]]; }
};

/// The rank analysed: the one asked for, else the lowest; natively several ranks asked for are
/// joined at their collectives.
std::vector<int> chooseRanks(const AnalysisContext &ctx, const AnalysisOptions &opt, std::vector<std::string> &notes)
{
    if (!opt.ranks.empty()) {
        if (opt.ranks.size() > 1 && opt.htaCompat) {
            notes.push_back("HTA's critical path is per rank: rank " + std::to_string(opt.ranks.front()) + " is shown");
            return {opt.ranks.front()};
        }
        std::vector<int> ranks(opt.ranks.begin(), opt.ranks.begin() + std::min<std::size_t>(opt.ranks.size(), 255));
        if (ranks.size() < opt.ranks.size())
            notes.push_back("the path joins at most 255 ranks: the first 255 asked for");
        return ranks;
    }
    const EventIndex &ix = ctx.index();
    int rank = -1;
    for (const Track &track : ctx.trace().tracks())
        if (track.slices.size() && (rank < 0 || ix.trackRank[track.id] < rank))
            rank = ix.trackRank[track.id];
    return {std::max(rank, 0)};
}

/// The annotation asked for; unset: the selected range when there is one, else a step when the
/// trace has ProfilerStep rows, else all. Nothing: the range is the window.
std::optional<std::string> chooseAnnotation(const AnalysisContext &ctx, const AnalysisOptions &opt, std::vector<std::string> &notes)
{
    if (opt.annotation)
        return *opt.annotation;
    if (opt.range) {
        notes.push_back("no annotation chosen: the selected time range is the window");
        return std::nullopt;
    }
    const StringTable &st = ctx.trace().strings();
    for (StringId id = 0; id < st.size(); ++id)
        if (ctx.trace().str(id).starts_with("ProfilerStep#")) {
            notes.push_back("no annotation chosen: the path of ProfilerStep instance " + std::to_string(opt.instanceFirst));
            return std::string("ProfilerStep#");
        }
    notes.push_back("no annotation chosen and no ProfilerStep in the trace: the path of the whole trace");
    return std::string();
}

/// The range in the table's ticks: trace ns natively, HTA's relative µs (widened to whole µs).
std::pair<std::int64_t, std::int64_t> rangeTicks(const AnalysisContext &ctx, const RankTable &t, std::pair<TimeNs, TimeNs> range)
{
    if (!t.compat)
        return range;
    const std::int64_t off = ctx.trace().sources().empty() ? 0 : ctx.trace().sources()[0].timeOffsetNs;
    return {std::int64_t(std::floor(double(range.first - off) / 1000.0)) - t.htaMinTsUs,
            std::int64_t(std::ceil(double(range.second - off) / 1000.0)) - t.htaMinTsUs};
}

/// HTA's _validate_graph: a synchronisation between two rows of one stream makes HTA refuse.
bool syncsWithinStream(const RankTable &t, const Graph &g)
{
    for (const Edge &e : g.edges) {
        if (e.type != EdgeType::SyncDependency)
            continue;
        const std::int64_t a = t.events[g.nodes[e.from].event].stream, b = t.events[g.nodes[e.to].event].stream;
        if (a != -1 && a == b)
            return true;
    }
    return false;
}

std::shared_ptr<const RankTable> rankTable(const AnalysisContext &ctx, const AnalysisOptions &opt, int rank)
{
    const std::string key = "critical-path-table|" + std::to_string(rank) + (opt.htaCompat ? "|hta" : "|native");
    return std::static_pointer_cast<const RankTable>(ctx.cached(
        key, [&] { return std::shared_ptr<const void>(std::make_shared<const RankTable>(buildRankTable(ctx, opt, rank))); }));
}

/// The graph of each rank's window; empty when the first rank has none (the reason in `notes`).
std::vector<Graph> rankGraphs(const AnalysisContext &ctx, const AnalysisOptions &opt, const std::optional<std::string> &annotation,
                              PathResult &r, std::vector<const RankTable *> &joined)
{
    std::vector<Graph> graphs;
    for (const auto &table : r.tables) {
        const bool first = table == r.tables.front();
        std::string error = table->events.empty() ? "rank " + std::to_string(table->rank) + " has no events" : std::string();
        Window w;
        if (error.empty()) {
            std::optional<std::pair<std::int64_t, std::int64_t>> range;
            if (!annotation && opt.range)
                range = rangeTicks(ctx, *table, *opt.range);
            w = clipWindow(*table, ctx.trace(), annotation.value_or(std::string()), opt.instanceFirst, opt.instanceLast, range, error);
        }
        if (!error.empty()) {
            r.notes.push_back((first ? "no critical path: " : "rank left out of the path: ") + error);
            if (first)
                return {};
            continue;
        }
        graphs.push_back(buildGraph(*table, w));
        joined.push_back(table.get());
        if (first)
            r.window = std::move(w);
    }
    return graphs;
}

std::shared_ptr<const PathResult> computePath(const AnalysisContext &ctx, const AnalysisOptions &opt, const std::vector<int> &ranks,
                                              const std::optional<std::string> &annotation, std::vector<std::string> notes)
{
    auto r = std::make_shared<PathResult>();
    r->notes = std::move(notes);
    r->origin = opt.htaCompat ? 0 : ctx.trace().startNs();
    for (int rank : ranks)
        r->tables.push_back(rankTable(ctx, opt, rank));
    if (opt.htaCompat)
        r->notes.push_back("HTA compatibility: times are whole microseconds (start rounded up, end rounded down) relative "
                           "to the first event; the last ProfilerStep is dropped when there are several");
    for (const auto &table : r->tables) // what each rank's trace cannot tell the path
        for (const std::string &limit : table->limits)
            if (std::find(r->notes.begin(), r->notes.end(), limit) == r->notes.end())
                r->notes.push_back(limit);
    std::vector<const RankTable *> joined;
    std::vector<Graph> graphs = rankGraphs(ctx, opt, annotation, *r, joined);
    if (graphs.empty())
        return r;
    if (graphs.size() == 1) {
        r->graph = std::move(graphs.front());
    } else {
        const std::size_t waits = joinRanks(ctx, joined, graphs, r->graph, r->nodeRank);
        r->notes.push_back(std::to_string(joined.size()) + " ranks joined by " + std::to_string(waits)
                           + " collective waits (the last rank to arrive at a collective instance holds up the others)");
    }
    std::vector<std::shared_ptr<const RankTable>> kept; // the ranks that made it into the graph, in its order
    for (const RankTable *t : joined)
        for (const auto &table : r->tables)
            if (table.get() == t)
                kept.push_back(table);
    r->tables = std::move(kept);
    if (graphs.size() == 1 && syncsWithinStream(r->first(), r->graph)) {
        r->notes.push_back("a synchronisation edge joins two events of one stream (HTA rejects such a graph)");
        if (opt.htaCompat)
            return r;
    }
    bool cyclic = false;
    r->path = longestPath(r->graph, cyclic);
    if (cyclic)
        r->notes.push_back("no critical path: the dependency graph has a cycle (events overlapping without nesting on a thread)");
    else if (r->path.empty())
        r->notes.push_back("no critical path: the window holds no CPU operators or kernels with dependencies");
    return r;
}

/// The path for these options. Not kept in the context (every selected range would add one, and a
/// whole trace's graph is large): only the rank tables are, so a window costs its own graph.
std::shared_ptr<const PathResult> pathFor(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    std::vector<std::string> notes;
    const std::vector<int> ranks = chooseRanks(ctx, opt, notes);
    const std::optional<std::string> annotation = chooseAnnotation(ctx, opt, notes);
    return computePath(ctx, opt, ranks, annotation, std::move(notes));
}

/// HTA's shorten_name: without template and function arguments and return type.
std::string shortenName(std::string_view name)
{
    const bool memory = name.starts_with("Memcpy") || name.starts_with("hipMemcpy") || name.starts_with("Memset")
        || name.starts_with("hipMemset") || name.starts_with("dma");
    if (memory || (name.find('<') == std::string_view::npos && name.find('(') == std::string_view::npos))
        return std::string(name);
    std::string stack;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (c == '-' && i + 1 < name.size() && name[i + 1] == '>') {
            ++i; // "->" is dropped before matching brackets
            continue;
        }
        const char open = c == '>' ? '<' : c == ')' ? '(' : 0;
        if (!open) {
            stack.push_back(c);
            continue;
        }
        while (!stack.empty() && stack.back() != open)
            stack.pop_back();
        if (!stack.empty())
            stack.pop_back();
    }
    const std::size_t space = stack.rfind(' ');
    return space == std::string::npos ? stack : stack.substr(space + 1);
}

bool htaCommunicationKernel(std::string_view shortName)
{
    return shortName.starts_with("nccl") || shortName.starts_with("hip") || shortName.starts_with("hccl")
        || shortName.find("ncclKernel") != std::string_view::npos;
}

std::string boundBy(const AnalysisContext &ctx, const PathResult &r, const Edge &e)
{
    switch (e.type) {
    case EdgeType::KernelKernelDelay: return "gpu_kernel_kernel_overhead";
    case EdgeType::KernelLaunchDelay: return "gpu_kernel_launch_overhead";
    case EdgeType::Dependency:
    case EdgeType::SyncDependency: return "";
    case EdgeType::CollectiveWait: return "gpu_communication_bound";
    case EdgeType::Operator: break;
    }
    if (e.event < 0)
        return "";
    const RankTable &table = r.tableOf(e.to);
    const Event &ev = table.events[std::size_t(e.event)];
    if (ev.stream < 0)
        return "cpu_bound";
    const Trace &tr = ctx.trace();
    bool communication = false;
    if (!table.communicationRow.empty() && table.communicationRow[std::size_t(e.event)]) {
        communication = true;
    } else if (table.compat) {
        communication = htaCommunicationKernel(shortenName(tr.str(ev.name)));
    } else {
        const Track &track = tr.tracks()[ctx.index().ref(ev.gid).track];
        communication = nativeKernelType(tr.str(ev.name), tr.str(ev.cat), track.engine) == KernelType::Communication;
    }
    return communication ? "gpu_communication_bound" : "gpu_compute_bound";
}

void describeWindow(const PathResult &r, Table &t)
{
    const std::string unit = r.first().compat ? " us" : " ns";
    if (r.window.annotation.empty() && !r.window.whole)
        t.notes.push_back("rank " + std::to_string(r.first().rank) + ": window " + std::to_string(r.window.lo - r.origin) + " to "
                          + std::to_string(r.window.hi - r.origin) + unit);
    else if (!r.window.whole)
        t.notes.push_back("rank " + std::to_string(r.first().rank) + ", '" + r.window.annotation + "' (" + std::to_string(r.window.instances)
                          + " instances): window " + std::to_string(r.window.lo - r.origin) + " to " + std::to_string(r.window.hi - r.origin) + unit);
    if (!r.path.empty()) {
        std::int64_t length = 0;
        for (std::uint32_t k : r.path)
            length += std::max<std::int64_t>(r.graph.edges[k].weight, 0);
        t.notes.push_back("graph of " + std::to_string(r.graph.nodes.size()) + " nodes and " + std::to_string(r.graph.edges.size())
                          + " edges; the path has " + std::to_string(r.path.size()) + " edges and lasts " + std::to_string(length) + unit);
    }
}

const char *pointName(const Node &n)
{
    return n.isStart ? "start" : "end";
}

} // namespace

Table criticalPath(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const auto r = pathFor(ctx, opt);
    const bool c = opt.htaCompat;
    const Unit timeU = c ? Unit::TimestampUs : Unit::TimestampNs, durU = c ? Unit::Microseconds : Unit::Nanoseconds;
    Table t("critical-path", "Critical path");
    Column &edge = t.addInt("edge", "Edge", Unit::Id);
    Column &start = t.addInt("start", "Start", timeU);
    Column &end = t.addInt("end", "End", timeU);
    Column &dur = t.addInt(c ? "duration" : "duration_ns", "Duration", durU);
    Column &type = t.addText("type", "Edge type");
    Column &bound = t.addText("bound_by", "Bound by");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &event = t.addText("event", "Event");
    Column &cat = t.addText("cat", "Category");
    Column &pid = t.addInt("pid", "Process", Unit::Id);
    Column &tid = t.addInt("tid", "Thread", Unit::Id);
    Column &stream = t.addInt("stream", "Stream", Unit::Id);
    Column &fromEvent = t.addText("from_event", "From event");
    Column &fromPoint = t.addText("from_point", "From");
    Column &toEvent = t.addText("to_event", "To event");
    Column &toPoint = t.addText("to_point", "To");
    const Trace &tr = ctx.trace();
    const EventIndex &ix = ctx.index();
    for (std::size_t k = 0; k < r->path.size(); ++k) {
        const Edge &e = r->graph.edges[r->path[k]];
        const Node &a = r->graph.nodes[e.from], &b = r->graph.nodes[e.to];
        const RankTable &fromTable = r->tableOf(e.from), &toTable = r->tableOf(e.to);
        const Event &from = fromTable.events[a.event], &to = toTable.events[b.event];
        edge.push(std::int64_t(k));
        start.push(a.ts - r->origin);
        end.push(b.ts - r->origin);
        dur.push(e.weight);
        type.push(std::string(edgeTypeName(e.type)));
        bound.push(boundBy(ctx, *r, e));
        const Event *ev = e.event >= 0 ? &toTable.events[std::size_t(e.event)] : nullptr; // attributed within the end's rank
        event.push(ev ? std::string(tr.str(ev->name)) : std::string());
        cat.push(ev ? std::string(tr.str(ev->cat)) : std::string());
        rank.push(std::int64_t(ev ? toTable.rank : fromTable.rank));
        ev ? pid.push(toTable.pid(*ev)) : pid.pushNull();
        ev ? tid.push(toTable.tid(*ev)) : tid.pushNull();
        ev ? stream.push(ev->stream) : stream.pushNull();
        fromEvent.push(std::string(tr.str(from.name)));
        fromPoint.push(std::string(pointName(a)));
        toEvent.push(std::string(tr.str(to.name)));
        toPoint.push(std::string(pointName(b)));
        const Event &shown = ev ? *ev : from;
        t.keys.push_back({shown.name, ev ? toTable.rank : fromTable.rank, shown.stream, ix.ref(shown.gid)});
    }
    t.notes = r->notes;
    describeWindow(*r, t);
    return t;
}

Table criticalPathSummary(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const auto r = pathFor(ctx, opt);
    const bool c = opt.htaCompat;
    Table t("critical-path-summary", "Critical path summary");
    Column &bound = t.addText("bound_by", "Bound by");
    Column &pct = t.addReal("percent", "Share of the path", Unit::Percent);
    Column &dur = t.addInt(c ? "duration" : "duration_ns", "Time", c ? Unit::Microseconds : Unit::Nanoseconds);
    std::map<std::string, std::int64_t> byBound; // sorted as pandas' groupby sorts its keys
    std::int64_t total = 0;
    for (std::uint32_t k : r->path) {
        const Edge &e = r->graph.edges[k];
        byBound[boundBy(ctx, *r, e)] += e.weight;
        total += e.weight;
    }
    for (const auto &[name, time] : byBound) {
        bound.push(name);
        pct.push(total != 0 ? double(time) / double(total) * 100.0 : std::nan(""));
        dur.push(time);
    }
    t.notes = r->notes;
    describeWindow(*r, t);
    if (!byBound.empty() && byBound.begin()->first.empty())
        t.notes.push_back("the row with an empty bound_by holds the dependency and synchronisation edges (no time of their own)");
    return t;
}

} // namespace accelscope::model::analysis
