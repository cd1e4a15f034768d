// The plugin's GPU summary (gpu_metrics_parser.py, tensor_cores_parser.py, docs/gpu_utilization.md)
// and its performance recommendations (data.py's analyze).
#include "tbmodel.h"

#include "model/argstree.h"
#include "model/parallel.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

namespace accelscope::model::analysis::tbplugin {

namespace {

struct DeviceKernels {
    Ranges busy;
    std::vector<ValuedRange> blocksPerSm;
    std::vector<ValuedRange> occupancy;
};

// Kernel time on Tensor Core kernels per device, over the kernels the operators launched.
std::map<std::int64_t, std::pair<TimeNs, TimeNs>> tensorCoreTimes(const RankRun &run, bool &anyKernel)
{
    std::map<std::int64_t, std::pair<TimeNs, TimeNs>> perDevice; // device -> (tc time, total)
    anyKernel = false;
    for (std::uint32_t op : run.ops)
        for (std::uint32_t r : run.nodes[op].runtimes)
            for (std::uint32_t d : run.runtimes[r].devices) {
                const Event &e = run.events[run.devices[d].event];
                if (e.type != EventType::Kernel)
                    continue;
                anyKernel = true;
                auto &[tc, total] = perDevice[run.kernelArgsOf(e).deviceId];
                if (run.devices[d].tcUsed)
                    tc += e.end - e.start;
                total += e.end - e.start;
            }
    return perDevice;
}

TimeNs selfKernelTime(const RankRun &run, const std::vector<std::uint32_t> &ops)
{
    TimeNs sum = 0;
    for (std::uint32_t op : ops)
        for (std::uint32_t r : run.nodes[op].runtimes)
            for (std::uint32_t d : run.runtimes[r].devices) {
                const Event &e = run.events[run.devices[d].event];
                if (e.type == EventType::Kernel)
                    sum += e.end - e.start;
            }
    return sum;
}

// Tensor Core eligible operators with no eligible operator below them.
void bottomEligibleOperators(const RankRun &run, std::uint32_t node, std::vector<std::uint32_t> &out)
{
    const std::size_t before = out.size();
    for (std::uint32_t c : run.nodes[node].children)
        bottomEligibleOperators(run, c, out);
    if (run.nodes[node].tcEligible && out.size() == before)
        out.push_back(node);
}

std::string percentText(double ratio)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", ratio * 100);
    return buf;
}

std::optional<double> number(const ArgNode *n)
{
    if (!n || n->type != ArgNode::Type::Number)
        return std::nullopt;
    return std::strtod(n->value.c_str(), nullptr);
}

void recommendTensorCores(RankRun &run, const std::optional<ArgNode> &props)
{
    if (!props || props->type != ArgNode::Type::Array || props->children.empty())
        return;
    const std::optional<double> major = number(props->children.front().child("computeMajor"));
    if (major && *major >= 7 && run.tcUsedRatio && *run.tcUsedRatio == 0.0 && run.tcEligibleOpsKernelRatio > 0.0)
        run.recommendations.push_back(
            {"tensor-cores", "Kernels with " + std::to_string(std::int64_t(std::nearbyint(run.tcEligibleOpsKernelRatio * 100)))
                                 + "% time are launched by Tensor Cores eligible operators. You could enable Automatic Mixed "
                                   "Precision (https://pytorch.org/docs/stable/amp.html) to speedup by using FP16."});
}

void recommendDistributed(RankRun &run, const std::optional<ArgNode> &props, double communicationRatio)
{
    if (run.useDp && run.usedDevices.size() > 1)
        run.recommendations.push_back({"data-parallel", "It is recommended to use DistributedDataParallel instead of DataParallel "
                                                        "(https://pytorch.org/docs/stable/notes/cuda.html#cuda-nn-ddp-instead) to "
                                                        "do multi-GPU training."});
    if (run.useDdp && !run.usesNccl && props && props->type == ArgNode::Type::Array) {
        for (const ArgNode &p : props->children) {
            const std::optional<double> major = number(p.child("computeMajor"));
            const std::optional<double> minor = number(p.child("computeMinor"));
            if (major && minor && std::strtod((std::to_string(std::int64_t(*major)) + "." + std::to_string(std::int64_t(*minor))).c_str(), nullptr) >= 3.5) {
                run.recommendations.push_back({"nccl-backend", "Nccl backend is currently the fastest and highly recommended backend "
                                                               "when using DDP for training."});
                break;
            }
        }
    }
    if (communicationRatio > 0.1)
        run.recommendations.push_back(
            {"communication", "This run has high time cost on communication. " + percentText(communicationRatio)
                                  + "% of the step time is in communication. You could try Gradient Compression "
                                    "(https://pytorch.org/docs/stable/ddp_comm_hooks.html) or Gradient Accumulation or increase "
                                    "the batch size. Note: Gradient accumulation will increase global effective batch size, "
                                    "which may hurt model convergence and accuracy. For such case, you may want to evaluate "
                                    "LAMB optimizer (https://nvidia.github.io/apex/optimizers.html#apex.optimizers.FusedLAMB)."});
}

void recommendUtilization(RankRun &run)
{
    std::vector<std::int64_t> low;
    for (const GpuMetrics &g : run.gpus)
        if (g.utilization < 0.5)
            low.push_back(g.device);
    if (low.empty())
        return;
    std::string list = std::to_string(low.front());
    for (std::size_t i = 1; i < low.size(); ++i)
        list += (i + 1 == low.size() ? " and " : ", ") + std::to_string(low[i]);
    run.recommendations.push_back({"low-gpu-utilization", "GPU " + list + (low.size() == 1 ? " has" : " have")
                                                              + " low utilization. You could try to increase batch size to "
                                                                "improve. Note: Increasing batch size may affect the speed and "
                                                                "stability of model convergence."});
}

} // namespace

