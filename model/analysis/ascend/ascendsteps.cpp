// Ascend step breakdown (torch_npu's step_trace_time.csv columns, computed from the timeline),
// the per-rank comparison that points at the slow rank, and the `steps` dispatcher.
#include "model/analysis/ascend/ascendsteps.h"

#include "model/analysis/analyses.h"
#include "model/analysis/core/intervals.h"
#include "model/analysis/cluster/slowrank.h"
#include "model/ascendfacts.h"

#include <algorithm>
#include <set>
#include <array>
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
    bool fromLanes = false;          ///< Computing / Communication / Free summed from the Overlap Analysis lanes
    const AscendStep *own = nullptr; ///< the step (legacy MindSpore figures); null for Step Id / no-step rows
    const AscendFacts *facts = nullptr;
};

struct Range {
    TimeNs lo, hi;
    std::int64_t number;
    bool hasHost;
    TimeNs hostStart;
    SliceRef slice;
    const AscendStep *step = nullptr;
};

/// The step ranges of a rank, in torch_npu's order (host steps by start).
std::vector<Range> stepRanges(const AscendRank &r, std::string &how)
{
    std::vector<Range> out;
    if (!r.steps.empty()) {
        for (const AscendStep &s : r.steps)
            out.push_back({s.deviceStart, s.deviceEnd, s.number, s.hasHost, s.hostStart, s.slice, &s});
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
            out.push_back({lohi.first, lohi.second, id, false, 0, SliceRef{}, nullptr});
        std::stable_sort(out.begin(), out.end(), [](const Range &a, const Range &b) { return a.lo < b.lo; });
        how = "Step Id";
        return out;
    }
    out.push_back({std::numeric_limits<TimeNs>::min(), std::numeric_limits<TimeNs>::max(), kNoStep, false, 0, SliceRef{}, nullptr});
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

std::string guessedNote(const AscendRank &r)
{
    std::string types;
    for (const auto &[type, n] : r.guessedTypes) {
        if (!types.empty())
            types += ", ";
        types += std::string(type) + " x" + std::to_string(n);
    }
    return std::to_string(r.guessedTasks) + " device tasks have no kernel information (no kernel_details.csv / COMPUTE_TASK_INFO) "
         + "and no Overlap Analysis lanes say how torch_npu counted them: counted as Computing by their Task Type (" + types
         + "), a guess; HCCL, wait, event and profiling tasks are left out";
}

/// MindSpore (>= 2.3, AscendStepTraceTimeViewer) sums its lanes per *host* step [start, end]:
/// Computing / Communication / Comm(Not Overlapped) by start inside it, Free clipped to it; Stage
/// spans its HCCL slices (ops and plane tasks) starting inside it, first start to last start plus
/// that slice's duration, minus Bubble (its send/receive ops); Preparing from the step start to the
/// first Computing / Communication slice at or after it.
void mindSporeLaneRow(const AscendRank &r, const Range &g, const AnalysisOptions &opt, StepRow &row)
{
    const TimeNs lo = g.hasHost ? g.hostStart : g.lo;
    const TimeNs hi = g.hasHost ? g.step->hostEnd : g.hi;
    auto clip = [&](TimeNs &s, TimeNs &e) {
        if (opt.range) {
            s = std::max(s, opt.range->first);
            e = std::min(e, opt.range->second);
        }
        return e > s;
    };
    auto sumStarting = [&](OverlapLane lane) {
        std::int64_t sum = 0;
        const auto &v = r.lanes[std::size_t(lane)];
        for (auto it = std::lower_bound(v.begin(), v.end(), lo, [](const Interval &a, TimeNs t) { return a.start < t; });
             it != v.end() && it->start <= hi; ++it) {
            TimeNs s = it->start, e = it->end;
            if (clip(s, e))
                sum += e - s;
        }
        return sum;
    };
    row.computing = sumStarting(OverlapLane::Computing);
    row.communication = sumStarting(OverlapLane::Communication);
    row.notOverlapped = sumStarting(OverlapLane::CommunicationNotOverlapped);
    row.overlapped = row.communication - row.notOverlapped;
    row.free = 0;
    for (const Interval &f : r.lanes[std::size_t(OverlapLane::Free)]) {
        TimeNs s = std::max(f.start, lo), e = std::min(f.end, hi);
        if (e > s && clip(s, e))
            row.free += e - s;
    }
    std::int64_t bubble = 0;
    const AscendHcclEvent *first = nullptr, *last = nullptr;
    for (auto it = std::lower_bound(r.hcclEvents.begin(), r.hcclEvents.end(), lo,
                                    [](const AscendHcclEvent &a, TimeNs t) { return a.start < t; });
         it != r.hcclEvents.end() && it->start <= hi; ++it) {
        if (!first)
            first = &*it;
        last = &*it;
        if (it->sendRecv)
            bubble += it->end - it->start;
    }
    row.bubble = bubble;
    row.stage = first ? (last->start - first->start + (last->end - last->start)) - bubble : 0;
    row.exclReceive = row.notOverlapped - bubble;
    TimeNs firstTask = std::numeric_limits<TimeNs>::max();
    for (OverlapLane lane : {OverlapLane::Computing, OverlapLane::Communication}) {
        const auto &v = r.lanes[std::size_t(lane)];
        const auto it = std::lower_bound(v.begin(), v.end(), lo, [](const Interval &a, TimeNs t) { return a.start < t; });
        if (it != v.end())
            firstTask = std::min(firstTask, it->start);
    }
    if (firstTask != std::numeric_limits<TimeNs>::max()) {
        row.any = true;
        row.first = firstTask;
        row.preparing = g.hasHost ? firstTask - lo : 0;
    }
}

/// Which step (index into ranges, -1 for none) each compute task and comm op of a rank counts in.
struct TaskSteps {
    std::vector<std::int32_t> compute, comm;
};

TaskSteps assignTasksToSteps(const AscendRank &r, const std::vector<Range> &ranges, const std::string &how)
{
    TaskSteps out{assign(r.compute, ranges), assign(r.comm, ranges)};
    if (how == "Step Id" || how == "step trace") {
        // the files say which step a task / op belongs to (kernel_details Step Id; the
        // MindSpore step trace lists its ops per step, some start before the step's points)
        std::map<std::int64_t, std::int32_t> byNumber;
        for (std::size_t k = 0; k < ranges.size(); ++k)
            byNumber.emplace(ranges[k].number, std::int32_t(k));
        auto byStep = [&](const auto &items, std::vector<std::int32_t> &where) {
            for (std::size_t i = 0; i < items.size(); ++i)
                if (items[i].stepId != kNoStep) {
                    auto it = byNumber.find(items[i].stepId);
                    where[i] = it == byNumber.end() ? -1 : it->second;
                }
        };
        byStep(r.compute, out.compute);
        byStep(r.comm, out.comm);
    }
    return out;
}

/// Clips [s, e] to the analysis range (if any); false when nothing is left (a zero-length task stays).
bool clipToRange(const AnalysisOptions &opt, TimeNs &s, TimeNs &e)
{
    if (opt.range) {
        s = std::max(s, opt.range->first);
        e = std::min(e, opt.range->second);
    }
    return e >= s;
}

/// The compute tasks and comm ops of one step, clipped to the analysis range.
struct StepTasks {
    std::vector<Interval> comp, comm, receive;
    std::int64_t bubble = 0;
    TimeNs first = std::numeric_limits<TimeNs>::max();
    SliceRef firstSlice;
    std::uint32_t nc = 0, nm = 0;
};

/// Gathers each step's tasks and ops; `outside` counts those in the range but in no step.
std::vector<StepTasks> gatherStepTasks(const AscendRank &r, std::size_t stepCount, const TaskSteps &where,
                                       const AnalysisOptions &opt, std::uint64_t &outside)
{
    std::vector<StepTasks> acc(stepCount);
    for (std::size_t i = 0; i < r.compute.size(); ++i) {
        const AscendTask &t = r.compute[i];
        if (!opt.overlapsRange(t.start, t.end))
            continue;
        if (where.compute[i] < 0) {
            ++outside;
            continue;
        }
        StepTasks &a = acc[std::size_t(where.compute[i])];
        TimeNs s = t.start, e = t.end;
        if (!clipToRange(opt, s, e))
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
        if (where.comm[i] < 0) {
            ++outside;
            continue;
        }
        StepTasks &a = acc[std::size_t(where.comm[i])];
        TimeNs s = c.start, e = c.end;
        if (!clipToRange(opt, s, e))
            continue;
        a.comm.push_back({s, e});
        if (c.receive) {
            a.bubble += e - s;
            a.receive.push_back({s, e});
        }
        if (c.start < a.first) {
            a.first = c.start;
            a.firstSlice = c.slice;
        }
        ++a.nm;
    }
    return acc;
}

/// One step's Overlap Analysis lane sums (Computing, Communication, Comm Not Overlapped, Free).
struct StepLanes {
    std::array<std::int64_t, 4> sum{};
    TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
    TimeNs firstTask = std::numeric_limits<TimeNs>::max();
};

/// With Overlap Analysis lanes, Computing / Communication / Free are torch_npu's: each lane
/// slice counts in the first step whose range holds its start (TraceStepTimeParser).
std::vector<StepLanes> sumStepLanes(const AscendRank &r, const std::vector<Range> &ranges, const AnalysisOptions &opt)
{
    std::vector<StepLanes> lanes(r.hasLanes ? ranges.size() : 0);
    if (!r.hasLanes)
        return lanes;
    for (std::size_t lane = 0; lane < 4; ++lane) {
        const auto &v = r.lanes[lane];
        const auto where = assign(v, ranges);
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (where[i] < 0 || !opt.overlapsRange(v[i].start, v[i].end))
                continue;
            TimeNs s = v[i].start, e = v[i].end;
            if (!clipToRange(opt, s, e))
                continue;
            StepLanes &la = lanes[std::size_t(where[i])];
            la.sum[lane] += e - s;
            la.first = std::min(la.first, s);
            la.last = std::max(la.last, e);
            if (lane == std::size_t(OverlapLane::Computing) || lane == std::size_t(OverlapLane::Communication))
                la.firstTask = std::min(la.firstTask, s);
        }
    }
    return lanes;
}

