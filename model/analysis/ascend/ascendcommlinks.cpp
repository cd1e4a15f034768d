// Ascend HCCL links (rank pairs): the `communication-links` table and the rank × rank matrix the
// heat map panel draws. Links come from the plane tasks of each op (ascendcomm.cpp, msprof's
// communication_matrix_parser rules: an SDMA Memcpy/Reduce_Inline counts on the link src→dst,
// "LOCAL" when its link type is ON_CHIP, a destination of 0xFFFFFFFF is the source itself; an RDMA
// transfer counts once) and, for ranks without plane tasks, from the "<op>-total@<group>" entries
// of communication_matrix.json (or analysis.db's CommAnalyzerMatrix), read by the importer into the
// source's AscendFacts::matrixTotals. Communicator-local ranks
// become global through the op's Global Ranks / profiler_metadata.json parallel_group_info.
#include "model/analysis/analyses.h"
#include "model/analysis/ascend/ascendcomm_p.h"
#include "model/argstree.h"
#include "model/ascendcluster.h"
#include "model/ascendfacts.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace accelscope::model::analysis {

using namespace ascendcomm;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

} // namespace

namespace ascendcomm {

/// Communicator-local -> global ranks per Group Hash, from every source of the trace:
/// profiler_metadata.json parallel_group_info (global_ranks, index = local rank), the cluster
/// output's communication_group.json (comm_group_parallel_info rank sets), and, as msprof-analyze
/// does, the self link "k-k" in rank R's own matrix (local k is R).
struct GroupRankMap {
    std::map<std::string, std::map<std::int64_t, std::int64_t>, std::less<>> byHash;
    std::int64_t conflicts = 0;

    void set(const std::string &hash, std::int64_t local, std::int64_t global)
    {
        auto [it, inserted] = byHash[hash].emplace(local, global);
        if (!inserted && it->second != global)
            ++conflicts;
    }
    bool map(const std::string &hash, std::int64_t local, std::int64_t &global) const
    {
        const auto g = byHash.find(hash);
        if (g == byHash.end())
            return false;
        const auto r = g->second.find(local);
        if (r == g->second.end())
            return false;
        global = r->second;
        return true;
    }
};

GroupRankMap groupRankMap(const Trace &trace)
{
    GroupRankMap m;
    for (const SourceInfo &src : trace.sources()) {
        if (!src.ascend)
            continue;
        for (const auto &[hash, g] : src.ascend->commGroups) {
            // msprof-analyze sorts global_ranks before numbering them (cluster_analyse
            // get_parallel_group_info): local rank i is the i-th smallest
            std::vector<std::int64_t> sorted = g.globalRanks;
            std::sort(sorted.begin(), sorted.end());
            for (std::size_t i = 0; i < sorted.size(); ++i)
                m.set(hash, std::int64_t(i), sorted[i]);
        }
        if (src.ascend->cluster)
            for (const AscendClusterGroup &g : src.ascend->cluster->groups)
                if (!g.hash.empty())
                    for (std::size_t i = 0; i < g.ranks.size(); ++i)
                        m.set(g.hash, std::int64_t(i), g.ranks[i]);
    }
    // self links after the explicit lists: they only fill what the lists leave open
    for (const SourceInfo &src : trace.sources())
        if (src.ascend && src.rank >= 0)
            for (const AscendMatrixLink &e : src.ascend->matrixTotals)
                if (e.srcLocal == e.dstLocal && !e.hash.empty()) {
                    auto &g = m.byHash[e.hash];
                    g.emplace(e.srcLocal, src.rank);
                }
    return m;
}

void addMatrixLinks(const Trace &trace, const AnalysisOptions &opt, const std::vector<int> &ranksWithTasks, Data &d)
{
    std::int64_t unmapped = 0, noGroup = 0;
    std::set<int> done(ranksWithTasks.begin(), ranksWithTasks.end());
    const GroupRankMap groups = groupRankMap(trace);
    std::set<std::string> forms;
    for (const SourceInfo &src : trace.sources()) {
        if (!src.ascend || src.ascend->cluster)
            continue;
        const int rank = rankOf(src);
        const AscendFacts &facts = *src.ascend;
        const std::string &from = facts.matrixSource;
        if (!opt.wantsRank(rank))
            continue;
        if (std::binary_search(ranksWithTasks.begin(), ranksWithTasks.end(), rank) || done.count(rank))
            continue;
        // what the matrix lacked matters only for the ranks whose links come from it
        for (const std::string &n : facts.matrixNotes)
            d.linkNotes.push_back("rank " + std::to_string(rank) + ": " + n);
        // the links the importer read from communication_matrix.json or analysis.db
        if (facts.matrixTotals.empty())
            continue;
        done.insert(rank);
        d.any = true;
        if (!facts.matrixForm.empty())
            forms.insert(from + " (" + facts.matrixForm + ")");
        for (const AscendMatrixLink &e : facts.matrixTotals) {
            const AscendCommGroup *g = facts.group(e.hash);
            const auto global = [&](std::int64_t local) {
                std::int64_t out = local;
                if (e.hash.empty())
                    ++noGroup;
                else if (!groups.map(e.hash, local, out))
                    ++unmapped;
                return out;
            };
            Link &l = d.links[LinkKey{global(e.srcLocal), global(e.dstLocal), e.transport}];
            if (l.source.empty()) {
                l.ops = kNullInt; // the matrix counts neither ops nor transfers per link
                l.transfers = kNullInt;
            }
            l.bytes += e.megabytes * 1e6;
            l.timeNs += e.milliseconds * 1e6;
            ++l.groups[g && !g->name.empty() ? g->name : e.hash.empty() ? std::string("(no group)") : e.hash];
            if (l.source.find(from) == std::string::npos)
                l.source += (l.source.empty() ? "" : "+") + from;
        }
        if (opt.range)
            d.linkNotes.push_back("rank " + std::to_string(rank) + ": links from " + from
                                  + " (no plane tasks) cover the whole profiled step, not the selected range");
    }
    addClusterLinks(trace, opt, done, d);
    if (!forms.empty()) {
        std::string f;
        for (const std::string &s : forms)
            f += (f.empty() ? "" : "; ") + s;
        d.linkNotes.push_back("matrix links read from " + f);
    }
    if (unmapped)
        d.linkNotes.push_back(std::to_string(unmapped)
                              + " matrix link ends had no global rank (their group is in no parallel_group_info, "
                                "communication_group.json or self link): communicator-local ranks are shown as they are");
    if (noGroup)
        d.linkNotes.push_back(std::to_string(noGroup)
                              + " matrix link ends came from \"Total Op Info\" entries that name no group: "
                                "communicator-local ranks are shown as they are");
    if (groups.conflicts)
        d.linkNotes.push_back(std::to_string(groups.conflicts)
                              + " group-local ranks were claimed by two global ranks; the first one was used");
}

} // namespace ascendcomm