namespace {

/// Per device: utilization, SM efficiency and occupancy over the steps' span (the Tensor Core
/// ratio is filled in later, from the walk of the operator trees).
std::vector<GpuMetrics> deviceSweeps(const RankRun &run)
{
    std::map<std::int64_t, DeviceKernels> perDevice;
    for (const Event &e : run.events) {
        if (e.type != EventType::Kernel)
            continue;
        const KernelArgs &args = run.kernelArgsOf(e);
        if (args.deviceId == kNone)
            continue;
        DeviceKernels &k = perDevice[args.deviceId];
        k.busy.push_back({e.start, e.end});
        if (args.blocksPerSm && *args.blocksPerSm > 0.0)
            k.blocksPerSm.push_back({e.start, e.end, *args.blocksPerSm});
        if (args.occupancy && *args.occupancy >= 0.0)
            k.occupancy.push_back({e.start, e.end, *args.occupancy});
    }
    std::vector<GpuMetrics> out;
    if (run.steps.empty())
        return out;
    const Range all{run.steps.front().span.first, run.steps.back().span.second};
    const double span = double(all.second - all.first);
    for (auto &[device, k] : perDevice) {
        GpuMetrics g;
        g.device = device;
        g.utilization = double(rangesSum(intersectRanges(mergeRanges(k.busy), {all}))) / span;
        const std::vector<ValuedRange> sm = intersectValuedRanges(mergeValuedRanges(k.blocksPerSm), {all});
        if (!sm.empty()) {
            double weighted = 0;
            for (const ValuedRange &r : sm)
                weighted += r.value * double(r.end - r.start);
            g.smEfficiency = weighted / span;
        }
        double occupancySum = 0;
        TimeNs occupancyTime = 0;
        for (const ValuedRange &r : k.occupancy) {
            const TimeNs lo = std::max(r.start, all.first), hi = std::min(r.end, all.second);
            if (lo < hi) {
                occupancySum += r.value * double(hi - lo);
                occupancyTime += hi - lo;
            }
        }
        if (occupancyTime > 0)
            g.occupancy = occupancySum / double(occupancyTime);
        out.push_back(g);
    }
    return out;
}

/// What the walks of the operator trees give the GPU summary.
struct TreeKernelTimes {
    std::map<std::int64_t, std::pair<TimeNs, TimeNs>> tensorCore; ///< device -> (tc time, total)
    bool anyKernel = false;
    double eligibleOpsKernelRatio = 0;
};

TreeKernelTimes treeKernelTimes(const RankRun &run)
{
    TreeKernelTimes t;
    t.tensorCore = tensorCoreTimes(run, t.anyKernel);
    std::vector<std::uint32_t> bottom;
    for (std::uint32_t root : run.roots)
        bottomEligibleOperators(run, root, bottom);
    const TimeNs opsKernel = selfKernelTime(run, run.ops);
    t.eligibleOpsKernelRatio = opsKernel > 0 ? double(selfKernelTime(run, bottom)) / double(opsKernel) : 0.0;
    return t;
}

} // namespace

