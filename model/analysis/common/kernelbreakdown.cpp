// Kernel breakdown, kernel-type breakdown and GPU user-annotation breakdown (HTA §5, §13).
#include "model/analysis/analyses.h"
#include "model/analysis/core/eventset.h"
#include "model/analysis/core/intervals.h"
#include "model/analysis/core/stats.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

namespace accelscope::model::analysis {

namespace {

struct NameAgg {
    StringId name = kEmptyString;
    KernelType type = KernelType::Other;
    DurationStats durs;
    std::uint32_t longestGid = 0;
    std::int64_t longest = std::numeric_limits<std::int64_t>::min();
};

/// Groups events (indices into v) by name, in first-appearance order.
std::vector<NameAgg> groupByName(const std::vector<Ev> &v, const std::vector<std::uint32_t> &idx)
{
    std::vector<NameAgg> out;
    std::unordered_map<StringId, std::size_t> pos;
    for (std::uint32_t i : idx) {
        const Ev &e = v[i];
        auto [it, ins] = pos.emplace(e.name, out.size());
        if (ins) {
            out.emplace_back();
            out.back().name = e.name;
            out.back().type = e.type;
        }
        NameAgg &a = out[it->second];
        a.durs.add(e.dur);
        if (e.dur > a.longest) {
            a.longest = e.dur;
            a.longestGid = e.gid;
        }
    }
    return out;
}

/// Union of device busy intervals of a rank, clipped to the range; SYNC rows excluded natively.
std::vector<Interval> busyUnion(const EventSet &s, const std::vector<std::uint32_t> &idx, bool (*pred)(const Ev &))
{
    std::vector<Interval> iv;
    iv.reserve(idx.size());
    for (std::uint32_t i : idx) {
        const Ev &e = s.gpu[i];
        if (pred(e))
            iv.push_back({e.ts, e.end()});
    }
    if (s.clip)
        clipTo(iv, s.clipLo, s.clipHi);
    return unionOf(iv);
}

/// HTA's _aggr_gpu_kernel_time for one (rank, type): rows of (name, sum, max, min, mean, std).
struct HtaRow {
    std::string name;
    double sum, max, min, mean, std;
};
std::vector<HtaRow> htaAggregate(const Trace &tr, std::vector<NameAgg> &groups, int numKernels, double ratio)
{
    std::vector<HtaRow> rows;
    for (NameAgg &g : groups) {
        const auto r = g.durs.finish();
        rows.push_back({std::string(tr.str(g.name)), double(r.sum), double(r.max), double(r.min), r.mean, r.std});
    }
    // sort by sum descending (pandas quicksort is not stable; ties are ordered by name here)
    std::stable_sort(rows.begin(), rows.end(), [](const HtaRow &a, const HtaRow &b) {
        if (a.sum != b.sum)
            return a.sum > b.sum;
        return a.name < b.name;
    });
    if (int(rows.size()) <= numKernels)
        return rows;
    std::vector<double> cumsum(rows.size());
    double acc = 0;
    for (std::size_t i = 0; i < rows.size(); ++i)
        cumsum[i] = acc += rows[i].sum;
    std::vector<double> sorted = cumsum; // already ascending (sums are >= 0 in practice)
    std::sort(sorted.begin(), sorted.end());
    const double q = quantileSorted(sorted, ratio);
    std::map<std::string, std::vector<double>> regroup; // name -> sums
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const bool other = cumsum[i] > q || int(i) >= numKernels;
        regroup[other ? std::string("others") : rows[i].name].push_back(rows[i].sum);
    }
    std::vector<HtaRow> out;
    for (auto &[name, sums] : regroup) {
        double s = 0, mx = sums[0], mn = sums[0];
        for (double x : sums) {
            s += x;
            mx = std::max(mx, x);
            mn = std::min(mn, x);
        }
        out.push_back({name, s, mx, mn, s / double(sums.size()), sampleStd(sums)});
    }
    return out;
}

bool notSync(const Ev &e) { return e.type != KernelType::Sync; }

/// The statistics columns HTA's breakdowns print, in HTA's order and names.
struct HtaStatColumns {
    Column &name, &sum, &max, &min, &sd, &mean;
};

HtaStatColumns addHtaStatColumns(Table &t, const char *nameTitle)
{
    Column &name = t.addText("name", nameTitle);
    Column &sum = t.addReal("sum (us)", "Sum", Unit::Microseconds);
    Column &max = t.addReal("max (us)", "Max", Unit::Microseconds);
    Column &min = t.addReal("min (us)", "Min", Unit::Microseconds);
    Column &sd = t.addReal("stddev", "Std dev", Unit::Microseconds);
    Column &mean = t.addReal("mean (us)", "Mean", Unit::Microseconds);
    return {name, sum, max, min, sd, mean};
}

Table kernelBreakdownCompat(const AnalysisContext &ctx, const AnalysisOptions &opt, const EventSet &s)
{
    const Trace &tr = ctx.trace();
    Table t("kernels", "GPU kernel breakdown");
    const HtaStatColumns c = addHtaStatColumns(t, "Kernel");
    Column &name = c.name, &sum = c.sum, &max = c.max, &min = c.min, &sd = c.sd, &mean = c.mean;
    Column &type = t.addText("kernel_type", "Type");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    const int numKernels = opt.topKernels < 0 ? 10 : opt.topKernels;
    const double ratio = opt.durationRatio < 0 ? 0.8 : opt.durationRatio;
    const KernelType types[] = {KernelType::Computation, KernelType::Communication, KernelType::Memory};
    for (auto &[r, idx] : byRank(s.gpu, s.ranks)) {
        for (KernelType kt : types) {
            std::vector<std::uint32_t> sub;
            for (std::uint32_t i : idx)
                if (s.gpu[i].type == kt)
                    sub.push_back(i);
            auto groups = groupByName(s.gpu, sub);
            for (const HtaRow &row : htaAggregate(tr, groups, numKernels, ratio)) {
                name.push(row.name);
                sum.push(row.sum);
                max.push(row.max);
                min.push(row.min);
                sd.push(row.std);
                mean.push(row.mean);
                type.push(std::string(kernelTypeName(kt)));
                rank.push(std::int64_t(r));
            }
        }
    }
    t.sortBy({{t.columnIndex("kernel_type")}, {t.columnIndex("name")}, {t.columnIndex("rank")}});
    t.notes = s.notes;
    return t;
}

} // namespace

