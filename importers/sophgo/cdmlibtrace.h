// Turns a normalised cdmlib dump into model tracks, slices and counters (contract: docs/sophgo.md
// "Model").
#pragma once

#include "cdmlib.h"

#include "model/tracebuilder.h"

namespace accelscope::importers::sophgo {

struct CdmEmitOptions {
    /// Above this many records a dump's slices share args texts (no per-record keys), so memory
    /// stays near the slice columns' size. 0 = always per record.
    std::uint64_t perRecordArgsLimit = 1'000'000;
    std::int32_t rank = -1;       ///< source rank; -1 = let the loader decide
    std::int64_t sortIndex = 0;   ///< process sort index (dump order)
    std::uint32_t counterBins = 4096;
};

/// Adds one source (format "sophgo") with one process for the dump. Returns the source index.
/// Consumes the dump's records: each list's records are released once its slices are added.
std::uint32_t emitCdmlibDump(CdmDump &dump, model::TraceBuilder &builder, const CdmEmitOptions &options);

} // namespace accelscope::importers::sophgo
