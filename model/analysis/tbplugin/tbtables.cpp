// The tb-* tables: the plugin's views formatted from the per-rank parse (tbmodel.h). Native mode
// gives nanoseconds as measured; --tb-compat gives microseconds rounded where the plugin rounds.
#include "tbanalyses.h"
#include "tbmodel.h"

#include "model/analysis/ascend/ascendsteps.h"
#include "model/argstree.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace accelscope::model::analysis {

using namespace tbplugin;

namespace {

constexpr double kNsPerUs = 1000.0;

void pushRatio(Column &c, double value, bool compat)
{
    c.push(compat ? roundHalfEven(value, 2) : value);
}

// Common notes: what was asked, what had to be left out.
void noteEmptyRun(Table &t, const TbRun &run, const AnalysisOptions &opt)
{
    bool any = false;
    for (const RankRun &r : run.ranks)
        any |= opt.wantsRank(r.rank);
    if (!any)
        t.notes.push_back("no event of the PyTorch profiler's categories (cpu_op, kernel, cuda_runtime, ...) in the wanted ranks and range");
}

struct OverviewColumns {
    Column *rank, *step;
    std::array<Column *, RoleCount> roles{};
    Column *total;
};

OverviewColumns overviewColumns(Table &t, bool compat)
{
    static constexpr std::array<std::pair<const char *, const char *>, RoleCount> kRoles = {{
        {"kernel", "Kernel"}, {"memcpy", "Memcpy"}, {"memset", "Memset"}, {"communication", "Communication"},
        {"runtime", "Runtime"}, {"dataloader", "DataLoader"}, {"cpu_exec", "CPU Exec"}, {"other", "Other"}}};
    const Unit unit = compat ? Unit::Microseconds : Unit::Nanoseconds;
    const std::string suffix = compat ? "_us" : "_ns";
    OverviewColumns c{};
    c.rank = &t.addInt("rank", "Rank", Unit::Id);
    c.step = &t.addText("step", "Step");
    for (std::size_t i = 0; i < RoleCount; ++i)
        c.roles[i] = &t.addReal(kRoles[i].first + suffix, kRoles[i].second, unit);
    c.total = &t.addReal("total" + suffix, "Total", unit);
    return c;
}

void overviewNotes(Table &t, const RankRun &r)
{
    const std::string rank = "rank " + std::to_string(r.rank) + ": ";
    if (r.noHostEvents) {
        t.notes.push_back(rank + "no host operator (cpu_op, python, ProfilerStep): no step can be formed");
        return;
    }
    if (r.steps.size() == 1 && r.steps.front().name == "0")
        t.notes.push_back(rank + "no ProfilerStep#N span: one step \"0\" from the first to the last host operator");
    if (r.droppedTailSteps)
        t.notes.push_back(rank + "the last " + std::to_string(r.droppedTailSteps)
                          + " step(s) left out: the profiler may not have captured all the kernels they launched");
    if (!r.hasKernel && !r.hasRuntime && !r.hasMemcpyOrMemset)
        t.notes.push_back(rank + "no GPU work (kernel, memcpy, memset, runtime): the plugin shows only DataLoader, CPU Exec and Other");
}

} // namespace

Table tbOverview(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("tb-overview", "PyTorch step time breakdown");
    const bool compat = opt.tbCompat;
    OverviewColumns c = overviewColumns(t, compat);
    const auto run = tbRun(ctx, opt);
    const double scale = compat ? 1.0 / kNsPerUs : 1.0;
    for (const RankRun &r : run->ranks) {
        if (!opt.wantsRank(r.rank))
            continue;
        overviewNotes(t, r);
        for (const Step &s : r.steps) {
            c.rank->push(std::int64_t(r.rank));
            c.step->push(s.name);
            for (std::size_t i = 0; i < RoleCount; ++i)
                c.roles[i]->push(double(s.costs[i]) * scale);
            c.total->push(double(s.total) * scale);
            t.keys.push_back(RowKey{kEmptyString, r.rank, -1, {}});
        }
        if (r.steps.empty())
            continue;
        // The plugin shows the average step rounded to whole µs.
        const double n = double(r.steps.size());
        auto average = [&](TimeNs sum) { return compat ? std::nearbyint(double(sum) / n * scale) : double(sum) / n; };
        c.rank->push(std::int64_t(r.rank));
        c.step->push(std::string("Average"));
        for (std::size_t i = 0; i < RoleCount; ++i)
            c.roles[i]->push(average(r.costSums[i]));
        c.total->push(average(r.totalSum));
        t.keys.push_back(RowKey{kEmptyString, r.rank, -1, {}});
    }
    if (opt.range)
        t.notes.push_back("a time range is set: only events overlapping it take part, so a step the range cuts counts only its events inside");
    noteEmptyRun(t, *run, opt);
    return t;
}

