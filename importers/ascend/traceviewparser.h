// Parses one chunk of a trace_view.json event array ("[ev, ev, ...]" with simdjson padding)
// into a BuilderShard with Ascend semantics (see traceview.h). One parser per worker thread.
#pragma once

#include "traceview.h"

#include <memory>
#include <string>

namespace accelscope::importers::ascend {

class TraceViewChunkParser {
public:
    TraceViewChunkParser(std::uint32_t source, std::string file, const TraceViewOptions &opts);
    ~TraceViewChunkParser();

    /// `text` holds `len` bytes of "[...]" followed by at least SIMDJSON_PADDING readable bytes;
    /// `fileOffset` is the input offset of text[1], for diagnostics.
    model::BuilderShard parse(const char *text, std::size_t len, std::uint64_t fileOffset);

    /// Accumulated over every chunk this parser saw.
    TraceViewSummary &summary();

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

/// The string value of member `key` in a JSON object text, or empty (a cheap scan for the
/// few members the importer needs without parsing the object).
std::string_view findStringMember(std::string_view object, std::string_view key);

} // namespace accelscope::importers::ascend
