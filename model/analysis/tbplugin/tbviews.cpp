// The tb-operators* and tb-kernels* tables: the plugin's operator view and kernel view.
#include "tbanalyses.h"
#include "tbmodel.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace accelscope::model::analysis {

using namespace tbplugin;

namespace {

constexpr double kNsPerUs = 1000.0;

/// A duration column: ns (Int) natively, µs rounded half to even (Real) in plugin mode.
struct Duration {
    Column *column;
    bool compat;
    void push(double ns) const
    {
        if (compat)
            column->push(std::nearbyint(ns / kNsPerUs));
        else
            column->push(std::int64_t(std::llround(ns)));
    }
};

Duration addDuration(Table &t, const std::string &id, const std::string &title, bool compat)
{
    if (compat)
        return {&t.addReal(id + "_us", title, Unit::Microseconds), true};
    return {&t.addInt(id + "_ns", title, Unit::Nanoseconds), false};
}

double percent(TimeNs part, TimeNs whole, bool compat)
{
    const double v = whole > 0 ? 100.0 * double(part) / double(whole) : 0.0;
    return compat ? roundHalfEven(v, 2) : v;
}

std::string opNameText(const Trace &trace, StringId op)
{
    if (op == kInvalidId)
        return "N/A";
    if (op == kCallTreeRoot)
        return "CallTreeRoot";
    return std::string(trace.str(op));
}

/// Indices of `n` rows sorted by `value` descending, ties in first-seen order (Python's stable sort).
template <typename F>
std::vector<std::size_t> descendingOrder(std::size_t n, F value)
{
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return value(a) > value(b); });
    return order;
}

Table operatorTable(const AnalysisContext &ctx, const AnalysisOptions &opt, OperatorGrouping grouping, std::string name,
                    std::string title)
{
    Table t(std::move(name), std::move(title));
    const bool compat = opt.tbCompat;
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &opName = t.addText("name", "Name");
    Column *shape = grouping == OperatorGrouping::NameAndShape ? &t.addText("input_shape", "Input Shape") : nullptr;
    Column *stack = grouping == OperatorGrouping::NameAndStack ? &t.addText("call_stack", "Call Stack") : nullptr;
    Column &calls = t.addInt("calls", "Calls", Unit::Count);
    const Duration deviceSelf = addDuration(t, "device_self", "Device Self Duration", compat);
    const Duration deviceTotal = addDuration(t, "device_total", "Device Total Duration", compat);
    const Duration hostSelf = addDuration(t, "host_self", "Host Self Duration", compat);
    const Duration hostTotal = addDuration(t, "host_total", "Host Total Duration", compat);
    Column &eligible = t.addText("tc_eligible", "Tensor Cores Eligible");
    Column &tcSelf = t.addReal("tc_self_pct", "Tensor Cores Self", Unit::Percent);
    Column &tcTotal = t.addReal("tc_total_pct", "Tensor Cores Total", Unit::Percent);
    const auto run = tbRun(ctx, opt);
    const Trace &trace = ctx.trace();
    bool anyShape = false, anyOps = false, anyGpu = false;
    for (const RankRun &r : run->ranks) {
        if (!opt.wantsRank(r.rank))
            continue;
        const std::vector<OperatorAgg> aggs = aggregateOperators(trace, r, grouping);
        anyOps |= !r.ops.empty();
        // Sorted by device self time when the rank has GPU work, else by host self time.
        const bool showGpu = r.hasKernel || r.hasMemcpyOrMemset;
        anyGpu |= showGpu;
        for (std::size_t i : descendingOrder(aggs.size(), [&](std::size_t k) { return showGpu ? aggs[k].deviceSelf : aggs[k].hostSelf; })) {
            const OperatorAgg &a = aggs[i];
            rank.push(std::int64_t(r.rank));
            opName.push(std::string(trace.str(a.name)));
            if (shape)
                shape->push(a.inputShape);
            if (stack)
                stack->push(a.callStack);
            anyShape |= a.inputShape != "[]";
            calls.push(a.calls);
            deviceSelf.push(double(a.deviceSelf));
            deviceTotal.push(double(a.deviceTotal));
            hostSelf.push(double(a.hostSelf));
            hostTotal.push(double(a.hostTotal));
            eligible.push(std::string(a.tcEligible ? "Yes" : "No"));
            tcSelf.push(percent(a.tcSelf, a.deviceSelf, compat));
            tcTotal.push(percent(a.tcTotal, a.deviceTotal, compat));
            t.keys.push_back(RowKey{a.name, r.rank, -1, a.example});
        }
    }
    if (!anyOps)
        t.notes.push_back("no operator (cpu_op / operator events) in the wanted ranks and range");
    else if (!anyGpu)
        t.notes.push_back("no kernel, memcpy or memset: device times are 0 and rows are sorted by host self time");
    if (shape && anyOps && !anyShape)
        t.notes.push_back("no operator recorded its input shapes (profile with record_shapes=True): every shape is []");
    if (stack && anyOps && t.rowCount() == 0)
        t.notes.push_back("no operator recorded its call stack (profile with with_stack=True)");
    return t;
}

