#include "packetparser.h"

#include "debugannotations.h"
#include "descriptors.h"
#include "perfettofields.h"
#include "protowire.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace accelscope::importers::perfetto {

using model::DiagKind;
using wire::Decoder;
using wire::Field;
namespace F = fields;

/// One TrackEvent as decoded: its scalar fields and its repeated fields, kept across events so
/// that decoding allocates nothing once the vectors have grown.
struct PacketParser::TrackEventScratch {
    std::uint32_t type = 0;
    bool hasTrack = false, hasName = false, hasNameIid = false, hasCounter = false, intCounter = false;
    bool hasLegacy = false, hasDeltaUs = false, hasAbsUs = false;
    std::uint64_t trackUuid = 0, nameIid = 0;
    std::string_view nameStr;
    double counter = 0;
    std::int64_t deltaUs = 0, absUs = 0;
    Field legacy;
    std::vector<std::pair<const std::uint8_t *, std::size_t>> annotations;
    std::vector<std::string_view> categoryNames;
    std::vector<std::uint64_t> categoryIids;
    std::vector<std::uint64_t> extraUuids, extraDoubleUuids;
    std::vector<std::int64_t> extraValues;
    std::vector<double> extraDoubleValues;
    std::vector<std::uint64_t> flows, terms, flowsOld, termsOld;
    std::string joined;
    void clear()
    {
        type = 0;
        hasTrack = hasName = hasNameIid = hasCounter = intCounter = false;
        hasLegacy = hasDeltaUs = hasAbsUs = false;
        trackUuid = nameIid = 0;
        nameStr = {};
        counter = 0;
        deltaUs = absUs = 0;
        legacy = Field();
        annotations.clear();
        categoryNames.clear();
        categoryIids.clear();
        extraUuids.clear();
        extraDoubleUuids.clear();
        extraValues.clear();
        extraDoubleValues.clear();
        flows.clear();
        terms.clear();
        flowsOld.clear();
        termsOld.clear();
    }
};

PacketParser::PacketParser(StringPool &strings, ParsedTrace &out, std::uint8_t part, std::uint32_t maxJsonDepth)
    : m_strings(strings), m_out(out), m_args(out, maxJsonDepth), m_part(part), m_nextGeneration(std::uint32_t(part) << 28 | 1),
      m_scratch(std::make_unique<TrackEventScratch>())
{
}

PacketParser::~PacketParser() = default;

SequenceState &PacketParser::sequence(std::uint32_t id)
{
    if (id == m_lastSeqId)
        return *m_lastSeq;
    auto &slot = m_sequences[id];
    if (!slot) {
        slot = std::make_unique<SequenceState>();
        slot->generation = m_nextGeneration++; // distinct incremental-counter scope per sequence
    }
    m_lastSeqId = id;
    m_lastSeq = slot.get();
    return *slot;
}