namespace {

struct DeviceInfo {
    std::string name, memory, capability;
};

DeviceInfo deviceInfo(const std::optional<ArgNode> &props, std::int64_t device)
{
    DeviceInfo info;
    if (!props || props->type != ArgNode::Type::Array || device < 0 || std::size_t(device) >= props->children.size())
        return info;
    const ArgNode &p = props->children[std::size_t(device)];
    if (const ArgNode *n = p.child("name"))
        info.name = n->value;
    if (const ArgNode *m = p.child("totalGlobalMem"); m && m->type == ArgNode::Type::Number) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.2f GB", roundHalfEven(std::strtod(m->value.c_str(), nullptr) / 1024 / 1024 / 1024, 2));
        info.memory = buf;
    }
    const ArgNode *major = p.child("computeMajor");
    const ArgNode *minor = p.child("computeMinor");
    if (major && minor)
        info.capability = major->value + "." + minor->value;
    return info;
}

} // namespace

Table tbGpuSummary(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("tb-gpu", "PyTorch GPU summary");
    const bool compat = opt.tbCompat;
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addInt("device", "GPU", Unit::Id);
    Column &name = t.addText("name", "Name");
    Column &memory = t.addText("memory", "Memory");
    Column &capability = t.addText("compute_capability", "Compute Capability");
    Column &util = t.addReal("gpu_utilization_pct", "GPU Utilization", Unit::Percent);
    Column &sm = t.addReal("sm_efficiency_pct", "Est. SM Efficiency", Unit::Percent);
    Column &occupancy = t.addReal("achieved_occupancy_pct", "Est. Achieved Occupancy", Unit::Percent);
    Column &tc = t.addReal("tensor_cores_pct", "Kernel Time using Tensor Cores", Unit::Percent);
    const auto run = tbRun(ctx, opt);
    const std::optional<ArgNode> props = run->deviceProperties.empty() ? std::nullopt : parseArgs(run->deviceProperties);
    bool anySm = false, anyOccupancy = false;
    for (const RankRun &r : run->ranks) {
        if (!opt.wantsRank(r.rank))
            continue;
        if (r.gpus.empty())
            t.notes.push_back("rank " + std::to_string(r.rank) + ": no kernel with a device id (args.device) inside the steps: no GPU summary");
        for (const GpuMetrics &g : r.gpus) {
            const DeviceInfo info = deviceInfo(props, g.device);
            rank.push(std::int64_t(r.rank));
            device.push(g.device);
            name.push(info.name);
            memory.push(info.memory);
            capability.push(info.capability);
            pushRatio(util, g.utilization * 100, compat);
            g.smEfficiency ? pushRatio(sm, *g.smEfficiency * 100, compat) : sm.pushNull();
            g.occupancy ? pushRatio(occupancy, *g.occupancy, compat) : occupancy.pushNull();
            g.tensorCoreRatio ? pushRatio(tc, *g.tensorCoreRatio * 100, compat) : tc.pushNull();
            anySm |= g.smEfficiency.has_value();
            anyOccupancy |= g.occupancy.has_value();
            t.keys.push_back(RowKey{kEmptyString, r.rank, -1, {}});
        }
    }
    if (t.rowCount() && !anySm)
        t.notes.push_back("no kernel records \"blocks per SM\": est. SM efficiency is not available");
    if (t.rowCount() && !anyOccupancy)
        t.notes.push_back("no kernel records \"est. achieved occupancy %\": est. achieved occupancy is not available");
    if (t.rowCount() && props == std::nullopt)
        t.notes.push_back("the trace has no deviceProperties: GPU name, memory and compute capability are not known");
    noteEmptyRun(t, *run, opt);
    return t;
}

