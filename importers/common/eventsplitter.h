// Finds event boundaries in the traceEvents array at memory speed, so the array can be cut
// into chunks of whole events and parsed on several threads. It is a cut-down simdjson
// stage 1: 64 bytes at a time, SSE2 masks for quotes, backslashes and brackets, escape and
// in-string masks by bit tricks, then a walk over the (sparse) brackets only.
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>

namespace accelscope::importers::json {

class EventSplitter {
public:
    /// Scans bytes [data, data+n). `data` must be readable up to data+n rounded up to 64.
    /// Positions reported are offsets from `data`.
    /// Stops early when the array closes (returns the offset of the ']').
    /// Returns n when the array did not close in this range.
    std::size_t scan(const char *data, std::size_t n);

    /// Offset (from the last scan's data) just past the last event that ended in the last
    /// scan, or -1 when none ended.
    std::ptrdiff_t lastEventEnd() const { return m_state.lastEventEnd; }
    std::uint64_t eventsEnded() const { return m_state.eventsEnded; }
    bool arrayClosed() const { return m_state.arrayClosed; }
    /// Nesting depth inside the array: 0 between events.
    int depth() const { return m_state.depth; }
    bool inString() const { return m_state.inString != 0; }
    /// Events nested deeper than `levels` (the event object is level 1) set tooDeep().
    void setDepthLimit(int levels) { m_state.depthLimit = levels > 0 ? levels : INT_MAX; }
    /// Some event scanned since clearTooDeep() nests deeper than the limit.
    bool tooDeep() const { return m_state.tooDeep; }
    void clearTooDeep() { m_state.tooDeep = false; }

    /// What a scan carries to the next one (the scan itself is compiled per instruction set).
    struct State {
        std::uint64_t prevEscaped = 0;
        std::uint64_t inString = 0; ///< all ones when the previous block ended inside a string
        int depth = 0;
        bool arrayClosed = false;
        std::ptrdiff_t lastEventEnd = -1;
        std::uint64_t eventsEnded = 0;
        int depthLimit = INT_MAX;
        bool tooDeep = false;
    };
    const State &state() const { return m_state; }

private:
    State m_state;
};

} // namespace accelscope::importers::json