bool PacketParser::parsePacket(const std::uint8_t *p, std::size_t n, std::uint64_t offset, std::uint32_t order,
                               wire::Field *container)
{
    ++m_out.packets;
    m_order = order;
    Decoder d(p, n);
    Field f;
    bool hasTs = false, hasClock = false, cleared = false, dropped = false, bad = false;
    std::uint64_t ts = 0;
    std::uint32_t clockId = 0, seqId = 0, flags = 0;
    Field interned, defaults, data;
    bool hasInterned = false, hasDefaults = false, hasData = false;
    std::uint32_t unknownField = 0;

    while (d.next(f)) {
        switch (f.id) {
        case F::TracePacket::timestamp:
            bad |= f.type != wire::Varint;
            hasTs = true;
            ts = f.value;
            break;
        case F::TracePacket::timestamp_clock_id:
            bad |= f.type != wire::Varint;
            hasClock = true;
            clockId = static_cast<std::uint32_t>(f.value);
            break;
        case F::TracePacket::trusted_packet_sequence_id:
            bad |= f.type != wire::Varint;
            seqId = static_cast<std::uint32_t>(f.value);
            break;
        case F::TracePacket::sequence_flags:
            bad |= f.type != wire::Varint;
            flags = static_cast<std::uint32_t>(f.value);
            break;
        case F::TracePacket::incremental_state_cleared:
            bad |= f.type != wire::Varint;
            cleared = f.value != 0;
            break;
        case F::TracePacket::previous_packet_dropped:
            bad |= f.type != wire::Varint;
            dropped = f.value != 0;
            break;
        case F::TracePacket::interned_data:
            bad |= f.type != wire::LengthDelimited;
            interned = f;
            hasInterned = true;
            break;
        case F::TracePacket::trace_packet_defaults:
            bad |= f.type != wire::LengthDelimited;
            defaults = f;
            hasDefaults = true;
            break;
        case F::TracePacket::track_event:
        case F::TracePacket::track_descriptor:
        case F::TracePacket::clock_snapshot:
        case F::TracePacket::process_descriptor:
        case F::TracePacket::thread_descriptor:
        case F::TracePacket::compressed_packets:
        case F::TracePacket::zstd_compressed_packets:
        case F::TracePacket::synchronization_marker:
            bad |= f.type != wire::LengthDelimited;
            data = f;
            hasData = true;
            break;
        case F::TracePacket::trusted_uid:
        case F::TracePacket::trusted_pid:
        case F::TracePacket::first_packet_on_sequence:
        case F::TracePacket::machine_id:
            break;
        default:
            if (!unknownField)
                unknownField = f.id;
        }
    }
    if (d.error() || bad) {
        m_out.problem(DiagKind::MalformedEvent, offset,
                      d.error() ? "TracePacket with a corrupt encoding" : "TracePacket field with a wrong wire type");
        return true;
    }

    SequenceState &seq = sequence(seqId);
    // 1. Incremental state.
    if (cleared || (flags & F::TracePacket::kSeqIncrementalStateCleared))
        seq.clearIncremental(m_nextGeneration++);
    if (dropped)
        seq.valid = false;
    // 2. Defaults.
    if (hasDefaults && !handleDefaults(defaults.data, defaults.size, seq))
        m_out.problem(DiagKind::MalformedEvent, offset, "corrupt TracePacketDefaults");
    // 3. Interned data (only with valid incremental state).
    if (hasInterned && seq.valid && !handleInternedData(interned.data, interned.size, seq))
        m_out.problem(DiagKind::MalformedEvent, offset, "corrupt InternedData");

    if (!hasData) {
        if (unknownField)
            m_out.problem(DiagKind::UnknownPacket, offset, "TracePacket field " + std::to_string(unknownField));
        return true;
    }
    switch (data.id) {
    case F::TracePacket::clock_snapshot:
        parseClockSnapshot(data.data, data.size, seq, offset, m_out);
        return true;
    case F::TracePacket::track_descriptor:
        // Descriptors are global and timeless: they apply to events before and after them.
        parseTrackDescriptor(data.data, data.size, offset, m_order, m_out);
        return true;
    case F::TracePacket::compressed_packets:
    case F::TracePacket::zstd_compressed_packets:
        // Containers are expanded by the reader (packetreader.cpp): handed back when it asks,
        // else it found them nested too deep.
        if (container) {
            *container = data;
            --m_out.packets; // counted by the reader
            return false;
        }
        m_out.problem(DiagKind::MalformedEvent, offset, "compressed packets nested too deep");
        return true;
    case F::TracePacket::synchronization_marker:
        return true;
    default:
        break;
    }

    // 5. Packets that need incremental state are dropped until the sequence is cleared.
    if ((flags & F::TracePacket::kSeqNeedsIncrementalState) && !seq.valid) {
        ++m_out.droppedNeedsIncrementalState;
        return true;
    }

    if (data.id == F::TracePacket::process_descriptor || data.id == F::TracePacket::thread_descriptor) {
        parseLegacyDescriptor(data.id, data.data, data.size, seq, offset, m_out);
        return true;
    }

    // 6. Timestamp in its clock domain.
    std::int64_t tsOut = 0;
    std::uint8_t domain = 0;
    if (hasTs && !resolvePacketTime(seq, hasClock ? clockId : 0, ts, offset, tsOut, domain))
        return true;

    if (data.id == F::TracePacket::track_event) {
        handleTrackEvent(data.data, data.size, seq, hasTs, tsOut, domain, offset);
        return true;
    }
    return true;
}

