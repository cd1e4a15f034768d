// Ascend step breakdown (torch_npu's step_trace_time.csv columns, computed from the timeline),
// the per-rank comparison that points at the slow rank, and the `steps` dispatcher.
#include "ascendsteps.h"

#include "analyses.h"
#include "intervals.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace accelscope::model::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct StepRow {
    int rank = 0;
    int device = -1;
    std::int64_t step = kNoStep;
    bool computeKnown = true; ///< the rank has device compute tasks in the trace
    bool hasHost = false;     ///< a ProfilerStep host span: Preparing is known
    std::int64_t computing = 0, notOverlapped = 0, overlapped = 0, communication = 0, free = 0, stage = 0, bubble = 0,
                 exclReceive = 0, preparing = 0;
    TimeNs first = 0; ///< first task start (kNullInt when none)
    bool any = false;
    std::uint32_t computeTasks = 0, commOps = 0;
    RowKey key;
};

struct Range {
    TimeNs lo, hi;
    std::int64_t number;
    bool hasHost;
    TimeNs hostStart;
    SliceRef slice;
};

/// The step ranges of a rank, in torch_npu's order (host steps by start).
std::vector<Range> stepRanges(const AscendRank &r, std::string &how)
{
    std::vector<Range> out;
    if (!r.steps.empty()) {
        for (const AscendStep &s : r.steps)
            out.push_back({s.deviceStart, s.deviceEnd, s.number, s.hasHost, s.hostStart, s.slice});
        how = r.steps.front().hasHost ? "ProfilerStep" : "step trace";
        return out;
    }
    // No ProfilerStep on the host (kernel_details only, or a trace without schedule): the
    // kernel_details "Step Id" of the tasks, else one step over everything (torch_npu's empty Step).
    std::map<std::int64_t, std::pair<TimeNs, TimeNs>> ids;
    auto add = [&](std::int64_t id, TimeNs s, TimeNs e) {
        if (id == kNoStep)
            return;
        auto [it, ins] = ids.emplace(id, std::make_pair(s, std::max(e, s + 1)));
        if (!ins) {
            it->second.first = std::min(it->second.first, s);
            it->second.second = std::max({it->second.second, e, s + 1});
        }
    };
    for (const AscendTask &t : r.compute)
        add(t.stepId, t.start, t.end);
    for (const AscendCommOp &c : r.comm)
        add(c.stepId, c.start, c.end);
    if (!ids.empty()) {
        for (const auto &[id, lohi] : ids)
            out.push_back({lohi.first, lohi.second, id, false, 0, SliceRef{}});
        std::stable_sort(out.begin(), out.end(), [](const Range &a, const Range &b) { return a.lo < b.lo; });
        how = "Step Id";
        return out;
    }
    out.push_back({std::numeric_limits<TimeNs>::min(), std::numeric_limits<TimeNs>::max(), kNoStep, false, 0, SliceRef{}});
    how = "none";
    return out;
}

/// Index of the first range (in order) containing t, for items sorted by start: assigns each
/// item once, as torch_npu's count_time does (`break` at the first step containing ts).
template <typename V>
std::vector<std::int32_t> assign(const V &items, const std::vector<Range> &ranges)
{
    std::vector<std::int32_t> out(items.size(), -1);
    for (std::size_t k = 0; k < ranges.size(); ++k) {
        auto lo = std::lower_bound(items.begin(), items.end(), ranges[k].lo,
                                   [](const auto &it, TimeNs t) { return it.start < t; });
        for (auto it = lo; it != items.end() && it->start < ranges[k].hi; ++it) {
            auto &slot = out[std::size_t(it - items.begin())];
            if (slot < 0)
                slot = std::int32_t(k);
        }
    }
    return out;
}