Table kernelBreakdown(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const EventSet s = selectEvents(ctx, opt, SelectGpu);
    if (s.compat)
        return kernelBreakdownCompat(ctx, opt, s);
    const Trace &tr = ctx.trace();
    Table t("kernels", "Kernel breakdown");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &name = t.addText("name", "Kernel");
    Column &type = t.addText("kernel_type", "Type");
    Column &count = t.addInt("count", "Count", Unit::Count);
    Column &total = t.addInt("total_ns", "Total", Unit::Nanoseconds);
    Column &mean = t.addReal("mean_ns", "Mean", Unit::Nanoseconds);
    Column &min = t.addInt("min_ns", "Min", Unit::Nanoseconds);
    Column &max = t.addInt("max_ns", "Max", Unit::Nanoseconds);
    Column &sd = t.addReal("std_ns", "Std dev", Unit::Nanoseconds);
    Column &p50 = t.addReal("p50_ns", "P50", Unit::Nanoseconds);
    Column &p90 = t.addReal("p90_ns", "P90", Unit::Nanoseconds);
    Column &p99 = t.addReal("p99_ns", "P99", Unit::Nanoseconds);
    Column &share = t.addReal("busy_share_pct", "Share of busy time", Unit::Percent);
    const int topN = opt.topKernels;
    for (auto &[r, idx] : byRank(s.gpu, s.ranks)) {
        if (opt.stop.stop_requested())
            return Table("kernels", "Kernel breakdown");
        const std::int64_t busy = totalLength(busyUnion(s, idx, notSync));
        auto groups = groupByName(s.gpu, idx);
        std::vector<std::pair<NameAgg *, DurationStats::Result>> res;
        for (NameAgg &g : groups) {
            std::vector<std::int64_t> keepValues = topN >= 0 ? g.durs.values : std::vector<std::int64_t>{};
            auto st = g.durs.finish();
            if (topN >= 0)
                g.durs.values = std::move(keepValues);
            res.emplace_back(&g, st);
        }
        std::stable_sort(res.begin(), res.end(), [](const auto &a, const auto &b) { return a.second.sum > b.second.sum; });
        NameAgg others;
        bool haveOthers = false;
        if (topN >= 0 && int(res.size()) > topN) {
            // Accelscope's "others": the true statistics of every remaining occurrence (HTA's are
            // statistics over per-kernel sums, see docs/analysis.md)
            for (std::size_t k = std::size_t(topN); k < res.size(); ++k)
                for (std::int64_t v : res[k].first->durs.values)
                    others.durs.add(v);
            res.resize(std::size_t(topN));
            haveOthers = true;
        }
        // A copy of the structured binding: lambdas may not capture one before C++20 compilers
        // caught up (clang < 16 rejects it).
        auto emit = [&, rankOfRows = r](std::string n, KernelType kt, const DurationStats::Result &st, RowKey key) {
            rank.push(std::int64_t(rankOfRows));
            name.push(std::move(n));
            type.push(std::string(kernelTypeName(kt)));
            count.push(st.count);
            total.push(st.sum);
            mean.push(st.mean);
            min.push(st.min);
            max.push(st.max);
            sd.push(st.std);
            p50.push(st.p50);
            p90.push(st.p90);
            p99.push(st.p99);
            share.push(busy > 0 ? 100.0 * double(st.sum) / double(busy) : std::numeric_limits<double>::quiet_NaN());
            t.keys.push_back(key);
        };
        for (auto &[g, st] : res)
            emit(std::string(tr.str(g->name)), g->type, st, RowKey{g->name, r, -1, ctx.index().ref(g->longestGid)});
        if (haveOthers)
            emit("others", KernelType::Other, others.durs.finish(), RowKey{kEmptyString, r, -1, {}});
    }
    t.sortBy({{t.columnIndex("total_ns"), true}, {t.columnIndex("rank")}, {t.columnIndex("name")}});
    t.notes = s.notes;
    return t;
}

