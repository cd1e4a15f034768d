// The IBM AIU tables (aiuanalysis.h): acelyzer's X_summary, X_active, X_ts_analysis,
// X_categories and X_stats_summary, computed from the AIU kernel slices (aiukernels.cpp).
//
// Two modes. Accelscope's (default): integer ns durations from the model, kernels grouped by the
// name shown on the timeline, full precision, larger first. acelyzer's (opt.acelyzerCompat or a
// trace imported with --acelyzer-compat): µs from the cycle stamps, names grouped by its `_[N]`
// rule over the original names, its rounding and row order. docs/aiu.md "Tables" lists the
// differences.
#include "model/analysis/aiu/aiukernels_p.h"
#include "model/analysis/core/stats.h"

#include "model/aiufacts.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <unordered_map>

namespace accelscope::model::analysis {

namespace {

using aiu::Kernel;

bool compatMode(const aiu::Extract &x, const AnalysisOptions &opt)
{
    if (opt.acelyzerCompat)
        return true;
    return std::any_of(x.kernels.begin(), x.kernels.end(), [](const Kernel &k) { return k.facts && k.facts->acelyzerCompat; });
}

constexpr const char *kCompatNote = "acelyzer compatibility: µs from the cycle stamps, acelyzer's rounding, names grouped by its _[N] rule";

/// The kernels the options select (ranks, range), in acelyzer's event order.
std::vector<const Kernel *> selectKernels(const aiu::Extract &x, const AnalysisOptions &opt)
{
    std::vector<const Kernel *> out;
    out.reserve(x.kernels.size());
    for (const Kernel &k : x.kernels)
        if (opt.wantsRank(std::max(k.rank, 0)) && opt.overlapsRange(k.start, k.start + k.dur))
            out.push_back(&k);
    return out;
}

// Named constants so that translations/extract_analysis_texts.py puts them in the catalogue: the
// GUI shows them in place of an empty AIU chart.
constexpr const char *kNotAiuNote = "not an IBM AIU trace: no `Cmpt Exec` slices with TS1..TS5 cycle stamps";
constexpr const char *kNoAiuKernelNote = "no AIU kernel (`Cmpt Exec` slice with TS1..TS5 cycle stamps) in the selection";

std::string noKernelsNote(const aiu::Extract &x)
{
    if (!x.anyAiuSource && x.kernels.empty())
        return kNotAiuNote;
    return kNoAiuKernelNote;
}

/// Python's statistics over one series: mean, median (middle pair averaged), sample stdev.
struct SeriesStats {
    std::size_t count = 0;
    double sum = 0, mean = 0, median = 0, min = 0, max = 0, stdev = 0; ///< stdev 0 for one value
};
SeriesStats seriesStats(std::vector<double> v)
{
    SeriesStats s;
    s.count = v.size();
    if (v.empty())
        return s;
    s.sum = std::accumulate(v.begin(), v.end(), 0.0);
    s.mean = s.sum / double(v.size());
    double sq = 0;
    for (double x : v)
        sq += (x - s.mean) * (x - s.mean);
    s.stdev = v.size() > 1 ? std::sqrt(sq / double(v.size() - 1)) : 0.0;
    std::sort(v.begin(), v.end());
    s.min = v.front();
    s.max = v.back();
    s.median = median(v);
    return s;
}

/// One AIU (process) and its kernels grouped by name.
struct NameGroup {
    std::string key;           ///< grouping name
    StringId sliceName = kEmptyString;
    std::vector<const Kernel *> kernels;
    double total = 0;          ///< ns (default) or µs (compat), for ordering
};
struct AiuGroups {
    std::int32_t rank = -1;
    std::int64_t pid = 0;
    std::vector<NameGroup> names; ///< ordered as the table lists them
};

/// Per AIU (by pid, as acelyzer sorts), per kernel name; names by total time, larger first, ties
/// in first-appearance order (acelyzer's stable sort over its insertion order).
std::vector<AiuGroups> groupKernels(const Trace &tr, const std::vector<const Kernel *> &ks, bool compat)
{
    std::map<std::pair<std::int64_t, std::int32_t>, AiuGroups> byAiu;
    std::map<std::pair<std::int64_t, std::int32_t>, std::unordered_map<std::string, std::size_t>> pos;
    for (const Kernel *k : ks) {
        const auto aiuKey = std::make_pair(k->pid, k->rank);
        AiuGroups &g = byAiu[aiuKey];
        g.rank = k->rank;
        g.pid = k->pid;
        std::string key = compat ? acelyzerSummaryName(k->origName) : std::string(tr.str(k->name));
        auto [it, inserted] = pos[aiuKey].emplace(key, g.names.size());
        if (inserted) {
            g.names.push_back({});
            g.names.back().key = std::move(key);
            g.names.back().sliceName = k->name;
        }
        NameGroup &n = g.names[it->second];
        n.kernels.push_back(k);
        n.total += compat ? k->durUs : double(k->dur);
    }
    std::vector<AiuGroups> out;
    for (auto &[key, g] : byAiu) {
        std::stable_sort(g.names.begin(), g.names.end(), [](const NameGroup &a, const NameGroup &b) { return a.total > b.total; });
        out.push_back(std::move(g));
    }
    return out;
}

RowKey keyOf(const NameGroup &n)
{
    RowKey key;
    key.name = n.sliceName;
    key.rank = n.kernels.front()->rank;
    const Kernel *longest = *std::max_element(n.kernels.begin(), n.kernels.end(),
                                              [](const Kernel *a, const Kernel *b) { return a->dur < b->dur; });
    key.slice = longest->ref;
    return key;
}

double r3(double x) { return roundHalfEven(x, 3); }

} // namespace

// --- summary (acelyzer's X_summary.csv) ---

Table aiuSummary(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const auto x = aiu::extract(ctx);
    const bool compat = compatMode(*x, opt);
    Table t("aiu-summary", "AIU kernel summary");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &pid = t.addInt("pid", "AIU (pid)", Unit::Id);
    Column &name = t.addText("name", "Kernel");
    Column &share = t.addReal("time_pct", "Share of kernel time", Unit::Percent);
    Column &calls = t.addInt("calls", "Calls", Unit::Count);
    const Unit u = compat ? Unit::Microseconds : Unit::Nanoseconds;
    const std::string sfx = compat ? "_us" : "_ns";
    // ns sums and extremes are integers; acelyzer's µs are not
    const auto addDuration = [&](const std::string &id, const std::string &title) -> Column & {
        return compat ? t.addReal(id, title, u) : t.addInt(id, title, u);
    };
    Column &total = addDuration("total" + sfx, "Total");
    Column &mean = t.addReal("mean" + sfx, "Mean", u);
    Column &median = t.addReal("median" + sfx, "Median", u);
    Column &min = addDuration("min" + sfx, "Min");
    Column &max = addDuration("max" + sfx, "Max");
    Column &sd = t.addReal("stdev" + sfx, "Std dev", u);
    const auto ks = selectKernels(*x, opt);
    if (ks.empty()) {
        t.notes.push_back(noKernelsNote(*x));
        return t;
    }
    for (const AiuGroups &g : groupKernels(ctx.trace(), ks, compat)) {
        double aiuTotal = 0;
        for (const NameGroup &n : g.names)
            aiuTotal += n.total;
        for (const NameGroup &n : g.names) {
            std::vector<double> d;
            d.reserve(n.kernels.size());
            for (const Kernel *k : n.kernels)
                d.push_back(compat ? k->durUs : double(k->dur));
            const SeriesStats s = seriesStats(std::move(d));
            const double pct = aiuTotal > 0 ? s.sum / aiuTotal * 100.0 : 0.0;
            rank.push(std::int64_t(g.rank));
            pid.push(g.pid);
            name.push(n.key);
            calls.push(std::int64_t(s.count));
            if (compat) {
                share.push(roundHalfEven(pct, 2));
                total.push(r3(s.sum));
                mean.push(r3(s.mean));
                median.push(r3(s.median));
                min.push(r3(s.min));
                max.push(r3(s.max));
                sd.push(r3(s.stdev));
            } else {
                share.push(pct);
                total.push(std::int64_t(std::llround(s.sum)));
                mean.push(s.mean);
                median.push(s.median);
                min.push(std::int64_t(std::llround(s.min)));
                max.push(std::int64_t(std::llround(s.max)));
                sd.push(s.stdev);
            }
            t.keys.push_back(keyOf(n));
        }
    }
    if (compat)
        t.notes.push_back(kCompatNote);
    return t;
}

// --- TS phases (acelyzer's X_ts_analysis.csv) ---

Table aiuTsAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const auto x = aiu::extract(ctx);
    const bool compat = compatMode(*x, opt);
    Table t("aiu-ts", "AIU TS phases");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &pid = t.addInt("pid", "AIU (pid)", Unit::Id);
    Column &name = t.addText("name", "Kernel");
    Column &calls = t.addInt("calls", "Calls", Unit::Count);
    static constexpr const char *kPhase[4] = {"ts2_ts1", "ts3_ts2", "ts4_ts3", "ts5_ts4"};
    static constexpr const char *kPhaseTitle[4] = {"TS2−TS1", "TS3−TS2", "TS4−TS3", "TS5−TS4"};
    static constexpr const char *kStat[5] = {"mean", "median", "min", "max", "stdev"};
    static constexpr const char *kStatTitle[5] = {"mean", "median", "min", "max", "std dev"};
    std::array<std::array<Column *, 5>, 4> cols{};
    for (int p = 0; p < 4; ++p)
        for (int s = 0; s < 5; ++s)
            cols[p][s] = &t.addReal(std::string(kPhase[p]) + "_" + kStat[s] + "_cyc",
                                    std::string(kPhaseTitle[p]) + " " + kStatTitle[s] + " (cycles)", Unit::Count);
    const auto ks = selectKernels(*x, opt);
    if (ks.empty()) {
        t.notes.push_back(noKernelsNote(*x));
        return t;
    }
    for (const AiuGroups &g : groupKernels(ctx.trace(), ks, compat)) {
        for (const NameGroup &n : g.names) {
            rank.push(std::int64_t(g.rank));
            pid.push(g.pid);
            name.push(n.key);
            calls.push(std::int64_t(n.kernels.size()));
            for (int p = 0; p < 4; ++p) {
                std::vector<double> d;
                d.reserve(n.kernels.size());
                for (const Kernel *k : n.kernels)
                    d.push_back(double(aiu::stampDiff(k->ts[std::size_t(p + 1)], k->ts[std::size_t(p)])));
                const SeriesStats s = seriesStats(std::move(d));
                const double v[5] = {s.mean, s.median, s.min, s.max, s.stdev};
                for (int c = 0; c < 5; ++c)
                    cols[p][c]->push(compat ? r3(v[c]) : v[c]);
            }
            t.keys.push_back(keyOf(n));
        }
    }
    if (compat)
        t.notes.push_back(kCompatNote);
    return t;
}

