// Converts timestamps of the clock domains found in pass 1 to the trace clock, with the
// ClockSnapshots of the whole file (trace_processor's rules: the latest snapshot whose source
// value is <= t, else the first; multi-hop through other clocks is allowed).
#pragma once

#include "parsedtrace.h"

#include <cstdint>
#include <vector>

namespace accelscope::importers::perfetto {

class ClockConverter {
public:
    explicit ClockConverter(const MergedTrace &trace);

    /// The trace clock: primary_trace_clock of a snapshot, else BOOTTIME.
    std::uint32_t traceClock() const { return m_traceClock; }
    /// False when the domain's clock cannot be related to the trace clock.
    bool canConvert(std::uint8_t domain) const { return m_domains[domain].ok; }
    /// True when every domain converts by identity (the common single-clock trace).
    bool allIdentity() const { return m_allIdentity; }
    std::int64_t convert(std::uint8_t domain, std::int64_t raw) const;
    /// Clock id of a domain (for messages).
    std::uint32_t clockOf(std::uint8_t domain) const { return m_domains[domain].clock; }

private:
    struct Hop {
        // (source value, target value) pairs in ns, sorted by source value.
        std::vector<std::pair<std::int64_t, std::int64_t>> points;
    };
    struct Domain {
        std::uint32_t clock = 0;
        bool ok = true;
        bool identity = true;
        std::int64_t multiplier = 1;
        std::vector<Hop> hops;
    };
    std::uint32_t m_traceClock;
    bool m_allIdentity = true;
    std::vector<Domain> m_domains;
};

} // namespace accelscope::importers::perfetto
