// Step tables from msprof-analyze's cluster_step_trace_time.csv: what the vendor's cluster tool
// states per rank and per stage, used for the ranks the trace holds no timeline of (a
// cluster_analysis_output opened alone, or a large cluster root whose rank folders are not loaded).
#include "model/analysis/ascend/ascendcluster.h"

#include "model/analysis/analyses.h"
#include "model/analysis/ascend/ascendsteps.h"
#include "model/analysis/cluster/slowrank.h"
#include "model/ascendcluster.h"
#include "model/ascendfacts.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace accelscope::model::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::int64_t nsOf(double us) { return std::isfinite(us) ? std::int64_t(std::llround(us * 1e3)) : kNullInt; }

void pushNs(Column &c, double us)
{
    const std::int64_t v = nsOf(us);
    v == kNullInt ? c.pushNull() : c.push(v);
}

/// Rank rows of the file wanted by `opt`, by rank then file order.
std::vector<const AscendClusterStepRow *> rankRows(const AscendClusterOutput &c, const AnalysisOptions &opt)
{
    std::vector<const AscendClusterStepRow *> rows;
    for (const AscendClusterStepRow &r : c.steps)
        if (!r.stage && r.rank >= 0 && opt.wantsRank(int(r.rank)))
            rows.push_back(&r);
    std::stable_sort(rows.begin(), rows.end(), [](auto *a, auto *b) { return a->rank < b->rank; });
    return rows;
}

} // namespace

const AscendClusterOutput *clusterOutput(const Trace &trace)
{
    for (const SourceInfo &s : trace.sources())
        if (s.ascend && s.ascend->cluster)
            return s.ascend->cluster.get();
    return nullptr;
}

void addClusterStepRows(const AnalysisContext &ctx, const AnalysisOptions &opt, Table &t)
{
    const AscendClusterOutput *c = clusterOutput(ctx.trace());
    if (!c)
        return;
    if (!c->hasStepFile) {
        t.notes.push_back("the cluster output " + c->folder
                          + " has no cluster_step_trace_time.csv (nor a ClusterStepTraceTime table): no step rows for ranks without a timeline");
        return;
    }
    const Column *rankCol = t.column("rank");
    if (!rankCol)
        return;
    std::set<std::int64_t> have(rankCol->ints.begin(), rankCol->ints.end());
    // column id -> the file's value in µs
    const std::pair<const char *, double AscendClusterStepRow::*> values[] = {
        {"computing_ns", &AscendClusterStepRow::computing},
        {"communication_not_overlapped_ns", &AscendClusterStepRow::notOverlapped},
        {"overlapped_ns", &AscendClusterStepRow::overlapped},
        {"communication_ns", &AscendClusterStepRow::communication},
        {"free_ns", &AscendClusterStepRow::free},
        {"stage_ns", &AscendClusterStepRow::stageTime},
        {"bubble_ns", &AscendClusterStepRow::bubble},
        {"communication_not_overlapped_exclude_receive_ns", &AscendClusterStepRow::notOverlappedExclReceive},
        {"preparing_ns", &AscendClusterStepRow::preparing},
    };
    std::size_t added = 0, skipped = 0;
    bool missingPreparing = false;
    for (const AscendClusterStepRow *r : rankRows(*c, opt)) {
        if (have.count(r->rank)) {
            ++skipped;
            continue;
        }
        for (Column &col : t.columns) {
            if (col.id == "rank")
                col.push(r->rank);
            else if (col.id == "step")
                r->stepNumber == kNoStep ? col.pushNull() : col.push(r->stepNumber);
            else {
                bool done = false;
                for (const auto &[id, member] : values)
                    if (col.id == id) {
                        pushNs(col, r->*member);
                        done = true;
                    }
                if (!done)
                    col.pushNull(); // device, first task, task and op counts: not in the file
            }
        }
        missingPreparing = missingPreparing || !std::isfinite(r->preparing);
        t.keys.push_back(RowKey{kEmptyString, std::int32_t(r->rank), -1, {}});
        ++added;
    }
    if (!added && !skipped)
        t.notes.push_back(c->stepsFrom + " (" + c->folder + ") has no rank rows");
    if (added) {
        // the timeline's "nothing found" note is about the timeline only
        std::erase(t.notes, std::string("no Ascend device tasks or HCCL ops in the trace"));
        std::vector<Table::SortKey> order{{t.columnIndex("rank")}};
        if (t.columnIndex("step") >= 0)
            order.push_back({t.columnIndex("step")});
        t.sortBy(order);
        t.notes.push_back(std::to_string(added) + " rows from msprof-analyze's " + c->stepsFrom + " (" + c->folder
                          + ") for ranks without a timeline: the file's own numbers (µs), no device, task or op counts");
        if (opt.range)
            t.notes.push_back("rows from " + c->stepsFrom + " cover whole steps: the selected range does not apply to them");
        if (missingPreparing)
            t.notes.push_back("cluster_step_trace_time.csv has no Preparing for some rows (older msprof-analyze): left empty");
    }
    if (skipped)
        t.notes.push_back(std::to_string(skipped) + " " + c->stepsFrom + " rows left out: their rank's timeline is loaded");
    for (const std::string &n : c->notes)
        if (n.find("cluster_step_trace_time.csv") != std::string::npos || n.find("ClusterStepTraceTime") != std::string::npos
            || n.find("rank folders beside") != std::string::npos)
            t.notes.push_back(n);
}