// --- active time (acelyzer's X_active.csv) ---

Table aiuActive(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const auto x = aiu::extract(ctx);
    const bool compat = compatMode(*x, opt);
    const Trace &tr = ctx.trace();
    Table t("aiu-active", "AIU active time");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &pid = t.addInt("pid", "AIU (pid)", Unit::Id);
    const Unit u = compat ? Unit::Microseconds : Unit::Nanoseconds;
    const std::string sfx = compat ? "_us" : "_ns";
    Column &kernel = compat ? t.addReal("kernel_time_us", "Kernel time", u) : t.addInt("kernel_time_ns", "Kernel time", u);
    Column &elapsed = compat ? t.addReal("elapsed_us", "Elapsed", u) : t.addInt("elapsed_ns", "Elapsed", u);
    // acelyzer prints its absolute µs clock; Accelscope's timestamps count from the trace start.
    Column &start = compat ? t.addReal("start_us", "First kernel start", Unit::Microseconds)
                           : t.addInt("start", "First kernel start", Unit::TimestampNs);
    Column &end = compat ? t.addReal("end_us", "Last kernel end", Unit::Microseconds)
                         : t.addInt("end", "Last kernel end", Unit::TimestampNs);
    Column &active = t.addReal("active_pct", "Active", Unit::Percent);
    const auto ks = selectKernels(*x, opt);
    if (ks.empty()) {
        t.notes.push_back(noKernelsNote(*x));
        return t;
    }
    struct Acc {
        std::int32_t rank = -1;
        std::int64_t pid = 0;
        double kernel = 0;
        TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
    };
    std::map<std::pair<std::int64_t, std::int32_t>, Acc> acc;
    for (const Kernel *k : ks) {
        Acc &a = acc[{k->pid, k->rank}];
        a.rank = k->rank;
        a.pid = k->pid;
        a.kernel += compat ? k->durUs : double(k->dur);
        a.first = std::min(a.first, k->start);
        a.last = std::max(a.last, k->start + k->dur);
    }
    for (const auto &[key, a] : acc) {
        rank.push(std::int64_t(a.rank));
        pid.push(a.pid);
        if (compat) {
            const double e = double(a.last - a.first) / 1000.0;
            kernel.push(r3(a.kernel));
            elapsed.push(r3(e));
            start.push(r3(double(a.first) / 1000.0));
            end.push(r3(double(a.last) / 1000.0));
            active.push(e > 0 ? roundHalfEven(a.kernel / e * 100.0, 2) : 0.0);
        } else {
            const double e = double(a.last - a.first);
            kernel.push(std::int64_t(std::llround(a.kernel)));
            elapsed.push(std::int64_t(a.last - a.first));
            start.push(std::int64_t(a.first - tr.startNs()));
            end.push(std::int64_t(a.last - tr.startNs()));
            active.push(e > 0 ? a.kernel / e * 100.0 : 0.0);
        }
    }
    if (compat)
        t.notes.push_back(kCompatNote);
    return t;
}

