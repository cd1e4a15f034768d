// Kernel launch statistics (HTA §7): per launch call and the device row it launched, the CPU
// duration of the call, the device duration and the launch delay.
#include "model/analysis/analyses.h"
#include "model/analysis/core/eventset.h"

#include <algorithm>
#include <unordered_set>

namespace accelscope::model::analysis {

namespace {

/// HTA's launch set (§7), memory events included.
constexpr const char *kHtaLaunchNames[] = {"cudaLaunchKernel", "cudaLaunchKernelExC",
                                           "runFunction - job_prep_and_submit_for_execution", "cudaMemcpyAsync",
                                           "cudaMemsetAsync"};
/// Accelscope's: also the driver API (Triton), HIP and CUDA graphs.
constexpr const char *kNativeLaunchNames[] = {
    "cudaLaunchKernel", "cudaLaunchKernelExC", "cuLaunchKernel", "cuLaunchKernelEx", "cudaLaunchCooperativeKernel",
    "cudaGraphLaunch", "cudaMemcpyAsync", "cudaMemsetAsync", "hipLaunchKernel", "hipExtLaunchKernel",
    "hipExtModuleLaunchKernel", "hipModuleLaunchKernel", "hipMemcpyAsync", "hipMemsetAsync", "hipMemcpyWithStream",
    "runFunction - job_prep_and_submit_for_execution"};

} // namespace

Table kernelLaunchStats(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const EventSet s = selectEvents(ctx, opt, SelectGpu | SelectCpu);
    const Trace &tr = ctx.trace();
    std::unordered_set<StringId> launchNames;
    auto addNames = [&](const auto &list) {
        for (const char *n : list)
            if (const StringId id = tr.strings().find(n); id != kInvalidId)
                launchNames.insert(id);
    };
    if (s.compat)
        addNames(kHtaLaunchNames);
    else
        addNames(kNativeLaunchNames);
    const CorrelationGroups cg = correlationGroups(s);
    Table t("launch", "Kernel launch statistics");
    const bool c = s.compat;
    const Unit u = durUnit(s);
    Column &corr = t.addInt("correlation", "Correlation", Unit::Id);
    Column &cpuDur = c ? t.addReal("cpu_duration", "CPU duration", u) : t.addInt("cpu_duration_ns", "CPU duration", u);
    Column &gpuDur = c ? t.addReal("gpu_duration", "GPU duration", u) : t.addInt("gpu_duration_ns", "GPU duration", u);
    Column &delay = c ? t.addReal("launch_delay", "Launch delay", u) : t.addInt("launch_delay_ns", "Launch delay", u);
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column *launch = nullptr, *kernel = nullptr, *start = nullptr, *shortK = nullptr, *rtOut = nullptr, *delayOut = nullptr;
    if (!c) {
        launch = &t.addText("launch", "Launch call");
        kernel = &t.addText("kernel", "Device row");
        start = &t.addInt("cpu_start", "Launch start", Unit::TimestampNs);
        shortK = &t.addInt("short_kernel", "GPU shorter than launch", Unit::Count);
        rtOut = &t.addInt("runtime_outlier", "Launch call above cutoff", Unit::Count);
        delayOut = &t.addInt("delay_outlier", "Delay above cutoff", Unit::Count);
    }
    for (const CorrelationGroups::Group &grp : cg.groups) {
        if (grp.cpuBegin == grp.cpuEnd || grp.gpuBegin == grp.gpuEnd)
            continue;
        // the correlation is a launch's when any of its rows is named like one (HTA)
        bool isLaunch = false;
        for (std::uint32_t m = grp.cpuBegin; m < grp.cpuEnd && !isLaunch; ++m)
            isLaunch = launchNames.count(s.cpu[cg.cpu[m]].name) > 0;
        for (std::uint32_t m = grp.gpuBegin; m < grp.gpuEnd && !isLaunch; ++m)
            isLaunch = launchNames.count(s.gpu[cg.gpu[m]].name) > 0;
        if (!isLaunch)
            continue;
        for (std::uint32_t ci = grp.cpuBegin; ci < grp.cpuEnd; ++ci) {
            const Ev &e = s.cpu[cg.cpu[ci]];
            for (std::uint32_t gi = grp.gpuBegin; gi < grp.gpuEnd; ++gi) {
                const Ev &g = s.gpu[cg.gpu[gi]];
                const std::int64_t d = std::max<std::int64_t>(0, g.ts - e.ts - e.dur);
                corr.push(e.corr);
                rank.push(std::int64_t(e.rank));
                if (c) {
                    cpuDur.push(double(e.dur));
                    gpuDur.push(double(g.dur));
                    delay.push(double(d));
                    continue;
                }
                cpuDur.push(e.dur);
                gpuDur.push(g.dur);
                delay.push(d);
                launch->push(std::string(tr.str(e.name)));
                kernel->push(std::string(tr.str(g.name)));
                start->push(s.outTime(e.ts));
                // HTA's three outlier views (plots only in HTA)
                shortK->push(std::int64_t(e.dur <= opt.runtimeCutoffNs && g.dur < e.dur));
                rtOut->push(std::int64_t(e.dur > opt.runtimeCutoffNs));
                delayOut->push(std::int64_t(d > opt.launchDelayCutoffNs));
                t.keys.push_back(RowKey{g.name, g.rank, g.stream, ctx.index().ref(g.gid)});
            }
        }
    }
    t.notes = s.notes;
    return t;
}

} // namespace accelscope::model::analysis