std::vector<StepRow> computeSteps(const Trace &tr, const AscendIndex &ix, const AnalysisOptions &opt,
                                  std::vector<std::string> &notes)
{
    std::vector<StepRow> rows;
    for (const AscendRank &r : ix.ranks) {
        if (!opt.wantsRank(r.rank))
            continue;
        if (opt.stop.stop_requested())
            return {};
        std::string how;
        const std::vector<Range> ranges = stepRanges(r, how);
        auto ct = assign(r.compute, ranges), cm = assign(r.comm, ranges);
        if (how == "Step Id" || how == "step trace") {
            // the files say which step a task / op belongs to (kernel_details Step Id; the
            // MindSpore step trace lists its ops per step, some start before the step's points)
            std::map<std::int64_t, std::int32_t> byNumber;
            for (std::size_t k = 0; k < ranges.size(); ++k)
                byNumber.emplace(ranges[k].number, std::int32_t(k));
            auto byStep = [&](const auto &items, std::vector<std::int32_t> &out) {
                for (std::size_t i = 0; i < items.size(); ++i)
                    if (items[i].stepId != kNoStep) {
                        auto it = byNumber.find(items[i].stepId);
                        out[i] = it == byNumber.end() ? -1 : it->second;
                    }
            };
            byStep(r.compute, ct);
            byStep(r.comm, cm);
        }
        struct Acc {
            std::vector<Interval> comp, comm;
            std::int64_t bubble = 0;
            TimeNs first = std::numeric_limits<TimeNs>::max();
            SliceRef firstSlice;
            std::uint32_t nc = 0, nm = 0;
        };
        std::vector<Acc> acc(ranges.size());
        std::uint64_t outside = 0;
        auto clip = [&](TimeNs &s, TimeNs &e) {
            if (opt.range) {
                s = std::max(s, opt.range->first);
                e = std::min(e, opt.range->second);
            }
            return e >= s;
        };
        for (std::size_t i = 0; i < r.compute.size(); ++i) {
            const AscendTask &t = r.compute[i];
            if (!opt.overlapsRange(t.start, t.end))
                continue;
            if (ct[i] < 0) {
                ++outside;
                continue;
            }
            Acc &a = acc[std::size_t(ct[i])];
            TimeNs s = t.start, e = t.end;
            if (!clip(s, e))
                continue;
            a.comp.push_back({s, e});
            if (t.start < a.first) {
                a.first = t.start;
                a.firstSlice = t.slice;
            }
            ++a.nc;
        }
        for (std::size_t i = 0; i < r.comm.size(); ++i) {
            const AscendCommOp &c = r.comm[i];
            if (!opt.overlapsRange(c.start, c.end))
                continue;
            if (cm[i] < 0) {
                ++outside;
                continue;
            }
            Acc &a = acc[std::size_t(cm[i])];
            TimeNs s = c.start, e = c.end;
            if (!clip(s, e))
                continue;
            a.comm.push_back({s, e});
            if (c.receive)
                a.bubble += e - s;
            if (c.start < a.first) {
                a.first = c.start;
                a.firstSlice = c.slice;
            }
            ++a.nm;
        }
        for (std::size_t k = 0; k < ranges.size(); ++k) {
            const Range &g = ranges[k];
            Acc &a = acc[k];
            if (opt.range && a.nc + a.nm == 0 && !opt.overlapsRange(g.lo, g.hi))
                continue;
            StepRow row;
            row.rank = r.rank;
            row.device = r.device;
            row.step = g.number;
            row.computeKnown = r.hasHardware;
            row.hasHost = g.hasHost;
            const auto cu = unionOf(a.comp), mu = unionOf(a.comm);
            std::vector<Interval> both(cu.begin(), cu.end());
            both.insert(both.end(), mu.begin(), mu.end());
            const auto bu = unionOf(both);
            row.computing = totalLength(cu);
            row.communication = totalLength(mu);
            row.overlapped = intersectionLength(cu, mu);
            row.notOverlapped = row.communication - row.overlapped;
            const std::int64_t e2e = bu.empty() ? 0 : bu.back().end - bu.front().start;
            row.free = e2e - totalLength(bu);
            row.bubble = a.bubble;
            row.stage = e2e - a.bubble;
            row.exclReceive = row.notOverlapped - a.bubble;
            row.any = a.nc + a.nm > 0;
            row.first = row.any ? a.first : 0;
            row.preparing = row.any && g.hasHost ? a.first - g.hostStart : 0;
            row.computeTasks = a.nc;
            row.commOps = a.nm;
            const SliceRef key = g.slice.valid() ? g.slice : a.firstSlice;
            row.key = RowKey{g.slice.valid() ? tr.track(g.slice.track).slices.name[g.slice.index] : kEmptyString, r.rank, -1, key};
            rows.push_back(row);
        }
        const std::string rk = "rank " + std::to_string(r.rank) + ": ";
        if (!r.hasHardware)
            notes.push_back(rk + "no device compute tasks in the trace (no trace_view.json, kernel_details.csv or db for this rank): "
                                 "only Communication and Bubble are known");
        if (how == "Step Id")
            notes.push_back(rk + "no ProfilerStep on the host; steps from the tasks' kernel_details Step Id (Preparing unknown)");
        else if (how == "step trace")
            notes.push_back(rk + "steps from the MindSpore step trace (Preparing unknown)");
        else if (how == "none")
            notes.push_back(rk + "no steps in the trace: one row over all device work (torch_npu writes an empty Step)");
        if (outside)
            notes.push_back(rk + std::to_string(outside) + " device tasks / ops start outside every step and are not counted");
    }
    std::stable_sort(rows.begin(), rows.end(), [](const StepRow &a, const StepRow &b) {
        if (a.rank != b.rank)
            return a.rank < b.rank;
        return a.step < b.step; // kNoStep (no number) first
    });
    return rows;
}

