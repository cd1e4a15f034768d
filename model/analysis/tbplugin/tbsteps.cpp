// The plugin's overview (event_parser.py's StepParser, overall_parser.py): steps from the
// ProfilerStep spans widened to the device work they launched, every event's time given to one
// role, and each step's time split between the roles by priority.
#include "tbmodel.h"

#include <algorithm>
#include <limits>
#include <unordered_set>

namespace accelscope::model::analysis::tbplugin {

namespace {

constexpr TimeNs kMaxTime = std::numeric_limits<TimeNs>::max();
constexpr TimeNs kMinTime = std::numeric_limits<TimeNs>::min();


std::string stepNumber(std::string_view name)
{
    // ProfilerStep#N: the plugin keeps int(N).
    const std::size_t hash = name.find('#');
    std::string digits(name.substr(hash + 1));
    try {
        return std::to_string(std::stoll(digits));
    } catch (...) {
        return digits;
    }
}

struct HostBounds {
    TimeNs cpuMin = kMaxTime;
    TimeNs cpuMax = kMinTime;
};

// Gives every event's span to its role and collects the ProfilerStep spans.
HostBounds collectRoleRanges(const Trace &trace, RankRun &run, std::vector<Range> &steps, std::vector<std::string> &names)
{
    std::unordered_set<std::int64_t> communicationIds;
    for (const OpNode &n : run.nodes)
        if (n.kind != NodeKind::Root && run.names.has(n.name, kTraitCommunication))
            communicationIds.insert(n.externalId);
    HostBounds b;
    for (const Event &e : run.events) {
        const Range span{e.start, e.end};
        switch (e.type) {
        case EventType::Kernel:
            run.roleRanges[!communicationIds.empty() && communicationIds.count(e.externalId) ? Communication : Kernel].push_back(span);
            break;
        case EventType::Memcpy:
            run.roleRanges[Memcpy].push_back(span);
            break;
        case EventType::Memset:
            run.roleRanges[Memset].push_back(span);
            break;
        case EventType::Runtime:
            run.roleRanges[Runtime].push_back(span);
            break;
        case EventType::ProfilerStep:
            steps.push_back(span);
            names.push_back(stepNumber(trace.str(e.name)));
            break;
        case EventType::Operator:
        case EventType::UserAnnotation:
        case EventType::Python:
            if (e.type != EventType::Python && run.names.has(e.name, kTraitDataLoader))
                run.roleRanges[DataLoader].push_back(span);
            else
                run.roleRanges[run.names.has(e.name, kTraitCommunication) ? Communication : CpuOp].push_back(span);
            break;
        default:
            break;
        }
        if (e.type == EventType::Python || e.type == EventType::Operator || e.type == EventType::ProfilerStep) {
            b.cpuMin = std::min(b.cpuMin, e.start);
            b.cpuMax = std::max(b.cpuMax, e.end);
        }
    }
    for (Ranges &r : run.roleRanges)
        r = mergeRanges(std::move(r));
    return b;
}

struct DeviceSteps {
    std::optional<TimeNs> previousEnd; ///< set when any step launched device work
    std::vector<Range> device;         ///< per step: first start and last end of its device work
    std::vector<std::size_t> matched;  ///< per step: device nodes it launched
};

// Runtime calls inside each host step span give the step's device work (runtime calls crossing
// a step boundary count for no step).
DeviceSteps findDeviceSteps(const RankRun &run, const std::vector<Range> &steps)
{
    std::vector<std::uint32_t> order;
    for (std::uint32_t r = 0; r < run.runtimes.size(); ++r)
        if (run.runtimes[r].event != kInvalidId)
            order.push_back(r);
    auto startOf = [&](std::uint32_t r) { return run.events[run.runtimes[r].event].start; };
    auto endOf = [&](std::uint32_t r) { return run.events[run.runtimes[r].event].end; };
    auto byStart = [&](std::uint32_t a, std::uint32_t b) { return startOf(a) < startOf(b); };
    if (!std::is_sorted(order.begin(), order.end(), byStart)) // made in event order: mostly sorted already
        std::stable_sort(order.begin(), order.end(), byStart);

    DeviceSteps out;
    out.device.assign(steps.size(), {kMaxTime, kMinTime});
    out.matched.assign(steps.size(), 0);
    std::vector<std::uint8_t> matchedDevice(run.devices.size(), 0);
    std::size_t step = 0, i = 0;
    Range current{kMaxTime, kMinTime};
    bool anyMatched = false;
    while (step < steps.size() && i < order.size()) {
        const std::uint32_t r = order[i];
        if (startOf(r) < steps[step].first) {
            ++i;
        } else if (endOf(r) <= steps[step].second) {
            for (std::uint32_t d : run.runtimes[r].devices) {
                const Event &e = run.events[run.devices[d].event];
                current.first = std::min(current.first, e.start);
                current.second = std::max(current.second, e.end);
                matchedDevice[d] = 1;
                anyMatched = true;
                ++out.matched[step];
            }
            ++i;
        } else if (startOf(r) < steps[step].second) {
            ++i;
        } else {
            out.device[step++] = current;
            current = {kMaxTime, kMinTime};
        }
    }
    for (; step < steps.size(); ++step) {
        out.device[step] = current;
        current = {kMaxTime, kMinTime};
    }
    if (anyMatched) {
        TimeNs previous = steps[0].first;
        if (out.device[0].first != kMaxTime)
            for (std::uint32_t d = 0; d < run.devices.size(); ++d)
                if (!matchedDevice[d] && run.events[run.devices[d].event].end < out.device[0].first)
                    previous = std::max(previous, run.events[run.devices[d].event].end);
        out.previousEnd = previous;
    }
    return out;
}

// Widens each step to the device work it launched and drops trailing steps whose kernels the
// profiler may not have captured.
std::size_t updateStepsForDevice(std::vector<Range> &steps, std::vector<std::string> &names, const DeviceSteps &d)
{
    if (!d.previousEnd)
        return 0;
    TimeNs previous = *d.previousEnd;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        const TimeNs start = std::max(previous, steps[i].first);
        TimeNs end = steps[i].second;
        if (d.device[i].first == kMaxTime)
            end = std::max(end, start);
        else
            end = std::max(std::max(end, d.device[i].second), start);
        steps[i] = {start, end};
        previous = end;
    }
    if (steps.size() <= 1)
        return 0;
    std::ptrdiff_t last = std::ptrdiff_t(steps.size()) - 1;
    while (last >= 0 && d.matched[std::size_t(last)] == 0)
        --last;
    if (last < 0)
        return 0;
    std::size_t keep = std::size_t(last) + 1;
    if (last > 0 && double(d.matched[std::size_t(last) - 1]) * 0.8 > double(d.matched[std::size_t(last)]))
        keep = std::size_t(last);
    const std::size_t dropped = steps.size() - keep;
    steps.resize(keep);
    names.resize(keep);
    return dropped;
}

// Each role gets the time of the step slots left by the roles before it. The plugin's first role
// is not clipped to the steps, and a role finding no slot left restarts from all the step time
// (pluginSlotReset); Accelscope keeps the slots as they are, so no time is counted twice.
std::array<Ranges, RoleCount> roleCostRanges(const RankRun &run, const std::vector<Range> &steps, bool pluginSlotReset)
{
    std::array<Ranges, RoleCount> cost;
    const Ranges stepSlots = mergeRanges(steps);
    Ranges slots;
    bool first = true;
    for (int role = 0; role < RoleCount - 1; ++role) {
        const Ranges &ranges = run.roleRanges[std::size_t(role)];
        if (pluginSlotReset ? !slots.empty() : !first) {
            cost[std::size_t(role)] = intersectRanges(slots, ranges);
        } else {
            cost[std::size_t(role)] = ranges;
            slots = stepSlots;
        }
        first = false;
        slots = subtractRanges(slots, cost[std::size_t(role)]);
    }
    cost[Other] = slots;
    return cost;
}

} // namespace

