// The plugin's distributed view (communication.py, loader.py, overall_parser.py): collective
// operators (nccl:*, gloo:*) with the kernels they launched, each step's computation and
// communication overlap, and the time the collectives spent transferring data rather than waiting
// for the other ranks (each kernel's shortest duration over the ranks).
#include "tbanalyses.h"
#include "tbmodel.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

namespace accelscope::model::analysis {

using namespace tbplugin;

namespace tbplugin {

namespace {

void sortByStartThenLongest(Ranges &r)
{
    std::stable_sort(r.begin(), r.end(), [](const Range &a, const Range &b) { return a.first != b.first ? a.first < b.first : a.second > b.second; });
}

void computeOverlaps(RankRun &run)
{
    const Ranges &computation = run.roleRanges[Kernel].empty() ? run.roleRanges[CpuOp] : run.roleRanges[Kernel];
    const Ranges &communication = run.roleRanges[Communication];
    const Ranges both = intersectRanges(computation, communication);
    for (const Step &s : run.steps) {
        StepOverlap o;
        o.overlap = sumWithin(s.span, both);
        o.computation = sumWithin(s.span, computation);
        o.communication = sumWithin(s.span, communication);
        o.other = s.total + o.overlap - o.computation - o.communication;
        run.overlaps.push_back(o);
    }
}

void assignSteps(RankRun &run)
{
    std::size_t index = 0;
    for (CommNode &c : run.collectives) {
        const Event &e = run.events[c.event];
        while (index < run.steps.size()) {
            const Range &span = run.steps[index].span;
            if (e.start >= span.first && e.end <= span.second) {
                c.step = run.steps[index].name;
                break;
            }
            if (e.start >= span.second)
                ++index;
            else
                break; // a collective crossing a step boundary belongs to no step
        }
        if (index >= run.steps.size())
            break;
    }
}

std::int64_t bytesPerValue(const std::string &type)
{
    if (type == "long int")
        return 8;
    if (type == "float" || type == "int")
        return 4;
    if (type == "c10::Half" || type == "c10::BFloat16")
        return 2;
    if (type == "unsigned char")
        return 1;
    return 0;
}

std::int64_t collectiveBytes(const TensorSizes &t)
{
    std::int64_t bytes = 0;
    for (std::size_t i = 0; i < t.inputDims.size(); ++i) {
        const std::int64_t perValue = i < t.inputTypes.size() ? bytesPerValue(t.inputTypes[i]) : 0;
        std::int64_t values = 1;
        for (std::int64_t d : t.inputDims[i])
            values *= d == kNone ? 0 : d;
        bytes += values * perValue;
    }
    return bytes;
}

} // namespace

void computeCommunication(const Trace &trace, RankRun &run)
{
    computeOverlaps(run);
    std::unordered_map<std::int64_t, std::size_t> byExternalId;
    for (std::uint32_t i = 0; i < run.events.size(); ++i) {
        const Event &e = run.events[i];
        const bool host = e.type == EventType::Operator || e.type == EventType::Python || e.type == EventType::UserAnnotation
                          || e.type == EventType::Module;
        if (!host || !run.names.has(e.name, kTraitCommunication))
            continue;
        CommNode c;
        c.event = i;
        c.kernelRanges.push_back({e.start, e.end});
        // One collective per external id: a later operator with the same id replaces it.
        auto [it, inserted] = byExternalId.try_emplace(e.externalId, run.collectives.size());
        if (inserted)
            run.collectives.push_back(std::move(c));
        else
            run.collectives[it->second] = std::move(c);
    }
    if (run.usesNccl && run.usesGloo) {
        run.collectives.clear(); // the plugin gives up on runs mixing both libraries
        return;
    }
    if (run.usesNccl)
        for (const Event &e : run.events)
            if (e.type == EventType::Kernel)
                if (auto it = byExternalId.find(e.externalId); it != byExternalId.end())
                    run.collectives[it->second].kernelRanges.push_back({e.start, e.end});
    for (CommNode &c : run.collectives)
        sortByStartThenLongest(c.kernelRanges);
    std::stable_sort(run.collectives.begin(), run.collectives.end(), [&](const CommNode &a, const CommNode &b) {
        const Event &x = run.events[a.event];
        const Event &y = run.events[b.event];
        return x.start != y.start ? x.start < y.start : x.end > y.end;
    });
    assignSteps(run);
}

bool computeTransferTimes(std::vector<RankRun> &ranks)
{
    if (ranks.empty())
        return false;
    for (const RankRun &r : ranks)
        if (!r.hasCommunication || r.collectives.empty() || r.collectives.size() != ranks.front().collectives.size())
            return false;
    for (std::size_t i = 0; i < ranks.front().collectives.size(); ++i) {
        const std::size_t kernels = ranks.front().collectives[i].kernelRanges.size();
        for (const RankRun &r : ranks)
            if (r.collectives[i].kernelRanges.size() != kernels)
                return false;
        for (std::size_t j = 0; j < kernels; ++j) {
            TimeNs shortest = std::numeric_limits<TimeNs>::max();
            for (const RankRun &r : ranks) {
                const Range &k = r.collectives[i].kernelRanges[j];
                shortest = std::min(shortest, k.second - k.first);
            }
            for (RankRun &r : ranks) {
                const Range &k = r.collectives[i].kernelRanges[j];
                r.collectives[i].transferRanges.push_back({k.second - shortest, k.second});
            }
        }
    }
    return true;
}

} // namespace tbplugin

namespace {

constexpr double kNsPerUs = 1000.0;

struct Duration {
    Column *column;
    bool compat;
    void push(double ns, bool truncate = false) const
    {
        if (!compat)
            column->push(ns);
        else if (truncate)
            column->push(std::trunc(ns / kNsPerUs));
        else
            column->push(ns / kNsPerUs);
    }
};

Duration addDuration(Table &t, const std::string &id, const std::string &title, bool compat)
{
    return {&t.addReal(id + (compat ? "_us" : "_ns"), title, compat ? Unit::Microseconds : Unit::Nanoseconds), compat};
}

void noteNoCommunication(Table &t, const TbRun &run, const AnalysisOptions &opt)
{
    bool any = false;
    for (const RankRun &r : run.ranks)
        any |= opt.wantsRank(r.rank) && r.hasCommunication && !r.collectives.empty();
    if (!any)
        t.notes.push_back("no NCCL or Gloo collective operator (nccl:all_reduce, gloo:broadcast, ...) in the wanted ranks and range: no distributed view");
    else if (!run.transferTimesKnown)
        t.notes.push_back("the ranks' collectives differ in number (or a rank has none): data transfer time across ranks is not known");
}

} // namespace

Table tbDistributedOverlap(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("tb-distributed-overlap", "PyTorch comm/compute overlap");
    const bool compat = opt.tbCompat;
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &step = t.addText("step", "Step");
    const Duration computation = addDuration(t, "computation", "Computation", compat);
    const Duration overlapping = addDuration(t, "overlapping", "Overlapping", compat);
    const Duration communication = addDuration(t, "communication", "Communication", compat);
    const Duration other = addDuration(t, "other", "Other", compat);
    const auto run = tbRun(ctx, opt);
    for (const RankRun &r : run->ranks) {
        if (!opt.wantsRank(r.rank) || !r.hasCommunication || r.collectives.empty())
            continue;
        StepOverlap sum;
        // The plugin truncates its average over the steps to whole µs.
        auto row = [&](const std::string &name, const StepOverlap &o, double divisor, bool average) {
            rank.push(std::int64_t(r.rank));
            step.push(name);
            computation.push(double(o.computation - o.overlap) / divisor, average);
            overlapping.push(double(o.overlap) / divisor, average);
            communication.push(double(o.communication - o.overlap) / divisor, average);
            other.push(double(o.other) / divisor, average);
        };
        for (std::size_t i = 0; i < r.overlaps.size(); ++i) {
            const StepOverlap &o = r.overlaps[i];
            sum.computation += o.computation;
            sum.overlap += o.overlap;
            sum.communication += o.communication;
            sum.other += o.other;
            row(r.steps[i].name, o, 1.0, false);
        }
        if (!r.overlaps.empty())
            row("all", sum, double(r.overlaps.size()), true);
    }
    noteNoCommunication(t, *run, opt);
    return t;
}

Table tbDistributedWait(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("tb-distributed-wait", "PyTorch collective wait");
    const bool compat = opt.tbCompat;
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &step = t.addText("step", "Step");
    const Duration transfer = addDuration(t, "data_transfer", "Data Transfer Time", compat);
    const Duration sync = addDuration(t, "synchronizing", "Synchronizing Time", compat);
    const auto run = tbRun(ctx, opt);
    for (const RankRun &r : run->ranks) {
        if (!opt.wantsRank(r.rank) || !run->transferTimesKnown)
            continue;
        std::vector<std::string> order;
        std::map<std::string, std::pair<Ranges, Ranges>> perStep;
        for (const CommNode &c : r.collectives) {
            auto [it, inserted] = perStep.try_emplace(c.step);
            if (inserted)
                order.push_back(c.step);
            it->second.first.insert(it->second.first.end(), c.kernelRanges.begin(), c.kernelRanges.end());
            it->second.second.insert(it->second.second.end(), c.transferRanges.begin(), c.transferRanges.end());
        }
        TimeNs sumTransfer = 0, sumSync = 0;
        for (const std::string &s : order) {
            const TimeNs total = rangesSum(mergeRanges(perStep[s].first));
            const TimeNs real = rangesSum(mergeRanges(perStep[s].second));
            rank.push(std::int64_t(r.rank));
            step.push(s);
            transfer.push(double(real));
            sync.push(double(total - real));
            sumTransfer += real;
            sumSync += total - real;
        }
        if (!order.empty()) {
            rank.push(std::int64_t(r.rank));
            step.push(std::string("all"));
            transfer.push(double(sumTransfer) / double(order.size()), true);
            sync.push(double(sumSync) / double(order.size()), true);
        }
    }
    noteNoCommunication(t, *run, opt);
    return t;
}

Table tbDistributedOps(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    Table t("tb-distributed-ops", "PyTorch collective operations");
    const bool compat = opt.tbCompat;
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &name = t.addText("name", "Name");
    Column &calls = t.addInt("calls", "Calls", Unit::Count);
    Column &bytes = t.addInt("total_size_bytes", "Total Size", Unit::Bytes);
    Column &avgBytes = t.addReal("avg_size_bytes", "Avg Size", Unit::Bytes);
    const Duration latency = addDuration(t, "total_latency", "Total Latency", compat);
    const Duration avgLatency = addDuration(t, "avg_latency", "Avg Latency", compat);
    const Duration transfer = addDuration(t, "data_transfer", "Data Transfer Time", compat);
    const Duration avgTransfer = addDuration(t, "avg_data_transfer", "Avg Data Transfer Time", compat);
    const auto run = tbRun(ctx, opt);
    const Trace &trace = ctx.trace();
    for (const RankRun &r : run->ranks) {
        if (!opt.wantsRank(r.rank) || !run->transferTimesKnown)
            continue;
        struct Op {
            std::int64_t calls = 0, bytes = 0;
            Ranges kernels, transfers;
        };
        std::vector<StringId> order;
        std::unordered_map<StringId, Op> ops;
        for (const CommNode &c : r.collectives) {
            const Event &e = r.events[c.event];
            auto [it, inserted] = ops.try_emplace(e.name);
            if (inserted)
                order.push_back(e.name);
            ++it->second.calls;
            it->second.bytes += collectiveBytes(r.tensorSizesOf(e));
            it->second.kernels.insert(it->second.kernels.end(), c.kernelRanges.begin(), c.kernelRanges.end());
            it->second.transfers.insert(it->second.transfers.end(), c.transferRanges.begin(), c.transferRanges.end());
        }
        for (StringId n : order) {
            const Op &o = ops[n];
            const double total = double(rangesSum(mergeRanges(o.kernels)));
            const double real = double(rangesSum(mergeRanges(o.transfers)));
            const double callCount = double(o.calls);
            rank.push(std::int64_t(r.rank));
            name.push(std::string(trace.str(n)));
            calls.push(o.calls);
            bytes.push(o.bytes);
            avgBytes.push(compat ? std::nearbyint(double(o.bytes) / callCount) : double(o.bytes) / callCount);
            latency.push(total);
            // The plugin rounds its averages to whole µs.
            avgLatency.column->push(compat ? std::nearbyint(total / callCount / kNsPerUs) : total / callCount);
            transfer.push(real);
            avgTransfer.column->push(compat ? std::nearbyint(real / callCount / kNsPerUs) : real / callCount);
        }
    }
    noteNoCommunication(t, *run, opt);
    return t;
}

} // namespace accelscope::model::analysis