/// The breakdown from the step's tasks and ops themselves (no lanes): unions and overlaps (the
/// interval lists are sorted in place).
void fillFromTasks(const Range &g, StepTasks &a, StepRow &row)
{
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
}

/// torch_npu with lanes: Stage spans the step's lane slices and receive ops; Preparing starts at
/// the first Computing / Communication slice.
void fillFromLanes(const Range &g, const StepTasks &a, const StepLanes &la, StepRow &row)
{
    row.fromLanes = true;
    row.computing = la.sum[std::size_t(OverlapLane::Computing)];
    row.communication = la.sum[std::size_t(OverlapLane::Communication)];
    row.notOverlapped = la.sum[std::size_t(OverlapLane::CommunicationNotOverlapped)];
    row.overlapped = row.communication - row.notOverlapped;
    row.free = la.sum[std::size_t(OverlapLane::Free)];
    TimeNs lo = la.first, hi = la.last;
    for (const Interval &b : a.receive) {
        lo = std::min(lo, b.start);
        hi = std::max(hi, b.end);
    }
    row.stage = (hi > lo ? hi - lo : 0) - a.bubble;
    row.exclReceive = row.notOverlapped - a.bubble;
    const bool anyLane = la.firstTask != std::numeric_limits<TimeNs>::max();
    row.any = row.any || anyLane;
    if (anyLane) {
        row.first = la.firstTask;
        row.preparing = g.hasHost ? la.firstTask - g.hostStart : 0;
    }
}

