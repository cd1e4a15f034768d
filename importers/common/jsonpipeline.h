// The JSON event-array pipeline shared by every Chrome-trace-like dialect (Chrome JSON / Kineto,
// Ascend trace_view.json, IBM AIU Flex, ...). A dialect supplies only what its events mean.
//
// What the pipeline does (runJsonEventPipeline):
//  1. Opens the input (plain, gzip or zstd: InputStream), skips a UTF-8 BOM and finds the event
//     array: the whole document when it is an array, else the value of `eventsMember` in the
//     top-level object. The object's other members (before and after the array) are handed to
//     Dialect::topLevelMember() as raw JSON text.
//  2. A reader thread decompresses and cuts the array into chunks of whole events
//     (EventSplitter, about `chunkBytes` each), without parsing them.
//  3. Worker threads (one per core by default) parse chunks with simdjson On-Demand (an AVX2
//     build where the CPU has it), extract the members of each event into a RawEvent and call
//     the dialect's EventHandler, which writes into one BuilderShard per chunk.
//  4. The calling thread merges the shards into the TraceBuilder in chunk order, so the builder
//     sees events in file order (B/E pairs, flows and "last metadata wins" rely on it).
//  5. Damage becomes diagnostics, not errors: a chunk that does not parse as a whole is parsed
//     again event by event, so one bad event costs only itself (MalformedEvent); invalid UTF-8
//     inside an event is replaced by U+FFFD and the event is kept (InvalidUtf8); whole events
//     before a truncation load and the rest is reported (TruncatedInput, DecompressionError).
//     Only "not a JSON event array" is an error (ImportError naming the file and offset).
//
// How a dialect plugs in:
//  - Derive from Dialect; makeHandler() creates one EventHandler per worker thread (called on
//    the calling thread before the workers start). Handlers are never shared between threads.
//  - EventHandler::beginChunk(shard) starts a chunk: everything the handler produces goes into
//    that shard (use the helpers in jsondialect.h: EntityCache, ArgsMinifier, ArgsReader).
//    handle(event, pos) is called per event in file order within the chunk; endChunk() ends it
//    (add the chunk's counted diagnostics to the shard there). A handler that routes events to
//    several sources writes the others into shards of its own and hands them over in
//    takeOtherShards(); they merge in chunk order with the chunk's shard.
//  - A chunk can be restarted: when an event further on turns out to be malformed, the
//    pipeline drops the shard and calls beginChunk() again with a fresh one, then replays the
//    chunk event by event. So a handler keeps whatever it accumulates besides the shard
//    (summaries, counters) chunk-local, resets it in beginChunk() and commits it in endChunk().
//  - Dialect::finish() runs on the calling thread after every shard is merged, with the
//    handlers (e.g. to merge per-worker summaries), only when the import was not canceled.
//
// What a handler may and may not do:
//  - May: read the RawEvent (its string_views are valid only during handle()), write to the
//    shard of the current chunk, keep per-worker caches, read immutable shared data (a side
//    table loaded before the import).
//  - May not: touch the TraceBuilder or another handler's state (no locking exists), keep
//    pointers into a RawEvent after handle() returns, or block (a handler holds up a core).
//    Positions passed to handle() are byte offsets in the decompressed input: use them in
//    diagnostics.
//
// A dialect of the Chrome trace family derives its handler from json::ChromePhaseHandler
// (chromephases.h: every phase once, with hooks for what the dialect changes), as
// chrome_json/chromejsonevents.cpp, ascend/traceviewparser.cpp and ascend/msprofviews.cpp do.
// A minimal dialect from scratch:
//
//   class MyHandler final : public json::EventHandler {
//       void beginChunk(BuilderShard &s) override { m_shard = &s; m_entities.reset(s); m_bad = 0; }
//       void handle(const json::RawEvent &e, std::uint64_t pos) override
//       {
//           TimeNs ts;
//           if (e.ph != 'X' || !parseMicrosToNs(e.tsText, ts)) { if (!m_bad++) m_badPos = pos; return; }
//           ...m_shard->addSlice(m_entities.thread(e), ts, dur, m_shard->intern(e.name), ...);
//       }
//       void endChunk(BuilderShard &s) override { s.diagnostics().add(DiagKind::BadTimestamp, m_file, m_badPos, {}, m_bad); }
//   };
//   class MyDialect final : public json::Dialect {
//       std::unique_ptr<json::EventHandler> makeHandler() override { return std::make_unique<MyHandler>(); }
//   };
//   MyDialect dialect;
//   return json::runJsonEventPipeline(path, sourceIndex, builder, ctx, dialect, json::PipelineOptions{});
#pragma once

#include "importers/importer.h"
#include "model/tracebuilder.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::importers::json {

/// A member of an event object that RawEvent has no field for, as JSON text: the key as
/// written between the quotes (escapes not decoded) and the value's raw text (whitespace inside
/// objects and arrays kept; a string with its quotes).
struct RawMember {
    std::string_view key;
    std::string_view json;
};

