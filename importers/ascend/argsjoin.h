// Extra args for timeline slices, looked up by slice name and start time: kernel_details.csv
// rows for device tasks (exact start, ±2 ns for the HCCL rows that msprof rounds differently)
// and communication.json op info for HCCL ops (start given in float µs, so ±1 µs).
// Built once before parsing, then read concurrently by the parser threads.
#pragma once

#include "model/types.h"

#include <atomic>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace accelscope::importers::ascend {

class ArgsJoin {
public:
    /// Renders the members of a lazily added entry (called from parser threads: must be
    /// thread-safe and must only read shared state).
    using Renderer = std::function<void(std::uint32_t ref, std::string &out)>;

    explicit ArgsJoin(model::TimeNs tolerance = 2) : m_tolerance(tolerance) {}
    ArgsJoin(ArgsJoin &&) = default;
    ArgsJoin &operator=(ArgsJoin &&) = default;

    /// `members` is JSON object members text without braces ("\"a\":1,\"b\":\"x\"").
    void add(std::string_view name, model::TimeNs start, std::string members);
    /// An entry whose members the renderer writes when a slice matches it: kernel_details rows
    /// are rendered by the parser threads, in parallel, and only for rows that match.
    void addRef(std::string_view name, model::TimeNs start, std::uint32_t ref);
    /// As addRef(), without copying `name`: it must stay valid as long as the join (a view into
    /// the CSV text that the renderer keeps alive).
    void addRefStable(std::string_view name, model::TimeNs start, std::uint32_t ref);
    /// Expected number of entries (and names), to size the index once.
    void reserve(std::size_t n) { m_byName.reserve(n); }
    void setRenderer(Renderer r) { m_render = std::move(r); }
    /// Call once after the last add().
    void finalize();

    /// Appends the members for the slice (name, start) to `out`; false when none matches.
    /// Thread-safe after finalize(); marks the entry as used.
    bool find(std::string_view name, model::TimeNs start, std::string &out) const;

    std::size_t size() const { return m_count; }
    std::size_t matched() const;
    bool empty() const { return m_count == 0; }

private:
    struct Entry {
        model::TimeNs start;
        std::uint32_t index;
        std::uint32_t ref;
        bool lazy;
        std::string members;
    };
    model::TimeNs m_tolerance;
    std::deque<std::string> m_names;
    std::unordered_map<std::string_view, std::vector<Entry>> m_byName;
    std::size_t m_count = 0;
    std::unique_ptr<std::atomic<std::uint8_t>[]> m_used;
    Renderer m_render;
};

} // namespace accelscope::importers::ascend
