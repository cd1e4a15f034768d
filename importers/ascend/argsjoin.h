// Extra args for timeline slices, looked up by slice name and start time: kernel_details.csv
// rows for device tasks (exact start, ±2 ns for the HCCL rows that msprof rounds differently)
// and communication.json op info for HCCL ops (start given in float µs, so ±1 µs).
// Built once before parsing, then read concurrently by the parser threads.
#pragma once

#include "model/types.h"

#include <atomic>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace accelscope::importers::ascend {

class ArgsJoin {
public:
    explicit ArgsJoin(model::TimeNs tolerance = 2) : m_tolerance(tolerance) {}
    ArgsJoin(ArgsJoin &&) = default;
    ArgsJoin &operator=(ArgsJoin &&) = default;

    /// `members` is JSON object members text without braces ("\"a\":1,\"b\":\"x\"").
    void add(std::string_view name, model::TimeNs start, std::string members);
    /// Call once after the last add().
    void finalize();

    /// Members for the slice (name, start), or nullptr. Thread-safe after finalize(); marks
    /// the entry as used.
    const std::string *find(std::string_view name, model::TimeNs start) const;

    std::size_t size() const { return m_count; }
    std::size_t matched() const;
    bool empty() const { return m_count == 0; }

private:
    struct Entry {
        model::TimeNs start;
        std::uint32_t index;
        std::string members;
    };
    model::TimeNs m_tolerance;
    std::deque<std::string> m_names;
    std::unordered_map<std::string_view, std::vector<Entry>> m_byName;
    std::size_t m_count = 0;
    std::unique_ptr<std::atomic<std::uint8_t>[]> m_used;
};

} // namespace accelscope::importers::ascend
