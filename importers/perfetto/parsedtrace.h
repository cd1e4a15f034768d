// The intermediate result of pass 1 of the Perfetto importer: events in file order with their
// raw timestamps, descriptors, clock snapshots and counts. Pass 2 (TrackEmitter) converts the
// clocks, sorts per track, pairs slices and writes everything into a BuilderShard.
//
// Kept compact on purpose (32 bytes per event): names and categories are already interned into
// the shard's string table, args are JSON text in one arena, flows and durations live in a side
// table that only the few events carrying them use.
#pragma once

#include "model/diagnostics_catalogue.h"
#include "model/types.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace accelscope::importers::perfetto {

enum class EvType : std::uint8_t { Begin, End, Instant, Counter, Complete };

enum EvFlag : std::uint8_t {
    kEvHasName = 1 << 0,     ///< END: the event named the slice it closes
    kEvHasCategory = 1 << 1, ///< END: the event gave categories
    kEvIntCounter = 1 << 2,  ///< counter value came from an integer field
};

constexpr std::uint32_t kNoExtra = 0xffffffffu;

/// One track event after pass 1. `ts` is in the clock domain `domain` until pass 2 converts it.
struct Ev {
    std::int64_t ts = 0;
    std::uint32_t track = 0;      ///< index into ParsedTrace::tracks
    std::uint32_t name = 0;       ///< StringId (shard); counters: incremental-state generation
    std::uint32_t cat = 0;        ///< StringId (shard), categories joined with ","
    EvType type = EvType::Instant;
    std::uint8_t domain = 0;      ///< index into ParsedTrace::domains
    std::uint8_t flags = 0;
    std::uint8_t pad = 0;
    union {
        struct {
            std::uint32_t args;   ///< index into ParsedTrace::args (0 = none)
            std::uint32_t extra;  ///< index into ParsedTrace::extras, or kNoExtra
        } s;
        double value;             ///< counters
    } u{};
};
static_assert(sizeof(Ev) == 32, "keep events compact");

/// Side data of the few events that carry flows or a duration (legacy 'X').
/// Extras are appended in file order, so their index doubles as the file-order tie-breaker.
struct EvExtra {
    std::uint32_t flowBegin = 0;  ///< into ParsedTrace::flowIds
    std::uint16_t flowCount = 0;  ///< flow_ids
    std::uint16_t termCount = 0;  ///< terminating_flow_ids, after the flow_ids
    std::int64_t dur = 0;         ///< legacy complete events (ns)
};

/// A track referenced by events: by uuid, or (legacy) by the pid/tid of a sequence.
struct TrackRef {
    std::uint64_t uuid = 0;
    bool legacyThread = false;
    std::int64_t pid = 0, tid = 0;
};

enum class DescKind : std::uint8_t { Plain, Process, Thread };

/// A TrackDescriptor, merged over re-emissions.
struct TrackDesc {
    std::uint64_t uuid = 0;
    std::optional<std::uint64_t> parent;
    std::string name;             ///< first non-empty name (last under SIBLING_MERGE_BEHAVIOR_NONE)
    DescKind kind = DescKind::Plain;
    std::int64_t pid = 0, tid = 0;
    bool isCounter = false;
    std::int64_t unitMultiplier = 1;
    bool incremental = false;
    std::uint32_t childOrdering = 0;
    std::optional<std::int32_t> rank;
    std::uint32_t order = 0;      ///< declaration order
};

/// A clock domain: a builtin (or otherwise global) clock id. Domain 0 is "the trace clock,
/// whatever it turns out to be" (packets that named no clock).
struct ClockSnapshotRec {
    std::vector<std::pair<std::uint32_t, std::int64_t>> clocks; ///< global clocks only, value in ns
};

struct ParsedTrace {
    std::vector<Ev> events;
    std::vector<EvExtra> extras;
    std::vector<std::uint64_t> flowIds;
    std::vector<TrackRef> tracks;
    std::unordered_map<std::uint64_t, std::uint32_t> trackByUuid;
    std::map<std::pair<std::int64_t, std::int64_t>, std::uint32_t> trackByThread;

    std::string argsArena;
    std::vector<std::pair<std::uint64_t, std::uint32_t>> args{{0, 0}}; ///< (offset, length); 0 = none

    std::unordered_map<std::uint64_t, TrackDesc> descriptors;
    std::vector<std::uint32_t> domains{0}; ///< clock id per domain; domains[0] = trace clock
    std::vector<ClockSnapshotRec> snapshots;
    std::optional<std::uint32_t> primaryClock;
    std::map<std::uint32_t, std::uint64_t> clockMultiplier; ///< global clocks with unit_multiplier_ns

    // Legacy (packet-level) process/thread descriptors: names by pid and by (pid, tid).
    std::map<std::int64_t, std::string> legacyProcessNames;
    std::map<std::pair<std::int64_t, std::int64_t>, std::string> legacyThreadNames;

    // Counts for metadata.
    std::uint64_t packets = 0;
    std::uint64_t trackDescriptors = 0;
    std::uint64_t droppedNeedsIncrementalState = 0;

    /// Problems found in pass 1, aggregated by (kind, detail): count and first byte offset.
    /// Only rare paths report here, never once per good event.
    std::map<std::pair<model::DiagKind, std::string>, std::pair<std::uint64_t, std::uint64_t>> problems;
    void problem(model::DiagKind kind, std::uint64_t offset, std::string detail = {}, std::uint64_t count = 1)
    {
        auto [it, inserted] = problems.try_emplace({kind, std::move(detail)}, 0, offset);
        it->second.first += count;
    }

    std::uint32_t trackForUuid(std::uint64_t uuid)
    {
        auto [it, inserted] = trackByUuid.try_emplace(uuid, static_cast<std::uint32_t>(tracks.size()));
        if (inserted)
            tracks.push_back(TrackRef{uuid, false, 0, 0});
        return it->second;
    }
    std::uint32_t trackForThread(std::int64_t pid, std::int64_t tid)
    {
        auto [it, inserted] = trackByThread.try_emplace({pid, tid}, static_cast<std::uint32_t>(tracks.size()));
        if (inserted)
            tracks.push_back(TrackRef{0, true, pid, tid});
        return it->second;
    }
    std::uint8_t domainFor(std::uint32_t clockId)
    {
        for (std::size_t i = 1; i < domains.size(); ++i)
            if (domains[i] == clockId)
                return static_cast<std::uint8_t>(i);
        if (domains.size() >= 255)
            return 0; // cannot happen with valid clock ids (< 128 distinct global clocks)
        domains.push_back(clockId);
        return static_cast<std::uint8_t>(domains.size() - 1);
    }
};

} // namespace accelscope::importers::perfetto
