#pragma once

#include "importers/importer.h"

namespace accelscope::importers::chrome {

/// Chrome Trace Event Format (array and object forms; PyTorch/Kineto; plain, gzip, zstd).
/// Reading, chunking, parallel parsing and the ordered merge are the shared JSON event
/// pipeline's (importers/common/jsonpipeline.h); this importer supplies what the events mean
/// (chromejsonevents.h) and keeps the object's other members as source metadata. Memory stays
/// bounded by a few chunks, whatever the file size.
class ChromeJsonImporter final : public Importer {
public:
    std::string_view name() const override { return "chrome-json"; }
    std::string_view displayName() const override { return "Chrome Trace Event JSON"; }
    Confidence probe(const Source &src) const override;
    model::Status import(const Source &src, model::TraceBuilder &builder, ImportContext &ctx) override;

    /// Chunk size used to cut the event array (tests make it small to exercise boundaries).
    std::size_t chunkBytes = 1u << 20; // small chunks stay in cache and keep RSS low (docs/benchmarks.md)
    unsigned workerThreads = 0; ///< 0 = one per core
    /// JSON events parsed by the last import() (for benchmarks and progress text).
    std::uint64_t lastEventCount = 0;
};

} // namespace accelscope::importers::chrome
