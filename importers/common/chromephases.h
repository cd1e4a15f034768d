// What the phases of the Chrome Trace Event Format mean, once for every JSON dialect of the
// event-array pipeline (jsonpipeline.h): complete and B/E slices, instants by scope, counters,
// flow events (s/t/f, binding point "bp":"e", Kineto's bind_id with flow_in/flow_out), async
// events (b/e/n and the legacy S/F) and metadata (process / thread names, labels, sort indices).
//
// A dialect derives from ChromePhaseHandler and overrides only the hooks where its format
// differs: how metadata is applied (Ascend keeps labels for its own track naming), what a
// slice's args hold (joined side tables, task statistics), how counter series and flows are
// named and matched, and what it notes about the source while events pass (vendor facts).
// Everything else (timestamps in µs read exactly into ns, track lookups, args minified into
// the shard, per-chunk diagnostics) is here.
//
// The EventHandler contract holds for the hooks: they run on the worker thread of the chunk,
// write only to the current shard (shard()) and to state the dialect resets in beginChunk()
// and commits in endChunk() (a chunk can be restarted).
#pragma once

#include "jsondialect.h"
#include "jsonpipeline.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace accelscope::importers::json {

class ChromePhaseHandler : public EventHandler {
public:
    explicit ChromePhaseHandler(std::string file) : m_file(std::move(file)) {}

    /// Dialects that override these call the base first (beginChunk) or last (endChunk).
    void beginChunk(model::BuilderShard &shard) override;
    void handle(const RawEvent &e, std::uint64_t pos) override;
    void endChunk(model::BuilderShard &shard) override;

protected:
    enum class Metadata { ProcessName, ProcessLabels, ProcessSortIndex, ThreadName, ThreadSortIndex };

    // --- hooks ---

    /// A metadata event ("ph":"M") of a known name with its value: the "name" / "labels"
    /// string (empty when absent) or the "sort_index" number. By default the process or thread
    /// gets it.
    virtual void applyMetadata(const RawEvent &e, Metadata what, const std::string &text, std::int64_t index);
    /// Every event with a valid timestamp (already moved by clockOffset()), before its phase is handled.
    virtual void noteTimedEvent(const RawEvent &e, model::TimeNs ts)
    {
        (void)e;
        (void)ts;
    }
    /// The args a slice (X, B or E) is stored with: `args` is the event's minified args object
    /// ("" when it has none); a dialect may return other text (valid until the next event).
    virtual std::string_view sliceArgs(const RawEvent &e, model::TimeNs ts, model::TimeNs dur, std::string_view args)
    {
        (void)e;
        (void)ts;
        (void)dur;
        return args;
    }
    /// A slice event was added to `track` (category `cat`).
    virtual void noteSlice(const RawEvent &e, model::LocalTrack track, model::StringId cat)
    {
        (void)e;
        (void)track;
        (void)cat;
    }
    /// A counter member that labels the event's series instead of being one (Ascend's
    /// integer "<x>_id" members): true, with `label` set.
    virtual bool counterLabel(const std::string &key, double value, std::string &label)
    {
        (void)key;
        (void)value;
        (void)label;
        return false;
    }
    /// The series name of counter member `key` of event `e` with `values` numeric members.
    virtual std::string counterSeries(const RawEvent &e, const std::string &key, std::size_t values);
    /// How flow events are matched: the name part of their (cat, name) key, the id's value, and
    /// whether a start pairs with its ends whatever the timestamps say (host and device clocks
    /// that disagree).
    virtual std::string_view flowName(const RawEvent &e) { return e.name; }
    virtual std::uint64_t flowId(std::string_view text) const;
    virtual bool flowStartFirst() const { return false; }
    /// A flow event (s, t or f) with an id, before it is added.
    virtual void noteFlow(const RawEvent &e, model::TimeNs ts)
    {
        (void)e;
        (void)ts;
    }

    // --- for dialects ---

    model::BuilderShard &shard() { return *m_shard; }
    EntityCache &entities() { return *m_entities; }
    const std::string &file() const { return m_file; }
    /// Writes the events that follow into `shard` through `entities` (a dialect that routes
    /// one file's events to several sources switches between their shards).
    void setTarget(model::BuilderShard &shard, EntityCache &entities)
    {
        m_shard = &shard;
        m_entities = &entities;
    }
    /// Added to every timestamp (a clock moved onto the trace's).
    void setClockOffset(model::TimeNs offset) { m_clockOffset = offset; }
    void countBadTime(std::uint64_t pos)
    {
        if (!m_badTs++)
            m_badTsPos = pos;
    }
    ArgsReader &argsReader() { return m_args; }

private:
    void handleMetadata(const RawEvent &e);
    void handleSlice(const RawEvent &e, model::TimeNs ts, std::uint64_t pos);
    void handleInstant(const RawEvent &e, model::TimeNs ts);
    void handleCounter(const RawEvent &e, model::TimeNs ts, std::uint64_t pos);
    void handleFlow(const RawEvent &e, model::TimeNs ts, std::uint64_t pos);
    void handleAsync(const RawEvent &e, model::TimeNs ts);
    void bindFlows(const RawEvent &e, model::LocalTrack t, model::TimeNs ts, model::StringId name);
    model::ArgsId storeArgs(std::string_view raw)
    {
        if (raw.empty() || raw == "{}")
            return model::kNoArgs;
        return m_shard->addArgs(m_minifier.minify(raw));
    }
    void countMissing(std::uint64_t pos)
    {
        if (!m_missing++)
            m_missingPos = pos;
    }

    std::string m_file;
    model::BuilderShard *m_shard = nullptr;
    EntityCache *m_entities = nullptr;
    EntityCache m_ownEntities;
    ArgsMinifier m_minifier;
    ArgsReader m_args;
    std::string m_scratch;
    std::vector<std::pair<std::string, double>> m_counterValues;
    model::StringId m_bindIdKey = model::kEmptyString;
    model::TimeNs m_clockOffset = 0;
    std::uint64_t m_skippedByPhase[128] = {};
    std::uint64_t m_firstSkipPos[128] = {};
    std::uint64_t m_badTs = 0, m_badTsPos = 0, m_missing = 0, m_missingPos = 0;
    std::uint64_t m_nonNumeric = 0, m_nonNumericPos = 0;
};

} // namespace accelscope::importers::json