Table communicationLinks(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const Data d = collect(ctx, opt);
    Table t("communication-links", "Communication links (Ascend HCCL)");
    Column &src = t.addInt("src_rank", "Source rank", Unit::Id);
    Column &dst = t.addInt("dst_rank", "Destination rank", Unit::Id);
    Column &transport = t.addText("transport", "Transport");
    Column &bytes = t.addInt("bytes", "Bytes", Unit::Bytes);
    Column &time = t.addInt("time_ns", "Transit time", Unit::Nanoseconds);
    Column &bw = t.addReal("bandwidth_gbps", "Bandwidth", Unit::GBps);
    Column &ops = t.addInt("ops", "Ops", Unit::Count);
    Column &transfers = t.addInt("transfers", "Transfers", Unit::Count);
    Column &groups = t.addText("groups", "Groups");
    Column &source = t.addText("source", "Source");
    for (const auto &[k, l] : d.links) {
        src.push(k.src);
        dst.push(k.dst);
        transport.push(k.transport);
        bytes.push(std::int64_t(std::llround(l.bytes)));
        time.push(std::int64_t(std::llround(l.timeNs)));
        bw.push(l.timeNs > 0 ? l.bytes / l.timeNs : kNaN);
        ops.push(l.ops);
        transfers.push(l.transfers);
        std::string g;
        for (const auto &[name, n] : l.groups)
            g += (g.empty() ? "" : ", ") + name;
        groups.push(g);
        source.push(l.source);
    }
    t.notes = d.linkNotes;
    return t;
}

std::vector<std::string> commLinkTransports(const Table &links)
{
    std::vector<std::string> out;
    if (const Column *c = links.column("transport"))
        for (const std::string &s : c->texts)
            if (std::find(out.begin(), out.end(), s) == out.end())
                out.push_back(s);
    return out;
}

CommLinkMatrix commLinkMatrix(const Table &links, std::string_view transport)
{
    CommLinkMatrix m;
    const Column *src = links.column("src_rank"), *dst = links.column("dst_rank"), *tp = links.column("transport"),
                 *bytes = links.column("bytes"), *time = links.column("time_ns"), *bw = links.column("bandwidth_gbps"),
                 *ops = links.column("ops");
    if (!src || !dst || !tp || !bytes || !time || !bw || !ops)
        return m;
    std::set<std::int64_t> ranks;
    for (std::size_t r = 0; r < links.rowCount(); ++r) {
        ranks.insert(src->ints[r]);
        ranks.insert(dst->ints[r]);
    }
    m.ranks.assign(ranks.begin(), ranks.end());
    const std::size_t n = m.ranks.size();
    m.bytes.assign(n * n, 0.0);
    m.timeNs.assign(n * n, 0.0);
    m.bandwidthGBps.assign(n * n, kNaN);
    m.ops.assign(n * n, kNullInt);
    m.transports.assign(n * n, {});
    std::vector<int> parts(n * n, 0);
    const auto idx = [&](std::int64_t rank) {
        return std::size_t(std::lower_bound(m.ranks.begin(), m.ranks.end(), rank) - m.ranks.begin());
    };
    for (std::size_t r = 0; r < links.rowCount(); ++r) {
        if (!transport.empty() && tp->texts[r] != transport)
            continue;
        const std::size_t c = m.at(idx(src->ints[r]), idx(dst->ints[r]));
        m.bytes[c] += double(bytes->ints[r]);
        m.timeNs[c] += double(time->ints[r]);
        if (!ops->isNull(r))
            m.ops[c] = (m.ops[c] == kNullInt ? 0 : m.ops[c]) + ops->ints[r];
        // one row: its own bandwidth (exactly what the table shows); several: Σ bytes / Σ time
        m.bandwidthGBps[c] = ++parts[c] == 1 ? bw->reals[r] : (m.timeNs[c] > 0 ? m.bytes[c] / m.timeNs[c] : kNaN);
        std::string &names = m.transports[c];
        if (names.empty())
            names = tp->texts[r];
        else if (("+" + names + "+").find("+" + tp->texts[r] + "+") == std::string::npos)
            names += "+" + tp->texts[r];
    }
    return m;
}

} // namespace accelscope::model::analysis
