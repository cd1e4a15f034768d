// `cluster-chart` (chartdata.h): the cluster view's bar per rank and its pipeline stages.
#include "model/analysis/analyses.h"
#include "model/analysis/ascend/ascendcluster.h"
#include "model/analysis/charts/chartdata.h"
#include "model/ascendcluster.h"
#include "model/analysis/core/stats.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace accelscope::model::analysis {

namespace {

/// One pipeline stage of cluster_step_trace_time.csv: its ranks and its rows' Computing +
/// Communication(Not Overlapped) + Free (each the maximum over the stage's ranks), mean per step.
struct StageBand {
    std::vector<std::int64_t> ranks; ///< sorted
    double stepNs = 0;
};

/// The stage rows of a cluster output, averaged over steps, in first-rank order.
std::vector<StageBand> stageBands(const AscendClusterOutput &cluster)
{
    std::map<std::vector<std::int64_t>, std::pair<double, int>> sums; // ranks -> (Σ step, steps)
    for (const AscendClusterStepRow &r : cluster.steps) {
        if (!r.stage || !std::isfinite(r.computing) || !std::isfinite(r.free))
            continue;
        std::vector<std::int64_t> ranks = r.stageRanks;
        std::sort(ranks.begin(), ranks.end());
        auto &[sum, n] = sums[ranks];
        sum += (r.computing + (std::isfinite(r.notOverlapped) ? r.notOverlapped : 0) + r.free) * 1e3; // µs -> ns
        ++n;
    }
    std::vector<StageBand> out;
    for (auto &[ranks, acc] : sums) // a map: in first-rank (lexicographic) order
        out.push_back(StageBand{ranks, acc.second ? acc.first / acc.second : 0});
    return out;
}

/// Each rank's stage: its index in stageBands() and the stage's step (the first stage that names it).
std::map<std::int64_t, std::pair<std::int64_t, double>> stageOfRank(const AnalysisContext &ctx)
{
    std::map<std::int64_t, std::pair<std::int64_t, double>> out;
    const AscendClusterOutput *cluster = clusterOutput(ctx.trace());
    if (!cluster)
        return out;
    const std::vector<StageBand> bands = stageBands(*cluster);
    for (std::size_t k = 0; k < bands.size(); ++k)
        for (std::int64_t rank : bands[k].ranks)
            out.emplace(rank, std::pair{std::int64_t(k), bands[k].stepNs});
    return out;
}

} // namespace

Table clusterChart(const Table &slowRank, const AnalysisContext &ctx)
{
    Table t("cluster-chart", "Cluster chart: step per rank");
    const Unit ns = Unit::Nanoseconds;
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &steps = t.addInt("steps", "Steps", Unit::Count);
    Column &computing = t.addReal("computing_ns", "Computing per step", ns);
    Column &notOverlapped = t.addReal("communication_not_overlapped_ns", "Communication(Not Overlapped) per step", ns);
    Column &free = t.addReal("free_ns", "Free per step", ns);
    Column &step = t.addReal("step_ns", "Step (mean)", ns);
    Column &workVsMedian = t.addReal("work_vs_median_pct", "Own work vs median", Unit::Percent);
    Column &medianStep = t.addReal("median_step_ns", "Median rank's step", ns);
    Column &stage = t.addInt("stage", "Pipeline stage", Unit::Id);
    Column &stageStep = t.addReal("stage_step_ns", "Stage step (mean)", ns);
    const Column *rankIn = slowRank.column("rank"), *stepsIn = slowRank.column("steps");
    const Column *sums[] = {slowRank.column("computing_ns"), slowRank.column("communication_not_overlapped_ns"), slowRank.column("free_ns")};
    const Column *vsMedian = slowRank.column("work_vs_median_pct");
    if (!rankIn || !stepsIn || !vsMedian || std::find(std::begin(sums), std::end(sums), nullptr) != std::end(sums)) {
        t.notes.push_back("no Ascend step breakdown per rank (the slow-rank table has no rows or lacks its columns)");
        return t;
    }
    std::vector<std::size_t> order(slowRank.rowCount());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return rankIn->number(a) < rankIn->number(b); });
    const auto stages = stageOfRank(ctx);
    std::vector<double> knownSteps;
    for (std::size_t r : order) {
        const std::int64_t n = std::int64_t(stepsIn->number(r));
        const bool known = n > 0 && std::none_of(std::begin(sums), std::end(sums), [r](const Column *c) { return c->isNull(r); });
        rank.push(rankIn->ints[r]);
        steps.push(n);
        double total = 0;
        for (auto [sum, out] : {std::pair{sums[0], &computing}, {sums[1], &notOverlapped}, {sums[2], &free}}) {
            const double mean = known ? sum->number(r) / double(n) : std::nan("");
            out->push(mean);
            total += mean;
        }
        step.push(total);
        if (known)
            knownSteps.push_back(total);
        workVsMedian.push(vsMedian->number(r));
        const auto s = stages.find(rankIn->ints[r]);
        s == stages.end() ? stage.pushNull() : stage.push(s->second.first);
        stageStep.push(s == stages.end() ? std::nan("") : s->second.second);
        t.keys.push_back(RowKey{kEmptyString, std::int32_t(rankIn->ints[r]), -1, {}});
    }
    const double med = median(knownSteps);
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        medianStep.push(med);
    if (t.rowCount() > 0 && knownSteps.empty())
        t.notes.push_back("no rank has Computing, Communication(Not Overlapped) and Free for every step: no bars and no median");
    t.notes.insert(t.notes.end(), slowRank.notes.begin(), slowRank.notes.end());
    return t;
}

Table clusterChartAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    return clusterChart(runAnalysis("slow-rank", ctx, opt), ctx);
}

} // namespace accelscope::model::analysis
