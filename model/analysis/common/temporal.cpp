// Temporal breakdown (HTA §3), communication-computation overlap (§4) and the step breakdown.
#include "model/analysis/analyses.h"
#include "model/analysis/core/eventset.h"
#include "model/analysis/core/intervals.h"
#include "model/aiufacts.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>

namespace accelscope::model::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// Union of the rank's device intervals of one type (or of every busy type with kt = nullopt).
std::vector<Interval> unionWhere(const EventSet &s, const std::vector<std::uint32_t> &idx, int typeMask)
{
    std::vector<Interval> iv;
    for (std::uint32_t i : idx) {
        const Ev &e = s.gpu[i];
        if (typeMask & (1 << int(e.type)))
            iv.push_back({e.ts, e.end()});
    }
    if (s.clip)
        clipTo(iv, s.clipLo, s.clipHi);
    return unionOf(iv);
}

constexpr int bit(KernelType t) { return 1 << int(t); }
constexpr int kAllTypes = 0xFF;
/// Natively, synchronisation waits are not device work; HTA counts every stream row.
int busyMask(const EventSet &s) { return s.compat ? kAllTypes : kAllTypes & ~bit(KernelType::Sync); }

double pct(const EventSet &s, double part, double whole, int decimals)
{
    if (whole == 0)
        return kNaN;
    const double p = 100.0 * part / whole;
    return s.compat ? roundHalfEven(p, decimals) : p;
}

} // namespace

Table temporalBreakdown(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const EventSet s = selectEvents(ctx, opt, SelectGpu);
    Table t("temporal", "Temporal breakdown");
    const Unit u = durUnit(s);
    const bool c = s.compat;
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &idle = t.addInt(c ? "idle_time(us)" : "idle_ns", "Idle", u);
    Column &comp = t.addInt(c ? "compute_time(us)" : "compute_ns", "Compute", u);
    Column &nonComp = t.addInt(c ? "non_compute_time(us)" : "non_compute_ns", "Non-compute", u);
    Column &span = t.addInt(c ? "kernel_time(us)" : "kernel_time_ns", "Device active span", u);
    Column &idleP = t.addReal(c ? "idle_time_pctg" : "idle_pct", "Idle %", Unit::Percent);
    Column &compP = t.addReal(c ? "compute_time_pctg" : "compute_pct", "Compute %", Unit::Percent);
    Column &nonP = t.addReal(c ? "non_compute_time_pctg" : "non_compute_pct", "Non-compute %", Unit::Percent);
    for (auto &[r, idx] : byRank(s.gpu, s.ranks)) {
        const auto all = unionWhere(s, idx, busyMask(s));
        if (all.empty()) {
            t.notes.push_back("rank " + std::to_string(r) + ": no device activity");
            continue;
        }
        const std::int64_t kernelTime = all.back().end - all.front().start;
        const std::int64_t idleTime = kernelTime - totalLength(all);
        const std::int64_t computeTime = totalLength(unionWhere(s, idx, bit(KernelType::Computation)));
        const std::int64_t nonCompute = kernelTime - computeTime - idleTime;
        rank.push(std::int64_t(r));
        idle.push(idleTime);
        comp.push(computeTime);
        nonComp.push(nonCompute);
        span.push(kernelTime);
        idleP.push(pct(s, double(idleTime), double(kernelTime), 2));
        compP.push(pct(s, double(computeTime), double(kernelTime), 2));
        nonP.push(pct(s, double(nonCompute), double(kernelTime), 2));
    }
    t.notes.insert(t.notes.end(), s.notes.begin(), s.notes.end());
    return t;
}

Table commCompOverlap(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const EventSet s = selectEvents(ctx, opt, SelectGpu);
    Table t("overlap", "Communication-computation overlap");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column *comm = nullptr, *comp = nullptr, *ov = nullptr;
    if (!s.compat) {
        comm = &t.addInt("communication_ns", "Communication", Unit::Nanoseconds);
        comp = &t.addInt("computation_ns", "Computation", Unit::Nanoseconds);
        ov = &t.addInt("overlap_ns", "Overlap", Unit::Nanoseconds);
    }
    Column &p = t.addReal(s.compat ? "comp_comm_overlap_pctg" : "comp_comm_overlap_pct",
                          "Communication overlapped by computation", Unit::Percent);
    for (auto &[r, idx] : byRank(s.gpu, s.ranks)) {
        std::vector<std::vector<Interval>> u;
        u.push_back(unionWhere(s, idx, bit(KernelType::Communication)));
        u.push_back(unionWhere(s, idx, bit(KernelType::Computation)));
        const std::int64_t overlap = coverageByMask(u)[3 + kMaskOffset];
        const std::int64_t commLen = totalLength(u[0]);
        rank.push(std::int64_t(r));
        if (comm) {
            comm->push(commLen);
            comp->push(totalLength(u[1]));
            ov->push(overlap);
        }
        p.push(pct(s, double(overlap), double(commLen), 2));
    }
    t.notes = s.notes;
    return t;
}

