// Comparing two runs (compare.h). The duration test is Mann–Whitney U: it makes no assumption on
// the shape of kernel-time distributions (often bimodal, heavy-tailed), and with Holm's correction
// over the names tested, noise on hundreds of kernels does not produce a list of "changes".
#include "model/analysis/common/compare.h"
#include "model/analysis/core/eventset.h"
#include "model/analysis/core/stats.h"
#include "model/analysis/core/tableformat.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <unordered_map>

namespace accelscope::model::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double meanOf(const std::vector<double> &v)
{
    return v.empty() ? kNaN : std::accumulate(v.begin(), v.end(), 0.0) / double(v.size());
}

/// Holm's step-down adjustment, in place (NaN p-values are left out and stay NaN).
void holmAdjust(std::vector<double> &p)
{
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < p.size(); ++i)
        if (!std::isnan(p[i]))
            order.push_back(i);
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
    const double m = double(order.size());
    double running = 0;
    for (std::size_t k = 0; k < order.size(); ++k) {
        running = std::max(running, std::min(1.0, (m - double(k)) * p[order[k]]));
        p[order[k]] = running;
    }
}

/// The verdict on a duration change: significant after correction and large enough to matter.
std::string durationVerdict(double adjustedP, double baseMedian, double candMedian, const CompareOptions &opt)
{
    if (std::isnan(adjustedP))
        return "untested";
    const double rel = baseMedian > 0 ? (candMedian - baseMedian) / baseMedian : 0;
    if (adjustedP >= opt.alpha || std::fabs(rel) < opt.minRelativeChange)
        return "unchanged";
    return rel > 0 ? "slower" : "faster";
}

/// HTA's TraceDiff classification by instance counts.
std::string countVerdict(std::size_t base, std::size_t cand)
{
    if (base == 0)
        return "added";
    if (cand == 0)
        return "deleted";
    if (cand > base)
        return "increased";
    if (cand < base)
        return "decreased";
    return "unchanged";
}

std::int64_t stepSpanEnd(const Table &t, std::size_t row, std::int64_t start)
{
    if (const Column *end = t.column("gpu_end"); end && !end->isNull(row))
        return end->ints[row];
    if (const Column *dur = t.column("cpu_duration"); dur && !dur->isNull(row) && t.column("cpu_start"))
        return t.column("cpu_start")->ints[row] + dur->ints[row];
    // torch_npu's step time: Computing + Communication(Not Overlapped) + Free.
    std::int64_t span = 0;
    for (const char *id : {"computing_ns", "communication_not_overlapped_ns", "free_ns"})
        if (const Column *c = t.column(id); c && !c->isNull(row))
            span += c->ints[row];
    return start + span;
}

/// Instances per name text: the durations of the device slices inside the chosen steps.
struct Instances {
    std::unordered_map<std::string_view, std::vector<double>> byName;
    std::unordered_map<std::string_view, std::string_view> typeOf;
};

Instances collectInstances(const AnalysisContext &ctx, const CompareOptions &opt, const StepSelection &steps)
{
    AnalysisOptions a = opt.analysis;
    a.htaCompat = false;
    a.range.reset();
    const EventSet set = selectEvents(ctx, a, SelectGpu);
    // Windows per rank, sorted, for a binary search per event.
    std::unordered_map<int, std::vector<std::pair<TimeNs, TimeNs>>> windows;
    for (const auto &w : steps.windows)
        windows[w.rank].emplace_back(w.start, w.end);
    for (auto &[rank, v] : windows)
        std::sort(v.begin(), v.end());
    // Grouped by string id first (an integer key), named once per name at the end: the
    // per-event work stays a lookup in a small map.
    std::unordered_map<StringId, std::size_t> slotOf;
    std::vector<std::vector<double>> durations;
    std::vector<KernelType> types;
    for (const Ev &e : set.gpu) {
        if (!steps.windows.empty()) {
            auto it = windows.find(e.rank);
            if (it == windows.end())
                continue;
            const auto &v = it->second;
            // The event belongs to the step it starts in.
            auto w = std::upper_bound(v.begin(), v.end(), std::pair<TimeNs, TimeNs>{e.ts, std::numeric_limits<TimeNs>::max()});
            if (w == v.begin() || e.ts >= std::prev(w)->second)
                continue;
        }
        auto [slot, inserted] = slotOf.emplace(e.name, durations.size());
        if (inserted) {
            durations.emplace_back();
            types.push_back(e.type);
        }
        durations[slot->second].push_back(double(e.dur));
    }
    Instances out;
    const Trace &trace = ctx.trace();
    for (const auto &[id, slot] : slotOf) {
        // Different ids with the same text (several sources) pool under one name.
        const std::string_view name = trace.str(id);
        auto &dst = out.byName[name];
        if (dst.empty())
            dst = std::move(durations[slot]);
        else
            dst.insert(dst.end(), durations[slot].begin(), durations[slot].end());
        out.typeOf.emplace(name, kernelTypeName(types[slot]));
    }
    return out;
}

} // namespace

