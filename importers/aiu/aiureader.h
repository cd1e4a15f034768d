// The AIU front end: raw JSON events of one file -> AiuEvents. The file's event list is cut
// into single events by a string-aware bracket scanner, so a broken event costs only itself and a
// truncated file keeps every complete event; each event is then parsed with simdjson.
#pragma once

#include "aiuevent.h"
#include "model/diagnostics.h"

#include <string>
#include <string_view>

namespace accelscope::importers::aiu {

enum class AiuDialect : std::uint8_t { Flex, Torch };

struct AiuFileRead {
    std::vector<AiuEvent> events; ///< in file order, phases B/E/X/i/C (M events are not kept)
    AiuDialect dialect = AiuDialect::Flex;
    std::int32_t rank = -1;       ///< distributedInfo.rank, -1 = not given
    bool processedByAcelyzer = false; ///< otherData.Application names acelyzer
    bool truncated = false;
    std::string fatal;            ///< non-empty: the file is not an event list at all
    std::uint64_t fatalOffset = 0;
};

/// Parses a number given as JSON text of a string ("0x1f", "31") or digits. Returns false when
/// the text is not a non-negative integer that fits 64 bits.
bool parseStampText(std::string_view text, std::uint64_t &out);

/// Reads the events of one file. `text` must stay readable for simdjson::SIMDJSON_PADDING bytes
/// past its end. Problems go to `diags` under `path`.
AiuFileRead readAiuEvents(std::string_view text, const std::string &path, std::uint32_t source, AiuStrings &strings,
                          model::DiagnosticSink &diags);

/// True when the text looks like an AIU trace (Flex device events, Flex host names, or the
/// torch-spyre profiler): used by the probe on the first 64 KiB.
int aiuContentScore(std::string_view head);

} // namespace accelscope::importers::aiu