void computeGpuMetrics(const Trace &, RankRun &run)
{
    if (run.hasKernel) {
        TimeNs tcTime = 0, total = 0;
        for (const Event &e : run.events)
            if (e.type == EventType::Kernel) {
                total += e.end - e.start;
                if (run.names.has(e.name, kTraitTcKernel))
                    tcTime += e.end - e.start;
            }
        run.tcUsedRatio = total > 0 ? double(tcTime) / double(total) : 0.0;
    }
    // The per-device sweeps read the kernel events, the walks the operator trees: both at once.
    std::vector<GpuMetrics> gpus;
    TreeKernelTimes trees;
    parallelFor(2, [&](std::size_t part) {
        if (part == 0)
            gpus = deviceSweeps(run);
        else
            trees = treeKernelTimes(run);
    });
    if (run.steps.empty())
        return;
    for (GpuMetrics &g : gpus) {
        if (trees.anyKernel) {
            auto it = trees.tensorCore.find(g.device);
            g.tensorCoreRatio = it != trees.tensorCore.end() && it->second.second > 0 ? double(it->second.first) / double(it->second.second) : 0.0;
        }
        run.gpus.push_back(g);
    }
    run.tcEligibleOpsKernelRatio = trees.eligibleOpsKernelRatio;
}

namespace {

/// The span the plugin's GPU utilization timeline covers: the "PyTorch Profiler (0)" trace event
/// (the last one when several), else every event's (event_parser.py's global_start_ts / _end_ts).
Range utilizationSpan(const Trace &trace, const RankRun &run)
{
    Range all{std::numeric_limits<TimeNs>::max(), std::numeric_limits<TimeNs>::min()};
    std::optional<Range> profiler;
    for (const Event &e : run.events) {
        all.first = std::min(all.first, e.start);
        all.second = std::max(all.second, e.end);
        if (e.type == EventType::Trace && trace.str(e.name) == "PyTorch Profiler (0)")
            profiler = Range{e.start, e.end};
    }
    return profiler.value_or(all);
}

/// A power of ten of µs giving at most 100 buckets (gpu_metrics_parser.py's get_bucket_info), in ns.
TimeNs bucketSize(TimeNs span)
{
    const double spanUs = double(span) / 1000.0;
    double bucketUs = 1;
    while (spanUs / bucketUs > 100)
        bucketUs *= 10;
    return TimeNs(bucketUs) * 1000;
}

} // namespace

UtilizationTimeline gpuUtilizationTimeline(const Trace &trace, const RankRun &run)
{
    std::map<std::int64_t, Ranges> busy;
    for (const Event &e : run.events)
        if (e.type == EventType::Kernel)
            if (const std::int64_t device = run.kernelArgsOf(e).deviceId; device != kNone)
                busy[device].push_back({e.start, e.end});
    UtilizationTimeline out;
    const Range span = utilizationSpan(trace, run);
    if (busy.empty() || span.second <= span.first)
        return out;
    const TimeNs size = bucketSize(span.second - span.first);
    // the plugin truncates the bucket count; the last bucket runs to the span's end
    const std::int64_t buckets = std::int64_t(double(span.second - span.first) / 1000.0 / double(size / 1000));
    if (buckets <= 0)
        return out;
    out.bucketNs = size;
    auto bucketStart = [&](std::int64_t i) { return span.first + i * size; };
    auto bucketEnd = [&](std::int64_t i) { return i + 1 < buckets ? span.first + (i + 1) * size : span.second; };
    for (auto &[device, ranges] : busy) {
        std::vector<double> covered(std::size_t(buckets), 0.0);
        for (const Range &r : mergeRanges(std::move(ranges))) {
            if (r.second <= span.first || r.first >= span.second)
                continue;
            std::int64_t i = std::min(buckets - 1, std::max<TimeNs>(0, r.first - span.first) / size);
            for (; i < buckets && bucketStart(i) < r.second; ++i)
                covered[std::size_t(i)] += double(std::min(r.second, bucketEnd(i)) - std::max(r.first, bucketStart(i)));
        }
        for (std::int64_t i = 0; i < buckets; ++i)
            out.samples.push_back({device, bucketStart(i), covered[std::size_t(i)] / double(bucketEnd(i) - bucketStart(i))});
        out.samples.push_back({device, span.second, 0.0}); // the plugin closes each device's counter at 0
    }
    return out;
}

void computeRecommendations(const Trace &trace, RankRun &run, const std::string &deviceProperties)
{
    if (run.steps.empty() || run.totalSum <= 0)
        return;
    const std::optional<ArgNode> props = deviceProperties.empty() ? std::nullopt : parseArgs(deviceProperties);
    const double dataLoaderRatio = double(run.costSums[DataLoader]) / double(run.totalSum);
    if (dataLoaderRatio > 0.05)
        run.recommendations.push_back(
            {"data-loader", "This run has high time cost on input data loading. " + percentText(dataLoaderRatio)
                                + "% of the step time is in DataLoader. You could try to set num_workers on DataLoader's "
                                  "construction and enable multi-processes on data loading "
                                  "(https://pytorch.org/docs/stable/data.html#single-and-multi-process-data-loading)."});
    recommendDistributed(run, props, double(run.costSums[Communication]) / double(run.totalSum));
    recommendUtilization(run);
    recommendTensorCores(run, props);
}

} // namespace accelscope::model::analysis::tbplugin