bool PacketParser::resolvePacketTime(SequenceState &seq, std::uint32_t clockId, std::uint64_t ts, std::uint64_t offset,
                                     std::int64_t &tsOut, std::uint8_t &domain)
{
    const std::uint32_t cid = clockId ? clockId : seq.defaultClock.value_or(0);
    if (cid == 0) {
        tsOut = static_cast<std::int64_t>(ts);
    } else if (cid < F::kFirstSequenceClock) {
        tsOut = static_cast<std::int64_t>(ts);
        domain = m_out.domainFor(cid);
    } else if (cid <= F::kLastSequenceClock) {
        auto it = seq.clocks.find(cid);
        if (it == seq.clocks.end()) {
            m_out.problem(DiagKind::BadTimestamp, offset,
                          "sequence clock " + std::to_string(cid) + " has no ClockSnapshot on its sequence");
            return false;
        }
        SeqClock &c = it->second;
        std::int64_t raw = static_cast<std::int64_t>(ts);
        if (c.incremental) {
            c.last += raw;
            raw = c.last;
        }
        tsOut = c.anchorNs + (raw - c.snapshotRaw) * static_cast<std::int64_t>(c.multiplier);
        domain = m_out.domainFor(c.anchorClock);
    } else {
        m_out.problem(DiagKind::BadTimestamp, offset, "reserved clock id " + std::to_string(cid));
        return false;
    }
    seq.hasLastTs = true;
    seq.lastTs = tsOut;
    seq.lastDomain = domain;
    return true;
}

bool PacketParser::handleDefaults(const std::uint8_t *p, std::size_t n, SequenceState &seq)
{
    seq.defaultClock.reset();
    seq.defaultTrack.reset();
    seq.defaultExtraCounters.clear();
    seq.defaultExtraDoubleCounters.clear();
    Decoder d(p, n);
    Field f;
    bool ok = true;
    while (d.next(f)) {
        if (f.id == F::TracePacketDefaults::timestamp_clock_id && f.type == wire::Varint) {
            seq.defaultClock = static_cast<std::uint32_t>(f.value);
        } else if (f.id == F::TracePacketDefaults::track_event_defaults && f.type == wire::LengthDelimited) {
            Decoder e(f);
            Field g;
            while (e.next(g)) {
                switch (g.id) {
                case F::TrackEventDefaults::track_uuid:
                    if (g.type == wire::Varint)
                        seq.defaultTrack = g.value;
                    else
                        ok = false;
                    break;
                case F::TrackEventDefaults::extra_counter_track_uuids:
                    ok &= wire::forEachVarint(g, [&](std::uint64_t v) { seq.defaultExtraCounters.push_back(v); });
                    break;
                case F::TrackEventDefaults::extra_double_counter_track_uuids:
                    ok &= wire::forEachVarint(g,
                                              [&](std::uint64_t v) { seq.defaultExtraDoubleCounters.push_back(v); });
                    break;
                default: break;
                }
            }
            ok &= !e.error();
        }
    }
    return ok && !d.error();
}

bool PacketParser::handleInternedData(const std::uint8_t *p, std::size_t n, SequenceState &seq)
{
    Decoder d(p, n);
    Field f;
    bool ok = true;
    std::string lit;
    while (d.next(f)) {
        if (f.type != wire::LengthDelimited)
            continue;
        const bool isName = f.id == F::InternedData::event_names;
        const bool isCat = f.id == F::InternedData::event_categories;
        const bool isAnn = f.id == F::InternedData::debug_annotation_names;
        const bool isStr = f.id == F::InternedData::debug_annotation_string_values;
        if (!isName && !isCat && !isAnn && !isStr)
            continue;
        Decoder e(f);
        Field g;
        std::uint64_t iid = 0;
        std::string_view str;
        while (e.next(g)) {
            if (g.id == F::InternedEntry::iid && g.type == wire::Varint)
                iid = g.value;
            else if (g.id == F::InternedEntry::name && g.type == wire::LengthDelimited)
                str = g.str();
        }
        if (e.error()) {
            ok = false;
            continue;
        }
        if (isName) {
            seq.names.set(iid, m_strings.intern(str));
        } else if (isCat) {
            seq.categories.set(iid, m_strings.intern(str));
        } else {
            lit.clear();
            m_args.appendString(lit, str);
            (isAnn ? seq.annotationNames : seq.stringValues).set(iid, lit);
        }
    }
    return ok && !d.error();
}
// ---------------------------------------------------------------------------------------------
// TrackEvent

