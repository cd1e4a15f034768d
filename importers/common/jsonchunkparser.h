// Parses one chunk of an event array (text "[ev, ev, ...]" followed by simdjson padding) and
// feeds its events to a dialect's EventHandler. Internal to the JSON pipeline; compiled twice
// (jsonchunkparser_generic.cpp, jsonchunkparser_avx2.cpp) because simdjson On-Demand is inlined
// for the instruction set of the translation unit. One parser per worker thread.
#pragma once

#include "eventsplitter.h"
#include "jsonpipeline.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace accelscope::importers::json {

class ChunkParserImpl {
public:
    virtual ~ChunkParserImpl() = default;
    /// `text` holds `len` bytes of "[...]" followed by at least SIMDJSON_PADDING readable
    /// bytes; `fileOffset` is the input offset of text[1]. Adds the parsed event count to
    /// `events`. `checkDepth`: some event may nest deeper than the limit (EventSplitter::tooDeep),
    /// so events are parsed one by one and those too deep are skipped as malformed.
    virtual model::BuilderShard parse(const char *text, std::size_t len, std::uint64_t fileOffset,
                                      EventHandler &handler, std::uint64_t &events, bool checkDepth) = 0;
};

class ChunkParser {
public:
    /// `collectOtherMembers`: see PipelineOptions. `maxDepth`: levels of nesting an event may
    /// have (the event object is level 1; 0: no limit), enforced on chunks parsed with checkDepth.
    ChunkParser(std::uint32_t source, std::string file, bool collectOtherMembers = false, std::uint32_t maxDepth = 0);
    ~ChunkParser();
    model::BuilderShard parse(const char *text, std::size_t len, std::uint64_t fileOffset, EventHandler &handler,
                              std::uint64_t &events, bool checkDepth = false)
    {
        return m_impl->parse(text, len, fileOffset, handler, events, checkDepth);
    }

private:
    std::unique_ptr<ChunkParserImpl> m_impl;
};

/// The byte-level scans of the JSON pipeline, in the copy compiled for this CPU.
struct JsonKernels {
    /// EventSplitter::scan (see there).
    std::size_t (*scanEvents)(EventSplitter::State &state, const char *data, std::size_t n);
    /// Copies valid JSON `json` to `out` without the whitespace outside strings; returns the
    /// length written. Reads up to 15 bytes past the end of `json`; `out` has room for
    /// json.size() + 64 bytes.
    std::size_t (*minify)(const char *json, std::size_t n, char *out);
};
const JsonKernels &jsonKernels();

/// The byte ranges of the top-level elements of "[ev, ev, ...]" (scalar scan; the slow path
/// when a chunk does not parse as a whole).
std::vector<std::pair<std::size_t, std::size_t>> splitArrayElements(const char *text, std::size_t len);

/// Deepest nesting of objects and arrays in one JSON value (a scalar: 0, "{}": 1), strings skipped.
std::size_t nestingDepth(std::string_view json);

/// `text` with every byte that does not start a valid UTF-8 sequence replaced by U+FFFD.
std::string repairUtf8(std::string_view text);

} // namespace accelscope::importers::json
