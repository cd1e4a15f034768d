#pragma once

#include "model/trace.h"

#include <string>

namespace accelscope::app {

/// `accelscope-cli info --json`: one JSON object with counts, processes and diagnostics.
std::string traceInfoJson(const model::Trace &trace, const std::string &format);
/// The same facts for people.
std::string traceInfoText(const model::Trace &trace, const std::string &format);

} // namespace accelscope::app