// --- categories and PT utilization (acelyzer's X_categories.csv) ---

namespace {

struct CategoryAcc {
    double kernel = 0; ///< ns (default) or µs (compat)
    double ideal = 0;  ///< same unit
    std::int64_t idealCycles = 0; ///< exact sum of the counted kernels' ideal cycles
    std::int64_t calls = 0;
};

/// What the categories table needs of one AIU's compiler-log table.
struct IdealTable {
    std::unordered_map<std::string, const AiuIdealKernel *> byKernel;
    std::vector<std::string> categories; ///< acelyzer's row order before sorting
    std::string phase = "UNKN";
};

IdealTable idealTableOf(const AiuFacts &f)
{
    IdealTable t;
    for (const AiuIdealKernel &k : f.idealKernels) {
        t.byKernel.emplace(k.kernel, &k); // the first entry wins, as in acelyzer
        if (!k.phase.empty())
            t.phase = k.phase;
    }
    if (!f.compilerLogPhase.empty())
        t.phase = f.compilerLogPhase;
    // acelyzer's per-AIU dict: Total, StcdpHbm, then its kernel→category map's values: "other"
    // first, then the categories in table order.
    const auto add = [&](const std::string &c) {
        if (std::find(t.categories.begin(), t.categories.end(), c) == t.categories.end())
            t.categories.push_back(c);
    };
    add("Total");
    add("StcdpHbm");
    add("other");
    for (const std::string &c : f.categories)
        add(c);
    for (const AiuIdealKernel &k : f.idealKernels)
        add(k.category);
    return t;
}

/// One AIU's kernels summed by category.
struct AiuCategoryAcc {
    std::int32_t rank = -1;
    std::int64_t pid = 0;
    const AiuFacts *facts = nullptr;
    IdealTable table;
    std::map<std::string, CategoryAcc> cats;
    std::int64_t kernels = 0; ///< kernels booked against the table
    std::int64_t matched = 0; ///< of those, kernels whose name is a table row
};

/// Every AIU's kernels summed by category, and what the table's notes report.
struct CategoryScan {
    std::map<std::pair<std::int64_t, std::int32_t>, AiuCategoryAcc> aius;
    std::int64_t idealAboveMeasured = 0;
    std::int64_t notInTable = 0;
    std::vector<std::int64_t> withoutLog;
    std::string logWithoutTable; ///< a compiler log that was read but gave no Ideal cycles table
};

/// Adds one kernel to its category and to Total, with its ideal time from the compiler-log table.
void addKernelToCategories(const Kernel &k, AiuCategoryAcc &a, bool compat, CategoryScan &scan)
{
    // The compiler log names kernels as the runtime does (the original slice name).
    const auto found = a.table.byKernel.find(k.origName);
    std::string cat = "other";
    std::uint64_t cycles = 0;
    ++a.kernels;
    if (found != a.table.byKernel.end()) {
        cat = found->second->category;
        cycles = found->second->idealCycles;
        ++a.matched;
    } else {
        ++scan.notInTable;
    }
    const double coreMhz = a.facts->coreFreqMhz > 0 ? a.facts->coreFreqMhz : 1100.0;
    const double dur = compat ? k.durUs : double(k.dur);
    // acelyzer: ideal µs = cycles · (1 / f_core); the same operations give its last bits.
    double idealDur = compat ? double(cycles) * (1.0 / coreMhz) : double(cycles) * 1000.0 / coreMhz;
    std::int64_t countedCycles = std::int64_t(cycles);
    if (idealDur > dur) { // an ideal time above the measured one is a table mismatch: counted as 0
        if (cycles > 0)
            ++scan.idealAboveMeasured;
        idealDur = 0;
        countedCycles = 0;
    }
    for (const std::string &c : {cat, std::string("Total")}) {
        CategoryAcc &acc = a.cats[c];
        acc.kernel += dur;
        acc.ideal += idealDur;
        acc.idealCycles += countedCycles;
        acc.calls += 1;
    }
}

CategoryScan scanCategories(const std::vector<const Kernel *> &ks, bool compat)
{
    CategoryScan scan;
    for (const Kernel *k : ks) {
        const auto key = std::make_pair(k->pid, k->rank);
        auto [it, inserted] = scan.aius.try_emplace(key);
        AiuCategoryAcc &a = it->second;
        if (inserted) {
            a.rank = k->rank;
            a.pid = k->pid;
            a.facts = k->facts;
            if (a.facts)
                a.table = idealTableOf(*a.facts);
        }
        if (!a.facts || a.facts->idealKernels.empty()) {
            if (scan.withoutLog.empty() || scan.withoutLog.back() != k->pid)
                scan.withoutLog.push_back(k->pid);
            if (a.facts && !a.facts->compilerLog.empty())
                scan.logWithoutTable = a.facts->compilerLog;
            continue;
        }
        addKernelToCategories(*k, a, compat, scan);
    }
    return scan;
}

struct CategoryRow {
    std::string cat;
    CategoryAcc acc;
};

/// One AIU's rows: acelyzer's category order, then the categories only the trace has, sorted.
std::vector<CategoryRow> orderedCategoryRows(AiuCategoryAcc &a, bool compat)
{
    std::vector<std::string> order = a.table.categories;
    for (const auto &[c, acc] : a.cats)
        if (std::find(order.begin(), order.end(), c) == order.end())
            order.push_back(c);
    std::vector<CategoryRow> rows;
    for (const std::string &c : order)
        rows.push_back({c, a.cats[c]});
    if (compat) {
        // acelyzer: stable sort by kernel time ascending, so Total (the sum) lands last.
        std::stable_sort(rows.begin(), rows.end(),
                         [](const CategoryRow &l, const CategoryRow &r) { return l.acc.kernel < r.acc.kernel; });
    } else {
        std::stable_sort(rows.begin(), rows.end(), [](const CategoryRow &l, const CategoryRow &r) {
            if ((l.cat == "Total") != (r.cat == "Total"))
                return r.cat == "Total";
            return l.acc.kernel > r.acc.kernel;
        });
    }
    return rows;
}

struct CategoryColumns {
    Column &rank, &pid, &phase, &category, &kernel, &fracTime, &calls, &ideal, &idealCyc, &fracIdeal, &ptUtil;
};

void pushCategoryRows(CategoryColumns &col, const AiuCategoryAcc &a, const std::vector<CategoryRow> &rows,
                      const CategoryAcc &total, bool compat)
{
    const double coreMhz = a.facts->coreFreqMhz > 0 ? a.facts->coreFreqMhz : 1100.0;
    const auto nearZero = [](double v) { return std::fabs(v) <= 1e-9; };
    for (const CategoryRow &r : rows) {
        col.rank.push(std::int64_t(a.rank));
        col.pid.push(a.pid);
        col.phase.push(a.table.phase);
        col.category.push(r.cat);
        col.calls.push(r.acc.calls);
        const double ft = nearZero(total.kernel) ? 0.0 : r.acc.kernel / total.kernel;
        const double fi = nearZero(total.ideal) ? 0.0 : r.acc.ideal / total.ideal;
        const double pu = nearZero(r.acc.kernel) ? 0.0 : r.acc.ideal / r.acc.kernel;
        if (compat) {
            col.kernel.push(r.acc.kernel);
            col.fracTime.push(roundHalfEven(ft, 4));
            col.ideal.push(roundHalfEven(r.acc.ideal, 4));
            // acelyzer truncates ideal time · f_core back to cycles (1228800 can print 1228799).
            col.idealCyc.push(std::int64_t(r.acc.ideal / (1.0 / coreMhz)));
            col.fracIdeal.push(roundHalfEven(fi, 4));
            col.ptUtil.push(roundHalfEven(pu, 4));
        } else {
            col.kernel.push(r.acc.kernel);
            col.fracTime.push(ft);
            col.ideal.push(r.acc.ideal);
            col.idealCyc.push(r.acc.idealCycles);
            col.fracIdeal.push(fi);
            col.ptUtil.push(pu);
        }
    }
}

/// Why AIUs have no rows, and the kernels whose ideal time could not be used.
void addCategoryNotes(Table &t, CategoryScan &scan)
{
    if (!scan.withoutLog.empty()) {
        std::vector<std::int64_t> &withoutLog = scan.withoutLog;
        std::string pids;
        std::sort(withoutLog.begin(), withoutLog.end());
        withoutLog.erase(std::unique(withoutLog.begin(), withoutLog.end()), withoutLog.end());
        for (std::int64_t p : withoutLog)
            pids += (pids.empty() ? "" : ", ") + std::to_string(p);
        if (scan.logWithoutTable.empty())
            t.notes.push_back("no categories for AIU " + pids +
                              ": no compiler log with a \"Perf Summary\" Ideal cycles table was imported for it "
                              "(--compiler-log FILE, or the import options dialog)");
        else
            t.notes.push_back("no categories for AIU " + pids + ": the compiler log " + scan.logWithoutTable +
                              " holds no \"Perf Summary\" Ideal cycles table (see the diagnostics)");
    }
    for (const auto &[key, a] : scan.aius)
        if (a.facts && !a.facts->idealKernels.empty() && a.kernels > 0 && a.matched == 0)
            t.notes.push_back("AIU " + std::to_string(a.pid) + ": uncertain Ideal cycles table match: 0 of " +
                              std::to_string(a.kernels) + " kernel(s) match a row of the table in " + a.facts->compilerLog +
                              " (no Cmpt Exec name of the trace is in it, so the table may belong to another graph); "
                              "its categories are listed as acelyzer does and every kernel counts as 'other'");
    if (scan.notInTable > 0)
        t.notes.push_back(std::to_string(scan.notInTable) + " kernel(s) not in the Ideal cycles table, counted as 'other'");
    if (scan.idealAboveMeasured > 0)
        t.notes.push_back(std::to_string(scan.idealAboveMeasured) +
                          " kernel(s) with an ideal time above the measured one (a table or frequency mismatch), counted with ideal time 0");
}

} // namespace

