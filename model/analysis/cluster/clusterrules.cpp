// cluster-steps, cluster-slow-ranks, cluster-kernels (clusterrules.h).
#include "model/analysis/cluster/clusterrules.h"

#include "model/analysis/analyses.h"
#include "model/analysis/cluster/collectives.h"
#include "model/analysis/core/stats.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <set>

namespace accelscope::model::analysis {

namespace {

// Per-rank values of one column of a table with a `rank` column (rows without a value skipped).
std::map<std::int64_t, double> perRank(const Table &t, std::string_view column)
{
    std::map<std::int64_t, double> m;
    const Column *rank = t.column("rank");
    const Column *col = t.column(column);
    if (!rank || !col)
        return m;
    for (std::size_t i = 0; i < t.rowCount(); ++i)
        if (!col->isNull(i) && !rank->isNull(i))
            m[rank->ints[i]] = col->number(i);
    return m;
}

double medianOf(const std::map<std::int64_t, double> &m)
{
    std::vector<double> v;
    for (const auto &[r, x] : m)
        v.push_back(x);
    return v.empty() ? std::nan("") : median(v);
}

double valueOf(const std::map<std::int64_t, double> &m, std::int64_t r)
{
    const auto it = m.find(r);
    return it == m.end() ? std::nan("") : it->second;
}

} // namespace

std::string stepLengthColumn(const Table &steps)
{
    for (const char *c : {"step_total_ns", "stage_ns", "cpu_duration"})
        if (const Column *col = steps.column(c)) {
            for (std::size_t i = 0; i < col->size(); ++i)
                if (!col->isNull(i))
                    return c;
        }
    return {};
}

Table clusterSteps(const Table &steps)
{
    Table out("cluster-steps", "Steps per rank");
    Column &rank = out.addInt("rank", "Rank", Unit::Id);
    Column &step = out.addInt("step", "Step", Unit::Id);
    Column &len = out.addInt("step_ns", "Step", Unit::Nanoseconds);
    Column &vs = out.addReal("vs_median_pct", "vs median rank", Unit::Percent);
    Column &slowest = out.addInt("slowest", "Slowest rank of the step", Unit::None);
    const std::string lengthColumn = stepLengthColumn(steps);
    const Column *r = steps.column("rank"), *s = steps.column("step"), *l = steps.column(lengthColumn);
    if (lengthColumn.empty() || !r || !s || !l) {
        out.notes.push_back("the steps table has no step length (step_total_ns, stage_ns or cpu_duration)");
        out.notes.insert(out.notes.end(), steps.notes.begin(), steps.notes.end());
        return out;
    }
    std::vector<std::size_t> rows;
    for (std::size_t i = 0; i < steps.rowCount(); ++i)
        if (!l->isNull(i) && !s->isNull(i))
            rows.push_back(i);
    std::stable_sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) {
        return s->ints[a] != s->ints[b] ? s->ints[a] < s->ints[b] : r->ints[a] < r->ints[b];
    });
    for (std::size_t b = 0; b < rows.size();) {
        std::size_t e = b;
        std::vector<double> values;
        std::int64_t maxLen = std::numeric_limits<std::int64_t>::min();
        while (e < rows.size() && s->ints[rows[e]] == s->ints[rows[b]]) {
            values.push_back(l->number(rows[e]));
            maxLen = std::max(maxLen, static_cast<std::int64_t>(l->number(rows[e])));
            ++e;
        }
        const double med = median(values);
        bool flagged = false;
        for (std::size_t k = b; k < e; ++k) {
            const std::size_t i = rows[k];
            const auto v = static_cast<std::int64_t>(l->number(i));
            rank.push(r->ints[i]);
            step.push(s->ints[i]);
            len.push(v);
            vs.push(med > 0 ? 100.0 * (static_cast<double>(v) - med) / med : std::nan(""));
            const bool isSlowest = !flagged && v == maxLen && e - b > 1;
            flagged = flagged || isSlowest;
            slowest.push(static_cast<std::int64_t>(isSlowest ? 1 : 0));
        }
        b = e;
    }
    out.notes.push_back("step length: " + lengthColumn + " of each rank's steps");
    return out;
}

