// The plugin's operator and kernel aggregates (op_agg.py, kernel_parser.py), and the per-rank
// parse they read, cached in the analysis context.
#include "tbmodel.h"

#include "model/parallel.h"

#include <map>
#include <unordered_map>

namespace accelscope::model::analysis::tbplugin {

namespace {

/// An operator group: its name and, by grouping, its input shape or call stack (a view of the
/// text the run keeps, so grouping allocates nothing per operator).
using OperatorKey = std::pair<StringId, std::string_view>;

struct OperatorKeyHash {
    std::size_t operator()(const OperatorKey &k) const
    {
        return std::hash<std::string_view>()(k.second) ^ (std::size_t(k.first) * 0x9E3779B97F4A7C15ull);
    }
};

OperatorKey operatorKey(const OpNode &n, const HostArgs &args, OperatorGrouping grouping)
{
    if (grouping == OperatorGrouping::NameAndShape)
        return {n.name, args.inputShape};
    if (grouping == OperatorGrouping::NameAndStack)
        return {n.name, args.callStack ? std::string_view(*args.callStack) : std::string_view()};
    return {n.name, {}};
}

void addKernel(KernelAgg &a, const Event &e, const KernelArgs &args)
{
    const TimeNs dur = e.end - e.start;
    ++a.calls;
    a.total += dur;
    a.min = std::min(a.min, dur);
    a.max = std::max(a.max, dur);
    a.blocksPerSmWeighted += args.blocksPerSm.value_or(0.0) * double(dur);
    a.occupancyWeighted += args.occupancy.value_or(0.0) * double(dur);
}

/// Runs two independent stages of the parse at once.
template <class First, class Second>
void bothAtOnce(First first, Second second)
{
    parallelFor(2, [&](std::size_t i) { i == 0 ? first() : second(); });
}

} // namespace

std::vector<OperatorAgg> aggregateOperators(const Trace &, const RankRun &run, OperatorGrouping grouping)
{
    std::vector<OperatorAgg> out;
    std::unordered_map<OperatorKey, std::size_t, OperatorKeyHash> index;
    for (std::uint32_t op : run.ops) {
        const OpNode &n = run.nodes[op];
        const Event &e = run.events[n.event];
        const HostArgs &args = run.hostArgsOf(e);
        // The plugin lists call stacks only for operators that recorded one.
        if (grouping == OperatorGrouping::NameAndStack && (!args.callStack || args.callStack->empty()))
            continue;
        auto [it, inserted] = index.try_emplace(operatorKey(n, args, grouping), out.size());
        if (inserted) {
            OperatorAgg a;
            a.name = n.name;
            a.inputShape = args.inputShape;
            a.callStack = args.callStack.value_or("");
            a.tcEligible = n.tcEligible;
            a.example = e.slice;
            out.push_back(std::move(a));
        }
        OperatorAgg &a = out[it->second];
        ++a.calls;
        a.hostTotal += n.end - n.start;
        a.hostSelf += n.selfHost;
        a.deviceTotal += n.deviceDuration;
        a.deviceSelf += n.selfDevice;
        a.tcSelf += n.tcSelf;
        a.tcTotal += n.tcTotal;
    }
    return out;
}

std::vector<KernelAgg> aggregateKernelsByName(const Trace &trace, const RankRun &run)
{
    std::vector<KernelAgg> out;
    std::unordered_map<StringId, std::size_t> index;
    for (const Event &e : run.events) {
        if (e.type != EventType::Kernel)
            continue;
        auto [it, inserted] = index.try_emplace(e.name, out.size());
        if (inserted) {
            KernelAgg a;
            a.name = e.name;
            a.tcUsed = kernelUsesTensorCores(trace.str(e.name));
            a.example = e.slice;
            out.push_back(std::move(a));
        }
        addKernel(out[it->second], e, run.kernelArgsOf(e));
    }
    return out;
}

std::vector<KernelAgg> aggregateKernelsByOperator(const Trace &, const RankRun &run)
{
    std::vector<KernelAgg> out;
    std::map<std::tuple<StringId, StringId, std::string, std::string, std::string, std::string>, std::size_t> index;
    for (std::uint32_t d : run.kernels) {
        const DeviceNode &dev = run.devices[d];
        const Event &e = run.events[dev.event];
        const KernelArgs &args = run.kernelArgsOf(e);
        auto [it, inserted] = index.try_emplace({e.name, dev.opName, args.grid, args.block, args.registers, args.sharedMemory}, out.size());
        if (inserted) {
            KernelAgg a;
            a.name = e.name;
            a.opName = dev.opName;
            a.grid = args.grid;
            a.block = args.block;
            a.registers = args.registers;
            a.sharedMemory = args.sharedMemory;
            a.tcUsed = dev.tcUsed;
            a.opTcEligible = dev.opTcEligible;
            a.example = e.slice;
            out.push_back(std::move(a));
        }
        addKernel(out[it->second], e, args);
    }
    return out;
}

std::shared_ptr<const TbRun> tbRun(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    std::string key = "tbplugin";
    if (opt.range)
        key += ":" + std::to_string(opt.range->first) + ":" + std::to_string(opt.range->second);
    if (opt.tbCompat)
        key += ":compat";
    auto made = ctx.cached(key, [&]() -> std::shared_ptr<const void> {
        const Trace &trace = ctx.trace();
        auto run = std::make_shared<TbRun>();
        for (const SourceInfo &s : trace.sources())
            for (const auto &[k, v] : s.metadata)
                if (k == "deviceProperties" && run->deviceProperties.empty())
                    run->deviceProperties = v;
        std::vector<int> ranks;
        for (const Process &p : trace.processes())
            if (std::find(ranks.begin(), ranks.end(), rankOf(p)) == ranks.end())
                ranks.push_back(rankOf(p));
        std::sort(ranks.begin(), ranks.end());
        for (int rank : ranks) {
            RankRun r;
            r.rank = rank;
            collectEvents(trace, rank, opt, r);
            // The trees do not read the memory records: both at once.
            bothAtOnce([&] { buildTrees(trace, r); }, [&] { r.memory = collectMemoryRecords(trace, rank, opt); });
            if (r.events.empty() && r.memory.empty())
                continue;
            r.profilerStart = std::min(r.events.empty() ? std::numeric_limits<TimeNs>::max() : r.events.front().start,
                                       r.memory.empty() ? std::numeric_limits<TimeNs>::max() : r.memory.front().ts);
            // Each pair reads the trees and writes parts of the run the other does not touch.
            bothAtOnce([&] { attachMemoryRecords(trace, r); }, [&] { computeSteps(trace, r, opt.tbCompat); });
            computeCommunication(trace, r);
            computeGpuMetrics(trace, r); // splits itself in two
            computeRecommendations(trace, r, run->deviceProperties);
            run->ranks.push_back(std::move(r));
        }
        run->transferTimesKnown = computeTransferTimes(run->ranks);
        return run;
    });
    return std::static_pointer_cast<const TbRun>(made);
}

} // namespace accelscope::model::analysis::tbplugin
