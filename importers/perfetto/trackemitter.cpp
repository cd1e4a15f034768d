#include "trackemitter.h"

#include "clockconverter.h"
#include "trackmapper.h"

#include <algorithm>
#include <unordered_map>

namespace accelscope::importers::perfetto {

using model::DiagKind;
using model::LocalTrack;
using model::StringId;

namespace {

constexpr std::uint32_t kDropped = 0xffffffffu;
constexpr std::int64_t kPending = -1;
constexpr std::size_t kMaxDepth = 512; // trace_processor's limit

/// A flow endpoint: the slice an event with flow ids belongs to.
struct FlowPoint {
    std::int64_t orderTs;   ///< the event's timestamp (flows are processed in event order)
    std::uint32_t extra;    ///< index into ParsedTrace::extras: file order and the ids
    LocalTrack track;
    std::int64_t sliceStart;
    StringId sliceName;
};

struct Emitter {
    ParsedTrace &P;
    model::BuilderShard &shard;
    const std::string &file;
    TrackMapper mapper;
    EmitResult result;

    std::vector<FlowPoint> flowPoints;
    std::uint64_t flowsOnInstants = 0;
    std::uint64_t backwardFlows = 0;
    std::uint64_t tooDeep = 0;
    std::string mergeBuf;

    Emitter(ParsedTrace &p, model::BuilderShard &s, const std::string &f) : P(p), shard(s), file(f), mapper(p, s) {}

    std::string_view argsText(std::uint32_t a) const
    {
        const auto &[off, len] = P.args[a];
        return std::string_view(P.argsArena).substr(off, len);
    }

    /// BEGIN and END args are merged (END may add annotations), as trace_processor does.
    model::ArgsId args(std::uint32_t begin, std::uint32_t end)
    {
        if (!end)
            return begin ? shard.addArgs(argsText(begin)) : model::kNoArgs;
        if (!begin)
            return shard.addArgs(argsText(end));
        const std::string_view a = argsText(begin), b = argsText(end);
        mergeBuf.assign(a.substr(0, a.size() - 1));
        mergeBuf.push_back(',');
        mergeBuf.append(b.substr(1));
        return shard.addArgs(mergeBuf);
    }

    void addFlowPoint(const Ev &e, LocalTrack t, std::int64_t start, StringId name)
    {
        if (e.u.s.extra == kNoExtra)
            return;
        const EvExtra &x = P.extras[e.u.s.extra];
        if (x.flowCount + x.termCount == 0)
            return;
        flowPoints.push_back(FlowPoint{e.ts, e.u.s.extra, t, start, name});
    }

    void emitCounters(LocalTrack t, const Ev *ev, std::size_t n)
    {
        for (std::size_t i = 0; i < n; ++i)
            if (ev[i].type == EvType::Counter)
                shard.addCounter(t, ev[i].ts, ev[i].u.value);
    }

