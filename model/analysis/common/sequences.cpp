// Frequent kernel sequences (HTA §10): for the outermost host operators whose name contains
// the given operator name, the sequence of device kernels they launched (through any nested
// host call), counted over identical sequences.
//
// The call graph is the model's nesting: a host track's rows are call depths, so every slice in
// a deeper row inside an operator's interval is below it. HTA builds its own call graph (which
// fails on many ns-resolution traces because of its µs rounding, see docs/analysis.md).
#include "model/analysis/analyses.h"
#include "model/analysis/core/eventset.h"

#include <algorithm>
#include <map>
#include <span>

namespace accelscope::model::analysis {

namespace {

struct Pattern {
    std::int64_t count = 0;
    std::int64_t gpuDur = 0, cpuDur = 0;
    SliceRef first;
};

/// Runs the analysis for one operator name; returns false when no candidate qualified.
bool sequencesFor(const AnalysisContext &ctx, const AnalysisOptions &opt, const EventSet &s, const CorrelationGroups &cg,
                  const std::string &op, std::map<std::string, Pattern> &out)
{
    // device rows of a host row: those whose last host partner it is (HTA's index_correlation)
    std::vector<std::uint32_t> kernelBegin(s.cpu.size() + 1, 0), kernelList;
    {
        for (std::uint32_t g = 0; g < s.gpu.size(); ++g)
            if (cg.cpuOfGpu[g] >= 0)
                ++kernelBegin[std::size_t(cg.cpuOfGpu[g]) + 1];
        for (std::size_t i = 0; i < s.cpu.size(); ++i)
            kernelBegin[i + 1] += kernelBegin[i];
        kernelList.resize(kernelBegin.back());
        std::vector<std::uint32_t> fill(kernelBegin.begin(), kernelBegin.end() - 1);
        for (std::uint32_t g = 0; g < s.gpu.size(); ++g)
            if (cg.cpuOfGpu[g] >= 0)
                kernelList[fill[std::size_t(cg.cpuOfGpu[g])]++] = g;
    }
    auto kernelsOfCpu = [&](std::uint32_t c) {
        return std::span<const std::uint32_t>(kernelList.data() + kernelBegin[c], kernelBegin[c + 1] - kernelBegin[c]);
    };
    const Trace &tr = ctx.trace();
    const EventIndex &ix = ctx.index();
    // host rows that take part (HTA mode: the filtered table), by gid -> index into s.cpu
    std::vector<std::int32_t> cpuByGid(ix.sliceCount(), -1);
    for (std::uint32_t i = 0; i < s.cpu.size(); ++i)
        cpuByGid[s.cpu[i].gid] = std::int32_t(i);
    // candidates and their depth
    struct Cand {
        std::uint32_t cpu;
        std::uint32_t depth;
    };
    std::vector<Cand> cands;
    std::uint32_t minDepth = std::numeric_limits<std::uint32_t>::max();
    std::vector<std::int8_t> nameMatch(tr.strings().size(), -1);
    for (std::uint32_t i = 0; i < s.cpu.size(); ++i) {
        const Ev &e = s.cpu[i];
        std::int8_t &m = nameMatch[e.name];
        if (m < 0)
            m = tr.str(e.name).find(op) != std::string_view::npos;
        if (!m)
            continue;
        const SliceRef ref = ix.ref(e.gid);
        const Track &track = tr.track(ref.track);
        const std::uint32_t row = track.rowOf(ref.index);
        if (row >= track.nestedRows || ix.trackIsDevice[ref.track])
            continue; // overlap lanes have no call depth; device rows are not operators
        cands.push_back({i, row});
        minDepth = std::min(minDepth, row);
    }
    bool any = false;
    for (const Cand &c : cands) {
        if (c.depth != minDepth)
            continue;
        if (opt.stop.stop_requested())
            return false;
        const Ev &e = s.cpu[c.cpu];
        const SliceRef ref = ix.ref(e.gid);
        const Track &track = tr.track(ref.track);
        const TimeNs start = track.slices.start[ref.index], end = track.end(ref.index);
        std::vector<std::uint32_t> kernels;
        auto addKernelsOf = [&](std::uint32_t gid) {
            const std::int32_t h = cpuByGid[gid];
            if (h < 0)
                return;
            // each device row hangs under the host row it is correlated with; HTA attaches
            // only rows with stream > 0
            for (std::uint32_t k : kernelsOfCpu(std::uint32_t(h)))
                if (s.compat ? s.gpu[k].stream > 0 : s.gpu[k].stream >= 0)
                    kernels.push_back(k);
        };
        addKernelsOf(e.gid);
        for (std::uint32_t row = c.depth + 1; row < track.nestedRows; ++row) {
            const auto [b, en] = track.rowRange(row);
            // first slice of the row starting at or after the operator's start
            const auto first = std::lower_bound(track.slices.start.begin() + b, track.slices.start.begin() + en, start);
            for (auto k = std::uint32_t(first - track.slices.start.begin()); k < en && track.slices.start[k] <= end; ++k)
                if (track.end(k) <= end)
                    addKernelsOf(ix.trackBegin[ref.track] + k);
        }
        if (std::int64_t(kernels.size()) < opt.minPatternLength)
            continue;
        std::stable_sort(kernels.begin(), kernels.end(), [&](std::uint32_t a, std::uint32_t b) { return s.gpu[a].ts < s.gpu[b].ts; });
        std::string pattern(tr.str(e.name));
        std::int64_t gpuDur = 0;
        for (std::uint32_t k : kernels) {
            pattern += '|';
            pattern += tr.str(s.gpu[k].name);
            gpuDur += s.gpu[k].dur;
        }
        Pattern &p = out[pattern];
        if (p.count == 0)
            p.first = ref;
        ++p.count;
        p.gpuDur += gpuDur;
        p.cpuDur += e.dur;
        any = true;
    }
    return any;
}

} // namespace

Table frequentKernelSequences(const AnalysisContext &ctx, const AnalysisOptions &opt)
{
    const EventSet s = selectEvents(ctx, opt, SelectGpu | SelectCpu);
    const CorrelationGroups cg = correlationGroups(s);
    std::map<std::string, Pattern> patterns;
    std::string used;
    if (!opt.operatorName.empty()) {
        used = opt.operatorName;
        sequencesFor(ctx, opt, s, cg, used, patterns);
    } else {
        for (const char *op : {"aten::linear", "aten::addmm", "aten::conv2d", "aten::mm", "autograd::engine::evaluate_function",
                               "aten::", "ProfilerStep#"}) {
            patterns.clear();
            if (sequencesFor(ctx, opt, s, cg, op, patterns)) {
                used = op;
                break;
            }
        }
    }
    Table t("sequences", "Frequent kernel sequences");
    const bool c = s.compat;
    Column &pattern = t.addText("pattern", "Operator | kernels");
    Column &count = t.addInt("count", "Count", Unit::Count);
    Column &gpu = t.addInt(c ? "GPU kernel duration (us)" : "gpu_kernel_ns", "Kernel time", durUnit(s));
    Column &cpu = t.addInt(c ? "CPU op duration (us)" : "cpu_op_ns", "Operator time", durUnit(s));
    for (const auto &[p, v] : patterns) {
        pattern.push(p);
        count.push(v.count);
        gpu.push(v.gpuDur);
        cpu.push(v.cpuDur);
        t.keys.push_back(RowKey{ctx.trace().track(v.first.track).slices.name[v.first.index], -1, -1, v.first});
    }
    t.sortBy({{1, true}, {0}});
    if (!used.empty())
        t.notes.push_back("operator: " + used);
    t.notes.insert(t.notes.end(), s.notes.begin(), s.notes.end());
    return t;
}

} // namespace accelscope::model::analysis
