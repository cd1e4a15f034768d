// Pass 1 of the Perfetto importer: decodes TracePackets one at a time, in file order, keeping
// the per-sequence state (interning, defaults, incremental state, sequence clocks) and appending
// resolved events to a ParsedTrace. Nothing here depends on events being time ordered.
#pragma once

#include "debugannotations.h"
#include "parsedtrace.h"
#include "protowire.h"
#include "sequencestate.h"
#include "stringpool.h"

#include "importers/importer.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace accelscope::importers::perfetto {

class PacketParser {
public:
    /// `part` identifies this parser's ParsedTrace in the merged view (Ev::part); `maxJsonDepth`
    /// bounds the nesting of debug annotations (InputLimits::maxJsonDepth).
    PacketParser(StringPool &strings, ParsedTrace &out, std::uint8_t part = 0,
                 std::uint32_t maxJsonDepth = InputLimits{}.maxJsonDepth);
    ~PacketParser();

    /// One serialized TracePacket; `offset` is its position in the (decompressed) input, used
    /// for diagnostics only; `order` its number in the file (ties of equal timestamps).
    /// Packets of one sequence must come to one parser, in file order.
    /// When `container` is given and the packet is a compressed_packets container, the field is
    /// stored there and false is returned (the caller expands it); else true.
    bool parsePacket(const std::uint8_t *p, std::size_t n, std::uint64_t offset, std::uint32_t order,
                     wire::Field *container = nullptr);

private:
    struct TrackEventScratch;
    SequenceState &sequence(std::uint32_t id);
    void handleTrackEvent(const std::uint8_t *p, std::size_t n, SequenceState &seq, bool hasTs, std::int64_t ts,
                          std::uint8_t domain, std::uint64_t offset);
    /// A packet's timestamp in its clock domain (0 = the packet has no clock id); false, with a
    /// problem reported, when its clock cannot be resolved.
    bool resolvePacketTime(SequenceState &seq, std::uint32_t clockId, std::uint64_t ts, std::uint64_t offset,
                           std::int64_t &tsOut, std::uint8_t &domain);
    // The steps of handleTrackEvent, over the event decoded into m_scratch. Each reports its
    // problem and returns false when the event is dropped.
    bool decodeTrackEvent(const std::uint8_t *p, std::size_t n, std::uint64_t offset);
    bool resolveEventType(std::uint64_t offset, EvType &evType, std::int64_t &legacyDurNs);
    bool resolveTimestamp(SequenceState &seq, bool hasTs, std::int64_t &ts, std::uint8_t &domain, std::uint64_t offset);
    std::uint32_t resolveTrack(SequenceState &seq);
    void emitExtraCounters(SequenceState &seq, std::int64_t ts, std::uint8_t domain, std::uint64_t offset);
    void fillSliceFields(Ev &ev, SequenceState &seq, std::int64_t legacyDurNs, std::uint64_t offset);
    /// LegacyEvent bind_id and flow_direction of the current event, when it has them.
    void readLegacyBinding(std::optional<std::uint64_t> &bindId, std::uint8_t &direction) const;
    bool handleInternedData(const std::uint8_t *p, std::size_t n, SequenceState &seq);
    bool handleDefaults(const std::uint8_t *p, std::size_t n, SequenceState &seq);

    std::uint32_t joinCategories(SequenceState &seq, std::uint64_t offset);

    LocalInterner m_strings;
    ParsedTrace &m_out;
    DebugAnnotationWriter m_args;
    std::uint8_t m_part = 0;
    std::uint32_t m_order = 0;
    std::unordered_map<std::uint32_t, std::unique_ptr<SequenceState>> m_sequences;
    std::uint32_t m_lastSeqId = 0xffffffffu;
    SequenceState *m_lastSeq = nullptr;
    std::uint32_t m_nextGeneration = 1; ///< part in the top bits: unique across parsers

    // Scratch reused across events (no allocation per event).
    std::unique_ptr<TrackEventScratch> m_scratch;

    // One-entry cache for uuid -> track index (events of one track tend to come in runs).
    std::uint64_t m_lastUuid = 0;
    std::uint32_t m_lastUuidTrack = 0xffffffffu;
};

} // namespace accelscope::importers::perfetto
