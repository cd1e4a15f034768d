// `findings` (findings.h): runs every rule over the tables of the other analyses and writes one
// row per finding, largest time at stake first.
#include "model/analysis/findings/findings.h"
#include "model/analysis/findings/findings_p.h"
#include "model/analysis/core/tableformat.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>

namespace accelscope::model::analysis {

namespace {
constexpr std::array kThresholds = {
    FindingThreshold{"exposed_comm_pct", 5, "exposed-communication: communication no compute overlaps, % of the rank's device span"},
    FindingThreshold{"launch_bound_idle_pct", 20, "launch-bound-steps: device idle, % of the step's device span"},
    FindingThreshold{"sync_pct", 2, "draining-sync: host time blocked in synchronizing calls (capped by the device idle time), % of the trace span"},
    FindingThreshold{"straggler_wait_pct", 2, "straggler-rank: wait the rank causes the others in collectives, % of their time (trace span × the number of other ranks)"},
    FindingThreshold{"dataloader_pct", 5, "dataloader-stall: time in the data loader's calls, % of the steps' host time"},
    FindingThreshold{"tiny_kernel_ns", 10000, "tiny-kernel-storm: a kernel whose mean duration is under this (ns) is tiny"},
    FindingThreshold{"tiny_kernel_count", 1000, "tiny-kernel-storm: tiny kernel launches on one rank that make a storm"},
    FindingThreshold{"memcpy_path_pct", 5, "memcpy-critical-path: memory copies, % of the critical path"},
    FindingThreshold{"dma_bound_pct", 5, "sophgo-dma-bound: DMA time beyond TIU time in DMA-bound layers, % of the device span"},
    FindingThreshold{"aiu_pt_util_pct", 25, "aiu-below-ideal: a category's PT utilization (ideal / kernel time) under this, %"},
    FindingThreshold{"aiu_category_pct", 5, "aiu-below-ideal: only categories with at least this share of the AIU's kernel time, %"},
    FindingThreshold{"aicpu_pct", 5, "ascend-aicpu: AI_CPU operators, % of the device task time"},
    FindingThreshold{"free_pct", 10, "ascend-free-time: Free, % of the step's Stage time"},
};

/// Severity from the share of time at stake: what a reader should look at first.
std::string severity(double sharePct)
{
    if (sharePct >= 20)
        return "high";
    if (sharePct >= 5)
        return "medium";
    return "low";
}

std::string joined(const std::vector<std::string> &items)
{
    std::string out;
    for (const std::string &s : items)
        out += (out.empty() ? "" : ", ") + s;
    return out;
}

Table findingsTable(std::vector<findings::Finding> found)
{
    std::stable_sort(found.begin(), found.end(), [](const auto &a, const auto &b) { return a.timeNs > b.timeNs; });
    Table t("findings", "Findings");
    Column &rule = t.addText("rule", "Rule");
    Column &sev = t.addText("severity", "Severity");
    Column &title = t.addText("title", "Finding");
    Column &time = t.addInt("time_at_stake_ns", "Time at stake", Unit::Nanoseconds);
    Column &share = t.addReal("share_pct", "Share", Unit::Percent);
    Column &shareOf = t.addText("share_of", "Share of");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &step = t.addInt("step", "Step", Unit::Id);
    Column &evidence = t.addText("evidence", "Evidence");
    Column &advice = t.addText("advice", "What usually helps");
    Column &threshold = t.addText("threshold", "Threshold");
    for (findings::Finding &f : found) {
        rule.push(f.rule);
        sev.push(severity(f.sharePct));
        title.push(f.title);
        time.push(f.timeNs);
        share.push(f.sharePct);
        shareOf.push(f.shareOf);
        f.rank >= 0 ? rank.push(std::int64_t(f.rank)) : rank.pushNull();
        step.push(f.step);
        evidence.push(f.evidence);
        advice.push(f.advice);
        threshold.push(f.threshold);
        t.keys.push_back(RowKey{kEmptyString, f.rank, -1, f.slice});
    }
    return t;
}
} // namespace

std::span<const FindingThreshold> findingThresholds() { return kThresholds; }

namespace findings {

double RuleRun::threshold(std::string_view name) const
{
    if (auto it = opt.findingThresholds.find(std::string(name)); it != opt.findingThresholds.end())
        return it->second;
    for (const FindingThreshold &t : kThresholds)
        if (t.name == name)
            return t.defaultValue;
    return std::nan("");
}

std::string RuleRun::thresholdText(std::string_view name, std::string_view comparison) const
{
    return std::string(name) + " " + std::string(comparison) + " " + formatReal(threshold(name));
}

const Table &RuleRun::table(const std::string &analysis)
{
    auto it = m_tables.find(analysis);
    if (it == m_tables.end())
        it = m_tables.emplace(analysis, runAnalysis(analysis, ctx, opt)).first;
    return it->second;
}

std::int64_t RuleRun::deviceSpan(int rank)
{
    const Table &temporal = table("temporal");
    for (std::size_t r = 0; r < temporal.rowCount(); ++r)
        if (rankAt(temporal, r) == rank)
            return std::int64_t(std::max(0.0, number(temporal, r, "kernel_time_ns")));
    return 0;
}

std::int64_t RuleRun::traceSpan() const
{
    const TimeNs lo = opt.range ? std::max(opt.range->first, ctx.trace().startNs()) : ctx.trace().startNs();
    const TimeNs hi = opt.range ? std::min(opt.range->second, ctx.trace().endNs()) : ctx.trace().endNs();
    return std::max<std::int64_t>(0, hi - lo);
}

double number(const Table &t, std::size_t row, std::string_view column)
{
    const Column *c = t.column(column);
    return c && row < c->size() ? c->number(row) : std::nan("");
}

std::string text(const Table &t, std::size_t row, std::string_view column)
{
    const Column *c = t.column(column);
    return c && row < c->size() ? cellText(*c, row) : std::string();
}

int rankAt(const Table &t, std::size_t row)
{
    const double r = number(t, row, "rank");
    return std::isfinite(r) ? int(r) : -1;
}

std::int64_t stepAt(const Table &t, std::size_t row)
{
    const double s = number(t, row, "step");
    return std::isfinite(s) ? std::int64_t(s) : kNullInt;
}

SliceRef sliceAt(const Table &t, std::size_t row)
{
    return row < t.keys.size() ? t.keys[row].slice : SliceRef{};
}

std::string duration(double ns)
{
    char buf[64];
    const double a = std::fabs(ns);
    if (a >= 1e9)
        std::snprintf(buf, sizeof buf, "%.3g s", ns / 1e9);
    else if (a >= 1e6)
        std::snprintf(buf, sizeof buf, "%.3g ms", ns / 1e6);
    else if (a >= 1e3)
        std::snprintf(buf, sizeof buf, "%.3g µs", ns / 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.0f ns", ns);
    return buf;
}

std::vector<StepsOver> stepsOver(const std::vector<StepPart> &parts, double limitPct)
{
    constexpr int kListed = 8; // steps named in the evidence; the count says how many in all
    std::map<int, StepsOver> byRank;
    for (const StepPart &p : parts) {
        if (!(p.whole > 0) || !std::isfinite(p.part))
            continue;
        StepsOver &s = byRank[p.rank];
        s.rank = p.rank;
        ++s.steps;
        s.wholeAll += p.whole;
        const double pct = 100.0 * p.part / p.whole;
        if (pct < limitPct)
            continue;
        if (s.over < kListed)
            s.overList += (s.overList.empty() ? "" : ", ") + std::to_string(p.step);
        else if (s.over == kListed)
            s.overList += ", ...";
        ++s.over;
        s.partOver += p.part;
        if (pct > s.worstPct || s.worstStep == kNullInt) {
            s.worstPct = pct;
            s.worstStep = p.step;
            s.worstSlice = p.slice;
        }
    }
    std::vector<StepsOver> out;
    for (auto &[rank, s] : byRank)
        if (s.over > 0)
            out.push_back(s);
    return out;
}

std::string percent(double pct)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f %%", pct);
    return buf;
}

} // namespace findings

Table findingsAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    // the rules read Accelscope's own tables (ns, native columns): HTA's and the plugin's
    // compatibility modes change units and column names, not what is wrong
    AnalysisOptions native = opt;
    native.htaCompat = false;
    native.tbCompat = false;
    findings::RuleRun run(ctx, native);
    using Rule = void (*)(findings::RuleRun &);
    constexpr std::array<Rule, 11> rules = {
        &findings::exposedCommunication, &findings::launchBoundSteps, &findings::drainingSyncs,
        &findings::stragglerRank,        &findings::dataLoaderStalls, &findings::tinyKernelStorms,
        &findings::memcpyOnCriticalPath, &findings::sophgoDmaBoundLayers, &findings::aiuBelowIdeal,
        &findings::ascendAiCpu,          &findings::ascendFreeTime,
    };
    for (Rule rule : rules) {
        if (opt.stop.stop_requested())
            return Table("findings", "Findings");
        rule(run);
    }
    Table t = findingsTable(std::move(run.found));
    if (t.rowCount() == 0)
        t.notes.push_back("no finding; rules evaluated: " + (run.ran.empty() ? std::string("none") : joined(run.ran)));
    t.notes.insert(t.notes.end(), run.skipped.begin(), run.skipped.end());
    if (opt.htaCompat || opt.tbCompat)
        t.notes.push_back("the rules read the native tables: HTA and TensorBoard plugin compatibility do not apply to findings");
    return t;
}

} // namespace accelscope::model::analysis
