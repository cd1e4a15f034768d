// Private storage shared by BuilderShard (local ids) and TraceBuilder (global ids).
#pragma once

#include "tracebuilder.h"

#include <optional>
#include <unordered_map>

namespace accelscope::model::detail {

enum class TrackKind : std::uint8_t { Thread, Counter, Async, ProcessInstants, GlobalInstants };

struct ProcessData {
    std::uint32_t source = 0;
    EntityKey pid;
    std::optional<StringId> name, labels;
    std::optional<std::int64_t> sortIndex;
    std::optional<std::pair<ProcessKind, std::int32_t>> kind;
};

struct BeginEnd {
    TimeNs ts;
    StringId name;
    StringId cat;
    ArgsId args;
    bool begin;
};

struct TrackData {
    std::uint32_t process = 0;
    TrackKind kind = TrackKind::Thread;
    EntityKey tid;               ///< Thread
    StringId nameKey = kEmptyString; ///< Counter / Async
    std::optional<StringId> name;
    std::optional<std::int64_t> sortIndex;
    std::optional<TrackRole> role;
    EngineKind engine = EngineKind::None;
    std::int32_t core = -1;

    SliceColumns slices; // unsorted, flags may be set
    /// Slices of merged shards, kept as moved-in segments and concatenated once in build():
    /// appending shard by shard would regrow (copy and page-fault) the columns log(n) times.
    std::vector<SliceColumns> sliceSegments;
    std::vector<BeginEnd> be;
    InstantColumns instants;
    std::vector<TimeNs> counterTs;
    std::vector<double> counterValue;
};

struct AsyncEvent {
    std::uint32_t process;
    StringId key;
    TimeNs ts;
    StringId name;
    StringId cat;
    ArgsId args;
    bool begin;
};

struct FlowEvent {
    FlowPhase phase;
    FlowBinding binding;
    std::uint64_t id;
    StringId key;
    std::uint32_t track;
    TimeNs ts;
    StringId sliceName;
    bool startFirst;
    std::uint32_t source = 0; ///< ids are only unique within one input
};

struct KeyHash {
    std::size_t operator()(const std::tuple<std::uint32_t, std::int64_t, StringId> &k) const
    {
        auto [a, b, c] = k;
        std::uint64_t h = (std::uint64_t(a) * 0x9E3779B97F4A7C15ull) ^ (std::uint64_t(b) + 0x632BE59BD9B4E019ull)
            ^ (std::uint64_t(c) << 32);
        h ^= h >> 31;
        return static_cast<std::size_t>(h * 0xBF58476D1CE4E5B9ull);
    }
};
struct TrackKeyHash {
    std::size_t operator()(const std::tuple<std::uint32_t, std::uint8_t, std::int64_t, StringId> &k) const
    {
        auto [a, b, c, e] = k;
        std::uint64_t h = (std::uint64_t(a) * 0x9E3779B97F4A7C15ull) ^ (std::uint64_t(b) << 56)
            ^ (std::uint64_t(c) * 0x632BE59BD9B4E019ull) ^ (std::uint64_t(e) << 24);
        h ^= h >> 29;
        return static_cast<std::size_t>(h * 0xBF58476D1CE4E5B9ull);
    }
};

/// Processes, tracks and events with ids local to this store.
struct Store {
    std::vector<ProcessData> processes;
    std::vector<TrackData> tracks;
    std::vector<AsyncEvent> async;
    std::vector<FlowEvent> flows;
    // (source, pid num, pid str) -> process
    std::unordered_map<std::tuple<std::uint32_t, std::int64_t, StringId>, std::uint32_t, KeyHash> processIndex;
    // (process, kind, tid num, tid str or name key) -> track
    std::unordered_map<std::tuple<std::uint32_t, std::uint8_t, std::int64_t, StringId>, std::uint32_t, TrackKeyHash>
        trackIndex;

    std::uint32_t process(std::uint32_t source, EntityKey pid);
    std::uint32_t track(std::uint32_t process, TrackKind kind, EntityKey tid, StringId nameKey);
};

} // namespace accelscope::model::detail