struct KernelColumns {
    Column *calls;
    Duration total, mean, max, min;
    Column *blocks, *occupancy;
};

KernelColumns kernelColumns(Table &t, bool compat)
{
    KernelColumns c{&t.addInt("calls", "Calls", Unit::Count),
                    addDuration(t, "total", "Total Duration", compat),
                    addDuration(t, "mean", "Mean Duration", compat),
                    addDuration(t, "max", "Max Duration", compat),
                    addDuration(t, "min", "Min Duration", compat),
                    &t.addReal("blocks_per_sm", "Mean Blocks Per SM"),
                    &t.addReal("achieved_occupancy_pct", "Mean Est. Achieved Occupancy", Unit::Percent)};
    return c;
}

void pushKernel(const KernelColumns &c, const KernelAgg &a, bool compat)
{
    c.calls->push(a.calls);
    c.total.push(double(a.total));
    c.mean.push(double(a.total) / double(a.calls));
    c.max.push(double(a.max));
    c.min.push(double(a.min));
    // Weighted by duration; kernels without the arg count as 0 and zero total time gives 0.
    const double blocks = a.total > 0 ? a.blocksPerSmWeighted / double(a.total) : 0.0;
    const double occupancy = a.total > 0 ? a.occupancyWeighted / double(a.total) : 0.0;
    c.blocks->push(compat ? roundHalfEven(blocks, 2) : blocks);
    c.occupancy->push(compat ? roundHalfEven(occupancy, 2) : occupancy);
}

void kernelNotes(Table &t, bool anyKernel)
{
    if (!anyKernel)
        t.notes.push_back("no kernel (cat kernel) in the wanted ranks and range");
}

} // namespace

Table tbOperators(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    return operatorTable(ctx, opt, OperatorGrouping::Name, "tb-operators", "PyTorch operators");
}

Table tbOperatorsByShape(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    return operatorTable(ctx, opt, OperatorGrouping::NameAndShape, "tb-operators-shape", "PyTorch operators by shape");
}

Table tbOperatorsByStack(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    return operatorTable(ctx, opt, OperatorGrouping::NameAndStack, "tb-operators-stack", "PyTorch operators by call stack");
}

Table tbKernels(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("tb-kernels", "PyTorch kernels");
    const bool compat = opt.tbCompat;
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &name = t.addText("name", "Name");
    Column &tc = t.addText("tc_used", "Tensor Cores Used");
    const KernelColumns c = kernelColumns(t, compat);
    const auto run = tbRun(ctx, opt);
    const Trace &trace = ctx.trace();
    bool anyKernel = false;
    for (const RankRun &r : run->ranks) {
        if (!opt.wantsRank(r.rank))
            continue;
        const std::vector<KernelAgg> aggs = aggregateKernelsByName(trace, r);
        anyKernel |= !aggs.empty();
        for (std::size_t i : descendingOrder(aggs.size(), [&](std::size_t k) { return aggs[k].total; })) {
            const KernelAgg &a = aggs[i];
            rank.push(std::int64_t(r.rank));
            name.push(std::string(trace.str(a.name)));
            tc.push(std::string(a.tcUsed ? "Yes" : "No"));
            pushKernel(c, a, compat);
            t.keys.push_back(RowKey{a.name, r.rank, -1, a.example});
        }
    }
    kernelNotes(t, anyKernel);
    return t;
}

