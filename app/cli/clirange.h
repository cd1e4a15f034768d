// The command line's time arguments, one reading for analyze, export and the png export:
// integers in ns, and `--range START_NS:END_NS` in ns since the trace start (either side may be
// empty; half-open; an empty END is the trace end and includes the slices ending there).
#pragma once

#include "model/trace.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace accelscope::app {

/// A whole decimal integer (optional sign), nothing else.
bool parseNs(std::string_view s, std::int64_t &out);

struct RelativeRange {
    std::optional<std::int64_t> start, end; ///< ns since the trace start; nullopt = open side
};

/// Parses "START_NS:END_NS"; on failure returns false and says why in `error`.
bool parseRelativeRange(std::string_view text, RelativeRange &out, std::string &error);

/// The range in the trace's absolute ns, or nullopt with `error` set when END is before START.
std::optional<std::pair<model::TimeNs, model::TimeNs>> resolveRange(const RelativeRange &r, const model::Trace &trace,
                                                                    std::string &error);

} // namespace accelscope::app