/// The members of one event the pipeline extracts, in one pass over the object (member order
/// is free; a repeated member: the last wins). Texts are views into the chunk or into the
/// parser's string buffer, valid during EventHandler::handle() only. Members not listed here
/// are skipped, unless PipelineOptions::collectOtherMembers asks for them (otherMembers).
struct RawEvent {
    char ph = 0;                 ///< first byte of "ph" ('?' when empty, 0 when absent)
    std::string_view name;       ///< string, or the raw token of another scalar
    std::string_view cat;        ///< likewise
    std::string_view tsText;     ///< number token or string contents, see tsIsString
    std::string_view durText;    ///< number token or string contents
    std::string_view bp, scope;  ///< "bp" and "s"
    std::string_view id;         ///< "id" (or the value of "id2":{"local"|"global": ...})
    std::string_view bindId;     ///< "bind_id" (Kineto flow binding)
    std::string_view pidStr, tidStr; ///< when pid/tid are strings that are not integers
    std::string_view args;       ///< raw JSON text of the "args" object ("" when absent or not an object)
    std::string_view attr;       ///< likewise for "attr" (IBM AIU Flex device events keep their stamps there)
    /// Members not listed above, in file order; empty unless PipelineOptions::collectOtherMembers.
    const RawMember *otherMembers = nullptr;
    std::size_t otherMemberCount = 0;
    std::int64_t pid = 0, tid = 0;
    bool hasName = false, hasCat = false, hasTs = false, hasDur = false, hasId = false, hasBindId = false;
    bool hasPid = false, hasTid = false;
    bool pidIsString = false, tidIsString = false;
    /// The number is above INT64_MAX (AIU Flex stream tids): pid/tid hold its 64 bits, read
    /// them as static_cast<std::uint64_t>(tid).
    bool pidIsUnsigned = false, tidIsUnsigned = false;
    bool tsIsString = false, durIsString = false;
    bool flowIn = false, flowOut = false; ///< "flow_in" / "flow_out"
};

/// A dialect's event handling for one worker thread (see the file comment for the contract).
class EventHandler {
public:
    virtual ~EventHandler() = default;
    /// Starts (or restarts) a chunk: events go into `shard` until endChunk().
    virtual void beginChunk(model::BuilderShard &shard) = 0;
    /// One event; `pos` is the byte offset of the event in the decompressed input.
    virtual void handle(const RawEvent &event, std::uint64_t pos) = 0;
    /// The chunk is complete; add its counted diagnostics to `shard` here.
    virtual void endChunk(model::BuilderShard &shard) = 0;
    /// After endChunk(): shards of other sources the chunk wrote (a dialect whose files hold the
    /// events of several sources, e.g. several devices), moved into `out`. They are merged right
    /// after the chunk's own shard, in this order. A restarted chunk drops them in beginChunk().
    virtual void takeOtherShards(std::vector<model::BuilderShard> &out) { (void)out; }
};

class Dialect {
public:
    virtual ~Dialect() = default;
    /// One handler per worker thread, created before the workers start.
    virtual std::unique_ptr<EventHandler> makeHandler() = 0;
    /// A member of the top-level object other than the event array: its key as written
    /// between the quotes (escapes are not decoded) and its value as compact JSON. Called on
    /// the calling thread: header members before any event is merged, trailer members after
    /// all are.
    virtual void topLevelMember(std::string_view key, std::string_view rawJson)
    {
        (void)key;
        (void)rawJson;
    }
    /// After every shard is merged (not called on cancel or error).
    virtual void finish(std::vector<std::unique_ptr<EventHandler>> &handlers) { (void)handlers; }
};

struct PipelineOptions {
    std::size_t chunkBytes = 1u << 20; ///< small chunks stay in cache and keep RSS low
    unsigned threads = 0;              ///< parse workers; 0: one per core
    std::string eventsMember = "traceEvents"; ///< the array member in the object form
    /// Hand the event members RawEvent has no field for to the handler (RawEvent::otherMembers);
    /// off by default, as most dialects skip them.
    bool collectOtherMembers = false;
    /// Fraction of the (compressed) input read, 0..1; called from the reader thread.
    std::function<void(double)> progress;
};

struct PipelineResult {
    std::uint64_t events = 0; ///< events handed to handlers
    bool objectForm = false;  ///< the document is an object holding the array
    bool arrayClosed = false; ///< the array's ']' was seen (not truncated)
};

/// Reads `file`'s event array into `builder` under source `source` through `dialect`.
/// Returns ImportError for input that is not a JSON event array, Canceled when `ctx` asked to
/// stop, Ok otherwise (damage is in the builder's diagnostics).
model::Status runJsonEventPipeline(const std::filesystem::path &file, std::uint32_t source,
                                   model::TraceBuilder &builder, const ImportContext &ctx, Dialect &dialect,
                                   const PipelineOptions &options, PipelineResult *result = nullptr);

/// "avx2" or "generic": which compiled copy of the chunk parser runs on this CPU.
const char *chunkParserImplementation();

} // namespace accelscope::importers::json
