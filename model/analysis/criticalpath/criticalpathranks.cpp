// The critical path across ranks: per-rank graphs joined at their collectives.
#include "model/analysis/cluster/collectives.h"
#include "model/analysis/criticalpath/criticalpath_p.h"

#include <map>
#include <unordered_map>

namespace accelscope::model::analysis::criticalpath {

namespace {

struct Arrival {
    std::uint8_t rank;      ///< index into the joined tables
    std::int32_t start, end; ///< joined node ids
    std::uint32_t event;    ///< the kernel's row in its rank's table
    std::int64_t ts;
};

/// Per (process group, sequence number): the collective kernels of the joined ranks that are in
/// their windows.
std::map<std::pair<std::string, std::int64_t>, std::vector<Arrival>> collectiveInstances(
    const AnalysisContext &ctx, const std::vector<const RankTable *> &tables, const std::vector<Graph> &graphs,
    const std::vector<std::int32_t> &nodeOffset)
{
    AnalysisOptions o;
    for (const RankTable *t : tables)
        o.ranks.push_back(t->rank);
    const Table rows = collectivesTable(ctx, o);
    std::map<std::pair<std::string, std::int64_t>, std::vector<Arrival>> out;
    const Column *rank = rows.column("rank"), *group = rows.column("process_group"), *seq = rows.column("seq");
    if (!rank || !group || !seq || rows.keys.size() != rows.rowCount())
        return out;
    std::vector<std::unordered_map<std::uint32_t, std::uint32_t>> eventOfGid(tables.size());
    for (std::size_t k = 0; k < tables.size(); ++k)
        for (std::uint32_t i = 0; i < tables[k]->events.size(); ++i)
            if (graphs[k].startNode[i] >= 0 && tables[k]->events[i].stream != -1)
                eventOfGid[k][tables[k]->events[i].gid] = i;
    const EventIndex &ix = ctx.index();
    for (std::size_t r = 0; r < rows.rowCount(); ++r) {
        for (std::size_t k = 0; k < tables.size(); ++k) {
            if (tables[k]->rank != rank->ints[r] || !rows.keys[r].slice.valid())
                continue;
            const auto it = eventOfGid[k].find(ix.gid(rows.keys[r].slice));
            if (it == eventOfGid[k].end())
                continue; // outside the rank's window
            const Graph &g = graphs[k];
            const std::int32_t start = g.startNode[it->second], end = g.endNode[it->second];
            out[{group->texts[r], seq->ints[r]}].push_back(
                {std::uint8_t(k), start + nodeOffset[k], end + nodeOffset[k], it->second, g.nodes[std::size_t(start)].ts});
        }
    }
    return out;
}

} // namespace

std::size_t joinRanks(const AnalysisContext &ctx, const std::vector<const RankTable *> &tables, std::vector<Graph> &graphs,
                      Graph &joined, std::vector<std::uint8_t> &nodeRank)
{
    std::vector<std::int32_t> nodeOffset;
    for (std::size_t k = 0; k < graphs.size(); ++k) {
        const std::int32_t offset = std::int32_t(joined.nodes.size());
        nodeOffset.push_back(offset);
        joined.nodes.insert(joined.nodes.end(), graphs[k].nodes.begin(), graphs[k].nodes.end());
        nodeRank.resize(joined.nodes.size(), std::uint8_t(k));
        for (Edge e : graphs[k].edges) {
            e.from += std::uint32_t(offset);
            e.to += std::uint32_t(offset);
            joined.edges.push_back(e);
        }
        joined.notes.insert(joined.notes.end(), graphs[k].notes.begin(), graphs[k].notes.end());
    }
    std::size_t added = 0;
    for (const auto &[instance, arrivals] : collectiveInstances(ctx, tables, graphs, nodeOffset)) {
        if (arrivals.size() < 2)
            continue;
        const Arrival *last = &arrivals.front();
        for (const Arrival &a : arrivals)
            if (a.ts > last->ts || (a.ts == last->ts && tables[a.rank]->rank < tables[last->rank]->rank))
                last = &a;
        for (const Arrival &a : arrivals) {
            if (&a == last)
                continue;
            const std::int64_t weight = joined.nodes[std::size_t(a.end)].ts - last->ts;
            joined.edges.push_back({std::uint32_t(last->start), std::uint32_t(a.end), EdgeType::CollectiveWait, weight, std::int32_t(a.event)});
            ++added;
        }
    }
    return added;
}

} // namespace accelscope::model::analysis::criticalpath