namespace {

/// A step: a ProfilerStep#N host span with the device work it launched, or (IBM AIU runs) one
/// iteration of the repeating kernel sequence with the device work that starts inside it.
struct Step {
    std::int64_t number = -1;
    std::uint32_t cpu = 0; ///< ProfilerStep: index into s.cpu
    std::vector<std::uint32_t> gpu;
    bool iteration = false;             ///< an AIU iteration: no host span
    std::int64_t start = 0, end = 0;    ///< the iteration's window (ticks)
};

/// AIU iterations as steps for the ranks without a ProfilerStep (the importer found where the
/// Cmpt Exec sequence repeats; model/aiufacts.h). Device rows belong to the iteration their
/// start falls in.
void addAiuIterations(const AnalysisContext &ctx, const EventSet &s, std::unordered_map<int, std::vector<Step>> &steps,
                      std::vector<std::string> &notes)
{
    std::map<int, std::vector<std::pair<TimeNs, TimeNs>>> spans;
    for (const SourceInfo &src : ctx.trace().sources())
        if (src.aiu)
            for (const AiuDeviceFacts &d : src.aiu->devices)
                if (!d.iterationSpans.empty() && s.wantRank(d.rank) && !steps.count(d.rank))
                    spans[d.rank] = d.iterationSpans;
    if (spans.empty())
        return;
    if (s.compat) {
        notes.push_back("AIU iterations are not steps in HTA compatibility mode (HTA has none)");
        return;
    }
    for (const auto &[rank, windows] : spans) {
        auto &v = steps[rank];
        for (std::size_t i = 0; i < windows.size(); ++i) {
            Step st;
            st.number = std::int64_t(i + 1);
            st.iteration = true;
            st.start = windows[i].first;
            st.end = windows[i].second;
            v.push_back(std::move(st));
        }
        notes.push_back("rank " + std::to_string(rank) + ": no ProfilerStep; the steps are the AIU iterations (where the "
                        "Cmpt Exec sequence repeats), device rows by their start");
    }
    for (std::uint32_t i = 0; i < s.gpu.size(); ++i) {
        const Ev &g = s.gpu[i];
        auto it = spans.find(g.rank);
        if (it == spans.end())
            continue;
        auto &v = steps[g.rank];
        auto k = std::upper_bound(v.begin(), v.end(), g.ts, [](std::int64_t t, const Step &st) { return t < st.start; });
        if (k != v.begin() && g.ts < std::prev(k)->end)
            std::prev(k)->gpu.push_back(i);
    }
}

} // namespace

