// Ascend kernel statistics: per (OP Type, Accelerator Core) as torch_npu's op_statistic.csv, and
// per Accelerator Core (with the HCCL ops) — computed from the device tasks of the timeline.
#include "model/analysis/ascend/ascendsteps.h"

#include "model/analysis/analyses.h"

#include <algorithm>
#include <unordered_map>

namespace accelscope::model::analysis {

namespace {

struct PairHash {
    std::size_t operator()(const std::pair<std::string_view, std::string_view> &p) const
    {
        const std::size_t a = std::hash<std::string_view>()(p.first), b = std::hash<std::string_view>()(p.second);
        return a ^ (b + 0x9e3779b97f4a7c15ull + (a << 6) + (a >> 2));
    }
};

struct Agg {
    std::string_view type, core;
    std::int64_t count = 0, total = 0;
    TimeNs min = std::numeric_limits<TimeNs>::max(), max = std::numeric_limits<TimeNs>::min();
    SliceRef longest;
    std::unordered_map<std::string_view, char> types; ///< core table: distinct op types
    void add(TimeNs d, SliceRef s)
    {
        ++count;
        total += d;
        min = std::min(min, d);
        if (d > max) {
            max = d;
            longest = s;
        }
    }
};

/// Rows of one rank sorted as op_statistic.csv (total time descending), ties by name.
void sortAggs(std::vector<Agg> &v)
{
    std::sort(v.begin(), v.end(), [](const Agg &a, const Agg &b) {
        if (a.total != b.total)
            return a.total > b.total;
        if (a.type != b.type)
            return a.type < b.type;
        return a.core < b.core;
    });
}

} // namespace

Table opStatistic(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const AscendIndex &ix = ascendIndex(ctx);
    Table t("op-statistic", "Op statistic (Ascend)");
    const Unit ns = Unit::Nanoseconds;
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addInt("device", "Device", Unit::Id);
    Column &type = t.addText("op_type", "OP Type");
    Column &core = t.addText("core_type", "Core Type");
    Column &count = t.addInt("count", "Count", Unit::Count);
    Column &total = t.addInt("total_ns", "Total Time", ns);
    Column &mn = t.addInt("min_ns", "Min Time", ns);
    Column &avg = t.addReal("avg_ns", "Avg Time", ns);
    Column &mx = t.addInt("max_ns", "Max Time", ns);
    Column &ratio = t.addReal("ratio_pct", "Ratio", Unit::Percent);
    for (const AscendRank &r : ix.ranks) {
        if (!opt.wantsRank(r.rank) || r.compute.empty())
            continue;
        if (opt.stop.stop_requested())
            return Table("op-statistic", t.title);
        std::unordered_map<std::pair<std::string_view, std::string_view>, std::size_t, PairHash> pos;
        std::vector<Agg> aggs;
        std::int64_t sum = 0;
        for (const AscendTask &k : r.compute) {
            if (!opt.overlapsRange(k.start, k.end))
                continue;
            auto [it, ins] = pos.emplace(std::make_pair(k.opType, k.core), aggs.size());
            if (ins) {
                aggs.emplace_back();
                aggs.back().type = k.opType;
                aggs.back().core = k.core;
            }
            aggs[it->second].add(k.end - k.start, k.slice);
            sum += k.end - k.start;
        }
        sortAggs(aggs);
        for (const Agg &a : aggs) {
            rank.push(std::int64_t(r.rank));
            r.device >= 0 ? device.push(std::int64_t(r.device)) : device.pushNull();
            type.push(std::string(a.type));
            core.push(std::string(a.core));
            count.push(a.count);
            total.push(a.total);
            mn.push(a.min);
            avg.push(double(a.total) / double(a.count));
            mx.push(a.max);
            ratio.push(sum > 0 ? 100.0 * double(a.total) / double(sum) : 0.0);
            t.keys.push_back(RowKey{kEmptyString, r.rank, -1, a.longest});
        }
    }
    if (ix.ranks.empty())
        t.notes.push_back("no Ascend device tasks in the trace");
    for (const AscendRank &r : ix.ranks) {
        if (!r.typedTasks || !opt.wantsRank(r.rank))
            continue;
        std::string n = "rank " + std::to_string(r.rank) + ": " + std::to_string(r.typedTasks)
                      + " device tasks without kernel information (no kernel_details.csv / COMPUTE_TASK_INFO) are listed by "
                        "their Task Type as Core Type and their name as OP Type; HCCL, wait, event and profiling tasks are "
                        "left out";
        if (r.guessedTasks) {
            n += "; " + std::to_string(r.guessedTasks) + " of them are kernels by a guess, their Task Type does not say so (";
            for (std::size_t i = 0; i < r.guessedTypes.size(); ++i)
                n += (i ? ", " : "") + std::string(r.guessedTypes[i].first) + " x" + std::to_string(r.guessedTypes[i].second);
            n += ")";
        }
        t.notes.push_back(std::move(n));
    }
    return t;
}

Table coreStatistic(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const AscendIndex &ix = ascendIndex(ctx);
    Table t("core-statistic", "Accelerator core statistic (Ascend)");
    const Unit ns = Unit::Nanoseconds;
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &device = t.addInt("device", "Device", Unit::Id);
    Column &core = t.addText("core_type", "Accelerator Core");
    Column &types = t.addInt("op_types", "OP Types", Unit::Count);
    Column &count = t.addInt("count", "Count", Unit::Count);
    Column &total = t.addInt("total_ns", "Total Time", ns);
    Column &mn = t.addInt("min_ns", "Min Time", ns);
    Column &avg = t.addReal("avg_ns", "Avg Time", ns);
    Column &mx = t.addInt("max_ns", "Max Time", ns);
    Column &ratio = t.addReal("ratio_pct", "Ratio", Unit::Percent);
    for (const AscendRank &r : ix.ranks) {
        if (!opt.wantsRank(r.rank))
            continue;
        if (opt.stop.stop_requested())
            return Table("core-statistic", t.title);
        std::unordered_map<std::string_view, std::size_t> pos;
        std::vector<Agg> aggs;
        std::int64_t sum = 0;
        auto add = [&](std::string_view c, std::string_view ty, TimeNs d, SliceRef s) {
            auto [it, ins] = pos.emplace(c, aggs.size());
            if (ins) {
                aggs.emplace_back();
                aggs.back().core = c;
            }
            Agg &a = aggs[it->second];
            a.add(d, s);
            a.types.emplace(ty, 0);
            sum += d;
        };
        for (const AscendTask &k : r.compute)
            if (opt.overlapsRange(k.start, k.end))
                add(k.core, k.opType, k.end - k.start, k.slice);
        for (const AscendCommOp &c : r.comm)
            if (opt.overlapsRange(c.start, c.end)) {
                const Track &tr = ctx.trace().track(c.slice.track);
                // the op type is the name without its instance suffix: hcom_allReduce__586_0_1 -> hcom_allReduce
                std::string_view n = ctx.trace().str(tr.slices.name[c.slice.index]);
                n = n.substr(0, n.find("__"));
                add("HCCL", n, c.end - c.start, c.slice);
            }
        if (r.guessedTasks)
            t.notes.push_back("rank " + std::to_string(r.rank) + ": " + std::to_string(r.guessedTasks)
                              + " device tasks without kernel information are listed under their Task Type, a guess");
        sortAggs(aggs);
        for (const Agg &a : aggs) {
            rank.push(std::int64_t(r.rank));
            r.device >= 0 ? device.push(std::int64_t(r.device)) : device.pushNull();
            core.push(std::string(a.core));
            types.push(std::int64_t(a.types.size()));
            count.push(a.count);
            total.push(a.total);
            mn.push(a.min);
            avg.push(double(a.total) / double(a.count));
            mx.push(a.max);
            ratio.push(sum > 0 ? 100.0 * double(a.total) / double(sum) : 0.0);
            t.keys.push_back(RowKey{kEmptyString, r.rank, -1, a.longest});
        }
    }
    if (ix.ranks.empty())
        t.notes.push_back("no Ascend device tasks or HCCL ops in the trace");
    else
        t.notes.push_back("HCCL: the collective / p2p ops (their tasks run on the streams too); "
                          "ratio = share of the summed task and op time of the rank");
    return t;
}

} // namespace accelscope::model::analysis