Table tbRecommendations(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("tb-recommendations", "PyTorch recommendations");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &kind = t.addText("kind", "Kind");
    Column &text = t.addText("recommendation", "Recommendation");
    const auto run = tbRun(ctx, opt);
    for (const RankRun &r : run->ranks) {
        if (!opt.wantsRank(r.rank))
            continue;
        for (const Recommendation &rec : r.recommendations) {
            rank.push(std::int64_t(r.rank));
            kind.push(rec.kind);
            text.push(rec.text);
        }
    }
    if (t.rowCount() == 0)
        t.notes.push_back("no recommendation: no rule of the plugin applies (DataLoader over 5 % of the step, "
                          "communication over 10 %, GPU utilization under 50 %, Tensor Cores unused by eligible "
                          "operators, DataParallel on several GPUs, DDP without NCCL)");
    t.notes.push_back("the plugin's memory rule (peak over 90 % of the device memory) is not evaluated");
    noteEmptyRun(t, *run, opt);
    return t;
}

namespace {

constexpr double kBytesPerKb = 1024.0;

/// The plugin's display rounding: 2 decimals, more for values under 0.01.
double displayRound(double v)
{
    const double a = std::abs(v);
    if (a >= 0.01 || v == 0)
        return roundHalfEven(v, 2);
    return roundHalfEven(v, int(std::abs(std::floor(std::log10(a)))));
}

/// Bytes natively, KB rounded as the plugin shows them in plugin mode.
struct SizeColumn {
    Column *column;
    bool compat;
    void push(std::int64_t bytes) const
    {
        if (compat)
            column->push(displayRound(double(bytes) / kBytesPerKb));
        else
            column->push(bytes);
    }
};

SizeColumn addSize(Table &t, const std::string &id, const std::string &title, bool compat)
{
    if (compat)
        return {&t.addReal(id + "_kb", title + " (KB)"), true};
    return {&t.addInt(id + "_bytes", title, Unit::Bytes), false};
}

void memoryNotes(Table &t, const TbRun &run, const AnalysisOptions &opt)
{
    bool anyRecord = false;
    for (const RankRun &r : run.ranks)
        anyRecord |= opt.wantsRank(r.rank) && !r.memory.empty();
    if (!anyRecord)
        t.notes.push_back("no [memory] event in the wanted ranks and range (profile with profile_memory=True)");
}

} // namespace

Table tbMemory(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("tb-memory", "PyTorch memory by operator");
    const bool compat = opt.tbCompat;
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addText("device", "Device");
    Column &name = t.addText("name", "Operator Name");
    Column &calls = t.addInt("calls", "Calls", Unit::Count);
    const SizeColumn increase = addSize(t, "size_increase", "Size Increase", compat);
    const SizeColumn selfIncrease = addSize(t, "self_size_increase", "Self Size Increase", compat);
    Column &count = t.addInt("allocation_count", "Allocation Count", Unit::Count);
    Column &selfCount = t.addInt("self_allocation_count", "Self Allocation Count", Unit::Count);
    const SizeColumn allocated = addSize(t, "allocation_size", "Allocation Size", compat);
    const SizeColumn selfAllocated = addSize(t, "self_allocation_size", "Self Allocation Size", compat);
    const auto run = tbRun(ctx, opt);
    for (const RankRun &r : run->ranks) {
        if (!opt.wantsRank(r.rank))
            continue;
        for (const MemoryStat &s : memoryStatistics(ctx.trace(), r)) {
            rank.push(std::int64_t(r.rank));
            device.push(s.device);
            name.push(std::string(ctx.trace().str(s.name)));
            calls.push(s.calls);
            increase.push(s.increase);
            selfIncrease.push(s.selfIncrease);
            count.push(s.allocations);
            selfCount.push(s.selfAllocations);
            allocated.push(s.allocated);
            selfAllocated.push(s.selfAllocated);
            t.keys.push_back(RowKey{s.name, r.rank, -1, {}});
        }
    }
    memoryNotes(t, *run, opt);
    return t;
}

