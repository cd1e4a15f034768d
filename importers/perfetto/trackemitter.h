// Pass 2 of the Perfetto importer: converts clocks, applies counter multipliers and incremental
// counters in file order, maps Perfetto tracks onto the model's processes and tracks, sorts each
// track's events by (timestamp, file order), pairs BEGIN/END exactly as trace_processor's
// SliceTracker does, chains flows, and writes the result into a BuilderShard.
#pragma once

#include "parsedtrace.h"

#include "model/tracebuilder.h"

#include <stop_token>
#include <string>

namespace accelscope::importers::perfetto {

struct EmitResult {
    std::uint32_t traceClock = 0;
    std::uint64_t unmatchedEnds = 0;
    std::uint64_t unterminated = 0;
    /// Instants that carry flows, kept as zero-length slices so their flows bind (trace_processor).
    std::uint64_t instantsWithFlows = 0;
    bool canceled = false;
};

/// Writes `parsed` into `shard`. `parsed` is consumed (each track's events are released as it goes).
EmitResult emitTracks(MergedTrace &parsed, model::BuilderShard &shard, const std::string &file,
                      const std::stop_token &stop = {});

} // namespace accelscope::importers::perfetto
