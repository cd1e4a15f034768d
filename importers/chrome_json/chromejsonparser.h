// Parses one chunk of the traceEvents array (text "[ev, ev, ...]" with simdjson padding)
// into a BuilderShard. One parser per worker thread; it is reused across chunks.
#pragma once

#include "model/tracebuilder.h"

#include <memory>
#include <string>
#include <vector>

namespace accelscope::importers::chrome {

struct ChunkStats {
    std::uint64_t events = 0;
};

class ChunkParserImpl {
public:
    virtual ~ChunkParserImpl() = default;
    virtual model::BuilderShard parse(const char *text, std::size_t len, std::uint64_t fileOffset,
                                      ChunkStats &stats) = 0;
};

class ChunkParser {
public:
    ChunkParser(std::uint32_t source, std::string file);
    ~ChunkParser();

    /// `text` holds `len` bytes of "[...]" followed by at least 64 readable padding bytes.
    /// `fileOffset` is the input offset of text[1], for diagnostics.
    model::BuilderShard parse(const char *text, std::size_t len, std::uint64_t fileOffset, ChunkStats &stats)
    {
        return m_impl->parse(text, len, fileOffset, stats);
    }
    /// "avx2" or "generic": which compiled copy runs on this CPU.
    static const char *implementationName();

private:
    std::unique_ptr<ChunkParserImpl> m_impl;
};

/// Splits "[ev, ev, ...]" text into the byte ranges of its top-level elements (scalar
/// scan; used on the slow path when a chunk does not parse as a whole).
std::vector<std::pair<std::size_t, std::size_t>> splitArrayElements(const char *text, std::size_t len);

} // namespace accelscope::importers::chrome
