#include "app/cli/clirange.h"

#include <charconv>

namespace accelscope::app {

bool parseNs(std::string_view s, std::int64_t &out)
{
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    if (s.empty())
        return false;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
    return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

bool parseRelativeRange(std::string_view text, RelativeRange &out, std::string &error)
{
    const auto colon = text.find(':');
    if (colon == std::string_view::npos) {
        error = "--range needs START_NS:END_NS";
        return false;
    }
    out = {};
    const std::string_view a = text.substr(0, colon), b = text.substr(colon + 1);
    std::int64_t v = 0;
    if (!a.empty()) {
        if (!parseNs(a, v)) {
            error = "--range: START is not an integer (ns since the trace start)";
            return false;
        }
        out.start = v;
    }
    if (!b.empty()) {
        if (!parseNs(b, v)) {
            error = "--range: END is not an integer (ns since the trace start)";
            return false;
        }
        out.end = v;
    }
    if (out.start && out.end && *out.end < *out.start) {
        error = "--range: END is before START";
        return false;
    }
    return true;
}

std::optional<std::pair<model::TimeNs, model::TimeNs>> resolveRange(const RelativeRange &r, const model::Trace &trace,
                                                                    std::string &error)
{
    const std::int64_t a = r.start.value_or(0);
    const std::int64_t b = r.end.value_or(trace.endNs() - trace.startNs());
    if (b < a) {
        error = "--range: END is before START";
        return std::nullopt;
    }
    // An open end includes the slices ending at the trace end (the range is half-open).
    return std::make_pair(trace.startNs() + a, trace.startNs() + b + (r.end ? 0 : 1));
}

} // namespace accelscope::app
