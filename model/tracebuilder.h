// TraceBuilder: the only way to make a Trace. Importers write events into BuilderShards
// (one per parsing thread or chunk, each with its own string table and args arena, so no
// locks are taken per event), merge the shards in input order, and call build(), which sorts,
// matches B/E and async pairs, nests slices into rows, binds flows and indexes everything.
#pragma once

#include "trace.h"

#include <functional>
#include <memory>
#include <stop_token>
#include <string_view>
#include <unordered_map>

namespace accelscope::model {

/// Identifies a process or thread as the source names it: a number, or a string (then `str`
/// is a StringId of the shard that made the key and `num` is ignored).
struct EntityKey {
    std::int64_t num = 0;
    StringId str = kEmptyString;
    static EntityKey number(std::int64_t n) { return {n, kEmptyString}; }
    friend bool operator==(const EntityKey &, const EntityKey &) = default;
};

/// Local handles, valid only inside the shard that returned them.
using LocalProcess = std::uint32_t;
using LocalTrack = std::uint32_t;

enum class FlowPhase : std::uint8_t { Start, Step, End };
enum class FlowBinding : std::uint8_t {
    Enclosing,   ///< innermost slice containing ts on the track (flow v1 's', 'f' with bp:"e")
    Next,        ///< first slice starting at or after ts (flow v1 'f'/'t' without bp:"e")
    ExactSlice,  ///< the slice that starts at ts with the given name (flow v2 bind_id)
};

class BuilderShard {
public:
    explicit BuilderShard(std::uint32_t source = 0);
    ~BuilderShard();
    BuilderShard(BuilderShard &&) noexcept;
    BuilderShard &operator=(BuilderShard &&) noexcept;

    std::uint32_t source() const { return m_source; }
    StringId intern(std::string_view s) { return m_strings.intern(s); }
    ArgsId addArgs(std::string_view json) { return json.empty() ? kNoArgs : m_args.add(json); }
    /// Hint: about how many bytes of args text this shard will hold.
    void reserveArgs(std::size_t bytes) { m_args.reserve(bytes); }
    std::string_view str(StringId id) const { return m_strings.view(id); }

    // --- processes and tracks (created on first use; keys are per source) ---
    LocalProcess process(EntityKey pid);
    LocalTrack thread(LocalProcess p, EntityKey tid);
    LocalTrack counterTrack(LocalProcess p, StringId seriesName);
    LocalTrack asyncTrack(LocalProcess p, StringId name);
    LocalTrack processInstantTrack(LocalProcess p);
    LocalTrack globalInstantTrack();

    // --- attributes (the last value set wins when shards merge) ---
    void setProcessName(LocalProcess p, StringId name);
    void setProcessLabels(LocalProcess p, StringId labels);
    void setProcessSortIndex(LocalProcess p, std::int64_t idx);
    void setProcessKind(LocalProcess p, ProcessKind kind, std::int32_t device = -1);
    void setThreadName(LocalTrack t, StringId name);
    void setThreadSortIndex(LocalTrack t, std::int64_t idx);
    void setTrackRole(LocalTrack t, TrackRole role, EngineKind engine = EngineKind::None, std::int32_t core = -1);

    // --- events ---
    void addSlice(LocalTrack t, TimeNs start, TimeNs dur, StringId name, StringId cat, ArgsId args);
    void beginSlice(LocalTrack t, TimeNs ts, StringId name, StringId cat, ArgsId args);
    void endSlice(LocalTrack t, TimeNs ts, StringId name = kEmptyString, ArgsId args = kNoArgs);
    void addInstant(LocalTrack t, TimeNs ts, StringId name, StringId cat, ArgsId args);
    void addCounter(LocalTrack t, TimeNs ts, double value);
    /// Async (nestable) events of a process, matched by `key` (the source's cat+id, combined by
    /// the importer). The slice goes to asyncTrack(p, name of the begin).
    void asyncBegin(LocalProcess p, StringId key, TimeNs ts, StringId name, StringId cat, ArgsId args);
    void asyncEnd(LocalProcess p, StringId key, TimeNs ts);
    /// `startFirst`: the source's clocks may put an end before its start (Ascend host vs
    /// device); pair the id's start with its ends regardless of timestamp order.
    void addFlow(FlowPhase phase, FlowBinding binding, std::uint64_t id, StringId key, LocalTrack t, TimeNs ts,
                 StringId sliceName = kEmptyString, bool startFirst = false);

    DiagnosticSink &diagnostics() { return m_diags; }
    std::uint64_t eventCount() const { return m_events; }

private:
    friend class TraceBuilder;
    struct Impl;
    std::uint32_t m_source;
    StringTable m_strings;
    ArgsStore m_args;
    DiagnosticSink m_diags;
    std::uint64_t m_events = 0;
    std::unique_ptr<Impl> d;
};

struct BuildProgress {
    std::function<void(double)> report; ///< fraction 0..1 of the build stage; may be empty
    std::stop_token stop;
};

class TraceBuilder {
public:
    TraceBuilder();
    ~TraceBuilder();

    /// Registers an input; returns its source index (used by shards and for the rank).
    std::uint32_t addSource(SourceInfo info);
    SourceInfo &source(std::uint32_t index);
    std::size_t sourceCount() const;

    /// Merges a shard. Shards of one source must be merged in input order (B/E pairs, flows
    /// and "last attribute wins" depend on it).
    void merge(BuilderShard &&shard);

    DiagnosticSink &diagnostics();

    /// Builds the immutable trace. Returns nullptr when stopped.
    std::shared_ptr<const Trace> build(const BuildProgress &progress = {});

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace accelscope::model