Table aiuCategories(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const auto x = aiu::extract(ctx);
    const bool compat = compatMode(*x, opt);
    Table t("aiu-categories", "AIU categories and PT utilization");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &pid = t.addInt("pid", "AIU (pid)", Unit::Id);
    Column &phase = t.addText("phase", "Phase");
    Column &category = t.addText("category", "Category");
    const Unit u = compat ? Unit::Microseconds : Unit::Nanoseconds;
    const std::string sfx = compat ? "_us" : "_ns";
    Column &kernel = t.addReal("kernel_time" + sfx, "Kernel time", u);
    Column &fracTime = t.addReal("frac_time", "Share of kernel time", Unit::Ratio);
    Column &calls = t.addInt("calls", "Calls", Unit::Count);
    Column &ideal = t.addReal("ideal_time" + sfx, "Ideal time", u);
    Column &idealCyc = t.addInt("ideal_cycles", "Ideal cycles", Unit::Count);
    Column &fracIdeal = t.addReal("frac_ideal", "Share of ideal time", Unit::Ratio);
    Column &ptUtil = t.addReal("pt_util", "PT utilization", Unit::Ratio);
    const auto ks = selectKernels(*x, opt);
    if (ks.empty()) {
        t.notes.push_back(noKernelsNote(*x));
        return t;
    }

    CategoryScan scan = scanCategories(ks, compat);
    CategoryColumns columns{rank, pid, phase, category, kernel, fracTime, calls, ideal, idealCyc, fracIdeal, ptUtil};
    for (auto &[key, a] : scan.aius) {
        if (!a.facts || a.facts->idealKernels.empty())
            continue;
        const CategoryAcc total = a.cats["Total"];
        const std::vector<CategoryRow> rows = orderedCategoryRows(a, compat);
        pushCategoryRows(columns, a, rows, total, compat);
    }
    addCategoryNotes(t, scan);
    if (compat)
        t.notes.push_back(kCompatNote);
    return t;
}