void PacketParser::handleTrackEvent(const std::uint8_t *p, std::size_t n, SequenceState &seq, bool hasTs,
                                    std::int64_t ts, std::uint8_t domain, std::uint64_t offset)
{
    if (!decodeTrackEvent(p, n, offset))
        return;
    EvType evType;
    std::int64_t legacyDurNs = 0;
    if (!resolveEventType(offset, evType, legacyDurNs))
        return;
    if (!resolveTimestamp(seq, hasTs, ts, domain, offset))
        return;
    const std::uint32_t track = resolveTrack(seq);

    Ev ev;
    ev.order = m_order;
    ev.part = m_part;
    ev.ts = ts;
    ev.domain = domain;
    ev.type = evType;

    emitExtraCounters(seq, ts, domain, offset);

    const TrackEventScratch &s = *m_scratch;
    if (evType == EvType::Counter) {
        if (!s.hasCounter) {
            m_out.problem(DiagKind::MissingField, offset, "counter event without a value");
            return;
        }
        ev.name = seq.generation;
        ev.flags = s.intCounter ? kEvIntCounter : 0;
        ev.u.value = s.counter;
        m_out.tracks[track].events.push_back(ev);
        return;
    }
    fillSliceFields(ev, seq, legacyDurNs, offset);
    m_out.tracks[track].events.push_back(ev);
}