double mannWhitneyP(std::vector<double> a, std::vector<double> b)
{
    const std::size_t n1 = a.size(), n2 = b.size();
    if (n1 < 3 || n2 < 3)
        return kNaN;
    struct Value {
        double v;
        bool first;
    };
    std::vector<Value> all;
    all.reserve(n1 + n2);
    for (double v : a)
        all.push_back({v, true});
    for (double v : b)
        all.push_back({v, false});
    std::sort(all.begin(), all.end(), [](const Value &x, const Value &y) { return x.v < y.v; });
    double rankSumA = 0, tieTerm = 0;
    for (std::size_t i = 0; i < all.size();) {
        std::size_t j = i;
        while (j < all.size() && all[j].v == all[i].v)
            ++j;
        const double avgRank = (double(i + 1) + double(j)) / 2;
        const double t = double(j - i);
        tieTerm += t * t * t - t;
        for (std::size_t k = i; k < j; ++k)
            if (all[k].first)
                rankSumA += avgRank;
        i = j;
    }
    const double dn1 = double(n1), dn2 = double(n2), n = dn1 + dn2;
    const double u = rankSumA - dn1 * (dn1 + 1) / 2;
    const double mean = dn1 * dn2 / 2;
    const double var = dn1 * dn2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)));
    if (var <= 0)
        return 1.0; // every value equal: no evidence of a difference
    const double z = (std::fabs(u - mean) - 0.5) / std::sqrt(var);
    return std::min(1.0, std::erfc(std::max(z, 0.0) / std::sqrt(2.0)));
}

namespace {

/// The run's `steps` table (native mode, whole run, every rank), computed once per context: the
/// kernels and the steps comparisons both need it, and it is the costly part of a comparison.
const Table &stepsTableOf(const AnalysisContext &ctx)
{
    auto cached = ctx.cached("compare.steps", [&ctx] {
        AnalysisOptions all;
        return std::static_pointer_cast<const void>(std::make_shared<const Table>(runAnalysis("steps", ctx, all)));
    });
    return *static_cast<const Table *>(cached.get());
}

} // namespace