Table clusterSlowRanks(const std::vector<std::int64_t> &ranks, const Table &steps, const Table &temporal, const Table &overlap,
                       const Table &collectiveWait)
{
    // mean step per rank
    std::map<std::int64_t, std::pair<double, int>> sums;
    if (const Column *r = steps.column("rank"), *l = steps.column("step_ns"); r && l)
        for (std::size_t i = 0; i < steps.rowCount(); ++i) {
            auto &[sum, n] = sums[r->ints[i]];
            sum += l->number(i);
            ++n;
        }
    std::map<std::int64_t, double> stepLen;
    for (const auto &[r, sn] : sums)
        stepLen[r] = sn.first / sn.second;
    const auto compute = perRank(temporal, "compute_ns");
    const auto idle = perRank(temporal, "idle_ns");
    std::map<std::int64_t, double> exposed;
    {
        const auto comm = perRank(overlap, "communication_ns");
        const auto ov = perRank(overlap, "overlap_ns");
        for (const auto &[r, c] : comm)
            exposed[r] = c - valueOf(ov, r);
    }
    const auto waited = perRank(collectiveWait, "wait_ns");
    const auto caused = perRank(collectiveWait, "caused_wait_ns");
    const auto straggler = perRank(collectiveWait, "straggler");
    const double mStep = medianOf(stepLen), mCompute = medianOf(compute), mExposed = medianOf(exposed), mIdle = medianOf(idle),
                 mWait = medianOf(waited);
    auto above = [](double v, double m) { return std::isfinite(v) && std::isfinite(m) && v > 1.1 * m && v - m > 1000.0; };

    Table out("cluster-slow-ranks", "Slow ranks and why");
    Column &rank = out.addInt("rank", "Rank", Unit::Id);
    Column &step = out.addReal("mean_step_ns", "Mean step", Unit::Nanoseconds);
    Column &vs = out.addReal("vs_median_pct", "Step vs median rank", Unit::Percent);
    Column &comp = out.addReal("compute_ns", "Compute", Unit::Nanoseconds);
    Column &exp = out.addReal("exposed_comm_ns", "Exposed communication", Unit::Nanoseconds);
    Column &idl = out.addReal("idle_ns", "Device idle", Unit::Nanoseconds);
    Column &wt = out.addReal("collective_wait_ns", "Waited in collectives", Unit::Nanoseconds);
    Column &cs = out.addReal("caused_wait_ns", "Wait caused to others", Unit::Nanoseconds);
    Column &why = out.addText("why", "Why");
    for (const std::int64_t r : ranks) {
        const double s = valueOf(stepLen, r);
        rank.push(r);
        step.push(s);
        vs.push(std::isfinite(s) && mStep > 0 ? 100.0 * (s - mStep) / mStep : std::nan(""));
        comp.push(valueOf(compute, r));
        exp.push(valueOf(exposed, r));
        idl.push(valueOf(idle, r));
        wt.push(valueOf(waited, r));
        cs.push(valueOf(caused, r));
        // Collectives keep ranks in step, so step lengths hardly differ: the straggler is named
        // whatever its step; the other reasons only for a rank whose steps are longer than the
        // median rank's by more than 1 % (or when the steps are unknown).
        const bool slower = !std::isfinite(s) || !std::isfinite(mStep) || s > 1.01 * mStep;
        std::string reason;
        if (valueOf(straggler, r) == 1.0)
            reason = "straggler: arrives last at collectives, the others waited " + std::to_string(static_cast<long long>(valueOf(caused, r) / 1e6))
                + " ms for it";
        else if (!slower)
            reason.clear();
        else if (above(valueOf(compute, r), mCompute))
            reason = "more compute than the median rank (+" + std::to_string(static_cast<int>(100.0 * (valueOf(compute, r) - mCompute) / mCompute)) + " %)";
        else if (above(valueOf(exposed, r), mExposed))
            reason = "more exposed communication than the median rank";
        else if (above(valueOf(idle, r), mIdle))
            reason = "device idle more than the median rank (host-bound: data loading, launches, synchronization)";
        else if (above(valueOf(waited, r), mWait))
            reason = "waits for later ranks in collectives";
        why.push(reason);
    }
    return out;
}

