// Pass-1 handlers for the timeless, global packet kinds: TrackDescriptor, ClockSnapshot and
// the legacy process/thread descriptor packets.
#pragma once

#include "parsedtrace.h"
#include "sequencestate.h"

#include <cstdint>

namespace accelscope::importers::perfetto {

/// Records a TrackDescriptor emission (packet number `order`) in out.descriptorEmissions.
void parseTrackDescriptor(const std::uint8_t *p, std::size_t n, std::uint64_t offset, std::uint32_t order,
                          ParsedTrace &out);
/// Folds a later emission of the same uuid into `dst` (trace_processor's merge rules).
void mergeDescriptor(TrackDesc &dst, const TrackDesc &later);
/// Records global clocks for the converter and (re)anchors the sequence's scoped clocks.
void parseClockSnapshot(const std::uint8_t *p, std::size_t n, SequenceState &seq, std::uint64_t offset,
                        ParsedTrace &out);
/// TracePacket.process_descriptor (43) / thread_descriptor (44): names, and the sequence's thread.
void parseLegacyDescriptor(std::uint32_t field, const std::uint8_t *p, std::size_t n, SequenceState &seq,
                           std::uint64_t offset, ParsedTrace &out);

} // namespace accelscope::importers::perfetto