StepSelection selectSteps(const AnalysisContext &ctx, const CompareOptions &opt)
{
    StepSelection sel;
    if (opt.steps == StepChoice::All) {
        // Every step, and whatever runs between them: the whole run, as HTA's TraceDiff compares.
        sel.description = "the whole run";
        return sel;
    }
    const Table &steps = stepsTableOf(ctx);
    const Column *rank = steps.column("rank");
    const Column *step = steps.column("step");
    // A step starts at its device work (gpu_start; Ascend's device_start), else on the host.
    const Column *starts[] = {steps.column("gpu_start"), steps.column("device_start"), steps.column("cpu_start")};
    const auto startOf = [&starts](std::size_t r) -> const Column * {
        for (const Column *c : starts)
            if (c && !c->isNull(r))
                return c;
        return nullptr;
    };
    if (steps.rowCount() == 0 || !rank || !step) {
        sel.description = "no steps found: the whole run is compared";
        return sel;
    }
    const TimeNs origin = ctx.trace().startNs();
    std::vector<StepSelection::Window> all;
    for (std::size_t r = 0; r < steps.rowCount(); ++r) {
        const Column *start = startOf(r);
        if (!start || step->isNull(r))
            continue;
        const std::int64_t s = start->ints[r];
        all.push_back({int(rank->ints[r]), step->ints[r], origin + s, origin + stepSpanEnd(steps, r, s)});
    }
    if (all.empty()) {
        sel.description = "no step has a start time: the whole run is compared";
        return sel;
    }
    switch (opt.steps) {
    case StepChoice::All:
        break;
    case StepChoice::Range:
        for (const auto &w : all)
            if (w.step >= opt.firstStep && w.step <= opt.lastStep)
                sel.windows.push_back(w);
        sel.description = "steps " + std::to_string(opt.firstStep) + "–" + std::to_string(opt.lastStep);
        if (sel.windows.empty())
            sel.description += ": none of them is in this run, nothing is compared";
        break;
    case StepChoice::Median: {
        // The step whose longest rank span is the median of the run's steps.
        std::unordered_map<std::int64_t, TimeNs> spanOfStep;
        for (const auto &w : all)
            spanOfStep[w.step] = std::max(spanOfStep[w.step], w.end - w.start);
        std::vector<std::pair<TimeNs, std::int64_t>> order;
        for (const auto &[s, span] : spanOfStep)
            order.emplace_back(span, s);
        std::sort(order.begin(), order.end());
        const std::int64_t median = order[(order.size() - 1) / 2].second;
        for (const auto &w : all)
            if (w.step == median)
                sel.windows.push_back(w);
        sel.description = "the median step (step " + std::to_string(median) + ", the median of " + std::to_string(order.size())
            + (order.size() == 1 ? " step)" : " steps)");
        break;
    }
    }
    if (opt.steps != StepChoice::All && sel.windows.empty())
        sel.windows.push_back({-1, 0, 0, 0}); // an empty selection must not fall back to the whole run
    return sel;
}

