#pragma once

#include "trace.h"

#include <string>

namespace accelscope::model {

/// Deterministic text dump of a whole trace (tracks, rows, slices, instants, counters, flows,
/// diagnostics) for golden tests and `accelscope-cli dump`. File paths are reduced to their
/// base name so dumps do not depend on where the repository lives.
std::string dumpTrace(const Trace &trace);

} // namespace accelscope::model