// --- compute vs collectives per AIU (acelyzer's X_stats_summary.csv) ---

Table aiuCollectives(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const auto x = aiu::extract(ctx);
    const bool compat = compatMode(*x, opt);
    Table t("aiu-collectives", "AIU compute and collectives");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &pid = t.addInt("pid", "AIU (pid)", Unit::Id);
    const Unit u = compat ? Unit::Microseconds : Unit::Nanoseconds;
    const std::string sfx = compat ? "_us" : "_ns";
    Column &elapsed = t.addReal("elapsed" + sfx, "Elapsed", u);
    Column &comp = t.addReal("compute" + sfx, "Compute (kernels)", u);
    Column &comm = t.addReal("collective" + sfx, "Collectives", u);
    Column &compRatio = t.addReal("compute_ratio", "Compute share", Unit::Ratio);
    Column &commRatio = t.addReal("collective_ratio", "Collective share", Unit::Ratio);
    Column &groups = t.addInt("collective_groups", "Collective groups", Unit::Count);
    const auto ks = selectKernels(*x, opt);
    struct Acc {
        std::int32_t rank = -1;
        std::int64_t pid = 0;
        double compute = 0;
        TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
        std::map<std::string, std::pair<TimeNs, TimeNs>> groupSpan; ///< CollGroup -> first start, last end
    };
    std::map<std::pair<std::int64_t, std::int32_t>, Acc> acc;
    const auto touch = [&](std::int64_t p, std::int32_t r, TimeNs s, TimeNs e) -> Acc & {
        Acc &a = acc[{p, r}];
        a.rank = r;
        a.pid = p;
        a.first = std::min(a.first, s);
        a.last = std::max(a.last, e);
        return a;
    };
    for (const Kernel *k : ks)
        touch(k->pid, k->rank, k->start, k->start + k->dur).compute += compat ? k->durUs : double(k->dur);
    for (const aiu::CollectiveSlice &c : x->collectives) {
        if (!opt.wantsRank(std::max(c.rank, 0)) || !opt.overlapsRange(c.start, c.start + c.dur))
            continue;
        Acc &a = touch(c.pid, c.rank, c.start, c.start + c.dur);
        auto [it, inserted] = a.groupSpan.try_emplace(c.group, c.start, c.start + c.dur);
        if (!inserted) {
            it->second.first = std::min(it->second.first, c.start);
            it->second.second = std::max(it->second.second, c.start + c.dur);
        }
    }
    if (acc.empty()) {
        t.notes.push_back(noKernelsNote(*x));
        return t;
    }
    bool anyCollective = false;
    for (const auto &[key, a] : acc) {
        double coll = 0;
        for (const auto &[g, span] : a.groupSpan)
            coll += double(span.second - span.first);
        anyCollective |= !a.groupSpan.empty();
        double e = double(a.last - a.first);
        double compute = a.compute;
        if (compat) {
            e /= 1000.0;
            coll /= 1000.0;
        }
        rank.push(std::int64_t(a.rank));
        pid.push(a.pid);
        elapsed.push(e);
        comp.push(compute);
        comm.push(coll);
        compRatio.push(e > 0 ? compute / e : 0.0);
        commRatio.push(e > 0 ? coll / e : 0.0);
        groups.push(std::int64_t(a.groupSpan.size()));
    }
    if (!anyCollective)
        t.notes.push_back("no collective slices (args.CollGroup) in the selection: collective time is 0");
    t.notes.push_back("collective time per AIU: the span of each collective group (first to last slice with that CollGroup) "
                      "summed over groups; acelyzer's -R collective spans could not be checked (it fails on the samples)");
    if (compat)
        t.notes.push_back(kCompatNote);
    return t;
}

} // namespace accelscope::model::analysis
