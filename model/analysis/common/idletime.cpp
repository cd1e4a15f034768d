// Idle time breakdown (HTA §6): per stream, each gap before a kernel is host_wait (the launch
// came after the stream had drained), kernel_wait (a short gap between queued kernels) or other.
#include "model/analysis/analyses.h"
#include "model/analysis/core/eventset.h"
#include "model/analysis/core/stats.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace accelscope::model::analysis {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
enum Category { HostWait, KernelWait, Other, kCategories };
constexpr const char *kCategoryNames[] = {"host_wait", "kernel_wait", "other"};

struct StreamIdle {
    int rank = 0;
    std::int64_t stream = 0;
    std::vector<double> intervals[kCategories];
    bool present[kCategories] = {};
};

std::vector<StreamIdle> computeIdle(const AnalysisContext &ctx, const AnalysisOptions &opt, EventSet &s)
{
    s = selectEvents(ctx, opt, SelectGpu | SelectCpu);
    const Trace &tr = ctx.trace();
    std::vector<char> catOk(tr.strings().size(), 0);
    if (s.compat) {
        for (const char *c : {"kernel", "Kernel", "gpu_memset", "Memset", "gpu_memcpy", "Memcpy", "mtia_ccp_events"}) {
            const StringId id = tr.strings().find(c);
            if (id != kInvalidId)
                catOk[id] = 1;
        }
    }
    const CorrelationGroups cg = correlationGroups(s);
    // rows per (rank, stream)
    std::map<std::pair<int, std::int64_t>, std::vector<std::uint32_t>> streams;
    for (std::uint32_t i = 0; i < s.gpu.size(); ++i) {
        const Ev &e = s.gpu[i];
        if (s.compat ? !catOk[e.cat] : e.type == KernelType::Sync)
            continue;
        streams[{e.rank, e.stream}].push_back(i);
    }
    const double threshold = s.compat ? double(opt.idleThresholdNs) / 1000.0 : double(opt.idleThresholdNs);
    std::vector<StreamIdle> out;
    for (auto &[key, idx] : streams) {
        std::stable_sort(idx.begin(), idx.end(), [&](std::uint32_t a, std::uint32_t b) { return s.gpu[a].ts < s.gpu[b].ts; });
        StreamIdle si;
        si.rank = key.first;
        si.stream = key.second;
        bool first = true;
        std::int64_t prevEnd = 0;
        for (std::uint32_t i : idx) {
            const Ev &e = s.gpu[i];
            if (first) {
                // the first kernel of a stream: "other" with a missing interval (HTA)
                si.present[Other] = true;
                first = false;
                prevEnd = e.end();
                continue;
            }
            std::int64_t runtimeTs = 0;
            bool haveRuntime = false;
            if (const std::int32_t p = cg.cpuOfGpu[i]; p >= 0) {
                runtimeTs = s.cpu[std::size_t(p)].ts;
                haveRuntime = true;
            }
            // HTA: the previous row's end; Accelscope: the latest end so far (overlaps are not idle)
            std::int64_t interval = e.ts - prevEnd;
            if (!s.compat && interval < 0)
                interval = 0;
            Category c;
            if (haveRuntime && runtimeTs > prevEnd)
                c = HostWait;
            else if (double(interval) < threshold)
                c = KernelWait;
            else
                c = Other;
            si.present[c] = true;
            si.intervals[c].push_back(double(interval));
            prevEnd = s.compat ? e.end() : std::max(prevEnd, e.end());
        }
        out.push_back(std::move(si));
    }
    return out;
}

} // namespace

Table idleTimeBreakdown(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    EventSet s;
    const auto streams = computeIdle(ctx, opt, s);
    Table t("idle", "Idle time breakdown");
    const bool c = s.compat;
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &stream = t.addInt("stream", "Stream", Unit::Id);
    Column &cat = t.addText("idle_category", "Idle category");
    Column &time = c ? t.addReal("idle_time", "Idle time", Unit::Microseconds) : t.addInt("idle_ns", "Idle time", Unit::Nanoseconds);
    Column &ratio = t.addReal(c ? "idle_time_ratio" : "idle_ratio", "Share of the stream's idle time", Unit::Ratio);
    Column *count = c ? nullptr : &t.addInt("count", "Gaps", Unit::Count);
    for (const StreamIdle &si : streams) {
        double sums[kCategories] = {};
        double all = 0;
        for (int k = 0; k < kCategories; ++k) {
            for (double v : si.intervals[k])
                sums[k] += v;
            all += sums[k];
        }
        for (int k = 0; k < kCategories; ++k) {
            if (!si.present[k])
                continue;
            rank.push(std::int64_t(si.rank));
            stream.push(si.stream);
            cat.push(std::string(kCategoryNames[k]));
            const double r = all != 0 ? sums[k] / all : kNaN;
            if (c) {
                time.push(roundHalfEven(sums[k], 2));
                ratio.push(roundHalfEven(r, 2));
            } else {
                time.push(std::int64_t(sums[k]));
                ratio.push(r);
                count->push(std::int64_t(si.intervals[k].size()));
            }
            t.keys.push_back(RowKey{kEmptyString, si.rank, si.stream, {}});
        }
    }
    t.notes = s.notes;
    return t;
}

Table idleIntervalStats(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    EventSet s;
    const auto streams = computeIdle(ctx, opt, s);
    Table t("idle-stats", "Idle interval statistics");
    const bool c = s.compat;
    const Unit u = durUnit(s);
    Column &cat = t.addText("idle_category", "Idle category");
    Column &rank = t.addInt("rank", "Rank", Unit::Id);
    Column &stream = t.addInt("stream", "Stream", Unit::Id);
    Column &count = t.addReal("count", "Count", Unit::Count);
    Column &mean = t.addReal(c ? "mean" : "mean_ns", "Mean", u);
    Column &sd = t.addReal(c ? "std" : "std_ns", "Std dev", u);
    Column &mn = t.addReal(c ? "min" : "min_ns", "Min", u);
    Column &q25 = t.addReal(c ? "25%" : "p25_ns", "25%", u);
    Column &q50 = t.addReal(c ? "50%" : "p50_ns", "50%", u);
    Column &q75 = t.addReal(c ? "75%" : "p75_ns", "75%", u);
    Column &mx = t.addReal(c ? "max" : "max_ns", "Max", u);
    auto r2 = [&](double v) { return c ? roundHalfEven(v, 2) : v; };
    for (const StreamIdle &si : streams) {
        for (int k = 0; k < kCategories; ++k) {
            if (!si.present[k])
                continue;
            std::vector<double> v = si.intervals[k];
            const Describe d = describe(v);
            cat.push(std::string(kCategoryNames[k]));
            rank.push(std::int64_t(si.rank));
            stream.push(si.stream);
            count.push(d.count);
            mean.push(r2(d.mean));
            sd.push(r2(d.std));
            mn.push(r2(d.min));
            q25.push(r2(d.q25));
            q50.push(r2(d.q50));
            q75.push(r2(d.q75));
            mx.push(r2(d.max));
        }
    }
    t.notes = s.notes;
    return t;
}

} // namespace accelscope::model::analysis