double median(std::vector<double> v)
{
    if (v.empty())
        return kNaN;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::string fmtPct(double p)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f%%", p);
    return buf;
}

} // namespace

Table ascendStepBreakdown(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const Trace &tr = ctx.trace();
    const AscendIndex &ix = ascendIndex(ctx);
    Table t("steps", "Step breakdown (Ascend)");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addInt("device", "Device", Unit::Id);
    Column &step = t.addInt("step", "Step", Unit::Id);
    const Unit ns = Unit::Nanoseconds;
    Column &computing = t.addInt("computing_ns", "Computing", ns);
    Column &notOv = t.addInt("communication_not_overlapped_ns", "Communication(Not Overlapped)", ns);
    Column &overlapped = t.addInt("overlapped_ns", "Overlapped", ns);
    Column &comm = t.addInt("communication_ns", "Communication", ns);
    Column &free = t.addInt("free_ns", "Free", ns);
    Column &stage = t.addInt("stage_ns", "Stage", ns);
    Column &bubble = t.addInt("bubble_ns", "Bubble", ns);
    Column &excl = t.addInt("communication_not_overlapped_exclude_receive_ns",
                            "Communication(Not Overlapped and Exclude Receive)", ns);
    Column &preparing = t.addInt("preparing_ns", "Preparing", ns);
    Column &start = t.addInt("device_start", "First device task", Unit::TimestampNs);
    Column &nTasks = t.addInt("compute_tasks", "Compute tasks", Unit::Count);
    Column &nOps = t.addInt("communication_ops", "Communication ops", Unit::Count);
    std::vector<std::string> notes;
    const auto rows = computeSteps(tr, ix, opt, notes);
    if (opt.stop.stop_requested())
        return Table("steps", "Step breakdown (Ascend)");
    auto put = [](Column &c, bool known, std::int64_t v) { known ? c.push(v) : c.pushNull(); };
    for (const StepRow &r : rows) {
        rank.push(std::int64_t(r.rank));
        put(device, r.device >= 0, r.device);
        put(step, r.step != kNoStep, r.step);
        const bool k = r.computeKnown;
        put(computing, k, r.computing);
        put(notOv, k, r.notOverlapped);
        put(overlapped, k, r.overlapped);
        comm.push(r.communication);
        put(free, k, r.free);
        put(stage, k, r.stage);
        bubble.push(r.bubble);
        put(excl, k, r.exclReceive);
        put(preparing, k && r.hasHost && r.any, r.preparing);
        put(start, r.any, r.first - tr.startNs());
        nTasks.push(std::int64_t(r.computeTasks));
        nOps.push(std::int64_t(r.commOps));
        t.keys.push_back(r.key);
    }
    if (ix.ranks.empty())
        t.notes.push_back("no Ascend device tasks or HCCL ops in the trace");
    t.notes.insert(t.notes.end(), notes.begin(), notes.end());
    return t;
}