/// What the rows of one rank rest on: where its steps came from, what is left out or guessed.
void addRankNotes(const AscendRank &r, const std::string &how, std::uint64_t outside, std::vector<std::string> &notes)
{
    const std::string rk = "rank " + std::to_string(r.rank) + ": ";
    const bool msprof = r.facts && r.facts->exportKind == AscendFacts::ExportKind::Msprof;

    if (!r.hasHardware)
        notes.push_back(rk + "no device compute tasks in the trace (no trace_view.json, kernel_details.csv or db for this rank): "
                             "only Communication and Bubble are known");
    if (how == "Step Id")
        notes.push_back(rk + "no ProfilerStep on the host; steps from the tasks' kernel_details Step Id (Preparing unknown)");
    else if (how == "step trace" && std::any_of(r.steps.begin(), r.steps.end(), [](const AscendStep &s) { return s.derivedFromFiles; }))
        notes.push_back(rk + "no Step Trace iterations in the export: steps derived from the spans of the device tasks and HCCL ops "
                             "of each per-iteration timeline file (no FP+BP, tail or iteration interval; Preparing unknown)");
    else if (how == "step trace" && msprof)
        notes.push_back(rk + "steps from the msprof Step Trace iterations of the device, with MindSpore's iteration interval, "
                             "FP+BP and tail (Preparing unknown: no host step)");
    else if (how == "step trace")
        notes.push_back(rk + "steps from the MindSpore step trace (Preparing unknown)");
    else if (how == "none")
        notes.push_back(rk + "no steps in the trace: one row over all device work"
                        + std::string(r.facts && r.facts->framework == AscendFacts::Framework::TorchNpu
                                          ? " (torch_npu writes an empty Step)"
                                          : msprof ? " (the export has no Step Trace iterations, step_trace CSV rows or per-iteration files)"
                                                   : ""));
    if (how == "step trace") {
        std::set<std::int64_t> models;
        for (const AscendStep &s : r.steps)
            models.insert(s.model);
        if (models.size() > 1) {
            std::string ids;
            for (std::int64_t m : models)
                ids += (ids.empty() ? "" : ", ") + (m < 0 ? std::string("unknown") : std::to_string(m));
            notes.push_back(rk + "iterations of " + std::to_string(models.size()) + " models (Model ID " + ids
                            + "): each model numbers its iterations from 1, so a step number repeats once per model "
                              "(rows in device_start order; the step's Model ID is in its Step Trace slice)");
        }
    }
    if (outside)
        notes.push_back(rk + std::to_string(outside) + " device tasks / ops start outside every step and are not counted");
    const std::string lanes = r.lanesDerived
        ? "Overlap Analysis lanes derived from the device tasks (the output has none; Computing = compute tasks, "
          "Communication = HCCL ops, Free = their gaps, a gap between steps counted in the step before it)"
        : "the trace's Overlap Analysis lanes";
    if (r.hasLanes && r.mindspore && !r.mindsporeLegacy)
        notes.push_back(rk + "Computing, Communication and Free summed from " + lanes + " per host step, "
                        + "Stage over the HCCL slices, as MindSpore writes step_trace_time.csv");
    else if (r.hasLanes && msprof)
        notes.push_back(rk + "Computing, Communication and Free summed from " + lanes + " inside each step");
    else if (r.hasLanes)
        notes.push_back(rk + "Computing, Communication and Free summed from " + lanes + ", as torch_npu writes step_trace_time.csv");
    // the profiler's own lanes say how it counted every task: only derived ones can rest on a guess
    if (r.guessedTasks && (!r.hasLanes || r.lanesDerived))
        notes.push_back(rk + guessedNote(r));
    if (r.facts && r.facts->commOpsListed > r.facts->commOpsOnTimeline && r.facts->commOpsOnTimeline >= 0)
        notes.push_back(rk + "communication.json lists " + std::to_string(r.facts->commOpsListed) + " HCCL ops, the timeline holds "
                        + std::to_string(r.facts->commOpsOnTimeline) + ": Communication, Overlapped and Free leave out the "
                        + std::to_string(r.facts->commOpsListed - r.facts->commOpsOnTimeline) + " missing ops");
}