Table kernelTypeBreakdown(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const EventSet s = selectEvents(ctx, opt, SelectGpu);
    const KernelType types[] = {KernelType::Computation, KernelType::Communication, KernelType::Memory};
    std::vector<std::int64_t> bySlot(32, 0);
    for (auto &[r, idx] : byRank(s.gpu, s.ranks)) {
        std::vector<std::vector<Interval>> unions;
        for (KernelType kt : types) {
            std::vector<Interval> iv;
            for (std::uint32_t i : idx)
                if (s.gpu[i].type == kt)
                    iv.push_back({s.gpu[i].ts, s.gpu[i].end()});
            if (s.clip)
                clipTo(iv, s.clipLo, s.clipHi);
            unions.push_back(unionOf(iv));
        }
        const auto cov = coverageByMask(unions);
        for (std::size_t k = 0; k < cov.size(); ++k)
            bySlot[k] += cov[k];
    }
    struct Row {
        std::string label;
        std::int64_t sum;
    };
    std::vector<Row> rows;
    std::int64_t all = 0;
    for (std::size_t slot = kMaskOffset + 1; slot < bySlot.size(); ++slot) {
        if (bySlot[slot] == 0)
            continue;
        const int mask = int(slot) - kMaskOffset;
        std::string label;
        for (int b = 0; b < 3; ++b) {
            if (mask & (1 << b)) {
                if (!label.empty())
                    label += " overlapping ";
                label += kernelTypeName(types[b]);
            }
        }
        rows.push_back({label, bySlot[slot]});
        all += bySlot[slot];
    }
    std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) { return a.sum > b.sum; });
    Table t("kernel-types", "Kernel type breakdown");
    Column &type = t.addText("kernel_type", "Kernel types running");
    Column &sum = t.addInt(s.compat ? "sum" : "time_ns", "Time", s.compat ? Unit::Microseconds : Unit::Nanoseconds);
    Column &pct = t.addReal("percentage", "Share", Unit::Percent);
    for (const Row &row : rows) {
        type.push(row.label);
        sum.push(row.sum);
        const double p = all > 0 ? 100.0 * double(row.sum) / double(all) : std::numeric_limits<double>::quiet_NaN();
        pct.push(s.compat ? roundHalfEven(p, 1) : p);
    }
    t.notes = s.notes;
    return t;
}