Table compareKernels(const AnalysisContext &baseline, const AnalysisContext &candidate, const CompareOptions &opt)
{
    Table t("compare-kernels", "Kernel comparison");
    const StepSelection baseSteps = selectSteps(baseline, opt);
    const StepSelection candSteps = selectSteps(candidate, opt);
    const Instances base = collectInstances(baseline, opt, baseSteps);
    const Instances cand = collectInstances(candidate, opt, candSteps);

    std::vector<std::string_view> names;
    for (const auto &[n, v] : base.byName)
        names.push_back(n);
    for (const auto &[n, v] : cand.byName)
        if (!base.byName.count(n))
            names.push_back(n);
    const std::vector<double> none;
    auto samples = [&none](const Instances &in, std::string_view n) -> const std::vector<double> & {
        auto it = in.byName.find(n);
        return it == in.byName.end() ? none : it->second;
    };

    struct Row {
        std::string_view name, type;
        std::size_t countB, countC;
        double totalB, totalC, meanB, meanC, medB, medC, p;
    };
    std::vector<Row> rows;
    rows.reserve(names.size());
    std::vector<double> pValues;
    for (std::string_view n : names) {
        const auto &b = samples(base, n);
        const auto &c = samples(cand, n);
        Row r{n, {}, b.size(), c.size(), 0, 0, meanOf(b), meanOf(c), median(b), median(c), kNaN};
        auto type = base.typeOf.find(n);
        r.type = type != base.typeOf.end() ? type->second : cand.typeOf.at(n);
        r.totalB = std::accumulate(b.begin(), b.end(), 0.0);
        r.totalC = std::accumulate(c.begin(), c.end(), 0.0);
        r.p = mannWhitneyP(b, c);
        rows.push_back(r);
        pValues.push_back(r.p);
    }
    std::vector<double> adjusted = pValues;
    holmAdjust(adjusted);

    std::vector<std::size_t> order(rows.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        const double dx = std::fabs(rows[x].totalC - rows[x].totalB), dy = std::fabs(rows[y].totalC - rows[y].totalB);
        return dx != dy ? dx > dy : rows[x].name < rows[y].name;
    });

    Column &name = t.addText("name", "Name");
    Column &type = t.addText("kernel_type", "Kernel type");
    Column &countB = t.addInt("baseline_count", "Baseline count", Unit::Count);
    Column &countC = t.addInt("candidate_count", "Candidate count", Unit::Count);
    Column &totalB = t.addInt("baseline_total_ns", "Baseline total", Unit::Nanoseconds);
    Column &totalC = t.addInt("candidate_total_ns", "Candidate total", Unit::Nanoseconds);
    Column &delta = t.addInt("delta_total_ns", "Δ total", Unit::Nanoseconds);
    Column &meanB = t.addReal("baseline_mean_ns", "Baseline mean", Unit::Nanoseconds);
    Column &meanC = t.addReal("candidate_mean_ns", "Candidate mean", Unit::Nanoseconds);
    Column &medB = t.addReal("baseline_median_ns", "Baseline median", Unit::Nanoseconds);
    Column &medC = t.addReal("candidate_median_ns", "Candidate median", Unit::Nanoseconds);
    Column &ratio = t.addReal("median_ratio", "Median ratio", Unit::Ratio);
    Column &p = t.addReal("p_value", "p (Holm)", Unit::None);
    Column &countChange = t.addText("count_change", "Count change");
    Column &durationChange = t.addText("duration_change", "Duration change");
    Column &significant = t.addText("significant", "Significant");
    std::size_t changes = 0;
    for (std::size_t i : order) {
        const Row &r = rows[i];
        name.push(std::string(r.name));
        type.push(std::string(r.type));
        countB.push(std::int64_t(r.countB));
        countC.push(std::int64_t(r.countC));
        totalB.push(std::int64_t(std::llround(r.totalB)));
        totalC.push(std::int64_t(std::llround(r.totalC)));
        delta.push(std::int64_t(std::llround(r.totalC - r.totalB)));
        meanB.push(r.meanB);
        meanC.push(r.meanC);
        medB.push(r.medB);
        medC.push(r.medC);
        ratio.push(r.medB > 0 && !std::isnan(r.medC) ? r.medC / r.medB : kNaN);
        p.push(adjusted[i]);
        const std::string counts = countVerdict(r.countB, r.countC);
        const std::string durations = durationVerdict(adjusted[i], r.medB, r.medC, opt);
        countChange.push(counts);
        durationChange.push(durations);
        const bool sig = counts == "added" || counts == "deleted" || durations == "slower" || durations == "faster";
        significant.push(std::string(sig ? "yes" : "no"));
        changes += sig;
    }
    t.notes.push_back("Baseline: " + baseSteps.description + "; candidate: " + candSteps.description + ".");
    t.notes.push_back("Duration change: Mann–Whitney U on the instances' durations, p adjusted with Holm's method over "
                      + std::to_string(std::count_if(pValues.begin(), pValues.end(), [](double v) { return !std::isnan(v); }))
                      + " names; slower/faster when p < " + formatReal(opt.alpha) + " and the median moved by at least "
                      + formatReal(opt.minRelativeChange * 100) + " %. Names with fewer than 3 instances on a side are untested.");
    t.notes.push_back(std::to_string(changes) + " of " + std::to_string(rows.size()) + " names changed significantly.");
    if (rows.empty())
        t.notes.push_back("Neither run has device slices in the selected steps: nothing to compare.");
    return t;
}

namespace {

/// Columns that identify a row (text, and ids such as rank or stream), the step column apart.
bool isKeyColumn(const Column &c)
{
    // Per-row remarks are text but say nothing about which row it is.
    static constexpr std::string_view kRemarks[] = {"file_difference", "note", "notes", "outlier"};
    if (std::find(std::begin(kRemarks), std::end(kRemarks), c.id) != std::end(kRemarks))
        return false;
    return c.type == ColumnType::Text || (c.unit == Unit::Id && c.id != "step");
}
/// Columns worth comparing: quantities, not positions in time and not ids.
bool isMetricColumn(const Column &c)
{
    return c.type != ColumnType::Text && c.unit != Unit::Id && c.unit != Unit::TimestampNs && c.unit != Unit::TimestampUs;
}

std::string rowKeyText(const Table &t, const std::vector<int> &keyCols, std::size_t row)
{
    std::string key;
    for (int k : keyCols) {
        key += cellText(t.columns[std::size_t(k)], row);
        key += '\x1f';
    }
    return key;
}

} // namespace