Table clusterKernels(const Table &k)
{
    Table out("cluster-kernels", "Kernels across ranks");
    Column &name = out.addText("name", "Kernel");
    Column &nranks = out.addInt("ranks", "Ranks", Unit::Count);
    Column &mean = out.addReal("mean_total_ns", "Mean total per rank", Unit::Nanoseconds);
    Column &medCol = out.addReal("median_total_ns", "Median total", Unit::Nanoseconds);
    Column &minCol = out.addInt("min_total_ns", "Min total", Unit::Nanoseconds);
    Column &maxCol = out.addInt("max_total_ns", "Max total", Unit::Nanoseconds);
    Column &maxRank = out.addInt("max_rank", "Rank of the max", Unit::Id);
    Column &outliers = out.addText("outlier_ranks", "Ranks over 25 % from the median");
    const Column *n = k.column("name"), *r = k.column("rank"), *tot = k.column("total_ns");
    if (!n || !r || !tot)
        return out;
    std::vector<std::size_t> rows(k.rowCount());
    std::iota(rows.begin(), rows.end(), std::size_t{0});
    std::stable_sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) {
        return n->texts[a] != n->texts[b] ? n->texts[a] < n->texts[b] : r->ints[a] < r->ints[b];
    });
    for (std::size_t b = 0; b < rows.size();) {
        std::size_t e = b;
        std::vector<double> v;
        while (e < rows.size() && n->texts[rows[e]] == n->texts[rows[b]])
            v.push_back(static_cast<double>(tot->ints[rows[e++]]));
        const double m = median(v);
        double sum = 0;
        std::size_t imax = rows[b], imin = rows[b];
        std::string list;
        for (std::size_t q = b; q < e; ++q) {
            const std::size_t i = rows[q];
            sum += static_cast<double>(tot->ints[i]);
            if (tot->ints[i] > tot->ints[imax])
                imax = i;
            if (tot->ints[i] < tot->ints[imin])
                imin = i;
            if (m > 0 && std::abs(static_cast<double>(tot->ints[i]) - m) > 0.25 * m)
                list += (list.empty() ? "" : ",") + std::to_string(r->ints[i]);
        }
        name.push(n->texts[rows[b]]);
        nranks.push(static_cast<std::int64_t>(e - b));
        mean.push(sum / static_cast<double>(e - b));
        medCol.push(m);
        minCol.push(tot->ints[imin]);
        maxCol.push(tot->ints[imax]);
        maxRank.push(r->ints[imax]);
        outliers.push(list);
        b = e;
    }
    out.sortBy({{out.columnIndex("mean_total_ns"), true}, {out.columnIndex("name")}});
    return out;
}

Table clusterStepsAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    return clusterSteps(runAnalysis("steps", ctx, opt));
}

Table clusterSlowRanksAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    std::set<std::int64_t> present;
    for (const Process &p : ctx.trace().processes())
        if (opt.wantsRank(rankOf(p)))
            present.insert(rankOf(p));
    return clusterSlowRanks({present.begin(), present.end()}, clusterStepsAnalysis(ctx, opt), runAnalysis("temporal", ctx, opt),
                            runAnalysis("overlap", ctx, opt), collectiveWait(collectivesTable(ctx, opt)));
}

Table clusterKernelsAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    return clusterKernels(runAnalysis("kernels", ctx, opt));
}

} // namespace accelscope::model::analysis