Table stepBreakdown(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const EventSet s = selectEvents(ctx, opt, SelectGpu | SelectCpu);
    const Trace &tr = ctx.trace();
    const StringId gpuAnn = ctx.index().catGpuUserAnnotation;
    // steps per rank, by start
    std::unordered_map<int, std::vector<Step>> steps;
    for (std::uint32_t i = 0; i < s.cpu.size(); ++i) {
        const Ev &e = s.cpu[i];
        if (e.cat == gpuAnn && gpuAnn != kInvalidId)
            continue;
        const std::string_view n = tr.str(e.name);
        if (!n.starts_with("ProfilerStep"))
            continue;
        // HTA: ProfilerStep\s*#\s*(\d+)
        std::size_t k = 12;
        while (k < n.size() && n[k] == ' ')
            ++k;
        if (k >= n.size() || n[k] != '#')
            continue;
        ++k;
        while (k < n.size() && n[k] == ' ')
            ++k;
        std::int64_t num = 0;
        auto res = std::from_chars(n.data() + k, n.data() + n.size(), num);
        if (res.ec != std::errc())
            continue;
        steps[e.rank].push_back({num, i, {}});
    }
    for (auto &[r, v] : steps)
        std::sort(v.begin(), v.end(), [&](const Step &a, const Step &b) { return s.cpu[a.cpu].ts < s.cpu[b.cpu].ts; });
    // assign device rows to the step containing their launching host row (HTA's iteration)
    const CorrelationGroups cg = correlationGroups(s);
    for (std::uint32_t i = 0; i < s.gpu.size(); ++i) {
        const Ev &g = s.gpu[i];
        auto sit = steps.find(g.rank);
        if (sit == steps.end() || cg.cpuOfGpu[i] < 0)
            continue;
        const std::int64_t ts = s.cpu[std::size_t(cg.cpuOfGpu[i])].ts;
        // the last step (by start) containing the launch wins, as in HTA; steps do not overlap
        // in practice, so look at the last step starting at or before ts and walk back
        auto &v = sit->second;
        auto it = std::upper_bound(v.begin(), v.end(), ts, [&](std::int64_t t, const Step &st) { return t < s.cpu[st.cpu].ts; });
        Step *hit = nullptr;
        for (auto k = it; k != v.begin();) {
            --k;
            const Ev &se = s.cpu[k->cpu];
            if (se.ts <= ts && ts < se.end()) {
                hit = &*k;
                break;
            }
            if (it - k > 4)
                break;
        }
        if (hit)
            hit->gpu.push_back(i);
    }
    std::vector<std::string> notes = s.notes;
    addAiuIterations(ctx, s, steps, notes);
    Table t("steps", "Step breakdown");
    const Unit du = durUnit(s), tu = timeUnit(s);
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &step = t.addInt("step", "Step", Unit::Id);
    Column &cpuStart = t.addInt("cpu_start", "Step start", tu);
    Column &cpuDur = t.addInt("cpu_duration", "Step duration", du);
    Column &kernels = t.addInt("kernels", "Device rows launched", Unit::Count);
    Column &gpuStart = t.addInt("gpu_start", "Device start", tu);
    Column &gpuEnd = t.addInt("gpu_end", "Device end", tu);
    Column &gpuSpan = t.addInt("gpu_span", "Device span", du);
    Column &busy = t.addInt("busy", "Device busy", du);
    Column &compute = t.addInt("compute", "Compute", du);
    Column &comm = t.addInt("communication", "Communication", du);
    Column &mem = t.addInt("memory", "Memory", du);
    Column &idle = t.addInt("idle", "Idle", du);
    Column &computePct = t.addReal("compute_pct", "Compute % of span", Unit::Percent);
    Column &idlePct = t.addReal("idle_pct", "Idle % of span", Unit::Percent);
    std::vector<int> ranksSorted;
    for (auto &[r, v] : steps)
        ranksSorted.push_back(r);
    std::sort(ranksSorted.begin(), ranksSorted.end());
    for (int r : ranksSorted) {
        for (const Step &st : steps[r]) {
            rank.push(std::int64_t(r));
            step.push(st.number);
            if (st.iteration) {
                cpuStart.push(s.outTime(st.start));
                cpuDur.push(st.end - st.start);
                t.keys.push_back(RowKey{kEmptyString, r, -1, {}});
            } else {
                const Ev &se = s.cpu[st.cpu];
                cpuStart.push(s.outTime(se.ts));
                cpuDur.push(se.dur);
                t.keys.push_back(RowKey{se.name, r, -1, ctx.index().ref(se.gid)});
            }
            kernels.push(std::int64_t(st.gpu.size()));
            const auto all = unionWhere(s, st.gpu, busyMask(s));
            if (all.empty()) {
                for (Column *col : {&gpuStart, &gpuEnd, &gpuSpan, &busy, &compute, &comm, &mem, &idle})
                    col->pushNull();
                computePct.pushNull();
                idlePct.pushNull();
                continue;
            }
            const std::int64_t span = all.back().end - all.front().start;
            const std::int64_t b = totalLength(all);
            const std::int64_t cp = totalLength(unionWhere(s, st.gpu, bit(KernelType::Computation)));
            gpuStart.push(s.outTime(all.front().start));
            gpuEnd.push(s.outTime(all.back().end));
            gpuSpan.push(span);
            busy.push(b);
            compute.push(cp);
            comm.push(totalLength(unionWhere(s, st.gpu, bit(KernelType::Communication))));
            mem.push(totalLength(unionWhere(s, st.gpu, bit(KernelType::Memory))));
            idle.push(span - b);
            computePct.push(span > 0 ? 100.0 * double(cp) / double(span) : kNaN);
            idlePct.push(span > 0 ? 100.0 * double(span - b) / double(span) : kNaN);
        }
    }
    t.notes = std::move(notes);
    return t;
}

} // namespace accelscope::model::analysis
