// The findings rules that read vendor tables: Sophgo engine layers, IBM AIU categories, Ascend
// core statistics and steps (docs/analysis.md "Findings").
#include "model/analysis/findings/findings_p.h"
#include "model/analysis/core/tableformat.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace accelscope::model::analysis::findings {

void sophgoDmaBoundLayers(RuleRun &run)
{
    const std::string rule = "sophgo-dma-bound";
    const Table &layers = run.table("engine-layers");
    if (layers.rowCount() == 0 || !layers.column("bound"))
        return run.notEvaluated(rule, "no Sophgo engine layers");
    run.evaluated(rule);
    struct Device {
        double excessNs = 0, spanNs = 0, worst = -1;
        int layers = 0, dmaBound = 0;
        std::string worstLayer;
        SliceRef slice;
    };
    std::map<std::pair<int, std::string>, Device> devices;
    for (std::size_t r = 0; r < layers.rowCount(); ++r) {
        Device &d = devices[{rankAt(layers, r), text(layers, r, "device")}];
        ++d.layers;
        // a layer's share of the device's span gives the span back (the layers table owns it)
        const double share = number(layers, r, "share_pct"), span = number(layers, r, "span_ns");
        if (share > 0 && span > 0)
            d.spanNs = std::max(d.spanNs, span * 100.0 / share);
        if (text(layers, r, "bound") != "DMA")
            continue;
        ++d.dmaBound;
        // with TIU and DMA fully overlapped the layer lasts its DMA time; TIU alone would take tiu_ns
        const double excess = number(layers, r, "dma_ns") - std::max(0.0, number(layers, r, "tiu_ns"));
        if (!(excess > 0))
            continue;
        d.excessNs += excess;
        if (excess > d.worst) {
            d.worst = excess;
            d.worstLayer = text(layers, r, "layer");
            d.slice = sliceAt(layers, r);
        }
    }
    for (const auto &[key, d] : devices) {
        const double pct = d.spanNs > 0 ? 100.0 * d.excessNs / d.spanNs : 0;
        if (d.excessNs <= 0 || pct < run.threshold("dma_bound_pct"))
            continue;
        run.add({rule, "Layers bound by DMA (the compute engine waits for data)", std::int64_t(d.excessNs), pct, "the device's span",
                 key.first, kNullInt, d.slice,
                 "device " + key.second + ": " + std::to_string(d.dmaBound) + " of " + std::to_string(d.layers)
                     + " layers bound by DMA; the largest excess of DMA over TIU time: layer " + d.worstLayer + " (" + duration(d.worst) + ")",
                 "Keep data in local memory across layers (layer fusion, larger tiles), lower precision for weights and "
                 "activations, fewer layout conversions; check that GDMA and TIU commands overlap.",
                 run.thresholdText("dma_bound_pct")});
    }
}

void aiuBelowIdeal(RuleRun &run)
{
    const std::string rule = "aiu-below-ideal";
    const Table &cats = run.table("aiu-categories");
    if (cats.rowCount() == 0 || !cats.column("pt_util"))
        return run.notEvaluated(rule, "no IBM AIU categories (compiler log)");
    run.evaluated(rule);
    // acelyzer-compatible tables are in µs
    const bool us = cats.column("kernel_time_us") != nullptr;
    const double scale = us ? 1000.0 : 1.0;
    const std::string kernelCol = us ? "kernel_time_us" : "kernel_time_ns", idealCol = us ? "ideal_time_us" : "ideal_time_ns";
    for (std::size_t r = 0; r < cats.rowCount(); ++r) {
        const double kernel = number(cats, r, kernelCol) * scale, ideal = number(cats, r, idealCol) * scale;
        const double frac = number(cats, r, "frac_time"), util = number(cats, r, "pt_util");
        if (text(cats, r, "category") == "Total")
            continue; // the sum of the categories
        // a category without ideal cycles (kernels the compiler log does not list) has nothing to compare
        if (!(kernel > 0) || !(ideal > 0) || !std::isfinite(util) || !(frac > 0))
            continue;
        if (100.0 * frac < run.threshold("aiu_category_pct") || 100.0 * util >= run.threshold("aiu_pt_util_pct"))
            continue;
        const double lost = kernel - ideal;
        const double aiuKernelNs = kernel / frac; // the category's share of the AIU's kernel time gives that time back
        run.add({rule, "AIU category far below its ideal cycles", std::int64_t(lost), 100.0 * lost / aiuKernelNs, "the AIU's kernel time",
                 rankAt(cats, r), kNullInt, sliceAt(cats, r),
                 "AIU " + text(cats, r, "pid") + ", " + text(cats, r, "phase") + " category " + text(cats, r, "category") + ": kernel "
                     + duration(kernel) + ", ideal " + duration(ideal) + " (PT utilization " + percent(100.0 * util) + ", "
                     + text(cats, r, "calls") + " calls)",
                 "Look at the category's operators in the compiler log: shapes that do not fill the processing tiles, "
                 "data layouts that need reformatting, operators that fall back to slower paths.",
                 run.thresholdText("aiu_pt_util_pct", "<") + " with " + run.thresholdText("aiu_category_pct")});
    }
}