bool PacketParser::decodeTrackEvent(const std::uint8_t *p, std::size_t n, std::uint64_t offset)
{
    TrackEventScratch &s = *m_scratch;
    s.clear();
    Decoder d(p, n);
    Field f;
    bool bad = false;
    while (d.next(f)) {
        switch (f.id) {
        case F::TrackEvent::type:
            bad |= f.type != wire::Varint;
            s.type = static_cast<std::uint32_t>(f.value);
            break;
        case F::TrackEvent::track_uuid:
            bad |= f.type != wire::Varint;
            s.hasTrack = true;
            s.trackUuid = f.value;
            break;
        case F::TrackEvent::name:
            bad |= f.type != wire::LengthDelimited;
            s.hasName = true;
            s.nameStr = f.str();
            break;
        case F::TrackEvent::name_iid:
            bad |= f.type != wire::Varint;
            s.hasNameIid = true;
            s.nameIid = f.value;
            break;
        case F::TrackEvent::categories:
            bad |= f.type != wire::LengthDelimited;
            s.categoryNames.push_back(f.str());
            break;
        case F::TrackEvent::category_iids:
            bad |= !wire::forEachVarint(f, [&](std::uint64_t v) { s.categoryIids.push_back(v); });
            break;
        case F::TrackEvent::debug_annotations:
            bad |= f.type != wire::LengthDelimited;
            s.annotations.emplace_back(f.data, f.size);
            break;
        case F::TrackEvent::counter_value:
            bad |= f.type != wire::Varint;
            s.hasCounter = true;
            s.intCounter = true;
            s.counter = static_cast<double>(f.asInt64());
            break;
        case F::TrackEvent::double_counter_value:
            bad |= f.type != wire::Fixed64;
            s.hasCounter = true;
            s.intCounter = false;
            s.counter = f.asDouble();
            break;
        case F::TrackEvent::extra_counter_track_uuids:
            bad |= !wire::forEachVarint(f, [&](std::uint64_t v) { s.extraUuids.push_back(v); });
            break;
        case F::TrackEvent::extra_counter_values:
            bad |= !wire::forEachVarint(f, [&](std::uint64_t v) { s.extraValues.push_back(std::int64_t(v)); });
            break;
        case F::TrackEvent::extra_double_counter_track_uuids:
            bad |= !wire::forEachVarint(f, [&](std::uint64_t v) { s.extraDoubleUuids.push_back(v); });
            break;
        case F::TrackEvent::extra_double_counter_values:
            bad |= !wire::forEachFixed64(f, [&](std::uint64_t v) {
                double dv;
                std::memcpy(&dv, &v, 8);
                s.extraDoubleValues.push_back(dv);
            });
            break;
        case F::TrackEvent::flow_ids:
            bad |= !wire::forEachFixed64(f, [&](std::uint64_t v) { s.flows.push_back(v); });
            break;
        case F::TrackEvent::terminating_flow_ids:
            bad |= !wire::forEachFixed64(f, [&](std::uint64_t v) { s.terms.push_back(v); });
            break;
        case F::TrackEvent::flow_ids_old:
            bad |= !wire::forEachVarint(f, [&](std::uint64_t v) { s.flowsOld.push_back(v); });
            break;
        case F::TrackEvent::terminating_flow_ids_old:
            bad |= !wire::forEachVarint(f, [&](std::uint64_t v) { s.termsOld.push_back(v); });
            break;
        case F::TrackEvent::legacy_event:
            bad |= f.type != wire::LengthDelimited;
            s.hasLegacy = true;
            s.legacy = f;
            break;
        case F::TrackEvent::timestamp_delta_us:
            bad |= f.type != wire::Varint;
            s.hasDeltaUs = true;
            s.deltaUs = f.asInt64();
            break;
        case F::TrackEvent::timestamp_absolute_us:
            bad |= f.type != wire::Varint;
            s.hasAbsUs = true;
            s.absUs = f.asInt64();
            break;
        default: break;
        }
    }
    if (d.error() || bad) {
        m_out.problem(DiagKind::MalformedEvent, offset,
                      d.error() ? "TrackEvent with a corrupt encoding" : "TrackEvent field with a wrong wire type");
        return false;
    }
    return true;
}

bool PacketParser::resolveEventType(std::uint64_t offset, EvType &evType, std::int64_t &legacyDurNs)
{
    // Event type, with legacy phases for TYPE_UNSPECIFIED.
    TrackEventScratch &s = *m_scratch;
    switch (s.type) {
    case F::TrackEvent::TYPE_SLICE_BEGIN: evType = EvType::Begin; return true;
    case F::TrackEvent::TYPE_SLICE_END: evType = EvType::End; return true;
    case F::TrackEvent::TYPE_INSTANT: evType = EvType::Instant; return true;
    case F::TrackEvent::TYPE_COUNTER: evType = EvType::Counter; return true;
    case F::TrackEvent::TYPE_UNSPECIFIED: break;
    default:
        m_out.problem(DiagKind::SkippedPhase, offset, "TrackEvent type " + std::to_string(s.type));
        return false;
    }
    if (!s.hasLegacy) {
        m_out.problem(DiagKind::SkippedPhase, offset, "TrackEvent without type or legacy phase");
        return false;
    }
    std::int32_t phase = 0;
    Decoder e(s.legacy);
    Field g;
    while (e.next(g)) {
        if (g.id == F::LegacyEvent::phase && g.type == wire::Varint)
            phase = static_cast<std::int32_t>(g.value);
        else if (g.id == F::LegacyEvent::duration_us && g.type == wire::Varint)
            legacyDurNs = g.asInt64() * 1000;
        else if (g.id == F::LegacyEvent::name_iid && g.type == wire::Varint && !s.hasName && !s.hasNameIid) {
            s.hasNameIid = true;
            s.nameIid = g.value;
        }
    }
    switch (phase) {
    case 'B': evType = EvType::Begin; return true;
    case 'E': evType = EvType::End; return true;
    case 'X': evType = EvType::Complete; return true;
    case 'I':
    case 'i':
    case 'R': evType = EvType::Instant; return true;
    default: {
        char ph[2] = {static_cast<char>(phase > 32 && phase < 127 ? phase : '?'), 0};
        m_out.problem(DiagKind::SkippedPhase, offset, std::string("legacy phase '") + ph + "'");
        return false;
    }
    }
}

