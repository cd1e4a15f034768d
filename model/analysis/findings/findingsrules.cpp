// The findings rules on device time, steps, collectives and host calls (docs/analysis.md
// "Findings"). Each reads the tables of the analyses that own the numbers.
#include "model/analysis/findings/findings_p.h"
#include "model/analysis/core/tableformat.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>

namespace accelscope::model::analysis::findings {

namespace {

std::string rankText(int rank) { return "rank " + std::to_string(rank); }

/// The longest collective of a rank (the collectives table's row key), to select on the timeline.
SliceRef longestCollective(RuleRun &run, int rank)
{
    const Table &c = run.table("collectives");
    SliceRef best;
    double longest = -1;
    for (std::size_t r = 0; r < c.rowCount(); ++r)
        if (rankAt(c, r) == rank && number(c, r, "dur_ns") > longest) {
            longest = number(c, r, "dur_ns");
            best = sliceAt(c, r);
        }
    return best;
}

/// Ascend: per rank, Communication(Not Overlapped) summed over the steps, out of their Stage time.
void exposedCommunicationAscend(RuleRun &run, const Table &steps, const std::string &rule, double limit)
{
    std::map<int, std::pair<double, double>> byRank; // exposed, stage
    for (std::size_t r = 0; r < steps.rowCount(); ++r) {
        const double exposed = number(steps, r, "communication_not_overlapped_ns"), stage = number(steps, r, "stage_ns");
        if (std::isfinite(exposed) && stage > 0) {
            byRank[rankAt(steps, r)].first += exposed;
            byRank[rankAt(steps, r)].second += stage;
        }
    }
    run.evaluated(rule);
    for (const auto &[rank, v] : byRank) {
        const double pct = 100.0 * v.first / v.second;
        if (pct < limit)
            continue;
        run.add({rule, "Communication not hidden by computation", std::int64_t(v.first), pct, "the rank's step Stage time", rank,
                 kNullInt, longestCollective(run, rank),
                 rankText(rank) + ": Communication(Not Overlapped) " + duration(v.first) + " of " + duration(v.second) + " of steps",
                 "Overlap communication with computation (bucketed gradients, communication on its own stream), "
                 "fewer or larger collectives, a faster interconnect or a different parallel layout.",
                 run.thresholdText("exposed_comm_pct")});
    }
}

} // namespace

void exposedCommunication(RuleRun &run)
{
    const std::string rule = "exposed-communication";
    const double limit = run.threshold("exposed_comm_pct");
    const Table &steps = run.table("steps");
    if (steps.column("communication_not_overlapped_ns") && steps.rowCount() > 0)
        return exposedCommunicationAscend(run, steps, rule, limit);
    const Table &overlap = run.table("overlap");
    bool anyCommunication = false;
    for (std::size_t r = 0; r < overlap.rowCount(); ++r)
        anyCommunication = anyCommunication || number(overlap, r, "communication_ns") > 0;
    if (!anyCommunication)
        return run.notEvaluated(rule, "no communication kernels");
    run.evaluated(rule);
    for (std::size_t r = 0; r < overlap.rowCount(); ++r) {
        const int rank = rankAt(overlap, r);
        const double comm = number(overlap, r, "communication_ns"), overlapped = number(overlap, r, "overlap_ns");
        const double exposed = comm - (std::isfinite(overlapped) ? overlapped : 0);
        const std::int64_t span = run.deviceSpan(rank);
        if (!(exposed > 0) || span <= 0)
            continue;
        const double pct = 100.0 * exposed / double(span);
        if (pct < limit)
            continue;
        run.add({rule, "Communication not hidden by computation", std::int64_t(exposed), pct, "the rank's device span", rank,
                 kNullInt, longestCollective(run, rank),
                 rankText(rank) + ": communication " + duration(comm) + ", of which " + duration(overlapped)
                     + " overlapped by compute; device span " + duration(double(span)),
                 "Overlap communication with computation (bucketed gradients, communication on its own stream), "
                 "fewer or larger collectives, a faster interconnect or a different parallel layout.",
                 run.thresholdText("exposed_comm_pct")});
    }
}

void launchBoundSteps(RuleRun &run)
{
    const std::string rule = "launch-bound-steps";
    const Table &steps = run.table("steps");
    if (steps.rowCount() == 0 || !steps.column("idle"))
        return run.notEvaluated(rule, steps.column("computing_ns") ? "Ascend steps (see ascend-free-time)" : "no ProfilerStep steps with device work");
    run.evaluated(rule);
    std::vector<StepPart> parts;
    for (std::size_t r = 0; r < steps.rowCount(); ++r)
        parts.push_back({rankAt(steps, r), stepAt(steps, r), number(steps, r, "idle"),
                         number(steps, r, "gpu_span"), sliceAt(steps, r)});
    for (const StepsOver &s : stepsOver(parts, run.threshold("launch_bound_idle_pct"))) {
        const Table &idle = run.table("idle");
        double hostWait = 0, idleAll = 0;
        for (std::size_t r = 0; r < idle.rowCount(); ++r)
            if (rankAt(idle, r) == s.rank) {
                const double ns = std::max(0.0, number(idle, r, "idle_ns"));
                idleAll += ns;
                hostWait += text(idle, r, "idle_category") == "host_wait" ? ns : 0;
            }
        std::string evidence = rankText(s.rank) + ": " + std::to_string(s.over) + " of " + std::to_string(s.steps)
                               + " steps with the device idle (steps " + s.overList + "; worst: step " + std::to_string(s.worstStep)
                               + ", " + percent(s.worstPct) + " idle)";
        if (idleAll > 0)
            evidence += "; of the device's idle time, " + percent(100.0 * hostWait / idleAll) + " waits on the host's launches";
        run.add({rule, "Device idle while the host launches work (CPU/launch-bound steps)", std::int64_t(s.partOver),
                 100.0 * s.partOver / s.wholeAll, "the rank's steps' device span", s.rank, s.worstStep, s.worstSlice, evidence,
                 "Launch less from Python: CUDA graphs or torch.compile, fuse small operators, larger batches, move host-side "
                 "work (logging, metrics, data preparation) off the training loop.",
                 run.thresholdText("launch_bound_idle_pct")});
    }
}

void drainingSyncs(RuleRun &run)
{
    const std::string rule = "draining-sync";
    // Host calls that block until the device's queue is empty; .item() and friends sync through them.
    static const std::set<std::string> runtimeSyncs = {"cudaStreamSynchronize", "cudaDeviceSynchronize", "cudaEventSynchronize",
                                                       "cudaMemcpy", "hipStreamSynchronize", "hipDeviceSynchronize",
                                                       "hipEventSynchronize", "aclrtSynchronizeStream", "aclrtSynchronizeDevice"};
    static const std::set<std::string> tensorSyncs = {"aten::item", "aten::_local_scalar_dense", "aten::nonzero"};
    const Table &names = run.table("range-stats");
    const std::int64_t span = run.traceSpan();
    if (names.rowCount() == 0 || span <= 0)
        return run.notEvaluated(rule, "no slices");
    run.evaluated(rule);
    double runtimeNs = 0, tensorNs = 0, longest = -1;
    std::string evidence;
    SliceRef slice;
    for (std::size_t r = 0; r < names.rowCount(); ++r) {
        const std::string name = text(names, r, "name");
        const bool runtime = runtimeSyncs.count(name) > 0;
        if (!runtime && tensorSyncs.count(name) == 0)
            continue;
        const double total = number(names, r, "total_ns");
        // aten::item calls aten::_local_scalar_dense: the nested tensor syncs are one wait, not two
        if (runtime)
            runtimeNs += total;
        else
            tensorNs = std::max(tensorNs, total);
        evidence += (evidence.empty() ? "" : "; ") + name + " ×" + text(names, r, "count") + " (" + duration(total) + ")";
        if (number(names, r, "max_ns") > longest) {
            longest = number(names, r, "max_ns");
            slice = sliceAt(names, r);
        }
    }
    // .item() waits inside the runtime call it makes: count the runtime calls when they are recorded
    const double blocked = runtimeNs > 0 ? runtimeNs : tensorNs;
    // a synchronization while the device stays busy costs nothing: what is at stake is capped by
    // the time the device sits idle
    const Table &temporal = run.table("temporal");
    double deviceIdle = 0;
    for (std::size_t r = 0; r < temporal.rowCount(); ++r)
        deviceIdle += std::max(0.0, number(temporal, r, "idle_ns"));
    const double atStake = std::min(blocked, deviceIdle);
    const double pct = 100.0 * atStake / double(span);
    if (atStake <= 0 || pct < run.threshold("sync_pct"))
        return;
    evidence += "; the host is blocked " + duration(blocked) + " in all, the device idle " + duration(deviceIdle);
    run.add({rule, "Synchronizations that drain the device's queue", std::int64_t(atStake), pct, "the trace span", -1, kNullInt,
             slice, evidence,
             "Keep values on the device (no .item(), .cpu(), .tolist() or printing of tensors inside the step), use non_blocking "
             "copies and events instead of stream or device synchronization, log metrics every N steps.",
             run.thresholdText("sync_pct")});
}

void stragglerRank(RuleRun &run)
{
    const std::string rule = "straggler-rank";
    const Table &wait = run.table("collective-wait");
    if (wait.rowCount() < 2)
        return run.notEvaluated(rule, "fewer than two ranks with collectives");
    run.evaluated(rule);
    for (std::size_t r = 0; r < wait.rowCount(); ++r) {
        const int rank = rankAt(wait, r);
        const double caused = number(wait, r, "caused_wait_ns");
        // the wait is the other ranks' time: compare it with theirs
        const std::int64_t span = run.traceSpan() * std::int64_t(wait.rowCount() - 1);
        if (number(wait, r, "straggler") != 1 || !(caused > 0) || span <= 0)
            continue;
        const double pct = 100.0 * caused / double(span);
        if (pct < run.threshold("straggler_wait_pct"))
            continue;
        const Table &skew = run.table("collective-skew");
        const Table &slow = run.table("cluster-slow-ranks");
        SliceRef slice;
        double worst = -1;
        for (std::size_t k = 0; k < skew.rowCount(); ++k)
            if (number(skew, k, "straggler_rank") == rank && number(skew, k, "skew_ns") > worst) {
                worst = number(skew, k, "skew_ns");
                slice = sliceAt(skew, k);
            }
        std::string evidence = rankText(rank) + " arrived last at " + text(wait, r, "arrived_last") + " of "
                               + text(wait, r, "collectives") + " collectives; the other ranks waited " + duration(caused)
                               + " for it";
        if (worst > 0)
            evidence += "; largest skew " + duration(worst);
        for (std::size_t k = 0; k < slow.rowCount(); ++k)
            if (rankAt(slow, k) == rank && !text(slow, k, "why").empty())
                evidence += "; why (cluster-slow-ranks): " + text(slow, k, "why");
        run.add({rule, "A straggler rank holds the others up in collectives", std::int64_t(caused), pct, "the other ranks' time (trace span × their number)", rank,
                 kNullInt, slice, evidence,
                 "Look at what this rank does before the collectives (more data, a slower device or host, extra logging or "
                 "checkpointing on this rank); balance the work across ranks.",
                 run.thresholdText("straggler_wait_pct")});
    }
}

void dataLoaderStalls(RuleRun &run)
{
    const std::string rule = "dataloader-stall";
    // the data loader's iterator calls (PyTorch names them "enumerate(DataLoader)#...__next__")
    const Table &names = run.table("range-stats");
    double loaderNs = 0, longest = -1;
    std::int64_t calls = 0;
    SliceRef slice;
    for (std::size_t r = 0; r < names.rowCount(); ++r) {
        if (text(names, r, "name").rfind("enumerate(DataLoader)", 0) != 0)
            continue;
        loaderNs += std::max(0.0, number(names, r, "total_ns"));
        calls += std::int64_t(std::max(0.0, number(names, r, "count")));
        if (number(names, r, "max_ns") > longest) {
            longest = number(names, r, "max_ns");
            slice = sliceAt(names, r);
        }
    }
    const Table &steps = run.table("steps");
    double stepsNs = 0;
    std::int64_t worstStep = kNullInt;
    // the steps table's times count from the trace start
    const TimeNs at = slice.valid() ? run.ctx.trace().track(slice.track).slices.start[slice.index] - run.ctx.trace().startNs() : 0;
    for (std::size_t r = 0; r < steps.rowCount(); ++r) {
        const double start = number(steps, r, "cpu_start"), dur = number(steps, r, "cpu_duration");
        if (!(dur > 0))
            continue;
        stepsNs += dur;
        if (slice.valid() && double(at) >= start && double(at) < start + dur)
            worstStep = stepAt(steps, r);
    }
    if (stepsNs <= 0)
        return run.notEvaluated(rule, "no ProfilerStep steps on the host");
    run.evaluated(rule);
    const double pct = 100.0 * loaderNs / stepsNs;
    if (calls == 0 || pct < run.threshold("dataloader_pct"))
        return;
    std::string evidence = std::to_string(calls) + " data loader calls, " + duration(loaderNs) + " in all; the longest "
                           + duration(longest);
    if (worstStep != kNullInt)
        evidence += " (in step " + std::to_string(worstStep) + ")";
    run.add({rule, "Steps wait for the data loader", std::int64_t(loaderNs), pct, "the steps' host time", -1, worstStep, slice,
             evidence,
             "More DataLoader workers (num_workers), pin_memory=True, persistent_workers, prefetching, lighter "
             "transforms on the host or preprocessing ahead of training.",
             run.thresholdText("dataloader_pct")});
}

void tinyKernelStorms(RuleRun &run)
{
    const std::string rule = "tiny-kernel-storm";
    const Table &kernels = run.table("kernels");
    if (kernels.rowCount() == 0 || !kernels.column("mean_ns"))
        return run.notEvaluated(rule, "no kernels");
    run.evaluated(rule);
    const double tinyNs = run.threshold("tiny_kernel_ns");
    struct Storm {
        double launches = 0, deviceNs = 0;
        std::vector<std::pair<double, std::string>> names; // launches, name
    };
    std::map<int, Storm> byRank;
    for (std::size_t r = 0; r < kernels.rowCount(); ++r) {
        const double mean = number(kernels, r, "mean_ns"), count = number(kernels, r, "count");
        if (!(mean < tinyNs) || !(count > 0))
            continue;
        Storm &s = byRank[rankAt(kernels, r)];
        s.launches += count;
        s.deviceNs += std::max(0.0, number(kernels, r, "total_ns"));
        s.names.emplace_back(count, text(kernels, r, "name"));
    }
    for (auto &[rank, s] : byRank) {
        const std::int64_t span = run.deviceSpan(rank);
        if (s.launches < run.threshold("tiny_kernel_count") || span <= 0)
            continue;
        std::sort(s.names.begin(), s.names.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
        std::string evidence = rankText(rank) + ": " + formatReal(s.launches) + " launches of " + std::to_string(s.names.size())
                               + " kernels under " + duration(tinyNs) + " on average; most launched:";
        for (std::size_t i = 0; i < std::min<std::size_t>(3, s.names.size()); ++i)
            evidence += (i ? ", " : " ") + s.names[i].second + " ×" + formatReal(s.names[i].first);
        run.add({rule, "Storm of tiny kernels (launch overhead dominates)", std::int64_t(s.deviceNs), 100.0 * s.deviceNs / double(span),
                 "the rank's device span", rank, kNullInt, SliceRef{}, evidence,
                 "Fuse elementwise operators (torch.compile, fused optimizers such as foreach/fused Adam), CUDA graphs, "
                 "larger tensors per kernel (batch, bucket).",
                 run.thresholdText("tiny_kernel_count") + " with " + run.thresholdText("tiny_kernel_ns", "<")});
    }
}

namespace {
/// The default window of the critical path is the first ProfilerStep, and the path runs through
/// it from start to end. Copies on it are at most the step's device copies plus every (blocking)
/// host cudaMemcpy of the trace: when even that is under half the threshold's share of the step, the
/// path (the costliest table the rules read) cannot fire the rule and is not built.
bool copiesCannotReachThreshold(RuleRun &run)
{
    if (run.opt.annotation)
        return false; // a window the user chose: always look
    const Table &steps = run.table("steps");
    if (steps.rowCount() == 0 || !steps.column("memory"))
        return false;
    const double stepNs = number(steps, 0, "cpu_duration"), deviceCopies = number(steps, 0, "memory");
    if (!(stepNs > 0) || !std::isfinite(deviceCopies))
        return false;
    double hostCopies = 0;
    const Table &names = run.table("range-stats");
    for (std::size_t r = 0; r < names.rowCount(); ++r) {
        const std::string name = text(names, r, "name");
        if (name == "cudaMemcpy" || name == "hipMemcpy")
            hostCopies += std::max(0.0, number(names, r, "total_ns"));
    }
    return 100.0 * (deviceCopies + hostCopies) < 0.5 * run.threshold("memcpy_path_pct") * stepNs;
}
} // namespace

void memcpyOnCriticalPath(RuleRun &run)
{
    const std::string rule = "memcpy-critical-path";
    if (copiesCannotReachThreshold(run))
        return run.evaluated(rule);
    const Table &path = run.table("critical-path");
    if (path.rowCount() == 0)
        return run.notEvaluated(rule, path.notes.empty() ? std::string("no critical path") : "no critical path (" + path.notes.front() + ")");
    run.evaluated(rule);
    struct Copies {
        double pathNs = 0, copyNs = 0, longest = -1;
        int copies = 0;
        SliceRef slice;
    };
    std::map<int, Copies> byRank;
    for (std::size_t r = 0; r < path.rowCount(); ++r) {
        Copies &c = byRank[rankAt(path, r)];
        const double d = std::max(0.0, number(path, r, "duration_ns"));
        c.pathNs += d;
        const std::string cat = text(path, r, "cat"), event = text(path, r, "event");
        // device copies, and the blocking host copies (an async copy's host call is a launch)
        const bool copy = cat == "gpu_memcpy" || event.rfind("Memcpy", 0) == 0 || event == "cudaMemcpy" || event == "hipMemcpy";
        if (!copy)
            continue;
        c.copyNs += d;
        ++c.copies;
        if (d > c.longest) {
            c.longest = d;
            c.slice = sliceAt(path, r);
        }
    }
    for (const auto &[rank, c] : byRank) {
        const double pct = c.pathNs > 0 ? 100.0 * c.copyNs / c.pathNs : 0;
        if (c.copies == 0 || pct < run.threshold("memcpy_path_pct"))
            continue;
        run.add({rule, "Memory copies on the critical path", std::int64_t(c.copyNs), pct, "the rank's critical path", rank, kNullInt,
                 c.slice,
                 rankText(rank) + ": " + std::to_string(c.copies) + " copy edges on the critical path (" + duration(c.pathNs)
                     + "), longest " + duration(c.longest),
                 "Pinned host memory with non_blocking=True copies on a side stream, prefetch the next batch to the device, "
                 "keep tensors on the device between steps.",
                 run.thresholdText("memcpy_path_pct")});
    }
}

} // namespace accelscope::model::analysis::findings