Table clusterSlowRank(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("slow-rank", "Slow rank (Ascend step breakdown per rank)");
    slowrank::Columns cols = slowrank::addColumns(t);
    const AscendClusterOutput *c = clusterOutput(ctx.trace());
    if (!c)
        return t;
    struct Agg {
        std::int64_t rank = 0, steps = 0;
        double computing = 0, notOv = 0, free = 0, bubble = 0, stage = 0;
        bool known = true; ///< every step has Computing, Free and Comm(Not Overlapped)
        double mean(double v) const { return steps ? v / double(steps) : kNaN; }
    };
    std::vector<Agg> aggs;
    for (const AscendClusterStepRow *r : rankRows(*c, opt)) {
        if (aggs.empty() || aggs.back().rank != r->rank)
            aggs.push_back(Agg{r->rank});
        Agg &a = aggs.back();
        ++a.steps;
        a.known = a.known && std::isfinite(r->computing) && std::isfinite(r->free) && std::isfinite(r->notOverlapped);
        const auto add = [](double &sum, double v) { sum += std::isfinite(v) ? v : 0; };
        add(a.computing, r->computing);
        add(a.notOv, r->notOverlapped);
        add(a.free, r->free);
        add(a.bubble, r->bubble);
        add(a.stage, r->stageTime);
    }
    std::vector<std::optional<slowrank::RankMeans>> means;
    for (const Agg &a : aggs)
        means.push_back(a.known ? std::optional(slowrank::RankMeans{a.mean(a.computing + a.free), a.mean(a.computing),
                                                                    a.mean(a.free), a.mean(a.notOv)})
                                : std::nullopt);
    const slowrank::Comparison cmp(means);
    for (std::size_t i = 0; i < aggs.size(); ++i) {
        const Agg &a = aggs[i];
        cols.rank.push(a.rank);
        cols.device.pushNull();
        cols.steps.push(a.steps);
        const auto put = [&](Column &col, double us) { a.known ? pushNs(col, us) : col.pushNull(); };
        put(cols.computing, a.computing);
        put(cols.notOverlapped, a.notOv);
        put(cols.free, a.free);
        pushNs(cols.bubble, a.bubble);
        put(cols.stage, a.stage);
        put(cols.work, a.computing + a.free);
        cmp.pushDeviations(cols, i);
        std::string f;
        if (!a.known)
            f = "cluster_step_trace_time.csv lacks Computing, Free or Communication(Not Overlapped): not compared";
        else if (cmp.compared < 2)
            f = "only one rank: nothing to compare";
        else if (cmp.isSlowest(i))
            f = cmp.slowestFinding();
        cols.finding.push(std::move(f));
        t.keys.push_back(RowKey{kEmptyString, std::int32_t(a.rank), -1, {}});
    }
    if (cmp.hasSlowest()) {
        const Agg &a = aggs[std::size_t(cmp.slowest)];
        const double dw = cmp.workDeviation(std::size_t(cmp.slowest));
        char buf[320];
        std::snprintf(buf, sizeof buf,
                      dw > 5.0 ? "slow rank: %lld, own work (Computing + Free per step) %.1f%% above the median of %zu ranks"
                               : "no slow rank: the largest own work (Computing + Free per step), rank %lld, is %.1f%% above the median of %zu ranks (within 5%%)",
                      static_cast<long long>(a.rank), dw, cmp.compared);
        t.notes.push_back(buf);
    }
    t.notes.push_back("from msprof-analyze's " + c->stepsFrom + " (" + c->folder + "): the file's own per-rank numbers");
    if (opt.range)
        t.notes.push_back("the file's rows cover whole steps: the selected range does not apply to them");
    if (!c->hasStepFile)
        t.notes.push_back("the cluster output has no cluster_step_trace_time.csv: no ranks to compare");
    else if (aggs.empty())
        t.notes.push_back("cluster_step_trace_time.csv has no rank rows");
    // ranks loaded as timelines but absent from the file are not compared with it
    std::set<int> fileRanks;
    for (const Agg &a : aggs)
        fileRanks.insert(int(a.rank));
    std::size_t timelineOnly = 0;
    for (const SourceInfo &s : ctx.trace().sources())
        if (s.ascend && !s.ascend->cluster && s.rank >= 0 && !fileRanks.count(s.rank) && opt.wantsRank(s.rank))
            ++timelineOnly;
    if (timelineOnly)
        t.notes.push_back(std::to_string(timelineOnly) + " loaded rank timelines have no row in cluster_step_trace_time.csv: not compared");
    for (const std::string &n : c->notes)
        if (n.find("cluster_step_trace_time.csv") != std::string::npos || n.find("ClusterStepTraceTime") != std::string::npos
            || n.find("rank folders beside") != std::string::npos)
            t.notes.push_back(n);
    return t;
}