Table tbMemoryEvents(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("tb-memory-events", "PyTorch memory events");
    const bool compat = opt.tbCompat;
    const Unit at = compat ? Unit::TimestampUs : Unit::TimestampNs;
    const Unit span = compat ? Unit::Microseconds : Unit::Nanoseconds;
    const std::string suffix = compat ? "_us" : "_ns";
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addText("device", "Device");
    Column &op = t.addText("operator", "Operator");
    const SizeColumn size = addSize(t, "size", "Size", compat);
    Column &allocatedAt = t.addReal("allocation_time" + suffix, "Allocation Time", at);
    Column &releasedAt = t.addReal("release_time" + suffix, "Release Time", at);
    Column &duration = t.addReal("duration" + suffix, "Duration", span);
    const auto run = tbRun(ctx, opt);
    bool anyAddress = false, anyRecord = false;
    for (const RankRun &r : run->ranks) {
        if (!opt.wantsRank(r.rank))
            continue;
        // Natively times are since the trace start, as everywhere; the plugin counts µs from its first event.
        const TimeNs origin = compat ? r.profilerStart : ctx.trace().startNs();
        auto time = [&](TimeNs ns) { return compat ? displayRound(double(ns - origin) / 1000.0) : double(ns - origin); };
        for (const MemoryRecord &m : r.memory) {
            anyRecord = true;
            anyAddress |= m.addr.has_value();
        }
        for (const MemoryEvent &e : memoryEvents(ctx.trace(), r)) {
            rank.push(std::int64_t(r.rank));
            device.push(e.device);
            op.push(e.op);
            size.push(e.bytes);
            e.allocated ? allocatedAt.push(time(*e.allocated)) : allocatedAt.pushNull();
            e.released ? releasedAt.push(time(*e.released)) : releasedAt.pushNull();
            if (e.allocated && e.released)
                duration.push(compat ? displayRound(double(*e.released - *e.allocated) / 1000.0) : double(*e.released - *e.allocated));
            else
                duration.pushNull();
            t.keys.push_back(RowKey{e.opName, r.rank, -1, e.opSlice}); // the allocating operator's slice
        }
    }
    if (anyRecord && !anyAddress)
        t.notes.push_back("the [memory] events carry no Addr (PyTorch before 1.10): allocations cannot be paired with their release");
    memoryNotes(t, *run, opt);
    return t;
}