/// The rows of one rank, one per step (a step with nothing in the analysis range is left out).
void addRankRows(const Trace &tr, const AscendRank &r, const AnalysisOptions &opt, std::vector<StepRow> &rows,
                 std::vector<std::string> &notes)
{
    std::string how;
    const std::vector<Range> ranges = stepRanges(r, how);
    std::uint64_t outside = 0;
    std::vector<StepTasks> acc = gatherStepTasks(r, ranges.size(), assignTasksToSteps(r, ranges, how), opt, outside);
    const std::vector<StepLanes> lanes = sumStepLanes(r, ranges, opt);
    for (std::size_t k = 0; k < ranges.size(); ++k) {
        const Range &g = ranges[k];
        StepTasks &a = acc[k];
        if (opt.range && a.nc + a.nm == 0 && !(r.hasLanes && lanes[k].first <= lanes[k].last) && !opt.overlapsRange(g.lo, g.hi))
            continue;
        StepRow row;
        row.rank = r.rank;
        row.device = r.device;
        row.step = g.number;
        row.computeKnown = r.hasHardware;
        row.hasHost = g.hasHost;
        fillFromTasks(g, a, row);
        if (r.hasLanes)
            fillFromLanes(g, a, lanes[k], row);
        if (r.hasLanes && r.mindspore && !r.mindsporeLegacy)
            mindSporeLaneRow(r, g, opt, row);
        row.own = g.step;
        row.facts = r.facts;
        const SliceRef key = g.slice.valid() ? g.slice : a.firstSlice;
        row.key = RowKey{g.slice.valid() ? tr.track(g.slice.track).slices.name[g.slice.index] : kEmptyString, r.rank, -1, key};
        rows.push_back(row);
    }
    addRankNotes(r, how, outside, notes);
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
        addRankRows(tr, r, opt, rows, notes);
    }
    std::stable_sort(rows.begin(), rows.end(), [](const StepRow &a, const StepRow &b) {
        if (a.rank != b.rank)
            return a.rank < b.rank;
        return a.step < b.step; // kNoStep (no number) first
    });
    return rows;
}