Table stepsWithClusterOutput(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t = stepsAnalysis(ctx, opt);
    if (clusterOutput(ctx.trace()) && t.column("computing_ns") && t.column("rank"))
        addClusterStepRows(ctx, opt, t);
    return t;
}

Table slowRankWithClusterOutput(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const AscendClusterOutput *c = clusterOutput(ctx.trace());
    if (c && !rankRows(*c, opt).empty())
        return clusterSlowRank(ctx, opt);
    return slowRankAnalysis(ctx, opt);
}

Table clusterStages(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("cluster-stages", "Pipeline stages (msprof-analyze cluster)");
    const Unit ns = Unit::Nanoseconds;
    Column &step = t.addInt("step", "Step", Unit::Id);
    Column &ranks = t.addText("ranks", "Ranks");
    Column &count = t.addInt("rank_count", "Ranks in stage", Unit::Count);
    Column &computing = t.addInt("computing_ns", "Computing", ns);
    Column &notOv = t.addInt("communication_not_overlapped_ns", "Communication(Not Overlapped)", ns);
    Column &overlapped = t.addInt("overlapped_ns", "Overlapped", ns);
    Column &comm = t.addInt("communication_ns", "Communication", ns);
    Column &free = t.addInt("free_ns", "Free", ns);
    Column &stage = t.addInt("stage_ns", "Stage", ns);
    Column &bubble = t.addInt("bubble_ns", "Bubble", ns);
    Column &slowRank = t.addInt("slowest_rank", "Slowest rank (Computing + Free)", Unit::Id);
    const AscendClusterOutput *c = clusterOutput(ctx.trace());
    if (!c) {
        t.notes.push_back("no msprof-analyze cluster output in the trace");
        return t;
    }
    // rank rows by (step text, rank) to find each stage's slowest rank of that step
    std::map<std::pair<std::string, std::int64_t>, const AscendClusterStepRow *> byRank;
    for (const AscendClusterStepRow &r : c->steps)
        if (!r.stage)
            byRank[{r.step, r.rank}] = &r;
    std::size_t rows = 0;
    for (const AscendClusterStepRow &r : c->steps) {
        if (!r.stage)
            continue;
        if (!opt.ranks.empty()
            && std::none_of(r.stageRanks.begin(), r.stageRanks.end(), [&](std::int64_t k) { return opt.wantsRank(int(k)); }))
            continue;
        r.stepNumber == kNoStep ? step.pushNull() : step.push(r.stepNumber);
        ranks.push(r.index);
        count.push(std::int64_t(r.stageRanks.size()));
        pushNs(computing, r.computing);
        pushNs(notOv, r.notOverlapped);
        pushNs(overlapped, r.overlapped);
        pushNs(comm, r.communication);
        pushNs(free, r.free);
        pushNs(stage, r.stageTime);
        pushNs(bubble, r.bubble);
        std::int64_t best = kNullInt;
        double bestWork = -1;
        for (std::int64_t k : r.stageRanks) {
            const auto it = byRank.find({r.step, k});
            if (it == byRank.end() || !std::isfinite(it->second->computing) || !std::isfinite(it->second->free))
                continue;
            const double w = it->second->computing + it->second->free;
            if (w > bestWork) {
                bestWork = w;
                best = k;
            }
        }
        slowRank.push(best);
        t.keys.push_back(RowKey{kEmptyString, best == kNullInt ? -1 : std::int32_t(best), -1, {}});
        ++rows;
    }
    if (!c->hasStepFile)
        t.notes.push_back("the cluster output has no cluster_step_trace_time.csv");
    else if (!rows)
        t.notes.push_back("cluster_step_trace_time.csv has no stage rows (msprof-analyze writes them only for pipeline-parallel jobs)");
    else
        t.notes.push_back("each column is the maximum over the stage's ranks, as msprof-analyze writes it");
    return t;
}

} // namespace accelscope::model::analysis