Table annotationBreakdown(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const EventSet s = selectEvents(ctx, opt, SelectCpu);
    const Trace &tr = ctx.trace();
    const StringId annCat = ctx.index().catGpuUserAnnotation;
    std::vector<std::pair<int, std::vector<std::uint32_t>>> groupsByRank = byRank(s.cpu, s.ranks);
    for (auto &[r, idx] : groupsByRank)
        std::erase_if(idx, [&](std::uint32_t i) { return annCat == kInvalidId || s.cpu[i].cat != annCat; });
    if (s.compat) {
        Table t("annotations", "GPU user-annotation breakdown");
        const HtaStatColumns c = addHtaStatColumns(t, "Annotation");
        Column &name = c.name, &sum = c.sum, &max = c.max, &min = c.min, &sd = c.sd, &mean = c.mean;
        Column &rank = t.addInt("rank", "Rank", Unit::Id);
        const int numKernels = opt.topKernels < 0 ? 1000 : opt.topKernels;
        const double ratio = opt.durationRatio < 0 ? 0.8 : opt.durationRatio;
        for (auto &[r, idx] : groupsByRank) {
            auto groups = groupByName(s.cpu, idx);
            for (const HtaRow &row : htaAggregate(tr, groups, numKernels, ratio)) {
                name.push(row.name);
                sum.push(row.sum);
                max.push(row.max);
                min.push(row.min);
                sd.push(row.std);
                mean.push(row.mean);
                rank.push(std::int64_t(r));
            }
        }
        t.sortBy({{t.columnIndex("rank")}, {t.columnIndex("name")}});
        t.notes = s.notes;
        return t;
    }
    Table t("annotations", "GPU user-annotation breakdown");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &name = t.addText("name", "Annotation");
    Column &count = t.addInt("count", "Count", Unit::Count);
    Column &total = t.addInt("total_ns", "Total", Unit::Nanoseconds);
    Column &mean = t.addReal("mean_ns", "Mean", Unit::Nanoseconds);
    Column &min = t.addInt("min_ns", "Min", Unit::Nanoseconds);
    Column &max = t.addInt("max_ns", "Max", Unit::Nanoseconds);
    Column &sd = t.addReal("std_ns", "Std dev", Unit::Nanoseconds);
    for (auto &[r, idx] : groupsByRank) {
        for (NameAgg &g : groupByName(s.cpu, idx)) {
            const auto st = g.durs.finish();
            rank.push(std::int64_t(r));
            name.push(std::string(tr.str(g.name)));
            count.push(st.count);
            total.push(st.sum);
            mean.push(st.mean);
            min.push(st.min);
            max.push(st.max);
            sd.push(st.std);
            t.keys.push_back(RowKey{g.name, r, -1, ctx.index().ref(g.longestGid)});
        }
    }
    t.sortBy({{t.columnIndex("rank")}, {t.columnIndex("name")}});
    t.notes = s.notes;
    return t;
}

} // namespace accelscope::model::analysis
