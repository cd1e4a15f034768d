// Reads the top-level Trace message of an input stream packet by packet (never the whole
// message), expands compressed_packets in place, numbers the packets, and hands each to the
// parser that owns its sequence. With several parsers the parsers run on their own threads:
// packets of one trusted_packet_sequence_id always go to the same parser, in file order, so
// interning, defaults and incremental state stay per parser (see docs/perfetto.md).
#pragma once

#include "packetparser.h"

#include "importers/importer.h"
#include "importers/common/inputstream.h"

#include <map>
#include <string>
#include <vector>

namespace accelscope::importers::perfetto {

struct ReadResult {
    bool canceled = false;
    std::uint64_t containerPackets = 0; ///< compressed_packets wrappers (counted as packets too)
    std::vector<double> threadCpu;      ///< CPU seconds per parser thread (0 = the reading thread)
    /// Framing, truncation and decompression problems: (kind, detail) -> (count, first offset).
    std::map<std::pair<model::DiagKind, std::string>, std::pair<std::uint64_t, std::uint64_t>> problems;
};

/// Streams `in` into `parsers` (one thread each when there are several). `chunkBytes` is the
/// read size; `progress` gets the fraction of the compressed input consumed.
ReadResult readPackets(InputStream &in, const std::vector<PacketParser *> &parsers, std::size_t chunkBytes,
                       const ImportContext &ctx, double progressScale);

} // namespace accelscope::importers::perfetto
