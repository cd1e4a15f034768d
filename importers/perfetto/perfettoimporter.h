#pragma once

#include "importers/importer.h"

namespace accelscope::importers::perfetto {

/// Perfetto protobuf traces (TrackEvent subset; plain, gzip or zstd, in-stream compressed
/// packets too). Streams the file packet by packet with a hand-written wire decoder (pass 1,
/// file order per sequence: interning, defaults, clocks; sequences spread over parser threads),
/// then converts clocks, sorts each track by time and pairs slices the way trace_processor does
/// (pass 2). See docs/perfetto.md.
class PerfettoImporter final : public Importer {
public:
    std::string_view name() const override { return "perfetto"; }
    std::string_view displayName() const override { return "Perfetto protobuf trace"; }
    Confidence probe(const Source &src) const override;
    model::Status import(const Source &src, model::TraceBuilder &builder, ImportContext &ctx) override;

    /// Read size; tests make it tiny to exercise packets split across reads.
    std::size_t chunkBytes = 8u << 20;
    /// Parser threads (sequences are spread over them); 0 = 2 on machines with 4 or more cores
    /// for inputs of 8 MiB and more, else 1. Tests force 2 and 3 to check that results do not
    /// depend on it.
    unsigned workerThreads = 0;
};

} // namespace accelscope::importers::perfetto