    void emitSlices(LocalTrack t, const Ev *ev, std::size_t n);
    void emitFlows();
};

/// Pairs BEGIN/END on one track with trace_processor's SliceTracker rules:
///  - END closes the innermost still-open slice whose category equals the END's (when it has
///    one) and whose name equals the END's (when both have one); else it is ignored;
///  - a closed slice that is not on top stays on the stack until something later than its end
///    arrives; then open slices above it are truncated to its end;
///  - slices leave the stack when an event starts after their end (or at it, unless both are
///    instants). Slices are emitted when they leave the stack, so truncation is applied.
void Emitter::emitSlices(LocalTrack t, const Ev *ev, std::size_t n)
{
    struct Open {
        std::int64_t start;
        std::int64_t dur;
        std::uint32_t ev;
        std::uint32_t endArgs;
    };
    std::vector<Open> stack;

    auto emit = [&](const Open &o) {
        const Ev &b = ev[o.ev];
        const model::ArgsId a = args(b.u.s.args, o.endArgs);
        if (o.dur == kPending) {
            shard.beginSlice(t, o.start, b.name, b.cat, a); // the builder marks it unterminated
            ++result.unterminated;
        } else {
            shard.addSlice(t, o.start, o.dur, b.name, b.cat, a);
        }
    };
    auto pop = [&]() {
        emit(stack.back());
        stack.pop_back();
    };
    // SliceTracker::MaybeCloseStack. Returns false when a complete event partially overlaps a
    // finished slice (trace_processor drops it; we keep it and let the builder lane it).
    auto maybeClose = [&](std::int64_t ts, std::int64_t dur) {
        bool incompleteDescendant = false;
        for (std::size_t i = stack.size(); i-- > 0;) {
            if (i >= stack.size())
                continue; // popped by an earlier step of this loop
            const Open o = stack[i];
            if (o.dur == kPending) {
                incompleteDescendant = true;
                continue;
            }
            const std::int64_t end = o.start + o.dur;
            if (incompleteDescendant) {
                if (ts <= end)
                    continue;
                // Open slices above a finished one cannot outlive it: truncate them to its end.
                while (stack.size() > i + 1) {
                    Open &c = stack.back();
                    c.dur = end - c.start;
                    pop();
                }
                pop();
                incompleteDescendant = false;
                continue;
            }
            if (end < ts || (end == ts && !(o.dur == 0 && dur == 0))) {
                pop(); // as trace_processor: pops the top, which is this slice in well-formed input
                continue;
            }
        }
    };

    for (std::size_t i = 0; i < n; ++i) {
        const Ev &e = ev[i];
        switch (e.type) {
        case EvType::Counter: break;
        case EvType::Begin:
        case EvType::Complete: {
            const std::int64_t dur = e.type == EvType::Complete ? P.extras[e.u.s.extra].dur : kPending;
            maybeClose(e.ts, dur);
            if (stack.size() >= kMaxDepth) {
                ++tooDeep;
                break;
            }
            stack.push_back(Open{e.ts, dur, static_cast<std::uint32_t>(i), 0});
            addFlowPoint(e, t, e.ts, e.name);
            break;
        }
        case EvType::Instant:
            maybeClose(e.ts, 0);
            shard.addInstant(t, e.ts, e.name, e.cat, e.u.s.args ? shard.addArgs(argsText(e.u.s.args)) : model::kNoArgs);
            if (e.u.s.extra != kNoExtra)
                ++flowsOnInstants;
            break;
        case EvType::End: {
            maybeClose(e.ts, kPending);
            std::size_t k = stack.size();
            while (k-- > 0) {
                const Open &o = stack[k];
                if (o.dur != kPending)
                    continue;
                const Ev &b = ev[o.ev];
                if ((e.flags & kEvHasCategory) && b.cat != e.cat)
                    continue;
                if ((e.flags & kEvHasName) && (b.flags & kEvHasName) && b.name != e.name)
                    continue;
                break;
            }
            if (k == static_cast<std::size_t>(-1)) {
                ++result.unmatchedEnds;
                break;
            }
            Open &o = stack[k];
            o.dur = e.ts - o.start;
            o.endArgs = e.u.s.args;
            addFlowPoint(e, t, o.start, ev[o.ev].name);
            if (k == stack.size() - 1)
                pop();
            break;
        }
        }
    }
    // Whatever is left: finished slices with their duration, open ones unterminated.
    for (const Open &o : stack)
        emit(o);
}

/// Flow ids are global. In event order: a flow id that is active adds an edge from its last
/// slice and moves on; an inactive one starts. A terminating id adds its last edge and ends.
void Emitter::emitFlows()
{
    if (flowPoints.empty())
        return;
    std::sort(flowPoints.begin(), flowPoints.end(), [](const FlowPoint &a, const FlowPoint &b) {
        return a.orderTs != b.orderTs ? a.orderTs < b.orderTs : a.extra < b.extra;
    });
    struct Edge {
        std::uint64_t id;
        std::uint32_t from, to;
    };
    std::vector<Edge> edges;
    std::unordered_map<std::uint64_t, std::uint32_t> active;
    for (std::uint32_t i = 0; i < flowPoints.size(); ++i) {
        const EvExtra &x = P.extras[flowPoints[i].extra];
        for (std::uint32_t k = 0; k < x.flowCount; ++k) {
            const std::uint64_t id = P.flowIds[x.flowBegin + k];
            auto [it, inserted] = active.try_emplace(id, i);
            if (!inserted) {
                edges.push_back(Edge{id, it->second, i});
                it->second = i;
            }
        }
        for (std::uint32_t k = 0; k < x.termCount; ++k) {
            const std::uint64_t id = P.flowIds[x.flowBegin + x.flowCount + k];
            auto it = active.find(id);
            if (it == active.end())
                continue;
            edges.push_back(Edge{id, it->second, i});
            active.erase(it);
        }
    }
    if (edges.empty())
        return;

    // The builder chains flow events per (key, id) in order of the slice start it binds to:
    // Start opens, Step adds an edge and moves on. An id whose endpoints are in that order is
    // written as one chain; otherwise (flows attached to END events of long slices) each edge
    // gets its own key so the builder cannot reorder it. An edge into a slice that started
    // before its source cannot be expressed through BuilderShard::addFlow (the builder would
    // order the two ends the other way round); it is dropped and reported.
    std::stable_sort(edges.begin(), edges.end(), [](const Edge &a, const Edge &b) { return a.id < b.id; });
    std::uint64_t separateKeys = 0;
    for (std::size_t i = 0; i < edges.size();) {
        std::size_t j = i;
        while (j < edges.size() && edges[j].id == edges[i].id)
            ++j;
        std::vector<std::pair<model::FlowPhase, std::uint32_t>> seq;
        std::uint32_t cur = kDropped;
        for (std::size_t k = i; k < j; ++k) {
            if (edges[k].from != cur)
                seq.emplace_back(model::FlowPhase::Start, edges[k].from);
            seq.emplace_back(model::FlowPhase::Step, edges[k].to);
            cur = edges[k].to;
        }
        bool ordered = true;
        for (std::size_t k = 1; k < seq.size() && ordered; ++k)
            ordered = flowPoints[seq[k - 1].second].sliceStart <= flowPoints[seq[k].second].sliceStart;
        auto put = [&](model::FlowPhase ph, std::uint32_t p, StringId key) {
            const FlowPoint &fp = flowPoints[p];
            shard.addFlow(ph, model::FlowBinding::ExactSlice, edges[i].id, key, fp.track, fp.sliceStart, fp.sliceName);
        };
        if (ordered) {
            for (auto [ph, p] : seq)
                put(ph, p, model::kEmptyString);
        } else {
            for (std::size_t k = i; k < j; ++k) {
                if (flowPoints[edges[k].to].sliceStart < flowPoints[edges[k].from].sliceStart) {
                    ++backwardFlows; // see the note above
                    continue;
                }
                const StringId key =
                    shard.intern("flow " + std::to_string(edges[k].id) + " #" + std::to_string(separateKeys++));
                put(model::FlowPhase::Start, edges[k].from, key);
                put(model::FlowPhase::End, edges[k].to, key);
            }
        }
        i = j;
    }
}

} // namespace

EmitResult emitTracks(ParsedTrace &P, model::BuilderShard &shard, const std::string &file, const std::stop_token &stop)
{
    Emitter E(P, shard, file);
    ClockConverter clocks(P);
    E.result.traceClock = clocks.traceClock();
    auto &diags = shard.diagnostics();

    // 1. File order: clocks, counter multipliers and incremental counters, events per track.
    const std::size_t nTracks = P.tracks.size();
    std::vector<std::size_t> begin(nTracks + 1, 0);
    std::unordered_map<std::uint64_t, double> accumulators; // (generation, track) -> value
    std::uint64_t unconvertible = 0, counterOnPlain = 0;
    std::uint32_t badClock = 0;
    const bool convert = !clocks.allIdentity();
    for (Ev &e : P.events) {
        if (convert) {
            if (!clocks.canConvert(e.domain)) {
                if (!unconvertible++)
                    badClock = clocks.clockOf(e.domain);
                e.track = kDropped;
                continue;
            }
            e.ts = clocks.convert(e.domain, e.ts);
        }
        if (e.type == EvType::Counter) {
            const TrackDesc *d = E.mapper.descOf(e.track);
            if (!d || !d->isCounter) {
                ++counterOnPlain;
                e.track = kDropped;
                continue;
            }
            double v = e.u.value;
            if (d->unitMultiplier > 1)
                v *= static_cast<double>(d->unitMultiplier);
            if (d->incremental) {
                double &acc = accumulators[(std::uint64_t(e.name) << 32) | e.track];
                acc += v;
                v = acc;
            }
            e.u.value = v;
        }
        ++begin[e.track + 1];
    }
    if (unconvertible)
        diags.add(DiagKind::BadTimestamp, file, 0,
                  "no ClockSnapshot relates clock " + std::to_string(badClock) + " to the trace clock "
                      + std::to_string(E.result.traceClock) + "; its events were skipped",
                  unconvertible);
    if (counterOnPlain)
        diags.add(DiagKind::MalformedEvent, file, 0, "counter values on tracks without a CounterDescriptor",
                  counterOnPlain);

    // 2. Group by track keeping file order (counting sort), then stable-sort each track by ts.
    for (std::size_t t = 0; t < nTracks; ++t)
        begin[t + 1] += begin[t];
    std::vector<Ev> grouped(begin[nTracks]);
    {
        std::vector<std::size_t> pos(begin.begin(), begin.end() - 1);
        for (const Ev &e : P.events)
            if (e.track != kDropped)
                grouped[pos[e.track]++] = e;
        P.events = {};
    }

    for (std::size_t t = 0; t < nTracks; ++t) {
        if (stop.stop_requested()) {
            E.result.canceled = true;
            return E.result;
        }
        Ev *first = grouped.data() + begin[t];
        const std::size_t n = begin[t + 1] - begin[t];
        if (n == 0)
            continue;
        if (!std::is_sorted(first, first + n, [](const Ev &a, const Ev &b) { return a.ts < b.ts; }))
            std::stable_sort(first, first + n, [](const Ev &a, const Ev &b) { return a.ts < b.ts; });

        StringId firstName = model::kEmptyString;
        bool hasSlices = false, hasCounters = false;
        for (std::size_t i = 0; i < n; ++i) {
            if (first[i].type == EvType::Counter) {
                hasCounters = true;
            } else {
                hasSlices = true;
                if (firstName == model::kEmptyString)
                    firstName = first[i].name;
            }
        }
        const LocalTrack lt = E.mapper.resolve(static_cast<std::uint32_t>(t), firstName);
        if (hasCounters)
            E.emitCounters(lt, first, n);
        if (hasSlices)
            E.emitSlices(lt, first, n);
    }
    E.emitFlows();

    // 3. Diagnostics.
    if (E.result.unmatchedEnds)
        diags.add(DiagKind::UnmatchedEnd, file, 0, "SLICE_END without an open slice of that name and category",
                  E.result.unmatchedEnds);
    if (E.tooDeep)
        diags.add(DiagKind::MalformedEvent, file, 0, "slices nested deeper than 512 levels", E.tooDeep);
    if (E.backwardFlows)
        diags.add(DiagKind::FlowUnbound, file, 0, "flow edges into a slice that began before their source",
                  E.backwardFlows);
    if (E.flowsOnInstants)
        diags.add(DiagKind::FlowUnbound, file, 0, "flow ids on instant events (instants are not slices)",
                  E.flowsOnInstants);
    if (E.mapper.undescribedTracks())
        diags.add(DiagKind::MissingField, file, 0,
                  "track_uuid without a TrackDescriptor; its events were kept on a placeholder track",
                  E.mapper.undescribedTracks());
    if (E.mapper.brokenParents())
        diags.add(DiagKind::MissingField, file, 0, "parent_uuid without a TrackDescriptor",
                  E.mapper.brokenParents());
    return E.result;
}

} // namespace accelscope::importers::perfetto
