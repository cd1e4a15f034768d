#include "tracebuilder.h"
#include "tracebuilder_p.h"

#include "parallel.h"

#include <algorithm>
#include <map>
#include <numeric>

namespace accelscope::model {

using namespace detail;

// ------------------------------------------------------------------------------------------
// Store

std::uint32_t Store::process(std::uint32_t source, EntityKey pid)
{
    const auto key = std::make_tuple(source, pid.str ? 0 : pid.num, pid.str);
    auto it = processIndex.find(key);
    if (it != processIndex.end())
        return it->second;
    const auto id = static_cast<std::uint32_t>(processes.size());
    ProcessData p;
    p.source = source;
    p.pid = pid;
    processes.push_back(std::move(p));
    processIndex.emplace(key, id);
    return id;
}

std::uint32_t Store::track(std::uint32_t process, TrackKind kind, EntityKey tid, StringId nameKey)
{
    const StringId strKey = kind == TrackKind::Thread ? tid.str : nameKey;
    const std::int64_t numKey = kind == TrackKind::Thread && !tid.str ? tid.num : 0;
    const auto key = std::make_tuple(process, static_cast<std::uint8_t>(kind), numKey, strKey);
    auto it = trackIndex.find(key);
    if (it != trackIndex.end())
        return it->second;
    const auto id = static_cast<std::uint32_t>(tracks.size());
    TrackData t;
    t.process = process;
    t.kind = kind;
    t.tid = kind == TrackKind::Thread ? tid : EntityKey{};
    t.nameKey = nameKey;
    tracks.push_back(std::move(t));
    trackIndex.emplace(key, id);
    return id;
}

// ------------------------------------------------------------------------------------------
// BuilderShard

struct BuilderShard::Impl {
    Store store;
};

BuilderShard::BuilderShard(std::uint32_t source) : m_source(source), d(std::make_unique<Impl>()) {}
BuilderShard::~BuilderShard() = default;
BuilderShard::BuilderShard(BuilderShard &&) noexcept = default;
BuilderShard &BuilderShard::operator=(BuilderShard &&) noexcept = default;

LocalProcess BuilderShard::process(EntityKey pid) { return d->store.process(m_source, pid); }
LocalTrack BuilderShard::thread(LocalProcess p, EntityKey tid) { return d->store.track(p, TrackKind::Thread, tid, 0); }
LocalTrack BuilderShard::counterTrack(LocalProcess p, StringId n) { return d->store.track(p, TrackKind::Counter, {}, n); }
LocalTrack BuilderShard::asyncTrack(LocalProcess p, StringId n) { return d->store.track(p, TrackKind::Async, {}, n); }
LocalTrack BuilderShard::processInstantTrack(LocalProcess p)
{
    return d->store.track(p, TrackKind::ProcessInstants, {}, 0);
}
LocalTrack BuilderShard::globalInstantTrack()
{
    // Global instants live on a per-source pseudo process with a reserved string pid.
    const LocalProcess p = process(EntityKey{0, intern("Global")});
    return d->store.track(p, TrackKind::GlobalInstants, {}, 0);
}

void BuilderShard::setProcessName(LocalProcess p, StringId name) { d->store.processes[p].name = name; }
void BuilderShard::setProcessLabels(LocalProcess p, StringId labels) { d->store.processes[p].labels = labels; }
void BuilderShard::setProcessSortIndex(LocalProcess p, std::int64_t idx) { d->store.processes[p].sortIndex = idx; }
void BuilderShard::setProcessKind(LocalProcess p, ProcessKind kind, std::int32_t device)
{
    d->store.processes[p].kind = std::make_pair(kind, device);
}
void BuilderShard::setThreadName(LocalTrack t, StringId name) { d->store.tracks[t].name = name; }
void BuilderShard::setThreadSortIndex(LocalTrack t, std::int64_t idx) { d->store.tracks[t].sortIndex = idx; }
void BuilderShard::setTrackRole(LocalTrack t, TrackRole role, EngineKind engine, std::int32_t core)
{
    auto &tr = d->store.tracks[t];
    tr.role = role;
    tr.engine = engine;
    tr.core = core;
}

void BuilderShard::addSlice(LocalTrack t, TimeNs start, TimeNs dur, StringId name, StringId cat, ArgsId args)
{
    auto &s = d->store.tracks[t].slices;
    s.start.push_back(start);
    s.dur.push_back(dur);
    s.name.push_back(name);
    s.cat.push_back(cat);
    s.args.push_back(args);
    s.flags.push_back(0);
    ++m_events;
}

void BuilderShard::beginSlice(LocalTrack t, TimeNs ts, StringId name, StringId cat, ArgsId args)
{
    d->store.tracks[t].be.push_back(BeginEnd{ts, name, cat, args, true});
    ++m_events;
}

void BuilderShard::endSlice(LocalTrack t, TimeNs ts, StringId name, ArgsId args)
{
    d->store.tracks[t].be.push_back(BeginEnd{ts, name, kEmptyString, args, false});
    ++m_events;
}

void BuilderShard::addInstant(LocalTrack t, TimeNs ts, StringId name, StringId cat, ArgsId args)
{
    auto &i = d->store.tracks[t].instants;
    i.ts.push_back(ts);
    i.name.push_back(name);
    i.cat.push_back(cat);
    i.args.push_back(args);
    ++m_events;
}

void BuilderShard::addCounter(LocalTrack t, TimeNs ts, double value)
{
    auto &tr = d->store.tracks[t];
    tr.counterTs.push_back(ts);
    tr.counterValue.push_back(value);
    ++m_events;
}

void BuilderShard::asyncBegin(LocalProcess p, StringId key, TimeNs ts, StringId name, StringId cat, ArgsId args)
{
    d->store.async.push_back(AsyncEvent{p, key, ts, name, cat, args, true});
    ++m_events;
}

void BuilderShard::asyncEnd(LocalProcess p, StringId key, TimeNs ts)
{
    d->store.async.push_back(AsyncEvent{p, key, ts, kEmptyString, kEmptyString, kNoArgs, false});
    ++m_events;
}

void BuilderShard::addFlow(FlowPhase phase, FlowBinding binding, std::uint64_t id, StringId key, LocalTrack t,
                           TimeNs ts, StringId sliceName, bool startFirst)
{
    d->store.flows.push_back(FlowEvent{phase, binding, id, key, t, ts, sliceName, startFirst, m_source});
    ++m_events;
}

// ------------------------------------------------------------------------------------------
// TraceBuilder

namespace {
struct LayoutStats;
}

struct TraceBuilder::Impl {
    std::unique_ptr<Trace> trace = std::make_unique<Trace>();
    Store store;
    DiagnosticSink diags;