Table compareTables(const Table &baseline, const Table &candidate, const CompareOptions &opt)
{
    Table t("compare-" + baseline.name, baseline.title + " comparison");
    // Key and metric columns by id, in the baseline's order; a column one side lacks is left out.
    std::vector<std::string> keyIds, metricIds;
    for (const Column &c : baseline.columns) {
        const Column *other = candidate.column(c.id);
        if (!other)
            continue;
        if (isKeyColumn(c))
            keyIds.push_back(c.id);
        else if (isMetricColumn(c))
            metricIds.push_back(c.id);
    }
    auto indices = [](const Table &tab, const std::vector<std::string> &ids) {
        std::vector<int> out;
        for (const auto &id : ids)
            out.push_back(tab.columnIndex(id));
        return out;
    };
    const std::vector<int> keyB = indices(baseline, keyIds), keyC = indices(candidate, keyIds);
    const std::vector<int> metB = indices(baseline, metricIds), metC = indices(candidate, metricIds);

    // Rows grouped by key on each side; several rows per key (steps) are samples of each metric.
    struct Group {
        std::size_t firstRow = 0;
        bool fromBaseline = true;
        std::vector<std::vector<double>> base, cand; // per metric
    };
    std::vector<Group> groups;
    std::unordered_map<std::string, std::size_t> groupOf;
    auto add = [&](const Table &tab, const std::vector<int> &keyCols, const std::vector<int> &metCols, bool isBase) {
        for (std::size_t r = 0; r < tab.rowCount(); ++r) {
            auto [it, inserted] = groupOf.emplace(rowKeyText(tab, keyCols, r), groups.size());
            if (inserted) {
                groups.emplace_back();
                groups.back().firstRow = r;
                groups.back().fromBaseline = isBase;
                groups.back().base.resize(metCols.size());
                groups.back().cand.resize(metCols.size());
            }
            Group &g = groups[it->second];
            for (std::size_t m = 0; m < metCols.size(); ++m) {
                const double v = tab.columns[std::size_t(metCols[m])].number(r);
                if (!std::isnan(v))
                    (isBase ? g.base : g.cand)[m].push_back(v);
            }
        }
    };
    add(baseline, keyB, metB, true);
    add(candidate, keyC, metC, false);

    std::vector<Column *> keyOut;
    for (const auto &id : keyIds) {
        const Column &src = *baseline.column(id);
        keyOut.push_back(src.type == ColumnType::Text ? &t.addText(id, src.title) : &t.addInt(id, src.title, src.unit));
    }
    Column &metric = t.addText("metric", "Metric");
    Column &unit = t.addText("unit", "Unit");
    Column &nB = t.addInt("baseline_rows", "Baseline rows", Unit::Count);
    Column &nC = t.addInt("candidate_rows", "Candidate rows", Unit::Count);
    Column &valB = t.addReal("baseline", "Baseline", Unit::None);
    Column &valC = t.addReal("candidate", "Candidate", Unit::None);
    Column &delta = t.addReal("delta", "Δ", Unit::None);
    Column &ratio = t.addReal("ratio", "Ratio", Unit::Ratio);
    Column &p = t.addReal("p_value", "p", Unit::None);
    Column &change = t.addText("change", "Change");

    bool pooled = false;
    for (const Group &g : groups) {
        const Table &src = g.fromBaseline ? baseline : candidate;
        const std::vector<int> &srcKeys = g.fromBaseline ? keyB : keyC;
        for (std::size_t m = 0; m < metricIds.size(); ++m) {
            const auto &b = g.base[m];
            const auto &c = g.cand[m];
            if (b.empty() && c.empty())
                continue;
            pooled = pooled || b.size() > 1 || c.size() > 1;
            for (std::size_t k = 0; k < keyOut.size(); ++k) {
                const Column &kc = src.columns[std::size_t(srcKeys[k])];
                if (kc.type == ColumnType::Text)
                    keyOut[k]->push(kc.texts[g.firstRow]);
                else
                    keyOut[k]->push(kc.ints[g.firstRow]);
            }
            const Column &mc = *baseline.column(metricIds[m]);
            metric.push(mc.title);
            unit.push(std::string(unitName(mc.unit)));
            nB.push(std::int64_t(b.size()));
            nC.push(std::int64_t(c.size()));
            const double mb = meanOf(b), mcand = meanOf(c);
            valB.push(mb);
            valC.push(mcand);
            delta.push(b.empty() || c.empty() ? kNaN : mcand - mb);
            ratio.push(mb != 0 && !b.empty() && !c.empty() ? mcand / mb : kNaN);
            const double pv = mannWhitneyP(b, c);
            p.push(pv);
            std::string verdict;
            if (b.empty())
                verdict = "added";
            else if (c.empty())
                verdict = "deleted";
            else if (!std::isnan(pv))
                verdict = durationVerdict(pv, mb, mcand, opt) == "unchanged" ? "unchanged"
                          : mcand > mb                                       ? "increased"
                                                                             : "decreased";
            else
                verdict = std::fabs(mb) > 0 && std::fabs(mcand - mb) / std::fabs(mb) >= opt.minRelativeChange
                              ? (mcand > mb ? "increased" : "decreased")
                              : "unchanged";
            change.push(verdict);
        }
    }
    if (pooled)
        t.notes.push_back("Rows that differ only by step are pooled: the values are means over the steps, and p is "
                          "Mann–Whitney U over the steps' values (shown when both runs have 3 or more).");
    t.notes.push_back("Change: increased/decreased when the mean moved by at least " + formatReal(opt.minRelativeChange * 100)
                      + " % (and, where tested, p < " + formatReal(opt.alpha) + ").");
    for (const auto &n : baseline.notes)
        t.notes.push_back("Baseline: " + n);
    for (const auto &n : candidate.notes)
        t.notes.push_back("Candidate: " + n);
    if (t.rowCount() == 0)
        t.notes.push_back("Neither run gives rows for " + baseline.name + ": nothing to compare.");
    return t;
}