bool PacketParser::resolveTimestamp(SequenceState &seq, bool hasTs, std::int64_t &ts, std::uint8_t &domain,
                                    std::uint64_t offset)
{
    // Legacy µs fields override the packet timestamp.
    const TrackEventScratch &s = *m_scratch;
    if (s.hasAbsUs) {
        ts = s.absUs * 1000;
        hasTs = true;
    } else if (s.hasDeltaUs) {
        seq.legacyTsNs += s.deltaUs * 1000;
        ts = seq.legacyTsNs;
        hasTs = true;
    }
    if (!hasTs) {
        if (!seq.hasLastTs) {
            m_out.problem(DiagKind::BadTimestamp, offset, "TrackEvent without a timestamp");
            return false;
        }
        ts = seq.lastTs;
        domain = seq.lastDomain;
    }
    return true;
}

std::uint32_t PacketParser::resolveTrack(SequenceState &seq)
{
    const TrackEventScratch &s = *m_scratch;
    bool hasTrack = s.hasTrack;
    std::uint64_t trackUuid = s.trackUuid;
    if (!hasTrack && seq.defaultTrack) {
        hasTrack = true;
        trackUuid = *seq.defaultTrack;
    }
    if (hasTrack) {
        if (trackUuid != m_lastUuid || m_lastUuidTrack == 0xffffffffu) {
            m_lastUuid = trackUuid;
            m_lastUuidTrack = m_out.trackForUuid(trackUuid);
        }
        return m_lastUuidTrack;
    }
    if (seq.hasLegacyThread)
        return m_out.trackForThread(seq.legacyPid, seq.legacyTid);
    return m_out.trackForUuid(0);
}

void PacketParser::emitExtraCounters(SequenceState &seq, std::int64_t ts, std::uint8_t domain, std::uint64_t offset)
{
    // Extra counters go out as counter events at the same timestamp (any event type may carry
    // them). Values pair index-wise with the event's uuid list, else the defaults' list.
    const TrackEventScratch &s = *m_scratch;
    auto emitExtras = [&](const std::vector<std::uint64_t> &own, const std::vector<std::uint64_t> &deflt,
                          auto &values, bool isInt) {
        if (values.empty())
            return;
        const auto &uuids = own.empty() ? deflt : own;
        if (uuids.size() != values.size())
            m_out.problem(DiagKind::MalformedEvent, offset, "extra counter values and track uuids differ in number");
        const std::size_t k = std::min(uuids.size(), values.size());
        for (std::size_t i = 0; i < k; ++i) {
            Ev c;
            c.order = m_order;
            c.part = m_part;
            c.ts = ts;
            c.domain = domain;
            const std::uint32_t ct = m_out.trackForUuid(uuids[i]);
            c.type = EvType::Counter;
            c.name = seq.generation;
            c.flags = isInt ? kEvIntCounter : 0;
            c.u.value = static_cast<double>(values[i]);
            m_out.tracks[ct].events.push_back(c);
        }
    };
    emitExtras(s.extraUuids, seq.defaultExtraCounters, s.extraValues, true);
    emitExtras(s.extraDoubleUuids, seq.defaultExtraDoubleCounters, s.extraDoubleValues, false);
}

