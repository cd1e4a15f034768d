// Pass 1 of the Perfetto importer: decodes TracePackets one at a time, in file order, keeping
// the per-sequence state (interning, defaults, incremental state, sequence clocks) and appending
// resolved events to a ParsedTrace. Nothing here depends on events being time ordered.
#pragma once

#include "debugannotations.h"
#include "parsedtrace.h"
#include "sequencestate.h"

#include "model/tracebuilder.h"

#include <cstdint>
#include <memory>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace accelscope::importers::perfetto {

class PacketParser {
public:
    PacketParser(model::BuilderShard &shard, ParsedTrace &out);
    ~PacketParser();

    /// One serialized TracePacket; `offset` is its position in the (decompressed) input, used
    /// for diagnostics only.
    void parsePacket(const std::uint8_t *p, std::size_t n, std::uint64_t offset);

    /// A serialized Trace fragment (the payload of compressed_packets after inflating).
    void parseTraceFragment(const std::uint8_t *p, std::size_t n, std::uint64_t offset);

private:
    struct TrackEventScratch;
    SequenceState &sequence(std::uint32_t id);
    void handleTrackEvent(const std::uint8_t *p, std::size_t n, SequenceState &seq, bool hasTs, std::int64_t ts,
                          std::uint8_t domain, std::uint64_t offset);
    bool handleInternedData(const std::uint8_t *p, std::size_t n, SequenceState &seq);
    bool handleDefaults(const std::uint8_t *p, std::size_t n, SequenceState &seq);
    void handleCompressed(std::uint32_t field, const std::uint8_t *p, std::size_t n, std::uint64_t offset);

    std::uint32_t joinCategories(SequenceState &seq, std::uint64_t offset);

    model::BuilderShard &m_shard;
    ParsedTrace &m_out;
    DebugAnnotationWriter m_args;
    std::unordered_map<std::uint32_t, std::unique_ptr<SequenceState>> m_sequences;
    std::uint32_t m_lastSeqId = 0xffffffffu;
    SequenceState *m_lastSeq = nullptr;
    std::uint32_t m_nextGeneration = 1;
    int m_fragmentDepth = 0;

    // Scratch reused across events (no allocation per event).
    std::unique_ptr<TrackEventScratch> m_scratch;

    // One-entry cache for uuid -> track index (events of one track tend to come in runs).
    std::uint64_t m_lastUuid = 0;
    std::uint32_t m_lastUuidTrack = 0xffffffffu;
};

} // namespace accelscope::importers::perfetto
