// Places cdmlib dumps on the time base of a host trace loaded with them (Chrome JSON / Kineto
// written by the tpuDNN runtime), as bigTpuProfile's Perfetto output does
// (docs/formats/sophgo_tpu.md §1.9, docs/sophgo.md "Host trace alignment").
#pragma once

#include "model/tracebuilder.h"

namespace accelscope::importers::sophgo {

/// For every source with Sophgo cdmlib facts, when a "chrome-json" source was loaded with it:
/// sets the dump's timeOffsetNs so that its PMU tail lies `tail_offset_ns` before the end of the
/// host's last `disable_profile` event of category `tpudnn`; without that event, PMU cycle 0 goes
/// to the end of the first `tpudnn` event. Re-reads the host file (only events of category
/// `tpudnn` are looked at). Adds a diagnostic saying what was done or why nothing was.
void alignCdmlibDumpsToHostTrace(model::TraceBuilder &builder);

} // namespace accelscope::importers::sophgo
