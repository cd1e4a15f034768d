#include "descriptors.h"

#include "perfettofields.h"
#include "protowire.h"

#include <vector>

namespace accelscope::importers::perfetto {

using model::DiagKind;
using wire::Decoder;
using wire::Field;
namespace F = fields;

void parseClockSnapshot(const std::uint8_t *p, std::size_t n, SequenceState &seq, std::uint64_t offset, ParsedTrace &out)
{
    struct C {
        std::uint32_t id = 0;
        std::int64_t ts = 0;
        bool incremental = false;
        std::uint64_t mult = 0;
    };
    std::vector<C> clocks;
    Decoder d(p, n);
    Field f;
    while (d.next(f)) {
        if (f.id == F::ClockSnapshot::clocks && f.type == wire::LengthDelimited) {
            C c;
            Decoder e(f);
            Field g;
            while (e.next(g)) {
                switch (g.id) {
                case F::Clock::clock_id: c.id = static_cast<std::uint32_t>(g.value); break;
                case F::Clock::timestamp: c.ts = static_cast<std::int64_t>(g.value); break;
                case F::Clock::is_incremental: c.incremental = g.value != 0; break;
                case F::Clock::unit_multiplier_ns: c.mult = g.value; break;
                default: break;
                }
            }
            if (e.error()) {
                out.problem(DiagKind::MalformedEvent, offset, "corrupt ClockSnapshot");
                return;
            }
            clocks.push_back(c);
        } else if (f.id == F::ClockSnapshot::primary_trace_clock && f.type == wire::Varint) {
            if (!out.primaryClock)
                out.primaryClock = static_cast<std::uint32_t>(f.value);
        }
    }
    if (d.error()) {
        out.problem(DiagKind::MalformedEvent, offset, "corrupt ClockSnapshot");
        return;
    }
    ClockSnapshotRec rec;
    for (const C &c : clocks) {
        if (c.id == 0 || c.id >= F::kFirstSequenceClock)
            continue;
        std::int64_t v = c.ts;
        if (c.mult > 1) {
            out.clockMultiplier[c.id] = c.mult;
            v *= static_cast<std::int64_t>(c.mult);
        }
        rec.clocks.emplace_back(c.id, v);
    }
    // Sequence-scoped clocks are anchored to a global clock of the same snapshot: the trace
    // clock when it is there, else BOOTTIME, else the first one.
    const C *anchor = nullptr;
    for (const C &c : clocks) {
        if (c.id == 0 || c.id >= F::kFirstSequenceClock)
            continue;
        const std::uint32_t want = out.primaryClock.value_or(F::kBuiltinClockBoottime);
        if (!anchor || c.id == want)
            anchor = &c;
    }
    for (const C &c : clocks) {
        if (c.id < F::kFirstSequenceClock || c.id > F::kLastSequenceClock)
            continue;
        if (!anchor) {
            out.problem(DiagKind::BadTimestamp, offset, "sequence clock snapshot without a global clock");
            continue;
        }
        SeqClock sc;
        sc.incremental = c.incremental;
        sc.multiplier = c.mult ? c.mult : 1;
        sc.snapshotRaw = c.ts;
        sc.last = c.ts;
        sc.anchorClock = anchor->id;
        sc.anchorNs = anchor->ts * static_cast<std::int64_t>(anchor->mult > 1 ? anchor->mult : 1);
        seq.clocks[c.id] = sc;
    }
    if (rec.clocks.size() >= 2)
        out.snapshots.push_back(std::move(rec));
}

void parseTrackDescriptor(const std::uint8_t *p, std::size_t n, std::uint64_t offset, std::uint32_t order,
                          ParsedTrace &out)
{
    ++out.trackDescriptors;
    TrackDesc t;
    bool hasUuid = false, hasProcess = false, hasThread = false, hasPid = false, hasTid = false, noneMerge = false;
    std::string_view name, processName, threadName;
    Decoder d(p, n);
    Field f;
    while (d.next(f)) {
        switch (f.id) {
        case F::TrackDescriptor::uuid:
            hasUuid = true;
            t.uuid = f.value;
            break;
        case F::TrackDescriptor::parent_uuid: t.parent = f.value; break;
        case F::TrackDescriptor::name:
        case F::TrackDescriptor::static_name:
        case F::TrackDescriptor::atrace_name:
            if (f.type == wire::LengthDelimited)
                name = f.str();
            break;
        case F::TrackDescriptor::counter:
            if (f.type != wire::LengthDelimited)
                break;
            t.isCounter = true;
            {
                Decoder e(f);
                Field g;
                while (e.next(g)) {
                    if (g.id == F::CounterDescriptor::unit_multiplier && g.type == wire::Varint)
                        t.unitMultiplier = static_cast<std::int64_t>(g.value);
                    else if (g.id == F::CounterDescriptor::is_incremental && g.type == wire::Varint)
                        t.incremental = g.value != 0;
                }
            }
            break;
        case F::TrackDescriptor::process:
            if (f.type != wire::LengthDelimited)
                break;
            hasProcess = true;
            {
                Decoder e(f);
                Field g;
                while (e.next(g)) {
                    if (g.id == F::ProcessDescriptor::pid && g.type == wire::Varint) {
                        hasPid = true;
                        t.pid = static_cast<std::int32_t>(g.value);
                    } else if (g.id == F::ProcessDescriptor::process_name && g.type == wire::LengthDelimited) {
                        processName = g.str();
                    }
                }
            }
            break;
        case F::TrackDescriptor::thread:
            if (f.type != wire::LengthDelimited)
                break;
            hasThread = true;
            {
                Decoder e(f);
                Field g;
                while (e.next(g)) {
                    if (g.id == F::ThreadDescriptor::pid && g.type == wire::Varint) {
                        hasPid = true;
                        t.pid = static_cast<std::int32_t>(g.value);
                    } else if (g.id == F::ThreadDescriptor::tid && g.type == wire::Varint) {
                        hasTid = true;
                        t.tid = static_cast<std::int64_t>(g.value);
                    } else if (g.id == F::ThreadDescriptor::thread_name && g.type == wire::LengthDelimited) {
                        threadName = g.str();
                    }
                }
            }
            break;
        case F::TrackDescriptor::child_ordering: t.childOrdering = static_cast<std::uint32_t>(f.value); break;
        case F::TrackDescriptor::sibling_order_rank: t.rank = static_cast<std::int32_t>(f.value); break;
        case F::TrackDescriptor::sibling_merge_behavior:
            noneMerge = f.value == F::TrackDescriptor::SIBLING_MERGE_BEHAVIOR_NONE;
            break;
        default: break;
        }
    }
    if (d.error()) {
        out.problem(DiagKind::MalformedEvent, offset, "corrupt TrackDescriptor");
        return;
    }
    if (!hasUuid) {
        out.problem(DiagKind::MissingField, offset, "TrackDescriptor without uuid");
        return;
    }
    if (hasThread) {
        if (!hasPid || !hasTid) {
            out.problem(DiagKind::MissingField, offset, "thread TrackDescriptor without pid and tid");
            hasThread = false;
        } else {
            t.kind = DescKind::Thread;
            if (name.empty())
                name = threadName;
        }
    } else if (hasProcess) {
        if (!hasPid) {
            out.problem(DiagKind::MissingField, offset, "process TrackDescriptor without pid");
        } else {
            t.kind = DescKind::Process;
            if (name.empty())
                name = processName;
        }
    }
    t.name = std::string(name);

    t.order = order;
    t.lastNameWins = noneMerge;
    out.descriptorEmissions.push_back(std::move(t));
}

void mergeDescriptor(TrackDesc &dst, const TrackDesc &t)
{
    // Re-emitted uuid: the first non-empty name wins (the last one under
    // SIBLING_MERGE_BEHAVIOR_NONE), as in trace_processor; other fields fill what is missing.
    if (!t.name.empty() && (dst.name.empty() || t.lastNameWins))
        dst.name = t.name;
    if (!dst.parent && t.parent)
        dst.parent = t.parent;
    if (dst.kind == DescKind::Plain && t.kind != DescKind::Plain) {
        dst.kind = t.kind;
        dst.pid = t.pid;
        dst.tid = t.tid;
    }
    if (t.isCounter && !dst.isCounter) {
        dst.isCounter = true;
        dst.unitMultiplier = t.unitMultiplier;
        dst.incremental = t.incremental;
    }
    if (!dst.childOrdering)
        dst.childOrdering = t.childOrdering;
    if (!dst.rank)
        dst.rank = t.rank;
}

void parseLegacyDescriptor(std::uint32_t field, const std::uint8_t *p, std::size_t n, SequenceState &seq,
                           std::uint64_t offset, ParsedTrace &out)
{
    Decoder d(p, n);
    Field f;
    std::int64_t pid = 0, tid = 0, refUs = 0;
    bool hasPid = false, hasTid = false, hasRef = false;
    std::string_view name;
    const bool thread = field == F::TracePacket::thread_descriptor;
    while (d.next(f)) {
        if (f.id == 1 && f.type == wire::Varint) {
            hasPid = true;
            pid = static_cast<std::int32_t>(f.value);
        } else if (thread && f.id == F::ThreadDescriptor::tid && f.type == wire::Varint) {
            hasTid = true;
            tid = static_cast<std::int64_t>(f.value);
        } else if (thread && f.id == F::ThreadDescriptor::thread_name && f.type == wire::LengthDelimited) {
            name = f.str();
        } else if (thread && f.id == F::ThreadDescriptor::reference_timestamp_us && f.type == wire::Varint) {
            hasRef = true;
            refUs = static_cast<std::int64_t>(f.value);
        } else if (!thread && f.id == F::ProcessDescriptor::process_name && f.type == wire::LengthDelimited) {
            name = f.str();
        }
    }
    if (d.error() || !hasPid || (thread && !hasTid)) {
        out.problem(DiagKind::MissingField, offset, thread ? "legacy ThreadDescriptor without pid and tid"
                                                             : "legacy ProcessDescriptor without pid");
        return;
    }
    if (!thread) {
        if (!name.empty())
            out.legacyProcessNames[pid] = std::string(name);
        return;
    }
    seq.hasLegacyThread = true;
    seq.legacyPid = pid;
    seq.legacyTid = tid;
    if (hasRef)
        seq.legacyTsNs = refUs * 1000;
    if (!name.empty())
        out.legacyThreadNames[{pid, tid}] = std::string(name);
}

} // namespace accelscope::importers::perfetto