void computeSteps(const Trace &trace, RankRun &run, bool pluginSlotReset)
{
    std::vector<Range> spans;
    std::vector<std::string> names;
    const HostBounds b = collectRoleRanges(trace, run, spans, names);
    run.hasKernel = !run.roleRanges[Kernel].empty();
    run.hasRuntime = !run.roleRanges[Runtime].empty();
    run.hasCommunication = !run.roleRanges[Communication].empty();
    run.hasMemcpyOrMemset = !run.roleRanges[Memcpy].empty() || !run.roleRanges[Memset].empty();
    if (spans.empty()) {
        if (b.cpuMin == kMaxTime) {
            run.noHostEvents = true;
            return;
        }
        spans.push_back({b.cpuMin, b.cpuMax});
        names.push_back("0");
    }
    run.droppedTailSteps = updateStepsForDevice(spans, names, findDeviceSteps(run, spans));

    const std::array<Ranges, RoleCount> cost = roleCostRanges(run, spans, pluginSlotReset);
    for (std::size_t i = 0; i < spans.size(); ++i) {
        Step s;
        s.name = names[i];
        s.span = spans[i];
        s.total = spans[i].second - spans[i].first;
        for (std::size_t role = 0; role < RoleCount; ++role) {
            s.costs[role] = sumWithin(spans[i], cost[role]);
            run.costSums[role] += s.costs[role];
        }
        run.totalSum += s.total;
        run.steps.push_back(std::move(s));
    }
}

} // namespace accelscope::model::analysis::tbplugin