namespace {

constexpr ComparisonInfo kComparisons[] = {
    {"kernels", "Kernel comparison",
     "per kernel / device op name: counts, totals, means and medians of both runs, Mann–Whitney U (Holm), "
     "added/deleted/increased/decreased (HTA TraceDiff), slower/faster"},
    {"kernel-types", "Kernel type comparison", "kernel-types of both runs, cell by cell"},
    {"temporal", "Temporal breakdown comparison", "idle / compute / non-compute per rank, both runs"},
    {"overlap", "Overlap comparison", "communication overlapped by computation per rank, both runs"},
    {"steps", "Step comparison", "per rank, each step-breakdown column as a mean over the selected steps, tested over steps"},
    {"categories", "Category comparison", "device time per category and rank, both runs"},
    {"idle", "Idle time comparison", "idle time per stream, both runs"},
    {"engines", "Engine comparison", "per accelerator engine: busy, utilization, bytes, bandwidth, both runs"},
    {"engine-summary", "Engine summary comparison", "per core: parallelism, TIU ratio, DMA bandwidth, both runs"},
    {"op-statistic", "Op statistic comparison", "Ascend: per OP Type and core, both runs"},
    {"communication", "Communication comparison", "per rank, group and op type: HCCL time and bandwidth, both runs"},
    {"aiu-summary", "AIU kernel summary comparison", "IBM AIU: per AIU and kernel, both runs"},
};

/// Restricts a per-run table to the selected steps where it has a step column.
Table keepSelectedSteps(Table t, const StepSelection &sel)
{
    const Column *step = t.column("step");
    const Column *rank = t.column("rank");
    if (!step || sel.windows.empty())
        return t;
    std::vector<std::size_t> keep;
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        for (const auto &w : sel.windows)
            if (w.step == step->ints[r] && (!rank || w.rank == rank->ints[r])) {
                keep.push_back(r);
                break;
            }
    Table out(t.name, t.title);
    out.notes = t.notes;
    for (const Column &c : t.columns) {
        Column &o = c.type == ColumnType::Text ? out.addText(c.id, c.title)
                    : c.type == ColumnType::Real ? out.addReal(c.id, c.title, c.unit)
                                                 : out.addInt(c.id, c.title, c.unit);
        for (std::size_t r : keep) {
            if (c.type == ColumnType::Text)
                o.push(c.texts[r]);
            else if (c.type == ColumnType::Real)
                o.push(c.reals[r]);
            else
                o.push(c.ints[r]);
        }
    }
    return out;
}

} // namespace