/// The file's own row for one of our rows: same device (when both say), same step number (an
/// empty Step or MindSpore's "0" for a run without steps); a rank with one row each pairs them.
const AscendFileStep *fileStepFor(const StepRow &row, std::size_t rowsOfRank)
{
    if (!row.facts || row.facts->fileSteps.empty())
        return nullptr;
    const AscendFileStep *only = nullptr;
    std::size_t candidates = 0;
    for (const AscendFileStep &f : row.facts->fileSteps) {
        if (f.device >= 0 && row.device >= 0 && f.device != row.device)
            continue;
        ++candidates;
        only = &f;
        if (row.step != kNoStep ? f.hasStep && f.step == row.step : !f.hasStep)
            return &f;
    }
    return candidates == 1 && rowsOfRank == 1 ? only : nullptr;
}

/// "Computing 1.234 ms vs 1.100 ms in step_trace_time.csv; ..." for the columns that differ by
/// more than 1 % (and 1 µs); empty when the file agrees.
std::string fileDifference(const StepRow &row, const AscendFileStep &f, const std::string &source)
{
    std::string out;
    auto check = [&](const char *name, std::int64_t oursNs, double fileUs) {
        const double ours = double(oursNs) / 1000.0;
        const double diff = std::abs(ours - fileUs);
        if (diff <= 1.0 || diff <= 0.01 * std::max(std::abs(fileUs), std::abs(ours)))
            return;
        char buf[160];
        std::snprintf(buf, sizeof buf, "%s%s %.3f us here, %.3f us in %s", out.empty() ? "" : "; ", name, ours, fileUs,
                      source.c_str());
        out += buf;
    };
    if (row.computeKnown) {
        check("Computing", row.computing, f.computingUs);
        check("Free", row.free, f.freeUs);
    }
    check("Communication", row.communication, f.communicationUs);
    return out;
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
    // MindSpore 1.x step trace figures (step_trace_raw_{rank}_detail_time.csv)
    Column &interval = t.addInt("iteration_interval_ns", "Iteration interval", ns);
    Column &fpbp = t.addInt("fp_and_bp_ns", "FP+BP", ns);
    Column &tail = t.addInt("tail_ns", "Tail", ns);
    // the step's own length as the file states it (MindSpore's `total`): Stage spans only the
    // step's device tasks
    Column &stepTotal = t.addInt("step_total_ns", "Step total", ns);
    // the output's own step_trace_time.csv, where it differs from the timeline's numbers
    Column &fileComputing = t.addInt("file_computing_ns", "File Computing", ns);
    Column &fileComm = t.addInt("file_communication_ns", "File Communication", ns);
    Column &fileFree = t.addInt("file_free_ns", "File Free", ns);
    Column &fileCheck = t.addText("file_difference", "Differs from the file");
    std::vector<std::string> notes;
    const auto rows = computeSteps(tr, ix, opt, notes);
    std::map<int, std::size_t> rowsPerRank;
    for (const StepRow &r : rows)
        ++rowsPerRank[r.rank];
    std::map<int, std::vector<std::string>> differing;
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
        const bool ms = r.own && r.own->hasMindSporeFigures;
        put(interval, ms, ms ? r.own->iterationInterval : 0);
        put(fpbp, ms, ms ? r.own->fpAndBp : 0);
        put(tail, ms, ms ? r.own->tail : 0);
        put(stepTotal, ms, ms ? r.own->total : 0);
        const AscendFileStep *f = fileStepFor(r, rowsPerRank[r.rank]);
        auto us = [](double v) { return std::int64_t(std::llround(v * 1000.0)); };
        put(fileComputing, f, f ? us(f->computingUs) : 0);
        put(fileComm, f, f ? us(f->communicationUs) : 0);
        put(fileFree, f, f ? us(f->freeUs) : 0);
        std::string diff = f ? fileDifference(r, *f, r.facts->fileStepsSource) : std::string();
        if (!diff.empty())
            differing[r.rank].push_back((r.step == kNoStep ? std::string("the step") : "step " + std::to_string(r.step)) + ": " + diff);
        fileCheck.push(std::move(diff));
        t.keys.push_back(r.key);
    }
    if (ix.ranks.empty())
        t.notes.push_back("no Ascend device tasks or HCCL ops in the trace");
    t.notes.insert(t.notes.end(), notes.begin(), notes.end());
    for (const auto &[rank, list] : differing) {
        std::string n = "rank " + std::to_string(rank) + ": the folder's own step numbers differ by more than 1 % (both shown, "
                      + "File columns): ";
        for (std::size_t i = 0; i < list.size() && i < 3; ++i)
            n += (i ? " | " : "") + list[i];
        if (list.size() > 3)
            n += " | " + std::to_string(list.size() - 3) + " more steps";
        t.notes.push_back(std::move(n));
    }
    return t;
}

