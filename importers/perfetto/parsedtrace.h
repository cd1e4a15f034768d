// The intermediate result of pass 1 of the Perfetto importer. Each parser thread fills one
// ParsedTrace (events per track in file order with raw timestamps, descriptors, clock
// snapshots, args, counts); MergedTrace joins them by track for pass 2 (TrackEmitter), which
// converts clocks, sorts per track, pairs slices and writes everything into a BuilderShard.
//
// Kept compact on purpose (32 bytes per event): names and categories are StringPool ids, args
// are JSON text in an arena, flows and durations live in a side table that only the few events
// carrying them use.
#pragma once

#include "chunkedstorage.h"

#include "model/diagnostics_catalogue.h"
#include "model/types.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace accelscope::importers::perfetto {

enum class EvType : std::uint8_t { Begin, End, Instant, Counter, Complete, Dropped };

enum EvFlag : std::uint8_t {
    kEvHasName = 1 << 0,     ///< END: the event named the slice it closes
    kEvHasCategory = 1 << 1, ///< END: the event gave categories
    kEvIntCounter = 1 << 2,  ///< counter value came from an integer field
};

constexpr std::uint32_t kNoExtra = 0xffffffffu;

/// One track event after pass 1. `ts` is in the clock domain `domain` until pass 2 converts it.
struct Ev {
    std::int64_t ts = 0;
    std::uint32_t order = 0;      ///< packet number in the file: the tie-breaker of equal timestamps
    std::uint32_t name = 0;       ///< StringPool id; counters: incremental-state generation
    std::uint32_t cat = 0;        ///< StringPool id, categories joined with ","
    EvType type = EvType::Instant;
    std::uint8_t domain = 0;      ///< index into the parser's ParsedTrace::domains
    std::uint8_t flags = 0;
    std::uint8_t part = 0;        ///< which parser (ParsedTrace) made it: args/extra/domain live there
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
struct EvExtra {
    std::uint32_t flowBegin = 0;  ///< into ParsedTrace::flowIds
    std::uint16_t flowCount = 0;  ///< flow_ids
    std::uint16_t termCount = 0;  ///< terminating_flow_ids, after the flow_ids
    std::int64_t dur = 0;         ///< legacy complete events (ns)
    /// LegacyEvent bind_id (flow v2), stored after the terminating ids when hasBindId.
    bool hasBindId = false;
    std::uint8_t bindDirection = 0; ///< LegacyEvent::FlowDirection
};

/// A track referenced by events: by uuid, or (legacy) by the pid/tid of a sequence. Holds the
/// track's events in file order (of one parser).
struct TrackRef {
    std::uint64_t uuid = 0;
    bool legacyThread = false;
    std::int64_t pid = 0, tid = 0;
    BlockList<Ev> events;
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
    std::uint32_t order = 0;      ///< declaration order (packet number of the first emission)
    bool lastNameWins = false;    ///< SIBLING_MERGE_BEHAVIOR_NONE on this emission
};

/// A clock domain: a builtin (or otherwise global) clock id. Domain 0 is "the trace clock,
/// whatever it turns out to be" (packets that named no clock).
struct ClockSnapshotRec {
    std::vector<std::pair<std::uint32_t, std::int64_t>> clocks; ///< global clocks only, value in ns
};

struct ParsedTrace {
    std::vector<EvExtra> extras;
    std::vector<std::uint64_t> flowIds;
    std::vector<TrackRef> tracks;
    std::unordered_map<std::uint64_t, std::uint32_t> trackByUuid;
    std::map<std::pair<std::int64_t, std::int64_t>, std::uint32_t> trackByThread;

    TextArena argsText;                     ///< compact JSON objects
    ChunkedVector<std::string_view> args;   ///< args index -> text; index 0 = none

    ParsedTrace() { args.push_back({}); }

    std::vector<TrackDesc> descriptorEmissions; ///< in file order; merged by MergedTrace
    std::vector<std::uint32_t> domains{0}; ///< clock id per domain; domains[0] = trace clock
    std::vector<ClockSnapshotRec> snapshots;
    std::optional<std::uint32_t> primaryClock;
    std::map<std::uint32_t, std::uint64_t> clockMultiplier; ///< global clocks with unit_multiplier_ns

    // Legacy (packet-level) process/thread descriptors: names by pid and by (pid, tid).
    std::map<std::int64_t, std::string> legacyProcessNames;
    std::map<std::pair<std::int64_t, std::int64_t>, std::string> legacyThreadNames;

    // Counts for metadata.
    std::uint64_t packets = 0;
    std::uint64_t trackDescriptors = 0; ///< TrackDescriptor packets, valid or not
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
            tracks.push_back(TrackRef{uuid, false, 0, 0, {}});
        return it->second;
    }
    std::uint32_t trackForThread(std::int64_t pid, std::int64_t tid)
    {
        auto [it, inserted] = trackByThread.try_emplace({pid, tid}, static_cast<std::uint32_t>(tracks.size()));
        if (inserted)
            tracks.push_back(TrackRef{0, true, pid, tid, {}});
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

/// A track of the merged view: the event lists of every parser that saw it.
struct MergedTrack {
    std::uint64_t uuid = 0;
    bool legacyThread = false;
    std::int64_t pid = 0, tid = 0;
    std::vector<BlockList<Ev> *> lists;
    std::size_t size() const
    {
        std::size_t n = 0;
        for (auto *l : lists)
            n += l->size();
        return n;
    }
};

class StringPool;

/// All parsers' results joined for pass 2. Owns the parts; events stay in their blocks.
struct MergedTrace {
    std::vector<std::unique_ptr<ParsedTrace>> parts; ///< index = Ev::part
    const StringPool *strings = nullptr;
    std::vector<MergedTrack> tracks;
    std::unordered_map<std::uint64_t, TrackDesc> descriptors;
    std::vector<std::uint32_t> domains{0};           ///< global clock domains
    std::vector<std::vector<std::uint8_t>> domainOf; ///< [part][local domain] -> global domain
    std::vector<ClockSnapshotRec> snapshots;
    std::optional<std::uint32_t> primaryClock;
    std::map<std::uint32_t, std::uint64_t> clockMultiplier;
    std::map<std::int64_t, std::string> legacyProcessNames;
    std::map<std::pair<std::int64_t, std::int64_t>, std::string> legacyThreadNames;
    std::uint64_t packets = 0;
    std::uint64_t trackDescriptors = 0;
    std::uint64_t droppedNeedsIncrementalState = 0;
    std::map<std::pair<model::DiagKind, std::string>, std::pair<std::uint64_t, std::uint64_t>> problems;

    std::string_view args(const Ev &e, std::uint32_t index) const { return parts[e.part]->args[index]; }
    const EvExtra &extra(const Ev &e) const { return parts[e.part]->extras[e.u.s.extra]; }
    std::uint64_t flowId(const Ev &e, std::uint32_t i) const
    {
        return parts[e.part]->flowIds[extra(e).flowBegin + i];
    }
};

/// Joins parser outputs (tracks by uuid / legacy thread, descriptors in packet order, clocks,
/// names, counts and problems).
MergedTrace mergeParts(std::vector<std::unique_ptr<ParsedTrace>> parts, const StringPool &strings);

} // namespace accelscope::importers::perfetto