std::span<const ComparisonInfo> comparisons()
{
    return kComparisons;
}

namespace {

Table runNamedComparison(std::string_view name, const AnalysisContext &baseline, const AnalysisContext &candidate,
                         const CompareOptions &opt)
{
    if (name == "kernels")
        return compareKernels(baseline, candidate, opt);
    const bool known = std::any_of(std::begin(kComparisons), std::end(kComparisons),
                                   [&](const ComparisonInfo &c) { return c.name == name; });
    if (!known) {
        Table t("compare-" + std::string(name), "Comparison");
        t.notes.push_back("Unknown comparison '" + std::string(name) + "'.");
        return t;
    }
    AnalysisOptions a = opt.analysis;
    a.htaCompat = false;
    a.range.reset();
    if (name == "steps" && a.ranks.empty()) {
        const StepSelection bs = selectSteps(baseline, opt), cs = selectSteps(candidate, opt);
        Table t = compareTables(keepSelectedSteps(stepsTableOf(baseline), bs), keepSelectedSteps(stepsTableOf(candidate), cs), opt);
        t.notes.insert(t.notes.begin(), "Baseline: " + bs.description + "; candidate: " + cs.description + ".");
        return t;
    }
    Table base = runAnalysis(name, baseline, a);
    Table cand = runAnalysis(name, candidate, a);
    if (name == "steps") {
        const StepSelection bs = selectSteps(baseline, opt), cs = selectSteps(candidate, opt);
        base = keepSelectedSteps(std::move(base), bs);
        cand = keepSelectedSteps(std::move(cand), cs);
        Table t = compareTables(base, cand, opt);
        t.notes.insert(t.notes.begin(), "Baseline: " + bs.description + "; candidate: " + cs.description + ".");
        return t;
    }
    return compareTables(base, cand, opt);
}

} // namespace

Table runComparison(std::string_view name, const AnalysisContext &baseline, const AnalysisContext &candidate,
                    const CompareOptions &opt)
{
    Table t = runNamedComparison(name, baseline, candidate, opt);
    // The comparison's own short title ("Overlap comparison"): it names the XLSX sheet, which
    // Excel cuts at 31 characters.
    for (const ComparisonInfo &c : kComparisons)
        if (c.name == name)
            t.title = c.title;
    return t;
}

std::vector<Table> reportComparisons(const AnalysisContext &baseline, const AnalysisContext &candidate,
                                     const CompareOptions &opt, std::string_view first, const std::stop_token &stop)
{
    std::vector<std::string_view> order;
    if (!first.empty())
        order.push_back(first);
    for (const ComparisonInfo &c : kComparisons)
        if (c.name != first)
            order.push_back(c.name);
    std::vector<Table> out;
    std::string leftOut;
    for (std::string_view name : order) {
        if (stop.stop_requested())
            break;
        Table t = runComparison(name, baseline, candidate, opt);
        if (t.rowCount() == 0 && name != first) {
            leftOut += (leftOut.empty() ? "" : ", ") + std::string(name);
            continue;
        }
        out.push_back(std::move(t));
    }
    if (!leftOut.empty() && !out.empty())
        out.front().notes.push_back("Comparisons without rows for these runs, left out of the report: " + leftOut + ".");
    return out;
}

} // namespace accelscope::model::analysis
