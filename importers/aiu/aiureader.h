// The AIU front end: raw JSON events of one file -> AiuEvents. The file is read through the
// shared JSON event pipeline (importers/common/jsonpipeline.h: decompression, chunking, parallel
// parsing, damage as diagnostics); this front end is its AIU dialect, which turns each event
// into a compact AiuEvent. AIU processing needs every event of a file before it starts, so the
// events are collected per chunk and put back into file order when the pipeline is done.
#pragma once

#include "aiuevent.h"
#include "importers/importer.h"
#include "model/tracebuilder.h"

#include <filesystem>
#include <functional>
#include <string_view>

namespace accelscope::importers::aiu {

enum class AiuDialect : std::uint8_t { Flex, Torch };

struct AiuFileRead {
    std::vector<AiuEvent> events; ///< in file order, phases B/E/X/i/C (M events are not kept)
    AiuDialect dialect = AiuDialect::Flex;
    std::int32_t rank = -1;       ///< distributedInfo.rank, -1 = not given
    bool processedByAcelyzer = false; ///< otherData names acelyzer
};

/// Parses a number given as JSON text of a string ("0x1f", "31") or digits. Returns false when
/// the text is not a non-negative integer that fits 64 bits.
bool parseStampText(std::string_view text, std::uint64_t &out);

/// Reads the events of one file (plain, gzip or zstd) into `out`; `fileIndex` is stored in each
/// event's `source`. Damage goes to `builder`'s diagnostics under the file's path; no events or
/// sources are added to `builder`. Returns ImportError when the file is not a JSON event list,
/// Canceled when `ctx` asked to stop. `progress` receives the fraction of the file read.
model::Status readAiuEvents(const std::filesystem::path &file, std::uint32_t fileIndex, AiuStrings &strings,
                            model::TraceBuilder &builder, const ImportContext &ctx,
                            std::function<void(double)> progress, AiuFileRead &out);

/// True when the text looks like an AIU trace (Flex device events, Flex host names, or the
/// torch-spyre profiler): used by the probe on the first 64 KiB.
int aiuContentScore(std::string_view head);

} // namespace accelscope::importers::aiu
