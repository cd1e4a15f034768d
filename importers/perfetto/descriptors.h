// Pass-1 handlers for the timeless, global packet kinds: TrackDescriptor, ClockSnapshot and
// the legacy process/thread descriptor packets.
#pragma once

#include "parsedtrace.h"
#include "sequencestate.h"

#include <cstdint>

namespace accelscope::importers::perfetto {

/// Records (or merges) a TrackDescriptor into out.descriptors.
void parseTrackDescriptor(const std::uint8_t *p, std::size_t n, std::uint64_t offset, ParsedTrace &out);
/// Records global clocks for the converter and (re)anchors the sequence's scoped clocks.
void parseClockSnapshot(const std::uint8_t *p, std::size_t n, SequenceState &seq, std::uint64_t offset,
                        ParsedTrace &out);
/// TracePacket.process_descriptor (43) / thread_descriptor (44): names, and the sequence's thread.
void parseLegacyDescriptor(std::uint32_t field, const std::uint8_t *p, std::size_t n, SequenceState &seq,
                           std::uint64_t offset, ParsedTrace &out);

} // namespace accelscope::importers::perfetto
