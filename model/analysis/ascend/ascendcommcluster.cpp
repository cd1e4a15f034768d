// Ascend HCCL numbers of msprof-analyze's cluster outputs: the per-rank ops of
// cluster_communication.json (for `communication` / `communication-ops`) and the global-rank links
// of cluster_communication_matrix.json (for `communication-links` and the heat map), for the ranks
// the trace holds no timeline or per-rank matrix of. The importer read them into
// AscendFacts::cluster (importers/ascend/clusteroutput.cpp); times there are in ms.
#include "model/analysis/analyses.h"
#include "model/analysis/ascend/ascendcomm_p.h"
#include "model/ascendprocessnames.h"
#include "model/ascendcluster.h"
#include "model/ascendfacts.h"

#include <cmath>
#include <set>

namespace accelscope::model::analysis::ascendcomm {

namespace {

std::string rankList(const std::set<std::int64_t> &ranks)
{
    std::string out;
    std::size_t n = 0;
    for (auto it = ranks.begin(); it != ranks.end(); ++it) {
        if (++n > 8) {
            out += ", … (" + std::to_string(ranks.size()) + " ranks)";
            break;
        }
        out += (out.empty() ? "" : ", ") + std::to_string(*it);
    }
    return out;
}

/// The group label of a cluster op or link: the framework name when a group list names it.
std::string groupLabel(const AscendClusterOutput &c, const std::string &hash)
{
    for (const AscendClusterGroup &g : c.groups)
        if (g.hash == hash && !g.name.empty())
            return g.name;
    return hash;
}

} // namespace

void addClusterOps(const Trace &trace, const AnalysisOptions &opt, Data &d)
{
    std::set<int> timelineRanks;
    for (const Process &p : trace.processes())
        if (trace.str(p.name) == ascendprocess::kHccl)
            timelineRanks.insert(rankOf(p));
    for (const SourceInfo &src : trace.sources()) {
        if (!src.ascend || !src.ascend->cluster)
            continue;
        const AscendClusterOutput &c = *src.ascend->cluster;
        std::set<std::int64_t> used, skipped;
        for (const AscendClusterCommOp &co : c.ops) {
            const int rank = int(co.rank);
            if (!opt.wantsRank(rank))
                continue;
            if (timelineRanks.count(rank)) {
                skipped.insert(co.rank);
                continue;
            }
            const TimeNs start = std::isfinite(co.startUs) ? TimeNs(std::llround(co.startUs * 1e3)) : 0;
            const TimeNs dur = TimeNs(std::llround(co.elapseMs * 1e6));
            if (!opt.overlapsRange(start, start + dur))
                continue;
            Op op;
            op.rank = rank;
            op.start = start;
            op.dur = dur;
            op.ownName = co.name;
            op.type = hcclOpType(co.name);
            op.groupHash = co.group;
            op.group = groupLabel(c, co.group);
            op.step = co.step;
            op.commType = co.kind;
            op.source = "cluster_communication.json";
            op.hasTimeInfo = co.hasTime;
            op.elapseNs = co.elapseMs * 1e6;
            op.transitNs = co.transitMs * 1e6;
            op.waitNs = co.waitMs * 1e6;
            op.syncNs = co.syncMs * 1e6;
            op.idleNs = co.idleMs * 1e6;
            // SDMA is derived from HCCS + PCIE + SIO as in the per-rank tables
            const std::pair<int, int> parts[] = {{kHCCS, kClusterHCCS}, {kPCIE, kClusterPCIE}, {kSIO, kClusterSIO}, {kRDMA, kClusterRDMA}};
            for (const auto &[mine, theirs] : parts) {
                op.tp[std::size_t(mine)].bytes = co.megabytes[std::size_t(theirs)] * 1e6;
                op.tp[std::size_t(mine)].timeNs = co.transitTimeMs[std::size_t(theirs)] * 1e6;
            }
            d.ops.push_back(std::move(op));
            used.insert(co.rank);
            d.any = true;
        }
        if (!used.empty())
            d.notes.push_back("ranks " + rankList(used) + ": ops from msprof-analyze's " + c.opsFrom + " (" + c.folder
                              + "); no timeline of them is loaded");
        if (!skipped.empty())
            d.notes.push_back("ranks " + rankList(skipped)
                              + ": " + c.opsFrom + " left out, their timeline's HCCL ops are used");
        if (c.hasCommFile && c.ops.empty())
            d.notes.push_back(c.opsFrom + " (" + c.folder + ") gave no ops");
        if (!c.hasCommFile)
            d.notes.push_back("the cluster output " + c.folder
                              + " has no cluster_communication.json (nor a ClusterCommunicationTime table): no per-op numbers for ranks without a timeline");
        for (const std::string &n : c.notes)
            if (n.find("cluster_communication.json") != std::string::npos || n.find("CommunicationTime") != std::string::npos
                || n.find("CommAnalyzerTime") != std::string::npos)
                d.notes.push_back(n);
    }
}

void addClusterLinks(const Trace &trace, const AnalysisOptions &opt, const std::set<int> &ranksDone, Data &d)
{
    for (const SourceInfo &src : trace.sources()) {
        if (!src.ascend || !src.ascend->cluster)
            continue;
        const AscendClusterOutput &c = *src.ascend->cluster;
        std::set<std::int64_t> skipped;
        std::size_t used = 0;
        for (const AscendClusterLink &cl : c.links) {
            if (!opt.wantsRank(int(cl.src)))
                continue;
            if (ranksDone.count(int(cl.src))) {
                skipped.insert(cl.src);
                continue;
            }
            Link &l = d.links[LinkKey{cl.src, cl.dst, cl.transport}];
            if (l.source.empty()) {
                l.ops = kNullInt;
                l.transfers = kNullInt;
            }
            l.bytes += cl.megabytes * 1e6;
            l.timeNs += cl.milliseconds * 1e6;
            ++l.groups[groupLabel(c, cl.group)];
            if (l.source.find(c.linksFrom) == std::string::npos)
                l.source += (l.source.empty() ? "" : "+") + c.linksFrom;
            ++used;
            d.any = true;
        }
        if (used)
            d.linkNotes.push_back(std::to_string(used) + " links from msprof-analyze's " + c.linksFrom + " ("
                                  + (c.linksForm.empty() ? std::string() : c.linksForm + " entries, ")
                                  + "summed over its steps; ranks as the file gives them)");
        if (!skipped.empty())
            d.linkNotes.push_back("source ranks " + rankList(skipped)
                                  + ": " + c.linksFrom + " left out, their own timeline or matrix is used");
        if (opt.range && used)
            d.linkNotes.push_back("links from " + c.linksFrom + " cover every profiled step, not the selected range");
        if (!c.hasMatrixFile)
            d.linkNotes.push_back("the cluster output " + c.folder
                                  + " has no cluster_communication_matrix.json (nor a ClusterCommunicationMatrix table): no links for ranks without a timeline");
        for (const std::string &n : c.notes)
            if (n.find("cluster_communication_matrix.json") != std::string::npos || n.find("communication_group.json") != std::string::npos
                || n.find("Matrix") != std::string::npos || n.find("cluster_analysis.db: cannot") != std::string::npos)
                d.linkNotes.push_back(n);
    }
}

} // namespace accelscope::model::analysis::ascendcomm