    // The steps of build(), in this order.
    void concatSliceSegments();
    void applyClockOffsets();
    /// The trace's start and end (before unterminated slices are extended to the end).
    void computeBounds();
    /// B/E pairs per track into slices; unterminated begins end at the trace's end.
    void matchBeginEnd();
    /// Async begin/end per (process, key) into slices on asyncTrack(process, begin name).
    void matchAsync();
    /// Processes and tracks from the store into the trace.
    void moveIntoTrace();
    /// Per track, in parallel: slice rows, instants and counters sorted by time.
    std::vector<LayoutStats> layoutTracks(const BuildProgress &progress);
    /// Overlap diagnostics per source and the trace's event counts.
    void countTrackContents(const std::vector<LayoutStats> &stats);
    void bindFlows();
    /// Tracks within a process and processes in the display order.
    void orderForDisplay();

    const std::string &sourcePathOf(std::uint32_t process) const;
};

TraceBuilder::TraceBuilder() : d(std::make_unique<Impl>()) {}
TraceBuilder::~TraceBuilder() = default;

std::uint32_t TraceBuilder::addSource(SourceInfo info)
{
    d->trace->m_sources.push_back(std::move(info));
    return static_cast<std::uint32_t>(d->trace->m_sources.size() - 1);
}

SourceInfo &TraceBuilder::source(std::uint32_t index) { return d->trace->m_sources.at(index); }
std::size_t TraceBuilder::sourceCount() const { return d->trace->m_sources.size(); }
DiagnosticSink &TraceBuilder::diagnostics() { return d->diags; }

namespace {

template <typename T>
void appendVec(std::vector<T> &dst, std::vector<T> &src)
{
    if (dst.empty()) {
        dst = std::move(src);
    } else {
        dst.insert(dst.end(), src.begin(), src.end());
    }
    src = {};
}

void remapIds(std::vector<StringId> &v, std::size_t from, const std::vector<StringId> &map)
{
    for (std::size_t i = from; i < v.size(); ++i)
        v[i] = map[v[i]];
}

void offsetArgs(std::vector<ArgsId> &v, std::size_t from, ArgsId base)
{
    if (base == 0)
        return;
    for (std::size_t i = from; i < v.size(); ++i)
        if (v[i] != kNoArgs)
            v[i] += base;
}

} // namespace

void TraceBuilder::merge(BuilderShard &&shard)
{
    Store &g = d->store;
    Store &s = shard.d->store;
    Trace &t = *d->trace;

    // Strings: local -> global.
    std::vector<StringId> smap(shard.m_strings.size());
    for (StringId i = 0; i < smap.size(); ++i)
        smap[i] = t.m_strings.intern(shard.m_strings.view(i));
    const ArgsId argBase = t.m_args.append(std::move(shard.m_args));
    auto mapArgs = [argBase](ArgsId a) { return a == kNoArgs ? kNoArgs : a + argBase; };
    auto mapKey = [&](EntityKey k) { return k.str ? EntityKey{0, smap[k.str]} : k; };

    std::vector<std::uint32_t> pmap(s.processes.size());
    for (std::size_t i = 0; i < s.processes.size(); ++i) {
        ProcessData &lp = s.processes[i];
        const std::uint32_t gp = g.process(lp.source, mapKey(lp.pid));
        pmap[i] = gp;
        ProcessData &dp = g.processes[gp];
        if (lp.name)
            dp.name = smap[*lp.name];
        if (lp.labels)
            dp.labels = smap[*lp.labels];
        if (lp.sortIndex)
            dp.sortIndex = lp.sortIndex;
        if (lp.kind)
            dp.kind = lp.kind;
    }

    std::vector<std::uint32_t> tmap(s.tracks.size());
    for (std::size_t i = 0; i < s.tracks.size(); ++i) {
        TrackData &lt = s.tracks[i];
        const std::uint32_t gt = g.track(pmap[lt.process], lt.kind, mapKey(lt.tid), smap[lt.nameKey]);
        tmap[i] = gt;
        TrackData &dt = g.tracks[gt];
        if (lt.name)
            dt.name = smap[*lt.name];
        if (lt.sortIndex)
            dt.sortIndex = lt.sortIndex;
        if (lt.role) {
            dt.role = lt.role;
            dt.engine = lt.engine;
            dt.core = lt.core;
        }
        // slices: remap in place, then move the columns in as one segment
        if (lt.slices.size()) {
            remapIds(lt.slices.name, 0, smap);
            remapIds(lt.slices.cat, 0, smap);
            offsetArgs(lt.slices.args, 0, argBase);
            dt.sliceSegments.push_back(std::move(lt.slices));
        }
        for (auto &e : lt.be) {
            e.name = smap[e.name];
            e.cat = smap[e.cat];
            e.args = mapArgs(e.args);
        }
        appendVec(dt.be, lt.be);
        {
            const std::size_t from = dt.instants.size();
            appendVec(dt.instants.ts, lt.instants.ts);
            appendVec(dt.instants.name, lt.instants.name);
            appendVec(dt.instants.cat, lt.instants.cat);
            appendVec(dt.instants.args, lt.instants.args);
            remapIds(dt.instants.name, from, smap);
            remapIds(dt.instants.cat, from, smap);
            offsetArgs(dt.instants.args, from, argBase);
        }
        appendVec(dt.counterTs, lt.counterTs);
        appendVec(dt.counterValue, lt.counterValue);
    }
    for (auto &a : s.async) {
        a.process = pmap[a.process];
        a.key = smap[a.key];
        a.name = smap[a.name];
        a.cat = smap[a.cat];
        a.args = mapArgs(a.args);
    }
    appendVec(g.async, s.async);
    for (auto &f : s.flows) {
        f.key = smap[f.key];
        f.track = tmap[f.track];
        f.sliceName = smap[f.sliceName];
    }
    appendVec(g.flows, s.flows);
    d->diags.merge(shard.m_diags);
    shard = BuilderShard(shard.m_source);
}

// ------------------------------------------------------------------------------------------
// build()

namespace {

struct LayoutStats {
    std::uint64_t overlapping = 0;
};

/// Sorts a track's slices by (start asc, dur desc, input order), assigns rows (depth for
/// properly nested slices, extra lanes for the rest) and reorders the columns by row.
void layoutSlices(Track &tr, LayoutStats &stats)
{
    SliceColumns &c = tr.slices;
    const std::size_t n = c.size();
    tr.rowBegin.assign(1, 0);
    tr.nestedRows = 0;
    if (n == 0)
        return;

    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    auto less = [&c](std::uint32_t a, std::uint32_t b) {
        if (c.start[a] != c.start[b])
            return c.start[a] < c.start[b];
        return c.dur[a] > c.dur[b];
    };
    bool sorted = true;
    for (std::size_t i = 1; i < n && sorted; ++i)
        sorted = !less(static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(i - 1));
    if (!sorted)
        std::stable_sort(order.begin(), order.end(), less);

    // Row assignment. `pending` is the sorted list of slices still to place; each pass nests
    // what it can with a stack and defers partial overlaps to the next pass (a new lane group).
    // Deferral keeps relative order, so every pass sees its slices sorted.
    std::vector<std::uint32_t> row(n, 0);
    std::vector<std::uint32_t> pending = order;
    std::vector<std::uint32_t> deferred;
    std::uint32_t base = 0;
    bool firstPass = true;
    std::vector<TimeNs> stack; // ends of the open slices
    while (!pending.empty()) {
        stack.clear();
        deferred.clear();
        std::uint32_t maxDepth = 0;
        for (std::uint32_t i : pending) {
            const TimeNs s = c.start[i];
            const TimeNs e = s + c.dur[i];
            while (!stack.empty() && stack.back() <= s)
                stack.pop_back();
            if (!stack.empty() && stack.back() < e) {
                deferred.push_back(i); // overlaps its would-be parent without nesting
                continue;
            }
            const auto depth = static_cast<std::uint32_t>(stack.size());
            row[i] = base + depth;
            if (!firstPass) {
                c.flags[i] |= kSliceOverlapLane;
                ++stats.overlapping;
            }
            maxDepth = std::max(maxDepth, depth + 1);
            stack.push_back(e);
        }
        if (firstPass)
            tr.nestedRows = maxDepth;
        firstPass = false;
        base += maxDepth;
        pending.swap(deferred);
    }
    const std::uint32_t rows = base;

    // Counting sort by row, stable in (start, dur desc, input) order.
    std::vector<std::uint32_t> counts(rows + 1, 0);
    for (std::size_t i = 0; i < n; ++i)
        ++counts[row[i] + 1];
    for (std::uint32_t r = 0; r < rows; ++r)
        counts[r + 1] += counts[r];
    tr.rowBegin.assign(counts.begin(), counts.end());
    std::vector<std::uint32_t> dest(n);
    for (std::uint32_t i : order)
        dest[counts[row[i]]++] = i;
    order = {};
    bool identity = true;
    for (std::size_t i = 0; i < n && identity; ++i)
        identity = dest[i] == i;
    if (identity)
        return;
    // Gather column by column through the permutation: sequential writes, random reads of one
    // column at a time (cache-friendlier than following cycles across six columns). One spare
    // buffer per element size is reused, so only two extra allocations are touched per track.
    auto gather = [&dest, n](auto &col, auto &spare) {
        spare.resize(n);
        for (std::size_t i = 0; i < n; ++i)
            spare[i] = col[dest[i]];
        col.swap(spare);
    };
    {
        std::vector<TimeNs> spare8;
        gather(c.start, spare8);
        gather(c.dur, spare8);
    }
    {
        std::vector<std::uint32_t> spare4;
        gather(c.name, spare4);
        gather(c.cat, spare4);
        gather(c.args, spare4);
    }
    {
        std::vector<std::uint8_t> spare1;
        gather(c.flags, spare1);
    }
}

} // namespace

void TraceBuilder::Impl::concatSliceSegments()
{
    Store &g = store;
    // Merged slice segments with one exact allocation per column.
    for (auto &tr : g.tracks) {
        if (tr.sliceSegments.empty())
            continue;
        std::size_t n = tr.slices.size();
        for (const auto &seg : tr.sliceSegments)
            n += seg.size();
        auto concat = [&](auto member) {
            auto &dst = tr.slices.*member;
            dst.reserve(n);
            for (auto &seg : tr.sliceSegments) {
                auto &src = seg.*member;
                dst.insert(dst.end(), src.begin(), src.end());
                src = {};
            }
        };
        concat(&SliceColumns::start);
        concat(&SliceColumns::dur);
        concat(&SliceColumns::name);
        concat(&SliceColumns::cat);
        concat(&SliceColumns::args);
        concat(&SliceColumns::flags);
        tr.sliceSegments = {};
    }
}

void TraceBuilder::Impl::applyClockOffsets()
{
    Trace &t = *trace;
    Store &g = store;
    // Each source's clock offset, added to every timestamp of its processes.
    for (auto &tr : g.tracks) {
        const std::uint32_t src = g.processes[tr.process].source;
        const TimeNs off = src < t.m_sources.size() ? t.m_sources[src].timeOffsetNs : 0;
        if (off == 0)
            continue;
        for (auto &v : tr.slices.start) v += off;
        for (auto &e : tr.be) e.ts += off;
        for (auto &v : tr.instants.ts) v += off;
        for (auto &v : tr.counterTs) v += off;
    }
    for (auto &a : g.async) {
        const std::uint32_t src = g.processes[a.process].source;
        if (src < t.m_sources.size())
            a.ts += t.m_sources[src].timeOffsetNs;
    }
    for (auto &f : g.flows) {
        const std::uint32_t src = g.processes[g.tracks[f.track].process].source;
        if (src < t.m_sources.size())
            f.ts += t.m_sources[src].timeOffsetNs;
    }
}

void TraceBuilder::Impl::computeBounds()
{
    Trace &t = *trace;
    Store &g = store;
    // Before unterminated slices are extended; negative durations are clamped here.
    TimeNs lo = std::numeric_limits<TimeNs>::max(), hi = std::numeric_limits<TimeNs>::min();
    auto see = [&](TimeNs a, TimeNs b) {
        lo = std::min(lo, a);
        hi = std::max(hi, b);
    };
    std::uint64_t negative = 0;
    for (auto &tr : g.tracks) {
        for (std::size_t i = 0; i < tr.slices.size(); ++i) {
            if (tr.slices.dur[i] < 0) {
                tr.slices.dur[i] = 0;
                ++negative;
            }
            // A corrupt stamp can end past the last representable time: the slice ends there.
            if (tr.slices.start[i] > 0 && tr.slices.dur[i] > std::numeric_limits<TimeNs>::max() - tr.slices.start[i])
                tr.slices.dur[i] = std::numeric_limits<TimeNs>::max() - tr.slices.start[i];
            see(tr.slices.start[i], tr.slices.start[i] + tr.slices.dur[i]);
        }
        for (auto &e : tr.be) see(e.ts, e.ts);
        for (auto v : tr.instants.ts) see(v, v);
        for (auto v : tr.counterTs) see(v, v);
    }
    for (auto &a : g.async) see(a.ts, a.ts);
    if (negative)
        diags.add(DiagKind::NegativeDuration, t.m_sources.empty() ? std::string() : t.m_sources[0].path, 0, {},
                     negative);
    if (lo > hi)
        lo = hi = 0;
    t.m_start = lo;
    t.m_end = hi;
}

void TraceBuilder::Impl::matchBeginEnd()
{
    Trace &t = *trace;
    Store &g = store;
    for (std::size_t ti = 0; ti < g.tracks.size(); ++ti) {
        TrackData &tr = g.tracks[ti];
        if (tr.be.empty())
            continue;
        std::stable_sort(tr.be.begin(), tr.be.end(), [](const BeginEnd &a, const BeginEnd &b) { return a.ts < b.ts; });
        std::vector<const BeginEnd *> stack;
        std::uint64_t unmatched = 0, mismatched = 0;
        TimeNs firstUnmatched = 0;
        auto push = [&](const BeginEnd &b, TimeNs end, std::uint8_t flags) {
            tr.slices.start.push_back(b.ts);
            tr.slices.dur.push_back(end - b.ts);
            tr.slices.name.push_back(b.name);
            tr.slices.cat.push_back(b.cat);
            tr.slices.args.push_back(b.args);
            tr.slices.flags.push_back(flags);
        };
        for (const BeginEnd &e : tr.be) {
            if (e.begin) {
                stack.push_back(&e);
                continue;
            }
            if (stack.empty()) {
                if (!unmatched)
                    firstUnmatched = e.ts;
                ++unmatched;
                continue;
            }
            const BeginEnd &b = *stack.back();
            stack.pop_back();
            if (e.name != kEmptyString && e.name != b.name)
                ++mismatched;
            BeginEnd bb = b;
            if (bb.args == kNoArgs)
                bb.args = e.args;
            push(bb, e.ts, kSliceFromBeginEnd);
        }
        const std::string &file = sourcePathOf(tr.process);
        if (unmatched)
            diags.add(DiagKind::UnmatchedEnd, file, 0, "first at ts " + std::to_string(firstUnmatched) + " ns",
                         unmatched);
        if (mismatched)
            diags.add(DiagKind::MismatchedEndName, file, 0, {}, mismatched);
        if (!stack.empty()) {
            diags.add(DiagKind::UnterminatedBegin, file, 0,
                         "first: " + std::string(t.m_strings.view(stack.front()->name)), stack.size());
            for (const BeginEnd *b : stack)
                push(*b, std::max(t.m_end, b->ts), kSliceFromBeginEnd | kSliceUnterminated);
        }
        tr.be = {};
    }
}

void TraceBuilder::Impl::matchAsync()
{
    Trace &t = *trace;
    Store &g = store;
    if (!g.async.empty()) {
        std::stable_sort(g.async.begin(), g.async.end(), [](const AsyncEvent &a, const AsyncEvent &b) {
            if (a.process != b.process)
                return a.process < b.process;
            if (a.key != b.key)
                return a.key < b.key;
            return a.ts < b.ts;
        });
        std::uint64_t unmatched = 0, open = 0;
        std::vector<const AsyncEvent *> stack;
        std::size_t i = 0;
        while (i < g.async.size()) {
            std::size_t j = i;
            stack.clear();
            while (j < g.async.size() && g.async[j].process == g.async[i].process && g.async[j].key == g.async[i].key)
                ++j;
            auto emit = [&](const AsyncEvent &b, TimeNs end, std::uint8_t flags) {
                const std::uint32_t tk = g.track(b.process, TrackKind::Async, {}, b.name);
                TrackData &tr = g.tracks[tk];
                tr.slices.start.push_back(b.ts);
                tr.slices.dur.push_back(end - b.ts);
                tr.slices.name.push_back(b.name);
                tr.slices.cat.push_back(b.cat);
                tr.slices.args.push_back(b.args);
                tr.slices.flags.push_back(flags);
            };
            for (std::size_t k = i; k < j; ++k) {
                const AsyncEvent &e = g.async[k];
                if (e.begin) {
                    stack.push_back(&e);
                } else if (stack.empty()) {
                    ++unmatched;
                } else {
                    emit(*stack.back(), e.ts, kSliceAsync);
                    stack.pop_back();
                }
            }
            for (const AsyncEvent *b : stack) {
                emit(*b, std::max(t.m_end, b->ts), kSliceAsync | kSliceUnterminated);
                ++open;
            }
            i = j;
        }
        const std::string file = t.m_sources.empty() ? std::string() : t.m_sources[0].path;
        if (unmatched)
            diags.add(DiagKind::UnmatchedAsyncEnd, file, 0, {}, unmatched);
        if (open)
            diags.add(DiagKind::UnterminatedAsync, file, 0, {}, open);
        g.async = {};
    }
}

void TraceBuilder::Impl::moveIntoTrace()
{
    Trace &t = *trace;
    Store &g = store;
    t.m_processes.resize(g.processes.size());
    for (std::uint32_t i = 0; i < g.processes.size(); ++i) {
        const ProcessData &pd = g.processes[i];
        Process &p = t.m_processes[i];
        p.id = i;
        p.source = pd.source;
        p.rank = pd.source < t.m_sources.size() ? t.m_sources[pd.source].rank : -1;
        if (pd.pid.str)
            p.pidName = pd.pid.str;
        else
            p.pid = pd.pid.num;
        p.name = pd.name.value_or(kEmptyString);
        p.labels = pd.labels.value_or(kEmptyString);
        p.hasSortIndex = pd.sortIndex.has_value();
        p.sortIndex = pd.sortIndex.value_or(0);
        if (pd.kind) {
            p.kind = pd.kind->first;
            p.device = pd.kind->second;
        }
    }
    t.m_tracks.resize(g.tracks.size());
    for (std::uint32_t i = 0; i < g.tracks.size(); ++i) {
        TrackData &td = g.tracks[i];
        Track &tr = t.m_tracks[i];
        tr.id = i;
        tr.process = td.process;
        switch (td.kind) {
        case TrackKind::Thread: tr.role = TrackRole::HostThread; break;
        case TrackKind::Counter: tr.role = TrackRole::Counter; break;
        case TrackKind::Async: tr.role = TrackRole::Async; break;
        case TrackKind::ProcessInstants: tr.role = TrackRole::ProcessInstants; break;
        case TrackKind::GlobalInstants: tr.role = TrackRole::GlobalInstants; break;
        }
        if (td.role)
            tr.role = *td.role;
        tr.engine = td.engine;
        tr.core = td.core;
        if (td.kind == TrackKind::Thread) {
            if (td.tid.str)
                tr.tidName = td.tid.str;
            else
                tr.tid = td.tid.num;
        }
        tr.name = td.name.value_or(td.nameKey);
        tr.hasSortIndex = td.sortIndex.has_value();
        tr.sortIndex = td.sortIndex.value_or(0);
        tr.slices = std::move(td.slices);
        tr.instants = std::move(td.instants);
        tr.counter.ts = std::move(td.counterTs);
        tr.counter.value = std::move(td.counterValue);
    }
    g.tracks.clear();
}

namespace {

/// One track's slice rows, and its instants and counters sorted by time (stably: equal times keep
/// the order they were added in).
void layoutTrack(Track &tr, LayoutStats &stats)
{
    layoutSlices(tr, stats);
    if (tr.instants.size()) {
        auto &in = tr.instants;
        if (!std::is_sorted(in.ts.begin(), in.ts.end())) {
            std::vector<std::uint32_t> o(in.size());
            std::iota(o.begin(), o.end(), 0u);
            std::stable_sort(o.begin(), o.end(), [&](auto a, auto b) { return in.ts[a] < in.ts[b]; });
            auto perm = [&o](auto &v) {
                std::remove_reference_t<decltype(v)> out(v.size());
                for (std::size_t k = 0; k < o.size(); ++k)
                    out[k] = v[o[k]];
                v.swap(out);
            };
            perm(in.ts);
            perm(in.name);
            perm(in.cat);
            perm(in.args);
        }
    }
    if (tr.counter.size()) {
        auto &cs = tr.counter;
        if (!std::is_sorted(cs.ts.begin(), cs.ts.end())) {
            std::vector<std::uint32_t> o(cs.size());
            std::iota(o.begin(), o.end(), 0u);
            std::stable_sort(o.begin(), o.end(), [&](auto a, auto b) { return cs.ts[a] < cs.ts[b]; });
            std::vector<TimeNs> ts(o.size());
            std::vector<double> v(o.size());
            for (std::size_t k = 0; k < o.size(); ++k) {
                ts[k] = cs.ts[o[k]];
                v[k] = cs.value[o[k]];
            }
            cs.ts.swap(ts);
            cs.value.swap(v);
        }
        cs.summary.build(cs.value);
    }
}

} // namespace

std::vector<LayoutStats> TraceBuilder::Impl::layoutTracks(const BuildProgress &progress)
{
    Trace &t = *trace;
    std::vector<LayoutStats> stats(t.m_tracks.size());
    ParallelOptions parallel;
    parallel.stop = progress.stop;
    parallelFor(t.m_tracks.size(), [&](std::size_t i) { layoutTrack(t.m_tracks[i], stats[i]); }, parallel);
    return stats;
}

void TraceBuilder::Impl::countTrackContents(const std::vector<LayoutStats> &stats)
{
    Trace &t = *trace;
    std::uint64_t overlapping = 0;
    std::map<std::uint32_t, std::uint64_t> overlapBySource;
    for (std::size_t i = 0; i < stats.size(); ++i) {
        if (stats[i].overlapping)
            overlapBySource[t.m_processes[t.m_tracks[i].process].source] += stats[i].overlapping;
        overlapping += stats[i].overlapping;
    }
    for (auto [src, n] : overlapBySource)
        diags.add(DiagKind::OverlappingSlices, src < t.m_sources.size() ? t.m_sources[src].path : std::string(),
                     0, {}, n);

    for (const Track &tr : t.m_tracks) {
        t.m_sliceCount += tr.slices.size();
        t.m_instantCount += tr.instants.size();
        t.m_counterSampleCount += tr.counter.size();
    }
}

void TraceBuilder::Impl::bindFlows()
{
    Trace &t = *trace;
    Store &g = store;
    // Per (key, id) in timestamp order; 's' opens, 't'/'f' add an edge from the current
    // source, 't' moves the source on, 'f' leaves the id open (Perfetto's v1 rules).
    if (!g.flows.empty()) {
        std::stable_sort(g.flows.begin(), g.flows.end(), [](const FlowEvent &a, const FlowEvent &b) {
            if (a.source != b.source)
                return a.source < b.source;
            if (a.key != b.key)
                return a.key < b.key;
            if (a.id != b.id)
                return a.id < b.id;
            return a.ts < b.ts;
        });
        std::uint64_t noStart = 0, unbound = 0;
        auto bind = [&](const FlowEvent &f) -> SliceRef {
            switch (f.binding) {
            case FlowBinding::Enclosing: return t.sliceAt(f.track, f.ts);
            case FlowBinding::Next: {
                const Track &tr = t.m_tracks[f.track];
                SliceRef best;
                TimeNs bestStart = 0, bestDur = 0;
                for (std::uint32_t r = 0; r < tr.rowCount(); ++r) {
                    auto [b, e] = tr.rowRange(r);
                    auto it = std::lower_bound(tr.slices.start.begin() + b, tr.slices.start.begin() + e, f.ts);
                    if (it == tr.slices.start.begin() + e)
                        continue;
                    const auto idx = static_cast<std::uint32_t>(it - tr.slices.start.begin());
                    if (!best.valid() || *it < bestStart || (*it == bestStart && tr.slices.dur[idx] > bestDur)) {
                        best = SliceRef{f.track, idx};
                        bestStart = *it;
                        bestDur = tr.slices.dur[idx];
                    }
                }
                return best;
            }
            case FlowBinding::ExactSlice: {
                const Track &tr = t.m_tracks[f.track];
                for (std::uint32_t r = 0; r < tr.rowCount(); ++r) {
                    auto [b, e] = tr.rowRange(r);
                    auto it = std::lower_bound(tr.slices.start.begin() + b, tr.slices.start.begin() + e, f.ts);
                    for (; it != tr.slices.start.begin() + e && *it == f.ts; ++it) {
                        const auto idx = static_cast<std::uint32_t>(it - tr.slices.start.begin());
                        if (f.sliceName == kEmptyString || tr.slices.name[idx] == f.sliceName)
                            return SliceRef{f.track, idx};
                    }
                }
                return t.sliceAt(f.track, f.ts);
            }
            }
            return {};
        };
        // Keys are "cat\x1fname" (v1) or "\x1fbind_id" (v2): split once per distinct key.
        std::unordered_map<StringId, std::pair<StringId, StringId>> split;
        auto parts = [&](StringId key) -> std::pair<StringId, StringId> {
            auto it = split.find(key);
            if (it != split.end())
                return it->second;
            const std::string k(t.m_strings.view(key));
            const auto sep = k.find('\x1f');
            std::pair<StringId, StringId> v{key, key};
            if (sep != std::string::npos)
                v = {t.m_strings.intern(k.substr(0, sep)), t.m_strings.intern(k.substr(sep + 1))};
            split.emplace(key, v);
            return v;
        };
        auto catOf = [&](StringId key) { return parts(key).first; };
        auto nameOf = [&](StringId key) { return parts(key).second; };
        std::size_t i = 0;
        while (i < g.flows.size()) {
            std::size_t j = i;
            while (j < g.flows.size() && g.flows[j].source == g.flows[i].source && g.flows[j].key == g.flows[i].key
                   && g.flows[j].id == g.flows[i].id)
                ++j;
            if (std::any_of(g.flows.begin() + i, g.flows.begin() + j, [](const FlowEvent &f) { return f.startFirst; }))
                std::stable_partition(g.flows.begin() + i, g.flows.begin() + j,
                                      [](const FlowEvent &f) { return f.phase == FlowPhase::Start; });
            SliceRef src;
            bool opened = false;
            for (std::size_t k = i; k < j; ++k) {
                const FlowEvent &f = g.flows[k];
                const SliceRef s = bind(f);
                if (f.phase == FlowPhase::Start) {
                    opened = true;
                    src = s;
                    if (!s.valid())
                        ++unbound;
                    continue;
                }
                if (!opened) {
                    ++noStart;
                    continue;
                }
                if (!src.valid() || !s.valid()) {
                    ++unbound;
                    continue;
                }
                t.m_flows.push_back(Flow{src, s, catOf(f.key), nameOf(f.key), f.id});
                if (f.phase == FlowPhase::Step)
                    src = s;
            }
            i = j;
        }
        const std::string file = t.m_sources.empty() ? std::string() : t.m_sources[0].path;
        if (noStart)
            diags.add(DiagKind::FlowWithoutStart, file, 0, {}, noStart);
        if (unbound)
            diags.add(DiagKind::FlowUnbound, file, 0, {}, unbound);
        g.flows = {};
        std::sort(t.m_flows.begin(), t.m_flows.end(),
                  [](const Flow &a, const Flow &b) { return a.from < b.from || (a.from == b.from && a.to < b.to); });
        t.m_flowsByTo.resize(t.m_flows.size());
        std::iota(t.m_flowsByTo.begin(), t.m_flowsByTo.end(), 0u);
        std::sort(t.m_flowsByTo.begin(), t.m_flowsByTo.end(),
                  [&](std::uint32_t a, std::uint32_t b) { return t.m_flows[a].to < t.m_flows[b].to; });
    }
}

void TraceBuilder::Impl::orderForDisplay()
{
    Trace &t = *trace;
    for (Process &p : t.m_processes)
        p.tracks.clear();
    for (const Track &tr : t.m_tracks)
        t.m_processes[tr.process].tracks.push_back(tr.id);
    auto roleRank = [](TrackRole r) {
        switch (r) {
        case TrackRole::GlobalInstants: return 0;
        case TrackRole::ProcessInstants: return 1;
        case TrackRole::HostThread:
        case TrackRole::DeviceStream:
        case TrackRole::Engine: return 2;
        case TrackRole::Async: return 3;
        case TrackRole::Counter: return 4;
        }
        return 5;
    };
    for (Process &p : t.m_processes) {
        std::stable_sort(p.tracks.begin(), p.tracks.end(), [&](TrackId a, TrackId b) {
            const Track &x = t.m_tracks[a], &y = t.m_tracks[b];
            if (roleRank(x.role) != roleRank(y.role))
                return roleRank(x.role) < roleRank(y.role);
            if (x.core != y.core)
                return x.core < y.core;
            const std::int64_t kx = x.hasSortIndex ? x.sortIndex : x.tid, ky = y.hasSortIndex ? y.sortIndex : y.tid;
            if (kx != ky)
                return kx < ky;
            if (x.tid != y.tid)
                return x.tid < y.tid;
            return t.str(x.name) < t.str(y.name);
        });
    }
    // Processes that only had metadata (Kineto names every GPU of the node) are kept in
    // processes() but left out of the display order.
    for (const Process &p : t.m_processes)
        if (!p.tracks.empty())
            t.m_processOrder.push_back(p.id);
    std::stable_sort(t.m_processOrder.begin(), t.m_processOrder.end(), [&](ProcessId a, ProcessId b) {
        const Process &x = t.m_processes[a], &y = t.m_processes[b];
        if (x.rank != y.rank)
            return x.rank < y.rank;
        if (x.source != y.source)
            return x.source < y.source;
        const bool sx = x.pidName != kEmptyString, sy = y.pidName != kEmptyString; // string pids last
        if (sx != sy)
            return sy;
        const std::int64_t kx = x.hasSortIndex ? x.sortIndex : x.pid, ky = y.hasSortIndex ? y.sortIndex : y.pid;
        if (kx != ky)
            return kx < ky;
        return x.pid < y.pid;
    });
}

const std::string &TraceBuilder::Impl::sourcePathOf(std::uint32_t process) const
{
    static const std::string kNoFile;
    const std::uint32_t src = store.processes[process].source;
    return src < trace->m_sources.size() ? trace->m_sources[src].path : kNoFile;
}

std::shared_ptr<const Trace> TraceBuilder::build(const BuildProgress &progress)
{
    auto report = [&](double f) {
        if (progress.report)
            progress.report(f);
    };
    d->concatSliceSegments();
    d->applyClockOffsets();
    d->computeBounds();
    d->matchBeginEnd();
    d->matchAsync();
    report(0.1);
    if (progress.stop.stop_requested())
        return nullptr;

    d->moveIntoTrace();
    const std::vector<LayoutStats> stats = d->layoutTracks(progress);
    if (progress.stop.stop_requested())
        return nullptr;
    report(0.8);
    d->countTrackContents(stats);
    d->bindFlows();
    report(0.9);
    d->orderForDisplay();

    d->trace->m_diagnostics = d->diags.take();
    report(1.0);
    std::shared_ptr<const Trace> out(d->trace.release());
    d->trace = std::make_unique<Trace>();
    d->store = Store();
    return out;
}

} // namespace accelscope::model
