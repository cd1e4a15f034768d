// Ascend HCCL links (rank pairs): the `communication-links` table and the rank × rank matrix the
// heat map panel draws. Links come from the plane tasks of each op (ascendcomm.cpp, msprof's
// communication_matrix_parser rules: an SDMA Memcpy/Reduce_Inline counts on the link src→dst,
// "LOCAL" when its link type is ON_CHIP, a destination of 0xFFFFFFFF is the source itself; an RDMA
// transfer counts once) and, for ranks without plane tasks, from the "<op>-total@<group>" entries
// of communication_matrix.json (or analysis.db's CommAnalyzerMatrix), read by the importer into the
// source's AscendFacts::matrixTotals. Communicator-local ranks
// become global through the op's Global Ranks / profiler_metadata.json parallel_group_info.
#include "analyses.h"
#include "ascendcomm_p.h"
#include "model/argstree.h"
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

void addMatrixLinks(const Trace &trace, const AnalysisOptions &opt, const std::vector<int> &ranksWithTasks, Data &d)
{
    std::int64_t unmapped = 0;
    std::set<int> done;
    for (const SourceInfo &src : trace.sources()) {
        const int rank = rankOf(src);
        if (std::binary_search(ranksWithTasks.begin(), ranksWithTasks.end(), rank) || done.count(rank))
            continue;
        if (!opt.ranks.empty() && std::find(opt.ranks.begin(), opt.ranks.end(), rank) == opt.ranks.end())
            continue;
        // the "-total" links the importer read from communication_matrix.json or analysis.db
        if (!src.ascend || src.ascend->matrixTotals.empty())
            continue;
        const std::vector<AscendMatrixLink> &entries = src.ascend->matrixTotals;
        const std::string &from = src.ascend->matrixSource;
        done.insert(rank);
        d.any = true;
        for (const AscendMatrixLink &e : entries) {
            const AscendCommGroup *g = src.ascend ? src.ascend->group(e.hash) : nullptr;
            const auto global = [&](std::int64_t local) {
                if (g && local >= 0 && std::size_t(local) < g->globalRanks.size())
                    return g->globalRanks[std::size_t(local)];
                ++unmapped;
                return local;
            };
            Link &l = d.links[LinkKey{global(e.srcLocal), global(e.dstLocal), e.transport}];
            if (l.source.empty()) {
                l.ops = kNullInt; // the matrix counts neither ops nor transfers per link
                l.transfers = kNullInt;
            }
            l.bytes += e.megabytes * 1e6;
            l.timeNs += e.milliseconds * 1e6;
            ++l.groups[g && !g->name.empty() ? g->name : e.hash];
            if (l.source.find(from) == std::string::npos)
                l.source += (l.source.empty() ? "" : "+") + from;
        }
        if (opt.range)
            d.linkNotes.push_back("rank " + std::to_string(rank) + ": links from " + from
                                  + " (no plane tasks) cover the whole profiled step, not the selected range");
    }
    if (unmapped)
        d.linkNotes.push_back(std::to_string(unmapped)
                              + " matrix link ends had no global rank (no parallel_group_info for their group): "
                                "communicator-local ranks are shown as they are");
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
