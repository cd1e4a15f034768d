#include "trackemitter.h"

#include "clockconverter.h"
#include "perfettofields.h"
#include "stringpool.h"
#include "trackmapper.h"

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace accelscope::importers::perfetto {

using model::DiagKind;
using model::LocalTrack;
using model::StringId;

namespace {

constexpr std::uint32_t kNone = 0xffffffffu;
constexpr std::int64_t kPending = -1;
constexpr std::size_t kMaxDepth = 512; // trace_processor's limit

/// A flow endpoint: the slice an event with flow ids belongs to (an instant with flow ids is a
/// zero-length slice, as trace_processor stores every instant).
struct FlowPoint {
    std::int64_t orderTs;   ///< the event's timestamp (flows are processed in event order)
    std::uint32_t order;    ///< the event's packet number (ties)
    LocalTrack track;
    std::int64_t sliceStart;
    StringId sliceName;     ///< shard id
    std::vector<std::uint64_t> flows, terms;
    std::optional<std::uint64_t> bindId; ///< LegacyEvent bind_id (flow v2)
    std::uint8_t bindDirection = 0;      ///< LegacyEvent::FlowDirection
};

namespace Legacy = fields::LegacyEvent;

struct Emitter {
    MergedTrace &P;
    model::BuilderShard &shard;
    const std::string &file;
    TrackMapper mapper;
    EmitResult result;

    std::vector<FlowPoint> flowPoints;
    std::uint64_t backwardFlows = 0;
    /// Flow ids that never reached a second event: the other end is not in the trace.
    std::uint64_t oneEndedFlows = 0;
    std::uint64_t terminatedWithoutStart = 0; ///< terminating_flow_ids of no open flow
    std::uint64_t bindWithoutStart = 0;       ///< bind_id FLOW_IN / FLOW_INOUT of no open flow
    std::uint64_t bindWithoutDirection = 0;   ///< bind_id without flow_direction
    std::uint64_t duplicateFlowStarts = 0;    ///< bind_id FLOW_OUT of an already open flow
    std::uint64_t tooDeep = 0;
    std::string mergeBuf;
    std::vector<StringId> strings; ///< StringPool id -> shard id

    Emitter(MergedTrace &p, model::BuilderShard &s, const std::string &f) : P(p), shard(s), file(f), mapper(p, s)
    {
        strings.resize(P.strings->size());
        for (std::size_t i = 0; i < strings.size(); ++i)
            strings[i] = shard.intern(P.strings->viewUnlocked(static_cast<std::uint32_t>(i)));
    }

    /// BEGIN and END args are merged (END may add annotations), as trace_processor does.
    model::ArgsId args(const Ev &beginEv, const Ev *endEv)
    {
        const std::uint32_t begin = beginEv.u.s.args, end = endEv ? endEv->u.s.args : 0;
        if (!end)
            return begin ? shard.addArgs(P.args(beginEv, begin)) : model::kNoArgs;
        if (!begin)
            return shard.addArgs(P.args(*endEv, end));
        const std::string_view a = P.args(beginEv, begin), b = P.args(*endEv, end);
        mergeBuf.assign(a.substr(0, a.size() - 1));
        mergeBuf.push_back(',');
        mergeBuf.append(b.substr(1));
        return shard.addArgs(mergeBuf);
    }

    void addFlowPoint(const Ev &e, LocalTrack t, std::int64_t start, StringId name)
    {
        if (e.u.s.extra == kNoExtra)
            return;
        const EvExtra &x = P.extra(e);
        if (!carriesFlows(x))
            return;
        FlowPoint fp{e.ts, e.order, t, start, strings[name], {}, {}, {}, 0};
        for (std::uint32_t i = 0; i < x.flowCount; ++i)
            fp.flows.push_back(P.flowId(e, i));
        for (std::uint32_t i = 0; i < x.termCount; ++i)
            fp.terms.push_back(P.flowId(e, x.flowCount + i));
        if (x.hasBindId) {
            fp.bindId = P.flowId(e, x.flowCount + x.termCount);
            fp.bindDirection = x.bindDirection;
        }
        flowPoints.push_back(std::move(fp));
    }

    static bool carriesFlows(const EvExtra &x) { return x.flowCount + x.termCount > 0 || x.hasBindId; }

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
        std::uint32_t end; ///< index of the END that closed it, or kNone
        bool finished;     ///< has a duration while on the stack (counted in `finished`)
    };
    std::vector<Open> stack;
    std::size_t finished = 0; // entries with a duration still on the stack (usually none)

    auto emit = [&](const Open &o) {
        const Ev &b = ev[o.ev];
        const model::ArgsId a = args(b, o.end == kNone ? nullptr : &ev[o.end]);
        if (o.dur == kPending) {
            shard.beginSlice(t, o.start, strings[b.name], strings[b.cat], a); // the builder marks it unterminated
            ++result.unterminated;
        } else {
            shard.addSlice(t, o.start, o.dur, strings[b.name], strings[b.cat], a);
        }
    };
    auto pop = [&]() {
        emit(stack.back());
        finished -= stack.back().finished;
        stack.pop_back();
    };
    // SliceTracker::MaybeCloseStack, before each event at `ts` (`dur`: 0 for instants, pending
    // for BEGIN/END). trace_processor also drops a complete event that partially overlaps a
    // finished slice; we keep it and let the builder put it on a lane.
    auto maybeClose = [&](std::int64_t ts, std::int64_t dur) {
        if (finished == 0)
            return; // only open slices: nothing can close before an END matches
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
        case EvType::Counter:
        case EvType::Dropped: break;
        case EvType::Begin:
        case EvType::Complete: {
            const std::int64_t dur = e.type == EvType::Complete ? P.extra(e).dur : kPending;
            maybeClose(e.ts, dur);
            if (stack.size() >= kMaxDepth) {
                ++tooDeep;
                break;
            }
            stack.push_back(Open{e.ts, dur, static_cast<std::uint32_t>(i), kNone, dur != kPending});
            finished += dur != kPending;
            addFlowPoint(e, t, e.ts, e.name);
            break;
        }
        case EvType::Instant: {
            maybeClose(e.ts, 0);
            const model::ArgsId a = e.u.s.args ? shard.addArgs(P.args(e, e.u.s.args)) : model::kNoArgs;
            if (e.u.s.extra != kNoExtra && carriesFlows(P.extra(e))) {
                // trace_processor binds flows to instants as zero-length slices; the model's flows
                // join slices, so such an instant becomes one (nested under the open slices).
                shard.addSlice(t, e.ts, 0, strings[e.name], strings[e.cat], a);
                addFlowPoint(e, t, e.ts, e.name);
                ++result.instantsWithFlows;
            } else {
                shard.addInstant(t, e.ts, strings[e.name], strings[e.cat], a);
            }
            break;
        }
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
            o.end = static_cast<std::uint32_t>(i);
            addFlowPoint(e, t, o.start, ev[o.ev].name);
            if (k == stack.size() - 1) {
                pop();
            } else {
                o.finished = true;
                ++finished;
            }
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
        return a.orderTs != b.orderTs ? a.orderTs < b.orderTs : a.order < b.order;
    });
    struct Edge {
        std::uint64_t id;
        std::uint32_t from, to;
    };
    std::vector<Edge> edges;
    // FlowTracker's rules, per event: the legacy bind_id first, then flow_ids (start an id or
    // step it on), then terminating_flow_ids (last edge of an open id).
    std::unordered_map<std::uint64_t, std::uint32_t> active; ///< open id -> its last point
    std::unordered_set<std::uint64_t> withEdge;              ///< ids that made at least one edge
    auto edge = [&](std::uint64_t id, std::uint32_t from, std::uint32_t to) {
        edges.push_back(Edge{id, from, to});
        withEdge.insert(id);
    };
    for (std::uint32_t i = 0; i < flowPoints.size(); ++i) {
        const FlowPoint &fp = flowPoints[i];
        if (fp.bindId) {
            const std::uint64_t id = *fp.bindId;
            auto it = active.find(id);
            switch (fp.bindDirection) {
            case Legacy::FLOW_OUT:
                if (it == active.end())
                    active.emplace(id, i);
                else
                    ++duplicateFlowStarts;
                break;
            case Legacy::FLOW_INOUT:
                if (it == active.end()) {
                    ++bindWithoutStart;
                } else {
                    edge(id, it->second, i);
                    it->second = i;
                }
                break;
            case Legacy::FLOW_IN: // the flow stays open: later FLOW_IN events fan out from the same source
                if (it == active.end())
                    ++bindWithoutStart;
                else
                    edge(id, it->second, i);
                break;
            default: ++bindWithoutDirection;
            }
        }
        for (const std::uint64_t id : fp.flows) {
            auto [it, inserted] = active.try_emplace(id, i);
            if (!inserted) {
                edge(id, it->second, i);
                it->second = i;
            }
        }
        for (const std::uint64_t id : fp.terms) {
            auto it = active.find(id);
            if (it == active.end()) {
                ++terminatedWithoutStart;
                continue;
            }
            edge(id, it->second, i);
            active.erase(it);
        }
    }
    for (const auto &[id, point] : active)
        oneEndedFlows += !withEdge.count(id);
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
        std::uint32_t cur = kNone;
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

EmitResult emitTracks(MergedTrace &P, model::BuilderShard &shard, const std::string &file, const std::stop_token &stop)
{
    Emitter E(P, shard, file);
    ClockConverter clocks(P);
    E.result.traceClock = clocks.traceClock();
    auto &diags = shard.diagnostics();

    // Per track, in file order: clocks, counter multipliers and incremental counters (keyed by
    // sequence generation and track, so per-track file order is all they need); then a stable
    // sort by timestamp and the slice/counter/flow passes.
    const std::size_t nTracks = P.tracks.size();
    std::unordered_map<std::uint64_t, double> accumulators; // (generation, track) -> value
    std::uint64_t unconvertible = 0, counterOnPlain = 0;
    std::uint32_t badClock = 0;
    const bool convert = !clocks.allIdentity();
    std::vector<Ev> scratch;
    for (std::size_t t = 0; t < nTracks; ++t) {
        if (stop.stop_requested()) {
            E.result.canceled = true;
            return E.result;
        }
        MergedTrack &track = P.tracks[t];
        const std::size_t n = track.size();
        if (n == 0)
            continue;
        const TrackDesc *desc = E.mapper.descOf(static_cast<std::uint32_t>(t));
        const bool counterTrack = desc && desc->isCounter;
        bool sorted = true;
        std::int64_t prevTs = INT64_MIN;
        std::uint32_t prevOrder = 0;
        for (BlockList<Ev> *list : track.lists) {
            list->forEachBlock([&](Ev *ev, std::size_t m) {
                for (std::size_t i = 0; i < m; ++i) {
                    Ev &e = ev[i];
                    if (convert) {
                        const std::uint8_t domain = P.domainOf[e.part][e.domain];
                        if (!clocks.canConvert(domain)) {
                            if (!unconvertible++)
                                badClock = clocks.clockOf(domain);
                            e.type = EvType::Dropped;
                            continue;
                        }
                        e.ts = clocks.convert(domain, e.ts);
                    }
                    if (e.type == EvType::Counter) {
                        if (!counterTrack) {
                            ++counterOnPlain;
                            e.type = EvType::Dropped;
                            continue;
                        }
                        double v = e.u.value;
                        if (desc->unitMultiplier > 1)
                            v *= static_cast<double>(desc->unitMultiplier);
                        if (desc->incremental) {
                            double &acc = accumulators[(std::uint64_t(e.name) << 32) | t];
                            acc += v;
                            v = acc;
                        }
                        e.u.value = v;
                    }
                    sorted &= e.ts > prevTs || (e.ts == prevTs && e.order >= prevOrder);
                    prevTs = e.ts;
                    prevOrder = e.order;
                }
            });
        }
        // One list in order is used in place; otherwise the lists are joined and sorted by
        // (timestamp, packet number): trace_processor's stable (ts, file order) sort.
        Ev *first;
        if (track.lists.size() == 1) {
            first = track.lists[0]->contiguous(scratch);
        } else {
            scratch.clear();
            scratch.reserve(n);
            for (BlockList<Ev> *list : track.lists)
                list->forEachBlock([&](Ev *ev, std::size_t m) { scratch.insert(scratch.end(), ev, ev + m); });
            first = scratch.data();
        }
        if (!sorted)
            std::stable_sort(first, first + n, [](const Ev &a, const Ev &b) {
                return a.ts != b.ts ? a.ts < b.ts : a.order < b.order;
            });

        StringId firstName = model::kEmptyString;
        bool hasSlices = false, hasCounters = false;
        for (std::size_t i = 0; i < n; ++i) {
            if (first[i].type == EvType::Dropped)
                continue;
            if (first[i].type == EvType::Counter) {
                hasCounters = true;
            } else {
                hasSlices = true;
                if (firstName == model::kEmptyString)
                    firstName = first[i].name;
            }
        }
        const LocalTrack lt = E.mapper.resolve(static_cast<std::uint32_t>(t), E.strings[firstName]);
        if (hasCounters)
            E.emitCounters(lt, first, n);
        if (hasSlices)
            E.emitSlices(lt, first, n);
        for (BlockList<Ev> *list : track.lists)
            list->release();
    }
    if (unconvertible)
        diags.add(DiagKind::BadTimestamp, file, 0,
                  "no ClockSnapshot relates clock " + std::to_string(badClock) + " to the trace clock "
                      + std::to_string(E.result.traceClock) + "; its events were skipped",
                  unconvertible);
    if (counterOnPlain)
        diags.add(DiagKind::MalformedEvent, file, 0, "counter values on tracks without a CounterDescriptor",
                  counterOnPlain);
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
    if (E.oneEndedFlows)
        diags.add(DiagKind::FlowUnbound, file, 0,
                  "flow ids on only one event (the other end is not in the trace); no arrow drawn",
                  E.oneEndedFlows);
    if (E.terminatedWithoutStart)
        diags.add(DiagKind::FlowWithoutStart, file, 0, "terminating_flow_ids with no open flow of that id",
                  E.terminatedWithoutStart);
    if (E.bindWithoutStart)
        diags.add(DiagKind::FlowWithoutStart, file, 0,
                  "legacy bind_id FLOW_IN/FLOW_INOUT with no earlier FLOW_OUT of that id", E.bindWithoutStart);
    if (E.bindWithoutDirection)
        diags.add(DiagKind::FlowUnbound, file, 0, "legacy bind_id without flow_direction", E.bindWithoutDirection);
    if (E.duplicateFlowStarts)
        diags.add(DiagKind::FlowUnbound, file, 0, "legacy bind_id FLOW_OUT of a flow that is already open",
                  E.duplicateFlowStarts);
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