Table slowRankAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const Trace &tr = ctx.trace();
    const AscendIndex &ix = ascendIndex(ctx);
    Table t("slow-rank", "Slow rank (Ascend step breakdown per rank)");
    const Unit ns = Unit::Nanoseconds;
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addInt("device", "Device", Unit::Id);
    Column &steps = t.addInt("steps", "Steps", Unit::Count);
    Column &computing = t.addInt("computing_ns", "Computing", ns);
    Column &notOv = t.addInt("communication_not_overlapped_ns", "Communication(Not Overlapped)", ns);
    Column &free = t.addInt("free_ns", "Free", ns);
    Column &bubble = t.addInt("bubble_ns", "Bubble", ns);
    Column &stage = t.addInt("stage_ns", "Stage", ns);
    Column &work = t.addInt("work_ns", "Own work (Computing + Free)", ns);
    Column &workDev = t.addReal("work_vs_median_pct", "Own work vs median", Unit::Percent);
    Column &compDev = t.addReal("computing_vs_median_pct", "Computing vs median", Unit::Percent);
    Column &freeDev = t.addReal("free_vs_median_pct", "Free vs median", Unit::Percent);
    Column &commDev = t.addReal("communication_not_overlapped_vs_median_pct", "Communication(Not Overlapped) vs median",
                                Unit::Percent);
    Column &slowest = t.addInt("slowest", "Slowest", Unit::None);
    Column &finding = t.addText("finding", "Finding");
    std::vector<std::string> notes;
    const auto rows = computeSteps(tr, ix, opt, notes);
    if (opt.stop.stop_requested())
        return Table("slow-rank", t.title);
    struct Agg {
        int rank = 0, device = -1;
        std::int64_t steps = 0, computing = 0, notOv = 0, free = 0, bubble = 0, stage = 0;
        bool known = true;
        double mean(std::int64_t v) const { return steps ? double(v) / double(steps) : kNaN; }
    };
    std::vector<Agg> aggs;
    for (const StepRow &r : rows) {
        if (aggs.empty() || aggs.back().rank != r.rank)
            aggs.push_back(Agg{r.rank, r.device});
        Agg &a = aggs.back();
        ++a.steps;
        a.computing += r.computing;
        a.notOv += r.notOverlapped;
        a.free += r.free;
        a.bubble += r.bubble;
        a.stage += r.stage;
        a.known = a.known && r.computeKnown;
    }
    // medians of the per-step means over the ranks whose compute tasks are in the trace
    std::vector<double> mw, mc, mf, mn;
    for (const Agg &a : aggs)
        if (a.known && a.steps) {
            mw.push_back(a.mean(a.computing + a.free));
            mc.push_back(a.mean(a.computing));
            mf.push_back(a.mean(a.free));
            mn.push_back(a.mean(a.notOv));
        }
    const double medW = median(mw), medC = median(mc), medF = median(mf), medN = median(mn);
    auto dev = [](double v, double med) { return med > 0 && std::isfinite(v) ? 100.0 * (v - med) / med : kNaN; };
    int slow = -1;
    double slowW = -1;
    for (std::size_t i = 0; i < aggs.size(); ++i)
        if (aggs[i].known && aggs[i].steps && aggs[i].mean(aggs[i].computing + aggs[i].free) > slowW) {
            slowW = aggs[i].mean(aggs[i].computing + aggs[i].free);
            slow = int(i);
        }
    const std::size_t compared = mw.size();
    double spread = kNaN;
    if (compared >= 2 && medW > 0)
        spread = 100.0 * (*std::max_element(mw.begin(), mw.end()) - *std::min_element(mw.begin(), mw.end())) / medW;
    for (std::size_t i = 0; i < aggs.size(); ++i) {
        const Agg &a = aggs[i];
        rank.push(std::int64_t(a.rank));
        a.device >= 0 ? device.push(std::int64_t(a.device)) : device.pushNull();
        steps.push(a.steps);
        auto put = [&](Column &c, std::int64_t v) { a.known ? c.push(v) : c.pushNull(); };
        put(computing, a.computing);
        put(notOv, a.notOv);
        put(free, a.free);
        bubble.push(a.bubble);
        put(stage, a.stage);
        put(work, a.computing + a.free);
        const bool cmp = a.known && compared >= 2;
        workDev.push(cmp ? dev(a.mean(a.computing + a.free), medW) : kNaN);
        compDev.push(cmp ? dev(a.mean(a.computing), medC) : kNaN);
        freeDev.push(cmp ? dev(a.mean(a.free), medF) : kNaN);
        commDev.push(cmp ? dev(a.mean(a.notOv), medN) : kNaN);
        const bool isSlow = int(i) == slow && compared >= 2;
        slowest.push(std::int64_t(isSlow ? 1 : 0));
        std::string f;
        if (!a.known)
            f = "no compute tasks in the trace: not compared";
        else if (compared < 2)
            f = "only one rank with compute tasks: nothing to compare";
        else if (isSlow) {
            const double dw = dev(a.mean(a.computing + a.free), medW);
            const double extraC = a.mean(a.computing) - medC, extraF = a.mean(a.free) - medF;
            f = "slowest: own work " + fmtPct(dw) + " vs median";
            if (dw > 5.0)
                f += extraC >= extraF ? ", mostly Computing (" + fmtPct(dev(a.mean(a.computing), medC)) + "): compute-bound"
                                      : ", mostly Free (" + fmtPct(dev(a.mean(a.free), medF)) + "): host/dispatch-bound";
            else
                f += " (within 5%: balanced)";
        }
        finding.push(std::move(f));
        SliceRef key;
        for (const StepRow &r : rows)
            if (r.rank == a.rank && r.key.slice.valid()) {
                key = r.key.slice;
                break;
            }
        t.keys.push_back(RowKey{kEmptyString, a.rank, -1, key});
    }
    if (slow >= 0 && compared >= 2) {
        const Agg &a = aggs[std::size_t(slow)];
        const double dw = dev(a.mean(a.computing + a.free), medW);
        char buf[320];
        if (dw > 5.0)
            std::snprintf(buf, sizeof buf,
                          "slow rank: %d, own work (Computing + Free per step) %.1f%% above the median of %zu ranks "
                          "(spread %.1f%%; msprof-analyze's rule of thumb: above 5%% points at a slow rank); the other "
                          "ranks wait for it in Communication",
                          a.rank, dw, compared, spread);
        else
            std::snprintf(buf, sizeof buf,
                          "no slow rank: own work (Computing + Free per step) of the %zu ranks within 5%% of the median "
                          "(largest: rank %d, %+.1f%%; spread %.1f%%)",
                          compared, a.rank, dw, spread);
        t.notes.push_back(buf);
    }
    if (ix.ranks.empty())
        t.notes.push_back("no Ascend device tasks or HCCL ops in the trace");
    t.notes.insert(t.notes.end(), notes.begin(), notes.end());
    return t;
}

Table stepsAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    if (!opt.htaCompat && isAscendTrace(ctx.trace()))
        return ascendStepBreakdown(ctx, opt);
    return stepBreakdown(ctx, opt);
}

} // namespace accelscope::model::analysis