Table tbKernelsByOperator(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("tb-kernels-op", "PyTorch kernels by operator");
    const bool compat = opt.tbCompat;
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &name = t.addText("name", "Name");
    Column &op = t.addText("operator", "Operator");
    Column &grid = t.addText("grid", "Grid");
    Column &block = t.addText("block", "Block");
    Column &registers = t.addText("registers_per_thread", "Register Per Thread");
    Column &shared = t.addText("shared_memory", "Shared Memory");
    Column &tc = t.addText("tc_used", "Kernel Uses Tensor Cores");
    Column &eligible = t.addText("op_tc_eligible", "Op is Tensor Cores eligible");
    const KernelColumns c = kernelColumns(t, compat);
    const auto run = tbRun(ctx, opt);
    const Trace &trace = ctx.trace();
    bool anyKernel = false;
    for (const RankRun &r : run->ranks) {
        if (!opt.wantsRank(r.rank))
            continue;
        const std::vector<KernelAgg> aggs = aggregateKernelsByOperator(trace, r);
        anyKernel |= r.hasKernel;
        if (aggs.empty() && r.hasKernel)
            t.notes.push_back("rank " + std::to_string(r.rank) + ": every kernel was launched by no host operator "
                              "(no runtime call inside an operator, or no host thread): no row");
        for (std::size_t i : descendingOrder(aggs.size(), [&](std::size_t k) { return aggs[k].total; })) {
            const KernelAgg &a = aggs[i];
            rank.push(std::int64_t(r.rank));
            name.push(std::string(trace.str(a.name)));
            op.push(opNameText(trace, a.opName));
            grid.push(a.grid);
            block.push(a.block);
            registers.push(a.registers);
            shared.push(a.sharedMemory);
            tc.push(std::string(a.tcUsed ? "Yes" : "No"));
            eligible.push(std::string(a.opTcEligible ? "Yes" : "No"));
            pushKernel(c, a, compat);
            t.keys.push_back(RowKey{a.name, r.rank, -1, a.example});
        }
    }
    kernelNotes(t, anyKernel);
    return t;
}

Table tbModules(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("tb-modules", "PyTorch modules");
    const bool compat = opt.tbCompat;
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &depth = t.addInt("depth", "Depth", Unit::Count);
    Column &name = t.addText("name", "Module Name");
    Column &id = t.addInt("module_id", "Module Id", Unit::Id);
    Column &occurrences = t.addInt("occurrences", "Occurences", Unit::Count);
    Column &operators = t.addInt("operators", "Operators", Unit::Count);
    const Duration hostTotal = addDuration(t, "host_total", "Host Total Time", compat);
    const Duration hostSelf = addDuration(t, "host_self", "Host Self Time", compat);
    const Duration deviceTotal = addDuration(t, "device_total", "Device Total Time", compat);
    const Duration deviceSelf = addDuration(t, "device_self", "Device Self Time", compat);
    const auto run = tbRun(ctx, opt);
    for (const RankRun &r : run->ranks) {
        if (!opt.wantsRank(r.rank))
            continue;
        for (const ModuleRow &m : moduleView(ctx.trace(), r)) {
            rank.push(std::int64_t(r.rank));
            depth.push(std::int64_t(m.depth));
            name.push(m.name);
            id.push(m.moduleId == kNone ? kNullInt : m.moduleId);
            occurrences.push(m.occurrences);
            operators.push(m.operators);
            hostTotal.push(double(m.hostTotal));
            hostSelf.push(double(m.hostSelf));
            deviceTotal.push(double(m.deviceTotal));
            deviceSelf.push(double(m.deviceSelf));
        }
    }
    if (t.rowCount() == 0)
        t.notes.push_back("no nn.Module events (python_function with \"Python module id\"; profile with with_modules=True)");
    return t;
}

} // namespace accelscope::model::analysis