Table tbMemoryCurve(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("tb-memory-curve", "PyTorch memory curve");
    const bool compat = opt.tbCompat;
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addText("device", "Device");
    // ts (ns since the trace start) in both modes: the chart and a row's reveal in the timeline use it
    Column &ts = t.addInt("ts", "Time", Unit::TimestampNs);
    Column *sinceStart = compat ? &t.addReal("time_ms", "Time (ms)") : nullptr;
    // the plugin's curve is in KB (1024 bytes) and ms since its first event, unrounded
    const double perUnit = compat ? kBytesPerKb : kBytesPerKb * kBytesPerKb;
    Column &allocated = compat ? t.addReal("allocated_kb", "Allocated (KB)") : t.addReal("allocated_mb", "Allocated (MB)");
    Column &reserved = compat ? t.addReal("reserved_kb", "Reserved (KB)") : t.addReal("reserved_mb", "Reserved (MB)");
    // the plugin names each device's peak ("Peak Memory Usage"); the first sample at it is marked
    Column &allocatedPeak = t.addInt("allocated_peak", "Allocated Peak", Unit::Count);
    Column &reservedPeak = t.addInt("reserved_peak", "Reserved Peak", Unit::Count);
    const auto run = tbRun(ctx, opt);
    bool anyRecord = false;
    for (const RankRun &r : run->ranks) {
        if (!opt.wantsRank(r.rank))
            continue;
        anyRecord |= !r.memory.empty();
        const std::vector<MemoryCurvePoint> curve = memoryCurve(r);
        // the points come device by device: the first sample at each device's maximum
        std::vector<std::int64_t> isAllocatedPeak(curve.size(), 0), isReservedPeak(curve.size(), 0);
        for (std::size_t first = 0; first < curve.size();) {
            std::size_t end = first, maxAllocated = first, maxReserved = first;
            for (; end < curve.size() && curve[end].device == curve[first].device; ++end) {
                maxAllocated = curve[end].allocated > curve[maxAllocated].allocated ? end : maxAllocated;
                maxReserved = curve[end].reserved > curve[maxReserved].reserved ? end : maxReserved;
            }
            isAllocatedPeak[maxAllocated] = isReservedPeak[maxReserved] = 1;
            first = end;
        }
        for (std::size_t i = 0; i < curve.size(); ++i) {
            const MemoryCurvePoint &p = curve[i];
            rank.push(std::int64_t(r.rank));
            device.push(p.device);
            ts.push(std::int64_t(p.ts - ctx.trace().startNs()));
            if (sinceStart)
                sinceStart->push(double(p.ts - r.profilerStart) / 1e6);
            allocated.push(p.allocated / perUnit);
            reserved.push(p.reserved / perUnit);
            allocatedPeak.push(isAllocatedPeak[i]);
            reservedPeak.push(isReservedPeak[i]);
        }
    }
    if (anyRecord && t.rowCount() == 0)
        t.notes.push_back("the [memory] events carry no Addr or no Total Allocated / Total Reserved (PyTorch before 1.10): "
                          "no memory curve");
    if (t.rowCount() > 0)
        t.notes.push_back("every sample kept; the plugin's chart draws at most 10,240 per device (LTTB downsampling)");
    memoryNotes(t, *run, opt);
    return t;
}

Table tbGpuUtilizationSeries(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("tb-gpu-utilization-series", "PyTorch GPU utilization over time");
    const bool compat = opt.tbCompat;
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addInt("device", "Device", Unit::Id);
    Column &ts = t.addInt("ts_ns", "Time", Unit::TimestampNs);
    // the plugin's counter: µs since its first event, utilization as a ratio
    Column *sinceStart = compat ? &t.addReal("time_us", "Time (µs)") : nullptr;
    Column &value = compat ? t.addReal("utilization", "GPU Utilization", Unit::Ratio)
                           : t.addReal("utilization_pct", "GPU Utilization", Unit::Percent);
    Column &bucket = t.addInt("bucket_ns", "Bucket", Unit::Nanoseconds);
    const auto run = tbRun(ctx, opt);
    for (const RankRun &r : run->ranks) {
        if (!opt.wantsRank(r.rank))
            continue;
        const UtilizationTimeline timeline = gpuUtilizationTimeline(ctx.trace(), r);
        for (const UtilizationBucket &b : timeline.samples) {
            rank.push(std::int64_t(r.rank));
            device.push(b.device);
            ts.push(std::int64_t(b.start - ctx.trace().startNs()));
            if (sinceStart)
                sinceStart->push(double(b.start - r.profilerStart) / kNsPerUs);
            value.push(compat ? b.utilization : b.utilization * 100.0);
            bucket.push(std::int64_t(timeline.bucketNs));
            t.keys.push_back(RowKey{kEmptyString, r.rank, -1, {}});
        }
    }
    if (t.rowCount() == 0)
        t.notes.push_back("no kernel with a device (args.device) in the wanted ranks and range: no GPU utilization");
    noteEmptyRun(t, *run, opt);
    return t;
}

bool isPyTorchProfilerTrace(const Trace &trace)
{
    if (isAscendTrace(trace))
        return false;
    for (const char *category : {"cpu_op", "cuda_runtime", "cuda_driver", "python_function", "user_annotation"})
        if (trace.strings().find(category) != kInvalidId)
            return true;
    return false;
}

} // namespace accelscope::model::analysis