void PacketParser::fillSliceFields(Ev &ev, SequenceState &seq, std::int64_t legacyDurNs, std::uint64_t offset)
{
    const TrackEventScratch &s = *m_scratch;
    // Name.
    if (s.hasName) {
        if (!s.nameStr.empty()) {
            ev.name = m_strings.intern(s.nameStr);
            ev.flags |= kEvHasName;
        }
    } else if (s.hasNameIid) {
        if (const model::StringId *id = seq.names.find(s.nameIid)) {
            ev.name = *id;
            if (*id != model::kEmptyString)
                ev.flags |= kEvHasName;
        } else {
            m_out.problem(DiagKind::MissingField, offset, "event name iid not in the sequence's interned data");
        }
    }
    // Categories.
    if (!s.categoryNames.empty() || !s.categoryIids.empty()) {
        ev.cat = joinCategories(seq, offset);
        if (ev.cat != model::kEmptyString)
            ev.flags |= kEvHasCategory;
    }
    // Args.
    ev.u.s.args = s.annotations.empty() ? 0 : m_args.write(s.annotations, seq, offset);
    ev.u.s.extra = kNoExtra;

    // Flows (47/48 win over the deprecated 36/42), the legacy bind_id and legacy durations.
    const auto &flows = s.flows.empty() ? s.flowsOld : s.flows;
    const auto &terms = s.terms.empty() ? s.termsOld : s.terms;
    std::optional<std::uint64_t> bindId;
    std::uint8_t bindDirection = F::LegacyEvent::FLOW_UNSPECIFIED;
    if (s.hasLegacy)
        readLegacyBinding(bindId, bindDirection);
    if (!flows.empty() || !terms.empty() || bindId || ev.type == EvType::Complete) {
        EvExtra x;
        x.flowBegin = static_cast<std::uint32_t>(m_out.flowIds.size());
        x.flowCount = static_cast<std::uint16_t>(std::min<std::size_t>(flows.size(), 0xffff));
        x.termCount = static_cast<std::uint16_t>(std::min<std::size_t>(terms.size(), 0xffff));
        m_out.flowIds.insert(m_out.flowIds.end(), flows.begin(), flows.begin() + x.flowCount);
        m_out.flowIds.insert(m_out.flowIds.end(), terms.begin(), terms.begin() + x.termCount);
        if (bindId) {
            x.hasBindId = true;
            x.bindDirection = bindDirection;
            m_out.flowIds.push_back(*bindId);
        }
        x.dur = legacyDurNs < 0 ? 0 : legacyDurNs;
        ev.u.s.extra = static_cast<std::uint32_t>(m_out.extras.size());
        m_out.extras.push_back(x);
    }
}

void PacketParser::readLegacyBinding(std::optional<std::uint64_t> &bindId, std::uint8_t &direction) const
{
    // Flow v2 on any event type (trace_processor reads it on slices and instants alike).
    Decoder e(m_scratch->legacy);
    Field g;
    while (e.next(g)) {
        if (g.id == F::LegacyEvent::bind_id && g.type == wire::Varint)
            bindId = g.value;
        else if (g.id == F::LegacyEvent::flow_direction && g.type == wire::Varint)
            direction = g.value <= F::LegacyEvent::FLOW_INOUT ? std::uint8_t(g.value) : F::LegacyEvent::FLOW_UNSPECIFIED;
    }
}

std::uint32_t PacketParser::joinCategories(SequenceState &seq, std::uint64_t offset)
{
    TrackEventScratch &s = *m_scratch;
    if (s.categoryNames.size() == 1 && s.categoryIids.empty())
        return m_strings.intern(s.categoryNames[0]);
    if (s.categoryIids.size() == 1 && s.categoryNames.empty()) {
        if (const model::StringId *id = seq.categories.find(s.categoryIids[0]))
            return *id;
        m_out.problem(DiagKind::MissingField, offset, "category iid not in the sequence's interned data");
        return model::kEmptyString;
    }
    s.joined.clear();
    auto add = [&](std::string_view c) {
        if (c.empty())
            return;
        if (!s.joined.empty())
            s.joined.push_back(',');
        s.joined.append(c);
    };
    for (std::uint64_t iid : s.categoryIids) {
        if (const model::StringId *id = seq.categories.find(iid))
            add(m_strings.view(*id));
        else
            m_out.problem(DiagKind::MissingField, offset, "category iid not in the sequence's interned data");
    }
    for (std::string_view c : s.categoryNames)
        add(c);
    return m_strings.intern(s.joined);
}
} // namespace accelscope::importers::perfetto
