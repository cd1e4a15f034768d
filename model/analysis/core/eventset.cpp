#include "model/analysis/core/eventset.h"
#include "model/kinetofacts.h"

#include <algorithm>
#include <tuple>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <unordered_map>
#include <unordered_set>

namespace accelscope::model::analysis {

bool EventSet::wantRank(int r) const
{
    return rankFilter.empty() || std::find(rankFilter.begin(), rankFilter.end(), r) != rankFilter.end();
}

namespace {

constexpr std::uint8_t kSkipFlags = kSliceFromBeginEnd | kSliceAsync | kSliceUnterminated;

struct NativeTypeKey {
    StringId name, cat;
    EngineKind engine;
    bool operator==(const NativeTypeKey &) const = default;
};
struct NativeTypeKeyHash {
    std::size_t operator()(const NativeTypeKey &k) const
    {
        return std::hash<std::uint64_t>()((std::uint64_t(k.name) << 32) ^ (std::uint64_t(k.cat) << 4) ^ std::uint64_t(k.engine));
    }
};

/// The double json.loads gives for the µs text of `ns` (Kineto writes at most 3 decimals):
/// the double nearest to the decimal ns / 1000. ns / 1000.0 is not that once ns > 2^53
/// (epoch-µs traces such as cp_alexnet have ts around 1.7e15 µs), so parse the decimal.
double microsAsJsonDouble(std::int64_t ns)
{
    constexpr std::int64_t kExact = std::int64_t(1) << 53;
    if (ns > -kExact && ns < kExact)
        return double(ns) / 1000.0; // exact operand, correctly rounded quotient: the same double
    const std::int64_t q = ns / 1000, r = ns % 1000;
    if (r == 0)
        return double(q); // exact below 2^53 µs, as in the JSON text
    char buf[40];
    const int n = std::snprintf(buf, sizeof buf, "%s%lld.%03lld", ns < 0 ? "-" : "", static_cast<long long>(q < 0 ? -q : q),
                                static_cast<long long>(r < 0 ? -r : r));
    double d = 0;
    std::from_chars(buf, buf + n, d);
    return d;
}

bool overlaps(std::int64_t ts, std::int64_t end, std::int64_t lo, std::int64_t hi)
{
    if (end == ts)
        return ts >= lo && ts < hi;
    return ts < hi && end > lo;
}

void selectNative(const AnalysisContext &ctx, const AnalysisOptions &opt, unsigned flags, EventSet &s)
{
    const Trace &tr = ctx.trace();
    const EventIndex &ix = ctx.index();
    std::unordered_map<NativeTypeKey, KernelType, NativeTypeKeyHash> memo;
    const bool hasRange = opt.range.has_value();
    const std::int64_t lo = hasRange ? opt.range->first : 0, hi = hasRange ? opt.range->second : 0;
    std::vector<char> rankSeen;
    if (flags & SelectGpu)
        s.gpu.reserve(ix.sliceCount() / 2);
    for (const Track &track : tr.tracks()) {
        if (opt.stop.stop_requested()) {
            s.gpu.clear();
            s.cpu.clear();
            return; // the caller's result is dropped anyway
        }
        const auto &sc = track.slices;
        if (sc.size() == 0)
            continue;
        const int rank = ix.trackRank[track.id];
        if (!s.wantRank(rank))
            continue;
        const bool device = ix.trackIsDevice[track.id];
        if (!device && !(flags & SelectCpu))
            continue;
        const std::uint32_t base = ix.trackBegin[track.id];
        for (std::uint32_t i = 0; i < sc.size(); ++i) {
            const std::int64_t ts = sc.start[i], dur = sc.dur[i];
            if (hasRange && !overlaps(ts, ts + dur, lo, hi))
                continue;
            const StringId cat = sc.cat[i];
            const bool dev = device && cat != ix.catGpuUserAnnotation && cat != ix.catUserAnnotation;
            if (dev ? !(flags & SelectGpu) : !(flags & SelectCpu))
                continue;
            Ev e;
            e.ts = ts;
            e.dur = dur;
            e.name = sc.name[i];
            e.cat = cat;
            e.rank = rank;
            e.gid = base + i;
            const std::int64_t c = ix.correlation[e.gid];
            e.corr = c == kNoValue ? -1 : c;
            if (dev) {
                const std::int64_t st = ix.stream[e.gid];
                e.stream = st != kNoValue ? st : (track.tidName == kEmptyString ? track.tid : std::int64_t(track.id));
                if (e.stream < 0)
                    e.stream = std::int64_t(track.id); // keep "device" distinguishable from host (-1)
                const NativeTypeKey key{e.name, cat, track.engine};
                auto it = memo.find(key);
                if (it == memo.end())
                    it = memo.emplace(key, nativeKernelType(tr.str(e.name), tr.str(cat), track.engine)).first;
                e.type = it->second;
                s.gpu.push_back(e);
            } else {
                e.stream = -1;
                s.cpu.push_back(e);
            }
            if (std::size_t(rank) >= rankSeen.size())
                rankSeen.resize(std::size_t(rank) + 1, 0);
            rankSeen[std::size_t(rank)] = 1;
        }
    }
    for (std::size_t r = 0; r < rankSeen.size(); ++r)
        if (rankSeen[r])
            s.ranks.push_back(int(r));
    s.clip = hasRange;
    s.clipLo = lo;
    s.clipHi = hi;
}

/// HTA's MTIA test (§1.2): no CUDA/HIP launches but MTIA's job submission.
bool looksLikeMtia(const Trace &tr)
{
    const StringTable &st = tr.strings();
    if (st.find("cudaLaunchKernel") != kInvalidId || st.find("hipLaunchKernel") != kInvalidId)
        return false;
    if (st.find("runFunction - job_prep_and_submit_for_execution") != kInvalidId)
        return true;
    for (const SourceInfo &src : tr.sources())
        if (src.kineto && src.kineto->backend.find("mtia:hccl") != std::string::npos)
            return true;
    return false;
}

/// HTA's event table of the whole trace (every rank): rounded, aligned, last-step filtered,
/// typed. Built once per context and flag set, then only filtered by rank and range per call.
struct CompatBase {
    std::vector<Ev> rows; ///< kept rows, ts aligned; `type` set for device rows (stream != -1)
    std::int64_t minTs = 0;
    std::vector<std::string> notes;
};

std::shared_ptr<const CompatBase> buildCompatBase(const AnalysisContext &ctx, bool keepLastStep)
{
    const Trace &tr = ctx.trace();
    const EventIndex &ix = ctx.index();
    auto base = std::make_shared<CompatBase>();
    struct Row {
        Ev e;
        bool gpuSide; // HTA §1.4: (stream >= 0 and correlation >= 0) or Event/Context Sync
    };
    std::vector<Row> rows;
    rows.reserve(tr.sliceCount());
    const StringId eventSync = tr.strings().find("Event Sync");
    const StringId contextSync = tr.strings().find("Context Sync");
    std::int64_t minTs = std::numeric_limits<std::int64_t>::max();
    for (const Track &track : tr.tracks()) {
        const auto &sc = track.slices;
        if (sc.size() == 0)
            continue;
        const Process &proc = tr.process(track.process);
        const std::int64_t off = proc.source < tr.sources().size() ? tr.sources()[proc.source].timeOffsetNs : 0;
        const std::uint32_t gbase = ix.trackBegin[track.id];
        const int rank = ix.trackRank[track.id];
        for (std::uint32_t i = 0; i < sc.size(); ++i) {
            if (sc.flags[i] & kSkipFlags)
                continue; // HTA keeps only complete ("X") events
            const StringId cat = sc.cat[i];
            if (cat == kEmptyString || cat == ix.catTrace)
                continue;
            // json.loads gives the double nearest to the decimal µs text; HTA then adds in
            // doubles and rounds the start up and the end down
            const double tsD = microsAsJsonDouble(sc.start[i] - off);
            const double durD = microsAsJsonDouble(sc.dur[i]);
            Row r;
            r.e.ts = std::int64_t(std::ceil(tsD));
            r.e.dur = std::int64_t(std::floor(tsD + durD)) - r.e.ts;
            r.e.name = sc.name[i];
            r.e.cat = cat;
            r.e.rank = rank;
            r.e.gid = gbase + i;
            const std::int64_t st = ix.stream[r.e.gid];
            r.e.stream = st == kNoValue ? -1 : st;
            const std::int64_t c = ix.correlation[r.e.gid];
            r.e.corr = c == kNoValue ? -1 : c;
            r.gpuSide = (r.e.stream >= 0 && r.e.corr >= 0)
                || (r.e.name != kEmptyString && (r.e.name == eventSync || r.e.name == contextSync));
            minTs = std::min(minTs, r.e.ts);
            rows.push_back(r);
        }
    }
    if (rows.empty())
        return base;
    base->minTs = minTs;

    // The last-ProfilerStep filter (§1.5), when the symbol table has >= 2 ProfilerStep names.
    std::vector<std::uint8_t> isStep(tr.strings().size(), 0);
    std::size_t stepNames = 0;
    for (const Row &r : rows) {
        if (isStep[r.e.name])
            continue;
        if (tr.str(r.e.name).starts_with("ProfilerStep#")) {
            isStep[r.e.name] = 1;
            ++stepNames;
        } else {
            isStep[r.e.name] = 2;
        }
    }
    std::vector<char> keep(rows.size(), 1);
    if (stepNames >= 2 && !keepLastStep) {
        if (looksLikeMtia(tr)) {
            base->notes.push_back("HTA compatibility: HTA's MTIA step filter is not reproduced; all events kept");
        } else {
            std::unordered_map<int, std::int64_t> lastStart;
            std::unordered_map<int, std::int64_t> firstCpu;
            for (const Row &r : rows) {
                if (r.gpuSide)
                    continue;
                auto [it, ins] = firstCpu.emplace(r.e.rank, r.e.ts);
                if (!ins)
                    it->second = std::min(it->second, r.e.ts);
                if (isStep[r.e.name] == 1) {
                    auto [jt, ins2] = lastStart.emplace(r.e.rank, r.e.ts);
                    if (!ins2)
                        jt->second = std::max(jt->second, r.e.ts);
                }
            }
            std::unordered_map<int, std::unordered_set<std::int64_t>> keptCorr;
            for (std::size_t k = 0; k < rows.size(); ++k) {
                const Row &r = rows[k];
                if (r.gpuSide)
                    continue;
                auto it = lastStart.find(r.e.rank);
                // HTA: a rank without ProfilerStep rows uses its first CPU ts, so keeps nothing
                const std::int64_t limit = it != lastStart.end() ? it->second : firstCpu[r.e.rank];
                keep[k] = r.e.ts < limit;
                if (keep[k])
                    keptCorr[r.e.rank].insert(r.e.corr);
            }
            for (std::size_t k = 0; k < rows.size(); ++k) {
                const Row &r = rows[k];
                if (!r.gpuSide)
                    continue;
                auto it = keptCorr.find(r.e.rank);
                keep[k] = it != keptCorr.end() && it->second.count(r.e.corr);
            }
            base->notes.push_back("HTA compatibility: the last ProfilerStep and the GPU work it launched are dropped, "
                                  "as are GPU rows without a launching CPU row");
        }
    }
    base->notes.push_back("HTA compatibility: times are whole microseconds (start rounded up, end rounded down) "
                          "relative to the first event");
    std::vector<std::int8_t> typeMemo(tr.strings().size(), -1);
    base->rows.reserve(rows.size());
    for (std::size_t k = 0; k < rows.size(); ++k) {
        if (!keep[k])
            continue;
        Ev e = rows[k].e;
        e.ts -= minTs;
        if (e.stream != -1) {
            std::int8_t &t = typeMemo[e.name];
            if (t < 0)
                t = std::int8_t(htaKernelType(tr.str(e.name)));
            e.type = KernelType(t);
        }
        base->rows.push_back(e);
    }
    return base;
}

void selectCompat(const AnalysisContext &ctx, const AnalysisOptions &opt, unsigned flags, EventSet &s)
{
    const Trace &tr = ctx.trace();
    const bool keepLast = flags & SelectKeepLastStep;
    const auto base = std::static_pointer_cast<const CompatBase>(ctx.cached(
        keepLast ? "hta-rows-keep-last" : "hta-rows", [&] { return std::shared_ptr<const void>(buildCompatBase(ctx, keepLast)); }));
    if (base->rows.empty())
        return;
    s.htaMinTsUs = base->minTs;
    s.notes = base->notes;
    const bool hasRange = opt.range.has_value();
    std::int64_t lo = 0, hi = 0;
    if (hasRange) {
        // range (trace ns) -> HTA ticks, with the first source's clock offset
        const std::int64_t off = tr.sources().empty() ? 0 : tr.sources()[0].timeOffsetNs;
        lo = std::int64_t(std::floor(double(opt.range->first - off) / 1000.0)) - base->minTs;
        hi = std::int64_t(std::ceil(double(opt.range->second - off) / 1000.0)) - base->minTs;
        s.clip = true;
        s.clipLo = lo;
        s.clipHi = hi;
    }
    std::vector<char> rankSeen;
    for (const Ev &e : base->rows) {
        if (!s.wantRank(e.rank))
            continue;
        if (hasRange && !overlaps(e.ts, std::max(e.end(), e.ts), lo, hi))
            continue;
        if (std::size_t(e.rank) >= rankSeen.size())
            rankSeen.resize(std::size_t(e.rank) + 1, 0);
        rankSeen[std::size_t(e.rank)] = 1;
        if (e.stream != -1) {
            if (flags & SelectGpu)
                s.gpu.push_back(e);
        } else if (flags & SelectCpu) {
            s.cpu.push_back(e);
        }
    }
    for (std::size_t r = 0; r < rankSeen.size(); ++r)
        if (rankSeen[r])
            s.ranks.push_back(int(r));
}

} // namespace

EventSet selectEvents(const AnalysisContext &ctx, const AnalysisOptions &opt, unsigned flags)
{
    EventSet s;
    s.compat = opt.htaCompat;
    s.originNs = ctx.trace().startNs();
    s.rankFilter = opt.ranks;
    if (s.compat)
        selectCompat(ctx, opt, flags, s);
    else
        selectNative(ctx, opt, flags, s);
    return s;
}

CorrelationGroups correlationGroups(const EventSet &set)
{
    struct Item {
        std::int32_t rank;
        std::int64_t corr;
        std::uint32_t side; // 0 host, 1 device
        std::uint32_t idx;
    };
    std::vector<Item> items;
    items.reserve(set.cpu.size() + set.gpu.size());
    for (std::uint32_t i = 0; i < set.cpu.size(); ++i)
        if (set.cpu[i].corr != -1)
            items.push_back({set.cpu[i].rank, set.cpu[i].corr, 0, i});
    for (std::uint32_t i = 0; i < set.gpu.size(); ++i)
        if (set.gpu[i].corr >= 0)
            items.push_back({set.gpu[i].rank, set.gpu[i].corr, 1, i});
    std::sort(items.begin(), items.end(), [](const Item &a, const Item &b) {
        return std::tie(a.rank, a.corr, a.side, a.idx) < std::tie(b.rank, b.corr, b.side, b.idx);
    });
    CorrelationGroups g;
    g.cpuOfGpu.assign(set.gpu.size(), -1);
    g.gpuOfCpu.assign(set.cpu.size(), -1);
    for (std::size_t k = 0; k < items.size();) {
        std::size_t e = k;
        while (e < items.size() && items[e].rank == items[k].rank && items[e].corr == items[k].corr)
            ++e;
        CorrelationGroups::Group grp;
        grp.cpuBegin = std::uint32_t(g.cpu.size());
        grp.gpuBegin = std::uint32_t(g.gpu.size());
        for (std::size_t m = k; m < e; ++m)
            (items[m].side ? g.gpu : g.cpu).push_back(items[m].idx);
        grp.cpuEnd = std::uint32_t(g.cpu.size());
        grp.gpuEnd = std::uint32_t(g.gpu.size());
        if (grp.cpuEnd > grp.cpuBegin && grp.gpuEnd > grp.gpuBegin) {
            const std::int32_t lastCpu = std::int32_t(g.cpu[grp.cpuEnd - 1]);
            const std::int32_t lastGpu = std::int32_t(g.gpu[grp.gpuEnd - 1]);
            for (std::uint32_t m = grp.gpuBegin; m < grp.gpuEnd; ++m)
                g.cpuOfGpu[g.gpu[m]] = lastCpu;
            for (std::uint32_t m = grp.cpuBegin; m < grp.cpuEnd; ++m)
                g.gpuOfCpu[g.cpu[m]] = lastGpu;
        }
        g.groups.push_back(grp);
        k = e;
    }
    return g;
}

std::vector<std::pair<int, std::vector<std::uint32_t>>> byRank(const std::vector<Ev> &v, const std::vector<int> &ranks)
{
    std::vector<std::pair<int, std::vector<std::uint32_t>>> out;
    for (int r : ranks)
        out.emplace_back(r, std::vector<std::uint32_t>{});
    for (std::uint32_t i = 0; i < v.size(); ++i) {
        auto it = std::lower_bound(out.begin(), out.end(), v[i].rank, [](const auto &p, int r) { return p.first < r; });
        if (it != out.end() && it->first == v[i].rank)
            it->second.push_back(i);
    }
    return out;
}

} // namespace accelscope::model::analysis