Table slowRankAnalysis(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const Trace &tr = ctx.trace();
    const AscendIndex &ix = ascendIndex(ctx);
    Table t("slow-rank", "Slow rank (Ascend step breakdown per rank)");
    slowrank::Columns cols = slowrank::addColumns(t);
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
    // compared: the ranks whose compute tasks are in the trace
    std::vector<std::optional<slowrank::RankMeans>> means;
    for (const Agg &a : aggs)
        means.push_back(a.known && a.steps ? std::optional(slowrank::RankMeans{a.mean(a.computing + a.free), a.mean(a.computing),
                                                                               a.mean(a.free), a.mean(a.notOv)})
                                           : std::nullopt);
    const slowrank::Comparison cmp(means);
    for (std::size_t i = 0; i < aggs.size(); ++i) {
        const Agg &a = aggs[i];
        cols.rank.push(std::int64_t(a.rank));
        a.device >= 0 ? cols.device.push(std::int64_t(a.device)) : cols.device.pushNull();
        cols.steps.push(a.steps);
        auto put = [&](Column &c, std::int64_t v) { a.known ? c.push(v) : c.pushNull(); };
        put(cols.computing, a.computing);
        put(cols.notOverlapped, a.notOv);
        put(cols.free, a.free);
        cols.bubble.push(a.bubble);
        put(cols.stage, a.stage);
        put(cols.work, a.computing + a.free);
        cmp.pushDeviations(cols, i);
        std::string f;
        if (!a.known)
            f = "no compute tasks in the trace: not compared";
        else if (cmp.compared < 2)
            f = "only one rank with compute tasks: nothing to compare";
        else if (cmp.isSlowest(i))
            f = cmp.slowestFinding();
        cols.finding.push(std::move(f));
        SliceRef key;
        for (const StepRow &r : rows)
            if (r.rank == a.rank && r.key.slice.valid()) {
                key = r.key.slice;
                break;
            }
        t.keys.push_back(RowKey{kEmptyString, a.rank, -1, key});
    }
    if (cmp.hasSlowest()) {
        const Agg &a = aggs[std::size_t(cmp.slowest)];
        const double dw = cmp.workDeviation(std::size_t(cmp.slowest));
        char buf[320];
        if (dw > 5.0)
            std::snprintf(buf, sizeof buf,
                          "slow rank: %d, own work (Computing + Free per step) %.1f%% above the median of %zu ranks "
                          "(spread %.1f%%; msprof-analyze's rule of thumb: above 5%% points at a slow rank); the other "
                          "ranks wait for it in Communication",
                          a.rank, dw, cmp.compared, cmp.spread);
        else
            std::snprintf(buf, sizeof buf,
                          "no slow rank: own work (Computing + Free per step) of the %zu ranks within 5%% of the median "
                          "(largest: rank %d, %+.1f%%; spread %.1f%%)",
                          cmp.compared, a.rank, dw, cmp.spread);
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