void ascendAiCpu(RuleRun &run)
{
    const std::string rule = "ascend-aicpu";
    const Table &cores = run.table("core-statistic");
    if (cores.rowCount() == 0)
        return run.notEvaluated(rule, "no Ascend device tasks");
    run.evaluated(rule);
    const Table &ops = run.table("op-statistic");
    for (std::size_t r = 0; r < cores.rowCount(); ++r) {
        const double pct = number(cores, r, "ratio_pct");
        if (text(cores, r, "core_type") != "AI_CPU" || !(pct >= run.threshold("aicpu_pct")))
            continue;
        const int rank = rankAt(cores, r);
        std::vector<std::pair<double, std::string>> top; // time, op type
        for (std::size_t k = 0; k < ops.rowCount(); ++k)
            if (rankAt(ops, k) == rank && text(ops, k, "core_type") == "AI_CPU")
                top.emplace_back(number(ops, k, "total_ns"), text(ops, k, "op_type"));
        std::sort(top.begin(), top.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
        std::string evidence = "rank " + std::to_string(rank) + ": " + text(cores, r, "count") + " AI_CPU tasks";
        for (std::size_t i = 0; i < std::min<std::size_t>(3, top.size()); ++i)
            evidence += (i ? ", " : "; largest: ") + top[i].second + " (" + duration(top[i].first) + ")";
        run.add({rule, "Operators run on the AI CPU instead of the AI Cores", std::int64_t(number(cores, r, "total_ns")), pct,
                 "the rank's device task time", rank, kNullInt, sliceAt(cores, r), evidence,
                 "Replace the operators with ones that have AI Core kernels (other dtypes such as int32 instead of int64, "
                 "other shapes, a different API), or keep the work on the host when it is control flow.",
                 run.thresholdText("aicpu_pct")});
    }
}

void ascendFreeTime(RuleRun &run)
{
    const std::string rule = "ascend-free-time";
    const Table &steps = run.table("steps");
    if (steps.rowCount() == 0 || !steps.column("free_ns"))
        return run.notEvaluated(rule, "no Ascend steps");
    run.evaluated(rule);
    std::vector<StepPart> parts;
    for (std::size_t r = 0; r < steps.rowCount(); ++r)
        parts.push_back({rankAt(steps, r), stepAt(steps, r), number(steps, r, "free_ns"),
                         number(steps, r, "stage_ns"), sliceAt(steps, r)});
    for (const StepsOver &s : stepsOver(parts, run.threshold("free_pct")))
        run.add({rule, "Long free time: the NPU waits for the host", std::int64_t(s.partOver), 100.0 * s.partOver / s.wholeAll,
                 "the rank's step Stage time", s.rank, s.worstStep, s.worstSlice,
                 "rank " + std::to_string(s.rank) + ": Free in " + std::to_string(s.over) + " of " + std::to_string(s.steps) + " steps (steps "
                     + s.overList + "; worst: step " + std::to_string(s.worstStep) + ", " + percent(s.worstPct) + " of Stage)",
                 "Find what the host does in the gaps (data loading, synchronization, Python overhead): more data "
                 "workers, task queue (TASK_QUEUE_ENABLE), graph mode or operator fusion.",
                 run.thresholdText("free_pct")});
}

} // namespace accelscope::model::analysis::findings
